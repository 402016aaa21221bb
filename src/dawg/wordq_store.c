/* wordq_store.c - the answers a word-study query holds (tilekit/wordq.h):
 * a pool of letters and a record a word, grown by doubling and kept from
 * one query to the next, and the orders they are listed in.  The sorts read
 * only the records (length, ways, the rank found for ties), so threads sort
 * their own stores independently; the letter orders compare the pool's
 * letters (qsort has no context argument: the pool is thread-local while
 * one sorts); and the hook words of a word, made into such a list. */
#include "tilekit/wordq.h"

#include "core/tk_text.h"

#include <stdlib.h>
#include <string.h>

int wq_answers_add(wq_answers *s, const uint8_t *letters, int n, uint64_t wild)
{
    if (s->max && s->n >= s->max)
        return TK_ELIMIT;
    uint8_t *p = tku_grow(s->pool, &s->pool_cap, s->pool_len + (size_t)n, 1, 4096);
    if (!p)
        return TK_ENOMEM;
    s->pool = p;
    wq_answer *a = tku_grow(s->a, &s->cap, s->n + 1, sizeof *a, 256);
    if (!a)
        return TK_ENOMEM;
    s->a = a;
    wq_answer *x = &s->a[s->n];
    x->off = (uint32_t)s->pool_len;
    x->idx = (uint32_t)s->n;
    x->n = (uint8_t)n;
    x->wild = wild;
    x->ways = 0;
    memcpy(s->pool + s->pool_len, letters, (size_t)n);
    s->pool_len += (size_t)n;
    s->n++;
    return TK_OK;
}

void wq_answers_clear(wq_answers *s)
{
    s->n = 0;
    s->pool_len = 0;
}

void wq_answers_free(wq_answers *s)
{
    free(s->pool);
    free(s->a);
    memset(s, 0, sizeof *s);
}

static int cmp_length(const void *p, const void *q)
{
    const wq_answer *x = p, *y = q;
    if (x->n != y->n)
        return x->n < y->n ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static int cmp_prob(const void *p, const void *q)
{
    const wq_answer *x = p, *y = q;
    if (x->ways != y->ways)
        return x->ways > y->ways ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

void wq_answers_sort(wq_answers *s, int sort, const int bag[64])
{
    if (sort == WQ_SORT_PROB) {
        for (size_t i = 0; i < s->n; i++)
            s->a[i].ways = wq_ways(bag, s->pool + s->a[i].off, s->a[i].n);
        if (s->n > 1)      /* qsort(NULL, 0) is undefined */
            qsort(s->a, s->n, sizeof *s->a, cmp_prob);
    } else if (sort == WQ_SORT_LENGTH) {
        if (s->n > 1)
            qsort(s->a, s->n, sizeof *s->a, cmp_length);
    }
}

/* Letter order of two words: the alphabet's, the shorter first on a common
 * prefix. */
static int cmp_words(const uint8_t *a, int na, const uint8_t *b, int nb)
{
    int n = na < nb ? na : nb;
    for (int k = 0; k < n; k++)
        if (a[k] != b[k])
            return a[k] < b[k] ? -1 : 1;
    return na < nb ? -1 : na > nb;
}

/* By insertion: the words come as two runs in letter order (a few dozen at most). */
void wq_answers_letter_order(wq_answers *s)
{
    for (size_t i = 1; i < s->n; i++) {
        wq_answer x = s->a[i];
        size_t j = i;
        while (j > 0 && cmp_words(s->pool + s->a[j - 1].off, s->a[j - 1].n, s->pool + x.off, x.n) > 0) {
            s->a[j] = s->a[j - 1];
            j--;
        }
        s->a[j] = x;
    }
    for (size_t i = 0; i < s->n; i++)
        s->a[i].idx = (uint32_t)i;
}

static _Thread_local const uint8_t *sort_pool;

static int cmp_union(const void *p, const void *q)
{
    const wq_answer *x = p, *y = q;
    int c = cmp_words(sort_pool + x->off, x->n, sort_pool + y->off, y->n);
    if (c)
        return c;
    /* fewest blank letters, then real tiles first from the left (ATe, not aTE) */
    int wx = alpha_set_count(x->wild), wy = alpha_set_count(y->wild);
    if (wx != wy)
        return wx < wy ? -1 : 1;
    uint64_t d = x->wild ^ y->wild, low = d & (~d + 1);
    return !d ? 0 : (x->wild & low) ? 1 : -1;
}

void wq_answers_union(wq_answers *s)
{
    sort_pool = s->pool;
    if (s->n > 1)
        qsort(s->a, s->n, sizeof *s->a, cmp_union);
    size_t u = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (u && s->a[u - 1].n == s->a[i].n &&
            !memcmp(s->pool + s->a[u - 1].off, s->pool + s->a[i].off, s->a[i].n))
            continue;
        s->a[u] = s->a[i];
        s->a[u].idx = (uint32_t)u;
        u++;
    }
    s->n = u;
}

int wq_hook_words(const dawg_graph *d, const uint8_t *word, int n, int min_len, int max_len, wq_answers *out,
                  alpha_set *front, alpha_set *back, int *valid)
{
    const alpha_table *a = dawg_alphabet(d);
    wq_hooks(d, word, n, front, back, valid);
    uint8_t w[ALPHA_WORD_MAX + 1];
    int rc = TK_OK;
    if (n + 1 >= min_len && n + 1 <= max_len && n < ALPHA_WORD_MAX) {
        for (int l = 1; l <= a->size && !rc; l++) {
            if (*front & ALPHA_BIT(l)) {
                w[0] = (uint8_t)l;
                memcpy(w + 1, word, (size_t)n);
                rc = wq_answers_add(out, w, n + 1, 0);
            }
            if ((*back & ALPHA_BIT(l)) && !rc) {
                memcpy(w, word, (size_t)n);
                w[n] = (uint8_t)l;
                rc = wq_answers_add(out, w, n + 1, 0);
            }
        }
    }
    wq_answers_letter_order(out);
    return rc;
}
