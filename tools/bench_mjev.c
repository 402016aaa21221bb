/* bench_mjev.c - speed of mjwait --ev (mj_ev_solve) and of the table-read
 * necessary tiles.
 *
 *   bench_mjev [RUNS]
 *   bench_mjev --nu-passes N_HANDS PASSES [slow]   (for callgrind)
 *
 * EV: a fixed set of 15 hands (four each at shanten 0, 1 and 2, three at
 * shanten 3; turns 1..18, the default configuration; public vectors of
 * ../shared/vectors/ev-public.jsonl, evp-01..20), each solved once cold and
 * then RUNS times; per hand the median CPU time and the number of states,
 * then the hands a second over the set (sum of the medians) and the
 * median hand.  Necessary tiles: 20,000 random 13-tile closed hands (a
 * seeded generator), mj_necessary (table masks) against
 * mj_necessary_slow (34 shanten calls), median ns a hand of 5 passes; with
 * valgrind (and TK_BENCH_NO_CALLGRIND unset) also callgrind instructions a
 * hand: this program run as `--nu-passes N 2` minus `--nu-passes N 1`,
 * divided by N.  Timings are informative, never asserted. */
#include "tilekit/mahjong.h"
#include "tilekit/mjev.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The set: four tenpai hands built in (evp-01..04), and when ../shared is
 * there the 1-, 2- and 3-shanten hands of the default configuration
 * evp-07..10, 13..16 and 18..20. */
static const char *const HANDS[] = {
    "12344405667889p round:E seat:E dora:7z seen:589m236p27s14455z",
    "06m2999p333s11777z round:E seat:W dora:9s seen:68m6p148s",
    "66m22678p222067s2z round:S seat:N dora:7z seen:13455m1457899p57s24z sticks:2",
    "4m340p2223406999s round:E seat:E dora:8m seen:23m13356799p12348s44777z",
};
static const char *const IDS[] = { "evp-07", "evp-08", "evp-09", "evp-10", "evp-13", "evp-14", "evp-15", "evp-16",
                                   "evp-18", "evp-19", "evp-20" };
#define N_HANDS 15

static char *lines[N_HANDS];

/* The filled shanten tables of the build (make), else they fill lazily. */
static void load_tables(mj_ctx *ctx)
{
    const char *b = getenv("TK_BUILD");
    char path[1024];
    snprintf(path, sizeof path, "%s/mahjong/tables.bin", b ? b : "build");
    mj_ctx_load(ctx, path, NULL);
}


static int load_set(void)
{
    const char *shared = getenv("TK_SHARED");
    char path[1024];
    snprintf(path, sizeof path, "%s/vectors/ev-public.jsonl", shared ? shared : "../shared");
    FILE *f = fopen(path, "r");
    int n = 0;
    for (size_t i = 0; i < sizeof HANDS / sizeof HANDS[0]; i++)
        lines[n++] = strdup(HANDS[i]);
    if (!f) {
        printf("  (%s absent: only the %d built-in tenpai hands)\n", path, n);
        return n;
    }
    char buf[65536];
    while (fgets(buf, sizeof buf, f)) {
        for (size_t k = 0; k < sizeof IDS / sizeof IDS[0]; k++) {
            char want[32];
            snprintf(want, sizeof want, "\"id\": \"%s\"", IDS[k]);
            if (!strstr(buf, want))
                continue;
            char *l = strstr(buf, "\"line\": \"");
            if (!l)
                continue;
            l += 9;
            char *e = strchr(l, '"');
            if (!e)
                continue;
            *e = 0;
            if (n < N_HANDS)
                lines[n++] = strdup(l);
        }
    }
    fclose(f);
    return n;
}

