/* cli.h - what every tilekit command-line front-end shares.
 *
 * Only CLI code (src/cli/, tools/) uses this; it is the one place that talks
 * to the user: messages on stderr as "prog: file:line: message", exit codes
 * (CLI_EXIT_OK 0, CLI_EXIT_DATA 1 bad data, CLI_EXIT_USAGE 2 bad usage),
 * reading files or stdin ("-") line by line with CR LF and a BOM accepted,
 * finding the shipped data files, loading a dictionary, JSON string output,
 * progress on a terminal, and checking that stdout was really written.
 */
#ifndef TILEKIT_CLI_H
#define TILEKIT_CLI_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "tilekit/common.h"
#include "tilekit/dawg.h"
#include "cli_limits.h"    /* CLI_LINE_MAX..., cli_parse_u64, cli_parse_real */
#include "cli_outfile.h"   /* cli_out_open/commit/abort: every file a tool writes */

#define CLI_EXIT_OK    0
#define CLI_EXIT_DATA  1
#define CLI_EXIT_USAGE 2

/* Set the program name used in messages (call first in main). Also makes
 * stdout fully buffered when it is not a terminal. */
void cli_init(const char *prog);
const char *cli_prog(void);

/* "prog: message" / "prog: file: message" / "prog: file:line: message" on
 * stderr (file NULL and/or line 0 leave those parts out); invalid UTF-8 and
 * control characters in the file name or message are shown as \xNN. */
