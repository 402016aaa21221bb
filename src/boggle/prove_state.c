/* prove_state.c - a proof's checkpoint / shard result as text (see
 * tilekit/boggle.h, bog_prove_state): written whole by
 * bog_prove_state_text, read back by a strict line parser.  Every field is
 * checked as it is read; a bad line is a TK_EFORMAT naming its line; the
 * closing checksum catches a damaged copy.  The parser allocates only for
 * what the text holds (ranges, boards), never for the class count. */
#include "tilekit/boggle.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STATE_MAGIC "tilekit-prove 1"
#define LINE_MAX_BYTES 65536
#define ROWS_MAX 4096
#define RANGES_PER_LINE 32

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)s[i]) * 1099511628211ull;
    return h;
}
#define FNV_START 1469598103934665603ull

void bog_prove_state_free(bog_prove_state *st)
{
    for (long i = 0; i < st->nboards; i++)
        free((char *)st->boards[i].rows);
    free(st->boards);
    free(st->done);
    memset(st, 0, sizeof *st);
}

long bog_prove_state_count(const bog_prove_state *st)
{
    long n = 0;
    for (long i = 0; i < st->ndone; i++)
        n += st->done[i].hi - st->done[i].lo + 1;
    return n;
}

/* ---- parsing -------------------------------------------------------------- */

typedef struct parser {
    bog_prove_state *st;
    long line;
    tk_error *err;
    long cap_done, cap_boards;
    int have_proof, have_shard, have_stats;
} parser;

/* A whole non-negative decimal number (at most 2^62), or -1. */
static long long number(const char *s, const char **end)
{
    long long v = 0;
    const char *p = s;
    while (*p >= '0' && *p <= '9' && p - s < 19)
        v = v * 10 + (*p++ - '0');
    if (p == s || (*p >= '0' && *p <= '9'))
        return -1;
    *end = p;
    return v;
}

static int bad(parser *ps, const char *fmt, const char *what)
{
    return tk_error_set(ps->err, TK_EFORMAT, ps->line, 0, fmt, ps->line, what);
}

static int add_range(parser *ps, long lo, long hi)
{
    bog_prove_state *st = ps->st;
    if (st->ndone == ps->cap_done) {
        long nc = ps->cap_done ? ps->cap_done * 2 : 64;
        bog_prove_range *nr = realloc(st->done, (size_t)nc * sizeof *nr);
        if (!nr)
            return tk_error_set(ps->err, TK_ENOMEM, ps->line, 0, "out of memory reading a checkpoint");
        st->done = nr;
        ps->cap_done = nc;
    }
    st->done[st->ndone].lo = lo;
    st->done[st->ndone++].hi = hi;
    return TK_OK;
}

static int parse_done(parser *ps, const char *s)
{
    if (!ps->have_proof)
        return bad(ps, "line %ld: %s before the proof line", "done");
    while (*s) {
        const char *e = s;
        long long lo = number(s, &e), hi = lo;
        if (lo >= 0 && *e == '-')
            hi = number(e + 1, &e);
        if (lo < 0 || hi < lo || hi >= ps->st->classes || (*e && *e != ','))
            return bad(ps, "line %ld: bad done range (classes 0..N-1, 'a-b' or 'a', separated by commas)%s", "");
        int rc = add_range(ps, (long)lo, (long)hi);
        if (rc != TK_OK)
            return rc;
        s = *e ? e + 1 : e;
    }
    return TK_OK;
}

static int parse_board(parser *ps, const char *s)
{
    const char *e = s;
    long long score = number(s, &e);
    if (score < 0 || *e != ' ' || !e[1])
        return bad(ps, "line %ld: %s: want 'board SCORE ROWS'", "bad board");
    const char *rows = e + 1;
    size_t n = strlen(rows);
    if (n > ROWS_MAX)
        return bad(ps, "line %ld: %s", "board rows too long");
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)rows[i] <= ' ' || rows[i] == 0x7f)
            return bad(ps, "line %ld: %s", "board rows with a space or a control character");
    bog_prove_state *st = ps->st;
    if (st->nboards == ps->cap_boards) {
        long nc = ps->cap_boards ? ps->cap_boards * 2 : 16;
        bog_prove_board *nb = realloc(st->boards, (size_t)nc * sizeof *nb);
        if (!nb)
            return tk_error_set(ps->err, TK_ENOMEM, ps->line, 0, "out of memory reading a checkpoint");
        st->boards = nb;
        ps->cap_boards = nc;
    }
    char *copy = malloc(n + 1);
    if (!copy)
        return tk_error_set(ps->err, TK_ENOMEM, ps->line, 0, "out of memory reading a checkpoint");
    memcpy(copy, rows, n + 1);
    st->boards[st->nboards].score = (long)score;
    st->boards[st->nboards++].rows = copy;
    return TK_OK;
}

