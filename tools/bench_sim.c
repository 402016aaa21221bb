/* bench_sim.c - how fast skrafl simulates: 2-ply iterations a second per
 * candidate.
 *
 *   bench_sim [--positions N] [--iterations N] [--candidates K] [--plies P]
 *             [--runs R] [--dict FILE] [--leaves FILE] [--once]
 *
 * The positions are fixed: the board and rack before turn 9 (each player has
 * moved 4 times) of self-play games equity v equity seeded
 * sk_game_seed(2027, i), English, the shipped dictionary and leave table
 * (default 8 positions).  Each is simulated with K = 10 candidates, 2
 * plies, 60 iterations, seed 1.  Reported: candidate-iterations a second
 * (one iteration of one candidate = its play and the 2 plies after it,
 * i.e. 2 static-equity searches), the median of R runs (default 3), with
 * one thread in thread CPU time, and with every CPU (sk_sim's own threads)
 * in wall time; and instructions per candidate-iteration (the CPU's
 * counter through perf_event_open, when the system allows it; one thread).
 * --once simulates each position once, single-threaded, each in one call of
 * bench_sim_one() (for tools/callgrind-sim.sh, which counts the
 * instructions inside it under valgrind, undisturbed by the machine's load).
 * Run from the top of the tree without TILEKIT_DATA it uses
 * build/dict/en.dawg and data/leaves/en.tkl.
 * Timings are informative, never asserted.
 */
#define _GNU_SOURCE
#include "bench.h"
#include "cli/cli.h"
#include "tilekit/sksim.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

typedef struct args {
    long positions, iterations, candidates, plies, runs;
    int once;
    const char *dict, *leaves;
} args;

static void parse_args(int argc, char **argv, args *a)
{
    static const struct option lo[] = {
        { "positions", required_argument, 0, 'p' }, { "iterations", required_argument, 0, 'i' },
        { "candidates", required_argument, 0, 'k' }, { "plies", required_argument, 0, 'P' },
        { "runs", required_argument, 0, 'r' },      { "dict", required_argument, 0, 'd' },
        { "leaves", required_argument, 0, 'L' },    { "once", no_argument, 0, 'o' },
        { 0, 0, 0, 0 }
    };
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":p:i:k:P:r:d:L:o", lo, NULL)) != -1) {
        switch (ch) {
        case 'p': a->positions = cli_parse_long("--positions", optarg, 1, 1000); break;
        case 'i': a->iterations = cli_parse_long("--iterations", optarg, 1, LONG_MAX); break;
        case 'k': a->candidates = cli_parse_long("--candidates", optarg, 1, SK_SIM_MAX_CANDIDATES); break;
        case 'P': a->plies = cli_parse_long("--plies", optarg, 1, SK_SIM_MAX_PLIES); break;
        case 'r': a->runs = cli_parse_long("--runs", optarg, 1, 99); break;
        case 'd': a->dict = optarg; break;
        case 'L': a->leaves = optarg; break;
        case 'o': a->once = 1; break;
        default: cli_getopt_error(ch, argv);
        }
    }
}

static sk_leaves *load_leaves(const sk_engine *e, const char *path)
{
    char buf[4096];
    const char *lp = path ? path : bench_leaves_path("en", buf, sizeof buf);
    return bench_load_leaves(lp ? lp : "data/leaves/en.tkl", sk_engine_alphabet(e), sk_engine_tileset(e));
}

typedef struct position {
    sk_board b;
    sk_rack r;
} position;

/* Board and rack before turn 9 of game i. */
static int make_position(const sk_engine *e, sk_leaves *lv, long i, position *p)
{
    sk_gen *g = NULL;
    sk_movelist list = {0};
    sk_game *gm = malloc(sizeof *gm);
    tk_error err = {0};
    int ok = 0;
    sk_player pl[2] = { { "a", SK_STRAT_EQUITY, sk_leaves_value, lv }, { "b", SK_STRAT_EQUITY, sk_leaves_value, lv } };
    if (gm && !sk_gen_create(&g, e, &err) && !sk_selfplay(g, &list, pl, (int)(i % 2), sk_game_seed(2027, (uint64_t)i), gm, &err)) {
        memset(&p->b, 0, sizeof p->b);
        p->b.dim = sk_engine_layout(e)->dim;
        p->b.rows = p->b.dim;
        for (int t = 0; t < gm->nturns && t < 8; t++)
            if (gm->turns[t].kind == SK_TURN_MOVE)
                sk_board_apply(&p->b, &gm->turns[t].play.move);
        if (gm->nturns > 8 && gm->turns[8].kind <= SK_TURN_PASS) {
            p->r = gm->turns[8].rack;
            ok = 1;
        }
    }
    free(gm);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    return ok;
}

/* ---- the instruction counter ----------------------------------------------------------- */

static int counter_open(void)
{
#if defined(__linux__)
    struct perf_event_attr pe;
    memset(&pe, 0, sizeof pe);
    pe.type = PERF_TYPE_HARDWARE;
    pe.size = sizeof pe;
    pe.config = PERF_COUNT_HW_INSTRUCTIONS;
    pe.disabled = 1;
    pe.exclude_kernel = 1;
    pe.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &pe, 0, -1, -1, 0);
#else
    return -1;
