/* cli_batch.c - the batch engine (contract in cli_batch.h).
 *
 * Records live in a ring of `window` slots indexed by three counters that
 * only grow: head (next record to write), next (next record to solve) and
 * tail (next slot to fill).  The calling thread reads records into the ring
 * while it holds fewer than `window` records and `window_bytes` bytes, and
 * writes finished records from head on, in order; worker threads claim runs
 * of ready records (a share of what is waiting, so locking is paid once per
 * run, not per record) and solve each into its slot's own out/err buffers,
 * which keep their memory from one record to the next.  Everything is done
 * under one mutex with two condition variables (work to do, work done).
 * With one job there is no thread: each record is read, solved and written
 * in turn on the calling thread.
 *
 * Input problems (an unreadable file, a read error, a file with no record)
 * become records of their own whose stderr bytes are the message, so they
 * take their place in the output like any other record.  Stdout is written
 * through a 64 KiB staging buffer (flushed for each record when stdout or
 * stdin is a terminal); a record's stderr bytes are written after the
 * stdout bytes staged before it and before its own stdout bytes.
 *
 * Interactive: when the records come from standard input and it is a
 * terminal (or --line-buffered, cli_line_buffered()), each record is solved
 * as soon as it is complete, on the calling thread, and its answer flushed
 * before the next one is read (the threaded path reads ahead, which would
 * keep an answer waiting for the next line).  At a terminal, with stderr a
 * terminal too, a short note and a prompt go to stderr.
 */
#include "cli/cli_batch.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tilekit/alphabet.h"

/* ---- cli_buf ---------------------------------------------------------------- */

void cli_buf_verror(cli_buf *b, const char *file, long line, const char *fmt, va_list ap)
{
    cli_buf msg = {0};
    if (file && line > 0)
        cli_buf_printf(&msg, "%s:%ld: ", file, line);
    else if (file)
        cli_buf_printf(&msg, "%s: ", file);
    fmt_buf_vprintf(&msg, fmt, ap);
    cli_buf_puts(b, cli_prog());
    cli_buf_puts(b, ": ");
    cli_buf_safe(b, msg.p ? msg.p : "", msg.len);   /* the file name too may hold bad bytes */
    cli_buf_putc(b, '\n');
    if (msg.oom)
        b->oom = 1;
    cli_buf_free(&msg);
}

void cli_buf_error(cli_buf *b, const char *file, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_buf_verror(b, file, line, fmt, ap);
    va_end(ap);
}

void cli_buf_safe(cli_buf *b, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && (unsigned char)s[j] >= 0x20 && (unsigned char)s[j] < 0x7F)
            j++;                                     /* printable ASCII run */
        cli_buf_put(b, s + i, j - i);
        if (j == n)
            break;
        uint32_t cp;
        int k = alpha_utf8_decode(s + j, n - j, &cp);
        if (k > 0 && cp >= 0xA0) {
            cli_buf_put(b, s + j, (size_t)k);
            i = j + (size_t)k;
        } else {
            cli_buf_printf(b, "\\x%02X", (unsigned char)s[j]);
            i = j + 1;
        }
    }
}

/* ---- records in ------------------------------------------------------------- */

/* A worker claims a run of consecutive records; when it has solved them
 * all, the run's first slot gets state DONE and run = its length (the other
 * slots of the run are not touched), so the bookkeeping is per run. */
enum { WAITING, DONE };

typedef struct slot {
    cli_buf text, out, err;
    cli_record rec;
    int status;
    int state;           /* WAITING or DONE (first slot of a solved run) */
    size_t run;          /* DONE: records in the run */
    int preset;          /* an input problem: err already holds the message */
} slot;

typedef struct engine {
    cli_batch *b;
    slot *ring;
    size_t window, window_bytes;
    size_t keep;                 /* largest buffer a slot keeps between records */
    size_t head, next, tail;
    size_t held;                 /* bytes of text and finished output in the ring */
    int eof, stop, busy_claims;
    int borrow;                  /* one job: LINES records point into the reader */
    pthread_mutex_t mu;
    pthread_cond_t work, done;
    /* source */
    cli_reader rd, *r;           /* current reader (b->reader or &rd) */
    cli_reader last;             /* the file read last, kept open for the progress line */
    int have_last;
    const cli_reader *shown;     /* the reader the progress line reads its share from */
    int file_i, opened, reader_used;
    long file_records, no, generated;
    /* output */
    cli_buf stage;
    int flush_each, status;
    int prompt;                  /* interactive at a terminal: prompts on stderr */
    int halt;                    /* calling thread: stop (output lost, fatal record) */
    cli_progress prog;
} engine;

