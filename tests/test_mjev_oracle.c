/* test_mjev_oracle.c - an independent second implementation of the
 * expected-value model (../shared/vectors/mjev-model.md sections 1-8)
 * compared with mj_ev_solve on generated hands, and the table-read
 * necessary/unnecessary tiles compared with trying each tile.
 *
 * The oracle shares no code with the fast path (src/mahjong/ev.c, nu.c,
 * the shanten tables):
 * - shanten: a whole-hand search over target shapes, tile by tile from 1m
 *   to 7z (how many sequences start here, a triplet, the pair), keeping the
 *   most held tiles a target of the right size covers (one pass, the
 *   states of each tile in a small array);
 *   seven pairs and thirteen orphans by their definitions;
 * - necessary / unnecessary tiles: by trying every tile with that shanten;
 * - the graph: built as mahjong-cpp builds it, by mutual recursion of
 *   draw_node and discard_node on one mutable hand, with a linear search
 *   for existing links, a separate hash of states;
 * - ura dora: by enumerating ordered pairs of indicators (the cases use at
 *   most two indicators);
 * - the recursion: full arrays for every turn, the formula of section 6.
 * Only the scorer of a complete hand (mj_score_hand) is shared: the model
 * takes its values from the rules of the scorer.
 *
 * Cases: 0- and 1-shanten hands made by changing one or two tiles of a
 * random complete hand (some with a meld, some with red fives), random
 * winds, dora indicators, seen tiles, honba and sticks, horizons of 2 to 7
 * turns, and random switches (back, tegawari, ura-ev, red, extra 0..1).
 */
#include "support/harness.h"
#include "tilekit/mahjong.h"
#include "tilekit/mjev.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define K 37

/* ---- oracle shanten ---- */

static int can_start_seq(int i) { return i < 27 && i % 9 <= 6; }

/* The most held tiles covered by a target of at most B blocks and at most
 * one pair, no kind used more than 4 times: a search over the tiles from
 * 1m to 7z whose state is (p1, p2) sequences started one and two tiles
 * back, b blocks and pr pairs placed.  Blocks that cover no held tile can
 * go anywhere (there is always a free kind), so they are left out: only
 * blocks that cover something are placed (more sequences than the largest
 * count of their three tiles, a triplet or a pair beyond the copies held,
 * cover nothing).  Regular distance = 3B + 2 - this. */
static int o_cover(const uint8_t *c, int B)
{
    static int val[2][250];
    static short act[2][250];
    static int ready;
    if (!ready) {
        for (int k = 0; k < 250; k++)
            val[0][k] = val[1][k] = -1;
        ready = 1;
    }
    int na[2] = { 1, 0 }, cu = 0;
    val[0][0] = 0;
    act[0][0] = 0;
    for (int i = 0; i < 34; i++) {
        int nu = cu ^ 1;
        na[nu] = 0;
        int seq = can_start_seq(i);
        int near = c[i] || (seq && (c[i + 1] || c[i + 2]));
        int top = 0;
        if (seq) {
            top = c[i];
            if (c[i + 1] > top) top = c[i + 1];
            if (c[i + 2] > top) top = c[i + 2];
        }
        for (int a = 0; a < na[cu]; a++) {
            int k = act[cu][a], v = val[cu][k];
            val[cu][k] = -1;
            int pr = k % 2, b = k / 2 % 5, p2 = k / 10 % 5, p1 = k / 50;
            for (int s = 0; s + b <= B && s <= (near ? top : 0); s++)
                for (int tri = 0; tri <= 1; tri++) {
                    if (b + s + tri > B || (tri && c[i] <= p1 + p2 + s))
                        continue;
                    for (int pair = 0; pair + pr <= 1; pair++) {
                        if (pair && c[i] <= p1 + p2 + s + 3 * tri)
                            continue;
                        int T = p1 + p2 + s + 3 * tri + 2 * pair;
                        if (T > 4)
                            continue;
                        int nk = ((s * 5 + p1) * 5 + b + s + tri) * 2 + pr + pair;
                        int nv = v + (c[i] < T ? c[i] : T);
                        if (val[nu][nk] < 0) {
                            val[nu][nk] = nv;
                            act[nu][na[nu]++] = (short)nk;
                        } else if (nv > val[nu][nk]) {
                            val[nu][nk] = nv;
                        }
                    }
                }
        }
        cu = nu;
    }
    int best = -1;
    for (int a = 0; a < na[cu]; a++) {
        int k = act[cu][a];
        if (k < 10 && val[cu][k] > best)   /* no sequence left open */
            best = val[cu][k];
        val[cu][k] = -1;
    }
    return best;
}

static int o_shanten_uncached(const uint8_t *c, int melds);

/* A direct-mapped cache of results (the graph asks for the same hands
 * again and again). */
#define O_CACHE_BITS 18
typedef struct o_cached { uint64_t a, b; int s; } o_cached;
static o_cached *o_cache;

static int o_shanten(const uint8_t *c, int melds)
{
    uint64_t a = 0, b = (uint64_t)melds + 1;
    for (int t = 0; t < 21; t++) a = a << 3 | c[t];
    for (int t = 21; t < 34; t++) b = b << 3 | c[t];
    if (!o_cache)
        o_cache = calloc((size_t)1 << O_CACHE_BITS, sizeof *o_cache);
    o_cached *x = &o_cache[((a * 0x9E3779B97F4A7C15ull) ^ (b * 0xD6E8FEB86659FD93ull)) >> (64 - O_CACHE_BITS)];
    if (x->a == a && x->b == b)
        return x->s;
    x->a = a;
    x->b = b;
    x->s = o_shanten_uncached(c, melds);
    return x->s;
}

static int o_shanten_uncached(const uint8_t *c, int melds)
{
    int B = 4 - melds;
    int s = 3 * B + 2 - o_cover(c, B) - 1;
    if (melds == 0) {
        int pairs = 0, kinds = 0, ok = 0, op = 0;
        for (int t = 0; t < 34; t++) {
            pairs += c[t] >= 2;
            kinds += c[t] >= 1;
            int orphan = t >= 27 || t % 9 == 0 || t % 9 == 8;
            if (orphan) {
                ok += c[t] >= 1;
                op |= c[t] >= 2;
            }
        }
        int sc = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        int sk = 13 - ok - op;
        if (sc < s) s = sc;
        if (sk < s) s = sk;
    }
    return s;
}

