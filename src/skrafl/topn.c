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
 *   - plays of all 7 tiles of a full rack only where the engine's bingo
 *     map says its letters, alone or with the one board tile the span
 *     takes in, are a word's (through two board tiles or more: always);
 *   - sb[k], the best such bound over spans with k new tiles, becomes a rank
 *     bound sb[k] * 1000 + lbest[k], where lbest[k] is the best leave value
 *     kept after playing k tiles of this rack less the points the kept
 *     tiles give up (leave_terms; 0 when ranking by score); the group's
 *     bound is the largest over k.
 *
 * The groups are then searched best bound first (a binary heap), each by the
 * ordinary generator, into a bounded heap of the best n moves; the search
 * stops as soon as the heap is full and the next bound is below the n-th
 * move's rank, or below the caller's floor (sk_top_plays: the n-th best of
 * the exchanges and the pass): no move left can enter.  Equal bounds are searched, so ties
 * are broken exactly as in the full sorted list.  The rack's left parts
 * (movegen.c) are made when the first group that lays one comes up, no
 * longer than the longest any group then left may lay.
 *
 * A rack with a blank has a second bound per group, for its plays that use
 * a blank: the same shadow with lbestb[k], the best leave that keeps fewer
 * blanks than the rack holds (a blank is the best tile to keep, so these
 * plays often cannot enter where the others can).  A group whose blank
 * bound is below the n-th move or the floor is searched as if the rack had
 * no blank (its candidates only the rack's letters, its left parts with a
 * blank passed over); left parts with a blank are made only as long as a
 * group left may use one; and within a group, a play that has used a blank
 * must reach kminb tiles (kmin's count under lbestb) where the others need
 * kmin.  Thresholds only rise, so a play ruled out stays out.  On a rack
 * with a blank this spares most of the work of the blank's 26 letters.
 *
 * With the engine's word index (windex_search.c), for a rack with a blank
 * and on a board less than a fifth covered, an anchor that comes up is
 * split into groups (its plays that lay k tiles with the same board
 * letters), each bounded with what the index says of the rack's k tiles
 * and those letters, and a group that comes up lays its words from the
 * index: no left parts, no walk of the graph.  On a crowded board, the
 * board's letters hold the walk in check and it is the cheaper for a rack
 * without a blank.  The shadows of spans without board tiles then take
 * lnp[k] (the best leave term of k tiles that are a word alone) for
 * lbest[k].
 */
#include "sk_gen.h"
#include "sk_windex.h"

#include <string.h>

typedef sk_unit unit;

/* The index lays the plays of a rack without a blank on a board with fewer
 * than 1 / TK_WXTILES of its squares covered. */
#ifndef TK_WXTILES
#define TK_WXTILES 5
#endif

/* Where the plays of anchor a of the current line may start: [*s0, *s1].
 * With tiles just before a (a fixed left part), *s0 = *s1 = their first
 * square, and *qmax = the last square the word can reach (the DAWG node
 * after those tiles has a limited reach; -1 if they spell no prefix). */
static void shadow_starts(const sk_gen *g, int a, int *s0, int *s1, int *qmax)
{
    const uint8_t *row = g->row;
    *qmax = g->dim - 1;
    if (a > 0 && row[a - 1]) {
        int p = a - 1;
        while (p > 0 && row[p - 1])
            p--;
        *s0 = *s1 = p;
        const sk_engine *e = g->e;
        uint32_t node = e->root;
        for (int q = p; q < a && node; q++) {
            alpha_set m = e->nmask[node];
            unsigned l = row[q] & SK_LETTER;
            node = (m & ALPHA_BIT(l)) ? dawg_vedge_child(e->edges[dawg_view_index(node, m, l)]) : 0;
        }
        *qmax = node ? a - 1 + e->reach[node] : -1;
        return;
    }
    int room = sk_gen_room(g, a);
    if (room > g->ntiles - 1)
        room = g->ntiles - 1;
    *s0 = a - room;
    *s1 = a;
}

/* The state of a shadow walk along the current line: the board tiles'
 * points met (bsum), the cross-words' fixed parts (xfix) and the
 * coefficients of the empty squares taken. */
typedef struct swalk {
    const sk_gen *g;
    int64_t bsum, xfix;
    int nb;                 /* board tiles met */
    unsigned bl;            /* the letter of the first */
    coefs cs;
} swalk;

static void swalk_init(swalk *w, const sk_gen *g, int64_t *sb)
{
    w->g = g;
    w->nb = 0;
    w->bl = 0;
    w->bsum = w->xfix = 0;
    w->cs.n = 0;
    w->cs.WM = 1;
    for (int i = 0; i <= SK_RACK_MAX; i++)
        sb[i] = INT64_MIN;
}

/* A board tile met by the walk. */
static inline void swalk_board(swalk *w, uint8_t t)
{
    w->bsum += w->g->e->val[t];
    if (!w->nb++)
        w->bl = t & SK_LETTER;
}

/* Can a play of every tile of a full rack span what the walk has met?  Not
 * if its letters, with the one board tile met or none, are no word's (the
 * bingo map); through two board tiles or more it may. */
static inline int swalk_bingo(const swalk *w)
{
    const sk_gen *g = w->g;
    return w->nb == 0 ? g->bingo7 : w->nb > 1 || ((g->bingo8 >> w->bl) & 1);
}

/* Square q from the anchor on, `used` tiles already laid: 0 a board tile,
 * 1 an empty square taken (its coefficient added), -1 the walk stops there
 * (no tile of the rack fits, or none is left). */
static inline int swalk_square(swalk *w, int q, int used)
{
    const sk_gen *g = w->g;
    if (g->row[q]) {
        swalk_board(w, g->row[q]);
        return 0;
    }
    if (!g->xs[q] || used == g->ntiles)
        return -1;
    int cw = 0, wm = g->wm[q];
    if (g->xw[q] >= 0) {
        cw = wm;
        w->xfix += (int64_t)g->xw[q] * wm;
    }
    coefs_add(&w->cs, g->lm[q], cw, wm);
    return 1;
}

/* The shadow walk for the plays of anchor a of the current line that start
 * on square s and end by square qmax: sb[k] = an upper bound on the score of
 * any of them placing k tiles (INT64_MIN if none can).  vals: the rack's
 * tile values, descending.  Returns the rank bound: the best over k of
 * sb[k] * 1000 + lbest[k] (made as sb grows; INT64_MIN: none). */
static int64_t shadow(const sk_gen *g, int a, int s, int qmax, const int *vals, int64_t *sb)
{
    const uint8_t *row = g->row;
    const int64_t *lb = g->lbest;
    int64_t best = INT64_MIN;
    swalk w;
    swalk_init(&w, g, sb);
    for (int q = s; q < a; q++) {
        if (row[q])                   /* the fixed left part */
            swalk_board(&w, row[q]);
        else                          /* room squares: never a cross-word */
            coefs_add(&w.cs, g->lm[q], 0, g->wm[q]);
    }
    for (int q = a; q <= qmax; q++) {
        if (swalk_square(&w, q, w.cs.n) < 0)
            break;
        if (row[q + 1] || q == s)
            continue;
        /* A span [s, q] that can end here. */
        int k = w.cs.n;
        if (k == SK_RACK_MAX && !swalk_bingo(&w))
            continue;
        int64_t t = w.bsum * w.cs.WM + w.xfix + (k == SK_RACK_MAX ? SK_BINGO : 0);
        for (int i = 0; i < k; i++)
            t += w.cs.c[i] * vals[i];
        int64_t lk = w.nb ? lb[k] : g->lnp[k];   /* no board tile: S must be a word alone */
        if (t > sb[k]) {
            sb[k] = t;
            if (lk != INT64_MIN && t * 1000 + lk > best)
                best = t * 1000 + lk;
        }
    }
    return best;
}

/* A cheaper, coarser shadow for all the plays of anchor a (every start from
 * s0 to a): one walk right from a; at every end q, the room squares [s0, a)
 * and the empties [a, q] are all candidates for the tiles (the word
 * premiums of all of them multiplied, the best k coefficients taken), the
 * empties of [a, q] being forced.  Every real play uses a subset of these
 * squares with a smaller or equal word premium, so this bounds them all;
 * the exact bounds per start are made when the anchor comes up.  Returns
 * the rank bound, as shadow. */
static int64_t shadow_coarse(const sk_gen *g, int a, int s0, const int *vals, int64_t *sb)
{
    int nt = g->ntiles, kr = 0;
    const int64_t *lb = g->lbest;
    int64_t best = INT64_MIN;
    swalk w;
    swalk_init(&w, g, sb);
    for (int q = s0; q < a; q++)
        coefs_add(&w.cs, g->lm[q], 0, g->wm[q]);
    for (int q = a;; q++) {
        int r = swalk_square(&w, q, kr);
        if (r < 0)
            break;
        kr += r;
        if (g->row[q + 1] || q == s0)
            continue;
        int64_t t = w.bsum * w.cs.WM + w.xfix;
        for (int k = 1; k <= nt && k <= w.cs.n; k++) {
            t += w.cs.c[k - 1] * vals[k - 1];
            if (k >= kr && (k < SK_RACK_MAX || swalk_bingo(&w))) {
                int64_t tk = t + (k == SK_RACK_MAX ? SK_BINGO : 0), lk = w.nb ? lb[k] : g->lnp[k];
                if (tk > sb[k]) {
                    sb[k] = tk;
                    if (lk != INT64_MIN && tk * 1000 + lk > best)
                        best = tk * 1000 + lk;
                }
            }
        }
    }
    return best;
}

/* Before searching a unit of the current line: its score bound per number
 * of tiles (its shadow, for kmin), and the line's k-th empty square from every square,
 * where a word must stop and where it may end (made the first time one of
 * its units comes up in this search, kept for the others). */
static void search_prepare(sk_gen *g, const unit *u)
{
    g->ssb = g->ush[u->id];   /* its shadow, kept when the unit was made */
    g->kstart = -1;
    g->kmin = 1;
    int id = u->o * SK_MAX_DIM + u->line;
    if (g->nk_line == id)
        return;
    g->nk_line = id;
    g->nextk = g->nkl[id];
    g->stop = g->stopl[id];
    if (g->nk_made[id] == g->nk_gen) {
        g->canend = g->canendl[id];
        return;
    }
    g->nk_made[id] = g->nk_gen;
    const uint8_t *row = g->row;
    const alpha_set *xs = g->xs;
    uint32_t canend = 0;
    for (int q = g->dim; q >= 0; q--) {
        uint8_t *nk = g->nextk[q];
        if (q == g->dim || (!row[q] && !xs[q])) {
            memset(nk, 255, SK_RACK_MAX + 2);
            g->stop[q] = (uint8_t)q;
            continue;
        }
        g->stop[q] = g->stop[q + 1];
        if (!row[q + 1])
            canend |= (uint32_t)1 << q;
        if (row[q]) {
            memcpy(nk, g->nextk[q + 1], SK_RACK_MAX + 2);
        } else {
            nk[0] = (uint8_t)q;
            nk[1] = (uint8_t)q;
            memcpy(nk + 2, g->nextk[q + 1] + 1, SK_RACK_MAX);   /* nk[k] = nextk[q + 1][k - 1] */
        }
    }
    g->canend = g->canendl[id] = canend;
}

/* What the bingo map says of the full rack (g->bingo7, g->bingo8): the
 * union over every letter a blank may stand for (for at most two blanks;
 * with more, anything may be possible). */
static void bingo_rack(sk_gen *g)
{
    const sk_engine *e = g->e;
    g->bingo7 = 1;
    g->bingo8 = ~(alpha_set)0;
    if (g->blanks > 2)
        return;
    uint8_t t[SK_RACK_MAX];
    int n = 0;
    for (int l = 1; l < 64; l++)
        for (int c = 0; c < g->cnt[l]; c++)
            t[n++] = (uint8_t)l;
    uint64_t v = 0;
    if (e->bmask) {
        int na = e->alpha.size;
        for (int x = g->blanks ? 1 : 0; x <= (g->blanks ? na : 0); x++)
            for (int y = g->blanks > 1 ? x : 0; y <= (g->blanks > 1 ? na : 0); y++) {
                uint8_t s[SK_RACK_MAX];
                int m = 0, i = 0;
                /* the rack's letters with x and y (the blanks' letters) merged in order */
                uint8_t add[2] = { (uint8_t)x, (uint8_t)y };
                int na2 = g->blanks, j = 0;
                while (i < n || j < na2) {
                    if (j < na2 && (i == n || add[j] <= t[i]))
                        s[m++] = add[j++];
                    else
                        s[m++] = t[i++];
                }
                v |= sk_bingo_lookup(e, sk_bingo_key(s, m));
            }
    }
    g->bingo7 = (int)(v & 1);
    g->bingo8 = v & ~(alpha_set)1;
}

/* The leave term of the shadow's bounds, per number k of tiles played
 * (g->lbest).  A shadow bounds the score of k tiles with the rack's k best
 * values, v_1 >= ... >= v_k, against coefficients c_1 >= ... >= c_k >= 1
 * (letter premium times word premiums, at least 1).  Tiles S actually
 * played have sorted values s_i <= v_i, so they score at most
 * sum c_i v_i - sum c_i (v_i - s_i) <= sum c_i v_i - (sum v_i - sum s_i):
 * a leave that keeps high-value tiles gives up their points.  So the term
 * is max over the kept multisets K of k tiles fewer of value(K) - 1000 *
 * (sum v_i - (rack total - total of K)), never above best[k] (the best
 * value kept, S the k best tiles).  lbestb: the same over the K that keep
 * fewer blanks than the rack holds (the plays that use a blank; a blank's
 * leave is worth much, so these often cannot enter when others can). */
static void leave_terms(sk_gen *g, const sk_rackleaves *L)
{
    const int *vals = g->vals;
    int n = g->ntiles, top[SK_RACK_MAX + 1];
    top[0] = 0;
    for (int k = 1; k <= n; k++)
        top[k] = top[k - 1] + vals[k - 1];
    if (!L->ranked) {
        for (int k = 0; k <= SK_RACK_MAX; k++)
            g->lbest[k] = g->lbestb[k] = L->best[k];
        return;
    }
    for (int k = 0; k <= SK_RACK_MAX; k++)
        g->lbest[k] = g->lbestb[k] = INT64_MIN;
    int lt[SK_RACK_MAX + 1], ct[SK_RACK_MAX + 1], nd = 0;
    for (int l = 0; l < 64 && nd <= SK_RACK_MAX; l++) {
        int c = l ? g->cnt[l] : g->blanks;
        if (c > 0) {
            lt[nd] = l;
            ct[nd++] = c;
        }
    }
    const uint8_t *val = g->e->val;
    int dig[SK_RACK_MAX + 1] = { 0 }, kept = 0, ksum = 0;
    for (int idx = 0; idx <= L->full; idx++) {
        int k = n - kept;   /* played: the rest, worth top[n] - ksum */
        int64_t v = (int64_t)L->value[idx] - 1000 * (int64_t)(top[k] - (top[n] - ksum));
        if (v > g->lbest[k])
            g->lbest[k] = v;
        if (lt[0] == 0 && dig[0] < ct[0] && v > g->lbestb[k])   /* digit 0: the blanks kept */
            g->lbestb[k] = v;
        int j = 0;   /* the next index, like an odometer */
        while (j < nd && dig[j] == ct[j]) {
            kept -= dig[j];
            ksum -= dig[j] * (lt[j] ? val[lt[j]] : 0);
            dig[j++] = 0;
        }
        if (j == nd)
            break;
        dig[j]++;
        kept++;
        ksum += lt[j] ? val[lt[j]] : 0;
    }
}

/* The rank bound of a unit's plays that use a blank, from its shadow sb. */
static int64_t blank_bound(const sk_gen *g, const int64_t *sb)
{
    int64_t best = INT64_MIN;
    for (int k = 1; k <= g->ntiles; k++)
        if (sb[k] != INT64_MIN && g->lbestb[k] != INT64_MIN && sb[k] * 1000 + g->lbestb[k] > best)
            best = sb[k] * 1000 + g->lbestb[k];
    return best;
}

/* Keep a unit's shadow (search_prepare reads it back; a coarse unit's is
 * not kept, keep = 0) and, under bsplit, its blank bound: its id (0 for a
 * coarse unit without bsplit). */
static uint16_t keep_shadow(sk_gen *g, const int64_t *sb, int keep)
{
    if (!keep && !g->bsplit)
        return 0;
    int id = g->nush++;
    if (keep)
        memcpy(g->ush[id], sb, sizeof g->ush[id]);
    if (g->bsplit)
        g->ubb[id] = blank_bound(g, sb);
    return (uint16_t)id;
}

/* Tie-order key of a start square: row, column, direction. */
static uint16_t start_key(int o, int line, int s)
{
    int row = o ? s : line, col = o ? line : s;
    return (uint16_t)((row * SK_MAX_DIM + col) * 2 + o);
}

/* Heap of units: best bound first, then first in tie order. */
static inline int unit_before(const void *cx, const unit *x, const unit *y)
{
    (void)cx;
    return x->bound != y->bound ? x->bound > y->bound : x->key < y->key;
}
SK_HEAP_FUNCS(unit, unit, const void *, unit_before)

/* The root of the unit heap U of n + 1 units removed (n left): the hole
 * goes down to a leaf by the better child (one comparison a level), and the
 * last unit, U[n], comes up from there (it mostly belongs near the leaves). */
static void unit_pop(unit *U, size_t n)
{
    unit x = U[n];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1;
        if (l >= n)
            break;
        if (l + 1 < n && unit_before(NULL, &U[l + 1], &U[l]))
            l++;
        U[i] = U[l];
        i = l;
    }
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!unit_before(NULL, &x, &U[p]))
            break;
        U[i] = U[p];
        i = p;
    }
    U[i] = x;
}

