/* sk_windex.h - the word index's layout and its probes, for the files of
 * src/skrafl (windex.c builds it, windex_search.c searches with it).  Not a
 * public interface: tilekit/skwindex.h is. */
#ifndef TILEKIT_SK_WINDEX_H
#define TILEKIT_SK_WINDEX_H

#include <stdint.h>
#include <string.h>

#include "core/tk_text.h"
#include "tilekit/skwindex.h"

/* An entry per word: its hash's low 32 bits (a fingerprint: the bucket is
 * the top bits), its length and the offset of its letters in the pool. */
#define SK_WX_OFFBITS 26
#define SK_WX_FP(ent) ((uint32_t)((ent) >> 32))
#define SK_WX_LEN(ent) ((int)(((uint32_t)(ent)) >> SK_WX_OFFBITS))
#define SK_WX_OFF(ent) ((uint32_t)(ent) & ((UINT32_C(1) << SK_WX_OFFBITS) - 1))

/* An entry of the map of multisets one letter short of a word: 6 bytes,
 * the letters that complete the multiset (bytes 0..3, bit l - 1 for letter
 * l, letters 1..32), then the hash's low 16 bits (a fingerprint).  Read 8
 * bytes at a time (the array has 2 bytes of room past its last entry). */
#define SK_WX_SREC 6
static inline uint64_t sk_wx_srec(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}
#define SK_WX_SREC_FP(v) ((uint16_t)((v) >> 32))

struct sk_windex {
    int maxlen, nletters;
    uint64_t z[64];          /* the hash: z[l] per tile of letter l, z[0] = 0 */
    /* words: bucket b = hash >> shift holds ent[dir[b] .. dir[b + 1]),
     * sorted by fingerprint then length (the anagrams of a multiset are
     * consecutive) */
    int shift;
    const uint32_t *dir;
    const uint64_t *ent;
    const uint8_t *pool;     /* the words' letters */
    size_t nwords, npool;
    /* the multisets one letter short of a word, each with the letters that
     * complete it: bucket b = hash >> sshift holds entries sdir[b] ..
     * sdir[b + 1] of sent (SK_WX_SREC bytes each) in no order, one per
     * fingerprint (with the bucket's bits it tells multisets apart but for
     * about one probe in 2^16, which only adds letters); shi: letters
     * 33..63 (bit l - 33), alphabets of more than 32 letters only */
    int sshift;
    const uint32_t *sdir;
    const uint8_t *sent;
    const uint32_t *shi;
    size_t nshort;
    /* a filter of the words' hashes (blocked: two bits of one 64-bit word
     * per word, 16 to 32 bits a word), for the search's bounds: "perhaps
     * a word" in one load, wrong about one time in 100 */
    int fshift;
    const uint64_t *filter;
    size_t bytes;
    uint64_t dawg_id;        /* the dictionary it was made from (windex_file.c) */
    uint64_t dawg_words;
    /* what it owns: arrays made here (free) or a mapped file */
    void *own[7];
    tku_map map;
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
        uint64_t v = sk_wx_srec(x->sent + (size_t)SK_WX_SREC * i);
        if (SK_WX_SREC_FP(v) == fp)
            return (uint64_t)(uint32_t)v << 1 | (x->shi ? (uint64_t)x->shi[i] << 33 : 0);
    }
    return 0;
}

/* The filter's word and bits of hash h. */
#define SK_WX_FWORD(x, h) ((h) >> (x)->fshift)
#define SK_WX_FBITS(h) (UINT64_C(1) << ((h) >> 20 & 63) | UINT64_C(1) << ((h) >> 26 & 63))

/* Is the multiset of hash h perhaps a word's letters?  Never 0 when it is;
 * 1 about one time in 100 when it is not. */
static inline int sk_wx_filter(const sk_windex *x, uint64_t h)
{
    uint64_t m = SK_WX_FBITS(h);
    return (x->filter[SK_WX_FWORD(x, h)] & m) == m;
}

/* Could the multiset of hash h plus `blanks` blanks (0..2) be a word of len
 * letters?  Never 0 when it can. */
static inline int sk_wx_maybe(const sk_windex *x, uint64_t h, int len, int blanks)
{
    if (blanks == 0)
        return sk_wx_filter(x, h) && sk_wx_word(x, h, len);
    if (blanks == 1)
        return sk_wx_short1(x, h) != 0;
    for (int l = 1; l <= x->nletters; l++)
        if (sk_wx_short1(x, h + x->z[l]))
            return 1;
    return 0;
}

/* The hash constants (fixed), into x->z. */
void tki_sk_windex_hash(sk_windex *x);
/* The memory x's arrays take (x->bytes). */
size_t tki_sk_windex_size(const sk_windex *x);
/* x->dawg_id, x->dawg_words: what tells dictionary d from another
 * (windex_file.c: an index file is only read for the dictionary it was
 * made from). */
void tki_sk_windex_identify(sk_windex *x, const dawg_graph *d);
/* The checksum of an index file of len bytes (a multiple of 8, at least
 * 64) at p (8-byte aligned): of its 8-byte words but its own (bytes
 * 56..63).  For the tests and the fuzz target, which forge files. */
uint64_t tki_sk_windex_file_sum(const void *p, size_t len);

/* The engine's hook (engine.c): set up when the engine is made (reading
 * TILEKIT_WINDEX), and freed with it. */
struct sk_engine;
void tki_sk_windex_attach(struct sk_engine *e);
void tki_sk_windex_detach(struct sk_engine *e);

#endif
