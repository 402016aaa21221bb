/* cli_json.c - the JSON writer (see cli_json.h): a stack of "a value was
 * written at this level" flags places the commas; strings are escaped one
 * code point at a time, strictly (a byte that does not start a valid UTF-8
 * sequence becomes U+FFFD, written as \ufffd). */
#include "cli/cli_json.h"

#include <string.h>

#include "tilekit/alphabet.h"

void cli_json_quote(cli_buf *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    cli_buf_putc(b, '"');
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && (unsigned char)s[j] >= 0x20 && (unsigned char)s[j] < 0x7F && s[j] != '"' &&
               s[j] != '\\')
            j++;                                  /* plain ASCII run */
        cli_buf_put(b, s + i, j - i);
        if (j == n)
            break;
        unsigned char c = (unsigned char)s[j];
        if (c == '"' || c == '\\') {
            char e[2] = { '\\', (char)c };
            cli_buf_put(b, e, 2);
            i = j + 1;
        } else if (c < 0x20 || c == 0x7F) {
            char e[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
            cli_buf_put(b, e, 6);
            i = j + 1;
        } else {
            uint32_t cp;
            int k = alpha_utf8_decode(s + j, n - j, &cp);
            if (k > 0) {
                cli_buf_put(b, s + j, (size_t)k);
                i = j + (size_t)k;
            } else {
                cli_buf_puts(b, "\\ufffd");
                i = j + 1;
            }
        }
    }
    cli_buf_putc(b, '"');
}

/* Before any value: a comma if this level already has one. */
static void before_value(cli_json *j)
{
    if (j->after_key) {
        j->after_key = 0;
        return;
    }
    if (j->comma[j->depth])
        cli_buf_putc(j->b, ',');
    j->comma[j->depth] = 1;
}

static void open(cli_json *j, char o, char c)
{
    before_value(j);
    cli_buf_putc(j->b, o);
    if (j->depth < CLI_JSON_DEPTH) {
        j->depth++;
        j->comma[j->depth] = 0;
        j->close[j->depth] = c;
    }
}

void cli_json_begin(cli_json *j, cli_buf *b)
{
    memset(j, 0, sizeof *j);
    j->b = b;
    open(j, '{', '}');
}

void cli_json_resume(cli_json *j, cli_buf *b)
{
    memset(j, 0, sizeof *j);
    j->b = b;
    j->depth = 1;
    j->comma[1] = 1;
    j->close[1] = '}';
}

void cli_json_close(cli_json *j)
{
    if (j->depth > 0)
        cli_buf_putc(j->b, j->close[j->depth--]);
}

void cli_json_end(cli_json *j)
{
    while (j->depth > 0)
        cli_json_close(j);
    cli_buf_putc(j->b, '\n');
}

void cli_json_object(cli_json *j) { open(j, '{', '}'); }
void cli_json_array(cli_json *j) { open(j, '[', ']'); }

void cli_json_key(cli_json *j, const char *key)
{
    before_value(j);
    cli_json_quote(j->b, key, strlen(key));
    cli_buf_putc(j->b, ':');
    j->after_key = 1;
}

void cli_json_strn(cli_json *j, const char *s, size_t n)
{
    before_value(j);
    cli_json_quote(j->b, s, n);
}

void cli_json_str(cli_json *j, const char *s) { cli_json_strn(j, s, strlen(s)); }

void cli_json_int(cli_json *j, long long v)
{
    before_value(j);
    cli_buf_putint(j->b, v);
}

void cli_json_uint(cli_json *j, unsigned long long v)
{
    before_value(j);
    cli_buf_putuint(j->b, v);
}

void cli_json_bool(cli_json *j, int v)
{
    before_value(j);
    cli_buf_puts(j->b, v ? "true" : "false");
}

void cli_json_null(cli_json *j)
{
    before_value(j);
    cli_buf_puts(j->b, "null");
}

void cli_json_raw(cli_json *j, const char *json)
{
    before_value(j);
    cli_buf_puts(j->b, json);
}

void cli_json_kstr(cli_json *j, const char *key, const char *s)
{
    cli_json_key(j, key);
    cli_json_str(j, s);
}

void cli_json_kint(cli_json *j, const char *key, long long v)
{
    cli_json_key(j, key);
    cli_json_int(j, v);
}
