/* movegen.c - Appel-Jacobson move generation over the DAWG, scoring as it goes.
 *
 * The generator only ever works along rows: down moves are found as across
 * moves of the transposed board (premiums are kept transposed in the engine).
 * Per position and orientation it computes, for every empty square:
 *   - the cross-check set: letters x such that the perpendicular word through
 *     the square (tiles above + x + tiles below) is a word, or every letter
 *     when there is no perpendicular neighbour; only the rack's letters are
 *     tried unless the rack holds a blank (so the set is intersected with
 *     the rack from the start);
 *   - the cross-word's points (sum of the perpendicular tiles, or -1 if
 *     there is no cross-word), so the cross-word score of a tile placed there
 *     is (sum + value * letter premium) * word premium: no board walk per move;
 *   - whether it is an anchor (an empty square next to a tile, or the start
 *     square of an empty board).
 * Per rack it enumerates once the "left parts": every prefix of a word that
 * the rack can spell (blanks standing for any letter), in DFS preorder, each
 * with the DAWG node it reaches, the letters that may follow it (the node's
 * letters that the rest of the rack still holds), the union of those over
 * its subtree, and its face value.  For each anchor, either the tiles
 * already left of it are the (fixed) left part, or every left part that
 * fits in the empty non-anchor squares before the anchor is laid down
 * there; whole subtrees are skipped when too long or when nothing in them
 * can continue on the anchor square, and the rack is updated incrementally
 * along the preorder.  Then ExtendRight walks the DAWG square by square
 * under the three constraints (cross-check, DAWG path, tile on the rack or a
 * blank): the node's letter set (the word graph's letter-indexed view,
 * tilekit/dawg_view.h, where every edge also carries the letters of the
 * node it leads to) AND the square's cross-check AND the rack's letters
 * gives the candidates in one step; tiles already on the board are followed in a loop; a move is
 * recorded whenever a word ends before an empty square or the edge (each
 * row has an empty sentinel square at its end, so there are no bounds
 * checks).  Leftmost-anchor left parts make each move found once per
 * direction; a one-tile play found down is dropped when its square has
 * horizontal neighbours (the across pass lists it).
 *
 * A move is recorded as a compact sk_move (its main word bytes, start,
 * direction, score) into a growable array or a bounded heap: no allocation
 * per move, no recursion allocations, no I/O.
 */
#include "sk_gen.h"

#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define SK_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define SK_ALWAYS_INLINE inline
#endif

int sk_gen_create(sk_gen **out, const sk_engine *e, tk_error *err)
{
    sk_gen *g = calloc(1, sizeof *g);
    *out = NULL;
    if (!g)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    g->e = e;
    g->E = e->edges;
    g->nm = e->nmask;
    g->lp_maxb = SK_RACK_MAX;
    g->gbmask = e->all;
    g->dim = e->dim;
    g->floor = INT64_MIN;
    *out = g;
    return TK_OK;
}

void sk_gen_destroy(sk_gen *g)
{
    if (!g)
        return;
    free(g->lp);
    free(g->lpidx);
    free(g->lppath);
    free(g);
}

void sk_movelist_free(sk_movelist *list)
{
    if (!list)
        return;
    free(list->v);
    list->v = NULL;
    list->n = list->cap = 0;
}

/* ---- ordering and the bounded heap --------------------------------------- */

int sk_move_cmp(const sk_engine *e, const sk_move *a, const sk_move *b)
{
    if (a->equity != b->equity)
        return a->equity > b->equity ? -1 : 1;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    if (a->row != b->row)
        return a->row < b->row ? -1 : 1;
    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    if (a->dir != b->dir)
        return a->dir < b->dir ? -1 : 1;
    int n = a->len < b->len ? a->len : b->len;
    for (int i = 0; i < n; i++) {
        unsigned ra = e->rank[a->word[i] & (SK_LETTER | SK_BLANK)];
        unsigned rb = e->rank[b->word[i] & (SK_LETTER | SK_BLANK)];
        if (ra != rb)
            return ra < rb ? -1 : 1;
    }
    return a->len < b->len ? -1 : a->len > b->len;
}

/* Max-heap on "worse" (the root is the worst move kept). */
static inline int move_worse(const sk_engine *e, const sk_move *a, const sk_move *b)
{
    return sk_move_cmp(e, a, b) > 0;
}
SK_HEAP_FUNCS(sift, sk_move, const sk_engine *, move_worse)

void sk_movelist_sort(const sk_engine *e, sk_movelist *list)
{
    /* Heapsort (no allocation; the order is total, so stability is moot). */
    sk_move *v = list->v;
    size_t n = list->n;
    if (n < 2)
        return;
    if (!list->limit)
        for (size_t i = n / 2; i-- > 0;)
            sift_down(e, v, n, i);
    for (size_t k = n - 1; k > 0; k--) {
        sk_move t = v[0];
        v[0] = v[k];
        v[k] = t;
        sift_down(e, v, k, 0);
    }
}

/* Array v of *cap elements of `size` bytes, doubled (first: its first
 * size): the new array (*cap updated), or NULL (v and *cap unchanged). */
static void *grow_array(void *v, size_t *cap, size_t size, size_t first)
{
    size_t nc = *cap ? *cap * 2 : first;
    void *nv = realloc(v, nc * size);
    if (nv)
        *cap = nc;
    return nv;
}

static int list_grow(sk_movelist *list)
{
    sk_move *nv = grow_array(list->v, &list->cap, sizeof *nv, 1024);
    if (!nv)
        return TK_ENOMEM;
    list->v = nv;
    return TK_OK;
}


/* ---- recording ---------------------------------------------------------- */

static void record_heap(sk_gen *g, int end, int score);
static void heap_offer(sk_gen *g, int end, int score, int32_t eq);

static SK_ALWAYS_INLINE void fill_move(const sk_gen *g, sk_move *m, int end, int score)
{
    int start = g->start;
    m->score = (int32_t)score;
    /* score * 1000, saturated (scores beyond 2 million need absurd layouts) */
    m->equity = score < 2147483 && score > -2147483 ? score * 1000 : sk_equity(score, 0);
    m->row = (uint8_t)(g->dir ? start : g->line);
    m->col = (uint8_t)(g->dir ? g->line : start);
    m->dir = (uint8_t)g->dir;
    m->len = (uint8_t)(end - start + 1);
    m->ntiles = (uint8_t)(g->ntiles - g->left);
    memcpy(m->word, g->word + start, sizeof m->word);   /* fixed size; bytes past len unspecified */
}

static void record(sk_gen *g, int end, int score)
{
    sk_movelist *list = g->list;
    list->total++;
    if (g->flags & SK_COUNT_ONLY)
        return;
    if (!list->limit) {
        /* Straight into the array. */
        if (list->n == list->cap && list_grow(list)) {
            g->err = TK_ENOMEM;
            return;
        }
        fill_move(g, &list->v[list->n++], end, score);
        return;
    }
    record_heap(g, end, score);
}

/* Into the bounded heap of the best list->limit moves.  When the heap is
 * full, a move is first compared by its rank value alone, before it is
 * built: under a leave table, score * 1000 + the best leave for its number
 * of tiles is a cheap upper bound on it. */
