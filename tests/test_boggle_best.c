/* test_boggle_best.c - the best-board search (bog_best_search).
 *
 * Every board the search reports is rescored by the independent brute-force
 * oracle (tests/support/boggle_support.c: for each dictionary word, look for
 * a tracing path) and must score what the search says; reported bests must
 * rise strictly; the search must be a function of its seed and iteration
 * count (same events, same result); a dice search must only report real
 * rolls of the set (each die once, showing one of its faces); the letter
 * search must only use the faces it was given; stopping by the callback and
 * by a target score must work; bad configurations are refused.  English
 * samples of data/words/en.txt and Hungarian over the digraph alphabet.
 */
#include "support/boggle_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct trace {
    const dawg_graph *d;
    int min_len;
    long n, last_best, last_boards;
    int bad;
    uint64_t hash;           /* of every event, to compare two runs */
    long stop_after;         /* return 1 at the first progress event after this many boards */
    const bog_dice *dice;    /* check that new bests are rolls of these dice */
    const bog_face *faces;   /* or use only these faces */
    int nfaces;
} trace;

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001B3ull + 0x9E3779B97F4A7C15ull; }

/* Kuhn's matching: cell i (faces text) gets a distinct die that has it. */
static int match(const bog_dice *d, char (*text)[64], int cell, int *owner, uint8_t *seen)
{
    for (int k = 0; k < d->ndice; k++) {
        if (seen[k])
            continue;
        int has = 0;
        for (int f = 0; f < d->nfaces[k]; f++)
            has |= strcmp(d->face[k][f], text[cell]) == 0;
        if (!has)
            continue;
        seen[k] = 1;
        if (owner[k] < 0 || match(d, text, owner[k], owner, seen)) {
            owner[k] = cell;
            return 1;
        }
    }
    return 0;
}

static int is_roll(const bog_dice *d, const bog_grid *g, const alpha_table *a)
{
    static char text[BOG_MAX_CELLS][64];
    int owner[BOG_MAX_CELLS];
    if (g->rows != d->rows || g->cols != d->cols)
        return 0;
    for (int i = 0; i < d->ndice; i++) {
        bog_grid_cell_text(g, a, i / g->cols, i % g->cols, text[i], sizeof text[i]);
        owner[i] = -1;
    }
    for (int i = 0; i < d->ndice; i++) {
        uint8_t seen[BOG_MAX_CELLS] = {0};
        if (!match(d, text, i, owner, seen))
            return 0;
    }
    return 1;
}

static int uses_faces(const trace *t, const bog_grid *g)
{
    for (int i = 0; i < g->rows * g->cols; i++) {
        int ok = 0;
        for (int f = 0; f < t->nfaces && !ok; f++)
            ok = g->n[i] == t->faces[f].n && memcmp(g->let[i], t->faces[f].let, g->n[i]) == 0;
        if (!ok)
            return 0;
    }
    return 1;
}

static int on_event(void *ctx, const bog_best_event *ev)
{
    trace *t = ctx;
    t->n++;
    t->hash = mix(mix(mix(t->hash, (uint64_t)ev->kind), (uint64_t)ev->boards), (uint64_t)ev->score);
    if (ev->boards < t->last_boards)
        t->bad = 1;
    t->last_boards = ev->boards;
    if (ev->kind == BOG_BEST_NEW) {
        bt_answer want;
        bt_oracle(t->d, ev->grid, t->min_len, &want);
        CHECKF(want.score == ev->score, "reported %ld, oracle %ld", ev->score, want.score);
        CHECKF(ev->score > t->last_best, "best %ld after %ld", ev->score, t->last_best);
        CHECK(ev->best == ev->score);
        t->last_best = ev->score;
        for (int i = 0; i < ev->grid->rows * ev->grid->cols; i++)
            t->hash = mix(t->hash, (uint64_t)ev->grid->n[i] << 8 | ev->grid->let[i][0]);
        if (t->dice)
            CHECK(is_roll(t->dice, ev->grid, dawg_alphabet(t->d)));
        if (t->faces)
            CHECK(uses_faces(t, ev->grid));
        bt_answer_free(&want);
    } else if (ev->kind == BOG_BEST_PROGRESS) {
        CHECK(ev->best == t->last_best);
        if (t->stop_after && ev->boards >= t->stop_after)
            return 1;
    }
    return 0;
}

static void run(bog_solver *s, const dawg_graph *d, bog_best_config *cfg, trace *t, bog_grid *best, long *score)
{
    tk_error err = {0};
    t->d = d;
    t->min_len = cfg->min_len ? cfg->min_len : 3;
    t->last_best = -1;
    int rc = bog_best_search(s, cfg, on_event, t, best, score, &err);
    CHECKF(rc == TK_OK, "%s", err.msg);
    CHECK(!t->bad);
    CHECK(*score == t->last_best);
}

/* A twelfth of the English list and a solver on it (seeded); 0 when the
 * list is not there (skipped) or the set-up failed (a check failed). */
static int open_en(bt_solver *bs, uint64_t seed)
{
    th_rng r = {seed};
    dawg_graph *d = bt_dict_lang("en", 12, NULL, &r);
    if (!d) {
        th_skip("data/words/en.txt not available");
        return 0;
    }
    return bt_solver_open(bs, d);
}

