/* bench_skrafl.c - how fast skrafl finds the best moves and every move.
 *
 *   bench_skrafl [--runs N] [--once MODE] [--set SET] [--blanks K] [--shared DIR] [--bin DIR]
 *                [--leaves FILE]
 *   bench_skrafl --cgp FILE [--dict WORDS] [--lang L] [--modes M1,M2] [--once MODE | --index-stats]
 *
 * Two corpora, each with its own dictionary, loaded once:
 *   shared  the 48 positions of ../shared/vectors/skrafl-positions.jsonl (their
 *           CGP fields) with ../shared/words/en-wamerican-large-upper.txt;
 *   enable  mid-game positions made here with ../shared/words/enable2k.txt:
 *           games from a fixed seed in which each player plays its best move
 *           from a randomly drawn rack; every position from the 4th turn on
 *           while the bag still holds tiles.
 * For each corpus, single-threaded, in thread CPU time (the machine may be
 * shared), median of N runs: top-1 and top-10 (sk_generate_top), all moves
 * scored and stored (sk_generate), count only; positions/s, and the slowest
 * position of each.  Then the whole process `skrafl --count` on the shared
 * CGP lines.  Timings are informative, never asserted.
 *
 * Instructions per position: --once MODE (top1, top10, all, count) solves
 * every position of --set (shared, enable) once, each by one call of
 * bench_one(), and nothing else, so that callgrind can dump one profile per
 * position:
 *   valgrind --tool=callgrind --toggle-collect=bench_one --dump-after=bench_one \
 *       build/tools/bench_skrafl --once top1 --set shared
 * tools/callgrind-skrafl.sh runs this for every mode and set and prints the
 * median, 90th percentile and maximum instructions per position.
 *
 * --cgp FILE: the positions of a CGP file (tools/positions-LANG.cgp, made
 * by mkpositions) over --dict (default: the language's) with the language's
 * tile set and leave table: timed in the --modes given (default all), or
 * solved once in one mode (--once); the engine's word index is made before
 * the first position (TILEKIT_WINDEX=off: none).  --index-stats: the word
 * index's size and the median time to make it, and nothing else.
 */
#include "bench.h"
#include "cli/cli.h"
#include "core/tk_text.h"
#include "tilekit/skgame.h"
#include "tilekit/skrafl.h"
#include "tilekit/skwindex.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static double wall(void) { return tku_clock_seconds(); }
/* In-process timings use this thread's CPU time: on a loaded machine the
 * wall clock also counts the time the thread waited for a core. */
static double now(void) { return tku_cpu_seconds(); }

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

typedef struct pos {
    sk_board b;
    sk_rack r;
    char id[16];
    char *cgp;
} pos;

typedef struct corpus {
    const char *name;
    dawg_graph *d;
    sk_engine *e;
    sk_gen *g;
    pos *P;
    int np, cap;
} corpus;

enum { M_TOP1, M_TOP10, M_ALL, M_COUNT, M_EQ1, M_EQ10, M_EQALL, M_N };
static const char *const mode_name[M_N] = { "top1", "top10", "all", "count", "eqtop1", "eqtop10", "eqall" };

/* The English leave table for the equity modes (NULL: every leave 0). */
static sk_leaves *bench_leaves;
/* The modes bench_corpus times (bit m: mode m; --modes). */
static unsigned bench_modes = (1u << M_N) - 1;

/* Equity modes: the best 1 / 10 plays by equity with the leave table,
 * exchanges and the pass included, the state worked out from the unseen
 * tiles (what `skrafl --leaves en --top N` does): by the top-N search
 * (eqtop1, eqtop10), or by generating and ranking every play (eqall). */