static uint64_t o_necessary(uint8_t *c, int melds, int *sh)
{
    int s = o_shanten(c, melds);
    uint64_t m = 0;
    for (int t = 0; t < 34; t++) {
        if (c[t] >= 4)
            continue;
        c[t]++;
        if (o_shanten(c, melds) < s)
            m |= 1ull << t;
        c[t]--;
    }
    *sh = s;
    return m;
}

static uint64_t o_unnecessary(uint8_t *c, int melds, int *sh)
{
    int s = o_shanten(c, melds);
    uint64_t m = 0;
    *sh = s;
    if (s < 0)
        return 0;
    for (int t = 0; t < 34; t++) {
        if (!c[t])
            continue;
        c[t]--;
        if (o_shanten(c, melds) == s)
            m |= 1ull << t;
        c[t]++;
    }
    return m;
}

/* ---- oracle model ---- */

typedef struct o_edge { int d, x, w, next; double score; } o_edge;
typedef struct o_node {
    uint8_t h[K];
    int riichi, draw, shanten;
    int first;   /* draw states: first link (-1 none), chained by next */
} o_node;

typedef struct oracle {
    /* input */
    mj_hand base;
    mj_winctx w;
    mj_ev_config cfg;
    uint8_t h0[K], w0[K], meldt[34];
    int k, closed, s0, S;
    /* working hand */
    uint8_t hand[K], wall[K];
    /* graph */
    o_node *nodes;
    int n_nodes, cap_nodes;
    o_edge *edges;
    int n_edges, cap_edges;
    int *slot;   /* hash of (hand, riichi, draw) -> node + 1 */
    int nslot;
    int too_big;
} oracle;

static uint64_t o_hash(const uint8_t *h, int riichi, int draw)
{
    uint64_t x = 1469598103934665603ull;
    for (int i = 0; i < K; i++)
        x = (x ^ h[i]) * 1099511628211ull;
    x = (x ^ (uint64_t)riichi) * 1099511628211ull;
    x = (x ^ (uint64_t)draw) * 1099511628211ull;
    return x;
}

static int o_find(oracle *o, int riichi, int draw)
{
    uint64_t j = o_hash(o->hand, riichi, draw) % (uint64_t)o->nslot;
    while (o->slot[j]) {
        o_node *n = &o->nodes[o->slot[j] - 1];
        if (n->riichi == riichi && n->draw == draw && memcmp(n->h, o->hand, K) == 0)
            return o->slot[j] - 1;
        j = (j + 1) % (uint64_t)o->nslot;
    }
    return -1;
}

static int o_add(oracle *o, int riichi, int draw)
{
    if (o->n_nodes == o->cap_nodes) {
        o->cap_nodes = o->cap_nodes ? 2 * o->cap_nodes : 256;
        o->nodes = realloc(o->nodes, (size_t)o->cap_nodes * sizeof *o->nodes);
    }
    o_node *n = &o->nodes[o->n_nodes];
    memcpy(n->h, o->hand, K);
    n->riichi = riichi;
    n->draw = draw;
    n->first = -1;
    uint64_t j = o_hash(o->hand, riichi, draw) % (uint64_t)o->nslot;
    while (o->slot[j])
        j = (j + 1) % (uint64_t)o->nslot;
    o->slot[j] = ++o->n_nodes;
    if (o->n_nodes * 2 > o->nslot)
        o->too_big = 1;
    return o->n_nodes - 1;
}

static void merged(const uint8_t *h, uint8_t *m)
{
    for (int t = 0; t < 34; t++)
        m[t] = h[t];
    m[4] += h[34];
    m[13] += h[35];
    m[22] += h[36];
}

static uint64_t reds(uint64_t m)
{
    if (m >> 4 & 1) m |= 1ull << 34;
    if (m >> 13 & 1) m |= 1ull << 35;
    if (m >> 22 & 1) m |= 1ull << 36;
    return m;
}

static int o_dist(const oracle *o)
{
    int d = 0;
    for (int i = 0; i < K; i++)
        if (o->hand[i] > o->h0[i])
            d += o->hand[i] - o->h0[i];
    return d;
}

static int o_indicated(int ind)
{
    if (ind < 27) return ind / 9 * 9 + (ind % 9 == 8 ? 0 : ind % 9 + 1);
    if (ind < 31) return ind == 30 ? 27 : ind + 1;
    return ind == 33 ? 31 : ind + 1;
}

static int up100(int x) { return (x + 99) / 100 * 100; }

static double o_pay(const oracle *o, int han, int fu)
{
    int base = han >= 13 ? 8000 : han >= 11 ? 6000 : han >= 8 ? 4000 : han >= 6 ? 3000 : han >= 5 ? 2000 : fu * (1 << (han + 2));
    if (base > 2000 && han < 5)
        base = 2000;
    int pay = o->w.seat == 0 ? 3 * up100(2 * base) : up100(2 * base) + 2 * up100(base);
    return pay + 300.0 * o->w.honba + 1000.0 * o->w.sticks;
}

