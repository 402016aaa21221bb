/* tilekit/skfmt.h - Scrabble formatters: texts of moves and leaves, and the
 * board with a move on it as text (skrafl --show) or as SVG (skrafl --svg).
 *
 * Everything is appended to a caller-owned fmt_buf (tilekit/fmt.h); texts
 * are whole whatever their length (the library is asked the length it
 * needs).  Nothing here prints or opens a file; a failed allocation leaves
 * the buffer's oom set.  Prefix skf_.
 *
 * Board geometry (SVG): squares of SKF_CELL user units, the grid's top-left
 * corner at (SKF_LEFT, SKF_TOP) below a caption line and the column letters;
 * every tile a <rect class="tile"> ("tile new" for the move's tiles) with
 * data-row, data-col (0-based) and data-letter, then its letter and value.
 * The HTML review page draws its boards with the same pieces
 * (skf_svg_squares, skf_svg_tile).
 */
#ifndef TILEKIT_SKFMT_H
#define TILEKIT_SKFMT_H

#include "tilekit/fmt.h"
#include "tilekit/skrafl.h"
#include "tilekit/skreview.h"
#include "tilekit/sksim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SKF_CELL 36
#define SKF_LEFT 30
#define SKF_TOP  60

/* The text of move m in style SK_FMT_* ("FA(R)MED", "FARMED", "FA.MED"). */
void skf_move(fmt_buf *b, const sk_engine *e, const sk_move *m, int style);
/* The tiles rack r keeps after move m (m NULL: the whole rack), "" for none. */
void skf_leave(fmt_buf *b, const sk_engine *e, const sk_rack *r, const sk_move *m);
/* skf_move into scratch buffer t (emptied first); returns its text. */
const char *skf_move_str(fmt_buf *t, const sk_engine *e, const sk_move *m, int style);
/* skf_leave of the whole rack into scratch t (emptied first); its text. */
const char *skf_leave_str(fmt_buf *t, const sk_engine *e, const sk_rack *r);
/* "8G  S(CAT)  6": coordinate, move (board tiles in parentheses), score. */
void skf_move_caption(fmt_buf *b, const sk_engine *e, const sk_move *m);

/* The board bd with move m on it (m NULL: none), 3 columns a square:
 * " . " plain, " 3W" premium, " * " the start, " C " a tile (a blank in lower
 * case), "[S]" a tile of the move; then "WHAT: CAPTION  (new tiles in [ ])"
 * or "WHAT: none".  color: ANSI backgrounds around the same text (removing
 * the escapes gives the plain drawing). */
void skf_board_text(fmt_buf *b, const sk_engine *e, const sk_board *bd, const sk_move *m, const char *what,
                    int color);
/* The same picture as a whole SVG document (the move's caption as title). */
void skf_board_svg(fmt_buf *b, const sk_engine *e, const sk_board *bd, const sk_move *m);

/* Pieces of the SVG board, origin (x0, y0) the grid's top-left corner:
 * every square of the layout with its premium label, and one tile (tile:
 * letter | SK_BLANK) on square (row, col), `isnew` for a tile of the move. */
void skf_svg_squares(fmt_buf *b, const sk_engine *e, int x0, int y0);
/* The column letters above the grid and the row numbers left of it. */
void skf_svg_coords(fmt_buf *b, int dim, int x0, int y0);
void skf_svg_tile(fmt_buf *b, const sk_engine *e, int x0, int y0, int row, int col, unsigned tile, int isnew);

/* ---- a position's answers ------------------------------------------------------------------------ */

/* Where a position came from; every JSON object of its answer carries it. */
typedef struct skf_pos {
    const char *file;          /* "file", and messages */
    long line;                 /* a CGP line's number; 0 for a board file */
    const char *cgp;           /* the CGP text, or NULL for a board file */
    size_t cgp_len;
} skf_pos;

/* A simulation (tilekit/sksim.h) of rack r: "# sim: rack R, plies P, ..."
 * then a table, best first (play, score, leave, static equity, value, its
 * standard error, win %, iterations); or one JSON object a candidate and
 * one of the run ("sim": plies, candidates, iterations, stopped, seed,
 * unseen, bag). */
