/* notation.c - moves as text: coordinates, words, leaves, formed words.
 *
 * Coordinates follow GCG/Quackle/MAGPIE: across "8H" (row number, column
 * letter), down "H8".  A move's word bytes carry their own flags (blank,
 * already on the board), so every text form is a single pass over them;
 * cross-words are read off the board around each newly placed tile.
 */
#include "sk_internal.h"

#include <stdio.h>
#include <string.h>

int sk_coord_format(int row, int col, int dir, char *out, size_t cap)
{
    char c = sk_col_char(col);
    return dir == 0 ? snprintf(out, cap, "%d%c", row + 1, c) : snprintf(out, cap, "%c%d", c, row + 1);
}

static int col_of(char ch)
{
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A';
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a';
    return -1;
}

int sk_coord_parse(const char *s, int dim, int *row, int *col, int *dir, tk_error *err)
{
    size_t n = strlen(s);
    int r = 0, c = -1, d = -1, digits = 0;
    if (n >= 2 && s[0] >= '0' && s[0] <= '9') {
        size_t i = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9' && digits < 3) {
            r = r * 10 + (s[i++] - '0');
            digits++;
        }
        if (i + 1 == n)
            c = col_of(s[i]);
        d = 0;
    } else if (n >= 2) {
        c = col_of(s[0]);
        size_t i = 1;
        while (i < n && s[i] >= '0' && s[i] <= '9' && digits < 3) {
            r = r * 10 + (s[i++] - '0');
            digits++;
        }
        if (i != n)
            c = -1;
        d = 1;
    }
    if (c < 0 || digits == 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0,
                            "bad coordinate '%s': use 8H for across (row, column) or H8 for down", s);
    if (r < 1 || r > dim || c >= dim)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "coordinate '%s' is off the %dx%d board", s, dim, dim);
    *row = r - 1;
    *col = c;
    *dir = d;
    return TK_OK;
}

/* Append a string, keeping NUL termination within cap; returns new length. */
static size_t put(char *out, size_t cap, size_t n, const char *s)
{
    size_t k = strlen(s);
    if (n < cap) {
        size_t room = cap - n - 1;
        memcpy(out + n, s, k < room ? k : room);
        out[n + (k < room ? k : room)] = 0;
    }
    return n + k;
}

static int multi_cp(const char *s)
{
    int cps = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            cps++;
    return cps > 1;
}

static size_t put_letter(const sk_engine *e, char *out, size_t cap, size_t n, unsigned t)
{
    unsigned l = t & SK_LETTER;
    const char *s = (t & SK_BLANK) ? e->alpha.lower[l] : e->alpha.upper[l];
    if (multi_cp(s)) {
        n = put(out, cap, n, "[");
        n = put(out, cap, n, s);
        return put(out, cap, n, "]");
    }
    return put(out, cap, n, s);
}

size_t sk_move_text(const sk_engine *e, const sk_move *m, int style, char *out, size_t cap)
{
    size_t n = 0;
    if (cap)
        out[0] = 0;
    int inparen = 0;
    for (int i = 0; i < m->len; i++) {
        uint8_t t = m->word[i];
        int on = (t & SK_ONBOARD) != 0;
        if (style == SK_FMT_PAREN && on != inparen) {
            n = put(out, cap, n, on ? "(" : ")");
            inparen = on;
        }
        if (style == SK_FMT_PLAYED && on)
            n = put(out, cap, n, ".");
        else
            n = put_letter(e, out, cap, n, t);
    }
    if (inparen)
        n = put(out, cap, n, ")");
    return n;
}

size_t sk_move_leave(const sk_engine *e, const sk_rack *r, const sk_move *m, char *out, size_t cap)
{
    int cnt[64];
    int blanks = r->blanks;
    for (int l = 0; l < 64; l++)
        cnt[l] = r->count[l];
    if (m)
        for (int i = 0; i < m->len; i++) {
            uint8_t t = m->word[i];
            if (t & SK_ONBOARD)
                continue;
            if (t & SK_BLANK)
                blanks--;
            else
                cnt[t & SK_LETTER]--;
        }
    size_t n = 0;
    if (cap)
        out[0] = 0;
    for (int l = 1; l <= e->alpha.size; l++)
        for (int k = 0; k < cnt[l]; k++)
            n = put_letter(e, out, cap, n, (unsigned)l);
    for (int k = 0; k < blanks; k++)
        n = put(out, cap, n, "?");
    return n;
}

int sk_move_words(const sk_engine *e, const sk_board *b, const sk_move *m, char sep,
                  char *out, size_t cap)
{
    char sp[2] = { sep, 0 };
    size_t n = sk_move_text(e, m, SK_FMT_WORD, out, cap);
    int words = 1, dim = b->dim;
    int dr = m->dir ? 1 : 0, dc = m->dir ? 0 : 1;   /* along the main word */
    for (int i = 0; i < m->len; i++) {
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD)
            continue;
        int r = m->row + dr * i, c = m->col + dc * i;
        /* Perpendicular direction: (dc, dr). */
        int r0 = r, c0 = c;
        while (r0 - dc >= 0 && c0 - dr >= 0 && b->sq[(r0 - dc) * dim + (c0 - dr)]) {
            r0 -= dc;
            c0 -= dr;
        }
        int r1 = r, c1 = c;
        while (r1 + dc < dim && c1 + dr < dim && b->sq[(r1 + dc) * dim + (c1 + dr)]) {
            r1 += dc;
            c1 += dr;
        }
        if (r0 == r1 && c0 == c1)
            continue;
        n = put(out, cap, n, sp);
        for (int rr = r0, cc = c0;; rr += dc, cc += dr) {
            unsigned x = (rr == r && cc == c) ? t : b->sq[rr * dim + cc];
            n = put_letter(e, out, cap, n, x & (SK_LETTER | SK_BLANK));
            if (rr == r1 && cc == c1)
                break;
        }
        words++;
    }
    return words;
}