/* value of a tsumo on kind i, the current hand complete */
static double o_score(oracle *o, int i, int riichi)
{
    mj_hand h = o->base;
    merged(o->hand, h.count);
    for (int s = 0; s < 3; s++)
        h.red[s] = o->hand[34 + s];
    int plain = i >= 34 ? (i - 34) * 9 + 4 : i;
    h.n_tiles = (uint8_t)(14 - 3 * o->k);   /* the base may be a 13-tile hand (a draw root) */
    h.last = (int8_t)plain;
    h.last_red = i >= 34;
    mj_winctx w = o->w;
    w.flags = MJ_WIN_TSUMO | (riichi ? MJ_WIN_RIICHI : 0);
    w.win = (int8_t)plain;
    w.win_red = i >= 34;
    mj_score sc;
    if (mj_score_hand(&h, &w, &sc, NULL) != 0 || sc.status != MJ_SCORE_OK)
        return 0;
    if (!o->cfg.ura || !riichi || !o->w.n_dora || sc.yakuman || sc.han >= 13)
        return sc.total;
    /* the wall of this state (merged), the copies of each dora kind held */
    int wall[34], S = 0, gain[34];
    uint8_t m[34];
    merged(o->hand, m);
    for (int t = 0; t < 34; t++) {
        wall[t] = o->wall[t] + (t == 4 ? o->wall[34] : t == 13 ? o->wall[35] : t == 22 ? o->wall[36] : 0);
        S += wall[t];
    }
    for (int t = 0; t < 34; t++)
        gain[t] = m[o_indicated(t)] + o->meldt[o_indicated(t)];
    double v = 0;
    if (o->w.n_dora == 1) {
        for (int a = 0; a < 34; a++)
            if (wall[a]) {
                int u = gain[a] > 12 ? 12 : gain[a];
                v += (double)wall[a] / S * o_pay(o, sc.han + u, sc.fu);
            }
    } else {   /* two indicators: ordered pairs */
        for (int a = 0; a < 34; a++)
            for (int b = 0; b < 34; b++) {
                double ways = (double)wall[a] * (wall[b] - (a == b));
                if (ways <= 0)
                    continue;
                int u = gain[a] + gain[b];
                if (u > 12) u = 12;
                v += ways / ((double)S * (S - 1)) * o_pay(o, sc.han + u, sc.fu);
            }
    }
    return v;
}

static int o_has_edge(const oracle *o, int d, int x)
{
    for (int e = o->nodes[d].first; e >= 0; e = o->edges[e].next)
        if (o->edges[e].x == x)
            return 1;
    return 0;
}

static void o_edge_add(oracle *o, int d, int x, int w, double score)
{
    if (o->n_edges == o->cap_edges) {
        o->cap_edges = o->cap_edges ? 2 * o->cap_edges : 1024;
        o->edges = realloc(o->edges, (size_t)o->cap_edges * sizeof *o->edges);
    }
    o->edges[o->n_edges] = (o_edge){ d, x, w, o->nodes[d].first, score };
    o->nodes[d].first = o->n_edges++;
}

static int o_discard_node(oracle *o, int riichi);

static int o_draw_node(oracle *o, int riichi)
{
    int me = o_find(o, riichi, 1);
    if (me >= 0 || o->too_big)
        return me;
    uint8_t m[34];
    merged(o->hand, m);
    int s;
    uint64_t need = reds(o_necessary(m, o->k, &s));
    me = o_add(o, riichi, 1);
    o->nodes[me].shanten = s;
    int teg = o->cfg.tegawari && !riichi && o_dist(o) + s < o->s0 + o->cfg.extra;
    for (int i = 0; i < K; i++) {
        int wait = (need >> i & 1) != 0;
        if (!o->wall[i] || !(teg || wait))
            continue;
        int w = o->wall[i];
        o->hand[i]++;
        o->wall[i]--;
        int x = o_discard_node(o, riichi);
        if (x >= 0 && !o_has_edge(o, me, x))
            o_edge_add(o, me, x, w, s == 0 && wait ? o_score(o, i, riichi) : 0);
        o->hand[i]--;
        o->wall[i]++;
    }
    return me;
}

static int o_discard_node(oracle *o, int riichi)
{
    int me = o_find(o, riichi, 0);
    if (me >= 0 || o->too_big)
        return me;
    uint8_t m[34];
    merged(o->hand, m);
    int s;
    uint64_t un = reds(o_unnecessary(m, o->k, &s));
    me = o_add(o, riichi, 0);
    o->nodes[me].shanten = s;
    int back = o->cfg.back && !riichi && o_dist(o) + s < o->s0 + o->cfg.extra;
    for (int i = 0; i < K; i++) {
        int u = (un >> i & 1) != 0;
        if (!o->hand[i] || !(back || u))
            continue;
        int r2 = o->closed && s == 0 && u ? 1 : riichi;
        o->hand[i]--;
        o->wall[i]++;
        int w = o->wall[i];
        int d = o_draw_node(o, r2);
        o->hand[i]++;
        o->wall[i]--;
        if (d >= 0 && !o_has_edge(o, d, me))
            o_edge_add(o, d, me, w, s == -1 ? o_score(o, i, riichi) : 0);
    }
    return me;
}

/* The values by turn of every node of the graph built in o (the formula
 * of section 6), as a table [t * nodes + node] of (tenpai, win, score);
 * the caller frees it. */
static double (*o_values(oracle *o))[3]
{
    int n = o->n_nodes, T = o->cfg.t_max;
    double (*tp)[3] = calloc((size_t)(T + 2) * (size_t)n, sizeof *tp);
#define V(t, x) tp[(size_t)(t) * (size_t)n + (size_t)(x)]
    for (int t = T; t >= o->cfg.t_min; t--) {
        for (int d = 0; d < n; d++) {
            if (!o->nodes[d].draw)
                continue;
            if (t == T) {
                V(t, d)[0] = o->nodes[d].shanten == 0;
                continue;
            }
            double a[3] = { 0, 0, 0 };
            for (int e = o->nodes[d].first; e >= 0; e = o->edges[e].next) {
                const o_edge *g = &o->edges[e];
                double x[3] = { V(t + 1, g->x)[0], V(t + 1, g->x)[1], V(t + 1, g->x)[2] };
                if (g->score > 0) {
                    x[0] = x[1] = 1;
                    x[2] = fmax(g->score, x[2]);
                }
                for (int k = 0; k < 3; k++)
                    a[k] += g->w * (x[k] - V(t + 1, d)[k]);
            }
            for (int k = 0; k < 3; k++)
                V(t, d)[k] = V(t + 1, d)[k] + a[k] / (o->S - t);
            if (o->nodes[d].shanten == 0)
                V(t, d)[0] = 1;
        }
        for (int e = 0; e < o->n_edges; e++)
            for (int k = 0; k < 3; k++)
                V(t, o->edges[e].x)[k] = fmax(V(t, o->edges[e].x)[k], V(t, o->edges[e].d)[k]);
    }
#undef V
    return tp;
}

