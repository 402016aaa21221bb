/* sk_score.h - the scoring rule and the cross-word walk shared by the files
 * of src/skrafl (see score.c).  Not installed; the tki_ prefix marks
 * internal symbols of the library. */
#ifndef TILEKIT_SK_SCORE_H
#define TILEKIT_SK_SCORE_H

#include "tilekit/skrafl.h"

/* Points a new tile adds through its cross-word: (xsum + ls) * wm when the
 * square has a cross-word (xsum = the sum of its board tiles, >= 0), else 0.
 * ls = the tile's value times the square's letter premium, wm = the
 * square's word premium. */
static inline int sk_cross_points(int xsum, int ls, int wm)
{
    return xsum >= 0 ? (xsum + ls) * wm : 0;
}

/* The play's total: main word face sum times its word multiplier, plus the
 * cross-words, plus the bingo bonus when SK_RACK_MAX tiles were placed. */
static inline int sk_total_points(int msum, int wmul, int xtot, int placed)
{
    return msum * wmul + xtot + (placed == SK_RACK_MAX ? SK_BINGO : 0);
}

/* The cross-word through square (r, c) for a play in direction dir (0
 * across, 1 down), the square holding tile t (letter | SK_BLANK, non-zero)
 * and the board's tiles around it: fills *w (if not NULL; cells of board
 * tiles carry SK_ONBOARD) and returns its length, or 0 when the square has
 * no perpendicular neighbour. */
int tki_sk_cross_word(const sk_board *b, int r, int c, int dir, uint8_t t, sk_word *w);

/* Sum of the values of the board tiles of the cross-word through the empty
 * square (r, c) for a play in direction dir, or -1 if there is none. */
int tki_sk_cross_sum(const sk_engine *e, const sk_board *b, int r, int c, int dir);

#endif
