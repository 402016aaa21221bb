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

int mj_shanten_counts(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds)
{
    /* one pass: validity, tile count, pairs and kinds */
    int n = 0, pairs = 0, kinds = 0;
    for (int t = 0; t < MJ_TILES; t++) {
        int c = count[t];
        if (c > 4)
            return TK_EINVAL;
        n += c;
        pairs += c >= 2;
        kinds += c >= 1;
    }
    if (n_melds < 0 || n_melds > 4 || (n != 13 - 3 * n_melds && n != 14 - 3 * n_melds))
        return TK_EINVAL;
    return shanten_of(ctx, count, n_melds, pairs, kinds);
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

int mj_shanten(mj_ctx *ctx, const mj_hand *h)
{
    return mj_shanten_counts(ctx, h->count, h->n_melds);
}

/* The quick path: digits and suit letters only, 13 or 14 tiles.  Anything
 * else (blanks, melds, words, errors) returns TK_EFORMAT so that the caller
 * takes the full parser, which gives the located message.  The groups'
 * base-5 codes, pairs, kinds and orphans are counted as the digits arrive,
 * so the cache ranks cost two lookups a group. */
int mj_shanten_quick(mj_ctx *ctx, const char *s, size_t len)
{
    static const uint32_t POW5[10] = { 625, 1, 5, 25, 125, 625, 3125, 15625, 78125, 390625 };
    /* tile of digit d in group g (d = 0 is the red five), 255 = not a tile;
     * row 4 is "no suit letter yet" */
    static const uint8_t TILE[5][10] = {
        { 4, 0, 1, 2, 3, 4, 5, 6, 7, 8 }, { 13, 9, 10, 11, 12, 13, 14, 15, 16, 17 },
        { 22, 18, 19, 20, 21, 22, 23, 24, 25, 26 }, { 255, 27, 28, 29, 30, 31, 32, 33, 255, 255 },
        { 255, 255, 255, 255, 255, 255, 255, 255, 255, 255 } };
    /* what the x-th copy of a tile adds to the packed counters: kinds (bits
     * 0-7), pairs (8-15), orphan kinds (16-23), an orphan pair (24-27), a
     * fifth copy (28-31); row 1 for terminals and honours */
    static const uint32_t ADD[2][16] = {
        { 0, 1, 1u << 8, 0, 0, 1u << 28 },
        { 0, 1 | 1u << 16, 1u << 8 | 1u << 24, 0, 0, 1u << 28 } };
    static const uint8_t ORPH[MJ_TILES] = {
        1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 1, 1, 1, 1, 1, 1 };
    uint8_t count[MJ_TILES];
    uint32_t code[4] = { 0, 0, 0, 0 }, kp = 0;
    int held[5] = { 0, 0, 0, 0, 0 }, n = 0, reds = 0, g = 4;
    memset(count, 0, sizeof count);
    /* right to left: the suit letter comes before its digits */
    for (size_t i = len; i-- > 0;) {
        unsigned c = (unsigned char)s[i], d = c - '0';
        if (d <= 9) {
            int t = TILE[g][d];
            if (t == 255)
                return TK_EFORMAT;
            if (d == 0) {
                if (reds >> g & 1)
                    return TK_EFORMAT;
                reds |= 1 << g;
            }
            int x = ++count[t];
            code[g] += POW5[d];
            kp += ADD[ORPH[t]][x];
            held[g]++;
            continue;
        }
        g = c == 'm' ? 0 : c == 'p' ? 1 : c == 's' ? 2 : c == 'z' ? 3 : -1;
        if (g < 0 || i == 0 || (unsigned)(s[i - 1] - '0') > 9)
            return TK_EFORMAT;   /* a letter needs digits before it */
    }
    n = held[0] + held[1] + held[2] + held[3];
    if (kp >> 28 || (n != 13 && n != 14))
        return TK_EFORMAT;       /* a fifth copy, or not 13/14 tiles */
    int kinds = kp & 255, pairs = kp >> 8 & 255, orph = kp >> 16 & 255, orph_pair = (kp >> 24 & 15) != 0;
    uint64_t e[4];
    int used[4];
    for (int g = 0; g < 4; g++) {
        used[g] = held[g];
        e[g] = 0;
        if (!used[g])
            continue;
        uint32_t x;
        uint64_t *tab;
        if (g < 3) {
            uint32_t lo = code[g] % 3125, hi = code[g] / 3125;
            x = ctx->slo[lo] + ctx->shi[MJ_GROUP_MAX - ctx->slo_used[lo]][hi];
            tab = ctx->suit;
        } else {
            uint32_t lo = code[g] % 125, hi = code[g] / 125;
            x = ctx->hlo[lo] + ctx->hhi[MJ_GROUP_MAX - ctx->hlo_used[lo]][hi];
            tab = ctx->honor;
        }
        e[g] = tab[x] ? tab[x] : mj_entry_fill(ctx, g, x, count + 9 * g);
    }
    int sh = regular_need(e, used, 4) - 1;
    int x = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
    if (x < sh) sh = x;
    x = 13 - orph - orph_pair;
    if (x < sh) sh = x;
    return sh;
}
