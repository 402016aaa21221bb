/* mjwait_log.c - mjwait --log FILE...: the review of real games, printed.
 *
 * Each file is one record of the batch engine (CLI_BATCH_COUNT: record i =
 * file i), read whole, parsed by the library (mj_log_parse: both formats)
 * and reviewed by it (mj_review_log, tilekit/mjreview.h: every discard
 * judged, every win scored beside the log's value, the summaries); the
 * formatting wing writes the records as text or JSON (tilekit/mjfmt.h),
 * and with --html OUT one page a log (and an index of several), placed
 * and written by the front-ends' shared rule (cli_pages.h).  This file
 * holds the options, the files, the batch (output per file in input order
 * whatever --jobs) and the messages on standard error. */
#include "cli/mjwait_log.h"
#include "cli/cli_json.h"
#include "cli/cli_pages.h"
#include "cli/mjwait_ev.h"
#include "cli/mjwait_score.h"
#include "tilekit/mjfmt.h"
#include "tilekit/mjreview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int opt_log, opt_player_seat = -1, opt_ev;
static const char *opt_player, *opt_html;
static int opt_json, opt_verbose;

/* --html DIR: a log's page drops its suffix */
static const char *const LOG_EXTS[] = { ".mjlog.gz", ".json.gz", ".xml.gz", ".mjlog", ".json", ".xml", ".gz", NULL };

int mjl_option(int c, const char *arg)
{
    switch (c) {
    case MJL_O_LOG: opt_log = 1; return 1;
    case MJL_O_PLAYER:
        opt_player = arg;
        if (arg[0] >= '0' && arg[0] <= '3' && arg[1] == 0)
            opt_player_seat = arg[0] - '0';
        return 1;
    case MJL_O_HTML: opt_html = arg; return 1;
    default: return 0;
    }
}

int mjl_active(void)
{
    return opt_log;
}

int mjl_player(void)
{
    return opt_player != NULL;
}

int mjl_html(void)
{
    return opt_html != NULL;
}

const char *mjl_help(void)
{
    return "Game records (--log):\n"
           "      --log        the FILEs are Tenhou game records (.mjlog XML, gzip or plain,\n"
           "                   or tenhou.net/6 JSON): every discard of every round with\n"
           "                   its shanten and ukeire beside the best discard's, calls,\n"
           "                   riichi, every win scored beside the log's own value, and\n"
           "                   a summary per player and per game (-v: every discard,\n"
           "                   not only those that gave something up; --ev: each\n"
           "                   discard's expected value too)\n"
           "      --player P   only seat P (0-3) or the player named P\n"
           "      --html OUT   also write the review as a page: OUT for one log, else OUT\n"
           "                   is a directory of one page a log and index.html\n"
           "      --force      let --html replace existing files\n";
}

/* ---- one review, printed ---- */

/* The messages of the records that say something is wrong (an event that
 * does not fit, a win that cannot be scored) on standard error, located
 * as a bad log's; 1 when there is any. */
static int review_messages(const mj_review *rv, const char *file, cli_buf *msgs)
{
    int bad = 0;
    for (int i = 0; i < rv->n_records; i++) {
        const mj_review_record *rec = &rv->records[i];
        const mj_review_issue *x = mj_review_issue_of(rv, rec);
        const mj_review_win *w = mj_review_win_of(rv, rec);
        if (x && x->line > 0)
            cli_buf_error(msgs, file, x->line, "column %ld: round %d, %s", x->col, rec->round, x->msg);
        else if (x)
            cli_buf_error(msgs, file, 0, "round %d, %s", rec->round, x->msg);
        else if (w && w->status == MJ_RV_WIN_ERROR)
            cli_buf_error(msgs, file, 0, "round %d, event %d: the win cannot be scored: %s", rec->round,
                          rec->event + 1, w->msg);
        bad |= x || (w && w->status == MJ_RV_WIN_ERROR);
    }
    return bad;
}

/* Every record, then the summaries (tilekit/mjfmt.h); the exit status. */
static int print_review(const mj_review *rv, const char *file, cli_buf *out, cli_buf *msgs)
{
    for (int i = 0; i < rv->n_records; i++) {
        if (opt_json)
            mjf_review_record_json(out, rv, i, file);
        else
            mjf_review_record_text(out, rv, i, file, opt_verbose);
    }
    if (opt_json)
        mjf_review_summary_json(out, rv, file);
    else
        mjf_review_summary_text(out, rv, file);
    return review_messages(rv, file, msgs) ? CLI_EXIT_DATA : CLI_EXIT_OK;
}

/* ---- the batch: one file a record ---- */
typedef struct job {
    const char *const *files;
    int n;
    cli_pages pages;          /* --html */
    mjf_index_row *rows;      /* --html DIR: a row a log (its slot written by its worker) */
    char (*names)[4][MJ_LOG_NAME];
} job;

typedef struct worker {
    mj_ctx *ctx;
    mj_ev *ev;   /* --ev */
    job *jb;
} worker;

static void *worker_new(void *user)
{
    worker *w = calloc(1, sizeof *w);
    if (w)
        w->jb = user;
    if (w && (!(w->ctx = mjs_ctx_new()) || (opt_ev && mj_ev_create(&w->ev, NULL)))) {
        mj_ctx_destroy(w->ctx);
        free(w);
        w = NULL;
    }
    return w;
}

static void worker_free(void *user, void *state)
{
    (void)user;
    mj_ctx_destroy(((worker *)state)->ctx);
    mj_ev_destroy(((worker *)state)->ev);
    free(state);
}

