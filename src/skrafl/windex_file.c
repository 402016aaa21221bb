/* windex_file.c - the word index as a file beside its dictionary
 * (tilekit/skwindex.h: sk_windex_save, sk_windex_load).
 *
 * The index's arrays, written as they are in memory (little-endian), so
 * that a reader maps the file and points into it: reading it costs a pass
 * of checks, not a build.  Layout, every section 8-byte aligned:
 *
 *   0    char[8] magic "TKWNDX\x1a\n"
 *   8    u32     format version (1)
 *   12   u32     flags (0; unknown flags are rejected)
 *   16   u32     longest word indexed (2..63)
 *   20   u32     letters of the alphabet (1..63)
 *   24   u32     bits of the word buckets (4..31)
 *   28   u32     bits of the short map's buckets (4..31)
 *   32   u64     words          40  u64  letters of words (the pool)
 *   48   u64     short map entries
 *   56   u64     checksum of the whole file with these 8 bytes as zero
 *   64   u64     the dictionary's fingerprint (its alphabet and word graph)
 *   72   u64     the dictionary's word count
 *   80   u32     bits of the word filter (12..32)
 *   84   u32     zero           88  u64  zero
 *   96   u64[64] the hash constants (z[0] = 0)
 *   608  u32     word buckets' starts (2^bits + 1), padded
 *        u64     word entries (fingerprint << 32 | length << 26 | offset)
 *        u8      the pool of letters, padded
 *        u32     short buckets' starts (2^sbits + 1), padded
 *        u8[6]   short entries (letters 1..32 as a u32, the fingerprint as a u16),
 *                and 2 bytes of zeros, padded
 *        u32     letters 33..63 of each (alphabets of more than 32 letters)
 *        u64     the word filter (2^(bits - 6) words)
 *
 * A loaded file is checked like a .dawg: the header against the file's
 * length, the checksum (a fast 64-bit one: four lanes of rotate, add,
 * multiply over the file's 8-byte words) against corruption, then what
 * keeps every query in bounds against a forged file whose author
 * recomputed the checksum: bucket starts from 0, never falling, ending at
 * the entry count; every word inside the pool and of 2..maxlen letters;
 * every letter of the pool in the alphabet.  Last, the index must be the
 * dictionary's: the same alphabet, word count and fingerprint (a hash of
 * the alphabet's text and of every edge of the graph), and words as long
 * as the board's side.  Whatever fails is an error that names it.
 */
#include "sk_internal.h"
#include "sk_windex.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define WX_MAGIC "TKWNDX\x1a\n"
#define WX_VERSION 1
#define WX_HEADER 608

static inline uint64_t rotl64(uint64_t v, int r) { return v << r | v >> (64 - r); }

/* A checksum of n 8-byte words. */
static uint64_t wx_sum(const uint64_t *w, size_t n)
{
    const uint64_t K = 0x9E3779B97F4A7C15ull;
    uint64_t a = 1, b = 2, c = 3, d = 4;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        a = rotl64(a + w[i], 29) * K;
        b = rotl64(b + w[i + 1], 29) * K;
        c = rotl64(c + w[i + 2], 29) * K;
        d = rotl64(d + w[i + 3], 29) * K;
    }
    for (; i < n; i++)
        a = rotl64(a + w[i], 29) * K;
    return (rotl64(a, 7) ^ rotl64(b, 19) ^ rotl64(c, 37) ^ d ^ n) * K;
}

uint64_t tki_sk_windex_file_sum(const void *p, size_t len)
{
    const uint64_t *w = (const uint64_t *)p;
    return wx_sum(w, 7) * 0x9E3779B97F4A7C15ull + wx_sum(w + 8, len / 8 - 8);
}

