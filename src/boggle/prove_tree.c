/* prove_tree.c - the orderly tree of a class of boards (see prove.c for
 * what the tree means and how the split reads it).
 *
 * Built in three passes, each sequential in memory:
 *
 * 1. The walk lists every word path of the class as a record: a key of one
 *    digit per place of the splitting order (the rank + 1 of the face that
 *    the path shows on that cell among the cell's faces, 0 if it does not
 *    use it; as many bits as that takes; a cell whose set has one face is
 *    left out: every board of the class shows it), packed
 *    most-significant-first into 64-bit words, then the word's rank and
 *    points.  The walk goes down the dictionary's graph one face at a time
 *    and carries the list of every path that spells the current prefix:
 *    stepping to a face extends each path to its free neighbours that may
 *    show it.  A node of the graph is read once per prefix, not once per
 *    path, and the paths are plain bit masks and keys in one array.
 *
 * 2. The sort: records by key (most significant byte first while a range
 *    is larger than the cache, then least significant first within it).
 *
 * 3. The build: in key order, records that share their first choices are
 *    neighbours, so one pass with a stack of open nodes (the choices of the
 *    current key) makes the trie: where the next key first differs from the
 *    previous one, the nodes below are closed (children before their
 *    parent, numbered as they close) and the new choices opened.  A node's
 *    points are its key's words, each once (a word spelled by the same
 *    choices along several paths counts once); its bound is its points plus,
 *    for each cell among its children, the best child bound.  When the
 *    tree is a family's (the union of classes that differ at one place),
 *    the pass makes the bounds of every member class at once, each in its
 *    own array (t->sbm): choosing a class is choosing its arrays.
 */
#include "prove_tree.h"

#include <stdlib.h>
#include <string.h>

/* Past this many bytes of records a class is too large to prove whole. */
#define REC_BYTES_MAX ((size_t)6 << 30)
#define INSERTION_MAX 24
#define LSD_BITS 11          /* a digit of the least-significant-first sort */
#define LSD_DIGITS (PROVE_KEY_WORDS * 7)
#define PTS_BITS 4           /* a record's value: the word's rank << PTS_BITS | its points (at most 11) */

struct prove_open {
    uint8_t pos, face;
    uint32_t kidbase;
    int32_t pts;
};

/* Copy n >= 1 words (a record, a key): short copies inline. */
static inline void copy_words(uint64_t *d, const uint64_t *s, int n)
{
    d[0] = s[0];
    for (int i = 1; i < n; i++)
        d[i] = s[i];
}

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
    void *arrays[] = {t->grp, t->kid, t->rec, t->tmp, t->ps, t->open, t->stk, t->stkm, t->stkpos, t->run, t->pend, t->mstk, t->hist};
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        free(arrays[i]);
    for (int m = 0; m < PROVE_MEMBERS; m++)
        free(t->sbm[m]);
    memset(t, 0, sizeof *t);
}

/* ---- pass 1: the walk ----------------------------------------------------- */

static int grow_records(prove_tree *t)
{
    if (t->nrec >= t->maxrec) {
        t->oom = 3;
        return -1;
    }
    size_t nc = t->caprec ? t->caprec * 2 : 65536;
    if (nc > t->maxrec)
        nc = t->maxrec;
    size_t bytes = nc * (size_t)t->rw * 8;
    void *np = bytes <= REC_BYTES_MAX ? realloc(t->rec, bytes) : NULL;
    if (!np) {
        t->oom = bytes > REC_BYTES_MAX ? 2 : 1;
        return -1;
    }
    t->rec = np;
    t->caprec = nc;
    t->recbytes = bytes;
    return 0;
}

/* Room for `more` path states after the ones in use. */
static int reserve_states(prove_tree *t, size_t more)
{
    size_t need = t->nps + more;
    if (need <= t->capps)
        return 0;
    size_t nc = t->capps ? t->capps : 4096;
    while (nc < need)
        nc *= 2;
    void *np = realloc(t->ps, nc * (size_t)(2 + t->kw) * 8);
    if (!np) {
        t->oom = 1;
        return -1;
    }
    t->ps = np;
    t->capps = nc;
    t->psbytes = nc * (size_t)(2 + t->kw) * 8;
    return 0;
}

