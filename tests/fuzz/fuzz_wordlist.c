/* fuzz_wordlist.c - libFuzzer target for dawg_build on arbitrary text.
 *
 * The first byte chooses the alphabet: even = a fixed one (with accented and
 * multi-letter letters), odd = inferred from the list.  If the build
 * succeeds, every non-blank line (trimmed the way the builder documents:
 * spaces and tabs at both ends, a CR at the end, a BOM on the first line)
 * must be a word of the graph, and the graph must hold no more words than
 * there are lines.  If it fails, the error must carry a message and a line
 * number inside the text.  Then dawg_build_ex (skip mode, fixed alphabet):
 * every line that encodes is a word of the graph, every other one was
 * reported as skipped (with its own line number) and counted, unless the
 * build failed on invalid UTF-8 or a word too long.  A broken invariant aborts.
 */
#include "tilekit/alphabet.h"
#include "tilekit/dawg.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char SPEC[] = "a á b c [cs] d [dzs] e é f g [gy] h i o ö ő s [sz] t u ü ű z þ ð æ";

typedef struct skipped {
    long n, last;
} skipped;

static void on_skip(void *ctx, long line, const char *msg)
{
    skipped *k = ctx;
    if (line <= k->last || !msg || !msg[0])
        abort();                           /* in order, once each, with a reason */
    k->last = line;
    k->n++;
}

/* Skip mode: each non-blank line is a word or a reported skip. */
/* The next non-blank line from *i on, trimmed as the builder trims it
 * (written here apart from the library's line reader, as an oracle): its
 * bytes [*s, *e).  0 at the end of the text. */
static int next_word(const char *text, size_t len, size_t *i, size_t *s, size_t *e)
{
    while (*i < len) {
        *s = *i;
        while (*i < len && text[*i] != '\n')
            (*i)++;
        *e = *i;
        if (*i < len)
            (*i)++;
        while (*s < *e && (text[*s] == ' ' || text[*s] == '\t'))
            (*s)++;
        while (*e > *s && (text[*e - 1] == '\r' || text[*e - 1] == ' ' || text[*e - 1] == '\t'))
            (*e)--;
        if (*s < *e)
            return 1;
    }
    return 0;
}

static void check_skip_mode(const alpha_table *a, const char *text, size_t len)
{
    skipped k = {0, 0};
    dawg_build_opts o;
    memset(&o, 0, sizeof o);
    o.skip = on_skip;
    o.skip_ctx = &k;
    dawg_graph *d = NULL;
    tk_error err;
    memset(&err, 0, sizeof err);
    int rc = dawg_build_ex(&d, a, text, len, &o, &err);
    if ((size_t)k.n != o.skipped)
        abort();
    if (rc != 0) {
        if (d || err.msg[0] == 0)
            abort();
        return;
    }
    size_t i = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    uint8_t w[ALPHA_WORD_MAX];
    long bad = 0;
    size_t s, e;
    while (next_word(text, len, &i, &s, &e)) {
        int n = alpha_encode(a, text + s, e - s, w, ALPHA_WORD_MAX, NULL);
        if (n > 0 && !dawg_contains(d, w, n))
            abort();                       /* a good word was dropped */
        bad += n <= 0;
    }
    if (bad != k.n || dawg_alphabet(d)->size != a->size)
        abort();
    dawg_destroy(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > (1u << 16))
        return 0;
    int infer = data[0] & 1;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    alpha_table a;
    tk_error err;
    if (alpha_parse(&a, SPEC, sizeof SPEC - 1, &err) != 0)
        abort();
    check_skip_mode(&a, text, len);
    dawg_graph *d = NULL;
    memset(&err, 0, sizeof err);
    int rc = dawg_build(&d, infer ? NULL : &a, text, len, NULL, NULL, &err);
    long lines = 1;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    if (rc != 0) {
        if (d || err.msg[0] == 0 || err.line < 0 || err.line > lines)
            abort();
        return 0;
    }
    if (!d)
        abort();
    const alpha_table *da = dawg_alphabet(d);
    size_t i = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    uint8_t w[ALPHA_WORD_MAX];
    long nonblank = 0;
    size_t s, e;
    while (next_word(text, len, &i, &s, &e)) {
        nonblank++;
        int n = alpha_encode(da, text + s, e - s, w, ALPHA_WORD_MAX, NULL);
        if (n <= 0 || !dawg_contains(d, w, n))
            abort();                       /* a word was silently dropped */
    }
    dawg_info in;
    dawg_get_info(d, &in);
    if (in.words > (uint64_t)nonblank || (nonblank > 0 && in.words == 0))
        abort();
    dawg_destroy(d);
    return 0;
}
