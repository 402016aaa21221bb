/* tilekit/skpreendgame.h - the Scrabble pre-endgame: every play of a
 * position with 1 to SK_PEG_MAX_BAG tiles in the bag, ranked by win
 * probability over every draw, each draw played out to the end.
 *
 * The position: a board, the mover's rack, the unseen tiles (tile set
 * minus board minus rack).  The opponent holds opp_tiles of them (7 in a
 * real game: a player holds fewer only with the bag empty); the rest,
 * 1..SK_PEG_MAX_BAG tiles, is the bag.
 *
 * Candidates: every legal play: every placement of the rack whatever its
 * score, and the pass.  Exchanges need SK_EXCHANGE_MIN (7) tiles in the
 * bag, so a pre-endgame has none.
 *
 * Draws: for a play of t tiles the mover draws k = min(t, bag) (k = 0 for
 * the pass).  A draw ("split") is the multiset of the k tiles the mover
 * draws, then the order of the tiles left in the bag, the opponent's rack
 * being the rest of the unseen tiles; its weight is the number of ways to
 * deal the unseen tiles (as distinct tiles) into bag order and rack that
 * give it, so every deal is equally likely and the weights sum to
 * U! / (U - bag)! for U unseen tiles.
 *
 * The model after the draw: both racks and the order of the tiles left in
 * the bag are known to both sides, and both play perfectly: the game from
 * there on is the perfect-information game sk_eg_solve_bag solves
 * (tilekit/skendgame.h: a player who places j tiles draws the next
 * min(j, left) from the bag; going out needs the bag empty; with tiles in
 * the bag two passes do not end the game, six scoreless turns do).  Once
 * the bag is empty this is the real game: with 1 tile in the bag every
 * placement empties it, so those values are exact game values.  With
 * tiles still in the bag after the opponent's reply (the pass with 1 in
 * the bag; 2 or more) each side also "knows" what it and the other will
 * draw: a double-dummy value, as in bridge analysis.  Why this model: it
 * is a well-defined value that a search can compute exactly and a brute
 * force can check, it favours neither side (both see everything), and it
 * goes to the true value as the bag empties; the honest alternative, a
 * game of imperfect information solved over information sets, has no
 * solver that finishes in seconds, and a fixed opponent policy (e.g. the
 * best reply by equity) would be a guess about the opponent rather than
 * a value.
 *
 * Value of a play over a draw: the mover's spread change from the play to
 * the end of the game (the play's points, then the game as above); final
 * = spread + that change: a win (> 0) counts 1, a tie 1/2.  A play's win
 * probability and expected spread are the weighted means over its draws.
 * Candidates rank by win probability, then expected spread, then score,
 * then generation order.
 *
 * Elimination, anytime: stage 0 values every candidate by a greedy
 * playout on each of its draws (sk_eg_playout: each side plays its
 * highest-scoring placement, going out first with 3 tiles or fewer); each
 * later stage takes the best `keep` candidates of the ranking so far and
 * values them again deeper: a search of `plies` plies with greedy playouts
 * at its leaves, a proof of each draw's win, tie or loss (SK_PEG_WIN), or
 * to the end (plies 0: exact).  A draw once solved
 * exactly is not searched again, so exact stages of growing `keep` (the
 * default: the best 2, then 4, then 8) each add only the new candidates'
 * work.  A stage may value a sample of each candidate's draws (with 3-4
 * tiles in the bag a candidate has up to 7920).  The stages run until the
 * last one is done or opts->seconds is up; a stage cut short by the clock
 * is dropped, so the ranking is: the candidates of the last finished stage
 * by their figures there, then the others in the order the stages before
 * left them (a candidate's figures and depth are those of the last stage
 * it finished).  If stage 0 itself is cut short, the candidates it valued
 * ("considered") come first, the others after them by score, with no
 * figures.
 *
 * Threads: the (candidate, draw) pairs of a stage are shared among `jobs`
 * threads, each with its own endgame solver (one thread, its own table of
 * tt_mb megabytes).  Every value depends only on its position and the
 * stage (a fresh table each solve), so a run that finishes gives the same
 * result on any number of threads.
 *
 * Ownership: an sk_peg keeps a pointer to the engine (keep it alive
 * longer); a result's arrays are malloc'ed: sk_peg_result_free().  Errors:
 * 0 or a negative TK_E* status with a message: TK_EINVAL (not a
 * pre-endgame: the bag would hold 0 or more than SK_PEG_MAX_BAG tiles;
 * more tiles than the set holds; a bad schedule; a play of opts->only
 * that is not legal), TK_ENOMEM.  Nothing
 * here prints, exits or aborts.
 */
