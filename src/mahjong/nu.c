/* nu.c - necessary tiles of a 13 - 3k tile hand and unnecessary tiles of a
 * 14 - 3k tile hand, over all three forms, read from per-group tables.
 *
 * Regular form.  Each group state (a suit's or the honours' counts) gets,
 * next to its need[m][p] entry (table.c), two masks per case (m blocks, p
 * pairs): the tiles whose addition lowers need[m][p] (some nearest target
 * holds more of them) and the tiles whose removal keeps it (some nearest
 * target holds fewer).  They are filled once per state, on first use, from
 * the entries of the neighbouring states.  A hand's regular distance is the
 * least total need over the ways of sharing 4 - k blocks and one pair among
 * the four groups; a tile lowers (keeps) the hand's distance exactly when
 * it lowers (keeps) its group's need in some split reaching that least
 * total, so the answer is the OR of the group masks over the minimal splits.
 * Seven pairs and thirteen orphans are read off the counts.  Over the three
 * forms, a tile is necessary (unnecessary) when it is so for some form whose
 * shanten is the hand's.  mj_necessary_slow / mj_unnecessary_slow (trying
 * each tile with mj_shanten_counts) remain for the tests. */
#include "mj_internal.h"
#include "tilekit/mjev.h"
#include "core/tk_text.h"

#include <stdlib.h>
#include <string.h>

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

/* need[m][p] of group g of state c (rank x). */
static inline uint64_t group_entry_r(mj_ctx *ctx, int g, const uint8_t *c, uint32_t x)
{
    uint64_t e = (g < 3 ? ctx->suit : ctx->honor)[x];
    return e ? e : tki_mj_entry_fill(ctx, g, x, c);
}

static inline uint64_t group_entry(mj_ctx *ctx, int g, const uint8_t *c)
{
    return group_entry_r(ctx, g, c, g < 3 ? mj_suit_rank(ctx, c) : mj_honor_rank(ctx, c));
}

/* The masks of group g (0..2 suit, 3 honours) for state c; NULL when the
 * arrays cannot be allocated. */
static const uint32_t *group_ext(mj_ctx *ctx, int g, const uint8_t *c0, uint32_t x)
{
    int suit = g < 3, n = suit ? 9 : 7;
    uint32_t (**arr)[10] = suit ? &ctx->ext_suit : &ctx->ext_honor;
    if (!*arr) {
        *arr = calloc(suit ? ctx->n_suit : ctx->n_honor, sizeof **arr);
        if (!*arr)
            return NULL;
    }
    uint32_t *m = (*arr)[x];
    if (m[0] >> 31)
        return m;
    uint8_t c[9];
    int tot = 0;
    for (int i = 0; i < n; i++) {
        c[i] = c0[i];
        tot += c[i];
    }
    uint64_t e = group_entry_r(ctx, g, c, x);
    uint32_t w[10] = { 0 };
    for (int t = 0; t < n; t++) {
        if (c[t] < 4 && tot < MJ_GROUP_MAX) {
            c[t]++;
            uint64_t f = group_entry(ctx, g, c);
            c[t]--;
            for (int k = 0; k < 10; k++)
                if ((f >> 4 * k & 15) < (e >> 4 * k & 15))
                    w[k] |= 1u << t;
        }
        if (c[t] > 0) {
            c[t]--;
            uint64_t f = group_entry(ctx, g, c);
            c[t]++;
            for (int k = 0; k < 10; k++)
                if ((f >> 4 * k & 15) == (e >> 4 * k & 15))
                    w[k] |= 1u << (9 + t);
        }
    }
    for (int k = 1; k < 10; k++)
        m[k] = w[k];
    m[0] = w[0] | 1u << 31;
    return m;
}

/* The product of groups 2h and 2h + 1 (h 0: man x pin, 1: sou x honours)
 * for one kind of mask (shift 0 necessary, 9 unnecessary), up to 4 blocks:
 * the least need of each case (m blocks, p pairs) at once, and the OR of
 * the group masks over the splits reaching it only when asked (few cases
 * are).  The products sit in a direct-mapped cache (one half per h) keyed
 * by the two group states: neighbouring hands differ in one group, so the
 * other product is nearly always there. */
#define NU_PAIR_BITS 11
typedef struct nu_pair {
    uint64_t key;
    uint64_t ea, eb;             /* the groups' need entries */
    const uint32_t *xa, *xb;     /* and their masks */
    uint64_t m[10];
    uint8_t d[10], da[10], db[10];   /* the product's need, the groups' */
    uint16_t have;               /* bit k: m[k] is filled */
    uint8_t ga, shift;
} nu_pair;

