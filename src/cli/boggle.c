/* boggle.c - every dictionary word in Boggle grids (the `boggle` command).
 *
 * Reads grids from files or stdin (rows of letters, grids separated by blank
 * lines) with cli_reader, parses each row as it comes (bog_grid_add_row) so a
 * bad row is reported at once with its file and line, and solves the grids
 * with the library.  With --jobs 1 each grid is solved and printed as soon as
 * its blank line (or the end of the file) arrives.  With --jobs N the grids
 * are collected in batches; each batch is cut into N contiguous slices solved
 * by N threads (one bog_solver each, sharing the read-only bog_dict), each
 * writing into its own memory stream, and the streams are written in order,
 * so the output is the same as with one thread.  --random rolls a dice set
 * from data/boggle/ and solves that grid.
 */
#include "cli/boggle_best.h"
#include "cli/boggle_random.h"
#include "cli/cli.h"
#include "tilekit/boggle.h"

#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int opt_json, opt_score, opt_paths, opt_count, opt_min = 3;
static int opt_show, opt_color;     /* --show; in colour (a terminal, no NO_COLOR) */
static long opt_boards = 1;         /* --boards N (with --random) */
static const char *opt_mark;        /* --mark WORD, as typed */
static char mark_word[512];         /* --mark WORD in the dictionary's spelling (lower case) */
static int mark_len;                /* its letters */
static const Alphabet *the_alpha;   /* for drawing faces */

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n"
           "       %s --random 4x4|5x5|6x6 [--boards N] [--seed N] [OPTION]...\n"
           "       %s --best 4x4|5x5|RxC [--seconds S] [--iterations N] [--dice SET] [OPTION]...\n"
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
           "  -l, --lang LANG    language of the default dictionary and alphabet: en, hu\n"
           "  -m, --min N        shortest word, in letters (Qu counts 2); default 3\n"
           "  -s, --score        each word's score and a total (3-4 letters 1, 5: 2, 6: 3,\n"
           "                     7: 5, 8 and more: 11)\n"
           "  -p, --paths        one path per word, as 0-based row,col pairs\n"
           "  -c, --count        only the number of words (and the score with --score)\n"
           "  -j, --json         one JSON object per grid: grid, rows, cols, count, score,\n"
           "                     words (and paths); a bad grid gives {grid, line, error}\n"
           "  -g, --show         draw each grid (faces capitalised, Qu) before its words;\n"
           "                     in colour only on a terminal when NO_COLOR is unset\n"
           "  -k, --mark WORD    with --show (implied): put the cells of WORD's path (as\n"
           "                     --paths gives it) in brackets, number its steps in a\n"
           "                     second grid on the right and print the path under it\n"
           "  -r, --random SET   roll a dice set and solve it: 4x4 (classic Boggle, the\n"
           "                     1976 dice), 4x4-1987 (the 1987 dice), 5x5 (Big Boggle),\n"
           "                     6x6 (Super Big Boggle), or a dice file; prints the grid,\n"
           "                     a blank line, then the answer\n"
           "      --boards N     with --random: roll and solve N boards; board i is rolled\n"
           "                     with seed N+i-1 and headed '# board i, seed S' (N > 1)\n"
           "      --seed N       random seed for --random and --best (default: the clock)\n"
           "  -b, --best RxC     search for the highest-scoring RxC board (simulated\n"
           "                     annealing with restarts); prints each new best as\n"
           "                     'SCORE row/row/...', then '# best ...' and the board\n"
           "      --seconds S    --best: stop after S seconds (default 60 unless\n"
           "                     --iterations is given)\n"
           "      --iterations N --best: stop after N boards per thread (with --jobs 1\n"
           "                     and no --seconds, the output depends only on the seed)\n"
           "      --dice SET     --best: search the rolls of a dice set (which die where,\n"
           "                     which face up) instead of any letters\n"
           "      --target N     --best: stop at the first board scoring N or more\n"
           "      --jobs N       solve with N threads, output unchanged (0 = all CPUs);\n"
           "                     --best: N searches with seeds N, N+1, ...\n"
           "  -v, --verbose      say which dictionary was loaded (on standard error)\n"
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
           "  %s --random 4x4 --boards 1000 --count --score --jobs 0\n"
           "  %s --best 4x4 --seconds 60 --jobs 2\n"
           "  %s --json --paths grids.txt\n"
           "  printf 'pers\\nlate\\ngins\\nrbed\\n' | %s --show --mark plates\n",
           cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog(),
           cli_prog());
}

