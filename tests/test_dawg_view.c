/* test_dawg_view.c - the letter-indexed view against an independent oracle.
 *
 * The oracle is the graph's own word enumeration (dawg_foreach_word, which
 * walks the packed edges, not the view) stored as a sorted array of encoded
 * words: a word's rank is its index there, the words with a prefix are a
 * contiguous range found by binary search, and the letters that may follow
 * a prefix are read off that range.  For hand-made lists, the shipped
 * English, Icelandic and Hungarian lists, ENABLE2K (shared data, skipped when
 * absent) and random lists, the tests check that:
 *   - rank -> word and word -> rank agree with the enumeration for every word;
 *   - for every prefix of every word and for random non-prefixes: the walk
 *     succeeds exactly when some word has the prefix, and then its final flag,
 *     first rank, word count and letter set equal the oracle's;
 *   - every edge reached: letters strictly increase within a node, the
 *     index by rank lands on the edge of that letter, the edge's word count
 *     is the sum of its child's count and its final flag;
 *   - contains, the cross-check (with and without a letter mask) and rank-range
 *     enumeration agree with the dawg_graph's own queries and the enumeration;
 *   - the empty graph and bad ranks behave as documented.
 */
#include "support/harness.h"
#include "tilekit/alphabet.h"
#include "tilekit/dawg.h"
#include "tilekit/dawg_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct wlist {
    uint8_t (*w)[ALPHA_WORD_MAX];
    uint8_t *len;
    size_t n, cap;
} wlist;

static int collect(void *ctx, const uint8_t *letters, int n)
{
    wlist *L = ctx;
    if (L->n == L->cap) {
        L->cap = L->cap ? 2 * L->cap : 1024;
        L->w = realloc(L->w, L->cap * sizeof *L->w);
        L->len = realloc(L->len, L->cap);
        if (!L->w || !L->len)
            return 1;
    }
    memcpy(L->w[L->n], letters, (size_t)n);
    L->len[L->n++] = (uint8_t)n;
    return 0;
}

/* -1, 0, 1: word i against the prefix p[0..n) truncated to n letters */
static int cmp_prefix(const wlist *L, size_t i, const uint8_t *p, int n)
{
    int m = L->len[i] < n ? L->len[i] : n;
    int c = memcmp(L->w[i], p, (size_t)m);
    if (c)
        return c < 0 ? -1 : 1;
    return L->len[i] < n ? -1 : 0;
}

/* [lo, hi): the words that start with p */
static void prefix_range(const wlist *L, const uint8_t *p, int n, size_t *lo, size_t *hi)
{
    size_t a = 0, b = L->n;
    while (a < b) {
        size_t m = (a + b) / 2;
        if (cmp_prefix(L, m, p, n) < 0)
            a = m + 1;
        else
            b = m;
    }
    *lo = a;
    b = L->n;
    while (a < b) {
        size_t m = (a + b) / 2;
        if (cmp_prefix(L, m, p, n) <= 0)
            a = m + 1;
        else
            b = m;
    }
    *hi = a;
}

/* dawg_view_below's figures of the node after a prefix, against the words
 * [lo, hi) that have it (ranges of up to 3,000 words, and the root's). */
static void check_below(const wlist *L, size_t lo, size_t hi, int n, const uint64_t *below, const uint32_t *lens,
                        uint32_t node)
{
    if (!node || (hi - lo > 3000 && n > 0))
        return;
    uint64_t bl = 0;
    uint32_t ln = 0;
    for (size_t i = lo; i < hi; i++) {
        int d = L->len[i] - n;
        for (int j = n; j < L->len[i]; j++)
            bl |= (uint64_t)1 << L->w[i][j];
        if (d > 0)
            ln |= d >= 31 ? UINT32_C(1) << 31 : UINT32_C(1) << d;
    }
    CHECKF(below[node] == bl && lens[node] == ln, "figures below a %d-letter prefix", n);
}

