/* boggle_support.c - see boggle_support.h.
 *
 * The oracle is deliberately naive and shares nothing with src/boggle/: it
 * enumerates the dictionary with dawg_foreach_word and, for each word, tries
 * every cell as a start and searches depth-first for a path of distinct
 * adjacent cells whose faces spell the word exactly (a face of k letters must
 * match the next k letters).  Lengths are counted in code points of the
 * decoded word, scores with its own copy of the table. */
#include "boggle_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bt_solver_open(bt_solver *b, dawg_graph *d)
{
    b->d = d;
    b->bd = NULL;
    b->s = NULL;
    if (d && bog_dict_create(&b->bd, d, NULL) == TK_OK && bog_solver_create(&b->s, b->bd, NULL) == TK_OK)
        return 1;
    CHECKF(0, "no dictionary or solver");
    bt_solver_close(b);
    return 0;
}

void bt_solver_close(bt_solver *b)
{
    bog_solver_destroy(b->s);
    bog_dict_destroy(b->bd);
    dawg_destroy(b->d);
    b->d = NULL;
    b->bd = NULL;
    b->s = NULL;
}

dawg_graph *bt_dict_text(const char *alpha_spec, const char *words)
{
    alpha_table a;
    tk_error err = {0};
    if (alpha_spec && alpha_parse(&a, alpha_spec, strlen(alpha_spec), &err) != TK_OK) {
        printf("bt_dict_text: alphabet: %s\n", err.msg);
        return NULL;
    }
    dawg_graph *d = NULL;
    if (dawg_build(&d, alpha_spec ? &a : NULL, words, strlen(words), NULL, NULL, &err) != TK_OK) {
        printf("bt_dict_text: %s\n", err.msg);
        return NULL;
    }
    return d;
}

dawg_graph *bt_dict_lang(const char *lang, int every, const char *keep, th_rng *rng)
{
    return bt_dict_lang_alpha(lang, lang, every, keep, rng);
}

dawg_graph *bt_dict_lang_alpha(const char *lang, const char *alpha, int every, const char *keep, th_rng *rng)
{
    char rel[128], path[4096];
    snprintf(rel, sizeof rel, "data/alphabets/%s.txt", alpha);
    snprintf(path, sizeof path, "%s", th_top_path(rel));
    size_t alen, wlen;
    char *spec = th_read_file(path, &alen);
    snprintf(rel, sizeof rel, "data/words/%s.txt", lang);
    snprintf(path, sizeof path, "%s", th_top_path(rel));
    char *words = th_read_file(path, &wlen);
    if (!spec || !words) {
        free(spec);
        free(words);
        return NULL;
    }
    alpha_table a;
    tk_error err = {0};
    dawg_graph *d = NULL;
    if (alpha_parse(&a, spec, alen, &err) != TK_OK) {
        printf("bt_dict_lang: %s\n", err.msg);
    } else {
        char *sel = malloc(wlen + 1);
        size_t n = 0;
        for (char *p = words; *p;) {
            char *nl = strchr(p, '\n');
            size_t l = nl ? (size_t)(nl - p) : strlen(p);
            int take = every <= 1 || th_below(rng, (uint32_t)every) == 0;
            if (!take && keep)
                for (const char *k = keep; *k && !take;) {
                    uint32_t cp;
                    int m = alpha_utf8_decode(k, strlen(k), &cp);
                    if (m <= 0)
                        break;
                    for (size_t i = 0; i + (size_t)m <= l; i++)
                        if (memcmp(p + i, k, (size_t)m) == 0)
                            take = 1;
                    k += m;
                }
            if (take) {
                memcpy(sel + n, p, l);
                n += l;
                sel[n++] = '\n';
            }
            p = nl ? nl + 1 : p + l;
        }
        if (dawg_build(&d, &a, sel, n, NULL, NULL, &err) != TK_OK)
            printf("bt_dict_lang: %s\n", err.msg);
        free(sel);
    }
    free(spec);
    free(words);
    return d;
}

/* ---- the oracle ---------------------------------------------------------- */

