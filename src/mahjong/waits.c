/* waits.c - wait tiles, every reading of every wait, and the analysis of a
 * 14-tile hand.
 *
 * Waits: a 13-3k tile hand can only be tenpai in the regular form when one
 * group's tile count is 1 mod 3 and the others 0 mod 3 (the wait lies in
 * that group and the others must be complete), or two groups are 2 mod 3
 * (one takes the wait, the other must be complete with the pair).  Each
 * group's cached entry (table.c) already holds "complete?" and "which added
 * tiles complete it", so the wait set is a handful of bit operations.  Seven
 * pairs and thirteen orphans are checked on the counts; a tile held 4 times
 * (closed + melds) is then moved to the dead set.
 *
 * Readings: for a wait t in group g, every decomposition of group g + t and
 * of the other groups is enumerated by the unique factorisation "at the
 * lowest tile left, choose a triplet or not and the pair or not; all other
 * copies of that tile start sequences", which yields each multiset of
 * blocks exactly once.  A reading is one decomposition and one distinct
 * block type in it containing t: take t out of that block and what remains
 * of it is the waiting shape (pair -> tanki, triplet -> shanpon, sequence ->
 * ryanmen / kanchan / penchan).  Different (decomposition, block) choices
 * give different (blocks, pair, shape, kind), so no deduplication is
 * needed.  Everything lives in the caller's mj_result; nothing allocates. */
#include "mj_internal.h"
#include "tilekit/mjev.h"

#include <string.h>

#include "core/tk_text.h"

#define MAXDEC 64

typedef struct gdec {
    uint8_t n;          /* blocks (pair excluded) */
    int8_t pair;        /* tile index or -1 */
    mj_block b[4];
} gdec;

typedef struct declist {
    int n;
    gdec d[MAXDEC];
} declist;

static const uint8_t ORPHANS[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };

static void enum_rec(uint8_t *c, int base, int n, int seq, int pair_left, gdec *cur, declist *out)
{
    int i = 0;
    while (i < n && !c[i])
        i++;
    if (i == n) {
        if (!pair_left && out->n < MAXDEC)
            out->d[out->n++] = *cur;
        return;
    }
    int ci = c[i];
    for (int tr = 0; tr <= 1; tr++)
        for (int pr = 0; pr <= pair_left; pr++) {
            int r = mj_split_seqs(c, i, seq && i + 2 < n, tr, pr, cur->n);
            if (r < 0)
                continue;
            gdec save = *cur;
            mj_split_take(c, i, r);
            if (pr)
                cur->pair = (int8_t)(base + i);
            if (tr)
                cur->b[cur->n++] = (mj_block){ MJ_TRIPLET, (uint8_t)(base + i) };
            for (int k = 0; k < r; k++)
                cur->b[cur->n++] = (mj_block){ MJ_SEQ, (uint8_t)(base + i) };
            enum_rec(c, base, n, seq, pair_left - pr, cur, out);
            mj_split_put(c, i, ci, r);
            *cur = save;
        }
}

/* All decompositions of group g of `count` (with a pair iff its size is 2 mod 3). */
static void enum_group(const uint8_t *count, int g, declist *out)
{
    uint8_t c[9];
    int n = g < 3 ? 9 : 7, tot = 0;
    memcpy(c, count + 9 * g, (size_t)n);
    for (int i = 0; i < n; i++)
        tot += c[i];
    out->n = 0;
    if (tot % 3 == 1)
        return;
    gdec cur;
    memset(&cur, 0, sizeof cur);
    cur.pair = -1;
    enum_rec(c, 9 * g, n, g < 3, tot % 3 == 2, &cur, out);
}

/* Regular wait mask (shape only, before the 4-copy rule). */
static uint64_t regular_waits(mj_ctx *ctx, const uint8_t *count)
{
    uint64_t e[4];
    int r[4], n1 = 0, n2 = 0, g1 = -1, g2a = -1, g2b = -1;
    for (int g = 0; g < 4; g++) {
        int tot = 0, n = g < 3 ? 9 : 7;
        for (int i = 0; i < n; i++)
            tot += count[9 * g + i];
        r[g] = tot % 3;
        if (r[g] == 1) { n1++; g1 = g; }
        if (r[g] == 2) { n2++; if (g2a < 0) g2a = g; else g2b = g; }
    }
    if (!((n1 == 1 && n2 == 0) || (n1 == 0 && n2 == 2)))
        return 0;
    for (int g = 0; g < 4; g++) {
        e[g] = mj_entry(ctx, count, g);
        if (r[g] == 0 && !MJ_E_COMPLETE(e[g]))
            return 0;
    }
    if (n1 == 1)
        return (uint64_t)MJ_E_WIN(e[g1]) << (9 * g1);
    uint64_t w = 0;
    if (MJ_E_COMPLETE(e[g2b]))
        w |= (uint64_t)MJ_E_WIN(e[g2a]) << (9 * g2a);
    if (MJ_E_COMPLETE(e[g2a]))
        w |= (uint64_t)MJ_E_WIN(e[g2b]) << (9 * g2b);
    return w;
}

