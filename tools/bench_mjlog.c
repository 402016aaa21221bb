/* bench_mjlog.c - game records: logs a second through the reader and
 * through `mjwait --log`.
 *
 *   bench_mjlog [ROUNDS] [RUNS]
 *
 * Writes one seeded random game of ROUNDS (default 10) full rounds as
 * Tenhou .mjlog XML (every round played to the end of the wall: 70 draws
 * and discards, a pon now and then; random hands, so every discard is
 * reviewed the same way a real one is), then times, median of RUNS:
 *   parse     mj_log_parse of the text (the reader and its checking replay)
 *   review    bin/mjwait --log --json FILE, a fresh process each run (the
 *             whole review: shanten and ukeire of every option of every
 *             discard, output included), when bin/mjwait exists (make bench
 *             runs from the top of the tree)
 *   batch     bin/mjwait --log --json --jobs 2 on 20 copies of the file
 * (wall time and the CPU time of the processes: the machine may be shared).
 * Timings are informative, never asserted. */
#include "tilekit/mjlog.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint32_t below(uint32_t n) { return (uint32_t)((bench_xorshift(&rng) >> 16) % n); }

typedef struct text { char *p; size_t len, cap; } text;

static void put(text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->p = realloc(t->p, t->cap);
        if (!t->p) { perror("bench_mjlog"); exit(1); }
    }
    memcpy(t->p + t->len, s, n + 1);
    t->len += n;
}

static void gen_game(text *t, int rounds)
{
    char b[256];
    put(t, "<mjloggm ver=\"2.3\"><GO type=\"169\"/><UN n0=\"a\" n1=\"b\" n2=\"c\" n3=\"d\"/>");
    for (int k = 0; k < rounds; k++) {
        int wall[136], hand[4][136] = { { 0 } };
        for (int i = 0; i < 136; i++) wall[i] = i;
        for (int i = 135; i > 0; i--) { int j = (int)below((uint32_t)i + 1), x = wall[i]; wall[i] = wall[j]; wall[j] = x; }
        int dealer = k % 4, w = 0;
        snprintf(b, sizeof b, "<INIT seed=\"%d,0,0,0,0,%d\" ten=\"250,250,250,250\" oya=\"%d\"", k, wall[135], dealer);
        put(t, b);
        for (int s = 0; s < 4; s++) {
            snprintf(b, sizeof b, " hai%d=\"", s);
            put(t, b);
            for (int i = 0; i < 13; i++) {
                hand[s][wall[w]] = 1;
                snprintf(b, sizeof b, "%s%d", i ? "," : "", wall[w++]);
                put(t, b);
            }
            put(t, "\"");
        }
        put(t, "/>");
        int actor = dealer, draws = 0, need_draw = 1, melds[4] = { 0 };
        while (draws < 70) {
            if (need_draw) {
                hand[actor][wall[w]] = 1;
                snprintf(b, sizeof b, "<%c%d/>", "TUVW"[actor], wall[w++]);
                put(t, b);
                draws++;
            }
            int id = (int)below(136);
            while (!hand[actor][id]) id = (id + 1) % 136;
            hand[actor][id] = 0;
            snprintf(b, sizeof b, "<%c%d/>", "DEFG"[actor], id);
            put(t, b);
            if (draws >= 70) break;
            /* a pon by the seat across now and then */
            int s = (actor + 2) & 3, tl = id / 4, a = -1, c = -1;
            for (int x = 0; x < 4; x++)
                if (hand[s][4 * tl + x]) { if (a < 0) a = 4 * tl + x; else c = 4 * tl + x; }
            if (c >= 0 && melds[s] < 4 && below(2) == 0) {
                int ids[3] = { a, c, id };
                for (int i = 0; i < 3; i++) for (int j = i + 1; j < 3; j++)
                    if (ids[j] < ids[i]) { int x = ids[i]; ids[i] = ids[j]; ids[j] = x; }
                int unused = 6 - ids[0] % 4 - ids[1] % 4 - ids[2] % 4, r = 0;
                while (ids[r] != id) r++;
                hand[s][a] = hand[s][c] = 0;
                melds[s]++;
                snprintf(b, sizeof b, "<N who=\"%d\" m=\"%d\"/>", s, ((tl * 3 + r) << 9) | (unused << 5) | 0x8 | 2);
                put(t, b);
                actor = s;
                need_draw = 0;
                continue;
            }
            actor = (actor + 1) & 3;
            need_draw = 1;
        }
        put(t, "<RYUUKYOKU ba=\"0,0\"/>");
    }
    put(t, "</mjloggm>\n");
}

