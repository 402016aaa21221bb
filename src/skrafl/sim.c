/* sim.c - Monte Carlo simulation of candidate plays (contract in tilekit/sksim.h).
 *
 * The unseen tiles are kept once in canonical order; an iteration puts them
 * in a random order (Fisher-Yates with the iteration's own sk_rng stream,
 * sk_game_seed(seed, i)) or, in exact mode, in the i-th distinct
 * arrangement (unranked letter by letter: with M arrangements of the tiles
 * left, those starting with letter l number M * count_l / tiles_left).  The
 * first 7 tiles are the opponent's rack, the rest the bag, drawn from the
 * front.  Every candidate still in the running is then rolled out from that
 * same order (common random numbers): a copy of board and racks, the
 * candidate, then P plies of the static equity player (sk_sim_static_best,
 * the ONE place a rollout chooses a play: skgame.h's sk_top_plays for the
 * best play, the same search and ranking as every static player).
 *
 * Accumulation is in exact integers: per candidate the count, the sum of the
 * values (thousandths), a 128-bit sum of their squares and the sum of the
 * wins; per pair of candidates a 128-bit sum of the squared differences (the
 * paired variance the confidence rule needs).  Each thread sums into its own
 * accumulators; they are added up at every checkpoint, so the totals do not
 * depend on which thread ran which iteration.  Iterations are handed out one
 * at a time under a mutex up to the next checkpoint; decisions (dropping
 * candidates, stopping) are taken only at checkpoints, from the totals.
 */
#include "tilekit/sksim.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- the static equity player ------------------------------------------------- */

/* THE static player of skgame.h (sk_top_plays with n = 1): the best-first
 * search with the state's leave rule (the table's values while the bag
 * holds tiles, the end-game term when it is empty), then exchanges and the
 * pass. */
int sk_sim_static_best(sk_gen *g, sk_movelist *list, const sk_rack *r, const sk_board *b, const sk_state *st,
                       sk_leaves_value_fn fn, void *ctx, sk_play *best, tk_error *err)
{
    long n = sk_top_plays(g, b, r, st, 0, fn, ctx, 0, 1, list, best, err);
    return n < 0 ? (int)n : TK_OK;
}

/* ---- arrangements ------------------------------------------------------------- */

uint64_t sk_sim_arrangements(const int counts[64])
{
    uint64_t res = 1;
    int n = 0;
    for (int l = 0; l < 64; l++) {
        int k = counts[l];
        if (k <= 0)
            continue;
        n += k;
        /* C(n, k) step by step: after step j it is C(n - k + j, j), increasing */
        uint64_t c = 1;
        for (int j = 1; j <= k; j++) {
            c = c * (uint64_t)(n - k + j) / (uint64_t)j;
            if (c > SK_SIM_EXACT_MAX)
                return 0;
        }
        if (res > SK_SIM_EXACT_MAX / c)
            return 0;
        res *= c;
    }
    return res;
}

/* ---- the simulation's state ------------------------------------------------------ */

typedef struct acc {
    uint64_t n;
    int64_t sum, win;
    uint64_t sq_hi, sq_lo;
} acc;

static inline void add128(uint64_t *hi, uint64_t *lo, uint64_t x)
{
    uint64_t t = *lo + x;
    *hi += t < *lo;
    *lo = t;
}

static inline double val128(uint64_t hi, uint64_t lo) { return ldexp((double)hi, 64) + (double)lo; }

typedef struct sim sim;

typedef struct worker {
    sim *s;
    sk_gen *g;
    sk_movelist list;
    acc a[SK_SIM_MAX_CANDIDATES];
    uint64_t *pq;              /* K * K * 2: pair sums of squared differences (hi, lo), a < b */
    int64_t v[SK_SIM_MAX_CANDIDATES];
    int err;
    tk_error e;
} worker;

