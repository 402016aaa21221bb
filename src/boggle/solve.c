/* solve.c - every dictionary word in a Boggle grid (see tilekit/boggle.h).
 *
 * The dictionary is walked through the word graph's letter-indexed view
 * (tilekit/dawg_view.h): every edge record carries the letter set of the
 * node it leads to, the edge for letter l of a node with letter set m is
 * found by a popcount, and every word has a rank (its number in letter
 * order) computed on the way down: the word ending on an edge taken from a
 * node whose words are numbered from `base` is base + rank offset, and the
 * child's words are numbered from one later (or the same number if the
 * edge is not final).
 *
 * Solving: a depth-first search from every cell that walks the view in step
 * with the path.  For each unused neighbour whose first letter leaves the
 * current node, the edge is one popcount away; a word ending there is new
 * if its rank's stamp is not this board's generation (8-bit stamps, cleared
 * once every 255 boards), and the search goes deeper only if the child node
 * has a letter that starts a face next to that neighbour (`nbl`, computed
 * per board), so the many dead ends cost no call.  The rest of a
 * multi-letter face (Qu, Th) is followed letter by letter.  Used cells are a
 * 64-bit mask passed by value for grids of up to 64 cells, a wider mask in
 * the solver for larger ones; blocked cells start out used.  Neighbour lists
 * are computed once per grid shape.  Paths are at most ALPHA_WORD_MAX cells
 * deep because every cell spells at least one letter and the graph has no
 * longer word.
 *
 * With BOG_COUNT a new word only bumps the count and the score.  Otherwise
 * its rank, length and path go to arrays kept by the solver (they only
 * grow), sorted by rank at the end (UTF-8 byte order when the alphabet's
 * letters are sorted and prefix-free); BOG_TEXT spells each word from the
 * faces on its path and sorts by bytes when rank order is not byte order.
 *
 * A board on which a few letters repeat (a grid of one letter, and a
 * dictionary of a, aa, aaa, ...) has exponentially many paths to the same
 * prefix.  After a generous budget of descents per board, every further
 * descent first asks exhaust.c whether a word below could still be new on
 * this board; if not, the subtree is skipped.
 */
#include "bog_internal.h"

#include "core/tk_text.h"

#include <stdlib.h>
#include <string.h>

int bog_score(int length)
{
    static const int table[9] = {0, 0, 0, 1, 1, 2, 3, 5, 11};
    if (length < 0)
        return 0;
    return length >= 8 ? 11 : table[length];
}

/* bog_score for lengths below 8 (8 and more: 11) */
static const uint8_t score_of[8] = {0, 0, 0, 1, 1, 2, 3, 5};

/* ---- dictionary ------------------------------------------------------------ */

/* Code points per letter, and whether rank order is byte order: the
 * letters' texts strictly increase and none is a prefix of another. */
static void letter_facts(bog_dict *d)
{
    const alpha_table *a = dawg_view_alphabet(d->view);
    d->byte_order = 1;
    for (int i = 1; i <= a->size; i++) {
        size_t li = strlen(a->lower[i]);
        d->cpl[i] = (uint8_t)tku_utf8_count(a->lower[i], li);
        for (int j = i + 1; j <= a->size; j++) {
            size_t lj = strlen(a->lower[j]);
            if (memcmp(a->lower[i], a->lower[j], li < lj ? li : lj) >= 0)
                d->byte_order = 0;
        }
    }
}

/* The dictionary over view v, owning `owned` (v, or NULL when v is the
 * caller's): destroyed with it, or at once if this fails. */
static int dict_new(bog_dict **out, const dawg_view *v, dawg_view *owned, tk_error *err)
{
    bog_dict *d = calloc(1, sizeof *d);
    if (!d) {
        dawg_view_destroy(owned);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory preparing the dictionary");
    }
    d->view = v;
    d->owned = owned;
    letter_facts(d);
    *out = d;
    return TK_OK;
}

