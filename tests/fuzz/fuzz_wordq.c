/* fuzz_wordq.c - libFuzzer target: the wordq query parser and searches.
 *
 * Input: one option byte (bit 0: an alphabet with multi-letter tiles
 * "a b c [cs] d e s [sz] z" instead of English; bits 1-3: the query kind,
 * taken modulo 5), then the query text.  A query that fails to parse must
 * say why (a message, a column inside the text or 0).  One that parses is
 * searched in a small built-in dictionary; every answer must be a word of
 * the list, in strictly increasing letter order, and satisfy the query by a
 * naive check of its own (letter counts with blanks for racks, a
 * backtracking matcher for patterns), and the number of answers must equal
 * the naive count over the list.  Any violation aborts. */
#include "tilekit/wordq.h"

#include <stdlib.h>
#include <string.h>

static const char *const en_words = "a\nat\nate\neat\ntea\ncare\nrace\nacre\nscare\ncares\nqi\nza\ncat\nact\ntact\n";
static const char *const hu_words = "cs\nacs\ncsesz\nszeg\nszed\nbab\nabc\nsz\nzsz\ncsacs\n";

typedef struct fz {
    alpha_table a;
    dawg_graph *d;
    wq_dict *x;
    wq_searcher *s;
    uint8_t w[32][ALPHA_WORD_MAX];
    int n[32], nw;
} fz;

static int setup(fz *f, const char *spec, const char *words)
{
    if (alpha_parse(&f->a, spec, strlen(spec), NULL) || dawg_build(&f->d, &f->a, words, strlen(words), NULL, NULL, NULL) ||
        wq_dict_create(&f->x, f->d, NULL) || wq_searcher_create(&f->s, f->x, NULL))
        abort();
    for (const char *p = words; *p;) {
        const char *e = strchr(p, '\n');
        f->n[f->nw] = alpha_encode(&f->a, p, (size_t)(e - p), f->w[f->nw], ALPHA_WORD_MAX, NULL);
        f->nw++;
        p = e + 1;
    }
    return 0;
}

static int glob(const wq_query *q, int k, const uint8_t *w, int n)
{
    if (q->gap_star[k] && n > 0 && glob(q, k, w + 1, n - 1))
        return 1;
    if (k == q->ntiles)
        return n == 0;
    return n > 0 && (q->pos[k + 1] & ALPHA_BIT(w[0])) && glob(q, k + 1, w + 1, n - 1);
}

static int fits(const wq_query *q, const uint8_t *w, int n)
{
    if (q->kind == WQ_PATTERN)
        return glob(q, 0, w, n);
    int used[64] = {0}, extra = 0, real = 0;
    for (int i = 0; i < n; i++) {
        if (used[w[i]] < q->count[w[i]])
            used[w[i]]++, real++;
        else
            extra++;
    }
    if (q->kind == WQ_BUILD)
        return extra <= q->blanks;
    if (real != q->ntiles - q->blanks)
        return 0;
    return q->star ? extra >= q->blanks : extra == q->blanks;
}

typedef struct seen {
    fz *f;
    const wq_query *q;
    int count;
    uint8_t last[ALPHA_WORD_MAX];
    int lastn;
} seen;

static int check(void *ctx, const uint8_t *l, int n, uint64_t wild)
{
    seen *s = ctx;
    char out[ALPHA_WORD_MAX * 20];
    int found = 0;
    for (int i = 0; i < s->f->nw; i++)
        found |= s->f->n[i] == n && memcmp(s->f->w[i], l, (size_t)n) == 0;
    if (!found || !fits(s->q, l, n))
        abort();
    if (s->count) {
        int m = n < s->lastn ? n : s->lastn, c = memcmp(s->last, l, (size_t)m);
        if (c > 0 || (c == 0 && s->lastn >= n))
            abort();
    }
    memcpy(s->last, l, (size_t)n);
    s->lastn = n;
    if (wq_format(&s->f->a, l, n, wild, out, sizeof out) >= sizeof out)
        abort();
    s->count++;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fz en, hu;
    static int ready;
    if (!ready) {
        setup(&en, "abcdefghijklmnopqrstuvwxyz", en_words);
        setup(&hu, "a b c [cs] d e s [sz] z g", hu_words);
        ready = 1;
    }
    if (size < 1 || size > 4096)
        return 0;
    fz *f = (data[0] & 1) ? &hu : &en;
    int kind = WQ_ANAGRAM + ((data[0] >> 1) & 7) % 5;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    wq_query q;
    tk_error err;
    memset(&err, 0, sizeof err);
    if (wq_parse(&q, &f->a, kind, text, len, &err) != TK_OK) {
        if (!err.msg[0] || err.col < 0 || (size_t)err.col > len + 1)
            abort();
        return 0;
    }
    if (q.ntiles > ALPHA_WORD_MAX)
        abort();
    if (kind == WQ_HOOKS || kind == WQ_CHECK) {
        alpha_set fr, bk;
        int valid;
        wq_hooks(f->d, q.word, q.ntiles, &fr, &bk, &valid);
        return 0;
    }
    seen s = {f, &q, 0, {0}, 0};
    if (wq_search(f->s, &q, 1, ALPHA_WORD_MAX, check, &s) != 0)
        abort();
    int want = 0;
    for (int i = 0; i < f->nw; i++)
        want += fits(&q, f->w[i], f->n[i]);
    if (want != s.count)
        abort();
    return 0;
}
