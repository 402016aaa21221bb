/* boggle_best.c - `boggle --best RxC`: search for the highest-scoring board.
 *
 * Runs bog_best_search on --jobs threads (thread j with seed S + j, each its
 * own solver over the shared dictionary).  Every board better than all
 * found before, by any thread, is printed at once ("SCORE row/row/...", or
 * a JSON object); at the end the best board is printed again with its
 * score and word count, rows on their own lines so it can be piped back
 * into boggle.  The search stops after --seconds (default 60 unless
 * --iterations is given), after --iterations boards per thread, or on
 * Ctrl-C.  With one thread and --iterations (and no --seconds) the output
 * is a function of the seed; with several, the final board still is (the
 * best of the threads, the lowest thread on ties) but the lines printed on
 * the way depend on timing.  On a terminal, stderr shows a progress line.
 */
#include "cli/boggle_best.h"

#include "cli/boggle_random.h"
#include "cli/cli.h"
#include "cli/cli_json.h"
#include "core/tk_text.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct shared {
    pthread_mutex_t lock;
    const boggle_best_opts *o;
    const bog_dict *bd;
    bog_best_config cfg;          /* common part; each thread sets its seed */
    double start, deadline;       /* deadline 0: none */
    long best;                    /* best score printed so far */
    long boards;                  /* boards scored by all threads (at their last event) */
    int progress;                 /* progress line on stderr */
    double last_draw;
    int stop;
} shared;

typedef struct runner {
    shared *sh;
    int index;
    pthread_t tid;
    bog_solver *s;
    long boards;                  /* this thread's count at its last event */
    bog_grid best;
    long best_score;
    int rc;
    tk_error err;
} runner;

static volatile sig_atomic_t interrupted;
static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

static double now(void) { return tku_clock_seconds(); }

/* The grid's rows as bog_grid_format writes them (packed, or cells separated
 * by spaces), joined by `sep` into b, or as a JSON array member "board". */
static void put_board(cli_buf *b, cli_json *j, const bog_grid *g, const alpha_table *a, char sep)
{
    static const size_t cap = BOG_MAX_CELLS * (BOG_FACE_MAX * (ALPHA_LETTER_MAX + 1) + 3) + BOG_MAX_SIDE + 1;
    char *text = malloc(cap);
    if (!text) {
        b->oom = 1;
        return;
    }
    bog_grid_format(g, a, text, cap);
    if (j) {
        cli_json_key(j, "board");
        cli_json_array(j);
    }
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (j)
            cli_json_strn(j, p, n);
        else {
            if (p != text)
                cli_buf_putc(b, sep);
            cli_buf_put(b, p, n);
        }
        p += n + (nl != NULL);
    }
    if (j)
        cli_json_close(j);
    free(text);
}

/* Write b on stdout at once (lines from several threads never mix). */
static void emit(cli_buf *b)
{
    fwrite(b->p, 1, b->len, stdout);
    fflush(stdout);
    b->len = 0;
}

static void clear_progress(shared *sh)
{
    if (sh->progress)
        fputs("\r\033[K", stderr);
}

static int on_event(void *ctx, const bog_best_event *ev)
{
    runner *r = ctx;
    shared *sh = r->sh;
    pthread_mutex_lock(&sh->lock);
    sh->boards += ev->boards - r->boards;
    r->boards = ev->boards;
    if (ev->kind == BOG_BEST_NEW && ev->score > sh->best) {
        sh->best = ev->score;
        clear_progress(sh);
        cli_buf b = {0};
        if (sh->o->json) {
            cli_json j;
            cli_json_begin(&j, &b);
            cli_json_kint(&j, "score", ev->score);
            put_board(&b, &j, ev->grid, bog_dict_alphabet(sh->bd), 0);
            cli_json_kint(&j, "boards", sh->boards);
            cli_json_end(&j);
        } else {
            cli_buf_printf(&b, "%ld ", ev->score);
            put_board(&b, NULL, ev->grid, bog_dict_alphabet(sh->bd), '/');
            cli_buf_putc(&b, '\n');
        }
        emit(&b);
        cli_buf_free(&b);
        sh->last_draw = 0;
    }
    double t = sh->progress || sh->deadline ? now() : 0;
    if (sh->progress && t - sh->last_draw >= 0.25) {
        double el = t - sh->start;
        fprintf(stderr, "\r%s --best: best %ld, %ld boards (%.0f/s), %.0f s", cli_prog(), sh->best, sh->boards,
                el > 0 ? sh->boards / el : 0.0, el);
        if (sh->deadline)
            fprintf(stderr, " of %.0f", sh->deadline - sh->start);
        fputs("\033[K", stderr);
        sh->last_draw = t;
    }
    if ((sh->deadline && t >= sh->deadline) || interrupted || (sh->o->target && sh->best >= sh->o->target))
        sh->stop = 1;
    int stop = sh->stop;
    pthread_mutex_unlock(&sh->lock);
    return stop;
}

