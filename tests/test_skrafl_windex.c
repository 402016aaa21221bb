/* test_skrafl_windex.c - the best-move search's word index against a scan
 * of the word list, and the search with the index against the search
 * without it.
 *
 * Index oracle: the shipped word lists (ENABLE2K, Icelandic) are read and
 * encoded here, each word with its letters sorted (its alphagram), kept by
 * length.  A query is a multiset of letters and 0, 1 or 2 blanks; the
 * oracle scans every word of the query's length and keeps those whose
 * letters hold the query's (the blanks standing for the rest).  The index
 * (built from the DAWG of the same list, words of at most 15 letters) must
 * list exactly those words (sk_windex_anagrams, each once), and
 * sk_windex_maybe must never say no when there is one (its false yeses are
 * counted: the contract says they are rare).  Queries: a random word with
 * 0, 1 or 2 of its letters made blanks (always an answer), the same with
 * one letter changed (near misses), and random multisets drawn from the
 * tile set's counts; lengths 2 to 15, words longer than the index's limit
 * never listed.  Also Hungarian: 35 letters, and 40 with the digraph tiles
 * of its Scrabble alphabet (letters past the 32nd, tiles of two letters).
 *
 * Search: on the positions of random games (fixture), English and
 * Icelandic, racks with 0, 1 and 2 blanks, sk_top_plays by equity (a
 * random leave function) and by score, n = 1 and 5, must return the same
 * plays in the same order with the engine's index on as with it off (the
 * graph walk; both are checked against every move in test_skrafl_topn).
 */
#include "support/skrafl_fixture.h"
#include "tilekit/dawg.h"
#include "tilekit/skgame.h"
#include "tilekit/skrafl.h"
#include "tilekit/skwindex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXLEN 15

/* ---- the word list, by length ---------------------------------------------------- */

typedef struct wlist {
    int n[MAXLEN + 2];
    uint8_t *w[MAXLEN + 2];         /* n[len] words of len letters, as encoded */
    uint8_t *sorted[MAXLEN + 2];    /* the same, letters sorted */
} wlist;

static int cmp_u8(const void *a, const void *b) { return *(const uint8_t *)a - *(const uint8_t *)b; }

/* Encode the lines of text (one word a line) with alphabet a into L. */
static int wlist_load(wlist *L, const alpha_table *a, const char *text, size_t len)
{
    memset(L, 0, sizeof *L);
    int cap[MAXLEN + 2] = { 0 };
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);
        uint8_t enc[ALPHA_WORD_MAX];
        int n = ll ? alpha_encode(a, p, ll, enc, ALPHA_WORD_MAX, NULL) : -1;
        if (n >= 2 && n <= MAXLEN) {
            if (L->n[n] == cap[n]) {
                cap[n] = cap[n] ? 2 * cap[n] : 1024;
                L->w[n] = realloc(L->w[n], (size_t)cap[n] * (size_t)n);
                L->sorted[n] = realloc(L->sorted[n], (size_t)cap[n] * (size_t)n);
                if (!L->w[n] || !L->sorted[n])
                    return -1;
            }
            memcpy(L->w[n] + (size_t)L->n[n] * (size_t)n, enc, (size_t)n);
            qsort(enc, (size_t)n, 1, cmp_u8);
            memcpy(L->sorted[n] + (size_t)L->n[n] * (size_t)n, enc, (size_t)n);
            L->n[n]++;
        }
        p += ll + 1;
    }
    return 0;
}

static void wlist_free(wlist *L)
{
    for (int n = 0; n <= MAXLEN + 1; n++) {
        free(L->w[n]);
        free(L->sorted[n]);
    }
}

/* ---- one query -------------------------------------------------------------------- */

/* A set of words (as indices into the list of their length), kept sorted. */
typedef struct wset {
    uint32_t *v;
    size_t n, cap;
    int dup;                        /* a word was added twice */
} wset;

