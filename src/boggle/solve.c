/* solve.c - every dictionary word in a Boggle grid (see tilekit/boggle.h).
 *
 * Dictionary preparation (bog_dict_create, once per dictionary, linear): the
 * DAWG's edges are re-packed into 16-byte records holding what the search
 * needs from one edge without touching its child's list: the child node and
 * the edge's final flag, the *set of letters* leaving the child (a 64-bit
 * mask), and `off`, the number of words through the earlier edges of the
 * same sibling list.  Word counts come from one backward pass (children are
 * stored after their parents): words through an edge = final + words of its
 * child's list.  They number every word by its rank in letter order: in a
 * list whose words are numbered from `base`, the word ending on edge e is
 * base + off[e], and the child's words start one later (or at the same
 * number if e is not final).  The lists are then laid out again in
 * breadth-first order from the root, so the short prefixes that every search
 * visits share a few cache lines.
 *
 * Solving: a depth-first search from every cell that walks the DAWG in step
 * with the path.  Because sibling lists are sorted by letter, the edge for
 * letter l leaving a node with letter set m is the node plus the number of
 * letters of m below l (a popcount), so each neighbour costs one bit test and
 * one popcount: no list scanning, and the only memory touched per step is
 * the one record of the edge taken.  The rest of a multi-letter face (Qu, Th)
 * is followed the same way, letter by letter.  Used cells are a 64-bit mask
 * passed by value for grids of up to 64 cells, a wider mask (an array of
 * 64-bit words in the solver) for larger ones;
 * blocked cells start out used.  Neighbour lists are computed once per grid
 * shape.  A word found is deduplicated by its rank: stamp[rank] == generation
 * means "already reported on this board" (8-bit stamps, cleared once every
 * 255 boards), so nothing is cleared per board.  Each new word records its
 * rank, length and path in arrays kept by the solver, which only grow.  The
 * words are sorted by rank, which is UTF-8 byte order when the alphabet's
 * letters are sorted and prefix-free (every single-code-point alphabet in
 * code-point order); with BOG_TEXT each word's text is spelled from the faces
 * on its path, and sorted by bytes when the rank order is not byte order.
 */
#include "tilekit/boggle.h"

#include <stdlib.h>
#include <string.h>

typedef struct bog_e {
    uint64_t cmask;  /* letters leaving the child node (0: no child) */
    uint32_t child;  /* child node << 1 | final flag of this edge */
    uint32_t off;    /* words through the earlier edges of this sibling list */
} bog_e;

/* Number of set bits (portable; compiles to a few shifts and a multiply). */
static inline unsigned popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

/* The edge for letter l leaving node n whose letter set is m (bit l set):
 * sibling lists are sorted by letter, so it comes after one edge for each
 * smaller letter in m. */
#define CHILD_EDGE(n, m, l) ((n) + popcount64((m) & ((((uint64_t)1) << (l)) - 1)))

struct bog_dict {
    const Dawg *dawg;
    const Alphabet *a;
    bog_e *E;
    uint32_t *cnt;           /* words through each edge (for decoding) */
    uint8_t *lf;             /* letter | final << 6 | last << 7 of each edge (for decoding) */
    uint32_t nedges;
    uint32_t root;
    uint64_t root_mask;
    uint32_t words;
    int byte_order;          /* rank order == UTF-8 byte order */
    uint8_t cpl[64];         /* code points per letter */
};

#define PATH_MAX_CELLS (ALPHA_WORD_MAX + 1)

struct bog_solver {
    const bog_dict *d;
    const bog_e *E;
    uint8_t *stamp;          /* per word: generation when last reported */
    uint8_t gen;
    int min;
    unsigned flags;
    int oom;
    /* neighbour lists of the current shape */
    int rows, cols;
    uint8_t nbn[BOG_MAX_CELLS];
    uint16_t nb[BOG_MAX_CELLS][8];
    /* the current board */
    const bog_grid *g;
    uint8_t first[BOG_MAX_CELLS];
    uint8_t nrest[BOG_MAX_CELLS];
    uint8_t cpl[BOG_MAX_CELLS];
    uint8_t rest[BOG_MAX_CELLS][BOG_FACE_MAX];
    uint64_t used[BOG_MAX_CELLS / 64];    /* grids of more than 64 cells: a wide bit mask */
    uint16_t path[PATH_MAX_CELLS];
    /* results */
    bog_word *words;
    size_t nwords, capwords;
    uint16_t *paths;
    size_t npaths, cappaths;
    char *text;
    size_t ntext, captext;
};