static const nu_pair *pair_product(mj_ctx *ctx, const uint8_t *count, int h, int shift)
{
    if (!ctx->nu_pairs) {
        ctx->nu_pairs = calloc((size_t)2 << NU_PAIR_BITS, sizeof(nu_pair));
        if (!ctx->nu_pairs)
            return NULL;
    }
    const uint8_t *ca = count + 18 * h, *cb = ca + 9;
    uint32_t ra = mj_suit_rank(ctx, ca);
    uint32_t rb = h ? mj_honor_rank(ctx, cb) : mj_suit_rank(ctx, cb);
    uint64_t key = (uint64_t)1 << 63 | (uint64_t)(shift != 0) << 62 | (uint64_t)ra << 20 | rb;
    nu_pair *s = (nu_pair *)ctx->nu_pairs + ((size_t)h << NU_PAIR_BITS) +
                 ((key * 0x9E3779B97F4A7C15ull) >> (64 - NU_PAIR_BITS));
    if (s->key == key)
        return s;
    s->xa = group_ext(ctx, 2 * h, ca, ra);
    s->xb = group_ext(ctx, 2 * h + 1, cb, rb);
    if (!s->xa || !s->xb) {
        s->key = 0;
        return NULL;
    }
    uint64_t ea = s->ea = group_entry_r(ctx, 2 * h, ca, ra), eb = s->eb = group_entry_r(ctx, 2 * h + 1, cb, rb);
    int a[10], b[10];
    for (int k = 0; k < 10; k++) {
        s->da[k] = (uint8_t)(a[k] = (int)(ea >> 4 * k & 15));
        s->db[k] = (uint8_t)(b[k] = (int)(eb >> 4 * k & 15));
    }
    for (int m = 0; m <= 4; m++) {
        int n0 = 99, n1 = 99;
        for (int j = 0; j <= m; j++) {
            const int *u = a + 2 * (m - j), *v = b + 2 * j;
            int s0 = u[0] + v[0], s1 = u[1] + v[0], s2 = u[0] + v[1];
            if (s0 < n0) n0 = s0;
            if (s1 < n1) n1 = s1;
            if (s2 < n1) n1 = s2;
        }
        s->d[2 * m] = (uint8_t)n0;
        s->d[2 * m + 1] = (uint8_t)n1;
    }
    s->have = 0;
    s->ga = (uint8_t)(2 * h);
    s->shift = (uint8_t)shift;
    s->key = key;
    return s;
}

/* The OR of the group masks over the splits of case k reaching its need. */
static uint64_t pair_mask(const nu_pair *cs, int k)
{
    nu_pair *s = (nu_pair *)cs;
    if (s->have >> k & 1)
        return s->m[k];
    int m = k >> 1, p = k & 1, want = s->d[k];
    uint32_t ma = 0, mb = 0;
    for (int j = 0; j <= m; j++)
        for (int q = 0; q <= p; q++) {
            int ia = 2 * (m - j) + (p - q), ib = 2 * j + q;
            if (s->da[ia] + s->db[ib] == want) {
                ma |= s->xa[ia];
                mb |= s->xb[ib];
            }
        }
    uint64_t acc = (uint64_t)(ma >> s->shift & 0x1ff) << 9 * s->ga | (uint64_t)(mb >> s->shift & 0x1ff) << 9 * (s->ga + 1);
    s->m[k] = acc;
    s->have |= (uint16_t)(1u << k);
    return acc;
}

/* Regular distance (fewest additions for `blocks` blocks and a pair) and
 * the OR over the minimal splits of the group masks (shift 0: necessary,
 * 9: unnecessary), as a 34-tile mask; -1 when memory is short. */
static int regular(mj_ctx *ctx, const uint8_t *count, int blocks, int shift, uint64_t *mask)
{
    const nu_pair *ab = pair_product(ctx, count, 0, shift);
    const nu_pair *cd = ab ? pair_product(ctx, count, 1, shift) : NULL;
    if (!cd)
        return -1;
    int best = 99;
    for (int j = 0; j <= blocks; j++)
        for (int q = 0; q <= 1; q++) {
            int d = ab->d[2 * (blocks - j) + (1 - q)] + cd->d[2 * j + q];
            if (d < best)
                best = d;
        }
    uint64_t acc = 0;
    for (int j = 0; j <= blocks; j++)
        for (int q = 0; q <= 1; q++) {
            int ia = 2 * (blocks - j) + (1 - q), ib = 2 * j + q;
            if (ab->d[ia] + cd->d[ib] == best)
                acc |= pair_mask(ab, ia) | pair_mask(cd, ib);
        }
    *mask = acc & (((uint64_t)1 << MJ_TILES) - 1);
    return best;
}

#define ALL34 ((((uint64_t)1) << MJ_TILES) - 1)
#define OM ((uint64_t)0x3FC060301ull)   /* the orphans: 1m 9m 1p 9p 1s 9s 1z..7z */

/* One pass over the counts: masks of the kinds held 1+, 2+, exactly 1 and
 * 3+ times; 0 if the counts are not a hand of `want` - 3k tiles. */
typedef struct nu_scan { uint64_t held, ge2, eq1, ge3; } nu_scan;

/* Bits 7 of each byte of a word of counts (0..4 each) moved to bits 0..7. */
static inline uint64_t gather8(uint64_t hi) { return ((hi >> 7) * 0x0102040810204080ull) >> 56; }

