/* alphabet.c - UTF-8 letters <-> indices 1..63 (see tilekit/alphabet.h).
 *
 * An alpha_table is a fixed-size value: each letter's lower- and upper-case
 * UTF-8 spelling, its code point count and first code point.  Matching the
 * letter at a position of a string tries an ASCII table first (one lookup for
 * English), then compares code points, lower-cased, against every letter and
 * keeps the longest match, so that multi-code-point tiles such as Hungarian
 * "dzs" win over "dz" + "s".  Case mapping is a small hand-written table for
 * the scripts that word games use (Latin, Greek, Cyrillic), not a locale.
 */
#include "tilekit/alphabet.h"

#include "core/tk_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- UTF-8 ------------------------------------------------------------- */

int alpha_utf8_decode(const char *str, size_t len, uint32_t *cp)
{
    const unsigned char *s = (const unsigned char *)str;
    if (len == 0)
        return -1;
    unsigned c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    int n;
    uint32_t v, min;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; v = c & 0x1F; min = 0x80; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; v = c & 0x0F; min = 0x800; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; v = c & 0x07; min = 0x10000; }
    else return -1;
    if ((size_t)n > len)
        return -1;
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return -1;
        v = (v << 6) | (s[i] & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return -1;
    *cp = v;
    return n;
}

