/* ev.c - expected value of each discard (the model of
 * ../shared/vectors/mjev-model.md, mahjong-cpp's ExpectedScoreCalculator).
 *
 * A state is a concealed hand over 37 kinds (red fives apart) and a riichi
 * flag, packed into two 64-bit words (3 bits a kind) that are its key in
 * an open-addressing hash table; draw states (13 - 3k tiles) and discard
 * states (14 - 3k) live in two stores.  The search is one pass over a work
 * list (each state expanded once, so the work is shared between the
 * discards of the root and between all the paths that reach a state):
 * - a draw state links to the discard state of each kind it may draw (a
 *   necessary tile, or any tile for tegawari within the budget);
 * - a discard state links back to the draw state of each kind it may
 *   discard (an unnecessary tile, or any tile for shanten back), the
 *   discard into tenpai of a closed hand declaring riichi.
 * Every link belongs to its draw state (a mask of kinds for links to the
 * state with the same riichi flag, another for riichi declarations), so a
 * link made by both rules is one link.  The links are then laid out by draw
 * state (CSR) with their weight (copies of the tile in the draw state's
 * wall) and, when the discard state is complete, the value of the tsumo win
 * (tilekit's scorer, plus the expected ura dora of a riichi win by a DP
 * over the indicator kinds).  The values by turn run backwards from the
 * last turn keeping two layers (this turn, the next); each turn the draw
 * states average over their links, the discard states take three separate
 * maxima over theirs.  Memory: the stores, the links and four value layers,
 * all reused from one hand to the next; nothing is allocated per state. */
#include "mj_internal.h"
#include "tilekit/mjev.h"
#include "core/tk_text.h"

#include <stdlib.h>
#include <string.h>

#define RIICHI_BIT ((uint64_t)1 << 48)

typedef struct ev_node {
    uint64_t k0, k1;        /* kinds 0..20 and 21..36 (+ riichi) */
    uint64_t lmask, rmask;  /* draw states: links by kind, and riichi declarations */
    int8_t shanten;
} ev_node;

typedef struct ev_store {
    ev_node *n;
    size_t len, cap;
    uint64_t *slot;   /* the key's hash (high 32 bits) and node index + 1 (low); 0 = empty */
    size_t nslot;     /* power of two */
} ev_store;

typedef struct ev_val { double T, W, E; } ev_val;

/* A link of a draw state: its discard state, weight | score index << 3. */
typedef struct ev_link { uint32_t x, w; } ev_link;

struct mj_ev {
    ev_store st[2];          /* 0 draw, 1 discard */
    uint32_t *off;           /* CSR offsets of the draw states' links */
    ev_link *lk;             /* the links by draw state */
    size_t lkcap, offcap;
    uint32_t *td, *tx, *tw;  /* links as made: draw state, discard state, weight | score << 3 */
    size_t tn, tdcap, txcap, twcap;
    uint32_t *pos;           /* counting sort of the links by draw state */
    size_t poscap;
    double *sc;              /* scores (index 0 unused) */
    size_t sccap, scn;
    ev_val *v[4];            /* draw next, draw cur, discard next, discard cur */
    size_t vcap[4];
};

/* ---- solve-time context ---- */
typedef struct ev_run {
    mj_ev *ev;
    mj_ctx *ctx;
    const mj_ev_config *cfg;
    mj_hand base;            /* melds, with reds cleared if red is off */
    mj_winctx w;
    uint8_t h0[MJ_EV_KINDS], w0[MJ_EV_KINDS];
    uint8_t meld_tiles[MJ_TILES];
    int k, closed, s0, extra;
    size_t max_nodes;
    double deadline;
    tk_error *err;
} ev_run;

static double now_s(void) { return tku_clock_seconds(); }

void mj_ev_kind_name(int kind, char out[3])
{
    if (kind >= MJ_TILES) {
        out[0] = '0';
        out[1] = "mps"[kind - MJ_TILES];
        out[2] = 0;
    } else {
        mj_tile_name(kind, out);
    }
}

void mj_ev_config_init(mj_ev_config *c)
{
    memset(c, 0, sizeof *c);
    c->t_min = 1;
    c->t_max = MJ_EV_MAX_TURNS;
    c->extra = 1;
    c->back = c->tegawari = c->ura = c->red = 1;
}

/* ---- words ---- */
static int word_is(const char *s, size_t n, const char *lit)
{
    size_t l = strlen(lit);
    return n == l && memcmp(s, lit, l) == 0;
}

