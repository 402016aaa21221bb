/* sk_windex.h - the word index's layout and its probes, for the files of
 * src/skrafl (windex.c builds it, windex_search.c searches with it).  Not a
 * public interface: tilekit/skwindex.h is. */
#ifndef TILEKIT_SK_WINDEX_H
#define TILEKIT_SK_WINDEX_H

#include <stdint.h>

#include "tilekit/skwindex.h"

/* An entry per word: its hash's low 32 bits (a fingerprint: the bucket is
 * the top bits), its length and the offset of its letters in the pool. */
#define SK_WX_OFFBITS 26
#define SK_WX_FP(ent) ((uint32_t)((ent) >> 32))
#define SK_WX_LEN(ent) ((int)(((uint32_t)(ent)) >> SK_WX_OFFBITS))
#define SK_WX_OFF(ent) ((uint32_t)(ent) & ((UINT32_C(1) << SK_WX_OFFBITS) - 1))

struct sk_windex {
    int maxlen, nletters;
    uint64_t z[64];          /* the hash: z[l] per tile of letter l, z[0] = 0 */
    /* words: bucket b = hash >> shift holds ent[dir[b] .. dir[b + 1]),
     * sorted by fingerprint then length (the anagrams of a multiset are
     * consecutive) */
    int shift;
    uint32_t *dir;
    uint64_t *ent;
    uint8_t *pool;           /* the words' letters */
    size_t nwords, npool;
    /* the multisets one letter short of a word, each with the letters that
     * complete it: bucket b = hash >> sshift holds entries sdir[b] ..
     * sdir[b + 1], sorted by fingerprint sfp (the hash's low 16 bits: with
     * the bucket's bits it tells multisets apart but for about one probe
     * in 2^16, which only adds letters); smask: letters 1..32 (bit l - 1
     * for l), shi letters 33..63 (alphabets of more than 32 letters only) */
    int sshift;
    uint32_t *sdir;
    uint16_t *sfp;
    uint32_t *smask;
    uint32_t *shi;
    size_t nshort;
    size_t bytes;
};

/* The hash of one multiset: the sum of its tiles' constants. */
static inline uint64_t sk_wx_hash(const sk_windex *x, const uint8_t counts[64])
{
    uint64_t h = 0;
    for (int l = 1; l <= x->nletters; l++)
        h += x->z[l] * counts[l];
    return h;
}

/* The words of `len` letters whose multiset hashes to h (fingerprint and
 * length match; a collision is possible, so check the letters when it
 * matters): entries [*lo, *hi).  Returns *hi - *lo. */
static inline uint32_t sk_wx_find(const sk_windex *x, uint64_t h, int len, uint32_t *lo, uint32_t *hi)
{
    uint64_t b = h >> x->shift;
    uint32_t i = x->dir[b], end = x->dir[b + 1], fp = (uint32_t)h;
    while (i < end && (SK_WX_FP(x->ent[i]) < fp || (SK_WX_FP(x->ent[i]) == fp && SK_WX_LEN(x->ent[i]) < len)))
        i++;
    *lo = i;
    while (i < end && SK_WX_FP(x->ent[i]) == fp && SK_WX_LEN(x->ent[i]) == len)
        i++;
    *hi = i;
    return i - *lo;
}

/* Is there perhaps a word of `len` letters with this hash? */
static inline int sk_wx_word(const sk_windex *x, uint64_t h, int len)
{
    uint32_t lo, hi;
    return sk_wx_find(x, h, len, &lo, &hi) > 0;
}

/* The letters that complete the multiset of hash h to a word (bit l:
 * letter l; 0: none, or no such multiset).  A hash collision may add
 * letters, never take any away. */
static inline uint64_t sk_wx_short1(const sk_windex *x, uint64_t h)
{
    uint64_t b = h >> x->sshift;
    uint16_t fp = (uint16_t)h;
    for (uint32_t i = x->sdir[b], end = x->sdir[b + 1]; i < end; i++) {
        if (x->sfp[i] == fp)
            return (uint64_t)x->smask[i] << 1 | (x->shi ? (uint64_t)x->shi[i] << 33 : 0);
        if (x->sfp[i] > fp)
            return 0;
    }
    return 0;
}

/* Could the multiset of hash h plus `blanks` blanks (0..2) be a word of len
 * letters?  Never 0 when it can. */
static inline int sk_wx_maybe(const sk_windex *x, uint64_t h, int len, int blanks)
{
    if (blanks == 0)
        return sk_wx_word(x, h, len);
    if (blanks == 1)
        return sk_wx_short1(x, h) != 0;
    for (int l = 1; l <= x->nletters; l++)
        if (sk_wx_short1(x, h + x->z[l]))
            return 1;
    return 0;
}

/* The engine's hook (engine.c): set up when the engine is made (reading
 * TILEKIT_WINDEX), and freed with it. */
struct sk_engine;
void tki_sk_windex_attach(struct sk_engine *e);
void tki_sk_windex_detach(struct sk_engine *e);

#endif
