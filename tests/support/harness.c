/* harness.c - see harness.h.  Keeps a per-test failure count and a per-run
 * total; failures are printed as "file:line: CHECK(expr) failed: message". */
#include "harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails_in_test;
static int skipped_test;
static const char *current;

void th_check_failed(const char *file, int line, const char *expr, const char *fmt, ...)
{
    fails_in_test++;
    if (fails_in_test > 20)
        return;                         /* keep logs readable */
    fprintf(stdout, "FAIL %s: %s:%d: CHECK(%s)", current ? current : "?", file, line, expr);
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        fputs(": ", stdout);
        vfprintf(stdout, fmt, ap);
        va_end(ap);
    }
    fputc('\n', stdout);
    fflush(stdout);
}

int th_checks_failed_in_test(void) { return fails_in_test; }

void th_skip(const char *why)
{
    skipped_test = 1;
    printf("SKIP %s: %s\n", current ? current : "?", why);
}

int th_main(const char *suite, const th_test *tests, int argc, char **argv)
{
    int passed = 0, failed = 0, skipped = 0, matched = 0;
    for (const th_test *t = tests; t->name; t++) {
        if (argc > 1 && !strstr(t->name, argv[1]))
            continue;
        matched++;
        current = t->name;
        fails_in_test = 0;
        skipped_test = 0;
        t->fn();
        if (fails_in_test) {
            failed++;
            printf("not ok %s (%d failed checks)\n", t->name, fails_in_test);
        } else if (skipped_test) {
            skipped++;
        } else {
            passed++;
            printf("ok %s\n", t->name);
        }
        fflush(stdout);
    }
    if (argc > 1 && !matched) {
        /* a misspelt name must not pass by running nothing */
        printf("FAIL %s: no test name contains '%s'\n", suite, argv[1]);
        failed++;
    }
    printf("%s: %d passed, %d failed, %d skipped\n", suite, passed, failed, skipped);
    return failed ? 1 : 0;
}

uint64_t th_rand(th_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t th_below(th_rng *r, uint32_t n)
{
    return (uint32_t)(((th_rand(r) >> 32) * (uint64_t)n) >> 32);
}

static const char *join(const char *env, const char *dflt, const char *rel)
{
    static char buf[4096];
    const char *base = getenv(env);
    snprintf(buf, sizeof buf, "%s/%s", base && *base ? base : dflt, rel);
    return buf;
}

const char *th_shared_path(const char *rel)
{
    const char *p = join("TK_SHARED", "../shared", rel);
    FILE *f = fopen(p, "rb");
    if (!f)
        return NULL;
    fclose(f);
    return p;
}

FILE *th_shared_open(const char *rel)
{
    const char *p = th_shared_path(rel);
    FILE *f = p ? fopen(p, "r") : NULL;
    if (!f) {
        char why[300];
        snprintf(why, sizeof why, "../shared/%s absent", rel);
        th_skip(why);
    }
    return f;
}

const char *th_top_path(const char *rel) { return join("TK_TOP", ".", rel); }

const char *th_enable2k_path(void)
{
    const char *p = th_shared_path("words/enable2k.txt");
    if (p)
        return p;
    p = th_top_path("data/words/en.txt");
    FILE *f = fopen(p, "rb");
    if (!f)
        return NULL;
    fclose(f);
    return p;
}

double th_scale(void)
{
    const char *s = getenv("TK_TEST_SCALE");
    double v = s ? atof(s) : 1.0;
    return v > 0 ? v : 1.0;
}

#if defined(__SANITIZE_ADDRESS__)
#define TH_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TH_SANITIZED 1
#endif
#endif
#ifndef TH_SANITIZED
#define TH_SANITIZED 0
#endif

int th_sanitized(void) { return TH_SANITIZED; }

int th_reduced(void) { return TH_SANITIZED || th_scale() < 1; }

double th_sanitized_scale(double divide_by)
{
    return TH_SANITIZED && divide_by > 1 ? th_scale() / divide_by : th_scale();
}

int th_long(void)
{
    const char *s = getenv("TK_LONG");
    return s && atoi(s) > 0;
}

double th_long_scale(double sample, double divide_by)
{
    if (th_long() || sample <= 0 || sample > 1)
        return th_sanitized_scale(divide_by);
    if (TH_SANITIZED && divide_by > 1 && 1 / divide_by < sample)
        sample = 1 / divide_by;
    return th_scale() * sample;
}

char *th_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, 2 * cap + 1);
            if (!nb) { free(buf); buf = NULL; break; }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf)
        return NULL;
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

void th_vappend(char **s, size_t *len, size_t *cap, const char *fmt, va_list ap)
{
    for (;;) {
        va_list aq;
        va_copy(aq, ap);
        int n = *s ? vsnprintf(*s + *len, *cap - *len, fmt, aq) : -1;
        va_end(aq);
        if (n >= 0 && *len + (size_t)n < *cap) {
            *len += (size_t)n;
            return;
        }
        *cap = *cap * 2 + 4096;
        char *ns = realloc(*s, *cap);
        if (!ns)
            abort();
        *s = ns;
    }
}

void th_append(char **s, size_t *len, size_t *cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    th_vappend(s, len, cap, fmt, ap);
    va_end(ap);
}
