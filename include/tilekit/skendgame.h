/* tilekit/skendgame.h - the exact Scrabble endgame solver (the pre-endgame,
 * which builds on it: tilekit/skpreendgame.h).
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
 * thread (the search is exact), the first play may be another one of equal
 * value.
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
 * ZEROLESS.  The bag is not checked (sk_eg_bag_count). */
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

#ifdef __cplusplus
}
#endif
#endif
