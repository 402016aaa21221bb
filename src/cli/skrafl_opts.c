/* skrafl_opts.c - skrafl's options: every one parsed into one skc_opts,
 * the usage checks of the combinations, and --help.
 *
 * --seconds and --plies serve the simulation and the endgame solver: they
 * are kept until every option is read, then given to whichever the command
 * line uses (in self-play, to the players that use them; a review with both
 * --sim and --endgame gives --plies to the simulation, the solver's bound
 * being --seconds).  Values are checked as they are read (a bad one is a
 * usage error, exit 2).
 */
#include "cli/skrafl_cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    O_LAYOUT = 256, O_TILES, O_ALLOPEN, O_CGP, O_CHECK, O_SHOW, O_SVG,
    O_LEAVES, O_SORT, O_UNSEEN, O_SELFPLAY, O_SEED, O_PLAYERS, O_GCG, O_EXCHANGES, O_PAIRS,
    O_SIM, O_PLIES, O_CANDIDATES, O_ITERATIONS, O_SECONDS, O_CONFIDENCE, O_EXACT, O_WINTAB,
    O_ENDGAME, O_PREENDGAME, O_OPPRACK, O_TTMB, O_ALLBEST, O_TURN, O_CGPAT, O_HTML, O_BEST, O_ONLY
};

int skc_review_wanted(const skc_opts *o) { return o->play.gcg != NULL && o->play.selfplay == 0; }

/* ---- --help ------------------------------------------------------------------------------------ */

static void usage_play(void)
{
    printf("Playing the game:\n"
           "      --leaves=FILE      leave table (CSV 'leave,value', tilekit's .tkl, or the .klv /\n"
           "                         .klv2 files of wolges and MAGPIE; 'en'/'is' or 'default' for\n"
           "                         the shipped table of the language); moves are then ranked by\n"
           "                         equity = score + leave value, with exchanges and the pass\n"
           "      --sort=KEY         score or equity (default: equity when leaves are loaded)\n"
           "      --exchanges        also list exchanges (bag >= 7) and the pass when sorting by score\n"
           "      --unseen           print the unseen tiles and the bag count first\n"
           "      --selfplay=N       play N complete games, one JSON line a game\n"
           "      --seed=S           seed of the self-play games (default 1)\n"
           "      --pairs            play the games in pairs: games 2k-1 and 2k draw the same\n"
           "                         tiles in the same order, each player starting one of them\n"
           "                         (duplicate); --verbose then also rates the pairs\n"
           "      --players=A,B      the two players: score, equity (the --leaves or shipped table),\n"
           "                         equity:TABLE (its own table), sim or endgame (default\n"
           "                         equity,score); sim simulates each turn (--candidates, --plies,\n"
           "                         --iterations or --seconds: its budget a turn, default 10\n"
           "                         candidates, 2 plies, 50 iterations); endgame plays equity,\n"
           "                         then the exact endgame solver once the bag is empty\n"
           "                         (--seconds per solve, default 1); best[:SECONDS] chooses\n"
           "                         as --best does, on a clock of SECONDS a game (default %g)\n"
           "      --gcg=FILE|DIR     annotate the GCG game FILE move by move; with --selfplay,\n"
           "                         write every game as DIR/game-N.gcg (DIR is created)\n",
           SKC_BEST_GAME_SECONDS);
}

static void usage_sim(void)
{
    printf("Simulating (Monte Carlo look-ahead):\n"
           "      --sim              simulate the best candidate plays: draw the opponent's rack\n"
           "                         from the unseen tiles, play a few plies ahead with the\n"
           "                         static equity player, average; the table gives play, score,\n"
           "                         leave, static equity, simulated value +- standard error,\n"
           "                         win %% and iterations, best first\n"
           "      --plies=P          plies simulated after the candidate (default 2)\n"
           "      --candidates=K     the K best plays by static equity (default %d)\n"
           "      --iterations=N     stop after N iterations (default 1000 when no --seconds)\n"
           "      --seconds=S        stop after S seconds (not reproducible)\n"
           "      --confidence=C     drop candidates behind the leader at confidence C (0.99 or\n"
           "                         99), stop when one is left\n"
           "      --exact            every distinct arrangement of the unseen tiles once (tiny bags)\n"
           "      --wintab=FILE      win-percentage table (CSV 'unseen,scale'; default: the shipped\n"
           "                         wintab/LANG.csv when found; none: win %% by the spread's sign)\n"
           "                         --seed S and --jobs N apply; the result does not depend on --jobs\n",
           SK_SIM_DEFAULT_K);
}

