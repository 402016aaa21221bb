/* test_dawg_loader.c - the .dawg loader against truncated and corrupted files.
 *
 * A small valid file is built in memory.  Then:
 *   - every truncation length is rejected (from memory and, for a sample,
 *     from a real file through mmap);
 *   - every single-byte change is rejected (the checksum sees all of them);
 *   - every single-byte change made *with the checksum recomputed*, so that
 *     the structural checks must do the work, is either rejected or gives a
 *     graph that can be walked completely without fault (a step-bounded
 *     walk, run under the sanitizers by `make test`);
 *   - specific corruptions each give their own error: bad magic, wrong
 *     version, checksum, edge pointing backwards, child out of range, list
 *     without a last-sibling mark, letter out of range, and more.
 * The checksum is recomputed here from the format description in
 * src/dawg/file.c (FNV-1a 64 over the file with bytes 56..63 as zero).
 */
#include "support/harness.h"
#include "tilekit/alphabet.h"
#include "tilekit/dawg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HDR_VERSION 8
#define HDR_FLAGS 12
#define HDR_SIZE 16
#define HDR_ALEN 20
#define HDR_EDGES 24
#define HDR_ROOT 28
#define HDR_WORDS 32
#define HDR_MAXLEN 52
#define HDR_SUM 56

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static void fix_sum(unsigned char *p, size_t len)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (i >= HDR_SUM && i < HDR_SUM + 8 ? 0 : p[i])) * 0x100000001B3ull;
    for (int i = 0; i < 8; i++) p[HDR_SUM + i] = (unsigned char)(h >> (8 * i));
}

static const char *small_list =
    "able\nabler\nables\nably\nace\naces\nact\nacted\nacts\nbe\nbead\nbeads\nbeat\nbeats\n"
    "cab\ncabs\ncat\ncats\ndab\ndabs\nzoo\nzoos\n";

static unsigned char *make_file(const char *list, size_t *len)
{
    alpha_table a;
    tk_error e;
    const char *spec = "a b c d e f g h i j k l m n o p q r s t u v w x y z";
    if (alpha_parse(&a, spec, strlen(spec), &e)) return NULL;
    dawg_graph *d = NULL;
    if (dawg_build(&d, &a, list, strlen(list), NULL, NULL, &e)) return NULL;
    void *buf = NULL;
    int rc = dawg_serialize(d, &buf, len, &e);
    dawg_destroy(d);
    return rc ? NULL : buf;
}

/* Walk everything in a loaded graph with a step bound; returns 0 if all is
 * consistent (every enumerated word is found, no walk exceeds the bound). */
typedef struct walk_ctx {
    const dawg_graph *d;
    long words, bad;
} walk_ctx;

static int walk_word(void *ctx, const uint8_t *w, int n)
{
    walk_ctx *c = ctx;
    if (n < 1 || n > ALPHA_WORD_MAX || !dawg_contains(c->d, w, n)) c->bad++;
    for (int i = 0; i < n; i++)
        if (w[i] < 1 || (int)w[i] > dawg_alphabet(c->d)->size) c->bad++;
    if (n >= 2) (void)dawg_cross_set(c->d, w, 1, w + 2, n - 2);
    return ++c->words > 1000000;        /* bound */
}

static int walk_all(const dawg_graph *d)
{
    walk_ctx c = {d, 0, 0};
    int stopped = dawg_foreach_word(d, walk_word, &c);
    /* every edge: child in range and after it, letter in range */
    uint32_t n = dawg_edge_count(d);
    const dawg_edge *e = dawg_edges(d);
    for (uint32_t i = 1; i < n; i++) {
        uint32_t ch = dawg_edge_child(e[i]);
        if (ch && (ch <= i || ch >= n)) c.bad++;
        if (dawg_edge_letter(e[i]) < 1 || (int)dawg_edge_letter(e[i]) > dawg_alphabet(d)->size) c.bad++;
        (void)dawg_next_letters(d, ch);
        (void)dawg_final_letters(d, ch);
    }
    dawg_info in;
    dawg_get_info(d, &in);
    if (!stopped && (uint64_t)c.words != in.words) c.bad++;
    return c.bad == 0 && !stopped ? 0 : -1;
}

