/* tilekit/skgame.h - skrafl plays the game: leave values, equity, exchanges,
 * pass, a deterministic random number generator, self-play, GCG game files.
 *
 * The pieces (all built on tilekit/skrafl.h):
 *   sk_leaves   a leave table: value (thousandths of a point) of every kept
 *               multiset of tiles, read from `leave,value` CSV (the format
 *               MAGPIE and Macondo publish); a missing leave is worth 0.
 *               Immutable after loading; share it read-only between threads.
 *   sk_play     one thing a player can do on a turn: place tiles (an sk_move),
 *               exchange a sub-multiset of the rack, or pass; with its score,
 *               leave value and equity.
 *   sk_rng      xoshiro256** seeded by splitmix64: a small, fast PRNG whose
 *               stream is the same on every platform.
 *   sk_game     one complete game between two players (self-play), with the
 *               record of every turn; written as GCG.
 *   sk_gcg      a parsed GCG file: players, the events of the game.
 *
 * Equity (thousandths of a point, int64): score * 1000 + leave value.
 *   - While the bag holds tiles: the leave table's value of the tiles kept.
 *   - With the bag empty ("simple end-game sense"): leave values are not
 *     used.  A play that empties the rack earns twice the value of the tiles
 *     the opponent holds (the end-of-game transfer it wins); any other play
 *     is charged twice the value of the tiles it keeps (what the player loses
 *     if the opponent goes out next turn), and a pass likewise.
 *   - Exchanges (only when the bag holds at least SK_EXCHANGE_MIN tiles) and
 *     pass score 0; their equity is the value of the tiles kept.
 * Order of plays (deterministic): equity descending, then score descending,
 * then placements before exchanges before the pass; placements in
 * sk_move_cmp order, exchanges by fewer tiles then tile order.
 *
 * Errors: 0 or a negative TK_E* status with a message in the caller's
 * tk_error (err->line = the 1-based line of a CSV/GCG text).  Nothing here
 * prints, exits or aborts.
 */
#ifndef TILEKIT_SKGAME_H
#define TILEKIT_SKGAME_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/skrafl.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SK_EXCHANGE_MIN 7      /* tiles the bag must hold for an exchange */
#define SK_SCORELESS_END 6     /* consecutive scoreless turns that end a game */

/* ---- leave tables ------------------------------------------------------- */

/* Leave value in thousandths of a point; counts[i] = tiles of letter i kept
 * (1..alphabet size), counts[0] = blanks.  (Same shape as skrafl.h's
 * sk_leave_value_fn of the ranking interface.) */
typedef int32_t (*sk_leaves_value_fn)(void *ctx, const uint8_t counts[64]);

typedef struct sk_leaves sk_leaves;

/* Parse `leave,value` CSV: one leave a line, letters in any order and either
 * case (multi-character letters as the alphabet spells them, or in
 * brackets), `?` a blank; value a decimal number of points (rounded to
 * thousandths).  Blank lines and `#` comment lines are ignored; a first line
 * `leave,value` (any case) is a header.  Errors (err->line set): a letter
 * not in the alphabet, more than SK_RACK_MAX tiles, a bad or missing value,
 * a leave given twice (in any order of its letters). */
int sk_leaves_parse(sk_leaves **out, const alpha_table *a, const char *text, size_t len, tk_error *err);
/* sk_leaves_parse, and (ts not NULL) every leave must fit the tile set:
 * a leave holding more of a tile than the set has is an error (err->line
 * set), never a silent 0. */
int sk_leaves_parse_checked(sk_leaves **out, const alpha_table *a, const sk_tileset *ts, const char *text,
                            size_t len, tk_error *err);

