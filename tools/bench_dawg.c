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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU time of this process: on a shared machine it leaves out the time the
 * benchmark was not running at all (cache pollution by others remains). */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        *len = (size_t)n;
    }
    return buf;
}

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

int main(int argc, char **argv)
{
    char path[4096];
    const char *shared = getenv("TK_SHARED");
    if (argc > 1) {
        snprintf(path, sizeof path, "%s", argv[1]);
    } else {
        snprintf(path, sizeof path, "%s/words/enable2k.txt", shared && *shared ? shared : "../shared");
        if (access(path, R_OK) != 0)
            snprintf(path, sizeof path, "data/words/en.txt");
    }
    int runs = argc > 2 ? atoi(argv[2]) : 7;
    if (runs < 1)
        runs = 1;
    size_t len;
    char *text = read_all(path, &len);
    if (!text) {
        fprintf(stderr, "bench_dawg: cannot read %s\n", path);
        return 1;
    }
    Alphabet a;
    tk_error err;
    const char *spec = "a b c d e f g h i j k l m n o p q r s t u v w x y z";
    alpha_parse(&a, spec, strlen(spec), &err);
    double *t = malloc((size_t)runs * sizeof *t);

    /* ---- build ---- */
    Dawg *d = NULL;
    for (int r = 0; r < runs; r++) {
        Dawg *x = NULL;
        double t0 = now();
        int rc = dawg_build(&x, &a, text, len, NULL, NULL, &err);
        t[r] = now() - t0;
        if (rc) {
            fprintf(stderr, "bench_dawg: %s:%ld: %s\n", path, err.line, err.msg);
            return 1;
        }
        if (r == 0)
            d = x;
        else
            dawg_destroy(x);
    }
    dawg_info in;
    dawg_get_info(d, &in);
    printf("list: %s (%llu words; %u states, %u transitions; %u edges, %zu bytes)\n", path,
           (unsigned long long)in.words, in.states, in.transitions, in.edges, in.bytes);
    double tb = median(t, runs);
    double lo = getloadavg_1();
    if (lo >= 0)
        printf("machine load average (1 min): %.2f on %ld CPUs: timings are noisy when it exceeds the CPUs\n", lo,
               sysconf(_SC_NPROCESSORS_ONLN));
    printf("build:            median %.4f s over %d runs (min %.4f, max %.4f)  [target < 0.3 s]\n", tb, runs,
           t[0], t[runs - 1]);

    /* ---- load ---- */
    char tmp[64];
    snprintf(tmp, sizeof tmp, "/tmp/bench_dawg.%ld.dawg", (long)getpid());
    if (dawg_save(d, tmp, &err) != 0) {
        fprintf(stderr, "bench_dawg: %s\n", err.msg);
        return 1;
    }
    for (int r = 0; r < runs; r++) {
        Dawg *x = NULL;
        double t0 = now();
        dawg_load(&x, tmp, &err);
        t[r] = now() - t0;
        dawg_destroy(x);
    }
    double tm = median(t, runs);
    printf("load (mmap):      median %.5f s over %d runs (min %.5f, max %.5f)\n", tm, runs, t[0], t[runs - 1]);
    void *buf;
    size_t blen;
    dawg_serialize(d, &buf, &blen, &err);
    for (int r = 0; r < runs; r++) {
        Dawg *x = NULL;
        double t0 = now();
        dawg_load_memory(&x, buf, blen, &err);
        t[r] = now() - t0;
        dawg_destroy(x);
    }
    printf("load (memory):    median %.5f s over %d runs\n", median(t, runs), runs);
    free(buf);
    Dawg *loaded = NULL;
    if (dawg_load(&loaded, tmp, &err) != 0) {
        fprintf(stderr, "bench_dawg: %s\n", err.msg);
        return 1;
    }
    remove(tmp);

    /* ---- the words, as text and encoded ---- */
    size_t nw = 0;
    char **words = malloc((len / 2 + 2) * sizeof *words);
    for (char *p = text, *e; *p; p = e + 1) {
        e = strchr(p, '\n');
        if (!e)
            e = p + strlen(p);
        char *q = e;
        while (q > p && (q[-1] == '\r' || q[-1] == ' '))
            q--;
        int end = *e == 0;
        *q = 0;
        if (q > p)
            words[nw++] = p;
        if (end)
            break;
    }
    /* the random words, encoded and packed one after the other */
    char **pick = malloc(LOOKUPS * sizeof *pick);
    uint8_t *enc = malloc((size_t)LOOKUPS * ALPHA_WORD_MAX);
    size_t *eoff = malloc(LOOKUPS * sizeof *eoff);
    int *elen = malloc(LOOKUPS * sizeof *elen);
    size_t used = 0;
    for (size_t i = 0; i < LOOKUPS; i++) {
        pick[i] = words[below((uint32_t)nw)];
        eoff[i] = used;
        elen[i] = alpha_encode(&a, pick[i], strlen(pick[i]), enc + used, ALPHA_WORD_MAX, NULL);
        used += elen[i] > 0 ? (size_t)elen[i] : 0;
    }
    long found = 0;
    double *tc = malloc((size_t)runs * sizeof *tc);
    for (int r = 0; r < runs; r++) {
        double t0 = now(), c0 = cpu_now();
        for (size_t i = 0; i < LOOKUPS; i++)
            found += dawg_contains(loaded, enc + eoff[i], elen[i]);
        t[r] = now() - t0;
        tc[r] = cpu_now() - c0;
    }
    double tl = median(t, runs), tlc = median(tc, runs);
    printf("lookup (encoded): median %.1f M/s (%d x %d random words, %.1f ns each; CPU time: %.1f M/s)"
           "  [target >= 10 M/s]\n",
           LOOKUPS / tl / 1e6, runs, LOOKUPS, tl / LOOKUPS * 1e9, LOOKUPS / tlc / 1e6);
    free(tc);
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        for (size_t i = 0; i < LOOKUPS; i++)
            found += dawg_contains_utf8(loaded, pick[i]);
        t[r] = now() - t0;
    }
    double tu = median(t, runs);
    printf("lookup (UTF-8):   median %.1f M/s (encode + walk)\n", LOOKUPS / tu / 1e6);

    /* baseline: binary search over the sorted array of strings */
    char **sorted = malloc(nw * sizeof *sorted);
    memcpy(sorted, words, nw * sizeof *sorted);
    qsort(sorted, nw, sizeof *sorted, cmp_str);
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        for (size_t i = 0; i < LOOKUPS; i++)
            found += bsearch(&pick[i], sorted, nw, sizeof *sorted, cmp_str) != NULL;
        t[r] = now() - t0;
    }
    double ts = median(t, runs);
    printf("lookup baseline:  median %.1f M/s (bsearch + strcmp over %zu sorted strings)\n", LOOKUPS / ts / 1e6,
           nw);
    printf("ratio:            encoded DAWG lookup %.1fx, UTF-8 DAWG lookup %.1fx the bsearch baseline\n", ts / tl,
           ts / tu);

    /* ---- cross-sets ---- */
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        for (size_t i = 0; i < LOOKUPS; i++) {
            int n = elen[i];
            if (n < 1)
                continue;
            int p = (int)(i % (size_t)n);
            const uint8_t *w = enc + eoff[i];
            found += alpha_set_count(dawg_cross_set(loaded, w, p, w + p + 1, n - p - 1));
        }
        t[r] = now() - t0;
    }
    printf("cross-set query:  median %.1f M/s (a hole in a random word)\n", LOOKUPS / median(t, runs) / 1e6);
    printf("(checksum %ld)\n", found);

    dawg_destroy(d);
    dawg_destroy(loaded);
    free(words);
    free(sorted);
    free(pick);
    free(enc);
    free(elen);
    free(eoff);
    free(t);
    free(text);
    return 0;
}
