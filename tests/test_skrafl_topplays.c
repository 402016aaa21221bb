/* test_skrafl_topplays.c - sk_top_plays (the best n plays by equity:
 * placements, exchanges, the pass, the empty-bag rule) against a brute-force
 * oracle.
 *
 * The oracle shares nothing with the fast path but the generator's full
 * move list (sk_generate, every placement; itself checked against a
 * brute-force generator in test_skrafl_oracle.c) and sk_move_cmp (the
 * documented tie order of placements): it values every placement by handing
 * the rack minus the move's tiles straight to the leave function, or with
 * the bag empty by the end-game rule written out here (twice the
 * opponent's tiles for going out, minus twice the own tiles kept); it
 * enumerates the exchanges itself (every non-empty sub-multiset of the
 * rack, by recursion, when the bag holds 7 tiles) and the pass (keeps the
 * whole rack); it sorts everything by insertion with its own comparator
 * (equity, score, placements before exchanges before the pass, placements
 * by sk_move_cmp, exchanges by fewer tiles then tile codes), or by score
 * first.  sk_top_plays(n) must equal the first n of that list: the same
 * plays, the same order, the same equity and leave.
 *
 * Positions: games from an empty board to the end (the player takes its
 * best move by score), English and Icelandic; at every turn a test rack of
 * 1 to 7 tiles from the unseen tiles with 0, 1 or 2 blanks, ranked four
 * ways: each with its own state (bag 0, 1-6 or 7-86 tiles, random opponent
 * tiles and value) and its own random leave table: a hash of the kept
 * counts (up to +-40 points, a third in whole points so that many plays tie
 * in equity), or an sk_leaves table holding random values for half of the
 * rack's sub-multisets (the rest worth 0), or by score; n = 1, 2, 5, 30.
 */
#include "support/skrafl_fixture.h"
#include "tilekit/dawg.h"
#include "tilekit/skgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sample of the shipped list: every 2-letter word, every third of 3
 * letters, every `step`-th longer one (cheap full generation), on the
 * standard layout. */
static int lang_load(skfx_lang *L, const char *code, size_t step)
{
    skfx_sample s = { 0, 3, step };
    return skfx_lang_load(L, code, s, 0);
}

/* ---- leave functions ------------------------------------------------------ */

static int32_t hash_leave(void *ctx, const uint8_t counts[64])
{
    return skfx_salted_leave(*(const uint64_t *)ctx, counts, 64);
}

/* ---- the oracle ----------------------------------------------------------- */

typedef struct oracle {
    const sk_engine *e;
    const sk_tileset *ts;
    const sk_state *st;
    sk_leaves_value_fn fn;
    void *ctx;
} oracle;

static int32_t naive_keep(const oracle *o, const uint8_t kept[64])
{
    int n = 0, face = 0;
    for (int l = 0; l < 64; l++) {
        n += kept[l];
        face += kept[l] * (l <= o->ts->nletters ? o->ts->value[l] : 0);
    }
    if (o->st->bag == 0)
        return n == 0 ? 2 * o->st->opp_value * 1000 : -2 * face * 1000;
    return o->fn ? o->fn(o->ctx, kept) : 0;
}

typedef struct plist {
    sk_play *v;
    size_t n, cap;
} plist;

static void padd(plist *p, const sk_play *x)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 256;
        p->v = realloc(p->v, p->cap * sizeof *p->v);
    }
    p->v[p->n++] = *x;
}

/* Every exchange: the sub-multisets, letter by letter from `l` on. */
static void exchanges(const oracle *o, const uint8_t full[64], uint8_t x[64], int l, plist *out)
{
    if (l == 64) {
        sk_play p;
        memset(&p, 0, sizeof p);
        p.kind = SK_PLAY_EXCHANGE;
        uint8_t kept[64];
        for (int t = 0; t < 64; t++) {
            kept[t] = (uint8_t)(full[t] - x[t]);
            for (int k = 0; k < x[t]; k++)
                p.x[p.nx++] = (uint8_t)t;
        }
        if (!p.nx)
            return;
        p.leave = naive_keep(o, kept);
        p.equity = p.leave;
        padd(out, &p);
        return;
    }
    for (int k = 0; k <= full[l]; k++) {
        x[l] = (uint8_t)k;
        exchanges(o, full, x, l + 1, out);
    }
    x[l] = 0;
}

static int oracle_cmp(const sk_engine *e, const sk_play *a, const sk_play *b, int by_score)
{
    if (by_score && a->score != b->score)
        return a->score > b->score ? -1 : 1;
    if (a->equity != b->equity)
        return a->equity > b->equity ? -1 : 1;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->kind == SK_PLAY_MOVE)
        return sk_move_cmp(e, &a->move, &b->move);
    if (a->nx != b->nx)
        return a->nx < b->nx ? -1 : 1;
    return memcmp(a->x, b->x, a->nx);
}

