/* skrafl_batch.c - a batch of CGP positions, one a line, on the batch
 * engine: each worker thread has its own move generator and move list, and
 * the engine writes every position's output (and messages) in input order,
 * whatever --jobs.  Endgames are solved one position a thread, except a
 * batch of one position, which is searched on all of them. */
#include "cli/skrafl_cli.h"
#include "cli/skrafl_endgame.h"

#include <stdlib.h>

typedef struct worker {
    sk_gen *g;
    sk_movelist list;
    void *eg;              /* --endgame: this thread's solver (skrafl_endgame.c) */
} worker;

static void *worker_new(void *user)
{
    const skc_ctx *c = user;
    worker *w = calloc(1, sizeof *w);
    if (w && sk_gen_create(&w->g, c->e, NULL)) {
        free(w);
        w = NULL;
    }
    return w;
}

static void worker_free(void *user, void *state)
{
    worker *w = state;
    (void)user;
    sk_movelist_free(&w->list);
    ske_free(w->eg);
    sk_gen_destroy(w->g);
    free(w);
}

static const skc_ctx *the_ctx;
static int eg_threads;   /* --endgame: threads per position */

static int solve_line(void *state, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    worker *w = state;
    skc_pos p = { rec->file, rec->line, rec->text, rec->len };
    if (ske_active())
        return ske_solve(the_ctx, &w->eg, eg_threads, &p, NULL, out, err);
    return skc_solve_cgp(the_ctx, w->g, &w->list, out, err, &p);
}

int skc_run_batch(const skc_ctx *c, cli_reader *rd, int one)
{
    the_ctx = c;
    int jobs = c->o->jobs;
    eg_threads = 1;
    if (one && ske_active()) {
        eg_threads = ske_threads(jobs);
        jobs = 1;
    }
    cli_batch b = { .kind = CLI_BATCH_LINES, .flags = CLI_BATCH_SKIP_BLANK, .reader = rd,
                    .first_line = c->o->first_line, .jobs = jobs, .progress = "skrafl: positions",
                    .user = (void *)c, .init = worker_new, .fini = worker_free, .solve = solve_line };
    int status = cli_batch_run(&b);
    if (c->o->verbose && one && ske_active())
        cli_error(NULL, 0, "%ld position%s, searched on %d thread%s", b.records, b.records == 1 ? "" : "s",
                  eg_threads, eg_threads == 1 ? "" : "s");
    else if (c->o->verbose)
        cli_error(NULL, 0, "%ld position%s, %d thread%s", b.records, b.records == 1 ? "" : "s", b.jobs,
                  b.jobs == 1 ? "" : "s");
    return status;
}
