/* windex.c - the word index of the best-move search (tilekit/skwindex.h).
 *
 * Built in one depth-first walk of the word graph's letter-indexed view:
 * every word of 2..maxlen letters is appended to a pool of letters, its
 * multiset hash summed on the way down (hash(prefix + l) = hash(prefix) +
 * z[l]) and the set of its distinct letters kept.  The words are then
 * counting-sorted into 2^bits buckets by the top bits of their hash (about
 * a word and a half a bucket), each bucket sorted by the low 32 bits (the
 * fingerprint) and the length, so that the anagrams of a multiset sit
 * together.  Then the map of "one letter short" multisets: every word,
 * once per distinct letter l in it, gives hash - z[l] with l.  These
 * insertions are counted by bucket (about three multisets a bucket), each
 * bucket given room for all of its insertions, and each insertion either
 * adds its letter to the entry of its fingerprint already in its bucket
 * (AT + E and AE + T are one multiset) or takes the bucket's next free
 * entry; then the buckets are moved together, and the array shrinks to
 * the entries made.
 *
 * An index may also come from a file (windex_file.c): then its arrays
 * point into the mapped file.
 *
 * The engine's index is made on first use: the first search that wants it
 * builds one (or the caller installs one read from a file first) and
 * installs it with a compare-and-swap (a thread that loses the race frees
 * its copy and takes the winner's), so engines shared by threads need no
 * lock and commands that never search for the best moves never pay for it.
 */
#include "sk_internal.h"
#include "sk_windex.h"

#include "tilekit/skgame.h"

#include <stdlib.h>
#include <string.h>

/* The words as the walk collects them. */
typedef struct wcollect {
    const dawg_vedge *E;
    const uint64_t *z;
    int maxlen;
    uint8_t word[64 + 16];   /* the path; 16 bytes of room: a word is copied 16 bytes at a time */
    uint64_t *hash;          /* per word: its multiset hash */
    uint64_t *mask;          /* its distinct letters */
    uint32_t *off;           /* len << SK_WX_OFFBITS | pool offset */
    size_t n, cap;
    uint8_t *pool;
    size_t npool, cappool;
    size_t inserts;          /* distinct letters of every word: the short map's insertions */
    int err;
} wcollect;

static int wc_grow(wcollect *c, size_t words)
{
    uint64_t *h = realloc(c->hash, words * sizeof *h);
    if (h)
        c->hash = h;
    uint64_t *m = h ? realloc(c->mask, words * sizeof *m) : NULL;
    if (m)
        c->mask = m;
    uint32_t *o = m ? realloc(c->off, words * sizeof *o) : NULL;
    if (!o)
        return c->err = TK_ENOMEM;
    c->off = o;
    c->cap = words;
    return 0;
}

/* Room for one more word of len letters (and 16 bytes of copy). */
static int wc_room(wcollect *c, int len)
{
    if (c->n == c->cap && wc_grow(c, c->cap ? 2 * c->cap : 4096))
        return c->err;
    if (c->npool + (size_t)len + 16 > c->cappool) {
        size_t nc = c->cappool ? 2 * c->cappool : 65536;
        uint8_t *p = realloc(c->pool, nc);
        if (!p)
            return c->err = TK_ENOMEM;
        c->pool = p;
        c->cappool = nc;
    }
    if (c->npool + (size_t)len >= (size_t)1 << SK_WX_OFFBITS)
        return c->err = TK_ELIMIT;
    return 0;
}

/* The words below node (letter set m), depth letters down, hash so far h,
 * distinct letters so far d (nd of them). */