/* The complete (dense) form: a value for every leave of 1..6 tiles that the
 * tile set allows (914,624 for the English set), numbered by the rank of
 * the multiset in a combinatorial number system and packed in `bits` bits
 * (12 or 16) in units of `unit` thousandths of a point (10: hundredths);
 * values beyond the range are clamped.  A look-up is one scan of the counts
 * and at most 6 table reads (no hashing); a leave outside the table (none
 * or 7 tiles, more of a tile than the set has) is worth 0.
 * sk_leaves_create_dense: every value 0 (TK_EINVAL for other bits/units);
 * sk_leaves_densify: the dense form of any table (its missing leaves 0);
 * sk_leaves_set on a dense table: TK_ELIMIT for a leave outside it.
 *
 * Binary file (little-endian): "TKLEAVES", u32 version 1, u32 tile types
 * (letters + 1), u32 most tiles (6), u32 bits, u32 unit, u32 leaves,
 * u8 cap[64] (most tiles of each type: min(count in the set, 6); type 0 the
 * blank), u32 checksum of the packed values (FNV-1a over their 64-bit
 * little-endian words, the last zero-padded, folded to 32 bits by xor of
 * its halves), then the packed values in rank
 * order.  sk_leaves_write_binary: *out malloc'ed (dense tables only, else
 * TK_EINVAL).  sk_leaves_load: a KLV or KLV2 file (below), a binary file (checked against ts when ts is
 * not NULL: TK_EFORMAT for another alphabet; a tile set that holds more of a tile than the table's own leaves those leaves at 0, TK_ECHECKSUM, TK_EVERSION) or
 * else CSV (sk_leaves_parse_checked).  sk_leaves_write_csv: the table as
 * `leave,value` CSV (header, leaves by size then spelling, 3 decimals),
 * *out malloc'ed; sk_leaves_load of it gives the same values. */
int sk_leaves_create_dense(sk_leaves **out, const sk_tileset *ts, int bits, int unit);
int sk_leaves_densify(sk_leaves **out, const sk_leaves *src, const sk_tileset *ts, int bits, int unit);
int sk_leaves_is_binary(const char *data, size_t len);
int sk_leaves_write_binary(const sk_leaves *l, char **out, size_t *len);
int sk_leaves_load(sk_leaves **out, const alpha_table *a, const sk_tileset *ts, const char *data, size_t len,
                   tk_error *err);
int sk_leaves_write_csv(const sk_leaves *l, const alpha_table *a, char **out, size_t *len);

/* KLV and KLV2, the leave files of wolges and MAGPIE (klv.c describes the
 * format): a word graph of the leaves, tiles numbered 0 for the blank and
 * 1.. in the order of tilekit's alphabet (A..Z for English, as there), and
 * a value a leave, int16 in 1/256 of a point (KLV) or float32 (KLV2).
 * sk_leaves_is_klv: the file's size matches the counts it begins with
 * (sk_leaves_load then reads it with sk_leaves_load_klv).
 * sk_leaves_load_klv: TK_EFORMAT, with a message naming the node, for a
 * file that is not well made (an arc or a sibling list beyond the file,
 * tiles out of order or outside the alphabet, a leave of more than
 * SK_RACK_MAX tiles or (ts not NULL) more of a tile than the set has, a
 * node that leads to no leave, as many leaves as values not matched, a
 * value that is not a finite number of points); never a crash or a
 * walk longer than SK_RACK_MAX nodes a value.  Values are rounded to
 * thousandths of a point.
 * sk_leaves_write_klv: every stored leave but the empty one, and every
 * leave that begins one (worth 0, as here; MAGPIE's look-up needs them), as
 * KLV2 (klv2 != 0) or KLV (values rounded to 1/256 and clamped to int16);
 * *out malloc'ed.  TK_ELIMIT beyond the 2^22 nodes arcs can reach,
 * TK_ENOMEM. */
int sk_leaves_is_klv(const char *data, size_t len);
int sk_leaves_load_klv(sk_leaves **out, const alpha_table *a, const sk_tileset *ts, const char *data, size_t len,
                       tk_error *err);
int sk_leaves_write_klv(const sk_leaves *l, int klv2, char **out, size_t *len);

