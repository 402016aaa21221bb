/* mkdawg.c - build, inspect and dump tilekit word graphs (.dawg files).
 *
 *   mkdawg [--lang LANG | --alphabet NAME|FILE | --infer-alphabet] [--strict]
 *          [--stats] [--verbose] -o OUT.dawg WORDLIST|-
 *   mkdawg --install NAME WORDLIST   into the user's data directory (dict/NAME.dawg)
 *   mkdawg --dump FILE...            every word, one a line, in the graph's order
 *   mkdawg --info [--json] FILE...   alphabet, counts, sizes, format version
 *
 * A thin front-end over dawg_build / dawg_save / dawg_load: the whole word
 * list is read into memory, built in one call (the library sorts and merges
 * duplicates), and written atomically.  --dump walks the graph with
 * dawg_foreach_word and decodes each word once into a line buffer; --info
 * and --stats print one "name value" line per figure (or one JSON object
 * with --json).  --dump and --info also accept a word list, which is then
 * built in memory first.  The alphabet is the language's (--lang, default
 * en) unless --alphabet names one or --infer-alphabet asks for inference;
 * list lines with a character outside it are reported and skipped (an
 * error with --strict).  -o only ever replaces a regular file.
 */
#define _XOPEN_SOURCE 700   /* realpath() */
#include "cli/cli.h"
#include "cli/cli_batch.h"
#include "core/tk_text.h"
#include "tilekit/alphabet.h"
#include "tilekit/dawg.h"
#include "tilekit/datapath.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(void)
{
    printf("Usage: mkdawg [OPTION]... -o OUT.dawg WORDLIST|-\n"
           "       mkdawg [OPTION]... --install NAME WORDLIST|-\n"
           "       mkdawg --dump FILE...\n"
           "       mkdawg --info [--json] FILE...\n"
           "Build a minimal word graph (DAWG) from a word list, or inspect one.\n"
           "\n"
           "The word list is UTF-8, one word a line, in any order and case; duplicates\n"
           "are merged, blank lines ignored, CR LF and a byte order mark accepted.\n"
           "The alphabet is the language's (all its letters, used or not); without\n"
           "--lang or --alphabet, the first shipped one (en, is, hu) that holds every\n"
           "letter of the list, else the letters it uses.  A line with a character\n"
           "outside it (Aaron's, co-op, 4th) is reported with its line number and\n"
           "skipped, with a count at the end; when more than --max-skip percent of the\n"
           "words (and over 10 lines) are skipped, nothing is written (exit 1).  Words\n"
           "have at most %d letters.\n"
           "\n"
           "  -l, --lang=LANG           the alphabet of language LANG: en, is, hu\n"
           "  -a, --alphabet=NAME|FILE  letters and their order: a shipped name (en, is,\n"
           "                            hu, hu-scrabble) or a file\n"
           "      --infer-alphabet      the letters the list uses (in code point order;\n"
           "                            lines with ASCII other than letters are skipped)\n"
           "      --strict              a line outside the alphabet is an error, not skipped\n"
           "      --max-skip=PERCENT    the share of the words that may be skipped\n"
           "                            (default 1; 100 accepts any loss)\n"
           "  -o, --output=FILE         write the graph to FILE ('-' = standard output); only\n"
           "                            a regular file is ever replaced (atomically, with\n"
           "                            --force, keeping its mode; never an input)\n"
           "      --force               let -o and --install replace an existing file\n"
           "      --install=NAME        write the graph to the user's data directory as\n"
           "                            dict/NAME.dawg, the lexicon NAME of skrafl and boggle\n"
           "  -s, --stats               print the graph's figures after building\n"
           "  -d, --dump                print every word of each FILE, one a line, in\n"
           "                            the alphabet's order\n"
           "  -i, --info                print the alphabet, counts and sizes of each FILE\n"
           "  -j, --json                --info/--stats as one JSON object\n"
           "  -v, --verbose             say what is read and written, and how fast\n"
           "  -h, --help                show this help and exit\n"
           "  -V, --version             show the version and exit\n"
           "\n"
           "Figures (--stats, --info): 'states' and 'transitions' are those of the\n"
           "classic minimal automaton (final flags on states, root included); 'lists'\n"
           "and 'edges' are what the file stores (end-of-word flag on the edge, equal\n"
           "sibling lists shared), 4 bytes an edge.  --dump and --info also take a\n"
           "word list (built in memory first, with the alphabet chosen as above).\n"
           "A .dawg is checked against corruption (checksum) and against forgery\n"
           "(structure: every edge, exact word count, at most 64 letters deep).\n"
           "\n"
           "Exit status: 0 success, 1 bad data or I/O error (also: -o names a symlink,\n"
           "device or FIFO), 2 bad usage.\n"
           "Examples:\n"
           "  mkdawg --stats -o en.dawg data/words/en.txt\n"
           "  mkdawg --install CSW21 csw21.txt\n"
           "  mkdawg --dump en.dawg | grep -c '^qu'\n"
           "  mkdawg --info --json en.dawg\n",
           ALPHA_WORD_MAX);
}

