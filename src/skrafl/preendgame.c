/* preendgame.c - the pre-endgame (tilekit/skendgame.h, its second section): every play of a
 * position with 1-4 tiles in the bag over every draw, by elimination.
 *
 * Draws are made once per number k of tiles the mover draws (0..bag): the
 * first k tiles as a multiset in ascending order, then the rest of the bag
 * in every order; a draw's weight is the product, position by position, of
 * the tiles of that letter still unseen, times the number of orders of
 * the first k (k! over the factorials of its letters' counts).
 *
 * A candidate's value over a draw is one perfect-information game after
 * the play (the opponent to move, the mover's rack refilled from the
 * draw's first k tiles, the opponent's rack the unseen tiles the draw
 * leaves, the rest of the bag in the draw's order) valued by the endgame
 * solver: a greedy playout (sk_eg_playout), a search of some plies with
 * playouts at its leaves, or a search to the end (sk_eg_solve_bag); a
 * value proven exact is kept and never searched again.  A play that makes
 * the sixth scoreless turn ends the game at once (each side loses its
 * rack, the mover's after the draw).
 *
 * Stages: the candidates are kept ranked (`order`); a stage takes the
 * first `keep` of them, makes one work item per (candidate, draw) not yet
 * exact, in rank order, and shares the items among the threads through an
 * atomic counter; each thread solves with its own endgame solver and
 * writes the value into the candidate's slot for that draw.  When every
 * item is done, each candidate's weighted sums (integers: 2 a win, 1 a
 * tie; the spread change) are added up in draw order and the stage's
 * candidates are sorted by them: the sums do not depend on which thread
 * did what, nor when.  The clock stops a stage between items (and a solve
 * inside, by its own deadline); a stopped stage leaves the ranking as it
 * was.
 */
#include "sk_internal.h"
#include "tilekit/skendgame.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The share of opts->seconds the stages may use: the rest is room for the
 * work in flight when the clock stops them and for the caller's output. */
#define PEG_CLOCK_SHARE 0.98

/* ---- draws ----------------------------------------------------------------------------- */

typedef struct peg_draw {
    uint8_t t[SK_PEG_MAX_BAG];     /* the mover's k tiles (ascending), then the bag's order */
    uint32_t w;
} peg_draw;

typedef struct peg_draws {
    peg_draw *v;
    size_t n, cap;
} peg_draws;

typedef struct draw_gen {
    int u[64];
    int nl, nbag, k, fail;
    uint8_t t[SK_PEG_MAX_BAG];
    peg_draws *out;
} draw_gen;

/* k! over the factorials of the counts of the letters of sorted t[0..k). */
static uint64_t orders_of(const uint8_t *t, int k)
{
    uint64_t n = 1, run = 1;
    for (int i = 1; i <= k; i++)
        n *= (uint64_t)i;
    for (int i = 1; i < k; i++) {
        run = t[i] == t[i - 1] ? run + 1 : 1;
        n /= run;
    }
    return n;
}

static void draw_rec(draw_gen *g, int i, int from, uint64_t w)
{
    if (i == g->nbag) {
        peg_draws *d = g->out;
        if (d->n == d->cap) {
            size_t nc = d->cap ? 2 * d->cap : 64;
            peg_draw *nv = realloc(d->v, nc * sizeof *nv);
            if (!nv) {
                g->fail = 1;
                return;
            }
            d->v = nv;
            d->cap = nc;
        }
        peg_draw *x = &d->v[d->n++];
        memset(x, 0, sizeof *x);
        memcpy(x->t, g->t, (size_t)g->nbag);
        x->w = (uint32_t)w;
        return;
    }
    for (int l = i < g->k ? from : 0; l <= g->nl && !g->fail; l++) {
        if (!g->u[l])
            continue;
        uint64_t w2 = w * (uint64_t)g->u[l];
        g->t[i] = (uint8_t)l;
        g->u[l]--;
        if (i + 1 == g->k)
            w2 *= orders_of(g->t, g->k);
        draw_rec(g, i + 1, l, w2);
        g->u[l]++;
    }
}

