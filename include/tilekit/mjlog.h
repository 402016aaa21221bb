/* tilekit/mjlog.h - real riichi mahjong game records: Tenhou's .mjlog XML
 * and the tenhou.net/6 JSON form, read into one sequence of events per
 * round and replayed with every player's hand at every step.
 *
 * Tiles in events are plain indices 0..33 (mahjong.h) with a separate red
 * flag; seats are 0..3 as in the log; rounds are numbered from 0 in file
 * order (one per <INIT>, or per entry of the JSON "log" array).
 *
 * Formats (what is read; everything else is skipped)
 * - .mjlog XML: <GO type> (bit 0x02 no red fives, 0x04 no open tanyao, 0x10
 *   three players: refused), <UN n0..n3> (URL-encoded names), <INIT seed
 *   ten oya hai0..hai3>, draws <T|U|V|W id>, discards <D|E|F|G id>, calls
 *   <N who m> (chi, pon, added kan, open kan, closed kan decoded from m),
 *   <REACH who step>, <DORA hai>, <AGARI who fromWho ten yaku yakuman
 *   doraHai doraHaiUra machi hai m paoWho>, <RYUUKYOKU type>.  Tile ids
 *   0..135 (id / 4 = tile); ids 16, 52, 88 are the red fives unless GO says
 *   there are none.  Either format may be gzip-compressed (as Tenhou serves
 *   .mjlog files): the library inflates it itself (RFC 1951/1952, CRC
 *   checked, at most MJ_LOG_MAX_BYTES once decompressed).
 * - tenhou.net/6 JSON: "name" (4 strings), "rule" ("aka", "aka51".."aka53":
 *   red fives when any is non-zero; absent = red fives), "log": per round
 *   [[kyoku, honba, sticks], [4 scores], [dora indicators], [ura
 *   indicators], then hand, draws, discards for each seat, then the result].
 *   Tiles 11-19, 21-29, 31-39 (m p s), 41-47 (honours), 51-53 red fives, 60
 *   a discard of the tile just drawn, 0 the placeholder discard after an
 *   open kan.  Calls: "c" chi, "p" pon, "m" open kan (in the draws), "k"
 *   added kan, "a" closed kan, "r" riichi (in the discards); the position of
 *   the letter says the seat called from.  Results: "和了" with [deltas],
 *   [who, from, pao, "<fu>符<han>飜<points>点" or "<limit><points>点",
 *   "<yaku>(<n>飜)" | "<yaku>(役満)" ...] per winner; "流局" (and 全員聴牌,
 *   全員不聴), "九種九牌", "四家立直", "三家和了", "四槓散了", "四風連打",
 *   "流し満貫".  The order of the players' actions is rebuilt from the three
 *   lists (turn order; a call of the last discard, pon/kan before chi).
 *   A kan dora indicator is revealed right after its kan (where the
 *   .mjlog writes its <DORA>).
 *
 * Contract
 * - mj_log_parse() reads a whole file image (len <= MJ_LOG_MAX_BYTES) into
 *   a new mj_log (*out; free with mj_log_free).  It replays every round
 *   while reading, so every event of the result is consistent: a discard
 *   is in its player's hand, a call takes the last discard, riichi is
 *   declared on a closed hand, a win's hand is complete, ...  Errors
 *   (TK_EFORMAT, TK_ELIMIT, TK_ENOMEM) say where: "round R, event N: what"
 *   (event N = the 1-based event of that round in log order) with err->line
 *   / err->col the place in the text when known.  Never crashes, whatever
 *   the bytes.
 * - mj_log_parse_ex() with MJ_LOG_KEEP_INCONSISTENT reads the same way
 *   but keeps a log whose events do not all fit: each such event is an
 *   mj_log_issue (log->issues, in round and event order) with its place
 *   and the message mj_log_parse would give.  A fatal issue is an event the
 *   replay cannot apply (mj_replay_step fails there: the rest of its round
 *   cannot be replayed); a non-fatal one is a win whose hand cannot be
 *   built or whose hai= is not the hand replayed (the replay goes on past
 *   it).  Only errors of the text itself (syntax, bad tiles, limits, a deal
 *   that cannot be) still refuse the whole log.
 * - Limits: MJ_LOG_MAX_BYTES of input, MJ_LOG_MAX_ROUNDS rounds,
 *   MJ_LOG_MAX_EVENTS events a round (TK_ELIMIT beyond).
 * - mj_replay_*: a caller-owned cursor over one round of a parsed log (no
 *   allocation).  After mj_replay_start() the state is the deal; each
 *   mj_replay_step() applies the next event.  The state (hands, melds,
 *   discards, visible tiles, riichi and turn flags) is public and read-only
 *   to the caller.
 * - mj_replay_win() builds, when the next event is a win, the winner's hand
 *   (winning tile included, as the last tile) and the win context (winds,
 *   riichi / double riichi, ippatsu, tsumo, rinshan, chankan, haitei /
 *   houtei, tenhou / chiihou, dora and ura indicators, red fives, the log's
 *   rule variants; Tenhou counts no double yakuman), ready for
 *   mj_winctx_check() and mj_score_hand().
 */
