/* test_endgame_oracle.c - the endgame solver against plain minimax.
 *
 * The oracle walks every sequence of turns to the end of the game with no
 * pruning and no table: each turn is one of the mover's placements (from the
 * move generator, itself checked by test_skrafl_oracle) or the pass, and the
 * rules of GUIDE 9.1 are written out again here (going out: +2x the other
 * rack; a pass after a pass, or a sixth scoreless turn: each side loses its
 * own rack).  It shares no code with the solver's search.
 *
 * Positions: random self-play games (score players) on a sample of the
 * shipped word list, stopped after a random number of turns; then two short
 * racks (1-3 tiles, sometimes a blank) are drawn from the unseen tiles, and
 * sometimes the count of scoreless turns is 4 or 5 or the last turn was a
 * pass.  The tiles left over are simply out of the game (the solver is told
 * not to check the tile set).  A position whose tree is too big for the
 * oracle is skipped.  For each position: the solver's value equals the
 * oracle's; the principal variation replays to that value and ends the game;
 * every first play listed by --all-best achieves the value and they are all
 * such plays; the search on 2 threads gives the same value; a search cut at
 * a few plies that says it is exact has the right value.  English and
 * Icelandic.  The categories the issue asks for are counted and must occur:
 * blanks, the pass best, neither side able to go out.
 */
#include "skrafl/sk_gen.h"
#include "support/skrafl_fixture.h"
#include "tilekit/dawg.h"
#include "tilekit/skendgame.h"
#include "tilekit/skgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sample: every word of 2-3 letters, every step-th one of 4-8 letters; the
 * standard layout. */
/* Load the language (every step-th word of its list); on failure the test
 * is skipped and 1 returned. */
static int lang_load(skfx_lang *L, const char *code, size_t step)
{
    skfx_sample s = { 8, 1, step };
    if (skfx_lang_load(L, code, s, SKFX_ENGINE) == 0)
        return 0;
    th_skip("cannot load the shipped word list / alphabet / tiles");
    return 1;
}

/* ---- the oracle ---------------------------------------------------------------------- */

typedef struct oracle {
    const sk_engine *e;
    sk_gen *g;
    sk_movelist lists[40];
    long nodes, budget;
    int outs;              /* some line ends by a player going out */
} oracle;

/* The value for the mover (me) of board b; passed: the last turn was a pass;
 * zl: scoreless turns in a row.  *bad set when over budget. */
static int minimax(oracle *o, sk_board *b, const sk_rack *me, const sk_rack *opp, int passed, int zl, int depth,
                   int *bad)
{
    if (++o->nodes > o->budget || depth >= 38) {
        *bad = 1;
        return 0;
    }
    int best;
    /* the pass */
    if (passed || zl + 1 >= 6)
        best = skfx_rack_points(o->e, opp) - skfx_rack_points(o->e, me);
    else
        best = -minimax(o, b, opp, me, 1, zl + 1, depth + 1, bad);
    sk_movelist *L = &o->lists[depth];
    L->limit = 0;
    tk_error err;
    if (sk_generate(o->g, b, me, 0, L, &err)) {
        *bad = 1;
        return 0;
    }
    for (size_t i = 0; i < L->n && !*bad; i++) {
        sk_move m = L->v[i];
        sk_rack left = *me;
        skfx_take_tiles(&left, &m);
        int v;
        if (left.n == 0) {
            o->outs = 1;
            v = m.score + 2 * skfx_rack_points(o->e, opp);
        } else if (m.score == 0 && zl + 1 >= 6) {
            v = skfx_rack_points(o->e, opp) - skfx_rack_points(o->e, &left);
        } else {
            skfx_place(b, &m, 0);
            v = m.score - minimax(o, b, opp, &left, 0, m.score ? 0 : zl + 1, depth + 1, bad);
            skfx_place(b, &m, 1);
        }
        if (v > best)
            best = v;
    }
    return best;
}

