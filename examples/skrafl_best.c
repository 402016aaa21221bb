/* skrafl_best.c - tilekit example: the best Scrabble moves of a position.
 *
 * Builds a dictionary (a small word list in memory, or the .dawg file given
 * as the first argument), makes an engine with the built-in English tile set
 * and the standard layout, parses a CGP position (the second argument, or
 * CAT on 8H with the rack ST), generates every legal move and prints the best
 * ones.  Build it against an installed tilekit:
 *
 *   cc -std=c11 skrafl_best.c $(pkg-config --cflags --libs tilekit) -o skrafl_best
 *   ./skrafl_best
 *   ./skrafl_best /usr/local/share/tilekit/dict/en.dawg \
 *       '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEINRST/ 0/0 0 lex x;'
 *
 * This file is part of tilekit, GPL-3.0-or-later.
 */
#include <stdio.h>
#include <string.h>

#include <tilekit/skrafl.h>

static const char words[] = "act\nacts\nas\nat\nca\ncat\ncats\nscat\nsat\nta\ntas\n";
static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz";

static int fail(const char *what, const tk_error *err)
{
    fprintf(stderr, "skrafl_best: %s: %s\n", what, err->msg);
    return 1;
}

int main(int argc, char **argv)
{
    const char *cgp = argc > 2 ? argv[2]
                               : "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 ST/ 0/0 0 lex x;";
    tk_error err = {0};
    dawg_graph *d = NULL;
    alpha_table a;
    if (argc > 1) {
        if (dawg_load(&d, argv[1], &err))
            return fail(argv[1], &err);
    } else if (alpha_parse(&a, alphabet, strlen(alphabet), &err) ||
               dawg_build(&d, &a, words, strlen(words), NULL, NULL, &err)) {
        return fail("dictionary", &err);
    }

    sk_tileset ts;
    sk_layout lay;
    sk_engine *e = NULL;
    sk_gen *g = NULL;
    sk_board b;
    sk_rack r;
    sk_movelist list = {0};
    int status = 1;
    if (sk_tileset_builtin(&ts, dawg_alphabet(d), "en", &err) ||
        sk_layout_builtin(&lay, "standard", &err) ||
        sk_engine_create(&e, d, &ts, &lay, &err)) {
        fail("engine", &err);
        goto out;
    }
    if (sk_cgp_parse(&b, &r, e, cgp, strlen(cgp), &err) || sk_position_check(e, &b, &r, &err)) {
        fail("position", &err);
        goto out;
    }
    if (sk_gen_create(&g, e, NULL)) {
        fprintf(stderr, "skrafl_best: out of memory\n");
        goto out;
    }
    list.limit = 5;                      /* keep only the best five */
    if (sk_generate(g, &b, &r, 0, &list, &err)) {
        fail("generate", &err);
        goto out;
    }
    sk_movelist_sort(e, &list);
    printf("tilekit %s: %llu moves\n", tilekit_version(), (unsigned long long)list.total);
    for (size_t i = 0; i < list.n; i++) {
        char coord[8], word[128], leave[16];
        sk_coord_format(list.v[i].row, list.v[i].col, list.v[i].dir, coord, sizeof coord);
        sk_move_format(&list.v[i], e, SK_FMT_PAREN, word, sizeof word);
        sk_rack_leave(&r, &list.v[i], e, leave, sizeof leave);
        printf("%-4s %-12s %3d  leave:%s\n", coord, word, list.v[i].score, leave[0] ? leave : "-");
    }
    status = 0;
out:
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    sk_engine_destroy(e);
    dawg_destroy(d);
    return status;
}
