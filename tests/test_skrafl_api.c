/* test_skrafl_api.c - the skrafl calls that give structured results:
 * the incremental board parser, the words a move forms, the score of a
 * finished move and sk_check on the generator's own plays.
 *
 * - sk_board_begin/add_row/finish must give exactly what sk_board_parse
 *   gives (status, message, line, column, squares) on every board of the
 *   test corpus (fuzz corpus, CLI golden boards, data/boards), each also
 *   with CR LF line ends and in many mutated forms (a byte dropped,
 *   replaced or doubled).
 * - On positions from random games (English word list sample, standard
 *   layout), for every generated move: sk_move_score equals the generator's
 *   score; sk_move_words equals an independent reading of the board with
 *   the move laid on it (the main word, then every perpendicular run of 2+
 *   through a new tile); and for a sample of thousands of moves, sk_check
 *   of the move's own text accepts it with the same score.
 */
#include "support/skrafl_fixture.h"
#include "tilekit/dawg.h"
#include "tilekit/skrafl.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fixture {
    dawg_graph *d;
    sk_engine *e;
    sk_gen *g;
} fixture;

static int fixture_open(fixture *F, size_t step)
{
    memset(F, 0, sizeof *F);
    size_t len;
    char *words = th_read_file(th_top_path("data/words/en.txt"), &len);
    if (!words)
        return -1;
    /* every step-th word, to keep the test quick */
    size_t o = 0, k = 0;
    for (size_t i = 0; i < len;) {
        size_t e = i;
        while (e < len && words[e] != '\n')
            e++;
        if (k++ % step == 0 || e - i <= 3) {
            memmove(words + o, words + i, e - i);
            o += e - i;
            words[o++] = '\n';
        }
        i = e + 1;
    }
    alpha_table a;
    sk_tileset ts;
    sk_layout l;
    const char *spec = "abcdefghijklmnopqrstuvwxyz";
    int rc = alpha_parse(&a, spec, strlen(spec), NULL) || dawg_build(&F->d, &a, words, o, NULL, NULL, NULL) ||
             sk_tileset_builtin(&ts, dawg_alphabet(F->d), "en", NULL) || sk_layout_builtin(&l, "standard", NULL) ||
             sk_engine_create(&F->e, F->d, &ts, &l, NULL) || sk_gen_create(&F->g, F->e, NULL);
    free(words);
    return rc ? -1 : 0;
}

static void fixture_close(fixture *F)
{
    sk_gen_destroy(F->g);
    sk_engine_destroy(F->e);
    dawg_destroy(F->d);
}

/* ---- incremental board parser ------------------------------------------------ */

/* Feed text line by line (lines split at '\n', ends kept as they are). */
static int parse_rows(sk_board *b, const sk_engine *e, const char *text, size_t len, tk_error *err)
{
    long line = 0;
    size_t p = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        p = 3;
    sk_board_begin(b, e);
    while (p < len) {
        const char *nl = memchr(text + p, '\n', len - p);
        size_t e2 = nl ? (size_t)(nl - text) + 1 : len;   /* the '\n' is passed on */
        int rc = sk_board_add_row(b, e, text + p, e2 - p, ++line, err);
        if (rc)
            return rc;
        p = e2;
    }
    return sk_board_finish(b, line, err);
}

static int same_result(const sk_engine *e, const char *text, size_t len, const char *what)
{
    sk_board b1, b2;
    tk_error e1 = {0}, e2 = {0};
    int r1 = sk_board_parse(&b1, e, text, len, &e1);
    int r2 = parse_rows(&b2, e, text, len, &e2);
    int ok = r1 == r2;
    if (ok && r1)
        ok = e1.code == e2.code && e1.line == e2.line && e1.col == e2.col && strcmp(e1.msg, e2.msg) == 0;
    if (ok && !r1)
        ok = b1.dim == b2.dim && b1.rows == b2.rows && b1.rows == b1.dim &&
             memcmp(b1.sq, b2.sq, sizeof b1.sq) == 0;
    CHECKF(ok, "%s: whole %d (%ld:%ld %s), rows %d (%ld:%ld %s)", what, r1, e1.line, e1.col, e1.msg, r2, e2.line,
           e2.col, e2.msg);
    return r1 == 0;
}