static int is_blank(const char *s, size_t n, int hash_too)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
            continue;
        return hash_too && c == '#';
    }
    return 1;
}

/* An input problem as a record of its own. */
static void preset(slot *s, const char *file, const char *fmt, const char *arg)
{
    s->preset = 1;
    s->status = CLI_EXIT_DATA;
    cli_buf_reset(&s->text);
    cli_buf_reset(&s->out);
    cli_buf_reset(&s->err);
    static char empty[1];
    s->rec = (cli_record){ empty, 0, file, 0, 0 };
    cli_buf_error(&s->err, file, 0, fmt, arg);
}

/* Open the next input file; 1 opened, 0 no more, -1 failed (slot preset). */
static int open_next(engine *e, slot *s)
{
    cli_batch *b = e->b;
    int n = b->nfiles > 0 ? b->nfiles : 1;
    if (e->file_i >= n)
        return 0;
    const char *path = b->nfiles > 0 ? b->files[e->file_i] : "-";
    e->file_i++;
    tk_error err = {0};
    if (cli_reader_open(&e->rd, path, &err) != 0) {
        preset(s, path, "%s", err.msg);
        return -1;
    }
    e->r = &e->rd;
    e->opened = 1;
    e->file_records = 0;
    return 1;
}

/* Close the current input; 1 if that makes a record (a read error, a file
 * with no grid: slot preset). */
static int close_current(engine *e, slot *s, int rc)
{
    const char *name = e->r->name;
    int had = e->file_records > 0, err = errno ? errno : EIO;
    e->shown = e->r;
    if (e->opened) {
        /* records of this file may still be on their way out: keep it open
         * (until the next one ends) so the progress line can say how far
         * the reading got */
        if (e->have_last)
            cli_reader_close(&e->last);
        e->last = e->rd;
        e->have_last = 1;
        e->shown = &e->last;
        memset(&e->rd, 0, sizeof e->rd);
    }
    e->opened = 0;
    e->r = NULL;
    if (rc < 0) {
        preset(s, name, "read error: %s", strerror(err));
        return 1;
    }
    if (!had && e->b->kind == CLI_BATCH_GRIDS && e->b->empty_msg) {
        preset(s, name, "%s", e->b->empty_msg);
        return 1;
    }
    return 0;
}

/* Copy a line into an emptied text buffer: one size check and a memcpy
 * when it fits, as it does after the first few records. */
static void put_text(cli_buf *t, const char *line, size_t len)
{
    if (len + 1 <= t->cap && !t->oom) {
        memcpy(t->p, line, len);
        t->p[len] = 0;
        t->len = len;
    } else {
        cli_buf_put(t, line, len);
    }
}

/* Read one line or grid from e->r into s; 1 got one, 0 end of this reader, -1 read error. */
static int read_one(engine *e, slot *s)
{
    cli_batch *b = e->b;
    char *line;
    size_t len;
    int rc, in = 0;
    long too_long = 0;       /* the first line of the record past CLI_LINE_MAX */
    cli_buf_reset(&s->text);
    while ((rc = cli_reader_next(e->r, &line, &len)) == 1) {
        if (e->r->too_long && !too_long) {
            too_long = e->r->lineno;
            if (!in)
                s->rec.line = e->r->lineno;
            in = 1;
            if (b->kind == CLI_BATCH_LINES)
                break;
            continue;
        }
        if (b->kind == CLI_BATCH_LINES) {
            if ((b->flags & CLI_BATCH_SKIP_BLANK) && is_blank(line, len, 1))
                continue;
            s->rec.line = e->r->lineno;
            if (e->borrow) {
                /* one job: the reader's own line (NUL-terminated, left
                 * alone until the next read), no copy */
                s->rec.text = line;
                s->rec.len = len;
                return 1;
            }
            put_text(&s->text, line, len);
            in = 1;
            break;
        }
        if (is_blank(line, len, 0)) {
            if (in)
                break;
            continue;
        }
        if (in)
            cli_buf_putc(&s->text, '\n');
        else
            s->rec.line = e->r->lineno;
        cli_buf_put(&s->text, line, len);
        in = 1;
    }
    if (rc < 0 && !in)
        return -1;
    if (too_long) {          /* the record is that error, with its line */
        long first = s->rec.line;
        preset(s, e->r->name, "line longer than %s bytes", CLI_LINE_MAX_TEXT);
        cli_buf_reset(&s->err);
        cli_buf_error(&s->err, e->r->name, too_long + (b->first_line > 0 ? b->first_line - 1 : 0),
                      "line longer than %s bytes (the limit of a record)", CLI_LINE_MAX_TEXT);
        s->rec.line = first;
    }
    return in;
}

