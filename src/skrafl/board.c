/* board.c - boards, racks and CGP lines: parsing and rule checks.
 *
 * A board is a dim x dim byte array (0 empty, letter index | SK_BLANK); a rack
 * is per-letter counts plus a blank count.  Parsing matches letters with the
 * alphabet (longest match, brackets for multi-character letters, upper case
 * = tile, lower case = blank on a board).  sk_position_check counts tiles
 * against the tile set and flood-fills from the start square to find tiles
 * that float unconnected.  Errors name the row and column.
 */
#include "sk_internal.h"

#include "core/tk_text.h"

#include <stdio.h>
#include <string.h>

int sk_board_empty(const sk_board *b)
{
    for (int i = 0; i < b->dim * b->dim; i++)
        if (b->sq[i])
            return 0;
    return 1;
}

void sk_board_begin(sk_board *b, const sk_engine *e)
{
    memset(b, 0, sizeof *b);
    b->dim = e->dim;
}

/* The letter at s[i..len): returns its bytes (> 0) with *letter and
 * *upper set, or an error whose message starts with `where` and names the
 * offending character safely (`hint` is appended, may be ""). */
static int letter_at(const sk_engine *e, const char *s, size_t len, size_t i, long line, const char *where,
                     const char *hint, int *letter, int *upper, tk_error *err)
{
    int k = alpha_match(&e->alpha, s + i, len - i, letter, upper);
    if (k < 0)
        return tk_error_set(err, TK_EFORMAT, line, (long)i + 1, "%sinvalid UTF-8 at byte %zu", where, i + 1);
    if (k == 0) {
        char what[TKU_CHAR_DESC];
        tku_char_describe(s + i, len - i, what, sizeof what);
        return tk_error_set(err, TK_EFORMAT, line, (long)i + 1, "%s%s is not a letter of the alphabet%s", where,
                            what, hint);
    }
    return k;
}

/* One row of cells: `.`/`-`/`_` empty, a letter (upper case a tile, lower
 * case a blank), blanks between cells ignored. */
static int board_cells(sk_board *b, const sk_engine *e, const char *text, size_t n, long lineno,
                       tk_error *err)
{
    int dim = b->dim, row = b->rows, col = 0;
    for (size_t i = 0; i < n;) {
        char c = text[i];
        if (c == ' ' || c == '\t' || c == '\r') {
            i++;
            continue;
        }
        if (col >= dim)
            return tk_error_set(err, TK_EFORMAT, lineno, (long)i + 1,
                                "row %d: more than %d squares", row + 1, dim);
        if (c == '.' || c == '-' || c == '_') {
            b->sq[row * dim + col++] = 0;
            i++;
            continue;
        }
        int letter = 0, upper = 0;
        char where[32];
        snprintf(where, sizeof where, "row %d, column %c: ", row + 1, sk_col_char(col));
        int k = letter_at(e, text, n, i, lineno, where, "", &letter, &upper, err);
        if (k < 0)
            return k;
        b->sq[row * dim + col++] = (uint8_t)(letter | (upper ? 0 : SK_BLANK));
        i += (size_t)k;
    }
    if (col != dim)
        return tk_error_set(err, TK_EFORMAT, lineno, 0,
                            "row %d has %d squares, expected %d", row + 1, col, dim);
    return TK_OK;
}

int sk_board_add_row(sk_board *b, const sk_engine *e, const char *line, size_t len, long lineno,
                     tk_error *err)
{
    len = tku_line_chomp(line, len);
    if (tku_line_blank(line, len) || tku_line_comment(line, len, '#'))
        return TK_OK;
    if (b->rows >= b->dim)
        return tk_error_set(err, TK_EFORMAT, lineno, 0,
                            "row %d: too many rows (the board is %dx%d)", b->rows + 1, b->dim, b->dim);
    int rc = board_cells(b, e, line, len, lineno, err);
    if (rc) {
        memset(&b->sq[b->rows * b->dim], 0, (size_t)b->dim);
        return rc;
    }
    b->rows++;
    return TK_OK;
}

int sk_board_finish(sk_board *b, long lineno, tk_error *err)
{
    if (b->rows != b->dim)
        return tk_error_set(err, TK_EFORMAT, lineno, 0,
                            "the board has %d rows, expected %d", b->rows, b->dim);
    return TK_OK;
}

