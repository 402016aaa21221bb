/* prove.c - proving one class of boards by branch and bound (see
 * tilekit/boggle.h, bog_prove_class).
 *
 * The tree.  A depth-first walk of the class board (every cell showing
 * every face of its set at once) follows the dictionary's graph and lists
 * every *word path*: a word, the cells that spell it and the face each
 * cell shows.  Each word path is filed in a trie under its (cell, face)
 * pairs sorted by the cells' place in the splitting order (an "orderly"
 * tree): a node is a set of choices, and the word's points go to the node
 * of its whole set (once per word and node: the same word spelled twice by
 * the same choices counts once).  A node's children are grouped by cell.
 * The bound of a node is its points plus, for each group, the best bound
 * of a child of the group:
 *
 *     sb(n) = pts(n) + sum over the cells c below n of  max over faces f  sb(n.c.f)
 *
 * sb(root) bounds every board of the class: a board's score is at most the
 * sum of the points of the word paths it spells, and those are the nodes
 * whose every choice the board makes, which the maxima dominate.
 *
 * The split.  Cells are fixed in the splitting order.  With the first k
 * cells fixed, the *active* nodes are those whose choices the fixed cells
 * all make (the root, and the child for the fixed face of every group of an
 * active node whose cell is fixed); since a node's choices come in
 * splitting order, every group of an active node whose cell is not yet
 * fixed hangs from cells after the fixed ones.  The bound of the partial
 * class is the sum over active nodes of pts plus their open groups' maxima.
 * Open groups wait in one bucket per cell; fixing cell k to face f replaces
 * every group in bucket k by its child for f (or nothing): the new bound is
 * the old one minus the groups' maxima plus the children's sb, computed for
 * every face of the cell in one pass over the bucket (which also sorts the
 * children by face, so that fixing a face visits only its own).  Faces whose bound
 * stays at or above the target are fixed in turn (their children's groups
 * join the later buckets, undone on the way back); a full board is scored
 * exactly by bog_solve.  Nothing is allocated during the split; the tree's
 * arrays are kept by the worker from class to class.
 */
#include "prove_tree.h"

#include <stdlib.h>
#include <string.h>

struct bog_prove_worker {
    const bog_prover *p;
    bog_solver *s;
    prove_tree t;
    const uint64_t *sets;
    int oom;
    /* the split */
    uint32_t *bucket[BOG_PROVE_CELLS];
    uint32_t blen[BOG_PROVE_CELLS], bcap[BOG_PROVE_CELLS];
    uint32_t *kids[BOG_PROVE_CELLS];      /* the children of bucket k's groups, by face */
    uint32_t kcap[BOG_PROVE_CELLS];
    uint8_t assign[BOG_PROVE_CELLS];      /* face of each cell */
    bog_prove_fn fn;
    void *ctx;
    bog_prove_stats *st;
    int stop;
    bog_grid grid;
};

int bog_prove_worker_create(bog_prove_worker **out, const bog_prover *p, tk_error *err)
{
    *out = NULL;
    bog_prove_worker *w = calloc(1, sizeof *w);
    if (!w)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory preparing a proof");
    int rc = bog_solver_create(&w->s, p->bd, err);
    if (rc != TK_OK) {
        free(w);
        return rc;
    }
    w->p = p;
    *out = w;
    return TK_OK;
}

void bog_prove_worker_destroy(bog_prove_worker *w)
{
    if (!w)
        return;
    bog_solver_destroy(w->s);
    tki_tree_free(&w->t);
    for (int i = 0; i < BOG_PROVE_CELLS; i++) {
        free(w->bucket[i]);
        free(w->kids[i]);
    }
    free(w);
}

/* Room in the buckets: at most every group of each cell at once. */
static int size_buckets(bog_prove_worker *w)
{
    uint32_t per[BOG_PROVE_CELLS] = {0}, kids[BOG_PROVE_CELLS] = {0};
    for (uint32_t g = 0; g < w->t.ng; g++) {
        per[w->t.gpos[g]]++;
        kids[w->t.gpos[g]] += w->t.gcn[g];
    }
    for (int i = 0; i < w->p->cells; i++) {
        if (tki_prove_grow((void **)&w->bucket[i], &w->bcap[i], per[i] + 1, sizeof **w->bucket) ||
            tki_prove_grow((void **)&w->kids[i], &w->kcap[i], kids[i] + 1, sizeof **w->kids))
            return -1;
        w->blen[i] = 0;
    }
    return 0;
}

static void open_groups(bog_prove_worker *w, uint32_t n)
{
    for (uint32_t g = w->t.g0[n], e = g + w->t.gn[n]; g < e; g++) {
        int pos = w->t.gpos[g];
        w->bucket[pos][w->blen[pos]++] = g;
    }
}

/* ---- the split ------------------------------------------------------------ */

/* A full board (every cell fixed) whose bound reaches the target: score it. */
static void leaf(bog_prove_worker *w)
{
    const bog_prover *p = w->p;
    bog_grid *g = &w->grid;
    g->rows = p->rows;
    g->cols = p->cols;
    for (int i = 0; i < p->cells; i++) {
        const bog_face *f = &p->faces[w->assign[i]];
        g->n[i] = f->n;
        memcpy(g->let[i], f->let, f->n);
    }
    bog_result res;
    w->st->scored++;
    if (bog_solve(w->s, g, p->min_len, BOG_COUNT, &res, NULL) != TK_OK) {
        w->oom = 1;
        return;
    }
    if (res.score >= p->min_score) {
        bog_grid canon;
        bog_grid_canonical(g, &canon);
        if (w->fn && w->fn(w->ctx, &canon, res.score))
            w->stop = 1;
    }
}

