/* review_judge.c - the judges of a reviewed turn (tilekit/skreview.h).
 *
 * Static: every placement of the rack is generated (sk_generate), valued
 * with the exchanges and the pass (sk_rank_plays, the leave table, the
 * empty-bag rule), and the play made is ranked by counting the plays above
 * it by equity and by score.
 * Simulation (tiles in the bag): the K best plays by static equity
 * (sk_top_plays) and the play made, added when it is not among them, go to
 * sk_sim as explicit candidates; the play's rank and the points it loses
 * against the best come from the result's order and its exact sums.
 * Endgame (the bag empty): the opponent holds the unseen tiles; the
 * position before the play is solved (its best sequence), then the play is
 * applied and the position after it solved: the play's value is its points
 * (plus the end points when it ends the game) less the opponent's value
 * after it.  A solve that is not exact within the bound claims no loss.
 * The pre-endgame (1-4 tiles in the bag) is judged in review_peg.c.
 */
#include "review_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- static --------------------------------------------------------------------------------------- */

/* The made play's value, rank and the best plays, from the ranked list pl[0..n). */
static int rank_from_list(const sk_review_opts *o, const sk_play *pl, long n, const sk_play *me, sk_review_event *v)
{
    v->rank_score = v->rank_equity = 1;
    int bingo = 0;
    for (long i = 0; i < n; i++) {
        if (pl[i].equity > me->equity)
            v->rank_equity++;
        if (pl[i].score > me->score)
            v->rank_score++;
        if (pl[i].kind == SK_PLAY_MOVE && pl[i].move.ntiles == SK_RACK_MAX)
            bingo = 1;
    }
    v->plays = n;
    v->best = pl[0];
    v->equity = me->equity;
    v->lost = pl[0].equity > me->equity ? pl[0].equity - me->equity : 0;
    v->bingo_missed = bingo && !(me->kind == SK_PLAY_MOVE && me->move.ntiles == SK_RACK_MAX);
    v->have_rank = 1;
    int top = o->top < SK_REVIEW_TOP_MAX ? o->top : SK_REVIEW_TOP_MAX;
    v->ntop = (int)(top < n ? top : n);
    if (v->ntop > 0) {
        if (!(v->top = malloc((size_t)v->ntop * sizeof *v->top))) {
            v->ntop = 0;
            return TK_ENOMEM;
        }
        memcpy(v->top, pl, (size_t)v->ntop * sizeof *pl);
    }
    return TK_OK;
}

int rv_rank_play(rv_state *s, const sk_rack *r, sk_play *me, sk_review_event *v)
{
    const sk_engine *e = s->e;
    sk_reviewer *w = s->w;
    int unseen[64];
    int nun = sk_unseen(e, &s->board, r, unseen);
    sk_state st;
    sk_state_from_unseen(e, unseen, nun < 0 ? 0 : nun, &st);
    if (me->kind == SK_PLAY_MOVE)
        me->equity = sk_move_equity(e, r, &me->move, &st, sk_leaves_value, s->o->leaves, &me->leave);
    tk_error err = {0};
    w->list.limit = 0;
    if (sk_generate(w->g, &s->board, r, s->o->flags, &w->list, &err))
        return TK_OK;                 /* no rank */
    sk_play *pl = NULL;
    long n = sk_rank_plays(e, r, &st, &w->list, sk_leaves_value, s->o->leaves, 0, &pl);
    if (n <= 0) {
        free(pl);
        return n < 0 ? TK_ENOMEM : TK_OK;
    }
    if (me->kind != SK_PLAY_MOVE) {
        /* exchanges and the pass are valued in the list */
        for (long i = 0; i < n; i++)
            if (pl[i].kind == me->kind && pl[i].nx == me->nx && !memcmp(pl[i].x, me->x, me->nx)) {
                me->equity = pl[i].equity;
                me->leave = pl[i].leave;   /* (a simulation of one ply counts it) */
                break;
            }
    }
    int rc = rank_from_list(s->o, pl, n, me, v);
    free(pl);
    if (me->kind == SK_PLAY_EXCHANGE && st.bag < SK_EXCHANGE_MIN && v->legal != 0) {
        v->legal = 0;
        snprintf(v->why, sizeof v->why, "an exchange needs %d tiles in the bag, it holds %d", SK_EXCHANGE_MIN,
                 st.bag);
    }
    return rc;
}

/* ---- simulation ------------------------------------------------------------------------------------- */

/* The squares and tiles a placement puts down (a one-tile play is the same
 * play whichever way its word is read). */
