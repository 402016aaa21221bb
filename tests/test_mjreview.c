/* test_mjreview.c - the review of real games as library records
 * (mjreview.h), checked against independent recomputation.
 *
 * - A plain replayer here (counts per seat, melds, visible tiles, red
 *   fives; it shares no code with src/mahjong) follows every event of the
 *   log; at each discard record the review's hand, unseen counts, the
 *   shanten of every option (tests/support's brute-force shanten), the
 *   ukeire of the options it works out (the unseen copies of every tile
 *   whose draw lowers the brute-force shanten), the best play, the tiles
 *   as good, the rank and the losses must be what the replayer and the
 *   oracle say.  Every discard of the seats reviewed has its record, and
 *   nothing else does.
 * - On the hand-written test game (both formats) and on random games of
 *   tests/support/mjlog_gen (calls, kans, riichi: every discard checked).
 * - Wins: the hand is the replayer's plus the winning tile; the value
 *   equals the plain scorer of tests/support/mjscore_oracle and the values
 *   the test game's log states (worked out by hand).
 * - Summaries are the sums of the records; --player by seat and by name
 *   gives the same records for that seat; an unknown name is an error.
 * - EV: each discard's values equal mj_ev_solve on a line written here
 *   (hand, winds, dora indicators and seen tiles from the replayer) and
 *   read by mj_ev_parse_line, at the player's own turn. */
#include "support/harness.h"
#include "support/mjlog_gen.h"
#include "support/mjscore_oracle.h"
#include "support/mjshanten_oracle.h"
#include "tilekit/mjreview.h"

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


static mj_review *review(const mj_log *log, const mj_review_options *o, mj_ev *ev)
{
    mj_review *rv = NULL;
    tk_error err = { 0 };
    int rc = mj_review_log(log, o, ctx(), ev, &rv, &err);
    CHECKF(rc == 0, "review: %s", err.msg);
    return rv;
}

/* ---- the plain replayer ---- */

typedef struct plain {
    uint8_t cnt[4][34];     /* closed counts */
    int red[4][3];          /* closed red fives */
    int melds[4];
    uint8_t meldt[4][34];   /* tiles in each seat's melds */
    int meld_red[4][3];
    int vis[34];            /* every discard, meld tile not from a discard, indicator */
    int vis_red[3];
    int dora[10], dora_red[10], n_dora;
    int n_disc[4];
    int last_draw[4];
} plain;

static int is_five(int t) { return t < 27 && t % 9 == 4; }

static void plain_start(plain *p, const mj_log_round *rd)
{
    memset(p, 0, sizeof *p);
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 13; i++) {
            p->cnt[s][rd->deal[s][i]]++;
            if (rd->deal_red[s] >> i & 1)
                p->red[s][rd->deal[s][i] / 9] = 1;
        }
    p->dora[0] = rd->dora0;
    p->dora_red[0] = rd->dora0_red;
    p->n_dora = 1;
    p->vis[rd->dora0]++;
    if (rd->dora0_red)
        p->vis_red[rd->dora0 / 9] = 1;
}

static void plain_call(plain *p, const mj_log_event *e)
{
    int s = e->seat;
    for (int i = 0; i < e->n_own; i++) {
        int t = e->own[i], r = e->own_red >> i & 1;
        p->cnt[s][t]--;
        p->meldt[s][t]++;
        p->vis[t]++;
        if (r) {
            p->red[s][t / 9] = 0;
            p->meld_red[s][t / 9] = 1;
            p->vis_red[t / 9] = 1;
        }
    }
    p->meldt[s][e->tile]++;   /* the tile called (already visible as a discard) */
    if (e->red)
        p->meld_red[s][e->tile / 9] = 1;
    p->melds[s]++;
}

