/* tilekit/wordq.h - word study on the word graph: anagrams, sub-anagrams
 * (build), patterns, hooks and the word judge, plus the Zyzzyva probability
 * of a word.
 *
 * A query is parsed once (wq_parse) into a wq_query value: letter counts for
 * a rack, or per-position letter sets for a pattern.  wq_search walks the
 * graph with a wq_searcher (scratch memory made once, reused for every
 * query; one searcher per thread, the dawg_graph itself is shared read-only) and
 * hands every answer to a callback, in the alphabet's order (letter index
 * order), each word once.
 *
 * Query text (letters of the dictionary's alphabet, either case; a
 * multi-letter tile may be written in brackets, "[cs]", and is otherwise
 * read by longest match, as words are):
 *   WQ_ANAGRAM  words using exactly these tiles: '?' is a blank (any one
 *               letter), '*' any number of extra letters (also none).
 *   WQ_BUILD    words using some of these tiles ('?' allowed).
 *   WQ_PATTERN  '?' one letter, '*' any run of letters (also empty),
 *               "[AEIOU]" one of a set, "[^AEIOU]" one letter not in it.
 *               A bracket that spells one letter of the alphabet ("[cs]"
 *               in Hungarian) is that letter; inside a set, letters are read
 *               by longest match ("[csa]" is {cs, a}; {c, s} is "[sc]").
 *   WQ_HOOKS, WQ_CHECK   one word (letters only).
 * Limits: at most ALPHA_WORD_MAX (64) letters (tiles or pattern positions).
 * Errors (TK_EFORMAT, TK_ELIMIT) carry a message and err->col, the 1-based
 * byte where the problem is.
 *
 * Blanks in answers: each word is listed once, however many ways the blanks
 * could be placed.  A blank stands for a letter only where the rack has no
 * real tile of it left, real tiles being used first from the left: rack
 * "ECA?" gives ACrE, CArE and rACE; "AEINST?" gives ISATiNE.  The `wild`
 * mask of an answer has bit i set when letter i comes from a blank or from
 * '*' (extra letters are marked the same way).
 */
#ifndef TILEKIT_WORDQ_H
#define TILEKIT_WORDQ_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/alphabet.h"
#include "tilekit/common.h"
#include "tilekit/dawg.h"
#include "tilekit/dawg_view.h"

