/* file.c - the .dawg file: write it, map it, validate it.
 *
 * Layout, all integers little-endian:
 *
 *   0   char[8]  magic "TKDAWG\x1a\n"
 *   8   u32      format version (1)
 *   12  u32      flags (0; unknown flags are rejected)
 *   16  u32      header bytes = offset of the edge array (64 + alphabet, padded to 4)
 *   20  u32      alphabet bytes (UTF-8 specification text, see alphabet.h)
 *   24  u32      edge count, edge 0 included
 *   28  u32      root node
 *   32  u64      word count
 *   40  u32      classic states      44  u32  classic transitions
 *   48  u32      sibling lists       52  u32  longest word (letters)
 *   56  u64      checksum: FNV-1a 64 of the whole file with these 8 bytes as zero
 *   64  alphabet text, zero padding, then the edges (u32 each, see dawg.h)
 *
 * The loader checks the header (size, magic, version, flags, fields against
 * the file length, checksum, alphabet), then every edge in ONE reverse pass
 * (children are stored after their parents, so a child's figures are known
 * before its parent's): letter in the alphabet, letters rising within a list,
 * child 0 or a list start strictly after the edge and inside the array, a
 * leaf edge ends a word, the array's last edge closes its list.  The same
 * pass computes, for every list, the exact number of words below it and the
 * longest path, rejecting a path longer than ALPHA_WORD_MAX letters and a
 * count above DAWG_MAX_WORDS (so it can never overflow); both must then
 * equal the header's figures.  The figures --info prints are checked too:
 * the list count exactly (0 = unknown: counted), the classic states and
 * transitions within what the stored lists allow.
 *
 * What protects against what: the checksum (FNV-1a 64) detects accidental
 * corruption (a truncated download, a flipped bit); it is no defence against
 * a forged file, whose author simply recomputes it.  Safety against malice
 * comes from the structure checks alone: a file that passes them can be
 * walked by every function of the library, every walk ends within
 * ALPHA_WORD_MAX steps, and the word count (what --info prints, what
 * --dump enumerates) is exact and at most DAWG_MAX_WORDS.
 */
#include "dawg_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC "TKDAWG\x1a\n"
#define FORMAT_VERSION 1
#define HEADER_FIXED 64
#define MAX_ALPHABET_BYTES 4096

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const unsigned char *p) { return rd32(p) | (uint64_t)rd32(p + 4) << 32; }

static void wr32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

static void wr64(unsigned char *p, uint64_t v)
{
    wr32(p, (uint32_t)v);
    wr32(p + 4, (uint32_t)(v >> 32));
}

/* FNV-1a 64 of n bytes, continuing from h (four bytes a round: the loop's
 * own work is a quarter of the bytes'). */
static uint64_t fnv1a(uint64_t h, const unsigned char *p, size_t n)
{
    const uint64_t prime = 0x100000001B3ull;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        h = (h ^ p[i]) * prime;
        h = (h ^ p[i + 1]) * prime;
        h = (h ^ p[i + 2]) * prime;
        h = (h ^ p[i + 3]) * prime;
    }
    for (; i < n; i++)
        h = (h ^ p[i]) * prime;
    return h;
}

/* The file's checksum: FNV-1a 64 over its bytes, the checksum field itself
 * (bytes 56..63) read as zeros. */
static uint64_t checksum(const unsigned char *p, size_t len)
{
    static const unsigned char zeros[8];
    uint64_t h = fnv1a(0xCBF29CE484222325ull, p, len < 56 ? len : 56);
    if (len > 56)
        h = fnv1a(h, zeros, len < 64 ? len - 56 : 8);
    if (len > 64)
        h = fnv1a(h, p + 64, len - 64);
    return h;
}

static int host_is_le(void)
{
    const uint16_t one = 1;
    return *(const unsigned char *)&one == 1;
}

dawg_graph *tki_dawg_new(const alpha_table *a, const dawg_edge *edges, void *owned, uint32_t n, uint32_t root)
{
    dawg_graph *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->alpha = *a;
    d->edges = edges;
    d->owned = owned;
    d->n_edges = n;
    d->root = root;
    d->info.edges = n - 1;
    d->info.format_version = FORMAT_VERSION;
    d->info.bytes = (HEADER_FIXED + alpha_format(a, NULL, 0) + 3) / 4 * 4 + (size_t)n * 4;
    return d;
}

void dawg_destroy(dawg_graph *d)
{
    if (!d)
        return;
    tku_unmap(&d->map);
    free(d->owned);
    free(d);
}

