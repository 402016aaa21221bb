/* skrafl.c - command-line front-end: every legal Scrabble move, scored.
 *
 * Loads the dictionary, tile set and layout once into an sk_engine
 * (skrafl_load.c), then solves one board file, one CGP line given as the
 * argument, or a batch of CGP lines (skrafl_batch.c, on the batch engine);
 * one position is solved and printed by skrafl_solve.c, and --show/--svg
 * pictures are drawn by skrafl_draw.c.
 */
#include "cli/skrafl_cli.h"
#include "cli/skrafl_endgame.h"
#include "cli/skrafl_gcg.h"
#include "cli/skrafl_play.h"
#include "cli/skrafl_sim.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(void)
{
    printf("Usage: skrafl [OPTION]... [BOARD | CGP | -]\n"
           "List every legal Scrabble move for a rack on a board, scored, best first.\n"
           "\n"
           "BOARD is a board file (15 lines of 15 cells: '.' empty, upper case a tile,\n"
           "lower case a blank; '#' comment lines), '-' or nothing for standard input.\n"
           "A file of CGP lines (or one CGP line given as the argument) is solved line by\n"
           "line; the output is grouped per position, in input order.\n"
           "\n"
           "  -r, --rack=RACK        the player's tiles, up to 7, '?' = blank (CGP: its rack)\n"
           "  -d, --dict=FILE        dictionary: a .dawg file or a word list (built in memory)\n"
           "  -L, --lexicon=NAME     the installed dictionary NAME (dict/NAME.dawg in the data\n"
           "                         path, installed by mkdawg); CGP: 'lex NAME;'\n"
           "  -l, --lang=LANG        en or is: tile set, alphabet, default dictionary (en)\n"
           "      --layout=NAME      standard, explo, or a layout file (default standard)\n"
           "      --tiles=FILE       tile set file (default: the language's)\n"
           "  -n, --top=N            only the best N moves\n"
           "  -c, --count            print only the number of moves\n"
           "  -j, --json             one JSON object a line, with its input (file, line\n"
           "                         and CGP text of a batch position, rack)\n"
           "  -w, --words            show every word a move forms (main word first)\n"
           "      --all-openings     on an empty board also list the down openings\n"
           "      --cgp              the input is CGP, one position a line\n"
           "      --jobs=N           threads for a batch (default 0 = all CPUs; the output\n"
           "                         is the same)\n"
           "      --first-line=N     number a batch's lines from N (for one chunk of a\n"
           "                         batch split over several processes or machines)\n"
           "      --line-buffered    answer each CGP line as soon as it is read (as at a\n"
           "                         terminal), for a program that drives skrafl via a pipe\n"
           "      --check COORD WORD score the play WORD at COORD (8H across, H8 down) and\n"
           "                         rank it among all moves, or say why it is illegal;\n"
           "                         board tiles in WORD in parentheses, blanks lower case\n"
           "      --show             draw the board with the best move (or the --check play)\n"
           "                         and the premium squares; colour on a terminal unless\n"
           "                         NO_COLOR is set\n"
           "      --svg=FILE         write the board with that move as an SVG picture\n"
           "      --force            let --svg and --gcg DIR replace existing files (never an\n"
           "                         input, a symbolic link or a special file)\n"
           "                         (for a CGP file: its first position)\n"
           "  -v, --verbose          dictionary, layout and timing on standard error\n"
           "  -h, --help             this help\n"
           "  -V, --version          version and licence\n"
           "\n");
    skp_usage();
    printf("\n");
    sks_usage();
    printf("\n");
    ske_usage();
    printf("\n");
    skg_usage();
    printf("\n"
           "Output: COORD  WORD  SCORE  leave:LEAVE, e.g. '8D  FA(R)MED  34  leave:AEI':\n"
           "tiles already on the board in parentheses, blanks in lower case.\n"
           "Exit status: 0 success, 1 bad data (board, rack, dictionary, illegal play),\n"
           "2 bad usage.\n"
           "\n"
           "Examples:\n"
           "  skrafl -n 3 '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEINRST/ 0/0 0;'\n"
           "  skrafl -r 'AEIRST?' -n 5 --show --svg best.svg data/boards/sample.txt\n"
           "  skrafl --jobs 2 --json positions.cgp\n");
}

