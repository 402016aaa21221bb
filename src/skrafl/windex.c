/* windex.c - the word index of the best-move search (tilekit/skwindex.h).
 *
 * Built in one depth-first walk of the word graph's letter-indexed view:
 * every word of 2..maxlen letters is appended to a pool of letters, its
 * multiset hash summed on the way down (hash(prefix + l) = hash(prefix) +
 * z[l]).  The words are then counting-sorted into 2^bits buckets by the top
 * bits of their hash (about a word and a half a bucket), each bucket sorted
 * by the low 32 bits (the fingerprint) and the length, so that the
 * anagrams of a multiset sit together.  Then the map of "one letter short"
 * multisets: every word, once per distinct letter l in it, gives hash -
 * z[l] with l; these are counted by bucket (about three multisets a
 * bucket), placed (a counting sort, in the array of letter sets itself, as
 * 16-bit fingerprint << 8 | letter), and each bucket sorted and merged in
 * place into one entry per multiset: its fingerprint and the letters that
 * complete it.  The insertions outnumber the multisets (AT + E and AE + T
 * are one), so the arrays shrink when the merging is done.
 *
 * The engine's index is made on first use: the first search that wants it
 * builds one and installs it with a compare-and-swap (a thread that loses
 * the race frees its copy and takes the winner's), so engines shared by
 * threads need no lock and commands that never search for the best moves
 * never pay for it.
 */
#include "sk_internal.h"
#include "sk_windex.h"

#include "tilekit/skgame.h"

#include <stdlib.h>
#include <string.h>

typedef struct wcollect {
    const dawg_vedge *E;
    const uint64_t *z;
    int maxlen;
    uint8_t word[64];
    uint64_t *hash;          /* per word */
    uint32_t *off;           /* per word: len << SK_WX_OFFBITS | pool offset */
    size_t n, cap;
    uint8_t *pool;
    size_t npool, cappool;
    int err;
} wcollect;

