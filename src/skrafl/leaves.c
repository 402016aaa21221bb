/* leaves.c - leave tables: `leave,value` CSV in, a compact hash table out.
 *
 * A leave (at most SK_RACK_MAX tiles) is packed into one 64-bit key: its
 * tile codes (0 blank, 1..63 letters) in ascending order, each stored as
 * code + 1 in 7 bits, so different multisets give different keys and the
 * empty leave is key 0, which also marks an empty slot (the empty leave is
 * never stored: it is worth 0 by definition... unless a table names it, in
 * which case it is kept apart in `empty_value`).  The table is open
 * addressing with linear probing over a power-of-two array of keys and a
 * parallel array of int32 values (thousandths of a point; both in one
 * block), at most half
 * full: a lookup packs the counts (one pass over 64 bytes), hashes with one
 * multiplication and probes a few adjacent slots.  No allocation per lookup.
 */
#include "tilekit/skgame.h"

#include <stdlib.h>
#include <string.h>

struct sk_leaves {
    uint64_t *key;
    int32_t *val;
    size_t cap, n;        /* cap: power of two */
    int32_t empty_value;
    int has_empty;
};

static inline size_t slot_of(uint64_t k, size_t cap)
{
    return (size_t)((k * 0x9E3779B97F4A7C15ull) >> 20) & (cap - 1);
}

/* Pack counts into a key; -1 when the leave has more than SK_RACK_MAX tiles. */
static int64_t pack(const uint8_t counts[64])
{
    uint64_t k = 0;
    int n = 0;
    for (int c = 0; c < 64; c++)
        for (int i = 0; i < counts[c]; i++) {
            if (++n > SK_RACK_MAX)
                return -1;
            k = (k << 7) | (uint64_t)(c + 1);
        }
    return (int64_t)k;
}

/* The keys and values of `cap` slots, zeroed, in one block (the keys first,
 * so that freeing the keys frees both). */
static uint64_t *slots_alloc(size_t cap, int32_t **val)
{
    uint64_t *key = calloc(cap, sizeof *key + sizeof **val);
    *val = key ? (int32_t *)(key + cap) : NULL;
    return key;
}

int sk_leaves_create(sk_leaves **out, size_t n)
{
    *out = NULL;
    sk_leaves *l = calloc(1, sizeof *l);
    if (!l)
        return TK_ENOMEM;
    size_t cap = 16;
    while (cap < 2 * n + 2)
        cap *= 2;
    l->key = slots_alloc(cap, &l->val);
    if (!l->key) {
        free(l);
        return TK_ENOMEM;
    }
    l->cap = cap;
    *out = l;
    return TK_OK;
}

void sk_leaves_destroy(sk_leaves *l)
{
    if (l)
        free(l->key);   /* the values too */
    free(l);
}

static int grow(sk_leaves *l)
{
    size_t cap = l->cap * 2;
    int32_t *val;
    uint64_t *key = slots_alloc(cap, &val);
    if (!key)
        return TK_ENOMEM;
    for (size_t i = 0; i < l->cap; i++)
        if (l->key[i]) {
            size_t s = slot_of(l->key[i], cap);
            while (key[s])
                s = (s + 1) & (cap - 1);
            key[s] = l->key[i];
            val[s] = l->val[i];
        }
    free(l->key);
    l->key = key;
    l->val = val;
    l->cap = cap;
    return TK_OK;
}

/* Insert; returns 1 if the key was new, 0 if replaced, negative on error. */
static int put(sk_leaves *l, uint64_t k, int32_t v)
{
    if (k == 0) {
        int fresh = !l->has_empty;
        l->has_empty = 1;
        l->empty_value = v;
        return fresh;
    }
    if (2 * (l->n + 1) > l->cap && grow(l))
        return TK_ENOMEM;
    size_t s = slot_of(k, l->cap);
    while (l->key[s] && l->key[s] != k)
        s = (s + 1) & (l->cap - 1);
    int fresh = l->key[s] == 0;
    l->key[s] = k;
    l->val[s] = v;
    l->n += (size_t)fresh;
    return fresh;
}

int sk_leaves_set(sk_leaves *l, const uint8_t counts[64], int32_t value)
{
    int64_t k = pack(counts);
    if (k < 0)
        return TK_ELIMIT;
    int rc = put(l, (uint64_t)k, value);
    return rc < 0 ? rc : TK_OK;
}

int32_t sk_leaves_value(void *leaves, const uint8_t counts[64])
{
    const sk_leaves *l = leaves;
    if (!l)
        return 0;
    int64_t k = pack(counts);
    if (k <= 0)
        return k == 0 && l->has_empty ? l->empty_value : 0;
    size_t s = slot_of((uint64_t)k, l->cap);
    while (l->key[s]) {
        if (l->key[s] == (uint64_t)k)
            return l->val[s];
        s = (s + 1) & (l->cap - 1);
    }
    return 0;
}

size_t sk_leaves_count(const sk_leaves *l) { return l ? l->n + (size_t)l->has_empty : 0; }
size_t sk_leaves_capacity(const sk_leaves *l) { return l ? l->cap + 1 : 0; }

int sk_leaves_slot(const sk_leaves *l, size_t i, uint8_t counts[64], int32_t *value)
{
    memset(counts, 0, 64);
    if (i == l->cap) {
        *value = l->empty_value;
        return l->has_empty;
    }
    if (i > l->cap || !l->key[i])
        return 0;
    for (uint64_t k = l->key[i]; k; k >>= 7)
        counts[(k & 0x7F) - 1]++;
    *value = l->val[i];
    return 1;
}

