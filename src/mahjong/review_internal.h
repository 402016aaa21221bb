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
/* The verdict on the win e, the next event of r (review_win.c): the hand
 * scored beside the log's values. */
void tki_review_win(const mj_replay *r, const mj_log_event *e, mj_review_win *out);

#endif
