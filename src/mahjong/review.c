/* review.c - the review of a parsed log (mjreview.h): the driver.
 *
 * Each round is replayed event by event (mj_replay_step); before an event
 * is applied, the state is the one its player acted on, so a discard of a
 * seat reviewed is judged there (review_discard.c), a win scored there
 * (review_win.c), and calls, riichi and draws without a winner become
 * plain records.  Draws and dora indicators make no record.  An event the
 * log keeps as an issue (mj_log_parse_ex, MJ_LOG_KEEP_INCONSISTENT) makes
 * an inconsistent record instead of its own, and a fatal one ends the
 * review of its round there.  The records
 * go to growing arrays (one for the order of events, one per payload
 * kind); the tallies per player and per game are kept as the records are
 * made. */
#include "review_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mj_review_options_init(mj_review_options *o)
{
    memset(o, 0, sizeof *o);
    o->seat = -1;
    mj_ev_config_init(&o->ev_cfg);
}

/* Room for one more element in an array of `size`-byte elements. */
static int grow(void **p, int n, int *cap, size_t size)
{
    if (n < *cap)
        return 0;
    int nc = *cap ? *cap * 2 : 64;
    void *np = realloc(*p, (size_t)nc * size);
    if (!np)
        return TK_ENOMEM;
    *p = np;
    *cap = nc;
    return 0;
}

typedef struct builder {
    mj_review *rv;
    const mj_review_options *o;
    mj_ctx *ctx;
    mj_ev *ev;
    int cap_records, cap_discards, cap_wins, cap_issues;
    int issue;              /* the next of log->issues to meet */
} builder;

static int add_record(builder *b, int kind, int round, int event, int index)
{
    mj_review *rv = b->rv;
    if (grow((void **)&rv->records, rv->n_records, &b->cap_records, sizeof *rv->records))
        return TK_ENOMEM;
    mj_review_record *rec = &rv->records[rv->n_records++];
    rec->kind = kind;
    rec->round = round;
    rec->event = event;
    rec->ev = &rv->log->rounds[round].events[event];
    rec->index = index;
    rv->rounds[round].n++;
    return 0;
}

static int do_discard(builder *b, const mj_replay *r, int round)
{
    mj_review *rv = b->rv;
    const mj_log_event *e = &r->round->events[r->next];
    if (grow((void **)&rv->discards, rv->n_discards, &b->cap_discards, sizeof *rv->discards))
        return TK_ENOMEM;
    mj_review_discard *d = &rv->discards[rv->n_discards];
    int rc = tki_review_discard(b->ctx, b->ev, b->o, r, e, d);
    if (rc)
        return rc;
    mj_review_player *p = &rv->players[e->seat];
    p->discards++;
    p->forced += d->riichi;
    p->best += d->is_best;
    p->ukeire_lost += d->ukeire_lost;
    p->shanten_lost += d->shanten_lost;
    if (d->ev.status == MJ_RV_EV_OK && d->ev.play >= 0) {
        p->ev_discards++;
        p->ev_best += d->ev.play == d->ev.best;
        p->ev_lost += d->ev.score_lost;
    }
    return add_record(b, MJ_RV_DISCARD, round, r->next, rv->n_discards++);
}

static int do_win(builder *b, const mj_replay *r, int round)
{
    mj_review *rv = b->rv;
    const mj_log_event *e = &r->round->events[r->next];
    if (grow((void **)&rv->wins, rv->n_wins, &b->cap_wins, sizeof *rv->wins))
        return TK_ENOMEM;
    mj_review_win *w = &rv->wins[rv->n_wins];
    tki_review_win(r, e, w);
    w->wanted = rv->wanted[e->seat];
    rv->game.wins++;
    rv->game.wins_matching += w->match;
    if (w->wanted) {
        mj_review_player *p = &rv->players[e->seat];
        p->wins++;
        p->win_points += w->log->points;
        p->wins_differing += !w->match;
    }
    return add_record(b, MJ_RV_WIN, round, r->next, rv->n_wins++);
}

