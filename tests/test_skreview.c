/* test_skreview.c - the library's game review (tilekit/skreview.h), run
 * directly on parsed GCG games.
 *
 * Oracle: random self-play games written as GCG and read back are reviewed
 * with a leave table of salted values; every ranked turn is then recomputed
 * here from the rules alone (skgame.h's equity: score plus the leave value
 * of the tiles kept while the bag holds tiles; with it empty, twice the
 * opponent's tiles for going out and minus twice the tiles kept otherwise;
 * exchanges only with 7 tiles in the bag, the pass always): every placement
 * the generator lists, every exchange and the pass are valued here, and the
 * play made must have the rank by score and by equity, the number of plays,
 * the best equity, the loss and the missed bingo this count gives.  The
 * board before each turn, the scores and totals, and the players' sums are
 * checked against the game as played.
 * Hand-worked games: scores, illegal and partial racks, wrong scores and
 * totals, the player filter, the kept best plays; a tiny endgame whose
 * values were worked out on paper (the CLI test's eg-as game); simulation
 * figures that must hold whatever the random draws (the play made among
 * the candidates, its loss zero exactly when it is first).
 */
#include "support/skrafl_fixture.h"
#include "tilekit/dawg.h"
#include "tilekit/skgame.h"
#include "tilekit/skreview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- engines ------------------------------------------------------------------------------ */

/* English: every 2- and 3-letter word and every step-th longer one up to 8
 * letters; the built-in tile set and standard layout. */
static int english(skfx_lang *L, size_t step)
{
    skfx_sample s = { 8, 1, step };
    return skfx_lang_load(L, "en", s, SKFX_BUILTIN_TILES | SKFX_ENGINE);
}

/* english(L, 40), or a skip when the data is absent: 0 or -1. */
static int english_or_skip(skfx_lang *L)
{
    if (english(L, 40) == 0)
        return 0;
    th_skip("no data");
    return -1;
}

/* A tiny engine: the given words and tile set (lines "letter count value"). */
typedef struct tiny {
    alpha_table a;
    dawg_graph *d;
    sk_engine *e;
} tiny;

static int tiny_make(tiny *t, const char *words, const char *tiles)
{
    memset(t, 0, sizeof *t);
    tk_error err = {0};
    sk_tileset ts;
    sk_layout lay;
    if (skfx_alphabet(&t->a, "en") || dawg_build(&t->d, &t->a, words, strlen(words), NULL, NULL, &err) ||
        sk_tileset_parse(&ts, dawg_alphabet(t->d), tiles, strlen(tiles), &err) ||
        sk_layout_builtin(&lay, "standard", &err) || sk_engine_create(&t->e, t->d, &ts, &lay, &err))
        return -1;
    return 0;
}

static void tiny_free(tiny *t)
{
    sk_engine_destroy(t->e);
    dawg_destroy(t->d);
}

/* The CLI endgame tests' engine: tiles c a t t s (c 3 points, the others 1)
 * and the 11 words of tests/cli/golden/skrafl/words.txt.  0, or -1 (a
 * failed check recorded). */
static int cat_engine(tiny *t)
{
    if (tiny_make(t, "act\nacts\nas\nat\nca\ncat\ncats\nscat\nsat\nta\ntas\n", "c 3 1\na 1 1\nt 1 2\ns 1 1\n") == 0)
        return 0;
    CHECK(0);
    tiny_free(t);
    return -1;
}

/* ---- reviewing a text --------------------------------------------------------------------- */

static void base_opts(sk_review_opts *o)
{
    memset(o, 0, sizeof *o);
    o->judged = 1;
    o->dict_name = "TEST";
}

/* Parse and review text; 0 or -1 (a failed check recorded). */
static int review_text(const sk_engine *e, const char *text, const sk_review_opts *o, sk_gcg *gc, sk_review *rv)
{
    tk_error err = {0};
    sk_reviewer *w = NULL;
    memset(rv, 0, sizeof *rv);
    int rc = sk_gcg_parse(gc, e, text, strlen(text), NULL, NULL, &err);
    CHECKF(rc == 0 && gc->nerrors == 0, "parse: %s (%d errors)", err.msg, gc->nerrors);
    if (rc)
        return -1;
    rc = sk_reviewer_create(&w, &err) || sk_review_game(w, e, gc, o, rv, &err);
    CHECKF(rc == 0, "review: %s", err.msg);
    sk_reviewer_destroy(w);
    return rc ? -1 : 0;
}

