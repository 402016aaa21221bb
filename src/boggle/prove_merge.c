/* prove_merge.c - forcing a cell of an orderly tree to one face.
 *
 * When the first open cell of the order (place k) is fixed to face f, the
 * boards left spell the words of the root's other groups (which do not
 * use the cell) and those of its place-k group's child for f: the tree of
 * the smaller class is the *merge* of that child and of the root without
 * the group.  Merging two nodes adds their points and unites their groups;
 * two groups of one cell unite their children face by face, and two
 * children of one face merge in turn.  The merged tree's bound is at most
 * the sum of the two bounds and usually far below it: the groups of one
 * cell that hung from different nodes now take their best face together.
 *
 * New groups and children are appended to the tree's arrays; a group
 * that only one side has is copied by its header, its children shared (a
 * node names its groups and a group its children by first index and
 * count); a node without its last group is the same range shortened.  The caller truncates the
 * arrays back when done with the merged tree (tki_tree_mark / _reset).
 */
#include "prove_tree.h"

#include <string.h>

typedef struct pending_group {
    prove_group g;
    int32_t gmax;         /* its best child's bound */
    uint8_t fresh;        /* its children are pending (g.c0: the first in mstk) */
} pending_group;

static int push_group(prove_tree *t, const prove_group *g, int32_t gmax, int fresh)
{
    if (tki_prove_grow((void **)&t->pend, &t->cappend, t->npend + 1, sizeof *t->pend)) {
        t->oom = 1;
        return -1;
    }
    t->pend[t->npend].g = *g;
    t->pend[t->npend].gmax = gmax;
    t->pend[t->npend++].fresh = (uint8_t)fresh;
    return 0;
}

/* The tree's group g as a pending group (its children shared). */
static void push_tree_group(prove_tree *t, uint32_t g)
{
    push_group(t, &t->grp[g], tki_tree_group_max(t, g), 0);
}

static int push_merged_kid(prove_tree *t, const prove_node *k)
{
    if (tki_prove_grow((void **)&t->mstk, &t->capmstk, t->nmstk + 1, sizeof *t->mstk)) {
        t->oom = 1;
        return -1;
    }
    t->mstk[t->nmstk++] = *k;
    return 0;
}

/* Write the groups pend[from ..] (and their pending children) as node
 * *out's, and pop them. */
static int write_node(prove_tree *t, uint32_t from, uint32_t kfrom, prove_node *out)
{
    uint32_t ngr = t->npend - from;
    if (tki_tree_room(t, ngr, t->nmstk - kfrom))
        return -1;
    out->k.g0 = t->ng;
    out->k.gn = (uint8_t)ngr;
    out->sb = out->k.pts;
    for (uint32_t i = from; i < t->npend; i++) {
        prove_group *g = &t->grp[t->ng];
        *g = t->pend[i].g;
        t->ng++;
        if (t->pend[i].fresh) {
            for (uint32_t k = 0; k < g->n; k++) {
                t->kid[t->nc + k] = t->mstk[g->c0 + k].k;
                t->sb[t->nc + k] = t->mstk[g->c0 + k].sb;
            }
            g->c0 = t->nc;
            t->nc += g->n;
        }
        out->sb += t->pend[i].gmax;
        if (g->deep > out->k.deep)
            out->k.deep = g->deep;
    }
    t->nn++;
    t->npend = from;
    t->nmstk = kfrom;
    return 0;
}

/* Unite groups ga and gb (one cell) face by face into a pending group. */
static void merge_groups(prove_tree *t, uint32_t ga, uint32_t gb)
{
    prove_group a = t->grp[ga], b = t->grp[gb], m = {t->nmstk, a.pos, 0, a.deep > b.deep ? a.deep : b.deep};
    int32_t gmax = 0;
    uint32_t i = a.c0, ie = i + a.n, j = b.c0, je = j + b.n;
    while ((i < ie || j < je) && !t->oom) {
        prove_node k;
        if (j == je || (i < ie && t->kid[i].face < t->kid[j].face))
            k = tki_tree_kid(t, i++);
        else if (i == ie || t->kid[j].face < t->kid[i].face)
            k = tki_tree_kid(t, j++);
        else {
            prove_node x = tki_tree_kid(t, i++), y = tki_tree_kid(t, j++);
            if (tki_tree_merge(t, &x, &y, &k))
                return;
        }
        if ((t->allow[m.pos] >> k.k.face & 1) && k.sb > gmax)
            gmax = k.sb;
        push_merged_kid(t, &k);
    }
    m.n = (uint8_t)(t->nmstk - m.c0);
    push_group(t, &m, gmax, 1);
}

int tki_tree_merge(prove_tree *t, const prove_node *a, const prove_node *b, prove_node *out)
{
    uint32_t from = t->npend, kfrom = t->nmstk;
    uint32_t i = a->k.g0, ie = i + a->k.gn, j = b->k.g0, je = j + b->k.gn;
    prove_node r = {{0, a->k.pts + b->k.pts, a->k.face, 0, 0}, 0};
    while ((i < ie || j < je) && !t->oom) {
        if (j == je || (i < ie && t->grp[i].pos > t->grp[j].pos))
            push_tree_group(t, i++);
        else if (i == ie || t->grp[j].pos > t->grp[i].pos)
            push_tree_group(t, j++);
        else
            merge_groups(t, i++, j++);
    }
    if (t->oom || write_node(t, from, kfrom, &r))
        return -1;
    *out = r;
    return 0;
}

void tki_tree_without_last(const prove_tree *t, const prove_node *r, prove_node *out)
{
    *out = *r;
    out->k.gn = (uint8_t)(r->k.gn - 1);
    out->sb = r->sb - tki_tree_group_max(t, r->k.g0 + r->k.gn - 1);
}

void tki_tree_mark(const prove_tree *t, prove_mark *m)
{
    m->ng = t->ng;
    m->nc = t->nc;
}

void tki_tree_reset(prove_tree *t, const prove_mark *m)
{
    t->ng = m->ng;
    t->nc = m->nc;
}
