/* tilekit/dawg.h - minimal word graph: build, save, load (validated), navigate.
 *
 * Representation (also the on-disk format; see src/dawg/file.c):
 * the graph is an array of packed 32-bit edges.  A *node* is the index of the
 * first edge of its sibling list; its edges follow one another, sorted by
 * letter, the last one carrying DAWG_LAST.  Node 0 is "no children".  Edge 0
 * is a reserved, never-followed placeholder, so a valid edge value is never 0.
 *
 *   bits 0-5   letter index (1..63)
 *   bit  6     DAWG_FINAL: a word ends after taking this edge
 *   bit  7     DAWG_LAST:  last edge of its sibling list
 *   bits 8-31  child node (0 = none); always greater than the edge's index
 *
 * Children are stored after their parents, so every walk moves forward and
 * terminates.  Limits: at most DAWG_MAX_EDGES edges, DAWG_MAX_WORDS words,
 * words of at most ALPHA_WORD_MAX letters.
 *
 * Trust: a loaded file is validated against corruption by its checksum and
 * made safe against malice by structure checks (not by the checksum, which a
 * forger recomputes): every edge in range, every walk forward and at most
 * ALPHA_WORD_MAX letters deep, the word count exact and bounded.
 *
 * Ownership and threads: a dawg_graph is immutable after dawg_build/dawg_load and
 * may be shared by any number of threads.  Navigation never allocates.
 */
#ifndef TILEKIT_DAWG_H
#define TILEKIT_DAWG_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/alphabet.h"
#include "tilekit/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t dawg_edge;
typedef struct dawg_graph dawg_graph;

#define DAWG_LETTER_MASK 0x3Fu
#define DAWG_FINAL       0x40u
#define DAWG_LAST        0x80u
#define DAWG_CHILD_SHIFT 8
#define DAWG_MAX_EDGES   (1u << 24)
/* At most this many words in a graph (built or loaded): the loader counts
 * them exactly and refuses more, so a forged file cannot claim 2^65 words. */
#define DAWG_MAX_WORDS   0xFFFFFFFFull

static inline unsigned dawg_edge_letter(dawg_edge e) { return e & DAWG_LETTER_MASK; }
static inline int dawg_edge_final(dawg_edge e) { return (e & DAWG_FINAL) != 0; }
static inline int dawg_edge_last(dawg_edge e) { return (e & DAWG_LAST) != 0; }
static inline uint32_t dawg_edge_child(dawg_edge e) { return e >> DAWG_CHILD_SHIFT; }

/* Figures about a graph.  `states`/`transitions` are the classic counts of the
 * minimal automaton with final flags on states (root included), known only
 * for graphs built in this process or saved by mkdawg (0 otherwise);
 * `edges` is what this encoding stores (edge 0 excluded), `lists` its
 * sibling lists. */
typedef struct dawg_info {
    uint64_t words;
    uint32_t edges;
    uint32_t lists;
    uint32_t states;
    uint32_t transitions;
    uint32_t max_len;        /* longest word, in letters */
    uint32_t format_version;
    size_t bytes;            /* serialized size */
} dawg_info;

/* ---- building ---------------------------------------------------------- */

/* Called now and then while building: `done` of `total` input lines read. */
typedef void (*dawg_progress_fn)(void *ctx, size_t done, size_t total);

/* Build a minimal DAWG from a word list in memory (UTF-8, one word a line,
 * CR LF and a leading BOM accepted, blank lines ignored, any order,
 * duplicates and case differences merged).  If `a` is NULL the alphabet is
 * inferred from the list.  Every word must consist of letters of the
 * alphabet and have at most ALPHA_WORD_MAX letters: otherwise TK_EFORMAT or
 * TK_ELIMIT with err->line set and the word quoted in err->msg; nothing is
 * ever silently dropped.  Linear in the input (after an O(n log n) sort when
 * the input is not already sorted).  `progress` may be NULL. */
int dawg_build(dawg_graph **out, const alpha_table *a, const char *text, size_t len,
               dawg_progress_fn progress, void *ctx, tk_error *err);

/* Called for each line dawg_build_ex skips: its 1-based number and why
 * ("word 'co-op': '-' is not a letter of the alphabet"). */
typedef void (*dawg_skip_fn)(void *ctx, long line, const char *msg);

/* Options of dawg_build_ex (zero-initialise, then set what you need). */
typedef struct dawg_build_opts {
    int strict;               /* 1: a bad line is an error, as in dawg_build */
    dawg_skip_fn skip;        /* not strict: told about each skipped line (may be NULL) */
    void *skip_ctx;
    dawg_progress_fn progress;
    void *progress_ctx;
    size_t skipped;           /* out: lines skipped */
} dawg_build_opts;

