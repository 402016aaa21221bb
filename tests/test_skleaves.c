/* test_skleaves.c - complete leave tables: the dense form, its binary file,
 * CSV in and out, and located errors.
 *
 * The dense numbering is checked against a brute-force enumeration written
 * here (every multiset of 1..6 tiles the tile set allows, by size, then by
 * the counts of the blank, then of each letter in alphabet order, smaller
 * counts first): slot i of the table must be the i-th multiset of that
 * enumeration, and a value set through the counts must come back at that
 * slot, for the English (914,624 leaves) and Icelandic sets.  The binary
 * file and the CSV must give back every value; a corrupt, truncated or
 * foreign binary and a CSV with a malformed line, a duplicate or a leave
 * the tile set cannot hold are errors with their line.  KLV / KLV2 (the
 * files of wolges and MAGPIE): a graph made by hand (shared nodes, the
 * blank) gives its hand-worked values; a file broken in each way klv.c
 * checks is an error naming it; random tables written and read back give
 * their values (KLV rounded to 1/256), and so does a look-up written here
 * the way MAGPIE reads a KLV2 (one index per tile followed).
 */
#include "skrafl/sk_gen.h"
#include "support/skrafl_fixture.h"
#include "tilekit/skgame.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct lang {
    alpha_table a;
    sk_tileset ts;
} lang;

static int lang_load(lang *L, const char *code)
{
    return skfx_alphabet(&L->a, code) || skfx_tiles(&L->ts, &L->a, code) ? -1 : 0;
}

/* ---- the brute-force enumeration -------------------------------------------------- */

typedef struct walk {
    const sk_leaves *t;
    const sk_tileset *ts;
    size_t i;
    long bad;
    uint8_t c[64];
} walk;

static void visit(walk *w)
{
    uint8_t got[64];
    int32_t v;
    if (!sk_leaves_slot(w->t, w->i, got, &v) || memcmp(got, w->c, 64) != 0)
        w->bad++;
    w->i++;
}

/* Types from t on take exactly `left` tiles, smaller counts first. */
static void enum_types(walk *w, int t, int left)
{
    if (left == 0) {
        visit(w);
        return;
    }
    if (t > w->ts->nletters)
        return;
    int cap = w->ts->count[t] < 6 ? w->ts->count[t] : 6;
    for (int c = 0; c <= cap && c <= left; c++) {
        w->c[t] = (uint8_t)c;
        enum_types(w, t + 1, left - c);
    }
    w->c[t] = 0;
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x9E3779B97F4A7C15ull;
    return x ^ (x >> 29);
}

/* A value for slot i within the 12-bit range of tenths (multiples of 100). */
static int32_t value_of(size_t i) { return (int32_t)(mix(i) % 4001) * 100 - 200000; }

