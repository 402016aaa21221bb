/* review_peg.c - a reviewed turn made with 1-4 tiles in the bag, judged by
 * the pre-endgame solver (tilekit/skreview.h, tilekit/skendgame.h).
 *
 * Two solves on the position before the play (the mover's rack, the
 * opponent holding 7 of the unseen tiles, the rest in the bag): first every
 * legal play ranked within the review's bound, which names the best play
 * the elimination found and finds the play made among the generated plays;
 * then those two plays alone (sk_peg_opts.only), by greedy playouts and
 * then to the end of every draw (two stages: a bound that stops the second
 * leaves the first's estimates, "not proven").  The verdict compares the two by win
 * probability, then expected spread; the play made is the best when it
 * does better.  Figures not solved to the end claim no loss.
 */
#include "review_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void peg_failed(sk_review_event *v, const char *why)
{
    v->peg = -1;
    snprintf(v->peg_why, sizeof v->peg_why, "%s", why);
}

static sk_peg *peg_solver(rv_state *s, tk_error *err)
{
    sk_reviewer *w = s->w;
    if (w->peg && w->peg_engine == s->e)
        return w->peg;
    sk_peg_destroy(w->peg);
    w->peg = NULL;
    w->peg_engine = NULL;
    if (sk_peg_create(&w->peg, s->e, s->o->tt_mb, 1, err))
        return NULL;
    w->peg_engine = s->e;
    return w->peg;
}

/* a ranks above b: win probability, then expected spread */
static int peg_better(const sk_peg_cand *a, const sk_peg_cand *b)
{
    return a->win > b->win || (a->win == b->win && a->spread > b->spread);
}

static const sk_peg_cand *peg_find(const sk_peg_result *res, const sk_play *play, int dim)
{
    for (size_t i = 0; i < res->n; i++)
        if (rv_same_play(&res->cand[i].play, play, dim))
            return &res->cand[i];
    return NULL;
}

/* The second solve: the best play found and the play made (gen: its
 * generated form) alone; fills the verdict. */
static int peg_pair(sk_peg *pg, const sk_board *b, const sk_rack *r, sk_peg_opts *po, const sk_play *best,
                    const sk_play *gen, sk_review_event *v, tk_error *err)
{
    sk_play only[2] = { *best, *gen };
    /* two plays: greedy playouts (figures if the clock stops the rest), then to the end */
    static const sk_peg_stage two[2] = { { 0, SK_PEG_GREEDY, 0 }, { 0, SK_PEG_EXACT, 0 } };
    po->stages = two;
    po->nstages = 2;
    po->only = only;
    po->nonly = rv_same_play(best, gen, b->dim) ? 1 : 2;
    sk_peg_result res;
    if (sk_peg_solve(pg, b, r, po, &res, err))
        return -1;
    const sk_peg_cand *me = peg_find(&res, gen, b->dim), *top = &res.cand[0];
    if (!me || !me->valued || !top->valued) {
        sk_peg_result_free(&res);
        return tk_error_set(err, TK_EINVAL, 0, 0, "the play made not valued within the limit");
    }
    v->peg_me = *me;
    v->peg_me_best = peg_better(me, top) || me == top;
    v->peg_best = v->peg_me_best ? *me : *top;
    v->peg_exact = me->exact && top->exact;
    v->peg_seconds += res.seconds;
    v->peg_lost_win = llround((v->peg_best.win - me->win) * 1e6);
    v->peg_lost_spread = llround((v->peg_best.spread - me->spread) * 1e3);
    sk_peg_result_free(&res);
    return 0;
}

void rv_peg_turn(rv_state *s, const sk_board *b, const sk_rack *r, const sk_state *st, int p, sk_review_event *v)
{
    tk_error err = {0};
    v->peg_bag = st->bag;
    sk_peg *pg = peg_solver(s, &err);
    if (!pg) {
        peg_failed(v, err.msg);
        return;
    }
    sk_peg_opts po;
    memset(&po, 0, sizeof po);
    po.seconds = s->o->peg_seconds > 0 ? s->o->peg_seconds : s->o->ego.seconds;
    po.spread = v->totals[p] - v->totals[!p];
    po.zeroless = v->zeroless < SK_SCORELESS_END - 1 ? v->zeroless : SK_SCORELESS_END - 1;
    sk_peg_result all;
    if (sk_peg_solve(pg, b, r, &po, &all, &err)) {
        peg_failed(v, err.msg);
        return;
    }
    v->peg_legal = all.legal;
    v->peg_considered = all.considered;
    v->peg_complete = all.complete;
    v->peg_seconds = all.seconds;
    const sk_peg_cand *gen = peg_find(&all, &v->me, b->dim);
    int rc = 0;
    if (!gen)
        peg_failed(v, "the play made is not among the legal plays");
    else if (!all.cand[0].valued)
        peg_failed(v, "no play valued within the limit");
    else if ((rc = peg_pair(pg, b, r, &po, &all.cand[0].play, &gen->play, v, &err)) != 0)
        peg_failed(v, err.msg);
    else
        v->peg = 1;
    sk_peg_result_free(&all);
}
