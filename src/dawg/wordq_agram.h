/* wordq_agram.h - the alphagram index of wordq (internal; see wordq_agram.c).
 *
 * The words of at most TKI_AG_MAX letters, grouped by their alphagram (the
 * letters sorted), so that an exact anagram of a short rack is a few hash
 * probes instead of a walk of the graph: one per way to fill the blanks.
 */
#ifndef TILEKIT_DAWG_WORDQ_AGRAM_H
#define TILEKIT_DAWG_WORDQ_AGRAM_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/dawg_view.h"

#define TKI_AG_MAX 8          /* longest word indexed (6 bits a letter, 48 bits) */
#define TKI_AG_BLANKS 2       /* racks with more blanks walk the graph */

typedef struct tki_wq_agram {
    uint64_t *words;          /* packed words (first letter highest), fingerprint in bits 48..63 */
    uint32_t *dir;            /* bucket b holds words[dir[b] .. dir[b + 1]) */
    uint32_t n;               /* words */
    int bits;                 /* log2 of the buckets */
    int letters;              /* alphabet size: blanks stand for 1..letters */
    uint64_t *del;            /* a bit set (one hash, 2^del_bits bits): the hashes of
                                 every word with one letter taken out */
    int del_bits;
    uint64_t z[64];           /* the hash: z[L] per tile of letter L (z[0] = 0) */
} tki_wq_agram;

/* Build the index of the graph viewed by v (0, or -1 when out of memory:
 * ag zeroed). */
int tki_wq_agram_build(tki_wq_agram *ag, const dawg_view *v);
void tki_wq_agram_free(tki_wq_agram *ag);
size_t tki_wq_agram_bytes(const tki_wq_agram *ag);

/* The words using exactly the tiles `count` (real tiles, m of them) plus
 * `blanks` blanks (at most TKI_AG_BLANKS; m + blanks at most TKI_AG_MAX),
 * in letter order, packed (tki_wq_agram_unpack), into out[0..cap).
 * Returns the number of words, or -1 if there are more than cap. */
long tki_wq_agram_find(const tki_wq_agram *ag, const uint8_t count[64], int m, int blanks, uint64_t *out,
                       size_t cap);

/* The letters of a packed word; returns its length. */
int tki_wq_agram_unpack(uint64_t w, uint8_t *letters);

#endif
