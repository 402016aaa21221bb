/* harness.h - tilekit's in-house unit-test harness.
 *
 * A test program lists its tests in a named table and hands it to th_main():
 *
 *     static void test_roundtrip(void) { CHECK(1 + 1 == 2); }
 *     static const th_test tests[] = { {"roundtrip", test_roundtrip}, {0, 0} };
 *     int main(int argc, char **argv) { return th_main("dawg", tests, argc, argv); }
 *
 * CHECK is never compiled out (it does not depend on NDEBUG).  A test passes
 * when none of its checks failed; th_skip() marks it skipped (e.g. shared data
 * absent).  th_main prints one line per failure and closes with
 * "suite: N passed, N failed, N skipped"; exit status 1 if anything failed.
 * Running with a test name as argument runs only tests whose name contains it;
 * a name that matches no test is a failure (exit status 1).
 */
#ifndef TILEKIT_TEST_HARNESS_H
#define TILEKIT_TEST_HARNESS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct th_test {
    const char *name;
    void (*fn)(void);
} th_test;

void th_check_failed(const char *file, int line, const char *expr, const char *fmt, ...);
int th_checks_failed_in_test(void);
void th_skip(const char *why);
int th_main(const char *suite, const th_test *tests, int argc, char **argv);

/* CHECK(cond): records a failure, continues the test. */
#define CHECK(cond) \
    do { if (!(cond)) th_check_failed(__FILE__, __LINE__, #cond, NULL); } while (0)
/* CHECKF(cond, fmt, ...): the same with a printf-style explanation. */
#define CHECKF(cond, ...) \
    do { if (!(cond)) th_check_failed(__FILE__, __LINE__, #cond, __VA_ARGS__); } while (0)
/* REQUIRE(cond): records a failure and returns from the (void) test function. */
#define REQUIRE(cond) \
    do { if (!(cond)) { th_check_failed(__FILE__, __LINE__, #cond, NULL); return; } } while (0)

/* Deterministic PRNG for generated cases (splitmix64 seeded xorshift). */
typedef struct th_rng { uint64_t s; } th_rng;
uint64_t th_rand(th_rng *r);
uint32_t th_below(th_rng *r, uint32_t n);   /* uniform in [0, n), n > 0 */

/* Path of a file under ../shared (TK_SHARED), or NULL (with th_skip called
 * by the caller) when it is absent.  Returns a static buffer. */
const char *th_shared_path(const char *rel);
/* A file under ../shared opened for reading: NULL when it is absent (the
 * running test then skipped: "../shared/REL absent"). */
FILE *th_shared_open(const char *rel);
/* ENABLE2K: ../shared/words/enable2k.txt, else the shipped
 * data/words/en.txt (the same list, byte for byte), so that a fresh clone
 * without ../shared runs the ENABLE2K tests; NULL if neither is there.
 * Static buffer. */
const char *th_enable2k_path(void);
/* Append printf-style text to the growing buffer *s (*len bytes used of
 * *cap; NUL-terminated; grown with realloc, abort on no memory). */
void th_append(char **s, size_t *len, size_t *cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void th_vappend(char **s, size_t *len, size_t *cap, const char *fmt, va_list ap);

/* Path under the source tree (TK_TOP, default "."); static buffer. */
const char *th_top_path(const char *rel);
/* Scale factor for generated-case counts: TK_TEST_SCALE (default 1.0). */
double th_scale(void);
/* 1 when this test program is built with AddressSanitizer (the sanitized
 * pass of `make test`, where the oracles run 3-10x slower), else 0. */
int th_sanitized(void);
/* 1 when the generated-case counts are cut below the plain `make test`
 * run's: under the sanitizers, or TK_TEST_SCALE below 1 (valgrind-check.sh
 * runs 0.1).  A check that a sample reached every kind of case belongs to
 * the full-size runs only. */
int th_reduced(void);
/* Scale for an oracle's generated-case count: th_scale() in the plain build,
 * th_scale() / DIVIDE_BY under the sanitizers.  Only for counts whose
 * every case the plain pass still compares: the sanitized pass needs the code
 * paths (it looks for memory and UB errors), not every case again. */
double th_sanitized_scale(double divide_by);
/* 1 under TK_LONG=1 (`make check-long`), else 0.  The long oracle runs
 * (thousands of positions, whole tables) run a sample in `make test` and
 * their full count under TK_LONG=1 (see tests/run-tests.sh). */
int th_long(void);
/* Scale for a count whose full size is for `make check-long`: under
 * TK_LONG=1 th_sanitized_scale(divide_by) (the plain build runs it all);
 * else th_scale() times `sample` (0 < sample <= 1, the share `make test`
 * runs), and under the sanitizers times the smaller of `sample` and
 * 1 / divide_by (never more than the plain run, never cut twice). */
double th_long_scale(double sample, double divide_by);
/* Read a whole file; caller frees.  NULL on error. */
char *th_read_file(const char *path, size_t *len);

#endif