static void usage_endgame(void)
{
    printf("Endgames (the bag empty, both racks known; GUIDE 9.1 rules):\n"
           "      --endgame          solve exactly: value (final spread change for the player\n"
           "                         to move), first play, the whole sequence; CGP racks\n"
           "                         'RACK/OPPRACK', or a board file with --rack and --opp-rack\n"
           "      --opp-rack=RACK    the opponent's tiles\n"
           "      --preendgame       1-4 tiles in the bag: rank every legal play by win\n"
           "                         probability over every draw, then expected spread: greedy\n"
           "                         playouts for all, then deeper searches for the best ones,\n"
           "                         the last ones to the end (--top N prints the best N)\n"
           "      --only=PLAYS       --preendgame: value only these plays, e.g. '8G S(CAT),pass'\n"
           "                         (coordinate and word as --check takes them, comma-separated)\n"
           "      --best             the best play at any stage within --seconds (default %g):\n"
           "                         the exact endgame with the bag empty, the pre-endgame with\n"
           "                         1-4 tiles in the bag, simulation with more, static equity\n"
           "                         when the clock is too short\n"
           "      --seconds=S        answer within about S seconds per position (best so far;\n"
           "                         the pre-endgame: its last finished stage)\n"
           "      --plies=N          search at most N plies deep\n"
           "      --tt-mb=N          transposition table size in MB (default %d)\n"
           "      --all-best         list every first play that achieves the value\n"
           "  (one position alone is searched on --jobs threads, default all CPUs up to %d,\n"
           "  with the same value; a batch of several is solved one position a thread)\n",
           SKC_BEST_SECONDS, SK_EG_TT_MB_DEFAULT, SKC_EG_THREADS_MAX);
}

static void usage_gcg(void)
{
    printf("Reviewing games (--gcg FILE|DIR, then more files and directories as arguments):\n"
           "      --turn=N           only turn N of each game; with --show/--svg the position\n"
           "                         before it with the play and the best alternative\n"
           "      --cgp-at=N         print the position before turn N as a CGP line\n"
           "  -n, --top=K            list the K best plays at each turn\n"
           "      --sim              also judge each turn made with tiles in the bag by\n"
           "                         simulation (--plies, --candidates, --iterations, --seconds,\n"
           "                         --confidence, --seed, --wintab as for --sim): the K best\n"
           "                         plays by static equity and the play made, its simulated\n"
           "                         value against the best one's\n"
           "      --endgame          also judge each turn made with the bag empty by the exact\n"
           "                         endgame solver (the opponent's rack: the unseen tiles):\n"
           "                         points lost against the best sequence; --seconds S and\n"
           "                         --plies N bound each solve (then possibly 'not proven'),\n"
           "                         --tt-mb sizes its table\n"
           "      --html=OUT         also write each game as one HTML page (boards, tiles, the\n"
           "                         best plays, a chart of the losses): OUT a file, or for\n"
           "                         several games a directory with index.html\n");
}

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
    usage_play();
    printf("\n");
    usage_sim();
    printf("\n");
    usage_endgame();
    printf("\n");
    usage_gcg();
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

/* ---- reading the options ------------------------------------------------------------------------------ */

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