/* Extend the paths ps[from .. from + n) (each spells the prefix) by face f
 * on a free neighbour: records for a word (val, if want_word), the
 * extensions that can go on (the graph has letters `next`) kept after the
 * ones in use. */
static void extend(prove_tree *t, int f, size_t from, size_t n, int want_word, uint64_t val, uint64_t next)
{
    /* the fields the loop updates in locals: the stores of path states
     * and records (64-bit words) may alias them */
    int kw = t->kw, rw = t->rw;
    size_t st = (size_t)(2 + kw), nps = t->nps, nrec = t->nrec, caprec = t->caprec;
    uint64_t on = t->cells_of[f], *ps = t->ps, *rec = t->rec;
    for (size_t i = 0; i < n; i++) {
        const uint64_t *s = ps + (from + i) * st;
        for (uint64_t cs = t->nbm[s[1]] & ~s[0] & on; cs; cs &= cs - 1) {
            int c = __builtin_ctzll(cs);
            uint64_t *ns = ps + nps * st;
            ns[0] = s[0] | (uint64_t)1 << c;
            ns[1] = (uint64_t)c;
            copy_words(ns + 2, s + 2, kw);
            ns[2 + t->dword[c]] |= (uint64_t)t->code[c][f] << t->dshift[c];   /* 0 on a cell of one face */
            if (want_word) {
                if (nrec == caprec) {
                    t->nrec = nrec;
                    if (grow_records(t)) {
                        t->nps = nps;
                        return;
                    }
                    rec = t->rec;
                    caprec = t->caprec;
                }
                uint64_t *r = rec + nrec++ * (size_t)rw;
                copy_words(r, ns + 2, kw);
                if (rw == kw)
                    r[kw - 1] |= val;     /* in the key's free low bits */
                else
                    r[kw] = val;
                t->top[r[0] >> 56]++;
            }
            if (next & t->nbl[c])
                nps++;
        }
    }
    t->nps = nps;
    t->nrec = nrec;
}

/* The paths ps[from .. from + n) spell a prefix that leads to graph node
 * `node` (letters m, words numbered from base, len code points): step to
 * each face of the class that can follow. */
static void expand(prove_tree *t, uint32_t node, uint64_t m, uint32_t base, int len, size_t from, size_t n)
{
    const bog_prover *p = t->p;
    for (uint64_t ls = m & t->letters; ls && !t->oom; ls &= ls - 1) {
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
        /* a path has 8 neighbours at most, the start every cell */
        if (reserve_states(t, n * 8 + (size_t)p->cells + 1))
            return;
        size_t start = t->nps;
        extend(t, f, from, n, (link & 1) && nlen >= p->min_len, (uint64_t)idx << PTS_BITS | (uint64_t)bog_score(nlen),
               nm);
        if (t->nps > start && !t->oom)
            expand(t, nd, nm, idx + (link & 1), nlen, start, t->nps - start);
        t->nps = start;
    }
}

/* The key's layout: place by place, a digit just wide enough for the
 * cell's faces (its rank among them + 1, 0 for unused; none for a cell of
 * one face), packed most significant first into words, none across two. */
static void key_layout(prove_tree *t)
{
    const bog_prover *p = t->p;
    int w = 0, used = 0;
    memset(t->used, 0, sizeof t->used);
    for (int k = 0; k < p->cells; k++) {
        int c = p->order[k], n = __builtin_popcountll(t->sets[c]);
        int width = n == 1 ? 0 : 64 - __builtin_clzll((uint64_t)n);
        if (used + width > 64) {
            w++;
            used = 0;
        }
        t->word_of[k] = (uint8_t)w;
        t->from_mask[k] = used == 64 ? 0 : ~(uint64_t)0 >> used;
        t->shift_of[k] = (uint8_t)(64 - used - width);
        t->dmask[k] = ((uint64_t)1 << width) - 1;
        for (int z = used; z < used + width; z++) {
            t->place_at[w][z] = (uint8_t)k;
            t->below_at[w][z] = used + width == 64 ? 0 : ~(uint64_t)0 >> (used + width);
        }
        used += width;
        t->used[w] = (uint8_t)used;
        t->dword[c] = (uint8_t)w;
        t->dshift[c] = width ? t->shift_of[k] : 0;    /* a shift of 64 is undefined */
        int r = 0;
        for (uint64_t fs = t->sets[c]; fs; fs &= fs - 1) {
            t->code[c][__builtin_ctzll(fs)] = (uint8_t)(n == 1 ? 0 : ++r);
            t->face_at[k][r] = (uint8_t)__builtin_ctzll(fs);
        }
    }
    t->kw = w + 1;
    /* the value (rank and points) in the last key word's free low bits if
     * they hold it: one word less to write, sort and move */
    uint32_t words = bog_dict_words(p->bd);
    int vbits = PTS_BITS + (words ? 32 - __builtin_clz(words) : 0);
    for (int k = 0; k < t->kw; k++)
        t->kmask[k] = ~(uint64_t)0;
    t->rw = t->kw + 1;
    t->vmask = ~(uint64_t)0;
    if (used + vbits <= 64) {
        t->rw = t->kw;
        t->vmask = ((uint64_t)1 << vbits) - 1;
        t->kmask[w] = ~t->vmask;
    }
}

