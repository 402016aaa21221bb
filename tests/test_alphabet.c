/* test_alphabet.c - UTF-8, case mapping, alphabet specs and letter matching.
 *
 * The UTF-8 decoder is checked against a deliberately naive reference that
 * follows RFC 3629 from the bit patterns (lead byte class, continuation
 * bytes, then the overlong / surrogate / range rules on the computed value):
 * exhaustively over every 1-, 2- and 3-byte sequence and over a large sample
 * of 4-byte ones.  The encoder is checked by round trip over every code
 * point.  Parsing alphabet specs, inference, matching and encoding are checked on
 * hand-written cases whose expected values were worked out by hand, plus the
 * shipped data/alphabets files.
 */
#include "support/harness.h"
#include "tilekit/alphabet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reference UTF-8 decoder ------------------------------------------- */

static int ref_decode(const unsigned char *s, size_t len, uint32_t *cp)
{
    int n;
    uint32_t v;
    if (len == 0) return -1;
    if ((s[0] & 0x80) == 0x00) { *cp = s[0]; return 1; }
    else if ((s[0] & 0xE0) == 0xC0) { n = 2; v = s[0] & 0x1F; }
    else if ((s[0] & 0xF0) == 0xE0) { n = 3; v = s[0] & 0x0F; }
    else if ((s[0] & 0xF8) == 0xF0) { n = 4; v = s[0] & 0x07; }
    else return -1;                                    /* continuation or F8..FF */
    if ((size_t)n > len) return -1;
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) return -1;
        v = v << 6 | (s[i] & 0x3F);
    }
    static const uint32_t minv[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (v < minv[n]) return -1;                        /* overlong */
    if (v >= 0xD800 && v <= 0xDFFF) return -1;         /* surrogate */
    if (v > 0x10FFFF) return -1;
    *cp = v;
    return n;
}

static int same_decode(const unsigned char *b, size_t len)
{
    uint32_t c1 = 0xFFFFFFFF, c2 = 0xFFFFFFFF;
    int r1 = alpha_utf8_decode((const char *)b, len, &c1);
    int r2 = ref_decode(b, len, &c2);
    if (r1 != r2) return 0;
    return r1 < 0 || c1 == c2;
}

static void test_utf8_exhaustive(void)
{
    unsigned char b[4];
    long bad = 0;
    for (int x = 0; x < 256; x++) {
        b[0] = (unsigned char)x;
        if (!same_decode(b, 1)) bad++;
        for (int y = 0; y < 256; y++) {
            b[1] = (unsigned char)y;
            if (!same_decode(b, 2)) bad++;
            for (int z = 0; z < 256; z++) {
                b[2] = (unsigned char)z;
                if (!same_decode(b, 3)) {
                    if (bad++ < 5)
                        printf("  mismatch on %02X %02X %02X\n", x, y, z);
                }
            }
        }
    }
    CHECKF(bad == 0, "%ld 1-3 byte sequences decode differently from the reference", bad);
    th_rng r = {42};
    long n4 = (long)(2000000 * th_scale());
    bad = 0;
    for (long i = 0; i < n4; i++) {
        uint64_t v = th_rand(&r);
        b[0] = (unsigned char)(0xF0 + (v & 7));        /* the 4-byte lead range and beyond */
        b[1] = (unsigned char)(v >> 8);
        b[2] = (unsigned char)(v >> 16);
        b[3] = (unsigned char)(v >> 24);
        if (i & 1) {                                   /* half of them with valid-looking tails */
            b[1] = (unsigned char)(0x80 | (b[1] & 0x3F) | ((v >> 40) & 1 ? 0x00 : 0));
            b[2] = (unsigned char)(0x80 | (b[2] & 0x3F));
            b[3] = (unsigned char)(0x80 | (b[3] & 0x3F));
        }
        for (size_t len = 1; len <= 4; len++)
            if (!same_decode(b, len)) bad++;
    }
    CHECKF(bad == 0, "%ld 4-byte cases decode differently from the reference", bad);
}

static int dec(const char *s, size_t len, uint32_t *cp) { return alpha_utf8_decode(s, len, cp); }