/* --leaves ... --gcg (playing the game) */
static int play_option(skc_play_opts *p, int ch, const char *arg)
{
    switch (ch) {
    case O_LEAVES: p->leaves = arg; break;
    case O_SORT:
        if (strcmp(arg, "score") == 0)
            p->sort = 1;
        else if (strcmp(arg, "equity") == 0)
            p->sort = 2;
        else
            cli_usage_error("unknown --sort '%s' (score or equity)", arg);
        break;
    case O_UNSEEN: p->unseen = 1; break;
    case O_EXCHANGES: p->exchanges = 1; break;
    case O_PAIRS: p->pairs = 1; break;
    case O_SELFPLAY: {
        unsigned long long n = cli_parse_u64("--selfplay", arg, 0, UINT64_MAX);
        if (n < 1 || n > 100000000)
            cli_usage_error("invalid --selfplay '%s' (1..100000000 games)", arg);
        p->selfplay = (long)n;
        break;
    }
    case O_SEED: p->seed = cli_parse_u64("--seed", arg, 0, UINT64_MAX); p->have_seed = 1; break;
    case O_PLAYERS: p->players = arg; break;
    case O_GCG:
        if (!*arg)
            cli_usage_error("--gcg needs a file (or, with --selfplay, a directory)");
        p->gcg = arg;
        break;
    default: return 0;
    }
    return 1;
}

/* --sim and its budget (--seconds and --plies: sim_seconds_plies) */
static int sim_option(skc_sim_opts *s, int ch, const char *arg)
{
    switch (ch) {
    case O_SIM: s->on = 1; return 1;
    case O_CANDIDATES: s->candidates = cli_parse_long("--candidates", arg, 1, SK_SIM_MAX_CANDIDATES); break;
    case O_ITERATIONS:
        s->iterations = (unsigned long long)cli_parse_long("--iterations", arg, 1, 1000000000L);
        s->have_iters = 1;
        break;
    case O_CONFIDENCE: {
        double c = cli_parse_real("--confidence", arg, 0.5, 0, 99.9999);
        if (c > 1)
            c /= 100;
        if (c < 0.5)
            cli_usage_error("invalid --confidence value '%s' (0.5..0.999999, or a percentage 50..99.9999)", arg);
        s->confidence = c;
        break;
    }
    case O_EXACT: s->exact = 1; break;
    case O_WINTAB:
        if (!*arg)
            cli_usage_error("--wintab needs a file (or none, or default)");
        s->wintab = arg;
        break;
    default: return 0;
    }
    s->other = 1;
    return 1;
}

/* --endgame ... --all-best */
static int eg_option(skc_eg_opts *e, int ch, const char *arg)
{
    switch (ch) {
    case O_ENDGAME: e->endgame = 1; break;
    case O_PREENDGAME: e->pre = 1; break;
    case O_OPPRACK: e->opp = arg; break;
    case O_ALLBEST: e->all_best = 1; break;
    case O_TTMB: e->tt_mb = cli_parse_long("--tt-mb", arg, 1, 65536); break;
    case O_BEST: e->best = 1; break;
    case O_ONLY: e->only = arg; break;
    default: return 0;
    }
    if (e->endgame + e->pre + e->best > 1)
        cli_usage_error("--endgame, --preendgame and --best do not go together");
    return 1;
}

static int gcg_option(skc_gcg_opts *g, int ch, const char *arg)
{
    switch (ch) {
    case O_TURN: g->turn = cli_parse_long("--turn", arg, 1, 100000); break;
    case O_CGPAT: g->cgp_at = cli_parse_long("--cgp-at", arg, 1, 100000); break;
    case O_HTML: g->html = arg; break;   /* checked by cli_pages_plan */
    default: return 0;
    }
    return 1;
}

/* The options of the position itself and of the output. */
static void main_option(skc_opts *o, int ch, int argc, char **argv, cli_common *co)
{
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
    default: cli_common_option(ch, co, argv);
    }
}

/* --seconds and --plies, kept until every option is read: the simulation's,
 * the endgame solver's, or both (see the top). */
