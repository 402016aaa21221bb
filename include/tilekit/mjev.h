/* tilekit/mjev.h - the expected value of each discard of a 14-tile hand:
 * the probability of being tenpai and of a tsumo win with a yaku by each
 * turn, and the expected value of that win, as computed by the published
 * calculator nekobean/mahjong-cpp (ExpectedScoreCalculator).  The model is
 * stated in full in ../shared/vectors/mjev-model.md (sections 1-8): a graph
 * of draw states (13 - 3k tiles) and discard states (14 - 3k tiles) over 37
 * tile kinds (the red fives 0m 0p 0s apart), discarded tiles returning to
 * the wall, tegawari and shanten back within an exchange budget, automatic
 * riichi of a closed hand, tsumo wins only with the expected ura dora, and
 * a backward recursion over turns with the wall shrinking one tile a turn.
 * Its quirks are kept on purpose: the numbers match that calculator.
 *
 * Contract
 * - mj_ev_config_init() gives the defaults (turns 1..18, extra 1, shanten
 *   back, tegawari, ura-dora expectation and red fives on).
 * - mj_ev_word() reads one EV context word (turn:N last:N extra:N back:on/off
 *   tegawari:on/off ura-ev:on/off red:on/off); mj_ev_parse_line() reads a
 *   whole line: hand, melds, these words and mjwait's context words
 *   (round: seat: dora: seen: honba: sticks:).  Errors carry the column.
 * - mj_ev_solve() needs a 14 - 3k tile hand that is not complete, with
 *   shanten 0..3 (the range the calculator serves), at most 5 dora
 *   indicators, and a context without win words (ron, tsumo, riichi, ura:,
 *   win: ...: the model decides those itself).  The unseen tiles are
 *   4 - hand - melds - dora indicators - seen (1 - visible copies for a red
 *   five); more than 4 visible copies, or two red fives of a suit, is
 *   TK_EINVAL.  All errors fill err and leave *out unspecified.
 * - An mj_ev is a reusable solver: it owns the memory of the search (the
 *   states, their links, the turn values), grown as needed and kept for the
 *   next hand; one per thread (not re-entrant on one object, no global
 *   state).  It never prints or exits.
 * - Limits: cfg->max_nodes states (default MJ_EV_DEFAULT_NODES = 2,000,000,
 *   about 6 times the largest graph of a 3-shanten hand met so far, 318,487
 *   states).  Memory grows with the graph: about 40 bytes a state, 20 a
 *   link and 48 of values a state, ~190 bytes a state in all (202,048
 *   states: 44 MB peak for the whole mjwait process), so the default bound
 *   keeps a hand under about 0.4 GB; it is kept for the next hand (a big
 *   hand's hash slots are dropped).
 *   cfg->seconds > 0 is a time limit on the search.  Either limit reached:
 *   TK_ELIMIT, with the message saying which ("cut: ...").
 */
#ifndef TILEKIT_MJEV_H
#define TILEKIT_MJEV_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/common.h"
#include "tilekit/mahjong.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MJ_EV_KINDS       37   /* 34 plain kinds, then the red 5m, 5p, 5s */
#define MJ_EV_MAX_TURNS   18
#define MJ_EV_MAX_DORA    5
#define MJ_EV_MAX_SHANTEN 3
#define MJ_EV_DEFAULT_NODES 2000000u

typedef struct mj_ev_config {
    int t_min;          /* first turn reported, 1..t_max (turn:) */
    int t_max;          /* last turn, <= 18 (last:) */
    int extra;          /* exchange budget for tegawari and shanten back, >= 0 (extra:) */
    int back;           /* shanten back (back:) */
    int tegawari;       /* keep draws that do not lower the shanten (tegawari:) */
    int ura;            /* expected ura dora on riichi wins (ura-ev:) */
    int red;            /* red fives are their own kinds and score (red:) */
    size_t max_nodes;   /* 0 = MJ_EV_DEFAULT_NODES */
    double seconds;     /* > 0: time limit of one mj_ev_solve() */
} mj_ev_config;

/* One discard of the root: values for turns t_min..t_max at index t - t_min. */
typedef struct mj_ev_discard {
    uint8_t kind;        /* 0..33 plain, 34..36 the red 5m/5p/5s */
    int8_t shanten;      /* shanten of the 13 - 3k tiles left */
    uint64_t necessary;  /* bit t (plain 0..33): drawing t lowers that shanten
                          * (judged on the concealed tiles alone) */
    double tenpai[MJ_EV_MAX_TURNS];
    double win[MJ_EV_MAX_TURNS];
    double score[MJ_EV_MAX_TURNS];
} mj_ev_discard;

typedef struct mj_ev_result {
    int shanten;                 /* of the 14 - 3k tile hand */
    int wall;                    /* S: unseen tiles */
    int t_min, n_turns;          /* the turns of the value arrays */
    uint8_t unseen[MJ_TILES];    /* unseen copies per plain kind (a red five
                                  * counted in its five): the necessary-tile counts */
    int n_discards;              /* the discards explored, kind order */
    mj_ev_discard discards[14];
    size_t draw_nodes, discard_nodes, links;   /* size of the search graph */
} mj_ev_result;

typedef struct mj_ev mj_ev;

void mj_ev_config_init(mj_ev_config *c);
/* One EV word of len bytes.  Returns 1 if it was one (applied), 0 if it is
 * not an EV word (left to mj_winctx_word), or TK_EFORMAT with err filled. */
