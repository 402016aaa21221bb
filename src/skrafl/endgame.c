/* endgame.c - the exact endgame solver (tilekit/skendgame.h).
 *
 * State: the board, both racks (by absolute side: 0 = the root's mover),
 * the side to move, the pass state (did the last turn pass, how many
 * scoreless turns in a row) and, for the pre-endgame, a known bag drawn in
 * order (bagpos = tiles drawn so far).  Its Zobrist hash is kept
 * incrementally: one key per (square, tile), per (side, letter, count on
 * the rack) and per bag position, mixed out of a 64-bit integer by the
 * splitmix64 finaliser (no tables); side to move and pass state are folded
 * in when the table is probed.
 *
 * Search: negamax over the mover's spread with alpha-beta, principal
 * variation search (the first child with the full window, the others with a
 * null window and a re-search when one fails high).  Every node lists
 * the mover's placements once into the move list of its ply (lists and
 * ordering buffers are per ply and reused: no allocation once they have
 * grown), plus the pass.
 *
 * Move lists (the line cache): the moves whose main word lies on one line
 * (a row or a column) depend only on that line's state (its tiles, and the
 * cross-sets, cross sums and anchor flags of its squares) and on the rack;
 * a side's rack only shrinks during an endgame.  So a side's moves on a
 * line are generated for the rack it holds at the node that first needs
 * them and kept in a cache keyed by what the line state comes from: the
 * line's tiles and, for each empty square, the tiles of the perpendicular
 * runs before and after it (read off the board; compared in full on a
 * hit).  An entry serves every rack within the one it was made for (its
 * rack slots: the tiles of each letter are numbered, a rack holds the
 * first ones), so it serves the whole subtree below; a deep node with a
 * few tiles left makes small entries, cheaply (a blank on a full rack
 * makes thousands of moves a line).  A node lists, line by line, the
 * cached moves its rack can still play (each cached move carries the rack
 * slots it uses: a bit mask test); a move is known by its rank among
 * those, the same whichever entry serves (the table's best move and the
 * killers are kept that way).  Each ply keeps the
 * cache entry of every line for both sides, taken from its parent's except
 * for the lines the last move changed (its row or column, and the lines of
 * the squares at the ends of the runs its tiles joined), which are looked
 * up again.  The lists come out exactly as a move generation on the node's
 * board gives them, in the same order.  With a known bag (the pre-endgame:
 * racks grow) or an empty board the generator runs at every node.  The
 * generator's board state (both orientations, cross-sets, anchors:
 * sk_genboard in sk_gen.h) is kept per ply and made from the parent's by
 * updating only the squares the move touches, when first needed (a
 * generation: a cache miss, or every node without the cache).  Children
 * are ordered by a key: the
 * table's best move first (in the search to the end, only one found by a
 * search to the end: the shallow iterations' choices are made by their
 * leaf heuristic and mislead it), then plays that go out (score + 2x the
 * opponent's rack), then the ply's two killer plays (the last plays that cut
 * off at this depth, compared by squares and letters), then twice the score +
 * the face value of the tiles played (a tile played cannot be stuck), the
 * pass last, except right after the opponent's pass, where it comes first
 * (it ends the game at once: a quick bound).  Some children are searched
 * before the moves are listed, and a cut-off among them saves the listing:
 * the pass when it comes first that way or is the table's best move, then
 * the table's best move, then the killers that go out here.  With the line
 * cache the table keeps the best move as its line and its index in the
 * line's cache entry (the same position has the same entries), so it is
 * found without a list; a killer is looked for in its line's entry (its
 * score taken from there: a killer was made on another board).  Without
 * the cache the list is made first and the same children come first, in
 * the same order (the two ways search the same tree).  The first few children are
 * picked one at a time, the rest sorted when reached.  Terminal plies
 * (going out, the second pass, a sixth scoreless turn) are valued on the
 * spot without a child node.
 *
 * Iterative deepening: iteration d searches d plies; a depth-limited leaf is
 * valued by a heuristic (opponent's rack value minus the mover's) and taints
 * the value "inexact"; a value computed only from finished games is exact
 * (a fail high only needs the child that cut off to be).
 * The first iteration whose root value is exact ends the solve.  The
 * transposition table stores for each entry the depth it was searched to,
 * or "to the end" (255) when exact, so exact entries answer every later
 * iteration.  The table is a fixed array of 4-entry buckets, each entry
 * two 64-bit words (key ^ data, data) written and read with relaxed
 * atomics: a torn entry fails the key check, so threads share it without
 * locks.  Each entry carries the generation of its solve (entries of
 * earlier solves are stale: the table is cleared only when the generations
 * wrap) and the log2 of the nodes searched under it.  Replacement: the
 * same key, else an empty or stale entry, else the shallowest entry, and
 * among those the one with the least work under it.
 *
 * Threads: the root's moves are shared.  Thread 0 searches the first one
 * with the full window; then every thread takes the next move from an
 * atomic counter and tests it with a null window against the best value so
 * far (read under a mutex), re-searching with an open window when it fails
 * high.  The value is exact, so it does not depend on the number of
 * threads; nor does the play named: among plays of equal value the first
 * in sk_move_cmp order wins (a play before the best so far is tested for
 * >= its value, the others for >).
 *
 * The principal variation comes from a triangular table; where a table hit
 * cut it short of the end of the game, the rest is solved again from there
 * (fast: the table is warm) and appended.
 */
#include "sk_gen.h"
#include "tilekit/skendgame.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define INF 1000000
#define DEPTH_EXACT 255
#define PASS_IDX 0xFFFFFu
#define TT_BEST_PASS 0xFFFFFu   /* the pass as the table's best move (its field has 20 bits) */
#define TT_WAYS 4
#define EG_ID_PLIES 4

enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

/* ---- hashing ------------------------------------------------------------------------- */

