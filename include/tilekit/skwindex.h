/* tilekit/skwindex.h - the word index of skrafl's best-move search.
 *
 * The question the best-move search asks again and again: "can these rack
 * tiles, with the tiles already on the board in this stretch of the line,
 * make a word of this length?", and when they can, "which words?".  A walk
 * of the word graph answers it letter by letter; the index answers it in
 * one hash probe.  It holds:
 *   - every word of at most `maxlen` letters (the board's side), bucketed by
 *     its multiset of letters (an additive hash: the sum of a random 64-bit
 *     constant per tile, so that the hash of rack part + board part is the
 *     sum of theirs, and adding a blank's letter is one addition), with its
 *     letters: the anagrams of a multiset are one bucket read;
 *   - every multiset one letter short of a word (each word with one of its
 *     letters taken out), with the set of letters that complete it: "these
 *     tiles and a blank make a word" is one probe, and gives the letters
 *     the blank may stand for (two blanks: one probe per letter the first
 *     may stand for).
 * Blanks are not stored: they are expanded at query time.  Letters are the
 * dictionary's alphabet indices (1..63), so any alphabet (Icelandic's 32
 * letters, multi-character tiles) is served alike.  For ENABLE2K (169,266
 * words of 2 to 15 letters): 9.8 MB, made in one walk of the word graph
 * and two counting sorts (see doc/performance-skrafl.md for sizes and
 * times).
 *
 * Answers: sk_windex_anagrams is exact (a bucket's words are checked letter
 * by letter, so a hash collision never yields a wrong word).
 * sk_windex_maybe is what the search's bounds use: 0 means certainly no
 * word; 1 means there may be one (always 1 when there is; a false 1 needs a
 * collision of hash fingerprints, and only makes a bound looser).
 *
 * An sk_engine makes its index the first time the best-move search needs it
 * (sk_generate_top, sk_top_plays and what calls them: self-play, simulation,
 * game review), once, safely when several threads share the engine; listing
 * every move (sk_generate, counts) never makes it.  TILEKIT_WINDEX=off in
 * the environment when the engine is created, or sk_engine_set_windex(e, 0),
 * makes the search walk the word graph instead (the same moves in the same
 * order: for comparisons and tests).
 *
 * Ownership: sk_windex_build's index is the caller's (sk_windex_destroy);
 * the engine's is the engine's.  Immutable once built: any number of threads
 * may query it.  Nothing here prints, exits or aborts.
 */
#ifndef TILEKIT_SKWINDEX_H
#define TILEKIT_SKWINDEX_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/common.h"
#include "tilekit/dawg.h"
#include "tilekit/skrafl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sk_windex sk_windex;

/* The index of the words of d of 2..maxlen letters (maxlen 2..63).
 * Errors: TK_ENOMEM, TK_EINVAL (maxlen), TK_ELIMIT (more than 2^27 letters
 * of words), and those of dawg_view_create. */
int sk_windex_build(sk_windex **out, const dawg_graph *d, int maxlen, tk_error *err);
void sk_windex_destroy(sk_windex *x);          /* NULL allowed */

size_t sk_windex_bytes(const sk_windex *x);     /* memory it holds */
size_t sk_windex_words(const sk_windex *x);     /* words indexed */
int sk_windex_maxlen(const sk_windex *x);

/* Every word made of exactly the tiles counts[1..63] (counts[0] ignored)
 * plus `blanks` blanks (0..2, each standing for any letter), each once, in
 * no particular order: fn(ctx, letters, n) for each (n letters, alphabet
 * indices); a non-zero return stops the listing and is returned.  Returns
 * 0, TK_EINVAL for more than 2 blanks. */
int sk_windex_anagrams(const sk_windex *x, const uint8_t counts[64], int blanks,
                       int (*fn)(void *ctx, const uint8_t *letters, int n), void *ctx);

/* Could the tiles counts[1..63] plus `blanks` blanks (0..2) be exactly a
 * word's letters?  0: certainly not; 1: perhaps (see above); TK_EINVAL for
 * more than 2 blanks. */
int sk_windex_maybe(const sk_windex *x, const uint8_t counts[64], int blanks);

/* The engine's index (made now if it is not yet: the search makes it
 * itself, this is for callers that want to pay the cost up front, and for
 * tests); NULL when the engine's index is off or could not be made (out of
 * memory: the search then walks the word graph). */
const sk_windex *sk_engine_windex(const sk_engine *e);
/* Turn the engine's index on (1, the default) or off (0) for the searches
 * that follow; not while another thread searches with the engine. */
void sk_engine_set_windex(sk_engine *e, int on);

#ifdef __cplusplus
}
#endif
#endif
