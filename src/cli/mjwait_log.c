/* mjwait_log.c - mjwait --log FILE...: the review of real games, printed.
 *
 * Each file is one record of the batch engine (CLI_BATCH_COUNT: record i =
 * file i), read whole, parsed by the library (mj_log_parse: both formats)
 * and reviewed by it (mj_review_log, tilekit/mjreview.h: every discard
 * judged, every win scored beside the log's value, the summaries).  This
 * file only turns the review's records into text (one line per decision,
 * only those that gave something up unless -v) or one JSON object per
 * record, per file in input order whatever --jobs. */
#include "cli/mjwait_log.h"
#include "cli/cli_json.h"
#include "cli/mjwait_ev.h"
#include "cli/mjwait_score.h"
#include "cli/mjwait_show.h"
#include "tilekit/mjreview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int opt_log, opt_player_seat = -1, opt_ev;
static const char *opt_player;
static int opt_json, opt_verbose;

int mjl_option(int c, const char *arg)
{
    switch (c) {
    case MJL_O_LOG: opt_log = 1; return 1;
    case MJL_O_PLAYER:
        opt_player = arg;
        if (arg[0] >= '0' && arg[0] <= '3' && arg[1] == 0)
            opt_player_seat = arg[0] - '0';
        return 1;
    default: return 0;
    }
}

int mjl_active(void)
{
    return opt_log;
}

int mjl_player(void)
{
    return opt_player != NULL;
}

const char *mjl_help(void)
{
    return "Game records (--log):\n"
           "      --log        the FILEs are Tenhou game records (.mjlog XML, decompressed,\n"
           "                   or tenhou.net/6 JSON): every discard of every round with\n"
           "                   its shanten and ukeire beside the best discard's, calls,\n"
           "                   riichi, every win scored beside the log's own value, and\n"
           "                   a summary per player and per game (-v: every discard,\n"
           "                   not only those that gave something up; --ev: each\n"
           "                   discard's expected value too)\n"
           "      --player P   only seat P (0-3) or the player named P\n";
}

/* ---- printing one review ---- */

typedef struct printer {
    const mj_review *rv;
    const char *file;
    cli_buf *out;
} printer;

static const char WIND[4] = { 'E', 'S', 'W', 'N' };

static void tile_text(int t, int red, char out[3])
{
    mj_tile_name(t, out);
    if (red)
        out[0] = '0';
}

static const char *seat_name(const printer *p, int s)
{
    return p->rv->log->names[s][0] ? p->rv->log->names[s] : "-";
}

static void json_start(const printer *p, cli_json *j, const char *type, const mj_review_record *rec)
{
    const mj_log_round *rd = &p->rv->log->rounds[rec->round];
    char k[8];
    snprintf(k, sizeof k, "%c%d", WIND[(rd->kyoku / 4) & 3], rd->kyoku % 4 + 1);
    cli_json_begin(j, p->out);
    cli_json_kstr(j, "file", p->file);
    cli_json_kstr(j, "type", type);
    cli_json_kint(j, "round", rec->round);
    cli_json_kstr(j, "kyoku", k);
    cli_json_kint(j, "honba", rd->honba);
    cli_json_kint(j, "event", rec->event);
}

static void text_round(const printer *p, const mj_review_record *rec)
{
    const mj_log_round *rd = &p->rv->log->rounds[rec->round];
    cli_buf_printf(p->out, "%s: round %d: %c%d-%d", p->file, rec->round, WIND[(rd->kyoku / 4) & 3],
                   rd->kyoku % 4 + 1, rd->honba);
}

static void json_real(cli_json *j, const char *key, double v)
{
    char t[40];
    snprintf(t, sizeof t, "%.17g", v);
    cli_json_key(j, key);
    cli_json_raw(j, t);
}

/* ---- discards ---- */

static const char *ev_status_name(const mj_review_discard *d)
{
    static const char *const N[] = { "riichi", "ok", "none", "cut" };
    return N[d->ev.status];
}

static void json_ev_option(cli_json *j, const char *key, const mj_review_ev_option *o)
{
    char n[3];
    mj_ev_kind_name(o->kind, n);
    cli_json_key(j, key);
    cli_json_object(j);
    cli_json_kstr(j, "tile", n);
    cli_json_kint(j, "shanten", o->shanten);
    json_real(j, "score", o->score);
    json_real(j, "win", o->win);
    json_real(j, "tenpai", o->tenpai);
    cli_json_close(j);
}