/* The class's masks. */
static void walk_setup(prove_tree *t)
{
    const bog_prover *p = t->p;
    memset(t->cells_of, 0, sizeof t->cells_of);
    t->letters = 0;
    for (int i = 0; i < p->cells; i++) {
        for (uint64_t fs = t->sets[i]; fs; fs &= fs - 1) {
            int f = __builtin_ctzll(fs);
            t->cells_of[f] |= (uint64_t)1 << i;
            t->letters |= (uint64_t)1 << p->faces[f].let[0];
        }
    }
    t->nbm[p->cells] = p->cells == 64 ? ~(uint64_t)0 : ((uint64_t)1 << p->cells) - 1;
    for (int i = 0; i < p->cells; i++) {
        t->nbm[i] = 0;
        t->nbl[i] = 0;
        for (int k = 0; k < p->nbn[i]; k++) {
            int c = p->nb[i][k];
            t->nbm[i] |= (uint64_t)1 << c;
            for (uint64_t fs = t->sets[c]; fs; fs &= fs - 1)
                t->nbl[i] |= (uint64_t)1 << p->faces[__builtin_ctzll(fs)].let[0];
        }
    }
}

static void walk_all(prove_tree *t)
{
    const bog_prover *p = t->p;
    const dawg_view *v = bog_dict_view(p->bd);
    walk_setup(t);
    t->nps = 0;
    if (reserve_states(t, 1))
        return;
    uint64_t *s = t->ps;           /* the empty path: no cell used, "last" the start */
    memset(s, 0, (size_t)(2 + t->kw) * 8);
    s[1] = (uint64_t)p->cells;
    t->nps = 1;
    uint32_t root = dawg_view_root(v);
    if (root)
        expand(t, root, dawg_view_root_letters(v), 0, 0, 0, 1);
}

/* ---- pass 2: the sort ----------------------------------------------------- */

static int key_cmp(const uint64_t *a, const uint64_t *b, int kw)
{
    for (int w = 0; w < kw; w++)
        if (a[w] != b[w])
            return a[w] < b[w] ? -1 : 1;
    return 0;
}

static void insertion_sort(uint64_t *a, size_t n, int kw, int rw)
{
    uint64_t x[PROVE_KEY_WORDS + 1];
    for (size_t i = 1; i < n; i++) {
        if (key_cmp(a + (i - 1) * rw, a + i * rw, kw) <= 0)
            continue;
        copy_words(x, a + i * rw, rw);
        size_t j = i;
        for (; j > 0 && key_cmp(a + (j - 1) * rw, x, kw) > 0; j--)
            copy_words(a + j * rw, a + (j - 1) * rw, rw);
        copy_words(a + j * rw, x, rw);
    }
}

static unsigned key_byte(const uint64_t *r, int i) { return (unsigned)(r[i >> 3] >> (56 - 8 * (i & 7))) & 0xff; }

/* The widest digit for sorting n records on the key bits below byte i0:
 * a pass costs about 8 instructions a record and 11 a count (the counts
 * are cleared, summed and scanned), so few records take narrower digits
 * in more passes (1,000 records: 7 bits, 5 passes rather than 3 of 11). */