static void corpus_file(const sk_engine *e, const char *path, th_rng *rng, int *good)
{
    size_t len;
    char *t = th_read_file(path, &len);
    if (!t)
        return;
    *good += same_result(e, t, len, path);
    /* CR LF */
    char *crlf = malloc(2 * len + 1);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (t[i] == '\n')
            crlf[n++] = '\r';
        crlf[n++] = t[i];
    }
    same_result(e, crlf, n, path);
    /* mutations */
    char *m = malloc(len + 2);
    for (int k = 0; k < 60 && len > 0; k++) {
        size_t at = th_below(rng, (uint32_t)len), ml = len;
        memcpy(m, t, len);
        switch (k % 3) {
        case 0: memmove(m + at, m + at + 1, len - at - 1); ml--; break;
        case 1: m[at] = "A.a#\n \xC3?Z1"[th_below(rng, 10)]; break;
        default: memmove(m + at + 1, m + at, len - at); ml++; break;
        }
        same_result(e, m, ml, path);
    }
    free(m);
    free(crlf);
    free(t);
}

static void corpus_dir(const sk_engine *e, const char *rel, const char *suffix, th_rng *rng, int *files, int *good)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", th_top_path(rel));
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        size_t nl = strlen(de->d_name), sl = strlen(suffix);
        if (de->d_name[0] == '.' || nl < sl || strcmp(de->d_name + nl - sl, suffix) != 0)
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        corpus_file(e, path, rng, good);
        (*files)++;
    }
    closedir(d);
}

static void test_board_rows(void)
{
    fixture F;
    REQUIRE(fixture_open(&F, 50) == 0);
    th_rng rng = {0xb0a4d};
    int files = 0, good = 0;
    corpus_dir(F.e, "tests/fuzz/corpus/skboard", "", &rng, &files, &good);
    corpus_dir(F.e, "tests/cli/golden/skrafl", ".board", &rng, &files, &good);
    corpus_dir(F.e, "data/boards", ".txt", &rng, &files, &good);
    CHECKF(files >= 40 && good >= 10, "%d board files, %d valid", files, good);
    /* The line numbers are the caller's: a row error names its line. */
    sk_board b;
    tk_error err;
    sk_board_begin(&b, F.e);
    CHECK(sk_board_add_row(&b, F.e, "# comment", 9, 41, &err) == 0 && b.rows == 0);
    CHECK(sk_board_add_row(&b, F.e, "...............\r\n", 17, 42, &err) == 0 && b.rows == 1);
    CHECK(sk_board_add_row(&b, F.e, "....", 4, 43, &err) == TK_EFORMAT && err.line == 43 && b.rows == 1);
    CHECK(sk_board_finish(&b, 44, &err) == TK_EFORMAT && err.line == 44 && strstr(err.msg, "1 rows"));
    fixture_close(&F);
}

/* ---- words, score and sk_check on generated plays -------------------------------- */

/* The words of move m read off the board with m laid on it: the main run,
 * then the perpendicular runs of 2+ through each new tile. */
static int ref_words(const sk_board *b, const sk_move *m, sk_word *out)
{
    int dim = b->dim, dr = m->dir, dc = !m->dir, n = 0;
    uint8_t nb[SK_MAX_SQ], isnew[SK_MAX_SQ] = {0};
    memcpy(nb, b->sq, sizeof nb);
    for (int k = 0; k < m->len; k++) {
        int q = (m->row + k * dr) * dim + m->col + k * dc;
        if (!(m->word[k] & SK_ONBOARD)) {
            nb[q] = m->word[k] & (SK_LETTER | SK_BLANK);
            isnew[q] = 1;
        }
    }
    for (int k = -1; k < m->len; k++) {
        int r = m->row + (k < 0 ? 0 : k) * dr, c = m->col + (k < 0 ? 0 : k) * dc;
        int d = k < 0 ? m->dir : !m->dir, ar = d, ac = !d;   /* run direction */
        if (k >= 0 && !isnew[r * dim + c])
            continue;
        while (r - ar >= 0 && c - ac >= 0 && nb[(r - ar) * dim + c - ac]) {
            r -= ar;
            c -= ac;
        }
        sk_word w = {(uint8_t)r, (uint8_t)c, (uint8_t)d, 0, {0}};
        for (; r < dim && c < dim && nb[r * dim + c]; r += ar, c += ac)
            w.cell[w.len++] = (uint8_t)(nb[r * dim + c] | (isnew[r * dim + c] ? 0 : SK_ONBOARD));
        if (w.len >= 2)
            out[n++] = w;
    }
    return n;
}

