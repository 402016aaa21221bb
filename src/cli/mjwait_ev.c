/* mjwait_ev.c - mjwait --ev: for each discard of a 14-tile hand, the
 * probability of tenpai and of a tsumo win by the last turn and the
 * expected value of the win (the library's mj_ev_solve, the model of
 * ../shared/vectors/mjev-model.md).  Text: one line a discard, best first
 * (expected score, then win probability); -v adds the values by turn;
 * --show draws the hand and marks the best discard.  JSON: one object a
 * line with every value by turn at full double precision.
 * With a threat on the line (riichi:W, river-w:, melds-w:), each discard
 * also gets its danger and expected loss and the discards are ranked by
 * the push-or-fold value (tilekit/mjdanger.h); with offer-w:T on a 13-tile
 * hand the line asks which call to make (mj_ev_calls). */
#include "cli/mjwait_ev.h"

#include "cli/cli.h"
#include "cli/cli_json.h"
#include "cli/mjwait_score.h"
#include "tilekit/mjdanger.h"
#include "tilekit/mjev.h"
#include "tilekit/mjfmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mode_ev, opt_verbose, opt_show;
static int set_turn, set_last, set_extra, set_back, set_teg, set_ura;
static int val_turn = 1, val_last = 18, val_extra = 1;
static double opt_seconds;
static size_t opt_max_states;

int mje_active(void) { return mode_ev; }

void mje_set_output(int verbose, int show)
{
    opt_verbose = verbose;
    opt_show = show;
}

static int num_arg(const char *name, const char *arg, int lo, int hi)
{
    char opt[32];
    snprintf(opt, sizeof opt, "--%s", name);
    return (int)cli_parse_long(opt, arg, lo, hi);
}

int mje_option(int c, const char *arg)
{
    switch (c) {
    case MJE_O_EV: mode_ev = 1; return 1;
    case MJE_O_TURN: val_turn = num_arg("ev-turn", arg, 1, 18); set_turn = 1; return 1;
    case MJE_O_LAST: val_last = num_arg("ev-last", arg, 1, 18); set_last = 1; return 1;
    case MJE_O_EXTRA: val_extra = num_arg("ev-extra", arg, 0, 14); set_extra = 1; return 1;
    case MJE_O_NO_BACK: set_back = 1; return 1;
    case MJE_O_NO_TEGAWARI: set_teg = 1; return 1;
    case MJE_O_NO_URA_EV: set_ura = 1; return 1;
    case MJE_O_SECONDS:
        opt_seconds = cli_parse_real("--seconds", arg, 0, 1, 1e6);
        return 1;
    case MJE_O_MAX_STATES:
        opt_max_states = (size_t)num_arg("max-states", arg, 1000, 500000000);
        return 1;
    default:
        return 0;
    }
}

const char *mje_help(void)
{
    return "Expected value (context words on a line override these defaults):\n"
           "      --ev         for each discard of a 14-tile hand: tenpai and tsumo-win probability\n"
           "                   by the last turn and the expected win value (mahjong-cpp's model)\n"
           "      --ev-turn N  first turn (word turn:N, default 1)\n"
           "      --ev-last N  last turn, at most 18 (last:N, default 18)\n"
           "      --ev-extra N exchange budget for tegawari and shanten back (extra:N, default 1)\n"
           "      --no-back, --no-tegawari, --no-ura-ev, --no-red\n"
           "                   switch off shanten back, tegawari, the ura-dora expectation, red fives\n"
           "                   (back:off tegawari:off ura-ev:off red:off)\n"
           "      --seconds S  time limit a hand: a hand not done in time is reported as cut\n"
           "      --max-states N  state limit a hand (default 2,000,000, about 0.4 GB)\n"
           "                   On the line: riichi:W river-w:TILES melds-w:[...] safe-w:TILES describe the\n"
           "                   table: each discard gets its danger and the push-or-fold value; with\n"
           "                   offer-w:T (a 13-tile hand) the calls on T are valued (man mjwait: DEFENCE)\n";
}