/* Every draw of nbag tiles from `unseen` of which the mover takes k. */
static int draws_make(peg_draws *d, const int unseen[64], int nl, int nbag, int k)
{
    draw_gen g;
    memset(&g, 0, sizeof g);
    memcpy(g.u, unseen, sizeof g.u);
    g.nl = nl;
    g.nbag = nbag;
    g.k = k;
    g.out = d;
    d->n = 0;
    draw_rec(&g, 0, 0, 1);
    return g.fail ? TK_ENOMEM : TK_OK;
}

/* ---- candidates ------------------------------------------------------------------------ */

typedef struct peg_cand_st {
    sk_play play;
    int k;                 /* tiles the mover draws after it */
    size_t idx;            /* place in the static order (score, then generation) */
    int32_t *val;          /* per draw: the mover's spread change to the end */
    uint8_t *ex;           /* per draw: 1 when proven exact */
    uint8_t *wp;           /* per draw: 1 when its win, tie or loss is proven */
    int64_t win2, sum;     /* weighted sums: 2 a win, 1 a tie; the spread change */
    int64_t wsum;          /* the weight of the draws summed (all: the bag's total) */
    int stage, plies, exact, win_exact;
} peg_cand_st;

struct sk_peg {
    const sk_engine *e;
    int jobs;
    sk_gen *g;
    sk_movelist list;
    sk_endgame *eg[64];    /* one solver (one thread) per job */
};

typedef struct peg_item {
    uint32_t c, d;
} peg_item;

/* One solve in progress: the position, its draws and candidates, the stage running. */
typedef struct peg_run {
    sk_peg *p;
    const sk_board *b;
    const sk_rack *rack;
    int unseen[64];
    int nbag, nun, spread, zeroless;
    peg_draws draws[SK_PEG_MAX_BAG + 1];   /* by k */
    peg_cand_st *c;
    size_t n;
    size_t *order;         /* candidate indices, ranked */
    /* the stage running */
    peg_item *items;
    uint8_t *done;         /* per item */
    size_t nitems;
    int plies;
    int stage_draws[SK_PEG_MAX_STAGES];   /* each stage's sample (0: every draw) */
    double deadline;       /* monotonic seconds; 0 none */
    atomic_size_t next;
    atomic_int stop;
    atomic_uint_fast64_t nodes;
    pthread_mutex_t mu;
    int err;
    tk_error errmsg;
} peg_run;

static double now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double cpu_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void rack_put(sk_rack *r, int t)
{
    if (t == 0)
        r->blanks++;
    else
        r->count[t]++;
    r->n++;
}

static int same_move(const sk_move *a, const sk_move *b)
{
    return a->row == b->row && a->col == b->col && a->dir == b->dir && a->len == b->len &&
           memcmp(a->word, b->word, a->len) == 0;
}

/* Every placement of the rack, then the pass (idx: this order), or only
 * the plays of only[0..nonly) (each must be legal).  *legal: the legal
 * plays. */
