/* test_dawg.c - the word graph against an independent oracle.
 *
 * The oracle is the word list itself, encoded to letter indices and kept in
 * a plain open-addressing hash set (and a second set of every prefix).  For
 * ENABLE2K (shared data, skipped when absent), the shipped English and
 * Icelandic lists and small hand-made lists, the tests check that:
 *   - every word is found, and the enumeration returns exactly the input set
 *     in strictly increasing letter order;
 *   - non-words made from words by changing, adding or removing one letter
 *     are rejected (all such variants for a sample of words, random ones for
 *     every word);
 *   - prefix walks, next/final letter sets and the cross-set query agree with
 *     brute force over the hash sets for thousands of random cases;
 *   - serialize -> load (memory and file) gives the same edges and answers;
 *   - unsorted input with duplicates and mixed case gives the same graph;
 *   - builder errors name the line and the word.
 * The hand-made lists' figures (states, transitions, lists, edges, bytes)
 * were worked out on paper (see the comments); ENABLE2K's classic counts are
 * the published reference figures 54,166 / 122,975.
 */
#include "support/harness.h"
#include "tilekit/alphabet.h"
#include "tilekit/dawg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The sanitizer run of `make test` is ~10x slower on this code: sample less
 * there (every word is still looked up and enumerated; the plain run samples
 * the full count). */
static double scale(void) { return th_sanitized_scale(4); }

/* ---- oracle: hash set of byte strings ------------------------------------ */

typedef struct bset {
    uint8_t *pool;
    size_t pool_n, pool_cap;
    uint64_t *slot;          /* (offset << 8 | len) + 1, 0 = empty */
    size_t cap, n;
} bset;