static int load(const unsigned char *p, size_t len, tk_error *e, dawg_graph **out)
{
    memset(e, 0, sizeof *e);
    *out = NULL;
    int rc = dawg_load_memory(out, p, len, e);
    if (rc == 0 && !*out) return -100;
    if (rc != 0 && *out) return -101;
    return rc;
}

static void test_valid(void)
{
    size_t len;
    unsigned char *p = make_file(small_list, &len);
    REQUIRE(p);
    tk_error e;
    dawg_graph *d;
    CHECK(load(p, len, &e, &d) == 0);
    REQUIRE(d);
    CHECK(walk_all(d) == 0);
    dawg_info in;
    dawg_get_info(d, &in);
    CHECK(in.words == 22);
    CHECK(dawg_contains_utf8(d, "abler") && dawg_contains_utf8(d, "zoos") && !dawg_contains_utf8(d, "zo"));
    /* header fields where the format says */
    CHECK(memcmp(p, "TKDAWG\x1a\n", 8) == 0);
    CHECK(rd32(p + HDR_VERSION) == 1 && rd32(p + HDR_FLAGS) == 0);
    CHECK(rd32(p + HDR_SIZE) % 4 == 0 && rd32(p + HDR_SIZE) + 4 * rd32(p + HDR_EDGES) == len);
    CHECK(rd32(p + HDR_WORDS) == 22 && rd32(p + HDR_MAXLEN) == 5);
    CHECK(rd32(p + HDR_ROOT) == 1);
    /* my checksum matches the writer's */
    unsigned char *q = malloc(len);
    memcpy(q, p, len);
    fix_sum(q, len);
    CHECK(memcmp(p, q, len) == 0);
    free(q);
    dawg_destroy(d);
    /* the same through a real file */
    char path[64];
    snprintf(path, sizeof path, "/tmp/test_loader.%ld.dawg", (long)getpid());
    FILE *f = fopen(path, "wb");
    REQUIRE(f);
    fwrite(p, 1, len, f);
    fclose(f);
    d = NULL;
    CHECK(dawg_load(&d, path, &e) == 0 && d && walk_all(d) == 0);
    dawg_destroy(d);
    remove(path);
    free(p);
}

static void test_truncation(void)
{
    size_t len;
    unsigned char *p = make_file(small_list, &len);
    REQUIRE(p);
    long accepted = 0;
    for (size_t n = 0; n < len; n++) {
        unsigned char *cut = malloc(n ? n : 1);   /* exact size: ASan sees overreads */
        memcpy(cut, p, n);
        tk_error e;
        dawg_graph *d;
        int rc = load(cut, n, &e, &d);
        if (rc == 0) accepted++;
        else CHECKF(e.msg[0] != 0, "no message for a cut at %zu", n);
        if (rc == -100 || rc == -101) accepted++;
        dawg_destroy(d);
        free(cut);
    }
    CHECKF(accepted == 0, "%ld truncated files accepted", accepted);
    /* through files too (mmap path), for every length below the header and a sample above */
    char path[64];
    snprintf(path, sizeof path, "/tmp/test_loader.%ld.cut", (long)getpid());
    accepted = 0;
    for (size_t n = 0; n < len; n += n < 70 ? 1 : 13) {
        FILE *f = fopen(path, "wb");
        REQUIRE(f);
        fwrite(p, 1, n, f);
        fclose(f);
        tk_error e;
        dawg_graph *d = NULL;
        if (dawg_load(&d, path, &e) == 0) accepted++;
        dawg_destroy(d);
    }
    remove(path);
    CHECKF(accepted == 0, "%ld truncated files accepted by dawg_load", accepted);
    /* appended bytes too */
    unsigned char *big = malloc(len + 4);
    memcpy(big, p, len);
    memset(big + len, 0, 4);
    tk_error e;
    dawg_graph *d;
    CHECK(load(big, len + 4, &e, &d) != 0);
    fix_sum(big, len + 4);
    CHECK(load(big, len + 4, &e, &d) != 0);
    free(big);
    free(p);
}