static int lsd_width(const prove_tree *t, int i0, size_t n)
{
    int best = LSD_BITS;
    double cost = -1;
    for (int b = 4; b <= LSD_BITS; b++) {
        int passes = 0;
        for (int w = t->kw - 1; w >= i0 / 8; w--) {
            int bits = (w == i0 / 8 ? 64 - 8 * (i0 % 8) : 64) - (64 - t->used[w]);
            passes += bits > 0 ? (bits + b - 1) / b : 0;
        }
        double c = passes * (8.0 * (double)n + 11.0 * (double)(1 << b));
        if (cost < 0 || c < cost) {
            cost = c;
            best = b;
        }
    }
    return best;
}

/* The digits of a least-significant-first sort of n records on the key
 * bits below byte i0 (their word, lowest bit and width; as few as
 * lsd_width bits each allow, of about equal width), least significant
 * first.  Returns how many. */
static int lsd_digits(const prove_tree *t, int i0, size_t nrec, uint8_t *word, uint8_t *lo, uint8_t *width)
{
    int nd = 0, maxw = lsd_width(t, i0, nrec);
    for (int w = t->kw - 1; w >= i0 / 8; w--) {
        int bit = 64 - t->used[w], hi = w == i0 / 8 ? 64 - 8 * (i0 % 8) : 64;
        int n = (hi - bit + maxw - 1) / maxw, step = n ? (hi - bit + n - 1) / n : 0;
        for (; bit < hi; bit += step) {
            word[nd] = (uint8_t)w;
            lo[nd] = (uint8_t)bit;
            width[nd++] = (uint8_t)(hi - bit < step ? hi - bit : step);
        }
    }
    return nd;
}

/* Sort a[0 .. n) on the key bits below byte i0, least significant digit
 * first (b: scratch of n records); the result in a. */
static void lsd_sort(prove_tree *t, uint64_t *a, uint64_t *b, size_t n, int i0)
{
    uint8_t word[LSD_DIGITS], lo[LSD_DIGITS], width[LSD_DIGITS];
    int nd = lsd_digits(t, i0, n, word, lo, width), rw = t->rw;
    uint32_t (*h)[1 << LSD_BITS] = t->hist;
    uint64_t msk[LSD_DIGITS];
    for (int i = 0; i < nd; i++) {
        msk[i] = ((uint64_t)1 << width[i]) - 1;
        memset(h[i], 0, ((size_t)1 << width[i]) * sizeof **h);
    }
    if (rw == 1)             /* records of one word (most) */
        for (size_t k = 0; k < n; k++) {
            uint64_t x = a[k];
            for (int i = 0; i < nd; i++)
                h[i][x >> lo[i] & msk[i]]++;
        }
    else
        for (size_t k = 0; k < n; k++)
            for (int i = 0; i < nd; i++)
                h[i][a[k * rw + word[i]] >> lo[i] & msk[i]]++;
    uint64_t *src = a, *dst = b;
    for (int i = 0; i < nd; i++) {
        uint32_t at = 0, nv = 1u << width[i], *start = h[i];
        int single = 0;
        for (uint32_t v = 0; v < nv; v++) {
            uint32_t c = start[v];
            single |= c == n;
            start[v] = at;
            at += c;
        }
        if (single)
            continue;
        uint64_t m = ((uint64_t)1 << width[i]) - 1;
        int wd = word[i], sh = lo[i];
        if (rw == 1)             /* records of one word (most): plain moves */
            for (size_t k = 0; k < n; k++)
                dst[start[src[k] >> sh & m]++] = src[k];
        else
            for (size_t k = 0; k < n; k++) {
                const uint64_t *r = src + k * rw;
                copy_words(dst + (size_t)start[r[wd] >> sh & m]++ * rw, r, rw);
            }
        uint64_t *x = src;
        src = dst;
        dst = x;
    }
    if (src != a)
        memcpy(a, src, n * (size_t)rw * 8);
}

