/* bench_mjwait.c - mjwait throughput on 100,000 random tenpai hands.
 *
 *   bench_mjwait [N_HANDS] [RUNS]
 *   bench_mjwait --score-passes N_HANDS PASSES   (for callgrind)
 *
 * Generates N random tenpai hands (a random complete hand of 4 blocks + a
 * pair, a quarter of them with 1-4 melds, minus one random closed tile; the
 * generator is seeded, so every run sees the same hands), writes them as text
 * and then times, single-threaded, with one mj_ctx:
 *   parse        mj_parse of the text lines
 *   waits only   mj_waits
 *   full         mj_analyze (waits + every reading + shanten)
 *   shanten      mj_shanten
 * The context caches per-suit tables on first use, so the first pass over
 * the hands (reported as "cold") pays for filling them; the figures are the
 * median of RUNS warm passes.  Then, if bin/mjwait exists (make bench runs
 * from the top of the tree), the hands are written to a temporary file and
 * the whole command is timed on it (--waits, text, --json; a fresh process
 * each run, so these include the cold tables and the output).  Scoring:
 * the same hands completed by the tile taken out, with random contexts,
 * through mj_score_hand (median of RUNS warm passes, by wall clock and by
 * CPU time).  With TK_BENCH_CALLGRIND=1 and valgrind, whole runs are also
 * counted in instructions (--waits, --shanten on random 13/14-tile hands,
 * --score --json against --json), and so is one scoring pass in the
 * library (this program run as `--score-passes N 2` minus `... N 1`: the
 * same hands and contexts, one more pass).  Timings are
 * informative, never asserted. */
#include "tilekit/mahjong.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t below(uint32_t n) { return (uint32_t)((bench_xorshift(&rng) >> 16) % n); }

static int gen_tenpai(mj_hand *h, int *removed)
{
    uint8_t tot[34] = { 0 };
    memset(h, 0, sizeof *h);
    int k = below(4) == 0 ? 1 + (int)below(4) : 0;
    for (int b = 0; b < 5; b++) {
        for (int tries = 0;; tries++) {
            if (tries > 100)
                return 0;
            int t = (int)below(34), pair = b == 4, seq = !pair && below(3) != 0;
            if (seq) {
                if (t >= 27 || t % 9 > 6 || tot[t] > 3 || tot[t + 1] > 3 || tot[t + 2] > 3)
                    continue;
                tot[t]++; tot[t + 1]++; tot[t + 2]++;
                if (b < k) h->melds[h->n_melds++] = (mj_meld){ MJ_CHI, (uint8_t)t, 0 };
                else { h->count[t]++; h->count[t + 1]++; h->count[t + 2]++; }
            } else {
                int n = pair ? 2 : 3;
                if (tot[t] + n > 4)
                    continue;
                tot[t] = (uint8_t)(tot[t] + n);
                if (b < k) h->melds[h->n_melds++] = (mj_meld){ MJ_PON, (uint8_t)t, 0 };
                else h->count[t] = (uint8_t)(h->count[t] + n);
            }
            break;
        }
    }
    h->n_tiles = (uint8_t)(13 - 3 * k);
    int r = (int)below(14 - 3 * k);
    for (int t = 0; t < 34; t++) {
        if (r < h->count[t]) { h->count[t]--; *removed = t; break; }
        r -= h->count[t];
    }
    return 1;
}

/* Instructions of a whole mjwait run (valgrind --tool=callgrind), or -1. */
static double callgrind(const char *args, const char *file)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "valgrind --tool=callgrind --callgrind-out-file=/dev/null bin/mjwait %s %s 2>&1 >/dev/null", args, file);
    return bench_collected(cmd);
}

/* The scoring set: each tenpai hand completed by the tile taken out, with a
 * context (ron/tsumo, riichi on a third of the closed hands, a random dora
 * indicator, seat and round). */
static mj_winctx *score_set(mj_hand *hands, const int *wins, long n)
{
    mj_winctx *ws = malloc((size_t)n * sizeof *ws);
    if (!ws)
        return NULL;
    for (long i = 0; i < n; i++) {
        mj_hand *h = &hands[i];
        h->count[wins[i]]++;
        h->n_tiles++;
        mj_winctx_init(&ws[i]);
        ws[i].win = (int8_t)wins[i];
        ws[i].flags = below(2) ? MJ_WIN_TSUMO : 0;
        if (!h->n_melds && below(3) == 0)
            ws[i].flags |= MJ_WIN_RIICHI;
        ws[i].seat = (uint8_t)below(4);
        ws[i].round = (uint8_t)below(2);
        ws[i].dora[0] = (uint8_t)below(34);
        ws[i].n_dora = 1;
    }
    return ws;
}

/* One pass of mj_score_hand over the set; counts the hands scored and
 * those without a yaku. */