static void wc_walk(wcollect *c, uint32_t node, uint64_t m, int depth, uint64_t h, uint64_t d, int nd)
{
    for (uint32_t e = node; m && !c->err; m &= m - 1, e++) {
        dawg_vedge x = c->E[e];
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t hl = h + c->z[l], dl = d | UINT64_C(1) << l;
        int ndl = nd + (dl != d);
        c->word[depth] = (uint8_t)l;
        if (dawg_vedge_final(x) && depth >= 1 && !wc_room(c, depth + 1)) {
            c->hash[c->n] = hl;
            c->mask[c->n] = dl;
            c->inserts += (size_t)ndl;
            c->off[c->n++] = (uint32_t)(depth + 1) << SK_WX_OFFBITS | (uint32_t)c->npool;
            memcpy(c->pool + c->npool, c->word, 16);
            if (depth >= 16)
                memcpy(c->pool + c->npool + 16, c->word + 16, (size_t)depth + 1 - 16);
            c->npool += (size_t)depth + 1;
        }
        uint32_t child = dawg_vedge_child(x);
        if (child && depth + 1 < c->maxlen)
            wc_walk(c, child, x.next, depth + 1, hl, dl, ndl);
    }
}

/* Bucket the collected words into dir and ent (owned: x->own[0], [1]). */
static int wx_bucket(sk_windex *x, const wcollect *c)
{
    int bits = 4;   /* about a word and a half a bucket */
    while (bits < 32 && ((size_t)3 << bits) < 2 * c->n)
        bits++;
    size_t nb = (size_t)1 << bits;
    x->shift = 64 - bits;
    uint32_t *dir = x->own[0] = calloc(nb + 1, sizeof *dir);
    uint64_t *ent = x->own[1] = malloc((c->n ? c->n : 1) * sizeof *ent);
    if (!dir || !ent)
        return TK_ENOMEM;
    for (size_t i = 0; i < c->n; i++)
        dir[(c->hash[i] >> x->shift) + 1]++;
    for (size_t b = 0; b < nb; b++)
        dir[b + 1] += dir[b];
    for (size_t i = 0; i < c->n; i++) {
        uint64_t h = c->hash[i];
        ent[dir[h >> x->shift]++] = (uint64_t)(uint32_t)h << 32 | c->off[i];
    }
    int fbits = 12;   /* 16 to 32 bits a word */
    while (fbits < 32 && ((size_t)1 << fbits) < 16 * c->n)
        fbits++;
    x->fshift = 64 - (fbits - 6);
    uint64_t *filter = x->own[6] = calloc((size_t)1 << (fbits - 6), sizeof *filter);
    if (!filter)
        return TK_ENOMEM;
    for (size_t i = 0; i < c->n; i++)
        filter[SK_WX_FWORD(x, c->hash[i])] |= SK_WX_FBITS(c->hash[i]);
    x->filter = filter;
    memmove(dir + 1, dir, nb * sizeof *dir);   /* dir[b] was bucket b's end */
    dir[0] = 0;
    const uint64_t keymask = ~(uint64_t)((UINT32_C(1) << SK_WX_OFFBITS) - 1);
    for (size_t b = 0; b < nb; b++)   /* by fingerprint, then length: insertion sort (tiny buckets) */
        for (uint32_t i = dir[b] + 1; i < dir[b + 1]; i++) {
            uint64_t v = ent[i], key = v & keymask;
            uint32_t j = i;
            for (; j > dir[b] && (ent[j - 1] & keymask) > key; j--)
                ent[j] = ent[j - 1];
            ent[j] = v;
        }
    x->dir = dir;
    x->ent = ent;
    return TK_OK;
}

/* The short map's insertions (every word, once per distinct letter l in
 * it: hash - z[l] with l) into their buckets, whose room starts at
 * sdir[b]: l's bit is added to the entry of the same fingerprint if the
 * bucket has one, else the bucket's next free entry (fill[b]) takes it. */
