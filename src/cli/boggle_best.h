/* boggle_best.h - `boggle --best`: the search for the highest-scoring
 * board (library: bog_best_search in src/boggle/best.c). */
#ifndef TILEKIT_CLI_BOGGLE_BEST_H
#define TILEKIT_CLI_BOGGLE_BEST_H

#include "tilekit/boggle.h"

typedef struct boggle_best_opts {
    const char *shape;          /* "4x4", "5x5", "RxC" (NULL with dice: the set's) */
    const char *dice;           /* --dice SET, or NULL */
    double seconds;             /* --seconds (0: none) */
    long iterations;            /* --iterations (0: none) */
    long target;                /* --target (0: none) */
    int have_seed;
    unsigned long long seed;
    int jobs;
    int min_len;               /* 0: 3, or by grid size with min_by_size */
    int min_by_size;
    int json;
    int verbose;
} boggle_best_opts;

/* The options of --best for boggle's getopt_long table: --best RxC (-b),
 * --seconds S, --iterations N, --dice SET and --target N.
 * boggle_best_option handles one of them (returns 1; a bad value is a
 * usage error) or returns 0; boggle_best_check says that the others need
 * --best. */
enum { BOGGLE_OPT_SECONDS = 0x2000, BOGGLE_OPT_ITERATIONS, BOGGLE_OPT_DICE, BOGGLE_OPT_TARGET };
#define BOGGLE_BEST_OPTIONS                                                 \
    { "best", required_argument, NULL, 'b' },                               \
    { "seconds", required_argument, NULL, BOGGLE_OPT_SECONDS },             \
    { "iterations", required_argument, NULL, BOGGLE_OPT_ITERATIONS },       \
    { "dice", required_argument, NULL, BOGGLE_OPT_DICE },                   \
    { "target", required_argument, NULL, BOGGLE_OPT_TARGET }
int boggle_best_option(int c, boggle_best_opts *o, const char *arg);
void boggle_best_check(const boggle_best_opts *o);

/* Run the search and print what it finds; returns the exit status. */
int boggle_best_run(const boggle_best_opts *o, const bog_dict *bd);

#endif
