/* test_boggle_oracle.c - the Boggle solver against the brute-force oracle
 * (tests/support/boggle_support.c: for each dictionary word, search the grid
 * for a tracing path) on thousands of generated grids: many shapes (1x1,
 * 1xN, Nx1, square and not, more than 64 cells), uniform and frequency-drawn
 * letters, a few letters repeated everywhere, Qu and other multi-letter
 * faces, blocked cells, planted words, grids with no word at all, several
 * minimum lengths; English and Hungarian dictionaries sampled from
 * data/words/ (Hungarian also over the Scrabble alphabet with digraph
 * letters), a dense synthetic dictionary, and the full English list.
 * Counts scale with TK_TEST_SCALE. */
#include "support/boggle_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const multi_faces[] = {"qu", "th", "in", "er", "he", "an", NULL};

/* Generated-case counts: the full count in make check-long (TK_LONG=1), 40%
 * in make test; an eighth under the sanitizers, which run the oracle ~4x
 * slower and need the code paths, not every case again. */
static int scaled(int n)
{
    double v = n * th_long_scale(0.4, 8);
    return v < 1 ? 1 : (int)v;
}

typedef struct setup {
    dawg_graph *d;
    bog_dict *bd;
    bog_solver *s;
    uint8_t all[64];
    int nall;
    uint8_t freq[4096];      /* letters of random dictionary words */
    int nfreq;
} setup;

static int collect_word(void *ctx, const uint8_t *letters, int n)
{
    setup *st = ctx;
    for (int i = 0; i < n && st->nfreq < (int)sizeof st->freq; i++)
        st->freq[st->nfreq++] = letters[i];
    return st->nfreq >= (int)sizeof st->freq;
}

static int make_setup(setup *st, dawg_graph *d)
{
    memset(st, 0, sizeof *st);
    st->d = d;
    if (!d)
        return 0;
    tk_error err = {0};
    if (bog_dict_create(&st->bd, d, &err) != TK_OK || bog_solver_create(&st->s, st->bd, &err) != TK_OK) {
        printf("setup: %s\n", err.msg);
        return 0;
    }
    const alpha_table *a = dawg_alphabet(d);
    for (int i = 1; i <= a->size; i++)
        st->all[st->nall++] = (uint8_t)i;
    dawg_foreach_word(d, collect_word, st);
    if (!st->nfreq)
        st->freq[st->nfreq++] = 1;
    bt_oracle_keep(d);
    return 1;
}

static void free_setup(setup *st)
{
    bt_oracle_keep(NULL);
    bog_solver_destroy(st->s);
    bog_dict_destroy(st->bd);
    dawg_destroy(st->d);
}

/* A random word of the dictionary (walk random edges). */
static int random_word(const dawg_graph *d, th_rng *r, uint8_t *out)
{
    const dawg_edge *E = dawg_edges(d);
    uint32_t node = dawg_root(d);
    int n = 0;
    while (node && n < ALPHA_WORD_MAX) {
        int k = 0;
        while (!dawg_edge_last(E[node + k]))
            k++;
        dawg_edge e = E[node + th_below(r, (uint32_t)k + 1)];
        out[n++] = (uint8_t)dawg_edge_letter(e);
        if (dawg_edge_final(e) && (th_below(r, 3) == 0 || !dawg_edge_child(e)))
            return n;
        node = dawg_edge_child(e);
    }
    return 0;
}

/* One random case on setup st. */
static void random_case(setup *st, th_rng *r, int rows, int cols, int min_len, const char *tag, long no)
{
    const alpha_table *a = dawg_alphabet(st->d);
    bog_grid *g = malloc(sizeof *g);
    uint8_t small[3];
    const uint8_t *pool;
    int npool;
    switch (th_below(r, 4)) {
    case 0: pool = st->all; npool = st->nall; break;
    case 1:
        for (int i = 0; i < 3; i++)
            small[i] = st->freq[th_below(r, (uint32_t)st->nfreq)];
        pool = small;
        npool = 1 + (int)th_below(r, 3);
        break;
    default: pool = st->freq; npool = st->nfreq; break;
    }
    int pface = th_below(r, 3) == 0 ? (int)th_below(r, 30) : 0;
    int pblock = th_below(r, 4) == 0 ? (int)th_below(r, 20) : 0;
    bt_random_grid(g, a, rows, cols, pool, npool, a->size >= 26 ? multi_faces : NULL, pface, pblock, r);
    int plants = (int)th_below(r, 4);
    for (int i = 0; i < plants; i++) {
        uint8_t w[ALPHA_WORD_MAX];
        int n = random_word(st->d, r, w);
        if (n)
            bt_plant(g, w, n, r);
    }
    char what[96];
    /* every third case in careful mode from the first step (exhaust.c) */
    bog_solver_set_careful(st->s, no % 3 == 1 ? 0 : -1);
    snprintf(what, sizeof what, "%s case %ld (%dx%d, min %d%s)", tag, no, rows, cols, min_len,
             no % 3 == 1 ? ", careful" : "");
    bt_compare(st->d, st->bd, st->s, g, min_len, what);
    bog_solver_set_careful(st->s, -1);
    free(g);
}