#endif
}

static void counter_start(int fd)
{
#if defined(__linux__)
    if (fd >= 0) {
        ioctl(fd, PERF_EVENT_IOC_RESET, 0);
        ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
    }
#else
    (void)fd;
#endif
}

static long long counter_stop(int fd)
{
    long long n = -1;
#if defined(__linux__)
    if (fd >= 0) {
        ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
        if (read(fd, &n, sizeof n) != (ssize_t)sizeof n)
            n = -1;
    }
#else
    (void)fd;
#endif
    return n;
}

/* One simulation (its own function: callgrind collects inside it). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
int bench_sim_one(const sk_engine *e, const position *p, const sk_sim_opts *so, sk_sim_result *res, tk_error *err);
int bench_sim_one(const sk_engine *e, const position *p, const sk_sim_opts *so, sk_sim_result *res, tk_error *err)
{
    return sk_sim(e, &p->b, &p->r, so, res, err);
}

/* Simulate every position once; returns candidate-iterations (0 on error). */
static double run_all(const sk_engine *e, const position *ps, int np, const sk_sim_opts *so, sk_sim_result *res)
{
    double ci = 0;
    for (int i = 0; i < np; i++) {
        tk_error err = {0};
        if (bench_sim_one(e, &ps[i], so, res, &err)) {
            cli_error(NULL, 0, "position %d: %s", i + 1, err.msg);
            return 0;
        }
        for (int c = 0; c < res->n; c++)
            ci += (double)res->cand[c].iterations;
    }
    return ci;
}

int main(int argc, char **argv)
{
    cli_init("bench_sim");
    args a = { 8, 60, 10, 2, 3, 0, NULL, NULL };
    parse_args(argc, argv, &a);
    if (!a.dict && !getenv("TILEKIT_DATA") && access("build/dict/en.dawg", R_OK) == 0)
        a.dict = "build/dict/en.dawg";
    if (!a.leaves && !getenv("TILEKIT_DATA") && access("data/leaves/en.tkl", R_OK) == 0)
        a.leaves = "data/leaves/en.tkl";
    dawg_graph *d = NULL;
    sk_tileset ts;
    sk_engine *e = bench_skrafl_engine(a.dict, "en", &d, &ts);
    sk_leaves *lv = e ? load_leaves(e, a.leaves) : NULL;
    position *ps = malloc((size_t)a.positions * sizeof *ps);
    sk_sim_result *res = malloc(sizeof *res);
    if (!e || !lv || !ps || !res) {
        sk_engine_destroy(e);
        dawg_destroy(d);
        return CLI_EXIT_DATA;
    }
    int np = 0;
    for (long i = 0; np < a.positions && i < a.positions * 4; i++)
        np += make_position(e, lv, i, &ps[np]);
    sk_sim_opts so;
    memset(&so, 0, sizeof so);
    so.plies = (int)a.plies;
    so.candidates = (int)a.candidates;
    so.iterations = (uint64_t)a.iterations;
    so.seed = 1;
    so.fn = sk_leaves_value;
    so.ctx = lv;
    if (a.once) {
        so.jobs = 1;
        double ci = run_all(e, ps, np, &so, res);
        printf("sim --once: %d positions, %.0f candidate-iterations\n", np, ci);
        free(res);
        free(ps);
        sk_leaves_destroy(lv);
        sk_engine_destroy(e);
        dawg_destroy(d);
        return ci > 0 ? 0 : CLI_EXIT_DATA;
    }
    int cpus = cli_cpu_count();
    double t1[99], tn[99], ci = 0;
    long long instr = -1;
    int fd = counter_open();
    for (long r = 0; r < a.runs; r++) {
        so.jobs = 1;
        double c0 = bench_cpu();
        if (r == 0)
            counter_start(fd);
        ci = run_all(e, ps, np, &so, res);
        if (r == 0)
            instr = counter_stop(fd);
        t1[r] = bench_cpu() - c0;
        so.jobs = cpus;
        double w0 = bench_wall();
        run_all(e, ps, np, &so, res);
        tn[r] = bench_wall() - w0;
        if (ci == 0)
            return CLI_EXIT_DATA;
    }
    if (fd >= 0)
        close(fd);
    double m1 = bench_median(t1, (int)a.runs), mn = bench_median(tn, (int)a.runs);
    printf("sim %d mid-game positions, %ld candidates, %ld plies, %ld iterations: %.0f candidate-iterations\n", np,
           a.candidates, a.plies, a.iterations, ci);
    printf("sim one thread:  %9.0f %d-ply candidate-iterations/s (%.0f static searches/s; CPU, median of %ld)\n",
           ci / m1, (int)a.plies, ci * (double)a.plies / m1, a.runs);
    printf("sim %2d threads:  %9.0f %d-ply candidate-iterations/s (wall, median of %ld)\n", cpus, ci / mn,
           (int)a.plies, a.runs);
    if (instr > 0)
        printf("sim instructions: %.2f M per candidate-iteration (one thread, perf counter)\n", instr / ci / 1e6);
    else
        printf("sim instructions: not available (perf_event_open refused)\n");
    free(res);
    free(ps);
    sk_leaves_destroy(lv);
    sk_engine_destroy(e);
    dawg_destroy(d);
    return 0;
}