static int cands_make(peg_run *r, const sk_play *only, size_t nonly, size_t *legal, tk_error *err)
{
    sk_peg *p = r->p;
    sk_movelist *L = &p->list;
    L->limit = 0;
    int rc = sk_generate(p->g, r->b, r->rack, 0, L, err);
    if (rc)
        return rc;
    *legal = L->n + 1;
    size_t n = only ? nonly : L->n + 1;
    r->c = calloc(n ? n : 1, sizeof *r->c);
    r->order = malloc((n ? n : 1) * sizeof *r->order);
    if (!r->c || !r->order)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    for (size_t i = 0; i < n; i++) {
        peg_cand_st *c = &r->c[i];
        c->idx = i;
        c->stage = -1;
        r->order[i] = i;
        c->play.kind = SK_PLAY_PASS;
        const sk_move *m = i < L->n ? &L->v[i] : NULL;
        if (only && only[i].kind == SK_PLAY_MOVE) {
            m = NULL;
            for (size_t j = 0; j < L->n && !m; j++)
                if (same_move(&L->v[j], &only[i].move))
                    m = &L->v[j];
            if (!m)
                return tk_error_set(err, TK_EINVAL, 0, 0, "play %zu of the %zu asked for is not legal here", i + 1,
                                    nonly);
        } else if (only) {
            m = NULL;
            if (only[i].kind != SK_PLAY_PASS)
                return tk_error_set(err, TK_EINVAL, 0, 0, "play %zu: a pre-endgame has no exchanges", i + 1);
        }
        if (m) {
            c->play.kind = SK_PLAY_MOVE;
            c->play.move = *m;
            c->play.score = m->score;
        }
    }
    r->n = n;
    return TK_OK;
}

/* ---- ranking ----------------------------------------------------------------------------- */

typedef struct rank_key {
    int64_t win2, sum, wsum;
    int32_t score;
    uint32_t idx;
    size_t c;
    int valued;
} rank_key;

/* Win probability, then expected spread (the sums: every candidate's
 * draws weigh the same in all), then score, then generation order; a
 * candidate not valued goes after those that are. */
static int rank_cmp(const void *a, const void *b)
{
    const rank_key *x = a, *y = b;
    if (x->valued != y->valued)
        return x->valued ? -1 : 1;
    if (x->valued) {
        /* win2 / wsum against the other's, and sum / wsum (no overflow: a
         * total weight is at most 11 * 10 * 9 * 8, a sum below 2^40) */
        int64_t a = x->win2 * y->wsum, b = y->win2 * x->wsum;
        if (a != b)
            return a > b ? -1 : 1;
        a = x->sum * y->wsum;
        b = y->sum * x->wsum;
        if (a != b)
            return a > b ? -1 : 1;
    }
    if (x->score != y->score)
        return x->score > y->score ? -1 : 1;
    return (x->idx > y->idx) - (x->idx < y->idx);
}

/* Sort order[0..n) (valued: which of them have figures; NULL all or none by `all`). */
static int rank_sort(peg_run *r, size_t n, const uint8_t *valued, int all)
{
    rank_key *k = malloc((n ? n : 1) * sizeof *k);
    if (!k)
        return TK_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        const peg_cand_st *c = &r->c[r->order[i]];
        k[i] = (rank_key){ c->win2, c->sum, c->wsum, c->play.score, (uint32_t)c->idx, r->order[i],
                           valued ? valued[i] : all };
    }
    qsort(k, n, sizeof *k, rank_cmp);
    for (size_t i = 0; i < n; i++)
        r->order[i] = k[i].c;
    free(k);
    return TK_OK;
}

/* Draw i of a sample of n out of nd (n < nd): spread evenly over them. */
static inline size_t sample_at(size_t i, size_t n, size_t nd) { return (size_t)(((2 * (uint64_t)i + 1) * nd) / (2 * n)); }

/* The draws a stage values for a candidate with nd of them: all, or a
 * sample of `sample` (*n of them; draw i is sample_at(i, *n, nd) unless
 * all). */
static inline size_t stage_draws(size_t nd, int sample) { return sample > 0 && (size_t)sample < nd ? (size_t)sample : nd; }

/* A candidate's figures from its values over the draws of the stage. */
static void cand_sum(const peg_run *r, peg_cand_st *c, int stage, int plies, int sample)
{
    const peg_draws *d = &r->draws[c->k];
    size_t n = stage_draws(d->n, sample);
    c->win2 = c->sum = c->wsum = 0;
    c->exact = c->win_exact = n == d->n;
    for (size_t i = 0; i < n; i++) {
        size_t j = n == d->n ? i : sample_at(i, n, d->n);
        int64_t fin = (int64_t)r->spread + c->val[j];
        c->win2 += (int64_t)d->v[j].w * (fin > 0 ? 2 : fin == 0 ? 1 : 0);
        c->sum += (int64_t)d->v[j].w * c->val[j];
        c->wsum += d->v[j].w;
        c->exact &= c->ex[j];
        c->win_exact &= c->ex[j] | c->wp[j];
    }
    c->stage = stage;
    c->plies = c->exact ? SK_PEG_EXACT : plies;
}

