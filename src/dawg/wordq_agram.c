/* wordq_agram.c - the alphagram index of wordq (see wordq_agram.h).
 *
 * Every word of at most TKI_AG_MAX letters (collected by a walk of the
 * graph's view to that depth, its hash summed on the way down) is packed
 * into a uint64, six bits a letter, the first letter highest (so that, at
 * one length, numeric order is the alphabet's order).  Its letter multiset is hashed additively (the
 * sum of a random 64-bit constant per letter occurrence: the same for every
 * anagram, and the hash of rack + x is the rack's plus x's constant) into
 * one of 2^bits buckets (at most 2^16, about one word a bucket); the words
 * are stored by bucket (a counting sort: no comparison at load), each with
 * 16 more bits of its hash beside it as a fingerprint.  A lookup reads one
 * bucket and counts a word's letters against the multiset only when its
 * fingerprint matches, so a hash collision never gives a wrong answer.
 *
 * An exact anagram of m real tiles and b <= 2 blanks is then the lookups of
 * the multisets rack + {x} + {y} (x <= y: each multiset once, so each word
 * once), two additions each.  A bit set of the hashes of every word and
 * of every word with one letter taken out (about 3 bits each, one hash: no
 * false negative, about one false positive in four) is asked first: an x
 * is tried only if rack + {x} is in it, a multiset looked up only if it is
 * in it, which cuts the bucket reads of two blanks by more than half.  The answers are sorted (same length: numeric
 * order) before they are returned.  For ENABLE2K (80,721 words of 2 to 8
 * letters): 646 KB of words, 256 KB of bucket directory and a 256 KB bit
 * set.
 */
#include "dawg/wordq_agram.h"

#include <stdlib.h>
#include <string.h>

#define M48 ((UINT64_C(1) << 48) - 1)

#define FP(h) ((h) >> 32 & 0xFFFF)   /* the bucket is the top bits */

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

typedef struct collect {
    const dawg_vedge *E;
    const uint64_t *z;     /* the hash's constants */
    uint64_t *v;           /* the words, packed */
    uint64_t *h;           /* their hashes */
    uint32_t n, cap;
    int oom;
} collect;

static int collect_grow(collect *c)
{
    uint32_t cap = c->cap ? c->cap * 2 : 4096;
    uint64_t *v = realloc(c->v, (size_t)cap * sizeof *v);
    if (v)
        c->v = v;
    uint64_t *h = v ? realloc(c->h, (size_t)cap * sizeof *h) : NULL;
    if (!h)
        return c->oom = 1;
    c->h = h;
    c->cap = cap;
    return 0;
}

/* The words below `node` (letter set m) of at most TKI_AG_MAX letters, in
 * letter order, `prefix` packed before them (its hash: hash). */
static void collect_dfs(collect *c, uint32_t node, uint64_t m, int depth, uint64_t prefix, uint64_t hash)
{
    for (uint32_t e = node; m; m &= m - 1, e++) {
        dawg_vedge x = c->E[e];
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t w = prefix << 6 | l, h = hash + c->z[l];
        if (dawg_vedge_final(x)) {
            if (c->n == c->cap && collect_grow(c))
                return;
            c->v[c->n] = w;
            c->h[c->n++] = h;
        }
        uint32_t ch = dawg_vedge_child(x);
        if (ch && depth + 1 < TKI_AG_MAX)
            collect_dfs(c, ch, x.next, depth + 1, w, h);
        if (c->oom)
            return;
    }
}

/* The bit set of the words' one-letter deletions. */
static int build_del(tki_wq_agram *ag, const uint64_t *v, const uint64_t *hv, uint32_t n)
{
    int bits = 12;
    while (bits < 30 && ((uint64_t)1 << bits) < (uint64_t)n * 24)
        bits++;
    ag->del = calloc(((size_t)1 << bits) / 64, sizeof *ag->del);
    if (!ag->del)
        return -1;
    ag->del_bits = bits;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t h = hv[i], k0 = h >> (64 - bits);
        ag->del[k0 >> 6] |= UINT64_C(1) << (k0 & 63);         /* the word itself */
        for (uint64_t w = v[i] & M48; w; w >>= 6) {
            uint64_t k = (h - ag->z[w & 63]) >> (64 - bits);
            ag->del[k >> 6] |= UINT64_C(1) << (k & 63);
        }
    }
    return 0;
}

