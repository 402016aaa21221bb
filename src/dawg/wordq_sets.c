/* wordq_sets.c - letter sets in a rack (tilekit/wordq.h: wq_sets_*), as
 * Zyzzyva writes them: -a 'Z[AEIOU][AEIOU]'.
 *
 * The rack is read once: a bracket whose text is one letter of the
 * alphabet stays in the rack as that tile; one whose text is several
 * letters (longest match) becomes a set (its letters once each).  The rack
 * without its sets is kept as text; each choice of one letter a set is
 * that text with the chosen letters appended in brackets, parsed by
 * wq_parse as any rack (so its errors and limits are wq_parse's).  The
 * choices run like an odometer, the first set fastest. */
#include "tilekit/wordq.h"

#include <stdlib.h>
#include <string.h>

void wq_sets_free(wq_sets *s)
{
    free(s->text);
    memset(s, 0, sizeof *s);
}

/* 1 if the bracket's text, one tile of the alphabet, is also a run of
 * single-byte letters of it (so it could have been meant as a set). */
static int could_be_set(const alpha_table *a, const char *t, size_t len)
{
    uint8_t l[64];
    int m = 0;
    for (size_t k = 0; k < len && m >= 0; k++)
        m = alpha_encode(a, t + k, 1, l, 64, NULL) == 1 ? m + 1 : -1;
    return m > 1;
}

/* The set of letters l[0..n) as set number s->n, each letter once. */
static void add_set(wq_sets *s, const uint8_t *l, int n)
{
    int k = 0;
    for (int x = 0; x < n; x++) {
        int dup = 0;
        for (int y = 0; y < k; y++)
            dup |= s->letter[s->n][y] == l[x];
        if (!dup)
            s->letter[s->n][k++] = l[x];
    }
    s->size[s->n++] = k;
}

int wq_sets_parse(wq_sets *s, const alpha_table *a, const char *text, size_t len, wq_note_fn note, void *ctx,
                  tk_error *err)
{
    memset(s, 0, sizeof *s);
    if (!memchr(text, '[', len))
        return 0;
    s->cap = len + WQ_SETS_MAX * (ALPHA_LETTER_MAX + 2) + 1;
    s->text = malloc(s->cap);
    if (!s->text)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    size_t b = 0;
    for (size_t i = 0; i < len;) {
        if (text[i] != '[') {
            s->text[b++] = text[i++];
            continue;
        }
        const char *close = memchr(text + i, ']', len - i);
        if (!close || close == text + i + 1 || text[i + 1] == '^')
            goto plain;
        size_t cl = (size_t)(close - text) - i - 1;
        uint8_t l[64];
        tk_error e = {0};
        int n = alpha_encode(a, text + i + 1, cl, l, 64, &e);
        if (n <= 0)
            goto plain;
        if (n == 1) {          /* one tile */
            if (note && could_be_set(a, text + i + 1, cl))
                note(ctx, text + i + 1, cl);
            memcpy(s->text + b, text + i, cl + 2);
            b += cl + 2;
        } else {
            if (s->n == WQ_SETS_MAX) {
                wq_sets_free(s);
                return tk_error_set(err, TK_ELIMIT, 0, (long)i + 1, "more than 16 letter sets");
            }
            add_set(s, l, n);
        }
        i += cl + 2;
    }
    if (!s->n)
        goto plain;
    double choices = 1;
    for (int k = 0; k < s->n; k++)
        choices *= s->size[k];
    if (choices > WQ_SET_CHOICES) {
        wq_sets_free(s);
        return tk_error_set(err, TK_ELIMIT, 0, 0, "the letter sets can be filled %.0f ways (at most %d)", choices,
                            WQ_SET_CHOICES);
    }
    s->base = b;
    return 1;
plain:
    wq_sets_free(s);
    return 0;
}

int wq_sets_next(wq_sets *s, const alpha_table *a, int kind, wq_query *q, tk_error *err)
{
    if (s->done || !s->n)
        return 0;
    size_t t = s->base;
    for (int k = 0; k < s->n; k++) {
        const char *l = a->lower[s->letter[k][s->pick[k]]];
        size_t ll = strlen(l);
        s->text[t++] = '[';
        memcpy(s->text + t, l, ll);
        t += ll;
        s->text[t++] = ']';
    }
    int k = 0;
    while (k < s->n && ++s->pick[k] == s->size[k])
        s->pick[k++] = 0;
    s->done = k == s->n;
    int rc = wq_parse(q, a, kind, s->text, t, err);
    return rc ? rc : 1;
}