static uint64_t bench_equity(sk_gen *g, const pos *p, int mode, sk_movelist *ml)
{
    const sk_engine *e = sk_gen_engine(g);
    int unseen[64];
    int nun = sk_unseen(e, &p->b, &p->r, unseen);
    sk_state st;
    sk_state_from_unseen(e, unseen, nun < 0 ? 0 : nun, &st);
    if (mode == M_EQALL) {
        sk_play *v = NULL;
        if (sk_generate(g, &p->b, &p->r, 0, ml, NULL))
            return 0;
        long n = sk_rank_plays(e, &p->r, &st, ml, sk_leaves_value, bench_leaves, 0, &v);
        free(v);
        return n > 0 ? 1 : 0;
    }
    sk_play out[10];
    long n = sk_top_plays(g, &p->b, &p->r, &st, 0, sk_leaves_value, bench_leaves, 0, mode == M_EQ1 ? 1 : 10, ml,
                          out, NULL);
    return n > 0 ? (uint64_t)n : 0;
}

/* One position, one mode: the unit callgrind measures. */
__attribute__((noinline)) uint64_t bench_one(sk_gen *g, const pos *p, int mode, sk_movelist *ml)
{
    switch (mode) {
    case M_EQ1: case M_EQ10: case M_EQALL: return bench_equity(g, p, mode, ml);
    case M_TOP1: sk_generate_top(g, &p->b, &p->r, 0, NULL, 1, ml, NULL); return ml->n;
    case M_TOP10: sk_generate_top(g, &p->b, &p->r, 0, NULL, 10, ml, NULL); return ml->n;
    case M_ALL: sk_generate(g, &p->b, &p->r, 0, ml, NULL); return ml->total;
    default: sk_generate(g, &p->b, &p->r, SK_COUNT_ONLY, ml, NULL); return ml->total;
    }
}

static pos *corpus_add(corpus *c)
{
    if (c->np == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 64;
        c->P = realloc(c->P, (size_t)c->cap * sizeof *c->P);
    }
    pos *p = &c->P[c->np];
    memset(p, 0, sizeof *p);
    return p;
}

static int corpus_open(corpus *c, const char *name, const char *wpath, const alpha_table *a)
{
    tk_error err = {0};
    size_t wlen;
    memset(c, 0, sizeof *c);
    c->name = name;
    char *words = cli_read_file(wpath, &wlen, &err);
    if (!words)
        return -1;
    int rc = dawg_build(&c->d, a, words, wlen, NULL, NULL, &err);
    free(words);
    sk_tileset ts;
    sk_layout lay;
    if (rc || sk_tileset_builtin(&ts, dawg_alphabet(c->d), "en", &err) ||
        sk_layout_builtin(&lay, "standard", &err) || sk_engine_create(&c->e, c->d, &ts, &lay, &err) ||
        sk_gen_create(&c->g, c->e, NULL)) {
        cli_error(wpath, err.line, "%s", err.msg);
        return -1;
    }
    return 0;
}

/* A corpus of the CGP lines of a file (tools/positions-LANG.cgp, made by
 * mkpositions), over dictionary dict (NULL: the language's) with the
 * language's tile set on the standard board. */
static int corpus_open_cgp(corpus *c, const char *path, const char *dict, const char *lang)
{
    tk_error err = {0};
    size_t len;
    memset(c, 0, sizeof *c);
    c->name = path;
    sk_tileset ts;
    c->e = bench_skrafl_engine(dict, lang, &c->d, &ts);
    char *text = c->e ? cli_load_file(path, &len) : NULL;
    if (!text || sk_gen_create(&c->g, c->e, NULL))
        return -1;
    tku_lines it;
    const char *line;
    size_t ll;
    tku_lines_init(&it, text, len, TKU_LINES_BLANK);
    for (long no = 1; tku_lines_next(&it, &line, &ll); no++) {
        pos *p = corpus_add(c);
        if (sk_cgp_parse(&p->b, &p->r, c->e, line, ll, &err)) {
            cli_error(path, no, "%s", err.msg);
            free(text);
            return -1;
        }
        snprintf(p->id, sizeof p->id, "line%d", (int)(no % 1000000));
        p->cgp = strndup(line, ll);
        c->np++;
    }
    free(text);
    return 0;
}

static void corpus_free(corpus *c)
{
    for (int i = 0; i < c->np; i++)
        free(c->P[i].cgp);
    free(c->P);
    sk_gen_destroy(c->g);
    sk_engine_destroy(c->e);
    dawg_destroy(c->d);
}

