/* tilekit/sksim.h - Monte Carlo simulation: choosing between candidate plays
 * by playing the game a few turns ahead (issue 27).
 *
 * Static equity (score + leave value, tilekit/skgame.h) judges a play by
 * itself; a simulation plays each candidate, then lets both players go on
 * for a few plies with the static equity player, over many random draws of
 * the tiles nobody has seen, and averages what happened.
 *
 * Candidates: the best K plays of the position by static equity (placements,
 * exchanges when the bag holds at least SK_EXCHANGE_MIN tiles, the pass),
 * as sk_rank_plays orders them, or a list the caller gives.
 *
 * One iteration (number i, 0-based):
 *   1. The unseen tiles (tile set minus board minus the mover's rack,
 *      sk_unseen) are put in a random order: a Fisher-Yates shuffle of
 *      their canonical order (ascending tile code, blank 0 first) with the
 *      sk_rng stream seeded by sk_game_seed(seed, i).  In exact mode the
 *      order is instead the i-th distinct arrangement of that multiset in
 *      lexicographic order (every distinct arrangement is equally likely
 *      under a uniform shuffle, so the mean over all of them is the exact
 *      expectation).
 *   2. The opponent's rack is the first 7 tiles of that order; the bag is
 *      the rest, drawn from the front.
 *   3. For every candidate still in the running, from the same order
 *      (common random numbers): the mover plays the candidate and draws,
 *      then P plies (opts.plies, default 2) are played alternately, the
 *      opponent first, each by the static equity player (the best play by
 *      equity with the same leave values, exchanges and pass included, the
 *      end-game term of skgame.h when the bag is empty; the state it sees
 *      is the true bag count and the other side's true rack), each player
 *      drawing from the front of the bag after a placement.  An exchange
 *      draws first, then puts the exchanged tiles back into the bag, each
 *      at a uniformly random place (drawn from the iteration's stream, which
 *      every candidate starts afresh after the shuffle).
 *   4. The game may end inside the rollout: a player who empties the rack
 *      with the bag empty goes out and gains twice the face value of the
 *      other rack; two consecutive passes with the bag empty end it with
 *      each side losing the face value of its own rack (GUIDE 9.1).  The
 *      six-zero rule is not applied inside a rollout.
 *
 * The VALUE of an iteration for a candidate, in thousandths of a point:
 *     value = S + L
 *     S = the candidate's score + the mover's scores - the opponent's scores
 *         over the P plies after it, with the end-of-game terms of step 4;
 *     L = 0 if the game ended in the rollout; else the `leave` term of the
 *         static equity of the MOVER's last play in the rollout (the
 *         candidate itself when P < 2): the leave table's value of the tiles
 *         it kept when the bag held tiles before that play, the end-game
 *         term of skgame.h when it was empty.
 * WIN of an iteration (in units of SK_SIM_WIN_UNIT, 1.0 = SK_SIM_WIN_UNIT):
 *     F = opts.spread (the mover's score minus the opponent's before the
 *     candidate) * 1000 + value.  If the game ended in the rollout, or no
 *     win table is given: a win (F > 0) counts 1, a tie (F == 0) 1/2, a loss
 *     0 (without a table a crude estimate when the game goes on).  With a
 *     win table (opts.wins) and the game going on: the table's probability
 *     that the player who made the rollout's last play wins, at spread F / 1000
 *     from that player's side and the tiles unseen by that player (bag +
 *     the other rack): W(F, u) when the mover played last (P even), else
 *     1 - W(-F, u); rounded to the nearest unit.
 *
 * Per candidate: iterations, mean value, its standard error, mean win.
 * Sums are exact integers (a 128-bit sum of squares), so the results do not
 * depend on the order iterations finish in: for a given seed and number of
 * iterations the result is the same whatever opts.jobs.
 *
 * Stopping rules (any combination; at least iterations, seconds or exact):
 *   - opts.iterations: stop after that many iterations;
 *   - opts.seconds: stop when that much wall time has passed (checked before
 *     each iteration starts; the count done is then whatever fitted, so a
 *     timed run is not reproducible);
 *   - opts.confidence C (e.g. 0.99): at every checkpoint (every
 *     opts.checkpoint iterations, default SK_SIM_CHECKPOINT, counted from
 *     0, so the decisions fall on the same iterations whatever jobs), the
 *     leader is the candidate in the running with the best mean (ties: the
 *     earlier candidate); every other candidate c in the running whose
 *     paired difference d_i = value_leader,i - value_c,i (same iterations,
 *     common random numbers) has mean(d) > z_C * sd(d) / sqrt(n), z_C the
 *     one-sided normal quantile of C, is dropped (no comparison correction
 *     for the number of candidates; no decision before 30 iterations).
 *     When one candidate is left the simulation stops.  Dropped candidates keep the statistics they had.
 *   - opts.progress returning nonzero at a checkpoint (the caller's stop).
 *
 * Threads: opts.jobs threads (the calling one included) share the
 * iterations between checkpoints; each has its own move generator and
 * scratch, allocated once per sk_sim call: nothing is allocated in the
 * rollouts (the move list grows only while warming up).
 *
 * Not simulable: TK_ENOTFOUND with a message when the bag is empty (no
 * tiles to draw: "use the endgame solver") or when the only play is the
 * pass; TK_EINVAL for bad options (no stopping rule, K or plies out of
 * range, exact mode over more than SK_SIM_EXACT_MAX arrangements);
 * TK_EFORMAT when board and rack hold more tiles than the set; TK_ENOMEM.
 * Nothing here prints, exits or aborts.
 */