int bog_dict_create_view(bog_dict **out, const dawg_view *v, tk_error *err)
{
    *out = NULL;
    return v ? dict_new(out, v, NULL, err) : tk_error_set(err, TK_EINVAL, 0, 0, "no dictionary");
}

int bog_dict_create(bog_dict **out, const dawg_graph *dawg, tk_error *err)
{
    *out = NULL;
    dawg_view *v;   /* dawg_view_create reports a NULL dawg ("no dictionary") */
    int rc = dawg_view_create(&v, dawg, err);
    return rc == TK_OK ? dict_new(out, v, v, err) : rc;
}

void bog_dict_destroy(bog_dict *d)
{
    if (!d)
        return;
    dawg_view_destroy(d->owned);
    free(d);
}

const alpha_table *bog_dict_alphabet(const bog_dict *d) { return dawg_view_alphabet(d->view); }
uint32_t bog_dict_words(const bog_dict *d) { return dawg_view_words(d->view); }
const dawg_view *bog_dict_view(const bog_dict *d) { return d->view; }

int bog_dict_word(const bog_dict *d, uint32_t k, char *out, size_t cap)
{
    uint8_t letters[ALPHA_WORD_MAX];
    int n = dawg_view_word(d->view, k, letters);
    if (n < 0)
        return TK_EINVAL;
    return (int)alpha_decode(bog_dict_alphabet(d), letters, n, 0, out, cap);
}

/* ---- solver ---------------------------------------------------------------- */

int bog_solver_create(bog_solver **out, const bog_dict *d, tk_error *err)
{
    *out = NULL;
    bog_solver *s = calloc(1, sizeof *s);
    if (!s || !(s->stamp = calloc(tki_bog_ranks(d), sizeof *s->stamp))) {
        free(s);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory creating a Boggle solver");
    }
    s->d = d;
    s->E = dawg_view_edges(d->view);
    s->careful = -1;
    *out = s;
    return TK_OK;
}

void bog_solver_destroy(bog_solver *s)
{
    if (!s)
        return;
    tki_bog_exhaust_free(s);
    free(s->stamp);
    free(s->words);
    free(s->paths);
    free(s->text);
    free(s);
}

void bog_solver_set_careful(bog_solver *s, long descents) { s->careful = descents < 0 ? -1 : descents; }

static void set_shape(bog_solver *s, int rows, int cols)
{
    if (s->rows == rows && s->cols == cols)
        return;
    s->rows = rows;
    s->cols = cols;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int i = r * cols + c, k = 0;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int rr = r + dr, cc = c + dc;
                    if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < cols)
                        s->nb[i][k++] = (uint16_t)(rr * cols + cc);
                }
            s->nbn[i] = (uint8_t)k;
        }
}

/* tku_grow on *p: 0, or -1 out of memory (*p kept) */
static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    void *np = tku_grow(*p, cap, need, elem, 256);
    if (!np)
        return -1;
    *p = np;
    return 0;
}

/* A new word: rank idx, `len` code points, path s->path[0..depth) then `cell`. */
static void found(bog_solver *s, uint32_t idx, int len, int depth, int cell)
{
    s->stamp[idx] = s->gen;
    int sc = len >= 8 ? 11 : score_of[len];
    s->count++;
    s->score += sc;
    if (s->flags & BOG_COUNT)
        return;
    if (grow((void **)&s->words, &s->capwords, s->nwords + 1, sizeof *s->words) ||
        grow((void **)&s->paths, &s->cappaths, s->npaths + (size_t)depth + 1, sizeof *s->paths)) {
        s->oom = 1;
        return;
    }
    bog_word *w = &s->words[s->nwords++];
    w->index = idx;
    w->length = (uint16_t)len;
    w->score = (uint16_t)sc;
    w->text = 0;
    memcpy(s->paths + s->npaths, s->path, (size_t)depth * sizeof *s->path);
    s->paths[s->npaths + (size_t)depth] = (uint16_t)cell;
    w->path = (uint32_t)s->npaths;
    w->ncells = (uint16_t)(depth + 1);
    s->npaths += (size_t)depth + 1;
}