/* An event that does not fit: its record; the round's events after it
 * are skipped when it is fatal. */
static int add_issue(builder *b, int round, int event, int fatal, long line, long col, const char *msg)
{
    mj_review *rv = b->rv;
    const mj_log_round *rd = &rv->log->rounds[round];
    if (grow((void **)&rv->issues, rv->n_issues, &b->cap_issues, sizeof *rv->issues))
        return TK_ENOMEM;
    mj_review_issue *x = &rv->issues[rv->n_issues];
    memset(x, 0, sizeof *x);
    x->seat = rd->events[event].seat;
    x->fatal = fatal;
    x->skipped = fatal ? rd->n_events - event - 1 : 0;
    x->line = line;
    x->col = col;
    snprintf(x->msg, sizeof x->msg, "%.199s", msg);
    rv->game.inconsistent++;
    rv->rounds[round].inconsistent++;
    return add_record(b, MJ_RV_INCONSISTENT, round, event, rv->n_issues++);
}

/* The log's issue at (round, event), if any. */
static const mj_log_issue *issue_at(builder *b, int round, int event)
{
    const mj_log *log = b->rv->log;
    while (b->issue < log->n_issues && (log->issues[b->issue].round < round ||
                                        (log->issues[b->issue].round == round && log->issues[b->issue].event < event)))
        b->issue++;
    if (b->issue < log->n_issues && log->issues[b->issue].round == round && log->issues[b->issue].event == event)
        return &log->issues[b->issue];
    return NULL;
}

static int review_round(builder *b, int round)
{
    mj_review *rv = b->rv;
    mj_replay r;
    tk_error err = { 0 };
    rv->rounds[round].first = rv->n_records;
    if (mj_replay_start(&r, rv->log, round, &err))
        return 0;   /* cannot happen: the parser replayed it */
    for (; r.next < r.round->n_events; ) {
        const mj_log_event *e = &r.round->events[r.next];
        const mj_log_issue *x = issue_at(b, round, r.next);
        int rc = 0, wanted = e->seat < 4 && rv->wanted[e->seat];
        if (x) {
            rc = add_issue(b, round, r.next, x->fatal, x->line, x->col, x->msg);
            if (rc || x->fatal)
                return rc;
            if (mj_replay_step(&r, &err) < 0)
                return add_issue(b, round, r.next, 1, 0, 0, err.msg);
            continue;
        }
        switch (e->kind) {
        case MJ_EV_DISCARD: rc = wanted ? do_discard(b, &r, round) : 0; break;
        case MJ_EV_WIN: rc = do_win(b, &r, round); break;
        case MJ_EV_RYUUKYOKU: rc = add_record(b, MJ_RV_RYUUKYOKU, round, r.next, -1); break;
        case MJ_EV_RIICHI: rc = wanted ? add_record(b, MJ_RV_RIICHI, round, r.next, -1) : 0; break;
        case MJ_EV_DRAW: case MJ_EV_DORA: break;
        default: rc = wanted ? add_record(b, MJ_RV_CALL, round, r.next, -1) : 0; break;
        }
        if (rc)
            return rc;
        if (mj_replay_step(&r, &err) < 0)   /* the parser keeps it as an issue: not met here */
            return add_issue(b, round, r.next, 1, 0, 0, err.msg);
    }
    return 0;
}

/* The seats reviewed: every one, o->seat, or the player named o->name. */
static int wanted_seats(const mj_log *log, const mj_review_options *o, int wanted[4], tk_error *err)
{
    int any = 0;
    for (int s = 0; s < 4; s++) {
        wanted[s] = o->name ? strcmp(log->names[s], o->name) == 0 : o->seat < 0 || o->seat == s;
        any |= wanted[s];
    }
    if (!any && o->name)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no player named '%s' in this log", o->name);
    if (!any)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no seat %d (seats are 0 to 3)", o->seat);
    return 0;
}

/* The arrays at their final size at once (grow() stays for what the
 * count cannot foresee): reallocating records of ~1 kB cost as much as
 * the work of a few of them. */