static void record_heap(sk_gen *g, int end, int score)
{
    sk_movelist *list = g->list;
    const sk_rackleaves *L = g->leaves;
    int full = list->n == list->limit;
    int32_t eq = sk_equity(score, 0);
    if (L && L->ranked) {
        int placed = g->ntiles - g->left;
        int32_t ub = sk_equity(score, L->best[placed]);
        if ((full && ub < list->v[0].equity) || ub < g->floor)
            return;
        int idx = L->full;
        for (int i = g->start; i <= end; i++) {
            uint8_t t = g->word[i];
            if (!(t & SK_ONBOARD))
                idx -= L->rad[t & SK_BLANK ? 0 : t & SK_LETTER];
        }
        eq = sk_equity(score, L->value[idx]);
    }
    heap_offer(g, end, score, eq);
}

/* The move of g->word[g->start .. end], of that score and rank, into the
 * bounded heap if it belongs among the best list->limit. */
static void heap_offer(sk_gen *g, int end, int score, int32_t eq)
{
    sk_movelist *list = g->list;
    int full = list->n == list->limit;
    if ((full && eq < list->v[0].equity) || eq < g->floor)
        return;
    sk_move m;
    fill_move(g, &m, end, score);
    m.equity = eq;
    if (list->n < list->limit) {
        if (list->n == list->cap && list_grow(list)) {
            g->err = TK_ENOMEM;
            return;
        }
        list->v[list->n] = m;
        sift_up(g->e, list->v, list->n++);
        if (list->n == list->limit)
            g->pruning = 1;
    } else if (sk_move_cmp(g->e, &m, &list->v[0]) < 0) {
        list->v[0] = m;
        sift_down(g->e, list->v, list->n, 0);
    }
    g->kstart = -1;   /* the worst kept may have changed: kmin again */
}

void tki_sk_gen_offer(sk_gen *g, int end, int score, int64_t leave)
{
    g->list->total++;
    heap_offer(g, end, score, sk_equity(score, leave));
}

/* record for the best-first search (flags without SK_COUNT_ONLY, a heap):
 * the bound of record_heap first, here, so that most moves, which cannot
 * enter, cost no call. */
static SK_ALWAYS_INLINE void record_top(sk_gen *g, int end, int score, int placed)
{
    sk_movelist *list = g->list;
    list->total++;
    int32_t ub = sk_equity(score, g->leaves->best[placed]);
    if ((list->n == list->limit && ub < list->v[0].equity) || ub < g->floor)
        return;
    record_heap(g, end, score);
}

/* ---- ExtendRight ---------------------------------------------------------- */


static void extend(sk_gen *g, int pos, uint32_t node, alpha_set cand, int msum, int wmul, int xtot);
static void extend_top(sk_gen *g, int pos, uint32_t node, alpha_set cand, int msum, int wmul, int xtot);

/* Letters that may go on empty square pos now: cross-check, and the rack
 * (any letter while a blank is left). */
static inline alpha_set playable(const sk_gen *g, int pos)
{
    return g->xs[pos] & (g->blanks ? ~(alpha_set)0 : g->rackmask);
}

/* A tile went on square pos by edge ed: follow the tiles already on the
 * board after it (a loop, not a recursion), record the word if it ends
 * before an empty square, and go on to the next empty square.  `top`
 * (a constant) selects the best-first search's copy of extend. */
static SK_ALWAYS_INLINE void after_tile(sk_gen *g, int pos, dawg_vedge ed, int msum, int wmul, int xtot,
                                        const int top)
{
    const uint8_t *row = g->row;
    for (;;) {
        uint8_t sq = row[pos + 1];
        uint32_t child = dawg_vedge_child(ed);
        if (!sq) {   /* the sentinel at dim is empty too */
            if (dawg_vedge_final(ed) && pos > g->start) {
                int placed = g->ntiles - g->left;
                if (!(g->dir == 1 && placed == 1 && g->xw[g->anchor_pos] >= 0)) {
                    int score = msum * wmul + xtot + (placed == SK_RACK_MAX ? SK_BINGO : 0);
                    if (top)
                        record_top(g, pos, score, placed);
                    else
                        record(g, pos, score);
                }
            }
            if (child && g->left) {
                alpha_set c = ed.next & playable(g, pos + 1);
                if (c) {
                    if (top)
                        extend_top(g, pos + 1, child, c, msum, wmul, xtot);
                    else
                        extend(g, pos + 1, child, c, msum, wmul, xtot);
                }
            }
            return;
        }
        alpha_set nm = ed.next;
        unsigned want = sq & SK_LETTER;
        if (!(nm & ALPHA_BIT(want)))
            return;
        ed = g->E[dawg_view_index(child, nm, want)];
        pos++;
        msum += g->e->val[sq];
        g->word[pos] = (uint8_t)(sq | SK_ONBOARD);
    }
}

/* What extend_body needs to know of empty square pos, whatever the node:
 * its premiums, its cross-word, and what the next square asks of the
 * letter's node (looked at before any tile is taken): its board tile, or
 * (empty) some letter its cross-check allows unless a word ends here. */
typedef struct sqinfo {
    int lmul, wm, cwm, xwz;
    alpha_set nwant;
    uint32_t nfinal;
} sqinfo;

static SK_ALWAYS_INLINE void square_of(const sk_gen *g, int pos, sqinfo *k)
{
    int xw = g->xw[pos];
    k->lmul = g->lm[pos];
    k->wm = g->wm[pos];
    /* The cross-word's score: (xw + letter) * wm if there is one, else 0;
     * a blank's is the same for every letter. */
    k->cwm = xw >= 0 ? k->wm : 0;
    k->xwz = xw >= 0 ? xw : 0;
    uint8_t nsq = g->row[pos + 1];
    k->nwant = nsq ? ALPHA_BIT(nsq & SK_LETTER) : g->xs[pos + 1];
    k->nfinal = nsq ? 0 : 1;
}

/* Empty square pos (described by k), DAWG node `node`; cand = the node's
 * letters that may go there (never empty). */
static SK_ALWAYS_INLINE void extend_square(sk_gen *g, int pos, uint32_t node, alpha_set cand, int msum, int wmul,
                                           int xtot, const int top, const sqinfo *k)
{
    int lmul = k->lmul, cwm = k->cwm;
    int nwmul = wmul * k->wm;
    int xblank = xtot + k->xwz * cwm;
    const uint8_t *val = g->e->val;
    alpha_set nwant = k->nwant;
    uint32_t nfinal = k->nfinal;
    /* Candidates in increasing letter order; the node's edges are sorted by
     * letter, so one forward scan finds all their edges and stops at the
     * last (cheaper here than indexing each by a population count). */
    const dawg_vedge *p = g->E + node;
    do {
        unsigned l = (unsigned)__builtin_ctzll(cand);
        cand &= cand - 1;
        while ((p->link & DAWG_VLINK_LETTER) != l << 1)
            p++;
        dawg_vedge ed = *p++;
        if (!(ed.link & nfinal) && !(ed.next & nwant))
            continue;
        if (g->cnt[l]) {
            int ls = val[l] * lmul;
            if (--g->cnt[l] == 0)
                g->rackmask &= ~ALPHA_BIT(l);
            g->left--;
            g->word[pos] = (uint8_t)l;
            after_tile(g, pos, ed, msum + ls, nwmul, xblank + ls * cwm, top);
            g->cnt[l]++;
            g->rackmask |= ALPHA_BIT(l);
            g->left++;
        }
        if (g->blanks) {
            g->blanks--;
            g->left--;
            g->word[pos] = (uint8_t)(l | SK_BLANK);
            after_tile(g, pos, ed, msum, nwmul, xblank, top);
            g->blanks++;
            g->left++;
        }
    } while (cand);
}

