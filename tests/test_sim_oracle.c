/* test_sim_oracle.c - the simulation (sk_sim) against an exact oracle.
 *
 * Positions: the late turns of self-play games (English, a small dictionary)
 * where the mover sees 8 or 9 unseen tiles, so the bag holds 1 or 2: every
 * draw can be enumerated.  The oracle computes the exact expectation of a
 * one-ply simulation of each candidate with nothing of sim.c: it enumerates
 * the opponent's rack R (a sub-multiset of 7 unseen tiles) and the mover's
 * draw D after the candidate (a sub-multiset of the rest), each pair
 * weighted by the number of arrangements of the unseen tiles that deal it
 * (7!/prod R! * |D|!/prod D! * rest!/prod rest!), applies the candidate and
 * the draw with its own code, and finds the opponent's reply by taking the
 * maximum (equity, score) over the full move list (sk_generate, which has
 * its own oracle in test_skrafl_oracle.c) and the pass, with the equity,
 * end-game and going-out rules of tilekit/sksim.h written out again.  The
 * leave values are the test's own (a hash of the tile counts).
 *
 *   - exact mode (every arrangement once) must give exactly the oracle's
 *     integer sum of weighted values;
 *   - a Monte Carlo run (60 iterations) must fall within its 99.9% interval
 *     of the exact mean (a thousand candidate cases; at most 2.5% may miss:
 *     the values are skewed, see below);
 *   - the same seed and iterations give identical results with 1 and 3
 *     threads, with and without the confidence rule;
 *   - sk_sim_static_best picks the play sk_best_play picks from the full list;
 *   - an empty bag, a pass-only position and missing stopping rules are errors.
 * Under the sanitizers the number of positions is a quarter.
 */
#include "support/skrafl_fixture.h"
#include "tilekit/dawg.h"
#include "tilekit/sksim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static skfx_lang EN;
static int en_state;   /* 0 not tried, 1 loaded, -1 failed */

/* All 2-3 letter words and every 6th longer one up to 7 letters; the
 * built-in tile set and standard layout. */
static int lang_load(skfx_lang *L)
{
    skfx_sample s = { 7, 1, 6 };
    return skfx_lang_load(L, "en", s, SKFX_BUILTIN_TILES | SKFX_ENGINE);
}

static skfx_lang *en(void)
{
    if (en_state == 0)
        en_state = lang_load(&EN) ? -1 : 1;
    if (en_state < 0) {
        th_skip("data/words/en.txt or data/alphabets/en.txt not readable");
        return NULL;
    }
    return &EN;
}

/* The test's leave values: a hash of the counts, -10..10 points. */
static int32_t hash_leave(void *ctx, const uint8_t c[64])
{
    (void)ctx;
    return (int32_t)(skfx_counts_hash(1469598103934665603ull, c, 64) % 20001) - 10000;
}

/* Leaves that favour keeping at most one tile (so exchanges are often best). */
static int32_t swap_leave(void *ctx, const uint8_t c[64])
{
    int n = 0;
    for (int l = 0; l < 64; l++)
        n += c[l];
    return hash_leave(ctx, c) + (n <= 1 ? 30000 : 0);
}

/* ---- positions: late turns of self-play games ----------------------------------------------- */

typedef struct pos {
    sk_board b;
    sk_rack r;
    int unseen;
} pos;

static int count_unseen(const sk_engine *e, const sk_board *b, const sk_rack *r, int u[64])
{
    return skfx_unseen(sk_engine_tileset(e), b, r, u);
}

