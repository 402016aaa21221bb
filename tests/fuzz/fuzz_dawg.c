/* fuzz_dawg.c - libFuzzer target for the .dawg loader.
 *
 * Each input is loaded twice: as given (the checksum stops almost all
 * random inputs early) and, when it is long enough, with the header checksum
 * recomputed, so the fuzzer reaches the structural checks.  Whatever loads
 * must then behave: its word count within DAWG_MAX_WORDS and its longest word
 * within ALPHA_WORD_MAX (forged files: tests/fuzz/make-forged-corpus.py), a
 * bounded walk over every word (each one found again by
 * dawg_contains, letters in range), every edge inspected, the cross-set query
 * on each word, and serialize -> load giving the same edges.  Its letter-
 * indexed view must build (it relies on the loader's checks) and agree:
 * the same word count, every word found and numbered in order.  A rejected file
 * must come with a message.  A broken invariant aborts.
 */
#include "tilekit/alphabet.h"
#include "tilekit/dawg.h"
#include "tilekit/dawg_view.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct walk {
    const dawg_graph *d;
    const dawg_view *v;   /* NULL: too many words for a view */
    long words;
} walk;

static int on_word(void *ctx, const uint8_t *w, int n)
{
    walk *c = ctx;
    int size = dawg_alphabet(c->d)->size;
    if (n < 1 || n > ALPHA_WORD_MAX)
        abort();
    for (int i = 0; i < n; i++)
        if (w[i] < 1 || w[i] > size)
            abort();
    if (!dawg_contains(c->d, w, n))
        abort();
    alpha_set s = dawg_cross_set(c->d, w, n - 1, NULL, 0);
    if (!(s & ALPHA_BIT(w[n - 1])))
        abort();
    if (n >= 2 && !(dawg_cross_set(c->d, w, 0, w + 1, n - 1) & ALPHA_BIT(w[0])))
        abort();
    if (c->v && (!dawg_view_contains(c->v, w, n) || dawg_view_rank(c->v, w, n) != c->words))
        abort();   /* the walk goes in letter order: the word's rank is its number */
    return ++c->words >= 200000;
}

static void exercise(const dawg_graph *d)
{
    dawg_info in;
    dawg_get_info(d, &in);
    tk_error err;
    dawg_view *v = NULL;
    if (dawg_view_create(&v, d, &err) != 0 && !(err.code == TK_ELIMIT && in.words >= UINT32_MAX))
        abort();
    if (v && dawg_view_words(v) != in.words)
        abort();
    walk c = {d, v, 0};
    int stopped = dawg_foreach_word(d, on_word, &c);
    dawg_view_destroy(v);
    if (!stopped && (uint64_t)c.words != in.words)
        abort();
    if (in.words > DAWG_MAX_WORDS || in.max_len > ALPHA_WORD_MAX)   /* bounded, exact */
        abort();
    uint32_t n = dawg_edge_count(d);
    const dawg_edge *e = dawg_edges(d);
    for (uint32_t i = 1; i < n; i++) {
        uint32_t ch = dawg_edge_child(e[i]);
        if (ch && (ch <= i || ch >= n))
            abort();
        (void)dawg_next_letters(d, ch);
    }
    void *buf = NULL;
    size_t len = 0;
    if (dawg_serialize(d, &buf, &len, &err) != 0)
        return;
    dawg_graph *again = NULL;
    if (dawg_load_memory(&again, buf, len, &err) != 0)
        abort();                                   /* what we write we must read */
    if (dawg_edge_count(again) != n || memcmp(dawg_edges(again), e, (size_t)n * 4) != 0)
        abort();
    dawg_destroy(again);
    free(buf);
}

static void try_load(const uint8_t *data, size_t size)
{
    dawg_graph *d = NULL;
    tk_error err;
    memset(&err, 0, sizeof err);
    int rc = dawg_load_memory(&d, data, size, &err);
    if (rc == 0) {
        if (!d)
            abort();
        exercise(d);
        dawg_destroy(d);
    } else if (d || err.msg[0] == 0 || rc > 0) {
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    try_load(data, size);
    if (size >= 64 && size <= (1u << 20)) {
        uint8_t *copy = malloc(size);
        if (!copy)
            return 0;
        memcpy(copy, data, size);
        uint64_t h = 0xCBF29CE484222325ull;          /* FNV-1a 64, bytes 56..63 as zero */
        for (size_t i = 0; i < size; i++)
            h = (h ^ (i >= 56 && i < 64 ? 0 : copy[i])) * 0x100000001B3ull;
        for (int i = 0; i < 8; i++)
            copy[56 + i] = (uint8_t)(h >> (8 * i));
        try_load(copy, size);
        free(copy);
    }
    return 0;
}
