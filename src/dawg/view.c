/* view.c - the letter-indexed view of a word graph (see tilekit/dawg_view.h).
 *
 * The view keeps the dawg_graph's own order (a node is the index of its
 * first edge in both; the root's list comes first and every child after its
 * parents), so it is built in two linear passes over the packed edges:
 *   1. backward, so that every child is done before its parents: check that
 *      the child starts a sibling list after its parent (true of every graph
 *      tilekit builds or loads); `sfx[i]` = words through edge i and its
 *      later siblings, `set[i]` = the letters of i and its later siblings (at
 *      a list start: the node's word count and letter set); the edge's
 *      16-byte record gets its child's letter set and child << 7 | letter << 1
 *      | final;
 *   2. forward: each record's rank offset sfx[first] - sfx[i] (the words
 *      through its earlier siblings).
 * Only the three arrays are allocated; nothing is sorted or queued.
 */
#include "tilekit/dawg_view.h"

#include <stdlib.h>
#include <string.h>

struct dawg_view {
    const dawg_graph *dawg;
    dawg_vedge *E;       /* n entries, E[0] all zero */
    uint32_t *sfx;       /* words through edge i and its later siblings */
    uint64_t *set;       /* letters of edge i and its later siblings */
    uint32_t n;
    uint32_t root;
    uint64_t root_letters;
    uint32_t words;
};

/* Both passes, in the dawg_graph's own order (node n of the view is node n
 * of the graph).  Returns TK_OK, TK_EFORMAT or TK_ELIMIT. */
static int fill(dawg_view *v, const dawg_edge *ed, uint32_t n)
{
    dawg_vedge *E = v->E;
    uint32_t *sfx = v->sfx;
    uint64_t *set = v->set;
    uint64_t words = 0, letters = 0;   /* of edge i and its later siblings */
    for (uint32_t i = n - 1; i >= 1; i--) {
        dawg_edge e = ed[i];
        uint32_t child = dawg_edge_child(e);
        /* A child comes after its parent (and starts a sibling list: the
         * loader and the builder guarantee both; only the order, which this
         * pass relies on, is checked again here).  Node 0's figures are 0. */
        if (child >= n || (child && child <= i))
            return TK_EFORMAT;
        if (dawg_edge_last(e))
            words = letters = 0;
        words += (e & DAWG_FINAL ? 1u : 0u) + sfx[child];
        letters |= (uint64_t)1 << dawg_edge_letter(e);
        if (words >= UINT32_MAX)
            return TK_ELIMIT;
        sfx[i] = (uint32_t)words;
        set[i] = letters;
        E[i].next = set[child];
        E[i].link = child << 7 | dawg_edge_letter(e) << 1 | (e & DAWG_FINAL ? 1u : 0u);
    }
    for (uint32_t i = 1, first = 1; i < n; i++) {
        if (dawg_edge_last(ed[i - 1]))
            first = i;
        E[i].rank = sfx[first] - sfx[i];
    }
    return TK_OK;
}

static int build(dawg_view *v, const dawg_graph *d)
{
    uint32_t n = dawg_edge_count(d);
    uint32_t root = dawg_root(d);
    const dawg_edge *ed = dawg_edges(d);
    if (!root || n < 2)
        n = 1;
    else if (root >= n || (root > 1 && !dawg_edge_last(ed[root - 1])))
        return TK_EFORMAT;
    else if (n >= (UINT32_C(1) << 25))   /* link holds child << 7 (a loaded dawg has fewer than 2^24) */
        return TK_ELIMIT;
    v->E = malloc(n * sizeof *v->E);
    v->sfx = malloc(n * sizeof *v->sfx);
    v->set = malloc(n * sizeof *v->set);
    if (!v->E || !v->sfx || !v->set)
        return TK_ENOMEM;
    memset(&v->E[0], 0, sizeof v->E[0]);
    v->sfx[0] = 0;
    v->set[0] = 0;
    v->n = n;
    if (n == 1)
        return TK_OK;
    int rc = fill(v, ed, n);
    if (rc != TK_OK)
        return rc;
    v->root = root;
    v->words = v->sfx[root];
    v->root_letters = v->set[root];
    return TK_OK;
}

