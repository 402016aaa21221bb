/* test_skgame.c - leave tables, equity, exchanges, self-play and GCG.
 *
 * The oracle is deliberately plain and shares nothing with src/skrafl
 * beyond the input structures and the list of placements:
 *   - the leave table is kept as an array of (tile counts, value) and looked
 *     up by a linear scan;
 *   - the tiles a placement keeps are the rack minus the move's new tiles,
 *     counted letter by letter;
 *   - exchanges are every subset of the rack's tile POSITIONS (2^n of
 *     them), each sorted, duplicates removed: the distinct sub-multisets;
 *   - unseen tiles, bag and the opponent's tiles come from counting the
 *     board and the rack against the tile set;
 *   - the best play is the maximum equity over placements, exchanges (bag
 *     >= 7) and the pass, with the end-game rule written out again.
 * Positions are the turns of self-play games (English and Icelandic, small
 * dictionaries), each with a fresh random leave table written as CSV with
 * the letters of every key shuffled (so the parser is exercised too).
 */
#include "support/skrafl_fixture.h"
#include "tilekit/dawg.h"
#include "tilekit/skgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the plain leave table ------------------------------------------------------------ */

typedef struct pentry {
    uint8_t c[64];
    int32_t v;
} pentry;

typedef struct ptable {
    pentry *e;
    int n, cap;
} ptable;

static int32_t plain_value(const ptable *t, const uint8_t c[64])
{
    for (int i = 0; i < t->n; i++)
        if (memcmp(t->e[i].c, c, 64) == 0)
            return t->e[i].v;
    return 0;
}

static void plain_add(ptable *t, const uint8_t c[64], int32_t v)
{
    int n = 0;
    for (int l = 0; l < 64; l++)
        n += c[l];
    if (n == 0 || n > SK_RACK_MAX)
        return;
    for (int i = 0; i < t->n; i++)
        if (memcmp(t->e[i].c, c, 64) == 0)
            return;
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->e = realloc(t->e, (size_t)t->cap * sizeof *t->e);
    }
    memcpy(t->e[t->n].c, c, 64);
    t->e[t->n++].v = v;
}

/* Write the table as CSV, each key's letters shuffled, values with 3 decimals. */
static char *table_csv(const ptable *t, const alpha_table *a, th_rng *rng, size_t *len)
{
    size_t cap = (size_t)t->n * 128 + 64, n = 0;
    char *s = malloc(cap);
    n += (size_t)snprintf(s + n, cap - n, "leave,value\n# a comment\n\n");
    for (int i = 0; i < t->n; i++) {
        int tiles[8], k = 0;
        for (int l = 0; l < 64; l++)
            for (int j = 0; j < t->e[i].c[l]; j++)
                tiles[k++] = l;
        for (int j = k - 1; j > 0; j--) {
            int r = (int)th_below(rng, (uint32_t)j + 1), x = tiles[j];
            tiles[j] = tiles[r];
            tiles[r] = x;
        }
        for (int j = 0; j < k; j++) {
            const char *sp = tiles[j] == 0 ? "?" : (th_below(rng, 2) ? a->upper[tiles[j]] : a->lower[tiles[j]]);
            n += (size_t)snprintf(s + n, cap - n, "%s", sp);
        }
        int32_t v = t->e[i].v, av = v < 0 ? -v : v;
        n += (size_t)snprintf(s + n, cap - n, ",%s%d.%03d\n", v < 0 ? "-" : "", av / 1000, av % 1000);
    }
    *len = n;
    return s;
}

/* ---- the plain recount -------------------------------------------------------------------- */

typedef struct pstate {
    int bag, opp_value;
} pstate;

static pstate plain_state(const sk_engine *e, const sk_board *b, const sk_rack *r)
{
    const sk_tileset *ts = sk_engine_tileset(e);
    int left[64];
    int n = skfx_unseen(ts, b, r, left), v = 0;
    for (int l = 0; l < 64; l++)
        v += left[l] * (l <= ts->nletters ? ts->value[l] : 0);
    pstate st = { n > 7 ? n - 7 : 0, v };
    return st;
}