/* The children for each face of the groups in bucket k that pass (acc at
 * least the target), into w->kids[k] (by face, from *from[f]). */
static void sort_kids(bog_prove_worker *w, int k, uint64_t pass, const uint32_t *cnt, uint32_t *from)
{
    uint32_t at = 0, *out = w->kids[k];
    for (uint64_t fs = pass; fs; fs &= fs - 1) {
        int f = __builtin_ctzll(fs);
        from[f] = at;
        at += cnt[f];
    }
    uint32_t next[BOG_PROVE_FACES];
    memcpy(next, from, sizeof next);
    const uint32_t *b = w->bucket[k];
    for (uint32_t i = 0, nb = w->blen[k]; i < nb; i++)
        for (uint32_t c = w->t.gc0[b[i]], e = c + w->t.gcn[b[i]]; c < e; c++)
            if (pass >> w->t.cface[c] & 1)
                out[next[w->t.cface[c]]++] = w->t.cnode[c];
}

static void split(bog_prove_worker *w, int k, long bound)
{
    const bog_prover *p = w->p;
    w->st->splits++;
    if (k == p->cells) {
        leaf(w);
        return;
    }
    int cell = p->order[k];
    uint64_t faces = w->sets[cell], pass = 0;
    long acc[BOG_PROVE_FACES];
    uint32_t cnt[BOG_PROVE_FACES], from[BOG_PROVE_FACES];
    uint32_t *b = w->bucket[k], nb = w->blen[k];
    long base = bound;
    for (uint32_t i = 0; i < nb; i++)
        base -= w->t.gmax[b[i]];
    for (uint64_t fs = faces; fs; fs &= fs - 1) {
        acc[__builtin_ctzll(fs)] = base;
        cnt[__builtin_ctzll(fs)] = 0;
    }
    for (uint32_t i = 0; i < nb; i++) {
        uint32_t g = b[i];
        for (uint32_t c = w->t.gc0[g], e = c + w->t.gcn[g]; c < e; c++) {
            acc[w->t.cface[c]] += w->t.sb[w->t.cnode[c]];
            cnt[w->t.cface[c]]++;
        }
    }
    for (uint64_t fs = faces; fs; fs &= fs - 1)
        if (acc[__builtin_ctzll(fs)] >= p->min_score)
            pass |= (uint64_t)1 << __builtin_ctzll(fs);
    if (!pass)
        return;
    sort_kids(w, k, pass, cnt, from);
    uint32_t saved[BOG_PROVE_CELLS];
    memcpy(saved + k + 1, w->blen + k + 1, (size_t)(p->cells - k - 1) * sizeof *saved);
    for (uint64_t fs = pass; fs && !w->stop && !w->oom; fs &= fs - 1) {
        int f = __builtin_ctzll(fs);
        for (uint32_t i = from[f], e = i + cnt[f]; i < e; i++)
            open_groups(w, w->kids[k][i]);
        w->assign[cell] = (uint8_t)f;
        split(w, k + 1, acc[f]);
        memcpy(w->blen + k + 1, saved + k + 1, (size_t)(p->cells - k - 1) * sizeof *saved);
    }
}

static int check_sets(const bog_prover *p, const uint64_t *sets, tk_error *err)
{
    uint64_t all = p->nfaces == 64 ? ~(uint64_t)0 : ((uint64_t)1 << p->nfaces) - 1;
    for (int i = 0; i < p->cells; i++)
        if (!sets[i] || (sets[i] & ~all))
            return tk_error_set(err, TK_EINVAL, 0, 0, "cell %d: an empty face set or a face out of range", i);
    return TK_OK;
}

/* Build the tree of the class `sets`. */
static int make_tree(bog_prove_worker *w, const uint64_t *sets, tk_error *err)
{
    int rc = check_sets(w->p, sets, err);
    if (rc != TK_OK)
        return rc;
    w->sets = sets;
    rc = tki_tree_build(&w->t, w->p, sets);
    if (rc == TK_ELIMIT)
        return tk_error_set(err, rc, 0, 0, "a class with too many word paths (over 6 GiB of them): use more groups");
    if (rc != TK_OK)
        return tk_error_set(err, rc, 0, 0, "out of memory building a class's tree");
    return TK_OK;
}

int bog_prove_bound(bog_prove_worker *w, const uint64_t *sets, long *bound, tk_error *err)
{
    int rc = make_tree(w, sets, err);
    *bound = rc == TK_OK ? w->t.sb[0] : 0;
    return rc;
}

int bog_prove_class(bog_prove_worker *w, const uint64_t *sets, bog_prove_fn fn, void *ctx, bog_prove_stats *st,
                    tk_error *err)
{
    int rc = make_tree(w, sets, err);
    if (rc != TK_OK)
        return rc;
    double boards = 1;
    for (int i = 0; i < w->p->cells; i++)
        boards *= __builtin_popcountll(sets[i]);
    st->boards += boards;
    st->nodes += w->t.nn;
    if (w->t.sb[0] < w->p->min_score) {
        st->splits++;
        return TK_OK;
    }
    if (size_buckets(w))
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory splitting a class");
    w->fn = fn;
    w->ctx = ctx;
    w->st = st;
    w->stop = 0;
    w->oom = 0;
    open_groups(w, 0);
    split(w, 0, w->t.sb[0]);
    if (w->oom)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory scoring a board");
    return w->stop ? 1 : TK_OK;
}
