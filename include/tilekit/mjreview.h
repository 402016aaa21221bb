/* tilekit/mjreview.h - the review of a real riichi mahjong game (a parsed
 * mj_log, mjlog.h) as data: every discard judged against the best one,
 * every win scored beside the value the log gives it, and summaries per
 * player and per game.  Formatting (text, JSON, HTML) is the caller's.
 *
 * What is judged
 * - A discard: the hand before it (14 - 3k tiles) is tried with every tile
 *   it could give (in riichi only the tile drawn: the play is forced).  For
 *   each option the shanten of the 13 - 3k tiles left, and, for the options
 *   that keep the best shanten and those at the play's own shanten, the
 *   ukeire: the copies of the tiles that lower the shanten that the player
 *   could not see (4 less its own hand, every discard, every meld tile on
 *   the table, the dora indicators revealed).  The best play has the lowest
 *   shanten, then the most ukeire.  With options.ev, the expected value of
 *   each discard too (mjev.h; the turn is the player's own turn in the
 *   round: its discards so far + 1).
 * - A win: the replayed hand and context (mj_replay_win) scored by
 *   mj_score_hand, compared with the log's han, fu, points and yaku.
 * - An event that does not fit the log (mjlog.h: a log read with
 *   MJ_LOG_KEEP_INCONSISTENT keeps those, see mj_log_issue): a record of
 *   kind MJ_RV_INCONSISTENT with the log's location and reason, in place of
 *   the event's own record.  When the replay cannot go past the event, the
 *   rest of its round is not reviewed (the record says how many events are
 *   skipped); the other rounds are.
 *
 * Contract
 * - mj_review_log() reviews one log into a new mj_review (*out, free with
 *   mj_review_free).  The review points into the log (rv->log): keep the
 *   log alive while the review is used.  ctx is the caller's shanten
 *   context and ev its EV solver (needed only with options.ev), both of the
 *   calling thread; nothing global is touched, so several logs can be
 *   reviewed at once on several threads with one ctx and ev each.
 * - Errors: TK_EINVAL for a bad argument or a player name not in the log
 *   ("no player named 'X' in this log"), TK_ENOMEM.  Everything the log
 *   itself gets wrong is a record, never an error: the review goes on.
 * - It never prints, exits or aborts.
 * - Limits: those of the log (MJ_LOG_MAX_ROUNDS rounds, MJ_LOG_MAX_EVENTS
 *   events a round); with options.ev the EV solver's (ev_cfg.max_nodes,
 *   ev_cfg.seconds) per discard: a discard cut by a limit has ev.status
 *   MJ_RV_EV_CUT and the review goes on.
 */
#ifndef TILEKIT_MJREVIEW_H
#define TILEKIT_MJREVIEW_H

#include <stdint.h>

#include "tilekit/common.h"
#include "tilekit/mahjong.h"
#include "tilekit/mjev.h"
#include "tilekit/mjlog.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Record kinds, in the order of the round's events. */
enum {
    MJ_RV_DISCARD,      /* a discard of a seat reviewed: discards[index] */
    MJ_RV_WIN,          /* a win (any seat; see mj_review_win.wanted): wins[index] */
    MJ_RV_CALL,         /* chi, pon, open / added / closed kan of a seat reviewed */
    MJ_RV_RIICHI,       /* a seat reviewed declares riichi */
    MJ_RV_RYUUKYOKU,    /* the round ends without a winner (ev.detail = MJ_RK_*) */
    MJ_RV_INCONSISTENT  /* an event that does not fit the log: issues[index] */
};

#define MJ_RV_NO_SHANTEN 99   /* mj_review_discard.shanten[t]: t is not a choice */

typedef struct mj_review_options {
    int seat;                 /* -1: every seat; 0..3: only that seat */
    const char *name;         /* non-NULL: only the player of that name (seat is then ignored) */
    int ev;                   /* 1: the expected value of each discard too */
    mj_ev_config ev_cfg;      /* the EV model (t_min is set by the review: the player's turn) */
} mj_review_options;

/* EV of a discard (options.ev). */
enum {
    MJ_RV_EV_OFF,      /* not asked for, or the play was forced (riichi) */
    MJ_RV_EV_OK,
    MJ_RV_EV_NONE,     /* the model does not take this hand (complete, shanten over 3, past the last turn,
                        * more than 5 dora indicators, too few tiles left...): ev.msg says why */
    MJ_RV_EV_CUT       /* a limit of the solver was reached (ev.msg) */
};

typedef struct mj_review_ev_option {
    uint8_t kind;             /* mjev.h kinds: 0..33 plain, 34..36 the red 5m/5p/5s */
    int8_t shanten;
    double score, win, tenpai;   /* expected score, win and tenpai probability by the last turn */
} mj_review_ev_option;

typedef struct mj_review_ev {
    int status;               /* MJ_RV_EV_* */
    int turn, last;           /* the turns the values are for */
    int n;                    /* options the model explored, kind order */
    mj_review_ev_option opt[14];
    int play;                 /* index in opt of the play made; -1: the model does not explore it */
    int best;                 /* index in opt of the best (expected score, then win probability; the
                               * play made when it is as good, else the first in kind order) */
    double score_lost;        /* opt[best].score - opt[play].score (0 when play < 0) */
    char msg[120];            /* MJ_RV_EV_NONE, MJ_RV_EV_CUT: why */
} mj_review_ev;

