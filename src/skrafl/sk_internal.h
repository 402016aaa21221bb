/* sk_internal.h - the engine's private layout, shared by the files of src/skrafl. */
#ifndef TILEKIT_SK_INTERNAL_H
#define TILEKIT_SK_INTERNAL_H

#include <stdatomic.h>

#include "core/tk_text.h"
#include "tilekit/dawg_view.h"
#include "tilekit/skrafl.h"

struct sk_engine {
    const dawg_graph *dawg;
    dawg_view *view;                  /* owned: the letter-indexed view of dawg */
    const dawg_vedge *edges;          /* its edges */
    uint32_t root;                    /* its root (0: an empty dictionary) */
    alpha_table alpha;
    sk_tileset ts;
    sk_layout lay;
    int dim;
    alpha_set all;                    /* every letter of the alphabet */
    uint8_t wm[2][SK_MAX_SQ];         /* word multiplier, [0] as is, [1] transposed */
    uint8_t lm[2][SK_MAX_SQ];         /* letter multiplier */
    uint8_t val[256];                 /* cell byte (letter | SK_BLANK) -> points */
    uint16_t rank[256];               /* cell byte -> rank of its display text */
    const alpha_set *nmask;           /* per node: its letters (the view's array) */
    uint8_t *reach;                   /* per node: letters of its longest way to a word end (31: 31 or more) */
    uint32_t *lens;                   /* per node: bit d set if some word ends d letters on (31: 31 or more) */
    alpha_set *below;                 /* per node: every letter on some way to a word end */
    /* Bingo map (engine.c, sk_bingo_lookup): open addressing on the key of a
     * multiset of SK_RACK_MAX letters; value bit 0: they are the letters of
     * a word, bit x: with letter x added they are the letters of a word. */
    uint64_t *bkey, *bval;
    uint64_t bmask;                   /* slots - 1 (0: no map) */
    /* The word index of the best-move search (windex.c): made on first use. */
    _Atomic(struct sk_windex *) wx;
    atomic_int wx_failed;             /* it could not be made: the search walks the graph */
    int wx_off;                       /* turned off (sk_engine_set_windex, TILEKIT_WINDEX=off) */
};

/* Key of a multiset of letters given in ascending order (6 bits each). */
static inline uint64_t sk_bingo_key(const uint8_t *sorted, int n)
{
    uint64_t k = 0;
    for (int i = 0; i < n; i++)
        k = k << 6 | sorted[i];
    return k;
}
static inline uint64_t sk_bingo_hash(uint64_t key) { return (key * 0x9E3779B97F4A7C15ull) >> 20; }
/* The bingo map's value for the multiset of this key (0: none). */
static inline uint64_t sk_bingo_lookup(const sk_engine *e, uint64_t key)
{
    for (uint64_t i = sk_bingo_hash(key) & e->bmask;; i = (i + 1) & e->bmask) {
        if (e->bkey[i] == key)
            return e->bval[i];
        if (!e->bkey[i])
            return 0;
    }
}

/* Column letter of a 0-based column (A, B, ... then lower-case beyond Z). */
static inline char sk_col_char(int c) { return (char)(c < 26 ? 'A' + c : 'a' + (c - 26)); }

/* Value in thousandths of keeping `kept` (n tiles) under state st (NULL: the
 * bag holds tiles): the leave function's value, or with the bag empty the
 * end-game term of tilekit/skgame.h.  (equity.c) */
struct sk_state;
int32_t tki_sk_keep_value(const sk_engine *e, const uint8_t kept[64], int n, const struct sk_state *st,
                          sk_leave_value_fn fn, void *ctx);

#endif
