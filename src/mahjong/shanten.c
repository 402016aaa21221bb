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

/* Fewest draws for `blocks` blocks + a pair, from the four group entries. */
static int regular_need(const uint64_t e[4], int blocks)
{
    uint8_t acc[5][2], nx[5][2];
    for (int m = 0; m <= blocks; m++)
        for (int p = 0; p <= 1; p++)
            acc[m][p] = (uint8_t)MJ_E_NEED(e[0], m, p);
    for (int g = 1; g < 3; g++) {
        for (int m = 0; m <= blocks; m++) {
            int b0 = 99, b1 = 99;
            for (int j = 0; j <= m; j++) {
                int x0 = MJ_E_NEED(e[g], j, 0), x1 = MJ_E_NEED(e[g], j, 1);
                int v = acc[m - j][0] + x0;
                if (v < b0) b0 = v;
                v = acc[m - j][1] + x0;
                if (v < b1) b1 = v;
                v = acc[m - j][0] + x1;
                if (v < b1) b1 = v;
            }
            nx[m][0] = (uint8_t)b0;
            nx[m][1] = (uint8_t)b1;
        }
        memcpy(acc, nx, sizeof acc);
    }
    int best = 99;
    for (int m = 0; m <= blocks; m++) {
        int a = acc[blocks - m][0] + MJ_E_NEED(e[3], m, 1);
        int b = acc[blocks - m][1] + MJ_E_NEED(e[3], m, 0);
        if (a < best) best = a;
        if (b < best) best = b;
    }
    return best;
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
    uint32_t idx[4];
    idx[0] = mj_suit_rank(ctx, count);
    idx[1] = mj_suit_rank(ctx, count + 9);
    idx[2] = mj_suit_rank(ctx, count + 18);
    idx[3] = mj_honor_rank(ctx, count + 27);
    uint64_t e[4];
    e[0] = ctx->suit[idx[0]];
    e[1] = ctx->suit[idx[1]];
    e[2] = ctx->suit[idx[2]];
    e[3] = ctx->honor[idx[3]];
    for (int g = 0; g < 4; g++)
        if (!e[g])
            e[g] = mj_entry_fill(ctx, g, idx[g], count + 9 * g);
    int s = regular_need(e, 4 - n_melds) - 1;
    if (n_melds == 0) {
        int x = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        if (x < s) s = x;
        if (s > 0) {   /* thirteen orphans can only win when regular is far */
            x = kokushi_shanten(count);
            if (x < s) s = x;
        }
    }
    *shanten = s;
    return TK_OK;
}

int mj_shanten(mj_ctx *ctx, const mj_hand *h, int *shanten, tk_error *err)
{
    return mj_shanten_counts(ctx, h->count, h->n_melds, shanten, err);
}
