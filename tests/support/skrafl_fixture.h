/* skrafl_fixture.h - helpers shared by the Scrabble (skrafl) tests: samples
 * of the shipped word lists built into a DAWG, a tile set and an engine;
 * tiles drawn at random from a bag of counts; a move's tiles put on a board
 * and taken from a rack; the unseen tiles counted plainly; hashed leave
 * values; and random games from an empty board to the end that hand every
 * turn's test rack to the caller.  The code is the tests' own (it uses the
 * library for loading and for the moves a game plays, never for what an
 * oracle recomputes), and it keeps no state between calls. */
#ifndef TILEKIT_TEST_SKRAFL_FIXTURE_H
#define TILEKIT_TEST_SKRAFL_FIXTURE_H

#include "harness.h"
#include "tilekit/dawg.h"
#include "tilekit/skgame.h"

#include <stddef.h>
#include <stdint.h>

/* ---- languages ------------------------------------------------------------------------ */

/* Which words of data/words/CODE.txt a sample keeps (lengths in tiles):
 * every 2-letter word, every every3-th 3-letter one (1: all), every step-th
 * longer one, none longer than max_len (0: no limit). */
typedef struct skfx_sample {
    int max_len;
    int every3;
    size_t step;
} skfx_sample;

enum {
    SKFX_BUILTIN_TILES = 1,   /* the built-in tile set (sk_tileset_builtin), not data/tiles/CODE.txt */
    SKFX_ENGINE = 2,          /* an engine on the built-in standard layout (in lay and e) */
    SKFX_KEEP_TEXT = 4        /* keep the sample (text, tlen; one word a line) */
};

typedef struct skfx_lang {
    alpha_table a;            /* data/alphabets/CODE.txt */
    dawg_graph *dawg;
    sk_tileset ts;
    sk_layout lay;            /* the engine's layout */
    sk_engine *e;             /* NULL until an engine is made */
    char *text;               /* SKFX_KEEP_TEXT: the sample */
    size_t tlen;
} skfx_lang;

/* data/DIR/CODE.txt from the tree (malloc'ed), NULL if unreadable. */
char *skfx_read_data(const char *dir, const char *code, size_t *len);
/* Parse data/alphabets/CODE.txt; data/tiles/CODE.txt for alphabet a;
 * data/layouts/NAME.txt.  0 or -1. */
int skfx_alphabet(alpha_table *a, const char *code);
int skfx_tiles(sk_tileset *ts, const alpha_table *a, const char *code);
int skfx_layout_file(sk_layout *lay, const char *name);
/* The sample of data/words/CODE.txt (lines as in the file, each ended by a
 * newline; malloc'ed), NULL if unreadable. */
char *skfx_sample_text(const alpha_table *a, const char *code, const skfx_sample *s, size_t *tlen);

/* Load CODE: alphabet, the sample's DAWG, tiles, and what `flags` ask.
 * 0 or -1 (L is then still safe to free). */
int skfx_lang_load(skfx_lang *L, const char *code, skfx_sample s, unsigned flags);
/* Make L's engine on layout lay (NULL: the built-in standard one).  0 or -1. */
int skfx_lang_engine(skfx_lang *L, const sk_layout *lay);
void skfx_lang_free(skfx_lang *L);

/* CODE with a small dictionary (every 2- and 3-letter word, every step-th
 * longer one up to 8 letters), the built-in tile set and an engine on the
 * standard layout, as the game tests use it.  0, or -1 with the running
 * test skipped ("no data"); L is then still safe to free. */
int skfx_lang_small(skfx_lang *L, const char *code, size_t step);

/* An empty position for the tests of a call's edge cases: the sample of
 * CODE (every 2-letter word, every third 3-letter one, every step-th
 * longer one) with an engine on the standard layout, a generator for it,
 * an empty 15x15 board and an empty rack. */
typedef struct skfx_empty {
    skfx_lang L;
    sk_gen *g;
    sk_board b;
    sk_rack r;
} skfx_empty;
/* 0; -1 when the data is missing (the running test skipped) or the engine
 * or the generator cannot be made (a failed check); x is then closed. */