/* ---- one (candidate, draw) ------------------------------------------------------------- */

/* The position after candidate c and draw d (the opponent to move) into
 * pos; *score the play's points; returns 1 when the play ended the game
 * (the sixth scoreless turn: *end the mover's end points). */
static int after_play(const peg_run *r, const peg_cand_st *c, const peg_draw *d, sk_eg_position *pos, int *score,
                      int *end)
{
    const sk_engine *e = r->p->e;
    memset(pos, 0, sizeof *pos);
    pos->board = *r->b;
    sk_rack me = *r->rack, opp;
    memset(&opp, 0, sizeof opp);
    *score = 0;
    if (c->play.kind == SK_PLAY_MOVE) {
        sk_board_apply(&pos->board, &c->play.move);
        sk_rack_remove_move(&me, &c->play.move);
        *score = c->play.move.score;
        pos->zeroless = *score ? 0 : r->zeroless + 1;
    } else {
        pos->zeroless = r->zeroless + 1;
        pos->last_pass = 1;
    }
    int u[64];
    memcpy(u, r->unseen, sizeof u);
    for (int i = 0; i < r->nbag; i++)
        u[d->t[i]]--;
    for (int i = 0; i < c->k; i++)
        rack_put(&me, d->t[i]);
    for (int l = 0; l < 64; l++)
        for (int j = 0; j < u[l]; j++)
            rack_put(&opp, l);
    pos->rack[0] = opp;
    pos->rack[1] = me;
    if (pos->zeroless >= SK_SCORELESS_END) {
        *end = sk_rack_value(e, &opp) - sk_rack_value(e, &me);
        return 1;
    }
    return 0;
}

/* Value candidate c over draw d `plies` deep with solver s: *val the
 * mover's spread change to the end, *exact when proven.  SK_PEG_WIN: the
 * search to the end in a window around the value that ties, which proves
 * a win, a tie or a loss (*won set) and keeps *val (the estimate of the
 * stage before) on the proven side.  Returns 0, 1 when the clock stopped
 * it, or an error. */
static int eval_item(peg_run *r, sk_endgame *s, const peg_cand_st *c, const peg_draw *d, int plies, int32_t *val,
                     uint8_t *exact, uint8_t *won, tk_error *err)
{
    sk_eg_position pos;
    int score, end;
    if (after_play(r, c, d, &pos, &score, &end)) {
        *val = score + end;
        *exact = *won = 1;
        return 0;
    }
    const uint8_t *bag = d->t + c->k;
    int nb = r->nbag - c->k, rc, stopped = 0, T = r->spread + score;   /* the mover wins iff the value < T */
    sk_eg_opts o = { 0, plies > 0 ? plies : 0, 0, 1, plies > 0 ? SK_EG_LEAF_PLAYOUT : SK_EG_LEAF_RACKS, 0, 0 };
    if (plies == SK_PEG_WIN) {
        o.lo = T - 1;
        o.hi = T + 1;
    }
    sk_eg_result res;
    if (plies == SK_PEG_GREEDY) {
        rc = sk_eg_playout(s, &pos, bag, nb, &o, &res, err);
    } else {
        if (r->deadline > 0) {
            o.seconds = r->deadline - now_sec();
            if (o.seconds <= 0)
                return 1;
        }
        rc = sk_eg_solve_bag(s, &pos, bag, nb, &o, &res, err);
        stopped = !rc && !res.exact && !res.bound && (plies <= SK_PEG_EXACT || res.depth < plies);
    }
    if (rc)
        return rc;
    if (res.bound < 0 && *val < score - res.value)
        *val = score - res.value;   /* proven won: at least so much */
    else if (res.bound > 0 && *val > score - res.value)
        *val = score - res.value;   /* proven lost: at most */
    else if (!res.bound)
        *val = score - res.value;
    *exact = (uint8_t)res.exact;
    *won = (uint8_t)(res.exact || res.bound);
    atomic_fetch_add(&r->nodes, res.nodes);
    sk_eg_result_free(&res);
    return stopped;
}

