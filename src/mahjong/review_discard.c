/* review_discard.c - the verdict on one discard of a replayed log.
 *
 * The hand before the discard (14 - 3k tiles) gives each tile it holds in
 * turn (in riichi only the tile discarded: the play is forced).  First the
 * shanten of every option (one table lookup each), then the ukeire of the
 * options that can matter: those at the best shanten (one of them is the
 * best play) and those at the play's own shanten (they rank it); the others
 * are strictly worse than both and are left at -1.  The ukeire counts the
 * copies the player could not see (mj_replay_unseen).  The best play is the
 * first tile, in tile order, with the lowest shanten and then the most
 * ukeire, unless the play made is as good.
 *
 * With the EV option the hand goes to the EV solver (mjev.h) in the
 * context the player saw: round and seat wind, the dora indicators
 * revealed, and as seen tiles every visible tile that is not in the
 * player's own melds or an indicator (red fives apart); the first turn is
 * the player's own turn in the round.  A hand the model does not take is
 * a status with the solver's message, not an error. */
#include "review_internal.h"

#include <stdio.h>
#include <string.h>

/* Shanten of each option; returns the lowest. */
static int option_shanten(mj_ctx *ctx, const mj_hand *h, int forced, int played, int8_t sh[MJ_TILES])
{
    uint8_t c13[MJ_TILES];
    int best = MJ_RV_NO_SHANTEN;
    memcpy(c13, h->count, sizeof c13);
    for (int t = 0; t < MJ_TILES; t++) {
        int s = MJ_RV_NO_SHANTEN;
        if (h->count[t] && (!forced || t == played)) {
            c13[t]--;
            if (mj_shanten_counts(ctx, c13, h->n_melds, &s, NULL) != 0)
                s = MJ_RV_NO_SHANTEN;   /* cannot happen on a replayed hand */
            c13[t]++;
        }
        sh[t] = (int8_t)s;
        if (s < best)
            best = s;
    }
    return best;
}

/* Ukeire of the options at the best shanten or the play's; the accepted
 * tiles of each in acc[]. */
static void option_ukeire(mj_ctx *ctx, const mj_hand *h, const uint8_t *unseen, const int8_t *sh, int best_sh,
                          int played, int16_t uk[MJ_TILES], uint64_t acc[MJ_TILES])
{
    for (int t = 0; t < MJ_TILES; t++) {
        uk[t] = -1;
        acc[t] = 0;
        if (sh[t] == MJ_RV_NO_SHANTEN || (sh[t] != best_sh && sh[t] != sh[played]))
            continue;
        mj_hand h13 = *h;
        h13.count[t]--;
        h13.n_tiles--;
        int total = 0;
        (void)mj_ukeire(ctx, &h13, unseen, &acc[t], &total);
        uk[t] = (int16_t)total;
    }
}

/* The best play, every tile as good, the rank and the losses. */
static void verdict(mj_review_discard *d, const uint64_t acc[MJ_TILES])
{
    int played = d->tile, best_sh = MJ_RV_NO_SHANTEN, best_uk = -1, best_t = -1;
    for (int t = 0; t < MJ_TILES; t++)
        if (d->shanten[t] < best_sh)
            best_sh = d->shanten[t];
    for (int t = 0; t < MJ_TILES; t++)
        if (d->shanten[t] == best_sh && d->ukeire[t] > best_uk) {
            best_uk = d->ukeire[t];
            best_t = t;
        }
    d->play_shanten = d->shanten[played];
    d->play_ukeire = d->ukeire[played];
    d->play_accept = acc[played];
    d->is_best = d->play_shanten == best_sh && d->play_ukeire == best_uk;
    if (d->is_best)
        best_t = played;
    d->best_tile = best_t;
    d->best_red = d->is_best ? d->red
                  : best_t < 27 && best_t % 9 == 4 && d->hand.count[best_t] == 1 && d->hand.red[best_t / 9];
    d->best_shanten = best_sh;
    d->best_ukeire = best_uk;
    d->best_accept = acc[best_t];
    d->best_tiles = 0;
    d->rank = 1;
    for (int t = 0; t < MJ_TILES; t++) {
        if (d->shanten[t] == best_sh && d->ukeire[t] == best_uk)
            d->best_tiles |= (uint64_t)1 << t;
        if (d->shanten[t] < d->play_shanten || (d->shanten[t] == d->play_shanten && d->ukeire[t] > d->play_ukeire))
            d->rank++;
    }
    d->shanten_lost = d->play_shanten - best_sh;
    d->ukeire_lost = d->shanten_lost ? best_uk : best_uk - d->play_ukeire;
}

/* ---- EV ---- */