/* ---- the oracle ------------------------------------------------------------------------------- */

/* A salted leave value of 1..6 tiles (0 otherwise), as the table is filled. */
static int32_t oracle_leave(const uint8_t c[64])
{
    int n = 0;
    for (int l = 0; l < 64; l++)
        n += c[l];
    return n >= 1 && n <= 6 ? skfx_salted_leave(77, c, 64) : 0;
}

/* Every sub-multiset of rack counts r[0..64) of 1..6 tiles into the table. */
static void fill_subsets(sk_leaves *lv, const uint8_t r[64], uint8_t c[64], int l, int n)
{
    if (l == 64) {
        if (n >= 1 && n <= 6)
            sk_leaves_set(lv, c, oracle_leave(c));
        return;
    }
    for (int k = 0; k <= r[l]; k++) {
        c[l] = (uint8_t)k;
        fill_subsets(lv, r, c, l + 1, n + k);
    }
    c[l] = 0;
}

static int tiles_value(const sk_tileset *ts, const uint8_t c[64])
{
    int v = 0;
    for (int l = 1; l < 64; l++)
        v += c[l] * ts->value[l];
    return v;
}

/* Equity of keeping counts kept after scoring `score` (thousandths), by the rules. */
static int64_t oracle_equity(const sk_tileset *ts, int bag, int opp_value, int score, const uint8_t kept[64])
{
    int n = 0;
    for (int l = 0; l < 64; l++)
        n += kept[l];
    if (bag > 0)
        return (int64_t)score * 1000 + oracle_leave(kept);
    if (n == 0)
        return (int64_t)(score + 2 * opp_value) * 1000;
    return (int64_t)(score - 2 * tiles_value(ts, kept)) * 1000;
}

/* ben's self-play leaves: the same values (so that he exchanges now and then) */
static int32_t player_leave(void *ctx, const uint8_t c[64])
{
    (void)ctx;
    return oracle_leave(c);
}

typedef struct tally {
    long plays, above_eq, above_sc;
    int64_t best;
    int bingo;
} tally;

static void count_play(tally *t, int64_t eq, int score, int64_t me_eq, int me_score)
{
    t->plays++;
    t->above_eq += eq > me_eq;
    t->above_sc += score > me_score;
    if (t->plays == 1 || eq > t->best)
        t->best = eq;
}

/* The exchanges of rack counts r: every non-empty sub-multiset c (kept = r - c). */
static void count_exchanges(tally *t, const uint8_t r[64], uint8_t c[64], int l, int n, int64_t me_eq)
{
    if (l == 64) {
        if (n == 0)
            return;
        uint8_t kept[64];
        for (int k = 0; k < 64; k++)
            kept[k] = (uint8_t)(r[k] - c[k]);
        count_play(t, oracle_leave(kept), 0, me_eq, 0);   /* the equity of an exchange: the tiles kept */
        return;
    }
    for (int k = 0; k <= r[l]; k++) {
        c[l] = (uint8_t)k;
        count_exchanges(t, r, c, l + 1, n + k, me_eq);
    }
    c[l] = 0;
}

/* The tiles kept after play p of rack counts r. */
static void kept_after(const sk_play *p, const uint8_t r[64], uint8_t kept[64])
{
    memcpy(kept, r, 64);
    if (p->kind == SK_PLAY_EXCHANGE)
        for (int i = 0; i < p->nx; i++)
            kept[p->x[i]]--;
    if (p->kind != SK_PLAY_MOVE)
        return;
    for (int i = 0; i < p->move.len; i++) {
        uint8_t w = p->move.word[i];
        if (!(w & SK_ONBOARD))
            kept[(w & SK_BLANK) ? 0 : (w & SK_LETTER)]--;
    }
}

