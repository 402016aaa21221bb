/* tilekit/mjfmt.h - riichi mahjong formatters: tiles drawn in the Unicode
 * mahjong block (U+1F000), and a reviewed game (tilekit/mjreview.h) as text
 * and as JSON lines, record by record.
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
 * JSON: one object per record (types discard, win, call, riichi,
 * ryuukyoku, error, inconsistent) and per player reviewed (summary) and
 * game (game); the members are listed in mjwait(1), GAME RECORDS.
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

/* Record i of rv; file names the log in every line or object. */
void mjf_review_record_text(fmt_buf *b, const mj_review *rv, int i, const char *file, int verbose);
void mjf_review_record_json(fmt_buf *b, const mj_review *rv, int i, const char *file);
/* The summary of each player reviewed, then of the game. */
void mjf_review_summary_text(fmt_buf *b, const mj_review *rv, const char *file);
void mjf_review_summary_json(fmt_buf *b, const mj_review *rv, const char *file);

#ifdef __cplusplus
}
#endif
#endif