static SK_ALWAYS_INLINE void extend_body(sk_gen *g, int pos, uint32_t node, alpha_set cand, int msum, int wmul,
                                         int xtot, const int top)
{
    sqinfo k;
    square_of(g, pos, &k);
    extend_square(g, pos, node, cand, msum, wmul, xtot, top, &k);
}

static void extend(sk_gen *g, int pos, uint32_t node, alpha_set cand, int msum, int wmul, int xtot)
{
    extend_body(g, pos, node, cand, msum, wmul, xtot, 0);
}

/* The fewest tiles (kmin) a play of the current start needs to enter the
 * full heap of the best moves, or to reach the floor: the anchor's bounds
 * per number of tiles (ssb[k] * 1000 + lbest[k]) against the worst move kept and the floor.  A play equal in rank to that move
 * enters only if it comes first in the tie order (score, row, column,
 * direction, word): ranked by score (equal rank, equal score), if its start
 * comes later it must rank higher; ranked with leaves, an equal rank may
 * still hide a higher score, so equal is enough, unless the start comes
 * later and k tiles cannot score more than that move (the bound per k).  Kept until the heap or
 * the start changes (record_heap, search_prepare clear kstart). */
static int top_kmin_find(sk_gen *g)
{
    int64_t thr = g->floor, wscore = INT64_MIN;   /* INT64_MIN: an equal rank may enter */
    if (g->list->n == g->list->limit) {
        const sk_move *w = &g->list->v[0];
        int64_t t = w->equity;
        int row = g->dir ? g->start : g->line, col = g->dir ? g->line : g->start;
        int later = row != w->row ? row > w->row : col != w->col ? col > w->col : g->dir > w->dir;
        if (!g->leaves->ranked && t < INT32_MAX && later)
            t++;
        if (t > thr) {
            thr = t;
            if (g->leaves->ranked && later)
                wscore = w->score;
        }
    }
    /* Ranked with leaves, a play of the worst kept's rank starting later
     * enters only with a higher score: not if k tiles cannot score more. */
    int k = 1;
    for (; k <= g->ntiles; k++) {
        int64_t sb = g->ssb[k], u;
        if (sb == INT64_MIN)   /* no play of k tiles */
            continue;
        u = sb * 1000 + g->lbest[k];
        if (u > thr || (u == thr && sb > wscore))
            break;
    }
    /* The same for the plays that use a blank (their leave term, lbestb). */
    int kb = k;
    for (; g->ublanks && kb <= g->ntiles; kb++) {
        int64_t sb = g->ssb[kb], u;
        if (sb == INT64_MIN || g->lbestb[kb] == INT64_MIN)
            continue;
        u = sb * 1000 + g->lbestb[kb];
        if (u > thr || (u == thr && sb > wscore))
            break;
    }
    g->kstart = g->start;
    g->kmin = k;
    g->kminb = kb;
    return k;
}

static inline int top_kmin(sk_gen *g) { return g->kstart == g->start ? g->kmin : top_kmin_find(g); }

/* Plays from node on empty square pos, `placed` tiles down and `left` to
 * go, that cannot have kmin tiles: the word must reach the square of its
 * kmin-th tile, which the node's reach (the longest way to a word end) may
 * forbid. */
static inline int top_short(const sk_gen *g, int pos, uint32_t node, int need, int left)
{
    return need > left || (need > 0 && g->nextk[pos][need] - pos >= g->e->reach[node]);
}

/* The word lengths from empty square pos on that let a play place at least
 * need and at most left more tiles (bit d: d letters): it ends on a square
 * q from the need-th empty square on and before the (left+1)-th one or the
 * stop, where the line lets a word end. */
static inline uint64_t top_lengths(const sk_gen *g, int pos, int need, int left)
{
    int qlo = need > 0 ? g->nextk[pos][need] : pos, nh = g->nextk[pos][left + 1];
    if (need > left || qlo == 255)   /* not that many tiles, or no square for them */
        return 0;
    int qhi = nh != 255 ? nh - 1 : g->stop[pos] - 1;
    uint64_t ends = g->canend & ((((uint64_t)2) << qhi) - 1) & ~((((uint64_t)1) << qlo) - 1);
    return (ends << 1) >> pos;
}

/* The best-first search's copy of extend: first asks whether a play
 * through pos could still enter the heap of the best moves. */
static void extend_top(sk_gen *g, int pos, uint32_t node, alpha_set cand, int msum, int wmul, int xtot)
{
    if (g->pruning) {
        int km = top_kmin(g);
        if (g->blanks < g->ublanks)   /* the play uses a blank */
            km = g->kminb;
        int need = km - (g->ntiles - g->left);
        if (top_short(g, pos, node, need, g->left))
            return;
        /* Every tile left must be played: the word's rest needs all their letters. */
        if (need == g->left && (g->rackmask & ~g->e->below[node]))
            return;
    }
    extend_body(g, pos, node, cand, msum, wmul, xtot, 1);
}

/* extend_top once its checks are known to pass (a left part just checked),
 * square pos described by k. */
static void extend_top_checked(sk_gen *g, int pos, uint32_t node, alpha_set cand, int msum, int wmul,
                               const sqinfo *k)
{
    extend_square(g, pos, node, cand, msum, wmul, 0, 1, k);
}

/* Start at empty anchor square a from node (after a left part). */
static inline void extend_from(sk_gen *g, int a, uint32_t node, int msum, int wmul)
{
    alpha_set c = g->nm[node] & playable(g, a);
    if (!c)
        return;
    if (g->leaves)
        extend_top(g, a, node, c, msum, wmul, 0);
    else
        extend(g, a, node, c, msum, wmul, 0);
}

/* ---- left parts ------------------------------------------------------------ */

/* A left part ending at node; next = the node's letters that the rest of
 * the rack holds (what can follow; not empty). */
static SK_ALWAYS_INLINE int lp_push(sk_gen *g, uint32_t node, alpha_set next, int len, unsigned last, int face,
                                    size_t *idx)
{
    *idx = SIZE_MAX;
    if (g->nlp == g->caplp) {
        leftpart *a = grow_array(g->lp, &g->caplp, sizeof *a, 4096);
        if (!a)
            return TK_ENOMEM;
        g->lp = a;
    }
    *idx = g->nlp;
    leftpart *p = &g->lp[g->nlp++];
    p->next = p->sub = next;
    p->rest = g->rackmask;
    p->node = node;
    p->len = (uint8_t)len;
    p->last = (uint8_t)last;
    p->face = (uint16_t)face;
    p->end = (uint32_t)g->nlp;
    return TK_OK;
}

/* Left part idx, its subtree built: where the subtree ends, and the OR of
 * `next` over it (from its direct children's). */
static void lp_close(sk_gen *g, size_t idx)
{
    g->lp[idx].end = (uint32_t)g->nlp;
    alpha_set sub = g->lp[idx].next;
    for (size_t j = idx + 1; j < g->nlp; j = g->lp[j].end)
        sub |= g->lp[j].sub;
    g->lp[idx].sub = sub;
}

