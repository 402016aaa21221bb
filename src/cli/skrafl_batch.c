/* skrafl_batch.c - a batch of CGP positions, one a line, on the batch
 * engine: each worker thread has its own move generator and move list, and
 * the engine writes every position's output (and messages) in input order,
 * whatever --jobs.  Endgames are solved one position a thread, except a
 * batch of one position, which is searched on all of them. */
#include "cli/skrafl_cli.h"

#include <stdlib.h>

typedef struct batch {
    const skc_ctx *c;
    int eg_threads;        /* --endgame: threads per position */
} batch;

typedef struct worker {
    const skc_ctx *c;
    skc_work w;
} worker;

static void *worker_new(void *user)
{
    const batch *bt = user;
    worker *w = calloc(1, sizeof *w);
    if (w && skc_work_init(&w->w, bt->c, bt->eg_threads)) {
        skc_work_free(&w->w);
        free(w);
        w = NULL;
    }
    if (w)
        w->c = bt->c;
    return w;
}

static void worker_free(void *user, void *state)
{
    worker *w = state;
    (void)user;
    skc_work_free(&w->w);
    free(w);
}

static int solve_line(void *state, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    worker *w = state;
    skc_pos p = { rec->file, rec->line, rec->text, rec->len };
    return skc_position(w->c, &w->w, &p, NULL, out, err);
}

int skc_run_batch(const skc_ctx *c, cli_reader *rd, int one)
{
    int jobs = c->o->jobs, endgame = c->o->eg.endgame || c->o->eg.pre || c->o->eg.best;
    batch bt = { c, 1 };
    if (one && endgame) {
        bt.eg_threads = skc_eg_threads(jobs);
        jobs = 1;
    }
    cli_batch b = { .kind = CLI_BATCH_LINES, .flags = CLI_BATCH_SKIP_BLANK, .reader = rd,
                    .first_line = c->o->first_line, .jobs = jobs, .progress = "skrafl: positions",
                    .user = &bt, .init = worker_new, .fini = worker_free, .solve = solve_line };
    int status = cli_batch_run(&b);
    if (c->o->verbose && one && endgame)
        cli_error(NULL, 0, "%ld position%s, searched on %d thread%s", b.records, b.records == 1 ? "" : "s",
                  bt.eg_threads, bt.eg_threads == 1 ? "" : "s");
    else if (c->o->verbose)
        cli_error(NULL, 0, "%ld position%s, %d thread%s", b.records, b.records == 1 ? "" : "s", b.jobs,
                  b.jobs == 1 ? "" : "s");
    return status;
}
