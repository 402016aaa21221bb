/* review_danger.c - defence in the log review (mjreview.h): the danger of
 * a discard made under threat, the safest option the hand had, and the
 * deal-ins with what they cost.
 *
 * The danger is mjdanger.h's, taken on the replay's state before the
 * discard (mj_danger_at: the table the player saw, each threat's danger
 * of every tile); the threats are combined by mj_danger_combine, the one
 * rule push or fold uses too.  The safest option is the first, in tile
 * order, with the lowest expected loss, then probability of dealing in,
 * then shanten and ukeire (the play made when it is as safe).  A deal-in
 * is read from the events after the discard: every win by ron on it (past
 * a dora indicator revealed after a kan's discard). */
#include "review_internal.h"

#include <string.h>

/* t is safer than b (both options of d). */
static int safer(const mj_review_discard *d, int t, int b)
{
    const mj_review_danger *x = &d->danger;
    if (x->loss[t] != x->loss[b])
        return x->loss[t] < x->loss[b];
    if (x->any[t] != x->any[b])
        return x->any[t] < x->any[b];
    if (d->shanten[t] != d->shanten[b])
        return d->shanten[t] < d->shanten[b];
    return d->ukeire[t] > d->ukeire[b];
}

static void safest(mj_review_discard *d)
{
    mj_review_danger *x = &d->danger;
    int b = -1, p = d->tile;
    for (int t = 0; t < MJ_TILES; t++)
        if (d->shanten[t] != MJ_RV_NO_SHANTEN && (b < 0 || safer(d, t, b)))
            b = t;
    x->is_safest = x->loss[p] == x->loss[b] && x->any[p] == x->any[b];
    x->safest = x->is_safest ? p : b;
    x->safest_red = x->is_safest ? d->red : tki_only_red(&d->hand, b);
}

void tki_review_danger(const mj_replay *r, const mj_review_options *o, mj_review_discard *d)
{
    mj_danger dg[4];
    tk_error err = { 0 };
    mj_review_danger *x = &d->danger;
    memset(x, 0, sizeof *x);
    int threats = mj_danger_at(r, d->seat, o->danger, dg, &err);
    if (threats <= 0)   /* none, or a table that cannot be (a river over MJ_TABLE_RIVER): no threat seen */
        return;
    x->threats = (unsigned)threats;
    for (int s = 0; s < 4; s++) {
        if (!(x->threats >> s & 1))
            continue;
        x->kind[s] = (uint8_t)dg[s].threat;
        x->tenpai[s] = dg[s].tenpai;
        x->value[s] = dg[s].value;
        x->zero[s] = dg[s].zero;
        memcpy(x->deal[s], dg[s].deal, sizeof x->deal[s]);
    }
    for (int t = 0; t < MJ_TILES; t++) {
        double seat[4];
        mj_danger_combine(dg, x->threats, t, seat, &x->any[t], &x->loss[t]);
    }
    safest(d);
}

void tki_review_dealin(const mj_log_round *rd, int k, mj_review_dealin *out)
{
    const mj_log_event *e = &rd->events[k];
    memset(out, 0, sizeof *out);
    for (int i = k + 1; i < rd->n_events; i++) {
        const mj_log_event *w = &rd->events[i];
        if (w->kind == MJ_EV_DORA)
            continue;
        if (w->kind != MJ_EV_WIN || w->from != e->seat || w->seat == e->seat)
            break;
        const mj_log_win *lw = &rd->wins[w->detail];
        int given = lw->deltas[0] || lw->deltas[1] || lw->deltas[2] || lw->deltas[3];
        out->wins++;
        out->to |= 1u << w->seat;
        out->value += lw->points;
        out->points += given ? -lw->deltas[e->seat] : lw->points;
    }
}
