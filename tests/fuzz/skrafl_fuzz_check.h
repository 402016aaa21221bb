/* skrafl_fuzz_check.h - an independent check of one generated move, shared
 * by the whole-solve fuzz targets (fuzz_skrafl_solve, fuzz_sklayout).
 *
 * skc_check_move() lays the move on a copy of the board and re-reads it
 * plainly, without the generator's cross-sets or scoring tables: new tiles
 * only on empty squares and board tiles matching, tiles taken from the rack,
 * the main word maximal, the move touching a board tile (or covering the
 * start square on an empty board), every word formed (main word and each
 * perpendicular run through a new tile) in the dictionary, and the score
 * equal to a recount (letter values times letter premiums under new tiles,
 * times word premiums under new tiles, blanks 0, +50 for 7 tiles).  A broken
 * invariant aborts. */
#ifndef SKRAFL_FUZZ_CHECK_H
#define SKRAFL_FUZZ_CHECK_H

#include <stdlib.h>
#include <string.h>

#include "tilekit/skrafl.h"

/* Score of the run through square (r,c) along dir (0 across, 1 down) on the
 * new board nb; *len gets its length, *ok whether it is a dictionary word. */
static int skc_run_score(const sk_engine *E, const dawg_graph *D, const uint8_t *nb, const uint8_t *isnew, int dim, int r, int c,
                     int dir, int *len, int *ok)
{
    const sk_layout *l = sk_engine_layout(E);
    const sk_tileset *ts = sk_engine_tileset(E);
    int dr = dir, dc = !dir;
    while (r - dr >= 0 && c - dc >= 0 && nb[(r - dr) * dim + c - dc]) {
        r -= dr;
        c -= dc;
    }
    uint8_t w[SK_MAX_DIM];
    int n = 0, sum = 0, wm = 1;
    while (r < dim && c < dim && nb[r * dim + c]) {
        int q = r * dim + c, t = nb[q];
        int v = (t & SK_BLANK) ? 0 : ts->value[t & SK_LETTER];
        if (isnew[q]) {
            v *= l->lmul[q];
            wm *= l->wmul[q];
        }
        sum += v;
        w[n++] = (uint8_t)(t & SK_LETTER);
        r += dr;
        c += dc;
    }
    *len = n;
    *ok = n >= 2 && dawg_contains(D, w, n);
    return sum * wm;
}

static void skc_check_move(const sk_engine *E, const dawg_graph *D, const sk_board *b, const sk_rack *rk, const sk_move *m)
{
    int dim = b->dim, dr = m->dir, dc = !m->dir;
    uint8_t nb[SK_MAX_SQ], isnew[SK_MAX_SQ] = { 0 };
    int used[64] = { 0 }, blanks = 0, placed = 0, touches = 0, start = 0;
    const sk_layout *l = sk_engine_layout(E);
    memcpy(nb, b->sq, sizeof nb);
    if (m->len < 2 || m->row >= dim || m->col >= dim || (m->dir ? m->row : m->col) + m->len > dim)
        abort();
    for (int k = 0; k < m->len; k++) {
        int r = m->row + k * dr, c = m->col + k * dc, q = r * dim + c, t = m->word[k];
        int letter = t & SK_LETTER;
        if (letter < 1 || letter > dawg_alphabet(D)->size)
            abort();
        if (t & SK_ONBOARD) {
            if (!b->sq[q] || (int)(b->sq[q] & SK_LETTER) != letter)
                abort();
            touches = 1;
            continue;
        }
        if (b->sq[q])
            abort();
        nb[q] = (uint8_t)(t & (SK_LETTER | SK_BLANK));
        isnew[q] = 1;
        placed++;
        if (t & SK_BLANK)
            blanks++;
        else
            used[letter]++;
        if (r == l->start_row && c == l->start_col)
            start = 1;
        /* neighbours across the line count as touching */
        if ((r - dc >= 0 && c - dr >= 0 && b->sq[(r - dc) * dim + c - dr]) ||
            (r + dc < dim && c + dr < dim && b->sq[(r + dc) * dim + c + dr]))
            touches = 1;
    }
    if (placed != m->ntiles || placed < 1 || placed > rk->n || blanks > rk->blanks)
        abort();
    for (int i = 0; i < 64; i++)
        if (used[i] > rk->count[i])
            abort();
    /* the main word is maximal */
    int r0 = m->row - dr, c0 = m->col - dc, r1 = m->row + m->len * dr, c1 = m->col + m->len * dc;
    if ((r0 >= 0 && c0 >= 0 && b->sq[r0 * dim + c0]) || (r1 < dim && c1 < dim && b->sq[r1 * dim + c1]))
        abort();
    if (sk_board_empty(b) ? !start : !touches)
        abort();
    int len, ok, score = skc_run_score(E, D, nb, isnew, dim, m->row, m->col, m->dir, &len, &ok);
    if (len != m->len || !ok)
        abort();
    for (int k = 0; k < m->len; k++) {
        int r = m->row + k * dr, c = m->col + k * dc;
        if (!isnew[r * dim + c])
            continue;
        int s = skc_run_score(E, D, nb, isnew, dim, r, c, !m->dir, &len, &ok);
        if (len >= 2) {
            if (!ok)
                abort();
            score += s;
        }
    }
    if (placed == SK_RACK_MAX)
        score += SK_BINGO;
    if (score != m->score)
        abort();
}