/* An empty graph from the root hand. */
static void o_start(oracle *o)
{
    memcpy(o->hand, o->h0, K);
    memcpy(o->wall, o->w0, K);
    o->n_nodes = o->n_edges = 0;
    o->nslot = 1 << 16;
    o->slot = calloc((size_t)o->nslot, sizeof *o->slot);
    o->too_big = 0;
}

/* Fill *out as mj_ev_solve would; 0, or -1 when the graph is too big. */
static int o_solve(oracle *o, mj_ev_result *out)
{
    o_start(o);
    o_discard_node(o, 0);
    if (o->too_big) {
        free(o->slot);
        return -1;
    }
    int n = o->n_nodes, T = o->cfg.t_max;
    double (*tp)[3] = o_values(o);
#define V(t, x) tp[(size_t)(t) * (size_t)n + (size_t)(x)]
    /* the report */
    memset(out, 0, sizeof *out);
    out->shanten = o->s0;
    out->wall = o->S;
    uint8_t m[34];
    merged(o->h0, m);
    int s;
    uint64_t un = reds(o_unnecessary(m, o->k, &s));
    for (int i = 0; i < K; i++) {
        if (!o->h0[i])
            continue;
        memcpy(o->hand, o->h0, K);
        o->hand[i]--;
        int d = o_find(o, o->closed && o->s0 == 0 && (un >> i & 1), 1);
        if (d < 0)
            continue;
        mj_ev_discard *x = &out->discards[out->n_discards++];
        x->kind = (uint8_t)i;
        merged(o->hand, m);
        int sh;
        x->necessary = o_necessary(m, o->k, &sh);
        x->shanten = (int8_t)sh;
        for (int t = o->cfg.t_min; t <= T; t++) {
            x->tenpai[t - o->cfg.t_min] = V(t, d)[0];
            x->win[t - o->cfg.t_min] = V(t, d)[1];
            x->score[t - o->cfg.t_min] = V(t, d)[2];
        }
    }
#undef V
    out->draw_nodes = (size_t)n;
    free(tp);
    free(o->slot);
    return 0;
}

/* Set up the oracle from a parsed hand, context and configuration (the
 * same inputs mj_ev_solve takes); 0, or -1 for an input it refuses. */
static int o_setup(oracle *o, const mj_hand *h, const mj_winctx *w, const mj_ev_config *c)
{
    o->base = *h;
    o->w = *w;
    o->cfg = *c;
    o->k = h->n_melds;
    o->closed = 1;
    for (int i = 0; i < o->k; i++)
        o->closed &= h->melds[i].type == MJ_ANKAN;
    if (!c->red) {
        o->w.rules |= MJ_RULE_NO_AKA;
        memset(o->base.red, 0, 3);
        for (int i = 0; i < o->k; i++)
            o->base.melds[i].red = 0;
    }
    uint8_t tot[34];
    mj_hand_totals(&o->base, tot);
    int seen[34], red_seen[3] = { 0, 0, 0 };
    for (int t = 0; t < 34; t++) {
        o->meldt[t] = (uint8_t)(tot[t] - o->base.count[t]);
        seen[t] = tot[t] + w->seen[t];
    }
    for (int i = 0; i < w->n_dora; i++)
        seen[w->dora[i]]++;
    if (c->red)
        for (int s = 0; s < 3; s++) {
            red_seen[s] = o->base.red[s] + w->seen_red[s];
            for (int i = 0; i < w->n_dora; i++)
                red_seen[s] += (w->dora_red >> i & 1) && w->dora[i] / 9 == s;
            for (int i = 0; i < o->k; i++)
                red_seen[s] += o->base.melds[i].red && o->base.melds[i].tile / 9 == s;
        }
    o->S = 0;
    for (int t = 0; t < 34; t++) {
        o->h0[t] = o->base.count[t];
        o->w0[t] = (uint8_t)(4 - seen[t]);
        o->S += 4 - seen[t];
    }
    for (int s = 0; s < 3; s++) {
        o->h0[34 + s] = o->base.red[s];
        o->h0[s * 9 + 4] -= o->base.red[s];
        /* the red five is unseen unless seen, or unless every copy of the five is seen */
        o->w0[34 + s] = (uint8_t)(c->red && red_seen[s] == 0 && seen[s * 9 + 4] < 4 ? 1 : 0);
        o->w0[s * 9 + 4] -= o->w0[34 + s];
    }
    uint8_t m[34];
    merged(o->h0, m);
    o->s0 = o_shanten(m, o->k);
    return 0;
}

/* ---- case generation ---- */

static int put(uint8_t *c, int t, int n)
{
    if (c[t] + n > 4)
        return 0;
    c[t] = (uint8_t)(c[t] + n);
    return 1;
}

static void tiles_text(const uint8_t *c, char *out)
{
    static const char SU[] = "mpsz";
    size_t n = 0;
    for (int s = 0; s < 4; s++) {
        int any = 0;
        for (int t = s * 9; t < s * 9 + (s == 3 ? 7 : 9); t++)
            for (int k = 0; k < c[t]; k++) {
                out[n++] = (char)('1' + t - s * 9);
                any = 1;
            }
        if (any)
            out[n++] = SU[s];
    }
    out[n] = 0;
}

