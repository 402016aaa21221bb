/* widen.c - give a graph a wider alphabet (dawg_widen, see dawg.h).
 *
 * Every letter of the graph's alphabet is looked up in the wider one; when
 * all are there, in the same relative order, the edges are copied with their
 * letter index renumbered: sibling lists stay sorted, children and flags are
 * unchanged, so the copy is as valid as the original.  The letters the graph
 * never uses simply form no word.
 */
#include "dawg_internal.h"

#include <stdlib.h>
#include <string.h>

int dawg_widen(dawg_graph **out, const dawg_graph *d, const alpha_table *wider, tk_error *err)
{
    *out = NULL;
    const alpha_table *a = &d->alpha;
    uint8_t map[64] = {0};
    int prev = 0;
    for (int i = 1; i <= a->size; i++) {
        int j = alpha_index(wider, a->lower[i]);
        if (j == 0)
            return tk_error_set(err, TK_EINVAL, 0, 0, "letter '%s' of the dictionary is not in the alphabet",
                                a->lower[i]);
        if (j <= prev)
            return tk_error_set(err, TK_EINVAL, 0, 0,
                                "letter '%s' comes in another order in the dictionary and the alphabet",
                                a->lower[i]);
        map[i] = (uint8_t)j;
        prev = j;
    }
    dawg_edge *e = malloc((size_t)d->n_edges * sizeof *e);
    if (!e)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    e[0] = d->edges[0];
    for (uint32_t i = 1; i < d->n_edges; i++) {
        dawg_edge x = d->edges[i];
        e[i] = (x & ~(dawg_edge)DAWG_LETTER_MASK) | map[dawg_edge_letter(x)];
    }
    dawg_graph *w = tki_dawg_new_owned(wider, e, d->n_edges, d->root);
    if (!w) {
        free(e);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    size_t bytes = w->info.bytes;
    w->info = d->info;
    w->info.bytes = bytes;
    *out = w;
    return TK_OK;
}