static int64_t plain_keep(const sk_engine *e, const ptable *t, const pstate *st, const uint8_t kept[64])
{
    int n = 0, v = 0;
    for (int l = 0; l < 64; l++) {
        n += kept[l];
        v += kept[l] * (l <= sk_engine_tileset(e)->nletters ? sk_engine_tileset(e)->value[l] : 0);
    }
    if (st->bag == 0)
        return n == 0 ? 2000 * (int64_t)st->opp_value : -2000 * (int64_t)v;
    return plain_value(t, kept);
}

/* Distinct sub-multisets of the rack as sorted strings of tile codes (+1). */
static int plain_exchanges(const sk_rack *r, char out[128][9])
{
    int tiles[8], k = 0, n = 0;
    for (int j = 0; j < r->blanks; j++)
        tiles[k++] = 0;
    for (int l = 1; l < 64; l++)
        for (int j = 0; j < r->count[l]; j++)
            tiles[k++] = l;
    for (unsigned mask = 1; mask < (1u << k); mask++) {
        char s[9];
        int m = 0;
        for (int i = 0; i < k; i++)
            if (mask & (1u << i))
                s[m++] = (char)(tiles[i] + 1);   /* tiles[] is ascending: s is sorted */
        s[m] = 0;
        int dup = 0;
        for (int i = 0; i < n && !dup; i++)
            dup = strcmp(out[i], s) == 0;
        if (!dup)
            strcpy(out[n++], s);
    }
    return n;
}

static int str_cmp(const void *a, const void *b) { return strcmp(a, b); }

static long checked_positions, checked_exchanges;

static void check_position(const skfx_lang *L, sk_gen *g, sk_movelist *list, const sk_board *b, const sk_rack *r,
                           th_rng *rng)
{
    const sk_engine *e = L->e;
    /* a random table: values for random sub-multisets of the rack, and noise */
    ptable t = { NULL, 0, 0 };
    uint8_t rc[64];
    skfx_rack_counts(r, rc);
    for (int i = 0; i < 60; i++) {
        uint8_t c[64];
        memset(c, 0, 64);
        for (int l = 0; l < 64; l++)
            if (rc[l])
                c[l] = (uint8_t)th_below(rng, (uint32_t)rc[l] + 1);
        if (th_below(rng, 4) == 0)
            c[1 + th_below(rng, (uint32_t)L->ts.nletters)]++;
        plain_add(&t, c, (int32_t)th_below(rng, 60001) - 30000);
    }
    size_t len;
    char *csv = table_csv(&t, sk_engine_alphabet(e), rng, &len);
    sk_leaves *lv = NULL;
    tk_error err = {0};
    int prc = sk_leaves_parse(&lv, sk_engine_alphabet(e), csv, len, &err);
    CHECKF(prc == 0, "parse: line %ld: %s", err.line, err.msg);
    free(csv);
    if (prc) {
        free(t.e);
        return;
    }
    CHECK(sk_leaves_count(lv) == (size_t)t.n);
    list->limit = 0;
    REQUIRE(sk_generate(g, b, r, 0, list, &err) == 0);
    pstate ps = plain_state(e, b, r);
    int unseen[64];
    sk_state st;
    sk_state_from_unseen(e, unseen, sk_unseen(e, b, r, unseen), &st);
    CHECK(st.bag == ps.bag);
    /* placements */
    int64_t best = INT64_MIN;
    for (size_t i = 0; i < list->n; i++) {
        const sk_move *m = &list->v[i];
        uint8_t kept[64];
        skfx_rack_counts(r, kept);
        for (int k = 0; k < m->len; k++)
            if (!(m->word[k] & SK_ONBOARD))
                kept[(m->word[k] & SK_BLANK) ? 0 : (m->word[k] & SK_LETTER)]--;
        int64_t eq = (int64_t)m->score * 1000 + plain_keep(e, &t, &ps, kept);
        int64_t got = sk_move_equity(e, r, m, &st, sk_leaves_value, lv, NULL);
        CHECKF(eq == got, "move equity %lld, recount %lld", (long long)got, (long long)eq);
        if (eq > best)
            best = eq;
    }
    /* exchanges */
    char px[128][9];
    int npx = plain_exchanges(r, px);
    sk_play x[128];
    int nx = sk_exchanges(e, r, &st, sk_leaves_value, lv, x);
    CHECKF(nx == npx, "%d exchanges, plain count %d", nx, npx);
    char gx[128][9];
    for (int i = 0; i < nx && i < 128; i++) {
        for (int k = 0; k < x[i].nx; k++)
            gx[i][k] = (char)(x[i].x[k] + 1);
        gx[i][x[i].nx] = 0;
        uint8_t kept[64];
        skfx_rack_counts(r, kept);
        for (int k = 0; k < x[i].nx; k++)
            kept[x[i].x[k]]--;
        int64_t eq = plain_keep(e, &t, &ps, kept);
        CHECK(x[i].equity == eq);
        if (ps.bag >= 7 && eq > best)
            best = eq;
    }
    if (nx == npx) {
        qsort(gx, (size_t)nx, 9, str_cmp);
        qsort(px, (size_t)npx, 9, str_cmp);
        int same = 1;
        for (int i = 0; i < nx; i++)
            same &= strcmp(gx[i], px[i]) == 0;
        CHECK(same);
    }
    checked_exchanges += nx;
    /* pass */
    int64_t pass = plain_keep(e, &t, &ps, rc);
    if (r->n == 0)
        pass = 0;
    if (pass > best)
        best = pass;
    sk_play bp;
    sk_best_play(e, r, &st, list, sk_leaves_value, lv, 0, &bp);
    CHECKF(bp.equity == best, "best equity %lld, recount %lld", (long long)bp.equity, (long long)best);
    sk_play *all = NULL;
    long n = sk_rank_plays(e, r, &st, list, sk_leaves_value, lv, 0, &all);
    long want = (long)list->n + (ps.bag >= 7 && r->n ? npx : 0) + 1;
    CHECKF(n == want, "%ld plays ranked, expected %ld", n, want);
    if (n > 0) {
        CHECK(all[0].equity == best);
        CHECK(sk_play_cmp(e, &all[0], &bp) == 0);
        for (long i = 1; i < n; i++)
            CHECK(all[i - 1].equity >= all[i].equity);
    }
    free(all);
    sk_leaves_destroy(lv);
    free(t.e);
    checked_positions++;
}

