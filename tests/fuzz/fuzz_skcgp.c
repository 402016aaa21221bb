/* fuzz_skcgp.c - libFuzzer target: the CGP parser (board and rack), then
 * move generation when the position is legal; then the same text as the
 * exact endgame reads it (sk_eg_cgp_parse: both racks `RACK/OPPRACK` and
 * the scoreless-turn count).  An endgame position that is accepted has the
 * board and mover's rack sk_cgp_parse gives, racks of at most SK_RACK_MAX
 * tiles and a count in 0..5.  When the tile set holds board and racks:
 * - the bag (what they leave) empty: the endgame is solved two plies deep
 *   and its principal variation applied ply by ply (sk_eg_apply);
 * - 1 to 4 tiles in the bag: solved with that bag (sk_eg_solve_bag; two
 *   tiles in each drawing order; refused when a rack is empty);
 * - the pre-endgame of the mover's rack (the opponent's rack unknown: 7 of
 *   the unseen tiles), 1 to 4 tiles in its bag (sk_peg_solve on a cheap
 *   schedule): every legal play a candidate, win chances in [0, 1].
 * The solves are anytime (a quarter or half a second): a crowded board's
 * thousands of plays times thousands of draws stay quick under the
 * sanitizers (a 30 s timeout found by `make fuzz` before they were). */
#include <stddef.h>
#include <stdint.h>

#include "skrafl_fuzz_common.h"
#include "tilekit/skendgame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sk_endgame *solver(const sk_engine *e)
{
    static sk_endgame *s;
    if (!s && sk_endgame_create(&s, e, 1, 1, NULL) != 0)
        abort();
    return s;
}

static int same_rack(const sk_rack *a, const sk_rack *b)
{
    return a->n == b->n && a->blanks == b->blanks && memcmp(a->count, b->count, sizeof a->count) == 0;
}

static void check_line(const sk_eg_result *r)
{
    if (r->npv < 1 || r->npv > SK_EG_MAX_PLY || r->depth < 1 || (r->exact && r->pv[r->npv - 1].last != 1))
        abort();
    for (int i = 0; i < r->npv; i++)
        if (r->pv[i].player != (i & 1) || (r->pv[i].last && i != r->npv - 1))
            abort();
}

static void solve_empty_bag(const sk_engine *e, const sk_eg_position *pos)
{
    sk_eg_opts o = { .seconds = 0.5, .plies = 2 };
    sk_eg_result r;
    tk_error err;
    if (sk_endgame_solve(solver(e), pos, &o, &r, &err) != 0) {
        if (err.msg[0] == 0)
            abort();
        return;
    }
    check_line(&r);
    sk_eg_position p = *pos;
    for (int i = 0; i < r.npv; i++) {
        int end = 0, over = sk_eg_apply(e, &p, &r.pv[i], &end);
        if (over != r.pv[i].last || (over && end != r.pv[i].end))
            abort();
    }
    sk_eg_result_free(&r);
}

/* The tiles the tile set leaves after board and racks (at most `cap`). */
static int bag_tiles(const sk_engine *e, const sk_eg_position *pos, uint8_t *out, int cap)
{
    const sk_tileset *ts = sk_engine_tileset(e);
    int left[64], n = 0;
    for (int l = 0; l < 64; l++)
        left[l] = ts->count[l] - pos->rack[0].count[l] - pos->rack[1].count[l];
    left[0] -= pos->rack[0].blanks + pos->rack[1].blanks;
    for (int i = 0; i < pos->board.dim * pos->board.dim; i++)
        if (pos->board.sq[i])
            left[pos->board.sq[i] & SK_BLANK ? 0 : pos->board.sq[i] & SK_LETTER]--;
    for (int l = 0; l < 64; l++)
        for (int k = 0; k < left[l]; k++)
            if (n < cap)
                out[n++] = (uint8_t)l;
            else
                n++;
    return n;
}

