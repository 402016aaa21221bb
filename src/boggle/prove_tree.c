/* prove_tree.c - the orderly tree of a class of boards (see prove.c for
 * what the tree means and how the split reads it).
 *
 * Building it in two passes, both sequential in memory:
 *
 * 1. The walk.  A depth-first walk of the class board (every cell showing
 *    every face of its set) follows the dictionary's graph; each word path
 *    it meets becomes a fixed-size record: one byte per place of the
 *    splitting order (the face + 1 the path shows on that cell, 0 if the
 *    path does not use it), the word's rank and its points.
 *
 * 2. The sort.  Records that share their first choices (in the order) must
 *    share the tree's nodes.  A most-significant-byte-first radix
 *    partition does both jobs at once: a node holds a range of records
 *    whose bytes before place d agree with its choices; partitioning the
 *    range on byte d leaves the records that do not use place d (byte 0)
 *    in the node and makes one child (place d, face) of each other value,
 *    which takes its part of the range on to place d + 1.  At the last
 *    place the records left end at the node: their points, once per
 *    word, are the node's.  Children are finished before their parent, so
 *    a node's bound (prove.c) is computed as it closes, and its groups and
 *    children are copied into the tree's arrays then (contiguous per node).
 */
#include "prove_tree.h"

#include <stdlib.h>
#include <string.h>

/* Past this many bytes of records a class is too large to prove whole. */
#define REC_BYTES_MAX ((size_t)6 << 30)

int tki_prove_grow(void **p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    uint32_t nc = *cap ? *cap : 1024;
    while (nc < need)
        nc *= 2;
    void *np = realloc(*p, (size_t)nc * elem);
    if (!np)
        return -1;
    *p = np;
    *cap = nc;
    return 0;
}

void tki_tree_free(prove_tree *t)
{
    void *arrays[] = {t->sb, t->g0, t->gn, t->gpos, t->gmax, t->gc0, t->gcn, t->cface, t->cnode,
                      t->rec, t->tmp, t->stk};
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        free(arrays[i]);
    memset(t, 0, sizeof *t);
}

/* ---- pass 1: the walk ----------------------------------------------------- */

static void add_record(prove_tree *t, uint32_t rank, int points)
{
    if (t->nrec == t->caprec) {
        size_t nc = t->caprec ? t->caprec * 2 : 65536;
        void *np = nc * t->stride <= REC_BYTES_MAX ? realloc(t->rec, nc * t->stride) : NULL;
        if (!np) {
            t->oom = t->caprec * 2 * t->stride > REC_BYTES_MAX ? 2 : 1;
            return;
        }
        t->rec = np;
        t->caprec = nc;
    }
    uint8_t *r = t->rec + t->nrec++ * t->stride;
    uint32_t word = rank << 8 | (uint32_t)points;
    memcpy(r, t->key, (size_t)t->cells);
    memcpy(r + t->cells, &word, 4);
}

static void walk(prove_tree *t, int cell, uint32_t node, uint64_t m, uint32_t base, uint64_t used, int len);

/* Step onto cell c (not on the path; the graph at `node` with letters m,
 * words numbered from base; `used` cells, `len` code points) with every face
 * of its set: record the words that end there and walk on. */
static void visit(prove_tree *t, int c, uint32_t node, uint64_t m, uint32_t base, uint64_t used, int len)
{
    const bog_prover *p = t->p;
    int pos = p->pos_of[c];
    /* the faces of the cell whose first letter can follow (every face has
     * its own first letter: tki_prove_first_faces) */
    for (uint64_t ls = t->first[c] & m; ls && !t->oom; ls &= ls - 1) {
        int l = __builtin_ctzll(ls), f = p->face_of_first[l];
        const bog_face *fc = &p->faces[f];
        const dawg_vedge *x = &t->E[dawg_view_index(node, m, (unsigned)l)];
        uint32_t idx = base + x->rank, link = x->link, nd = link >> 7;
        uint64_t nm = x->next;
        int j = 1;
        for (; j < fc->n && (nm >> fc->let[j] & 1); j++) {
            idx += link & 1;
            x = &t->E[dawg_view_index(nd, nm, fc->let[j])];
            idx += x->rank;
            link = x->link;
            nd = link >> 7;
            nm = x->next;
        }
        if (j < fc->n)
            continue;
        int nlen = len + p->face_cpl[f];
        t->key[pos] = (uint8_t)(f + 1);
        if ((link & 1) && nlen >= p->min_len)
            add_record(t, idx, bog_score(nlen));
        if (nm & t->nbl[c])
            walk(t, c, nd, nm, idx + (link & 1), used | (uint64_t)1 << c, nlen);
    }
    t->key[pos] = 0;
}

