/* engine.c - the immutable engine: dictionary + tile set + layout.
 *
 * Everything that depends only on these three is computed once here: the
 * premium arrays in both orientations (the generator always works on rows;
 * columns are rows of the transposed board), the value of every square byte
 * (a blank scores 0), the rank of every letter's display text so that
 * moves sort in the byte order of their printed words without decoding, and
 * the word graph's letter-indexed view (tilekit/dawg_view.h): every node's
 * letter set, so that the generator intersects a node's letters with what
 * the square and the rack allow in one AND, and every edge carries its
 * child's letter set.  For the best-first search, every node also gets how
 * far it can still go:
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
    /* One block: the engine, then its per-node tables (indexed by the
     * view's node numbers): letters below (8 bytes), word lengths (4),
     * reach (1).  The node letter sets are the view's own. */
    dawg_view *v;
    int rc = dawg_view_create(&v, d, err);
    if (rc)
        return rc;
    size_t nn = dawg_view_edge_count(v), head = (sizeof(sk_engine) + 7) / 8 * 8;
    sk_engine *e = calloc(1, head + nn * (sizeof(alpha_set) + sizeof(uint32_t) + 1));
    if (!e) {
        dawg_view_destroy(v);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    e->below = (alpha_set *)((char *)e + head);
    e->lens = (uint32_t *)(e->below + nn);
    e->reach = (uint8_t *)(e->lens + nn);
    e->dawg = d;
    e->view = v;
    e->edges = dawg_view_edges(v);
    e->nmask = dawg_view_letter_sets(v);
    e->root = dawg_view_root(v);
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
    /* What is below every node (the view's figures), and its reach: the
     * longest way to a word end, the highest length there (31: 31 or more). */
    dawg_view_below(v, e->below, e->lens);
    for (size_t i = 0; i < nn; i++)
        e->reach[i] = (uint8_t)(e->lens[i] ? 31 - __builtin_clz(e->lens[i]) : 0);
    *out = e;
    return TK_OK;
}

void sk_engine_destroy(sk_engine *e)
{
    if (!e)
        return;
    dawg_view_destroy(e->view);
    free(e);   /* one block with its tables (sk_engine_create) */
}
const alpha_table *sk_engine_alphabet(const sk_engine *e) { return &e->alpha; }
const sk_layout *sk_engine_layout(const sk_engine *e) { return &e->lay; }
const sk_tileset *sk_engine_tileset(const sk_engine *e) { return &e->ts; }
const dawg_graph *sk_engine_dawg(const sk_engine *e) { return e->dawg; }