/* ---- CSV ------------------------------------------------------------------ */

/* Parse a decimal number of points ("12.5", "-3", "+0.125", "1e1" not
 * accepted) into thousandths, rounded half away from zero. */
static int parse_value(const char *s, size_t n, int32_t *out)
{
    size_t i = 0;
    int neg = 0;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    int64_t ip = 0, frac = 0;
    int digits = 0, fd = 0, round = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        ip = ip * 10 + (s[i++] - '0');
        digits++;
        if (ip > 1000000)
            return -1;
    }
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            if (fd < 3)
                frac = frac * 10 + (s[i] - '0');
            else if (fd == 3)
                round = s[i] >= '5';
            fd++;
            digits++;
            i++;
        }
    }
    if (!digits || i != n)
        return -1;
    for (int k = fd; k < 3; k++)
        frac *= 10;
    int64_t v = ip * 1000 + frac + round;
    *out = (int32_t)(neg ? -v : v);
    return 0;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static int strncasecmp_ascii(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x >= 'A' && x <= 'Z')
            x += 32;
        if (y >= 'A' && y <= 'Z')
            y += 32;
        if (x != y)
            return x - y;
    }
    return 0;
}

/* One line "LEAVE,VALUE" -> counts and value.  Returns 0, 1 for a line to
 * skip (blank/comment/header), or a negative status with err->msg set. */
static int parse_line(const alpha_table *a, const char *s, size_t n, long line, uint8_t counts[64],
                      int32_t *value, tk_error *err)
{
    while (n && is_space(s[n - 1]))
        n--;
    size_t i = 0;
    while (i < n && is_space(s[i]))
        i++;
    if (i == n || s[i] == '#')
        return 1;
    const char *comma = memchr(s + i, ',', n - i);
    if (!comma)
        return tk_error_set(err, TK_EFORMAT, line, 0, "expected LEAVE,VALUE (no comma)");
    size_t ke = (size_t)(comma - s), vs = ke + 1;
    while (ke > i && is_space(s[ke - 1]))
        ke--;
    while (vs < n && is_space(s[vs]))
        vs++;
    if (line == 1 && ke - i == 5 && strncasecmp_ascii(s + i, "leave", 5) == 0)
        return 1;
    memset(counts, 0, 64);
    int tiles = 0;
    for (size_t p = i; p < ke;) {
        if (++tiles > SK_RACK_MAX)
            return tk_error_set(err, TK_ELIMIT, line, (long)p + 1, "leave has more than %d tiles", SK_RACK_MAX);
        if (s[p] == '?') {
            counts[0]++;
            p++;
            continue;
        }
        int letter = 0, upper = 0;
        int k = alpha_match(a, s + p, ke - p, &letter, &upper);
        if (k <= 0) {
            char q[40];
            return tk_error_set(err, TK_EFORMAT, line, (long)p + 1,
                                "'%s' is not a letter of the alphabet (use ? for a blank)",
                                alpha_quote(s + p, ke - p < 4 ? ke - p : 4, 8, q, sizeof q));
        }
        counts[letter]++;
        p += (size_t)k;
    }
    if (vs >= n)
        return tk_error_set(err, TK_EFORMAT, line, (long)vs + 1, "missing value after the comma");
    if (memchr(s + vs, ',', n - vs))
        return tk_error_set(err, TK_EFORMAT, line, (long)vs + 1, "more than two fields");
    if (parse_value(s + vs, n - vs, value)) {
        char q[48];
        return tk_error_set(err, TK_EFORMAT, line, (long)vs + 1,
                            "bad value '%s' (a decimal number of points, |value| <= 1000000)",
                            alpha_quote(s + vs, n - vs, 24, q, sizeof q));
    }
    return 0;
}

static int contains(const sk_leaves *l, uint64_t k)
{
    if (k == 0)
        return l->has_empty;
    size_t s = slot_of(k, l->cap);
    while (l->key[s]) {
        if (l->key[s] == k)
            return 1;
        s = (s + 1) & (l->cap - 1);
    }
    return 0;
}

int sk_leaves_parse(sk_leaves **out, const alpha_table *a, const char *text, size_t len, tk_error *err)
{
    *out = NULL;
    size_t lines = 1;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    sk_leaves *l = NULL;
    if (sk_leaves_create(&l, lines))
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    long line = 0;
    for (size_t i = 0; i < len || (i == len && line == 0);) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t e = nl ? (size_t)(nl - text) : len;
        line++;
        uint8_t counts[64];
        int32_t v = 0;
        int rc = parse_line(a, text + i, e - i, line, counts, &v, err);
        if (rc < 0) {
            sk_leaves_destroy(l);
            return rc;
        }
        if (rc == 0) {
            uint64_t k = (uint64_t)pack(counts);
            if (contains(l, k)) {
                sk_leaves_destroy(l);
                return tk_error_set(err, TK_EFORMAT, line, 1, "leave given twice (letters in another order?)");
            }
            if (put(l, k, v) < 0) {
                sk_leaves_destroy(l);
                return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
            }
        }
        i = e + 1;
        if (!nl)
            break;
    }
    *out = l;
    return TK_OK;
}
