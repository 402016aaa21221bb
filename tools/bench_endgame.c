/* bench_endgame.c - exact endgame solving speed, and the endgames it is measured on.
 *
 *   bench_endgame [--file FILE] [--dict FILE] [--lang en|is] [--tt-mb N] [--jobs N] [--skip K] [--limit K]
 *                 [--plies P] [--stuck W]
 *   bench_endgame --peg [--file FILE] [--seconds S] [--jobs N] [--skip K] [--limit K] [--tt-mb N]
 *   bench_endgame --gen N [--seed S] [--bag B] [--dict FILE] [--lang en|is] [--leaves FILE]
 *
 * Solving (the default): every CGP line of FILE (default tools/endgames-en.cgp
 * when run from the top of the tree) is solved exactly, one after the other on
 * one solver; prints one line per position (value, nodes, seconds) and then
 * the median and worst solve time, the nodes and the nodes a second over the
 * set.  --skip K leaves out the first K positions, --limit K solves only K,
 * --plies P searches P plies deep instead (a fixed amount of work on
 * positions too hard to solve in a benchmark).
 * Instruction counts (steadier than times on a busy machine) of the solves
 * alone, without loading the dictionary:
 *   valgrind --tool=callgrind --toggle-collect=sk_endgame_solve \
 *       build/tools/bench_endgame --limit 5  The dictionary: --dict, else
 * build/dict/LANG.dawg when run from the top of the tree, else the
 * language's installed one.  Timings are informative, never asserted.
 *
 * --stuck W: the stuck-side experiment (tki_sk_eg_stuck_window): a position
 * where a side holds a tile that none of its moves on the board uses is
 * searched to the end in a window of +-W points around the last shallow
 * iteration's value first (then with the whole window when the value falls
 * outside); the same values, other node counts.
 *
 * Pre-endgames (--peg): every CGP line of FILE (default tools/pegs-en.cgp)
 * as a pre-endgame (sk_peg_solve: the mover's rack, the opponent's ignored),
 * within --seconds S a position (0: every stage to its end); one line a
 * position (bag, legal and considered plays, the first play and its figures,
 * each stage's candidates, done or cut, wall and processor seconds), then
 * per bag size the median wall and processor time, the worst, the positions
 * that finished and the stages finished on average.
 *
 * Generating (--gen N): plays N self-play games (equity v equity with the
 * shipped leave table, game i seeded sk_game_seed(S, i), S default 1) and
 * prints, for each, the position of the first turn that starts with B tiles
 * in the bag (default 0: the first turn with an empty bag) as a CGP line
 * `ROWS RACK/OPPRACK SCORE/SCORE ZEROLESS lex NAME;`, the mover first.  The
 * shipped set tools/endgames-en.cgp was made by
 *   build/tools/bench_endgame --gen 16 --seed 1 > tools/endgames-en.cgp
 * (ENABLE2K from the shipped en word list, the shipped en leave table).
 * tools/endgames-stuck-en.cgp holds the 9 endgames of
 *   build/tools/bench_endgame --gen 300 --seed 21
 * in which both racks hold 6 or 7 tiles, neither a blank, and a side holds
 * a tile that none of its moves on the board uses (a stuck side: lines 10,
 * 22, 27, 61, 120, 154, 261, 282 and 287), the set of the --stuck
 * experiment.
 * The pre-endgames: tools/pegs1-en.cgp (1 tile in the bag, the set
 * tools/peg-vs-magpie.sh compares) by
 *   build/tools/bench_endgame --gen 60 --seed 11 --bag 1 > tools/pegs1-en.cgp
 * and tools/pegs-en.cgp (1, 2, 3 and 4 tiles in the bag) by
 *   for b in 1 2 3 4; do build/tools/bench_endgame --gen 20 --seed 11 --bag $b; done > tools/pegs-en.cgp
 * tools/endgames-blank-en.cgp holds the 9 endgames of
 *   build/tools/bench_endgame --gen 120 --seed 5
 * in which a rack holds a blank and both hold 6 or 7 tiles (its lines 1, 16,
 * 30, 45, 55, 63, 75, 98 and 106).
 */
#include "bench.h"
#include "cli/cli.h"
#include "skrafl/sk_gen.h"
#include "tilekit/skendgame.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct eg_args {
    const char *file, *dict, *lang, *leaves;
    long gen, limit, skip, tt_mb, jobs, bag, plies;
    unsigned long long seed;
    int peg;
    double seconds;
    long stuck;
} eg_args;

