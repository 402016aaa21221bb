/* json.c - the JSON writer (contract in tilekit/fmt.h): a stack of "a value was
 * written at this level" flags places the commas; strings are escaped one
 * code point at a time, strictly (a byte that does not start a valid UTF-8
 * sequence becomes U+FFFD, written as \ufffd). */
#include "tilekit/fmt.h"

#include <stdio.h>
#include <string.h>

#include "tilekit/alphabet.h"

void fmt_json_quote(fmt_buf *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    fmt_buf_putc(b, '"');
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && (unsigned char)s[j] >= 0x20 && (unsigned char)s[j] < 0x7F && s[j] != '"' &&
               s[j] != '\\')
            j++;                                  /* plain ASCII run */
        fmt_buf_put(b, s + i, j - i);
        if (j == n)
            break;
        unsigned char c = (unsigned char)s[j];
        if (c == '"' || c == '\\') {
            char e[2] = { '\\', (char)c };
            fmt_buf_put(b, e, 2);
            i = j + 1;
        } else if (c < 0x20 || c == 0x7F) {
            char e[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
            fmt_buf_put(b, e, 6);
            i = j + 1;
        } else {
            uint32_t cp;
            int k = alpha_utf8_decode(s + j, n - j, &cp);
            if (k > 0) {
                fmt_buf_put(b, s + j, (size_t)k);
                i = j + (size_t)k;
            } else {
                fmt_buf_puts(b, "\\ufffd");
                i = j + 1;
            }
        }
    }
    fmt_buf_putc(b, '"');
}

/* Before any value: a comma if this level already has one. */
static void before_value(fmt_json *j)
{
    if (j->after_key) {
        j->after_key = 0;
        return;
    }
    if (j->comma[j->depth])
        fmt_buf_putc(j->b, ',');
    j->comma[j->depth] = 1;
}

static void open(fmt_json *j, char o, char c)
{
    before_value(j);
    fmt_buf_putc(j->b, o);
    if (j->depth < FMT_JSON_DEPTH) {
        j->depth++;
        j->comma[j->depth] = 0;
        j->close[j->depth] = c;
    }
}

void fmt_json_begin(fmt_json *j, fmt_buf *b)
{
    memset(j, 0, sizeof *j);
    j->b = b;
    open(j, '{', '}');
}

void fmt_json_resume(fmt_json *j, fmt_buf *b)
{
    memset(j, 0, sizeof *j);
    j->b = b;
    j->depth = 1;
    j->comma[1] = 1;
    j->close[1] = '}';
}

void fmt_json_close(fmt_json *j)
{
    if (j->depth > 0)
        fmt_buf_putc(j->b, j->close[j->depth--]);
}

void fmt_json_end(fmt_json *j)
{
    while (j->depth > 0)
        fmt_json_close(j);
    fmt_buf_putc(j->b, '\n');
}

void fmt_json_object(fmt_json *j) { open(j, '{', '}'); }
void fmt_json_array(fmt_json *j) { open(j, '[', ']'); }

void fmt_json_key(fmt_json *j, const char *key)
{
    before_value(j);
    fmt_json_quote(j->b, key, strlen(key));
    fmt_buf_putc(j->b, ':');
    j->after_key = 1;
}

void fmt_json_strn(fmt_json *j, const char *s, size_t n)
{
    before_value(j);
    fmt_json_quote(j->b, s, n);
}

void fmt_json_str(fmt_json *j, const char *s) { fmt_json_strn(j, s, strlen(s)); }

void fmt_json_int(fmt_json *j, long long v)
{
    before_value(j);
    fmt_buf_putint(j->b, v);
}

void fmt_json_uint(fmt_json *j, unsigned long long v)
{
    before_value(j);
    fmt_buf_putuint(j->b, v);
}

void fmt_json_bool(fmt_json *j, int v)
{
    before_value(j);
    fmt_buf_puts(j->b, v ? "true" : "false");
}

void fmt_json_null(fmt_json *j)
{
    before_value(j);
    fmt_buf_puts(j->b, "null");
}

void fmt_json_raw(fmt_json *j, const char *json)
{
    before_value(j);
    fmt_buf_puts(j->b, json);
}

void fmt_json_kstr(fmt_json *j, const char *key, const char *s)
{
    fmt_json_key(j, key);
    fmt_json_str(j, s);
}

void fmt_json_kint(fmt_json *j, const char *key, long long v)
{
    fmt_json_key(j, key);
    fmt_json_int(j, v);
}

void fmt_json_kbool(fmt_json *j, const char *key, int v)
{
    fmt_json_key(j, key);
    fmt_json_bool(j, v);
}

void fmt_json_kfixed(fmt_json *j, const char *key, const char *format, double v)
{
    char t[64];
    snprintf(t, sizeof t, format, v);
    fmt_json_key(j, key);
    fmt_json_raw(j, t);
}

void fmt_json_kmilli(fmt_json *j, const char *key, int64_t v)
{
    char t[32];
    fmt_milli(t, sizeof t, v);
    fmt_json_key(j, key);
    fmt_json_raw(j, t);
}
