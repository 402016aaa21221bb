/* test_wordq.c - word-study searches against an independent brute force.
 *
 * The oracle never touches the graph: it keeps the word list as encoded
 * words, sorted with its own comparison, and answers every query by looking
 * at every word of the right length:
 *   - anagram / build: letter counts compared (a word is an exact anagram
 *     when its letters, sorted, equal the rack's sorted letters with the
 *     blanks filled in: counts differ only where blanks make up the
 *     shortfall); the expected display puts real tiles on the first
 *     occurrences of a letter and lower-case wildcards on the rest;
 *   - pattern: a small backtracking glob matcher of its own ('?', '*',
 *     letter sets);
 *   - hooks / check: binary search in the sorted list.
 * Thousands of random queries (from words of the list and from random
 * letters, with blanks, '*', sets, negated sets, length filters) run on
 * ENABLE2K (../shared, skipped when absent), the shipped Icelandic list and
 * the Hungarian list with the digraph tiles of hu-scrabble; the answers,
 * their order and their display must be identical.  The probability count
 * is checked against hand-worked values and a brute-force count of tile
 * draws.  Parser errors are checked for position and wording.
 */
#include "support/harness.h"
#include "tilekit/alphabet.h"
#include "tilekit/dawg.h"
#include "tilekit/wordq.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* a fifth of the generated queries under the sanitizers, all in the plain run */
static double scale(void) { return th_sanitized_scale(5); }

/* ---- the oracle's word list ---------------------------------------------- */

typedef struct corpus {
    alpha_table a;
    dawg_graph *d;
    size_t n;
    uint8_t (*w)[ALPHA_WORD_MAX];
    int *len;
    alpha_set *set;                       /* letters of each word (the oracle's quick reject) */
    size_t *by_len[ALPHA_WORD_MAX + 1];   /* indices of words of each length, in sorted order */
    size_t nlen[ALPHA_WORD_MAX + 1];
} corpus;

static int cmp_letters(const uint8_t *a, int na, const uint8_t *b, int nb)
{
    int n = na < nb ? na : nb;
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return na < nb ? -1 : na > nb;
}

static corpus *sort_ctx;
static int cmp_idx(const void *x, const void *y)
{
    size_t i = *(const size_t *)x, j = *(const size_t *)y;
    return cmp_letters(sort_ctx->w[i], sort_ctx->len[i], sort_ctx->w[j], sort_ctx->len[j]);
}

static void corpus_free(corpus *c)
{
    if (!c)
        return;
    dawg_destroy(c->d);
    free(c->w);
    free(c->len);
    free(c->set);
    for (int k = 0; k <= ALPHA_WORD_MAX; k++)
        free(c->by_len[k]);
    free(c);
}

static corpus *corpus_load(const char *path, const char *alpha_rel)
{
    size_t len, alen;
    char *text = th_read_file(path, &len);
    char *spec = th_read_file(th_top_path(alpha_rel), &alen);
    if (!text || !spec) {
        free(text);
        free(spec);
        return NULL;
    }
    corpus *c = calloc(1, sizeof *c);
    tk_error err;
    if (alpha_parse(&c->a, spec, alen, &err) != 0 || dawg_build(&c->d, &c->a, text, len, NULL, NULL, &err) != 0) {
        printf("  %s: %s\n", path, err.msg);
        free(text);
        free(spec);
        corpus_free(c);
        return NULL;
    }
    size_t lines = 1;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    c->w = malloc(lines * sizeof *c->w);
    c->len = malloc(lines * sizeof *c->len);
    size_t i = 0;
    while (i < len) {
        size_t s = i;
        while (i < len && text[i] != '\n')
            i++;
        size_t e = i++;
        while (e > s && (text[e - 1] == '\r' || text[e - 1] == ' '))
            e--;
        if (e == s)
            continue;
        int n = alpha_encode(&c->a, text + s, e - s, c->w[c->n], ALPHA_WORD_MAX, &err);
        if (n > 0)
            c->len[c->n++] = n;
    }
    free(text);
    free(spec);
    c->set = calloc(c->n + 1, sizeof *c->set);
    for (size_t k = 0; k < c->n; k++)
        for (int j = 0; j < c->len[k]; j++)
            c->set[k] |= ALPHA_BIT(c->w[k][j]);
    size_t *all = malloc(c->n * sizeof *all);
    for (size_t k = 0; k < c->n; k++)
        all[k] = k;
    sort_ctx = c;
    qsort(all, c->n, sizeof *all, cmp_idx);
    /* drop duplicates (case variants) */
    size_t m = 0;
    for (size_t k = 0; k < c->n; k++)
        if (m == 0 || cmp_idx(&all[m - 1], &all[k]) != 0)
            all[m++] = all[k];
    for (size_t k = 0; k < m; k++)
        c->nlen[c->len[all[k]]]++;
    for (int l = 0; l <= ALPHA_WORD_MAX; l++) {
        c->by_len[l] = malloc((c->nlen[l] + 1) * sizeof(size_t));
        c->nlen[l] = 0;
    }
    for (size_t k = 0; k < m; k++) {
        int l = c->len[all[k]];
        c->by_len[l][c->nlen[l]++] = all[k];
    }
    free(all);
    return c;
}

/* ---- collecting answers -------------------------------------------------- */

typedef struct answers {
    char *buf;
    size_t len, cap;
    size_t count;
} answers;

static void ans_add(answers *r, const char *s)
{
    size_t n = strlen(s);
    if (r->len + n + 2 > r->cap) {
        r->cap = (r->len + n + 2) * 2;
        r->buf = realloc(r->buf, r->cap);
    }
    memcpy(r->buf + r->len, s, n);
    r->len += n;
    r->buf[r->len++] = '\n';
    r->buf[r->len] = 0;
    r->count++;
}