static uint64_t score_pass(const mj_hand *hands, const mj_winctx *ws, long n, long *scored, long *noyaku)
{
    uint64_t sink = 0;
    for (long i = 0; i < n; i++) {
        mj_score sc;
        mj_score_hand(&hands[i], &ws[i], &sc, NULL);
        sink += (uint64_t)sc.total;
        *scored += sc.status == MJ_SCORE_OK;
        *noyaku += sc.status == MJ_SCORE_NO_YAKU;
    }
    return sink;
}

/* Instructions of `self --score-passes N R` (callgrind), or -1. */
static double callgrind_self(const char *self, long n, int passes)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "valgrind --tool=callgrind --callgrind-out-file=/dev/null %s --score-passes %ld %d 2>&1 >/dev/null",
             self, n, passes);
    return bench_collected(cmd);
}

/* --score-passes N R: only the scoring set of N hands and R passes over it
 * (for callgrind: the difference of R = 2 and R = 1 is one pass). */
static int score_only(long n, int passes)
{
    mj_hand *hands = malloc((size_t)n * sizeof *hands);
    int *wins = malloc((size_t)n * sizeof *wins);
    if (!hands || !wins)
        return 1;
    for (long i = 0; i < n; i++)
        while (!gen_tenpai(&hands[i], &wins[i]))
            ;
    mj_winctx *ws = score_set(hands, wins, n);
    if (!ws)
        return 1;
    long scored = 0, noyaku = 0;
    uint64_t sink = 0;
    for (int p = 0; p < passes; p++)
        sink += score_pass(hands, ws, n, &scored, &noyaku);
    printf("%ld scored, %ld without a yaku (%llu)\n", scored, noyaku, (unsigned long long)sink);
    free(ws);
    free(wins);
    free(hands);
    return 0;
}

/* The command line on a file of the same hands (if bin/mjwait exists):
 * --waits, text and --json timed, and with TK_BENCH_CALLGRIND=1 the
 * instruction counts. */