/* An empty table with room for `n` leaves (to fill with sk_leaves_set). */
int sk_leaves_create(sk_leaves **out, size_t n);
/* Set (add or replace) the value of a leave of at most SK_RACK_MAX tiles. */
int sk_leaves_set(sk_leaves *l, const uint8_t counts[64], int32_t value);
void sk_leaves_destroy(sk_leaves *l);
/* Value of a leave (0 if absent, or if `leaves` is NULL).  No allocation:
 * one hash probe sequence over a packed key. */
int32_t sk_leaves_value(void *leaves, const uint8_t counts[64]);
size_t sk_leaves_count(const sk_leaves *l);
/* Iterate: the i-th stored leave (0 <= i < capacity), returns 0 for an empty
 * slot, 1 with counts and value filled. */
size_t sk_leaves_capacity(const sk_leaves *l);
int sk_leaves_slot(const sk_leaves *l, size_t i, uint8_t counts[64], int32_t *value);

/* ---- plays, exchanges, equity -------------------------------------------- */

#define SK_PLAY_MOVE     0
#define SK_PLAY_EXCHANGE 1
#define SK_PLAY_PASS     2

typedef struct sk_play {
    sk_move move;              /* SK_PLAY_MOVE: the placement */
    uint8_t kind;
    uint8_t nx;                /* SK_PLAY_EXCHANGE: tiles exchanged */
    uint8_t x[SK_RACK_MAX];    /* their codes in ascending order: 0 blank, else letter */
    int32_t score;
    int32_t leave;             /* thousandths (or the end-game term, see above) */
    int64_t equity;            /* thousandths */
} sk_play;

/* What the player knows of the game state besides board and rack. */
typedef struct sk_state {
    int bag;                   /* tiles in the bag */
    int opp_tiles;             /* tiles on the opponent's rack */
    int opp_value;             /* their total face value (end game) */
} sk_state;

/* Unseen tiles: tile set minus board minus rack (counts[0] blanks).
 * Returns the number of unseen tiles, or -1 if board + rack hold more of a
 * letter than the set.  Blanks on the board count as blanks. */
int sk_unseen(const sk_engine *e, const sk_board *b, const sk_rack *r, int counts[64]);
/* The usual state when only unseen tiles are known: the opponent holds
 * min(7, unseen) of them, the rest is in the bag; opp_value assumes the
 * opponent holds all unseen tiles when the bag is empty. */
void sk_state_from_unseen(const sk_engine *e, const int unseen[64], int nunseen, sk_state *st);

/* Equity of placement m for rack r (see the top of this file). */
int64_t sk_move_equity(const sk_engine *e, const sk_rack *r, const sk_move *m, const sk_state *st,
                       sk_leaves_value_fn fn, void *ctx, int32_t *leave);
/* Every distinct non-empty exchange (sub-multiset of the rack, up to the
 * whole rack) as plays in out[0..), with their equity; returns how many
 * (at most 2^7 - 1 = 127; `out` must hold 127).  Does not check the bag. */
int sk_exchanges(const sk_engine *e, const sk_rack *r, const sk_state *st,
                 sk_leaves_value_fn fn, void *ctx, sk_play *out);
/* The pass, valued. */
void sk_pass_play(const sk_engine *e, const sk_rack *r, const sk_state *st,
                  sk_leaves_value_fn fn, void *ctx, sk_play *out);
/* Order of plays (see above): negative if a comes first. */
int sk_play_cmp(const sk_engine *e, const sk_play *a, const sk_play *b);

/* All plays of a position ranked by equity: the placements in `moves`
 * (already generated for r on b, all of them) plus exchanges (when st->bag >=
 * SK_EXCHANGE_MIN) plus the pass, sorted.  *out is malloc'ed (free()).
 * Returns the number of plays or TK_ENOMEM. */
long sk_rank_plays(const sk_engine *e, const sk_rack *r, const sk_state *st, const sk_movelist *moves,
                   sk_leaves_value_fn fn, void *ctx, int by_score, sk_play **out);
