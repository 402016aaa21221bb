/* layout.c - premium layouts: board size, letter/word multipliers, start.
 *
 * A layout is N rows of N marks (see tilekit/skrafl.h for the marks),
 * stored as two row-major byte arrays of multipliers.  `symmetric` records
 * whether the layout is invariant under transposition (premiums and start
 * square); only then may the generator list across openings alone.  The two
 * shipped layouts (standard, explo) are compiled in as well.
 */
#include "tilekit/skrafl.h"

#include <string.h>

#include "core/tk_text.h"

static const char builtin_standard[] =
    "T..d...T...d..T\n.D...t...t...D.\n..D...d.d...D..\nd..D...d...D..d\n"
    "....D.....D....\n.t...t...t...t.\n..d...d.d...d..\nT..d...*...d..T\n"
    "..d...d.d...d..\n.t...t...t...t.\n....D.....D....\nd..D...d...D..d\n"
    "..D...d.d...D..\n.D...t...t...D.\nT..d...T...d..T\n";

static const char builtin_explo[] =
    "T...d..T...d..T\n.t...d..D....t.\n..d...t..D..d..\n...*...d..t...d\n"
    "d...D......t...\n.d...D...d..D..\n..t...D.d....D.\nT..d...D...d..T\n"
    ".D....d.D...t..\n..D..d...D...d.\n...t......D...d\nd...t..d...D...\n"
    "..d..D..t...d..\n.t....D..d...t.\nT..d...T..d...T\n";

/* One row of marks into row `row` of l (stride SK_MAX_DIM); returns the
 * number of squares or a negative status. */
static int layout_row(sk_layout *l, int row, const char *text, size_t n, long lineno, int *starts,
                      tk_error *err)
{
    int cols = 0;
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        if (c == ' ' || c == '\t')
            continue;
        if (cols >= SK_MAX_DIM)
            return tk_error_set(err, TK_ELIMIT, lineno, (long)i + 1,
                                "layout: more than %d squares in a row", SK_MAX_DIM);
        int w = 1, lm = 1;
        switch (c) {
        case '.': break;
        case 'd': lm = 2; break;
        case 't': lm = 3; break;
        case 'q': lm = 4; break;
        case 'D': w = 2; break;
        case 'T': w = 3; break;
        case 'Q': w = 4; break;
        case '*': w = 2; /* fall through */
        case '+':
            (*starts)++;
            l->start_row = row;
            l->start_col = cols;
            break;
        default: {
            char what[TKU_CHAR_DESC];
            tku_char_describe(text + i, n - i, what, sizeof what);
            return tk_error_set(err, TK_EFORMAT, lineno, (long)i + 1,
                                "layout: unknown mark %s (use . d t q D T Q * +)", what);
        }
        }
        l->wmul[row * SK_MAX_DIM + cols] = (uint8_t)w;   /* packed below */
        l->lmul[row * SK_MAX_DIM + cols] = (uint8_t)lm;
        cols++;
    }
    return cols;
}

int sk_layout_parse(sk_layout *l, const char *text, size_t len, tk_error *err)
{
    memset(l, 0, sizeof *l);
    int rows = 0, starts = 0;
    tku_lines it;
    const char *line;
    size_t n;
    tku_lines_init(&it, text, len, TKU_LINES_BLANK | TKU_LINES_COMMENTS);
    while (tku_lines_next(&it, &line, &n)) {
        if (rows >= SK_MAX_DIM)
            return tk_error_set(err, TK_ELIMIT, it.lineno, 0, "layout: more than %d rows", SK_MAX_DIM);
        int cols = layout_row(l, rows, line, n, it.lineno, &starts, err);
        if (cols < 0)
            return cols;
        if (rows == 0)
            l->dim = cols;
        else if (cols != l->dim)
            return tk_error_set(err, TK_EFORMAT, it.lineno, 0,
                                "layout: row %d has %d squares, row 1 has %d", rows + 1, cols, l->dim);
        rows++;
    }
    long lineno = it.lineno;
    if (rows < 2 || rows != l->dim)
        return tk_error_set(err, TK_EFORMAT, lineno, 0,
                            "layout: %d rows of %d squares; a layout is N rows of N squares (N >= 2)",
                            rows, l->dim);
    if (starts != 1)
        return tk_error_set(err, TK_EFORMAT, 0, 0,
                            "layout: %d start squares ('*' or '+'); exactly one is needed", starts);
    /* Repack from stride SK_MAX_DIM to stride dim. */
    int d = l->dim;
    for (int r = 0; r < d; r++)
        for (int c = 0; c < d; c++) {
            l->wmul[r * d + c] = l->wmul[r * SK_MAX_DIM + c];
            l->lmul[r * d + c] = l->lmul[r * SK_MAX_DIM + c];
        }
    l->symmetric = l->start_row == l->start_col;
    for (int r = 0; r < d && l->symmetric; r++)
        for (int c = 0; c < d; c++)
            if (l->wmul[r * d + c] != l->wmul[c * d + r] || l->lmul[r * d + c] != l->lmul[c * d + r]) {
                l->symmetric = 0;
                break;
            }
    return TK_OK;
}

int sk_layout_builtin(sk_layout *l, const char *name, tk_error *err)
{
    static const char *const builtin[][2] = { { "standard", builtin_standard }, { "explo", builtin_explo } };
    for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++) {
        if (strcmp(name, builtin[i][0]) != 0)
            continue;
        int rc = sk_layout_parse(l, builtin[i][1], strlen(builtin[i][1]), err);
        if (rc == 0)
            strcpy(l->name, builtin[i][0]);
        return rc;
    }
    return tk_error_set(err, TK_ENOTFOUND, 0, 0, "no built-in layout '%s'", name);
}
