/* test_skrafl_topn.c - the best-first top-N search against the full sorted list.
 *
 * sk_generate_top(n) must return exactly the first n moves of the full list
 * (sk_generate, every move; itself checked against a brute-force oracle in
 * test_skrafl_oracle.c) sorted by the same rank: same moves, same order,
 * ties included.  The full list's ranking is checked independently here:
 * every move's equity is recomputed naively (the rack minus the move's
 * tiles, handed straight to the leave function) and the list must be in
 * non-increasing (equity, score) order.  Ranks: by score, and by a random
 * leave function (a hash of the kept counts, up to +-40 points, so that
 * equity order differs a lot from score order; for a third of the
 * positions in whole points, so that many plays tie in rank and the score
 * breaks the tie); the leave function must be
 * called exactly once per sub-multiset of the rack.
 *
 * Positions: games played from an empty board to the end (boards from
 * empty to full), the player taking its best move (or the second best); at
 * every turn a test rack is drawn from the unseen tiles with 0, 1 or 2
 * blanks (the blanks are kept out of the game), of 1 to 7 tiles.  English
 * and Icelandic, standard and explo layouts, an asymmetric 11x11 layout;
 * N = 1, 3, 10, 100.  Heavy runs: denser samples, full racks, mostly with
 * two blanks.  The dictionaries are samples of the shipped word
 * lists, so that the many positions stay cheap.
 */
#include "support/skrafl_fixture.h"
#include "tilekit/dawg.h"
#include "tilekit/skgame.h"
#include "tilekit/skrafl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Sample: every word of 2 letters, every third of 3 letters, every
 * `step`-th longer one. */
static int lang_load(skfx_lang *L, const char *code, size_t step)
{
    skfx_sample s = { 0, 3, step };
    return skfx_lang_load(L, code, s, 0);
}

/* ---- a random leave function ----------------------------------------------------- */

typedef struct leavectx {
    uint64_t salt;
    long calls;
} leavectx;

static int32_t random_leave(void *ctx, const uint8_t counts[64])
{
    leavectx *c = ctx;
    c->calls++;
    /* A third of the salts value leaves in whole points: many plays of equal
     * rank and different scores, so ties are broken by score.  The first 40
     * counts: both alphabets have fewer letters. */
    return skfx_salted_leave(c->salt, counts, 40);
}

/* Naive equity of a move: the rack minus the tiles it places. */
static int64_t naive_equity(const sk_move *m, const sk_rack *r, leavectx *c)
{
    uint8_t counts[64];
    skfx_rack_counts(r, counts);
    for (int i = 0; i < m->len; i++) {
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD)
            continue;
        counts[t & SK_BLANK ? 0 : t & SK_LETTER]--;
    }
    int64_t v = (int64_t)m->score * 1000;
    if (c) {
        long saved = c->calls;
        v += random_leave(c, counts);
        c->calls = saved;
    }
    return v;
}

static int sub_multisets(const sk_rack *r)
{
    int n = r->blanks + 1;
    for (int l = 1; l < 64; l++)
        n *= r->count[l] + 1;
    return n;
}

typedef struct stats {
    long positions, calls, moves_compared, mismatches, generated, all;
    int blanks[3], short_racks, max_tiles;
} stats;

static int same_move(const sk_move *a, const sk_move *b)
{
    return a->score == b->score && a->equity == b->equity && a->ntiles == b->ntiles && skfx_same_move(a, b);
}

/* One position, ranked by score or by the random leave function (half of
 * the positions each), two of N = 1, 3, 10, 100 (every pair comes up). */
