/* notation.c - moves as text: coordinates, words, leaves, formed words.
 *
 * Coordinates follow GCG/Quackle/MAGPIE: across "8H" (row number, column
 * letter), down "H8".  A move's word bytes carry their own flags (blank,
 * already on the board), so every text form is a single pass over them;
 * cross-words are read off the board around each newly placed tile.
 */
#include "sk_internal.h"
#include "sk_score.h"

#include "core/tk_text.h"

#include <string.h>

int sk_coord_format(int row, int col, int dir, char *out, size_t cap)
{
    /* "8H" across, "H8" down; without snprintf (one call per printed move) */
    char t[8];
    int n = 0, r = row + 1;
    if (dir)
        t[n++] = sk_col_char(col);
    if (r >= 10)
        t[n++] = (char)('0' + r / 10 % 10);
    t[n++] = (char)('0' + r % 10);
    if (!dir)
        t[n++] = sk_col_char(col);
    if (cap) {   /* as snprintf: cut to cap - 1 bytes, the full length returned */
        size_t k = (size_t)n < cap ? (size_t)n : cap - 1;
        memcpy(out, t, k);
        out[k] = 0;
    }
    return n;
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

/* A letter as text: tiles upper case, blanks lower case, a letter of
 * several code points in brackets ("[CS]"). */
static void put_letter(tku_sbuf *b, const sk_engine *e, unsigned t)
{
    unsigned l = t & SK_LETTER;
    const char *s = (t & SK_BLANK) ? e->alpha.lower[l] : e->alpha.upper[l];
    if (e->alpha.ncp[l] > 1)
        tku_sbuf_printf(b, "[%s]", s);
    else
        tku_sbuf_puts(b, s);
}

/* Cells (letter | SK_BLANK | SK_ONBOARD) in one of the SK_FMT_* styles. */
static size_t cells_text(const sk_engine *e, const uint8_t *cells, int len, int style, char *out, size_t cap)
{
    tku_sbuf b;
    tku_sbuf_init(&b, out, cap);
    int inparen = 0;
    for (int i = 0; i < len; i++) {
        uint8_t t = cells[i];
        int on = (t & SK_ONBOARD) != 0;
        if (style == SK_FMT_PAREN && on != inparen) {
            tku_sbuf_putc(&b, on ? '(' : ')');
            inparen = on;
        }
        if (style == SK_FMT_PLAYED && on)
            tku_sbuf_putc(&b, '.');
        else
            put_letter(&b, e, t);
    }
    if (inparen)
        tku_sbuf_putc(&b, ')');
    return b.len;
}

size_t sk_move_format(const sk_move *m, const sk_engine *e, int style, char *out, size_t cap)
{
    return cells_text(e, m->word, m->len, style, out, cap);
}

size_t sk_word_format(const sk_word *w, const sk_engine *e, int style, char *out, size_t cap)
{
    return cells_text(e, w->cell, w->len, style, out, cap);
}

size_t sk_rack_leave(const sk_rack *r, const sk_move *m, const sk_engine *e, char *out, size_t cap)
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
    tku_sbuf b;
    tku_sbuf_init(&b, out, cap);
    for (int l = 1; l <= e->alpha.size; l++)
        for (int k = 0; k < cnt[l]; k++)
            put_letter(&b, e, (unsigned)l);
    for (int k = 0; k < blanks; k++)
        tku_sbuf_putc(&b, '?');
    return b.len;
}

int sk_move_words(const sk_move *m, const sk_board *b, sk_word *out, int max)
{
    int n = 0;
    if (n < max) {
        out[0].row = m->row;
        out[0].col = m->col;
        out[0].dir = m->dir;
        out[0].len = m->len;
        memcpy(out[0].cell, m->word, m->len);
    }
    n++;
    int dr = m->dir ? 1 : 0, dc = m->dir ? 0 : 1;
    for (int i = 0; i < m->len; i++) {
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD)
            continue;
        sk_word w;
        if (tki_sk_cross_word(b, m->row + dr * i, m->col + dc * i, m->dir, t, &w)) {
            if (n < max)
                out[n] = w;
            n++;
        }
    }
    return n;
}
