/* cgpops.c - the fields of a CGP line after the board and racks: the
 * scores (the mover's spread) and the opcodes (`lex NAME;`, `ld NAME;`, and
 * the others of the CGP description, checked and named), and the letter
 * distributions' languages (tilekit/skrafl.h). */
#include "tilekit/skrafl.h"

#include <stdio.h>
#include <string.h>

#include "core/tk_text.h"

/* The offset after the first n blank-separated fields of s[0..len). */
static size_t skip_fields(const char *s, size_t len, int n)
{
    size_t i = 0;
    for (int field = 0; field < n; field++) {
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        while (i < len && s[i] != ' ' && s[i] != '\t')
            i++;
    }
    return i;
}

int sk_cgp_opcode(const char *s, size_t len, const char *name, char *out, size_t cap)
{
    /* ROWS RACKS SCORES ZEROLESS, then "op args;" ... */
    size_t i = skip_fields(s, len, 4);
    size_t nlen = strlen(name);
    while (i < len) {
        while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == ';'))
            i++;
        size_t op = i;
        while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != ';')
            i++;
        size_t oplen = i - op;
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        size_t arg = i;
        while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != ';')
            i++;
        size_t arglen = i - arg;
        while (i < len && s[i] != ';')          /* further arguments */
            i++;
        if (oplen == nlen && memcmp(s + op, name, nlen) == 0 && arglen > 0) {
            if (cap) {
                size_t k = arglen < cap - 1 ? arglen : cap - 1;
                memcpy(out, s + arg, k);
                out[k] = 0;
            }
            return 1;
        }
    }
    return 0;
}

/* The opcodes of the CGP description (and its "-" forms) that skrafl knows;
 * only lex and ld change what is solved. */
static const char *const KNOWN_OPS[] = { "lex", "-lex", "ld", "-ld", "bb", "bdn", "gid", "mcnz", "tn", "tmr",
                                         "var", "cid", "ti" };

static int op_known(const char *s, size_t n)
{
    for (size_t k = 0; k < sizeof KNOWN_OPS / sizeof *KNOWN_OPS; k++)
        if (strlen(KNOWN_OPS[k]) == n && memcmp(KNOWN_OPS[k], s, n) == 0)
            return 1;
    return 0;
}

/* 1 if s (n bytes) is within one edit (or a case change) of word */
static int near(const char *s, size_t n, const char *word)
{
    size_t w = strlen(word), i = 0;
    if (n == w) {
        int diff = 0, caseonly = 1;
        for (size_t k = 0; k < n; k++)
            if (s[k] != word[k]) {
                diff++;
                if ((s[k] | 0x20) != word[k])
                    caseonly = 0;
            }
        return diff <= 1 || caseonly;
    }
    if (n + 1 != w && w + 1 != n)
        return 0;
    const char *lo = n < w ? s : word, *hi = n < w ? word : s;
    size_t ln = n < w ? n : w;
    while (i < ln && lo[i] == hi[i])
        i++;
    return memcmp(lo + i, hi + i + 1, ln - i) == 0;
}

int sk_cgp_check_opcodes(const char *s, size_t len, tk_error *err, char *warn, size_t wcap)
{
    size_t i = skip_fields(s, len, 4);
    if (wcap)
        warn[0] = 0;
    while (i < len) {
        while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == ';'))
            i++;
        if (i >= len)
            break;
        size_t op = i;
        while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != ';')
            i++;
        size_t oplen = i - op;
        char q[TKU_CHAR_DESC];
        for (size_t k = op; k < i; k++) {
            unsigned char ch = (unsigned char)s[k];
            if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' ||
                  ch == '_')) {
                tku_char_describe(s + k, len - k, q, sizeof q);
                return tk_error_set(err, TK_EFORMAT, 0, (long)k + 1,
                                    "column %zu: damaged CGP opcode: %s is not a letter, digit, '-' or '_'", k + 1, q);
            }
        }
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        size_t arg = i;
        while (i < len && s[i] != ';')
            i++;
        size_t arglen = i - arg;
        while (arglen && (s[arg + arglen - 1] == ' ' || s[arg + arglen - 1] == '\t'))
            arglen--;
        const char *o = s + op;
        int lexish = (oplen == 3 && memcmp(o, "lex", 3) == 0) || (oplen == 2 && memcmp(o, "ld", 2) == 0);
        if (lexish && !arglen)
            return tk_error_set(err, TK_EFORMAT, 0, (long)op + 1, "column %zu: CGP opcode '%.*s' needs a name", op + 1,
                                (int)oplen, o);
        if (op_known(o, oplen))
            continue;
        if (near(o, oplen, "lex") || near(o, oplen, "ld"))
            return tk_error_set(err, TK_EFORMAT, 0, (long)op + 1,
                                "column %zu: unknown CGP opcode '%.*s' (did you mean '%s'?)", op + 1,
                                oplen > 40 ? 40 : (int)oplen, o, near(o, oplen, "lex") ? "lex" : "ld");
        if (wcap && !warn[0])
            snprintf(warn, wcap, "column %zu: unknown CGP opcode '%.*s' (ignored)", op + 1,
                     oplen > 40 ? 40 : (int)oplen, o);
    }
    return TK_OK;
}

const char *sk_distribution_lang(const char *ld)
{
    static const char *const names[][2] = {
        {"english", "en"}, {"icelandic", "is"}, {"hungarian", "hu"},
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(ld, names[i][0]) == 0)
            return names[i][1];
    return ld;
}


int sk_cgp_spread(const char *s, size_t len)
{
    size_t i = skip_fields(s, len, 2);
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    long a = 0, b = 0;
    char buf[48];
    size_t k = 0;
    while (i < len && s[i] != ' ' && s[i] != '\t' && k + 1 < sizeof buf)
        buf[k++] = s[i++];
    buf[k] = 0;
    return sscanf(buf, "%ld/%ld", &a, &b) == 2 ? (int)(a - b) : 0;
}
