/* best.c - searching for the highest-scoring Boggle board (see
 * tilekit/boggle.h, bog_best_search).
 *
 * A board is a face index per cell (letter search) or a die and the face
 * it shows per cell (dice search).  One run of simulated annealing starts
 * from a random board and proposes small changes: a cell shows another face
 * / a die is turned, or two cells / dice swap (one change, sometimes a few
 * at once).  A proposal that does not lower the score is kept; one that
 * lowers it by d is kept with probability exp(-d / T), the temperature
 * cooling as T0 * exp(-k n); a run ends when it has found nothing better for
 * a while, with a greedy climb that tries every single change and every
 * swap and keeps any improvement until none is left (a local optimum).
 * Each run's optimum is then explored (iterated local search): a few random
 * changes and a greedy climb, kept if better (and explored afresh), else
 * undone, until ILS_ROUNDS tries in a row bring nothing; then a restart
 * from a random board.  Temperatures are fractions of the best score seen, so the same
 * schedule fits 4x4 English (3,625 points at best) and small Hungarian lists.
 * New faces are drawn in proportion to how often their letters occur in the
 * dictionary.
 *
 * Scoring is bog_solve with BOG_COUNT (no word list); a local search
 * proposes the same neighbours again and again, so scores are kept in a
 * cache keyed by a 64-bit hash of the board (a new best is always solved,
 * never taken from the cache).  Nothing is allocated per board.  The random
 * state is splitmix64 from the seed; nothing depends on time, so a seed and
 * an iteration count fix every event and the result.
 */
#include "bog_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A new face for a cell is drawn from PICK_SLOTS slots shared out among the
 * faces in proportion to how often their letters occur in the dictionary's
 * words (every face at least one slot), so the search spends few boards on
 * letters that rarely help. */
#define PICK_SLOTS 4096
#define CACHE_SLOTS (1u << 16)

typedef struct best_state {
    bog_solver *s;
    const bog_best_config *cfg;
    bog_best_fn fn;
    void *ctx;
    uint64_t rng;
    int cells, min_len;
    int dice;                      /* dice search */
    int nfaces;                    /* letter search: faces to choose from */
    const bog_face *faces;
    bog_face *own_faces;           /* every letter alone, when cfg->faces is NULL */
    bog_face (*dface)[BOG_DIE_FACES_MAX]; /* dice search: encoded faces of each die */
    uint16_t pick[PICK_SLOTS];     /* letter search: faces, each in proportion to its weight */
    uint16_t what[BOG_MAX_CELLS];  /* face index (letters) or die (dice) at each cell */
    uint8_t up[BOG_MAX_CELLS];     /* dice: face shown by the die at each cell */
    bog_grid g;                    /* the current board */
    bog_grid best;
    uint16_t what_best[BOG_MAX_CELLS];
    uint8_t up_best[BOG_MAX_CELLS];
    long best_score, boards, restarts, limit, every;
    long solved;                   /* boards actually solved (not from the cache) */
    uint64_t *ckey;                /* cache of board scores, CACHE_SLOTS entries */
    long *cval;
    int stop;
    tk_error *err;
    int rc;
} best_state;

static double rand01(best_state *b) { return (double)(bog_rand(&b->rng) >> 11) * (1.0 / 9007199254740992.0); }
static uint32_t below(best_state *b, uint32_t n) { return (uint32_t)(((bog_rand(&b->rng) >> 32) * n) >> 32); }

/* Write cell i of the grid from the state. */
static void put_cell(best_state *b, int i)
{
    const bog_face *f = b->dice ? &b->dface[b->what[i]][b->up[i]] : &b->faces[b->what[i]];
    b->g.n[i] = f->n;
    memcpy(b->g.let[i], f->let, f->n);
}

/* The current board's cache key (never 0). */
static uint64_t board_key(const best_state *b)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < b->cells; i++)
        h = (h ^ ((uint64_t)b->what[i] << 8 | b->up[i])) * 0x100000001B3ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return h | 1;
}

/* Solve the current board (a new best is reported here, never from the
 * cache); returns its score, or 0 with b->stop set on an error. */