/* ---- one grid ------------------------------------------------------------ */

typedef struct item {
    bog_grid g;
    const char *file;
    long line;           /* first line of the grid */
    int no;              /* grid number in its file, 1-based */
    int bad;             /* parse error (already reported on stderr) */
    long errline;
    char err[sizeof(((tk_error *)0)->msg) + 64];
    int sep;             /* print a blank line before the answer */
    long rolled;         /* --random: board number (1-based), 0 for a grid read */
    unsigned long long seed;   /* --random: the board's seed */
} item;

static void put_path(FILE *f, const bog_grid *g, const bog_result *r, const bog_word *w, int json)
{
    for (int k = 0; k < w->ncells; k++) {
        int cell = r->paths[w->path + k];
        if (json)
            fprintf(f, "%s[%d,%d]", k ? "," : "", cell / g->cols, cell % g->cols);
        else
            fprintf(f, " %d,%d", cell / g->cols, cell % g->cols);
    }
}

/* --show: draw the grid, one cell a fixed-width field (the widest face in
 * code points, plus a bracket or space each side), faces capitalised (Qu,
 * Th).  With --mark the cells of the word's path are in brackets and a second
 * grid to the right gives each path cell its step number (1 = first letter,
 * '.' elsewhere); on a terminal (opt_color) the marked cells and steps are
 * also in colour.  A line under the grid gives the path as row,col pairs, or
 * says that the word is not in the grid. */
static void draw_grid(FILE *f, const bog_grid *g, const bog_result *r)
{
    const bog_word *w = NULL;
    int step[BOG_MAX_CELLS] = {0};
    if (opt_mark) {
        for (size_t i = 0; i < r->count && !w; i++)
            if (strcmp(r->text + r->words[i].text, mark_word) == 0)
                w = &r->words[i];
        for (int k = 0; w && k < w->ncells; k++)
            step[r->paths[w->path + k]] = k + 1;
    }
    int width = 1, digits = 1;
    char cell[BOG_FACE_MAX * 4 + 8];
    for (int i = 0; i < g->rows * g->cols; i++) {
        int cps = 0;
        bog_grid_cell_text(g, the_alpha, i / g->cols, i % g->cols, cell, sizeof cell);
        for (const char *q = cell; *q; q++)
            cps += ((unsigned char)*q & 0xC0) != 0x80;
        if (cps > width)
            width = cps;
    }
    for (int n = w ? w->ncells : 0; n >= 10; n /= 10)
        digits++;
    const char *on = opt_color ? "\033[1;30;43m" : "", *off = opt_color ? "\033[0m" : "";
    for (int y = 0; y < g->rows; y++) {
        for (int x = 0; x < g->cols; x++) {
            int i = y * g->cols + x, cps = 0;
            if (!g->n[i]) {
                strcpy(cell, "#");
            } else {
                /* first letter upper case, the rest lower (Qu, Th) */
                size_t k = alpha_decode(the_alpha, g->let[i], 1, 1, cell, sizeof cell);
                if (g->n[i] > 1 && k < sizeof cell)
                    alpha_decode(the_alpha, g->let[i] + 1, g->n[i] - 1, 0, cell + k, sizeof cell - k);
            }
            for (const char *q = cell; *q; q++)
                cps += ((unsigned char)*q & 0xC0) != 0x80;
            if (step[i])
                fprintf(f, "%s[%s%*s]%s", on, cell, width - cps, "", off);
            else
                fprintf(f, " %s%*s ", cell, width - cps, "");
        }
        if (w) {
            fputs("   ", f);
            for (int x = 0; x < g->cols; x++) {
                int i = y * g->cols + x;
                if (step[i])
                    fprintf(f, " %s%*d%s", on, digits, step[i], off);
                else
                    fprintf(f, " %*s", digits, ".");
            }
        }
        putc('\n', f);
    }
    if (opt_mark) {
        fprintf(f, "%s:", mark_word);
        if (w)
            put_path(f, g, r, w, 0);
        else if (mark_len < opt_min)
            fprintf(f, " shorter than --min %d", opt_min);
        else
            fputs(" not in this grid", f);
        putc('\n', f);
    }
}

/* Print the answer for one grid.  Returns 0, or -1 if it could not be solved
 * (message in errbuf). */
