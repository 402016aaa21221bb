/* fuzz_boggrid.c - libFuzzer target: Boggle grid parser and whole solve.
 *
 * Input: one option byte (bit 0: Hungarian alphabet instead of English,
 * bits 1-3: minimum length 1..8), then grid text.  A grid that parses is
 * printed with bog_grid_format and parsed again (must give the same grid),
 * then solved against a small built-in dictionary; every reported word must
 * be in the dictionary, long enough, in strictly increasing byte order, with
 * the right score, and its path must be distinct adjacent unblocked cells
 * whose faces spell it.  Any violation aborts. */
#include "tilekit/boggle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const en_words =
    "a\nat\nate\neat\ntea\ntee\nteen\nseen\nsee\nset\nsat\nqua\nquad\nquit\nqadi\nsuq\nthe\nthen\nthin\n"
    "inner\nhe\nher\nhere\nanther\ntest\ntests\nstate\ntaste\neast\nseat\nseats\naaaa\naaa\n";
static const char *const hu_words = "kér\nrék\nér\nőr\nkő\nkert\nalma\nszó\nszőr\nőrs\nfű\nűr\nzsák\n";

typedef struct fz {
    dawg_graph *d;
    bog_dict *bd;
    bog_solver *s;
} fz;

static void setup(fz *f, const char *spec, const char *words)
{
    alpha_table a;
    if (alpha_parse(&a, spec, strlen(spec), NULL) != TK_OK ||
        dawg_build(&f->d, &a, words, strlen(words), NULL, NULL, NULL) != TK_OK ||
        bog_dict_create(&f->bd, f->d, NULL) != TK_OK || bog_solver_create(&f->s, f->bd, NULL) != TK_OK)
        abort();
}

static int spell(const bog_grid *g, const alpha_table *a, const uint16_t *cells, int n, char *out, size_t cap)
{
    size_t at = 0;
    uint8_t seen[BOG_MAX_CELLS] = {0};
    for (int i = 0; i < n; i++) {
        int c = cells[i];
        if (c >= g->rows * g->cols || seen[c] || !g->n[c])
            return -1;
        seen[c] = 1;
        if (i) {
            int p = cells[i - 1];
            int dr = c / g->cols - p / g->cols, dc = c % g->cols - p % g->cols;
            if (dr < -1 || dr > 1 || dc < -1 || dc > 1)
                return -1;
        }
        at += alpha_decode(a, g->let[c], g->n[c], 0, out + at, cap - at);
        if (at >= cap)
            return -1;
    }
    return (int)at;
}

static int cps(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fz en, hu;
    if (!en.d) {
        setup(&en, "abcdefghijklmnopqrstuvwxyz", en_words);
        setup(&hu, "a á b c d e é f g h i í j k l m n o ó ö ő p q r s t u ú ü ű v w x y z", hu_words);
    }
    if (size < 1)
        return 0;
    fz *f = (data[0] & 1) ? &hu : &en;
    int min = 1 + ((data[0] >> 1) & 7);
    const alpha_table *a = bog_dict_alphabet(f->bd);
    static bog_grid g, h;
    tk_error err = {0};
    if (bog_grid_parse(&g, a, (const char *)data + 1, size - 1, &err) != TK_OK) {
        if (err.msg[0] == 0)
            abort();                        /* every error has a message */
        return 0;
    }
    /* format and parse back */
    size_t need = bog_grid_format(&g, a, NULL, 0);
    char *text = malloc(need + 1);
    if (!text || bog_grid_format(&g, a, text, need + 1) != need || bog_grid_parse(&h, a, text, need, &err) != TK_OK)
        abort();
    if (h.rows != g.rows || h.cols != g.cols)
        abort();
    for (int i = 0; i < g.rows * g.cols; i++)
        if (h.n[i] != g.n[i] || memcmp(h.let[i], g.let[i], g.n[i]) != 0)
            abort();
    free(text);

    bog_result r;
    if (bog_solve(f->s, &g, min, BOG_TEXT | BOG_PATHS, &r, &err) != TK_OK)
        abort();
    long score = 0;
    for (size_t i = 0; i < r.count; i++) {
        const bog_word *w = &r.words[i];
        const char *word = r.text + w->text;
        char buf[BOG_FACE_MAX * 64 * 4 + 1];
        int n = spell(&g, a, r.paths + w->path, w->ncells, buf, sizeof buf);
        if (n < 0 || strcmp(buf, word) != 0)
            abort();
        if (!dawg_contains_utf8(f->d, word) || cps(word) < min || w->length != cps(word) ||
            w->score != bog_score(w->length))
            abort();
        if (i && strcmp(r.text + r.words[i - 1].text, word) >= 0)
            abort();
        score += w->score;
    }
    if (score != r.score)
        abort();
    return 0;
}
