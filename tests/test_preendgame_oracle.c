/* test_preendgame_oracle.c - the pre-endgame (tilekit/skendgame.h)
 * against a brute force.
 *
 * The brute force treats the unseen tiles as distinct objects and deals
 * them in every way: every ordered choice of the bag's tiles from them
 * (the rest is the opponent's rack), each deal equally likely.  For every
 * play of the mover (every placement from the move generator, itself
 * checked by test_skrafl_oracle, and the pass) and every deal, the game
 * after the play is walked to its end by plain minimax with no pruning and
 * no table: the mover draws the first tiles of the bag after the play
 * (as many as it placed), the players alternate, each turn a placement of
 * the own rack (then drawing from the front of the bag) or a pass; a
 * player who empties the rack with the bag empty goes out (+2x the other
 * rack); two passes in a row with the bag empty, or a sixth scoreless
 * turn, end the game with each side losing its rack.  These rules are
 * written out here again; nothing is shared with the solver but the move
 * generator.  A play's win probability is the share of deals whose final
 * spread is positive (a tie counts half), its expected spread the mean.
 *
 * Positions: boards of random self-play games on a sample of the English
 * list, stopped after some turns; racks of 1-3 tiles for both sides, a bag
 * of 1-2 tiles (sometimes a blank among them), drawn from what the board
 * leaves; the tile set of each position is exactly the board's tiles and
 * these, so the solver sees the same unseen tiles (told that the opponent
 * holds the short rack).  Sometimes 4 or 5 scoreless turns are counted.
 * For each position the solver run to the end (its default schedule and
 * one that keeps every candidate) gives every play the brute force's win
 * probability and expected spread, marked exact, in the same order (by
 * win, then spread); 2 threads give the same result; and the draws weigh
 * U! / (U - bag)! in all; a stage of proofs alone (SK_PEG_WIN) gives every
 * play the brute force's win probability.  TK_LONG=1: more positions,
 * racks of up to 3 tiles and bags of up to 3.
 *
 * The greedy playout (sk_eg_playout, the first stage's value) against its
 * policy written out again here: the same value on endgames and on
 * positions with a known bag, racks of 1-7 tiles.
 */
#include "support/skrafl_fixture.h"
#include "tilekit/dawg.h"
#include "tilekit/skendgame.h"
#include "tilekit/skgame.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the brute force ----------------------------------------------------------------- */

typedef struct bf {
    const sk_engine *e;
    sk_gen *g;
    sk_movelist lists[48];
    long nodes, budget;
    int bad;
} bf;

/* The game from here for `me` to move: board b, the bag bag[at..nbag),
 * passed: the last turn was a pass, zl: scoreless turns in a row. */
static int mm(bf *o, sk_board *b, const sk_rack *me, const sk_rack *opp, const int *bag, int at, int nbag, int passed,
              int zl, int depth)
{
    if (++o->nodes > o->budget || depth >= 46) {
        o->bad = 1;
        return 0;
    }
    int best;
    if ((passed && at == nbag) || zl + 1 >= 6)
        best = skfx_rack_points(o->e, opp) - skfx_rack_points(o->e, me);
    else
        best = -mm(o, b, opp, me, bag, at, nbag, 1, zl + 1, depth + 1);
    sk_movelist *L = &o->lists[depth];
    L->limit = 0;
    tk_error err;
    if (sk_generate(o->g, b, me, 0, L, &err)) {
        o->bad = 1;
        return 0;
    }
    for (size_t i = 0; i < L->n && !o->bad; i++) {
        sk_move m = L->v[i];
        sk_rack left = *me;
        skfx_take_tiles(&left, &m);
        int got = 0;
        while (got < m.ntiles && at + got < nbag)
            skfx_rack_add(&left, bag[at + got++]);
        int v;
        if (left.n == 0)
            v = m.score + 2 * skfx_rack_points(o->e, opp);
        else if (m.score == 0 && zl + 1 >= 6)
            v = skfx_rack_points(o->e, opp) - skfx_rack_points(o->e, &left);
        else {
            skfx_place(b, &m, 0);
            v = m.score - mm(o, b, opp, &left, bag, at + got, nbag, 0, m.score ? 0 : zl + 1, depth + 1);
            skfx_place(b, &m, 1);
        }
        if (v > best)
            best = v;
    }
    return best;
}

