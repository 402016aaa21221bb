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

#include <stdlib.h>

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

/* need[m][p] of group g of state c (n tiles). */
static inline uint64_t group_entry(mj_ctx *ctx, int g, const uint8_t *c)
{
    uint32_t x = g < 3 ? mj_suit_rank(ctx, c) : mj_honor_rank(ctx, c);
    uint64_t e = (g < 3 ? ctx->suit : ctx->honor)[x];
    return e ? e : tki_mj_entry_fill(ctx, g, x, c);
}

/* The masks of group g (0..2 suit, 3 honours) for state c; NULL when the
 * arrays cannot be allocated. */
static const uint32_t *group_ext(mj_ctx *ctx, int g, const uint8_t *c0)
{
    int suit = g < 3, n = suit ? 9 : 7;
    uint32_t (**arr)[10] = suit ? &ctx->ext_suit : &ctx->ext_honor;
    if (!*arr) {
        *arr = calloc(suit ? ctx->n_suit : ctx->n_honor, sizeof **arr);
        if (!*arr)
            return NULL;
    }
    uint32_t x = suit ? mj_suit_rank(ctx, c0) : mj_honor_rank(ctx, c0);
    uint32_t *m = (*arr)[x];
    if (m[0] >> 31)
        return m;
    uint8_t c[9];
    int tot = 0;
    for (int i = 0; i < n; i++) {
        c[i] = c0[i];
        tot += c[i];
    }
    uint64_t e = group_entry(ctx, g, c);
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

/* A group's (or a product's) need and mask for each case, index 2m + p. */
typedef struct nu_tab {
    int d[10];
    uint64_t m[10];
} nu_tab;

static void tab_of(nu_tab *t, uint64_t e, const uint32_t *x, int shift, int g, int blocks)
{
    for (int k = 0; k < 2 * blocks + 2; k++) {
        t->d[k] = (int)(e >> 4 * k & 15);
        t->m[k] = (uint64_t)(x[k] >> shift & 0x1ff) << 9 * g;
    }
}

/* min-plus product of a and b up to `blocks` blocks, masks ORed over the
 * splits that reach each minimum */
static void tab_mul(nu_tab *c, const nu_tab *a, const nu_tab *b, int blocks)
{
    for (int m = 0; m <= blocks; m++)
        for (int p = 0; p <= 1; p++) {
            int best = 99;
            uint64_t acc = 0;
            for (int j = 0; j <= m; j++)
                for (int q = 0; q <= p; q++) {
                    int ia = 2 * (m - j) + (p - q), ib = 2 * j + q;
                    int d = a->d[ia] + b->d[ib];
                    if (d < best) {
                        best = d;
                        acc = a->m[ia] | b->m[ib];
                    } else if (d == best) {
                        acc |= a->m[ia] | b->m[ib];
                    }
                }
            c->d[2 * m + p] = best;
            c->m[2 * m + p] = acc;
        }
}

/* The product of groups 2h and 2h + 1 (h 0: man x pin, 1: sou x honours)
 * for masks `shift`, up to 4 blocks, through a direct-mapped cache keyed
 * by the two group states: neighbouring hands differ in one group, so the
 * other product is nearly always there.  NULL when memory is short. */
#define NU_PAIR_BITS 12
typedef struct nu_pair_slot {
    uint64_t key;
    nu_tab t;
} nu_pair_slot;

static const nu_tab *pair_product(mj_ctx *ctx, const uint8_t *count, int h, int shift)
{
    if (!ctx->nu_pairs) {
        ctx->nu_pairs = calloc((size_t)1 << NU_PAIR_BITS, sizeof(nu_pair_slot));
        if (!ctx->nu_pairs)
            return NULL;
    }
    const uint8_t *ca = count + 18 * h, *cb = ca + 9;
    uint64_t ra = mj_suit_rank(ctx, ca);
    uint64_t rb = h ? mj_honor_rank(ctx, cb) : mj_suit_rank(ctx, cb);
    uint64_t key = (uint64_t)1 << 63 | (uint64_t)(shift != 0) << 62 | (uint64_t)h << 61 | ra << 20 | rb;
    nu_pair_slot *s = (nu_pair_slot *)ctx->nu_pairs + ((key * 0x9E3779B97F4A7C15ull) >> (64 - NU_PAIR_BITS));
    if (s->key == key)
        return &s->t;
    const uint32_t *xa = group_ext(ctx, 2 * h, ca), *xb = group_ext(ctx, 2 * h + 1, cb);
    if (!xa || !xb)
        return NULL;
    nu_tab a, b;
    tab_of(&a, group_entry(ctx, 2 * h, ca), xa, shift, 2 * h, 4);
    tab_of(&b, group_entry(ctx, 2 * h + 1, cb), xb, shift, 2 * h + 1, 4);
    tab_mul(&s->t, &a, &b, 4);
    s->key = key;
    return &s->t;
}

/* Regular distance (fewest additions for `blocks` blocks and a pair) and
 * the OR over the minimal splits of the group masks (shift 0: necessary,
 * 9: unnecessary), as a 34-tile mask; -1 when memory is short. */
static int regular(mj_ctx *ctx, const uint8_t *count, int blocks, int shift, uint64_t *mask)
{
    const nu_tab *pab = pair_product(ctx, count, 0, shift);
    if (!pab)
        return -1;
    nu_tab ab = *pab;   /* the next lookup may take the same slot */
    const nu_tab *cd = pair_product(ctx, count, 1, shift);
    if (!cd)
        return -1;
    int best = 99;
    uint64_t acc = 0;
    for (int j = 0; j <= blocks; j++)
        for (int q = 0; q <= 1; q++) {
            int ia = 2 * (blocks - j) + (1 - q), ib = 2 * j + q;
            int d = ab.d[ia] + cd->d[ib];
            if (d < best) {
                best = d;
                acc = ab.m[ia] | cd->m[ib];
            } else if (d == best) {
                acc |= ab.m[ia] | cd->m[ib];
            }
        }
    *mask = acc & (((uint64_t)1 << MJ_TILES) - 1);
    return best;
}

static const uint8_t ORPHANS[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };

uint64_t mj_necessary(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten)
{
    *shanten = 99;
    if (!valid(count, n_melds, 13))
        return 0;
    uint64_t m;
    int d = regular(ctx, count, 4 - n_melds, 0, &m);
    if (d < 0)
        return mj_necessary_slow(ctx, count, n_melds, shanten);
    int s = d - 1;
    if (n_melds == 0) {
        int pairs = 0, kinds = 0, ok = 0, opair = 0;
        uint64_t singles = 0, absent = 0, om = 0;
        for (int t = 0; t < MJ_TILES; t++) {
            pairs += count[t] >= 2;
            kinds += count[t] >= 1;
            if (count[t] == 1) singles |= (uint64_t)1 << t;
            if (count[t] == 0) absent |= (uint64_t)1 << t;
        }
        for (int i = 0; i < 13; i++) {
            int t = ORPHANS[i];
            ok += count[t] >= 1;
            opair |= count[t] >= 2;
            om |= (uint64_t)1 << t;
        }
        int sc = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        int sk = 13 - ok - opair;
        uint64_t mc = singles | (kinds < 7 ? absent : 0);
        uint64_t mk = om & (absent | (opair ? 0 : singles));
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
    *shanten = 99;
    if (!valid(count, n_melds, 14))
        return 0;
    uint64_t m;
    int d = regular(ctx, count, 4 - n_melds, 9, &m);
    if (d < 0)
        return mj_unnecessary_slow(ctx, count, n_melds, shanten);
    int s = d - 1;
    uint64_t r = m;
    if (n_melds == 0) {
        int pairs = 0, kinds = 0, ok = 0, opairs = 0;
        uint64_t ge3 = 0, singles = 0, om = 0, opair_m = 0;
        for (int t = 0; t < MJ_TILES; t++) {
            pairs += count[t] >= 2;
            kinds += count[t] >= 1;
            if (count[t] >= 3) ge3 |= (uint64_t)1 << t;
            if (count[t] == 1) singles |= (uint64_t)1 << t;
        }
        for (int i = 0; i < 13; i++) {
            int t = ORPHANS[i];
            ok += count[t] >= 1;
            opairs += count[t] >= 2;
            om |= (uint64_t)1 << t;
            if (count[t] == 2) opair_m |= (uint64_t)1 << t;
        }
        int sc = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        int sk = 13 - ok - (opairs > 0);
        /* seven pairs: removing a third copy keeps it, a single too when
         * more than 7 kinds are held; thirteen orphans: any non-orphan, a
         * third copy, and one of two paired orphans */
        uint64_t all = 0;
        for (int t = 0; t < MJ_TILES; t++)
            if (count[t]) all |= (uint64_t)1 << t;
        uint64_t mc = ge3 | (kinds > 7 ? singles : 0);
        uint64_t mk = (all & ~om) | (ge3 & om) | (opairs >= 2 ? opair_m : 0);
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

uint64_t mj_necessary_slow(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten)
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

uint64_t mj_unnecessary_slow(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten)
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
