/* tilekit/skreview.h - a Scrabble game record reviewed, turn by turn.
 *
 * Given a parsed GCG game (sk_gcg, tilekit/skgame.h) and an engine of the
 * game's language, sk_review_game replays every event on an empty board and
 * returns one verdict record per event, then a summary per player and for
 * the game.  It computes only: the text, JSON and HTML forms of a review are
 * made by the formatters (tilekit/skfmt.h).
 *
 * What an event's verdict holds:
 *   - every event: the position before it (board, both totals as the file
 *     has them, scoreless turns in a row), the score and cumulative total as
 *     written (or, where the line gives none, the rules' score and the running
 *     sum), whether the total is the previous one plus the score;
 *   - a placement: its score by the rules (premiums, cross-words, bingo)
 *     against the score written, the placement and the rack checked, every
 *     word formed looked up; legal, illegal (with the reason) or not judged
 *     (words are judged only when the dictionary is the game's own: opts);
 *   - a placement, an exchange or a pass made with a full rack (the tiles
 *     the player must hold; a partial rack gets no rank): its rank among every
 *     play of that rack by score and by equity, the number of plays, the best
 *     play, the equity lost against it, a bingo missed, the best opts->top
 *     plays;
 *   - looking ahead (opts->sim, opts->endgame): with tiles in the bag, a
 *     simulation of the best plays by static equity and the play made (added
 *     when it is not among them): its value, rank and the points lost against
 *     the best by simulation; with the bag empty, the exact endgame solver on
 *     the position (the opponent holding the unseen tiles) and on the one
 *     after the play: the value of the play, of the best sequence and the
 *     points lost, or "not proven" within the bound (no loss claimed);
 *     with 1 to SK_PEG_MAX_BAG tiles in the bag (opts->endgame), the
 *     pre-endgame solver (sk_peg, the opponent holding 7 of the unseen
 *     tiles): every play ranked within the bound (opts->peg_seconds), then
 *     the play made and the first play found valued on their own to the end
 *     (its `only`): their win probabilities and expected spreads, and what
 *     the play made lost in each ("exact" when both are solved to the end on
 *     every draw; the best is the best of the plays the elimination kept,
 *     or the play made when it does better);
 *   - a withdrawn play (`--`) takes the player's placement off the board; its
 *     score must take back what that play added (-N, or the older `-- +0`
 *     with the total before the play); a withdrawal that does not follow
 *     the player's placement directly (another turn came between) takes
 *     nothing back: a problem, and its score should be 0;
 *   - an end-of-game rack line `(TILES)`: its value (twice the tiles for the
 *     player who went out, or once in the two-line style, where the other
 *     player's line takes them off; minus them for a player's own rack).
 *     When every placement was laid, the tiles are those the board leaves
 *     (a line counting other tiles has the wrong score), and a two-line
 *     `+N` needs the other player's `-N` line (else it is `+2N`).
 * At the end, each player's last total against the sum of the plays'
 * scores by the rules (`sum`): a total that differs is a total error, even
 * when each line followed the one before (a wrong score carried on).
 * Per player: turns, turns ranked, equity lost (thousandths), phonies
 * played, bingos missed, the final total, and the looking-ahead sums.  Per
 * game: score errors, total errors and problems found by the review.
 *
 * Ownership: the review borrows gc and e (keep them alive while it is used:
 * each record points to its sk_gcg_event) and owns its records (free with
 * sk_review_free, also after an error).  The reviewer (sk_reviewer) is one
 * thread's scratch (move generator, lists, the endgame solver and the
 * simulation's result); reuse it from game to game; one per thread.
 * The leave table and the win table in the options are read only.
 *
 * Errors: sk_review_game returns 0, TK_ENOMEM, or TK_EINVAL for options out
 * of range.  What is wrong in the game itself is not an error: it is in the
 * records (score_ok, total_ok, legal and why, and `problem`, a message for
 * the event's line).  Nothing here prints, exits or aborts.
 *
 * Limits: SK_REVIEW_TOP_MAX best plays kept per turn; the look-ahead
 * candidates as tilekit/sksim.h; the endgame solver as
 * tilekit/skendgame.h (bound it with opts->ego: a blank can cost hours).
 */