static void wx_short_fill(sk_windex *x, const wcollect *c, const uint32_t *sdir, uint32_t *fill, uint8_t *sent,
                          uint32_t *shi)
{
    for (size_t w = 0; w < c->n; w++) {
        uint64_t hw = c->hash[w];
        for (uint64_t m = c->mask[w]; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            uint64_t h = hw - x->z[l], b = h >> x->sshift;
            uint16_t fp = (uint16_t)h;
            uint32_t i = sdir[b], end = fill[b];
            while (i < end && SK_WX_SREC_FP(sk_wx_srec(sent + (size_t)SK_WX_SREC * i)) != fp)
                i++;
            uint8_t *e = sent + (size_t)SK_WX_SREC * i;
            uint32_t lo = 0;
            if (i == end) {
                memcpy(e + 4, &fp, 2);
                if (shi)
                    shi[i] = 0;
                fill[b]++;
            } else {
                memcpy(&lo, e, 4);
            }
            if (l <= 32)
                lo |= UINT32_C(1) << (l - 1);
            else
                shi[i] |= UINT32_C(1) << (l - 33);
            memcpy(e, &lo, 4);
        }
    }
}

/* Each bucket's entries from its room's start sdir[b] to fill[b] moved
 * down, so that the buckets are contiguous, sdir[b] then their start: how
 * many. */
static uint32_t wx_short_pack(size_t nb, uint32_t *sdir, const uint32_t *fill, uint8_t *sent, uint32_t *shi)
{
    uint32_t out = 0;
    for (size_t b = 0; b < nb; b++) {
        uint32_t i = sdir[b], n = fill[b] - i;
        sdir[b] = out;
        memmove(sent + (size_t)SK_WX_SREC * out, sent + (size_t)SK_WX_SREC * i, (size_t)SK_WX_SREC * n);
        if (shi)
            memmove(shi + out, shi + i, n * sizeof *shi);
        out += n;
    }
    sdir[nb] = out;
    return out;
}

/* The map of the multisets one letter short of a word (owned: x->own[3],
 * [4], [5]): counted by bucket, filled, packed. */
static int wx_short(sk_windex *x, const wcollect *c)
{
    int bits = 4;   /* about five multisets a bucket: 5 in 8 insertions make a new one */
    while (bits < 31 && ((size_t)8 << bits) < c->inserts)
        bits++;
    size_t nb = (size_t)1 << bits, n1 = c->inserts ? c->inserts : 1;
    x->sshift = 64 - bits;
    if (c->inserts >= UINT32_MAX / SK_WX_SREC)
        return TK_ELIMIT;
    uint32_t *sdir = x->own[3] = calloc(nb + 1, sizeof *sdir);
    uint32_t *fill = malloc(nb * sizeof *fill);
    uint8_t *sent = x->own[4] = malloc(n1 * SK_WX_SREC + 2);
    uint32_t *shi = x->own[5] = x->nletters > 32 ? malloc(n1 * sizeof *shi) : NULL;
    if (!sdir || !fill || !sent || (x->nletters > 32 && !shi)) {
        free(fill);
        return TK_ENOMEM;
    }
    for (size_t w = 0; w < c->n; w++)
        for (uint64_t m = c->mask[w]; m; m &= m - 1)
            sdir[((c->hash[w] - x->z[__builtin_ctzll(m)]) >> x->sshift) + 1]++;
    for (size_t b = 0; b < nb; b++)   /* sdir[b]: where bucket b's room starts */
        sdir[b + 1] += sdir[b];
    memcpy(fill, sdir, nb * sizeof *fill);
    wx_short_fill(x, c, sdir, fill, sent, shi);
    x->nshort = wx_short_pack(nb, sdir, fill, sent, shi);
    free(fill);
    size_t n2 = x->nshort ? x->nshort : 1;   /* the arrays shrink to the entries made */
    memset(sent + x->nshort * SK_WX_SREC, 0, 2);
    uint8_t *s2 = realloc(sent, n2 * SK_WX_SREC + 2);
    uint32_t *h2 = shi ? realloc(shi, n2 * sizeof *h2) : NULL;
    x->own[4] = s2 ? s2 : sent;
    x->own[5] = h2 ? h2 : shi;
    x->sdir = sdir;
    x->sent = x->own[4];
    x->shi = x->own[5];
    return TK_OK;
}