static void plain_step(plain *p, const mj_log_event *e)
{
    int s = e->seat, t = e->tile;
    switch (e->kind) {
    case MJ_EV_DRAW:
        p->cnt[s][t]++;
        if (e->red) p->red[s][t / 9] = 1;
        break;
    case MJ_EV_DISCARD:
        p->cnt[s][t]--;
        p->vis[t]++;
        p->n_disc[s]++;
        if (e->red) { p->red[s][t / 9] = 0; p->vis_red[t / 9] = 1; }
        break;
    case MJ_EV_CHI: case MJ_EV_PON: case MJ_EV_DAIMINKAN:
        plain_call(p, e);
        break;
    case MJ_EV_KAKAN:
        p->cnt[s][t]--;
        p->meldt[s][t]++;
        p->vis[t]++;
        if (e->red) { p->red[s][t / 9] = 0; p->meld_red[s][t / 9] = 1; p->vis_red[t / 9] = 1; }
        break;
    case MJ_EV_ANKAN:
        p->cnt[s][t] -= 4;
        p->meldt[s][t] += 4;
        p->vis[t] += 4;
        p->melds[s]++;
        if (is_five(t) && p->red[s][t / 9]) {
            p->red[s][t / 9] = 0;
            p->meld_red[s][t / 9] = 1;
            p->vis_red[t / 9] = 1;
        }
        break;
    case MJ_EV_DORA:
        p->dora[p->n_dora] = t;
        p->dora_red[p->n_dora++] = e->red;
        p->vis[t]++;
        if (e->red) p->vis_red[t / 9] = 1;
        break;
    default:
        break;
    }
}

/* ---- a discard checked ---- */

/* The brute-force shanten, remembered: the test game is checked in both
 * formats, for one seat and with the EV, so its hands come back (the
 * table only saves time: a slot holds one hand, a clash recomputes). */
#define MEMO_BITS 16
static struct memo { uint64_t a, b; int8_t sh, used; } MEMO[1 << MEMO_BITS];

static int shanten_of(const uint8_t *c, int k)
{
    uint64_t a = (uint64_t)k, b = 0;
    for (int t = 0; t < 20; t++)
        a = a << 3 | c[t];
    for (int t = 20; t < 34; t++)
        b = b << 3 | c[t];
    uint64_t h = (a * 0x9E3779B97F4A7C15ull ^ b) * 0xC2B2AE3D27D4EB4Full;
    struct memo *m = &MEMO[h >> (64 - MEMO_BITS)];
    if (!m->used || m->a != a || m->b != b) {
        m->a = a;
        m->b = b;
        m->sh = (int8_t)oracle_shanten(c, k);
        m->used = 1;
    }
    return m->sh;
}

/* Ukeire of the 13 - 3k closed tiles c (shanten sh): unseen copies of each
 * tile the player could still draw whose draw lowers the shanten. */
static int plain_ukeire(uint8_t *c, const uint8_t *meldt, int k, int sh, const int *unseen, uint64_t *acc)
{
    int total = 0;
    *acc = 0;
    for (int x = 0; x < 34; x++) {
        if (c[x] + meldt[x] >= 4)   /* the player holds every copy */
            continue;
        c[x]++;
        if (shanten_of(c, k) < sh) {
            total += unseen[x];
            *acc |= (uint64_t)1 << x;
        }
        c[x]--;
    }
    return total;
}

static long n_checked;