static void seconds_plies(skc_opts *o, const char *seconds, const char *plies)
{
    const char *pl = o->play.players;
    int to_endgame = o->eg.endgame || o->eg.pre || o->eg.best || (pl && strstr(pl, "endgame"));
    int to_sim = o->sim.on || (pl && strstr(pl, "sim")) || !to_endgame;
    if (to_endgame && seconds) {
        o->eg.seconds = cli_parse_real("--seconds", seconds, 0, 1, 1e7);
        o->eg.t0 = cli_now();
    }
    int review_both = skc_review_wanted(o) && o->sim.on && (o->eg.endgame || o->eg.pre);
    if (to_endgame && plies && !review_both)
        o->eg.plies = (int)cli_parse_long("--plies", plies, 1, SK_EG_MAX_PLY);
    if (to_sim && seconds) {
        o->sim.seconds = cli_parse_real("--seconds", seconds, 0.001, 0, 1e6);
        o->sim.have_seconds = o->sim.other = 1;
    }
    if (to_sim && plies) {
        o->sim.plies = cli_parse_long("--plies", plies, 1, SK_SIM_MAX_PLIES);
        o->sim.other = 1;
    }
}

/* --players best[:SECONDS]: each such player's clock a game into
 * o->play.best (a usage error when SECONDS is no positive number). */
static void players_clocks(skc_opts *o)
{
    const char *pl = o->play.players, *comma = pl ? strchr(pl, ',') : NULL;
    for (int k = 0; comma && k < 2; k++) {
        const char *s = k ? comma + 1 : pl;
        size_t n = k ? strcspn(s, ",") : (size_t)(comma - pl);
        if (n < 4 || strncmp(s, "best", 4) != 0 || (n > 4 && s[4] != ':'))
            continue;
        char buf[64];
        snprintf(buf, sizeof buf, "%.*s", (int)(n > 4 && n - 5 < 63 ? n - 5 : n > 4 ? 63 : 0), s + (n > 4 ? 5 : 4));
        o->play.best[k] = n == 4 ? SKC_BEST_GAME_SECONDS : cli_parse_real("--players best:SECONDS", buf, 0, 0.001, 1e7);
    }
}

static void read_options(int argc, char **argv, skc_opts *o, cli_common *co)
{
    static const struct option lo[] = {
        { "rack", required_argument, 0, 'r' },       { "dict", required_argument, 0, 'd' },
        { "lexicon", required_argument, 0, 'L' },    { "lang", required_argument, 0, 'l' },
        { "layout", required_argument, 0, O_LAYOUT }, { "tiles", required_argument, 0, O_TILES },
        { "top", required_argument, 0, 'n' },        { "count", no_argument, 0, 'c' },
        { "words", no_argument, 0, 'w' },            { "all-openings", no_argument, 0, O_ALLOPEN },
        { "cgp", no_argument, 0, O_CGP },            { "check", required_argument, 0, O_CHECK },
        { "show", no_argument, 0, O_SHOW },          { "svg", required_argument, 0, O_SVG },
        CLI_FORCE_OPTION, CLI_COMMON_OPTIONS,
        { "leaves", required_argument, 0, O_LEAVES }, { "sort", required_argument, 0, O_SORT },
        { "unseen", no_argument, 0, O_UNSEEN },      { "selfplay", required_argument, 0, O_SELFPLAY },
        { "seed", required_argument, 0, O_SEED },    { "players", required_argument, 0, O_PLAYERS },
        { "gcg", required_argument, 0, O_GCG },      { "exchanges", no_argument, 0, O_EXCHANGES },
        { "pairs", no_argument, 0, O_PAIRS },        { "sim", no_argument, 0, O_SIM },
        { "plies", required_argument, 0, O_PLIES },  { "candidates", required_argument, 0, O_CANDIDATES },
        { "iterations", required_argument, 0, O_ITERATIONS }, { "seconds", required_argument, 0, O_SECONDS },
        { "confidence", required_argument, 0, O_CONFIDENCE }, { "exact", no_argument, 0, O_EXACT },
        { "wintab", required_argument, 0, O_WINTAB }, { "endgame", no_argument, 0, O_ENDGAME },
        { "preendgame", no_argument, 0, O_PREENDGAME }, { "opp-rack", required_argument, 0, O_OPPRACK },
        { "tt-mb", required_argument, 0, O_TTMB },   { "all-best", no_argument, 0, O_ALLBEST },
        { "turn", required_argument, 0, O_TURN },    { "cgp-at", required_argument, 0, O_CGPAT },
        { "html", required_argument, 0, O_HTML },    { "best", no_argument, 0, O_BEST },
        { "only", required_argument, 0, O_ONLY },    { 0, 0, 0, 0 }
    };
    const char *seconds = NULL, *plies = NULL;
    int ch;
    while ((ch = getopt_long(argc, argv, ":r:d:L:l:n:cw" CLI_COMMON_SHORT, lo, NULL)) != -1) {
        if (ch == O_SECONDS || ch == O_PLIES)
            *(ch == O_SECONDS ? &seconds : &plies) = optarg;
        else if (!play_option(&o->play, ch, optarg) && !sim_option(&o->sim, ch, optarg) &&
                 !eg_option(&o->eg, ch, optarg) && !gcg_option(&o->gcg, ch, optarg))
            main_option(o, ch, argc, argv, co);
    }
    seconds_plies(o, seconds, plies);
    players_clocks(o);
}

