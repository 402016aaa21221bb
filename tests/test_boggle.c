/* test_boggle.c - unit tests of the Boggle module: grid parsing (packed,
 * spaced, Qu, multi-letter faces, blocked cells, UTF-8, every error and its
 * message), formatting round trips, small boards whose answers were worked
 * out by hand, Qu and length rules, deduplication, word numbering, dice sets
 * (parsing, errors, rolls that use every die once), solver argument errors,
 * solvers on several threads, and the shared vectors (../shared/vectors/
 * boggle-boards*.jsonl: exact word lists, counts and scores, also for the
 * 4-letter minimum), skipped when ../shared is absent. */
#include "support/boggle_support.h"
#include "support/json.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static alpha_table en_alpha(void)
{
    alpha_table a;
    const char *spec = "abcdefghijklmnopqrstuvwxyz";
    alpha_parse(&a, spec, strlen(spec), NULL);
    return a;
}

static alpha_table hu_alpha(void)
{
    alpha_table a;
    const char *spec = "a á b c d e é f g h i í j k l m n o ó ö ő p q r s t u ú ü ű v w x y z";
    alpha_parse(&a, spec, strlen(spec), NULL);
    return a;
}

/* Text of cell i. */
static const char *cell(const bog_grid *g, const alpha_table *a, int i)
{
    static char buf[8][64];
    static int k;
    k = (k + 1) % 8;
    bog_grid_cell_text(g, a, i / g->cols, i % g->cols, buf[k], sizeof buf[k]);
    return buf[k];
}

static int parse(bog_grid *g, const alpha_table *a, const char *text, tk_error *err)
{
    return bog_grid_parse(g, a, text, strlen(text), err);
}

static void test_score_table(void)
{
    static const int want[] = {0, 0, 0, 1, 1, 2, 3, 5, 11, 11, 11, 11, 11, 11, 11, 11, 11};
    for (int i = 0; i <= 16; i++)
        CHECKF(bog_score(i) == want[i], "length %d", i);
    CHECK(bog_score(64) == 11);
}

static void test_parse_packed(void)
{
    alpha_table a = en_alpha();
    bog_grid g;
    tk_error err = {0};
    REQUIRE(parse(&g, &a, "pers\nlatg\nsine\nters\n", &err) == TK_OK);
    CHECK(g.rows == 4 && g.cols == 4);
    CHECK(strcmp(cell(&g, &a, 0), "p") == 0 && strcmp(cell(&g, &a, 15), "s") == 0);
    REQUIRE(parse(&g, &a, "QUATE", &err) == TK_OK);
    CHECK(g.rows == 1 && g.cols == 4);
    CHECK(strcmp(cell(&g, &a, 0), "qu") == 0 && strcmp(cell(&g, &a, 1), "a") == 0);
    /* quue = qu, u, e; a bare q; qqu = q, qu */
    REQUIRE(parse(&g, &a, "quue", &err) == TK_OK);
    CHECK(g.cols == 3 && strcmp(cell(&g, &a, 0), "qu") == 0 && strcmp(cell(&g, &a, 1), "u") == 0);
    REQUIRE(parse(&g, &a, "aq\nqu", &err) != TK_OK);   /* 2 cells then 1: ragged */
    REQUIRE(parse(&g, &a, "qqu", &err) == TK_OK);
    CHECK(g.cols == 2 && strcmp(cell(&g, &a, 0), "q") == 0 && strcmp(cell(&g, &a, 1), "qu") == 0);
    /* brackets and blocked cells */
    REQUIRE(parse(&g, &a, "[th]e#\n[IN]#s\r\n", &err) == TK_OK);
    CHECK(g.rows == 2 && g.cols == 3);
    CHECK(strcmp(cell(&g, &a, 0), "th") == 0 && g.n[2] == 0 && strcmp(cell(&g, &a, 2), "#") == 0);
    CHECK(strcmp(cell(&g, &a, 3), "in") == 0);
}

