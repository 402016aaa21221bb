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
 *
 * The bingo map: for every multiset of SK_RACK_MAX letters that is a word's
 * letters, or a word's letters but one, which: the best-first search asks
 * it once per full rack whether a play of all the tiles can exist (alone, or
 * through one board tile, and which), and bounds those plays only where it
 * can.  Built here from the words of SK_RACK_MAX and SK_RACK_MAX + 1 letters
 * (one walk of the graph, pruned by the lengths below each node): for
 * ENABLE2K about 200,000 keys in 8 MB.
 */
#include "sk_internal.h"
#include "sk_windex.h"

#include <stdlib.h>
#include <string.h>

typedef struct bwalk {
    sk_engine *e;
    uint8_t w[SK_RACK_MAX + 1];
    size_t used;            /* keys in the map */
    int err;
} bwalk;

static void bingo_insert(sk_engine *e, uint64_t key, uint64_t bits, size_t *used)
{
    for (uint64_t i = sk_bingo_hash(key) & e->bmask;; i = (i + 1) & e->bmask) {
        if (!e->bkey[i]) {
            e->bkey[i] = key;
            ++*used;
        }
        if (e->bkey[i] == key) {
            e->bval[i] |= bits;
            return;
        }
    }
}

/* Room for one more key (at most half full): the map doubled when needed. */
static int bingo_room(sk_engine *e, size_t used)
{
    size_t slots = e->bmask ? e->bmask + 1 : 0;
    if (2 * (used + 1) <= slots)
        return TK_OK;
    size_t ns = slots ? 2 * slots : 4096;
    uint64_t *ok = e->bkey, *ov = e->bval;
    e->bkey = calloc(ns, sizeof *e->bkey);
    e->bval = calloc(ns, sizeof *e->bval);
    if (!e->bkey || !e->bval) {
        free(e->bkey);
        free(e->bval);
        e->bkey = ok;
        e->bval = ov;
        return TK_ENOMEM;
    }
    e->bmask = ns - 1;
    size_t n = 0;
    for (size_t i = 0; i < slots; i++)
        if (ok[i])
            bingo_insert(e, ok[i], ov[i], &n);
    free(ok);
    free(ov);
    return TK_OK;
}

static void bingo_put(bwalk *b, uint64_t key, uint64_t bit)
{
    if (b->err || (2 * (b->used + 1) > b->e->bmask + 1 && (b->err = bingo_room(b->e, b->used)) != 0))
        return;
    bingo_insert(b->e, key, bit, &b->used);
}

/* A word of n (SK_RACK_MAX or one more) letters, b->w: into the map. */
static void bingo_word(bwalk *b, int n)
{
    uint8_t s[SK_RACK_MAX + 1];
    memcpy(s, b->w, (size_t)n);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            uint8_t t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    if (n == SK_RACK_MAX) {
        bingo_put(b, sk_bingo_key(s, n), 1);
        return;
    }
    /* Each letter left out: the key of the letters before it, shifted, and of those after it. */
    uint64_t pre[SK_RACK_MAX + 2], suf[SK_RACK_MAX + 2];
    pre[0] = suf[n] = 0;
    for (int i = 0; i < n; i++)
        pre[i + 1] = pre[i] << 6 | s[i];
    for (int i = n - 1; i >= 0; i--)
        suf[i] = suf[i + 1] | (uint64_t)s[i] << 6 * (n - 1 - i);
    for (int i = 0; i < n; i++)
        if (i == 0 || s[i] != s[i - 1])
            bingo_put(b, pre[i] << 6 * (n - 1 - i) | suf[i + 1], ALPHA_BIT(s[i]));
}

/* The words of SK_RACK_MAX and SK_RACK_MAX + 1 letters below node (d letters down). */
static void bingo_walk(bwalk *b, uint32_t node, int d)
{
    const sk_engine *e = b->e;
    alpha_set m = e->nmask[node];
    int r7 = SK_RACK_MAX - d - 1, r8 = r7 + 1;   /* letters still to go after this one */
    uint32_t want = (r7 > 0 ? (uint32_t)1 << r7 : 0) | (uint32_t)1 << r8;
    for (uint32_t i = node; m; i++) {
        m &= m - 1;
        dawg_vedge ed = e->edges[i];
        b->w[d] = (uint8_t)dawg_vedge_letter(ed);
        if (dawg_vedge_final(ed) && r7 <= 0)
            bingo_word(b, d + 1);
        uint32_t child = dawg_vedge_child(ed);
        if (child && (e->lens[child] & want))
            bingo_walk(b, child, d + 1);
    }
}

static int bingo_build(sk_engine *e)
{
    bwalk b = { e, { 0 }, 0, 0 };
    if (e->root)
        bingo_walk(&b, e->root, 0);
    return b.err;   /* no word of those lengths: no map (bmask 0) */
}

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
    tki_sk_windex_attach(e);
    if (bingo_build(e)) {
        sk_engine_destroy(e);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    *out = e;
    return TK_OK;
}

void sk_engine_destroy(sk_engine *e)
{
    if (!e)
        return;
    tki_sk_windex_detach(e);
    dawg_view_destroy(e->view);
    free(e->bkey);
    free(e->bval);
    free(e);   /* one block with its tables (sk_engine_create) */
}
const alpha_table *sk_engine_alphabet(const sk_engine *e) { return &e->alpha; }
const sk_layout *sk_engine_layout(const sk_engine *e) { return &e->lay; }
const sk_tileset *sk_engine_tileset(const sk_engine *e) { return &e->ts; }
const dawg_graph *sk_engine_dawg(const sk_engine *e) { return e->dawg; }
