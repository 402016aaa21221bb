/* nav.c - walking the word graph (see tilekit/dawg.h for the edge layout).
 *
 * A node's edges are consecutive and sorted by letter, so finding a child is
 * a short forward scan that stops at the first letter not below the one
 * sought or at the last-sibling mark.  Every walk moves to higher edge
 * indices and is bounded by the word length; enumeration keeps an explicit
 * stack of at most ALPHA_WORD_MAX entries.  Nothing here allocates.
 */
#include "dawg_internal.h"

const alpha_table *dawg_alphabet(const dawg_graph *d) { return &d->alpha; }
void dawg_get_info(const dawg_graph *d, dawg_info *info) { *info = d->info; }
const dawg_edge *dawg_edges(const dawg_graph *d) { return d->edges; }
uint32_t dawg_edge_count(const dawg_graph *d) { return d->n_edges; }
uint32_t dawg_root(const dawg_graph *d) { return d->root; }

dawg_edge dawg_child(const dawg_graph *d, uint32_t node, unsigned letter)
{
    if (!node)
        return 0;
    const dawg_edge *e = d->edges + node;
    for (;; e++) {
        dawg_edge x = *e;
        unsigned l = dawg_edge_letter(x);
        if (l == letter)
            return x;
        if (l > letter || dawg_edge_last(x))
            return 0;
    }
}

int dawg_walk(const dawg_graph *d, const uint8_t *letters, int n, uint32_t *node, int *final)
{
    uint32_t at = d->root;
    int fin = 0;
    for (int i = 0; i < n; i++) {
        dawg_edge x = dawg_child(d, at, letters[i]);
        if (!x)
            return 0;
        at = dawg_edge_child(x);
        fin = dawg_edge_final(x);
    }
    *node = at;
    *final = fin;
    return 1;
}

int dawg_contains(const dawg_graph *d, const uint8_t *letters, int n)
{
    /* The hot lookup: the child scan of dawg_child, inlined.  Letters rise
     * within a list, so the scan stops at the first letter not below the
     * one sought or at the last-sibling mark. */
    const dawg_edge *edges = d->edges;
    uint32_t at = d->root;
    dawg_edge x = 0;
    if (n <= 0)
        return 0;
    for (int i = 0; i < n; i++) {
        if (!at)
            return 0;
        const dawg_edge *e = edges + at;
        unsigned want = letters[i];
        x = *e;
        while (dawg_edge_letter(x) < want && !dawg_edge_last(x))
            x = *++e;
        if (dawg_edge_letter(x) != want)
            return 0;
        at = dawg_edge_child(x);
    }
    return dawg_edge_final(x);
}

int dawg_contains_utf8(const dawg_graph *d, const char *word)
{
    uint8_t w[ALPHA_WORD_MAX];
    size_t len = 0;
    while (word[len])
        len++;
    int n = alpha_encode(&d->alpha, word, len, w, ALPHA_WORD_MAX, NULL);
    return n > 0 && dawg_contains(d, w, n);
}

alpha_set dawg_next_letters(const dawg_graph *d, uint32_t node)
{
    alpha_set s = 0;
    if (!node)
        return 0;
    for (const dawg_edge *e = d->edges + node;; e++) {
        s |= ALPHA_BIT(dawg_edge_letter(*e));
        if (dawg_edge_last(*e))
            return s;
    }
}

alpha_set dawg_final_letters(const dawg_graph *d, uint32_t node)
{
    alpha_set s = 0;
    if (!node)
        return 0;
    for (const dawg_edge *e = d->edges + node;; e++) {
        if (dawg_edge_final(*e))
            s |= ALPHA_BIT(dawg_edge_letter(*e));
        if (dawg_edge_last(*e))
            return s;
    }
}

alpha_set dawg_cross_set(const dawg_graph *d, const uint8_t *left, int nl, const uint8_t *right, int nr)
{
    uint32_t node;
    int final;
    if (!dawg_walk(d, left, nl, &node, &final) || !node)
        return 0;
    if (nr == 0)
        return dawg_final_letters(d, node);
    alpha_set s = 0;
    for (const dawg_edge *e = d->edges + node;; e++) {
        uint32_t at = dawg_edge_child(*e);
        int fin = 0;
        for (int i = 0; i < nr && at; i++) {
            dawg_edge x = dawg_child(d, at, right[i]);
            at = dawg_edge_child(x);
            fin = x && i == nr - 1 && dawg_edge_final(x);
            if (!x)
                break;
        }
        if (fin)
            s |= ALPHA_BIT(dawg_edge_letter(*e));
        if (dawg_edge_last(*e))
            return s;
    }
}

int dawg_foreach_word(const dawg_graph *d, int (*fn)(void *ctx, const uint8_t *letters, int n), void *ctx)
{
    uint32_t stack[ALPHA_WORD_MAX + 1];   /* current edge index at each depth */
    uint8_t word[ALPHA_WORD_MAX + 1];
    int depth = 0;
    if (!d->root)
        return 0;
    stack[0] = d->root;
    for (;;) {
        dawg_edge x = d->edges[stack[depth]];
        word[depth] = (uint8_t)dawg_edge_letter(x);
        if (dawg_edge_final(x)) {
            int rc = fn(ctx, word, depth + 1);
            if (rc)
                return rc;
        }
        uint32_t c = dawg_edge_child(x);
        if (c && depth + 1 < ALPHA_WORD_MAX) {
            stack[++depth] = c;
            continue;
        }
        /* advance to the next sibling, popping finished lists */
        while (dawg_edge_last(d->edges[stack[depth]])) {
            if (depth == 0)
                return 0;
            depth--;
        }
        stack[depth]++;
    }
}
