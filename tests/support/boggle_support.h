/* boggle_support.h - helpers shared by the Boggle tests: dictionaries built
 * from text or from samples of the shipped word lists, and the independent
 * brute-force oracle (for each dictionary word, search the grid for a path
 * that spells it). */
#ifndef TILEKIT_TEST_BOGGLE_SUPPORT_H
#define TILEKIT_TEST_BOGGLE_SUPPORT_H

#include "harness.h"
#include "tilekit/boggle.h"

/* Build a dawg_graph from a word list in memory; `alpha_spec` NULL infers the
 * alphabet.  NULL on failure (message printed). */
dawg_graph *bt_dict_text(const char *alpha_spec, const char *words);
/* Build from the shipped list data/words/LANG.txt with data/alphabets/LANG.txt,
 * keeping about one word in `every` (1 = all) plus every word that contains
 * one of the letters in `keep` (UTF-8, may be NULL).  NULL if absent. */
dawg_graph *bt_dict_lang(const char *lang, int every, const char *keep, th_rng *rng);
/* The same with another alphabet file (data/alphabets/ALPHA.txt). */
dawg_graph *bt_dict_lang_alpha(const char *lang, const char *alpha, int every, const char *keep, th_rng *rng);

/* A dictionary graph with its Boggle dictionary and a solver: the set-up
 * of most tests.  bt_solver_open takes d; 0 (a check failure recorded, d
 * destroyed) when d is NULL or the library refuses it.  bt_solver_close
 * frees all three. */
typedef struct bt_solver {
    dawg_graph *d;
    bog_dict *bd;
    bog_solver *s;
} bt_solver;
int bt_solver_open(bt_solver *b, dawg_graph *d);
void bt_solver_close(bt_solver *b);

/* The oracle's answer: words (sorted by strcmp, malloc'ed), count, score. */
typedef struct bt_answer {
    char **words;
    size_t count;
    long score;
} bt_answer;
void bt_oracle(const dawg_graph *d, const bog_grid *g, int min_len, bt_answer *out);
/* Keep the words of d (read once with dawg_foreach_word) for the oracle's
 * later calls on d, instead of walking the graph for every grid; NULL lets
 * them go.  Call with NULL before d is destroyed. */
void bt_oracle_keep(const dawg_graph *d);
void bt_answer_free(bt_answer *a);

/* Does the path cells[0..n) trace `word` (letters of the dawg_graph's alphabet,
 * UTF-8) on g: distinct, adjacent, unblocked cells whose faces spell it? */
int bt_path_spells(const dawg_graph *d, const bog_grid *g, const uint16_t *cells, int n, const char *word);

/* Compare the solver with the oracle on one grid (checks recorded with
 * CHECK); `what` names the case in messages.  Returns 1 if they agree. */
int bt_compare(const dawg_graph *d, const bog_dict *bd, bog_solver *s, const bog_grid *g, int min_len, const char *what);

/* Random grids.  Fill g (rows x cols) with letters of `a`: `pool` letters
 * drawn uniformly from the pool (indices), each cell a multi-letter face
 * from `faces` (NULL-terminated UTF-8 list) with probability pface/100, and
 * blocked with probability pblock/100. */
void bt_random_grid(bog_grid *g, const alpha_table *a, int rows, int cols, const uint8_t *pool, int npool,
                    const char *const *faces, int pface, int pblock, th_rng *r);
/* Write word (letters) along a random self-avoiding path of single-letter
 * cells, if one fits; returns 1 if planted. */
int bt_plant(bog_grid *g, const uint8_t *letters, int n, th_rng *r);

#endif
