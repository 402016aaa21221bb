/* prove_run.c - running a proof: the classes of one shard that are not yet
 * done are handed out in increasing order to `jobs` threads, each with its
 * own worker; the boards a class yields are collected (canonical, each
 * once) and given, with the class's statistics, to the caller's callback
 * under one lock, so that the caller can record "class k done" and its
 * boards together (a checkpoint) and show progress.  Classes of one family
 * (bog_prover_same_family) handed out together go to one thread, which
 * proves them on the tree of their union (bog_prove_class_in).  A stop request (a
 * signal's flag, or the callback) lets each thread finish its class and
 * report it, and takes no new one. */
#include "prove_internal.h"

#include "core/tk_text.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct found_list {
    bog_prove_board *b;
    int n, cap;
    int oom;
} found_list;

typedef struct run_shared {
    const bog_prover *p;
    const bog_prove_job *job;
    pthread_mutex_t lock;
    long next;                 /* next class to look at */
    int stop, rc;
    tk_error err;
} run_shared;

typedef struct runner {
    run_shared *sh;
    pthread_t tid;
    int started;
    found_list found;
} runner;

long bog_prove_shard_of(long k, long nshards) { return nshards > 0 ? k % nshards + 1 : 1; }

/* A board of the class: kept once (symmetric boards of one class share
 * their canonical form). */
static int on_board(void *ctx, const bog_grid *g, long score)
{
    runner *r = ctx;
    const alpha_table *a = bog_dict_alphabet(r->sh->p->bd);
    char text[BOG_PROVE_CELLS * (BOG_FACE_MAX * (ALPHA_LETTER_MAX + 1) + 3) + 1];
    size_t len = bog_grid_format(g, a, text, sizeof text);
    if (len >= sizeof text)
        len = sizeof text - 1;
    while (len && text[len - 1] == '\n')
        text[--len] = 0;
    for (char *c = text; *c; c++)
        if (*c == '\n')
            *c = '/';
    found_list *f = &r->found;
    for (int i = 0; i < f->n; i++)
        if (strcmp(f->b[i].rows, text) == 0)
            return 0;
    if (f->n == f->cap) {
        int nc = f->cap ? f->cap * 2 : 8;
        bog_prove_board *nb = realloc(f->b, (size_t)nc * sizeof *nb);
        if (!nb) {
            f->oom = 1;
            return 1;
        }
        f->b = nb;
        f->cap = nc;
    }
    char *copy = malloc(len + 1);
    if (!copy) {
        f->oom = 1;
        return 1;
    }
    memcpy(copy, text, len + 1);
    f->b[f->n].score = score;
    f->b[f->n++].rows = copy;
    return 0;
}

static void found_clear(found_list *f)
{
    for (int i = 0; i < f->n; i++)
        free((char *)f->b[i].rows);
    f->n = 0;
    f->oom = 0;
}

static int board_order(const void *x, const void *y)
{
    const bog_prove_board *a = x, *b = y;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return strcmp(a->rows, b->rows);
}

/* The class at place c of the job's list, if it is to be proved (of the
 * shard, not done), or -1. */
static long class_at(const run_shared *sh, long c)
{
    const bog_prove_job *j = sh->job;
    if (j->only)
        return j->only[c];
    if ((j->nshards > 0 && bog_prove_shard_of(c, j->nshards) != j->shard) || (j->done && j->done[c]))
        return -1;
    return c;
}

/* The next classes of the shard not done yet into fam: one, and the classes
 * of its family that follow it in the list (of the shard, not done).
 * Returns how many (0: none left). */
static int take(run_shared *sh, long *fam)
{
    const bog_prove_job *j = sh->job;
    long n = j->only ? j->nonly : bog_prover_classes(sh->p);
    int nf = 0;
    pthread_mutex_lock(&sh->lock);
    while (!nf && !sh->stop && !(j->stop && *j->stop) && sh->next < n) {
        long k = class_at(sh, sh->next++);
        if (k < 0)
            continue;
        fam[nf++] = k;
        for (long m; nf < BOG_PROVE_GROUPS && sh->next < n; sh->next++) {
            m = class_at(sh, sh->next);
            if (m != fam[nf - 1] + 1 || !bog_prover_same_family(sh->p, k, m))
                break;
            fam[nf++] = m;
        }
    }
    pthread_mutex_unlock(&sh->lock);
    return nf;
}

