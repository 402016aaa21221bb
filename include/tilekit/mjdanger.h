/* tilekit/mjdanger.h - defence: how likely each tile is to deal in to an
 * opponent, what that costs, and which opponents threaten.
 *
 * The table (mj_table) is what one player sees at the moment of a
 * discard: every river in order with its tsumogiri marks and riichi
 * declaration, every meld, the dora indicators, the tiles that went by
 * each opponent since its riichi (or its last discard), and the unseen
 * copies of each tile counting the player's own hand.  It is filled from
 * a replayed log (mj_table_from_replay) or from context words on an input
 * line (mj_table_word: riichi:W river-w: melds-w: safe-w:, see below).
 *
 * The model, for a tile t and an opponent o that is tenpai
 * 1. Exact rules.  t cannot deal in (danger 0, bit t of mj_danger.zero) when
 *    o could not win on it by ron: t is in o's river (genbutsu, furiten),
 *    or it went by since o's riichi or since o's last discard (passed: a
 *    winning tile passed makes o furiten), or no wait shape on t is
 *    possible any more: every shape below that waits on t needs copies
 *    that are all visible (kabe, no chance), or has another wait that is
 *    furiten.  These zeros are exact: every tenpai hand o could hold that
 *    waits on t is counted by some shape (checked by test_mjdanger against
 *    every tenpai hand consistent with generated positions).
 * 2. Wait shapes.  The candidates are every ryanmen (23 waits 1-4 ... 78
 *    waits 6-9), penchan (12 waits 3, 89 waits 7), kanchan (13 waits 2 ...),
 *    shanpon (a pair of x, waits x), tanki (x waits x) and, for a closed
 *    hand, the single-wait thirteen orphans on each terminal and honour.
 *    A shape is possible when none of its waits is safe (rule 1) and the
 *    unseen tiles hold its held tiles: its live count is the number of ways
 *    to hold them, C(unseen[a],1) C(unseen[b],1) for two tiles,
 *    C(unseen[x],2) for a pair, C(unseen[x],1) for tanki (and 1 for
 *    thirteen orphans when every other orphan is unseen).
 * 3. Plausibility.  Each possible shape s gets the weight
 *        w(s) = exp(sum_i theta_i f_i(s))
 *    where f (MJ_DANGER_FEATURES of them, mj_danger_feature_name) are: the
 *    shape's kind (one indicator each: ryanmen, kanchan, penchan, shanpon
 *    on a number / on a value honour / on another honour, tanki on a number
 *    / value honour / other honour, thirteen orphans), the log of its live
 *    count, and the evidence of o's river before its riichi: how many of
 *    the shape's held tiles o discarded by hand in its first six discards,
 *    later, or as tsumogiri (discarding a tile speaks against holding it:
 *    the early-outside rule), whether the riichi declaration tile (or the
 *    last tile discarded by hand before it) lies one or two steps from a
 *    held tile (the shape may have been kept from it), whether a kanchan,
 *    penchan, shanpon or tanki waits on a suji (three steps) of o's river
 *    (the suji trap), dora held or waited on, the share of o's discards in
 *    the shape's suit, and the rank of a shanpon/tanki wait (1/9, 2/8) and
 *    of a ryanmen (23 or 78).  The shapes' probabilities are w(s) / sum w;
 *    the probability that t is a wait (mj_danger.wait) is the sum over the
 *    shapes waiting on t, so these add up to the expected number of
 *    distinct waits.
 *    theta is fitted by tools/mkdanger.c (maximum likelihood of the shapes
 *    the riichi players of real logs really held), and stated with its
 *    command in src/mahjong/danger_model.c.
 * 4. Calibration.  The danger of t (mj_danger.deal) is that probability
 *    recalibrated across positions: logit(deal) = c . x with x =
 *    (1, log wait, turns since the riichi / 12 (at most 1), the riichi turn
 *    / 18 (at most 1), t an honour, a 1/9, a 2/8, a 3/7, log(candidate
 *    shapes) / 5, tiles in the river or passed / 34) (for a player not in
 *    riichi, or whose riichi turn is not known: 0 turns since and its
 *    river length as the turn; mj_danger_calib_features),
 *    c fitted by tools/mkdanger.c on the (discard, riichi player) pairs of
 *    real logs: the shapes count one wait shape where real hands often
 *    have two, and how much that matters depends on the turn, the tile and
 *    how many tiles are still possible.  A wait of 0 stays 0; all of c 0
 *    means no calibration (deal = wait).
 * 5. Threat and cost.  An opponent threatens when it is in riichi or has
 *    called two open melds or more.  P(tenpai) is 1 in riichi; for an open
 *    hand it is the fitted logistic curve of mj_danger_model in the number
 *    of open melds and discards.  The value of its hand is the mean value
 *    of a ron fitted from the same logs (riichi, riichi in its ippatsu turn,
 *    open), plus for an open hand 1,000 points per dora visible in its
 *    melds, times 1.5 for the dealer.  The expected loss of t is
 *    P(tenpai) x danger x value.
 *
 * Contract
 * - Everything here is a pure function of its inputs: no allocation, no
 *   global state, re-entrant.  Seats are 0..3 (as in a log) and winds
 *   follow from the dealer seat.
 * - Limits: MJ_TABLE_RIVER tiles a river (more: TK_ELIMIT).
 */