static int placed_tiles(const sk_move *m, int dim, int *sq, uint8_t *t)
{
    int n = 0;
    for (int i = 0; i < m->len; i++) {
        if (m->word[i] & SK_ONBOARD)
            continue;
        int r = m->row + (m->dir ? i : 0), c = m->col + (m->dir ? 0 : i);
        sq[n] = r * dim + c;
        t[n++] = m->word[i];
    }
    return n;
}

int rv_same_play(const sk_play *x, const sk_play *y, int dim)
{
    if (x->kind != y->kind)
        return 0;
    if (x->kind == SK_PLAY_PASS)
        return 1;
    if (x->kind == SK_PLAY_EXCHANGE)
        return x->nx == y->nx && memcmp(x->x, y->x, x->nx) == 0;
    int s1[SK_MAX_DIM], s2[SK_MAX_DIM];
    uint8_t t1[SK_MAX_DIM], t2[SK_MAX_DIM];
    int n1 = placed_tiles(&x->move, dim, s1, t1), n2 = placed_tiles(&y->move, dim, s2, t2);
    if (n1 != n2)
        return 0;
    for (int i = 0; i < n1; i++)   /* both in reading order: row-major either way */
        if (s1[i] != s2[i] || t1[i] != t2[i])
            return 0;
    return 1;
}

static int64_t milli(double points) { return (int64_t)llround(points * 1000.0); }

static void sim_failed(sk_review_event *v, const char *why)
{
    v->sim = -1;
    snprintf(v->sim_why, sizeof v->sim_why, "%s", why);
}

/* The candidates: the K best plays by static equity and the play made
 * (added, in the last place when the list is full, when it is not among
 * them).  Returns how many, with *mine the play's index; -1 on error. */
static long sim_candidates(rv_state *s, const sk_board *b, const sk_rack *r, const sk_state *st, int k,
                           sk_review_event *v, int *mine, tk_error *err)
{
    sk_reviewer *w = s->w;
    long n = sk_top_plays(w->g, b, r, st, s->o->flags, sk_leaves_value, s->o->leaves, 0, (size_t)k, &w->list,
                          w->cand, err);
    if (n < 0)
        return -1;
    *mine = -1;
    for (int i = 0; i < n && *mine < 0; i++)
        if (rv_same_play(&w->cand[i], &v->me, b->dim))
            *mine = i;
    v->sim_in_top = *mine >= 0;
    if (*mine < 0) {
        if (n == SK_SIM_MAX_CANDIDATES)
            n--;
        *mine = (int)n;
        w->cand[n++] = v->me;
    }
    return n;
}

static void sim_turn(rv_state *s, const sk_board *b, const sk_rack *r, const sk_state *st, int p,
                     sk_review_event *v)
{
    sk_reviewer *w = s->w;
    sk_sim_opts so = s->o->simo;
    so.fn = sk_leaves_value;
    so.ctx = s->o->leaves;
    so.progress = NULL;
    so.spread = v->totals[p] - v->totals[!p];
    int k = so.candidates ? so.candidates : SK_SIM_DEFAULT_K;
    tk_error err = {0};
    if (!w->simres && !(w->simres = malloc(sizeof *w->simres))) {
        sim_failed(v, "out of memory");
        return;
    }
    int mine;
    long n = sim_candidates(s, b, r, st, k, v, &mine, &err);
    if (n < 0) {
        sim_failed(v, err.msg);
        return;
    }
    so.cand = w->cand;
    so.ncand = (int)n;
    sk_sim_result *res = w->simres;
    if (sk_sim(s->e, b, r, &so, res, &err)) {
        sim_failed(v, err.msg);
        return;
    }
    v->sim = 1;
    v->sim_iterations = res->iterations;
    v->sim_seconds = res->seconds;
    v->sim_n = res->n;
    for (int i = 0; i < res->n; i++)
        if (res->order[i] == mine)
            v->sim_rank = i + 1;
    v->sim_me = res->cand[mine];
    v->sim_best = res->cand[res->order[0]];
    /* from the exact sums: the same whatever the threads */
    int64_t lost = v->sim_rank == 1 ? 0 : milli(v->sim_best.mean) - milli(v->sim_me.mean);
    v->sim_lost = lost > 0 ? lost : 0;
}

/* ---- endgame ------------------------------------------------------------------------------------------ */

static void eg_failed(sk_review_event *v, const char *why)
{
    v->eg = -1;
    snprintf(v->eg_why, sizeof v->eg_why, "%s", why);
}