static void parse_args(int argc, char **argv, eg_args *a)
{
    static const struct option lo[] = {
        { "file", required_argument, 0, 'f' }, { "dict", required_argument, 0, 'd' },
        { "lang", required_argument, 0, 'l' }, { "leaves", required_argument, 0, 'L' },
        { "gen", required_argument, 0, 'g' },  { "seed", required_argument, 0, 's' },
        { "limit", required_argument, 0, 'k' }, { "tt-mb", required_argument, 0, 't' },
        { "jobs", required_argument, 0, 'j' }, { "bag", required_argument, 0, 'b' },
        { "skip", required_argument, 0, 'K' }, { "plies", required_argument, 0, 'P' },
        { "peg", no_argument, 0, 'p' },        { "seconds", required_argument, 0, 'S' },
        { "stuck", required_argument, 0, 'W' },
        { 0, 0, 0, 0 }
    };
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":f:d:l:L:g:s:k:t:j:b:K:P:pS:W:", lo, NULL)) != -1) {
        switch (ch) {
        case 'f': a->file = optarg; break;
        case 'd': a->dict = optarg; break;
        case 'l': a->lang = optarg; break;
        case 'L': a->leaves = optarg; break;
        case 'g': a->gen = cli_parse_long("--gen", optarg, 1, 1000000); break;
        case 's': a->seed = (unsigned long long)cli_parse_long("--seed", optarg, 0, LONG_MAX); break;
        case 'k': a->limit = cli_parse_long("--limit", optarg, 1, LONG_MAX); break;
        case 't': a->tt_mb = cli_parse_long("--tt-mb", optarg, 1, 65536); break;
        case 'j': a->jobs = cli_parse_long("--jobs", optarg, 1, 64); break;
        case 'b': a->bag = cli_parse_long("--bag", optarg, 0, 7); break;
        case 'K': a->skip = cli_parse_long("--skip", optarg, 0, LONG_MAX); break;
        case 'P': a->plies = cli_parse_long("--plies", optarg, 1, SK_EG_MAX_PLY); break;
        case 'p': a->peg = 1; break;
        case 'S': a->seconds = cli_parse_real("--seconds", optarg, 0, 0.001, 1e7); break;
        case 'W': a->stuck = cli_parse_long("--stuck", optarg, 0, 1000); break;
        default: cli_getopt_error(ch, argv);
        }
    }
}

/* ---- generating ---------------------------------------------------------------------- */

static void put_rack(FILE *f, const sk_engine *e, const sk_rack *r)
{
    char buf[128];
    sk_rack_leave(r, NULL, e, buf, sizeof buf);
    fputs(buf, f);
}

static void put_cgp(FILE *f, const sk_engine *e, const sk_board *b, const sk_rack *me, const sk_rack *opp,
                    int s0, int s1, int zl, const char *lex)
{
    bench_cgp_rows(f, e, b);
    fputc(' ', f);
    put_rack(f, e, me);
    fputc('/', f);
    put_rack(f, e, opp);
    fprintf(f, " %d/%d %d lex %s;\n", s0, s1, zl, lex);
}

static int generate(const eg_args *a, const sk_engine *e)
{
    sk_leaves *lv = NULL;
    char buf[4096], rel[64];
    snprintf(rel, sizeof rel, "leaves/%s.csv", a->lang);
    const char *lp = a->leaves ? a->leaves : cli_find_data(rel, buf, sizeof buf);
    char local[80];
    snprintf(local, sizeof local, "data/leaves/%s.csv", a->lang);
    if (!lp) {
        FILE *probe = fopen(local, "r");
        if (probe) {
            fclose(probe);
            lp = local;
        }
    }
    if (lp) {
        size_t len;
        char *text = cli_load_file(lp, &len);
        tk_error err = {0};
        if (!text || sk_leaves_parse(&lv, sk_engine_alphabet(e), text, len, &err)) {
            free(text);
            cli_error(lp, err.line, "%s", err.msg);
            return 1;
        }
        free(text);
    }
    sk_gen *g = NULL;
    sk_movelist list = {0};
    sk_game *gm = malloc(sizeof *gm);
    if (!gm || sk_gen_create(&g, e, NULL))
        return 1;
    sk_player pl[2] = { { .name = "equity1", .strategy = SK_STRAT_EQUITY, .fn = sk_leaves_value, .ctx = lv },
                        { .name = "equity2", .strategy = SK_STRAT_EQUITY, .fn = sk_leaves_value, .ctx = lv } };
    for (long i = 0; i < a->gen; i++) {
        tk_error err = {0};
        if (sk_selfplay(g, &list, pl, (int)(i % 2), sk_game_seed(a->seed, (uint64_t)i), gm, &err))
            return 1;
        /* Replay: before turn t the board holds every earlier placement; the
         * opponent's rack is the one its next turn starts from. */
        sk_board b;
        memset(&b, 0, sizeof b);
        b.dim = sk_engine_layout(e)->dim;
        int sc[2] = { 0, 0 }, zl = 0;
        for (int t = 0; t + 1 < gm->nturns; t++) {
            const sk_turn *tu = &gm->turns[t], *nx = &gm->turns[t + 1];
            if (tu->kind > SK_TURN_PASS)
                break;
            if (nx->player != tu->player && nx->kind <= SK_TURN_END_OUT &&
                sk_eg_bag_count(e, &b, &tu->rack, &nx->rack) == a->bag) {
                put_cgp(stdout, e, &b, &tu->rack, &nx->rack, sc[tu->player], sc[!tu->player], zl,
                        a->lang[0] == 'i' ? "is" : "en");
                break;
            }
            if (tu->kind == SK_TURN_MOVE)
                sk_board_apply(&b, &tu->play.move);
            sc[tu->player] = tu->total;
            zl = tu->score ? 0 : zl + 1;
        }
    }
    free(gm);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    sk_leaves_destroy(lv);
    return 0;
}