#ifndef TILEKIT_MJDANGER_H
#define TILEKIT_MJDANGER_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/common.h"
#include "tilekit/mahjong.h"
#include "tilekit/mjev.h"
#include "tilekit/mjlog.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MJ_TABLE_RIVER     40
#define MJ_DANGER_SHAPES   160   /* candidates: 18 ryanmen + 6 penchan + 21 kanchan + 34 shanpon + 34 tanki + 13 */
#define MJ_DANGER_FEATURES 27
#define MJ_DANGER_CALIB    10

/* Marks of a river tile. */
enum { MJ_RIVER_TSUMOGIRI = 1, MJ_RIVER_CALLED = 2, MJ_RIVER_RIICHI = 4 };

typedef struct mj_river_tile {
    uint8_t tile;     /* plain 0..33 */
    uint8_t flags;    /* MJ_RIVER_* */
} mj_river_tile;

typedef struct mj_table_seat {
    int n_river;
    mj_river_tile river[MJ_TABLE_RIVER];
    int riichi;                 /* index in river of the riichi declaration tile; -1 none;
                                 * MJ_RIICHI_UNKNOWN: in riichi, turn not known */
    int n_melds;
    mj_meld melds[MJ_MAX_MELDS];
    uint64_t passed;            /* bit t: t went by since the riichi (or the seat's last discard) */
} mj_table_seat;

#define MJ_RIICHI_UNKNOWN 99

typedef struct mj_table {
    int me;                     /* the seat that looks (0..3) */
    int dealer;                 /* the dealer's seat (its wind is East) */
    int round;                  /* round wind 0..3 */
    int n_dora;
    uint8_t dora[MJ_MAX_INDICATORS];   /* indicators */
    uint8_t unseen[MJ_TILES];   /* 4 - my closed tiles - every visible tile (rivers, melds, indicators) */
    mj_table_seat seat[4];
} mj_table;

/* A candidate wait shape (model step 2). */
typedef struct mj_danger_shape {
    uint8_t kind;               /* MJ_RYANMEN, MJ_KANCHAN, MJ_PENCHAN, MJ_SHANPON, MJ_TANKI, MJ_KOKUSHI */
    uint8_t tile;               /* lowest held tile (the pair / single tile; the wait for MJ_KOKUSHI) */
    uint8_t n_wait;
    uint8_t wait[2];
    double live;                /* ways to hold it (> 0) */
    double p;                   /* its probability (they add up to 1) */
} mj_danger_shape;

