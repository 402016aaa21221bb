/* dice.c - Boggle dice sets: parse the text format, roll a grid.
 *
 * A dice set is a small text file (see tilekit/boggle.h): a `grid RxC` line
 * and one line of faces per die.  Rolling is what the game does: the dice are
 * shuffled over the cells (Fisher-Yates with an unbiased bounded draw from
 * splitmix64), then each shows one of its faces, uniformly.  The random state
 * belongs to the caller, so rolls are reproducible from a seed and the code
 * is re-entrant.
 */
#include "tilekit/boggle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/tk_text.h"

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

int bog_dice_parse(bog_dice *d, const char *text, size_t len, tk_error *err)
{
    d->rows = d->cols = d->ndice = 0;
    tku_lines it;
    const char *line;
    size_t ll;
    tku_lines_init(&it, text, len, 0);
    while (tku_lines_next(&it, &line, &ll)) {
        long lineno = it.lineno;
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

size_t bog_dice_roll(const bog_dice *d, uint64_t *rng, char *out, size_t cap)
{
    uint16_t order[BOG_DICE_MAX];
    for (int i = 0; i < d->ndice; i++)
        order[i] = (uint16_t)i;
    for (int i = d->ndice - 1; i > 0; i--) {
        int j = (int)below(rng, (uint32_t)i + 1);
        uint16_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
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
