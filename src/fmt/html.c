/* html.c - the HTML and SVG kit (contract in tilekit/html.h): escaping one
 * code point at a time, the page skeleton with its security policy and base
 * style, and the SVG pieces (rectangles, texts, tiles, a line chart whose
 * y axis runs to a round value above the largest point). */
#include "tilekit/html.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tilekit/alphabet.h"

/* ---- text ------------------------------------------------------------------------------------------ */

void html_text(fmt_buf *b, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && (unsigned char)s[j] >= 0x20 && (unsigned char)s[j] < 0x7F && !strchr("&<>\"'", s[j]))
            j++;                                  /* a plain ASCII run */
        fmt_buf_put(b, s + i, j - i);
        if (j == n)
            break;
        unsigned char c = (unsigned char)s[j];
        uint32_t cp;
        int k = c >= 0x80 ? alpha_utf8_decode(s + j, n - j, &cp) : 1;
        if (c == '&')
            fmt_buf_puts(b, "&amp;");
        else if (c == '<')
            fmt_buf_puts(b, "&lt;");
        else if (c == '>')
            fmt_buf_puts(b, "&gt;");
        else if (c == '"')
            fmt_buf_puts(b, "&quot;");
        else if (c == '\'')
            fmt_buf_puts(b, "&#39;");
        else if (c == '\n' || c == '\t')
            fmt_buf_putc(b, (char)c);
        else if (c >= 0x80 && k > 0 && !(cp >= 0x80 && cp < 0xA0))
            fmt_buf_put(b, s + j, (size_t)k);
        else
            fmt_buf_puts(b, "\xEF\xBF\xBD");       /* U+FFFD */
        i = j + (size_t)(k > 0 ? k : 1);
    }
}

void html_puts(fmt_buf *b, const char *s) { html_text(b, s, strlen(s)); }

void html_printf(fmt_buf *b, const char *fmt, ...)
{
    fmt_buf t = {0};
    va_list ap;
    va_start(ap, fmt);
    fmt_buf_vprintf(&t, fmt, ap);
    va_end(ap);
    html_text(b, fmt_buf_str(&t), t.len);
    if (t.oom)
        b->oom = 1;
    fmt_buf_free(&t);
}

void html_href(fmt_buf *b, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-._~", c)) {
            fmt_buf_putc(b, c);
        } else {
            char e[3] = { '%', hex[c >> 4], hex[c & 15] };
            fmt_buf_put(b, e, 3);
        }
    }
}

/* ---- the page --------------------------------------------------------------------------------------- */

static const char base_css[] =
    "body{font-family:'DejaVu Sans',Arial,sans-serif;margin:0 auto;max-width:1100px;padding:0 16px 32px;"
    "color:#222;background:#fbf8ef}\n"
    "h1{font-size:1.5em;margin:.8em 0 .3em}h2{font-size:1.2em;margin:1.2em 0 .4em}\n"
    "table{border-collapse:collapse}th,td{padding:2px 8px;text-align:right;border-bottom:1px solid #ddd}"
    "th:first-child,td:first-child{text-align:left}\n"
    "a{color:#2a5db0}.note{white-space:pre-wrap;color:#555}\n";

void html_page_begin(fmt_buf *b, const char *title, const char *css)
{
    fmt_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta http-equiv=\"Content-Security-Policy\" content=\"" HTML_CSP "\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    html_puts(b, title);
    fmt_buf_puts(b, "</title>\n<style>\n");
    fmt_buf_puts(b, base_css);
    if (css)
        fmt_buf_puts(b, css);
    fmt_buf_puts(b, "</style>\n</head>\n<body>\n");
}

void html_page_end(fmt_buf *b) { fmt_buf_puts(b, "</body>\n</html>\n"); }

/* ---- SVG ---------------------------------------------------------------------------------------------- */

void html_svg_rect(fmt_buf *b, const char *cls, int x, int y, int w, int h, int rx, const char *fill,
                   const char *stroke, int stroke_width)
{
    fmt_buf_puts(b, "<rect");
    if (cls)
        fmt_buf_printf(b, " class=\"%s\"", cls);
    fmt_buf_printf(b, " x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"", x, y, w, h);
    if (rx)
        fmt_buf_printf(b, " rx=\"%d\"", rx);
    fmt_buf_printf(b, " fill=\"%s\"", fill);
    if (stroke)
        fmt_buf_printf(b, " stroke=\"%s\" stroke-width=\"%d\"", stroke, stroke_width);
    fmt_buf_puts(b, "/>\n");
}

void html_svg_text(fmt_buf *b, int x, int y, int size, int bold, const char *anchor, const char *fill,
                   const char *text)
{
    fmt_buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"%d\"%s", x, y, size, bold ? " font-weight=\"bold\"" : "");
    if (anchor)
        fmt_buf_printf(b, " text-anchor=\"%s\"", anchor);
    fmt_buf_printf(b, " fill=\"%s\">", fill);
    html_puts(b, text);
    fmt_buf_puts(b, "</text>\n");
}