int mj_ev_word(mj_ev_config *c, const char *s, size_t n, long col, tk_error *err)
{
    static const char *const KEYS[] = { "turn", "last", "extra", "back", "tegawari", "ura-ev", "red" };
    const char *colon = memchr(s, ':', n);
    if (!colon)
        return 0;
    size_t kl = (size_t)(colon - s);
    int key = -1;
    for (int i = 0; i < 7; i++)
        if (word_is(s, kl, KEYS[i]))
            key = i;
    if (key < 0)
        return 0;
    const char *v = colon + 1;
    size_t vn = n - kl - 1;
    long vcol = col + (long)kl + 1;
    if (key <= 2) {
        int x = 0;
        if (vn == 0 || vn > 2)
            return tk_error_set(err, TK_EFORMAT, 0, vcol, "%s: needs a number 0..18", KEYS[key]);
        for (size_t i = 0; i < vn; i++) {
            if (v[i] < '0' || v[i] > '9')
                return tk_error_set(err, TK_EFORMAT, 0, vcol, "%s: needs a number 0..18", KEYS[key]);
            x = x * 10 + (v[i] - '0');
        }
        if (key == 0) {
            if (x < 1 || x > MJ_EV_MAX_TURNS)
                return tk_error_set(err, TK_EFORMAT, 0, vcol, "turn: must be 1..18");
            c->t_min = x;
        } else if (key == 1) {
            if (x < 1 || x > MJ_EV_MAX_TURNS)
                return tk_error_set(err, TK_EFORMAT, 0, vcol, "last: must be 1..18");
            c->t_max = x;
        } else {
            if (x > 14)
                return tk_error_set(err, TK_EFORMAT, 0, vcol, "extra: must be 0..14");
            c->extra = x;
        }
        return 1;
    }
    int on;
    if (word_is(v, vn, "on"))
        on = 1;
    else if (word_is(v, vn, "off"))
        on = 0;
    else
        return tk_error_set(err, TK_EFORMAT, 0, vcol, "%s: must be on or off", KEYS[key]);
    if (key == 3) c->back = on;
    else if (key == 4) c->tegawari = on;
    else if (key == 5) c->ura = on;
    else c->red = on;
    return 1;
}

#define EV_LINE_MAX 4096

