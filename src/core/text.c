/* text.c - the shared text toolkit (see core/tk_text.h for the contract).
 *
 * Small, independent pieces: a line iterator over a buffer (BOM, CR LF,
 * blank and comment lines), UTF-8 counting and cutting, a description of a
 * bad character that never copies unsafe bytes, a bounded builder over
 * caller memory with snprintf semantics, a growable heap buffer with a sticky
 * failure flag, and clocks.  The growable buffer doubles its capacity, so n
 * appends cost O(n) amortised; reset keeps the memory, so a buffer reused per
 * record stops allocating once it has seen the largest record.
 */
#include "core/tk_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tilekit/alphabet.h"
#include "tilekit/common.h"

/* ---- time ---------------------------------------------------------------- */

static double seconds_of(clockid_t id)
{
    struct timespec ts;
    if (clock_gettime(id, &ts) != 0)
        return 0.0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double tku_clock_seconds(void) { return seconds_of(CLOCK_MONOTONIC); }

double tku_cpu_seconds(void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    return seconds_of(CLOCK_THREAD_CPUTIME_ID);
#else
    return seconds_of(CLOCK_PROCESS_CPUTIME_ID);
#endif
}

/* ---- UTF-8 --------------------------------------------------------------- */

size_t tku_utf8_count(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

size_t tku_utf8_cut(const char *s, size_t len, size_t max)
{
    if (len <= max)
        return len;
    size_t k = max;
    /* Back up over continuation bytes to the start of the sequence that
     * straddles the cut, then drop that sequence. */
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    return k;
}

/* Code points that print nothing visible or reorder text. */
static int invisible(uint32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0xAD ||
           (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) ||
           (cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB);
}

int tku_char_describe(const char *s, size_t len, char *out, size_t cap)
{
    if (cap)
        out[0] = 0;
    if (len == 0)
        return 0;
    uint32_t cp = 0;
    int n = alpha_utf8_decode(s, len, &cp);
    if (n <= 0) {
        snprintf(out, cap, "byte 0x%02x", (unsigned)(unsigned char)s[0]);
        return 1;
    }
    if (invisible(cp))
        snprintf(out, cap, "U+%04X", (unsigned)cp);
    else if (cp < 0x80)
        snprintf(out, cap, "'%c'", (char)cp);
    else
        snprintf(out, cap, "'%.*s' (U+%04X)", n, s, (unsigned)cp);
    return n;
}

/* ---- lines --------------------------------------------------------------- */

size_t tku_bom_len(const char *s, size_t len)
{
    return len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

size_t tku_line_chomp(const char *s, size_t len)
{
    if (len && s[len - 1] == '\n')
        len--;
    if (len && s[len - 1] == '\r')
        len--;
    return len;
}

size_t tku_line_clean(char *line, size_t len, long lineno)
{
    len = tku_line_chomp(line, len);
    if (lineno == 1) {
        size_t b = tku_bom_len(line, len);
        if (b) {
            memmove(line, line + b, len - b);
            len -= b;
        }
    }
    line[len] = 0;
    return len;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

int tku_line_blank(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!is_blank(s[i]))
            return 0;
    return 1;
}

int tku_line_comment(const char *s, size_t len, char mark)
{
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i < len && s[i] == mark;
}

size_t tku_comment_cut(const char *s, size_t len, char mark)
{
    const char *p = memchr(s, mark, len);
    return p ? (size_t)(p - s) : len;
}

void tku_lines_init(tku_lines *it, const char *text, size_t len, unsigned flags)
{
    it->text = text;
    it->len = len;
    it->pos = tku_bom_len(text, len);
    it->lineno = 0;
    it->flags = flags;
    it->mark = '#';
}

size_t tku_line_trim(const char **s, size_t len)
{
    const char *t = *s;
    size_t a = 0;
    while (a < len && (t[a] == ' ' || t[a] == '\t'))
        a++;
    while (len > a && (t[len - 1] == '\r' || t[len - 1] == ' ' || t[len - 1] == '\t'))
        len--;
    *s = t + a;
    return len - a;
}

int tku_lines_next(tku_lines *it, const char **line, size_t *len)
{
    while (it->pos < it->len) {
        const char *s = it->text + it->pos;
        size_t rest = it->len - it->pos;
        const char *nl = memchr(s, '\n', rest);
        size_t n = nl ? (size_t)(nl - s) : rest;
        it->pos += nl ? n + 1 : n;
        it->lineno++;
        if (n && s[n - 1] == '\r')
            n--;
        if ((it->flags & TKU_LINES_BLANK) && tku_line_blank(s, n))
            continue;
        if ((it->flags & TKU_LINES_COMMENTS) && tku_line_comment(s, n, it->mark))
            continue;
        *line = s;
        *len = n;
        return 1;
    }
    return 0;
}

/* ---- bounded buffer ------------------------------------------------------ */

void tku_sbuf_init(tku_sbuf *b, char *out, size_t cap)
{
    b->out = out;
    b->cap = cap;
    b->len = 0;
    b->kept = 0;
    if (cap)
        out[0] = 0;
}

void tku_sbuf_put(tku_sbuf *b, const char *s, size_t n)
{
    if (b->kept == b->len && b->cap) {     /* nothing cut so far */
        size_t room = b->cap - 1 - b->kept;
        size_t k = n <= room ? n : tku_utf8_cut(s, n, room);
        memcpy(b->out + b->kept, s, k);
        b->kept += k;
        b->out[b->kept] = 0;
    }
    b->len += n;
}

void tku_sbuf_puts(tku_sbuf *b, const char *s) { tku_sbuf_put(b, s, strlen(s)); }

void tku_sbuf_putc(tku_sbuf *b, char c) { tku_sbuf_put(b, &c, 1); }

void tku_sbuf_printf(tku_sbuf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        tku_sbuf_put(b, small, (size_t)n);
        return;
    }
    tku_buf big = TKU_BUF_INIT;
    va_start(ap, fmt);
    int rc = tku_buf_vprintf(&big, fmt, ap);
    va_end(ap);
    if (rc == 0)
        tku_sbuf_put(b, big.data, big.len);
    else
        tku_sbuf_put(b, small, sizeof small - 1);
    tku_buf_free(&big);
}

/* ---- growable buffer ----------------------------------------------------- */

void *tku_grow(void *p, size_t *cap, size_t need, size_t size, size_t first)
{
    if (p && need <= *cap)
        return p;
    size_t n = *cap ? *cap : first;
    while (n < need) {
        if (n > (size_t)-1 / 2)
            return NULL;
        n *= 2;
    }
    if (n > (size_t)-1 / size)
        return NULL;
    void *q = realloc(p, n * size);
    if (q)
        *cap = n;
    return q;
}

int tku_buf_reserve(tku_buf *b, size_t extra)
{
    if (b->failed)
        return TK_ENOMEM;
    if (extra > (size_t)-1 / 2 - b->len - 1) {
        b->failed = 1;
        return TK_ENOMEM;
    }
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p) {
        b->failed = 1;
        return TK_ENOMEM;
    }
    if (!b->data)
        p[0] = 0;
    b->data = p;
    b->cap = cap;
    return 0;
}

int tku_buf_append(tku_buf *b, const void *s, size_t n)
{
    if (tku_buf_reserve(b, n))
        return TK_ENOMEM;
    if (n)
        memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
    return 0;
}

int tku_buf_puts(tku_buf *b, const char *s) { return tku_buf_append(b, s, strlen(s)); }

int tku_buf_putc(tku_buf *b, char c) { return tku_buf_append(b, &c, 1); }

int tku_buf_vprintf(tku_buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    char small[1];
    int n = vsnprintf(small, sizeof small, fmt, ap2);
    va_end(ap2);
    if (n < 0) {
        b->failed = 1;
        return TK_ENOMEM;
    }
    if (tku_buf_reserve(b, (size_t)n))
        return TK_ENOMEM;
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
    return 0;
}

int tku_buf_printf(tku_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = tku_buf_vprintf(b, fmt, ap);
    va_end(ap);
    return rc;
}

const char *tku_buf_str(const tku_buf *b) { return b->data ? b->data : ""; }

void tku_buf_reset(tku_buf *b)
{
    b->len = 0;
    b->failed = 0;
    if (b->data)
        b->data[0] = 0;
}

void tku_buf_free(tku_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = 0;
}