/* The rack's tile values, best first (blanks score 0), into g->vals. */
static void rack_values(sk_gen *g)
{
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
}

/* What the bounds of this search need of the rack (values, leave terms,
 * bingo map, the index's sub-multisets) and the per-search state; b: the
 * board. */
static void search_setup(sk_gen *g, const sk_board *b, const sk_rackleaves *L)
{
    rack_values(g);
    leave_terms(g, L);
    if (g->ntiles == SK_RACK_MAX)
        bingo_rack(g);
    /* The index lays the plays of a rack with a blank, whose left parts
     * are many, and those of an open board; on a board more than a fifth
     * covered the graph walk, which the board's letters hold in check, is
     * cheaper for a rack without one. */
    int tiles = 0;
    for (int i = 0; i < b->dim * b->dim; i++)
        tiles += b->sq[i] != 0;
    g->wx = g->blanks || TK_WXTILES * tiles < b->dim * b->dim ? sk_engine_windex(g->e) : NULL;
    g->wxplay = g->wx != NULL;
    if (g->wx)
        tki_sk_wx_rack(g, L);
    else
        memcpy(g->lnp, g->lbest, sizeof g->lnp);
    g->nk_line = -1;
    if (++g->nk_gen == 0) {   /* wrapped: no line may pass for made */
        memset(g->nk_made, 0, sizeof g->nk_made);
        g->nk_gen = 1;
    }
    g->nush = 0;
    g->bsplit = L->ranked && g->blanks && !g->wxplay;
}