int mj_ev_parse_line(const char *text, size_t len, mj_hand *h, mj_winctx *w, mj_ev_config *c, tk_error *err)
{
    char buf[EV_LINE_MAX];
    if (len >= sizeof buf)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "line longer than %d bytes", EV_LINE_MAX - 1);
    memcpy(buf, text, len);
    size_t i = 0;
    while (i < len) {
        while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
            i++;
        size_t s = i;
        while (i < len && !(buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
            i++;
        if (i == s)
            break;
        int rc = mj_ev_word(c, buf + s, i - s, (long)s + 1, err);
        if (rc < 0)
            return rc;
        if (rc)
            memset(buf + s, ' ', i - s);
    }
    return mj_parse_line(buf, len, h, w, err);
}

/* ---- stores ---- */
static inline uint64_t key_hash(uint64_t k0, uint64_t k1)
{
    uint64_t h = (k0 * 0x9E3779B97F4A7C15ull) ^ (k1 + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    return h ^ (h >> 29);
}

static int store_reset(ev_store *s)
{
    s->len = 0;
    if (s->slot && s->nslot > 16384) {   /* a big hand before: start small again */
        free(s->slot);
        s->slot = NULL;
    }
    if (!s->slot) {
        s->nslot = 1024;
        s->slot = calloc(s->nslot, sizeof *s->slot);
        if (!s->slot)
            return TK_ENOMEM;
    } else {
        memset(s->slot, 0, s->nslot * sizeof *s->slot);
    }
    return 0;
}

static int store_grow_slots(ev_store *s)
{
    size_t n = s->nslot * 2;
    uint64_t *slot = calloc(n, sizeof *slot);
    if (!slot)
        return TK_ENOMEM;
    for (size_t i = 0; i < s->len; i++) {
        uint64_t h = key_hash(s->n[i].k0, s->n[i].k1);
        size_t j = h & (n - 1);
        while (slot[j])
            j = (j + 1) & (n - 1);
        slot[j] = (h & ~(uint64_t)0xFFFFFFFF) | (uint64_t)(i + 1);
    }
    free(s->slot);
    s->slot = slot;
    s->nslot = n;
    return 0;
}

/* Index of the state (k0, k1), or -1. */
#define SLOT_TAG(h) ((h) & ~(uint64_t)0xFFFFFFFF)
#define SLOT_NODE(x) ((long)((x) & 0xFFFFFFFF) - 1)

/* The same, and when it is not there the empty slot *j where it goes and its tag. */
static inline long store_probe(const ev_store *s, uint64_t k0, uint64_t k1, size_t *j, uint64_t *tag)
{
    uint64_t h = key_hash(k0, k1);
    *tag = SLOT_TAG(h);
    *j = h & (s->nslot - 1);
    for (uint64_t x; (x = s->slot[*j]) != 0; *j = (*j + 1) & (s->nslot - 1)) {
        if (SLOT_TAG(x) != *tag)
            continue;
        const ev_node *n = &s->n[SLOT_NODE(x)];
        if (n->k0 == k0 && n->k1 == k1)
            return SLOT_NODE(x);
    }
    return -1;
}

static long store_find(const ev_store *s, uint64_t k0, uint64_t k1)
{
    size_t j;
    uint64_t tag;
    return store_probe(s, k0, k1, &j, &tag);
}

/* Index of the state, created if new; < 0 on error (TK_ENOMEM, TK_ELIMIT). */
static long store_get(ev_run *r, ev_store *s, uint64_t k0, uint64_t k1)
{
    size_t j;
    uint64_t tag;
    long found = store_probe(s, k0, k1, &j, &tag);
    if (found >= 0)
        return found;
    if (r->ev->st[0].len + r->ev->st[1].len >= r->max_nodes)
        return TK_ELIMIT;
    if (s->len == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 4096;
        ev_node *n = realloc(s->n, cap * sizeof *n);
        if (!n)
            return TK_ENOMEM;
        s->n = n;
        s->cap = cap;
    }
    size_t i = s->len++;
    ev_node *n = &s->n[i];
    n->k0 = k0;
    n->k1 = k1;
    n->lmask = n->rmask = 0;
    n->shanten = 99;
    s->slot[j] = tag | (uint64_t)(i + 1);
    if (s->len * 2 > s->nslot && store_grow_slots(s))
        return TK_ENOMEM;
    return (long)i;
}

/* ---- hands ---- */
static inline void key_of(const uint8_t *h, int riichi, uint64_t *k0, uint64_t *k1)
{
    uint64_t a = 0, b = 0;
    for (int i = 20; i >= 0; i--)
        a = a << 3 | h[i];
    for (int i = MJ_EV_KINDS - 1; i >= 21; i--)
        b = b << 3 | h[i];
    *k0 = a;
    *k1 = b | (riichi ? RIICHI_BIT : 0);
}

static inline void hand_of(uint64_t k0, uint64_t k1, uint8_t *h)
{
    for (int i = 0; i < 21; i++, k0 >>= 3)
        h[i] = (uint8_t)(k0 & 7);
    for (int i = 21; i < MJ_EV_KINDS; i++, k1 >>= 3)
        h[i] = (uint8_t)(k1 & 7);
}

/* The key with one more (d = +1) or one fewer (d = -1) tile of kind i. */
static inline void key_step(uint64_t *k0, uint64_t *k1, int i, int d)
{
    if (i < 21) {
        uint64_t x = (uint64_t)1 << (3 * i);
        *k0 = d > 0 ? *k0 + x : *k0 - x;
    } else {
        uint64_t x = (uint64_t)1 << (3 * (i - 21));
        *k1 = d > 0 ? *k1 + x : *k1 - x;
    }
}

static inline void merged_of(const uint8_t *h, uint8_t *m)
{
    memcpy(m, h, MJ_TILES);
    m[4] = (uint8_t)(m[4] + h[34]);
    m[13] = (uint8_t)(m[13] + h[35]);
    m[22] = (uint8_t)(m[22] + h[36]);
}

static inline uint64_t with_reds(uint64_t m)
{
    m |= (m >> 4 & 1) << 34;
    m |= (m >> 13 & 1) << 35;
    m |= (m >> 22 & 1) << 36;
    return m;
}

static inline int dist_of(const ev_run *r, const uint8_t *h)
{
    int d = 0;
    for (int i = 0; i < MJ_EV_KINDS; i++)
        if (h[i] > r->h0[i])
            d += h[i] - r->h0[i];
    return d;
}

static inline int wall_of(const ev_run *r, const uint8_t *h, int i)
{
    return r->w0[i] + r->h0[i] - h[i];
}

/* ---- the value of a win ---- */
static int dora_of(int ind)
{
    if (ind < 27) return ind / 9 * 9 + (ind % 9 + 1) % 9;
    if (ind < 31) return 27 + (ind - 27 + 1) % 4;
    return 31 + (ind - 31 + 1) % 3;
}

static double choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0.0;
    if (k > n - k)
        k = n - k;
    double v = 1.0;
    for (int i = 1; i <= k; i++)
        v = v * (double)(n - k + i) / (double)i;
    return v;
}

static int round100(int x) { return (x + 99) / 100 * 100; }

/* What the winner receives on a tsumo of han (no yakuman) and fu. */
static int tsumo_pay(const ev_run *r, int han, int fu)
{
    int base;
    if (han >= 13) base = 8000;
    else if (han >= 11) base = 6000;
    else if (han >= 8) base = 4000;
    else if (han >= 6) base = 3000;
    else if (han >= 5) base = 2000;
    else {
        base = fu << (han + 2);
        if (base > 2000)
            base = 2000;
    }
    int total = r->w.seat == 0 ? 3 * round100(2 * base) : round100(2 * base) + 2 * round100(base);
    return total + 300 * (int)r->w.honba + 1000 * (int)r->w.sticks;
}

/* Expected pay over the ura indicators drawn from the winning state's wall. */
static double ura_value(const ev_run *r, const uint8_t *hx, const mj_score *sc)
{
    uint8_t m[MJ_TILES];
    merged_of(hx, m);
    int wall[MJ_TILES], total = 0;
    for (int t = 0; t < MJ_TILES; t++) {
        int h0 = r->h0[t] + (t == 4 ? r->h0[34] : t == 13 ? r->h0[35] : t == 22 ? r->h0[36] : 0);
        int w0 = r->w0[t] + (t == 4 ? r->w0[34] : t == 13 ? r->w0[35] : t == 22 ? r->w0[36] : 0);
        wall[t] = w0 + h0 - m[t];
        total += wall[t];
    }
    int n = r->w.n_dora;
    double pay[13];
    for (int u = 0; u <= 12; u++)
        pay[u] = tsumo_pay(r, sc->han + u, sc->fu);
    /* The indicators' kinds matter only through the ura they add: the
     * tiles of the wall fall into classes by that gain (capped at 12), and
     * choosing j tiles of a class can be done in C(class size, j) ways (the
     * sum over its kinds of the per-kind products, by Vandermonde), so the
     * DP runs over the few classes rather than the 34 kinds.  dp[k][u]:
     * ways to draw k indicators adding u ura (12 = 12 or more); k from high
     * to low so that the rows read are those before the class. */
    int cls[13] = { 0 };
    for (int ind = 0; ind < MJ_TILES; ind++)
        if (wall[ind]) {
            int d = dora_of(ind), g = m[d] + r->meld_tiles[d];
            cls[g > 12 ? 12 : g] += wall[ind];
        }
    if (n == 1) {
        double v = 0.0;
        for (int g = 0; g <= 12; g++)
            v += cls[g] * pay[g];
        return v / total;
    }
    double dp[MJ_EV_MAX_DORA + 1][13];
    memset(dp, 0, sizeof dp);
    dp[0][0] = 1.0;
    for (int gain = 0; gain <= 12; gain++) {
        int c = cls[gain];
        if (!c)
            continue;
        double cj[MJ_EV_MAX_DORA + 1];
        for (int j = 1; j <= n && j <= c; j++)
            cj[j] = choose(c, j);
        for (int taken = n - 1; taken >= 0; taken--) {
            int jm = c < n - taken ? c : n - taken;
            for (int u = 0; u <= 12; u++) {
                double x = dp[taken][u];
                if (x == 0.0)
                    continue;
                for (int j = 1; j <= jm; j++) {
                    int uu = u + gain * j;
                    dp[taken + j][uu > 12 ? 12 : uu] += x * cj[j];
                }
            }
        }
    }
    double den = choose(total, n), v = 0.0;
    for (int u = 0; u <= 12; u++)
        v += pay[u] * (dp[n][u] / den);
    return v;
}

/* The value of a tsumo on kind i completing the discard state hx (0: no yaku). */
static double win_value(const ev_run *r, const uint8_t *hx, int i, int riichi)
{
    mj_hand h = r->base;
    merged_of(hx, h.count);
    for (int s = 0; s < 3; s++)
        h.red[s] = hx[34 + s];
    h.n_tiles = (uint8_t)(14 - 3 * r->k);
    int plain = i >= MJ_TILES ? (i - MJ_TILES) * 9 + 4 : i;
    h.last = (int8_t)plain;
    h.last_red = (uint8_t)(i >= MJ_TILES);
    mj_winctx w = r->w;
    w.flags = MJ_WIN_TSUMO | MJ_WIN_RON_SET | (riichi ? MJ_WIN_RIICHI : 0);
    w.win = (int8_t)plain;
    w.win_red = (uint8_t)(i >= MJ_TILES);
    w.n_ura = 0;
    mj_score sc;
    if (mj_score_hand(&h, &w, &sc, NULL) != 0 || sc.status != MJ_SCORE_OK)
        return 0.0;
    if (!r->cfg->ura || !riichi || r->w.n_dora == 0 || sc.yakuman || sc.han >= 13)
        return (double)sc.total;
    return ura_value(r, hx, &sc);
}

/* ---- the graph ---- */
static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *q = realloc(p, c * size);
    if (q)
        *cap = c;
    return q;
}