/* ---- stages ----------------------------------------------------------------------------- */

typedef struct peg_thr {
    peg_run *r;
    int id;
} peg_thr;

static void *stage_worker(void *arg)
{
    peg_thr *t = arg;
    peg_run *r = t->r;
    sk_endgame *s = r->p->eg[t->id];
    for (;;) {
        if (atomic_load(&r->stop))
            break;
        size_t i = atomic_fetch_add(&r->next, 1);
        if (i >= r->nitems)
            break;
        if (r->deadline > 0 && now_sec() >= r->deadline) {
            atomic_store(&r->stop, 1);
            break;
        }
        peg_cand_st *c = &r->c[r->items[i].c];
        uint32_t j = r->items[i].d;
        tk_error err = {0};
        int rc = eval_item(r, s, c, &r->draws[c->k].v[j], r->plies, &c->val[j], &c->ex[j], &c->wp[j], &err);
        if (rc == 0) {
            r->done[i] = 1;
            continue;
        }
        if (rc < 0) {
            pthread_mutex_lock(&r->mu);
            if (!r->err) {
                r->err = rc;
                r->errmsg = err;
            }
            pthread_mutex_unlock(&r->mu);
        }
        atomic_store(&r->stop, 1);
        break;
    }
    return NULL;
}

/* The work items of a stage over candidates order[0..ncand): every draw
 * of the stage (all, or a sample) not yet exact, candidate by candidate in
 * rank order. */
static int stage_items(peg_run *r, size_t ncand, int sample)
{
    size_t need = 0;
    for (size_t i = 0; i < ncand; i++) {
        peg_cand_st *c = &r->c[r->order[i]];
        size_t nd = r->draws[c->k].n;
        if (!c->val) {
            c->val = calloc(nd ? nd : 1, sizeof *c->val);
            c->ex = calloc(nd ? nd : 1, 1);
            c->wp = calloc(nd ? nd : 1, 1);
            if (!c->val || !c->ex || !c->wp)
                return TK_ENOMEM;
        }
        need += stage_draws(nd, sample);
    }
    free(r->items);
    free(r->done);
    r->items = malloc((need ? need : 1) * sizeof *r->items);
    r->done = calloc(need ? need : 1, 1);
    if (!r->items || !r->done)
        return TK_ENOMEM;
    r->nitems = 0;
    for (size_t i = 0; i < ncand; i++) {
        peg_cand_st *c = &r->c[r->order[i]];
        size_t nd = r->draws[c->k].n, n = stage_draws(nd, sample);
        for (size_t q = 0; q < n; q++) {
            size_t j = n == nd ? q : sample_at(q, n, nd);
            if (!c->ex[j] && !(r->plies == SK_PEG_WIN && c->wp[j]))
                r->items[r->nitems++] = (peg_item){ (uint32_t)r->order[i], (uint32_t)j };
        }
    }
    return TK_OK;
}

/* Run the items on the solver's threads (the caller's included).  Returns
 * 1 when every item is done, 0 when the clock stopped them, or an error. */