#ifndef TILEKIT_SKSIM_H
#define TILEKIT_SKSIM_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/skgame.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SK_SIM_MAX_CANDIDATES 64
#define SK_SIM_MAX_PLIES      8
#define SK_SIM_DEFAULT_K      10
#define SK_SIM_CHECKPOINT     50
#define SK_SIM_WIN_UNIT       10000
#define SK_SIM_EXACT_MAX      ((uint64_t)1 << 40)
#define SK_SIM_MAX_JOBS       256

#define SK_SIM_STOP_ITERATIONS 0   /* the iteration count (or every arrangement) was reached */
#define SK_SIM_STOP_TIME       1   /* the time limit */
#define SK_SIM_STOP_CONFIDENCE 2   /* one candidate left in the running */
#define SK_SIM_STOP_CALLER     3   /* opts.progress asked to stop */

/* A win-percentage table: the probability that the player who has just
 * moved wins, as a function of the spread from that player's side and the
 * number of tiles that player cannot see (bag + the opponent's rack):
 * W(s, u) = 1 / (1 + exp(-s / scale[u])), one logistic scale per u (made by
 * tilekit's self-play: tools/mkwintab.c, data/wintab/).  Text form: CSV
 * lines `unseen,scale` (u 0..SK_WINTAB_MAX - 1, scale > 0), `#` comments,
 * an optional header line; a u not listed takes the scale of the nearest
 * u below it that is (the first listed for those below all). */
#define SK_WINTAB_MAX 128
typedef struct sk_wintab {
    int n;                     /* 1 + the highest u listed */
    double scale[SK_WINTAB_MAX];
} sk_wintab;

/* Errors (err->line set): TK_EFORMAT for a bad line or value, or no line. */
int sk_wintab_parse(sk_wintab *t, const char *text, size_t len, tk_error *err);
/* W(spread, unseen) in [0, 1] (u beyond the table: its last scale). */
double sk_wintab_win(const sk_wintab *t, double spread, int unseen);

typedef struct sk_sim_cand {
    sk_play play;              /* the candidate with its static score, leave and equity */
    uint64_t iterations;       /* iterations that valued it */
    double mean;               /* mean value, points */
    double se;                 /* standard error of the mean, points (0 below 2 iterations) */
    double win;                /* mean win, 0..1 */
    int64_t sum;               /* exact: sum of the values, thousandths */
    int64_t win_sum;           /* exact: sum of the wins, SK_SIM_WIN_UNIT each */
    int dropped;               /* 1 if the confidence rule dropped it */
    uint64_t dropped_at;       /* the checkpoint (iterations done) it was dropped at */
} sk_sim_cand;

