/* best.c - the best play at any stage under a clock (tilekit/skendgame.h).
 *
 * sk_best_choose counts the tiles the mover cannot see and hands the
 * position to the search that fits it: the exact endgame solver (the bag
 * empty: the opponent holds the unseen tiles), the pre-endgame (1-4 in the
 * bag), the simulation (more), each with the whole clock; the static
 * equity player when the clock is too short or a search has no answer.
 * The self-play player keeps a clock a game and shares it out by turns.
 */
#include "sk_internal.h"
#include "tilekit/skendgame.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

struct sk_best {
    const sk_engine *e;
    int jobs;
    size_t tt_mb;
    sk_gen *g;
    sk_movelist list;
    sk_endgame *eg;        /* made on first use */
    sk_peg *peg;
};

static double now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int sk_best_create(sk_best **out, const sk_engine *e, int jobs, size_t tt_mb, tk_error *err)
{
    *out = NULL;
    sk_best *b = calloc(1, sizeof *b);
    if (!b)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    b->e = e;
    b->jobs = jobs < 1 ? 1 : jobs;
    b->tt_mb = tt_mb;
    int rc = sk_gen_create(&b->g, e, err);
    if (rc) {
        free(b);
        return rc;
    }
    *out = b;
    return TK_OK;
}

void sk_best_destroy(sk_best *b)
{
    if (!b)
        return;
    sk_endgame_destroy(b->eg);
    sk_peg_destroy(b->peg);
    sk_movelist_free(&b->list);
    sk_gen_destroy(b->g);
    free(b);
}

const char *sk_best_method_name(int method)
{
    static const char *const names[] = { "static", "endgame", "preendgame", "sim" };
    return method >= 0 && method <= SK_BEST_SIM ? names[method] : "?";
}

/* The static equity player's choice. */
static int by_static(sk_best *b, const sk_board *board, const sk_rack *rack, const int unseen[64], int nun,
                     const sk_best_opts *o, sk_best_result *res, tk_error *err)
{
    sk_state st;
    sk_state_from_unseen(b->e, unseen, nun, &st);
    long n = sk_top_plays(b->g, board, rack, &st, 0, o->fn, o->ctx, 0, 1, &b->list, &res->play, err);
    res->method = SK_BEST_STATIC;
    return n < 0 ? (int)n : TK_OK;
}

/* The exact endgame (the opponent holds every unseen tile); 1 when it has no answer. */
static int by_endgame(sk_best *b, const sk_board *board, const sk_rack *rack, const int unseen[64],
                      const sk_best_opts *o, sk_best_result *res, tk_error *err)
{
    if (!b->eg) {
        int rc = sk_endgame_create(&b->eg, b->e, b->tt_mb, b->jobs, err);
        if (rc)
            return rc;
    }
    sk_eg_position pos;
    memset(&pos, 0, sizeof pos);
    pos.board = *board;
    pos.rack[0] = *rack;
    for (int l = 0; l < 64; l++)
        for (int k = 0; k < unseen[l]; k++) {
            if (l)
                pos.rack[1].count[l]++;
            else
                pos.rack[1].blanks++;
            pos.rack[1].n++;
        }
    if (pos.rack[1].n == 0)
        return 1;
    pos.zeroless = o->zeroless;
    pos.last_pass = o->last_pass;
    sk_eg_opts eo = { o->seconds, 0, 0, 0, SK_EG_LEAF_RACKS, 0, 0 };
    sk_eg_result r;
    int rc = sk_endgame_solve(b->eg, &pos, &eo, &r, err);
    if (rc)
        return rc;
    if (r.npv == 0) {
        sk_eg_result_free(&r);
        return 1;
    }
    memset(&res->play, 0, sizeof res->play);
    res->play.kind = r.pv[0].kind;
    if (r.pv[0].kind == SK_PLAY_MOVE) {
        res->play.move = r.pv[0].move;
        res->play.score = r.pv[0].move.score;
    }
    res->method = SK_BEST_ENDGAME;
    res->value = r.value;
    res->exact = r.exact;
    sk_eg_result_free(&r);
    return TK_OK;
}

/* The pre-endgame; 1 when no play was valued in time. */
static int by_peg(sk_best *b, const sk_board *board, const sk_rack *rack, const sk_best_opts *o, sk_best_result *res,
                  tk_error *err)
{
    if (!b->peg) {
        int rc = sk_peg_create(&b->peg, b->e, b->tt_mb, b->jobs, err);
        if (rc)
            return rc;
    }
    sk_peg_opts po = { o->seconds, o->spread, o->zeroless, 0, NULL, 0, NULL, 0 };
    sk_peg_result r;
    int rc = sk_peg_solve(b->peg, board, rack, &po, &r, err);
    if (rc)
        return rc;
    int none = r.n == 0 || !r.cand[0].valued;
    if (!none) {
        res->play = r.cand[0].play;
        res->method = SK_BEST_PREENDGAME;
        res->win = r.cand[0].win;
        res->spread = r.cand[0].spread;
        res->exact = r.cand[0].exact;
        res->legal = r.legal;
        res->considered = r.considered;
    }
    sk_peg_result_free(&r);
    return none;
}