static void test_utf8_classes(void)
{
    uint32_t cp = 0;
    /* valid */
    CHECK(dec("a", 1, &cp) == 1 && cp == 'a');
    CHECK(dec("\xC3\xA9", 2, &cp) == 2 && cp == 0xE9);
    CHECK(dec("\xE2\x82\xAC", 3, &cp) == 3 && cp == 0x20AC);
    CHECK(dec("\xF0\x9F\x98\x80", 4, &cp) == 4 && cp == 0x1F600);
    CHECK(dec("\xF4\x8F\xBF\xBF", 4, &cp) == 4 && cp == 0x10FFFF);
    CHECK(dec("\xEF\xBF\xBF", 3, &cp) == 3 && cp == 0xFFFF);
    CHECK(dec("\xED\x9F\xBF", 3, &cp) == 3 && cp == 0xD7FF);
    CHECK(dec("\xEE\x80\x80", 3, &cp) == 3 && cp == 0xE000);
    /* overlong */
    CHECK(dec("\xC0\x80", 2, &cp) == -1);
    CHECK(dec("\xC1\xBF", 2, &cp) == -1);
    CHECK(dec("\xE0\x80\x80", 3, &cp) == -1);
    CHECK(dec("\xE0\x9F\xBF", 3, &cp) == -1);
    CHECK(dec("\xF0\x80\x80\x80", 4, &cp) == -1);
    CHECK(dec("\xF0\x8F\xBF\xBF", 4, &cp) == -1);
    /* surrogates */
    CHECK(dec("\xED\xA0\x80", 3, &cp) == -1);
    CHECK(dec("\xED\xBF\xBF", 3, &cp) == -1);
    /* truncated (also: a valid sequence cut by len) */
    CHECK(dec("\xC3", 1, &cp) == -1);
    CHECK(dec("\xE2\x82", 2, &cp) == -1);
    CHECK(dec("\xF0\x9F\x98", 3, &cp) == -1);
    CHECK(dec("\xC3\xA9", 1, &cp) == -1);
    CHECK(dec("", 0, &cp) == -1);
    /* beyond U+10FFFF, and bytes that never start a sequence */
    CHECK(dec("\xF4\x90\x80\x80", 4, &cp) == -1);
    CHECK(dec("\xF5\x80\x80\x80", 4, &cp) == -1);
    CHECK(dec("\xF7\xBF\xBF\xBF", 4, &cp) == -1);
    CHECK(dec("\xF8\x88\x80\x80\x80", 5, &cp) == -1);
    CHECK(dec("\xFF", 1, &cp) == -1);
    CHECK(dec("\xFE", 1, &cp) == -1);
    /* stray continuation, bad continuation */
    CHECK(dec("\x80", 1, &cp) == -1);
    CHECK(dec("\xBF\x80", 2, &cp) == -1);
    CHECK(dec("\xC3\x28", 2, &cp) == -1);
    CHECK(dec("\xE2\x28\xA1", 3, &cp) == -1);
    CHECK(dec("\xE2\x82\x28", 3, &cp) == -1);
    CHECK(dec("\xF0\x9F\x28\x80", 4, &cp) == -1);

    /* alpha_utf8_valid: the valid prefix (the offset of the first bad sequence) */
    CHECK(alpha_utf8_valid("abc", 3) == 3);
    CHECK(alpha_utf8_valid("", 0) == 0);
    CHECK(alpha_utf8_valid("a\xC3\xA9z\x80", 5) == 4);
    CHECK(alpha_utf8_valid("\xC3", 1) == 0);
    CHECK(alpha_utf8_valid("ab\xED\xA0\x80", 5) == 2);
    CHECK(alpha_utf8_valid("\xC3\xA9\xC3\xA9", 3) == 2);   /* cut mid-sequence */
}