static void check_prefix(const dawg_view *v, const wlist *L, const uint8_t *p, int n, const uint64_t *below,
                         const uint32_t *lens)
{
    size_t lo, hi;
    prefix_range(L, p, n, &lo, &hi);
    dawg_vpos pos;
    int ok = dawg_view_walk(v, p, n, &pos);
    CHECKF(ok == (lo < hi), "walk of a %d-letter prefix: %d, oracle %zu words", n, ok, hi - lo);
    if (!ok || lo == hi)
        return;
    int final = L->len[lo] == n;
    CHECK(pos.final == final);
    CHECK(pos.first == lo);
    CHECK(dawg_view_pos_words(v, &pos) == hi - lo);
    uint64_t next = 0;
    for (size_t i = lo; i < hi; i++)
        if (L->len[i] > n)
            next |= (uint64_t)1 << L->w[i][n];
    CHECK(pos.next == next);
    CHECK(dawg_view_letters(v, pos.node) == next);
    CHECK((pos.node == 0) == (next == 0));
    CHECK(dawg_view_node_words(v, pos.node) == hi - lo - (size_t)final);
    check_below(L, lo, hi, n, below, lens, pos.node);
}

/* Every edge reachable from the root (each list once: the layout is a tree
 * of lists visited in index order, so a mark per node suffices). */
static void check_edges(const dawg_view *v)
{
    uint32_t n = dawg_view_edge_count(v);
    const dawg_vedge *E = dawg_view_edges(v);
    uint8_t *seen = calloc(n ? n : 1, 1);
    uint32_t *stack = malloc((n ? n : 1) * sizeof *stack);
    REQUIRE(seen && stack);
    size_t sp = 0;
    uint64_t total = 0;
    CHECK(E[0].next == 0 && E[0].link == 0 && E[0].rank == 0);
    if (dawg_view_root(v)) {
        stack[sp++] = dawg_view_root(v);
        seen[dawg_view_root(v)] = 1;
        CHECK(dawg_view_letters(v, dawg_view_root(v)) == dawg_view_root_letters(v));
    }
    while (sp) {
        uint32_t node = stack[--sp];
        uint64_t m = dawg_view_letters(v, node);
        CHECK(m != 0 && (m & 1) == 0);
        uint32_t words = 0, prev = 0;
        for (uint64_t r = m; r; r &= r - 1) {
            unsigned l = 0;
            while (!((r >> l) & 1))
                l++;
            uint32_t e = dawg_view_index(node, m, l);
            CHECKF(dawg_view_edge_letter(v, e) == l, "edge %u letter %u, want %u", e,
                   dawg_view_edge_letter(v, e), l);
            CHECK(l > prev);
            prev = l;
            CHECK(E[e].rank == words);
            uint32_t c = dawg_vedge_child(E[e]);
            CHECK(c < n);
            CHECK(E[e].next == dawg_view_letters(v, c));
            uint32_t through = (uint32_t)dawg_vedge_final(E[e]) + dawg_view_node_words(v, c);
            CHECK(dawg_view_edge_words(v, e) == through);
            CHECK(through > 0);
            words += through;
            if (c && c < n && !seen[c]) {
                seen[c] = 1;
                stack[sp++] = c;
                total++;
            }
        }
        CHECK(dawg_view_node_words(v, node) == words);
    }
    free(seen);
    free(stack);
}

typedef struct fe_ctx {
    const wlist *L;
    uint32_t next;
    int bad;
} fe_ctx;

static int fe_check(void *ctx, uint32_t rank, const uint8_t *letters, int n)
{
    fe_ctx *c = ctx;
    if (rank != c->next || rank >= c->L->n || n != c->L->len[rank] || memcmp(letters, c->L->w[rank], (size_t)n))
        c->bad = 1;
    c->next++;
    return 0;
}

/* The navigation queries on the view against the dawg_graph's own (nav.c) and
 * the enumeration. */
