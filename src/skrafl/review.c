/* review.c - a GCG game replayed and reviewed (tilekit/skreview.h).
 *
 * The events are replayed in file order on an empty board.  Each gets its
 * verdict record: the position before it is copied in, the event is checked
 * by its kind (a placement judged by sk_gcg_judge: score by the rules,
 * placement, rack, words; an exchange's tiles against the rack; an end rack
 * valued; a withdrawal takes the last placement back off the board), a
 * full-rack turn is ranked and, on request, judged by looking ahead
 * (review_judge.c).  Then the score and the cumulative total: a line
 * without them gets the rules' score and the running sum; a total is
 * checked against the previous total of the player as the file has it (a
 * wrong total is reported once, the count then follows the file).  The
 * players' sums are added as the events go.
 */
#include "review_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sk_reviewer_create(sk_reviewer **out, tk_error *err)
{
    *out = calloc(1, sizeof **out);
    return *out ? TK_OK : tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
}

void sk_reviewer_destroy(sk_reviewer *w)
{
    if (!w)
        return;
    sk_movelist_free(&w->list);
    sk_gen_destroy(w->g);
    sk_endgame_destroy(w->eg);
    sk_peg_destroy(w->peg);
    free(w->simres);
    free(w);
}

void sk_review_free(sk_review *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->n && r->ev; i++)
        free(r->ev[i].top);
    free(r->ev);
    memset(r, 0, sizeof *r);
}

void sk_review_player_add(sk_review_player *to, const sk_review_player *p)
{
    to->plays += p->plays;
    to->ranked += p->ranked;
    to->lost += p->lost;
    to->phonies += p->phonies;
    to->bingos_missed += p->bingos_missed;
    to->sim_judged += p->sim_judged;
    to->sim_lost += p->sim_lost;
    to->eg_judged += p->eg_judged;
    to->eg_unproven += p->eg_unproven;
    to->eg_lost += p->eg_lost;
    to->peg_judged += p->peg_judged;
    to->peg_unproven += p->peg_unproven;
    to->peg_lost_win += p->peg_lost_win;
}

/* ---- the position -------------------------------------------------------------------------------- */

/* Tiles on the board. */
static int board_tiles(const sk_board *b)
{
    int n = 0;
    for (int i = 0; i < b->dim * b->dim; i++)
        n += b->sq[i] != 0;
    return n;
}

/* The rack shown holds fewer tiles than the player must hold: with the bag
 * not empty a player holds 7; with it empty, every tile off the board less
 * the opponent's (at most 7). */
static int rack_partial(const rv_state *s, const sk_rack *r)
{
    if (r->n >= SK_RACK_MAX)
        return 0;
    int off = sk_engine_tileset(s->e)->total - board_tiles(&s->board);
    return off - r->n > SK_RACK_MAX;
}

/* The opponent's rack during event i: the rack they show at their next turn. */
static const sk_rack *opp_rack(const sk_gcg *gc, int i, int mover)
{
    for (int k = i + 1; k < gc->nevents; k++) {
        const sk_gcg_event *ev = &gc->ev[k];
        if (ev->kind != SK_GCG_MOVE && ev->kind != SK_GCG_EXCHANGE && ev->kind != SK_GCG_PASS)
            continue;
        if (ev->player == mover)
            continue;
        return ev->has_rack ? &ev->rack : NULL;
    }
    return NULL;
}

static int is_turn(int kind) { return kind == SK_GCG_MOVE || kind == SK_GCG_EXCHANGE || kind == SK_GCG_PASS; }

/* The record's "before" part, and the turn count. */
static void event_begin(rv_state *s, int i, sk_review_event *v)
{
    const sk_gcg_event *ev = &s->gc->ev[i];
    v->ev = ev;
    v->legal = -2;
    v->before = s->board;
    v->totals[0] = s->totals[0];
    v->totals[1] = s->totals[1];
    v->zeroless = s->zeroless;
    v->last_pass = s->last_pass;
    const sk_rack *o = opp_rack(s->gc, i, ev->player);
    if (o && !rack_partial(s, o)) {
        v->has_opp_rack = 1;
        v->opp_rack = *o;
    }
    if (is_turn(ev->kind)) {
        v->turn = ++s->turn;
        s->r->player[ev->player].plays++;
        if (ev->has_rack)
            v->partial = rack_partial(s, &ev->rack);
    }
}

/* Rank and look ahead at this player's turns? */
static int judged_player(const rv_state *s, int p) { return !s->o->players || (s->o->players >> p & 1); }

/* Rank the play made (with a full rack) and keep it as `me`. */
static int rank_made(rv_state *s, const sk_gcg_event *ev, sk_play *me, sk_review_event *v)
{
    v->me = *me;
    if (!judged_player(s, ev->player))
        return TK_OK;
    int rc = rv_rank_play(s, &ev->rack, me, v);
    v->me = *me;
    return rc;
}