/* A line for a random 0/1-shanten hand with its context and EV words. */
static int make_case(th_rng *r, char *line, size_t cap)
{
    uint8_t c[34] = { 0 }, all[34] = { 0 };
    char melds[64] = "";
    int k = th_below(r, 5) == 0 ? 1 : 0;
    /* one meld */
    if (k) {
        int kind = (int)th_below(r, 3);
        if (kind == 0) {
            int s = (int)th_below(r, 3), n = (int)th_below(r, 7);
            int t = s * 9 + n;
            all[t]++; all[t + 1]++; all[t + 2]++;
            snprintf(melds, sizeof melds, " [%d%d%d%c]", n + 1, n + 2, n + 3, "mps"[s]);
        } else {
            int t = (int)th_below(r, 34);
            int d = t % 9 + 1;
            all[t] = (uint8_t)(kind == 1 ? 3 : 4);
            if (kind == 1)
                snprintf(melds, sizeof melds, " [%d%d%d%c]", d, d, d, "mpsz"[t / 9]);
            else
                snprintf(melds, sizeof melds, " (%d%d%d%d%c)", d, d, d, d, "mpsz"[t / 9]);
        }
    }
    /* a complete closed part: blocks and a pair */
    int tries = 0;
    while (tries++ < 100) {
        memset(c, 0, sizeof c);
        int ok = 1;
        for (int b = 0; b < 4 - k && ok; b++) {
            if (th_below(r, 3)) {
                int s = (int)th_below(r, 3), t = s * 9 + (int)th_below(r, 7);
                ok = c[t] + all[t] < 4 && c[t + 1] + all[t + 1] < 4 && c[t + 2] + all[t + 2] < 4;
                if (ok) { c[t]++; c[t + 1]++; c[t + 2]++; }
            } else {
                int t = (int)th_below(r, 34);
                ok = c[t] + all[t] + 3 <= 4;
                if (ok) c[t] += 3;
            }
        }
        int p = (int)th_below(r, 34);
        ok = ok && c[p] + all[p] + 2 <= 4;
        if (!ok)
            continue;
        c[p] += 2;
        /* change one or two tiles */
        int ch = 1 + (int)th_below(r, 2);
        for (int j = 0; j < ch; j++) {
            int from, to;
            do from = (int)th_below(r, 34); while (!c[from]);
            do to = (int)th_below(r, 34); while (to == from || c[to] + all[to] >= 4);
            c[from]--;
            c[to]++;
        }
        int sh = o_shanten(c, k);
        if (sh >= 0 && sh <= 1)
            break;
    }
    if (tries > 100)
        return 0;
    char hand[64];
    tiles_text(c, hand);
    /* a red five: write one 5 of the hand as 0 */
    if (th_below(r, 3) == 0) {
        char *five = strchr(hand, '5');
        if (five && five[strspn(five, "0123456789")] != 'z') *five = '0';
    }
    for (int t = 0; t < 34; t++) all[t] = (uint8_t)(all[t] + c[t]);
    /* dora indicators and seen tiles among the free copies */
    uint8_t dora[34] = { 0 }, seen[34] = { 0 };
    int nd = (int)th_below(r, 3), ns = (int)th_below(r, 7);
    for (int j = 0; j < nd; j++) {
        int t = (int)th_below(r, 34);
        if (put(all, t, 1)) dora[t]++;
    }
    for (int j = 0; j < ns; j++) {
        int t = (int)th_below(r, 34);
        if (put(all, t, 1)) seen[t]++;
    }
    char dtext[40], stext[40];
    tiles_text(dora, dtext);
    tiles_text(seen, stext);
    static const char W[] = "ESWN";
    int last = 2 + (int)th_below(r, 6), turn = 1 + (int)th_below(r, (uint32_t)last);
    snprintf(line, cap, "%s%s round:%c seat:%c%s%s%s%s honba:%u sticks:%u turn:%d last:%d extra:%u back:%s tegawari:%s ura-ev:%s red:%s",
             hand, melds, W[th_below(r, 2)], W[th_below(r, 4)], nd ? " dora:" : "", nd ? dtext : "", ns ? " seen:" : "",
             ns ? stext : "", th_below(r, 3), th_below(r, 2), turn, last, th_below(r, 4) ? 1u : 0u,
             th_below(r, 4) ? "on" : "off", th_below(r, 4) ? "on" : "off", th_below(r, 2) ? "on" : "off",
             th_below(r, 3) ? "on" : "off");
    return 1;
}

static int close_enough(double a, double b)
{
    double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    return fabs(a - b) <= (1e-9 * m > 1e-12 ? 1e-9 * m : 1e-12);
}

static oracle ORC;

/* Free the oracle's graph, ready for another test. */
static void o_release(oracle *o)
{
    free(o->nodes);
    free(o->edges);
    o->nodes = NULL;
    o->edges = NULL;
    o->n_nodes = o->cap_nodes = o->n_edges = o->cap_edges = 0;
}

static void test_ev_oracle(void)
{
    th_rng r = { 20261203 };
    mj_ctx *ctx;
    mj_ev *ev;
    REQUIRE(mj_ctx_create(&ctx, NULL) == 0);
    REQUIRE(mj_ev_create(&ev, NULL) == 0);
    static mj_ev_result a, b;
    int want = (int)(200 * th_sanitized_scale(20));
    if (want < 10) want = 10;
    int done = 0, tried = 0, s_count[2] = { 0, 0 };
    while (done < want && tried < 20 * want) {
        tried++;
        char line[512];
        if (!make_case(&r, line, sizeof line))
            continue;
        mj_hand h;
        mj_winctx w;
        mj_ev_config cfg;
        tk_error err = { 0 };
        mj_winctx_init(&w);
        mj_ev_config_init(&cfg);
        if (mj_ev_parse_line(line, strlen(line), &h, &w, &cfg, &err) != 0) {
            CHECKF(0, "%s: %s", line, err.msg);
            continue;
        }
        int rc = mj_ev_solve(ev, ctx, &h, &w, &cfg, &a, &err);
        if (rc != 0) {
            CHECKF(rc == TK_EINVAL, "%s: %s", line, err.msg);
            continue;
        }
        if (a.shanten > 0 && s_count[1] >= want / 5)
            continue;   /* 1-shanten graphs cost the oracle the most: a fifth of the cases */
        o_setup(&ORC, &h, &w, &cfg);
        if (o_solve(&ORC, &b) != 0)
            continue;
        done++;
        s_count[a.shanten > 0]++;
        CHECKF(a.shanten == b.shanten && a.wall == b.wall, "%s: shanten %d/%d wall %d/%d", line, a.shanten, b.shanten,
               a.wall, b.wall);
        CHECKF(a.draw_nodes + a.discard_nodes == b.draw_nodes, "%s: %zu states, oracle %zu", line,
               a.draw_nodes + a.discard_nodes, b.draw_nodes);
        CHECKF(a.n_discards == b.n_discards, "%s: %d discards, oracle %d", line, a.n_discards, b.n_discards);
        if (a.n_discards != b.n_discards)
            continue;
        for (int i = 0; i < a.n_discards; i++) {
            const mj_ev_discard *x = &a.discards[i], *y = &b.discards[i];
            CHECKF(x->kind == y->kind && x->shanten == y->shanten && x->necessary == y->necessary,
                   "%s: discard %d: kind %d/%d shanten %d/%d", line, i, x->kind, y->kind, x->shanten, y->shanten);
            int n = cfg.t_max - cfg.t_min + 1, bad = 0;
            for (int t = 0; t < n; t++)
                bad |= !close_enough(x->tenpai[t], y->tenpai[t]) || !close_enough(x->win[t], y->win[t]) ||
                       !close_enough(x->score[t], y->score[t]);
            CHECKF(!bad, "%s: discard kind %d: values differ (score %.17g / %.17g)", line, x->kind, x->score[0],
                   y->score[0]);
        }
    }
    CHECKF(done >= want, "only %d of %d cases compared", done, want);
    CHECK(s_count[0] > 0 && s_count[1] > 0);
    printf("  ev_oracle: %d hands compared (%d tenpai, %d 1-shanten)\n", done, s_count[0], s_count[1]);
    o_release(&ORC);
    mj_ev_destroy(ev);
    mj_ctx_destroy(ctx);
}

