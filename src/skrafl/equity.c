/* equity.c - plays beyond placements (exchanges, pass), equity, ranking.
 *
 * Equity in thousandths of a point: score * 1000 plus the value of the
 * tiles kept, looked up through a caller's leave function (a leave table),
 * or, with the bag empty, the simple end-game term described in
 * tilekit/skgame.h (twice the opponent's tiles for going out, minus twice
 * the own tiles kept otherwise).  Exchanges are enumerated as the distinct
 * non-empty sub-multisets of the rack by a mixed-radix counter over the
 * rack's distinct tiles (digit i runs 0..count_i), so each multiset appears
 * once.  Ranking sorts with a stable merge sort that carries the engine (the
 * placement order needs its letter ranks).
 */
#include "sk_internal.h"
#include "tilekit/skgame.h"

#include <stdlib.h>
#include <string.h>

int sk_unseen(const sk_engine *e, const sk_board *b, const sk_rack *r, int counts[64])
{
    int n = 0, bad = 0;
    for (int l = 0; l < 64; l++)
        counts[l] = l <= e->alpha.size ? e->ts.count[l] : 0;
    for (int i = 0; i < b->dim * b->dim; i++) {
        uint8_t t = b->sq[i];
        if (t)
            counts[(t & SK_BLANK) ? 0 : (t & SK_LETTER)]--;
    }
    if (r) {
        counts[0] -= r->blanks;
        for (int l = 1; l < 64; l++)
            counts[l] -= r->count[l];
    }
    for (int l = 0; l < 64; l++) {
        if (counts[l] < 0) {
            bad = 1;
            counts[l] = 0;
        }
        n += counts[l];
    }
    return bad ? -1 : n;
}

void sk_state_from_unseen(const sk_engine *e, const int unseen[64], int nunseen, sk_state *st)
{
    st->opp_tiles = nunseen < SK_RACK_MAX ? nunseen : SK_RACK_MAX;
    st->bag = nunseen - st->opp_tiles;
    st->opp_value = 0;
    if (st->bag == 0)
        for (int l = 0; l <= e->alpha.size; l++)
            st->opp_value += unseen[l] * e->ts.value[l];
}

int sk_rack_value(const sk_engine *e, const sk_rack *r)
{
    int v = r->blanks * e->ts.value[0];
    for (int l = 1; l <= e->alpha.size; l++)
        v += r->count[l] * e->ts.value[l];
    return v;
}

static void rack_counts(const sk_rack *r, uint8_t c[64])
{
    memcpy(c, r->count, 64);
    c[0] = (uint8_t)r->blanks;
}

/* Value of keeping `kept` (n tiles of a rack of rn) in thousandths. */
int32_t tki_sk_keep_value(const sk_engine *e, const uint8_t kept[64], int n, const sk_state *st,
                          sk_leaves_value_fn fn, void *ctx)
{
    if (st && st->bag == 0) {
        if (n == 0)
            return 2 * st->opp_value * 1000;
        int v = 0;
        for (int l = 0; l <= e->alpha.size; l++)
            v += kept[l] * e->ts.value[l];
        return -2 * v * 1000;
    }
    return fn ? fn(ctx, kept) : 0;
}

int64_t sk_move_equity(const sk_engine *e, const sk_rack *r, const sk_move *m, const sk_state *st,
                       sk_leaves_value_fn fn, void *ctx, int32_t *leave)
{
    uint8_t c[64];
    rack_counts(r, c);
    for (int i = 0; i < m->len; i++) {
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD)
            continue;
        c[(t & SK_BLANK) ? 0 : (t & SK_LETTER)]--;
    }
    int32_t v = tki_sk_keep_value(e, c, r->n - m->ntiles, st, fn, ctx);
    if (leave)
        *leave = v;
    return (int64_t)m->score * 1000 + v;
}

int sk_exchanges(const sk_engine *e, const sk_rack *r, const sk_state *st,
                 sk_leaves_value_fn fn, void *ctx, sk_play *out)
{
    uint8_t c[64];
    rack_counts(r, c);
    int code[SK_RACK_MAX], max[SK_RACK_MAX], d[SK_RACK_MAX], nd = 0;
    for (int l = 0; l < 64 && nd < SK_RACK_MAX; l++)
        if (c[l]) {
            code[nd] = l;
            max[nd] = c[l];
            d[nd++] = 0;
        }
    int n = 0;
    for (;;) {
        int k = 0;
        while (k < nd && d[k] == max[k])
            d[k++] = 0;
        if (k == nd)
            break;
        d[k]++;
        sk_play *p = &out[n++];
        memset(p, 0, sizeof *p);
        p->kind = SK_PLAY_EXCHANGE;
        uint8_t kept[64];
        memcpy(kept, c, 64);
        for (int i = 0; i < nd; i++)
            for (int j = 0; j < d[i]; j++) {
                p->x[p->nx++] = (uint8_t)code[i];
                kept[code[i]]--;
            }
        p->leave = tki_sk_keep_value(e, kept, r->n - p->nx, st, fn, ctx);
        p->equity = p->leave;
    }
    return n;
}