/* "ev": {status, turn, last, play: {...} or null, best: {...}, score_lost} */
static void json_ev(cli_json *j, const mj_review_discard *d)
{
    const mj_review_ev *x = &d->ev;
    cli_json_key(j, "ev");
    cli_json_object(j);
    cli_json_kstr(j, "status", ev_status_name(d));
    if (x->status == MJ_RV_EV_NONE || x->status == MJ_RV_EV_CUT)
        cli_json_kstr(j, "error", x->msg);
    if (x->status == MJ_RV_EV_OK) {
        cli_json_kint(j, "turn", x->turn);
        cli_json_kint(j, "last", x->last);
        if (x->play >= 0) {
            json_ev_option(j, "play", &x->opt[x->play]);
        } else {
            cli_json_key(j, "play");
            cli_json_null(j);
        }
        json_ev_option(j, "best", &x->opt[x->best]);
        json_real(j, "score_lost", x->score_lost);
    }
    cli_json_close(j);
}

static void json_discard(const printer *p, const mj_review_record *rec, const mj_review_discard *d)
{
    char ht[MJ_HAND_TEXT], tn[3], bn[3];
    mj_hand_format(&d->hand, ht, sizeof ht);
    tile_text(d->tile, d->red, tn);
    tile_text(d->best_tile, d->best_red, bn);
    cli_json j;
    json_start(p, &j, "discard", rec);
    cli_json_kint(&j, "seat", d->seat);
    cli_json_kint(&j, "discard", d->index);
    cli_json_kstr(&j, "hand", ht);
    cli_json_kstr(&j, "tile", tn);
    cli_json_key(&j, "tsumogiri");
    cli_json_bool(&j, d->tsumogiri);
    cli_json_key(&j, "riichi");
    cli_json_bool(&j, d->riichi);
    cli_json_kint(&j, "shanten", d->play_shanten);
    cli_json_kint(&j, "ukeire", d->play_ukeire);
    cli_json_key(&j, "best");
    cli_json_object(&j);
    cli_json_kstr(&j, "tile", bn);
    cli_json_kint(&j, "shanten", d->best_shanten);
    cli_json_kint(&j, "ukeire", d->best_ukeire);
    cli_json_close(&j);
    cli_json_key(&j, "best_tiles");
    cli_json_array(&j);
    for (int t = 0; t < MJ_TILES; t++)
        if (d->best_tiles >> t & 1) {
            char n[3];
            mj_tile_name(t, n);
            cli_json_str(&j, n);
        }
    cli_json_close(&j);
    cli_json_kint(&j, "shanten_lost", d->shanten_lost);
    cli_json_kint(&j, "ukeire_lost", d->ukeire_lost);
    if (p->rv->ev)
        json_ev(&j, d);
    cli_json_end(&j);
}

/* The expected score lost, as the text shows it (one decimal). */
static int ev_lost_shown(const mj_review_discard *d)
{
    return d->ev.status == MJ_RV_EV_OK && d->ev.play >= 0 && d->ev.score_lost >= 0.05;
}

/* "; EV 1234.5" and, when something was lost, " best 3m 1500.0 (-265.5)". */
static void text_ev(cli_buf *f, const mj_review_discard *d)
{
    const mj_review_ev *x = &d->ev;
    char n[3];
    if (x->status == MJ_RV_EV_OFF)
        return;
    if (x->status != MJ_RV_EV_OK) {
        cli_buf_printf(f, "; EV %s: %s", x->status == MJ_RV_EV_CUT ? "cut" : "none", x->msg);
        return;
    }
    if (x->play >= 0)
        cli_buf_printf(f, "; EV %.1f", x->opt[x->play].score);
    else
        cli_buf_puts(f, "; EV -");
    if (x->play < 0 || ev_lost_shown(d)) {
        mj_ev_kind_name(x->opt[x->best].kind, n);
        cli_buf_printf(f, ", best %s %.1f", n, x->opt[x->best].score);
        if (x->play >= 0)
            cli_buf_printf(f, " (-%.1f)", x->score_lost);
    }
}