typedef struct play_val {
    sk_play play;
    double win, spread;
} play_val;

/* Every deal of the unseen tiles u[0..nu) (as distinct objects): the bag
 * seq[0..nbag) of distinct tile indices in order; fn called for each. */
typedef struct deal {
    int tile[32];          /* tile index -> letter */
    int nu, nbag;
    int seq[8];
    int used[32];
} deal;

/* The mover's change over one deal for play p (NULL: the pass). */
static int deal_value(bf *o, const sk_board *b0, const sk_rack *rack, const deal *d, const sk_move *p, int zl0)
{
    int bag[8];
    for (int i = 0; i < d->nbag; i++)
        bag[i] = d->tile[d->seq[i]];
    sk_rack opp;
    memset(&opp, 0, sizeof opp);
    for (int t = 0; t < d->nu; t++) {
        int inbag = 0;
        for (int i = 0; i < d->nbag; i++)
            inbag |= d->seq[i] == t;
        if (!inbag)
            skfx_rack_add(&opp, d->tile[t]);
    }
    sk_board b = *b0;
    sk_rack me = *rack;
    if (!p) {
        if (zl0 + 1 >= 6)
            return skfx_rack_points(o->e, &opp) - skfx_rack_points(o->e, &me);
        return -mm(o, &b, &opp, &me, bag, 0, d->nbag, 1, zl0 + 1, 1);
    }
    skfx_take_tiles(&me, p);
    int got = 0;
    while (got < p->ntiles && got < d->nbag)
        skfx_rack_add(&me, bag[got++]);
    if (p->score == 0 && zl0 + 1 >= 6)
        return skfx_rack_points(o->e, &opp) - skfx_rack_points(o->e, &me);
    skfx_place(&b, p, 0);
    return p->score - mm(o, &b, &opp, &me, bag, got, d->nbag, 0, p->score ? 0 : zl0 + 1, 1);
}

/* Win and spread of play p over every deal (recursing over the bag's
 * positions); sums into *win2 (2 a win, 1 a tie), *sum, *cnt. */
static void deals(bf *o, deal *d, int i, const sk_board *b, const sk_rack *rack, const sk_move *p, int zl0, int spread,
                  long *win2, long *sum, long *cnt)
{
    if (o->bad)
        return;
    if (i == d->nbag) {
        int v = deal_value(o, b, rack, d, p, zl0);
        int fin = spread + v;
        *win2 += fin > 0 ? 2 : fin == 0 ? 1 : 0;
        *sum += v;
        ++*cnt;
        return;
    }
    for (int t = 0; t < d->nu; t++) {
        if (d->used[t])
            continue;
        d->used[t] = 1;
        d->seq[i] = t;
        deals(o, d, i + 1, b, rack, p, zl0, spread, win2, sum, cnt);
        d->used[t] = 0;
    }
}

/* Every play's figures by the brute force into v (*n plays); 0, or -1
 * when the tree is too big. */