/* ---- placements -------------------------------------------------------------------------------- */

static void word_verdict(const rv_state *s, const sk_gcg_play *gp, sk_review_event *v, int *unknown)
{
    char bad[300] = "";
    size_t bl = 0;
    *unknown = 0;
    for (int i = 0; i < gp->nwords; i++)
        if (gp->known[i] == 0) {
            char w[64];
            sk_word_format(&gp->words[i], s->e, SK_FMT_WORD, w, sizeof w);
            if (bl < sizeof bad - 70)
                bl += (size_t)snprintf(bad + bl, sizeof bad - bl, "%s%s", *unknown ? ", " : "", w);
            (*unknown)++;
        }
    const char *dict = s->o->dict_name ? s->o->dict_name : "the dictionary";
    const char *note = s->o->lexnote ? s->o->lexnote : "";
    if (!gp->placed_ok || gp->rack_ok == 0) {
        v->legal = 0;
        snprintf(v->why, sizeof v->why, "%s", gp->why);
    } else if (*unknown && s->o->judged) {
        v->legal = 0;
        snprintf(v->why, sizeof v->why, "not in %s: %s", dict, bad);
    } else if (*unknown) {
        v->legal = -1;
        snprintf(v->why, sizeof v->why, "not in %s: %s (%s)", dict, bad, note);
    } else if (!s->o->judged) {
        v->legal = -1;
        snprintf(v->why, sizeof v->why, "every word is in %s (%s)", dict, note);
    } else {
        v->legal = 1;
    }
}

static int do_move(rv_state *s, const sk_gcg_event *ev, sk_review_event *v)
{
    tk_error err = {0};
    sk_gcg_play *gp = &v->gp;
    if (sk_gcg_judge(s->e, &s->board, ev, s->d, gp, &err)) {
        v->legal = 0;
        snprintf(v->why, sizeof v->why, "%s", err.msg);
        snprintf(v->problem, sizeof v->problem, "%s", err.msg);
        s->r->problems++;
        s->sound = 0;
        return TK_OK;
    }
    v->has_play = 1;
    v->placed = sk_gcg_event_move(s->e, &s->board, ev, &v->move, &err) == TK_OK;
    v->have_computed = 1;
    v->computed = gp->score;
    v->score_ok = gp->score == ev->score;
    int unknown;
    word_verdict(s, gp, v, &unknown);
    if (v->legal == 0 && unknown && s->o->judged && gp->placed_ok && gp->rack_ok != 0)
        s->r->player[ev->player].phonies++;
    s->before = s->board;
    int rc = TK_OK;
    if (ev->has_rack && gp->rack_ok == 1 && !v->partial) {
        sk_play me;
        memset(&me, 0, sizeof me);
        me.kind = SK_PLAY_MOVE;
        me.move = gp->move;
        me.score = gp->score;
        rc = rank_made(s, ev, &me, v);
        v->me_ok = gp->placed_ok;
    }
    sk_board_apply(&s->board, &gp->move);
    return rc;
}

/* ---- exchanges, passes, withdrawals, end racks ---------------------------------------------------- */

static int do_exchange(rv_state *s, const sk_gcg_event *ev, sk_review_event *v)
{
    v->computed = 0;
    v->have_computed = 1;
    v->score_ok = ev->score == 0;
    if (ev->xrack.n == 0) {            /* only a number of tiles */
        if (ev->has_rack && ev->nx > ev->rack.n && !v->partial) {
            v->legal = 0;
            snprintf(v->why, sizeof v->why, "exchanges %d tiles from a rack of %d", ev->nx, ev->rack.n);
        }
        return TK_OK;
    }
    sk_play me;
    memset(&me, 0, sizeof me);
    me.kind = SK_PLAY_EXCHANGE;
    for (int l = 0; l < 64; l++) {
        int c = l ? ev->xrack.count[l] : ev->xrack.blanks;
        for (int k = 0; k < c && me.nx < SK_RACK_MAX; k++)
            me.x[me.nx++] = (uint8_t)l;
    }
    if (!ev->has_rack)
        return TK_OK;
    v->legal = 1;
    for (int l = 1; l < 64; l++)
        if (ev->xrack.count[l] > ev->rack.count[l])
            v->legal = 0;
    if (ev->xrack.blanks > ev->rack.blanks)
        v->legal = 0;
    if (!v->legal) {
        snprintf(v->why, sizeof v->why, "exchanges tiles that are not on the rack");
        return TK_OK;
    }
    if (v->partial)
        return TK_OK;
    int rc = rank_made(s, ev, &me, v);
    v->me_ok = v->legal == 1 && v->have_rank;
    return rc;
}