int skfx_empty_open(skfx_empty *x, const char *code, size_t step);
void skfx_empty_close(skfx_empty *x);

/* ---- tiles, racks, boards --------------------------------------------------------------- */

/* One tile drawn uniformly from bag[0..nletters] (bag[0]: blanks), taken
 * out of the bag; -1 when the bag is empty. */
int skfx_draw(th_rng *rng, int *bag, int nletters);
/* Add tile l (0: a blank) to r. */
void skfx_rack_add(sk_rack *r, int l);
/* The points of r's tiles by e's tile set, counted here apart from the
 * library (the end-of-game rack penalty of the oracles). */
int skfx_rack_points(const sk_engine *e, const sk_rack *r);
/* Draw tiles into r until it holds `size` or the bag is empty; the bag's
 * blanks are drawn only when `blanks` is set. */
void skfx_fill_rack(th_rng *rng, int *bag, int nletters, int blanks, int size, sk_rack *r);
/* Put r's tiles back into bag[0..nletters]. */
void skfx_rack_return(int *bag, int nletters, const sk_rack *r);
/* Tile counts of r: c[0] the blanks, c[l] letter l. */
void skfx_rack_counts(const sk_rack *r, uint8_t c[64]);
/* Take m's new tiles from r (a blank for each blank). */
void skfx_take_tiles(sk_rack *r, const sk_move *m);
/* Put m's new tiles on b, or with `undo` empty their squares again. */
void skfx_place(sk_board *b, const sk_move *m, int undo);
/* The same placement: square, direction and word. */
int skfx_same_move(const sk_move *a, const sk_move *b);
/* Unseen tiles by plain counting: u[l] = the set's tiles less those on b
 * (a blank for each blank) and on r; returns their number. */
int skfx_unseen(const sk_tileset *ts, const sk_board *b, const sk_rack *r, int u[64]);

/* ---- leave values ----------------------------------------------------------------------- */

/* A hash of counts[0..n) from h (FNV-1a steps, then folded). */
uint64_t skfx_counts_hash(uint64_t h, const uint8_t counts[64], int n);
/* A random leave value of the counts for `salt`, up to +-40 points (in
 * thousandths); for a third of the salts in whole points, so that many
 * plays tie. */
int32_t skfx_salted_leave(uint64_t salt, const uint8_t counts[64], int n);

/* ---- games ------------------------------------------------------------------------------ */

/* A turn of skfx_play_game as a test position. */
typedef struct skfx_turn {
    const sk_engine *e;
    sk_gen *g;
    const char *name;      /* the game's, for messages */
    const sk_board *b;
    const sk_rack *rack;   /* the test rack: 1 to 7 tiles from the unseen ones */
    int turn;
    int unseen;            /* tiles unseen by the test rack's holder: bag, hand and the blanks set aside */
} skfx_turn;
typedef void (*skfx_turn_fn)(void *ctx, th_rng *rng, const skfx_turn *t);

/* One game on L's engine from an empty board to the end (two turns in a
 * row without a move).  The blanks (two at most) are set aside for the test
 * racks; the player draws to 7 and plays its best move by score, or with
 * `second_best` now and then one of its best two.  At every turn a test
 * rack is drawn from the unseen tiles (mostly short; `heavy`: full, mostly
 * with two blanks) and handed to fn. */
void skfx_play_game(th_rng *rng, const skfx_lang *L, sk_gen *g, const char *name, int heavy, int second_best,
                    skfx_turn_fn fn, void *ctx);

/* Boards of random self-play games (score against score, seeded from rng),
 * each stopped after a random number of its moves (half of them to all): a
 * new game every `reuse` boards, the boards between stop the same game
 * elsewhere.  The caller keeps the state (zeroed, reuse set); 0 or -1. */
typedef struct skfx_boards {
    sk_game game;
    int uses, reuse;
} skfx_boards;
int skfx_random_board(skfx_boards *bs, sk_gen *g, sk_movelist *list, th_rng *rng, sk_board *b);

#endif
