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


/* ---- proofs: the best board by branch and bound (src/boggle/prove*.c) ----- */

/* A *class* is a set of boards: for each cell a set of faces (bit f of a
 * 64-bit mask = face f of the prover's face list).  bog_prover splits the
 * space of every rows x cols board into top-level classes (each cell one
 * group of a partition of the faces, e.g. vowels / common consonants /
 * rare letters), keeps one class of every orbit under the rotations and
 * reflections of the grid, and proves each class by branch and bound: an
 * upper bound on the best board of the class (an "orderly" tree of every
 * word path of the class, see src/boggle/prove.c), split on one cell at a
 * time in a fixed order, down to single boards scored exactly by
 * bog_solve.  Every board scoring at least min_score is reported in its
 * canonical form (bog_grid_canonical).  The scoring is bog_solve's:
 * exactly what `boggle --best` and a plain solve count. */

#define BOG_PROVE_CELLS   64   /* rows * cols */
#define BOG_PROVE_FACES   64   /* faces a cell may show */
#define BOG_PROVE_GROUPS  16   /* groups of the top-level partition */

typedef struct bog_prove_config {
    int rows, cols;            /* 1 .. BOG_PROVE_CELLS cells */
    int min_len;               /* shortest word counted (0: 3) */
    long min_score;            /* report every board scoring this much or more (>= 1) */
    const bog_face *faces;     /* the faces a cell may show, each starting with its own
                                  letter; NULL: every letter alone, `q` as the Qu face when
                                  the alphabet has `u` (bog_letter_faces, as --best) */
    int nfaces;
    const char *groups;        /* the top-level partition: groups of faces separated by
                                  spaces, each face written as its text ("aeiou lnrsy
                                  bcdfghjkmpqtvwxz", the Qu face as q or qu); NULL: the
                                  default for the size (bog_prove_default_groups) */
    const char *order;         /* the splitting order: cells (0-based r*cols+c) separated by
                                  spaces or commas; NULL: by number of neighbours, most
                                  first, then nearest the centre */
    long class_paths;          /* a class with more word paths than this is proved as two
                                  halves (one cell's faces split), so that memory stays
                                  bounded; 0: BOG_PROVE_CLASS_PATHS.  The boards found do
                                  not depend on it */
    double force_ratio;        /* merge the tree on the first cells of the order while its
                                  bound is at least this many times min_score (0: 3.5;
                                  negative: never); the boards found do not depend on it */
    long sort_small;           /* the tree's sort takes ranges of at most this many records
                                  least significant digit first, larger ones by their next
                                  byte (0: 16384; tests set it small to reach both ways);
                                  the boards found do not depend on it */
} bog_prove_config;

#define BOG_PROVE_CLASS_PATHS 24000000L

typedef struct bog_prover bog_prover;            /* immutable once made; share it */
typedef struct bog_prove_worker bog_prove_worker;   /* per thread */

typedef struct bog_prove_stats {
    double nodes;              /* tree nodes built (the orderly trees of the classes) */
    double splits;             /* classes bounded while splitting */
    double scored;             /* single boards scored exactly */
    double boards;             /* boards covered (the classes' sizes) */
    double cpu;                /* bog_prove_run: CPU seconds of the thread that proved it */
} bog_prove_stats;

/* The faces `boggle --best` and the prover use by default: every letter of
 * `a` alone, except that `q` is the Qu face when the alphabet has `u` (as on
 * the dice).  faces needs room for a->size entries (at most 64 are
 * written); returns how many. */
int bog_letter_faces(const alpha_table *a, bog_face *faces);

/* The default groups for the prover's alphabet and size: a text as in
 * bog_prove_config.groups (a static string), or NULL if the alphabet is not
 * the English one.  Then the prover finds the groups in the dictionary's
 * words: the vowels by Sukhotin's algorithm (letters that mostly stand next
 * to the others), then the consonants (split into the common ones, half of
 * the consonants' occurrences, and the rest on grids of more than nine
 * cells); the description (bog_prover_describe) names them. */