/* The table-read necessary/unnecessary tiles against trying each tile
 * (mj_*_slow) and against the oracle shanten, on random and near-complete
 * hands with 0..4 melds. */
static void test_nu_tables(void)
{
    th_rng r = { 77 };
    mj_ctx *ctx;
    REQUIRE(mj_ctx_create(&ctx, NULL) == 0);
    int n = (int)(4000 * th_sanitized_scale(20));
    int bad = 0;
    for (int i = 0; i < n && bad < 5; i++) {
        int k = (int)th_below(&r, 5) == 0 ? (int)th_below(&r, 5) : 0;
        int is14 = (int)th_below(&r, 2);
        int want = (is14 ? 14 : 13) - 3 * k;
        uint8_t c[34] = { 0 };
        int got = 0;
        int near = th_below(&r, 2);
        while (got < want) {
            int t = (int)th_below(&r, 34);
            int add = near && got + 3 <= want ? 3 : 1;
            if (near && add == 3 && th_below(&r, 2) && t < 27 && t % 9 <= 6 && c[t] < 4 && c[t + 1] < 4 && c[t + 2] < 4) {
                c[t]++; c[t + 1]++; c[t + 2]++;
                got += 3;
            } else if (c[t] < 4) {
                c[t]++;
                got++;
            }
        }
        int s1, s2, s3;
        uint64_t m1 = is14 ? mj_unnecessary(ctx, c, k, &s1) : mj_necessary(ctx, c, k, &s1);
        uint64_t m2 = is14 ? mj_unnecessary_slow(ctx, c, k, &s2) : mj_necessary_slow(ctx, c, k, &s2);
        uint64_t m3 = is14 ? o_unnecessary(c, k, &s3) : o_necessary(c, k, &s3);
        if (m1 != m2 || s1 != s2 || m1 != m3 || s1 != s3) {
            char t[64];
            tiles_text(c, t);
            CHECKF(0, "%s (%d melds): shanten %d/%d/%d masks %llx %llx %llx", t, k, s1, s2, s3,
                   (unsigned long long)m1, (unsigned long long)m2, (unsigned long long)m3);
            bad++;
        }
    }
    mj_ctx_destroy(ctx);
}

/* The library contract: words, errors as codes with messages (never a
 * crash), limits, and one solver reused across hands of every size. */
static void test_api(void)
{
    mj_ctx *ctx;
    mj_ev *ev;
    REQUIRE(mj_ctx_create(&ctx, NULL) == 0);
    REQUIRE(mj_ev_create(&ev, NULL) == 0);
    static mj_ev_result res;
    mj_ev_config c;
    mj_hand h;
    mj_winctx w;
    tk_error err = { 0 };
    char nm[3];
    mj_ev_kind_name(35, nm);
    CHECK(strcmp(nm, "0p") == 0);
    mj_ev_kind_name(4, nm);
    CHECK(strcmp(nm, "5m") == 0);
    /* words */
    mj_ev_config_init(&c);
    CHECK(c.t_min == 1 && c.t_max == 18 && c.extra == 1 && c.back && c.tegawari && c.ura && c.red);
    CHECK(mj_ev_word(&c, "last:12", 7, 1, &err) == 1 && c.t_max == 12);
    CHECK(mj_ev_word(&c, "back:off", 8, 1, &err) == 1 && c.back == 0);
    CHECK(mj_ev_word(&c, "seat:E", 6, 1, &err) == 0);   /* not an EV word */
    CHECK(mj_ev_word(&c, "last:19", 7, 5, &err) == TK_EFORMAT && err.col == 10);
    CHECK(mj_ev_word(&c, "red:maybe", 9, 1, &err) == TK_EFORMAT);
    /* bad hands and contexts */
    static const struct { const char *line; int rc; const char *msg; } BAD[] = {
        { "123m456p789s1122z", TK_EINVAL, "after its draw" },
        { "123m456p789s11222z", TK_EINVAL, "already complete" },
        { "147m258p369s12345z", TK_EINVAL, "shanten 6" },
        { "123m456p789s11223z ron", TK_EINVAL, "ron/tsumo" },
        { "123m456p789s11223z tsumo", TK_EINVAL, "win words" },
        { "123m456p789s11223z ura:1m", TK_EINVAL, "ura:" },
        { "1112345678999m5z seen:11m", TK_EINVAL, "5 copies of 1m" },
        { "123m406p789s11223z seen:0p", TK_EINVAL, "red fives" },
        { "123m456p789s11223z turn:9 last:5", TK_EINVAL, "turn 9" },
        { "123m456p789s11223z dora:123456m", TK_EINVAL, "dora indicators" },
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        mj_winctx_init(&w);
        mj_ev_config_init(&c);
        memset(&err, 0, sizeof err);
        int rc = mj_ev_parse_line(BAD[i].line, strlen(BAD[i].line), &h, &w, &c, &err);
        if (rc == 0)
            rc = mj_ev_solve(ev, ctx, &h, &w, &c, &res, &err);
        CHECKF(rc == BAD[i].rc && strstr(err.msg, BAD[i].msg), "%s: %d %s", BAD[i].line, rc, err.msg);
    }
    CHECK(mj_ev_solve(NULL, ctx, &h, &w, &c, &res, &err) == TK_EINVAL);
    /* limits: a 3-shanten hand cut by states, then solved; a tenpai hand
     * after it on the same solver gives the same as on a fresh one */
    const char *big = "49m789p126789s347z round:E seat:W dora:9s seen:1m1237p278s22z";
    const char *small = "12344405667889p round:E seat:E dora:7z seen:589m236p27s14455z last:6";
    mj_winctx_init(&w);
    mj_ev_config_init(&c);
    REQUIRE(mj_ev_parse_line(big, strlen(big), &h, &w, &c, &err) == 0);
    c.max_nodes = 5000;
    CHECK(mj_ev_solve(ev, ctx, &h, &w, &c, &res, &err) == TK_ELIMIT && strstr(err.msg, "cut: more than 5000 states"));
    c.max_nodes = 0;
    if (!th_sanitized()) {
        CHECK(mj_ev_solve(ev, ctx, &h, &w, &c, &res, &err) == 0 && res.shanten == 3 &&
              res.draw_nodes + res.discard_nodes == 202048);   /* mahjong-cpp's count (evp-19) */
    }
    static mj_ev_result r1, r2;
    mj_ev *fresh;
    REQUIRE(mj_ev_create(&fresh, NULL) == 0);
    mj_winctx_init(&w);
    mj_ev_config_init(&c);
    REQUIRE(mj_ev_parse_line(small, strlen(small), &h, &w, &c, &err) == 0);
    CHECK(mj_ev_solve(ev, ctx, &h, &w, &c, &r1, &err) == 0);
    CHECK(mj_ev_solve(fresh, ctx, &h, &w, &c, &r2, &err) == 0);
    CHECK(r1.n_discards == 10 && r1.n_turns == 6 && memcmp(&r1, &r2, sizeof r1) == 0);
    mj_ev_destroy(fresh);
    mj_ev_destroy(NULL);
    mj_ev_destroy(ev);
    mj_ctx_destroy(ctx);
}

