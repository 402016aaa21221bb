/* tilekit/skrafl.h - every legal Scrabble move, scored (Appel-Jacobson).
 *
 * The pieces:
 *   sk_tileset  letter values and counts (data/tiles/LANG.txt, or built in)
 *   sk_layout   board size, premium squares, start square (data/layouts/NAME.txt)
 *   sk_engine   dictionary + tile set + layout, loaded once, immutable, shared
 *               read-only by any number of threads
 *   sk_gen      per-thread scratch (line data, the rack's left parts); one per
 *               thread, reused for every position
 *   sk_board, sk_rack   plain values parsed from text (board file, CGP, rack)
 *   sk_movelist a growable array of compact moves (or, with `limit` set, a
 *               bounded heap that keeps the best `limit` moves)
 *
 * What one move is (GUIDE section 4): a set of newly placed tiles in one line
 * that, with the board tiles, forms one contiguous main word of 2+ letters;
 * every word formed is in the dictionary; it touches a board tile, or covers
 * the start square on an empty board.  Every assignment of blanks is a
 * different move; a one-tile play is listed once (across if it forms an
 * across word, else down); on an empty board with a transposition-symmetric
 * layout only across openings are listed unless SK_ALL_OPENINGS is given.
 * Score: premiums only under new tiles, blanks score 0, every cross-word
 * counts, +50 when 7 tiles are played.
 *
 * Ownership: sk_engine does not own the dawg_graph (keep it alive longer).  The
 * movelist's array is malloc'ed by sk_generate as it grows; free it with
 * sk_movelist_free().  Nothing is allocated per move: the array grows by
 * doubling, and the scratch is allocated once per sk_gen.
 *
 * Errors: functions return 0 or a negative TK_E* status and fill the
 * caller's tk_error (line = board row, col = board column, both 1-based,
 * for board errors; col = character position for rack/CGP/word errors).
 * Nothing here prints, exits or aborts.
 *
 * Text formats:
 *   Tile set file: `#` comments; lines `LETTER VALUE COUNT` (LETTER as in
 *     the alphabet, `?` for the blank; VALUE and COUNT 0..255), e.g. `a 1 9` / `? 0 2`.
 *   Layout file: `#` comments; N lines of N marks (2 <= N <= SK_MAX_DIM):
 *     `.` plain, `d` double letter, `t` triple letter, `q` quadruple letter,
 *     `D` double word, `T` triple word, `Q` quadruple word, `*` the start
 *     square (a double word), `+` the start square without premium.  Exactly
 *     one start mark; marks may be separated by spaces.
 *   Board file: `#` comment lines and blank lines ignored; N lines of N
 *     cells: `.` (or `-`, `_`) empty, an upper-case letter a tile, a
 *     lower-case letter a blank played as that letter; multi-character
 *     letters in brackets (`[CS]`).  Cells may be separated by spaces.
 *   CGP: `ROWS RACK/OPPRACK SCORE/SCORE ZEROLESS [opcodes;]`, ROWS as
 *     `15/15/3CAT9/...` (digits = runs of empty squares).
 *   Rack: up to SK_RACK_MAX letters, `?` a blank, either case.
 */
#ifndef TILEKIT_SKRAFL_H
#define TILEKIT_SKRAFL_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/alphabet.h"
#include "tilekit/common.h"
#include "tilekit/dawg.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SK_MAX_DIM   21                 /* largest board side */
#define SK_MAX_SQ    (SK_MAX_DIM * SK_MAX_DIM)
#define SK_RACK_MAX  7
#define SK_BINGO     50

/* A square / word cell: 0 empty, else letter index (1..63) | flags. */
#define SK_LETTER    0x3Fu
#define SK_BLANK     0x80u   /* a blank standing for the letter */
#define SK_ONBOARD   0x40u   /* in a move's word: the tile was already there */

typedef struct sk_tileset {
    int nletters;            /* alphabet size */
    int value[64];           /* value[0] = blank's value (0) */
    int count[64];           /* count[0] = number of blanks */
    int total;
} sk_tileset;

typedef struct sk_layout {
    int dim;
    int start_row, start_col;   /* 0-based */
    int symmetric;              /* premiums and start invariant under transposition */
    uint8_t wmul[SK_MAX_SQ];    /* row-major, dim x dim */
    uint8_t lmul[SK_MAX_SQ];
    char name[32];
} sk_layout;