/* ---- solving ------------------------------------------------------------------------- */

static int solve_file(const eg_args *a, const sk_engine *e)
{
    const char *path = a->file ? a->file : "tools/endgames-en.cgp";
    size_t len;
    char *text = cli_load_file(path, &len);
    if (!text)
        return 1;
    sk_endgame *s = NULL;
    tk_error err = {0};
    if (sk_endgame_create(&s, e, (size_t)(a->tt_mb ? a->tt_mb : 64), (int)(a->jobs ? a->jobs : 1), &err)) {
        cli_error(NULL, 0, "%s", err.msg);
        return 1;
    }
    tki_sk_eg_stuck_window(s, (int)a->stuck);
    double *secs = malloc(sizeof(double) * (len / 20 + 1));
    int n = 0;
    long lineno = 0, seen = 0;
    uint64_t nodes = 0;
    double total = 0, worst = 0;
    for (char *p = text, *nl; p < text + len && (a->limit == 0 || n < a->limit); p = nl + 1) {
        nl = memchr(p, '\n', (size_t)(text + len - p));
        if (!nl)
            nl = text + len;
        lineno++;
        if (nl == p || *p == '#' || seen++ < a->skip)
            continue;
        sk_eg_position pos;
        sk_eg_result res;
        sk_eg_opts opts = { 0, (int)a->plies, 0, 0, 0, 0, 0 };
        if (sk_eg_cgp_parse(&pos, e, p, (size_t)(nl - p), &err) || sk_endgame_solve(s, &pos, &opts, &res, &err)) {
            cli_error(path, lineno, "%s", err.msg);
            continue;
        }
        printf("line %ld: value %d  %s  nodes %llu  %.3f s  (%d x %d tiles)\n", lineno, res.value,
               res.exact ? "exact" : "inexact", (unsigned long long)res.nodes, res.seconds, pos.rack[0].n,
               pos.rack[1].n);
        fflush(stdout);
        secs[n++] = res.seconds;
        nodes += res.nodes;
        total += res.seconds;
        if (res.seconds > worst)
            worst = res.seconds;
        sk_eg_result_free(&res);
    }
    if (n > 0)
        printf("%d endgames: median %.4f s, worst %.3f s, total %.2f s, %llu nodes, %.0f nodes/s\n", n,
               bench_median(secs, n), worst, total, (unsigned long long)nodes, total > 0 ? (double)nodes / total : 0);
    free(secs);
    free(text);
    sk_endgame_destroy(s);
    return 0;
}

/* ---- pre-endgames --------------------------------------------------------------------- */

static double worst(const double *v, int n)
{
    double m = 0;
    for (int i = 0; i < n; i++)
        m = v[i] > m ? v[i] : m;
    return m;
}

static void peg_line(const sk_engine *e, long lineno, const sk_peg_result *r)
{
    printf("line %ld: bag %d, %zu legal, %zu considered; ", lineno, r->bag, r->legal, r->considered);
    if (r->n && r->cand[0].valued) {
        const sk_peg_cand *c = &r->cand[0];
        char coord[16] = "pass", word[128] = "";
        if (c->play.kind == SK_PLAY_MOVE) {
            sk_coord_format(c->play.move.row, c->play.move.col, c->play.move.dir, coord, sizeof coord);
            sk_move_format(&c->play.move, e, SK_FMT_PAREN, word, sizeof word);
        }
        printf("first %s%s%s win %.2f%% spread %+.2f (%s); ", coord, *word ? " " : "", word, 100 * c->win, c->spread,
               c->exact ? "exact" : c->plies == SK_PEG_GREEDY ? "greedy" : "searched");
    }
    printf("stages:");
    for (int s = 0; s < r->nstages; s++)
        printf("%s %s%d %zu %s %.2f/%.2f s", s ? "," : "", r->stage[s].plies == SK_PEG_GREEDY ? "g" : "p",
               r->stage[s].plies == SK_PEG_GREEDY ? 0 : r->stage[s].plies, r->stage[s].cands,
               r->stage[s].done ? "done" : "cut", r->stage[s].seconds, r->stage[s].cpu);
    printf("; %s; %.3f s wall, %.3f s cpu\n", r->complete ? "complete" : "cut short", r->seconds, r->cpu);
    fflush(stdout);
}