/* Follow the letters after the first one of a multi-letter face: *link,
 * *m and *idx describe the edge of the first letter; returns 0 if the face
 * cannot be spelled from there. */
static int follow_rest(const bog_solver *s, int cell, uint32_t *link, uint64_t *m, uint32_t *idx)
{
    const dawg_vedge *E = s->E;
    for (int j = 0; j < s->nrest[cell]; j++) {
        unsigned want = s->rest[cell][j];
        if (!((*m >> want) & 1))
            return 0;
        const dawg_vedge *x = &E[dawg_view_index(*link >> 7, *m, want)];
        *idx += (*link & 1) + x->rank;
        *link = x->link;
        *m = x->next;
    }
    return 1;
}

/* One step of the search: the path (s->path[0..depth)) spells a prefix
 * whose node is `node` (letter set m, words numbered from `base`); try to
 * add cell c (unused, its first letter in m).  Records a new word; returns
 * 1 and the child's node, letters and base in *cn, *cm, *cb if the search
 * should go on from c. */
#if defined(__GNUC__)
#define BOG_INLINE inline __attribute__((always_inline))
#else
#define BOG_INLINE inline
#endif
static BOG_INLINE int step(bog_solver *s, int c, uint32_t node, uint64_t m, uint32_t base, int len, int depth,
                       uint32_t *cn, uint64_t *cm, uint32_t *cb)
{
    const dawg_vedge *x = &s->E[dawg_view_index(node, m, s->first[c])];
    uint32_t link = x->link, idx = base + x->rank;
    uint64_t nm = x->next;
    if (s->nrest[c] && !follow_rest(s, c, &link, &nm, &idx))
        return 0;
    len += s->cpl[c];
    if ((link & 1) && len >= s->min && s->stamp[idx] != s->gen)
        found(s, idx, len, depth, c);
    if (!(nm & s->nbl[c]))
        return 0;
    *cn = link >> 7;
    *cm = nm;
    *cb = idx + (link & 1);
    if (--s->budget < 0 && (s->budget < s->floor || tki_bog_exhausted(s, *cb, *cn)))
        return 0;            /* searched out, or the work bound reached (every step from now on) */
    return 1;
}

static void dfs64(bog_solver *s, int cell, uint32_t node, uint64_t m, uint32_t base, uint64_t used, int len,
                  int depth);
static void dfs_big(bog_solver *s, int cell, uint32_t node, uint64_t m, uint32_t base, int len, int depth);

#define USED(s, c) (((s)->used[(c) >> 6] >> ((c) & 63)) & 1)

/* The search goes on from each unused neighbour of `cell` (the path's end,
 * spelling `len` code points; node, m, base as in step()) that step()
 * allows.  `big` (a constant where it is inlined) says where the used cells
 * are: the 64-bit mask `used` for grids of up to 64 cells, else s->used[]. */
static BOG_INLINE void expand(bog_solver *s, int cell, uint32_t node, uint64_t m, uint32_t base, uint64_t used,
                              int len, int depth, int big)
{
    s->path[depth - 1] = (uint16_t)cell;
    const uint16_t *nb = s->nb[cell];
    int k = s->nbn[cell];
    for (int i = 0; i < k; i++) {
        int c = nb[i];
        uint32_t cn, cb;
        uint64_t cm;
        if (((m >> s->first[c]) & 1) && !(big ? USED(s, c) : (used >> c) & 1) &&
            step(s, c, node, m, base, len, depth, &cn, &cm, &cb)) {
            if (big)
                dfs_big(s, c, cn, cm, cb, len + s->cpl[c], depth + 1);
            else
                dfs64(s, c, cn, cm, cb, used | (uint64_t)1 << c, len + s->cpl[c], depth + 1);
        }
    }
}

/* Grids of up to 64 cells: `used` holds the path's cells. */
static void dfs64(bog_solver *s, int cell, uint32_t node, uint64_t m, uint32_t base, uint64_t used, int len,
                  int depth)
{
    expand(s, cell, node, m, base, used, len, depth, 0);
}