/* A unit for every anchor with plays that may reach the floor: its bound,
 * by the exact shadow of its one start or the coarse one of all its starts.
 * Returns how many. */
static size_t make_units(sk_gen *g, int64_t floor)
{
    unit *U = g->units;
    size_t nu = 0;
    int dim = g->dim;
    for (int o = 0; o < g->ndirs; o++)
        for (int rr = 0; rr < dim; rr++) {
            const uint8_t *an = &g->anchor[o][rr * (dim + 1)];
            int lined = 0;
            for (int a = 0; a < dim; a++) {
                if (!an[a])
                    continue;
                if (!lined) {
                    tki_sk_gen_line(g, o, rr);
                    lined = 1;
                }
                int s0, s1, qmax;
                int64_t sb[SK_RACK_MAX + 1];
                shadow_starts(g, a, &s0, &s1, &qmax);
                int fixed = a > 0 && g->row[a - 1];
                int64_t best = fixed || s0 == s1 ? shadow(g, a, s0, qmax, g->vals, sb)
                                                 : shadow_coarse(g, a, s0, g->vals, sb);
                if (best == INT64_MIN || best < floor)
                    continue;
                unit *u = &U[nu++];
                u->id = keep_shadow(g, sb, fixed || s0 == s1);
                u->bound = best;
                u->o = (uint8_t)o;
                u->line = (uint8_t)rr;
                u->a = (uint8_t)a;
                u->L = (int8_t)(fixed ? -1 : s0 == s1 ? 0 : -2);
                u->key = start_key(o, rr, s0);
                u->grp = 0;
            }
        }
    return nu;
}