/* ---- options ------------------------------------------------------------------------------- */

/* --check COORD WORD, or --check 'COORD WORD' */
static void check_option(skc_opts *o, int argc, char **argv)
{
    const char *sp = strchr(optarg, ' ');
    if (sp) {
        optarg[sp - optarg] = 0;  /* split "8H WORD" in place: nothing to free */
        o->check_coord = optarg;
        o->check_word = sp + 1;
    } else {
        if (optind >= argc)
            cli_usage_error("--check needs a coordinate and a word: --check 8H WORD");
        o->check_coord = optarg;
        o->check_word = argv[optind++];
    }
}

static void check_usage(const skc_opts *o, int nargs)
{
    if (nargs > 1 && !skg_wanted())
        cli_usage_error("one board (or CGP file) at a time; got %d arguments", nargs);
    if (o->count && o->check_coord)
        cli_usage_error("--count and --check do not go together");
    if (o->show && (o->json || o->count))
        cli_usage_error("--show draws a board: not with --%s", o->json ? "json" : "count");
    if (o->svg && o->count)
        cli_usage_error("--svg draws the best move: not with --count");
    if (o->svg && !*o->svg)
        cli_usage_error("--svg needs a file name");
    if (o->dict && o->lexicon)
        cli_usage_error("--dict and --lexicon do not go together");
}

static void parse_options(int argc, char **argv, skc_opts *o)
{
    enum { O_LAYOUT = 256, O_TILES, O_ALLOPEN, O_CGP, O_CHECK, O_SHOW, O_SVG };
    static const struct option lo[] = {
        { "rack", required_argument, 0, 'r' },       { "dict", required_argument, 0, 'd' },
        { "lexicon", required_argument, 0, 'L' },
        { "lang", required_argument, 0, 'l' },       { "layout", required_argument, 0, O_LAYOUT },
        { "tiles", required_argument, 0, O_TILES },  { "top", required_argument, 0, 'n' },
        { "count", no_argument, 0, 'c' },            { "words", no_argument, 0, 'w' },
        { "all-openings", no_argument, 0, O_ALLOPEN }, { "cgp", no_argument, 0, O_CGP },
        { "check", required_argument, 0, O_CHECK },  { "show", no_argument, 0, O_SHOW },
        { "svg", required_argument, 0, O_SVG },      CLI_FORCE_OPTION,
        CLI_COMMON_OPTIONS,
        SKP_LONG_OPTIONS
        SKS_LONG_OPTIONS
        SKE_LONG_OPTIONS
        SKG_LONG_OPTIONS
        { 0, 0, 0, 0 }
    };
    int ch;
    cli_common co;
    cli_common_init(&co, usage);
    /* --seconds and --plies serve the simulation and the endgame solver: kept until
     * the options say which of them (or, in self-play, which players) use them. */
    const char *seconds = NULL, *plies = NULL, *players = NULL;
    while ((ch = getopt_long(argc, argv, ":r:d:L:l:n:cw" CLI_COMMON_SHORT, lo, NULL)) != -1) {
        if (ch >= SKP_O_BASE && ch < SKP_O_END) {
            skp_option(ch, optarg);
            sks_note(ch, optarg);
            if (ch == SKP_O_PLAYERS)
                players = optarg;
            continue;
        }
        if (ch == SKS_O_SECONDS || ch == SKS_O_PLIES) {
            *(ch == SKS_O_SECONDS ? &seconds : &plies) = optarg;
            continue;
        }
        if (ch >= SKS_O_BASE && ch < SKS_O_END) {
            sks_option(ch, optarg);
            continue;
        }
        if (ch >= SKE_O_BASE && ch < SKE_O_END) {
            ske_option(ch, optarg);
            continue;
        }
        if (ch >= SKG_O_BASE && ch < SKG_O_END) {
            skg_option(ch, optarg);
            continue;
        }
        switch (ch) {
        case 'r': o->rack = optarg; break;
        case 'd': o->dict = optarg; break;
        case 'L': o->lexicon = optarg; break;
        case 'l':
            if (strcmp(optarg, "en") && strcmp(optarg, "is")) {
                char q[64];
                cli_usage_error("unknown language '%s' (en or is)", alpha_quote(optarg, strlen(optarg), 40, q, sizeof q));
            }
            o->lang = optarg;
            o->lang_set = 1;
            break;
        case O_LAYOUT: o->layout = optarg; break;
        case O_TILES: o->tiles = optarg; break;
        case 'n': o->top = cli_parse_long("--top", optarg, 1, 100000000); break;
        case 'c': o->count = 1; break;
        case 'w': o->words = 1; break;
        case O_ALLOPEN: o->all_openings = 1; break;
        case O_CGP: o->cgp = 1; break;
        case O_CHECK: check_option(o, argc, argv); break;
        case O_SHOW: o->show = 1; break;
        case O_SVG: o->svg = optarg; break;
        default: cli_common_option(ch, &co, argv);
        }
    }
    int to_endgame = ske_active() || (players && strstr(players, "endgame"));
    int to_sim = sks_active() || (players && strstr(players, "sim")) || !to_endgame;
    if (to_endgame && seconds)
        ske_option(SKE_O_SECONDS, seconds);
    /* a game review with both: --plies is the simulation's (the solver's bound is --seconds) */
    int review_both = skg_wanted() && sks_active() && ske_active();
    if (to_endgame && plies && !review_both)
        ske_option(SKE_O_PLIES, plies);
    if (to_sim && seconds)
        sks_option(SKS_O_SECONDS, seconds);
    if (to_sim && plies)
        sks_option(SKS_O_PLIES, plies);
    o->json = co.json;
    o->jobs = co.jobs;
    o->verbose = co.verbose;
    o->first_line = co.first_line;
    check_usage(o, argc - optind);
    skg_check();
    if (sks_setup(o))
        exit(CLI_EXIT_DATA);
    skc_tty_options(o, argc - optind);
    /* Colour only for a terminal, and never when NO_COLOR is set (no-color.org). */
    o->show_color = o->show && getenv("NO_COLOR") == NULL && isatty(STDOUT_FILENO);
}

