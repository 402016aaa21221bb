/* danger_table.c - the table one player sees (tilekit/mjdanger.h): from a
 * replayed log, from context words, the unseen counts, and the passes a
 * table of rivers implies.
 *
 * From a replay, the round's events up to the replay's position are read
 * once: each discard goes to its river with its tsumogiri mark (riichi
 * mark after a RIICHI event), a call marks the tile it takes, and every
 * discard or added-kan tile counts as passed for each other seat: for a
 * seat in riichi since its declaration, for the others since their last
 * discard (a winning tile let by makes a player furiten until it discards
 * again, so either way the tile cannot deal in to it now).  Melds and the
 * unseen counts are the replay's own state. */
#include "tilekit/mjdanger.h"

#include <string.h>

void mj_table_init(mj_table *t)
{
    memset(t, 0, sizeof *t);
    for (int s = 0; s < 4; s++)
        t->seat[s].riichi = -1;
    memset(t->unseen, 4, sizeof t->unseen);
}

static void vis_add(int *vis, int x, int k) { vis[x] += k; }

static void meld_tiles(int *vis, const mj_meld *m)
{
    int len = m->type == MJ_CHI || m->type == MJ_PON ? 3 : 4;
    for (int k = 0; k < len; k++)
        vis_add(vis, m->type == MJ_CHI ? m->tile + k : m->tile, 1);
}

int mj_table_count(mj_table *t, const mj_hand *h, tk_error *err)
{
    int vis[MJ_TILES] = { 0 };
    if (h) {
        uint8_t tot[MJ_TILES];
        mj_hand_totals(h, tot);
        for (int x = 0; x < MJ_TILES; x++)
            vis[x] += tot[x];
    }
    for (int s = 0; s < 4; s++) {
        const mj_table_seat *st = &t->seat[s];
        for (int i = 0; i < st->n_river; i++)
            if (!(st->river[i].flags & MJ_RIVER_CALLED))
                vis_add(vis, st->river[i].tile, 1);
        if (h && s == t->me)
            continue;   /* my melds are in h */
        for (int i = 0; i < st->n_melds; i++)
            meld_tiles(vis, &st->melds[i]);
    }
    for (int i = 0; i < t->n_dora; i++)
        vis_add(vis, t->dora[i], 1);
    for (int x = 0; x < MJ_TILES; x++) {
        if (vis[x] > 4) {
            char nm[3];
            mj_tile_name(x, nm);
            return tk_error_set(err, TK_EINVAL, 0, 0, "%d copies of %s are visible (hand, rivers, melds, indicators)",
                                vis[x], nm);
        }
        t->unseen[x] = (uint8_t)(4 - vis[x]);
    }
    return 0;
}

/* ---- from a replay ---- */
typedef struct replay_walk {
    mj_table *t;
    int pending[4];        /* a RIICHI event waits for its discard */
    int last_seat;         /* seat of the last discard, -1 */
} replay_walk;

static void walk_discard(replay_walk *w, const mj_log_event *e)
{
    mj_table_seat *s = &w->t->seat[e->seat];
    if (s->n_river < MJ_TABLE_RIVER) {
        mj_river_tile *x = &s->river[s->n_river];
        x->tile = e->tile;
        x->flags = (uint8_t)(e->flag ? MJ_RIVER_TSUMOGIRI : 0);
        if (w->pending[e->seat]) {
            x->flags |= MJ_RIVER_RIICHI;
            s->riichi = s->n_river;
            w->pending[e->seat] = 0;
        }
        s->n_river++;
    }
    if (s->riichi < 0 || s->riichi == s->n_river - 1)
        s->passed = 0;   /* a discard ends the same-turn furiten; a declaration starts the riichi one */
    for (int o = 0; o < 4; o++)
        if (o != e->seat)
            w->t->seat[o].passed |= (uint64_t)1 << e->tile;
    w->last_seat = e->seat;
}

static void walk_event(replay_walk *w, const mj_log_event *e)
{
    switch (e->kind) {
    case MJ_EV_DISCARD:
        walk_discard(w, e);
        break;
    case MJ_EV_CHI: case MJ_EV_PON: case MJ_EV_DAIMINKAN: {
        mj_table_seat *f = &w->t->seat[e->from];
        if (f->n_river > 0)
            f->river[f->n_river - 1].flags |= MJ_RIVER_CALLED;
        break;
    }
    case MJ_EV_KAKAN:
        for (int o = 0; o < 4; o++)
            if (o != e->seat)
                w->t->seat[o].passed |= (uint64_t)1 << e->tile;
        break;
    case MJ_EV_RIICHI:
        w->pending[e->seat] = 1;
        break;
    default:
        break;
    }
}

int mj_table_from_replay(mj_table *t, const mj_replay *r, int me, tk_error *err)
{
    if (!r || !r->round || me < 0 || me > 3)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no replay or a bad seat");
    mj_table_init(t);
    t->me = me;
    t->dealer = r->round->dealer;
    t->round = r->round->kyoku / 4 & 3;
    replay_walk w = { t, { 0, 0, 0, 0 }, -1 };
    for (int i = 0; i < r->next && i < r->round->n_events; i++)
        walk_event(&w, &r->round->events[i]);
    for (int s = 0; s < 4; s++) {
        t->seat[s].n_melds = r->hand[s].n_melds;
        memcpy(t->seat[s].melds, r->hand[s].melds, sizeof t->seat[s].melds);
    }
    t->n_dora = r->n_dora;
    memcpy(t->dora, r->dora, sizeof t->dora);
    mj_replay_unseen(r, me, t->unseen);
    return 0;
}

/* ---- passes from rivers alone ---- */
void mj_table_infer_passes(mj_table *t)
{
    for (int s = 0; s < 4; s++) {
        mj_table_seat *st = &t->seat[s];
        int ps = (s - t->dealer + 4) & 3;
        int from;   /* the "time" of the riichi tile, or of the last discard */
        if (st->riichi >= 0 && st->riichi < st->n_river)
            from = st->riichi * 4 + ps;
        else if (st->riichi < 0 && st->n_river > 0)
            from = (st->n_river - 1) * 4 + ps;
        else
            continue;
        for (int o = 0; o < 4; o++) {
            if (o == s)
                continue;
            int po = (o - t->dealer + 4) & 3;
            for (int k = 0; k < t->seat[o].n_river; k++)
                if (k * 4 + po > from)
                    st->passed |= (uint64_t)1 << t->seat[o].river[k].tile;
        }
    }
}
