/* test_cli_batch.c - the batch engine (src/cli/cli_batch.c) and the JSON
 * writer (src/fmt/json.c): records of each kind, numbering across the
 * whole input, stdout and stderr in input order and byte-identical for 1, 2
 * and 64 jobs, the window bounded in records and bytes, an immediate stop
 * with the real cause when stdout is a closed pipe; strict JSON strings. */
#include "support/harness.h"
#include "support/json.h"

#include "cli/cli_batch.h"
#include "cli/cli_json.h"

#include <limits.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- running a batch with fd 1 and 2 captured --------------------------------- */

typedef struct captured {
    char *out, *err;
    size_t outlen, errlen;
    int status;
} captured;

static char *slurp(FILE *f, size_t *len)
{
    fflush(f);
    long n = ftell(f);
    char *p = malloc((size_t)(n > 0 ? n : 0) + 1);
    rewind(f);
    *len = p ? fread(p, 1, (size_t)(n > 0 ? n : 0), f) : 0;
    if (p)
        p[*len] = 0;
    fclose(f);
    return p;
}

static void run_captured(cli_batch *b, captured *c)
{
    fflush(stdout);
    fflush(stderr);
    FILE *fo = tmpfile(), *fe = tmpfile();
    int so = dup(1), se = dup(2);
    dup2(fileno(fo), 1);
    dup2(fileno(fe), 2);
    c->status = cli_batch_run(b);
    fflush(stdout);
    fflush(stderr);
    dup2(so, 1);
    dup2(se, 2);
    close(so);
    close(se);
    fseek(fo, 0, SEEK_END);
    fseek(fe, 0, SEEK_END);
    c->out = slurp(fo, &c->outlen);
    c->err = slurp(fe, &c->errlen);
}

static void free_captured(captured *c)
{
    free(c->out);
    free(c->err);
}

static char *write_temp(const char *text)
{
    static int k;
    char *path = malloc(64);
    snprintf(path, 64, "/tmp/tk_batch_%d_%d.txt", (int)getpid(), k++);
    FILE *f = fopen(path, "wb");
    fputs(text, f);
    fclose(f);
    return path;
}

/* ---- a solve function with uneven work, messages and sizes -------------------- */

typedef struct wstate { unsigned long solved; } wstate;
static pthread_mutex_t count_mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned long solved_total;

static void *w_init(void *u) { (void)u; return calloc(1, sizeof(wstate)); }
static void w_fini(void *u, void *s)
{
    (void)u;
    pthread_mutex_lock(&count_mu);
    solved_total += ((wstate *)s)->solved;
    pthread_mutex_unlock(&count_mu);
    free(s);
}

static int w_solve(void *st, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    ((wstate *)st)->solved++;
    unsigned h = 2166136261u;
    for (size_t i = 0; i < rec->len; i++)
        h = (h ^ (unsigned char)rec->text[i]) * 16777619u;
    if (h % 5 == 0) {                        /* uneven work */
        volatile unsigned x = 0;
        for (unsigned i = 0; i < (h % 97) * 2000; i++)
            x += i;
    }
    if (rec->len && rec->text[0] == '!') {
        cli_buf_error(err, rec->file, rec->line, "bad record '%s'", rec->text);
        cli_buf_printf(out, "error %ld\n", rec->no);
        return 1;
    }
    cli_buf_printf(out, "%s:%ld #%ld [", rec->file ? rec->file : "-", rec->line, rec->no);
    cli_buf_put(out, rec->text, rec->len);
    cli_buf_puts(out, "]\n");
    for (unsigned i = 0; i < h % 13; i++)       /* uneven sizes */
        cli_buf_puts(out, "  filler line\n");
    return 0;
}

static char *many_lines(int n, int bad_every)
{
    cli_buf b = {0};
    th_rng r = { 42 };
    for (int i = 1; i <= n; i++) {
        if (i % 17 == 0)
            cli_buf_puts(&b, "\n");            /* blank */
        if (i % 23 == 0)
            cli_buf_puts(&b, "  # comment\n");
        if (bad_every && i % bad_every == 0)
            cli_buf_printf(&b, "!bad %d\n", i);
        else
            cli_buf_printf(&b, "rec %d %u\n", i, (unsigned)th_below(&r, 1000000));
    }
    return b.p;
}

static cli_batch lines_batch(const char *const *files, int n, int jobs)
{
    cli_batch b = { .kind = CLI_BATCH_LINES, .flags = CLI_BATCH_SKIP_BLANK, .files = files, .nfiles = n,
                    .jobs = jobs, .init = w_init, .fini = w_fini, .solve = w_solve };
    return b;
}

