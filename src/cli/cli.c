/* cli.c - shared front-end helpers (see cli.h): messages, files and lines,
 * data lookup, dictionary loading, JSON strings, progress, stdout checks. */
#include "cli.h"
#include "cli_batch.h"
#include "cli_json.h"
#include "cli_limits.h"
#include "cli_outfile.h"
#include "core/tk_text.h"
#include "tilekit/datapath.h"

#include <errno.h>
#include <pthread.h>
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

/* Like prog_name: set by the options, before any thread, then only read. */
static int line_buffered;
void cli_set_line_buffered(int on) { line_buffered = on != 0; }
int cli_line_buffered(void) { return line_buffered; }

void cli_verror(const char *file, long line, const char *fmt, va_list ap)
{
    /* formatted in memory, bad bytes shown as \xNN, written in one piece */
    cli_buf b = {0};
    cli_buf_verror(&b, file, line, fmt, ap);
    fflush(stdout);
    if (b.p)
        fwrite(b.p, 1, b.len, stderr);
    cli_buf_free(&b);
}

void cli_error(const char *file, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_verror(file, line, fmt, ap);
    va_end(ap);
}

void cli_error_tk(const char *file, const tk_error *err)
{
    cli_error(file, err->line, "%s", err->msg[0] ? err->msg : tk_strerror(err->code));
}

