/* buf.c - fmt_buf, the formatters' growable buffer (contract in
 * tilekit/fmt.h).  Growth is the internal toolkit's (tku_buf_reserve:
 * doubling from 64 bytes, a failure remembered until the next reset); text
 * is formatted straight into the free space, in one pass when it fits (as
 * it nearly always does), a second after growing otherwise.  Also the
 * number forms and widths every formatter shares. */
#include "tilekit/fmt.h"

#include <stdio.h>
#include <string.h>

#include "core/tk_text.h"

int fmt_buf_reserve(fmt_buf *b, size_t more)
{
    if (!b->oom && b->p && more < b->cap - b->len)
        return 0;
    tku_buf t = { b->p, b->len, b->cap, b->oom };
    int rc = tku_buf_reserve(&t, more);
    b->p = t.data;
    b->cap = t.cap;
    b->oom = t.failed;
    return rc ? -1 : 0;
}

void fmt_buf_put(fmt_buf *b, const void *s, size_t n)
{
    if (fmt_buf_reserve(b, n))
        return;
    if (n)
        memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void fmt_buf_puts(fmt_buf *b, const char *s) { fmt_buf_put(b, s, strlen(s)); }

void fmt_buf_putuint(fmt_buf *b, unsigned long long v)
{
    char tmp[24];
    int i = (int)sizeof tmp;
    do {
        tmp[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    fmt_buf_put(b, tmp + i, sizeof tmp - (size_t)i);
}

void fmt_buf_putint(fmt_buf *b, long long v)
{
    if (v < 0)
        fmt_buf_putc(b, '-');
    fmt_buf_putuint(b, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
}

void fmt_buf_vprintf(fmt_buf *b, const char *fmt, va_list ap)
{
    va_list aq;
    if (fmt_buf_reserve(b, 128))
        return;
    va_copy(aq, ap);
    int n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, aq);
    va_end(aq);
    if (n < 0) {
        b->oom = 1;
        return;
    }
    if ((size_t)n >= b->cap - b->len) {
        if (fmt_buf_reserve(b, (size_t)n))
            return;
        vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
    }
    b->len += (size_t)n;
}

void fmt_buf_printf(fmt_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fmt_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void fmt_buf_free(fmt_buf *b)
{
    tku_buf t = { b->p, b->len, b->cap, b->oom };
    tku_buf_free(&t);
    b->p = NULL;
    b->len = b->cap = 0;
    b->oom = 0;
}

/* ---- numbers and widths ------------------------------------------------------------------------ */

void fmt_milli(char *out, size_t cap, int64_t v)
{
    uint64_t a = v < 0 ? 0u - (uint64_t)v : (uint64_t)v;
    snprintf(out, cap, "%s%llu.%03llu", v < 0 ? "-" : "", (unsigned long long)(a / 1000),
             (unsigned long long)(a % 1000));
    /* trim trailing zeros, keep one decimal */
    size_t n = strlen(out);
    while (n > 2 && out[n - 1] == '0' && out[n - 2] != '.')
        out[--n] = 0;
}

int fmt_width(const char *s)
{
    return (int)tku_utf8_count(s, strlen(s));
}

void fmt_pad(fmt_buf *b, const char *s, int width, int right)
{
    int n = width - fmt_width(s);
    if (right)
        for (; n > 0; n--)
            fmt_buf_putc(b, ' ');
    fmt_buf_puts(b, s);
    if (!right)
        for (; n > 0; n--)
            fmt_buf_putc(b, ' ');
}
