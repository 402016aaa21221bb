/* ev_calls.c - the value of each call on a discarded tile against passing
 * (tilekit/mjev.h, mj_ev_calls): each call makes its meld and hands the
 * new hand to the expected-value model (mj_ev_solve for a chi or pon, with
 * the swap-calling discards left out; mj_ev_solve_draw for the pass and an
 * open kan); a ron is valued by the scorer. */
#include "tilekit/mjev.h"

#include <string.h>

static const char *const CALL_NAMES[] = { "pass", "chi", "pon", "kan", "ron" };

const char *mj_call_name(int kind)
{
    return kind >= 0 && kind <= MJ_CALL_RON ? CALL_NAMES[kind] : "";
}

/* Take one copy of t from the closed part, a plain one before the red
 * five; returns 1 when the red five was taken. */
static int take(mj_hand *h, int t)
{
    int red = t < 27 && t % 9 == 4 && h->red[t / 9] && h->count[t] == 1;
    h->count[t]--;
    h->n_tiles--;
    if (red)
        h->red[t / 9] = 0;
    return red;
}

/* The hand after calling tile (red) with own[0..n): a meld of type. */
static mj_hand called_hand(const mj_hand *h, int type, int tile, int red, const uint8_t *own, int n)
{
    mj_hand g = *h;
    int lo = tile, reds = red;
    for (int i = 0; i < n; i++) {
        reds += take(&g, own[i]);
        lo = own[i] < lo ? own[i] : lo;
    }
    mj_meld *m = &g.melds[g.n_melds++];
    m->type = (uint8_t)type;
    m->tile = (uint8_t)(type == MJ_CHI ? lo : tile);
    m->red = (uint8_t)(reds > 0);
    g.last = -1;
    return g;
}

static int plain_of(int kind) { return kind >= MJ_TILES ? (kind - MJ_TILES) * 9 + 4 : kind; }

/* Swap-calling: the called tile, and for a chi that completes a two-sided
 * shape the tile at the shape's other end. */
static uint64_t forbidden(int type, int tile, const uint8_t *own)
{
    uint64_t f = (uint64_t)1 << tile;
    if (type != MJ_CHI)
        return f;
    int lo = own[0] < own[1] ? own[0] : own[1], r = tile % 9;
    if (tile == lo - 1 && r + 3 <= 8)
        f |= (uint64_t)1 << (tile + 3);
    if (tile == lo + 2 && r >= 3)
        f |= (uint64_t)1 << (tile - 3);
    return f;
}

static void set_values(mj_ev_call *c, const mj_ev_discard *d)
{
    c->tenpai = d->tenpai[0];
    c->win = d->win[0];
    c->score = d->score[0];
    c->shanten = d->shanten;
}

/* A chi or pon: the best discard the swap-calling rule allows. */
static int add_meld_call(mj_ev *ev, mj_ctx *ctx, const mj_hand *h, const mj_winctx *w, const mj_ev_config *cfg,
                         int type, int tile, int red, const uint8_t *own, mj_ev_callset *out)
{
    mj_ev_result res;
    mj_hand g = called_hand(h, type, tile, red, own, 2);
    if (mj_ev_solve(ev, ctx, &g, w, cfg, &res, NULL) != 0)
        return 0;
    uint64_t no = forbidden(type, tile, own);
    int best = -1;
    for (int i = 0; i < res.n_discards; i++) {
        const mj_ev_discard *d = &res.discards[i];
        if (no >> plain_of(d->kind) & 1)
            continue;
        if (best < 0 || d->score[0] > res.discards[best].score[0] ||
            (d->score[0] == res.discards[best].score[0] && d->win[0] > res.discards[best].win[0]))
            best = i;
    }
    if (best < 0)
        return 0;
    mj_ev_call *c = &out->calls[out->n++];
    memset(c, 0, sizeof *c);
    c->kind = (uint8_t)(type == MJ_CHI ? MJ_CALL_CHI : MJ_CALL_PON);
    c->n_own = 2;
    memcpy(c->own, own, 2);
    c->discard = res.discards[best].kind;
    set_values(c, &res.discards[best]);
    return 1;
}

