/* json.c - see json.h.  Recursive descent over the text, values allocated
 * as a tree; depth limited to 64. */
#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
    const char *s;
    size_t len, i;
    char *err;
    size_t errcap;
    int depth;
} parser;

static int fail(parser *p, const char *what)
{
    if (p->err && p->errcap && !p->err[0])
        snprintf(p->err, p->errcap, "byte %zu: %s", p->i, what);
    return -1;
}

static void skip_ws(parser *p)
{
    while (p->i < p->len && (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' || p->s[p->i] == '\r'))
        p->i++;
}

static int put_utf8(char **out, size_t *n, size_t *cap, unsigned cp)
{
    if (*n + 5 > *cap) {
        size_t c = *cap ? *cap * 2 : 32;
        char *q = realloc(*out, c);
        if (!q)
            return -1;
        *out = q;
        *cap = c;
    }
    char *o = *out + *n;
    if (cp < 0x80) { o[0] = (char)cp; *n += 1; }
    else if (cp < 0x800) { o[0] = (char)(0xC0 | cp >> 6); o[1] = (char)(0x80 | (cp & 63)); *n += 2; }
    else if (cp < 0x10000) {
        o[0] = (char)(0xE0 | cp >> 12); o[1] = (char)(0x80 | (cp >> 6 & 63)); o[2] = (char)(0x80 | (cp & 63));
        *n += 3;
    } else {
        o[0] = (char)(0xF0 | cp >> 18); o[1] = (char)(0x80 | (cp >> 12 & 63));
        o[2] = (char)(0x80 | (cp >> 6 & 63)); o[3] = (char)(0x80 | (cp & 63));
        *n += 4;
    }
    return 0;
}

static int hex4(parser *p, unsigned *v)
{
    *v = 0;
    for (int k = 0; k < 4; k++, p->i++) {
        if (p->i >= p->len)
            return fail(p, "short \\u escape");
        char c = p->s[p->i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return fail(p, "bad \\u escape");
        *v = *v * 16 + (unsigned)d;
    }
    return 0;
}

/* One UTF-8 sequence from the text, checked (no overlong forms, surrogates
 * or values above U+10FFFF). */
static int utf8_seq(parser *p, unsigned *cp)
{
    const unsigned char *u = (const unsigned char *)p->s + p->i;
    size_t left = p->len - p->i;
    int n = u[0] >= 0xF0 && u[0] <= 0xF4 ? 4 : u[0] >= 0xE0 ? 3 : u[0] >= 0xC2 && u[0] < 0xE0 ? 2 : 0;
    if (!n || (size_t)n > left)
        return fail(p, "invalid UTF-8 in a string");
    unsigned v = u[0] & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
    for (int k = 1; k < n; k++) {
        if ((u[k] & 0xC0) != 0x80)
            return fail(p, "invalid UTF-8 in a string");
        v = v << 6 | (u[k] & 63);
    }
    if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10FFFF)) || (v >= 0xD800 && v <= 0xDFFF))
        return fail(p, "invalid UTF-8 in a string");
    *cp = v;
    p->i += (size_t)n;
    return 0;
}

static int escape(parser *p, unsigned *cp)
{
    char c = p->s[p->i++];
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    const char *k = c ? strchr(from, c) : NULL;
    if (k) {
        *cp = (unsigned char)to[k - from];
        return 0;
    }
    if (c != 'u' || hex4(p, cp))
        return fail(p, "bad escape");
    if (*cp >= 0xDC00 && *cp <= 0xDFFF)
        return fail(p, "lone low surrogate");
    if (*cp >= 0xD800 && *cp <= 0xDBFF) {
        unsigned lo;
        if (p->i + 2 > p->len || p->s[p->i] != '\\' || p->s[p->i + 1] != 'u')
            return fail(p, "lone high surrogate");
        p->i += 2;
        if (hex4(p, &lo) || lo < 0xDC00 || lo > 0xDFFF)
            return fail(p, "bad surrogate pair");
        *cp = 0x10000 + ((*cp - 0xD800) << 10) + (lo - 0xDC00);
    }
    return 0;
}

static int string(parser *p, char **out, size_t *outlen)
{
    size_t n = 0, cap = 0;
    char *buf = NULL;
    p->i++;   /* the opening quote */
    for (;;) {
        if (p->i >= p->len) {
            free(buf);
            return fail(p, "unterminated string");
        }
        unsigned char c = (unsigned char)p->s[p->i];
        unsigned cp;
        if (c == '"') {
            p->i++;
            break;
        }
        int rc;
        if (c < 0x20)
            rc = fail(p, "control character in a string");
        else if (c == '\\') {
            p->i++;
            rc = escape(p, &cp);
        } else if (c < 0x80) {
            cp = c;
            p->i++;
            rc = 0;
        } else
            rc = utf8_seq(p, &cp);
        if (rc || put_utf8(&buf, &n, &cap, cp)) {
            free(buf);
            return fail(p, "bad string");
        }
    }
    if (put_utf8(&buf, &n, &cap, 0)) {
        free(buf);
        return fail(p, "out of memory");
    }
    *out = buf;
    *outlen = n - 1;
    return 0;
}