static int brute_force(bf *o, const sk_board *b, const sk_rack *rack, const int unseen[64], int nbag, int zl0,
                       int spread, play_val *v, size_t *n)
{
    deal d;
    memset(&d, 0, sizeof d);
    for (int l = 0; l < 64; l++)
        for (int k = 0; k < unseen[l]; k++)
            d.tile[d.nu++] = l;
    d.nbag = nbag;
    sk_movelist L = {0};
    tk_error err;
    if (sk_generate(o->g, b, rack, 0, &L, &err))
        return -1;
    *n = 0;
    o->bad = 0;
    for (size_t k = 0; k <= L.n && !o->bad; k++) {
        const sk_move *p = k < L.n ? &L.v[k] : NULL;
        long win2 = 0, sum = 0, cnt = 0;
        deals(o, &d, 0, b, rack, p, zl0, spread, &win2, &sum, &cnt);
        play_val *x = &v[(*n)++];
        memset(x, 0, sizeof *x);
        x->play.kind = p ? SK_PLAY_MOVE : SK_PLAY_PASS;
        if (p)
            x->play.move = *p;
        x->win = (double)win2 / (2.0 * (double)cnt);
        x->spread = (double)sum / (double)cnt;
    }
    sk_movelist_free(&L);
    return o->bad ? -1 : 0;
}

/* English (every 2-3 letter word, every step-th longer one), or a skip
 * and 1 when it cannot be loaded. */
static int load_en(skfx_lang *L, size_t step)
{
    skfx_sample smp = { 8, 1, step };
    if (skfx_lang_load(L, "en", smp, SKFX_ENGINE) == 0)
        return 0;
    th_skip("cannot load the shipped word list / alphabet / tiles");
    return 1;
}

/* ---- positions ----------------------------------------------------------------------- */

static int random_board(sk_gen *g, sk_movelist *list, th_rng *rng, sk_board *b)
{
    static skfx_boards bs = { .reuse = 8 };
    return skfx_random_board(&bs, g, list, rng, b);
}

typedef struct stats {
    int solved, skipped, blanks, pass_best, ties, zeroless, bag2, eliminated, first_best;
} stats;

static int same_play(const sk_play *a, const sk_play *b)
{
    return a->kind == b->kind && (a->kind == SK_PLAY_PASS || skfx_same_move(&a->move, &b->move));
}

/* The brute force's figures of play p (NULL: none). */
static const play_val *find_play(const play_val *v, size_t n, const sk_play *p)
{
    for (size_t j = 0; j < n; j++)
        if (same_play(&v[j].play, p))
            return &v[j];
    return NULL;
}

/* Compare a result with the brute force's figures: every play, the same
 * figures, ranked by them; all exact (all_exact), or else those marked
 * exact (and the candidates of the last stage are). */
static void compare(const char *what, int i, const sk_peg_result *r, const play_val *v, size_t n, int all_exact)
{
    CHECKF(r->n == n && r->legal == n && r->considered == n && r->complete, "position %d %s: %zu candidates of %zu "
           "legal, %zu considered, complete %d; brute force %zu plays", i, what, r->n, r->legal, r->considered,
           r->complete, n);
    for (size_t k = 0; k < r->n; k++) {
        const sk_peg_cand *c = &r->cand[k];
        const play_val *x = find_play(v, n, &c->play);
        CHECKF(x != NULL, "position %d %s: candidate %zu is no play of the brute force", i, what, k);
        if (!x)
            continue;
        if (!all_exact && !c->exact) {
            CHECKF(c->stage < r->nstages - 1, "position %d %s: candidate %zu of the last stage inexact", i, what, k);
            continue;
        }
        CHECKF(c->exact && c->valued && fabs(c->win - x->win) < 1e-9 && fabs(c->spread - x->spread) < 1e-9,
               "position %d %s: candidate %zu (kind %d, score %d): win %.6f spread %.4f exact %d; brute force "
               "win %.6f spread %.4f", i, what, k, c->play.kind, c->play.score, c->win, c->spread, c->exact, x->win,
               x->spread);
        if (k > 0 && (all_exact || (r->cand[k - 1].exact && r->cand[k - 1].stage == c->stage))) {
            const sk_peg_cand *a = &r->cand[k - 1];
            CHECKF(a->win > c->win + 1e-12 || (fabs(a->win - c->win) < 1e-12 && a->spread >= c->spread - 1e-12),
                   "position %d %s: candidates %zu and %zu out of order", i, what, k - 1, k);
        }
    }
}