/* The best play by equity (by_score: by score, equity breaking ties) without
 * building the list. */
void sk_best_play(const sk_engine *e, const sk_rack *r, const sk_state *st, const sk_movelist *moves,
                  sk_leaves_value_fn fn, void *ctx, int by_score, sk_play *best);

/* THE static player: the best n plays of rack r on board b in state st,
 * placements, exchanges (when st->bag >= SK_EXCHANGE_MIN) and the pass, by
 * equity under leave function fn (by_score: by score, equity breaking
 * ties) with the empty-bag rule above; exactly the first min(n, plays) of
 * sk_rank_plays' list over every placement (same plays, same order, same
 * ties), found by the best-first search of sk_generate_top without
 * generating every placement.  out must hold n plays; returns how many were
 * stored (at least 1: the pass is always a play), or a negative TK_E*
 * status (TK_EINVAL for n == 0, TK_ENOMEM).  `list` is scratch for the
 * placements: keep it (and g) from call to call and nothing is allocated
 * once they have grown.  flags: SK_ALL_OPENINGS (SK_COUNT_ONLY ignored). */
long sk_top_plays(sk_gen *g, const sk_board *b, const sk_rack *r, const sk_state *st, unsigned flags,
                  sk_leaves_value_fn fn, void *ctx, int by_score, size_t n, sk_movelist *list,
                  sk_play *out, tk_error *err);

/* Remove a placement's tiles from the rack / put it on the board. */
void sk_rack_remove_move(sk_rack *r, const sk_move *m);
void sk_board_apply(sk_board *b, const sk_move *m);
/* Face value of the tiles on a rack. */
int sk_rack_value(const sk_engine *e, const sk_rack *r);

/* ---- random numbers ----------------------------------------------------- */

typedef struct sk_rng { uint64_t s[4]; } sk_rng;
void sk_rng_seed(sk_rng *g, uint64_t seed);
uint64_t sk_rng_next(sk_rng *g);
uint32_t sk_rng_below(sk_rng *g, uint32_t n);       /* uniform in [0, n), n > 0 */
/* Seed of game number `game` (0-based) in a run seeded with `seed`. */
uint64_t sk_game_seed(uint64_t seed, uint64_t game);

/* ---- games -------------------------------------------------------------- */

#define SK_STRAT_SCORE  0      /* the highest score (equity breaks ties) */
#define SK_STRAT_EQUITY 1      /* the highest equity */
#define SK_STRAT_CUSTOM 2      /* the player's ctx points to an sk_chooser that picks the play */

/* A player's own way of choosing (SK_STRAT_CUSTOM): choose() gets the
 * generator scratch, the board, the rack and the state, fills *out with a
 * legal play (placement, exchange when st->bag >= SK_EXCHANGE_MIN, or pass)
 * and returns 0 or a TK_E* status.  It may be called from several threads
 * at once (one game each): ctx must then be read-only. */
typedef struct sk_chooser {
    int (*choose)(void *ctx, sk_gen *g, const sk_board *b, const sk_rack *r, const sk_state *st,
                  sk_play *out, tk_error *err);
    void *ctx;
} sk_chooser;

/* A player's own choice with the bag empty (e.g. the exact endgame solver,
 * tilekit/skendgame.h): board, own rack, the opponent's rack, consecutive
 * scoreless turns so far and whether the last turn was a pass; fills *out
 * with a placement or the pass and returns 0, or returns non-zero to fall
 * back on the strategy. */
typedef int (*sk_endgame_choose_fn)(void *ctx, const sk_board *b, const sk_rack *me, const sk_rack *opp,
                                    int scoreless, int last_pass, sk_play *out);

typedef struct sk_player {
    const char *name;          /* nickname (no spaces), e.g. "score" */
    int strategy;
    sk_leaves_value_fn fn;     /* leave values for SK_STRAT_EQUITY (NULL: all 0) */
    void *ctx;
} sk_player;

