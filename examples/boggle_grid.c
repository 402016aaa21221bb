/* boggle_grid.c - tilekit example: every word in a Boggle grid.
 *
 * Builds a dictionary (a small word list in memory, or the .dawg file given
 * as the first argument), prepares it once for Boggle (bog_dict, shareable
 * between threads), parses a grid (the second argument, rows separated by
 * '/', default "ca/ts") and prints each word with its score and path.
 * Build it against an installed tilekit:
 *
 *   cc -std=c11 boggle_grid.c $(pkg-config --cflags --libs tilekit) -o boggle_grid
 *   ./boggle_grid
 *   ./boggle_grid /usr/local/share/tilekit/dict/en.dawg pers/late/gins/rbed
 *
 * This file is part of tilekit, GPL-3.0-or-later.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tilekit/boggle.h>

static const char words[] = "act\nacts\ncast\ncat\ncats\nsac\nsat\nscat\ntas\ntax\n";

int main(int argc, char **argv)
{
    const char *spec = argc > 2 ? argv[2] : "ca/ts";
    tk_error err = {0};
    dawg_graph *d = NULL;
    bog_dict *bd = NULL;
    bog_solver *s = NULL;
    int status = 1;
    if (argc > 1 ? dawg_load(&d, argv[1], &err)
                 : dawg_build(&d, NULL, words, strlen(words), NULL, NULL, &err)) {
        fprintf(stderr, "boggle_grid: dictionary: %s\n", err.msg);
        return 1;
    }
    if (bog_dict_create(&bd, d, &err) || bog_solver_create(&s, bd, &err)) {
        fprintf(stderr, "boggle_grid: %s\n", err.msg);
        goto out;
    }
    /* The grid text: one row a line. */
    char text[2048];
    snprintf(text, sizeof text, "%s", spec);
    for (char *p = text; *p; p++)
        if (*p == '/')
            *p = '\n';
    static bog_grid grid;                   /* about 10 KB: not on the stack */
    if (bog_grid_parse(&grid, bog_dict_alphabet(bd), text, strlen(text), &err)) {
        fprintf(stderr, "boggle_grid: grid: %s\n", err.msg);   /* the message names the row */
        goto out;
    }
    bog_result res;
    if (bog_solve(s, &grid, 3, BOG_TEXT | BOG_PATHS, &res, &err)) {
        fprintf(stderr, "boggle_grid: %s\n", err.msg);
        goto out;
    }
    for (size_t i = 0; i < res.count; i++) {
        const bog_word *w = &res.words[i];
        printf("%-10s %2d ", res.text + w->text, w->score);
        for (int k = 0; k < w->ncells; k++) {
            int cell = res.paths[w->path + k];
            printf(" %d,%d", cell / grid.cols, cell % grid.cols);
        }
        printf("\n");
    }
    printf("%zu words, %ld points (tilekit %s)\n", res.count, res.score, tilekit_version());
    status = 0;
out:
    bog_solver_destroy(s);
    bog_dict_destroy(bd);
    dawg_destroy(d);
    return status;
}
