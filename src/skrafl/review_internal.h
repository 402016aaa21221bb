/* review_internal.h - what review.c (the replay) and review_judge.c (the
 * judges: rank, simulation, endgame) share.  Internal to src/skrafl. */
#ifndef TILEKIT_REVIEW_INTERNAL_H
#define TILEKIT_REVIEW_INTERNAL_H

#include "tilekit/skreview.h"

struct sk_reviewer {
    sk_movelist list;
    sk_gen *g;                 /* for g_engine */
    const sk_engine *g_engine;
    sk_endgame *eg;            /* for eg_engine, made on demand */
    const sk_engine *eg_engine;
    sk_peg *peg;               /* for peg_engine, made on demand */
    const sk_engine *peg_engine;
    sk_sim_result *simres;     /* one result (large: made once) */
    sk_play cand[SK_SIM_MAX_CANDIDATES];
};

/* The replay of one game. */
typedef struct rv_state {
    sk_reviewer *w;
    const sk_engine *e;
    const dawg_graph *d;
    const sk_gcg *gc;
    const sk_review_opts *o;
    sk_review *r;
    sk_board board;            /* now */
    sk_board before;           /* before the last placement */
    int totals[2];
    int before_total;          /* the total of the last placement's player before it */
    int last_score, last_player, have_last;   /* the last turn: a placement of last_player */
    int last_rules;            /* its score by the rules (as written when the rules give none) */
    int sound;                 /* every placement so far was laid on the board */
    int turn;                  /* turns so far (placements, exchanges, passes) */
    int zeroless;              /* consecutive scoreless turns */
    int last_pass;             /* the last turn was a pass */
} rv_state;

/* Rank play `me` (its score set; its equity is set here) among every play
 * of rack r on the current board: fills v's static verdict.  0, or a TK_E*
 * status (out of memory). */
int rv_rank_play(rv_state *s, const sk_rack *r, sk_play *me, sk_review_event *v);
/* The play made, judged by looking ahead from board b (before it) with rack
 * r of player p: by simulation with tiles in the bag (opts->sim), by the
 * endgame solver with the bag empty (opts->endgame). */
void rv_look_ahead(rv_state *s, const sk_board *b, const sk_rack *r, int p, sk_review_event *v);
/* The same play (placements by the squares and tiles they put down). */
int rv_same_play(const sk_play *x, const sk_play *y, int dim);
/* The play made with 1-SK_PEG_MAX_BAG tiles in the bag, judged by the
 * pre-endgame solver (review_peg.c): fills v's peg fields. */
void rv_peg_turn(rv_state *s, const sk_board *b, const sk_rack *r, const sk_state *st, int p, sk_review_event *v);

#endif
