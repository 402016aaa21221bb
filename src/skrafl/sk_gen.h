/* sk_gen.h - the move generator's private state, shared by movegen.c (the
 * Appel-Jacobson search), topn.c (bounds and the best-first search) and
 * rank.c (leave tables).  Not a public interface. */
#ifndef TILEKIT_SK_GEN_H
#define TILEKIT_SK_GEN_H

#include "sk_internal.h"

/* A hot helper the compiler must inline (movegen.c, windex_search.c). */
#if defined(__GNUC__)
#define SK_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define SK_ALWAYS_INLINE inline
#endif

/* Leave values of one rack.  The distinct tiles of the rack (the blank as
 * letter 0) are the digits of a mixed-radix number: a sub-multiset that
 * keeps k_j tiles of the j-th distinct tile has index sum k_j * rad[j], so
 * the whole rack (7 distinct tiles at most) has at most 128 sub-multisets. */
#define SK_LEAVES_MAX 128
typedef struct sk_rackleaves {
    int ranked;                       /* 0: every value 0 (ranked by score) */
    int full;                         /* index of the whole rack */
    uint8_t rad[64];                  /* weight of one tile of letter l (0: blank) */
    int32_t value[SK_LEAVES_MAX];     /* leave value by index (thousandths) */
    int64_t best[SK_RACK_MAX + 1];    /* best value kept after playing k tiles */
} sk_rackleaves;

/* Fill L for rack r (rank NULL: every value 0). */
void tki_sk_leaves_build(sk_rackleaves *L, const sk_rack *r, int nletters, const sk_rank *rank);