/* Value of the position after first play p (from the root mover's view), by the oracle. */
static int oracle_after(oracle *o, const sk_eg_position *pos, const sk_eg_ply *p, int *bad)
{
    sk_board b = pos->board;
    if (p->kind == SK_PLAY_PASS) {
        if (pos->last_pass || pos->zeroless + 1 >= 6)
            return skfx_rack_points(o->e, &pos->rack[1]) - skfx_rack_points(o->e, &pos->rack[0]);
        return -minimax(o, &b, &pos->rack[1], &pos->rack[0], 1, pos->zeroless + 1, 1, bad);
    }
    sk_rack left = pos->rack[0];
    skfx_take_tiles(&left, &p->move);
    if (left.n == 0)
        return p->move.score + 2 * skfx_rack_points(o->e, &pos->rack[1]);
    if (p->move.score == 0 && pos->zeroless + 1 >= 6)
        return skfx_rack_points(o->e, &pos->rack[1]) - skfx_rack_points(o->e, &left);
    skfx_place(&b, &p->move, 0);
    return p->move.score - minimax(o, &b, &pos->rack[1], &left, 0, p->move.score ? 0 : pos->zeroless + 1, 1, bad);
}

/* ---- positions ----------------------------------------------------------------------- */

/* A board from a random self-play game stopped after some turns. */
static int random_board(sk_gen *g, sk_movelist *list, th_rng *rng, sk_board *b)
{
    static skfx_boards bs = { .reuse = 10 };
    return skfx_random_board(&bs, g, list, rng, b);
}

/* Draw a rack of n tiles from the unseen counts (blanks only when `blanks`). */
static void draw_rack(th_rng *rng, int unseen[64], int nl, int n, int blanks, sk_rack *r)
{
    memset(r, 0, sizeof *r);
    skfx_fill_rack(rng, unseen, nl, blanks, n, r);
}

typedef struct stats {
    int solved, skipped, blanks, pass_best, no_out, zeroless, allbest_multi, shallow_exact;
} stats;

static int ply_value_sum(const sk_eg_result *res)
{
    int v = 0;
    for (int k = 0; k < res->npv; k++) {
        int pts = res->pv[k].score + res->pv[k].end;
        v += res->pv[k].player == 0 ? pts : -pts;
    }
    return v;
}

/* The same first play (kind, and the move for a move). */
static int same_play(const sk_eg_ply *a, const sk_eg_ply *b)
{
    return a->kind == b->kind && (a->kind == SK_PLAY_PASS || skfx_same_move(&a->move, &b->move));
}

/* Every play of the position (the brute force values each) that achieves
 * the value want is in res's all_best list and no other is; the play named
 * first is the first of them in sk_move_cmp order (the pass last).
 * Returns how many achieve it. */
static size_t check_all_best(oracle *o, sk_gen *g, sk_movelist *L0, const char *code, int i, const sk_eg_position *pos,
                             const sk_eg_result *res, int want)
{
    tk_error err;
    size_t achieving = 0;
    sk_eg_ply first;
    int have_first = 0, bad = 0;
    L0->limit = 0;
    if (sk_generate(g, &pos->board, &pos->rack[0], 0, L0, &err) != 0) {
        CHECKF(0, "%s position %d: move generation: %s", code, i, err.msg);
        return 0;
    }
    for (size_t k = 0; k <= L0->n; k++) {
        sk_eg_ply p;
        memset(&p, 0, sizeof p);
        p.kind = k == L0->n ? SK_PLAY_PASS : SK_PLAY_MOVE;
        if (k < L0->n)
            p.move = L0->v[k];
        o->nodes = 0;
        o->budget = 1200;
        int v = oracle_after(o, pos, &p, &bad);
        if (bad)
            return achieving;
        if (v != want)
            continue;
        achieving++;
        if (!have_first || (p.kind == SK_PLAY_MOVE && first.kind == SK_PLAY_PASS) ||
            (p.kind == SK_PLAY_MOVE && sk_move_cmp(o->e, &p.move, &first.move) < 0))
            first = p, have_first = 1;
        int listed = 0;
        for (size_t j = 0; j < res->nbest && !listed; j++)
            listed = same_play(&res->best[j], &p);
        CHECKF(listed, "%s position %d: a play worth the value is not in all_best", code, i);
    }
    CHECKF(achieving == res->nbest, "%s position %d: %zu plays achieve the value, all_best lists %zu", code, i,
           achieving, res->nbest);
    CHECKF(!have_first || (res->npv > 0 && same_play(&res->pv[0], &first)),
           "%s position %d: the play named is not the first of the %zu tied plays in sk_move_cmp order", code, i,
           achieving);
    return achieving;
}

