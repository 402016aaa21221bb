/* mkwintab.c - make a win-percentage table (tilekit/sksim.h's sk_wintab) by
 * self-play.
 *
 *   mkwintab [--dict FILE] [--lang en] [--leaves FILE] [--games N] [--seed S] [-o FILE]
 *
 * Plays N games (default 4000) equity v equity with the leave table (the
 * shipped one of the language by default), game i seeded sk_game_seed(S, i)
 * and started by player i mod 2.  After every turn (placement, exchange or
 * pass) that is not the game's last, the player who moved gives one sample:
 * the spread from that player's side after the turn, the tiles that player
 * cannot see then (bag + the opponent's rack: tiles not on the board less
 * the player's own rack at its next turn), and the outcome of the game for
 * that player (1 win, 1/2 tie, 0 loss).  For every u = 0..93 the samples
 * with u unseen tiles, together with those within 2 of u (so each estimate
 * rests on a few thousand samples), are fitted by maximum likelihood to
 * W(s) = 1 / (1 + exp(-s / scale)) (a one-parameter logistic, symmetric
 * about a spread of 0; found by bisection on the likelihood's derivative
 * in k = 1 / scale); a u with fewer than 2,000 such samples (the first
 * turns of a game) is left out, so it takes the scale of the u below.
 * Output: `unseen,scale` CSV with a comment saying how it
 * was made.  The result depends only on the options (one thread).
 */
#include "bench.h"
#include "cli/cli.h"
#include "tilekit/sksim.h"

#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sample {
    float spread;
    float y;
} sample;

typedef struct bucket {
    sample *v;
    size_t n, cap;
} bucket;

static int add(bucket *b, double spread, double y)
{
    sample *v = tku_grow(b->v, &b->cap, b->n + 1, sizeof *v, 256);
    if (!v)
        return -1;
    b->v = v;
    b->v[b->n].spread = (float)spread;
    b->v[b->n].y = (float)y;
    b->n++;
    return 0;
}

/* d/dk of the log-likelihood of W = 1 / (1 + exp(-k s)): sum (y - W) s. */
static double slope(const bucket *bs, int lo, int hi, double k)
{
    double d = 0;
    for (int u = lo; u <= hi; u++)
        for (size_t i = 0; i < bs[u].n; i++) {
            double s = bs[u].v[i].spread;
            d += (bs[u].v[i].y - 1 / (1 + exp(-k * s))) * s;
        }
    return d;
}

/* One game's samples into bs[u]: after each turn but the game's last, the
 * mover's spread, the tiles it cannot see then, and its outcome.  *umax is
 * raised to the largest u seen, *nsamples counts them.  -1: out of memory. */
static int game_samples(const sk_game *gm, int total, bucket *bs, int *umax, long *nsamples)
{
    int fin[2] = { gm->scores[0], gm->scores[1] };
    int sc[2] = { 0, 0 }, board = 0;
    for (int t = 0; t < gm->nturns; t++) {
        const sk_turn *tu = &gm->turns[t];
        if (tu->kind > SK_TURN_PASS)
            break;
        int p = tu->player;
        sc[p] = tu->total;
        if (tu->kind == SK_TURN_MOVE)
            board += tu->play.move.ntiles;
        /* the player's rack at its next turn */
        int next = -1;
        for (int k = t + 1; k < gm->nturns && next < 0; k++)
            if (gm->turns[k].player == p && gm->turns[k].kind <= SK_TURN_PASS)
                next = k;
        if (next < 0)
            continue;
        int u = total - board - gm->turns[next].rack.n;
        if (u < 0 || u >= SK_WINTAB_MAX)
            continue;
        double y = fin[p] > fin[1 - p] ? 1 : fin[p] == fin[1 - p] ? 0.5 : 0;
        if (add(&bs[u], sc[p] - sc[1 - p], y))
            return -1;
        (*nsamples)++;
        if (u > *umax)
            *umax = u;
    }
    return 0;
}

/* Play `games` games equity v equity with leave table lv, their samples into
 * bs (see game_samples).  0, or an exit status after reporting. */
static int play_games(const sk_engine *e, sk_leaves *lv, long games, long seed, int total,
                      bucket *bs, int *umax, long *nsamples)
{
    tk_error err = {0};
    sk_gen *g = NULL;
    sk_movelist list = {0};
    sk_game *gm = malloc(sizeof *gm);
    if (!gm || sk_gen_create(&g, e, &err))
        return CLI_EXIT_DATA;
    sk_player pl[2] = { { "a", SK_STRAT_EQUITY, sk_leaves_value, lv }, { "b", SK_STRAT_EQUITY, sk_leaves_value, lv } };
    for (long i = 0; i < games; i++) {
        if (sk_selfplay(g, &list, pl, (int)(i % 2), sk_game_seed((uint64_t)seed, (uint64_t)i), gm, &err)) {
            cli_error(NULL, 0, "%s", err.msg);
            return CLI_EXIT_DATA;
        }
        if (game_samples(gm, total, bs, umax, nsamples))
            return CLI_EXIT_DATA;
    }
    free(gm);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    return 0;
}