/* Larger grids: the path's cells are marked in s->used[]. */
static void dfs_big(bog_solver *s, int cell, uint32_t node, uint64_t m, uint32_t base, int len, int depth)
{
    s->used[cell >> 6] |= (uint64_t)1 << (cell & 63);
    expand(s, cell, node, m, base, 0, len, depth, 1);
    s->used[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
}

/* ---- sorting the results ------------------------------------------------- */

static int word_less(const bog_word *a, const bog_word *b, const char *text)
{
    if (text)
        return strcmp(text + a->text, text + b->text) < 0;
    return a->index < b->index;
}

/* Quicksort (median of three, insertion sort for short runs, recursion on
 * the smaller side); text NULL sorts by rank. */
static void sort_words(bog_word *w, size_t n, const char *text)
{
    while (n > 16) {
        size_t m = n / 2;
        bog_word t;
        if (word_less(&w[m], &w[0], text)) { t = w[m]; w[m] = w[0]; w[0] = t; }
        if (word_less(&w[n - 1], &w[0], text)) { t = w[n - 1]; w[n - 1] = w[0]; w[0] = t; }
        if (word_less(&w[n - 1], &w[m], text)) { t = w[n - 1]; w[n - 1] = w[m]; w[m] = t; }
        bog_word pivot = w[m];
        size_t i = 0, j = n - 1;
        for (;;) {
            while (word_less(&w[i], &pivot, text))
                i++;
            while (word_less(&pivot, &w[j], text))
                j--;
            if (i >= j)
                break;
            t = w[i]; w[i] = w[j]; w[j] = t;
            i++;
            j--;
        }
        size_t left = j + 1;
        if (left < n - left) {
            sort_words(w, left, text);
            w += left;
            n -= left;
        } else {
            sort_words(w + left, n - left, text);
            n = left;
        }
    }
    for (size_t i = 1; i < n; i++) {
        bog_word t = w[i];
        size_t j = i;
        while (j > 0 && word_less(&t, &w[j - 1], text)) {
            w[j] = w[j - 1];
            j--;
        }
        w[j] = t;
    }
}

/* ---- solve ------------------------------------------------------------------ */

/* Check the grid and set up the per-board tables.  Returns TK_OK or TK_EINVAL. */
static int load_board(bog_solver *s, const bog_grid *g, int min_len, tk_error *err)
{
    const bog_dict *d = s->d;
    if (g->rows < 1 || g->cols < 1 || (long)g->rows * g->cols > BOG_MAX_CELLS)
        return tk_error_set(err, TK_EINVAL, 0, 0, "empty or oversized grid");
    if (min_len < 1 || min_len > ALPHA_WORD_MAX)
        return tk_error_set(err, TK_EINVAL, 0, 0, "minimum length %d out of range 1..%d", min_len,
                            ALPHA_WORD_MAX);
    int cells = g->rows * g->cols, letters = bog_dict_alphabet(d)->size;
    for (int i = 0; i < cells; i++) {
        int n = g->n[i];
        if (n > BOG_FACE_MAX)
            return tk_error_set(err, TK_EINVAL, 0, 0, "cell %d has %d letters", i, n);
        int cp = 0;
        for (int j = 0; j < n; j++) {
            if (g->let[i][j] < 1 || g->let[i][j] > letters)
                return tk_error_set(err, TK_EINVAL, 0, 0, "cell %d: letter %d not in the alphabet", i,
                                    g->let[i][j]);
            cp += d->cpl[g->let[i][j]];
        }
        s->first[i] = n ? g->let[i][0] : 0;
        s->nrest[i] = (uint8_t)(n ? n - 1 : 0);
        if (n > 1)
            memcpy(s->rest[i], g->let[i] + 1, (size_t)(n - 1));
        s->cpl[i] = (uint8_t)cp;
    }
    set_shape(s, g->rows, g->cols);
    /* letters that start a neighbouring face (bit 0, a blocked cell's, is
     * never in a node's letter set) */
    for (int i = 0; i < cells; i++) {
        uint64_t m = 0;
        for (int k = 0; k < s->nbn[i]; k++)
            m |= (uint64_t)1 << s->first[s->nb[i][k]];
        s->nbl[i] = m & ~(uint64_t)1;
    }
    s->cells = cells;
    s->min = min_len;
    s->g = g;
    return TK_OK;
}

/* Spell every word from the faces on its path. */
static int spell_words(bog_solver *s, const bog_grid *g)
{
    for (size_t i = 0; i < s->nwords; i++) {
        bog_word *w = &s->words[i];
        size_t room = (size_t)w->ncells * BOG_FACE_MAX * (ALPHA_LETTER_MAX + 1) + 1;
        if (grow((void **)&s->text, &s->captext, s->ntext + room, 1))
            return -1;
        size_t at = s->ntext;
        for (int k = 0; k < w->ncells; k++) {
            int c = s->paths[w->path + k];
            at += alpha_decode(bog_dict_alphabet(s->d), g->let[c], g->n[c], 0, s->text + at, s->captext - at);
        }
        s->text[at] = 0;
        w->text = (uint32_t)s->ntext;
        s->ntext = at + 1;
    }
    return 0;
}

void bog_solver_set_work(bog_solver *s, long steps)
{
    s->work_max = steps > 0 ? steps : 0;
}

int bog_solve(bog_solver *s, const bog_grid *g, int min_len, unsigned flags, bog_result *res, tk_error *err)
{
    const bog_dict *d = s->d;
    memset(res, 0, sizeof *res);
    int rc = load_board(s, g, min_len, err);
    if (rc != TK_OK)
        return rc;
    int cells = s->cells;
    s->flags = flags;
    s->oom = 0;
    s->count = 0;
    s->score = 0;
    s->nwords = s->npaths = s->ntext = 0;
    s->budget = s->careful >= 0 ? s->careful : BOG_BUDGET_BASE + BOG_BUDGET_CELL * cells;
    s->floor = s->budget - (s->work_max > 0 ? s->work_max : BOG_WORK_MAX);   /* the hard bound */
    if (++s->gen == 0) {
        memset(s->stamp, 0, tki_bog_ranks(d) * sizeof *s->stamp);
        s->gen = 1;
    }
    tki_bog_exhaust_board(s);

    uint32_t root = dawg_view_root(d->view);
    uint64_t rm = dawg_view_root_letters(d->view);
    if (root) {
        uint64_t blocked = 0;
        memset(s->used, 0, sizeof s->used);
        for (int i = 0; i < cells; i++)
            if (!g->n[i]) {
                blocked |= i < 64 ? (uint64_t)1 << i : 0;
                s->used[i >> 6] |= (uint64_t)1 << (i & 63);
            }
        for (int i = 0; i < cells; i++) {
            uint32_t cn, cb;
            uint64_t cm;
            if (!g->n[i] || !((rm >> s->first[i]) & 1) || !step(s, i, root, rm, 0, 0, 0, &cn, &cm, &cb))
                continue;
            if (cells <= 64)
                dfs64(s, i, cn, cm, cb, blocked | (uint64_t)1 << i, s->cpl[i], 1);
            else
                dfs_big(s, i, cn, cm, cb, s->cpl[i], 1);
        }
    }
    if (s->oom)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory storing the words found");
    if (s->budget < s->floor)
        return tk_error_set(err, TK_ELIMIT, 0, 0,
                            "search stopped after %ld steps (the work limit of one board): the dictionary "
                            "has too many words along this board's paths",
                            s->work_max > 0 ? s->work_max : BOG_WORK_MAX);
    if (!(flags & BOG_COUNT)) {
        if (flags & BOG_TEXT) {
            if (spell_words(s, g))
                return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory storing the words found");
            sort_words(s->words, s->nwords, d->byte_order ? NULL : s->text);
        } else {
            sort_words(s->words, s->nwords, NULL);
        }
    }
    res->count = s->count;
    res->score = s->score;
    if (!(flags & BOG_COUNT)) {
        res->words = s->words;
        res->text = s->text;
        res->paths = s->paths;
    }
    return TK_OK;
}