#ifndef TILEKIT_SKPREENDGAME_H
#define TILEKIT_SKPREENDGAME_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/skendgame.h"
#include "tilekit/skgame.h"
#include "tilekit/skrafl.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SK_PEG_MAX_BAG     SK_EG_MAX_BAG   /* 4 */
#define SK_PEG_MAX_STAGES  12
#define SK_PEG_GREEDY      (-1)            /* plies of a stage valued by greedy playouts alone */
#define SK_PEG_EXACT       0               /* plies of a stage solved to the end */
#define SK_PEG_WIN         (-2)            /* plies of a stage that proves each draw won, tied or lost
                                            * (searches to the end in a window around the tie; the
                                            * spread stays the stage before's estimate, kept on the
                                            * proven side) */
#define SK_PEG_TT_MB_DEFAULT 32            /* per thread */

/* One stage of the elimination: the best `keep` candidates of the ranking
 * so far (all of them for stage 0; 0: all) valued `plies` deep
 * (SK_PEG_GREEDY, d > 0 plies then playouts, SK_PEG_WIN, SK_PEG_EXACT) on every draw
 * (draws 0) or on a sample of `draws` of each candidate's draws (spread
 * evenly over them in their order; the figures are then the weighted means
 * over the sample). */
typedef struct sk_peg_stage {
    int keep;
    int plies;
    int draws;
} sk_peg_stage;

typedef struct sk_peg_opts {
    double seconds;            /* > 0: answer within this much wall time (the last finished
                                * stage; the stages stop at 98% of it); 0: run every stage
                                * to its end */
    int spread;                /* the mover's score less the opponent's, before the play */
    int zeroless;              /* scoreless turns already made in a row (0..5) */
    int opp_tiles;             /* tiles on the opponent's rack (0: SK_RACK_MAX) */
    const sk_peg_stage *stages;   /* the schedule (NULL: sk_peg_default_stages) */
    int nstages;
    const sk_play *only;       /* not NULL: value only these plays (placements legal here, or
                                * the pass), not every legal play */
    size_t nonly;
} sk_peg_opts;

typedef struct sk_peg_cand {
    sk_play play;              /* SK_PLAY_MOVE or SK_PLAY_PASS */
    double win;                /* win probability (a tie counts 1/2) over the draws */
    double spread;             /* expected spread change to the end (the play's points included) */
    int valued;                /* 0: never valued on every draw (stage 0 cut short; no figures) */
    int exact;                 /* every draw solved to the end */
    int win_exact;             /* its win probability is proven (exact, or by SK_PEG_WIN) */
    int plies;                 /* depth of its figures: SK_PEG_GREEDY, plies, SK_PEG_WIN, SK_PEG_EXACT */
    int stage;                 /* the last stage it finished (-1: none) */

    uint32_t draws;            /* distinct draws for this play */
    uint32_t used;             /* of them in its figures (fewer: a stage's sample) */
} sk_peg_cand;

typedef struct sk_peg_stage_info {
    int plies;
    int draws;                 /* 0 every draw, else a sample of so many a candidate */
    size_t cands;              /* candidates the stage took (or would take) */
    int done;                  /* finished (0: cut short by the clock, or not started) */
    double seconds;            /* wall time */
    double cpu;                /* processor time of the whole process meanwhile (all threads) */
} sk_peg_stage_info;

typedef struct sk_peg_result {
    sk_peg_cand *cand;         /* every legal play (or opts->only), ranked best first (malloc'ed) */
    size_t n;
    size_t legal;              /* legal plays */
    size_t considered;         /* of them valued on every draw by stage 0 at least */
    int bag, unseen;           /* tiles in the bag; tiles unseen by the mover */
    uint64_t weight;           /* the draws' total weight: unseen! / (unseen - bag)! */
    int nstages;
    sk_peg_stage_info stage[SK_PEG_MAX_STAGES];
    int complete;              /* every stage finished */
    uint64_t nodes;            /* endgame nodes searched (playout turns included) */
    double seconds, cpu;       /* wall time; processor time of the process (all threads) */
} sk_peg_result;

typedef struct sk_peg sk_peg;

/* A pre-endgame solver for engine e: jobs threads (<= 1: one), each with
 * an endgame table of tt_mb megabytes (0: SK_PEG_TT_MB_DEFAULT). */
int sk_peg_create(sk_peg **out, const sk_engine *e, size_t tt_mb, int jobs, tk_error *err);
void sk_peg_destroy(sk_peg *p);

/* The default schedule for a bag of `bag` tiles (*n stages). */
const sk_peg_stage *sk_peg_default_stages(int bag, int *n);

/* Rank every play of `rack` on board b (opts NULL: spread 0, no clock, the
 * default schedule).  res is filled (free it with sk_peg_result_free),
 * also when the clock cut the stages short. */
int sk_peg_solve(sk_peg *p, const sk_board *b, const sk_rack *rack, const sk_peg_opts *opts, sk_peg_result *res,
                 tk_error *err);
void sk_peg_result_free(sk_peg_result *res);

#ifdef __cplusplus
}
#endif
#endif
