/* mjdanger_fuzz_check.h - what must hold for any table the danger model
 * (tilekit/mjdanger.h) is given, whether it came from context words
 * (fuzz_mjdanger) or from a replayed log (fuzz_mjlog).  A broken invariant
 * aborts, which the sanitizer build reports. */
#ifndef MJDANGER_FUZZ_CHECK_H
#define MJDANGER_FUZZ_CHECK_H

#include <math.h>
#include <stdlib.h>

#include "tilekit/mjdanger.h"

#define MJDF_ALL (((uint64_t)1 << MJ_TILES) - 1)

static inline int mjdf_prob(double p) { return isfinite(p) && p >= 0.0 && p <= 1.0 + 1e-9; }

/* The table: counts, rivers and melds within their limits. */
static inline void mjdf_check_table(const mj_table *t)
{
    if (t->me < 0 || t->me > 3 || t->dealer < 0 || t->dealer > 3 || t->n_dora < 0 || t->n_dora > MJ_MAX_INDICATORS)
        abort();
    for (int x = 0; x < MJ_TILES; x++)
        if (t->unseen[x] > 4)
            abort();
    for (int s = 0; s < 4; s++) {
        const mj_table_seat *st = &t->seat[s];
        if (st->n_river < 0 || st->n_river > MJ_TABLE_RIVER || st->n_melds < 0 || st->n_melds > MJ_MAX_MELDS ||
            (st->passed & ~MJDF_ALL))
            abort();
        if (st->riichi < -1 || (st->riichi > st->n_river && st->riichi != MJ_RIICHI_UNKNOWN))
            abort();
        for (int i = 0; i < st->n_river; i++)
            if (st->river[i].tile >= MJ_TILES)
                abort();
    }
}

/* The danger against `seat`: shapes' probabilities add up to 1 and the
 * tiles' wait probabilities to the expected waits, every tile's danger is
 * a probability and 0 on the tiles that cannot deal in (and only there),
 * genbutsu (the seat's river and passes) is a subset of those, the losses
 * are P(tenpai) x danger x value. */
static inline void mjdf_check_danger(const mj_table *t, int seat, const mj_danger *d)
{
    const mj_table_seat *st = &t->seat[seat];
    if (d->seat != seat || d->n_shapes < 0 || d->n_shapes > MJ_DANGER_SHAPES || !mjdf_prob(d->tenpai) ||
        !isfinite(d->value) || d->value < 0 || (d->zero & ~MJDF_ALL) || (d->genbutsu & ~d->zero) ||
        (st->passed & ~d->genbutsu))
        abort();
    if ((st->riichi >= 0) != (d->threat == MJ_THREAT_RIICHI) || (d->threat == MJ_THREAT_RIICHI && d->tenpai != 1.0))
        abort();
    for (int i = 0; i < st->n_river; i++)
        if (!(d->genbutsu >> st->river[i].tile & 1))
            abort();
    double sum = 0.0, waits = 0.0, deal = 0.0;
    for (int i = 0; i < d->n_shapes; i++) {
        const mj_danger_shape *s = &d->shapes[i];
        if (!mjdf_prob(s->p) || !(s->live > 0) || !isfinite(s->live) || s->n_wait < 1 || s->n_wait > 2 ||
            s->tile >= MJ_TILES || s->wait[0] >= MJ_TILES || (s->n_wait == 2 && s->wait[1] >= MJ_TILES))
            abort();
        for (int k = 0; k < s->n_wait; k++)
            if (d->genbutsu >> s->wait[k] & 1)
                abort();
        sum += s->p;
        waits += s->p * (s->n_wait == 2 && s->wait[0] != s->wait[1] ? 2 : 1);
    }
    if (d->n_shapes && fabs(sum - 1.0) > 1e-9)
        abort();
    for (int x = 0; x < MJ_TILES; x++) {
        if (!mjdf_prob(d->deal[x]) || !mjdf_prob(d->wait[x]) || ((d->zero >> x & 1) && d->deal[x] != 0.0) ||
            (d->wait[x] == 0.0) != (d->deal[x] == 0.0))
            abort();
        if (!isfinite(d->loss[x]) || d->loss[x] < 0 || d->loss[x] > d->value * (1.0 + 1e-9))
            abort();
        deal += d->wait[x];
    }
    if (fabs(deal - waits) > 1e-9)
        abort();
}

/* Every seat's danger (the model takes any seat, threatening or not). */
static inline void mjdf_check_all(const mj_table *t, mj_danger *d)
{
    mjdf_check_table(t);
    for (int s = 0; s < 4; s++) {
        if (mj_danger_eval(t, s, mj_danger_default_model(), d) != 0)
            abort();
        mjdf_check_danger(t, s, d);
    }
    if (mj_danger_eval(t, 4, mj_danger_default_model(), d) != TK_EINVAL)
        abort();
}

#endif