static void check_position(const sk_engine *e, sk_gen *g, const sk_board *b, const sk_rack *r,
                           unsigned flags, uint64_t salt, stats *st, const char *what)
{
    static const size_t ns[] = { 1, 3, 10, 100 };
    static const int pairs[6][2] = { { 0, 1 }, { 2, 3 }, { 0, 2 }, { 1, 3 }, { 0, 3 }, { 1, 2 } };
    const int *pick = pairs[salt % 6];
    sk_movelist gen = {0}, full = {0}, top = {0};
    REQUIRE(sk_generate(g, b, r, flags, &gen, NULL) == 0);
    CHECK(gen.n == gen.total);
    full.v = malloc((gen.n + 1) * sizeof *full.v);
    REQUIRE(full.v != NULL);
    full.cap = gen.n + 1;
    for (int ranked = (int)(salt >> 8 & 1); ranked < 2; ranked += 2) {
        leavectx lc = { salt, 0 };
        sk_rank rk = { random_leave, &lc };
        const sk_rank *rank = ranked ? &rk : NULL;
        if (gen.n)   /* gen.v is NULL when there is no move */
            memcpy(full.v, gen.v, gen.n * sizeof *full.v);
        full.n = gen.n;
        full.limit = 0;
        sk_movelist_sort_ranked(e, r, rank, &full);
        CHECK(!ranked || lc.calls == sub_multisets(r));
        for (size_t i = 0; i < full.n; i++) {
            int64_t want = naive_equity(&full.v[i], r, ranked ? &lc : NULL);
            CHECKF(full.v[i].equity == want, "%s: equity %d, naive %lld", what, full.v[i].equity,
                   (long long)want);
            if (i)
                CHECKF(full.v[i - 1].equity > full.v[i].equity ||
                       (full.v[i - 1].equity == full.v[i].equity && full.v[i - 1].score >= full.v[i].score),
                       "%s: full list out of order at %zu", what, i);
        }
        for (int kk = 0; kk < 2; kk++) {
            int k = pick[kk];
            lc.calls = 0;
            int rc = sk_generate_top(g, b, r, flags, rank, ns[k], &top, NULL);
            CHECK(rc == 0);
            CHECK(!ranked || lc.calls == sub_multisets(r));
            size_t want = full.n < ns[k] ? full.n : ns[k];
            int ok = top.n == want && top.limit == 0;
            for (size_t i = 0; ok && i < want; i++)
                ok = same_move(&top.v[i], &full.v[i]);
            if (!ok) {
                st->mismatches++;
                char rs[64];
                sk_rack_leave(r, NULL, e, rs, sizeof rs);
                CHECKF(ok, "%s: rack %s, top %zu (%s): %zu moves, want %zu; first: %d/%d vs %d/%d", what,
                       rs, ns[k], ranked ? "leaves" : "score", top.n, want, top.n ? top.v[0].score : -1,
                       top.n ? top.v[0].equity : -1, want ? full.v[0].score : -1, want ? full.v[0].equity : -1);
            }
            st->moves_compared += (long)want;
            st->generated += (long)top.total;
            st->all += (long)full.n;
            st->calls++;
        }
    }
    sk_movelist_free(&gen);
    sk_movelist_free(&full);
    sk_movelist_free(&top);
}

/* ---- games ---------------------------------------------------------------------------- */

/* Every turn of a game is a test position (skfx_play_game). */
static void test_turn(void *ctx, th_rng *rng, const skfx_turn *t)
{
    stats *st = ctx;
    int tiles = 0;
    for (int i = 0; i < t->b->dim * t->b->dim; i++)
        tiles += t->b->sq[i] != 0;
    unsigned flags = (tiles == 0 && th_below(rng, 2)) ? SK_ALL_OPENINGS : 0;
    char what[160];
    snprintf(what, sizeof what, "%s turn %d (%d tiles on the board)", t->name, t->turn, tiles);
    check_position(t->e, t->g, t->b, t->rack, flags, th_rand(rng), st, what);
    st->positions++;
    st->blanks[t->rack->blanks]++;
    st->short_racks += t->rack->n < 7;
    if (tiles > st->max_tiles)
        st->max_tiles = tiles;
}

