/* mkpositions.c - mid-game positions of self-play games, as CGP lines.
 *
 *   mkpositions [--lang en|is] [--dict FILE] [--leaves FILE] [--games N] [--seed S]
 *               [--count M] [--blanks B] [-o FILE]
 *
 * Plays games of the static equity player against itself (the language's
 * shipped leave table, or --leaves) from seed S (sk_selfplay, game i seeded
 * sk_game_seed(S, i)) and writes the position before every turn from the
 * second on while the bag still holds a tile (so exchanges may be
 * possible and leave values count): the board, the rack of the player to
 * move, scores 0/0, no opcodes (--blanks B: only racks with B blanks).
 * Stops after M positions (default: every one of the N games).  Deterministic: the same arguments write the same
 * file.  The best-move benchmarks (tools/vs-magpie.sh, bench_skrafl --cgp)
 * run through these files; tools/positions-en.cgp and positions-is.cgp were
 * made by
 *   build/tools/mkpositions --lang en --dict ../shared/words/enable2k.txt --games 12 --seed 41 --count 217
 *   build/tools/mkpositions --lang is --games 12 --seed 41 --count 217
 */
#include "bench.h"
#include "tilekit/skgame.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

typedef struct mp_args {
    const char *lang, *dict, *leaves, *out;
    long games, count;
    uint64_t seed;
    int blanks;           /* only racks with this many blanks (-1: any) */
} mp_args;

static void parse_args(int argc, char **argv, mp_args *a)
{
    static const struct option lo[] = {
        { "lang", required_argument, 0, 'l' }, { "dict", required_argument, 0, 'd' },
        { "leaves", required_argument, 0, 'L' }, { "games", required_argument, 0, 'g' },
        { "seed", required_argument, 0, 's' }, { "count", required_argument, 0, 'c' },
        { "output", required_argument, 0, 'o' }, { "blanks", required_argument, 0, 'b' }, { 0, 0, 0, 0 }
    };
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":l:d:L:g:s:c:o:b:", lo, NULL)) != -1) {
        switch (ch) {
        case 'l': a->lang = optarg; break;
        case 'd': a->dict = optarg; break;
        case 'L': a->leaves = optarg; break;
        case 'g': a->games = cli_parse_long("--games", optarg, 1, 100000); break;
        case 's': a->seed = (uint64_t)cli_parse_long("--seed", optarg, 0, LONG_MAX); break;
        case 'c': a->count = cli_parse_long("--count", optarg, 1, LONG_MAX); break;
        case 'o': a->out = optarg; break;
        case 'b': a->blanks = (int)cli_parse_long("--blanks", optarg, 0, SK_RACK_MAX); break;
        default: cli_getopt_error(ch, argv);
        }
    }
    if (strcmp(a->lang, "en") && strcmp(a->lang, "is"))
        cli_usage_error("--lang: en or is");
}

/* One position: the board's rows, then the rack, scores 0/0, no scoreless turns. */
static void write_cgp(FILE *f, const sk_engine *e, const sk_board *b, const sk_rack *r)
{
    const alpha_table *a = sk_engine_alphabet(e);
    bench_cgp_rows(f, e, b);
    fputc(' ', f);
    for (int l = 1; l <= a->size && l < 64; l++)
        for (int k = 0; k < r->count[l]; k++)
            bench_cgp_tile(f, a, (uint8_t)l);
    for (int k = 0; k < r->blanks; k++)
        fputc('?', f);
    fprintf(f, "/ 0/0 0\n");
}

/* The tiles of play m onto board b. */
static void apply(sk_board *b, const sk_move *m)
{
    for (int i = 0; i < m->len; i++)
        if (!(m->word[i] & SK_ONBOARD))
            b->sq[(m->row + (m->dir ? i : 0)) * b->dim + m->col + (m->dir ? 0 : i)] = m->word[i];
}

/* The positions of one game into f (at most *left more); returns how many. */
static long game_positions(FILE *f, const sk_engine *e, const sk_game *gm, long left, int blanks)
{
    int total = sk_engine_tileset(e)->total;
    long n = 0;
    sk_board b;
    memset(&b, 0, sizeof b);
    b.dim = sk_engine_layout(e)->dim;
    for (int t = 0, ontable = 0; t < gm->nturns && n < left; t++) {
        const sk_turn *tu = &gm->turns[t];
        if (tu->kind > SK_TURN_PASS)
            break;
        if (t > 0 && ontable + 2 * SK_RACK_MAX < total && (blanks < 0 || tu->rack.blanks == blanks)) {
            write_cgp(f, e, &b, &tu->rack);
            n++;
        }
        if (tu->kind == SK_TURN_MOVE) {
            apply(&b, &tu->play.move);
            ontable += tu->play.move.ntiles;
        }
    }
    return n;
}

int main(int argc, char **argv)
{
    cli_init("mkpositions");
    mp_args a = { "en", NULL, NULL, NULL, 12, LONG_MAX, 41, -1 };
    parse_args(argc, argv, &a);
    dawg_graph *d;
    sk_tileset ts;
    sk_engine *e = bench_skrafl_engine(a.dict, a.lang, &d, &ts);
    char buf[4096];
    const char *lp = a.leaves ? a.leaves : bench_leaves_path(a.lang, buf, sizeof buf);
    if (e && !lp)
        cli_error(NULL, 0, "no leave table leaves/%s.tkl: give --leaves", a.lang);
    sk_leaves *lv = e && lp ? bench_load_leaves(lp, sk_engine_alphabet(e), sk_engine_tileset(e)) : NULL;
    sk_gen *g = NULL;
    sk_game *gm = malloc(sizeof *gm);
    FILE *f = a.out ? fopen(a.out, "w") : stdout;
    int rc = !lv || !gm || !f || sk_gen_create(&g, e, NULL) ? CLI_EXIT_DATA : 0;
    if (!f)
        cli_error(a.out, 0, "cannot write");
    sk_player pl[2] = { { "equity1", SK_STRAT_EQUITY, sk_leaves_value, lv },
                        { "equity2", SK_STRAT_EQUITY, sk_leaves_value, lv } };
    sk_movelist list = {0};
    tk_error err = {0};
    long written = 0;
    for (long i = 0; !rc && i < a.games && written < a.count; i++) {
        if (sk_selfplay(g, &list, pl, (int)(i % 2), sk_game_seed(a.seed, (uint64_t)i), gm, &err)) {
            cli_error(NULL, 0, "%s", err.msg);
            rc = CLI_EXIT_DATA;
        } else {
            written += game_positions(f, e, gm, a.count - written, a.blanks);
        }
    }
    if (f && f != stdout && fclose(f) && !rc) {
        cli_error(a.out, 0, "cannot write");
        rc = CLI_EXIT_DATA;
    }
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    free(gm);
    sk_leaves_destroy(lv);
    sk_engine_destroy(e);
    dawg_destroy(d);
    return rc;
}
