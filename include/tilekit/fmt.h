/* tilekit/fmt.h - the formatting wing's basics: a growable byte buffer, a
 * strict JSON writer and the number forms every formatter shares.
 *
 * The library's wings compute records and never format them; formatters
 * (this header, tilekit/html.h, tilekit/skfmt.h) turn records into text,
 * JSON, HTML or SVG bytes appended to a buffer the caller owns.  Nothing
 * here prints, opens a file, exits or aborts.
 *
 * fmt_buf: the caller owns the struct (zero-initialised = empty) and frees
 * its memory with fmt_buf_free.  p is NULL until the first append, then
 * NUL-terminated; len counts the bytes (NUL bytes may be appended with
 * fmt_buf_put).  An allocation failure sets oom and drops every later
 * append until fmt_buf_reset, so a caller may append freely and check oom
 * once.  A buffer is not thread-safe; one per thread.
 *
 * fmt_json: commas and colons are placed by the writer, strings are always
 * valid strict JSON: '"' and '\' escaped, every control character
 * (U+0000..U+001F and U+007F) written as \u00XX (never \n or \t: one form
 * for all), bytes that are not valid UTF-8 replaced by \ufffd; valid UTF-8
 * copied as it is.
 *
 *     fmt_json j;
 *     fmt_json_begin(&j, out);            // one object a line
 *     fmt_json_kint(&j, "line", 3);
 *     fmt_json_key(&j, "words"); fmt_json_array(&j);
 *     fmt_json_str(&j, "cat"); fmt_json_str(&j, "act");
 *     fmt_json_close(&j);                 // ]
 *     fmt_json_end(&j);                   // } and "\n"
 *
 * gives {"line":3,"words":["cat","act"]}.  Nesting is limited to
 * FMT_JSON_DEPTH levels (deeper opens are ignored).
 */
#ifndef TILEKIT_FMT_H
#define TILEKIT_FMT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the buffer ---------------------------------------------------------- */

typedef struct fmt_buf {
    char *p;                   /* NULL until the first append; NUL-terminated after */
    size_t len, cap;
    int oom;                   /* an allocation failed since the last reset */
} fmt_buf;

/* Room for `more` bytes after len (and the NUL): 0, or -1 with oom set. */
int fmt_buf_reserve(fmt_buf *b, size_t more);
void fmt_buf_put(fmt_buf *b, const void *s, size_t n);
void fmt_buf_puts(fmt_buf *b, const char *s);
static inline void fmt_buf_putc(fmt_buf *b, int c)
{
    if (b->len + 2 <= b->cap && !b->oom) {
        b->p[b->len++] = (char)c;
        b->p[b->len] = 0;
    } else {
        char ch = (char)c;
        fmt_buf_put(b, &ch, 1);
    }
}
/* Decimal integers without printf (numbers are most of what the tools write). */
void fmt_buf_putuint(fmt_buf *b, unsigned long long v);
void fmt_buf_putint(fmt_buf *b, long long v);
void fmt_buf_vprintf(fmt_buf *b, const char *fmt, va_list ap);
void fmt_buf_printf(fmt_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The text ("" when empty, never NULL). */
static inline const char *fmt_buf_str(const fmt_buf *b) { return b->p ? b->p : ""; }
/* Empty it, keep the memory, clear oom. */
static inline void fmt_buf_reset(fmt_buf *b)
{
    b->len = 0;
    b->oom = 0;
    if (b->p)
        b->p[0] = 0;
}
/* Release the memory; the buffer is empty and usable again. */
void fmt_buf_free(fmt_buf *b);

/* ---- numbers and widths -------------------------------------------------- */

/* v thousandths as a decimal: "-12.5", "3.0" (trailing zeros cut, one kept). */
void fmt_milli(char *out, size_t cap, int64_t v);
/* Display width of UTF-8 text: its code points (bytes that do not continue
 * a sequence). */
int fmt_width(const char *s);
/* s padded with spaces to `width` code points, on the left (right != 0:
 * right-aligned) or on the right. */
void fmt_pad(fmt_buf *b, const char *s, int width, int right);

/* ---- the JSON writer ----------------------------------------------------- */

#define FMT_JSON_DEPTH 30

typedef struct fmt_json {
    fmt_buf *b;
    int depth;
    int after_key;
    unsigned char comma[FMT_JSON_DEPTH + 1];
    char close[FMT_JSON_DEPTH + 1];
} fmt_json;

/* Start a line with '{' (fmt_json_end closes it and adds "\n"). */
void fmt_json_begin(fmt_json *j, fmt_buf *b);
/* Go on with an object whose '{' and first members the caller already put
 * in b (a prefix written once and copied for many lines). */
void fmt_json_resume(fmt_json *j, fmt_buf *b);
void fmt_json_end(fmt_json *j);

void fmt_json_key(fmt_json *j, const char *key);
void fmt_json_object(fmt_json *j);      /* { ... fmt_json_close */
void fmt_json_array(fmt_json *j);       /* [ ... fmt_json_close */
void fmt_json_close(fmt_json *j);
void fmt_json_str(fmt_json *j, const char *s);
void fmt_json_strn(fmt_json *j, const char *s, size_t n);
void fmt_json_int(fmt_json *j, long long v);
void fmt_json_uint(fmt_json *j, unsigned long long v);
void fmt_json_bool(fmt_json *j, int v);
void fmt_json_null(fmt_json *j);
/* A value already in JSON (a number formatted by the caller...). */
void fmt_json_raw(fmt_json *j, const char *json);
/* Key and value in one call. */
void fmt_json_kstr(fmt_json *j, const char *key, const char *s);
void fmt_json_kint(fmt_json *j, const char *key, long long v);
void fmt_json_kbool(fmt_json *j, const char *key, int v);
/* A number printed with a printf format ("%.3f"), and thousandths (fmt_milli). */
void fmt_json_kfixed(fmt_json *j, const char *key, const char *format, double v);
void fmt_json_kmilli(fmt_json *j, const char *key, int64_t v);

/* The quoted string alone (the escaping above), for callers without a writer. */
void fmt_json_quote(fmt_buf *b, const char *s, size_t n);

#ifdef __cplusplus
}
#endif
#endif