/* The hash constants (fixed: an index file holds them too). */
void tki_sk_windex_hash(sk_windex *x)
{
    sk_rng r;
    sk_rng_seed(&r, 0x5EED0F1D3Cull);
    x->z[0] = 0;
    for (int l = 1; l < 64; l++)
        x->z[l] = sk_rng_next(&r);
}

size_t tki_sk_windex_size(const sk_windex *x)
{
    return sizeof *x + (((size_t)1 << (64 - x->shift)) + 1) * sizeof *x->dir + x->nwords * sizeof *x->ent +
           x->npool + (((size_t)1 << (64 - x->sshift)) + 1) * sizeof *x->sdir +
           x->nshort * (SK_WX_SREC + (x->shi ? sizeof *x->shi : 0)) + 2 +
           ((size_t)1 << (64 - x->fshift)) * sizeof *x->filter;
}

static int wx_build_view(sk_windex **out, const dawg_view *v, int maxlen, tk_error *err)
{
    *out = NULL;
    if (maxlen < 2 || maxlen > 63)
        return tk_error_set(err, TK_EINVAL, 0, 0, "word index: word length %d (2..63)", maxlen);
    sk_windex *x = calloc(1, sizeof *x);
    if (!x)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    x->maxlen = maxlen;
    x->nletters = dawg_view_alphabet(v)->size;
    tki_sk_windex_hash(x);
    wcollect c;
    memset(&c, 0, sizeof c);
    c.E = dawg_view_edges(v);
    c.z = x->z;
    c.maxlen = maxlen;
    if (!wc_grow(&c, (size_t)dawg_view_words(v) + 1) && dawg_view_root(v))
        wc_walk(&c, dawg_view_root(v), dawg_view_root_letters(v), 0, 0, 0, 0);
    int rc = c.err ? c.err : wx_bucket(x, &c);
    x->pool = x->own[2] = c.pool;
    x->nwords = c.n;
    x->npool = c.npool;
    if (!rc)
        rc = wx_short(x, &c);
    free(c.hash);
    free(c.mask);
    free(c.off);
    if (rc) {
        sk_windex_destroy(x);
        return tk_error_set(err, rc, 0, 0, "word index: %s",
                            rc == TK_ELIMIT ? "more than 2^26 letters of words" : "out of memory");
    }
    x->bytes = tki_sk_windex_size(x);
    *out = x;
    return TK_OK;
}

int sk_windex_build(sk_windex **out, const dawg_graph *d, int maxlen, tk_error *err)
{
    dawg_view *v;
    *out = NULL;
    int rc = dawg_view_create(&v, d, err);
    if (rc)
        return rc;
    rc = wx_build_view(out, v, maxlen, err);
    dawg_view_destroy(v);
    if (!rc)
        tki_sk_windex_identify(*out, d);
    return rc;
}

void sk_windex_destroy(sk_windex *x)
{
    if (!x)
        return;
    for (int i = 0; i < 7; i++)
        free(x->own[i]);
    tku_unmap(&x->map);
    free(x);
}

size_t sk_windex_bytes(const sk_windex *x) { return x ? x->bytes : 0; }
size_t sk_windex_words(const sk_windex *x) { return x ? x->nwords : 0; }
int sk_windex_maxlen(const sk_windex *x) { return x ? x->maxlen : 0; }

/* The words of len letters in the bucket of hash h that are exactly the
 * multiset want[]: fn for each. */
static int wx_list(const sk_windex *x, uint64_t h, int len, const uint8_t want[64],
                   int (*fn)(void *, const uint8_t *, int), void *ctx)
{
    uint32_t lo, hi;
    sk_wx_find(x, h, len, &lo, &hi);
    for (uint32_t i = lo; i < hi; i++) {
        const uint8_t *w = x->pool + SK_WX_OFF(x->ent[i]);
        uint8_t have[64] = { 0 };
        int k = 0;
        for (; k < len && have[w[k]] < want[w[k]]; k++)
            have[w[k]]++;
        int rc = k == len ? fn(ctx, w, len) : 0;
        if (rc)
            return rc;
    }
    return 0;
}