static int verbose;

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static void note(const char *fmt, ...)
{
    if (!verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    cli_verror(NULL, 0, fmt, ap);   /* file names shown safely, as in every message */
    va_end(ap);
}

static void progress_cb(void *ctx, size_t done, size_t total)
{
    cli_progress *p = ctx;
    p->total = total;
    cli_progress_update(p, done > total ? total : done);
}

static const char *display_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

/* After the builder stopped at a bad word on line `after`, report the other
 * bad lines too (at most 20 more, then a count), so one run names them all.
 * With an inferred alphabet only invalid UTF-8 can be told apart here. */
static void more_bad_words(const char *name, const alpha_table *alpha, const char *text, size_t len,
                           long after)
{
    long shown = 0, more = 0;
    tku_lines it;
    const char *wd;
    size_t wn;
    tku_lines_init(&it, text, len, 0);
    while (tku_lines_next(&it, &wd, &wn)) {
        long line = it.lineno;
        if (line <= after)
            continue;
        wn = tku_line_trim(&wd, wn);
        if (wn == 0)
            continue;
        char msg[160] = "";
        const char *sep = ": ";
        if (alpha) {
            uint8_t w[ALPHA_WORD_MAX];
            tk_error we = {0};
            int n = alpha_encode(alpha, wd, wn, w, ALPHA_WORD_MAX, &we);
            if (n == TK_ELIMIT) {
                snprintf(msg, sizeof msg, "is longer than %d letters", ALPHA_WORD_MAX);
                sep = " ";
            } else if (n < 0) {
                snprintf(msg, sizeof msg, "%.150s", we.msg);
            }
        } else {
            size_t off = alpha_utf8_valid(wd, wn);
            if (off < wn)
                snprintf(msg, sizeof msg, "invalid UTF-8 at byte %zu", off + 1);
        }
        if (!msg[0])
            continue;
        if (shown++ >= 20) {
            more++;
            continue;
        }
        char q[96];
        alpha_quote(wd, wn, 60, q, sizeof q);
        cli_error(name, line, "word '%s'%s%s", q, sep, msg);
    }
    if (more)
        cli_error(name, 0, "%ld more bad lines not shown", more);
}

static int strict;             /* --strict: a bad line is an error */
static int auto_alphabet;      /* no --lang/--alphabet/--infer-alphabet: chosen from the list */
static double max_skip = 1.0;  /* --max-skip: percent of the words that may be skipped */
#define SKIP_FLOOR 10          /* ... and always this many lines */

/* Non-blank lines of the list (its words, duplicates counted); *junk: those
 * holding ASCII that is never a letter (' - digits, a space inside). */
static size_t count_words(const char *text, size_t len, size_t *junk)
{
    size_t n = 0;
    tku_lines it;
    const char *wd;
    size_t wn;
    *junk = 0;
    tku_lines_init(&it, text, len, 0);
    while (tku_lines_next(&it, &wd, &wn)) {
        wn = tku_line_trim(&wd, wn);
        if (!wn)
            continue;
        n++;
        for (size_t i = 0; i < wn; i++) {
            unsigned char c = (unsigned char)wd[i];
            if (c < 0x80 && !((c | 0x20) >= 'a' && (c | 0x20) <= 'z')) {
                (*junk)++;
                break;
            }
        }
    }
    return n;
}

/* --infer-alphabet: every character the list uses, except ASCII characters
 * that are not letters (' - digits punctuation), which never become letters:
 * the lines holding them are then skipped by the build. */
static int infer_alphabet(const char *text, size_t len, alpha_table *a, tk_error *err)
{
    int rc = alpha_infer_letters(a, text, len, err);
    if (rc == TK_OK && a->size == 0)
        rc = tk_error_set(err, TK_EFORMAT, 0, 0, "no words");
    return rc;
}

/* Build a graph from the word list at `path` ("-" = stdin); a .dawg file
 * there is loaded instead if `allow_dawg`, else refused.  `alpha` NULL:
 * infer it.  Prints errors. */
static dawg_graph *build_from_list(const char *path, const alpha_table *alpha, int allow_dawg)
{
    tk_error err = {0};
    size_t len = 0;
    double t0 = cli_now();
    char *text = cli_read_file(path, &len, &err);
    if (!text) {
        cli_error(display_name(path), 0, "%s", err.msg);
        return NULL;
    }
    note("read %s: %zu bytes in %.3f s", display_name(path), len, cli_now() - t0);
    if (dawg_is_dawg_file(text, len)) {
        dawg_graph *d = NULL;
        if (!allow_dawg)
            cli_error(display_name(path), 0, "this is a .dawg file, not a word list (see --dump, --info)");
        else if (dawg_load_memory(&d, text, len, &err) != TK_OK)
            cli_error_tk(display_name(path), &err);
        free(text);
        return d;
    }
    alpha_table inferred;
    const char *chosen = NULL;
    if (!alpha && auto_alphabet) {
        /* the first shipped alphabet that holds the whole list, else its own letters */
        if (cli_list_alphabet(text, len, NULL, &inferred, &chosen) != 0) {
            free(text);
            return NULL;
        }
        alpha = &inferred;
        if (strcmp(chosen, "en") != 0)
            cli_error(display_name(path), 0, "%s (no --lang or --alphabet given)",
                      strcmp(chosen, "inferred") == 0 ? "alphabet: the letters the list uses"
                      : strcmp(chosen, "is") == 0 ? "alphabet: is (Icelandic), the first shipped one that holds every letter of the list"
                      : "alphabet: hu (Hungarian), the first shipped one that holds every letter of the list");
    } else if (!alpha) {
        if (infer_alphabet(text, len, &inferred, &err) != TK_OK) {
            cli_error_tk(display_name(path), &err);
            free(text);
            return NULL;
        }
        alpha = &inferred;
    }
    cli_progress prog;
    memset(&prog, 0, sizeof prog);
    int big = len >= (1u << 20);
    if (big)
        cli_progress_start(&prog, "mkdawg: lines", 0);
    dawg_graph *d = NULL;
    t0 = cli_now();
    cli_skip_report rep = { display_name(path), 0, 20 };
    dawg_build_opts o;
    memset(&o, 0, sizeof o);
    o.strict = strict;
    o.skip = cli_report_skip;
    o.skip_ctx = &rep;
    o.progress = big ? progress_cb : NULL;
    o.progress_ctx = &prog;
    int rc = dawg_build_ex(&d, alpha, text, len, &o, &err);
    if (big)
        cli_progress_end(&prog);
    if (rep.shown > 20)
        cli_error(display_name(path), 0, "%ld more skipped lines not shown", rep.shown - 20);
    if (o.skipped)
        cli_error(display_name(path), 0, "%zu line%s skipped (characters outside the alphabet%s)", o.skipped,
                  o.skipped == 1 ? "" : "s", strict ? "" : "; --strict makes this an error");
    size_t junk = 0, words = rc == TK_OK && o.skipped > SKIP_FLOOR ? count_words(text, len, &junk) : 0;
    if (words && (double)o.skipped * 100.0 > max_skip * (double)words) {
        /* never a quiet success that lost a real share of the list */
        int ascii_only = junk >= o.skipped;
        cli_error(display_name(path), 0,
                  "%zu of %zu words (%.1f%%) skipped, more than --max-skip %g%%: nothing written", o.skipped,
                  words, 100.0 * (double)o.skipped / (double)words, max_skip);
        if (ascii_only)
            cli_error(NULL, 0, "they hold characters that are never letters (' - digits, spaces); "
                               "--max-skip 100 accepts the loss");
        else
            cli_error(NULL, 0, "--infer-alphabet (the letters the list uses), --lang LANG or --alphabet FILE "
                               "keeps them; --max-skip 100 accepts the loss");
        dawg_destroy(d);
        free(text);
        return NULL;
    }
    if (rc != TK_OK) {
        cli_error_tk(display_name(path), &err);
        if ((rc == TK_EFORMAT || rc == TK_ELIMIT) && err.line > 0)
            more_bad_words(display_name(path), alpha, text, len, err.line);
        if (strstr(err.msg, "invalid UTF-8"))
            cli_error(NULL, 0, "the word list must be UTF-8; if it is Latin-1, convert it first: "
                               "iconv -f LATIN1 -t UTF-8 < LIST > LIST.utf8");
        free(text);
        return NULL;
    }
    free(text);
    dawg_info info;
    dawg_get_info(d, &info);
    note("built %llu words into %u edges in %.3f s", (unsigned long long)info.words, info.edges,
         cli_now() - t0);
    return d;
}

/* Load a .dawg (opened once and mapped), or build a word list in memory. */
static dawg_graph *open_any(const char *path, const alpha_table *alpha)
{
    struct stat st;
    if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
        tk_error err = {0};
        dawg_graph *d = NULL;
        double t0 = cli_now();
        int rc = dawg_load(&d, path, &err);
        if (rc == TK_OK) {
            note("loaded %s (validated) in %.3f s", path, cli_now() - t0);
            return d;
        }
        if (rc != TK_ENOTDAWG) {
            cli_error_tk(path, &err);
            return NULL;
        }
        note("%s is not a .dawg file: reading it as a word list", path);
    }
    return build_from_list(path, alpha, 1);
}

