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

/* Run the search and print what it finds; returns the exit status. */
int boggle_best_run(const boggle_best_opts *o, const bog_dict *bd);

#endif