typedef struct sk_board {
    int dim;
    uint8_t sq[SK_MAX_SQ];      /* row-major; 0 empty, letter | SK_BLANK */
    int rows;                   /* rows read so far by sk_board_add_row (dim when complete) */
} sk_board;

typedef struct sk_rack {
    int n;                      /* tiles */
    int blanks;
    uint8_t count[64];          /* real tiles per letter */
} sk_rack;

/* One move, compact (36 bytes).  word[0..len) holds the whole main word:
 * letter | SK_BLANK for a blank | SK_ONBOARD for a tile that was already on
 * the board; the bytes after len are unspecified. */
typedef struct sk_move {
    int32_t score;              /* 32 bits: odd layouts (quadruple squares, 21x21) and
                                 * tile values up to 255 go far beyond 32767 */
    int32_t equity;             /* the rank value, in thousandths of a point: score * 1000
                                 * + the value of the leave under an sk_rank (score * 1000
                                 * when moves are ranked by score), saturated to 32 bits */
    uint8_t row, col;           /* start of the main word, 0-based */
    uint8_t dir;                /* 0 across (H), 1 down (V) */
    uint8_t len;                /* letters of the main word */
    uint8_t ntiles;             /* tiles placed */
    uint8_t word[SK_MAX_DIM];
} sk_move;

typedef struct sk_movelist {
    sk_move *v;
    size_t n, cap;              /* moves stored / allocated */
    size_t limit;               /* 0: keep all; N: keep the best N (heap until sorted) */
    uint64_t total;             /* moves generated (all of them, even beyond limit) */
} sk_movelist;

typedef struct sk_engine sk_engine;
typedef struct sk_gen sk_gen;

/* Equity ranking: a move's rank is score * 1000 + the value of its leave, in thousandths of a point.
 * leave(ctx, counts) returns the value of keeping counts[i] tiles of letter i (1..alphabet size),
 * counts[0] = blanks kept; it is called once per distinct sub-multiset of the rack, never per move. */
typedef int32_t (*sk_leave_value_fn)(void *ctx, const uint8_t counts[64]);
typedef struct sk_rank { sk_leave_value_fn leave; void *ctx; } sk_rank;

/* Flags for sk_generate. */
#define SK_ALL_OPENINGS 1u      /* list down openings too on a symmetric layout */
#define SK_COUNT_ONLY   2u      /* only count (list->total); store nothing */

/* ---- tile sets and layouts ---------------------------------------------- */

int sk_tileset_parse(sk_tileset *ts, const alpha_table *a, const char *text, size_t len, tk_error *err);
/* Built-in copies of the shipped sets: "en" (English), "is" (Icelandic). */
int sk_tileset_builtin(sk_tileset *ts, const alpha_table *a, const char *name, tk_error *err);
int sk_layout_parse(sk_layout *l, const char *text, size_t len, tk_error *err);
/* Built-in copies of the shipped layouts: "standard", "explo". */
int sk_layout_builtin(sk_layout *l, const char *name, tk_error *err);

/* ---- engine ------------------------------------------------------------- */

/* Validates that the layout fits SK_MAX_DIM and the tile set fits the
 * dictionary's alphabet.  Copies ts and l; keeps a pointer to d. */
int sk_engine_create(sk_engine **out, const dawg_graph *d, const sk_tileset *ts,
                     const sk_layout *l, tk_error *err);
void sk_engine_destroy(sk_engine *e);
const alpha_table *sk_engine_alphabet(const sk_engine *e);
const sk_layout *sk_engine_layout(const sk_engine *e);
const sk_tileset *sk_engine_tileset(const sk_engine *e);
const dawg_graph *sk_engine_dawg(const sk_engine *e);

/* ---- positions ---------------------------------------------------------- */

/* Parse a board file.  Errors name the line and column (err->line = the
 * line of the text, err->col = byte column in it, both 1-based) and the
 * message the board row and column: wrong size, unknown letter.  A wrapper
 * over the incremental parser below. */
int sk_board_parse(sk_board *b, const sk_engine *e, const char *text, size_t len, tk_error *err);

/* Incremental parsing, rows as they arrive (a line reader needs no glue):
 * sk_board_begin() starts an empty board of the layout's size;
 * sk_board_add_row() takes one line (its "\n" or "\r\n" may be left on):
 * blank lines and lines whose first non-blank character is '#' are ignored,
 * any other line is the next row (errors: a row of the wrong length, an
 * unknown letter, more rows than the board has; err->line = lineno, the
 * caller's number for the line; the board is unchanged on error);
 * sk_board_finish() checks that every row arrived (err->line = lineno, the
 * last line read).  The result equals sk_board_parse() of the lines. */