/* Seven pairs: the single tile, or -1. */
static int chiitoi_wait(const uint8_t *c)
{
    int pairs = 0, single = -1;
    for (int t = 0; t < MJ_TILES; t++) {
        if (c[t] == 2) pairs++;
        else if (c[t] == 1) { if (single >= 0) return -1; single = t; }
        else if (c[t]) return -1;
    }
    return pairs == 6 ? single : -1;
}

/* Thirteen orphans: mask of waits; *thirteen = 1 for the 13-sided form. */
static uint64_t kokushi_waits(const uint8_t *c, int *thirteen)
{
    int kinds = 0, pair = 0, n = 0, missing = -1;
    for (int i = 0; i < 13; i++) {
        int x = c[ORPHANS[i]];
        n += x;
        kinds += x >= 1;
        pair += x == 2;
        if (!x) missing = ORPHANS[i];
    }
    *thirteen = 0;
    if (n != 13)
        return 0;
    if (kinds == 13) {
        *thirteen = 1;
        uint64_t m = 0;
        for (int i = 0; i < 13; i++)
            m |= (uint64_t)1 << ORPHANS[i];
        return m;
    }
    if (kinds == 12 && pair == 1)
        return (uint64_t)1 << missing;
    return 0;
}

/* A thirteen-orphans reading: the paired orphan (if any) is the pair, the
 * orphans held once are the shape, so pair + shape = the closed tiles. */
static void kokushi_fill(mj_reading *r, const uint8_t *c)
{
    r->pair = -1;
    r->shape_len = 0;
    for (int i = 0; i < 13; i++) {
        int t = ORPHANS[i];
        if (c[t] == 2)
            r->pair = (int8_t)t;
        else if (c[t] == 1)
            r->shape[r->shape_len++] = (uint8_t)t;
    }
}

static uint64_t all_waits(mj_ctx *ctx, const mj_hand *h, uint64_t *regular, int *chi, uint64_t *kok, int *k13)
{
    *regular = regular_waits(ctx, h->count);
    *chi = -1;
    *kok = 0;
    *k13 = 0;
    if (h->n_melds == 0) {
        *chi = chiitoi_wait(h->count);
        *kok = kokushi_waits(h->count, k13);
    }
    return *regular | *kok | (*chi >= 0 ? (uint64_t)1 << *chi : 0);
}

static uint64_t held4_mask(const mj_hand *h)
{
    uint8_t tot[MJ_TILES];
    mj_hand_totals(h, tot);
    uint64_t m = 0;
    for (int t = 0; t < MJ_TILES; t++)
        if (tot[t] >= 4)
            m |= (uint64_t)1 << t;
    return m;
}

uint64_t mj_waits(mj_ctx *ctx, const mj_hand *h, uint64_t *dead)
{
    uint64_t reg, kok;
    int chi, k13;
    if (dead)
        *dead = 0;
    if (h->n_melds > 4 || h->n_tiles != 13 - 3 * h->n_melds)
        return 0;
    uint64_t shape = all_waits(ctx, h, &reg, &chi, &kok, &k13);
    if (!shape)
        return 0;
    uint64_t four = held4_mask(h);
    if (dead)
        *dead = shape & four;
    return shape & ~four;
}

/* ---- readings ---- */

typedef struct rctx {
    mj_result *out;
    int overflow;
} rctx;

static mj_reading *new_reading(rctx *rc)
{
    if (rc->out->n_readings >= MJ_MAX_READINGS) {
        rc->overflow = 1;
        return NULL;
    }
    mj_reading *r = &rc->out->readings[rc->out->n_readings++];
    memset(r, 0, sizeof *r);
    r->pair = -1;
    return r;
}

/* Append the blocks of d (skipping index `skip`, -1 none) to r. */
static void add_blocks(mj_reading *r, const gdec *d, int skip)
{
    for (int i = 0; i < d->n; i++)
        if (i != skip && r->n_blocks < 7)
            r->blocks[r->n_blocks++] = d->b[i];
}