static void defaults(mj_ev_config *c)
{
    mj_ev_config_init(c);
    if (set_turn) c->t_min = val_turn;
    if (set_last) c->t_max = val_last;
    if (set_extra) c->extra = val_extra;
    if (set_back) c->back = 0;
    if (set_teg) c->tegawari = 0;
    if (set_ura) c->ura = 0;
    if (mjs_defaults()->rules & MJ_RULE_NO_AKA) c->red = 0;
    c->seconds = opt_seconds;
    c->max_nodes = opt_max_states;
}

void mje_free(void *solver) { mj_ev_destroy(solver); }

void mje_config(mj_ev_config *c) { defaults(c); }

/* ---- output ---- */

static void jnum(cli_json *j, double v)
{
    char t[40];
    snprintf(t, sizeof t, "%.17g", v);
    cli_json_raw(j, t);
}

static void jvals(cli_json *j, const char *key, const double *v, int n)
{
    cli_json_key(j, key);
    cli_json_array(j);
    for (int i = 0; i < n; i++)
        jnum(j, v[i]);
    cli_json_close(j);
}

static const char WIND[] = "ESWN";

/* The first keys of every object: file, line, hand. */
static void json_head(cli_json *j, cli_buf *b, const char *file, long lineno, const char *line)
{
    cli_json_begin(j, b);
    cli_json_kstr(j, "file", file);
    cli_json_kint(j, "line", lineno);
    cli_json_kstr(j, "hand", line);
}


static void json_threats(cli_json *j, const mj_pushfold *pf, const mj_danger *dg)
{
    char nm[2] = { 0, 0 };
    cli_json_key(j, "threats");
    cli_json_array(j);
    for (int s = 0; s < 4; s++)
        if (pf->threats >> s & 1) {
            cli_json_object(j);
            nm[0] = WIND[s];
            cli_json_kstr(j, "seat", nm);
            cli_json_kstr(j, "threat", dg[s].threat == MJ_THREAT_RIICHI ? "riichi" : "open");
            cli_json_key(j, "tenpai");
            jnum(j, dg[s].tenpai);
            cli_json_key(j, "value");
            jnum(j, dg[s].value);
            cli_json_close(j);
        }
    cli_json_close(j);
}

static void json_pushfold(cli_json *j, const mj_pushfold *pf, int i)
{
    char nm[2] = { 0, 0 };
    cli_json_key(j, "ev");
    jnum(j, pf->ev[i]);
    cli_json_key(j, "deal");
    jnum(j, pf->deal[i]);
    cli_json_key(j, "loss");
    jnum(j, pf->loss[i]);
    cli_json_key(j, "danger");
    cli_json_object(j);
    for (int s = 0; s < 4; s++)
        if (pf->threats >> s & 1) {
            nm[0] = WIND[s];
            cli_json_key(j, nm);
            jnum(j, pf->deal_seat[i][s]);
        }
    cli_json_close(j);
}

static void json_out(cli_buf *b, const char *file, long lineno, const char *line, const mj_ev_result *r,
                     const mj_pushfold *pf, const mj_danger *dg)
{
    cli_json j;
    char nm[3];
    json_head(&j, b, file, lineno, line);
    cli_json_kint(&j, "shanten", r->shanten);
    cli_json_kint(&j, "wall", r->wall);
    cli_json_kint(&j, "turn", r->t_min);
    cli_json_kint(&j, "last", r->t_min + r->n_turns - 1);
    cli_json_kint(&j, "states", (long long)(r->draw_nodes + r->discard_nodes));
    if (pf->threats)
        json_threats(&j, pf, dg);
    cli_json_key(&j, "discards");
    cli_json_array(&j);
    for (int i = 0; i < r->n_discards; i++) {
        const mj_ev_discard *d = &r->discards[i];
        cli_json_object(&j);
        mj_ev_kind_name(d->kind, nm);
        cli_json_kstr(&j, "tile", nm);
        cli_json_kint(&j, "shanten", d->shanten);
        cli_json_key(&j, "necessary");
        cli_json_array(&j);
        for (int t = 0; t < MJ_TILES; t++)
            if (d->necessary >> t & 1) {
                mj_tile_name(t, nm);
                cli_json_array(&j);
                cli_json_str(&j, nm);
                cli_json_int(&j, r->unseen[t]);
                cli_json_close(&j);
            }
        cli_json_close(&j);
        jvals(&j, "tenpai", d->tenpai, r->n_turns);
        jvals(&j, "win", d->win, r->n_turns);
        jvals(&j, "score", d->score, r->n_turns);
        if (pf->threats)
            json_pushfold(&j, pf, i);
        cli_json_close(&j);
    }
    cli_json_close(&j);
    cli_json_end(&j);
}

