/* boggle_random.h - rolled boards for the boggle front-end: `--random SET
 * [--boards N] [--seed S]` and the dice of `--best --dice SET`.
 *
 * Board i (1-based) of a run is rolled with seed S + i - 1, so any board can
 * be rolled again alone with `--random SET --seed S+i-1`; the dice roll
 * straight into a grid (bog_dice_roll_grid), no text round trip. */
#ifndef TILEKIT_CLI_BOGGLE_RANDOM_H
#define TILEKIT_CLI_BOGGLE_RANDOM_H

#include <stdio.h>

#include "cli/cli_json.h"
#include "tilekit/boggle.h"

/* Load a dice set: a name (4x4, 4x4-1987, 5x5, 6x6: data/boggle/dice-NAME.txt)
 * or a file path; checks every face against the alphabet.  Prints the error
 * and returns NULL on failure.  *path (may be NULL) gets the file used
 * (a static buffer: not thread-safe, call it from the main thread). */
bog_dice *boggle_dice_load(const char *set, const alpha_table *a, const char **path);

/* A seed from the clock (when --seed is not given). */
unsigned long long boggle_clock_seed(void);

/* Roll board `no` (1-based) of a run seeded with `seed` into g; returns the
 * board's own seed (seed + no - 1).  Returns 0 on success, -1 if a face does
 * not encode (cannot happen after boggle_dice_load). */
int boggle_roll(const bog_dice *d, const alpha_table *a, unsigned long long seed, long no, bog_grid *g,
                unsigned long long *board_seed);

/* What goes before a rolled board's answer in text mode: with `header`
 * (several boards) a blank line between boards and "# board N, seed S";
 * then the grid (unless --show draws it), cells separated by one space. */
void boggle_roll_text(cli_buf *b, const bog_grid *g, const alpha_table *a, long no, unsigned long long seed,
                      int header, int grid);
/* Its JSON members "seed" and "board" (the rows as above), for the shared
 * JSON writer. */
void boggle_roll_json(cli_json *j, const bog_grid *g, const alpha_table *a, unsigned long long seed);

/* The same onto a stdio stream (the JSON members followed by a comma, to
 * splice into an object being printed). */
void boggle_print_roll(FILE *f, const bog_grid *g, const alpha_table *a, long no, unsigned long long seed,
                       int header, int grid);
void boggle_print_roll_json(FILE *f, const bog_grid *g, const alpha_table *a, unsigned long long seed);

#endif