/* Every play of the position, sorted. */
static void oracle_plays(const oracle *o, const sk_rack *r, const sk_movelist *all, int by_score, plist *out)
{
    out->n = 0;
    uint8_t full[64];
    skfx_rack_counts(r, full);
    for (size_t i = 0; i < all->n; i++) {
        const sk_move *m = &all->v[i];
        uint8_t kept[64];
        memcpy(kept, full, 64);
        for (int k = 0; k < m->len; k++)
            if (!(m->word[k] & SK_ONBOARD))
                kept[(m->word[k] & SK_BLANK) ? 0 : (m->word[k] & SK_LETTER)]--;
        sk_play p;
        memset(&p, 0, sizeof p);
        p.kind = SK_PLAY_MOVE;
        p.move = *m;
        p.move.equity = m->score * 1000;   /* as generated (ranked by score) */
        p.score = m->score;
        p.leave = naive_keep(o, kept);
        p.equity = (int64_t)m->score * 1000 + p.leave;
        padd(out, &p);
    }
    if (o->st->bag >= SK_EXCHANGE_MIN && r->n > 0) {
        uint8_t x[64] = {0};
        exchanges(o, full, x, 0, out);
    }
    sk_play pass;
    memset(&pass, 0, sizeof pass);
    pass.kind = SK_PLAY_PASS;
    pass.leave = r->n == 0 && o->st->bag == 0 ? 0 : naive_keep(o, full);
    pass.equity = pass.leave;
    padd(out, &pass);
    /* insertion sort (stable, independent of the library's sorts) */
    for (size_t i = 1; i < out->n; i++) {
        sk_play t = out->v[i];
        size_t j = i;
        while (j > 0 && oracle_cmp(o->e, &t, &out->v[j - 1], by_score) < 0) {
            out->v[j] = out->v[j - 1];
            j--;
        }
        out->v[j] = t;
    }
}

static int same_play(const sk_play *a, const sk_play *b)
{
    if (a->kind != b->kind || a->score != b->score || a->equity != b->equity || a->leave != b->leave)
        return 0;
    if (a->kind == SK_PLAY_EXCHANGE)
        return a->nx == b->nx && memcmp(a->x, b->x, a->nx) == 0;
    if (a->kind == SK_PLAY_PASS)
        return 1;
    return a->move.ntiles == b->move.ntiles && skfx_same_move(&a->move, &b->move);
}

typedef struct stats {
    long positions, rankings, compared, mismatches, exch_first, pass_first, empty_bag, blanks[3];
} stats;

/* Every sub-multiset of the rack gets a random value in the table, or not. */
static void fill_table(sk_leaves *t, const uint8_t full[64], uint8_t c[64], int l, th_rng *rng)
{
    if (l == 64) {
        if (th_below(rng, 2))
            sk_leaves_set(t, c, (int32_t)th_below(rng, 60001) - 30000);
        return;
    }
    for (int k = 0; k <= full[l]; k++) {
        c[l] = (uint8_t)k;
        fill_table(t, full, c, l + 1, rng);
    }
    c[l] = 0;
}

static void check_position(const sk_engine *e, sk_gen *g, const sk_board *b, const sk_rack *r, th_rng *rng,
                           stats *S, const char *what, int nunseen)
{
    static const size_t ns[] = { 1, 2, 5, 30 };
    sk_movelist all = {0}, scratch = {0};
    REQUIRE(sk_generate(g, b, r, 0, &all, NULL) == 0);
    plist ref = {0};
    sk_play out[30];
    for (int way = 0; way < 4; way++) {
        sk_state st;
        int dice = (int)th_below(rng, 4);
        int maxbag = nunseen - 1 > 0 ? nunseen - 1 : 0;
        st.bag = dice == 0 || maxbag == 0 ? 0 : dice == 1 ? 1 + (int)th_below(rng, 6) : 7 + (int)th_below(rng, 80);
        if (st.bag > maxbag)
            st.bag = maxbag;
        st.opp_tiles = 1 + (int)th_below(rng, 7);
        st.opp_value = (int)th_below(rng, 30);
        uint64_t salt = th_rand(rng);
        sk_leaves *table = NULL;
        oracle o = { e, sk_engine_tileset(e), &st, NULL, NULL };
        int kind = way;   /* 0 hash, 1 table, 2 by score with a hash, 3 by score without leaves */
        if (kind == 0 || kind == 2) {
            o.fn = hash_leave;
            o.ctx = &salt;
        } else if (kind == 1) {
            REQUIRE(sk_leaves_create(&table, 64) == 0);
            uint8_t full[64], c[64] = {0};
            skfx_rack_counts(r, full);
            fill_table(table, full, c, 0, rng);
            o.fn = sk_leaves_value;
            o.ctx = table;
        }
        int by_score = kind >= 2;
        oracle_plays(&o, r, &all, by_score, &ref);
        size_t n = ns[th_below(rng, 4)];
        long got = sk_top_plays(g, b, r, &st, 0, o.fn, o.ctx, by_score, n, &scratch, out, NULL);
        size_t want = ref.n < n ? ref.n : n;
        int ok = got == (long)want;
        for (size_t i = 0; ok && i < want; i++)
            ok = same_play(&out[i], &ref.v[i]);
        if (!ok) {
            S->mismatches++;
            char rs[64];
            sk_rack_leave(r, NULL, e, rs, sizeof rs);
            size_t i = 0;
            while (got >= 0 && i < want && i < (size_t)got && same_play(&out[i], &ref.v[i]))
                i++;
            CHECKF(ok, "%s: rack %s, bag %d, way %d, n %zu: %ld plays, want %zu; first difference at %zu: "
                       "kind %d score %d equity %lld, want kind %d score %d equity %lld", what, rs, st.bag, way,
                   n, got, want, i, i < (size_t)(got > 0 ? got : 0) ? out[i].kind : -1,
                   i < (size_t)(got > 0 ? got : 0) ? out[i].score : -1,
                   (long long)(i < (size_t)(got > 0 ? got : 0) ? out[i].equity : -1),
                   i < want ? ref.v[i].kind : -1, i < want ? ref.v[i].score : -1,
                   (long long)(i < want ? ref.v[i].equity : -1));
        }
        S->rankings++;
        S->compared += (long)want;
        S->exch_first += ref.v[0].kind == SK_PLAY_EXCHANGE;
        S->pass_first += ref.v[0].kind == SK_PLAY_PASS;
        S->empty_bag += st.bag == 0;
        sk_leaves_destroy(table);
    }
    free(ref.v);
    sk_movelist_free(&all);
    sk_movelist_free(&scratch);
}