static void check_discard(const plain *p, const mj_log_event *e, const mj_review_discard *d, const char *where)
{
    int s = e->seat, k = p->melds[s], forced = d->riichi;
    int unseen[34], sh[34], uk[34];
    uint64_t acc[34];
    CHECKF(d->seat == s && d->tile == e->tile && d->red == (e->red != 0) && d->index == p->n_disc[s], "%s", where);
    CHECKF(memcmp(d->hand.count, p->cnt[s], 34) == 0 && d->hand.n_melds == k, "%s: the hand", where);
    for (int t = 0; t < 34; t++) {
        int u = 4 - p->cnt[s][t] - p->vis[t];
        unseen[t] = u > 0 ? u : 0;
        CHECKF(d->unseen[t] == unseen[t], "%s: unseen %d: %d, expected %d", where, t, d->unseen[t], unseen[t]);
    }
    uint8_t c[34];
    memcpy(c, p->cnt[s], 34);
    int best_sh = 99;
    for (int t = 0; t < 34; t++) {
        sh[t] = 99;
        if (c[t] && (!forced || t == e->tile)) {
            c[t]--;
            sh[t] = shanten_of(c, k);
            c[t]++;
        }
        CHECKF(d->shanten[t] == sh[t], "%s: option %d: shanten %d, expected %d", where, t, d->shanten[t], sh[t]);
        if (sh[t] < best_sh)
            best_sh = sh[t];
    }
    int best_uk = -1, play = e->tile;
    for (int t = 0; t < 34; t++) {
        uk[t] = -1;
        acc[t] = 0;
        if (sh[t] == 99 || (sh[t] != best_sh && sh[t] != sh[play]))
            continue;
        c[t]--;
        uk[t] = plain_ukeire(c, p->meldt[s], k, sh[t], unseen, &acc[t]);
        c[t]++;
        CHECKF(d->ukeire[t] == uk[t], "%s: option %d: ukeire %d, expected %d", where, t, d->ukeire[t], uk[t]);
        if (sh[t] == best_sh && uk[t] > best_uk)
            best_uk = uk[t];
    }
    uint64_t best_tiles = 0;
    int rank = 1;
    for (int t = 0; t < 34; t++) {
        if (sh[t] == best_sh && uk[t] == best_uk)
            best_tiles |= (uint64_t)1 << t;
        rank += sh[t] < sh[play] || (sh[t] == sh[play] && uk[t] > uk[play]);
    }
    int is_best = best_tiles >> play & 1;
    CHECKF(d->play_shanten == sh[play] && d->play_ukeire == uk[play] && d->play_accept == acc[play], "%s", where);
    CHECKF(d->best_shanten == best_sh && d->best_ukeire == best_uk && d->best_tiles == best_tiles, "%s: best", where);
    CHECKF(d->is_best == is_best && d->rank == rank, "%s: rank %d, expected %d", where, d->rank, rank);
    CHECKF(is_best ? d->best_tile == play : (best_tiles >> d->best_tile & 1), "%s: best tile", where);
    CHECKF(d->best_accept == acc[d->best_tile], "%s: best accept", where);
    CHECKF(d->shanten_lost == sh[play] - best_sh &&
           d->ukeire_lost == (sh[play] > best_sh ? best_uk : best_uk - uk[play]), "%s: losses", where);
    n_checked++;
}

/* A win: the replayer's hand plus the winning tile, scored as the oracle does. */
static void check_win(const plain *p, const mj_log_round *rd, const mj_log_event *e, const mj_review_win *w,
                      const char *where)
{
    uint8_t c[34];
    memcpy(c, p->cnt[e->seat], 34);
    if (e->from != e->seat)
        c[w->ctx.win]++;
    CHECKF(memcmp(c, w->hand.count, 34) == 0, "%s: the winning hand", where);
    CHECKF(w->log == &rd->wins[e->detail], "%s", where);
    REQUIRE(w->status == MJ_SCORE_OK);
    oracle_result o;
    oracle_score(&w->hand, &w->ctx, &o);
    int pts = o.main + (e->from == e->seat ? 2 * o.additional : 0);
    CHECKF(o.status == 0 && o.han == w->score.han && o.fu == w->score.fu && pts == w->points, "%s: %d han %d fu %d "
           "vs oracle %d han %d fu %d", where, w->score.han, w->score.fu, w->points, o.han, o.fu, pts);
    CHECKF(w->match_han == (w->log->han == o.han) && w->match_points == (w->log->points == pts), "%s", where);
    CHECKF(w->match == (w->match_han && w->match_points && w->match_fu && w->match_yaku), "%s: match", where);
}

/* Walk a review's records beside the plain replay of every round. */
static void check_review(const mj_log *log, const mj_review *rv, const char *name)
{
    int at = 0;
    for (int i = 0; i < log->n_rounds; i++) {
        const mj_log_round *rd = &log->rounds[i];
        plain p;
        plain_start(&p, rd);
        CHECKF(rv->rounds[i].first == at, "%s round %d: first record", name, i);
        for (int k = 0; k < rd->n_events; k++) {
            const mj_log_event *e = &rd->events[k];
            char where[80];
            snprintf(where, sizeof where, "%s round %d event %d", name, i, k);
            int want = e->kind == MJ_EV_WIN || e->kind == MJ_EV_RYUUKYOKU ||
                       (e->kind != MJ_EV_DRAW && e->kind != MJ_EV_DORA && rv->wanted[e->seat]);
            const mj_review_record *rec = at < rv->n_records ? &rv->records[at] : NULL;
            if (want) {
                REQUIRE(rec && rec->round == i && rec->event == k && rec->ev == e);
                at++;
            }
            if (want && e->kind == MJ_EV_DISCARD)
                check_discard(&p, e, mj_review_discard_of(rv, rec), where);
            if (want && e->kind == MJ_EV_WIN)
                check_win(&p, rd, e, mj_review_win_of(rv, rec), where);
            plain_step(&p, e);
        }
        CHECKF(rv->rounds[i].n == at - rv->rounds[i].first, "%s round %d: records", name, i);
    }
    CHECKF(at == rv->n_records, "%s: %d records, %d expected", name, rv->n_records, at);
}