/* Record the link (draw state d, discard state x) of kind i with its
 * weight and, for a discard state hx that is complete, the win's value;
 * TK_ENOMEM when memory is short. */
static int link_add(ev_run *r, size_t d, size_t x, int weight, const uint8_t *hx, int i, int riichi)
{
    mj_ev *ev = r->ev;
    uint32_t sidx = 0;
    if (hx) {
        double v = win_value(r, hx, i, riichi);
        if (v > 0) {
            double *sc = grow(ev->sc, &ev->sccap, ev->scn + 1, sizeof *sc);
            if (!sc)
                return TK_ENOMEM;
            ev->sc = sc;
            sc[ev->scn] = v;
            sidx = (uint32_t)ev->scn++;
        }
    }
    size_t n = ev->tn + 1;
    uint32_t *a = grow(ev->td, &ev->tdcap, n, sizeof *a);
    if (a) ev->td = a;
    uint32_t *b = a ? grow(ev->tx, &ev->txcap, n, sizeof *b) : NULL;
    if (b) ev->tx = b;
    uint32_t *c = b ? grow(ev->tw, &ev->twcap, n, sizeof *c) : NULL;
    if (!c)
        return TK_ENOMEM;
    ev->tw = c;
    ev->td[ev->tn] = (uint32_t)d;
    ev->tx[ev->tn] = (uint32_t)x;
    ev->tw[ev->tn] = (uint32_t)weight | sidx << 3;
    ev->tn++;
    return 0;
}

/* The hand h of state n (its riichi bit apart) and its shanten *s, kept in
 * the node; returns the kinds `kinds` picks (mj_necessary for a draw state,
 * mj_unnecessary for a discard state) with the red fives.  *riichi: the
 * state's riichi bit; *wide: the search takes the other kinds as well (the
 * option `wide_opt`, not in riichi, the hand within the extra steps). */
static uint64_t state_hand(ev_run *r, ev_node *n, uint64_t (*kinds)(mj_ctx *, const uint8_t *, int, int *),
                           int wide_opt, uint8_t h[MJ_EV_KINDS], int *s, int *riichi, int *wide)
{
    uint8_t m[MJ_TILES];
    *riichi = (n->k1 & RIICHI_BIT) != 0;
    hand_of(n->k0, n->k1 & ~RIICHI_BIT, h);
    merged_of(h, m);
    uint64_t t = with_reds(kinds(r->ctx, m, r->k, s));
    n->shanten = (int8_t)*s;
    *wide = wide_opt && !*riichi && dist_of(r, h) + *s < r->s0 + r->extra;
    return t;
}