/* After a stage of proofs alone (SK_PEG_WIN): every play's win
 * probability is the brute force's and proven. */
static void compare_wins(int i, const sk_peg_result *r, const play_val *v, size_t n)
{
    CHECKF(r->n == n && r->complete, "position %d wins: %zu candidates, complete %d", i, r->n, r->complete);
    for (size_t k = 0; k < r->n; k++) {
        const sk_peg_cand *c = &r->cand[k];
        const play_val *x = find_play(v, n, &c->play);
        CHECKF(x && c->win_exact && fabs(c->win - x->win) < 1e-9, "position %d wins: candidate %zu win %.6f (proven "
               "%d), brute force %.6f", i, k, c->win, c->win_exact, x ? x->win : -1.0);
        if (k > 0)
            CHECKF(r->cand[k - 1].win >= c->win - 1e-12, "position %d wins: candidates %zu and %zu out of order", i,
                   k - 1, k);
    }
}

static int results_equal(const sk_peg_result *a, const sk_peg_result *b)
{
    if (a->n != b->n || a->complete != b->complete)
        return 0;
    for (size_t k = 0; k < a->n; k++)
        if (!same_play(&a->cand[k].play, &b->cand[k].play) || a->cand[k].win != b->cand[k].win ||
            a->cand[k].spread != b->cand[k].spread || a->cand[k].exact != b->cand[k].exact ||
            a->cand[k].plies != b->cand[k].plies)
            return 0;
    return 1;
}

/* One position: racks and bag drawn from what the board leaves, the tile
 * set made of them. */
