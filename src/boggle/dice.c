/* dice.c - Boggle dice sets: parse the text format, roll a grid.
 *
 * A dice set is a small text file (see tilekit/boggle.h): a `grid RxC` line
 * and one line of faces per die.  Rolling is what the game does: the dice are
 * shuffled over the cells (Fisher-Yates with an unbiased bounded draw from
 * splitmix64), then each shows one of its faces, uniformly.  The random state
 * belongs to the caller, so rolls are reproducible from a seed and the code
 * is re-entrant.  bog_dice_roll_grid rolls straight into a grid (the same
 * draws as bog_dice_roll, so a seed gives the same board either way), each
 * face encoded in the dictionary's alphabet.
 */
#include "tilekit/boggle.h"

#include "core/tk_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t bog_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0, without modulo bias (rejection). */
static uint32_t below(uint64_t *rng, uint32_t n)
{
    uint64_t lim = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = bog_rand(rng);
    while (x >= lim);
    return (uint32_t)(x % n);
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/* Every character of line `lineno` (text[p..e)) must be valid UTF-8 and not
 * a control character other than white space: a NUL would silently cut a
 * face short.  The message locates the byte and describes it (the shared
 * tku_char_describe), never quoting it. */
static int check_line(const char *text, size_t p, size_t e, long lineno, tk_error *err)
{
    for (size_t k = p; k < e;) {
        long col = (long)(k - p) + 1;
        char what[TKU_CHAR_DESC];
        uint32_t cp;
        int n = alpha_utf8_decode(text + k, e - k, &cp);
        if (n > 0 && !((cp < 0x20 && !is_space((char)cp)) || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))) {
            k += (size_t)n;
            continue;
        }
        tku_char_describe(text + k, e - k, what, sizeof what);
        if (n <= 0)
            return tk_error_set(err, TK_EFORMAT, lineno, col, "line %ld, column %ld: invalid UTF-8 (%s)", lineno,
                                col, what);
        return tk_error_set(err, TK_EFORMAT, lineno, col, "line %ld, column %ld: %s %s", lineno, col,
                            cp == 0 ? "NUL byte" : "control character", what);
    }
    return TK_OK;
}

int bog_dice_parse(bog_dice *d, const char *text, size_t len, tk_error *err)
{
    d->rows = d->cols = d->ndice = 0;
    tku_lines it;
    const char *line;
    size_t ll;
    tku_lines_init(&it, text, len, 0);
    while (tku_lines_next(&it, &line, &ll)) {
        long lineno = it.lineno;
        int rc = check_line(line, 0, ll, lineno, err);
        if (rc != TK_OK)
            return rc;
        size_t q = 0, end = tku_comment_cut(line, ll, ';');
        while (q < end && is_space(line[q]))
            q++;
        while (end > q && is_space(line[end - 1]))
            end--;
        if (q < end) {
            if (end - q > 5 && memcmp(line + q, "grid", 4) == 0 && is_space(line[q + 4])) {
                char buf[64];
                size_t n = end - q - 4 < sizeof buf - 1 ? end - q - 4 : sizeof buf - 1;
                memcpy(buf, line + q + 4, n);
                buf[n] = 0;
                int r, c;
                char extra;
                if (d->rows)
                    return tk_error_set(err, TK_EFORMAT, lineno, 0, "line %ld: second 'grid' line", lineno);
                if (sscanf(buf, "%dx%d %c", &r, &c, &extra) != 2 || r < 1 || c < 1)
                    return tk_error_set(err, TK_EFORMAT, lineno, 0,
                                        "line %ld: expected 'grid ROWSxCOLS'", lineno);
                if (r > BOG_MAX_SIDE || c > BOG_MAX_SIDE || (long)r * c > BOG_DICE_MAX)
                    return tk_error_set(err, TK_ELIMIT, lineno, 0, "line %ld: grid larger than %d cells",
                                        lineno, BOG_DICE_MAX);
                d->rows = r;
                d->cols = c;
            } else {
                if (d->ndice == BOG_DICE_MAX)
                    return tk_error_set(err, TK_ELIMIT, lineno, 0, "line %ld: more than %d dice", lineno,
                                        BOG_DICE_MAX);
                int nf = 0;
                size_t k = q;
                while (k < end) {
                    size_t t = k;
                    while (t < end && !is_space(line[t]))
                        t++;
                    if (nf == BOG_DIE_FACES_MAX)
                        return tk_error_set(err, TK_ELIMIT, lineno, 0, "line %ld: a die has more than %d faces",
                                            lineno, BOG_DIE_FACES_MAX);
                    if (t - k > BOG_FACE_TEXT_MAX) {
                        char q2[48];
                        return tk_error_set(err, TK_ELIMIT, lineno, (long)k + 1,
                                            "line %ld: face '%s' longer than %d bytes", lineno,
                                            alpha_quote(line + k, t - k, 30, q2, sizeof q2), BOG_FACE_TEXT_MAX);
                    }
                    if (memchr(line + k, '[', t - k) || memchr(line + k, ']', t - k))
                        return tk_error_set(err, TK_EFORMAT, lineno, (long)k + 1,
                                            "line %ld: brackets are not allowed in a face", lineno);
                    memcpy(d->face[d->ndice][nf], line + k, t - k);
                    d->face[d->ndice][nf][t - k] = 0;
                    nf++;
                    k = t;
                    while (k < end && is_space(line[k]))
                        k++;
                }
                d->nfaces[d->ndice++] = (uint8_t)nf;
            }
        }
    }
    if (!d->rows)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "no 'grid ROWSxCOLS' line");
    if (d->ndice != d->rows * d->cols)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "%d dice for a %dx%d grid (%d cells)", d->ndice, d->rows,
                            d->cols, d->rows * d->cols);
    return TK_OK;
}