static void shape_of(mj_reading *r, const mj_block *b, int t)
{
    if (b->type == MJ_TRIPLET) {
        r->kind = MJ_SHANPON;
        r->shape_len = 2;
        r->shape[0] = r->shape[1] = (uint8_t)t;
        return;
    }
    int s = b->tile, num = s % 9;
    r->shape_len = 2;
    if (t == s) {
        r->shape[0] = (uint8_t)(s + 1); r->shape[1] = (uint8_t)(s + 2);
        r->kind = num + 1 == 7 ? MJ_PENCHAN : MJ_RYANMEN;      /* 89 waiting on 7 */
    } else if (t == s + 2) {
        r->shape[0] = (uint8_t)s; r->shape[1] = (uint8_t)(s + 1);
        r->kind = num == 0 ? MJ_PENCHAN : MJ_RYANMEN;          /* 12 waiting on 3 */
    } else {
        r->shape[0] = (uint8_t)s; r->shape[1] = (uint8_t)(s + 2);
        r->kind = MJ_KANCHAN;
    }
}

/* Readings of regular wait t: group g decompositions of count+t (dg), the
 * others' decompositions of count (od[]). */
static void regular_readings(rctx *rc, int t, int g, const declist *dg, declist *od[4])
{
    for (int di = 0; di < dg->n; di++) {
        const gdec *d = &dg->d[di];
        /* candidate blocks: the pair (if t), then distinct blocks containing t */
        for (int bi = -1; bi < d->n; bi++) {
            mj_block b;
            if (bi < 0) {
                if (d->pair != t)
                    continue;
                b.type = MJ_PAIR;
                b.tile = (uint8_t)t;
            } else {
                b = d->b[bi];
                if (b.type == MJ_TRIPLET ? b.tile != t : (t < b.tile || t > b.tile + 2))
                    continue;
                if (bi > 0 && d->b[bi - 1].type == b.type && d->b[bi - 1].tile == b.tile)
                    continue;   /* same block type as the previous one */
            }
            /* odometer over the other groups' decompositions */
            int idx[4] = { 0, 0, 0, 0 };
            for (;;) {
                mj_reading *r = new_reading(rc);
                if (!r)
                    return;
                int8_t pair = bi < 0 ? -1 : d->pair;
                for (int h = 0; h < 4; h++) {
                    if (h == g) {
                        add_blocks(r, d, bi);
                    } else {
                        const gdec *o = &od[h]->d[idx[h]];
                        add_blocks(r, o, -1);
                        if (o->pair >= 0)
                            pair = o->pair;
                    }
                }
                r->pair = pair;
                if (bi < 0) {
                    r->kind = MJ_TANKI;
                    r->shape_len = 1;
                    r->shape[0] = (uint8_t)t;
                } else {
                    shape_of(r, &b, t);
                }
                int h = 3;
                for (; h >= 0; h--) {
                    if (h == g)
                        continue;
                    if (++idx[h] < od[h]->n)
                        break;
                    idx[h] = 0;
                }
                if (h < 0)
                    break;
            }
        }
    }
}

/* Canonical order of the readings of one wait: by kind (ryanmen first;
 * regular decompositions before seven pairs), then blocks, pair, shape. */
static int reading_cmp(const mj_reading *a, const mj_reading *b)
{
    int ka = a->kind == MJ_COMPLETE ? -1 : a->kind, kb = b->kind == MJ_COMPLETE ? -1 : b->kind;
    if (ka != kb)
        return ka < kb ? -1 : 1;
    for (int i = 0; i < a->n_blocks && i < b->n_blocks; i++) {
        if (a->blocks[i].tile != b->blocks[i].tile)
            return a->blocks[i].tile < b->blocks[i].tile ? -1 : 1;
        if (a->blocks[i].type != b->blocks[i].type)
            return a->blocks[i].type < b->blocks[i].type ? -1 : 1;
    }
    if (a->n_blocks != b->n_blocks)
        return a->n_blocks < b->n_blocks ? -1 : 1;
    if (a->pair != b->pair)
        return a->pair < b->pair ? -1 : 1;
    for (int i = 0; i < a->shape_len && i < b->shape_len; i++)
        if (a->shape[i] != b->shape[i])
            return a->shape[i] < b->shape[i] ? -1 : 1;
    return a->shape_len - b->shape_len;
}

static void sort_readings(mj_reading *r, int n)
{
    for (int i = 1; i < n; i++) {
        mj_reading x = r[i];
        int j = i;
        for (; j > 0 && reading_cmp(&r[j - 1], &x) > 0; j--)
            r[j] = r[j - 1];
        r[j] = x;
    }
}