void skf_sim_text(fmt_buf *b, const sk_engine *e, const sk_rack *r, const sk_sim_result *res, const sk_sim_opts *so,
                  const skf_pos *p);
void skf_sim_json(fmt_buf *b, const sk_engine *e, const sk_rack *r, const sk_sim_result *res, const sk_sim_opts *so,
                  const skf_pos *p);

/* Open a JSON object with the position's keys: "file", for a CGP line
 * "line" and "cgp", and when r is not NULL "rack" (e: r's engine).  A
 * position's error as such an object (no rack) with "error". */
void skf_json_pos(fmt_json *j, fmt_buf *b, const sk_engine *e, const skf_pos *p, const sk_rack *r);
void skf_pos_error(fmt_buf *b, const skf_pos *p, const char *msg);
/* The moves of list (sk_generate), in its order: one line a move
 * ("COORD  WORD  SCORE  leave:L", with words: "  words:W1,W2"), or one JSON
 * object a move (the position's keys, coord, row, col, dir, word, played,
 * score, tiles, leave, words). */
void skf_moves(fmt_buf *b, const sk_engine *e, const sk_board *bd, const sk_rack *r, const sk_movelist *list,
               const skf_pos *p, int json, int words);
/* A --check play (sk_check): its score, rank of total, ties, words and the
 * best move; or a JSON object.  A count of moves: "N" or {..,"count":N}. */
void skf_check(fmt_buf *b, const sk_engine *e, const sk_board *bd, const sk_rack *r, const skf_pos *p,
               const sk_check_result *res, int json);
void skf_count(fmt_buf *b, const sk_engine *e, const sk_rack *r, const skf_pos *p, unsigned long long n, int json);

/* An endgame's answer (tilekit/skendgame.h): the first play, "value:+N",
 * exact or not, the depth, the sequence (each ply's end points), with
 * all_best every first play achieving the value, nodes and time; or one
 * JSON object. */
void skf_endgame(fmt_buf *b, const sk_engine *e, const skf_pos *p, const sk_eg_result *r, int json, int all_best);
/* A pre-endgame's answer (sk_peg_solve): the summary line ("pre-endgame: B
 * tiles in the bag, U unseen; C of L legal plays considered; stages: ...;
 * T s [of BUDGET]"), then the best `top` plays (0: all), one a line: the
 * play, "win:P%  spread:S" and its depth (exact, win proven, N plies,
 * greedy, with ", K of D draws" for a sample); or one JSON object (bag,
 * unseen, legal, considered, complete, stages, nodes, seconds, candidates
 * with rank, play, win, spread, exact, win_exact, depth, draws, sample). */
void skf_peg(fmt_buf *b, const sk_engine *e, const skf_pos *p, const sk_peg_result *r, size_t top, double budget,
             int json);
/* --best's choice (sk_best_choose) for rack r: "COORD WORD SCORE  by:METHOD
 * bag:B" and the method's figures and time, or one JSON object. */
void skf_best(fmt_buf *b, const sk_engine *e, const skf_pos *p, const sk_rack *r, const sk_best_result *x, int json);

/* The words move m forms on board bd (the board before it), comma-separated. */
void skf_move_words(fmt_buf *b, const sk_engine *e, const sk_board *bd, const sk_move *m);
/* A play of rack r ranked by equity (skrafl --leaves): "COORD  WORD  SCORE
 * equity:E  leave:L" (with words: its words), or a JSON object with its
 * rank, kind, coordinate or exchange, score, leave, leave value and equity
 * ("line" first when line > 0). */
void skf_equity_play(fmt_buf *b, const sk_engine *e, const sk_board *bd, const sk_rack *r, const sk_play *p, long line,
                     int json, int words, size_t rank);
/* A --check play ranked by equity: its rank by score and by equity among
 * the n plays, and the best play. */
void skf_ranked_play(fmt_buf *b, const sk_engine *e, const sk_rack *r, const sk_play *me, const sk_play *best,
                     long rank_equity, long rank_score, long n, long line, int json);