#ifndef TILEKIT_MJLOG_H
#define TILEKIT_MJLOG_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/common.h"
#include "tilekit/mahjong.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MJ_LOG_MAX_BYTES  (16u << 20)
#define MJ_LOG_MAX_ROUNDS 256
#define MJ_LOG_MAX_EVENTS 1024
#define MJ_LOG_NAME       64     /* bytes of a player name kept (UTF-8, NUL included) */

enum { MJ_LOG_MJLOG, MJ_LOG_TENHOU6 };

/* Event kinds. */
enum {
    MJ_EV_DRAW,        /* seat draws tile (rinshan = 1 for a replacement tile) */
    MJ_EV_DISCARD,     /* seat discards tile (tsumogiri = 1: the tile just drawn) */
    MJ_EV_CHI, MJ_EV_PON, MJ_EV_DAIMINKAN,   /* seat calls tile from seat `from` with own[] */
    MJ_EV_KAKAN,       /* seat adds tile to its pon of that tile */
    MJ_EV_ANKAN,       /* seat declares a closed kan of tile */
    MJ_EV_RIICHI,      /* seat declares riichi (its next event is the discard) */
    MJ_EV_DORA,        /* a new dora indicator: tile */
    MJ_EV_WIN,         /* seat wins from `from` (== seat: tsumo); detail = index in round->wins */
    MJ_EV_RYUUKYOKU,   /* the round ends without a win; detail = MJ_RK_* */
    MJ_EV_COUNT
};

/* Draws without a winner. */
enum { MJ_RK_EXHAUSTIVE, MJ_RK_NAGASHI, MJ_RK_YAO9, MJ_RK_REACH4, MJ_RK_RON3, MJ_RK_KAN4, MJ_RK_KAZE4 };

typedef struct mj_log_event {
    uint8_t kind;        /* MJ_EV_* */
    uint8_t seat;
    uint8_t from;        /* calls: seat called from; WIN: seat that paid (seat itself for tsumo) */
    uint8_t tile;        /* 0..33 */
    uint8_t red;         /* the tile is a red five */
    uint8_t flag;        /* DRAW: rinshan; DISCARD: tsumogiri (0 when unknown) */
    uint8_t n_own;       /* calls: tiles from the hand (2 chi/pon, 3 open kan, 4 closed kan) */
    uint8_t own[4];      /* plain tiles */
    uint8_t own_red;     /* bit i: own[i] is a red five */
    int16_t detail;      /* WIN: index in wins[]; RYUUKYOKU: MJ_RK_* */
    uint32_t pos;        /* byte offset of the event in the text (for messages) */
} mj_log_event;

/* A win as the log states it. */
typedef struct mj_log_win {
    uint8_t seat, from;
    int8_t pao;                    /* seat liable (pao), -1 none */
    int han, fu, points;           /* points: the hand's value (no honba, no sticks) */
    int limit;                     /* MJ_LIMIT_* as the log gives it */
    int yakuman;                   /* number of yakuman listed (Tenhou: no double yakuman) */
    int n_yaku;
    mj_yaku yaku[MJ_MAX_YAKU];     /* tilekit ids (mahjong.h), han each (13 per yakuman) */
    uint8_t n_dora, n_ura;         /* indicators as the log gives them at the win */
    uint8_t dora[MJ_MAX_INDICATORS], ura[MJ_MAX_INDICATORS];
    uint16_t dora_red, ura_red;
    int deltas[4];                 /* score changes (honba, sticks included) when given */
    int has_hand;                  /* .mjlog: the closed hand (winning tile included) as AGARI hai= gives it */
    uint8_t hand[MJ_TILES];        /* (checked against the replay) */
} mj_log_win;

typedef struct mj_log_round {
    int kyoku;                     /* 0 = East 1, 4 = South 1, ... */
    int honba, sticks, dealer;
    int scores[4];                 /* at the start, in points */
    uint8_t deal[4][13];           /* plain tiles of each hand dealt */
    uint16_t deal_red[4];          /* bit i: deal[s][i] is a red five */
    uint8_t dora0, dora0_red;      /* first dora indicator */
    int n_events;
    mj_log_event *events;
    int n_wins;
    mj_log_win wins[3];
} mj_log_round;