#ifndef TILEKIT_SKREVIEW_H
#define TILEKIT_SKREVIEW_H

#include "tilekit/skendgame.h"
#include "tilekit/skgame.h"
#include "tilekit/sksim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SK_REVIEW_TOP_MAX 50

typedef struct sk_review_opts {
    sk_leaves *leaves;         /* equity's leave table (NULL: every leave 0) */
    unsigned flags;            /* SK_ALL_OPENINGS */
    int top;                   /* best plays kept per ranked turn, 0..SK_REVIEW_TOP_MAX */
    int judged;                /* the dictionary is the game's own: a word missing from it is a phony */
    const char *dict_name;     /* the dictionary's name, for reasons ("ENABLE2K") */
    const char *lexnote;       /* judged 0: why not ("the game names no lexicon") */
    unsigned players;          /* bit p set: rank and look ahead at player p's turns (0: both) */
    int sim;                   /* simulate the turns made with tiles in the bag */
    sk_sim_opts simo;          /* plies, candidates, seed, iterations / seconds / confidence,
                                  jobs, wins; cand, spread, fn and ctx are set by the review */
    int endgame;               /* solve the turns made with the bag empty */
    sk_eg_opts ego;            /* the solver's bounds (seconds, plies) */
    size_t tt_mb;              /* its transposition table (0: SK_EG_TT_MB_DEFAULT) */
    double peg_seconds;        /* the pre-endgame's bound a solve (0: ego.seconds; both 0: none) */
    int look_turn;             /* look ahead at turn N only (0: every turn, -1: none) */
} sk_review_opts;

/* The verdict on one event (see the top). */
typedef struct sk_review_event {
    const sk_gcg_event *ev;    /* the event as read */
    int turn;                  /* 1.. for placements, exchanges and passes; 0 for other events */
    int score, total;          /* as written, or the rules' score / the running sum (ev->no_score, no_total) */
    /* the position before it */
    sk_board before;
    int totals[2];             /* both players' totals (as the file has them) */
    int zeroless;              /* scoreless turns in a row */
    int last_pass;             /* the turn before was a pass */
    int has_opp_rack;          /* the opponent's rack is known whole (their next turn shows it) */
    sk_rack opp_rack;
    /* the event checked */
    int have_computed;         /* the rules give its score: */
    int computed, score_ok;
    int total_ok, expected_total;
    int legal;                 /* 1 legal, 0 not (why), -1 not judged (why), -2 nothing to say */
    char why[600];
    int placed;                /* a placement laid on the board: `move` (as written, SK_FMT_PLAYED) */
    sk_move move;
    int has_play;              /* a placement judged by the rules: gp */
    sk_gcg_play gp;
    int partial;               /* the rack shown is not the whole rack */
    char problem[320];         /* a problem with this line, for a message ("" none) */
    /* the static verdict: the play made among every play of the rack */
    int me_ok;                 /* the play made, valued (me), with a full rack that holds it */
    sk_play me;
    int have_rank;
    long rank_score, rank_equity, plays;
    int64_t equity, lost;      /* thousandths */
    sk_play best;
    int bingo_missed;
    int ntop;
    sk_play *top;              /* the best ntop plays (owned) */
    /* --sim: 1 simulated, -1 could not be (sim_why), 0 not asked */
    int sim;
    char sim_why[320];
    int sim_n, sim_rank, sim_in_top;
    sk_sim_cand sim_me, sim_best;
    int64_t sim_lost;          /* thousandths, from the exact sums (the same whatever the threads) */
    uint64_t sim_iterations;
    double sim_seconds;
    /* --endgame: 1 solved, -1 could not be (eg_why), 0 not asked */
    int eg;
    char eg_why[320];
    int eg_exact, eg_value, eg_best_value, eg_depth;
    sk_play eg_best;
    sk_rack eg_opp;            /* the opponent's rack (the unseen tiles) */
    int eg_solves;             /* 1 or 2 solves (before the play; after it) and their figures */
    int eg_s_exact[2], eg_s_depth[2];
    uint64_t eg_s_nodes[2];
    double eg_s_seconds[2];
    /* --endgame, 1-SK_PEG_MAX_BAG tiles in the bag: 1 solved, -1 could not be (peg_why), 0 not asked */
    int peg;
    char peg_why[320];
    int peg_bag;               /* tiles in the bag */
    int peg_exact;             /* both plays' figures solved to the end on every draw */
    int peg_complete;          /* the ranking of every play ran all its stages */
    size_t peg_legal, peg_considered;
    sk_peg_cand peg_me, peg_best;   /* the play made; the best play (peg_me's when it does better) */
    int peg_me_best;           /* the play made is peg_best */
    int64_t peg_lost_win;      /* win probability lost, millionths (0..1000000) */
    int64_t peg_lost_spread;   /* expected spread lost, thousandths (negative when the best wins
                                  more often by a smaller spread) */
    double peg_seconds;        /* both solves, wall */
} sk_review_event;