/* Sort a[0 .. n) on the key bytes from i on (b: scratch); the result in a. */
static void msb_sort(prove_tree *t, uint64_t *a, uint64_t *b, size_t n, int i)
{
    int kw = t->kw, rw = t->rw;
    if (n <= INSERTION_MAX || i >= kw * 8) {
        if (i < kw * 8)
            insertion_sort(a, n, kw, rw);
        return;
    }
    if (n <= (size_t)t->p->sort_small) {
        lsd_sort(t, a, b, n, i);
        return;
    }
    size_t cnt[256] = {0}, start[256], at = 0;
    for (size_t k = 0; k < n; k++)
        cnt[key_byte(a + k * rw, i)]++;
    for (int v = 0; v < 256; v++) {
        if (cnt[v] == n) {
            msb_sort(t, a, b, n, i + 1);
            return;
        }
        start[v] = at;
        at += cnt[v];
    }
    for (size_t k = 0; k < n; k++) {
        const uint64_t *r = a + k * rw;
        copy_words(b + start[key_byte(r, i)]++ * rw, r, rw);
    }
    memcpy(a, b, n * (size_t)rw * 8);
    for (int v = 0; v < 256; v++)
        if (cnt[v] > 1)
            msb_sort(t, a + (start[v] - cnt[v]) * rw, b + (start[v] - cnt[v]) * rw, cnt[v], i + 1);
}

/* Sort the records by key: spread them over t->tmp by their first byte
 * (counted by the walk), then sort each part there.  Returns the sorted
 * array (t->tmp). */
static uint64_t *sort_records(prove_tree *t)
{
    size_t start[256], at = 0;
    int rw = t->rw;
    for (int v = 0; v < 256; v++) {
        start[v] = at;
        at += t->top[v];
    }
    for (size_t k = 0; k < t->nrec; k++) {
        const uint64_t *r = t->rec + k * rw;
        copy_words(t->tmp + start[r[0] >> 56]++ * rw, r, rw);
    }
    for (int v = 0; v < 256; v++)
        if (t->top[v] > 1)
            msb_sort(t, t->tmp + (start[v] - t->top[v]) * rw, t->rec + (start[v] - t->top[v]) * rw, t->top[v], 1);
    return t->tmp;
}

/* ---- pass 3: the build ---------------------------------------------------- */

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Points of the words of one key (t->run), each word once. */
static int32_t run_points(prove_tree *t)
{
    int32_t pts = 0;
    uint32_t *w = t->run, n = t->nrun;
    t->nrun = 0;
    if (n == 1)
        return (int32_t)(w[0] & ((1u << PTS_BITS) - 1));
    if (n > 16)
        qsort(w, n, sizeof *w, cmp_u32);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = 0;
        if (n > 16)
            j = i > 0 && w[i - 1] == w[i] ? 0 : i;
        else
            while (j < i && w[j] != w[i])
                j++;
        if (j == i)
            pts += (int32_t)(w[i] & ((1u << PTS_BITS) - 1));
    }
    return pts;
}

/* Room in member m's array for nc children. */
static int member_room(prove_tree *t, int m, uint32_t nc)
{
    if (tki_prove_grow((void **)&t->sbm[m], &t->capsbm[m], nc, sizeof **t->sbm)) {
        t->oom = 1;
        return -1;
    }
    return 0;
}

int tki_tree_room(prove_tree *t, uint32_t ngr, uint32_t nk)
{
    uint32_t ng = t->ng + ngr, nc = t->nc + nk;
    int m = t->cur;
    if (ng <= t->capg && nc <= t->capc && nc <= t->capsbm[m])
        return 0;
    if (tki_prove_grow((void **)&t->grp, &t->capg, ng, sizeof *t->grp) ||
        tki_prove_grow((void **)&t->kid, &t->capc, nc, sizeof *t->kid) || member_room(t, m, nc)) {
        t->oom = 1;
        return -1;
    }
    t->sb = t->sbm[m];
    return 0;
}

/* Room for n more groups and children in the tree and every member's
 * array; roomc: the children they all hold. */
static int build_room(prove_tree *t, uint32_t n)
{
    if (tki_tree_room(t, n, n))
        return -1;
    t->roomc = t->capc;
    for (int m = 0; m < t->nm; m++) {
        if (member_room(t, m, t->nc + n))
            return -1;
        t->roomc = t->capsbm[m] < t->roomc ? t->capsbm[m] : t->roomc;
    }
    return 0;
}

/* Child k at place pos onto the stack, its bounds for each member sb[]
 * (all PROVE_MEMBERS of them: a copy of fixed size, no loop). */