static void test_parse_spaced(void)
{
    alpha_table a = en_alpha();
    bog_grid g;
    tk_error err = {0};
    REQUIRE(parse(&g, &a, "  qu a\tt e  \nth in er #\n", &err) == TK_OK);
    CHECK(g.rows == 2 && g.cols == 4);
    CHECK(strcmp(cell(&g, &a, 0), "qu") == 0 && strcmp(cell(&g, &a, 3), "e") == 0);
    CHECK(strcmp(cell(&g, &a, 4), "th") == 0 && strcmp(cell(&g, &a, 6), "er") == 0 && g.n[7] == 0);
    /* a spaced q is a bare q */
    REQUIRE(parse(&g, &a, "q u", &err) == TK_OK);
    CHECK(g.cols == 2 && strcmp(cell(&g, &a, 0), "q") == 0);
    /* packed and spaced rows may mix as long as the widths agree */
    REQUIRE(parse(&g, &a, "abc\nd e f", &err) == TK_OK);
    CHECK(g.rows == 2 && g.cols == 3);
}

static void test_parse_utf8(void)
{
    alpha_table a = hu_alpha();
    bog_grid g;
    tk_error err = {0};
    REQUIRE(parse(&g, &a, "éőú\nÉŐÚ", &err) == TK_OK);
    CHECK(g.rows == 2 && g.cols == 3);
    CHECK(strcmp(cell(&g, &a, 1), "ő") == 0 && strcmp(cell(&g, &a, 4), "ő") == 0);
    char out[64];
    bog_grid_format(&g, &a, out, sizeof out);
    CHECK(strcmp(out, "éőú\néőú\n") == 0);
}

static void test_parse_errors(void)
{
    alpha_table a = en_alpha();
    bog_grid g;
    tk_error err = {0};
    CHECK(parse(&g, &a, "abc\nab\n", &err) == TK_EFORMAT && err.line == 2 && strstr(err.msg, "row 2") &&
          strstr(err.msg, "row 1 has 3"));
    CHECK(parse(&g, &a, "abc\nabcd\n", &err) == TK_EFORMAT && err.line == 2 && strstr(err.msg, "row 2"));
    CHECK(parse(&g, &a, "ab1c", &err) == TK_EFORMAT && err.line == 1 && err.col == 3 &&
          strstr(err.msg, "'1'") && strstr(err.msg, "row 1"));
    CHECK(parse(&g, &a, "abé", &err) == TK_EFORMAT && strstr(err.msg, "'é'"));
    CHECK(parse(&g, &a, "a\xff" "b", &err) == TK_EFORMAT && strstr(err.msg, "UTF-8"));
    CHECK(parse(&g, &a, "", &err) == TK_EFORMAT && strstr(err.msg, "empty"));
    CHECK(parse(&g, &a, "  \n\n", &err) == TK_EFORMAT && strstr(err.msg, "empty"));
    CHECK(parse(&g, &a, "ab\n\ncd", &err) == TK_EFORMAT && err.line == 2);
    CHECK(parse(&g, &a, "a[th", &err) == TK_EFORMAT && strstr(err.msg, "'['"));
    CHECK(parse(&g, &a, "a[]b", &err) == TK_EFORMAT && strstr(err.msg, "empty face"));
    CHECK(parse(&g, &a, "a [abcdefghi] b", &err) == TK_ELIMIT && strstr(err.msg, "more than 8"));
    CHECK(parse(&g, &a, "a\tb c\x01", &err) == TK_EFORMAT && strstr(err.msg, "U+0001"));
    /* limits: 1024 cells in a row is fine, 1025 is not; nor 33 rows of 32 */
    char *row = malloc(1100 * 33);
    memset(row, 'a', 1025);
    row[1025] = 0;
    CHECK(parse(&g, &a, row, &err) == TK_ELIMIT);
    row[1024] = 0;
    CHECK(parse(&g, &a, row, &err) == TK_OK && g.cols == 1024);
    size_t at = 0;
    for (int r = 0; r < 33; r++) {
        memset(row + at, 'e', 32);
        at += 32;
        row[at++] = '\n';
    }
    row[at] = 0;
    CHECK(parse(&g, &a, row, &err) == TK_ELIMIT && err.line == 33);
    free(row);
    /* a failed row leaves the grid as it was */
    bog_grid_init(&g);
    CHECK(bog_grid_add_row(&g, &a, "abc", 3, &err) == TK_OK);
    CHECK(bog_grid_add_row(&g, &a, "ab", 2, &err) == TK_EFORMAT);
    CHECK(bog_grid_add_row(&g, &a, "a?c", 3, &err) == TK_EFORMAT);
    CHECK(g.rows == 1 && g.cols == 3);
    CHECK(bog_grid_add_row(&g, &a, "def", 3, &err) == TK_OK && g.rows == 2);
}

