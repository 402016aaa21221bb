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
 * the tile set cannot hold are errors with their line.
 */
#include "skrafl/sk_gen.h"
#include "support/skrafl_fixture.h"
#include "tilekit/skgame.h"

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
    for (size_t i = 0; i < n; i++) {
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
    for (size_t i = 0; i < n; i++) {
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
    for (size_t i = 0; i < n; i++) {
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
    if (th_sanitized()) {   /* 2.3 M leaves: the plain run covers it */
        th_skip("sanitized run");
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

static const th_test tests[] = {
    { "rack_values", test_rack_values },
    { "leaves_dense_en", test_dense_en },
    { "leaves_dense_is", test_dense_is },
    { "leaves_dense_units", test_dense_units },
    { "leaves_csv_errors", test_csv_errors },
    { 0, 0 }
};

int main(int argc, char **argv) { return th_main("skleaves", tests, argc, argv); }