/* Up to `max` positions whose mover sees lo..hi unseen tiles, from game seeds `seed`, `seed`+1, ... */
static int collect(const skfx_lang *L, pos *out, int max, int lo, int hi, uint64_t seed)
{
    sk_gen *g = NULL;
    sk_movelist list = {0};
    sk_game *gm = malloc(sizeof *gm);
    tk_error err = {0};
    if (!gm || sk_gen_create(&g, L->e, &err)) {
        free(gm);
        return 0;
    }
    sk_player pl[2] = { { "a", SK_STRAT_EQUITY, hash_leave, NULL }, { "b", SK_STRAT_EQUITY, hash_leave, NULL } };
    int n = 0;
    for (uint64_t s = seed; n < max && s < seed + 20 * (uint64_t)max + 100; s++) {
        if (sk_selfplay(g, &list, pl, (int)(s % 2), s, gm, &err))
            break;
        sk_board b;
        memset(&b, 0, sizeof b);
        b.dim = L->e ? sk_engine_layout(L->e)->dim : 15;
        b.rows = b.dim;
        int taken = 0;
        for (int t = 0; t < gm->nturns && n < max; t++) {
            const sk_turn *tu = &gm->turns[t];
            if (tu->kind > SK_TURN_PASS)
                break;
            int u[64];
            int nu = count_unseen(L->e, &b, &tu->rack, u);
            if (nu >= lo && nu <= hi) {
                out[n].b = b;
                out[n].r = tu->rack;
                out[n].unseen = nu;
                n++;
                if (++taken == 2)
                    break;   /* two positions a game at most */
            }
            if (tu->kind == SK_TURN_MOVE)
                skfx_place(&b, &tu->play.move, 0);
        }
    }
    free(gm);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    return n;
}

/* ---- the oracle ------------------------------------------------------------------------------- */

static int face(const sk_engine *e, const int c[64])
{
    const sk_tileset *ts = sk_engine_tileset(e);
    int v = 0;
    for (int l = 0; l <= ts->nletters; l++)
        v += c[l] * ts->value[l];
    return v;
}

static void rack_to(const sk_rack *r, int c[64])
{
    for (int l = 0; l < 64; l++)
        c[l] = r->count[l];
    c[0] = r->blanks;
}

static void to_rack(const int c[64], sk_rack *r)
{
    memset(r, 0, sizeof *r);
    for (int l = 1; l < 64; l++) {
        r->count[l] = (uint8_t)c[l];
        r->n += c[l];
    }
    r->blanks = c[0];
    r->n += c[0];
}

static int64_t keep_value(const sk_engine *e, const int kept[64], int bag, int other_face)
{
    int n = 0;
    uint8_t k8[64];
    for (int l = 0; l < 64; l++) {
        n += kept[l];
        k8[l] = (uint8_t)kept[l];
    }
    if (bag > 0)
        return hash_leave(NULL, k8);
    return n == 0 ? 2000 * (int64_t)other_face : -2000 * (int64_t)face(e, kept);
}

typedef struct oracle {
    const sk_engine *e;
    sk_gen *g;
    sk_movelist list;
    const pos *p;
    const sk_play *cand;
    int unseen[64];
    int cand_tiles[64];        /* tiles the candidate takes from the rack */
    int ntiles;                /* how many */
    int bag;                   /* bag before the candidate's draw */
    int64_t sum;               /* sum of count * value */
    uint64_t total;            /* sum of counts */
} oracle;

static uint64_t fact(int n)
{
    uint64_t f = 1;
    for (int i = 2; i <= n; i++)
        f *= (uint64_t)i;
    return f;
}

static uint64_t arrangements_of(const int c[64])
{
    int n = 0;
    uint64_t d = 1;
    for (int l = 0; l < 64; l++) {
        n += c[l];
        d *= fact(c[l]);
    }
    return fact(n) / d;
}