/* order[i] = the die that lands on cell i (Fisher-Yates): the draws every
 * roll starts with. */
static void shuffle(const bog_dice *d, uint64_t *rng, uint16_t *order)
{
    for (int i = 0; i < d->ndice; i++)
        order[i] = (uint16_t)i;
    for (int i = d->ndice - 1; i > 0; i--) {
        int j = (int)below(rng, (uint32_t)i + 1);
        uint16_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

size_t bog_dice_roll(const bog_dice *d, uint64_t *rng, char *out, size_t cap)
{
    uint16_t order[BOG_DICE_MAX];
    shuffle(d, rng, order);
    tku_sbuf b;
    tku_sbuf_init(&b, out, cap);
    for (int r = 0; r < d->rows; r++) {
        for (int c = 0; c < d->cols; c++) {
            int die = order[r * d->cols + c];
            const char *f = d->face[die][below(rng, d->nfaces[die])];
            /* one column: a multi-character face in brackets, or it would
             * read back as one cell per letter */
            int br = d->cols == 1 && tku_utf8_count(f, strlen(f)) > 1;
            if (c)
                tku_sbuf_putc(&b, ' ');
            if (br)
                tku_sbuf_putc(&b, '[');
            tku_sbuf_puts(&b, f);
            if (br)
                tku_sbuf_putc(&b, ']');
        }
        tku_sbuf_putc(&b, '\n');
    }
    return b.len;
}

/* One face's text as grid cell letters: `#` is blocked (0 letters). */
static int encode_face(const alpha_table *a, const char *f, uint8_t *out, int *n, tk_error *err)
{
    if (strcmp(f, "#") == 0) {
        *n = 0;
        return TK_OK;
    }
    int k = alpha_encode(a, f, strlen(f), out, BOG_FACE_MAX, err);
    if (k < 0)
        return k;
    if (k == 0)
        return TK_EFORMAT;
    *n = k;
    return TK_OK;
}

int bog_dice_check(const bog_dice *d, const alpha_table *a, tk_error *err)
{
    for (int i = 0; i < d->ndice; i++)
        for (int j = 0; j < d->nfaces[i]; j++) {
            uint8_t let[BOG_FACE_MAX];
            int n;
            tk_error e2 = {0};
            int rc = encode_face(a, d->face[i][j], let, &n, &e2);
            if (rc != TK_OK)
                return tk_error_set(err, rc == TK_ELIMIT ? TK_ELIMIT : TK_EFORMAT, 0, 0,
                                    "die %d, face '%s': %s", i + 1, d->face[i][j],
                                    rc == TK_ELIMIT ? "more letters than a cell holds"
                                                    : "not letters of the dictionary's alphabet");
        }
    return TK_OK;
}

int bog_dice_roll_grid(const bog_dice *d, const alpha_table *a, uint64_t *rng, bog_grid *g, tk_error *err)
{
    uint16_t order[BOG_DICE_MAX];
    if (d->ndice < 1 || d->ndice != d->rows * d->cols || d->ndice > BOG_MAX_CELLS)
        return tk_error_set(err, TK_EINVAL, 0, 0, "dice set of %d dice for a %dx%d grid", d->ndice, d->rows,
                            d->cols);
    shuffle(d, rng, order);
    g->rows = d->rows;
    g->cols = d->cols;
    int rc = TK_OK;
    for (int i = 0; i < d->ndice; i++) {
        int die = order[i];
        const char *f = d->face[die][below(rng, d->nfaces[die])];
        int n = 0;
        if (rc == TK_OK && encode_face(a, f, g->let[i], &n, NULL) != TK_OK)
            rc = tk_error_set(err, TK_EFORMAT, 0, 0, "die %d, face '%s': not letters of the dictionary's alphabet",
                              die + 1, f);
        g->n[i] = (uint8_t)n;
    }
    return rc;
}
