/* klv.c - leave tables in the KLV and KLV2 files of wolges and MAGPIE, read
 * and written, so that their published tables play in tilekit and tilekit's
 * in them.  (The format is wolges' public description; nothing is copied.)
 *
 * The file, little-endian: u32 N, then N u32 nodes of a word graph (KWG),
 * then u32 V and V values, one a leave: int16 in 1/256 of a point (KLV) or
 * float32 points (KLV2); which one follows from the file's size.  A node
 * packs tile << 24 | accepts << 23 | is_end << 22 | arc (22 bits).  Node 0
 * points (arc) to the first node of the top sibling list; a sibling list is
 * consecutive nodes in rising tile order, the last one flagged is_end; a
 * node's arc is its list of next tiles (0: none); `accepts` means the tiles
 * from the top to this node spell a leave.  Tiles are the codes of the
 * alphabet (1..letters, in alphabet order) and 0 the blank; a leave's tiles
 * are in rising order along its path.  The values are in the order of the
 * leaves in a walk of the graph that takes, at each node, its own leave,
 * then the leaves through its arc, then those of its next siblings: the
 * leaves in sorted order, each before the longer ones it begins.
 *
 * Reading walks the graph that way and checks, at every node, what a well
 * made file guarantees (arcs inside the file, sibling tiles rising, leaf
 * tiles not falling along a path, at most SK_RACK_MAX tiles, every node a
 * leave or on the way to one, no more leaves than values, finite values).
 * The last rule bounds the work: every node visited leads to a leave of its
 * own, so a walk makes at most SK_RACK_MAX visits a value, and a hostile
 * file that shares nodes to look huge fails on its count of values.
 *
 * Writing makes a trie (one node per distinct sorted prefix, no sharing):
 * the leaves sorted, each sibling list laid out whole before the lists of
 * its nodes' arcs.  Readers of the format read it as they read minimised
 * graphs, since the walk above does not care whether nodes are shared.
 * Every node accepts: a prefix of a leave that the table does not hold is
 * written worth 0, what tilekit gives it, because MAGPIE's look-up counts
 * one value for each tile it follows.
 */
#include "tilekit/skgame.h"

#include <stdlib.h>
#include <string.h>

#define KLV_ACCEPTS 0x800000u
#define KLV_END     0x400000u
#define KLV_ARC     0x3fffffu

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Node count, value count and value width (2 or 4) of a file; 0 if it is
 * not one. */
static int klv_shape(const uint8_t *b, size_t len, uint32_t *n, uint32_t *v)
{
    if (len < 12)
        return 0;
    *n = rd32(b);
    if (*n < 1 || *n > (len - 8) / 4)
        return 0;
    size_t rest = len - 8 - 4 * (size_t)*n;
    *v = rd32(b + 4 + 4 * (size_t)*n);
    if (rest == 4 * (size_t)*v)
        return 4;
    if (rest == 2 * (size_t)*v)
        return 2;
    return 0;
}

int sk_leaves_is_klv(const char *data, size_t len)
{
    uint32_t n, v;
    return data && klv_shape((const uint8_t *)data, len, &n, &v) != 0;
}

typedef struct klv_walk {
    const uint8_t *node;       /* the N nodes */
    uint32_t n;
    const uint8_t *val;        /* the V values, `width` bytes each */
    uint32_t nval, next;       /* next: values taken so far */
    int width;
    int ntypes;                /* letters + 1 */
    const sk_tileset *ts;
    uint8_t counts[64];        /* the tiles of the current path */
    sk_leaves *l;
    tk_error *err;
} klv_walk;

static int value_at(klv_walk *w, uint32_t node, int32_t *out)
{
    const uint8_t *p = w->val + (size_t)w->next * (size_t)w->width;
    double x;
    if (w->width == 2) {
        int v = (int)((uint32_t)p[0] | (uint32_t)p[1] << 8);
        x = (v >= 32768 ? v - 65536 : v) / 256.0;
    } else {
        uint32_t bits = rd32(p);
        float f;
        memcpy(&f, &bits, sizeof f);
        x = f;
    }
    if (!(x > -1e6 && x < 1e6))   /* also NaN */
        return tk_error_set(w->err, TK_EFORMAT, 0, 0, "KLV: node %u: value %u is not a number of points",
                            node, w->next);
    *out = (int32_t)(x * 1000 + (x < 0 ? -0.5 : 0.5));
    return TK_OK;
}

/* The sibling list at node p, its tiles at position `depth` (1-based) of a
 * leave whose tiles so far are w->counts, the last of them `least`. */
