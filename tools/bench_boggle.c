/* bench_boggle.c - Boggle solver throughput (boards per second, one thread).
 *
 *   bench_boggle [WORDLIST] [--runs N] [--boards N]
 *
 * Dictionary: ../shared/words/en-wamerican-large-3to16.txt (TK_SHARED), else
 * data/words/en.txt, or the WORDLIST given, built into a DAWG in memory.
 * Three board sets are generated up front with a fixed seed: random-letter
 * 4x4 (26 letters uniform, q as the Qu face), 4x4 rolled with the 1987 Boggle
 * dice (the set hybrid-boggle uses; data/boggle/dice-4x4-1987.txt) and 5x5
 * rolled with the Big Boggle dice (dice-5x5.txt).  Each set is
 * solved N times (runs); the median run is reported as boards per second of
 * thread CPU time (robust on a shared machine) and of wall time, with the
 * words and points per board so different solvers can be compared.  "count"
 * is bog_solve with BOG_COUNT (what `boggle --count --score` needs: words
 * found, deduplicated and scored, no list kept); "core" also keeps the word
 * list sorted by rank; "text" also spells every word as the CLI does.
 *
 * Instructions: when valgrind is installed (and TK_BENCH_CALLGRIND is not
 * 0), the dice boards are also written to files and `bin/boggle --count
 * --score` (TK_BIN) is run under callgrind on all of them and on one; the
 * difference over the number of boards is the whole-process cost of a board
 * (parsing, solving, printing), which does not depend on machine load.
 * Timings are informative only.
 */
#include "cli/cli.h"
#include "tilekit/boggle.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct set {
    const char *name;
    bog_grid *g;
    int n;
} set;

static int load_dice(const char *rel, bog_dice *d)
{
    char path[4096];
    tk_error err = {0};
    if (!cli_find_data(rel, path, sizeof path)) {
        snprintf(path, sizeof path, "data/%s", rel);
    }
    size_t len;
    char *text = cli_read_file(path, &len, &err);
    if (!text) {
        fprintf(stderr, "bench_boggle: %s: %s\n", path, err.msg);
        return -1;
    }
    int rc = bog_dice_parse(d, text, len, &err);
    free(text);
    if (rc)
        fprintf(stderr, "bench_boggle: %s: %s\n", path, err.msg);
    return rc;
}

static void run_set(bog_solver *s, const set *st, int runs, unsigned flags, const char *label)
{
    double t[64], wall[64];
    long words = 0, points = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = bench_cpu(), w0 = bench_wall();
        long w = 0, p = 0;
        for (int i = 0; i < st->n; i++) {
            bog_result res;
            if (bog_solve(s, &st->g[i], 3, flags, &res, NULL) != TK_OK) {
                fprintf(stderr, "bench_boggle: solve failed\n");
                exit(1);
            }
            w += (long)res.count;
            p += res.score;
        }
        t[r] = bench_cpu() - t0;
        wall[r] = bench_wall() - w0;
        words = w;
        points = p;
    }
    qsort(t, (size_t)runs, sizeof t[0], bench_cmp_double);
    qsort(wall, (size_t)runs, sizeof wall[0], bench_cmp_double);
    double med = t[runs / 2];
    printf("%-16s %-5s %6d boards  %8.0f boards/s CPU (min %.0f, max %.0f)  %8.0f boards/s wall  "
           "%.1f words %.1f points/board\n",
           st->name, label, st->n, st->n / med, st->n / t[runs - 1], st->n / t[0], st->n / wall[runs / 2],
           (double)words / st->n, (double)points / st->n);
}

/* Instructions of a whole `boggle --count --score` run (callgrind), or -1. */
static long long callgrind(const char *boggle, const char *dict, const char *grids)
{
    char cmd[8192], line[512];
    snprintf(cmd, sizeof cmd,
             "valgrind --tool=callgrind --callgrind-out-file=/dev/null '%s' -d '%s' --count --score '%s' "
             "2>&1 >/dev/null",
             boggle, dict, grids);
    FILE *p = popen(cmd, "r");
    long long n = -1;
    if (!p)
        return -1;
    while (fgets(line, sizeof line, p)) {
        const char *c = strstr(line, "Collected : ");
        if (c)
            n = atoll(c + 12);
    }
    pclose(p);
    return n;
}

/* Write n grids of set st to a temporary file; returns 0 on success. */
static int write_grids(const set *st, int n, const alpha_table *a, char *path)
{
    strcpy(path, "/tmp/bench_boggle.XXXXXX");
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f)
        return -1;
    for (int i = 0; i < n; i++) {
        char text[8192];
        bog_grid_format(&st->g[i], a, text, sizeof text);
        fprintf(f, "%s%s", i ? "\n" : "", text);
    }
    return fclose(f);
}

/* Whole-process instructions per board of `boggle --count --score`. */
static void instructions(const set *st, int n, const alpha_table *a, const char *dict)
{
    const char *bin = getenv("TK_BIN");
    char boggle[4096], many[64], one[64];
    snprintf(boggle, sizeof boggle, "%s/boggle", bin && *bin ? bin : "bin");
    if (n > st->n)
        n = st->n;
    if (write_grids(st, n, a, many) != 0 || write_grids(st, 1, a, one) != 0) {
        printf("(could not write grid files for callgrind)\n");
        return;
    }
    long long all = callgrind(boggle, dict, many), base = callgrind(boggle, dict, one);
    remove(many);
    remove(one);
    if (all < 0 || base < 0) {
        printf("(callgrind run of %s failed)\n", boggle);
        return;
    }
    printf("%-16s boggle --count --score: %.1fk instructions a board (callgrind, whole process, %d boards "
           "minus one)\n",
           st->name, (double)(all - base) / (n - 1) / 1000.0, n);
}