/* The model's parameters (model steps 3 to 5). */
typedef struct mj_danger_model {
    double theta[MJ_DANGER_FEATURES];
    double tenpai[3];           /* open hands: logit P(tenpai) = t0 + t1 x open melds + t2 x discards */
    double value[3];            /* mean ron value of a non-dealer: riichi, riichi in its ippatsu turn, open */
    double calib[MJ_DANGER_CALIB];   /* step 4; all 0: deal = wait */
} mj_danger_model;

enum { MJ_THREAT_NONE, MJ_THREAT_RIICHI, MJ_THREAT_OPEN };

typedef struct mj_danger {
    int seat;
    int threat;                 /* MJ_THREAT_* */
    double tenpai;              /* P(tenpai) */
    double value;               /* expected points of its ron */
    uint64_t zero;              /* bit t: t cannot deal in (model step 1) */
    uint64_t genbutsu;          /* bit t: in its river or passed (a subset of zero) */
    double wait[MJ_TILES];      /* P(t is a wait | tenpai): the shapes' sum (step 3) */
    double deal[MJ_TILES];      /* P(t deals in | tenpai): wait calibrated (step 4), 0 where wait is 0 */
    double loss[MJ_TILES];      /* tenpai x deal x value */
    int n_shapes;
    mj_danger_shape shapes[MJ_DANGER_SHAPES];   /* the possible shapes, with p */
} mj_danger;

/* ---- the table ---- */
/* An empty table: no rivers, no melds, unseen = 4 of everything, seat 0
 * looks, seat 0 deals, East round. */
void mj_table_init(mj_table *t);
/* Count visible tiles into unseen: every river tile not taken by a call,
 * every meld tile, the indicators, and the closed tiles of my hand h (may
 * be NULL); unseen goes to 0 at the least.  Returns 0, or TK_EINVAL when
 * more than 4 copies of a tile are visible. */
int mj_table_count(mj_table *t, const mj_hand *h, tk_error *err);
/* The table as seat `me` sees it in the replay's state (before the next
 * event): rivers with tsumogiri and riichi marks from the round's events,
 * called-away tiles, passes, melds, indicators, unseen from me's hand. */
int mj_table_from_replay(mj_table *t, const mj_replay *r, int me, tk_error *err);
/* Context words of an input line (winds E S W N name the seats: seat:W is
 * mine, the dealer is East):
 *   riichi:W        W is in riichi (turn unknown unless its river says)
 *   river-w:TILES   W's discards in order, mpsz; an upper-case suit letter
 *                   marks its digits as tsumogiri ("19m4P"), a '/' goes
 *                   before the riichi declaration tile, a '-' before a tile
 *                   taken by a call (written in the caller's meld)
 *   melds-w:[...]   W's melds ("[789s][555z]")
 *   safe-w:TILES    tiles known to be safe against W (went by since its riichi)
 * Returns 1 when the word was one of these (applied), 0 when it is not,
 * TK_EFORMAT with err (column col) on a bad one.  The words name seats by
 * wind, so a table filled from words has the dealer at seat 0 (East) and
 * t->me = my wind (seat:). */
int mj_table_word(mj_table *t, const char *word, size_t len, long col, tk_error *err);
/* Passes implied by the rivers when no log is at hand: for each seat in
 * riichi with a known turn, every tile the other seats discarded after the
 * riichi in turn order (tile k of a river counts as after tile k of the
 * rivers of the seats after it).  Calls that skip turns are not seen: the
 * words safe-w: add what this misses. */
void mj_table_infer_passes(mj_table *t);
/* Seats that threaten me (bit s): riichi, or two open melds or more. */
unsigned mj_table_threats(const mj_table *t);

/* ---- danger ---- */
/* The fitted model (src/mahjong/danger_model.c). */
const mj_danger_model *mj_danger_default_model(void);
/* The danger of every tile against seat `seat` (model steps 1-5).
 * Returns 0, or TK_EINVAL for a bad seat. */
int mj_danger_eval(const mj_table *t, int seat, const mj_danger_model *m, mj_danger *out);
/* For the log review: the table seat `me` sees before the replay's next
 * event, and the danger of every tile against each seat that threatens
 * it, in out[seat] (the others are left untouched).  Returns the threat
 * mask (bit s), or a negative error with err filled. */
