/* mjtiles_svg.c - riichi mahjong tiles drawn in SVG (contract in
 * tilekit/mjfmt.h): the 37 faces (34 tiles, then the red 5m 5p 5s) as
 * <symbol>s defined once in a page, each face a rounded white rectangle
 * with its marks drawn: circles for the pins laid out as on the tiles,
 * bamboo sticks for the sou (a tall stick under a red head for the 1), the
 * number and a red mark for the characters, the wind's letter, and shapes
 * for the dragons (a blue frame, a green stroke figure, a red box crossed
 * by a bar).  A red five has every mark in red.  Nothing needs a font with
 * mahjong glyphs: only ASCII digits and letters are text. */
#include "tilekit/mjfmt.h"

#include <stdio.h>

#define RED "#c22f2f"
#define BLUE "#1d4e9e"
#define GREEN "#177245"

/* Pin and sou marks: the centres, in a 30 x 40 face. */
static const signed char PIN[9][9][2] = {
    { { 15, 20 } },
    { { 15, 11 }, { 15, 29 } },
    { { 8, 9 }, { 15, 20 }, { 22, 31 } },
    { { 9, 11 }, { 21, 11 }, { 9, 29 }, { 21, 29 } },
    { { 8, 9 }, { 22, 9 }, { 15, 20 }, { 8, 31 }, { 22, 31 } },
    { { 9, 9 }, { 21, 9 }, { 9, 20 }, { 21, 20 }, { 9, 31 }, { 21, 31 } },
    { { 7, 7 }, { 15, 11 }, { 23, 15 }, { 9, 24 }, { 21, 24 }, { 9, 33 }, { 21, 33 } },
    { { 9, 7 }, { 21, 7 }, { 9, 16 }, { 21, 16 }, { 9, 25 }, { 21, 25 }, { 9, 34 }, { 21, 34 } },
    { { 8, 9 }, { 15, 9 }, { 22, 9 }, { 8, 20 }, { 15, 20 }, { 22, 20 }, { 8, 31 }, { 15, 31 }, { 22, 31 } },
};
static const double PIN_R[9] = { 8.5, 5.5, 4.5, 5, 4.5, 4.3, 3.6, 3.6, 3.6 };

static const signed char SOU[9][9][2] = {
    { { 15, 24 } },
    { { 15, 11 }, { 15, 29 } },
    { { 15, 11 }, { 9, 29 }, { 21, 29 } },
    { { 9, 11 }, { 21, 11 }, { 9, 29 }, { 21, 29 } },
    { { 8, 11 }, { 22, 11 }, { 15, 20 }, { 8, 29 }, { 22, 29 } },
    { { 7, 11 }, { 15, 11 }, { 23, 11 }, { 7, 29 }, { 15, 29 }, { 23, 29 } },
    { { 15, 7 }, { 7, 20 }, { 15, 20 }, { 23, 20 }, { 7, 32 }, { 15, 32 }, { 23, 32 } },
    { { 6, 11 }, { 12, 11 }, { 18, 11 }, { 24, 11 }, { 6, 29 }, { 12, 29 }, { 18, 29 }, { 24, 29 } },
    { { 7, 8 }, { 15, 8 }, { 23, 8 }, { 7, 20 }, { 15, 20 }, { 23, 20 }, { 7, 32 }, { 15, 32 }, { 23, 32 } },
};

/* The mark k of number n (1..9) that is red on the tiles (k from 0). */
static int pin_red(int n, int k) { return n == 1 || (n == 5 && k == 2) || (n == 9 && k >= 3 && k <= 5); }
static int sou_red(int n, int k) { return (n == 5 && k == 2) || (n == 7 && k == 0) || (n == 9 && k % 3 == 1); }

static void pins(fmt_buf *b, int n, int red)
{
    for (int k = 0; k < n; k++) {
        const char *c = red || pin_red(n, k) ? RED : n == 7 && k < 3 ? GREEN : BLUE;
        fmt_buf_printf(b, "<circle cx=\"%d\" cy=\"%d\" r=\"%g\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\"/>"
                          "<circle cx=\"%d\" cy=\"%d\" r=\"%g\" fill=\"%s\"/>", PIN[n - 1][k][0], PIN[n - 1][k][1],
                       PIN_R[n - 1], c, PIN[n - 1][k][0], PIN[n - 1][k][1], PIN_R[n - 1] * 0.45, c);
    }
}