/* The value of the candidate for opponent rack R and mover's draw D. */
static int64_t one_ply(oracle *o, const int R[64], const int D[64])
{
    const sk_engine *e = o->e;
    sk_board b = o->p->b;
    int mine[64];
    rack_to(&o->p->r, mine);
    int ndraw = 0;
    for (int l = 0; l < 64; l++) {
        mine[l] -= o->cand_tiles[l];
        ndraw += D[l];
    }
    int64_t kept_leave = keep_value(e, mine, o->bag, 0);   /* the bag holds tiles: a table value */
    for (int l = 0; l < 64; l++)
        mine[l] += D[l];
    int bag = o->bag - ndraw, nmine = 0;
    for (int l = 0; l < 64; l++)
        nmine += mine[l];
    int64_t S = 0;
    int passes = 0;
    if (o->cand->kind == SK_PLAY_MOVE) {
        skfx_place(&b, &o->cand->move, 0);
        S = (int64_t)o->cand->score * 1000;
        if (nmine == 0)
            return S + 2000 * (int64_t)face(e, R);
    } else {
        passes = 1;
    }
    /* the opponent's best reply by (equity, score) */
    sk_rack rr;
    to_rack(R, &rr);
    int myface = face(e, mine);
    int64_t best_eq = keep_value(e, R, bag, myface);
    int best_score = 0, best_out = 0, best_pass = 1;
    tk_error err = {0};
    o->list.limit = 0;
    if (sk_generate(o->g, &b, &rr, 0, &o->list, &err))
        return INT64_MIN;
    for (size_t i = 0; i < o->list.n; i++) {
        const sk_move *m = &o->list.v[i];
        int kept[64];
        memcpy(kept, R, sizeof kept);
        int nk = 0;
        for (int j = 0; j < m->len; j++)
            if (!(m->word[j] & SK_ONBOARD))
                kept[(m->word[j] & SK_BLANK) ? 0 : (m->word[j] & SK_LETTER)]--;
        for (int l = 0; l < 64; l++)
            nk += kept[l];
        int64_t eq = (int64_t)m->score * 1000 + keep_value(e, kept, bag, myface);
        if (eq > best_eq || (eq == best_eq && m->score > best_score) ||
            (eq == best_eq && m->score == best_score && best_pass)) {
            best_eq = eq;
            best_score = m->score;
            best_out = nk == 0 && bag == 0;
            best_pass = 0;
        }
    }
    if (best_pass) {
        if (passes + 1 >= 2 && bag == 0)
            return S - 1000 * (int64_t)(myface - face(e, R));
        return S + kept_leave;
    }
    S -= (int64_t)best_score * 1000;
    if (best_out)
        return S - 2000 * (int64_t)myface;
    return S + kept_leave;
}

/* Every mover's draw D (ndraw tiles of rest) for a fixed R. */
static int draws(oracle *o, const int R[64], int rest[64], int D[64], int l, int left)
{
    if (left == 0) {
        int64_t v = one_ply(o, R, D);
        if (v == INT64_MIN)
            return -1;
        int tail[64];
        for (int k = 0; k < 64; k++)
            tail[k] = rest[k] - D[k];
        uint64_t cnt = arrangements_of(R) * arrangements_of(D) * arrangements_of(tail);
        o->sum += (int64_t)cnt * v;
        o->total += cnt;
        return 0;
    }
    for (; l < 64; l++) {
        if (rest[l] - D[l] <= 0)
            continue;
        D[l]++;
        int rc = draws(o, R, rest, D, l, left - 1);
        D[l]--;
        if (rc)
            return rc;
    }
    return 0;
}

static int racks(oracle *o, int R[64], int l, int left)
{
    if (left == 0) {
        int rest[64], D[64] = {0}, nrest = 0;
        for (int k = 0; k < 64; k++) {
            rest[k] = o->unseen[k] - R[k];
            nrest += rest[k];
        }
        int room = SK_RACK_MAX - (o->p->r.n - o->ntiles);
        int nd = room < nrest ? room : nrest;
        if (o->cand->kind != SK_PLAY_MOVE)
            nd = 0;
        return draws(o, R, rest, D, 0, nd);
    }
    for (; l < 64; l++) {
        if (o->unseen[l] - R[l] <= 0)
            continue;
        R[l]++;
        int rc = racks(o, R, l, left - 1);
        R[l]--;
        if (rc)
            return rc;
    }
    return 0;
}