static long solve(best_state *b)
{
    bog_result r;
    if (b->rc == TK_OK && bog_solve(b->s, &b->g, b->min_len, BOG_COUNT, &r, b->err) != TK_OK)
        b->rc = b->err ? b->err->code : TK_ENOMEM;
    if (b->rc != TK_OK) {
        b->stop = 1;
        return 0;
    }
    if (r.score > b->best_score) {
        b->best_score = r.score;
        b->best = b->g;
        memcpy(b->what_best, b->what, (size_t)b->cells * sizeof *b->what);
        memcpy(b->up_best, b->up, (size_t)b->cells);
        bog_best_event ev = {BOG_BEST_NEW, b->boards, b->restarts, r.score, r.score, &b->best};
        if (b->fn && b->fn(b->ctx, &ev))
            b->stop = 1;
        if (b->cfg->target > 0 && r.score >= b->cfg->target)
            b->stop = 1;
    }
    return r.score;
}

/* Score the current board: from the cache of boards seen (local search
 * proposes the same neighbours again and again), else solved.  Counts it
 * and asks the caller now and then whether to go on. */
static long score(best_state *b)
{
    uint64_t key = board_key(b);
    size_t slot = (size_t)(key & (CACHE_SLOTS - 1));
    long sc;
    b->boards++;
    if (b->ckey[slot] == key) {
        sc = b->cval[slot];
    } else {
        sc = solve(b);
        b->ckey[slot] = key;
        b->cval[slot] = sc;
        b->solved++;
    }
    if (b->boards % b->every == 0 && b->fn) {
        bog_best_event ev = {BOG_BEST_PROGRESS, b->boards, b->restarts, sc, b->best_score, NULL};
        if (b->fn(b->ctx, &ev))
            b->stop = 1;
    }
    if (b->limit && b->boards >= b->limit)
        b->stop = 1;
    return sc;
}

/* ---- changes ---------------------------------------------------------------- */

typedef struct change {
    int kind;            /* 0: cell i shows another face / die i turned; 1: swap i and j */
    int i, j;
    uint16_t what;       /* previous face (letters) */
    uint8_t up;          /* previous face up (dice) */
} change;

static int faces_of(best_state *b, int i) { return b->dice ? b->cfg->dice->nfaces[b->what[i]] : b->nfaces; }

static void do_swap(best_state *b, int i, int j)
{
    uint16_t w = b->what[i];
    uint8_t u = b->up[i];
    b->what[i] = b->what[j];
    b->up[i] = b->up[j];
    b->what[j] = w;
    b->up[j] = u;
    put_cell(b, i);
    put_cell(b, j);
}

/* Set cell i to face f (letters) / turn its die to face f (dice). */
static void do_set(best_state *b, int i, int f)
{
    if (b->dice)
        b->up[i] = (uint8_t)f;
    else
        b->what[i] = (uint16_t)f;
    put_cell(b, i);
}

static int cur_face(best_state *b, int i) { return b->dice ? b->up[i] : b->what[i]; }

/* A random change (applied); returns 0 if none is possible. */
static int random_change(best_state *b, change *c)
{
    for (int tries = 0; tries < 8; tries++) {
        c->i = (int)below(b, (uint32_t)b->cells);
        if (b->cells > 1 && below(b, 2)) {
            c->kind = 1;
            c->j = (int)below(b, (uint32_t)b->cells - 1);
            if (c->j >= c->i)
                c->j++;
            if (!b->dice && b->what[c->i] == b->what[c->j])
                continue;
            do_swap(b, c->i, c->j);
            return 1;
        }
        int n = faces_of(b, c->i);
        if (n < 2)
            continue;
        c->kind = 0;
        c->what = (uint16_t)cur_face(b, c->i);
        int f;
        if (b->dice) {
            f = (int)below(b, (uint32_t)n - 1);
            if (f >= c->what)
                f++;
        } else if ((f = b->pick[below(b, PICK_SLOTS)]) == c->what) {
            continue;
        }
        do_set(b, c->i, f);
        return 1;
    }
    return 0;
}

static void undo(best_state *b, const change *c)
{
    if (c->kind)
        do_swap(b, c->i, c->j);
    else
        do_set(b, c->i, c->what);
}

