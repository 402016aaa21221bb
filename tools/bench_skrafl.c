/* bench_skrafl.c - how fast skrafl generates every move, in process and whole.
 *
 *   bench_skrafl [--runs N] [--once] [--blanks K] [--shared DIR] [--bin DIR]
 *
 * Loads ../shared/vectors/skrafl-positions.jsonl (the CGP field of each
 * line) and ../shared/words/en-wamerican-large-upper.txt once, then times
 * sk_generate over all positions, single-threaded, in thread CPU time (the
 * machine may be shared): full move records (scored, stored) and
 * count-only, and the split by blanks on the rack.  Reports the median of N runs as
 * positions/s and moves/s, the slowest position (median over runs), and the
 * peak resident memory.  Then times the whole process
 * `skrafl --dict WORDS --count --cgp FILE --jobs 1` (and with all cores),
 * median of N runs.  --once does a single full pass and nothing else
 * (for valgrind --tool=callgrind); --blanks K keeps only racks with K blanks.  Timings are informative, never asserted.
 */
#include "cli/cli.h"
#include "tilekit/skrafl.h"
#include "bench.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct pos {
    sk_board b;
    sk_rack r;
    char id[16];
    char *cgp;
} pos;

/* Positions from the "cgp" fields of the vectors (vec is changed in place);
 * only racks with `only_blanks` blanks when that is >= 0. */
static pos *load_positions(char *vec, size_t vlen, const sk_engine *e, int only_blanks, int *count)
{
    pos *P = NULL;
    int np = 0, cap = 0;
    tku_lines it;
    const char *cline;
    size_t n;
    tku_lines_init(&it, vec, vlen, TKU_LINES_BLANK);
    while (tku_lines_next(&it, &cline, &n)) {
        char *line = vec + (cline - vec);
        line[n] = 0;
        char *c = strstr(line, "\"cgp\": \""), *id = strstr(line, "\"id\": \"");
        char *q = c ? strchr(c + 8, '"') : NULL;
        if (!q)
            continue;
        c += 8;
        if (np == cap) {
            cap = cap ? cap * 2 : 64;
            P = realloc(P, (size_t)cap * sizeof *P);
        }
        pos *p = &P[np];
        p->cgp = strndup(c, (size_t)(q - c));
        snprintf(p->id, sizeof p->id, "%.*s", id ? 4 : 1, id ? id + 7 : "?");
        if (sk_cgp_parse(&p->b, &p->r, e, p->cgp, strlen(p->cgp), NULL) == 0 &&
            (only_blanks < 0 || p->r.blanks == only_blanks))
            np++;
        else
            free(p->cgp);   /* unreadable, or filtered out by --blanks */
    }
    *count = np;
    return P;
}

/* Where the time goes: by number of blanks on the rack (pt: per-position timings). */
static void by_blanks(sk_gen *g, const pos *P, int np, const double *pt, int runs, sk_movelist *ml)
{
    double *tmp = malloc((size_t)runs * sizeof *tmp);
    for (int nb = 0; nb <= 2; nb++) {
        double tt = 0;
        uint64_t mm = 0;
        int k = 0;
        for (int i = 0; i < np; i++) {
            if (P[i].r.blanks != nb)
                continue;
            memcpy(tmp, pt + (size_t)i * (size_t)runs, (size_t)runs * sizeof *tmp);
            tt += bench_median(tmp, runs);
            sk_generate(g, &P[i].b, &P[i].r, SK_COUNT_ONLY, ml, NULL);
            mm += ml->total;
            k++;
        }
        if (k)
            printf("  racks with %d blank%s: %2d positions, %7llu moves, %6.1f ms, %.2f M moves/s\n", nb,
                   nb == 1 ? " " : "s", k, (unsigned long long)mm, tt * 1e3, tt > 0 ? mm / tt / 1e6 : 0);
    }
    free(tmp);
}