/* A position of run_lang: a random board, 1-3 tiles against 1-3 (a blank
 * in place of a tile one time in four), sometimes 4 or 5 scoreless turns
 * or a pass just made.  0 when a rack came out empty. */
static int small_position(sk_gen *g, sk_movelist *list, th_rng *rng, const skfx_lang *L, sk_eg_position *pos)
{
    memset(pos, 0, sizeof *pos);
    if (random_board(g, list, rng, &pos->board) != 0) {
        CHECKF(0, "no random board");
        return 0;
    }
    int unseen[64];
    sk_unseen(L->e, &pos->board, NULL, unseen);
    int blanks = th_below(rng, 4) == 0;
    int n0 = 1 + (int)th_below(rng, 3), n1 = 1 + (int)th_below(rng, n0 == 3 ? 1 : 3);
    draw_rack(rng, unseen, L->a.size, n0, 0, &pos->rack[0]);
    draw_rack(rng, unseen, L->a.size, n1, 0, &pos->rack[1]);
    /* a blank in place of a tile (the tile set is not checked) */
    if (blanks && pos->rack[0].n > 0 && pos->rack[0].n < 3) {
        pos->rack[0].blanks++;
        pos->rack[0].n++;
    } else if (blanks && pos->rack[1].n == 1) {
        pos->rack[1].blanks++;
        pos->rack[1].n++;
    }
    if (pos->rack[0].n == 0 || pos->rack[1].n == 0)
        return 0;
    int kind = (int)th_below(rng, 8);
    if (kind == 0)
        pos->zeroless = 5;
    else if (kind == 1)
        pos->zeroless = 4;
    else if (kind == 2)
        pos->last_pass = 1, pos->zeroless = 1;
    return 1;
}

static void run_lang(const char *code, size_t step, int npos, stats *st)
{
    skfx_lang L;
    if (lang_load(&L, code, step))
        return;
    sk_gen *g = NULL, *g2 = NULL;
    sk_movelist list = {0};
    sk_endgame *s1 = NULL, *s2 = NULL;
    tk_error err;
    REQUIRE(sk_gen_create(&g, L.e, &err) == 0);
    REQUIRE(sk_gen_create(&g2, L.e, &err) == 0);
    REQUIRE(sk_endgame_create(&s1, L.e, 2, 1, &err) == 0);
    REQUIRE(sk_endgame_create(&s2, L.e, 2, 2, &err) == 0);
    oracle o = { L.e, g2, {{0}}, 0, 0, 0 };
    th_rng rng = { 0x5eed0000u + (uint64_t)code[0] };
    for (int i = 0; i < npos; i++) {
        sk_eg_position pos;
        if (!small_position(g, &list, &rng, &L, &pos))
            continue;
        if (getenv("EG_ONLY") && atoi(getenv("EG_ONLY")) != i)
            continue;
        o.nodes = 0;
        o.budget = 1200;
        o.outs = 0;
        int bad = 0;
        int want = minimax(&o, &pos.board, &pos.rack[0], &pos.rack[1], pos.last_pass, pos.zeroless, 0, &bad);
        if (bad) {
            st->skipped++;
            continue;
        }
        st->solved++;
        st->blanks += pos.rack[0].blanks + pos.rack[1].blanks > 0;
        st->no_out += !o.outs;
        st->zeroless += pos.zeroless >= 4;
        sk_eg_opts opts = { 0, 0, 1, 1, 0, 0, 0 };
        sk_eg_result res;
        int rc = sk_endgame_solve(s1, &pos, &opts, &res, &err);
        REQUIRE(rc == 0);
        CHECKF(res.value == want && res.exact, "%s position %d: solver %d (exact %d), oracle %d", code, i,
               res.value, res.exact, want);
        if (getenv("EG_DEBUG") && res.value != want) {
            fprintf(stderr, "racks %d/%d blanks %d/%d zl %d lp %d\n", pos.rack[0].n, pos.rack[1].n, pos.rack[0].blanks,
                    pos.rack[1].blanks, pos.zeroless, pos.last_pass);
            for (int k = 0; k < res.npv; k++)
                fprintf(stderr, "  pv %d: player %d kind %d %d,%d,%d len %d score %d end %d last %d\n", k,
                        res.pv[k].player, res.pv[k].kind, res.pv[k].move.row, res.pv[k].move.col, res.pv[k].move.dir,
                        res.pv[k].move.len, res.pv[k].score, res.pv[k].end, res.pv[k].last);
        }
        /* the principal variation: to the end of the game, worth the value */
        CHECKF(res.npv > 0 && res.pv[res.npv - 1].last, "%s position %d: the PV does not end the game", code, i);
        CHECKF(ply_value_sum(&res) == res.value, "%s position %d: PV adds up to %d, value %d", code, i,
               ply_value_sum(&res), res.value);
        if (res.npv > 0) {
            int v = oracle_after(&o, &pos, &res.pv[0], &bad);
            CHECKF(bad || v == want, "%s position %d: first play worth %d, value %d", code, i, v, want);
            st->pass_best += res.pv[0].kind == SK_PLAY_PASS;
        }
        /* every play listed achieves the value, and every other play does not */
        if (i % 3 == 0)
            st->allbest_multi += check_all_best(&o, g, &list, code, i, &pos, &res, want) > 1;
        sk_eg_result_free(&res);
        /* two threads: the same value */
        sk_eg_opts o2 = { 0, 0, 0, 1, 0, 0, 0 };
        REQUIRE(sk_endgame_solve(s2, &pos, &o2, &res, &err) == 0);
        CHECKF(res.value == want, "%s position %d: 2 threads %d, oracle %d", code, i, res.value, want);
        sk_eg_result_free(&res);
        /* a search cut at 2 plies: exact only when it is right */
        sk_eg_opts o3 = { 0, 2, 0, 1, 0, 0, 0 };
        REQUIRE(sk_endgame_solve(s1, &pos, &o3, &res, &err) == 0);
        CHECKF(!res.exact || res.value == want, "%s position %d: 2-ply search says exact %d, oracle %d", code, i,
               res.value, want);
        CHECK(res.depth <= 2 && res.npv >= 1);
        st->shallow_exact += res.exact;
        sk_eg_result_free(&res);
    }
    for (int d = 0; d < 40; d++)
        sk_movelist_free(&o.lists[d]);
    sk_movelist_free(&list);
    sk_endgame_destroy(s1);
    sk_endgame_destroy(s2);
    sk_gen_destroy(g);
    sk_gen_destroy(g2);
    skfx_lang_free(&L);
}