static void test_byte_changes(void)
{
    size_t len;
    unsigned char *p = make_file(small_list, &len);
    REQUIRE(p);
    unsigned char *q = malloc(len);
    long raw_accepted = 0, valid = 0, rejected = 0, faults = 0;
    static const int xors[] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0xFF};
    for (size_t i = 0; i < len; i++) {
        for (size_t k = 0; k < sizeof xors / sizeof xors[0] + 2; k++) {
            memcpy(q, p, len);
            if (k < sizeof xors / sizeof xors[0]) q[i] ^= (unsigned char)xors[k];
            else q[i] = k == sizeof xors / sizeof xors[0] ? 0x00 : 0xFF;
            if (q[i] == p[i]) continue;
            tk_error e;
            dawg_graph *d;
            /* as is: the checksum catches every single-byte change */
            if (load(q, len, &e, &d) == 0) raw_accepted++;
            dawg_destroy(d);
            /* with the checksum made right: structure checks must hold */
            if (i >= HDR_SUM && i < HDR_SUM + 8) continue;
            fix_sum(q, len);
            int rc = load(q, len, &e, &d);
            if (rc == 0) {
                valid++;
                if (walk_all(d) != 0) {
                    if (faults++ < 3) printf("  change at byte %zu (xor %d) loads but walks wrong\n", i, (int)k);
                }
            } else {
                rejected++;
                if (rc == -100 || rc == -101 || e.msg[0] == 0) faults++;
            }
            dawg_destroy(d);
        }
    }
    CHECKF(raw_accepted == 0, "%ld single-byte changes slipped past the checksum", raw_accepted);
    CHECKF(faults == 0, "%ld changed files accepted but inconsistent", faults);
    CHECKF(rejected > 0, "nothing rejected?");
    printf("  %ld changes with a fixed checksum: %ld rejected, %ld still valid and walked\n", valid + rejected,
           rejected, valid);
    free(q);
    free(p);
}

/* Find an edge with a child and an edge that is the last of a list that is
 * not the final list. */
static uint32_t find_edge(const unsigned char *p, int want_child, int want_last)
{
    uint32_t hdr = rd32(p + HDR_SIZE), n = rd32(p + HDR_EDGES);
    for (uint32_t i = 1; i + 1 < n; i++) {
        uint32_t x = rd32(p + hdr + 4 * i);
        if (want_child && (x >> 8) == 0) continue;
        if (want_last && !(x & DAWG_LAST)) continue;
        return i;
    }
    return 0;
}

typedef struct corruption {
    const char *name;
    int code;
    const char *needle;       /* must appear in the message */
} corruption;

static void expect(const unsigned char *q, size_t len, const corruption *c)
{
    tk_error e;
    dawg_graph *d;
    int rc = load(q, len, &e, &d);
    dawg_destroy(d);
    CHECKF(rc == c->code, "%s: status %d, expected %d (%s)", c->name, rc, c->code, e.msg);
    CHECKF(strstr(e.msg, c->needle) != NULL, "%s: message '%s' lacks '%s'", c->name, e.msg, c->needle);
}

