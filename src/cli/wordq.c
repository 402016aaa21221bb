/* wordq.c - word study on the dictionary (the `wordq` command): anagrams,
 * sub-anagrams, patterns, hooks and the word judge.
 *
 * Queries come from the command line (-a LETTERS, -b LETTERS, -p PATTERN,
 * -k WORD, -c WORD..., in any number and order) or, when there is none, from
 * standard input, one a line written the same way.  Either way they run
 * through the shared batch engine (cli_batch): one record per query,
 * answered by wordq_answer.c on the worker threads (--jobs), written in
 * input order.  The dictionary, its pruning figures (wq_dict) and the tile
 * counts for --sort probability are loaded once and shared read-only.
 */
#include "cli/wordq_int.h"
#include "tilekit/skrafl.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(void)
{
    const char *p = cli_prog();
    printf("Usage: %s [OPTION]... QUERY...\n"
           "       %s [OPTION]...            (one QUERY a line on standard input)\n"
           "Study the words of a dictionary: anagrams, words from a rack, patterns,\n"
           "hooks, and the word judge.  A QUERY is one of:\n"
           "\n"
           "  -a, --anagram LETTERS  words that use exactly these tiles; '?' is a blank\n"
           "                         (any one letter), '*' any number of extra letters,\n"
           "                         [AEIOU] one tile of a set (as in Zyzzyva)\n"
           "  -b, --build LETTERS    words made from some of these tiles ('?', sets allowed)\n"
           "  -p, --pattern PATTERN  '?' one letter, '*' any run of letters (also none),\n"
           "                         [AEIOU] one of a set, [^AEIOU] one letter not in it\n"
           "  -k, --hooks WORD       front and back hooks (frontWORDback), whether WORD is\n"
           "                         valid, then the hook words\n"
           "  -c, --check WORD...    the word judge: each word VALID or INVALID; several\n"
           "                         words are one play (\"play is VALID\")\n"
           "\n"
           "Letters are those of the dictionary's alphabet, in either case; a\n"
           "multi-letter tile may be written in brackets ([CS]: a bracket that spells one\n"
           "tile is that tile, said on stderr when it could be a set).  Answers are one word a\n"
           "line in upper case, letters that come from a blank or '*' in lower case;\n"
           "several queries' answers are separated by blank lines, in input order.\n"
           "\n"
           "Options:\n"
           "  -d, --dict FILE        dictionary: a .dawg file or a word list\n"
           "  -L, --lexicon NAME     the installed lexicon NAME (dict/NAME.dawg in the data path)\n"
           "  -l, --lang LANG        language of the default dictionary and tile set: en, is, hu\n"
           "      --min N            only words of at least N letters\n"
           "      --max N            only words of at most N letters\n"
           "      --limit N          at most N words per query (JSON: count is every match,\n"
           "                         shown the words listed)\n"
           "  -s, --sort ORDER       alpha (default), length (shortest first), or\n"
           "                         probability (most probable first: the number of ways\n"
           "                         to draw the word's tiles from a full bag, blanks\n"
           "                         counted as Zyzzyva does)\n"
           "      --count            only the number of words of each query\n"
           "      --judge            the word judge of adjudication programs: a play (the\n"
           "                         words of -c, of the command line, or of a line of\n"
           "                         standard input) is answered VALID or INVALID only\n"
           "  -j, --json             one JSON object per query: query, kind, count, words\n"
           "                         (line for standard input; hooks, valid, play, checked)\n"
           "      --jobs N           answer with N threads, output unchanged (0 = all CPUs)\n"
           "      --first-line N     number standard input's lines from N in messages (for\n"
           "                         one chunk of a batch split over several processes)\n"
           "      --line-buffered    answer each query as soon as it is read (as at a\n"
           "                         terminal), for a program that drives wordq through a pipe\n"
           "  -v, --verbose          say which dictionary was loaded (on standard error)\n"
           "  -h, --help             show this help and exit\n"
           "  -V, --version          show version information and exit\n"
           "\n"
           "Exit status: 0 if every query was answered (and every checked word is valid),\n"
           "1 if a query was bad (reported as 'FILE:LINE: ...', the others are still\n"
           "answered) or a checked word is not valid, 2 for bad usage.\n"
           "\n"
           "Examples:\n"
           "  %s -a AEINST?\n"
           "  %s --sort probability --limit 10 -b RETAINS\n"
           "  %s -p 'C?T*' -p '*[^AEIOU]Q*'\n"
           "  %s -k CARE -c QI ZA\n"
           "  %s --judge QI ZA\n"
           "  printf -- '-a SATIRE\\n-p QU??\\n' | %s --json\n",
           p, p, p, p, p, p, p, p);
}

enum { OPT_MIN = 256, OPT_MAX, OPT_LIMIT, OPT_COUNT, OPT_JUDGE };