/* Recompute the static verdict of record v and compare. */
static void oracle_turn(const sk_engine *e, sk_gen *g, sk_movelist *list, const sk_review_event *v, long *checked)
{
    const sk_tileset *ts = sk_engine_tileset(e);
    const sk_rack *r = &v->ev->rack;
    int u[64];
    int nun = skfx_unseen(ts, &v->before, r, u);
    int bag = nun > SK_RACK_MAX ? nun - SK_RACK_MAX : 0, opp_value = 0;
    for (int l = 1; l < 64; l++)
        opp_value += u[l] * ts->value[l];
    uint8_t rc[64], kept[64], c[64] = {0};
    skfx_rack_counts(r, rc);
    kept_after(&v->me, rc, kept);
    int64_t me_eq = v->me.kind == SK_PLAY_MOVE ? oracle_equity(ts, bag, opp_value, v->me.score, kept)
                    : bag > 0 ? oracle_leave(kept) : -2000LL * tiles_value(ts, kept);
    tally t = {0};
    tk_error err = {0};
    list->limit = 0;
    REQUIRE(sk_generate(g, &v->before, r, 0, list, &err) == 0);
    for (size_t i = 0; i < list->n; i++) {
        sk_play p;
        memset(&p, 0, sizeof p);
        p.move = list->v[i];
        kept_after(&p, rc, kept);
        count_play(&t, oracle_equity(ts, bag, opp_value, p.move.score, kept), p.move.score, me_eq, v->me.score);
        t.bingo |= p.move.ntiles == SK_RACK_MAX;
    }
    if (bag >= SK_EXCHANGE_MIN)
        count_exchanges(&t, rc, c, 0, 0, me_eq);
    count_play(&t, bag > 0 ? oracle_leave(rc) : -2000LL * tiles_value(ts, rc), 0, me_eq, v->me.score);
    int me_bingo = v->me.kind == SK_PLAY_MOVE && v->me.move.ntiles == SK_RACK_MAX;
    CHECKF(v->equity == me_eq, "line %ld: equity %lld, oracle %lld", v->ev->line, (long long)v->equity,
           (long long)me_eq);
    CHECKF(v->plays == t.plays, "line %ld: %ld plays, oracle %ld", v->ev->line, v->plays, t.plays);
    CHECKF(v->rank_equity == t.above_eq + 1, "line %ld: rank by equity %ld, oracle %ld", v->ev->line,
           v->rank_equity, t.above_eq + 1);
    CHECKF(v->rank_score == t.above_sc + 1, "line %ld: rank by score %ld, oracle %ld", v->ev->line, v->rank_score,
           t.above_sc + 1);
    CHECKF(v->best.equity == t.best, "line %ld: best equity %lld, oracle %lld", v->ev->line,
           (long long)v->best.equity, (long long)t.best);
    CHECKF(v->lost == (t.best > me_eq ? t.best - me_eq : 0), "line %ld: lost %lld", v->ev->line, (long long)v->lost);
    CHECKF(v->bingo_missed == (t.bingo && !me_bingo), "line %ld: bingo missed %d", v->ev->line, v->bingo_missed);
    (*checked)++;
}