/* The simulation; 1 when it cannot play the position. */
static int by_sim(sk_best *b, const sk_board *board, const sk_rack *rack, const sk_best_opts *o, sk_best_result *res,
                  tk_error *err)
{
    sk_sim_opts so;
    memset(&so, 0, sizeof so);
    so.plies = 2;
    so.seconds = o->seconds;
    so.seed = o->seed;
    so.jobs = b->jobs;
    so.spread = o->spread;
    so.wins = o->wins;
    so.fn = o->fn;
    so.ctx = o->ctx;
    sk_sim_result *r = malloc(sizeof *r);
    if (!r)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    tk_error e2 = {0};
    int rc = sk_sim(b->e, board, rack, &so, r, &e2);
    if (rc == TK_OK && r->n > 0 && r->iterations > 0) {
        const sk_sim_cand *c = &r->cand[r->order[0]];
        res->play = c->play;
        res->method = SK_BEST_SIM;
        res->mean = c->mean;
        res->win = c->win;
        res->iterations = r->iterations;
    } else if (rc == TK_OK || rc == TK_ENOTFOUND) {
        rc = 1;
    } else if (err) {
        *err = e2;
    }
    free(r);
    return rc;
}

int sk_best_choose(sk_best *b, const sk_board *board, const sk_rack *rack, const sk_best_opts *opts,
                   sk_best_result *res, tk_error *err)
{
    double t0 = now_sec();
    memset(res, 0, sizeof *res);
    int unseen[64];
    int nun = sk_unseen(b->e, board, rack, unseen);
    if (nun < 0)
        return tk_error_set(err, TK_EINVAL, 0, 0, "more tiles than the tile set holds");
    if (rack->n < 1 || rack->n > SK_RACK_MAX)
        return tk_error_set(err, TK_EINVAL, 0, 0, "a rack of %d tiles (1..%d)", rack->n, SK_RACK_MAX);
    res->bag = nun > SK_RACK_MAX ? nun - SK_RACK_MAX : 0;
    int rc = 1;
    if (opts->seconds >= SK_BEST_MIN_SECONDS) {
        if (res->bag == 0)
            rc = by_endgame(b, board, rack, unseen, opts, res, err);
        else if (res->bag <= SK_PEG_MAX_BAG)
            rc = by_peg(b, board, rack, opts, res, err);
        else
            rc = by_sim(b, board, rack, opts, res, err);
    }
    if (rc == 1)
        rc = by_static(b, board, rack, unseen, nun, opts, res, err);
    res->seconds = now_sec() - t0;
    return rc;
}

/* ---- the self-play player ---------------------------------------------------------------- */

struct sk_best_player {
    sk_best *b;
    sk_best_opts base;
    double game_seconds, left;
    int last_turn;
};

int sk_best_player_create(sk_best_player **out, const sk_engine *e, double game_seconds, const sk_best_opts *base,
                          tk_error *err)
{
    *out = NULL;
    sk_best_player *p = calloc(1, sizeof *p);
    if (!p)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    int rc = sk_best_create(&p->b, e, 1, 0, err);
    if (rc) {
        free(p);
        return rc;
    }
    p->base = *base;
    p->game_seconds = p->left = game_seconds;
    p->last_turn = 1 << 30;
    *out = p;
    return TK_OK;
}

void sk_best_player_destroy(sk_best_player *p)
{
    if (!p)
        return;
    sk_best_destroy(p->b);
    free(p);
}

/* This turn's share of the game's clock. */
static double turn_share(const sk_best_player *p, int bag)
{
    double share = p->left / (bag / 7.0 + 3);
    if (bag >= 1 && bag <= SK_PEG_MAX_BAG)
        share *= 2;
    else if (bag == 0)
        share *= 1.5;
    return share > 0.6 * p->left ? 0.6 * p->left : share;
}

int sk_best_player_turn(void *ctx, sk_gen *g, const sk_turn_view *v, sk_play *out, tk_error *err)
{
    sk_best_player *p = ctx;
    (void)g;
    if (v->turn < p->last_turn)
        p->left = p->game_seconds;   /* a new game */
    p->last_turn = v->turn;
    sk_best_opts o = p->base;
    o.spread = v->score - v->opp_score;
    o.zeroless = v->scoreless;
    o.last_pass = v->last_pass;
    o.seed = sk_game_seed(p->base.seed, (uint64_t)v->turn * 1315423911u + (uint64_t)v->score);
    o.seconds = turn_share(p, v->bag);
    sk_best_result r;
    int rc = sk_best_choose(p->b, v->b, v->me, &o, &r, err);
    p->left -= r.seconds;
    if (p->left < 0)
        p->left = 0;
    if (!rc)
        *out = r.play;
    return rc;
}