static void text_discard(const printer *p, const mj_review_record *rec, const mj_review_discard *d)
{
    char tn[3], bn[3];
    if (!opt_verbose && !d->shanten_lost && !d->ukeire_lost && !ev_lost_shown(d))
        return;
    tile_text(d->tile, d->red, tn);
    tile_text(d->best_tile, d->best_red, bn);
    cli_buf *f = p->out;
    text_round(p, rec);
    cli_buf_printf(f, ": seat %d %s discard %d: ", d->seat, seat_name(p, d->seat), d->index);
    mjw_show_hand(f, &d->hand);
    cli_buf_puts(f, "  ");
    mjw_show_tile(f, d->tile, 1);
    cli_buf_printf(f, " %s: %d-shanten %d tiles", tn, d->play_shanten, d->play_ukeire);
    if (d->riichi)
        cli_buf_puts(f, " (riichi)");
    if (d->best_tile != d->tile) {
        cli_buf_puts(f, "; best ");
        mjw_show_tile(f, d->best_tile, 1);
        cli_buf_printf(f, " %s: %d-shanten %d tiles", bn, d->best_shanten, d->best_ukeire);
        if (d->shanten_lost)
            cli_buf_printf(f, " (-%d shanten)", d->shanten_lost);
        else
            cli_buf_printf(f, " (-%d)", d->ukeire_lost);
    } else {
        cli_buf_puts(f, " (best)");
    }
    text_ev(f, d);
    cli_buf_putc(f, '\n');
}

/* ---- wins ---- */

static const char *win_status(const mj_review_win *w)
{
    return w->status == MJ_RV_WIN_ERROR ? "error" : w->status == MJ_SCORE_OK ? "ok"
           : w->status == MJ_SCORE_NO_YAKU ? "no_yaku" : "not_winning";
}

static void json_yaku(cli_json *j, const mj_yaku *y, int n)
{
    cli_json_key(j, "yaku");
    cli_json_array(j);
    for (int i = 0; i < n; i++) {
        cli_json_array(j);
        cli_json_str(j, mj_yaku_name(y[i].id));
        cli_json_int(j, y[i].han);
        cli_json_close(j);
    }
    cli_json_close(j);
}

static void text_yaku(cli_buf *f, const mj_yaku *y, int n)
{
    for (int i = 0; i < n; i++)
        cli_buf_printf(f, "%s%s %d", i ? ", " : "", mj_yaku_name(y[i].id), y[i].han);
}

static void json_win(const printer *p, const mj_review_record *rec, const mj_review_win *w)
{
    char ht[MJ_HAND_TEXT], wt[3];
    int ok = w->status == MJ_SCORE_OK;
    const mj_score *sc = &w->score;
    const mj_log_win *lw = w->log;
    mj_hand_format(&w->hand, ht, sizeof ht);
    tile_text(w->ctx.win >= 0 ? w->ctx.win : 0, w->ctx.win_red, wt);
    cli_json j;
    json_start(p, &j, "win", rec);
    cli_json_kint(&j, "seat", w->seat);
    cli_json_kint(&j, "from", w->from);
    cli_json_key(&j, "tsumo");
    cli_json_bool(&j, w->from == w->seat);
    cli_json_kstr(&j, "hand", ht);
    cli_json_kstr(&j, "win", wt);
    cli_json_kstr(&j, "status", win_status(w));
    cli_json_kint(&j, "han", ok ? sc->han : 0);
    cli_json_kint(&j, "fu", ok ? sc->fu : 0);
    cli_json_kint(&j, "points", w->points);
    cli_json_kstr(&j, "limit", ok ? mj_limit_name(sc->limit) : "");
    cli_json_kint(&j, "yakuman", ok ? sc->yakuman : 0);
    json_yaku(&j, sc->yaku, ok ? sc->n_yaku : 0);
    cli_json_key(&j, "log");
    cli_json_object(&j);
    cli_json_kint(&j, "han", lw->han);
    cli_json_kint(&j, "fu", lw->fu);
    cli_json_kint(&j, "points", lw->points);
    cli_json_kstr(&j, "limit", mj_limit_name(lw->limit));
    json_yaku(&j, lw->yaku, lw->n_yaku);
    cli_json_close(&j);
    cli_json_key(&j, "match");
    cli_json_bool(&j, w->match);
    cli_json_end(&j);
}