void sk_board_begin(sk_board *b, const sk_engine *e);
int sk_board_add_row(sk_board *b, const sk_engine *e, const char *line, size_t len, long lineno,
                     tk_error *err);
int sk_board_finish(sk_board *b, long lineno, tk_error *err);
/* Parse a rack ("AEIRST?").  Errors: unknown letter, more than SK_RACK_MAX tiles. */
int sk_rack_parse(sk_rack *r, const sk_engine *e, const char *s, size_t len, tk_error *err);
/* Parse one CGP line into board and the first rack (rack may be NULL). */
int sk_cgp_parse(sk_board *b, sk_rack *r, const sk_engine *e, const char *s, size_t len, tk_error *err);
/* Does a text look like CGP rather than a board file? */
int sk_looks_like_cgp(const char *s, size_t len);
/* The fields after a CGP line's board and racks (cgpops.c).  The mover's
 * spread from the scores field "S0/S1" (S0 - S1; 0 when absent).  The
 * first argument of opcode `name` ("lex CSW21;" -> "CSW21"): 1 with it in
 * out (cut to cap), 0 when absent.  The opcodes checked: a damaged one (a
 * byte other than a letter, digit, '-' or '_'; lex or ld without a name)
 * or a near miss of lex or ld (Lex, lexx, le) is TK_EFORMAT naming its
 * column; any other unknown opcode fills warn ("column N: unknown CGP
 * opcode 'x' (ignored)"; "" if none).  The language code of a letter
 * distribution name (english -> en, icelandic -> is, hungarian -> hu; a
 * code itself is kept). */
int sk_cgp_spread(const char *s, size_t len);
int sk_cgp_opcode(const char *s, size_t len, const char *name, char *out, size_t cap);
int sk_cgp_check_opcodes(const char *s, size_t len, tk_error *err, char *warn, size_t wcap);
const char *sk_distribution_lang(const char *ld);
/* Check board + rack against the rules: tile counts against the tile set
 * (rack NULL: board only), every tile connected to the start square.
 * Errors name the row and column of the offending tile. */
int sk_position_check(const sk_engine *e, const sk_board *b, const sk_rack *r, tk_error *err);
int sk_board_empty(const sk_board *b);

/* ---- generation --------------------------------------------------------- */

int sk_gen_create(sk_gen **out, const sk_engine *e, tk_error *err);
void sk_gen_destroy(sk_gen *g);
const sk_engine *sk_gen_engine(const sk_gen *g);

/* Every legal move of rack r on board b (list is reset first; with
 * list->limit only the best ones are kept).  The position is assumed to
 * have passed sk_position_check (the generator itself only needs a board of
 * the layout's size).  TK_ENOMEM if the list cannot grow. */
int sk_generate(sk_gen *g, const sk_board *b, const sk_rack *r, unsigned flags,
                sk_movelist *list, tk_error *err);

/* The best n moves of rack r on board b, exactly the first n of the full
 * list sorted by sk_movelist_sort_ranked (same rank, same tie order), found
 * without generating every move: every anchor square and direction gets an
 * upper bound on the rank of any play through it (see src/skrafl/topn.c),
 * anchors are searched best bound first, and the search stops when no
 * bound left can beat the n-th move found.  rank NULL ranks by score
 * (today's order: score, then row, column, direction, word).  On return
 * list->v[0..list->n) holds min(n, legal moves) moves sorted best first,
 * list->limit = 0, and list->total the number of moves the search generated
 * (NOT the number of legal moves: use SK_COUNT_ONLY with sk_generate for
 * that).  flags: SK_ALL_OPENINGS (SK_COUNT_ONLY is ignored).  n >= 1.
 * Errors: TK_EINVAL (board size, n == 0), TK_ENOMEM, TK_ELIMIT (rack). */
int sk_generate_top(sk_gen *g, const sk_board *b, const sk_rack *r, unsigned flags,
                    const sk_rank *rank, size_t n, sk_movelist *list, tk_error *err);

/* Order: equity descending (score * 1000 when ranked by score), then score
 * descending, then row, column, direction (H first), then the word as
 * displayed (byte order of its UTF-8, tiles upper, blanks lower).  Moves
 * must come from the generator (which sets `equity`). */
