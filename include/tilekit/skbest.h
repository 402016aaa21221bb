/* tilekit/skbest.h - the best play at any stage of a Scrabble game, under a
 * clock: one choice that picks its method by the position.
 *
 * The method (sk_best_choose), from the tiles the mover cannot see (tile
 * set minus board minus rack: U of them, the bag holding U - 7):
 *   - the clock too short (opts->seconds < SK_BEST_MIN_SECONDS): the static
 *     equity player (score + leave value; sk_top_plays, n = 1);
 *   - the bag empty (U <= 7: the opponent's rack is the unseen tiles): the
 *     exact endgame solver (tilekit/skendgame.h) within the clock, its
 *     first play (exact, or of its deepest finished iteration);
 *   - 1 to SK_PEG_MAX_BAG tiles in the bag: the pre-endgame
 *     (tilekit/skpreendgame.h) within the clock, its first play;
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
#ifndef TILEKIT_SKBEST_H
#define TILEKIT_SKBEST_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/skgame.h"
#include "tilekit/skpreendgame.h"
#include "tilekit/sksim.h"

#ifdef __cplusplus
extern "C" {
#endif

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