static void sticks(fmt_buf *b, int n, int red)
{
    if (n == 1) {   /* a tall stick under a red head */
        fmt_buf_printf(b, "<rect x=\"12.5\" y=\"13\" width=\"5\" height=\"23\" rx=\"2\" fill=\"%s\"/>"
                          "<circle cx=\"15\" cy=\"9\" r=\"4.5\" fill=\"" RED "\"/>", red ? RED : GREEN);
        return;
    }
    for (int k = 0; k < n; k++)
        fmt_buf_printf(b, "<rect x=\"%d\" y=\"%g\" width=\"4\" height=\"9\" rx=\"1.5\" fill=\"%s\"/>",
                       SOU[n - 1][k][0] - 2, SOU[n - 1][k][1] - 4.5, red || sou_red(n, k) ? RED : GREEN);
}

static void characters(fmt_buf *b, int n, int red)
{
    fmt_buf_printf(b, "<text x=\"15\" y=\"17\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\" "
                      "fill=\"%s\">%d</text><path d=\"M8 22h14M9 27h12M15 20v15M9 35l6-3l6 3\" fill=\"none\" "
                      "stroke=\"" RED "\" stroke-width=\"2\"/>", red ? RED : "#222", n);
}

static void honour(fmt_buf *b, int h)
{
    if (h < 4) {
        fmt_buf_printf(b, "<text x=\"15\" y=\"28\" font-size=\"20\" font-weight=\"bold\" text-anchor=\"middle\" "
                          "fill=\"#1f3a68\">%c</text>", "ESWN"[h]);
    } else if (h == 4) {
        fmt_buf_puts(b, "<rect x=\"7\" y=\"8\" width=\"16\" height=\"24\" rx=\"2\" fill=\"none\" stroke=\"" BLUE
                        "\" stroke-width=\"2.5\"/>");
    } else if (h == 5) {
        fmt_buf_puts(b, "<path d=\"M15 7v26M8 13h14M9 23l6-6l6 6M8 32h14\" fill=\"none\" stroke=\"" GREEN
                        "\" stroke-width=\"2.5\"/>");
    } else {
        fmt_buf_puts(b, "<rect x=\"7\" y=\"13\" width=\"16\" height=\"12\" fill=\"none\" stroke=\"" RED
                        "\" stroke-width=\"2.5\"/><path d=\"M15 6v28\" stroke=\"" RED "\" stroke-width=\"3\"/>");
    }
}

void mjf_svg_tile_id(int t, int red, char out[8])
{
    char n[3];
    mj_tile_name(t, n);
    if (red && t < 27 && t % 9 == 4)
        n[0] = '0';
    snprintf(out, 8, "mj-%s", n);
}

void mjf_svg_tile_defs(fmt_buf *b)
{
    fmt_buf_puts(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" style=\"position:absolute\" "
                    "aria-hidden=\"true\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n<defs>\n");
    for (int k = 0; k < MJ_TILES + 3; k++) {
        int t = k < MJ_TILES ? k : (k - MJ_TILES) * 9 + 4, red = k >= MJ_TILES;
        char id[8];
        mjf_svg_tile_id(t, red, id);
        fmt_buf_printf(b, "<symbol id=\"%s\" viewBox=\"0 0 30 40\"><rect class=\"face\" x=\"1\" y=\"1\" width=\"28\" "
                          "height=\"38\" rx=\"4\" fill=\"#ffffff\" stroke=\"#8c8372\" stroke-width=\"1.5\"/>", id);
        if (t < 9)
            characters(b, t + 1, red);
        else if (t < 18)
            pins(b, t - 8, red);
        else if (t < 27)
            sticks(b, t - 17, red);
        else
            honour(b, t - 27);
        fmt_buf_puts(b, "</symbol>\n");
    }
    fmt_buf_puts(b, "</defs>\n</svg>\n");
}

void mjf_svg_tile(fmt_buf *b, int t, int red, int x, int y)
{
    char id[8];
    mjf_svg_tile_id(t, red, id);
    fmt_buf_printf(b, "<use href=\"#%s\" x=\"%d\" y=\"%d\" width=\"30\" height=\"40\"/>", id, x, y);
}