static void *run(void *arg)
{
    runner *r = arg;
    bog_best_config cfg = r->sh->cfg;
    cfg.seed = r->sh->o->seed + (unsigned long long)r->index;
    r->rc = bog_best_search(r->s, &cfg, on_event, r, &r->best, &r->best_score, &r->err);
    return NULL;
}

/* "RxC" */
static int parse_shape(const char *s, int *rows, int *cols)
{
    char extra;
    if (sscanf(s, "%dx%d%c", rows, cols, &extra) != 2 || *rows < 1 || *cols < 1 ||
        (long)*rows * *cols > BOG_MAX_CELLS)
        return -1;
    return 0;
}

/* The final report: "# best N points, W words, B boards, seed S" and the rows. */
static void report(shared *sh, const bog_grid *g, long score)
{
    bog_solver *s;
    bog_result res = {0};
    if (bog_solver_create(&s, sh->bd, NULL) == TK_OK) {
        bog_solve(s, g, sh->cfg.min_len, BOG_COUNT, &res, NULL);
        bog_solver_destroy(s);
    }
    clear_progress(sh);
    cli_buf b = {0};
    if (sh->o->json) {
        char seed[32];
        cli_json j;
        cli_json_begin(&j, &b);
        cli_json_kbool(&j, "best", 1);
        cli_json_kint(&j, "score", score);
        cli_json_kint(&j, "words", (long long)res.count);
        cli_json_kint(&j, "boards", sh->boards);
        snprintf(seed, sizeof seed, "%llu", sh->o->seed);
        cli_json_key(&j, "seed");
        cli_json_raw(&j, seed);
        put_board(&b, &j, g, bog_dict_alphabet(sh->bd), 0);
        cli_json_end(&j);
    } else {
        cli_buf_printf(&b, "# best %ld point%s, %zu word%s, %ld boards, seed %llu\n", score, score == 1 ? "" : "s",
                       res.count, res.count == 1 ? "" : "s", sh->boards, sh->o->seed);
        put_board(&b, NULL, g, bog_dict_alphabet(sh->bd), '\n');
        cli_buf_putc(&b, '\n');
    }
    emit(&b);
    cli_buf_free(&b);
}

static int run_threads(shared *sh, runner *rs, int jobs)
{
    for (int j = 0; j < jobs; j++) {
        rs[j].sh = sh;
        rs[j].index = j;
        if (jobs == 1 || pthread_create(&rs[j].tid, NULL, run, &rs[j]) != 0) {
            run(&rs[j]);
            rs[j].tid = pthread_self();
        }
    }
    int bestj = -1;
    for (int j = 0; j < jobs; j++) {
        if (!pthread_equal(rs[j].tid, pthread_self()))
            pthread_join(rs[j].tid, NULL);
        if (rs[j].rc != TK_OK) {
            clear_progress(sh);
            cli_error(NULL, 0, "%s", rs[j].err.msg);
            return CLI_EXIT_DATA;
        }
        if (bestj < 0 || rs[j].best_score > rs[bestj].best_score)
            bestj = j;
    }
    report(sh, &rs[bestj].best, rs[bestj].best_score);
    return CLI_EXIT_OK;
}

int boggle_best_option(int c, boggle_best_opts *o, const char *arg)
{
    switch (c) {
    case 'b': o->shape = arg; return 1;
    case BOGGLE_OPT_DICE: o->dice = arg; return 1;
    case BOGGLE_OPT_ITERATIONS: o->iterations = cli_parse_long("--iterations", arg, 1, 1000000000000L); return 1;
    case BOGGLE_OPT_TARGET: o->target = cli_parse_long("--target", arg, 1, 1000000000L); return 1;
    case BOGGLE_OPT_SECONDS:
        o->seconds = cli_parse_real("--seconds", arg, 0, 1, CLI_SECONDS_MAX);
        return 1;
    default: return 0;
    }
}

