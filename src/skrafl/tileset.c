/* tileset.c - tile sets: letter values and counts.
 *
 * A tile set is two small arrays indexed by letter (index 0 = the blank).
 * The text form is one tile a line, "LETTER VALUE COUNT", with `#`
 * comments; letters are matched against the dictionary's alphabet with
 * alpha_match (so multi-character letters and either case work).  The
 * shipped sets are also compiled in, so a library user needs no data files.
 */
#include "tilekit/skrafl.h"

#include "core/tk_text.h"

#include <stdlib.h>
#include <string.h>

static const char builtin_en[] =
    "a 1 9\nb 3 2\nc 3 2\nd 2 4\ne 1 12\nf 4 2\ng 2 3\nh 4 2\ni 1 9\nj 8 1\nk 5 1\n"
    "l 1 4\nm 3 2\nn 1 6\no 1 8\np 3 2\nq 10 1\nr 1 6\ns 1 4\nt 1 6\nu 1 4\nv 4 2\n"
    "w 4 2\nx 8 1\ny 4 2\nz 10 1\n? 0 2\n";

static const char builtin_is[] =
    "a 1 11\n\xc3\xa1 3 2\nb 5 1\nd 5 1\n\xc3\xb0 2 4\ne 3 3\n\xc3\xa9 7 1\nf 3 3\n"
    "g 3 3\nh 4 1\ni 1 7\n\xc3\xad 4 1\nj 6 1\nk 2 4\nl 2 5\nm 2 3\nn 1 7\no 5 1\n"
    "\xc3\xb3 3 2\np 5 1\nr 1 8\ns 1 7\nt 2 6\nu 2 6\n\xc3\xba 4 1\nv 5 1\nx 10 1\n"
    "y 6 1\n\xc3\xbd 5 1\n\xc3\xbe 7 1\n\xc3\xa6 4 2\n\xc3\xb6 6 1\n? 0 2\n";

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Parse a non-negative decimal number at s[*i..n); -1 if none or too big. */
static long parse_num(const char *s, size_t n, size_t *i)
{
    long v = 0;
    size_t j = *i;
    if (j >= n || s[j] < '0' || s[j] > '9')
        return -1;
    while (j < n && s[j] >= '0' && s[j] <= '9') {
        v = v * 10 + (s[j] - '0');
        if (v > 100000)
            return -1;
        j++;
    }
    *i = j;
    return v;
}

int sk_tileset_parse(sk_tileset *ts, const alpha_table *a, const char *text, size_t len, tk_error *err)
{
    uint8_t seen[64] = {0};
    memset(ts, 0, sizeof *ts);
    ts->nletters = a->size;
    tku_lines it;
    const char *line;
    size_t n;
    tku_lines_init(&it, text, len, TKU_LINES_BLANK | TKU_LINES_COMMENTS);
    while (tku_lines_next(&it, &line, &n)) {
        long lineno = it.lineno;
        size_t i = 0;
        while (i < n && is_space(line[i]))
            i++;
        int letter = -1, upper = 0;
        if (line[i] == '?') {
            letter = 0;
            i++;
        } else {
            int k = alpha_match(a, line + i, n - i, &letter, &upper);
            if (k <= 0)
                return tk_error_set(err, TK_EFORMAT, lineno, (long)i + 1,
                                    "tile set: not a letter of the alphabet");
            i += (size_t)k;
        }
        if (i < n && !is_space(line[i]))
            return tk_error_set(err, TK_EFORMAT, lineno, (long)i + 1,
                                "tile set: expected 'LETTER VALUE COUNT'");
        while (i < n && is_space(line[i]))
            i++;
        long v = parse_num(line, n, &i);
        while (i < n && is_space(line[i]))
            i++;
        long c = parse_num(line, n, &i);
        while (i < n && is_space(line[i]))
            i++;
        if (i < n && line[i] == '#')
            i = n;
        if (v < 0 || c < 0 || i != n || v > 255 || c > 255)
            return tk_error_set(err, TK_EFORMAT, lineno, (long)i + 1,
                                "tile set: expected 'LETTER VALUE COUNT' (value <= 255, count <= 255)");
        if (seen[letter])
            return tk_error_set(err, TK_EFORMAT, lineno, 1, "tile set: letter listed twice");
        seen[letter] = 1;
        ts->value[letter] = (int)v;
        ts->count[letter] = (int)c;
        ts->total += (int)c;
    }
    if (ts->total == 0)
        return tk_error_set(err, TK_EFORMAT, it.lineno, 0, "tile set: no tiles");
    return TK_OK;
}

int sk_tileset_builtin(sk_tileset *ts, const alpha_table *a, const char *name, tk_error *err)
{
    const char *t = NULL;
    if (strcmp(name, "en") == 0)
        t = builtin_en;
    else if (strcmp(name, "is") == 0)
        t = builtin_is;
    if (!t)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "no built-in tile set '%s'", name);
    return sk_tileset_parse(ts, a, t, strlen(t), err);
}