static void push_kid(prove_tree *t, int pos, const prove_kid *k, const int32_t *sb)
{
    if (t->nstk == t->capstk) {
        uint32_t c1 = t->capstk, c2 = c1, c3 = c1;
        if (tki_prove_grow((void **)&t->stk, &c1, t->nstk + 1, sizeof *t->stk) ||
            tki_prove_grow((void **)&t->stkpos, &c2, t->nstk + 1, 1) ||
            tki_prove_grow((void **)&t->stkm, &c3, t->nstk + 1, PROVE_MEMBERS * sizeof *t->stkm)) {
            t->oom = 1;
            return;
        }
        t->capstk = c1;
    }
    t->stkpos[t->nstk] = (uint8_t)pos;
    memcpy(t->stkm + (size_t)t->nstk * PROVE_MEMBERS, sb, PROVE_MEMBERS * sizeof *sb);
    t->stk[t->nstk++] = *k;
}

/* The bounds of the children stk[i .. i + n) (a group at place pos) for
 * each of nm members into the members' arrays from c0, and each member's
 * best child (over the faces it allows there) added to sb[m].  One pass
 * over the children; inlined with nm a constant, the members' loop
 * unrolls (a loop of a variable count of one to three costs more than its
 * work). */
static inline void close_members(const prove_tree *t, uint32_t i, uint32_t n, int pos, uint32_t c0, int32_t *sb,
                                 int nm)
{
    uint64_t allow[PROVE_MEMBERS];
    int32_t best[PROVE_MEMBERS], *to[PROVE_MEMBERS];
    for (int m = 0; m < nm; m++) {
        allow[m] = pos == t->mpos ? t->mset[m] : t->allow[pos];
        best[m] = 0;
        to[m] = t->sbm[m] + c0;
    }
    const prove_kid *stk = t->stk + i;
    const int32_t *v = t->stkm + (size_t)i * PROVE_MEMBERS;
    for (uint32_t x = 0; x < n; x++, v += PROVE_MEMBERS) {
        int f = stk[x].face;
        for (int m = 0; m < nm; m++) {
            int32_t b = v[m];
            to[m][x] = b;
            b &= -(int32_t)(allow[m] >> f & 1);    /* no branch: 0 unless allowed */
            best[m] = b > best[m] ? b : best[m];
        }
    }
    for (int m = 0; m < nm; m++)
        sb[m] += best[m];
}

/* Write the group of the children stk[i .. j) (one place) as group g, its
 * best child for each member into the members' arrays and sb[]. */
static void close_group(prove_tree *t, uint32_t g, uint32_t i, uint32_t j, int32_t *sb)
{
    prove_group *gr = &t->grp[g];
    const prove_kid *stk = t->stk;
    uint32_t c0 = t->nc, n = j - i;
    int pos = t->stkpos[i], deep = pos;
    prove_kid *kid = t->kid + c0;
    for (uint32_t x = 0; x < n; x++) {
        kid[x] = stk[i + x];
        deep = stk[i + x].deep > deep ? stk[i + x].deep : deep;
    }
    gr->pos = (uint8_t)pos;
    gr->deep = (uint8_t)deep;
    gr->c0 = c0;
    gr->n = (uint8_t)n;
    t->nc = c0 + n;
    switch (t->nm) {     /* the usual counts, unrolled */
    case 1: close_members(t, i, n, pos, c0, sb, 1); break;
    case 2: close_members(t, i, n, pos, c0, sb, 2); break;
    case 3: close_members(t, i, n, pos, c0, sb, 3); break;
    default: close_members(t, i, n, pos, c0, sb, t->nm); break;
    }
}

/* Close the open node at depth d (its children are stk[kidbase ..], by
 * place, then face): write its groups, give it to its parent. */
static void close_node(prove_tree *t, int d)
{
    struct prove_open *o = &t->open[d];
    uint32_t nk = t->nstk - o->kidbase;
    if ((t->ng + nk > t->capg || t->nc + nk > t->roomc) && build_room(t, nk))
        return;
    prove_kid n = {t->ng, o->pts, o->face, 0, 0};
    int32_t sb[PROVE_MEMBERS];
    for (int m = 0; m < PROVE_MEMBERS; m++)    /* all: push_kid copies them all */
        sb[m] = o->pts;
    for (uint32_t i = o->kidbase; i < t->nstk;) {
        uint32_t j = i + 1;
        while (j < t->nstk && t->stkpos[j] == t->stkpos[i])
            j++;
        close_group(t, t->ng, i, j, sb);
        if (t->grp[t->ng].deep > n.deep)
            n.deep = t->grp[t->ng].deep;
        t->ng++;
        n.gn++;
        i = j;
    }
    t->nn++;
    t->nstk = o->kidbase;
    if (d > 0)
        push_kid(t, o->pos, &n, sb);
    else {
        t->root.k = n;
        t->root.sb = sb[0];
        memcpy(t->rootsb, sb, (size_t)t->nm * sizeof *sb);
    }
}