void tki_sk_windex_identify(sk_windex *x, const dawg_graph *d)
{
    const uint64_t K = 0x9E3779B97F4A7C15ull;
    char spec[64 * (ALPHA_LETTER_MAX + 3) + 1];
    size_t alen = alpha_format(dawg_alphabet(d), spec, sizeof spec);
    uint64_t h = 0xC0FFEE ^ alen;
    for (size_t i = 0; i < alen; i++)
        h = (h ^ (uint8_t)spec[i]) * K;
    const dawg_edge *E = dawg_edges(d);
    uint32_t n = dawg_edge_count(d);
    h = (h ^ n ^ (uint64_t)dawg_root(d) << 32) * K;
    for (uint32_t i = 0; i < n; i++)
        h = rotl64(h + E[i], 23) * K;
    dawg_info in;
    dawg_get_info(d, &in);
    x->dawg_id = h;
    x->dawg_words = in.words;
}

static void wr32(unsigned char *p, uint32_t v) { memcpy(p, &v, 4); }
static void wr64(unsigned char *p, uint64_t v) { memcpy(p, &v, 8); }
static uint32_t rd32(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
static uint64_t rd64(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static int host_is_le(void)
{
    const uint16_t one = 1;
    return *(const unsigned char *)&one == 1;
}

static size_t pad8(size_t n) { return (n + 7) / 8 * 8; }

/* The sections' offsets for these counts (and the file's length, off[7]). */
static void wx_layout(int bits, int sbits, int fbits, uint64_t nwords, uint64_t npool, uint64_t nshort, int hi,
                      size_t off[8])
{
    off[0] = WX_HEADER;
    off[1] = off[0] + pad8((((size_t)1 << bits) + 1) * 4);
    off[2] = off[1] + (size_t)nwords * 8;
    off[3] = off[2] + pad8((size_t)npool);
    off[4] = off[3] + pad8((((size_t)1 << sbits) + 1) * 4);
    off[5] = off[4] + pad8((size_t)nshort * SK_WX_SREC + 2);
    off[6] = off[5] + (hi ? pad8((size_t)nshort * 4) : 0);
    off[7] = off[6] + ((size_t)1 << fbits) / 8;
}

int sk_windex_serialize(const sk_windex *x, void **out, size_t *out_len, tk_error *err)
{
    int bits = 64 - x->shift, sbits = 64 - x->sshift, fbits = 64 - x->fshift + 6;
    size_t off[8];
    wx_layout(bits, sbits, fbits, x->nwords, x->npool, x->nshort, x->shi != NULL, off);
    unsigned char *p = calloc(1, off[7]);
    if (!p)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    memcpy(p, WX_MAGIC, 8);
    wr32(p + 8, WX_VERSION);
    wr32(p + 16, (uint32_t)x->maxlen);
    wr32(p + 20, (uint32_t)x->nletters);
    wr32(p + 24, (uint32_t)bits);
    wr32(p + 28, (uint32_t)sbits);
    wr64(p + 32, x->nwords);
    wr64(p + 40, x->npool);
    wr64(p + 48, x->nshort);
    wr64(p + 64, x->dawg_id);
    wr64(p + 72, x->dawg_words);
    wr32(p + 80, (uint32_t)fbits);
    memcpy(p + 96, x->z, sizeof x->z);
    memcpy(p + off[0], x->dir, (((size_t)1 << bits) + 1) * 4);
    memcpy(p + off[1], x->ent, x->nwords * 8);
    memcpy(p + off[2], x->pool, x->npool);
    memcpy(p + off[3], x->sdir, (((size_t)1 << sbits) + 1) * 4);
    memcpy(p + off[4], x->sent, x->nshort * SK_WX_SREC);
    if (x->shi)
        memcpy(p + off[5], x->shi, x->nshort * 4);
    memcpy(p + off[6], x->filter, ((size_t)1 << fbits) / 8);
    wr64(p + 56, tki_sk_windex_file_sum(p, off[7]));
    *out = p;
    *out_len = off[7];
    return TK_OK;
}

int sk_windex_save(const sk_windex *x, const char *path, tk_error *err)
{
    if (!x)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no index to save");
    void *buf;
    size_t len;
    int rc = sk_windex_serialize(x, &buf, &len, err);
    if (rc)
        return rc;
    rc = tku_write_file(path, buf, len, err);
    free(buf);
    return rc;
}

/* ---- reading ------------------------------------------------------------------ */

/* The header's figures, checked against each other and the length. */
static int wx_header(const unsigned char *p, size_t len, size_t off[8], tk_error *err)
{
    if (len < 8 || memcmp(p, WX_MAGIC, 8) != 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "not a tilekit word index file (bad magic)");
    if (len < WX_HEADER)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "truncated file: %zu bytes, the header alone has %d", len,
                            WX_HEADER);
    if (rd32(p + 8) != WX_VERSION)
        return tk_error_set(err, TK_EVERSION, 0, 0, "word index format version %u, this program reads version %d",
                            rd32(p + 8), WX_VERSION);
    if (rd32(p + 12) != 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "unknown flags 0x%x in header", rd32(p + 12));
    uint32_t maxlen = rd32(p + 16), nl = rd32(p + 20), bits = rd32(p + 24), sbits = rd32(p + 28), fbits = rd32(p + 80);
    uint64_t nwords = rd64(p + 32), npool = rd64(p + 40), nshort = rd64(p + 48);
    if (maxlen < 2 || maxlen > 63 || nl < 1 || nl > 63 || bits < 4 || bits > 31 || sbits < 4 || sbits > 31 ||
        fbits < 12 || fbits > 32 || npool >= (UINT64_C(1) << SK_WX_OFFBITS) || nwords > npool / 2 ||
        nshort >= UINT32_MAX / SK_WX_SREC || rd32(p + 84) != 0 || rd64(p + 88) != 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "corrupt header: figures out of range");
    wx_layout((int)bits, (int)sbits, (int)fbits, nwords, npool, nshort, nl > 32, off);
    if (off[7] != len)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "%s file: %zu bytes, the header announces %zu",
                            len < off[7] ? "truncated" : "oversized", len, off[7]);
    return TK_OK;
}