static int stage_run(peg_run *r)
{
    atomic_store(&r->next, 0);
    atomic_store(&r->stop, 0);
    int nt = r->p->jobs, started = 0;
    pthread_t th[64];
    peg_thr arg[64];
    for (int j = 0; j < nt; j++)
        arg[j] = (peg_thr){ r, j };
    for (int j = 1; j < nt && (size_t)j < r->nitems; j++) {
        if (pthread_create(&th[j], NULL, stage_worker, &arg[j]) != 0)
            break;
        started = j;
    }
    stage_worker(&arg[0]);
    for (int j = 1; j <= started; j++)
        pthread_join(th[j], NULL);
    if (r->err)
        return r->err;
    for (size_t i = 0; i < r->nitems; i++)
        if (!r->done[i])
            return 0;
    return 1;
}

/* Stage 0 cut short: the candidates valued on every draw first (ranked),
 * the others after them in static order.  *considered: how many. */
static int stage0_partial(peg_run *r, int sample, size_t *considered)
{
    uint8_t *ok = malloc(r->n);
    if (!ok)
        return TK_ENOMEM;
    memset(ok, 1, r->n);
    for (size_t i = 0; i < r->nitems; i++)
        if (!r->done[i])
            ok[r->items[i].c] = 0;
    uint8_t *valued = malloc(r->n);
    if (!valued) {
        free(ok);
        return TK_ENOMEM;
    }
    *considered = 0;
    for (size_t i = 0; i < r->n; i++) {
        valued[i] = ok[r->order[i]];
        if (valued[i]) {
            cand_sum(r, &r->c[r->order[i]], 0, r->plies, sample);
            ++*considered;
        }
    }
    int rc = rank_sort(r, r->n, valued, 0);
    free(ok);
    free(valued);
    return rc;
}

/* ---- the solve --------------------------------------------------------------------------- */

/* The default schedules: every candidate on every draw by greedy playouts,
 * then halving the candidates as the searches deepen, a proof of each
 * draw's win, tie or loss for the best 8 (searches to the end in a window
 * around the spread that ties: much cheaper than exact values, and what
 * decides the ranking), and to the end for the best 2, then 4, then 8
 * (each exact stage reuses the last one's values, so it only adds the new
 * candidates' work, and a clock that runs out in it leaves the last one's
 * ranking).  With 3-4 tiles in the bag a
 * candidate has up to 7920 draws: stage 0 values a sample of 32 of them
 * (spread evenly over the draws in their order, reweighted), a second
 * greedy stage every draw of the best 16. */
static const sk_peg_stage stages_small[] = { { 0, SK_PEG_GREEDY, 0 }, { 32, 1, 0 },           { 16, 2, 0 },
                                             { 8, SK_PEG_WIN, 0 },    { 2, SK_PEG_EXACT, 0 }, { 4, SK_PEG_EXACT, 0 },
                                             { 8, SK_PEG_EXACT, 0 } };
static const sk_peg_stage stages_big[] = { { 0, SK_PEG_GREEDY, 32 }, { 16, SK_PEG_GREEDY, 0 }, { 8, 1, 0 },
                                           { 4, 2, 0 },              { 4, SK_PEG_WIN, 0 },     { 2, SK_PEG_EXACT, 0 },
                                           { 4, SK_PEG_EXACT, 0 } };

const sk_peg_stage *sk_peg_default_stages(int bag, int *n)
{
    if (bag <= 2) {
        *n = (int)(sizeof stages_small / sizeof *stages_small);
        return stages_small;
    }
    *n = (int)(sizeof stages_big / sizeof *stages_big);
    return stages_big;
}

static void run_free(peg_run *r)
{
    for (int k = 0; k <= SK_PEG_MAX_BAG; k++)
        free(r->draws[k].v);
    for (size_t i = 0; r->c && i < r->n; i++) {
        free(r->c[i].val);
        free(r->c[i].ex);
        free(r->c[i].wp);
    }
    free(r->c);
    free(r->order);
    free(r->items);
    free(r->done);
    pthread_mutex_destroy(&r->mu);
}

/* The position's checks, its unseen tiles and bag, the draws and the
 * candidates (in static order). */