static int presize(builder *b)
{
    mj_review *rv = b->rv;
    const mj_log *log = rv->log;
    int rec = log->n_issues, disc = 0, wins = 0;
    for (int i = 0; i < log->n_rounds; i++) {
        const mj_log_round *rd = &log->rounds[i];
        for (int k = 0; k < rd->n_events; k++) {
            const mj_log_event *e = &rd->events[k];
            rec += e->kind != MJ_EV_DRAW && e->kind != MJ_EV_DORA;
            disc += e->kind == MJ_EV_DISCARD && e->seat < 4 && rv->wanted[e->seat];
            wins += e->kind == MJ_EV_WIN;
        }
    }
    rv->records = malloc((size_t)(rec ? rec : 1) * sizeof *rv->records);
    rv->discards = malloc((size_t)(disc ? disc : 1) * sizeof *rv->discards);
    rv->wins = malloc((size_t)(wins ? wins : 1) * sizeof *rv->wins);
    if (!rv->records || !rv->discards || !rv->wins)
        return TK_ENOMEM;
    b->cap_records = rec ? rec : 1;
    b->cap_discards = disc ? disc : 1;
    b->cap_wins = wins ? wins : 1;
    return 0;
}

static void totals(mj_review *rv)
{
    for (int s = 0; s < 4; s++) {
        const mj_review_player *p = &rv->players[s];
        rv->game.discards += p->discards;
        rv->game.best += p->best;
        rv->game.ukeire_lost += p->ukeire_lost;
        rv->game.ev_discards += p->ev_discards;
        rv->game.ev_best += p->ev_best;
        rv->game.ev_lost += p->ev_lost;
    }
}

int mj_review_log(const mj_log *log, const mj_review_options *o, mj_ctx *ctx, mj_ev *ev, mj_review **out,
                  tk_error *err)
{
    if (!out)
        return tk_error_set(err, TK_EINVAL, 0, 0, "null argument");
    *out = NULL;
    if (!log || !o || !ctx)
        return tk_error_set(err, TK_EINVAL, 0, 0, "null argument");
    if (o->ev && !ev)
        return tk_error_set(err, TK_EINVAL, 0, 0, "the EV option needs an EV solver");
    mj_review *rv = calloc(1, sizeof *rv);
    if (!rv)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    rv->log = log;
    rv->ev = o->ev;
    int rc = wanted_seats(log, o, rv->wanted, err);
    if (rc) {
        mj_review_free(rv);
        return rc;
    }
    rv->n_rounds = log->n_rounds;
    rv->rounds = calloc((size_t)(log->n_rounds ? log->n_rounds : 1), sizeof *rv->rounds);
    builder b = { .rv = rv, .o = o, .ctx = ctx, .ev = ev };
    rc = rv->rounds ? presize(&b) : TK_ENOMEM;
    for (int i = 0; i < log->n_rounds && rc == 0; i++)
        rc = review_round(&b, i);
    if (rc) {
        mj_review_free(rv);
        return tk_error_set(err, rc, 0, 0, "out of memory");
    }
    totals(rv);
    *out = rv;
    return 0;
}

void mj_review_free(mj_review *rv)
{
    if (!rv)
        return;
    free(rv->records);
    free(rv->rounds);
    free(rv->discards);
    free(rv->wins);
    free(rv->issues);
    free(rv);
}

const mj_review_discard *mj_review_discard_of(const mj_review *rv, const mj_review_record *rec)
{
    return rec->kind == MJ_RV_DISCARD ? &rv->discards[rec->index] : NULL;
}

const mj_review_win *mj_review_win_of(const mj_review *rv, const mj_review_record *rec)
{
    return rec->kind == MJ_RV_WIN ? &rv->wins[rec->index] : NULL;
}

const mj_review_issue *mj_review_issue_of(const mj_review *rv, const mj_review_record *rec)
{
    return rec->kind == MJ_RV_INCONSISTENT ? &rv->issues[rec->index] : NULL;
}
