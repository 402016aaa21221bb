/* grid.c - parsing and printing Boggle grids (see tilekit/boggle.h).
 *
 * A row is read in one of two forms, chosen by whether white space separates
 * non-blank text inside it:
 *   - spaced: every white-space-separated token is one face, read as a run of
 *     alphabet letters by longest match (`qu`, `th`, `é`, `[cs]`), or `#`;
 *   - packed: every code point is one cell, matched as a single letter of the
 *     alphabet, except `#` (blocked), `[...]` (an explicit multi-letter face)
 *     and `q` directly followed by `u` (one Qu cell).
 * Cells are stored row-major as letter indices, up to BOG_FACE_MAX per face;
 * rows are checked against the first row's width.  Nothing is written to the
 * grid until the whole row has parsed, so a failed row leaves it unchanged.
 */
#include "tilekit/boggle.h"

#include <stdio.h>
#include <string.h>

#include "core/tk_text.h"

typedef struct face {
    uint8_t n;                      /* 0 = blocked */
    uint8_t let[BOG_FACE_MAX];
} face;

void bog_grid_init(bog_grid *g)
{
    g->rows = 0;
    g->cols = 0;
}

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/* Bad letter at byte `pos` of the row. */
static int bad_letter(tk_error *err, int row, const char *line, size_t len, size_t pos)
{
    char what[TKU_CHAR_DESC];
    if (alpha_utf8_decode(line + pos, len - pos, &(uint32_t){0}) < 0)
        return tk_error_set(err, TK_EFORMAT, row, (long)pos + 1, "row %d: invalid UTF-8 at column %zu",
                            row, pos + 1);
    tku_char_describe(line + pos, len - pos, what, sizeof what);
    return tk_error_set(err, TK_EFORMAT, row, (long)pos + 1,
                        "row %d: %s (column %zu) is not a letter of the dictionary's alphabet",
                        row, what, pos + 1);
}

/* Read s[0..len) as a run of letters (longest match) into f.  pos0 is the
 * byte offset of s in the row, for messages. */
static int read_face(face *f, const alpha_table *a, const char *s, size_t len, int row,
                     const char *line, size_t linelen, size_t pos0, tk_error *err)
{
    size_t p = 0;
    f->n = 0;
    if (len == 0)
        return tk_error_set(err, TK_EFORMAT, row, (long)pos0 + 1, "row %d: empty face '[]' at column %zu",
                            row, pos0 + 1);
    while (p < len) {
        int letter, upper;
        int m = alpha_match(a, s + p, len - p, &letter, &upper);
        if (m <= 0)
            return bad_letter(err, row, line, linelen, pos0 + p);
        if (f->n == BOG_FACE_MAX)
            return tk_error_set(err, TK_ELIMIT, row, (long)pos0 + 1,
                                "row %d: the face at column %zu has more than %d letters",
                                row, pos0 + 1, BOG_FACE_MAX);
        f->let[f->n++] = (uint8_t)letter;
        p += (size_t)m;
    }
    return TK_OK;
}

/* Match exactly one code point at s as a single letter; returns bytes, 0 if
 * it is not a letter, -1 for invalid UTF-8. */
static int match_one(const alpha_table *a, const char *s, size_t len, int *letter)
{
    uint32_t cp;
    int n = alpha_utf8_decode(s, len, &cp);
    if (n < 0)
        return -1;
    int upper;
    int m = alpha_match(a, s, (size_t)n, letter, &upper);
    return m == n ? n : 0;
}

/* One cell of a row written with spaces between the cells: the token at
 * *p ("#", "[th]" or a face's letters) into *f; *p moves past it and the
 * spaces after it. */