static void check_queries(const dawg_graph *d, const dawg_view *v, const wlist *L, th_rng *rng, size_t rounds)
{
    int alpha = dawg_alphabet(d)->size;
    for (size_t k = 0; k < rounds && L->n; k++) {
        size_t i = th_below(rng, (uint32_t)L->n);
        uint8_t w[ALPHA_WORD_MAX];
        int n = L->len[i];
        memcpy(w, L->w[i], (size_t)n);
        CHECK(dawg_view_contains(v, w, n));
        w[th_below(rng, (uint32_t)n)] = (uint8_t)(1 + th_below(rng, (uint32_t)alpha));
        CHECK(dawg_view_contains(v, w, n) == dawg_contains(d, w, n));
        CHECK(dawg_view_contains(v, w, n - 1) == dawg_contains(d, w, n - 1));
        /* cross-set with the hole anywhere in a word */
        memcpy(w, L->w[i], (size_t)n);
        int at = (int)th_below(rng, (uint32_t)n);
        uint64_t want = th_rand(rng) | 1, all = dawg_cross_set(d, w, at, w + at + 1, n - at - 1);
        CHECK(dawg_view_cross_set(v, w, at, w + at + 1, n - at - 1, ~(uint64_t)0) == all);
        CHECK(dawg_view_cross_set(v, w, at, w + at + 1, n - at - 1, want) == (all & want));
        CHECK((all >> w[at]) & 1);
        /* a range of ranks */
        uint32_t from = th_below(rng, (uint32_t)L->n), to = from + th_below(rng, 200);
        fe_ctx c = {L, from, 0};
        CHECK(dawg_view_foreach(v, from, to, fe_check, &c) == 0);
        CHECK(!c.bad && c.next == (to < L->n ? to : L->n));
    }
    fe_ctx all = {L, 0, 0};
    CHECK(dawg_view_foreach(v, 0, UINT32_MAX, fe_check, &all) == 0 && !all.bad && all.next == L->n);
}

static void check_graph(const dawg_graph *d, uint64_t seed, double samples)
{
    dawg_view *v = NULL;
    tk_error err;
    REQUIRE(dawg_view_create(&v, d, &err) == TK_OK);
    wlist L = {0};
    REQUIRE(dawg_foreach_word(d, collect, &L) == 0);
    CHECK(dawg_view_words(v) == L.n);
    CHECK(dawg_view_dawg(v) == d);
    CHECK(dawg_view_alphabet(v) == dawg_alphabet(d));
    int alpha = dawg_alphabet(d)->size;
    uint8_t out[ALPHA_WORD_MAX];
    for (size_t i = 0; i < L.n; i++) {
        CHECKF(dawg_view_rank(v, L.w[i], L.len[i]) == (int64_t)i, "rank of word %zu", i);
        int n = dawg_view_word(v, (uint32_t)i, out);
        CHECKF(n == L.len[i] && memcmp(out, L.w[i], (size_t)n) == 0, "word of rank %zu", i);
    }
    CHECK(dawg_view_word(v, (uint32_t)L.n, out) == TK_EINVAL);
    uint32_t ne = dawg_view_edge_count(v);
    uint64_t *below = malloc(ne * sizeof *below);
    uint32_t *lens = malloc(ne * sizeof *lens);
    REQUIRE(below && lens);
    uint32_t nodes = dawg_view_below(v, below, lens);
    CHECK(below[0] == 0 && lens[0] == 0 && (nodes == 0) == (L.n == 0));
    static const uint8_t none[1] = {0};
    check_prefix(v, &L, none, 0, below, lens);
    th_rng rng = {seed};
    size_t nprefix = (size_t)(samples * 20000);
    for (size_t k = 0; k < nprefix && L.n; k++) {
        size_t i = th_below(&rng, (uint32_t)L.n);
        int n = 1 + (int)th_below(&rng, L.len[i]);
        uint8_t p[ALPHA_WORD_MAX];
        memcpy(p, L.w[i], (size_t)n);
        check_prefix(v, &L, p, n, below, lens);
        /* a random change of the last letter: often not a prefix */
        p[n - 1] = (uint8_t)(1 + th_below(&rng, (uint32_t)alpha));
        check_prefix(v, &L, p, n, below, lens);
        if (n < ALPHA_WORD_MAX) {
            p[n] = (uint8_t)(1 + th_below(&rng, (uint32_t)alpha));
            check_prefix(v, &L, p, n + 1, below, lens);
        }
    }
    /* not words */
    uint8_t bad[2] = {0, 0};
    CHECK(dawg_view_rank(v, bad, 0) == -1);
    dawg_vpos p = dawg_view_start(v);
    CHECK(!dawg_view_step(v, &p, 0) || (dawg_view_root_letters(v) & 1));
    CHECK(!dawg_view_step(v, &p, 64));
    check_edges(v);
    check_queries(d, v, &L, &rng, (size_t)(samples * 5000) + 20);
    free(below);
    free(lens);
    free(L.w);
    free(L.len);
    dawg_view_destroy(v);
}

static void check_text(const char *text, uint64_t seed)
{
    dawg_graph *d = NULL;
    tk_error err;
    REQUIRE(dawg_build(&d, NULL, text, strlen(text), NULL, NULL, &err) == TK_OK);
    check_graph(d, seed, 0.05);
    dawg_destroy(d);
}

