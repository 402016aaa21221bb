/* cli_batch.h - the one batch engine of the tilekit front-ends.
 *
 * A batch is a sequence of records (one line; one blank-line-separated grid;
 * or record number i of a generated series) mapped by a per-thread solve
 * function to the bytes that record writes on stdout and on stderr.  The
 * engine writes both streams in input order, byte for byte the same for every
 * --jobs, with bounded memory, and stops as soon as its output is gone.
 *
 * Contract
 * - solve(state, rec, out, err) runs on a worker thread (on the calling
 *   thread when jobs == 1).  It appends the record's stdout bytes to `out`
 *   and its stderr bytes to `err` (both growable cli_buf, reused from record
 *   to record: no stream set-up per record) and returns the record's exit
 *   status (0 ok, 1 bad data; a negative value stops the batch: it is taken
 *   as "out of memory" unless it already wrote a message).  It must not
 *   touch stdout/stderr itself, nor any state shared between threads except
 *   read-only data.  `state` is its thread's own object, made by init(user)
 *   (NULL = failure) and freed by fini(user, state); init and fini run on
 *   the calling thread.
 * - For each record, its stderr bytes are written before its stdout bytes;
 *   messages should be whole lines starting with cli_prog() (cli_buf_error).
 * - Records: CLI_BATCH_LINES (every line; with CLI_BATCH_SKIP_BLANK lines
 *   that are blank or whose first non-blank character is '#' are skipped),
 *   CLI_BATCH_GRIDS (consecutive non-blank lines, joined with '\n', no final
 *   newline: line k of the record is line rec->line + k), CLI_BATCH_COUNT
 *   (records 1..count, text filled by gen(user, no, text) if gen is set).
 *   rec->file is the input name for messages ("<stdin>" for "-"); rec->line
 *   is the record's first line in its file plus first_line - 1; rec->no is
 *   its number counted across the whole input from first_no.  The text is
 *   NUL-terminated and may hold NUL bytes (use rec->len).
 * - Threads: jobs - 1 more worker states and the threads are made only when
 *   a second record exists (one record is solved on the calling thread), and
 *   never more than there are records (an input of n < jobs records gets n).
 *   Interactive input (a terminal, --line-buffered) is solved on the calling
 *   thread, record by record.
 * - Memory: at most `window` records (default 512 per job, at most 4096) and
 *   about `window_bytes` (default 8 MiB) of record text and finished output
 *   are held at once, plus what the records being solved write.
 * - Output goes with write(2) to file descriptors 1 and 2 (stdout is flushed
 *   first).  A failed write on stdout stops the batch at once: no record is
 *   started after it, "prog: write error: <strerror(errno)>" is reported
 *   and the result has write_error set; a closed pipe (EPIPE, when SIGPIPE
 *   is ignored) stops it as quietly as a single-shot tool: no message, and
 *   the status is that of the records written.
 * - Returns the worst status of all records (and 1 for a read error or an
 *   unreadable file, reported as "prog: file: message").
 *
 * Usage (a tool that reads one hand a line):
 *
 *     static void *init(void *u) { (void)u; return calloc(1, sizeof(my_state)); }
 *     static void fini(void *u, void *s) { (void)u; free(s); }
 *     static int solve(void *s, const cli_record *rec, cli_buf *out, cli_buf *err)
 *     {
 *         if (bad(rec->text)) { cli_buf_error(err, rec->file, rec->line, "bad hand"); return 1; }
 *         cli_buf_printf(out, "%s: ok\n", rec->text);
 *         return 0;
 *     }
 *     cli_batch b = { .kind = CLI_BATCH_LINES, .files = argv + optind, .nfiles = argc - optind,
 *                     .jobs = jobs, .init = init, .fini = fini, .solve = solve };
 *     int status = cli_batch_run(&b);
 */
#ifndef TILEKIT_CLI_BATCH_H
#define TILEKIT_CLI_BATCH_H

#include <stdarg.h>
#include <stddef.h>

#include "cli/cli.h"
#include "core/tk_text.h"
#include "tilekit/fmt.h"

/* ---- growable byte buffer ---------------------------------------------------
 * The formatting wing's fmt_buf (tilekit/fmt.h) under the front-ends' name:
 * p (NUL-terminated once anything was added), len, cap, and oom (an
 * allocation failed: further additions are dropped until cli_buf_reset; the
 * engine reports it as "out of memory" for the record). */
typedef fmt_buf cli_buf;

#define cli_buf_reserve fmt_buf_reserve
#define cli_buf_put fmt_buf_put
#define cli_buf_puts fmt_buf_puts
#define cli_buf_putc fmt_buf_putc
#define cli_buf_putuint fmt_buf_putuint
#define cli_buf_putint fmt_buf_putint
#define cli_buf_printf fmt_buf_printf
#define cli_buf_reset fmt_buf_reset
#define cli_buf_free fmt_buf_free
/* "prog: file:line: message\n" (file NULL and/or line <= 0 leave those parts
 * out), the message's invalid UTF-8 and control bytes shown as \xNN. */
void cli_buf_verror(cli_buf *b, const char *file, long line, const char *fmt, va_list ap);
void cli_buf_error(cli_buf *b, const char *file, long line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Append s[0..n) for a message: printable text as it is, invalid UTF-8 and
 * control characters as \xNN, so a message never carries raw bad bytes. */
void cli_buf_safe(cli_buf *b, const char *s, size_t n);

/* ---- the engine ----------------------------------------------------------- */

enum { CLI_BATCH_LINES, CLI_BATCH_GRIDS, CLI_BATCH_COUNT };
#define CLI_BATCH_SKIP_BLANK 1u   /* LINES: skip blank and '#' lines */

typedef struct cli_record {
    char *text;        /* NUL-terminated, may hold NUL bytes; solve may change it in place */
    size_t len;
    const char *file;  /* input name for messages */
    long line;         /* first line of the record in its file (0 for COUNT) */
    long no;           /* record number across the whole input */
} cli_record;

typedef struct cli_batch {
    int kind;                  /* CLI_BATCH_LINES, _GRIDS or _COUNT */
    unsigned flags;            /* CLI_BATCH_SKIP_BLANK */
    const char *const *files;  /* input files ("-" = stdin); nfiles 0 = stdin */
    int nfiles;
    cli_reader *reader;        /* or an open reader to read from (LINES/GRIDS);
                                  cli_reader_unread() before works */
    long count;                /* COUNT: number of records */
    const char *empty_msg;     /* GRIDS: message for an input with no grid, or NULL */
    int (*gen)(void *user, long no, cli_buf *text);   /* COUNT: record text (optional) */
    long first_line;           /* number of the first line of each input (0 = 1) */
    long first_no;             /* number of the first record (0 = 1) */
    int jobs;                  /* worker threads, >= 1 */
    size_t window;             /* 0 = default */
    size_t window_bytes;       /* 0 = default */
    const char *progress;      /* label for the progress line on a terminal, or NULL */
    void *user;
    void *(*init)(void *user);
    void (*fini)(void *user, void *state);
    int (*solve)(void *state, const cli_record *rec, cli_buf *out, cli_buf *err);
    /* results */
    long records;              /* records solved and written */
    long bad;                  /* of them, with a status other than 0 */
    int write_error;           /* output was lost (reported) */
} cli_batch;

int cli_batch_run(cli_batch *b);

#endif