static uint64_t bhash(const uint8_t *s, int n)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++)
        h = (h ^ s[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

static int bset_find(const bset *b, const uint8_t *s, int n, size_t *at)
{
    size_t i = bhash(s, n) & (b->cap - 1);
    while (b->slot[i]) {
        uint64_t v = b->slot[i] - 1;
        size_t off = (size_t)(v >> 8);
        int len = (int)(v & 0xFF);
        if (len == n && memcmp(b->pool + off, s, (size_t)n) == 0) {
            if (at) *at = i;
            return 1;
        }
        i = (i + 1) & (b->cap - 1);
    }
    if (at) *at = i;
    return 0;
}

static void bset_init(bset *b, size_t expect)
{
    memset(b, 0, sizeof *b);
    b->cap = 1024;
    while (b->cap < expect * 2) b->cap *= 2;
    b->slot = calloc(b->cap, sizeof *b->slot);
    b->pool_cap = expect * 8 + 64;
    b->pool = malloc(b->pool_cap);
}

static int bset_add(bset *b, const uint8_t *s, int n)
{
    size_t at;
    if (bset_find(b, s, n, &at))
        return 0;
    if (b->pool_n + (size_t)n > b->pool_cap) {
        b->pool_cap = (b->pool_cap + (size_t)n) * 2;
        b->pool = realloc(b->pool, b->pool_cap);
    }
    memcpy(b->pool + b->pool_n, s, (size_t)n);
    b->slot[at] = ((uint64_t)b->pool_n << 8 | (uint64_t)n) + 1;
    b->pool_n += (size_t)n;
    b->n++;
    if (b->n * 2 > b->cap) {                 /* grow */
        bset old = *b;
        b->cap *= 2;
        b->slot = calloc(b->cap, sizeof *b->slot);
        for (size_t i = 0; i < old.cap; i++) {
            if (!old.slot[i]) continue;
            uint64_t v = old.slot[i] - 1;
            size_t j;
            bset_find(b, old.pool + (v >> 8), (int)(v & 0xFF), &j);
            b->slot[j] = old.slot[i];
        }
        free(old.slot);
    }
    return 1;
}

static void bset_free(bset *b)
{
    free(b->pool);
    free(b->slot);
}

/* ---- a word list with its oracle ----------------------------------------- */

typedef struct wlist {
    alpha_table a;
    char *text;
    size_t len;
    size_t n;               /* distinct words */
    uint8_t **w;            /* distinct encoded words, in input order (own copies) */
    int *wl;
    bset words, prefixes;   /* prefixes include the empty prefix and the words */
} wlist;

static int wlist_load(wlist *L, const char *path, const char *alpha_spec)
{
    memset(L, 0, sizeof *L);
    L->text = th_read_file(path, &L->len);
    if (!L->text)
        return -1;
    tk_error e;
    int rc = alpha_spec ? alpha_parse(&L->a, alpha_spec, strlen(alpha_spec), &e)
                        : alpha_infer(&L->a, L->text, L->len, &e);
    if (rc) {
        printf("  %s: alphabet: %s\n", path, e.msg);
        return -1;
    }
    size_t lines = 1;
    for (size_t i = 0; i < L->len; i++) lines += L->text[i] == '\n';
    bset_init(&L->words, lines);
    bset_init(&L->prefixes, lines * 3);
    L->w = malloc(lines * sizeof *L->w);
    L->wl = malloc(lines * sizeof *L->wl);
    uint8_t buf[ALPHA_WORD_MAX];
    size_t i = 0;
    long line = 0;
    while (i < L->len) {
        size_t s = i;
        while (i < L->len && L->text[i] != '\n') i++;
        size_t e2 = i;
        if (i < L->len) i++;
        line++;
        while (e2 > s && (L->text[e2 - 1] == '\r' || L->text[e2 - 1] == ' ')) e2--;
        if (e2 == s) continue;
        int n = alpha_encode(&L->a, L->text + s, e2 - s, buf, ALPHA_WORD_MAX, &e);
        if (n <= 0) {
            printf("  %s:%ld: %s\n", path, line, e.msg);
            return -1;
        }
        if (bset_add(&L->words, buf, n)) {
            L->w[L->n] = malloc((size_t)n);
            memcpy(L->w[L->n], buf, (size_t)n);
            L->wl[L->n] = n;
            L->n++;
            for (int k = 0; k <= n; k++)
                bset_add(&L->prefixes, buf, k);
        }
    }
    return 0;
}

static void wlist_free(wlist *L)
{
    for (size_t i = 0; i < L->n; i++) free(L->w[i]);
    free(L->w);
    free(L->wl);
    free(L->text);
    bset_free(&L->words);
    bset_free(&L->prefixes);
}

static int cmp_enc(const uint8_t *a, int na, const uint8_t *b, int nb)
{
    int n = na < nb ? na : nb;
    int c = memcmp(a, b, (size_t)n);
    return c ? c : (na > nb) - (na < nb);
}

/* ---- checks shared by every list ---------------------------------------- */

typedef struct enum_ctx {
    const bset *words;
    size_t count, missing, unordered;
    uint8_t prev[ALPHA_WORD_MAX];
    int prev_n;
    const dawg_graph *d;
    size_t utf8_bad;
} enum_ctx;

static int on_word(void *ctx, const uint8_t *letters, int n)
{
    enum_ctx *c = ctx;
    if (!bset_find(c->words, letters, n, NULL)) c->missing++;
    if (c->count && cmp_enc(c->prev, c->prev_n, letters, n) >= 0) c->unordered++;
    memcpy(c->prev, letters, (size_t)n);
    c->prev_n = n;
    if (c->count % 97 == 0) {            /* the UTF-8 entry point, on a sample */
        char s[ALPHA_WORD_MAX * (ALPHA_LETTER_MAX + 1) + 1], u[sizeof s];
        const alpha_table *a = dawg_alphabet(c->d);
        alpha_decode(a, letters, n, 0, s, sizeof s);
        alpha_decode(a, letters, n, 1, u, sizeof u);
        if (!dawg_contains_utf8(c->d, s) || !dawg_contains_utf8(c->d, u)) c->utf8_bad++;
    }
    c->count++;
    return 0;
}

static void check_enumeration(const dawg_graph *d, const wlist *L)
{
    enum_ctx c;
    memset(&c, 0, sizeof c);
    c.words = &L->words;
    c.d = d;
    CHECK(dawg_foreach_word(d, on_word, &c) == 0);
    CHECKF(c.count == L->n, "enumerated %zu words, the list has %zu", c.count, L->n);
    CHECKF(c.missing == 0, "%zu enumerated words are not in the list", c.missing);
    CHECKF(c.unordered == 0, "%zu enumerated words out of order or repeated", c.unordered);
    CHECKF(c.utf8_bad == 0, "%zu words not found through dawg_contains_utf8", c.utf8_bad);
    dawg_info in;
    dawg_get_info(d, &in);
    CHECK(in.words == L->n);
}

static void check_members(const dawg_graph *d, const wlist *L)
{
    size_t bad = 0;
    uint32_t maxlen = 0;
    for (size_t i = 0; i < L->n; i++) {
        if (!dawg_contains(d, L->w[i], L->wl[i])) bad++;
        if ((uint32_t)L->wl[i] > maxlen) maxlen = (uint32_t)L->wl[i];
    }
    CHECKF(bad == 0, "%zu words of the list not found", bad);
    dawg_info in;
    dawg_get_info(d, &in);
    CHECK(in.max_len == maxlen);
}

/* One-letter edits: change, insert, delete.  `all` tries every edit of the
 * word, otherwise one random edit of each kind.  Returns non-words tested. */
static size_t check_edits(const dawg_graph *d, const wlist *L, const uint8_t *w, int n, int all, th_rng *r,
                          size_t *bad)
{
    uint8_t v[ALPHA_WORD_MAX + 1];
    int A = L->a.size;
    size_t tested = 0;
#define TRY(buf, len)                                                        \
    do {                                                                     \
        if (!bset_find(&L->words, (buf), (len), NULL)) {                     \
            tested++;                                                        \
            if (dawg_contains(d, (buf), (len))) (*bad)++;                    \
        } else if (!dawg_contains(d, (buf), (len))) (*bad)++;                \
    } while (0)
    for (int kind = 0; kind < 3; kind++) {
        int p0 = all ? 0 : (int)th_below(r, (uint32_t)(kind == 1 ? n + 1 : n));
        int p1 = all ? (kind == 1 ? n + 1 : n) : p0 + 1;
        for (int p = p0; p < p1; p++) {
            if (kind == 2) {                     /* delete */
                if (n < 2) continue;
                memcpy(v, w, (size_t)p);
                memcpy(v + p, w + p + 1, (size_t)(n - p - 1));
                TRY(v, n - 1);
                continue;
            }
            int x0 = all ? 1 : 1 + (int)th_below(r, (uint32_t)A);
            int x1 = all ? A + 1 : x0 + 1;
            for (int x = x0; x < x1; x++) {
                if (kind == 0) {                 /* change */
                    if (w[p] == x) continue;
                    memcpy(v, w, (size_t)n);
                    v[p] = (uint8_t)x;
                    TRY(v, n);
                } else if (n < ALPHA_WORD_MAX) { /* insert */
                    memcpy(v, w, (size_t)p);
                    v[p] = (uint8_t)x;
                    memcpy(v + p + 1, w + p, (size_t)(n - p));
                    TRY(v, n + 1);
                }
            }
        }
    }
#undef TRY
    return tested;
}

static void check_nonwords(const dawg_graph *d, const wlist *L, uint64_t seed)
{
    th_rng r = {seed};
    size_t bad = 0, tested = 0;
    size_t step = scale() >= 1 ? 1 : (size_t)(1 / scale());
    for (size_t i = 0; i < L->n; i += step)
        tested += check_edits(d, L, L->w[i], L->wl[i], 0, &r, &bad);
    size_t full = (size_t)(1000 * scale());
    for (size_t k = 0; k < full && L->n; k++) {
        size_t i = th_below(&r, (uint32_t)L->n);
        tested += check_edits(d, L, L->w[i], L->wl[i], 1, &r, &bad);
    }
    CHECKF(bad == 0, "%zu one-letter edits answered wrongly (of %zu non-words tested)", bad, tested);
    CHECKF(tested > L->n / step, "only %zu non-words tested", tested);
    /* random strings: mostly non-words */
    uint8_t v[16];
    bad = 0;
    for (int k = 0; k < 20000; k++) {
        int n = 1 + (int)th_below(&r, 8);
        for (int j = 0; j < n; j++) v[j] = (uint8_t)(1 + th_below(&r, (uint32_t)L->a.size));
        if (dawg_contains(d, v, n) != bset_find(&L->words, v, n, NULL)) bad++;
    }
    CHECKF(bad == 0, "%zu random strings answered wrongly", bad);
}

static alpha_set brute_cross(const wlist *L, const uint8_t *left, int nl, const uint8_t *right, int nr)
{
    uint8_t v[2 * ALPHA_WORD_MAX + 1];
    alpha_set s = 0;
    if (nl + nr + 1 > ALPHA_WORD_MAX) return 0;
    memcpy(v, left, (size_t)nl);
    memcpy(v + nl + 1, right, (size_t)nr);
    for (int x = 1; x <= L->a.size; x++) {
        v[nl] = (uint8_t)x;
        if (bset_find(&L->words, v, nl + nr + 1, NULL)) s |= ALPHA_BIT(x);
    }
    return s;
}

static void check_nav(const dawg_graph *d, const wlist *L, uint64_t seed)
{
    th_rng r = {seed};
    size_t n_cases = (size_t)(5000 * scale());
    size_t bad_cross = 0, nonempty = 0, bad_walk = 0, bad_sets = 0, bad_child = 0;
    uint8_t v[ALPHA_WORD_MAX + 1];
    for (size_t k = 0; k < n_cases && L->n; k++) {
        size_t wi = th_below(&r, (uint32_t)L->n);
        const uint8_t *w = L->w[wi];
        int n = L->wl[wi];
        /* cross-set: a hole in a word, a hole between parts of two words,
         * or a hole at either end */
        const uint8_t *left = w, *right;
        int nl, nr, mode = (int)th_below(&r, 4);
        int p = (int)th_below(&r, (uint32_t)n);
        nl = p;
        right = w + p + 1;
        nr = n - p - 1;
        if (mode == 1) {
            size_t wj = th_below(&r, (uint32_t)L->n);
            int q = (int)th_below(&r, (uint32_t)L->wl[wj] + 1);
            right = L->w[wj] + q;
            nr = L->wl[wj] - q;
        } else if (mode == 2) {
            nl = 0;
        } else if (mode == 3) {
            nr = 0;
        }
        alpha_set want = brute_cross(L, left, nl, right, nr);
        alpha_set got = dawg_cross_set(d, left, nl, right, nr);
        if (want != got) {
            if (bad_cross++ < 3) printf("  cross-set mismatch: nl %d nr %d\n", nl, nr);
        }
        if (want) nonempty++;
        /* walk: a word prefix, or a prefix with its last letter changed */
        int m = (int)th_below(&r, (uint32_t)n + 1);
        memcpy(v, w, (size_t)m);
        if (m && th_below(&r, 2)) v[m - 1] = (uint8_t)(1 + th_below(&r, (uint32_t)L->a.size));
        uint32_t node = 0xFFFFFFFF;
        int fin = -1;
        int is_prefix = bset_find(&L->prefixes, v, m, NULL);
        int ok = dawg_walk(d, v, m, &node, &fin);
        if (ok != is_prefix) {
            bad_walk++;
            continue;
        }
        if (!ok) continue;
        if (fin != (m > 0 && bset_find(&L->words, v, m, NULL))) bad_walk++;
        alpha_set next = 0, fins = 0;
        for (int x = 1; x <= L->a.size; x++) {
            v[m] = (uint8_t)x;
            if (bset_find(&L->prefixes, v, m + 1, NULL)) next |= ALPHA_BIT(x);
            if (bset_find(&L->words, v, m + 1, NULL)) fins |= ALPHA_BIT(x);
            dawg_edge e = dawg_child(d, node, (unsigned)x);
            int has = bset_find(&L->prefixes, v, m + 1, NULL);
            if ((e != 0) != has || (e && (unsigned)dawg_edge_letter(e) != (unsigned)x) ||
                (e && dawg_edge_final(e) != bset_find(&L->words, v, m + 1, NULL)))
                bad_child++;
        }
        if (next != dawg_next_letters(d, node) || fins != dawg_final_letters(d, node)) bad_sets++;
        if ((node == 0) != (next == 0)) bad_sets++;
    }
    CHECKF(bad_cross == 0, "%zu of %zu cross-sets differ from brute force", bad_cross, n_cases);
    CHECKF(nonempty > n_cases / 5, "only %zu non-empty cross-sets: the cases are too easy", nonempty);
    CHECKF(bad_walk == 0, "%zu prefix walks wrong", bad_walk);
    CHECKF(bad_sets == 0, "%zu next/final letter sets wrong", bad_sets);
    CHECKF(bad_child == 0, "%zu dawg_child answers wrong", bad_child);
    /* the empty word is never a word; the empty left+right gives 1-letter words */
    CHECK(!dawg_contains(d, v, 0));
    CHECK(dawg_cross_set(d, v, 0, v, 0) == brute_cross(L, v, 0, v, 0));
}

static int same_graph(const dawg_graph *x, const dawg_graph *y)
{
    return dawg_edge_count(x) == dawg_edge_count(y) && dawg_root(x) == dawg_root(y) &&
           memcmp(dawg_edges(x), dawg_edges(y), (size_t)dawg_edge_count(x) * sizeof(dawg_edge)) == 0;
}

static void check_save_load(const dawg_graph *d, const wlist *L)
{
    void *buf = NULL;
    size_t len = 0;
    tk_error e;
    REQUIRE(dawg_serialize(d, &buf, &len, &e) == 0);
    dawg_info in;
    dawg_get_info(d, &in);
    CHECK(len == in.bytes);
    CHECK(len % 4 == 0);
    CHECK(dawg_is_dawg_file(buf, len));
    dawg_graph *m = NULL;
    CHECK(dawg_load_memory(&m, buf, len, &e) == 0);
    char path[64];
    snprintf(path, sizeof path, "/tmp/test_dawg.%ld.dawg", (long)getpid());
    CHECK(dawg_save(d, path, &e) == 0);
    dawg_graph *f = NULL;
    CHECK(dawg_load(&f, path, &e) == 0);
    remove(path);
    const dawg_graph *both[2] = {m, f};
    for (int k = 0; k < 2; k++) {
        const dawg_graph *x = both[k];
        if (!x) continue;
        CHECK(same_graph(d, x));
        dawg_info xi;
        dawg_get_info(x, &xi);
        CHECK(xi.words == in.words && xi.edges == in.edges && xi.lists == in.lists &&
              xi.states == in.states && xi.transitions == in.transitions && xi.max_len == in.max_len &&
              xi.bytes == in.bytes && xi.format_version == in.format_version);
        const alpha_table *a = dawg_alphabet(x), *b = dawg_alphabet(d);
        CHECK(a->size == b->size);
        for (int i = 1; i <= a->size && i <= b->size; i++)
            CHECK(strcmp(a->lower[i], b->lower[i]) == 0);
        size_t bad = 0;
        for (size_t i = 0; i < L->n; i += 7)
            if (!dawg_contains(x, L->w[i], L->wl[i])) bad++;
        CHECK(bad == 0);
        /* and it serializes back to the same bytes */
        void *buf2 = NULL;
        size_t len2 = 0;
        CHECK(dawg_serialize(x, &buf2, &len2, &e) == 0 && len2 == len && memcmp(buf, buf2, len) == 0);
        free(buf2);
    }
    dawg_destroy(m);
    dawg_destroy(f);
    free(buf);
}

/* Unsorted, duplicated, mixed-case input must give the same graph. */
static void check_shuffled(const dawg_graph *d, const wlist *L, uint64_t seed)
{
    th_rng r = {seed};
    size_t n = L->n, extra = n / 10;
    size_t *order = malloc((n + extra) * sizeof *order);
    for (size_t i = 0; i < n; i++) order[i] = i;
    for (size_t i = 0; i < extra; i++) order[n + i] = th_below(&r, (uint32_t)n);
    for (size_t i = n + extra - 1; i > 0; i--) {
        size_t j = th_below(&r, (uint32_t)(i + 1)), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    size_t cap = L->len * 2 + n * 8 + 64, at = 0;
    char *text = malloc(cap);
    memcpy(text, "\xEF\xBB\xBF", 3);          /* with a BOM, CR LF lines and blank lines */
    at = 3;
    for (size_t k = 0; k < n + extra; k++) {
        size_t i = order[k];
        int up = th_below(&r, 4) == 0;
        at += alpha_decode(&L->a, L->w[i], L->wl[i], up, text + at, cap - at);
        if (th_below(&r, 3) == 0) text[at++] = '\r';
        text[at++] = '\n';
        if (th_below(&r, 50) == 0) text[at++] = '\n';
    }
    dawg_graph *s = NULL;
    tk_error e;
    CHECK(dawg_build(&s, &L->a, text, at, NULL, NULL, &e) == 0);
    if (s) {
        CHECK(same_graph(d, s));
        dawg_info a, b;
        dawg_get_info(d, &a);
        dawg_get_info(s, &b);
        CHECK(a.words == b.words && a.states == b.states && a.transitions == b.transitions);
    }
    dawg_destroy(s);
    /* the same words already encoded */
    const uint8_t **ws = malloc((n + extra) * sizeof *ws);
    int *ls = malloc((n + extra) * sizeof *ls);
    for (size_t k = 0; k < n + extra; k++) {
        ws[k] = L->w[order[k]];
        ls[k] = L->wl[order[k]];
    }
    dawg_graph *t = NULL;
    CHECK(dawg_build_encoded(&t, &L->a, ws, ls, n + extra, &e) == 0);
    if (t) CHECK(same_graph(d, t));
    dawg_destroy(t);
    free(ws);
    free(ls);
    free(order);
    free(text);
}

/* How much to check: LIGHT = every word found and the enumeration exact;
 * STANDARD adds non-words, navigation/cross-sets and save/load; FULL adds the
 * shuffled-input rebuilds. */
enum { LIGHT, STANDARD, FULL };

static int run_list(const char *path, const char *alpha_spec, uint64_t seed, int level, dawg_graph **keep)
{
    wlist L;
    if (wlist_load(&L, path, alpha_spec) != 0) {
        CHECKF(0, "cannot load %s", path);
        wlist_free(&L);
        return -1;
    }
    dawg_graph *d = NULL;
    tk_error e;
    int rc = dawg_build(&d, &L.a, L.text, L.len, NULL, NULL, &e);
    CHECKF(rc == 0, "%s: build failed: line %ld: %s", path, e.line, e.msg);
    if (rc == 0) {
        check_members(d, &L);
        check_enumeration(d, &L);
        if (level >= STANDARD) {
            check_nonwords(d, &L, seed);
            check_nav(d, &L, seed + 1);
            check_save_load(d, &L);
        }
        if (level >= FULL)
            check_shuffled(d, &L, seed + 2);
    }
    wlist_free(&L);
    if (keep) *keep = d;
    else dawg_destroy(d);
    return rc;
}

static char *read_alpha(const char *name)
{
    char rel[128];
    snprintf(rel, sizeof rel, "data/alphabets/%s.txt", name);
    return th_read_file(th_top_path(rel), NULL);
}

/* ---- tests ---------------------------------------------------------------- */

/* Minimal-graph figures of the two ENABLE editions (GUIDE.md 3): the word count
 * and the states / transitions of the minimal DAWG, counted as in the reference. */
static void check_enable(const char *rel, unsigned long long words, unsigned states, unsigned transitions)
{
    /* ENABLE2K is shipped as data/words/en.txt: no skip without ../shared */
    const char *p = strcmp(rel, "words/enable2k.txt") == 0 ? th_enable2k_path() : th_shared_path(rel);
    if (!p) {
        th_skip(strcmp(rel, "words/enable2k.txt") == 0 ? "neither ../shared/words/enable2k.txt nor data/words/en.txt"
                                                        : "../shared/words/enable1.txt absent (ENABLE1 is not shipped)");
        return;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s", p);
    char *spec = read_alpha("en");
    REQUIRE(spec);
    dawg_graph *d = NULL;
    run_list(path, spec, 1, FULL, &d);
    free(spec);
    REQUIRE(d);
    dawg_info in;
    dawg_get_info(d, &in);
    CHECKF(in.words == words, "%s: words %llu", rel, (unsigned long long)in.words);
    CHECKF(in.states == states, "%s: states %u (reference %u)", rel, in.states, states);
    CHECKF(in.transitions == transitions, "%s: transitions %u (reference %u)", rel, in.transitions, transitions);
    CHECKF(in.edges <= in.transitions, "edges %u", in.edges);
    CHECKF(in.bytes <= 500000, "%s takes %zu bytes, target <= 500 KB", rel, in.bytes);
    CHECK(in.max_len == 28);
    dawg_destroy(d);
}

static void test_enable1(void)
{
    check_enable("words/enable1.txt", 172823, 54166, 122975);
}

static void test_enable2k(void)
{
    check_enable("words/enable2k.txt", 173528, 54335, 123451);
}

static void test_default_en(void)
{
    char *spec = read_alpha("en");
    REQUIRE(spec);
    dawg_graph *d = NULL;
    /* the shuffled rebuild runs on ENABLE2K, or here when it is absent */
    run_list(th_top_path("data/words/en.txt"), spec, 11, th_shared_path("words/enable2k.txt") ? STANDARD : FULL,
             &d);
    free(spec);
    REQUIRE(d);
    dawg_info in;
    dawg_get_info(d, &in);
    /* the shipped English list is ENABLE2K: its reference figures (GUIDE.md 3) */
    CHECKF(in.words == 173528, "words %llu", (unsigned long long)in.words);
    CHECK(in.max_len == 28);
    CHECKF(in.states == 54335 && in.transitions == 123451, "states %u transitions %u", in.states,
           in.transitions);
    CHECK(in.transitions >= in.edges && in.edges >= in.lists);
    dawg_destroy(d);
}

static void test_icelandic(void)
{
    char *spec = read_alpha("is");
    REQUIRE(spec);
    dawg_graph *d = NULL;
    run_list(th_top_path("data/words/is.txt"), spec, 21, STANDARD, &d);
    free(spec);
    REQUIRE(d);
    CHECK(dawg_alphabet(d)->size == 32);
    CHECK(dawg_contains_utf8(d, "þjóð"));
    CHECK(dawg_contains_utf8(d, "ÞJÓÐ"));
    CHECK(!dawg_contains_utf8(d, "þjóðx"));
    dawg_destroy(d);
}

static void test_hungarian(void)
{
    char *spec = read_alpha("hu");
    REQUIRE(spec);
    dawg_graph *d = NULL;
    run_list(th_top_path("data/words/hu.txt"), spec, 31, LIGHT, &d);
    free(spec);
    REQUIRE(d);
    CHECK(dawg_alphabet(d)->size == 35);
    CHECK(dawg_contains_utf8(d, "tűz"));
    CHECK(dawg_contains_utf8(d, "TŰZ"));
    dawg_destroy(d);
}

static const char *write_tmp(const char *name, const char *text)
{
    static char path[128];
    snprintf(path, sizeof path, "/tmp/test_dawg.%ld.%s", (long)getpid(), name);
    FILE *f = fopen(path, "wb");
    if (!f) return NULL;
    fputs(text, f);
    fclose(f);
    return path;
}

static dawg_graph *build_str(const char *text, const char *spec, tk_error *e)
{
    alpha_table a;
    dawg_graph *d = NULL;
    memset(e, 0, sizeof *e);
    if (spec && alpha_parse(&a, spec, strlen(spec), e) != 0) return NULL;
    if (dawg_build(&d, spec ? &a : NULL, text, strlen(text), NULL, NULL, e) != 0) return NULL;
    return d;
}

/* Hand-checked figures.
 * "cat cats do dog dogs": classic states root, c, d, ca, do(final),
 * {cat, dog}(final, s->end), end(final) = 7; transitions 2+1+1+1+1+1 = 7.
 * Lists: [s], [t], [g], [a], [o], root [c d] = 6 lists, 7 edges; inferred
 * alphabet "a c d g o s t" (13 bytes): header 64+13 -> 80, edges 8*4 = 32,
 * 112 bytes.
 * "ca cas das": states root, c, d, ca(final), da, end(final) = 6, transitions
 * 2+1+1+1+1 = 6; ca and da share the list [s] (final flag on the edge), so
 * lists [s], [a*], [a], root [c d] = 4 lists and 5 edges; alphabet "a c d s"
 * (7 bytes): 72 + 6*4 = 96 bytes. */
static void test_tiny(void)
{
    tk_error e;
    dawg_graph *d = build_str("dogs\ncat\ndo\ncats\ndog\n", NULL, &e);
    REQUIRE(d);
    dawg_info in;
    dawg_get_info(d, &in);
    CHECK(in.words == 5 && in.states == 7 && in.transitions == 7 && in.lists == 6 && in.edges == 7);
    CHECK(in.bytes == 112 && in.max_len == 4);
    CHECK(dawg_alphabet(d)->size == 7);
    CHECK(dawg_contains_utf8(d, "do") && dawg_contains_utf8(d, "dogs") && dawg_contains_utf8(d, "CAT"));
    CHECK(!dawg_contains_utf8(d, "d") && !dawg_contains_utf8(d, "ca") && !dawg_contains_utf8(d, "dot") &&
          !dawg_contains_utf8(d, "") && !dawg_contains_utf8(d, "catss") && !dawg_contains_utf8(d, "cax"));
    /* cross-sets by hand: letters a1 c2 d3 g4 o5 s6 t7 */
    uint8_t d_[] = {3}, gs[] = {4, 6}, ca[] = {2, 1}, s_[] = {6};
    CHECK(dawg_cross_set(d, d_, 1, gs, 2) == ALPHA_BIT(5));            /* d?gs -> o */
    CHECK(dawg_cross_set(d, ca, 2, s_, 1) == ALPHA_BIT(7));            /* ca?s -> t */
    CHECK(dawg_cross_set(d, ca, 2, NULL, 0) == ALPHA_BIT(7));          /* ca? -> t */
    CHECK(dawg_cross_set(d, d_, 1, NULL, 0) == ALPHA_BIT(5));          /* d? -> o */
    CHECK(dawg_cross_set(d, NULL, 0, gs, 2) == 0);                     /* ?gs */
    uint8_t og[] = {5, 4};
    CHECK(dawg_cross_set(d, NULL, 0, og, 2) == ALPHA_BIT(3));          /* ?og -> d */
    CHECK(dawg_cross_set(d, NULL, 0, NULL, 0) == 0);                   /* no 1-letter words */
    uint32_t node;
    int fin;
    CHECK(dawg_walk(d, NULL, 0, &node, &fin) == 1 && node == dawg_root(d) && fin == 0);
    CHECK(dawg_next_letters(d, node) == (ALPHA_BIT(2) | ALPHA_BIT(3)));
    dawg_destroy(d);

    d = build_str("ca\ncas\ndas\n", NULL, &e);
    REQUIRE(d);
    dawg_get_info(d, &in);
    CHECK(in.words == 3 && in.states == 6 && in.transitions == 6 && in.lists == 4 && in.edges == 5);
    CHECK(in.bytes == 96 && in.max_len == 3);
    /* the edge array itself: root list first, children after parents */
    const dawg_edge *E = dawg_edges(d);
    CHECK(dawg_edge_count(d) == 6 && dawg_root(d) == 1 && E[0] == 0);
    CHECK(dawg_edge_letter(E[1]) == 2 && !dawg_edge_last(E[1]) && dawg_edge_letter(E[2]) == 3 &&
          dawg_edge_last(E[2]));
    for (uint32_t i = 1; i < dawg_edge_count(d); i++)
        CHECK(dawg_edge_child(E[i]) == 0 || dawg_edge_child(E[i]) > i);
    dawg_destroy(d);

    /* one word, one letter */
    d = build_str("a\n", "a b", &e);
    REQUIRE(d);
    dawg_get_info(d, &in);
    CHECK(in.words == 1 && in.states == 2 && in.transitions == 1 && in.edges == 1 && in.lists == 1);
    uint8_t a1[] = {1}, b1[] = {2};
    CHECK(dawg_contains(d, a1, 1) && !dawg_contains(d, b1, 1));
    dawg_destroy(d);

    /* empty list (explicit alphabet): an empty graph that still saves and loads */
    d = build_str("\n\n", "a b", &e);
    REQUIRE(d);
    dawg_get_info(d, &in);
    CHECK(in.words == 0 && in.edges == 0 && dawg_root(d) == 0);
    CHECK(!dawg_contains(d, a1, 1));
    CHECK(dawg_cross_set(d, a1, 1, NULL, 0) == 0);
    void *buf;
    size_t len;
    dawg_graph *m = NULL;
    CHECK(dawg_serialize(d, &buf, &len, &e) == 0);
    CHECK(dawg_load_memory(&m, buf, len, &e) == 0);
    if (m) {
        dawg_get_info(m, &in);
        CHECK(in.words == 0 && dawg_root(m) == 0);
    }
    dawg_destroy(m);
    free(buf);
    dawg_destroy(d);

    /* the tiny list from a file, through the same oracle checks */
    const char *p = write_tmp("tiny.txt", "zoo\nzoos\nzone\nzones\nzonal\nzo\nyo\nyon\nyond\nyonder\n"
                                          "ZOO\nbeyond\nbeyonder\n");
    REQUIRE(p);
    char path[128];
    snprintf(path, sizeof path, "%s", p);
    run_list(path, NULL, 41, FULL, NULL);
    remove(path);
}

/* Multi-letter tiles: the graph is over letters, not bytes. */
static void test_multi_letter(void)
{
    tk_error e;
    dawg_graph *d = build_str("cseresznye\nszesz\ncsacsi\nnyúl\nnyusz\n", "a á c [cs] e i l n [ny] r s [sz] u ú y z",
                        &e);
    REQUIRE(d);
    const alpha_table *a = dawg_alphabet(d);
    CHECK(dawg_contains_utf8(d, "cseresznye") && dawg_contains_utf8(d, "CSERESZNYE"));
    uint8_t w[16];
    int n = alpha_encode(a, "szesz", 5, w, 16, &e);
    CHECK(n == 3 && dawg_contains(d, w, n));
    dawg_info in;
    dawg_get_info(d, &in);
    CHECK(in.words == 5 && in.max_len == 7);   /* cs e r e sz ny e */
    /* the format keeps the brackets: save, load, same answers */
    void *buf;
    size_t len;
    dawg_graph *m = NULL;
    REQUIRE(dawg_serialize(d, &buf, &len, &e) == 0);
    CHECK(dawg_load_memory(&m, buf, len, &e) == 0);
    if (m) {
        CHECK(dawg_alphabet(m)->size == a->size && dawg_alphabet(m)->multi == 1);
        CHECK(dawg_contains_utf8(m, "csacsi") && !dawg_contains_utf8(m, "csacs"));
    }
    dawg_destroy(m);
    free(buf);
    dawg_destroy(d);
}

static void test_build_errors(void)
{
    tk_error e;
    dawg_graph *d;
    /* bad UTF-8 on line 3 */
    d = build_str("abc\nbad\nca\xC3\n", "a b c d", &e);
    CHECK(d == NULL && e.code == TK_EFORMAT && e.line == 3);
    CHECKF(strstr(e.msg, "ca") != NULL, "message: %s", e.msg);
    dawg_destroy(d);
    /* bad UTF-8 with an inferred alphabet */
    d = build_str("abc\nbad\nca\xED\xA0\x80z\n", NULL, &e);
    CHECK(d == NULL && e.code == TK_EFORMAT && e.line == 3);
    dawg_destroy(d);
    /* a letter outside the alphabet: line and word */
    d = build_str("abc\n\ncab\ncax\n", "a b c", &e);
    CHECK(d == NULL && e.code == TK_EFORMAT && e.line == 4);
    CHECKF(strstr(e.msg, "cax") != NULL, "message: %s", e.msg);
    dawg_destroy(d);
    d = build_str("þú\nþíð\n", "a á b d ð e é f g h i j", &e);
    CHECK(d == NULL && e.code == TK_EFORMAT && e.line == 1);
    CHECKF(strstr(e.msg, "þú") != NULL, "message: %s", e.msg);
    dawg_destroy(d);
    /* inner space, control character */
    d = build_str("ab\na b\n", "a b", &e);
    CHECK(d == NULL && e.code == TK_EFORMAT && e.line == 2);
    dawg_destroy(d);
    /* a word longer than ALPHA_WORD_MAX */
    char text[300];
    int n = snprintf(text, sizeof text, "ab\nba\n");
    for (int i = 0; i < ALPHA_WORD_MAX + 1; i++) text[n++] = "ab"[i % 2];
    text[n++] = '\n';
    text[n] = 0;
    d = build_str(text, "a b", &e);
    CHECK(d == NULL && e.code == TK_ELIMIT && e.line == 3);
    CHECKF(strstr(e.msg, "abab") != NULL, "message: %s", e.msg);
    dawg_destroy(d);
    /* exactly ALPHA_WORD_MAX letters is fine */
    text[n - 2] = '\n';
    text[n - 1] = 0;
    d = build_str(text, "a b", &e);
    CHECK(d != NULL);
    if (d) {
        dawg_info in;
        dawg_get_info(d, &in);
        CHECK(in.max_len == ALPHA_WORD_MAX && in.words == 3);
    }
    dawg_destroy(d);
    /* encoded input: bad letter index, too long */
    alpha_table a;
    alpha_parse(&a, "a b", 3, &e);
    uint8_t bad[] = {1, 3};
    const uint8_t *ws[] = {bad};
    int ls[] = {2};
    d = NULL;
    CHECK(dawg_build_encoded(&d, &a, ws, ls, 1, &e) != 0 && d == NULL);
    uint8_t longw[ALPHA_WORD_MAX + 1];
    memset(longw, 1, sizeof longw);
    ws[0] = longw;
    ls[0] = ALPHA_WORD_MAX + 1;
    CHECK(dawg_build_encoded(&d, &a, ws, ls, 1, &e) == TK_ELIMIT && d == NULL);
}

/* Messages name the word even when its bytes are not UTF-8, and are
 * themselves valid UTF-8 (they end up on a terminal or in JSON). */
static void test_error_messages_utf8(void)
{
    tk_error e;
    dawg_graph *d = build_str("abc\nbad\ncab\xC3\n", "a b c d", &e);
    CHECK(d == NULL && e.line == 3);
    CHECKF(strstr(e.msg, "cab") != NULL, "explicit alphabet: message '%s' does not name the word", e.msg);
    CHECKF(alpha_utf8_valid(e.msg, strlen(e.msg)) == strlen(e.msg),
           "explicit alphabet: the message contains invalid UTF-8 (raw input bytes)");
    dawg_destroy(d);
    d = build_str("abc\nbad\ncab\xC3\n", NULL, &e);
    CHECK(d == NULL && e.line == 3);
    CHECKF(strstr(e.msg, "cab") != NULL, "inferred alphabet: message '%s' does not name the word", e.msg);
    CHECKF(alpha_utf8_valid(e.msg, strlen(e.msg)) == strlen(e.msg), "inferred alphabet: message is not valid UTF-8");
    dawg_destroy(d);
}

static const th_test tests[] = {
    {"tiny", test_tiny},
    {"error_messages_utf8", test_error_messages_utf8},
    {"multi_letter", test_multi_letter},
    {"build_errors", test_build_errors},
    {"enable1", test_enable1},
    {"enable2k", test_enable2k},
    {"default_en", test_default_en},
    {"icelandic", test_icelandic},
    {"hungarian", test_hungarian},
    {0, 0},
};

int main(int argc, char **argv) { return th_main("dawg", tests, argc, argv); }