/* The rank a play must reach to enter the heap of the best n now. */
static int64_t threshold(const sk_gen *g, int64_t floor)
{
    const sk_movelist *list = g->list;
    return list->n == list->limit && list->v[0].equity > floor ? list->v[0].equity : floor;
}

/* A coarse unit u (every start of its anchor): its exact bounds, one unit
 * per start, into the heap U of *nu units. */
static void split_coarse(sk_gen *g, const unit *u, int64_t floor, size_t *nu)
{
    int s0, s1, qmax;
    shadow_starts(g, u->a, &s0, &s1, &qmax);
    for (int st = s0; st <= s1; st++) {
        int64_t sb[SK_RACK_MAX + 1];
        int64_t best = shadow(g, u->a, st, qmax, g->vals, sb);
        if (best == INT64_MIN || best < floor)
            continue;
        unit *v = &g->units[*nu];
        *v = *u;
        v->id = keep_shadow(g, sb, 1);
        v->bound = best;
        v->L = (int8_t)(u->a - st);
        v->key = start_key(u->o, u->line, st);
        unit_up(NULL, g->units, (*nu)++);
    }
}

/* With the word index: anchor unit u (any of its starts), its groups
 * whose shadows may enter into the heap. */
static void split_groups(sk_gen *g, const unit *u, int64_t floor, size_t *nu)
{
    sk_wxgroup grp[SK_MAX_DIM * SK_RACK_MAX];
    int s0, s1, qmax;
    shadow_starts(g, u->a, &s0, &s1, &qmax);
    int n = tki_sk_wx_groups(g, u->a, qmax, threshold(g, floor), grp);
    for (int i = 0; i < n; i++) {
        unit *v = &g->units[*nu];
        *v = *u;
        v->bound = grp[i].bound;
        v->grp = (uint8_t)(grp[i].blocks + 1);
        v->k = grp[i].k;
        unit_up(NULL, g->units, (*nu)++);
    }
}