/* The game as played against the review: boards, scores, totals, sums. */
static void check_replay(const sk_engine *e, const sk_game *gm, const sk_review *rv)
{
    sk_board b;
    memset(&b, 0, sizeof b);
    b.dim = sk_engine_layout(e)->dim;
    int k = 0, plays[2] = { 0, 0 };
    sk_review_player sum[2];
    memset(sum, 0, sizeof sum);
    for (int i = 0; i < gm->nturns && k < rv->n; i++) {
        const sk_turn *u = &gm->turns[i];
        const sk_review_event *v = &rv->ev[k++];
        /* GCG's first player is the one who moved first */
        CHECKF((v->ev->player + gm->first) % 2 == u->player, "event %d: player %d, turn %d's %d", k, v->ev->player,
               i, u->player);
        CHECKF(memcmp(v->before.sq, b.sq, sizeof b.sq) == 0, "event %d: the board before differs", k);
        CHECKF(v->score == u->score && v->total == u->total && v->total_ok, "event %d: %d %d (%d), played %d %d", k,
               v->score, v->total, v->total_ok, u->score, u->total);
        CHECKF(!v->have_computed || v->score_ok, "event %d: score %d, rules %d", k, v->score, v->computed);
        CHECKF(v->problem[0] == 0 && v->legal != 0, "event %d: %s %s", k, v->problem, v->why);
        if (u->kind == SK_TURN_MOVE)
            skfx_place(&b, &u->play.move, 0);
        if (u->kind <= SK_TURN_PASS) {
            plays[u->player]++;
            CHECKF(v->have_rank && v->me_ok, "event %d: a full-rack turn not ranked", k);
        }
        if (v->have_rank) {
            sum[u->player].ranked++;
            sum[u->player].lost += v->lost;
        }
    }
    for (int p = 0; p < 2; p++) {
        int q = (p + gm->first) % 2;
        CHECK(rv->player[p].score == gm->scores[q]);
        CHECK(rv->player[p].plays == plays[q]);
        CHECK(rv->player[p].ranked == sum[q].ranked && rv->player[p].lost == sum[q].lost);
    }
    CHECK(rv->score_errors == 0 && rv->total_errors == 0 && rv->problems == 0);
}

/* One self-play game through GCG and the review; returns the turns checked. */
static long oracle_game(const skfx_lang *L, sk_gen *g, sk_movelist *list, sk_reviewer *w, uint64_t seed)
{
    static sk_game gm;
    const sk_player pl[2] = { { "ann", SK_STRAT_SCORE, NULL, NULL }, { "ben", SK_STRAT_EQUITY, player_leave, NULL } };
    tk_error err = {0};
    if (sk_selfplay(g, list, pl, (int)(seed & 1), seed, &gm, &err))
        return 0;
    const char *names[2] = { "ann", "ben" };
    char *text = NULL;
    size_t len = 0;
    sk_gcg gc;
    sk_review rv;
    sk_leaves *lv = NULL;
    if (sk_game_gcg(L->e, &gm, names, "TEST", &text, &len) || sk_leaves_create(&lv, 8192))
        return 0;
    for (int i = 0; i < gm.nturns; i++) {
        uint8_t rc[64], c[64] = {0};
        skfx_rack_counts(&gm.turns[i].rack, rc);
        fill_subsets(lv, rc, c, 0, 0);
    }
    sk_review_opts o;
    base_opts(&o);
    o.leaves = lv;
    long checked = 0;
    int rc = sk_gcg_parse(&gc, L->e, text, len, NULL, NULL, &err);
    if (rc == 0 && sk_review_game(w, L->e, &gc, &o, &rv, &err) == 0) {
        check_replay(L->e, &gm, &rv);
        for (int i = 0; i < rv.n; i++)
            if (rv.ev[i].have_rank)
                oracle_turn(L->e, g, list, &rv.ev[i], &checked);
        sk_review_free(&rv);
    } else {
        CHECKF(0, "game %llu: %s", (unsigned long long)seed, err.msg);
    }
    sk_gcg_free(&gc);
    sk_leaves_destroy(lv);
    free(text);
    return checked;
}

