/* nu.c - necessary tiles of a 13 - 3k tile hand and unnecessary tiles of a
 * 14 - 3k tile hand, over all three forms.
 *
 * A tile is necessary when adding it lowers the shanten, unnecessary when
 * removing it keeps the shanten; both are found by trying each tile
 * (mj_shanten_counts on the changed counts). */
#include "mj_internal.h"
#include "tilekit/mjev.h"

static int valid(const uint8_t *c, int n_melds, int want)
{
    int n = 0;
    for (int t = 0; t < MJ_TILES; t++) {
        if (c[t] > 4)
            return 0;
        n += c[t];
    }
    return n_melds >= 0 && n_melds <= 4 && n == want - 3 * n_melds;
}

uint64_t mj_necessary(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten)
{
    *shanten = 99;
    if (!valid(count, n_melds, 13))
        return 0;
    uint8_t c[MJ_TILES];
    for (int t = 0; t < MJ_TILES; t++)
        c[t] = count[t];
    int s;
    mj_shanten_counts(ctx, c, n_melds, &s, NULL);
    *shanten = s;
    uint64_t m = 0;
    for (int t = 0; t < MJ_TILES; t++) {
        if (c[t] >= 4)
            continue;
        c[t]++;
        int s2 = s;
        mj_shanten_counts(ctx, c, n_melds, &s2, NULL);
        c[t]--;
        if (s2 < s)
            m |= (uint64_t)1 << t;
    }
    return m;
}

uint64_t mj_unnecessary(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten)
{
    *shanten = 99;
    if (!valid(count, n_melds, 14))
        return 0;
    uint8_t c[MJ_TILES];
    for (int t = 0; t < MJ_TILES; t++)
        c[t] = count[t];
    int s;
    mj_shanten_counts(ctx, c, n_melds, &s, NULL);
    *shanten = s;
    uint64_t m = 0;
    if (s < 0)
        return 0;
    for (int t = 0; t < MJ_TILES; t++) {
        if (!c[t])
            continue;
        c[t]--;
        int s2 = s;
        mj_shanten_counts(ctx, c, n_melds, &s2, NULL);
        c[t]++;
        if (s2 == s)
            m |= (uint64_t)1 << t;
    }
    return m;
}