int sk_board_parse(sk_board *b, const sk_engine *e, const char *text, size_t len, tk_error *err)
{
    tku_lines it;
    const char *line;
    size_t n;
    sk_board_begin(b, e);
    tku_lines_init(&it, text, len, 0);   /* sk_board_add_row skips blank and comment lines */
    while (tku_lines_next(&it, &line, &n)) {
        int rc = sk_board_add_row(b, e, line, n, it.lineno, err);
        if (rc)
            return rc;
    }
    return sk_board_finish(b, it.lineno, err);
}

int sk_rack_parse(sk_rack *r, const sk_engine *e, const char *s, size_t len, tk_error *err)
{
    memset(r, 0, sizeof *r);
    size_t i = 0;
    while (i < len) {
        if (s[i] == ' ' || s[i] == '\t') {
            i++;
            continue;
        }
        if (r->n >= SK_RACK_MAX)
            return tk_error_set(err, TK_ELIMIT, 0, (long)i + 1,
                                "rack: more than %d tiles", SK_RACK_MAX);
        if (s[i] == '?') {
            r->blanks++;
            r->n++;
            i++;
            continue;
        }
        int letter = 0, upper = 0;
        int k = letter_at(e, s, len, i, 0, "rack: ", " (use ? for a blank)", &letter, &upper, err);
        if (k < 0)
            return k;
        r->count[letter]++;
        r->n++;
        i += (size_t)k;
    }
    return TK_OK;
}

int sk_looks_like_cgp(const char *s, size_t len)
{
    /* CGP: the first field holds '/' separated rows. */
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    int slashes = 0;
    for (; i < len && s[i] != ' ' && s[i] != '\n'; i++)
        if (s[i] == '/')
            slashes++;
    return slashes >= 1;
}

int sk_looks_like_cgp_line(const sk_engine *e, const char *s, size_t len)
{
    if (!sk_looks_like_cgp(s, len))
        return 0;
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    int rows = 1;
    for (; i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\n'; i++)
        rows += s[i] == '/';
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return rows == e->dim || (i < len && s[i] != '\n');
}

int sk_cgp_parse(sk_board *b, sk_rack *r, const sk_engine *e, const char *s, size_t len, tk_error *err)
{
    int dim = e->dim;
    sk_board_begin(b, e);
    if (r)
        memset(r, 0, sizeof *r);
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    int row = 0, col = 0;
    for (;;) {
        if (i >= len || s[i] == ' ' || s[i] == '\t' || s[i] == '/') {
            if (col != dim)
                return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1,
                                    "CGP: row %d has %d squares, expected %d", row + 1, col, dim);
            row++;
            col = 0;
            if (i < len && s[i] == '/') {
                if (row >= dim)
                    return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1,
                                        "CGP: more than %d rows", dim);
                i++;
                continue;
            }
            break;
        }
        if (s[i] >= '0' && s[i] <= '9') {
            int k = 0;
            while (i < len && s[i] >= '0' && s[i] <= '9') {
                k = k * 10 + (s[i] - '0');
                if (k > dim)
                    break;
                i++;
            }
            if (k == 0 || col + k > dim)
                return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1,
                                    "CGP: row %d has more than %d squares", row + 1, dim);
            col += k;
            continue;
        }
        if (col >= dim)
            return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1,
                                "CGP: row %d has more than %d squares", row + 1, dim);
        int letter = 0, upper = 0;
        char where[40];
        snprintf(where, sizeof where, "CGP: row %d, column %c: ", row + 1, sk_col_char(col));
        int k = letter_at(e, s, len, i, 0, where, "", &letter, &upper, err);
        if (k < 0)
            return k;
        b->sq[row * dim + col++] = (uint8_t)(letter | (upper ? 0 : SK_BLANK));
        i += (size_t)k;
    }
    if (row != dim)
        return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1,
                            "CGP: %d rows, expected %d", row, dim);
    b->rows = dim;
    /* The racks: "RACK/OPP" (either may be empty). */
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    size_t rs = i;
    while (i < len && s[i] != '/' && s[i] != ' ' && s[i] != '\t' && s[i] != ';')
        i++;
    if (r && i > rs) {
        int rc = sk_rack_parse(r, e, s + rs, i - rs, err);
        if (rc) {
            if (err)
                err->col += (long)rs;
            return rc;
        }
    }
    return TK_OK;
}