static void test_specific(void)
{
    size_t len;
    unsigned char *p = make_file(small_list, &len);
    REQUIRE(p);
    unsigned char *q = malloc(len);
    uint32_t hdr = rd32(p + HDR_SIZE), n = rd32(p + HDR_EDGES);
#define EDGE(i) (q + hdr + 4 * (size_t)(i))

    memcpy(q, p, len); q[0] = 'X';
    expect(q, len, &(corruption){"bad magic", TK_ENOTDAWG, "magic"});
    /* a file cut below the 8-byte magic still starts like a .dawg: truncated */
    for (size_t k = 1; k < 8; k++)
        expect(p, k, &(corruption){"cut in the magic", TK_EFORMAT, "truncated"});

    memcpy(q, p, len); wr32(q + HDR_VERSION, 2); fix_sum(q, len);
    expect(q, len, &(corruption){"wrong version", TK_EVERSION, "version"});
    memcpy(q, p, len); wr32(q + HDR_VERSION, 2);    /* version is checked before the checksum */
    expect(q, len, &(corruption){"wrong version, bad sum", TK_EVERSION, "version"});

    memcpy(q, p, len); q[len - 1] ^= 0x40;
    expect(q, len, &(corruption){"checksum", TK_ECHECKSUM, "checksum"});

    memcpy(q, p, len);
    uint32_t i = find_edge(q, 1, 0);
    wr32(EDGE(i), (rd32(EDGE(i)) & 0xFF) | (i << 8));       /* child = itself */
    fix_sum(q, len);
    expect(q, len, &(corruption){"edge to itself", TK_EFORMAT, "backwards"});

    memcpy(q, p, len);
    {
        uint32_t j = 0;   /* an edge with a child, not the first edge */
        for (uint32_t k = 2; k < n && !j; k++) if (rd32(EDGE(k)) >> 8) j = k;
        REQUIRE(j);
        wr32(EDGE(j), (rd32(EDGE(j)) & 0xFF) | (1u << 8));  /* child = the root, before it */
        fix_sum(q, len);
        expect(q, len, &(corruption){"edge pointing backwards", TK_EFORMAT, "backwards"});
    }

    memcpy(q, p, len);
    i = find_edge(q, 1, 0);
    wr32(EDGE(i), (rd32(EDGE(i)) & 0xFF) | ((n + 5) << 8));
    fix_sum(q, len);
    expect(q, len, &(corruption){"child out of range", TK_EFORMAT, "beyond"});

    memcpy(q, p, len);
    i = find_edge(q, 1, 0);
    wr32(EDGE(i), (rd32(EDGE(i)) & 0xFF) | (n << 8));       /* exactly one past the end */
    fix_sum(q, len);
    expect(q, len, &(corruption){"child one past the end", TK_EFORMAT, "beyond"});

    memcpy(q, p, len);
    wr32(EDGE(n - 1), rd32(EDGE(n - 1)) & ~DAWG_LAST);
    fix_sum(q, len);
    expect(q, len, &(corruption){"last list unterminated", TK_EFORMAT, "last-sibling"});

    memcpy(q, p, len);
    i = find_edge(q, 0, 1);                                 /* an inner list's last edge */
    wr32(EDGE(i), rd32(EDGE(i)) & ~DAWG_LAST);
    fix_sum(q, len);
    {
        tk_error e;
        dawg_graph *d;
        int rc = load(q, len, &e, &d);
        CHECKF(rc == TK_EFORMAT, "inner list without its last mark: status %d", rc);
        CHECKF(strstr(e.msg, "sibling") != NULL, "message: %s", e.msg);
        dawg_destroy(d);
    }

    memcpy(q, p, len);
    wr32(EDGE(1), (rd32(EDGE(1)) & ~DAWG_LETTER_MASK) | 27);  /* alphabet has 26 */
    fix_sum(q, len);
    expect(q, len, &(corruption){"letter out of range", TK_EFORMAT, "letter index 27"});

    memcpy(q, p, len);
    wr32(EDGE(2), rd32(EDGE(2)) & ~DAWG_LETTER_MASK);           /* letter 0 */
    fix_sum(q, len);
    expect(q, len, &(corruption){"letter zero", TK_EFORMAT, "letter index 0"});

    memcpy(q, p, len);
    wr32(EDGE(0), 0x41);
    fix_sum(q, len);
    expect(q, len, &(corruption){"edge 0 not zero", TK_EFORMAT, "edge 0"});

    memcpy(q, p, len);
    wr32(q + HDR_FLAGS, 1);
    fix_sum(q, len);
    expect(q, len, &(corruption){"unknown flags", TK_EFORMAT, "flags"});

    memcpy(q, p, len);
    wr32(q + HDR_ROOT, 2);
    fix_sum(q, len);
    expect(q, len, &(corruption){"root out of range", TK_EFORMAT, "root"});

    memcpy(q, p, len);
    wr32(q + HDR_WORDS, 23);
    fix_sum(q, len);
    expect(q, len, &(corruption){"word count", TK_EFORMAT, "words"});

    memcpy(q, p, len);
    wr32(q + HDR_EDGES, n + 1);
    fix_sum(q, len);
    expect(q, len, &(corruption){"edge count vs length", TK_EFORMAT, "truncated"});

    memcpy(q, p, len);
    wr32(q + HDR_ALEN, rd32(q + HDR_ALEN) + 4);
    fix_sum(q, len);
    expect(q, len, &(corruption){"alphabet size vs header size", TK_EFORMAT, "header"});

    memcpy(q, p, len);
    q[64] = 'a'; q[66] = 'a';                                   /* "a a c ...": duplicate letter */
    fix_sum(q, len);
    expect(q, len, &(corruption){"corrupt alphabet", TK_EFORMAT, "alphabet"});

    memcpy(q, p, len);
    {
        /* a leaf edge that ends no word */
        uint32_t j = 0;
        for (uint32_t k = 1; k < n && !j; k++) if ((rd32(EDGE(k)) >> 8) == 0) j = k;
        REQUIRE(j);
        wr32(EDGE(j), rd32(EDGE(j)) & ~DAWG_FINAL);
        fix_sum(q, len);
        expect(q, len, &(corruption){"dead-end edge", TK_EFORMAT, "nowhere"});
    }
#undef EDGE
    /* not a file at all */
    tk_error e;
    dawg_graph *d = NULL;
    CHECK(dawg_load(&d, "/nonexistent/x.dawg", &e) == TK_EIO && d == NULL);
    CHECK(dawg_load(&d, "/tmp", &e) == TK_EIO && d == NULL);
    CHECK(dawg_is_dawg_file("TKDAWG", 6));          /* a prefix of the magic is a (truncated) .dawg */
    CHECK(dawg_is_dawg_file("T", 1));
    CHECK(dawg_is_dawg_file("TKDAWG\x1a\nxyz", 11));
    CHECK(!dawg_is_dawg_file("TKDAWX", 6));
    CHECK(!dawg_is_dawg_file("", 0));
    CHECK(!dawg_is_dawg_file("abc\ndef\n", 8));
    CHECK(!dawg_is_dawg_file("TK\n", 3));
    free(q);
    free(p);
}

