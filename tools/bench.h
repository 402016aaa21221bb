/* bench.h - what the benchmark drivers (tools/bench_*.c) and the other
 * self-play tools (mkleaves) share: clocks from the text toolkit, medians,
 * and setting up a Scrabble engine.  Header only: each driver is one
 * program. */
#ifndef TILEKIT_TOOLS_BENCH_H
#define TILEKIT_TOOLS_BENCH_H

#include <stdlib.h>

#include "cli/cli.h"
#include "core/tk_text.h"
#include "tilekit/skgame.h"

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

/* The engine for language `lang`'s built-in tile set on the standard board,
 * over the dictionary `dict` loaded as cli_load_dict does (NULL: the
 * language's default); *d gets the dictionary, *ts the tile set.  Prints the
 * error and returns NULL on failure (*d is then still to be destroyed). */
static inline sk_engine *bench_skrafl_engine(const char *dict, const char *lang, dawg_graph **d, sk_tileset *ts)
{
    *d = cli_load_dict(dict, lang, NULL);
    if (!*d)
        return NULL;
    tk_error err = {0};
    sk_layout lay;
    sk_engine *e = NULL;
    if (sk_tileset_builtin(ts, dawg_alphabet(*d), lang, &err) || sk_layout_builtin(&lay, "standard", &err) ||
        sk_engine_create(&e, *d, ts, &lay, &err)) {
        cli_error(NULL, 0, "%s", err.msg);
        return NULL;
    }
    return e;
}

#endif