static void test_utf8_encode(void)
{
    char buf[4];
    long bad = 0;
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        int n = alpha_utf8_encode(cp, buf);
        if (cp >= 0xD800 && cp <= 0xDFFF) {
            if (n != 0) bad++;
            continue;
        }
        int want = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        uint32_t back = 0;
        if (n != want || ref_decode((unsigned char *)buf, (size_t)n, &back) != n || back != cp)
            bad++;
    }
    CHECKF(bad == 0, "%ld code points do not round-trip", bad);
    CHECK(alpha_utf8_encode(0x110000, buf) == 0);
    CHECK(alpha_utf8_encode(0xFFFFFFFF, buf) == 0);
    CHECK(alpha_utf8_encode(0xFE, buf) == 2 && memcmp(buf, "\xC3\xBE", 2) == 0);   /* þ */
}

/* ---- case mapping --------------------------------------------------------- */

static void test_case_pairs(void)
{
    static const uint32_t pairs[][2] = {
        {'A', 'a'}, {'Z', 'z'},
        {0xC9, 0xE9},   /* É é */
        {0xDE, 0xFE},   /* Þ þ */
        {0xD0, 0xF0},   /* Ð ð */
        {0xC6, 0xE6},   /* Æ æ */
        {0xD6, 0xF6},   /* Ö ö */
        {0xC1, 0xE1},   /* Á á */
        {0xDD, 0xFD},   /* Ý ý */
        {0x150, 0x151}, /* Ő ő */
        {0x170, 0x171}, /* Ű ű */
        {0xDC, 0xFC},   /* Ü ü */
        {0x10C, 0x10D}, /* Č č */
        {0x141, 0x142}, /* Ł ł */
        {0x17D, 0x17E}, /* Ž ž */
        {0x178, 0xFF},  /* Ÿ ÿ */
        {0x3A3, 0x3C3}, /* Σ σ */
        {0x394, 0x3B4}, /* Δ δ */
        {0x416, 0x436}, /* Ж ж */
        {0x401, 0x451}, /* Ё ё */
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        CHECKF(alpha_cp_lower(pairs[i][0]) == pairs[i][1], "lower(U+%04X)", (unsigned)pairs[i][0]);
        CHECKF(alpha_cp_upper(pairs[i][1]) == pairs[i][0], "upper(U+%04X)", (unsigned)pairs[i][1]);
        CHECKF(alpha_cp_lower(pairs[i][1]) == pairs[i][1], "lower(U+%04X) changed a lower-case letter",
               (unsigned)pairs[i][1]);
        CHECKF(alpha_cp_upper(pairs[i][0]) == pairs[i][0], "upper(U+%04X) changed an upper-case letter",
               (unsigned)pairs[i][0]);
    }
    /* things that must not change */
    static const uint32_t fixed[] = {'0', '9', '-', '[', '?', 0xD7 /* × */, 0xF7 /* ÷ */, 0xDF /* ß */,
                                     0x20AC, 0x4E00, 0x1F600};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        CHECKF(alpha_cp_lower(fixed[i]) == fixed[i], "lower(U+%04X)", (unsigned)fixed[i]);
        CHECKF(alpha_cp_upper(fixed[i]) == fixed[i], "upper(U+%04X)", (unsigned)fixed[i]);
    }
    /* consistency: whenever lower changes a code point, upper maps it back
     * (except the one-way İ -> i), and the two never map out of the BMP area */
    long bad = 0;
    for (uint32_t c = 0; c < 0x500; c++) {
        uint32_t l = alpha_cp_lower(c);
        if (l != c && c != 0x130 && alpha_cp_upper(l) != c) {
            if (bad++ < 5) printf("  U+%04X -> U+%04X -> U+%04X\n", (unsigned)c, (unsigned)l,
                                  (unsigned)alpha_cp_upper(l));
        }
    }
    CHECKF(bad == 0, "%ld lower/upper pairs are not inverse", bad);
}

/* ---- alphabets ----------------------------------------------------------- */

static int parse(alpha_table *a, const char *spec, tk_error *e)
{
    memset(e, 0, sizeof *e);
    return alpha_parse(a, spec, strlen(spec), e);
}

static int enc(const alpha_table *a, const char *s, uint8_t *out, int max, tk_error *e)
{
    memset(e, 0, sizeof *e);
    return alpha_encode(a, s, strlen(s), out, max, e);
}