/* With the word index: the plays of group u. */
static void search_group(sk_gen *g, const unit *u)
{
    int s0, s1, qmax;
    shadow_starts(g, u->a, &s0, &s1, &qmax);
    tki_sk_wx_generate(g, u->a, qmax, u->grp - 1, u->k);
}

/* The first unit that lays a left part (u): the rack's left parts, no
 * longer than the longest any unit left in U[0..nu) may lay (one whose
 * bound is below the n-th move's rank or the floor never comes up). */
static int make_leftparts(sk_gen *g, const unit *u, size_t nu, int64_t floor)
{
    int64_t thr = threshold(g, floor);
    int maxlen = u->L, maxblank = !g->bsplit ? SK_RACK_MAX : g->ubb[u->id] >= thr ? u->L : -1;
    for (size_t i = 0; i < nu; i++) {
        const unit *v = &g->units[i];
        int len = v->L;
        if (len == -2)   /* a coarse anchor: from its first start (the key's) */
            len = v->a - (v->o ? v->key / 2 / SK_MAX_DIM : v->key / 2 % SK_MAX_DIM);
        if (len > maxlen && v->bound >= thr)
            maxlen = len;
        if (g->bsplit && len > maxblank && g->ubb[v->id] >= thr)
            maxblank = len;
    }
    int rc = tki_sk_gen_leftparts(g, maxlen, maxblank);
    return rc ? rc : tki_sk_gen_index_leftparts(g, g->bsplit);
}

