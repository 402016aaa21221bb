/* sk_gen.h - the move generator's private state, shared by movegen.c (the
 * Appel-Jacobson search), topn.c (bounds and the best-first search) and
 * rank.c (leave tables).  Not a public interface. */
#ifndef TILEKIT_SK_GEN_H
#define TILEKIT_SK_GEN_H

#include "sk_internal.h"

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

/* Best-first search: the plays of one anchor with one left-part length,
 * and an upper bound on their rank. */
typedef struct sk_unit {
    int64_t bound;
    uint8_t o, line, a;
    int8_t L;                       /* left part length; -1: the tiles before the anchor */
    uint16_t key;                   /* its plays' start in tie order: row, column, direction */
    uint16_t id;                    /* its score bounds: sk_gen.ush[id] (and ubb[id]) */
} sk_unit;
#define SK_UNITS_MAX (2 * SK_MAX_DIM * SK_MAX_DIM * (SK_RACK_MAX + 1))
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