static double child_cpu(void)
{
    struct rusage u;
    getrusage(RUSAGE_CHILDREN, &u);
    return (double)u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + (double)u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

/* Median wall time of cmd; *cpu = median CPU time of its processes. */
static double run(const char *cmd, int runs, double *cpu)
{
    double v[64], c[64];
    for (int i = 0; i < runs; i++) {
        double t0 = bench_wall(), c0 = child_cpu();
        if (system(cmd) != 0) return -1;
        v[i] = bench_wall() - t0;
        c[i] = child_cpu() - c0;
    }
    *cpu = bench_median(c, runs);
    return bench_median(v, runs);
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 10, runs = argc > 2 ? atoi(argv[2]) : 7;
    if (rounds < 1) rounds = 1;
    if (runs < 1 || runs > 64) runs = 7;
    text t = { 0 };
    gen_game(&t, rounds);
    double v[64];
    long events = 0;
    for (int i = 0; i < runs; i++) {
        double t0 = bench_wall();
        mj_log *log = NULL;
        tk_error err = { 0 };
        if (mj_log_parse(t.p, t.len, &log, &err)) {
            fprintf(stderr, "bench_mjlog: the generated log does not parse: %s\n", err.msg);
            return 1;
        }
        v[i] = bench_wall() - t0;
        events = 0;
        for (int k = 0; k < log->n_rounds; k++) events += log->rounds[k].n_events;
        mj_log_free(log);
    }
    double p = bench_median(v, runs);
    printf("one game of %d rounds: %ld events, %zu bytes\n", rounds, events, t.len);
    printf("parse (reader + checking replay)   %8.3f ms   %8.0f logs/s\n", p * 1e3, 1 / p);
    if (access("bin/mjwait", X_OK) != 0) {
        printf("(bin/mjwait not found: review not timed)\n");
        free(t.p);
        return 0;
    }
    char dir[] = "/tmp/bench_mjlogXXXXXX";
    if (!mkdtemp(dir)) { perror("mkdtemp"); return 1; }
    char path[128], cmd[4096];
    for (int c = 0; c < 20; c++) {
        snprintf(path, sizeof path, "%s/g%02d.mjlog", dir, c);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(t.p, 1, t.len, f) != t.len) { perror(path); return 1; }
        fclose(f);
    }
    snprintf(cmd, sizeof cmd, "bin/mjwait --log --json --jobs 1 %s/g00.mjlog > /dev/null", dir);
    double c1, r1 = run(cmd, runs, &c1);
    printf("review, one log (mjwait --log --json, fresh process)  %8.3f ms wall %8.3f ms CPU   %6.1f logs/s\n",
           r1 * 1e3, c1 * 1e3, 1 / r1);
    snprintf(cmd, sizeof cmd, "bin/mjwait --log --json --jobs 2 %s/g*.mjlog > /dev/null", dir);
    double c20, r20 = run(cmd, runs, &c20);
    printf("review, 20 logs (--jobs 2, one process)               %8.3f ms wall %8.3f ms CPU   %6.1f logs/s "
           "(%.1f a CPU second)\n", r20 * 1e3, c20 * 1e3, 20 / r20, 20 / c20);
    if (getenv("TK_BENCH_KEEP")) { printf("kept %s\n", dir); free(t.p); return 0; }
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) return 1;
    free(t.p);
    return 0;
}
