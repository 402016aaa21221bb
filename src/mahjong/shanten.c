/* shanten.c - shanten from the cached group entries.
 *
 * Regular form: each of the four groups (three suits, honours) has a cached
 * need[m][p] table (see table.c): the fewest draws for m blocks and p pairs
 * in that group.  The hand needs 4 - k blocks and one pair in total, so the
 * fewest draws is a min-plus convolution of the four tables, read at
 * (4 - k, 1); shanten = draws - 1.  The convolution is done pairwise,
 * (man * pin) * (sou * honours), and the tables are few (126 distinct suit
 * tables, 55 honour ones, a few hundred of two groups), so each product is
 * kept in a direct-mapped cache keyed by its two tables: a hand costs three
 * cache reads, and a miss one plain convolution.
 * Seven pairs: 6 - pairs + max(0, 7 - kinds) (a quad is one pair).
 * Thirteen orphans: 13 - kinds of orphans - (1 if one is paired).  The last
 * two apply only to a hand without melds.  All three are exact "fewest
 * exchanges" distances with no tile used more than 4 times. */
#include "mj_internal.h"

#include <stdlib.h>
#include <string.h>

#define NEED_BITS 0xFFFFFFFFFFull   /* need[m][p] nibbles of an entry */
#define KEY_SET (1ull << 63)         /* on every stored key: a zeroed slot matches nothing */

/* min over j, q of a[m-j][p-q] + b[j][q] for every m, p (a real need is
 * at most 3m + 2p = 14, so 15 is "none yet"). */
static uint64_t need_conv(uint64_t a, uint64_t b)
{
    int x[10], y[10];
    for (int i = 0; i < 10; i++) {
        x[i] = (int)(a >> 4 * i & 15);
        y[i] = (int)(b >> 4 * i & 15);
    }
    uint64_t r = 0;
    for (int m = 0; m <= 4; m++) {
        int n0 = 15, n1 = 15;
        for (int j = 0; j <= m; j++) {
            const int *u = x + 2 * (m - j), *v = y + 2 * j;
            int s0 = u[0] + v[0], s1 = u[1] + v[0], s2 = u[0] + v[1];
            if (s0 < n0) n0 = s0;
            if (s1 < n1) n1 = s1;
            if (s2 < n1) n1 = s2;
        }
        r |= (uint64_t)(n0 | n1 << 4) << 8 * m;
    }
    return r;
}

/* The product of two need tables (entries or products), through the cache. */
static inline uint64_t need_pair(mj_ctx *ctx, uint64_t a, uint64_t b)
{
    a &= NEED_BITS;
    b &= NEED_BITS;
    uint64_t h = ((a * 0x9E3779B97F4A7C15ull) ^ b) * 0xC2B2AE3D27D4EB4Full;
    mj_pair_slot *s = &ctx->pairs[h >> (64 - MJ_PAIR_BITS)];
    if (s->a == (a | KEY_SET) && s->b == b)
        return s->v;
    s->a = a | KEY_SET;
    s->b = b;
    return s->v = need_conv(a, b);
}

/* Fewest draws for `blocks` blocks and a pair from the four group entries. */
static inline int regular_need(mj_ctx *ctx, const uint64_t e[4], int blocks)
{
    uint64_t all = need_pair(ctx, need_pair(ctx, e[0], e[1]), need_pair(ctx, e[2], e[3]));
    return MJ_E_NEED(all, blocks, 1);
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
    for (int g = 0; g < 4; g++)
        e[g] = mj_entry(ctx, count, g);
    int s = regular_need(ctx, e, 4 - n_melds) - 1;
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
    int sh = regular_need(ctx, q.e, 4) - 1;
    int x = 6 - q.pairs + (q.kinds < 7 ? 7 - q.kinds : 0);
    if (x < sh) sh = x;
    x = 13 - q.orph - q.orph_pair;
    if (x < sh) sh = x;
    return sh;
}