int dawg_view_create(dawg_view **out, const dawg_graph *d, tk_error *err)
{
    *out = NULL;
    if (!d)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no dictionary");
    dawg_view *v = calloc(1, sizeof *v);
    if (!v)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory building the word graph's view");
    v->dawg = d;
    int rc = build(v, d);
    if (rc != TK_OK) {
        dawg_view_destroy(v);
        if (rc == TK_ENOMEM)
            return tk_error_set(err, rc, 0, 0, "out of memory building the word graph's view");
        if (rc == TK_ELIMIT)
            return tk_error_set(err, rc, 0, 0, "dictionary too large (limits: 2^32 - 2 words, 2^25 edges)");
        return tk_error_set(err, rc, 0, 0, "dictionary graph enters a sibling list in its middle "
                                           "(not produced by tilekit; rebuild it with mkdawg)");
    }
    *out = v;
    return TK_OK;
}

void dawg_view_destroy(dawg_view *v)
{
    if (!v)
        return;
    free(v->E);
    free(v->sfx);
    free(v->set);
    free(v);
}

const dawg_graph *dawg_view_dawg(const dawg_view *v) { return v->dawg; }
const alpha_table *dawg_view_alphabet(const dawg_view *v) { return dawg_alphabet(v->dawg); }
uint32_t dawg_view_words(const dawg_view *v) { return v->words; }
uint32_t dawg_view_edge_count(const dawg_view *v) { return v->n; }
const dawg_vedge *dawg_view_edges(const dawg_view *v) { return v->E; }
uint32_t dawg_view_root(const dawg_view *v) { return v->root; }
uint64_t dawg_view_root_letters(const dawg_view *v) { return v->root_letters; }

dawg_vpos dawg_view_start(const dawg_view *v)
{
    dawg_vpos p;
    p.node = v->root;
    p.next = v->root_letters;
    p.first = 0;
    p.final = 0;
    return p;
}

int dawg_view_walk(const dawg_view *v, const uint8_t *letters, int n, dawg_vpos *p)
{
    dawg_vpos q = dawg_view_start(v);
    for (int i = 0; i < n; i++)
        if (!dawg_view_step(v, &q, letters[i]))
            return 0;
    *p = q;
    return 1;
}

uint32_t dawg_view_pos_words(const dawg_view *v, const dawg_vpos *p)
{
    return (uint32_t)p->final + dawg_view_node_words(v, p->node);
}

uint64_t dawg_view_letters(const dawg_view *v, uint32_t node) { return node < v->n ? v->set[node] : 0; }
const uint64_t *dawg_view_letter_sets(const dawg_view *v) { return v->set; }
uint32_t dawg_view_node_words(const dawg_view *v, uint32_t node) { return node < v->n ? v->sfx[node] : 0; }
unsigned dawg_view_edge_letter(const dawg_view *v, uint32_t e) { return e < v->n ? dawg_vedge_letter(v->E[e]) : 0; }

uint32_t dawg_view_below(const dawg_view *v, uint64_t *below, uint32_t *lens)
{
    const dawg_vedge *E = v->E;
    const uint64_t *S = v->set;
    uint64_t accb = 0;   /* over edge i and its later siblings */
    uint32_t accl = 0, nodes = 0;
    below[0] = 0;
    lens[0] = 0;
    for (uint32_t i = v->n; i-- > 1;) {
        if (!(S[i] & (S[i] - 1)))   /* the last edge of its list: a new list, walking back */
            accb = accl = 0;
        uint32_t c = dawg_vedge_child(E[i]);   /* 0, or after i: done */
        accb |= ((uint64_t)1 << dawg_vedge_letter(E[i])) | below[c];
        accl |= (uint32_t)dawg_vedge_final(E[i]) << 1 | lens[c] << 1 | (lens[c] & UINT32_C(0x80000000));
        below[i] = accb;
        lens[i] = accl;
        nodes += i == 1 || !(S[i - 1] & (S[i - 1] - 1));
    }
    return nodes;
}

uint32_t dawg_view_edge_words(const dawg_view *v, uint32_t e)
{
    if (e == 0 || e >= v->n)
        return 0;
    /* the set of e and its later siblings has more than one letter unless e is last */
    int last = (v->set[e] & (v->set[e] - 1)) == 0;
    return v->sfx[e] - (last ? 0 : v->sfx[e + 1]);
}

