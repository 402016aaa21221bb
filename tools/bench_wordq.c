/* bench_wordq.c - whole-process throughput of `wordq` on batches of queries.
 *
 *   bench_wordq [--queries N] [--runs N] [--wordq PATH] [--list WORDLIST]
 *
 * Builds the dictionary (ENABLE2K from ../shared/words/enable2k.txt via
 * TK_SHARED, else data/words/en.txt, or WORDLIST) into BUILD/bench/wordq.dawg,
 * writes batch files of N queries (default 100,000) with a fixed seed, one
 * query a line as wordq reads them:
 *   anagram-bag   -a RACK  7 tiles drawn from a full English bag (100 tiles,
 *                          2 blanks: most racks have none)
 *   anagram-012   -a RACK  7 tiles, 0, 1 or 2 of them blanks (a third each)
 *   anagram-2     -a RACK  7 tiles, exactly 2 blanks
 *   build-bag     -b RACK  7 tiles drawn from a full bag
 *   build-012     -b RACK  7 tiles, 0-2 blanks (a third each)
 *   pattern       -p PAT   a word of 4-9 letters with 2 letters as '?' and a
 *                          leading or trailing '*' (half each)
 * (kept as BUILD/bench/wordq-SET.txt, for callgrind runs on the same input)
 * and runs the wordq program (bin/wordq next to BUILD, or PATH) on each,
 * one thread (--jobs 1), standard input from the file and output to
 * /dev/null, `runs` times (default 5).  Reported: the median of the child's
 * CPU time (user + system, from getrusage: robust on a loaded machine) and of
 * wall time, as queries a second for the whole process (start-up and
 * dictionary loading included), the empty batch's time (start-up alone),
 * and the memory of wordq's search index (wq_dict_bytes, the alphagram
 * index included) beside the
 * graph's own size, against MAGPIE's 77 MB word map.  Timings are
 * informative only; instruction counts: valgrind --tool=callgrind wordq ...
 */
#include "bench.h"
#include "cli/cli.h"
#include "tilekit/wordq.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t below(uint32_t n) { return (uint32_t)((bench_xorshift(&rng_state) >> 11) % n); }

static const char BAG_LETTERS[] = "abcdefghijklmnopqrstuvwxyz";
static const int BAG_COUNT[26] = {9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1};

/* 7 tiles from a full bag (blanks: -1 natural, else exactly that many) */
static void rack(char *out, int blanks)
{
    char bag[100];
    int n = 0;
    for (int l = 0; l < 26; l++)
        for (int k = 0; k < BAG_COUNT[l]; k++)
            bag[n++] = (char)(BAG_LETTERS[l] - 32);
    if (blanks < 0) {
        bag[n++] = '?';
        bag[n++] = '?';
    }
    int o = 0;
    for (int i = 0; i < (blanks > 0 ? 7 - blanks : 7); i++) {
        int k = (int)below((uint32_t)n);
        out[o++] = bag[k];
        bag[k] = bag[--n];
    }
    for (int i = 0; i < blanks; i++)
        out[o++] = '?';
    out[o] = 0;
}

typedef struct wordlist {
    char **w;
    size_t n;
} wordlist;

static void pattern(char *out, const wordlist *wl)
{
    const char *w;
    size_t len;
    do {
        w = wl->w[below((uint32_t)wl->n)];
        len = strlen(w);
    } while (len < 4 || len > 9);
    int lead = below(2);
    size_t o = 0;
    if (lead)
        out[o++] = '*';
    size_t q1 = below((uint32_t)len), q2 = below((uint32_t)len);
    for (size_t i = 0; i < len; i++)
        out[o++] = (i == q1 || i == q2) ? '?' : (char)(w[i] - 32);
    if (!lead)
        out[o++] = '*';
    out[o] = 0;
}