static int lp_dfs(sk_gen *g, uint32_t node, alpha_set want, int len, int maxlen, int face);

/* The left part one letter longer by edge ed (letter l): tile l off the
 * rack, or (bl) a blank standing for l, and the left parts below it. */
static SK_ALWAYS_INLINE int lp_child(sk_gen *g, dawg_vedge ed, unsigned l, int len, int maxlen, int face,
                                     const int bl)
{
    /* What can follow once the tile is taken (nothing: no left part). */
    alpha_set rest = bl == 0 && g->cnt[l] == 1 ? g->rackmask & ~ALPHA_BIT(l) : g->rackmask;
    alpha_set next = ed.next & (g->blanks > bl ? g->e->all : rest);
    if (!next)
        return TK_OK;
    if (bl == 0) {
        if (--g->cnt[l] == 0)
            g->rackmask &= ~ALPHA_BIT(l);
    } else {
        g->blanks--;
    }
    size_t idx;
    uint32_t child = dawg_vedge_child(ed);
    int f = face + (bl ? 0 : g->e->val[l]);
    int rc = lp_push(g, child, next, len + 1, l | (bl ? SK_BLANK : 0), f, &idx);
    if (!rc && len + 1 < maxlen) {
        rc = lp_dfs(g, child, g->lp[idx].next, len + 1, maxlen, f);
        if (!g->lp_flat)
            lp_close(g, idx);
    }
    if (bl == 0) {
        g->cnt[l]++;
        g->rackmask |= ALPHA_BIT(l);
    } else {
        g->blanks++;
    }
    return rc;
}

/* The left parts below the one ending at node: want = the node's letters the
 * rack can still give (its `next`), found by one forward scan of its sorted
 * edges.  A blank is laid only up to length lp_maxb, and the left parts
 * below one no longer than that. */
static int lp_dfs(sk_gen *g, uint32_t node, alpha_set want, int len, int maxlen, int face)
{
    const dawg_vedge *p = g->E + node;
    while (want) {
        unsigned l = (unsigned)__builtin_ctzll(want);
        want &= want - 1;
        while ((p->link & DAWG_VLINK_LETTER) != l << 1)
            p++;
        dawg_vedge ed = *p++;
        if (!dawg_vedge_child(ed))
            continue;
        int rc;
        if (g->cnt[l] && (rc = lp_child(g, ed, l, len, maxlen, face, 0)))
            return rc;
        if (g->blanks && len < g->lp_maxb &&
            (rc = lp_child(g, ed, l, len, maxlen < g->lp_maxb ? maxlen : g->lp_maxb, face, 1)))
            return rc;
    }
    return TK_OK;
}

static int build_leftparts(sk_gen *g, int maxlimit)
{
    g->nlp = 0;
    int maxlen = g->ntiles - 1;
    if (maxlen > maxlimit)
        maxlen = maxlimit;
    if (maxlen > g->dim - 1)
        maxlen = g->dim - 1;
    if (maxlen > 0 && g->e->root)
        return lp_dfs(g, g->e->root, g->nm[g->e->root] & (g->blanks ? g->e->all : g->rackmask), 0, maxlen, 0);
    return TK_OK;
}

int tki_sk_gen_index_leftparts(sk_gen *g, int split)
{
    size_t n = g->nlp;
    if (n > g->caplpidx) {
        size_t nc = n + n / 2 + 256;
        uint32_t *ix = realloc(g->lpidx, nc * sizeof *ix);
        if (ix)
            g->lpidx = ix;
        uint8_t(*pa)[SK_RACK_MAX] = realloc(g->lppath, nc * sizeof *pa);
        if (pa)
            g->lppath = pa;
        if (!ix || !pa)
            return TK_ENOMEM;
        g->caplpidx = nc;
    }
    /* Group len, or (split, holding a blank) SK_LP_BLANK + len; preorder
     * within a group (blank[d]: the left part of length d on the path
     * holds one). */
    uint32_t cnt[SK_LP_GROUPS] = { 0 };
    uint8_t path[SK_RACK_MAX], blank[SK_RACK_MAX + 1] = { 0 };
    if (split) {
        for (size_t i = 0; i < n; i++) {   /* preorder: the parent comes just before */
            const leftpart *lp = &g->lp[i];
            blank[lp->len] = blank[lp->len - 1] | (lp->last & SK_BLANK ? SK_LP_BLANK : 0);
            cnt[lp->len + blank[lp->len]]++;
        }
    } else {
        for (size_t i = 0; i < n; i++)
            cnt[g->lp[i].len]++;
    }
    g->lpoff[0] = 0;
    for (int k = 0; k < SK_LP_GROUPS; k++)
        g->lpoff[k + 1] = g->lpoff[k] + cnt[k];
    uint32_t fill[SK_LP_GROUPS];
    memcpy(fill, g->lpoff, sizeof fill);
    for (size_t i = 0; i < n; i++) {   /* path[0 .. len-1) is the parent's */
        const leftpart *lp = &g->lp[i];
        path[lp->len - 1] = lp->last;
        uint32_t j;
        if (split) {
            blank[lp->len] = blank[lp->len - 1] | (lp->last & SK_BLANK ? SK_LP_BLANK : 0);
            j = fill[lp->len + blank[lp->len]]++;
        } else {
            j = fill[lp->len]++;
        }
        g->lpidx[j] = (uint32_t)i;
        memcpy(g->lppath[j], path, SK_RACK_MAX);
    }
    return TK_OK;
}

/* A left part's tile (letter | SK_BLANK for a blank) off the rack, and back. */
static inline void rack_take(sk_gen *g, uint8_t t)
{
    if (t & SK_BLANK)
        g->blanks--;
    else if (--g->cnt[t] == 0)
        g->rackmask &= ~ALPHA_BIT(t);
}

static inline void rack_put(sk_gen *g, uint8_t t)
{
    if (t & SK_BLANK) {
        g->blanks++;
    } else {
        g->cnt[t]++;
        g->rackmask |= ALPHA_BIT(t);
    }
}