static void fail(run_shared *sh, int rc, const tk_error *err)
{
    pthread_mutex_lock(&sh->lock);
    if (sh->rc == TK_OK) {
        sh->rc = rc;
        sh->err = *err;
    }
    sh->stop = 1;
    pthread_mutex_unlock(&sh->lock);
}

/* Prove class k (sets) on the tree of super and report it.  0, or -1
 * after a failure (reported) or when the run is to stop. */
static int prove_one(runner *r, bog_prove_worker *w, long k, const uint64_t *sets, const uint64_t *super)
{
    run_shared *sh = r->sh;
    bog_prove_stats st = {0};
    tk_error err = {0};
    found_clear(&r->found);
    double t0 = tku_cpu_seconds();
    int rc = bog_prove_class_in(w, sets, super, on_board, r, &st, &err);
    st.cpu = tku_cpu_seconds() - t0;
    if (rc == 1 && r->found.oom)
        rc = tk_error_set(&err, TK_ENOMEM, 0, 0, "out of memory keeping the boards found");
    if (rc != TK_OK) {
        fail(sh, rc, &err);
        return -1;
    }
    if (r->found.n > 1)
        qsort(r->found.b, (size_t)r->found.n, sizeof *r->found.b, board_order);
    pthread_mutex_lock(&sh->lock);
    if (sh->job->on_class(sh->job->ctx, k, &st, r->found.b, r->found.n))
        sh->stop = 1;
    int stop = sh->stop || (sh->job->stop && *sh->job->stop);
    pthread_mutex_unlock(&sh->lock);
    return stop ? -1 : 0;
}

static void *run_thread(void *arg)
{
    runner *r = arg;
    run_shared *sh = r->sh;
    bog_prove_worker *w;
    tk_error err = {0};
    int rc = bog_prove_worker_create(&w, sh->p, &err);
    if (rc != TK_OK) {
        fail(sh, rc, &err);
        return NULL;
    }
    uint64_t sets[BOG_PROVE_GROUPS][BOG_PROVE_CELLS];
    uint64_t super[BOG_PROVE_CELLS];
    long fam[BOG_PROVE_GROUPS];
    int cells = sh->p->cells, stop = 0;
    for (int nf; !stop && (nf = take(sh, fam)) > 0;) {
        memset(super, 0, sizeof super);
        for (int i = 0; i < nf; i++) {
            bog_prover_class(sh->p, fam[i], sets[i]);
            for (int c = 0; c < cells; c++)
                super[c] |= sets[i][c];
        }
        for (int i = 0; i < nf && !stop; i++)
            stop = prove_one(r, w, fam[i], sets[i], super) != 0;
    }
    found_clear(&r->found);
    free(r->found.b);
    bog_prove_worker_destroy(w);
    return NULL;
}

int bog_prove_run(const bog_prover *p, const bog_prove_job *job, tk_error *err)
{
    if (job->nshards < 0 || (job->nshards > 0 && (job->shard < 1 || job->shard > job->nshards)))
        return tk_error_set(err, TK_EINVAL, 0, 0, "shard %ld of %ld", job->shard, job->nshards);
    for (long i = 0; job->only && i < job->nonly; i++)
        if (job->only[i] < 0 || job->only[i] >= bog_prover_classes(p))
            return tk_error_set(err, TK_EINVAL, 0, 0, "no class %ld", job->only[i]);
    int jobs = job->jobs < 1 ? 1 : job->jobs;
    run_shared sh;
    memset(&sh, 0, sizeof sh);
    sh.p = p;
    sh.job = job;
    pthread_mutex_init(&sh.lock, NULL);
    runner *rs = calloc((size_t)jobs, sizeof *rs);
    if (!rs) {
        pthread_mutex_destroy(&sh.lock);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory starting the threads");
    }
    for (int i = 0; i < jobs; i++) {
        rs[i].sh = &sh;
        rs[i].started = jobs > 1 && pthread_create(&rs[i].tid, NULL, run_thread, &rs[i]) == 0;
    }
    if (!rs[0].started)
        run_thread(&rs[0]);
    for (int i = 0; i < jobs; i++)
        if (rs[i].started)
            pthread_join(rs[i].tid, NULL);
    free(rs);
    pthread_mutex_destroy(&sh.lock);
    if (sh.rc != TK_OK) {
        if (err)
            *err = sh.err;
        return sh.rc;
    }
    return sh.stop || (job->stop && *job->stop) ? 1 : TK_OK;
}