static int expand_draw(ev_run *r, size_t di)
{
    ev_store *D = &r->ev->st[0], *X = &r->ev->st[1];
    uint64_t k0 = D->n[di].k0, k1 = D->n[di].k1;
    uint8_t h[MJ_EV_KINDS];
    int s, riichi, teg;
    uint64_t need = state_hand(r, &D->n[di], mj_necessary, r->cfg->tegawari, h, &s, &riichi, &teg);
    uint64_t have = D->n[di].lmask;   /* links already made by discard states */
    for (int i = 0; i < MJ_EV_KINDS; i++) {
        int w = wall_of(r, h, i);
        if (w <= 0 || !((need >> i & 1) || teg))
            continue;
        uint64_t a = k0, b = k1;
        key_step(&a, &b, i, +1);
        long x = store_get(r, X, a, b);
        if (x < 0)
            return (int)x;
        if (have >> i & 1)
            continue;
        have |= (uint64_t)1 << i;
        uint8_t hx[MJ_EV_KINDS];
        int win = s == 0 && (need >> i & 1);   /* the discard state is complete */
        if (win) {
            memcpy(hx, h, sizeof hx);
            hx[i]++;
        }
        int rc = link_add(r, di, (size_t)x, w, win ? hx : NULL, i, riichi);
        if (rc)
            return rc;
    }
    D->n[di].lmask = have;
    return 0;
}

static int expand_discard(ev_run *r, size_t xi)
{
    ev_store *D = &r->ev->st[0], *X = &r->ev->st[1];
    uint64_t k0 = X->n[xi].k0, k1 = X->n[xi].k1;
    uint8_t h[MJ_EV_KINDS];
    int s, riichi, back;
    uint64_t un = state_hand(r, &X->n[xi], mj_unnecessary, r->cfg->back, h, &s, &riichi, &back);
    for (int i = 0; i < MJ_EV_KINDS; i++) {
        if (!h[i] || !((un >> i & 1) || back))
            continue;
        int r2 = (r->closed && s == 0 && (un >> i & 1)) ? 1 : riichi;
        uint64_t a = k0, b = k1 & ~RIICHI_BIT;
        key_step(&a, &b, i, -1);
        if (r2)
            b |= RIICHI_BIT;
        long d = store_get(r, D, a, b);
        if (d < 0)
            return (int)d;
        uint64_t *mask = r2 == riichi ? &D->n[d].lmask : &D->n[d].rmask;
        if (*mask >> i & 1)
            continue;
        *mask |= (uint64_t)1 << i;
        /* the weight: copies of i in the draw state's wall (h less one i) */
        int rc = link_add(r, (size_t)d, xi, r->w0[i] + r->h0[i] - (h[i] - 1), s == -1 ? h : NULL, i, riichi);
        if (rc)
            return rc;
    }
    return 0;
}

static int limit_error(ev_run *r, int rc)
{
    if (rc == TK_ENOMEM)
        return tk_error_set(r->err, TK_ENOMEM, 0, 0, "out of memory in the EV search");
    if (rc == TK_ELIMIT)
        return tk_error_set(r->err, TK_ELIMIT, 0, 0, "cut: more than %zu states", r->max_nodes);
    return tk_error_set(r->err, TK_ELIMIT, 0, 0, "cut: time limit of %g s", r->cfg->seconds);
}

#define TIME_UP 1

static int build_graph(ev_run *r)
{
    mj_ev *ev = r->ev;
    size_t done[2] = { 0, 0 };
    size_t steps = 0;
    for (;;) {
        int progressed = 0;
        while (done[1] < ev->st[1].len) {
            int rc = expand_discard(r, done[1]++);
            if (rc)
                return limit_error(r, rc);
            progressed = 1;
            if ((++steps & 1023) == 0 && r->deadline > 0 && now_s() > r->deadline)
                return limit_error(r, TIME_UP);
        }
        while (done[0] < ev->st[0].len) {
            int rc = expand_draw(r, done[0]++);
            if (rc)
                return limit_error(r, rc);
            progressed = 1;
            if ((++steps & 1023) == 0 && r->deadline > 0 && now_s() > r->deadline)
                return limit_error(r, TIME_UP);
        }
        if (!progressed)
            return 0;
    }
}

#define GROW(ptr, cap, need) do { void *q_ = grow((ptr), &(cap), (need), sizeof *(ptr)); \
        if (!q_) return tk_error_set(r->err, TK_ENOMEM, 0, 0, "out of memory in the EV search"); \
        (ptr) = q_; } while (0)

/* Lay the links out by draw state (a counting sort of the links as made). */
static int build_links(ev_run *r)
{
    mj_ev *ev = r->ev;
    size_t nd = ev->st[0].len, ne = ev->tn;
    GROW(ev->off, ev->offcap, nd + 1);
    GROW(ev->pos, ev->poscap, nd + 1);
    GROW(ev->lk, ev->lkcap, ne ? ne : 1);
    memset(ev->off, 0, (nd + 1) * sizeof *ev->off);
    for (size_t e = 0; e < ne; e++)
        ev->off[ev->td[e] + 1]++;
    for (size_t d = 0; d < nd; d++)
        ev->off[d + 1] += ev->off[d];
    memcpy(ev->pos, ev->off, nd * sizeof *ev->pos);
    for (size_t e = 0; e < ne; e++) {
        uint32_t p = ev->pos[ev->td[e]]++;
        ev->lk[p].x = ev->tx[e];
        ev->lk[p].w = ev->tw[e];
    }
    return 0;
}

/* ---- setup ---- */
/* The configuration, the hand's size (14 - 3k tiles, or 13 - 3k for a
 * draw root) and the context words the model decides itself. */