int dawg_is_dawg_file(const void *buf, size_t len)
{
    /* a file that starts like a .dawg is one, even when cut below 8 bytes */
    return len >= 1 && memcmp(buf, MAGIC, len < 8 ? len : 8) == 0;
}

/* ---- writing -------------------------------------------------------------- */

int dawg_serialize(const dawg_graph *d, void **out, size_t *out_len, tk_error *err)
{
    char spec[64 * (ALPHA_LETTER_MAX + 3) + 1];
    size_t alen = alpha_format(&d->alpha, spec, sizeof spec);
    size_t hdr = (HEADER_FIXED + alen + 3) / 4 * 4;
    size_t len = hdr + (size_t)d->n_edges * 4;
    unsigned char *p = calloc(1, len);
    if (!p)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    memcpy(p, MAGIC, 8);
    wr32(p + 8, FORMAT_VERSION);
    wr32(p + 12, 0);
    wr32(p + 16, (uint32_t)hdr);
    wr32(p + 20, (uint32_t)alen);
    wr32(p + 24, d->n_edges);
    wr32(p + 28, d->root);
    wr64(p + 32, d->info.words);
    wr32(p + 40, d->info.states);
    wr32(p + 44, d->info.transitions);
    wr32(p + 48, d->info.lists);
    wr32(p + 52, d->info.max_len);
    memcpy(p + HEADER_FIXED, spec, alen);
    for (uint32_t i = 0; i < d->n_edges; i++)
        wr32(p + hdr + 4 * (size_t)i, d->edges[i]);
    wr64(p + 56, checksum(p, len));
    *out = p;
    *out_len = len;
    return TK_OK;
}

int dawg_save(const dawg_graph *d, const char *path, tk_error *err)
{
    void *buf;
    size_t len;
    int rc = dawg_serialize(d, &buf, &len, err);
    if (rc)
        return rc;
    rc = tku_write_file(path, buf, len, err);
    free(buf);
    return rc;
}

/* ---- validation ------------------------------------------------------------ */

/* What is wrong with edge i, which failed check_edges' test. */
static int edge_error(const unsigned char *ep, uint32_t n, int letters, uint32_t i, unsigned next_letter,
                      tk_error *err)
{
    dawg_edge x = rd32(ep + 4 * (size_t)i);
    unsigned letter = dawg_edge_letter(x);
    uint32_t c = dawg_edge_child(x);
    if (letter < 1 || (int)letter > letters)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "edge %u: letter index %u out of range 1..%d", i, letter,
                            letters);
    if (letter >= next_letter)
        return tk_error_set(err, TK_EFORMAT, 0, 0,
                            "edge %u: letters out of order in a sibling list (missing last-sibling mark?)", i + 1);
    if (c != 0 && c <= i)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "edge %u points backwards to %u", i, c);
    if (c != 0 && c >= n)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "edge %u points to %u, beyond the %u edges", i, c, n);
    if (c != 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "edge %u points into the middle of a sibling list (%u)", i, c);
    return tk_error_set(err, TK_EFORMAT, 0, 0, "edge %u leads nowhere and ends no word", i);
}

/* Check every edge and measure the graph in one reverse pass (see the top of
 * the file).  Reads edges through rd32, so it works on any host. */