/* What a player at the table knows at its turn (sk_turn_choose_fn). */
typedef struct sk_turn_view {
    const sk_board *b;
    const sk_rack *me;
    const sk_rack *opp;        /* the opponent's rack with the bag empty (then it is known), else NULL */
    int bag;                   /* tiles in the bag */
    int score, opp_score;
    int scoreless;             /* scoreless turns in a row so far */
    int last_pass;             /* the opponent's last turn was a pass */
    int turn;                  /* turns played so far in this game */
} sk_turn_view;

/* A player's own choice at every turn (e.g. tilekit/skendgame.h): fills *out
 * with a legal play (exchanges only with SK_EXCHANGE_MIN tiles in the bag)
 * and returns 0, or a TK_E* status that ends the game in error. */
typedef int (*sk_turn_choose_fn)(void *ctx, sk_gen *g, const sk_turn_view *v, sk_play *out, tk_error *err);

/* A player's own choice for empty-bag turns (sk_selfplay_hooked), or (turn
 * set) for every turn. */
typedef struct sk_endgame_hook {
    sk_endgame_choose_fn choose;   /* NULL: the player's strategy */
    void *ctx;
    sk_turn_choose_fn turn;        /* set: every turn is chosen by it (ctx as above) */
} sk_endgame_hook;

#define SK_TURN_MOVE     0
#define SK_TURN_EXCHANGE 1
#define SK_TURN_PASS     2
#define SK_TURN_END_OUT  3     /* rack points won from the opponent who went out */
#define SK_TURN_END_RACK 4     /* six scoreless turns: own rack value lost */

typedef struct sk_turn {
    uint8_t player;            /* 0 or 1 */
    uint8_t kind;
    sk_rack rack;              /* the rack before the turn (END_*: the rack counted) */
    sk_play play;              /* MOVE/EXCHANGE/PASS */
    int32_t score;             /* points of this turn (negative for END_RACK) */
    int32_t total;             /* player's total after it */
} sk_turn;

#define SK_GAME_MAX_TURNS 250

typedef struct sk_game {
    uint64_t seed;
    int first;                 /* who moved first (0/1) */
    int scores[2];
    int nturns;
    sk_turn turns[SK_GAME_MAX_TURNS + 4];
    sk_board board;            /* final board */
    int empty_turn;            /* index of the first turn made with the bag empty (-1: none) */
    int empty_scores[2];       /* the scores before that turn */
} sk_game;

/* Play one complete game: tiles drawn from a bag shuffled with `seed`,
 * players[first] starts; exchanges when the bag holds at least
 * SK_EXCHANGE_MIN tiles (drawing first, then returning the tiles and
 * reshuffling); the game ends when a player empties the rack with the bag
 * empty (that player gains the opponent's rack value, the opponent loses
 * it), or after SK_SCORELESS_END consecutive scoreless turns (each player
 * loses the value of the own rack), or at SK_GAME_MAX_TURNS turns (the
 * same as six scoreless turns; a safety net that games never reach).
 * A `score` player with no placement exchanges the whole rack when it may,
 * else passes.  g is scratch for move generation, `list` a move list it
 * reuses.  Returns 0 or TK_ENOMEM. */
int sk_selfplay(sk_gen *g, sk_movelist *list, const sk_player players[2], int first,
                uint64_t seed, sk_game *out, tk_error *err);
/* The same, player k choosing its empty-bag turns with hooks[k].choose
 * when set, or every turn with hooks[k].turn when that is set (hooks may be
 * NULL). */
int sk_selfplay_hooked(sk_gen *g, sk_movelist *list, const sk_player players[2], const sk_endgame_hook hooks[2],
                       int first, uint64_t seed, sk_game *out, tk_error *err);

/* Write a game as GCG text (malloc'ed into *out, length *len).  names are
 * the players' nicknames; lexicon may be NULL. */
int sk_game_gcg(const sk_engine *e, const sk_game *game, const char *const names[2], const char *lexicon,
                char **out, size_t *len);

