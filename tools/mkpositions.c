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

/* The leave table: --leaves FILE, else leaves/LANG.tkl in the data path or data/. */
static sk_leaves *load_leaves(const sk_engine *e, const char *lang, const char *path)
{
    char rel[64], top[64], buf[4096];
    snprintf(rel, sizeof rel, "leaves/%s.tkl", lang);
    snprintf(top, sizeof top, "data/leaves/%s.tkl", lang);
    const char *lp = path ? path : cli_find_data(rel, buf, sizeof buf);
    if (!lp)
        lp = top;
    size_t len;
    char *text = cli_load_file(lp, &len);
    if (!text)
        return NULL;
    sk_leaves *lv = NULL;
    tk_error err = {0};
    if (sk_leaves_load(&lv, sk_engine_alphabet(e), sk_engine_tileset(e), text, len, &err))
        cli_error(lp, err.line, "%s", err.msg);
    free(text);
    return lv;
}

/* One letter as a CGP cell: upper case a tile, lower case a blank; a
 * letter of several characters in brackets. */
static void put_letter(FILE *f, const alpha_table *a, uint8_t t)
{
    unsigned l = t & SK_LETTER;
    const char *s = t & SK_BLANK ? a->lower[l] : a->upper[l];
    int cps = 0;   /* code points */
    for (const char *p = s; *p; p++)
        cps += (*p & 0xC0) != 0x80;
    fprintf(f, cps > 1 ? "[%s]" : "%s", s);
}

static void write_cgp(FILE *f, const sk_engine *e, const sk_board *b, const sk_rack *r)
{
    const alpha_table *a = sk_engine_alphabet(e);
    for (int row = 0; row < b->dim; row++) {
        int run = 0;
        for (int c = 0; c < b->dim; c++) {
            uint8_t t = b->sq[row * b->dim + c];
            if (!t) {
                run++;
                continue;
            }
            if (run)
                fprintf(f, "%d", run);
            run = 0;
            put_letter(f, a, t);
        }
        if (run)
            fprintf(f, "%d", run);
        fputc(row + 1 < b->dim ? '/' : ' ', f);
    }
    for (int l = 1; l <= a->size && l < 64; l++)
        for (int k = 0; k < r->count[l]; k++)
            put_letter(f, a, (uint8_t)l);
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
    sk_leaves *lv = e ? load_leaves(e, a.lang, a.leaves) : NULL;
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