typedef struct sk_sim_result {
    int n;                     /* candidates */
    sk_sim_cand cand[SK_SIM_MAX_CANDIDATES];   /* in static order (candidate 0 = best by equity) */
    int order[SK_SIM_MAX_CANDIDATES];          /* indices, best first: candidates still in the
                                                * running by mean, then dropped ones by mean
                                                * (ties: static order) */
    uint64_t iterations;       /* iterations run */
    uint64_t arrangements;     /* exact mode: the number of distinct arrangements (else 0) */
    int stop;                  /* SK_SIM_STOP_* (meaningful when finished) */
    int unseen, bag;           /* tiles unseen by the mover; of them in the bag */
    double seconds;            /* wall time so far */
} sk_sim_result;

typedef struct sk_sim_opts {
    int plies;                 /* plies after the candidate, 1..SK_SIM_MAX_PLIES (0: 2) */
    int candidates;            /* K, 1..SK_SIM_MAX_CANDIDATES (0: SK_SIM_DEFAULT_K) */
    const sk_play *cand;       /* explicit candidates (ncand of them, legal for the position;
                                * used as given, in the given order) instead of the top K */
    int ncand;
    uint64_t seed;
    uint64_t iterations;       /* 0: no count limit (exact mode: 0 = every arrangement) */
    double seconds;            /* 0: no time limit */
    double confidence;         /* 0: off; else in [0.5, 0.999999] */
    uint64_t checkpoint;       /* 0: SK_SIM_CHECKPOINT */
    int exact;                 /* iteration i = the i-th distinct arrangement */
    int jobs;                  /* threads, the caller's included (0 or 1: the caller's only) */
    int spread;                /* mover's score minus the opponent's, for the win estimate */
    const sk_wintab *wins;     /* win table (NULL: win / tie / loss by the sign of F) */
    sk_leaves_value_fn fn;     /* leave values (NULL: every leave 0) */
    void *ctx;
    /* Called by the calling thread after every checkpoint with the result so
     * far (order and statistics filled); return nonzero to stop. */
    int (*progress)(void *pctx, const sk_sim_result *r);
    void *pctx;
} sk_sim_opts;

/* Simulate the position (board b, mover's rack r; unseen tiles inferred).
 * res is filled (also on TK_ENOMEM after a start: then res->n = 0).
 * Errors: see the top of this file. */
int sk_sim(const sk_engine *e, const sk_board *b, const sk_rack *r, const sk_sim_opts *opts,
           sk_sim_result *res, tk_error *err);

/* The number of distinct arrangements of a multiset of tiles (counts[0..63]),
 * or 0 if it exceeds SK_SIM_EXACT_MAX. */
uint64_t sk_sim_arrangements(const int counts[64]);

/* The static equity player the rollouts use: the best play of rack r on
 * board b by equity (exchanges when st->bag >= SK_EXCHANGE_MIN, the pass;
 * the end-game term when st->bag == 0), the same play as sk_best_play over
 * the full move list: sk_top_plays with n = 1 (the best-first search).
 * list is scratch (reused, grows as needed).  Returns 0 or TK_ENOMEM. */
int sk_sim_static_best(sk_gen *g, sk_movelist *list, const sk_rack *r, const sk_board *b, const sk_state *st,
                       sk_leaves_value_fn fn, void *ctx, sk_play *best, tk_error *err);

/* A simulating player for sk_selfplay: strategy SK_STRAT_CUSTOM with an
 * sk_chooser { sk_sim_choose, ctx = a const sk_sim_opts * }.  While the bag
 * holds tiles it simulates the position with those options (candidates,
 * plies, leave values, budget: iterations, seconds, confidence; jobs as
 * given; the seed is opts->seed mixed with a hash of board and rack, so a
 * game is reproducible when the budget is a number of iterations) and plays
 * the candidate ranked first; with the bag empty, or when the position
 * cannot be simulated, it plays the static equity player's choice.  The
 * options are only read (share them between threads). */
int sk_sim_choose(void *ctx, sk_gen *g, const sk_board *b, const sk_rack *r, const sk_state *st, sk_play *out,
                  tk_error *err);

#ifdef __cplusplus
}
#endif
#endif
