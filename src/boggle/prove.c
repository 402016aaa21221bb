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
 *
 * Families.  bog_prove_class_in proves a class on the kept tree of a
 * superclass (the union of the classes of a family, built once): the
 * bounds count only the children whose face the class allows at their
 * place (tki_tree_restrict, t->allow; the build makes those of every
 * class of the family, which differ at one place only, and choosing a
 * class chooses its array t->sb), and the split's columns take
 * their best over those faces only, which gives the class's own bounds.
 */
#include "prove_tree.h"

#include <stdlib.h>
#include <string.h>

/* Cells are never forced among the last FORCE_LAST of the order (the
 * split is cheaper there). */
#define FORCE_LAST 4

struct bog_prove_worker {
    const bog_prover *p;
    bog_solver *s;
    prove_tree t;
    const uint64_t *sets;
    uint64_t super[BOG_PROVE_CELLS];      /* the class whose tree t is, while have_super; */
    int have_super, super_big;            /* or too big for one tree, while super_big */
    int oom;
    /* the split */
    uint32_t *bucket[BOG_PROVE_CELLS];
    uint32_t blen[BOG_PROVE_CELLS], bcap[BOG_PROVE_CELLS];
    uint32_t *kids[BOG_PROVE_CELLS];      /* the children of bucket k's groups (in t.kid), by face */
    uint32_t kcap[BOG_PROVE_CELLS];
    int32_t *col;                         /* col[(k * cells + j) * nfaces + f]: at depth k, the sum of
                                             the bounds of bucket j's children for face f */
    int32_t *colmax;                      /* colmax[k * cells + j]: their best */
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
    size_t ncol = (size_t)(p->cells + 1) * (size_t)p->cells;
    if (w) {
        w->col = malloc(ncol * (size_t)p->nfaces * sizeof *w->col);
        w->colmax = malloc(ncol * sizeof *w->colmax);
    }
    if (!w || !w->col || !w->colmax) {
        if (w) {
            free(w->col);
            free(w->colmax);
        }
        free(w);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory preparing a proof");
    }
    int rc = bog_solver_create(&w->s, p->bd, err);
    if (rc != TK_OK) {
        free(w->col);
        free(w->colmax);
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
    free(w->col);
    free(w->colmax);
    free(w);
}

/* Room for n more groups in bucket pos. */
static int bucket_room(bog_prove_worker *w, int pos, uint32_t n)
{
    if (w->blen[pos] + n <= w->bcap[pos])
        return 0;
    if (tki_prove_grow((void **)&w->bucket[pos], &w->bcap[pos], w->blen[pos] + n, sizeof **w->bucket)) {
        w->oom = 1;
        return -1;
    }
    return 0;
}

/* Open node n's groups at depth k: each joins its cell's bucket, and its
 * children's bounds join the cell's column sums. */
static void open_groups(bog_prove_worker *w, int k, const prove_kid *n)
{
    const prove_tree *t = &w->t;
    int cells = w->p->cells, nf = w->p->nfaces;
    for (uint32_t g = n->g0, e = g + n->gn; g < e; g++) {
        const prove_group *gr = &t->grp[g];
        int pos = gr->pos;
        if (bucket_room(w, pos, 1))
            return;
        w->bucket[pos][w->blen[pos]++] = g;
        int32_t *col = w->col + ((size_t)k * cells + pos) * nf, *best = w->colmax + (size_t)k * cells + pos;
        uint64_t allow = t->allow[pos];
        for (uint32_t c = gr->c0, ce = c + gr->n; c < ce; c++) {
            int32_t v = col[t->kid[c].face] += t->sb[c];
            if (v > *best && (allow >> t->kid[c].face & 1))
                *best = v;
        }
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

/* The children of bucket k's groups for the faces in `pass`, into
 * w->kids[k] by face: face f's are [from[f], from[f] + cnt[f]).  -1 when
 * out of memory. */
static int sort_kids(bog_prove_worker *w, int k, uint64_t pass, uint32_t *cnt, uint32_t *from)
{
    const prove_tree *t = &w->t;
    const uint32_t *b = w->bucket[k];
    uint32_t nb = w->blen[k], at = 0;
    for (uint64_t fs = pass; fs; fs &= fs - 1)
        cnt[__builtin_ctzll(fs)] = 0;
    for (uint32_t i = 0; i < nb; i++)
        for (uint32_t c = t->grp[b[i]].c0, e = c + t->grp[b[i]].n; c < e; c++)
            if (pass >> t->kid[c].face & 1)
                cnt[t->kid[c].face]++;
    uint32_t next[BOG_PROVE_FACES];
    for (uint64_t fs = pass; fs; fs &= fs - 1) {
        int f = __builtin_ctzll(fs);
        from[f] = next[f] = at;
        at += cnt[f];
    }
    if (tki_prove_grow((void **)&w->kids[k], &w->kcap[k], at + 1, sizeof **w->kids)) {
        w->oom = 1;
        return -1;
    }
    uint32_t *out = w->kids[k];
    for (uint32_t i = 0; i < nb; i++)
        for (uint32_t c = t->grp[b[i]].c0, e = c + t->grp[b[i]].n; c < e; c++)
            if (pass >> t->kid[c].face & 1)
                out[next[t->kid[c].face]++] = c;
    return 0;
}

static long rest_bound(const bog_prove_worker *w, int k, int from)
{
    long rest = 0;
    const int32_t *best = w->colmax + (size_t)k * w->p->cells;
    for (int j = from; j < w->p->cells; j++)
        rest += best[j];
    return rest;
}

/* Depth k + 1 begins as depth k for the cells after k. */
static void copy_columns(bog_prove_worker *w, int k)
{
    int cells = w->p->cells, nf = w->p->nfaces, n = cells - k - 1;
    size_t a = (size_t)k * cells + k + 1, b = a + (size_t)cells;
    memcpy(w->col + b * nf, w->col + a * nf, (size_t)n * nf * sizeof *w->col);
    memcpy(w->colmax + b, w->colmax + a, (size_t)n * sizeof *w->colmax);
}

/* Open the children kids[k][from .. from + n) at depth k + 1 (the buckets
 * after k held saved[] groups before): their points into *pts.  `upper`
 * is the bound before (each child counted at its own bound); each group
 * opened trades its best child for the rise of its cell's best column.
 * Returns the bound after, or as soon as it falls below the target, that
 * (the rest left unopened).  The tree is large and these reads random:
 * every node's groups are asked for first, then every group's children,
 * then the columns are summed. */
static long open_kids(bog_prove_worker *w, int k, uint32_t from, uint32_t n, const uint32_t *saved, long upper,
                      long *pts)
{
    const prove_tree *t = &w->t;
    const uint32_t *ks = w->kids[k] + from;
    int cells = w->p->cells, nf = w->p->nfaces;
    uint32_t more = 0, len[BOG_PROVE_CELLS];    /* the buckets' lengths in a local: the stores */
    for (uint32_t i = 0; i < n; i++) {            /* of groups (32-bit) may alias w->blen */
        __builtin_prefetch(&t->grp[t->kid[ks[i]].g0]);
        more += t->kid[ks[i]].gn;
    }
    for (int j = k + 1; j < cells; j++) {
        if (bucket_room(w, j, more))
            return -1;
        len[j] = w->blen[j];
    }
    long p = 0;
    for (uint32_t i = 0; i < n; i++) {
        const prove_kid *kid = &t->kid[ks[i]];
        p += kid->pts;
        for (uint32_t g = kid->g0, e = g + kid->gn; g < e; g++) {
            int pos = t->grp[g].pos;
            w->bucket[pos][len[pos]++] = g;
            __builtin_prefetch(&t->kid[t->grp[g].c0]);
        }
    }
    *pts += p;
    for (int j = k + 1; j < cells; j++)
        w->blen[j] = len[j];
    for (int j = k + 1; j < cells; j++) {
        int32_t *col = w->col + ((size_t)(k + 1) * cells + j) * nf, *best = w->colmax + (size_t)(k + 1) * cells + j;
        uint64_t allow = t->allow[j];
        int32_t top = *best;     /* (in a local: the column stores may alias *best) */
        for (uint32_t b = saved[j]; b < w->blen[j]; b++) {
            const prove_group *gr = &t->grp[w->bucket[j][b]];
            int32_t before = top, gmax = 0;
            for (uint32_t c = gr->c0, ce = c + gr->n; c < ce; c++) {
                int f = t->kid[c].face;
                int32_t sb = t->sb[c], v = col[f] += sb;
                if (allow >> f & 1) {
                    top = v > top ? v : top;
                    gmax = sb > gmax ? sb : gmax;
                }
            }
            upper += top - before - gmax;
            if (upper < w->p->min_score) {
                *best = top;
                return upper;
            }
        }
        *best = top;
    }
    return upper;
}

/* The cells before k (in the order) are fixed; `pts` are the points of the
 * active nodes, the columns of depth k hold their open groups. */
static void split(bog_prove_worker *w, int k, long pts)
{
    const bog_prover *p = w->p;
    w->st->splits++;
    if (k == p->cells) {
        leaf(w);
        return;
    }
    int cell = p->order[k];
    uint64_t pass = 0;
    long rest = pts + rest_bound(w, k, k + 1);
    const int32_t *col = w->col + ((size_t)k * p->cells + k) * p->nfaces;
    for (uint64_t fs = w->sets[cell]; fs; fs &= fs - 1)
        if (rest + col[__builtin_ctzll(fs)] >= p->min_score)
            pass |= (uint64_t)1 << __builtin_ctzll(fs);
    if (!pass)
        return;
    uint32_t cnt[BOG_PROVE_FACES], from[BOG_PROVE_FACES], saved[BOG_PROVE_CELLS];
    if (sort_kids(w, k, pass, cnt, from))
        return;
    memcpy(saved + k + 1, w->blen + k + 1, (size_t)(p->cells - k - 1) * sizeof *saved);
    for (uint64_t fs = pass; fs && !w->stop && !w->oom; fs &= fs - 1) {
        int f = __builtin_ctzll(fs);
        copy_columns(w, k);
        long now = pts;
        w->assign[cell] = (uint8_t)f;
        if (open_kids(w, k, from[f], cnt[f], saved, rest + col[f], &now) >= p->min_score)
            split(w, k + 1, now);
        memcpy(w->blen + k + 1, saved + k + 1, (size_t)(p->cells - k - 1) * sizeof *saved);
    }
}

/* The boards of the cells from place k on, with the cells before fixed:
 * the bucket split from node r (the tree of what is left). */
static void split_from(bog_prove_worker *w, int k, const prove_node *r)
{
    int cells = w->p->cells, nf = w->p->nfaces;
    memset(w->col + ((size_t)k * cells + k) * nf, 0, (size_t)(cells - k) * nf * sizeof *w->col);
    memset(w->colmax + (size_t)k * cells + k, 0, (size_t)(cells - k) * sizeof *w->colmax);
    for (int j = k; j < cells; j++)
        w->blen[j] = 0;
    open_groups(w, k, &r->k);
    split(w, k, r->k.pts);
}

/* The boards of the cells from place k on, with the cells before fixed and
 * r the merged tree of what is left: force cell k to each face (merging
 * its child into the rest) while the bound is high; then split. */
static void descend(bog_prove_worker *w, int k, const prove_node *r)
{
    const bog_prover *p = w->p;
    prove_tree *t = &w->t;
    if (k == p->cells || r->sb < p->force_above || k + FORCE_LAST > p->cells) {
        split_from(w, k, r);
        return;
    }
    w->st->splits++;
    int cell = p->order[k];
    const prove_group *g = r->k.gn ? &t->grp[r->k.g0 + r->k.gn - 1] : NULL;
    prove_node rest = *r;
    uint32_t c = 0, ce = 0;
    if (g && g->pos == k) {
        tki_tree_without_last(t, r, &rest);
        c = g->c0;
        ce = c + g->n;
    }
    prove_mark m;
    tki_tree_mark(t, &m);
    for (uint64_t fs = w->sets[cell]; fs && !w->stop && !w->oom; fs &= fs - 1) {
        int f = __builtin_ctzll(fs);
        prove_node nr = rest;
        while (c < ce && t->kid[c].face < f)
            c++;
        if (c < ce && t->kid[c].face == f) {
            prove_node kid = tki_tree_kid(t, c);
            if (rest.sb + kid.sb < p->min_score)
                continue;
            if (tki_tree_merge(t, &kid, &rest, &nr)) {
                w->oom = 1;
                break;
            }
        }
        w->assign[cell] = (uint8_t)f;
        if (nr.sb >= p->min_score)
            descend(w, k + 1, &nr);
        tki_tree_reset(t, &m);
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

/* Build the tree of the class `sets`, its bounds those of the subclass
 * `bounds` (NULL: sets): TK_OK, PROVE_TOO_BIG or an error. */
static int make_tree(bog_prove_worker *w, const uint64_t *sets, const uint64_t *bounds, tk_error *err)
{
    int rc = check_sets(w->p, sets, err);
    if (rc != TK_OK)
        return rc;
    w->sets = sets;
    w->have_super = 0;
    size_t cap = (size_t)w->p->class_paths;
    int cells = 0;
    for (int i = 0; i < w->p->cells; i++)
        cells += __builtin_popcountll(sets[i]) > 1;
    rc = tki_tree_build(&w->t, w->p, sets, bounds, cells ? cap : SIZE_MAX);   /* one board: no halves */
    if (rc == TK_ELIMIT)
        return tk_error_set(err, rc, 0, 0, "a class with too many word paths (over 6 GiB of them): use more groups");
    if (rc != TK_OK && rc != PROVE_TOO_BIG)
        return tk_error_set(err, rc, 0, 0, "out of memory building a class's tree");
    return rc;
}

/* A class too big to prove whole, as two halves a and b: the faces of one
 * cell (of the largest set, most neighbours first) split in two of about
 * equal weight, the heaviest first into the lighter half. */
static void halve(const bog_prover *p, const uint64_t *sets, uint64_t *a, uint64_t *b)
{
    int best = -1, bkey = 0;
    for (int k = 0; k < p->cells; k++) {
        int c = p->order[k], key = __builtin_popcountll(sets[c]) * p->nbn[c];
        if (__builtin_popcountll(sets[c]) > 1 && key > bkey) {
            best = c;
            bkey = key;
        }
    }
    memcpy(a, sets, (size_t)p->cells * sizeof *a);
    memcpy(b, sets, (size_t)p->cells * sizeof *b);
    uint64_t left = sets[best], ha = 0, hb = 0;
    uint64_t wa = 0, wb = 0;
    while (left) {
        int f = __builtin_ctzll(left);
        for (uint64_t fs = left; fs; fs &= fs - 1)
            if (p->face_weight[__builtin_ctzll(fs)] > p->face_weight[f])
                f = __builtin_ctzll(fs);
        left &= ~((uint64_t)1 << f);
        if (wa <= wb) {
            ha |= (uint64_t)1 << f;
            wa += p->face_weight[f];
        } else {
            hb |= (uint64_t)1 << f;
            wb += p->face_weight[f];
        }
    }
    a[best] = ha;
    b[best] = hb;
}

int bog_prove_bound(bog_prove_worker *w, const uint64_t *sets, long *bound, tk_error *err)
{
    int rc = make_tree(w, sets, NULL, err);
    *bound = rc == TK_OK ? w->t.root.sb : 0;
    if (rc != PROVE_TOO_BIG)
        return rc;
    uint64_t a[BOG_PROVE_CELLS], b[BOG_PROVE_CELLS];
    long ba, bb;
    halve(w->p, sets, a, b);
    rc = bog_prove_bound(w, a, &ba, err);
    if (rc == TK_OK)
        rc = bog_prove_bound(w, b, &bb, err);
    *bound = rc == TK_OK ? (ba > bb ? ba : bb) : 0;
    return rc;
}

static int search_tree(bog_prove_worker *w, tk_error *err);

/* Prove the class `sets` (or, if too big, its halves in turn). */
static int prove_sets(bog_prove_worker *w, const uint64_t *sets, tk_error *err)
{
    int rc = make_tree(w, sets, NULL, err);
    if (rc == PROVE_TOO_BIG) {
        uint64_t a[BOG_PROVE_CELLS], b[BOG_PROVE_CELLS];
        halve(w->p, sets, a, b);
        rc = prove_sets(w, a, err);
        return rc == TK_OK && !w->stop ? prove_sets(w, b, err) : rc;
    }
    if (rc != TK_OK)
        return rc;
    w->st->nodes += w->t.nn;
    return search_tree(w, err);
}

/* Prove the class w->sets on the built tree w->t (its bounds the class's). */
static int search_tree(bog_prove_worker *w, tk_error *err)
{
    if (w->t.root.sb < w->p->min_score) {
        w->st->splits++;
        return TK_OK;
    }
    prove_node root = w->t.root;
    descend(w, 0, &root);
    if (w->oom)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory scoring a board");
    return TK_OK;
}

/* Prove `sets` on the tree of `super` (built unless kept from the last
 * call; a super too big for one tree: the class alone, by halves, and so
 * the next classes of the same super without trying again). */
static int prove_in(bog_prove_worker *w, const uint64_t *sets, const uint64_t *super, tk_error *err)
{
    int cells = w->p->cells;
    for (int i = 0; i < cells; i++)
        if (sets[i] & ~super[i])
            return tk_error_set(err, TK_EINVAL, 0, 0, "cell %d: a face outside the superclass", i);
    int same = memcmp(w->super, super, (size_t)cells * sizeof *super) == 0;
    if (same && w->super_big)
        return prove_sets(w, sets, err);
    if (!same || !w->have_super) {
        memcpy(w->super, super, (size_t)cells * sizeof *super);
        int rc = make_tree(w, w->super, sets, err);
        w->super_big = rc == PROVE_TOO_BIG;
        if (rc == PROVE_TOO_BIG)
            return prove_sets(w, sets, err);
        if (rc != TK_OK)
            return rc;
        w->st->nodes += w->t.nn;
        w->have_super = 1;
    }
    int rc = check_sets(w->p, sets, err);
    if (rc != TK_OK)
        return rc;
    tki_tree_restrict(&w->t, sets);
    w->sets = sets;
    return search_tree(w, err);
}

/* Prove `sets`, on the tree of super (NULL: its own). */
static int prove_with(bog_prove_worker *w, const uint64_t *sets, const uint64_t *super, bog_prove_fn fn,
                      void *ctx, bog_prove_stats *st, tk_error *err)
{
    double boards = 1;
    for (int i = 0; i < w->p->cells; i++)
        boards *= __builtin_popcountll(sets[i]);
    w->fn = fn;
    w->ctx = ctx;
    w->st = st;
    w->stop = 0;
    w->oom = 0;
    int rc = super ? prove_in(w, sets, super, err) : prove_sets(w, sets, err);
    if (rc == TK_OK)
        st->boards += boards;
    return rc == TK_OK && w->stop ? 1 : rc;
}

int bog_prove_class_in(bog_prove_worker *w, const uint64_t *sets, const uint64_t *super, bog_prove_fn fn, void *ctx,
                       bog_prove_stats *st, tk_error *err)
{
    return prove_with(w, sets, super, fn, ctx, st, err);
}

int bog_prove_class(bog_prove_worker *w, const uint64_t *sets, bog_prove_fn fn, void *ctx, bog_prove_stats *st,
                    tk_error *err)
{
    return prove_with(w, sets, NULL, fn, ctx, st, err);
}