static int check_input(ev_run *r, const mj_hand *hin, const mj_winctx *win, int draw_root)
{
    const mj_ev_config *c = r->cfg;
    if (c->t_min < 1 || c->t_max > MJ_EV_MAX_TURNS || c->t_min > c->t_max)
        return tk_error_set(r->err, TK_EINVAL, 0, 0, "turn %d, last %d: need 1 <= turn <= last <= 18", c->t_min, c->t_max);
    if (c->extra < 0 || c->extra > 14)
        return tk_error_set(r->err, TK_EINVAL, 0, 0, "extra: must be 0..14");
    int want = (draw_root ? 13 : 14) - 3 * hin->n_melds;
    if (hin->n_melds > 4 || hin->n_tiles != want)
        return tk_error_set(r->err, TK_EINVAL, 0, 0, "%d closed tiles with %d meld%s: the EV mode needs a hand %s (%d tiles)",
                            hin->n_tiles, hin->n_melds, hin->n_melds == 1 ? "" : "s",
                            draw_root ? "waiting for its draw" : "after its draw", want);
    if (win->flags & ~(unsigned)MJ_WIN_RON_SET)
        return tk_error_set(r->err, TK_EINVAL, 0, 0, "win words (tsumo, riichi, ippatsu ...) do not apply to the EV mode");
    if (win->flags & MJ_WIN_RON_SET)
        return tk_error_set(r->err, TK_EINVAL, 0, 0, "ron/tsumo do not apply to the EV mode (every win is a tsumo)");
    if (win->n_ura)
        return tk_error_set(r->err, TK_EINVAL, 0, 0, "ura: does not apply to the EV mode (ura-ev:on/off)");
    if (win->col[16])
        return tk_error_set(r->err, TK_EINVAL, 0, 0, "win: does not apply to the EV mode");
    if (win->n_dora > MJ_EV_MAX_DORA)
        return tk_error_set(r->err, TK_EINVAL, 0, 0, "%d dora indicators: at most %d", win->n_dora, MJ_EV_MAX_DORA);
    return 0;
}

/* The base hand (melds; reds cleared when red is off) and the copies
 * visible: vis[] by plain kind, vis_red[] red fives by suit. */
static void visible_of(ev_run *r, const mj_hand *hin, int *vis, int *vis_red)
{
    r->base = *hin;
    r->k = hin->n_melds;
    r->closed = 1;
    for (int i = 0; i < r->k; i++)
        r->closed &= hin->melds[i].type == MJ_ANKAN;
    if (!r->cfg->red) {
        r->w.rules |= MJ_RULE_NO_AKA;
        memset(r->base.red, 0, sizeof r->base.red);
        for (int i = 0; i < r->k; i++)
            r->base.melds[i].red = 0;
        r->w.dora_red = 0;
        memset(r->w.seen_red, 0, sizeof r->w.seen_red);
    }
    uint8_t tot[MJ_TILES];
    mj_hand_totals(&r->base, tot);
    for (int t = 0; t < MJ_TILES; t++) {
        r->meld_tiles[t] = (uint8_t)(tot[t] - r->base.count[t]);
        vis[t] = tot[t] + r->w.seen[t];
    }
    for (int i = 0; i < r->w.n_dora; i++) {
        vis[r->w.dora[i]]++;
        if (r->w.dora_red >> i & 1)
            vis_red[r->w.dora[i] / 9]++;
    }
    for (int s = 0; s < 3; s++) {
        vis_red[s] += r->base.red[s] + r->w.seen_red[s];
        for (int i = 0; i < r->k; i++)
            if (r->base.melds[i].red && r->base.melds[i].tile / 9 == s)
                vis_red[s]++;
    }
}

static int setup(ev_run *r, const mj_hand *hin, const mj_winctx *win, int draw_root, int *wall_s)
{
    int rc = check_input(r, hin, win, draw_root);
    if (rc)
        return rc;
    r->w = *win;
    int vis[MJ_TILES], vis_red[3] = { 0, 0, 0 }, S = 0;
    visible_of(r, hin, vis, vis_red);
    for (int t = 0; t < MJ_TILES; t++) {
        if (vis[t] > 4) {
            char nm[3];
            mj_tile_name(t, nm);
            return tk_error_set(r->err, TK_EINVAL, 0, 0, "%d copies of %s counting the hand, melds, dora indicators and seen tiles",
                                vis[t], nm);
        }
        S += 4 - vis[t];
    }
    for (int s = 0; s < 3; s++)
        if (vis_red[s] > 1)
            return tk_error_set(r->err, TK_EINVAL, 0, 0, "%d red fives of the %c suit (there is one)", vis_red[s], "mps"[s]);
    for (int t = 0; t < MJ_TILES; t++) {
        r->h0[t] = r->base.count[t];
        r->w0[t] = (uint8_t)(4 - vis[t]);
    }
    for (int s = 0; s < 3; s++) {
        int f = s * 9 + 4;
        r->h0[MJ_TILES + s] = r->base.red[s];
        r->h0[f] = (uint8_t)(r->h0[f] - r->base.red[s]);
        /* the red five is unseen unless it is visible, or every copy of its five is */
        int ur = r->cfg->red && vis_red[s] == 0 && vis[f] < 4 ? 1 : 0;
        r->w0[MJ_TILES + s] = (uint8_t)ur;
        r->w0[f] = (uint8_t)(r->w0[f] - ur);
    }
    *wall_s = S;
    if (S - (r->cfg->t_max - 1) <= 0)
        return tk_error_set(r->err, TK_EINVAL, 0, 0, "only %d unseen tiles: too few for %d turns", S, r->cfg->t_max);
    return 0;
}

