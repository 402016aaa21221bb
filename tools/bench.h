/* bench.h - what the benchmark drivers (tools/bench_*.c) and the other
 * self-play tools (mkleaves, mkwintab) share: clocks from the text toolkit,
 * medians, a fixed-seed generator, callgrind's count of a command, setting
 * up a Scrabble engine and loading its leave table.  Header only: each driver is one
 * program. */
#ifndef TILEKIT_TOOLS_BENCH_H
#define TILEKIT_TOOLS_BENCH_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The next state of a xorshift64 generator (13, 7, 17): the benchmarks'
 * fixed-seed inputs, the same on every machine. */
static inline uint64_t bench_xorshift(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* Instructions callgrind counted for a command line (its "Collected :"
 * line, which the command must send to stdout), or -1. */
static inline double bench_collected(const char *cmd)
{
    char line[512];
    FILE *p = popen(cmd, "r");
    double v = -1;
    if (!p)
        return -1;
    while (fgets(line, sizeof line, p)) {
        char *c = strstr(line, "Collected :");
        if (c) {
            v = 0;
            for (c += 11; *c; c++)
                if (*c >= '0' && *c <= '9') v = v * 10 + (*c - '0');
        }
    }
    pclose(p);
    return v;
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

/* The leave table in file `path` (CSV, .tkl, KLV or KLV2) for alphabet `a`
 * and tile set `ts`; NULL after reporting a file that cannot be read or is
 * not a leave table. */
static inline sk_leaves *bench_load_leaves(const char *path, const alpha_table *a, const sk_tileset *ts)
{
    size_t len;
    char *text = cli_load_file(path, &len);
    if (!text)
        return NULL;
    tk_error err = {0};
    sk_leaves *t = NULL;
    if (sk_leaves_load(&t, a, ts, text, len, &err)) {
        cli_error(path, err.line, "%s", err.msg);
        t = NULL;
    }
    free(text);
    return t;
}

/* Where the shipped leave table of `lang` is: leaves/LANG.tkl in the data
 * path, else data/leaves/LANG.tkl when run from the top of the tree (into
 * buf); NULL when neither is there. */
static inline const char *bench_leaves_path(const char *lang, char *buf, size_t size)
{
    char rel[64];
    snprintf(rel, sizeof rel, "leaves/%s.tkl", lang);
    if (cli_find_data(rel, buf, size))
        return buf;
    snprintf(buf, size, "data/%s", rel);
    FILE *probe = fopen(buf, "r");
    if (!probe)
        return NULL;
    fclose(probe);
    return buf;
}

/* One tile of a CGP board or rack as text: upper case a tile, lower case
 * a blank (t | SK_BLANK); a letter of several characters in brackets. */
static inline void bench_cgp_tile(FILE *f, const alpha_table *a, uint8_t t)
{
    unsigned l = t & SK_LETTER;
    const char *s = t & SK_BLANK ? a->lower[l] : a->upper[l];
    int cps = 0;   /* code points */
    for (const char *p = s; *p; p++)
        cps += (*p & 0xC0) != 0x80;
    fprintf(f, cps > 1 ? "[%s]" : "%s", s);
}

/* The rows of board b as CGP (15/3CAT9/...), without a space after them. */
static inline void bench_cgp_rows(FILE *f, const sk_engine *e, const sk_board *b)
{
    for (int row = 0; row < b->dim; row++) {
        int run = 0;
        for (int c = 0; c < b->dim; c++) {
            uint8_t t = b->sq[row * b->dim + c];
            if (!t) {
                run++;
                continue;
            }
            if (run)
                fprintf(f, "%d", run);
            run = 0;
            bench_cgp_tile(f, sk_engine_alphabet(e), t);
        }
        if (run)
            fprintf(f, "%d", run);
        if (row + 1 < b->dim)
            fputc('/', f);
    }
}

#endif