/* ---- runs -------------------------------------------------------------------- */

static void random_board(best_state *b)
{
    if (b->dice) {
        for (int i = 0; i < b->cells; i++)
            b->what[i] = (uint16_t)i;
        for (int i = b->cells - 1; i > 0; i--) {
            int j = (int)below(b, (uint32_t)i + 1);
            uint16_t t = b->what[i];
            b->what[i] = b->what[j];
            b->what[j] = t;
        }
        for (int i = 0; i < b->cells; i++)
            b->up[i] = (uint8_t)below(b, b->cfg->dice->nfaces[b->what[i]]);
    } else {
        for (int i = 0; i < b->cells; i++)
            b->what[i] = b->pick[below(b, PICK_SLOTS)];
    }
    for (int i = 0; i < b->cells; i++)
        put_cell(b, i);
}

/* Greedy climb: every single change and every swap, keeping improvements,
 * until a full pass finds none.  Returns the final score. */
static long climb(best_state *b, long cur)
{
    int improved = 1;
    while (improved && !b->stop) {
        improved = 0;
        for (int i = 0; i < b->cells && !b->stop; i++) {
            int n = faces_of(b, i), was = cur_face(b, i);
            for (int f = 0; f < n && !b->stop; f++) {
                if (f == was)
                    continue;
                do_set(b, i, f);
                long sc = score(b);
                if (sc > cur) {
                    cur = sc;
                    was = f;
                    improved = 1;
                } else {
                    do_set(b, i, was);
                }
            }
        }
        for (int i = 0; i < b->cells && !b->stop; i++)
            for (int j = i + 1; j < b->cells && !b->stop; j++) {
                if (!b->dice && b->what[i] == b->what[j])
                    continue;
                do_swap(b, i, j);
                long sc = score(b);
                if (sc > cur) {
                    cur = sc;
                    improved = 1;
                } else {
                    do_swap(b, i, j);
                }
            }
    }
    return cur;
}

/* Run lengths and temperatures (relative to the best score so far). */
/* Schedule (tuned on 4x4 ENABLE2K; temperatures relative to the best score
 * so far): a run cools as T0 * exp(-COOL_K * n) and ends after
 * STALL_PER_CELL boards per cell without a better board in the run, then
 * climbs greedily and explores ILS_ROUNDS perturbations of ILS_CHANGES
 * changes around its optimum.  Every PERTURB_EVERY-th run starts from the
 * best board with PERTURB_CHANGES changes, at the cooler TP. */
#define T0_FRACTION 0.03
#define TP_FRACTION 0.01
#define COOL_K 0.05
#define STALL_PER_CELL 60
#define MUTATION_P 0.75        /* probability that a proposal is one change, not more */
#define PERTURB_EVERY 0
#define PERTURB_CHANGES 4
#define ILS_ROUNDS 15
#define ILS_CHANGES 3
#define CLIMB_FIRST 0
#define CLIMB_LAST 1

/* Undo a list of changes, last first. */
static void undo_all(best_state *b, const change *c, int n)
{
    while (n-- > 0)
        undo(b, &c[n]);
}

/* Iterated local search around the local optimum just reached: a few
 * random changes, a greedy climb, kept if better, else back. */
static void explore(best_state *b, long cur)
{
    uint16_t what[BOG_MAX_CELLS];
    uint8_t up[BOG_MAX_CELLS];
    for (int k = 0; k < ILS_ROUNDS && !b->stop; k++) {
        memcpy(what, b->what, (size_t)b->cells * sizeof *what);
        memcpy(up, b->up, (size_t)b->cells);
        change c;
        for (int j = 0; j < ILS_CHANGES; j++)
            random_change(b, &c);
        long sc = climb(b, score(b));
        if (sc > cur) {
            cur = sc;
            k = -1;        /* a better optimum: explore around it afresh */
        } else {
            memcpy(b->what, what, (size_t)b->cells * sizeof *what);
            memcpy(b->up, up, (size_t)b->cells);
            for (int i = 0; i < b->cells; i++)
                put_cell(b, i);
        }
    }
}