/* The verdict on one discard. */
typedef struct mj_review_discard {
    int seat;
    int index;                /* the player's discard number in the round, from 0 */
    mj_hand hand;             /* the hand before the discard: 14 - 3k closed tiles and the melds */
    uint8_t unseen[MJ_TILES]; /* copies the player could not see */
    uint8_t tile, red;        /* the discard made (red: the red five) */
    uint8_t tsumogiri;        /* it was the tile just drawn */
    uint8_t riichi;           /* the player is in riichi: the play is forced */
    int8_t shanten[MJ_TILES]; /* shanten after giving t; MJ_RV_NO_SHANTEN when t is no choice */
    int16_t ukeire[MJ_TILES]; /* ukeire after giving t; -1 when not worked out (its shanten is
                               * neither the best nor the play's) */
    int play_shanten, play_ukeire;
    uint64_t play_accept;     /* the tiles the play made accepts (bit t) */
    int best_tile, best_red;  /* the best play shown: the play made when it is as good, else the
                               * first best tile (best_red: the hand's only copy is the red five) */
    int best_shanten, best_ukeire;
    uint64_t best_accept;
    uint64_t best_tiles;      /* every tile as good as the best (bit t) */
    int is_best;              /* the play made is as good as the best */
    int rank;                 /* 1 + the number of tiles strictly better than the play */
    int shanten_lost;         /* play_shanten - best_shanten */
    int ukeire_lost;          /* best_ukeire - play_ukeire; best_ukeire when shanten was lost */
    mj_review_ev ev;
} mj_review_discard;

/* Win status: the scorer's (MJ_SCORE_OK, _NO_YAKU, _NOT_WINNING) or: */
#define MJ_RV_WIN_ERROR (-1)  /* the win cannot be scored (msg) */

/* The verdict on one win. */
typedef struct mj_review_win {
    int seat, from;           /* from == seat: tsumo */
    int wanted;               /* the winner is a seat reviewed */
    mj_hand hand;             /* the winning hand (winning tile included) */
    mj_winctx ctx;            /* its context as replayed */
    int status;               /* MJ_SCORE_* or MJ_RV_WIN_ERROR */
    mj_score score;           /* status MJ_SCORE_OK */
    int points;               /* the hand's value as the log's points count it (tsumo: the total) */
    const mj_log_win *log;    /* the log's statement (points into rv->log) */
    int match;                /* han, fu, points and yaku all agree (fu not compared on yakuman
                               * or when the log does not give it) */
    int match_han, match_fu, match_points, match_yaku;
    char msg[200];            /* MJ_RV_WIN_ERROR: why */
} mj_review_win;

/* An event that does not fit the log. */
typedef struct mj_review_issue {
    int seat;                 /* the event's seat */
    int fatal;                /* the replay stops there: the rest of the round is not reviewed */
    int skipped;              /* events of the round not reviewed after it (fatal) */
    long line, col;           /* of the event in the log's text (0: unknown) */
    char msg[200];            /* "event N (kind): what is wrong" (N counted from 1 in the round) */
} mj_review_issue;

typedef struct mj_review_record {
    int kind;                 /* MJ_RV_* */
    int round;                /* index of the round in the log */
    int event;                /* index of the event in its round, from 0 */
    const mj_log_event *ev;   /* the event (points into rv->log) */
    int index;                /* DISCARD: in discards; WIN: in wins; INCONSISTENT: in issues; else -1 */
} mj_review_record;

typedef struct mj_review_round {
    int first, n;             /* its records: records[first .. first + n) */
    int inconsistent;         /* issues met in the round */
} mj_review_round;

/* Per player (seats not reviewed stay 0). */
typedef struct mj_review_player {
    long discards, best, forced, ukeire_lost, shanten_lost;
    long wins, win_points, wins_differing;   /* win_points: the log's points of its wins */
    long ev_discards, ev_best;               /* options.ev: discards with an EV, the EV best among them */
    double ev_lost;                          /* their expected score lost */
} mj_review_player;

typedef struct mj_review_game {
    long discards, best, ukeire_lost;        /* over the seats reviewed */
    long wins, wins_matching;                /* every win scored, of any seat */
    long inconsistent;                       /* events that do not fit the log */
    long ev_discards, ev_best;
    double ev_lost;
} mj_review_game;

typedef struct mj_review {
    const mj_log *log;
    int wanted[4];                /* the seats reviewed */
    int ev;                       /* options.ev */
    int n_records;
    mj_review_record *records;
    int n_rounds;                 /* = log->n_rounds */
    mj_review_round *rounds;
    int n_discards, n_wins, n_issues;
    mj_review_discard *discards;
    mj_review_win *wins;
    mj_review_issue *issues;
    mj_review_player players[4];
    mj_review_game game;
} mj_review;

/* Every seat, no EV (ev_cfg: mj_ev_config_init's defaults). */
void mj_review_options_init(mj_review_options *o);
/* Review log (see the contract above).  *out = NULL on error. */
int mj_review_log(const mj_log *log, const mj_review_options *o, mj_ctx *ctx, mj_ev *ev, mj_review **out,
                  tk_error *err);
void mj_review_free(mj_review *rv);

/* The records' payloads (NULL when the record is of another kind). */
const mj_review_discard *mj_review_discard_of(const mj_review *rv, const mj_review_record *rec);
const mj_review_win *mj_review_win_of(const mj_review *rv, const mj_review_record *rec);
const mj_review_issue *mj_review_issue_of(const mj_review *rv, const mj_review_record *rec);

#ifdef __cplusplus
}
#endif
#endif