int mj_ev_word(mj_ev_config *c, const char *word, size_t len, long col, tk_error *err);
/* A whole line: *w and *c pre-filled (defaults or options), the words on
 * the line override them.  Returns 0 or TK_EFORMAT / TK_ELIMIT. */
int mj_ev_parse_line(const char *text, size_t len, mj_hand *h, mj_winctx *w, mj_ev_config *c, tk_error *err);

/* *out = a new solver (TK_ENOMEM: *out = NULL).  mj_ev_destroy(NULL) is safe. */
int mj_ev_create(mj_ev **out, tk_error *err);
void mj_ev_destroy(mj_ev *ev);
/* Solve one hand (see the contract above).  ctx is the caller's shanten
 * context (same thread).  Returns 0, TK_EINVAL (bad hand or context),
 * TK_ELIMIT (a limit was reached: the hand is cut), or TK_ENOMEM. */
int mj_ev_solve(mj_ev *ev, mj_ctx *ctx, const mj_hand *h, const mj_winctx *w, const mj_ev_config *c,
                mj_ev_result *out, tk_error *err);

/* The value of a 13 - 3k tile hand waiting for its draw (no riichi
 * declared yet): the same model and contract as mj_ev_solve with the root a
 * draw state, its shanten 0..3.  *out holds one entry, kind
 * MJ_EV_NO_DISCARD, whose values by turn are the hand's. */
#define MJ_EV_NO_DISCARD 255
int mj_ev_solve_draw(mj_ev *ev, mj_ctx *ctx, const mj_hand *h, const mj_winctx *w, const mj_ev_config *cfg,
                     mj_ev_result *out, tk_error *err);

/* ---- calls (ev_calls.c) ----
 * For a tile another player just discarded, every call the 13 - 3k tile
 * hand can make and its value, against passing:
 * - pass: the hand waits for its draw (mj_ev_solve_draw), the tile counted
 *   as seen;
 * - chi (only from the player on the left, from_left), pon: the meld is
 *   made with plain copies before a red five, then the best discard of the
 *   14 - 3(k+1) tile hand by the model (mj_ev_solve), the called tile and,
 *   for a chi that completes a two-sided shape, the tile at its other end
 *   excluded (no swap-calling, as on Tenhou); an open hand wins only with a
 *   yaku (the scorer's rule: a win without one is worth 0);
 * - kan (an open kan of the tile): the replacement draw is the hand's next
 *   draw (mj_ev_solve_draw with the new meld; the new dora indicator is
 *   not modelled);
 * - ron: when the tile completes the hand with a yaku, its value by ron
 *   (mj_score_wait: honba and sticks included), win probability 1.
 * Values are those of the first turn reported (cfg->t_min).  A call whose
 * hand the model refuses (shanten over 3, too few tiles) is left out; the
 * pass is always there (its error is the function's). */
enum { MJ_CALL_PASS, MJ_CALL_CHI, MJ_CALL_PON, MJ_CALL_KAN, MJ_CALL_RON };
#define MJ_EV_MAX_CALLS 8

typedef struct mj_ev_call {
    uint8_t kind;          /* MJ_CALL_* */
    uint8_t n_own;         /* tiles from the hand */
    uint8_t own[3];        /* plain tiles */
    uint8_t discard;       /* chi/pon: best discard (EV kind); else MJ_EV_NO_DISCARD */
    int8_t shanten;        /* after the call and its discard (-1: ron) */
    double tenpai, win, score;
} mj_ev_call;

typedef struct mj_ev_callset {
    int n;
    mj_ev_call calls[MJ_EV_MAX_CALLS];   /* calls[0] is the pass */
    int best;                            /* index of the highest score */
} mj_ev_callset;

/* Flags of mj_ev_calls(). */
#define MJ_CALL_FROM_LEFT 1u   /* discarded by the player before mine: chi allowed */
#define MJ_CALL_FURITEN   2u   /* my hand is furiten: no ron */

/* tile (plain 0..33, red: the red five) discarded by another player.
 * Returns 0 or the error of the pass. */
int mj_ev_calls(mj_ev *ev, mj_ctx *ctx, const mj_hand *h, const mj_winctx *w, const mj_ev_config *cfg, int tile,
                int red, unsigned how, mj_ev_callset *out, tk_error *err);
const char *mj_call_name(int kind);

/* Necessary and unnecessary tiles over all three forms (regular, seven
 * pairs and thirteen orphans; the last two only without melds), on closed
 * counts (each <= 4) with k melds:
 * They are read from per-group tables (nu.c) filled on first use in the
 * context (about 18 MB of zeroed pages, touched as states are met).
 * - mj_necessary: a 13 - 3k tile hand; bit t set when count[t] < 4 and
 *   shanten(count + t) < shanten(count);
 * - mj_unnecessary: a 14 - 3k tile hand; bit t set when count[t] > 0 and
 *   shanten(count - t) == shanten(count) (none for a complete hand).
 * *shanten gets the hand's shanten.  Bad counts: returns 0, *shanten = 99. */
uint64_t mj_necessary(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten);
uint64_t mj_unnecessary(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten);
/* The same by trying each tile with mj_shanten_counts (a reference for tests). */
uint64_t mj_necessary_slow(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten);
uint64_t mj_unnecessary_slow(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten);

/* Name of an EV kind: "1m".."7z", "0m" "0p" "0s" for 34..36. */
void mj_ev_kind_name(int kind, char out[3]);

#ifdef __cplusplus
}
#endif
#endif