/* Every turn of a few self-play games as positions. */
static void oracle_lang(const char *code, size_t step, int games, uint64_t seed)
{
    skfx_lang L;
    if (skfx_lang_small(&L, code, step))
        return;
    sk_gen *g = NULL;
    sk_movelist list = {0};
    REQUIRE(sk_gen_create(&g, L.e, NULL) == 0);
    sk_player pl[2] = { { "a", SK_STRAT_EQUITY, NULL, NULL }, { "b", SK_STRAT_SCORE, NULL, NULL } };
    sk_game *gm = malloc(sizeof *gm);
    th_rng rng = { seed };
    tk_error err;
    for (int i = 0; i < games; i++) {
        REQUIRE(sk_selfplay(g, &list, pl, i % 2, sk_game_seed(seed, (uint64_t)i), gm, &err) == 0);
        sk_board b;
        memset(&b, 0, sizeof b);
        b.dim = L.lay.dim;
        for (int k = 0; k < gm->nturns; k++) {
            const sk_turn *t = &gm->turns[k];
            if (t->kind > SK_TURN_PASS)
                continue;
            if (th_below(&rng, 3) == 0)
                check_position(&L, g, &list, &b, &t->rack, &rng);
            if (t->kind == SK_TURN_MOVE)
                sk_board_apply(&b, &t->play.move);
        }
    }
    printf("# %s: %ld positions checked so far, %ld exchanges\n", code, checked_positions, checked_exchanges);
    CHECK(checked_positions > 20);
    free(gm);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

static void test_equity_oracle_en(void) { oracle_lang("en", 6, (int)(12 * th_scale()) + 1, 0xE0115); }
static void test_equity_oracle_is(void) { oracle_lang("is", 6, (int)(6 * th_scale()) + 1, 0x15E0); }

/* ---- leave tables ----------------------------------------------------------------------- */

static void test_leaves_parse(void)
{
    skfx_lang L;
    if (skfx_lang_small(&L, "en", 50))
        return;
    const alpha_table *a = sk_engine_alphabet(L.e);
    const char *csv = "Leave,Value\n?,25.5\nsre,4.25\n# x\n\nERS?,-1.0005\n ab , -0 \nQ,-7\n";
    sk_leaves *lv = NULL;
    tk_error err = {0};
    REQUIRE(sk_leaves_parse(&lv, a, csv, strlen(csv), &err) == 0);
    uint8_t c[64] = {0};
    c[0] = 1;
    CHECK(sk_leaves_value(lv, c) == 25500);
    memset(c, 0, 64);
    c[alpha_index(a, "e")] = c[alpha_index(a, "r")] = c[alpha_index(a, "s")] = 1;
    CHECK(sk_leaves_value(lv, c) == 4250);
    c[0] = 1;
    CHECK(sk_leaves_value(lv, c) == -1001);   /* half away from zero */
    c[0] = 2;
    CHECK(sk_leaves_value(lv, c) == 0);       /* missing */
    memset(c, 0, 64);
    c[alpha_index(a, "q")] = 1;
    CHECK(sk_leaves_value(lv, c) == -7000);
    CHECK(sk_leaves_count(lv) == 5);
    CHECK(sk_leaves_value(NULL, c) == 0);
    sk_leaves_destroy(lv);
    static const struct { const char *csv; long line; } bad[] = {
        { "A,1\nB\n", 2 },                 /* no comma */
        { "A,1\nB,x\n", 2 },               /* bad value */
        { "A,1\nB,\n", 2 },                /* missing value */
        { "AB,1\nC,2\nBA,3\n", 3 },        /* the same leave twice */
        { "A1,2\n", 1 },                   /* not a letter */
        { "ABCDEFGH,1\n", 1 },             /* too many tiles */
        { "A,1,2\n", 1 },                  /* three fields */
        { "leave,value\nleave,value\n", 2 },
        { "A,1e3\n", 1 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&err, 0, sizeof err);
        lv = NULL;
        int rc = sk_leaves_parse(&lv, a, bad[i].csv, strlen(bad[i].csv), &err);
        CHECKF(rc < 0 && err.line == bad[i].line, "case %zu: rc %d line %ld (%s)", i, rc, err.line, err.msg);
        CHECK(lv == NULL);
    }
    skfx_lang_free(&L);
}

static void test_leaves_many(void)
{
    /* Thousands of keys: every stored one found, absent ones 0, after growth. */
    sk_leaves *lv = NULL;
    REQUIRE(sk_leaves_create(&lv, 4) == 0);
    th_rng rng = { 77 };
    static uint8_t keys[3000][64];
    for (int i = 0; i < 3000; i++) {
        memset(keys[i], 0, 64);
        int n = 1 + (int)th_below(&rng, 7);
        for (int k = 0; k < n; k++)
            keys[i][th_below(&rng, 27)]++;
        CHECK(sk_leaves_set(lv, keys[i], i + 1) == 0);
    }
    for (int i = 0; i < 3000; i++) {
        int32_t v = sk_leaves_value(lv, keys[i]);
        /* a later identical key replaced the value: find the last one */
        int last = i;
        for (int j = i + 1; j < 3000; j++)
            if (!memcmp(keys[j], keys[i], 64))
                last = j;
        CHECK(v == last + 1);
    }
    uint8_t big[64] = {0};
    big[1] = 8;
    CHECK(sk_leaves_set(lv, big, 1) == TK_ELIMIT);
    CHECK(sk_leaves_value(lv, big) == 0);
    sk_leaves_destroy(lv);
}

/* ---- self-play and GCG ------------------------------------------------------------------ */

static void replay_gcg(const skfx_lang *L, sk_gen *g, const sk_game *gm)
{
    const sk_engine *e = L->e;
    const char *names[2] = { "alice", "bob" };
    char *text = NULL;
    size_t len = 0;
    REQUIRE(sk_game_gcg(e, gm, names, "TEST", &text, &len) == 0);
    sk_gcg gc;
    tk_error err = {0};
    REQUIRE(sk_gcg_parse(&gc, e, text, len, NULL, NULL, &err) == 0);
    CHECK(gc.nerrors == 0);
    CHECK(strcmp(gc.nick[0], names[gm->first]) == 0);
    sk_board b;
    memset(&b, 0, sizeof b);
    b.dim = sk_engine_layout(e)->dim;
    int tot[2] = { 0, 0 };
    int moves = 0;
    for (int i = 0; i < gc.nevents; i++) {
        const sk_gcg_event *ev = &gc.ev[i];
        int p = strcmp(gc.nick[ev->player], "alice") == 0 ? 0 : 1;
        tot[p] += ev->score;
        CHECK(tot[p] == ev->total);
        if (ev->kind != SK_GCG_MOVE)
            continue;
        sk_move m;
        REQUIRE(sk_gcg_event_move(e, &b, ev, &m, &err) == 0);
        char coord[16], word[256];
        sk_coord_format(m.row, m.col, m.dir, coord, sizeof coord);
        sk_move_format(&m, e, SK_FMT_PLAYED, word, sizeof word);
        sk_check_result res;
        CHECKF(sk_check(g, &b, &ev->rack, coord, word, 0, &res, &err) == 0, "%s %s: %s", coord, word, err.msg);
        CHECK(res.move.score == ev->score);
        sk_board_apply(&b, &m);
        moves++;
    }
    CHECK(tot[0] == gm->scores[0] && tot[1] == gm->scores[1]);
    CHECK(memcmp(b.sq, gm->board.sq, sizeof b.sq) == 0);
    CHECK(moves > 5);
    sk_gcg_free(&gc);
    free(text);
}

static void selfplay_lang(const char *code)
{
    skfx_lang L;
    if (skfx_lang_small(&L, code, 4))
        return;
    sk_gen *g = NULL;
    sk_movelist list = {0};
    REQUIRE(sk_gen_create(&g, L.e, NULL) == 0);
    sk_player pl[2] = { { "a", SK_STRAT_EQUITY, NULL, NULL }, { "b", SK_STRAT_SCORE, NULL, NULL } };
    sk_game *g1 = malloc(sizeof *g1), *g2 = malloc(sizeof *g2);
    tk_error err;
    for (int i = 0; i < 4; i++) {
        uint64_t s = sk_game_seed(42, (uint64_t)i);
        REQUIRE(sk_selfplay(g, &list, pl, i % 2, s, g1, &err) == 0);
        REQUIRE(sk_selfplay(g, &list, pl, i % 2, s, g2, &err) == 0);
        CHECK(g1->nturns == g2->nturns && g1->scores[0] == g2->scores[0] && g1->scores[1] == g2->scores[1]);
        CHECK(memcmp(g1->board.sq, g2->board.sq, sizeof g1->board.sq) == 0);
        /* tiles are conserved: board + final racks of the end lines = the whole set */
        int on = 0, sum = 0;
        for (int q = 0; q < 15 * 15; q++)
            on += g1->board.sq[q] != 0;
        CHECK(on <= L.ts.total);
        for (int k = 0; k < g1->nturns; k++)
            sum += g1->turns[k].score;
        CHECK(sum == g1->scores[0] + g1->scores[1]);
        CHECK(g1->turns[0].player == i % 2);
        replay_gcg(&L, g, g1);
    }
    CHECK(sk_game_seed(1, 0) != sk_game_seed(1, 1) && sk_game_seed(1, 0) != sk_game_seed(2, 0));
    free(g1);
    free(g2);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

static void test_selfplay_gcg_en(void) { selfplay_lang("en"); }
static void test_selfplay_gcg_is(void) { selfplay_lang("is"); }

static void test_gcg_bad_lines(void)
{
    skfx_lang L;
    if (skfx_lang_small(&L, "en", 50))
        return;
    const char *text =
        "#player1 ann Ann A\n"
        "#player2 ben Ben B\n"
        ">ann: AEINRST 8D RETAINS +70 70\n"         /* 3 */
        ">ben: ABC 99Z ABC +5 5\n"                   /* 4: bad coordinate */
        ">ben: ABC - +0 0\n"                         /* 5: pass */
        ">carl: ABC - +0 0\n"                        /* 6: a third player */
        ">ann: DEF -DE +0 70\n"                      /* 7: exchange */
        ">ben: ABC -3 +0 0\n"                        /* 8: exchange of 3 */
        ">ann: DEF 9F D.E +x 70\n"                   /* 9: bad score */
        ">ann: DEF H1 F.D +7 77\n"                   /* 10: move */
        ">ann: DEF -- -7 70\n"                       /* 11: withdrawn */
        ">ben: A1B - +0 0\n"                         /* 12: bad rack */
        ">ben: (AB) +4 4\n"                          /* 13: end of game */
        ">ann: DEF (DEF) -7 63\n";                   /* 14 */
    sk_gcg gc;
    tk_error err = {0};
    REQUIRE(sk_gcg_parse(&gc, L.e, text, strlen(text), NULL, NULL, &err) == 0);
    CHECKF(gc.nerrors == 4, "%d errors", gc.nerrors);
    CHECK(gc.first_err.line == 4);
    CHECKF(gc.nevents == 8, "%d events", gc.nevents);
    static const int kinds[] = { SK_GCG_MOVE, SK_GCG_PASS, SK_GCG_EXCHANGE, SK_GCG_EXCHANGE, SK_GCG_MOVE,
                                 SK_GCG_WITHDRAWN, SK_GCG_ENDRACK, SK_GCG_ENDRACK };
    static const long lines[] = { 3, 5, 7, 8, 10, 11, 13, 14 };
    for (int i = 0; i < 8 && i < gc.nevents; i++)
        CHECKF(gc.ev[i].kind == kinds[i] && gc.ev[i].line == lines[i], "event %d: kind %d line %ld", i,
               gc.ev[i].kind, gc.ev[i].line);
    if (gc.nevents >= 4) {
        CHECK(gc.ev[2].nx == 2 && gc.ev[3].nx == 3);
        CHECK(gc.ev[0].row == 7 && gc.ev[0].col == 3 && gc.ev[0].dir == 0 && gc.ev[0].len == 7);
        CHECK(gc.ev[4].dir == 1 && gc.ev[4].word[1] == 0);
    }
    CHECK(strcmp(gc.name[0], "Ann A") == 0);
    sk_gcg_free(&gc);
    /* nothing that names a player */
    CHECK(sk_gcg_parse(&gc, L.e, "hello\n", 6, NULL, NULL, &err) == TK_EFORMAT);
    sk_gcg_free(&gc);
    skfx_lang_free(&L);
}

/* Multi-letter tiles: a made-up alphabet with CS and a tile set for it;
 * a self-play game on it is written with [CS] and reads back to the same
 * scores, and a hand-written line spells the tile without brackets. */
static void test_gcg_multiletter(void)
{
    const char *spec = "a b [cs] d e s t";
    const char *words = "acs\ncsa\nbad\nbed\nbest\nbet\nde\ned\nes\nse\nsad\nset\ntea\neat\nate\n"
                        "at\nta\nab\nba\nes\ndab\ndeb\ncsat\ntacs\nbe\nas\nad\nda\nte\net\n";
    const char *tiles = "a 1 12\nb 3 4\ncs 4 3\nd 2 5\ne 1 12\ns 1 6\nt 1 8\n? 0 2\n";
    alpha_table a;
    tk_error err = {0};
    REQUIRE(alpha_parse(&a, spec, strlen(spec), &err) == 0);
    dawg_graph *d = NULL;
    REQUIRE(dawg_build(&d, &a, words, strlen(words), NULL, NULL, &err) == 0);
    sk_tileset ts;
    sk_layout lay;
    sk_engine *e = NULL;
    REQUIRE(sk_tileset_parse(&ts, dawg_alphabet(d), tiles, strlen(tiles), &err) == 0);
    REQUIRE(sk_layout_builtin(&lay, "standard", &err) == 0);
    REQUIRE(sk_engine_create(&e, d, &ts, &lay, &err) == 0);
    sk_gen *g = NULL;
    REQUIRE(sk_gen_create(&g, e, NULL) == 0);
    sk_movelist list = {0};
    sk_player pl[2] = { { "a", SK_STRAT_EQUITY, NULL, NULL }, { "b", SK_STRAT_SCORE, NULL, NULL } };
    sk_game *gm = malloc(sizeof *gm);
    int found = 0;
    for (int i = 0; i < 6; i++) {
        REQUIRE(sk_selfplay(g, &list, pl, i % 2, sk_game_seed(9, (uint64_t)i), gm, &err) == 0);
        const char *names[2] = { "alice", "bob" };
        char *text = NULL;
        size_t len;
        REQUIRE(sk_game_gcg(e, gm, names, NULL, &text, &len) == 0);
        found += strstr(text, "[CS]") != NULL;
        skfx_lang L = { .dawg = d, .ts = ts, .lay = lay, .e = e };
        replay_gcg(&L, g, gm);
        free(text);
    }
    CHECK(found > 0);
    const char *gcg = "#player1 p P\n#player2 q Q\n>p: ACSEBDT 8G CSAT +14 14\n>q: ABE?DES 9F B[CS] +12 12\n";
    sk_gcg gc;
    REQUIRE(sk_gcg_parse(&gc, e, gcg, strlen(gcg), NULL, NULL, &err) == 0);
    CHECKF(gc.nevents == 2 && gc.nerrors == 0, "%d events, %d errors: %s", gc.nevents, gc.nerrors,
           gc.first_err.msg);
    if (gc.nevents == 2) {
        CHECK(gc.ev[0].len == 3 && gc.ev[0].rack.n == 6);
        CHECK(gc.ev[1].len == 2 && gc.ev[1].rack.blanks == 1);
        sk_board b;
        memset(&b, 0, sizeof b);
        b.dim = 15;
        sk_move m;
        REQUIRE(sk_gcg_event_move(e, &b, &gc.ev[0], &m, &err) == 0);
        sk_check_result res;
        CHECKF(sk_check(g, &b, &gc.ev[0].rack, "8G", "[CS]AT", 0, &res, &err) == 0, "%s", err.msg);
        /* CS (4) A T on 8G-8I, H8 doubles: (4 + 1 + 1) * 2 = 12 */
        CHECK(res.move.score == 12);
    }
    sk_gcg_free(&gc);
    free(gm);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    sk_engine_destroy(e);
    dawg_destroy(d);
}

static void test_rng(void)
{
    sk_rng a, b;
    sk_rng_seed(&a, 5);
    sk_rng_seed(&b, 5);
    int hist[10] = {0};
    for (int i = 0; i < 10000; i++) {
        uint64_t x = sk_rng_next(&a);
        CHECK(x == sk_rng_next(&b));
        hist[sk_rng_below(&a, 10)]++;
        sk_rng_below(&b, 10);
    }
    for (int i = 0; i < 10; i++)
        CHECKF(hist[i] > 850 && hist[i] < 1150, "bucket %d: %d", i, hist[i]);
}

static void test_endgame_rule(void)
{
    skfx_lang L;
    if (skfx_lang_small(&L, "en", 50))
        return;
    sk_rack r;
    tk_error err;
    REQUIRE(sk_rack_parse(&r, L.e, "QI", 2, &err) == 0);
    sk_state st = { 0, 3, 5 };
    sk_move m;
    memset(&m, 0, sizeof m);
    m.len = 2;
    m.ntiles = 2;
    m.score = 11;
    m.word[0] = (uint8_t)alpha_index(sk_engine_alphabet(L.e), "q");
    m.word[1] = (uint8_t)alpha_index(sk_engine_alphabet(L.e), "i");
    CHECK(sk_move_equity(L.e, &r, &m, &st, NULL, NULL, NULL) == 11000 + 2 * 5 * 1000);
    m.len = 1;
    m.ntiles = 1;
    m.score = 2;
    m.word[0] = (uint8_t)alpha_index(sk_engine_alphabet(L.e), "i");
    CHECK(sk_move_equity(L.e, &r, &m, &st, NULL, NULL, NULL) == 2000 - 2 * 10 * 1000);
    sk_play p;
    sk_pass_play(L.e, &r, &st, NULL, NULL, &p);
    CHECK(p.equity == -2 * 11 * 1000);
    skfx_lang_free(&L);
}

static const th_test tests[] = {
    { "leaves_parse", test_leaves_parse },
    { "leaves_many", test_leaves_many },
    { "rng", test_rng },
    { "endgame_rule", test_endgame_rule },
    { "equity_oracle_en", test_equity_oracle_en },
    { "equity_oracle_is", test_equity_oracle_is },
    { "selfplay_gcg_en", test_selfplay_gcg_en },
    { "selfplay_gcg_is", test_selfplay_gcg_is },
    { "gcg_bad_lines", test_gcg_bad_lines },
    { "gcg_multiletter", test_gcg_multiletter },
    { 0, 0 }
};

int main(int argc, char **argv) { return th_main("skgame", tests, argc, argv); }