/* The summaries are the sums of the records. */
static void check_summaries(const mj_review *rv)
{
    mj_review_player t[4];
    mj_review_game g;
    memset(t, 0, sizeof t);
    memset(&g, 0, sizeof g);
    for (int i = 0; i < rv->n_discards; i++) {
        const mj_review_discard *d = &rv->discards[i];
        t[d->seat].discards++;
        t[d->seat].best += d->is_best;
        t[d->seat].forced += d->riichi;
        t[d->seat].ukeire_lost += d->ukeire_lost;
        t[d->seat].shanten_lost += d->shanten_lost;
        g.discards++;
        g.best += d->is_best;
        g.ukeire_lost += d->ukeire_lost;
    }
    for (int i = 0; i < rv->n_wins; i++) {
        const mj_review_win *w = &rv->wins[i];
        g.wins++;
        g.wins_matching += w->match;
        if (!rv->wanted[w->seat])
            continue;
        t[w->seat].wins++;
        t[w->seat].win_points += w->log->points;
        t[w->seat].wins_differing += !w->match;
    }
    for (int s = 0; s < 4; s++) {
        const mj_review_player *a = &rv->players[s];
        CHECKF(a->discards == t[s].discards && a->best == t[s].best && a->forced == t[s].forced &&
               a->ukeire_lost == t[s].ukeire_lost && a->shanten_lost == t[s].shanten_lost &&
               a->wins == t[s].wins && a->win_points == t[s].win_points && a->wins_differing == t[s].wins_differing,
               "seat %d summary", s);
    }
    CHECK(rv->game.discards == g.discards && rv->game.best == g.best && rv->game.ukeire_lost == g.ukeire_lost &&
          rv->game.wins == g.wins && rv->game.wins_matching == g.wins_matching);
}

/* ---- the test game ---- */

static void game(const char *rel)
{
    mj_log *log = mjlog_load(rel);
    REQUIRE(log);
    mj_review_options o;
    mj_review_options_init(&o);
    mj_review *rv = review(log, &o, NULL);
    REQUIRE(rv);
    n_checked = 0;
    check_review(log, rv, rel);
    check_summaries(rv);
    CHECKF(n_checked == 87 && rv->n_discards == 87, "%ld discards checked", n_checked);
    /* the log's values were worked out by hand: every win agrees */
    CHECK(rv->n_wins == 4 && rv->game.wins_matching == 4);
    for (int i = 0; i < rv->n_wins; i++)
        CHECK(rv->wins[i].match && rv->wins[i].wanted);
    /* seat 0's first discard (7z, in riichi next) keeps tenpai on 2m-5m:
     * 2m 3 (one held), 5m 4 */
    const mj_review_discard *d = &rv->discards[0];
    CHECK(d->seat == 0 && d->tile == 33 && d->play_shanten == 0 && d->play_ukeire == 7 && d->is_best);
    CHECK(d->play_accept == ((uint64_t)1 << 1 | (uint64_t)1 << 4));
    CHECK(rv->game.best == 80 && rv->game.ukeire_lost == 77);
    mj_review_free(rv);
    mj_log_free(log);
}

static void test_game_xml(void) { game("tests/data/mjlog/game.mjlog"); }
static void test_game_json(void) { game("tests/data/mjlog/game.json"); }

/* ---- random games ---- */

/* The brute-force shanten takes about 20 ms a discard (every option and
 * the draws after it): 4 rounds here (1 under the sanitizers), 100 with
 * TK_LONG=1. */