static void one_position(skfx_lang *L, sk_gen *g, sk_movelist *list, th_rng *rng, int i, int maxme, int maxrack,
                         int maxbag, stats *st)
{
    sk_board b;
    REQUIRE(random_board(g, list, rng, &b) == 0);
    int pool[64];
    sk_unseen(L->e, &b, NULL, pool);
    pool[0] = 0;
    if (th_below(rng, 2) == 0)
        pool[0] = 1;   /* a blank among the tiles to draw */
    int nl = L->a.size;
    sk_rack me, opp;
    memset(&me, 0, sizeof me);
    memset(&opp, 0, sizeof opp);
    skfx_fill_rack(rng, pool, nl, 1, 1 + (int)th_below(rng, (uint32_t)maxme), &me);
    int nbag = 1 + (int)th_below(rng, (uint32_t)maxbag);
    /* the unseen tiles at most maxrack + 1: the brute force deals them in every order */
    int nopp = 1 + (int)th_below(rng, (uint32_t)(maxrack + 1 - nbag > 1 ? maxrack + 1 - nbag : 1));
    skfx_fill_rack(rng, pool, nl, 1, nopp, &opp);
    int unseen[64] = {0};
    for (int l = 0; l < 64; l++)
        unseen[l] = opp.count[l];
    unseen[0] = opp.blanks;
    for (int k = 0; k < nbag; k++) {
        int t = skfx_draw(rng, pool, nl);
        if (t < 0) {
            st->skipped++;   /* the board leaves too few tiles */
            return;
        }
        unseen[t]++;
    }
    /* the tile set: the board's tiles, the mover's, the unseen ones */
    sk_tileset ts = L->ts;
    ts.total = 0;
    for (int l = 0; l <= nl; l++)
        ts.count[l] = unseen[l] + (l ? me.count[l] : me.blanks);
    for (int q = 0; q < b.dim * b.dim; q++)
        if (b.sq[q])
            ts.count[(b.sq[q] & SK_BLANK) ? 0 : (b.sq[q] & SK_LETTER)]++;
    for (int l = 0; l <= nl; l++)
        ts.total += ts.count[l];
    sk_engine *e = NULL;
    tk_error err;
    REQUIRE(sk_engine_create(&e, L->dawg, &ts, &L->lay, &err) == 0);
    /* scoreless turns so far: with tiles in the bag only the sixth ends a
     * run of passes, so the brute force's trees are smaller with more */
    static const int zls[8] = { 5, 4, 3, 3, 2, 2, 1, 0 };
    int zl = zls[th_below(rng, 8)];
    int spread = (int)th_below(rng, 41) - 20;
    sk_gen *g2 = NULL;
    REQUIRE(sk_gen_create(&g2, e, &err) == 0);
    bf o = { e, g2, {{0}}, 0, 12000, 0 };
    play_val v[512];
    size_t n = 0;
    sk_movelist probe = {0};
    REQUIRE(sk_generate(g2, &b, &me, 0, &probe, &err) == 0);
    if (probe.n < 500 && brute_force(&o, &b, &me, unseen, nbag, zl, spread, v, &n) == 0) {
        sk_peg *p1 = NULL, *p2 = NULL;
        REQUIRE(sk_peg_create(&p1, e, 2, 1, &err) == 0);
        REQUIRE(sk_peg_create(&p2, e, 2, 2, &err) == 0);
        sk_peg_opts po = { 0, spread, zl, opp.n, NULL, 0, NULL, 0 };
        sk_peg_result r1, r2, r3, r4;
        REQUIRE(sk_peg_solve(p1, &b, &me, &po, &r1, &err) == 0);
        compare("default schedule", i, &r1, v, n, 0);
        CHECKF(r1.weight == (nbag == 1 ? (uint64_t)(opp.n + 1)
                             : nbag == 2 ? (uint64_t)(opp.n + 2) * (uint64_t)(opp.n + 1)
                                         : (uint64_t)(opp.n + 3) * (uint64_t)(opp.n + 2) * (uint64_t)(opp.n + 1)),
               "position %d: the draws weigh %llu", i, (unsigned long long)r1.weight);
        /* every candidate through every stage */
        static const sk_peg_stage all[] = { { 0, SK_PEG_GREEDY, 0 }, { 0, 1, 0 }, { 0, SK_PEG_EXACT, 0 } };
        po.stages = all;
        po.nstages = 3;
        REQUIRE(sk_peg_solve(p1, &b, &me, &po, &r3, &err) == 0);
        compare("keeping every candidate", i, &r3, v, n, 1);
        /* proofs of win, tie or loss only: the win probabilities exact */
        static const sk_peg_stage wins[] = { { 0, SK_PEG_GREEDY, 0 }, { 0, 1, 0 }, { 0, SK_PEG_WIN, 0 } };
        po.stages = wins;
        REQUIRE(sk_peg_solve(p1, &b, &me, &po, &r4, &err) == 0);
        compare_wins(i, &r4, v, n);
        sk_peg_result_free(&r4);
        po.stages = NULL;
        po.nstages = 0;
        REQUIRE(sk_peg_solve(p2, &b, &me, &po, &r2, &err) == 0);
        CHECKF(results_equal(&r1, &r2), "position %d: 2 threads give another result", i);
        st->solved++;
        st->blanks += me.blanks + opp.blanks + unseen[0] > 0;
        st->pass_best += r1.n && r1.cand[0].play.kind == SK_PLAY_PASS;
        st->ties += r1.n > 1 && r1.cand[0].win == r1.cand[1].win;
        st->eliminated += !r1.cand[r1.n - 1].exact;
        st->first_best += r1.cand[0].win == r3.cand[0].win && r1.cand[0].spread == r3.cand[0].spread;
        st->zeroless += zl >= 4;
        st->bag2 += nbag >= 2;
        sk_peg_result_free(&r1);
        sk_peg_result_free(&r2);
        sk_peg_result_free(&r3);
        sk_peg_destroy(p1);
        sk_peg_destroy(p2);
    } else {
        st->skipped++;
        if (getenv("PEG_DEBUG"))
            fprintf(stderr, "skip %d: me %d opp %d bag %d zl %d plays %zu nodes %ld\n", i, me.n, opp.n, nbag, zl,
                    probe.n, o.nodes);
    }
    sk_movelist_free(&probe);
    for (int d = 0; d < 48; d++)
        sk_movelist_free(&o.lists[d]);
    sk_gen_destroy(g2);
    sk_engine_destroy(e);
}