static int parse_proof(parser *ps, const char *s)
{
    const char *c = strstr(s, " classes ");
    const char *e = s;
    long long n = c ? number(c + 9, &e) : -1;
    if (ps->have_proof || strlen(s) >= sizeof ps->st->proof || n < 1 || n > 2147483647LL || *e != ' ')
        return bad(ps, "line %ld: %s (one, with 'classes N')", "bad proof line");
    memcpy(ps->st->proof, s, strlen(s) + 1);
    ps->st->classes = (long)n;
    ps->have_proof = 1;
    return TK_OK;
}

static int parse_shard(parser *ps, const char *s)
{
    const char *e = s;
    long long k = number(s, &e), n = -1;
    if (k >= 0 && *e == '/')
        n = number(e + 1, &e);
    if (ps->have_shard || k < 1 || n < k || n > 1000000000LL || *e)
        return bad(ps, "line %ld: %s (one, 'shard K/N' with 1 <= K <= N)", "bad shard line");
    ps->st->shard = (long)k;
    ps->st->nshards = (long)n;
    ps->have_shard = 1;
    return TK_OK;
}

static int parse_stats(parser *ps, const char *s)
{
    bog_prove_stats *x = &ps->st->stats;
    double v[6];
    char *e = (char *)s;
    for (int i = 0; i < 6; i++) {
        const char *from = e;
        errno = 0;
        v[i] = strtod(from, &e);
        if (e == from || errno || !(v[i] >= 0 && v[i] < 1e300) || (i < 5 && *e != ' '))
            return bad(ps, "line %ld: %s: want six numbers", "bad stats");
    }
    if (*e || ps->have_stats)
        return bad(ps, "line %ld: %s: want six numbers, once", "bad stats");
    x->nodes = v[0];
    x->splits = v[1];
    x->scored = v[2];
    x->boards = v[3];
    ps->st->cpu = v[4];
    ps->st->wall = v[5];
    ps->have_stats = 1;
    return TK_OK;
}

static int parse_line(parser *ps, const char *s)
{
    if (ps->line == 1)
        return strcmp(s, STATE_MAGIC) == 0 ? TK_OK : bad(ps, "line %ld: %s", "not a tilekit proof checkpoint");
    if (strncmp(s, "proof ", 6) == 0)
        return parse_proof(ps, s + 6);
    if (strncmp(s, "shard ", 6) == 0)
        return parse_shard(ps, s + 6);
    if (strncmp(s, "done ", 5) == 0)
        return parse_done(ps, s + 5);
    if (strncmp(s, "board ", 6) == 0)
        return parse_board(ps, s + 6);
    if (strncmp(s, "stats ", 6) == 0)
        return parse_stats(ps, s + 6);
    return bad(ps, "line %ld: %s", "unknown line");
}