static void result_reset(mj_result *out, const mj_hand *h)
{
    out->n_tiles = h->n_tiles;
    out->is14 = h->n_tiles == 14 - 3 * h->n_melds;
    out->shanten = 0;
    out->complete = 0;
    out->wait_mask = out->dead_mask = 0;
    out->n_waits = out->n_readings = out->n_discards = 0;
}

static int analyze13(mj_ctx *ctx, const mj_hand *h, unsigned flags, mj_result *out, tk_error *err)
{
    uint64_t reg, kok;
    int chi, k13;
    uint64_t shape = all_waits(ctx, h, &reg, &chi, &kok, &k13);
    uint64_t four = shape ? held4_mask(h) : 0;
    out->wait_mask = shape & ~four;
    out->dead_mask = shape & four;
    /* a live wait means the hand plus that tile is complete with no fifth
     * copy: exactly shanten 0 */
    if (out->wait_mask)
        out->shanten = 0;
    else if (flags & MJ_NO_SHANTEN)
        out->shanten = 99;
    else
        mj_shanten(ctx, h, &out->shanten, NULL);   /* the hand was validated */

    static const declist empty_list = { 1, { { 0, -1, { { 0, 0 } } } } };
    declist od_store[4], dg;
    declist *od[4];
    int have_od = 0;
    rctx rc = { out, 0 };

    for (int t = 0; t < MJ_TILES; t++) {
        if (!(out->wait_mask >> t & 1))
            continue;
        mj_wait *w = &out->waits[out->n_waits++];
        w->tile = (uint8_t)t;
        w->first = (uint16_t)out->n_readings;
        w->n = 0;
        if (flags & MJ_WAITS_ONLY)
            continue;
        if (reg >> t & 1) {
            if (!have_od) {
                for (int g = 0; g < 4; g++) {
                    int n = g < 3 ? 9 : 7, tot = 0;
                    for (int i = 0; i < n; i++)
                        tot += h->count[9 * g + i];
                    if (tot == 0) {
                        od[g] = (declist *)&empty_list;
                    } else {
                        enum_group(h->count, g, &od_store[g]);
                        od[g] = &od_store[g];
                    }
                }
                have_od = 1;
            }
            uint8_t c2[MJ_TILES];
            memcpy(c2, h->count, MJ_TILES);
            c2[t]++;
            int g = t / 9;
            enum_group(c2, g, &dg);
            declist *save = od[g];
            /* other groups must have a decomposition (guaranteed by the mask) */
            regular_readings(&rc, t, g, &dg, od);
            od[g] = save;
        }
        if (chi == t) {
            mj_reading *r = new_reading(&rc);
            if (r) {
                r->kind = MJ_CHIITOI;
                for (int x = 0; x < MJ_TILES; x++)
                    if (h->count[x] == 2 && r->n_blocks < 7)
                        r->blocks[r->n_blocks++] = (mj_block){ MJ_PAIR, (uint8_t)x };
                r->shape_len = 1;
                r->shape[0] = (uint8_t)t;
            }
        }
        if (kok >> t & 1) {
            mj_reading *r = new_reading(&rc);
            if (r) {
                r->kind = k13 ? MJ_KOKUSHI13 : MJ_KOKUSHI;
                kokushi_fill(r, h->count);
            }
        }
        w->n = (uint16_t)(out->n_readings - w->first);
        sort_readings(out->readings + w->first, w->n);
        if (rc.overflow)
            return tk_error_set(err, TK_ELIMIT, 0, 0, "more than %d readings", MJ_MAX_READINGS);
    }
    return 0;
}