/* The "cgp" fields of the shared vectors (one JSON object a line). */
static void load_shared(corpus *c, const char *vec, size_t vlen, int only_blanks)
{
    tk_error err = {0};
    tku_lines it;
    const char *line;
    size_t len;
    tku_lines_init(&it, vec, vlen, TKU_LINES_BLANK);
    while (tku_lines_next(&it, &line, &len)) {
        char *l = strndup(line, len);
        char *q0 = l ? strstr(l, "\"cgp\": \"") : NULL, *id = l ? strstr(l, "\"id\": \"") : NULL;
        char *q = q0 ? strchr(q0 + 8, '"') : NULL;
        if (q) {
            q0 += 8;
            pos *p = corpus_add(c);
            p->cgp = strndup(q0, (size_t)(q - q0));
            snprintf(p->id, sizeof p->id, "%.*s", id ? 4 : 1, id ? id + 7 : "?");
            if (p->cgp && sk_cgp_parse(&p->b, &p->r, c->e, p->cgp, strlen(p->cgp), &err) == 0 &&
                (only_blanks < 0 || p->r.blanks == only_blanks))
                c->np++;
            else
                free(p->cgp);
        }
        free(l);
    }
}

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int draw(uint64_t *s, int *bag, int n)
{
    int total = 0;
    for (int l = 0; l <= n; l++)
        total += bag[l];
    if (!total)
        return -1;
    int k = (int)(rng_next(s) % (uint64_t)total);
    for (int l = 0; l <= n; l++) {
        if (k < bag[l]) {
            bag[l]--;
            return l;
        }
        k -= bag[l];
    }
    return -1;
}

/* Games of best moves from random racks; positions from turn 4 on while the bag is not empty. */
static void make_games(corpus *c, int games, uint64_t seed, int only_blanks)
{
    const sk_tileset *ts = sk_engine_tileset(c->e);
    int nl = ts->nletters, dim = sk_engine_layout(c->e)->dim;
    sk_movelist ml = {0};
    uint64_t s = seed;
    for (int gi = 0; gi < games; gi++) {
        int bag[64];
        for (int l = 0; l <= nl; l++)
            bag[l] = ts->count[l];
        sk_board b;
        memset(&b, 0, sizeof b);
        b.dim = dim;
        sk_rack hands[2];
        memset(hands, 0, sizeof hands);
        for (int turn = 0, passes = 0; passes < 4; turn++) {
            sk_rack *h = &hands[turn & 1];
            while (h->n < SK_RACK_MAX) {
                int l = draw(&s, bag, nl);
                if (l < 0)
                    break;
                if (l)
                    h->count[l]++;
                else
                    h->blanks++;
                h->n++;
            }
            int left = 0;
            for (int l = 0; l <= nl; l++)
                left += bag[l];
            if (h->n == 0 || left == 0)
                break;
            if (turn >= 3 && (only_blanks < 0 || h->blanks == only_blanks)) {
                pos *p = corpus_add(c);
                p->b = b;
                p->r = *h;
                snprintf(p->id, sizeof p->id, "g%02dt%02d", gi % 100, turn % 100);
                c->np++;
            }
            if (sk_generate_top(c->g, &b, h, 0, NULL, 1, &ml, NULL) || ml.n == 0) {
                passes++;
                continue;
            }
            passes = 0;
            const sk_move *m = &ml.v[0];
            for (int i = 0; i < m->len; i++) {
                uint8_t x = m->word[i];
                if (x & SK_ONBOARD)
                    continue;
                b.sq[(m->row + (m->dir ? i : 0)) * dim + m->col + (m->dir ? 0 : i)] = x;
                if (x & SK_BLANK)
                    h->blanks--;
                else
                    h->count[x & SK_LETTER]--;
                h->n--;
            }
        }
    }
    sk_movelist_free(&ml);
}