/* Exact sum over arrangements of one candidate's one-ply value; *total = arrangements. */
static int oracle_sum(oracle *o, const sk_play *c, int64_t *sum, uint64_t *total)
{
    o->cand = c;
    memset(o->cand_tiles, 0, sizeof o->cand_tiles);
    o->ntiles = 0;
    if (c->kind == SK_PLAY_MOVE)
        for (int j = 0; j < c->move.len; j++)
            if (!(c->move.word[j] & SK_ONBOARD)) {
                o->cand_tiles[(c->move.word[j] & SK_BLANK) ? 0 : (c->move.word[j] & SK_LETTER)]++;
                o->ntiles++;
            }
    if (c->kind == SK_PLAY_EXCHANGE)
        return -1;
    o->sum = 0;
    o->total = 0;
    int R[64] = {0};
    int rc = racks(o, R, 0, 7);
    *sum = o->sum;
    *total = o->total;
    return rc;
}

static void oracle_init(oracle *o, const skfx_lang *L, const pos *p)
{
    memset(o, 0, sizeof *o);
    o->e = L->e;
    o->p = p;
    int n = count_unseen(L->e, &p->b, &p->r, o->unseen);
    o->bag = n - 7;
    sk_gen_create(&o->g, L->e, NULL);
}

static void oracle_free(oracle *o)
{
    sk_movelist_free(&o->list);
    sk_gen_destroy(o->g);
}

/* ---- tests -------------------------------------------------------------------------------- */

/* The late positions (8 or 9 unseen tiles) both oracle tests use, collected once. */
static pos *POOL;
static int NPOOL;

static int late_positions(const skfx_lang *L, pos **out)
{
    if (!POOL) {
        int want = (int)(400 * th_sanitized_scale(4));
        POOL = malloc((size_t)want * sizeof *POOL);
        NPOOL = POOL ? collect(L, POOL, want, 8, 9, 1000) : 0;
    }
    *out = POOL;
    return NPOOL;
}

static void base_opts(sk_sim_opts *so)
{
    memset(so, 0, sizeof *so);
    so->plies = 1;
    so->candidates = 4;
    so->fn = hash_leave;
}

/* Simulate position i with options so into res, and set up the oracle
 * for it: 0, or -1 when it has only the pass or the simulation failed (a
 * failed check). */
static int simulate(const skfx_lang *L, const pos *ps, int i, const sk_sim_opts *so, sk_sim_result *res, oracle *o)
{
    tk_error err = {0};
    int rc = sk_sim(L->e, &ps[i].b, &ps[i].r, so, res, &err);
    if (rc == TK_ENOTFOUND)
        return -1;   /* only a pass */
    CHECKF(rc == 0, "position %d: %s", i, err.msg);
    if (rc)
        return -1;
    oracle_init(o, L, &ps[i]);
    return 0;
}

static void test_exact_mode(void)
{
    skfx_lang *L = en();
    if (!L)
        return;
    /* the sanitized pool is a quarter, a scaled-down run (valgrind) smaller still: one position will do */
    int want = th_sanitized() || th_scale() < 1 ? 1 : 12;
    pos *ps;
    int np = late_positions(L, &ps);
    REQUIRE(np > 0);
    int done = 0, cases = 0;
    sk_sim_result *res = malloc(sizeof *res);
    for (int i = 0; i < np && done < want; i++) {
        int u[64];
        count_unseen(L->e, &ps[i].b, &ps[i].r, u);
        uint64_t arr = sk_sim_arrangements(u);
        CHECK(arr == arrangements_of(u));
        if (arr > 3000)
            continue;
        sk_sim_opts so;
        base_opts(&so);
        so.exact = 1;
        so.jobs = 1 + i % 3;
        oracle o;
        if (simulate(L, ps, i, &so, res, &o))
            continue;
        CHECK(res->iterations == arr && res->arrangements == arr);
        for (int c = 0; c < res->n; c++) {
            int64_t sum;
            uint64_t total;
            if (oracle_sum(&o, &res->cand[c].play, &sum, &total))
                continue;
            CHECK(total == arr);
            CHECKF(sum == res->cand[c].sum, "position %d candidate %d: oracle %lld, exact mode %lld", i, c,
                   (long long)sum, (long long)res->cand[c].sum);
            CHECK(res->cand[c].iterations == arr);
            cases++;
        }
        oracle_free(&o);
        done++;
    }
    CHECKF(done >= (2 * want + 2) / 3, "only %d positions with few arrangements", done);
    printf("  exact mode: %d positions, %d candidates equal to the oracle\n", done, cases);
    free(res);
}