typedef struct fast_ctx {
    const alpha_table *a;
    answers *r;
    const uint8_t *prev;
    int prevn;
    int order_ok;
    uint8_t last[ALPHA_WORD_MAX];
} fast_ctx;

static int collect(void *vctx, const uint8_t *letters, int n, uint64_t wild)
{
    fast_ctx *c = vctx;
    char out[ALPHA_WORD_MAX * 20];
    if (c->prev && cmp_letters(c->last, c->prevn, letters, n) >= 0)
        c->order_ok = 0;
    memcpy(c->last, letters, (size_t)n);
    c->prev = c->last;
    c->prevn = n;
    wq_format(c->a, letters, n, wild, out, sizeof out);
    ans_add(c->r, out);
    return 0;
}

/* ---- the oracle ---------------------------------------------------------- */

/* Anagram / build: counts compared; display with real tiles first. */
static int rack_fits(const wq_query *q, const uint8_t *w, int n, int kind, uint64_t *wild)
{
    uint8_t used[64];
    int extra = 0, real = 0;
    *wild = 0;
    for (int i = 0; i < n; i++)
        used[w[i]] = 0;
    for (int i = 0; i < n; i++) {
        if (used[w[i]] < q->count[w[i]]) {
            used[w[i]]++;
            real++;
        } else {
            extra++;
            *wild |= (uint64_t)1 << i;
        }
    }
    int real_left = q->ntiles - q->blanks - real;
    if (kind == WQ_BUILD)
        return extra <= q->blanks;
    if (q->star)
        return real_left == 0 && extra >= q->blanks;
    return real_left == 0 && extra == q->blanks;
}

static int glob_fixed(const wq_query *q, int k, const uint8_t *w, int n);

/* Glob matcher over elements: pos[1..p] sets, gap_star[k] '*' after k positions. */
static int glob(const wq_query *q, int k, const uint8_t *w, int n)
{
    if (q->gap_star[k]) {
        for (int skip = 0; skip <= n; skip++)
            if (glob_fixed(q, k, w + skip, n - skip))
                return 1;
        return 0;
    }
    return glob_fixed(q, k, w, n);
}

/* A quick reject that only ever drops words the full test would drop too:
 * exact anagrams use every real tile (the rack's letters all occur in the
 * word) and, like builds, need a blank for each letter of the word the rack
 * lacks (at least one a missing letter); a pattern's single-letter positions
 * all occur in its words. */
static int cannot_fit(const wq_query *q, alpha_set w, alpha_set rack, alpha_set need)
{
    if (q->kind == WQ_PATTERN)
        return (need & ~w) != 0;
    if (q->kind == WQ_ANAGRAM && (rack & ~w))
        return 1;
    return !(q->kind == WQ_ANAGRAM && q->star) && alpha_set_count(w & ~rack) > q->blanks;
}

static int oracle_search(const corpus *c, const wq_query *q, int min, int max, answers *r)
{
    char out[ALPHA_WORD_MAX * 20];
    alpha_set rack = 0, need = 0;
    for (int l = 0; l < 64; l++)
        if (q->count[l])
            rack |= ALPHA_BIT(l);
    for (int k = 1; q->kind == WQ_PATTERN && k <= q->ntiles; k++)
        if (q->pos[k] && !(q->pos[k] & (q->pos[k] - 1)))
            need |= q->pos[k];
    for (int l = min; l <= max && l <= ALPHA_WORD_MAX; l++) {
        if (q->kind == WQ_ANAGRAM && !q->star && l != q->ntiles)
            continue;
        if (q->kind == WQ_BUILD && l > q->ntiles)
            continue;
        if (l < q->ntiles && q->kind != WQ_BUILD)
            continue;
        if (q->kind == WQ_PATTERN && l != q->ntiles && !memchr(q->gap_star, 1, (size_t)q->ntiles + 1))
            continue;
        for (size_t k = 0; k < c->nlen[l]; k++) {
            const uint8_t *w = c->w[c->by_len[l][k]];
            if (cannot_fit(q, c->set[c->by_len[l][k]], rack, need))
                continue;
            uint64_t wild = 0;
            int ok = q->kind == WQ_PATTERN ? glob(q, 0, w, l) : rack_fits(q, w, l, q->kind, &wild);
            if (ok) {
                wq_format(&c->a, w, l, wild, out, sizeof out);
                ans_add(r, out);
            }
        }
    }
    /* the oracle lists by length, the search in letter order: sort lines */
    return 0;
}

static int glob_fixed(const wq_query *q, int k, const uint8_t *w, int n)
{
    /* positions k+1.. until the next star or the end */
    int p = q->ntiles;
    if (k == p)
        return n == 0;
    if (n == 0)
        return 0;
    if (!(q->pos[k + 1] & ALPHA_BIT(w[0])))
        return 0;
    return glob(q, k + 1, w + 1, n - 1);
}