static int run_setup(peg_run *r, const sk_peg_opts *o, sk_peg_result *res, tk_error *err)
{
    const sk_engine *e = r->p->e;
    if (r->b->dim != e->dim)
        return tk_error_set(err, TK_EINVAL, 0, 0, "board is %dx%d, the layout %dx%d", r->b->dim, r->b->dim, e->dim,
                            e->dim);
    if (r->rack->n > SK_RACK_MAX || r->rack->n < 1)
        return tk_error_set(err, TK_EINVAL, 0, 0, "a rack of %d tiles (1..%d)", r->rack->n, SK_RACK_MAX);
    int rc = sk_position_check(e, r->b, r->rack, err);
    if (rc)
        return rc;
    r->nun = sk_unseen(e, r->b, r->rack, r->unseen);
    if (r->nun < 0)
        return tk_error_set(err, TK_EINVAL, 0, 0, "more tiles than the tile set holds");
    int opp = o->opp_tiles > 0 ? o->opp_tiles : SK_RACK_MAX;
    r->nbag = r->nun - opp;
    if (r->nbag < 1 || r->nbag > SK_PEG_MAX_BAG || opp > SK_RACK_MAX)
        return tk_error_set(err, TK_EINVAL, 0, 0, "not a pre-endgame: %d tile%s in the bag (1 to %d wanted)",
                            r->nbag < 0 ? 0 : r->nbag, r->nbag == 1 ? "" : "s", SK_PEG_MAX_BAG);
    res->bag = r->nbag;
    res->unseen = r->nun;
    for (int k = 0; k <= r->nbag; k++)
        if (draws_make(&r->draws[k], r->unseen, e->alpha.size, r->nbag, k))
            return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    for (size_t j = 0; j < r->draws[0].n; j++)
        res->weight += r->draws[0].v[j].w;
    if ((rc = cands_make(r, o->only, o->nonly, &res->legal, err)) != 0)
        return rc;
    for (size_t i = 0; i < r->n; i++)
        if (r->c[i].play.kind == SK_PLAY_MOVE)
            r->c[i].k = r->c[i].play.move.ntiles < r->nbag ? r->c[i].play.move.ntiles : r->nbag;
    if (rank_sort(r, r->n, NULL, 0))
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    return TK_OK;
}

/* Run the stages: each on the first `keep` candidates of the ranking so
 * far, then those ranked again by its figures. */
static int run_stages(peg_run *r, const sk_peg_stage *st, int nst, sk_peg_result *res, tk_error *err)
{
    res->nstages = nst;
    res->complete = 1;
    for (int s = 0; s < nst; s++) {
        res->stage[s].plies = st[s].plies;
        res->stage[s].draws = st[s].draws;
        r->stage_draws[s] = st[s].draws;
        res->stage[s].cands = s == 0 || st[s].keep <= 0 || (size_t)st[s].keep > r->n ? r->n : (size_t)st[s].keep;
    }
    for (int s = 0; s < nst; s++) {
        size_t keep = res->stage[s].cands;
        r->plies = st[s].plies;
        if (stage_items(r, keep, st[s].draws))
            return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
        double t = now_sec(), c = cpu_sec();
        int rc = stage_run(r);
        res->stage[s].seconds = now_sec() - t;
        res->stage[s].cpu = cpu_sec() - c;
        if (rc < 0) {
            *err = r->errmsg;
            return rc;
        }
        if (rc == 0) {
            res->complete = 0;
            if (s == 0 && stage0_partial(r, st[0].draws, &res->considered))
                return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
            break;
        }
        for (size_t i = 0; i < keep; i++)
            cand_sum(r, &r->c[r->order[i]], s, st[s].plies, st[s].draws);
        if (rank_sort(r, keep, NULL, 1))
            return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
        res->stage[s].done = 1;
        if (s == 0)
            res->considered = r->n;
    }
    return TK_OK;
}