/* Bucket starts d[0..nb]: from 0, never falling, ending at n. */
static int wx_dir_ok(const uint32_t *d, size_t nb, uint64_t n)
{
    uint32_t fall = d[0];
    for (size_t b = 0; b < nb; b++)
        fall |= d[b] > d[b + 1] ? 1 : 0;
    return !fall && d[nb] == n;
}

/* Every byte of the pool a letter 1..nl (eight at a time). */
static int wx_pool_ok(const unsigned char *pool, size_t n, unsigned nl)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t bad = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t v = rd64(pool + i);
        /* a zero byte, a byte of 128 or more, a byte above nl */
        bad |= ((v - ones) & ~v) | v | (((v & ~highs) + (127 - nl) * ones));
    }
    for (; i < n; i++)
        bad |= pool[i] == 0 || pool[i] > nl ? highs : 0;
    return !(bad & highs);
}

/* The structure: what keeps every query of a forged file in bounds. */
static int wx_structure(const sk_windex *x, tk_error *err)
{
    if (x->z[0] != 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "corrupt hash constants");
    if (!wx_dir_ok(x->dir, (size_t)1 << (64 - x->shift), x->nwords))
        return tk_error_set(err, TK_EFORMAT, 0, 0, "corrupt word buckets");
    if (!wx_dir_ok(x->sdir, (size_t)1 << (64 - x->sshift), x->nshort))
        return tk_error_set(err, TK_EFORMAT, 0, 0, "corrupt short map buckets");
    uint64_t bad = 0;
    for (size_t i = 0; i < x->nwords; i++) {
        uint64_t len = (uint32_t)x->ent[i] >> SK_WX_OFFBITS, end = SK_WX_OFF(x->ent[i]) + len;
        bad |= (len < 2) | (len > (uint64_t)x->maxlen) | (end > x->npool);
    }
    if (bad)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "corrupt word entries (a word outside the pool)");
    if (!wx_pool_ok(x->pool, x->npool, (unsigned)x->nletters))
        return tk_error_set(err, TK_EFORMAT, 0, 0, "corrupt words (a letter outside the alphabet)");
    return TK_OK;
}