int alpha_utf8_encode(uint32_t cp, char *out)
{
    unsigned char *o = (unsigned char *)out;
    if (cp < 0x80) { o[0] = (unsigned char)cp; return 1; }
    if (cp < 0x800) {
        o[0] = (unsigned char)(0xC0 | (cp >> 6));
        o[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp >= 0xD800 && cp <= 0xDFFF)
        return 0;
    if (cp < 0x10000) {
        o[0] = (unsigned char)(0xE0 | (cp >> 12));
        o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    if (cp <= 0x10FFFF) {
        o[0] = (unsigned char)(0xF0 | (cp >> 18));
        o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        o[3] = (unsigned char)(0x80 | (cp & 0x3F));
        return 4;
    }
    return 0;
}

size_t alpha_utf8_valid(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len) {
        if ((unsigned char)s[i] < 0x80) { i++; continue; }
        uint32_t cp;
        int n = alpha_utf8_decode(s + i, len - i, &cp);
        if (n < 0)
            return i;
        i += (size_t)n;
    }
    return len;
}

char *alpha_quote(const char *s, size_t len, size_t max, char *out, size_t cap)
{
    size_t o = 0, i = 0;
    if (!cap)
        return out;
    while (i < len) {
        char tmp[8];
        size_t tl;
        uint32_t cp = 0;
        int k = alpha_utf8_decode(s + i, len - i, &cp);
        if (k < 0 || cp < 0x20 || cp == 0x7F) {
            tl = (size_t)snprintf(tmp, sizeof tmp, "\\x%02X", (unsigned)(unsigned char)s[i]);
            k = 1;
        } else {
            memcpy(tmp, s + i, (size_t)k);
            tl = (size_t)k;
        }
        if (o + tl > max || o + tl + 4 > cap) {
            if (o + 4 <= cap) {
                memcpy(out + o, "...", 3);
                o += 3;
            }
            break;
        }
        memcpy(out + o, tmp, tl);
        o += tl;
        i += (size_t)k;
    }
    out[o] = 0;
    return out;
}

/* ---- case mapping ------------------------------------------------------ */

uint32_t alpha_cp_lower(uint32_t c)
{
    if (c < 0x80)
        return (c >= 'A' && c <= 'Z') ? c + 32 : c;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 32;
    if (c < 0x100) return c;
    if (c < 0x180) {
        if (c == 0x130) return 'i';
        if (c == 0x178) return 0xFF;
        if ((c >= 0x100 && c <= 0x12F) || (c >= 0x132 && c <= 0x137) || (c >= 0x14A && c <= 0x177))
            return (c & 1) ? c : c + 1;
        if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
            return (c & 1) ? c + 1 : c;
        return c;
    }
    if (c >= 0x391 && c <= 0x3AB && c != 0x3A2) return c + 32;
    if (c == 0x386) return 0x3AC;
    if (c >= 0x388 && c <= 0x38A) return c + 37;
    if (c == 0x38C) return 0x3CC;
    if (c == 0x38E || c == 0x38F) return c + 63;
    if (c >= 0x410 && c <= 0x42F) return c + 32;
    if (c >= 0x400 && c <= 0x40F) return c + 80;
    if ((c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF))
        return (c & 1) ? c : c + 1;
    return c;
}

uint32_t alpha_cp_upper(uint32_t c)
{
    if (c < 0x80)
        return (c >= 'a' && c <= 'z') ? c - 32 : c;
    if (c >= 0xE0 && c <= 0xFE && c != 0xF7) return c - 32;
    if (c == 0xFF) return 0x178;
    if (c < 0x100) return c;
    if (c < 0x180) {
        if ((c >= 0x100 && c <= 0x12F) || (c >= 0x132 && c <= 0x137) || (c >= 0x14A && c <= 0x177))
            return (c & 1) ? c - 1 : c;
        if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
            return (c & 1) ? c : c - 1;
        return c;
    }
    if (c >= 0x3B1 && c <= 0x3CB && c != 0x3C2) return c - 32;
    if (c == 0x3AC) return 0x386;
    if (c >= 0x3AD && c <= 0x3AF) return c - 37;
    if (c == 0x3CC) return 0x38C;
    if (c == 0x3CD || c == 0x3CE) return c - 63;
    if (c >= 0x430 && c <= 0x44F) return c - 32;
    if (c >= 0x450 && c <= 0x45F) return c - 80;
    if ((c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF))
        return (c & 1) ? c - 1 : c;
    return c;
}

/* ---- building ------------------------------------------------------------ */

/* Characters that can never be (part of) a letter: they mean something in
 * our formats (blank, empty square, brackets, comments) or are invisible. */
static int forbidden_cp(uint32_t cp)
{
    if (cp < 0x21 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))
        return 1;
    /* invisible: no-break and other spaces, soft hyphen, zero-width and
     * direction marks, U+FEFF (which would read back as a byte order mark) */
    if (cp == 0xA0 || cp == 0xAD || (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) ||
        (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || cp == 0xFEFF)
        return 1;
    return strchr("[]#?.*/", (int)cp) != NULL && cp < 0x80;
}

/* Add letter spelled by code points cps[0..n) (already lower-cased). */
static int add_letter(alpha_table *a, const uint32_t *cps, int n, long line, tk_error *err)
{
    char lo[4 * 16], up[4 * 16];
    size_t ll = 0, ul = 0;
    if (n == 0)
        return tk_error_set(err, TK_EFORMAT, line, 0, "empty letter");
    for (int i = 0; i < n; i++) {
        if (forbidden_cp(cps[i]))
            return tk_error_set(err, TK_EFORMAT, line, 0,
                                "character U+%04X cannot be part of a letter", (unsigned)cps[i]);
        if (i >= 15)   /* lo, up hold 15 code points; the length is checked below */
            return tk_error_set(err, TK_EFORMAT, line, 0, "letter longer than %d bytes", ALPHA_LETTER_MAX);
        ll += (size_t)alpha_utf8_encode(cps[i], lo + ll);
        ul += (size_t)alpha_utf8_encode(alpha_cp_upper(cps[i]), up + ul);
    }
    if (ll > ALPHA_LETTER_MAX || ul > ALPHA_LETTER_MAX)
        return tk_error_set(err, TK_EFORMAT, line, 0, "letter longer than %d bytes", ALPHA_LETTER_MAX);
    lo[ll] = up[ul] = 0;
    for (int i = 1; i <= a->size; i++)
        if (strcmp(a->lower[i], lo) == 0)
            return tk_error_set(err, TK_EFORMAT, line, 0, "letter '%s' listed twice", lo);
    if (a->size >= ALPHA_MAX_LETTERS)
        return tk_error_set(err, TK_ELIMIT, line, 0, "more than %d letters in the alphabet (at '%s')",
                            ALPHA_MAX_LETTERS, lo);
    int k = ++a->size;
    memcpy(a->lower[k], lo, ll + 1);
    memcpy(a->upper[k], up, ul + 1);
    a->len[k] = (uint8_t)ll;
    a->ulen[k] = (uint8_t)ul;
    a->ncp[k] = (uint8_t)n;
    a->cp1[k] = cps[0];
    if (n > 1)
        a->multi = 1;
    if (n == 1 && ll == 1) {
        a->ascii[(unsigned char)lo[0]] = (uint8_t)k;
        if (ul == 1)
            a->ascii[(unsigned char)up[0]] = (uint8_t)k;
    }
    return TK_OK;
}

typedef struct token {
    const char *s;
    size_t len;
    long line;
} token;

int alpha_parse(alpha_table *a, const char *spec, size_t len, tk_error *err)
{
    memset(a, 0, sizeof *a);
    size_t good = alpha_utf8_valid(spec, len);
    if (good < len) {
        long line = 1;
        for (size_t i = 0; i < good; i++)
            line += spec[i] == '\n';
        return tk_error_set(err, TK_EFORMAT, line, 0, "invalid UTF-8 at byte %zu", good);
    }
    /* Split into tokens, dropping comments; at most 64 + 1 are needed. */
    token tok[ALPHA_MAX_LETTERS + 2];
    int nt = 0;
    long line = 1;
    tku_lines it;
    const char *ls;
    size_t ll;
    tku_lines_init(&it, spec, len, 0);
    while (tku_lines_next(&it, &ls, &ll)) {
        line = it.lineno;
        ll = tku_comment_cut(ls, ll, '#');
        for (size_t i = 0; i < ll;) {
            if (strchr(" \t\r\f\v", ls[i]) && ls[i]) { i++; continue; }
            size_t j = i;
            while (j < ll && !strchr(" \t\r\f\v", ls[j]))
                j++;
            if (j == i)   /* NUL byte */
                return tk_error_set(err, TK_EFORMAT, line, 0, "NUL byte in alphabet");
            if (nt == ALPHA_MAX_LETTERS + 1)
                return tk_error_set(err, TK_ELIMIT, line, 0, "more than %d letters in the alphabet",
                                    ALPHA_MAX_LETTERS);
            tok[nt].s = ls + i;
            tok[nt].len = j - i;
            tok[nt].line = line;
            nt++;
            i = j;
        }
    }
    if (nt == 0)
        return tk_error_set(err, TK_EFORMAT, line, 0, "the alphabet has no letters");
    for (int t = 0; t < nt; t++) {
        const char *s = tok[t].s;
        size_t n = tok[t].len, p = 0;
        uint32_t cps[16];
        int ncp = 0;
        int whole = nt > 1;          /* several tokens: each token is one letter */
        while (p < n) {
            uint32_t cp;
            int k = alpha_utf8_decode(s + p, n - p, &cp);
            if (k < 0)
                return tk_error_set(err, TK_EFORMAT, tok[t].line, 0, "invalid UTF-8");
            if (cp == '[') {
                size_t q = p + 1;
                while (q < n && s[q] != ']' && s[q] != '[')
                    q++;
                if (q >= n || s[q] != ']')
                    return tk_error_set(err, TK_EFORMAT, tok[t].line, 0, "unbalanced '[' in alphabet");
                if (whole && (p != 0 || q + 1 != n))
                    return tk_error_set(err, TK_EFORMAT, tok[t].line, 0,
                                        "bracketed letter must be a token of its own: '%.*s'", (int)n, s);
                uint32_t g[16];
                int ng = 0;
                for (size_t r = p + 1; r < q;) {
                    int kk = alpha_utf8_decode(s + r, q - r, &cp);
                    if (kk < 0)
                        return tk_error_set(err, TK_EFORMAT, tok[t].line, 0, "invalid UTF-8");
                    if (ng == 15)
                        return tk_error_set(err, TK_EFORMAT, tok[t].line, 0, "letter too long");
                    g[ng++] = alpha_cp_lower(cp);
                    r += (size_t)kk;
                }
                int rc = add_letter(a, g, ng, tok[t].line, err);
                if (rc)
                    return rc;
                p = q + 1;
                continue;
            }
            if (cp == ']')
                return tk_error_set(err, TK_EFORMAT, tok[t].line, 0, "unbalanced ']' in alphabet");
            cp = alpha_cp_lower(cp);
            if (whole) {
                if (ncp == 15)
                    return tk_error_set(err, TK_EFORMAT, tok[t].line, 0, "letter too long: '%.*s'", (int)n, s);
                cps[ncp++] = cp;
            } else {
                int rc = add_letter(a, &cp, 1, tok[t].line, err);
                if (rc)
                    return rc;
            }
            p += (size_t)k;
        }
        if (whole && ncp) {
            int rc = add_letter(a, cps, ncp, tok[t].line, err);
            if (rc)
                return rc;
        }
    }
    return TK_OK;
}

/* The distinct letters of one line of a word list, added to seen[0..*n). */
static int infer_line(uint32_t *seen, int *n, const char *s, size_t len, long line, tk_error *err)
{
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\r' || c == ' ' || c == '\t') { i++; continue; }   /* builder rejects inner blanks */
        uint32_t cp;
        int k = alpha_utf8_decode(s + i, len - i, &cp);
        if (k < 0 || forbidden_cp(alpha_cp_lower(cp))) {
            char q[96];
            alpha_quote(s, len, 60, q, sizeof q);
            if (k < 0)
                return tk_error_set(err, TK_EFORMAT, line, (long)i + 1,
                                    "word '%s': invalid UTF-8 at byte %zu", q, i + 1);
            return tk_error_set(err, TK_EFORMAT, line, (long)i + 1,
                                "word '%s': character U+%04X cannot be a letter", q,
                                (unsigned)alpha_cp_lower(cp));
        }
        cp = alpha_cp_lower(cp);
        int j = 0;
        while (j < *n && seen[j] != cp) j++;
        if (j == *n) {
            if (*n == ALPHA_MAX_LETTERS)
                return tk_error_set(err, TK_ELIMIT, line, 0,
                                    "word list uses more than %d different letters", ALPHA_MAX_LETTERS);
            seen[(*n)++] = cp;
        }
        i += (size_t)k;
    }
    return TK_OK;
}