int sk_position_check(const sk_engine *e, const sk_board *b, const sk_rack *r, tk_error *err)
{
    int dim = e->dim;
    if (b->dim != dim)
        return tk_error_set(err, TK_EINVAL, 0, 0, "board is %dx%d, the layout %dx%d",
                            b->dim, b->dim, dim, dim);
    int used[64] = {0};
    for (int i = 0; i < dim * dim; i++) {
        uint8_t t = b->sq[i];
        if (!t)
            continue;
        int l = (t & SK_BLANK) ? 0 : (t & SK_LETTER);
        if ((int)(t & SK_LETTER) > e->alpha.size || (t & SK_LETTER) == 0)
            return tk_error_set(err, TK_EFORMAT, 0, 0, "row %d, column %c: bad square value",
                                i / dim + 1, sk_col_char(i % dim));
        if (++used[l] > e->ts.count[l]) {
            if (l == 0)
                return tk_error_set(err, TK_EFORMAT, 0, 0,
                                    "row %d, column %c: more blanks on the board than the set holds (%d)",
                                    i / dim + 1, sk_col_char(i % dim), e->ts.count[0]);
            return tk_error_set(err, TK_EFORMAT, 0, 0,
                                "row %d, column %c: more '%s' tiles on the board than the set holds (%d)",
                                i / dim + 1, sk_col_char(i % dim), e->alpha.upper[l], e->ts.count[l]);
        }
    }
    if (r) {
        if (r->n > SK_RACK_MAX)
            return tk_error_set(err, TK_ELIMIT, 0, 0, "rack: more than %d tiles", SK_RACK_MAX);
        if (used[0] + r->blanks > e->ts.count[0])
            return tk_error_set(err, TK_EFORMAT, 0, 0,
                                "rack: %d blank(s) on the rack and %d on the board, the set holds %d",
                                r->blanks, used[0], e->ts.count[0]);
        for (int l = 1; l <= e->alpha.size; l++)
            if (r->count[l] && used[l] + r->count[l] > e->ts.count[l])
                return tk_error_set(err, TK_EFORMAT, 0, 0,
                                    "rack: %d '%s' on the rack and %d on the board, the set holds %d",
                                    r->count[l], e->alpha.upper[l], used[l], e->ts.count[l]);
    }
    /* Flood fill from the start square over occupied squares. */
    int start = e->lay.start_row * dim + e->lay.start_col;
    uint8_t seen[SK_MAX_SQ];
    int stack[SK_MAX_SQ], sp = 0;
    memset(seen, 0, sizeof seen);
    if (b->sq[start]) {
        seen[start] = 1;
        stack[sp++] = start;
    }
    while (sp) {
        int q = stack[--sp], rr = q / dim, cc = q % dim;
        int nb[4] = { rr > 0 ? q - dim : -1, rr < dim - 1 ? q + dim : -1,
                      cc > 0 ? q - 1 : -1, cc < dim - 1 ? q + 1 : -1 };
        for (int k = 0; k < 4; k++)
            if (nb[k] >= 0 && b->sq[nb[k]] && !seen[nb[k]]) {
                seen[nb[k]] = 1;
                stack[sp++] = nb[k];
            }
    }
    for (int i = 0; i < dim * dim; i++)
        if (b->sq[i] && !seen[i]) {
            char sc[8];
            sk_coord_format(e->lay.start_row, e->lay.start_col, 1, sc, sizeof sc);
            return tk_error_set(err, TK_EFORMAT, 0, 0,
                                "row %d, column %c: tile '%s' is not connected to the start square %s%s",
                                i / dim + 1, sk_col_char(i % dim),
                                (b->sq[i] & SK_BLANK) ? e->alpha.lower[b->sq[i] & SK_LETTER]
                                                      : e->alpha.upper[b->sq[i] & SK_LETTER],
                                sc, b->sq[start] ? "" : " (which is empty)");
        }
    return TK_OK;
}