static void test_format_roundtrip(void)
{
    alpha_table a = en_alpha();
    bog_grid g, h;
    tk_error err = {0};
    char out[256];
    REQUIRE(parse(&g, &a, "quat\nEsT\n", &err) == TK_OK);
    CHECK(bog_grid_format(&g, &a, out, sizeof out) == 9 && strcmp(out, "quat\nest\n") == 0);
    REQUIRE(parse(&g, &a, "th a #\nq u x", &err) == TK_OK);
    bog_grid_format(&g, &a, out, sizeof out);
    CHECK(strcmp(out, "th a #\nq u x\n") == 0);
    REQUIRE(parse(&h, &a, out, &err) == TK_OK);
    CHECK(h.rows == g.rows && h.cols == g.cols && memcmp(h.n, g.n, 6) == 0);
    for (int i = 0; i < 6; i++)   /* only the letters each face has (the rest is unset) */
        CHECK(memcmp(h.let[i], g.let[i], g.n[i]) == 0);
    /* truncation reports the full length */
    CHECK(bog_grid_format(&g, &a, out, 4) == 13 && strlen(out) == 3);
}

/* Solve text with words (NUL-separated list in want, sorted), compare. */
static void expect_words(const char *dict, const char *grid, int min, const char *const *want, long score)
{
    dawg_graph *d = bt_dict_text("abcdefghijklmnopqrstuvwxyz", dict);
    REQUIRE(d);
    bog_dict *bd;
    bog_solver *s;
    REQUIRE(bog_dict_create(&bd, d, NULL) == TK_OK);
    REQUIRE(bog_solver_create(&s, bd, NULL) == TK_OK);
    bog_grid g;
    tk_error err = {0};
    REQUIRE(parse(&g, bog_dict_alphabet(bd), grid, &err) == TK_OK);
    bog_result r;
    REQUIRE(bog_solve(s, &g, min, BOG_TEXT | BOG_PATHS, &r, &err) == TK_OK);
    size_t n = 0;
    while (want[n])
        n++;
    CHECKF(r.count == n, "grid %s: %zu words, want %zu", grid, r.count, n);
    for (size_t i = 0; i < r.count && i < n; i++)
        CHECKF(strcmp(r.text + r.words[i].text, want[i]) == 0, "grid %s: word %zu is %s, want %s", grid, i,
               r.text + r.words[i].text, want[i]);
    CHECKF(r.score == score, "grid %s: score %ld, want %ld", grid, r.score, score);
    bog_solver_destroy(s);
    bog_dict_destroy(bd);
    dawg_destroy(d);
}

static void test_known_small(void)
{
    const char *dict = "cat\nact\ntac\nat\ncats\nscat\ndog\n";
    /* 2x2: every cell touches every other */
    expect_words(dict, "ca\nts", 3, (const char *[]){"act", "cat", "cats", "scat", "tac", NULL}, 5);
    expect_words(dict, "ca\nts", 2, (const char *[]){"act", "at", "cat", "cats", "scat", "tac", NULL}, 5);
    expect_words(dict, "ca\nts", 4, (const char *[]){"cats", "scat", NULL}, 2);
    /* 1x4: c-a-t-t in a line: act needs c next to t */
    expect_words(dict, "catt", 3, (const char *[]){"cat", "tac", NULL}, 2);
    /* blocked cell cuts the line */
    expect_words(dict, "ca#t", 3, (const char *[]){NULL}, 0);
    expect_words(dict, "c a\n# t", 3, (const char *[]){"act", "cat", "tac", NULL}, 3);
    /* one word however many paths */
    expect_words("aaa\naaaa\n", "aaa\naaa\naaa", 3, (const char *[]){"aaa", "aaaa", NULL}, 2);
    /* a cell is not reused */
    expect_words("aaaa\naaa\n", "aaa", 3, (const char *[]){"aaa", NULL}, 1);
    /* no word at all */
    expect_words(dict, "xyz\nzyx", 3, (const char *[]){NULL}, 0);
}