/* Random multi-byte damage with the checksum fixed: never a fault. */
static void test_random_damage(void)
{
    size_t len;
    unsigned char *p = make_file(small_list, &len);
    REQUIRE(p);
    unsigned char *q = malloc(len);
    th_rng r = {7};
    long faults = 0, ok = 0;
    long n = (long)(20000 * th_scale());
    uint32_t hdr = rd32(p + HDR_SIZE);
    for (long t = 0; t < n; t++) {
        memcpy(q, p, len);
        int k = 1 + (int)th_below(&r, 4);
        for (int j = 0; j < k; j++) {
            /* mostly in the edges, where damage is subtle */
            size_t at = th_below(&r, 4) ? hdr + th_below(&r, (uint32_t)(len - hdr)) : th_below(&r, (uint32_t)len);
            q[at] = (unsigned char)th_rand(&r);
        }
        fix_sum(q, len);
        tk_error e;
        dawg_graph *d;
        int rc = load(q, len, &e, &d);
        if (rc == 0) {
            ok++;
            if (walk_all(d) != 0) faults++;
        } else if (rc == -100 || rc == -101 || e.msg[0] == 0) {
            faults++;
        }
        dawg_destroy(d);
    }
    CHECKF(faults == 0, "%ld damaged files misbehaved", faults);
    printf("  %ld damaged files, %ld still valid\n", n, ok);
    free(q);
    free(p);
}

/* ---- forged files: valid structure, checksum recomputed ---------------------- */

static void wr64(unsigned char *p, uint64_t v)
{
    wr32(p, (uint32_t)v);
    wr32(p + 4, (uint32_t)(v >> 32));
}

/* A chain of `depth` sibling lists of `width` edges each (letters 1..width),
 * every edge ending a word and leading to the next list; the last list's
 * edges lead nowhere.  Words: width + width^2 + ... + width^depth; longest:
 * depth.  The header claims `words` / `maxlen`. */
