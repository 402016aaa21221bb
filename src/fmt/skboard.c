/* skboard.c - the Scrabble board drawn (contract in tilekit/skfmt.h): as
 * text, 3 columns a square, with ANSI colours when asked; as SVG, squares
 * coloured by their premium and tiles as rounded rectangles carrying their
 * square and letter in data- attributes.  Also the whole texts of moves and
 * leaves, asked of the library again at the length it says it needs. */
#include "tilekit/skfmt.h"

#include <stdio.h>
#include <string.h>

#include "tilekit/alphabet.h"
#include "tilekit/html.h"

/* ---- texts ----------------------------------------------------------------------------------- */

/* A move's text (style >= 0) or the leave of rack r after move m (style < 0). */
static void text_of(fmt_buf *b, const sk_engine *e, const sk_rack *r, const sk_move *m, int style)
{
    size_t need = 64;
    for (int pass = 0; pass < 2; pass++) {
        if (fmt_buf_reserve(b, need))
            return;
        char *at = b->p + b->len;
        size_t room = b->cap - b->len;
        need = style < 0 ? sk_rack_leave(r, m, e, at, room) : sk_move_format(m, e, style, at, room);
        if (need < room) {
            b->len += need;
            return;
        }
        b->p[b->len] = 0;
    }
}

void skf_move(fmt_buf *b, const sk_engine *e, const sk_move *m, int style) { text_of(b, e, NULL, m, style); }

const char *skf_move_str(fmt_buf *t, const sk_engine *e, const sk_move *m, int style)
{
    fmt_buf_reset(t);
    skf_move(t, e, m, style);
    return fmt_buf_str(t);
}

const char *skf_leave_str(fmt_buf *t, const sk_engine *e, const sk_rack *r)
{
    fmt_buf_reset(t);
    skf_leave(t, e, r, NULL);
    return fmt_buf_str(t);
}

void skf_leave(fmt_buf *b, const sk_engine *e, const sk_rack *r, const sk_move *m) { text_of(b, e, r, m, -1); }

void skf_move_caption(fmt_buf *b, const sk_engine *e, const sk_move *m)
{
    char coord[16];
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    fmt_buf_printf(b, "%s  ", coord);
    skf_move(b, e, m, SK_FMT_PAREN);
    fmt_buf_printf(b, "  %d", m->score);
}

/* ---- the board --------------------------------------------------------------------------------- */

/* The board's tiles plus the move's new ones (letter | SK_BLANK, 0 empty). */
static void board_with_move(const sk_board *b, const sk_move *m, uint8_t sq[SK_MAX_SQ], uint8_t isnew[SK_MAX_SQ])
{
    memcpy(sq, b->sq, SK_MAX_SQ);
    memset(isnew, 0, SK_MAX_SQ);
    if (!m)
        return;
    for (int k = 0; k < m->len; k++) {
        int r = m->row + (m->dir ? k : 0), col = m->col + (m->dir ? 0 : k);
        if (r >= b->dim || col >= b->dim || (m->word[k] & SK_ONBOARD))
            continue;
        sq[r * b->dim + col] = m->word[k] & (SK_LETTER | SK_BLANK);
        isnew[r * b->dim + col] = 1;
    }
}

/* Premium label of an empty square: "3W", "2L", "*" (start) or "" (plain);
 * p[1] can always be read. */
static const char *premium_label(const sk_layout *l, int r, int c)
{
    static const char *w[] = { "", "", "2W", "3W", "4W" }, *le[] = { "", "", "2L", "3L", "4L" };
    int i = r * l->dim + c;
    if (r == l->start_row && c == l->start_col)
        return "*";
    if (l->wmul[i] > 1 && l->wmul[i] <= 4)
        return w[l->wmul[i]];
    if (l->lmul[i] > 1 && l->lmul[i] <= 4)
        return le[l->lmul[i]];
    return "\0";   /* two NULs: callers may look at p[1] */
}

