/* mkleaves.c - fit a leave table by tilekit's own self-play.
 *
 *   mkleaves --dict FILE --lang en|is [--games N] [--iters K] [--seed S]
 *            [--jobs J] [--min-samples M] [--shrink K] -o OUT.csv
 *
 * The method (simple on purpose; documented in data/leaves/README):
 *   1. Start from an empty table (every leave worth 0: the equity player is
 *      then a score player that exchanges rather than passes).
 *   2. Each iteration plays N games with both players ranking by equity with
 *      the current table (game i seeded with sk_game_seed(S + iteration, i)).
 *      Every placement or exchange that kept 1..6 tiles, and after which the
 *      same player's next turn started from a full rack of 7 (the bag was
 *      not exhausted), is one sample: the leave kept, and y = the points that
 *      next turn scored minus the average of all samples.
 *   3. A smooth model is fitted to the per-leave means by weighted least
 *      squares: value(L) = sum of a value per tile + sum of a value per pair
 *      of tiles (every unordered pair of the leave's tiles, so a duplicate
 *      letter has its own pair value), by 12 rounds of coordinate descent
 *      with a ridge term (100 samples for a tile, 1000 for a pair), so a
 *      pair value moves away from 0 only on plenty of evidence.  The
 *      leaves are put in a canonical order first, so the floating-point
 *      sums, hence the table, do not depend on --jobs.
 *   4. Each leave's value is the model's value plus its own mean residual
 *      shrunk toward 0: n / (n + K) of it (K = --shrink, default 50).
 *   5. The table written holds every leave of 1..4 tiles the tile set allows
 *      (model + shrunk residual), and every leave of 5..6 tiles seen in at
 *      least M samples (--min-samples, default 5).  Values in points with 3
 *      decimals; a leave absent from the table is worth 0 to its users.
 * The next iteration plays with the new table.  Deterministic for its
 * arguments whatever --jobs: the samples are integer sums (merged in any
 * order) and the fit runs over the leaves in a canonical order.
 */
#include "bench.h"
#include "cli/cli.h"
#include "tilekit/skgame.h"

#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct stat_t { int64_t sum; int64_t n; } stat_t;

typedef struct acc {
    sk_leaves *index;        /* leave -> 1 + index into st */
    stat_t *st;
    uint64_t *keys;          /* packed counts per index (for writing) */
    uint8_t (*cnt)[64];
    size_t n, cap;
    int64_t ysum, ny;
    pthread_mutex_t mu;
} acc;

typedef struct run {
    const sk_engine *e;
    sk_player pl[2];
    uint64_t seed;
    long games, next;
    acc *A;
    pthread_mutex_t mu;
    int fail;
} run;

static int acc_add(acc *A, const uint8_t c[64], int y)
{
    int32_t id = sk_leaves_value(A->index, c);
    if (id == 0) {
        if (A->n == A->cap) {
            size_t cap = A->cap ? A->cap * 2 : 4096;
            stat_t *st = realloc(A->st, cap * sizeof *st);
            if (!st)
                return -1;
            A->st = st;
            uint8_t (*cn)[64] = realloc(A->cnt, cap * sizeof *cn);
            if (!cn)
                return -1;
            A->cnt = cn;
            A->cap = cap;
        }
        memcpy(A->cnt[A->n], c, 64);
        A->st[A->n].sum = 0;
        A->st[A->n].n = 0;
        A->n++;
        id = (int32_t)A->n;
        if (sk_leaves_set(A->index, c, id))
            return -1;
    }
    A->st[id - 1].sum += y;
    A->st[id - 1].n++;
    A->ysum += y;
    A->ny++;
    return 0;
}