static inline uint64_t mix64(uint64_t z)
{
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint64_t zob_sq(int sq, unsigned cell) { return mix64((1ull << 40) | ((uint64_t)sq << 8) | cell); }
static inline uint64_t zob_rack(int side, int letter, int count)
{
    return count ? mix64((2ull << 40) | ((uint64_t)side << 16) | ((uint64_t)letter << 8) | (uint64_t)count) : 0;
}
static inline uint64_t zob_bag(int pos) { return mix64((3ull << 40) | (uint64_t)pos); }
static inline uint64_t zob_state(int stm, int lastpass, int zl)
{
    return mix64((4ull << 40) | ((uint64_t)stm << 16) | ((uint64_t)lastpass << 8) | (uint64_t)zl);
}

/* ---- transposition table -------------------------------------------------------------- */

typedef struct tt_entry {
    _Atomic uint64_t kx;    /* key ^ data */
    _Atomic uint64_t data;
} tt_entry;

/* data: value + 2^19 (20 bits) | depth << 20 (8) | flag << 28 (2) | best << 32 (20: move index + 1,
 * TT_BEST_PASS for the pass, 0 none) | work << 52 (6: log2 of the nodes searched under it) | the
 * solve's generation << 58 (6: entries of other solves are stale, so the table needs no clearing) */
#define TT_GENS 64
static inline uint64_t tt_pack(int value, int depth, int flag, unsigned best, unsigned work, unsigned gen)
{
    return (uint64_t)(uint32_t)(value + (1 << 19)) | ((uint64_t)depth << 20) | ((uint64_t)flag << 28) |
           ((uint64_t)best << 32) | ((uint64_t)work << 52) | ((uint64_t)gen << 58);
}

typedef struct tt_hit {
    int value, depth, flag;
    unsigned best;         /* move index + 1, 0 none */
} tt_hit;


/* ---- the line cache ------------------------------------------------------------------ */

/* What a line's moves depend on, as bytes (the key): side, orientation,
 * line, the masks of its occupied squares and of its empty squares with a
 * tile beside them across the line (hooks), the tiles of its occupied
 * squares, then per hook the tiles of the perpendicular runs before and
 * after it (count-prefixed); these give the line's cross-sets, cross sums
 * and anchor flags (an empty square that is no hook has empty runs). */
#define LC_KEY_MAX (3 + 8 + SK_MAX_DIM * 3 + 2 * SK_MAX_DIM * SK_MAX_DIM)

typedef struct lc_ent {
    uint64_t key;
    uint32_t start, n;        /* moves mv[start .. start + n) */
    uint32_t koff;            /* its key: kb[koff .. koff + klen) */
    uint32_t klen;
    uint32_t slots;           /* the rack slots it was made for: it serves any rack within them */
} lc_ent;

typedef struct lcache {
    lc_ent *ent;
    size_t nent, capent;
    int32_t *tab;             /* open addressing: entry index, -1 empty */
    size_t tmask;
    sk_move *mv;
    uint8_t *mm;              /* rack slots a move uses */
    size_t nmv, capmv;
    uint8_t *kb;              /* the entries' keys */
    size_t nkb, capkb;
    uint64_t flushes, hits, misses;
} lcache;

#define LC_MAX_ENT ((size_t)1 << 17)
#define LC_NOK 0xFFFFu
#define LC_MAX_MV ((size_t)1 << 21)
#define LC_MAX_KB ((size_t)1 << 24)

/* ---- the solver ------------------------------------------------------------------------ */

typedef struct order_ent {
    int32_t key;
    uint32_t idx;
} order_ent;

typedef struct egply_buf {
    sk_movelist list;
    order_ent *ord;
    size_t cap;
    uint16_t *kix;         /* line cache: each listed move's rank in its line's entry (lc_nth) */
    size_t kcap;
} egply_buf;

struct sk_endgame;

typedef struct egw {
    struct sk_endgame *s;
    int id;
    sk_gen *g;
    /* the position (absolute sides) */
    sk_board b;
    sk_rack r[2];
    int rv[2];             /* rack face values */
    int stm, lastpass, zl;
    int nbag, bagpos;
    uint8_t bag[SK_EG_MAX_BAG];
    uint64_t hash;         /* board, racks, bag position */
    uint32_t occ[2][SK_MAX_DIM + 2];   /* occupied squares: [0][1 + row] bit col, [1][1 + col] bit row
                                        * (entries 0 and dim + 1 stay 0) */
    uint64_t nodes;
    int abort;
    egply_buf ply[SK_EG_MAX_PLY + 2];
    /* the generator's board state per ply, made when the node first
     * generates: gbp[ply] (NULL until then) from gbp[ply - 1] + pend[ply] */
    unsigned char *gbmem;
    const sk_genboard *gbp[SK_EG_MAX_PLY + 2];
    const sk_move *pend[SK_EG_MAX_PLY + 2];
    int use_gb;            /* 0: the board is empty (sk_generate each time) */
    sk_move killer[SK_EG_MAX_PLY + 2][2];   /* plays that cut off at this ply lately */
    uint16_t killk[SK_EG_MAX_PLY + 2][2];   /* their rank in their line's cache entry (LC_NOK: none) */
    uint8_t nkill[SK_EG_MAX_PLY + 2];
    sk_move pre[SK_EG_MAX_PLY + 2][3];      /* moves tried before the list is made */
    sk_eg_ply (*pv)[SK_EG_MAX_PLY + 1];
    int pvlen[SK_EG_MAX_PLY + 2];
    int err;
    /* the line cache (no bag, a board with tiles): a side's moves per line
     * state, for the rack it held where the entry was made; a node lists
     * the cached moves of every line that its rack can still play */
    int lc_on;
    sk_gen *lg[2];             /* line generators, prepared with lgslots[side] */
    unsigned lgslots[2];       /* the rack slots lg[side] is prepared for (~0u: none) */
    uint8_t lbase[2][64];      /* rack slot of a letter's first tile (0: blank) */
    uint8_t lnl[2], lletter[2][SK_RACK_MAX];   /* the root racks' distinct tiles */
    lcache lc;
    int32_t (*lref)[2][2][SK_MAX_DIM];   /* per ply, side, orientation, line: entry or -1 */
    sk_movelist ltmp;
} egw;

/* The root of one iteration, shared by the threads. */
typedef struct egroot {
    int depth;
    int lo, hi;            /* the iteration's window (aspiration) */
    size_t n;              /* root plays (moves + the pass) */
    atomic_size_t next;
    pthread_mutex_t mu;
    int best_val;
    uint32_t best_idx;
    int inexact;
    int have;              /* some move finished */
    sk_eg_ply pv[SK_EG_MAX_PLY + 1];
    int npv;
} egroot;

struct sk_endgame {
    const sk_engine *e;
    int jobs;
    int no_lc;             /* tests: generate at every node (tki_sk_eg_line_cache) */
    int to_end;            /* the iteration running searches every line to its end */
    int playout;           /* depth-limited leaves are valued by a greedy playout */
    int win_lo, win_hi;    /* win_lo < win_hi: the search to the end's window */
    int stuck_width;       /* the stuck-side experiment (tki_sk_eg_stuck_window): 0 off */
    egw *w;                /* jobs workers */
    tt_entry *tt;
    size_t tt_mask;        /* buckets - 1 */
    unsigned tt_gen;       /* this solve's generation (1 .. TT_GENS - 1) */
    /* the solve in progress */
    double deadline;       /* monotonic seconds; 0 none */
    atomic_int stop;
    sk_movelist root;      /* root moves (shared read-only) */
    order_ent *rord;
    size_t rcap;
    egroot R;
};

static double now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int tt_probe(const sk_endgame *s, uint64_t key, tt_hit *h)
{
    tt_entry *b = &s->tt[(key & s->tt_mask) * TT_WAYS];
    for (int i = 0; i < TT_WAYS; i++) {
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t kx = atomic_load_explicit(&b[i].kx, memory_order_relaxed);
        if ((kx ^ d) == key && d && (d >> 58) == s->tt_gen) {
            h->value = (int)(d & 0xFFFFF) - (1 << 19);
            h->depth = (int)((d >> 20) & 0xFF);
            h->flag = (int)((d >> 28) & 3);
            h->best = (unsigned)(d >> 32) & 0xFFFFFu;
            return 1;
        }
    }
    return 0;
}

/* Replacement: the same key, else an empty or stale entry, else the one
 * searched least deep, and among those the one with the least work under it. */
static void tt_store(sk_endgame *s, uint64_t key, int value, int depth, int flag, unsigned best, uint64_t nodes)
{
    tt_entry *b = &s->tt[(key & s->tt_mask) * TT_WAYS];
    int victim = 0, vpri = 1 << 30;
    for (int i = 0; i < TT_WAYS; i++) {
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t kx = atomic_load_explicit(&b[i].kx, memory_order_relaxed);
        if (!d || (kx ^ d) == key || (d >> 58) != s->tt_gen) {
            victim = i;
            break;
        }
        int pri = (int)((d >> 20) & 0xFF) * 64 + (int)((d >> 52) & 63);
        if (pri < vpri) {
            vpri = pri;
            victim = i;
        }
    }
    if (value > (1 << 19) - 1)
        value = (1 << 19) - 1;
    if (value < -(1 << 19))
        value = -(1 << 19);
    unsigned work = 0;
    while (work < 63 && (nodes >> work) > 1)
        work++;
    uint64_t d = tt_pack(value, depth, flag, best, work, s->tt_gen);
    atomic_store_explicit(&b[victim].data, d, memory_order_relaxed);
    atomic_store_explicit(&b[victim].kx, key ^ d, memory_order_relaxed);
}

/* ---- position updates ----------------------------------------------------------------- */

static inline void rack_add(egw *w, int side, int t)   /* t: 0 blank, else letter */
{
    sk_rack *r = &w->r[side];
    if (t == 0) {
        w->hash ^= zob_rack(side, 0, r->blanks) ^ zob_rack(side, 0, r->blanks + 1);
        r->blanks++;
    } else {
        w->hash ^= zob_rack(side, t, r->count[t]) ^ zob_rack(side, t, r->count[t] + 1);
        r->count[t]++;
    }
    r->n++;
    w->rv[side] += w->s->e->ts.value[t];
}

static inline void rack_sub(egw *w, int side, int t)
{
    sk_rack *r = &w->r[side];
    if (t == 0) {
        w->hash ^= zob_rack(side, 0, r->blanks) ^ zob_rack(side, 0, r->blanks - 1);
        r->blanks--;
    } else {
        w->hash ^= zob_rack(side, t, r->count[t]) ^ zob_rack(side, t, r->count[t] - 1);
        r->count[t]--;
    }
    r->n--;
    w->rv[side] -= w->s->e->ts.value[t];
}

static inline void occ_flip(egw *w, int sq)
{
    int r = sq / w->b.dim, c = sq % w->b.dim;
    w->occ[0][1 + r] ^= 1u << c;
    w->occ[1][1 + c] ^= 1u << r;
}

static void occ_init(egw *w)
{
    memset(w->occ, 0, sizeof w->occ);
    for (int i = 0; i < w->b.dim * w->b.dim; i++)
        if (w->b.sq[i])
            occ_flip(w, i);
}

/* Place move m for the side to move, drawing from the bag; returns tiles drawn. */
static int do_move(egw *w, const sk_move *m)
{
    int dim = w->b.dim, side = w->stm;
    for (int i = 0; i < m->len; i++) {
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD)
            continue;
        int sq = (m->row + (m->dir ? i : 0)) * dim + m->col + (m->dir ? 0 : i);
        uint8_t cell = t & (SK_LETTER | SK_BLANK);
        w->b.sq[sq] = cell;
        w->hash ^= zob_sq(sq, cell);
        occ_flip(w, sq);
        rack_sub(w, side, (t & SK_BLANK) ? 0 : (t & SK_LETTER));
    }
    int drawn = 0;
    while (drawn < m->ntiles && w->bagpos < w->nbag) {
        w->hash ^= zob_bag(w->bagpos);
        rack_add(w, side, w->bag[w->bagpos++]);
        w->hash ^= zob_bag(w->bagpos);
        drawn++;
    }
    return drawn;
}

static void undo_move(egw *w, const sk_move *m, int drawn)
{
    int dim = w->b.dim, side = w->stm;
    while (drawn-- > 0) {
        w->hash ^= zob_bag(w->bagpos);
        rack_sub(w, side, w->bag[--w->bagpos]);
        w->hash ^= zob_bag(w->bagpos);
    }
    for (int i = 0; i < m->len; i++) {
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD)
            continue;
        int sq = (m->row + (m->dir ? i : 0)) * dim + m->col + (m->dir ? 0 : i);
        w->hash ^= zob_sq(sq, t & (SK_LETTER | SK_BLANK));
        w->b.sq[sq] = 0;
        occ_flip(w, sq);
        rack_add(w, side, (t & SK_BLANK) ? 0 : (t & SK_LETTER));
    }
}

static uint64_t full_hash(const egw *w)
{
    uint64_t h = 0;
    int n = w->b.dim * w->b.dim;
    for (int i = 0; i < n; i++)
        if (w->b.sq[i])
            h ^= zob_sq(i, w->b.sq[i]);
    for (int side = 0; side < 2; side++) {
        h ^= zob_rack(side, 0, w->r[side].blanks);
        for (int l = 1; l < 64; l++)
            h ^= zob_rack(side, l, w->r[side].count[l]);
    }
    return h ^ zob_bag(w->bagpos);
}

/* ---- move ordering ------------------------------------------------------------------- */

static int buf_reserve(egply_buf *p, size_t n)
{
    if (n <= p->cap)
        return 0;
    size_t nc = n + n / 2 + 64;
    order_ent *o = realloc(p->ord, nc * sizeof *o);
    if (!o)
        return -1;
    p->ord = o;
    p->cap = nc;
    return 0;
}

