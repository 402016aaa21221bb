/* tilekit/boggle.h - every dictionary word in a Boggle grid.
 *
 * Three objects:
 *
 *   bog_grid    a parsed grid: a rectangle of cells, each cell a *face* of
 *               1..BOG_FACE_MAX letters of the dictionary's alphabet (`a`,
 *               `qu`, `th`) or blocked (`#`, a blank die face).  A plain value:
 *               no heap memory, copy it freely.
 *   bog_dict    what the solver needs from one dictionary, computed once: the
 *               word graph's letter-indexed view (tilekit/dawg_view.h), in
 *               which every word has a number (its rank in letter order).
 *               Immutable once created; share it read-only between any number
 *               of threads.  The dawg_graph (and a view passed in) must outlive it.
 *   bog_solver  per-thread scratch (dedup stamps, neighbour lists, result
 *               arrays).  One per thread; bog_solve() on one solver is not
 *               to be called concurrently, different solvers are independent.
 *
 * Rules: 8-neighbour adjacency (no wrap-around), no cell used twice in a
 * word, a face contributes all its letters in order, a word counts once
 * however many paths spell it.  A word's *length* is counted in code points
 * (the Qu face spells two letters, so `qua` has length 3).  Score table
 * (bog_score): length 3-4: 1, 5: 2, 6: 3, 7: 5, 8 and more: 11; below 3: 0.
 *
 * Grid text (bog_grid_add_row / bog_grid_parse): one row per line; either
 * packed ("pers": one letter per cell, except that `q` directly followed by
 * `u` is one Qu cell, and `[th]` writes a multi-letter face) or separated by
 * white space ("qu a t e", "th in er": each token one face).  `#` is a
 * blocked cell.  Letters in either case; UTF-8.  A bare `q` (packed `q` not
 * followed by `u`, or the token `q`) is a q cell.
 *
 * Limits: BOG_MAX_CELLS cells (rows x cols), at most BOG_MAX_SIDE rows or
 * columns, BOG_FACE_MAX letters per face; dictionaries of fewer than 2^32
 * words.  Errors are TK_EFORMAT / TK_ELIMIT with err->line = the row (1-based,
 * within the grid) and err->col = the byte column, and a message that names
 * the row ("row 2: ...").
 *
 * Memory: bog_solve never allocates once its result arrays have grown to the
 * largest answer seen (they are kept between boards); no allocation at all
 * per board in the steady state.  Results stay valid until the next
 * bog_solve on the same solver.  Sizes: the view holds 28 bytes per DAWG
 * edge; a solver about 60 KB plus one byte per dictionary word (and 8 more
 * per word the first time a board needs the careful mode: a grid of one
 * letter, see src/boggle/exhaust.c).
 *
 * Word order: by default words come sorted by their number in the
 * dictionary (letter-index order); with BOG_TEXT, by UTF-8 bytes (what
 * `LC_ALL=C sort` gives), which is the same order for alphabets whose
 * letters are single code points listed in code-point order.
 */
#ifndef TILEKIT_BOGGLE_H
#define TILEKIT_BOGGLE_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/alphabet.h"
#include "tilekit/common.h"
#include "tilekit/dawg.h"
#include "tilekit/dawg_view.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BOG_MAX_CELLS 1024     /* rows * cols */
#define BOG_MAX_SIDE  1024     /* rows, cols */
#define BOG_FACE_MAX  8        /* letters on one face */

/* ---- grids --------------------------------------------------------------- */

typedef struct bog_grid {
    int rows, cols;                             /* 0 x 0 before the first row */
    uint8_t n[BOG_MAX_CELLS];                   /* letters on cell r*cols+c; 0 = blocked */
    uint8_t let[BOG_MAX_CELLS][BOG_FACE_MAX];   /* letter indices (1..alphabet size) */
} bog_grid;

/* Start an empty grid. */
void bog_grid_init(bog_grid *g);
/* Parse one row (without its newline) and append it.  `row` is 1-based, for
 * messages.  Errors: TK_EFORMAT (invalid UTF-8, a character that is not a
 * letter of `a`, an empty `[]`, a row of no cells, a row whose number of cells
 * differs from the first row's), TK_ELIMIT (too many cells or letters on a
 * face).  The grid is unchanged on error. */
int bog_grid_add_row(bog_grid *g, const alpha_table *a, const char *line, size_t len, tk_error *err);
/* Parse a whole grid: rows separated by '\n' (CR LF accepted); blank lines
 * are not allowed inside (they separate grids in batch input).  An empty text
 * is TK_EFORMAT ("empty grid"). */
int bog_grid_parse(bog_grid *g, const alpha_table *a, const char *text, size_t len, tk_error *err);
/* Bare q cells: the cells whose face is the single letter `q` of `a`.
 * Returns how many there are; with `to_qu` non-zero each becomes the Qu face
 * (q then u), as most Boggle programs mean when they write the Qu die as
 * `q`.  Returns 0 when the alphabet has no single-letter `q` (or, with
 * to_qu, no `u`: then nothing changes). */