static void text_win(const printer *p, const mj_review_record *rec, const mj_review_win *w)
{
    char wt[3];
    const mj_score *sc = &w->score;
    const mj_log_win *lw = w->log;
    int tsumo = w->from == w->seat, win = w->ctx.win >= 0 ? w->ctx.win : 0;
    cli_buf *f = p->out;
    tile_text(win, w->ctx.win_red, wt);
    text_round(p, rec);
    cli_buf_printf(f, ": seat %d %s wins by %s", w->seat, seat_name(p, w->seat), tsumo ? "tsumo" : "ron");
    if (!tsumo)
        cli_buf_printf(f, " from seat %d", w->from);
    cli_buf_puts(f, ": ");
    mjw_show_hand(f, &w->hand);
    cli_buf_puts(f, "  ");
    mjw_show_tile(f, win, 1);
    cli_buf_printf(f, " %s\n  tilekit: ", wt);
    if (w->status == MJ_SCORE_OK) {
        cli_buf_printf(f, "%d han %d fu %d", sc->han, sc->fu, w->points);
        if (sc->limit)
            cli_buf_printf(f, " %s", mj_limit_name(sc->limit));
        cli_buf_puts(f, " (");
        text_yaku(f, sc->yaku, sc->n_yaku);
        cli_buf_puts(f, ")\n");
    } else {
        cli_buf_printf(f, "%s\n", w->status == MJ_RV_WIN_ERROR ? w->msg : win_status(w));
    }
    if (lw->fu)
        cli_buf_printf(f, "  log:     %d han %d fu %d", lw->han, lw->fu, lw->points);
    else   /* tenhou.net/6 does not give the fu of a limit hand */
        cli_buf_printf(f, "  log:     %d han %d", lw->han, lw->points);
    if (lw->limit)
        cli_buf_printf(f, " %s", mj_limit_name(lw->limit));
    cli_buf_puts(f, " (");
    text_yaku(f, lw->yaku, lw->n_yaku);
    cli_buf_printf(f, ")%s\n", w->match ? "" : "  <-- differs");
}

/* ---- calls, riichi, draws without a winner ---- */

static void print_ryuukyoku(const printer *p, const mj_review_record *rec)
{
    const mj_log_event *e = rec->ev;
    if (opt_json) {
        cli_json j;
        json_start(p, &j, "ryuukyoku", rec);
        cli_json_kstr(&j, "reason", mj_ryuukyoku_name(e->detail));
        cli_json_end(&j);
    } else if (opt_verbose || e->detail != MJ_RK_EXHAUSTIVE) {
        text_round(p, rec);
        cli_buf_printf(p->out, ": no winner (%s)\n", mj_ryuukyoku_name(e->detail));
    }
}

static void print_riichi(const printer *p, const mj_review_record *rec)
{
    int s = rec->ev->seat;
    if (opt_json) {
        cli_json j;
        json_start(p, &j, "riichi", rec);
        cli_json_kint(&j, "seat", s);
        cli_json_end(&j);
    } else if (opt_verbose) {
        text_round(p, rec);
        cli_buf_printf(p->out, ": seat %d %s declares riichi\n", s, seat_name(p, s));
    }
}

static void print_call(const printer *p, const mj_review_record *rec)
{
    const mj_log_event *e = rec->ev;
    int s = e->seat;
    char tn[3];
    tile_text(e->tile, e->red, tn);
    if (opt_json) {
        cli_json j;
        json_start(p, &j, "call", rec);
        cli_json_kint(&j, "seat", s);
        cli_json_kstr(&j, "call", mj_event_name(e->kind));
        cli_json_kstr(&j, "tile", tn);
        cli_json_kint(&j, "from", e->from);
        cli_json_end(&j);
        return;
    }
    if (!opt_verbose)
        return;
    text_round(p, rec);
    cli_buf_printf(p->out, ": seat %d %s %s ", s, seat_name(p, s), mj_event_name(e->kind));
    mjw_show_tile(p->out, e->tile, 1);
    cli_buf_printf(p->out, " %s", tn);
    if (e->kind == MJ_EV_CHI || e->kind == MJ_EV_PON || e->kind == MJ_EV_DAIMINKAN)
        cli_buf_printf(p->out, " from seat %d", e->from);
    cli_buf_putc(p->out, '\n');
}

