/* skrafl_sim.h - skrafl --sim (issue 27): Monte Carlo simulation of the best
 * candidate plays of a position (the library's sk_sim, tilekit/sksim.h).
 *
 * skrafl.c lists the options (codes SKS_O_*) in its getopt table and hands
 * them to sks_option() (and --seed / --leaves, which skrafl_play.c owns, to
 * sks_note() as well); after parsing, sks_setup() checks the combination and
 * takes the --jobs value for the simulation (the batch then runs one
 * position at a time); skrafl_solve.c hands each checked position to
 * sks_solve() when sks_active(). */
#ifndef TILEKIT_SKRAFL_SIM_H
#define TILEKIT_SKRAFL_SIM_H

#include "cli/skrafl_cli.h"
#include "tilekit/skgame.h"
#include "tilekit/sksim.h"

enum {
    SKS_O_BASE = 1100,
    SKS_O_SIM = SKS_O_BASE, SKS_O_PLIES, SKS_O_CANDIDATES, SKS_O_ITERATIONS, SKS_O_SECONDS,
    SKS_O_CONFIDENCE, SKS_O_EXACT, SKS_O_WINTAB, SKS_O_END
};

#define SKS_LONG_OPTIONS \
    { "sim", no_argument, 0, SKS_O_SIM }, \
    { "plies", required_argument, 0, SKS_O_PLIES }, \
    { "candidates", required_argument, 0, SKS_O_CANDIDATES }, \
    { "iterations", required_argument, 0, SKS_O_ITERATIONS }, \
    { "seconds", required_argument, 0, SKS_O_SECONDS }, \
    { "confidence", required_argument, 0, SKS_O_CONFIDENCE }, \
    { "exact", no_argument, 0, SKS_O_EXACT }, \
    { "wintab", required_argument, 0, SKS_O_WINTAB },

/* One of the options above (a bad value is a usage error, exit 2). */
void sks_option(int code, const char *arg);
/* An option of skrafl_play.c the simulation also reads (--seed, --leaves). */
void sks_note(int code, const char *arg);
int sks_active(void);
/* After option parsing: usage errors for options that do not go together;
 * takes o->jobs for the simulation and sets it to 1 (one position at a
 * time); asks skrafl_play.c for the default leave table when none is given;
 * loads the win table (--wintab FILE, or the language's shipped
 * wintab/LANG.csv when found; --wintab none: none).  Returns 0 or an exit
 * status. */
int sks_setup(skc_opts *o);
int sks_solve(const skc_ctx *c, cli_buf *out, cli_buf *err, const sk_board *b, const sk_rack *r,
              const skc_pos *p);
void sks_usage(void);
/* The --sim options as sk_sim options for a GCG review (skrafl_gcg.c):
 * plies, candidates, seed, budget (iterations / seconds / confidence),
 * jobs, the win table, and the leave table lv; spread 0, no candidates
 * list, no progress. */
void sks_review_opts(sk_sim_opts *so, sk_leaves *lv);
/* The simulating self-play player (--players sim): an sk_chooser over
 * sk_sim_choose with --candidates, --plies, --iterations / --seconds /
 * --confidence (default 50 iterations), one thread, the leave table lv. */
const sk_chooser *sks_player(sk_leaves *lv);

#endif