static void test_order_jobs(void)
{
    char *text = many_lines(3000, 37);
    char *path = write_temp(text);
    const char *files[] = { path };
    captured ref = {0};
    cli_batch b = lines_batch(files, 1, 1);
    run_captured(&b, &ref);
    CHECK(ref.status == 1);
    CHECK(b.records == 3000);
    /* the output is in input order: record numbers 1..3000 in turn */
    long want = 1;
    int inorder = 1;
    for (char *p = ref.out; p && *p; p = strchr(p, '\n') + 1) {
        long no;
        if (sscanf(p, "%*s #%ld", &no) == 1 || sscanf(p, "error %ld", &no) == 1) {
            if (no != want)
                inorder = 0;
            want++;
        }
    }
    CHECKF(inorder && want == 3001, "records in order up to %ld", want);
    CHECK(strstr(ref.err, "test_cli_batch: ") == ref.err || strstr(ref.err, ": ") != NULL);
    int jobs[] = { 2, 3, 64 };
    for (int k = 0; k < 3; k++) {
        for (int rep = 0; rep < 3; rep++) {
            captured c = {0};
            b = lines_batch(files, 1, jobs[k]);
            b.window = rep == 2 ? 5 : 0;      /* also a tiny window */
            run_captured(&b, &c);
            CHECKF(c.status == ref.status, "jobs %d status %d", jobs[k], c.status);
            CHECKF(c.outlen == ref.outlen && memcmp(c.out, ref.out, c.outlen) == 0, "jobs %d: stdout differs",
                   jobs[k]);
            CHECKF(c.errlen == ref.errlen && memcmp(c.err, ref.err, c.errlen) == 0, "jobs %d: stderr differs",
                   jobs[k]);
            free_captured(&c);
        }
    }
    free_captured(&ref);
    unlink(path);
    free(path);
    free(text);
}

/* stderr bytes of a record come before its stdout bytes, after the earlier ones */
static void test_stderr_order(void)
{
    char *path = write_temp("a\n!b\nc\n!d\n");
    const char *files[] = { path };
    for (int jobs = 1; jobs <= 64; jobs *= 8) {
        cli_batch b = lines_batch(files, 1, jobs);
        /* send both streams to one file to see the interleaving */
        fflush(stdout);
        FILE *f = tmpfile();
        int so = dup(1), se = dup(2);
        dup2(fileno(f), 1);
        dup2(fileno(f), 2);
        int st = cli_batch_run(&b);
        dup2(so, 1);
        dup2(se, 2);
        close(so);
        close(se);
        fseek(f, 0, SEEK_END);
        size_t n;
        char *all = slurp(f, &n);
        char want[1024];
        snprintf(want, sizeof want,
                 "%s:1 #1 [a]\n%s: %s:2: bad record '!b'\nerror 2\n%s:3 #3 [c]\n%s: %s:4: bad record '!d'\nerror 4\n",
                 path, cli_prog(), path, path, cli_prog(), path);
        /* drop the filler lines */
        cli_buf got = {0};
        for (char *p = all; p && *p;) {
            char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p + 1) : strlen(p);
            if (strncmp(p, "  filler", 8) != 0)
                cli_buf_put(&got, p, len);
            p += len;
        }
        CHECK(st == 1);
        CHECKF(got.p && strcmp(got.p, want) == 0, "jobs %d:\n%s", jobs, got.p ? got.p : "");
        cli_buf_free(&got);
        free(all);
    }
    unlink(path);
    free(path);
}

/* ---- window bounded in records and bytes ---------------------------------------- */

typedef struct wcheck { cli_batch *b; long max_ahead; } wcheck;

static int gen_text(void *user, long no, cli_buf *text)
{
    wcheck *w = user;
    long ahead = (no - 1) - w->b->records;    /* read, not yet written */
    if (ahead > w->max_ahead)
        w->max_ahead = ahead;
    for (int i = 0; i < 100; i++)
        cli_buf_putc(text, 'a' + (int)(no % 26));
    return 0;
}