const char *bog_prove_default_groups(const alpha_table *a, int rows, int cols);

/* Make a prover: parses the groups and the order, and lists the top-level
 * classes (canonical group vectors, in increasing order of their number in
 * base `groups`).  Errors: TK_EINVAL (size, min_score), TK_EFORMAT (groups
 * or order: a face in no group or in two, an unknown letter, a cell out of
 * range or twice; the message names it), TK_ELIMIT (more than 2^31 classes
 * before symmetry, faces, a dictionary of 2^24 words or more), TK_ENOMEM. */
int bog_prover_create(bog_prover **out, const bog_dict *bd, const bog_prove_config *cfg, tk_error *err);
void bog_prover_destroy(bog_prover *p);            /* NULL allowed */
long bog_prover_classes(const bog_prover *p);      /* top-level classes */
/* Are classes a and b of one *family*: the same group on every cell but the
 * last (rows*cols-1)?  The classes of a family are consecutive; bog_prove_run
 * proves a family's classes of one shard on one tree (bog_prove_class_in). */
int bog_prover_same_family(const bog_prover *p, long a, long b);
/* Class k (0 .. classes-1): the face set of every cell into sets[rows*cols];
 * returns the number of boards in it. */
double bog_prover_class(const bog_prover *p, long k, uint64_t *sets);
/* What identifies the proof: cells, min_len, min_score, faces, groups,
 * order, the class count and a hash of the dictionary, as one line of text
 * ("3x3 min-length 3 min-score 545 ...") into out; returns its length. */
size_t bog_prover_describe(const bog_prover *p, char *out, size_t cap);
const bog_face *bog_prover_faces(const bog_prover *p, int *nfaces);

/* Workers: one per thread. */
int bog_prove_worker_create(bog_prove_worker **out, const bog_prover *p, tk_error *err);
void bog_prove_worker_destroy(bog_prove_worker *w);   /* NULL allowed */

/* A board found: its canonical grid and score (valid during the call).
 * Return non-zero to stop the search of the class (it is then not proved). */
typedef int (*bog_prove_fn)(void *ctx, const bog_grid *g, long score);

/* The upper bound on the best board of a class (sets[rows*cols], each
 * non-empty, faces < nfaces): the root of its orderly tree.  Never below
 * the score of any board of the class.  Errors: TK_EINVAL, TK_ENOMEM. */
int bog_prove_bound(bog_prove_worker *w, const uint64_t *sets, long *bound, tk_error *err);
/* Prove one class: calls fn for every board of the class scoring at least
 * min_score (several symmetric boards of one class give the same canonical
 * grid: each is reported).  Adds to *st.  Returns TK_OK, 1 if fn stopped it
 * (the class is then not proved), TK_EINVAL (a bad set), TK_ENOMEM. */
int bog_prove_class(bog_prove_worker *w, const uint64_t *sets, bog_prove_fn fn, void *ctx, bog_prove_stats *st,
                    tk_error *err);

/* Prove the class `sets` as bog_prove_class does, on the tree of the class
 * `super` (each set of `sets` within super's): the tree is built once and
 * kept by the worker while the next calls name the same super, its bounds
 * recomputed for each class's sets (the same bounds as the class's own
 * tree).  Several classes that differ on one cell cost one larger tree.
 * Errors as bog_prove_class (TK_EINVAL also when a set is not within
 * super's). */
int bog_prove_class_in(bog_prove_worker *w, const uint64_t *sets, const uint64_t *super, bog_prove_fn fn, void *ctx,
                       bog_prove_stats *st, tk_error *err);

/* Canonical form: the image of g under the rotations and reflections that
 * keep its shape (8 for a square grid, 4 otherwise) whose cells, read row
 * by row, come first (faces compared letter by letter in alphabet order, a
 * shorter face before a longer one that starts with it). */