void tki_sk_gen_anchor_left(sk_gen *g, int a, int L)
{
    if (L < 0) {
        tki_sk_gen_anchor(g, a);
        return;
    }
    const sk_engine *e = g->e;
    g->anchor_pos = a;
    if (L == 0) {
        g->start = a;
        if (e->root)
            extend_from(g, a, e->root, 0, 1);
        return;
    }
    /* The span's word premium, and its letter premiums: letter plo[j] of
     * a left part (a square s + plo[j]) counts plm[j] more times. */
    int s = a - L, wmul = 1, np = 0, plo[SK_RACK_MAX], plm[SK_RACK_MAX];
    for (int k = s; k < a; k++) {
        wmul *= g->wm[k];
        if (g->lm[k] != 1) {
            plo[np] = k - s;
            plm[np++] = g->lm[k] - 1;
        }
    }
    alpha_set at = g->xs[a];
    g->start = s;
    sqinfo ak;   /* the anchor square, the same for every left part */
    square_of(g, a, &ak);
    int left = g->ntiles - L, taken = 0, nb = g->blanks ? 1 : 0;
    uint8_t cur[SK_RACK_MAX];   /* the letters off the rack (when taken) */
    /* The left parts without a blank, then (if this unit may use the
     * blanks) those with one: these need kminb tiles, the others kmin. */
    for (int b = 0; b <= nb && !g->err; b++) {
        int kfor = -1, need = 0, dist = -1;
        uint64_t lens = 0;
        int grp = b * SK_LP_BLANK + L;
        const int *kmin = b ? &g->kminb : &g->kmin;
        for (uint32_t j = g->lpoff[grp]; j < g->lpoff[grp + 1] && !g->err; j++) {
            const leftpart *lp = &g->lp[g->lpidx[j]];
            if (!(lp->next & at))
                continue;
            /* Skipped before its tiles are taken when its plays cannot enter
             * the heap: too few tiles within the node's reach or word lengths,
             * or (every tile to be played) a letter left that no way holds. */
            if (g->pruning) {
                top_kmin(g);
                if (kfor != *kmin) {
                    kfor = *kmin;
                    need = kfor - L;
                    if (need > left)
                        break;   /* the worst kept only gets better, so kmin only grows */
                    dist = need > 0 ? g->nextk[a][need] - a : -1;
                    lens = top_lengths(g, a, need, left);
                }
                if (dist >= e->reach[lp->node] || !(e->lens[lp->node] & lens) ||
                    (need == left && (lp->rest & ~e->below[lp->node])))
                    continue;
            }
            const uint8_t *path = g->lppath[j];
            int msum = lp->face;
            for (int j = 0; j < np; j++)
                msum += e->val[path[plo[j]]] * plm[j];
            /* Off the rack: only the letters after the prefix it shares with
             * the left part taken before (neighbours in preorder share most). */
            int k = 0;
            if (taken)
                while (k < L && cur[k] == path[k])
                    k++;
            for (int i = k; taken && i < L; i++)
                rack_put(g, cur[i]);
            for (int i = k; i < L; i++)
                rack_take(g, cur[i] = path[i]);
            taken = 1;
            memcpy(g->word + s, path, SK_RACK_MAX);   /* fixed size; bytes past L are rewritten later */
            g->left = g->ntiles - L;
            alpha_set c = g->nm[lp->node] & playable(g, a);
            if (c)
                extend_top_checked(g, a, lp->node, c, msum, wmul, &ak);
        }
    }
    for (int i = 0; taken && i < L; i++)
        rack_put(g, cur[i]);
    g->left = g->ntiles;
}

/* ---- cross-checks ----------------------------------------------------------- */

/* The Appel-Jacobson cross-check (what dawg_cross_set computes), restricted
 * to the letters in `want` (the rack's, when it holds no blank): the
 * letters x in want such that left + x + right is a word. */
static alpha_set cross_set(const sk_gen *g, const uint8_t *left, int nl, const uint8_t *right, int nr,
                           alpha_set want)
{
    const dawg_vedge *E = g->E;
    uint32_t node = g->e->root;
    alpha_set nm = g->nm[node];
    for (int i = 0; i < nl; i++) {
        if (!(nm & ALPHA_BIT(left[i])))
            return 0;
        dawg_vedge ed = E[dawg_view_index(node, nm, left[i])];
        node = dawg_vedge_child(ed);
        nm = ed.next;   /* 0 when there is no child */
    }
    alpha_set cand = nm & want, s = 0;
    while (cand) {
        unsigned l = (unsigned)__builtin_ctzll(cand);
        cand &= cand - 1;
        dawg_vedge ed = E[dawg_view_index(node, nm, l)];
        int i = 0;
        while (i < nr && (ed.next & ALPHA_BIT(right[i]))) {
            ed = E[dawg_view_index(dawg_vedge_child(ed), ed.next, right[i])];
            i++;
        }
        if (i == nr && dawg_vedge_final(ed))
            s |= ALPHA_BIT(l);
    }
    return s;
}

/* ---- per position ---------------------------------------------------------- */

void tki_sk_gen_line(sk_gen *g, int o, int r)
{
    int dim = g->dim;
    g->dir = o;
    g->line = r;
    g->row = &g->bd[o][r * (dim + 1)];
    g->xs = &g->xset[o][r * (dim + 1)];
    g->xw = &g->xsum[o][r * (dim + 1)];
    g->wm = &g->e->wm[o][r * dim];
    g->lm = &g->e->lm[o][r * dim];
    g->an = &g->anchor[o][r * (dim + 1)];
}

void tki_sk_gen_anchor(sk_gen *g, int a)
{
    const sk_engine *e = g->e;
    const uint8_t *row = g->row;
    g->anchor_pos = a;
    if (a > 0 && row[a - 1]) {
        /* Fixed left part: the tiles already there. */
        int p = a - 1;
        while (p > 0 && row[p - 1])
            p--;
        uint32_t node = e->root;
        alpha_set nm = g->nm[node];
        int msum = 0;
        for (int q = p; q < a; q++) {
            unsigned want = row[q] & SK_LETTER;
            if (!(nm & ALPHA_BIT(want)))
                return;
            dawg_vedge ed = g->E[dawg_view_index(node, nm, want)];
            node = dawg_vedge_child(ed);
            nm = ed.next;
            msum += e->val[row[q]];
            g->word[q] = (uint8_t)(row[q] | SK_ONBOARD);
        }
        if (!node)
            return;
        g->start = p;
        extend_from(g, a, node, msum, 1);
        return;
    }
    int limit = sk_gen_room(g, a);
    g->start = a;
    if (e->root)
        extend_from(g, a, e->root, 0, 1);
    /* The left parts in preorder: path[] holds the letters of the current
     * one, taken off the rack; moving to the next left part pops back to its
     * parent and pushes one letter.  Subtrees longer than the limit, and
     * left parts whose node cannot continue on the anchor, are skipped. */
    alpha_set at = g->xs[a];
    /* Premiums of the span [a - len, a) for each length: the word multiplier,
     * and the letter premiums (squares a - 1 - j, j < npl[len]: the face sum
     * plus val * (lm - 1) for each is the left part's letter sum). */
    int spanw[SK_RACK_MAX + 1], npl[SK_RACK_MAX + 1], plq[SK_RACK_MAX];
    spanw[0] = 1;
    npl[0] = 0;
    int np = 0;
    for (int k = 1; k <= limit; k++) {
        spanw[k] = spanw[k - 1] * g->wm[a - k];
        if (g->lm[a - k] != 1)
            plq[np++] = a - k;
        npl[k] = np;
    }
    uint8_t path[SK_RACK_MAX];
    int depth = 0;
    size_t n = g->nlp;
    for (size_t i = 0; i < n && !g->err;) {
        const leftpart *lp = &g->lp[i];
        int len = lp->len;
        if (len > limit || !(lp->sub & at)) {
            i = lp->end;
            continue;
        }
        while (depth >= len)
            rack_put(g, path[--depth]);
        path[depth++] = lp->last;
        rack_take(g, lp->last);
        if (lp->next & at) {
            int s = a - len, msum = lp->face;
            memcpy(g->word + s, path, SK_RACK_MAX);   /* fixed size; bytes past len are rewritten later */
            for (int j = 0; j < npl[len]; j++)
                msum += e->val[path[plq[j] - s]] * (g->lm[plq[j]] - 1);
            int wmul = spanw[len];
            g->left = g->ntiles - len;
            g->start = s;
            extend_from(g, a, lp->node, msum, wmul);
        }
        i++;
    }
    while (depth > 0)
        rack_put(g, path[--depth]);
    g->left = g->ntiles;
}