int bog_score(int length)
{
    static const int table[9] = {0, 0, 0, 1, 1, 2, 3, 5, 11};
    if (length < 0)
        return 0;
    return length >= 8 ? 11 : table[length];
}

/* ---- dictionary ------------------------------------------------------------ */

static int count_cps(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* Lay the sibling lists out again in breadth-first order from the root, so
 * the short prefixes every search visits sit together in a few cache lines.
 * d->E and d->cnt are in the Dawg's order on entry.  Lists not reachable
 * from the root are dropped. */
static int relayout(bog_dict *d, const dawg_edge *ed)
{
    uint32_t n = d->nedges;
    uint32_t *pos = calloc(n, sizeof *pos);     /* old list start -> new, 0 = not yet */
    uint32_t *queue = malloc(n * sizeof *queue);
    bog_e *E2 = malloc(n * sizeof *E2);
    uint32_t *cnt2 = malloc(n * sizeof *cnt2);
    uint8_t *lf = malloc(n);
    if (!pos || !queue || !E2 || !cnt2 || !lf) {
        free(pos);
        free(queue);
        free(E2);
        free(cnt2);
        free(lf);
        return TK_ENOMEM;
    }
    /* breadth-first discovery; pos != 0 marks a list already queued */
    uint32_t head = 0, tail = 0;
    pos[d->root] = 1;
    queue[tail++] = d->root;
    while (head < tail) {
        for (uint32_t i = queue[head++];; i++) {
            uint32_t c = dawg_edge_child(ed[i]);
            if (c && !pos[c]) {
                pos[c] = 1;
                queue[tail++] = c;
            }
            if (dawg_edge_last(ed[i]))
                break;
        }
    }
    /* new positions in queue order */
    uint32_t next = 1;
    for (uint32_t q = 0; q < tail; q++) {
        uint32_t i = queue[q];
        pos[i] = next;
        while (!dawg_edge_last(ed[i++]))
            next++;
        next++;
    }
    for (uint32_t q = 0; q < tail; q++) {
        uint32_t old = queue[q], p = pos[old];
        for (uint32_t k = 0;; k++) {
            bog_e x = d->E[old + k];
            uint32_t c = x.child >> 1;
            x.child = (c ? pos[c] : 0) << 1 | (x.child & 1);
            E2[p + k] = x;
            cnt2[p + k] = d->cnt[old + k];
            lf[p + k] = (uint8_t)(ed[old + k] & 0xFF);
            if (dawg_edge_last(ed[old + k]))
                break;
        }
    }
    memset(&E2[0], 0, sizeof E2[0]);
    cnt2[0] = 0;
    lf[0] = 0;
    free(d->E);
    free(d->cnt);
    d->E = E2;
    d->cnt = cnt2;
    d->lf = lf;
    d->root = pos[d->root];
    d->nedges = next;
    free(pos);
    free(queue);
    return TK_OK;
}

int bog_dict_create(bog_dict **out, const Dawg *dawg, tk_error *err)
{
    *out = NULL;
    if (!dawg)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no dictionary");
    bog_dict *d = calloc(1, sizeof *d);
    uint32_t n = dawg_edge_count(dawg);
    size_t cap = n ? n : 1;
    uint32_t *sfx = malloc(cap * sizeof *sfx);
    uint8_t *start = calloc(cap, 1);
    if (!d || !sfx || !start || !(d->E = malloc(cap * sizeof *d->E)) || !(d->cnt = malloc(cap * sizeof *d->cnt))) {
        free(sfx);
        free(start);
        bog_dict_destroy(d);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory preparing the dictionary");
    }
    d->dawg = dawg;
    d->a = dawg_alphabet(dawg);
    d->nedges = n;
    d->root = dawg_root(dawg);
    const dawg_edge *ed = dawg_edges(dawg);
    /* list starts; every child must be one */
    for (uint32_t i = 1; i < n; i++)
        start[i] = i == 1 || dawg_edge_last(ed[i - 1]);
    int rc = TK_OK;
    if (d->root && !start[d->root])
        rc = TK_EFORMAT;
    /* backward: words through edge i (cnt) and through i and its later siblings (sfx) */
    for (uint32_t i = n; i-- > 1 && rc == TK_OK;) {
        dawg_edge e = ed[i];
        uint32_t child = dawg_edge_child(e);
        if (child && !start[child]) {
            rc = TK_EFORMAT;
            break;
        }
        uint64_t c = (dawg_edge_final(e) ? 1u : 0u) + (child ? (uint64_t)sfx[child] : 0);
        uint64_t s = c + (!dawg_edge_last(e) && i + 1 < n ? sfx[i + 1] : 0);
        if (s >= UINT32_MAX)
            rc = TK_ELIMIT;
        d->cnt[i] = (uint32_t)c;
        sfx[i] = (uint32_t)s;
    }
    if (rc == TK_OK && n) {
        /* forward: offsets within lists, child letter sets */
        uint64_t *mask = (uint64_t *)malloc(cap * sizeof *mask);
        if (!mask) {
            rc = TK_ENOMEM;
        } else {
            for (uint32_t i = n; i-- > 1;)
                mask[i] = ((uint64_t)1 << dawg_edge_letter(ed[i])) |
                          (!dawg_edge_last(ed[i]) && i + 1 < n ? mask[i + 1] : 0);
            uint32_t first = 1;
            for (uint32_t i = 1; i < n; i++) {
                if (start[i])
                    first = i;
                uint32_t child = dawg_edge_child(ed[i]);
                d->E[i].off = sfx[first] - sfx[i];
                d->E[i].child = child << 1 | (dawg_edge_final(ed[i]) ? 1u : 0u);
                d->E[i].cmask = child ? mask[child] : 0;
            }
            d->E[0].off = d->E[0].child = 0;
            d->E[0].cmask = 0;
            d->cnt[0] = 0;
            d->root_mask = d->root ? mask[d->root] : 0;
            free(mask);
        }
    }
    d->words = d->root && rc == TK_OK ? sfx[d->root] : 0;
    free(sfx);
    if (rc == TK_OK && d->root)
        rc = relayout(d, ed);
    free(start);
    if (rc != TK_OK) {
        bog_dict_destroy(d);
        if (rc == TK_ENOMEM)
            return tk_error_set(err, rc, 0, 0, "out of memory preparing the dictionary");
        if (rc == TK_ELIMIT)
            return tk_error_set(err, rc, 0, 0, "dictionary has too many words (limit 2^32 - 1)");
        return tk_error_set(err, rc, 0, 0, "dictionary graph enters a sibling list in its middle "
                                           "(not produced by tilekit; rebuild it with mkdawg)");
    }
    /* Rank order equals byte order when the letters' texts are strictly
     * increasing and none is a prefix of another. */
    d->byte_order = 1;
    for (int i = 1; i <= d->a->size; i++) {
        d->cpl[i] = (uint8_t)count_cps(d->a->lower[i]);
        for (int j = i + 1; j <= d->a->size; j++) {
            size_t li = strlen(d->a->lower[i]), lj = strlen(d->a->lower[j]);
            size_t m = li < lj ? li : lj;
            if (memcmp(d->a->lower[i], d->a->lower[j], m) >= 0)
                d->byte_order = 0;
        }
    }
    *out = d;
    return TK_OK;
}

void bog_dict_destroy(bog_dict *d)
{
    if (!d)
        return;
    free(d->E);
    free(d->cnt);
    free(d->lf);
    free(d);
}

const Alphabet *bog_dict_alphabet(const bog_dict *d) { return d->a; }
uint32_t bog_dict_words(const bog_dict *d) { return d->words; }

int bog_dict_word(const bog_dict *d, uint32_t k, char *out, size_t cap)
{
    if (k >= d->words)
        return TK_EINVAL;
    uint8_t letters[ALPHA_WORD_MAX + 1];
    int n = 0;
    uint32_t node = d->root;
    while (node && n <= ALPHA_WORD_MAX) {
        uint32_t e = node;
        while (k >= d->cnt[e]) {
            k -= d->cnt[e];
            if (d->lf[e] & DAWG_LAST)
                return TK_EINVAL;           /* cannot happen in a valid graph */
            e++;
        }
        letters[n++] = (uint8_t)(d->lf[e] & DAWG_LETTER_MASK);
        if (d->lf[e] & DAWG_FINAL) {
            if (k == 0)
                return (int)alpha_decode(d->a, letters, n, 0, out, cap);
            k--;
        }
        node = d->E[e].child >> 1;
    }
    return TK_EINVAL;
}

/* ---- solver ---------------------------------------------------------------- */

int bog_solver_create(bog_solver **out, const bog_dict *d, tk_error *err)
{
    *out = NULL;
    bog_solver *s = calloc(1, sizeof *s);
    if (!s || !(s->stamp = calloc(d->words ? d->words : 1, sizeof *s->stamp))) {
        free(s);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory creating a Boggle solver");
    }
    s->d = d;
    s->E = d->E;
    *out = s;
    return TK_OK;
}

void bog_solver_destroy(bog_solver *s)
{
    if (!s)
        return;
    free(s->stamp);
    free(s->words);
    free(s->paths);
    free(s->text);
    free(s);
}

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

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t nc = *cap ? *cap : 256;
    while (nc < need)
        nc *= 2;
    void *np = realloc(*p, nc * elem);
    if (!np)
        return -1;
    *p = np;
    *cap = nc;
    return 0;
}

