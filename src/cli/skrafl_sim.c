/* skrafl_sim.c - skrafl --sim: one position simulated, its table and JSON.
 *
 * The position (a board file with --rack, or a CGP line whose scores give
 * the mover's spread for the win estimate) goes to the library's sk_sim
 * with the leave table skrafl_load.c loaded (the shipped one of the
 * language by default); the candidates are printed best first: play, score,
 * leave, static equity, simulated value with its standard error, win %,
 * iterations.  Nothing printed depends on the time taken or on --jobs, so a
 * run with a fixed seed and iteration count is byte for byte reproducible.
 * At a terminal the progress (iterations, leader, its margin) is redrawn on
 * standard error at every checkpoint.
 */
#include "cli/skrafl_cli.h"
#include "tilekit/skfmt.h"
#include "tilekit/sksim.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- progress on a terminal ------------------------------------------------------------------ */

typedef struct prog {
    const sk_engine *e;
    const sk_rack *r;
    double last;
    int shown;
} prog;

static int progress(void *ctx, const sk_sim_result *res)
{
    prog *pg = ctx;
    double t = cli_now();
    if (t - pg->last < 0.2 || res->n == 0)
        return 0;
    pg->last = t;
    const sk_sim_cand *a = &res->cand[res->order[0]];
    char coord[16], word[256], leave[64];
    skf_play_fields(pg->e, pg->r, &a->play, SK_FMT_PAREN, coord, sizeof coord, word, sizeof word, leave,
                    sizeof leave);
    int left = 0;
    for (int i = 0; i < res->n; i++)
        left += !res->cand[i].dropped;
    fprintf(stderr, "\r%s: sim %llu iterations, %d in the running, leader %s %s %.2f", cli_prog(),
            (unsigned long long)res->iterations, left, coord, word, a->mean);
    if (res->n > 1) {
        const sk_sim_cand *b = &res->cand[res->order[1]];
        fprintf(stderr, " (+%.2f)", a->mean - b->mean);
    }
    fprintf(stderr, "\033[K");
    fflush(stderr);
    pg->shown = 1;
    return 0;
}

int skc_sim(const skc_ctx *c, cli_buf *out, cli_buf *err, const sk_board *b, const sk_rack *r, const skc_pos *p)
{
    const skc_sim_opts *S = &c->o->sim;
    sk_sim_opts so;
    memset(&so, 0, sizeof so);
    so.plies = S->plies ? (int)S->plies : 2;
    so.candidates = (int)S->candidates;
    so.seed = c->o->play.seed;
    so.iterations = S->iterations;
    so.seconds = S->seconds;
    so.confidence = S->confidence;
    so.exact = S->exact;
    so.jobs = S->jobs;
    so.spread = p->cgp ? sk_cgp_spread(p->cgp, p->cgp_len) : 0;
    so.wins = c->have_wintab ? &c->wintab : NULL;
    so.fn = sk_leaves_value;
    so.ctx = c->leaves;
    prog pg = { c->e, r, 0, 0 };
    if (isatty(STDERR_FILENO)) {
        so.progress = progress;
        so.pctx = &pg;
    }
    sk_sim_result *res = malloc(sizeof *res);
    if (!res) {
        cli_buf_error(err, NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    tk_error e = {0};
    double t0 = cli_now();
    int rc = sk_sim(c->e, b, r, &so, res, &e);
    if (pg.shown) {
        fprintf(stderr, "\r\033[K");
        fflush(stderr);
    }
    if (rc) {
        cli_buf_error(err, p->file, p->cgp ? p->line : 0, "cannot simulate: %s", e.msg);
        free(res);
        return CLI_EXIT_DATA;
    }
    if (c->o->json)
        skf_sim_json(out, c->e, r, res, &so, p);
    else
        skf_sim_text(out, c->e, r, res, &so, p);
    if (c->o->verbose) {
        double s = cli_now() - t0;
        cli_buf_error(err, NULL, 0, "sim: %llu iterations in %.2f s (%.0f iterations/s, %d thread%s)",
                      (unsigned long long)res->iterations, s, s > 0 ? res->iterations / s : 0, S->jobs,
                      S->jobs == 1 ? "" : "s");
    }
    free(res);
    return CLI_EXIT_OK;
}