/* -o OUT: refuse what must not be replaced, before any work (the rule of
 * cli_outfile.h: not an input, not a symlink or special file, an existing
 * file only with --force and never a read-only one).  Exits. */
static void check_output(const char *out, const char *list, const char *alpha_arg)
{
    if (!*out)
        cli_usage_error("-o needs a file name ('-' for standard output)");
    if (strcmp(out, "-") == 0)
        return;
    struct stat so, sl;
    if (strcmp(out, list) == 0 ||
        (strcmp(list, "-") != 0 && stat(out, &so) == 0 && stat(list, &sl) == 0 && so.st_dev == sl.st_dev &&
         so.st_ino == sl.st_ino))
        cli_usage_error("-o '%s' names the input word list: it would be overwritten", out);
    int there = lstat(out, &so) == 0;
    if (there && S_ISDIR(so.st_mode))
        cli_usage_error("-o '%s' is a directory: give a file name", out);
    cli_out_input(list);
    if (alpha_arg && (strchr(alpha_arg, '/') || access(alpha_arg, F_OK) == 0))
        cli_out_input(alpha_arg);             /* --alphabet FILE (a name is a shipped file) */
    tk_error e = {0};
    if (cli_out_check(out, &e) != 0) {
        cli_error(out, 0, "%s%s", e.msg, !there || S_ISREG(so.st_mode) ? "" : "; for standard output use '-o -'");
        exit(CLI_EXIT_DATA);
    }
}