static unsigned char *forge(unsigned depth, unsigned width, uint64_t words, uint32_t maxlen, size_t *len)
{
    const char *alpha = "a b c d";
    uint32_t alen = (uint32_t)strlen(alpha), hdr = (64 + alen + 3) / 4 * 4;
    uint32_t n = 1 + depth * width;
    *len = hdr + 4 * (size_t)n;
    unsigned char *p = calloc(1, *len);
    if (!p) return NULL;
    memcpy(p, "TKDAWG\x1a\n", 8);
    wr32(p + HDR_VERSION, 1);
    wr32(p + HDR_SIZE, hdr);
    wr32(p + HDR_ALEN, alen);
    wr32(p + HDR_EDGES, n);
    wr32(p + HDR_ROOT, 1);
    wr64(p + HDR_WORDS, words);
    wr32(p + HDR_MAXLEN, maxlen);
    memcpy(p + 64, alpha, alen);
    for (unsigned l = 0; l < depth; l++)
        for (unsigned k = 0; k < width; k++) {
            uint32_t i = 1 + l * width + k;
            uint32_t child = l + 1 < depth ? 1 + (l + 1) * width : 0;
            uint32_t x = (k + 1) | DAWG_FINAL | (k + 1 == width ? DAWG_LAST : 0) | child << 8;
            wr32(p + hdr + 4 * (size_t)i, x);
        }
    fix_sum(p, *len);
    return p;
}

static uint64_t chain_words(unsigned depth, unsigned width)
{
    uint64_t t = 0, pw = 1;
    for (unsigned l = 0; l < depth; l++) {
        pw *= width;
        t += pw;
    }
    return t;
}

static void test_forged(void)
{
    size_t len;
    tk_error e;
    dawg_graph *d;
    /* a small honest chain loads, with the exact count */
    unsigned char *p = forge(10, 2, chain_words(10, 2), 10, &len);
    REQUIRE(p);
    CHECKF(load(p, len, &e, &d) == TK_OK, "%s", e.msg);
    if (d) {
        dawg_info in;
        dawg_get_info(d, &in);
        CHECK(in.words == 2046 && in.max_len == 10);
        CHECK(walk_all(d) == 0);
    }
    dawg_destroy(d);
    free(p);
    /* the same graph with a header that lies about the count or the length */
    p = forge(10, 2, 2047, 10, &len);
    REQUIRE(p);
    expect(p, len, &(corruption){"word count mismatch", TK_EFORMAT, "header says 2047 words"});
    free(p);
    p = forge(10, 2, 2046, 9, &len);
    REQUIRE(p);
    expect(p, len, &(corruption){"longest word mismatch", TK_EFORMAT, "up to 9 letters"});
    free(p);
    /* 2 + 4 + ... + 2^40 words: more than DAWG_MAX_WORDS, refused however the
     * header reads (saturated, wrapped or "right") */
    uint64_t claims[] = {UINT64_MAX, chain_words(40, 2), 0, 12345};
    for (size_t k = 0; k < sizeof claims / sizeof *claims; k++) {
        p = forge(40, 2, claims[k], 40, &len);
        REQUIRE(p);
        expect(p, len, &(corruption){"2^41 words", TK_ELIMIT, "more than 4294967295 words"});
        free(p);
    }
    /* 4^64 ~ 2^128 words, far past 2^64: never a wrapped count */
    p = forge(64, 4, UINT64_MAX, 64, &len);
    REQUIRE(p);
    expect(p, len, &(corruption){"2^128 words", TK_ELIMIT, "more than"});
    free(p);
    /* just under the bound: 2 + ... + 2^31 = 2^32 - 2 words, exact */
    p = forge(31, 2, chain_words(31, 2), 31, &len);
    REQUIRE(p);
    CHECKF(load(p, len, &e, &d) == TK_OK, "%s", e.msg);
    if (d) {
        dawg_info in;
        dawg_get_info(d, &in);
        CHECK(in.words == 4294967294ull);
    }
    dawg_destroy(d);
    free(p);
    /* one word longer than ALPHA_WORD_MAX letters */
    p = forge(ALPHA_WORD_MAX + 1, 1, ALPHA_WORD_MAX + 1, ALPHA_WORD_MAX + 1, &len);
    REQUIRE(p);
    expect(p, len, &(corruption){"65-letter path", TK_EFORMAT, "more than 64 letters"});
    free(p);
    p = forge(ALPHA_WORD_MAX, 1, ALPHA_WORD_MAX, ALPHA_WORD_MAX, &len);
    REQUIRE(p);
    CHECKF(load(p, len, &e, &d) == TK_OK, "64 letters: %s", e.msg);
    dawg_destroy(d);
    free(p);
}