void boggle_best_check(const boggle_best_opts *o)
{
    if ((o->dice || o->seconds > 0 || o->iterations || o->target) && !o->shape)
        cli_usage_error("--dice, --seconds, --iterations and --target need --best");
}

int boggle_best_run(const boggle_best_opts *o, const bog_dict *bd)
{
    const alpha_table *a = bog_dict_alphabet(bd);
    shared sh;
    memset(&sh, 0, sizeof sh);
    sh.o = o;
    sh.bd = bd;
    sh.best = -1;
    sh.cfg.min_len = o->min_len;
    sh.cfg.iterations = o->iterations;
    sh.cfg.target = o->target;
    sh.cfg.progress_every = 256;    /* 4x4; set by the board's size below */
    bog_face faces[64];
    bog_dice *dice = NULL;
    int rows = 0, cols = 0;
    if (o->shape && parse_shape(o->shape, &rows, &cols) != 0)
        cli_usage_error("invalid --best shape '%s' (4x4, 5x5, RxC up to %d cells)", o->shape, BOG_MAX_CELLS);
    if (o->dice) {
        if (!(dice = boggle_dice_load(o->dice, a, NULL)))
            return CLI_EXIT_DATA;
        if (o->shape && (rows != dice->rows || cols != dice->cols)) {
            cli_error(NULL, 0, "--dice %s is a %dx%d set, not %s", o->dice, dice->rows, dice->cols, o->shape);
            free(dice);
            return CLI_EXIT_USAGE;
        }
        sh.cfg.dice = dice;
        rows = dice->rows;
        cols = dice->cols;
    } else {
        sh.cfg.rows = rows;
        sh.cfg.cols = cols;
        sh.cfg.nfaces = bog_letter_faces(a, faces);
        sh.cfg.faces = faces;
    }
    if (!sh.cfg.min_len) {
        int r = dice ? dice->rows : rows, c = dice ? dice->cols : cols;
        sh.cfg.min_len = o->min_by_size ? bog_default_min_len(r, c) : 3;
    }
    /* the callback (time limit, Ctrl-C, progress) every 4096 cells' worth
     * of boards: 256 of 4x4, 4 of 32x32 (one takes milliseconds), so
     * --seconds holds on large boards too */
    if (rows * cols > 0)
        sh.cfg.progress_every = rows * cols >= 4096 ? 1 : 4096 / (rows * cols);
    double seconds = o->seconds > 0 ? o->seconds : o->iterations ? 0 : 60;
    sh.start = now();
    sh.deadline = seconds > 0 ? sh.start + seconds : 0;
    sh.progress = isatty(STDERR_FILENO) && !o->verbose;
    pthread_mutex_init(&sh.lock, NULL);
    runner *rs = calloc((size_t)o->jobs, sizeof *rs);
    int status = rs ? CLI_EXIT_OK : CLI_EXIT_DATA;
    for (int j = 0; j < o->jobs && status == CLI_EXIT_OK; j++)
        if (bog_solver_create(&rs[j].s, bd, &rs[j].err) != TK_OK) {
            cli_error(NULL, 0, "%s", rs[j].err.msg);
            status = CLI_EXIT_DATA;
        }
    if (status == CLI_EXIT_OK) {
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_sigint;
        sigaction(SIGINT, &sa, &old);
        if (o->verbose)
            cli_error(NULL, 0, "best board: %s, seed %llu, %d thread%s, %s", dice ? o->dice : o->shape, o->seed,
                      o->jobs, o->jobs == 1 ? "" : "s", seconds > 0 ? "time limit" : "no time limit");
        status = run_threads(&sh, rs, o->jobs);
        sigaction(SIGINT, &old, NULL);
    }
    for (int j = 0; rs && j < o->jobs; j++)
        bog_solver_destroy(rs[j].s);
    free(rs);
    free(dice);
    pthread_mutex_destroy(&sh.lock);
    return status;
}