static int slow_first(void *st, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    (void)st;
    (void)err;
    if (rec->no == 1) {
        struct timespec ts = { 0, 30 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    cli_buf_printf(out, "%ld %zu\n", rec->no, rec->len);
    return 0;
}

static void test_window(void)
{
    cli_batch b = { .kind = CLI_BATCH_COUNT, .count = 300, .jobs = 4, .window = 16, .solve = slow_first };
    wcheck w = { &b, 0 };
    b.gen = gen_text;
    b.user = &w;
    captured c = {0};
    run_captured(&b, &c);
    CHECK(c.status == 0 && b.records == 300);
    CHECKF(w.max_ahead <= 16 && w.max_ahead >= 8, "%ld records held (window 16)", w.max_ahead);
    printf("  window 16: at most %ld records held\n", w.max_ahead);
    free_captured(&c);
    /* bytes: 100-byte records, 1000 bytes of window -> about 10 records */
    cli_batch b2 = { .kind = CLI_BATCH_COUNT, .count = 300, .jobs = 4, .window_bytes = 1000, .solve = slow_first };
    wcheck w2 = { &b2, 0 };
    b2.gen = gen_text;
    b2.user = &w2;
    run_captured(&b2, &c);
    CHECK(c.status == 0 && b2.records == 300);
    CHECKF(w2.max_ahead <= 11 && w2.max_ahead >= 5, "%ld records held (1000 bytes)", w2.max_ahead);
    printf("  1000 bytes: at most %ld records held\n", w2.max_ahead);
    /* the output is still every record in order */
    long k = 0, no;
    size_t len;
    int ok = 1;
    for (char *p = c.out; p && *p; p = strchr(p, '\n') + 1)
        if (sscanf(p, "%ld %zu", &no, &len) != 2 || no != ++k || len != 100)
            ok = 0;
    CHECK(ok && k == 300);
    free_captured(&c);
}

/* ---- stop at once when stdout is gone ------------------------------------------ */

static int count_solve(void *st, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    (void)err;
    ((wstate *)st)->solved++;
    for (int i = 0; i < 20; i++)
        cli_buf_printf(out, "record %ld, line %d of its output\n", rec->no, i);
    return 0;
}

static void test_write_error(void)
{
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    for (int jobs = 1; jobs <= 8; jobs *= 8) {
        int p[2];
        REQUIRE(pipe(p) == 0);
        close(p[0]);                         /* the reader is gone */
        fflush(stdout);
        FILE *fe = tmpfile();
        int so = dup(1), se = dup(2);
        dup2(p[1], 1);
        dup2(fileno(fe), 2);
        close(p[1]);
        solved_total = 0;
        cli_batch b = { .kind = CLI_BATCH_COUNT, .count = 1000000, .jobs = jobs, .init = w_init,
                        .fini = w_fini, .solve = count_solve };
        int st = cli_batch_run(&b);
        dup2(so, 1);
        dup2(se, 2);
        close(so);
        close(se);
        fseek(fe, 0, SEEK_END);
        size_t n;
        char *e = slurp(fe, &n);
        CHECK(st == 0 && b.write_error == 1);       /* a closed pipe: quiet, like cli_close_stdout */
        CHECKF(solved_total < 20000, "jobs %d: %lu records solved after the output was gone", jobs, solved_total);
        printf("  jobs %d: %lu records solved, output gone\n", jobs, solved_total);
        CHECKF(e && !*e, "jobs %d: stderr '%s'", jobs, e ? e : "");
        free(e);
    }
    signal(SIGPIPE, old);
}

/* ---- records of each kind -------------------------------------------------------- */

static void test_grids(void)
{
    char *a = write_temp("\n\nab\ncd\n\n\n  \nef\r\ngh\nij\n");
    char *bpath = write_temp("xy\n\nzw\n");
    const char *files[] = { a, "/nonexistent/tk", bpath };
    for (int jobs = 1; jobs <= 4; jobs *= 4) {
        cli_batch b = { .kind = CLI_BATCH_GRIDS, .files = files, .nfiles = 3, .jobs = jobs,
                        .empty_msg = "no grid", .init = w_init, .fini = w_fini, .solve = w_solve };
        captured c = {0};
        run_captured(&b, &c);
        char want[1024];
        snprintf(want, sizeof want, "%s:3 #1 [ab\ncd]\n%s:8 #2 [ef\ngh\nij]\n%s:1 #3 [xy]\n%s:3 #4 [zw]\n", a, a,
                 bpath, bpath);
        cli_buf got = {0};
        for (char *p = c.out; p && *p;) {
            char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p + 1) : strlen(p);
            if (strncmp(p, "  filler", 8) != 0)
                cli_buf_put(&got, p, len);
            p += len;
        }
        CHECKF(got.p && strcmp(got.p, want) == 0, "jobs %d: %s", jobs, got.p);
        CHECK(c.status == 1);
        CHECKF(strstr(c.err, "/nonexistent/tk: ") != NULL, "%s", c.err);
        cli_buf_free(&got);
        free_captured(&c);
    }
    unlink(a);
    unlink(bpath);
    free(a);
    free(bpath);
}

static void test_numbering_offsets(void)
{
    char *path = write_temp("one\n\ntwo\n");
    const char *files[] = { path, path };
    cli_batch b = lines_batch(files, 2, 1);
    b.first_line = 101;
    b.first_no = 51;
    captured c = {0};
    run_captured(&b, &c);
    char want[512];
    snprintf(want, sizeof want, "%s:101 #51 [one]\n", path);
    CHECKF(strncmp(c.out, want, strlen(want)) == 0, "%s", c.out);
    snprintf(want, sizeof want, "%s:103 #54 [two]\n", path);
    CHECKF(strstr(c.out, want) != NULL, "numbering goes on across files: %s", c.out);
    free_captured(&c);
    /* an open reader, with its first line given back */
    cli_reader rd;
    tk_error err = {0};
    REQUIRE(cli_reader_open(&rd, path, &err) == 0);
    char *line;
    size_t len;
    CHECK(cli_reader_next(&rd, &line, &len) == 1 && strcmp(line, "one") == 0);
    cli_reader_unread(&rd);
    cli_batch b2 = lines_batch(NULL, 0, 2);
    b2.reader = &rd;
    run_captured(&b2, &c);
    snprintf(want, sizeof want, "%s:1 #1 [one]\n", path);
    CHECKF(strncmp(c.out, want, strlen(want)) == 0, "%s", c.out);
    CHECK(b2.records == 2);
    free_captured(&c);
    cli_reader_close(&rd);
    unlink(path);
    free(path);
}

/* ---- JSON writer and safe messages ------------------------------------------------ */

static void test_json(void)
{
    cli_buf b = {0};
    cli_json j;
    cli_json_begin(&j, &b);
    cli_json_kint(&j, "line", 3);
    cli_json_kstr(&j, "s", "a\"b\\c\td\n\x01\x7f" "\xc3\xa9" "\xff" "x\xe2\x82" "\xf0\x9f\x80\x84");
    cli_json_key(&j, "w");
    cli_json_array(&j);
    cli_json_str(&j, "cat");
    cli_json_object(&j);
    cli_json_key(&j, "n");
    cli_json_null(&j);
    cli_json_key(&j, "t");
    cli_json_bool(&j, 1);
    cli_json_close(&j);
    cli_json_int(&j, -7);
    cli_json_int(&j, 0);
    cli_json_int(&j, -9223372036854775807LL - 1);
    cli_json_uint(&j, 18446744073709551615ULL);
    cli_json_close(&j);
    cli_json_key(&j, "e");
    cli_json_array(&j);
    cli_json_close(&j);
    cli_json_end(&j);
    const char *want = "{\"line\":3,\"s\":\"a\\\"b\\\\c\\u0009d\\u000a\\u0001\\u007f\xc3\xa9\\ufffdx\\ufffd\\ufffd"
                       "\xf0\x9f\x80\x84\",\"w\":[\"cat\",{\"n\":null,\"t\":true},-7,0,-9223372036854775808,18446744073709551615],\"e\":[]}\n";
    CHECKF(strcmp(b.p, want) == 0, "%s", b.p);
    /* a string with a NUL byte */
    b.len = 0;
    cli_json_quote(&b, "a\0b", 3);
    CHECK(strcmp(b.p, "\"a\\u0000b\"") == 0);
    /* messages: bad bytes as \xNN */
    b.len = 0;
    cli_buf_error(&b, "f", 2, "bad coordinate '%s'", "8\xffH\x1b");
    char want2[128];
    snprintf(want2, sizeof want2, "%s: f:2: bad coordinate '8\\xFFH\\x1B'\n", cli_prog());
    CHECKF(strcmp(b.p, want2) == 0, "%s", b.p);
    cli_buf_free(&b);
}

/* the writer's output read back by the tests' strict reader; the reader
 * refuses what is not strict JSON */
static void test_json_reader(void)
{
    cli_buf b = {0};
    cli_json j;
    cli_json_begin(&j, &b);
    cli_json_kstr(&j, "s", "x\t\"\\\x01\xff\xc3\xa9\xf0\x9f\x80\x84");
    cli_json_kint(&j, "n", -12);
    cli_json_key(&j, "a");
    cli_json_array(&j);
    cli_json_bool(&j, 0);
    cli_json_null(&j);
    cli_json_object(&j);
    cli_json_close(&j);
    cli_json_close(&j);
    cli_json_end(&j);
    char err[128];
    tj_value *v = tj_parse(b.p, b.len, err, sizeof err);
    REQUIRE(v != NULL);
    CHECKF(tj_str(v, "s") && strcmp(tj_str(v, "s"), "x\t\"\\\x01\xef\xbf\xbd\xc3\xa9\xf0\x9f\x80\x84") == 0, "%s",
           tj_str(v, "s") ? tj_str(v, "s") : "(none)");
    CHECK(tj_int(v, "n", 0) == -12 && tj_int(v, "nope", 7) == 7);
    const tj_value *a = tj_get(v, "a");
    CHECK(a && a->type == TJ_ARRAY && a->n == 3 && a->items[0].type == TJ_BOOL && a->items[1].type == TJ_NULL &&
          a->items[2].type == TJ_OBJECT && a->items[2].n == 0);
    tj_free(v);
    cli_buf_free(&b);
    static const char *const bad[] = {
        "{\"a\":1,}", "[1,]", "{\"a\":\"\x01\"}", "{\"a\":\"\xff\"}", "{\"a\":01}", "{\"a\":\"\\ud800\"}",
        "{} x", "{\"a\" 1}", "[1.]", "[-]", "{\"a\":\"\xc0\xaf\"}", "[\"\\x41\"]", "", "[tru]",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        tj_value *w = tj_parse(bad[i], strlen(bad[i]), err, sizeof err);
        CHECKF(w == NULL, "accepted: %s", bad[i]);
        tj_free(w);
    }
    static const char *const good[] = { "[1e3,-0.5,0,\"\\ud83c\\udc04\"]", " {\"a\":[{}]} ", "null" };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        tj_value *w = tj_parse(good[i], strlen(good[i]), err, sizeof err);
        CHECKF(w != NULL, "refused %s: %s", good[i], err);
        tj_free(w);
    }
}