int tki_wq_agram_build(tki_wq_agram *ag, const dawg_view *v)
{
    memset(ag, 0, sizeof *ag);
    uint64_t seed = 0x243F6A8885A308D3ull;     /* splitmix64 */
    for (int l = 0; l < 64; l++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        ag->z[l] = l ? z ^ (z >> 31) : 0;
    }
    const alpha_table *a = dawg_view_alphabet(v);
    ag->letters = a->size;
    collect c = {dawg_view_edges(v), ag->z, NULL, NULL, 0, 0, 0};
    uint32_t root = dawg_view_root(v);
    if (root)
        collect_dfs(&c, root, dawg_view_root_letters(v), 0, 0, 0);
    int bits = 4;
    while (bits < 16 && ((uint32_t)1 << bits) < c.n)
        bits++;
    uint32_t nb = (uint32_t)1 << bits;
    uint64_t *words = malloc((c.n ? c.n : 1) * sizeof *words);
    uint32_t *dir = calloc((size_t)nb + 1, sizeof *dir);
    uint16_t *bucket = malloc((c.n ? c.n : 1) * sizeof *bucket);
    if (c.oom || !words || !dir || !bucket) {
        free(c.v);
        free(c.h);
        free(words);
        free(dir);
        free(bucket);
        return -1;
    }
    /* counting sort by bucket; dir[b + 1] counts, then the running sums */
    for (uint32_t i = 0; i < c.n; i++) {
        uint64_t h = c.h[i];
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
    if (build_del(ag, c.v, c.h, c.n) != 0) {
        free(c.v);
        free(c.h);
        free(words);
        free(dir);
        return -1;
    }
    free(c.v);
    free(c.h);
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
    free(ag->del);
    memset(ag, 0, sizeof *ag);
}

size_t tki_wq_agram_bytes(const tki_wq_agram *ag)
{
    if (!ag->words)
        return 0;
    return (size_t)ag->n * sizeof *ag->words + (((size_t)1 << ag->bits) + 1) * sizeof *ag->dir +
           ((size_t)1 << ag->del_bits) / 8;
}

typedef struct finder {
    const uint64_t *words;
    const uint32_t *dir;
    int shift;                /* 64 - bits */
    const uint8_t *count;
    int len;                  /* letters of an answer */
    uint64_t *out;
    size_t n, cap;
} finder;

/* Is packed word w (a fingerprint match) exactly the tiles plus x and y
 * (0: none)? */
static int same_tiles(const finder *f, uint64_t w, unsigned x, unsigned y)
{
    uint8_t t[64];
    memcpy(t, f->count, sizeof t);
    t[x]++;
    t[y]++;
    int n = 0;
    for (w &= M48; w; w >>= 6, n++)
        if (!t[w & 63]--)
            return 0;
    return n == f->len;
}

/* Append the words of the tiles plus x and y, whose hash is h. */
static inline void lookup(finder *f, uint64_t h, unsigned x, unsigned y)
{
    const uint32_t *d = f->dir + (h >> f->shift);
    const uint64_t *w = f->words + d[0], *end = f->words + d[1];
    const uint64_t fp = FP(h);
    for (; w < end; w++)
        if (*w >> 48 == fp && same_tiles(f, *w, x, y)) {
            if (f->n < f->cap)
                f->out[f->n] = *w & M48;
            f->n++;
        }
}

/* Is hash h in the bit set (a word, or a word minus one letter)? */
static inline int in_set(const tki_wq_agram *ag, uint64_t h)
{
    uint64_t k = h >> (64 - ag->del_bits);
    return (int)(ag->del[k >> 6] >> (k & 63) & 1);
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
    uint64_t h = 0;
    for (int b = 0; b < 64; b += 8) {      /* 8 letters at a time: most are 0 */
        uint64_t any;
        memcpy(&any, count + b, sizeof any);
        if (any)
            for (int l = b; l < b + 8; l++)
                h += ag->z[l] * count[l];
    }
    finder f = {ag->words, ag->dir, 64 - ag->bits, count, m + blanks, out, 0, cap};
    const unsigned A = (unsigned)ag->letters;
    if (blanks == 0) {
        lookup(&f, h, 0, 0);
    } else if (blanks == 1) {
        for (unsigned x = 1; x <= A; x++)
            if (in_set(ag, h + ag->z[x]))
                lookup(&f, h + ag->z[x], x, 0);
    } else {
        for (unsigned x = 1; x <= A; x++) {
            uint64_t hx = h + ag->z[x];
            if (!in_set(ag, hx))
                continue;
            for (unsigned y = x; y <= A; y++)
                if (in_set(ag, hx + ag->z[y]))
                    lookup(&f, hx + ag->z[y], x, y);
        }
    }
    if (f.n > cap)
        return -1;
    sort_u64(out, f.n);
    return (long)f.n;
}
