/* mj_internal.h - private declarations shared by the files of src/mahjong. */
#ifndef TILEKIT_MJ_INTERNAL_H
#define TILEKIT_MJ_INTERNAL_H

#include "tilekit/mahjong.h"

/* A group (suit or honours) state is ranked among all count vectors with
 * entries 0..4 and at most MJ_GROUP_MAX tiles (a closed part never holds
 * more): 405,350 suit states and 43,130 honour states. */
#define MJ_GROUP_MAX 14

/* A slot of the cache of need-table products (shanten.c): the two tables
 * (the first marked by bit 63) and their product. */
typedef struct mj_pair_slot {
    uint64_t a, b, v;
} mj_pair_slot;
#define MJ_PAIR_BITS 14

struct mj_ctx {
    /* rank[i][b][c]: added to the rank when tile i of the group holds c
     * copies and b tiles of the budget are left before it */
    uint32_t srank[9][MJ_GROUP_MAX + 1][5];
    uint32_t hrank[7][MJ_GROUP_MAX + 1][5];
    uint32_t n_suit, n_honor;
    /* the same rank split in two lookups for the quick path: tiles 0..k-1
     * by their base-5 code (rank part and tiles used), tiles k..n-1 by the
     * budget left and their base-5 code (k = 5 for a suit, 3 for honours) */
    uint32_t slo[3125], shi[MJ_GROUP_MAX + 1][625];
    uint8_t slo_used[3125];
    uint32_t hlo[125], hhi[MJ_GROUP_MAX + 1][625];
    uint8_t hlo_used[125];
    uint8_t hi_used[625];   /* tiles of a 4-tile base-5 code */
    /* what the same codes say for the quick path (see quick.c): counters of
     * kinds, pairs and orphans, and masks of the tiles held 1+, 1 and 4 times */
    uint64_t sst_lo[3125], sst_hi[625], hst_lo[125], hst_hi[625];
    uint64_t *suit;    /* cached entries by rank, 0 = not yet filled */
    uint64_t *honor;
    void *map;         /* a loaded table file mapped copy-on-write (suit and
                          honor point into it), or NULL */
    size_t map_len;
    uint64_t *own_suit, *own_honor;   /* the calloc'ed arrays */
    mj_pair_slot *pairs;              /* 1 << MJ_PAIR_BITS slots, zeroed */
    /* nu.c: per group state, per case (m blocks, p pairs) the tiles whose
     * addition lowers need[m][p] (bits 0..8) and those whose removal keeps
     * it (bits 9..17); bit 31 of case 0 = filled.  Allocated on first use. */
    uint32_t (*ext_suit)[10], (*ext_honor)[10];
    void *nu_pairs;   /* nu.c: a cache of products of two groups' masks */
};

#define MJ_E_NEED(e, m, p) ((int)(((e) >> (4 * (2 * (m) + (p)))) & 15))
#define MJ_E_WIN(e)        ((unsigned)(((e) >> 40) & 0x1ff))
#define MJ_E_COMPLETE(e)   ((int)(((e) >> 49) & 1))

uint64_t tki_mj_entry_fill(mj_ctx *ctx, int group, uint32_t idx, const uint8_t *cnt);
int tki_mj_group_complete(uint8_t *c, int n, int seq, int pair);

/* Rank of the counts c[0..n) of a group with rank table `rank` (srank, 9
 * tiles; hrank, 7); the caller ensures it holds at most MJ_GROUP_MAX tiles. */
static inline uint32_t mj_group_rank(const uint32_t (*rank)[MJ_GROUP_MAX + 1][5], const uint8_t *c, int n)
{
    uint32_t x = 0;
    int b = MJ_GROUP_MAX;
    for (int i = 0; i < n; i++) {
        x += rank[i][b][c[i]];
        b -= c[i];
    }
    return x;
}

static inline uint32_t mj_suit_rank(const mj_ctx *ctx, const uint8_t *c) { return mj_group_rank(ctx->srank, c, 9); }
static inline uint32_t mj_honor_rank(const mj_ctx *ctx, const uint8_t *c) { return mj_group_rank(ctx->hrank, c, 7); }

/* Entry of group g (0..2 suits, 3 honours) of the 34 counts. */
static inline uint64_t mj_entry(mj_ctx *ctx, const uint8_t *count, int g)
{
    const uint8_t *c = count + 9 * g;
    uint32_t x = g < 3 ? mj_suit_rank(ctx, c) : mj_honor_rank(ctx, c);
    uint64_t e = (g < 3 ? ctx->suit : ctx->honor)[x];
    return e ? e : tki_mj_entry_fill(ctx, g, x, c);
}

/* One step of a division into blocks (waits.c, score.c): at the lowest
 * tile i left (c[i] > 0), tr triplets (0/1) and pr pairs (0/1) start
 * there and the other copies each start a sequence.  Returns that number
 * of sequences, or -1 when the choice does not fit: too few copies, a
 * sequence where none can start (can_seq 0) or too few tiles above, more
 * than 4 blocks with the `blocks` made so far. */
static inline int mj_split_seqs(const uint8_t *c, int i, int can_seq, int tr, int pr, int blocks)
{
    int rest = c[i] - 3 * tr - 2 * pr;
    if (rest < 0)
        return -1;
    if (rest > 0 && (!can_seq || c[i + 1] < rest || c[i + 2] < rest))
        return -1;
    return blocks + tr + rest > 4 ? -1 : rest;
}

/* Take the tiles of that step out of c, and put them back (ci = the count
 * tile i had). */
static inline void mj_split_take(uint8_t *c, int i, int seqs)
{
    c[i] = 0;
    if (seqs) {
        c[i + 1] = (uint8_t)(c[i + 1] - seqs);
        c[i + 2] = (uint8_t)(c[i + 2] - seqs);
    }
}

static inline void mj_split_put(uint8_t *c, int i, int ci, int seqs)
{
    c[i] = (uint8_t)ci;
    if (seqs) {
        c[i + 1] = (uint8_t)(c[i + 1] + seqs);
        c[i + 2] = (uint8_t)(c[i + 2] + seqs);
    }
}

/* Index of the lowest set bit of x != 0. */
static inline int mj_ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) { x >>= 1; n++; }
    return n;
#endif
}

/* A hand read by the quick path (quick.c): tiles per group, kinds, pairs,
 * orphan kinds and tiles, an orphan pair, the cache entry of every group
 * and its stat word (masks of its tiles held, held once, held 4 times). */
typedef struct mj_quick {
    int held[4];
    int n;
    int kinds, pairs, orph, orph_pair, orph_tiles;
    uint64_t e[4];
    uint64_t st[4];
} mj_quick;

/* Fill the quick path's code tables of a new context (quick.c). */
void tki_mj_quick_init(mj_ctx *ctx);

/* Read text made of digits and suit letters only (13 or 14 tiles, red
 * fives as 0, at most 4 copies, one red five a suit) into *q; TK_EFORMAT
 * for anything else. */
int tki_mj_quick_read(mj_ctx *ctx, const char *s, size_t len, mj_quick *q);

#endif