static void report(const char *code, const stats *st)
{
    printf("# %s: %d positions solved (%d too big for the oracle skipped): %d with blanks, %d pass best, "
           "%d where nobody can go out, %d with 4-5 scoreless turns, %d with several best plays, "
           "%d proven exact by a 2-ply search\n",
           code, st->solved, st->skipped, st->blanks, st->pass_best, st->no_out, st->zeroless, st->allbest_multi,
           st->shallow_exact);
}

static void test_english(void)
{
    stats st = {0};
    run_lang("en", 6, (int)(1500 * th_long_scale(0.1, 20)), &st);
    report("en", &st);
    CHECK(st.solved > 0);
    if (!th_reduced()) {
        CHECK(st.blanks > 0 && st.pass_best > 0 && st.no_out > 0 && st.zeroless > 0);
        /* a cut-off proven by one exact child is exact: some 2-ply searches prove the value */
        CHECK(st.shallow_exact > 0);
    }
}

static void test_icelandic(void)
{
    stats st = {0};
    run_lang("is", 12, (int)(1000 * th_long_scale(0.1, 20)), &st);
    report("is", &st);
    CHECK(st.solved > 0);
    if (!th_reduced()) {
        CHECK(st.blanks > 0 && st.no_out > 0);
    }
}

/* The solver's incremental generator state (sk_genboard: cross-sets and
 * anchors updated per move) lists the same moves in the same order as
 * sk_generate on the board, move after move of random games, for random
 * racks with and without blanks. */
