/* dawg_internal.h - the dawg_graph object shared by build.c, file.c and nav.c. */
#ifndef TILEKIT_DAWG_INTERNAL_H
#define TILEKIT_DAWG_INTERNAL_H

#include "tilekit/dawg.h"

struct dawg_graph {
    alpha_table alpha;
    const dawg_edge *edges;  /* n_edges entries, edge 0 the placeholder */
    uint32_t n_edges;
    uint32_t root;
    dawg_info info;
    void *owned;             /* malloc'ed storage to free (edges or file copy) */
    void *map;               /* mmap'ed file, or NULL */
    size_t map_len;
};

/* Allocate a dawg_graph that takes ownership of `edges` (malloc'ed, n entries). */
dawg_graph *tki_dawg_new_owned(const alpha_table *a, dawg_edge *edges, uint32_t n, uint32_t root);

#endif
