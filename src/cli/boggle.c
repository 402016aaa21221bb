/* boggle.c - every dictionary word in Boggle grids (the `boggle` command).
 *
 * Grids come from files or stdin (rows of letters, grids separated by blank
 * lines); each grid is one record of the batch engine (cli_batch), parsed
 * row by row (bog_grid_add_row, so a bad row is named with its file and
 * line) and solved by the thread's own bog_solver (sharing the read-only
 * bog_dict); the answers are written in input order whatever --jobs.
 * --random rolls a dice set from data/boggle/ straight into grids (--boards
 * N of them, a batch of N numbered records; boggle_random.c) and solves them
 * the same way.  --best searches for the best board (boggle_best.c).
 */
#include "cli/boggle_best.h"
#include "cli/boggle_prove.h"
#include "cli/boggle_random.h"
#include "cli/cli.h"
#include "cli/cli_batch.h"
#include "cli/cli_json.h"
#include "tilekit/boggle.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* --min: 0 = the default: 3 for grids read from input (GUIDE.md, the shared
 * vectors), the official rule by grid size (bog_default_min_len) for boards
 * rolled from a dice set and with --min auto. */
static int opt_json, opt_score, opt_paths, opt_count, opt_min = 0, opt_min_by_size = 0;

/* --min N, else the official minimum for the grid's size. */
static int min_len(const bog_grid *g)
{
    if (opt_min)
        return opt_min;
    return opt_min_by_size ? bog_default_min_len(g->rows, g->cols) : 3;
}
static int opt_show, opt_color;     /* --show; in colour (a terminal, no NO_COLOR) */
static int opt_q_is_qu;             /* --q-is-qu: a bare q cell is the Qu die */
static long opt_boards = 1;         /* --boards N (with --random) */
static const char *opt_mark;        /* --mark WORD, as typed */
static char mark_word[512];         /* --mark WORD in the dictionary's spelling (lower case) */
static int mark_len;                /* its letters */
static const alpha_table *the_alpha;   /* for drawing faces */

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n"
           "       %s --random 4x4|5x5|6x6 [--boards N] [--seed N] [OPTION]...\n"
           "       %s --best 4x4|5x5|RxC [--seconds S] [--iterations N] [--dice SET] [OPTION]...\n"
           "       %s --prove RxC --min S [--shard K/N] [--checkpoint FILE] [OPTION]...\n"
           "       %s --prove RxC --min S --merge FILE...\n"
           "Print every dictionary word that can be traced in Boggle grids read from the\n"
           "FILEs (stdin when no FILE or FILE is -).  Grids are separated by blank lines;\n"
           "their answers come in the same order, separated by blank lines.\n"
           "\n"
           "A grid is one row a line, cells packed (\"pers\", where \"qu\" is one Qu cell\n"
           "and [th] a multi-letter face) or separated by spaces (\"qu a t e\", \"th in er\").\n"
           "'#' is a blocked cell.  Letters may be upper or lower case, UTF-8 (é, ő).\n"
           "A word is traced through 8-neighbour cells, each used at most once; it is\n"
           "listed once (in UTF-8 byte order) however many paths spell it.  Limits: up\n"
           "to 1024 cells (32x32, 1x1024, ...), up to 8 letters on a face.\n"
           "\n"
           "  -d, --dict FILE    dictionary: a .dawg file or a word list (one word a line)\n"
           "  -L, --lexicon NAME the installed dictionary NAME (dict/NAME.dawg in the data\n"
           "                     path, installed by mkdawg)\n"
           "  -l, --lang LANG    language of the default dictionary and alphabet: en, is, hu\n"
           "  -m, --min N|auto   shortest word, in letters (Qu counts 2); default 3, and for\n"
           "                     --random rolls the official rule by grid size (auto):\n"
           "                     3 up to 4x4, 4 for Big Boggle 5x5 and larger\n"
           "  -s, --score        each word's score and a total (3-4 letters 1, 5: 2, 6: 3,\n"
           "                     7: 5, 8 and more: 11)\n"
           "  -p, --paths        one path per word, as 0-based row,col pairs\n"
           "  -c, --count        only the number of words (and the score with --score)\n"
           "  -j, --json         one JSON object per grid: grid, file, line, board, rows,\n"
           "                     cols, count, score, words (and paths); a bad grid gives\n"
           "                     {grid, file, line, board, error}\n"
           "  -g, --show         draw each grid (faces capitalised, Qu) before its words;\n"
           "                     in colour only on a terminal when NO_COLOR is unset\n"
           "  -k, --mark WORD    with --show (implied): put the cells of WORD's path (as\n"
           "                     --paths gives it) in brackets, number its steps in a\n"
           "                     second grid on the right and print the path under it\n"
           "      --q-is-qu      a cell written as a bare q is the Qu die (as most Boggle\n"
           "                     programs write it); by default it is the letter Q\n"
           "", cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog());
    /* two strings: C11 compilers need only take 4095 characters in one */
    printf("  -r, --random SET   roll a dice set and solve it: 4x4 (classic Boggle, the\n"
           "                     1976 dice), 4x4-1987 (the 1987 dice), 5x5 (Big Boggle),\n"
           "                     6x6 (Super Big Boggle), or a dice file; prints the grid,\n"
           "                     a blank line, then the answer\n"
           "      --boards N     with --random: roll and solve N boards; board i is rolled\n"
           "                     with seed N+i-1 and headed '# board i, seed S' (N > 1)\n"
           "      --seed N       random seed for --random, --best (default: the clock) and\n"
           "                     --sample (default 1)\n"
           "  -b, --best RxC     search for the highest-scoring RxC board (simulated\n"
           "                     annealing with restarts); prints each new best as\n"
           "                     'SCORE row/row/...', then '# best ...' and the board\n"
           "      --seconds S    --best: stop after S seconds (default 60 unless\n"
           "                     --iterations is given)\n"
           "      --iterations N --best: stop after N boards per thread (with one thread\n"
           "                     and no --seconds, the output depends only on the seed)\n"
           "      --dice SET     --best: search the rolls of a dice set (which die where,\n"
           "                     which face up) instead of any letters\n"
           "      --target N     --best: stop at the first board scoring N or more\n"
           "");
    boggle_prove_usage();
    printf(           "      --jobs N       threads (default 0 = all CPUs; the output is the same);\n"
           "                     --best: N searches with seeds S, S+1, ... (default 1)\n"
           "      --first-line N   number the input's lines from N, and\n"
           "      --first-grid N   its grids from N (for one chunk of a batch split\n"
           "                     over several processes or machines)\n"
           "      --line-buffered  answer each grid as soon as it is read (as at a\n"
           "                     terminal), for a program that drives boggle through a pipe\n"
           "  -v, --verbose      the dictionary loaded, grids, threads and time (on\n"
           "                     standard error)\n"
           "  -h, --help         show this help and exit\n"
           "  -V, --version      show version information and exit\n"
           "\n"
           "Exit status: 0 if every grid was solved, 1 if a grid or the dictionary was bad\n"
           "(bad grids are reported as 'FILE:LINE: grid N, row R: ...' and the others are\n"
           "still solved), 2 for bad usage.\n"
           "\n"
           "Examples:\n"
           "  printf 'pers\\nlate\\ngins\\nrbed\\n' | %s --score --count\n"
           "  %s --random 5x5 --seed 42 --min 4\n"
           "  %s --random 4x4 --boards 1000 --count --score\n"
           "  %s --best 4x4 --seconds 60 --jobs 2\n"
           "  %s --prove 3x3 --min 545 --jobs 2 --checkpoint 3x3.ck\n"
           "  %s --json --paths grids.txt\n"
           "  printf 'pers\\nlate\\ngins\\nrbed\\n' | %s --show --mark plates\n",
           cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog());
}