typedef struct sk_review_player {
    int plays, ranked, phonies, bingos_missed;
    int score;                 /* the final total */
    int sum;                   /* the plays' scores by the rules added up (written where the rules
                                  give none: bonuses, penalties); score != sum is a total error */
    int64_t lost;              /* equity lost, thousandths */
    int sim_judged;
    int64_t sim_lost;          /* thousandths */
    int eg_judged, eg_unproven, eg_lost;
    int peg_judged, peg_unproven;
    int64_t peg_lost_win;      /* millionths of a game */
} sk_review_player;

typedef struct sk_review {
    const sk_gcg *gc;
    const sk_engine *e;
    int n;                     /* = gc->nevents */
    sk_review_event *ev;
    int judged, sim, endgame;  /* as the options asked */
    char dict_name[80];
    sk_review_player player[2];
    int turns;
    int score_errors, total_errors, problems;
} sk_review;

typedef struct sk_reviewer sk_reviewer;

int sk_reviewer_create(sk_reviewer **out, tk_error *err);
void sk_reviewer_destroy(sk_reviewer *w);

/* Review game gc with engine e (see the top); *out filled (sk_review_free). */
int sk_review_game(sk_reviewer *w, const sk_engine *e, const sk_gcg *gc, const sk_review_opts *opts,
                   sk_review *out, tk_error *err);
void sk_review_free(sk_review *r);
/* Where play `me` (its equity and score set) stands among every play of
 * rack r on board b in state st (placements, exchanges when the bag allows
 * them, the pass; flags SK_ALL_OPENINGS; leaves may be NULL): *rank_equity
 * and *rank_score are 1 + the plays above it by equity and by score,
 * *nplays the number of plays, *best the best play by equity.  By the top-N
 * search (sk_top_plays) grown until the play is reached, and a count-only
 * generation: a good play costs little, without listing every placement.
 * g and list are scratch (keep them from call to call).  0, or a TK_E*
 * status with err set. */
int sk_play_rank(sk_gen *g, sk_movelist *list, const sk_board *b, const sk_rack *r, const sk_state *st,
                 unsigned flags, sk_leaves *leaves, const sk_play *me, long *rank_equity, long *rank_score,
                 long *nplays, sk_play *best, tk_error *err);

/* Add a player's sums to *to (a table over many games; score is not added). */
void sk_review_player_add(sk_review_player *to, const sk_review_player *p);

#ifdef __cplusplus
}
#endif
#endif