/* The rack: counts, blanks, letter mask.  TK_ELIMIT beyond SK_RACK_MAX. */
static int prep_rack(sk_gen *g, const sk_rack *r, tk_error *err)
{
    const sk_engine *e = g->e;
    alpha_set rackset = 0;
    g->ntiles = 0;
    for (int l = 0; l < 64; l++) {
        g->cnt[l] = l >= 1 && l <= e->alpha.size ? r->count[l] : 0;
        g->ntiles += g->cnt[l];
        if (g->cnt[l])
            rackset |= ALPHA_BIT(l);
    }
    g->blanks = r->blanks;
    g->ntiles += r->blanks;
    g->rackmask = rackset;
    g->left = g->ntiles;
    if (g->ntiles > SK_RACK_MAX)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "rack: more than %d tiles", SK_RACK_MAX);
    return TK_OK;
}

/* Cross-set, cross-word sum and anchor flag of empty square (rr, c) of
 * orientation o (g->bd[o]: that orientation's board), letters restricted
 * to mask, into xs, xw and an (that orientation's arrays). */
static void square_info(const sk_gen *g, int o, int rr, int c, alpha_set mask, alpha_set *xs, int16_t *xw,
                        uint8_t *an)
{
    const sk_engine *e = g->e;
    int dim = g->dim, S = dim + 1, i = rr * S + c;
    const uint8_t *bd = g->bd[o];
    int up = rr, dn = rr;
    while (up > 0 && bd[(up - 1) * S + c])
        up--;
    while (dn < dim - 1 && bd[(dn + 1) * S + c])
        dn++;
    int horiz = (c > 0 && bd[i - 1]) || (c < dim - 1 && bd[i + 1]);
    if (up == rr && dn == rr) {
        xs[i] = mask;
        xw[i] = -1;
        an[i] = (uint8_t)horiz;
        return;
    }
    an[i] = 1;
    uint8_t left[SK_MAX_DIM], right[SK_MAX_DIM];
    int nl = 0, nr = 0, sum = 0;
    for (int q = up; q < rr; q++) {
        left[nl++] = bd[q * S + c] & SK_LETTER;
        sum += e->val[bd[q * S + c]];
    }
    for (int q = rr + 1; q <= dn; q++) {
        right[nr++] = bd[q * S + c] & SK_LETTER;
        sum += e->val[bd[q * S + c]];
    }
    xs[i] = cross_set(g, left, nl, right, nr, mask);
    xw[i] = (int16_t)sum;
}

static void prep_square(sk_gen *g, int o, int rr, int c, alpha_set mask)
{
    square_info(g, o, rr, c, mask, g->xset[o], g->xsum[o], g->anchor[o]);
}

/* Boards in both orientations, anchors, cross-sets (letters within mask). */
static void prep_board(sk_gen *g, const sk_board *b, unsigned flags, alpha_set mask)
{
    const sk_engine *e = g->e;
    int dim = g->dim;
    int empty = 1, S = dim + 1;
    for (int o = 0; o < 2; o++)
        for (int rr = 0; rr < dim; rr++) {
            g->bd[o][rr * S + dim] = 0;
            g->xset[o][rr * S + dim] = 0;
            g->xsum[o][rr * S + dim] = -1;
            g->anchor[o][rr * S + dim] = 0;
        }
    for (int rr = 0; rr < dim; rr++)
        for (int c = 0; c < dim; c++) {
            uint8_t t = b->sq[rr * dim + c];
            g->bd[0][rr * S + c] = g->bd[1][c * S + rr] = t;
            if (t)
                empty = 0;
        }
    int ndirs = 2;
    if (empty && e->lay.symmetric && !(flags & SK_ALL_OPENINGS))
        ndirs = 1;
    for (int o = 0; o < ndirs; o++) {
        const uint8_t *bd = g->bd[o];
        for (int rr = 0; rr < dim; rr++)
            for (int c = 0; c < dim; c++) {
                int i = rr * S + c;
                if (bd[i]) {
                    g->anchor[o][i] = 0;
                    g->xset[o][i] = 0;
                    g->xsum[o][i] = -1;
                    continue;
                }
                prep_square(g, o, rr, c, mask);
            }
        if (empty) {
            int sr = o ? e->lay.start_col : e->lay.start_row;
            int sc = o ? e->lay.start_row : e->lay.start_col;
            g->anchor[o][sr * S + sc] = 1;
        }
    }
    g->ndirs = ndirs;
}

/* ---- the board of a game going on ------------------------------------------ */

/* Square (rr, c) of orientation o into the cache, over every letter, unless
 * seen (not NULL) says this update has made it already (it depends only on
 * the board, which has every new tile by then): the runs of a move's new
 * tiles along the move are one run, whose ends every one of them touches. */
static void cache_square(sk_gen *g, int o, int rr, int c, uint8_t (*seen)[SK_LINE_SQ])
{
    if (seen) {
        uint8_t *m = &seen[o][rr * (g->dim + 1) + c];
        if (*m)
            return;
        *m = 1;
    }
    square_info(g, o, rr, c, g->e->all, g->cx[o], g->cs[o], g->ca[o]);
}

/* The rows just before (*up, -1 if none) and after (*dn, dim if none) the
 * run of tiles through (rr, c) of orientation o, along column c. */
static void run_ends(const sk_gen *g, int o, int rr, int c, int *up, int *dn)
{
    int dim = g->dim, S = dim + 1;
    const uint8_t *bd = g->bd[o];
    int u = rr, d = rr;
    while (u >= 0 && bd[u * S + c])
        u--;
    while (d < dim && bd[d * S + c])
        d++;
    *up = u;
    *dn = d;
}

/* The empty squares ending the run of tiles through (rr, c) of orientation o
 * in the perpendicular direction, into the cache (as gb_touch). */
static void cache_touch(sk_gen *g, int o, int rr, int c, uint8_t (*seen)[SK_LINE_SQ])
{
    int up, dn;
    run_ends(g, o, rr, c, &up, &dn);
    if (up >= 0)
        cache_square(g, o, up, c, seen);
    if (dn < g->dim)
        cache_square(g, o, dn, c, seen);
}

/* The cache around the squares fresh[0..nnew) (board indices) the board
 * has just covered: their own entries emptied, then the empty squares at
 * the ends of their runs and beside them made again. */