/* The scale of the samples with a..b unseen tiles: 1 / k for the k where the
 * likelihood's slope, which falls as k grows, crosses 0 (bisection between
 * 1e-5 and 10). */
static double fit_scale(const bucket *bs, int a, int b)
{
    double lo_k = 1e-5, hi_k = 10;
    if (slope(bs, a, b, hi_k) > 0) {
        lo_k = hi_k;
    } else {
        for (int it = 0; it < 60; it++) {
            double mid = sqrt(lo_k * hi_k);
            if (slope(bs, a, b, mid) > 0)
                lo_k = mid;
            else
                hi_k = mid;
        }
    }
    return 1 / sqrt(lo_k * hi_k);
}

/* The table as CSV, with a comment saying how it was made. */
static void write_table(FILE *f, const bucket *bs, int umax, long games, const char *lang, long seed, long nsamples)
{
    fprintf(f, "# tilekit win-percentage table: W(s, u) = 1 / (1 + exp(-s / scale[u])), the probability that\n"
               "# the player who has just moved wins at spread s with u tiles unseen (tilekit/sksim.h).\n"
               "# Made by tools/mkwintab.c: %ld self-play games equity v equity (%s leaves), seed %ld,\n"
               "# %ld samples, each u fitted with the samples of u-2..u+2 (a u with fewer than 2,000 of them is left out).\n"
               "unseen,scale\n",
            games, lang, seed, nsamples);
    for (int u = 0; u <= umax; u++) {
        int a = u >= 2 ? u - 2 : 0, b = u + 2 <= umax ? u + 2 : umax;
        size_t n = 0;
        for (int k = a; k <= b; k++)
            n += bs[k].n;
        if (n < 2000)
            continue;   /* too few (the first turns): the table takes the scale of the u below */
        fprintf(f, "%d,%.3f\n", u, fit_scale(bs, a, b));
    }
}

int main(int argc, char **argv)
{
    cli_init("mkwintab");
    static const struct option lo[] = {
        { "dict", required_argument, 0, 'd' }, { "lang", required_argument, 0, 'l' },
        { "leaves", required_argument, 0, 'L' }, { "games", required_argument, 0, 'g' },
        { "seed", required_argument, 0, 's' }, { "output", required_argument, 0, 'o' },
        { "force", no_argument, 0, 'F' }, { 0, 0, 0, 0 }
    };
    const char *dict = NULL, *lang = "en", *leaves = NULL, *out = NULL;
    long games = 4000, seed = 1;
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":d:l:L:g:s:o:", lo, NULL)) != -1) {
        switch (ch) {
        case 'd': dict = optarg; break;
        case 'l': lang = optarg; break;
        case 'L': leaves = optarg; break;
        case 'g': games = cli_parse_long("--games", optarg, 1, LONG_MAX); break;
        case 's': seed = cli_parse_long("--seed", optarg, 0, LONG_MAX); break;
        case 'o': out = optarg; break;
        case 'F': cli_out_set_force(1); break;
        default: cli_getopt_error(ch, argv);
        }
    }
    dawg_graph *d = NULL;
    sk_tileset ts;
    sk_engine *e = bench_skrafl_engine(dict, lang, &d, &ts);
    if (!e)
        return CLI_EXIT_DATA;
    char buf[4096];
    const char *lp = leaves ? leaves : bench_leaves_path(lang, buf, sizeof buf);
    if (!lp) {
        cli_error(NULL, 0, "no leaves/%s.tkl (give --leaves)", lang);
        return CLI_EXIT_DATA;
    }
    sk_leaves *lv = bench_load_leaves(lp, sk_engine_alphabet(e), sk_engine_tileset(e));
    if (!lv)
        return CLI_EXIT_DATA;
    bucket bs[SK_WINTAB_MAX];
    memset(bs, 0, sizeof bs);
    int umax = 0;
    long nsamples = 0;
    int rc = play_games(e, lv, games, seed, ts.total, bs, &umax, &nsamples);
    if (rc)
        return rc;
    cli_out o;                  /* the output-file rule: cli_outfile.h */
    tk_error err = {0};
    FILE *f = stdout;
    if (out) {
        if (cli_out_open(&o, out, &err) != 0) {
            cli_error(out, 0, "%s", err.msg);
            return CLI_EXIT_DATA;
        }
        f = o.f;
    }
    write_table(f, bs, umax, games, lang, seed, nsamples);
    if (out && cli_out_commit(&o, &err) != 0) {
        cli_error(out, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    for (int u = 0; u < SK_WINTAB_MAX; u++)
        free(bs[u].v);
    sk_leaves_destroy(lv);
    sk_engine_destroy(e);
    dawg_destroy(d);
    return 0;
}