/* dawg_load opens a file once: TK_ENOTDAWG for a word list, "truncated" for
 * a file cut anywhere, even inside the magic. */
static void test_load_file(void)
{
    char dir[] = "/tmp/tkdawgXXXXXX";
    REQUIRE(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/f", dir);
    size_t len;
    unsigned char *p = make_file(small_list, &len);
    REQUIRE(p);
    static const size_t cuts[] = {1, 5, 7, 8, 63, 64, 100};
    tk_error e;
    dawg_graph *d;
    for (size_t k = 0; k < sizeof cuts / sizeof *cuts; k++) {
        FILE *f = fopen(path, "wb");
        REQUIRE(f);
        fwrite(p, 1, cuts[k], f);
        fclose(f);
        int rc = dawg_load(&d, path, &e);
        CHECKF(rc == TK_EFORMAT && strstr(e.msg, "truncated") && !d, "cut at %zu: %d %s", cuts[k], rc, e.msg);
    }
    FILE *f = fopen(path, "wb");
    REQUIRE(f);
    fputs("able\nbaker\n", f);
    fclose(f);
    CHECK(dawg_load(&d, path, &e) == TK_ENOTDAWG && !d);
    f = fopen(path, "wb");
    REQUIRE(f);
    fclose(f);
    CHECK(dawg_load(&d, path, &e) == TK_ENOTDAWG && !d);      /* empty: not a .dawg either */
    remove(path);
    rmdir(dir);
    free(p);
}

/* dawg_save replaces a regular file, never a symlink, FIFO or directory. */
static void test_save_safety(void)
{
    char dir[] = "/tmp/tkdawgXXXXXX";
    REQUIRE(mkdtemp(dir));
    char reg[256], lnk[256], fifo[256], target[256];
    snprintf(reg, sizeof reg, "%s/reg.dawg", dir);
    snprintf(lnk, sizeof lnk, "%s/link.dawg", dir);
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    snprintf(target, sizeof target, "%s/target", dir);
    alpha_table a;
    tk_error e;
    REQUIRE(alpha_parse(&a, "a b c", 5, &e) == TK_OK);
    dawg_graph *d = NULL;
    REQUIRE(dawg_build(&d, &a, "ab\nba\n", 6, NULL, NULL, &e) == TK_OK);
    FILE *f = fopen(target, "wb");
    REQUIRE(f);
    fputs("keep me\n", f);
    fclose(f);
    REQUIRE(symlink(target, lnk) == 0);
    REQUIRE(mkfifo(fifo, 0600) == 0);
    f = fopen(reg, "wb");
    REQUIRE(f);
    fputs("old\n", f);
    fclose(f);
    CHECK(dawg_save(d, reg, &e) == TK_OK);
    dawg_graph *back = NULL;
    CHECK(dawg_load(&back, reg, &e) == TK_OK && back && dawg_contains_utf8(back, "ba"));
    dawg_destroy(back);
    CHECK(dawg_save(d, lnk, &e) == TK_EINVAL && strstr(e.msg, "symbolic link"));
    struct stat st;
    CHECK(lstat(lnk, &st) == 0 && S_ISLNK(st.st_mode));
    char *kept = th_read_file(target, NULL);
    CHECK(kept && strcmp(kept, "keep me\n") == 0);
    free(kept);
    CHECK(dawg_save(d, fifo, &e) == TK_EINVAL && strstr(e.msg, "FIFO"));
    CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));
    CHECK(dawg_save(d, dir, &e) == TK_EINVAL && strstr(e.msg, "directory"));
    CHECK(dawg_save(d, "", &e) == TK_EINVAL);
    dawg_destroy(d);
    remove(reg);
    remove(lnk);
    remove(fifo);
    remove(target);
    CHECK(rmdir(dir) == 0);                     /* no temporary file left behind */
}