static void cache_new_tiles(sk_gen *g, const uint16_t *fresh, int nnew)
{
    int dim = g->dim, S = dim + 1;
    uint8_t seenv[2][SK_LINE_SQ], (*seen)[SK_LINE_SQ] = NULL;   /* squares made (more than one new tile) */
    if (nnew > 1) {
        memset(seenv, 0, sizeof seenv);
        seen = seenv;
    }
    for (int k = 0; k < nnew; k++) {
        int r = fresh[k] / dim, c = fresh[k] % dim;
        for (int o = 0; o < 2; o++) {
            int q = o ? c * S + r : r * S + c;
            g->cx[o][q] = 0;
            g->cs[o][q] = -1;
            g->ca[o][q] = 0;
        }
    }
    for (int k = 0; k < nnew; k++) {
        int r = fresh[k] / dim, c = fresh[k] % dim;
        cache_touch(g, 0, r, c, seen);          /* column c's run: vertical cross-words */
        cache_touch(g, 1, c, r, seen);          /* row r's run: horizontal cross-words */
        if (c > 0 && !g->bd[0][r * S + c - 1])
            cache_square(g, 0, r, c - 1, seen);
        if (c < dim - 1 && !g->bd[0][r * S + c + 1])
            cache_square(g, 0, r, c + 1, seen);
        if (r > 0 && !g->bd[1][c * S + r - 1])
            cache_square(g, 1, c, r - 1, seen);
        if (r < dim - 1 && !g->bd[1][c * S + r + 1])
            cache_square(g, 1, c, r + 1, seen);
    }
}

/* prep_board for tki_sk_gen_prepare, the same arrays: when board b only adds
 * tiles to the last one (a game going on: one move since), the cross-sets
 * over every letter kept from it are updated around the new tiles (the
 * runs they end and their neighbours, in both orientations, as
 * tki_sk_genboard_apply does) and restricted to mask here; the first time
 * a board grows after an unrelated one, they are made for every square
 * (over every letter).  An empty or unrelated board: prep_board as it is. */
static void prep_board_game(sk_gen *g, const sk_board *b, unsigned flags, alpha_set mask)
{
    const sk_engine *e = g->e;
    int dim = g->dim, S = dim + 1, nsq = dim * dim, nnew = 0, ok = g->cstate && g->cb.dim == b->dim;
    /* ok: every tile of the last board is on b */
    uint16_t fresh[SK_MAX_SQ];
    for (int i = 0; i < nsq && ok; i++) {
        uint8_t was = g->cb.sq[i], t = b->sq[i];
        if (was)
            ok = was == t;
        else if (t)
            fresh[nnew++] = (uint16_t)i;
    }
    if (sk_board_empty(b)) {
        /* as it is; the cache: every letter everywhere, no cross-word, no anchor */
        prep_board(g, b, flags, mask);
        for (int o = 0; o < 2; o++)
            for (int rr = 0; rr < dim; rr++)
                for (int c = 0; c <= dim; c++) {
                    g->cx[o][rr * S + c] = c < dim ? e->all : 0;
                    g->cs[o][rr * S + c] = -1;
                    g->ca[o][rr * S + c] = 0;
                }
        g->cb = *b;
        g->cstate = 2;
        return;
    }
    if (!ok) {
        /* unrelated to the last board: as it is, and remembered */
        prep_board(g, b, flags, mask);
        g->cb = *b;
        g->cstate = 1;
        return;
    }
    for (int rr = 0; rr < dim; rr++)
        for (int c = 0; c < dim; c++) {
            uint8_t t = b->sq[rr * dim + c];
            g->bd[0][rr * S + c] = g->bd[1][c * S + rr] = t;
        }
    for (int o = 0; o < 2; o++)
        for (int rr = 0; rr < dim; rr++) {
            g->bd[o][rr * S + dim] = 0;
            g->cx[o][rr * S + dim] = 0;
            g->cs[o][rr * S + dim] = -1;
            g->ca[o][rr * S + dim] = 0;
        }
    if (g->cstate != 2) {
        /* every square, over every letter */
        for (int o = 0; o < 2; o++)
            for (int rr = 0; rr < dim; rr++)
                for (int c = 0; c < dim; c++) {
                    int i = rr * S + c;
                    if (g->bd[o][i]) {
                        g->cx[o][i] = 0;
                        g->cs[o][i] = -1;
                        g->ca[o][i] = 0;
                    } else {
                        cache_square(g, o, rr, c, NULL);
                    }
                }
    } else {
        cache_new_tiles(g, fresh, nnew);
    }
    g->cb = *b;
    g->cstate = 2;
    size_t nl = (size_t)dim * S;   /* the squares in use, sentinels included */
    for (int o = 0; o < 2; o++) {
        for (size_t i = 0; i < nl; i++)
            g->xset[o][i] = g->cx[o][i] & mask;
        memcpy(g->xsum[o], g->cs[o], nl * sizeof g->xsum[o][0]);
        memcpy(g->anchor[o], g->ca[o], nl);
    }
    g->ndirs = 2;
}

/* The left parts of the rack, no longer than any anchor can take. */
static int prep_leftparts(sk_gen *g, tk_error *err)
{
    int dim = g->dim, S = dim + 1, maxlimit = 0;
    for (int o = 0; o < g->ndirs; o++)
        for (int rr = 0; rr < dim; rr++) {
            const uint8_t *an = &g->anchor[o][rr * S], *row = &g->bd[o][rr * S];
            for (int a = 0, run = 0; a < dim; a++) {
                if (an[a] && run > maxlimit)
                    maxlimit = run;
                run = (!row[a] && !an[a]) ? run + 1 : 0;
            }
        }
    int rc = build_leftparts(g, maxlimit);
    if (rc)
        return tk_error_set(err, rc, 0, 0, "out of memory");
    return TK_OK;
}

int tki_sk_gen_prepare(sk_gen *g, const sk_board *b, const sk_rack *r, unsigned flags,
                   sk_movelist *list, int *none, tk_error *err)
{
    const sk_engine *e = g->e;
    int dim = g->dim;
    list->n = 0;
    list->total = 0;
    *none = 1;
    if (b->dim != dim)
        return tk_error_set(err, TK_EINVAL, 0, 0, "board is %dx%d, the layout %dx%d",
                            b->dim, b->dim, dim, dim);
    g->list = list;
    g->flags = flags;
    g->err = 0;
    g->ndirs = 0;
    int rc = prep_rack(g, r, err);
    if (rc)
        return rc;
    if (g->ntiles == 0 || !e->root)
        return TK_OK;
    prep_board_game(g, b, flags, g->blanks ? e->all : g->rackmask);
    int ndirs = g->ndirs;
    g->nlp = 0;
    rc = g->lp_flat ? TK_OK : prep_leftparts(g, err);   /* flat: the caller's (tki_sk_gen_leftparts) */
    if (rc) {
        g->ndirs = 0;
        return rc;
    }
    g->ndirs = ndirs;
    *none = 0;
    return TK_OK;
}

int tki_sk_gen_leftparts(sk_gen *g, int maxlen, int maxblank)
{
    int blanks = g->blanks, rc;
    if (maxblank < 0)
        g->blanks = 0;   /* none may be used: the letters' left parts, and what follows them */
    g->lp_maxb = maxblank;
    rc = build_leftparts(g, maxlen);
    g->blanks = blanks;
    g->lp_maxb = SK_RACK_MAX;
    return rc;
}

/* ---- a board state kept per move (the endgame solver) -------------------------------- */

struct sk_genboard {
    uint8_t bd[2][SK_LINE_SQ];
    alpha_set xset[2][SK_LINE_SQ];
    int16_t xsum[2][SK_LINE_SQ];
    uint8_t anchor[2][SK_LINE_SQ];
    int ndirs;
};

size_t tki_sk_genboard_size(void) { return sizeof(sk_genboard); }

