/* engine.c - the immutable engine: dictionary + tile set + layout.
 *
 * Everything that depends only on these three is computed once here: the
 * premium arrays in both orientations (the generator always works on rows;
 * columns are rows of the transposed board), the value of every square byte
 * (a blank scores 0), the rank of every letter's display text so that
 * moves sort in the byte order of their printed words without decoding, and
 * the letter set of every DAWG node, so that the generator intersects a
 * node's letters with what the square and the rack allow in one AND and
 * finds an edge by a population count instead of scanning its siblings.
 * For the best-first search, every node also gets how far it can still go:
 * its longest way to a word end, the letters on its ways, and the set of
 * lengths at which a word ends below it.
 */
#include "sk_internal.h"

#include <stdlib.h>
#include <string.h>

int sk_engine_create(sk_engine **out, const dawg_graph *d, const sk_tileset *ts,
                     const sk_layout *l, tk_error *err)
{
    *out = NULL;
    if (!d || !ts || !l)
        return tk_error_set(err, TK_EINVAL, 0, 0, "sk_engine_create: missing argument");
    if (l->dim < 2 || l->dim > SK_MAX_DIM)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "layout: board side %d (2..%d)", l->dim, SK_MAX_DIM);
    const alpha_table *a = dawg_alphabet(d);
    for (int i = 0; i <= a->size && i < 64; i++)
        if (ts->value[i] < 0 || ts->value[i] > 255)
            return tk_error_set(err, TK_ELIMIT, 0, 0, "tile set: value %d out of range (0..255)", ts->value[i]);
    if (ts->nletters != a->size)
        return tk_error_set(err, TK_EINVAL, 0, 0,
                            "tile set made for an alphabet of %d letters, the dictionary has %d",
                            ts->nletters, a->size);
    /* One block: the engine, then its per-node tables (indexed by a sibling
     * list's first edge): letters and letters below (8 bytes each), word
     * lengths (4), reach (1). */
    uint32_t ne = dawg_edge_count(d);
    size_t nn = (size_t)ne + 1, head = (sizeof(sk_engine) + 7) / 8 * 8;
    sk_engine *e = calloc(1, head + nn * (2 * sizeof(alpha_set) + sizeof(uint32_t) + 1));
    if (!e)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    e->nmask = (alpha_set *)((char *)e + head);
    e->below = e->nmask + nn;
    e->lens = (uint32_t *)(e->below + nn);
    e->reach = (uint8_t *)(e->lens + nn);
    e->dawg = d;
    e->edges = dawg_edges(d);
    e->root = dawg_root(d);
    e->alpha = *a;
    e->ts = *ts;
    e->lay = *l;
    e->dim = l->dim;
    int dim = l->dim;
    for (int r = 0; r < dim; r++)
        for (int c = 0; c < dim; c++) {
            e->wm[0][r * dim + c] = e->wm[1][c * dim + r] = l->wmul[r * dim + c];
            e->lm[0][r * dim + c] = e->lm[1][c * dim + r] = l->lmul[r * dim + c];
        }
    for (int i = 1; i <= a->size; i++) {
        e->all |= ALPHA_BIT(i);
        e->val[i] = (uint8_t)(ts->value[i] > 255 ? 255 : ts->value[i]);
        e->val[i | SK_BLANK] = 0;
    }
    /* Rank the 2*size display strings (upper = tile, lower = blank). */
    for (int i = 1; i <= a->size; i++)
        for (int bl = 0; bl < 2; bl++) {
            const char *s = bl ? a->lower[i] : a->upper[i];
            int rank = 0;
            for (int j = 1; j <= a->size; j++)
                for (int bj = 0; bj < 2; bj++) {
                    const char *t = bj ? a->lower[j] : a->upper[j];
                    int c = strcmp(t, s);
                    if (c < 0 || (c == 0 && (j < i || (j == i && bj < bl))))
                        rank++;
                }
            e->rank[i | (bl ? SK_BLANK : 0)] = (uint16_t)(rank + 1);
        }
    /* Letter set of every sibling list, indexed by its first edge. */
    alpha_set acc = 0;
    for (uint32_t i = 1, start = 1; i < ne; i++) {
        acc |= ALPHA_BIT(e->edges[i] & DAWG_LETTER_MASK);
        if (e->edges[i] & DAWG_LAST) {
            e->nmask[start] = acc;
            acc = 0;
            start = i + 1;
        }
    }
    /* How far every node can still go: children come after their parents,
     * so a backward pass sees each child's reach before its parent's.  A
     * list's reach is stored at its first edge; walking back, `acc` gathers
     * the list being read and is stored when its first edge is reached (the
     * edge before it ends another list, or is edge 0). */
    uint8_t acc8 = 0;
    alpha_set accb = 0;
    uint32_t accl = 0;
    for (uint32_t i = ne - 1; i >= 1; i--) {
        dawg_edge ed = e->edges[i];
        uint32_t child = dawg_edge_child(ed);
        int d = child ? 1 + e->reach[child] : (ed & DAWG_FINAL) ? 1 : 0;
        if (d > 255)
            d = 255;
        if (d > acc8)
            acc8 = (uint8_t)d;
        accb |= ALPHA_BIT(ed & DAWG_LETTER_MASK) | (child ? e->below[child] : 0);
        accl |= (ed & DAWG_FINAL ? 2u : 0u) | (child ? e->lens[child] << 1 : 0u);
        if (i == 1 || (e->edges[i - 1] & DAWG_LAST)) {
            e->reach[i] = acc8;
            e->below[i] = accb;
            e->lens[i] = accl;
            acc8 = 0;
            accb = 0;
            accl = 0;
        }
    }
    *out = e;
    return TK_OK;
}

void sk_engine_destroy(sk_engine *e) { free(e); }   /* one block (sk_engine_create) */
const alpha_table *sk_engine_alphabet(const sk_engine *e) { return &e->alpha; }
const sk_layout *sk_engine_layout(const sk_engine *e) { return &e->lay; }
const sk_tileset *sk_engine_tileset(const sk_engine *e) { return &e->ts; }
const dawg_graph *sk_engine_dawg(const sk_engine *e) { return e->dawg; }
