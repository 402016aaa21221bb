/* skrafl_endgame.c - skrafl --endgame / --preendgame / --best: one position.
 *
 * A position is read from a CGP line (`RACK/OPPRACK`, scores, the count of
 * scoreless turns; --rack and --opp-rack override the racks) or from a board
 * file with --rack and --opp-rack.  --endgame needs the bag empty by the tile
 * count (else "not an endgame", exit 1) and prints the exact value, the
 * first play and the whole sequence; --preendgame needs 1 to 4 tiles in the
 * bag (the opponent's rack is then unknown: --opp-rack is ignored) and
 * ranks every legal play (or --only's) by win probability over every draw,
 * then expected spread (sk_peg_solve); --best chooses by the position
 * (sk_best_choose) with the --leaves or shipped leave table.  The clock
 * (--seconds) of the first position solved also counts the loading.
 */
#include "cli/skrafl_cli.h"
#include "cli/skrafl_lex.h"
#include "tilekit/skendgame.h"
#include "tilekit/skfmt.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

int skc_eg_threads(int jobs)
{
    if (jobs > 0)
        return jobs;
    int n = cli_cpu_count();
    return n < SKC_EG_THREADS_MAX ? n : SKC_EG_THREADS_MAX;
}

sk_endgame *skc_solver(skc_work *w, const skc_opts *o, const sk_engine *e, tk_error *err)
{
    if (w->eg && w->eg_engine == e)
        return w->eg;
    sk_endgame_destroy(w->eg);
    w->eg = NULL;
    w->eg_engine = NULL;
    if (sk_endgame_create(&w->eg, e, (size_t)o->eg.tt_mb, w->eg_threads, err))
        return NULL;
    w->eg_engine = e;
    return w->eg;
}

static int fail(const skc_ctx *c, cli_buf *f, cli_buf *err, const skc_pos *p, const char *msg)
{
    cli_buf_error(err, p->file, p->cgp ? p->line : 0, "%s", msg);
    if (c->o->json && p->cgp)
        skf_pos_error(f, p, msg);
    return CLI_EXIT_DATA;
}

/* The pre-endgame solver and the chooser of w for engine e (made on demand). */
static sk_peg *peg_for(skc_work *w, const skc_opts *o, const sk_engine *e, tk_error *err)
{
    if (w->peg && w->peg_engine == e)
        return w->peg;
    sk_peg_destroy(w->peg);
    w->peg = NULL;
    if (sk_peg_create(&w->peg, e, (size_t)o->eg.tt_mb, w->eg_threads, err))
        return NULL;
    w->peg_engine = e;
    return w->peg;
}

static sk_best *best_for(skc_work *w, const skc_opts *o, const sk_engine *e, tk_error *err)
{
    if (w->best && w->best_engine == e)
        return w->best;
    sk_best_destroy(w->best);
    w->best = NULL;
    if (sk_best_create(&w->best, e, w->eg_threads, (size_t)o->eg.tt_mb, err))
        return NULL;
    w->best_engine = e;
    return w->best;
}

/* The clock of a position (--seconds; 0: none): the first one solved also
 * pays for the loading before it (the dictionary), so that a run of one
 * position keeps to --seconds. */
static double position_clock(const skc_eg_opts *E)
{
    static atomic_int started;
    if (E->seconds <= 0 || atomic_exchange(&started, 1))
        return E->seconds;
    double left = E->seconds - (cli_now() - E->t0);
    return left > 0.01 * E->seconds ? left : 0.01 * E->seconds;
}

/* --only's plays ("COORD WORD" or "pass", comma-separated) into v (room
 * for max); returns how many, or -1 with a message in err. */
static int parse_only(const char *only, sk_gen *g, const sk_board *b, const sk_rack *r, sk_play *v, int max,
                      tk_error *err)
{
    int n = 0;
    for (const char *s = only; *s && n >= 0;) {
        size_t len = strcspn(s, ",");
        char item[256];
        snprintf(item, sizeof item, "%.*s", (int)(len < 255 ? len : 255), s);
        s += len + (s[len] == ',');
        char *word = strpbrk(item, " .");
        memset(&v[n < max ? n : 0], 0, sizeof *v);
        sk_check_result cr;
        if (n == max) {
            tk_error_set(err, TK_EINVAL, 0, 0, "--only: more than %d plays", max);
            n = -1;
        } else if (strcmp(item, "pass") == 0) {
            v[n++].kind = SK_PLAY_PASS;
        } else if (!word) {
            tk_error_set(err, TK_EINVAL, 0, 0, "--only: '%s' is no play (COORD WORD or pass)", item);
            n = -1;
        } else {
            *word++ = 0;
            if (sk_check(g, b, r, item, word, 0, &cr, err)) {
                n = -1;
            } else {
                v[n].kind = SK_PLAY_MOVE;
                v[n].move = cr.move;
                v[n++].score = cr.move.score;
            }
        }
    }
    return n;
}

/* --preendgame on position pos (the mover's rack; the opponent's is not
 * known): every play ranked, or --only's. */