static void test_monte_carlo(void)
{
    skfx_lang *L = en();
    if (!L)
        return;
    int want = (int)(350 * th_sanitized_scale(4));
    pos *ps;
    int np = late_positions(L, &ps);
    REQUIRE(np > 0);
    if (np > want)
        np = want;
    sk_sim_result *res = malloc(sizeof *res);
    int cases = 0, miss = 0;
    double z = 3.29;   /* 99.9% two-sided */
    for (int i = 0; i < np; i++) {
        sk_sim_opts so;
        base_opts(&so);
        so.iterations = 60;
        so.candidates = 3;
        so.seed = (uint64_t)i * 7 + 1;
        oracle o;
        if (simulate(L, ps, i, &so, res, &o))
            continue;
        for (int c = 0; c < res->n; c++) {
            int64_t sum;
            uint64_t total;
            if (oracle_sum(&o, &res->cand[c].play, &sum, &total))
                continue;
            double exact = (double)sum / (double)total / 1000.0;
            const sk_sim_cand *x = &res->cand[c];
            cases++;
            /* (a zero error with a mean off the exact one: a rare draw never came up; counted as a miss) */
            if (fabs(x->mean - exact) > z * x->se + 1e-9)
                miss++;
        }
        oracle_free(&o);
    }
    printf("  Monte Carlo: %d candidate cases, %d outside the 99.9%% interval\n", cases, miss);
    CHECKF(cases >= want, "only %d cases", cases);
    /* The values are skewed (a rare bingo reply), so at 60 iterations the normal interval misses more
     * often than 0.1% (about 0.5-1% here; with 1,000 iterations none of 600 cases missed): allow 2.5%. */
    CHECKF(miss * 40 <= cases, "%d of %d outside the 99.9%% interval", miss, cases);
    free(res);
}

static int same_result(const sk_sim_result *a, const sk_sim_result *b)
{
    if (a->n != b->n || a->iterations != b->iterations || a->stop != b->stop)
        return 0;
    for (int c = 0; c < a->n; c++) {
        const sk_sim_cand *x = &a->cand[c], *y = &b->cand[c];
        if (x->sum != y->sum || x->win_sum != y->win_sum || x->iterations != y->iterations ||
            x->dropped != y->dropped || x->mean != y->mean || x->se != y->se || a->order[c] != b->order[c])
            return 0;
    }
    return 1;
}

static void test_jobs_same(void)
{
    skfx_lang *L = en();
    if (!L)
        return;
    pos ps[3];
    int np = collect(L, ps, 3, 40, 70, 77);
    REQUIRE(np > 0);
    sk_sim_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    for (int i = 0; i < np; i++)
        for (int conf = 0; conf < 2; conf++) {
            sk_sim_opts so;
            base_opts(&so);
            so.plies = 2;
            so.candidates = 5;
            so.iterations = 90;
            so.checkpoint = 30;
            so.confidence = conf ? 0.9 : 0;
            so.seed = 99;
            tk_error err = {0};
            so.jobs = 1;
            int r1 = sk_sim(L->e, &ps[i].b, &ps[i].r, &so, a, &err);
            so.jobs = 3;
            int r2 = sk_sim(L->e, &ps[i].b, &ps[i].r, &so, b, &err);
            CHECK(r1 == r2);
            if (r1)
                continue;
            CHECKF(same_result(a, b), "position %d confidence %d: jobs 1 and 3 differ", i, conf);
            CHECK(a->iterations <= 90);
            if (conf && a->stop == SK_SIM_STOP_CONFIDENCE) {
                int left = 0;
                for (int c = 0; c < a->n; c++)
                    left += !a->cand[c].dropped;
                CHECK(left == 1);
                CHECK(!a->cand[a->order[0]].dropped);
            }
        }
    free(a);
    free(b);
}