/* dawg_build_ex: lines outside the alphabet are skipped and counted (or an
 * error with --strict); an empty result is an error. */
typedef struct skips {
    long lines[8];
    int n;
} skips;

static void on_skip(void *ctx, long line, const char *msg)
{
    skips *s = ctx;
    (void)msg;
    if (s->n < 8) s->lines[s->n] = line;
    s->n++;
}

static void test_build_skip(void)
{
    alpha_table a;
    tk_error e;
    const char *spec = "a b c d e f g h i j k l m n o p q r s t u v w x y z";
    REQUIRE(alpha_parse(&a, spec, strlen(spec), &e) == TK_OK);
    const char *list = "aaron's\ncoop\nco-op\n\nabc1\nzoo\n";
    skips sk = {{0}, 0};
    dawg_build_opts o;
    memset(&o, 0, sizeof o);
    o.skip = on_skip;
    o.skip_ctx = &sk;
    dawg_graph *d = NULL;
    CHECK(dawg_build_ex(&d, &a, list, strlen(list), &o, &e) == TK_OK && d);
    CHECK(o.skipped == 3 && sk.n == 3 && sk.lines[0] == 1 && sk.lines[1] == 3 && sk.lines[2] == 5);
    if (d) {
        dawg_info in;
        dawg_get_info(d, &in);
        CHECK(in.words == 2 && dawg_contains_utf8(d, "coop") && !dawg_contains_utf8(d, "co-op"));
        CHECK(dawg_alphabet(d)->size == 26);       /* the full alphabet, even unused letters */
    }
    dawg_destroy(d);
    o.strict = 1;
    CHECK(dawg_build_ex(&d, &a, list, strlen(list), &o, &e) == TK_EFORMAT && !d && e.line == 1);
    o.strict = 0;
    CHECK(dawg_build_ex(&d, &a, "x-y\n1\n", 6, &o, &e) == TK_EFORMAT && !d && strstr(e.msg, "no words"));
    CHECK(dawg_build_ex(&d, &a, "", 0, &o, &e) == TK_EFORMAT && !d && strstr(e.msg, "no words"));
}

/* issue 25: the figures --info prints (states, transitions, lists) are
 * checked too: lists exactly (0 = unknown, then counted), states and
 * transitions within what the stored lists allow. */
static void test_forged_figures(void)
{
    size_t len;
    unsigned char *p = make_file("cat\ncats\nact\nacts\ndog\ndogs\n", &len);
    REQUIRE(p);
    tk_error e;
    dawg_graph *d = NULL;
    REQUIRE(load(p, len, &e, &d) == TK_OK);
    dawg_info in;
    dawg_get_info(d, &in);
    dawg_destroy(d);
    static const struct { int off; uint32_t v; int ok; } cases[] = {
        { 40, 4000000000u, 0 }, { 44, 4000000000u, 0 }, { 48, 4000000000u, 0 }, { 48, 1, 0 },
        { 48, 0, 1 }, { 40, 0, 1 },
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        unsigned char *q = malloc(len);
        REQUIRE(q);
        memcpy(q, p, len);
        wr32(q + cases[k].off, cases[k].v);
        fix_sum(q, len);
        d = NULL;
        int rc = load(q, len, &e, &d);
        CHECKF((rc == TK_OK) == cases[k].ok, "field at %d = %u: %s", cases[k].off, cases[k].v, rc ? e.msg : "loaded");
        if (d) {
            dawg_info j;
            dawg_get_info(d, &j);
            CHECK(j.lists == in.lists);          /* counted when the header says 0 */
            dawg_destroy(d);
        }
        free(q);
    }
    free(p);
}

static const th_test tests[] = {
    {"forged_figures", test_forged_figures},
    {"valid", test_valid},
    {"truncation", test_truncation},
    {"byte_changes", test_byte_changes},
    {"specific", test_specific},
    {"random_damage", test_random_damage},
    {"forged", test_forged},
    {"load_file", test_load_file},
    {"save_safety", test_save_safety},
    {"build_skip", test_build_skip},
    {0, 0},
};

int main(int argc, char **argv) { return th_main("dawg_loader", tests, argc, argv); }