/* Time every mode on a corpus. */
static void bench_corpus(corpus *c, int runs, sk_movelist *ml)
{
    int np = c->np;
    if (!np)
        return;
    printf("%s: %d positions\n", c->name, np);
    double *pt = calloc((size_t)np * (size_t)runs, sizeof *pt), *rt = calloc((size_t)runs, sizeof *rt);
    double base = 0;
    for (int mode = 0; mode < M_N; mode++) {
        if (!(bench_modes >> mode & 1))
            continue;
        uint64_t out = 0;
        for (int run = 0; run < runs; run++) {
            out = 0;
            double s = now();
            for (int i = 0; i < np; i++) {
                double ps = now();
                out += bench_one(c->g, &c->P[i], mode, ml);
                pt[(size_t)i * (size_t)runs + (size_t)run] = now() - ps;
            }
            rt[run] = now() - s;
        }
        double mt = median(rt, runs), worst = 0;
        int wi = 0;
        for (int i = 0; i < np; i++) {
            double m = median(pt + (size_t)i * (size_t)runs, runs);
            if (m > worst) {
                worst = m;
                wi = i;
            }
        }
        if (mode == M_ALL)
            base = mt;
        printf("  %-5s %8.1f ms  %8.0f positions/s  slowest %s %.2f ms  (%llu %s)\n", mode_name[mode], mt * 1e3,
               np / mt, c->P[wi].id, worst * 1e3, (unsigned long long)out, mode == M_ALL || mode == M_COUNT ? "moves" : "kept");
    }
    (void)base;
    free(pt);
    free(rt);
}

/* The whole skrafl process on the corpus's positions (one CGP file), with
 * --jobs 1 and with all cores: median wall clock of `runs` runs. */
static void bench_whole_process(const corpus *cs, const char *bindir, const char *wpath, int runs)
{
    char cgpf[] = "/tmp/bench_skrafl_XXXXXX";
    int fd = mkstemp(cgpf);
    if (fd >= 0) {
        FILE *f = fdopen(fd, "w");
        for (int i = 0; i < cs->np; i++)
            fprintf(f, "%s\n", cs->P[i].cgp);
        fclose(f);
        for (int jobs1 = 1; jobs1 >= 0; jobs1--) {
            char cmd[8192];
            snprintf(cmd, sizeof cmd, "%s/skrafl --dict %s --count --cgp %s%s > /dev/null", bindir, wpath, cgpf,
                     jobs1 ? " --jobs 1" : "");
            double *wt = calloc((size_t)runs, sizeof *wt);
            int ok = 1;
            for (int run = 0; run < runs && ok; run++) {
                double s = wall();
                int st = system(cmd);
                wt[run] = wall() - s;
                ok = st == 0;
            }
            if (ok)
                printf("whole process (wall clock): skrafl --dict WORDS --count --cgp FILE%s: median %.1f ms\n",
                       jobs1 ? " --jobs 1" : " (all cores)", median(wt, runs) * 1e3);
            else
                printf("whole process: '%s' failed\n", cmd);
            free(wt);
        }
        unlink(cgpf);
    }
}

/* The leave table of language lang for the equity modes: path, else the
 * shipped one; NULL (empty leaves) when there is none. */
static sk_leaves *load_bench_leaves(const sk_engine *e, const char *lang, const char *path)
{
    char buf[4096];
    const char *lp = path ? path : bench_leaves_path(lang, buf, sizeof buf);
    sk_leaves *lv = lp ? bench_load_leaves(lp, sk_engine_alphabet(e), sk_engine_tileset(e)) : NULL;
    if (!lv)
        printf("bench_skrafl: no leave table for %s: the equity modes use empty leaves\n", lang);
    return lv;
}

/* --once MODE: one pass of the corpus, for callgrind (tools/callgrind-skrafl.sh). */
static void run_once(corpus *c, int once, const char *set, sk_movelist *ml)
{
    uint64_t out = 0;
    for (int i = 0; i < c->np; i++)
        out += bench_one(c->g, &c->P[i], once, ml);
    printf("once %s %s: %d positions, %llu\n", mode_name[once], set, c->np, (unsigned long long)out);
}

/* --index-stats: the word index of engine e's dictionary, made `runs`
 * times on fresh engines (the first search makes it): its size and the
 * median CPU time of making it. */