static int render(FILE *f, bog_solver *s, const item *it, const char *board_json, char *errbuf, size_t cap)
{
    if (it->bad) {
        if (opt_json) {
            fprintf(f, "{\"grid\":%d,\"line\":%ld,\"error\":", it->no, it->errline);
            cli_json_string(f, it->err);
            fputs("}\n", f);
        } else if (opt_count) {
            fputs("error\n", f);
        } else if (it->sep) {
            putc('\n', f);
        }
        return 0;
    }
    bog_result r;
    tk_error err = {0};
    /* --count: the library neither keeps, spells nor sorts the words */
    unsigned flags = opt_count && !opt_mark ? BOG_COUNT : BOG_TEXT | (opt_paths || opt_mark ? BOG_PATHS : 0);
    if (bog_solve(s, &it->g, opt_min, flags, &r, &err) != TK_OK) {
        snprintf(errbuf, cap, "grid %d: %s", it->no, err.msg);
        if (opt_json) {
            fprintf(f, "{\"grid\":%d,\"line\":%ld,\"error\":", it->no, it->line);
            cli_json_string(f, errbuf);
            fputs("}\n", f);
        }
        return -1;
    }
    if (opt_json) {
        fprintf(f, "{\"grid\":%d,", it->no);
        if (board_json)
            fputs(board_json, f);
        if (it->rolled)
            boggle_print_roll_json(f, &it->g, the_alpha, it->seed);
        fprintf(f, "\"rows\":%d,\"cols\":%d,\"count\":%zu,\"score\":%ld", it->g.rows, it->g.cols, r.count,
                r.score);
        if (!opt_count) {
            fputs(",\"words\":[", f);
            for (size_t i = 0; i < r.count; i++) {
                if (i)
                    putc(',', f);
                cli_json_string(f, r.text + r.words[i].text);
            }
            putc(']', f);
            if (opt_paths) {
                fputs(",\"paths\":[", f);
                for (size_t i = 0; i < r.count; i++) {
                    fputs(i ? ",[" : "[", f);
                    put_path(f, &it->g, &r, &r.words[i], 1);
                    putc(']', f);
                }
                putc(']', f);
            }
        }
        fputs("}\n", f);
        return 0;
    }
    if (it->rolled) {
        /* the rolled grid (--show draws it instead), then a blank line */
        boggle_print_roll(f, &it->g, the_alpha, it->rolled, it->seed, opt_boards > 1, !opt_show);
        if (opt_count && !opt_show)
            putc('\n', f);
    }
    if (opt_show) {
        if (it->sep)
            putc('\n', f);
        draw_grid(f, &it->g, &r);
        putc('\n', f);     /* a blank line between the drawing and its words */
    }
    if (opt_count) {
        if (opt_score)
            fprintf(f, "%zu %ld\n", r.count, r.score);
        else
            fprintf(f, "%zu\n", r.count);
        return 0;
    }
    if (it->sep && !opt_show)
        putc('\n', f);
    for (size_t i = 0; i < r.count; i++) {
        const bog_word *w = &r.words[i];
        fputs(r.text + w->text, f);
        if (opt_score)
            fprintf(f, " %d", w->score);
        if (opt_paths)
            put_path(f, &it->g, &r, w, 0);
        putc('\n', f);
    }
    if (opt_score)
        fprintf(f, "total: %ld point%s, %zu word%s\n", r.score, r.score == 1 ? "" : "s", r.count,
                r.count == 1 ? "" : "s");
    return 0;
}

/* ---- threads ------------------------------------------------------------- */

typedef struct worker {
    bog_solver *s;
    pthread_t tid;
    item *items;
    int n;
    FILE *out;
    char *obuf;
    size_t olen;
    char *errs;          /* solve errors, "file:line: message\n" lines */
    size_t elen;
    FILE *err;
    int bad;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    for (int i = 0; i < w->n; i++) {
        char eb[512];
        if (render(w->out, w->s, &w->items[i], NULL, eb, sizeof eb) != 0) {
            fprintf(w->err, "%s:%ld: %s\n", w->items[i].file, w->items[i].line, eb);
            w->bad = 1;
        }
    }
    fflush(w->out);
    fflush(w->err);
    return NULL;
}