/* Samples of one game: leave kept, next own turn's score. */
static int harvest(acc *A, const sk_game *gm)
{
    int rc = 0;
    pthread_mutex_lock(&A->mu);
    for (int i = 0; i < gm->nturns && !rc; i++) {
        const sk_turn *t = &gm->turns[i];
        if (t->kind != SK_TURN_MOVE && t->kind != SK_TURN_EXCHANGE)
            continue;
        int j = i + 1;
        while (j < gm->nturns && gm->turns[j].player != t->player)
            j++;
        if (j >= gm->nturns || gm->turns[j].kind > SK_TURN_PASS || gm->turns[j].rack.n != SK_RACK_MAX)
            continue;
        uint8_t c[64];
        memcpy(c, t->rack.count, 64);
        c[0] = (uint8_t)t->rack.blanks;
        int kept = t->rack.n;
        if (t->kind == SK_TURN_MOVE) {
            const sk_move *m = &t->play.move;
            for (int k = 0; k < m->len; k++)
                if (!(m->word[k] & SK_ONBOARD)) {
                    c[(m->word[k] & SK_BLANK) ? 0 : (m->word[k] & SK_LETTER)]--;
                    kept--;
                }
        } else {
            for (int k = 0; k < t->play.nx; k++) {
                c[t->play.x[k]]--;
                kept--;
            }
        }
        if (kept < 1 || kept > 6)
            continue;
        rc = acc_add(A, c, gm->turns[j].score);
    }
    pthread_mutex_unlock(&A->mu);
    return rc;
}

static void *worker(void *arg)
{
    run *R = arg;
    sk_gen *g = NULL;
    sk_movelist list = {0};
    sk_game *gm = malloc(sizeof *gm);
    if (!gm || sk_gen_create(&g, R->e, NULL)) {
        R->fail = 1;
        free(gm);
        return NULL;
    }
    for (;;) {
        pthread_mutex_lock(&R->mu);
        long i = R->next++;
        pthread_mutex_unlock(&R->mu);
        if (i >= R->games)
            break;
        tk_error err;
        if (sk_selfplay(g, &list, R->pl, (int)(i % 2), sk_game_seed(R->seed, (uint64_t)i), gm, &err) ||
            harvest(R->A, gm)) {
            R->fail = 1;
            break;
        }
    }
    free(gm);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    return NULL;
}

/* ---- the model ---------------------------------------------------------------- */

typedef struct model {
    double single[64];
    double pair[64][64];     /* a <= b */
} model;

static int tiles_of(const uint8_t c[64], int *t)
{
    int n = 0;
    for (int l = 0; l < 64; l++)
        for (int k = 0; k < c[l]; k++)
            t[n++] = l;
    return n;
}

static double predict(const model *M, const uint8_t c[64])
{
    int t[8], n = tiles_of(c, t);
    double v = 0;
    for (int i = 0; i < n; i++) {
        v += M->single[t[i]];
        for (int j = i + 1; j < n; j++)
            v += M->pair[t[i]][t[j]];
    }
    return v;
}

/* The feature list of every leave: singles (letter, count) and pairs (id,
 * multiplicity), and for each feature the leaves that have it (CSR), so that
 * one coordinate-descent step touches only those leaves. */
typedef struct feat {
    int *start, *leaf;       /* start[f]..start[f+1]: leaves with feature f */
    double *x;               /* the feature's value in that leave */
} feat;

#define NFEAT (64 + 64 * 64)

static int feat_value(const uint8_t c[64], int f, double *x)
{
    if (f < 64) {
        *x = c[f];
        return c[f] != 0;
    }
    int a = (f - 64) / 64, b = (f - 64) % 64;
    if (a > b)
        return 0;
    *x = a == b ? c[a] * (c[a] - 1) / 2.0 : (double)c[a] * c[b];
    return *x != 0;
}

static int feat_build(feat *F, const acc *A, int nletters)
{
    size_t n = A->n, total = 0;
    F->start = calloc(NFEAT + 1, sizeof *F->start);
    if (!F->start)
        return -1;
    for (int pass = 0; pass < 2; pass++) {
        int *fill = pass ? calloc(NFEAT, sizeof *fill) : NULL;
        if (pass && !fill)
            return -1;
        for (size_t i = 0; i < n; i++) {
            const uint8_t *c = A->cnt[i];
            int t[8], k = 0;
            for (int l = 0; l <= nletters; l++)
                if (c[l])
                    t[k++] = l;
            for (int u = 0; u < k; u++)
                for (int v = u - 1; v < k; v++) {
                    int f = v < u ? t[u] : 64 + t[u] * 64 + t[v];
                    double x;
                    if (!feat_value(c, f, &x))
                        continue;
                    if (!pass) {
                        F->start[f + 1]++;
                        total++;
                    } else {
                        int at = F->start[f] + fill[f]++;
                        F->leaf[at] = (int)i;
                        F->x[at] = x;
                    }
                }
        }
        if (!pass) {
            for (int f = 0; f < NFEAT; f++)
                F->start[f + 1] += F->start[f];
            F->leaf = malloc((total + 1) * sizeof *F->leaf);
            F->x = malloc((total + 1) * sizeof *F->x);
            if (!F->leaf || !F->x)
                return -1;
        }
        free(fill);
    }
    return 0;
}