/* Walk on from `cell`, the path's end, to each neighbour not on the path. */
static void walk(prove_tree *t, int cell, uint32_t node, uint64_t m, uint32_t base, uint64_t used, int len)
{
    const bog_prover *p = t->p;
    for (int i = 0; i < p->nbn[cell]; i++) {
        int c = p->nb[cell][i];
        if (!(used >> c & 1))
            visit(t, c, node, m, base, used, len);
    }
}

static void walk_all(prove_tree *t)
{
    const bog_prover *p = t->p;
    const dawg_view *v = bog_dict_view(p->bd);
    for (int i = 0; i < p->cells; i++) {
        t->first[i] = 0;
        for (uint64_t fs = t->sets[i]; fs; fs &= fs - 1)
            t->first[i] |= (uint64_t)1 << p->faces[__builtin_ctzll(fs)].let[0];
    }
    for (int i = 0; i < p->cells; i++) {
        t->nbl[i] = 0;
        for (int k = 0; k < p->nbn[i]; k++)
            t->nbl[i] |= t->first[p->nb[i][k]];
    }
    memset(t->key, 0, sizeof t->key);
    uint32_t root = dawg_view_root(v);
    uint64_t rm = dawg_view_root_letters(v);
    for (int i = 0; root && i < p->cells && !t->oom; i++)
        visit(t, i, root, rm, 0, 0, 0);
}

/* ---- pass 2: the sort ----------------------------------------------------- */

