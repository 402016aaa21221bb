/* review_internal.h - shared by the files of the log review (review.c,
 * review_discard.c, review_win.c). */
#ifndef TILEKIT_MJ_REVIEW_INTERNAL_H
#define TILEKIT_MJ_REVIEW_INTERNAL_H

#include "tilekit/mjreview.h"

/* The verdict on the discard e, the next event of replay r (review_discard.c):
 * shanten and ukeire of every option, the best, and with o->ev the EV of
 * each option (ev: the caller's solver).  Returns 0 or TK_ENOMEM. */
int tki_review_discard(mj_ctx *ctx, mj_ev *ev, const mj_review_options *o, const mj_replay *r,
                       const mj_log_event *e, mj_review_discard *out);
/* The danger of discard d (its seat, hand, options and play filled),
 * the state of r before it (review_danger.c). */
void tki_review_danger(const mj_replay *r, const mj_review_options *o, mj_review_discard *d);
/* The wins by ron on the discard at event k of rd. */
void tki_review_dealin(const mj_log_round *rd, int k, mj_review_dealin *out);
/* A call seat could make on the discard at event k, r's state just after
 * it (review_calls.c); made: the call event, NULL when the seat passed.
 * Returns 0 (out filled), 1 when there is nothing to judge (no call
 * possible, or a pass the model cannot value), or TK_ENOMEM. */
int tki_review_call(mj_ctx *ctx, mj_ev *ev, const mj_review_options *o, const mj_replay *r, int k, int seat,
                    const mj_log_event *made, mj_review_call *out);
/* The context seat saw, as the EV solver takes it (review_discard.c). */
void tki_review_ev_context(const mj_replay *r, int seat, mj_winctx *w);
/* The EV config for seat's turn (its discards so far + 1): 0, or 1 with
 * msg filled when the turn is past the last (review_discard.c). */
int tki_review_ev_config(const mj_review_options *o, const mj_replay *r, int seat, mj_ev_config *cfg, int *turn,
                         char *msg, size_t cap);
/* Only one copy of t held, and it is the red five. */
static inline int tki_only_red(const mj_hand *h, int t)
{
    return t >= 0 && t < 27 && t % 9 == 4 && h->count[t] == 1 && h->red[t / 9];
}

/* The verdict on the win e, the next event of r (review_win.c): the hand
 * scored beside the log's values. */
void tki_review_win(const mj_replay *r, const mj_log_event *e, mj_review_win *out);

#endif