/* Solve and print items[0..n) with the workers.  Returns 1 if any failed. */
static int run_batch(worker *ws, int jobs, item *items, int n)
{
    int per = (n + jobs - 1) / jobs, started = 0, bad = 0;
    for (int j = 0; j < jobs && j * per < n; j++) {
        worker *w = &ws[j];
        int a = j * per, b = a + per > n ? n : a + per;
        w->items = items + a;
        w->n = b - a;
        w->obuf = w->errs = NULL;
        w->olen = w->elen = 0;
        w->bad = 0;
        w->out = open_memstream(&w->obuf, &w->olen);
        w->err = open_memstream(&w->errs, &w->elen);
        if (!w->out || !w->err) {
            cli_error(NULL, 0, "out of memory");
            exit(CLI_EXIT_DATA);
        }
        if (jobs == 1 || pthread_create(&w->tid, NULL, work, w) != 0) {
            work(w);
            w->tid = pthread_self();
        }
        started = j + 1;
    }
    for (int j = 0; j < started; j++) {
        worker *w = &ws[j];
        if (!pthread_equal(w->tid, pthread_self()))
            pthread_join(w->tid, NULL);
        fclose(w->out);
        fclose(w->err);
        if (w->elen) {
            fflush(stdout);
            fprintf(stderr, "%s: %s", cli_prog(), w->errs);
        }
        fwrite(w->obuf, 1, w->olen, stdout);
        free(w->obuf);
        free(w->errs);
        bad |= w->bad;
    }
    return bad;
}

/* ---- reading ------------------------------------------------------------- */

typedef struct batch {
    item *items;
    int n, cap;
    int printed;     /* an answer block has been printed (text mode separators) */
    int bad;
    size_t done;     /* grids solved, for the progress line */
    cli_progress prog;
} batch;

/* Solve and print the pending grids, in order. */
static void flush_batch(batch *b, worker *ws, int jobs)
{
    if (b->n && run_batch(ws, jobs, b->items, b->n))
        b->bad = 1;
    b->done += (size_t)b->n;
    b->n = 0;
}

static int read_file(const char *path, const Alphabet *a, batch *b, worker *ws, int jobs)
{
    cli_reader rd;
    tk_error err = {0};
    if (cli_reader_open(&rd, path, &err) != 0) {
        cli_error(path, 0, "%s", err.msg);
        return 1;
    }
    char *line;
    size_t len;
    int r, grids = 0, bad = 0;
    item *cur = NULL;
    for (;;) {
        r = cli_reader_next(&rd, &line, &len);
        int blank = 1;
        if (r == 1)
            for (size_t k = 0; k < len && blank; k++)
                if (!(line[k] == ' ' || line[k] == '\t' || line[k] == '\r' || line[k] == '\f' || line[k] == '\v'))
                    blank = 0;
        if (blank && cur) {
            /* end of a grid */
            /* a bad grid keeps its place too: "error" with --count, an
             * empty answer block otherwise (the message is on stderr) */
            cur->sep = b->printed;
            b->printed = 1;
            b->n++;
            cur = NULL;
            if (b->n == b->cap) {
                flush_batch(b, ws, jobs);
                cli_progress_reader(&b->prog, b->done, &rd);
            }
        }
        if (r != 1)
            break;
        if (blank)
            continue;
        if (!cur) {
            cur = &b->items[b->n];
            bog_grid_init(&cur->g);
            cur->file = rd.name;
            cur->line = rd.lineno;
            cur->no = ++grids;
            cur->bad = 0;
            cur->sep = 0;
            cur->rolled = 0;
        }
        if (cur->bad)
            continue;
        if (bog_grid_add_row(&cur->g, a, line, len, &err) != TK_OK) {
            cur->bad = 1;
            cur->errline = rd.lineno;
            snprintf(cur->err, sizeof cur->err, "grid %d, %s", cur->no, err.msg);
            fflush(stdout);
            cli_error(rd.name, rd.lineno, "%s", cur->err);
            bad = 1;
        }
    }
    /* the items of this file refer to rd.name: solve them before closing */
    flush_batch(b, ws, jobs);
    if (r < 0) {
        cli_error(rd.name, 0, "read error");
        bad = 1;
    } else if (grids == 0) {
        cli_error(rd.name, 0, "no grid (a grid is one or more lines of letters)");
        bad = 1;
    }
    cli_reader_close(&rd);
    return bad;
}

/* ---- --random ------------------------------------------------------------ */

/* Roll --boards N boards (board i with seed + i - 1) and solve them as a
 * batch, like grids read from a file (boggle_random.c). */