static void solve_known_bag(const sk_engine *e, const sk_eg_position *pos, int bag)
{
    uint8_t tiles[4] = { 0 };
    if (bag_tiles(e, pos, tiles, 4) != bag)
        abort();
    sk_eg_opts o = { .seconds = 0.5, .plies = 2 };
    sk_eg_result r;
    tk_error err;
    for (int order = 0; order < (bag == 2 && tiles[0] != tiles[1] ? 2 : 1); order++) {
        uint8_t b[4] = { tiles[order], tiles[!order], tiles[2], tiles[3] };   /* two tiles: both orders */
        int rc = sk_eg_solve_bag(solver(e), pos, b, bag, &o, &r, &err);
        if (rc != 0 && (err.msg[0] == 0 || (bag <= SK_EG_MAX_BAG && rc != TK_ENOMEM && pos->rack[0].n &&
                                            pos->rack[1].n)))
            abort();
        if (rc == 0) {
            if (bag > SK_EG_MAX_BAG)
                abort();
            check_line(&r);
            sk_eg_result_free(&r);
        }
    }
}

static sk_peg *peg_solver(const sk_engine *e)
{
    static sk_peg *p;
    if (!p && sk_peg_create(&p, e, 1, 1, NULL) != 0)
        abort();
    return p;
}

/* The pre-endgame of the mover's rack, by a cheap schedule (greedy playouts,
 * then the best two 1 ply deep): every play a candidate, the figures
 * probabilities, the draws weighted as the bag says. */
static void solve_pregame(const sk_engine *e, const sk_eg_position *pos, int bag)
{
    static const sk_peg_stage st[] = { { 0, SK_PEG_GREEDY, 0 }, { 2, 1, 0 } };
    sk_peg_opts o = { 0 };
    o.seconds = 0.25;          /* anytime: a crowded board's thousands of plays x draws stay quick */
    o.stages = st;
    o.nstages = 2;
    o.zeroless = pos->zeroless;
    sk_peg_result r;
    tk_error err = { 0 };
    int rc = sk_peg_solve(peg_solver(e), &pos->board, &pos->rack[0], &o, &r, &err);
    if (rc != 0) {
        if (err.msg[0] == 0 || (bag <= SK_PEG_MAX_BAG && rc != TK_ENOMEM && pos->rack[0].n))
            abort();
        return;
    }
    if (bag > SK_PEG_MAX_BAG || r.bag != bag || r.n < 1 || r.n != r.legal)
        abort();
    for (size_t i = 0; i < r.n; i++)
        if (!(r.cand[i].win >= 0 && r.cand[i].win <= 1) || (r.complete && !r.cand[i].valued))
            abort();
    sk_peg_result_free(&r);
}

static void endgame(skf *F, const char *s, size_t size, const sk_board *b, const sk_rack *r)
{
    static sk_eg_position pos;
    tk_error err;
    if (sk_eg_cgp_parse(&pos, F->e, s, size, &err) != 0) {
        if (err.msg[0] == 0)
            abort();
        return;
    }
    if (pos.rack[0].n > SK_RACK_MAX || pos.rack[1].n > SK_RACK_MAX || pos.zeroless < 0 || pos.zeroless > 5 ||
        memcmp(&pos.board, b, sizeof *b) != 0 || !same_rack(&pos.rack[0], r))
        abort();
    sk_rack both = pos.rack[0];
    both.blanks += pos.rack[1].blanks;
    for (int l = 1; l < 64; l++)
        both.count[l] = (uint8_t)(both.count[l] + pos.rack[1].count[l]);
    both.n = 0;
    if (sk_position_check(F->e, &pos.board, &both, NULL) != 0)
        return;
    int bag = sk_eg_bag_count(F->e, &pos.board, &pos.rack[0], &pos.rack[1]);
    if (bag < 0)
        abort();
    if (bag == 0)
        solve_empty_bag(F->e, &pos);
    else if (bag <= 4)
        solve_known_bag(F->e, &pos, bag);
    int pre = sk_eg_bag_count(F->e, &pos.board, &pos.rack[0], NULL) - SK_RACK_MAX;
    if (pre >= 1 && pre <= 4)
        solve_pregame(F->e, &pos, pre);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skf *F = skf_get();
    static sk_board b;
    sk_rack r;
    tk_error err;
    (void)sk_looks_like_cgp((const char *)data, size);
    if (sk_cgp_parse(&b, &r, F->e, (const char *)data, size, &err) != 0) {
        if (err.msg[0] == 0)
            abort();
        return 0;
    }
    if (r.n > SK_RACK_MAX)
        abort();
    skf_run(F, &b, &r);
    endgame(F, (const char *)data, size, &b, &r);
    return 0;
}