static void anneal(best_state *b, long cur, int perturbed)
{
    if (b->restarts == 1 && CLIMB_FIRST)
        cur = climb(b, cur);   /* the first local optimum sets the temperature scale */
    double scale = b->best_score > 100 ? (double)b->best_score : 100.0;
    double t0 = (perturbed ? TP_FRACTION : T0_FRACTION) * scale;
    long stall = (long)STALL_PER_CELL * b->cells;
    long run_best = cur, last = 0;
    for (long k = 0; !b->stop && k - last < stall; k++) {
        double t = t0 * exp(-COOL_K * (double)k);
        change c[16];
        int n = 0;
        do {
            if (!random_change(b, &c[n]))
                break;
            n++;
        } while (n < 16 && rand01(b) > MUTATION_P);
        if (!n)
            break;
        long sc = score(b);
        long d = sc - cur;
        if (d >= 0 || (t > 1e-9 && rand01(b) < exp((double)d / t)))
            cur = sc;
        else
            undo_all(b, c, n);
        if (cur > run_best) {
            run_best = cur;
            last = k;
        }
    }
    if (CLIMB_LAST)
        cur = climb(b, cur);
    explore(b, cur);
}

static int setup(best_state *b, const bog_best_config *cfg)
{
    const alpha_table *a = bog_dict_alphabet(b->s->d);
    if (cfg->dice) {
        const bog_dice *d = cfg->dice;
        if (d->ndice < 1 || d->ndice != d->rows * d->cols || d->ndice > BOG_MAX_CELLS)
            return tk_error_set(b->err, TK_EINVAL, 0, 0, "best board: bad dice set");
        b->dice = 1;
        b->cells = d->ndice;
        b->g.rows = d->rows;
        b->g.cols = d->cols;
        b->dface = calloc((size_t)d->ndice, sizeof *b->dface);
        if (!b->dface)
            return tk_error_set(b->err, TK_ENOMEM, 0, 0, "out of memory");
        for (int i = 0; i < d->ndice; i++)
            for (int f = 0; f < d->nfaces[i]; f++) {
                bog_face *x = &b->dface[i][f];
                if (strcmp(d->face[i][f], "#") == 0)
                    continue;
                int n = alpha_encode(a, d->face[i][f], strlen(d->face[i][f]), x->let, BOG_FACE_MAX, NULL);
                if (n <= 0)
                    return tk_error_set(b->err, TK_EINVAL, 0, 0, "best board: die %d, face '%s' does not fit "
                                        "the dictionary's alphabet", i + 1, d->face[i][f]);
                x->n = (uint8_t)n;
            }
        return TK_OK;
    }
    if (cfg->rows < 1 || cfg->cols < 1 || (long)cfg->rows * cfg->cols > BOG_MAX_CELLS)
        return tk_error_set(b->err, TK_EINVAL, 0, 0, "best board: grid %dx%d out of range", cfg->rows, cfg->cols);
    b->cells = cfg->rows * cfg->cols;
    b->g.rows = cfg->rows;
    b->g.cols = cfg->cols;
    if (cfg->faces) {
        if (cfg->nfaces < 1 || cfg->nfaces > 255)
            return tk_error_set(b->err, TK_EINVAL, 0, 0, "best board: %d faces (1..255)", cfg->nfaces);
        for (int i = 0; i < cfg->nfaces; i++) {
            if (cfg->faces[i].n < 1 || cfg->faces[i].n > BOG_FACE_MAX)
                return tk_error_set(b->err, TK_EINVAL, 0, 0, "best board: face %d has %d letters", i,
                                    cfg->faces[i].n);
            for (int k = 0; k < cfg->faces[i].n; k++)
                if (cfg->faces[i].let[k] < 1 || cfg->faces[i].let[k] > a->size)
                    return tk_error_set(b->err, TK_EINVAL, 0, 0, "best board: face %d: letter not in the "
                                        "alphabet", i);
        }
        b->faces = cfg->faces;
        b->nfaces = cfg->nfaces;
        return TK_OK;
    }
    b->own_faces = calloc((size_t)a->size, sizeof *b->own_faces);
    if (!b->own_faces)
        return tk_error_set(b->err, TK_ENOMEM, 0, 0, "out of memory");
    for (int l = 1; l <= a->size; l++) {
        b->own_faces[l - 1].n = 1;
        b->own_faces[l - 1].let[0] = (uint8_t)l;
    }
    b->faces = b->own_faces;
    b->nfaces = a->size;
    return TK_OK;
}

