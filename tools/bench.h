/* bench.h - what the benchmark drivers (tools/bench_*.c) share: clocks
 * from the text toolkit and medians.  Header only: each driver is one
 * program. */
#ifndef TILEKIT_TOOLS_BENCH_H
#define TILEKIT_TOOLS_BENCH_H

#include <stdlib.h>

#include "core/tk_text.h"

/* Wall clock (monotonic) and this thread's CPU time, in seconds: on a busy
 * machine the CPU time leaves out the time the thread waited for a core. */
static inline double bench_wall(void) { return tku_clock_seconds(); }
static inline double bench_cpu(void) { return tku_cpu_seconds(); }

static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of v[0..n) (n > 0); sorts v. */
static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#endif
