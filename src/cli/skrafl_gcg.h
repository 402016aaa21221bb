/* skrafl_gcg.h - skrafl --gcg: reviewing GCG game records (issue 23).
 *
 * skrafl.c lists the options below in its getopt table and hands them to
 * skg_option(); when --gcg is given (without --selfplay), skg_run() reviews
 * the file named by --gcg and every further argument (files, or
 * directories searched for *.gcg), one game per record of the batch engine,
 * output in input order, a summary line per game and a table per player;
 * with --sim and --endgame (skrafl_sim.h, skrafl_endgame.h) each turn is
 * also judged by simulation or by the exact endgame solver. */
#ifndef TILEKIT_SKRAFL_GCG_H
#define TILEKIT_SKRAFL_GCG_H

#include "cli/skrafl_cli.h"

enum { SKG_O_BASE = 1200, SKG_O_TURN = SKG_O_BASE, SKG_O_CGPAT, SKG_O_END };

#define SKG_LONG_OPTIONS \
    { "turn", required_argument, 0, SKG_O_TURN }, \
    { "cgp-at", required_argument, 0, SKG_O_CGPAT },

/* Handle --turn / --cgp-at (exits with status 2 on a bad value). */
void skg_option(int code, const char *arg);
/* Is this run a review of GCG files (--gcg without --selfplay)? */
int skg_wanted(void);
/* After option parsing: usage errors for options that do not go with a
 * review (exit 2). */
void skg_check(void);
/* Review the --gcg file and args[0..nargs); returns the exit status. */
int skg_run(const skc_ctx *c, char **args, int nargs);
void skg_usage(void);

#endif
