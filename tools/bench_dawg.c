/* bench_dawg.c - timings for the word graph (make bench).
 *
 *   build/tools/bench_dawg [WORDLIST] [RUNS]
 *
 * Default list: ENABLE2K from $TK_SHARED/words (../shared), else
 * data/words/en.txt.  Measures, as medians of RUNS runs (default 7):
 *   - build: dawg_build from the list in memory (parse, encode, sort check,
 *     minimise, lay out), the English alphabet;
 *   - load: dawg_load of the saved file (mmap + full validation) and
 *     dawg_load_memory (copy + validation);
 *   - lookups: dawg_contains on 1,000,000 words drawn at random from the list
 *     (already encoded), dawg_contains_utf8 on the same words as text, and a
 *     baseline in the same run: bsearch/strcmp over the sorted word array;
 *   - cross-sets: dawg_cross_set for random holes in random words.
 * Timings are informative; nothing is asserted.
 */
#include "tilekit/alphabet.h"
#include "tilekit/dawg.h"
#include "cli/cli.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static uint64_t rng = 0x243F6A8885A308D3ull;
static uint32_t below(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)((rng >> 32) * n >> 32);
}

/* 1-minute load average from /proc (Linux), or -1. */
static double getloadavg_1(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    double v = -1;
    if (f) {
        if (fscanf(f, "%lf", &v) != 1)
            v = -1;
        fclose(f);
    }
    return v;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

#define LOOKUPS 1000000

/* What the phases share. */
typedef struct bench {
    const char *path;
    char *text;
    size_t len;
    alpha_table a;
    int runs;
    double *t;            /* runs timings */
    char **words;         /* the list's words (in text, NUL-terminated in place) */
    size_t nw;
    char **pick;          /* LOOKUPS random words */
    uint8_t *enc;         /* ... encoded, packed */
    size_t *eoff;
    int *elen;
    long found;           /* a checksum, so no lookup is optimised away */
} bench;

/* dawg_build from the list in memory; returns the first graph built. */
static dawg_graph *phase_build(bench *B)
{
    dawg_graph *d = NULL;
    tk_error err;
    for (int r = 0; r < B->runs; r++) {
        dawg_graph *x = NULL;
        double t0 = bench_wall();
        int rc = dawg_build(&x, &B->a, B->text, B->len, NULL, NULL, &err);
        B->t[r] = bench_wall() - t0;
        if (rc) {
            fprintf(stderr, "bench_dawg: %s:%ld: %s\n", B->path, err.line, err.msg);
            exit(1);
        }
        if (r == 0)
            d = x;
        else
            dawg_destroy(x);
    }
    dawg_info in;
    dawg_get_info(d, &in);
    printf("list: %s (%llu words; %u states, %u transitions; %u edges, %zu bytes)\n", B->path,
           (unsigned long long)in.words, in.states, in.transitions, in.edges, in.bytes);
    double tb = bench_median(B->t, B->runs);
    double lo = getloadavg_1();
    if (lo >= 0)
        printf("machine load average (1 min): %.2f on %ld CPUs: timings are noisy when it exceeds the CPUs\n", lo,
               sysconf(_SC_NPROCESSORS_ONLN));
    printf("build:            median %.4f s over %d runs (min %.4f, max %.4f)  [target < 0.3 s]\n", tb, B->runs,
           B->t[0], B->t[B->runs - 1]);
    return d;
}

/* dawg_load of the saved file and dawg_load_memory; returns a loaded graph. */
static dawg_graph *phase_load(bench *B, const dawg_graph *d)
{
    char tmp[64];
    tk_error err;
    int runs = B->runs;
    double *t = B->t;
    snprintf(tmp, sizeof tmp, "/tmp/bench_dawg.%ld.dawg", (long)getpid());
    if (dawg_save(d, tmp, &err) != 0) {
        fprintf(stderr, "bench_dawg: %s\n", err.msg);
        exit(1);
    }
    for (int r = 0; r < runs; r++) {
        dawg_graph *x = NULL;
        double t0 = bench_wall();
        dawg_load(&x, tmp, &err);
        t[r] = bench_wall() - t0;
        dawg_destroy(x);
    }
    double tm = bench_median(t, runs);
    printf("load (mmap):      median %.5f s over %d runs (min %.5f, max %.5f)\n", tm, runs, t[0], t[runs - 1]);
    void *buf;
    size_t blen;
    dawg_serialize(d, &buf, &blen, &err);
    for (int r = 0; r < runs; r++) {
        dawg_graph *x = NULL;
        double t0 = bench_wall();
        dawg_load_memory(&x, buf, blen, &err);
        t[r] = bench_wall() - t0;
        dawg_destroy(x);
    }
    printf("load (memory):    median %.5f s over %d runs\n", bench_median(t, runs), runs);
    free(buf);
    dawg_graph *loaded = NULL;
    if (dawg_load(&loaded, tmp, &err) != 0) {
        fprintf(stderr, "bench_dawg: %s\n", err.msg);
        exit(1);
    }
    remove(tmp);
    return loaded;
}

/* The words as text (NUL-terminated in place) and LOOKUPS random ones encoded. */
static void prepare_words(bench *B)
{
    tku_lines it;
    const char *line;
    size_t n;
    B->nw = 0;
    B->words = malloc((B->len / 2 + 2) * sizeof *B->words);
    tku_lines_init(&it, B->text, B->len, TKU_LINES_BLANK);
    while (tku_lines_next(&it, &line, &n)) {
        char *w = B->text + (line - B->text);
        while (n > 0 && w[n - 1] == ' ')
            n--;
        w[n] = 0;   /* over the '\r', '\n' or the buffer's final NUL */
        if (n)
            B->words[B->nw++] = w;
    }
    B->pick = malloc(LOOKUPS * sizeof *B->pick);
    B->enc = malloc((size_t)LOOKUPS * ALPHA_WORD_MAX);
    B->eoff = malloc(LOOKUPS * sizeof *B->eoff);
    B->elen = malloc(LOOKUPS * sizeof *B->elen);
    size_t used = 0;
    for (size_t i = 0; i < LOOKUPS; i++) {
        B->pick[i] = B->words[below((uint32_t)B->nw)];
        B->eoff[i] = used;
        B->elen[i] = alpha_encode(&B->a, B->pick[i], strlen(B->pick[i]), B->enc + used, ALPHA_WORD_MAX, NULL);
        used += B->elen[i] > 0 ? (size_t)B->elen[i] : 0;
    }
}

/* dawg_contains / dawg_contains_utf8 against bsearch over sorted strings. */
static void phase_lookups(bench *B, const dawg_graph *loaded)
{
    int runs = B->runs;
    double *t = B->t, *tc = malloc((size_t)runs * sizeof *tc);
    for (int r = 0; r < runs; r++) {
        double t0 = bench_wall(), c0 = bench_cpu();
        for (size_t i = 0; i < LOOKUPS; i++)
            B->found += dawg_contains(loaded, B->enc + B->eoff[i], B->elen[i]);
        t[r] = bench_wall() - t0;
        tc[r] = bench_cpu() - c0;
    }
    double tl = bench_median(t, runs), tlc = bench_median(tc, runs);
    printf("lookup (encoded): median %.1f M/s (%d x %d random words, %.1f ns each; CPU time: %.1f M/s)"
           "  [target >= 10 M/s]\n",
           LOOKUPS / tl / 1e6, runs, LOOKUPS, tl / LOOKUPS * 1e9, LOOKUPS / tlc / 1e6);
    free(tc);
    for (int r = 0; r < runs; r++) {
        double t0 = bench_wall();
        for (size_t i = 0; i < LOOKUPS; i++)
            B->found += dawg_contains_utf8(loaded, B->pick[i]);
        t[r] = bench_wall() - t0;
    }
    double tu = bench_median(t, runs);
    printf("lookup (UTF-8):   median %.1f M/s (encode + walk)\n", LOOKUPS / tu / 1e6);
    /* baseline: binary search over the sorted array of strings */
    char **sorted = malloc(B->nw * sizeof *sorted);
    memcpy(sorted, B->words, B->nw * sizeof *sorted);
    qsort(sorted, B->nw, sizeof *sorted, cmp_str);
    for (int r = 0; r < runs; r++) {
        double t0 = bench_wall();
        for (size_t i = 0; i < LOOKUPS; i++)
            B->found += bsearch(&B->pick[i], sorted, B->nw, sizeof *sorted, cmp_str) != NULL;
        t[r] = bench_wall() - t0;
    }
    double ts = bench_median(t, runs);
    printf("lookup baseline:  median %.1f M/s (bsearch + strcmp over %zu sorted strings)\n", LOOKUPS / ts / 1e6,
           B->nw);
    printf("ratio:            encoded DAWG lookup %.1fx, UTF-8 DAWG lookup %.1fx the bsearch baseline\n", ts / tl,
           ts / tu);
    free(sorted);
}

static void phase_cross(bench *B, const dawg_graph *loaded)
{
    for (int r = 0; r < B->runs; r++) {
        double t0 = bench_wall();
        for (size_t i = 0; i < LOOKUPS; i++) {
            int n = B->elen[i];
            if (n < 1)
                continue;
            int p = (int)(i % (size_t)n);
            const uint8_t *w = B->enc + B->eoff[i];
            B->found += alpha_set_count(dawg_cross_set(loaded, w, p, w + p + 1, n - p - 1));
        }
        B->t[r] = bench_wall() - t0;
    }
    printf("cross-set query:  median %.1f M/s (a hole in a random word)\n",
           LOOKUPS / bench_median(B->t, B->runs) / 1e6);
}

int main(int argc, char **argv)
{
    char path[4096];
    const char *shared = getenv("TK_SHARED");
    bench B;
    memset(&B, 0, sizeof B);
    if (argc > 1) {
        snprintf(path, sizeof path, "%s", argv[1]);
    } else {
        snprintf(path, sizeof path, "%s/words/enable2k.txt", shared && *shared ? shared : "../shared");
        if (access(path, R_OK) != 0)
            snprintf(path, sizeof path, "data/words/en.txt");
    }
    B.path = path;
    B.runs = argc > 2 ? atoi(argv[2]) : 7;
    if (B.runs < 1)
        B.runs = 1;
    B.text = cli_read_file(path, &B.len, NULL);
    if (!B.text) {
        fprintf(stderr, "bench_dawg: cannot read %s\n", path);
        return 1;
    }
    const char *spec = "a b c d e f g h i j k l m n o p q r s t u v w x y z";
    alpha_parse(&B.a, spec, strlen(spec), NULL);
    B.t = malloc((size_t)B.runs * sizeof *B.t);
    dawg_graph *d = phase_build(&B);
    dawg_graph *loaded = phase_load(&B, d);
    prepare_words(&B);
    phase_lookups(&B, loaded);
    phase_cross(&B, loaded);
    printf("(checksum %ld)\n", B.found);
    dawg_destroy(d);
    dawg_destroy(loaded);
    free(B.words);
    free(B.pick);
    free(B.enc);
    free(B.elen);
    free(B.eoff);
    free(B.t);
    free(B.text);
    return 0;
}
