/* shanten.c - shanten from the cached group entries.
 *
 * Regular form: each of the four groups (three suits, honours) has a cached
 * need[m][p] table (see table.c); the hand needs 4 - k blocks and one pair
 * in total, so the fewest draws is a min-plus convolution of the four
 * tables restricted to sum(m) = 4 - k, sum(p) = 1; shanten = draws - 1.
 * Seven pairs: 6 - pairs + max(0, 7 - kinds) (a quad is one pair).
 * Thirteen orphans: 13 - kinds of orphans - (1 if one is paired).  The last
 * two apply only to a hand without melds.  All three are exact "fewest
 * exchanges" distances with no tile used more than 4 times. */
#include "mj_internal.h"

#include <string.h>

/* Fewest draws for `blocks` blocks + a pair, from the four group entries:
 * a min-plus convolution of the groups' need[m][p] tables.  An entry keeps
 * need[m][0] and need[m][1] in the low and high nibble of its byte m, so
 * the two tables split into five byte lanes each with two masks, and one
 * convolution step (all m at once for a shift j) is a handful of 64-bit
 * operations: shift, add a broadcast value, lane-wise minimum.  Lanes hold
 * values below 128 (a need is at most 14 a group; a lane shifted in from
 * below gets FILL = 80, more than any real sum).  A group with no tile is
 * skipped: its table is 3m + 2p, and blank blocks never beat a table that
 * already allows them (need[m][p] <= need[m-1][p] + 3 for every entry). */
#define LANE5 0x000000FFFFFFFFFFull
#define ONE5 0x0000000101010101ull
#define H8 0x8080808080808080ull

static inline uint64_t min8(uint64_t a, uint64_t b)
{
    uint64_t ge = ((a | H8) - b) & H8;   /* lane high bit: a >= b */
    uint64_t m = (ge >> 7) * 0xFF;
    return (b & m) | (a & ~m);
}

/* One step j of the convolution: all m at once. */
#define STEP(j)                                                                             \
    do {                                                                                    \
        uint64_t s0 = (a0 << 8 * (j) | FILL##j) & LANE5, s1 = (a1 << 8 * (j) | FILL##j) & LANE5; \
        uint64_t b0 = (y0 >> 8 * (j) & 0xFF) * ONE5, b1 = (y1 >> 8 * (j) & 0xFF) * ONE5;    \
        n0 = min8(n0, s0 + b0);                                                             \
        n1 = min8(n1, min8(s1 + b0, s0 + b1));                                              \
    } while (0)
#define FILL1 0x50ull
#define FILL2 0x5050ull
#define FILL3 0x505050ull
#define FILL4 0x50505050ull

/* tiles[g] = tiles held in group g (0 = skip it).  A group with t tiles
 * has at most t blocks that cover anything, so shifts j > t are dominated
 * (need[j][p] = need[j-1][p] + 3 there) and skipped. */
static inline int regular_need(const uint64_t e[4], const int tiles[4], int blocks)
{
    uint64_t a0 = 0, a1 = 0;
    int have = 0, last = 3;
    while (last > 0 && !tiles[last])
        last--;
    for (int g = 0; g < 4; g++) {
        if (!tiles[g])
            continue;
        uint64_t y0 = e[g] & 0x0F0F0F0F0Full, y1 = e[g] >> 4 & 0x0F0F0F0F0Full;
        if (!have) {
            a0 = y0;
            a1 = y1;
            have = 1;
            continue;
        }
        int jmax = tiles[g] < blocks ? tiles[g] : blocks;
        if (g == last) {   /* only the total is needed from the last group */
            int best = 99;
            for (int j = 0; j <= jmax; j++) {
                int k = 8 * (blocks - j);
                int v0 = (int)(a1 >> k & 0xFF) + (int)(y0 >> 8 * j & 0xFF);
                int v1 = (int)(a0 >> k & 0xFF) + (int)(y1 >> 8 * j & 0xFF);
                if (v0 < best) best = v0;
                if (v1 < best) best = v1;
            }
            return best;
        }
        uint64_t n0 = a0 + (y0 & 0xFF) * ONE5;
        uint64_t n1 = min8(a1 + (y0 & 0xFF) * ONE5, a0 + (y1 & 0xFF) * ONE5);
        switch (jmax) {
        case 4: STEP(4); /* fall through */
        case 3: STEP(3); /* fall through */
        case 2: STEP(2); /* fall through */
        case 1: STEP(1); /* fall through */
        default: break;
        }
        a0 = n0 & LANE5;
        a1 = n1 & LANE5;
    }
    return have ? (int)(a1 >> 8 * blocks & 0xFF) : 3 * blocks + 2;
}

static const uint8_t ORPHANS[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };

static int kokushi_shanten(const uint8_t *c)
{
    int kinds = 0, pair = 0;
    for (int i = 0; i < 13; i++) {
        kinds += c[ORPHANS[i]] >= 1;
        pair |= c[ORPHANS[i]] >= 2;
    }
    return 13 - kinds - pair;
}

static int shanten_of(mj_ctx *ctx, const uint8_t *count, int n_melds, int pairs, int kinds);

int mj_shanten_counts(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten, tk_error *err)
{
    /* one pass: validity, tile count, pairs and kinds */
    int n = 0, pairs = 0, kinds = 0;
    for (int t = 0; t < MJ_TILES; t++) {
        int c = count[t];
        if (c > 4)
            return tk_error_set(err, TK_EINVAL, 0, 0, "more than 4 copies of a tile");
        n += c;
        pairs += c >= 2;
        kinds += c >= 1;
    }
    if (n_melds < 0 || n_melds > 4 || (n != 13 - 3 * n_melds && n != 14 - 3 * n_melds))
        return tk_error_set(err, TK_EINVAL, 0, 0, "%d closed tiles with %d melds", n, n_melds);
    *shanten = shanten_of(ctx, count, n_melds, pairs, kinds);
    return TK_OK;
}

/* Shanten of valid counts with the pairs and kinds already counted. */
static int shanten_of(mj_ctx *ctx, const uint8_t *count, int n_melds, int pairs, int kinds)
{
    uint64_t e[4];
    int used[4];
    for (int g = 0; g < 4; g++) {
        const uint8_t *c = count + 9 * g;
        int n = g < 3 ? 9 : 7, held = 0;
        for (int i = 0; i < n; i++)
            held += c[i];
        used[g] = held;
        e[g] = held ? mj_entry(ctx, count, g) : 0;
    }
    int s = regular_need(e, used, 4 - n_melds) - 1;
    if (n_melds == 0) {
        int x = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        if (x < s) s = x;
        if (s > 0) {   /* thirteen orphans can only win when regular is far */
            x = kokushi_shanten(count);
            if (x < s) s = x;
        }
    }
    return s;
}

int mj_shanten(mj_ctx *ctx, const mj_hand *h, int *shanten, tk_error *err)
{
    return mj_shanten_counts(ctx, h->count, h->n_melds, shanten, err);
}

/* The quick path (quick.c reads the text): 13 or 14 tiles written as
 * digits and suit letters only; TK_EFORMAT sends the caller to the full
 * parser. */
int mj_shanten_quick(mj_ctx *ctx, const char *s, size_t len)
{
    mj_quick q;
    int rc = tki_mj_quick_read(ctx, s, len, &q);
    if (rc)
        return rc;
    int sh = regular_need(q.e, q.held, 4) - 1;
    int x = 6 - q.pairs + (q.kinds < 7 ? 7 - q.kinds : 0);
    if (x < sh) sh = x;
    x = 13 - q.orph - q.orph_pair;
    if (x < sh) sh = x;
    return sh;
}