static void fit(model *M, const acc *A, double mean, int nletters)
{
    memset(M, 0, sizeof *M);
    size_t n = A->n;
    double *res = malloc((n + 1) * sizeof *res);
    feat F = { NULL, NULL, NULL };
    if (!res || feat_build(&F, A, nletters)) {
        free(res);
        return;
    }
    for (size_t i = 0; i < n; i++)
        res[i] = (double)A->st[i].sum / (double)A->st[i].n - mean;
    const double ridge1 = 100.0, ridge2 = 1000.0;   /* in samples: pairs need many to move */
    for (int round = 0; round < 12; round++)
        for (int f = 0; f < NFEAT; f++) {
            double num = 0, den = 0;
            for (int k = F.start[f]; k < F.start[f + 1]; k++) {
                double w = (double)A->st[F.leaf[k]].n, x = F.x[k];
                num += w * x * res[F.leaf[k]];
                den += w * x * x;
            }
            if (den == 0)
                continue;
            double d = num / (den + (f < 64 ? ridge1 : ridge2));
            if (f < 64)
                M->single[f] += d;
            else
                M->pair[(f - 64) / 64][(f - 64) % 64] += d;
            for (int k = F.start[f]; k < F.start[f + 1]; k++)
                res[F.leaf[k]] -= d * F.x[k];
        }
    free(F.start);
    free(F.leaf);
    free(F.x);
    free(res);
}

/* Put the distinct leaves in a canonical order (by their counts), so the
 * floating-point sums of the fit do not depend on which thread saw a leave
 * first: the table is the same for any --jobs. */
static const acc *sort_acc;
static int idx_cmp(const void *x, const void *y)
{
    return memcmp(sort_acc->cnt[*(const size_t *)x], sort_acc->cnt[*(const size_t *)y], 64);
}