static void test_qu_rules(void)
{
    const char *dict = "qua\nquad\nqadi\nquit\nsuq\nquarts\nsquad\n";
    /* packed qu is one cell spelling two letters: qua has length 3 on 2 cells */
    expect_words(dict, "quad", 3, (const char *[]){"qua", "quad", NULL}, 2);
    expect_words(dict, "quad", 4, (const char *[]){"quad", NULL}, 1);
    /* qadi needs a bare q, which a Qu-only board never has */
    expect_words(dict, "quadi", 3, (const char *[]){"qua", "quad", NULL}, 2);
    expect_words(dict, "q a d i", 3, (const char *[]){"qadi", NULL}, 1);
    /* a packed q at the end of a row, or before another letter, is bare */
    expect_words(dict, "suq", 3, (const char *[]){"suq", NULL}, 1);
    /* length counts letters: quarts is 6 letters (score 3) on 5 cells */
    expect_words(dict, "quarts", 3, (const char *[]){"qua", "quarts", NULL}, 4);
    expect_words(dict, "s[qu]ad", 3, (const char *[]){"qua", "quad", "squad", NULL}, 4);
}

static void test_multi_faces(void)
{
    const char *dict = "then\nthin\ninner\nhen\nthe\nten\n";
    expect_words(dict, "th e n", 3, (const char *[]){"the", "then", NULL}, 2);
    expect_words(dict, "th in", 3, (const char *[]){"thin", NULL}, 1);
    /* "hen" cannot start in the middle of the th face */
    expect_words(dict, "th e n", 3, (const char *[]){"the", "then", NULL}, 2);
    expect_words(dict, "in n\ner #", 3, (const char *[]){"inner", NULL}, 2);
    expect_words(dict, "t h e n", 3, (const char *[]){"hen", "the", "then", NULL}, 3);
}

static int collect(void *ctx, const uint8_t *letters, int n)
{
    void **c = ctx;
    const bog_dict *bd = c[0];
    uint32_t *k = c[1];
    char want[256], got[256];
    alpha_decode(bog_dict_alphabet(bd), letters, n, 0, want, sizeof want);
    int m = bog_dict_word(bd, *k, got, sizeof got);
    CHECKF(m == (int)strlen(want) && strcmp(got, want) == 0, "word %u: '%s', want '%s'", *k, m >= 0 ? got : "?", want);
    ++*k;
    return 0;
}

static void test_word_numbers(void)
{
    th_rng r = {7};
    dawg_graph *d = bt_dict_lang("hu", 50, NULL, &r);
    if (!d) {
        th_skip("data/words/hu.txt not available");
        return;
    }
    bog_dict *bd;
    REQUIRE(bog_dict_create(&bd, d, NULL) == TK_OK);
    dawg_info info;
    dawg_get_info(d, &info);
    CHECK(bog_dict_words(bd) == info.words);
    uint32_t k = 0;
    void *ctx[2] = {bd, &k};
    dawg_foreach_word(d, collect, ctx);
    CHECK(k == bog_dict_words(bd));
    char buf[8];
    CHECK(bog_dict_word(bd, k, buf, sizeof buf) == TK_EINVAL);
    bog_dict_destroy(bd);
    dawg_destroy(d);
    /* an empty dictionary: nothing is ever found */
    dawg_graph *e = bt_dict_text("a b c", "");
    REQUIRE(e);
    bog_solver *s;
    REQUIRE(bog_dict_create(&bd, e, NULL) == TK_OK && bog_solver_create(&s, bd, NULL) == TK_OK);
    bog_grid g;
    bog_result res;
    CHECK(parse(&g, bog_dict_alphabet(bd), "abc\ncab", NULL) == TK_OK);
    CHECK(bog_solve(s, &g, 1, BOG_TEXT, &res, NULL) == TK_OK && res.count == 0);
    bog_solver_destroy(s);
    bog_dict_destroy(bd);
    dawg_destroy(e);
}

