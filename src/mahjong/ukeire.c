/* ukeire.c - the tiles that bring a 13 - 3k tile hand closer to a win.
 *
 * A tile is accepted when drawing it lowers the shanten: mj_necessary
 * (nu.c) reads those from the per-group masks in one shanten-sized pass;
 * a tile the hand and its melds already hold 4 times is never drawn.  The
 * count of each accepted tile is what the caller says is unseen. */
#include "mj_internal.h"
#include "tilekit/mjev.h"

int mj_ukeire(mj_ctx *ctx, const mj_hand *h, const uint8_t unseen[MJ_TILES], uint64_t *accept, int *total)
{
    uint8_t tot[MJ_TILES];
    *accept = 0;
    *total = 0;
    if (h->n_melds > 4 || h->n_tiles != 13 - 3 * h->n_melds)
        return TK_EINVAL;
    int s;
    uint64_t m = mj_necessary(ctx, h->count, h->n_melds, &s);
    if (s == 99)
        return TK_EINVAL;
    mj_hand_totals(h, tot);
    for (uint64_t x = m; x; x &= x - 1) {
        int t = mj_ctz64(x);
        if (tot[t] >= 4) {
            m &= ~((uint64_t)1 << t);
            continue;
        }
        *total += unseen ? unseen[t] : 4 - tot[t];
    }
    *accept = m;
    return s;
}