static void gb_save(const sk_gen *g, sk_genboard *gb)
{
    memcpy(gb->bd, g->bd, sizeof gb->bd);
    memcpy(gb->xset, g->xset, sizeof gb->xset);
    memcpy(gb->xsum, g->xsum, sizeof gb->xsum);
    memcpy(gb->anchor, g->anchor, sizeof gb->anchor);
    gb->ndirs = g->ndirs;
}

static void gb_load(sk_gen *g, const sk_genboard *gb)
{
    memcpy(g->bd, gb->bd, sizeof gb->bd);
    memcpy(g->xset, gb->xset, sizeof gb->xset);
    memcpy(g->xsum, gb->xsum, sizeof gb->xsum);
    memcpy(g->anchor, gb->anchor, sizeof gb->anchor);
    g->ndirs = gb->ndirs;
}

void tki_sk_genboard_mask(sk_gen *g, alpha_set mask) { g->gbmask = mask ? mask : g->e->all; }

void tki_sk_genboard_init(sk_gen *g, const sk_board *b, sk_genboard *gb)
{
    prep_board(g, b, 0, g->gbmask);
    gb_save(g, gb);
}

/* The empty square ending the run of tiles through (rr, c) of orientation o
 * in the perpendicular direction, before (-1) or after (+1) it; -1 none. */
static void gb_touch(sk_gen *g, int o, int rr, int c)
{
    int up, dn;
    run_ends(g, o, rr, c, &up, &dn);
    if (up >= 0)
        prep_square(g, o, up, c, g->gbmask);
    if (dn < g->dim)
        prep_square(g, o, dn, c, g->gbmask);
}

void tki_sk_genboard_apply(sk_gen *g, const sk_genboard *from, const sk_move *m, sk_genboard *to)
{
    int dim = g->dim, S = dim + 1;
    gb_load(g, from);
    /* the new tiles, in both orientations */
    for (int i = 0; i < m->len; i++) {
        if (m->word[i] & SK_ONBOARD)
            continue;
        int r = m->row + (m->dir ? i : 0), c = m->col + (m->dir ? 0 : i);
        uint8_t t = m->word[i] & (SK_LETTER | SK_BLANK);
        for (int o = 0; o < 2; o++) {
            int q = o ? c * S + r : r * S + c;
            g->bd[o][q] = t;
            g->xset[o][q] = 0;
            g->xsum[o][q] = -1;
            g->anchor[o][q] = 0;
        }
    }
    /* Squares whose perpendicular words changed: in orientation o the cross-set of a square
     * comes from the tiles above and below it (o = 0: in its column; o = 1: in its row).
     * Every new tile changes the runs of its column and of its row: the empty squares
     * at the two ends of each run, and the empty neighbours (anchors), are recomputed. */
    int main_done = 0;
    for (int i = 0; i < m->len; i++) {
        if (m->word[i] & SK_ONBOARD)
            continue;
        int r = m->row + (m->dir ? i : 0), c = m->col + (m->dir ? 0 : i);
        /* column c's run (vertical cross-words) and row r's run (horizontal
         * ones); the tiles of the move all lie on one run along it: once */
        if (m->dir == 0 || !main_done)
            gb_touch(g, 0, r, c);
        if (m->dir == 1 || !main_done)
            gb_touch(g, 1, c, r);
        main_done = 1;
        /* side neighbours (o = 0 along the row, o = 1 along the column): no
         * tile of the move lies on their perpendicular runs, so only their
         * anchor flag changes (a tile beside them) */
        if (c > 0 && !g->bd[0][r * S + c - 1])
            g->anchor[0][r * S + c - 1] = 1;
        if (c < dim - 1 && !g->bd[0][r * S + c + 1])
            g->anchor[0][r * S + c + 1] = 1;
        if (r > 0 && !g->bd[1][c * S + r - 1])
            g->anchor[1][c * S + r - 1] = 1;
        if (r < dim - 1 && !g->bd[1][c * S + r + 1])
            g->anchor[1][c * S + r + 1] = 1;
    }
    g->ndirs = 2;
    gb_save(g, to);
}

int tki_sk_generate_on(sk_gen *g, const sk_genboard *gb, const sk_rack *r, sk_movelist *list, tk_error *err)
{
    int dim = g->dim;
    list->n = 0;
    list->total = 0;
    g->list = list;
    g->flags = 0;
    g->err = 0;
    g->leaves = NULL;
    g->lp_flat = 0;
    int rc = prep_rack(g, r, err);
    if (rc || g->ntiles == 0 || !g->e->root)
        return rc;
    gb_load(g, gb);
    rc = prep_leftparts(g, err);
    if (rc)
        return rc;
    for (int o = 0; o < g->ndirs && !g->err; o++)
        for (int rr = 0; rr < dim && !g->err; rr++) {
            tki_sk_gen_line(g, o, rr);
            const uint8_t *an = &g->anchor[o][rr * (dim + 1)];
            for (int a = 0; a < dim; a++)
                if (an[a])
                    tki_sk_gen_anchor(g, a);
        }
    if (g->err)
        return tk_error_set(err, g->err, 0, 0, "out of memory");
    return TK_OK;
}

int tki_sk_gen_set_rack(sk_gen *g, const sk_rack *r, tk_error *err)
{
    g->flags = 0;
    g->err = 0;
    g->leaves = NULL;
    g->lp_flat = 0;
    g->ndirs = 2;
    int rc = prep_rack(g, r, err);
    if (rc)
        return rc;
    rc = build_leftparts(g, SK_RACK_MAX);
    if (rc)
        return tk_error_set(err, rc, 0, 0, "out of memory");
    return TK_OK;
}

int tki_sk_gen_line_on(sk_gen *g, const sk_genboard *gb, int o, int r, sk_movelist *list)
{
    int dim = g->dim, S = dim + 1;
    if (g->ntiles == 0 || !g->e->root)
        return TK_OK;
    g->list = list;
    g->err = 0;
    g->dir = o;
    g->line = r;
    g->row = &gb->bd[o][r * S];
    g->xs = &gb->xset[o][r * S];
    g->xw = &gb->xsum[o][r * S];
    g->an = &gb->anchor[o][r * S];
    g->wm = &g->e->wm[o][r * dim];
    g->lm = &g->e->lm[o][r * dim];
    for (int a = 0; a < dim && !g->err; a++)
        if (g->an[a])
            tki_sk_gen_anchor(g, a);
    return g->err;
}

int sk_generate(sk_gen *g, const sk_board *b, const sk_rack *r, unsigned flags,
                sk_movelist *list, tk_error *err)
{
    int none, dim = g->dim;
    g->leaves = NULL;
    g->lp_flat = 0;
    int rc = tki_sk_gen_prepare(g, b, r, flags, list, &none, err);
    if (rc || none)
        return rc;
    for (int o = 0; o < g->ndirs && !g->err; o++)
        for (int rr = 0; rr < dim && !g->err; rr++) {
            tki_sk_gen_line(g, o, rr);
            const uint8_t *an = &g->anchor[o][rr * (dim + 1)];
            for (int a = 0; a < dim; a++)
                if (an[a])
                    tki_sk_gen_anchor(g, a);
        }
    if (g->err)
        return tk_error_set(err, g->err, 0, 0, "out of memory");
    return TK_OK;
}

const sk_engine *sk_gen_engine(const sk_gen *g) { return g->e; }