static void test_random_games(void)
{
    const char *lg = getenv("TK_LONG");
    int games = lg && strcmp(lg, "1") == 0 ? 50 : th_sanitized() ? 1 : 2;
    mjlog_gen g;
    int wall[136];
    mjlog_gen_start(&g, 0x7265766965770001ull, wall);
    long discards = 0, forced = 0, melded = 0;
    n_checked = 0;
    for (int n = 0; n < games && !th_checks_failed_in_test(); n++) {
        g.len = 0;
        g.n_snaps = 0;
        mjlog_gen_out(&g, "<mjloggm ver=\"2.3\"><GO type=\"169\"/><UN n0=\"a\" n1=\"b\" n2=\"c\" n3=\"d\"/>");
        for (int r = 0; r < 2 - th_sanitized(); r++)
            mjlog_gen_round(&g, (n + r) % 8, wall);
        mjlog_gen_out(&g, "</mjloggm>");
        mj_log *log = NULL;
        tk_error err = { 0 };
        REQUIRE(mj_log_parse(g.buf, g.len, &log, &err) == 0);
        mj_review_options o;
        mj_review_options_init(&o);
        mj_review *rv = review(log, &o, NULL);
        REQUIRE(rv);
        char name[32];
        snprintf(name, sizeof name, "game %d", n);
        check_review(log, rv, name);
        check_summaries(rv);
        discards += rv->n_discards;
        for (int i = 0; i < rv->n_discards; i++) {
            forced += rv->discards[i].riichi;
            melded += rv->discards[i].hand.n_melds > 0;
        }
        mj_review_free(rv);
        mj_log_free(log);
    }
    CHECKF(n_checked == discards && discards > 50 * games, "%ld of %ld discards checked", n_checked, discards);
    CHECKF(forced > 0 && melded > 0, "%ld in riichi, %ld with melds", forced, melded);
    mjlog_gen_free(&g);
}

/* ---- one player ---- */

static int same_discard(const mj_review_discard *a, const mj_review_discard *b)
{
    return a->seat == b->seat && a->index == b->index && a->tile == b->tile && a->rank == b->rank &&
           memcmp(a->shanten, b->shanten, sizeof a->shanten) == 0 &&
           memcmp(a->ukeire, b->ukeire, sizeof a->ukeire) == 0 && a->best_tile == b->best_tile;
}

static void test_player(void)
{
    mj_log *log = mjlog_load("tests/data/mjlog/game.mjlog");
    REQUIRE(log);
    mj_review_options o;
    mj_review_options_init(&o);
    mj_review *all = review(log, &o, NULL);
    o.seat = 2;
    mj_review *two = review(log, &o, NULL);
    o.name = "\xE6\x9D\xB1";   /* seat 3 */
    mj_review *three = review(log, &o, NULL);
    REQUIRE(all && two && three);
    check_review(log, two, "seat 2");
    check_review(log, three, "seat 3");
    CHECK(two->wanted[2] && !two->wanted[0] && !two->wanted[1] && !two->wanted[3]);
    CHECK(three->wanted[3] && !three->wanted[2]);
    int k = 0;
    for (int i = 0; i < all->n_discards; i++)
        if (all->discards[i].seat == 2) {
            CHECK(k < two->n_discards && same_discard(&all->discards[i], &two->discards[k]));
            k++;
        }
    CHECK(k == two->n_discards && k > 0);
    CHECK(two->players[2].discards == all->players[2].discards && two->players[0].discards == 0);
    CHECK(two->game.wins == 4);   /* every win is scored, whoever won */
    o.name = "Nobody";
    mj_review *none = NULL;
    tk_error err = { 0 };
    CHECK(mj_review_log(log, &o, ctx(), NULL, &none, &err) == TK_EINVAL && none == NULL);
    CHECK(strstr(err.msg, "no player named 'Nobody'") != NULL);
    mj_review_free(all);
    mj_review_free(two);
    mj_review_free(three);
    mj_log_free(log);
}

/* ---- EV ---- */