/* The ranked candidates into res. */
static int run_result(const peg_run *r, sk_peg_result *res)
{
    res->cand = calloc(r->n, sizeof *res->cand);
    if (!res->cand)
        return TK_ENOMEM;
    res->n = r->n;
    for (size_t i = 0; i < r->n; i++) {
        const peg_cand_st *c = &r->c[r->order[i]];
        sk_peg_cand *x = &res->cand[i];
        x->play = c->play;
        x->valued = c->stage >= 0;
        x->stage = c->stage;
        x->draws = (uint32_t)r->draws[c->k].n;
        if (!x->valued)
            continue;
        x->win = (double)c->win2 / (2.0 * (double)c->wsum);
        x->spread = (double)c->sum / (double)c->wsum;
        x->used = (uint32_t)stage_draws(x->draws, r->stage_draws[c->stage]);
        x->exact = c->exact;
        x->win_exact = c->win_exact;
        x->plies = c->plies;
    }
    return TK_OK;
}

int sk_peg_solve(sk_peg *p, const sk_board *b, const sk_rack *rack, const sk_peg_opts *opts, sk_peg_result *res,
                 tk_error *err)
{
    memset(res, 0, sizeof *res);
    const sk_peg_opts none = { 0, 0, 0, 0, NULL, 0, NULL, 0 };
    if (!opts)
        opts = &none;
    const sk_peg_stage *st = opts->stages;
    int nst = opts->nstages;
    double t0 = now_sec(), c0 = cpu_sec();
    peg_run *r = calloc(1, sizeof *r);
    if (!r)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    r->p = p;
    r->b = b;
    r->rack = rack;
    r->spread = opts->spread;
    r->zeroless = opts->zeroless < 0 ? 0 : opts->zeroless;
    r->deadline = opts->seconds > 0 ? t0 + PEG_CLOCK_SHARE * opts->seconds : 0;
    pthread_mutex_init(&r->mu, NULL);
    int rc = run_setup(r, opts, res, err);
    if (!rc && !st)
        st = sk_peg_default_stages(r->nbag, &nst);
    if (!rc && (nst < 1 || nst > SK_PEG_MAX_STAGES))
        rc = tk_error_set(err, TK_EINVAL, 0, 0, "a schedule of %d stages (1..%d)", nst, SK_PEG_MAX_STAGES);
    if (!rc)
        rc = run_stages(r, st, nst, res, err);
    if (!rc && run_result(r, res))
        rc = tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    res->nodes = atomic_load(&r->nodes);
    res->seconds = now_sec() - t0;
    res->cpu = cpu_sec() - c0;
    run_free(r);
    free(r);
    if (rc)
        sk_peg_result_free(res);
    return rc;
}

void sk_peg_result_free(sk_peg_result *res)
{
    if (!res)
        return;
    free(res->cand);
    res->cand = NULL;
    res->n = 0;
}

/* ---- the solver -------------------------------------------------------------------------- */

void sk_peg_destroy(sk_peg *p)
{
    if (!p)
        return;
    for (int j = 0; j < p->jobs; j++)
        sk_endgame_destroy(p->eg[j]);
    sk_gen_destroy(p->g);
    sk_movelist_free(&p->list);
    free(p);
}

int sk_peg_create(sk_peg **out, const sk_engine *e, size_t tt_mb, int jobs, tk_error *err)
{
    *out = NULL;
    if (jobs < 1)
        jobs = 1;
    if (jobs > 64)
        jobs = 64;
    sk_peg *p = calloc(1, sizeof *p);
    if (!p)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    p->e = e;
    int rc = sk_gen_create(&p->g, e, err);
    for (int j = 0; !rc && j < jobs; j++) {
        rc = sk_endgame_create(&p->eg[j], e, tt_mb ? tt_mb : SK_PEG_TT_MB_DEFAULT, 1, err);
        if (!rc)
            p->jobs = j + 1;
    }
    if (rc) {
        sk_peg_destroy(p);
        return rc;
    }
    *out = p;
    return TK_OK;
}