static int walk(klv_walk *w, uint32_t p, int depth, int least)
{
    for (int prev = -1;; p++) {
        if (p >= w->n)
            return tk_error_set(w->err, TK_EFORMAT, 0, 0, "KLV: a sibling list runs past the last node (%u)",
                                w->n - 1);
        uint32_t x = rd32(w->node + 4 * (size_t)p), arc = x & KLV_ARC;
        int tile = (int)(x >> 24);
        if (tile >= w->ntypes)
            return tk_error_set(w->err, TK_EFORMAT, 0, 0, "KLV: node %u: tile %d is not in the alphabet (%d letters)",
                                p, tile, w->ntypes - 1);
        if (tile <= prev)
            return tk_error_set(w->err, TK_EFORMAT, 0, 0, "KLV: node %u: sibling tiles not in rising order", p);
        if (tile < least)
            return tk_error_set(w->err, TK_EFORMAT, 0, 0, "KLV: node %u: a leave's tiles not in sorted order", p);
        prev = tile;
        w->counts[tile]++;
        if (w->ts && w->counts[tile] > w->ts->count[tile])
            return tk_error_set(w->err, TK_EFORMAT, 0, 0,
                                "KLV: node %u: a leave holds more of tile %d than the tile set has (%d)", p, tile,
                                w->ts->count[tile]);
        if (x & KLV_ACCEPTS) {
            if (w->next >= w->nval)
                return tk_error_set(w->err, TK_EFORMAT, 0, 0, "KLV: more leaves than the %u values", w->nval);
            int32_t v = 0;
            int rc = value_at(w, p, &v);
            if (rc)
                return rc;
            if ((rc = sk_leaves_set(w->l, w->counts, v)) == TK_ENOMEM)
                return tk_error_set(w->err, rc, 0, 0, "out of memory");
            if (rc)
                return tk_error_set(w->err, rc, 0, 0, "KLV: node %u: cannot store the leave", p);
            w->next++;
        }
        if (arc) {
            if (arc >= w->n)
                return tk_error_set(w->err, TK_EFORMAT, 0, 0, "KLV: node %u: arc %u beyond the last node (%u)", p,
                                    arc, w->n - 1);
            if (depth >= SK_RACK_MAX)
                return tk_error_set(w->err, TK_EFORMAT, 0, 0, "KLV: node %u: a leave of more than %d tiles", p,
                                    SK_RACK_MAX);
            int rc = walk(w, arc, depth + 1, tile);
            if (rc)
                return rc;
        } else if (!(x & KLV_ACCEPTS))
            return tk_error_set(w->err, TK_EFORMAT, 0, 0, "KLV: node %u: neither a leave nor a way to one", p);
        w->counts[tile]--;
        if (x & KLV_END)
            return TK_OK;
    }
}

int sk_leaves_load_klv(sk_leaves **out, const alpha_table *a, const sk_tileset *ts, const char *data, size_t len,
                       tk_error *err)
{
    *out = NULL;
    const uint8_t *b = (const uint8_t *)data;
    uint32_t n, nval;
    int width = data ? klv_shape(b, len, &n, &nval) : 0;
    if (!width)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "KLV: the file's size does not match its node and value counts");
    klv_walk w;
    memset(&w, 0, sizeof w);
    w.node = b + 4;
    w.n = n;
    w.val = b + 8 + 4 * (size_t)n;
    w.nval = nval;
    w.width = width;
    w.ntypes = (ts ? ts->nletters : a->size) + 1;
    if (w.ntypes > 64)
        w.ntypes = 64;
    w.ts = ts;
    w.err = err;
    if (sk_leaves_create(&w.l, nval))
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    uint32_t top = rd32(b + 4) & KLV_ARC;
    int rc = TK_OK;
    if (top >= n)
        rc = tk_error_set(err, TK_EFORMAT, 0, 0, "KLV: node 0: arc %u beyond the last node (%u)", top, n - 1);
    else if (top)
        rc = walk(&w, top, 1, 0);
    if (!rc && w.next != nval)
        rc = tk_error_set(err, TK_EFORMAT, 0, 0, "KLV: %u values for %u leaves", nval, w.next);
    if (rc) {
        sk_leaves_destroy(w.l);
        return rc;
    }
    *out = w.l;
    return TK_OK;
}

/* ---- writing -------------------------------------------------------------- */

typedef struct klv_leaf { uint8_t t[SK_RACK_MAX]; uint8_t len; int32_t v; } klv_leaf;

/* The format's order: by tiles, a leave before the longer ones it begins. */
static int leaf_cmp(const void *x, const void *y)
{
    const klv_leaf *a = x, *b = y;
    for (int i = 0; i < a->len && i < b->len; i++)
        if (a->t[i] != b->t[i])
            return a->t[i] < b->t[i] ? -1 : 1;
    return (a->len > b->len) - (a->len < b->len);
}

typedef struct klv_out {
    uint32_t *node;            /* the nodes laid out so far: n */
    int32_t *val;              /* each node's leave value (0: not stored) */
    uint32_t n;
    const klv_leaf *lv;
} klv_out;

/* Lay out the sibling list of the leaves lv[lo..hi) (sorted, all longer
 * than `depth`, all sharing their first `depth` tiles): its nodes first,
 * then each node's own list; returns the list's first node.  Every node
 * accepts: a prefix that is not a stored leave is written as one worth 0
 * (what tilekit gives it), since MAGPIE's look-up counts on every prefix of
 * a leave being a leave. */