static void test_solve_errors(void)
{
    dawg_graph *d = bt_dict_text("abc", "abc\n");
    REQUIRE(d);
    bog_dict *bd;
    bog_solver *s;
    REQUIRE(bog_dict_create(&bd, d, NULL) == TK_OK && bog_solver_create(&s, bd, NULL) == TK_OK);
    bog_grid g;
    bog_result r;
    tk_error err = {0};
    REQUIRE(parse(&g, bog_dict_alphabet(bd), "abc", NULL) == TK_OK);
    CHECK(bog_solve(s, &g, 0, 0, &r, &err) == TK_EINVAL && strstr(err.msg, "minimum"));
    CHECK(bog_solve(s, &g, 65, 0, &r, &err) == TK_EINVAL);
    g.let[1][0] = 9;     /* not a letter of a 3-letter alphabet */
    CHECK(bog_solve(s, &g, 3, 0, &r, &err) == TK_EINVAL);
    bog_grid_init(&g);
    CHECK(bog_solve(s, &g, 3, 0, &r, &err) == TK_EINVAL);
    bog_dict *none = (bog_dict *)&err;
    CHECK(bog_dict_create(&none, NULL, &err) == TK_EINVAL && none == NULL);
    bog_solver_destroy(s);
    bog_solver_destroy(NULL);
    bog_dict_destroy(bd);
    bog_dict_destroy(NULL);
    dawg_destroy(d);
}

/* ---- dice -------------------------------------------------------------- */

static int load_dice(const char *name, bog_dice *d)
{
    char rel[64];
    snprintf(rel, sizeof rel, "data/boggle/dice-%s.txt", name);
    size_t len;
    char *text = th_read_file(th_top_path(rel), &len);
    if (!text)
        return -1;
    tk_error err = {0};
    int rc = bog_dice_parse(d, text, len, &err);
    if (rc)
        printf("%s: %s\n", rel, err.msg);
    free(text);
    return rc;
}

/* Kuhn's matching: can every cell be given a distinct die showing its face? */
static int match_die(const bog_dice *d, char faces[][16], int cell, int *owner, uint8_t *seen)
{
    for (int k = 0; k < d->ndice; k++) {
        if (seen[k])
            continue;
        int has = 0;
        for (int f = 0; f < d->nfaces[k]; f++)
            has |= strcmp(d->face[k][f], faces[cell]) == 0;
        if (!has)
            continue;
        seen[k] = 1;
        if (owner[k] < 0 || match_die(d, faces, owner[k], owner, seen)) {
            owner[k] = cell;
            return 1;
        }
    }
    return 0;
}