static int check_edges(const unsigned char *ep, uint32_t n, int letters, uint32_t root, uint64_t *words,
                       uint32_t *max_len, tk_error *err)
{
    if (rd32(ep) != 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "edge 0 must be the zero placeholder");
    if (n > 1 && !dawg_edge_last(rd32(ep + 4 * (size_t)(n - 1))))
        return tk_error_set(err, TK_EFORMAT, 0, 0, "the last sibling list has no last-sibling mark");
    /* per edge: words below it and after it in its list, longest path from it */
    uint64_t *cnt = malloc((size_t)n * sizeof *cnt);
    uint8_t *dep = malloc((size_t)n);
    if (!cnt || !dep) {
        free(cnt);
        free(dep);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    cnt[0] = 0;
    dep[0] = 0;
    uint64_t acc = 0;
    unsigned depth = 0, next_letter = 0;
    int rc = TK_OK;
    for (uint32_t i = n - 1; i >= 1; i--) {
        dawg_edge x = rd32(ep + 4 * (size_t)i);
        unsigned letter = dawg_edge_letter(x);
        uint32_t c = dawg_edge_child(x);
        if (dawg_edge_last(x)) {             /* walking backwards: a list ends here */
            acc = 0;
            depth = 0;
            next_letter = ALPHA_MAX_LETTERS + 1;
        }
        /* A letter of the alphabet below the next sibling's; a child after
         * the edge, within the graph, starting a list; no child: a word end.
         * One test on the way (the message is worked out when it fails). */
        int ok = letter - 1u < (unsigned)letters && letter < next_letter &&
                 (c ? c - i - 1u < n - i - 1u && dawg_edge_last(rd32(ep + 4 * (size_t)(c - 1)))
                    : dawg_edge_final(x));
        if (!ok) {
            rc = edge_error(ep, n, letters, i, next_letter, err);
            break;
        }
        /* cnt[c], dep[c] hold the whole list at c (c > i, already seen; 0 for c = 0) */
        acc += cnt[c] + (uint64_t)dawg_edge_final(x);   /* each term <= DAWG_MAX_WORDS + 1 */
        unsigned dd = (unsigned)dep[c] + 1;
        if (dd > depth)
            depth = dd;
        if (acc > DAWG_MAX_WORDS || depth > ALPHA_WORD_MAX) {
            rc = acc > DAWG_MAX_WORDS
                     ? tk_error_set(err, TK_ELIMIT, 0, 0, "corrupt or forged file: more than %llu words below edge %u",
                                    (unsigned long long)DAWG_MAX_WORDS, i)
                     : tk_error_set(err, TK_EFORMAT, 0, 0, "corrupt or forged file: a path of more than %d letters",
                                    ALPHA_WORD_MAX);
            break;
        }
        cnt[i] = acc;
        dep[i] = (uint8_t)depth;
        next_letter = letter;
    }
    if (rc == TK_OK) {
        *words = root ? cnt[root] : 0;
        *max_len = root ? dep[root] : 0;
    }
    free(cnt);
    free(dep);
    return rc;
}

/* The dawg_graph of the valid file at p (len bytes; its alphabet a, its
 * word count and longest word as checked): over the edges in place when the
 * host reads them as they are, else over a converted copy. */
static int new_graph(const unsigned char *p, size_t len, const alpha_table *a, uint64_t words, uint32_t max_len,
                     dawg_graph **out, tk_error *err)
{
    uint32_t n = rd32(p + 24);
    const unsigned char *ep = p + rd32(p + 16);
    dawg_edge *edges = NULL;
    const dawg_edge *view;
    if (host_is_le() && ((uintptr_t)ep % 4) == 0) {
        view = (const dawg_edge *)(const void *)ep;
    } else {
        edges = malloc((size_t)n * sizeof *edges);
        if (!edges)
            return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
        for (uint32_t i = 0; i < n; i++)
            edges[i] = rd32(ep + 4 * (size_t)i);
        view = edges;
    }
    dawg_graph *d = tki_dawg_new(a, view, edges, n, rd32(p + 28));
    if (!d) {
        free(edges);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    d->info.words = words;
    d->info.states = rd32(p + 40);
    d->info.transitions = rd32(p + 44);
    d->info.lists = rd32(p + 48);
    d->info.max_len = max_len;
    d->info.format_version = rd32(p + 8);
    d->info.bytes = len;
    *out = d;
    return TK_OK;
}

/* Validate `len` bytes at p; on success create the dawg_graph.  `edges` is where
 * the edge array will be read from (inside p when the host is little-endian). */
static int validate(const unsigned char *p, size_t len, dawg_graph **out, tk_error *err)
{
    *out = NULL;
    if (!dawg_is_dawg_file(p, len))
        return tk_error_set(err, TK_ENOTDAWG, 0, 0, "not a tilekit .dawg file (bad magic)");
    if (len < HEADER_FIXED)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "truncated file: %zu bytes, the header alone has %d",
                            len, HEADER_FIXED);
    uint32_t version = rd32(p + 8), flags = rd32(p + 12), hdr = rd32(p + 16), alen = rd32(p + 20);
    uint32_t n = rd32(p + 24), root = rd32(p + 28);
    if (version != FORMAT_VERSION)
        return tk_error_set(err, TK_EVERSION, 0, 0, "format version %u, this program reads version %d",
                            version, FORMAT_VERSION);
    if (flags != 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "unknown flags 0x%x in header", flags);
    if (alen == 0 || alen > MAX_ALPHABET_BYTES || hdr != (HEADER_FIXED + alen + 3) / 4 * 4)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "corrupt header: alphabet size %u, header size %u",
                            alen, hdr);
    if (n < 1 || n > DAWG_MAX_EDGES)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "corrupt header: edge count %u", n);
    if ((uint64_t)hdr + (uint64_t)n * 4 != len)
        return tk_error_set(err, len < (uint64_t)hdr + (uint64_t)n * 4 ? TK_EFORMAT : TK_EFORMAT, 0, 0,
                            "%s file: %zu bytes, the header announces %llu",
                            len < (uint64_t)hdr + (uint64_t)n * 4 ? "truncated" : "oversized", len,
                            (unsigned long long)((uint64_t)hdr + (uint64_t)n * 4));
    if (checksum(p, len) != rd64(p + 56))
        return tk_error_set(err, TK_ECHECKSUM, 0, 0, "checksum mismatch: the file is corrupt");
    for (uint32_t i = HEADER_FIXED + alen; i < hdr; i++)
        if (p[i] != 0)
            return tk_error_set(err, TK_EFORMAT, 0, 0, "corrupt header: non-zero padding");
    alpha_table a;
    tk_error aerr;
    if (alpha_parse(&a, (const char *)p + HEADER_FIXED, alen, &aerr) != TK_OK)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "corrupt alphabet in header: %s", aerr.msg);
    if (n == 1 ? root != 0 : root != 1)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "root node %u out of range", root);

    const unsigned char *ep = p + hdr;
    uint64_t words = 0;
    uint32_t max_len = 0;
    int rc = check_edges(ep, n, a.size, root, &words, &max_len, err);
    if (rc)
        return rc;
    if (words != rd64(p + 32) || max_len != rd32(p + 52))
        return tk_error_set(err, TK_EFORMAT, 0, 0,
                            "corrupt file: header says %llu words of up to %u letters, the graph has %llu of up to %u",
                            (unsigned long long)rd64(p + 32), rd32(p + 52), (unsigned long long)words, max_len);
    /* the figures --info prints: lists exactly (the sibling lists stored),
     * the classic automaton's states and transitions within what those
     * lists allow (a state is a list, final or not, plus the root); 0 =
     * unknown (lists are then counted) */
    uint32_t nlists = 0;
    for (uint32_t i = 1; i < n; i++)
        nlists += i == 1 || (rd32(ep + 4 * (size_t)(i - 1)) & DAWG_LAST);
    uint32_t states = rd32(p + 40), trans = rd32(p + 44), lists = rd32(p + 48);
    if ((lists != 0 && lists != nlists) || (uint64_t)states > 2 * (uint64_t)nlists + 2 || (uint64_t)trans > 2 * (uint64_t)n)
        return tk_error_set(err, TK_EFORMAT, 0, 0,
                            "corrupt or forged header: %u states, %u transitions, %u lists for %u stored lists "
                            "of %u edges",
                            states, trans, lists, nlists, n - 1);

    rc = new_graph(p, len, &a, words, max_len, out, err);
    if (rc == TK_OK)
        (*out)->info.lists = nlists;
    return rc;
}