/* ---- events that do not fit the log ---- */

/* Reported on stderr as a bad log is ("FILE:LINE: column C: round R, event
 * N (kind): what"), and in the output: an "error" (the replay stops there)
 * or "inconsistent" (only this event is not reviewed) object, or a line. */
static void print_issue(const printer *p, const mj_review_record *rec, const mj_review_issue *x, cli_buf *msgs)
{
    if (x->line > 0)
        cli_buf_error(msgs, p->file, x->line, "column %ld: round %d, %s", x->col, rec->round, x->msg);
    else
        cli_buf_error(msgs, p->file, 0, "round %d, %s", rec->round, x->msg);
    if (!opt_json) {
        text_round(p, rec);
        cli_buf_printf(p->out, ": %s: %s (", x->fatal ? "error" : "inconsistent", x->msg);
        if (x->skipped)
            cli_buf_printf(p->out, "this event and the %d after it are not reviewed)\n", x->skipped);
        else
            cli_buf_puts(p->out, x->fatal ? "the last event of the round is not reviewed)\n" : "not reviewed)\n");
        return;
    }
    const mj_log_round *rd = &p->rv->log->rounds[rec->round];
    char m[260], k[8];
    snprintf(m, sizeof m, "round %d, %s", rec->round, x->msg);
    snprintf(k, sizeof k, "%c%d", WIND[(rd->kyoku / 4) & 3], rd->kyoku % 4 + 1);
    cli_json j;
    cli_json_begin(&j, p->out);
    cli_json_kstr(&j, "file", p->file);
    cli_json_kstr(&j, "type", x->fatal ? "error" : "inconsistent");
    if (x->line > 0)
        cli_json_kint(&j, "line", x->line);
    cli_json_kstr(&j, "error", m);
    cli_json_kint(&j, "round", rec->round);
    cli_json_kstr(&j, "kyoku", k);
    cli_json_kint(&j, "honba", rd->honba);
    cli_json_kint(&j, "event", rec->event);
    if (x->col > 0)
        cli_json_kint(&j, "column", x->col);
    cli_json_kint(&j, "seat", x->seat);
    cli_json_kstr(&j, "kind", mj_event_name(rec->ev->kind));
    cli_json_kint(&j, "skipped", x->skipped);
    cli_json_end(&j);
}

/* ---- summaries ---- */

/* --ev: the discards with an EV, how many were the best, the score lost. */
static void json_ev_totals(cli_json *j, long discards, long best, double lost)
{
    cli_json_kint(j, "ev_discards", discards);
    cli_json_kint(j, "ev_best", best);
    json_real(j, "ev_lost", lost);
}

static void text_ev_totals(cli_buf *f, long discards, long best, double lost)
{
    cli_buf_printf(f, ", EV lost %.1f over %ld discard%s (%ld best)", lost, discards, discards == 1 ? "" : "s", best);
}

static void json_player(const printer *p, int s)
{
    const mj_review_player *t = &p->rv->players[s];
    cli_json j;
    cli_json_begin(&j, p->out);
    cli_json_kstr(&j, "file", p->file);
    cli_json_kstr(&j, "type", "summary");
    cli_json_kint(&j, "seat", s);
    cli_json_kstr(&j, "name", p->rv->log->names[s]);
    cli_json_kint(&j, "discards", t->discards);
    cli_json_kint(&j, "best", t->best);
    cli_json_kint(&j, "riichi_discards", t->forced);
    cli_json_kint(&j, "ukeire_lost", t->ukeire_lost);
    cli_json_kint(&j, "shanten_lost", t->shanten_lost);
    cli_json_kint(&j, "wins", t->wins);
    cli_json_kint(&j, "win_points", t->win_points);
    cli_json_kint(&j, "wins_differing", t->wins_differing);
    if (p->rv->ev)
        json_ev_totals(&j, t->ev_discards, t->ev_best, t->ev_lost);
    cli_json_end(&j);
}