struct sim {
    const sk_engine *e;
    const sk_board *b;
    const sk_rack *r;
    const sk_sim_opts *o;
    const sk_tileset *ts;
    int K, P;
    sk_play cand[SK_SIM_MAX_CANDIDATES];
    uint8_t active[SK_SIM_MAX_CANDIDATES];
    uint8_t canon[128];
    int nu;
    int counts[64];
    uint64_t arrangements;
    /* the block being run */
    pthread_mutex_t mu;
    uint64_t next, end;
    double deadline;
    int timed_out, err;
    /* totals */
    acc tot[SK_SIM_MAX_CANDIDATES];
    uint64_t *pq;
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- one rollout ----------------------------------------------------------------- */

typedef struct roll {
    sk_board b;
    sk_rack rk[2];             /* 0 the mover, 1 the opponent */
    uint8_t bag[128];
    int head, tail;            /* the bag is bag[head..tail), drawn from head */
    int passes;
    sk_rng rng;
} roll;

static inline void rack_add(sk_rack *r, uint8_t t)
{
    if (t == 0)
        r->blanks++;
    else
        r->count[t]++;
    r->n++;
}

static inline void draw(roll *x, sk_rack *r)
{
    while (r->n < SK_RACK_MAX && x->head < x->tail)
        rack_add(r, x->bag[x->head++]);
}

static int rack_points(const sk_tileset *ts, const sk_rack *r)
{
    int v = r->blanks * ts->value[0];
    for (int l = 1; l <= ts->nletters && l < 64; l++)
        v += r->count[l] * ts->value[l];
    return v;
}

/* Player p makes play pl: returns what it gives p (thousandths), sets *ended. */
static int64_t do_play(const sim *s, roll *x, int p, const sk_play *pl, int *ended)
{
    sk_rack *r = &x->rk[p], *o = &x->rk[1 - p];
    if (pl->kind == SK_PLAY_MOVE) {
        sk_board_apply(&x->b, &pl->move);
        sk_rack_remove_move(r, &pl->move);
        draw(x, r);
        x->passes = 0;
        if (r->n == 0) {
            *ended = 1;
            return (int64_t)pl->score * 1000 + 2000 * (int64_t)rack_points(s->ts, o);
        }
        return (int64_t)pl->score * 1000;
    }
    if (pl->kind == SK_PLAY_EXCHANGE) {
        for (int i = 0; i < pl->nx; i++) {
            if (pl->x[i] == 0)
                r->blanks--;
            else
                r->count[pl->x[i]]--;
            r->n--;
        }
        draw(x, r);
        for (int i = 0; i < pl->nx; i++) {
            /* back into the bag at a uniformly random place */
            int n = x->tail - x->head;
            int at = x->head + (int)sk_rng_below(&x->rng, (uint32_t)n + 1);
            memmove(&x->bag[at + 1], &x->bag[at], (size_t)(x->tail - at));
            x->bag[at] = pl->x[i];
            x->tail++;
        }
        x->passes = 0;
        return 0;
    }
    x->passes++;
    if (x->passes >= 2 && x->head == x->tail) {
        *ended = 1;
        return 1000 * (int64_t)(rack_points(s->ts, o) - rack_points(s->ts, r));
    }
    return 0;
}

/* Candidate c from the arrangement `order` (rng: the stream after the shuffle);
 * *win in SK_SIM_WIN_UNIT units (see the header). */
static int rollout(worker *w, const uint8_t *order, const sk_rng *rng, int c, int64_t *value, int64_t *win)
{
    const sim *s = w->s;
    roll x;
    memcpy(&x.b, s->b, sizeof x.b);
    x.rk[0] = *s->r;
    memset(&x.rk[1], 0, sizeof x.rk[1]);
    int nopp = s->nu < SK_RACK_MAX ? s->nu : SK_RACK_MAX;
    for (int i = 0; i < nopp; i++)
        rack_add(&x.rk[1], order[i]);
    x.head = 0;
    x.tail = s->nu - nopp;
    memcpy(x.bag, order + nopp, (size_t)x.tail);
    x.passes = 0;
    x.rng = *rng;
    int ended = 0, last = 0;
    int64_t S = do_play(s, &x, 0, &s->cand[c], &ended);
    int64_t L = s->cand[c].leave;
    for (int k = 1; k <= s->P && !ended; k++) {
        last = k & 1;
        int p = k & 1;
        const sk_rack *o = &x.rk[1 - p];
        sk_state st = { x.tail - x.head, o->n, rack_points(s->ts, o) };
        sk_play pl;
        int rc = sk_sim_static_best(w->g, &w->list, &x.rk[p], &x.b, &st, s->o->fn, s->o->ctx, &pl, &w->e);
        if (rc)
            return rc;
        int64_t pts = do_play(s, &x, p, &pl, &ended);
        S += p ? -pts : pts;
        if (p == 0)
            L = pl.leave;
    }
    *value = S + (ended ? 0 : L);
    int64_t f = (int64_t)s->o->spread * 1000 + *value;
    if (ended || !s->o->wins) {
        *win = f > 0 ? SK_SIM_WIN_UNIT : f == 0 ? SK_SIM_WIN_UNIT / 2 : 0;
    } else {
        int u = x.tail - x.head + x.rk[1 - last].n;
        double p = last == 0 ? sk_wintab_win(s->o->wins, (double)f / 1000, u)
                             : 1 - sk_wintab_win(s->o->wins, -(double)f / 1000, u);
        *win = (int64_t)floor(p * SK_SIM_WIN_UNIT + 0.5);
    }
    return TK_OK;
}

/* The i-th distinct arrangement of the unseen tiles, lexicographic. */
static void unrank(const sim *s, uint64_t i, uint8_t *order)
{
    int cnt[64];
    memcpy(cnt, s->counts, sizeof cnt);
    uint64_t M = s->arrangements;
    int rem = s->nu;
    for (int pos = 0; pos < s->nu; pos++) {
        for (int l = 0; l < 64; l++) {
            if (!cnt[l])
                continue;
            uint64_t Ml = M * (uint64_t)cnt[l] / (uint64_t)rem;
            if (i < Ml) {
                order[pos] = (uint8_t)l;
                cnt[l]--;
                M = Ml;
                break;
            }
            i -= Ml;
        }
        rem--;
    }
}

static int iteration(worker *w, uint64_t i)
{
    const sim *s = w->s;
    uint8_t order[128];
    memcpy(order, s->canon, (size_t)s->nu);
    sk_rng rng;
    sk_rng_seed(&rng, sk_game_seed(s->o->seed, i));
    if (s->o->exact) {
        unrank(s, i, order);
    } else {
        for (int j = s->nu - 1; j > 0; j--) {
            int k = (int)sk_rng_below(&rng, (uint32_t)j + 1);
            uint8_t t = order[j];
            order[j] = order[k];
            order[k] = t;
        }
    }
    int K = s->K;
    for (int c = 0; c < K; c++) {
        if (!s->active[c])
            continue;
        int64_t win;
        int rc = rollout(w, order, &rng, c, &w->v[c], &win);
        if (rc)
            return rc;
        int64_t v = w->v[c];
        acc *a = &w->a[c];
        a->n++;
        a->sum += v;
        a->win += win;
        uint64_t m = (uint64_t)(v < 0 ? -v : v);
        add128(&a->sq_hi, &a->sq_lo, m * m);
    }
    for (int a = 0; a < K; a++) {
        if (!s->active[a])
            continue;
        for (int b = a + 1; b < K; b++) {
            if (!s->active[b])
                continue;
            int64_t d = w->v[a] - w->v[b];
            uint64_t m = (uint64_t)(d < 0 ? -d : d);
            uint64_t *q = &w->pq[2 * ((size_t)a * K + b)];
            add128(&q[0], &q[1], m * m);
        }
    }
    return TK_OK;
}

static void *work(void *arg)
{
    worker *w = arg;
    sim *s = w->s;
    for (;;) {
        pthread_mutex_lock(&s->mu);
        if (s->err || s->next >= s->end) {
            pthread_mutex_unlock(&s->mu);
            break;
        }
        if (s->deadline > 0 && now_seconds() >= s->deadline) {
            s->timed_out = 1;
            pthread_mutex_unlock(&s->mu);
            break;
        }
        uint64_t i = s->next++;
        pthread_mutex_unlock(&s->mu);
        int rc = iteration(w, i);
        if (rc) {
            pthread_mutex_lock(&s->mu);
            if (!s->err) {
                s->err = rc;
                w->err = rc;
            }
            pthread_mutex_unlock(&s->mu);
            break;
        }
    }
    return NULL;
}

/* Add a worker's sums to the totals and clear them. */
static void merge(sim *s, worker *w)
{
    int K = s->K;
    for (int c = 0; c < K; c++) {
        acc *t = &s->tot[c], *a = &w->a[c];
        t->n += a->n;
        t->sum += a->sum;
        t->win += a->win;
        uint64_t lo = t->sq_lo + a->sq_lo;
        t->sq_hi += a->sq_hi + (lo < t->sq_lo);
        t->sq_lo = lo;
        memset(a, 0, sizeof *a);
    }
    for (size_t k = 0; k < (size_t)K * K; k++) {
        uint64_t *t = &s->pq[2 * k], *a = &w->pq[2 * k];
        uint64_t lo = t[1] + a[1];
        t[0] += a[0] + (lo < t[1]);
        t[1] = lo;
        a[0] = a[1] = 0;
    }
}

/* ---- statistics and decisions --------------------------------------------------------- */

/* The one-sided normal quantile: z with P(Z <= z) = p (bisection on erfc). */
static double normal_quantile(double p)
{
    double lo = -10, hi = 10;
    for (int i = 0; i < 100; i++) {
        double mid = (lo + hi) / 2;
        if (0.5 * erfc(-mid / sqrt(2.0)) < p)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

/* Sample variance from exact sums (thousandths squared). */
static double variance(uint64_t n, double sum, double sq)
{
    if (n < 2)
        return 0;
    double v = (sq - sum * sum / (double)n) / (double)(n - 1);
    return v > 0 ? v : 0;
}

/* Is a ahead of b in the result's order? */
static int ahead(const sk_sim_result *res, int a, int b)
{
    const sk_sim_cand *x = &res->cand[a], *y = &res->cand[b];
    if (x->dropped != y->dropped)
        return y->dropped;
    if (x->mean != y->mean)
        return x->mean > y->mean;
    return a < b;
}

static void fill_result(const sim *s, sk_sim_result *res)
{
    for (int c = 0; c < s->K; c++) {
        const acc *a = &s->tot[c];
        sk_sim_cand *x = &res->cand[c];
        x->iterations = a->n;
        x->sum = a->sum;
        x->win_sum = a->win;
        x->mean = a->n ? (double)a->sum / (double)a->n / 1000.0 : 0;
        x->se = a->n >= 2 ? sqrt(variance(a->n, (double)a->sum, val128(a->sq_hi, a->sq_lo)) / (double)a->n) / 1000.0
                          : 0;
        x->win = a->n ? (double)a->win / ((double)a->n * SK_SIM_WIN_UNIT) : 0;
        x->dropped = !s->active[c];
    }
    for (int i = 0; i < s->K; i++) {
        int j = i;
        res->order[i] = i;
        while (j > 0 && ahead(res, res->order[j], res->order[j - 1])) {
            int t = res->order[j];
            res->order[j] = res->order[j - 1];
            res->order[j - 1] = t;
            j--;
        }
    }
}

#define SK_SIM_MIN_DROP 30   /* iterations before the confidence rule decides */

/* Drop the candidates statistically behind the leader; returns how many are left. */
static int drop_behind(sim *s, sk_sim_result *res, double z)
{
    int K = s->K, lead = -1, left = 0;
    for (int c = 0; c < K; c++)
        if (s->active[c] && (lead < 0 || s->tot[c].sum > s->tot[lead].sum))
            lead = c;
    if (lead < 0)
        return 0;
    uint64_t n = s->tot[lead].n;
    if (n < SK_SIM_MIN_DROP) {
        for (int c = 0; c < K; c++)
            left += s->active[c];
        return left;
    }
    uint8_t out[SK_SIM_MAX_CANDIDATES] = {0};
    for (int c = 0; c < K; c++) {
        if (!s->active[c] || c == lead)
            continue;
        double D = (double)(s->tot[lead].sum - s->tot[c].sum);
        int a = c < lead ? c : lead, b = c < lead ? lead : c;
        const uint64_t *q = &s->pq[2 * ((size_t)a * K + b)];
        double sd = sqrt(variance(n, D, val128(q[0], q[1])));
        if (D > 0 && D / (double)n > z * sd / sqrt((double)n))
            out[c] = 1;
    }
    for (int c = 0; c < K; c++) {
        if (out[c]) {
            s->active[c] = 0;
            res->cand[c].dropped_at = n;
        }
        left += s->active[c];
    }
    return left;
}

/* ---- the driver ------------------------------------------------------------------------- */

static int check_opts(const sk_sim_opts *o, tk_error *err)
{
    if (o->plies < 0 || o->plies > SK_SIM_MAX_PLIES)
        return tk_error_set(err, TK_EINVAL, 0, 0, "plies must be 1..%d", SK_SIM_MAX_PLIES);
    if (o->candidates < 0 || o->candidates > SK_SIM_MAX_CANDIDATES)
        return tk_error_set(err, TK_EINVAL, 0, 0, "candidates must be 1..%d", SK_SIM_MAX_CANDIDATES);
    if (o->cand && (o->ncand < 1 || o->ncand > SK_SIM_MAX_CANDIDATES))
        return tk_error_set(err, TK_EINVAL, 0, 0, "an explicit list needs 1..%d candidates", SK_SIM_MAX_CANDIDATES);
    if (!o->iterations && !(o->seconds > 0) && !o->exact)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no stopping rule: give iterations, seconds or exact mode");
    if (o->seconds < 0 || o->seconds != o->seconds)
        return tk_error_set(err, TK_EINVAL, 0, 0, "seconds must be positive");
    if (o->confidence != 0 && !(o->confidence >= 0.5 && o->confidence <= 0.999999))
        return tk_error_set(err, TK_EINVAL, 0, 0, "confidence must be in 0.5..0.999999");
    if (o->jobs < 0 || o->jobs > SK_SIM_MAX_JOBS)
        return tk_error_set(err, TK_EINVAL, 0, 0, "jobs must be 0..%d", SK_SIM_MAX_JOBS);
    return TK_OK;
}

/* The candidates: the caller's, or the top K of the ranked plays. */
static int pick_candidates(sim *s, const sk_state *st, tk_error *err)
{
    const sk_sim_opts *o = s->o;
    if (o->cand) {
        for (int i = 0; i < o->ncand; i++) {
            if (o->cand[i].kind == SK_PLAY_EXCHANGE && st->bag < SK_EXCHANGE_MIN)
                return tk_error_set(err, TK_EINVAL, 0, 0, "candidate %d exchanges with fewer than %d tiles in the bag",
                                    i + 1, SK_EXCHANGE_MIN);
            s->cand[i] = o->cand[i];
        }
        s->K = o->ncand;
        return TK_OK;
    }
    sk_gen *g = NULL;
    sk_movelist list = {0};
    int rc = sk_gen_create(&g, s->e, err);
    if (!rc)
        rc = sk_generate(g, s->b, s->r, 0, &list, err);
    sk_play *v = NULL;
    long n = 0;
    if (!rc) {
        n = sk_rank_plays(s->e, s->r, st, &list, o->fn, o->ctx, 0, &v);
        if (n < 0)
            rc = tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    if (rc)
        return rc;
    if (n == 1 && v[0].kind == SK_PLAY_PASS) {
        free(v);
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "no legal play: the only play is to pass");
    }
    int K = o->candidates ? o->candidates : SK_SIM_DEFAULT_K;
    if (K > n)
        K = (int)n;
    memcpy(s->cand, v, (size_t)K * sizeof *v);
    s->K = K;
    free(v);
    return TK_OK;
}

/* The unseen tiles (s->counts, s->nu, s->canon), the state they leave
 * (*st, res->unseen, res->bag) and, in exact mode, their arrangements;
 * an error if the position cannot be simulated. */
static int sim_setup(sim *s, sk_sim_result *res, sk_state *st, tk_error *err)
{
    const sk_engine *e = s->e;
    s->nu = sk_unseen(e, s->b, s->r, s->counts);
    if (s->nu < 0 || s->nu > 127)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "board and rack hold more tiles than the tile set");
    sk_state_from_unseen(e, s->counts, s->nu, st);
    res->unseen = s->nu;
    res->bag = st->bag;
    if (st->bag == 0)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0,
                            "the bag is empty (%d unseen tiles, all on the opponent's rack): nothing to "
                            "simulate; use the endgame solver", s->nu);
    for (int l = 0, k = 0; l < 64; l++)
        for (int j = 0; j < s->counts[l]; j++)
            s->canon[k++] = (uint8_t)l;
    if (s->o->exact) {
        s->arrangements = sk_sim_arrangements(s->counts);
        if (!s->arrangements)
            return tk_error_set(err, TK_EINVAL, 0, 0, "exact mode: more than %llu arrangements of the %d unseen tiles",
                                (unsigned long long)SK_SIM_EXACT_MAX, s->nu);
        res->arrangements = s->arrangements;
    }
    return TK_OK;
}

/* One worker a thread (its generator, move list and pair sums) and the
 * shared pair sums; *w is NULL or the array, to be freed with free_workers
 * whatever is returned. */
static int make_workers(sim *s, int jobs, worker **wp, tk_error *err)
{
    int K = s->K, rc;
    worker *w = calloc((size_t)jobs, sizeof *w);
    *wp = w;
    s->pq = calloc((size_t)K * K * 2, sizeof *s->pq);
    rc = w && s->pq ? TK_OK : TK_ENOMEM;
    for (int j = 0; j < jobs && !rc; j++) {
        w[j].s = s;
        w[j].pq = calloc((size_t)K * K * 2, sizeof *w[j].pq);
        if (!w[j].pq || sk_gen_create(&w[j].g, s->e, err))
            rc = TK_ENOMEM;
        else if (!(w[j].list.v = malloc(16 * sizeof *w[j].list.v)))
            rc = TK_ENOMEM;
        else
            w[j].list.cap = 16;
    }
    return rc;
}

static void free_workers(worker *w, int jobs)
{
    for (int j = 0; w && j < jobs; j++) {
        sk_gen_destroy(w[j].g);
        sk_movelist_free(&w[j].list);
        free(w[j].pq);
    }
    free(w);
}

/* The iterations up to the checkpoint `end` on the jobs threads (this one
 * included), then their sums merged; a worker's error if one failed. */
static int run_to_checkpoint(sim *s, worker *w, int jobs, uint64_t end, tk_error *err)
{
    s->end = end;
    pthread_t tid[SK_SIM_MAX_JOBS];
    int started = 0;
    for (int j = 1; j < jobs && end - s->next > (uint64_t)j; j++) {
        if (pthread_create(&tid[started], NULL, work, &w[j]) != 0)
            break;
        started++;
    }
    work(&w[0]);
    for (int j = 0; j < started; j++)
        pthread_join(tid[j], NULL);
    if (s->err) {
        for (int j = 0; j < jobs; j++)
            if (w[j].err && err)
                *err = w[j].e;
        return s->err;
    }
    for (int j = 0; j < jobs; j++)
        merge(s, &w[j]);
    return TK_OK;
}

int sk_sim(const sk_engine *e, const sk_board *b, const sk_rack *r, const sk_sim_opts *o,
           sk_sim_result *res, tk_error *err)
{
    memset(res, 0, sizeof *res);
    int rc = check_opts(o, err);
    if (rc)
        return rc;
    sim *s = calloc(1, sizeof *s);
    if (!s)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    s->e = e;
    s->b = b;
    s->r = r;
    s->o = o;
    s->ts = sk_engine_tileset(e);
    s->P = o->plies ? o->plies : 2;
    double t0 = now_seconds();
    sk_state st;
    rc = sim_setup(s, res, &st, err);
    if (!rc)
        rc = pick_candidates(s, &st, err);
    if (rc) {
        free(s);
        return rc;
    }
    int K = s->K, jobs = o->jobs > 1 ? o->jobs : 1;
    res->n = K;
    for (int c = 0; c < K; c++) {
        res->cand[c].play = s->cand[c];
        s->active[c] = 1;
    }
    uint64_t limit = o->iterations;
    if (o->exact && (!limit || limit > s->arrangements))
        limit = s->arrangements;
    uint64_t step = o->checkpoint ? o->checkpoint : SK_SIM_CHECKPOINT;
    worker *w;
    rc = make_workers(s, jobs, &w, err);
    pthread_mutex_init(&s->mu, NULL);
    s->deadline = o->seconds > 0 ? t0 + o->seconds : 0;
    double z = o->confidence > 0 ? normal_quantile(o->confidence) : 0;
    int stop = -1;
    while (!rc && stop < 0) {
        uint64_t end = (s->next / step + 1) * step;
        if (limit && end > limit)
            end = limit;
        rc = run_to_checkpoint(s, w, jobs, end, err);
        if (rc)
            break;
        res->iterations = s->next;
        if (o->confidence > 0 && !s->timed_out && s->next == end && drop_behind(s, res, z) <= 1)
            stop = SK_SIM_STOP_CONFIDENCE;
        fill_result(s, res);
        res->seconds = now_seconds() - t0;
        if (stop < 0 && limit && s->next >= limit)
            stop = SK_SIM_STOP_ITERATIONS;
        if (stop < 0 && s->timed_out)
            stop = SK_SIM_STOP_TIME;
        if (o->progress && o->progress(o->pctx, res) && stop < 0)
            stop = SK_SIM_STOP_CALLER;
    }
    res->stop = stop < 0 ? SK_SIM_STOP_ITERATIONS : stop;
    pthread_mutex_destroy(&s->mu);
    free_workers(w, jobs);
    free(s->pq);
    free(s);
    if (rc == TK_ENOMEM && (!err || !err->msg[0]))
        tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    if (rc)
        res->n = 0;
    return rc;
}

/* ---- win tables ---------------------------------------------------------------------- */

int sk_wintab_parse(sk_wintab *t, const char *text, size_t len, tk_error *err)
{
    memset(t, 0, sizeof *t);
    uint8_t have[SK_WINTAB_MAX] = {0};
    long line = 0;
    size_t p = 0;
    while (p < len) {
        size_t e = p;
        while (e < len && text[e] != '\n')
            e++;
        line++;
        char buf[128];
        size_t n = e - p < sizeof buf - 1 ? e - p : sizeof buf - 1;
        memcpy(buf, text + p, n);
        buf[n] = 0;
        if (n && buf[n - 1] == '\r')
            buf[--n] = 0;
        p = e + 1;
        size_t k = 0;
        while (buf[k] == ' ' || buf[k] == '\t')
            k++;
        if (!buf[k] || buf[k] == '#')
            continue;
        if (!t->n && (buf[k] == 'u' || buf[k] == 'U'))
            continue;   /* the header */
        char *end;
        long u = strtol(buf + k, &end, 10);
        if (end == buf + k || *end != ',' || u < 0 || u >= SK_WINTAB_MAX)
            return tk_error_set(err, TK_EFORMAT, line, 0, "expected 'unseen,scale' with unseen 0..%d",
                                SK_WINTAB_MAX - 1);
        char *v = end + 1;
        double sc = strtod(v, &end);
        while (*end == ' ' || *end == '\t')
            end++;
        if (end == v || *end || !(sc > 0 && sc < 1e9))
            return tk_error_set(err, TK_EFORMAT, line, 0, "bad scale '%s' (a positive number)", v);
        t->scale[u] = sc;
        have[u] = 1;
        if (u + 1 > t->n)
            t->n = (int)u + 1;
    }
    if (!t->n)
        return tk_error_set(err, TK_EFORMAT, line, 0, "no 'unseen,scale' line");
    double first = 0;
    for (int u = 0; u < t->n && !first; u++)
        if (have[u])
            first = t->scale[u];
    for (int u = 0; u < t->n; u++)
        if (!have[u])
            t->scale[u] = u ? t->scale[u - 1] : first;
    return TK_OK;
}

double sk_wintab_win(const sk_wintab *t, double spread, int unseen)
{
    if (unseen < 0)
        unseen = 0;
    if (unseen >= t->n)
        unseen = t->n - 1;
    double x = spread / t->scale[unseen];
    if (x > 60)
        return 1;
    if (x < -60)
        return 0;
    return 1 / (1 + exp(-x));
}

/* ---- a simulating player ------------------------------------------------------------------ */

int sk_sim_choose(void *ctx, sk_gen *g, const sk_board *b, const sk_rack *r, const sk_state *st, sk_play *out,
                  tk_error *err)
{
    const sk_sim_opts *o = ctx;
    const sk_engine *e = sk_gen_engine(g);
    if (st->bag > 0) {
        sk_sim_opts so = *o;
        uint64_t h = 0x9E3779B97F4A7C15ull;
        for (int i = 0; i < b->dim * b->dim; i++)
            h = (h ^ b->sq[i]) * 0x100000001B3ull;
        for (int l = 1; l < 64; l++)
            h = (h ^ r->count[l]) * 0x100000001B3ull;
        h = (h ^ (uint64_t)r->blanks) * 0x100000001B3ull;
        so.seed = sk_game_seed(o->seed, h);
        so.progress = NULL;
        sk_sim_result *res = malloc(sizeof *res);
        if (!res)
            return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
        tk_error e2 = {0};
        int rc = sk_sim(e, b, r, &so, res, &e2);
        if (rc == TK_OK && res->n > 0) {
            *out = res->cand[res->order[0]].play;
            free(res);
            return TK_OK;
        }
        free(res);
        if (rc != TK_ENOTFOUND) {
            if (err)
                *err = e2;
            return rc;
        }
    }
    sk_movelist list = {0};
    int rc = sk_sim_static_best(g, &list, r, b, st, o->fn, o->ctx, out, err);
    sk_movelist_free(&list);
    return rc;
}