static int spaced_cell(face *f, const alpha_table *a, const char *line, size_t len, size_t *p, int row,
                       tk_error *err)
{
    static const face blocked = {0, {0}};
    size_t q = *p;
    while (q < len && !is_space((unsigned char)line[q]))
        q++;
    int rc = 0;
    if (q - *p == 1 && line[*p] == '#')
        *f = blocked;
    else if (q - *p >= 2 && line[*p] == '[' && line[q - 1] == ']')
        rc = read_face(f, a, line + *p + 1, q - *p - 2, row, line, len, *p, err);
    else
        rc = read_face(f, a, line + *p, q - *p, row, line, len, *p, err);
    if (rc)
        return rc;
    *p = q;
    while (*p < len && is_space((unsigned char)line[*p]))
        (*p)++;
    return 0;
}

/* One cell of a packed row at *p: "#", "[th]", a letter, or "qu" (the Qu
 * face); *p moves past it. */
static int packed_cell(face *f, const alpha_table *a, const char *line, size_t len, size_t *p, int row,
                       tk_error *err)
{
    static const face blocked = {0, {0}};
    if (line[*p] == '#') {
        *f = blocked;
        (*p)++;
        return 0;
    }
    if (line[*p] == '[') {
        size_t q = *p + 1;
        while (q < len && line[q] != ']')
            q++;
        if (q == len)
            return tk_error_set(err, TK_EFORMAT, row, (long)*p + 1, "row %d: '[' at column %zu without ']'", row,
                                *p + 1);
        int rc = read_face(f, a, line + *p + 1, q - *p - 1, row, line, len, *p, err);
        if (rc)
            return rc;
        *p = q + 1;
        return 0;
    }
    int letter;
    int m = match_one(a, line + *p, len - *p, &letter);
    if (m <= 0)
        return bad_letter(err, row, line, len, *p);
    f->n = 1;
    f->let[0] = (uint8_t)letter;
    *p += (size_t)m;
    /* packed "qu" is the Qu face */
    if (a->lower[letter][0] == 'q' && a->lower[letter][1] == 0 && *p < len) {
        int l2;
        int m2 = match_one(a, line + *p, len - *p, &l2);
        if (m2 > 0 && a->lower[l2][0] == 'u' && a->lower[l2][1] == 0) {
            f->n = 2;
            f->let[1] = (uint8_t)l2;
            *p += (size_t)m2;
        }
    }
    return 0;
}

int bog_grid_add_row(bog_grid *g, const alpha_table *a, const char *line, size_t len, tk_error *err)
{
    face cells[BOG_MAX_SIDE];
    int ncells = 0;
    int row = g->rows + 1;
    int limit = g->rows ? g->cols : BOG_MAX_SIDE;

    while (len && (line[len - 1] == '\n' || is_space((unsigned char)line[len - 1])))
        len--;
    size_t p = 0;
    while (p < len && is_space((unsigned char)line[p]))
        p++;
    if (g->rows >= BOG_MAX_SIDE || (long)(g->rows + 1) * (g->cols ? g->cols : 1) > BOG_MAX_CELLS)
        return tk_error_set(err, TK_ELIMIT, row, 0, "row %d: too many rows (at most %d cells in all)",
                            row, BOG_MAX_CELLS);
    if (p == len)
        return tk_error_set(err, TK_EFORMAT, row, 0, "row %d: no cells", row);
    int spaced = 0;
    for (size_t q = p; q < len; q++)
        if (is_space((unsigned char)line[q]))
            spaced = 1;

    while (p < len) {
        face f;
        size_t start = p;
        int rc = spaced ? spaced_cell(&f, a, line, len, &p, row, err) : packed_cell(&f, a, line, len, &p, row, err);
        if (rc)
            return rc;
        if (ncells == limit) {
            if (g->rows)
                return tk_error_set(err, TK_EFORMAT, row, (long)start + 1,
                                    "row %d: more than %d cells (row 1 has %d)", row, g->cols, g->cols);
            return tk_error_set(err, TK_ELIMIT, row, (long)start + 1, "row %d: more than %d cells",
                                row, BOG_MAX_SIDE);
        }
        cells[ncells++] = f;
    }
    if (g->rows && ncells != g->cols)
        return tk_error_set(err, TK_EFORMAT, row, 0, "row %d: %d cell%s, but row 1 has %d", row, ncells,
                            ncells == 1 ? "" : "s", g->cols);
    if (!g->rows && ncells > BOG_MAX_CELLS)
        return tk_error_set(err, TK_ELIMIT, row, 0, "row %d: more than %d cells", row, BOG_MAX_CELLS);
    if ((long)(g->rows + 1) * ncells > BOG_MAX_CELLS)
        return tk_error_set(err, TK_ELIMIT, row, 0, "row %d: grid has more than %d cells", row,
                            BOG_MAX_CELLS);
    int base = g->rows * ncells;
    for (int i = 0; i < ncells; i++) {
        g->n[base + i] = cells[i].n;
        memcpy(g->let[base + i], cells[i].let, BOG_FACE_MAX);
    }
    g->cols = ncells;
    g->rows++;
    return TK_OK;
}