int sk_windex_anagrams(const sk_windex *x, const uint8_t counts[64], int blanks,
                       int (*fn)(void *ctx, const uint8_t *letters, int n), void *ctx)
{
    if (blanks < 0 || blanks > 2)
        return TK_EINVAL;
    uint8_t want[64] = { 0 };
    int m = blanks;
    for (int l = 1; l <= x->nletters; l++)
        m += want[l] = counts[l];
    if (m < 2 || m > x->maxlen)
        return 0;
    uint64_t h = sk_wx_hash(x, want);
    if (blanks == 0)
        return wx_list(x, h, m, want, fn, ctx);
    int rc = 0;
    for (int a = 1; a <= x->nletters && !rc; a++) {
        want[a]++;
        if (blanks == 1)
            rc = wx_list(x, h + x->z[a], m, want, fn, ctx);
        for (int b = a; blanks == 2 && b <= x->nletters && !rc; b++) {
            want[b]++;
            rc = wx_list(x, h + x->z[a] + x->z[b], m, want, fn, ctx);
            want[b]--;
        }
        want[a]--;
    }
    return rc;
}

int sk_windex_maybe(const sk_windex *x, const uint8_t counts[64], int blanks)
{
    if (blanks < 0 || blanks > 2)
        return TK_EINVAL;
    int m = blanks;
    for (int l = 1; l <= x->nletters; l++)
        m += counts[l];
    if (m < 2 || m > x->maxlen)
        return 0;
    return sk_wx_maybe(x, sk_wx_hash(x, counts), m, blanks);
}

/* ---- the engine's index ---------------------------------------------------- */

void tki_sk_windex_attach(sk_engine *e)
{
    const char *s = getenv("TILEKIT_WINDEX");
    e->wx_off = s && (!strcmp(s, "off") || !strcmp(s, "0") || !strcmp(s, "no"));
    atomic_init(&e->wx, NULL);
    atomic_init(&e->wx_failed, 0);
}

void tki_sk_windex_detach(sk_engine *e) { sk_windex_destroy(atomic_load(&e->wx)); }

/* Make x the engine's index unless it has one: the one it has. */
static sk_windex *wx_install(sk_engine *e, sk_windex *x)
{
    sk_windex *none = NULL;
    if (!atomic_compare_exchange_strong(&e->wx, &none, x)) {
        sk_windex_destroy(x);   /* another thread's is in */
        return none;
    }
    return x;
}

const sk_windex *sk_engine_windex(const sk_engine *e)
{
    sk_engine *me = (sk_engine *)e;   /* the index is a cache: the engine stays logically immutable */
    sk_windex *x = atomic_load_explicit(&me->wx, memory_order_acquire);
    if (e->wx_off) {
        tki_sk_engine_bingo(e);   /* what the search uses instead, made now too */
        return NULL;
    }
    if (x || atomic_load_explicit(&me->wx_failed, memory_order_relaxed))
        return x;
    if (wx_build_view(&x, e->view, e->dim < 2 ? 2 : e->dim, NULL)) {
        atomic_store(&me->wx_failed, 1);
        return NULL;
    }
    tki_sk_windex_identify(x, e->dawg);
    return wx_install(me, x);
}

int sk_engine_windex_file(sk_engine *e, const char *path, tk_error *err)
{
    if (e->wx_off || atomic_load_explicit(&e->wx, memory_order_acquire))
        return TK_OK;
    sk_windex *x;
    int rc = sk_windex_load(&x, e->dawg, e->dim < 2 ? 2 : e->dim, path, err);
    if (rc)
        return rc;
    wx_install(e, x);
    return TK_OK;
}

void sk_engine_set_windex(sk_engine *e, int on) { e->wx_off = !on; }
