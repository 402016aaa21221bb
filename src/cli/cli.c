/* cli.c - shared front-end helpers (see cli.h): messages, files and lines,
 * data lookup, dictionary loading, JSON strings, progress, stdout checks. */
#include "cli.h"
#include "cli_json.h"
#include "core/tk_text.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef TILEKIT_VERSION
#define TILEKIT_VERSION "0.0.0"
#endif
#ifndef TILEKIT_DATADIR
#define TILEKIT_DATADIR "/usr/local/share/tilekit"
#endif

static const char *prog_name = "tilekit";

void cli_init(const char *prog)
{
    prog_name = prog;
    if (!isatty(STDOUT_FILENO))
        setvbuf(stdout, NULL, _IOFBF, 1 << 16);
}

const char *cli_prog(void) { return prog_name; }

void cli_error(const char *file, long line, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "%s: ", prog_name);
    if (file && line > 0)
        fprintf(stderr, "%s:%ld: ", file, line);
    else if (file)
        fprintf(stderr, "%s: ", file);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void cli_error_tk(const char *file, const tk_error *err)
{
    cli_error(file, err->line, "%s", err->msg[0] ? err->msg : tk_strerror(err->code));
}

void cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", prog_name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s --help' for more information.\n", prog_name);
    exit(CLI_EXIT_USAGE);
}

void cli_print_version(void)
{
    printf("%s (tilekit) %s\n"
           "Copyright (C) 2026 the tilekit authors.\n"
           "License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n",
           prog_name, TILEKIT_VERSION);
}

/* ---- options shared by every tool ---------------------------------------------- */

long cli_parse_long(const char *opt, const char *s, long lo, long hi)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < lo || v > hi) {
        char q[64];
        cli_usage_error("invalid %s value '%s' (%ld..%ld)", opt, alpha_quote(s, strlen(s), 40, q, sizeof q), lo, hi);
    }
    return v;
}

int cli_jobs(int requested)
{
    if (requested <= 0)
        requested = cli_cpu_count();
    return requested > CLI_JOBS_MAX ? CLI_JOBS_MAX : requested;
}

int cli_parse_jobs(const char *s)
{
    return cli_jobs((int)cli_parse_long("--jobs", s, 0, CLI_JOBS_MAX));
}

void cli_getopt_error(int ch, char **argv)
{
    extern int optind, optopt;
    const char *arg = optind > 0 ? argv[optind - 1] : "";
    char q[96];
    fflush(stdout);
    if (ch == ':') {
        if (optopt && !(arg[0] == '-' && arg[1] == '-'))
            fprintf(stderr, "%s: option requires an argument -- '%c'\n", prog_name, optopt);
        else
            fprintf(stderr, "%s: option '%s' requires an argument\n", prog_name,
                    alpha_quote(arg, strlen(arg), 60, q, sizeof q));
    } else if (optopt) {
        if (optopt > 0x20 && optopt < 0x7f)
            fprintf(stderr, "%s: invalid option -- '%c'\n", prog_name, optopt);
        else
            fprintf(stderr, "%s: invalid option -- '\\x%02X'\n", prog_name, (unsigned)(unsigned char)optopt);
    } else {
        /* an unknown, ambiguous or argument-less long option: argv[optind-1] */
        const char *eq = strchr(arg, '=');
        size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
        fprintf(stderr, "%s: unrecognized option '%s'\n", prog_name, alpha_quote(arg, n, 60, q, sizeof q));
    }
    fprintf(stderr, "Try '%s --help' for more information.\n", prog_name);
    exit(CLI_EXIT_USAGE);
}

/* ---- files and lines ---------------------------------------------------------- */