/* --install NAME: USERDIR/dict/NAME.dawg, the directories created.  Exits on error. */
static const char *install_path(const char *name)
{
    static char path[4096 + 80];   /* dir + "/" + a name of at most 64 + ".dawg" */
    char dir[4096];
    tk_error err = {0};
    if (!tk_lexicon_name_ok(name))
        cli_usage_error("invalid lexicon name '%s' (1-64 of A-Z a-z 0-9 _ - ., not starting with '.')", name);
    if (tk_data_user_dir(dir, sizeof dir - 8, &err) != TK_OK) {
        cli_error(NULL, 0, "%s", err.msg);
        exit(CLI_EXIT_DATA);
    }
    strcat(dir, "/dict");
    for (char *p = dir + 1;; p++) {            /* mkdir -p */
        if (*p == '/' || *p == 0) {
            char c = *p;
            *p = 0;
            if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
                cli_error(dir, 0, "cannot create the directory: %s", strerror(errno));
                exit(CLI_EXIT_DATA);
            }
            *p = c;
            if (!c)
                break;
        }
    }
    snprintf(path, sizeof path, "%s/%s.dawg", dir, name);
    return path;
}

/* ---- --dump ------------------------------------------------------------------- */

typedef struct dump_ctx {
    const alpha_table *a;
    char buf[ALPHA_WORD_MAX * (ALPHA_LETTER_MAX + 1) + 2];
} dump_ctx;