static void index_stats(const corpus *c, const char *dict, int runs)
{
    double *t = calloc((size_t)runs, sizeof *t);
    const sk_windex *x = NULL;
    for (int r = 0; r < runs && t; r++) {
        sk_engine *e = NULL;
        tk_error err = {0};
        if (sk_engine_create(&e, c->d, sk_engine_tileset(c->e), sk_engine_layout(c->e), &err))
            break;
        double s = now();
        x = sk_engine_windex(e);
        t[r] = now() - s;
        if (r == runs - 1 && x)
            printf("word index of %s: %zu words of 2..%d letters, %.1f MB, made in %.1f ms (median of %d)\n",
                   dict, sk_windex_words(x), sk_windex_maxlen(x), sk_windex_bytes(x) / 1048576.0,
                   median(t, runs) * 1e3, runs);
        sk_engine_destroy(e);
    }
    free(t);
}

/* --cgp FILE: the positions of FILE only, once in mode `once` (>= 0, for
 * callgrind) or timed in every mode (--modes). */
static int bench_cgp_file(const char *path, const char *dict, const char *lang, const char *leaves_path, int once,
                          int runs, int stats)
{
    corpus c;
    if (corpus_open_cgp(&c, path, dict, lang)) {
        corpus_free(&c);
        return CLI_EXIT_DATA;
    }
    bench_leaves = load_bench_leaves(c.e, lang, leaves_path);
    if (stats)
        index_stats(&c, dict ? dict : lang, runs);
    sk_engine_windex(c.e);   /* made here, not in the first position's search */
    sk_movelist ml = {0};
    if (once >= 0)
        run_once(&c, once, path, &ml);
    else if (!stats)
        bench_corpus(&c, runs, &ml);
    sk_movelist_free(&ml);
    corpus_free(&c);
    sk_leaves_destroy(bench_leaves);
    return 0;
}

/* The command line. */
typedef struct bargs {
    int runs, once, only_blanks, games, stats;
    const char *shared, *set, *bindir, *leaves_path, *cgp, *dict, *lang;
} bargs;

/* --modes LIST into bench_modes: 0, or -1 when no mode is named. */
static int parse_modes(const char *list)
{
    bench_modes = 0;
    for (int m = 0; m < M_N; m++) {
        const char *p = strstr(list, mode_name[m]);
        size_t n = strlen(mode_name[m]);
        while (p && ((p > list && p[-1] != ',') || (p[n] && p[n] != ',')))
            p = strstr(p + 1, mode_name[m]);
        if (p)
            bench_modes |= 1u << m;
    }
    return bench_modes ? 0 : -1;
}

/* The options into a: 0, or an exit status. */
static int parse_args(int argc, char **argv, bargs *a)
{
    static const struct option lo[] = {
        { "runs", required_argument, 0, 'n' }, { "once", required_argument, 0, 'o' },
        { "set", required_argument, 0, 'S' }, { "games", required_argument, 0, 'g' },
        { "shared", required_argument, 0, 's' }, { "bin", required_argument, 0, 'b' },
        { "blanks", required_argument, 0, 'k' }, { "leaves", required_argument, 0, 'L' },
        { "cgp", required_argument, 0, 'c' }, { "dict", required_argument, 0, 'd' },
        { "lang", required_argument, 0, 'l' }, { "modes", required_argument, 0, 'm' },
        { "index-stats", no_argument, 0, 'i' }, { 0, 0, 0, 0 }
    };
    int ch;
    while ((ch = getopt_long(argc, argv, "n:o:S:g:s:b:k:", lo, NULL)) != -1) {
        switch (ch) {
        case 'n': a->runs = atoi(optarg) > 0 ? atoi(optarg) : 1; break;
        case 'o':
            for (int m = 0; m < M_N; m++)
                if (strcmp(optarg, mode_name[m]) == 0)
                    a->once = m;
            if (a->once < 0) {
                cli_error(NULL, 0, "--once: top1, top10, all, count, eqtop1, eqtop10 or eqall");
                return CLI_EXIT_USAGE;
            }
            break;
        case 'S': a->set = optarg; break;
        case 'g': a->games = atoi(optarg) > 0 ? atoi(optarg) : 1; break;
        case 's': a->shared = optarg; break;
        case 'b': a->bindir = optarg; break;
        case 'k': a->only_blanks = atoi(optarg); break;
        case 'L': a->leaves_path = optarg; break;
        case 'c': a->cgp = optarg; break;
        case 'd': a->dict = optarg; break;
        case 'l': a->lang = optarg; break;
        case 'i': a->stats = 1; break;
        case 'm':
            if (parse_modes(optarg)) {
                cli_error(NULL, 0, "--modes: a comma-separated list of top1, top10, all, count, eqtop1, eqtop10, eqall");
                return CLI_EXIT_USAGE;
            }
            break;
        default: return CLI_EXIT_USAGE;
        }
    }
    if (!a->shared || !*a->shared)
        a->shared = "../shared";
    return 0;
}

