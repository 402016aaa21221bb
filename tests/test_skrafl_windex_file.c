/* test_skrafl_windex_file.c - the word index as a file (sk_windex_save,
 * sk_windex_load): what is written is read back the same, and every file
 * that is not a sound index of the dictionary at hand is refused with an
 * error that names its fault, never a crash.
 *
 * Round trip: the index of ENABLE2K, written and read back (from memory
 * and mapped from a file), answers every query as the index it was made
 * from: the same words for thousands of random multisets with 0, 1 and 2
 * blanks.  Faults, on the index of a small dictionary: a bad magic, every
 * truncation from 0 bytes to one short, an extra byte, another version,
 * unknown flags, a figure of the header out of range, a byte changed in
 * each section (the checksum); then forgeries with the checksum made
 * again (what the structure checks must catch: bucket starts that fall or
 * end elsewhere, a word outside the pool or too long, a letter outside
 * the alphabet, a bad hash constant); then sound files of another
 * dictionary (other words, as many words but others, another alphabet)
 * and of shorter words than the board needs.  The offsets of the forged
 * fields come from the layout documented in src/skrafl/windex_file.c,
 * worked out here again.
 */
#include "skrafl/sk_windex.h"
#include "support/harness.h"
#include "support/skrafl_fixture.h"
#include "tilekit/dawg.h"
#include "tilekit/skwindex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAXLEN 15

static dawg_graph *small_dawg(const char *lang, const char *words)
{
    alpha_table a;
    dawg_graph *d = NULL;
    tk_error err = { 0 };
    if (skfx_alphabet(&a, lang) != 0 || dawg_build(&d, &a, words, strlen(words), NULL, NULL, &err) != 0)
        return NULL;
    return d;
}

static const char SMALL[] = "at\nta\ncat\nact\ntac\ncats\ncast\nscat\nacts\ncoats\ncoast\ntacos\nquiz\nquizzes\n"
                            "zebra\nbrazen\nqat\nqats\nrestaurant\nxi\nox\nax\njo\nza\nzax\n";

/* The index of d serialized: *len bytes (free them). */
static unsigned char *serialized(const dawg_graph *d, int maxlen, size_t *len)
{
    sk_windex *x = NULL;
    void *buf = NULL;
    tk_error err = { 0 };
    if (sk_windex_build(&x, d, maxlen, &err) != 0 || sk_windex_serialize(x, &buf, len, &err) != 0)
        buf = NULL;
    sk_windex_destroy(x);
    return buf;
}

/* ---- the round trip ----------------------------------------------------------------- */

typedef struct collect {
    uint64_t sum, n;
} collect;

static int on_word(void *ctx, const uint8_t *w, int n)
{
    collect *c = ctx;
    uint64_t h = (uint64_t)n;
    for (int i = 0; i < n; i++)
        h = h * 131 + w[i];
    c->sum += h * 0x9E3779B97F4A7C15ull;   /* in no particular order: a sum */
    c->n++;
    return 0;
}

/* Do x and y answer the same to random multisets of nl letters? */
static long same_answers(const sk_windex *x, const sk_windex *y, int nl, long queries)
{
    th_rng rng = { 0xF11Eull };
    long bad = 0;
    for (long q = 0; q < queries; q++) {
        uint8_t c[64] = { 0 };
        int m = 1 + (int)th_below(&rng, 8), blanks = (int)th_below(&rng, 3);
        for (int i = 0; i < m; i++)
            c[1 + th_below(&rng, (uint32_t)nl)]++;
        collect a = { 0, 0 }, b = { 0, 0 };
        sk_windex_anagrams(x, c, blanks, on_word, &a);
        sk_windex_anagrams(y, c, blanks, on_word, &b);
        bad += a.sum != b.sum || a.n != b.n || sk_windex_maybe(x, c, blanks) != sk_windex_maybe(y, c, blanks);
    }
    return bad;
}

