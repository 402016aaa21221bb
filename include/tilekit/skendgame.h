/* tilekit/skendgame.h - the exact Scrabble endgame solver, the pre-endgame
 * that builds on it (1-4 tiles in the bag), and the best play at any stage
 * under a clock (sk_best): the sections below.
 *
 * When the bag is empty both racks are known: the rest of the game is a
 * two-player game of perfect information, solved here exactly by search.
 *
 * Rules (GUIDE section 9.1):
 *   - A turn is a placement (any legal move of the player's own rack) or a
 *     pass; there are no exchanges.
 *   - Going out: the player who plays the last tile of the rack ends the game
 *     and gains twice the face value of the tiles left on the opponent's rack.
 *   - Passing: two consecutive passes (one by each player) end the game; each
 *     player then loses the face value of the own rack.  Six consecutive
 *     scoreless turns (passes, and placements scoring 0) also end it that way:
 *     the position carries the count of scoreless turns already made
 *     (CGP's ZEROLESS field), so with 5 counted a single pass ends the game.
 *   - The value of a position is the final spread change from the view of
 *     the player to move: the points of every remaining play (mover's minus
 *     opponent's) plus the end adjustments above.
 *
 * The search: negamax with alpha-beta (principal variation search), iterative
 * deepening by plies (a depth-limited leaf is valued by a heuristic and the
 * result is then marked inexact; the solver stops deepening as soon as an
 * iteration's value rests on finished games only, which makes it exact), a
 * transposition table of fixed size keyed by a Zobrist hash of board, both
 * racks, side to move and the pass state, and move ordering (the table's best
 * move, then going out, then score plus the value of the tiles played).
 * Both sides' moves come from the move generator (tilekit/skrafl.h) for
 * their own racks: generated once per line state for the racks of the
 * solve's root and filtered by the tiles still on the rack at each node.  With jobs > 1 the root moves are shared among threads
 * (one transposition table, lock-free): the value is the same as with one
 * thread (the search is exact), and so is the first play: among plays of
 * equal value, the first in sk_move_cmp order (the pass last).
 *
 * Ownership: an sk_endgame holds one move generator per thread, its move
 * buffers and the transposition table (tt_mb megabytes, allocated once by
 * sk_endgame_create) and, per thread, a cache of move lists that grows
 * during a solve as needed (up to about 110 MB, then it starts over; kept
 * for the next solve); it keeps a pointer to the engine (keep it alive
 * longer).  One solver is used by one caller at a time (it is not shared
 * between threads; make one per thread).  A result's `best` array is
 * malloc'ed by the solver: free it with sk_eg_result_free().
 *
 * Errors: 0 or a negative TK_E* status with a message in the caller's
 * tk_error: TK_EINVAL (a rack of more than SK_RACK_MAX tiles, a board of the
 * wrong size, the bag not empty), TK_ENOMEM.  Nothing here prints, exits or
 * aborts.  Limits: a search never goes deeper than SK_EG_MAX_PLY plies.
 */
#ifndef TILEKIT_SKENDGAME_H
#define TILEKIT_SKENDGAME_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/skgame.h"
#include "tilekit/skrafl.h"
#include "tilekit/sksim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SK_EG_MAX_PLY 64       /* deepest search (a game has at most 2 * 7 placements + passes) */
#define SK_EG_TT_MB_DEFAULT 64
#define SK_EG_MAX_BAG 4        /* tiles of a known bag (pre-endgame splits) */

/* A position with both racks known.  rack[0] is the player to move. */
typedef struct sk_eg_position {
    sk_board board;
    sk_rack rack[2];
    int zeroless;              /* consecutive scoreless turns already made (0..5) */
    int last_pass;             /* 1: the previous turn (the opponent's) was a pass */
} sk_eg_position;

/* One turn of a line of play. */
typedef struct sk_eg_ply {
    uint8_t kind;              /* SK_PLAY_MOVE or SK_PLAY_PASS */
    uint8_t player;            /* 0 the root's mover, 1 the opponent */
    uint8_t last;              /* 1: this turn ended the game */
    sk_move move;              /* SK_PLAY_MOVE */
    int32_t score;             /* the play's points */
    int32_t end;               /* end-of-game points for `player` after this turn (0 if
                                * the game goes on): +2x the opponent's rack for going out;
                                * after the last pass: the opponent's rack minus the own */
} sk_eg_ply;

typedef struct sk_eg_opts {
    double seconds;            /* > 0: answer within about this time (anytime) */
    int plies;                 /* > 0: search at most this many plies deep */
    int all_best;              /* also list every first play achieving the value */
    int no_tile_check;         /* 1: do not check the racks and bag against the tile set (a
                                * caller with a reduced set, e.g. tests); the racks must still
                                * hold at most SK_RACK_MAX tiles */
    int leaf;                  /* how a depth-limited search (plies > 0) values the nodes it does
                                * not go below: SK_EG_LEAF_RACKS or SK_EG_LEAF_PLAYOUT */
    int lo, hi;                /* lo < hi: the search to the end only within this window: a
                                * value v with lo < v < hi is exact, else a bound (`bound`);
                                * lo == hi: the whole range */
} sk_eg_opts;

