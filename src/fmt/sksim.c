/* sksim.c - a position's simulation (tilekit/sksim.h) as skrafl --sim
 * prints it (contract in tilekit/skfmt.h): a header line and a table whose
 * columns fit their widest cell (widths in characters, names are UTF-8),
 * or one JSON object a candidate, best first, then the run's figures.
 * Nothing depends on the time taken or the threads: a run with a fixed
 * seed and iteration count prints the same bytes. */
#include "tilekit/skfmt.h"

#include <stdio.h>
#include <string.h>

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

void skf_sim_text(fmt_buf *f, const sk_engine *e, const sk_rack *r, const sk_sim_result *res, const sk_sim_opts *so,
                  const skf_pos *p)
{
    char rs[128];
    sk_rack_leave(r, NULL, e, rs, sizeof rs);
    if (p->cgp)
        fmt_buf_printf(f, "# line %ld: ", p->line);
    else
        fmt_buf_puts(f, "# ");
    fmt_buf_printf(f, "sim: rack %s, plies %d, candidates %d, iterations %llu (stopped by %s), seed %llu; "
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
            fmt_buf_puts(f, "  ");
        fmt_pad(f, head[k], k == NF - 1 ? 0 : w[k], right[k]);
    }
    fmt_buf_putc(f, '\n');
    for (int i = 0; i < res->n; i++) {
        for (int k = 0; k < NF; k++) {
            if (k)
                fmt_buf_puts(f, "  ");
            fmt_pad(f, cell[i][k], k == NF - 1 ? 0 : w[k], right[k]);
        }
        fmt_buf_putc(f, '\n');
    }
}

/* {"file":.., "line":.. (a CGP line) */
static void json_head(fmt_json *j, fmt_buf *f, const skf_pos *p)
{
    fmt_json_begin(j, f);
    fmt_json_kstr(j, "file", p->file);
    if (p->cgp)
        fmt_json_kint(j, "line", p->line);
}

void skf_sim_json(fmt_buf *f, const sk_engine *e, const sk_rack *r, const sk_sim_result *res, const sk_sim_opts *so,
                  const skf_pos *p)
{
    static const char *kinds[] = { "move", "exchange", "pass" };
    for (int i = 0; i < res->n; i++) {
        const sk_sim_cand *c = &res->cand[res->order[i]];
        char coord[16], word[256], leave[128], eq[32], lv[32];
        skf_play_fields(e, r, &c->play, SK_FMT_WORD, coord, sizeof coord, word, sizeof word, leave, sizeof leave);
        fmt_milli(eq, sizeof eq, c->play.equity);
        fmt_milli(lv, sizeof lv, c->play.leave);
        fmt_json j;
        json_head(&j, f, p);
        fmt_json_kint(&j, "rank", i + 1);
        fmt_json_kstr(&j, "kind", kinds[c->play.kind]);
        if (c->play.kind == SK_PLAY_MOVE) {
            fmt_json_kstr(&j, "coord", coord);
            fmt_json_kstr(&j, "word", word);
        } else if (c->play.kind == SK_PLAY_EXCHANGE) {
            fmt_json_kstr(&j, "exchange", word + 1);
        }
        fmt_json_kint(&j, "score", c->play.score);
        fmt_json_kstr(&j, "leave", leave);
        fmt_json_key(&j, "leave_value");
        fmt_json_raw(&j, lv);
        fmt_json_key(&j, "equity");
        fmt_json_raw(&j, eq);
        fmt_json_kfixed(&j, "value", "%.3f", c->mean);
        fmt_json_kfixed(&j, "stderr", "%.3f", c->se);
        fmt_json_kfixed(&j, "win", "%.4f", c->win);
        fmt_json_key(&j, "iterations");
        fmt_json_uint(&j, c->iterations);
        fmt_json_kbool(&j, "dropped", c->dropped);
        fmt_json_end(&j);
    }
    fmt_json j;
    json_head(&j, f, p);
    fmt_json_key(&j, "sim");
    fmt_json_object(&j);
    fmt_json_kint(&j, "plies", so->plies);
    fmt_json_kint(&j, "candidates", res->n);
    fmt_json_key(&j, "iterations");
    fmt_json_uint(&j, res->iterations);
    fmt_json_kstr(&j, "stopped", stop_name(res->stop));
    fmt_json_key(&j, "seed");
    fmt_json_uint(&j, so->seed);
    fmt_json_kint(&j, "unseen", res->unseen);
    fmt_json_kint(&j, "bag", res->bag);
    fmt_json_close(&j);
    fmt_json_end(&j);
}