/* Command-line queries, in order: a query option starts one, and the
 * non-option words after -c WORD join its play; after another kind they
 * are further queries of the same kind. */
typedef struct qlist {
    int n, cap;
    int *kinds;
    char ***args;
    int *nargs;
} qlist;

static void qlist_free(qlist *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->args[i]);
    free(l->args);
    free(l->kinds);
    free(l->nargs);
    memset(l, 0, sizeof *l);
}

static void qlist_add(qlist *l, int kind, char *arg, int join)
{
    if (join && l->n && l->kinds[l->n - 1] == WQ_CHECK && kind == WQ_CHECK) {
        int i = l->n - 1;
        char **a = realloc(l->args[i], (size_t)(l->nargs[i] + 1) * sizeof *a);
        if (!a)
            goto oom;
        a[l->nargs[i]++] = arg;
        l->args[i] = a;
        return;
    }
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->kinds = realloc(l->kinds, (size_t)l->cap * sizeof *l->kinds);
        l->args = realloc(l->args, (size_t)l->cap * sizeof *l->args);
        l->nargs = realloc(l->nargs, (size_t)l->cap * sizeof *l->nargs);
        if (!l->kinds || !l->args || !l->nargs)
            goto oom;
    }
    l->kinds[l->n] = kind;
    l->args[l->n] = malloc(sizeof(char *));
    if (!l->args[l->n])
        goto oom;
    l->args[l->n][0] = arg;
    l->nargs[l->n++] = 1;
    return;
oom:
    cli_error(NULL, 0, "out of memory");
    exit(CLI_EXIT_DATA);
}

/* Tile counts of the language's tile set for --sort probability. */
static int load_bag(const char *lang, const alpha_table *a, int bag[64])
{
    char rel[64], path[4096];
    snprintf(rel, sizeof rel, "tiles/%s.txt", lang);
    sk_tileset ts;
    tk_error err = {0};
    const char *p = cli_find_data(rel, path, sizeof path);
    if (p) {
        size_t len;
        char *text = cli_read_file(p, &len, &err);
        if (!text) {
            cli_error(p, 0, "%s", err.msg);
            return -1;
        }
        int rc = sk_tileset_parse(&ts, a, text, len, &err);
        free(text);
        if (rc) {
            cli_error(p, err.line, "tile set for --sort probability: %s", err.msg);
            return -1;
        }
    } else if (sk_tileset_builtin(&ts, a, lang, &err) != TK_OK) {
        cli_error(NULL, 0, "no tile set for language '%s' (looked for %s) to sort by probability", lang, rel);
        return -1;
    }
    memcpy(bag, ts.count, sizeof ts.count);
    return 0;
}

/* --sort WORD */
static int parse_sort(const char *arg)
{
    if (strcmp(arg, "alpha") == 0 || strcmp(arg, "alphabetical") == 0)
        return WQ_SORT_ALPHA;
    if (strcmp(arg, "length") == 0)
        return WQ_SORT_LENGTH;
    if (strcmp(arg, "probability") == 0)
        return WQ_SORT_PROB;
    cli_usage_error("unknown --sort '%s' (alpha, length or probability)", arg);
    return WQ_SORT_ALPHA;   /* not reached */
}

/* The alphabet, and whether every letter is one byte in both cases (the
 * answers are then written byte by byte). */
static void set_letters(wordq_opts *o, const alpha_table *a)
{
    o->alpha = a;
    o->single = 1;
    for (int l = 1; l <= a->size && l < 64; l++) {
        if (a->len[l] != 1 || a->ulen[l] != 1 || a->ncp[l] != 1)
            o->single = 0;
        o->up1[l] = a->upper[l][0];
        o->lo1[l] = a->lower[l][0];
    }
}

/* The options into *o (queries into *ql, dictionary options into *dopt,
 * the common ones into *co); usage errors exit. */