int bog_grid_bare_q(bog_grid *g, const alpha_table *a, int to_qu);
/* Write cell (r, c) as text (lower case, "#" if blocked) into out; returns its length. */
size_t bog_grid_cell_text(const bog_grid *g, const alpha_table *a, int r, int c, char *out, size_t cap);
/* Write the grid as text, one row a line, each ending in '\n': packed when every
 * face is a single code point or "qu", else cells separated by one space (a
 * multi-letter face alone on its row in brackets: "[th]").
 * Returns the length needed (excluding NUL); truncated if cap is short. */
size_t bog_grid_format(const bog_grid *g, const alpha_table *a, char *out, size_t cap);

/* ---- dictionary and solver ---------------------------------------------- */

typedef struct bog_dict bog_dict;
typedef struct bog_solver bog_solver;

/* Prepare a dictionary: builds (and owns) the word graph's view (linear in
 * its edges).  Errors: TK_ENOMEM, TK_ELIMIT (2^32 - 1 words or more). */
int bog_dict_create(bog_dict **out, const dawg_graph *d, tk_error *err);
/* The same over a view the caller already has (shared, not copied; it must
 * outlive the bog_dict). */
int bog_dict_create_view(bog_dict **out, const dawg_view *v, tk_error *err);
/* The view the dictionary walks. */
const dawg_view *bog_dict_view(const bog_dict *bd);
void bog_dict_destroy(bog_dict *bd);              /* NULL allowed */
const alpha_table *bog_dict_alphabet(const bog_dict *bd);
uint32_t bog_dict_words(const bog_dict *bd);      /* number of words */
/* The text of word number `index` (lower case UTF-8, NUL-terminated) into
 * out; returns its length or a negative status (TK_EINVAL: no such word). */
int bog_dict_word(const bog_dict *bd, uint32_t index, char *out, size_t cap);

int bog_solver_create(bog_solver **out, const bog_dict *bd, tk_error *err);
void bog_solver_destroy(bog_solver *s);           /* NULL allowed */
/* Searched-out subtrees (a grid of one letter reaches the same prefix by
 * exponentially many paths): after `descents` steps down on one board, the
 * solver first checks before each further step that a word below could
 * still be new on this board, and skips the subtree if not (same answers,
 * far fewer steps on such boards).  Negative: the default, well above what
 * real boards need (100,000 + 500 per cell); 0: check from the start (tests). */
void bog_solver_set_careful(bog_solver *s, long descents);
/* The work bound: whatever the dictionary (every string of a and b up to 20
 * letters makes a 280-byte graph whose words follow almost every path of a
 * 5x5 grid), bog_solve takes at most BOG_WORK_MAX steps down on one board;
 * past them it stops and returns TK_ELIMIT ("search stopped after N steps"),
 * and the result is not filled.  Real boards take far fewer (a few thousand
 * a cell with a 200,000-word dictionary).  bog_solver_set_work sets another
 * bound (0 or negative: BOG_WORK_MAX). */
#define BOG_WORK_MAX 50000000L
void bog_solver_set_work(bog_solver *s, long steps);

/* bog_solve flags */
#define BOG_TEXT  1u   /* fill bog_word.text and sort by UTF-8 bytes (else by word number) */
#define BOG_PATHS 2u   /* one path per word (the first found in row-major DFS order);
                          currently always recorded, the flag documents intent */
#define BOG_COUNT 4u   /* only bog_result.count and .score: no word list is kept,
                          spelled or sorted (words, text, paths are NULL or stale) */

typedef struct bog_word {
    uint32_t index;    /* word number in the dictionary (letter order) */
    uint16_t length;   /* code points */
    uint16_t score;    /* bog_score(length) */
    uint32_t text;     /* BOG_TEXT: offset of the NUL-terminated word in bog_result.text */
    uint32_t path;     /* BOG_PATHS: offset of its cells in bog_result.paths */
    uint16_t ncells;   /* BOG_PATHS: cells on the path */
} bog_word;

typedef struct bog_result {
    size_t count;              /* words found */
    long score;                /* their total score */
    const bog_word *words;     /* count entries, sorted (see BOG_TEXT) */
    const char *text;          /* BOG_TEXT */
    const uint16_t *paths;     /* BOG_PATHS: cell numbers r*cols+c, in path order */
} bog_result;

/* Find every word of at least `min_len` code points (1..ALPHA_WORD_MAX) in g.
 * The grid's letter indices must belong to the solver's dictionary alphabet
 * (grids parsed with bog_dict_alphabet()).  Returns TK_OK, TK_EINVAL (bad
 * grid or min_len) or TK_ENOMEM (results could not grow). */
int bog_solve(bog_solver *s, const bog_grid *g, int min_len, unsigned flags,
              bog_result *res, tk_error *err);

/* The standard score of a word of `length` code points. */
int bog_score(int length);

/* ---- dice ---------------------------------------------------------------- */

#define BOG_DICE_MAX       BOG_MAX_CELLS
#define BOG_DIE_FACES_MAX  8
#define BOG_FACE_TEXT_MAX  15   /* bytes of one face's text */