/* The text of a tile: its letter, upper case, or lower case for a blank. */
static const char *tile_text(const alpha_table *a, unsigned t)
{
    unsigned li = t & SK_LETTER;
    return li <= (unsigned)a->size ? ((t & SK_BLANK) ? a->lower[li] : a->upper[li]) : "?";
}

/* One square of the text drawing and its ANSI colour (NULL: none). */
static const char *text_cell(const sk_layout *l, const alpha_table *a, unsigned t, int isnew, int r, int col,
                             char cell[64])
{
    if (t) {
        snprintf(cell, 64, isnew ? "[%s]" : " %s ", tile_text(a, t));
        return isnew ? "1;30;102" : "30;103";
    }
    const char *p = premium_label(l, r, col);
    if (p[0] == 0)
        snprintf(cell, 64, " . ");
    else if (p[1] == 0)
        snprintf(cell, 64, " * ");
    else
        snprintf(cell, 64, " %s", p);
    if (p[0] == '*')
        return "30;105";
    if (p[1] == 'W')
        return p[0] == '2' ? "30;105" : "97;41";
    if (p[1] == 'L')
        return p[0] == '2' ? "30;106" : "97;44";
    return NULL;
}

void skf_board_text(fmt_buf *f, const sk_engine *e, const sk_board *b, const sk_move *m, const char *what, int color)
{
    const sk_layout *l = sk_engine_layout(e);
    const alpha_table *a = sk_engine_alphabet(e);
    uint8_t sq[SK_MAX_SQ], isnew[SK_MAX_SQ];
    board_with_move(b, m, sq, isnew);
    fmt_buf_puts(f, "   ");
    for (int col = 0; col < b->dim; col++)
        fmt_buf_printf(f, " %c ", 'A' + col);
    fmt_buf_putc(f, '\n');
    for (int r = 0; r < b->dim; r++) {
        fmt_buf_printf(f, "%2d ", r + 1);
        for (int col = 0; col < b->dim; col++) {
            int i = r * b->dim + col;
            char cell[64];
            const char *sgr = text_cell(l, a, sq[i], isnew[i], r, col, cell);
            if (color && sgr)
                fmt_buf_printf(f, "\033[%sm%s\033[0m", sgr, cell);
            else
                fmt_buf_puts(f, cell);
        }
        fmt_buf_putc(f, '\n');
    }
    if (m) {
        fmt_buf_printf(f, "%s: ", what);
        skf_move_caption(f, e, m);
        fmt_buf_puts(f, "  (new tiles in [ ])\n");
    } else {
        fmt_buf_printf(f, "%s: none\n", what);
    }
}

/* ---- SVG --------------------------------------------------------------------------------------- */

void skf_svg_coords(fmt_buf *f, int dim, int x0, int y0)
{
    for (int i = 0; i < dim; i++) {
        char t[16];
        snprintf(t, sizeof t, "%c", 'A' + i);
        html_svg_text(f, x0 + i * SKF_CELL + SKF_CELL / 2, y0 - 6, 12, 0, "middle", "#555", t);
        snprintf(t, sizeof t, "%d", i + 1);
        html_svg_text(f, x0 - 6, y0 + i * SKF_CELL + SKF_CELL / 2 + 4, 12, 0, "end", "#555", t);
    }
}

/* One square of the layout, with its premium label when `label`. */
static void svg_square(fmt_buf *f, const sk_layout *l, int x0, int y0, int r, int col, int label)
{
    int x = x0 + col * SKF_CELL, y = y0 + r * SKF_CELL;
    const char *p = premium_label(l, r, col);
    const char *fill = "#e9e4d4";
    if (p[0] == '*' || (p[1] == 'W' && p[0] == '2'))
        fill = "#f4b6c2";
    else if (p[1] == 'W')
        fill = "#d9534f";
    else if (p[1] == 'L')
        fill = p[0] == '2' ? "#a7d8ef" : "#3a7bd5";
    html_svg_rect(f, "square", x, y, SKF_CELL, SKF_CELL, 0, fill, "#fbf8ef", 2);
    if (label && p[0])
        html_svg_text(f, x + SKF_CELL / 2, y + SKF_CELL / 2 + (p[0] == '*' ? 7 : 4), p[0] == '*' ? 20 : 11, 0, "middle",
                      (p[1] == 'W' && p[0] != '2') || (p[1] == 'L' && p[0] != '2') ? "#fff" : "#333", p);
}