static void check_moves(const sk_engine *e, sk_gen *g, const sk_board *b, const sk_rack *r, const sk_movelist *ml,
                        th_rng *rng, long *scored, long *checked)
{
    for (size_t i = 0; i < ml->n; i++) {
        const sk_move *m = &ml->v[i];
        CHECKF(sk_move_score(m, e, b) == m->score, "move %zu: %d != %d", i, sk_move_score(m, e, b), m->score);
        sk_word w[SK_MAX_WORDS], ref[SK_MAX_WORDS];
        int n = sk_move_words(m, b, w, SK_MAX_WORDS), nr = ref_words(b, m, ref);
        int same = n == nr;
        for (int k = 0; same && k < n; k++)
            same = w[k].row == ref[k].row && w[k].col == ref[k].col && w[k].dir == ref[k].dir &&
                   w[k].len == ref[k].len && memcmp(w[k].cell, ref[k].cell, w[k].len) == 0;
        CHECKF(same, "move %zu: %d words, reference %d", i, n, nr);
        (*scored)++;
        if (th_below(rng, 24) != 0)
            continue;
        char coord[8], text[128];
        sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
        sk_move_format(m, e, SK_FMT_PAREN, text, sizeof text);
        sk_check_result res;
        tk_error err = {0};
        int rc = sk_check(g, b, r, coord, text, 0, &res, &err);
        CHECKF(rc == 0 && res.move.score == m->score && res.move.ntiles == m->ntiles,
               "%s %s: rc %d score %d (generator %d) %s", coord, text, rc, res.move.score, m->score, err.msg);
        (*checked)++;
    }
}

static void test_generated_plays(void)
{
    fixture F;
    REQUIRE(fixture_open(&F, 8) == 0);
    const sk_tileset *ts = sk_engine_tileset(F.e);
    int nl = dawg_alphabet(F.d)->size;
    th_rng rng = {0x5c0de};
    long scored = 0, checked = 0;
    sk_movelist ml = {0};
    int games = (int)(8 * th_scale()) + 1;
    for (int gi = 0; gi < games; gi++) {
        int bag[64] = {0};
        for (int l = 0; l <= nl; l++)
            bag[l] = ts->count[l];
        sk_board b = {.dim = 15};
        for (int turn = 0; turn < 14; turn++) {
            sk_rack r;
            memset(&r, 0, sizeof r);
            skfx_fill_rack(&rng, bag, nl, 1, SK_RACK_MAX, &r);
            if (r.n == 0 || sk_generate(F.g, &b, &r, 0, &ml, NULL) != 0 || ml.n == 0)
                break;
            check_moves(F.e, F.g, &b, &r, &ml, &rng, &scored, &checked);
            /* play a random move (the tiles it does not use are lost: fine here) */
            const sk_move *m = &ml.v[th_below(&rng, (uint32_t)ml.n)];
            for (int k = 0; k < m->len; k++)
                b.sq[(m->row + k * m->dir) * 15 + m->col + k * !m->dir] = m->word[k] & (SK_LETTER | SK_BLANK);
        }
    }
    printf("  %ld generated moves scored and their words compared, %ld checked by sk_check\n", scored, checked);
    /* one move in 24 goes through sk_check: expect about scored / 24 */
    CHECKF(scored >= 5000 && checked >= scored / 48, "%ld moves scored, %ld checked", scored, checked);
    sk_movelist_free(&ml);
    fixture_close(&F);
}

static const th_test tests[] = {
    {"board_rows", test_board_rows},
    {"generated_plays", test_generated_plays},
    {0, 0}
};

int main(int argc, char **argv) { return th_main("skrafl_api", tests, argc, argv); }