void cli_error(const char *file, long line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The same with a va_list. */
void cli_verror(const char *file, long line, const char *fmt, va_list ap);
/* Report a library error record for `file` (uses err->line, err->msg). */
void cli_error_tk(const char *file, const tk_error *err);
/* "prog: message\nTry 'prog --help' for more information." and exit(2). */
void cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((noreturn, format(printf, 1, 2)))
#endif
    ;
/* Print "prog (tilekit) VERSION" and the licence line on stdout. */
void cli_print_version(void);

/* ---- options shared by every tool --------------------------------------------
 * Every tool has -h/--help, -V/--version, -v/--verbose, -j/--json and
 * --jobs N (mkdawg, no batch, all but --jobs: CLI_BASIC_OPTIONS).  --jobs takes 0..CLI_JOBS_MAX, 0 meaning one thread per online
 * CPU; the default is CLI_JOBS_DEFAULT (0: all CPUs; the output never
 * depends on --jobs, and one record alone never starts a thread).
 * Give getopt_long an option string starting with ':' and send its ':' and
 * '?' returns to cli_getopt_error, so its messages also start with the
 * tool's name (not argv[0]). */
#define CLI_JOBS_DEFAULT 0
#define CLI_JOBS_MAX 1024
/* Threads actually started: at most this many per online CPU (see cli_jobs). */
#define CLI_JOBS_PER_CPU 4
/* An integer option value in lo..hi, else a usage error (exit 2):
 * "prog: invalid OPT value 'S' (LO..HI)". */
long cli_parse_long(const char *opt, const char *s, long lo, long hi);
/* A --jobs value: 0..CLI_JOBS_MAX, 0 = all CPUs; returns the thread count. */
int cli_parse_jobs(const char *s);
/* The thread count for a --jobs value (0 = all CPUs, at most CLI_JOBS_MAX). */
int cli_jobs(int requested);
/* The options every tool has, to end its getopt_long table with:
 *
 *     static const struct option lo[] = { { "dict", required_argument, 0, 'd' }, ...,
 *                                         CLI_COMMON_OPTIONS, { 0, 0, 0, 0 } };
 *     cli_common co;
 *     cli_common_init(&co, usage);
 *     while ((c = getopt_long(argc, argv, ":d:" CLI_COMMON_SHORT, lo, NULL)) != -1)
 *         switch (c) {
 *         case 'd': ...; break;
 *         default: cli_common_option(c, &co, argv);   // or a usage error
 *         }
 *
 * --json (-j), --jobs N, --first-line N (number the input's lines from N:
 * one chunk of a batch split over several processes), --verbose (-v),
 * --help (-h: usage() and exit) and --version (-V). */
enum { CLI_OPT_JOBS = 0x1000, CLI_OPT_FIRST_LINE, CLI_OPT_LINE_BUFFERED };
#define CLI_COMMON_SHORT "jvhV"
#define CLI_COMMON_OPTIONS                                             \
    { "jobs", required_argument, NULL, CLI_OPT_JOBS },                 \
    { "first-line", required_argument, NULL, CLI_OPT_FIRST_LINE },     \
    { "line-buffered", no_argument, NULL, CLI_OPT_LINE_BUFFERED },     \
    CLI_BASIC_OPTIONS
/* The part of CLI_COMMON_OPTIONS that makes sense for a tool that is not a
 * batch (mkdawg): --json, --verbose, --help, --version. */
#define CLI_BASIC_OPTIONS                                              \
    { "json", no_argument, NULL, 'j' },                                \
    { "verbose", no_argument, NULL, 'v' },                             \
    { "help", no_argument, NULL, 'h' },                                \
    { "version", no_argument, NULL, 'V' }
typedef struct cli_common {
    int json, jobs, verbose;
    long first_line;
    void (*usage)(void);
} cli_common;
void cli_common_init(cli_common *co, void (*usage)(void));
/* Handle getopt_long's return c if it is a common option (optarg read
 * here); anything else is a usage error (cli_getopt_error). */
void cli_common_option(int c, cli_common *co, char **argv);
/* --line-buffered (a common option): the batch engine answers each record
 * as soon as it is read and flushes it, as it does when standard input is a
 * terminal, for programs that drive a tool through a pipe.  Set once while
 * the options are read, before any thread starts. */
void cli_set_line_buffered(int on);
int cli_line_buffered(void);

/* The options of a tool that reads one dictionary: --dict FILE (-d),
 * --lexicon NAME (-L) and --lang LANG (-l: en, is or hu), for its getopt_long
 * table and option string.  cli_dict_option handles one (returns 1; a bad
 * --lang is a usage error) or returns 0; cli_dict_check makes --dict and
 * --lexicon exclusive.  The three go to cli_load_dictionary. */
#define CLI_DICT_SHORT "d:L:l:"
#define CLI_DICT_OPTIONS                                               \
    { "dict", required_argument, NULL, 'd' },                          \
    { "lexicon", required_argument, NULL, 'L' },                       \
    { "lang", required_argument, NULL, 'l' }
typedef struct cli_dict_opts {
    const char *dict, *lexicon, *lang;
} cli_dict_opts;
int cli_dict_option(int c, cli_dict_opts *o, const char *arg);
void cli_dict_check(const cli_dict_opts *o);

/* A dawg_build_opts skip callback: the first `limit` skipped word-list lines
 * of `file` as "prog: file:line: skipped: ..." (ctx: a cli_skip_report;
 * `shown` counts every call, so shown - limit were not shown). */
typedef struct cli_skip_report {
    const char *file;
    long shown;
    long limit;
} cli_skip_report;
void cli_report_skip(void *ctx, long line, const char *msg);

/* Report getopt_long's ':' (missing argument) or '?' (unknown option) return
 * as "prog: ..." plus the --help hint, and exit(2). */
void cli_getopt_error(int ch, char **argv)
#if defined(__GNUC__)
    __attribute__((noreturn))
#endif
    ;

/* Read a whole file ("-" = stdin) into a NUL-terminated malloc'ed buffer.
 * A leading UTF-8 BOM is removed.  Returns NULL and fills err on failure. */
char *cli_read_file(const char *path, size_t *len, tk_error *err);
/* cli_read_file, a failure reported as "prog: path: message" (NULL then). */
char *cli_load_file(const char *path, size_t *len);

/* Line reader: one line at a time, without its "\n" or "\r\n", a BOM removed
 * from the first line.  Memory stays flat whatever the number of lines. */
typedef struct cli_reader {
    FILE *f;
    const char *name;     /* for messages: the path, or "-" / "<stdin>" */
    long lineno;          /* 1-based number of the line last returned */
    char *buf;
    size_t cap;
    int own;              /* close f at the end */
    size_t len;           /* length of the line last returned */
    int again;            /* cli_reader_unread: return that line once more */
    int err;              /* errno of a read error (cli_reader_next returned -1) */
    int too_long;         /* the line last returned passed CLI_LINE_MAX bytes: it
                             comes back empty and the input ends after it
                             (report it: "file:line: line longer than ...") */
    int done;
} cli_reader;
int cli_reader_open(cli_reader *r, const char *path, tk_error *err);   /* "-" = stdin */
/* Returns 1 with *line and *len set (line is NUL-terminated, valid until the next
 * call), 0 at end of file, -1 on a read error. */
int cli_reader_next(cli_reader *r, char **line, size_t *len);
void cli_reader_close(cli_reader *r);
/* Make the next cli_reader_next return the line last returned once more
 * (same text, same lineno). */
void cli_reader_unread(cli_reader *r);

/* Find a data file by relative name ("dict/en.dawg", "tiles/en.txt") in
 * the data path of tilekit/datapath.h ($TILEKIT_DATA, the user's data
 * directory, the installation, the build tree).  Returns buf (filled with
 * the path) or NULL if not found.  A thin wrapper over tk_data_find. */
const char *cli_find_data(const char *rel, char *buf, size_t cap);
/* The process's data path (built once, thread-safe). */
struct tk_datapath;
const struct tk_datapath *cli_datapath(void);
/* "prog: looked for REL in:" and one "prog:   DIR/REL" line per directory. */
void cli_error_tried(const char *rel);

/* Load a dictionary, opening the file once (a .dawg is mapped and
 * validated; any other file is a word list built in memory with the
 * alphabet of `lang`, or when `lang` is NULL the first shipped alphabet
 * (en, is, hu) that holds all its letters, else the letters it uses; lines
 * outside the alphabet are reported and skipped with a count).
 * `dict` a path ("-" = stdin), or `lexicon` a name (dict/NAME.dawg in the
 * data path; an unknown name prints every path tried), or neither: the
 * default of `lang` (NULL = "en"), dict/LANG.dawg else words/LANG.txt.  A
 * dictionary with no word is an error.  A dictionary whose alphabet is a
 * subset of the language's gets the full alphabet (unused letters form no
 * word).  On failure prints the error and returns NULL.  *used (if not
 * NULL) gets the path loaded (static storage). */
dawg_graph *cli_load_dictionary(const char *dict, const char *lexicon, const char *lang, const char **used);
/* The alphabet for a word list in memory: the alphabet of `lang`; when
 * `lang` is NULL the first shipped alphabet (en, is, hu) that holds every
 * letter of the list (lines holding ASCII other than letters left out), else
 * the letters the list uses.  *chosen: the language, or "inferred".  Prints
 * errors; returns 0 or -1. */
int cli_list_alphabet(const char *text, size_t len, const char *lang, alpha_table *a, const char **chosen);
/* cli_load_dictionary(path, NULL, lang, used). */
dawg_graph *cli_load_dict(const char *path, const char *lang, const char **used);

/* Load a named or file alphabet ("en" -> alphabets/en.txt, or a path).
 * Prints the error and returns -1 on failure. */
int cli_load_alphabet(const char *name_or_path, alpha_table *a);

/* Write s as a JSON string (with quotes), escaped as cli_json_quote does
 * (strict: control characters as \u00XX, invalid UTF-8 as \ufffd). */
void cli_json_string(FILE *f, const char *s);

/* Seconds on the monotonic clock (for --verbose timings). */
double cli_now(void);

/* Number of online processors (at least 1). */
int cli_cpu_count(void);

/* Progress on stderr, only when stderr is a terminal: "what: done/total
 * (rate/s, ETA)", redrawn at most a few times a second. total 0 = unknown. */
typedef struct cli_progress {
    const char *what;
    int active;
    double start, last;
    size_t total;
} cli_progress;
void cli_progress_start(cli_progress *p, const char *what, size_t total);
void cli_progress_update(cli_progress *p, size_t done);
void cli_progress_end(cli_progress *p);
/* For a batch front-end: cli_progress_start(p, what, 0), but also silent
 * when stdout is the same terminal (the output would be garbled). */
void cli_progress_batch(cli_progress *p, const char *what);
/* Items read with a cli_reader: "what: N done, P% (rate/s, T s left)", the
 * share and the time left from the bytes read when it reads a regular file
 * (a path or stdin redirected from one), else "what: N done (rate/s)". */
void cli_progress_reader(cli_progress *p, size_t done, const cli_reader *r);

/* Flush stdout and report a write error (disk full...) as "prog: write
 * error: ..."; returns 0 if all output was written, CLI_EXIT_DATA otherwise.
 * A closed pipe ends the process quietly (default SIGPIPE). */
int cli_close_stdout(void);

#endif