int sk_move_cmp(const sk_engine *e, const sk_move *a, const sk_move *b);
/* Sort by score (as generated: equity = score * 1000).  A list generated
 * with `limit` set is a heap until sorted; this sorts it. */
void sk_movelist_sort(const sk_engine *e, sk_movelist *list);
/* Rank every move of a full list (not a `limit` heap) of rack r by `rank`:
 * set each move's equity to score * 1000 + the value of its leave, then
 * sort (rank NULL: by score, as sk_movelist_sort).  Calls rank->leave once
 * per sub-multiset of the rack (at most 128).  Sets list->limit = 0. */
void sk_movelist_sort_ranked(const sk_engine *e, const sk_rack *r, const sk_rank *rank,
                             sk_movelist *list);
void sk_movelist_free(sk_movelist *list);

/* ---- notation ----------------------------------------------------------- */

/* Coordinate of a move: "8H" across, "H8" down.  Returns length. */
int sk_coord_format(int row, int col, int dir, char *out, size_t cap);
/* Parse "8H" / "H8" (columns A.., rows 1..). */
int sk_coord_parse(const char *s, int dim, int *row, int *col, int *dir, tk_error *err);

/* Text forms of a move, each NUL-terminated, truncated at cap (never inside
 * a UTF-8 sequence); return the length needed.  style: SK_FMT_PAREN
 * "FA(R)MED" (board tiles in parentheses), SK_FMT_WORD "FARMED",
 * SK_FMT_PLAYED "FA.MED".  Tiles upper case, blanks lower case, letters of
 * several characters in brackets ("[CS]"). */
#define SK_FMT_PAREN  0
#define SK_FMT_WORD   1
#define SK_FMT_PLAYED 2
size_t sk_move_format(const sk_move *m, const sk_engine *e, int style, char *out, size_t cap);
/* What is left of rack r after move m (NULL: the whole rack): letters in
 * alphabet order (upper case), blanks as '?' last. */
size_t sk_rack_leave(const sk_rack *r, const sk_move *m, const sk_engine *e, char *out, size_t cap);

/* One word a move forms: its first square, direction and cells (letter |
 * SK_BLANK for a blank | SK_ONBOARD for a tile already on the board). */
typedef struct sk_word {
    uint8_t row, col;           /* first square, 0-based */
    uint8_t dir;                /* 0 across, 1 down */
    uint8_t len;
    uint8_t cell[SK_MAX_DIM];
} sk_word;

/* Most words one play can form: the main word and a cross-word per tile. */
#define SK_MAX_WORDS (SK_RACK_MAX + 1)

/* Every word move m forms on board b (the board before the move): the main
 * word first, then the cross-words in the order of their new tiles (left to
 * right, top to bottom).  Stores at most `max` of them in out[] and returns
 * how many there are (at most 1 + the tiles placed; SK_MAX_WORDS for any
 * move of a legal rack).  No text: use sk_word_format for that. */
int sk_move_words(const sk_move *m, const sk_board *b, sk_word *out, int max);

/* Text of a formed word, as sk_move_format (same styles). */
size_t sk_word_format(const sk_word *w, const sk_engine *e, int style, char *out, size_t cap);

/* The score of move m on board b (the board before the move), by the rules
 * above: what sk_generate gives the same move.  Never negative. */
int sk_move_score(const sk_move *m, const sk_engine *e, const sk_board *b);

/* ---- checking a given play ---------------------------------------------- */

typedef struct sk_check_result {
    sk_move move;               /* the play, scored */
    size_t rank;                /* 1 + number of legal moves scoring more */
    size_t ties;                /* other legal moves with the same score */
    uint64_t total;             /* legal moves */
    sk_move best;               /* the best legal move */
} sk_check_result;

/* Score the play WORD at COORD for rack r and rank it among all moves.
 * WORD: the whole main word; letters in parentheses or '.' name squares
 * already covered; lower case = a blank for a new tile.  Illegal plays return
 * TK_EFORMAT (malformed coordinate/word) or TK_ENOTFOUND (not legal) with the
 * reason in err->msg: word(s) not in the dictionary (named), not connected /
 * not covering the start square, tile not on the rack, gap in the word,
 * word continues into adjacent tiles, off the board, no tile placed. */
int sk_check(sk_gen *g, const sk_board *b, const sk_rack *r, const char *coord,
             const char *word, unsigned flags, sk_check_result *res, tk_error *err);

#ifdef __cplusplus
}
#endif
#endif