/* Unit u by walks of the word graph (movegen.c).  A unit whose plays with
 * a blank cannot enter is searched as if the rack had none (its left parts
 * with a blank are passed over). */
static void search_unit(sk_gen *g, const unit *u, int64_t floor)
{
    search_prepare(g, u);
    int blanks = g->blanks;
    if (g->bsplit && g->ubb[u->id] < threshold(g, floor))
        g->blanks = 0;
    g->ublanks = g->bsplit ? g->blanks : 0;   /* else kminb is kmin */
    tki_sk_gen_anchor_left(g, u->a, u->L);
    g->blanks = blanks;
}

/* Best bound first, until no bound left can beat the n-th move. */
static void search_units(sk_gen *g, const sk_rackleaves *L, int64_t floor, size_t nu)
{
    unit *U = g->units;
    sk_movelist *list = g->list;
    int lp_made = 0;   /* the left parts are made when a unit first needs them */
    for (size_t i = nu / 2; i-- > 0;)
        unit_down(NULL, U, nu, i);
    while (nu > 0 && !g->err) {
        unit u = U[0];
        unit_pop(U, --nu);
        if (u.bound < floor)
            break;
        if (list->n == list->limit) {
            const sk_move *w = &list->v[0];
            if (u.bound < w->equity)
                break;
            /* Equal to the worst kept, ranked by score (so of equal score too):
             * only plays first in the tie order can enter. */
            if (!L->ranked && u.bound == w->equity &&
                u.key > start_key(w->dir, w->dir ? w->col : w->row, w->dir ? w->row : w->col))
                continue;
        }
        tki_sk_gen_line(g, u.o, u.line);
        if (u.grp) {
            search_group(g, &u);
        } else if (g->wxplay) {
            split_groups(g, &u, floor, &nu);
        } else if (u.L == -2) {
            split_coarse(g, &u, floor, &nu);
        } else {
            if (u.L >= 1 && !lp_made) {
                lp_made = 1;
                int rc = make_leftparts(g, &u, nu, floor);
                if (rc) {
                    g->err = rc;
                    break;
                }
            }
            search_unit(g, &u, floor);
        }
    }
}