static uint32_t lay_out(klv_out *o, size_t lo, size_t hi, int depth)
{
    uint32_t first = o->n, k = 0;
    for (size_t i = lo; i < hi; k++) {   /* one node per distinct tile at `depth` */
        size_t j = i;
        while (j < hi && o->lv[j].t[depth] == o->lv[i].t[depth])
            j++;
        o->val[o->n] = o->lv[i].len == depth + 1 ? o->lv[i].v : 0;   /* the shortest sorts first */
        o->node[o->n++] = (uint32_t)o->lv[i].t[depth] << 24 | KLV_ACCEPTS;
        i = j;
    }
    o->node[first + k - 1] |= KLV_END;
    size_t i = lo;
    for (uint32_t q = first; q < first + k; q++) {
        size_t j = i;
        while (j < hi && o->lv[j].t[depth] == o->lv[i].t[depth])
            j++;
        size_t c = o->lv[i].len == depth + 1 ? i + 1 : i;
        if (c < j)
            o->node[q] |= lay_out(o, c, j, depth + 1);
        i = j;
    }
    return first;
}

/* The values in the walk's order: each node, then its arc's list, then its
 * next sibling. */
static void values_in_order(const klv_out *o, uint32_t p, int32_t *out, size_t *k)
{
    for (;; p++) {
        out[(*k)++] = o->val[p];
        if (o->node[p] & KLV_ARC)
            values_in_order(o, o->node[p] & KLV_ARC, out, k);
        if (o->node[p] & KLV_END)
            return;
    }
}

int sk_leaves_write_klv(const sk_leaves *l, int klv2, char **out, size_t *len)
{
    *out = NULL;
    *len = 0;
    size_t cap = sk_leaves_capacity(l), n = 0;
    klv_leaf *lv = malloc((cap ? cap : 1) * sizeof *lv);
    if (!lv)
        return TK_ENOMEM;
    /* the walk of sk_leaves_write_csv over the stored leaves; its records
     * differ (tile indices in KLV order here, letters there) */
    for (size_t i = 0; i < cap; i++) {
        uint8_t c[64];
        int32_t v;
        if (!sk_leaves_slot(l, i, c, &v))
            continue;
        klv_leaf *f = &lv[n];
        f->len = 0;
        f->v = v;
        for (int t = 0; t < 64; t++)
            for (int k = 0; k < c[t] && f->len < SK_RACK_MAX; k++)
                f->t[f->len++] = (uint8_t)t;
        n += f->len > 0;   /* the empty leave has no place in the format */
    }
    qsort(lv, n, sizeof *lv, leaf_cmp);
    size_t nodes = 1;   /* node 0, then one per distinct prefix: what each leave adds to the one before */
    for (size_t i = 0; i < n; i++) {
        int common = 0;
        while (i > 0 && common < lv[i].len && common < lv[i - 1].len && lv[i].t[common] == lv[i - 1].t[common])
            common++;
        nodes += (size_t)(lv[i].len - common);
    }
    if (nodes - 1 > KLV_ARC) {   /* an arc could not reach the last nodes */
        free(lv);
        return TK_ELIMIT;
    }
    klv_out o = { malloc(nodes * sizeof(uint32_t)), malloc(nodes * sizeof(int32_t)), 1, lv };
    int32_t *vals = malloc(nodes * sizeof(int32_t));
    int width = klv2 ? 4 : 2;
    size_t bytes = 8 + 4 * nodes + (size_t)width * (nodes - 1);
    uint8_t *b = malloc(bytes);
    if (!o.node || !o.val || !vals || !b) {
        free(o.node);
        free(o.val);
        free(vals);
        free(b);
        free(lv);
        return TK_ENOMEM;
    }
    o.node[0] = KLV_END | (n ? lay_out(&o, 0, n, 0) : 0);
    size_t nv = 0;
    if (n)
        values_in_order(&o, o.node[0] & KLV_ARC, vals, &nv);
    wr32(b, o.n);
    for (uint32_t i = 0; i < o.n; i++)
        wr32(b + 4 + 4 * (size_t)i, o.node[i]);
    uint8_t *p = b + 4 + 4 * (size_t)o.n;
    wr32(p, (uint32_t)nv);
    p += 4;
    for (size_t i = 0; i < nv; i++, p += width) {
        double x = vals[i] / 1000.0;
        if (klv2) {
            float f = (float)x;
            uint32_t bits;
            memcpy(&bits, &f, sizeof bits);
            wr32(p, bits);
        } else {
            double s = x * 256 + (x < 0 ? -0.5 : 0.5);
            int v = s > 32767 ? 32767 : s < -32768 ? -32768 : (int)s;
            uint32_t u = (uint32_t)(v & 0xffff);
            p[0] = (uint8_t)u;
            p[1] = (uint8_t)(u >> 8);
        }
    }
    free(o.node);
    free(o.val);
    free(vals);
    free(lv);
    *out = (char *)b;
    *len = bytes;
    return TK_OK;
}
