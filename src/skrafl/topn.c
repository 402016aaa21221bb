/* topn.c - the best n moves without generating all of them.
 *
 * Every move is found exactly once, from its leftmost anchor (movegen.c), so
 * the anchors (square, direction) split the moves into disjoint groups.  For
 * each group an upper bound on the rank of any of its moves is computed by
 * a "shadow" walk over the line that places no letters:
 *
 *   - the main word's span starts at the tiles just left of the anchor (a
 *     fixed left part) or anywhere in the room before it (empty squares
 *     that are not anchors, no further than the rack allows), runs through
 *     the anchor, and may end before any empty square; squares whose
 *     cross-check leaves no tile of the rack (no letter at all without a
 *     blank) stop the walk, and so does running out of tiles;
 *   - for a span with k empty squares, a new tile of value v on square i
 *     scores v * lm_i * (WM + cw_i): WM the product of the span's word
 *     premiums, cw_i the square's word premium if it makes a cross-word
 *     (else 0).  The rack's k best tile values, in descending order,
 *     against these coefficients sorted descending, is the best any
 *     assignment of tiles can do (rearrangement inequality), whatever the
 *     dictionary allows; add the board tiles of the span times WM, the
 *     cross-words' fixed parts (their board tiles times the square's word
 *     premium) and the bingo bonus when k = 7;
 *   - sb[k], the best such bound over spans with k new tiles, becomes a rank
 *     bound sb[k] * 1000 + best[k], where best[k] is the best leave value
 *     kept after playing k tiles of this rack (0 when ranking by score);
 *     the group's bound is the largest over k.
 *
 * The groups are then searched best bound first (a binary heap), each by the
 * ordinary generator, into a bounded heap of the best n moves; the search
 * stops as soon as the heap is full and the next bound is below the n-th
 * move's rank: no move left can enter.  Equal bounds are searched, so ties
 * are broken exactly as in the full sorted list.
 */
#include "sk_gen.h"

#include <string.h>

typedef struct unit {
    int64_t bound;
    uint8_t o, line, a;
    uint8_t s0;                     /* the leftmost start of its plays */
} unit;

/* The shadow walk for anchor a of the current line: sb[k] = an upper bound
 * on the score of any move from this anchor placing k tiles (INT64_MIN if
 * none can).  vals: the rack's tile values, descending. */
static int shadow(const sk_gen *g, int a, const int *vals, int64_t *sb)
{
    const uint8_t *row = g->row, *wm = g->wm, *lm = g->lm, *val = g->e->val;
    const alpha_set *xs = g->xs;
    const int16_t *xw = g->xw;
    int nt = g->ntiles, s0, s1;
    int64_t fixed = 0;
    for (int k = 0; k <= SK_RACK_MAX; k++)
        sb[k] = INT64_MIN;
    if (a > 0 && row[a - 1]) {
        int p = a - 1;
        while (p > 0 && row[p - 1])
            p--;
        for (int q = p; q < a; q++)
            fixed += val[row[q]];
        s0 = s1 = p;
    } else {
        int room = sk_gen_room(g, a);
        if (room > nt - 1)
            room = nt - 1;
        s0 = a - room;
        s1 = a;
    }
    for (int s = s0; s <= s1; s++) {
        int lmv[SK_RACK_MAX], cwv[SK_RACK_MAX], k = 0;
        int64_t WM = 1, bsum = fixed, xfix = 0;
        for (int q = s; q < a && !row[q]; q++) {   /* room squares: never a cross-word */
            lmv[k] = lm[q];
            cwv[k++] = 0;
            WM *= wm[q];
        }
        for (int q = a;; q++) {
            if (row[q]) {
                bsum += val[row[q]];
            } else {
                if (!xs[q] || k == nt)
                    break;
                lmv[k] = lm[q];
                cwv[k] = 0;
                if (xw[q] >= 0) {
                    cwv[k] = wm[q];
                    xfix += (int64_t)xw[q] * wm[q];
                }
                k++;
                if (WM < ((int64_t)1 << 30))
                    WM *= wm[q];
            }
            if (row[q + 1] || q == s)
                continue;
            /* A span [s, q] that can end here: coefficients, sorted descending. */
            int64_t c[SK_RACK_MAX];
            for (int i = 0; i < k; i++) {
                int64_t v = lmv[i] * (WM + cwv[i]);
                int j = i;
                while (j > 0 && c[j - 1] < v) {
                    c[j] = c[j - 1];
                    j--;
                }
                c[j] = v;
            }
            int64_t t = bsum * WM + xfix + (k == SK_RACK_MAX ? SK_BINGO : 0);
            for (int i = 0; i < k; i++)
                t += c[i] * vals[i];
            if (t > sb[k])
                sb[k] = t;
        }
    }
    return s0;
}

/* Before searching anchor a of the current line: its rank bound per number
 * of tiles (for kmin), and the k-th empty square from every square. */