/* A leave function for the ranked check: a hash of the kept counts (up to
 * +-20 points, in thousandths) plus 25 points per blank kept, so that the
 * plays that use a blank are often ranked below the others (the best-first
 * search's separate bound for them, src/skrafl/topn.c, then matters). */
static int32_t skc_leave(void *ctx, const uint8_t counts[64])
{
    (void)ctx;
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int l = 0; l < 64; l++) {
        h ^= counts[l] + (uint64_t)l * 0x100;
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    return (int32_t)(h % 40001) - 20000 + 25000 * counts[0];
}

/* The best n by that leave function (sk_generate_top) are the first n of
 * the full list sorted the same way. */
static void skc_check_ranked(sk_gen *g, const sk_board *b, const sk_rack *r, const sk_movelist *all0)
{
    const sk_engine *E = sk_gen_engine(g);
    sk_rank rank = { skc_leave, NULL };
    sk_movelist all = { 0 }, top = { 0 };
    if (sk_generate(g, b, r, 0, &all, NULL))
        abort();
    if (all.n != all0->n)
        abort();
    sk_movelist_sort_ranked(E, r, &rank, &all);
    static const size_t ns[] = { 1, 5 };
    for (size_t k = 0; k < sizeof ns / sizeof *ns; k++) {
        if (sk_generate_top(g, b, r, 0, &rank, ns[k], &top, NULL))
            abort();
        if (top.n != (all.n < ns[k] ? all.n : ns[k]))
            abort();
        for (size_t i = 0; i < top.n; i++)
            if (top.v[i].equity != all.v[i].equity || sk_move_cmp(E, &top.v[i], &all.v[i]) != 0)
                abort();
    }
    sk_movelist_free(&all);
    sk_movelist_free(&top);
}

/* Solve b/r with generator g and check every move; also the count-only
 * figure, that no move is listed twice, and the best-first search ranked
 * by a leave function against the full list. */
static void skc_solve_and_check(sk_gen *g, const dawg_graph *D, const sk_board *b, const sk_rack *r)
{
    const sk_engine *E = sk_gen_engine(g);
    sk_movelist all = { 0 }, cnt = { 0 };
    if (sk_generate(g, b, r, 0, &all, NULL) || sk_generate(g, b, r, SK_COUNT_ONLY, &cnt, NULL))
        abort();
    if (all.n != all.total || cnt.total != all.n)
        abort();
    for (size_t i = 0; i < all.n; i++)
        skc_check_move(E, D, b, r, &all.v[i]);
    sk_movelist_sort(E, &all);
    for (size_t i = 1; i < all.n; i++)
        if (sk_move_cmp(E, &all.v[i - 1], &all.v[i]) == 0 &&
            memcmp(all.v[i - 1].word, all.v[i].word, all.v[i].len) == 0)
            abort();
    skc_check_ranked(g, b, r, &all);
    sk_movelist_free(&all);
    sk_movelist_free(&cnt);
}

#endif