static void dense_case(const char *code, size_t want, int bits, int unit)
{
    lang L;
    if (lang_load(&L, code)) {
        th_skip("data/alphabets or data/tiles missing");
        return;
    }
    /* the read-back checks: every slot in the plain run, every 7th under the
     * sanitizers (the same code, 4 s of CPU less) */
    size_t step = th_sanitized() ? 7 : 1;
    sk_leaves *t = NULL;
    REQUIRE(sk_leaves_create_dense(&t, &L.ts, bits, unit) == 0);
    CHECKF(sk_leaves_count(t) == want, "%s: %zu leaves, want %zu", code, sk_leaves_count(t), want);
    walk w = { t, &L.ts, 0, 0, {0} };
    for (int n = 1; n <= 6; n++)
        enum_types(&w, 0, n);
    CHECKF(w.i == want && w.bad == 0, "%s: enumeration %zu leaves, %ld slots differ", code, w.i, w.bad);
    /* values set through the counts come back at their slot */
    size_t n = sk_leaves_count(t);
    for (size_t i = 0; i < n; i++) {
        uint8_t c[64];
        int32_t v;
        sk_leaves_slot(t, i, c, &v);
        CHECK(v == 0);
        if (sk_leaves_set(t, c, value_of(i)) != 0) {
            CHECK(0);
            break;
        }
    }
    long wrong = 0;
    for (size_t i = 0; i < n; i += step) {
        uint8_t c[64];
        int32_t v;
        sk_leaves_slot(t, i, c, &v);
        wrong += v != value_of(i) || sk_leaves_value(t, c) != value_of(i);
    }
    CHECKF(wrong == 0, "%s: %ld values not read back", code, wrong);
    /* outside the table: none, 7 tiles, more of a tile than the set has */
    uint8_t c[64] = {0};
    CHECK(sk_leaves_value(t, c) == 0);
    c[1] = 7;
    CHECK(sk_leaves_value(t, c) == 0 && sk_leaves_set(t, c, 5) == TK_ELIMIT);
    c[1] = 0;
    c[0] = 3;   /* three blanks: the sets have two */
    CHECK(sk_leaves_value(t, c) == 0);

    /* the binary file: back bit for bit; corrupt, truncated, foreign */
    char *bin = NULL;
    size_t blen = 0;
    REQUIRE(sk_leaves_write_binary(t, &bin, &blen) == 0);
    sk_leaves *u = NULL;
    tk_error err = {0};
    REQUIRE(sk_leaves_load(&u, &L.a, &L.ts, bin, blen, &err) == 0);
    wrong = 0;
    for (size_t i = 0; i < n; i += step) {
        int32_t v1, v2;
        uint8_t c1[64], c2[64];
        sk_leaves_slot(t, i, c1, &v1);
        sk_leaves_slot(u, i, c2, &v2);
        wrong += v1 != v2 || memcmp(c1, c2, 64) != 0;
    }
    CHECKF(wrong == 0, "%s: %ld values differ after the binary file", code, wrong);
    sk_leaves_destroy(u);
    u = NULL;
    bin[blen / 2] ^= 0x10;
    CHECK(sk_leaves_load(&u, &L.a, &L.ts, bin, blen, &err) == TK_ECHECKSUM && u == NULL);
    bin[blen / 2] ^= 0x10;
    CHECK(sk_leaves_load(&u, &L.a, &L.ts, bin, blen - 1, &err) == TK_EFORMAT && u == NULL);
    sk_tileset other = L.ts;
    other.count[1]++;   /* another set: its caps differ only if the count was below 6 */
    other.count[0] = 1;
    /* another tile set of the same alphabet: the table serves it, a leave the
     * table holds keeps its value; a tile set of another alphabet is refused */
    CHECK(sk_leaves_load(&u, &L.a, &other, bin, blen, &err) == 0 && u != NULL);
    if (u) {
        int32_t v1 = 0;
        uint8_t c1[64];
        sk_leaves_slot(t, n / 2, c1, &v1);
        CHECK(sk_leaves_value(u, c1) == v1);
        sk_leaves_destroy(u);
        u = NULL;
    }
    other = L.ts;
    other.nletters--;
    CHECK(sk_leaves_load(&u, &L.a, &other, bin, blen, &err) == TK_EFORMAT && u == NULL);

    /* CSV out and in: the same values */
    char *csv = NULL;
    size_t clen = 0;
    REQUIRE(sk_leaves_write_csv(t, &L.a, &csv, &clen) == 0);
    REQUIRE(sk_leaves_load(&u, &L.a, &L.ts, csv, clen, &err) == 0);
    CHECK(sk_leaves_count(u) == n);
    wrong = 0;
    for (size_t i = 0; i < n; i += step) {
        uint8_t c1[64];
        int32_t v1;
        sk_leaves_slot(t, i, c1, &v1);
        wrong += sk_leaves_value(u, c1) != v1;
    }
    CHECKF(wrong == 0, "%s: %ld values differ after CSV", code, wrong);
    /* a hash table packed into the dense form: its values, the rest 0 */
    sk_leaves *dn = NULL;
    REQUIRE(sk_leaves_densify(&dn, u, &L.ts, bits, unit) == 0);
    CHECK(sk_leaves_count(dn) == n);
    uint8_t q[64];
    int32_t qv;
    sk_leaves_slot(t, n / 3, q, &qv);
    CHECK(sk_leaves_value(dn, q) == qv);
    sk_leaves_destroy(dn);
    sk_leaves_destroy(u);
    free(csv);
    free(bin);
    sk_leaves_destroy(t);
}

static void test_dense_en(void) { dense_case("en", 914624, 16, 10); }
static void test_dense_is(void)
{
    if (th_sanitized() || !th_long()) {   /* 2.3 M leaves: leaves_dense_en covers the code */
        th_skip(th_sanitized() ? "sanitized run" : "2.3 M leaves: make check-long (TK_LONG=1)");
        return;
    }
    dense_case("is", 2305064, 12, 100);
}

