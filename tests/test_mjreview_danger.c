/* test_mjreview_danger.c - defence in the log review (mjreview.h): the
 * danger of the discards made under threat, the safest option, and the
 * deal-ins, checked against the library's danger called directly and
 * against a plain tracker of the events.
 *
 * - tests/data/mjlog/threat.mjlog (hand-written): seat 1 discards 9p,
 *   then declares riichi on 2z; seat 2, holding 9p and 2z (genbutsu),
 *   discards 5p and deals in for 8300 (mangan and a honba: the log's score changes).
 *   The record says: threatened by seat 1 in riichi, 5p's danger above 0,
 *   the safest a genbutsu at 0, and the deal-in to seat 1 for 8300.
 * - Every discard of that game, of the hand-written test game (both
 *   formats) and of random games (tests/support/mjlog_gen: riichi, calls,
 *   kans): the threats are the seats a plain tracker of the events finds
 *   in riichi or with two open melds or more; the danger of every tile
 *   against each equals mj_danger_at called directly on a replay stopped
 *   at the discard; every tile in a threat's river is 0; the combination
 *   is the one worked out here; no option is safer than the safest.
 * - Deal-ins: a discard has one exactly when the next events (past dora
 *   indicators) are wins by ron on it, for the score changes of the log;
 *   the test game's two were worked out by hand (5800; a double ron of
 *   3200 + 1600).  Summaries are the sums of the records. */
#include "support/harness.h"
#include "support/mjlog_gen.h"
#include "tilekit/mjreview.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static mj_ctx *CTX;

static mj_ctx *ctx(void)
{
    if (!CTX) {
        tk_error err = { 0 };
        if (mj_ctx_create(&CTX, &err) != 0)
            abort();
    }
    return CTX;
}

static mj_review *review(const mj_log *log)
{
    mj_review_options o;
    mj_review_options_init(&o);
    mj_review *rv = NULL;
    tk_error err = { 0 };
    int rc = mj_review_log(log, &o, ctx(), NULL, &rv, &err);
    CHECKF(rc == 0, "review: %s", err.msg);
    return rv;
}

/* ---- the plain tracker: rivers, riichi, open melds ---- */

typedef struct tracker {
    uint64_t river[4];     /* tiles each seat discarded (called or not) */
    int riichi[4];
    int open[4];           /* chi, pon, open kan */
} tracker;

static void track(tracker *t, const mj_log_event *e)
{
    switch (e->kind) {
    case MJ_EV_DISCARD: t->river[e->seat] |= (uint64_t)1 << e->tile; break;
    case MJ_EV_RIICHI: t->riichi[e->seat] = 1; break;
    case MJ_EV_CHI: case MJ_EV_PON: case MJ_EV_DAIMINKAN: t->open[e->seat]++; break;
    default: break;
    }
}

static unsigned threats_of(const tracker *t, int me)
{
    unsigned m = 0;
    for (int s = 0; s < 4; s++)
        if (s != me && (t->riichi[s] || t->open[s] >= 2))
            m |= 1u << s;
    return m;
}

/* ---- one discard checked ---- */

static long n_threatened, n_discards;

static void check_danger(const tracker *tr, const mj_replay *r, const mj_review_discard *d, const char *where)
{
    const mj_review_danger *x = &d->danger;
    unsigned want = threats_of(tr, d->seat);
    CHECKF(x->threats == want, "%s: threats %x, expected %x", where, x->threats, want);
    mj_danger dg[4];
    tk_error err = { 0 };
    int got = mj_danger_at(r, d->seat, NULL, dg, &err);
    CHECKF(got == (int)want, "%s: mj_danger_at %d", where, got);
    n_discards++;
    if (!want || got != (int)want)
        return;
    n_threatened++;
    for (int s = 0; s < 4; s++) {
        if (!(want >> s & 1))
            continue;
        CHECKF(x->kind[s] == dg[s].threat && x->tenpai[s] == dg[s].tenpai && x->value[s] == dg[s].value &&
               x->zero[s] == dg[s].zero, "%s: seat %d's threat", where, s);
        CHECKF(x->kind[s] == (tr->riichi[s] ? MJ_THREAT_RIICHI : MJ_THREAT_OPEN), "%s: kind", where);
        for (int t = 0; t < MJ_TILES; t++) {
            CHECKF(x->deal[s][t] == dg[s].deal[t], "%s: seat %d tile %d: %.17g, mj_danger_at %.17g", where, s, t,
                   x->deal[s][t], dg[s].deal[t]);
            if (tr->river[s] >> t & 1)
                CHECKF(x->deal[s][t] == 0, "%s: genbutsu %d against seat %d is %g", where, t, s, x->deal[s][t]);
        }
    }
    /* the combination, and no option safer than the safest */
    double best_loss = INFINITY, best_any = INFINITY;
    for (int t = 0; t < MJ_TILES; t++) {
        double safe = 1, loss = 0;
        for (int s = 0; s < 4; s++)
            if (want >> s & 1) {
                double p = dg[s].tenpai * dg[s].deal[t];
                safe *= 1 - p;
                loss += p * dg[s].value;
            }
        CHECKF(fabs(x->any[t] - (1 - safe)) < 1e-12 && fabs(x->loss[t] - loss) < 1e-9 * (1 + loss),
               "%s: tile %d combined", where, t);
        if (d->shanten[t] == MJ_RV_NO_SHANTEN)
            continue;
        if (x->loss[t] < best_loss || (x->loss[t] == best_loss && x->any[t] < best_any)) {
            best_loss = x->loss[t];
            best_any = x->any[t];
        }
    }
    int b = x->safest;
    CHECKF(b >= 0 && b < MJ_TILES && d->shanten[b] != MJ_RV_NO_SHANTEN, "%s: the safest is an option", where);
    CHECKF(x->loss[b] == best_loss && x->any[b] == best_any, "%s: safest %d", where, b);
    CHECKF(x->is_safest == (x->loss[d->tile] == best_loss && x->any[d->tile] == best_any), "%s: is_safest", where);
    CHECKF(!x->is_safest || b == d->tile, "%s: the play is shown as the safest", where);
}