char *cli_read_file(const char *path, size_t *len, tk_error *err)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        tk_error_set(err, TK_EIO, 0, 0, "%s", strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    int bad = ferror(f);
    int e = errno;
    if (!is_stdin)
        fclose(f);
    if (!buf) {
        tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory reading the file");
        return NULL;
    }
    if (bad) {
        free(buf);
        tk_error_set(err, TK_EIO, 0, 0, "read error: %s", strerror(e));
        return NULL;
    }
    size_t bom = tku_bom_len(buf, n);
    if (bom) {
        memmove(buf, buf + bom, n - bom);
        n -= bom;
    }
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

int cli_reader_open(cli_reader *r, const char *path, tk_error *err)
{
    memset(r, 0, sizeof *r);
    if (strcmp(path, "-") == 0) {
        r->f = stdin;
        r->name = "<stdin>";
        return 0;
    }
    r->f = fopen(path, "rb");
    if (!r->f)
        return tk_error_set(err, TK_EIO, 0, 0, "%s", strerror(errno));
    r->name = path;
    r->own = 1;
    return 0;
}

int cli_reader_next(cli_reader *r, char **line, size_t *len)
{
    /* getline() reads a buffered block at a time and reuses r->buf, so the
     * memory kept is that of the longest line, whatever the line count. */
    if (r->again && r->buf) {
        r->again = 0;
        *line = r->buf;
        *len = r->len;
        return 1;
    }
    errno = 0;
    ssize_t got = getline(&r->buf, &r->cap, r->f);
    if (got < 0)
        return ferror(r->f) || errno == ENOMEM ? -1 : 0;
    r->lineno++;
    size_t n = tku_line_clean(r->buf, (size_t)got, r->lineno);   /* CR LF, a BOM on line 1 */
    *line = r->buf;
    *len = r->len = n;
    return 1;
}

void cli_reader_unread(cli_reader *r)
{
    r->again = 1;
}

void cli_reader_close(cli_reader *r)
{
    if (r->own && r->f)
        fclose(r->f);
    free(r->buf);
    memset(r, 0, sizeof *r);
}

/* ---- data files ------------------------------------------------------------------ */

static int exists(const char *p)
{
    return access(p, R_OK) == 0;
}

const char *cli_find_data(const char *rel, char *buf, size_t cap)
{
    const char *env = getenv("TILEKIT_DATA");
    if (env && *env) {
        const char *s = env;
        while (*s) {
            const char *e = strchr(s, ':');
            size_t n = e ? (size_t)(e - s) : strlen(s);
            if (n && (size_t)snprintf(buf, cap, "%.*s/%s", (int)n, s, rel) < cap && exists(buf))
                return buf;
            s += n + (e ? 1 : 0);
        }
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0;
            static const char *const sub[] = {"../share/tilekit", "../build", "../data"};
            for (size_t i = 0; i < sizeof sub / sizeof *sub; i++)
                if ((size_t)snprintf(buf, cap, "%s/%s/%s", exe, sub[i], rel) < cap && exists(buf))
                    return buf;
        }
    }
    if ((size_t)snprintf(buf, cap, "%s/%s", TILEKIT_DATADIR, rel) < cap && exists(buf))
        return buf;
    return NULL;
}

int cli_load_alphabet(const char *name_or_path, Alphabet *a)
{
    char buf[PATH_MAX], rel[256];
    const char *path = name_or_path;
    if (!strchr(name_or_path, '/') && !exists(name_or_path)) {
        snprintf(rel, sizeof rel, "alphabets/%s.txt", name_or_path);
        path = cli_find_data(rel, buf, sizeof buf);
        if (!path) {
            cli_error(NULL, 0, "unknown alphabet '%s' (no file of that name, no alphabets/%s.txt in the data directory)",
                      name_or_path, name_or_path);
            return -1;
        }
    }
    tk_error err = {0};
    size_t len;
    char *text = cli_read_file(path, &len, &err);
    if (!text) {
        cli_error(path, 0, "%s", err.msg);
        return -1;
    }
    int rc = alpha_parse(a, text, len, &err);
    free(text);
    if (rc) {
        cli_error_tk(path, &err);
        return -1;
    }
    return 0;
}