static void test_buf(void)
{
    cli_buf b = {0};
    for (int i = 0; i < 10000; i++)
        cli_buf_printf(&b, "%d,", i);
    CHECK(b.len == strlen(b.p) && !b.oom);
    CHECK(strncmp(b.p + b.len - 5, "9999,", 5) == 0);
    b.len = 0;
    char big[1000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    cli_buf_printf(&b, "<%s>", big);       /* longer than the stack buffer */
    CHECK(b.len == 1001 && b.p[1000] == '>');
    /* integers without printf, against printf */
    static const long long ints[] = { 0, 1, -1, 9, 10, -10, 123456789, LLONG_MAX, LLONG_MIN };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        char want[32];
        snprintf(want, sizeof want, "%lld", ints[i]);
        cli_buf_reset(&b);
        cli_buf_putint(&b, ints[i]);
        CHECKF(strcmp(b.p, want) == 0, "putint %s: got %s", want, b.p);
    }
    cli_buf_reset(&b);
    cli_buf_putuint(&b, ULLONG_MAX);
    CHECK(strcmp(b.p, "18446744073709551615") == 0);
    cli_buf_free(&b);
}

/* one record alone starts no thread and makes one worker state; n < jobs
 * records make n */
static int inits;
static void *count_init(void *u) { (void)u; inits++; return calloc(1, sizeof(wstate)); }

