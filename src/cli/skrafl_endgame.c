/* skrafl_endgame.c - skrafl --endgame / --preendgame: one position.
 *
 * A position is read from a CGP line (`RACK/OPPRACK`, scores, the count of
 * scoreless turns; --rack and --opp-rack override the racks) or from a board
 * file with --rack and --opp-rack.  --endgame needs the bag empty by the tile
 * count (else "not an endgame", exit 1) and prints the exact value, the
 * first play and the whole sequence; --preendgame needs 1 or 2 tiles in the
 * bag (the opponent's rack is then unknown: --opp-rack is ignored) and
 * ranks the best --top placements by score (default 10) and the pass by win
 * probability over every draw, then expected spread.
 */
#include "cli/skrafl_cli.h"
#include "cli/skrafl_lex.h"
#include "tilekit/skendgame.h"
#include "tilekit/skfmt.h"

#include <errno.h>
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
    if (E->opp && !E->pre && sk_rack_parse(&pos.rack[1], eng, E->opp, strlen(E->opp), &e))
        return fail(c, out, err, p, e.msg);
    if (!p->cgp && !E->opp && !E->pre)
        return fail(c, out, err, p, "no opponent rack: give --opp-rack RACK (a board file holds none)");
    sk_rack both = pos.rack[0];
    if (!E->pre) {
        both.blanks += pos.rack[1].blanks;
        for (int l = 1; l < 64; l++)
            both.count[l] = (uint8_t)(both.count[l] + pos.rack[1].count[l]);
    }
    both.n = 0;
    if (sk_position_check(eng, &pos.board, &both, &e))
        return fail(c, out, err, p, e.msg);
    sk_endgame *s = skc_solver(w, c->o, eng, &e);
    if (!s)
        return fail(c, out, err, p, e.msg);
    sk_eg_opts opts = { E->seconds, E->plies, E->all_best, 0 };
    if (E->pre) {
        sk_peg_play *v = NULL;
        size_t n = 0;
        long top = c->o->top > 0 ? c->o->top : 10;
        if (sk_pregame_solve(s, &pos.board, &pos.rack[0], spread, (int)top, &opts, &v, &n, &e))
            return fail(c, out, err, p, e.msg);
        if (c->o->show)
            skc_show_board(c, out, &pos.board, n && v[0].play.kind == SK_PLAY_MOVE ? &v[0].play.move : NULL, "best");
        skf_pregame(out, eng, p, v, n, c->o->json);
        free(v);
        return CLI_EXIT_OK;
    }
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