/* An event that does not fit the log (MJ_LOG_KEEP_INCONSISTENT). */
typedef struct mj_log_issue {
    int round, event;              /* 0-based */
    int fatal;                     /* the replay cannot go past it */
    long line, col;                /* of the event in the text (0: unknown) */
    char msg[200];                 /* "event N (kind): what" (N 1-based in its round) */
} mj_log_issue;

typedef struct mj_log {
    int format;                    /* MJ_LOG_MJLOG or MJ_LOG_TENHOU6 */
    unsigned rules;                /* MJ_RULE_* of the game (mahjong.h) */
    char names[4][MJ_LOG_NAME];
    int n_rounds;
    mj_log_round *rounds;
    int n_issues;                  /* 0 unless read with MJ_LOG_KEEP_INCONSISTENT */
    mj_log_issue *issues;
} mj_log;

/* mj_log_parse_ex flags. */
#define MJ_LOG_KEEP_INCONSISTENT 1u

/* Name of an event kind ("draw", "discard", "chi", "pon", "daiminkan",
 * "kakan", "ankan", "riichi", "dora", "win", "ryuukyoku") and of a draw
 * kind ("exhaustive", "nagashi", "yao9", "reach4", "ron3", "kan4", "kaze4"). */
const char *mj_event_name(int kind);
const char *mj_ryuukyoku_name(int rk);

/* Read a log (either format, told apart by its first non-blank byte: '<'
 * XML, '{' JSON).  *out = NULL on error. */
int mj_log_parse(const char *text, size_t len, mj_log **out, tk_error *err);
/* The same with flags (MJ_LOG_KEEP_INCONSISTENT); flags 0 = mj_log_parse. */
int mj_log_parse_ex(const char *text, size_t len, unsigned flags, mj_log **out, tk_error *err);
void mj_log_free(mj_log *log);

/* ---- replay ---- */
#define MJ_REPLAY_MAX_DISCARDS 40

typedef struct mj_replay {
    const mj_log *log;
    const mj_log_round *round;
    int next;                          /* index of the next event */
    mj_hand hand[4];                   /* closed tiles (n_tiles 13 - 3k or 14 - 3k) and melds */
    uint8_t meld_from[4][MJ_MAX_MELDS];   /* seat each meld was called from (own seat: closed kan) */
    int n_discards[4];
    uint8_t discards[4][MJ_REPLAY_MAX_DISCARDS];   /* plain tiles, in order */
    uint8_t visible[MJ_TILES];         /* every discard, every meld tile not taken from a discard, every
                                          revealed dora indicator: what all players see */
    uint8_t visible_red[3];            /* red 5m, 5p, 5s among those (0 or 1 each) */
    int n_dora;
    uint8_t dora[MJ_MAX_INDICATORS];   /* revealed indicators */
    uint16_t dora_red;
    int riichi[4];                     /* 0 none, 1 declared (discard pending), 2 standing */
    int double_riichi[4], ippatsu[4], ippatsu_before_call[4];
    int draws;                         /* tiles drawn so far (rinshan included): 70 = the wall is empty */
    int n_kans;                        /* kans so far (all players) */
    int calls;                         /* calls so far (chi, pon, kans): first-go-around yaku end */
    int last_kind, last_seat;          /* previous event */
    int last_tile, last_red;           /* previous discard or added-kan tile */
    int rinshan[4];                    /* the seat's last draw was a replacement tile */
    int discarded[4];                  /* the seat has discarded in this round */
} mj_replay;

/* Start round `round` (0-based) of log: the state is the deal. */
int mj_replay_start(mj_replay *r, const mj_log *log, int round, tk_error *err);
/* Apply the next event; returns 0, 1 when the round is over (no event
 * left), or TK_EFORMAT for an event that does not fit the state. */
int mj_replay_step(mj_replay *r, tk_error *err);
/* Unseen copies from seat's view: 4 - its closed tiles - r->visible (>= 0). */
void mj_replay_unseen(const mj_replay *r, int seat, uint8_t unseen[MJ_TILES]);
/* The next event is a win (event `ev`): the winner's complete hand in *h
 * (winning tile included and last) and the context in *w.  Returns 0 or
 * TK_EFORMAT. */
int mj_replay_win(const mj_replay *r, const mj_log_event *ev, mj_hand *h, mj_winctx *w, tk_error *err);

#ifdef __cplusplus
}
#endif
#endif