/* ---- games ---------------------------------------------------------------- */

/* Every turn of a game is a test position (skfx_play_game). */
static void test_turn(void *ctx, th_rng *rng, const skfx_turn *t)
{
    stats *S = ctx;
    char what[160];
    snprintf(what, sizeof what, "%s turn %d", t->name, t->turn);
    check_position(t->e, t->g, t->b, t->rack, rng, S, what, t->unseen);
    S->positions++;
    S->blanks[t->rack->blanks]++;
}

static void run(const char *code, size_t step, int games, uint64_t seed)
{
    skfx_lang L;
    if (lang_load(&L, code, step) != 0) {
        th_skip("data/words, data/alphabets or data/tiles missing");
        return;
    }
    sk_gen *g = NULL;
    REQUIRE(skfx_lang_engine(&L, NULL) == 0);
    const sk_engine *e = L.e;
    REQUIRE(sk_gen_create(&g, e, NULL) == 0);
    th_rng rng = { seed };
    stats S = {0};
    int n = (int)(games * th_sanitized_scale(8));
    if (n < 2)
        n = 2;
    char name[64];
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof name, "%s game %d", code, i);
        /* the player takes its best move by score */
        skfx_play_game(&rng, &L, g, name, 0, 0, test_turn, &S);
    }
    printf("  %s: %ld positions (0/1/2 blanks: %ld/%ld/%ld), %ld rankings (%ld with the bag empty; "
           "best play an exchange %ld, the pass %ld), %ld plays compared, %ld mismatches\n",
           code, S.positions, S.blanks[0], S.blanks[1], S.blanks[2], S.rankings, S.empty_bag, S.exch_first,
           S.pass_first, S.compared, S.mismatches);
    CHECK(S.positions > 0 && S.exch_first > 0 && S.pass_first > 0 && S.empty_bag > 0);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

static void test_en(void) { run("en", 40, 200, 0x7091a1); }
static void test_is(void) { run("is", 40, 120, 0x7091a2); }

/* The call itself: n == 0, an empty rack (the pass alone). */
static void test_edges(void)
{
    skfx_empty x;
    if (skfx_empty_open(&x, "en", 40))
        return;
    sk_state st = { 50, 7, 0 };
    sk_movelist ml = {0};
    sk_play out[4];
    tk_error err = {0};
    CHECK(sk_top_plays(x.g, &x.b, &x.r, &st, 0, NULL, NULL, 0, 0, &ml, out, &err) == TK_EINVAL);
    CHECK(sk_top_plays(x.g, &x.b, &x.r, &st, 0, NULL, NULL, 0, 4, &ml, out, &err) == 1 && out[0].kind == SK_PLAY_PASS);
    /* QQ on an empty board: no placement; 2 exchanges (-Q, -QQ) and the pass. */
    REQUIRE(sk_rack_parse(&x.r, x.L.e, "QQ", 2, NULL) == 0);
    CHECK(sk_top_plays(x.g, &x.b, &x.r, &st, 0, NULL, NULL, 0, 4, &ml, out, &err) == 3);
    st.bag = 3;   /* no exchange with fewer than 7 tiles in the bag */
    CHECK(sk_top_plays(x.g, &x.b, &x.r, &st, 0, NULL, NULL, 0, 4, &ml, out, &err) == 1);
    sk_movelist_free(&ml);
    skfx_empty_close(&x);
}

static const th_test tests[] = {
    { "topplays_en", test_en },
    { "topplays_is", test_is },
    { "topplays_edges", test_edges },
    { 0, 0 }
};

int main(int argc, char **argv) { return th_main("skrafl_topplays", tests, argc, argv); }