static void put_tiles(char *b, size_t cap, const int *cnt, const int *red)
{
    size_t n = strlen(b);
    for (int su = 0; su < 4; su++) {
        int any = 0;
        for (int t = su * 9; t < su * 9 + (su < 3 ? 9 : 7); t++)
            for (int c = 0; c < cnt[t]; c++) {
                int r = red && is_five(t) && c == 0 && red[su];
                n += (size_t)snprintf(b + n, cap - n, "%d", r ? 0 : t % 9 + 1);
                any = 1;
            }
        if (any)
            n += (size_t)snprintf(b + n, cap - n, "%c", "mpsz"[su]);
    }
}

/* The line mjwait --ev would take for this discard, from the replayer. */
static void ev_line(const plain *p, const mj_log_round *rd, const mj_review_discard *d, char *b, size_t cap)
{
    char ht[MJ_HAND_TEXT];
    int s = d->seat, seen[34], seen_red[3];
    mj_hand_format(&d->hand, ht, sizeof ht);
    for (int t = 0; t < 34; t++)
        seen[t] = p->vis[t] - p->meldt[s][t];
    for (int i = 0; i < p->n_dora; i++)
        seen[p->dora[i]]--;
    for (int k = 0; k < 3; k++) {
        seen_red[k] = p->vis_red[k] && !p->meld_red[s][k];
        for (int i = 0; i < p->n_dora; i++)
            seen_red[k] &= !(p->dora_red[i] && p->dora[i] / 9 == k);
    }
    snprintf(b, cap, "%s round:%c seat:%c turn:%d dora:", ht, "ESWN"[(rd->kyoku / 4) & 3],
             "ESWN"[(s - rd->dealer + 4) & 3], d->index + 1);
    int dc[34] = { 0 }, dr[3] = { 0 };
    for (int i = 0; i < p->n_dora; i++) {
        dc[p->dora[i]]++;
        if (p->dora_red[i])
            dr[p->dora[i] / 9] = 1;
    }
    put_tiles(b, cap, dc, dr);
    strncat(b, " seen:", cap - strlen(b) - 1);
    put_tiles(b, cap, seen, seen_red);
}

static void test_ev(void)
{
    mj_log *log = mjlog_load("tests/data/mjlog/game.mjlog");
    REQUIRE(log);
    mj_ev *ev = NULL;
    tk_error err = { 0 };
    REQUIRE(mj_ev_create(&ev, &err) == 0);
    mj_review_options o;
    mj_review_options_init(&o);
    o.ev = 1;
    o.ev_cfg.t_max = 8;   /* the early discards, quickly */
    mj_review *rv = review(log, &o, ev);
    REQUIRE(rv);
    check_review(log, rv, "ev");
    int ok = 0, none = 0, off = 0, at = 0;
    for (int i = 0; i < log->n_rounds; i++) {
        const mj_log_round *rd = &log->rounds[i];
        plain p;
        plain_start(&p, rd);
        for (int k = 0; k < rd->n_events; k++) {
            const mj_log_event *e = &rd->events[k];
            const mj_review_record *rec = at < rv->n_records ? &rv->records[at] : NULL;
            const mj_review_discard *d = rec && rec->round == i && rec->event == k ? mj_review_discard_of(rv, rec) : NULL;
            at += rec && rec->round == i && rec->event == k;
            if (d && d->ev.status == MJ_RV_EV_OK) {
                char line[400];
                ev_line(&p, rd, d, line, sizeof line);
                mj_hand h;
                mj_winctx w;
                mj_ev_config c = o.ev_cfg;
                mj_ev_result res;
                mj_winctx_init(&w);
                w.rules = log->rules;
                REQUIRE(mj_ev_parse_line(line, strlen(line), &h, &w, &c, &err) == 0);
                REQUIRE(mj_ev_solve(ev, ctx(), &h, &w, &c, &res, &err) == 0);
                CHECKF(res.n_discards == d->ev.n && d->ev.turn == d->index + 1, "%s", line);
                for (int x = 0; x < res.n_discards && x < d->ev.n; x++)
                    CHECKF(res.discards[x].kind == d->ev.opt[x].kind && res.discards[x].score[0] == d->ev.opt[x].score &&
                           res.discards[x].win[0] == d->ev.opt[x].win, "%s: option %d", line, x);
                int kind = e->red ? MJ_TILES + e->tile / 9 : e->tile;
                CHECKF(d->ev.play >= 0 ? d->ev.opt[d->ev.play].kind == kind : 1, "%s", line);
                for (int x = 0; x < d->ev.n; x++)
                    CHECK(d->ev.opt[x].score <= d->ev.opt[d->ev.best].score);
                ok++;
            } else if (d) {
                none += d->ev.status == MJ_RV_EV_NONE;
                off += d->ev.status == MJ_RV_EV_OFF;
                CHECKF((d->ev.status == MJ_RV_EV_OFF) == d->riichi, "EV off without riichi");
                CHECK(d->ev.status != MJ_RV_EV_NONE || d->ev.msg[0]);
            }
            plain_step(&p, e);
        }
    }
    CHECKF(ok >= 10 && none > 0, "%d discards with an EV, %d without, %d in riichi", ok, none, off);
    CHECK(rv->game.ev_discards > 0 && rv->game.ev_lost >= 0);
    mj_review_free(rv);
    mj_ev_destroy(ev);
    mj_log_free(log);
}