#define SK_EG_LEAF_RACKS   0   /* the opponent's rack value less the mover's */
#define SK_EG_LEAF_PLAYOUT 1   /* a greedy playout to the end of the game (as sk_eg_playout) */

typedef struct sk_eg_result {
    int value;                 /* spread change from the mover's view (exact when `exact`) */
    int exact;                 /* 1: proven over every line to the end of the game */
    int bound;                 /* opts window: -1 the value is at most `value` (<= lo), +1 at
                                * least (>= hi), both proven; 0 otherwise */
    int depth;                 /* plies of the last finished iteration */
    int npv;
    sk_eg_ply pv[SK_EG_MAX_PLY];   /* principal variation: both sides to the end (exact),
                                    * or as deep as it was searched */
    uint64_t nodes;
    double seconds;
    size_t nbest;              /* all_best: the first plays achieving `value` */
    sk_eg_ply *best;           /* malloc'ed (sk_eg_result_free) */
} sk_eg_result;

typedef struct sk_endgame sk_endgame;

/* A solver for engine e: jobs threads (<= 1: one), a transposition table
 * of tt_mb megabytes (0: SK_EG_TT_MB_DEFAULT; at least 1). */
int sk_endgame_create(sk_endgame **out, const sk_engine *e, size_t tt_mb, int jobs, tk_error *err);
void sk_endgame_destroy(sk_endgame *s);
const sk_engine *sk_endgame_engine(const sk_endgame *s);

/* Tiles left in the bag when the board and both racks are known: tile set
 * minus board minus racks (negative: more tiles than the set holds). */
int sk_eg_bag_count(const sk_engine *e, const sk_board *b, const sk_rack *r0, const sk_rack *r1);

/* Read a CGP line into pos: board, `RACK/OPPRACK`, ZEROLESS (the fourth
 * field; 0 when absent).  Errors as sk_cgp_parse, and TK_EFORMAT for a bad
 * ZEROLESS (not a number, or SK_SCORELESS_END or more: the game is over).
 * The bag is not checked (sk_eg_bag_count). */
int sk_eg_cgp_parse(sk_eg_position *pos, const sk_engine *e, const char *s, size_t len, tk_error *err);

/* Solve pos (the bag must be empty: TK_EINVAL otherwise; both racks are
 * checked against the tile set with the board).  opts NULL: exact, no limit.
 * With opts->seconds or opts->plies the answer may be inexact: the best play
 * of the deepest finished iteration (`depth` plies), exact when that
 * iteration already reached the end of every line.  The result is filled
 * (free it with sk_eg_result_free). */
int sk_endgame_solve(sk_endgame *s, const sk_eg_position *pos, const sk_eg_opts *opts, sk_eg_result *res,
                     tk_error *err);
void sk_eg_result_free(sk_eg_result *res);

/* Solve with a known bag: bag[0..nbag) in drawing order (nbag <= SK_EG_MAX_BAG,
 * and it must be what the tile count leaves: TK_EINVAL otherwise).  A player
 * who places k tiles draws min(k, tiles left) from it; going out needs the
 * bag empty.  Everything else as sk_endgame_solve (a perfect-information
 * game: the pre-endgame solves one of these per split). */
int sk_eg_solve_bag(sk_endgame *s, const sk_eg_position *pos, const uint8_t *bag, int nbag,
                    const sk_eg_opts *opts, sk_eg_result *res, tk_error *err);

/* A greedy playout of pos (with the bag as sk_eg_solve_bag): each side in
 * turn plays its highest-scoring placement (with the bag empty and a rack of
 * 3 tiles or fewer, a placement that goes out first: the best by score +
 * twice the other rack; ties in sk_move_cmp order) or passes when it has
 * none, until the game ends.  res->value is the spread change
 * for the mover (never exact: res->exact 0, depth 0), res->pv the turns
 * played.  opts: only no_tile_check is read (NULL: checked).  Errors as
 * sk_eg_solve_bag. */
int sk_eg_playout(sk_endgame *s, const sk_eg_position *pos, const uint8_t *bag, int nbag, const sk_eg_opts *opts,
                  sk_eg_result *res, tk_error *err);

/* Apply one ply to a position (the side to move then changes: rack[0] is
 * always the player to move).  Returns 1 if the game ended with it (and
 * then *end holds the end points for the player who made the ply), else 0. */
int sk_eg_apply(const sk_engine *e, sk_eg_position *pos, const sk_eg_ply *p, int *end);