static void pick_shape(th_rng *r, int *rows, int *cols)
{
    static const int shapes[][2] = {
        {1, 1}, {1, 2}, {1, 5}, {1, 12}, {7, 1}, {2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {4, 4}, {4, 4},
        {4, 5}, {5, 5}, {5, 5}, {6, 6}, {3, 7}, {2, 9}, {8, 8}, {4, 16}};
    int k = (int)th_below(r, sizeof shapes / sizeof shapes[0]);
    *rows = shapes[k][0];
    *cols = shapes[k][1];
}

static void test_english_sample(void)
{
    th_rng r = {101};
    setup st;
    if (!make_setup(&st, bt_dict_lang("en", 25, "q", &r))) {
        th_skip("data/words/en.txt not available");
        return;
    }
    int n = scaled(1500);
    for (long i = 0; i < n && th_checks_failed_in_test() < 10; i++) {
        int rows, cols;
        pick_shape(&r, &rows, &cols);
        int min = th_below(&r, 5) == 0 ? 1 + (int)th_below(&r, 6) : 3;
        random_case(&st, &r, rows, cols, min, "en", i);
    }
    free_setup(&st);
}

static void test_large_grids(void)
{
    th_rng r = {202};
    setup st;
    if (!make_setup(&st, bt_dict_lang("en", 40, NULL, &r))) {
        th_skip("data/words/en.txt not available");
        return;
    }
    static const int shapes[][2] = {{9, 9}, {8, 9}, {10, 12}, {1, 100}, {100, 1}, {16, 16}, {5, 13}};
    int n = scaled(70);
    for (long i = 0; i < n && th_checks_failed_in_test() < 10; i++) {
        int k = (int)(i % (long)(sizeof shapes / sizeof shapes[0]));
        random_case(&st, &r, shapes[k][0], shapes[k][1], 3, "large", i);
    }
    free_setup(&st);
}

static void test_hungarian_sample(void)
{
    th_rng r = {303};
    setup st;
    if (!make_setup(&st, bt_dict_lang("hu", 20, NULL, &r))) {
        th_skip("data/words/hu.txt not available");
        return;
    }
    int n = scaled(600);
    for (long i = 0; i < n && th_checks_failed_in_test() < 10; i++) {
        int rows, cols;
        pick_shape(&r, &rows, &cols);
        random_case(&st, &r, rows, cols, 3, "hu", i);
    }
    free_setup(&st);
}

/* Hungarian words over the Scrabble alphabet, whose digraphs (cs, gy, sz,
 * dzs...) are single letters of two or three code points: a [cs] cell is one
 * letter, the length still counts code points, and rank order is not byte
 * order. */
static void test_hungarian_digraphs(void)
{
    th_rng r = {707};
    setup st;
    if (!make_setup(&st, bt_dict_lang_alpha("hu", "hu-scrabble", 25, NULL, &r))) {
        th_skip("data/words/hu.txt or data/alphabets/hu-scrabble.txt not available");
        return;
    }
    int n = scaled(300);
    for (long i = 0; i < n && th_checks_failed_in_test() < 10; i++) {
        int rows, cols;
        pick_shape(&r, &rows, &cols);
        random_case(&st, &r, rows, cols, 2 + (int)th_below(&r, 4), "hu-digraphs", i);
    }
    free_setup(&st);
}

/* A dense dictionary over three letters: most paths spell words, so
 * deduplication and ranks are exercised hard. */
static void test_dense_small_alphabet(void)
{
    th_rng r = {404};
    char *text = malloc(64 * 1024);
    size_t at = 0;
    for (int i = 0; i < 600; i++) {
        int len = 1 + (int)th_below(&r, 8);
        for (int k = 0; k < len; k++)
            text[at++] = (char)('a' + th_below(&r, 3));
        text[at++] = '\n';
    }
    text[at] = 0;
    setup st;
    int ok = make_setup(&st, bt_dict_text(NULL, text));
    free(text);
    REQUIRE(ok);
    int n = scaled(600);
    for (long i = 0; i < n && th_checks_failed_in_test() < 10; i++) {
        int rows, cols;
        pick_shape(&r, &rows, &cols);
        if (rows * cols > 25)
            rows = cols = 4;
        random_case(&st, &r, rows, cols, 1 + (int)th_below(&r, 4), "abc", i);
    }
    free_setup(&st);
}

/* Letters that begin no word, or a dictionary whose words need letters the
 * grid lacks: nothing is found, by either side. */
static void test_no_words(void)
{
    setup st;
    REQUIRE(make_setup(&st, bt_dict_text("a b c d e x", "abc\nbad\ncab\ndeed\n")));
    const alpha_table *a = dawg_alphabet(st.d);
    th_rng r = {505};
    uint8_t pool[1] = {(uint8_t)alpha_index(a, "x")};
    for (int i = 0; i < scaled(50); i++) {
        bog_grid g;
        bt_random_grid(&g, a, 1 + (int)th_below(&r, 6), 1 + (int)th_below(&r, 6), pool, 1, NULL, 0,
                       (int)th_below(&r, 50), &r);
        bog_result res;
        CHECK(bog_solve(st.s, &g, 1, BOG_TEXT, &res, NULL) == TK_OK && res.count == 0 && res.score == 0);
        bt_compare(st.d, st.bd, st.s, &g, 1, "no-words");
    }
    free_setup(&st);
}

static void test_full_english(void)
{
    th_rng r = {606};
    setup st;
    if (!make_setup(&st, bt_dict_lang("en", 1, NULL, &r))) {
        th_skip("data/words/en.txt not available");
        return;
    }
    int n = scaled(40);
    for (long i = 0; i < n && th_checks_failed_in_test() < 10; i++) {
        int side = 4 + (int)(i % 3);
        random_case(&st, &r, side, side, i % 4 == 0 ? 4 : 3, "en-full", i);
    }
    free_setup(&st);
}

/* Grids of one letter (and nearly so) with dictionaries of a, aa, aaa, ...:
 * a plain search would follow exponentially many paths to the same prefixes
 * and never finish; the solver must skip searched-out subtrees and still
 * agree with the oracle.  (A hang here is the failure.) */
static void pathological_case(const char *words, const char *grid_letters, int rows, int cols, int min_len,
                              long careful, const char *what)
{
    setup st;
    REQUIRE(make_setup(&st, bt_dict_text(NULL, words)));
    bog_solver_set_careful(st.s, careful);
    const alpha_table *a = dawg_alphabet(st.d);
    bog_grid *g = malloc(sizeof *g);
    REQUIRE(g);
    g->rows = rows;
    g->cols = cols;
    size_t nl = strlen(grid_letters);
    for (int i = 0; i < rows * cols; i++) {
        char one[2] = {grid_letters[(size_t)i % nl], 0};
        g->n[i] = 1;
        g->let[i][0] = (uint8_t)alpha_index(a, one);
    }
    char label[128];
    snprintf(label, sizeof label, "%s %dx%d of '%s', min %d", what, rows, cols, grid_letters, min_len);
    bt_compare(st.d, st.bd, st.s, g, min_len, label);
    free(g);
    free_setup(&st);
}

static void test_pathological(void)
{
    /* a .. a x63; the same with b after and before each */
    char *as = malloc(64 * 64 * 3 + 16), *ab = malloc(64 * 64 * 3 * 3 + 16);
    REQUIRE(as && ab);
    size_t p = 0, q = 0;
    for (int k = 1; k <= 63; k++) {
        memset(as + p, 'a', (size_t)k);
        p += (size_t)k;
        as[p++] = '\n';
        memset(ab + q, 'a', (size_t)k);
        q += (size_t)k;
        ab[q++] = 'b';
        ab[q++] = '\n';
        ab[q++] = 'b';
        memset(ab + q, 'a', (size_t)k);
        q += (size_t)k;
        ab[q++] = '\n';
        memset(ab + q, 'a', (size_t)k);
        q += (size_t)k;
        ab[q++] = '\n';
    }
    as[p] = ab[q] = 0;
    static const int shapes[][2] = {{5, 5}, {8, 8}, {9, 9}, {32, 32}, {1, 40}, {3, 17}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        pathological_case(as, "a", shapes[i][0], shapes[i][1], 3, -1, "a..a");
        pathological_case(ab, "a", shapes[i][0], shapes[i][1], 1, -1, "a..a, ab, ba");
    }
    /* careful from the first step, and boards with two letters */
    pathological_case(as, "a", 6, 6, 2, 0, "a..a");
    pathological_case(ab, "aab", 5, 5, 3, -1, "a..a, ab, ba");
    pathological_case(ab, "aaaaaaab", 6, 6, 3, 0, "a..a, ab, ba");
    free(as);
    free(ab);
}

static const th_test tests[] = {
    {"pathological", test_pathological},
    {"english_sample", test_english_sample},
    {"large_grids", test_large_grids},
    {"hungarian_sample", test_hungarian_sample},
    {"hungarian_digraphs", test_hungarian_digraphs},
    {"dense_small_alphabet", test_dense_small_alphabet},
    {"no_words", test_no_words},
    {"full_english", test_full_english},
    {0, 0}
};

int main(int argc, char **argv) { return th_main("boggle_oracle", tests, argc, argv); }
