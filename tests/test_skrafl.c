/* test_skrafl.c - unit tests of the Scrabble engine, and the shared vectors.
 *
 * Layouts and tile sets are checked against the facts (counts of premium
 * squares, the digit grids of ../shared/data/scrabble-facts.md when present),
 * parsers against good and bad input (errors must name row and column),
 * notation and scores against hand-computed examples on a tiny dictionary,
 * --check against the generator's own list, top-N and count-only against
 * the full list, and the 48 shared positions (MAGPIE's move sets) by move
 * count, SHA-256 of the canonical move set, best score and top moves.
 */
#include "support/harness.h"
#include "support/json.h"
#include "support/skrafl_sha256.h"
#include "tilekit/dawg.h"
#include "tilekit/skrafl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp_top(const char *rel, size_t *len)
{
    return th_read_file(th_top_path(rel), len);
}

/* ---- sha256 ------------------------------------------------------------------------- */

static void test_sha256(void)
{
    char hex[65];
    skrafl_sha256_hex("", 0, hex);
    CHECK(strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") == 0);
    skrafl_sha256_hex("abc", 3, hex);
    CHECK(strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0);
    const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    skrafl_sha256_hex(m, strlen(m), hex);
    CHECK(strcmp(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1") == 0);
    /* Incremental updates across block boundaries give the same digest. */
    char big[1000];
    for (int i = 0; i < 1000; i++)
        big[i] = (char)('a' + i % 26);
    char h1[65];
    skrafl_sha256_hex(big, sizeof big, h1);
    skrafl_sha256_ctx c;
    uint8_t d[32];
    skrafl_sha256_init(&c);
    for (int i = 0; i < 1000; i += 7)
        skrafl_sha256_update(&c, big + i, i + 7 <= 1000 ? 7 : 1000 - (size_t)i);
    skrafl_sha256_final(&c, d);
    char h2[65];
    for (int i = 0; i < 32; i++)
        snprintf(h2 + 2 * i, 3, "%02x", d[i]);
    CHECK(strcmp(h1, h2) == 0);
}

/* ---- layouts ------------------------------------------------------------------------ */

static void count_premiums(const sk_layout *l, int *tw, int *dw, int *tl, int *dl)
{
    *tw = *dw = *tl = *dl = 0;
    for (int i = 0; i < l->dim * l->dim; i++) {
        *tw += l->wmul[i] == 3;
        *dw += l->wmul[i] == 2;
        *tl += l->lmul[i] == 3;
        *dl += l->lmul[i] == 2;
    }
}

static int same_layout(const sk_layout *a, const sk_layout *b)
{
    int n = a->dim * a->dim;
    return a->dim == b->dim && a->start_row == b->start_row && a->start_col == b->start_col &&
           a->symmetric == b->symmetric && memcmp(a->wmul, b->wmul, (size_t)n) == 0 &&
           memcmp(a->lmul, b->lmul, (size_t)n) == 0;
}

/* Compare with the digit grids of the facts file, if present. */
static void check_against_facts(const sk_layout *l, const char *name)
{
    const char *p = th_shared_path("data/scrabble-facts.md");
    if (!p)
        return;
    size_t len;
    char *t = th_read_file(p, &len);
    if (!t)
        return;
    char head[64];
    snprintf(head, sizeof head, "### %s ", name);
    char *s = strstr(t, head);
    CHECK(s != NULL);
    for (int grid = 0; s && grid < 2; grid++) {
        s = strstr(s, "```\n");
        if (!s)
            break;
        s += 4;
        for (int r = 0; r < 15; r++) {
            for (int c = 0; c < 15; c++) {
                int want = s[c] - '0';
                int got = grid == 0 ? l->wmul[r * 15 + c] : l->lmul[r * 15 + c];
                CHECKF(want == got, "%s %s multiplier at row %d col %d: %d, facts say %d", name,
                       grid ? "letter" : "word", r + 1, c + 1, got, want);
            }
            s += 16;
        }
        s = strstr(s, "```");
        if (s)
            s += 3;
    }
    free(t);
}

static void test_layout_standard(void)
{
    sk_layout b, f;
    REQUIRE(sk_layout_builtin(&b, "standard", NULL) == 0);
    CHECK(b.dim == 15 && b.start_row == 7 && b.start_col == 7 && b.symmetric);
    int tw, dw, tl, dl;
    count_premiums(&b, &tw, &dw, &tl, &dl);
    CHECK(tw == 8 && dw == 17 && tl == 12 && dl == 24);
    size_t len;
    char *t = slurp_top("data/layouts/standard.txt", &len);
    REQUIRE(t != NULL);
    CHECK(sk_layout_parse(&f, t, len, NULL) == 0);
    free(t);
    CHECK(same_layout(&b, &f));
    check_against_facts(&b, "standard");
}

static void test_layout_explo(void)
{
    sk_layout b, f;
    REQUIRE(sk_layout_builtin(&b, "explo", NULL) == 0);
    CHECK(b.dim == 15 && b.start_row == 3 && b.start_col == 3 && b.symmetric);
    CHECK(b.wmul[3 * 15 + 3] == 2);
    size_t len;
    char *t = slurp_top("data/layouts/explo.txt", &len);
    REQUIRE(t != NULL);
    CHECK(sk_layout_parse(&f, t, len, NULL) == 0);
    free(t);
    CHECK(same_layout(&b, &f));
    check_against_facts(&b, "explo");
}

static void test_layout_errors(void)
{
    sk_layout l;
    tk_error err;
    const char *bad_mark = "..\n.x\n";
    CHECK(sk_layout_parse(&l, bad_mark, strlen(bad_mark), &err) == TK_EFORMAT);
    CHECK(err.line == 2 && err.col == 2 && strstr(err.msg, "'x'"));
    const char *ragged = "*..\n..\n...\n";
    CHECK(sk_layout_parse(&l, ragged, strlen(ragged), &err) == TK_EFORMAT && err.line == 2);
    const char *nostart = "...\n...\n...\n";
    CHECK(sk_layout_parse(&l, nostart, strlen(nostart), &err) == TK_EFORMAT && strstr(err.msg, "start"));
    const char *twostarts = "*..\n.+.\n...\n";
    CHECK(sk_layout_parse(&l, twostarts, strlen(twostarts), &err) == TK_EFORMAT);
    const char *notsquare = "*..\n...\n";
    CHECK(sk_layout_parse(&l, notsquare, strlen(notsquare), &err) == TK_EFORMAT);
    char big[2000];
    size_t n = 0;
    for (int r = 0; r < 22; r++) {
        for (int c = 0; c < 22; c++)
            big[n++] = (r == 0 && c == 0) ? '*' : '.';
        big[n++] = '\n';
    }
    CHECK(sk_layout_parse(&l, big, n, &err) == TK_ELIMIT);
    const char *spaced = "# comment\n T . *\n . . .\n d D t\n";
    CHECK(sk_layout_parse(&l, spaced, strlen(spaced), &err) == 0);
    CHECK(l.dim == 3 && l.start_row == 0 && l.start_col == 2 && l.wmul[0] == 3 && l.lmul[6] == 2 &&
          l.wmul[7] == 2 && l.lmul[8] == 3 && !l.symmetric);
    CHECK(sk_layout_builtin(&l, "nosuch", &err) == TK_ENOTFOUND);
}

/* ---- tile sets ---------------------------------------------------------------------- */

static int load_alpha(alpha_table *a, const char *code)
{
    char rel[64];
    size_t len;
    snprintf(rel, sizeof rel, "data/alphabets/%s.txt", code);
    char *t = slurp_top(rel, &len);
    if (!t)
        return -1;
    int rc = alpha_parse(a, t, len, NULL);
    free(t);
    return rc;
}

static void test_tileset_en(void)
{
    alpha_table a;
    REQUIRE(load_alpha(&a, "en") == 0);
    sk_tileset b, f;
    REQUIRE(sk_tileset_builtin(&b, &a, "en", NULL) == 0);
    CHECK(b.total == 100 && b.count[0] == 2 && b.value[0] == 0);
    int q = alpha_index(&a, "q"), e = alpha_index(&a, "e"), z = alpha_index(&a, "z");
    CHECK(b.value[q] == 10 && b.value[z] == 10 && b.count[e] == 12 && b.value[e] == 1);
    int sum = 0;
    for (int l = 1; l <= a.size; l++)
        sum += b.value[l] * b.count[l];
    CHECK(sum == 187);   /* the well-known total face value of the English set */
    size_t len;
    char *t = slurp_top("data/tiles/en.txt", &len);
    REQUIRE(t != NULL);
    CHECK(sk_tileset_parse(&f, &a, t, len, NULL) == 0);
    free(t);
    CHECK(memcmp(&b, &f, sizeof b) == 0);
}

static void test_tileset_is(void)
{
    alpha_table a;
    REQUIRE(load_alpha(&a, "is") == 0);
    sk_tileset b, f;
    REQUIRE(sk_tileset_builtin(&b, &a, "is", NULL) == 0);
    CHECK(b.total == 100 && b.count[0] == 2);
    CHECK(b.value[alpha_index(&a, "x")] == 10 && b.count[alpha_index(&a, "a")] == 11);
    CHECK(b.value[alpha_index(&a, "\xc3\xbe")] == 7 && b.count[alpha_index(&a, "\xc3\xb0")] == 4);
    size_t len;
    char *t = slurp_top("data/tiles/is.txt", &len);
    REQUIRE(t != NULL);
    CHECK(sk_tileset_parse(&f, &a, t, len, NULL) == 0);
    free(t);
    CHECK(memcmp(&b, &f, sizeof b) == 0);
}

static void test_tileset_errors(void)
{
    alpha_table a;
    REQUIRE(load_alpha(&a, "en") == 0);
    sk_tileset ts;
    tk_error err;
    const char *t1 = "a 1 9\n1 2 3\n";
    CHECK(sk_tileset_parse(&ts, &a, t1, strlen(t1), &err) == TK_EFORMAT && err.line == 2);
    const char *t2 = "a 1 9\na 1 9\n";
    CHECK(sk_tileset_parse(&ts, &a, t2, strlen(t2), &err) == TK_EFORMAT && strstr(err.msg, "twice"));
    const char *t3 = "a 1\n";
    CHECK(sk_tileset_parse(&ts, &a, t3, strlen(t3), &err) == TK_EFORMAT && err.line == 1);
    const char *t4 = "# nothing\n";
    CHECK(sk_tileset_parse(&ts, &a, t4, strlen(t4), &err) == TK_EFORMAT);
}

/* ---- a tiny engine ------------------------------------------------------------------ */

typedef struct tiny {
    dawg_graph *d;
    sk_engine *e;
    sk_gen *g;
} tiny;

static int tiny_open(tiny *T, const char *words, const char *layout)
{
    alpha_table a;
    memset(T, 0, sizeof *T);
    if (load_alpha(&a, "en"))
        return -1;
    if (dawg_build(&T->d, &a, words, strlen(words), NULL, NULL, NULL))
        return -1;
    sk_tileset ts;
    sk_layout l;
    if (sk_tileset_builtin(&ts, dawg_alphabet(T->d), "en", NULL) || sk_layout_builtin(&l, layout, NULL))
        return -1;
    if (sk_engine_create(&T->e, T->d, &ts, &l, NULL) || sk_gen_create(&T->g, T->e, NULL))
        return -1;
    return 0;
}

static void tiny_close(tiny *T)
{
    sk_gen_destroy(T->g);
    sk_engine_destroy(T->e);
    dawg_destroy(T->d);
}

static const char *TINY_WORDS = "at\nas\nca\ncat\ncats\nta\ntas\nact\nacts\nscat\nsat\n";

static void board_with(sk_board *b, const sk_engine *e, const char *const *rows)
{
    char text[1024];
    size_t n = 0;
    for (int r = 0; r < 15; r++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", rows[r]);
    tk_error err;
    int rc = sk_board_parse(b, e, text, n, &err);
    CHECKF(rc == 0, "%s", err.msg);
}

static const char *const CAT_BOARD[15] = {
    "...............", "...............", "...............", "...............", "...............",
    "...............", "...............", ".......CAT.....", "...............", "...............",
    "...............", "...............", "...............", "...............", "...............",
};

static const sk_move *find_move(const sk_engine *e, const sk_movelist *ml, const char *coord, const char *paren)
{
    for (size_t i = 0; i < ml->n; i++) {
        char c[16], w[64];
        sk_coord_format(ml->v[i].row, ml->v[i].col, ml->v[i].dir, c, sizeof c);
        sk_move_format(&ml->v[i], e, SK_FMT_PAREN, w, sizeof w);
        if (strcmp(c, coord) == 0 && strcmp(w, paren) == 0)
            return &ml->v[i];
    }
    return NULL;
}

static void test_parse_rack(void)
{
    tiny T;
    REQUIRE(tiny_open(&T, TINY_WORDS, "standard") == 0);
    sk_rack r;
    tk_error err;
    CHECK(sk_rack_parse(&r, T.e, "AEIRST?", 7, &err) == 0 && r.n == 7 && r.blanks == 1);
    CHECK(sk_rack_parse(&r, T.e, "aa??", 4, &err) == 0 && r.n == 4 && r.blanks == 2 && r.count[1] == 2);
    CHECK(sk_rack_parse(&r, T.e, "ABCDEFGH", 8, &err) == TK_ELIMIT && strstr(err.msg, "7"));
    CHECK(sk_rack_parse(&r, T.e, "AB1", 3, &err) == TK_EFORMAT && err.col == 3 && strstr(err.msg, "'1'"));
    CHECK(sk_rack_parse(&r, T.e, "", 0, &err) == 0 && r.n == 0);
    tiny_close(&T);
}

static void test_parse_board(void)
{
    tiny T;
    REQUIRE(tiny_open(&T, TINY_WORDS, "standard") == 0);
    sk_board b;
    tk_error err;
    char text[1024];
    size_t n = 0;
    n += (size_t)snprintf(text + n, sizeof text - n, "# a comment\n\n");
    for (int r = 0; r < 15; r++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", CAT_BOARD[r]);
    CHECK(sk_board_parse(&b, T.e, text, n, &err) == 0);
    CHECK(b.sq[7 * 15 + 7] == 3 && b.sq[7 * 15 + 8] == 1 && b.sq[7 * 15 + 9] == 20);
    /* An unknown letter: row and column in the message, file line in err.line. */
    char bad[1024];
    memcpy(bad, text, n);
    bad[2 + 11 + 16 * 3 + 6] = '3';   /* row 4, column G */
    CHECK(sk_board_parse(&b, T.e, bad, n, &err) == TK_EFORMAT);
    CHECKF(strstr(err.msg, "row 4, column G") && err.line == 6, "%s (line %ld)", err.msg, err.line);
    /* Wrong sizes. */
    CHECK(sk_board_parse(&b, T.e, text, n - 16, &err) == TK_EFORMAT && strstr(err.msg, "14 rows"));
    char longrow[1100];
    memcpy(longrow, text, n);
    memcpy(longrow + n, "...............\n", 16);
    CHECK(sk_board_parse(&b, T.e, longrow, n + 16, &err) == TK_EFORMAT && strstr(err.msg, "too many rows"));
    const char *shortrow = "..............\n";
    CHECK(sk_board_parse(&b, T.e, shortrow, strlen(shortrow), &err) == TK_EFORMAT &&
          strstr(err.msg, "row 1 has 14 squares"));
    tiny_close(&T);
}

static void test_position_check(void)
{
    tiny T;
    REQUIRE(tiny_open(&T, TINY_WORDS, "standard") == 0);
    sk_board b;
    sk_rack r;
    tk_error err;
    board_with(&b, T.e, CAT_BOARD);
    CHECK(sk_position_check(T.e, &b, NULL, &err) == 0);
    /* Floating tile. */
    b.sq[2 * 15 + 3] = 1;
    CHECK(sk_position_check(T.e, &b, NULL, &err) == TK_EFORMAT);
    CHECKF(strstr(err.msg, "row 3, column D") && strstr(err.msg, "not connected"), "%s", err.msg);
    b.sq[2 * 15 + 3] = 0;
    /* Start square empty. */
    sk_board b2 = b;
    b2.sq[7 * 15 + 7] = 0;
    CHECK(sk_position_check(T.e, &b2, NULL, &err) == TK_EFORMAT && strstr(err.msg, "empty"));
    /* Two Z tiles: the set holds one. */
    int z = alpha_index(sk_engine_alphabet(T.e), "z");
    b.sq[7 * 15 + 10] = (uint8_t)z;
    b.sq[7 * 15 + 11] = (uint8_t)z;
    CHECK(sk_position_check(T.e, &b, NULL, &err) == TK_EFORMAT);
    CHECKF(strstr(err.msg, "row 8, column L") && strstr(err.msg, "'Z'"), "%s", err.msg);
    b.sq[7 * 15 + 11] = 0;
    CHECK(sk_position_check(T.e, &b, NULL, &err) == 0);
    CHECK(sk_rack_parse(&r, T.e, "Z", 1, NULL) == 0);
    CHECK(sk_position_check(T.e, &b, &r, &err) == TK_EFORMAT && strstr(err.msg, "rack"));
    /* Blanks: two on the board as lower case + one on the rack = 3 > 2. */
    b.sq[7 * 15 + 10] = 1 | SK_BLANK;
    b.sq[7 * 15 + 11] = 1 | SK_BLANK;
    CHECK(sk_rack_parse(&r, T.e, "?", 1, NULL) == 0);
    CHECK(sk_position_check(T.e, &b, &r, &err) == TK_EFORMAT && strstr(err.msg, "blank"));
    tiny_close(&T);
}

static void test_cgp(void)
{
    tiny T;
    REQUIRE(tiny_open(&T, TINY_WORDS, "standard") == 0);
    sk_board b, want;
    sk_rack r;
    tk_error err;
    board_with(&want, T.e, CAT_BOARD);
    const char *cgp = "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 ST?/ 0/0 0 lex TEST;";
    CHECK(sk_looks_like_cgp(cgp, strlen(cgp)));
    CHECK(!sk_looks_like_cgp("...............", 15));
    CHECK(sk_cgp_parse(&b, &r, T.e, cgp, strlen(cgp), &err) == 0);
    CHECK(memcmp(b.sq, want.sq, 225) == 0 && r.n == 3 && r.blanks == 1);
    const char *lower = "15/15/15/15/15/15/15/7cAT5/15/15/15/15/15/15/15 /";
    CHECK(sk_cgp_parse(&b, &r, T.e, lower, strlen(lower), &err) == 0 && r.n == 0);
    CHECK(b.sq[7 * 15 + 7] == (3 | SK_BLANK));
    const char *shortrow = "15/15/15/15/15/15/15/7CAT4/15/15/15/15/15/15/15 A/";
    CHECK(sk_cgp_parse(&b, &r, T.e, shortrow, strlen(shortrow), &err) == TK_EFORMAT && strstr(err.msg, "row 8"));
    const char *rows14 = "15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/";
    CHECK(sk_cgp_parse(&b, &r, T.e, rows14, strlen(rows14), &err) == TK_EFORMAT && strstr(err.msg, "14 rows"));
    const char *badl = "15/15/15/15/15/15/15/7C3T5/15/15/15/15/15/15/15 A/";
    CHECK(sk_cgp_parse(&b, &r, T.e, badl, strlen(badl), &err) == TK_EFORMAT);
    const char *badrack = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A1/";
    CHECK(sk_cgp_parse(&b, &r, T.e, badrack, strlen(badrack), &err) == TK_EFORMAT && strstr(err.msg, "rack"));
    tiny_close(&T);
}

static void test_coords(void)
{
    int r, c, d;
    char buf[16];
    CHECK(sk_coord_parse("8H", 15, &r, &c, &d, NULL) == 0 && r == 7 && c == 7 && d == 0);
    CHECK(sk_coord_parse("H8", 15, &r, &c, &d, NULL) == 0 && r == 7 && c == 7 && d == 1);
    CHECK(sk_coord_parse("15o", 15, &r, &c, &d, NULL) == 0 && r == 14 && c == 14 && d == 0);
    CHECK(sk_coord_parse("A1", 15, &r, &c, &d, NULL) == 0 && r == 0 && c == 0 && d == 1);
    CHECK(sk_coord_parse("P1", 15, &r, &c, &d, NULL) != 0);
    CHECK(sk_coord_parse("16A", 15, &r, &c, &d, NULL) != 0);
    CHECK(sk_coord_parse("0A", 15, &r, &c, &d, NULL) != 0);
    CHECK(sk_coord_parse("8", 15, &r, &c, &d, NULL) != 0);
    CHECK(sk_coord_parse("", 15, &r, &c, &d, NULL) != 0);
    CHECK(sk_coord_parse("8HH", 15, &r, &c, &d, NULL) != 0);
    sk_coord_format(7, 3, 0, buf, sizeof buf);
    CHECK(strcmp(buf, "8D") == 0);
    sk_coord_format(0, 14, 1, buf, sizeof buf);
    CHECK(strcmp(buf, "O1") == 0);
    CHECK(sk_coord_format(20, 0, 0, buf, sizeof buf) == 3 && strcmp(buf, "21A") == 0);
    CHECK(sk_coord_format(9, 20, 1, buf, sizeof buf) == 3 && strcmp(buf, "U10") == 0);
    CHECK(sk_coord_format(14, 14, 0, buf, 3) == 3 && strcmp(buf, "15") == 0);   /* cut as snprintf */
    /* every coordinate of the largest board reads back */
    for (int r0 = 0; r0 < SK_MAX_DIM; r0++)
        for (int c0 = 0; c0 < SK_MAX_DIM; c0++)
            for (int d0 = 0; d0 < 2; d0++) {
                char t[16];
                int n = sk_coord_format(r0, c0, d0, t, sizeof t);
                CHECK(n == (int)strlen(t));
                CHECK(sk_coord_parse(t, SK_MAX_DIM, &r, &c, &d, NULL) == 0 && r == r0 && c == c0 && d == d0);
            }
}

/* Hand-computed scores on the tiny dictionary. */
static void test_scores_and_text(void)
{
    tiny T;
    REQUIRE(tiny_open(&T, TINY_WORDS, "standard") == 0);
    sk_board b;
    sk_rack r;
    board_with(&b, T.e, CAT_BOARD);
    CHECK(sk_rack_parse(&r, T.e, "ATS?", 4, NULL) == 0);
    sk_movelist ml = {0};
    REQUIRE(sk_generate(T.g, &b, &r, 0, &ml, NULL) == 0);
    /* 8H CATS: C3 A1 T1 from the board, S on 8K (plain): 6. */
    const sk_move *m = find_move(T.e, &ml, "8H", "(CAT)S");
    REQUIRE(m != NULL);
    CHECK(m->score == 6 && m->ntiles == 1);
    char buf[128];
    sk_move_format(m, T.e, SK_FMT_PLAYED, buf, sizeof buf);
    CHECK(strcmp(buf, "...S") == 0);
    sk_rack_leave(&r, m, T.e, buf, sizeof buf);
    CHECK(strcmp(buf, "AT?") == 0);
    /* The blank as S: 3 + 1 + 1 + 0 = 5. */
    m = find_move(T.e, &ml, "8H", "(CAT)s");
    REQUIRE(m != NULL);
    CHECK(m->score == 5);
    sk_rack_leave(&r, m, T.e, buf, sizeof buf);
    CHECK(strcmp(buf, "AST") == 0);
    /* 9H AT under CA: row 9 has DL at I9.  Main A1 + T1*2 = 3; cross CA = 4;
     * cross AT = 1 + 1*2 = 3; total 10. */
    m = find_move(T.e, &ml, "9H", "AT");
    REQUIRE(m != NULL);
    CHECK(m->score == 10);
    sk_word w[SK_MAX_WORDS];
    int nw = sk_move_words(m, &b, w, SK_MAX_WORDS);
    CHECK(nw == 3);
    static const char *const want[3] = {"AT", "CA", "AT"};
    for (int i = 0; i < nw && i < 3; i++) {
        sk_word_format(&w[i], T.e, SK_FMT_WORD, buf, sizeof buf);
        CHECKF(strcmp(buf, want[i]) == 0, "word %d: %s", i, buf);
    }
    /* The cross-words: CA down from H8 (C on the board), AT down from I8. */
    CHECK(w[1].row == 7 && w[1].col == 7 && w[1].dir == 1 && w[1].len == 2 && (w[1].cell[0] & SK_ONBOARD) &&
          !(w[1].cell[1] & SK_ONBOARD));
    CHECK(w[2].row == 7 && w[2].col == 8 && w[2].dir == 1 && w[2].len == 2);
    sk_word_format(&w[1], T.e, SK_FMT_PAREN, buf, sizeof buf);
    CHECK(strcmp(buf, "(C)A") == 0);
    /* A down play: AT at J7, A on J7 (plain) over the board's T: A1 + T1 = 2. */
    m = find_move(T.e, &ml, "J7", "A(T)");
    REQUIRE(m != NULL);
    CHECK(m->score == 2 && m->dir == 1);
    /* S after CAT: CATS and CATs across (the down word would be one letter). */
    int n = 0;
    for (size_t i = 0; i < ml.n; i++)
        if (ml.v[i].ntiles == 1 && ml.v[i].row == 7 && ml.v[i].col == 7 && ml.v[i].len == 4)
            n++;
    CHECK(n == 2);
    /* Sorted: scores never increase, ties by row, column, direction. */
    sk_movelist_sort(T.e, &ml);
    for (size_t i = 1; i < ml.n; i++)
        CHECK(sk_move_cmp(T.e, &ml.v[i - 1], &ml.v[i]) < 0);
    sk_movelist_free(&ml);
    tiny_close(&T);
}

static void test_bingo(void)
{
    tiny T;
    REQUIRE(tiny_open(&T, "abcdefg\nabcdef\n", "standard") == 0);
    sk_board b = { .dim = 15 };
    sk_rack r;
    CHECK(sk_rack_parse(&r, T.e, "ABCDEFG", 7, NULL) == 0);
    sk_movelist ml = {0};
    REQUIRE(sk_generate(T.g, &b, &r, 0, &ml, NULL) == 0);
    sk_movelist_sort(T.e, &ml);
    /* ABCDEFG at 8B: A1 B3 C3 D2 E1 F4 G2; DL on 8D (C) and 8L; H8 DW.  Starting at
     * 8B covers B..H: A(8B) B(8C) C(8D,DL) D(8E) E(8F) F(8G) G(8H,DW):
     * (1+3+6+2+1+4+2) * 2 + 50 = 88. */
    const sk_move *m = find_move(T.e, &ml, "8B", "ABCDEFG");
    REQUIRE(m != NULL);
    CHECK(m->score == 88);
    /* ABCDEF with the same rack: 6 tiles, no bonus. */
    m = find_move(T.e, &ml, "8H", "ABCDEF");
    REQUIRE(m != NULL);
    /* 8H: A(DW) B C D E F(8M) - DL on 8L holds E: (1+3+3+2+2+4)*2 = 30. */
    CHECK(m->score == 30);
    /* Only across openings on the symmetric standard layout; both with the flag. */
    for (size_t i = 0; i < ml.n; i++)
        CHECK(ml.v[i].dir == 0);
    uint64_t across = ml.total;
    REQUIRE(sk_generate(T.g, &b, &r, SK_ALL_OPENINGS, &ml, NULL) == 0);
    CHECK(ml.total == 2 * across);
    /* A short rack never earns the bonus. */
    CHECK(sk_rack_parse(&r, T.e, "ABCDEF", 6, NULL) == 0);
    REQUIRE(sk_generate(T.g, &b, &r, 0, &ml, NULL) == 0);
    m = find_move(T.e, &ml, "8H", "ABCDEF");
    REQUIRE(m != NULL);
    CHECK(m->score == 30);
    sk_movelist_free(&ml);
    tiny_close(&T);
}

static void test_check(void)
{
    tiny T;
    REQUIRE(tiny_open(&T, TINY_WORDS, "standard") == 0);
    sk_board b;
    sk_rack r;
    tk_error err;
    sk_check_result res;
    board_with(&b, T.e, CAT_BOARD);
    CHECK(sk_rack_parse(&r, T.e, "ATS?", 4, NULL) == 0);
    CHECK(sk_check(T.g, &b, &r, "9H", "AT", 0, &res, &err) == 0);
    CHECK(res.move.score == 10);
    /* Rank: 1 + moves scoring more, counted from the generator's list. */
    sk_movelist ml = {0};
    REQUIRE(sk_generate(T.g, &b, &r, 0, &ml, NULL) == 0);
    size_t more = 0;
    int best = -1;
    for (size_t i = 0; i < ml.n; i++) {
        if (ml.v[i].score > 10)
            more++;
        if (ml.v[i].score > best)
            best = ml.v[i].score;
    }
    CHECK(res.rank == more + 1 && res.total == ml.n && res.best.score == best);
    sk_movelist_free(&ml);
    /* Board tiles in parentheses or as '.', or spelled plainly. */
    CHECK(sk_check(T.g, &b, &r, "8H", "(CAT)S", 0, &res, &err) == 0 && res.move.score == 6);
    CHECK(sk_check(T.g, &b, &r, "8H", "...S", 0, &res, &err) == 0 && res.move.score == 6);
    CHECK(sk_check(T.g, &b, &r, "8H", "CATs", 0, &res, &err) == 0 && res.move.score == 5);
    /* Illegal plays, each with its reason. */
    CHECK(sk_check(T.g, &b, &r, "9H", "TA", 0, &res, &err) == TK_ENOTFOUND);
    CHECKF(strstr(err.msg, "not in the dictionary") && strstr(err.msg, "CT") && strstr(err.msg, "AA"), "%s", err.msg);
    CHECK(sk_check(T.g, &b, &r, "3C", "AT", 0, &res, &err) == TK_ENOTFOUND && strstr(err.msg, "not connected"));
    CHECK(sk_check(T.g, &b, &r, "9H", "AA", 0, &res, &err) == TK_ENOTFOUND && strstr(err.msg, "not on the rack"));
    CHECK(sk_check(T.g, &b, &r, "8H", "CUTS", 0, &res, &err) == TK_ENOTFOUND && strstr(err.msg, "holds"));
    CHECK(sk_check(T.g, &b, &r, "8G", "S(CAT)", 0, &res, &err) == 0 && res.move.score == 6);
    CHECK(sk_check(T.g, &b, &r, "8K", "(S)A", 0, &res, &err) == TK_ENOTFOUND && strstr(err.msg, "gap"));
    CHECK(sk_check(T.g, &b, &r, "8I", "AT", 0, &res, &err) == TK_ENOTFOUND && strstr(err.msg, "continues"));
    CHECK(sk_check(T.g, &b, &r, "8H", "CAT", 0, &res, &err) == TK_ENOTFOUND && strstr(err.msg, "no tile"));
    CHECK(sk_check(T.g, &b, &r, "8N", "ATS", 0, &res, &err) == TK_ENOTFOUND && strstr(err.msg, "off the board"));
    CHECK(sk_check(T.g, &b, &r, "Z9", "AT", 0, &res, &err) == TK_EFORMAT);
    CHECK(sk_check(T.g, &b, &r, "9H", "A", 0, &res, &err) == TK_EFORMAT);
    CHECK(sk_check(T.g, &b, &r, "9H", "A1", 0, &res, &err) == TK_EFORMAT);
    CHECK(sk_check(T.g, &b, &r, "9H", "(AT", 0, &res, &err) == TK_EFORMAT);
    sk_board empty = { .dim = 15 };
    CHECK(sk_check(T.g, &empty, &r, "1A", "AT", 0, &res, &err) == TK_ENOTFOUND && strstr(err.msg, "start square H8"));
    CHECK(sk_check(T.g, &empty, &r, "8G", "AT", 0, &res, &err) == 0 && res.move.score == 4);
    tiny_close(&T);
}

/* ---- the shared vectors --------------------------------------------------------------- */

static void canonical(const sk_engine *e, const sk_movelist *ml, char **lines, size_t *n)
{
    const alpha_table *A = sk_engine_alphabet(e);
    for (size_t k = 0; k < ml->n; k++) {
        const sk_move *m = &ml->v[k];
        char line[256];
        size_t len = 0;
        for (int i = 0; i < m->len; i++) {
            uint8_t t = m->word[i];
            if (t & SK_ONBOARD)
                continue;
            len += (size_t)snprintf(line + len, sizeof line - len, "%d,%d,%s ", m->row + (m->dir ? i : 0),
                                    m->col + (m->dir ? 0 : i),
                                    (t & SK_BLANK) ? A->lower[t & SK_LETTER] : A->upper[t & SK_LETTER]);
        }
        snprintf(line + len, sizeof line - len, "%d", m->score);
        lines[k] = strdup(line);
    }
    *n = ml->n;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void test_shared_vectors(void)
{
    const char *vp = th_shared_path("vectors/skrafl-positions.jsonl");
    if (!vp) {
        th_skip("../shared/vectors absent");
        return;
    }
    size_t vlen, wlen;
    char *vec = th_read_file(vp, &vlen);
    const char *wp = th_shared_path("words/en-wamerican-large-upper.txt");
    char *words = wp ? th_read_file(wp, &wlen) : NULL;
    if (!vec || !words) {
        free(vec);
        free(words);
        th_skip("../shared/words absent");
        return;
    }
    alpha_table a;
    REQUIRE(load_alpha(&a, "en") == 0);
    dawg_graph *d = NULL;
    tk_error err;
    REQUIRE(dawg_build(&d, &a, words, wlen, NULL, NULL, &err) == 0);
    free(words);
    sk_tileset ts;
    sk_layout lay;
    sk_engine *e = NULL;
    sk_gen *g = NULL;
    REQUIRE(sk_tileset_builtin(&ts, dawg_alphabet(d), "en", NULL) == 0);
    REQUIRE(sk_layout_builtin(&lay, "standard", NULL) == 0);
    REQUIRE(sk_engine_create(&e, d, &ts, &lay, NULL) == 0);
    REQUIRE(sk_gen_create(&g, e, NULL) == 0);
    sk_movelist ml = {0}, top = {0}, cnt = {0};
    int positions = 0, tops = 0;
    for (char *line = vec; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        char text[512];
        tj_value *rec = tj_parse(line, strlen(line), NULL, 0);
        REQUIRE(rec != NULL);
        const char *id = tj_str(rec, "id") ? tj_str(rec, "id") : "?";
        const char *rack = tj_str(rec, "rack") ? tj_str(rec, "rack") : "";
        const char *sha = tj_str(rec, "moves_sha256") ? tj_str(rec, "moves_sha256") : "";
        long count = (long)tj_int(rec, "count", -1);
        long best = (long)tj_int(rec, "best_score", -1);
        long vcount = (long)tj_int(rec, "count_with_vertical_openings", -1);
        /* Board rows. */
        const tj_value *bp = tj_get(rec, "board");
        size_t tn = 0;
        for (size_t r = 0; bp && bp->type == TJ_ARRAY && r < bp->n && bp->items[r].type == TJ_STRING; r++)
            tn += (size_t)snprintf(text + tn, sizeof text - tn, "%s\n", bp->items[r].str);
        sk_board b;
        sk_rack rk;
        CHECKF(sk_board_parse(&b, e, text, tn, &err) == 0, "%s: board: %s", id, err.msg);
        CHECKF(sk_rack_parse(&rk, e, rack, strlen(rack), &err) == 0, "%s: rack: %s", id, err.msg);
        CHECKF(sk_position_check(e, &b, &rk, &err) == 0, "%s: %s", id, err.msg);
        CHECK(sk_generate(g, &b, &rk, 0, &ml, NULL) == 0);
        CHECKF((long)ml.total == count, "%s: %llu moves, expected %ld", id, (unsigned long long)ml.total, count);
        char **lines = malloc((ml.n + 1) * sizeof *lines);
        size_t n;
        canonical(e, &ml, lines, &n);
        qsort(lines, n, sizeof *lines, cmp_str);
        skrafl_sha256_ctx c;
        skrafl_sha256_init(&c);
        for (size_t i = 0; i < n; i++) {
            skrafl_sha256_update(&c, lines[i], strlen(lines[i]));
            skrafl_sha256_update(&c, "\n", 1);
            free(lines[i]);
        }
        if (n == 0)
            skrafl_sha256_update(&c, "\n", 1);
        free(lines);
        uint8_t dg[32];
        char hex[65];
        skrafl_sha256_final(&c, dg);
        for (int i = 0; i < 32; i++)
            snprintf(hex + 2 * i, 3, "%02x", dg[i]);
        CHECKF(strcmp(hex, sha) == 0, "%s: move set SHA-256 %s, expected %s", id, hex, sha);
        /* Best score, the top list in order, top-N heap, count only. */
        sk_movelist_sort(e, &ml);
        CHECKF(best < 0 ? ml.n == 0 : (ml.n > 0 && ml.v[0].score == best), "%s: best score", id);
        const tj_value *tl = tj_get(rec, "top");
        for (size_t k = 0; tl && tl->type == TJ_ARRAY && k < tl->n; k++) {
            const tj_value *tp = &tl->items[k];
            int row = (int)tj_int(tp, "row", -1), col = (int)tj_int(tp, "col", -1), sc = (int)tj_int(tp, "score", -1);
            const char *dir = tj_str(tp, "dir") ? tj_str(tp, "dir") : "?";
            const char *word = tj_str(tp, "word") ? tj_str(tp, "word") : "";
            char got[64];
            int ok = k < ml.n;
            if (ok) {
                const sk_move *m = &ml.v[k];
                sk_move_format(m, e, SK_FMT_WORD, got, sizeof got);
                ok = m->row == row && m->col == col && (m->dir ? 'V' : 'H') == dir[0] && m->score == sc &&
                     strcmp(got, word) == 0;
            }
            CHECKF(ok, "%s: top move %zu: expected %s at %d,%d %s %d", id, k, word, row, col, dir, sc);
            tops++;
        }
        top.limit = 20;
        CHECK(sk_generate(g, &b, &rk, 0, &top, NULL) == 0);
        sk_movelist_sort(e, &top);
        CHECK(top.n == (ml.n < 20 ? ml.n : 20) && top.total == ml.total);
        for (size_t i = 0; i < top.n; i++)
            CHECK(sk_move_cmp(e, &top.v[i], &ml.v[i]) == 0);
        CHECK(sk_generate(g, &b, &rk, SK_COUNT_ONLY, &cnt, NULL) == 0 && cnt.total == ml.total && cnt.n == 0);
        if (sk_board_empty(&b) && vcount >= 0) {
            CHECK(sk_generate(g, &b, &rk, SK_ALL_OPENINGS | SK_COUNT_ONLY, &cnt, NULL) == 0);
            CHECKF((long)cnt.total == vcount, "%s: with down openings %llu, expected %ld", id,
                   (unsigned long long)cnt.total, vcount);
        }
        positions++;
        tj_free(rec);
        line = nl ? nl + 1 : NULL;
    }
    printf("  %d shared positions, %d top moves compared\n", positions, tops);
    CHECK(positions >= 48);
    sk_movelist_free(&ml);
    sk_movelist_free(&top);
    sk_movelist_free(&cnt);
    sk_gen_destroy(g);
    sk_engine_destroy(e);
    dawg_destroy(d);
    free(vec);
}

static const th_test tests[] = {
    { "sha256", test_sha256 },
    { "layout_standard", test_layout_standard },
    { "layout_explo", test_layout_explo },
    { "layout_errors", test_layout_errors },
    { "tileset_en", test_tileset_en },
    { "tileset_is", test_tileset_is },
    { "tileset_errors", test_tileset_errors },
    { "parse_rack", test_parse_rack },
    { "parse_board", test_parse_board },
    { "position_check", test_position_check },
    { "cgp", test_cgp },
    { "coords", test_coords },
    { "scores_and_text", test_scores_and_text },
    { "bingo_and_openings", test_bingo },
    { "check", test_check },
    { "shared_vectors", test_shared_vectors },
    { 0, 0 }
};

int main(int argc, char **argv) { return th_main("skrafl", tests, argc, argv); }
