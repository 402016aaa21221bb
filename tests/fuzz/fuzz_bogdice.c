/* fuzz_bogdice.c - libFuzzer target: Boggle dice-set parser and rolls.
 *
 * Input: dice-set text.  A parse error must carry a message that is valid
 * UTF-8 without control characters (the README's rule: bad bytes as \xNN)
 * and name a line.  A set that parses must
 * have rows * cols dice of 1..BOG_DIE_FACES_MAX faces, each a non-empty,
 * NUL-free, valid UTF-8 face; if its faces fit the English alphabet,
 * rolling straight into a grid must give the grid that parsing the rolled
 * text gives (same draws), and the grid must solve.  Any violation aborts. */
#include "tilekit/boggle.h"

#include <stdlib.h>
#include <string.h>

/* The README's rule for messages: valid UTF-8, no control character (C0,
 * DEL, C1); a printable non-ASCII character (U+FEFF, U+202E quoted in a
 * face) may appear. */
static int printable(const char *m)
{
    size_t n = strlen(m);
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int k = alpha_utf8_decode(m + i, n - i, &cp);
        if (k <= 0 || cp < 0x20 || (cp >= 0x7F && cp < 0xA0))
            return 0;
        i += (size_t)k;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static alpha_table a;
    static dawg_graph *d;
    static bog_dict *bd;
    static bog_solver *s;
    static bog_dice dice;
    static bog_grid g, h;
    if (!d) {
        const char *words = "cat\nact\ntea\neat\nqua\nthe\nthen\nseat\nstate\n";
        if (alpha_parse(&a, "abcdefghijklmnopqrstuvwxyz", 26, NULL) != TK_OK ||
            dawg_build(&d, &a, words, strlen(words), NULL, NULL, NULL) != TK_OK ||
            bog_dict_create(&bd, d, NULL) != TK_OK || bog_solver_create(&s, bd, NULL) != TK_OK)
            abort();
    }
    tk_error err = {0};
    if (bog_dice_parse(&dice, (const char *)data, size, &err) != TK_OK) {
        if (!err.msg[0] || !printable(err.msg))
            abort();
        return 0;
    }
    if (dice.rows < 1 || dice.cols < 1 || dice.ndice != dice.rows * dice.cols || dice.ndice > BOG_DICE_MAX)
        abort();
    for (int i = 0; i < dice.ndice; i++) {
        if (dice.nfaces[i] < 1 || dice.nfaces[i] > BOG_DIE_FACES_MAX)
            abort();
        for (int f = 0; f < dice.nfaces[i]; f++) {
            const char *t = dice.face[i][f];
            size_t n = strlen(t);
            uint32_t cp;
            if (n == 0 || n > BOG_FACE_TEXT_MAX)
                abort();
            for (size_t k = 0; k < n;) {
                int m = alpha_utf8_decode(t + k, n - k, &cp);
                if (m <= 0)
                    abort();
                k += (size_t)m;
            }
        }
    }
    if (bog_dice_check(&dice, &a, &err) != TK_OK)
        return 0;
    for (uint64_t seed = 0; seed < 3; seed++) {
        uint64_t r1 = seed, r2 = seed;
        size_t need = bog_dice_roll(&dice, &r1, NULL, 0);
        char *text = malloc(need + 1);
        if (!text)
            abort();
        r1 = seed;
        bog_dice_roll(&dice, &r1, text, need + 1);
        if (bog_dice_roll_grid(&dice, &a, &r2, &g, &err) != TK_OK || r1 != r2)
            abort();
        int parsed = bog_grid_parse(&h, &a, text, need, &err) == TK_OK;
        free(text);
        /* a blocked cell rolls text that parses too; rows of blanks only do not */
        if (parsed) {
            if (h.rows != g.rows || h.cols != g.cols)
                abort();
            for (int i = 0; i < g.rows * g.cols; i++)
                if (h.n[i] != g.n[i] || memcmp(h.let[i], g.let[i], g.n[i]) != 0)
                    abort();
        }
        bog_result res;
        if (bog_solve(s, &g, 3, BOG_COUNT, &res, &err) != TK_OK)
            abort();
    }
    return 0;
}