static void test_parse_basic(void)
{
    alpha_table a;
    tk_error e;
    REQUIRE(parse(&a, "# comment\n a b\tc # d e\n\nf\n", &e) == 0);
    CHECK(a.size == 4);
    CHECK(strcmp(a.lower[1], "a") == 0 && strcmp(a.lower[4], "f") == 0);
    CHECK(strcmp(a.upper[3], "C") == 0);
    CHECK(a.multi == 0);
    /* written together: each code point is a letter */
    REQUIRE(parse(&a, "aábdð", &e) == 0);
    CHECK(a.size == 5);
    CHECK(strcmp(a.lower[2], "\xC3\xA1") == 0 && strcmp(a.upper[2], "\xC3\x81") == 0);
    CHECK(strcmp(a.lower[5], "\xC3\xB0") == 0 && strcmp(a.upper[5], "\xC3\x90") == 0);
    CHECK(a.len[5] == 2 && a.ulen[5] == 2);
    /* upper case in the spec is lower-cased */
    REQUIRE(parse(&a, "A B Þ", &e) == 0);
    CHECK(a.size == 3 && strcmp(a.lower[3], "\xC3\xBE") == 0 && strcmp(a.upper[3], "\xC3\x9E") == 0);
    /* multi-letter tiles as brackets or tokens */
    REQUIRE(parse(&a, "a [cs] dzs d z s c", &e) == 0);
    CHECK(a.size == 7 && a.multi == 1);
    CHECK(strcmp(a.lower[2], "cs") == 0 && strcmp(a.upper[2], "CS") == 0);
    CHECK(strcmp(a.lower[3], "dzs") == 0);
    CHECK(alpha_index(&a, "cs") == 2);
    CHECK(alpha_index(&a, "CS") == 2);
    CHECK(alpha_index(&a, "dzs") == 3);
    CHECK(alpha_index(&a, "zs") == 0);
    CHECK(alpha_index(&a, "") == 0);
    /* a leading BOM is ignored */
    REQUIRE(parse(&a, "\xEF\xBB\xBF" "a b", &e) == 0);
    CHECK(a.size == 2 && strcmp(a.lower[1], "a") == 0);
    /* exactly 63 letters are fine */
    char spec[1024];
    size_t n = 0;
    for (int i = 0; i < 63; i++) {
        char u[4];
        int k = alpha_utf8_encode(0x100 + 2 * (uint32_t)i + 1, u);   /* lower-case Latin Ext-A/B */
        memcpy(spec + n, u, (size_t)k);
        n += (size_t)k;
        spec[n++] = ' ';
    }
    spec[n] = 0;
    CHECK(alpha_parse(&a, spec, n, &e) == 0 && a.size == 63);
}