/* ---- public ---- */
int mj_ev_create(mj_ev **out, tk_error *err)
{
    *out = calloc(1, sizeof **out);
    if (!*out)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    return 0;
}

void mj_ev_destroy(mj_ev *ev)
{
    if (!ev)
        return;
    for (int i = 0; i < 2; i++) {
        free(ev->st[i].n);
        free(ev->st[i].slot);
    }
    free(ev->off);
    free(ev->pos);
    free(ev->td);
    free(ev->tx);
    free(ev->tw);
    free(ev->lk);
    free(ev->sc);
    for (int i = 0; i < 4; i++)
        free(ev->v[i]);
    free(ev);
}

/* The run's fixed parts (limits, deadline) for a solver and a configuration. */
static int run_init(ev_run *r, mj_ev *ev, mj_ctx *ctx, const mj_ev_config *cfg, tk_error *err)
{
    memset(r, 0, sizeof *r);
    r->ev = ev;
    r->ctx = ctx;
    r->cfg = cfg;
    r->err = err;
    r->extra = cfg->extra;
    r->max_nodes = cfg->max_nodes ? cfg->max_nodes : MJ_EV_DEFAULT_NODES;
    if (r->max_nodes > 0x1FFFFFFFu)
        r->max_nodes = 0x1FFFFFFFu;
    r->deadline = cfg->seconds > 0 ? now_s() + cfg->seconds : 0;
    return 0;
}

/* The root's shanten (14 - 3k tiles, or 13 - 3k for a draw root) within
 * the range served, and the result's header. */
static int root_shanten(ev_run *r, int draw_root, int S, mj_ev_result *out, uint64_t *un0)
{
    uint8_t m0[MJ_TILES];
    merged_of(r->h0, m0);
    *un0 = draw_root ? 0 : with_reds(mj_unnecessary(r->ctx, m0, r->k, &r->s0));
    if (draw_root)
        (void)mj_necessary(r->ctx, m0, r->k, &r->s0);
    if (r->s0 < 0)
        return tk_error_set(r->err, TK_EINVAL, 0, 0, "the hand is already complete");
    if (r->s0 > MJ_EV_MAX_SHANTEN)
        return tk_error_set(r->err, TK_EINVAL, 0, 0, "shanten %d: the EV mode takes hands of shanten 0..%d", r->s0,
                            MJ_EV_MAX_SHANTEN);
    memset(out, 0, sizeof *out);
    out->shanten = r->s0;
    out->wall = S;
    out->t_min = r->cfg->t_min;
    out->n_turns = r->cfg->t_max - r->cfg->t_min + 1;
    for (int t = 0; t < MJ_TILES; t++)
        out->unseen[t] = (uint8_t)(r->w0[t] + (t == 4 ? r->w0[34] : t == 13 ? r->w0[35] : t == 22 ? r->w0[36] : 0));
    return 0;
}

/* The graph from the root (a discard state, or a draw state without riichi). */
static int make_graph(ev_run *r, int draw_root, long *root)
{
    mj_ev *ev = r->ev;
    for (int i = 0; i < 2; i++)
        if (store_reset(&ev->st[i]))
            return tk_error_set(r->err, TK_ENOMEM, 0, 0, "out of memory");
    ev->tn = 0;
    ev->scn = 1;
    GROW(ev->sc, ev->sccap, 1);
    ev->sc[0] = 0.0;
    uint64_t k0, k1;
    key_of(r->h0, 0, &k0, &k1);
    *root = store_get(r, &ev->st[draw_root ? 0 : 1], k0, k1);
    if (*root < 0)
        return limit_error(r, (int)*root);
    int rc = build_graph(r);
    return rc ? rc : build_links(r);
}

/* The discards of the root reported: their draw states in rep[]. */
static int report_discards(ev_run *r, uint64_t un0, long *rep, mj_ev_result *out)
{
    int nrep = 0;
    uint64_t k0, k1;
    key_of(r->h0, 0, &k0, &k1);
    for (int i = 0; i < MJ_EV_KINDS; i++) {
        if (!r->h0[i])
            continue;
        int r2 = r->closed && r->s0 == 0 && (un0 >> i & 1);
        uint64_t a = k0, b = k1;
        key_step(&a, &b, i, -1);
        if (r2)
            b |= RIICHI_BIT;
        long d = store_find(&r->ev->st[0], a, b);
        if (d < 0)
            continue;
        mj_ev_discard *x = &out->discards[nrep];
        x->kind = (uint8_t)i;
        uint8_t hd[MJ_EV_KINDS], md[MJ_TILES];
        memcpy(hd, r->h0, sizeof hd);
        hd[i]--;
        merged_of(hd, md);
        int s;
        x->necessary = mj_necessary(r->ctx, md, r->k, &s);
        x->shanten = (int8_t)s;
        rep[nrep++] = d;
    }
    out->n_discards = nrep;
    return nrep;
}

