/* score.c - the scoring rule and the cross-word walk, in one place.
 *
 * A play scores its main word plus every cross-word that one of its new
 * tiles forms.  Premiums count only under new tiles; blanks are worth 0.
 * For a new tile of value v on a square with letter premium lm and word
 * premium wm:
 *   - the main word's face sum grows by v * lm (a board tile adds its value),
 *     and its word multiplier is multiplied by wm;
 *   - if the square has perpendicular neighbours, the cross-word through it
 *     scores (sum of its board tiles + v * lm) * wm;
 * and the total is face * multiplier + cross-words + SK_BINGO when
 * SK_RACK_MAX tiles were placed.  The generator applies the same rule
 * incrementally (sk_cross_points / sk_total_points in sk_internal.h, with
 * the cross sum of each square computed once per position by
 * tki_sk_cross_sum); sk_move_score applies it to a finished move, so
 * sk_check and any caller score a play exactly as the generator does.
 *
 * The cross-word walk (tki_sk_cross_word) is the one place that finds the
 * perpendicular word through a square: the scorer, sk_move_words and
 * sk_check all use it.
 */
#include "sk_internal.h"
#include "sk_score.h"

#include <string.h>

int tki_sk_cross_word(const sk_board *b, int r, int c, int dir, uint8_t t, sk_word *w)
{
    int dim = b->dim;
    /* Along the perpendicular: (dr, dc) = (0, 1) for a down play's cross-word. */
    int dr = dir ? 0 : 1, dc = dir ? 1 : 0;
    int r0 = r, c0 = c;
    while (r0 - dr >= 0 && c0 - dc >= 0 && b->sq[(r0 - dr) * dim + (c0 - dc)]) {
        r0 -= dr;
        c0 -= dc;
    }
    int n = 0;
    for (int rr = r0, cc = c0; rr < dim && cc < dim; rr += dr, cc += dc) {
        uint8_t x = (rr == r && cc == c) ? t : b->sq[rr * dim + cc];
        if (!x)
            break;
        if (w)
            w->cell[n] = (rr == r && cc == c) ? (uint8_t)(t & ~SK_ONBOARD) : (uint8_t)(x | SK_ONBOARD);
        n++;
    }
    if (n < 2)
        return 0;
    if (w) {
        w->row = (uint8_t)r0;
        w->col = (uint8_t)c0;
        w->dir = (uint8_t)!dir;
        w->len = (uint8_t)n;
    }
    return n;
}

int tki_sk_cross_sum(const sk_engine *e, const sk_board *b, int r, int c, int dir)
{
    sk_word w;
    int n = tki_sk_cross_word(b, r, c, dir, SK_LETTER, &w);   /* any non-zero tile */
    if (!n)
        return -1;
    int sum = 0;
    for (int i = 0; i < n; i++)
        if (w.cell[i] & SK_ONBOARD)
            sum += e->val[w.cell[i] & (SK_LETTER | SK_BLANK)];
    return sum;
}

int sk_move_score(const sk_move *m, const sk_engine *e, const sk_board *b)
{
    int dim = b->dim, dr = m->dir ? 1 : 0, dc = m->dir ? 0 : 1;
    int msum = 0, wmul = 1, xtot = 0, placed = 0;
    for (int i = 0; i < m->len; i++) {
        int r = m->row + dr * i, c = m->col + dc * i, q = r * dim + c;
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD) {
            msum += e->val[t & (SK_LETTER | SK_BLANK)];
            continue;
        }
        int ls = e->val[t & (SK_LETTER | SK_BLANK)] * e->lay.lmul[q], wm = e->lay.wmul[q];
        msum += ls;
        wmul *= wm;
        placed++;
        xtot += sk_cross_points(tki_sk_cross_sum(e, b, r, c, m->dir), ls, wm);
    }
    return sk_total_points(msum, wmul, xtot, placed);
}