static void test_dice(void)
{
    static const char *sets[] = {"4x4", "4x4-1987", "5x5", "6x6"};
    static const int side[] = {4, 4, 5, 6};
    bog_dice *d = malloc(sizeof *d);
    alpha_table a = en_alpha();
    for (int si = 0; si < 4; si++) {
        if (load_dice(sets[si], d) != 0) {
            CHECKF(0, "dice set %s does not load", sets[si]);
            continue;
        }
        CHECK(d->rows == side[si] && d->cols == side[si] && d->ndice == side[si] * side[si]);
        for (int k = 0; k < d->ndice; k++)
            CHECK(d->nfaces[k] == 6);
        uint64_t seed = 42 + (uint64_t)si;
        char t1[512], t2[512];
        uint64_t r1 = seed, r2 = seed;
        bog_dice_roll(d, &r1, t1, sizeof t1);
        bog_dice_roll(d, &r2, t2, sizeof t2);
        CHECK(strcmp(t1, t2) == 0);
        int differ = 0;
        for (int roll = 0; roll < 200; roll++) {
            size_t n = bog_dice_roll(d, &r1, t2, sizeof t2);
            CHECK(n == strlen(t2));
            differ |= strcmp(t1, t2) != 0;
            bog_grid g;
            tk_error err = {0};
            CHECKF(parse(&g, &a, t2, &err) == TK_OK, "%s", err.msg);
            CHECK(g.rows == d->rows && g.cols == d->cols);
            char faces[64][16];
            int cells = 0;
            for (char *p = t2; *p;) {
                size_t l = strcspn(p, " \n");
                snprintf(faces[cells++], 16, "%.*s", (int)l, p);
                p += l;
                if (*p)
                    p++;
            }
            CHECK(cells == d->ndice);
            int owner[64];
            for (int k = 0; k < d->ndice; k++)
                owner[k] = -1;
            int ok = 1;
            for (int c = 0; c < cells && ok; c++) {
                uint8_t seen[64] = {0};
                ok = match_die(d, faces, c, owner, seen);
            }
            CHECKF(ok, "roll %d of %s does not use each die once: %s", roll, sets[si], t2);
        }
        CHECK(differ);
    }
    /* errors */
    tk_error err = {0};
    CHECK(bog_dice_parse(d, "a b c\n", strlen("a b c\n"), &err) == TK_EFORMAT && strstr(err.msg, "grid"));
    CHECK(bog_dice_parse(d, "grid 1x2\na b\n", strlen("grid 1x2\na b\n"), &err) == TK_EFORMAT && strstr(err.msg, "1 dice"));
    CHECK(bog_dice_parse(d, "grid 2\n", strlen("grid 2\n"), &err) == TK_EFORMAT && err.line == 1);
    CHECK(bog_dice_parse(d, "grid 1x1\na b c d e f g h i\n", strlen("grid 1x1\na b c d e f g h i\n"), &err) == TK_ELIMIT && err.line == 2);
    CHECK(bog_dice_parse(d, "grid 1x1\nabcdefghijklmnopq\n", strlen("grid 1x1\nabcdefghijklmnopq\n"), &err) == TK_ELIMIT);
    CHECK(bog_dice_parse(d, "grid 1x1\n[a]\n", strlen("grid 1x1\n[a]\n"), &err) == TK_EFORMAT);
    CHECK(bog_dice_parse(d, "; c\ngrid 1x1 ; c\n  a  # ; c\n", strlen("; c\ngrid 1x1 ; c\n  a  # ; c\n"), &err) == TK_OK && d->nfaces[0] == 2 &&
          strcmp(d->face[0][1], "#") == 0);
    free(d);
}

/* Every byte of a message is printable ASCII (no raw input bytes). */
static int clean_msg(const char *m)
{
    for (; *m; m++)
        if ((unsigned char)*m < 0x20 || (unsigned char)*m >= 0x7F)
            return 0;
    return 1;
}

/* Rolling straight into a grid gives the grid that parsing the rolled text
 * gives, draw for draw; bad bytes in a dice file are located errors. */