/* ---- GCG files ---------------------------------------------------------- */

/* The reader follows the GCG specification as Quackle and Macondo read it
 * and what real files hold (see gcg.c): text after the cumulative total is
 * the event's note; `#note` lines and the free lines after them are notes;
 * tabs and runs of spaces separate fields; coordinates in either case;
 * played-through letters as '.', as the letters themselves or in
 * parentheses; a score or total left out (flagged no_score / no_total);
 * a rack that cannot be read reported but its event kept (without the rack);
 * no `#character-encoding UTF-8` line: bytes that are not
 * valid UTF-8 are read as ISO-8859-1 (a declared ISO-8859-1 converts every
 * byte; 0x80-0x9F, control characters there, are read as Windows-1252's
 * quotes and dashes).  Two players only: a `#player3` (or a third nickname when no
 * #player line names the players) refuses the file; letters outside the
 * engine's alphabet in a rack or word (a game in another language) refuse
 * it too, with one message at the first such line.  When #player1 and
 * #player2 share a nickname, events are told apart by turn order (checked
 * against the cumulative totals) and `clash` is set. */

#define SK_GCG_MOVE      0     /* tiles placed */
#define SK_GCG_EXCHANGE  1     /* -TILES (or -N: a number of tiles) */
#define SK_GCG_PASS      2     /* - (or -0) */
#define SK_GCG_WITHDRAWN 3     /* -- : the previous play was a phony, taken back */
#define SK_GCG_CHALLENGE 4     /* (challenge) bonus points */
#define SK_GCG_ENDRACK   5     /* (RACK) points at the end of the game */
#define SK_GCG_TIME      6     /* (time) penalty */
#define SK_GCG_UNCHALLENGED 7  /* any other (WORD) adjustment: points booked, nothing checked */
#define SK_GCG_OTHER     SK_GCG_UNCHALLENGED

#define SK_GCG_ENC_UTF8     0  /* declared UTF-8 */
#define SK_GCG_ENC_LATIN1   1  /* declared ISO-8859-1: every byte >= 0x80 converted */
#define SK_GCG_ENC_DEFAULT  2  /* undeclared: valid UTF-8 kept, other bytes read as ISO-8859-1 */

#define SK_GCG_LINE_MAX  65536 /* longer lines are reported and skipped */

typedef struct sk_gcg_event {
    long line;                 /* 1-based line of the file */
    int player;                /* 0 / 1 */
    int kind;
    int has_rack;
    sk_rack rack;              /* the rack shown (MOVE/EXCH/PASS/...) */
    char coord[16];            /* MOVE: the coordinate (upper case); OTHER: the mark as written (cut) */
    uint8_t word[SK_MAX_DIM];  /* MOVE: letters (| SK_BLANK), 0 = played through ('.'),
                                  letter | SK_ONBOARD = a letter in parentheses (played through) */
    int len;
    int row, col, dir;
    int nx;                    /* EXCHANGE: tiles (count if only a number was given) */
    sk_rack xrack;             /* EXCHANGE: the tiles, if named */
    int score;                 /* the signed score given */
    int total;                 /* the cumulative score given */
    int own;                   /* ENDRACK: `RACK (RACK) -N` (the player's own tiles) */
    int no_score, no_total;    /* the line gives no score / no cumulative total (then 0) */
    int guessed;               /* the player was told apart by turn order (nicknames clash) */
    uint32_t note_off, note_len; /* the event's note in sk_gcg.notes (0 length: none) */
} sk_gcg_event;