static void run(const char *code, size_t step, const char *layout_name, const char *layout_text,
                int games, uint64_t seed, int heavy)
{
    skfx_lang L;
    if (lang_load(&L, code, step) != 0) {
        th_skip("data/words, data/alphabets or data/tiles missing");
        return;
    }
    sk_layout lay;
    if (layout_text) {
        REQUIRE(sk_layout_parse(&lay, layout_text, strlen(layout_text), NULL) == 0);
    } else {
        REQUIRE(skfx_layout_file(&lay, layout_name) == 0);
    }
    sk_gen *g = NULL;
    REQUIRE(skfx_lang_engine(&L, &lay) == 0);
    REQUIRE(sk_gen_create(&g, L.e, NULL) == 0);
    th_rng rng = { seed };
    stats st = {0};
    /* a quarter of the games under the sanitizers (the plain run covers the tens of thousands) */
    int n = (int)(games * th_sanitized_scale(4));
    if (n < 2)
        n = 2;
    char name[64];
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof name, "%s/%s game %d", code, layout_name, i);
        /* the player takes its best move or now and then the second best */
        skfx_play_game(&rng, &L, g, name, heavy, 1, test_turn, &st);
    }
    printf("  %s/%s: %ld positions (racks with 0/1/2 blanks: %d/%d/%d, %d short; up to %d tiles), "
           "%ld top-N calls, %ld moves compared, %ld mismatches; generated %.1f%% of the moves\n",
           code, layout_name, st.positions, st.blanks[0], st.blanks[1], st.blanks[2], st.short_racks,
           st.max_tiles, st.calls, st.moves_compared, st.mismatches,
           st.all ? 100.0 * (double)st.generated / (double)st.all : 0.0);
    CHECK(st.positions > 0 && st.moves_compared > 0);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

static void test_en_standard(void) { run("en", 40, "standard", NULL, 150, 0x70b0001, 0); }
static void test_is_standard(void) { run("is", 40, "standard", NULL, 60, 0x70b0002, 0); }
static void test_is_explo(void) { run("is", 40, "explo", NULL, 60, 0x70b0003, 0); }
/* A denser sample and full racks with blanks: bingos are often possible, so
 * the search's checks on word lengths, letters left and the next square
 * decide much more (heap full from the first moves, kmin often 7). */
static void test_en_heavy(void) { run("en", 6, "standard", NULL, 6, 0x70b0005, 1); }
static void test_is_heavy(void) { run("is", 6, "explo", NULL, 4, 0x70b0006, 1); }
static void test_asymmetric(void)
{
    static const char text[] =
        "T..d.....tT\n.D...t....d\n..D...d..D.\nd..+...d...\n....D.....T\n"
        ".t...t...t.\n..d...d.d..\nT..d.....dQ\n..q...d.d..\n.t...t...t.\nQ...D.....d\n";
    run("en", 40, "asymmetric-11x11", text, 60, 0x70b0004, 0);
}

/* Errors and edge cases of the call itself. */
static void test_edges(void)
{
    skfx_empty x;
    if (skfx_empty_open(&x, "en", 40))
        return;
    sk_movelist ml = {0};
    tk_error err = {0};
    CHECK(sk_generate_top(x.g, &x.b, &x.r, 0, NULL, 0, &ml, &err) == TK_EINVAL);
    CHECK(sk_generate_top(x.g, &x.b, &x.r, 0, NULL, 5, &ml, &err) == 0 && ml.n == 0);   /* empty rack */
    CHECK(sk_rack_parse(&x.r, x.L.e, "QQ", 2, NULL) == 0);
    CHECK(sk_generate_top(x.g, &x.b, &x.r, 0, NULL, 5, &ml, &err) == 0 && ml.n == 0);   /* no move */
    sk_board small;
    memset(&small, 0, sizeof small);
    small.dim = 11;
    CHECK(sk_generate_top(x.g, &small, &x.r, 0, NULL, 5, &ml, &err) == TK_EINVAL);
    /* Count-only is ignored: the moves are still returned. */
    CHECK(sk_rack_parse(&x.r, x.L.e, "AEINST?", 7, NULL) == 0);
    CHECK(sk_generate_top(x.g, &x.b, &x.r, SK_COUNT_ONLY, NULL, 3, &ml, &err) == 0 && ml.n == 3);
    CHECK(ml.v[0].ntiles == 7 && ml.v[0].score >= 50);   /* a bingo on a sampled list */
    sk_movelist_free(&ml);
    skfx_empty_close(&x);
}

/* Plays of every tile of a full rack: the search bounds them only where the
 * engine's bingo map says the rack (with a blank's letters, with the one
 * board tile the play would take in) holds a word's letters.  A tiny list
 * where the bingos are known: ABCDEFG (7 letters), ABCDEFGH through a board
 * H, BCDEFGHI through a board B, and BCDEFGHIJ and ABCDEFGHI through two;
 * XY keeps short plays about.  Each position: the best 1 and 3 by score and
 * by a random leave function against the full sorted list, and the best
 * play is (or is not) the bingo. */