static int canonical(acc *A)
{
    size_t n = A->n;
    size_t *ix = malloc((n + 1) * sizeof *ix);
    stat_t *st = malloc((n + 1) * sizeof *st);
    uint8_t (*cn)[64] = malloc((n + 1) * sizeof *cn);
    if (!ix || !st || !cn) {
        free(ix);
        free(st);
        free(cn);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        ix[i] = i;
    sort_acc = A;
    qsort(ix, n, sizeof *ix, idx_cmp);
    for (size_t i = 0; i < n; i++) {
        st[i] = A->st[ix[i]];
        memcpy(cn[i], A->cnt[ix[i]], 64);
        if (sk_leaves_set(A->index, cn[i], (int32_t)(i + 1)))
            return -1;
    }
    free(A->st);
    free(A->cnt);
    free(ix);
    A->st = st;
    A->cnt = cn;
    return 0;
}

/* ---- output ------------------------------------------------------------------- */

typedef struct writer {
    const sk_engine *e;
    const model *M;
    const acc *A;
    double mean, shrink;
    sk_leaves *out;
    int fail;
} writer;

static double leave_value(const writer *W, const uint8_t c[64])
{
    double v = predict(W->M, c);
    int32_t id = sk_leaves_value(W->A->index, c);
    if (id > 0) {
        const stat_t *s = &W->A->st[id - 1];
        double r = (double)s->sum / (double)s->n - W->mean - v;
        v += r * (double)s->n / ((double)s->n + W->shrink);
    }
    return v;
}

static void put(writer *W, const uint8_t c[64])
{
    double v = leave_value(W, c);
    long m = (long)(v * 1000 + (v < 0 ? -0.5 : 0.5));
    if (sk_leaves_set(W->out, c, (int32_t)m))
        W->fail = 1;
}

/* Every multiset of 1..maxk tiles from letter `from` on. */
static void enumerate(writer *W, uint8_t c[64], int from, int k, int maxk)
{
    const sk_tileset *ts = sk_engine_tileset(W->e);
    if (k > 0)
        put(W, c);
    if (k == maxk)
        return;
    for (int l = from; l <= ts->nletters; l++)
        if (c[l] < ts->count[l]) {
            c[l]++;
            enumerate(W, c, l, k + 1, maxk);
            c[l]--;
        }
}

typedef struct row { char key[64]; int32_t v; int len; } row;
static int row_cmp(const void *x, const void *y)
{
    const row *a = x, *b = y;
    if (a->len != b->len)
        return a->len - b->len;
    return strcmp(a->key, b->key);
}

static int write_csv(const char *path, const sk_engine *e, const sk_leaves *L, tk_error *err)
{
    cli_out o;                  /* the output-file rule: cli_outfile.h */
    if (cli_out_open(&o, path, err) != 0)
        return -1;
    FILE *f = o.f;
    const alpha_table *a = sk_engine_alphabet(e);
    /* Sorted output: by number of tiles, then by the spelled leave (stable
     * diffs between regenerations). */
    size_t cap = sk_leaves_capacity(L), n = 0;
    row *rows = malloc(sk_leaves_count(L) * sizeof *rows + sizeof *rows);
    if (!rows) {
        cli_out_abort(&o);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    for (size_t i = 0; i < cap; i++) {
        uint8_t c[64];
        int32_t v;
        if (!sk_leaves_slot(L, i, c, &v))
            continue;
        row *r = &rows[n++];
        size_t at = 0;
        r->len = 0;
        for (int l = 1; l <= a->size; l++)
            for (int k = 0; k < c[l]; k++) {
                at += (size_t)snprintf(r->key + at, sizeof r->key - at, "%s", a->upper[l]);
                r->len++;
            }
        for (int k = 0; k < c[0]; k++) {
            at += (size_t)snprintf(r->key + at, sizeof r->key - at, "?");
            r->len++;
        }
        r->v = v;
    }
    qsort(rows, n, sizeof *rows, row_cmp);
    fprintf(f, "leave,value\n");
    for (size_t i = 0; i < n; i++) {
        int32_t v = rows[i].v, av = v < 0 ? -v : v;
        fprintf(f, "%s,%s%d.%03d\n", rows[i].key, v < 0 ? "-" : "", av / 1000, av % 1000);
    }
    free(rows);
    return cli_out_commit(&o, err);
}


static void usage(void)
{
    printf("Usage: mkleaves --dict FILE --lang en|is -o OUT.csv [--games N] [--iters K]\n"
           "                [--seed S] [--jobs J] [--min-samples M] [--shrink K]\n"
           "Fit a leave table by self-play (see data/leaves/README).\n");
}

int main(int argc, char **argv)
{
    cli_init("mkleaves");
    const char *dict = NULL, *lang = "en", *out = NULL;
    long games = 2000, iters = 2, jobs = 0, minsamp = 5;
    unsigned long long seed = 1;
    double shrink = 50;
    static const struct option lo[] = {
        { "dict", required_argument, 0, 'd' }, { "lang", required_argument, 0, 'l' },
        { "games", required_argument, 0, 'g' }, { "iters", required_argument, 0, 'i' },
        { "seed", required_argument, 0, 's' }, { "jobs", required_argument, 0, 'j' },
        { "min-samples", required_argument, 0, 'm' }, { "shrink", required_argument, 0, 'k' },
        { "output", required_argument, 0, 'o' }, { "help", no_argument, 0, 'h' },
        { "force", no_argument, 0, 'F' }, { 0, 0, 0, 0 }
    };
    int ch;
    while ((ch = getopt_long(argc, argv, "d:l:g:i:s:j:m:k:o:h", lo, NULL)) != -1) {
        switch (ch) {
        case 'd': dict = optarg; break;
        case 'l': lang = optarg; break;
        case 'g': games = cli_parse_long("--games", optarg, 1, 100000000L); break;
        case 'i': iters = cli_parse_long("--iters", optarg, 1, 1000); break;
        case 's': seed = cli_parse_u64("--seed", optarg, 0, UINT64_MAX); break;
        case 'j': jobs = cli_parse_long("--jobs", optarg, 0, CLI_JOBS_MAX); break;
        case 'm': minsamp = cli_parse_long("--min-samples", optarg, 0, 1000000000L); break;
        case 'k': shrink = cli_parse_real("--shrink", optarg, 0, 0, 1e9); break;
        case 'F': cli_out_set_force(1); break;
        case 'o': out = optarg; break;
        case 'h': usage(); return 0;
        default: return CLI_EXIT_USAGE;
        }
    }
    if (!out || games < 1 || iters < 1)
        cli_usage_error("need -o OUT.csv, --games >= 1, --iters >= 1");
    tk_error oe = {0};
    if (cli_out_check(out, &oe) != 0) {        /* before hours of self-play */
        cli_error(out, 0, "%s", oe.msg);
        return CLI_EXIT_DATA;
    }
    if (jobs <= 0)
        jobs = cli_cpu_count();
    dawg_graph *d;
    sk_tileset ts;
    sk_engine *e = bench_skrafl_engine(dict, lang, &d, &ts);
    if (!e) {
        dawg_destroy(d);
        return CLI_EXIT_DATA;
    }
    sk_leaves *table = NULL;
    sk_leaves_create(&table, 16);
    for (long it = 0; it < iters; it++) {
        acc A;
        memset(&A, 0, sizeof A);
        pthread_mutex_init(&A.mu, NULL);
        sk_leaves_create(&A.index, 1 << 16);
        run R;
        memset(&R, 0, sizeof R);
        R.e = e;
        for (int k = 0; k < 2; k++) {
            R.pl[k].name = k ? "b" : "a";
            R.pl[k].strategy = SK_STRAT_EQUITY;
            R.pl[k].fn = sk_leaves_value;
            R.pl[k].ctx = table;
        }
        R.seed = seed + (uint64_t)it;
        R.games = games;
        R.A = &A;
        pthread_mutex_init(&R.mu, NULL);
        pthread_t th[64];
        int nt = jobs < 64 ? (int)jobs : 64, started = 0;
        for (int t = 0; t < nt; t++)
            if (pthread_create(&th[t], NULL, worker, &R) == 0)
                started++;
        if (!started)
            worker(&R);
        for (int t = 0; t < started; t++)
            pthread_join(th[t], NULL);
        if (R.fail) {
            cli_error(NULL, 0, "self-play failed (out of memory?)");
            return CLI_EXIT_DATA;
        }
        double mean = (double)A.ysum / (double)(A.ny ? A.ny : 1);
        model *M = calloc(1, sizeof *M);
        if (!M || canonical(&A)) {
            cli_error(NULL, 0, "out of memory");
            return CLI_EXIT_DATA;
        }
        fit(M, &A, mean, ts.nletters);
        writer W = { e, M, &A, mean, shrink, NULL, 0 };
        sk_leaves_create(&W.out, 1 << 16);
        uint8_t c[64] = {0};
        enumerate(&W, c, 0, 0, 4);
        for (size_t i = 0; i < A.n; i++) {
            int k = 0;
            for (int l = 0; l < 64; l++)
                k += A.cnt[i][l];
            if (k >= 5 && A.st[i].n >= minsamp)
                put(&W, A.cnt[i]);
        }
        fprintf(stderr, "mkleaves: iteration %ld: %ld games, %lld samples, %zu distinct leaves, mean next score %.2f;"
                        " table %zu leaves\n", it + 1, games, (long long)A.ny, A.n, mean, sk_leaves_count(W.out));
        sk_leaves_destroy(table);
        table = W.out;
        free(M);
        sk_leaves_destroy(A.index);
        free(A.st);
        free(A.cnt);
    }
    if (write_csv(out, e, table, &oe)) {
        cli_error(out, 0, "%s", oe.msg);
        return CLI_EXIT_DATA;
    }
    sk_leaves_destroy(table);
    sk_engine_destroy(e);
    dawg_destroy(d);
    return 0;
}