/* The shared and enable corpora: solved once in mode a->once, or timed. */
static int bench_corpora(const bargs *a, const char *vec, size_t vlen, const char *wpath, const char *epath)
{
    alpha_table al;
    if (access("data/alphabets/en.txt", R_OK) == 0 ? cli_load_alphabet("data/alphabets/en.txt", &al)
                                                   : cli_load_alphabet("en", &al))
        return CLI_EXIT_DATA;
    corpus cs, ce;
    int want_s = a->once < 0 || strcmp(a->set, "shared") == 0, want_e = a->once < 0 || strcmp(a->set, "enable") == 0;
    if (a->once >= 0 && !want_s && !want_e) {
        cli_error(NULL, 0, "--set: shared or enable");
        return CLI_EXIT_USAGE;
    }
    memset(&cs, 0, sizeof cs);
    memset(&ce, 0, sizeof ce);
    if (want_s && corpus_open(&cs, "shared (wamerican-large, 48 vector positions)", wpath, &al))
        return CLI_EXIT_DATA;
    if (want_s)
        load_shared(&cs, vec, vlen, a->only_blanks);
    if (want_e && corpus_open(&ce, "enable (ENABLE2K, mid-game positions of best-move games)", epath, &al))
        return CLI_EXIT_DATA;
    if (want_e)
        make_games(&ce, a->games, 0x5c2af1, a->only_blanks);
    bench_leaves = load_bench_leaves(want_s ? cs.e : ce.e, "en", a->leaves_path);
    sk_movelist ml = {0};
    if (a->once >= 0) {
        run_once(want_s ? &cs : &ce, a->once, a->set, &ml);
    } else {
        printf("in process, 1 thread, CPU time, median of %d runs (top1/top10: sk_generate_top; all: every move "
               "scored and stored; count: SK_COUNT_ONLY)\n", a->runs);
        bench_corpus(&cs, a->runs, &ml);
        bench_corpus(&ce, a->runs, &ml);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("peak RSS %.1f MB\n", ru.ru_maxrss / 1024.0);
        bench_whole_process(&cs, a->bindir, wpath, a->runs);
    }
    sk_movelist_free(&ml);
    corpus_free(&cs);
    corpus_free(&ce);
    sk_leaves_destroy(bench_leaves);
    return 0;
}

int main(int argc, char **argv)
{
    cli_init("bench_skrafl");
    bargs a = { 5, -1, -1, 12, 0, getenv("TK_SHARED"), "shared", "bin", NULL, NULL, NULL, "en" };
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc;
    if (a.cgp)
        return bench_cgp_file(a.cgp, a.dict, a.lang, a.leaves_path, a.once, a.runs, a.stats);
    char vpath[4096], wpath[4096], epath[4096];
    snprintf(vpath, sizeof vpath, "%s/vectors/skrafl-positions.jsonl", a.shared);
    snprintf(wpath, sizeof wpath, "%s/words/en-wamerican-large-upper.txt", a.shared);
    snprintf(epath, sizeof epath, "%s/words/enable2k.txt", a.shared);
    tk_error err = {0};
    size_t vlen;
    char *vec = cli_read_file(vpath, &vlen, &err);
    if (!vec || access(wpath, R_OK) || access(epath, R_OK)) {
        printf("bench_skrafl: %s, %s or %s not found; skipped\n", vpath, wpath, epath);
        free(vec);
        return 0;
    }
    rc = bench_corpora(&a, vec, vlen, wpath, epath);
    free(vec);
    return rc;
}
