/* review_win.c - the verdict on one win of a replayed log: the winner's
 * hand and context as the replay gives them (mj_replay_win), checked
 * (mj_winctx_check) and scored (mj_score_hand), then compared with what the
 * log states: han, fu (not on yakuman, nor when the log gives none, as
 * tenhou.net/6 does for limit hands), points (the hand's value without
 * honba or sticks; the total for a tsumo) and the yaku as a multiset of
 * (yaku, han). */
#include "review_internal.h"

#include <stdio.h>
#include <string.h>

/* Same yaku as a multiset of (id, han). */
static int same_yaku(const mj_yaku *a, int na, const mj_yaku *b, int nb)
{
    if (na != nb)
        return 0;
    int used[MJ_MAX_YAKU] = { 0 };
    for (int i = 0; i < na; i++) {
        int found = 0;
        for (int k = 0; k < nb && !found; k++)
            if (!used[k] && a[i].id == b[k].id && a[i].han == b[k].han)
                used[k] = found = 1;
        if (!found)
            return 0;
    }
    return 1;
}

void tki_review_win(const mj_replay *r, const mj_log_event *e, mj_review_win *out)
{
    const mj_log_win *lw = &r->round->wins[e->detail];
    tk_error err = { 0 };
    memset(out, 0, sizeof *out);
    out->seat = e->seat;
    out->from = e->from;
    out->log = lw;
    int rc = mj_replay_win(r, e, &out->hand, &out->ctx, &err);
    if (rc == 0)
        rc = mj_winctx_check(&out->hand, &out->ctx, &err);
    if (rc == 0)
        rc = mj_score_hand(&out->hand, &out->ctx, &out->score, &err);
    if (rc) {
        out->status = MJ_RV_WIN_ERROR;
        snprintf(out->msg, sizeof out->msg, "%.199s", err.msg);
        return;
    }
    const mj_score *sc = &out->score;
    out->status = sc->status;
    if (sc->status != MJ_SCORE_OK)
        return;
    out->points = sc->main + (out->ctx.flags & MJ_WIN_TSUMO ? 2 * sc->additional : 0);
    out->match_han = sc->han == lw->han;
    out->match_points = out->points == lw->points;
    out->match_fu = sc->yakuman || lw->yakuman || lw->fu == 0 || sc->fu == lw->fu;
    out->match_yaku = same_yaku(sc->yaku, sc->n_yaku, lw->yaku, lw->n_yaku);
    out->match = out->match_han && out->match_fu && out->match_points && out->match_yaku;
}