/* The index over the valid file at p (off: its sections). */
static void wx_point(sk_windex *x, const unsigned char *p, const size_t off[8])
{
    x->maxlen = (int)rd32(p + 16);
    x->nletters = (int)rd32(p + 20);
    x->shift = 64 - (int)rd32(p + 24);
    x->sshift = 64 - (int)rd32(p + 28);
    x->nwords = rd64(p + 32);
    x->npool = rd64(p + 40);
    x->nshort = rd64(p + 48);
    x->dawg_id = rd64(p + 64);
    x->dawg_words = rd64(p + 72);
    memcpy(x->z, p + 96, sizeof x->z);
    x->dir = (const uint32_t *)(const void *)(p + off[0]);
    x->ent = (const uint64_t *)(const void *)(p + off[1]);
    x->pool = p + off[2];
    x->sdir = (const uint32_t *)(const void *)(p + off[3]);
    x->sent = p + off[4];
    x->shi = x->nletters > 32 ? (const uint32_t *)(const void *)(p + off[5]) : NULL;
    x->fshift = 64 - ((int)rd32(p + 80) - 6);
    x->filter = (const uint64_t *)(const void *)(p + off[6]);
}

/* Is index x, read from a file, that of dictionary d for words of up to maxlen letters? */
static int wx_match(const sk_windex *x, const dawg_graph *d, int maxlen, tk_error *err)
{
    sk_windex mine;
    tki_sk_windex_identify(&mine, d);
    if (x->nletters != dawg_alphabet(d)->size)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "word index of an alphabet of %d letters, the dictionary has %d",
                            x->nletters, dawg_alphabet(d)->size);
    if (x->dawg_words != mine.dawg_words || x->dawg_id != mine.dawg_id)
        return tk_error_set(err, TK_EFORMAT, 0, 0,
                            "word index of another dictionary (%llu words, this one has %llu%s)",
                            (unsigned long long)x->dawg_words, (unsigned long long)mine.dawg_words,
                            x->dawg_words == mine.dawg_words ? ", other words or alphabet" : "");
    if (x->maxlen < maxlen)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "word index of words of at most %d letters, the board needs %d",
                            x->maxlen, maxlen);
    return TK_OK;
}

/* Check the len bytes at p (8-byte aligned, kept alive by the caller) and
 * point a new index into them. */
static int wx_open(sk_windex **out, const dawg_graph *d, int maxlen, const unsigned char *p, size_t len,
                   tk_error *err)
{
    *out = NULL;
    size_t off[8];
    int rc = wx_header(p, len, off, err);
    if (rc)
        return rc;
    if (tki_sk_windex_file_sum(p, len) != rd64(p + 56))
        return tk_error_set(err, TK_ECHECKSUM, 0, 0, "checksum mismatch: the word index file is corrupt");
    sk_windex *x = calloc(1, sizeof *x);
    if (!x)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    wx_point(x, p, off);
    rc = wx_structure(x, err);
    if (!rc)
        rc = wx_match(x, d, maxlen, err);
    if (rc) {
        free(x);
        return rc;
    }
    x->bytes = tki_sk_windex_size(x);
    *out = x;
    return TK_OK;
}

int sk_windex_load_memory(sk_windex **out, const dawg_graph *d, int maxlen, const void *buf, size_t len,
                          tk_error *err)
{
    *out = NULL;
    if (!host_is_le())
        return tk_error_set(err, TK_EFORMAT, 0, 0, "word index files are read on little-endian hosts only");
    void *copy = malloc(len ? len : 1);   /* aligned for the index's arrays */
    if (!copy)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    if (len)
        memcpy(copy, buf, len);
    int rc = wx_open(out, d, maxlen, copy, len, err);
    if (rc)
        free(copy);
    else
        (*out)->own[0] = copy;
    return rc;
}

int sk_windex_load(sk_windex **out, const dawg_graph *d, int maxlen, const char *path, tk_error *err)
{
    *out = NULL;
    if (!host_is_le())
        return tk_error_set(err, TK_EFORMAT, 0, 0, "word index files are read on little-endian hosts only");
    tku_map m;
    int mr = tku_map_file(&m, path, 0);
    if (mr != TKU_MAP_OK)
        return tk_error_set(err, TK_EIO, 0, 0, "cannot read %s: %s", path,
                            mr == TKU_MAP_ENOTREG ? "not a regular file" : strerror(errno));
    int rc = wx_open(out, d, maxlen, m.data, m.len, err);
    if (rc)
        tku_unmap(&m);
    else
        (*out)->map = m;
    return rc;
}