static void test_parse_errors(void)
{
    alpha_table a;
    tk_error e;
    CHECK(parse(&a, "a b a", &e) == TK_EFORMAT);
    CHECK(strstr(e.msg, "'a'") != NULL);
    CHECK(parse(&a, "a B b", &e) == TK_EFORMAT);               /* duplicate up to case */
    CHECK(parse(&a, "a [cs", &e) == TK_EFORMAT);
    CHECK(parse(&a, "a cs]", &e) == TK_EFORMAT);
    CHECK(parse(&a, "", &e) == TK_EFORMAT);
    CHECK(parse(&a, "  # only a comment\n", &e) == TK_EFORMAT);
    CHECK(parse(&a, "a\nb\nc \xC3\n", &e) == TK_EFORMAT);
    CHECK(e.line == 3);
    CHECK(parse(&a, "a\n\xED\xA0\x80\n", &e) == TK_EFORMAT && e.line == 2);   /* surrogate */
    CHECK(parse(&a, "a\n\xC0\xAF\n", &e) == TK_EFORMAT && e.line == 2);      /* overlong '/' */
    CHECK(parse(&a, "a [abcdefghijklmnop]", &e) == TK_EFORMAT);              /* 16 bytes > 15 */
    /* ALPHA_LETTER_MAX (15) bytes is still allowed, in ASCII and in 2-byte letters */
    CHECK(parse(&a, "a [abcdefghijklmno]", &e) == 0 && a.size == 2 && a.len[2] == 15);
    CHECK(parse(&a, "a [abcdefghijklm]", &e) == 0 && a.size == 2 && a.len[2] == 13);
    CHECK(parse(&a, "a [ééééééé]", &e) == 0 && a.size == 2 && a.len[2] == 14);
    CHECK(parse(&a, "a ? b", &e) == TK_EFORMAT);                              /* '?' is the blank */
    /* invisible characters are never letters; U+FEFF in particular would be
     * taken for a byte order mark when the alphabet is written back */
    CHECK(parse(&a, "a \xEF\xBB\xBF b", &e) == TK_EFORMAT);
    CHECK(parse(&a, "b\n\xEF\xBB\xBF", &e) == TK_EFORMAT && e.line == 2);
    CHECK(parse(&a, "a \xC2\xA0 b", &e) == TK_EFORMAT);                     /* no-break space */
    CHECK(parse(&a, "a \xE2\x80\x8B b", &e) == TK_EFORMAT);                 /* zero-width space */
    CHECK(alpha_infer(&a, "ab\nc\xEF\xBB\xBF" "d\n", 10, &e) == TK_EFORMAT && e.line == 2);
    /* 64 letters: limit, with the line of the 64th */
    char spec[2048];
    size_t n = 0;
    for (int i = 0; i < 64; i++)   /* 8 letters a line: the 64th is on line 8 */
        n += (size_t)snprintf(spec + n, sizeof spec - n, "%s[x%d]", i % 8 == 0 && i ? "\n" : " ", i);
    CHECK(alpha_parse(&a, spec, n, &e) == TK_ELIMIT);
    CHECKF(e.line == 8, "line %ld", e.line);
}

static void test_infer(void)
{
    alpha_table a;
    tk_error e;
    const char *w = "b\nA\nÉg\n\nbé\n";
    REQUIRE(alpha_infer(&a, w, strlen(w), &e) == 0);
    CHECK(a.size == 4);
    CHECK(strcmp(a.lower[1], "a") == 0 && strcmp(a.lower[2], "b") == 0 && strcmp(a.lower[3], "g") == 0);
    CHECK(strcmp(a.lower[4], "\xC3\xA9") == 0 && strcmp(a.upper[4], "\xC3\x89") == 0);
    /* errors carry the line of the word */
    memset(&e, 0, sizeof e);
    const char *bad = "abc\nd\xC3\n";
    CHECK(alpha_infer(&a, bad, strlen(bad), &e) == TK_EFORMAT && e.line == 2);
    memset(&e, 0, sizeof e);
    const char *q = "abc\nde\nf?g\n";
    CHECK(alpha_infer(&a, q, strlen(q), &e) == TK_EFORMAT && e.line == 3);
    CHECK(strstr(e.msg, "f?g") != NULL);
    /* 64 different letters */
    char big[1024];
    size_t n = 0;
    for (int i = 0; i < 64; i++) {
        n += (size_t)alpha_utf8_encode(0x4E00 + (uint32_t)i, big + n);  /* CJK: no case */
        if (i % 10 == 9) big[n++] = '\n';
    }
    memset(&e, 0, sizeof e);
    CHECK(alpha_infer(&a, big, n, &e) == TK_ELIMIT);
    CHECK(alpha_infer(&a, "\n\n", 2, &e) == TK_EFORMAT);
    /* a word list's letters: ASCII characters other than letters never are
     * ("co-op", "it's", "ab1": a b c i o p s t); others are, lower-cased */
    const char *list = "co-op\nit's\nAB1\n\xC3\x89t\xC3\xA9\n";
    REQUIRE(alpha_infer_letters(&a, list, strlen(list), &e) == 0);
    CHECK(a.size == 9 && strcmp(a.lower[1], "a") == 0 && strcmp(a.lower[8], "t") == 0 &&
          strcmp(a.lower[9], "\xC3\xA9") == 0);
    CHECK(alpha_infer_letters(&a, "1-2\n'\n", 6, &e) == TK_EFORMAT);   /* no letter at all */
}