/* A new word: rank idx, `len` code points, path s->path[0..depth). */
static void record(bog_solver *s, uint32_t idx, int len, int depth)
{
    s->stamp[idx] = s->gen;
    if (grow((void **)&s->words, &s->capwords, s->nwords + 1, sizeof *s->words) ||
        grow((void **)&s->paths, &s->cappaths, s->npaths + (size_t)depth, sizeof *s->paths)) {
        s->oom = 1;
        return;
    }
    bog_word *w = &s->words[s->nwords++];
    w->index = idx;
    w->length = (uint16_t)len;
    w->score = (uint16_t)bog_score(len);
    w->text = 0;
    memcpy(s->paths + s->npaths, s->path, (size_t)depth * sizeof *s->path);
    w->path = (uint32_t)s->npaths;
    w->ncells = (uint16_t)depth;
    s->npaths += (size_t)depth;
}

/* Follow the letters after the first one of a multi-letter face: *cf, *m
 * and *idx describe the edge of the first letter (child|final, child letter
 * set, rank); returns 0 if the face cannot be spelled from there. */
static int follow_rest(const bog_solver *s, int cell, uint32_t *cf, uint64_t *m, uint32_t *idx)
{
    const bog_e *E = s->E;
    for (int j = 0; j < s->nrest[cell]; j++) {
        unsigned want = s->rest[cell][j];
        if (!((*m >> want) & 1))
            return 0;
        const bog_e *x = &E[CHILD_EDGE(*cf >> 1, *m, want)];
        *idx += (*cf & 1) + x->off;
        *cf = x->child;
        *m = x->cmask;
    }
    return 1;
}