/* ---- events that do not fit the log ---- */

static mj_log *load_text(const char *text, size_t len, unsigned flags, tk_error *err)
{
    mj_log *log = NULL;
    if (mj_log_parse_ex(text, len, flags, &log, err) != 0)
        return NULL;
    return log;
}

/* Records a and b are the same verdicts (payloads compared field by field
 * where they hold pointers). */
static int same_record(const mj_review *ra, const mj_review_record *a, const mj_review *rb, const mj_review_record *b)
{
    if (a->kind != b->kind || a->round != b->round || a->event != b->event || a->ev->kind != b->ev->kind ||
        a->ev->seat != b->ev->seat || a->ev->tile != b->ev->tile)
        return 0;
    const mj_review_discard *da = mj_review_discard_of(ra, a), *db = mj_review_discard_of(rb, b);
    if (da)
        return memcmp(da, db, sizeof *da) == 0;
    const mj_review_win *wa = mj_review_win_of(ra, a), *wb = mj_review_win_of(rb, b);
    if (wa)
        return wa->status == wb->status && wa->points == wb->points && wa->match == wb->match &&
               memcmp(&wa->hand, &wb->hand, sizeof wa->hand) == 0 && wa->score.han == wb->score.han;
    return 1;
}

/* tests/data/mjlog/game-hai13.mjlog is game.mjlog with the winning tile
 * taken out of every win's hai= (as a converter from another site writes
 * them): refused by mj_log_parse; kept with MJ_LOG_KEEP_INCONSISTENT, each
 * win is an inconsistent record at its place and every other record is
 * the intact game's. */
static void test_hai_without_winning_tile(void)
{
    size_t len;
    char *text = th_read_file(th_top_path("tests/data/mjlog/game-hai13.mjlog"), &len);
    REQUIRE(text);
    tk_error err = { 0 };
    CHECK(load_text(text, len, 0, &err) == NULL && strstr(err.msg, "round 0, event 14 (win): the winning hand (hai=)"));
    CHECK(err.line == 15 && err.col == 1);
    mj_log *bad = load_text(text, len, MJ_LOG_KEEP_INCONSISTENT, &err), *good = mjlog_load("tests/data/mjlog/game.mjlog");
    free(text);
    REQUIRE(bad && good);
    CHECK(bad->n_issues == 4);
    mj_review_options o;
    mj_review_options_init(&o);
    mj_review *rb = review(bad, &o, NULL), *rg = review(good, &o, NULL);
    REQUIRE(rb && rg);
    REQUIRE(rb->n_records == rg->n_records);
    int issues = 0;
    for (int i = 0; i < rg->n_records; i++) {
        const mj_review_record *a = &rg->records[i], *b = &rb->records[i];
        if (a->kind == MJ_RV_WIN) {
            const mj_review_issue *x = mj_review_issue_of(rb, b);
            REQUIRE(x && b->round == a->round && b->event == a->event);
            CHECK(!x->fatal && x->skipped == 0 && x->seat == a->ev->seat && x->line > 0);
            CHECK(strstr(x->msg, "(win): the winning hand (hai=) is not the hand replayed") != NULL);
            issues++;
        } else {
            CHECKF(same_record(rg, a, rb, b), "record %d (%d: round %d event %d)", i, a->kind, a->round, a->event);
        }
    }
    CHECK(issues == 4 && rb->game.inconsistent == 4 && rb->n_wins == 0);
    CHECK(rb->game.discards == rg->game.discards && rb->game.best == rg->game.best &&
          rb->game.ukeire_lost == rg->game.ukeire_lost);
    for (int s = 0; s < 4; s++)
        CHECK(rb->players[s].discards == rg->players[s].discards && rb->players[s].wins == 0);
    mj_review_free(rb);
    mj_review_free(rg);
    mj_log_free(bad);
    mj_log_free(good);
}

