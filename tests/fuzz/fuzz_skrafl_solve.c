/* fuzz_skrafl_solve.c - libFuzzer target: parse a whole position, solve it,
 * and check every move against a plain re-reading of the board.
 *
 * Input: a CGP line (board and rack), or a first line holding the rack
 * followed by a board file.  Whatever parses and passes the rule checks is
 * solved with the small built-in dictionary of skrafl_fuzz_common.h, and
 * each generated move is checked independently of the generator: the move
 * is laid on a copy of the board (new tiles only on empty squares, board
 * tiles matching), the tiles come from the rack, the main word is maximal
 * (no tile just before or after it), the move touches a board tile or covers
 * the start square on an empty board, every word formed (the main word and
 * each perpendicular run through a new tile) is in the dictionary, and the
 * score equals a plain recount (letter values times letter premiums under new
 * tiles, times word premiums under new tiles, blanks 0, +50 for 7 tiles).
 * The move count also matches SK_COUNT_ONLY, and the best-first search
 * ranked by a leave function (a blank kept is worth much, so its separate
 * bound for the plays that use a blank is exercised) returns the first 1
 * and 5 of the full list sorted the same way.  The checks live in
 * skrafl_fuzz_check.h.  A broken invariant aborts. */
#include <stddef.h>
#include <stdint.h>

#include "skrafl_fuzz_check.h"
#include "skrafl_fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skf *F = skf_get();
    const char *s = (const char *)data;
    sk_board b;
    sk_rack r;
    tk_error err;
    if (sk_looks_like_cgp(s, size)) {
        if (sk_cgp_parse(&b, &r, F->e, s, size, &err) != 0)
            return 0;
    } else {
        const char *nl = memchr(s, '\n', size);
        if (!nl)
            return 0;
        size_t rl = (size_t)(nl - s);
        if (rl && s[rl - 1] == '\r')
            rl--;
        if (sk_rack_parse(&r, F->e, s, rl, &err) != 0 ||
            sk_board_parse(&b, F->e, nl + 1, size - (size_t)(nl + 1 - s), &err) != 0)
            return 0;
    }
    if (sk_position_check(F->e, &b, &r, NULL) != 0)
        return 0;
    skc_solve_and_check(F->g, F->d, &b, &r);
    return 0;
}
