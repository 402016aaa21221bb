/* fuzz_bogprove.c - libFuzzer target: `boggle --prove` checkpoints and
 * shard results (bog_prove_state_parse, src/boggle/prove_state.c).
 *
 * The input is parsed as it is, then again with a correct closing line
 * "end HASH" appended (the checksum of the input, after a newline if it
 * lacks one), so that the fuzzer reaches the line parsers and not only the
 * checksum.  A refused text has a message and leaves the state empty.  An
 * accepted one has what the parser promises (done ranges sorted, disjoint,
 * within 0 .. classes-1; shard 1 <= K <= N), and it round-trips: written
 * back (bog_prove_state_text) it parses again to the same state, except
 * that the statistics are rounded as the writer writes them (whole counts,
 * milliseconds), and written again it is the same text. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilekit/boggle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_state(const bog_prove_state *a, const bog_prove_state *b)
{
    if (strcmp(a->proof, b->proof) || a->classes != b->classes || a->shard != b->shard ||
        a->nshards != b->nshards || a->ndone != b->ndone || a->nboards != b->nboards)
        return 0;
    for (long i = 0; i < a->ndone; i++)
        if (a->done[i].lo != b->done[i].lo || a->done[i].hi != b->done[i].hi)
            return 0;
    for (long i = 0; i < a->nboards; i++)
        if (a->boards[i].score != b->boards[i].score || strcmp(a->boards[i].rows, b->boards[i].rows))
            return 0;
    return 1;
}

static void check_state(const bog_prove_state *st)
{
    if (st->classes < 1 || st->shard < 1 || st->shard > st->nshards || st->ndone < 0 || st->nboards < 0)
        abort();
    for (long i = 0; i < st->ndone; i++)
        if (st->done[i].lo < 0 || st->done[i].lo > st->done[i].hi || st->done[i].hi >= st->classes ||
            (i && st->done[i].lo <= st->done[i - 1].hi))
            abort();
    long n = bog_prove_state_count(st);
    if (n < 0 || n > st->classes)
        abort();
}

/* Parse text; when accepted, check it and its round trip. */
static void parse_and_check(const char *text, size_t len)
{
    bog_prove_state st, back;
    tk_error err = { 0 };
    int rc = bog_prove_state_parse(text, len, &st, &err);
    if (rc != 0) {
        if (rc > 0 || !err.msg[0] || st.done || st.boards || st.ndone || st.nboards)
            abort();
        return;
    }
    check_state(&st);
    size_t n1 = 0, n2 = 0;
    char *t1 = bog_prove_state_text(&st, &n1);
    if (!t1)
        abort();
    if (strlen(t1) != n1 || bog_prove_state_parse(t1, n1, &back, &err) != 0 || !same_state(&st, &back))
        abort();
    char *t2 = bog_prove_state_text(&back, &n2);
    if (!t2 || n2 != n1 || memcmp(t1, t2, n1) != 0)
        abort();
    free(t1);
    free(t2);
    bog_prove_state_free(&back);
    bog_prove_state_free(&st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    parse_and_check((const char *)data, size);
    char *buf = malloc(size + 32);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    size_t n = size;
    if (n && buf[n - 1] != '\n')
        buf[n++] = '\n';
    uint64_t h = 1469598103934665603ull;   /* FNV-1a 64, as the checkpoint's end line */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)buf[i]) * 1099511628211ull;
    n += (size_t)snprintf(buf + n, 32, "end %016llx\n", (unsigned long long)h);
    parse_and_check(buf, n);
    free(buf);
    return 0;
}