/* Run wordq once; returns wall seconds and sets *cpu (child user + system). */
static double run(const char *wordq, const char *dict, const char *input, double *cpu)
{
    double t0 = bench_wall();
    pid_t pid = fork();
    if (pid == 0) {
        int in = open(input, O_RDONLY), out = open("/dev/null", O_WRONLY);
        if (in < 0 || out < 0)
            _exit(127);
        dup2(in, 0);
        dup2(out, 1);
        execl(wordq, wordq, "--dict", dict, "--jobs", "1", (char *)NULL);
        _exit(127);
    }
    int st;
    struct rusage r0, r1;
    getrusage(RUSAGE_CHILDREN, &r0);
    if (pid < 0 || waitpid(pid, &st, 0) < 0) {
        *cpu = 0;
        return -1;
    }
    getrusage(RUSAGE_CHILDREN, &r1);
    *cpu = (double)(r1.ru_utime.tv_sec - r0.ru_utime.tv_sec) + (r1.ru_utime.tv_usec - r0.ru_utime.tv_usec) * 1e-6 +
           (double)(r1.ru_stime.tv_sec - r0.ru_stime.tv_sec) + (r1.ru_stime.tv_usec - r0.ru_stime.tv_usec) * 1e-6;
    if (!WIFEXITED(st) || WEXITSTATUS(st) > 1)
        fprintf(stderr, "bench_wordq: %s on %s: exit status %d\n", wordq, input, WEXITSTATUS(st));
    return bench_wall() - t0;
}

static int count_word(void *ctx, const uint8_t *letters, int n, uint64_t wild)
{
    (void)ctx, (void)letters, (void)n, (void)wild;
    return 0;
}

static int load_list(const char *path, wordlist *wl, char **text, size_t *len)
{
    tk_error err = {0};
    *text = cli_read_file(path, len, &err);
    if (!*text) {
        fprintf(stderr, "bench_wordq: %s: %s\n", path, err.msg);
        return -1;
    }
    size_t lines = 1;
    for (size_t i = 0; i < *len; i++)
        lines += (*text)[i] == '\n';
    char *copy = malloc(*len + 1);
    wl->w = malloc(lines * sizeof *wl->w);
    if (!copy || !wl->w)
        return -1;
    memcpy(copy, *text, *len + 1);
    wl->n = 0;
    for (char *s = strtok(copy, "\r\n"); s; s = strtok(NULL, "\r\n"))
        wl->w[wl->n++] = s;
    return 0;
}

typedef struct bench_args {
    long nq;
    int runs;
    const char *wordq, *list;
} bench_args;

/* The options; 0 to go on, else the exit status. */
static int parse_args(int argc, char **argv, bench_args *o)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--queries") == 0 && i + 1 < argc)
            o->nq = atol(argv[++i]);
        else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            o->runs = atoi(argv[++i]);
        else if (strcmp(argv[i], "--wordq") == 0 && i + 1 < argc)
            o->wordq = argv[++i];
        else if (strcmp(argv[i], "--list") == 0 && i + 1 < argc)
            o->list = argv[++i];
        else {
            fprintf(stderr, "usage: bench_wordq [--queries N] [--runs N] [--wordq PATH] [--list WORDLIST]\n");
            return 2;
        }
    }
    return o->runs < 1 || o->runs > 64 || o->nq < 1 ? 2 : 0;
}

/* The word list's graph, saved as dictp for wordq; prints its size beside
 * that of wordq's index (with the alphagram index and the figures, which one
 * exact anagram and one pattern make).  NULL after a message. */
static dawg_graph *build_dict(const char *list, const char *text, size_t len, const char *dictp)
{
    alpha_table a;
    tk_error err = {0};
    dawg_graph *d = NULL;
    if (cli_load_alphabet(access("data/alphabets/en.txt", R_OK) == 0 ? "data/alphabets/en.txt" : "en", &a) != 0 || dawg_build(&d, &a, text, len, NULL, NULL, &err) != 0 ||
        dawg_save(d, dictp, &err) != 0) {
        fprintf(stderr, "bench_wordq: %s: %s\n", list, err.msg);
        return NULL;
    }
    wq_dict *x = NULL;
    dawg_info info;
    dawg_get_info(d, &info);
    if (wq_dict_create(&x, d, &err) != 0)
        return NULL;
    wq_searcher *srch = NULL;
    wq_query q, p;
    if (wq_searcher_create(&srch, x, &err) != 0 || wq_parse(&q, &a, WQ_ANAGRAM, "ET", 2, &err) != 0 ||
        wq_parse(&p, &a, WQ_PATTERN, "ET", 2, &err) != 0)
        return NULL;
    wq_search(srch, &q, 1, ALPHA_WORD_MAX, count_word, NULL);
    wq_search(srch, &p, 1, ALPHA_WORD_MAX, count_word, NULL);
    wq_searcher_destroy(srch);
    printf("dictionary %s: %llu words, graph %zu bytes; wordq index %zu bytes "
           "(MAGPIE's word map for CSW21: 77 MB)\n",
           list, (unsigned long long)info.words, info.bytes, wq_dict_bytes(x));
    wq_dict_destroy(x);
    return d;
}