/* ---- calls ----
 * Each call of mj_ev_calls set up by hand (its meld made, the called tile
 * in it, or seen when passing) and valued by the oracle's own recursion
 * above: o_solve for the 14-tile hand after a chi or pon (the discard the
 * library chose must be the best one the swap-calling rule allows, and its
 * values the oracle's), o_solve_draw (the same recursion from a draw
 * state) for the pass and an open kan; a ron by the scorer.  Hands with
 * one or two open melds (often a dragon pon: a yaku) and small horizons,
 * red fives off. */

/* The value of the 13 - 3k tile hand set up in o, waiting for its draw. */
static int o_solve_draw(oracle *o, double v[3])
{
    o_start(o);
    int root = o_draw_node(o, 0);
    if (o->too_big || root < 0) {
        free(o->slot);
        return -1;
    }
    int n = o->n_nodes;
    double (*tp)[3] = o_values(o);
#define V(t, x) tp[(size_t)(t) * (size_t)n + (size_t)(x)]
    for (int k = 0; k < 3; k++)
        v[k] = V(o->cfg.t_min, root)[k];
#undef V
    free(tp);
    free(o->slot);
    return 0;
}

/* A hand with k open melds, shanten <= 2, and a tile it can call. */
static int cr_case(th_rng *r, mj_hand *h, int *tile)
{
    for (int tries = 0; tries < 200; tries++) {
        uint8_t used[34] = { 0 };
        memset(h, 0, sizeof *h);
        h->last = -1;
        h->n_melds = (uint8_t)(1 + th_below(r, 2));
        for (int i = 0; i < h->n_melds; i++) {
            int x = th_below(r, 3) ? 31 + (int)th_below(r, 3) : (int)th_below(r, 34);   /* often a dragon pon */
            if (used[x] + 3 > 4)
                x = (int)th_below(r, 27);
            if (used[x] + 3 > 4)
                return 0;
            used[x] += 3;
            h->melds[i] = (mj_meld){ MJ_PON, (uint8_t)x, 0 };
        }
        int n = 13 - 3 * h->n_melds;
        while (h->n_tiles < n) {
            int x = th_below(r, 2) ? (int)th_below(r, 27) : 9 + (int)th_below(r, 9);
            if (used[x] + h->count[x] >= 4)
                continue;
            h->count[x]++;
            h->n_tiles++;
        }
        int s = o_shanten(h->count, h->n_melds);
        if (s > 2)
            continue;
        for (int k = 0; k < 40; k++) {
            int x = (int)th_below(r, 27);
            int chi = (x % 9 >= 1 && x % 9 <= 7 && h->count[x - 1] && h->count[x + 1]) ||
                      (x % 9 <= 6 && h->count[x + 1] && h->count[x + 2]);
            if (used[x] + h->count[x] < 4 && (h->count[x] >= 2 || chi)) {
                *tile = x;
                return 1;
            }
        }
    }
    return 0;
}