/* A dice set.  Text format (data/boggle/dice-*.txt): `;` starts a comment to
 * the end of the line; blank lines are ignored; one line `grid RxC`; then one
 * line per die, its faces separated by white space (`qu`, `th`, `#` for a
 * blank face), 1..BOG_DIE_FACES_MAX faces, exactly R*C dice. */
typedef struct bog_dice {
    int rows, cols, ndice;
    uint8_t nfaces[BOG_DICE_MAX];
    char face[BOG_DICE_MAX][BOG_DIE_FACES_MAX][BOG_FACE_TEXT_MAX + 1];
} bog_dice;

/* Parse a dice set.  Errors: TK_EFORMAT / TK_ELIMIT with err->line (and
 * err->col for a NUL byte, invalid UTF-8 or a control character anywhere in
 * a line; the message locates it and never quotes raw bytes). */
int bog_dice_parse(bog_dice *d, const char *text, size_t len, tk_error *err);
/* Roll: shuffle the dice over the cells and pick a face of each, with the
 * caller's random state (*rng, any seed; advanced).  Writes grid text (one
 * row a line, cells separated by one space; in a one-column set a face of
 * several letters is bracketed, "[th]") into out; returns the length
 * needed (excluding NUL), truncated if cap is short. */
size_t bog_dice_roll(const bog_dice *d, uint64_t *rng, char *out, size_t cap);
/* Roll straight into a grid (no text): the same draws as bog_dice_roll, so
 * one seed gives the same board both ways; every face encoded in `a`
 * (`#` a blocked cell).  TK_EFORMAT if a face rolled is not made of letters
 * of `a` (the grid is then incomplete; bog_dice_check tells beforehand). */
int bog_dice_roll_grid(const bog_dice *d, const alpha_table *a, uint64_t *rng, bog_grid *g, tk_error *err);
/* TK_OK if every face of every die encodes in `a` (at most BOG_FACE_MAX
 * letters); else TK_EFORMAT / TK_ELIMIT naming the die and the face. */
int bog_dice_check(const bog_dice *d, const alpha_table *a, tk_error *err);
/* The generator used by bog_dice_roll (splitmix64); handy for callers. */
uint64_t bog_rand(uint64_t *state);

/* The official minimum word length for a grid: 3 letters up to 4x4, 4 for
 * Big Boggle 5x5 and larger (both sides at least 5). */
int bog_default_min_len(int rows, int cols);
/* ---- the best board (src/boggle/best.c) --------------------------------- */

/* A face a cell may show in a letter search: 1..BOG_FACE_MAX letters. */
typedef struct bog_face {
    uint8_t n;
    uint8_t let[BOG_FACE_MAX];
} bog_face;

typedef struct bog_best_config {
    int rows, cols;            /* letter search: the grid (rows * cols <= 64) */
    int min_len;               /* shortest word counted (0: 3) */
    uint64_t seed;             /* the whole search is a function of the seed */
    long iterations;           /* boards to score; 0: until the callback stops it */
    const bog_face *faces;     /* letter search: the faces a cell may show */
    int nfaces;                /* (2..255); faces NULL: every letter of the alphabet alone */
    const bog_dice *dice;      /* non-NULL: search the rolls of these dice instead (which die
                                  where, which face up); rows, cols, faces are then ignored */
    long progress_every;       /* boards between BOG_BEST_PROGRESS events (0: 8192) */
    long target;               /* stop at the first board scoring this much (0: never) */
} bog_best_config;

#define BOG_BEST_NEW      1    /* a board better than every one before */
#define BOG_BEST_PROGRESS 2    /* now and then, so a caller can show progress or stop */
#define BOG_BEST_DONE     3    /* once at the end (return value ignored) */

typedef struct bog_best_event {
    int kind;
    long boards;               /* boards scored so far */
    long restarts;             /* annealing runs started */
    long score;                /* NEW: the new best's score; PROGRESS: the current board's */
    long best;                 /* the best score so far */
    const bog_grid *grid;      /* NEW: the new best board (valid during the call) */
} bog_best_event;

/* Return non-zero to stop the search (a time limit, an interrupt). */
typedef int (*bog_best_fn)(void *ctx, const bog_best_event *ev);

/* Search for the highest-scoring board: simulated annealing from random
 * boards (change a cell's face or swap two cells; for dice, swap two dice
 * or turn one), each run finished by a greedy climb over every single
 * change and swap, then a restart.  Scores with the caller's solver (one
 * per thread; run several searches with different seeds in parallel).
 * Deterministic for a seed and `iterations`: the events, their order and
 * the result depend on nothing else.  Stops after `iterations` boards or
 * when fn returns non-zero; *best gets the best board, *best_score its
 * score.  No allocation per board.  Errors: TK_EINVAL (bad configuration),
 * TK_ENOMEM. */
int bog_best_search(bog_solver *s, const bog_best_config *cfg, bog_best_fn fn, void *ctx, bog_grid *best,
                    long *best_score, tk_error *err);

#ifdef __cplusplus
}
#endif
#endif