static void test_format_roundtrip(void)
{
    alpha_table a, b;
    tk_error e;
    REQUIRE(parse(&a, "a á [cs] d dzs ő ű þ", &e) == 0);
    char out[512];
    size_t n = alpha_format(&a, out, sizeof out);
    CHECK(n == strlen(out));
    CHECK(strcmp(out, "a á [cs] d [dzs] ő ű þ") == 0);
    REQUIRE(alpha_parse(&b, out, n, &e) == 0);
    CHECK(b.size == a.size);
    for (int i = 1; i <= a.size && i <= b.size; i++)
        CHECK(strcmp(a.lower[i], b.lower[i]) == 0 && strcmp(a.upper[i], b.upper[i]) == 0);
    /* truncation: returns the full length, writes a NUL-terminated prefix */
    char small[5];
    CHECK(alpha_format(&a, small, sizeof small) == n);
    CHECK(strlen(small) == 4 && memcmp(small, out, 4) == 0);
}

static void test_match_multi(void)
{
    alpha_table a;
    tk_error e;
    REQUIRE(parse(&a, "a c [cs] d [dz] [dzs] e s z [zs] é", &e) == 0);
    /* indices: a1 c2 cs3 d4 dz5 dzs6 e7 s8 z9 zs10 é11 */
    uint8_t out[64];
    int n = enc(&a, "dzsz", out, 64, &e);
    CHECK(n == 2 && out[0] == 6 && out[1] == 9);
    n = enc(&a, "dzdzs", out, 64, &e);
    CHECK(n == 2 && out[0] == 5 && out[1] == 6);
    n = enc(&a, "cscsé", out, 64, &e);
    CHECK(n == 3 && out[0] == 3 && out[1] == 3 && out[2] == 11);
    n = enc(&a, "[c][s]", out, 64, &e);             /* brackets force the split */
    CHECK(n == 2 && out[0] == 2 && out[1] == 8);
    n = enc(&a, "[d]zs", out, 64, &e);
    CHECK(n == 2 && out[0] == 4 && out[1] == 10);
    n = enc(&a, "CSÉ", out, 64, &e);                /* case ignored */
    CHECK(n == 2 && out[0] == 3 && out[1] == 11);
    n = enc(&a, "[cs]", out, 64, &e);
    CHECK(n == 1 && out[0] == 3);
    int letter = 0, up = 0;
    CHECK(alpha_match(&a, "Dzs", 3, &letter, &up) == 3 && letter == 6 && up == 1);
    CHECK(alpha_match(&a, "dzs", 3, &letter, &up) == 3 && letter == 6 && up == 0);
    CHECK(alpha_match(&a, "dz", 2, &letter, &up) == 2 && letter == 5);   /* len limits the match */
    CHECK(alpha_match(&a, "\xC3\x89", 2, &letter, &up) == 2 && letter == 11 && up == 1);
    CHECK(alpha_match(&a, "x", 1, &letter, &up) == 0);
    CHECK(alpha_match(&a, "[x]", 3, &letter, &up) == 0);
    CHECK(alpha_match(&a, "[cs", 3, &letter, &up) == 0);
    CHECK(alpha_match(&a, "\xC3", 1, &letter, &up) == -1);
    CHECK(alpha_match(&a, "", 0, &letter, &up) == 0);
    /* decode back, both cases */
    uint8_t w[] = {3, 1, 6, 11};
    char buf[64];
    CHECK(alpha_decode(&a, w, 4, 0, buf, sizeof buf) == 8 && strcmp(buf, "csadzsé") == 0);
    CHECK(alpha_decode(&a, w, 4, 1, buf, sizeof buf) == 8 && strcmp(buf, "CSADZSÉ") == 0);
    CHECK(alpha_decode(&a, w, 4, 0, buf, 4) == 8 && strcmp(buf, "csa") == 0);
}