#ifdef __cplusplus
extern "C" {
#endif

enum wq_kind { WQ_ANAGRAM = 1, WQ_BUILD, WQ_PATTERN, WQ_HOOKS, WQ_CHECK };

/* A parsed query: a plain value (no heap memory). */
typedef struct wq_query {
    int kind;
    int ntiles;                   /* anagram/build: tiles including blanks; */
                                  /* pattern: positions ('*' excluded); hooks/check: letters */
    int blanks;                   /* '?' in a rack */
    int star;                     /* anagram: '*' given */
    uint8_t count[64];            /* anagram/build: tiles of each letter */
    uint8_t word[ALPHA_WORD_MAX]; /* hooks/check: the word */
    alpha_set pos[ALPHA_WORD_MAX + 1]; /* pattern: pos[k] = letters allowed at position k (1-based) */
    uint8_t gap_star[ALPHA_WORD_MAX + 1]; /* pattern: '*' after k positions */
} wq_query;

/* Parse `text` as a query of `kind` for alphabet `a`. */
int wq_parse(wq_query *q, const alpha_table *a, int kind, const char *text, size_t len, tk_error *err);

/* Name of a kind: "anagram", "build", "pattern", "hooks", "check". */
const char *wq_kind_name(int kind);

/* Answer callback: the word's letters (indices), its length and the mask of
 * letters that come from a blank or a '*'.  Return 0 to go on, non-zero to
 * stop the search (wq_search then returns that value). */
typedef int (*wq_word_fn)(void *ctx, const uint8_t *letters, int n, uint64_t wild);

typedef struct wq_dict wq_dict;
typedef struct wq_searcher wq_searcher;

/* What the searches of a graph share (every searcher and thread), each
 * part made by the first search that needs it (thread-safe), so that hooks
 * and the word judge cost nothing more than the graph:
 *   - the graph's letter-indexed view (tilekit/dawg_view.h, 28 bytes an
 *     edge), which every search walks; wq_dict_create_view uses a view the
 *     caller made (shared with other users of the graph) instead;
 *   - for anagram and pattern walks (builds need none), the pruning
 *     figures of each node (dawg_view_below): the letters on the paths
 *     leaving it and the word lengths below it (12 bytes a kind of node, 43,162 kinds for
 *     ENABLE2K, and 2 bytes an edge of the view: 0.76 MB);
 *   - for exact anagrams of up to 8 tiles with at most 2 blanks, answered
 *     without walking the graph, the words of at most 8 letters by
 *     alphagram (8 bytes a word, a bucket directory and a bit set: 1.17 MB
 *     for ENABLE2K).
 * `d` (or `v`) must outlive it.  TK_ENOMEM, TK_EINVAL (no graph) on failure. */
int wq_dict_create(wq_dict **out, const dawg_graph *d, tk_error *err);
int wq_dict_create_view(wq_dict **out, const dawg_view *v, tk_error *err);
void wq_dict_destroy(wq_dict *x);              /* NULL allowed */
const dawg_graph *wq_dict_dawg(const wq_dict *x);
/* The view (made now if it was not yet), NULL if it cannot be made. */
const dawg_view *wq_dict_view(const wq_dict *x);
/* Memory it holds now, the view not included (1.93 MB for ENABLE2K with
 * the figures and the alphagram index). */
size_t wq_dict_bytes(const wq_dict *x);

/* Scratch memory for searches (a memo of failed search states sized to the
 * graph: 16 bytes a slot, 2.5 slots a sibling list, touched only by
 * searches with blanks or '*').  One per thread.  TK_ENOMEM on failure. */
int wq_searcher_create(wq_searcher **out, const wq_dict *x, tk_error *err);
void wq_searcher_destroy(wq_searcher *s);   /* NULL allowed */

/* Every answer of an anagram, build or pattern query with min_len <= letters
 * <= max_len, in letter order, each word once.  Returns 0, or the callback's
 * non-zero value if it stopped the search; TK_EINVAL for a hooks/check
 * query; TK_ENOMEM (or the view's error) if the first search that needs
 * the view or the figures cannot make them.  Nothing else is allocated. */
int wq_search(wq_searcher *s, const wq_query *q, int min_len, int max_len, wq_word_fn fn, void *ctx);

/* Hooks of a word: the letters x that make xWORD / WORDx words, and whether
 * the word itself is valid. */
void wq_hooks(const dawg_graph *d, const uint8_t *word, int n, alpha_set *front, alpha_set *back, int *valid);

/* The Zyzzyva probability order: the number of ways to draw the word's tiles
 * from a full bag where count[L] is the number of tiles of letter L and
 * count[0] the number of blanks.  As Zyzzyva does, draws in which blanks
 * stand for some of the letters count too (a blank may replace any letter
 * occurrence, also one the bag has too few of); Zyzzyva considers at most 2
 * blanks, this counts every blank of the bag.  A double, exact up to 2^53. */
double wq_ways(const int count[64], const uint8_t *letters, int n);

/* Write a word as answers show it: tiles in upper case, letters in `wild`
 * in lower case, multi-code-point letters in brackets ("[CS]").  Returns the
 * length needed (NUL excluded); truncates if cap is too small. */
size_t wq_format(const alpha_table *a, const uint8_t *letters, int n, uint64_t wild, char *out, size_t cap);

/* ---- answers held, and the orders they are listed in ----------------------
 * A store of answers as a caller of wq_search collects them to order,
 * count or join: the letters of every word in one pool, a record a word.
 * Zero it to start; it grows as needed and is emptied, not freed, from one
 * query to the next. */
typedef struct wq_answer {
    uint32_t off;                 /* its letters: pool + off */
    uint32_t idx;                 /* its rank in the order found (ties of the sorts) */
    uint8_t n;                    /* letters */
    uint64_t wild;                /* letters from a blank or '*' (as wq_word_fn) */
    double ways;                  /* wq_ways (set by WQ_SORT_PROB) */
} wq_answer;

typedef struct wq_answers {
    uint8_t *pool;
    size_t pool_len, pool_cap;
    wq_answer *a;
    size_t n, cap;
    size_t max;                   /* the most answers it holds; 0: no limit */
} wq_answers;

/* Add a word.  TK_ELIMIT when `max` answers are held already, TK_ENOMEM. */
int wq_answers_add(wq_answers *s, const uint8_t *letters, int n, uint64_t wild);
void wq_answers_clear(wq_answers *s);   /* no answer, the memory kept */
void wq_answers_free(wq_answers *s);    /* the memory too; zeroed */
static inline const uint8_t *wq_answer_letters(const wq_answers *s, size_t i) { return s->pool + s->a[i].off; }

/* The orders of a list: as found (the alphabet's), shortest first, most
 * probable first (wq_ways with bag[64] as its count, the order found
 * breaking ties); bag is read only for WQ_SORT_PROB. */
enum { WQ_SORT_ALPHA, WQ_SORT_LENGTH, WQ_SORT_PROB };
void wq_answers_sort(wq_answers *s, int sort, const int bag[64]);
/* Letter order (the alphabet's, shorter first on a common prefix), for a
 * few words found out of order (hooks: front ones, then back ones); the
 * records renumbered in it. */
void wq_answers_letter_order(wq_answers *s);
/* The union of several searches: letter order, each word once (the one
 * with the fewest letters from blanks, then real tiles first from the
 * left: ATe, not aTE), renumbered. */
void wq_answers_union(wq_answers *s);

/* The hook words of a word (wq_hooks): xWORD and WORDx for every front
 * and back hook x, when min_len <= n + 1 <= max_len, added to `out` in
 * letter order; *front, *back and *valid as wq_hooks gives them.
 * TK_OK, or wq_answers_add's error (the words before it added). */
int wq_hook_words(const dawg_graph *d, const uint8_t *word, int n, int min_len, int max_len, wq_answers *out,
                  alpha_set *front, alpha_set *back, int *valid);

/* ---- letter sets in a rack (Zyzzyva: -a 'Z[AEIOU][AEIOU]') ---------------
 * A bracket in an anagram or build rack that spells one letter of the
 * alphabet is that tile ("[CS]" with Hungarian Scrabble tiles); one that
 * spells several letters (read by longest match) is one tile that may be
 * any of them.  Such a rack is answered as the union (wq_answers_union) of
 * the searches of the plain racks made by every choice. */
#define WQ_SETS_MAX 16            /* letter sets in one rack */
#define WQ_SET_CHOICES 4096       /* ways to fill them */

typedef struct wq_sets {
    int n;                        /* sets */
    int size[WQ_SETS_MAX];        /* letters of each */
    uint8_t letter[WQ_SETS_MAX][64];
    int pick[WQ_SETS_MAX];        /* the next choice */
    int done;
    char *text;                   /* the rack without its sets, then a choice */
    size_t base, cap;
} wq_sets;

/* Called for each bracket read as one tile whose letters are letters of
 * the alphabet too (it could have been meant as a set): the text inside. */
typedef void (*wq_note_fn)(void *ctx, const char *inside, size_t len);

/* Find the letter sets of rack `text`.  Returns 1 when it has some (then
 * wq_sets_next gives the racks, and wq_sets_free frees s), 0 when it has
 * none or a bracket wq_parse reports better (parse it as usual), or an
 * error: TK_ELIMIT for more than WQ_SETS_MAX sets (err->col: the bracket)
 * or more than WQ_SET_CHOICES ways to fill them (err->col 0), TK_ENOMEM.
 * `note` may be NULL. */
int wq_sets_parse(wq_sets *s, const alpha_table *a, const char *text, size_t len, wq_note_fn note, void *ctx,
                  tk_error *err);
/* The next plain rack, as a query of `kind` (WQ_ANAGRAM or WQ_BUILD):
 * 1 with *q, 0 after the last, or wq_parse's error for that rack (err->col
 * is of the rack written out, not of `text`) or TK_ENOMEM. */
int wq_sets_next(wq_sets *s, const alpha_table *a, int kind, wq_query *q, tk_error *err);
void wq_sets_free(wq_sets *s);

#ifdef __cplusplus
}
#endif
#endif