static void search_prepare(sk_gen *g, int a)
{
    int64_t sb[SK_RACK_MAX + 1];
    shadow(g, a, g->vals, sb);
    g->usb[0] = INT64_MIN;
    for (int k = 1; k <= SK_RACK_MAX + 1; k++)
        g->usb[k] = k <= g->ntiles && sb[k] != INT64_MIN ? sb[k] * 1000 + g->leaves->best[k] : INT64_MIN;
    g->kthr = INT32_MIN;
    g->kmin = 1;
    const uint8_t *row = g->row;
    const alpha_set *xs = g->xs;
    for (int q = g->dim; q >= 0; q--) {
        uint8_t *nk = g->nextk[q];
        if (q == g->dim || (!row[q] && !xs[q])) {
            memset(nk, 255, SK_RACK_MAX + 1);
        } else if (row[q]) {
            memcpy(nk, g->nextk[q + 1], SK_RACK_MAX + 1);
        } else {
            nk[0] = (uint8_t)q;
            nk[1] = (uint8_t)q;
            for (int k = 2; k <= SK_RACK_MAX; k++)
                nk[k] = g->nextk[q + 1][k - 1];
        }
    }
}

/* Max-heap of units by bound. */
static void unit_down(unit *u, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, w = i;
        if (l < n && u[l].bound > u[w].bound)
            w = l;
        if (l + 1 < n && u[l + 1].bound > u[w].bound)
            w = l + 1;
        if (w == i)
            return;
        unit t = u[i];
        u[i] = u[w];
        u[w] = t;
        i = w;
    }
}

int sk_generate_top(sk_gen *g, const sk_board *b, const sk_rack *r, unsigned flags,
                    const sk_rank *rank, size_t n, sk_movelist *list, tk_error *err)
{
    if (n == 0) {
        list->n = 0;
        list->total = 0;
        return tk_error_set(err, TK_EINVAL, 0, 0, "sk_generate_top: n must be at least 1");
    }
    int none, dim = g->dim;
    g->leaves = NULL;
    list->limit = n;
    int rc = sk_gen_prepare(g, b, r, flags & ~SK_COUNT_ONLY, list, &none, err);
    if (rc || none) {
        list->limit = 0;
        return rc;
    }
    sk_leaves *L = &g->lv;
    sk_leaves_build(L, r, g->e->alpha.size, rank);
    g->leaves = L;
    /* The rack's tile values, best first (blanks score 0). */
    int *vals = g->vals, nv = 0;
    for (int l = 1; l < 64; l++)
        for (int c = 0; c < g->cnt[l]; c++) {
            int v = g->e->val[l], j = nv++;
            while (j > 0 && vals[j - 1] < v) {
                vals[j] = vals[j - 1];
                j--;
            }
            vals[j] = v;
        }
    while (nv < g->ntiles)
        vals[nv++] = 0;
    /* Bound every anchor. */
    unit U[2 * SK_MAX_DIM * SK_MAX_DIM];
    size_t nu = 0;
    for (int o = 0; o < g->ndirs; o++)
        for (int rr = 0; rr < dim; rr++) {
            const uint8_t *an = &g->anchor[o][rr * (dim + 1)];
            int lined = 0;
            for (int a = 0; a < dim; a++) {
                if (!an[a])
                    continue;
                if (!lined) {
                    sk_gen_line(g, o, rr);
                    lined = 1;
                }
                int64_t sb[SK_RACK_MAX + 1], best = INT64_MIN;
                int s0 = shadow(g, a, vals, sb);
                for (int k = 1; k <= g->ntiles; k++)
                    if (sb[k] != INT64_MIN && L->best[k] != INT64_MIN && sb[k] * 1000 + L->best[k] > best)
                        best = sb[k] * 1000 + L->best[k];
                if (best == INT64_MIN)
                    continue;
                U[nu].bound = best;
                U[nu].o = (uint8_t)o;
                U[nu].line = (uint8_t)rr;
                U[nu].a = (uint8_t)a;
                U[nu].s0 = (uint8_t)s0;
                nu++;
            }
        }
    /* Best bound first, until no bound left can beat the n-th move. */
    for (size_t i = nu / 2; i-- > 0;)
        unit_down(U, nu, i);
    while (nu > 0 && !g->err) {
        unit u = U[0];
        U[0] = U[--nu];
        unit_down(U, nu, 0);
        if (list->n == n) {
            const sk_move *w = &list->v[0];
            if (u.bound < w->equity)
                break;
            /* Equal to the worst kept: only plays first in the tie order can enter. */
            int row = u.o ? u.s0 : u.line, col = u.o ? u.line : u.s0;
            if (u.bound == w->equity &&
                (row != w->row ? row > w->row : col != w->col ? col > w->col : u.o > w->dir))
                continue;
        }
        sk_gen_line(g, u.o, u.line);
        search_prepare(g, u.a);
        sk_gen_anchor(g, u.a);
    }
    g->leaves = NULL;
    sk_movelist_sort(g->e, list);
    list->limit = 0;
    if (g->err)
        return tk_error_set(err, g->err, 0, 0, "out of memory");
    return TK_OK;
}