static void test_roundtrip(void)
{
    size_t tlen;
    char *text = th_enable2k_path() ? th_read_file(th_enable2k_path(), &tlen) : NULL;
    if (!text) {
        th_skip("ENABLE2K not found");
        return;
    }
    alpha_table a;
    REQUIRE(skfx_alphabet(&a, "en") == 0);
    dawg_graph *d = NULL;
    sk_windex *x = NULL, *y = NULL, *z = NULL;
    tk_error err = { 0 };
    REQUIRE(dawg_build(&d, &a, text, tlen, NULL, NULL, &err) == 0);
    free(text);
    REQUIRE(sk_windex_build(&x, d, MAXLEN, &err) == 0);
    void *buf = NULL;
    size_t len = 0;
    REQUIRE(sk_windex_serialize(x, &buf, &len, &err) == 0);
    CHECKF(sk_windex_load_memory(&y, d, MAXLEN, buf, len, &err) == 0, "%s", err.msg);
    char path[] = "/tmp/tk-windex-XXXXXX";
    int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    close(fd);
    CHECKF(sk_windex_save(x, path, &err) == 0, "%s", err.msg);
    CHECKF(sk_windex_load(&z, d, MAXLEN, path, &err) == 0, "%s", err.msg);
    size_t flen;
    char *back = th_read_file(path, &flen);
    CHECK(back && flen == len && memcmp(back, buf, len) == 0);   /* what is saved is what is serialized */
    free(back);
    remove(path);
    if (y && z) {
        CHECK(sk_windex_words(y) == sk_windex_words(x) && sk_windex_words(z) == sk_windex_words(x));
        CHECK(sk_windex_maxlen(y) == MAXLEN && sk_windex_bytes(y) == sk_windex_bytes(x));
        long q = (long)(3000 * th_sanitized_scale(4));
        CHECK(same_answers(x, y, a.size, q) == 0);
        CHECK(same_answers(x, z, a.size, q) == 0);
        printf("  ENABLE2K: %zu words, index file %.1f MB\n", sk_windex_words(x), len / 1e6);
    }
    /* a board of 12: a file of words up to 15 letters serves it */
    sk_windex *w = NULL;
    CHECK(sk_windex_load_memory(&w, d, 12, buf, len, &err) == 0);
    sk_windex_destroy(w);
    free(buf);
    sk_windex_destroy(x);
    sk_windex_destroy(y);
    sk_windex_destroy(z);
    dawg_destroy(d);
}

/* ---- faults ------------------------------------------------------------------------- */

/* Load len bytes of f for d: the return code, and the message holds want. */
static int refused(const dawg_graph *d, int maxlen, const unsigned char *f, size_t len, int code, const char *want)
{
    sk_windex *x = (sk_windex *)1;
    tk_error err = { 0 };
    int rc = sk_windex_load_memory(&x, d, maxlen, f, len, &err);
    int ok = rc == code && x == NULL && strstr(err.msg, want) != NULL;
    if (!ok) {
        CHECKF(0, "expected %d '%s', got %d '%s'", code, want, rc, err.msg);
        if (rc == 0)
            sk_windex_destroy(x);
    }
    return ok;
}

static uint32_t get32(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}
static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}
static uint64_t get64(const unsigned char *p) { return get32(p) | (uint64_t)get32(p + 4) << 32; }
static size_t pad8(size_t n) { return (n + 7) / 8 * 8; }

/* The sections of a file (the layout of windex_file.c): word buckets,
 * entries, pool, short buckets, short entries (and the high letters of
 * alphabets of more than 32), the filter; off[6] the end. */
static void sections(const unsigned char *f, size_t off[7])
{
    off[0] = 608;
    off[1] = off[0] + pad8((((size_t)1 << get32(f + 24)) + 1) * 4);
    off[2] = off[1] + (size_t)get64(f + 32) * 8;
    off[3] = off[2] + pad8((size_t)get64(f + 40));
    off[4] = off[3] + pad8((((size_t)1 << get32(f + 28)) + 1) * 4);
    off[5] = off[4] + pad8((size_t)get64(f + 48) * 6 + 2) + (get32(f + 20) > 32 ? pad8((size_t)get64(f + 48) * 4) : 0);
    off[6] = off[5] + ((size_t)1 << get32(f + 80)) / 8;
}