/* The context the player saw, as the EV solver takes it. */
static void ev_context(const mj_replay *r, int s, mj_winctx *w)
{
    const mj_log_round *rd = r->round;
    const mj_hand *h = &r->hand[s];
    mj_winctx_init(w);
    w->rules = r->log->rules;
    w->round = (uint8_t)((rd->kyoku / 4) & 3);
    w->seat = (uint8_t)((s - rd->dealer + 4) & 3);
    w->n_dora = (uint8_t)r->n_dora;
    memcpy(w->dora, r->dora, (size_t)r->n_dora);
    w->dora_red = r->dora_red;
    int seen[MJ_TILES], red[3];
    uint8_t tot[MJ_TILES];
    mj_hand_totals(h, tot);
    for (int t = 0; t < MJ_TILES; t++)
        seen[t] = r->visible[t] - (tot[t] - h->count[t]);
    for (int k = 0; k < 3; k++)
        red[k] = r->visible_red[k];
    for (int i = 0; i < r->n_dora; i++) {
        seen[r->dora[i]]--;
        if (r->dora_red >> i & 1)
            red[r->dora[i] / 9]--;
    }
    for (int i = 0; i < h->n_melds; i++)
        if (h->melds[i].red && h->melds[i].tile < 27)
            red[h->melds[i].tile / 9] -= h->melds[i].red;
    for (int t = 0; t < MJ_TILES; t++)
        w->seen[t] = (uint8_t)(seen[t] > 0 ? seen[t] : 0);
    for (int k = 0; k < 3; k++)
        w->seen_red[k] = (uint8_t)(red[k] > 0);
}

/* Best: the highest expected score, then win probability (first in kind order). */
static int ev_best(const mj_review_ev *x)
{
    int b = 0;
    for (int i = 1; i < x->n; i++)
        if (x->opt[i].score > x->opt[b].score ||
            (x->opt[i].score == x->opt[b].score && x->opt[i].win > x->opt[b].win))
            b = i;
    return b;
}

static int ev_judge(mj_ctx *ctx, mj_ev *ev, const mj_review_options *o, const mj_replay *r, const mj_log_event *e,
                    const mj_hand *h, mj_review_ev *x)
{
    mj_ev_config cfg = o->ev_cfg;
    mj_winctx w;
    mj_ev_result res;
    tk_error err = { 0 };
    x->turn = r->n_discards[e->seat] + 1;
    x->last = cfg.t_max;
    x->play = -1;
    if (x->turn > cfg.t_max) {
        x->status = MJ_RV_EV_NONE;
        snprintf(x->msg, sizeof x->msg, "turn %d: past the last turn (%d)", x->turn, cfg.t_max);
        return 0;
    }
    cfg.t_min = x->turn;
    if (r->log->rules & MJ_RULE_NO_AKA)
        cfg.red = 0;
    ev_context(r, e->seat, &w);
    int rc = ev ? mj_ev_solve(ev, ctx, h, &w, &cfg, &res, &err) : tk_error_set(&err, TK_EINVAL, 0, 0, "no EV solver");
    if (rc == TK_ENOMEM)
        return rc;
    if (rc) {
        x->status = rc == TK_ELIMIT ? MJ_RV_EV_CUT : MJ_RV_EV_NONE;
        snprintf(x->msg, sizeof x->msg, "%.119s", err.msg);
        return 0;
    }
    x->status = MJ_RV_EV_OK;
    int kind = e->red && e->tile < 27 && cfg.red ? MJ_TILES + e->tile / 9 : e->tile;
    x->n = res.n_discards;
    for (int i = 0; i < res.n_discards; i++) {
        const mj_ev_discard *d = &res.discards[i];
        x->opt[i] = (mj_review_ev_option){ d->kind, d->shanten, d->score[0], d->win[0], d->tenpai[0] };
        if (d->kind == kind)
            x->play = i;
    }
    x->best = ev_best(x);
    if (x->play >= 0 && x->opt[x->play].score == x->opt[x->best].score && x->opt[x->play].win == x->opt[x->best].win)
        x->best = x->play;   /* as good: the play made is shown as the best */
    x->score_lost = x->play >= 0 ? x->opt[x->best].score - x->opt[x->play].score : 0;
    return 0;
}

int tki_review_discard(mj_ctx *ctx, mj_ev *ev, const mj_review_options *o, const mj_replay *r,
                       const mj_log_event *e, mj_review_discard *d)
{
    int s = e->seat;
    uint64_t acc[MJ_TILES];
    memset(d, 0, sizeof *d);
    d->seat = s;
    d->index = r->n_discards[s];
    d->hand = r->hand[s];
    mj_replay_unseen(r, s, d->unseen);
    d->tile = e->tile;
    d->red = e->red != 0;
    d->tsumogiri = e->flag != 0;
    d->riichi = r->riichi[s] == 2;
    int best_sh = option_shanten(ctx, &d->hand, d->riichi, e->tile, d->shanten);
    option_ukeire(ctx, &d->hand, d->unseen, d->shanten, best_sh, e->tile, d->ukeire, acc);
    verdict(d, acc);
    if (!o->ev || d->riichi)
        return 0;
    return ev_judge(ctx, ev, o, r, e, &d->hand, &d->ev);
}
