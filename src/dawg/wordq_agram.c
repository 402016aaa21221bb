/* wordq_agram.c - the alphagram index of wordq (see wordq_agram.h).
 *
 * Every word of at most TKI_AG_MAX letters is packed into a uint64, six bits
 * a letter, the first letter highest (so that, at one length, numeric order
 * is the alphabet's order).  Its alphagram, the same letters sorted, packs
 * the same way and is hashed into one of 2^bits buckets (at most 2^16, about
 * one word a bucket); the words are stored by bucket (a counting sort: no
 * comparison at load), each with 16 bits of its alphagram's hash beside it
 * as a fingerprint.  A lookup reads one bucket and checks the alphagram of
 * a word only when its fingerprint matches.
 *
 * An exact anagram of m real tiles and b <= 2 blanks is then the lookups of
 * the multisets rack + {x} + {y} (x <= y: each multiset once, so each word
 * once).  Inserting a letter x into a sorted packed rack is O(1): the rack's
 * letters <= x are its first pos[x] letters, so the packed value splits
 * there.  The answers are sorted (same length: numeric order) before they
 * are returned.  For ENABLE2K (80,721 words of 2 to 8 letters): 646 KB of
 * words and 256 KB of bucket directory; a 7-tile rack with two blanks is 351
 * lookups.
 */
#include "dawg/wordq_agram.h"

#include <stdlib.h>
#include <string.h>

#define M48 ((UINT64_C(1) << 48) - 1)

/* bucket: the top bits; fingerprint: bits 32..47 (both depend on every
 * letter of a key of at most 48 bits) */
static inline uint64_t agram_hash(uint64_t k)
{
    return k * 0x9E3779B97F4A7C15ull;
}
#define FP(h) ((h) >> 32 & 0xFFFF)

int tki_wq_agram_unpack(uint64_t w, uint8_t *letters)
{
    w &= M48;
    if (!w)
        return 0;
    int n = (63 - __builtin_clzll(w)) / 6 + 1;
    for (int i = 0; i < n; i++)
        letters[i] = (uint8_t)(w >> 6 * (n - 1 - i) & 63);
    return n;
}

/* The packed alphagram of a packed word (w > 0). */
static uint64_t agram_of(uint64_t w)
{
    uint8_t l[TKI_AG_MAX] = {0};
    int n = tki_wq_agram_unpack(w, l);
    for (int i = 1; i < n; i++) {
        uint8_t x = l[i];
        int j = i;
        for (; j > 0 && l[j - 1] > x; j--)
            l[j] = l[j - 1];
        l[j] = x;
    }
    uint64_t k = 0;
    for (int i = 0; i < n; i++)
        k = k << 6 | l[i];
    return k;
}

typedef struct collect {
    const dawg_edge *e;
    uint64_t *v;
    uint32_t n, cap;
    int oom;
} collect;

static void collect_dfs(collect *c, uint32_t node, int depth, uint64_t prefix)
{
    for (const dawg_edge *e = c->e + node;; e++) {
        dawg_edge x = *e;
        uint64_t w = prefix << 6 | dawg_edge_letter(x);
        if (dawg_edge_final(x)) {
            if (c->n == c->cap) {
                uint32_t cap = c->cap ? c->cap * 2 : 4096;
                uint64_t *v = realloc(c->v, (size_t)cap * sizeof *v);
                if (!v) {
                    c->oom = 1;
                    return;
                }
                c->v = v;
                c->cap = cap;
            }
            c->v[c->n++] = w;
        }
        uint32_t ch = dawg_edge_child(x);
        if (ch && depth + 1 < TKI_AG_MAX)
            collect_dfs(c, ch, depth + 1, w);
        if (dawg_edge_last(x) || c->oom)
            return;
    }
}