void cli_usage_error(const char *fmt, ...)
{
    /* the option values echoed go through cli_buf_safe like every message */
    va_list ap;
    va_start(ap, fmt);
    cli_verror(NULL, 0, fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try '%s --help' for more information.\n", prog_name);
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
    char *end = NULL;
    errno = 0;
    long v = cli_is_integer(s) ? strtol(s, &end, 10) : 0;
    if (!cli_is_integer(s) || *end || errno || v < lo || v > hi) {
        char q[64];
        cli_usage_error("invalid %s value '%s' (%ld..%ld)", opt, alpha_quote(s, strlen(s), 40, q, sizeof q), lo, hi);
    }
    return v;
}

int cli_jobs(int requested)
{
    /* threads beyond CLI_JOBS_PER_CPU a CPU only cost memory (each keeps
     * its own working state: 3.7 MB for mjwait): the output never depends
     * on --jobs, so the count is capped there */
    int cpus = cli_cpu_count();
    if (requested <= 0)
        requested = cpus;
    if (requested > CLI_JOBS_PER_CPU * cpus)
        requested = CLI_JOBS_PER_CPU * cpus;
    return requested > CLI_JOBS_MAX ? CLI_JOBS_MAX : requested;
}

int cli_parse_jobs(const char *s)
{
    return cli_jobs((int)cli_parse_long("--jobs", s, 0, CLI_JOBS_MAX));
}

void cli_common_init(cli_common *co, void (*usage)(void))
{
    memset(co, 0, sizeof *co);
    co->jobs = cli_jobs(CLI_JOBS_DEFAULT);
    co->first_line = 1;
    co->usage = usage;
}

void cli_common_option(int c, cli_common *co, char **argv)
{
    extern char *optarg;
    switch (c) {
    case 'j': co->json = 1; break;
    case 'v': co->verbose = 1; break;
    case CLI_OPT_JOBS: co->jobs = cli_parse_jobs(optarg); break;
    case CLI_OPT_FIRST_LINE: co->first_line = cli_parse_long("--first-line", optarg, 1, CLI_FIRST_LINE_MAX); break;
    case CLI_OPT_LINE_BUFFERED: cli_set_line_buffered(1); break;
    case CLI_OPT_FORCE: cli_out_set_force(1); break;
    case 'h':
        co->usage();
        exit(cli_close_stdout());
    case 'V':
        cli_print_version();
        exit(cli_close_stdout());
    default:
        cli_getopt_error(c, argv);
    }
}

int cli_dict_option(int c, cli_dict_opts *o, const char *arg)
{
    switch (c) {
    case 'd': o->dict = arg; return 1;
    case 'L': o->lexicon = arg; return 1;
    case 'l':
        if (strcmp(arg, "en") != 0 && strcmp(arg, "is") != 0 && strcmp(arg, "hu") != 0) {
            char q[64];
            cli_usage_error("unknown --lang '%s' (en, is or hu)", alpha_quote(arg, strlen(arg), 40, q, sizeof q));
        }
        o->lang = arg;
        return 1;
    default: return 0;
    }
}

void cli_dict_check(const cli_dict_opts *o)
{
    if (o->dict && o->lexicon)
        cli_usage_error("--dict and --lexicon do not go together");
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
    cli_out_input_fd(fileno(f));
    /* at most CLI_FILE_MAX bytes: one more is read to tell a file of exactly
     * the limit from a longer one (or an endless stream such as /dev/zero) */
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap + 1);
    int big = 0;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n > CLI_FILE_MAX) {
            big = 1;
            break;
        }
        if (n == cap) {
            size_t want = cap * 2 > CLI_FILE_MAX + 1 ? CLI_FILE_MAX + 1 : cap * 2;
            char *nb = realloc(buf, want + 1);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap = want;
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
    if (big) {
        free(buf);
        tk_error_set(err, TK_ELIMIT, 0, 0, "larger than %s bytes (the limit of a data file)", CLI_FILE_MAX_TEXT);
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

char *cli_load_file(const char *path, size_t *len)
{
    tk_error err = {0};
    char *text = cli_read_file(path, len, &err);
    if (!text)
        cli_error(path, 0, "%s", err.msg);
    return text;
}

int cli_reader_open(cli_reader *r, const char *path, tk_error *err)
{
    memset(r, 0, sizeof *r);
    if (strcmp(path, "-") == 0) {
        r->f = stdin;
        r->name = "<stdin>";
        cli_out_input_fd(STDIN_FILENO);
        return 0;
    }
    r->f = fopen(path, "rb");
    if (!r->f)
        return tk_error_set(err, TK_EIO, 0, 0, "%s", strerror(errno));
    r->name = path;
    r->own = 1;
    cli_out_input_fd(fileno(r->f));
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
    if (r->done)
        return 0;
    /* At most CLI_LINE_MAX bytes (plus CR LF) are kept: the rest of a longer
     * line are not read: the line comes back empty with r->too_long set,
     * and the input ends there (the reader returns 0 from then on), so
     * memory and time stay bounded whatever the input (/dev/zero). */
    enum { ROOM = 2 };                                    /* the CR LF */
    size_t n = 0;
    int c, over = 0;
    r->too_long = 0;
    errno = 0;
    while ((c = getc_unlocked(r->f)) != EOF) {
        if (n + 1 >= r->cap && !over) {
            size_t want = r->cap ? r->cap * 2 : 256;
            if (want > CLI_LINE_MAX + ROOM + 1)
                want = CLI_LINE_MAX + ROOM + 1;
            if (n + 1 >= want) {
                over = 1;
            } else {
                char *nb = realloc(r->buf, want);
                if (!nb)
                    return r->err = ENOMEM, -1;
                r->buf = nb;
                r->cap = want;
            }
        }
        if (over)
            break;                  /* an endless line (/dev/zero) must end too */
        r->buf[n++] = (char)c;
        if (c == '\n')
            break;
    }
    if (c == EOF && ferror(r->f))
        return r->err = errno ? errno : EIO, -1;
    if (n == 0 && !over && c == EOF)
        return 0;
    r->lineno++;
    if (!r->buf && !(r->buf = malloc(r->cap = 1)))
        return r->err = ENOMEM, -1;
    if (!over)
        n = tku_line_clean(r->buf, n, r->lineno);   /* CR LF, a BOM on line 1 */
    if (over || n > CLI_LINE_MAX) {
        r->too_long = 1;           /* and the reading of this input ends here */
        r->done = 1;
        n = 0;
    }
    r->buf[n] = 0;
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

static tk_datapath the_path;
static pthread_once_t path_once = PTHREAD_ONCE_INIT;
static void path_init(void) { tk_datapath_init(&the_path); }

const tk_datapath *cli_datapath(void)
{
    pthread_once(&path_once, path_init);
    return &the_path;
}

const char *cli_find_data(const char *rel, char *buf, size_t cap)
{
    return tk_data_find(cli_datapath(), rel, buf, cap, NULL) == TK_OK ? buf : NULL;
}

void cli_error_tried(const char *rel)
{
    char list[8192];
    tk_datapath_tried(cli_datapath(), rel, list, sizeof list);
    fflush(stdout);
    fprintf(stderr, "%s: looked for %s in:\n", prog_name, rel);
    for (char *s = list, *e; *s; s = e + 1) {
        e = strchr(s, '\n');
        if (!e)
            break;
        fprintf(stderr, "%s:   %.*s\n", prog_name, (int)(e - s), s);
    }
}

int cli_load_alphabet(const char *name_or_path, alpha_table *a)
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
    size_t len;
    char *text = cli_load_file(path, &len);
    if (!text)
        return -1;
    tk_error err = {0};
    int rc = alpha_parse(a, text, len, &err);
    free(text);
    if (rc) {
        cli_error_tk(path, &err);
        return -1;
    }
    return 0;
}

void cli_report_skip(void *ctx, long line, const char *msg)
{
    cli_skip_report *r = ctx;
    if (r->shown++ < r->limit)
        cli_error(r->file, line, "skipped: %s", msg);
}

/* A shipped alphabet by name, quietly (0 ok, -1 not found or bad). */
static int quiet_alphabet(const char *name, alpha_table *a)
{
    char rel[128], path[PATH_MAX];
    snprintf(rel, sizeof rel, "alphabets/%s.txt", name);
    if (!cli_find_data(rel, path, sizeof path))
        return -1;
    tk_error err = {0};
    size_t len;
    char *text = cli_read_file(path, &len, &err);
    int rc = text && alpha_parse(a, text, len, &err) == TK_OK ? 0 : -1;
    free(text);
    return rc;
}

/* Does every line of the list encode in `a`?  Lines holding ASCII that is
 * not a letter (' - digits) are left out: they are skipped in any language. */
/* Does the list fit alphabet a?  Lines with ASCII other than letters are not
 * counted; of the others one, or at most 1 in 100, may hold a character outside a (a
 * stray combining or fullwidth character: that line is then skipped with a
 * message when the list is built, as skrafl and mkdawg do with a language's
 * alphabet), so one such line does not change the alphabet inferred; one
 * line is always tolerated. */
static int list_fits(const alpha_table *a, const char *text, size_t len)
{
    size_t i = 0, words = 0, bad = 0;
    while (i < len) {
        size_t s = i, e;
        int junk = 0;
        while (i < len && text[i] != '\n')
            i++;
        e = i;
        if (i < len)
            i++;
        while (s < e && (text[s] == ' ' || text[s] == '\t'))
            s++;
        while (e > s && (text[e - 1] == '\r' || text[e - 1] == ' ' || text[e - 1] == '\t'))
            e--;
        for (size_t k = s; k < e; k++) {   /* inside the word: a space is junk too */
            unsigned char c = (unsigned char)text[k];
            if (c < 0x80 && !((c | 0x20) >= 'a' && (c | 0x20) <= 'z'))
                junk = 1;
        }
        if (junk || s == e)
            continue;
        uint8_t w[ALPHA_WORD_MAX];
        int n = alpha_encode(a, text + s, e - s, w, ALPHA_WORD_MAX, NULL);
        words++;
        if (n < 0 && n != TK_ELIMIT)
            bad++;
    }
    return (bad * 100 <= words || bad == 1) && bad < words;
}

/* The alphabet for a word list: the given language's; with no language, the
 * first shipped alphabet (en, is, hu) that holds every letter of the list,
 * else the letters the list uses (ASCII other than letters never becomes a
 * letter).  Prints errors. */
int cli_list_alphabet(const char *text, size_t len, const char *lang, alpha_table *a, const char **chosen)
{
    static const char *const langs[] = {"en", "is", "hu"};
    *chosen = lang;
    if (lang)
        return cli_load_alphabet(lang, a);
    for (size_t k = 0; k < sizeof langs / sizeof *langs; k++)
        if (quiet_alphabet(langs[k], a) == 0 && list_fits(a, text, len)) {
            *chosen = langs[k];
            return 0;
        }
    int rc = alpha_infer_letters(a, text, len, NULL);
    if (rc == TK_ENOMEM) {
        cli_error(NULL, 0, "out of memory");
        return -1;
    }
    *chosen = "inferred";
    if (rc == TK_OK && a->size > 0)
        return 0;
    *chosen = "en";                   /* invalid UTF-8: the build names the lines */
    return cli_load_alphabet("en", a);
}

/* Build a dictionary from a word list in memory, with the alphabet of `lang`
 * (NULL: chosen by cli_list_alphabet). */
static dawg_graph *build_list(const char *name, const char *text, size_t len, const char *lang, int strict)
{
    alpha_table a;
    const char *chosen;
    if (cli_list_alphabet(text, len, lang, &a, &chosen) != 0)
        return NULL;
    cli_skip_report rep = { name, 0, 10 };
    dawg_build_opts o;
    memset(&o, 0, sizeof o);
    o.strict = strict;
    o.skip = cli_report_skip;
    o.skip_ctx = &rep;
    tk_error err = {0};
    dawg_graph *d = NULL;
    if (dawg_build_ex(&d, &a, text, len, &o, &err) != TK_OK) {
        cli_error_tk(name, &err);
        return NULL;
    }
    if (o.skipped)
        cli_error(name, 0, "%zu line%s skipped: not made of letters of the '%s' alphabet", o.skipped,
                  o.skipped == 1 ? "" : "s", chosen);
    return d;
}

/* Open a dictionary file once: a regular file is handed to dawg_load (which
 * maps it); if it is not a .dawg it is read as a word list.  Standard input
 * and other non-regular files are read into memory first. */
static dawg_graph *open_dict(const char *path, const char *lang)
{
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    tk_error err = {0};
    dawg_graph *d = NULL;
    struct stat st;
    if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
        int rc = dawg_load(&d, path, &err);
        if (rc == TK_OK)
            return d;
        if (rc != TK_ENOTDAWG) {
            cli_error_tk(name, &err);
            return NULL;
        }
    }
    size_t len;
    char *text = cli_read_file(path, &len, &err);
    if (!text) {
        cli_error(name, 0, "%s", err.msg);
        return NULL;
    }
    if (dawg_is_dawg_file(text, len)) {
        if (dawg_load_memory(&d, text, len, &err) != TK_OK)
            cli_error_tk(name, &err);
    } else {
        d = build_list(name, text, len, lang, 0);
    }
    free(text);
    return d;
}

/* Give `d` the full alphabet of `lang` when its own is a subset (a dictionary
 * built from a list that never uses some letter): that letter then forms no
 * word instead of being refused by tile sets, racks and grids. */
static dawg_graph *widen_to_lang(dawg_graph *d, const char *lang)
{
    char rel[128], path[PATH_MAX];
    snprintf(rel, sizeof rel, "alphabets/%s.txt", lang);
    if (!cli_find_data(rel, path, sizeof path))
        return d;
    tk_error err = {0};
    size_t len;
    char *text = cli_read_file(path, &len, &err);
    alpha_table a;
    int ok = text && alpha_parse(&a, text, len, &err) == TK_OK;
    free(text);
    if (!ok || a.size == dawg_alphabet(d)->size)
        return d;
    dawg_graph *w = NULL;
    if (dawg_widen(&w, d, &a, &err) != TK_OK)
        return d;                      /* another language's dictionary: keep it as it is */
    dawg_destroy(d);
    return w;
}

dawg_graph *cli_load_dictionary(const char *dict, const char *lexicon, const char *lang, const char **used)
{
    static char found[PATH_MAX];
    tk_error err = {0};
    const char *path = dict;
    const char *list_lang = lang;        /* NULL: the word list's alphabet is chosen from it */
    if (!lang)
        lang = "en";
    if (dict && lexicon) {
        cli_error(NULL, 0, "--dict and --lexicon do not go together");
        return NULL;
    }
    if (lexicon) {
        int rc = tk_lexicon_find(cli_datapath(), lexicon, found, sizeof found, &err);
        if (rc != TK_OK) {
            if (rc == TK_EINVAL) {
                cli_error(NULL, 0, "%s", err.msg);
                return NULL;
            }
            char rel[96];
            snprintf(rel, sizeof rel, "dict/%s.dawg", lexicon);
            cli_error(NULL, 0, "unknown lexicon '%s': no %s.dawg in the data path", lexicon, lexicon);
            cli_error_tried(rel);
            cli_error(NULL, 0, "install one with: mkdawg --install %s WORDLIST (or set TILEKIT_DATA)", lexicon);
            return NULL;
        }
        path = found;
    } else if (!path) {
        if (tk_dict_default(cli_datapath(), lang, found, sizeof found, &err) != TK_OK) {
            char rel[96];
            cli_error(NULL, 0, "%s", err.msg);
            snprintf(rel, sizeof rel, "dict/%s.dawg", lang);
            cli_error_tried(rel);
            cli_error(NULL, 0, "set TILEKIT_DATA or use --dict");
            return NULL;
        }
        path = found;
        list_lang = lang;                /* a shipped words/LANG.txt */
    }
    if (used)
        *used = path;
    cli_out_input(path);
    dawg_graph *d = open_dict(path, list_lang);
    if (!d)
        return NULL;
    if (dawg_root(d) == 0) {
        cli_error(strcmp(path, "-") == 0 ? "<stdin>" : path, 0, "the dictionary has no words");
        dawg_destroy(d);
        return NULL;
    }
    return widen_to_lang(d, lang);
}

dawg_graph *cli_load_dict(const char *path, const char *lang, const char **used)
{
    return cli_load_dictionary(path, NULL, lang, used);
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

/* Time to redraw (at most 4 times a second)?  Sets *t to now. */
static int progress_due(cli_progress *p, double *t)
{
    if (!p->active)
        return 0;
    *t = cli_now();
    if (*t - p->last < 0.25)
        return 0;
    p->last = *t;
    return 1;
}

void cli_progress_update(cli_progress *p, size_t done)
{
    double t;
    if (!progress_due(p, &t))
        return;
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
    double t;
    if (!progress_due(p, &t))
        return;
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
