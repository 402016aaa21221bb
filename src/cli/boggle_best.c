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

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The grid's rows (bog_grid_format) joined by `sep`, or as a JSON array. */
static void put_board(FILE *f, const bog_grid *g, const Alphabet *a, const char *sep, int json)
{
    char text[BOG_MAX_CELLS * (BOG_FACE_MAX * (ALPHA_LETTER_MAX + 1) + 3) + BOG_MAX_SIDE + 1];
    bog_grid_format(g, a, text, sizeof text);
    if (json)
        putc('[', f);
    int first = 1;
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        if (!first)
            fputs(json ? "," : sep, f);
        if (json)
            cli_json_string(f, p);
        else
            fputs(p, f);
        first = 0;
        p = nl ? nl + 1 : p + strlen(p);
    }
    if (json)
        putc(']', f);
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
        if (sh->o->json) {
            printf("{\"score\":%ld,\"board\":", ev->score);
            put_board(stdout, ev->grid, bog_dict_alphabet(sh->bd), "/", 1);
            printf(",\"boards\":%ld}\n", sh->boards);
        } else {
            printf("%ld ", ev->score);
            put_board(stdout, ev->grid, bog_dict_alphabet(sh->bd), "/", 0);
            putc('\n', stdout);
        }
        fflush(stdout);
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

/* Every letter alone, except that a "q" of an alphabet that also has "u" is
 * the Qu face (as on the dice). */
static int letter_faces(const Alphabet *a, bog_face *faces)
{
    int qu = alpha_index(a, "u");
    int n = 0;
    for (int l = 1; l <= a->size; l++) {
        faces[n].n = 1;
        faces[n].let[0] = (uint8_t)l;
        if (strcmp(a->lower[l], "q") == 0 && qu > 0) {
            faces[n].n = 2;
            faces[n].let[1] = (uint8_t)qu;
        }
        n++;
    }
    return n;
}

/* The final report: "# best N points, W words, B boards, seed S" and the rows. */
static void report(shared *sh, const bog_grid *g, long score)
{
    bog_solver *s;
    bog_result res = {0};
    if (bog_solver_create(&s, sh->bd, NULL) == TK_OK) {
        bog_solve(s, g, sh->o->min_len, BOG_COUNT, &res, NULL);
        bog_solver_destroy(s);
    }
    clear_progress(sh);
    if (sh->o->json) {
        printf("{\"best\":true,\"score\":%ld,\"words\":%zu,\"boards\":%ld,\"seed\":%llu,\"board\":", score,
               res.count, sh->boards, sh->o->seed);
        put_board(stdout, g, bog_dict_alphabet(sh->bd), "/", 1);
        puts("}");
    } else {
        printf("# best %ld point%s, %zu word%s, %ld boards, seed %llu\n", score, score == 1 ? "" : "s",
               res.count, res.count == 1 ? "" : "s", sh->boards, sh->o->seed);
        put_board(stdout, g, bog_dict_alphabet(sh->bd), "\n", 0);
        putc('\n', stdout);
    }
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

int boggle_best_run(const boggle_best_opts *o, const bog_dict *bd)
{
    const Alphabet *a = bog_dict_alphabet(bd);
    shared sh;
    memset(&sh, 0, sizeof sh);
    sh.o = o;
    sh.bd = bd;
    sh.best = -1;
    sh.cfg.min_len = o->min_len;
    sh.cfg.iterations = o->iterations;
    sh.cfg.target = o->target;
    sh.cfg.progress_every = 256;
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
    } else {
        sh.cfg.rows = rows;
        sh.cfg.cols = cols;
        sh.cfg.nfaces = letter_faces(a, faces);
        sh.cfg.faces = faces;
    }
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