/* Discard order, best first: expected score (with threats: the push-or-fold
 * value), then win probability, then kind. */
static void rank(const mj_ev_result *r, const mj_pushfold *pf, int *ord)
{
    for (int i = 0; i < r->n_discards; i++)
        ord[i] = i;
    for (int i = 1; i < r->n_discards; i++) {
        int x = ord[i], k = i;
        const mj_ev_discard *a = &r->discards[x];
        while (k > 0) {
            const mj_ev_discard *b = &r->discards[ord[k - 1]];
            double va = pf->threats ? pf->ev[x] : a->score[0], vb = pf->threats ? pf->ev[ord[k - 1]] : b->score[0];
            int better = va > vb || (va == vb && a->win[0] > b->win[0]);
            if (!better)
                break;
            ord[k] = ord[k - 1];
            k--;
        }
        ord[k] = x;
    }
}

/* "  TILES [MELD]" with the best discard underlined by a marker line. */
static void show(cli_buf *b, const mj_hand *h, int best_kind)
{
    int plain = best_kind >= MJ_TILES ? (best_kind - MJ_TILES) * 9 + 4 : best_kind;
    cli_buf mark = { 0 };
    int suit = -1, marked = 0;
    cli_buf_puts(b, "  ");
    cli_buf_puts(&mark, "  ");
    for (int t = 0; t < MJ_TILES; t++)
        for (int k = 0; k < h->count[t]; k++) {
            if (suit >= 0 && t / 9 != suit && k == 0) {
                cli_buf_putc(b, ' ');
                cli_buf_putc(&mark, ' ');
            }
            suit = t / 9;
            mjf_tile(b, t, 1);
            /* tiles are two columns wide on a terminal */
            cli_buf_puts(&mark, t == plain && !marked ? "^ " : "  ");
            marked |= t == plain;
        }
    for (int i = 0; i < h->n_melds; i++) {
        const mj_meld *m = &h->melds[i];
        cli_buf_puts(b, m->type == MJ_ANKAN ? " (" : " [");
        for (int k = 0; k < (m->type == MJ_CHI || m->type == MJ_PON ? 3 : 4); k++)
            mjf_tile(b, m->type == MJ_CHI ? m->tile + k : m->tile, 1);
        cli_buf_putc(b, m->type == MJ_ANKAN ? ')' : ']');
    }
    cli_buf_putc(b, '\n');
    while (mark.len && mark.p[mark.len - 1] == ' ')
        mark.len--;
    cli_buf_put(b, mark.p, mark.len);
    cli_buf_puts(b, " best discard\n");
    cli_buf_free(&mark);
}

static void text_threats(cli_buf *b, const mj_pushfold *pf, const mj_danger *dg)
{
    cli_buf_puts(b, "  threats:");
    for (int s = 0; s < 4; s++)
        if (pf->threats >> s & 1)
            cli_buf_printf(b, " %c %s (tenpai %.0f%%, hand %.0f)", WIND[s],
                           dg[s].threat == MJ_THREAT_RIICHI ? "riichi" : "open", 100 * dg[s].tenpai, dg[s].value);
    cli_buf_putc(b, '\n');
    if (!opt_verbose)
        return;
    for (int s = 0; s < 4; s++)   /* -v: every tile that can deal in, in percent */
        if (pf->threats >> s & 1) {
            cli_buf_printf(b, "  danger %c:", WIND[s]);
            for (int x = 0; x < MJ_TILES; x++)
                if (!(dg[s].zero >> x & 1)) {
                    char nm[3];
                    mj_tile_name(x, nm);
                    cli_buf_printf(b, " %s %.1f", nm, 100 * dg[s].deal[x]);
                }
            cli_buf_putc(b, '\n');
        }
}

