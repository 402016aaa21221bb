/* tilekit/mjfmt.h - riichi mahjong formatters: tiles drawn in the Unicode
 * mahjong block (U+1F000) and in SVG, and a reviewed game
 * (tilekit/mjreview.h) as text and as JSON lines, record by record, and as
 * one HTML page.
 *
 * Everything is appended to a caller-owned fmt_buf (tilekit/fmt.h);
 * nothing here prints, opens a file or exits; a failed allocation leaves
 * the buffer's oom set.  Prefix mjf_.  The review's records are read, not
 * changed; messages for standard error (an event that does not fit, a win
 * that cannot be scored) are the caller's.
 *
 * Text (as mjwait --log prints it): per record at most one line, a win
 * three ("FILE: round R: E1-0: seat S NAME wins by ron from seat F: TILES",
 * "  tilekit: ...", "  log: ..."); a discard only when it gave something
 * up (shanten, ukeire, or 0.05 or more of expected score) unless verbose,
 * calls and riichi only when verbose, a draw without a winner when it is
 * not exhaustive or verbose; wins of seats not reviewed print nothing.
 * JSON: one object per record (types discard, win, call, pass, riichi,
 * ryuukyoku, error, inconsistent) and per player reviewed (summary) and
 * game (game); the members are listed in mjwait(1), GAME RECORDS.
 *
 * HTML (tilekit/html.h's kit: one self-contained page, its security
 * policy, no script): the summaries at the top, then per round a chart of
 * each reviewed player's shanten after its discards and every record: a
 * discard with the hand before it drawn (the play made framed in red, the
 * best in green; under threat each tile's probability of dealing in), the
 * verdict, the EV, the danger and the deal-in; a win with its hand and
 * tilekit's value beside the log's; calls, passes, riichi, draws, and the
 * events that do not fit.  Every number of the JSON lines is also in the
 * data- attributes of its element (the same text; see mjwait(1)), names
 * and file names are escaped.
 */
#ifndef TILEKIT_MJFMT_H
#define TILEKIT_MJFMT_H

#include "tilekit/fmt.h"
#include "tilekit/mahjong.h"
#include "tilekit/mjreview.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Tile t (0..33) drawn `times` times. */
void mjf_tile(fmt_buf *b, int t, int times);
/* The closed tiles, a space between suits, then each meld: " [CHI]",
 * " [PON]", " [KAN]" open, " (KAN)" closed. */
void mjf_hand(fmt_buf *b, const mj_hand *h);

/* A tile as written: "5m", "0m" for the red five (red != 0). */
void mjf_tile_text(int t, int red, char out[3]);
/* The name of discard t of hand h: "0m" when its only copy is the red five. */
void mjf_discard_name(const mj_hand *h, int t, char out[3]);

/* ---- a hand's value and tile counts (mjscore.c; mjwait --score, --waits) ----
 * Text: "3 han 30 fu 3900 (Riichi, Pinfu, Dora 1)", a limit named, a tsumo's
 * payments "5200 [1300/2600]" ("[3900 all]" for the dealer), "no yaku" or
 * "not a winning hand"; the details: "  fu: base 20 + ... = 32 -> 40" and
 * "  reading: SETS PAIR won on T (WAIT)" lines.  JSON: the value as an
 * object (han, fu, fu_raw, fu_parts, yaku, yakuman, limit, points, dealer,
 * reading), or {"error": "no_yaku" / "hand_not_winning"}. */
void mjf_score_text(fmt_buf *b, const mj_score *s, int tsumo);
void mjf_score_details(fmt_buf *b, const mj_score *s, int win, int win_red);
void mjf_score_json(fmt_json *j, const mj_score *s);
const char *mjf_score_error(int status);
/* The unseen copies of the tiles of mask: their sum; "1m:3 4m:4"; the JSON
 * array [["1m",3],["4m",4]] (the current key's value). */
int mjf_count(uint64_t mask, const uint8_t unseen[MJ_TILES]);
void mjf_counts_text(fmt_buf *b, uint64_t mask, const uint8_t unseen[MJ_TILES]);
void mjf_counts_json(fmt_json *j, uint64_t mask, const uint8_t unseen[MJ_TILES]);
/* " (8 live: 1m:4 4m:4)" for the waits of a tenpai hand. */
void mjf_live_text(fmt_buf *b, uint64_t waits, const uint8_t unseen[MJ_TILES]);
/* ", ukeire 42 (11 kinds): 2m:4 ..." and the member "ukeire": {tiles, kinds, total}. */
void mjf_ukeire_text(fmt_buf *b, uint64_t acc, int total, const uint8_t unseen[MJ_TILES]);
void mjf_ukeire_json(fmt_json *j, uint64_t acc, int total, const uint8_t unseen[MJ_TILES]);

/* ---- tiles in SVG (mjtiles_svg.c) ----
 * The 37 faces as <symbol>s, once in a page (a hidden <svg>): ids "mj-1m"
 * .. "mj-7z", the red fives "mj-0m" "mj-0p" "mj-0s"; each 30 x 40. */
void mjf_svg_tile_defs(fmt_buf *b);
/* The symbol id of tile t (red: the red five). */
void mjf_svg_tile_id(int t, int red, char out[8]);
/* <use> of tile t at (x, y), 30 x 40. */
void mjf_svg_tile(fmt_buf *b, int t, int red, int x, int y);

/* Record i of rv; file names the log in every line or object. */
void mjf_review_record_text(fmt_buf *b, const mj_review *rv, int i, const char *file, int verbose);
void mjf_review_record_json(fmt_buf *b, const mj_review *rv, int i, const char *file);
/* The summary of each player reviewed, then of the game. */
void mjf_review_summary_text(fmt_buf *b, const mj_review *rv, const char *file);
void mjf_review_summary_json(fmt_buf *b, const mj_review *rv, const char *file);
/* The whole review as one page (file: the log's name, shown). */
void mjf_review_html(fmt_buf *b, const mj_review *rv, const char *file);

/* An index page of several reviews: one row a game, its name linked to
 * href (relative; NULL: not reviewed, no link). */
typedef struct mjf_index_row {
    const char *file, *href;
    const char *name[4];
    long rounds, discards, best, ukeire_lost, deal_ins, deal_in_points, wins, wins_matching, inconsistent;
} mjf_index_row;
void mjf_review_index(fmt_buf *b, const mjf_index_row *rows, int n);

#ifdef __cplusplus
}
#endif
#endif