int mj_danger_at(const mj_replay *r, int me, const mj_danger_model *m, mj_danger out[4], tk_error *err);
/* The calibration features x (MJ_DANGER_CALIB of them, model step 4) of
 * tile t in d, the danger against `seat` computed from table t (d->wait[t]
 * must be > 0); for fitting, and what mj_danger_eval uses. */
void mj_danger_calib_features(const mj_table *t, int seat, const mj_danger *d, int tile, double *x);
/* The candidate shapes (step 2) against seat with their features f[i]
 * (step 3), for fitting; returns how many (<= MJ_DANGER_SHAPES). */
int mj_danger_shapes(const mj_table *t, int seat, mj_danger_shape *out, double (*f)[MJ_DANGER_FEATURES]);
/* The shape index (in out[] of mj_danger_shapes) of one reading of a wait
 * (mahjong.h) of the seat's hand, or -1: how tools/mkdanger.c finds the
 * shapes a player really held. */
int mj_danger_shape_of(const mj_danger_shape *s, int n, int kind, const uint8_t *shape, int shape_len, int wait);
/* Names of the features ("kind-ryanmen", "log-live", ...). */
const char *mj_danger_feature_name(int i);

/* ---- push or fold (pushfold.c) ----
 * For each discard d of my 14 - 3k tile hand (the EV model's result r):
 *   P_s(d) = P(tenpai of s) x danger of d against s, for each threat s;
 *   deal(d) = 1 - prod_s (1 - P_s(d))          (it deals in to someone)
 *   loss(d) = sum_s P_s(d) x value of s's hand  (expected points paid)
 *   ev(d)   = (1 - deal(d)) x score(d) - loss(d)
 * where score(d) is the model's expected value of my hand after d (its
 * first turn reported).  One discard is looked at: the dangers of the
 * discards still to come are not counted (the EV of pushing on is
 * optimistic when a threat stands). */
typedef struct mj_pushfold {
    unsigned threats;              /* bit s: seat s threatens (mj_table_threats) */
    int n;                         /* the discards of r, in its order */
    double deal[14], loss[14], ev[14];
    double deal_seat[14][4];       /* P_s(d) */
    int best, safest;              /* indices: highest ev; lowest loss (then ev) */
} mj_pushfold;

/* The threats combined for tile t (danger[s] filled for each bit s of
 * threats): seat[s] = P_s(t) (0 for the other seats), *deal = 1 - prod_s
 * (1 - P_s(t)), *loss = sum_s P_s(t) x value of s's hand; returns the
 * product prod_s (1 - P_s(t)) (it deals in to no one).  The one copy of
 * the rule for push or fold and the log review (mjreview.h). */
double mj_danger_combine(const mj_danger danger[4], unsigned threats, int t, double seat[4], double *deal, double *loss);

/* danger[s] is filled for every threat (mj_danger_eval). */
void mj_pushfold_eval(const mj_ev_result *r, const mj_table *t, const mj_danger_model *m, mj_danger danger[4],
                      mj_pushfold *out);

/* An input line of `mjwait --ev` with its table: the hand, the EV words
 * (mj_ev_word), the table words (mj_table_word), and
 *   offer-w:T      seat W has just discarded T (a call line: the hand has
 *                  13 - 3k tiles; *offer = T, *offer_red, *offer_seat)
 * and mjwait's context words.  The tiles of the rivers (those not taken
 * by a call) and of the other seats' melds count as seen for the EV model;
 * the table's unseen counts, winds and dora come from the hand and words.
 * *offer = -1 when there is no offer word.  Returns 0 or TK_EFORMAT /
 * TK_ELIMIT / TK_EINVAL (too many copies) with the column. */
int mj_ev_parse_table_line(const char *text, size_t len, mj_hand *h, mj_winctx *w, mj_ev_config *c, mj_table *t,
                           int *offer, int *offer_red, int *offer_seat, tk_error *err);

#ifdef __cplusplus
}
#endif
#endif