/* Rounding and clamping of the packed values. */
static void test_dense_units(void)
{
    lang L;
    if (lang_load(&L, "en")) {
        th_skip("data missing");
        return;
    }
    sk_leaves *t = NULL;
    CHECK(sk_leaves_create_dense(&t, &L.ts, 8, 10) == TK_EINVAL && t == NULL);
    REQUIRE(sk_leaves_create_dense(&t, &L.ts, 16, 10) == 0);
    uint8_t c[64] = {0};
    c[17] = 1;   /* Q */
    sk_leaves_set(t, c, -6304);
    CHECK(sk_leaves_value(t, c) == -6300);
    sk_leaves_set(t, c, -6305);   /* half away from zero */
    CHECK(sk_leaves_value(t, c) == -6310);
    sk_leaves_set(t, c, 400000);  /* beyond 327.67 points: clamped */
    CHECK(sk_leaves_value(t, c) == 327670);
    sk_leaves_destroy(t);
}

/* The leave function called once per multiset (the generic way). */
static int32_t value_by_call(void *ctx, const uint8_t counts[64]) { return sk_leaves_value(ctx, counts); }

/* A rack's leave values: the dense table's one-pass path (tki_sk_leaves_build
 * with sk_leaves_value itself) against one call per sub-multiset, on random
 * racks of 1-7 tiles (0-2 blanks, repeated letters), also from a table made
 * for another tile set (one blank: leaves with two are worth 0). */
static void test_rack_values(void)
{
    lang L;
    if (lang_load(&L, "en")) {
        th_skip("data missing");
        return;
    }
    for (int variant = 0; variant < 2; variant++) {
        sk_tileset ts = L.ts;
        if (variant)
            ts.count[0] = 1;
        sk_leaves *t = NULL;
        REQUIRE(sk_leaves_create_dense(&t, &ts, 16, 10) == 0);
        size_t n = sk_leaves_count(t);
        for (size_t i = 0; i < n; i++) {
            uint8_t c[64];
            int32_t v;
            sk_leaves_slot(t, i, c, &v);
            sk_leaves_set(t, c, (int32_t)((i * 2654435761u) % 60001) - 30000);
        }
        th_rng rng = { 0x1eaf + (uint64_t)variant };
        long wrong = 0, racks = 0;
        for (int it = 0; it < 3000; it++) {
            sk_rack r;
            memset(&r, 0, sizeof r);
            int len = 1 + (int)th_below(&rng, SK_RACK_MAX);
            for (int k = 0; k < len; k++) {
                int x = (int)th_below(&rng, 30);
                if (x < 2 && r.blanks < 2)
                    r.blanks++;
                else
                    r.count[1 + (int)th_below(&rng, x < 16 ? 5 : L.a.size)]++;   /* A-E often: repeats */
                r.n++;
            }
            sk_rackleaves fast, slow;
            sk_rank rf = { sk_leaves_value, t }, rs = { value_by_call, t };
            tki_sk_leaves_build(&fast, &r, L.a.size, &rf);
            tki_sk_leaves_build(&slow, &r, L.a.size, &rs);
            racks++;
            if (fast.full != slow.full || memcmp(fast.value, slow.value, (size_t)(fast.full + 1) * sizeof fast.value[0]) ||
                memcmp(fast.best, slow.best, sizeof fast.best))
                wrong++;
        }
        CHECKF(wrong == 0, "variant %d: %ld of %ld racks differ", variant, wrong, racks);
        sk_leaves_destroy(t);
    }
}