static int draw_call(mj_ev *ev, mj_ctx *ctx, const mj_hand *h, const mj_winctx *w, const mj_ev_config *cfg, int kind,
                     const uint8_t *own, int n, mj_ev_callset *out, tk_error *err)
{
    mj_ev_result res;
    int rc = mj_ev_solve_draw(ev, ctx, h, w, cfg, &res, err);
    if (rc)
        return rc;
    mj_ev_call *c = &out->calls[out->n++];
    memset(c, 0, sizeof *c);
    c->kind = (uint8_t)kind;
    c->n_own = (uint8_t)n;
    if (n)
        memcpy(c->own, own, (size_t)n);
    c->discard = MJ_EV_NO_DISCARD;
    set_values(c, &res.discards[0]);
    return 0;
}

static void ron_call(const mj_hand *h, const mj_winctx *w, int tile, int red, mj_ev_callset *out)
{
    mj_score sc;
    mj_winctx wr = *w;
    wr.flags = MJ_WIN_RON_SET;
    if (mj_score_wait(h, &wr, tile, red, 0, &sc, NULL) != 0 || sc.status != MJ_SCORE_OK)
        return;
    mj_ev_call *c = &out->calls[out->n++];
    memset(c, 0, sizeof *c);
    c->kind = MJ_CALL_RON;
    c->discard = MJ_EV_NO_DISCARD;
    c->shanten = -1;
    c->tenpai = c->win = 1.0;
    c->score = sc.total;
}

/* The chi, pon and open kan the hand can make on tile. */
static void meld_calls(mj_ev *ev, mj_ctx *ctx, const mj_hand *h, const mj_winctx *w, const mj_ev_config *cfg, int tile,
                       int red, unsigned how, mj_ev_callset *out)
{
    if ((how & MJ_CALL_FROM_LEFT) && tile < 27) {
        static const int PAT[3][2] = { { -2, -1 }, { -1, 1 }, { 1, 2 } };
        int r = tile % 9;
        for (int p = 0; p < 3; p++) {
            int a = r + PAT[p][0], b = r + PAT[p][1];
            if (a < 0 || b > 8 || !h->count[tile - r + a] || !h->count[tile - r + b])
                continue;
            uint8_t own[2] = { (uint8_t)(tile - r + a), (uint8_t)(tile - r + b) };
            add_meld_call(ev, ctx, h, w, cfg, MJ_CHI, tile, red, own, out);
        }
    }
    if (h->count[tile] >= 2) {
        uint8_t own[2] = { (uint8_t)tile, (uint8_t)tile };
        add_meld_call(ev, ctx, h, w, cfg, MJ_PON, tile, red, own, out);
    }
    if (h->count[tile] >= 3 && h->n_melds < MJ_MAX_MELDS) {
        uint8_t own[3] = { (uint8_t)tile, (uint8_t)tile, (uint8_t)tile };
        mj_hand g = called_hand(h, MJ_KAN, tile, red, own, 3);
        draw_call(ev, ctx, &g, w, cfg, MJ_CALL_KAN, own, 3, out, NULL);
    }
}

int mj_ev_calls(mj_ev *ev, mj_ctx *ctx, const mj_hand *h, const mj_winctx *w, const mj_ev_config *cfg, int tile,
                int red, unsigned how, mj_ev_callset *out, tk_error *err)
{
    if (!ev || !ctx || !h || !w || !cfg || !out || tile < 0 || tile >= MJ_TILES)
        return tk_error_set(err, TK_EINVAL, 0, 0, "null argument or bad tile");
    memset(out, 0, sizeof *out);
    mj_winctx wp = *w;   /* passing: the tile stays in the river, seen */
    wp.seen[tile]++;
    if (red && tile < 27)
        wp.seen_red[tile / 9]++;
    int rc = draw_call(ev, ctx, h, &wp, cfg, MJ_CALL_PASS, NULL, 0, out, err);
    if (rc)
        return rc;
    if (h->n_melds < MJ_MAX_MELDS)
        meld_calls(ev, ctx, h, w, cfg, tile, red, how, out);
    if (!(how & MJ_CALL_FURITEN))
        ron_call(h, w, tile, red, out);
    for (int i = 1; i < out->n; i++)
        if (out->calls[i].score > out->calls[out->best].score)
            out->best = i;
    return 0;
}