static void test_oracle(void)
{
    skfx_lang L;
    if (english(&L, 12)) {
        th_skip("no data");
        return;
    }
    sk_gen *g = NULL;
    sk_movelist list = {0};
    sk_reviewer *w = NULL;
    REQUIRE(sk_gen_create(&g, L.e, NULL) == 0 && sk_reviewer_create(&w, NULL) == 0);
    int games = (int)(8 * th_sanitized_scale(4));
    long checked = 0;
    for (int k = 0; k < (games > 1 ? games : 1); k++)
        checked += oracle_game(&L, g, &list, w, 1000 + (uint64_t)k);
    CHECKF(checked >= 20L * (games > 1 ? games : 1), "only %ld turns checked", checked);
    sk_reviewer_destroy(w);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

/* ---- hand-worked games ------------------------------------------------------------------------- */

/* CAT 8H: C on H8 (the start, a double word): (3 + 1 + 1) x 2 = 10.
 * T. down I7: T on I7 (a double letter) 2, the A of CAT 1: TA, 3.
 * Then a pass and an exchange of three tiles with the bag full. */
static const char *const game1 =
    "#player1 ann Ann Arbor\n"
    "#player2 ben Ben\n"
    ">ann: ACTEEIO 8H CAT +10 10\n"
    ">ben: TDEIORS I7 T. +3 3\n"
    ">ann: EEIOQUZ - +0 10\n"
    ">ben: DEIORSU -DEI +0 3\n";

static void test_handworked(void)
{
    skfx_lang L;
    if (english_or_skip(&L))
        return;
    sk_gcg gc;
    sk_review rv;
    sk_review_opts o;
    base_opts(&o);
    o.top = 5;
    if (review_text(L.e, game1, &o, &gc, &rv) == 0 && rv.n == 4) {
        const sk_review_event *v = rv.ev;
        CHECK(v[0].turn == 1 && v[0].has_play && v[0].computed == 10 && v[0].score_ok && v[0].legal == 1);
        CHECK(v[1].turn == 2 && v[1].computed == 3 && v[1].score_ok && v[1].total_ok && v[1].legal == 1);
        CHECK(v[0].have_rank && v[0].ntop == 5 && v[0].top[0].equity == v[0].best.equity);
        for (int i = 1; i < v[0].ntop; i++)
            CHECK(v[0].top[i].equity <= v[0].top[i - 1].equity);
        CHECK(v[2].turn == 3 && v[2].legal == 1 && v[2].have_rank && v[2].me.kind == SK_PLAY_PASS);
        CHECK(v[3].legal == 1 && v[3].have_rank && v[3].me.kind == SK_PLAY_EXCHANGE && v[3].me.nx == 3);
        CHECK(rv.player[0].plays == 2 && rv.player[1].plays == 2 && rv.player[0].score == 10);
        CHECK(rv.player[1].score == 3 && rv.turns == 4);
        CHECK(rv.score_errors == 0 && rv.total_errors == 0 && rv.problems == 0);
        /* the position before turn 2: CAT alone on row 8, ann 10, ben 0 */
        int tiles = 0;
        for (int i = 0; i < 225; i++)
            tiles += v[1].before.sq[i] != 0;
        CHECK(tiles == 3 && v[1].before.sq[7 * 15 + 7] != 0 && v[1].totals[0] == 10 && v[1].totals[1] == 0);
        /* the opponent's rack before turn 1 is what ben shows at turn 2 */
        CHECK(v[0].has_opp_rack && v[0].opp_rack.n == 7);
    } else {
        CHECK(0);
    }
    sk_review_free(&rv);
    sk_gcg_free(&gc);
    /* only ann's turns judged: ben's are checked but not ranked */
    o.players = 1u << 0;
    if (review_text(L.e, game1, &o, &gc, &rv) == 0 && rv.n == 4) {
        CHECK(rv.ev[0].have_rank && rv.ev[2].have_rank && !rv.ev[1].have_rank && !rv.ev[3].have_rank);
        CHECK(rv.ev[1].score_ok && rv.player[1].ranked == 0 && rv.player[0].ranked == 2);
    }
    sk_review_free(&rv);
    sk_gcg_free(&gc);
    /* options out of range */
    sk_reviewer *w = NULL;
    tk_error err = {0};
    o.top = SK_REVIEW_TOP_MAX + 1;
    if (sk_gcg_parse(&gc, L.e, game1, strlen(game1), NULL, NULL, &err) == 0 && sk_reviewer_create(&w, &err) == 0)
        CHECK(sk_review_game(w, L.e, &gc, &o, &rv, &err) == TK_EINVAL && rv.ev == NULL);
    sk_reviewer_destroy(w);
    sk_gcg_free(&gc);
    skfx_lang_free(&L);
}

/* Wrong scores and totals, partial and impossible racks, a phony withdrawn. */
static const char *const game2 =
    "#player1 ann Ann\n"
    "#player2 ben Ben\n"
    ">ann: ACTEEIO 8H CAT +12 12\n"        /* the rules say 10 */
    ">ben: TDEIORS I7 T. +3 4\n"           /* the total should be 3 */
    ">ann: EEIO J8 .E +99 111\n"           /* a partial rack (the bag is full); TE, not 99 */
    ">ann: EEIO --  -99 12\n"              /* the withdrawal takes the 99 back */
    ">ben: DEIORSX -XX +0 4\n";            /* the rack holds one X: no such exchange */

static void test_flags(void)
{
    skfx_lang L;
    if (english_or_skip(&L))
        return;
    sk_gcg gc;
    sk_review rv;
    sk_review_opts o;
    base_opts(&o);
    if (review_text(L.e, game2, &o, &gc, &rv) == 0 && rv.n == 5) {
        const sk_review_event *v = rv.ev;
        CHECK(v[0].computed == 10 && !v[0].score_ok && v[0].total_ok);
        CHECK(v[1].score_ok && !v[1].total_ok && v[1].expected_total == 3);
        CHECK(v[2].partial && v[2].has_play && !v[2].have_rank && !v[2].score_ok);
        CHECK(v[3].have_computed && v[3].computed == -99 && v[3].score_ok && v[3].total_ok);
        CHECK(v[4].legal == 0 && strstr(v[4].why, "not on the rack") != NULL);
        /* the board after the withdrawal is the one before the withdrawn play */
        CHECK(memcmp(v[3].before.sq, v[2].before.sq, sizeof v[2].before.sq) != 0);
        CHECK(memcmp(v[4].before.sq, v[2].before.sq, sizeof v[2].before.sq) == 0);
        /* ann's 12 is not the 10 her plays add up to (the 99 taken back); ben's 4 not his 3 */
        CHECK(rv.player[0].sum == 10 && rv.player[1].sum == 3);
        CHECK(rv.score_errors == 2 && rv.total_errors == 3);
    } else {
        CHECK(0);
    }
    sk_review_free(&rv);
    sk_gcg_free(&gc);
    skfx_lang_free(&L);
}

/* A withdrawal after the opponent's turn takes nothing back; end racks by
 * the tiles the board leaves (tiles c a t t s: ann holds one T, 1 point). */
static const char *const late_game =
    "#player1 ann Ann\n"
    "#player2 ben Ben\n"
    ">ann: ACTT 8H CAT +10 10\n"
    ">ben: S - +0 0\n"
    ">ann: T -- -10 0\n"              /* too late: CAT stays */
    ">ben: S I8 .S +3 3\n"            /* AS through CAT's A: 3, going out */
    ">ben: (TT) +4 7\n";              /* one T is left: +2 */

static void test_late(void)
{
    tiny t;
    if (cat_engine(&t))
        return;
    sk_gcg gc;
    sk_review rv;
    sk_review_opts o;
    base_opts(&o);
    if (review_text(t.e, late_game, &o, &gc, &rv) == 0 && rv.n == 5) {
        const sk_review_event *v = rv.ev;
        CHECK(v[2].problem[0] && v[2].computed == 0 && !v[2].score_ok && v[2].total_ok);
        CHECK(memcmp(v[3].before.sq, v[2].before.sq, sizeof v[2].before.sq) == 0);   /* CAT stays */
        CHECK(v[3].has_play && v[3].computed == 3 && v[3].score_ok);
        CHECK(v[4].computed == 2 && !v[4].score_ok);
        CHECK(rv.player[0].sum == 10 && rv.player[0].score == 0 && rv.player[1].sum == 5 && rv.player[1].score == 7);
        CHECK(rv.problems == 1 && rv.score_errors == 2 && rv.total_errors == 2);
    } else {
        CHECK(0);
    }
    sk_review_free(&rv);
    sk_gcg_free(&gc);
    tiny_free(&t);
}

/* ---- looking ahead ------------------------------------------------------------------------------- */

/* The CLI test's eg-as game: tiles c a t t s, CAT on the board leaves ben S
 * and ann T, the bag empty.  Ben's best is S(CAT) 8G: 6, going out: +2 for
 * the T: +8; his AS (I8 .S) makes 3 and goes out: +5; lost 3.  Ann's CAT
 * 8H: 10, then ben's best +8... ann's value (her view) 10 - 8 = +2. */
static const char *const eg_game =
    "#player1 ann Ann\n"
    "#player2 ben Ben\n"
    ">ann: ACTT 8H CAT +10 10\n"
    ">ben: S I8 .S +3 3\n"
    ">ben: (T) +2 5\n";

static void test_endgame(void)
{
    tiny t;
    if (cat_engine(&t))
        return;
    sk_gcg gc;
    sk_review rv;
    sk_review_opts o;
    base_opts(&o);
    o.endgame = 1;
    o.ego.seconds = 30;
    if (review_text(t.e, eg_game, &o, &gc, &rv) == 0 && rv.n == 3) {
        const sk_review_event *v = rv.ev;
        CHECK(v[0].eg == 1 && v[0].eg_exact && v[0].eg_value == 2 && v[0].eg_best_value == 2);
        CHECK(v[1].eg == 1 && v[1].eg_exact && v[1].eg_value == 5 && v[1].eg_best_value == 8);
        CHECK(v[1].eg_best.kind == SK_PLAY_MOVE && v[1].eg_best.score == 6 && v[1].eg_opp.n == 1);
        CHECK(v[2].eg == 0 && v[2].score_ok);
        CHECK(rv.player[1].eg_judged == 1 && rv.player[1].eg_lost == 3 && rv.player[0].eg_lost == 0);
    } else {
        CHECK(0);
    }
    sk_review_free(&rv);
    sk_gcg_free(&gc);
    /* only turn 2 looked at */
    o.look_turn = 2;
    if (review_text(t.e, eg_game, &o, &gc, &rv) == 0 && rv.n == 3)
        CHECK(rv.ev[0].eg == 0 && rv.ev[1].eg == 1);
    sk_review_free(&rv);
    sk_gcg_free(&gc);
    tiny_free(&t);
}

static void test_sim(void)
{
    skfx_lang L;
    if (english_or_skip(&L))
        return;
    sk_gcg gc;
    sk_review rv, again;
    sk_review_opts o;
    base_opts(&o);
    o.sim = 1;
    o.simo.iterations = 12;
    o.simo.candidates = 3;
    o.simo.plies = 1;
    o.simo.seed = 5;
    if (review_text(L.e, game1, &o, &gc, &rv) == 0 && rv.n == 4) {
        for (int i = 0; i < rv.n; i++) {
            const sk_review_event *v = &rv.ev[i];
            CHECKF(v->sim == 1, "event %d: sim %d %s", i, v->sim, v->sim_why);
            CHECK(v->sim_n >= 1 && v->sim_n <= 4 && v->sim_rank >= 1 && v->sim_rank <= v->sim_n);
            CHECK(v->sim_in_top || v->sim_n == 4 || v->sim_rank >= 1);
            CHECK((v->sim_rank == 1) == (v->sim_lost == 0) || v->sim_best.mean == v->sim_me.mean);
            CHECK(v->sim_lost >= 0 && v->sim_iterations == 12);
        }
        CHECK(rv.player[0].sim_judged == 2 && rv.player[1].sim_judged == 2);
        sk_gcg gc2;
        if (review_text(L.e, game1, &o, &gc2, &again) == 0)
            for (int i = 0; i < rv.n; i++)
                CHECK(again.ev[i].sim_lost == rv.ev[i].sim_lost && again.ev[i].sim_rank == rv.ev[i].sim_rank);
        sk_review_free(&again);
        sk_gcg_free(&gc2);
    } else {
        CHECK(0);
    }
    sk_review_free(&rv);
    sk_gcg_free(&gc);
    skfx_lang_free(&L);
}

static const th_test tests[] = {
    { "oracle", test_oracle },
    { "handworked", test_handworked },
    { "flags", test_flags },
    { "late", test_late },
    { "endgame", test_endgame },
    { "sim", test_sim },
    { 0, 0 },
};

int main(int argc, char **argv) { return th_main("skreview", tests, argc, argv); }