static void test_encode_errors(void)
{
    alpha_table a;
    tk_error e;
    REQUIRE(parse(&a, "a á b d ð e é", &e) == 0);
    uint8_t out[8];
    CHECK(enc(&a, "abx", out, 8, &e) == TK_EFORMAT && e.col == 3);
    CHECK(strstr(e.msg, "'x'") != NULL);
    CHECK(enc(&a, "aé!", out, 8, &e) == TK_EFORMAT && e.col == 4);
    CHECK(enc(&a, "ðq", out, 8, &e) == TK_EFORMAT && e.col == 3);
    CHECK(enc(&a, "a\xC3", out, 8, &e) == TK_EFORMAT && e.col == 2);
    CHECK(enc(&a, "ab\xED\xA0\x80", out, 8, &e) == TK_EFORMAT && e.col == 3);
    CHECK(enc(&a, "a b", out, 8, &e) == TK_EFORMAT && e.col == 2);
    CHECK(enc(&a, "ab\td", out, 8, &e) == TK_EFORMAT && e.col == 3);
    CHECK(enc(&a, "\xC3\xBE", out, 8, &e) == TK_EFORMAT && e.col == 1);        /* þ not in this one */
    CHECK(enc(&a, "abababab", out, 8, &e) == 8);
    CHECK(enc(&a, "ababababa", out, 8, &e) == TK_ELIMIT);
    CHECK(enc(&a, "", out, 8, &e) == 0);
    /* upper-case forms of the alphabet's own letters */
    CHECK(enc(&a, "ÐÉÁ", out, 8, &e) == 3 && out[0] == 5 && out[1] == 7 && out[2] == 2);
}

static void load_named(alpha_table *a, const char *name, int *ok)
{
    char rel[128];
    snprintf(rel, sizeof rel, "data/alphabets/%s.txt", name);
    size_t len = 0;
    char *text = th_read_file(th_top_path(rel), &len);
    tk_error e;
    *ok = text && alpha_parse(a, text, len, &e) == 0;
    if (text && !*ok)
        printf("  %s: line %ld: %s\n", rel, e.line, e.msg);
    free(text);
}

static void test_shipped_alphabets(void)
{
    alpha_table a;
    int ok;
    char buf[512];
    load_named(&a, "en", &ok);
    REQUIRE(ok);
    CHECK(a.size == 26 && strcmp(a.lower[26], "z") == 0);
    load_named(&a, "is", &ok);
    REQUIRE(ok);
    CHECK(a.size == 32);
    alpha_format(&a, buf, sizeof buf);
    CHECK(strcmp(buf, "a á b d ð e é f g h i í j k l m n o ó p r s t u ú v x y ý þ æ ö") == 0);
    CHECK(alpha_index(&a, "Þ") == 30 && alpha_index(&a, "ð") == 5);
    load_named(&a, "hu", &ok);
    REQUIRE(ok);
    CHECK(a.size == 35 && a.multi == 0);
    alpha_format(&a, buf, sizeof buf);
    CHECK(strcmp(buf, "a á b c d e é f g h i í j k l m n o ó ö ő p q r s t u ú ü ű v w x y z") == 0);
    CHECK(alpha_index(&a, "Ő") == 21 && alpha_index(&a, "ű") == 30);
    load_named(&a, "hu-scrabble", &ok);
    REQUIRE(ok);
    CHECK(a.multi == 1);
    CHECK(alpha_index(&a, "cs") == 5 && alpha_index(&a, "zs") == 38 && alpha_index(&a, "dz") == 0);
    uint8_t out[32];
    tk_error e;
    int n = enc(&a, "cseresznye", out, 32, &e);   /* [cs] e r e [sz] [ny] e */
    CHECK(n == 7 && out[0] == 5 && out[4] == alpha_index(&a, "sz") && out[5] == alpha_index(&a, "ny"));
}

static const th_test tests[] = {
    {"utf8_exhaustive", test_utf8_exhaustive},
    {"utf8_classes", test_utf8_classes},
    {"utf8_encode", test_utf8_encode},
    {"case_pairs", test_case_pairs},
    {"parse_basic", test_parse_basic},
    {"parse_errors", test_parse_errors},
    {"infer", test_infer},
    {"format_roundtrip", test_format_roundtrip},
    {"match_multi", test_match_multi},
    {"encode_errors", test_encode_errors},
    {"shipped_alphabets", test_shipped_alphabets},
    {0, 0},
};

int main(int argc, char **argv) { return th_main("alphabet", tests, argc, argv); }