static void parse_args(int argc, char **argv, wordq_opts *o, cli_dict_opts *dopt, qlist *ql, cli_common *co)
{
    static const struct option longopts[] = {
        {"anagram", required_argument, NULL, 'a'},
        {"build", required_argument, NULL, 'b'},
        {"pattern", required_argument, NULL, 'p'},
        {"hooks", required_argument, NULL, 'k'},
        {"check", required_argument, NULL, 'c'},
        CLI_DICT_OPTIONS,
        {"min", required_argument, NULL, OPT_MIN},
        {"max", required_argument, NULL, OPT_MAX},
        {"limit", required_argument, NULL, OPT_LIMIT},
        {"sort", required_argument, NULL, 's'},
        {"count", no_argument, NULL, OPT_COUNT},
        {"judge", no_argument, NULL, OPT_JUDGE},
        CLI_COMMON_OPTIONS,
        {NULL, 0, NULL, 0}
    };
    int c, last_kind = 0;
    /* --judge: words given without -c are a play to judge (wherever --judge is) */
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        if (strcmp(argv[i], "--judge") == 0)
            o->judge = 1, last_kind = WQ_CHECK;
    while ((c = getopt_long(argc, argv, "-:a:b:p:k:c:" CLI_DICT_SHORT "s:" CLI_COMMON_SHORT, longopts, NULL)) != -1) {
        if (cli_dict_option(c, dopt, optarg))
            continue;
        switch (c) {
        case 'a': qlist_add(ql, last_kind = WQ_ANAGRAM, optarg, 0); break;
        case 'b': qlist_add(ql, last_kind = WQ_BUILD, optarg, 0); break;
        case 'p': qlist_add(ql, last_kind = WQ_PATTERN, optarg, 0); break;
        case 'k': qlist_add(ql, last_kind = WQ_HOOKS, optarg, 0); break;
        case 'c': qlist_add(ql, last_kind = WQ_CHECK, optarg, 0); break;
        case 1:
            if (!last_kind)
                cli_usage_error("'%s': a query starts with -a, -b, -p, -k or -c (or give --judge to judge "
                                "words)", optarg);
            qlist_add(ql, last_kind, optarg, 1);
            break;
        case OPT_MIN: o->min = (int)cli_parse_long("--min", optarg, 1, ALPHA_WORD_MAX); break;
        case OPT_MAX: o->max = (int)cli_parse_long("--max", optarg, 1, ALPHA_WORD_MAX); break;
        case OPT_LIMIT: o->limit = cli_parse_long("--limit", optarg, 1, 1000000000L); break;
        case 's': o->sort = parse_sort(optarg); break;
        case OPT_COUNT: o->count = 1; break;
        case OPT_JUDGE: o->judge = 1; break;
        default: cli_common_option(c, co, argv);
        }
    }
    cli_dict_check(dopt);
    o->json = co->json;
    if (o->min > o->max)
        cli_usage_error("--min %d is more than --max %d", o->min, o->max);
}

/* The queries of the command line, else one a line of standard input,
 * answered on the --jobs threads in input order.  The batch's status. */
static int run_batch(wordq_opts *o, const cli_common *co)
{
    cli_batch b;
    memset(&b, 0, sizeof b);
    b.jobs = co->jobs;
    b.first_line = co->first_line;
    b.user = o;
    b.init = wordq_state_new;
    b.fini = wordq_state_free;
    if (o->nq) {
        b.kind = CLI_BATCH_COUNT;
        b.count = o->nq;
        b.solve = wordq_solve_arg;
    } else {
        b.kind = CLI_BATCH_LINES;
        b.flags = CLI_BATCH_SKIP_BLANK;
        b.solve = wordq_solve_line;
        b.progress = "wordq: queries";
    }
    return cli_batch_run(&b);
}

int main(int argc, char **argv)
{
    wordq_opts o;
    memset(&o, 0, sizeof o);
    o.min = 1;
    o.max = ALPHA_WORD_MAX;
    cli_dict_opts dopt = {0};
    const char *used = NULL;
    qlist ql = {0};
    cli_common co;       /* --json, --jobs, --first-line, --verbose, --help, --version */
    cli_init("wordq");
    cli_common_init(&co, usage);
    parse_args(argc, argv, &o, &dopt, &ql, &co);

    dawg_graph *d = cli_load_dictionary(dopt.dict, dopt.lexicon, dopt.lang, &used);
    if (!d) {
        qlist_free(&ql);
        return CLI_EXIT_DATA;
    }
    set_letters(&o, dawg_alphabet(d));
    if (co.verbose) {
        dawg_info info;
        dawg_get_info(d, &info);
        cli_error(NULL, 0, "dictionary %s: %llu words, %d letters", used, (unsigned long long)info.words,
                  o.alpha->size);
    }
    if (o.sort == WQ_SORT_PROB && load_bag(dopt.lang ? dopt.lang : "en", o.alpha, o.bag) != 0) {
        dawg_destroy(d);
        qlist_free(&ql);
        return CLI_EXIT_DATA;
    }
    wq_dict *x;
    tk_error err = {0};
    if (wq_dict_create(&x, d, &err) != TK_OK) {
        cli_error(NULL, 0, "%s", err.msg);
        dawg_destroy(d);
        qlist_free(&ql);
        return CLI_EXIT_DATA;
    }
    o.dict = x;
    o.nq = ql.n;
    o.kinds = ql.kinds;
    o.args = ql.args;
    o.nargs = ql.nargs;
    int status = run_batch(&o, &co);

    wq_dict_destroy(x);
    dawg_destroy(d);
    qlist_free(&ql);
    if (cli_close_stdout() != 0)
        status = CLI_EXIT_DATA;
    return status < 0 ? CLI_EXIT_DATA : status;
}