int bog_grid_parse(bog_grid *g, const alpha_table *a, const char *text, size_t len, tk_error *err)
{
    bog_grid_init(g);
    while (len && (text[len - 1] == '\n' || is_space((unsigned char)text[len - 1])))
        len--;
    tku_lines it;
    const char *line;
    size_t n;
    tku_lines_init(&it, text, len, 0);
    while (tku_lines_next(&it, &line, &n)) {
        int rc = bog_grid_add_row(g, a, line, n, err);
        if (rc)
            return rc;
    }
    if (g->rows == 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "empty grid");
    return TK_OK;
}

size_t bog_grid_cell_text(const bog_grid *g, const alpha_table *a, int r, int c, char *out, size_t cap)
{
    int i = r * g->cols + c;
    if (!g->n[i]) {
        if (cap >= 2) {
            out[0] = '#';
            out[1] = 0;
        } else if (cap) {
            out[0] = 0;
        }
        return 1;
    }
    return alpha_decode(a, g->let[i], g->n[i], 0, out, cap);
}

/* Code points in a NUL-terminated UTF-8 string. */
static size_t cps(const char *s) { return tku_utf8_count(s, strlen(s)); }

static int letter_of(const alpha_table *a, const char *s)
{
    for (int i = 1; i <= a->size; i++)
        if (strcmp(a->lower[i], s) == 0)
            return i;
    return 0;
}

int bog_grid_bare_q(bog_grid *g, const alpha_table *a, int to_qu)
{
    int q = letter_of(a, "q"), u = letter_of(a, "u"), n = 0;
    if (!q || (to_qu && !u))
        return 0;
    for (int i = 0; i < g->rows * g->cols; i++)
        if (g->n[i] == 1 && g->let[i][0] == q) {
            n++;
            if (to_qu) {
                g->n[i] = 2;
                g->let[i][1] = (uint8_t)u;
            }
        }
    return n;
}

size_t bog_grid_format(const bog_grid *g, const alpha_table *a, char *out, size_t cap)
{
    int packed = 1;
    char cell[BOG_FACE_MAX * (ALPHA_LETTER_MAX + 2) + 1];
    for (int i = 0; i < g->rows * g->cols && packed; i++) {
        bog_grid_cell_text(g, a, i / g->cols, i % g->cols, cell, sizeof cell);
        if (cps(cell) != 1 && strcmp(cell, "qu") != 0)
            packed = 0;
        /* a packed bare q followed by a u cell would read back as Qu */
        if (strcmp(cell, "q") == 0)
            packed = 0;
    }
    tku_sbuf b;
    tku_sbuf_init(&b, out, cap);
    for (int r = 0; r < g->rows; r++) {
        for (int c = 0; c < g->cols; c++) {
            size_t n = bog_grid_cell_text(g, a, r, c, cell, sizeof cell);
            if (c && !packed)
                tku_sbuf_putc(&b, ' ');
            /* a lone multi-letter face would read back as a packed row */
            int br = !packed && g->cols == 1 && g->n[r * g->cols + c] && cps(cell) > 1;
            if (br)
                tku_sbuf_putc(&b, '[');
            tku_sbuf_put(&b, cell, n);
            if (br)
                tku_sbuf_putc(&b, ']');
        }
        tku_sbuf_putc(&b, '\n');
    }
    return b.len;
}