void sk_pass_play(const sk_engine *e, const sk_rack *r, const sk_state *st,
                  sk_leaves_value_fn fn, void *ctx, sk_play *out)
{
    uint8_t c[64];
    rack_counts(r, c);
    memset(out, 0, sizeof *out);
    out->kind = SK_PLAY_PASS;
    /* With the bag empty a pass keeps every tile: no going-out bonus. */
    if (st && st->bag == 0 && r->n == 0)
        out->leave = 0;
    else
        out->leave = tki_sk_keep_value(e, c, r->n ? r->n : 1, st, fn, ctx);
    out->equity = out->leave;
}

static int tail_cmp(const sk_engine *e, const sk_play *a, const sk_play *b)
{
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->kind == SK_PLAY_MOVE)
        return sk_move_cmp(e, &a->move, &b->move);
    if (a->nx != b->nx)
        return a->nx < b->nx ? -1 : 1;
    return memcmp(a->x, b->x, a->nx);
}

int sk_play_cmp(const sk_engine *e, const sk_play *a, const sk_play *b)
{
    if (a->equity != b->equity)
        return a->equity > b->equity ? -1 : 1;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return tail_cmp(e, a, b);
}

static int play_cmp_score(const sk_engine *e, const sk_play *a, const sk_play *b)
{
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    if (a->equity != b->equity)
        return a->equity > b->equity ? -1 : 1;
    return tail_cmp(e, a, b);
}

int tki_sk_play_cmp_by(const sk_engine *e, const sk_play *a, const sk_play *b, int by_score);
int tki_sk_play_cmp_by(const sk_engine *e, const sk_play *a, const sk_play *b, int by_score)
{
    return by_score ? play_cmp_score(e, a, b) : sk_play_cmp(e, a, b);
}

static int cmp_by(const sk_engine *e, const sk_play *a, const sk_play *b, int by_score)
{
    return by_score ? play_cmp_score(e, a, b) : sk_play_cmp(e, a, b);
}

static void merge_sort(const sk_engine *e, sk_play *v, sk_play *tmp, size_t n, int by_score)
{
    if (n < 2)
        return;
    size_t h = n / 2;
    merge_sort(e, v, tmp, h, by_score);
    merge_sort(e, v + h, tmp, n - h, by_score);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = cmp_by(e, &v[j], &v[i], by_score) < 0 ? v[j++] : v[i++];
    while (i < h)
        tmp[k++] = v[i++];
    while (j < n)
        tmp[k++] = v[j++];
    memcpy(v, tmp, n * sizeof *v);
}

/* Leave values of every sub-multiset of one rack, computed once per rack
 * (at most 2^7 = 128 of them): multiset -> mixed-radix index over the rack's
 * distinct tiles, so a move's leave is found by subtracting the weights of
 * its new tiles from the whole rack's index. */
typedef struct leave_cache {
    int8_t digit[64];         /* tile code -> digit, -1 if not on the rack */
    int weight[SK_RACK_MAX];
    int full;                 /* index of the whole rack */
    int32_t value[128];
} leave_cache;

static void cache_init(leave_cache *lc, const sk_engine *e, const sk_rack *r, const sk_state *st,
                       sk_leaves_value_fn fn, void *ctx)
{
    uint8_t c[64];
    rack_counts(r, c);
    int code[SK_RACK_MAX], max[SK_RACK_MAX], nd = 0, w = 1;
    memset(lc->digit, -1, sizeof lc->digit);
    lc->full = 0;
    for (int l = 0; l < 64 && nd < SK_RACK_MAX; l++)
        if (c[l]) {
            lc->digit[l] = (int8_t)nd;
            code[nd] = l;
            max[nd] = c[l];
            lc->weight[nd] = w;
            lc->full += c[l] * w;
            w *= c[l] + 1;
            nd++;
        }
    for (int idx = 0; idx < w; idx++) {
        uint8_t kept[64];
        memset(kept, 0, sizeof kept);
        int n = 0, x = idx;
        for (int i = 0; i < nd; i++) {
            int k = x % (max[i] + 1);
            x /= max[i] + 1;
            kept[code[i]] = (uint8_t)k;
            n += k;
        }
        lc->value[idx] = tki_sk_keep_value(e, kept, n, st, fn, ctx);
    }
}