static int dump_word(void *ctx, const uint8_t *letters, int n)
{
    dump_ctx *c = ctx;
    size_t len = alpha_decode(c->a, letters, n, 0, c->buf, sizeof c->buf - 1);
    c->buf[len] = '\n';
    if (fwrite(c->buf, 1, len + 1, stdout) != len + 1)
        return 1;
    return 0;
}

/* ---- --info / --stats ----------------------------------------------------------- */

static void print_figures(const dawg_graph *d, const char *file, int json)
{
    dawg_info in;
    dawg_get_info(d, &in);
    const alpha_table *a = dawg_alphabet(d);
    char spec[64 * (ALPHA_LETTER_MAX + 3) + 1];
    alpha_format(a, spec, sizeof spec);
    double per_edge = in.edges ? (double)in.bytes / in.edges : 0;
    if (json) {
        fputs("{", stdout);
        if (file) {
            fputs("\"file\":", stdout);
            cli_json_string(stdout, file);
            fputs(",", stdout);
        }
        printf("\"format_version\":%u,\"alphabet\":", in.format_version);
        cli_json_string(stdout, spec);
        printf(",\"letters\":%d,\"words\":%llu,\"longest\":%u,\"states\":%u,\"transitions\":%u,"
               "\"lists\":%u,\"edges\":%u,\"bytes\":%zu}\n",
               a->size, (unsigned long long)in.words, in.max_len, in.states, in.transitions, in.lists,
               in.edges, in.bytes);
        return;
    }
    if (file)
        printf("file         %s\n", file);
    printf("format       %u\n", in.format_version);
    printf("alphabet     %s\n", spec);
    printf("letters      %d\n", a->size);
    printf("words        %llu\n", (unsigned long long)in.words);
    printf("longest      %u\n", in.max_len);
    if (in.states)
        printf("states       %u\n", in.states);
    else
        printf("states       unknown\n");
    if (in.states)
        printf("transitions  %u\n", in.transitions);
    else
        printf("transitions  unknown\n");
    printf("lists        %u\n", in.lists);
    printf("edges        %u\n", in.edges);
    printf("bytes        %zu (%.2f per edge)\n", in.bytes, per_edge);
}

/* ---- the parts of main ------------------------------------------------------------ */

/* --alphabet NAME|FILE (or the --lang default); with -v, say which file. */
static int load_alphabet(const char *name, alpha_table *alpha)
{
    if (cli_load_alphabet(name, alpha) != 0)
        return -1;
    if (verbose) {
        char where[4096], rel[300];
        const char *path = name;
        snprintf(rel, sizeof rel, "alphabets/%s.txt", name);
        FILE *f = strchr(name, '/') ? NULL : fopen(name, "rb");
        if (f)
            fclose(f);
        else if (!strchr(name, '/') && cli_find_data(rel, where, sizeof where))
            path = where;
        char real[4096];
        note("alphabet %s: %d letters", realpath(path, real) ? real : path, alpha->size);
    }
    return 0;
}

