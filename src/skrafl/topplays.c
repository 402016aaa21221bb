/* topplays.c - the best n plays by equity: placements, exchanges and the
 * pass, without generating every placement.
 *
 * The state's leave rule (the table's value of the tiles kept while the bag
 * holds tiles; with the bag empty, twice the opponent's tiles for going out
 * and minus twice the own tiles kept otherwise) is a function of the kept
 * multiset alone, so it is handed to the best-first search (topn.c) as its
 * leave function: the search's bounds (best score of k tiles * 1000 + best
 * value kept after k tiles) stay exact, and it returns the first n
 * placements in equity order.  Exchanges and the pass are at most 128 plays
 * whose values are in the same table of the rack's sub-multisets (made
 * once, before the search); they are ranked first, by a bounded insertion,
 * and the n-th of them is the search's floor: a placement of lower equity
 * is behind n plays and cannot be among the first n, so the search neither
 * looks for it nor spends its bounds on it (a bad rack's placements, all of
 * low equity, are then cut off at the best exchange).  The placements the
 * search returns are merged in by the same insertion (the first n of the
 * union is the first n of everything, since a placement outside the
 * search's n is behind n placements or below the floor).
 *
 * Ranked by score (equity breaking ties), the search runs by score for
 * m = n + 1, 2m, ... placements until the last one scores less than the
 * n-th: every placement that ties the n-th in score is then in hand, and
 * those are ordered by equity.
 */
#include "sk_gen.h"
#include "tilekit/skgame.h"

#include <string.h>

int tki_sk_play_cmp_by(const sk_engine *e, const sk_play *a, const sk_play *b, int by_score);

typedef struct keepctx {
    const sk_engine *e;
    const sk_state *st;
    sk_leaves_value_fn fn;
    void *ctx;
} keepctx;

static int32_t keep_leave(void *p, const uint8_t counts[64])
{
    const keepctx *k = p;
    int n = 0;
    for (int l = 0; l <= k->e->alpha.size && l < 64; l++)
        n += counts[l];
    return tki_sk_keep_value(k->e, counts, n, k->st, k->fn, k->ctx);
}

/* Put p into out[0..*cnt) (sorted, at most n) if it belongs in the first n. */
static void insert(const sk_engine *e, sk_play *out, size_t *cnt, size_t n, const sk_play *p, int by_score)
{
    size_t i = *cnt;
    if (i == n) {
        if (tki_sk_play_cmp_by(e, p, &out[n - 1], by_score) >= 0)
            return;
        i = n - 1;
    } else {
        (*cnt)++;
    }
    while (i > 0 && tki_sk_play_cmp_by(e, p, &out[i - 1], by_score) < 0) {
        out[i] = out[i - 1];
        i--;
    }
    out[i] = *p;
}

/* Would a play of this equity and score (kind after every placement) enter? */
static int may_enter(const sk_play *out, size_t cnt, size_t n, int64_t equity, int32_t score, int by_score)
{
    if (cnt < n)
        return 1;
    const sk_play *w = &out[n - 1];
    if (by_score)
        return score > w->score || (score == w->score && equity >= w->equity);
    return equity > w->equity || (equity == w->equity && score >= w->score);
}

long sk_top_plays(sk_gen *g, const sk_board *b, const sk_rack *r, const sk_state *st, unsigned flags,
                  sk_leaves_value_fn fn, void *ctx, int by_score, size_t n, sk_movelist *list,
                  sk_play *out, tk_error *err)
{
    const sk_engine *e = g->e;
    if (n == 0)
        return tk_error_set(err, TK_EINVAL, 0, 0, "sk_top_plays: n must be at least 1");
    keepctx kc = { e, st, fn, ctx };
    sk_rank rank = { keep_leave, &kc };
    if (st->bag > 0) {   /* the table's values as they are: no wrapper */
        rank.leave = fn;
        rank.ctx = ctx;
    }
    flags &= ~SK_COUNT_ONLY;
    size_t cnt = 0;
    int rc;
    sk_play p;
    /* The rack's sub-multisets and their values, once: the exchanges' values,
     * and the search's leave table when ranking by equity. */
    sk_rackleaves L;
    tki_sk_leaves_build(&L, r, e->alpha.size, &rank);
    if (st->bag >= SK_EXCHANGE_MIN && r->n > 0) {
        /* Every kept sub-multiset but the whole rack is an exchange. */
        int lt[SK_RACK_MAX + 1], ct[SK_RACK_MAX + 1], nd = 0;
        for (int l = 0; l <= e->alpha.size && l < 64; l++) {
            int c = l ? r->count[l] : r->blanks;
            if (c > 0 && nd < SK_RACK_MAX + 1) {
                lt[nd] = l;
                ct[nd++] = c;
            }
        }
        for (int idx = 0; idx < L.full; idx++) {
            int64_t eq = L.ranked ? L.value[idx] : 0;   /* not ranked: no leave function */
            if (!may_enter(out, cnt, n, eq, 0, by_score))
                continue;
            memset(&p, 0, sizeof p);
            p.kind = SK_PLAY_EXCHANGE;
            for (int j = 0; j < nd; j++) {
                int kept = idx / L.rad[lt[j]] % (ct[j] + 1);
                for (int k = kept; k < ct[j]; k++)
                    p.x[p.nx++] = (uint8_t)lt[j];
            }
            p.leave = (int32_t)eq;
            p.equity = eq;
            insert(e, out, &cnt, n, &p, by_score);
        }
    }
    sk_pass_play(e, r, st, fn, ctx, &p);
    insert(e, out, &cnt, n, &p, by_score);
    if (!by_score) {
        /* A placement ranked below the n-th of these cannot be among the
         * first n (one of equal equity can: a placement comes first). */
        int64_t floor = cnt == n && L.ranked ? out[n - 1].equity : INT64_MIN;
        rc = tki_sk_generate_top(g, b, r, flags, &L, floor, n, list, err);
    } else {
        size_t m = n + 1;
        for (;;) {
            rc = sk_generate_top(g, b, r, flags, NULL, m, list, err);
            if (rc || list->n < m || list->v[m - 1].score < list->v[n - 1].score)
                break;
            m = m > ((size_t)-1) / 4 ? (size_t)-1 : 2 * m;
        }
    }
    if (rc)
        return rc;
    for (size_t i = 0; i < list->n; i++) {
        const sk_move *mv = &list->v[i];
        memset(&p, 0, sizeof p);
        p.move = *mv;
        p.kind = SK_PLAY_MOVE;
        p.score = mv->score;
        p.equity = sk_move_equity(e, r, mv, st, fn, ctx, &p.leave);
        insert(e, out, &cnt, n, &p, by_score);
    }
    return (long)cnt;
}
