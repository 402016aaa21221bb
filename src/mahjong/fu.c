/* fu.c - the fu of a regular reading, with its parts.
 *
 * 20 base; +10 for a closed ron; +2 for tsumo except pinfu; +2 for a
 * kanchan, penchan or tanki wait; sets: a triplet is 2 (simple) or 4
 * (terminal/honour), doubled when concealed, times 4 for a quad; a triplet
 * completed by ron counts as open; the pair: 2 for a dragon, 2 for the seat
 * wind, 2 for the round wind (a double wind 4, or 2 under
 * MJ_RULE_DOUBLE_WIND_2FU).  Pinfu is 20 by tsumo and 30 by ron; an open
 * hand with nothing above the base is raised to 30.  Rounded up to 10. */
#include "score_internal.h"

int tki_mj_pair_fu(const hand_facts *f, int pair)
{
    if (pair < 27)
        return 0;
    if (pair >= 31)
        return 2;
    int fu = 0;
    if (pair == f->seat_tile) fu += 2;
    if (pair == f->round_tile) fu += 2;
    if (fu == 4 && (f->w->rules & MJ_RULE_DOUBLE_WIND_2FU))
        fu = 2;
    return fu;
}

static void part(mj_score *o, int what, int fu, int tile, int set, int open)
{
    if (o->n_fu >= MJ_MAX_FU_PARTS)
        return;
    mj_fu_part *p = &o->fu_parts[o->n_fu++];
    p->what = (uint8_t)what;
    p->fu = (uint8_t)fu;
    p->tile = (uint8_t)tile;
    p->set = (uint8_t)set;
    p->open = (uint8_t)open;
}

int tki_mj_reading_fu(const hand_facts *f, const reading *r, int pinfu, mj_score *o)
{
    o->n_fu = 0;
    int fu = 20;
    part(o, MJ_FU_BASE, 20, 0, 0, 0);
    if (f->closed && !f->tsumo) {
        fu += 10;
        part(o, MJ_FU_CLOSED_RON, 10, 0, 0, 0);
    }
    if (pinfu) {
        o->fu_raw = fu;
        return fu;
    }
    for (int i = 0; i < r->n_sets; i++) {
        const mj_set *s = &r->sets[i];
        if (s->type == MJ_SET_SEQ)
            continue;
        int ron_made = !f->tsumo && !s->called && i == r->win_set && s->type == MJ_SET_TRIPLET;
        int open = s->called || ron_made;
        int v = is_orphan(s->tile) ? 4 : 2;
        if (!open) v *= 2;
        if (s->type == MJ_SET_QUAD) v *= 4;
        fu += v;
        part(o, MJ_FU_SET, v, s->tile, s->type == MJ_SET_QUAD ? 3 : MJ_TRIPLET, open);
    }
    int pf = tki_mj_pair_fu(f, r->pair);
    if (pf) {
        fu += pf;
        part(o, MJ_FU_PAIR, pf, r->pair, MJ_PAIR, 0);
    }
    if (r->wait == MJ_KANCHAN || r->wait == MJ_PENCHAN || r->wait == MJ_TANKI) {
        fu += 2;
        part(o, MJ_FU_WAIT, 2, 0, r->wait, 0);
    }
    if (f->tsumo) {
        fu += 2;
        part(o, MJ_FU_TSUMO, 2, 0, 0, 0);
    }
    if (!f->closed && fu == 20) {
        fu += 10;
        part(o, MJ_FU_OPEN_MIN, 10, 0, 0, 0);
    }
    o->fu_raw = fu;
    return (fu + 9) / 10 * 10;
}