/* The library's call got against the oracle; hand h, offered tile. */
static void call_compare(const mj_hand *h, const mj_winctx *w, const mj_ev_config *c, int tile, const mj_ev_call *got,
                         const char *what)
{
    static mj_ev_result res;
    double v[3] = { 0, 0, 0 };
    mj_hand g = *h;
    mj_winctx wo = *w;
    if (got->kind == MJ_CALL_PASS || got->kind == MJ_CALL_KAN) {
        if (got->kind == MJ_CALL_KAN) {
            g.count[tile] -= 3;
            g.n_tiles -= 3;
            g.melds[g.n_melds++] = (mj_meld){ MJ_KAN, (uint8_t)tile, 0 };
        } else {
            wo.seen[tile]++;
        }
        o_setup(&ORC, &g, &wo, c);
        if (o_solve_draw(&ORC, v) != 0)
            return;
    } else {
        int lo = tile;
        for (int i = 0; i < 2; i++) {
            g.count[got->own[i]]--;
            lo = got->own[i] < lo ? got->own[i] : lo;
        }
        g.n_tiles -= 2;
        g.melds[g.n_melds++] = (mj_meld){ (uint8_t)(got->kind == MJ_CALL_CHI ? MJ_CHI : MJ_PON),
                                          (uint8_t)(got->kind == MJ_CALL_CHI ? lo : tile), 0 };
        o_setup(&ORC, &g, &wo, c);
        if (o_solve(&ORC, &res) != 0)
            return;
        /* the best discard the swap-calling rule allows, by the oracle */
        int lo2 = got->own[0] < got->own[1] ? got->own[0] : got->own[1], best = -1, mine = -1;
        for (int i = 0; i < res.n_discards; i++) {
            int x = res.discards[i].kind;
            int swap = x == tile || (got->kind == MJ_CALL_CHI && tile == lo2 - 1 && x == tile + 3 && tile % 9 <= 5) ||
                       (got->kind == MJ_CALL_CHI && tile == lo2 + 2 && x == tile - 3 && tile % 9 >= 3);
            if (x == got->discard)
                mine = i;
            if (!swap && (best < 0 || res.discards[i].score[0] > res.discards[best].score[0]))
                best = i;
        }
        CHECKF(mine >= 0 && best >= 0 && close_enough(res.discards[best].score[0], res.discards[mine].score[0]),
               "%s: %s cut %d: not the best allowed discard", what, mj_call_name(got->kind), got->discard);
        if (mine < 0)
            return;
        v[0] = res.discards[mine].tenpai[0];
        v[1] = res.discards[mine].win[0];
        v[2] = res.discards[mine].score[0];
    }
    CHECKF(close_enough(v[2], got->score) && close_enough(v[1], got->win) && close_enough(v[0], got->tenpai),
           "%s: %s: score %.17g / %.17g win %.17g / %.17g tenpai %.17g / %.17g", what, mj_call_name(got->kind),
           got->score, v[2], got->win, v[1], got->tenpai, v[0]);
}

static void test_calls_oracle(void)
{
    th_rng r = { 4646 };
    mj_ctx *ctx;
    mj_ev *ev;
    REQUIRE(mj_ctx_create(&ctx, NULL) == 0 && mj_ev_create(&ev, NULL) == 0);
    int want = (int)(40 * th_sanitized_scale(10)) + 3, done = 0, kinds[5] = { 0 }, zero_calls = 0;
    for (int i = 0; i < 50 * want && done < want; i++) {
        mj_hand h;
        int tile = 0;
        if (!cr_case(&r, &h, &tile))
            continue;
        mj_winctx w;
        mj_winctx_init(&w);
        w.seat = (uint8_t)th_below(&r, 4);
        w.round = (uint8_t)th_below(&r, 2);
        mj_ev_config c;
        mj_ev_config_init(&c);
        c.red = 0;
        c.back = th_below(&r, 2);
        c.tegawari = th_below(&r, 2);
        c.t_max = 2 + (int)th_below(&r, 3);
        c.t_min = 1 + (int)th_below(&r, (uint32_t)c.t_max);
        mj_ev_callset cs;
        tk_error err = { 0 };
        if (mj_ev_calls(ev, ctx, &h, &w, &c, tile, 0, th_below(&r, 2) ? MJ_CALL_FROM_LEFT : 0, &cs, &err) != 0)
            continue;
        char what[96];
        mj_hand_format(&h, what, sizeof what);
        CHECK(cs.calls[0].kind == MJ_CALL_PASS && cs.n >= 1);
        for (int k = 0; k < cs.n; k++) {
            kinds[cs.calls[k].kind]++;
            zero_calls += cs.calls[k].kind != MJ_CALL_PASS && cs.calls[k].score == 0;
            if (cs.calls[k].kind != MJ_CALL_RON)
                call_compare(&h, &w, &c, tile, &cs.calls[k], what);
            CHECK(cs.calls[k].score <= cs.calls[cs.best].score);
        }
        done++;
    }
    /* a ron: the scorer's value; none when furiten */
    mj_hand h;
    mj_winctx w;
    mj_ev_config c;
    tk_error err = { 0 };
    mj_ev_callset cs;
    mj_winctx_init(&w);
    mj_ev_config_init(&c);
    c.t_max = 4;
    REQUIRE(mj_ev_parse_line("234m345p456s5577z", 17, &h, &w, &c, &err) == 0);
    REQUIRE(mj_ev_calls(ev, ctx, &h, &w, &c, 31, 0, 0, &cs, &err) == 0);
    mj_score sc;
    REQUIRE(mj_score_wait(&h, &w, 31, 0, 0, &sc, &err) == 0 && sc.status == MJ_SCORE_OK);
    int ron = -1;
    for (int k = 0; k < cs.n; k++)
        if (cs.calls[k].kind == MJ_CALL_RON)
            ron = k;
    CHECK(ron > 0 && cs.calls[ron].score == sc.total && cs.calls[ron].win == 1 && cs.best == ron);
    REQUIRE(mj_ev_calls(ev, ctx, &h, &w, &c, 31, 0, MJ_CALL_FURITEN, &cs, &err) == 0);
    for (int k = 0; k < cs.n; k++)
        CHECK(cs.calls[k].kind != MJ_CALL_RON);
    CHECKF(done >= want && kinds[MJ_CALL_PON] > 0 && kinds[MJ_CALL_CHI] > 0, "%d cases, %d pon, %d chi", done,
           kinds[MJ_CALL_PON], kinds[MJ_CALL_CHI]);
    printf("  calls_oracle: %d offers, %d pass %d chi %d pon %d kan %d ron (%d calls worth 0: no yaku)\n", done,
           kinds[0], kinds[1], kinds[2], kinds[3], kinds[4], zero_calls);
    o_release(&ORC);
    mj_ev_destroy(ev);
    mj_ctx_destroy(ctx);
}

static void test_cleanup(void)
{
    free(o_cache);
    o_cache = NULL;
    CHECK(1);
}

static const th_test tests[] = {
    {"nu_tables", test_nu_tables},
    {"ev_oracle", test_ev_oracle},
    {"api", test_api},
    {"calls_oracle", test_calls_oracle},
    {"cleanup", test_cleanup},
    {0, 0}
};

int main(int argc, char **argv) { return th_main("mjev_oracle", tests, argc, argv); }