static int cmp_range(const void *a, const void *b)
{
    const bog_prove_range *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* After the lines: everything there, ranges disjoint. */
static int finish(parser *ps)
{
    bog_prove_state *st = ps->st;
    if (!ps->have_proof || !ps->have_shard || !ps->have_stats)
        return tk_error_set(ps->err, TK_EFORMAT, ps->line, 0, "line %ld: the %s line is missing", ps->line,
                            !ps->have_proof ? "proof" : !ps->have_shard ? "shard" : "stats");
    if (st->ndone > 1)
        qsort(st->done, (size_t)st->ndone, sizeof *st->done, cmp_range);
    for (long i = 1; i < st->ndone; i++)
        if (st->done[i].lo <= st->done[i - 1].hi)
            return tk_error_set(ps->err, TK_EFORMAT, 0, 0, "class %ld is done twice", st->done[i].lo);
    return TK_OK;
}

/* The "end HASH" line at [at, len): the checksum of text[0 .. at). */
static int check_end(parser *ps, const char *text, size_t at, size_t len)
{
    char want[32];
    snprintf(want, sizeof want, "end %016llx", (unsigned long long)fnv(FNV_START, text, at));
    size_t n = strlen(want);
    if (len - at < n || memcmp(text + at, want, n) != 0 || (len - at > n && !(len - at == n + 1 && text[len - 1] == '\n')))
        return tk_error_set(ps->err, TK_ECHECKSUM, ps->line, 0,
                            "line %ld: the checksum does not match (a damaged or edited checkpoint)", ps->line);
    return TK_OK;
}

int bog_prove_state_parse(const char *text, size_t len, bog_prove_state *st, tk_error *err)
{
    memset(st, 0, sizeof *st);
    parser ps = {st, 0, err, 0, 0, 0, 0, 0};
    char *buf = malloc(LINE_MAX_BYTES + 1);
    if (!buf)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory reading a checkpoint");
    int rc = TK_OK;
    size_t at = 0;
    for (;;) {
        ps.line++;
        if (at >= len) {
            rc = tk_error_set(err, TK_EFORMAT, ps.line, 0, "line %ld: the end line is missing (a cut file)", ps.line);
            break;
        }
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
        if (n >= 4 && memcmp(text + at, "end ", 4) == 0) {
            rc = finish(&ps);
            if (rc == TK_OK)
                rc = check_end(&ps, text, at, len);
            break;
        }
        if (n > LINE_MAX_BYTES || memchr(text + at, 0, n)) {
            rc = tk_error_set(err, TK_EFORMAT, ps.line, 0, "line %ld: too long or has a NUL byte", ps.line);
            break;
        }
        memcpy(buf, text + at, n);
        buf[n] = 0;
        if ((rc = parse_line(&ps, buf)) != TK_OK)
            break;
        at += n + 1;
    }
    free(buf);
    if (rc != TK_OK)
        bog_prove_state_free(st);
    return rc;
}

/* ---- writing -------------------------------------------------------------- */

typedef struct obuf {
    char *p;
    size_t len, cap;
    int oom;
} obuf;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(obuf *b, const char *fmt, ...)
{
    for (int tries = 0; tries < 2 && !b->oom; tries++) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->oom = 1;
            return;
        }
        if (b->p && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t nc = b->cap ? b->cap : 4096;
        while (nc <= b->len + (size_t)n)
            nc *= 2;
        char *np = realloc(b->p, nc);
        if (!np) {
            b->oom = 1;
            return;
        }
        b->p = np;
        b->cap = nc;
    }
}

char *bog_prove_state_text(const bog_prove_state *st, size_t *len)
{
    obuf b = {0};
    put(&b, "%s\nproof %s\nshard %ld/%ld\n", STATE_MAGIC, st->proof, st->shard, st->nshards);
    for (long i = 0; i < st->ndone; i += RANGES_PER_LINE) {
        put(&b, "done ");
        for (long j = i; j < st->ndone && j < i + RANGES_PER_LINE; j++) {
            if (st->done[j].lo == st->done[j].hi)
                put(&b, "%s%ld", j > i ? "," : "", st->done[j].lo);
            else
                put(&b, "%s%ld-%ld", j > i ? "," : "", st->done[j].lo, st->done[j].hi);
        }
        put(&b, "\n");
    }
    for (long i = 0; i < st->nboards; i++)
        put(&b, "board %ld %s\n", st->boards[i].score, st->boards[i].rows);
    const bog_prove_stats *x = &st->stats;
    put(&b, "stats %.0f %.0f %.0f %.17g %.3f %.3f\n", x->nodes, x->splits, x->scored, x->boards, st->cpu, st->wall);
    if (!b.oom)
        put(&b, "end %016llx\n", (unsigned long long)fnv(FNV_START, b.p, b.len));
    if (b.oom) {
        free(b.p);
        return NULL;
    }
    *len = b.len;
    return b.p;
}