/* ---- one grid ------------------------------------------------------------ */

/* What the answer of one grid is printed from. */
typedef struct grid_in {
    const bog_grid *g;
    long no;             /* grid number across the whole input */
    const char *file;    /* NULL for --random */
    long line;           /* first line (or the bad row's line) */
    const char *text;    /* the grid's rows as read, '\n'-separated */
    size_t len;
    unsigned long long seed;   /* --random */
    int random;
    int sep;             /* text: a blank line before the answer */
} grid_in;

static void put_path(cli_buf *f, const bog_grid *g, const bog_result *r, const bog_word *w)
{
    for (int k = 0; k < w->ncells; k++) {
        int cell = r->paths[w->path + k];
        cli_buf_printf(f, " %d,%d", cell / g->cols, cell % g->cols);
    }
}

static void json_path(cli_json *j, const bog_grid *g, const bog_result *r, const bog_word *w)
{
    cli_json_array(j);
    for (int k = 0; k < w->ncells; k++) {
        int cell = r->paths[w->path + k];
        cli_json_array(j);
        cli_json_int(j, cell / g->cols);
        cli_json_int(j, cell % g->cols);
        cli_json_close(j);
    }
    cli_json_close(j);
}

/* The face of cell i for --show: first letter upper case (Qu, Th), '#' blocked. */
static void face_text(const bog_grid *g, int i, char *cell, size_t cap)
{
    if (!g->n[i]) {
        snprintf(cell, cap, "#");
        return;
    }
    size_t k = alpha_decode(the_alpha, g->let[i], 1, 1, cell, cap);
    if (g->n[i] > 1 && k < cap)
        alpha_decode(the_alpha, g->let[i] + 1, g->n[i] - 1, 0, cell + k, cap - k);
}