/* Share the pick slots among the faces by the summed frequency of their
 * letters over every word of the dictionary. */
static void weigh_faces(best_state *b)
{
    const dawg_view *v = b->s->d->view;
    double freq[64] = {0}, w[256], total = 0;
    uint32_t words = dawg_view_words(v);
    uint8_t let[ALPHA_WORD_MAX];
    for (uint32_t k = 0; k < words; k++) {
        int n = dawg_view_word(v, k, let);
        for (int i = 0; i < n; i++)
            freq[let[i]] += 1;
    }
    for (int f = 0; f < b->nfaces; f++) {
        w[f] = 0;
        for (int k = 0; k < b->faces[f].n; k++)
            w[f] += freq[b->faces[f].let[k]] / b->faces[f].n;
        total += w[f];
    }
    int at = 0;
    double acc = 0;
    for (int f = 0; f < b->nfaces; f++) {
        acc += w[f];
        int end = total > 0 ? (int)(acc / total * (PICK_SLOTS - b->nfaces)) + f + 1 : (f + 1) * PICK_SLOTS / b->nfaces;
        if (f == b->nfaces - 1)
            end = PICK_SLOTS;
        while (at < end)
            b->pick[at++] = (uint16_t)f;
    }
}

int bog_best_search(bog_solver *s, const bog_best_config *cfg, bog_best_fn fn, void *ctx, bog_grid *best,
                    long *best_score, tk_error *err)
{
    best_state *b = calloc(1, sizeof *b);
    if (!b)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    b->s = s;
    b->cfg = cfg;
    b->fn = fn;
    b->ctx = ctx;
    b->err = err;
    b->rng = cfg->seed;
    b->min_len = cfg->min_len ? cfg->min_len : 3;
    b->limit = cfg->iterations > 0 ? cfg->iterations : 0;
    b->every = cfg->progress_every > 0 ? cfg->progress_every : 8192;
    b->best_score = -1;
    int rc = setup(b, cfg);
    if (rc == TK_OK && (!(b->ckey = calloc(CACHE_SLOTS, sizeof *b->ckey)) ||
                        !(b->cval = calloc(CACHE_SLOTS, sizeof *b->cval))))
        rc = tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    if (rc == TK_OK && (b->min_len < 1 || b->min_len > ALPHA_WORD_MAX))
        rc = tk_error_set(err, TK_EINVAL, 0, 0, "best board: minimum length %d out of range", b->min_len);
    if (rc == TK_OK && !b->dice)
        weigh_faces(b);
    while (rc == TK_OK && !b->stop) {
        int perturb = PERTURB_EVERY > 0 && b->restarts % PERTURB_EVERY == PERTURB_EVERY - 1 && b->best_score > 0;
        if (perturb) {
            /* from the best so far, a few random changes away */
            memcpy(b->what, b->what_best, (size_t)b->cells * sizeof *b->what);
            memcpy(b->up, b->up_best, (size_t)b->cells);
            for (int i = 0; i < b->cells; i++)
                put_cell(b, i);
            change c;
            for (int k = 0; k < PERTURB_CHANGES; k++)
                random_change(b, &c);
        } else {
            random_board(b);
        }
        b->restarts++;
        anneal(b, score(b), perturb);
        rc = b->rc;
    }
    if (fn) {
        bog_best_event ev = {BOG_BEST_DONE, b->boards, b->restarts, b->best_score, b->best_score, NULL};
        fn(ctx, &ev);
    }
    if (rc == TK_OK || b->best_score >= 0) {
        *best = b->best;
        *best_score = b->best_score;
    }
    free(b->own_faces);
    free(b->dface);
    free(b->ckey);
    free(b->cval);
    free(b);
    return rc;
}