int alpha_infer(alpha_table *a, const char *words, size_t len, tk_error *err)
{
    uint32_t seen[ALPHA_MAX_LETTERS + 1];
    int n = 0;
    memset(a, 0, sizeof *a);
    tku_lines it;
    const char *ls;
    size_t ll;
    tku_lines_init(&it, words, len, 0);
    while (tku_lines_next(&it, &ls, &ll)) {
        int rc = infer_line(seen, &n, ls, ll, it.lineno, err);
        if (rc)
            return rc;
    }
    if (n == 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "the word list has no letters");
    for (int x = 1; x < n; x++) {               /* insertion sort by code point */
        uint32_t v = seen[x];
        int y = x - 1;
        while (y >= 0 && seen[y] > v) { seen[y + 1] = seen[y]; y--; }
        seen[y + 1] = v;
    }
    for (int x = 0; x < n; x++) {
        int rc = add_letter(a, &seen[x], 1, 0, err);
        if (rc)
            return rc;
    }
    return TK_OK;
}

int alpha_infer_letters(alpha_table *a, const char *words, size_t len, tk_error *err)
{
    char *keep = malloc(len + 1);
    if (!keep)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)words[i];
        if (c >= 0x80 || c == '\n' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'))
            keep[k++] = (char)c;
    }
    int rc = alpha_infer(a, keep, k, err);
    free(keep);
    return rc;
}