static int solve_peg(const skc_ctx *c, skc_work *w, const skc_pos *p, const sk_eg_position *pos, int spread,
                     cli_buf *out, cli_buf *err)
{
    const skc_eg_opts *E = &c->o->eg;
    tk_error e = {0};
    sk_peg *pg = peg_for(w, c->o, c->e, &e);
    if (!pg)
        return fail(c, out, err, p, e.msg);
    sk_peg_opts o = { position_clock(E), spread, pos->zeroless, 0, NULL, 0, NULL, 0 };
    sk_play only[64];
    if (E->only) {
        int n = parse_only(E->only, w->g, &pos->board, &pos->rack[0], only, 64, &e);
        if (n < 0)
            return fail(c, out, err, p, e.msg);
        o.only = only;
        o.nonly = (size_t)n;
    }
    sk_peg_result r;
    if (sk_peg_solve(pg, &pos->board, &pos->rack[0], &o, &r, &e))
        return fail(c, out, err, p, e.msg);
    if (c->o->show)
        skc_show_board(c, out, &pos->board, r.n && r.cand[0].play.kind == SK_PLAY_MOVE ? &r.cand[0].play.move : NULL,
                       "best");
    skf_peg(out, c->e, p, &r, c->o->top > 0 ? (size_t)c->o->top : 0, E->seconds, c->o->json);
    sk_peg_result_free(&r);
    return CLI_EXIT_OK;
}

/* --best on position pos within --seconds (default SKC_BEST_SECONDS), with
 * the --leaves or shipped leave table (skrafl_load.c loads it). */
static int solve_best(const skc_ctx *c, skc_work *w, const skc_pos *p, const sk_eg_position *pos, int spread,
                      cli_buf *out, cli_buf *err)
{
    tk_error e = {0};
    sk_best *bs = best_for(w, c->o, c->e, &e);
    if (!bs)
        return fail(c, out, err, p, e.msg);
    double clock = position_clock(&c->o->eg);
    sk_best_opts o = { clock > 0 ? clock : SKC_BEST_SECONDS, spread, pos->zeroless, pos->last_pass, sk_leaves_value,
                       c->leaves, c->have_wintab ? &c->wintab : NULL, c->o->play.seed };
    sk_best_result r;
    if (sk_best_choose(bs, &pos->board, &pos->rack[0], &o, &r, &e))
        return fail(c, out, err, p, e.msg);
    if (c->o->show)
        skc_show_board(c, out, &pos->board, r.play.kind == SK_PLAY_MOVE ? &r.play.move : NULL, "best");
    skf_best(out, c->e, p, &pos->rack[0], &r, c->o->json);
    return CLI_EXIT_OK;
}

int skc_endgame(const skc_ctx *c, skc_work *w, const skc_pos *p, const sk_board *b, cli_buf *out, cli_buf *err)
{
    const skc_eg_opts *E = &c->o->eg;
    tk_error e = {0};
    const sk_engine *eng = c->e;
    sk_engine *le = c->e;
    if (p->cgp && c->lex && skx_engine_for(c->lex, p->cgp, p->cgp_len, &le, &e) != TK_OK)
        return fail(c, out, err, p, e.msg);
    eng = le;
    skc_ctx other = *c;
    other.e = le;
    c = &other;
    sk_eg_position pos;
    memset(&pos, 0, sizeof pos);
    int spread = 0;
    if (p->cgp) {
        if (sk_eg_cgp_parse(&pos, eng, p->cgp, p->cgp_len, &e))
            return fail(c, out, err, p, e.msg);
        spread = sk_cgp_spread(p->cgp, p->cgp_len);
    } else {
        pos.board = *b;
    }
    if (c->o->rack && sk_rack_parse(&pos.rack[0], eng, c->o->rack, strlen(c->o->rack), &e))
        return fail(c, out, err, p, e.msg);
    int mine_only = E->pre || E->best;   /* the opponent's rack is not known (ignored when given) */
    if (E->opp && !mine_only && sk_rack_parse(&pos.rack[1], eng, E->opp, strlen(E->opp), &e))
        return fail(c, out, err, p, e.msg);
    if (!p->cgp && !E->opp && !mine_only)
        return fail(c, out, err, p, "no opponent rack: give --opp-rack RACK (a board file holds none)");
    sk_rack both = pos.rack[0];
    if (!mine_only) {
        both.blanks += pos.rack[1].blanks;
        for (int l = 1; l < 64; l++)
            both.count[l] = (uint8_t)(both.count[l] + pos.rack[1].count[l]);
    }
    both.n = 0;
    if (sk_position_check(eng, &pos.board, &both, &e))
        return fail(c, out, err, p, e.msg);
    if (E->pre)
        return solve_peg(c, w, p, &pos, spread, out, err);
    if (E->best)
        return solve_best(c, w, p, &pos, spread, out, err);
    sk_endgame *s = skc_solver(w, c->o, eng, &e);
    if (!s)
        return fail(c, out, err, p, e.msg);
    sk_eg_opts opts = { E->seconds, E->plies, E->all_best, 0, 0, 0, 0 };
    int left = sk_eg_bag_count(eng, &pos.board, &pos.rack[0], &pos.rack[1]);
    if (left > 0) {
        char msg[96];
        snprintf(msg, sizeof msg, "not an endgame: %d tile%s in the bag (both racks known: %d and %d tiles)", left,
                 left == 1 ? "" : "s", pos.rack[0].n, pos.rack[1].n);
        return fail(c, out, err, p, msg);
    }
    sk_eg_result r;
    if (sk_endgame_solve(s, &pos, &opts, &r, &e))
        return fail(c, out, err, p, e.msg);
    if (c->o->show)
        skc_show_board(c, out, &pos.board, r.npv && r.pv[0].kind == SK_PLAY_MOVE ? &r.pv[0].move : NULL, "best");
    skf_endgame(out, eng, p, &r, c->o->json, E->all_best);
    sk_eg_result_free(&r);
    return CLI_EXIT_OK;
}