static void test_bingo_map(void)
{
    static const char words[] = "abcdefg\nabcdefgh\nabcdefghi\nbcdefghi\nbcdefghij\nxy\nyx\n";
    static const char spec[] = "abcdefghijklmnopqrstuvwxyz";
    alpha_table a;
    REQUIRE(alpha_parse(&a, spec, sizeof spec - 1, NULL) == 0);
    dawg_graph *d = NULL;
    REQUIRE(dawg_build(&d, &a, words, sizeof words - 1, NULL, NULL, NULL) == 0);
    sk_tileset ts;
    REQUIRE(sk_tileset_builtin(&ts, dawg_alphabet(d), "en", NULL) == 0);
    sk_layout lay;
    REQUIRE(sk_layout_builtin(&lay, "standard", NULL) == 0);
    sk_engine *e = NULL;
    sk_gen *g = NULL;
    REQUIRE(sk_engine_create(&e, d, &ts, &lay, NULL) == 0);
    REQUIRE(sk_gen_create(&g, e, NULL) == 0);
    static const struct {
        const char *board;   /* tiles: row 7 from column 3 ('.' empty), or "" */
        const char *rack;
        int bingo;           /* the best play by score places all 7 tiles */
    } cases[] = {
        { "", "ABCDEFG", 1 }, { "", "ABCDEF?", 1 }, { "", "?BCDE?G", 1 }, { "", "ABCDEFX", 0 },
        { ".......H", "ABCDEFG", 1 },   /* ABCDEFG(H) or ABCDEFG alone (the 8 is worth more) */
        { ".......H", "ABCDEXY", 0 },
        { "B", "CDEFGHI", 1 },          /* (B)CDEFGHI: only through the B */
        { "B", "CDEFGH?", 1 }, { "B", "CDEFG??", 1 }, { "C", "CDEFGHI", 0 },
        { "B.......J", "CDEFGHI", 1 },  /* (B)CDEFGHI(J): through two tiles */
        { "...D..G", "ABCEFHI", 1 },    /* ABC(D)EF(G)HI */
        { "...D..X", "ABCEFHI", 0 },
    };
    stats st = { 0 };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sk_board b;
        memset(&b, 0, sizeof b);
        b.dim = 15;
        for (int c = 0; cases[i].board[c]; c++)
            if (cases[i].board[c] != '.')
                b.sq[7 * 15 + 3 + c] = (uint8_t)alpha_index(&a, (char[]){ (char)(cases[i].board[c] - 'A' + 'a'), 0 });
        sk_rack r;
        REQUIRE(sk_rack_parse(&r, e, cases[i].rack, strlen(cases[i].rack), NULL) == 0);
        char what[64];
        snprintf(what, sizeof what, "bingo case %zu (%s)", i, cases[i].rack);
        for (uint64_t salt = 0; salt < 6; salt++)
            check_position(e, g, &b, &r, 0, salt * 0x10101 + 256 * (salt & 1), &st, what);
        sk_movelist ml = {0};
        REQUIRE(sk_generate_top(g, &b, &r, 0, NULL, 1, &ml, NULL) == 0);
        CHECKF((ml.n == 1 && ml.v[0].ntiles == 7) == cases[i].bingo, "%s: best play places %d tiles", what,
               ml.n ? ml.v[0].ntiles : -1);
        sk_movelist_free(&ml);
    }
    CHECK(st.mismatches == 0);
    sk_gen_destroy(g);
    sk_engine_destroy(e);
    dawg_destroy(d);
}

/* The generator keeps the last board's cross-sets and updates them around
 * the new tiles when the next board only adds tiles (a game going on).  One
 * generator used for a whole sequence of positions must give what a new
 * generator gives for each: self-play games replayed turn by turn, with an
 * unrelated board (an earlier position of another game, so tiles are
 * missing) and the same board again in between; every move (sk_generate)
 * and the best 5 by a random leave function, the same moves in the same
 * order. */
static int same_list(const sk_movelist *a, const sk_movelist *b)
{
    if (a->n != b->n || a->total != b->total)
        return 0;
    for (size_t i = 0; i < a->n; i++)
        if (!same_move(&a->v[i], &b->v[i]))
            return 0;
    return 1;
}