/* dawg_build, but a line with a character outside the alphabet ("co-op",
 * "Aaron's", "4th") is skipped and counted unless o->strict; nothing is
 * ever turned into a letter.  Invalid UTF-8 and words longer than
 * ALPHA_WORD_MAX stay errors (TK_EFORMAT / TK_ELIMIT, err->line set).
 * `a` must not be NULL.
 * An empty result (no word at all) is TK_EFORMAT "no words". */
int dawg_build_ex(dawg_graph **out, const alpha_table *a, const char *text, size_t len, dawg_build_opts *o,
                  tk_error *err);

/* Build from already encoded words (letter indices 1..a->size); the same
 * rules otherwise.  words[i] has lens[i] letters. */
int dawg_build_encoded(dawg_graph **out, const alpha_table *a, const uint8_t *const *words,
                       const int *lens, size_t n, tk_error *err);

/* ---- files --------------------------------------------------------------- */

/* Serialize to a freshly malloc'ed buffer (caller frees). */
int dawg_serialize(const dawg_graph *d, void **buf, size_t *len, tk_error *err);
/* Write to a file atomically (a new temporary file beside it, then rename).
 * Only ever replaces a regular file: an existing symlink, directory, device,
 * FIFO or socket at `path` is TK_EINVAL, and left alone. */
int dawg_save(const dawg_graph *d, const char *path, tk_error *err);
/* Open a file once, map it and validate it completely (magic, version,
 * sizes, alphabet, every edge, every list terminated, exact word count,
 * checksum) before returning.  A file that does not start like a .dawg
 * gives TK_ENOTDAWG (the caller may read it as a word list); one that does
 * but is cut short (even below the 8-byte magic) is TK_EFORMAT "truncated". */
int dawg_load(dawg_graph **out, const char *path, tk_error *err);
/* Validate a buffer in memory; the dawg_graph keeps a private copy. */
int dawg_load_memory(dawg_graph **out, const void *buf, size_t len, tk_error *err);
/* True if the bytes start like a .dawg: the 8-byte magic, or, for fewer
 * than 8 bytes (1..7), a prefix of it (a truncated .dawg is still one). */
int dawg_is_dawg_file(const void *buf, size_t len);
/* Free; NULL is allowed. */
void dawg_destroy(dawg_graph *d);

/* A copy of `d` over the alphabet `wider`, which must hold every letter of
 * d's alphabet in the same relative order (TK_EINVAL otherwise): letters the
 * graph never uses just form no word.  Used to let a dictionary built with a
 * smaller alphabet work with a language's tile set or dice.  The copy owns
 * its edges (d may be destroyed after). */
int dawg_widen(dawg_graph **out, const dawg_graph *d, const alpha_table *wider, tk_error *err);

/* ---- navigation (no allocation, thread-safe) ---------------------------- */

const alpha_table *dawg_alphabet(const dawg_graph *d);
void dawg_get_info(const dawg_graph *d, dawg_info *info);
const dawg_edge *dawg_edges(const dawg_graph *d);    /* the edge array */
uint32_t dawg_edge_count(const dawg_graph *d);       /* array length, edge 0 included */
uint32_t dawg_root(const dawg_graph *d);             /* the root node (may be 0: empty graph) */

/* The edge for `letter` leaving `node`, or 0 if there is none. */
dawg_edge dawg_child(const dawg_graph *d, uint32_t node, unsigned letter);

/* Follow a prefix from the root.  Returns 1 and sets *node (the node after
 * the prefix; 0 if nothing can follow) and *final (the prefix is a word) if
 * the prefix exists; returns 0 otherwise.  n == 0 gives the root, final 0. */
int dawg_walk(const dawg_graph *d, const uint8_t *letters, int n, uint32_t *node, int *final);

/* Is this (encoded) word in the graph? */
int dawg_contains(const dawg_graph *d, const uint8_t *letters, int n);
/* Convenience: the same for a UTF-8 word (case-insensitive); 0 if it does not encode. */
int dawg_contains_utf8(const dawg_graph *d, const char *word);

/* Letters that label an edge leaving `node` / that end a word there. */
alpha_set dawg_next_letters(const dawg_graph *d, uint32_t node);
alpha_set dawg_final_letters(const dawg_graph *d, uint32_t node);

/* The Appel-Jacobson cross-check: the set of letters x such that
 * left + x + right is a word (nl or nr may be 0). */
alpha_set dawg_cross_set(const dawg_graph *d, const uint8_t *left, int nl,
                         const uint8_t *right, int nr);

/* Call fn for every word in lexicographic (letter index) order; stops early
 * and returns fn's value if it returns non-zero. */
int dawg_foreach_word(const dawg_graph *d, int (*fn)(void *ctx, const uint8_t *letters, int n),
                      void *ctx);

#ifdef __cplusplus
}
#endif
#endif
