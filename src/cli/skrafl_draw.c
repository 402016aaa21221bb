/* skrafl_draw.c - pictures of a board with one move on it: --show draws it
 * as text, 3 columns a square, with ANSI colour only on a terminal without
 * NO_COLOR; --svg writes the same picture as SVG (tiles as <rect
 * class="tile"> with data-row, data-col and data-letter for scripts). */
#include "cli/skrafl_cli.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The board's tiles plus the move's new ones (letter | SK_BLANK, 0 empty). */
static void board_with_move(const sk_board *b, const sk_move *m, uint8_t sq[SK_MAX_SQ],
                            uint8_t isnew[SK_MAX_SQ])
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

/* The text of one move for captions: "8G  S(CAT)  6". */
static void move_caption(const sk_engine *e, const sk_move *m, cli_buf *out)
{
    char coord[16];
    cli_buf t = {0};
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    cli_buf_printf(out, "%s  %s  %d", coord, skc_move_text(&t, e, m, SK_FMT_PAREN), m->score);
    cli_buf_free(&t);
}

/* Draw the board on f, 3 columns a square: " . " plain, " 3W" premium, " * "
 * start, " C " a tile (blank lower case), "[S]" a tile of the move.  With
 * colour, ANSI backgrounds are added around the same text (so removing the
 * escapes gives the plain drawing). */
void skc_show_board(const skc_ctx *c, cli_buf *f, const sk_board *b, const sk_move *m, const char *what)
{
    const sk_engine *e = c->e;
    const sk_layout *l = sk_engine_layout(e);
    const alpha_table *a = sk_engine_alphabet(e);
    int color = c->o->show_color;
    uint8_t sq[SK_MAX_SQ], isnew[SK_MAX_SQ];
    board_with_move(b, m, sq, isnew);
    cli_buf_puts(f, "   ");
    for (int col = 0; col < b->dim; col++)
        cli_buf_printf(f, " %c ", 'A' + col);
    cli_buf_putc(f, '\n');
    for (int r = 0; r < b->dim; r++) {
        cli_buf_printf(f, "%2d ", r + 1);
        for (int col = 0; col < b->dim; col++) {
            int i = r * b->dim + col;
            const char *sgr = NULL;
            char cell[64];
            if (sq[i]) {
                unsigned li = sq[i] & SK_LETTER;
                const char *txt = li <= (unsigned)a->size ? ((sq[i] & SK_BLANK) ? a->lower[li] : a->upper[li]) : "?";
                snprintf(cell, sizeof cell, isnew[i] ? "[%s]" : " %s ", txt);
                sgr = isnew[i] ? "1;30;102" : "30;103";
            } else {
                const char *p = premium_label(l, r, col);
                if (p[0] == 0)
                    snprintf(cell, sizeof cell, " . ");
                else if (p[1] == 0)
                    snprintf(cell, sizeof cell, " * ");
                else
                    snprintf(cell, sizeof cell, " %s", p);
                if (p[0] == '*')
                    sgr = "30;105";
                else if (p[1] == 'W')
                    sgr = p[0] == '2' ? "30;105" : "97;41";
                else if (p[1] == 'L')
                    sgr = p[0] == '2' ? "30;106" : "97;44";
            }
            if (color && sgr)
                cli_buf_printf(f, "\033[%sm%s\033[0m", sgr, cell);
            else
                cli_buf_puts(f, cell);
        }
        cli_buf_putc(f, '\n');
    }
    if (m) {
        cli_buf_printf(f, "%s: ", what);
        move_caption(e, m, f);
        cli_buf_puts(f, "  (new tiles in [ ])\n");
    } else {
        cli_buf_printf(f, "%s: none\n", what);
    }
}