/* Fill slot s with the next record: 1 got one, 0 end of the input. */
static int next_record(engine *e, slot *s)
{
    cli_batch *b = e->b;
    s->preset = 0;
    s->status = 0;
    if (b->kind == CLI_BATCH_COUNT) {
        if (e->generated >= b->count)
            return 0;
        long no = (b->first_no ? b->first_no : 1) + e->generated++;
        cli_buf_reset(&s->text);
        if ((b->gen && b->gen(b->user, no, &s->text) != 0) || cli_buf_reserve(&s->text, 0))
            preset(s, NULL, "%s", "out of memory making a record");
        else
            s->rec = (cli_record){ s->text.p, s->text.len, NULL, 0, no };
        s->rec.no = no;
        return 1;
    }
    for (;;) {
        if (!e->r) {
            if (b->reader) {
                if (e->reader_used)
                    return 0;
                e->reader_used = 1;
                e->r = b->reader;
                e->file_records = 0;
            } else {
                int o = open_next(e, s);
                if (o <= 0)
                    return o < 0;
            }
        }
        errno = 0;
        int rc = read_one(e, s);
        if (rc == 1) {
            if (!e->borrow || b->kind != CLI_BATCH_LINES) {
                if (s->text.oom || (!s->text.p && cli_buf_reserve(&s->text, 0))) {
                    preset(s, e->r->name, "%s", "out of memory");
                    return 1;
                }
                s->rec.text = s->text.p;
                s->rec.len = s->text.len;
            }
            long first = b->first_line ? b->first_line : 1;
            s->rec.file = e->r->name;
            s->rec.line += first - 1;
            s->rec.no = (b->first_no ? b->first_no : 1) + e->no++;
            e->file_records++;
            return 1;
        }
        if (close_current(e, s, rc))
            return 1;
    }
}