int sk_generate_top(sk_gen *g, const sk_board *b, const sk_rack *r, unsigned flags,
                    const sk_rank *rank, size_t n, sk_movelist *list, tk_error *err)
{
    tki_sk_leaves_build(&g->lv, r, g->e->alpha.size, rank);
    return tki_sk_generate_top(g, b, r, flags, &g->lv, INT64_MIN, n, list, err);
}

int tki_sk_generate_top(sk_gen *g, const sk_board *b, const sk_rack *r, unsigned flags,
                        const sk_rackleaves *L, int64_t floor, size_t n, sk_movelist *list, tk_error *err)
{
    if (n == 0) {
        list->n = 0;
        list->total = 0;
        return tk_error_set(err, TK_EINVAL, 0, 0, "sk_generate_top: n must be at least 1");
    }
    int none;
    g->leaves = NULL;
    g->lp_flat = 1;
    list->limit = n;
    int rc = tki_sk_gen_prepare(g, b, r, flags & ~SK_COUNT_ONLY, list, &none, err);
    if (rc || none) {
        list->limit = 0;
        return rc;
    }
    g->leaves = L;
    g->floor = floor;
    g->pruning = floor != INT64_MIN;
    search_setup(g, b, L);
    search_units(g, L, floor, make_units(g, floor));
    g->leaves = NULL;
    g->floor = INT64_MIN;
    sk_movelist_sort(g->e, list);
    list->limit = 0;
    if (g->err)
        return tk_error_set(err, g->err, 0, 0, "out of memory");
    return TK_OK;
}
