/* bench_selfplay.c - how many complete self-play games a second.
 *
 *   bench_selfplay [--games N] [--runs R] [--dict FILE] [--leaves FILE] [--once [--pairing ss|es|ee]]
 *
 * Plays N games (default 200) single-threaded, in thread CPU time (the
 * machine may be shared), for three pairings: score v score, equity v score
 * and equity v equity, the equity player using the shipped English leave
 * table (leaves/en.tkl in the data path, else data/leaves/, or --leaves).  Reports the median of R runs (default
 * 3) as games a second and moves a second.  --once plays one pass of
 * equity v score (--pairing: ss, es, ee) and nothing else (for valgrind --tool=callgrind).
 * Timings are informative, never asserted.
 */
#include "bench.h"
#include "cli/cli.h"
#include "tilekit/skgame.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sp_args {
    long games, runs;
    int once, pairing;
    const char *dict, *leaves;
} sp_args;

static void parse_args(int argc, char **argv, sp_args *a)
{
    static const struct option lo[] = {
        { "games", required_argument, 0, 'g' }, { "runs", required_argument, 0, 'r' },
        { "dict", required_argument, 0, 'd' }, { "leaves", required_argument, 0, 'L' },
        { "once", no_argument, 0, 'o' }, { "pairing", required_argument, 0, 'p' }, { 0, 0, 0, 0 }
    };
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":g:r:d:L:o", lo, NULL)) != -1) {
        switch (ch) {
        case 'g': a->games = cli_parse_long("--games", optarg, 1, LONG_MAX); break;
        case 'r': a->runs = cli_parse_long("--runs", optarg, 1, 99); break;
        case 'd': a->dict = optarg; break;
        case 'L': a->leaves = optarg; break;
        case 'o': a->once = 1; break;
        case 'p':
            a->pairing = !strcmp(optarg, "ss") ? 0 : !strcmp(optarg, "es") ? 1 : !strcmp(optarg, "ee") ? 2 : -1;
            if (a->pairing < 0)
                cli_usage_error("--pairing: ss, es or ee");
            break;
        default: cli_getopt_error(ch, argv);
        }
    }
}

/* The leave table: --leaves FILE, else the shipped English one (in the data
 * path, or data/leaves/en.tkl when run from the top); empty leaves when
 * there is none.  Returns 0, or -1 after reporting a bad file. */
static int load_leaves(const sk_engine *e, const char *leaves, sk_leaves **lv)
{
    char buf[4096];
    const char *lp = leaves ? leaves : bench_leaves_path("en", buf, sizeof buf);
    *lv = NULL;
    if (!lp) {
        fprintf(stderr, "bench_selfplay: no leaves/en.tkl: the equity player uses empty leaves\n");
        return 0;
    }
    *lv = bench_load_leaves(lp, sk_engine_alphabet(e), sk_engine_tileset(e));
    return *lv ? 0 : -1;
}

int main(int argc, char **argv)
{
    cli_init("bench_selfplay");
    sp_args a = { 200, 3, 0, 1, NULL, NULL };
    parse_args(argc, argv, &a);
    long games = a.games, runs = a.runs;
    int once = a.once;
    dawg_graph *d;
    sk_tileset ts;
    sk_leaves *lv;
    sk_engine *e = bench_skrafl_engine(a.dict, "en", &d, &ts);
    if (!e || load_leaves(e, a.leaves, &lv)) {
        sk_engine_destroy(e);
        dawg_destroy(d);
        return CLI_EXIT_DATA;
    }
    tk_error err = {0};
    sk_gen *g = NULL;
    sk_movelist list = {0};
    sk_game *gm = malloc(sizeof *gm);
    if (!gm || sk_gen_create(&g, e, NULL))
        return CLI_EXIT_DATA;
    static const char *names[3] = { "score v score", "equity v score", "equity v equity" };
    for (int pairing = once ? a.pairing : 0; pairing < (once ? a.pairing + 1 : 3); pairing++) {
        sk_player pl[2];
        for (int k = 0; k < 2; k++) {
            int eq = pairing == 2 || (pairing == 1 && k == 0);
            pl[k].name = k ? "b" : "a";
            pl[k].strategy = eq ? SK_STRAT_EQUITY : SK_STRAT_SCORE;
            pl[k].fn = sk_leaves_value;
            pl[k].ctx = lv;
        }
        double t[99];
        long moves = 0;
        long nr = once ? 1 : runs;
        for (long r = 0; r < nr; r++) {
            double t0 = bench_cpu();
            moves = 0;
            for (long i = 0; i < games; i++) {
                if (sk_selfplay(g, &list, pl, (int)(i % 2), sk_game_seed(2026, (uint64_t)i), gm, &err))
                    return CLI_EXIT_DATA;
                for (int k = 0; k < gm->nturns; k++)
                    moves += gm->turns[k].kind <= SK_TURN_PASS;
            }
            t[r] = bench_cpu() - t0;
        }
        double med = bench_median(t, (int)nr);
        printf("self-play %-16s %ld games: %8.1f games/s, %9.0f turns/s (median of %ld runs, one thread)\n",
               names[pairing], games, games / med, moves / med, nr);
    }
    free(gm);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    sk_leaves_destroy(lv);
    sk_engine_destroy(e);
    dawg_destroy(d);
    return 0;
}