/* Equity of a score and a leave value, saturated to 32 bits. */
static inline int32_t sk_equity(int64_t score, int64_t leave)
{
    int64_t v = score * 1000 + leave;
    return (int32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}

typedef struct leftpart {
    alpha_set next;                 /* letters that may follow: the node's edges that the
                                       rest of the rack can still supply */
    alpha_set sub;                  /* union of `next` over this left part's subtree */
    alpha_set rest;                 /* letters of the rack it leaves (blanks aside) */
    uint32_t node;                  /* DAWG node after the prefix (has children) */
    uint32_t end;                   /* index just past this left part's subtree */
    uint16_t face;                  /* sum of its letters' values (blanks 0) */
    uint8_t len;
    uint8_t last;                   /* its last letter | SK_BLANK (the rest is the parent's) */
} leftpart;

/* Best-first search: the plays of one anchor with one left-part length
 * (and with the word index, one end: a span), and an upper bound on their
 * rank. */
typedef struct sk_unit {
    int64_t bound;
    uint8_t o, line, a;
    int8_t L;                       /* left part length; -1: the tiles before the anchor;
                                       -2: every start (a coarse bound) */
    uint16_t key;                   /* its plays' start in tie order: row, column, direction */
    uint16_t id;                    /* its score bounds: sk_gen.ush[id] (and ubb[id]) */
    uint8_t grp;                    /* the word index's group of an anchor's spans: 1 + the board
                                       blocks right of the anchor its words cover (0: no group) */
    uint8_t k;                      /* a group: the tiles its plays lay */
} sk_unit;
/* the units of anchors and starts, and the word index's groups (at most one per span, a start and an end) */
#define SK_UNITS_MAX (2 * SK_MAX_DIM * SK_MAX_DIM * (SK_RACK_MAX + 1) + SK_MAX_DIM * SK_MAX_DIM * (SK_MAX_DIM + 1))

/* The coefficients of a shadow's empty squares, kept sorted descending as
 * squares are added: square i takes lm_i * (WM + cw_i) per point of the tile
 * put there (WM the product of the span's word premiums, cw_i the square's
 * cross-word premium or 0), and dot = the rack's best values against them
 * (vals descending, rearrangement inequality).  A word premium changes WM
 * and so every coefficient: then they are all made and sorted again. */
typedef struct coefs {
    int n;
    int64_t WM;
    int lmv[2 * SK_RACK_MAX], cwv[2 * SK_RACK_MAX];
    int64_t c[2 * SK_RACK_MAX];
} coefs;

static inline void coefs_insert(coefs *cs, int64_t v)
{
    int j = cs->n++;
    while (j > 0 && cs->c[j - 1] < v) {
        cs->c[j] = cs->c[j - 1];
        j--;
    }
    cs->c[j] = v;
}

static inline void coefs_add(coefs *cs, int lm, int cw, int wm)
{
    int i = cs->n;
    cs->lmv[i] = lm;
    cs->cwv[i] = cw;
    if (wm == 1) {
        coefs_insert(cs, (int64_t)lm * (cs->WM + cw));
        return;
    }
    if (cs->WM < ((int64_t)1 << 30))
        cs->WM *= wm;
    int n = cs->n + 1;
    cs->n = 0;
    for (int k = 0; k < n; k++)
        coefs_insert(cs, (int64_t)cs->lmv[k] * (cs->WM + cs->cwv[k]));
}

/* With the word index: a span, the stretch [s, s + len) of the current
 * line that a play's main word covers (windex_search.c). */
typedef struct sk_wxspan {
    int s, len, k, nb;              /* first square, letters, empty squares, board tiles */
    int bsum;                       /* the board tiles' points */
    int wm;                         /* the product of the empties' word premiums */
    int64_t WM;                     /* the same for the bounds (stops growing at 2^30) */
    int64_t xfix;                   /* the cross-words' board parts, times their word premiums */
    int64_t F;                      /* the fixed part of a score: bsum * WM + xfix (+ a bingo) */
    int64_t top;                    /* the best rank of the rack's best k tiles here, by score */
    uint64_t hb;                    /* hash of the board letters */
    uint8_t q[SK_RACK_MAX];         /* the empty squares */
    uint8_t lm[SK_RACK_MAX];        /* their letter premiums */
    uint8_t cw[SK_RACK_MAX];        /* their cross-words' word premiums (0: no cross-word) */
    int nrx;                        /* the empties whose cross-check leaves out a letter of the rack: */
    alpha_set rx[SK_RACK_MAX];      /* their cross-checks */
    int64_t c[SK_RACK_MAX];         /* the empties' coefficients, descending: a tile of value v
                                       on the i-th scores v * c[i] (lm * (WM + cw)) */
} sk_wxspan;

#define SK_WX_MEMO 1024   /* entries of the memo of index answers (a power of 2) */

/* With the word index: one sub-multiset S of the rack that a play may lay
 * down (windex_search.c). */
typedef struct sk_wxsub {
    uint64_t h;                     /* hash of its letters (blanks apart) */
    alpha_set mask;                 /* its letters */
    int64_t leave;                  /* value of the tiles it keeps (0 ranked by score) */
    int64_t lt;                     /* leave - 1000 * (points of the rack's best k tiles - its
                                       points): its rank on a span is at most the rank of the
                                       rack's best k tiles there, by score alone, plus lt */
    int sum;                        /* its tiles' points */
    uint8_t k, blanks;              /* tiles, blanks among them */
    int8_t alone;                   /* its tiles alone are a word's (-1: not asked yet) */
    uint8_t made;                   /* v and t are made (windex_search.c, wx_tiles) */
    uint64_t played;                /* byte j: how many of the rack's j-th distinct tile it lays */
    uint8_t v[SK_RACK_MAX];         /* its tile values, descending */
    uint8_t t[SK_RACK_MAX];         /* its letters, ascending (k - blanks of them) */
} sk_wxsub;
/* units made in one search: a coarse one per anchor and one per start of its */
#define SK_UNIT_IDS (2 * SK_MAX_DIM * SK_MAX_DIM * (SK_RACK_MAX + 2))

/* Row stride dim + 1: square dim of each row is a sentinel (empty, no
 * letter allowed), so the hot loop needs no bounds checks. */
#define SK_LINE_SQ (SK_MAX_DIM * (SK_MAX_DIM + 1))
#define SK_LP_BLANK (SK_RACK_MAX + 1)
#define SK_LP_GROUPS (2 * SK_LP_BLANK)

struct sk_gen {
    const sk_engine *e;
    const dawg_vedge *E;            /* the engine's view of the word graph: its edges */
    const alpha_set *nm;            /* and its node letter sets */
    int dim;
    /* per position, per orientation */
    uint8_t bd[2][SK_LINE_SQ];
    alpha_set xset[2][SK_LINE_SQ];
    int16_t xsum[2][SK_LINE_SQ];
    uint8_t anchor[2][SK_LINE_SQ];
    int ndirs;                      /* orientations searched (1 for symmetric openings) */
    /* rack */
    int cnt[64];
    int blanks, left, ntiles;
    /* left parts in DFS preorder (a prefix comes before its extensions) */
    leftpart *lp;
    size_t nlp, caplp;
    alpha_set rackmask;             /* letters with cnt > 0 */
    int lp_flat;                    /* 1: only by length (sub and end left unset), made by
                                       the best-first search when it needs them */
    /* best-first search: the left parts grouped by length L, those with a
     * blank apart (lpoff[g] .. lpoff[g + 1], g = L or SK_LP_BLANK + L),
     * each with its letters */
    uint32_t *lpidx;
    uint8_t (*lppath)[SK_RACK_MAX];
    size_t caplpidx;
    uint32_t lpoff[SK_LP_GROUPS + 1];
    /* the line being worked on */
    const uint8_t *row;
    const alpha_set *xs;
    const int16_t *xw;
    const uint8_t *wm, *lm;
    const uint8_t *an;              /* the line's anchor flags */
    int dir, line, start, anchor_pos;
    uint8_t word[2 * SK_MAX_DIM + 1];
    sk_movelist *list;
    unsigned flags;
    int err;
    /* best-first search (sk_generate_top): leave values of the rack, or NULL
     * (NULL also means "not the best-first search") */
    const sk_rackleaves *leaves;
    sk_rackleaves lv;
    int64_t floor;                  /* plays ranked below this cannot enter (INT64_MIN: none) */
    int pruning;                    /* the heap is full or there is a floor: prune by kmin */
    /* The last board tki_sk_gen_prepare worked on (movegen.c, prep_board_game):
     * cstate 0 none, 1 the board only, 2 with its cross-sets over every
     * letter, cross-word sums and anchors (both orientations, sentinels
     * included), updated around the new tiles when the next board only adds
     * tiles to it. */
    int cstate;
    sk_board cb;
    alpha_set cx[2][SK_LINE_SQ];
    int16_t cs[2][SK_LINE_SQ];
    uint8_t ca[2][SK_LINE_SQ];
    int64_t lbest[SK_RACK_MAX + 1]; /* the shadow's leave term per tiles played (topn.c, leave_terms) */
    int64_t lbestb[SK_RACK_MAX + 1];/* the same for plays that use a blank (INT64_MIN: none) */
    int lp_maxb;                    /* left parts with a blank: no longer than this (-1: none) */
    alpha_set gbmask;               /* letters of the genboards' cross-sets (tki_sk_genboard_mask) */
    int bingo7;                     /* a full rack: its tiles are a word's letters */
    alpha_set bingo8;               /* and with letter x, for each x here */
    int vals[SK_RACK_MAX];          /* the rack's tile values, descending */
    const int64_t *ssb;             /* the unit being searched: score bound per tiles played
                                       (INT64_MIN: no play; its shadow, ush[id]) */
    int kstart;                     /* the start kmin was computed for (-1: none) */
    int kmin;                       /* fewest tiles a play from there needs to enter the heap */
    int kminb;                      /* and a play that uses a blank (topn.c: lbestb) */
    int ublanks;                    /* the blanks the unit being searched may use */
    /* The line of the unit being searched (topn.c, search_prepare): */
    uint8_t (*nextk)[SK_RACK_MAX + 2];   /* k-th empty square from q (255: none) */
    uint8_t *stop;                  /* first square from q no word covers (no tile fits, or dim) */
    uint32_t canend;                /* bit q: a word may end on square q (q + 1 is empty) */
    int nk_line;                    /* the line nextk is for (o * SK_MAX_DIM + line) */
    /* and those of every line (o * SK_MAX_DIM + line), made once a search
     * when a line's unit first comes up (made while nk_made[line] = nk_gen) */
    uint8_t nkl[2 * SK_MAX_DIM][SK_MAX_DIM + 1][SK_RACK_MAX + 2];
    uint8_t stopl[2 * SK_MAX_DIM][SK_MAX_DIM + 1];
    uint32_t canendl[2 * SK_MAX_DIM];
    uint32_t nk_made[2 * SK_MAX_DIM];
    uint32_t nk_gen;
    sk_unit units[SK_UNITS_MAX];
    int64_t ush[SK_UNIT_IDS][SK_RACK_MAX + 1];   /* a unit's shadow: score bound per tiles (INT64_MIN: none) */
    int nush;
    int bsplit;                     /* ranked by leaves, the rack has a blank: ubb is kept */
    int64_t ubb[SK_UNIT_IDS];       /* a unit's bound for its plays that use a blank */
    /* The word index (windex_search.c), NULL when the search walks the
     * graph; the rack's sub-multisets by tiles played, best leave first. */
    const struct sk_windex *wx;
    int wxplay;                     /* the index also lists the plays (else the graph walks) */
    int64_t lnp[SK_RACK_MAX + 1];   /* lbest for spans without board tiles: over the S that
                                       are a word alone (INT64_MIN: none) */
    sk_wxsub wxs[SK_LEAVES_MAX];
    uint8_t wxk[SK_RACK_MAX + 1][SK_LEAVES_MAX];
    int nwxk[SK_RACK_MAX + 1];
    /* the same in that order, for the scans: their lt and hashes, and
     * whether some S of k tiles has a blank */
    int64_t wxlt[SK_RACK_MAX + 1][SK_LEAVES_MAX];
    uint64_t wxh[SK_RACK_MAX + 1][SK_LEAVES_MAX];
    uint8_t wxblank[SK_RACK_MAX + 1];
    /* the rack's distinct tiles (the blank as 0 first) and their counts */
    int wxnd;
    uint8_t wxlet[SK_RACK_MAX + 1], wxcnt[SK_RACK_MAX + 1];
    /* what the index said of S + B, for each S of k tiles (bit i: the i-th
     * of wxk[k]), per board letters B and k, for this search (gen) */
    struct sk_wxmemo {
        uint64_t key, known, yes;
        uint32_t gen;
    } wxm[SK_WX_MEMO];
    uint32_t wxgen;
};



/* A binary heap of T in an array: NAME##_up(cx, v, i) after v[i] was
 * added, NAME##_down(cx, v, n, i) after v[i] was replaced; BEFORE(cx, a, b)
 * says a belongs nearer the root than b.  One definition for the move heap
 * (movegen.c) and the unit heap (topn.c). */
#define SK_HEAP_FUNCS(NAME, T, CX, BEFORE)                                   \
    static inline void NAME##_swap(T *v, size_t i, size_t j)                 \
    {                                                                        \
        T t = v[i];                                                          \
        v[i] = v[j];                                                         \
        v[j] = t;                                                            \
    }                                                                        \
    static void NAME##_up(CX cx, T *v, size_t i)                             \
    {                                                                        \
        while (i > 0) {                                                      \
            size_t p = (i - 1) / 2;                                          \
            if (!BEFORE(cx, &v[i], &v[p]))                                   \
                return;                                                      \
            NAME##_swap(v, i, p);                                            \
            i = p;                                                           \
        }                                                                    \
    }                                                                        \
    static void NAME##_down(CX cx, T *v, size_t n, size_t i)                 \
    {                                                                        \
        for (;;) {                                                           \
            size_t l = 2 * i + 1, w = i;                                     \
            if (l < n && BEFORE(cx, &v[l], &v[w]))                           \
                w = l;                                                       \
            if (l + 1 < n && BEFORE(cx, &v[l + 1], &v[w]))                   \
                w = l + 1;                                                   \
            if (w == i)                                                      \
                return;                                                      \
            NAME##_swap(v, i, w);                                            \
            i = w;                                                           \
        }                                                                    \
    }

/* sk_generate_top with the rack's leave table L made by the caller
 * (tki_sk_leaves_build; it must stay valid during the call) and a floor:
 * only plays whose rank (score * 1000 + leave) is at least `floor` are
 * searched for and returned (INT64_MIN: every play may be; the first n of
 * the others are the first n of all that reach the floor). */
int tki_sk_generate_top(sk_gen *g, const sk_board *b, const sk_rack *r, unsigned flags,
                        const sk_rackleaves *L, int64_t floor, size_t n, sk_movelist *list, tk_error *err);

/* Per position: rack, both boards, cross-sets, anchors, left parts.
 * Returns a TK_ status (err filled); *none = 1 if no move is possible at all
 * (empty rack or empty dictionary). */
int tki_sk_gen_prepare(sk_gen *g, const sk_board *b, const sk_rack *r, unsigned flags,
                   sk_movelist *list, int *none, tk_error *err);
/* The endgame solver's board state: the generator's per-position arrays
 * (both orientations, cross-sets over every letter, anchors), kept per
 * move and updated for each move's squares only.  sk_genboard_init makes
 * it for board b (not empty); _apply makes `to` = `from` + move m (m legal
 * on that board); sk_generate_on lists every move of rack r from it (the
 * same moves as sk_generate on that board, in the same order). */
typedef struct sk_genboard sk_genboard;
size_t tki_sk_genboard_size(void);
void tki_sk_genboard_init(sk_gen *g, const sk_board *b, sk_genboard *gb);
void tki_sk_genboard_apply(sk_gen *g, const sk_genboard *from, const sk_move *m, sk_genboard *to);
/* The letters the genboards' cross-sets are made for (0: every letter, the
 * default): the endgame's racks only shrink, so their letters do. */
void tki_sk_genboard_mask(sk_gen *g, alpha_set mask);
int tki_sk_generate_on(sk_gen *g, const sk_genboard *gb, const sk_rack *r, sk_movelist *list, tk_error *err);
/* Line by line (the endgame's move cache): tki_sk_gen_set_rack prepares
 * rack r once (TK_ELIMIT, TK_ENOMEM); tki_sk_gen_line_on then appends to
 * list every move of that rack whose main word lies on line r of
 * orientation o of gb (o = 0 rows, 1 columns), in the order of
 * sk_generate_on (TK_ENOMEM).  A line's moves depend only on that line's
 * state (tiles, cross-sets, cross sums, anchors). */
int tki_sk_gen_set_rack(sk_gen *g, const sk_rack *r, tk_error *err);
int tki_sk_gen_line_on(sk_gen *g, const sk_genboard *gb, int o, int r, sk_movelist *list);

/* The endgame solver's move lists come from its line cache (on = 1, the
 * default) or from a generation at every node (0): tests compare the two. */
struct sk_endgame;
void tki_sk_eg_line_cache(struct sk_endgame *s, int on);
/* The stuck-side experiment (bench_endgame --stuck W): a position where a side holds a tile
 * none of its root moves uses is searched to the end in a window of +-W around the last
 * shallow value first (0: off, the default). */
void tki_sk_eg_stuck_window(struct sk_endgame *s, int width);

/* Work on line r of orientation o (0 rows, 1 columns). */
void tki_sk_gen_line(sk_gen *g, int o, int r);
/* Every move whose leftmost anchor is square a of the current line. */
void tki_sk_gen_anchor(sk_gen *g, int a);
/* Best-first search (lp_flat: tki_sk_gen_prepare leaves them out): the
 * left parts of the rack of at most maxlen letters, those with a blank of
 * at most maxblank (-1: none, and `next` as if the rack had no blank)
 * (TK_ENOMEM). */
int tki_sk_gen_leftparts(sk_gen *g, int maxlen, int maxblank);
/* Best-first search: index the left parts by length and, if split, by
 * whether they hold a blank (else all in the group without) (TK_ENOMEM). */
int tki_sk_gen_index_leftparts(sk_gen *g, int split);
/* Every move whose leftmost anchor is square a of the current line and whose
 * left part has exactly L letters (laid on the L squares before a, which
 * must be empty non-anchor squares); L < 0: the fixed left part of tiles
 * before a (tki_sk_gen_anchor). */
void tki_sk_gen_anchor_left(sk_gen *g, int a, int L);
/* The best-first search's move of g->word[g->start .. end] (g->left
 * tiles left on the rack), scored `score` and keeping tiles worth `leave`,
 * into the heap of the best moves if it belongs there. */
void tki_sk_gen_offer(sk_gen *g, int end, int score, int64_t leave);

/* The word index's part of the best-first search (windex_search.c), g->wx
 * set.  The plays of an anchor are grouped by the board blocks right of it
 * that their words cover and by the tiles they lay: one group's plays lay
 * k tiles with the same board letters, whatever square they start on.
 * tki_sk_wx_rack: the rack's sub-multisets and lnp (once per search, after
 * leave_terms, rack_values); tki_sk_wx_groups: the groups of anchor a of
 * the current line (words ending by qmax) whose shadows reach thr, into
 * out[] (at most SK_MAX_DIM * SK_RACK_MAX), how many; tki_sk_wx_generate:
 * the plays of one group into the heap. */
typedef struct sk_wxgroup {
    int64_t bound;
    uint8_t blocks, k;
} sk_wxgroup;
void tki_sk_wx_rack(sk_gen *g, const sk_rackleaves *L);
int tki_sk_wx_groups(sk_gen *g, int a, int qmax, int64_t thr, sk_wxgroup *out);
void tki_sk_wx_generate(sk_gen *g, int a, int qmax, int blocks, int k);

/* Left-part room before anchor a of the current line: empty non-anchor squares (at most 7). */
static inline int sk_gen_room(const sk_gen *g, int a)
{
    const uint8_t *row = g->row, *an = g->an;
    int limit = 0;
    for (int p = a - 1; p >= 0 && !row[p] && !an[p] && limit < SK_RACK_MAX; p--)
        limit++;
    return limit;
}

#endif