static void test_small(void)
{
    check_text("a\n", 1);
    check_text("a\nab\nabc\nabd\nb\nba\nbad\nbe\n", 2);
    check_text("car\ncars\ncat\ncats\ndo\ndog\ndogs\ndoing\ndone\nzzz\n", 3);
    check_text("aaaa\naaa\naa\na\nab\nabb\n", 4);
    /* words of 29 to 64 letters: lengths below of 31 and more share bit 31 */
    check_text("abcdefghijklmnopqrstuvwxyzabc\n"
               "abcdefghijklmnopqrstuvwxyzabcdefgh\n"
               "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl\n"
               "b\nbcdefghijklmnopqrstuvwxyzabcdef\n", 5);
}

static void test_empty(void)
{
    alpha_table a;
    tk_error err;
    REQUIRE(alpha_parse(&a, "a b c", 5, &err) == TK_OK);
    dawg_graph *d = NULL;
    REQUIRE(dawg_build(&d, &a, "", 0, NULL, NULL, &err) == TK_OK);
    dawg_view *v = NULL;
    REQUIRE(dawg_view_create(&v, d, &err) == TK_OK);
    CHECK(dawg_view_words(v) == 0);
    CHECK(dawg_view_root(v) == 0);
    CHECK(dawg_view_root_letters(v) == 0);
    uint8_t w[1] = {1}, out[ALPHA_WORD_MAX];
    dawg_vpos p;
    CHECK(!dawg_view_walk(v, w, 1, &p));
    CHECK(dawg_view_rank(v, w, 1) == -1);
    CHECK(dawg_view_word(v, 0, out) == TK_EINVAL);
    CHECK(dawg_view_node_words(v, 12345) == 0);
    CHECK(dawg_view_edge_words(v, 0) == 0);
    dawg_view_destroy(v);
    dawg_destroy(d);
    dawg_view_destroy(NULL);
    CHECK(dawg_view_create(&v, NULL, &err) == TK_EINVAL && v == NULL);
}

/* Random lists over small alphabets: many shared prefixes and suffixes. */
static void test_random(void)
{
    th_rng rng = {77};
    int rounds = (int)(40 * th_scale()) + 1;
    for (int r = 0; r < rounds; r++) {
        int letters = 1 + (int)th_below(&rng, 5), nw = 1 + (int)th_below(&rng, 300);
        char *text = malloc((size_t)nw * 14 + 1);
        REQUIRE(text);
        size_t at = 0;
        for (int i = 0; i < nw; i++) {
            int len = 1 + (int)th_below(&rng, 12);
            for (int k = 0; k < len; k++)
                text[at++] = (char)('a' + th_below(&rng, (uint32_t)letters));
            text[at++] = '\n';
        }
        text[at] = 0;
        check_text(text, (uint64_t)r + 100);
        free(text);
    }
}

static void check_file(const char *path, double samples)
{
    size_t len;
    char *text = th_read_file(path, &len);
    REQUIRE(text);
    dawg_graph *d = NULL;
    tk_error err;
    int rc = dawg_build(&d, NULL, text, len, NULL, NULL, &err);
    free(text);
    REQUIRE(rc == TK_OK);
    check_graph(d, 9, samples);
    dawg_destroy(d);
}

/* The shipped lists: a fifth of the words sampled in the plain run, a
 * twentieth under the sanitizers (th_sanitized_scale), which run this ~4x
 * slower and need the code paths, not every sample again. */
static void test_shipped(void)
{
    check_file(th_top_path("data/words/en.txt"), 0.2 * th_sanitized_scale(4));
    check_file(th_top_path("data/words/is.txt"), 0.2 * th_sanitized_scale(4));
    check_file(th_top_path("data/words/hu.txt"), 0.2 * th_sanitized_scale(4));
}

static void test_enable2k(void)
{
    const char *p = th_enable2k_path();
    if (!p) {
        th_skip("neither ../shared/words/enable2k.txt nor data/words/en.txt");
        return;
    }
    check_file(p, th_scale());
}

static const th_test tests[] = {
    {"small", test_small},
    {"empty", test_empty},
    {"random", test_random},
    {"shipped", test_shipped},
    {"enable2k", test_enable2k},
    {0, 0},
};

int main(int argc, char **argv) { return th_main("dawg_view", tests, argc, argv); }
