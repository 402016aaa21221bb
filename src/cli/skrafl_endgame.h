/* skrafl_endgame.h - skrafl's endgame options (issue 28): --endgame solves a
 * position with both racks known exactly, --preendgame ranks every play of a
 * position with 1 to 4 tiles in the bag over every draw.
 *
 * skrafl.c lists the options (codes SKE_O_*) in its getopt table and hands
 * them to ske_option(); when ske_active() says so, each position (a CGP line
 * of a batch, a CGP argument or a board file with --rack/--opp-rack) goes to
 * ske_solve() instead of the move listing.  Output and messages go into the
 * position's cli_buf pair, as skrafl_solve.c does. */
#ifndef TILEKIT_SKRAFL_ENDGAME_H
#define TILEKIT_SKRAFL_ENDGAME_H

#include "cli/skrafl_cli.h"
#include "tilekit/skendgame.h"
#include "tilekit/skgame.h"

enum {
    SKE_O_BASE = 1300,
    SKE_O_ENDGAME = SKE_O_BASE, SKE_O_PREENDGAME, SKE_O_OPPRACK, SKE_O_SECONDS, SKE_O_PLIES, SKE_O_TTMB,
    SKE_O_ALLBEST, SKE_O_BEST, SKE_O_ONLY, SKE_O_END
};

/* --seconds and --plies are listed by skrafl_sim.h; skrafl.c hands them to
 * ske_option (SKE_O_SECONDS, SKE_O_PLIES) too when the endgame solver is in use. */
#define SKE_LONG_OPTIONS \
    { "endgame", no_argument, 0, SKE_O_ENDGAME }, \
    { "preendgame", no_argument, 0, SKE_O_PREENDGAME }, \
    { "opp-rack", required_argument, 0, SKE_O_OPPRACK }, \
    { "tt-mb", required_argument, 0, SKE_O_TTMB }, \
    { "all-best", no_argument, 0, SKE_O_ALLBEST }, \
    { "best", no_argument, 0, SKE_O_BEST }, \
    { "only", required_argument, 0, SKE_O_ONLY },

/* Handle one of the options above (exits with status 2 on a bad value). */
void ske_option(int code, const char *arg);
/* --endgame, --preendgame or --best given? */
int ske_active(void);
/* Threads for one position alone: --jobs when given (jobs > 0), else every CPU
 * up to SKE_THREADS_DEFAULT_MAX (each thread keeps its own move caches). */
#define SKE_THREADS_DEFAULT_MAX 8
/* --best without --seconds: this clock a position. */
#define SKE_BEST_SECONDS 10.0
int ske_threads(int jobs);
void ske_usage(void);
/* One position (p->cgp: a CGP line, else board b with --rack and --opp-rack).
 * *solver: the caller's solver slot (NULL at first; made on demand, threads
 * jobs), freed by ske_free.  Returns the exit status. */
int ske_solve(const skc_ctx *c, void **solver, int jobs, const skc_pos *p, const sk_board *b, cli_buf *out,
              cli_buf *err);
void ske_free(void *solver);

/* For a GCG review (skrafl_gcg.c, --gcg with --endgame): the one-thread
 * solver of *slot for engine e (made on demand with --tt-mb, freed by
 * ske_free), and the limits --seconds / --plies as solver options (neither
 * given: SKE_REVIEW_SECONDS per solve). */
#define SKE_REVIEW_SECONDS 10.0
sk_endgame *ske_review_solver(void **slot, const sk_engine *e, tk_error *err);
void ske_limits(sk_eg_opts *o);
/* --preendgame, --best, --opp-rack or --all-best given (they do not go with --gcg)? */
const char *ske_not_for_review(void);

/* Self-play's "endgame" player (sk_player.endgame): a solver for engine e
 * (NULL when out of memory; free with ske_free), and the choice it makes
 * (the first play of the exact solve, within --seconds, default 1 s). */
void *ske_player_new(const sk_engine *e);
int ske_player_choose(void *ctx, const sk_board *b, const sk_rack *me, const sk_rack *opp, int scoreless,
                      int last_pass, sk_play *out);

#endif