static void test_dice_grid(void)
{
    static const char *sets[] = {"4x4", "4x4-1987", "5x5", "6x6"};
    bog_dice *d = malloc(sizeof *d);
    REQUIRE(d);
    alpha_table a = en_alpha();
    tk_error err = {0};
    for (int si = 0; si < 4; si++) {
        if (load_dice(sets[si], d) != 0) {
            CHECKF(0, "dice set %s does not load", sets[si]);
            continue;
        }
        CHECK(bog_dice_check(d, &a, &err) == TK_OK);
        for (uint64_t seed = 0; seed < 300; seed++) {
            char t[512];
            uint64_t r1 = seed * 7919u, r2 = seed * 7919u;
            bog_dice_roll(d, &r1, t, sizeof t);
            bog_grid want, got;
            REQUIRE(parse(&want, &a, t, &err) == TK_OK);
            CHECK(bog_dice_roll_grid(d, &a, &r2, &got, &err) == TK_OK);
            CHECK(r1 == r2);
            int same = got.rows == want.rows && got.cols == want.cols;
            for (int i = 0; same && i < want.rows * want.cols; i++)
                same = got.n[i] == want.n[i] && memcmp(got.let[i], want.let[i], want.n[i]) == 0;
            CHECKF(same, "%s seed %llu: grid differs from the parsed roll %s", sets[si],
                   (unsigned long long)seed, t);
        }
    }
    /* a one-column set with multi-letter faces and a blank */
    const char *one = "grid 3x1\nqu\nth\n#\n";
    REQUIRE(bog_dice_parse(d, one, strlen(one), &err) == TK_OK);
    bog_grid g;
    uint64_t r = 5;
    REQUIRE(bog_dice_roll_grid(d, &a, &r, &g, &err) == TK_OK);
    int blocked = 0, two = 0;
    for (int i = 0; i < 3; i++) {
        blocked += g.n[i] == 0;
        two += g.n[i] == 2;
    }
    CHECK(g.rows == 3 && g.cols == 1 && blocked == 1 && two == 2);
    /* a face that is not letters of the alphabet */
    const char *bad = "grid 1x2\na b\nc 7\n";
    REQUIRE(bog_dice_parse(d, bad, strlen(bad), &err) == TK_OK);
    CHECK(bog_dice_check(d, &a, &err) == TK_EFORMAT && strstr(err.msg, "die 2, face '7'"));
    /* NUL, invalid UTF-8, control characters: located, never quoted */
    static const struct { const char *text; size_t len; long line, col; const char *what; } cases[] = {
        {"grid 1x3\na\nb\0c\nd\n", 16, 3, 2, "NUL byte"},
        {"grid 1x3\na\n\0\nd\n", 14, 3, 1, "NUL byte"},
        {"grid 1x2\na \xff\nb\n", 15, 2, 3, "invalid UTF-8 (byte 0xff)"},
        {"grid 1x2\na\nb \xc3\n", 15, 3, 3, "invalid UTF-8 (byte 0xc3)"},
        {"; \xe9t\xe9\ngrid 1x1\na\n", 17, 1, 3, "invalid UTF-8 (byte 0xe9)"},
        {"grid 1x2\na\x01" "b\nc\n", 15, 2, 2, "control character U+0001"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(&err, 0, sizeof err);
        int rc = bog_dice_parse(d, cases[i].text, cases[i].len, &err);
        CHECKF(rc == TK_EFORMAT && err.line == cases[i].line && err.col == cases[i].col &&
                   strstr(err.msg, cases[i].what) && clean_msg(err.msg),
               "case %zu: rc %d line %ld col %ld msg '%s'", i, rc, err.line, err.col, err.msg);
    }
    free(d);
}

/* ---- threads ------------------------------------------------------------- */

typedef struct job {
    const bog_dict *bd;
    const bog_grid *grids;
    int n;
    unsigned long total;
    int ok;
} job;

static void *solve_all(void *arg)
{
    job *j = arg;
    bog_solver *s;
    j->ok = bog_solver_create(&s, j->bd, NULL) == TK_OK;
    for (int i = 0; i < j->n && j->ok; i++) {
        bog_result r;
        j->ok = bog_solve(s, &j->grids[i], 3, BOG_TEXT, &r, NULL) == TK_OK;
        for (size_t k = 0; k < r.count; k++)
            j->total = j->total * 31u + r.words[k].index + strlen(r.text + r.words[k].text);
    }
    bog_solver_destroy(s);
    return NULL;
}

static void test_threads(void)
{
    th_rng r = {11};
    dawg_graph *d = bt_dict_lang("en", 5, NULL, &r);
    if (!d) {
        th_skip("data/words/en.txt not available");
        return;
    }
    bog_dict *bd;
    REQUIRE(bog_dict_create(&bd, d, NULL) == TK_OK);
    enum { N = 300 };
    bog_grid *gs = malloc(N * sizeof *gs);
    const char *vowels = "aeiou";
    for (int i = 0; i < N; i++) {
        char t[64], *p = t;
        for (int k = 0; k < 25; k++) {
            *p++ = th_below(&r, 3) ? (char)('a' + th_below(&r, 16)) : vowels[th_below(&r, 5)];  /* no q */
            if (k % 5 == 4)
                *p++ = '\n';
        }
        *p = 0;
        CHECK(parse(&gs[i], bog_dict_alphabet(bd), t, NULL) == TK_OK);
    }
    job seq = {bd, gs, N, 0, 0};
    solve_all(&seq);
    job par[3] = {{bd, gs, N, 0, 0}, {bd, gs, N, 0, 0}, {bd, gs, N, 0, 0}};
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, solve_all, &par[i]);
    for (int i = 0; i < 3; i++) {
        pthread_join(t[i], NULL);
        CHECK(par[i].ok && par[i].total == seq.total);
    }
    CHECK(seq.ok && seq.total != 0);
    free(gs);
    bog_dict_destroy(bd);
    dawg_destroy(d);
}

