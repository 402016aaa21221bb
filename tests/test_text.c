/* test_text.c - the shared text toolkit (src/core/tk_text.h).
 *
 * The line iterator is compared with a deliberately naive reference (split
 * on '\n' by hand, then apply the rules one by one) on thousands of random
 * texts made of the characters that matter (\n, \r, #, blanks, a BOM, a
 * letter); the UTF-8 counter and cutter with the library's own decoder on
 * random valid and invalid strings; the bounded buffer with snprintf on
 * random appends; the growable buffer with a plain reference string; the
 * popcount with a bit loop.  Character descriptions are checked on hand-made
 * cases, and for every byte value that they never copy an unsafe byte.
 */
#include "support/harness.h"
#include "core/tk_text.h"
#include "tilekit/alphabet.h"
#include "tilekit/common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- lines -------------------------------------------------------------- */

typedef struct ref_line { size_t off, len; long no; } ref_line;

/* Naive reference: returns the lines that tku_lines should give. */
static int ref_lines(const char *t, size_t len, unsigned flags, ref_line *out, int max)
{
    size_t start = 0;
    int n = 0;
    long no = 0;
    if (len >= 3 && (unsigned char)t[0] == 0xEF && (unsigned char)t[1] == 0xBB && (unsigned char)t[2] == 0xBF)
        start = 3;
    while (start < len) {
        size_t e = start;
        while (e < len && t[e] != '\n')
            e++;
        no++;
        size_t l = e - start;
        if (l > 0 && t[start + l - 1] == '\r')
            l--;
        int blank = 1, comment = 0, seen = 0;
        for (size_t i = 0; i < l; i++) {
            char c = t[start + i];
            if (!(c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'))
                blank = 0;
            if (!seen && c != ' ' && c != '\t') {
                seen = 1;
                comment = c == '#';
            }
        }
        int skip = ((flags & TKU_LINES_BLANK) && blank) || ((flags & TKU_LINES_COMMENTS) && comment);
        if (!skip && n < max) {
            out[n].off = start;
            out[n].len = l;
            out[n].no = no;
            n++;
        }
        start = e + 1;
    }
    return n;
}

static void test_lines_random(void)
{
    static const char *const pieces[] = {"\n", "\r", "\r\n", "#", " ", "\t", "a", "\xEF\xBB\xBF", "b#c"};
    th_rng rng = {42};
    int cases = (int)(5000 * th_scale());
    for (int c = 0; c < cases; c++) {
        char text[200];
        size_t len = 0;
        int k = (int)th_below(&rng, 20);
        for (int i = 0; i < k; i++) {
            const char *p = pieces[th_below(&rng, sizeof pieces / sizeof *pieces)];
            memcpy(text + len, p, strlen(p));
            len += strlen(p);
        }
        for (unsigned flags = 0; flags < 4; flags++) {
            ref_line ref[200];
            int nref = ref_lines(text, len, flags, ref, 200);
            tku_lines it;
            tku_lines_init(&it, text, len, flags);
            const char *line;
            size_t ll;
            int n = 0, ok = 1;
            while (tku_lines_next(&it, &line, &ll)) {
                if (n >= nref || line != text + ref[n].off || ll != ref[n].len || it.lineno != ref[n].no)
                    ok = 0;
                n++;
            }
            CHECKF(ok && n == nref, "case %d flags %u: %d lines, reference %d", c, flags, n, nref);
        }
    }
}

static void test_lines_examples(void)
{
    const char *t = "\xEF\xBB\xBFone\r\n\n  # note\ntwo\r\n\t \nthree";
    tku_lines it;
    const char *l;
    size_t n;
    tku_lines_init(&it, t, strlen(t), TKU_LINES_BLANK | TKU_LINES_COMMENTS);
    REQUIRE(tku_lines_next(&it, &l, &n));
    CHECK(n == 3 && memcmp(l, "one", 3) == 0 && it.lineno == 1);
    REQUIRE(tku_lines_next(&it, &l, &n));
    CHECK(n == 3 && memcmp(l, "two", 3) == 0 && it.lineno == 4);
    REQUIRE(tku_lines_next(&it, &l, &n));
    CHECK(n == 5 && memcmp(l, "three", 5) == 0 && it.lineno == 6);
    CHECK(!tku_lines_next(&it, &l, &n));
    /* another comment mark */
    tku_lines_init(&it, "; x\na", 5, TKU_LINES_COMMENTS);
    it.mark = ';';
    REQUIRE(tku_lines_next(&it, &l, &n));
    CHECK(n == 1 && l[0] == 'a' && it.lineno == 2);
    /* an empty text has no line; "\n" has one empty line */
    tku_lines_init(&it, "", 0, 0);
    CHECK(!tku_lines_next(&it, &l, &n));
    tku_lines_init(&it, "\n", 1, 0);
    CHECK(tku_lines_next(&it, &l, &n) && n == 0 && !tku_lines_next(&it, &l, &n));
}

static void test_line_helpers(void)
{
    char b[32];
    strcpy(b, "\xEF\xBB\xBFword\r\n");
    size_t n = tku_line_clean(b, strlen(b), 1);
    CHECK(n == 4 && strcmp(b, "word") == 0);
    strcpy(b, "\xEF\xBB\xBFword\n");
    n = tku_line_clean(b, strlen(b), 2);          /* not the first line: BOM kept */
    CHECK(n == 7 && memcmp(b, "\xEF\xBB\xBFword", 7) == 0 && b[7] == 0);
    CHECK(tku_line_chomp("a\r\r\n", 4) == 2);       /* one CR only */
    CHECK(tku_line_chomp("a\n\n", 3) == 2);
    CHECK(tku_line_chomp("\r", 1) == 0);
    CHECK(tku_bom_len("\xEF\xBB", 2) == 0 && tku_bom_len("\xEF\xBB\xBFx", 4) == 3);
    CHECK(tku_line_blank(" \t\r", 3) && !tku_line_blank(" x", 2) && tku_line_blank("", 0));
    CHECK(tku_line_comment("  # x", 5, '#') && !tku_line_comment("x # y", 5, '#'));
    CHECK(tku_comment_cut("ab;cd", 5, ';') == 2 && tku_comment_cut("abc", 3, ';') == 3);
}

/* ---- UTF-8 ---------------------------------------------------------------- */

static void random_bytes(th_rng *rng, char *s, size_t n, int valid)
{
    size_t i = 0;
    while (i < n) {
        if (!valid) {
            s[i++] = (char)th_below(rng, 256);
            continue;
        }
        uint32_t cp;
        do cp = th_below(rng, 4) == 0 ? th_below(rng, 0x110000) : th_below(rng, 0x800);
        while (cp == 0 || (cp >= 0xD800 && cp <= 0xDFFF));
        char e[4];
        int k = alpha_utf8_encode(cp, e);
        if (i + (size_t)k > n)
            break;
        memcpy(s + i, e, (size_t)k);
        i += (size_t)k;
    }
    while (i < n)
        s[i++] = 'x';
}

static void test_utf8_count_cut(void)
{
    th_rng rng = {7};
    for (int c = 0; c < 4000; c++) {
        char s[64];
        size_t n = th_below(&rng, 64);
        random_bytes(&rng, s, n, c % 2);
        if (c % 2) {
            size_t cps = 0, i = 0;
            uint32_t cp;
            while (i < n) {
                int k = alpha_utf8_decode(s + i, n - i, &cp);
                REQUIRE(k > 0);
                i += (size_t)k;
                cps++;
            }
            CHECK(tku_utf8_count(s, n) == cps);
            size_t max = th_below(&rng, 70);
            size_t cut = tku_utf8_cut(s, n, max);
            CHECK(cut <= max && cut <= n);
            CHECK(alpha_utf8_valid(s, cut) == cut);              /* still valid: no split */
            if (cut < n && cut < max)                           /* and as long as possible */
                CHECK(cut + (size_t)alpha_utf8_decode(s + cut, n - cut, &cp) > max);
        } else {
            size_t ref = 0;
            for (size_t i = 0; i < n; i++)
                ref += ((unsigned char)s[i] >> 6) != 2;
            CHECK(tku_utf8_count(s, n) == ref);
        }
    }
}

static void test_describe(void)
{
    char d[TKU_CHAR_DESC];
    CHECK(tku_char_describe("xyz", 3, d, sizeof d) == 1 && strcmp(d, "'x'") == 0);
    CHECK(tku_char_describe("\xC3\xA9t", 3, d, sizeof d) == 2 && strcmp(d, "'\xC3\xA9' (U+00E9)") == 0);
    CHECK(tku_char_describe("\xFFz", 2, d, sizeof d) == 1 && strcmp(d, "byte 0xff") == 0);
    CHECK(tku_char_describe("\xC3", 1, d, sizeof d) == 1 && strcmp(d, "byte 0xc3") == 0);
    CHECK(tku_char_describe("\0", 1, d, sizeof d) == 1 && strcmp(d, "U+0000") == 0);
    CHECK(tku_char_describe("\t", 1, d, sizeof d) == 1 && strcmp(d, "U+0009") == 0);
    CHECK(tku_char_describe("\xC2\x85", 2, d, sizeof d) == 2 && strcmp(d, "U+0085") == 0);
    CHECK(tku_char_describe("\xE2\x80\xAE", 3, d, sizeof d) == 3 && strcmp(d, "U+202E") == 0);
    CHECK(tku_char_describe("\xF0\x9F\x80\x80", 4, d, sizeof d) == 4 && strcmp(d, "'\xF0\x9F\x80\x80' (U+1F000)") == 0);
    CHECK(tku_char_describe("", 0, d, sizeof d) == 0 && d[0] == 0);
    /* Whatever the bytes: the text is valid UTF-8 without control characters. */
    th_rng rng = {99};
    for (int c = 0; c < 20000; c++) {
        char s[4];
        random_bytes(&rng, s, 4, c % 3 == 0);
        int k = tku_char_describe(s, 1 + th_below(&rng, 4), d, sizeof d);
        CHECK(k >= 1 && k <= 4);
        CHECK(alpha_utf8_valid(d, strlen(d)) == strlen(d));
        for (const char *p = d; *p; p++)
            CHECK((unsigned char)*p >= 0x20 && *p != 0x7F);
    }
}

/* ---- buffers --------------------------------------------------------------- */

static void test_sbuf(void)
{
    th_rng rng = {3};
    for (int c = 0; c < 3000; c++) {
        char ref[512], out[64];
        size_t cap = th_below(&rng, 40), rl = 0;
        tku_sbuf b;
        tku_sbuf_init(&b, out, cap);
        int parts = (int)th_below(&rng, 8);
        for (int i = 0; i < parts; i++) {
            char piece[32];
            size_t n = th_below(&rng, 12);
            random_bytes(&rng, piece, n, 1);
            switch (th_below(&rng, 3)) {
            case 0: tku_sbuf_put(&b, piece, n); memcpy(ref + rl, piece, n); rl += n; break;
            case 1: tku_sbuf_putc(&b, 'q'); ref[rl++] = 'q'; break;
            default: {
                int v = (int)th_below(&rng, 100000);
                tku_sbuf_printf(&b, "<%d>", v);
                rl += (size_t)sprintf(ref + rl, "<%d>", v);
            }
            }
        }
        CHECK(b.len == rl);
        if (cap) {
            CHECK(b.kept < cap && out[b.kept] == 0 && strlen(out) == b.kept);
            CHECK(memcmp(out, ref, b.kept) == 0);               /* a prefix of what was asked */
            CHECK(alpha_utf8_valid(out, b.kept) == b.kept);           /* never a split sequence */
            if (rl < cap)
                CHECK(b.kept == rl);
        }
    }
    char big[8];
    tku_sbuf b;
    tku_sbuf_init(&b, big, sizeof big);
    tku_sbuf_printf(&b, "%300d", 5);                            /* longer than the small stack copy */
    CHECK(b.len == 300 && b.kept == 7 && strcmp(big, "       ") == 0);
}

static void test_buf(void)
{
    tku_buf b = TKU_BUF_INIT;
    CHECK(strcmp(tku_buf_str(&b), "") == 0 && b.len == 0);
    char ref[20000];
    size_t rl = 0;
    th_rng rng = {5};
    for (int i = 0; i < 2000; i++) {
        int v = (int)th_below(&rng, 1000);
        if (i % 3 == 0) {
            CHECK(tku_buf_printf(&b, "%d,", v) == 0);
            rl += (size_t)sprintf(ref + rl, "%d,", v);
        } else if (i % 3 == 1) {
            CHECK(tku_buf_puts(&b, "ab") == 0);
            memcpy(ref + rl, "ab", 2);
            rl += 2;
        } else {
            CHECK(tku_buf_putc(&b, 'z') == 0);
            ref[rl++] = 'z';
        }
    }
    ref[rl] = 0;
    CHECK(b.len == rl && strcmp(b.data, ref) == 0 && b.cap > b.len);
    /* reset keeps the memory */
    char *mem = b.data;
    size_t cap = b.cap;
    tku_buf_reset(&b);
    CHECK(b.len == 0 && b.data == mem && b.cap == cap && strcmp(tku_buf_str(&b), "") == 0);
    CHECK(tku_buf_printf(&b, "%s-%d", "x", 12) == 0 && strcmp(b.data, "x-12") == 0 && b.data == mem);
    /* a failed reservation is sticky: later appends are ignored until reset */
    CHECK(tku_buf_reserve(&b, (size_t)-1 / 2) == TK_ENOMEM && b.failed);
    CHECK(tku_buf_puts(&b, "more") == TK_ENOMEM && strcmp(b.data, "x-12") == 0);
    tku_buf_reset(&b);
    CHECK(!b.failed && tku_buf_puts(&b, "ok") == 0 && strcmp(b.data, "ok") == 0);
    /* binary data with NUL bytes */
    tku_buf_reset(&b);
    CHECK(tku_buf_append(&b, "a\0b", 3) == 0 && b.len == 3 && b.data[1] == 0 && b.data[3] == 0);
    tku_buf_free(&b);
    CHECK(b.data == NULL && b.len == 0 && b.cap == 0);
    CHECK(tku_buf_puts(&b, "again") == 0 && strcmp(b.data, "again") == 0);   /* usable after free */
    tku_buf_free(&b);
}

/* ---- bits and time ------------------------------------------------------------ */

static void test_popcount_clock(void)
{
    th_rng rng = {11};
    for (int i = 0; i < 10000; i++) {
        uint64_t x = th_rand(&rng) & th_rand(&rng);
        if (i < 64)
            x = (uint64_t)1 << i;
        int ref = 0;
        for (int k = 0; k < 64; k++)
            ref += (int)((x >> k) & 1);
        CHECK(tku_popcount64(x) == ref);
    }
    CHECK(tku_popcount64(0) == 0 && tku_popcount64(~(uint64_t)0) == 64);
    double t0 = tku_clock_seconds(), c0 = tku_cpu_seconds();
    volatile uint64_t spin = 0;
    for (int i = 0; i < 2000000; i++)
        spin += (uint64_t)i;
    double t1 = tku_clock_seconds(), c1 = tku_cpu_seconds();
    CHECK(t0 > 0 && t1 >= t0 && c1 >= c0 && c1 > 0);
}

/* tku_grow: the block kept while it has room, else doubled from `first`,
 * the contents kept. */
static void test_grow(void)
{
    size_t cap = 0;
    int *v = tku_grow(NULL, &cap, 1, sizeof *v, 4);
    REQUIRE(v && cap == 4);
    for (int i = 0; i < 4; i++)
        v[i] = i;
    CHECK(tku_grow(v, &cap, 4, sizeof *v, 4) == v && cap == 4);
    v = tku_grow(v, &cap, 9, sizeof *v, 4);   /* 4 -> 8 -> 16 */
    REQUIRE(v && cap == 16);
    CHECK(v[0] == 0 && v[3] == 3);
    size_t big = 2;
    CHECK(tku_grow(v, &big, (size_t)-1 / 2, 16, 1) == NULL && big == 2);   /* too large: untouched */
    free(v);
}

static const th_test tests[] = {
    {"grow", test_grow},
    {"lines_random", test_lines_random},
    {"lines_examples", test_lines_examples},
    {"line_helpers", test_line_helpers},
    {"utf8_count_cut", test_utf8_count_cut},
    {"describe", test_describe},
    {"sbuf", test_sbuf},
    {"buf", test_buf},
    {"popcount_clock", test_popcount_clock},
    {0, 0}
};

int main(int argc, char **argv) { return th_main("text", tests, argc, argv); }