/* ---- records out ------------------------------------------------------------ */

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static void lost_output(engine *e)
{
    int err = errno;
    if (err == EPIPE && !e->b->write_error) {
        /* the reader is gone (SIGPIPE ignored): stop quietly, as a
         * single-shot tool does (cli_close_stdout) */
        e->b->write_error = 1;
        e->halt = 1;
        return;
    }
    if (!e->b->write_error) {
        e->b->write_error = 1;
        char msg[256];
        int n = snprintf(msg, sizeof msg, "%s: write error: %s\n", cli_prog(), strerror(err));
        if (n > 0)
            (void)!write(STDERR_FILENO, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
    }
    e->halt = 1;
    e->status = CLI_EXIT_DATA;
}

static void flush_stage(engine *e)
{
    if (e->stage.len && !e->b->write_error && write_all(STDOUT_FILENO, e->stage.p, e->stage.len))
        lost_output(e);
    e->stage.len = 0;
}

/* Write one finished record (calling thread only). */
static void emit(engine *e, slot *s)
{
    if (s->out.oom || s->err.oom || s->text.oom || s->status < 0) {
        int msg = s->status < 0 && s->err.len && !s->err.oom;
        if (!msg) {
            cli_buf_reset(&s->err);
            cli_buf_error(&s->err, s->rec.file, s->rec.line, "%s", "out of memory");
        }
        cli_buf_reset(&s->out);
        cli_buf_reset(&s->text);
        s->status = CLI_EXIT_DATA;
        e->halt = 1;
    }
    if (s->err.len) {
        flush_stage(e);
        (void)write_all(STDERR_FILENO, s->err.p, s->err.len);
    }
    if (s->out.len >= (size_t)1 << 16) {
        flush_stage(e);
        if (!e->b->write_error && write_all(STDOUT_FILENO, s->out.p, s->out.len))
            lost_output(e);
    } else if (s->out.len && e->stage.len + s->out.len + 1 <= e->stage.cap && !e->stage.oom) {
        memcpy(e->stage.p + e->stage.len, s->out.p, s->out.len);   /* the usual case, no call */
        e->stage.len += s->out.len;
        e->stage.p[e->stage.len] = 0;
    } else if (s->out.len) {
        cli_buf_put(&e->stage, s->out.p, s->out.len);
        if (e->stage.oom) {
            cli_buf_reset(&e->stage);
            errno = ENOMEM;
            lost_output(e);
        }
    }
    if (e->stage.len >= (size_t)1 << 16 || e->flush_each)
        flush_stage(e);
    if (s->status > e->status)
        e->status = s->status;
    e->b->records++;
    e->b->bad += s->status != 0;
    const cli_reader *pr = e->r ? e->r : e->shown;
    if (pr)
        cli_progress_reader(&e->prog, (size_t)e->b->records, pr);
    else
        cli_progress_update(&e->prog, (size_t)e->b->records);
    /* a big record gives its memory back: the ring's idle slots keep at
     * most e->keep bytes each */
    if (s->text.cap > e->keep) cli_buf_free(&s->text);
    if (s->out.cap > e->keep) cli_buf_free(&s->out);
    if (s->err.cap > e->keep) cli_buf_free(&s->err);
}

static void solve_slot(cli_batch *b, void *state, slot *s)
{
    if (s->preset)
        return;
    cli_buf_reset(&s->out);
    cli_buf_reset(&s->err);
    s->status = b->solve(state, &s->rec, &s->out, &s->err);
}

/* ---- threads ---------------------------------------------------------------- */

typedef struct worker {
    engine *e;
    void *state;
    pthread_t tid;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    engine *e = w->e;
    int jobs = e->b->jobs;
    pthread_mutex_lock(&e->mu);
    for (;;) {
        while (!e->stop && e->next == e->tail && !e->eof)
            pthread_cond_wait(&e->work, &e->mu);
        if (e->stop || e->next == e->tail)
            break;
        size_t avail = e->tail - e->next, k = avail / (2 * (size_t)jobs);
        if (k < 1) k = 1;
        if (k > 256) k = 256;
        size_t first = e->next, bytes = 0;
        e->next += k;
        pthread_mutex_unlock(&e->mu);
        for (size_t i = first; i < first + k; i++) {
            slot *s = &e->ring[i % e->window];
            solve_slot(e->b, w->state, s);
            bytes += s->out.len + s->err.len;
        }
        pthread_mutex_lock(&e->mu);
        slot *s0 = &e->ring[first % e->window];
        s0->run = k;
        s0->state = DONE;
        e->held += bytes;
        pthread_cond_signal(&e->done);
    }
    pthread_mutex_unlock(&e->mu);
    return NULL;
}

/* Write the finished records from head on: the solved runs are found under
 * the lock, written without it, and given back under it again (head is
 * always the first record of a run: runs are claimed in order). */
static int drive_emit(engine *e)
{
    size_t n = 0, bytes = 0;
    while (e->head + n < e->tail) {
        slot *s = &e->ring[(e->head + n) % e->window];
        if (s->state != DONE)
            break;
        s->state = WAITING;
        n += s->run;
    }
    if (!n)
        return 0;
    pthread_mutex_unlock(&e->mu);
    for (size_t i = 0; i < n && !e->halt; i++) {
        slot *h = &e->ring[(e->head + i) % e->window];
        bytes += h->text.len + h->out.len + h->err.len;
        emit(e, h);
    }
    pthread_mutex_lock(&e->mu);
    e->held -= bytes;
    e->head += n;
    e->stop = e->halt;
    return 1;
}

/* Read a run of records into the free slots (at most a share of the
 * window, and no more once the bytes held would pass window_bytes), then
 * hand them over with one signal. */
static int drive_read(engine *e, size_t chunk)
{
    size_t room = e->window - (e->tail - e->head), held = e->held, n = 0, bytes = 0;
    if (e->eof || !room || held >= e->window_bytes)
        return 0;
    if (room > chunk)
        room = chunk;
    int got = 1;
    pthread_mutex_unlock(&e->mu);
    while (n < room && held + bytes < e->window_bytes) {
        slot *t = &e->ring[(e->tail + n) % e->window];
        if (!(got = next_record(e, t)))
            break;
        bytes += t->text.len;
        n++;
    }
    pthread_mutex_lock(&e->mu);
    e->tail += n;   /* a preset record is passed over by its worker */
    e->held += bytes;
    if (!got) {
        e->eof = 1;
        pthread_cond_broadcast(&e->work);
    } else if (n) {
        pthread_cond_broadcast(&e->work);
    }
    return 1;
}

/* The calling thread: read ahead, write in order. */
static void drive(engine *e)
{
    size_t chunk = e->window / (2 * (size_t)e->b->jobs);
    if (chunk < 1 || e->flush_each)
        chunk = 1;   /* a terminal: each line is answered as it comes */
    pthread_mutex_lock(&e->mu);
    while (!e->stop) {
        if (drive_emit(e) || e->stop)
            continue;
        if (drive_read(e, chunk))
            continue;
        if (e->eof && e->head == e->tail)
            break;
        pthread_cond_wait(&e->done, &e->mu);
    }
    e->stop = 1;
    pthread_cond_broadcast(&e->work);
    pthread_mutex_unlock(&e->mu);
}

static int run_threads(engine *e, worker *ws, int jobs)
{
    cli_batch *b = e->b;
    /* room for runs of a few hundred records: a hand-off (lock, wake-up)
     * per run stays rare even for records that cost little to solve */
    e->window = b->window ? b->window : (size_t)jobs * 512;
    if (e->window > 4096 && !b->window)
        e->window = 4096;
    if (e->window < 2)
        e->window = 2;
    /* idle slots keep at most about 6 MiB in all (16 KiB a buffer at 128 slots) */
    e->keep = ((size_t)2 << 20) / e->window;
    if (e->keep > (size_t)16 << 10) e->keep = (size_t)16 << 10;
    if (e->keep < 1024) e->keep = 1024;
    e->ring = calloc(e->window, sizeof *e->ring);
    if (!e->ring)
        return -1;
    /* read ahead: a batch of one record is solved here, with no thread, and
     * a batch of fewer records than jobs gets one thread a record (each
     * thread's state can be megabytes: --jobs 1024 on ten hands must not
     * make 1024 of them) */
    while (e->tail < (size_t)jobs && e->tail < e->window && e->held < e->window_bytes && !e->eof) {
        slot *t = &e->ring[e->tail];
        if (next_record(e, t)) {
            e->held += t->text.len;
            e->tail++;
        } else {
            e->eof = 1;
        }
    }
    int started = 0;
    if (e->eof && e->tail <= 1) {
        if (e->tail == 1) {
            solve_slot(b, ws[0].state, &e->ring[0]);
            emit(e, &e->ring[0]);
        }
    } else {
        pthread_mutex_init(&e->mu, NULL);
        pthread_cond_init(&e->work, NULL);
        pthread_cond_init(&e->done, NULL);
        if (e->eof && e->tail < (size_t)jobs)
            jobs = (int)e->tail;
        for (int j = 0; j < jobs; j++) {
            if (j > 0 && b->init && !(ws[j].state = b->init(b->user)))
                break;   /* out of memory: fewer threads */
            if (pthread_create(&ws[j].tid, NULL, work, &ws[j]) != 0)
                break;
            started++;
        }
        if (!started) {
            cli_error(NULL, 0, "cannot start a thread");
            e->status = CLI_EXIT_DATA;
        } else {
            drive(e);
        }
        for (int j = 0; j < started; j++)
            pthread_join(ws[j].tid, NULL);
        pthread_cond_destroy(&e->work);
        pthread_cond_destroy(&e->done);
        pthread_mutex_destroy(&e->mu);
    }
    for (size_t i = 0; i < e->window; i++) {
        cli_buf_free(&e->ring[i].text);
        cli_buf_free(&e->ring[i].out);
        cli_buf_free(&e->ring[i].err);
    }
    free(e->ring);
    return 0;
}

/* The prompt before the next record is read, unless the next line was
 * already read (a tool that looked at it first gave it back). */
static void prompt(engine *e)
{
    const cli_reader *r = e->r ? e->r : e->b->reader;
    if (!e->prompt || e->halt || (r && r->again))
        return;
    char msg[128];
    int n = snprintf(msg, sizeof msg, "%s> ", cli_prog());
    if (n > 0)
        (void)!write(STDERR_FILENO, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
}

static void run_inline(engine *e, void *state)
{
    slot s;
    memset(&s, 0, sizeof s);
    /* (a tool that read the first line itself said what to type already) */
    if (e->prompt && !(e->b->reader && e->b->reader->again)) {
        char msg[256];
        int n = snprintf(msg, sizeof msg, e->b->kind == CLI_BATCH_GRIDS
                             ? "%s: type a grid, one row a line, then an empty line; Ctrl-D ends\n"
                             : "%s: each line is answered as soon as it is entered; Ctrl-D ends\n", cli_prog());
        if (n > 0)
            (void)!write(STDERR_FILENO, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
    }
    prompt(e);
    while (!e->halt && next_record(e, &s)) {
        solve_slot(e->b, state, &s);
        emit(e, &s);
        prompt(e);
    }
    if (e->prompt)
        (void)!write(STDERR_FILENO, "\n", 1);
    cli_buf_free(&s.text);
    cli_buf_free(&s.out);
    cli_buf_free(&s.err);
}

int cli_batch_run(cli_batch *b)
{
    engine *e = calloc(1, sizeof *e);
    int jobs = b->jobs > 0 ? b->jobs : 1;
    worker *ws = calloc((size_t)jobs, sizeof *ws);
    if (!e || !ws) {
        free(e);
        free(ws);
        cli_error(NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    e->b = b;
    e->window_bytes = b->window_bytes ? b->window_bytes : (size_t)8 << 20;
    b->records = b->bad = 0;
    b->write_error = 0;
    e->keep = (size_t)1 << 20;
    int from_stdin = b->reader ? b->reader->f == stdin : b->nfiles <= 0, only_stdin = from_stdin;
    for (int i = 0; i < b->nfiles && b->kind != CLI_BATCH_COUNT && !b->reader; i++) {
        from_stdin |= strcmp(b->files[i], "-") == 0;
        only_stdin = (i == 0 || only_stdin) && strcmp(b->files[i], "-") == 0;
    }
    int tty_in = b->kind != CLI_BATCH_COUNT && from_stdin && isatty(STDIN_FILENO);
    int interactive = b->kind != CLI_BATCH_COUNT && (tty_in || cli_line_buffered());
    e->flush_each = isatty(STDOUT_FILENO) || tty_in || cli_line_buffered();
    e->prompt = tty_in && only_stdin && isatty(STDERR_FILENO);
    /* the first worker's state now, the others' only when threads start */
    for (int j = 0; j < jobs; j++) {
        ws[j].e = e;
        ws[j].state = b->init ? NULL : b->user;
    }
    int ok = !b->init || (ws[0].state = b->init(b->user)) != NULL;
    fflush(stdout);
    if (!ok) {
        cli_error(NULL, 0, "out of memory");
        e->status = CLI_EXIT_DATA;
    } else {
        if (b->progress && !interactive)
            cli_progress_batch(&e->prog, b->progress);
        if (jobs == 1 || interactive) {
            e->borrow = 1;
            run_inline(e, ws[0].state);
        }
        else if (run_threads(e, ws, jobs) != 0) {
            cli_error(NULL, 0, "out of memory");
            e->status = CLI_EXIT_DATA;
        }
        flush_stage(e);
        cli_progress_end(&e->prog);
    }
    for (int j = 0; j < jobs; j++)
        if (b->fini && b->init && ws[j].state)
            b->fini(b->user, ws[j].state);
    if (e->opened)
        cli_reader_close(&e->rd);
    if (e->have_last)
        cli_reader_close(&e->last);
    cli_buf_free(&e->stage);
    int status = e->status;
    free(e);
    free(ws);
    return status;
}