static int wc_room(wcollect *c, int len)
{
    if (c->n == c->cap) {
        size_t nc = c->cap ? 2 * c->cap : 4096;
        uint64_t *h = realloc(c->hash, nc * sizeof *h);
        if (h)
            c->hash = h;
        uint32_t *o = h ? realloc(c->off, nc * sizeof *o) : NULL;
        if (!o)
            return c->err = TK_ENOMEM;
        c->off = o;
        c->cap = nc;
    }
    if (c->npool + (size_t)len > c->cappool) {
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

/* The words below node (letter set m), depth letters down, hash so far h. */
static void wc_walk(wcollect *c, uint32_t node, uint64_t m, int depth, uint64_t h)
{
    for (uint32_t e = node; m && !c->err; m &= m - 1, e++) {
        dawg_vedge x = c->E[e];
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t hl = h + c->z[l];
        c->word[depth] = (uint8_t)l;
        if (dawg_vedge_final(x) && depth >= 1 && !wc_room(c, depth + 1)) {
            c->hash[c->n] = hl;
            c->off[c->n++] = (uint32_t)(depth + 1) << SK_WX_OFFBITS | (uint32_t)c->npool;
            memcpy(c->pool + c->npool, c->word, (size_t)depth + 1);
            c->npool += (size_t)depth + 1;
        }
        uint32_t child = dawg_vedge_child(x);
        if (child && depth + 1 < c->maxlen)
            wc_walk(c, child, x.next, depth + 1, hl);
    }
}

/* Bucket the collected words into x->dir and x->ent. */
static int wx_bucket(sk_windex *x, const wcollect *c)
{
    int bits = 4;   /* about a word and a half a bucket */
    while (bits < 32 && ((size_t)3 << bits) < 2 * c->n)
        bits++;
    size_t nb = (size_t)1 << bits;
    x->shift = 64 - bits;
    x->dir = calloc(nb + 1, sizeof *x->dir);
    x->ent = malloc((c->n ? c->n : 1) * sizeof *x->ent);
    if (!x->dir || !x->ent)
        return TK_ENOMEM;
    for (size_t i = 0; i < c->n; i++)
        x->dir[(c->hash[i] >> x->shift) + 1]++;
    for (size_t b = 0; b < nb; b++)
        x->dir[b + 1] += x->dir[b];
    for (size_t i = 0; i < c->n; i++) {
        uint64_t h = c->hash[i];
        x->ent[x->dir[h >> x->shift]++] = (uint64_t)(uint32_t)h << 32 | c->off[i];
    }
    for (size_t b = nb; b > 0; b--)   /* dir[b] was bucket b's end */
        x->dir[b] = x->dir[b - 1];
    x->dir[0] = 0;
    for (size_t b = 0; b < nb; b++)   /* by fingerprint, then length: insertion sort (tiny buckets) */
        for (uint32_t i = x->dir[b] + 1; i < x->dir[b + 1]; i++) {
            uint64_t v = x->ent[i], key = v & ~(uint64_t)((UINT32_C(1) << SK_WX_OFFBITS) - 1);
            uint32_t j = i;
            for (; j > x->dir[b] && (x->ent[j - 1] & ~(uint64_t)((UINT32_C(1) << SK_WX_OFFBITS) - 1)) > key; j--)
                x->ent[j] = x->ent[j - 1];
            x->ent[j] = v;
        }
    return TK_OK;
}

/* Every multiset one letter short of a word, with that letter (every word,
 * once per distinct letter in it): counted into its bucket of sdir
 * (place = 0), or placed at its bucket's next entry of smask as
 * fingerprint << 8 | letter (place = 1). */
static void wx_short_scan(sk_windex *x, int place)
{
    for (size_t i = 0; i < x->nwords; i++) {
        const uint8_t *w = x->pool + SK_WX_OFF(x->ent[i]);
        int len = SK_WX_LEN(x->ent[i]);
        uint64_t letters = 0, hw = 0;
        for (int k = 0; k < len; k++) {
            hw += x->z[w[k]];
            letters |= UINT64_C(1) << w[k];
        }
        for (; letters; letters &= letters - 1) {
            unsigned l = (unsigned)__builtin_ctzll(letters);
            uint64_t h = hw - x->z[l], b = h >> x->sshift;
            if (place)
                x->smask[x->sdir[b]++] = (uint32_t)(uint16_t)h << 8 | l;
            else
                x->sdir[b + 1]++;
        }
    }
}

/* One bucket's placed entries smask[begin..end) (fingerprint << 8 |
 * letter) sorted, then merged into fingerprints and letter sets from out
 * on (out <= begin: each is written where an entry already read was):
 * how many there are. */
static uint32_t wx_short_merge(sk_windex *x, uint32_t begin, uint32_t end, uint32_t out)
{
    uint32_t *e = x->smask;
    for (uint32_t i = begin + 1; i < end; i++) {
        uint32_t v = e[i], j = i;
        for (; j > begin && e[j - 1] > v; j--)
            e[j] = e[j - 1];
        e[j] = v;
    }
    uint32_t m = 0;
    for (uint32_t i = begin; i < end;) {
        uint32_t fp = e[i] >> 8, lo = 0, hi = 0;
        for (; i < end && e[i] >> 8 == fp; i++) {
            unsigned l = e[i] & 0xFF;
            if (l <= 32)
                lo |= UINT32_C(1) << (l - 1);
            else
                hi |= UINT32_C(1) << (l - 33);
        }
        x->sfp[out + m] = (uint16_t)fp;
        e[out + m] = lo;
        if (x->shi)
            x->shi[out + m] = hi;
        m++;
    }
    return m;
}

/* The map of the multisets one letter short of a word: counted by bucket,
 * placed (a counting sort), then each bucket sorted and merged in place. */
static int wx_short(sk_windex *x)
{
    size_t inserts = x->npool;   /* at most: a word's letters, each once */
    int bits = 4;   /* about three multisets a bucket: 5 in 8 insertions make a new one */
    while (bits < 32 && ((size_t)24 << bits) < 5 * inserts)
        bits++;
    size_t nb = (size_t)1 << bits;
    x->sshift = 64 - bits;
    if (inserts >= UINT32_MAX)
        return TK_ELIMIT;
    if (!(x->sdir = calloc(nb + 1, sizeof *x->sdir)))
        return TK_ENOMEM;
    wx_short_scan(x, 0);
    for (size_t b = 0; b < nb; b++)
        x->sdir[b + 1] += x->sdir[b];
    inserts = x->sdir[nb];
    size_t n1 = inserts ? inserts : 1;
    x->smask = malloc(n1 * sizeof *x->smask);
    x->sfp = malloc(n1 * sizeof *x->sfp);
    if (!x->smask || !x->sfp || (x->nletters > 32 && !(x->shi = malloc(n1 * sizeof *x->shi))))
        return TK_ENOMEM;
    wx_short_scan(x, 1);   /* sdir[b] ends at bucket b's end */
    uint32_t out = 0, begin = 0;
    for (size_t b = 0; b < nb; b++) {
        uint32_t end = x->sdir[b];
        x->sdir[b] = out;
        out += wx_short_merge(x, begin, end, out);
        begin = end;
    }
    x->sdir[nb] = out;
    x->nshort = out;
    size_t n2 = out ? out : 1;   /* the merged map is smaller: the arrays shrink */
    uint32_t *m = realloc(x->smask, n2 * sizeof *m);
    uint16_t *f = realloc(x->sfp, n2 * sizeof *f);
    uint32_t *hi = x->shi ? realloc(x->shi, n2 * sizeof *hi) : NULL;
    x->smask = m ? m : x->smask;
    x->sfp = f ? f : x->sfp;
    x->shi = hi ? hi : x->shi;
    return TK_OK;
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
    sk_rng r;
    sk_rng_seed(&r, 0x5EED0F1D3Cull);
    for (int l = 1; l < 64; l++)
        x->z[l] = sk_rng_next(&r);
    wcollect c = { dawg_view_edges(v), x->z, maxlen, { 0 }, NULL, NULL, 0, 0, NULL, 0, 0, 0 };
    if (dawg_view_root(v))
        wc_walk(&c, dawg_view_root(v), dawg_view_root_letters(v), 0, 0);
    int rc = c.err ? c.err : wx_bucket(x, &c);
    free(c.hash);   /* the short map takes the words from the buckets */
    free(c.off);
    x->pool = c.pool;
    x->nwords = c.n;
    x->npool = c.npool;
    if (!rc)
        rc = wx_short(x);
    if (rc) {
        sk_windex_destroy(x);
        return tk_error_set(err, rc, 0, 0, "word index: %s",
                            rc == TK_ELIMIT ? "more than 2^26 letters of words" : "out of memory");
    }
    x->bytes = sizeof *x + (((size_t)1 << (64 - x->shift)) + 1) * sizeof *x->dir + x->nwords * sizeof *x->ent +
               x->npool + (((size_t)1 << (64 - x->sshift)) + 1) * sizeof *x->sdir +
               x->nshort * (sizeof *x->sfp + sizeof *x->smask + (x->shi ? sizeof *x->shi : 0));
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
    return rc;
}

void sk_windex_destroy(sk_windex *x)
{
    if (!x)
        return;
    free(x->dir);
    free(x->ent);
    free(x->pool);
    free(x->sdir);
    free(x->sfp);
    free(x->smask);
    free(x->shi);
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

const sk_windex *sk_engine_windex(const sk_engine *e)
{
    sk_engine *me = (sk_engine *)e;   /* the index is a cache: the engine stays logically immutable */
    sk_windex *x = atomic_load_explicit(&me->wx, memory_order_acquire);
    if (x || e->wx_off || atomic_load_explicit(&me->wx_failed, memory_order_relaxed))
        return e->wx_off ? NULL : x;
    if (wx_build_view(&x, e->view, e->dim < 2 ? 2 : e->dim, NULL)) {
        atomic_store(&me->wx_failed, 1);
        return NULL;
    }
    sk_windex *none = NULL;
    if (!atomic_compare_exchange_strong(&me->wx, &none, x)) {
        sk_windex_destroy(x);   /* another thread's is in */
        return none;
    }
    return x;
}

void sk_engine_set_windex(sk_engine *e, int on) { e->wx_off = !on; }