static int number(parser *p, tj_value *v)
{
    size_t a = p->i;
    if (p->i < p->len && p->s[p->i] == '-')
        p->i++;
    if (p->i >= p->len || p->s[p->i] < '0' || p->s[p->i] > '9')
        return fail(p, "bad number");
    if (p->s[p->i] == '0' && p->i + 1 < p->len && p->s[p->i + 1] >= '0' && p->s[p->i + 1] <= '9')
        return fail(p, "leading zero");
    while (p->i < p->len && ((p->s[p->i] >= '0' && p->s[p->i] <= '9') || strchr(".eE+-", p->s[p->i])))
        p->i++;
    char tmp[64], *end;
    if (p->i - a >= sizeof tmp)
        return fail(p, "number too long");
    memcpy(tmp, p->s + a, p->i - a);
    tmp[p->i - a] = 0;
    v->number = strtod(tmp, &end);
    if (*end || tmp[p->i - a - 1] == '.' || strstr(tmp, ".e") || strstr(tmp, ".E"))
        return fail(p, "bad number");
    v->type = TJ_NUMBER;
    return 0;
}

static int value(parser *p, tj_value *v);

static int grow(tj_value *v, size_t *cap, int keys)
{
    if (v->n < *cap)
        return 0;
    size_t c = *cap ? *cap * 2 : 4;
    tj_value *it = realloc(v->items, c * sizeof *it);
    if (!it)
        return -1;
    v->items = it;
    if (keys) {
        char **k = realloc(v->keys, c * sizeof *k);
        if (!k)
            return -1;
        v->keys = k;
    }
    *cap = c;
    return 0;
}

/* array or object: members until the closing bracket */
static int members(parser *p, tj_value *v, int obj)
{
    size_t cap = 0;
    char close = obj ? '}' : ']';
    v->type = obj ? TJ_OBJECT : TJ_ARRAY;
    p->i++;
    skip_ws(p);
    if (p->i < p->len && p->s[p->i] == close) {
        p->i++;
        return 0;
    }
    for (;;) {
        if (grow(v, &cap, obj))
            return fail(p, "out of memory");
        tj_value *it = &v->items[v->n];
        memset(it, 0, sizeof *it);
        if (obj) {
            size_t kl;
            skip_ws(p);
            if (p->i >= p->len || p->s[p->i] != '"' || string(p, &v->keys[v->n], &kl))
                return fail(p, "expected a key");
            v->n++;
            skip_ws(p);
            if (p->i >= p->len || p->s[p->i++] != ':')
                return fail(p, "expected ':'");
        } else {
            v->n++;
        }
        if (value(p, it))
            return -1;
        skip_ws(p);
        if (p->i < p->len && p->s[p->i] == ',') {
            p->i++;
            continue;
        }
        if (p->i < p->len && p->s[p->i] == close) {
            p->i++;
            return 0;
        }
        return fail(p, obj ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int literal(parser *p, const char *word)
{
    size_t n = strlen(word);
    if (p->len - p->i < n || memcmp(p->s + p->i, word, n) != 0)
        return fail(p, "unexpected character");
    p->i += n;
    return 0;
}

static int value(parser *p, tj_value *v)
{
    skip_ws(p);
    if (p->i >= p->len)
        return fail(p, "unexpected end");
    if (++p->depth > 64)
        return fail(p, "nested too deep");
    int rc;
    char c = p->s[p->i];
    if (c == '{' || c == '[')
        rc = members(p, v, c == '{');
    else if (c == '"') {
        v->type = TJ_STRING;
        rc = string(p, &v->str, &v->len);
    } else if (c == 't' || c == 'f') {
        v->type = TJ_BOOL;
        v->boolean = c == 't';
        rc = literal(p, c == 't' ? "true" : "false");
    } else if (c == 'n') {
        v->type = TJ_NULL;
        rc = literal(p, "null");
    } else
        rc = number(p, v);
    p->depth--;
    return rc;
}

static void free_inside(tj_value *v)
{
    for (size_t i = 0; i < v->n; i++) {
        free_inside(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
}

tj_value *tj_parse(const char *text, size_t len, char *err, size_t errcap)
{
    parser p = { text, len, 0, err, errcap, 0 };
    if (err && errcap)
        err[0] = 0;
    tj_value *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    int rc = value(&p, v);
    skip_ws(&p);
    if (!rc && p.i != p.len)
        rc = fail(&p, "text after the value");
    if (rc) {
        tj_free(v);
        return NULL;
    }
    return v;
}

void tj_free(tj_value *v)
{
    if (!v)
        return;
    free_inside(v);
    free(v);
}

const tj_value *tj_get(const tj_value *v, const char *key)
{
    if (!v || v->type != TJ_OBJECT)
        return NULL;
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->keys[i], key) == 0)
            return &v->items[i];
    return NULL;
}

const char *tj_str(const tj_value *v, const char *key)
{
    const tj_value *m = tj_get(v, key);
    return m && m->type == TJ_STRING ? m->str : NULL;
}

long long tj_int(const tj_value *v, const char *key, long long dflt)
{
    const tj_value *m = tj_get(v, key);
    return m && m->type == TJ_NUMBER ? (long long)m->number : dflt;
}