/* One draw state's values at turn t from the discard states at t + 1. */
static ev_val draw_value(const mj_ev *ev, size_t d, const ev_val *dn, const ev_val *xn, double den, int last)
{
    ev_val v;
    const ev_node *dnode = ev->st[0].n;
    if (last) {
        v.T = dnode[d].shanten == 0 ? 1.0 : 0.0;
        v.W = v.E = 0.0;
        return v;
    }
    double aT = 0, aW = 0, aE = 0;
    ev_val base = dn[d];
    for (uint32_t e = ev->off[d]; e < ev->off[d + 1]; e++) {
        /* a scoring link wins (tenpai and win 1) or goes on (the best of
         * the win's value and the state's; sc[0] = 0 makes that max right
         * for every link) */
        const ev_link l = ev->lk[e];
        const ev_val *x = &xn[l.x];
        double wgt = (double)(l.w & 7);
        uint32_t si = l.w >> 3;
        double sc = ev->sc[si];
        double xT = si ? 1.0 : x->T;
        double xW = si ? 1.0 : x->W;
        double xE = x->E > sc ? x->E : sc;
        aT += wgt * (xT - base.T);
        aW += wgt * (xW - base.W);
        aE += wgt * (xE - base.E);
    }
    v.T = dnode[d].shanten == 0 ? 1.0 : base.T + aT / den;
    v.W = base.W + aW / den;
    v.E = base.E + aE / den;
    return v;
}

/* The values by turn, backwards from the last; the reported states' go to out. */
static int run_values(ev_run *r, int S, const long *rep, int nrep, mj_ev_result *out)
{
    mj_ev *ev = r->ev;
    const mj_ev_config *cfg = r->cfg;
    size_t nd = ev->st[0].len, nx = ev->st[1].len;
    for (int i = 0; i < 4; i++) {
        size_t need = i < 2 ? nd : nx;
        GROW(ev->v[i], ev->vcap[i], need ? need : 1);
    }
    ev_val *dn = ev->v[0], *dc = ev->v[1], *xn = ev->v[2], *xc = ev->v[3];
    for (int t = cfg->t_max; t >= cfg->t_min; t--) {
        if (r->deadline > 0 && now_s() > r->deadline)
            return limit_error(r, TIME_UP);
        double den = (double)(S - t);
        /* each draw state from the discard states at t + 1, then at once
         * its share of the maxima of the discard states at t (its links
         * are still in the cache) */
        memset(xc, 0, nx * sizeof *xc);
        for (size_t d = 0; d < nd; d++) {
            ev_val v = draw_value(ev, d, dn, xn, den, t == cfg->t_max);
            dc[d] = v;
            for (uint32_t e = ev->off[d]; e < ev->off[d + 1]; e++) {   /* branch-free maxima */
                ev_val *x = &xc[ev->lk[e].x];
                double a = x->T, b = x->W, c = x->E;
                x->T = a > v.T ? a : v.T;
                x->W = b > v.W ? b : v.W;
                x->E = c > v.E ? c : v.E;
            }
        }
        for (int j = 0; j < nrep; j++) {
            mj_ev_discard *x = &out->discards[j];
            x->tenpai[t - cfg->t_min] = dc[rep[j]].T;
            x->win[t - cfg->t_min] = dc[rep[j]].W;
            x->score[t - cfg->t_min] = dc[rep[j]].E;
        }
        ev_val *tmp = dn; dn = dc; dc = tmp;
        tmp = xn; xn = xc; xc = tmp;
    }
    out->draw_nodes = nd;
    out->discard_nodes = nx;
    out->links = ev->off[nd];
    return 0;
}

/* Both roots: draw_root = 0, the discards of a 14 - 3k tile hand; 1, the
 * value of a 13 - 3k tile hand waiting for its draw (one entry, kind
 * MJ_EV_NO_DISCARD). */
static int solve(mj_ev *ev, mj_ctx *ctx, const mj_hand *h, const mj_winctx *w, const mj_ev_config *cfg, int draw_root,
                 mj_ev_result *out, tk_error *err)
{
    if (!ev || !ctx || !h || !w || !cfg || !out)
        return tk_error_set(err, TK_EINVAL, 0, 0, "null argument");
    ev_run run, *r = &run;
    run_init(r, ev, ctx, cfg, err);
    int S = 0;
    uint64_t un0;
    long root = 0, rep[14];
    int rc = setup(r, h, w, draw_root, &S);
    if (rc == 0)
        rc = root_shanten(r, draw_root, S, out, &un0);
    if (rc == 0)
        rc = make_graph(r, draw_root, &root);
    if (rc)
        return rc;
    int nrep;
    if (draw_root) {
        uint8_t m0[MJ_TILES];
        int s;
        merged_of(r->h0, m0);
        out->discards[0].kind = MJ_EV_NO_DISCARD;
        out->discards[0].necessary = mj_necessary(ctx, m0, r->k, &s);
        out->discards[0].shanten = (int8_t)s;
        out->n_discards = nrep = 1;
        rep[0] = root;
    } else {
        nrep = report_discards(r, un0, rep, out);
    }
    return run_values(r, S, rep, nrep, out);
}

int mj_ev_solve(mj_ev *ev, mj_ctx *ctx, const mj_hand *h, const mj_winctx *w, const mj_ev_config *cfg,
                mj_ev_result *out, tk_error *err)
{
    return solve(ev, ctx, h, w, cfg, 0, out, err);
}

int mj_ev_solve_draw(mj_ev *ev, mj_ctx *ctx, const mj_hand *h, const mj_winctx *w, const mj_ev_config *cfg,
                     mj_ev_result *out, tk_error *err)
{
    return solve(ev, ctx, h, w, cfg, 1, out, err);
}