/* Open a node at depth d (t->open has room for a node per place). */
static void open_node(prove_tree *t, int d, int pos, int face)
{
    struct prove_open *o = &t->open[d];
    o->pos = (uint8_t)pos;
    o->face = (uint8_t)face;
    o->kidbase = t->nstk;
    o->pts = 0;
}

/* The first place where keys a and b differ, or -1. */
static int first_diff(const prove_tree *t, const uint64_t *a, const uint64_t *b)
{
    for (int w = 0; w < t->kw; w++) {
        uint64_t x = (a[w] ^ b[w]) & t->kmask[w];
        if (x)
            return t->place_at[w][__builtin_clzll(x)];
    }
    return -1;
}

/* Open the nodes of key k's choices at places from `from` on, below depth
 * *d; *d becomes the depth of the last. */
static void open_choices(prove_tree *t, const uint64_t *k, int from, int *d)
{
    for (int w = t->word_of[from]; w < t->kw; w++) {
        uint64_t x = (w == t->word_of[from] ? k[w] & t->from_mask[from] : k[w]) & t->kmask[w];
        while (x) {
            int z = __builtin_clzll(x), q = t->place_at[w][z];
            uint64_t digit = x >> t->shift_of[q] & t->dmask[q];
            x &= t->below_at[w][z];      /* (by the bit: the loop waits for one load, not three) */
            open_node(t, ++*d, q, t->face_at[q][digit]);
        }
    }
}

static void add_run(prove_tree *t, uint64_t val)
{
    if (t->nrun == t->caprun) {
        uint32_t cap = t->caprun;
        if (tki_prove_grow((void **)&t->run, &cap, t->nrun + 1, sizeof *t->run)) {
            t->oom = 1;
            return;
        }
        t->caprun = cap;
    }
    t->run[t->nrun++] = (uint32_t)val;
}

static void build_linear(prove_tree *t, const uint64_t *r)
{
    int d = 0, rw = t->rw;
    t->nstk = 0;
    t->nrun = 0;
    if (tki_prove_grow((void **)&t->open, &t->capopen, (uint32_t)t->cells + 2, sizeof *t->open)) {
        t->oom = 1;
        return;
    }
    open_node(t, 0, 255, 0);
    for (size_t i = 0; i < t->nrec && !t->oom; i++, r += rw) {
        int at = i ? first_diff(t, r - rw, r) : 0;
        if (at >= 0) {
            t->open[d].pts += run_points(t);
            while (d > 0 && t->open[d].pos >= at && !t->oom)
                close_node(t, d--);
            open_choices(t, r, at, &d);
        }
        add_run(t, r[t->rw - 1] & t->vmask);
    }
    t->open[d].pts += run_points(t);
    while (d >= 0 && !t->oom)
        close_node(t, d--);
}

/* Node n's bound from its groups' maxima (final). */
static int32_t node_bound(const prove_tree *t, const prove_kid *n)
{
    int32_t sb = n->pts;
    for (uint32_t g = n->g0, e = g + n->gn; g < e; g++)
        sb += tki_tree_group_max(t, g);
    return sb;
}

/* Use member m's bounds. */
static void use_member(prove_tree *t, int m)
{
    t->cur = m;
    t->sb = t->sbm[m];
    t->root.sb = t->rootsb[m];
    memcpy(t->allow, t->base, (size_t)t->cells * sizeof *t->allow);
    if (t->mpos >= 0)
        t->allow[t->mpos] = t->mset[m];
}

/* The member whose class is `sets`, or -1. */
static int member_of(const prove_tree *t, const uint64_t *sets)
{
    for (int k = 0; k < t->cells; k++)
        if (k != t->mpos && sets[t->p->order[k]] != t->base[k])
            return -1;
    for (int m = 0; m < t->nm; m++)
        if (t->mpos < 0 || sets[t->p->order[t->mpos]] == t->mset[m])
            return m;
    return -1;
}