/* ---- the pre-endgame ----------------------------------------------------------------
 *
 * The Scrabble pre-endgame: every play of a
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
 * (above: a player who places j tiles draws the next
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
    size_t considered;         /* of them valued by stage 0 (on its draws: all, or its sample) */
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

/* ---- the best play at any stage ------------------------------------------------------
 *
 * The best play at any stage of a Scrabble game, under a clock: one choice that picks its method by the position.
 *
 * The method (sk_best_choose), from the tiles the mover cannot see (tile
 * set minus board minus rack: U of them, the bag holding U - 7):
 *   - the clock too short (opts->seconds < SK_BEST_MIN_SECONDS): the static
 *     equity player (score + leave value; sk_top_plays, n = 1);
 *   - the bag empty (U <= 7: the opponent's rack is the unseen tiles): the
 *     exact endgame solver (above) within the clock, its
 *     first play (exact, or of its deepest finished iteration);
 *   - 1 to SK_PEG_MAX_BAG tiles in the bag: the pre-endgame
 *     (above) within the clock, its first play;
 *   - more: simulation (tilekit/sksim.h) within the clock, 2 plies, its
 *     default candidates, the candidate ranked first.
 * A method that cannot answer (no candidate valued in time, a position
 * the simulation cannot play) falls back on the static equity player.
 *
 * The self-play player (sk_best_player, for sk_selfplay_hooked's `turn`
 * hook): a clock of game_seconds a game, shared out turn by turn: a turn
 * gets the time left divided by the mover's turns likely left (the bag
 * over 7, plus 3), twice that with 1-4 tiles in the bag and one and a half
 * times with the bag empty (the turns where searching pays most), at most
 * 60% of what is left; the time a choice takes is taken off.  A new game
 * (the turn count going down) sets the clock back.  Games under a clock
 * are not reproducible from their seed (how far a search gets depends on
 * the machine's load).
 *
 * Ownership: an sk_best keeps a pointer to the engine, its solvers and
 * scratch; one caller at a time (make one per thread).  Errors: 0 or a
 * negative TK_E* status with a message (TK_EINVAL: more tiles than the set
 * holds, an empty rack; TK_ENOMEM).  Nothing here prints, exits or aborts.
 */

#define SK_BEST_MIN_SECONDS 0.02   /* below it: the static equity player */

enum { SK_BEST_STATIC = 0, SK_BEST_ENDGAME, SK_BEST_PREENDGAME, SK_BEST_SIM };

typedef struct sk_best_opts {
    double seconds;            /* the clock for this choice */
    int spread;                /* the mover's score less the opponent's */
    int zeroless;              /* scoreless turns in a row so far */
    int last_pass;             /* the opponent's last turn was a pass */
    sk_leaves_value_fn fn;     /* leave values (static equity, simulation); NULL: all 0 */
    void *ctx;
    const sk_wintab *wins;     /* the simulation's win table (NULL: none) */
    uint64_t seed;             /* the simulation's seed */
} sk_best_opts;

typedef struct sk_best_result {
    sk_play play;              /* the choice */
    int method;                /* SK_BEST_* */
    int bag;                   /* tiles in the bag */
    int exact;                 /* endgame / pre-endgame: the figures are proven */
    int value;                 /* endgame: the spread change to the end */
    double win, spread;        /* pre-endgame: the play's win probability and expected spread */
    double mean;               /* simulation: the play's mean value (points) */
    uint64_t iterations;       /* simulation: iterations run */
    size_t legal, considered;  /* pre-endgame: legal plays and those valued */
    double seconds;
} sk_best_result;

typedef struct sk_best sk_best;

/* A chooser for engine e: jobs threads for its searches, tt_mb megabytes
 * for each endgame table (0: the solvers' defaults). */
int sk_best_create(sk_best **out, const sk_engine *e, int jobs, size_t tt_mb, tk_error *err);
void sk_best_destroy(sk_best *b);

/* The best play of `rack` on board `board` within opts->seconds. */
int sk_best_choose(sk_best *b, const sk_board *board, const sk_rack *rack, const sk_best_opts *opts,
                   sk_best_result *res, tk_error *err);
/* "static", "endgame", "preendgame", "sim". */
const char *sk_best_method_name(int method);

/* ---- the self-play player ---------------------------------------------------------------- */

typedef struct sk_best_player sk_best_player;

/* A player with a clock of game_seconds a game; base: its leave values,
 * win table and seed (seconds, spread, zeroless, last_pass are the game's). */
int sk_best_player_create(sk_best_player **out, const sk_engine *e, double game_seconds, const sk_best_opts *base,
                          tk_error *err);
void sk_best_player_destroy(sk_best_player *p);
/* sk_turn_choose_fn (tilekit/skgame.h): ctx is the sk_best_player. */
int sk_best_player_turn(void *ctx, sk_gen *g, const sk_turn_view *v, sk_play *out, tk_error *err);

#ifdef __cplusplus
}
#endif
#endif