static void bench_cli(char (*text)[MJ_HAND_TEXT], long n, const char *self)
{
    char path[] = "/tmp/bench_mjwait.XXXXXX";
    int fd = access("bin/mjwait", X_OK) == 0 ? mkstemp(path) : -1;
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f) {
        for (long i = 0; i < n; i++)
            fprintf(f, "%s\n", text[i]);
        fclose(f);
        const char *modes[3] = { "--waits", "", "--json" };
        printf("  bin/mjwait on a file of these %ld hands (median of 3 runs, cold process):\n", n);
        for (int m = 0; m < 3; m++) {
            char cmd[256];
            double t[3];
            snprintf(cmd, sizeof cmd, "bin/mjwait %s %s >/dev/null", modes[m], path);
            int ok = 1;
            for (int run = 0; run < 3 && ok; run++) {
                double t0 = bench_wall();
                ok = system(cmd) == 0;
                t[run] = bench_wall() - t0;
            }
            if (!ok) {
                printf("    mjwait %-8s failed\n", modes[m]);
                continue;
            }
            qsort(t, 3, sizeof t[0], bench_cmp_double);
            printf("    mjwait %-8s %10.0f hands/s  (%.3f s)\n", modes[m][0] ? modes[m] : "(text)", n / t[1], t[1]);
        }
        /* instruction counts (TK_BENCH_CALLGRIND=1 and valgrind installed):
         * --waits on these hands, --shanten on random 13/14-tile hands, and
         * --score --json against --json on the first 10,000 hands */
        const char *cg = getenv("TK_BENCH_CALLGRIND");
        if (cg && *cg == '1' && system("valgrind --version >/dev/null 2>&1") == 0) {
            double w = callgrind("--waits", path);
            char spath[] = "/tmp/bench_mjwait_sh.XXXXXX", small[] = "/tmp/bench_mjwait_10k.XXXXXX";
            int sfd = mkstemp(spath), tfd = mkstemp(small);
            FILE *sf = sfd >= 0 ? fdopen(sfd, "w") : NULL, *tf = tfd >= 0 ? fdopen(tfd, "w") : NULL;
            if (sf && tf) {
                for (long i = 0; i < n; i++) {
                    uint8_t c[34] = { 0 };
                    int k = 13 + (int)(i & 1);
                    for (int j = 0; j < k;) {
                        int x = (int)below(34);
                        if (c[x] < 4) { c[x]++; j++; }
                    }
                    mj_hand h;
                    memset(&h, 0, sizeof h);
                    memcpy(h.count, c, 34);
                    h.n_tiles = (uint8_t)k;
                    char buf[MJ_HAND_TEXT];
                    mj_hand_format(&h, buf, sizeof buf);
                    fprintf(sf, "%s\n", buf);
                    if (i < 10000)
                        fprintf(tf, "%s\n", text[i]);
                }
                fclose(sf);
                fclose(tf);
                double sh = callgrind("--shanten", spath);
                double sj = callgrind("--score --json", small), j = callgrind("--json", small);
                long m = n < 10000 ? n : 10000;
                printf("  callgrind, whole process: --waits %.0f instructions/hand (target <= 3,000), --shanten %.0f "
                       "(random 13/14-tile hands, target <= 1,500)\n", w / n, sh / n);
                printf("  callgrind, whole process: --score --json %.0f, --json %.0f instructions/hand: %.2fx "
                       "(target <= 3x)\n", sj / m, j / m, sj / j);
                double s2 = callgrind_self(self, n, 2), s1 = callgrind_self(self, n, 1);
                if (s1 > 0 && s2 > s1)
                    printf("  callgrind, library scoring: %.0f instructions/hand (one mj_score_hand pass over the "
                           "%ld hands: 2 passes minus 1)\n", (s2 - s1) / n, n);
            }
            remove(spath);
            remove(small);
        } else {
            printf("  (TK_BENCH_CALLGRIND=1 with valgrind installed adds whole-process instruction counts)\n");
        }
        remove(path);
    }
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--score-passes") == 0)
        return score_only(atol(argv[2]), atoi(argv[3]));
    long n = argc > 1 ? atol(argv[1]) : 100000;
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    if (n < 1 || runs < 1 || runs > 99) {
        fprintf(stderr, "usage: bench_mjwait [N_HANDS] [RUNS]\n");
        return 2;
    }
    mj_hand *hands = malloc((size_t)n * sizeof *hands);
    char (*text)[MJ_HAND_TEXT] = malloc((size_t)n * MJ_HAND_TEXT);
    mj_result *res = malloc(sizeof *res);
    mj_ctx *ctx = NULL;
    if (!hands || !text || !res || mj_ctx_create(&ctx, NULL)) {
        fprintf(stderr, "bench_mjwait: out of memory\n");
        return 1;
    }
    long tenpai = 0;
    int *wins = malloc((size_t)n * sizeof *wins);
    if (!wins)
        return 1;
    for (long i = 0; i < n; i++) {
        while (!gen_tenpai(&hands[i], &wins[i]))
            ;
        mj_hand_format(&hands[i], text[i], MJ_HAND_TEXT);
    }
    const char *names[4] = { "parse", "waits only", "full readings", "shanten" };
    double med[4], cold[4];
    volatile uint64_t sink = 0;
    for (int what = 0; what < 4; what++) {
        double t[100];
        for (int run = 0; run <= runs; run++) {
            double t0 = bench_wall();
            for (long i = 0; i < n; i++) {
                switch (what) {
                case 0: {
                    mj_hand h;
                    tk_error e;
                    sink += (uint64_t)mj_parse(&h, text[i], strlen(text[i]), &e) + h.n_tiles;
                    break;
                }
                case 1: sink += mj_waits(ctx, &hands[i], NULL); break;
                case 2: mj_analyze(ctx, &hands[i], 0, res, NULL); sink += (uint64_t)res->n_readings; break;
                default: { int sh = 0; mj_shanten(ctx, &hands[i], &sh, NULL); sink += (uint64_t)sh; break; }
                }
            }
            t[run] = bench_wall() - t0;
        }
        cold[what] = t[0];
        qsort(t + 1, (size_t)runs, sizeof t[0], bench_cmp_double);
        med[what] = t[1 + runs / 2];
    }
    for (long i = 0; i < n; i++)
        tenpai += mj_waits(ctx, &hands[i], NULL) != 0;
    printf("mjwait: %ld random tenpai hands (%ld with a live wait), median of %d warm runs, single thread\n",
           n, tenpai, runs);
    for (int w = 0; w < 4; w++)
        printf("  %-14s %10.0f hands/s  (%.1f ns/hand; cold first pass %.0f hands/s)\n", names[w],
               n / med[w], med[w] * 1e9 / n, n / cold[w]);
    printf("  targets: waits only >= 2,000,000/s, full readings >= 300,000/s, shanten >= 5,000,000/s\n");

    /* scoring: the same hands completed by the tile taken out (score_set),
     * median of the warm passes by wall clock and by this thread's CPU time */
    {
        mj_winctx *ws = score_set(hands, wins, n);
        if (!ws)
            return 1;
        double tw[100], tc[100];
        long scored = 0, noyaku = 0;
        for (int run = 0; run <= runs; run++) {
            long sc = 0, ny = 0;
            double w0 = bench_wall(), c0 = bench_cpu();
            sink += score_pass(hands, ws, n, &sc, &ny);
            tw[run] = bench_wall() - w0;
            tc[run] = bench_cpu() - c0;
            scored = sc;
            noyaku = ny;
        }
        double mw = bench_median(tw + 1, runs), mc = bench_median(tc + 1, runs);
        printf("  %-14s %10.0f hands/s  (%.1f ns/hand, median of %d; by CPU time %.0f hands/s; %ld scored, %ld "
               "without a yaku; target >= 1,000,000/s)\n", "score", n / mw, mw * 1e9 / n, runs, n / mc, scored, noyaku);
        for (long i = 0; i < n; i++) {
            hands[i].count[wins[i]]--;
            hands[i].n_tiles--;
        }
        free(ws);
    }

    bench_cli(text, n, argv[0]);
    (void)sink;
    mj_ctx_destroy(ctx);
    free(res);
    free(text);
    free(hands);
    free(wins);
    return 0;
}