/* CSV errors: located, never a silent 0. */
static void test_csv_errors(void)
{
    lang L;
    if (lang_load(&L, "en")) {
        th_skip("data missing");
        return;
    }
    static const struct { const char *csv; long line; int rc; const char *what; } bad[] = {
        { "leave,value\nA,1\nQQ,2\n", 3, TK_EFORMAT, "tile set" },
        { "leave,value\nA,1\n???,2\n", 3, TK_EFORMAT, "tile set" },
        { "leave,value\nAB,1\nBA,2\n", 3, TK_EFORMAT, "twice" },
        { "leave,value\nA,1\nB 2\n", 3, TK_EFORMAT, "comma" },
        { "A,1\nB,x\n", 2, TK_EFORMAT, "bad value" },
        { "A,1\n1,2\n", 2, TK_EFORMAT, "not a letter" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        sk_leaves *t = NULL;
        tk_error err = {0};
        int rc = sk_leaves_load(&t, &L.a, &L.ts, bad[i].csv, strlen(bad[i].csv), &err);
        CHECKF(rc == bad[i].rc && err.line == bad[i].line && strstr(err.msg, bad[i].what) && t == NULL,
               "case %zu: rc %d line %ld '%s'", i, rc, err.line, err.msg);
        sk_leaves_destroy(t);
    }
    /* without a tile set, QQ is a leave like any other */
    sk_leaves *t = NULL;
    tk_error err = {0};
    CHECK(sk_leaves_parse(&t, &L.a, bad[0].csv, strlen(bad[0].csv), &err) == 0);
    sk_leaves_destroy(t);
}

/* ---- KLV / KLV2 ---------------------------------------------------------------------- */

/* A hand-made KLV2 of the leaves A 1.5, AB -2.25, B 4, BB 8 (English: blank
 * 0, A 1, B 2) in a minimised graph: A's and B's lists of next tiles are one
 * shared list [B].  Nodes: 0 -> 1; 1 A accepts arc 3; 2 B accepts arc 3 end;
 * 3 B accepts end.  The values in walk order: A, AB, B, BB. */
static size_t klv_hand(uint8_t *b, int klv2, const uint32_t *nodes, int nn, const double *vals, int nv)
{
    size_t k = 0;
    for (int i = 0; i < 4; i++)
        b[k++] = (uint8_t)((uint32_t)nn >> (8 * i));
    for (int j = 0; j < nn; j++)
        for (int i = 0; i < 4; i++)
            b[k++] = (uint8_t)(nodes[j] >> (8 * i));
    for (int i = 0; i < 4; i++)
        b[k++] = (uint8_t)((uint32_t)nv >> (8 * i));
    for (int j = 0; j < nv; j++) {
        uint32_t u;
        if (klv2) {
            float f = (float)vals[j];
            memcpy(&u, &f, 4);
        } else
            u = (uint32_t)(int32_t)(vals[j] * 256) & 0xffff;
        for (int i = 0; i < (klv2 ? 4 : 2); i++)
            b[k++] = (uint8_t)(u >> (8 * i));
    }
    return k;
}

#define ND(tile, acc, end, arc) ((uint32_t)(tile) << 24 | (acc) << 23 | (end) << 22 | (uint32_t)(arc))

static int32_t klv_value(sk_leaves *t, const char *leave)
{
    uint8_t c[64] = {0};
    for (; *leave; leave++)
        c[*leave == '?' ? 0 : *leave - 'A' + 1]++;
    return sk_leaves_value(t, c);
}

static void test_klv_hand(void)
{
    lang L;
    CHECK(lang_load(&L, "en") == 0);
    const uint32_t nodes[] = { ND(0, 0, 1, 1), ND(1, 1, 0, 3), ND(2, 1, 1, 3), ND(2, 1, 1, 0) };
    const double vals[] = { 1.5, -2.25, 4, 8 };
    for (int klv2 = 0; klv2 < 2; klv2++) {
        uint8_t b[256];
        size_t n = klv_hand(b, klv2, nodes, 4, vals, 4);
        CHECK(sk_leaves_is_klv((const char *)b, n));
        CHECK(!sk_leaves_is_klv((const char *)b, n - 1));
        sk_leaves *t = NULL;
        tk_error err = {0};
        CHECKF(sk_leaves_load(&t, &L.a, &L.ts, (const char *)b, n, &err) == 0, "klv2 %d: %s", klv2, err.msg);
        CHECK(klv_value(t, "A") == 1500 && klv_value(t, "AB") == -2250 && klv_value(t, "BA") == -2250);
        CHECK(klv_value(t, "B") == 4000 && klv_value(t, "BB") == 8000);
        CHECK(klv_value(t, "AA") == 0 && klv_value(t, "?") == 0 && sk_leaves_count(t) == 4);
        sk_leaves_destroy(t);
    }
    /* The blank is tile 0 and sorts first: leaves ? 25 and ?A 20. */
    const uint32_t bl[] = { ND(0, 0, 1, 1), ND(0, 1, 1, 2), ND(1, 1, 1, 0) };
    const double bv[] = { 25, 20 };
    uint8_t b[256];
    size_t n = klv_hand(b, 1, bl, 3, bv, 2);
    sk_leaves *t = NULL;
    tk_error err = {0};
    CHECKF(sk_leaves_load(&t, &L.a, &L.ts, (const char *)b, n, &err) == 0, "%s", err.msg);
    CHECK(klv_value(t, "?") == 25000 && klv_value(t, "?A") == 20000 && klv_value(t, "A") == 0);
    sk_leaves_destroy(t);
    /* No leaves at all (node 0 leads nowhere). */
    const uint32_t none[] = { ND(0, 0, 1, 0) };
    n = klv_hand(b, 1, none, 1, bv, 0);
    CHECK(sk_leaves_load(&t, &L.a, &L.ts, (const char *)b, n, &err) == 0 && sk_leaves_count(t) == 0);
    sk_leaves_destroy(t);
}

static void test_klv_errors(void)
{
    lang L;
    CHECK(lang_load(&L, "en") == 0);
    static const struct { uint32_t nodes[5]; int nn, nv; double v0; const char *what; } bad[] = {
        { { ND(0, 0, 1, 1), ND(1, 1, 0, 9), ND(2, 1, 1, 0) }, 3, 2, 1, "beyond the last node" },
        { { ND(0, 0, 1, 7) }, 1, 0, 1, "beyond the last node" },
        { { ND(0, 0, 1, 1), ND(2, 1, 0, 0), ND(1, 1, 1, 0) }, 3, 2, 1, "rising order" },
        { { ND(0, 0, 1, 1), ND(2, 1, 1, 3), ND(0, 0, 0, 0), ND(1, 1, 1, 0) }, 4, 2, 1, "sorted order" },
        { { ND(0, 0, 1, 1), ND(1, 1, 0, 0), ND(2, 1, 0, 0) }, 3, 2, 1, "past the last node" },
        { { ND(0, 0, 1, 1), ND(1, 0, 1, 0) }, 2, 0, 1, "neither a leave" },
        { { ND(0, 0, 1, 1), ND(27, 1, 1, 0) }, 2, 1, 1, "not in the alphabet" },
        { { ND(0, 0, 1, 1), ND(1, 1, 1, 0) }, 2, 2, 1, "2 values for 1 leaves" },
        { { ND(0, 0, 1, 1), ND(1, 1, 0, 0), ND(2, 1, 1, 0) }, 3, 1, 1, "more leaves than the 1 values" },
        { { ND(0, 0, 1, 1), ND(1, 1, 1, 0) }, 2, 1, 1e30, "not a number of points" },
        /* a cycle: Q's arc is its own list (Q, QQ, ...) */
        { { ND(0, 0, 1, 1), ND(17, 1, 1, 1) }, 2, 8, 1, "tile set has" },
        /* a cycle through blanks, which the set has 2 of, then 3 */
        { { ND(0, 0, 1, 1), ND(0, 1, 1, 1) }, 2, 8, 1, "tile set has" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        double vals[8];
        for (int k = 0; k < 8; k++)
            vals[k] = bad[i].v0;
        uint8_t b[256];
        size_t n = klv_hand(b, 1, bad[i].nodes, bad[i].nn, vals, bad[i].nv);
        sk_leaves *t = NULL;
        tk_error err = {0};
        int rc = sk_leaves_load_klv(&t, &L.a, &L.ts, (const char *)b, n, &err);
        CHECKF(rc == TK_EFORMAT && t == NULL && strstr(err.msg, bad[i].what), "case %zu: rc %d '%s'", i, rc,
               err.msg);
    }
    /* Without a tile set, the Q cycle stops at SK_RACK_MAX tiles. */
    double vals[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };
    uint8_t b[256];
    size_t n = klv_hand(b, 1, bad[10].nodes, 2, vals, 8);
    sk_leaves *t = NULL;
    tk_error err = {0};
    CHECK(sk_leaves_load_klv(&t, &L.a, NULL, (const char *)b, n, &err) == TK_EFORMAT && strstr(err.msg, "more than"));
    /* A file that is not one at all. */
    CHECK(sk_leaves_load_klv(&t, &L.a, &L.ts, "A,1\n", 4, &err) == TK_EFORMAT && t == NULL);
}

/* v thousandths of a point rounded to the nearest 1/256 of a point, in thousandths. */
static int32_t to_256ths(int32_t v)
{
    double s = v * 0.256;
    long q = (long)(s + (s < 0 ? -0.5 : 0.5));
    double x = q * (1000 / 256.0);
    return (int32_t)(x + (x < 0 ? -0.5 : 0.5));
}

/* Round trips: random partial tables (0-6 tiles, blanks, both languages)
 * written as KLV2 and read back give every stored value, 0 for the prefixes
 * the writer adds (every node of the file accepts), and one value a node;
 * KLV gives the values rounded to 1/256. */
static void test_klv_roundtrip(void)
{
    static const char *const codes[] = { "en", "is" };
    uint64_t seed = 12345;
    for (int li = 0; li < 2; li++) {
        lang L;
        CHECK(lang_load(&L, codes[li]) == 0);
        for (int round = 0; round < 40; round++) {
            sk_leaves *t = NULL;
            CHECK(sk_leaves_create(&t, 64) == 0);
            int want = 1 + round * 7;
            for (int k = 0; k < want; k++) {
                uint8_t c[64] = {0};
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                int len = 1 + (int)((seed >> 33) % 6);
                for (int i = 0; i < len; i++) {
                    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                    int tile = (int)((seed >> 33) % (uint64_t)(L.ts.nletters + 1));
                    if (c[tile] < L.ts.count[tile])
                        c[tile]++;
                }
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                int32_t v = (int32_t)((seed >> 33) % 200001) - 100000;   /* -100..100 points */
                CHECK(sk_leaves_set(t, c, v) == 0);
            }
            for (int klv2 = 0; klv2 < 2; klv2++) {
                char *data = NULL;
                size_t len = 0;
                CHECK(sk_leaves_write_klv(t, klv2, &data, &len) == 0);
                uint32_t nn = (uint32_t)(uint8_t)data[0] | (uint32_t)(uint8_t)data[1] << 8 |
                              (uint32_t)(uint8_t)data[2] << 16 | (uint32_t)(uint8_t)data[3] << 24;
                long notacc = 0;
                for (uint32_t i = 1; i < nn; i++)
                    notacc += !((uint8_t)data[4 + 4 * i + 2] & 0x80);
                CHECK(notacc == 0);
                sk_leaves *r = NULL;
                tk_error err = {0};
                CHECKF(sk_leaves_load(&r, &L.a, &L.ts, data, len, &err) == 0, "%s %d: %s", codes[li], round, err.msg);
                CHECK(sk_leaves_count(r) == nn - 1);
                long wrong = 0, stored = 0;
                for (size_t i = 0; i < sk_leaves_capacity(t); i++) {
                    uint8_t c[64];
                    int32_t v;
                    if (!sk_leaves_slot(t, i, c, &v))
                        continue;
                    int n = 0;
                    for (int k = 0; k < 64; k++)
                        n += c[k];
                    if (n == 0)
                        continue;
                    stored++;
                    int32_t got = sk_leaves_value(r, c);
                    int32_t exp = klv2 ? v : to_256ths(v);
                    wrong += got != exp;
                }
                /* every leave read back that was not stored is a prefix worth 0 */
                long extra = 0;
                for (size_t i = 0; i < sk_leaves_capacity(r); i++) {
                    uint8_t c[64];
                    int32_t v;
                    if (sk_leaves_slot(r, i, c, &v) && sk_leaves_value(t, c) == 0 && v != 0)
                        extra++;
                }
                CHECKF(wrong == 0 && extra == 0 && stored > 0, "%s round %d klv2 %d: %ld wrong, %ld extra",
                       codes[li], round, klv2, wrong, extra);
                sk_leaves_destroy(r);
                free(data);
            }
            sk_leaves_destroy(t);
        }
    }
}

/* A look-up written here the way MAGPIE's reads a KLV2 (word counts per
 * node; one index for each tile followed, which holds only when every
 * prefix of a leave is a leave): the value of the sorted tiles t[0..len),
 * or NAN when the graph has no such path. */
typedef struct kfile { const uint8_t *b; uint32_t n; uint32_t *wc; } kfile;

static uint32_t knode(const kfile *k, uint32_t p)
{
    const uint8_t *q = k->b + 4 + 4 * (size_t)p;
    return (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
}

static uint32_t kcount(kfile *k, uint32_t p)
{
    if (p >= k->n)
        return 0;
    if (k->wc[p] == 0) {
        uint32_t x = knode(k, p);
        k->wc[p] = ((x >> 23) & 1) + ((x & 0x3fffff) ? kcount(k, x & 0x3fffff) : 0) +
                   ((x >> 22) & 1 ? 0 : kcount(k, p + 1));
    }
    return k->wc[p];
}

static double magpie_value(kfile *k, const uint8_t *t, int len)
{
    uint32_t p = knode(k, 0) & 0x3fffff, idx = 0;
    for (int i = 0; i < len; i++) {
        if (p == 0)
            return NAN;
        while ((knode(k, p) >> 24) != t[i]) {
            if ((knode(k, p) >> 22) & 1)
                return NAN;
            idx += kcount(k, p) - kcount(k, p + 1);
            p++;
        }
        if (i == len - 1)
            break;
        idx += 1;
        p = knode(k, p) & 0x3fffff;
    }
    const uint8_t *v = k->b + 8 + 4 * (size_t)k->n + 4 * (size_t)idx;
    uint32_t bits = (uint32_t)v[0] | (uint32_t)v[1] << 8 | (uint32_t)v[2] << 16 | (uint32_t)v[3] << 24;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

/* Random tables as KLV2 read by that look-up give every stored value. */
static void test_klv_magpie_lookup(void)
{
    lang L;
    CHECK(lang_load(&L, "en") == 0);
    uint64_t seed = 777;
    long checked = 0, wrong = 0;
    for (int round = 0; round < 30; round++) {
        sk_leaves *t = NULL;
        CHECK(sk_leaves_create(&t, 64) == 0);
        for (int k = 0; k < 5 + round * 11; k++) {
            uint8_t c[64] = {0};
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            int len = 1 + (int)((seed >> 33) % 6);
            for (int i = 0; i < len; i++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                int tile = (int)((seed >> 33) % 27);
                if (c[tile] < L.ts.count[tile])
                    c[tile]++;
            }
            CHECK(sk_leaves_set(t, c, (int32_t)(seed >> 40) % 50000 - 25000) == 0);
        }
        char *data = NULL;
        size_t len = 0;
        CHECK(sk_leaves_write_klv(t, 1, &data, &len) == 0);
        kfile kf = { (const uint8_t *)data, 0, NULL };
        kf.n = (uint32_t)kf.b[0] | (uint32_t)kf.b[1] << 8 | (uint32_t)kf.b[2] << 16 | (uint32_t)kf.b[3] << 24;
        kf.wc = calloc(kf.n + 1, sizeof *kf.wc);
        for (size_t i = 0; i < sk_leaves_capacity(t); i++) {
            uint8_t c[64], tiles[8];
            int32_t v;
            int n = 0;
            if (!sk_leaves_slot(t, i, c, &v))
                continue;
            for (int x = 0; x < 64; x++)
                for (int r = 0; r < c[x]; r++)
                    tiles[n++] = (uint8_t)x;
            for (int pre = 1; pre <= n; pre++) {   /* the leave and each leave that begins it */
                double got = magpie_value(&kf, tiles, pre);
                uint8_t pc[64] = {0};
                for (int x = 0; x < pre; x++)
                    pc[tiles[x]]++;
                int32_t want = sk_leaves_value(t, pc);
                checked++;
                wrong += !(fabs(got * 1000 - want) < 0.5);
            }
        }
        free(kf.wc);
        free(data);
        sk_leaves_destroy(t);
    }
    CHECKF(wrong == 0 && checked > 1000, "%ld of %ld leaves wrong", wrong, checked);
}

static const th_test tests[] = {
    { "leaves_klv_magpie_lookup", test_klv_magpie_lookup },
    { "leaves_klv_hand", test_klv_hand },
    { "leaves_klv_errors", test_klv_errors },
    { "leaves_klv_roundtrip", test_klv_roundtrip },
    { "rack_values", test_rack_values },
    { "leaves_dense_en", test_dense_en },
    { "leaves_dense_is", test_dense_is },
    { "leaves_dense_units", test_dense_units },
    { "leaves_csv_errors", test_csv_errors },
    { 0, 0 }
};

int main(int argc, char **argv) { return th_main("skleaves", tests, argc, argv); }