static void resum(unsigned char *f, size_t len) { put64(f + 56, tki_sk_windex_file_sum(f, len)); }

/* A sound file of the small dictionary to spoil: good, a copy f with room
 * for 8 more bytes, and its sections. */
typedef struct wxfile {
    dawg_graph *d;
    unsigned char *good, *f;
    size_t len, off[7];
} wxfile;

static int wxfile_make(wxfile *w)
{
    memset(w, 0, sizeof *w);
    if (!(w->d = small_dawg("en", SMALL)) || !(w->good = serialized(w->d, MAXLEN, &w->len)) ||
        !(w->f = malloc(w->len + 8)))
        return 0;
    sections(w->good, w->off);
    return 1;
}

static void wxfile_free(wxfile *w)
{
    free(w->f);
    free(w->good);
    dawg_destroy(w->d);
}

static void faults(const wxfile *w)
{
    dawg_graph *d = w->d;
    unsigned char *good = w->good, *f = w->f;
    size_t len = w->len;
    const size_t *off = w->off;
    CHECK(off[6] == len);   /* the documented layout */
    memcpy(f, good, len);
    f[0] = 'X';
    refused(d, MAXLEN, f, len, TK_EFORMAT, "bad magic");
    refused(d, MAXLEN, f, 0, TK_EFORMAT, "bad magic");
    for (size_t cut = 1; cut < len; cut += cut < 700 ? 1 : 97)
        refused(d, MAXLEN, good, cut, TK_EFORMAT, cut < 8 ? "bad magic" : "truncated");
    memcpy(f, good, len);
    f[len] = 0;
    refused(d, MAXLEN, f, len + 1, TK_EFORMAT, "oversized");
    memcpy(f, good, len);
    put32(f + 8, 2);
    refused(d, MAXLEN, f, len, TK_EVERSION, "version 2");
    memcpy(f, good, len);
    put32(f + 12, 4);
    refused(d, MAXLEN, f, len, TK_EFORMAT, "unknown flags");
    static const int fields[] = { 16, 20, 24, 28, 40, 80, 84 };
    for (int i = 0; i < 7; i++) {
        memcpy(f, good, len);
        put32(f + fields[i], fields[i] == 40 || fields[i] == 84 ? 0x7FFFFFFF : 64);
        refused(d, MAXLEN, f, len, TK_EFORMAT, "corrupt header");
    }
    for (int s = 0; s < 6; s++) {   /* one byte changed in each section */
        memcpy(f, good, len);
        f[off[s] + (off[s + 1] - off[s]) / 2] ^= 0x10;
        refused(d, MAXLEN, f, len, TK_ECHECKSUM, "checksum");
    }
}

static void forgeries(const wxfile *w)
{
    dawg_graph *d = w->d;
    unsigned char *good = w->good, *f = w->f;
    size_t len = w->len;
    const size_t *off = w->off;
    size_t nb = (size_t)1 << get32(good + 24), nsb = (size_t)1 << get32(good + 28);
    struct {
        size_t at;
        uint32_t v;
        int wide;
        const char *want;
    } forged[] = {
        { 96, 5, 1, "hash constants" },                       /* z[0] */
        { 608, 1, 0, "word buckets" },                        /* dir[0] */
        { 608 + 4 * nb, 1, 0, "word buckets" },               /* dir[nb]: not the word count */
        { 608 + 4 * (nb / 2), 1000, 0, "word buckets" },      /* a start above the next */
        { off[1], 2u << 26 | (uint32_t)get64(good + 40), 0, "word entries" },   /* 2 letters past the pool */
        { off[1], 63u << 26, 0, "word entries" },             /* 63 letters > 15 */
        { off[1] + 8, 1u << 26, 0, "word entries" },          /* 1 letter */
        { off[2] + 1, 27, 0, "outside the alphabet" },        /* letter 27 */
        { off[2] + 9, 0, 0, "outside the alphabet" },         /* letter 0 */
        { off[3], 3, 0, "short map buckets" },                /* sdir[0] */
        { off[3] + 4 * nsb, 0, 0, "short map buckets" },      /* sdir[nsb] */
    };
    for (size_t i = 0; i < sizeof forged / sizeof forged[0]; i++) {
        memcpy(f, good, len);
        if (forged[i].wide)
            put64(f + forged[i].at, forged[i].v);
        else if (forged[i].at >= off[2] && forged[i].at < off[3])
            f[forged[i].at] = (unsigned char)forged[i].v;
        else
            put32(f + forged[i].at, forged[i].v);
        resum(f, len);
        refused(d, MAXLEN, f, len, TK_EFORMAT, forged[i].want);
    }
    memcpy(f, good, len);   /* the checksum made again without a change: sound */
    resum(f, len);
    sk_windex *x = NULL;
    tk_error err = { 0 };
    CHECKF(sk_windex_load_memory(&x, d, MAXLEN, f, len, &err) == 0, "%s", err.msg);
    sk_windex_destroy(x);
}