static void text_pushfold(cli_buf *b, const mj_pushfold *pf, int i)
{
    cli_buf_printf(b, "  ev %9.1f  deal %5.1f%%  loss %6.0f (", pf->ev[i], 100 * pf->deal[i], pf->loss[i]);
    int first = 1;
    for (int s = 0; s < 4; s++)
        if (pf->threats >> s & 1) {
            cli_buf_printf(b, "%s%c %.1f%%", first ? "" : " ", WIND[s], 100 * pf->deal_seat[i][s]);
            first = 0;
        }
    cli_buf_puts(b, ")");
}

static void text_out(cli_buf *b, const char *line, const mj_hand *h, const mj_ev_result *r, const mj_pushfold *pf,
                     const mj_danger *dg)
{
    int ord[14];
    char nm[3];
    int last = r->t_min + r->n_turns - 1;
    rank(r, pf, ord);
    cli_buf_printf(b, "%s: shanten %d, %d unseen, turns %d-%d, %zu states\n", line, r->shanten, r->wall, r->t_min,
                   last, r->draw_nodes + r->discard_nodes);
    if (pf->threats)
        text_threats(b, pf, dg);
    if (opt_show && r->n_discards)
        show(b, h, r->discards[ord[0]].kind);
    for (int i = 0; i < r->n_discards; i++) {
        const mj_ev_discard *d = &r->discards[ord[i]];
        mj_ev_kind_name(d->kind, nm);
        int tot = 0, kinds = 0;
        for (int t = 0; t < MJ_TILES; t++)
            if (d->necessary >> t & 1) {
                tot += r->unseen[t];
                kinds++;
            }
        cli_buf_printf(b, "  %s  score %9.1f  win %6.2f%%  tenpai %6.2f%%  shanten %d  need %d (%d kind%s):", nm,
                       d->score[0], 100 * d->win[0], 100 * d->tenpai[0], d->shanten, tot, kinds, kinds == 1 ? "" : "s");
        for (int t = 0; t < MJ_TILES; t++)
            if (d->necessary >> t & 1) {
                mj_tile_name(t, nm);
                cli_buf_printf(b, " %s:%d", nm, r->unseen[t]);
            }
        if (pf->threats)
            text_pushfold(b, pf, ord[i]);
        cli_buf_putc(b, '\n');
        if (opt_verbose)
            for (int k = 0; k < r->n_turns; k++)
                cli_buf_printf(b, "      turn %2d: score %9.1f  win %6.2f%%  tenpai %6.2f%%\n", r->t_min + k,
                               d->score[k], 100 * d->win[k], 100 * d->tenpai[k]);
    }
}

/* ---- calls ---- */
static void call_own(char *out, size_t cap, const mj_ev_call *c)
{
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < c->n_own && n + 3 < cap; i++) {
        char nm[3];
        mj_tile_name(c->own[i], nm);
        out[n++] = nm[0];
        if (i == c->n_own - 1)
            out[n++] = nm[1];
    }
    out[n] = 0;
}

static void calls_text(cli_buf *b, const char *line, const mj_ev_callset *cs, int tile, int seat, int left)
{
    char nm[3], own[8];
    mj_tile_name(tile, nm);
    cli_buf_printf(b, "%s: %s from %c%s, best %s\n", line, nm, WIND[seat], left ? " (left)" : "",
                   mj_call_name(cs->calls[cs->best].kind));
    for (int i = 0; i < cs->n; i++) {
        const mj_ev_call *c = &cs->calls[i];
        call_own(own, sizeof own, c);
        char cut[8] = "";
        if (c->discard != MJ_EV_NO_DISCARD) {
            mj_ev_kind_name(c->discard, nm);
            snprintf(cut, sizeof cut, "cut %s", nm);
        }
        cli_buf_printf(b, "  %-4s %-5s %-6s score %9.1f  win %6.2f%%  tenpai %6.2f%%", mj_call_name(c->kind), own, cut,
                       c->score, 100 * c->win, 100 * c->tenpai);
        if (c->kind != MJ_CALL_RON)
            cli_buf_printf(b, "  shanten %d", c->shanten);
        cli_buf_putc(b, '\n');
    }
}