int tki_wq_agram_build(tki_wq_agram *ag, const dawg_graph *d)
{
    memset(ag, 0, sizeof *ag);
    const alpha_table *a = dawg_alphabet(d);
    ag->letters = a->size;
    collect c = {dawg_edges(d), NULL, 0, 0, 0};
    uint32_t root = dawg_root(d);
    if (root)
        collect_dfs(&c, root, 0, 0);
    int bits = 4;
    while (bits < 16 && ((uint32_t)1 << bits) < c.n)
        bits++;
    uint32_t nb = (uint32_t)1 << bits;
    uint64_t *words = malloc((c.n ? c.n : 1) * sizeof *words);
    uint32_t *dir = calloc((size_t)nb + 1, sizeof *dir);
    uint16_t *bucket = malloc((c.n ? c.n : 1) * sizeof *bucket);
    if (c.oom || !words || !dir || !bucket) {
        free(c.v);
        free(words);
        free(dir);
        free(bucket);
        return -1;
    }
    /* counting sort by bucket; dir[b + 1] counts, then the running sums */
    for (uint32_t i = 0; i < c.n; i++) {
        uint64_t h = agram_hash(agram_of(c.v[i]));
        bucket[i] = (uint16_t)(h >> (64 - bits));
        dir[bucket[i] + 1]++;
        c.v[i] |= FP(h) << 48;
    }
    for (uint32_t b = 0; b < nb; b++)
        dir[b + 1] += dir[b];
    for (uint32_t i = 0; i < c.n; i++)
        words[dir[bucket[i]]++] = c.v[i];
    free(bucket);
    for (uint32_t b = nb; b > 0; b--)      /* dir[b] is now bucket b's end */
        dir[b] = dir[b - 1];
    dir[0] = 0;
    free(c.v);
    ag->words = words;
    ag->dir = dir;
    ag->n = c.n;
    ag->bits = bits;
    return 0;
}

void tki_wq_agram_free(tki_wq_agram *ag)
{
    free(ag->words);
    free(ag->dir);
    memset(ag, 0, sizeof *ag);
}

size_t tki_wq_agram_bytes(const tki_wq_agram *ag)
{
    if (!ag->words)
        return 0;
    return (size_t)ag->n * sizeof *ag->words + (((size_t)1 << ag->bits) + 1) * sizeof *ag->dir;
}

typedef struct finder {
    const tki_wq_agram *ag;
    uint64_t *out;
    size_t n, cap;
} finder;

/* Append the words of alphagram k. */
static inline void lookup(finder *f, uint64_t k)
{
    const tki_wq_agram *ag = f->ag;
    uint64_t h = agram_hash(k);
    const uint32_t *d = ag->dir + (h >> (64 - ag->bits));
    uint64_t fp = FP(h);
    for (uint32_t i = d[0], end = d[1]; i < end; i++) {
        uint64_t w = ag->words[i];
        if (w >> 48 == fp && agram_of(w) == k) {
            if (f->n < f->cap)
                f->out[f->n] = w & M48;
            f->n++;
        }
    }
}

/* Packed sorted sequence p of n letters with letter x inserted after its
 * first k letters. */
static inline uint64_t insert_at(uint64_t p, int n, int k, unsigned x)
{
    int sh = 6 * (n - k);
    uint64_t lo = p & ((UINT64_C(1) << sh) - 1);
    return ((p >> sh) << 6 | x) << sh | lo;
}

static void sort_u64(uint64_t *v, size_t n)
{
    static const size_t gaps[] = {701, 301, 132, 57, 23, 10, 4, 1};
    for (size_t g = 0; g < sizeof gaps / sizeof *gaps; g++) {
        size_t gap = gaps[g];
        for (size_t i = gap; i < n; i++) {
            uint64_t x = v[i];
            size_t j = i;
            for (; j >= gap && v[j - gap] > x; j -= gap)
                v[j] = v[j - gap];
            v[j] = x;
        }
    }
}

long tki_wq_agram_find(const tki_wq_agram *ag, const uint8_t count[64], int m, int blanks, uint64_t *out,
                       size_t cap)
{
    uint64_t p = 0;
    int pos[64];                         /* pos[x]: real tiles of letters <= x */
    int k = 0;
    for (int l = 1; l < 64; l++) {
        for (int j = 0; j < count[l]; j++)
            p = p << 6 | (unsigned)l;
        k += count[l];
        pos[l] = k;
    }
    finder f = {ag, out, 0, cap};
    const int A = ag->letters;
    if (blanks == 0) {
        lookup(&f, p);
    } else if (blanks == 1) {
        for (int x = 1; x <= A; x++)
            lookup(&f, insert_at(p, m, pos[x], (unsigned)x));
    } else {
        for (int x = 1; x <= A; x++) {
            uint64_t px = insert_at(p, m, pos[x], (unsigned)x);
            for (int y = x; y <= A; y++)
                lookup(&f, insert_at(px, m + 1, pos[y] + 1, (unsigned)y));
        }
    }
    if (f.n > cap)
        return -1;
    sort_u64(out, f.n);
    return (long)f.n;
}
