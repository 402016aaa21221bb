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

/* ---- output ----------------------------------------------------------------------------------- */

static const char *stop_name(int stop)
{
    switch (stop) {
    case SK_SIM_STOP_TIME: return "time";
    case SK_SIM_STOP_CONFIDENCE: return "confidence";
    case SK_SIM_STOP_CALLER: return "interrupted";
    default: return "iterations";
    }
}

static void print_text(const sk_engine *e, cli_buf *f, const sk_rack *r, const sk_sim_result *res,
                       const sk_sim_opts *so, const skc_pos *p)
{
    char rs[128];
    sk_rack_leave(r, NULL, e, rs, sizeof rs);
    if (p->cgp)
        cli_buf_printf(f, "# line %ld: ", p->line);
    else
        cli_buf_puts(f, "# ");
    cli_buf_printf(f, "sim: rack %s, plies %d, candidates %d, iterations %llu (stopped by %s), seed %llu; "
                   "unseen %d, bag %d\n", rs[0] ? rs : "-", so->plies, res->n, (unsigned long long)res->iterations,
                   stop_name(res->stop), (unsigned long long)so->seed, res->unseen, res->bag);
    /* the fields of every row, then the columns' widths */
    enum { NF = 9 };
    static const char *head[NF] = { "#", "play", "score", "leave", "equity", "value", "+-", "win%", "iters" };
    static const int right[NF] = { 1, 0, 1, 0, 1, 1, 1, 1, 1 };
    char cell[SK_SIM_MAX_CANDIDATES][NF][300];
    int w[NF];
    for (int k = 0; k < NF; k++)
        w[k] = fmt_width(head[k]);
    for (int i = 0; i < res->n; i++) {
        const sk_sim_cand *c = &res->cand[res->order[i]];
        char coord[16], word[256], leave[128], eq[32];
        skf_play_fields(e, r, &c->play, SK_FMT_PAREN, coord, sizeof coord, word, sizeof word, leave, sizeof leave);
        fmt_milli(eq, sizeof eq, c->play.equity);
        snprintf(cell[i][0], 300, "%d", i + 1);
        snprintf(cell[i][1], 300, "%s %s", coord, word);
        snprintf(cell[i][2], 300, "%d", c->play.score);
        snprintf(cell[i][3], 300, "%s", leave[0] ? leave : "-");
        snprintf(cell[i][4], 300, "%s", eq);
        snprintf(cell[i][5], 300, "%.2f", c->mean);
        snprintf(cell[i][6], 300, "%.2f", c->se);
        snprintf(cell[i][7], 300, "%.1f", 100 * c->win);
        if (c->dropped)
            snprintf(cell[i][8], 300, "%llu dropped", (unsigned long long)c->iterations);
        else
            snprintf(cell[i][8], 300, "%llu", (unsigned long long)c->iterations);
        for (int k = 0; k < NF; k++)
            if (fmt_width(cell[i][k]) > w[k])
                w[k] = fmt_width(cell[i][k]);
    }
    for (int k = 0; k < NF; k++) {
        if (k)
            cli_buf_puts(f, "  ");
        fmt_pad(f, head[k], k == NF - 1 ? 0 : w[k], right[k]);
    }
    cli_buf_putc(f, '\n');
    for (int i = 0; i < res->n; i++) {
        for (int k = 0; k < NF; k++) {
            if (k)
                cli_buf_puts(f, "  ");
            fmt_pad(f, cell[i][k], k == NF - 1 ? 0 : w[k], right[k]);
        }
        cli_buf_putc(f, '\n');
    }
}

static void json_num(cli_json *j, const char *key, const char *fmt, double v)
{
    char t[64];
    snprintf(t, sizeof t, fmt, v);
    cli_json_key(j, key);
    cli_json_raw(j, t);
}

static void json_head(cli_json *j, cli_buf *f, const skc_pos *p)
{
    cli_json_begin(j, f);
    cli_json_kstr(j, "file", p->file);
    if (p->cgp)
        cli_json_kint(j, "line", p->line);
}

static void print_json(const sk_engine *e, cli_buf *f, const sk_rack *r, const sk_sim_result *res,
                       const sk_sim_opts *so, const skc_pos *p)
{
    static const char *kinds[] = { "move", "exchange", "pass" };
    for (int i = 0; i < res->n; i++) {
        const sk_sim_cand *c = &res->cand[res->order[i]];
        char coord[16], word[256], leave[128], eq[32], lv[32];
        skf_play_fields(e, r, &c->play, SK_FMT_WORD, coord, sizeof coord, word, sizeof word, leave, sizeof leave);
        fmt_milli(eq, sizeof eq, c->play.equity);
        fmt_milli(lv, sizeof lv, c->play.leave);
        cli_json j;
        json_head(&j, f, p);
        cli_json_kint(&j, "rank", i + 1);
        cli_json_kstr(&j, "kind", kinds[c->play.kind]);
        if (c->play.kind == SK_PLAY_MOVE) {
            cli_json_kstr(&j, "coord", coord);
            cli_json_kstr(&j, "word", word);
        } else if (c->play.kind == SK_PLAY_EXCHANGE) {
            cli_json_kstr(&j, "exchange", word + 1);
        }
        cli_json_kint(&j, "score", c->play.score);
        cli_json_kstr(&j, "leave", leave);
        cli_json_key(&j, "leave_value");
        cli_json_raw(&j, lv);
        cli_json_key(&j, "equity");
        cli_json_raw(&j, eq);
        json_num(&j, "value", "%.3f", c->mean);
        json_num(&j, "stderr", "%.3f", c->se);
        json_num(&j, "win", "%.4f", c->win);
        cli_json_key(&j, "iterations");
        cli_json_uint(&j, c->iterations);
        cli_json_key(&j, "dropped");
        cli_json_bool(&j, c->dropped);
        cli_json_end(&j);
    }
    cli_json j;
    json_head(&j, f, p);
    cli_json_key(&j, "sim");
    cli_json_object(&j);
    cli_json_kint(&j, "plies", so->plies);
    cli_json_kint(&j, "candidates", res->n);
    cli_json_key(&j, "iterations");
    cli_json_uint(&j, res->iterations);
    cli_json_kstr(&j, "stopped", stop_name(res->stop));
    cli_json_key(&j, "seed");
    cli_json_uint(&j, so->seed);
    cli_json_kint(&j, "unseen", res->unseen);
    cli_json_kint(&j, "bag", res->bag);
    cli_json_close(&j);
    cli_json_end(&j);
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
        print_json(c->e, out, r, res, &so, p);
    else
        print_text(c->e, out, r, res, &so, p);
    if (c->o->verbose) {
        double s = cli_now() - t0;
        cli_buf_error(err, NULL, 0, "sim: %llu iterations in %.2f s (%.0f iterations/s, %d thread%s)",
                      (unsigned long long)res->iterations, s, s > 0 ? res->iterations / s : 0, S->jobs,
                      S->jobs == 1 ? "" : "s");
    }
    free(res);
    return CLI_EXIT_OK;
}