static void test_static_best(void)
{
    skfx_lang *L = en();
    if (!L)
        return;
    pos ps[260];
    int np = collect(L, ps, 200, 30, 90, 300);
    np += collect(L, ps + np, 40, 1, 12, 400);
    int xchg = 0;
    REQUIRE(np > 0);
    sk_gen *g = NULL;
    sk_movelist full = {0}, scratch = {0};
    REQUIRE(sk_gen_create(&g, L->e, NULL) == 0);
    for (int i = 0; i < np; i++) {
        int u[64];
        int nu = count_unseen(L->e, &ps[i].b, &ps[i].r, u);
        sk_state st;
        sk_state_from_unseen(L->e, u, nu, &st);
        tk_error err = {0};
        full.limit = 0;
        REQUIRE(sk_generate(g, &ps[i].b, &ps[i].r, 0, &full, &err) == 0);
        sk_play want, got;
        sk_leaves_value_fn fn = i % 2 ? swap_leave : hash_leave;
        sk_best_play(L->e, &ps[i].r, &st, &full, fn, NULL, 0, &want);
        REQUIRE(sk_sim_static_best(g, &scratch, &ps[i].r, &ps[i].b, &st, fn, NULL, &got, &err) == 0);
        int same = want.kind == got.kind && want.score == got.score && want.equity == got.equity &&
                   want.leave == got.leave && want.nx == got.nx && memcmp(want.x, got.x, want.nx) == 0;
        if (same && want.kind == SK_PLAY_MOVE)   /* (move.equity is the rank: by score in the full list) */
            same = want.move.row == got.move.row && want.move.col == got.move.col && want.move.dir == got.move.dir &&
                   want.move.len == got.move.len && memcmp(want.move.word, got.move.word, want.move.len) == 0;
        xchg += want.kind == SK_PLAY_EXCHANGE;
        CHECKF(same,
               "position %d (bag %d): static best differs: kind %d/%d score %d/%d eq %lld/%lld leave %d/%d", i, st.bag,
               want.kind, got.kind, want.score, got.score, (long long)want.equity, (long long)got.equity, want.leave, got.leave);
    }
    printf("  static best: %d positions, %d of them best by an exchange\n", np, xchg);
    CHECK(xchg > 0);
    sk_movelist_free(&full);
    sk_movelist_free(&scratch);
    sk_gen_destroy(g);
}