static int scan(const uint8_t *count, int n_melds, int want, nu_scan *x)
{
    uint64_t held = 0, ge2 = 0, eq1, ge3 = 0, bad = 0, n = 0;
    const uint64_t H = 0x8080808080808080ull;
    for (int w = 0; w < 5; w++) {
        uint64_t v = 0;
        memcpy(&v, count + 8 * w, w < 4 ? 8 : 2);
        held |= gather8((v + 0x7F7F7F7F7F7F7F7Full) & H) << 8 * w;
        ge2 |= gather8((v + 0x7E7E7E7E7E7E7E7Eull) & H) << 8 * w;
        ge3 |= gather8((v + 0x7D7D7D7D7D7D7D7Dull) & H) << 8 * w;
        bad |= ((v + 0x7B7B7B7B7B7B7B7Bull) | v) & H;   /* a count over 4 */
        n += (v * 0x0101010101010101ull) >> 56;
    }
    eq1 = held & ~ge2;
    x->held = held;
    x->ge2 = ge2;
    x->eq1 = eq1;
    x->ge3 = ge3;
    return !bad && n_melds >= 0 && n_melds <= 4 && (int)n == want - 3 * n_melds;
}

static int popc(uint64_t x) { return tku_popcount64(x); }

uint64_t mj_necessary(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten)
{
    nu_scan x;
    *shanten = 99;
    if (!scan(count, n_melds, 13, &x))
        return 0;
    uint64_t m;
    int d = regular(ctx, count, 4 - n_melds, 0, &m);
    if (d < 0)
        return mj_necessary_slow(ctx, count, n_melds, shanten);
    int s = d - 1;
    if (n_melds == 0) {
        /* seven pairs: a single pairs up, a new kind helps below 7 kinds;
         * thirteen orphans: a missing orphan, or pairing one if none is */
        int pairs = popc(x.ge2), kinds = popc(x.held);
        int opair = (x.ge2 & OM) != 0;
        uint64_t absent = ~x.held & ALL34;
        int sc = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        int sk = 13 - popc(x.held & OM) - opair;
        uint64_t mc = x.eq1 | (kinds < 7 ? absent : 0);
        uint64_t mk = OM & (absent | (opair ? 0 : x.eq1));
        int mn = s < sc ? s : sc;
        if (sk < mn) mn = sk;
        uint64_t r = 0;
        if (s == mn) r |= m;
        if (sc == mn) r |= mc;
        if (sk == mn) r |= mk;
        *shanten = mn;
        return r;
    }
    *shanten = s;
    return m;
}

uint64_t mj_unnecessary(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten)
{
    nu_scan x;
    *shanten = 99;
    if (!scan(count, n_melds, 14, &x))
        return 0;
    uint64_t m;
    int d = regular(ctx, count, 4 - n_melds, 9, &m);
    if (d < 0)
        return mj_unnecessary_slow(ctx, count, n_melds, shanten);
    int s = d - 1;
    uint64_t r = m;
    if (n_melds == 0) {
        /* seven pairs: removing a third copy keeps it, a single too when
         * more than 7 kinds are held; thirteen orphans: any non-orphan, a
         * third copy, and one of two paired orphans */
        int pairs = popc(x.ge2), kinds = popc(x.held);
        int opairs = popc(x.ge2 & OM);
        int sc = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        int sk = 13 - popc(x.held & OM) - (opairs > 0);
        uint64_t mc = x.ge3 | (kinds > 7 ? x.eq1 : 0);
        uint64_t opair2 = x.ge2 & ~x.ge3 & OM;
        uint64_t mk = (x.held & ~OM) | (x.ge3 & OM) | (opairs >= 2 ? opair2 : 0);
        int mn = s < sc ? s : sc;
        if (sk < mn) mn = sk;
        r = 0;
        if (s == mn) r |= m;
        if (sc == mn) r |= mc;
        if (sk == mn) r |= mk;
        s = mn;
    }
    *shanten = s;
    return s < 0 ? 0 : r;
}

/* The slow masks' start: the hand of `tiles` closed tiles checked, copied
 * into c, and its shanten (*shanten, 99 for a bad hand).  0 for a bad hand. */
static int slow_start(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int tiles, uint8_t c[MJ_TILES],
                      int *shanten)
{
    *shanten = 99;
    if (!valid(count, n_melds, tiles))
        return 0;
    for (int t = 0; t < MJ_TILES; t++)
        c[t] = count[t];
    mj_shanten_counts(ctx, c, n_melds, shanten, NULL);
    return 1;
}

uint64_t mj_necessary_slow(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten)
{
    uint8_t c[MJ_TILES];
    if (!slow_start(ctx, count, n_melds, 13, c, shanten))
        return 0;
    int s = *shanten;
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

uint64_t mj_unnecessary_slow(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten)
{
    uint8_t c[MJ_TILES];
    if (!slow_start(ctx, count, n_melds, 14, c, shanten))
        return 0;
    int s = *shanten;
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