static void wset_add(wset *s, uint32_t i)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = i;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The oracle: the words of length m whose sorted letters hold the query's
 * sorted letters q[0..nq) (the other m - nq are the blanks'). */
static void oracle(const wlist *L, int m, const uint8_t *q, int nq, wset *out)
{
    out->n = 0;
    for (int i = 0; i < L->n[m]; i++) {
        const uint8_t *s = L->sorted[m] + (size_t)i * (size_t)m;
        int j = 0;
        for (int k = 0; k < m && j < nq; k++)
            if (s[k] == q[j])
                j++;
            else if (s[k] > q[j])
                break;
        if (j == nq)
            wset_add(out, (uint32_t)i);
    }
}

typedef struct found {
    const wlist *L;
    int m;
    wset set;
    int strange;                    /* a word not of the list, or of another length */
} found;

/* sk_windex_anagrams' callback: the word's index in the list (a scan). */
static int on_word(void *ctx, const uint8_t *letters, int n)
{
    found *f = ctx;
    if (n != f->m) {
        f->strange++;
        return 0;
    }
    for (int i = 0; i < f->L->n[n]; i++)
        if (!memcmp(f->L->w[n] + (size_t)i * (size_t)n, letters, (size_t)n)) {
            for (size_t k = 0; k < f->set.n; k++)
                if (f->set.v[k] == (uint32_t)i)
                    f->set.dup = 1;
            wset_add(&f->set, (uint32_t)i);
            return 0;
        }
    f->strange++;
    return 0;
}

typedef struct tally {
    long queries, answered, maybe_yes_wrong, wrong;
} tally;

/* Query q (nq letters, sorted) with b blanks against the oracle. */
static void query(const sk_windex *x, const wlist *L, const uint8_t *q, int nq, int b, tally *t, const char *lang)
{
    int m = nq + b;
    uint8_t counts[64] = { 0 };
    for (int i = 0; i < nq; i++)
        counts[q[i]]++;
    wset want = { 0 };
    if (m >= 2 && m <= MAXLEN)
        oracle(L, m, q, nq, &want);
    found f = { L, m, { 0 }, 0 };
    CHECK(sk_windex_anagrams(x, counts, b, on_word, &f) == 0);
    if (f.set.n)
        qsort(f.set.v, f.set.n, sizeof *f.set.v, cmp_u32);
    int same = !f.strange && !f.set.dup && f.set.n == want.n &&
               (!want.n || !memcmp(f.set.v, want.v, want.n * sizeof *want.v));
    int maybe = sk_windex_maybe(x, counts, b);
    CHECKF(same, "%s: %d letters + %d blanks: index %zu words (%d strange, dup %d), list %zu", lang, nq, b,
           f.set.n, f.strange, f.set.dup, want.n);
    CHECKF(maybe == 1 || (maybe == 0 && want.n == 0), "%s: %d letters + %d blanks: maybe %d, %zu words", lang, nq,
           b, maybe, want.n);
    t->queries++;
    t->answered += want.n > 0;
    t->maybe_yes_wrong += maybe == 1 && want.n == 0;
    t->wrong += !same;
    free(want.v);
    free(f.set.v);
}

/* A random word of the list of length 2..MAXLEN (*m its length). */
static const uint8_t *random_word(th_rng *rng, const wlist *L, int *m)
{
    do
        *m = 2 + (int)th_below(rng, MAXLEN - 1);
    while (!L->n[*m]);
    return L->sorted[*m] + (size_t)th_below(rng, (uint32_t)L->n[*m]) * (size_t)*m;
}

/* One generated query of kind `kind` (0: a word with b blanks, 1: the same
 * with a letter changed, 2: a random multiset from the bag). */
static void one_query(th_rng *rng, const sk_windex *x, const wlist *L, const sk_tileset *ts, int kind, tally *t,
                      const char *lang)
{
    uint8_t q[MAXLEN + 1];
    int b = (int)th_below(rng, 3), nq;
    if (kind < 2) {
        int m;
        const uint8_t *w = random_word(rng, L, &m);
        if (b > m)
            b = m;
        memcpy(q, w, (size_t)m);
        for (int k = 0; k < b; k++) {   /* letters taken out: the blanks stand for them */
            int i = (int)th_below(rng, (uint32_t)(m - k));
            memmove(q + i, q + i + 1, (size_t)(m - k - i - 1));
        }
        nq = m - b;
        if (kind == 1 && nq > 0)
            q[th_below(rng, (uint32_t)nq)] = (uint8_t)(1 + th_below(rng, (uint32_t)ts->nletters));
    } else {   /* drawn from the tile set's bag, or uniformly from the alphabet (nletters) */
        int bag[64];
        memcpy(bag, ts->count, sizeof bag);
        bag[0] = 0;
        nq = 1 + (int)th_below(rng, 9);
        for (int i = 0; i < nq; i++)
            q[i] = (uint8_t)(ts->total ? skfx_draw(rng, bag, ts->nletters)
                                       : 1 + (int)th_below(rng, (uint32_t)ts->nletters));
    }
    qsort(q, (size_t)nq, 1, cmp_u8);
    query(x, L, q, nq, b, t, lang);
}

/* The oracle over the word list at path in alphabet `lang`, its tile set
 * `tiles` (NULL: none, random multisets of uniform letters). */
static void index_oracle(const char *lang, const char *path, const char *tiles)
{
    alpha_table a;
    sk_tileset ts;
    size_t len;
    char *text = path ? th_read_file(path, &len) : NULL;
    if (!text) {
        th_skip("word list not found");
        return;
    }
    REQUIRE(skfx_alphabet(&a, lang) == 0);
    memset(&ts, 0, sizeof ts);
    ts.nletters = a.size;
    REQUIRE(!tiles || skfx_tiles(&ts, &a, tiles) == 0);
    wlist L;
    dawg_graph *d = NULL;
    sk_windex *x = NULL;
    tk_error err = { 0 };
    int ok = wlist_load(&L, &a, text, len) == 0 && dawg_build(&d, &a, text, len, NULL, NULL, &err) == 0 &&
             sk_windex_build(&x, d, MAXLEN, &err) == 0;
    free(text);
    CHECKF(ok, "%s: %s", lang, err.msg);
    if (ok) {
        size_t words = 0;
        for (int n = 2; n <= MAXLEN; n++)
            words += (size_t)L.n[n];
        CHECK(sk_windex_words(x) == words);
        CHECK(sk_windex_maxlen(x) == MAXLEN);
        CHECK(sk_windex_bytes(x) > words);
        th_rng rng = { 0x5EEDull + (uint64_t)lang[0] };
        tally t = { 0 };
        long per = (long)(600 * th_sanitized_scale(4));
        for (int kind = 0; kind < 3; kind++)
            for (long i = 0; i < per; i++)
                one_query(&rng, x, &L, &ts, kind, &t, lang);
        printf("  %s: %zu words, index %.1f MB; %ld queries, %ld with words, %ld wrong, %ld false maybes\n", lang,
               words, sk_windex_bytes(x) / 1e6, t.queries, t.answered, t.wrong, t.maybe_yes_wrong);
        CHECK(t.answered > t.queries / 3);
        CHECKF(t.maybe_yes_wrong * 20 <= t.queries - t.answered, "%s: %ld false maybes", lang, t.maybe_yes_wrong);
    }
    sk_windex_destroy(x);
    dawg_destroy(d);
    wlist_free(&L);
}

static void test_index_en(void) { index_oracle("en", th_enable2k_path(), "en"); }
static void test_index_is(void) { index_oracle("is", th_top_path("data/words/is.txt"), "is"); }
/* 35 letters and 40 with the digraph tiles ([cs], [gy], ...): letters
 * beyond the 32nd, and tiles of two characters. */
static void test_index_hu(void) { index_oracle("hu", th_top_path("data/words/hu.txt"), NULL); }
static void test_index_hu_tiles(void) { index_oracle("hu-scrabble", th_top_path("data/words/hu.txt"), NULL); }

/* ---- arguments and limits -------------------------------------------------------------- */

static void test_index_edges(void)
{
    alpha_table a;
    REQUIRE(skfx_alphabet(&a, "en") == 0);
    const char words[] = "ab\naba\nbaa\nabba\nquizzing\n";
    dawg_graph *d = NULL;
    sk_windex *x = NULL;
    tk_error err = { 0 };
    REQUIRE(dawg_build(&d, &a, words, sizeof words - 1, NULL, NULL, &err) == 0);
    CHECK(sk_windex_build(&x, d, 1, &err) == TK_EINVAL && x == NULL);
    CHECK(sk_windex_build(&x, d, 64, &err) == TK_EINVAL && x == NULL);
    REQUIRE(sk_windex_build(&x, d, 4, &err) == 0);
    CHECK(sk_windex_words(x) == 4);   /* quizzing is longer than 4 */
    uint8_t c[64] = { 0 };
    int A = 1, B = 2;
    c[A] = 2;
    c[B] = 1;
    CHECK(sk_windex_maybe(x, c, 0) == 1);   /* aba, baa */
    CHECK(sk_windex_maybe(x, c, 1) == 1);   /* abba */
    CHECK(sk_windex_maybe(x, c, 2) == 0);   /* nothing of 5 letters */
    CHECK(sk_windex_maybe(x, c, 3) == TK_EINVAL);
    CHECK(sk_windex_anagrams(x, c, 3, NULL, NULL) == TK_EINVAL);
    memset(c, 0, sizeof c);
    CHECK(sk_windex_maybe(x, c, 2) == 1);   /* ab with two blanks */
    CHECK(sk_windex_maybe(x, c, 1) == 0);   /* no word of one letter */
    sk_windex_destroy(x);
    sk_windex_destroy(NULL);
    dawg_destroy(d);
}

/* ---- the search with and without the index --------------------------------------------- */

typedef struct cmpctx {
    long positions, plays, mismatches, blanks[3];
    uint64_t salt;
} cmpctx;

static int32_t salted(void *ctx, const uint8_t counts[64])
{
    return skfx_salted_leave(*(const uint64_t *)ctx, counts, 40);
}

static int same_plays(const sk_play *p, long np, const sk_play *q, long nq)
{
    if (np != nq)
        return 0;
    for (long i = 0; i < np; i++)
        if (p[i].kind != q[i].kind || p[i].equity != q[i].equity || p[i].score != q[i].score ||
            (p[i].kind == SK_PLAY_MOVE && !skfx_same_move(&p[i].move, &q[i].move)) ||
            (p[i].kind == SK_PLAY_EXCHANGE && (p[i].nx != q[i].nx || memcmp(p[i].x, q[i].x, p[i].nx))))
            return 0;
    return 1;
}

/* At one test position: top 1 and 5 by equity and by score, index on and off. */
static void on_turn(void *ctx, th_rng *rng, const skfx_turn *t)
{
    cmpctx *c = ctx;
    sk_engine *e = (sk_engine *)t->e;
    int unseen[64];
    sk_state st;
    int nun = sk_unseen(e, t->b, t->rack, unseen);
    sk_state_from_unseen(e, unseen, nun < 0 ? 0 : nun, &st);
    uint64_t salt = th_rand(rng);
    sk_movelist list = { 0 };
    for (int by_score = 0; by_score < 2; by_score++)
        for (int n = 1; n <= 5; n += 4) {
            sk_play on[5], off[5];
            sk_engine_set_windex(e, 1);
            long a = sk_top_plays(t->g, t->b, t->rack, &st, 0, salted, &salt, by_score, (size_t)n, &list, on, NULL);
            sk_engine_set_windex(e, 0);
            long b = sk_top_plays(t->g, t->b, t->rack, &st, 0, salted, &salt, by_score, (size_t)n, &list, off, NULL);
            sk_engine_set_windex(e, 1);
            c->plays += a > 0 ? a : 0;
            if (a < 0 || !same_plays(on, a, off, b)) {
                if (c->mismatches++ < 5)
                    CHECKF(0, "%s turn %d: top %d (%s) with the index differs from without", t->name, t->turn, n,
                           by_score ? "score" : "equity");
            }
        }
    sk_movelist_free(&list);
    c->positions++;
    c->blanks[t->rack->blanks < 3 ? t->rack->blanks : 2]++;
}

static void search_compare(const char *lang, size_t step, int games)
{
    skfx_lang L;
    skfx_sample s = { 0, 1, step };
    if (skfx_lang_load(&L, lang, s, SKFX_ENGINE)) {
        skfx_lang_free(&L);
        th_skip("word list not found");
        return;
    }
    sk_gen *g = NULL;
    REQUIRE(sk_gen_create(&g, L.e, NULL) == 0);
    REQUIRE(sk_engine_windex(L.e) != NULL);
    sk_engine_set_windex(L.e, 0);
    CHECK(sk_engine_windex(L.e) == NULL);
    sk_engine_set_windex(L.e, 1);
    cmpctx c = { 0 };
    th_rng rng = { 0xC0FFEEull + (uint64_t)lang[0] };
    int ng = (int)(games * th_sanitized_scale(4));
    for (int i = 0; i < (ng > 0 ? ng : 1); i++) {
        char name[32];
        snprintf(name, sizeof name, "%s game %d", lang, i);
        skfx_play_game(&rng, &L, g, name, i % 2, 1, on_turn, &c);
    }
    printf("  %s: %ld positions (racks with 0/1/2 blanks: %ld/%ld/%ld), %ld plays, %ld mismatches\n", lang,
           c.positions, c.blanks[0], c.blanks[1], c.blanks[2], c.plays, c.mismatches);
    CHECK(c.positions > 0 && c.blanks[1] > 0 && c.blanks[2] > 0);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

static void test_search_en(void) { search_compare("en", 2, 12); }
static void test_search_is(void) { search_compare("is", 2, 8); }

static const th_test tests[] = {
    { "index_en", test_index_en },   { "index_is", test_index_is },   { "index_hu", test_index_hu },
    { "index_hu_tiles", test_index_hu_tiles }, { "index_edges", test_index_edges },
    { "search_en", test_search_en }, { "search_is", test_search_is }, { 0, 0 }
};

int main(int argc, char **argv) { return th_main("skrafl_windex", tests, argc, argv); }