/* Grids of up to 64 cells.  The path so far ends at a neighbour of `cell`;
 * `cell`'s first letter matched edge ei of a list whose words are numbered
 * from `base`. */
static void extend64(bog_solver *s, int cell, uint32_t ei, uint32_t base, uint64_t used, int len, int depth)
{
    const bog_e *E = s->E;
    uint32_t cf = E[ei].child;
    uint64_t m = E[ei].cmask;
    uint32_t idx = base + E[ei].off;
    if (s->nrest[cell] && !follow_rest(s, cell, &cf, &m, &idx))
        return;
    len += s->cpl[cell];
    s->path[depth++] = (uint16_t)cell;
    if ((cf & 1) && len >= s->min && s->stamp[idx] != s->gen)
        record(s, idx, len, depth);
    if (!m || depth >= PATH_MAX_CELLS)
        return;
    used |= (uint64_t)1 << cell;
    uint32_t n = cf >> 1, nb_base = idx + (cf & 1);
    const uint16_t *nb = s->nb[cell];
    int k = s->nbn[cell];
    for (int i = 0; i < k; i++) {
        int c = nb[i];
        unsigned l = s->first[c];
        if (((m >> l) & 1) && !((used >> c) & 1))
            extend64(s, c, CHILD_EDGE(n, m, l), nb_base, used, len, depth);
    }
}

#define USED(s, c) (((s)->used[(c) >> 6] >> ((c) & 63)) & 1)