static int do_pass(rv_state *s, const sk_gcg_event *ev, sk_review_event *v)
{
    v->computed = 0;
    v->have_computed = 1;
    v->score_ok = ev->score == 0;
    v->legal = 1;
    if (!ev->has_rack || v->partial)
        return TK_OK;
    sk_play me;
    memset(&me, 0, sizeof me);
    me.kind = SK_PLAY_PASS;
    int rc = rank_made(s, ev, &me, v);
    v->me_ok = 1;
    return rc;
}

static void do_withdrawn(rv_state *s, const sk_gcg_event *ev, sk_review_event *v)
{
    int p = ev->player;
    if (s->have_last && s->last_player == p) {
        s->board = s->before;
        v->computed = -s->last_score;
        v->have_computed = 1;
        /* `-- +0` with the total before the phony (older files) says the same */
        v->score_ok = ev->score == -s->last_score || (ev->score == 0 && ev->total == s->before_total);
        s->have_last = 0;
        return;
    }
    snprintf(v->problem, sizeof v->problem, "a withdrawal ('--') with no play of %s to take back", s->gc->nick[p]);
    s->r->problems++;
    v->computed = 0;              /* nothing is taken back */
    v->have_computed = 1;
    v->score_ok = ev->score == 0;
}

/* The tiles the board leaves (the set less the board) into *left, when
 * every placement was laid and they fit a rack: 1, else 0. */
static int tiles_left(const rv_state *s, sk_rack *left)
{
    int u[64];
    sk_rack none;
    memset(&none, 0, sizeof none);
    int n = sk_unseen(s->e, &s->board, &none, u);
    if (!s->sound || n < 0 || n > SK_RACK_MAX)
        return 0;
    memset(left, 0, sizeof *left);
    left->blanks = u[0];
    for (int l = 1; l < 64; l++)
        left->count[l] = (uint8_t)u[l];
    left->n = n;
    return 1;
}

/* The other player's own-rack line (two-line style) anywhere in the game. */
static int own_line_of(const sk_gcg *gc, int player)
{
    for (int k = 0; k < gc->nevents; k++)
        if (gc->ev[k].kind == SK_GCG_ENDRACK && gc->ev[k].player == player && (gc->ev[k].own || gc->ev[k].score < 0))
            return 1;
    return 0;
}

static void do_endrack(rv_state *s, const sk_gcg_event *ev, sk_review_event *v)
{
    int val = sk_rack_value(s->e, &ev->rack);
    v->have_computed = 1;
    if (ev->score < 0 || ev->own) {
        v->computed = -val;       /* the own tiles */
    } else {
        /* the opponent's tiles, those the board leaves when that is known:
         * +2 x their value, or +value in the two-line style (the other line takes them off) */
        sk_rack left;
        if (tiles_left(s, &left) && left.n > 0)
            val = sk_rack_value(s->e, &left);
        int two_line = ev->score == val && val && own_line_of(s->gc, !ev->player);
        v->computed = two_line ? val : 2 * val;
    }
    v->score_ok = v->computed == ev->score;
}

/* ---- totals and sums --------------------------------------------------------------------------- */

/* The event's score by the rules (as shown where the rules give none: a
 * bonus, a penalty); a withdrawal takes back its play's. */
static int rules_score(const rv_state *s, const sk_gcg_event *ev, const sk_review_event *v)
{
    if (ev->kind == SK_GCG_WITHDRAWN)
        return v->problem[0] ? 0 : -s->last_rules;
    if (ev->kind == SK_GCG_MOVE)
        return v->has_play ? v->gp.score : v->score;
    return v->have_computed ? v->computed : v->score;
}

/* The score and total shown (the rules' score and the running sum where the
 * line gives none), the total checked, the running state moved on. */
static void settle(rv_state *s, const sk_gcg_event *ev, sk_review_event *v)
{
    int p = ev->player;
    v->score = ev->score;
    v->total = ev->total;
    if (ev->no_score) {
        v->score = v->have_computed ? v->computed : 0;
        v->score_ok = 1;
    }
    if (ev->no_total)
        v->total = s->totals[p] + v->score;
    v->expected_total = s->totals[p] + v->score;
    v->total_ok = v->expected_total == v->total;
    if (ev->kind == SK_GCG_WITHDRAWN && v->score_ok && v->total == s->before_total) {
        v->total_ok = 1;
        v->expected_total = v->total;
    }
    s->r->player[p].sum += rules_score(s, ev, v);
    if (ev->kind == SK_GCG_MOVE) {
        s->before_total = s->totals[p];
        s->last_score = v->score;
        s->last_rules = v->has_play ? v->gp.score : v->score;
        s->last_player = p;
        s->have_last = 1;
    } else if (is_turn(ev->kind)) {
        s->have_last = 0;         /* a withdrawal takes back only the turn just made */
    }
    s->totals[p] = v->total;   /* later lines are checked on their own */
    if (is_turn(ev->kind))
        s->zeroless = v->score == 0 ? s->zeroless + 1 : 0;
    else if (ev->kind == SK_GCG_WITHDRAWN)
        s->zeroless++;
    if (is_turn(ev->kind) || ev->kind == SK_GCG_WITHDRAWN)
        s->last_pass = ev->kind == SK_GCG_PASS;
    s->r->score_errors += v->have_computed && !v->score_ok;
    s->r->total_errors += !v->total_ok;
}