/* The unseen tiles (unseen[0] blanks, unseen[l] letter l; n of them) and
 * the bag: "unseen N: TILES  bag B", or a JSON object. */
void skf_unseen(fmt_buf *b, const sk_engine *e, const int unseen[64], int n, int bag, long line, int json);

/* ---- plays and reviews (tilekit/skreview.h) ------------------------------------------------------ */

/* A play's listing fields: coordinate ("8H", "xchg", "pass"), word (style
 * SK_FMT_*; "-ABC" the tiles exchanged, "-" the pass) and, when leave is
 * not NULL, the tiles rack r keeps after it; each cut to its capacity. */
void skf_play_fields(const sk_engine *e, const sk_rack *r, const sk_play *p, int style, char *coord, size_t cc,
                     char *word, size_t wc, char *leave, size_t lc);
/* The name of an event kind SK_GCG_*: "move", "exchange", "pass", "withdrawn",
 * "challenge", "endrack", "time", "other". */
const char *skf_event_kind(int kind);
/* A rack's tiles ("" for none). */
void skf_rack(fmt_buf *b, const sk_engine *e, const sk_rack *r);
/* A play: "8G S(CAT)" (board tiles in parentheses), "-ABC" an exchange, "-" the pass. */
void skf_play(fmt_buf *b, const sk_engine *e, const sk_play *p);
/* Event i's play as the game wrote it: "8D FA.ER" (board tiles as '.'),
 * "COORD ?" (not placed), "-ABC" / "-3" (an exchange), "-", "--",
 * "(challenge)", "(time)", "(RACK)" or the mark of another adjustment. */
void skf_review_play(fmt_buf *b, const sk_review *r, int i);
/* Event i as one text line ("LINE: >NICK: RACK PLAY +SCORE TOTAL" and the
 * verdicts), then its best plays, one a line. */
void skf_review_event_text(fmt_buf *b, const sk_review *r, int i);
/* Event i as one JSON object a line ("file": file). */
void skf_review_event_json(fmt_buf *b, const sk_review *r, int i, const char *file);
/* The game's summary: "== FILE: ..." / {"file":..,"kind":"summary",...}. */
void skf_review_summary_text(fmt_buf *b, const sk_review *r, const char *file);
void skf_review_summary_json(fmt_buf *b, const sk_review *r, const char *file);
/* The position before event i as a CGP line (no newline): board, the
 * mover's rack / the opponent's when known, the totals, the scoreless
 * turns, and " lex LEXICON;" when lexicon is not NULL or "". */
void skf_review_cgp(fmt_buf *b, const sk_review *r, int i, const char *lexicon);

/* The game as one self-contained HTML page (tilekit/html.h): the players'
 * summary, a chart of each player's cumulative loss, then every event: the
 * board after each turn with the tiles just placed highlighted, the rack,
 * the play, the score line, the verdicts, the best alternatives with their
 * equity loss, the simulation's win-rate loss and the endgame's; every
 * number of the JSON lines also in data- attributes (data-line, data-score,
 * data-total, data-equity, data-lost, ...; the players' rows data-final,
 * data-lost, ...).  file: the game's file name (shown, escaped). */
void skf_review_html(fmt_buf *b, const sk_review *r, const char *file);

/* An index page of reviewed games: a row each, a link to its page (href
 * NULL: a game that could not be reviewed, listed without a link). */
typedef struct skf_index_row {
    const char *file;          /* the game's file, shown */
    const char *href;          /* its page, relative to the index, or NULL */
    const char *name[2];
    int score[2];
    int64_t lost[2];           /* thousandths */
    int errors;                /* score and total errors and problems */
} skf_index_row;
void skf_review_index(fmt_buf *b, const skf_index_row *rows, int n);

/* The table of players over many games (json: one object a row). */
typedef struct skf_player_row {
    const char *name;
    int games;
    sk_review_player sums;
} skf_player_row;
void skf_review_table(fmt_buf *b, const skf_player_row *rows, int n, int sim, int endgame, int json);

#ifdef __cplusplus
}
#endif
#endif