size_t alpha_format(const alpha_table *a, char *out, size_t cap)
{
    tku_sbuf b;
    tku_sbuf_init(&b, out, cap);
    for (int i = 1; i <= a->size; i++) {
        if (i > 1)
            tku_sbuf_putc(&b, ' ');
        if (a->ncp[i] > 1)
            tku_sbuf_printf(&b, "[%s]", a->lower[i]);
        else
            tku_sbuf_put(&b, a->lower[i], a->len[i]);
    }
    return b.len;
}

/* ---- letters --------------------------------------------------------------- */

/* Does letter k match at s (case-insensitive)?  Returns bytes used or 0. */
static int match_letter(const alpha_table *a, int k, const char *s, size_t len, int *upper)
{
    size_t p = 0, q = 0;
    const char *lo = a->lower[k];
    for (int c = 0; c < a->ncp[k]; c++) {
        uint32_t x, y;
        int n = alpha_utf8_decode(s + p, len - p, &x);
        if (n < 0)
            return 0;
        int m = alpha_utf8_decode(lo + q, (size_t)a->len[k] - q, &y);
        if (m < 0 || alpha_cp_lower(x) != y)
            return 0;
        if (c == 0)
            *upper = alpha_cp_lower(x) != x;
        p += (size_t)n;
        q += (size_t)m;
    }
    return (int)p;
}