/* --dump / --info: each file in turn; a bad one does not stop the rest. */
static int inspect(char **files, int n, const alpha_table *ap, int dump, int json)
{
    int rc = CLI_EXIT_OK, shown = 0;
    for (int k = 0; k < n; k++) {
        const char *path = files[k];
        dawg_graph *d = open_any(path, ap);
        if (!d) {
            rc = CLI_EXIT_DATA;
            continue;
        }
        if (dump) {
            dump_ctx *ctx = malloc(sizeof *ctx);
            if (ctx) {
                ctx->a = dawg_alphabet(d);
                dawg_foreach_word(d, dump_word, ctx);   /* write errors: cli_close_stdout */
                free(ctx);
            } else {
                cli_error(NULL, 0, "out of memory");
                rc = CLI_EXIT_DATA;
            }
        } else {
            if (shown++ && !json)
                putchar('\n');
            print_figures(d, display_name(path), json);
        }
        dawg_destroy(d);
    }
    int w = cli_close_stdout();
    return rc ? rc : w;
}

/* -o OUT ('-' = stdout) or the --install path.  Prints errors; 0 or -1. */
static int write_graph(const dawg_graph *d, const char *out, const char *install)
{
    tk_error err = {0};
    if (strcmp(out, "-") == 0) {
        void *buf;
        size_t len;
        if (dawg_serialize(d, &buf, &len, &err) != TK_OK) {
            cli_error(NULL, 0, "%s", err.msg);
            return -1;
        }
        fwrite(buf, 1, len, stdout);
        free(buf);
        note("wrote %zu bytes to standard output", len);
        return 0;
    }
    void *buf = NULL;
    size_t len = 0;
    if (dawg_serialize(d, &buf, &len, &err) != TK_OK ||
        cli_out_write_file(out, buf, len, &err) != 0) {    /* the output-file rule: cli_outfile.h */
        free(buf);
        cli_error(out, 0, "%s", err.msg);
        return -1;
    }
    free(buf);
    dawg_info in;
    dawg_get_info(d, &in);
    note("wrote %s: %zu bytes", out, in.bytes);
    if (install)
        cli_error(NULL, 0, "installed lexicon '%s' (%llu words) as %s; use it with --lexicon %s", install,
                  (unsigned long long)in.words, out, install);
    return 0;
}

/* ---- main ---------------------------------------------------------------------- */

typedef struct mk_opts {
    const char *alpha_arg, *out, *lang, *install;
    int stats, dump, info, infer, json;
} mk_opts;

/* The options into *o (and the globals verbose, strict, max_skip). */
static void parse_args(int argc, char **argv, mk_opts *o)
{
    static const struct option opts[] = {
        {"alphabet", required_argument, 0, 'a'},
        {"lang", required_argument, 0, 'l'},
        {"infer-alphabet", no_argument, 0, 'I'},
        {"strict", no_argument, 0, 'S'},
        {"max-skip", required_argument, 0, 'M'},
        {"install", required_argument, 0, 'N'},
        {"output", required_argument, 0, 'o'},
        {"stats", no_argument, 0, 's'},
        {"dump", no_argument, 0, 'd'},
        {"info", no_argument, 0, 'i'},
        CLI_FORCE_OPTION,
        CLI_BASIC_OPTIONS,
        {0, 0, 0, 0},
    };
    int c;
    cli_common co;   /* --json, --verbose, --help, --version */
    cli_common_init(&co, usage);
    opterr = 0;   /* our own messages, with our program name */
    while ((c = getopt_long(argc, argv, ":a:l:o:sdi" CLI_COMMON_SHORT, opts, NULL)) != -1) {
        switch (c) {
        case 'a': o->alpha_arg = optarg; break;
        case 'l': o->lang = optarg; break;
        case 'I': o->infer = 1; break;
        case 'S': strict = 1; break;
        case 'M': max_skip = (double)cli_parse_long("--max-skip", optarg, 0, 100); break;
        case 'N': o->install = optarg; break;
        case 'o': o->out = optarg; break;
        case 's': o->stats = 1; break;
        case 'd': o->dump = 1; break;
        case 'i': o->info = 1; break;
        default: cli_common_option(c, &co, argv);
        }
    }
    verbose = co.verbose;
    o->json = co.json;
}