typedef struct sk_gcg {
    char nick[2][64];
    char name[2][128];
    char lexicon[64];
    int nevents, cap;
    sk_gcg_event *ev;
    int nerrors;
    tk_error first_err;        /* the first problem (line set) */
    /* what else the file says */
    char title[128], description[256], id[128];
    int incomplete;            /* #incomplete */
    int has_final[2];          /* #rack1 / #rack2: the players' last racks */
    sk_rack final_rack[2];
    int clash;                 /* #player1 and #player2 share a nickname */
    char alias[64];            /* a nickname no #player line names, taken as the declared player
                                  alias_player, who has no event under the own nickname ("" none) */
    int alias_player;
    int encoding;              /* SK_GCG_ENC_* */
    long latin1;               /* bytes read as ISO-8859-1 */
    int refused;               /* the file is not a two-player game of this alphabet (err says why) */
    char variant[32], distribution[32], layout[32];  /* Macondo's "#note Variant: X",
                                  "#note LetterDistribution: X", "#note BoardLayout: X" before the events */
    char *notes;               /* the notes, UTF-8, each note's lines joined by '\n' (malloc'ed) */
    size_t notes_len, notes_cap;
    uint32_t game_note_off, game_note_len;   /* notes before the first event */
} sk_gcg;

/* Callback for each problem found while parsing (the parse goes on with the
 * next line). */
typedef void (*sk_gcg_errfn)(void *ctx, const tk_error *err);
/* Parse GCG text.  Bad lines are reported through errfn (line set) and
 * skipped; returns 0, or TK_ENOMEM, or TK_EFORMAT (err->line set) if the
 * file is refused: binary data (a NUL byte), no player at all, more than two
 * players, letters of another alphabet (g->refused set for the last two and
 * for binary data).  Free with sk_gcg_free (also after an error). */
int sk_gcg_parse(sk_gcg *g, const sk_engine *e, const char *text, size_t len,
                 sk_gcg_errfn errfn, void *ctx, tk_error *err);
void sk_gcg_free(sk_gcg *g);
/* Turn a MOVE event into an sk_move for board b (filling played-through
 * letters from the board).  TK_EFORMAT with a message if it does not fit. */
int sk_gcg_event_move(const sk_engine *e, const sk_board *b, const sk_gcg_event *ev, sk_move *m,
                      tk_error *err);

/* A placement judged by the rules, apart from any dictionary question. */
typedef struct sk_gcg_play {
    sk_move move;              /* the play; a one-tile play runs the way its word is longer */
    int score;                 /* its score by the rules (premiums, cross-words, bingo) */
    int placed_ok;             /* the tiles make a valid placement (else why[] says what is wrong) */
    int extended;              /* the word as written stopped short of board tiles it runs into:
                                  the move is the whole word formed */
    int rack_ok;               /* -1 no rack given, 0 a tile is not on the rack (why[]), 1 ok */
    int nwords;                /* words formed (main word first), at most SK_MAX_WORDS */
    sk_word words[SK_MAX_WORDS];
    int8_t known[SK_MAX_WORDS];/* 1 in the dictionary d, 0 not, -1 no dictionary given */
    char why[200];             /* the first placement or rack problem */
} sk_gcg_play;

/* Judge MOVE event ev on board b (before the play): place it (TK_EFORMAT if
 * it cannot be: off the board, '.' on an empty square, a letter over
 * another), take in the board tiles the written word runs into (the word
 * formed), score it by the rules whatever the words, check the placement
 * (one line, no gap, touching the board or covering the start square, at
 * least one tile placed) and the rack, and look every word formed up in d
 * (NULL: no lookups). */
int sk_gcg_judge(const sk_engine *e, const sk_board *b, const sk_gcg_event *ev, const dawg_graph *d,
                 sk_gcg_play *out, tk_error *err);

/* The language a lexicon name belongs to, from its usual family ("NWL23",
 * "CSW21", "TWL06", "ENABLE" -> "en"; "OSPS" -> "pl", "FISE" -> "es", "RD" ->
 * "de", "ODS" -> "fr", "NSF" -> "no", "DISC" -> "ca", "NETSKRAFL" -> "is"),
 * or NULL when the name is not recognised. */
const char *sk_gcg_lexicon_lang(const char *name);

#ifdef __cplusplus
}
#endif
#endif