static void move_play(const sk_engine *e, const sk_rack *r, const sk_state *st, const sk_move *m,
                      sk_leaves_value_fn fn, void *ctx, const leave_cache *lc, sk_play *p)
{
    p->move = *m;
    p->kind = SK_PLAY_MOVE;
    p->nx = 0;
    p->score = m->score;
    int idx = lc->full;
    for (int i = 0; i < m->len && idx >= 0; i++) {
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD)
            continue;
        int d = lc->digit[(t & SK_BLANK) ? 0 : (t & SK_LETTER)];
        idx = d < 0 ? -1 : idx - lc->weight[d];
    }
    if (idx >= 0 && idx < 128) {
        p->leave = lc->value[idx];
        p->equity = (int64_t)m->score * 1000 + p->leave;
    } else {
        p->equity = sk_move_equity(e, r, m, st, fn, ctx, &p->leave);
    }
}

long sk_rank_plays(const sk_engine *e, const sk_rack *r, const sk_state *st, const sk_movelist *moves,
                   sk_leaves_value_fn fn, void *ctx, int by_score, sk_play **out)
{
    size_t n = moves->n + 128 + 1;
    sk_play *v = calloc(n, sizeof *v), *tmp = malloc(n * sizeof *tmp);
    *out = NULL;
    if (!v || !tmp) {
        free(v);
        free(tmp);
        return TK_ENOMEM;
    }
    size_t k = 0;
    leave_cache lc;
    cache_init(&lc, e, r, st, fn, ctx);
    for (size_t i = 0; i < moves->n; i++)
        move_play(e, r, st, &moves->v[i], fn, ctx, &lc, &v[k++]);
    if (st->bag >= SK_EXCHANGE_MIN && r->n > 0)
        k += (size_t)sk_exchanges(e, r, st, fn, ctx, v + k);
    sk_pass_play(e, r, st, fn, ctx, &v[k++]);
    merge_sort(e, v, tmp, k, by_score);
    free(tmp);
    *out = v;
    return (long)k;
}

void sk_best_play(const sk_engine *e, const sk_rack *r, const sk_state *st, const sk_movelist *moves,
                  sk_leaves_value_fn fn, void *ctx, int by_score, sk_play *best)
{
    sk_play p;
    leave_cache lc;
    cache_init(&lc, e, r, st, fn, ctx);
    sk_pass_play(e, r, st, fn, ctx, best);
    for (size_t i = 0; i < moves->n; i++) {
        move_play(e, r, st, &moves->v[i], fn, ctx, &lc, &p);
        if (cmp_by(e, &p, best, by_score) < 0)
            *best = p;
    }
    if (st->bag >= SK_EXCHANGE_MIN && r->n > 0) {
        sk_play x[128];
        int nx = sk_exchanges(e, r, st, fn, ctx, x);
        for (int i = 0; i < nx; i++)
            if (cmp_by(e, &x[i], best, by_score) < 0)
                *best = x[i];
    }
}

void sk_rack_remove_move(sk_rack *r, const sk_move *m)
{
    for (int i = 0; i < m->len; i++) {
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD)
            continue;
        if (t & SK_BLANK) {
            if (r->blanks > 0) {
                r->blanks--;
                r->n--;
            }
        } else if (r->count[t & SK_LETTER] > 0) {
            r->count[t & SK_LETTER]--;
            r->n--;
        }
    }
}

void sk_board_apply(sk_board *b, const sk_move *m)
{
    for (int i = 0; i < m->len; i++) {
        if (m->word[i] & SK_ONBOARD)
            continue;
        int r = m->row + (m->dir ? i : 0), c = m->col + (m->dir ? 0 : i);
        b->sq[r * b->dim + c] = m->word[i] & (SK_LETTER | SK_BLANK);
    }
}

/* ---- random numbers: splitmix64 seeding xoshiro256** --------------------- */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void sk_rng_seed(sk_rng *g, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        g->s[i] = splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t sk_rng_next(sk_rng *g)
{
    uint64_t *s = g->s;
    uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return r;
}

uint32_t sk_rng_below(sk_rng *g, uint32_t n)
{
    /* Rejection sampling: exact uniformity. */
    uint64_t lim = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = sk_rng_next(g);
    while (x >= lim);
    return (uint32_t)(x % n);
}

uint64_t sk_game_seed(uint64_t seed, uint64_t game)
{
    uint64_t x = seed ^ (game * 0xD1B54A32D192ED03ull);
    splitmix64(&x);
    return splitmix64(&x);
}