int dawg_load_memory(dawg_graph **out, const void *buf, size_t len, tk_error *err)
{
    *out = NULL;
    void *copy = malloc(len ? len : 1);
    if (!copy)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    memcpy(copy, buf, len);
    dawg_graph *d;
    int rc = validate(copy, len, &d, err);
    if (rc) {
        free(copy);
        return rc;
    }
    if (d->owned) {               /* edges were converted: the copy is not needed */
        free(copy);
    } else {
        d->owned = copy;
    }
    *out = d;
    return TK_OK;
}

int dawg_load(dawg_graph **out, const char *path, tk_error *err)
{
    *out = NULL;
    tku_map m;
    switch (tku_map_file(&m, path, 0)) {
    case TKU_MAP_EOPEN: return tk_error_set(err, TK_EIO, 0, 0, "cannot open: %s", strerror(errno));
    case TKU_MAP_ENOTREG: return tk_error_set(err, TK_EIO, 0, 0, "not a regular file");
    case TKU_MAP_EMAP: return tk_error_set(err, TK_EIO, 0, 0, "cannot map: %s", strerror(errno));
    default: break;
    }
    dawg_graph *d;
    int rc = validate(m.data, m.len, &d, err);
    if (rc != TK_OK || d->owned)   /* a bad file, or its edges were converted */
        tku_unmap(&m);
    else
        d->map = m;
    if (rc == TK_OK)
        *out = d;
    return rc;
}
