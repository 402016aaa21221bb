/* pregame.c - the pre-endgame (1 or 2 tiles in the bag), by exact endgames.
 *
 * The unseen tiles (tile set minus board minus the mover's rack) are split
 * between the bag and the opponent's rack in every way: with one tile in the
 * bag, each distinct letter l in the bag, weighted by its count; with two,
 * each ordered pair (the drawing order matters when a play draws only one),
 * weighted by the number of tile-level draws giving it.  Each split is
 * equally likely at the tile level, so the weights are the probabilities.
 * For each candidate play (the best `top` placements by score, and the
 * pass) and each split, the position after the play (the mover draws what
 * the play allows) is a perfect-information game with a known bag, solved
 * exactly by sk_eg_solve_bag with the opponent to move.  A candidate's
 * outcome per split is spread + score - the opponent's value: a win (> 0)
 * counts 1, a tie 1/2.  Candidates are ranked by win probability, then by
 * expected spread, then by score.
 */
#include "sk_internal.h"
#include "tilekit/skendgame.h"

#include <stdlib.h>
#include <string.h>

static int by_score(const void *a, const void *b)
{
    const sk_move *x = a, *y = b;
    return (x->score < y->score) - (x->score > y->score);
}

static int by_outcome(const void *a, const void *b)
{
    const sk_peg_play *x = a, *y = b;
    if (x->win != y->win)
        return x->win > y->win ? -1 : 1;
    if (x->spread != y->spread)
        return x->spread > y->spread ? -1 : 1;
    return (x->play.score < y->play.score) - (x->play.score > y->play.score);
}

static void rack_put(sk_rack *r, int t)
{
    if (t == 0)
        r->blanks++;
    else
        r->count[t]++;
    r->n++;
}

/* Outcome of candidate c over every split; 0 or an error. */
static int evaluate(sk_endgame *s, const sk_engine *e, const sk_board *b, const sk_rack *rack, const int unseen[64],
                    int nbag, int spread, const sk_eg_opts *opts, sk_peg_play *c, tk_error *err)
{
    double wsum = 0, win = 0, sp = 0;
    int exact = 1;
    int nl = e->alpha.size;
    for (int l1 = 0; l1 <= nl; l1++) {
        if (!unseen[l1])
            continue;
        for (int l2 = nbag == 2 ? 0 : -1; l2 <= (nbag == 2 ? nl : -1); l2++) {
            double w = unseen[l1];
            uint8_t bag[2] = { (uint8_t)l1, 0 };
            sk_rack opp;
            memset(&opp, 0, sizeof opp);
            int u[64];
            memcpy(u, unseen, sizeof u);
            u[l1]--;
            if (l2 >= 0) {
                if (!u[l2])
                    continue;
                w *= u[l2];
                u[l2]--;
                bag[1] = (uint8_t)l2;
            }
            for (int l = 0; l <= nl; l++)
                for (int k = 0; k < u[l]; k++)
                    rack_put(&opp, l);
            /* the play and the mover's draw */
            sk_eg_position pos;
            memset(&pos, 0, sizeof pos);
            pos.board = *b;
            sk_rack me = *rack;
            int drawn = 0;
            if (c->play.kind == SK_PLAY_MOVE) {
                sk_board_apply(&pos.board, &c->play.move);
                sk_rack_remove_move(&me, &c->play.move);
                while (drawn < c->play.move.ntiles && drawn < nbag)
                    rack_put(&me, bag[drawn++]);
            } else {
                pos.last_pass = 1;
                pos.zeroless = 1;
            }
            pos.rack[0] = opp;
            pos.rack[1] = me;
            sk_eg_result res;
            int rc = sk_eg_solve_bag(s, &pos, bag + drawn, nbag - drawn, opts, &res, err);
            if (rc)
                return rc;
            sk_eg_result_free(&res);
            int fin = spread + c->play.score - res.value;
            wsum += w;
            win += w * (fin > 0 ? 1.0 : fin == 0 ? 0.5 : 0.0);
            sp += w * (c->play.score - res.value);
            exact &= res.exact;
        }
    }
    c->win = wsum > 0 ? win / wsum : 0;
    c->spread = wsum > 0 ? sp / wsum : 0;
    c->exact = exact;
    return TK_OK;
}

int sk_pregame_solve(sk_endgame *s, const sk_board *b, const sk_rack *rack, int spread, int top,
                     const sk_eg_opts *opts, sk_peg_play **out, size_t *n, tk_error *err)
{
    const sk_engine *e = sk_endgame_engine(s);
    *out = NULL;
    *n = 0;
    int unseen[64];
    int nun = sk_unseen(e, b, rack, unseen);
    if (nun < 0)
        return tk_error_set(err, TK_EINVAL, 0, 0, "more tiles than the tile set holds");
    int nbag = nun - SK_RACK_MAX;
    if (nbag < 1 || nbag > SK_EG_MAX_BAG)
        return tk_error_set(err, TK_EINVAL, 0, 0, "not a pre-endgame: %d tile%s in the bag (1 or 2 wanted)",
                            nbag < 0 ? 0 : nbag, nbag == 1 ? "" : "s");
    sk_gen *g = NULL;
    sk_movelist list = {0};
    int rc = sk_gen_create(&g, e, err);
    if (!rc)
        rc = sk_generate(g, b, rack, 0, &list, err);
    sk_gen_destroy(g);
    if (rc) {
        sk_movelist_free(&list);
        return rc;
    }
    if (list.n > 1)   /* list.v is NULL when the rack has no placement */
        qsort(list.v, list.n, sizeof *list.v, by_score);
    size_t k = top > 0 && (size_t)top < list.n ? (size_t)top : list.n;
    sk_peg_play *v = calloc(k + 1, sizeof *v);
    if (!v) {
        sk_movelist_free(&list);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    for (size_t i = 0; i < k; i++) {
        v[i].play.kind = SK_PLAY_MOVE;
        v[i].play.move = list.v[i];
        v[i].play.score = list.v[i].score;
    }
    v[k].play.kind = SK_PLAY_PASS;
    sk_movelist_free(&list);
    for (size_t i = 0; i <= k; i++) {
        rc = evaluate(s, e, b, rack, unseen, nbag, spread, opts, &v[i], err);
        if (rc) {
            free(v);
            return rc;
        }
    }
    qsort(v, k + 1, sizeof *v, by_outcome);
    *out = v;
    *n = k + 1;
    return TK_OK;
}