void bog_grid_canonical(const bog_grid *g, bog_grid *out);


/* ---- running a proof: threads, shards, resuming (src/boggle/prove_run.c) */

typedef struct bog_prove_board {
    long score;
    const char *rows;          /* the canonical board, rows joined by '/' ("des/lat/per") */
} bog_prove_board;

/* Called once per finished class k (under the runner's lock, so one at a
 * time): the boards of the class that reach min_score (canonical, each once,
 * best first) and the work it took (boards: the class's size).  Return
 * non-zero to stop the run (the other threads finish their class first). */
typedef int (*bog_prove_class_fn)(void *ctx, long k, const bog_prove_stats *st, const bog_prove_board *found,
                                  int nfound);

typedef struct bog_prove_job {
    int jobs;                  /* threads (< 1: 1) */
    long shard, nshards;       /* run the classes k with k % nshards == shard - 1 (0, 0: all) */
    const uint8_t *done;       /* NULL, or per class non-zero: already proved (resume) */
    const long *only;          /* non-NULL: prove just these classes (a sample), in this order */
    long nonly;
    bog_prove_class_fn on_class;
    void *ctx;
    volatile int *stop;        /* NULL, or set non-zero (by a signal handler) to stop after
                                  the classes being proved */
} bog_prove_job;

/* Prove every class of the job not yet done, on job->jobs threads (each its
 * own worker).  Returns TK_OK when every class of the shard is done, 1 if
 * stopped (by *stop or on_class), or the first error (TK_ENOMEM,
 * TK_ELIMIT, TK_EINVAL) with its message. */
int bog_prove_run(const bog_prover *p, const bog_prove_job *job, tk_error *err);
/* The shard of class k (1-based), as bog_prove_run counts it. */
long bog_prove_shard_of(long k, long nshards);


/* ---- checkpoints and shard results (src/boggle/prove_state.c) ------------ */

/* A proof's state as a text file: what `boggle --prove` writes as its
 * checkpoint and as a shard's result, and what --resume and --prove-merge
 * read.  Lines:
 *
 *     tilekit-prove 1
 *     proof 3x3 min-length 3 ... dict 173528:2a925b2c9c97cfcb   (bog_prover_describe)
 *     shard K/N
 *     done 0-17,19,25-30          classes proved (any number of done lines)
 *     board 545 des/lat/per       a board found (score, canonical rows)
 *     stats NODES SPLITS SCORED BOARDS CPU-SECONDS WALL-SECONDS
 *     end HASH                    FNV-1a 64 of every byte before this line
 *
 * The parser checks every line (a located TK_EFORMAT: err->line, and the
 * message names it), that the done ranges lie in 0 .. classes-1 and do not
 * overlap, and the checksum (TK_ECHECKSUM); it allocates in proportion to
 * the text, never to the class count it states. */
typedef struct bog_prove_range {
    long lo, hi;               /* classes lo .. hi, inclusive */
} bog_prove_range;

typedef struct bog_prove_state {
    char proof[1024];          /* the proof line's text after "proof " */
    long classes;              /* its "classes N" */
    long shard, nshards;
    bog_prove_range *done;     /* sorted, disjoint */
    long ndone;
    bog_prove_board *boards;   /* rows owned by the state */
    long nboards;
    bog_prove_stats stats;
    double cpu, wall;          /* seconds spent so far (all runs) */
} bog_prove_state;

int bog_prove_state_parse(const char *text, size_t len, bog_prove_state *st, tk_error *err);
/* The file text (malloc'ed, NUL-terminated, *len its length), or NULL when
 * out of memory.  done ranges are written as given (sorted, disjoint). */
char *bog_prove_state_text(const bog_prove_state *st, size_t *len);
void bog_prove_state_free(bog_prove_state *st);
/* Classes in the done ranges. */
long bog_prove_state_count(const bog_prove_state *st);

#ifdef __cplusplus
}
#endif
#endif