/* The word list to use: the argument, else ../shared's large list, else the shipped one. */
static const char *word_list(const char *list, char *shared, size_t cap)
{
    if (list)
        return list;
    const char *base = getenv("TK_SHARED");
    snprintf(shared, cap, "%s/words/en-wamerican-large-3to16.txt", base && *base ? base : "../shared");
    FILE *f = fopen(shared, "rb");
    if (f) {
        fclose(f);
        return shared;
    }
    printf("(%s not found: using data/words/en.txt; figures are not comparable)\n", shared);
    return "data/words/en.txt";
}

/* The dictionary graph of a word list (NULL, message printed, on error). */
static dawg_graph *load_list(const char *list)
{
    tk_error err = {0};
    size_t len;
    char *text = cli_read_file(list, &len, &err);
    if (!text) {
        fprintf(stderr, "bench_boggle: %s: %s\n", list, err.msg);
        return NULL;
    }
    dawg_graph *d = NULL;
    double t0 = bench_wall();
    if (dawg_build(&d, NULL, text, len, NULL, NULL, &err) != TK_OK)
        fprintf(stderr, "bench_boggle: %s: %s\n", list, err.msg);
    free(text);
    if (d) {
        dawg_info info;
        dawg_get_info(d, &info);
        printf("dictionary %s: %llu words, %u edges; DAWG built in %.3f s", list, (unsigned long long)info.words,
               info.edges, bench_wall() - t0);
    }
    return d;
}

/* Board k of a set: random letters (k 0) or a roll of the dice, as text. */
static void board_text(int k, bog_dice *dice, uint64_t *rng, char *gt, size_t cap)
{
    if (k) {
        bog_dice_roll(dice, rng, gt, cap);
        return;
    }
    char *p = gt;
    for (int r = 0; r < 4; r++) {
        for (int c = 0; c < 4; c++) {
            char ch = (char)('a' + bog_rand(rng) % 26);
            *p++ = ch;
            if (ch == 'q')
                *p++ = 'u';
        }
        *p++ = '\n';
    }
    *p = 0;
}

/* The three sets of boards: random letters, the 1987 dice, the 5x5 dice. */
static int make_sets(set *sets, const alpha_table *a)
{
    bog_dice *dice = malloc(sizeof *dice);
    uint64_t rng = 20261202;
    tk_error err = {0};
    for (int k = 0; k < 3; k++) {
        sets[k].g = malloc((size_t)sets[k].n * sizeof *sets[k].g);
        if (!sets[k].g || !dice) {
            fprintf(stderr, "bench_boggle: out of memory\n");
            return -1;
        }
        if (k && load_dice(k == 1 ? "boggle/dice-4x4-1987.txt" : "boggle/dice-5x5.txt", dice) != 0)
            return -1;
        for (int i = 0; i < sets[k].n; i++) {
            char gt[1024];
            board_text(k, dice, &rng, gt, sizeof gt);
            if (bog_grid_parse(&sets[k].g[i], a, gt, strlen(gt), &err) != TK_OK) {
                fprintf(stderr, "bench_boggle: board: %s\n", err.msg);
                return -1;
            }
        }
    }
    free(dice);
    return 0;
}

int main(int argc, char **argv)
{
    const char *list = NULL;
    int runs = 5, nboards = 20000;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (strcmp(argv[i], "--boards") == 0 && i + 1 < argc)
            nboards = atoi(argv[++i]);
        else
            list = argv[i];
    }
    if (runs < 1 || runs > 63)
        runs = 5;
    if (nboards < 1)
        nboards = 20000;
    cli_init("bench_boggle");
    char shared[4096];
    list = word_list(list, shared, sizeof shared);
    dawg_graph *d = load_list(list);
    if (!d)
        return 1;
    bog_dict *bd;
    bog_solver *s;
    tk_error err = {0};
    double t0 = bench_wall();
    if (bog_dict_create(&bd, d, &err) || bog_solver_create(&s, bd, &err)) {
        fprintf(stderr, "bench_boggle: %s\n", err.msg);
        return 1;
    }
    printf(", Boggle tables in %.4f s\n", bench_wall() - t0);
    const alpha_table *a = bog_dict_alphabet(bd);
    set sets[3] = {{"random-letter4x4", NULL, nboards}, {"dice-4x4-1987", NULL, nboards},
                   {"dice-5x5", NULL, nboards / 2}};
    if (make_sets(sets, a))
        return 1;
    for (int k = 0; k < 3; k++)
        run_set(s, &sets[k], runs, BOG_COUNT, "count");
    for (int k = 0; k < 3; k++)
        run_set(s, &sets[k], runs, 0, "core");
    for (int k = 0; k < 3; k++)
        run_set(s, &sets[k], runs, BOG_TEXT, "text");
    const char *cg = getenv("TK_BENCH_CALLGRIND");
    if ((!cg || strcmp(cg, "0") != 0) && system("valgrind --version >/dev/null 2>&1") == 0) {
        instructions(&sets[1], 2001, a, list);
        instructions(&sets[2], 1001, a, list);
    } else {
        printf("(valgrind not found or TK_BENCH_CALLGRIND=0: no instruction counts)\n");
    }
    for (int k = 0; k < 3; k++)
        free(sets[k].g);
    bog_solver_destroy(s);
    bog_dict_destroy(bd);
    dawg_destroy(d);
    return 0;
}