static void test_genboard(void)
{
    skfx_lang L;
    if (lang_load(&L, "en", 4))
        return;
    sk_gen *g1 = NULL, *g2 = NULL;
    tk_error err;
    REQUIRE(sk_gen_create(&g1, L.e, &err) == 0 && sk_gen_create(&g2, L.e, &err) == 0);
    unsigned char *gb[2];
    gb[0] = malloc(tki_sk_genboard_size());
    gb[1] = malloc(tki_sk_genboard_size());
    sk_movelist a = {0}, b = {0};
    th_rng rng = { 77 };
    int games = (int)(30 * th_sanitized_scale(5)), compared = 0;
    for (int gi = 0; gi < games; gi++) {
        sk_board bd;
        memset(&bd, 0, sizeof bd);
        bd.dim = 15;
        bd.rows = 15;
        int cur = 0, started = 0;
        for (int turn = 0; turn < 40; turn++) {
            int unseen[64];
            sk_unseen(L.e, &bd, NULL, unseen);
            sk_rack r;
            draw_rack(&rng, unseen, L.a.size, 7, th_below(&rng, 3) == 0, &r);
            if (r.n == 0)
                break;
            a.limit = 0;
            REQUIRE(sk_generate(g1, &bd, &r, 0, &a, &err) == 0);
            if (started) {
                REQUIRE(tki_sk_generate_on(g2, (const sk_genboard *)gb[cur], &r, &b, &err) == 0);
                int same = a.n == b.n;
                for (size_t k = 0; same && k < a.n; k++)
                    same = skfx_same_move(&a.v[k], &b.v[k]) && a.v[k].score == b.v[k].score;
                CHECKF(same, "game %d turn %d: %zu moves from the board, %zu from the kept state", gi, turn, a.n, b.n);
                compared++;
            }
            if (a.n == 0)
                continue;
            sk_move m = a.v[th_below(&rng, (uint32_t)a.n)];
            sk_board_apply(&bd, &m);
            if (!started) {
                tki_sk_genboard_init(g2, &bd, (sk_genboard *)gb[cur]);
                started = 1;
            } else {
                tki_sk_genboard_apply(g2, (const sk_genboard *)gb[cur], &m, (sk_genboard *)gb[!cur]);
                cur = !cur;
            }
        }
    }
    printf("# %d positions compared\n", compared);
    CHECK(compared > 0);
    sk_movelist_free(&a);
    sk_movelist_free(&b);
    free(gb[0]);
    free(gb[1]);
    sk_gen_destroy(g1);
    sk_gen_destroy(g2);
    skfx_lang_free(&L);
}

/* A position on a random board: the first rack n0 tiles of which nb
 * blanks, the second n1 + (0 .. spread1 - 1) tiles, swapped when swap is
 * set.  0 when unusable (an empty board or an empty second rack). */
static int random_position(sk_gen *g, sk_movelist *list, th_rng *rng, const skfx_lang *L, int n0, int nb, int n1,
                           int spread1, int swap, sk_eg_position *pos)
{
    memset(pos, 0, sizeof *pos);
    int rc = random_board(g, list, rng, &pos->board);
    CHECKF(rc == 0, "random board: error %d", rc);
    if (rc)
        return 0;
    int unseen[64];
    sk_unseen(L->e, &pos->board, NULL, unseen);
    draw_rack(rng, unseen, L->a.size, n0 - nb, 0, &pos->rack[0]);
    pos->rack[0].blanks += nb;
    pos->rack[0].n += nb;
    draw_rack(rng, unseen, L->a.size, n1 + (int)th_below(rng, (uint32_t)spread1), 0, &pos->rack[1]);
    if (pos->rack[1].n == 0 || sk_board_empty(&pos->board))
        return 0;
    if (swap) {
        sk_rack t = pos->rack[0];
        pos->rack[0] = pos->rack[1];
        pos->rack[1] = t;
    }
    return 1;
}

/* The solver's line cache (each side's moves per line state for its root
 * rack, filtered by the tiles left) gives the very lists a move generation
 * at every node gives, in the same order: the same value, the same first
 * play and the same node count, on racks of 4 tiles solved exactly and of 7
 * searched 3 plies deep (with and without blanks) against short ones, either
 * side to move, English and Icelandic. */