static void test_board_cache(void)
{
    skfx_lang L;
    if (lang_load(&L, "en", 8) != 0) {
        th_skip("data missing");
        return;
    }
    sk_gen *keep = NULL, *play = NULL;
    REQUIRE(skfx_lang_engine(&L, NULL) == 0);
    const sk_engine *e = L.e;
    REQUIRE(sk_gen_create(&keep, e, NULL) == 0);
    REQUIRE(sk_gen_create(&play, e, NULL) == 0);
    sk_game *gm = malloc(2 * sizeof *gm);
    REQUIRE(gm != NULL);
    sk_player pl[2] = { { "a", SK_STRAT_SCORE, NULL, NULL }, { "b", SK_STRAT_SCORE, NULL, NULL } };
    sk_movelist ml = {0}, a = {0}, b = {0};
    long positions = 0, differ = 0;
    int games = (int)(8 * th_sanitized_scale(4));
    for (int gi = 0; gi < (games < 2 ? 2 : games); gi++) {
        REQUIRE(sk_selfplay(play, &ml, pl, gi % 2, sk_game_seed(0xcac4e, (uint64_t)gi), &gm[0], NULL) == 0);
        REQUIRE(sk_selfplay(play, &ml, pl, 1 - gi % 2, sk_game_seed(0xcac4f, (uint64_t)gi), &gm[1], NULL) == 0);
        sk_board bd, other;
        memset(&bd, 0, sizeof bd);
        bd.dim = 15;
        memset(&other, 0, sizeof other);
        other.dim = 15;
        for (int t = 0; t < gm[0].nturns; t++) {
            const sk_turn *tu = &gm[0].turns[t];
            if (tu->kind > SK_TURN_PASS)
                continue;
            for (int rep = 0; rep < 1 + (t % 4 == 3); rep++) {   /* now and then the same board twice */
                const sk_board *pos = rep == 0 && t % 5 == 4 ? &other : &bd;
                for (int mode = 0; mode < 2; mode++) {
                    sk_gen *fresh = NULL;
                    REQUIRE(sk_gen_create(&fresh, e, NULL) == 0);
                    leavectx lc = { 0x5eed + (uint64_t)t, 0 };
                    sk_rank rk = { random_leave, &lc };
                    int r1 = mode ? sk_generate_top(keep, pos, &tu->rack, 0, &rk, 5, &a, NULL)
                                  : sk_generate(keep, pos, &tu->rack, 0, &a, NULL);
                    int r2 = mode ? sk_generate_top(fresh, pos, &tu->rack, 0, &rk, 5, &b, NULL)
                                  : sk_generate(fresh, pos, &tu->rack, 0, &b, NULL);
                    CHECK(r1 == 0 && r2 == 0);
                    if (!mode)
                        sk_movelist_sort(e, &a), sk_movelist_sort(e, &b);
                    positions++;
                    differ += !same_list(&a, &b);
                    sk_gen_destroy(fresh);
                }
            }
            if (tu->kind == SK_TURN_MOVE)
                sk_board_apply(&bd, &tu->play.move);
            /* the other game's board, a few turns behind */
            int ot = t / 2;
            if (ot < gm[1].nturns && gm[1].turns[ot].kind == SK_TURN_MOVE)
                sk_board_apply(&other, &gm[1].turns[ot].play.move);
        }
    }
    printf("  %ld positions, %ld differ\n", positions, differ);
    CHECK(positions > 100 && differ == 0);
    sk_movelist_free(&ml);
    sk_movelist_free(&a);
    sk_movelist_free(&b);
    free(gm);
    sk_gen_destroy(keep);
    sk_gen_destroy(play);
    skfx_lang_free(&L);
}

static const th_test tests[] = {
    { "topn_board_cache", test_board_cache },
    { "topn_bingo_map", test_bingo_map },
    { "topn_en_standard", test_en_standard },
    { "topn_is_standard", test_is_standard },
    { "topn_is_explo", test_is_explo },
    { "topn_asymmetric", test_asymmetric },
    { "topn_en_heavy", test_en_heavy },
    { "topn_is_heavy", test_is_heavy },
    { "topn_edges", test_edges },
    { 0, 0 }
};

int main(int argc, char **argv) { return th_main("skrafl_topn", tests, argc, argv); }
