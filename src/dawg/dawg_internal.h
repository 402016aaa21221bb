/* dawg_internal.h - the dawg_graph object shared by build.c, file.c and nav.c. */
#ifndef TILEKIT_DAWG_INTERNAL_H
#define TILEKIT_DAWG_INTERNAL_H

#include "core/tk_text.h"
#include "tilekit/dawg.h"

struct dawg_graph {
    alpha_table alpha;
    const dawg_edge *edges;  /* n_edges entries, edge 0 the placeholder */
    uint32_t n_edges;
    uint32_t root;
    dawg_info info;
    void *owned;             /* malloc'ed storage to free (edges or file copy) */
    tku_map map;             /* the mapped file, or empty */
};

/* Allocate a dawg_graph over the n edges at `edges`, taking ownership of
 * `owned` (malloc'ed storage, NULL for none); its figures are those of a
 * file in the current format, counts other than edges left at 0.  NULL when
 * out of memory (nothing is freed then). */
dawg_graph *tki_dawg_new(const alpha_table *a, const dawg_edge *edges, void *owned, uint32_t n, uint32_t root);
/* The same, owning `edges` (malloc'ed, n entries). */
static inline dawg_graph *tki_dawg_new_owned(const alpha_table *a, dawg_edge *edges, uint32_t n, uint32_t root)
{
    return tki_dawg_new(a, edges, edges, n, root);
}

#endif