static void add_sums(sk_review_player *pl, const sk_review_event *v)
{
    if (v->have_rank) {
        pl->ranked++;
        pl->lost += v->lost;
        pl->bingos_missed += v->bingo_missed;
    }
    if (v->sim == 1) {
        pl->sim_judged++;
        pl->sim_lost += v->sim_lost;
    }
    if (v->eg == 1) {
        pl->eg_judged++;
        if (!v->eg_exact)
            pl->eg_unproven++;
        else if (v->eg_best_value > v->eg_value)
            pl->eg_lost += v->eg_best_value - v->eg_value;
    }
    if (v->peg == 1) {
        pl->peg_judged++;
        if (!v->peg_exact)
            pl->peg_unproven++;
        else
            pl->peg_lost_win += v->peg_lost_win;
    }
}

/* ---- the game ---------------------------------------------------------------------------------- */

static int look_here(const rv_state *s, const sk_review_event *v)
{
    const sk_review_opts *o = s->o;
    if (!v->me_ok || !(o->sim || o->endgame) || !judged_player(s, v->ev->player))
        return 0;
    return o->look_turn == 0 || (o->look_turn > 0 && v->turn == o->look_turn);
}

static int review_event(rv_state *s, int i)
{
    sk_review_event *v = &s->r->ev[i];
    event_begin(s, i, v);
    const sk_gcg_event *ev = v->ev;
    sk_board before = s->board;
    int rc = TK_OK;
    switch (ev->kind) {
    case SK_GCG_MOVE: rc = do_move(s, ev, v); break;
    case SK_GCG_EXCHANGE: rc = do_exchange(s, ev, v); break;
    case SK_GCG_PASS: rc = do_pass(s, ev, v); break;
    case SK_GCG_WITHDRAWN: do_withdrawn(s, ev, v); break;
    case SK_GCG_ENDRACK: do_endrack(s, ev, v); break;
    default: break;
    }
    if (rc)
        return rc;
    if (look_here(s, v))
        rv_look_ahead(s, &before, &ev->rack, ev->player, v);
    settle(s, ev, v);
    add_sums(&s->r->player[ev->player], v);
    return TK_OK;
}

static int check_opts(const sk_review_opts *o, tk_error *err)
{
    if (o->top < 0 || o->top > SK_REVIEW_TOP_MAX)
        return tk_error_set(err, TK_EINVAL, 0, 0, "top %d: 0..%d plays are kept a turn", o->top, SK_REVIEW_TOP_MAX);
    if (o->look_turn < -1)
        return tk_error_set(err, TK_EINVAL, 0, 0, "look_turn %d: -1, 0 or a turn", o->look_turn);
    return TK_OK;
}

int sk_review_game(sk_reviewer *w, const sk_engine *e, const sk_gcg *gc, const sk_review_opts *opts,
                   sk_review *out, tk_error *err)
{
    memset(out, 0, sizeof *out);
    out->gc = gc;
    out->e = e;
    out->judged = opts->judged;
    out->sim = opts->sim;
    out->endgame = opts->endgame;
    snprintf(out->dict_name, sizeof out->dict_name, "%s", opts->dict_name ? opts->dict_name : "");
    if (check_opts(opts, err))
        return TK_EINVAL;
    if (w->g_engine != e) {
        sk_gen_destroy(w->g);
        w->g = NULL;
        w->g_engine = NULL;
        if (sk_gen_create(&w->g, e, NULL))
            return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
        w->g_engine = e;
    }
    if (gc->nevents > 0 && !(out->ev = calloc((size_t)gc->nevents, sizeof *out->ev)))
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    out->n = gc->nevents;
    rv_state s;
    memset(&s, 0, sizeof s);
    s.w = w;
    s.e = e;
    s.d = sk_engine_dawg(e);
    s.gc = gc;
    s.o = opts;
    s.r = out;
    s.board.dim = sk_engine_layout(e)->dim;
    s.before = s.board;
    s.sound = 1;
    for (int i = 0; i < gc->nevents; i++)
        if (review_event(&s, i))
            return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    for (int p = 0; p < 2; p++) {
        out->player[p].score = s.totals[p];
        out->total_errors += out->player[p].score != out->player[p].sum;
    }
    out->turns = s.turn;
    return TK_OK;
}