int alpha_match(const alpha_table *a, const char *s, size_t len, int *letter, int *upper)
{
    if (len == 0)
        return 0;
    unsigned char c = (unsigned char)s[0];
    if (c == '[') {
        size_t q = 1;
        while (q < len && s[q] != ']' && q <= ALPHA_LETTER_MAX * 4)
            q++;
        if (q >= len || s[q] != ']')
            return 0;
        for (int k = 1; k <= a->size; k++) {
            int up = 0;
            int m = match_letter(a, k, s + 1, q - 1, &up);
            if (m > 0 && (size_t)m == q - 1) {
                *letter = k;
                *upper = up;
                return (int)q + 1;
            }
        }
        return 0;
    }
    if (c < 0x80 && !a->multi) {
        int k = a->ascii[c];
        if (!k)
            return 0;
        *letter = k;
        *upper = c >= 'A' && c <= 'Z';
        return 1;
    }
    uint32_t cp;
    int n = alpha_utf8_decode(s, len, &cp);
    if (n < 0)
        return -1;
    uint32_t lc = alpha_cp_lower(cp);
    int best = 0, best_k = 0, best_up = 0;
    for (int k = 1; k <= a->size; k++) {
        if (a->cp1[k] != lc)
            continue;
        int up = 0;
        int m = a->ncp[k] == 1 ? n : match_letter(a, k, s, len, &up);
        if (a->ncp[k] == 1)
            up = lc != cp;
        if (m > best) {
            best = m;
            best_k = k;
            best_up = up;
        }
    }
    if (!best)
        return 0;
    *letter = best_k;
    *upper = best_up;
    return best;
}

int alpha_encode(const alpha_table *a, const char *s, size_t len, uint8_t *out, int max, tk_error *err)
{
    size_t p = 0;
    int n = 0;
    while (p < len) {
        int letter = 0, up = 0;
        int m = alpha_match(a, s + p, len - p, &letter, &up);
        if (m < 0)
            return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1, "invalid UTF-8 at byte %zu", p + 1);
        if (m == 0) {
            char what[TKU_CHAR_DESC];
            tku_char_describe(s + p, len - p, what, sizeof what);
            return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1,
                                "%s (byte %zu) is not a letter of the alphabet", what, p + 1);
        }
        if (n == max)
            return tk_error_set(err, TK_ELIMIT, 0, (long)p + 1, "longer than %d letters", max);
        out[n++] = (uint8_t)letter;
        p += (size_t)m;
    }
    return n;
}

size_t alpha_decode(const alpha_table *a, const uint8_t *letters, int n, int upper, char *out, size_t cap)
{
    tku_sbuf b;
    tku_sbuf_init(&b, out, cap);
    for (int i = 0; i < n; i++) {
        int k = letters[i];
        if (k >= 1 && k <= a->size)
            tku_sbuf_put(&b, upper ? a->upper[k] : a->lower[k], upper ? a->ulen[k] : a->len[k]);
    }
    return b.len;
}

int alpha_index(const alpha_table *a, const char *letter)
{
    size_t len = strlen(letter);
    for (int k = 1; k <= a->size; k++) {
        int up;
        if (match_letter(a, k, letter, len, &up) == (int)len && len > 0)
            return k;
    }
    return 0;
}
