/* playrank.c - where one play stands among every play of a position, by
 * the top-N search (tilekit/skreview.h: sk_play_rank).
 *
 * The plays ranked above it by equity (and, apart, by score) are counted in
 * the best n plays of sk_top_plays, n = 16, 64, 256, ... until the n-th play
 * no longer ranks above it, so a good play costs one small search; the
 * number of plays comes from a count-only generation (placements), plus
 * every distinct exchange when the bag allows them, plus the pass. */
#include "tilekit/skreview.h"

#include <stdlib.h>

/* 1 + the plays ranked strictly above `me` by equity (by_score: by score),
 * through sk_top_plays with n = 16, 64, ... until the n-th play no longer
 * ranks above it; the best play into *best when not NULL. */
static long rank_among(sk_gen *g, sk_movelist *list, const sk_board *b, const sk_rack *r, const sk_state *st,
                       unsigned flags, sk_leaves *leaves, int by_score, const sk_play *me, sk_play *best,
                       tk_error *err)
{
    for (size_t n = 16;; n *= 4) {
        sk_play *v = malloc(n * sizeof *v);
        if (!v) {
            tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
            return -1;
        }
        long k = sk_top_plays(g, b, r, st, flags, sk_leaves_value, leaves, by_score, n, list, v, err);
        if (k < 0) {
            free(v);
            return -1;
        }
        long above = 0;
        for (long i = 0; i < k; i++)
            above += by_score ? v[i].score > me->score : v[i].equity > me->equity;
        if (best)
            *best = v[0];
        int done = (size_t)k < n || (by_score ? v[k - 1].score <= me->score : v[k - 1].equity <= me->equity);
        free(v);
        if (done)
            return above + 1;
    }
}

int sk_play_rank(sk_gen *g, sk_movelist *list, const sk_board *b, const sk_rack *r, const sk_state *st,
                 unsigned flags, sk_leaves *leaves, const sk_play *me, long *req, long *rsc, long *nplays,
                 sk_play *best, tk_error *err)
{
    tk_error own = {0};
    if (!err)
        err = &own;
    err->code = 0;
    *req = rank_among(g, list, b, r, st, flags, leaves, 0, me, best, err);
    if (*req >= 0)
        *rsc = rank_among(g, list, b, r, st, flags, leaves, 1, me, NULL, err);
    if (*req < 0 || *rsc < 0)
        return err->code ? err->code : TK_ENOMEM;
    list->limit = 0;
    int rc = sk_generate(g, b, r, flags | SK_COUNT_ONLY, list, err);
    if (rc)
        return rc;
    long subsets = r->blanks + 1;
    for (int l = 1; l < 64; l++)
        subsets *= r->count[l] + 1;
    *nplays = (long)list->total + 1 + (st->bag >= SK_EXCHANGE_MIN && r->n > 0 ? subsets - 1 : 0);
    return TK_OK;
}