/* sk_generate over every position, runs times: all moves, and count only. */
static void in_process(sk_gen *g, const pos *P, int np, int runs)
{
    sk_movelist ml = {0};
    double *rt = calloc((size_t)runs, sizeof *rt), *rc = calloc((size_t)runs, sizeof *rc);
    double *pt = calloc((size_t)np * (size_t)runs, sizeof *pt);
    uint64_t moves = 0;
    size_t worst_cap = 0;
    for (int run = 0; run < runs; run++) {
        moves = 0;
        double s = bench_cpu();
        for (int i = 0; i < np; i++) {
            double ps = bench_cpu();
            sk_generate(g, &P[i].b, &P[i].r, 0, &ml, NULL);
            pt[(size_t)i * (size_t)runs + (size_t)run] = bench_cpu() - ps;
            moves += ml.total;
        }
        rt[run] = bench_cpu() - s;
        if (ml.cap > worst_cap)
            worst_cap = ml.cap;
        s = bench_cpu();
        for (int i = 0; i < np; i++)
            sk_generate(g, &P[i].b, &P[i].r, SK_COUNT_ONLY, &ml, NULL);
        rc[run] = bench_cpu() - s;
    }
    by_blanks(g, P, np, pt, runs, &ml);
    double mt = bench_median(rt, runs), mc = bench_median(rc, runs);
    double worst = 0;
    int wi = 0;
    for (int i = 0; i < np; i++) {
        double m = bench_median(pt + (size_t)i * (size_t)runs, runs);
        if (m > worst) {
            worst = m;
            wi = i;
        }
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("in process, 1 thread, CPU time, median of %d runs:\n", runs);
    printf("  all moves, scored and stored: %.1f ms  %.0f positions/s  %.2f M moves/s  (%llu moves)\n",
           mt * 1e3, np / mt, moves / mt / 1e6, (unsigned long long)moves);
    printf("  count only:                   %.1f ms  %.0f positions/s  %.2f M moves/s\n", mc * 1e3, np / mc,
           moves / mc / 1e6);
    printf("  slowest position: %s %.2f ms (%s)\n", P[wi].id, worst * 1e3, P[wi].cgp);
    printf("  peak RSS %.1f MB (move array %zu KB)\n", ru.ru_maxrss / 1024.0, worst_cap * sizeof(sk_move) / 1024);
    free(rt);
    free(rc);
    free(pt);
    sk_movelist_free(&ml);
}

/* The whole skrafl process over a CGP file of the positions. */
static void whole_process(const pos *P, int np, int runs, const char *bindir, const char *wpath)
{
    char cgpf[] = "/tmp/bench_skrafl_XXXXXX";
    int fd = mkstemp(cgpf);
    if (fd < 0)
        return;
    FILE *f = fdopen(fd, "w");
    for (int i = 0; i < np; i++)
        fprintf(f, "%s\n", P[i].cgp);
    fclose(f);
    for (int jobs1 = 1; jobs1 >= 0; jobs1--) {
        char cmd[8192];
        snprintf(cmd, sizeof cmd, "%s/skrafl --dict %s --count --cgp %s%s > /dev/null", bindir, wpath, cgpf,
                 jobs1 ? " --jobs 1" : "");
        double *wt = calloc((size_t)runs, sizeof *wt);
        int ok = 1;
        for (int run = 0; run < runs && ok; run++) {
            double s = bench_wall();
            int st = system(cmd);
            wt[run] = bench_wall() - s;
            ok = st == 0;
        }
        if (ok)
            printf("whole process (wall clock): skrafl --dict WORDS --count --cgp FILE%s: median %.1f ms\n",
                   jobs1 ? " --jobs 1" : " (all cores)", bench_median(wt, runs) * 1e3);
        else
            printf("whole process: '%s' failed\n", cmd);
        free(wt);
    }
    unlink(cgpf);
}

int main(int argc, char **argv)
{
    cli_init("bench_skrafl");
    int runs = 7, once = 0, only_blanks = -1;
    const char *shared = getenv("TK_SHARED");
    const char *bindir = "bin";
    static const struct option lo[] = {
        { "runs", required_argument, 0, 'n' }, { "once", no_argument, 0, 'o' },
        { "shared", required_argument, 0, 's' }, { "bin", required_argument, 0, 'b' },
        { "blanks", required_argument, 0, 'k' }, { 0, 0, 0, 0 }
    };
    int ch;
    while ((ch = getopt_long(argc, argv, "n:os:b:k:", lo, NULL)) != -1) {
        switch (ch) {
        case 'n': runs = atoi(optarg) > 0 ? atoi(optarg) : 1; break;
        case 'o': once = 1; break;
        case 's': shared = optarg; break;
        case 'b': bindir = optarg; break;
        case 'k': only_blanks = atoi(optarg); break;
        default: return CLI_EXIT_USAGE;
        }
    }
    if (!shared || !*shared)
        shared = "../shared";
    char vpath[4096], wpath[4096];
    snprintf(vpath, sizeof vpath, "%s/vectors/skrafl-positions.jsonl", shared);
    snprintf(wpath, sizeof wpath, "%s/words/en-wamerican-large-upper.txt", shared);
    tk_error err = {0};
    size_t vlen, wlen;
    char *vec = cli_read_file(vpath, &vlen, &err);
    char *words = vec ? cli_read_file(wpath, &wlen, &err) : NULL;
    if (!vec || !words) {
        printf("bench_skrafl: %s not found; skipped\n", vec ? wpath : vpath);
        free(vec);
        return 0;
    }
    Alphabet a;
    if (access("data/alphabets/en.txt", R_OK) == 0 ? cli_load_alphabet("data/alphabets/en.txt", &a)
                                                   : cli_load_alphabet("en", &a))
        return CLI_EXIT_DATA;
    double t0 = bench_wall();
    Dawg *d = NULL;
    if (dawg_build(&d, &a, words, wlen, NULL, NULL, &err)) {
        cli_error(wpath, err.line, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    double tbuild = bench_wall() - t0;
    sk_tileset ts;
    sk_layout lay;
    sk_engine *e = NULL;
    sk_gen *g = NULL;
    if (sk_tileset_builtin(&ts, dawg_alphabet(d), "en", &err) || sk_layout_builtin(&lay, "standard", &err) ||
        sk_engine_create(&e, d, &ts, &lay, &err) || sk_gen_create(&g, e, NULL)) {
        cli_error(NULL, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    int np;
    pos *P = load_positions(vec, vlen, e, only_blanks, &np);
    free(vec);
    if (once) {
        sk_movelist ml = {0};
        uint64_t moves = 0;
        for (int i = 0; i < np; i++) {
            sk_generate(g, &P[i].b, &P[i].r, 0, &ml, NULL);
            moves += ml.total;
        }
        printf("once: %d positions, %llu moves\n", np, (unsigned long long)moves);
        return 0;
    }
    printf("positions: %d (from %s); dictionary built in %.3f s\n", np, vpath, tbuild);
    in_process(g, P, np, runs);
    whole_process(P, np, runs, bindir, wpath);
    for (int i = 0; i < np; i++)
        free(P[i].cgp);
    free(P);
    free(words);
    sk_gen_destroy(g);
    sk_engine_destroy(e);
    dawg_destroy(d);
    return 0;
}