static void calls_json(cli_buf *b, const char *file, long lineno, const char *line, const mj_ev_callset *cs, int tile,
                       int seat)
{
    cli_json j;
    char nm[3];
    json_head(&j, b, file, lineno, line);
    mj_tile_name(tile, nm);
    cli_json_kstr(&j, "offer", nm);
    nm[0] = WIND[seat];
    nm[1] = 0;
    cli_json_kstr(&j, "from", nm);
    cli_json_kstr(&j, "best", mj_call_name(cs->calls[cs->best].kind));
    cli_json_key(&j, "calls");
    cli_json_array(&j);
    for (int i = 0; i < cs->n; i++) {
        const mj_ev_call *c = &cs->calls[i];
        cli_json_object(&j);
        cli_json_kstr(&j, "call", mj_call_name(c->kind));
        cli_json_key(&j, "own");
        cli_json_array(&j);
        for (int k = 0; k < c->n_own; k++) {
            mj_tile_name(c->own[k], nm);
            cli_json_str(&j, nm);
        }
        cli_json_close(&j);
        if (c->discard != MJ_EV_NO_DISCARD) {
            mj_ev_kind_name(c->discard, nm);
            cli_json_kstr(&j, "discard", nm);
        }
        if (c->kind != MJ_CALL_RON)
            cli_json_kint(&j, "shanten", c->shanten);
        cli_json_key(&j, "score");
        jnum(&j, c->score);
        cli_json_key(&j, "win");
        jnum(&j, c->win);
        cli_json_key(&j, "tenpai");
        jnum(&j, c->tenpai);
        cli_json_close(&j);
    }
    cli_json_close(&j);
    cli_json_end(&j);
}

/* My hand is furiten when my river holds one of its waits. */
static unsigned furiten_of(mj_ctx *ctx, const mj_hand *h, const mj_table *t)
{
    uint64_t waits = mj_waits(ctx, h, NULL), river = 0;
    const mj_table_seat *me = &t->seat[t->me];
    for (int i = 0; i < me->n_river; i++)
        river |= (uint64_t)1 << me->river[i].tile;
    return waits & river ? MJ_CALL_FURITEN : 0;
}

static void error_json(cli_buf *out, const char *file, long lineno, const char *line, const char *msg, int cut)
{
    cli_json j;
    json_head(&j, out, file, lineno, line);
    cli_json_kstr(&j, "error", msg);
    if (cut) {
        cli_json_kbool(&j, "cut", 1);
    }
    cli_json_end(&j);
}

int mje_line(mj_ctx *ctx, void **solver, cli_buf *out, const char *file, long lineno, const char *line,
             size_t len, int json, long col0, char *msg, size_t msgcap)
{
    mj_hand h;
    mj_winctx w = *mjs_defaults();
    mj_ev_config cfg;
    mj_ev_result res;
    mj_table t;
    mj_ev_callset cs;
    int offer, offer_red, seat;
    tk_error err = { 0 };
    defaults(&cfg);
    int rc = mj_ev_parse_table_line(line, len, &h, &w, &cfg, &t, &offer, &offer_red, &seat, &err);
    if (rc == 0 && !*solver)
        rc = mj_ev_create((mj_ev **)solver, &err);
    if (rc == 0 && offer >= 0) {
        int left = seat == (t.me + 3) % 4;
        rc = mj_ev_calls(*solver, ctx, &h, &w, &cfg, offer, offer_red,
                         (left ? MJ_CALL_FROM_LEFT : 0) | furiten_of(ctx, &h, &t), &cs, &err);
        if (rc == 0) {
            if (json)
                calls_json(out, file, lineno, line, &cs, offer, seat);
            else
                calls_text(out, line, &cs, offer, seat, left);
            return 0;
        }
    } else if (rc == 0) {
        rc = mj_ev_solve(*solver, ctx, &h, &w, &cfg, &res, &err);
    }
    if (rc != 0) {
        if (err.col > 0)
            snprintf(msg, msgcap, "column %ld: %s", err.col + col0, err.msg);
        else
            snprintf(msg, msgcap, "%s", err.msg);
        if (json)
            error_json(out, file, lineno, line, msg, rc == TK_ELIMIT);
        return 1;
    }
    mj_pushfold pf;
    static _Thread_local mj_danger dg[4];
    mj_pushfold_eval(&res, &t, mj_danger_default_model(), dg, &pf);
    if (json)
        json_out(out, file, lineno, line, &res, &pf, dg);
    else
        text_out(out, line, &h, &res, &pf, dg);
    return 0;
}