void skf_svg_squares(fmt_buf *f, const sk_engine *e, int x0, int y0)
{
    const sk_layout *l = sk_engine_layout(e);
    for (int r = 0; r < l->dim; r++)
        for (int col = 0; col < l->dim; col++)
            svg_square(f, l, x0, y0, r, col, 1);
}

void skf_svg_tile(fmt_buf *f, const sk_engine *e, int x0, int y0, int r, int col, unsigned t, int isnew)
{
    const sk_tileset *ts = sk_engine_tileset(e);
    const char *txt = tile_text(sk_engine_alphabet(e), t);
    unsigned li = t & SK_LETTER;
    int blank = (t & SK_BLANK) != 0;
    fmt_buf attrs = {0};
    fmt_buf_printf(&attrs, "data-row=\"%d\" data-col=\"%d\" data-letter=\"", r, col);
    html_puts(&attrs, txt);
    fmt_buf_putc(&attrs, '"');
    char value[16];
    snprintf(value, sizeof value, "%d", ts->value[li]);
    html_tile tile = { x0 + col * SKF_CELL + 2, y0 + r * SKF_CELL + 2, SKF_CELL - 4, SKF_CELL - 4, 4,
                       isnew ? "tile new" : "tile", fmt_buf_str(&attrs), isnew ? "#ffe066" : "#f3dcae",
                       isnew ? "#c0392b" : "#b08d57", isnew ? 3 : 1, txt, 20, 7, blank ? "#888" : "#222",
                       !blank && ts->value[li] > 0 ? value : NULL, 9, "#222" };
    html_svg_tile(f, &tile);
    if (attrs.oom)
        f->oom = 1;
    fmt_buf_free(&attrs);
}

void skf_board_svg(fmt_buf *f, const sk_engine *e, const sk_board *b, const sk_move *m)
{
    const sk_layout *l = sk_engine_layout(e);
    uint8_t sq[SK_MAX_SQ], isnew[SK_MAX_SQ];
    board_with_move(b, m, sq, isnew);
    int w = SKF_LEFT + b->dim * SKF_CELL + 10, h = SKF_TOP + b->dim * SKF_CELL + 10;
    fmt_buf cap = {0};
    if (m)
        skf_move_caption(&cap, e, m);
    else
        fmt_buf_puts(&cap, "no legal move");
    fmt_buf_printf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                      "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n", w, h, w, h);
    fmt_buf_puts(f, "<title>skrafl: ");
    html_puts(f, fmt_buf_str(&cap));
    fmt_buf_puts(f, "</title>\n");
    fmt_buf_printf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#fbf8ef\"/>\n", w, h);
    html_svg_text(f, SKF_LEFT, 30, 20, 1, NULL, "#222", fmt_buf_str(&cap));
    skf_svg_coords(f, b->dim, SKF_LEFT, SKF_TOP);
    for (int r = 0; r < b->dim; r++)
        for (int col = 0; col < b->dim; col++) {
            int i = r * b->dim + col;
            svg_square(f, l, SKF_LEFT, SKF_TOP, r, col, !sq[i]);
            if (sq[i])
                skf_svg_tile(f, e, SKF_LEFT, SKF_TOP, r, col, sq[i], isnew[i]);
        }
    fmt_buf_puts(f, "</svg>\n");
    if (cap.oom)
        f->oom = 1;
    fmt_buf_free(&cap);
}