/* --peg: every CGP line of FILE (default tools/pegs-en.cgp) as a pre-endgame
 * (the mover's rack; the opponent's is ignored), within --seconds (0: to
 * the end); per bag size the median wall and processor times, the stages
 * finished and the positions complete. */
static int peg_file(const eg_args *a, const sk_engine *e)
{
    const char *path = a->file ? a->file : "tools/pegs-en.cgp";
    size_t len;
    char *text = cli_load_file(path, &len);
    if (!text)
        return 1;
    sk_peg *p = NULL;
    tk_error err = {0};
    if (sk_peg_create(&p, e, (size_t)a->tt_mb, (int)(a->jobs ? a->jobs : 1), &err)) {
        cli_error(NULL, 0, "%s", err.msg);
        return 1;
    }
    double *wall[SK_PEG_MAX_BAG + 1], *cpu[SK_PEG_MAX_BAG + 1];
    int n[SK_PEG_MAX_BAG + 1] = {0}, done[SK_PEG_MAX_BAG + 1] = {0}, stages[SK_PEG_MAX_BAG + 1] = {0};
    for (int b = 0; b <= SK_PEG_MAX_BAG; b++) {
        wall[b] = malloc(sizeof(double) * (len / 20 + 1));
        cpu[b] = malloc(sizeof(double) * (len / 20 + 1));
    }
    long lineno = 0, seen = 0, solved = 0;
    for (char *q = text, *nl; q < text + len && (a->limit == 0 || solved < a->limit); q = nl + 1) {
        nl = memchr(q, '\n', (size_t)(text + len - q));
        if (!nl)
            nl = text + len;
        lineno++;
        if (nl == q || *q == '#' || seen++ < a->skip)
            continue;
        sk_eg_position pos;
        sk_peg_result r;
        int spread = 0, s0, s1;
        const char *sc = q;
        for (int f = 0; f < 2 && sc < nl; f++)
            sc = memchr(sc, ' ', (size_t)(nl - sc)) ? (const char *)memchr(sc, ' ', (size_t)(nl - sc)) + 1 : nl;
        if (sscanf(sc, "%d/%d", &s0, &s1) == 2)
            spread = s0 - s1;
        if (sk_eg_cgp_parse(&pos, e, q, (size_t)(nl - q), &err)) {
            cli_error(path, lineno, "%s", err.msg);
            continue;
        }
        sk_peg_opts o = { a->seconds, spread, pos.zeroless, 0, NULL, 0, NULL, 0 };
        if (sk_peg_solve(p, &pos.board, &pos.rack[0], &o, &r, &err)) {
            cli_error(path, lineno, "%s", err.msg);
            continue;
        }
        solved++;
        peg_line(e, lineno, &r);
        int b = r.bag;
        wall[b][n[b]] = r.seconds;
        cpu[b][n[b]++] = r.cpu;
        done[b] += r.complete;
        for (int s = 0; s < r.nstages; s++)
            stages[b] += r.stage[s].done;
        sk_peg_result_free(&r);
    }
    for (int b = 1; b <= SK_PEG_MAX_BAG; b++)
        if (n[b])
            printf("bag %d: %d pre-endgames, median %.3f s wall, %.3f s cpu, worst %.3f s wall; %d complete, "
                   "%.1f stages finished on average%s\n", b, n[b], bench_median(wall[b], n[b]),
                   bench_median(cpu[b], n[b]), worst(wall[b], n[b]), done[b], (double)stages[b] / n[b],
                   a->seconds > 0 ? " (within the clock)" : "");
    for (int b = 0; b <= SK_PEG_MAX_BAG; b++) {
        free(wall[b]);
        free(cpu[b]);
    }
    free(text);
    sk_peg_destroy(p);
    return 0;
}

int main(int argc, char **argv)
{
    cli_init("bench_endgame");
    eg_args a = { .lang = "en", .seed = 1 };
    parse_args(argc, argv, &a);
    /* run from the top of the tree (make bench): the dictionary just built */
    char built[64];
    snprintf(built, sizeof built, "build/dict/%s.dawg", a.lang);
    FILE *probe = a.dict ? NULL : fopen(built, "rb");
    if (probe) {
        fclose(probe);
        a.dict = built;
    }
    dawg_graph *d = NULL;
    sk_tileset ts;
    sk_engine *e = bench_skrafl_engine(a.dict, a.lang, &d, &ts);
    int rc = 1;
    if (e)
        rc = a.gen ? generate(&a, e) : a.peg ? peg_file(&a, e) : solve_file(&a, e);
    sk_engine_destroy(e);
    dawg_destroy(d);
    return rc;
}