static int cmp_lines(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The oracle lists words by length; the search lists them in letter order.
 * Compare as sets (sorted lines), and check the search's own order apart. */
static int same_answers(answers *x, answers *y)
{
    if (x->count != y->count)
        return 0;
    if (x->count == 0)
        return 1;
    char **lx = malloc(x->count * sizeof *lx), **ly = malloc(y->count * sizeof *ly);
    size_t i = 0;
    for (char *s = strtok(x->buf, "\n"); s; s = strtok(NULL, "\n"))
        lx[i++] = s;
    i = 0;
    for (char *s = strtok(y->buf, "\n"); s; s = strtok(NULL, "\n"))
        ly[i++] = s;
    qsort(lx, x->count, sizeof *lx, cmp_lines);
    qsort(ly, y->count, sizeof *ly, cmp_lines);
    int ok = 1;
    for (i = 0; i < x->count && ok; i++)
        if (strcmp(lx[i], ly[i]) != 0) {
            printf("  first difference: search '%s', oracle '%s'\n", lx[i], ly[i]);
            ok = 0;
        }
    free(lx);
    free(ly);
    return ok;
}

/* ---- query generation ---------------------------------------------------- */

/* Write letter l as query text: bracketed when the alphabet has multi-letter
 * tiles (so that "c" "s" never reads as "cs"), in random case. */
static size_t put_letter(const alpha_table *a, int l, th_rng *g, char *out)
{
    size_t n = 0;
    int br = a->multi;
    int up = th_below(g, 2);
    if (br)
        out[n++] = '[';
    const char *s = up ? a->upper[l] : a->lower[l];
    memcpy(out + n, s, strlen(s));
    n += strlen(s);
    if (br)
        out[n++] = ']';
    return n;
}

static const uint8_t *random_word(const corpus *c, th_rng *g, int minl, int maxl, int *n)
{
    for (;;) {
        int l = minl + (int)th_below(g, (uint32_t)(maxl - minl + 1));
        if (c->nlen[l]) {
            *n = l;
            return c->w[c->by_len[l][th_below(g, (uint32_t)c->nlen[l])]];
        }
    }
}

static void gen_rack(const corpus *c, th_rng *g, int kind, char *out)
{
    int n;
    const uint8_t *w = random_word(c, g, kind == WQ_BUILD ? 3 : 2, kind == WQ_BUILD ? 7 : 10, &n);
    uint8_t t[ALPHA_WORD_MAX + 4];
    int blank[ALPHA_WORD_MAX + 4];
    int m = 0;
    for (int i = 0; i < n; i++) {
        t[m] = w[i];
        blank[m++] = th_below(g, 6) == 0;
    }
    if (th_below(g, 3) == 0 || kind == WQ_BUILD)   /* a letter too many */
        t[m] = (uint8_t)(1 + th_below(g, (uint32_t)c->a.size)), blank[m++] = 0;
    if (th_below(g, 4) == 0)
        t[m] = 0, blank[m++] = 1;
    int star = kind == WQ_ANAGRAM && th_below(g, 10) == 0;
    if (star && m > 5)
        m -= 1 + (int)th_below(g, (uint32_t)(m - 4));   /* drop a tail: '*' supplies it */
    else if (star && m < 4)
        star = 0;
    for (int i = m - 1; i > 0; i--) {       /* shuffle */
        int j = (int)th_below(g, (uint32_t)i + 1);
        uint8_t x = t[i]; t[i] = t[j]; t[j] = x;
        int y = blank[i]; blank[i] = blank[j]; blank[j] = y;
    }
    size_t o = 0;
    int blanks = 0;
    for (int i = 0; i < m; i++) {
        if (blank[i] && blanks < 2) {
            out[o++] = '?';
            blanks++;
        } else if (t[i]) {
            o += put_letter(&c->a, t[i], g, out + o);
        }
        if (star && i == m / 2)
            out[o++] = '*';
    }
    if (o == 0)
        out[o++] = '?';
    out[o] = 0;
}

/* An exact anagram of a short rack (what the alphagram index answers): a
 * word of 1 to 9 letters shuffled, 0 to 2 of its letters (or, one time in
 * three, letters of the alphabet) as blanks, one time in four a letter
 * changed (few or no answers). */
static void gen_short(const corpus *c, th_rng *g, char *out)
{
    int n;
    const uint8_t *w = random_word(c, g, 1, 9, &n);
    uint8_t t[16];
    memcpy(t, w, (size_t)n);
    if (th_below(g, 4) == 0)
        t[th_below(g, (uint32_t)n)] = (uint8_t)(1 + th_below(g, (uint32_t)c->a.size));
    for (int i = n - 1; i > 0; i--) {
        int j = (int)th_below(g, (uint32_t)i + 1);
        uint8_t x = t[i]; t[i] = t[j]; t[j] = x;
    }
    int blanks = (int)th_below(g, 3);
    if (blanks > n)
        blanks = n;
    if (th_below(g, 3) == 0 && n < 9)
        t[n++] = 0;                      /* a blank on top of the word's letters */
    size_t o = 0;
    for (int i = 0; i < n; i++)
        if (i < blanks || !t[i])
            out[o++] = '?';
        else
            o += put_letter(&c->a, t[i], g, out + o);
    out[o] = 0;
}

static void gen_pattern(const corpus *c, th_rng *g, char *out)
{
    int n, fixed;
    const uint8_t *w;
    size_t o;
    do {
        w = random_word(c, g, 3, 12, &n);
        o = 0;
        fixed = 0;
        int fresh = th_below(g, 8) == 0;   /* random letters: few or no answers */
        for (int i = 0; i < n; i++) {
            int l = fresh ? 1 + (int)th_below(g, (uint32_t)c->a.size) : w[i];
            uint32_t r = th_below(g, 20);
            if (r < 2 && i + 1 < n) {             /* a run replaced by '*' */
                out[o++] = '*';
                i += (int)th_below(g, 3);
            } else if (r < 5) {
                out[o++] = '?';
            } else if (r < 7) {                   /* a set holding the letter */
                out[o++] = '[';
                o += put_letter(&c->a, l, g, out + o);
                for (int k = (int)th_below(g, 4); k > 0; k--)
                    o += put_letter(&c->a, 1 + (int)th_below(g, (uint32_t)c->a.size), g, out + o);
                out[o++] = ']';
            } else if (r < 8) {                   /* a negated set without it */
                out[o++] = '[';
                out[o++] = '^';
                for (int k = 1 + (int)th_below(g, 4); k > 0; k--) {
                    int x = 1 + (int)th_below(g, (uint32_t)c->a.size);
                    if (x != l)
                        o += put_letter(&c->a, x, g, out + o);
                }
                if (out[o - 1] == '^')
                    o += put_letter(&c->a, l == 1 ? 2 : 1, g, out + o);
                out[o++] = ']';
            } else {
                o += put_letter(&c->a, l, g, out + o);
                fixed++;
            }
        }
        if (th_below(g, 4) == 0)
            out[o++] = '*';
        if (th_below(g, 6) == 0) {                /* a leading star */
            memmove(out + 1, out, o);
            out[0] = '*';
            o++;
        }
    } while (fixed < 3);   /* keep the answers few enough to compare */
    out[o] = 0;
}

/* ---- the comparisons ----------------------------------------------------- */

/* short: only exact anagrams of short racks (gen_short) */
static void run_random(corpus *c, uint64_t seed, int nq, int short_racks)
{
    wq_searcher *s = NULL;
    wq_dict *x = NULL;
    tk_error err;
    if (wq_dict_create(&x, c->d, &err) != 0 || wq_searcher_create(&s, x, &err) != 0) {
        CHECK(0);
        return;
    }
    th_rng g = {seed};
    int bad = 0, total_answers = 0;
    for (int i = 0; i < nq && bad < 5; i++) {
        int kind = short_racks || i % 3 == 0 ? WQ_ANAGRAM : i % 3 == 1 ? WQ_BUILD : WQ_PATTERN;
        char text[ALPHA_WORD_MAX * 40];
        if (short_racks)
            gen_short(c, &g, text);
        else if (kind == WQ_PATTERN)
            gen_pattern(c, &g, text);
        else
            gen_rack(c, &g, kind, text);
        int min = 1, max = ALPHA_WORD_MAX;
        if (th_below(&g, 5) == 0) {
            min = 2 + (int)th_below(&g, 4);
            max = min + (int)th_below(&g, 5);
        }
        wq_query q;
        if (wq_parse(&q, &c->a, kind, text, strlen(text), &err) != 0) {
            CHECKF(0, "query '%s' (%s) does not parse: %s", text, wq_kind_name(kind), err.msg);
            bad++;
            continue;
        }
        answers fast = {0}, slow = {0};
        fast_ctx fc = {&c->a, &fast, NULL, 0, 1, {0}};
        clock_t t0 = clock();
        int rc = wq_search(s, &q, min, max, collect, &fc);
        clock_t t1 = clock();
        oracle_search(c, &q, min, max, &slow);
        clock_t t2 = clock();
        total_answers += (int)slow.count;
        if (getenv("WQ_TRACE"))
            printf("  %s %s %zu %ld %ld\n", wq_kind_name(kind), text, slow.count, (long)(t1 - t0), (long)(t2 - t1));
        size_t nf = fast.count, ns = slow.count;
        int same = rc == 0 && fc.order_ok && same_answers(&fast, &slow);
        CHECKF(same, "%s '%s' min %d max %d: search %zu answers (order %s), oracle %zu", wq_kind_name(kind), text,
               min, max, nf, fc.order_ok ? "ok" : "WRONG", ns);
        if (!same)
            bad++;
        free(fast.buf);
        free(slow.buf);
    }
    printf("  %d queries, %d answers\n", nq, total_answers);
    wq_searcher_destroy(s);
    wq_dict_destroy(x);
}

static int nq(int n) { return (int)(n * scale()) + 20; }

static void test_random_english(void)
{
    const char *p = th_enable2k_path();
    if (!p) {
        th_skip("neither ../shared/words/enable2k.txt nor data/words/en.txt");
        return;
    }
    corpus *c = corpus_load(p, "data/alphabets/en.txt");
    REQUIRE(c);
    run_random(c, 13, nq(800), 0);
    run_random(c, 1414, nq(3000), 1);
    corpus_free(c);
}

static void test_random_icelandic(void)
{
    corpus *c = corpus_load(th_top_path("data/words/is.txt"), "data/alphabets/is.txt");
    REQUIRE(c);
    run_random(c, 1313, nq(500), 0);
    run_random(c, 141414, nq(3000), 1);
    corpus_free(c);
}

static void test_random_hungarian_tiles(void)
{
    corpus *c = corpus_load(th_top_path("data/words/hu.txt"), "data/alphabets/hu-scrabble.txt");
    REQUIRE(c);
    REQUIRE(c->a.multi);
    run_random(c, 131313, nq(300), 0);
    run_random(c, 14141414, nq(1000), 1);
    corpus_free(c);
}

/* Hooks and the judge on every kind of word: words, their prefixes and
 * words with a letter changed, against binary search in the list. */
static int in_list(const corpus *c, const uint8_t *w, int n)
{
    if (n < 1 || n > ALPHA_WORD_MAX)
        return 0;
    size_t lo = 0, hi = c->nlen[n];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int r = cmp_letters(c->w[c->by_len[n][mid]], n, w, n);
        if (r == 0)
            return 1;
        if (r < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

static void test_hooks(void)
{
    corpus *c = corpus_load(th_top_path("data/words/is.txt"), "data/alphabets/is.txt");
    REQUIRE(c);
    th_rng g = {77};
    int n;
    for (int i = 0; i < nq(1500); i++) {
        uint8_t w[ALPHA_WORD_MAX + 1];
        const uint8_t *src = random_word(c, &g, 1, 10, &n);
        memcpy(w, src, (size_t)n);
        if (th_below(&g, 3) == 0 && n > 1)
            n--;
        if (th_below(&g, 4) == 0)
            w[th_below(&g, (uint32_t)n)] = (uint8_t)(1 + th_below(&g, (uint32_t)c->a.size));
        alpha_set front, back, f2 = 0, b2 = 0;
        int valid;
        wq_hooks(c->d, w, n, &front, &back, &valid);
        uint8_t t[ALPHA_WORD_MAX + 1];
        for (int l = 1; l <= c->a.size; l++) {
            t[0] = (uint8_t)l;
            memcpy(t + 1, w, (size_t)n);
            if (in_list(c, t, n + 1))
                f2 |= ALPHA_BIT(l);
            memcpy(t, w, (size_t)n);
            t[n] = (uint8_t)l;
            if (in_list(c, t, n + 1))
                b2 |= ALPHA_BIT(l);
        }
        CHECK(front == f2);
        CHECK(back == b2);
        CHECK(valid == in_list(c, w, n));
    }
    corpus_free(c);
}

/* Hand-made answers on a tiny list (worked out on paper). */
static const char *TINY = "care\nscare\ncared\ncarer\ncares\nrace\nacre\nacres\nscar\nars\nqi\nza\na\n";

static dawg_graph *tiny(alpha_table *a)
{
    tk_error err;
    dawg_graph *d = NULL;
    size_t len;
    char *spec = th_read_file(th_top_path("data/alphabets/en.txt"), &len);
    if (!spec || alpha_parse(a, spec, len, &err) || dawg_build(&d, a, TINY, strlen(TINY), NULL, NULL, &err))
        d = NULL;
    free(spec);
    return d;
}

static char *run_one(dawg_graph *d, const alpha_table *a, int kind, const char *text, int min, int max)
{
    static answers r;
    wq_searcher *s;
    wq_query q;
    tk_error err;
    free(r.buf);
    memset(&r, 0, sizeof r);
    if (wq_parse(&q, a, kind, text, strlen(text), &err) != 0)
        return "parse error";
    wq_dict *x;
    wq_dict_create(&x, d, &err);
    wq_searcher_create(&s, x, &err);
    fast_ctx fc = {a, &r, NULL, 0, 1, {0}};
    wq_search(s, &q, min, max, collect, &fc);
    wq_searcher_destroy(s);
    wq_dict_destroy(x);
    return r.buf ? r.buf : "";
}

/* The answers of a search, kept in a wq_answers store. */
static int keep(void *ctx, const uint8_t *l, int n, uint64_t w)
{
    return wq_answers_add(ctx, l, n, w) ? -1 : 0;
}

/* The store's words as text, one a line, in its order. */
static const char *listed(const alpha_table *a, const wq_answers *s)
{
    static char buf[1024];
    size_t o = 0;
    for (size_t i = 0; i < s->n && o < sizeof buf - 80; i++) {
        o += wq_format(a, wq_answer_letters(s, i), s->a[i].n, s->a[i].wild, buf + o, sizeof buf - o);
        buf[o++] = '\n';
    }
    buf[o] = 0;
    return buf;
}

static void test_tiny_by_hand(void)
{
    alpha_table a;
    dawg_graph *d = tiny(&a);
    REQUIRE(d);
    CHECK(strcmp(run_one(d, &a, WQ_ANAGRAM, "ecar", 1, 64), "ACRE\nCARE\nRACE\n") == 0);
    /* real tiles first from the left; the blank is the letter the rack lacks */
    CHECK(strcmp(run_one(d, &a, WQ_ANAGRAM, "ECA?", 1, 64), "ACrE\nCArE\nrACE\n") == 0);
    /* extra letters from '*' are lower case too */
    CHECK(strcmp(run_one(d, &a, WQ_ANAGRAM, "rac*", 1, 64), "ACRe\nACRes\nCARe\nCARed\nCARer\nCARes\nRACe\nsCAR\n"
                                                         "sCARe\n") == 0);
    CHECK(strcmp(run_one(d, &a, WQ_ANAGRAM, "rac*", 5, 5), "ACRes\nCARed\nCARer\nCARes\nsCARe\n") == 0);
    CHECK(strcmp(run_one(d, &a, WQ_BUILD, "SRAC", 1, 64), "A\nARS\nSCAR\n") == 0);
    CHECK(strcmp(run_one(d, &a, WQ_BUILD, "SRAC?", 5, 64), "ACReS\nCAReS\nSCARe\n") == 0);
    CHECK(strcmp(run_one(d, &a, WQ_PATTERN, "*RE?", 1, 64), "ACRES\nCARED\nCARER\nCARES\n") == 0);
    CHECK(strcmp(run_one(d, &a, WQ_PATTERN, "[^s]?[a-c]*", 1, 64), "parse error") == 0);
    CHECK(strcmp(run_one(d, &a, WQ_PATTERN, "[^s]?[rc]*", 1, 64), "ACRE\nACRES\nCARE\nCARED\nCARER\nCARES\nRACE\n") ==
          0);
    CHECK(strcmp(run_one(d, &a, WQ_PATTERN, "*", 1, 1), "A\n") == 0);
    CHECK(strcmp(run_one(d, &a, WQ_PATTERN, "??", 1, 64), "QI\nZA\n") == 0);
    alpha_set f, b;
    int v;
    uint8_t care[4] = {3, 1, 18, 5};
    wq_hooks(d, care, 4, &f, &b, &v);
    CHECK(f == ALPHA_BIT(19));
    CHECK(b == (ALPHA_BIT(4) | ALPHA_BIT(18) | ALPHA_BIT(19)));
    CHECK(v == 1);
    /* the hook words, in letter order: CARED CARER CARES SCARE; none under --max 4 */
    wq_answers st = {0};
    CHECK(wq_hook_words(d, care, 4, 1, 64, &st, &f, &b, &v) == 0 && v == 1 && f == ALPHA_BIT(19));
    CHECK(strcmp(listed(&a, &st), "CARED\nCARER\nCARES\nSCARE\n") == 0);
    wq_answers_clear(&st);
    CHECK(wq_hook_words(d, care, 4, 1, 4, &st, &f, &b, &v) == 0 && st.n == 0);
    wq_answers_free(&st);
    dawg_destroy(d);
}

/* A callback's non-zero value stops the search and is returned. */
static int stop_at_two(void *ctx, const uint8_t *l, int n, uint64_t w)
{
    (void)l, (void)n, (void)w;
    return ++*(int *)ctx == 2 ? 42 : 0;
}

static void test_stop(void)
{
    alpha_table a;
    dawg_graph *d = tiny(&a);
    REQUIRE(d);
    wq_searcher *s;
    wq_query q;
    tk_error err;
    wq_dict *x;
    REQUIRE(wq_dict_create(&x, d, &err) == 0);
    REQUIRE(wq_searcher_create(&s, x, &err) == 0);
    const char *qs[] = {"*", "rac*", "sracdex??", "?ac?"};
    int kinds[] = {WQ_PATTERN, WQ_ANAGRAM, WQ_BUILD, WQ_ANAGRAM};
    for (int i = 0; i < 4; i++) {
        int n = 0;
        REQUIRE(wq_parse(&q, &a, kinds[i], qs[i], strlen(qs[i]), &err) == 0);
        CHECK(wq_search(s, &q, 1, 64, stop_at_two, &n) == 42);
        CHECK(n == 2);
    }
    REQUIRE(wq_parse(&q, &a, WQ_CHECK, "qi", 2, &err) == 0);
    CHECK(wq_search(s, &q, 1, 64, stop_at_two, NULL) == TK_EINVAL);
    wq_searcher_destroy(s);
    wq_searcher_destroy(NULL);
    wq_dict_destroy(x);
    wq_dict_destroy(NULL);
    dawg_destroy(d);
}

static void test_parse_errors(void)
{
    alpha_table a;
    dawg_graph *d = tiny(&a);
    REQUIRE(d);
    wq_query q;
    tk_error err;
    struct { int kind; const char *text; int code; long col; const char *msg; } cases[] = {
        {WQ_ANAGRAM, "", TK_EFORMAT, 0, "empty anagram query"},
        {WQ_ANAGRAM, "AB3", TK_EFORMAT, 3, "'3' is not a letter of the alphabet"},
        {WQ_ANAGRAM, "ABÉ", TK_EFORMAT, 3, "'É' (U+00C9) is not a letter of the alphabet"},
        {WQ_ANAGRAM, "AB\t", TK_EFORMAT, 3, "U+0009 is not a letter of the alphabet"},
        {WQ_ANAGRAM, "A[xy]", TK_EFORMAT, 2, "'[xy]' is not a letter of the alphabet"},
        {WQ_BUILD, "AB*", TK_EFORMAT, 3, "'*' is not allowed in a build query"},
        {WQ_CHECK, "A?", TK_EFORMAT, 2, "'?' is not allowed in a check query"},
        {WQ_PATTERN, "C[AE", TK_EFORMAT, 2, "unbalanced '['"},
        {WQ_PATTERN, "C[[a]E", TK_EFORMAT, 2, "unbalanced '['"},
        {WQ_PATTERN, "CA]", TK_EFORMAT, 3, "unbalanced ']'"},
        {WQ_PATTERN, "C[]", TK_EFORMAT, 2, "empty letter set '[]'"},
        {WQ_PATTERN, "C[?]", TK_EFORMAT, 3, "'?' inside a letter set"},
        {WQ_ANAGRAM, "AB\xff", TK_EFORMAT, 3, "invalid UTF-8 at byte 3"},
        {WQ_PATTERN, "C\xc3", TK_EFORMAT, 2, "invalid UTF-8 at byte 2"},
        {WQ_ANAGRAM,
         "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", TK_ELIMIT, 65,
         "more than 64 letters"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        memset(&err, 0, sizeof err);
        int rc = wq_parse(&q, &a, cases[i].kind, cases[i].text, strlen(cases[i].text), &err);
        CHECKF(rc == cases[i].code && err.col == cases[i].col && strcmp(err.msg, cases[i].msg) == 0,
               "'%s': rc %d col %ld msg '%s'", cases[i].text, rc, err.col, err.msg);
    }
    /* 64 letters are fine, in racks and patterns; 64 pattern positions with stars too */
    char t[200];
    memset(t, 'a', 64);
    t[64] = 0;
    CHECK(wq_parse(&q, &a, WQ_ANAGRAM, t, 64, &err) == 0 && q.ntiles == 64);
    t[0] = '*';
    memset(t + 1, '?', 64);
    t[65] = '*';
    t[66] = 0;
    CHECK(wq_parse(&q, &a, WQ_PATTERN, t, 66, &err) == 0 && q.ntiles == 64);
    dawg_destroy(d);
}

/* 64-position patterns (the NFA's widest case) on a list with 64-letter words. */
static void test_long_words(void)
{
    alpha_table a;
    tk_error err;
    char list[400];
    size_t o = 0;
    for (int w = 0; w < 3; w++) {
        for (int i = 0; i < 64 - w; i++)
            list[o++] = (char)('a' + (i + w) % 3);
        list[o++] = '\n';
    }
    REQUIRE(alpha_parse(&a, "abc", 3, &err) == 0);
    dawg_graph *d = NULL;
    REQUIRE(dawg_build(&d, &a, list, o, NULL, NULL, &err) == 0);
    char *r = run_one(d, &a, WQ_PATTERN, "*", 1, 64);
    CHECK(strlen(r) == 65 + 64 + 63);
    char pat[80];
    memset(pat, '?', 64);
    pat[64] = 0;
    r = run_one(d, &a, WQ_PATTERN, pat, 1, 64);
    CHECK(strlen(r) == 65);
    pat[0] = 'b';
    CHECK(strcmp(run_one(d, &a, WQ_PATTERN, pat, 1, 64), "") == 0);
    pat[0] = '*';
    pat[1] = 'A';
    r = run_one(d, &a, WQ_PATTERN, pat, 1, 64);   /* * A ?x62: 'a' 63 letters from the end: none */
    CHECK(strlen(r) == 0);
    memcpy(pat, "?C", 2);
    pat[64] = '*';
    pat[65] = 0;
    r = run_one(d, &a, WQ_PATTERN, pat, 1, 64);   /* 64 positions then a star */
    CHECK(strlen(r) == 0);
    memcpy(pat, "?B", 2);
    r = run_one(d, &a, WQ_PATTERN, pat, 1, 64);
    CHECK(strlen(r) == 65);
    char pat2[80];                                /* '*' then 64 positions */
    pat2[0] = '*';
    memcpy(pat2 + 1, pat, 64);
    pat2[65] = 0;
    CHECK(strlen(run_one(d, &a, WQ_PATTERN, pat2, 1, 64)) == 65);
    pat2[2] = 'C';
    CHECK(strlen(run_one(d, &a, WQ_PATTERN, pat2, 1, 64)) == 0);
    dawg_destroy(d);
}

/* ---- probability --------------------------------------------------------- */

static const int EN_BAG[64] = {2, 9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1};

/* Brute force: every multiset of n tiles (letters and blanks) drawn from the
 * bag, weighted by its number of draws, that can spell the word. */
static double brute_ways(const int bag[64], int types, const uint8_t *w, int n, int t, int left, int *take)
{
    if (left == 0) {
        int need[64] = {0}, miss = 0;
        for (int i = 0; i < n; i++)
            need[w[i]]++;
        for (int l = 1; l < types; l++)
            if (need[l] > take[l])
                miss += need[l] - take[l];
            else if (take[l] > need[l])
                return 0;
        if (miss != take[0])
            return 0;
        double ways = 1;
        for (int l = 0; l < types; l++) {
            double c = 1;
            for (int k = 0; k < take[l]; k++)
                c = c * (bag[l] - k) / (k + 1);
            ways *= c;
        }
        return ways;
    }
    if (t == types)
        return 0;
    double sum = 0;
    for (int k = 0; k <= left && k <= bag[t]; k++) {
        take[t] = k;
        sum += brute_ways(bag, types, w, n, t + 1, left - k, take);
    }
    take[t] = 0;
    return sum;
}

static void test_ways(void)
{
    uint8_t qi[2] = {17, 9};
    /* 9 without blanks; one blank for Q (9 I's) or for I (1 Q): 2 x 10;
     * both blanks: 1 */
    CHECK(wq_ways(EN_BAG, qi, 2) == 30);
    uint8_t zzz[3] = {26, 26, 26};   /* one Z and two blanks, only */
    CHECK(wq_ways(EN_BAG, zzz, 3) == 1);
    uint8_t zzzz[4] = {26, 26, 26, 26};
    CHECK(wq_ways(EN_BAG, zzzz, 4) == 0);
    int noblank[64];
    memcpy(noblank, EN_BAG, sizeof noblank);
    noblank[0] = 0;
    uint8_t ee[2] = {5, 5};
    CHECK(wq_ways(noblank, ee, 2) == 66);   /* C(12, 2) */
    th_rng g = {5};
    for (int i = 0; i < 300; i++) {
        uint8_t w[4];
        int n = 1 + (int)th_below(&g, 3);
        for (int k = 0; k < n; k++)
            w[k] = (uint8_t)(1 + th_below(&g, 26));
        int take[64] = {0};
        double want = brute_ways(EN_BAG, 27, w, n, 0, n, take);
        CHECKF(wq_ways(EN_BAG, w, n) == want, "word %d %d %d: %g vs %g", w[0], n > 1 ? w[1] : 0, n > 2 ? w[2] : 0,
               wq_ways(EN_BAG, w, n), want);
    }
}

static void test_format(void)
{
    alpha_table a;
    tk_error err;
    const char *spec = "a b [cs] d e é";
    REQUIRE(alpha_parse(&a, spec, strlen(spec), &err) == 0);
    uint8_t w[4] = {3, 6, 1, 3};
    char out[64];
    CHECK(wq_format(&a, w, 4, 0x9, out, sizeof out) == 11 && strcmp(out, "[cs]ÉA[cs]") == 0);
    CHECK(wq_format(&a, w, 4, 0, out, 7) == 11 && strcmp(out, "[CS]É") == 0);   /* whole letters only */
    CHECK(wq_format(&a, w, 4, 0, out, 6) == 11 && strcmp(out, "[CS]") == 0);
    CHECK(wq_format(&a, w, 4, 0, out, 0) == 11);
}

static void note_count(void *ctx, const char *inside, size_t len)
{
    (void)inside, (void)len;
    ++*(int *)ctx;
}

/* Letter sets in a rack: the plain racks of every choice, and their union
 * (worked out by hand on the tiny list). */
static void test_letter_sets(void)
{
    alpha_table a;
    dawg_graph *d = tiny(&a);
    REQUIRE(d);
    tk_error err = {0};
    wq_dict *x;
    wq_searcher *sr;
    REQUIRE(wq_dict_create(&x, d, &err) == 0 && wq_searcher_create(&sr, x, &err) == 0);
    wq_sets ws;
    wq_query q;
    int notes = 0;
    /* no bracket, and a bracket wq_parse reports better: parse as usual */
    CHECK(wq_sets_parse(&ws, &a, "CARE", 4, NULL, NULL, &err) == 0);
    CHECK(wq_sets_parse(&ws, &a, "CA[^E]", 6, NULL, NULL, &err) == 0);
    CHECK(wq_sets_parse(&ws, &a, "CA[E", 4, NULL, NULL, &err) == 0);
    /* one letter in brackets is that tile: no set (English has no [ca] tile: a set) */
    CHECK(wq_sets_parse(&ws, &a, "CA[R]E", 6, note_count, &notes, &err) == 0 && notes == 0);
    /* C A [RS] [ED]: CARE CARD CASE CASD, of which the tiny list holds CARE (and RACE, ACRE) */
    REQUIRE(wq_sets_parse(&ws, &a, "CA[RS][ED]", 10, note_count, &notes, &err) == 1);
    CHECK(ws.n == 2 && ws.size[0] == 2 && ws.size[1] == 2);
    wq_answers st = {0};
    int racks = 0, rc;
    while ((rc = wq_sets_next(&ws, &a, WQ_ANAGRAM, &q, &err)) > 0) {
        racks++;
        CHECK(wq_search(sr, &q, 1, 64, keep, &st) == 0);
    }
    CHECK(rc == 0 && racks == 4);
    wq_sets_free(&ws);
    wq_answers_union(&st);
    CHECK(strcmp(listed(&a, &st), "ACRE\nCARE\nRACE\n") == 0);
    /* with a blank the same word comes from two racks: kept once, with the
     * fewest blank letters, then real tiles first from the left */
    wq_answers_clear(&st);
    REQUIRE(wq_sets_parse(&ws, &a, "[CS]AR?", 7, NULL, NULL, &err) == 1);
    while (wq_sets_next(&ws, &a, WQ_ANAGRAM, &q, &err) > 0)
        CHECK(wq_search(sr, &q, 1, 64, keep, &st) == 0);
    wq_sets_free(&ws);
    wq_answers_union(&st);
    /* CAR?: ACRe CARe RACe sCAR; SAR?: ScAR (real tiles first: S before s) */
    CHECK(strcmp(listed(&a, &st), "ACRe\nCARe\nRACe\nScAR\n") == 0);
    for (size_t i = 1; i < st.n; i++)
        CHECK(st.a[i].idx == i && (st.a[i - 1].n != st.a[i].n ||
              memcmp(wq_answer_letters(&st, i - 1), wq_answer_letters(&st, i), st.a[i].n) < 0));
    /* errors: more than 16 sets (at the 17th bracket), too many ways to fill them */
    const char *many = "[ab][ab][ab][ab][ab][ab][ab][ab][ab][ab][ab][ab][ab][ab][ab][ab][ab]";
    CHECK(wq_sets_parse(&ws, &a, many, strlen(many), NULL, NULL, &err) == TK_ELIMIT && err.col == 65 &&
          strcmp(err.msg, "more than 16 letter sets") == 0);
    const char *ways = "[abcdefghij][abcdefghij][abcdefghij][abcdefghij]";
    CHECK(wq_sets_parse(&ws, &a, ways, strlen(ways), NULL, NULL, &err) == TK_ELIMIT && err.col == 0 &&
          strcmp(err.msg, "the letter sets can be filled 10000 ways (at most 4096)") == 0);
    wq_answers_free(&st);
    wq_searcher_destroy(sr);
    wq_dict_destroy(x);
    dawg_destroy(d);
}

/* The answer store: its limit, and its orders (by length, by the order of
 * letters for hooks), each tie kept in the order found. */
static void test_answer_store(void)
{
    wq_answers st = {0};
    st.max = 3;
    const uint8_t w1[3] = {3, 1, 20}, w2[2] = {1, 20}, w3[4] = {3, 1, 20, 19}, w4[2] = {1, 1};
    CHECK(wq_answers_add(&st, w3, 4, 0) == 0 && wq_answers_add(&st, w1, 3, 0) == 0 &&
          wq_answers_add(&st, w2, 2, 0) == 0);
    CHECK(wq_answers_add(&st, w4, 2, 0) == TK_ELIMIT && st.n == 3);
    wq_answers_sort(&st, WQ_SORT_LENGTH, NULL);
    CHECK(st.a[0].n == 2 && st.a[1].n == 3 && st.a[2].n == 4);
    wq_answers_letter_order(&st);   /* at, cat, cats */
    CHECK(st.a[0].n == 2 && st.a[1].n == 3 && st.a[2].n == 4 && st.a[2].idx == 2);
    wq_answers_clear(&st);
    st.max = 0;
    CHECK(wq_answers_add(&st, w1, 3, 0) == 0 && wq_answers_add(&st, w2, 2, 0) == 0 &&
          wq_answers_add(&st, w4, 2, 0) == 0);
    wq_answers_letter_order(&st);   /* aa, at, cat */
    CHECK(wq_answer_letters(&st, 0)[1] == 1 && wq_answer_letters(&st, 1)[1] == 20 && st.a[2].n == 3);
    wq_answers_free(&st);
    CHECK(st.n == 0 && st.pool == NULL);
}

static const th_test tests[] = {
    {"letter_sets", test_letter_sets},
    {"answer_store", test_answer_store},
    {"tiny_by_hand", test_tiny_by_hand},
    {"stop", test_stop},
    {"parse_errors", test_parse_errors},
    {"long_words", test_long_words},
    {"ways", test_ways},
    {"format", test_format},
    {"hooks", test_hooks},
    {"random_english", test_random_english},
    {"random_icelandic", test_random_icelandic},
    {"random_hungarian_tiles", test_random_hungarian_tiles},
    {0, 0}
};

int main(int argc, char **argv) { return th_main("wordq", tests, argc, argv); }