static int code_points(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* The --mark word in the answer, its steps per cell. */
static const bog_word *find_mark(const bog_result *r, int *step)
{
    const bog_word *w = NULL;
    for (size_t i = 0; opt_mark && i < r->count && !w; i++)
        if (strcmp(r->text + r->words[i].text, mark_word) == 0)
            w = &r->words[i];
    for (int k = 0; w && k < w->ncells; k++)
        step[r->paths[w->path + k]] = k + 1;
    return w;
}

/* --show: draw the grid, one cell a fixed-width field (the widest face in
 * code points, plus a bracket or space each side), faces capitalised (Qu,
 * Th).  With --mark the cells of the word's path are in brackets and a second
 * grid to the right gives each path cell its step number (1 = first letter,
 * '.' elsewhere); on a terminal (opt_color) the marked cells and steps are
 * also in colour.  A line under the grid gives the path as row,col pairs, or
 * says that the word is not in the grid. */
static void draw_grid(cli_buf *f, const bog_grid *g, const bog_result *r)
{
    int step[BOG_MAX_CELLS] = {0};
    const bog_word *w = find_mark(r, step);
    int width = 1, digits = 1;
    char cell[BOG_FACE_MAX * 4 + 8];
    for (int i = 0; i < g->rows * g->cols; i++) {
        bog_grid_cell_text(g, the_alpha, i / g->cols, i % g->cols, cell, sizeof cell);
        if (code_points(cell) > width)
            width = code_points(cell);
    }
    for (int n = w ? w->ncells : 0; n >= 10; n /= 10)
        digits++;
    const char *on = opt_color ? "\033[1;30;43m" : "", *off = opt_color ? "\033[0m" : "";
    for (int y = 0; y < g->rows; y++) {
        for (int x = 0; x < g->cols; x++) {
            int i = y * g->cols + x;
            face_text(g, i, cell, sizeof cell);
            int pad = width - code_points(cell);
            if (step[i])
                cli_buf_printf(f, "%s[%s%*s]%s", on, cell, pad, "", off);
            else
                cli_buf_printf(f, " %s%*s ", cell, pad, "");
        }
        if (w) {
            cli_buf_puts(f, "   ");
            for (int x = 0; x < g->cols; x++) {
                int i = y * g->cols + x;
                if (step[i])
                    cli_buf_printf(f, " %s%*d%s", on, digits, step[i], off);
                else
                    cli_buf_printf(f, " %*s", digits, ".");
            }
        }
        cli_buf_putc(f, '\n');
    }
    if (opt_mark) {
        cli_buf_printf(f, "%s:", mark_word);
        if (w)
            put_path(f, g, r, w);
        else if (mark_len < min_len(g))
            cli_buf_printf(f, " shorter than the minimum %d", min_len(g));
        else
            cli_buf_puts(f, " not in this grid");
        cli_buf_putc(f, '\n');
    }
}

/* {"grid":N,"file":..,"line":..,"board":[rows] (or "seed" and "board" for --random) */
static void json_head(cli_json *j, cli_buf *f, const grid_in *in)
{
    cli_json_begin(j, f);
    cli_json_kint(j, "grid", in->no);
    if (in->random) {
        cli_json_key(j, "seed");
        cli_json_uint(j, in->seed);
    } else {
        cli_json_kstr(j, "file", in->file);
        cli_json_kint(j, "line", in->line);
    }
    cli_json_key(j, "board");
    cli_json_array(j);
    for (size_t a = 0; a < in->len;) {
        const char *nl = memchr(in->text + a, '\n', in->len - a);
        size_t e = nl ? (size_t)(nl - in->text) : in->len;
        cli_json_strn(j, in->text + a, e - a);
        a = e + 1;
    }
    cli_json_close(j);
}

static void render_json(cli_buf *f, const grid_in *in, const bog_result *r)
{
    cli_json j;
    json_head(&j, f, in);
    cli_json_kint(&j, "rows", in->g->rows);
    cli_json_kint(&j, "cols", in->g->cols);
    cli_json_kint(&j, "count", (long long)r->count);
    cli_json_kint(&j, "score", r->score);
    if (!opt_count) {
        cli_json_key(&j, "words");
        cli_json_array(&j);
        for (size_t i = 0; i < r->count; i++)
            cli_json_str(&j, r->text + r->words[i].text);
        cli_json_close(&j);
        if (opt_paths) {
            cli_json_key(&j, "paths");
            cli_json_array(&j);
            for (size_t i = 0; i < r->count; i++)
                json_path(&j, in->g, r, &r->words[i]);
            cli_json_close(&j);
        }
    }
    cli_json_end(&j);
}

static void render_text(cli_buf *f, const grid_in *in, const bog_result *r)
{
    if (opt_show) {
        if (in->sep)
            cli_buf_putc(f, '\n');
        draw_grid(f, in->g, r);
        cli_buf_putc(f, '\n');     /* a blank line between the drawing and its words */
    }
    if (opt_count) {
        if (opt_score)
            cli_buf_printf(f, "%zu %ld\n", r->count, r->score);
        else
            cli_buf_printf(f, "%zu\n", r->count);
        return;
    }
    if (in->sep && !opt_show)
        cli_buf_putc(f, '\n');
    for (size_t i = 0; i < r->count; i++) {
        const bog_word *w = &r->words[i];
        cli_buf_puts(f, r->text + w->text);
        if (opt_score)
            cli_buf_printf(f, " %d", w->score);
        if (opt_paths)
            put_path(f, in->g, r, w);
        cli_buf_putc(f, '\n');
    }
    if (opt_score)
        cli_buf_printf(f, "total: %ld point%s, %zu word%s\n", r->score, r->score == 1 ? "" : "s", r->count,
                       r->count == 1 ? "" : "s");
}

/* A grid that could not be read or solved keeps its place: {"error"} in
 * JSON, "error" with --count, an empty answer block otherwise; the message
 * (already formatted in msg) goes to stderr. */
static int render_bad(cli_buf *f, cli_buf *err, const grid_in *in, long line, const char *msg)
{
    cli_buf_error(err, in->file, line, "%s", msg);
    if (opt_json) {
        cli_json j;
        grid_in at = *in;
        at.line = line;
        json_head(&j, f, &at);
        cli_json_kstr(&j, "error", msg);
        cli_json_end(&j);
    } else if (opt_count) {
        cli_buf_puts(f, "error\n");
    } else if (in->sep) {
        cli_buf_putc(f, '\n');
    }
    return CLI_EXIT_DATA;
}

/* Solve one parsed grid and print its answer. */
static int solve_print(bog_solver *s, cli_buf *f, cli_buf *err, const grid_in *in)
{
    bog_result r;
    tk_error e = {0};
    /* --count: the library neither keeps, spells nor sorts the words */
    unsigned flags = opt_count && !opt_mark ? BOG_COUNT : BOG_TEXT | (opt_paths || opt_mark ? BOG_PATHS : 0);
    if (bog_solve(s, in->g, min_len(in->g), flags, &r, &e) != TK_OK) {
        char msg[sizeof e.msg + 32];
        snprintf(msg, sizeof msg, "grid %ld: %s", in->no, e.msg);
        return render_bad(f, err, in, in->line, msg);
    }
    if (opt_json)
        render_json(f, in, &r);
    else
        render_text(f, in, &r);
    return CLI_EXIT_OK;
}

/* ---- the batch: one grid a record ---------------------------------------- */

typedef struct app {
    const bog_dict *bd;
    const alpha_table *a;
    long grids, bad;     /* totals for --verbose (from the batch engine) */
    long bare_q;         /* grids read with a bare q cell taken as Q */
} app;

typedef struct worker {
    bog_solver *s;
    bog_grid g;
    cli_buf rows;        /* --random: the rolled grid's rows, for JSON */
    long grids, bad, bare_q;
} worker;

static void *worker_new(void *user)
{
    app *ap = user;
    worker *w = malloc(sizeof *w);
    if (w && bog_solver_create(&w->s, ap->bd, NULL) != TK_OK) {
        free(w);
        return NULL;
    }
    if (w) {
        w->grids = w->bad = w->bare_q = 0;
        memset(&w->rows, 0, sizeof w->rows);
    }
    return w;
}

static void worker_free(void *user, void *state)
{
    app *ap = user;
    worker *w = state;
    ap->grids += w->grids;
    ap->bad += w->bad;
    ap->bare_q += w->bare_q;
    bog_solver_destroy(w->s);
    cli_buf_free(&w->rows);
    free(w);
}

static app the_app;

static int solve_grid(void *state, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    worker *w = state;
    grid_in in = { &w->g, rec->no, rec->file, rec->line, rec->text, rec->len, 0, 0, rec->no > 1 };
    bog_grid_init(&w->g);
    long row = 0;
    for (size_t a = 0; a < rec->len; row++) {
        const char *nl = memchr(rec->text + a, '\n', rec->len - a);
        size_t e = nl ? (size_t)(nl - rec->text) : rec->len;
        tk_error te = {0};
        if (bog_grid_add_row(&w->g, the_app.a, rec->text + a, e - a, &te) != TK_OK) {
            char msg[sizeof te.msg + 32];
            snprintf(msg, sizeof msg, "grid %ld, %s", rec->no, te.msg);
            return render_bad(out, err, &in, rec->line + row, msg);
        }
        a = e + 1;
    }
    if (bog_grid_bare_q(&w->g, the_app.a, opt_q_is_qu) && !opt_q_is_qu)
        w->bare_q++;
    return solve_print(w->s, out, err, &in);
}

/* After a batch with bare q cells read as Q: if the dictionary has almost
 * no word with a q not followed by u (under 5% of its q words), the grids
 * probably meant the Qu die, as most Boggle programs write it: say so. */
static void q_hint(void)
{
    uint32_t n = bog_dict_words(the_app.bd), with_q = 0, q_no_u = 0;
    char w[ALPHA_WORD_MAX * ALPHA_LETTER_MAX + 1];
    for (uint32_t i = 0; i < n; i++) {
        if (bog_dict_word(the_app.bd, i, w, sizeof w) < 0)
            continue;
        const char *q = strchr(w, 'q');
        if (!q)
            continue;
        with_q++;
        for (; q; q = strchr(q + 1, 'q'))
            if (q[1] != 'u') {
                q_no_u++;
                break;
            }
    }
    if (with_q && (uint64_t)q_no_u * 20 < with_q)
        cli_error(NULL, 0, "%ld grid%s had a bare q cell, read as the letter Q, and the dictionary has only %u "
                  "word%s with a q not followed by u (of %u with a q): if q stands for the Qu die, as most "
                  "Boggle programs write it, --q-is-qu reads it so", the_app.bare_q,
                  the_app.bare_q == 1 ? "" : "s", q_no_u, q_no_u == 1 ? "" : "s", with_q);
}

/* ---- --random ------------------------------------------------------------ */

/* --random SET --boards N: record i of a counted batch is board i, rolled
 * straight into the grid with seed S + i - 1 (boggle_random.c). */
static struct {
    const bog_dice *dice;
    const char *file;
    unsigned long long seed;
} the_roll;

static int solve_roll(void *state, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    worker *w = state;
    unsigned long long seed;
    w->grids++;
    if (boggle_roll(the_roll.dice, the_app.a, the_roll.seed, rec->no, &w->g, &seed) != 0) {
        w->bad++;
        cli_buf_error(err, the_roll.file, 0, "rolled grid does not fit the dictionary");
        return CLI_EXIT_DATA;
    }
    w->rows.len = 0;
    boggle_roll_text(&w->rows, &w->g, the_app.a, rec->no, seed, 0, 1);
    size_t tl = w->rows.len && w->rows.p[w->rows.len - 1] == '\n' ? w->rows.len - 1 : w->rows.len;
    grid_in in = { &w->g, rec->no, the_roll.file, 1, w->rows.p, tl, seed, 1, !opt_count && !opt_show };
    if (!opt_json) {
        /* the grid (--show draws it instead), then a blank line */
        boggle_roll_text(out, &w->g, the_app.a, rec->no, seed, opt_boards > 1, !opt_show);
        if (opt_count && !opt_show)
            cli_buf_putc(out, '\n');
    }
    int rc = solve_print(w->s, out, err, &in);
    w->bad += rc != CLI_EXIT_OK;
    return rc;
}

static int run_random(const char *set, int have_seed, unsigned long long seed, int jobs)
{
    bog_dice *dice = boggle_dice_load(set, the_app.a, &the_roll.file);
    if (!dice)
        return CLI_EXIT_DATA;
    the_roll.dice = dice;
    the_roll.seed = have_seed ? seed : boggle_clock_seed();
    cli_batch b = { .kind = CLI_BATCH_COUNT, .count = opt_boards, .jobs = jobs, .progress = "boggle: boards",
                    .user = &the_app, .init = worker_new, .fini = worker_free, .solve = solve_roll };
    int status = cli_batch_run(&b);
    free(dice);
    return status;
}

/* ---- main ---------------------------------------------------------------- */

typedef struct options {
    const char *random_set;
    cli_dict_opts dict;  /* --dict, --lexicon, --lang */
    int jobs_set, have_seed;
    boggle_best_opts best;
    boggle_prove_opts prove;
    const char *min_arg;  /* --min as given: the score with --prove, else the word length */
    unsigned long long seed;
    long first_grid;
    cli_common co;       /* --json, --jobs, --first-line, --verbose */
} options;

static unsigned long long parse_seed(const char *s)
{
    return cli_parse_u64("--seed", s, 0, UINT64_MAX);
}

static void parse_options(int argc, char **argv, options *o)
{
    enum { O_SEED = 256, O_FIRST_GRID, O_BOARDS, O_Q_IS_QU };
    static const struct option longopts[] = {
        CLI_DICT_OPTIONS,
        { "min", required_argument, NULL, 'm' },
        { "score", no_argument, NULL, 's' },
        { "paths", no_argument, NULL, 'p' },
        { "count", no_argument, NULL, 'c' },
        { "show", no_argument, NULL, 'g' },
        { "mark", required_argument, NULL, 'k' },
        { "random", required_argument, NULL, 'r' },
        { "seed", required_argument, NULL, O_SEED },
        { "boards", required_argument, NULL, O_BOARDS },
        { "first-grid", required_argument, NULL, O_FIRST_GRID },
        { "q-is-qu", no_argument, NULL, O_Q_IS_QU },
        BOGGLE_BEST_OPTIONS,
        BOGGLE_PROVE_OPTIONS,
        CLI_COMMON_OPTIONS,
        { NULL, 0, NULL, 0 }
    };
    int c;
    while ((c = getopt_long(argc, argv, ":" CLI_DICT_SHORT "m:spcgk:r:b:" CLI_COMMON_SHORT, longopts, NULL)) != -1) {
        if (cli_dict_option(c, &o->dict, optarg) || boggle_best_option(c, &o->best, optarg) ||
            boggle_prove_option(c, &o->prove, optarg))
            continue;
        switch (c) {
        case 'm': o->min_arg = optarg; break;
        case 's': opt_score = 1; break;
        case 'p': opt_paths = 1; break;
        case 'c': opt_count = 1; break;
        case 'g': opt_show = 1; break;
        case 'k': opt_mark = optarg; opt_show = 1; break;
        case 'r': o->random_set = optarg; opt_min_by_size = 1; break;   /* a real game: official rule */
        case O_SEED: o->seed = parse_seed(optarg); o->have_seed = 1; break;
        case CLI_OPT_JOBS: o->jobs_set = 1; cli_common_option(c, &o->co, argv); break;
        case O_BOARDS: opt_boards = cli_parse_long("--boards", optarg, 1, 1000000000L); break;
        case O_Q_IS_QU: opt_q_is_qu = 1; break;
        case O_FIRST_GRID: o->first_grid = cli_parse_long("--first-grid", optarg, 1, CLI_FIRST_LINE_MAX); break;
        default: cli_common_option(c, &o->co, argv);
        }
    }
    opt_json = o->co.json;
    if (o->min_arg && o->prove.shape)
        boggle_prove_min(&o->prove, o->min_arg);
    else if (o->min_arg && strcmp(o->min_arg, "auto") == 0)
        opt_min = 0, opt_min_by_size = 1;
    else if (o->min_arg)
        opt_min = (int)cli_parse_long("--min", o->min_arg, 1, ALPHA_WORD_MAX);
    boggle_prove_check(&o->prove, argc - optind);
    if (o->prove.shape && (o->best.shape || o->random_set))
        cli_usage_error("--prove does not go with --best or --random");
    cli_dict_check(&o->dict);
    if (o->random_set && optind < argc)
        cli_usage_error("--random takes no FILE");
    boggle_best_check(&o->best);
    if (o->best.shape && (o->random_set || optind < argc))
        cli_usage_error("--best takes no FILE and no --random");
    if (o->have_seed && !o->random_set && !o->best.shape && !o->prove.sample)
        cli_usage_error("--seed needs --random, --best or --sample");
    if (opt_boards != 1 && !o->random_set)
        cli_usage_error("--boards needs --random");
    if (opt_show && opt_json)
        cli_usage_error("--show/--mark do not go with --json (use --json --paths)");
    /* Colour only for a terminal, and never when NO_COLOR is set (no-color.org). */
    opt_color = opt_show && getenv("NO_COLOR") == NULL && isatty(STDOUT_FILENO);
}

/* The --mark word as the solver spells it: letters of the alphabet, lower case. */
static void set_mark(const alpha_table *a)
{
    uint8_t lw[ALPHA_WORD_MAX];
    tk_error err = {0};
    int n = alpha_encode(a, opt_mark, strlen(opt_mark), lw, ALPHA_WORD_MAX, &err);
    if (n <= 0) {
        char q[96];
        cli_usage_error("invalid --mark word '%s': %s", alpha_quote(opt_mark, strlen(opt_mark), 60, q, sizeof q),
                        n < 0 ? err.msg : "empty");
    }
    alpha_decode(a, lw, n, 0, mark_word, sizeof mark_word);
    mark_len = n;
}

static int run(const options *o, int nfiles, char **files)
{
    if (o->prove.shape) {
        boggle_prove_opts prove = o->prove;
        prove.jobs = cli_jobs(o->jobs_set ? o->co.jobs : 1);
        prove.json = opt_json;
        prove.seed = o->have_seed ? o->seed : 1;
        if (prove.every < 0)
            prove.every = 1;
        prove.verbose = o->co.verbose;
        return boggle_prove_run(&prove, the_app.bd, nfiles, files);
    }
    if (o->best.shape) {
        boggle_best_opts best = o->best;
        best.have_seed = o->have_seed;
        best.seed = o->have_seed ? o->seed : boggle_clock_seed();
        best.jobs = o->jobs_set ? o->co.jobs : 1;   /* one search unless asked: repeatable */
        best.min_len = opt_min;
        best.min_by_size = opt_min_by_size;
        best.json = opt_json;
        best.verbose = o->co.verbose;
        return boggle_best_run(&best, the_app.bd);
    }
    if (o->random_set)
        return run_random(o->random_set, o->have_seed, o->seed, o->co.jobs);
    cli_batch b = { .kind = CLI_BATCH_GRIDS, .files = (const char *const *)files, .nfiles = nfiles,
                    .empty_msg = "no grid (a grid is one or more lines of letters)",
                    .first_line = o->co.first_line, .first_no = o->first_grid, .jobs = o->co.jobs,
                    .progress = "boggle: grids", .user = &the_app, .init = worker_new, .fini = worker_free,
                    .solve = solve_grid };
    int status = cli_batch_run(&b);
    the_app.grids = b.records;
    the_app.bad = b.bad;
    if (the_app.bare_q && !b.write_error)
        q_hint();
    return status;
}

int main(int argc, char **argv)
{
    options o = { .first_grid = 1, .prove = { .every = -1 } };
    const char *dict_used = NULL;
    cli_init("boggle");
    cli_common_init(&o.co, usage);
    parse_options(argc, argv, &o);
    double t0 = cli_now();
    dawg_graph *dawg = cli_load_dictionary(o.dict.dict, o.dict.lexicon, o.dict.lang, &dict_used);
    if (!dawg)
        return CLI_EXIT_DATA;
    if (o.co.verbose) {
        dawg_info info;
        dawg_get_info(dawg, &info);
        cli_error(NULL, 0, "dictionary %s: %llu words, %d letters", dict_used,
                  (unsigned long long)info.words, dawg_alphabet(dawg)->size);
    }
    bog_dict *bd;
    tk_error err = {0};
    if (bog_dict_create(&bd, dawg, &err) != TK_OK) {
        cli_error(o.dict.dict, 0, "%s", err.msg);
        dawg_destroy(dawg);
        return CLI_EXIT_DATA;
    }
    the_app.bd = bd;
    the_app.a = the_alpha = bog_dict_alphabet(bd);
    if (opt_mark)
        set_mark(the_app.a);
    int status = run(&o, argc - optind, argv + optind);
    if (o.co.verbose && !o.best.shape && !o.prove.shape)
        cli_error(NULL, 0, "%ld grid%s (%ld bad), %d thread%s, %.3f s", the_app.grids, the_app.grids == 1 ? "" : "s",
                  the_app.bad, o.co.jobs, o.co.jobs == 1 ? "" : "s", cli_now() - t0);
    bog_dict_destroy(bd);
    dawg_destroy(dawg);
    if (cli_close_stdout() != 0)
        status = CLI_EXIT_DATA;
    return status;
}