static void test_letters_en(void)
{
    bt_solver bs;
    if (!open_en(&bs, 31))
        return;
    bog_solver *s = bs.s;
    const dawg_graph *d = bs.d;
    static const int shapes[][2] = {{4, 4}, {3, 5}, {5, 5}, {1, 6}};
    for (int k = 0; k < 4; k++) {
        bog_best_config cfg = {0};
        cfg.rows = shapes[k][0];
        cfg.cols = shapes[k][1];
        cfg.seed = 1000 + (uint64_t)k;
        /* the full search in the plain run, a quarter under the sanitizers */
        cfg.iterations = (long)(1500 * th_sanitized_scale(4)) + 50;
        cfg.progress_every = 100;
        cfg.min_len = k == 3 ? 4 : 0;
        trace t1 = {0}, t2 = {0};
        bog_grid b1, b2;
        long s1, s2;
        run(s, d, &cfg, &t1, &b1, &s1);
        run(s, d, &cfg, &t2, &b2, &s2);
        CHECK(t1.hash == t2.hash && t1.n == t2.n);
        CHECK(s1 == s2 && memcmp(b1.n, b2.n, (size_t)(b1.rows * b1.cols)) == 0);
        CHECK(b1.rows == cfg.rows && b1.cols == cfg.cols);
        CHECKF(t1.last_boards == cfg.iterations, "%ld boards", t1.last_boards);
        CHECK(s1 > 0);
        /* another seed: another search */
        cfg.seed++;
        trace t3 = {0};
        run(s, d, &cfg, &t3, &b2, &s2);
        CHECK(t3.hash != t1.hash);
    }
    /* only the faces given; Qu as one face */
    const alpha_table *a = dawg_alphabet(d);
    bog_face faces[4] = {{1, {0}}, {1, {0}}, {1, {0}}, {2, {0}}};
    faces[0].let[0] = (uint8_t)alpha_index(a, "e");
    faces[1].let[0] = (uint8_t)alpha_index(a, "s");
    faces[2].let[0] = (uint8_t)alpha_index(a, "a");
    faces[3].let[0] = (uint8_t)alpha_index(a, "q");
    faces[3].let[1] = (uint8_t)alpha_index(a, "u");
    bog_best_config cfg = {0};
    cfg.rows = cfg.cols = 3;
    cfg.faces = faces;
    cfg.nfaces = 4;
    cfg.iterations = 400;
    trace t = {0};
    t.faces = faces;
    t.nfaces = 4;
    bog_grid b;
    long sc;
    run(s, d, &cfg, &t, &b, &sc);
    /* stopping: by the callback, by a target */
    bog_best_config c2 = {0};
    c2.rows = c2.cols = 4;
    c2.progress_every = 50;
    trace ts = {0};
    ts.stop_after = 200;
    run(s, d, &c2, &ts, &b, &sc);
    CHECKF(ts.last_boards >= 200 && ts.last_boards <= 250, "stopped after %ld boards", ts.last_boards);
    c2.target = 20;
    trace tt = {0};
    run(s, d, &c2, &tt, &b, &sc);
    CHECK(sc >= 20);
    /* bad configurations */
    tk_error err;
    bog_best_config bad = {0};
    CHECK(bog_best_search(s, &bad, NULL, NULL, &b, &sc, &err) == TK_EINVAL);
    bad.rows = 4;
    bad.cols = 300;
    CHECK(bog_best_search(s, &bad, NULL, NULL, &b, &sc, &err) == TK_EINVAL);
    bad.cols = 4;
    bad.min_len = 99;
    bad.iterations = 10;
    CHECK(bog_best_search(s, &bad, NULL, NULL, &b, &sc, &err) == TK_EINVAL);
    bt_solver_close(&bs);
}

static void test_dice_en(void)
{
    bt_solver bs;
    if (!open_en(&bs, 32))
        return;
    bog_solver *s = bs.s;
    const dawg_graph *d = bs.d;
    static const char *sets[] = {"data/boggle/dice-4x4-1987.txt", "data/boggle/dice-5x5.txt"};
    bog_dice *dice = malloc(sizeof *dice);
    REQUIRE(dice);
    for (int k = 0; k < 2; k++) {
        size_t len;
        char *text = th_read_file(th_top_path(sets[k]), &len);
        REQUIRE(text);
        REQUIRE(bog_dice_parse(dice, text, len, NULL) == TK_OK);
        free(text);
        bog_best_config cfg = {0};
        cfg.dice = dice;
        cfg.seed = 77;
        cfg.iterations = (long)(800 * th_scale()) + 50;
        trace t = {0};
        t.dice = dice;
        bog_grid b;
        long sc;
        run(s, d, &cfg, &t, &b, &sc);
        CHECK(is_roll(dice, &b, dawg_alphabet(d)));
        CHECK(sc > 0);
    }
    free(dice);
    bt_solver_close(&bs);
}

/* Hungarian over the digraph alphabet: a [cs] cell is one letter. */
static void test_hungarian_digraphs(void)
{
    th_rng r = {33};
    dawg_graph *d = bt_dict_lang_alpha("hu", "hu-scrabble", 4, NULL, &r);
    if (!d) {
        th_skip("data/words/hu.txt or data/alphabets/hu-scrabble.txt not available");
        return;
    }
    bt_solver bs;
    if (!bt_solver_open(&bs, d))
        return;
    bog_solver *s = bs.s;
    bog_best_config cfg = {0};
    cfg.rows = cfg.cols = 4;
    cfg.seed = 5;
    cfg.iterations = (long)(1500 * th_scale()) + 50;
    trace t = {0};
    bog_grid b;
    long sc;
    run(s, d, &cfg, &t, &b, &sc);
    CHECK(sc > 0);
    bt_solver_close(&bs);
}

static const th_test tests[] = {
    {"letters_en", test_letters_en},
    {"dice_en", test_dice_en},
    {"hungarian_digraphs", test_hungarian_digraphs},
    {0, 0},
};

int main(int argc, char **argv) { return th_main("boggle_best", tests, argc, argv); }