static void svg_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* Write the board with move m (may be NULL) as an SVG picture.  Every tile is
 * a <rect class="tile"> (class "tile new" for the move's tiles) carrying
 * data-row, data-col (0-based) and data-letter. */
int skc_write_svg(const skc_ctx *c, const char *path, const sk_board *b, const sk_move *m, cli_buf *err)
{
    enum { CELL = 36, LEFT = 30, TOP = 60 };
    const sk_engine *e = c->e;
    const sk_layout *l = sk_engine_layout(e);
    const sk_tileset *ts = sk_engine_tileset(e);
    const alpha_table *a = sk_engine_alphabet(e);
    uint8_t sq[SK_MAX_SQ], isnew[SK_MAX_SQ];
    board_with_move(b, m, sq, isnew);
    cli_out out;
    tk_error oe = {0};
    if (cli_out_open(&out, path, &oe) != 0) {      /* the output-file rule: cli_outfile.h */
        cli_buf_error(err, path, 0, "%s", oe.msg);
        return CLI_EXIT_DATA;
    }
    FILE *f = out.f;
    int w = LEFT + b->dim * CELL + 10, h = TOP + b->dim * CELL + 10;
    cli_buf cap = {0};
    if (m)
        move_caption(e, m, &cap);
    else
        cli_buf_puts(&cap, "no legal move");
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n", w, h, w, h);
    fputs("<title>skrafl: ", f);
    svg_text(f, cap.p ? cap.p : "");
    fputs("</title>\n", f);
    fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#fbf8ef\"/>\n", w, h);
    fprintf(f, "<text x=\"%d\" y=\"30\" font-size=\"20\" font-weight=\"bold\" fill=\"#222\">", LEFT);
    svg_text(f, cap.p ? cap.p : "");
    fputs("</text>\n", f);
    for (int i = 0; i < b->dim; i++) {
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" fill=\"#555\">%c</text>\n",
                LEFT + i * CELL + CELL / 2, TOP - 6, 'A' + i);
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"end\" fill=\"#555\">%d</text>\n",
                LEFT - 6, TOP + i * CELL + CELL / 2 + 4, i + 1);
    }
    for (int r = 0; r < b->dim; r++) {
        for (int col = 0; col < b->dim; col++) {
            int i = r * b->dim + col, x = LEFT + col * CELL, y = TOP + r * CELL;
            const char *p = premium_label(l, r, col);
            const char *fill = "#e9e4d4";
            if (p[0] == '*' || (p[1] == 'W' && p[0] == '2'))
                fill = "#f4b6c2";
            else if (p[1] == 'W')
                fill = "#d9534f";
            else if (p[1] == 'L')
                fill = p[0] == '2' ? "#a7d8ef" : "#3a7bd5";
            fprintf(f, "<rect class=\"square\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                       "stroke=\"#fbf8ef\" stroke-width=\"2\"/>\n", x, y, CELL, CELL, fill);
            if (!sq[i] && p[0])
                fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n",
                        x + CELL / 2, y + CELL / 2 + (p[0] == '*' ? 7 : 4), p[0] == '*' ? 20 : 11,
                        (p[1] == 'W' && p[0] != '2') || (p[1] == 'L' && p[0] != '2') ? "#fff" : "#333", p);
            if (!sq[i])
                continue;
            unsigned li = sq[i] & SK_LETTER;
            int blank = (sq[i] & SK_BLANK) != 0;
            const char *txt = li <= (unsigned)a->size ? (blank ? a->lower[li] : a->upper[li]) : "?";
            fprintf(f, "<rect class=\"tile%s\" data-row=\"%d\" data-col=\"%d\" data-letter=\"",
                    isnew[i] ? " new" : "", r, col);
            svg_text(f, txt);
            fprintf(f, "\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"%s\" stroke=\"%s\" "
                       "stroke-width=\"%d\"/>\n", x + 2, y + 2, CELL - 4, CELL - 4,
                    isnew[i] ? "#ffe066" : "#f3dcae", isnew[i] ? "#c0392b" : "#b08d57", isnew[i] ? 3 : 1);
            fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"20\" font-weight=\"bold\" text-anchor=\"middle\" "
                       "fill=\"%s\">", x + CELL / 2, y + CELL / 2 + 7, blank ? "#888" : "#222");
            svg_text(f, txt);
            fputs("</text>\n", f);
            if (!blank && ts->value[li] > 0)
                fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"9\" text-anchor=\"end\" fill=\"#222\">%d</text>\n",
                        x + CELL - 5, y + CELL - 5, ts->value[li]);
        }
    }
    fputs("</svg>\n", f);
    cli_buf_free(&cap);
    if (cli_out_commit(&out, &oe) != 0) {
        cli_buf_error(err, path, 0, "%s", oe.msg);
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