static void test_single_record(void)
{
    char *path = write_temp("only\n");
    const char *files[] = { path };
    cli_batch b = lines_batch(files, 1, 8);
    b.init = count_init;
    inits = 0;
    captured c = {0};
    run_captured(&b, &c);
    CHECK(c.status == 0 && b.records == 1 && inits == 1);
    CHECK(strncmp(c.out, path, strlen(path)) == 0);
    free_captured(&c);
    cli_batch b2 = lines_batch(files, 1, 8);
    const char *two[] = { path, path };
    b2.files = two;
    b2.nfiles = 2;
    b2.init = count_init;
    inits = 0;
    run_captured(&b2, &c);
    /* two records, 8 jobs: two threads, not eight (a thread's state can be
     * megabytes: mjwait --jobs 1024 on ten hands made 3.7 GB of them) */
    CHECKF(c.status == 0 && b2.records == 2 && inits == 2, "%d worker states for 2 records and 8 jobs", inits);
    free_captured(&c);
    unlink(path);
    free(path);
}

static const th_test tests[] = {
    {"order_jobs", test_order_jobs},
    {"stderr_order", test_stderr_order},
    {"window", test_window},
    {"write_error", test_write_error},
    {"grids", test_grids},
    {"single_record", test_single_record},
    {"numbering_offsets", test_numbering_offsets},
    {"json", test_json},
    {"json_reader", test_json_reader},
    {"buf", test_buf},
    {0, 0}
};

int main(int argc, char **argv)
{
    cli_init("test_cli_batch");
    return th_main("cli_batch", tests, argc, argv);
}