/* The same for larger grids, with the used cells in the bit mask s->used[]. */
static void extend_big(bog_solver *s, int cell, uint32_t ei, uint32_t base, int len, int depth)
{
    const bog_e *E = s->E;
    uint32_t cf = E[ei].child;
    uint64_t m = E[ei].cmask;
    uint32_t idx = base + E[ei].off;
    if (s->nrest[cell] && !follow_rest(s, cell, &cf, &m, &idx))
        return;
    len += s->cpl[cell];
    s->path[depth++] = (uint16_t)cell;
    if ((cf & 1) && len >= s->min && s->stamp[idx] != s->gen)
        record(s, idx, len, depth);
    if (!m || depth >= PATH_MAX_CELLS)
        return;
    s->used[cell >> 6] |= (uint64_t)1 << (cell & 63);
    uint32_t n = cf >> 1, nb_base = idx + (cf & 1);
    const uint16_t *nb = s->nb[cell];
    int k = s->nbn[cell];
    for (int i = 0; i < k; i++) {
        int c = nb[i];
        unsigned l = s->first[c];
        if (((m >> l) & 1) && !USED(s, c))
            extend_big(s, c, CHILD_EDGE(n, m, l), nb_base, len, depth);
    }
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

int bog_solve(bog_solver *s, const bog_grid *g, int min_len, unsigned flags,
              bog_result *res, tk_error *err)
{
    const bog_dict *d = s->d;
    memset(res, 0, sizeof *res);
    if (g->rows < 1 || g->cols < 1 || (long)g->rows * g->cols > BOG_MAX_CELLS)
        return tk_error_set(err, TK_EINVAL, 0, 0, "empty or oversized grid");
    if (min_len < 1 || min_len > ALPHA_WORD_MAX)
        return tk_error_set(err, TK_EINVAL, 0, 0, "minimum length %d out of range 1..%d", min_len,
                            ALPHA_WORD_MAX);
    int cells = g->rows * g->cols;
    for (int i = 0; i < cells; i++) {
        int n = g->n[i];
        if (n > BOG_FACE_MAX)
            return tk_error_set(err, TK_EINVAL, 0, 0, "cell %d has %d letters", i, n);
        int cp = 0;
        for (int j = 0; j < n; j++) {
            if (g->let[i][j] < 1 || g->let[i][j] > d->a->size)
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
    s->min = min_len;
    s->flags = flags;
    s->oom = 0;
    s->g = g;
    s->nwords = s->npaths = s->ntext = 0;
    if (++s->gen == 0) {
        memset(s->stamp, 0, (size_t)(d->words ? d->words : 1) * sizeof *s->stamp);
        s->gen = 1;
    }

    uint64_t rm = d->root_mask;
    if (d->root) {
        if (cells <= 64) {
            uint64_t blocked = 0;
            for (int i = 0; i < cells; i++)
                if (!g->n[i])
                    blocked |= (uint64_t)1 << i;
            for (int i = 0; i < cells; i++)
                if (g->n[i] && ((rm >> s->first[i]) & 1))
                    extend64(s, i, CHILD_EDGE(d->root, rm, s->first[i]), 0, blocked, 0, 0);
        } else {
            memset(s->used, 0, sizeof s->used);
            for (int i = 0; i < cells; i++)
                if (!g->n[i])
                    s->used[i >> 6] |= (uint64_t)1 << (i & 63);
            for (int i = 0; i < cells; i++)
                if (g->n[i] && ((rm >> s->first[i]) & 1))
                    extend_big(s, i, CHILD_EDGE(d->root, rm, s->first[i]), 0, 0, 0);
        }
    }
    if (s->oom)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory storing the words found");

    long score = 0;
    for (size_t i = 0; i < s->nwords; i++)
        score += s->words[i].score;
    if (flags & BOG_TEXT) {
        /* the text of a word is the faces along its path */
        for (size_t i = 0; i < s->nwords; i++) {
            bog_word *w = &s->words[i];
            size_t room = (size_t)w->ncells * BOG_FACE_MAX * (ALPHA_LETTER_MAX + 1) + 1;
            if (grow((void **)&s->text, &s->captext, s->ntext + room, 1))
                return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory storing the words found");
            size_t at = s->ntext;
            for (int k = 0; k < w->ncells; k++) {
                int c = s->paths[w->path + k];
                at += alpha_decode(d->a, g->let[c], g->n[c], 0, s->text + at, s->captext - at);
            }
            s->text[at] = 0;
            w->text = (uint32_t)s->ntext;
            s->ntext = at + 1;
        }
        sort_words(s->words, s->nwords, d->byte_order ? NULL : s->text);
    } else {
        sort_words(s->words, s->nwords, NULL);
    }
    res->count = s->nwords;
    res->score = score;
    res->words = s->words;
    res->text = s->text;
    res->paths = s->paths;
    return TK_OK;
}