static void text_player(const printer *p, int s)
{
    const mj_review_player *t = &p->rv->players[s];
    cli_buf_printf(p->out, "%s: seat %d %s: %ld discard%s, %ld best (%ld in riichi), ukeire lost %ld, "
                   "shanten lost %ld, %ld win%s for %ld points", p->file, s, seat_name(p, s), t->discards,
                   t->discards == 1 ? "" : "s", t->best, t->forced, t->ukeire_lost, t->shanten_lost, t->wins,
                   t->wins == 1 ? "" : "s", t->win_points);
    if (p->rv->ev)
        text_ev_totals(p->out, t->ev_discards, t->ev_best, t->ev_lost);
    cli_buf_putc(p->out, '\n');
}

static void json_game(const printer *p)
{
    const mj_review_game *g = &p->rv->game;
    const mj_log *log = p->rv->log;
    cli_json j;
    cli_json_begin(&j, p->out);
    cli_json_kstr(&j, "file", p->file);
    cli_json_kstr(&j, "type", "game");
    cli_json_kstr(&j, "format", log->format == MJ_LOG_MJLOG ? "mjlog" : "tenhou6");
    cli_json_kint(&j, "rounds", log->n_rounds);
    cli_json_kint(&j, "discards", g->discards);
    cli_json_kint(&j, "best", g->best);
    cli_json_kint(&j, "ukeire_lost", g->ukeire_lost);
    cli_json_kint(&j, "wins", g->wins);
    cli_json_kint(&j, "wins_matching", g->wins_matching);
    if (g->inconsistent)
        cli_json_kint(&j, "inconsistent", g->inconsistent);
    if (p->rv->ev)
        json_ev_totals(&j, g->ev_discards, g->ev_best, g->ev_lost);
    cli_json_end(&j);
}

static void text_game(const printer *p)
{
    const mj_review_game *g = &p->rv->game;
    int nr = p->rv->log->n_rounds;
    cli_buf_printf(p->out, "%s: %d round%s, %ld discard%s, %ld best, ukeire lost %ld, %ld win%s, %ld scored "
                   "as the log says", p->file, nr, nr == 1 ? "" : "s", g->discards, g->discards == 1 ? "" : "s",
                   g->best, g->ukeire_lost, g->wins, g->wins == 1 ? "" : "s", g->wins_matching);
    if (g->inconsistent)
        cli_buf_printf(p->out, ", %ld event%s that do%s not fit the log", g->inconsistent,
                       g->inconsistent == 1 ? "" : "s", g->inconsistent == 1 ? "es" : "");
    if (p->rv->ev)
        text_ev_totals(p->out, g->ev_discards, g->ev_best, g->ev_lost);
    cli_buf_putc(p->out, '\n');
}

/* ---- one review ---- */

/* A win that could not be scored: reported (status 1). */
static int win_error(const printer *p, const mj_review_record *rec, const mj_review_win *w, cli_buf *msgs)
{
    if (w->status != MJ_RV_WIN_ERROR)
        return 0;
    cli_buf_error(msgs, p->file, 0, "round %d, event %d: the win cannot be scored: %s", rec->round, rec->event + 1,
                  w->msg);
    return 1;
}

static int print_review(const printer *p, cli_buf *msgs)
{
    const mj_review *rv = p->rv;
    int bad = 0;
    for (int i = 0; i < rv->n_records; i++) {
        const mj_review_record *rec = &rv->records[i];
        const mj_review_discard *d = mj_review_discard_of(rv, rec);
        const mj_review_win *w = mj_review_win_of(rv, rec);
        switch (rec->kind) {
        case MJ_RV_DISCARD: (opt_json ? json_discard : text_discard)(p, rec, d); break;
        case MJ_RV_WIN:
            bad |= win_error(p, rec, w, msgs);
            if (w->wanted)
                (opt_json ? json_win : text_win)(p, rec, w);
            break;
        case MJ_RV_RYUUKYOKU: print_ryuukyoku(p, rec); break;
        case MJ_RV_RIICHI: print_riichi(p, rec); break;
        case MJ_RV_CALL: print_call(p, rec); break;
        case MJ_RV_INCONSISTENT:
            print_issue(p, rec, mj_review_issue_of(rv, rec), msgs);
            bad = 1;
            break;
        default: break;
        }
    }
    for (int s = 0; s < 4; s++)
        if (rv->wanted[s])
            (opt_json ? json_player : text_player)(p, s);
    (opt_json ? json_game : text_game)(p);
    return bad ? CLI_EXIT_DATA : CLI_EXIT_OK;
}

