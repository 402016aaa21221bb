/* ukeire.c - the tiles that bring a 13 - 3k tile hand closer to a win.
 *
 * A tile is accepted when drawing it lowers the shanten (mj_shanten_counts
 * on the hand plus that tile, whose table lookups make this 34 cheap calls);
 * a tile the hand and its melds already hold 4 times is never drawn.  The
 * count of each accepted tile is what the caller says is unseen. */
#include "mj_internal.h"

int mj_ukeire(mj_ctx *ctx, const mj_hand *h, const uint8_t unseen[MJ_TILES], uint64_t *accept, int *total)
{
    uint8_t c[MJ_TILES], tot[MJ_TILES];
    *accept = 0;
    *total = 0;
    if (h->n_melds > 4 || h->n_tiles != 13 - 3 * h->n_melds)
        return TK_EINVAL;
    int s;
    int rc = mj_shanten(ctx, h, &s, NULL);
    if (rc < 0)
        return rc;
    mj_hand_totals(h, tot);
    for (int t = 0; t < MJ_TILES; t++)
        c[t] = h->count[t];
    for (int t = 0; t < MJ_TILES; t++) {
        if (tot[t] >= 4)
            continue;
        c[t]++;
        int s2 = s;
        mj_shanten_counts(ctx, c, h->n_melds, &s2, NULL);   /* the counts are valid */
        c[t]--;
        if (s2 < s) {
            *accept |= (uint64_t)1 << t;
            *total += unseen ? unseen[t] : 4 - tot[t];
        }
    }
    return s;
}