/* A member's class: its arrays.  Any other: a node's groups are written
 * when it closes, with their children next to each other in the same
 * order, and before its parent's groups: one pass over the groups in order
 * finds every child's groups final.  Only what lies above a changed place
 * can change: a child with no group at or after the first changed place
 * below it, or only after the last, keeps its bound.  The others' bounds
 * are made again from their groups' best children over the allowed
 * faces. */
void tki_tree_restrict(prove_tree *t, const uint64_t *sets)
{
    int m = member_of(t, sets);
    if (m >= 0) {
        use_member(t, m);
        return;
    }
    t->nm = 0;     /* the bounds in use change: no member's any more */
    int first = t->cells, last = -1;
    for (int k = t->cells - 1; k >= 0; k--)
        if (t->allow[k] != sets[t->p->order[k]]) {
            t->allow[k] = sets[t->p->order[k]];
            first = k;
            last = last < 0 ? k : last;
        }
    if (first == t->cells)
        return;
    for (uint32_t g = 0; g < t->ng; g++) {
        const prove_group *gr = &t->grp[g];
        if (gr->deep < first || gr->pos >= last)
            continue;
        for (uint32_t c = gr->c0, e = c + gr->n; c < e; c++)
            if (t->kid[c].deep >= first && t->kid[c].gn)
                t->sb[c] = node_bound(t, &t->kid[c]);
    }
    t->root.sb = node_bound(t, &t->root.k);
}

/* The build's bounds (bounds, or sets) and its members: if bounds differ
 * from sets at one place only, the other faces of sets there split by the
 * partition's groups (PROVE_MEMBERS at most; a class beyond them is
 * restricted the slow way). */
static void find_members(prove_tree *t, const uint64_t *sets, const uint64_t *bounds)
{
    const bog_prover *p = t->p;
    int at = -1, n = 0;
    for (int k = 0; k < p->cells; k++) {
        t->base[k] = (bounds ? bounds : sets)[p->order[k]];
        if (t->base[k] != sets[p->order[k]]) {
            at = k;
            n++;
        }
    }
    t->nm = 1;
    t->mpos = n == 1 ? at : -1;
    if (n == 1) {
        uint64_t rest = sets[p->order[at]] & ~t->base[at];
        t->mset[0] = t->base[at];
        for (int i = 0; i < p->ngroups && t->nm < PROVE_MEMBERS; i++)
            if (p->group[i] & rest)
                t->mset[t->nm++] = p->group[i] & rest;
    }
    t->cur = 0;
    t->sb = t->sbm[0];
    t->roomc = 0;
    memcpy(t->allow, t->base, (size_t)p->cells * sizeof *t->allow);
}

int tki_tree_build(prove_tree *t, const bog_prover *p, const uint64_t *sets, const uint64_t *bounds,
                   size_t max_records)
{
    t->p = p;
    t->sets = sets;
    t->cells = p->cells;
    key_layout(t);
    t->caprec = t->recbytes / ((size_t)t->rw * 8);      /* the kept arrays, in this tree's records */
    t->captmp = t->tmpbytes / ((size_t)t->rw * 8);
    t->capps = t->psbytes / ((size_t)(2 + t->kw) * 8);
    find_members(t, sets, bounds);
    t->E = dawg_view_edges(bog_dict_view(p->bd));
    t->nrec = 0;
    t->nn = t->ng = t->nc = 0;
    memset(&t->root, 0, sizeof t->root);
    t->npend = t->nmstk = 0;
    t->oom = 0;
    t->maxrec = max_records;
    memset(t->top, 0, sizeof t->top);
    if (!t->hist && !(t->hist = malloc(LSD_DIGITS * sizeof *t->hist)))
        return TK_ENOMEM;
    walk_all(t);
    if (t->oom)
        return t->oom == 3 ? PROVE_TOO_BIG : t->oom == 2 ? TK_ELIMIT : TK_ENOMEM;
    if (t->nrec > t->captmp) {
        free(t->tmp);
        t->tmpbytes = t->caprec * (size_t)t->rw * 8;
        t->tmp = malloc(t->tmpbytes);
        t->captmp = t->tmp ? t->caprec : 0;
        t->tmpbytes = t->tmp ? t->tmpbytes : 0;
        if (!t->tmp)
            return TK_ENOMEM;
    }
    build_linear(t, sort_records(t));
    if (t->oom)
        return TK_ENOMEM;
    use_member(t, 0);
    return TK_OK;
}