/* The wins by ron on the discard at event k: what the record must say. */
static void check_deal_in(const mj_log_round *rd, int k, const mj_review_discard *d, const char *where)
{
    int wins = 0, points = 0;
    unsigned to = 0;
    for (int i = k + 1; i < rd->n_events; i++) {
        const mj_log_event *e = &rd->events[i];
        if (e->kind == MJ_EV_DORA)
            continue;
        if (e->kind != MJ_EV_WIN || e->from != d->seat)
            break;
        wins++;
        to |= 1u << e->seat;
        points -= rd->wins[e->detail].deltas[d->seat];
    }
    CHECKF(d->deal_in.wins == wins && d->deal_in.to == to && d->deal_in.points == points, "%s: deal-in %d %x %d",
           where, d->deal_in.wins, d->deal_in.to, d->deal_in.points);
}

/* Every discard record of rv beside the replay and the tracker. */
static void check_review(const mj_log *log, const mj_review *rv, const char *name)
{
    int at = 0;
    for (int i = 0; i < log->n_rounds; i++) {
        const mj_log_round *rd = &log->rounds[i];
        mj_replay r;
        tracker tr;
        tk_error err = { 0 };
        memset(&tr, 0, sizeof tr);
        REQUIRE(mj_replay_start(&r, log, i, &err) == 0);
        for (int k = 0; k < rd->n_events; k++) {
            const mj_log_event *e = &rd->events[k];
            while (at < rv->n_records && rv->records[at].kind != MJ_RV_DISCARD)
                at++;
            if (e->kind == MJ_EV_DISCARD) {
                char where[80];
                snprintf(where, sizeof where, "%s round %d event %d", name, i, k);
                REQUIRE(at < rv->n_records && rv->records[at].round == i && rv->records[at].event == k);
                const mj_review_discard *d = mj_review_discard_of(rv, &rv->records[at++]);
                check_danger(&tr, &r, d, where);
                check_deal_in(rd, k, d, where);
            }
            track(&tr, e);
            REQUIRE(mj_replay_step(&r, &err) >= 0);
        }
    }
}

/* The defence totals are the sums of the records. */
static void check_summaries(const mj_review *rv)
{
    long t[4][4] = { { 0 } };
    for (int i = 0; i < rv->n_discards; i++) {
        const mj_review_discard *d = &rv->discards[i];
        t[d->seat][0] += d->danger.threats != 0;
        t[d->seat][1] += d->danger.threats && d->danger.is_safest;
        t[d->seat][2] += d->deal_in.wins > 0;
        t[d->seat][3] += d->deal_in.points;
    }
    long g[4] = { 0 };
    for (int s = 0; s < 4; s++) {
        const mj_review_player *p = &rv->players[s];
        CHECKF(p->threatened == t[s][0] && p->safest == t[s][1] && p->deal_ins == t[s][2] &&
               p->deal_in_points == t[s][3], "seat %d", s);
        for (int k = 0; k < 4; k++)
            g[k] += t[s][k];
    }
    CHECK(rv->game.threatened == g[0] && rv->game.safest == g[1] && rv->game.deal_ins == g[2] &&
          rv->game.deal_in_points == g[3]);
    for (int i = 0; i < rv->n_records; i++)   /* no EV: no call is judged */
        CHECK(rv->records[i].kind != MJ_RV_PASS && mj_review_call_of(rv, &rv->records[i]) == NULL);
}

/* ---- the games ---- */

static const mj_review_discard *discard_at(const mj_review *rv, int round, int event)
{
    for (int i = 0; i < rv->n_records; i++)
        if (rv->records[i].round == round && rv->records[i].event == event)
            return mj_review_discard_of(rv, &rv->records[i]);
    return NULL;
}