/* npos positions: the mover's rack of 1..maxme tiles, the opponent's and
 * the bag together at most maxrack + 1, the bag 1..maxbag; at least `want`
 * of them small enough for the brute force (its node budget is fixed, so
 * the count is the same every run). */
static void run(int npos, int maxme, int maxrack, int maxbag, int want)
{
    skfx_lang L;
    if (load_en(&L, 6))
        return;
    sk_gen *g = NULL;
    sk_movelist list = {0};
    tk_error err;
    REQUIRE(sk_gen_create(&g, L.e, &err) == 0);
    th_rng rng = { 0x9e6ull + (uint64_t)maxrack * 131 + (uint64_t)maxbag };
    stats st = {0};
    for (int i = 0; i < npos; i++)
        one_position(&L, g, &list, &rng, i, maxme, maxrack, maxbag, &st);
    printf("# %d positions compared (%d too big for the brute force skipped): %d with a blank, %d with 2+ in the bag, "
           "%d the pass best, %d with the first two tied on winning, %d with 4-5 scoreless turns; the default schedule "
           "eliminated candidates in %d, its first play is a best one in %d\n",
           st.solved, st.skipped, st.blanks, st.bag2, st.pass_best, st.ties, st.zeroless, st.eliminated, st.first_best);
    CHECKF(st.solved >= want, "%d positions compared, %d wanted", st.solved, want);
    if (!th_reduced())
        CHECK(st.blanks > 0 && st.bag2 > 0 && st.zeroless > 0 && st.ties > 0);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

/* ---- the greedy playout ---------------------------------------------------------------- */

/* The playout's policy written out again: the highest-scoring placement
 * (with the bag empty and 3 tiles or fewer, a placement that goes out
 * first, by score + twice the other rack), ties in sk_move_cmp order; the
 * pass when there is none; drawing from the front of the bag; the game's
 * end by the rules of the brute force. */
static int my_playout(bf *o, sk_board *b, sk_rack me, sk_rack opp, const int *bag, int nbag, int passed, int zl)
{
    int total = 0, sign = 1, at = 0;
    sk_movelist L = {0};
    tk_error err;
    for (int turn = 0; turn < 60; turn++) {
        L.limit = 0;
        if (sk_generate(o->g, b, &me, 0, &L, &err))
            break;
        int outs = at == nbag && me.n <= 3, best = -1;
        long bk = 0;
        for (size_t i = 0; i < L.n; i++) {
            long k = outs && L.v[i].ntiles == me.n ? 1000000 + L.v[i].score + 2 * skfx_rack_points(o->e, &opp) : L.v[i].score;
            if (best < 0 || k > bk || (k == bk && sk_move_cmp(o->e, &L.v[i], &L.v[best]) < 0)) {
                best = (int)i;
                bk = k;
            }
        }
        if (best < 0) {
            if ((passed && at == nbag) || zl + 1 >= 6) {
                total += sign * (skfx_rack_points(o->e, &opp) - skfx_rack_points(o->e, &me));
                break;
            }
            passed = 1;
            zl++;
        } else {
            sk_move m = L.v[best];
            skfx_take_tiles(&me, &m);
            for (int got = 0; got < m.ntiles && at < nbag; got++)
                skfx_rack_add(&me, bag[at++]);
            skfx_place(b, &m, 0);
            total += sign * m.score;
            if (me.n == 0) {
                total += sign * 2 * skfx_rack_points(o->e, &opp);
                break;
            }
            if (m.score == 0 && zl + 1 >= 6) {
                total += sign * (skfx_rack_points(o->e, &opp) - skfx_rack_points(o->e, &me));
                break;
            }
            passed = 0;
            zl = m.score ? 0 : zl + 1;
        }
        sk_rack t = me;
        me = opp;
        opp = t;
        sign = -sign;
    }
    sk_movelist_free(&L);
    return total;
}

/* sk_eg_playout's value (the greedy stage's) is the policy's, on endgames
 * and positions with a known bag of 1-2 tiles, racks of 1-7 tiles. */
static void test_playout(void)
{
    skfx_lang L;
    if (load_en(&L, 4))
        return;
    sk_gen *g = NULL;
    sk_endgame *s = NULL;
    sk_movelist list = {0};
    tk_error err;
    REQUIRE(sk_gen_create(&g, L.e, &err) == 0);
    REQUIRE(sk_endgame_create(&s, L.e, 1, 1, &err) == 0);
    bf o = { L.e, g, {{0}}, 0, 0, 0 };
    th_rng rng = { 0x91a7ull };
    int npos = (int)(300 * th_sanitized_scale(10)), compared = 0, with_bag = 0;
    for (int i = 0; i < npos; i++) {
        sk_eg_position pos;
        memset(&pos, 0, sizeof pos);
        REQUIRE(random_board(g, &list, &rng, &pos.board) == 0);
        int pool[64];
        sk_unseen(L.e, &pos.board, NULL, pool);
        pool[0] = th_below(&rng, 3) == 0;
        skfx_fill_rack(&rng, pool, L.a.size, 1, 1 + (int)th_below(&rng, 7), &pos.rack[0]);
        skfx_fill_rack(&rng, pool, L.a.size, 1, 1 + (int)th_below(&rng, 7), &pos.rack[1]);
        int nbag = (int)th_below(&rng, 3), bag[2];
        uint8_t bag8[2];
        for (int k = 0; k < nbag; k++)
            bag8[k] = (uint8_t)(bag[k] = skfx_draw(&rng, pool, L.a.size));
        if (pos.rack[0].n == 0 || pos.rack[1].n == 0 || (nbag && bag[nbag - 1] < 0))
            continue;
        pos.zeroless = (int)th_below(&rng, 4);
        sk_eg_opts eo = { 0, 0, 0, 1, 0, 0, 0 };
        sk_eg_result r;
        REQUIRE(sk_eg_playout(s, &pos, bag8, nbag, &eo, &r, &err) == 0);
        sk_board b = pos.board;
        int want = my_playout(&o, &b, pos.rack[0], pos.rack[1], bag, nbag, 0, pos.zeroless);
        CHECKF(r.value == want && !r.exact, "position %d: playout %d (exact %d), the policy %d", i, r.value, r.exact,
               want);
        sk_eg_result_free(&r);
        compared++;
        with_bag += nbag > 0;
    }
    printf("# %d playouts compared (%d with a known bag)\n", compared, with_bag);
    CHECK(compared >= npos / 2 && with_bag > 0);
    sk_movelist_free(&list);
    sk_endgame_destroy(s);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

static void test_small(void)
{
    int n = (int)(150 * th_sanitized_scale(10));
    run(n, 2, 2, 2, n / 4);
}

static void test_long(void)
{
    const char *lng = getenv("TK_LONG");
    if (!lng || strcmp(lng, "1") != 0) {
        th_skip("TK_LONG=1 runs it");
        return;
    }
    run(600, 3, 3, 3, 100);   /* larger racks: about one in five within the budget (122) */
}

static const th_test tests[] = {
    { "playout", test_playout },
    { "small", test_small },
    { "long", test_long },
    { 0, 0 }
};

int main(int argc, char **argv) { return th_main("preendgame_oracle", tests, argc, argv); }