typedef struct batch {
    const char *name, *kind;
    int blanks;   /* -1 drawn from a full bag, 3 0/1/2 in turn, else that many */
} batch;

/* Batch number s of n queries into file `in` (its own fixed seed). */
static int write_batch(const batch *bt, size_t s, long n, const wordlist *wl, const char *in)
{
    rng_state = 0x9E3779B97F4A7C15ull + s;
    FILE *f = fopen(in, "w");
    if (!f)
        return -1;
    char q[64];
    for (long i = 0; i < n; i++) {
        int b = bt->blanks == 3 ? (int)(i % 3) : bt->blanks;
        if (*bt->kind == 'p')
            pattern(q, wl);
        else
            rack(q, b);
        fprintf(f, "-%s %s\n", bt->kind, q);
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    bench_args o = { 100000, 5, NULL, NULL };
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc;
    const char *B = getenv("TK_BUILD") ? getenv("TK_BUILD") : "build";
    char shared[4096], dir[4096], dictp[4200], wq[4200];
    const char *sh = getenv("TK_SHARED") ? getenv("TK_SHARED") : "../shared";
    snprintf(shared, sizeof shared, "%s/words/enable2k.txt", sh);
    if (!o.list)
        o.list = access(shared, R_OK) == 0 ? shared : "data/words/en.txt";
    snprintf(dir, sizeof dir, "%s/bench", B);
    mkdir(dir, 0777);
    snprintf(dictp, sizeof dictp, "%s/wordq.dawg", dir);
    if (!o.wordq) {
        snprintf(wq, sizeof wq, "%s/../bin/wordq", B);
        if (access(wq, X_OK) != 0)
            snprintf(wq, sizeof wq, "bin/wordq");
        o.wordq = wq;
    }
    wordlist wl;
    char *text;
    size_t len;
    if (load_list(o.list, &wl, &text, &len) != 0)
        return 1;
    cli_init("bench_wordq");
    dawg_graph *d = build_dict(o.list, text, len, dictp);
    if (!d)
        return 1;
    printf("program %s, %ld queries a batch, %d runs, one thread; medians\n", o.wordq, o.nq, o.runs);

    static const batch sets[] = {
        {"empty (start-up)", "e", 0}, {"anagram-bag", "a", -1}, {"anagram-012", "a", 3},
        {"anagram-2", "a", 2},        {"build-bag", "b", -1},   {"build-012", "b", 3},
        {"pattern", "p", 0},
    };
    double startup = 0;
    for (size_t s = 0; s < sizeof sets / sizeof *sets; s++) {
        char in[4300];
        snprintf(in, sizeof in, "%s/wordq-%s.txt", dir, sets[s].name);
        for (char *c = in + strlen(dir); *c; c++)      /* "empty (start-up)" -> "empty--start-up-" */
            if (*c == ' ' || *c == '(' || *c == ')')
                *c = '-';
        long n = *sets[s].kind == 'e' ? 0 : o.nq;
        if (write_batch(&sets[s], s, n, &wl, in))
            return 1;
        double cpu[64], wall[64];
        for (int r = 0; r < o.runs; r++)
            wall[r] = run(o.wordq, dictp, in, &cpu[r]);
        qsort(cpu, (size_t)o.runs, sizeof *cpu, bench_cmp_double);
        qsort(wall, (size_t)o.runs, sizeof *wall, bench_cmp_double);
        double c = cpu[o.runs / 2], w = wall[o.runs / 2];
        if (n == 0) {
            startup = c;
            printf("  %-18s cpu %.3f s  wall %.3f s\n", sets[s].name, c, w);
        } else {
            printf("  %-18s cpu %.3f s  wall %.3f s  %9.0f queries/s (cpu)  %9.0f queries/s (cpu, start-up "
                   "excluded)\n",
                   sets[s].name, c, w, n / c, c > startup ? n / (c - startup) : 0.0);
        }
        fflush(stdout);
    }
    dawg_destroy(d);
    free(text);
    return 0;
}