static sk_endgame *eg_solver(rv_state *s, tk_error *err)
{
    sk_reviewer *w = s->w;
    if (w->eg && w->eg_engine == s->e)
        return w->eg;
    sk_endgame_destroy(w->eg);
    w->eg = NULL;
    w->eg_engine = NULL;
    if (sk_endgame_create(&w->eg, s->e, s->o->tt_mb, 1, err))
        return NULL;
    w->eg_engine = s->e;
    return w->eg;
}

/* One solve, its figures kept in v (k-th solve of the turn). */
static int eg_solve(sk_endgame *eg, const sk_eg_position *pos, const sk_review_opts *o, sk_review_event *v,
                    sk_eg_result *res, tk_error *err)
{
    if (sk_endgame_solve(eg, pos, &o->ego, res, err))
        return -1;
    int k = v->eg_solves++;
    v->eg_s_exact[k] = res->exact;
    v->eg_s_depth[k] = res->depth;
    v->eg_s_nodes[k] = res->nodes;
    v->eg_s_seconds[k] = res->seconds;
    return 0;
}

/* The position before the play: the mover's rack r, the opponent's the unseen tiles. */
static void eg_position(const sk_board *b, const sk_rack *r, const int unseen[64], const sk_review_event *v,
                        sk_eg_position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->board = *b;
    pos->rack[0] = *r;
    for (int l = 0; l < 64; l++) {
        if (l)
            pos->rack[1].count[l] = (uint8_t)unseen[l];
        else
            pos->rack[1].blanks = unseen[0];
        pos->rack[1].n += unseen[l];
    }
    pos->zeroless = v->zeroless < SK_SCORELESS_END - 1 ? v->zeroless : SK_SCORELESS_END - 1;
    pos->last_pass = v->last_pass;
}

/* The value of the play made: its points (and the end points if it ends the
 * game) less the opponent's value after it. */
static void eg_after(rv_state *s, sk_endgame *eg, sk_eg_position *pos, sk_review_event *v)
{
    tk_error err = {0};
    sk_eg_ply ply;
    memset(&ply, 0, sizeof ply);
    ply.kind = v->me.kind;
    ply.move = v->me.move;
    ply.move.score = v->me.score;
    ply.score = v->me.score;
    int end = 0;
    if (sk_eg_apply(s->e, pos, &ply, &end)) {
        v->eg_value = ply.score + end;
        return;
    }
    sk_eg_result after;
    if (eg_solve(eg, pos, s->o, v, &after, &err)) {
        eg_failed(v, err.msg);
        return;
    }
    v->eg_value = ply.score - after.value;
    v->eg_exact = after.exact;
    v->eg_depth = after.depth;
    sk_eg_result_free(&after);
}

static void endgame_turn(rv_state *s, const sk_board *b, const sk_rack *r, const int unseen[64], sk_review_event *v)
{
    tk_error err = {0};
    sk_eg_position pos;
    eg_position(b, r, unseen, v, &pos);
    v->eg_opp = pos.rack[1];
    sk_endgame *eg = eg_solver(s, &err);
    sk_eg_result best;
    if (!eg || eg_solve(eg, &pos, s->o, v, &best, &err)) {
        eg_failed(v, err.msg);
        return;
    }
    v->eg = 1;
    v->eg_best_value = best.value;
    v->eg_exact = best.exact;
    v->eg_depth = best.depth;
    memset(&v->eg_best, 0, sizeof v->eg_best);
    v->eg_best.kind = SK_PLAY_PASS;
    if (best.npv) {
        v->eg_best.kind = best.pv[0].kind;
        v->eg_best.score = best.pv[0].score;
        if (best.pv[0].kind == SK_PLAY_MOVE)
            v->eg_best.move = best.pv[0].move;
    }
    sk_eg_result_free(&best);
    if (v->eg_exact)              /* not proven: no loss is claimed, the play is not solved */
        eg_after(s, eg, &pos, v);
}

void rv_look_ahead(rv_state *s, const sk_board *b, const sk_rack *r, int p, sk_review_event *v)
{
    int unseen[64];
    int nun = sk_unseen(s->e, b, r, unseen);
    if (nun <= 0)
        return;                   /* more tiles than the set, or the game is over */
    sk_state st;
    sk_state_from_unseen(s->e, unseen, nun, &st);
    if (st.bag > 0 && s->o->sim)
        sim_turn(s, b, r, &st, p, v);
    if (st.bag > 0 && st.bag <= SK_PEG_MAX_BAG && s->o->endgame)
        rv_peg_turn(s, b, r, &st, p, v);
    else if (st.bag == 0 && s->o->endgame)
        endgame_turn(s, b, r, unseen, v);
}