static int oracle_score(int len)
{
    if (len <= 2) return 0;
    if (len <= 4) return 1;
    if (len == 5) return 2;
    if (len == 6) return 3;
    if (len == 7) return 5;
    return 11;
}

static int cp_count(const char *s)
{
    int n = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            n++;
    return n;
}

/* Can w[pos..n) be spelled starting at `cell`? */
static int trace(const bog_grid *g, const uint8_t *w, int n, int pos, int cell, uint8_t *used)
{
    int k = g->n[cell];
    if (k == 0 || used[cell] || pos + k > n)
        return 0;
    for (int i = 0; i < k; i++)
        if (g->let[cell][i] != w[pos + i])
            return 0;
    if (pos + k == n)
        return 1;
    used[cell] = 1;
    int r = cell / g->cols, c = cell % g->cols, ok = 0;
    for (int dr = -1; dr <= 1 && !ok; dr++)
        for (int dc = -1; dc <= 1 && !ok; dc++) {
            int rr = r + dr, cc = c + dc;
            if ((dr || dc) && rr >= 0 && rr < g->rows && cc >= 0 && cc < g->cols)
                ok = trace(g, w, n, pos + k, rr * g->cols + cc, used);
        }
    used[cell] = 0;
    return ok;
}

typedef struct oracle_ctx {
    const dawg_graph *d;
    const bog_grid *g;
    int min_len;
    bt_answer *ans;
    size_t cap;
    int cps[64];            /* code points of each letter */
    uint8_t starts[64];     /* letter begins some cell's face */
    int have[64];           /* letters on the grid's faces */
    uint8_t used[BOG_MAX_CELLS];
} oracle_ctx;