/* ---- inputs ------------------------------------------------------------------------------------ */

/* Write one position's messages, then its output (as a batch record would be). */
static int flush_position(cli_buf *out, cli_buf *err, int status)
{
    fflush(stdout);
    if (err->len)
        fwrite(err->p, 1, err->len, stderr);
    if (out->len)
        fwrite(out->p, 1, out->len, stdout);
    if (out->oom || err->oom) {
        cli_error(NULL, 0, "out of memory");
        status = CLI_EXIT_DATA;
    }
    cli_buf_free(out);
    cli_buf_free(err);
    return status;
}

/* One position: a CGP text (cgp != NULL) or a board (b). */
static int solve_one(const skc_ctx *c, const skc_pos *p, const sk_board *b)
{
    sk_gen *g = NULL;
    sk_movelist list = {0};
    cli_buf out = {0}, err = {0};
    int status;
    if (sk_gen_create(&g, c->e, NULL)) {
        cli_error(NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    if (ske_active()) {   /* --endgame / --preendgame: skrafl_endgame.c */
        void *eg = NULL;
        status = ske_solve(c, &eg, ske_threads(c->o->jobs), p, b, &out, &err);
        ske_free(eg);
    } else if (p->cgp)
        status = skc_solve_cgp(c, g, &list, &out, &err, p);
    else
        status = skc_solve(c, g, &list, &out, &err, b, &c->rack, p);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    return flush_position(&out, &err, status);
}

/* A board file from its first line on (already read, given back to rd):
 * each row parsed as it arrives, with its own line number. */
static int run_board(const skc_ctx *c, cli_reader *rd, const char *input)
{
    sk_board b;
    tk_error err = {0};
    char *s;
    size_t sl;
    int rc = 0, k;
    sk_board_begin(&b, c->e);
    while (!rc && (k = cli_reader_next(rd, &s, &sl)) > 0) {
        if (rd->too_long) {
            cli_error(input, rd->lineno, "line longer than %s bytes", CLI_LINE_MAX_TEXT);
            return CLI_EXIT_DATA;
        }
        rc = sk_board_add_row(&b, c->e, s, sl, rd->lineno, &err);
    }
    if (!rc && k < 0) {
        cli_error(input, rd->lineno + 1, "read error: %s", strerror(rd->err));
        return CLI_EXIT_DATA;
    }
    if (!rc)
        rc = sk_board_finish(&b, rd->lineno, &err);
    if (rc) {
        cli_error(input, err.line, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    skc_pos p = { input, 0, NULL, 0 };
    return solve_one(c, &p, &b);
}

static int is_blank_line(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t')
            return s[i] == '#';
    return 1;
}

/* Does regular file `input` hold one position (one line that is not blank
 * or a comment)?  0 for standard input, a pipe, or a read problem (the batch
 * reports those). */
static int one_position(const char *input)
{
    struct stat st;
    cli_reader rd;
    tk_error err = {0};
    if (strcmp(input, "-") == 0 || stat(input, &st) != 0 || !S_ISREG(st.st_mode) ||
        cli_reader_open(&rd, input, &err))
        return 0;
    char *s;
    size_t sl;
    int k = 0, n = 0;
    while (n < 2 && (k = cli_reader_next(&rd, &s, &sl)) > 0 && !rd.too_long)
        n += !is_blank_line(s, sl);
    int ok = k == 0 && n == 1;
    cli_reader_close(&rd);
    return ok;
}

/* A file (or stdin): a board, or CGP lines (--cgp, or the first line says so). */
static int run_file(skc_ctx *c, const char *input)
{
    cli_reader rd;
    tk_error err = {0};
    if (cli_reader_open(&rd, input, &err)) {
        cli_error(input, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    char *s = NULL;
    size_t sl = 0;
    int k, status = CLI_EXIT_OK;
    while ((k = cli_reader_next(&rd, &s, &sl)) > 0 && !rd.too_long && is_blank_line(s, sl))
        ;
    if (k < 0) {
        cli_error(input, rd.lineno + 1, "read error: %s", strerror(rd.err));
        status = CLI_EXIT_DATA;
    } else if (k > 0 && rd.too_long && !c->o->cgp) {
        cli_error(input, rd.lineno, "line longer than %s bytes", CLI_LINE_MAX_TEXT);
        status = CLI_EXIT_DATA;
    } else if (k > 0 && (c->o->cgp || sk_looks_like_cgp(s, sl))) {
        c->svg_line = rd.lineno + (c->o->first_line - 1);
        cli_reader_unread(&rd);
        status = skc_run_batch(c, &rd, ske_active() && one_position(input));
    } else if (!c->o->cgp) {
        if (!c->have_rack) {
            cli_reader_close(&rd);
            skc_unload(c);
            cli_usage_error("no rack: give --rack RACK (a board file holds no rack)");
        }
        if (k > 0)
            cli_reader_unread(&rd);
        status = run_board(c, &rd, input);
    }
    cli_reader_close(&rd);
    return status;
}

int main(int argc, char **argv)
{
    cli_init("skrafl");
    skc_opts o = { .lang = "en", .layout = "standard" };
    parse_options(argc, argv, &o);
    const char *input = optind < argc ? argv[optind] : "-";
    skc_ctx c;
    int status = skc_load(&c, &o);
    double t1 = cli_now();
    if (status == 0 && (status = skp_setup(c.e, o.lang)) == 0 && skg_wanted())
        status = skg_run(&c, argv + optind, argc - optind);
    else if (status == 0 && skp_takes_over())
        status = skp_run(c.e, o.lang, c.dict_used, o.json, o.jobs, o.verbose, o.all_openings);
    else if (status == 0) {
        /* Input: a file, or one whole CGP line as the argument */
        if (cli_arg_inline(input, sk_looks_like_cgp_line(c.e, input, strlen(input)))) {
            skc_pos p = { "<argument>", 1, input, strlen(input) };
            c.svg_line = 1;
            status = solve_one(&c, &p, NULL);
        } else {
            skc_tty_hint(&o, input);
            status = run_file(&c, input);
        }
        if (o.verbose)
            cli_error(NULL, 0, "solved in %.3f s", cli_now() - t1);
    }
    skp_cleanup();
    skc_unload(&c);
    int w = cli_close_stdout();
    return status ? status : w;
}