void html_svg_tile(fmt_buf *b, const html_tile *t)
{
    fmt_buf_printf(b, "<rect class=\"%s\"", t->cls ? t->cls : "tile");
    if (t->attrs)
        fmt_buf_printf(b, " %s", t->attrs);
    fmt_buf_printf(b, " x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"%d\" fill=\"%s\" stroke=\"%s\" "
                      "stroke-width=\"%d\"/>\n", t->x, t->y, t->w, t->h, t->rx, t->fill, t->stroke, t->stroke_width);
    html_svg_text(b, t->x + t->w / 2, t->y + t->h / 2 + t->label_dy, t->label_size, 1, "middle", t->label_fill,
                  t->label);
    if (t->corner)
        html_svg_text(b, t->x + t->w - 3, t->y + t->h - 3, t->corner_size, 0, "end", t->corner_fill, t->corner);
}

/* ---- a line chart --------------------------------------------------------------------------------------- */

enum { CH_LEFT = 56, CH_RIGHT = 16, CH_TOP = 34, CH_BOTTOM = 44 };

/* A round step (1, 2 or 5 times a power of ten) that cuts 0..max in at most 6. */
static double round_step(double max)
{
    double step = pow(10, floor(log10(max > 0 ? max : 1)));
    while (max / step > 6)
        step *= max / (step * 2) > 6 ? 5 : 2;
    while (max / step < 2 && step > 1e-9)
        step /= 2;
    return step;
}

typedef struct frame {
    int x0, y0, w, h;          /* the plot area */
    int n;                     /* x runs 1..n */
    double ymax;
} frame;

static double fx(const frame *f, int i) { return f->x0 + (f->n > 1 ? (double)(i - 1) * f->w / (f->n - 1) : f->w / 2.0); }
static double fy(const frame *f, double v) { return f->y0 + f->h - v / f->ymax * f->h; }

static void chart_axes(fmt_buf *b, const html_chart *c, const frame *f, double step)
{
    char t[32];
    for (double v = 0; v <= f->ymax + step / 2; v += step) {
        double y = fy(f, v);
        fmt_buf_printf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", f->x0, y, f->x0 + f->w, y);
        snprintf(t, sizeof t, "%g", v);
        html_svg_text(b, f->x0 - 6, (int)lround(y) + 4, 11, 0, "end", "#555", t);
    }
    int every = f->n <= 12 ? 1 : (f->n + 11) / 12;
    for (int i = 1; i <= f->n; i += every) {
        snprintf(t, sizeof t, "%d", i);
        html_svg_text(b, (int)lround(fx(f, i)), f->y0 + f->h + 16, 11, 0, "middle", "#555", t);
    }
    fmt_buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n", f->x0, f->y0 + f->h,
                   f->x0 + f->w, f->y0 + f->h);
    if (c->title)
        html_svg_text(b, f->x0, 20, 14, 1, NULL, "#222", c->title);
    if (c->xtitle)
        html_svg_text(b, f->x0 + f->w / 2, f->y0 + f->h + 36, 12, 0, "middle", "#555", c->xtitle);
    if (c->ytitle) {
        fmt_buf_printf(b, "<g transform=\"translate(14 %d) rotate(-90)\">\n", f->y0 + f->h / 2);
        html_svg_text(b, 0, 0, 12, 0, "middle", "#555", c->ytitle);
        fmt_buf_puts(b, "</g>\n");
    }
}

static void chart_series(fmt_buf *b, const frame *f, const html_series *s, int k)
{
    fmt_buf_puts(b, "<polyline class=\"series\" data-series=\"");
    html_puts(b, s->name);
    fmt_buf_puts(b, "\" data-values=\"");
    for (int i = 0; i < s->n; i++)
        fmt_buf_printf(b, "%s%.2f", i ? "," : "", isnan(s->y[i]) ? 0.0 : s->y[i]);
    fmt_buf_printf(b, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", s->color);
    int first = 1;
    for (int i = 0; i < s->n; i++) {
        if (isnan(s->y[i]))
            continue;
        fmt_buf_printf(b, "%s%.1f,%.1f", first ? "" : " ", fx(f, i + 1), fy(f, s->y[i]));
        first = 0;
    }
    fmt_buf_puts(b, "\"/>\n");
    for (int i = 0; i < s->n; i++)
        if (!isnan(s->y[i]))
            fmt_buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n", fx(f, i + 1), fy(f, s->y[i]),
                           s->color);
    int lx = f->x0 + f->w - 150, ly = 14 + 16 * k;
    fmt_buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>\n", lx, ly - 4,
                   lx + 18, ly - 4, s->color);
    html_svg_text(b, lx + 24, ly, 12, 0, NULL, "#222", s->name);
}

void html_svg_chart(fmt_buf *b, const html_chart *c)
{
    frame f = { CH_LEFT, CH_TOP + 16 * (c->nseries > 1 ? c->nseries - 1 : 0), 0, 0, 1, 0 };
    f.w = c->width - CH_LEFT - CH_RIGHT;
    f.h = c->height - f.y0 - CH_BOTTOM;
    double max = 0;
    for (int k = 0; k < c->nseries; k++) {
        if (c->series[k].n > f.n)
            f.n = c->series[k].n;
        for (int i = 0; i < c->series[k].n; i++)
            if (!isnan(c->series[k].y[i]) && c->series[k].y[i] > max)
                max = c->series[k].y[i];
    }
    double step = round_step(max);
    f.ymax = ceil(max / step - 1e-9) * step;
    if (f.ymax <= 0)
        f.ymax = step;
    fmt_buf_printf(b, "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                      "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n",
                   c->width, c->height, c->width, c->height);
    chart_axes(b, c, &f, step);
    for (int k = 0; k < c->nseries; k++)
        chart_series(b, &f, &c->series[k], k);
    fmt_buf_puts(b, "</svg>\n");
}