static int oracle_word(void *vctx, const uint8_t *letters, int n)
{
    oracle_ctx *x = vctx;
    char text[ALPHA_WORD_MAX * (ALPHA_LETTER_MAX + 1) + 1];
    int len = 0;
    for (int i = 0; i < n; i++)
        len += x->cps[letters[i]];
    if (len < x->min_len || !x->starts[letters[0]])
        return 0;
    /* a word uses each cell once: it cannot need more of a letter than the
     * faces hold (this keeps words longer than the grid from exploding the
     * path search on grids of one letter) */
    int need[64] = {0};
    for (int i = 0; i < n; i++)
        if (++need[letters[i]] > x->have[letters[i]])
            return 0;
    int cells = x->g->rows * x->g->cols, found = 0;
    for (int i = 0; i < cells && !found; i++)
        if (x->g->let[i][0] == letters[0])
            found = trace(x->g, letters, n, 0, i, x->used);
    if (!found)
        return 0;
    alpha_decode(dawg_alphabet(x->d), letters, n, 0, text, sizeof text);
    if (x->ans->count == x->cap) {
        x->cap = x->cap ? 2 * x->cap : 64;
        x->ans->words = realloc(x->ans->words, x->cap * sizeof *x->ans->words);
    }
    x->ans->words[x->ans->count++] = strdup(text);
    x->ans->score += oracle_score(len);
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* bt_oracle_keep: the words of one graph, in dawg_foreach_word order */
static struct kept {
    const dawg_graph *d;
    uint8_t *letters;      /* each word's length, then its letters */
    size_t len, cap;
} KEPT;

static int keep_word(void *ctx, const uint8_t *letters, int n)
{
    (void)ctx;
    if (KEPT.len + (size_t)n + 1 > KEPT.cap) {
        KEPT.cap = (KEPT.len + (size_t)n + 1) * 2;
        KEPT.letters = realloc(KEPT.letters, KEPT.cap);
    }
    KEPT.letters[KEPT.len++] = (uint8_t)n;
    memcpy(KEPT.letters + KEPT.len, letters, (size_t)n);
    KEPT.len += (size_t)n;
    return 0;
}

void bt_oracle_keep(const dawg_graph *d)
{
    free(KEPT.letters);
    memset(&KEPT, 0, sizeof KEPT);
    if (d) {
        dawg_foreach_word(d, keep_word, NULL);
        KEPT.d = d;
    }
}

void bt_oracle(const dawg_graph *d, const bog_grid *g, int min_len, bt_answer *out)
{
    oracle_ctx *x = calloc(1, sizeof *x);
    memset(out, 0, sizeof *out);
    x->d = d;
    x->g = g;
    x->min_len = min_len;
    x->ans = out;
    const alpha_table *a = dawg_alphabet(d);
    for (int i = 1; i <= a->size; i++)
        x->cps[i] = cp_count(a->lower[i]);
    for (int i = 0; i < g->rows * g->cols; i++)
        if (g->n[i]) {
            x->starts[g->let[i][0]] = 1;
            for (int k = 0; k < g->n[i]; k++)
                x->have[g->let[i][k]]++;
        }
    if (d == KEPT.d)
        for (size_t i = 0; i < KEPT.len; i += 1 + (size_t)KEPT.letters[i])
            oracle_word(x, KEPT.letters + i + 1, KEPT.letters[i]);
    else
        dawg_foreach_word(d, oracle_word, x);
    if (out->count)
        qsort(out->words, out->count, sizeof *out->words, cmp_str);
    free(x);
}

void bt_answer_free(bt_answer *a)
{
    for (size_t i = 0; i < a->count; i++)
        free(a->words[i]);
    free(a->words);
    memset(a, 0, sizeof *a);
}

int bt_path_spells(const dawg_graph *d, const bog_grid *g, const uint16_t *cells, int n, const char *word)
{
    const alpha_table *a = dawg_alphabet(d);
    char buf[ALPHA_WORD_MAX * (ALPHA_LETTER_MAX + 1) + 1];
    size_t at = 0;
    uint8_t seen[BOG_MAX_CELLS] = {0};
    for (int i = 0; i < n; i++) {
        int c = cells[i];
        if (c < 0 || c >= g->rows * g->cols || seen[c] || g->n[c] == 0)
            return 0;
        seen[c] = 1;
        if (i) {
            int p = cells[i - 1];
            int dr = c / g->cols - p / g->cols, dc = c % g->cols - p % g->cols;
            if (dr < -1 || dr > 1 || dc < -1 || dc > 1)
                return 0;
        }
        at += alpha_decode(a, g->let[c], g->n[c], 0, buf + at, sizeof buf - at);
        if (at >= sizeof buf)
            return 0;
    }
    return n > 0 && strcmp(buf, word) == 0;
}

int bt_compare(const dawg_graph *d, const bog_dict *bd, bog_solver *s, const bog_grid *g, int min_len, const char *what)
{
    bt_answer want;
    bt_oracle(d, g, min_len, &want);
    bog_result r;
    tk_error err = {0};
    int ok = 1;
    int rc = bog_solve(s, g, min_len, BOG_TEXT | BOG_PATHS, &r, &err);
    CHECKF(rc == TK_OK, "%s: %s", what, err.msg);
    if (rc != TK_OK) {
        bt_answer_free(&want);
        return 0;
    }
    if (r.count != want.count || r.score != want.score) {
        ok = 0;
        CHECKF(0, "%s: %zu words, score %ld; oracle %zu words, score %ld", what, r.count, r.score,
               want.count, want.score);
    }
    for (size_t i = 0, j = 0; i < r.count || j < want.count;) {
        int c = i == r.count ? 1 : j == want.count ? -1 : strcmp(r.text + r.words[i].text, want.words[j]);
        if (c == 0) {
            const bog_word *w = &r.words[i];
            if (!bt_path_spells(d, g, r.paths + w->path, w->ncells, r.text + w->text)) {
                ok = 0;
                CHECKF(0, "%s: path for '%s' does not spell it", what, r.text + w->text);
            }
            if (w->score != oracle_score(cp_count(r.text + w->text))) {
                ok = 0;
                CHECKF(0, "%s: '%s' scored %d", what, r.text + w->text, w->score);
            }
            i++;
            j++;
        } else if (c < 0) {
            ok = 0;
            CHECKF(0, "%s: extra word '%s'", what, r.text + r.words[i].text);
            i++;
        } else {
            ok = 0;
            CHECKF(0, "%s: missing word '%s'", what, want.words[j]);
            j++;
        }
        if (!ok && th_checks_failed_in_test() > 10)
            break;
    }
    /* counting only (BOG_COUNT): the same totals, no word list */
    rc = bog_solve(s, g, min_len, BOG_COUNT, &r, &err);
    CHECK(rc == TK_OK);
    if (rc == TK_OK && (r.count != want.count || r.score != want.score || r.words)) {
        ok = 0;
        CHECKF(0, "%s: BOG_COUNT %zu words, score %ld", what, r.count, r.score);
    }
    /* the same grid without text: same count and score, ranks increasing and
     * decoding to the same set */
    rc = bog_solve(s, g, min_len, 0, &r, &err);
    CHECK(rc == TK_OK);
    if (rc == TK_OK) {
        if (r.count != want.count || r.score != want.score) {
            ok = 0;
            CHECKF(0, "%s: without text %zu words, score %ld", what, r.count, r.score);
        } else {
            for (size_t i = 0; i < r.count; i++) {
                char buf[1100];
                int n = bog_dict_word(bd, r.words[i].index, buf, sizeof buf);
                if (n < 0 || (i && r.words[i].index <= r.words[i - 1].index) ||
                    !bsearch(&(const char *){buf}, want.words, want.count, sizeof *want.words, cmp_str)) {
                    ok = 0;
                    CHECKF(0, "%s: word number %u ('%s') wrong or out of order", what, r.words[i].index,
                           n >= 0 ? buf : "?");
                    break;
                }
            }
        }
    }
    bt_answer_free(&want);
    return ok;
}

/* ---- random grids -------------------------------------------------------- */

void bt_random_grid(bog_grid *g, const alpha_table *a, int rows, int cols, const uint8_t *pool, int npool,
                    const char *const *faces, int pface, int pblock, th_rng *r)
{
    int nfaces = 0;
    while (faces && faces[nfaces])
        nfaces++;
    g->rows = rows;
    g->cols = cols;
    for (int i = 0; i < rows * cols; i++) {
        uint32_t roll = th_below(r, 100);
        memset(g->let[i], 0, BOG_FACE_MAX);
        if ((int)roll < pblock) {
            g->n[i] = 0;
        } else if (nfaces && (int)th_below(r, 100) < pface) {
            const char *f = faces[th_below(r, (uint32_t)nfaces)];
            uint8_t tmp[ALPHA_WORD_MAX];
            int n = alpha_encode(a, f, strlen(f), tmp, ALPHA_WORD_MAX, NULL);
            if (n < 1 || n > BOG_FACE_MAX) {
                n = 1;
                tmp[0] = pool[0];
            }
            g->n[i] = (uint8_t)n;
            memcpy(g->let[i], tmp, (size_t)n);
        } else {
            g->n[i] = 1;
            g->let[i][0] = pool[th_below(r, (uint32_t)npool)];
        }
    }
}

int bt_plant(bog_grid *g, const uint8_t *letters, int n, th_rng *r)
{
    int cells = g->rows * g->cols;
    if (n > cells)
        return 0;
    for (int attempt = 0; attempt < 20; attempt++) {
        int path[BOG_MAX_CELLS];
        uint8_t used[BOG_MAX_CELLS] = {0};
        int cur = (int)th_below(r, (uint32_t)cells), len = 0;
        path[len++] = cur;
        used[cur] = 1;
        while (len < n) {
            int cand[8], k = 0, rr = cur / g->cols, cc = cur % g->cols;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int r2 = rr + dr, c2 = cc + dc;
                    if ((dr || dc) && r2 >= 0 && r2 < g->rows && c2 >= 0 && c2 < g->cols &&
                        !used[r2 * g->cols + c2])
                        cand[k++] = r2 * g->cols + c2;
                }
            if (!k)
                break;
            cur = cand[th_below(r, (uint32_t)k)];
            used[cur] = 1;
            path[len++] = cur;
        }
        if (len < n)
            continue;
        for (int i = 0; i < n; i++) {
            g->n[path[i]] = 1;
            memset(g->let[path[i]], 0, BOG_FACE_MAX);
            g->let[path[i]][0] = letters[i];
        }
        return 1;
    }
    return 0;
}