Dawg *cli_load_dict(const char *path, const char *lang, const char **used)
{
    static char found[PATH_MAX];
    char rel[256];
    tk_error err = {0};
    Dawg *d = NULL;
    const char *alang = lang;   /* alphabet only when a language was given */
    if (!lang)
        lang = "en";
    if (!path) {
        snprintf(rel, sizeof rel, "dict/%s.dawg", lang);
        path = cli_find_data(rel, found, sizeof found);
        if (!path) {
            snprintf(rel, sizeof rel, "words/%s.txt", lang);
            path = cli_find_data(rel, found, sizeof found);
        }
        if (!path) {
            cli_error(NULL, 0, "no dictionary for language '%s' (looked for dict/%s.dawg and words/%s.txt; "
                      "set TILEKIT_DATA or use --dict)", lang, lang, lang);
            return NULL;
        }
    }
    if (used)
        *used = path;
    size_t len;
    char *text = cli_read_file(path, &len, &err);
    if (!text) {
        cli_error(path, 0, "%s", err.msg);
        return NULL;
    }
    if (dawg_is_dawg_file(text, len)) {
        free(text);
        if (strcmp(path, "-") == 0) {
            cli_error(path, 0, "a .dawg dictionary cannot be read from standard input");
            return NULL;
        }
        if (dawg_load(&d, path, &err) != TK_OK) {
            cli_error_tk(path, &err);
            return NULL;
        }
        return d;
    }
    Alphabet a;
    const Alphabet *ap = NULL;
    char abuf[PATH_MAX];
    snprintf(rel, sizeof rel, "alphabets/%s.txt", alang ? alang : lang);
    if ((alang || path == found) && cli_find_data(rel, abuf, sizeof abuf)) {
        if (cli_load_alphabet(abuf, &a) != 0) {
            free(text);
            return NULL;
        }
        ap = &a;
    }
    int rc = dawg_build(&d, ap, text, len, NULL, NULL, &err);
    free(text);
    if (rc) {
        cli_error_tk(path, &err);
        return NULL;
    }
    return d;
}

/* ---- output ---------------------------------------------------------------------------- */

void cli_json_string(FILE *f, const char *s)
{
    cli_buf b = {0};
    cli_json_quote(&b, s, strlen(s));
    if (b.p)
        fwrite(b.p, 1, b.len, f);
    cli_buf_free(&b);
}

int cli_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

double cli_now(void)
{
    return tku_clock_seconds();
}

void cli_progress_start(cli_progress *p, const char *what, size_t total)
{
    p->what = what;
    p->active = isatty(STDERR_FILENO);
    p->start = p->last = cli_now();
    p->total = total;
}

void cli_progress_update(cli_progress *p, size_t done)
{
    if (!p->active)
        return;
    double t = cli_now();
    if (t - p->last < 0.25)
        return;
    p->last = t;
    double el = t - p->start, rate = el > 0 ? done / el : 0;
    if (p->total && rate > 0 && done <= p->total)
        fprintf(stderr, "\r%s: %zu/%zu (%.0f/s, %.0f s left)  ", p->what, done, p->total, rate,
                (p->total - done) / rate);
    else
        fprintf(stderr, "\r%s: %zu (%.0f/s)  ", p->what, done, rate);
}

void cli_progress_batch(cli_progress *p, const char *what)
{
    cli_progress_start(p, what, 0);
    /* stdout on the same terminal: the redrawn line would be mixed into the output */
    struct stat so, se;
    if (p->active && isatty(STDOUT_FILENO) && fstat(STDOUT_FILENO, &so) == 0 &&
        fstat(STDERR_FILENO, &se) == 0 && so.st_rdev == se.st_rdev)
        p->active = 0;
}

void cli_progress_reader(cli_progress *p, size_t done, const cli_reader *r)
{
    if (!p->active)
        return;
    double t = cli_now();
    if (t - p->last < 0.25)
        return;
    p->last = t;
    double el = t - p->start, rate = el > 0 ? done / el : 0, frac = 0;
    struct stat st;
    if (r && r->f && fstat(fileno(r->f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        off_t pos = ftello(r->f);
        if (pos > 0 && pos <= st.st_size)
            frac = (double)pos / (double)st.st_size;
    }
    if (frac > 0) {
        double left = el * (1 - frac) / frac;
        if (left < 100)
            fprintf(stderr, "\r%s: %zu done, %.0f%% (%.0f/s, %.0f s left)\033[K", p->what, done, 100 * frac,
                    rate, left);
        else
            fprintf(stderr, "\r%s: %zu done, %.0f%% (%.0f/s, %.0f min left)\033[K", p->what, done,
                    100 * frac, rate, left / 60);
    } else {
        fprintf(stderr, "\r%s: %zu done (%.0f/s)\033[K", p->what, done, rate);
    }
}

void cli_progress_end(cli_progress *p)
{
    if (p->active && cli_now() - p->start >= 0.25)
        fprintf(stderr, "\r\033[K");
    p->active = 0;
}

int cli_close_stdout(void)
{
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int e = errno;
    if (bad) {
        if (e == EPIPE)
            return CLI_EXIT_OK;
        fprintf(stderr, "%s: write error: %s\n", prog_name, strerror(e ? e : EIO));
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}