static uint32_t rec_word(const prove_tree *t, const uint8_t *r)
{
    uint32_t x;
    memcpy(&x, r + t->cells, 4);
    return x;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Points of the records [lo, hi) of buffer a, which all end at one node:
 * each word once (a word spelled by the same choices along several paths).
 * Buffer b's [lo, hi) is free to use. */
static int32_t end_points(const prove_tree *t, const uint8_t *a, uint8_t *b, size_t lo, size_t hi)
{
    int32_t pts = 0;
    if (hi - lo <= 16) {
        for (size_t i = lo; i < hi; i++) {
            uint32_t w = rec_word(t, a + i * t->stride);
            size_t j = lo;
            while (j < i && rec_word(t, a + j * t->stride) != w)
                j++;
            if (j == i)
                pts += w & 0xff;
        }
        return pts;
    }
    uint32_t *words = (uint32_t *)(void *)(b + lo * t->stride);   /* a record has room for 4 bytes */
    for (size_t i = lo; i < hi; i++)
        words[i - lo] = rec_word(t, a + i * t->stride);
    qsort(words, hi - lo, sizeof *words, cmp_u32);
    for (size_t i = 0; i < hi - lo; i++)
        if (i == 0 || words[i] != words[i - 1])
            pts += words[i] & 0xff;
    return pts;
}

static int push_child(prove_tree *t, int pos, int face, uint32_t node)
{
    if (t->nstk == t->capstk) {
        uint32_t cap = t->capstk;
        if (tki_prove_grow((void **)&t->stk, &cap, t->nstk + 1, sizeof *t->stk)) {
            t->oom = 1;
            return -1;
        }
        t->capstk = cap;
    }
    prove_kid *k = &t->stk[t->nstk++];
    k->pos = (uint8_t)pos;
    k->face = (uint8_t)face;
    k->node = node;
    return 0;
}

/* Close node n: its children are stk[base ..] (by place, then face). */
static void close_node(prove_tree *t, uint32_t n, size_t base, int32_t pts)
{
    uint32_t nk = (uint32_t)(t->nstk - base);
    if (t->ng + nk > t->capg || t->nc + nk > t->capc) {
        uint32_t g1 = t->capg, g2 = g1, g3 = g1, g4 = g1, c1 = t->capc, c2 = c1;
        if (tki_prove_grow((void **)&t->gpos, &g1, t->ng + nk, 1) || tki_prove_grow((void **)&t->gmax, &g2, t->ng + nk, 4) ||
            tki_prove_grow((void **)&t->gc0, &g3, t->ng + nk, 4) || tki_prove_grow((void **)&t->gcn, &g4, t->ng + nk, 1) ||
            tki_prove_grow((void **)&t->cface, &c1, t->nc + nk, 1) || tki_prove_grow((void **)&t->cnode, &c2, t->nc + nk, 4)) {
            t->oom = 1;
            return;
        }
        t->capg = g1;
        t->capc = c1;
    }
    int32_t bound = pts;
    t->g0[n] = t->ng;
    t->gn[n] = 0;
    for (size_t i = base; i < t->nstk;) {
        int pos = t->stk[i].pos;
        uint32_t g = t->ng++;
        int32_t best = 0;
        t->gpos[g] = (uint8_t)pos;
        t->gc0[g] = t->nc;
        size_t j = i;
        for (; j < t->nstk && t->stk[j].pos == pos; j++) {
            t->cface[t->nc] = t->stk[j].face;
            t->cnode[t->nc++] = t->stk[j].node;
            if (t->sb[t->stk[j].node] > best)
                best = t->sb[t->stk[j].node];
        }
        t->gcn[g] = (uint8_t)(j - i);
        t->gmax[g] = best;
        t->gn[n]++;
        bound += best;
        i = j;
    }
    t->sb[n] = bound;
    t->nstk = base;
}

static uint32_t new_node(prove_tree *t)
{
    if (t->nn < t->capn)
        return t->nn++;
    uint32_t cap = t->capn, c2 = cap, c3 = cap;
    if (tki_prove_grow((void **)&t->sb, &cap, t->nn + 1, 4) || tki_prove_grow((void **)&t->g0, &c2, t->nn + 1, 4) ||
        tki_prove_grow((void **)&t->gn, &c3, t->nn + 1, 1)) {
        t->oom = 1;
        return 0;
    }
    t->capn = cap;
    return t->nn++;
}

/* Partition the records [lo, hi) of buffer a on byte d into buffer b:
 * counts per value into cnt[], the values present into *present, byte 0
 * first, then by face.  Returns 1 if the records moved to b, 0 if they all
 * have one value (then nothing moves). */
static int partition(const prove_tree *t, const uint8_t *a, uint8_t *b, size_t lo, size_t hi, int d,
                     size_t *cnt, uint64_t *present)
{
    size_t st = t->stride, start[BOG_PROVE_FACES + 1];
    uint64_t seen = 0;
    for (size_t i = lo; i < hi; i++) {
        int v = a[i * st + d];
        if (!(seen >> v & 1)) {
            seen |= (uint64_t)1 << v;
            cnt[v] = 0;
        }
        cnt[v]++;
    }
    *present = seen;
    if (!(seen & (seen - 1)))
        return 0;
    size_t at = lo;
    for (uint64_t s = seen; s; s &= s - 1) {
        int v = __builtin_ctzll(s);
        start[v] = at;
        at += cnt[v];
    }
    for (size_t i = lo; i < hi; i++) {
        const uint8_t *r = a + i * st;
        memcpy(b + start[r[d]]++ * st, r, st);
    }
    return 1;
}

/* The node of the records [lo, hi) of buffer a (b: the other buffer),
 * which agree on the places before d. */
static uint32_t build_node(prove_tree *t, uint8_t *a, uint8_t *b, size_t lo, size_t hi, int d)
{
    uint32_t n = new_node(t);
    size_t base = t->nstk, cnt[BOG_PROVE_FACES + 1];
    while (d < t->cells && lo < hi && !t->oom) {
        uint64_t present;
        if (partition(t, a, b, lo, hi, d, cnt, &present)) {
            uint8_t *x = a;
            a = b;
            b = x;
        }
        size_t zero = (present & 1) ? cnt[0] : 0, at = lo + zero;
        for (uint64_t s = present & ~(uint64_t)1; s; s &= s - 1) {
            int v = __builtin_ctzll(s);
            uint32_t kid = build_node(t, a, b, at, at + cnt[v], d + 1);
            if (push_child(t, d, v - 1, kid))
                return n;
            at += cnt[v];
        }
        hi = lo + zero;
        d++;
    }
    if (!t->oom)
        close_node(t, n, base, end_points(t, a, b, lo, hi));
    return n;
}

int tki_tree_build(prove_tree *t, const bog_prover *p, const uint64_t *sets)
{
    t->p = p;
    t->sets = sets;
    t->cells = p->cells;
    t->stride = ((size_t)p->cells + 4 + 3) & ~(size_t)3;
    t->E = dawg_view_edges(bog_dict_view(p->bd));
    t->nrec = 0;
    t->nn = t->ng = t->nc = 0;
    t->nstk = 0;
    t->oom = 0;
    walk_all(t);
    if (t->oom)
        return t->oom == 2 ? TK_ELIMIT : TK_ENOMEM;
    if (t->nrec > t->captmp) {
        free(t->tmp);
        t->tmp = malloc(t->caprec * t->stride);
        t->captmp = t->tmp ? t->caprec : 0;
        if (!t->tmp)
            return TK_ENOMEM;
    }
    build_node(t, t->rec, t->tmp, 0, t->nrec, 0);
    return t->oom ? TK_ENOMEM : TK_OK;
}