int64_t dawg_view_rank(const dawg_view *v, const uint8_t *letters, int n)
{
    dawg_vpos p;
    if (n < 1 || !dawg_view_walk(v, letters, n, &p) || !p.final)
        return -1;
    return p.first;
}

int dawg_view_word(const dawg_view *v, uint32_t rank, uint8_t *out)
{
    if (rank >= v->words)
        return TK_EINVAL;
    uint32_t node = v->root, k = rank;
    int n = 0;
    while (node && n < ALPHA_WORD_MAX) {
        /* the last edge whose rank offset is <= k */
        uint32_t e = node, end = node + dawg_popcount64(v->set[node]);
        while (e + 1 < end && v->E[e + 1].rank <= k)
            e++;
        k -= v->E[e].rank;
        out[n++] = dawg_vedge_letter(v->E[e]);
        if (dawg_vedge_final(v->E[e])) {
            if (k == 0)
                return n;
            k--;
        }
        node = dawg_vedge_child(v->E[e]);
    }
    return TK_EINVAL;   /* cannot happen in a valid view */
}

int dawg_view_contains(const dawg_view *v, const uint8_t *letters, int n)
{
    dawg_vpos p;
    return n > 0 && dawg_view_walk(v, letters, n, &p) && p.final;
}

uint64_t dawg_view_cross_set(const dawg_view *v, const uint8_t *left, int nl, const uint8_t *right, int nr,
                             uint64_t want)
{
    dawg_vpos p;
    if (!dawg_view_walk(v, left, nl, &p))
        return 0;
    uint64_t s = 0;
    for (uint64_t cand = p.next & want; cand; cand &= cand - 1) {
        unsigned l = 0;
        while (!((cand >> l) & 1))
            l++;
        dawg_vpos q = p;
        dawg_view_step(v, &q, l);
        int i = 0;
        while (i < nr && dawg_view_step(v, &q, right[i]))
            i++;
        if (i == nr && q.final)
            s |= (uint64_t)1 << l;
    }
    return s;
}

int dawg_view_foreach(const dawg_view *v, uint32_t from, uint32_t to,
                      int (*fn)(void *ctx, uint32_t rank, const uint8_t *letters, int n), void *ctx)
{
    uint8_t w[ALPHA_WORD_MAX];
    uint32_t edge[ALPHA_WORD_MAX], end[ALPHA_WORD_MAX];
    if (to > v->words)
        to = v->words;
    if (from >= to)
        return 0;
    /* descend to the word of rank `from`, keeping the path */
    uint32_t node = v->root, k = from;
    int d = 0;
    for (;;) {
        uint32_t e = node, last = node + dawg_popcount64(v->set[node]);
        while (e + 1 < last && v->E[e + 1].rank <= k)
            e++;
        edge[d] = e;
        end[d] = last;
        w[d] = dawg_vedge_letter(v->E[e]);
        k -= v->E[e].rank;
        if (dawg_vedge_final(v->E[e]) && k == 0)
            break;
        k -= (uint32_t)dawg_vedge_final(v->E[e]);
        node = dawg_vedge_child(v->E[e]);
        d++;
    }
    /* from there on, in order: depth first, each edge's word then its child's */
    uint32_t rank = from;
    for (;;) {
        int rc = fn(ctx, rank, w, d + 1);
        if (rc)
            return rc;
        if (++rank >= to)
            return 0;
        /* the next word: down the first edges below, or on to the next sibling */
        uint32_t c = dawg_vedge_child(v->E[edge[d]]);
        if (c && d + 1 < ALPHA_WORD_MAX) {
            d++;
            edge[d] = c;
            end[d] = c + dawg_popcount64(v->set[c]);
        } else {
            while (edge[d] + 1 >= end[d])
                d--;            /* rank < to guarantees a later word exists */
            edge[d]++;
        }
        /* follow first edges until a final one */
        for (;;) {
            w[d] = dawg_vedge_letter(v->E[edge[d]]);
            if (dawg_vedge_final(v->E[edge[d]]))
                break;
            uint32_t cc = dawg_vedge_child(v->E[edge[d]]);
            d++;
            edge[d] = cc;
            end[d] = cc + dawg_popcount64(v->set[cc]);
        }
    }
}
