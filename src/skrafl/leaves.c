/* leaves.c - leave tables: `leave,value` CSV in and out, a compact hash
 * table for partial tables, and a dense complete form (see "the dense form"
 * below) with its binary file.
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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The dense form (a complete table): every multiset of 1..maxt tiles the
 * tile set allows, numbered by its rank (see dense_rank), its value packed
 * in `bits` bits (two's complement) in units of `unit` thousandths. */
typedef struct dense {
    int ntypes, maxt, bits, unit;
    size_t n;                              /* leaves */
    uint8_t cap[64];                       /* most tiles of each type in a leave */
    uint32_t off[SK_RACK_MAX + 1];         /* rank of the first leave of each size */
    uint32_t (*skip)[SK_RACK_MAX][SK_RACK_MAX + 1];   /* [type][room][count] (see dense_tables) */
    uint8_t *packed;                       /* the values, bit-packed */
} dense;

struct sk_leaves {
    uint64_t *key;
    int32_t *val;
    size_t cap, n;        /* cap: power of two */
    int32_t empty_value;
    int has_empty;
    dense *d;             /* not NULL: the dense form (key/val unused) */
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

static void dense_free(dense *d);

void sk_leaves_destroy(sk_leaves *l)
{
    if (l) {
        free(l->key);   /* the values too */
        dense_free(l->d);
    }
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

static int32_t dense_value(const dense *d, const uint8_t counts[64]);
static int dense_set(dense *d, const uint8_t counts[64], int32_t value);

int sk_leaves_set(sk_leaves *l, const uint8_t counts[64], int32_t value)
{
    if (l->d)
        return dense_set(l->d, counts, value);
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
    if (l->d)
        return dense_value(l->d, counts);
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

size_t sk_leaves_count(const sk_leaves *l)
{
    return !l ? 0 : l->d ? l->d->n : l->n + (size_t)l->has_empty;
}
size_t sk_leaves_capacity(const sk_leaves *l) { return !l ? 0 : l->d ? l->d->n : l->cap + 1; }

static void dense_unrank(const dense *d, size_t r, uint8_t counts[64]);

int sk_leaves_slot(const sk_leaves *l, size_t i, uint8_t counts[64], int32_t *value)
{
    memset(counts, 0, 64);
    if (l->d) {
        if (i >= l->d->n)
            return 0;
        dense_unrank(l->d, i, counts);
        *value = dense_value(l->d, counts);
        return 1;
    }
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
    return sk_leaves_parse_checked(out, a, NULL, text, len, err);
}

int sk_leaves_parse_checked(sk_leaves **out, const alpha_table *a, const sk_tileset *ts, const char *text,
                            size_t len, tk_error *err)
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
        for (int t = 0; rc == 0 && ts && t < 64; t++) {
            int have = t <= ts->nletters ? ts->count[t] : 0;
            if (counts[t] > have) {
                sk_leaves_destroy(l);
                return tk_error_set(err, TK_EFORMAT, line, 1, "leave holds %d %s, the tile set has %d",
                                    counts[t], t ? a->upper[t] : "?", have);
            }
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

/* ---- the dense form -------------------------------------------------------
 *
 * A complete table has a value for every multiset of 1..maxt tiles that the
 * tile set allows (type 0 the blank, type t >= 1 letter t; at most cap[t] =
 * min(count in the set, maxt) of type t).  Multisets are numbered by size,
 * then lexicographically by their counts of type 0, 1, ...: with N[t][r] the
 * number of ways to give r tiles to the types t.. (within their caps), a
 * multiset of size n has rank
 *     off[n] + sum over t of skip[t][r_t][c_t],
 *     skip[t][r][c] = sum over c' < c of N[t + 1][r - c'],
 * r_t the tiles left for the types t.. once the earlier types took theirs.
 * Only the types present in the leave add a term, so a look-up is one scan
 * of the counts and at most maxt table reads; the values sit in one packed
 * array (no hashing, no probing), 12 or 16 bits each. */

static void dense_free(dense *d)
{
    if (!d)
        return;
    free(d->skip);
    free(d->packed);
    free(d);
}

static int dense_tables(dense *d, const uint8_t cap[64], int ntypes, int maxt)
{
    d->ntypes = ntypes;
    d->maxt = maxt;
    memcpy(d->cap, cap, 64);
    uint64_t N[65][SK_RACK_MAX + 1];
    memset(N, 0, sizeof N);
    N[ntypes][0] = 1;
    for (int t = ntypes - 1; t >= 0; t--)
        for (int r = 0; r <= maxt; r++)
            for (int c = 0; c <= cap[t] && c <= r; c++)
                N[t][r] += N[t + 1][r - c];
    d->skip = calloc((size_t)ntypes, sizeof *d->skip);
    if (!d->skip)
        return TK_ENOMEM;
    for (int t = 0; t < ntypes; t++)
        for (int r = 0; r <= maxt && r < SK_RACK_MAX; r++) {
            uint64_t acc = 0;
            for (int c = 0; c <= SK_RACK_MAX; c++) {
                d->skip[t][r][c] = (uint32_t)acc;
                if (c <= cap[t] && c <= r)
                    acc += N[t + 1][r - c];
            }
        }
    uint64_t total = 0;
    for (int n = 0; n <= SK_RACK_MAX; n++) {
        d->off[n] = (uint32_t)total;
        if (n >= 1 && n <= maxt)
            total += N[0][n];
    }
    if (total > 0x7fffffffu)
        return TK_ELIMIT;
    d->n = (size_t)total;
    return TK_OK;
}

/* Rank of a leave, or -1 if the table has no such leave.  The counts are
 * read 8 at a time, so the zero runs of a short leave cost little. */
static long dense_rank(const dense *d, const uint8_t counts[64])
{
    uint8_t at[SK_RACK_MAX], ct[SK_RACK_MAX];
    int m = 0, n = 0, K = d->ntypes;
    for (int w = 0; w < 64; w += 8) {
        uint64_t x;
        memcpy(&x, counts + w, 8);
        while (x) {
            int t = w + __builtin_ctzll(x) / 8;
            int c = counts[t];
            x &= ~((uint64_t)0xff << (8 * (t - w)));
            if (t >= K || c > d->cap[t] || m == SK_RACK_MAX)
                return -1;
            at[m] = (uint8_t)t;
            ct[m++] = (uint8_t)c;
            n += c;
        }
    }
    if (n < 1 || n > d->maxt)
        return -1;
    uint32_t rank = d->off[n];
    int r = n;
    for (int i = 0; i < m; i++) {
        rank += d->skip[at[i]][r][ct[i]];
        r -= ct[i];
    }
    return (long)rank;
}

static void dense_unrank(const dense *d, size_t rank, uint8_t counts[64])
{
    memset(counts, 0, 64);
    int n = 1;
    while (n < d->maxt && rank >= d->off[n + 1])
        n++;
    uint32_t rem = (uint32_t)(rank - d->off[n]);
    int r = n;
    for (int t = 0; t < d->ntypes && r > 0; t++) {
        int c = 0;
        /* the largest c whose skip does not pass rem */
        while (c < r && c < d->cap[t] && d->skip[t][r][c + 1] <= rem)
            c++;
        rem -= d->skip[t][r][c];
        counts[t] = (uint8_t)c;
        r -= c;
    }
}

static size_t dense_bytes(const dense *d) { return (d->n * (size_t)d->bits + 7) / 8; }

static int32_t dense_get(const dense *d, size_t i)
{
    if (d->bits == 16) {
        const uint8_t *p = d->packed + 2 * i;
        return (int16_t)(uint16_t)(p[0] | p[1] << 8);
    }
    size_t bit = i * (size_t)d->bits;
    const uint8_t *p = d->packed + bit / 8;
    uint32_t w = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
    w = (w >> (bit % 8)) & ((1u << d->bits) - 1);
    int32_t v = (int32_t)w;
    if (w >> (d->bits - 1))
        v -= (int32_t)1 << d->bits;
    return v;
}

static void dense_put(dense *d, size_t i, int32_t v)
{
    size_t bit = i * (size_t)d->bits;
    uint32_t w = (uint32_t)v & ((1u << d->bits) - 1);
    for (int b = 0; b < d->bits; b++) {
        uint8_t *p = d->packed + (bit + (size_t)b) / 8;
        unsigned sh = (unsigned)((bit + (size_t)b) % 8);
        *p = (uint8_t)((*p & ~(1u << sh)) | ((w >> b & 1u) << sh));
    }
}

static int32_t dense_value(const dense *d, const uint8_t counts[64])
{
    long r = dense_rank(d, counts);
    return r < 0 ? 0 : dense_get(d, (size_t)r) * d->unit;
}

/* The values sk_leaves_value gives every sub-multiset of a rack, in one
 * pass without a call each: the rack's nd distinct tiles lt[] (ascending
 * codes, the blank 0 first) with counts ct[]; the sub-multiset keeping k_j
 * of tile j is number sum k_j * prod_{i<j} (ct[i] + 1) (rank.c's
 * numbering).  The dense rank is made from the counts as dense_rank does,
 * the digits stepped like an odometer: dense_rank's term for digit j,
 * skip[lt[j]][s_j][k_j], depends only on the digits from j up (s_j = their
 * tiles), so the sums of those terms from each digit up (part[]) stay
 * valid while only lower digits move, and each step makes the term of the
 * digit it moves and copies it to the digits it clears.  Returns 0
 * (nothing written) when the table has no dense form. */
int tki_sk_leaves_values(const sk_leaves *l, const int *lt, const int *ct, int nd, int32_t *value);
int tki_sk_leaves_values(const sk_leaves *l, const int *lt, const int *ct, int nd, int32_t *value)
{
    if (!l || !l->d || nd > SK_RACK_MAX + 1)
        return 0;
    const dense *d = l->d;
    /* Digits j and above: their tiles (suf), their terms' sum (part), how
     * many of them the table has no room for (bad); index nd: none. */
    int k[SK_RACK_MAX + 2] = { 0 }, suf[SK_RACK_MAX + 2] = { 0 }, bad[SK_RACK_MAX + 2] = { 0 }, total = 0;
    uint32_t part[SK_RACK_MAX + 2] = { 0 };
    for (int idx = 0;; idx++) {
        int32_t v = 0;
        if (total >= 1 && total <= d->maxt && !bad[0])
            v = dense_get(d, d->off[total] + part[0]) * d->unit;
        value[idx] = v;
        int j = 0;
        while (j < nd && k[j] == ct[j]) {
            total -= k[j];
            k[j++] = 0;
        }
        if (j == nd)
            return 1;
        k[j]++;
        total++;
        suf[j] = suf[j + 1] + k[j];
        /* as dense_rank: a tile the table has no room for (or more tiles than a leave) */
        int b = lt[j] < 0 || lt[j] >= d->ntypes || k[j] > d->cap[lt[j]] || suf[j] > d->maxt;
        bad[j] = bad[j + 1] + b;
        part[j] = part[j + 1] + (b ? 0 : d->skip[lt[j]][suf[j]][k[j]]);
        for (int i = j; i-- > 0;) {   /* the cleared digits add nothing */
            suf[i] = suf[j];
            bad[i] = bad[j];
            part[i] = part[j];
        }
    }
}

static int dense_set(dense *d, const uint8_t counts[64], int32_t value)
{
    long r = dense_rank(d, counts);
    if (r < 0)
        return TK_ELIMIT;
    int64_t lim = ((int64_t)1 << (d->bits - 1)) - 1;
    int64_t v = value >= 0 ? ((int64_t)value + d->unit / 2) / d->unit : -((-(int64_t)value + d->unit / 2) / d->unit);
    dense_put(d, (size_t)r, (int32_t)(v > lim ? lim : v < -lim ? -lim : v));
    return TK_OK;
}

static void caps_of(const sk_tileset *ts, int maxt, uint8_t cap[64])
{
    memset(cap, 0, 64);
    for (int t = 0; t <= ts->nletters && t < 64; t++)
        cap[t] = (uint8_t)(ts->count[t] < maxt ? ts->count[t] : maxt);
}

int sk_leaves_create_dense(sk_leaves **out, const sk_tileset *ts, int bits, int unit)
{
    *out = NULL;
    if ((bits != 12 && bits != 16) || unit < 1 || ts->nletters < 1 || ts->nletters > 63)
        return TK_EINVAL;
    sk_leaves *l = calloc(1, sizeof *l);
    dense *d = calloc(1, sizeof *d);
    if (!l || !d) {
        free(l);
        free(d);
        return TK_ENOMEM;
    }
    l->d = d;
    d->bits = bits;
    d->unit = unit;
    uint8_t cap[64];
    caps_of(ts, SK_RACK_MAX - 1, cap);
    int rc = dense_tables(d, cap, ts->nletters + 1, SK_RACK_MAX - 1);
    if (!rc) {
        d->packed = calloc(dense_bytes(d) + 4, 1);
        if (!d->packed)
            rc = TK_ENOMEM;
    }
    if (rc) {
        sk_leaves_destroy(l);
        return rc;
    }
    *out = l;
    return TK_OK;
}

/* ---- the binary file ------------------------------------------------------ */

#define LV_MAGIC "TKLEAVES"
#define LV_HEADER 100

/* The checksum of the packed values: FNV-1a over 64-bit little-endian words
 * (the last one padded with zero bytes), the 64-bit hash folded to 32 bits. */
static uint32_t checksum(const uint8_t *p, size_t n)
{
    uint64_t h = 14695981039346656037ull;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w = 0;
        for (int k = 7; k >= 0; k--)
            w = w << 8 | p[i + (size_t)k];
        h = (h ^ w) * 1099511628211ull;
    }
    if (i < n) {
        uint64_t w = 0;
        for (size_t k = n; k-- > i;)
            w = w << 8 | p[k];
        h = (h ^ w) * 1099511628211ull;
    }
    return (uint32_t)(h ^ (h >> 32));
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int sk_leaves_is_binary(const char *data, size_t len)
{
    return len >= 8 && memcmp(data, LV_MAGIC, 8) == 0;
}

int sk_leaves_write_binary(const sk_leaves *l, char **out, size_t *len)
{
    *out = NULL;
    *len = 0;
    if (!l || !l->d)
        return TK_EINVAL;
    const dense *d = l->d;
    size_t nb = dense_bytes(d);
    uint8_t *b = calloc(LV_HEADER + nb, 1);
    if (!b)
        return TK_ENOMEM;
    memcpy(b, LV_MAGIC, 8);
    put32(b + 8, 1);
    put32(b + 12, (uint32_t)d->ntypes);
    put32(b + 16, (uint32_t)d->maxt);
    put32(b + 20, (uint32_t)d->bits);
    put32(b + 24, (uint32_t)d->unit);
    put32(b + 28, (uint32_t)d->n);
    memcpy(b + 32, d->cap, 64);
    put32(b + 96, checksum(d->packed, nb));
    memcpy(b + LV_HEADER, d->packed, nb);
    *out = (char *)b;
    *len = LV_HEADER + nb;
    return TK_OK;
}

static int load_binary(sk_leaves **out, const sk_tileset *ts, const uint8_t *b, size_t len, tk_error *err)
{
    if (len < LV_HEADER)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "leave table: truncated header");
    if (get32(b + 8) != 1)
        return tk_error_set(err, TK_EVERSION, 0, 0, "leave table: version %u not supported", get32(b + 8));
    uint32_t ntypes = get32(b + 12), maxt = get32(b + 16), bits = get32(b + 20), unit = get32(b + 24);
    if (ntypes < 2 || ntypes > 64 || maxt < 1 || maxt > SK_RACK_MAX - 1 || (bits != 12 && bits != 16) ||
        unit < 1 || unit > 1000)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "leave table: bad header");
    uint8_t cap[64];
    /* A table serves any tile set of its alphabet: a leave with more of a tile
     * than the table's own tile set holds has no entry and is worth 0. */
    if (ts && (int)ntypes != ts->nletters + 1)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "leave table: made for another alphabet");
    memcpy(cap, b + 32, 64);
    sk_leaves *l = calloc(1, sizeof *l);
    dense *d = calloc(1, sizeof *d);
    if (!l || !d) {
        free(l);
        free(d);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    l->d = d;
    d->bits = (int)bits;
    d->unit = (int)unit;
    int rc = dense_tables(d, cap, (int)ntypes, (int)maxt);
    if (rc) {
        sk_leaves_destroy(l);
        return tk_error_set(err, rc, 0, 0, "leave table: bad header");
    }
    size_t nb = dense_bytes(d);
    if (d->n != get32(b + 28) || len != LV_HEADER + nb) {
        sk_leaves_destroy(l);
        return tk_error_set(err, TK_EFORMAT, 0, 0, "leave table: %zu bytes, expected %zu", len, LV_HEADER + nb);
    }
    if (checksum(b + LV_HEADER, nb) != get32(b + 96)) {
        sk_leaves_destroy(l);
        return tk_error_set(err, TK_ECHECKSUM, 0, 0, "leave table: checksum mismatch");
    }
    d->packed = malloc(nb + 4);
    if (!d->packed) {
        sk_leaves_destroy(l);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    memcpy(d->packed, b + LV_HEADER, nb);
    memset(d->packed + nb, 0, 4);
    *out = l;
    return TK_OK;
}

int sk_leaves_load(sk_leaves **out, const alpha_table *a, const sk_tileset *ts, const char *data, size_t len,
                   tk_error *err)
{
    *out = NULL;
    if (sk_leaves_is_binary(data, len))
        return load_binary(out, ts, (const uint8_t *)data, len, err);
    if (sk_leaves_is_klv(data, len))
        return sk_leaves_load_klv(out, a, ts, data, len, err);
    return sk_leaves_parse_checked(out, a, ts, data, len, err);
}

int sk_leaves_densify(sk_leaves **out, const sk_leaves *src, const sk_tileset *ts, int bits, int unit)
{
    int rc = sk_leaves_create_dense(out, ts, bits, unit);
    if (rc)
        return rc;
    size_t cap = sk_leaves_capacity(src);
    for (size_t i = 0; i < cap; i++) {
        uint8_t c[64];
        int32_t v;
        if (sk_leaves_slot(src, i, c, &v) && dense_rank((*out)->d, c) >= 0)
            dense_set((*out)->d, c, v);
    }
    return TK_OK;
}

/* ---- CSV out -------------------------------------------------------------- */

typedef struct lrow { char key[8 * SK_RACK_MAX + 8]; int32_t v; int len; } lrow;

static int lrow_cmp(const void *x, const void *y)
{
    const lrow *a = x, *b = y;
    if (a->len != b->len)
        return a->len - b->len;
    return strcmp(a->key, b->key);
}

int sk_leaves_write_csv(const sk_leaves *l, const alpha_table *a, char **out, size_t *len)
{
    *out = NULL;
    *len = 0;
    size_t cap = sk_leaves_capacity(l), n = 0;
    lrow *rows = malloc((sk_leaves_count(l) + 1) * sizeof *rows);
    if (!rows)
        return TK_ENOMEM;
    for (size_t i = 0; i < cap; i++) {
        uint8_t c[64];
        int32_t v;
        if (!sk_leaves_slot(l, i, c, &v))
            continue;
        lrow *r = &rows[n++];
        size_t at = 0;
        r->len = 0;
        for (int t = 1; t <= a->size && t < 64; t++)
            for (int k = 0; k < c[t]; k++) {
                size_t u = a->ulen[t];
                if (at + u + 1 < sizeof r->key) {
                    memcpy(r->key + at, a->upper[t], u);
                    at += u;
                }
                r->len++;
            }
        for (int k = 0; k < c[0] && at + 1 < sizeof r->key; k++) {
            r->key[at++] = '?';
            r->len++;
        }
        r->key[at] = 0;
        r->v = v;
    }
    qsort(rows, n, sizeof *rows, lrow_cmp);
    size_t room = 16 + n * (sizeof rows[0].key + 16);
    char *s = malloc(room);
    if (!s) {
        free(rows);
        return TK_ENOMEM;
    }
    size_t at = (size_t)snprintf(s, room, "leave,value\n");
    for (size_t i = 0; i < n; i++) {
        int32_t v = rows[i].v;
        long av = v < 0 ? -(long)v : v;
        at += (size_t)snprintf(s + at, room - at, "%s,%s%ld.%03ld\n", rows[i].key, v < 0 ? "-" : "", av / 1000,
                               av % 1000);
    }
    free(rows);
    *out = s;
    *len = at;
    return TK_OK;
}
