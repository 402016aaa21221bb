/* mjreview_internal.h - what the mahjong review's formatters share
 * (mjreview.c: text and JSON; mjreview_html.c: the page), so that a tile,
 * a round or a probability is written the same way in all three. */
#ifndef TILEKIT_MJREVIEW_INTERNAL_H
#define TILEKIT_MJREVIEW_INTERNAL_H

#include <stdio.h>

#include "tilekit/mjfmt.h"

/* A real number in full, as JSON and the page's data attributes give it. */
static inline const char *mjf_real(char out[40], double v)
{
    snprintf(out, 40, "%.17g", v);
    return out;
}

/* "E1", "S3": the round wind and the dealer's number. */
static inline const char *mjf_kyoku(char out[8], const mj_log_round *rd)
{
    snprintf(out, 8, "%c%d", "ESWN"[(rd->kyoku / 4) & 3], rd->kyoku % 4 + 1);
    return out;
}

/* A seat's name, "-" when the log gives none. */
static inline const char *mjf_seat_name(const mj_review *rv, int s)
{
    return rv->log->names[s][0] ? rv->log->names[s] : "-";
}

/* "riichi" (forced), "ok", "none", "cut": an MJ_RV_EV_* status. */
static inline const char *mjf_ev_status(int status)
{
    static const char *const N[] = { "riichi", "ok", "none", "cut" };
    return status >= 0 && status <= MJ_RV_EV_CUT ? N[status] : "";
}

/* "pon (discard 3m) 1234.5": a call's kind, its best discard after, its
 * expected score (mjreview.c). */
void mjf_call_value(fmt_buf *b, const mj_ev_call *c);

#endif
