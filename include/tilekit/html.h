/* tilekit/html.h - the formatters' HTML and SVG kit: escaping, a
 * self-contained page, and the SVG pieces the game pages are drawn with
 * (rectangles, texts, tiles, a line chart).
 *
 * Everything is appended to a caller-owned fmt_buf (tilekit/fmt.h).
 *
 * Untrusted text (names, notes, titles from a game file) goes through
 * html_text / html_puts: & < > " ' become entities, bytes that are not
 * valid UTF-8 and control characters (but tab and newline) become U+FFFD,
 * so such text can only ever be text, in an element or in a quoted
 * attribute.  Every text parameter below named `text` is escaped so; the
 * parameters named `attrs` and `css` are the caller's own markup, never
 * from input.
 *
 * The page (html_page_begin ... html_page_end) is one file that needs
 * nothing else: UTF-8, inline CSS, and a Content-Security-Policy meta tag
 * forbidding every outside load and every script (default-src 'none'; only
 * the page's own inline styles are allowed).
 *
 * Nothing here prints or opens a file; a failed allocation leaves the
 * buffer's oom set.  Prefix html_.
 */
#ifndef TILEKIT_HTML_H
#define TILEKIT_HTML_H

#include <stddef.h>

#include "tilekit/fmt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The Content-Security-Policy of every page. */
#define HTML_CSP "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

/* Escaped text (see the top). */
void html_text(fmt_buf *b, const char *s, size_t n);
void html_puts(fmt_buf *b, const char *s);
/* printf into the page, the result escaped as html_text does. */
void html_printf(fmt_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A path segment for a link's href: bytes other than letters, digits and
 * - . _ ~ written as %XX. */
void html_href(fmt_buf *b, const char *s);

/* <!DOCTYPE html> ... <body>: lang "en", the title (escaped), the CSP, the
 * base style and `css` (the caller's, may be NULL). */
void html_page_begin(fmt_buf *b, const char *title, const char *css);
void html_page_end(fmt_buf *b);

/* ---- SVG pieces ---------------------------------------------------------------------------------- */

/* <rect [class="cls"] x y width height [rx] fill [stroke stroke-width]/>:
 * cls, stroke NULL to leave out, rx 0 to leave out. */
void html_svg_rect(fmt_buf *b, const char *cls, int x, int y, int w, int h, int rx, const char *fill,
                   const char *stroke, int stroke_width);
/* <text x y font-size [font-weight="bold"] [text-anchor] fill>TEXT</text>
 * (anchor NULL: none). */
void html_svg_text(fmt_buf *b, int x, int y, int size, int bold, const char *anchor, const char *fill,
                   const char *text);

/* A tile: a rounded rectangle, a big label in its middle and an optional
 * small text in its bottom-right corner (a letter's value, a tile's count). */
typedef struct html_tile {
    int x, y, w, h, rx;
    const char *cls;           /* class of the rectangle */
    const char *attrs;         /* more attributes of the rectangle (the caller's, escaped), or NULL */
    const char *fill, *stroke;
    int stroke_width;
    const char *label;         /* text */
    int label_size, label_dy;  /* the label's baseline: the middle + label_dy */
    const char *label_fill;
    const char *corner;        /* text, or NULL */
    int corner_size;
    const char *corner_fill;
} html_tile;
void html_svg_tile(fmt_buf *b, const html_tile *t);

/* A line chart: one polyline a series over x = 1..n (the series' values;
 * NaN: no point), a y axis from 0 to the largest value rounded up to a
 * round step, grid lines, a legend, axis titles.  The <svg> carries
 * class="chart" and each polyline data-series="NAME" and data-values
 * (the values, comma-separated, two decimals) for scripts and tests. */
typedef struct html_series {
    const char *name;          /* text */
    const char *color;
    const double *y;
    int n;
} html_series;
typedef struct html_chart {
    int width, height;
    const char *title, *xtitle, *ytitle;   /* text */
    const html_series *series;
    int nseries;
} html_chart;
void html_svg_chart(fmt_buf *b, const html_chart *c);

#ifdef __cplusplus
}
#endif
#endif