static int cmp_ord(const void *a, const void *b)
{
    const order_ent *x = a, *y = b;
    if (x->key != y->key)
        return x->key > y->key ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Ordering key of move m for a rack of rn tiles (opp: opponent's rack value). */
static inline int32_t move_key(const sk_engine *e, const sk_move *m, int rn, int opp, int bag_left)
{
    if (m->ntiles == rn && !bag_left)
        return 1000000 + m->score + 2 * opp;
    int face = 0;
    for (int i = 0; i < m->len; i++)
        if (!(m->word[i] & (SK_ONBOARD | SK_BLANK)))
            face += e->val[m->word[i]];
    return 2 * m->score + face;
}

/* Fill o[0..n] with the n moves of list and the pass, sorted best first
 * (ttbest: move index + 1 to put first, 0 none); lazy: keys only (the
 * search picks with order_pick). */
static void order_moves(const egw *w, int ply, const sk_movelist *list, order_ent *o, unsigned ttbest, int lazy)
{
    const sk_engine *e = w->s->e;
    int side = w->stm, rn = w->r[side].n, opp = w->rv[!side], bag_left = w->bagpos < w->nbag;
    size_t n = list->n;
    for (size_t i = 0; i < n; i++) {
        o[i].idx = (uint32_t)i;
        o[i].key = move_key(e, &list->v[i], rn, opp, bag_left);
    }
    o[n].idx = PASS_IDX;
    /* the pass: last, but first after the opponent's pass with the bag empty (it ends the game at once) */
    o[n].key = w->lastpass && w->bagpos == w->nbag ? 1500000 : -1000000;
    if (ply >= 0 && w->nkill[ply])
        for (size_t i = 0; i < n; i++) {
            const sk_move *m = &list->v[i];
            for (int k = 0; k < w->nkill[ply]; k++) {
                const sk_move *q = &w->killer[ply][k];
                if (m->row == q->row && m->col == q->col && m->dir == q->dir && m->len == q->len &&
                    memcmp(m->word, q->word, m->len) == 0) {
                    o[i].key += 1000000 - k;
                    break;
                }
            }
        }
    if (ttbest) {
        uint32_t want = ttbest - 1;
        for (size_t i = 0; i <= n; i++)
            if (o[i].idx == want) {
                o[i].key = 2000000000;
                break;
            }
    }
    if (!lazy)
        qsort(o, n + 1, sizeof *o, cmp_ord);
}

/* Lazy ordering: a cut-off usually comes within the first few entries, so
 * the first ORDER_PICKS are picked one at a time (the best of the rest) and
 * the rest is sorted once when reached; the order is the one qsort gives
 * (cmp_ord is a total order). */
#define ORDER_PICKS 6
static inline void order_pick(order_ent *o, size_t i, size_t n)
{
    if (i < ORDER_PICKS) {
        size_t b = i;
        for (size_t j = i + 1; j <= n; j++)
            if (cmp_ord(&o[j], &o[b]) < 0)
                b = j;
        order_ent t = o[i];
        o[i] = o[b];
        o[b] = t;
    } else if (i == ORDER_PICKS) {
        qsort(o + i, n + 1 - i, sizeof *o, cmp_ord);
    }
}

/* ---- search --------------------------------------------------------------------------- */

static inline int check_abort(egw *w)
{
    sk_endgame *s = w->s;
    if (atomic_load_explicit(&s->stop, memory_order_relaxed))
        return w->abort = 1;
    if (s->deadline > 0 && (w->nodes & 255) == 0 && now_sec() >= s->deadline) {
        atomic_store(&s->stop, 1);
        return w->abort = 1;
    }
    return 0;
}

static inline void pv_set(egw *w, int ply, const sk_eg_ply *p, int child)
{
    w->pv[ply][0] = *p;
    int n = 1;
    if (child)
        for (int k = 0; k < w->pvlen[ply + 1] && n < SK_EG_MAX_PLY; k++)
            w->pv[ply][n++] = w->pv[ply + 1][k];
    w->pvlen[ply] = n;
}

static int search(egw *w, int ply, int depth, int alpha, int beta, int *inexact);

static inline sk_genboard *gb_slot(egw *w, int ply) { return (sk_genboard *)(w->gbmem + (size_t)ply * tki_sk_genboard_size()); }

/* The root's board state (ply 0) from w->b. */
static void gb_root(egw *w)
{
    /* Cross-sets only for the racks' letters (every letter with a blank or
     * a bag: a drawn tile may be any). */
    alpha_set mask = 0;
    if (w->nbag == 0 && !w->r[0].blanks && !w->r[1].blanks)
        for (int l = 1; l < 64; l++)
            if (w->r[0].count[l] || w->r[1].count[l])
                mask |= (alpha_set)1 << l;
    tki_sk_genboard_mask(w->g, mask);
    w->use_gb = !sk_board_empty(&w->b);
    if (w->use_gb)
        tki_sk_genboard_init(w->g, &w->b, gb_slot(w, 0));
    w->gbp[0] = gb_slot(w, 0);
}

/* The generator's board state of ply (made from its parent's on first use). */
static const sk_genboard *ensure_gb(egw *w, int ply)
{
    if (w->gbp[ply])
        return w->gbp[ply];
    const sk_genboard *from = ensure_gb(w, ply - 1);
    if (!w->pend[ply]) {
        w->gbp[ply] = from;
    } else {
        tki_sk_genboard_apply(w->g, from, w->pend[ply], gb_slot(w, ply));
        w->gbp[ply] = gb_slot(w, ply);
    }
    return w->gbp[ply];
}

static void lc_invalidate_refs(egw *w) { memset(w->lref, 0xFF, (SK_EG_MAX_PLY + 2) * sizeof *w->lref); }

static void lc_flush(egw *w)
{
    lcache *c = &w->lc;
    c->nent = 0;
    c->nmv = 0;
    c->nkb = 0;
    memset(c->tab, 0xFF, (c->tmask + 1) * sizeof *c->tab);
    c->flushes++;
    lc_invalidate_refs(w);
}

/* Set the line cache up for the root racks r[0], r[1] (on: use it). */
static int lc_setup(egw *w, const sk_rack r[2], int on)
{
    w->lc_on = on;
    if (!on)
        return TK_OK;
    lcache *c = &w->lc;
    if (!c->tab) {
        c->tab = malloc(((size_t)1 << 12) * sizeof *c->tab);
        if (!c->tab)
            return TK_ENOMEM;
        c->tmask = ((size_t)1 << 12) - 1;
    }
    lc_flush(w);
    c->flushes = c->hits = c->misses = 0;
    for (int side = 0; side < 2; side++) {
        if (r[side].n > SK_RACK_MAX)
            return TK_EINVAL;
        w->lgslots[side] = ~0u;
        int next = 0, nl = 0;
        memset(w->lbase[side], 0, sizeof w->lbase[side]);
        if (r[side].blanks) {
            w->lletter[side][nl++] = 0;
            next += r[side].blanks;
        }
        for (int l = 1; l < 64; l++)
            if (r[side].count[l]) {
                w->lbase[side][l] = (uint8_t)next;
                w->lletter[side][nl++] = (uint8_t)l;
                next += r[side].count[l];
            }
        w->lnl[side] = (uint8_t)nl;
    }
    return TK_OK;
}

/* The rack slots side's rack holds now (its tiles of each letter are the first slots of that letter). */
static inline unsigned lc_rack_slots(const egw *w, int side)
{
    const sk_rack *r = &w->r[side];
    unsigned m = 0;
    for (int k = 0; k < w->lnl[side]; k++) {
        int l = w->lletter[side][k], n = l ? r->count[l] : r->blanks;
        m |= ((1u << n) - 1) << w->lbase[side][l];
    }
    return m;
}

/* A cheap hash of a line state (entries are compared in full). */
static inline uint64_t lc_hash(const uint8_t *st, size_t len)
{
    uint64_t h = 0x243F6A8885A308D3ull ^ len;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t x;
        memcpy(&x, st + i, 8);
        h = (h ^ x) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    uint64_t x = 0;
    memcpy(&x, st + i, len - i);
    return mix64(h ^ x);
}

static int lc_grow_tab(lcache *c)
{
    size_t n = (c->tmask + 1) * 2;
    int32_t *t = malloc(n * sizeof *t);
    if (!t)
        return TK_ENOMEM;
    memset(t, 0xFF, n * sizeof *t);
    for (size_t e = 0; e < c->nent; e++) {
        size_t i = c->ent[e].key & (n - 1);
        while (t[i] >= 0)
            i = (i + 1) & (n - 1);
        t[i] = (int32_t)e;
    }
    free(c->tab);
    c->tab = t;
    c->tmask = n - 1;
    return TK_OK;
}

/* An entry of key st (hash h) made for rack slots that hold `need`, or -1. */
static inline int32_t lc_find(const lcache *c, uint64_t h, const uint8_t *st, size_t len, unsigned need)
{
    for (size_t i = h & c->tmask;; i = (i + 1) & c->tmask) {
        int32_t e = c->tab[i];
        if (e < 0)
            return -1;
        const lc_ent *E = &c->ent[e];
        if (E->key == h && !(need & ~E->slots) && E->klen == len && memcmp(c->kb + E->koff, st, len) == 0)
            return e;
    }
}

/* The raw index of the kf-th move of entry E that fits rack slots `have`
 * (the moves a node lists from it, in order), or -1. */
static inline int32_t lc_nth(const lcache *c, const lc_ent *E, unsigned have, unsigned kf)
{
    const uint8_t *mm = c->mm + E->start;
    for (uint32_t k = 0; k < E->n; k++)
        if (!(mm[k] & ~have) && kf-- == 0)
            return (int32_t)k;
    return -1;
}

/* The key of line (o, line) of the board for side into st (LC_KEY_MAX
 * bytes); returns its length. */
static inline size_t lc_key(const egw *w, int side, int o, int line, uint8_t *st)
{
    int dim = w->b.dim;
    const uint8_t *sq = w->b.sq;
    size_t len = 0;
    st[len++] = (uint8_t)side;
    st[len++] = (uint8_t)o;
    st[len++] = (uint8_t)line;
    int along = o ? dim : 1, across = o ? 1 : dim, i0 = o ? line : line * dim;
    const uint32_t *oc = w->occ[o] + 1 + line;
    uint32_t full = dim >= 32 ? ~0u : (1u << dim) - 1;
    uint32_t tiles = oc[0], hooks = ~oc[0] & (oc[-1] | oc[1]) & full;
    memcpy(st + len, &tiles, 4);
    memcpy(st + len + 4, &hooks, 4);
    len += 8;
    for (uint32_t b = tiles; b; b &= b - 1)
        st[len++] = sq[i0 + __builtin_ctz(b) * along];
    for (uint32_t b = hooks; b; b &= b - 1) {
        int q = __builtin_ctz(b), i = i0 + q * along;
        /* the runs' lengths from the perpendicular line's occupancy */
        uint32_t p = w->occ[!o][1 + q], below = ~p & ((1u << line) - 1);
        int nb = below ? line - 1 - (31 - __builtin_clz(below)) : line;
        int na = __builtin_ctz(~p >> (line + 1));
        st[len++] = (uint8_t)nb;
        for (int k = 1; k <= nb; k++)
            st[len++] = sq[i - k * across];
        st[len++] = (uint8_t)na;
        for (int k = 1; k <= na; k++)
            st[len++] = sq[i + k * across];
    }
    return len;
}

/* Room for one more entry of klen key bytes and nmv moves (the cache
 * starts over when it is full): 0, or -1 when out of memory. */
static int lc_reserve(lcache *c, egw *w, size_t klen, size_t nmv)
{
    if (c->nent >= LC_MAX_ENT || c->nmv + nmv > LC_MAX_MV || c->nkb + klen > LC_MAX_KB)
        lc_flush(w);
    if (c->nkb + klen > c->capkb) {
        size_t nc = c->capkb ? 2 * c->capkb : 65536;
        while (nc < c->nkb + klen)
            nc *= 2;
        uint8_t *nk = realloc(c->kb, nc);
        if (!nk)
            return -1;
        c->kb = nk;
        c->capkb = nc;
    }
    if (c->nent == c->capent) {
        size_t nc = c->capent ? 2 * c->capent : 1024;
        lc_ent *ne = realloc(c->ent, nc * sizeof *ne);
        if (!ne)
            return -1;
        c->ent = ne;
        c->capent = nc;
    }
    if (2 * (c->nent + 1) > c->tmask + 1 && lc_grow_tab(c))
        return -1;
    if (c->nmv + nmv > c->capmv) {
        size_t nc = c->capmv ? 2 * c->capmv : 16384;
        while (nc < c->nmv + nmv)
            nc *= 2;
        sk_move *nm = realloc(c->mv, nc * sizeof *nm);
        if (nm)
            c->mv = nm;
        uint8_t *nmm = realloc(c->mm, nc);
        if (nmm)
            c->mm = nmm;
        if (!nm || !nmm)
            return -1;
        c->capmv = nc;
    }
    return 0;
}

/* The rack slots move m of side uses (the tiles of each letter taken
 * first to last). */
static inline unsigned lc_move_slots(const egw *w, int side, const sk_move *m)
{
    unsigned mask = 0;
    uint8_t used[SK_RACK_MAX];
    int nu = 0;
    for (int j = 0; j < m->len; j++) {
        uint8_t t = m->word[j];
        if (t & SK_ONBOARD)
            continue;
        uint8_t l = (t & SK_BLANK) ? 0 : (t & SK_LETTER);
        int before = 0;
        for (int u = 0; u < nu; u++)
            before += used[u] == l;
        used[nu++] = l;
        mask |= 1u << (w->lbase[side][l] + before);
    }
    return mask;
}

/* A new entry (room reserved) of key st (hash h) holding the moves L made
 * for rack slots `have`; returns its index. */
static int32_t lc_add(egw *w, int side, uint64_t h, const uint8_t *st, size_t len, unsigned have, const sk_movelist *L)
{
    lcache *c = &w->lc;
    int32_t e = (int32_t)c->nent++;
    lc_ent *E = &c->ent[e];
    E->key = h;
    E->klen = (uint32_t)len;
    E->koff = (uint32_t)c->nkb;
    memcpy(c->kb + c->nkb, st, len);
    c->nkb += len;
    E->start = (uint32_t)c->nmv;
    E->n = (uint32_t)L->n;
    E->slots = have;
    for (size_t k = 0; k < L->n; k++) {
        c->mv[c->nmv] = L->v[k];
        c->mm[c->nmv++] = (uint8_t)lc_move_slots(w, side, &L->v[k]);
    }
    size_t i = h & c->tmask;
    while (c->tab[i] >= 0)
        i = (i + 1) & c->tmask;
    c->tab[i] = e;
    return e;
}

/* The cache entry of line (o, line) of ply's board for side (made on a miss); -1: out of memory. */
static int32_t lc_get(egw *w, int ply, int side, int o, int line)
{
    lcache *c = &w->lc;
    uint8_t st[LC_KEY_MAX];
    size_t len = lc_key(w, side, o, line, st);
    /* The other side's entry of the same line, if it is cached: its key
     * differs only in the first byte (the next ply inherits it). */
    if (w->lref[ply][!side][o][line] < 0) {
        st[0] = (uint8_t)!side;
        int32_t e2 = lc_find(c, lc_hash(st, len), st, len, lc_rack_slots(w, !side));
        if (e2 >= 0)
            w->lref[ply][!side][o][line] = e2;
        st[0] = (uint8_t)side;
    }
    uint64_t h = lc_hash(st, len);
    unsigned have = lc_rack_slots(w, side);
    int32_t found = lc_find(c, h, st, len, have);
    if (found >= 0) {
        c->hits++;
        return found;
    }
    c->misses++;
    /* made for the rack the side holds now: the nodes below hold no more */
    if (w->lgslots[side] != have) {
        tk_error err;
        if (tki_sk_gen_set_rack(w->lg[side], &w->r[side], &err))
            return -1;
        w->lgslots[side] = have;
    }
    sk_movelist *L = &w->ltmp;
    L->n = 0;
    L->limit = 0;
    if (tki_sk_gen_line_on(w->lg[side], ensure_gb(w, ply), o, line, L) || lc_reserve(c, w, len, L->n))
        return -1;
    return lc_add(w, side, h, st, len, have, L);
}

/* The line references of ply (ply >= 1) from its parent's: the lines the
 * move of ply changed (w->b holds it) are looked up again. */
static void lc_inherit(egw *w, int ply)
{
    memcpy(w->lref[ply], w->lref[ply - 1], sizeof *w->lref);
    const sk_move *m = w->pend[ply];
    if (!m)
        return;
    int dim = w->b.dim;
    const uint8_t *sq = w->b.sq;
    uint32_t d[2] = { 0, 0 };
    for (int i = 0; i < m->len; i++) {
        if (m->word[i] & SK_ONBOARD)
            continue;
        int r = m->row + (m->dir ? i : 0), c = m->col + (m->dir ? 0 : i);
        d[0] |= 1u << r;
        d[1] |= 1u << c;
        int q = r;
        while (q >= 0 && sq[q * dim + c])
            q--;
        if (q >= 0)
            d[0] |= 1u << q;
        q = r;
        while (q < dim && sq[q * dim + c])
            q++;
        if (q < dim)
            d[0] |= 1u << q;
        q = c;
        while (q >= 0 && sq[r * dim + q])
            q--;
        if (q >= 0)
            d[1] |= 1u << q;
        q = c;
        while (q < dim && sq[r * dim + q])
            q++;
        if (q < dim)
            d[1] |= 1u << q;
    }
    for (int side = 0; side < 2; side++)
        for (int o = 0; o < 2; o++)
            for (uint32_t b = d[o]; b; b &= b - 1)
                w->lref[ply][side][o][__builtin_ctz(b)] = -1;
}

/* The cache entry of line (o, line) at ply for side (looked up when the
 * ply has none yet); -1: out of memory. */
static inline int32_t lc_line(egw *w, int ply, int side, int o, int line)
{
    int32_t e = w->lref[ply][side][o][line];
    if (e < 0) {
        e = lc_get(w, ply, side, o, line);
        if (e >= 0)
            w->lref[ply][side][o][line] = e;
    }
    return e;
}

/* Every move of the side to move at ply into pb's list, from the line
 * cache (pb->kix: each move's rank among the moves of its line's entry that
 * the rack fits: the same for the same position, whichever entry serves). */
static int gen_cached(egw *w, int ply, egply_buf *pb)
{
    sk_movelist *list = &pb->list;
    int side = w->stm, dim = w->b.dim;
    unsigned have = lc_rack_slots(w, side);
    list->n = 0;
    for (int o = 0; o < 2; o++)
        for (int line = 0; line < dim; line++) {
            int32_t e = lc_line(w, ply, side, o, line);
            if (e < 0)
                return TK_ENOMEM;
            const lc_ent *E = &w->lc.ent[e];
            if (E->n == 0)
                continue;   /* no move on the line (the cache may hold none at all: lc.mv NULL) */
            if (list->n + E->n > list->cap) {
                size_t nc = list->cap ? 2 * list->cap : 1024;
                while (nc < list->n + E->n)
                    nc *= 2;
                sk_move *nv = realloc(list->v, nc * sizeof *nv);
                if (!nv)
                    return TK_ENOMEM;
                list->v = nv;
                list->cap = nc;
            }
            if (list->cap > pb->kcap) {
                uint16_t *nk = realloc(pb->kix, list->cap * sizeof *nk);
                if (!nk)
                    return TK_ENOMEM;
                pb->kix = nk;
                pb->kcap = list->cap;
            }
            const sk_move *mv = w->lc.mv + E->start;
            const uint8_t *mm = w->lc.mm + E->start;
            uint32_t f = 0;
            for (uint32_t k = 0; k < E->n; k++)
                if (!(mm[k] & ~have)) {
                    pb->kix[list->n] = f < LC_NOK ? (uint16_t)f : LC_NOK;
                    list->v[list->n++] = mv[k];
                    f++;
                }
        }
    return TK_OK;
}

/* Every move of the side to move at ply into pb's list. */
static int gen_moves(egw *w, int ply, egply_buf *pb, tk_error *err)
{
    const sk_rack *r = &w->r[w->stm];
    sk_movelist *list = &pb->list;
    list->limit = 0;
    if (!w->use_gb)
        return sk_generate(w->g, &w->b, r, 0, list, err);
    if (w->lc_on)
        return gen_cached(w, ply, pb);
    return tki_sk_generate_on(w->g, ensure_gb(w, ply), r, list, err);
}

/* Play m (NULL: the pass) for the side to move, search the rest, take it
 * back: the value from the mover's view.  *term = 1 when the game ended
 * with it; *pl is filled for the PV.  m must stay put during the search
 * (the children's board state is made from it). */
static int child_value(egw *w, int ply, int depth, const sk_move *m, int alpha, int beta, int *inexact, int *term,
                       sk_eg_ply *pl)
{
    int side = w->stm, v;
    int lp = w->lastpass, zl = w->zl;
    pl->player = (uint8_t)side;
    pl->end = 0;
    pl->last = 0;
    *term = 0;
    if (!m) {
        pl->kind = SK_PLAY_PASS;
        pl->score = 0;
        if ((lp && w->bagpos == w->nbag) || zl + 1 >= SK_SCORELESS_END) {
            *term = pl->last = 1;
            pl->end = w->rv[!side] - w->rv[side];
            return pl->end;
        }
        w->lastpass = 1;
        w->zl = zl + 1;
        w->stm = !side;
        w->gbp[ply + 1] = w->gbp[ply];
        w->pend[ply + 1] = NULL;
        v = -search(w, ply + 1, depth - 1, -beta, -alpha, inexact);
        w->stm = side;
        w->lastpass = lp;
        w->zl = zl;
        return v;
    }
    pl->kind = SK_PLAY_MOVE;
    pl->move = *m;
    pl->score = m->score;
    int drawn = do_move(w, m);
    if (w->r[side].n == 0) {
        *term = pl->last = 1;
        pl->end = 2 * w->rv[!side];
        v = m->score + pl->end;
    } else if (m->score == 0 && zl + 1 >= SK_SCORELESS_END) {
        *term = pl->last = 1;
        pl->end = w->rv[!side] - w->rv[side];
        v = pl->end;
    } else {
        w->lastpass = 0;
        w->zl = m->score ? 0 : zl + 1;
        w->stm = !side;
        w->gbp[ply + 1] = NULL;
        w->pend[ply + 1] = m;
        v = m->score - search(w, ply + 1, depth - 1, m->score - beta, m->score - alpha, inexact);
        w->stm = side;
        w->lastpass = lp;
        w->zl = zl;
    }
    undo_move(w, m, drawn);
    return v;
}

static inline int move_same(const sk_move *a, const sk_move *b)
{
    return a->row == b->row && a->col == b->col && a->dir == b->dir && a->len == b->len &&
           memcmp(a->word, b->word, a->len) == 0;
}

/* The table's best move with the line cache: its line and its rank k
 * among the moves of the line's entry that the rack fits (the same for the
 * same position), + 1; 0 none. */
static inline unsigned lc_ref(const sk_move *m, unsigned k)
{
    if (k >= 16384)
        return 0;
    return 1 + (((unsigned)m->dir << 19) | ((unsigned)(m->dir ? m->col : m->row) << 14) | k);
}

static void killer_add(egw *w, int ply, const sk_move *m, unsigned k)
{
    sk_move *k0 = &w->killer[ply][0];
    if (w->nkill[ply] && move_same(k0, m))
        return;
    w->killer[ply][1] = *k0;
    w->killk[ply][1] = w->killk[ply][0];
    *k0 = *m;
    w->killk[ply][0] = (uint16_t)k;
    if (w->nkill[ply] < 2)
        w->nkill[ply]++;
}

/* A node's search state: the children are searched in turn with
 * try_child (the first with the window, the others with a null window and
 * a re-search when one fails high). */
typedef struct node_st {
    int best, alpha, beta, inex, nsearched;
    unsigned bestref;      /* for the table: TT_BEST_PASS, a move's reference, 0 none */
} node_st;

/* Search child m (NULL: the pass; ref: its reference for the table, k: its
 * rank in its line's cache entry or LC_NOK).  Returns 1 on a cut-off, -1
 * when aborted, else 0. */
static int try_child(egw *w, int ply, int depth, const sk_move *m, unsigned ref, unsigned k, node_st *ns)
{
    int term, cin = 0, v;
    sk_eg_ply pl;
    if (ns->nsearched++ == 0) {
        v = child_value(w, ply, depth, m, ns->alpha, ns->beta, &cin, &term, &pl);
    } else {
        v = child_value(w, ply, depth, m, ns->alpha, ns->alpha + 1, &cin, &term, &pl);
        if (!term && v > ns->alpha && v < ns->beta && !w->abort) {
            cin = 0;
            v = child_value(w, ply, depth, m, ns->alpha, ns->beta, &cin, &term, &pl);
        }
    }
    if (w->abort)
        return -1;
    ns->inex |= cin;
    if (v > ns->best) {
        ns->best = v;
        ns->bestref = ref;
        if (v > ns->alpha) {
            ns->alpha = v;
            pv_set(w, ply, &pl, !term);
            if (v >= ns->beta) {
                /* A fail high is proven by this child alone (the node is
                 * worth at least v): the children that failed low before it
                 * do not bear on it, proven or not. */
                ns->inex = cin;
                if (m)
                    killer_add(w, ply, m, k);
                return 1;
            }
        }
    }
    return 0;
}

/* The playout's choice among moves: higher key first (pl_key), then
 * sk_move_cmp order. */
typedef struct pl_pick {
    const sk_engine *e;
    int rn, opp, outs;
    int have;
    int32_t key;
    sk_move best;
} pl_pick;

static inline void pl_offer(pl_pick *p, const sk_move *x)
{
    int32_t k = p->outs && x->ntiles == p->rn ? 1000000 + x->score + 2 * p->opp : x->score;
    if (!p->have || k > p->key || (k == p->key && sk_move_cmp(p->e, x, &p->best) < 0)) {
        p->best = *x;
        p->key = k;
        p->have = 1;
    }
}

/* Every cached move of the side to move at ply q that its rack fits,
 * offered to p (no list is made).  0 or TK_ENOMEM. */
static int lc_pick(egw *w, int q, pl_pick *p)
{
    int side = w->stm, dim = w->b.dim;
    unsigned have = lc_rack_slots(w, side);
    if (q > 0)
        lc_inherit(w, q);
    for (int o = 0; o < 2; o++)
        for (int line = 0; line < dim; line++) {
            int32_t e = lc_line(w, q, side, o, line);
            if (e < 0)
                return TK_ENOMEM;
            const lc_ent *E = &w->lc.ent[e];
            const sk_move *mv = w->lc.mv + E->start;
            const uint8_t *mm = w->lc.mm + E->start;
            for (uint32_t k = 0; k < E->n; k++)
                if (!(mm[k] & ~have))
                    pl_offer(p, &mv[k]);
        }
    return TK_OK;
}

/* The playout's move for the side to move at ply q into *m (*none when it
 * has none): its highest-scoring placement, except that with the bag empty
 * and a rack of 3 tiles or fewer a placement that goes out comes first
 * (the best by score + twice the other rack); ties in sk_move_cmp order.
 * The moves come from the line cache when it is on, else from the top-1
 * search by score (a full generation for a short rack that may go out).
 * Returns 0 or an error. */
static int playout_move(egw *w, int q, sk_move *m, int *none)
{
    int side = w->stm, rn = w->r[side].n;
    pl_pick p = { w->s->e, rn, w->rv[!side], w->bagpos == w->nbag && rn <= 3, 0, 0, { 0 } };
    int rc;
    if (w->lc_on && w->use_gb) {
        rc = lc_pick(w, q, &p);
    } else {
        sk_movelist *L = &w->ply[q].list;
        tk_error err;
        L->limit = 0;
        rc = p.outs ? sk_generate(w->g, &w->b, &w->r[side], 0, L, &err)
                    : sk_generate_top(w->g, &w->b, &w->r[side], 0, NULL, 1, L, &err);
        for (size_t i = 0; !rc && i < L->n; i++)
            pl_offer(&p, &L->v[i]);
    }
    *m = p.best;
    *none = !p.have;
    return rc;
}

typedef struct po_step {
    sk_move mv;            /* the move played (when m is set) */
    const sk_move *m;      /* NULL: a pass */
    int drawn, side, lastpass, zl;
} po_step;

/* Play one turn of a playout at ply q: the greedy move or the pass.
 * Returns 1 when the game ended with it (*pts: its points and end points
 * for the side that made it), 0 when it goes on (*pts: the move's
 * score), -1 when out of memory. */
static int playout_turn(egw *w, int q, po_step *st, int *pts)
{
    int side = w->stm, none;
    st->side = side;
    st->lastpass = w->lastpass;
    st->zl = w->zl;
    st->drawn = 0;
    if (playout_move(w, q, &st->mv, &none))
        return -1;
    const sk_move *m = st->m = none ? NULL : &st->mv;
    *pts = 0;
    if (!m) {
        if ((w->lastpass && w->bagpos == w->nbag) || w->zl + 1 >= SK_SCORELESS_END) {
            *pts = w->rv[!side] - w->rv[side];
            return 1;
        }
        w->lastpass = 1;
        w->zl++;
        w->gbp[q + 1] = w->gbp[q];
        w->pend[q + 1] = NULL;
    } else {
        st->drawn = do_move(w, m);
        *pts = m->score;
        if (w->r[side].n == 0) {
            *pts += 2 * w->rv[!side];
            return 1;
        }
        if (m->score == 0 && w->zl + 1 >= SK_SCORELESS_END) {
            *pts = w->rv[!side] - w->rv[side];
            return 1;
        }
        w->lastpass = 0;
        w->zl = m->score ? 0 : w->zl + 1;
        w->gbp[q + 1] = NULL;
        w->pend[q + 1] = m;
    }
    w->stm = !side;
    return 0;
}

/* A greedy playout from the node at ply: each side in turn plays its
 * playout_move or passes when it has none, until the game ends by the
 * rules of child_value (or SK_EG_MAX_PLY: then the leaf heuristic); the
 * value from the view of the side to move at ply.  The position is
 * restored.  pl: when not NULL, the turns played (*npl). */
static int playout(egw *w, int ply, sk_eg_ply *pl, int *npl)
{
    po_step st[SK_EG_MAX_PLY + 1];
    int side0 = w->stm, total = 0, q = ply, n = 0, ended = 0;
    while (!ended && q < SK_EG_MAX_PLY) {
        int pts, rc = playout_turn(w, q, &st[n], &pts);
        if (rc < 0) {
            w->err = TK_ENOMEM;
            atomic_store(&w->s->stop, 1);
            w->abort = 1;
            break;
        }
        ended = rc;
        total += st[n].side == side0 ? pts : -pts;
        if (pl) {
            sk_eg_ply *p = &pl[n];
            memset(p, 0, sizeof *p);
            p->kind = st[n].m ? SK_PLAY_MOVE : SK_PLAY_PASS;
            p->player = (uint8_t)st[n].side;
            p->last = (uint8_t)ended;
            if (st[n].m)
                p->move = *st[n].m;
            p->score = st[n].m ? st[n].m->score : 0;
            p->end = ended ? pts - p->score : 0;
        }
        n++;
        q++;
    }
    if (!ended && !w->abort)
        total += (w->stm == side0 ? 1 : -1) * (w->rv[!w->stm] - w->rv[w->stm]);
    if (npl)
        *npl = n;
    while (n-- > 0) {
        w->stm = st[n].side;
        w->lastpass = st[n].lastpass;
        w->zl = st[n].zl;
        if (st[n].m)
            undo_move(w, st[n].m, st[n].drawn);
    }
    w->stm = side0;
    return total;
}

/* A node the search does not go below: a greedy playout (the solver's
 * leaf mode SK_EG_LEAF_PLAYOUT), else the opponent's rack value less the
 * mover's. */
static inline int leaf_value(egw *w, int ply)
{
    if (w->s->playout)
        return playout(w, ply, NULL, NULL);
    return w->rv[!w->stm] - w->rv[w->stm];
}

/* The table's word on this node: 1 when it settles the node at this depth
 * (*v its value), else 0; *ttbest is its best move (0 none; in the search
 * to the end only one found by a search to the end). */
static inline int search_probe(egw *w, uint64_t key, int depth, int alpha, int beta, int *inexact, unsigned *ttbest,
                               int *v)
{
    tt_hit h;
    *ttbest = 0;
    if (!tt_probe(w->s, key, &h))
        return 0;
    /* In the search to the end, a best move of the shallow iterations
     * (chosen by the heuristic at their leaves) misleads more than it
     * helps: the static order goes first (it was 1.2-1.7x the nodes
     * with a table large enough to keep those moves) */
    *ttbest = w->s->to_end && h.depth != DEPTH_EXACT ? 0 : h.best;
    if (h.depth < depth)
        return 0;
    int cut = h.flag == TT_EXACT || (h.flag == TT_LOWER && h.value >= beta) || (h.flag == TT_UPPER && h.value <= alpha);
    if (!cut)
        return 0;
    if (h.depth != DEPTH_EXACT)
        *inexact = 1;
    *v = h.value;
    return 1;
}

/* What a node's children share while they are searched. */
typedef struct node_ctx {
    int ply, depth, side;
    int lcm;               /* the moves come from the line cache */
    unsigned have;         /* lcm: the rack slots the side to move holds */
    egply_buf *pb;
    int npre;              /* children searched before the list (w->pre[ply]) */
} node_ctx;

#define SEARCH_OOM (-2)

/* The table's best move ttbest (a move, not the pass) as a move of this
 * node, or NULL when it is none here; *k its rank in its line's entry
 * (LC_NOK without the line cache); *oom set when out of memory. */
static inline const sk_move *tt_move(egw *w, const node_ctx *nc, unsigned ttbest, unsigned *k, int *oom)
{
    *k = LC_NOK;
    if (!nc->lcm)
        return ttbest - 1 < nc->pb->list.n ? &nc->pb->list.v[ttbest - 1] : NULL;
    unsigned r = ttbest - 1, o = r >> 19, line = (r >> 14) & 31;
    *k = r & 16383;
    if ((int)line >= w->b.dim)
        return NULL;
    int32_t e = lc_line(w, nc->ply, nc->side, (int)o, (int)line);
    if (e < 0) {
        *oom = 1;
        return NULL;
    }
    const lcache *c = &w->lc;
    const lc_ent *E = &c->ent[e];
    int32_t raw = lc_nth(c, E, nc->have, *k);
    return raw >= 0 ? &c->mv[E->start + raw] : NULL;
}

/* Killer j of this ply as a move of this node (it has to be legal here:
 * found in its line's entry, or in the list; its score is this board's),
 * or NULL; *k its rank in its line's entry; *oom set when out of memory. */
static inline const sk_move *killer_move(egw *w, const node_ctx *nc, int j, unsigned *k, int *oom)
{
    const sk_move *q = &w->killer[nc->ply][j];
    *k = LC_NOK;
    if (!nc->lcm) {
        for (size_t i = 0; i < nc->pb->list.n; i++)
            if (move_same(&nc->pb->list.v[i], q))
                return &nc->pb->list.v[i];
        return NULL;
    }
    int32_t e = lc_line(w, nc->ply, nc->side, q->dir, q->dir ? q->col : q->row);
    if (e < 0) {
        *oom = 1;
        return NULL;
    }
    const lcache *c = &w->lc;
    const lc_ent *E = &c->ent[e];
    const sk_move *mv = c->mv + E->start;
    const uint8_t *mm = c->mm + E->start;
    /* its rank last time first, else a scan of the moves the rack fits */
    int32_t raw = w->killk[nc->ply][j] == LC_NOK ? -1 : lc_nth(c, E, nc->have, w->killk[nc->ply][j]);
    if (raw >= 0 && move_same(&mv[raw], q)) {
        *k = w->killk[nc->ply][j];
        return &mv[raw];
    }
    unsigned f = 0;
    for (uint32_t i = 0; i < E->n; i++)
        if (!(mm[i] & ~nc->have)) {
            if (move_same(&mv[i], q)) {
                *k = f;
                return &mv[i];
            }
            f++;
        }
    return NULL;
}

/* Search move m (found before the list) as the node's next pre-listed
 * child: try_child's status. */
static inline int try_pre(egw *w, node_ctx *nc, const sk_move *m, unsigned ref, unsigned k, node_st *ns)
{
    w->pre[nc->ply][nc->npre] = *m;
    return try_child(w, nc->ply, nc->depth, &w->pre[nc->ply][nc->npre++], ref, k, ns);
}

/* The children searched before the moves are listed: the table's best
 * move, then the killers that go out here.  try_child's status, or
 * SEARCH_OOM. */
static int search_pre(egw *w, node_ctx *nc, unsigned ttbest, node_st *ns)
{
    int rc, oom = 0;
    unsigned k;
    if (ttbest && ttbest != TT_BEST_PASS) {
        const sk_move *m = tt_move(w, nc, ttbest, &k, &oom);
        if (oom)
            return SEARCH_OOM;
        if (m && (rc = try_pre(w, nc, m, ttbest, k, ns)) != 0)
            return rc;
    }
    for (int j = 0; j < w->nkill[nc->ply]; j++) {
        const sk_move *q = &w->killer[nc->ply][j];
        if (q->ntiles != w->r[nc->side].n || (nc->npre && move_same(q, &w->pre[nc->ply][0])))
            continue;
        const sk_move *m = killer_move(w, nc, j, &k, &oom);
        if (oom)
            return SEARCH_OOM;
        if (m && (rc = try_pre(w, nc, m, nc->lcm ? lc_ref(m, k) : (unsigned)(m - nc->pb->list.v) + 1, k, ns)) != 0)
            return rc;
    }
    return 0;
}

/* The listed children in order, but those already searched.  try_child's
 * status. */
static int search_list(egw *w, const node_ctx *nc, int pass_first, node_st *ns)
{
    egply_buf *pb = nc->pb;
    size_t n = pb->list.n;
    int rc = 0;
    order_moves(w, nc->ply, &pb->list, pb->ord, 0, 1);
    for (size_t i = 0; i <= n && !rc; i++) {
        order_pick(pb->ord, i, n);
        uint32_t idx = pb->ord[i].idx;
        if (idx == PASS_IDX) {
            if (!pass_first)
                rc = try_child(w, nc->ply, nc->depth, NULL, TT_BEST_PASS, LC_NOK, ns);
            continue;
        }
        const sk_move *m = &pb->list.v[idx];
        int done = 0;
        for (int j = 0; j < nc->npre && !done; j++)
            done = move_same(m, &w->pre[nc->ply][j]);
        if (done)
            continue;
        unsigned k = nc->lcm ? pb->kix[idx] : LC_NOK;
        rc = try_child(w, nc->ply, nc->depth, m, nc->lcm ? lc_ref(m, k) : idx + 1, k, ns);
    }
    return rc;
}

/* A node's children: the pass first when it is the table's best move or
 * ends the game (the opponent passed with the bag empty), then (with the
 * line cache) the table's best move and the killers that go out here, each
 * found in its line's cache entry, so that a cut-off among them saves the
 * list; then the list.  Without the line cache the list comes first (the
 * same order of children).  try_child's status, or SEARCH_OOM. */
static int search_children(egw *w, int ply, int depth, unsigned ttbest, node_st *ns)
{
    node_ctx nc = { ply, depth, w->stm, w->lc_on && w->use_gb, 0, &w->ply[ply], 0 };
    tk_error err;
    int rc, listed = 0;
    if (nc.lcm && ply > 0)
        lc_inherit(w, ply);   /* the line references of this node (its children inherit them) */
    int pass_first = ttbest == TT_BEST_PASS || (w->lastpass && w->bagpos == w->nbag);
    if (pass_first && (rc = try_child(w, ply, depth, NULL, TT_BEST_PASS, LC_NOK, ns)) != 0)
        return rc;
    if (nc.lcm) {
        nc.have = lc_rack_slots(w, nc.side);
    } else {
        if (gen_moves(w, ply, nc.pb, &err) || buf_reserve(nc.pb, nc.pb->list.n + 1))
            return SEARCH_OOM;
        listed = 1;
    }
    if ((rc = search_pre(w, &nc, ttbest, ns)) != 0)
        return rc;
    if (!listed && (gen_moves(w, ply, nc.pb, &err) || buf_reserve(nc.pb, nc.pb->list.n + 1)))
        return SEARCH_OOM;
    return search_list(w, &nc, pass_first, ns);
}

static int search(egw *w, int ply, int depth, int alpha, int beta, int *inexact)
{
    sk_endgame *s = w->s;
    uint64_t nodes0 = w->nodes++;
    w->pvlen[ply] = 0;
    if (w->abort || check_abort(w))
        return 0;
    int side = w->stm, v;
    uint64_t key = w->hash ^ zob_state(side, w->lastpass, w->zl);
    unsigned ttbest;
    if (search_probe(w, key, depth, alpha, beta, inexact, &ttbest, &v))
        return v;
    if (depth <= 0 || ply >= SK_EG_MAX_PLY) {
        *inexact = 1;
        return leaf_value(w, ply);
    }
    node_st ns = { -INF, alpha, beta, 0, 0, TT_BEST_PASS };
    int rc = search_children(w, ply, depth, ttbest, &ns);
    if (rc == SEARCH_OOM) {
        w->err = TK_ENOMEM;
        atomic_store(&s->stop, 1);
        w->abort = 1;
        return 0;
    }
    if (rc < 0)
        return 0;
    int flag = ns.best <= alpha ? TT_UPPER : ns.best >= beta ? TT_LOWER : TT_EXACT;
    tt_store(s, key, ns.best, ns.inex ? depth : DEPTH_EXACT, flag, ns.bestref, w->nodes - nodes0);
    *inexact |= ns.inex;
    return ns.best;
}

/* ---- the root ------------------------------------------------------------------------- */

/* Search root play number k of the order (shared list s->root) on worker w
 * with window (alpha, beta). */
static int root_child(egw *w, uint32_t idx, int depth, int alpha, int beta, int *inexact, int *term,
                      sk_eg_ply *pl)
{
    return child_value(w, 0, depth, idx == PASS_IDX ? NULL : &w->s->root.v[idx], alpha, beta, inexact, term, pl);
}

/* Does root play a come before root play b among plays of equal value?
 * sk_move_cmp order, the pass last: which of two tied plays is named must
 * not depend on the order the threads finished them in. */
static int root_before(const sk_endgame *s, uint32_t a, uint32_t b)
{
    if (a == b || a == PASS_IDX)
        return 0;
    return b == PASS_IDX || sk_move_cmp(s->e, &s->root.v[a], &s->root.v[b]) < 0;
}

/* Record a root play's exact-in-window value v (above the best so far, or
 * equal to it and before it). */
static void root_offer(sk_endgame *s, egw *w, uint32_t idx, int v, const sk_eg_ply *pl, int term)
{
    egroot *R = &s->R;
    pthread_mutex_lock(&R->mu);
    if (!R->have || v > R->best_val || (v == R->best_val && root_before(s, idx, R->best_idx))) {
        R->have = 1;
        R->best_val = v;
        R->best_idx = idx;
        R->pv[0] = *pl;
        R->npv = 1;
        if (!term)
            for (int k = 0; k < w->pvlen[1] && R->npv < SK_EG_MAX_PLY; k++)
                R->pv[R->npv++] = w->pv[1][k];
    }
    pthread_mutex_unlock(&R->mu);
}

static void root_work(egw *w)
{
    sk_endgame *s = w->s;
    egroot *R = &s->R;
    for (;;) {
        size_t k = atomic_fetch_add(&R->next, 1);
        if (k >= R->n || w->abort)
            return;
        uint32_t idx = s->rord[k].idx;
        pthread_mutex_lock(&R->mu);
        int alpha = R->have && R->best_val > R->lo ? R->best_val : R->lo;
        if (alpha < R->hi && R->have && R->best_val > R->lo && root_before(s, idx, R->best_idx))
            alpha--;  /* a tie with the best would take its place: test >= */
        pthread_mutex_unlock(&R->mu);
        if (alpha >= R->hi)
            return;   /* the root failed high on its window: no other move matters */
        int cin = 0, term, v;
        sk_eg_ply pl;
        w->pvlen[1] = 0;
        v = root_child(w, idx, R->depth, alpha, alpha + 1, &cin, &term, &pl);
        if (!term && v > alpha && v < R->hi && !w->abort) {
            cin = 0;
            v = root_child(w, idx, R->depth, alpha, R->hi, &cin, &term, &pl);
        }
        if (w->abort)
            return;
        pthread_mutex_lock(&R->mu);
        R->inexact |= cin;
        pthread_mutex_unlock(&R->mu);
        if (v > alpha)
            root_offer(s, w, idx, v, &pl, term);
    }
}

static void *root_thread(void *arg)
{
    root_work(arg);
    return NULL;
}

/* Copy worker 0's position into the others. */
static void sync_workers(sk_endgame *s)
{
    egw *w0 = &s->w[0];
    for (int j = 1; j < s->jobs; j++) {
        egw *w = &s->w[j];
        w->b = w0->b;
        memcpy(w->occ, w0->occ, sizeof w->occ);
        memcpy(w->r, w0->r, sizeof w->r);
        memcpy(w->rv, w0->rv, sizeof w->rv);
        w->stm = w0->stm;
        w->lastpass = w0->lastpass;
        w->zl = w0->zl;
        w->nbag = w0->nbag;
        w->bagpos = w0->bagpos;
        memcpy(w->bag, w0->bag, sizeof w->bag);
        w->hash = w0->hash;
        w->abort = 0;
        w->err = 0;
        w->use_gb = w0->use_gb;
        tki_sk_genboard_mask(w->g, w0->g->gbmask);
        memcpy(gb_slot(w, 0), gb_slot(w0, 0), tki_sk_genboard_size());
        w->gbp[0] = gb_slot(w, 0);
    }
}

/* One iteration of depth d over the root moves in s->rord (n + 1 entries).
 * Returns 0 finished, 1 aborted. */
static int root_iteration(sk_endgame *s, int d, int lo, int hi)
{
    egroot *R = &s->R;
    R->depth = d;
    R->lo = lo;
    R->hi = hi;
    R->n = s->root.n + 1;
    R->have = 0;
    R->inexact = 0;
    R->npv = 0;
    atomic_store(&R->next, 0);
    egw *w0 = &s->w[0];
    w0->abort = 0;
    /* Thread 0 takes the first move with the full window; the other threads
     * start at once on the next moves (the first of them with no bound yet,
     * the later ones against the best value so far). */
    atomic_store(&R->next, 1);
    int nt = s->jobs;
    pthread_t th[64];
    int started = 0;
    if (nt > 1 && R->n > 1) {
        sync_workers(s);
        for (int j = 1; j < nt && j < 64; j++) {
            if (pthread_create(&th[j], NULL, root_thread, &s->w[j]) != 0)
                break;
            started = j;
        }
    }
    {
        uint32_t idx = s->rord[0].idx;
        int cin = 0, term;
        sk_eg_ply pl;
        w0->pvlen[1] = 0;
        int v = root_child(w0, idx, d, lo, hi, &cin, &term, &pl);
        if (!w0->abort) {
            pthread_mutex_lock(&R->mu);
            R->inexact |= cin;
            pthread_mutex_unlock(&R->mu);
            root_offer(s, w0, idx, v, &pl, term);
        }
    }
    if (!w0->abort)
        root_work(w0);
    for (int j = 1; j <= started; j++)
        pthread_join(th[j], NULL);
    for (int j = 0; j < nt; j++)
        if (s->w[j].abort)
            return 1;
    return 0;
}

/* Order the root moves: the previous best first, then by key. */
static int root_order(sk_endgame *s, uint32_t first)
{
    size_t n = s->root.n;
    if (n + 1 > s->rcap) {
        order_ent *o = realloc(s->rord, (n + 1) * sizeof *o);
        if (!o)
            return TK_ENOMEM;
        s->rord = o;
        s->rcap = n + 1;
    }
    order_moves(&s->w[0], -1, &s->root, s->rord, first == PASS_IDX ? PASS_IDX + 1 : first + 1, 0);
    return TK_OK;
}

/* The stuck-side experiment: does a side hold a tile (not a blank) that
 * none of its moves on the root board uses?  (Off unless
 * tki_sk_eg_stuck_window set a width.) */
static int stuck_root(sk_endgame *s)
{
    if (s->stuck_width <= 0)
        return 0;
    egw *w0 = &s->w[0];
    sk_movelist other = {0};
    tk_error err;
    int stuck = 0;
    for (int side = 0; side < 2 && !stuck; side++) {
        const sk_rack *r = &w0->r[side];
        const sk_movelist *L = &s->root;
        if (side != w0->stm) {
            if (sk_generate(w0->g, &w0->b, r, 0, &other, &err))
                break;
            L = &other;
        }
        uint64_t used = 0, have = 0;
        for (int l = 1; l < 64; l++)
            if (r->count[l])
                have |= 1ull << l;
        for (size_t i = 0; i < L->n; i++)
            for (int j = 0; j < L->v[i].len; j++)
                if (!(L->v[i].word[j] & (SK_ONBOARD | SK_BLANK)))
                    used |= 1ull << (L->v[i].word[j] & SK_LETTER);
        stuck = !r->blanks && (have & ~used) != 0;
    }
    sk_movelist_free(&other);
    return stuck;
}

/* The search to the end of a position with a stuck side, in a window of
 * s->stuck_width around `guess` (the last shallow iteration's value), then
 * with the whole window when the value falls outside (the table keeps the
 * first search's bounds).  Returns root_iteration's status. */
static int stuck_iteration(sk_endgame *s, int d, int guess)
{
    int lo = guess - s->stuck_width, hi = guess + s->stuck_width;
    int ab = root_iteration(s, d, lo, hi);
    if (ab || (s->R.best_val > lo && s->R.best_val < hi))
        return ab;
    return root_iteration(s, d, -INF, INF);
}

void tki_sk_eg_stuck_window(sk_endgame *s, int width) { s->stuck_width = width; }

typedef struct solve_out {
    int value, exact, depth, npv, bound;
    uint32_t best_idx;
    sk_eg_ply pv[SK_EG_MAX_PLY + 1];
} solve_out;

/* Iterative deepening from worker 0's position.  Returns 0 with *o filled
 * (o->depth 0 when not even depth 1 finished), or an error. */
static int deepen(sk_endgame *s, int maxplies, solve_out *o)
{
    egw *w0 = &s->w[0];
    tk_error err;
    s->root.limit = 0;
    if (sk_generate(w0->g, &w0->b, &w0->r[w0->stm], 0, &s->root, &err))
        return TK_ENOMEM;
    gb_root(w0);
    memset(o, 0, sizeof *o);
    o->best_idx = PASS_IDX;
    uint32_t first = PASS_IDX;
    {
        /* a static first guess: the best ordering key */
        int rc = root_order(s, PASS_IDX);
        if (rc)
            return rc;
        first = s->rord[0].idx;
        o->best_idx = first;
    }
    if (maxplies <= 0 || maxplies > SK_EG_MAX_PLY)
        maxplies = SK_EG_MAX_PLY;
    /* Shallow iterations order the moves (the table's best moves); past
     * EG_ID_PLIES one search to the end of every line (exact by
     * construction: a pass after a move keeps lines from ending for many
     * plies, so waiting for a shallow iteration to be exact would take long). */
    int idmax = EG_ID_PLIES;
    for (int d = 1; d <= maxplies; d++) {
        if (d > idmax && maxplies == SK_EG_MAX_PLY)
            d = maxplies;
        s->to_end = d == SK_EG_MAX_PLY;
        int rc = root_order(s, first);
        if (rc)
            return rc;
        int lo = s->to_end && s->win_lo < s->win_hi ? s->win_lo : -INF;
        int hi = s->to_end && s->win_lo < s->win_hi ? s->win_hi : INF;
        int ab;
        if (s->to_end && lo == -INF && o->depth > 0 && stuck_root(s))
            ab = stuck_iteration(s, d, o->value);
        else
            ab = root_iteration(s, d, lo, hi);
        for (int j = 0; j < s->jobs; j++)
            if (s->w[j].err)
                return s->w[j].err;
        if (ab)
            break;
        egroot *R = &s->R;
        o->value = R->best_val;
        o->best_idx = first = R->best_idx;
        o->exact = !R->inexact;
        o->bound = o->exact && R->best_val <= lo ? -1 : o->exact && R->best_val >= hi ? 1 : 0;
        o->depth = d;
        o->npv = R->npv;
        memcpy(o->pv, R->pv, sizeof(sk_eg_ply) * (size_t)R->npv);
        if (o->exact)
            break;
    }
    return TK_OK;
}

/* ---- public interface ------------------------------------------------------------------ */

static void worker_free(egw *w)
{
    for (int p = 0; p < SK_EG_MAX_PLY + 2; p++) {
        sk_movelist_free(&w->ply[p].list);
        free(w->ply[p].ord);
        free(w->ply[p].kix);
    }
    free(w->pv);
    free(w->gbmem);
    sk_gen_destroy(w->g);
    sk_gen_destroy(w->lg[0]);
    sk_gen_destroy(w->lg[1]);
    free(w->lref);
    free(w->lc.ent);
    free(w->lc.tab);
    free(w->lc.mv);
    free(w->lc.mm);
    free(w->lc.kb);
    sk_movelist_free(&w->ltmp);
}

void sk_endgame_destroy(sk_endgame *s)
{
    if (!s)
        return;
    if (s->w)
        for (int j = 0; j < s->jobs; j++)
            worker_free(&s->w[j]);
    free(s->w);
    free(s->tt);
    sk_movelist_free(&s->root);
    free(s->rord);
    pthread_mutex_destroy(&s->R.mu);
    free(s);
}

int sk_endgame_create(sk_endgame **out, const sk_engine *e, size_t tt_mb, int jobs, tk_error *err)
{
    *out = NULL;
    if (jobs < 1)
        jobs = 1;
    if (jobs > 64)
        jobs = 64;
    if (tt_mb == 0)
        tt_mb = SK_EG_TT_MB_DEFAULT;
    if (tt_mb > ((size_t)1 << 20))
        return tk_error_set(err, TK_ELIMIT, 0, 0, "transposition table: %zu MB is too much", tt_mb);
    sk_endgame *s = calloc(1, sizeof *s);
    if (!s)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    if (pthread_mutex_init(&s->R.mu, NULL) != 0) {
        free(s);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "cannot create a mutex");
    }
    s->e = e;
    s->jobs = jobs;
    size_t buckets = 1, bytes = tt_mb << 20;
    while (buckets * 2 * TT_WAYS * sizeof(tt_entry) <= bytes)
        buckets *= 2;
    s->tt = calloc(buckets * TT_WAYS, sizeof(tt_entry));
    s->tt_mask = buckets - 1;
    s->w = calloc((size_t)jobs, sizeof *s->w);
    if (!s->tt || !s->w) {
        sk_endgame_destroy(s);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory (transposition table of %zu MB)", tt_mb);
    }
    for (int j = 0; j < jobs; j++) {
        egw *w = &s->w[j];
        w->s = s;
        w->id = j;
        w->pv = calloc(SK_EG_MAX_PLY + 2, sizeof *w->pv);
        w->gbmem = malloc((SK_EG_MAX_PLY + 2) * tki_sk_genboard_size());
        w->lref = malloc((SK_EG_MAX_PLY + 2) * sizeof *w->lref);
        if (!w->pv || !w->gbmem || !w->lref || sk_gen_create(&w->g, e, err) || sk_gen_create(&w->lg[0], e, err) ||
            sk_gen_create(&w->lg[1], e, err)) {
            sk_endgame_destroy(s);
            return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
        }
    }
    *out = s;
    return TK_OK;
}

const sk_engine *sk_endgame_engine(const sk_endgame *s) { return s->e; }

void tki_sk_eg_line_cache(sk_endgame *s, int on) { s->no_lc = !on; }

int sk_eg_bag_count(const sk_engine *e, const sk_board *b, const sk_rack *r0, const sk_rack *r1)
{
    int n = e->ts.total;
    if (n <= 0)
        for (int l = 0; l <= e->alpha.size; l++)
            n += e->ts.count[l];
    for (int i = 0; i < b->dim * b->dim; i++)
        n -= b->sq[i] != 0;
    return n - (r0 ? r0->n : 0) - (r1 ? r1->n : 0);
}

static int skip_field(const char *s, size_t len, size_t *i)
{
    while (*i < len && (s[*i] == ' ' || s[*i] == '\t'))
        (*i)++;
    size_t st = *i;
    while (*i < len && s[*i] != ' ' && s[*i] != '\t' && s[*i] != '\n' && s[*i] != '\r')
        (*i)++;
    return *i > st;
}

int sk_eg_cgp_parse(sk_eg_position *pos, const sk_engine *e, const char *s, size_t len, tk_error *err)
{
    memset(pos, 0, sizeof *pos);
    int rc = sk_cgp_parse(&pos->board, &pos->rack[0], e, s, len, err);
    if (rc)
        return rc;
    size_t i = 0;
    skip_field(s, len, &i);                      /* rows */
    size_t rs = i;
    skip_field(s, len, &i);                      /* racks */
    while (rs < i && (s[rs] == ' ' || s[rs] == '\t'))
        rs++;
    const char *slash = memchr(s + rs, '/', i - rs);
    if (slash) {
        size_t os = (size_t)(slash - s) + 1;
        size_t oe = os;
        while (oe < i && s[oe] != ';')
            oe++;
        if (oe > os) {
            rc = sk_rack_parse(&pos->rack[1], e, s + os, oe - os, err);
            if (rc) {
                if (err)
                    err->col += (long)os;
                return rc;
            }
        }
    }
    skip_field(s, len, &i);                      /* scores */
    size_t zs = i;
    while (zs < len && (s[zs] == ' ' || s[zs] == '\t'))
        zs++;
    if (skip_field(s, len, &i) && s[zs] >= '0' && s[zs] <= '9') {
        int z = 0;
        size_t k = zs;
        while (k < i && s[k] >= '0' && s[k] <= '9' && z < 1000)
            z = z * 10 + (s[k++] - '0');
        if ((k < i && s[k] != ';') || z >= SK_SCORELESS_END)
            return tk_error_set(err, TK_EFORMAT, 0, (long)zs + 1,
                                "CGP: bad count of scoreless turns (0 to %d: six end the game)", SK_SCORELESS_END - 1);
        pos->zeroless = z;
    }
    return TK_OK;
}

int sk_eg_apply(const sk_engine *e, sk_eg_position *pos, const sk_eg_ply *p, int *end)
{
    sk_rack *me = &pos->rack[0], *op = &pos->rack[1];
    *end = 0;
    int ended = 0;
    if (p->kind == SK_PLAY_PASS) {
        if (pos->last_pass || pos->zeroless + 1 >= SK_SCORELESS_END) {
            *end = sk_rack_value(e, op) - sk_rack_value(e, me);
            ended = 1;
        }
        pos->last_pass = 1;
        pos->zeroless++;
    } else {
        sk_board_apply(&pos->board, &p->move);
        sk_rack_remove_move(me, &p->move);
        if (me->n == 0) {
            *end = 2 * sk_rack_value(e, op);
            ended = 1;
        } else if (p->move.score == 0 && pos->zeroless + 1 >= SK_SCORELESS_END) {
            *end = sk_rack_value(e, op) - sk_rack_value(e, me);
            ended = 1;
        }
        pos->last_pass = 0;
        pos->zeroless = p->move.score ? 0 : pos->zeroless + 1;
    }
    sk_rack t = *me;
    *me = *op;
    *op = t;
    return ended;
}

/* Load position pos (bag: its tiles in drawing order) into worker 0. */
static void load_position(sk_endgame *s, const sk_eg_position *pos, const uint8_t *bag, int nbag)
{
    egw *w = &s->w[0];
    w->b = pos->board;
    occ_init(w);
    w->r[0] = pos->rack[0];
    w->r[1] = pos->rack[1];
    w->rv[0] = sk_rack_value(s->e, &w->r[0]);
    w->rv[1] = sk_rack_value(s->e, &w->r[1]);
    w->stm = 0;
    w->lastpass = pos->last_pass ? 1 : 0;
    w->zl = pos->zeroless < 0 ? 0 : pos->zeroless;
    w->nbag = nbag;
    w->bagpos = 0;
    if (nbag)
        memcpy(w->bag, bag, (size_t)nbag);
    w->hash = full_hash(w);
    w->abort = 0;
    w->err = 0;
    for (int j = 0; j < s->jobs; j++)
        memset(s->w[j].nkill, 0, sizeof s->w[j].nkill);
}

static void set_worker_to(egw *w, const sk_eg_ply *p)
{
    if (p->kind == SK_PLAY_PASS) {
        w->lastpass = 1;
        w->zl++;
    } else {
        do_move(w, &p->move);
        w->lastpass = 0;
        w->zl = p->move.score ? 0 : w->zl + 1;
    }
    w->stm = !w->stm;
}

/* The checks of a solve's input: board size, racks, the bag against the
 * tile count, the racks against the tile set (unless told not to).  0 or
 * an error. */
static int solve_check(const sk_engine *e, const sk_eg_position *pos, int nbag, const sk_eg_opts *opts, tk_error *err)
{
    if (pos->board.dim != e->dim)
        return tk_error_set(err, TK_EINVAL, 0, 0, "board is %dx%d, the layout %dx%d", pos->board.dim,
                            pos->board.dim, e->dim, e->dim);
    for (int k = 0; k < 2; k++)
        if (pos->rack[k].n > SK_RACK_MAX || pos->rack[k].n < 0)
            return tk_error_set(err, TK_EINVAL, 0, 0, "rack %d: more than %d tiles", k + 1, SK_RACK_MAX);
    if (nbag < 0 || nbag > SK_EG_MAX_BAG)
        return tk_error_set(err, TK_EINVAL, 0, 0, "bag of %d tiles (0..%d)", nbag, SK_EG_MAX_BAG);
    int left = opts->no_tile_check ? nbag : sk_eg_bag_count(e, &pos->board, &pos->rack[0], &pos->rack[1]);
    if (left != nbag)
        return tk_error_set(err, TK_EINVAL, 0, 0,
                            left > nbag ? "not an endgame: %d tile%s in the bag"
                                        : "more tiles than the tile set holds (%d%s too many)",
                            left > nbag ? left : nbag - left, (left > nbag ? left : nbag - left) == 1 ? "" : "s");
    if (!opts->no_tile_check) {
        sk_rack both = pos->rack[0];
        both.blanks += pos->rack[1].blanks;
        both.n += pos->rack[1].n;
        for (int l = 1; l < 64; l++)
            both.count[l] = (uint8_t)(both.count[l] + pos->rack[1].count[l]);
        both.n = 0;   /* a rack check only for the counts against board and set */
        int rc = sk_position_check(e, &pos->board, &both, err);
        if (rc)
            return rc;
    }
    if (pos->rack[0].n == 0 || pos->rack[1].n == 0)
        return tk_error_set(err, TK_EINVAL, 0, 0, "a rack is empty: the game is over");
    return TK_OK;
}

/* Finish an exact PV cut short by a table hit: solve on from its end. */
static int pv_finish(sk_endgame *s, const sk_eg_position *pos, const uint8_t *bag, int nbag, sk_eg_result *res,
                     tk_error *err)
{
    while (res->exact && res->npv < SK_EG_MAX_PLY && !res->pv[res->npv - 1].last) {
        load_position(s, pos, bag, nbag);
        egw *w0 = &s->w[0];
        for (int k = 0; k < res->npv; k++)
            set_worker_to(w0, &res->pv[k]);
        w0->hash = full_hash(w0);
        atomic_store(&s->stop, 0);
        s->deadline = 0;
        solve_out sub;
        int rc = deepen(s, 0, &sub);
        if (rc)
            return tk_error_set(err, rc, 0, 0, "out of memory");
        if (sub.npv == 0)
            break;
        for (int k = 0; k < sub.npv && res->npv < SK_EG_MAX_PLY; k++)
            res->pv[res->npv++] = sub.pv[k];   /* sides are absolute in the sub-solve too */
    }
    return TK_OK;
}

/* Every first play achieving value V (searched `depth` plies) into
 * res->best. */
static int all_best(sk_endgame *s, const sk_eg_position *pos, const uint8_t *bag, int nbag, int V, int depth,
                    sk_eg_result *res, tk_error *err)
{
    load_position(s, pos, bag, nbag);
    s->deadline = 0;
    atomic_store(&s->stop, 0);
    egw *w0 = &s->w[0];
    s->root.limit = 0;   /* the PV's sub-solves used the root list */
    if (sk_generate(w0->g, &w0->b, &w0->r[w0->stm], 0, &s->root, err))
        return TK_ENOMEM;
    gb_root(w0);
    size_t cap = 16;
    res->best = malloc(cap * sizeof *res->best);
    if (!res->best)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    for (size_t k = 0; k <= s->root.n; k++) {
        uint32_t idx = k == s->root.n ? PASS_IDX : (uint32_t)k;
        int cin = 0, term;
        sk_eg_ply pl;
        int v = root_child(w0, idx, depth, V - 1, V, &cin, &term, &pl);
        if (w0->err)
            return tk_error_set(err, w0->err, 0, 0, "out of memory");
        if (v < V)
            continue;
        if (res->nbest == cap) {
            sk_eg_ply *nb = realloc(res->best, 2 * cap * sizeof *nb);
            if (!nb)
                return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
            res->best = nb;
            cap *= 2;
        }
        res->best[res->nbest++] = pl;
    }
    return TK_OK;
}

/* Start a solve: the deadline, a new table generation, the position in
 * worker 0, the line cache (search 0: a playout, which needs neither). */
static int solve_start(sk_endgame *s, const sk_eg_position *pos, const uint8_t *bag, int nbag, const sk_eg_opts *opts,
                       double t0, int search)
{
    s->deadline = opts->seconds > 0 ? t0 + opts->seconds : 0;
    s->playout = opts->leaf == SK_EG_LEAF_PLAYOUT;
    s->win_lo = opts->lo;
    s->win_hi = opts->hi;
    atomic_store(&s->stop, 0);
    /* a new generation: the last solves' entries are stale (cleared once every TT_GENS - 1 solves) */
    if (search && ++s->tt_gen >= TT_GENS) {
        memset(s->tt, 0, (s->tt_mask + 1) * TT_WAYS * sizeof(tt_entry));
        s->tt_gen = 1;
    }
    for (int j = 0; j < s->jobs; j++)
        s->w[j].nodes = 0;
    load_position(s, pos, bag, nbag);
    for (int j = 0; j < s->jobs; j++) {
        int rc = lc_setup(&s->w[j], pos->rack, search && !s->no_lc && nbag == 0 && !sk_board_empty(&pos->board));
        if (rc)
            return rc;
    }
    return TK_OK;
}

int sk_eg_solve_bag(sk_endgame *s, const sk_eg_position *pos, const uint8_t *bag, int nbag,
                    const sk_eg_opts *opts, sk_eg_result *res, tk_error *err)
{
    memset(res, 0, sizeof *res);
    const sk_eg_opts none = { 0, 0, 0, 0, 0, 0, 0 };
    if (!opts)
        opts = &none;
    int rc = solve_check(s->e, pos, nbag, opts, err);
    if (rc)
        return rc;
    double t0 = now_sec();
    if ((rc = solve_start(s, pos, bag, nbag, opts, t0, 1)) != 0)
        return tk_error_set(err, rc, 0, 0, rc == TK_ENOMEM ? "out of memory" : "bad rack");
    solve_out o;
    if ((rc = deepen(s, opts->plies, &o)) != 0)
        return tk_error_set(err, rc, 0, 0, "out of memory");
    if (o.depth == 0) {
        /* not even one ply: the best play by the ordering key */
        o.npv = 1;
        o.pv[0].player = 0;
        if (o.best_idx == PASS_IDX) {
            o.pv[0].kind = SK_PLAY_PASS;
        } else {
            o.pv[0].kind = SK_PLAY_MOVE;
            o.pv[0].move = s->root.v[o.best_idx];
            o.pv[0].score = o.pv[0].move.score;
        }
    }
    res->value = o.value;
    res->exact = o.exact && !o.bound;
    res->bound = o.bound;
    res->depth = o.depth;
    res->npv = o.npv;
    memcpy(res->pv, o.pv, sizeof(sk_eg_ply) * (size_t)o.npv);
    if ((rc = pv_finish(s, pos, bag, nbag, res, err)) != 0)
        return rc;
    if (opts->all_best && o.depth > 0 &&
        (rc = all_best(s, pos, bag, nbag, o.value, o.exact ? SK_EG_MAX_PLY : o.depth, res, err)) != 0)
        return rc;
    for (int j = 0; j < s->jobs; j++)
        res->nodes += s->w[j].nodes;
    res->seconds = now_sec() - t0;
    return TK_OK;
}

int sk_eg_playout(sk_endgame *s, const sk_eg_position *pos, const uint8_t *bag, int nbag, const sk_eg_opts *opts,
                  sk_eg_result *res, tk_error *err)
{
    memset(res, 0, sizeof *res);
    const sk_eg_opts none = { 0, 0, 0, 0, 0, 0, 0 };
    int rc = solve_check(s->e, pos, nbag, opts ? opts : &none, err);
    if (rc)
        return rc;
    double t0 = now_sec();
    if ((rc = solve_start(s, pos, bag, nbag, &none, t0, 0)) != 0)
        return tk_error_set(err, rc, 0, 0, rc == TK_ENOMEM ? "out of memory" : "bad rack");
    egw *w0 = &s->w[0];
    res->value = playout(w0, 0, res->pv, &res->npv);
    if (w0->err)
        return tk_error_set(err, w0->err, 0, 0, "out of memory");
    res->nodes = (uint64_t)res->npv;
    res->seconds = now_sec() - t0;
    return TK_OK;
}

int sk_endgame_solve(sk_endgame *s, const sk_eg_position *pos, const sk_eg_opts *opts, sk_eg_result *res,
                     tk_error *err)
{
    return sk_eg_solve_bag(s, pos, NULL, 0, opts, res, err);
}

void sk_eg_result_free(sk_eg_result *res)
{
    if (!res)
        return;
    free(res->best);
    res->best = NULL;
    res->nbest = 0;
}
