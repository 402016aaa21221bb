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

int sk_layout_parse(sk_layout *l, const char *text, size_t len, tk_error *err)
{
    memset(l, 0, sizeof *l);
    int rows = 0, starts = 0;
    long lineno = 0;
    size_t p = 0;
    while (p < len) {
        size_t e = p;
        while (e < len && text[e] != '\n')
            e++;
        lineno++;
        size_t n = e;
        if (n > p && text[n - 1] == '\r')
            n--;
        size_t i = p;
        while (i < n && (text[i] == ' ' || text[i] == '\t'))
            i++;
        if (i < n && text[i] != '#') {
            if (rows >= SK_MAX_DIM)
                return tk_error_set(err, TK_ELIMIT, lineno, 0,
                                    "layout: more than %d rows", SK_MAX_DIM);
            int cols = 0;
            for (; i < n; i++) {
                char c = text[i];
                if (c == ' ' || c == '\t')
                    continue;
                if (cols >= SK_MAX_DIM)
                    return tk_error_set(err, TK_ELIMIT, lineno, (long)(i - p) + 1,
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
                    starts++;
                    l->start_row = rows;
                    l->start_col = cols;
                    break;
                default:
                    return tk_error_set(err, TK_EFORMAT, lineno, (long)(i - p) + 1,
                                        "layout: unknown mark '%c' (use . d t q D T Q * +)",
                                        (unsigned char)c >= 32 && (unsigned char)c < 127 ? c : '?');
                }
                l->wmul[rows * SK_MAX_DIM + cols] = (uint8_t)w;   /* packed below */
                l->lmul[rows * SK_MAX_DIM + cols] = (uint8_t)lm;
                cols++;
            }
            if (rows == 0)
                l->dim = cols;
            else if (cols != l->dim)
                return tk_error_set(err, TK_EFORMAT, lineno, 0,
                                    "layout: row %d has %d squares, row 1 has %d", rows + 1, cols, l->dim);
            rows++;
        }
        p = e + 1;
    }
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
    const char *t = NULL;
    if (strcmp(name, "standard") == 0)
        t = builtin_standard;
    else if (strcmp(name, "explo") == 0)
        t = builtin_explo;
    if (!t)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "no built-in layout '%s'", name);
    int rc = sk_layout_parse(l, t, strlen(t), err);
    if (rc == 0)
        strcpy(l->name, name);
    return rc;
}