/* Every decomposition of a complete 14-3k tile hand. */
static int decompositions14(const mj_hand *h, mj_result *out, tk_error *err)
{
    rctx rc = { out, 0 };
    declist lists[4];
    int ok = 1, npair = 0;
    for (int g = 0; g < 4 && ok; g++) {
        int n = g < 3 ? 9 : 7, tot = 0;
        for (int i = 0; i < n; i++)
            tot += h->count[9 * g + i];
        if (tot % 3 == 2)
            npair++;
        if (tot == 0) {
            lists[g].n = 1;
            memset(&lists[g].d[0], 0, sizeof(gdec));
            lists[g].d[0].pair = -1;
        } else {
            enum_group(h->count, g, &lists[g]);
            ok = lists[g].n > 0;
        }
    }
    if (ok && npair == 1) {
        int idx[4] = { 0, 0, 0, 0 };
        for (;;) {
            mj_reading *r = new_reading(&rc);
            if (!r)
                break;
            r->kind = MJ_COMPLETE;
            for (int g = 0; g < 4; g++) {
                const gdec *d = &lists[g].d[idx[g]];
                add_blocks(r, d, -1);
                if (d->pair >= 0)
                    r->pair = d->pair;
            }
            int g = 3;
            for (; g >= 0; g--) {
                if (++idx[g] < lists[g].n)
                    break;
                idx[g] = 0;
            }
            if (g < 0)
                break;
        }
    }
    if (h->n_melds == 0) {
        int pairs = 0, other = 0;
        for (int t = 0; t < MJ_TILES; t++) {
            pairs += h->count[t] == 2;
            other += h->count[t] != 0 && h->count[t] != 2;
        }
        if (pairs == 7 && !other) {
            mj_reading *r = new_reading(&rc);
            if (r) {
                r->kind = MJ_CHIITOI;
                for (int t = 0; t < MJ_TILES; t++)
                    if (h->count[t] == 2)
                        r->blocks[r->n_blocks++] = (mj_block){ MJ_PAIR, (uint8_t)t };
            }
        }
        int kinds = 0, n = 0;
        for (int i = 0; i < 13; i++) {
            int x = h->count[ORPHANS[i]];
            n += x;
            kinds += x >= 1;
        }
        if (n == 14 && kinds == 13) {
            mj_reading *r = new_reading(&rc);
            if (r) {
                r->kind = MJ_KOKUSHI;
                kokushi_fill(r, h->count);
            }
        }
    }
    if (rc.overflow)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "more than %d decompositions", MJ_MAX_READINGS);
    sort_readings(out->readings, out->n_readings);
    return 0;
}

static int analyze14(mj_ctx *ctx, const mj_hand *h, mj_result *out, tk_error *err)
{
    uint8_t c[MJ_TILES], tot[MJ_TILES];
    memcpy(c, h->count, MJ_TILES);
    mj_hand_totals(h, tot);
    mj_shanten_counts(ctx, c, h->n_melds, &out->shanten, NULL);   /* validated */
    if (out->shanten == -1) {
        out->complete = 1;
        return decompositions14(h, out, err);
    }
    /* the discards that keep the shanten and what each then accepts, read
     * from the per-group masks (nu.c) */
    int best;
    uint64_t keep = mj_unnecessary(ctx, c, h->n_melds, &best);
    for (int x = 0; x < MJ_TILES; x++) {
        if (!(keep >> x & 1))
            continue;
        mj_discard *d = &out->discards[out->n_discards++];
        d->tile = (uint8_t)x;
        d->shanten = (int8_t)best;
        d->accept = 0;
        d->ukeire = 0;
        c[x]--;
        int s13;
        uint64_t acc = mj_necessary(ctx, c, h->n_melds, &s13);
        c[x]++;
        for (; acc; acc &= acc - 1) {
            int t = mj_ctz64(acc);
            if (tot[t] >= 4)
                continue;
            d->accept |= (uint64_t)1 << t;
            d->ukeire += 4 - tot[t];
        }
    }
    /* best first: more ukeire, then more accepted kinds, then tile order (stable insertion sort) */
    for (int i = 1; i < out->n_discards; i++)
        for (int j = i; j > 0; j--) {
            mj_discard *a = &out->discards[j - 1], *b = &out->discards[j];
            int ka = tku_popcount64(a->accept), kb = tku_popcount64(b->accept);
            if (b->ukeire > a->ukeire || (b->ukeire == a->ukeire && kb > ka)) {
                mj_discard x = *a; *a = *b; *b = x;
            } else {
                break;
            }
        }
    return 0;
}

int mj_analyze(mj_ctx *ctx, const mj_hand *h, unsigned flags, mj_result *out, tk_error *err)
{
    if (!ctx || !h || !out)
        return tk_error_set(err, TK_EINVAL, 0, 0, "null argument");
    int sum = 0;
    for (int t = 0; t < MJ_TILES; t++) {
        if (h->count[t] > 4)
            return tk_error_set(err, TK_EINVAL, 0, 0, "more than 4 copies of a tile");
        sum += h->count[t];
    }
    if (h->n_melds > 4 || sum != h->n_tiles ||
        (h->n_tiles != 13 - 3 * h->n_melds && h->n_tiles != 14 - 3 * h->n_melds))
        return tk_error_set(err, TK_EINVAL, 0, 0, "wrong tile count");
    result_reset(out, h);
    if (out->is14)
        return analyze14(ctx, h, out, err);
    return analyze13(ctx, h, flags, out, err);
}