/* ---- shared vectors -------------------------------------------------------- */

static void check_vectors(const char *file, const char *dictfile)
{
    const char *vp = th_shared_path(file);
    if (!vp) {
        th_skip("../shared/vectors not available");
        return;
    }
    char vpath[4096];
    snprintf(vpath, sizeof vpath, "%s", vp);
    const char *wp = th_shared_path(dictfile);
    if (!wp) {
        th_skip("../shared/words not available");
        return;
    }
    size_t wlen;
    char *words = th_read_file(wp, &wlen);
    char *recs = th_read_file(vpath, NULL);
    REQUIRE(words && recs);
    dawg_graph *d = bt_dict_text(NULL, words);   /* alphabet inferred, as check-vectors does */
    free(words);
    REQUIRE(d);
    bog_dict *bd;
    bog_solver *s;
    REQUIRE(bog_dict_create(&bd, d, NULL) == TK_OK && bog_solver_create(&s, bd, NULL) == TK_OK);
    int boards = 0;
    for (char *line = recs; *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        tj_value *rec = tj_parse(line, strlen(line), NULL, 0);
        const char *name = tj_str(rec, "id") ? tj_str(rec, "id") : "?";
        const char *text = tj_str(rec, "text");
        const tj_value *wl = tj_get(rec, "words");
        if (text && wl && wl->type == TJ_ARRAY) {
            boards++;
            bog_grid g;
            tk_error err = {0};
            bog_result r;
            CHECKF(parse(&g, bog_dict_alphabet(bd), text, &err) == TK_OK, "%s: %s", name, err.msg);
            CHECK(bog_solve(s, &g, 3, BOG_TEXT, &r, &err) == TK_OK);
            int same = wl->n == r.count;
            for (size_t i = 0; same && i < wl->n; i++)
                same = wl->items[i].type == TJ_STRING && strcmp(wl->items[i].str, r.text + r.words[i].text) == 0;
            CHECKF(same, "%s: %zu words, expected %zu", name, r.count, wl->n);
            CHECKF((long long)r.count == tj_int(rec, "count", -1), "%s: count", name);
            CHECKF(r.score == tj_int(rec, "score", -1), "%s: score %ld", name, r.score);
            CHECK(bog_solve(s, &g, 4, BOG_TEXT, &r, &err) == TK_OK);
            CHECKF((long long)r.count == tj_int(rec, "count_min4", -1), "%s: count_min4", name);
            CHECKF(r.score == tj_int(rec, "score_min4", -1), "%s: score_min4", name);
        }
        tj_free(rec);
        line = nl ? nl + 1 : line + strlen(line);
    }
    CHECK(boards > 0);
    printf("  %s: %d boards\n", file, boards);
    free(recs);
    bog_solver_destroy(s);
    bog_dict_destroy(bd);
    dawg_destroy(d);
}

static void test_vectors_en(void)
{
    check_vectors("vectors/boggle-boards.jsonl", "words/en-wamerican-large-3to16.txt");
}

static void test_vectors_hu(void)
{
    check_vectors("vectors/boggle-boards-hu.jsonl", "words/hu-sample.txt");
}

static const th_test tests[] = {
    {"score_table", test_score_table},
    {"parse_packed", test_parse_packed},
    {"parse_spaced", test_parse_spaced},
    {"parse_utf8", test_parse_utf8},
    {"parse_errors", test_parse_errors},
    {"format_roundtrip", test_format_roundtrip},
    {"known_small", test_known_small},
    {"qu_rules", test_qu_rules},
    {"multi_faces", test_multi_faces},
    {"word_numbers", test_word_numbers},
    {"solve_errors", test_solve_errors},
    {"dice", test_dice},
    {"dice_grid", test_dice_grid},
    {"threads", test_threads},
    {"vectors_en", test_vectors_en},
    {"vectors_hu", test_vectors_hu},
    {0, 0}
};

int main(int argc, char **argv) { return th_main("boggle", tests, argc, argv); }