static void test_errors(void)
{
    skfx_lang *L = en();
    if (!L)
        return;
    sk_sim_result *res = malloc(sizeof *res);
    tk_error err = {0};
    sk_sim_opts so;
    pos ps[2];
    int np = collect(L, ps, 1, 1, 7, 21);
    REQUIRE(np == 1);
    base_opts(&so);
    so.iterations = 10;
    CHECK(sk_sim(L->e, &ps[0].b, &ps[0].r, &so, res, &err) == TK_ENOTFOUND);
    CHECK(strstr(err.msg, "endgame") != NULL);
    np = collect(L, ps, 1, 40, 80, 22);
    REQUIRE(np == 1);
    base_opts(&so);   /* no stopping rule */
    CHECK(sk_sim(L->e, &ps[0].b, &ps[0].r, &so, res, &err) == TK_EINVAL);
    so.iterations = 5;
    so.plies = SK_SIM_MAX_PLIES + 1;
    CHECK(sk_sim(L->e, &ps[0].b, &ps[0].r, &so, res, &err) == TK_EINVAL);
    so.plies = 2;
    so.confidence = 0.3;
    CHECK(sk_sim(L->e, &ps[0].b, &ps[0].r, &so, res, &err) == TK_EINVAL);
    so.confidence = 0;
    /* a rack of consonants no word takes, on a board with no room: here simply a rack with no tile */
    sk_rack none;
    memset(&none, 0, sizeof none);
    CHECK(sk_sim(L->e, &ps[0].b, &none, &so, res, &err) == TK_ENOTFOUND);
    CHECK(strstr(err.msg, "pass") != NULL);
    /* the explicit candidate list is used as given */
    sk_sim_opts s2;
    base_opts(&s2);
    s2.iterations = 20;
    REQUIRE(sk_sim(L->e, &ps[0].b, &ps[0].r, &s2, res, &err) == 0);
    if (res->n >= 3) {
        sk_play two[2] = { res->cand[2].play, res->cand[0].play };
        int64_t s0 = res->cand[0].sum, s2sum = res->cand[2].sum;
        s2.cand = two;
        s2.ncand = 2;
        REQUIRE(sk_sim(L->e, &ps[0].b, &ps[0].r, &s2, res, &err) == 0);
        CHECK(res->n == 2);
        CHECK(res->cand[0].sum == s2sum && res->cand[1].sum == s0);   /* common random numbers */
    }
    free(res);
}

static void test_arrangements(void)
{
    int c[64] = {0};
    c[1] = 2;
    c[5] = 1;
    CHECK(sk_sim_arrangements(c) == 3);
    c[0] = 3;
    CHECK(sk_sim_arrangements(c) == 60);   /* 6! / (2! 1! 3!) */
    for (int l = 1; l <= 26; l++)
        c[l] = 4;
    CHECK(sk_sim_arrangements(c) == 0);    /* far beyond the limit */
}

static void test_wintab(void)
{
    sk_wintab t;
    tk_error err = {0};
    const char *ok = "# c\nunseen,scale\n2,20\n5, 50\r\n\n7,70\n";
    REQUIRE(sk_wintab_parse(&t, ok, strlen(ok), &err) == 0);
    CHECK(t.n == 8);
    CHECK(t.scale[0] == 20 && t.scale[1] == 20 && t.scale[2] == 20 && t.scale[4] == 20);
    CHECK(t.scale[5] == 50 && t.scale[6] == 50 && t.scale[7] == 70);
    CHECK(sk_wintab_win(&t, 0, 5) == 0.5);
    CHECK(fabs(sk_wintab_win(&t, 50, 5) - 1 / (1 + exp(-1.0))) < 1e-12);
    CHECK(fabs(sk_wintab_win(&t, 30, 6) + sk_wintab_win(&t, -30, 6) - 1) < 1e-12);
    CHECK(fabs(sk_wintab_win(&t, 70, 99) - 1 / (1 + exp(-1.0))) < 1e-12);   /* beyond: the last scale */
    CHECK(sk_wintab_win(&t, 1e6, 3) == 1 && sk_wintab_win(&t, -1e6, 3) == 0);
    const char *bad[] = { "unseen,scale\n1,0\n", "3;4\n", "200,5\n", "# only a comment\n", "1,2x\n" };
    for (int i = 0; i < 5; i++) {
        memset(&err, 0, sizeof err);
        CHECKF(sk_wintab_parse(&t, bad[i], strlen(bad[i]), &err) == TK_EFORMAT && err.msg[0], "bad table %d", i);
    }
}

static const th_test tests[] = {
    { "wintab", test_wintab },
    { "arrangements", test_arrangements },
    { "static_best", test_static_best },
    { "exact_mode", test_exact_mode },
    { "monte_carlo", test_monte_carlo },
    { "jobs_same", test_jobs_same },
    { "errors", test_errors },
    { 0, 0 },
};

int main(int argc, char **argv)
{
    int rc = th_main("sim_oracle", tests, argc, argv);
    free(POOL);
    if (en_state > 0) {
        sk_engine_destroy(EN.e);
        dawg_destroy(EN.dawg);
    }
    return rc;
}
