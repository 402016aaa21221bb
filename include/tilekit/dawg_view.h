/* tilekit/dawg_view.h - the letter-indexed view of a word graph.
 *
 * The one read-side representation of a dawg_graph that the game wings (boggle,
 * skrafl, wordq) and the navigation helpers walk, so that none of them reads
 * the packed edge format of tilekit/dawg.h.  Built once per dictionary
 * (linear in its edges), immutable afterwards, shared read-only by any
 * number of threads; walking it never allocates.
 *
 * Nodes and edges.  A *node* is the index of its first edge in the array
 * returned by dawg_view_edges(); its edges follow it, one per letter, in
 * increasing letter order.  Node 0 is "no children" and edge 0 is an
 * all-zero record.  The view keeps the dawg_graph's order: its node and
 * edge numbers are the graph's (tilekit/dawg.h), every child comes after
 * its parents, and the root's list is the first.
 *
 * Letter-indexed: a node's letters are a 64-bit set (bit i = letter i of the
 * alphabet, the same bits as alpha_set), and the edge for letter l of a node
 * n with letter set m is n + (number of letters of m below l):
 * dawg_view_index(n, m, l).  Every edge record carries the letter set of
 * the node it leads to, so a walk touches one 16-byte record per letter and
 * never scans a sibling list:
 *
 *     next   letters leaving the child node (0: the child has no edges)
 *     link   child node << 7 | letter << 1 | final (a word ends after
 *            taking this edge); the accessors below unpack it
 *     rank   words through the earlier edges of the same node
 *
 * Word ranks.  Every word has a number, its rank in letter-index order
 * (0 .. dawg_view_words() - 1).  Walk from the root with `base` = 0: taking
 * edge e from a node whose words are numbered from `base`, the word that
 * ends on e (if e is final) has rank base + e.rank, and the words below e's
 * child are numbered from base + e.rank + final(e).  dawg_vpos does this
 * bookkeeping for callers that step one letter at a time.  The number of
 * words below a node and through an edge are in cold arrays (functions
 * below), for pruning by counts (all words of a range already found, an
 * anagram's remaining letters) and for word <-> rank conversion.
 *
 * Limits: fewer than 2^32 - 1 words and 2^25 edges (TK_ELIMIT otherwise), letters 1..63
 * (the alphabet's limit), words of at most ALPHA_WORD_MAX letters.
 * Memory: 28 bytes per edge of the dawg_graph (16 hot, 12 cold); built in two
 * linear passes.  The view keeps a
 * pointer to the dawg_graph (for its alphabet), which must outlive it.
 */
#ifndef TILEKIT_DAWG_VIEW_H
#define TILEKIT_DAWG_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/alphabet.h"
#include "tilekit/common.h"
#include "tilekit/dawg.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dawg_vedge {
    uint64_t next;   /* letters leaving the child node */
    uint32_t link;   /* child node << 7 | letter << 1 | final */
    uint32_t rank;   /* words through the earlier edges of this node */
} dawg_vedge;

typedef struct dawg_view dawg_view;

/* Build the view of d (which must outlive it).  Errors: TK_ENOMEM,
 * TK_ELIMIT (2^32 - 1 words or more), TK_EFORMAT (a graph not made by
 * tilekit: an edge entering a sibling list in its middle). */
int dawg_view_create(dawg_view **out, const dawg_graph *d, tk_error *err);
void dawg_view_destroy(dawg_view *v);              /* NULL allowed */

const dawg_graph *dawg_view_dawg(const dawg_view *v);
const alpha_table *dawg_view_alphabet(const dawg_view *v);
uint32_t dawg_view_words(const dawg_view *v);      /* number of words */
uint32_t dawg_view_edge_count(const dawg_view *v); /* array length, edge 0 included */

/* ---- the hot path: inline, no calls ------------------------------------- */

const dawg_vedge *dawg_view_edges(const dawg_view *v);
uint32_t dawg_view_root(const dawg_view *v);         /* 0 for an empty graph */
uint64_t dawg_view_root_letters(const dawg_view *v); /* letters that start a word */

/* Number of set bits.  Portable: a few shifts and one multiply, unless the
 * compiler targets a machine with a population-count instruction. */
