/* review_calls.c - the calls of the log review (mjreview.h, options.ev):
 * when a seat reviewed could call another seat's discard, every call and
 * the pass are valued by the EV model (mj_ev_calls) in the context the
 * seat saw, and the decision made is judged against the best.
 *
 * A call is possible when the tile makes a chi (from the seat on the
 * left), a pon or an open kan with the closed tiles, or completes the
 * hand; a ron is then left out when the seat is furiten (a winning tile in
 * its own river, or one passed since its last discard: other seats'
 * discards and added kans).  The context is the one of the seat's discard
 * review, without the tile offered (mj_ev_calls counts it as seen when
 * the seat passes). */
#include "review_internal.h"

#include <stdio.h>
#include <string.h>

/* A winning tile of `waits` in seat's river or passed since its last discard (events before k). */
static int furiten(const mj_replay *r, int seat, uint64_t waits, int k)
{
    for (int i = 0; i < r->n_discards[seat] && i < MJ_REPLAY_MAX_DISCARDS; i++)
        if (waits >> r->discards[seat][i] & 1)
            return 1;
    for (int i = k - 1; i >= 0; i--) {
        const mj_log_event *e = &r->round->events[i];
        if (e->kind == MJ_EV_DISCARD && e->seat == seat)
            break;
        if ((e->kind == MJ_EV_DISCARD || e->kind == MJ_EV_KAKAN) && (waits >> e->tile & 1))
            return 1;
    }
    return 0;
}

/* The calls seat could make on tile t from seat `from`: 1 when any, *how the mj_ev_calls flags. */
static int possible(mj_ctx *ctx, const mj_replay *r, int seat, int from, int t, int k, unsigned *how)
{
    const mj_hand *h = &r->hand[seat];
    int any = h->n_melds < MJ_MAX_MELDS && h->count[t] >= 2;
    *how = 0;
    if ((from + 1) % 4 == seat) {
        *how |= MJ_CALL_FROM_LEFT;
        int x = t % 9, b = t - x;
        for (int lo = x - 2; t < 27 && lo <= x && h->n_melds < MJ_MAX_MELDS; lo++)
            if (lo >= 0 && lo + 2 <= 8)
                any |= (lo == x || h->count[b + lo]) && (lo + 1 == x || h->count[b + lo + 1]) &&
                       (lo + 2 == x || h->count[b + lo + 2]);
    }
    uint64_t waits = mj_waits(ctx, h, NULL);
    if (waits >> t & 1) {
        if (furiten(r, seat, waits, k))
            *how |= MJ_CALL_FURITEN;
        else
            any = 1;
    }
    return any;
}

static void sort_own(uint8_t *a, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && a[j] < a[j - 1]; j--) {
            uint8_t x = a[j];
            a[j] = a[j - 1];
            a[j - 1] = x;
        }
}

/* Index in the set of the decision made. */
static int find_play(const mj_review_call *c)
{
    for (int i = 0; i < c->set.n; i++) {
        const mj_ev_call *x = &c->set.calls[i];
        if (x->kind != c->made || x->n_own != c->n_own)
            continue;
        uint8_t a[3];
        memcpy(a, x->own, 3);
        sort_own(a, x->n_own);
        if (memcmp(a, c->own, c->n_own) == 0)
            return i;
    }
    return -1;
}

static int made_kind(const mj_log_event *e)
{
    return e->kind == MJ_EV_CHI ? MJ_CALL_CHI : e->kind == MJ_EV_PON ? MJ_CALL_PON : MJ_CALL_KAN;
}

static void verdict(mj_review_call *c)
{
    c->play = find_play(c);
    c->best = c->set.best;
    if (c->play >= 0 && c->set.calls[c->play].score == c->set.calls[c->best].score)
        c->best = c->play;   /* as good: the decision made is shown as the best */
    c->score_lost = c->play >= 0 ? c->set.calls[c->best].score - c->set.calls[c->play].score : 0;
}

int tki_review_call(mj_ctx *ctx, mj_ev *ev, const mj_review_options *o, const mj_replay *r, int k, int seat,
                    const mj_log_event *made, mj_review_call *out)
{
    const mj_log_event *d = &r->round->events[k];
    unsigned how;
    if (!possible(ctx, r, seat, d->seat, d->tile, k, &how) && !made)
        return 1;
    memset(out, 0, sizeof *out);
    out->seat = seat;
    out->from = d->seat;
    out->tile = d->tile;
    out->red = d->red != 0;
    out->made = made ? made_kind(made) : MJ_CALL_PASS;
    out->play = out->best = -1;
    out->last = o->ev_cfg.t_max;
    if (made) {
        out->n_own = (uint8_t)(made->n_own < 3 ? made->n_own : 3);
        memcpy(out->own, made->own, out->n_own);
        sort_own(out->own, out->n_own);
    }
    mj_ev_config cfg;
    mj_winctx w;
    tk_error err = { 0 };
    int rc = tki_review_ev_config(o, r, seat, &cfg, &out->turn, out->msg, sizeof out->msg) ? TK_EINVAL : 0;
    if (rc == 0) {
        tki_review_ev_context(r, seat, &w);
        if (w.seen[d->tile])
            w.seen[d->tile]--;   /* mj_ev_calls counts the tile offered itself */
        if (d->red && d->tile < 27)
            w.seen_red[d->tile / 9] = 0;
        rc = mj_ev_calls(ev, ctx, &r->hand[seat], &w, &cfg, d->tile, d->red != 0, how, &out->set, &err);
        if (rc)
            snprintf(out->msg, sizeof out->msg, "%.119s", err.msg);
    }
    if (rc == TK_ENOMEM)
        return rc;
    if (!made && (rc || out->set.n < 2))
        return 1;   /* a pass the model cannot value, or no call it takes */
    if (rc) {
        out->status = rc == TK_ELIMIT ? MJ_RV_EV_CUT : MJ_RV_EV_NONE;
        return 0;
    }
    out->status = MJ_RV_EV_OK;
    verdict(out);
    return 0;
}