static int run_random(const char *set, int have_seed, unsigned long long seed, const Alphabet *a, batch *b,
                      worker *ws, int jobs)
{
    const char *p = NULL;
    bog_dice *dice = boggle_dice_load(set, a, &p);
    if (!dice)
        return CLI_EXIT_DATA;
    if (!have_seed)
        seed = boggle_clock_seed();
    for (long i = 1; i <= opt_boards; i++) {
        item *it = &b->items[b->n];
        memset(it, 0, sizeof *it);
        it->file = p;
        it->no = (int)(i > 0x7FFFFFFF ? 0x7FFFFFFF : i);
        it->line = 1;
        it->rolled = i;
        it->sep = !opt_count && !opt_show;   /* blank line between the grid and its answer */
        if (boggle_roll(dice, a, seed, i, &it->g, &it->seed) != 0) {
            cli_error(p, 0, "rolled grid does not fit the dictionary");
            free(dice);
            return CLI_EXIT_DATA;
        }
        if (++b->n == b->cap)
            flush_batch(b, ws, jobs);
    }
    flush_batch(b, ws, jobs);
    free(dice);
    return b->bad ? CLI_EXIT_DATA : CLI_EXIT_OK;
}

/* ---- main ---------------------------------------------------------------- */

static long parse_num(const char *opt, const char *s, long lo, long hi)
{
    char *e;
    long v = strtol(s, &e, 10);
    if (*s == 0 || *e || v < lo || v > hi)
        cli_usage_error("invalid %s value '%s' (%ld..%ld)", opt, s, lo, hi);
    return v;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "dict", required_argument, NULL, 'd' },
        { "lang", required_argument, NULL, 'l' },
        { "min", required_argument, NULL, 'm' },
        { "score", no_argument, NULL, 's' },
        { "paths", no_argument, NULL, 'p' },
        { "count", no_argument, NULL, 'c' },
        { "json", no_argument, NULL, 'j' },
        { "show", no_argument, NULL, 'g' },
        { "mark", required_argument, NULL, 'k' },
        { "random", required_argument, NULL, 'r' },
        { "seed", required_argument, NULL, 'S' },
        { "boards", required_argument, NULL, 'B' },
        { "best", required_argument, NULL, 'b' },
        { "seconds", required_argument, NULL, 'T' },
        { "iterations", required_argument, NULL, 'I' },
        { "dice", required_argument, NULL, 'D' },
        { "target", required_argument, NULL, 'G' },
        { "jobs", required_argument, NULL, 'J' },
        { "verbose", no_argument, NULL, 'v' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 }
    };
    const char *dict = NULL, *lang = NULL, *random_set = NULL, *dict_used = NULL;
    int jobs = 1, c, have_seed = 0, verbose = 0;
    boggle_best_opts best = {0};
    unsigned long long seed = 0;
    cli_init("boggle");
    while ((c = getopt_long(argc, argv, "d:l:m:spcjgk:r:b:vhV", longopts, NULL)) != -1) {
        switch (c) {
        case 'd': dict = optarg; break;
        case 'v': verbose = 1; break;
        case 'l':
            if (strcmp(optarg, "en") != 0 && strcmp(optarg, "hu") != 0)
                cli_usage_error("unknown --lang '%s' (en or hu)", optarg);
            lang = optarg;
            break;
        case 'm': opt_min = (int)parse_num("--min", optarg, 1, ALPHA_WORD_MAX); break;
        case 's': opt_score = 1; break;
        case 'p': opt_paths = 1; break;
        case 'c': opt_count = 1; break;
        case 'j': opt_json = 1; break;
        case 'g': opt_show = 1; break;
        case 'k':
            opt_mark = optarg;
            opt_show = 1;
            break;
        case 'r': random_set = optarg; break;
        case 'S': {
            char *e;
            if (!*optarg || *optarg == '-')
                cli_usage_error("invalid --seed value '%s' (a non-negative integer)", optarg);
            seed = strtoull(optarg, &e, 10);
            if (*e)
                cli_usage_error("invalid --seed value '%s' (a non-negative integer)", optarg);
            have_seed = 1;
            break;
        }
        case 'B': opt_boards = parse_num("--boards", optarg, 1, 1000000000L); break;
        case 'b': best.shape = optarg; break;
        case 'D': best.dice = optarg; break;
        case 'G': best.target = parse_num("--target", optarg, 1, 1000000000L); break;
        case 'I': best.iterations = parse_num("--iterations", optarg, 1, 1000000000000L); break;
        case 'T': {
            char *e;
            best.seconds = strtod(optarg, &e);
            if (!*optarg || *e || !(best.seconds > 0 && best.seconds < 1e9))
                cli_usage_error("invalid --seconds value '%s' (a positive number)", optarg);
            break;
        }
        case 'J': {
            long v = parse_num("--jobs", optarg, 0, 256);
            jobs = v == 0 ? cli_cpu_count() : (int)v;
            break;
        }
        case 'h': usage(); return cli_close_stdout() ? CLI_EXIT_DATA : CLI_EXIT_OK;
        case 'V': cli_print_version(); return cli_close_stdout() ? CLI_EXIT_DATA : CLI_EXIT_OK;
        default:
            fprintf(stderr, "Try '%s --help' for more information.\n", cli_prog());
            return CLI_EXIT_USAGE;
        }
    }
    if (random_set && optind < argc)
        cli_usage_error("--random takes no FILE");
    if ((best.dice || best.seconds > 0 || best.iterations || best.target) && !best.shape)
        cli_usage_error("--dice, --seconds, --iterations and --target need --best");
    if (best.shape && (random_set || optind < argc))
        cli_usage_error("--best takes no FILE and no --random");
    if (have_seed && !random_set && !best.shape)
        cli_usage_error("--seed needs --random or --best");
    if (opt_boards != 1 && !random_set)
        cli_usage_error("--boards needs --random");
    if (opt_show && opt_json)
        cli_usage_error("--show/--mark do not go with --json (use --json --paths)");
    /* Colour only for a terminal, and never when NO_COLOR is set (no-color.org). */
    opt_color = opt_show && getenv("NO_COLOR") == NULL && isatty(STDOUT_FILENO);

    Dawg *dawg = cli_load_dict(dict, lang, &dict_used);
    if (!dawg)
        return CLI_EXIT_DATA;
    if (verbose) {
        dawg_info info;
        dawg_get_info(dawg, &info);
        cli_error(NULL, 0, "dictionary %s: %llu words, %d letters", dict_used,
                  (unsigned long long)info.words, dawg_alphabet(dawg)->size);
    }
    bog_dict *bd;
    tk_error err = {0};
    if (bog_dict_create(&bd, dawg, &err) != TK_OK) {
        cli_error(dict, 0, "%s", err.msg);
        dawg_destroy(dawg);
        return CLI_EXIT_DATA;
    }
    const Alphabet *a = bog_dict_alphabet(bd);
    int status = CLI_EXIT_OK;
    the_alpha = a;
    if (opt_mark) {
        /* the word as the solver spells it: letters of the alphabet, lower case */
        uint8_t lw[ALPHA_WORD_MAX];
        int n = alpha_encode(a, opt_mark, strlen(opt_mark), lw, ALPHA_WORD_MAX, &err);
        if (n <= 0)
            cli_usage_error("invalid --mark word '%s': %s", opt_mark, n < 0 ? err.msg : "empty");
        alpha_decode(a, lw, n, 0, mark_word, sizeof mark_word);
        mark_len = n;
    }

    worker *ws = calloc((size_t)jobs, sizeof *ws);
    batch b = {0};
    b.cap = jobs == 1 ? 1 : jobs > 16 ? 1024 : 64 * jobs;
    b.items = malloc((size_t)b.cap * sizeof *b.items);
    if (!ws || !b.items) {
        cli_error(NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    for (int j = 0; j < jobs; j++)
        if (bog_solver_create(&ws[j].s, bd, &err) != TK_OK) {
            cli_error(NULL, 0, "%s", err.msg);
            return CLI_EXIT_DATA;
        }

    if (best.shape) {
        best.have_seed = have_seed;
        best.seed = have_seed ? seed : boggle_clock_seed();
        best.jobs = jobs;
        best.min_len = opt_min;
        best.json = opt_json;
        best.verbose = verbose;
        status = boggle_best_run(&best, bd);
    } else if (random_set) {
        status = run_random(random_set, have_seed, seed, a, &b, ws, jobs);
    } else {
        int nfiles = argc - optind;
        cli_progress_batch(&b.prog, "boggle: grids");
        for (int i = 0; i < (nfiles ? nfiles : 1); i++)
            if (read_file(nfiles ? argv[optind + i] : "-", a, &b, ws, jobs) || b.bad)
                status = CLI_EXIT_DATA;
        cli_progress_end(&b.prog);
    }

    for (int j = 0; j < jobs; j++)
        bog_solver_destroy(ws[j].s);
    free(ws);
    free(b.items);
    bog_dict_destroy(bd);
    dawg_destroy(dawg);
    if (cli_close_stdout() != 0)
        status = CLI_EXIT_DATA;
    return status;
}