/* A discard the replay cannot apply: the round's records stop there with
 * a fatal record, the other rounds are the intact game's. */
static void test_broken_round(void)
{
    size_t len;
    char *text = th_read_file(th_top_path("tests/data/mjlog/game.mjlog"), &len);
    REQUIRE(text);
    char *at = strstr(text, "<T10/><D10/>");
    REQUIRE(at);
    memcpy(at, "<T10/><D12/>", 12);   /* 3m drawn, a 4m discarded: not in the hand */
    tk_error err = { 0 };
    mj_log *bad = load_text(text, len, MJ_LOG_KEEP_INCONSISTENT, &err), *good = mjlog_load("tests/data/mjlog/game.mjlog");
    free(text);
    REQUIRE(bad && good);
    REQUIRE(bad->n_issues == 1 && bad->issues[0].fatal);
    mj_review_options o;
    mj_review_options_init(&o);
    mj_review *rb = review(bad, &o, NULL), *rg = review(good, &o, NULL);
    REQUIRE(rb && rg);
    int r = bad->issues[0].round, ev = bad->issues[0].event, k = 0;
    for (int i = 0; i < rg->n_records; i++) {
        const mj_review_record *a = &rg->records[i];
        if (a->round == r && a->event > ev)
            continue;
        REQUIRE(k < rb->n_records);
        const mj_review_record *b = &rb->records[k++];
        if (a->round == r && a->event == ev) {
            const mj_review_issue *x = mj_review_issue_of(rb, b);
            REQUIRE(x);
            CHECK(x->fatal && x->skipped == bad->rounds[r].n_events - ev - 1 && x->line > 0);
            CHECK(strstr(x->msg, "(discard): the hand does not hold the 4m") != NULL);
        } else {
            CHECKF(same_record(rg, a, rb, b), "record %d", i);
        }
    }
    CHECK(k == rb->n_records && rb->game.inconsistent == 1 && rb->rounds[r].inconsistent == 1);
    mj_review_free(rb);
    mj_review_free(rg);
    mj_log_free(bad);
    mj_log_free(good);
}

static void test_args(void)
{
    mj_log *log = mjlog_load("tests/data/mjlog/game.json");
    REQUIRE(log);
    mj_review_options o;
    mj_review_options_init(&o);
    mj_review *rv = NULL;
    tk_error err = { 0 };
    CHECK(mj_review_log(NULL, &o, ctx(), NULL, &rv, &err) == TK_EINVAL && !rv);
    CHECK(mj_review_log(log, &o, NULL, NULL, &rv, &err) == TK_EINVAL && !rv);
    o.ev = 1;
    CHECK(mj_review_log(log, &o, ctx(), NULL, &rv, &err) == TK_EINVAL && !rv);
    o.ev = 0;
    o.seat = 4;
    CHECK(mj_review_log(log, &o, ctx(), NULL, &rv, &err) == TK_EINVAL && !rv);
    mj_review_free(NULL);
    mj_log_free(log);
}

static void cleanup(void)
{
    mj_ctx_destroy(CTX);
    CTX = NULL;
}

static const th_test tests[] = {
    { "game_xml", test_game_xml },
    { "game_json", test_game_json },
    { "random_games", test_random_games },
    { "player", test_player },
    { "ev", test_ev },
    { "hai_without_winning_tile", test_hai_without_winning_tile },
    { "broken_round", test_broken_round },
    { "args", test_args },
    { "cleanup", cleanup },
    { 0, 0 }
};

int main(int argc, char **argv)
{
    return th_main("mjreview", tests, argc, argv);
}