static void line_cache_lang(const char *code, size_t step, int npos)
{
    skfx_lang L;
    if (lang_load(&L, code, step))
        return;
    sk_gen *g = NULL;
    sk_movelist list = {0};
    sk_endgame *s1 = NULL, *s2 = NULL;
    tk_error err;
    REQUIRE(sk_gen_create(&g, L.e, &err) == 0);
    REQUIRE(sk_endgame_create(&s1, L.e, 4, 1, &err) == 0);
    REQUIRE(sk_endgame_create(&s2, L.e, 4, 1, &err) == 0);
    tki_sk_eg_line_cache(s2, 0);
    th_rng rng = { 0x11ec0000u + (uint64_t)code[0] };
    int compared = 0, blanks = 0;
    for (int i = 0; i < npos; i++) {
        sk_eg_position pos;
        /* 1, 2, 0 blanks by threes (the first positions have blanks, for a scaled-down run);
         * every third rack of 7 tiles, searched 3 plies deep; odd: the short rack moves first */
        int nb = (i / 3 + 1) % 3, full = i % 3 == 0;
        if (!random_position(g, &list, &rng, &L, full ? 7 : 4, nb, 1, 2, i % 2, &pos))
            continue;
        sk_eg_opts opts = { 0, full ? 3 : 0, 0, 1, 0, 0, 0 };
        sk_eg_result a, b;
        REQUIRE(sk_endgame_solve(s1, &pos, &opts, &a, &err) == 0);
        REQUIRE(sk_endgame_solve(s2, &pos, &opts, &b, &err) == 0);
        CHECKF((full || (a.exact && b.exact)) && a.value == b.value && a.exact == b.exact,
               "%s position %d: line cache %d, generator %d", code, i, a.value, b.value);
        CHECKF(a.nodes == b.nodes, "%s position %d: line cache %llu nodes, generator %llu", code, i,
               (unsigned long long)a.nodes, (unsigned long long)b.nodes);
        CHECKF(a.npv > 0 && b.npv > 0 && a.pv[0].kind == b.pv[0].kind &&
                   (a.pv[0].kind == SK_PLAY_PASS || skfx_same_move(&a.pv[0].move, &b.pv[0].move)),
               "%s position %d: another first play", code, i);
        compared++;
        blanks += nb > 0;
        sk_eg_result_free(&a);
        sk_eg_result_free(&b);
    }
    printf("# %s: %d positions compared (%d with blanks)\n", code, compared, blanks);
    CHECK(compared >= npos / 2 && (blanks > 0 || compared == 0));
    sk_movelist_free(&list);
    sk_endgame_destroy(s1);
    sk_endgame_destroy(s2);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

static void test_line_cache(void)
{
    line_cache_lang("en", 6, (int)(40 * th_long_scale(0.5, 8)));
    line_cache_lang("is", 12, (int)(24 * th_long_scale(0.5, 8)));
}

/* Threads (the root's plays shared out, one table): on endgames of 4-5
 * tiles against 2-3, solved exactly, 2 and 3 threads give the value one
 * thread gives, and a principal variation that ends the game and adds up
 * to it. */
static void threads_lang(const char *code, size_t step, int npos)
{
    skfx_lang L;
    if (lang_load(&L, code, step))
        return;
    sk_gen *g = NULL;
    sk_movelist list = {0};
    sk_endgame *s[3] = { NULL, NULL, NULL };
    tk_error err;
    REQUIRE(sk_gen_create(&g, L.e, &err) == 0);
    for (int t = 0; t < 3; t++)
        REQUIRE(sk_endgame_create(&s[t], L.e, 8, t + 1, &err) == 0);
    th_rng rng = { 0x7472ea00u + (uint64_t)code[0] };
    int compared = 0;
    for (int i = 0; i < npos; i++) {
        sk_eg_position pos;
        if (!random_position(g, &list, &rng, &L, 4 + (int)th_below(&rng, 2), i % 4 == 1, 2, 2, i % 2, &pos))
            continue;
        sk_eg_opts opts = { 0, 0, 0, 1, 0, 0, 0 };
        sk_eg_result r[3];
        for (int t = 0; t < 3; t++)
            REQUIRE(sk_endgame_solve(s[t], &pos, &opts, &r[t], &err) == 0);
        for (int t = 1; t < 3; t++) {
            CHECKF(r[t].exact && r[t].value == r[0].value, "%s position %d: %d threads %d, one thread %d", code, i,
                   t + 1, r[t].value, r[0].value);
            CHECKF(r[t].npv > 0 && r[t].pv[r[t].npv - 1].last && ply_value_sum(&r[t]) == r[t].value,
                   "%s position %d: %d threads: the PV does not end the game worth the value", code, i, t + 1);
            CHECKF(r[t].npv > 0 && r[0].npv > 0 && same_play(&r[t].pv[0], &r[0].pv[0]),
                   "%s position %d: %d threads name another first play than one thread", code, i, t + 1);
        }
        for (int t = 0; t < 3; t++)
            sk_eg_result_free(&r[t]);
        compared++;
    }
    printf("# %s: %d positions solved on 1, 2 and 3 threads\n", code, compared);
    CHECK(compared >= npos / 2);
    sk_movelist_free(&list);
    for (int t = 0; t < 3; t++)
        sk_endgame_destroy(s[t]);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

static void test_threads(void)
{
    threads_lang("en", 6, (int)(24 * th_long_scale(0.5, 8)));
    threads_lang("is", 12, (int)(24 * th_long_scale(0.5, 8)));
}

/* The tile set less the racks out[0..nout), on the board row by row from
 * the fourth row (across the start square; blanks as a blank 'e'). */
static void fill_board(const sk_engine *e, const sk_rack *out, int nout, sk_board *b)
{
    const sk_tileset *ts = sk_engine_tileset(e);
    memset(b, 0, sizeof *b);
    b->dim = b->rows = 15;
    int at = 3 * 15;
    for (int l = 0; l < 64; l++) {
        int n = ts->count[l];
        for (int k = 0; k < nout; k++)
            n -= l ? out[k].count[l] : out[k].blanks;
        for (; n > 0 && at < 15 * 15; n--)
            b->sq[at++] = (uint8_t)(l ? (unsigned)l : SK_BLANK | 5u);
    }
}

/* A mover without a placement (found by fuzz_skcgp: the line cache then
 * held no move at all and the solver offset its NULL move array, the
 * pre-endgame sorted an empty NULL list; undefined behaviour that clang's
 * sanitizer reports): the endgame passes first, the pre-endgame's only
 * candidate is the pass. */
static void test_no_move(void)
{
    skfx_lang L;
    if (lang_load(&L, "en", 6))
        return;
    tk_error err;
    sk_rack out[3];
    REQUIRE(sk_rack_parse(&out[0], L.e, "V", 1, &err) == 0 && sk_rack_parse(&out[1], L.e, "AEEIOUS", 7, &err) == 0 &&
            sk_rack_parse(&out[2], L.e, "T", 1, &err) == 0);
    sk_eg_position pos;
    memset(&pos, 0, sizeof pos);
    pos.rack[0] = out[0];
    pos.rack[1] = out[1];
    sk_gen *g = NULL;
    sk_endgame *s = NULL;
    sk_movelist list = {0};
    REQUIRE(sk_gen_create(&g, L.e, &err) == 0 && sk_endgame_create(&s, L.e, 1, 1, &err) == 0);
    sk_eg_opts o = { .plies = 2 };
    for (int pre = 0; pre < 2; pre++) {
        fill_board(L.e, out, 2 + pre, &pos.board);
        REQUIRE(sk_position_check(L.e, &pos.board, &out[0], &err) == 0);
        REQUIRE(sk_generate(g, &pos.board, &out[0], 0, &list, &err) == 0);
        CHECKF(list.n == 0, "the rack V has %zu placements (the test wants none)", list.n);
        if (!pre) {
            sk_eg_result r;
            CHECKF(sk_endgame_solve(s, &pos, &o, &r, &err) == 0 && r.npv >= 1 && r.pv[0].kind == SK_PLAY_PASS,
                   "endgame: %s", err.msg);
            sk_eg_result_free(&r);
        } else {
            sk_peg *p = NULL;
            sk_peg_result r = { 0 };
            REQUIRE(sk_peg_create(&p, L.e, 1, 1, &err) == 0);
            CHECKF(sk_peg_solve(p, &pos.board, &out[0], NULL, &r, &err) == 0 && r.n == 1 &&
                       r.cand[0].play.kind == SK_PLAY_PASS, "pre-endgame: %s", err.msg);
            sk_peg_result_free(&r);
            sk_peg_destroy(p);
        }
    }
    sk_movelist_free(&list);
    sk_endgame_destroy(s);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

static const th_test tests[] = {
    { "no_move", test_no_move },
    { "genboard", test_genboard },
    { "line_cache", test_line_cache },
    { "english", test_english },
    { "icelandic", test_icelandic },
    { "threads", test_threads },
    { 0, 0 }
};

int main(int argc, char **argv) { return th_main("endgame_oracle", tests, argc, argv); }