/* fn on a sound file of the small dictionary. */
static void with_wxfile(void (*fn)(const wxfile *))
{
    wxfile w;
    int ok = wxfile_make(&w);
    CHECK(ok);
    if (ok)
        fn(&w);
    wxfile_free(&w);
}

static void test_faults(void) { with_wxfile(faults); }
static void test_forgeries(void) { with_wxfile(forgeries); }

/* Sound files of other dictionaries, and of words too short for the board. */
static void test_mismatch(void)
{
    dawg_graph *d = small_dawg("en", SMALL);
    dawg_graph *other = small_dawg("en", "at\nta\ncat\n");
    dawg_graph *same_count = small_dawg("en", "at\nta\ncat\nact\ntac\ncats\ncast\nscat\nacts\ncoats\ncoast\ntacos\n"
                                              "quiz\nquizzes\nzebra\nbrazen\nqat\nqats\nrestaurants\nxi\nox\nax\n"
                                              "jo\nza\nzax\n");
    dawg_graph *is = small_dawg("is", "at\nta\nöl\n");
    REQUIRE(d && other && same_count && is);
    size_t len;
    unsigned char *good = serialized(d, MAXLEN, &len);
    REQUIRE(good != NULL);
    refused(other, MAXLEN, good, len, TK_EFORMAT, "another dictionary (25 words, this one has 3)");
    refused(same_count, MAXLEN, good, len, TK_EFORMAT, "other words or alphabet");
    refused(is, MAXLEN, good, len, TK_EFORMAT, "alphabet of 26 letters, the dictionary has 32");
    refused(d, 21, good, len, TK_EFORMAT, "at most 15 letters, the board needs 21");
    sk_windex *x = NULL;
    tk_error err = { 0 };
    CHECK(sk_windex_load(&x, d, MAXLEN, "/nonexistent/tk.wx", &err) == TK_EIO && x == NULL);
    CHECK(sk_windex_load(&x, d, MAXLEN, "/tmp", &err) == TK_EIO && strstr(err.msg, "not a regular file"));
    /* a FIFO is refused at once, not waited on (SIGALRM ends a test that waits) */
    char dir[] = "/tmp/tk-wxfifo-XXXXXX", fifo[64];
    if (mkdtemp(dir)) {
        snprintf(fifo, sizeof fifo, "%s/en.dawg.wx", dir);
        CHECK(mkfifo(fifo, 0600) == 0);
        alarm(20);
        CHECK(sk_windex_load(&x, d, MAXLEN, fifo, &err) == TK_EIO && strstr(err.msg, "not a regular file"));
        alarm(0);
        unlink(fifo);
        rmdir(dir);
    }
    CHECK(sk_windex_save(NULL, "", &err) == TK_EINVAL);
    free(good);
    dawg_destroy(d);
    dawg_destroy(other);
    dawg_destroy(same_count);
    dawg_destroy(is);
}

static const th_test tests[] = {
    { "roundtrip", test_roundtrip }, { "faults", test_faults }, { "forgeries", test_forgeries },
    { "mismatch", test_mismatch },   { 0, 0 }
};

int main(int argc, char **argv) { return th_main("skrafl_windex_file", tests, argc, argv); }