/* Usage errors: one mode, one alphabet option, the files each mode needs. */
static void check_args(int argc, char **argv, const mk_opts *o)
{
    int modes = o->dump + o->info + (o->out != NULL) + (o->install != NULL);
    if (modes == 0)
        cli_usage_error("nothing to do: give -o OUT.dawg WORDLIST, --install NAME WORDLIST, --dump FILE "
                        "or --info FILE");
    if (modes > 1)
        cli_usage_error("-o, --install, --dump and --info are exclusive");
    if (!!o->alpha_arg + !!o->lang + o->infer > 1)
        cli_usage_error("--lang, --alphabet and --infer-alphabet are exclusive");
    if (o->lang && !tk_lexicon_name_ok(o->lang))
        cli_usage_error("invalid language '%s'", o->lang);
    if (o->install && optind == argc)
        cli_usage_error("--install NAME needs a word list (use '-' for standard input)");
    if (o->install && argc - optind > 1)
        cli_usage_error("one word list at a time (got '%s' and '%s')", argv[optind], argv[optind + 1]);
    if ((o->dump || o->info) && optind == argc)
        cli_usage_error("--%s needs a file (a .dawg, or a word list; '-' = standard input)",
                        o->dump ? "dump" : "info");
    if (o->out && optind == argc)
        cli_usage_error("missing word list (use '-' for standard input)");
    if (o->out && argc - optind > 1)
        cli_usage_error("one word list at a time (got '%s' and '%s')", argv[optind], argv[optind + 1]);
    if (o->stats && !o->out && !o->install)
        cli_usage_error("--stats goes with -o or --install (use --info for an existing graph)");
    if (o->stats && o->out && strcmp(o->out, "-") == 0)
        cli_usage_error("--stats cannot share standard output with the graph");
}

int main(int argc, char **argv)
{
    cli_init("mkdawg");
    mk_opts o = {0};
    parse_args(argc, argv, &o);
    check_args(argc, argv, &o);
    const char *out = o.out, *alpha_arg = o.alpha_arg;
    if (out)
        check_output(out, argv[optind], alpha_arg);
    if (o.install) {
        out = install_path(o.install);
        check_output(out, argv[optind], alpha_arg);
    }
    if (o.lang)
        alpha_arg = o.lang;
    auto_alphabet = !alpha_arg && !o.infer;

    alpha_table alpha;
    const alpha_table *ap = NULL;
    if (alpha_arg) {
        if (load_alphabet(alpha_arg, &alpha) != 0)
            return CLI_EXIT_DATA;
        ap = &alpha;
    }

    if (o.dump || o.info)
        return inspect(argv + optind, argc - optind, ap, o.dump, o.json);

    const char *list = argv[optind];
    dawg_graph *d = build_from_list(list, ap, 0);
    if (!d)
        return CLI_EXIT_DATA;
    if (verbose && !ap) {
        char spec[64 * (ALPHA_LETTER_MAX + 3) + 1];
        alpha_format(dawg_alphabet(d), spec, sizeof spec);
        note("inferred alphabet (%d letters): %s", dawg_alphabet(d)->size, spec);
    }
    if (write_graph(d, out, o.install) != 0) {
        dawg_destroy(d);
        return CLI_EXIT_DATA;
    }
    if (o.stats)
        print_figures(d, NULL, o.json);
    dawg_destroy(d);
    return cli_close_stdout();
}