static inline unsigned dawg_popcount64(uint64_t x)
{
#if defined(__GNUC__) && defined(__POPCNT__)
    return (unsigned)__builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* The edge index for letter l (which must be in `letters`) of node `node`
 * whose letter set is `letters`. */
static inline uint32_t dawg_view_index(uint32_t node, uint64_t letters, unsigned l)
{
    return node + dawg_popcount64(letters & ((((uint64_t)1) << l) - 1));
}
static inline uint32_t dawg_vedge_child(dawg_vedge e) { return e.link >> 7; }
static inline int dawg_vedge_final(dawg_vedge e) { return (int)(e.link & 1); }
/* The letter on the edge (1..63; 0 for edge 0).  A node's edges can be
 * scanned for letter l by comparing (link & DAWG_VLINK_LETTER) with l << 1. */
#define DAWG_VLINK_LETTER 0x7Eu
static inline unsigned dawg_vedge_letter(dawg_vedge e) { return (e.link & DAWG_VLINK_LETTER) >> 1; }

/* ---- stepping one letter at a time -------------------------------------- */

/* A prefix being walked.  Start with dawg_view_start (the empty prefix). */
typedef struct dawg_vpos {
    uint32_t node;     /* the node after the prefix (0: nothing follows) */
    uint64_t next;     /* letters that may follow */
    uint32_t first;    /* rank of the first word with this prefix (of the
                          prefix itself when final) */
    int final;         /* the prefix is a word (its rank is `first`) */
} dawg_vpos;

dawg_vpos dawg_view_start(const dawg_view *v);
/* Extend the prefix by one letter; returns 0 (p unchanged) if no word has
 * the longer prefix. */
static inline int dawg_view_step(const dawg_view *v, dawg_vpos *p, unsigned l)
{
    if (l > 63 || !((p->next >> l) & 1))
        return 0;
    dawg_vedge e = dawg_view_edges(v)[dawg_view_index(p->node, p->next, l)];
    p->first = p->first + (uint32_t)p->final + e.rank;
    p->final = dawg_vedge_final(e);
    p->node = dawg_vedge_child(e);
    p->next = e.next;
    return 1;
}
/* Walk a whole prefix from the root; returns 0 if no word starts with it. */
int dawg_view_walk(const dawg_view *v, const uint8_t *letters, int n, dawg_vpos *p);
/* Number of words with this prefix (the prefix itself included); they have
 * the consecutive ranks first .. first + count - 1. */
uint32_t dawg_view_pos_words(const dawg_view *v, const dawg_vpos *p);

/* ---- cold queries --------------------------------------------------------- */

/* Letters of node `node` (0 for node 0). */
uint64_t dawg_view_letters(const dawg_view *v, uint32_t node);
/* The same without a call, for searches that hold a node but not its
 * letters: entry `node` of this array (dawg_view_edge_count() entries) is
 * the letter set of that node; entry 0 is 0.  Entries at other edges are
 * not node letter sets (they are the letters of that edge and its later
 * siblings). */
const uint64_t *dawg_view_letter_sets(const dawg_view *v);
/* Words below a node: the words spelled by the paths that leave it. */
uint32_t dawg_view_node_words(const dawg_view *v, uint32_t node);
/* Words through edge e: 1 if e is final, plus the words below its child. */
uint32_t dawg_view_edge_words(const dawg_view *v, uint32_t e);
/* The letter on edge e (1..63; 0 for edge 0). */
unsigned dawg_view_edge_letter(const dawg_view *v, uint32_t e);
/* What is below every node, for searches that prune on it: for each node n,
 *   below[n]  the letters on the paths leaving n (every letter of the rests
 *             of the words that go through n);
 *   lens[n]   bit d (1..30) set if some word ends d letters below n, bit 31
 *             if one ends 31 or more letters below.
 * Both arrays have dawg_view_edge_count() entries; entry 0 is 0, and an
 * entry at any other edge holds the same figures over that edge and its
 * later siblings.  One backward pass (children come after their parents).
 * Returns the number of nodes. */
uint32_t dawg_view_below(const dawg_view *v, uint64_t *below, uint32_t *lens);

/* The rank of a word (encoded letters), or -1 if it is not in the graph. */
int64_t dawg_view_rank(const dawg_view *v, const uint8_t *letters, int n);
/* The letters of the word of rank `rank` into out[ALPHA_WORD_MAX]; returns
 * its length, or TK_EINVAL if rank >= dawg_view_words(). */
int dawg_view_word(const dawg_view *v, uint32_t rank, uint8_t *out);

/* ---- the navigation queries on the view ----------------------------------- */

/* Is this (encoded) word in the graph? */
int dawg_view_contains(const dawg_view *v, const uint8_t *letters, int n);
/* The Appel-Jacobson cross-check: the letters x of `want` such that
 * left + x + right is a word (nl or nr may be 0; want ~0 for all). */
uint64_t dawg_view_cross_set(const dawg_view *v, const uint8_t *left, int nl, const uint8_t *right, int nr,
                             uint64_t want);
/* Call fn for every word whose rank is in [from, to) in rank order, with
 * its rank; stops early and returns fn's value if it returns non-zero.
 * Walks down to `from` directly (no enumeration of the words before it). */
int dawg_view_foreach(const dawg_view *v, uint32_t from, uint32_t to,
                      int (*fn)(void *ctx, uint32_t rank, const uint8_t *letters, int n), void *ctx);

#ifdef __cplusplus
}
#endif
#endif