/* ---- the combinations ----------------------------------------------------------------------------- */

static void check_usage(const skc_opts *o, int nargs)
{
    if (nargs > 1 && !skc_review_wanted(o))
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
    if (o->eg.only && !o->eg.pre)
        cli_usage_error("--only goes with --preendgame");
    if (!skc_review_wanted(o)) {
        if (o->gcg.html)
            cli_usage_error("--html draws reviewed games: it goes with --gcg");
        return;
    }
    const skc_eg_opts *e = &o->eg;
    const char *bad = e->pre    ? "--preendgame"
                      : e->best ? "--best"
                      : e->opp  ? "--opp-rack"
                      : e->all_best ? "--all-best" : NULL;
    if (bad)
        cli_usage_error("%s does not go with --gcg (the review takes both racks from the game)", bad);
}

/* --sim's combinations; takes --jobs for the simulation (the batch then runs
 * one position at a time) and asks for the default leave table. */
static void check_sim(skc_opts *o)
{
    skc_sim_opts *s = &o->sim;
    if (!s->on) {
        if (s->other && !o->play.selfplay)
            cli_usage_error("--plies, --candidates, --iterations, --seconds, --confidence, --exact and --wintab go "
                            "with --sim (or with --selfplay for the player sim)");
        if (s->exact)
            cli_usage_error("--exact goes with --sim");
        return;
    }
    if (s->exact && skc_review_wanted(o))
        cli_usage_error("--exact does not go with --gcg (a game's bags are too large to enumerate)");
    if (o->count || o->check_coord || o->show || o->svg)
        cli_usage_error("--sim does not go with --%s", o->count ? "count" : o->check_coord ? "check" : o->show ? "show" : "svg");
    if (!s->have_iters && !s->have_seconds && !s->exact)
        s->iterations = 1000;
    s->jobs = cli_jobs(o->jobs);
    if (s->jobs > SK_SIM_MAX_JOBS)
        s->jobs = SK_SIM_MAX_JOBS;
    o->jobs = 1;
    if (!o->play.leaves)
        o->play.leaves = "default";
}

int skc_parse_options(int argc, char **argv, skc_opts *o)
{
    cli_common co;
    cli_common_init(&co, usage);
    read_options(argc, argv, o, &co);
    if (!o->play.have_seed)
        o->play.seed = 1;
    o->json = co.json;
    o->jobs = co.jobs;
    o->verbose = co.verbose;
    o->first_line = co.first_line;
    check_usage(o, argc - optind);
    check_sim(o);
    skc_tty_options(o, argc - optind);
    /* Colour only for a terminal, and never when NO_COLOR is set (no-color.org). */
    o->show_color = o->show && getenv("NO_COLOR") == NULL && isatty(STDOUT_FILENO);
    return optind;
}