static void test_genbutsu(void)
{
    mj_log *log = mjlog_load("tests/data/mjlog/threat.mjlog");
    REQUIRE(log);
    mj_review *rv = review(log);
    REQUIRE(rv);
    n_threatened = 0;
    check_review(log, rv, "threat.mjlog");
    check_summaries(rv);
    /* event 14: seat 2 discards 5p (tile 13) into seat 1's riichi on 2p-5p */
    const mj_review_discard *d = discard_at(rv, 0, 14);
    REQUIRE(d && d->seat == 2 && d->tile == 13);
    const mj_review_danger *x = &d->danger;
    CHECK(x->threats == 1u << 1 && x->kind[1] == MJ_THREAT_RIICHI && x->tenpai[1] == 1.0);
    CHECKF(x->deal[1][13] > 0.01, "5p against seat 1: %g", x->deal[1][13]);
    CHECK(!x->is_safest && (x->safest == 17 || x->safest == 28));   /* 9p or 2z: both in seat 1's river */
    CHECK(x->deal[1][17] == 0 && x->deal[1][28] == 0 && x->loss[x->safest] == 0);
    CHECK((x->zero[1] >> 17 & 1) && (x->zero[1] >> 28 & 1));
    CHECK(d->deal_in.wins == 1 && d->deal_in.to == 1u << 1 && d->deal_in.points == 8300 && d->deal_in.value == 8000);
    /* seat 2's first discard and seat 1's own are not under threat */
    const mj_review_discard *first = discard_at(rv, 0, 5);
    REQUIRE(first);
    CHECK(first->seat == 2 && first->danger.threats == 0 && first->deal_in.wins == 0);
    CHECK(rv->players[2].threatened == 1 && rv->players[2].deal_ins == 1 && rv->players[2].deal_in_points == 8300);
    mj_review_free(rv);
    mj_log_free(log);
}

static void test_game(const char *rel)
{
    mj_log *log = mjlog_load(rel);
    REQUIRE(log);
    mj_review *rv = review(log);
    REQUIRE(rv);
    n_threatened = 0;
    check_review(log, rv, rel);
    check_summaries(rv);
    CHECKF(n_threatened >= 4, "%ld discards under threat", n_threatened);
    /* round 0: seat 2's 2m into seat 0's double riichi, 5800 (sc -58) */
    const mj_review_discard *d = discard_at(rv, 0, 12);
    REQUIRE(d);
    CHECK(d->seat == 2 && d->danger.threats == 1u && d->deal_in.to == 1u && d->deal_in.points == 5800);
    /* round 2: a double ron on seat 2's 5z, 3200 + 1600, nobody threatening */
    d = discard_at(rv, 2, 1);
    REQUIRE(d);
    CHECK(d->seat == 2 && d->danger.threats == 0 && d->deal_in.wins == 2 && d->deal_in.to == (1u | 1u << 3));
    CHECK(d->deal_in.points == 4800 && d->deal_in.value == 4800);
    CHECK(rv->game.deal_ins == 2 && rv->game.deal_in_points == 10600);
    mj_review_free(rv);
    mj_log_free(log);
}

static void test_game_xml(void) { test_game("tests/data/mjlog/game.mjlog"); }
static void test_game_json(void) { test_game("tests/data/mjlog/game.json"); }

/* Random games: riichi and calls make threats of both kinds. */
static void test_random_games(void)
{
    const char *lg = getenv("TK_LONG");
    int games = lg && strcmp(lg, "1") == 0 ? 1000 : th_sanitized() ? 20 : 100;
    mjlog_gen g;
    int wall[136];
    mjlog_gen_start(&g, 0x64616e6765720001ull, wall);
    n_threatened = n_discards = 0;
    for (int n = 0; n < games && !th_checks_failed_in_test(); n++) {
        mj_log *log = mjlog_gen_game(&g, n, 2, wall);
        REQUIRE(log);
        mj_review *rv = review(log);
        REQUIRE(rv);
        char name[32];
        snprintf(name, sizeof name, "game %d", n);
        check_review(log, rv, name);
        check_summaries(rv);
        mj_review_free(rv);
        mj_log_free(log);
    }
    CHECKF(n_threatened > 20 * games && n_discards > n_threatened, "%ld of %ld discards under threat", n_threatened,
           n_discards);
    mjlog_gen_free(&g);
}

static void cleanup(void)
{
    mj_ctx_destroy(CTX);
    CTX = NULL;
}

static const th_test tests[] = {
    { "genbutsu", test_genbutsu },
    { "game_xml", test_game_xml },
    { "game_json", test_game_json },
    { "random_games", test_random_games },
    { "cleanup", cleanup },
    { 0, 0 }
};

int main(int argc, char **argv)
{
    return th_main("mjreview_danger", tests, argc, argv);
}