/* A file that cannot be read or parsed: located message, JSON error object. */
static int bad_log(const char *name, const tk_error *err, cli_buf *out, cli_buf *msgs)
{
    if (err->line > 0)
        cli_buf_error(msgs, name, err->line, "column %ld: %s", err->col, err->msg);
    else
        cli_buf_error(msgs, name, 0, "%s", err->msg);
    if (opt_json) {
        cli_json j;
        cli_json_begin(&j, out);
        cli_json_kstr(&j, "file", name);
        cli_json_kstr(&j, "type", "error");
        if (err->line > 0)
            cli_json_kint(&j, "line", err->line);
        cli_json_kstr(&j, "error", err->msg);
        cli_json_end(&j);
    }
    return CLI_EXIT_DATA;
}

/* --html: log i's page, and its row of the index. */
static int write_page(job *jb, long i, const mj_review *rv, const char *name, cli_buf *msgs)
{
    fmt_buf page = { 0 };
    mjf_review_html(&page, rv, name);
    int st = cli_page_write(&jb->pages, (int)i, &page, msgs);
    fmt_buf_free(&page);
    if (!jb->rows)
        return st;
    const mj_review_game *g = &rv->game;
    mjf_index_row *r = &jb->rows[i];
    for (int s = 0; s < 4; s++) {
        snprintf(jb->names[i][s], MJ_LOG_NAME, "%s", rv->log->names[s]);
        r->name[s] = jb->names[i][s];
    }
    r->href = cli_page_href(&jb->pages, (int)i);
    r->rounds = rv->n_rounds;
    r->discards = g->discards;
    r->best = g->best;
    r->ukeire_lost = g->ukeire_lost;
    r->deal_ins = g->deal_ins;
    r->deal_in_points = g->deal_in_points;
    r->wins = g->wins;
    r->wins_matching = g->wins_matching;
    r->inconsistent = g->inconsistent;
    return st;
}

static int solve_file(void *state, const cli_record *rec, cli_buf *out, cli_buf *msgs)
{
    worker *w = state;
    const char *path = rec->text;
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    size_t len = 0;
    tk_error err = { 0 };
    char *text = cli_read_file(path, &len, &err);
    if (!text) {
        cli_buf_error(msgs, name, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    mj_log *log = NULL;
    int rc = mj_log_parse_ex(text, len, MJ_LOG_KEEP_INCONSISTENT, &log, &err);
    free(text);
    if (rc)
        return rc == TK_ENOMEM ? -1 : bad_log(name, &err, out, msgs);
    mj_review_options o;
    mj_review_options_init(&o);
    o.seat = opt_player_seat;
    o.name = opt_player && opt_player_seat < 0 ? opt_player : NULL;
    o.ev = opt_ev;
    if (opt_ev)
        mje_config(&o.ev_cfg);
    mj_review *rv = NULL;
    rc = mj_review_log(log, &o, w->ctx, w->ev, &rv, &err);
    int st;
    if (rc == TK_ENOMEM) {
        st = -1;
    } else if (rc) {
        cli_buf_error(msgs, name, 0, "%s", err.msg);
        st = CLI_EXIT_DATA;
    } else {
        st = print_review(rv, name, out, msgs);
        if (w->jb->pages.out && write_page(w->jb, rec->no - 1, rv, name, msgs) > st)
            st = CLI_EXIT_DATA;
    }
    mj_review_free(rv);
    mj_log_free(log);
    return st;
}

static int gen_name(void *user, long no, cli_buf *text)
{
    const job *jb = user;
    long i = no - 1;
    cli_buf_puts(text, i >= 0 && i < jb->n ? jb->files[i] : "-");
    return 0;
}

/* --html DIR: index.html, a row a log (a log not reviewed has no link). */
static int write_index(const job *jb)
{
    for (int i = 0; i < jb->n; i++)
        jb->rows[i].file = strcmp(jb->files[i], "-") == 0 ? "<stdin>" : jb->files[i];
    fmt_buf page = { 0 };
    mjf_review_index(&page, jb->rows, jb->n);
    int rc = cli_pages_write_index(&jb->pages, &page);
    fmt_buf_free(&page);
    return rc;
}

/* --html: where the pages go, checked before any log is reviewed. */
static int plan_pages(job *jb)
{
    int rc = cli_pages_plan(&jb->pages, opt_html, jb->files, jb->n, LOG_EXTS);
    if (rc || !jb->pages.dir)
        return rc;
    jb->rows = calloc((size_t)jb->n, sizeof *jb->rows);
    jb->names = calloc((size_t)jb->n, sizeof *jb->names);
    if (!jb->rows || !jb->names) {
        cli_error(NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    return 0;
}

int mjl_main(const char *const *files, int n, const cli_common *co, int ev)
{
    static const char *const stdin_only[1] = { "-" };
    opt_json = co->json;
    opt_verbose = co->verbose;
    opt_ev = ev;
    if (n == 0) {
        files = stdin_only;
        n = 1;
    }
    job jb = { files, n, { 0 }, NULL, NULL };
    int status = plan_pages(&jb);
    double t0 = cli_now();
    cli_batch b = { .kind = CLI_BATCH_COUNT, .count = n, .gen = gen_name, .user = &jb, .jobs = co->jobs,
                    .progress = "mjwait: logs", .init = worker_new, .fini = worker_free, .solve = solve_file };
    if (status == 0) {
        status = cli_batch_run(&b);
        if (jb.rows && !b.write_error && write_index(&jb) > status)
            status = CLI_EXIT_DATA;
    }
    if (co->verbose)
        cli_error(NULL, 0, "%ld log%s (%ld bad), %.3f s", b.records, b.records == 1 ? "" : "s", b.bad,
                  cli_now() - t0);
    if (cli_close_stdout() != 0)
        status = CLI_EXIT_DATA;
    cli_pages_free(&jb.pages);
    free(jb.rows);
    free(jb.names);
    return status;
}