static void bench_ev(int runs)
{
    int n = load_set();
    mj_ctx *ctx;
    mj_ev *ev;
    if (mj_ctx_create(&ctx, NULL) || mj_ev_create(&ev, NULL))
        return;
    load_tables(ctx);
    static mj_ev_result res;
    double med[N_HANDS], total = 0;
    printf("  %-62s %3s %8s %9s\n", "hand (turns 1-18, default configuration)", "sh", "states", "ms (cpu)");
    for (int i = 0; i < n; i++) {
        mj_hand h;
        mj_winctx w;
        mj_ev_config cfg;
        tk_error err = { 0 };
        mj_winctx_init(&w);
        mj_ev_config_init(&cfg);
        if (mj_ev_parse_line(lines[i], strlen(lines[i]), &h, &w, &cfg, &err) ||
            mj_ev_solve(ev, ctx, &h, &w, &cfg, &res, &err)) {
            printf("  %s: %s\n", lines[i], err.msg);
            med[i] = 0;
            continue;
        }
        double *t = malloc(sizeof *t * (size_t)runs);
        for (int r = 0; r < runs; r++) {
            double c0 = bench_cpu();
            mj_ev_solve(ev, ctx, &h, &w, &cfg, &res, &err);
            t[r] = bench_cpu() - c0;
        }
        med[i] = bench_median(t, runs);
        free(t);
        total += med[i];
        printf("  %-62.62s %3d %8zu %9.3f\n", lines[i], res.shanten, res.draw_nodes + res.discard_nodes,
               1e3 * med[i]);
    }
    double m = bench_median(med, n);
    printf("  --ev: %d hands in %.3f s: %.1f hands/s; median hand %.3f ms (CPU time, median of %d runs each)\n", n,
           total, total > 0 ? n / total : 0.0, 1e3 * m, runs);
    for (int i = 0; i < n; i++)
        free(lines[i]);
    mj_ev_destroy(ev);
    mj_ctx_destroy(ctx);
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t below(uint32_t n) { return (uint32_t)((bench_xorshift(&rng) >> 16) % n); }

static uint8_t (*make_hands(long n))[MJ_TILES]
{
    uint8_t (*c)[MJ_TILES] = calloc((size_t)n, sizeof *c);
    for (long i = 0; i < n; i++)
        for (int k = 0; k < 13;) {
            int t = (int)below(MJ_TILES);
            if (c[i][t] < 4) {
                c[i][t]++;
                k++;
            }
        }
    return c;
}

/* PASSES passes of the necessary tiles over N hands (callgrind counts the
 * difference of two runs). */
static int nu_passes(long n, int passes, int slow)
{
    mj_ctx *ctx;
    if (mj_ctx_create(&ctx, NULL))
        return 1;
    load_tables(ctx);
    uint8_t (*c)[MJ_TILES] = make_hands(n);
    uint64_t x = 0;
    int s;
    for (int p = 0; p < passes; p++)
        for (long i = 0; i < n; i++)
            x ^= slow ? mj_necessary_slow(ctx, c[i], 0, &s) : mj_necessary(ctx, c[i], 0, &s);
    printf("%llx\n", (unsigned long long)x);
    free(c);
    mj_ctx_destroy(ctx);
    return 0;
}

static double cg_per_hand(const char *self, long n, int slow)
{
    char cmd[1024];
    double r[2];
    for (int p = 1; p <= 2; p++) {
        snprintf(cmd, sizeof cmd, "valgrind --tool=callgrind --callgrind-out-file=/dev/null %s --nu-passes %ld %d%s 2>&1 >/dev/null",
                 self, n, p, slow ? " slow" : "");
        r[p - 1] = bench_collected(cmd);
        if (r[p - 1] < 0)
            return -1;
    }
    return (r[1] - r[0]) / (double)n;
}

static void bench_nu(const char *self)
{
    long n = 20000;
    mj_ctx *ctx;
    if (mj_ctx_create(&ctx, NULL))
        return;
    load_tables(ctx);
    uint8_t (*c)[MJ_TILES] = make_hands(n);
    double tf[5], ts[5];
    uint64_t x = 0;
    int s, diff = 0;
    for (long i = 0; i < n; i++) {   /* warm the masks; check they agree */
        int s2;
        diff += mj_necessary(ctx, c[i], 0, &s) != mj_necessary_slow(ctx, c[i], 0, &s2) || s != s2;
    }
    for (int r = 0; r < 5; r++) {
        double t0 = bench_cpu();
        for (long i = 0; i < n; i++)
            x ^= mj_necessary(ctx, c[i], 0, &s);
        tf[r] = bench_cpu() - t0;
        t0 = bench_cpu();
        for (long i = 0; i < n; i++)
            x ^= mj_necessary_slow(ctx, c[i], 0, &s);
        ts[r] = bench_cpu() - t0;
    }
    printf("  necessary tiles of %ld random 13-tile hands: mj_necessary %.0f ns/hand, trying each tile %.0f ns/hand "
           "(%.1fx); %d differ%s\n", n, 1e9 * bench_median(tf, 5) / n, 1e9 * bench_median(ts, 5) / n,
           bench_median(ts, 5) / bench_median(tf, 5), diff, x == 1 ? " " : "");
    free(c);
    mj_ctx_destroy(ctx);
    const char *no = getenv("TK_BENCH_NO_CALLGRIND");
    if ((!no || !*no) && system("valgrind --version >/dev/null 2>&1") == 0) {
        double f = cg_per_hand(self, 20000, 0), sl = cg_per_hand(self, 2000, 1);
        if (f > 0 && sl > 0)
            printf("  callgrind: mj_necessary %.0f instructions/hand, trying each tile %.0f (%.1fx)\n", f, sl, sl / f);
    }
}

int main(int argc, char **argv)
{
    if (argc >= 4 && strcmp(argv[1], "--nu-passes") == 0)
        return nu_passes(atol(argv[2]), atoi(argv[3]), argc > 4);
    int runs = argc > 1 ? atoi(argv[1]) : 3;
    if (runs < 1)
        runs = 1;
    bench_ev(runs);
    bench_nu(argv[0]);
    return 0;
}