/* ---- the batch: one file a record ---- */
typedef struct job {
    const char *const *files;
    int n;
} job;

typedef struct worker {
    mj_ctx *ctx;
    mj_ev *ev;   /* --ev */
} worker;

static void *worker_new(void *user)
{
    (void)user;
    worker *w = calloc(1, sizeof *w);
    if (w && (mj_ctx_create(&w->ctx, NULL) || (opt_ev && mj_ev_create(&w->ev, NULL)))) {
        mj_ctx_destroy(w->ctx);
        free(w);
        w = NULL;
    }
    if (w)
        mjs_ctx_setup(w->ctx);
    return w;
}

static void worker_free(void *user, void *state)
{
    (void)user;
    mj_ctx_destroy(((worker *)state)->ctx);
    mj_ev_destroy(((worker *)state)->ev);
    free(state);
}

/* A file that cannot be read or parsed: located message, JSON error object. */
static int bad_log(const char *name, const tk_error *err, cli_buf *out, cli_buf *msgs)
{
    if (err->line > 0)
        cli_buf_error(msgs, name, err->line, "column %ld: %s", err->col, err->msg);
    else
        cli_buf_error(msgs, name, 0, "%s", err->msg);
    if (opt_json) {
        cli_json j;
        cli_json_begin(&j, out);
        cli_json_kstr(&j, "file", name);
        cli_json_kstr(&j, "type", "error");
        if (err->line > 0)
            cli_json_kint(&j, "line", err->line);
        cli_json_kstr(&j, "error", err->msg);
        cli_json_end(&j);
    }
    return CLI_EXIT_DATA;
}

static int solve_file(void *state, const cli_record *rec, cli_buf *out, cli_buf *msgs)
{
    worker *w = state;
    const char *path = rec->text;
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    size_t len = 0;
    tk_error err = { 0 };
    char *text = cli_read_file(path, &len, &err);
    if (!text) {
        cli_buf_error(msgs, name, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    mj_log *log = NULL;
    int rc = mj_log_parse_ex(text, len, MJ_LOG_KEEP_INCONSISTENT, &log, &err);
    free(text);
    if (rc)
        return rc == TK_ENOMEM ? -1 : bad_log(name, &err, out, msgs);
    mj_review_options o;
    mj_review_options_init(&o);
    o.seat = opt_player_seat;
    o.name = opt_player && opt_player_seat < 0 ? opt_player : NULL;
    o.ev = opt_ev;
    if (opt_ev)
        mje_config(&o.ev_cfg);
    mj_review *rv = NULL;
    rc = mj_review_log(log, &o, w->ctx, w->ev, &rv, &err);
    int st;
    if (rc == TK_ENOMEM) {
        st = -1;
    } else if (rc) {
        cli_buf_error(msgs, name, 0, "%s", err.msg);
        st = CLI_EXIT_DATA;
    } else {
        printer p = { rv, name, out };
        st = print_review(&p, msgs);
    }
    mj_review_free(rv);
    mj_log_free(log);
    return st;
}

static int gen_name(void *user, long no, cli_buf *text)
{
    const job *jb = user;
    long i = no - 1;
    cli_buf_puts(text, i >= 0 && i < jb->n ? jb->files[i] : "-");
    return 0;
}

int mjl_main(const char *const *files, int n, const cli_common *co, int ev)
{
    static const char *const stdin_only[1] = { "-" };
    opt_json = co->json;
    opt_verbose = co->verbose;
    opt_ev = ev;
    if (n == 0) {
        files = stdin_only;
        n = 1;
    }
    job jb = { files, n };
    double t0 = cli_now();
    cli_batch b = { .kind = CLI_BATCH_COUNT, .count = n, .gen = gen_name, .user = &jb, .jobs = co->jobs,
                    .progress = "mjwait: logs", .init = worker_new, .fini = worker_free, .solve = solve_file };
    int status = cli_batch_run(&b);
    if (co->verbose)
        cli_error(NULL, 0, "%ld log%s (%ld bad), %.3f s", b.records, b.records == 1 ? "" : "s", b.bad,
                  cli_now() - t0);
    if (cli_close_stdout() != 0)
        status = CLI_EXIT_DATA;
    return status;
}
