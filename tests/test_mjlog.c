/* test_mjlog.c - the game-record readers and the replay (mjlog.h).
 *
 * - both formats of the hand-written game (tests/data/mjlog/game.*) give
 *   the same rounds, events and wins;
 * - oracle: thousands of random games written as .mjlog XML by a generator
 *   here that keeps its own hands (plain counts per seat, its own encoding
 *   of the calls' m= numbers); after every event the replay's hands,
 *   melds and visible tiles must equal the generator's.  The generator
 *   shares no code with src/mahjong (it only calls the public parser);
 * - every win of the test game scored by the library equals the log's own
 *   han, fu, points and yaku;
 * - malformed logs: located errors (round, event, line), never a crash
 *   (also every truncation of both files);
 * - gzip-compressed logs read as the plain ones; corrupt ones fail cleanly;
 * - oracle of the tenhou.net/6 reader, which must rebuild the order of play
 *   from each seat's lists (a call may be of a later copy of a tile passed
 *   before): random games parsed from .mjlog XML, written as JSON by a
 *   writer here (tests/support/mjlog_json.c) and parsed again give the same
 *   events and dora indicators. */
#include "support/harness.h"
#include "support/mjlog_gen.h"
#include "support/mjlog_json.h"
#include "tilekit/mjlog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_str(const char *s, tk_error *err)
{
    mj_log *log = NULL;
    int rc = mj_log_parse(s, strlen(s), &log, err);
    mj_log_free(log);
    return rc;
}

/* ---- both formats ---- */

static void test_same_game(void)
{
    mj_log *x = mjlog_load("tests/data/mjlog/game.mjlog"), *j = mjlog_load("tests/data/mjlog/game.json");
    REQUIRE(x && j);
    CHECK(x->format == MJ_LOG_MJLOG && j->format == MJ_LOG_TENHOU6);
    CHECK(x->n_rounds == 6 && j->n_rounds == 6);
    for (int s = 0; s < 4; s++)
        CHECK(strcmp(x->names[s], j->names[s]) == 0);
    CHECK(strcmp(x->names[3], "\xE6\x9D\xB1") == 0);   /* URL-decoded */
    for (int i = 0; i < x->n_rounds && i < j->n_rounds; i++) {
        const mj_log_round *a = &x->rounds[i], *b = &j->rounds[i];
        CHECK(a->kyoku == b->kyoku && a->honba == b->honba && a->dealer == b->dealer);
        CHECK(memcmp(a->deal, b->deal, sizeof a->deal) == 0);
        CHECK(a->dora0 == b->dora0);
        CHECKF(a->n_events == b->n_events, "round %d: %d vs %d events", i, a->n_events, b->n_events);
        for (int k = 0; k < a->n_events && k < b->n_events; k++) {
            const mj_log_event *e = &a->events[k], *f = &b->events[k];
            CHECKF(e->kind == f->kind && e->seat == f->seat && e->tile == f->tile && e->red == f->red &&
                   e->flag == f->flag && e->detail == f->detail && e->n_own == f->n_own,
                   "round %d event %d: %s vs %s", i, k, mj_event_name(e->kind), mj_event_name(f->kind));
            if (e->kind == MJ_EV_CHI || e->kind == MJ_EV_PON || e->kind == MJ_EV_DAIMINKAN || e->kind == MJ_EV_WIN)
                CHECK(e->from == f->from);
        }
        CHECK(a->n_wins == b->n_wins);
        for (int w = 0; w < a->n_wins && w < b->n_wins; w++) {
            const mj_log_win *p = &a->wins[w], *q = &b->wins[w];
            CHECK(p->seat == q->seat && p->from == q->from && p->han == q->han && p->fu == q->fu &&
                  p->points == q->points && p->n_yaku == q->n_yaku);
        }
    }
    /* what the hand-written game holds */
    static const int kinds[6][4] = { { MJ_EV_CHI, MJ_EV_PON, MJ_EV_RIICHI, MJ_EV_WIN },
                                     { MJ_EV_ANKAN, MJ_EV_DAIMINKAN, MJ_EV_KAKAN, MJ_EV_DORA },
                                     { MJ_EV_WIN, MJ_EV_WIN, MJ_EV_DISCARD, MJ_EV_DRAW },
                                     { MJ_EV_RYUUKYOKU, MJ_EV_DRAW, MJ_EV_DRAW, MJ_EV_DRAW },
                                     { MJ_EV_RYUUKYOKU, MJ_EV_DISCARD, MJ_EV_DRAW, MJ_EV_DRAW },
                                     { MJ_EV_RYUUKYOKU, MJ_EV_DISCARD, MJ_EV_DRAW, MJ_EV_DRAW } };
    for (int i = 0; i < 6; i++)
        for (int k = 0; k < 4; k++) {
            int found = 0;
            for (int e = 0; e < x->rounds[i].n_events; e++)
                found |= x->rounds[i].events[e].kind == kinds[i][k];
            CHECKF(found, "round %d has no %s", i, mj_event_name(kinds[i][k]));
        }
    CHECK(x->rounds[2].n_wins == 2);
    CHECK(x->rounds[3].events[x->rounds[3].n_events - 1].detail == MJ_RK_YAO9);
    CHECK(j->rounds[4].events[j->rounds[4].n_events - 1].detail == MJ_RK_KAZE4);
    CHECK(j->rounds[5].events[j->rounds[5].n_events - 1].detail == MJ_RK_EXHAUSTIVE);
    CHECK(x->rounds[5].n_events == 141);   /* 70 draws, 70 discards, the draw */
    mj_log_free(x);
    mj_log_free(j);
}

/* ---- wins scored as the log says ---- */

static int same_yaku(const mj_yaku *a, int na, const mj_yaku *b, int nb)
{
    if (na != nb)
        return 0;
    int used[MJ_MAX_YAKU] = { 0 };
    for (int i = 0; i < na; i++) {
        int ok = 0;
        for (int k = 0; k < nb && !ok; k++)
            if (!used[k] && a[i].id == b[k].id && a[i].han == b[k].han)
                used[k] = ok = 1;
        if (!ok)
            return 0;
    }
    return 1;
}

static void check_wins(const char *rel)
{
    mj_log *log = mjlog_load(rel);
    REQUIRE(log);
    int wins = 0;
    for (int i = 0; i < log->n_rounds; i++) {
        mj_replay r;
        tk_error err = { 0 };
        REQUIRE(mj_replay_start(&r, log, i, &err) == 0);
        while (r.next < r.round->n_events) {
            const mj_log_event *e = &r.round->events[r.next];
            if (e->kind == MJ_EV_WIN) {
                mj_hand h;
                mj_winctx w;
                mj_score sc;
                const mj_log_win *lw = &r.round->wins[e->detail];
                CHECK(mj_replay_win(&r, e, &h, &w, &err) == 0);
                CHECKF(mj_winctx_check(&h, &w, &err) == 0, "%s", err.msg);
                CHECK(mj_score_hand(&h, &w, &sc, &err) == 0);
                int pts = sc.main + ((w.flags & MJ_WIN_TSUMO) ? 2 * sc.additional : 0);
                CHECKF(sc.status == MJ_SCORE_OK && sc.han == lw->han && sc.fu == lw->fu && pts == lw->points &&
                       same_yaku(sc.yaku, sc.n_yaku, lw->yaku, lw->n_yaku),
                       "%s round %d: %d han %d fu %d vs log %d han %d fu %d", rel, i, sc.han, sc.fu, pts, lw->han,
                       lw->fu, lw->points);
                wins++;
            }
            CHECK(mj_replay_step(&r, &err) == 0);
        }
        CHECK(mj_replay_step(&r, &err) == 1);
    }
    CHECK(wins == 4);
    mj_log_free(log);
}

static void test_wins_xml(void) { check_wins("tests/data/mjlog/game.mjlog"); }
static void test_wins_json(void) { check_wins("tests/data/mjlog/game.json"); }

/* The situational flags the replay gives (round 0: double riichi, round 1:
 * rinshan, dora indicators revealed by the kans). */
static void test_context(void)
{
    mj_log *log = mjlog_load("tests/data/mjlog/game.mjlog");
    REQUIRE(log);
    mj_replay r;
    tk_error err = { 0 };
    for (int i = 0; i < 2; i++) {
        REQUIRE(mj_replay_start(&r, log, i, &err) == 0);
        while (r.round->events[r.next].kind != MJ_EV_WIN)
            REQUIRE(mj_replay_step(&r, &err) == 0);
        mj_hand h;
        mj_winctx w;
        REQUIRE(mj_replay_win(&r, &r.round->events[r.next], &h, &w, &err) == 0);
        if (i == 0) {
            CHECK(w.flags & MJ_WIN_DOUBLE_RIICHI);
            CHECK(!(w.flags & (MJ_WIN_IPPATSU | MJ_WIN_TSUMO | MJ_WIN_RIICHI)));   /* the chi ended ippatsu */
            CHECK(w.seat == 0 && w.round == 0 && w.win == 1);
        } else {
            CHECK((w.flags & MJ_WIN_RINSHAN) && (w.flags & MJ_WIN_TSUMO));
            CHECK(w.seat == 0 && w.win == 24);
            CHECK(r.n_dora == 4 && r.n_kans == 3);
        }
    }
    /* unseen from seat 0 before its first discard: 2m 3 (it holds one), 5m 4 */
    REQUIRE(mj_replay_start(&r, log, 0, &err) == 0);
    REQUIRE(mj_replay_step(&r, &err) == 0);   /* draw */
    REQUIRE(mj_replay_step(&r, &err) == 0);   /* riichi */
    uint8_t un[MJ_TILES];
    mj_replay_unseen(&r, 0, un);
    CHECK(un[1] == 3 && un[4] == 4 && un[27] == 3 /* 1z: the indicator */ && un[33] == 3);
    mj_log_free(log);
}

/* ---- oracle: random games through the XML reader ---- */

static void test_oracle_random(void)
{
    int games = (int)(3000 * th_sanitized_scale(8));
    if (games < 20)
        games = 20;
    mjlog_gen g;
    int wall[136];
    mjlog_gen_start(&g, 0x6d6a6c6f67ull, wall);
    long events = 0, kinds[MJ_EV_COUNT] = { 0 };
    for (int n = 0; n < games && !th_checks_failed_in_test(); n++) {
        g.len = 0;
        g.n_snaps = 0;
        mjlog_gen_out(&g, "<mjloggm ver=\"2.3\"><GO type=\"169\"/>");
        mjlog_gen_round(&g, n % 8, wall);
        mjlog_gen_out(&g, "</mjloggm>");
        mj_log *log = NULL;
        tk_error err = { 0 };
        int rc = mj_log_parse(g.buf, g.len, &log, &err);
        CHECKF(rc == 0, "game %d: %s", n, err.msg);
        if (rc)
            break;
        const mj_log_round *rd = &log->rounds[0];
        CHECKF(rd->n_events == g.n_snaps, "game %d: %d events, %d generated", n, rd->n_events, g.n_snaps);
        mj_replay r;
        REQUIRE(mj_replay_start(&r, log, 0, &err) == 0);
        for (int k = 0; k < rd->n_events && k < g.n_snaps; k++) {
            kinds[rd->events[k].kind]++;
            CHECKF(mj_replay_step(&r, &err) == 0, "game %d event %d: %s", n, k, err.msg);
            const struct mjlog_snap *p = &g.snaps[k];
            int ok = 1;
            for (int s = 0; s < 4; s++) {
                ok &= r.hand[s].n_melds == p->nmeld[s];
                for (int t = 0; t < 34; t++)
                    ok &= r.hand[s].count[t] == p->cnt[s][t];
            }
            for (int t = 0; t < 34; t++)
                ok &= r.visible[t] == p->vis[t];
            CHECKF(ok, "game %d event %d (%s): the replay's hands differ from the generator's", n, k,
                   mj_event_name(rd->events[k].kind));
            if (!ok)
                break;
        }
        events += rd->n_events;
        mj_log_free(log);
    }
    /* the games exercised every kind of call */
    CHECK(events > 1000);
    for (int k = MJ_EV_DRAW; k <= MJ_EV_DORA; k++)
        CHECKF(kinds[k] > 0, "no %s generated", mj_event_name(k));
    mjlog_gen_free(&g);
}

/* Every hand at every step: a plain replayer from the parsed events (counts
 * only) against mj_replay. */
static void plain_replay_check(const mj_log *log)
{
    for (int i = 0; i < log->n_rounds; i++) {
        const mj_log_round *rd = &log->rounds[i];
        int cnt[4][34] = { { 0 } }, melds[4] = { 0 };
        for (int s = 0; s < 4; s++)
            for (int k = 0; k < 13; k++)
                cnt[s][rd->deal[s][k]]++;
        mj_replay r;
        tk_error err = { 0 };
        REQUIRE(mj_replay_start(&r, log, i, &err) == 0);
        for (int k = 0; k < rd->n_events; k++) {
            const mj_log_event *e = &rd->events[k];
            switch (e->kind) {
            case MJ_EV_DRAW: cnt[e->seat][e->tile]++; break;
            case MJ_EV_DISCARD: cnt[e->seat][e->tile]--; break;
            case MJ_EV_CHI: case MJ_EV_PON: case MJ_EV_DAIMINKAN:
                for (int o = 0; o < e->n_own; o++) cnt[e->seat][e->own[o]]--;
                melds[e->seat]++;
                break;
            case MJ_EV_KAKAN: cnt[e->seat][e->tile]--; break;
            case MJ_EV_ANKAN: cnt[e->seat][e->tile] -= 4; melds[e->seat]++; break;
            default: break;
            }
            REQUIRE(mj_replay_step(&r, &err) == 0);
            for (int s = 0; s < 4; s++) {
                CHECK(r.hand[s].n_melds == melds[s]);
                for (int t = 0; t < 34; t++)
                    CHECKF(r.hand[s].count[t] == cnt[s][t], "round %d event %d seat %d tile %d", i, k, s, t);
            }
        }
    }
}

static void test_oracle_steps(void)
{
    mj_log *x = mjlog_load("tests/data/mjlog/game.mjlog"), *j = mjlog_load("tests/data/mjlog/game.json");
    REQUIRE(x && j);
    plain_replay_check(x);
    plain_replay_check(j);
    mj_log_free(x);
    mj_log_free(j);
}

/* ---- the tenhou.net/6 reader against the .mjlog one ---- */

/* Round i of x and j: the same events but the indicators, and the same
 * indicators in order (the JSON reader shows a kan's right after it). */
static int same_round_events(const mj_log_round *x, const mj_log_round *j)
{
    int a = 0, b = 0, ok = x->dora0 == j->dora0 && x->dora0_red == j->dora0_red;
    uint8_t dx[8] = { 0 }, dj[8] = { 0 };
    int ndx = 0, ndj = 0;
    for (;;) {
        while (a < x->n_events && x->events[a].kind == MJ_EV_DORA) {
            if (ndx < 8) dx[ndx] = (uint8_t)(x->events[a].tile * 2 + x->events[a].red);
            ndx++, a++;
        }
        while (b < j->n_events && j->events[b].kind == MJ_EV_DORA) {
            if (ndj < 8) dj[ndj] = (uint8_t)(j->events[b].tile * 2 + j->events[b].red);
            ndj++, b++;
        }
        if (a == x->n_events || b == j->n_events)
            break;
        const mj_log_event *e = &x->events[a++], *f = &j->events[b++];
        ok &= e->kind == f->kind && e->seat == f->seat && e->tile == f->tile && e->red == f->red;
        if (e->kind == MJ_EV_DISCARD || e->kind == MJ_EV_DRAW)
            ok &= e->flag == f->flag;
        if (e->kind >= MJ_EV_CHI && e->kind <= MJ_EV_ANKAN) {
            ok &= e->from == f->from && e->n_own == f->n_own && e->own_red == f->own_red;
            for (int k = 0; k < e->n_own && k < 4; k++)
                ok &= e->own[k] == f->own[k];
        }
    }
    return ok && a == x->n_events && b == j->n_events && ndx == ndj && memcmp(dx, dj, sizeof dx) == 0;
}

static void test_json_oracle(void)
{
    int games = (int)(400 * th_sanitized_scale(8));
    if (games < 10)
        games = 10;
    mjlog_gen g;
    int wall[136];
    mjlog_gen_start(&g, 0x6a736f6eull, wall);
    long rounds = 0, calls = 0;
    for (int n = 0; n < games && !th_checks_failed_in_test(); n++) {
        mj_log *x = mjlog_gen_game(&g, n % 8, 4, wall);
        REQUIRE(x);
        char *text = mjlog_json_write(x);
        mj_log *j = NULL;
        tk_error err = { 0 };
        int rc = mj_log_parse(text, strlen(text), &j, &err);
        CHECKF(rc == 0, "game %d: %s", n, err.msg);
        if (rc == 0) {
            CHECK(j->format == MJ_LOG_TENHOU6 && j->n_rounds == x->n_rounds);
            for (int i = 0; i < x->n_rounds && i < j->n_rounds; i++) {
                CHECKF(same_round_events(&x->rounds[i], &j->rounds[i]), "game %d round %d: the events differ", n, i);
                for (int k = 0; k < x->rounds[i].n_events; k++)
                    calls += x->rounds[i].events[k].kind >= MJ_EV_CHI && x->rounds[i].events[k].kind <= MJ_EV_DAIMINKAN;
            }
            rounds += x->n_rounds;
        }
        mj_log_free(j);
        mj_log_free(x);
        free(text);
    }
    CHECK(rounds >= 4L * games && calls > rounds);
    mjlog_gen_free(&g);
}

/* ---- malformed logs ---- */

static void expect_error(const char *text, const char *needle)
{
    tk_error err = { 0 };
    int rc = parse_str(text, &err);
    CHECKF(rc != 0 && strstr(err.msg, needle) != NULL, "expected an error with '%s', got %d '%s' for %.60s", needle,
           rc, err.msg, text);
}

#define INIT0 "<mjloggm><GO type=\"169\"/><INIT seed=\"0,0,0,0,0,110\" ten=\"250,250,250,250\" oya=\"0\" " \
    "hai0=\"0,4,8,9,12,48,53,56,68,69,96,100,104\" hai1=\"76,80,84,108,112,116,120,124,125,128,132,32,36\" " \
    "hai2=\"92,97,17,20,24,40,44,64,77,81,89,109,113\" hai3=\"126,28,33,37,41,45,60,65,85,93,117,121,129\"/>"

static void test_errors(void)
{
    expect_error("", "empty");
    expect_error("hello", "not a Tenhou log");
    expect_error("\x1f\x8b\x08\x00", "gzip");
    expect_error("<mjloggm></mjloggm>", "no round");
    expect_error("<mjloggm><GO type=\"185\"/></mjloggm>", "three-player");
    expect_error("<mjloggm><T12/></mjloggm>", "before the first <INIT>");
    expect_error("<mjloggm><INIT seed=\"0,0,0\" /></mjloggm>", "seed=");
    expect_error(INIT0 "<T133/><D36/></mjloggm>", "round 0, event 2 (discard): the hand does not hold the 1p");
    expect_error(INIT0 "<T133/><D133/><T1/></mjloggm>", "round 0, event 3 (draw): seat 0 draws out of turn");
    expect_error(INIT0 "<T133/><D133/><N who=\"2\" m=\"60583\"/></mjloggm>", "not the last discard");
    expect_error(INIT0 "<T140/></mjloggm>", "tile id out of 0..135");
    expect_error(INIT0 "<T133/><D133/><U1", "unfinished");
    expect_error(INIT0 "<T133/><AGARI who=\"0\" fromWho=\"0\" hai=\"0,4\" ten=\"30,1000,0\" yaku=\"0,1\"/></mjloggm>",
                 "not the hand replayed");
    expect_error(INIT0 "<T133/><D133/><V1/></mjloggm>", "seat 2 draws out of turn");
    expect_error(INIT0 "<T133/><E101/></mjloggm>", "seat 1 discards out of turn");
    expect_error(INIT0 "<T133/><AGARI who=\"0\" fromWho=\"0\" ten=\"30,1000,0\" yaku=\"99,1\"/></mjloggm>",
                 "unknown or unsupported yaku");
    /* the error says where: line 2 */
    tk_error err = { 0 };
    CHECK(parse_str(INIT0 "\n<T133/><D36/></mjloggm>", &err) != 0 && err.line == 2 && err.col == 8);
    expect_error("{\"log\":[[[0,0,0],[0,0,0,0],[11],[]]]}", "17 items");
    expect_error("{\"log\":[}", "not JSON");
    expect_error("{\"name\":[\"a\"]}", "no \"log\"");
    expect_error("{\"log\":[[[0,0,0],[1,1,1,1],[41],[],[11,12,13,14,15,16,17,18,19,21,22,23,24],[\"x1\"],[],"
                 "[11,12,13,14,15,16,17,18,19,21,22,23,24],[],[],[11,12,13,14,15,16,17,18,19,21,22,23,24],[],[],"
                 "[11,12,13,14,15,16,17,18,19,21,22,23,24],[],[],[\"流局\"]]]}",
                 "not a tile or call");
}

/* Every prefix of both files parses or fails cleanly (no crash, no leak:
 * the sanitized pass checks). */
static void test_truncations(void)
{
    static const char *const F[2] = { "tests/data/mjlog/game.mjlog", "tests/data/mjlog/game.json" };
    for (int f = 0; f < 2; f++) {
        size_t len;
        char *text = th_read_file(th_top_path(F[f]), &len);
        REQUIRE(text);
        size_t step = th_sanitized() ? 7 : 1;
        for (size_t n = 0; n < len; n += step) {
            char *cut = malloc(n + 1);
            REQUIRE(cut);
            memcpy(cut, text, n);
            mj_log *log = NULL;
            tk_error err = { 0 };
            int rc = mj_log_parse(cut, n, &log, &err);
            CHECK(rc == 0 ? log != NULL : log == NULL && err.msg[0]);
            mj_log_free(log);
            free(cut);
        }
        free(text);
    }
}

/* game.mjlog.gz (made with `gzip -9 -n -c game.mjlog`) reads as game.mjlog;
 * every truncation and many corruptions of it fail cleanly. */
static void test_gzip(void)
{
    mj_log *x = mjlog_load("tests/data/mjlog/game.mjlog"), *z = mjlog_load("tests/data/mjlog/game.mjlog.gz");
    REQUIRE(x && z);
    CHECK(z->n_rounds == x->n_rounds);
    for (int i = 0; i < x->n_rounds && i < z->n_rounds; i++) {
        CHECK(x->rounds[i].n_events == z->rounds[i].n_events);
        CHECK(memcmp(x->rounds[i].events, z->rounds[i].events,
                     (size_t)x->rounds[i].n_events * sizeof x->rounds[i].events[0]) == 0);
    }
    mj_log_free(x);
    mj_log_free(z);
    size_t len;
    char *gz = th_read_file(th_top_path("tests/data/mjlog/game.mjlog.gz"), &len);
    REQUIRE(gz);
    th_rng rng = { 42 };
    int fails = 0, cases = th_sanitized() ? 300 : 3000;
    for (int c = 0; c < cases; c++) {
        char *b = malloc(len);
        REQUIRE(b);
        memcpy(b, gz, len);
        size_t n = len;
        if (c % 3 == 0)
            n = th_below(&rng, (uint32_t)len);
        else
            for (int k = 0; k < 1 + c % 4; k++)
                b[10 + th_below(&rng, (uint32_t)(len - 10))] ^= (char)(1 + th_below(&rng, 255));
        mj_log *log = NULL;
        tk_error err = { 0 };
        int rc = mj_log_parse(b, n, &log, &err);
        fails += rc != 0;
        CHECK(rc == 0 ? log != NULL : log == NULL && err.msg[0]);
        mj_log_free(log);
        free(b);
    }
    CHECK(fails > cases / 2);   /* the CRC catches what the inflater does not */
    free(gz);
    /* a stored (uncompressed) block, written here */
    const char *plain = "{\"log\":[]}";
    size_t pl = strlen(plain);
    unsigned char st[64] = { 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, (unsigned char)pl, 0, (unsigned char)~pl, 0xff };
    memcpy(st + 15, plain, pl);
    uint32_t crc = 0xffffffffu;
    for (size_t i = 0; i < pl; i++) {
        crc ^= (unsigned char)plain[i];
        for (int k = 0; k < 8; k++)
            crc = crc & 1 ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
    }
    crc ^= 0xffffffffu;
    for (int k = 0; k < 4; k++) {
        st[15 + pl + k] = (unsigned char)(crc >> (8 * k));
        st[19 + pl + k] = (unsigned char)(pl >> (8 * k));
    }
    mj_log *log = NULL;
    tk_error err = { 0 };
    CHECKF(mj_log_parse((const char *)st, 23 + pl, &log, &err) == TK_EFORMAT && strstr(err.msg, "no round"),
           "%s", err.msg);
    st[15] ^= 1;   /* now the CRC is wrong */
    CHECK(mj_log_parse((const char *)st, 23 + pl, &log, &err) == TK_EFORMAT && strstr(err.msg, "checksum"));
}

/* tenhou.net/6 points: "1300-2600点" is a non-dealer's tsumo, 1300 from
 * each non-dealer and 2600 from the dealer: 5200 in all. */
static void test_json_points(void)
{
    static const char J[] =
        "{\"name\":[\"a\",\"b\",\"c\",\"d\"],\"log\":[[[1,0,0],[25000,25000,25000,25000],[41],[],"
        "[11,12,13,14,15,16,17,18,19,21,21,22,23],[47,24],[60],"
        "[31,31,32,33,34,35,36,37,38,39,41,41,42],[43,44],[60,60],"
        "[31,32,33,34,35,36,37,38,39,42,42,43,43],[45,46],[60,60],"
        "[32,33,34,35,36,37,38,39,44,44,45,45,46],[26,27],[60,60],"
        "[\"\\u548c\\u4e86\",[5200,-2600,-1300,-1300],[0,0,0,\"20\u7b264\u98dc1300-2600\u70b9\","
        "\"\u9580\u524d\u6e05\u81ea\u6478\u548c(1\u98dc)\",\"\u5e73\u548c(1\u98dc)\","
        "\"\u4e00\u6c17\u901a\u8cab(2\u98dc)\"]]]]}";
    mj_log *log = NULL;
    tk_error err = { 0 };
    int rc = mj_log_parse(J, strlen(J), &log, &err);
    CHECKF(rc == 0, "%s", err.msg);
    REQUIRE(rc == 0);
    const mj_log_round *rd = &log->rounds[0];
    CHECK(rd->n_wins == 1 && rd->wins[0].points == 5200 && rd->wins[0].fu == 20 && rd->wins[0].han == 4);
    CHECK(rd->wins[0].n_yaku == 3);
    mj_replay r;
    REQUIRE(mj_replay_start(&r, log, 0, &err) == 0);
    while (rd->events[r.next].kind != MJ_EV_WIN)
        REQUIRE(mj_replay_step(&r, &err) == 0);
    mj_hand h;
    mj_winctx w;
    mj_score sc;
    REQUIRE(mj_replay_win(&r, &rd->events[r.next], &h, &w, &err) == 0);
    CHECK(!(w.flags & MJ_WIN_CHIIHOU) && (w.flags & MJ_WIN_TSUMO) && w.seat == 3);
    REQUIRE(mj_winctx_check(&h, &w, &err) == 0 && mj_score_hand(&h, &w, &sc, &err) == 0);
    CHECK(sc.han == 4 && sc.fu == 20 && sc.main + 2 * sc.additional == 5200);
    CHECK(same_yaku(sc.yaku, sc.n_yaku, rd->wins[0].yaku, rd->wins[0].n_yaku));
    mj_log_free(log);
}

/* The same win as test_json_points with the win's text as logs converted
 * from Mahjong Soul write it: that game's English names, or its Japanese
 * ones (a wind without its wind: the winner's seat, seat 0 is North in East 2). */
static void test_json_win_names(void)
{
    static const char HEAD[] =
        "{\"name\":[\"a\",\"b\",\"c\",\"d\"],\"log\":[[[1,0,0],[25000,25000,25000,25000],[41],[],"
        "[11,12,13,14,15,16,17,18,19,21,21,22,23],[47,24],[60],"
        "[31,31,32,33,34,35,36,37,38,39,41,41,42],[43,44],[60,60],"
        "[31,32,33,34,35,36,37,38,39,42,42,43,43],[45,46],[60,60],"
        "[32,33,34,35,36,37,38,39,44,44,45,45,46],[26,27],[60,60],"
        "[\"\\u548c\\u4e86\",[5200,-2600,-1300,-1300],[0,0,0,";
    static const struct { const char *win; int points, fu, han, limit, y0, y1; } C[] = {
        { "\"20Fu4Han1300-2600\u70b9\",\"Fully Concealed Hand(1\u98dc)\",\"pinfu(1\u98dc)\"", 5200, 20, 2,
          MJ_LIMIT_NONE, MJ_Y_MENZEN_TSUMO, MJ_Y_PINFU },
        { "\"Mangan 2000-4000\u70b9\",\"Seat Wind(1\u98dc)\",\"Prevalent Wind(1\u98dc)\"", 8000, 0, 2,
          MJ_LIMIT_MANGAN, MJ_Y_SEAT_N, MJ_Y_ROUND_E },
        { "\"30\u7b263\u98dc1000-2000\u70b9\",\"\u5f79\u724c:\u81ea\u98a8\u724c(1\u98dc)\","   /* 役牌:自風牌 */
          "\"\u30c0\u30d6\u30eb\u7acb\u76f4(2\u98dc)\"", 4000, 30, 3, MJ_LIMIT_NONE, MJ_Y_SEAT_N,  /* ダブル立直 */
          MJ_Y_DOUBLE_RIICHI },
        { "\"\u5207\u308a\u4e0a\u3052\u6e80\u8cab2000-4000\u70b9\",\"Ura Dora(0\u98dc)\",\"Red Five(1\u98dc)\","
          "\"Dora(3\u98dc)\"", 8000, 0, 4, MJ_LIMIT_MANGAN, MJ_Y_AKA, MJ_Y_DORA },   /* 切り上げ満貫 */
    };
    for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) {
        char j[2048];
        snprintf(j, sizeof j, "%s%s]]]]}", HEAD, C[i].win);
        mj_log *log = NULL;
        tk_error err = { 0 };
        int rc = mj_log_parse(j, strlen(j), &log, &err);
        CHECKF(rc == 0, "case %zu: %s", i, err.msg);
        if (rc == 0) {
            const mj_log_win *w = &log->rounds[0].wins[0];
            CHECKF(w->points == C[i].points && w->fu == C[i].fu && w->han == C[i].han && w->limit == C[i].limit,
                   "case %zu: %d points, %d fu, %d han, limit %d", i, w->points, w->fu, w->han, w->limit);
            CHECKF(w->n_yaku == 2 && w->yaku[0].id == C[i].y0 && w->yaku[1].id == C[i].y1, "case %zu: yaku", i);
        }
        mj_log_free(log);
    }
    /* a name no one writes is still an error that quotes it */
    char j[2048];
    snprintf(j, sizeof j, "%s%s]]]]}", HEAD, "\"Mangan 2000-4000\u70b9\",\"Riichi Bonus(1\u98dc)\"");
    expect_error(j, "unknown yaku Riichi Bonus(1");
}

/* tenhou.net/6 gives no order of play: a call may be of the second copy of
 * a tile after the first was let pass, even twice in a round: East lets
 * South's first 3z and first 4z pass and pons the second ones (taking the
 * first copy goes wrong only later, and the second point is met only by
 * the tries that let the first copy pass). */
static void test_json_order(void)
{
    static const char J[] =
        "{\"name\":[\"a\",\"b\",\"c\",\"d\"],\"log\":[[[0,0,0],[25000,25000,25000,25000],[19],[],"
        "[13,14,15,16,17,19,19,31,42,43,43,44,44],[39,\"4343p43\",\"4444p44\"],[60,31,42],"
        "[21,21,22,22,43,43,44,44,27,28,29,36,37],[24,\"21p2121\",23,\"2222p22\",47],[43,43,44,44,60],"
        "[11,11,12,12,18,18,25,25,26,26,33,33,35],[38,22],[60,60],"
        "[32,32,34,34,35,36,37,38,39,45,45,46,46],[21],[60],"
        "[\"\\u6d41\\u5c40\",[0,0,0,0]]]]}";
    mj_log *log = NULL;
    tk_error err = { 0 };
    int rc = mj_log_parse(J, strlen(J), &log, &err);
    CHECKF(rc == 0, "%s", err.msg);
    REQUIRE(rc == 0);
    /* seat, tile of each call in order; each of East's pons right after South's discard */
    static const int want[4][3] = { { 1, 9, 3 }, { 0, 29, 1 }, { 1, 10, 2 }, { 0, 30, 1 } };
    const mj_log_round *rd = &log->rounds[0];
    int n = 0;
    for (int k = 0; k < rd->n_events; k++) {
        const mj_log_event *e = &rd->events[k];
        if (e->kind != MJ_EV_PON)
            continue;
        CHECKF(n < 4 && e->seat == want[n][0] && e->tile == want[n][1] && e->from == want[n][2],
               "pon %d: seat %d tile %d from %d", n, e->seat, e->tile, e->from);
        CHECK(k > 0 && rd->events[k - 1].kind == MJ_EV_DISCARD && rd->events[k - 1].seat == e->from);
        n++;
    }
    CHECK(n == 4);
    mj_log_free(log);
}

/* Tenhou counts no double yakuman: four concealed triplets on the pair wait
 * is 13 han (26 under the default rules), two different yakuman still add. */
static void test_no_double_yakuman(void)
{
    static const struct { const char *line; int dflt, tenhou; } C[] = {
        { "111m222p333s444z5z5z win:5z tsumo", 26, 13 },
        { "19m19p19s1234567z1m win:9m", 13, 13 },                          /* single wait */
        { "19m19p19s1234567z1z win:1z", 26, 13 },                          /* 13-sided */
        { "111222333444z55z win:5z tsumo", 26 + 26 + 13, 13 + 13 + 13 },   /* tanki suu ankou, big winds, all honours */
    };
    for (size_t i = 0; i < sizeof C / sizeof C[0]; i++)
        for (int rule = 0; rule < 2; rule++) {
            mj_hand h;
            mj_winctx w;
            mj_score sc;
            tk_error err = { 0 };
            mj_winctx_init(&w);
            REQUIRE(mj_parse_line(C[i].line, strlen(C[i].line), &h, &w, &err) == 0);
            w.rules = rule ? MJ_RULE_NO_DOUBLE_YAKUMAN : 0;
            REQUIRE(mj_winctx_check(&h, &w, &err) == 0);
            REQUIRE(mj_score_hand(&h, &w, &sc, &err) == 0);
            CHECKF(sc.han == (rule ? C[i].tenhou : C[i].dflt), "%s rule %d: %d han", C[i].line, rule, sc.han);
        }
}

/* Every kind of draw without a winner, as each format names it. */
static void test_draw_kinds(void)
{
    static const struct { const char *xml, *json; int rk; } K[] = {
        { "", "\u6d41\u5c40", MJ_RK_EXHAUSTIVE },                                  /* 流局 */
        { " type=\"nm\"", "\u6d41\u3057\u6e80\u8cab", MJ_RK_NAGASHI },          /* 流し満貫 */
        { " type=\"yao9\"", "\u4e5d\u7a2e\u4e5d\u724c", MJ_RK_YAO9 },           /* 九種九牌 */
        { " type=\"reach4\"", "\u56db\u5bb6\u7acb\u76f4", MJ_RK_REACH4 },       /* 四家立直 */
        { " type=\"ron3\"", "\u4e09\u5bb6\u548c\u4e86", MJ_RK_RON3 },           /* 三家和了 */
        { " type=\"kan4\"", "\u56db\u69d3\u6563\u4e86", MJ_RK_KAN4 },           /* 四槓散了 */
        { " type=\"kaze4\"", "\u56db\u98a8\u9023\u6253", MJ_RK_KAZE4 },         /* 四風連打 */
    };
    for (size_t i = 0; i < sizeof K / sizeof K[0]; i++) {
        char x[1024], j[1024];
        snprintf(x, sizeof x, INIT0 "<T133/><RYUUKYOKU%s/></mjloggm>", K[i].xml);
        snprintf(j, sizeof j,
                 "{\"log\":[[[0,0,0],[1,1,1,1],[41],[],[11,12,13,14,15,16,17,18,19,21,22,23,24],[47],[],"
                 "[11,12,13,14,15,16,17,18,19,21,22,23,24],[],[],[11,12,13,14,15,16,17,18,19,21,22,23,24],[],[],"
                 "[11,12,13,14,15,16,17,18,19,21,22,23,24],[],[],[\"%s\"]]]}", K[i].json);
        const char *texts[2] = { x, j };
        for (int f = 0; f < 2; f++) {
            mj_log *log = NULL;
            tk_error err = { 0 };
            int rc = mj_log_parse(texts[f], strlen(texts[f]), &log, &err);
            CHECKF(rc == 0, "%s: %s", mj_ryuukyoku_name(K[i].rk), err.msg);
            if (rc)
                continue;
            const mj_log_round *rd = &log->rounds[0];
            CHECK(rd->n_events == 2 && rd->events[1].kind == MJ_EV_RYUUKYOKU && rd->events[1].detail == K[i].rk);
            mj_log_free(log);
        }
    }
    expect_error(INIT0 "<T133/><RYUUKYOKU type=\"what\"/></mjloggm>", "unknown RYUUKYOKU type");
}

static const th_test tests[] = {
    { "draw_kinds", test_draw_kinds },
    { "no_double_yakuman", test_no_double_yakuman },
    { "json_points", test_json_points },
    { "json_win_names", test_json_win_names },
    { "json_order", test_json_order },
    { "gzip", test_gzip },
    { "same_game", test_same_game },
    { "wins_xml", test_wins_xml },
    { "wins_json", test_wins_json },
    { "context", test_context },
    { "oracle_steps", test_oracle_steps },
    { "oracle_random", test_oracle_random },
    { "json_oracle", test_json_oracle },
    { "errors", test_errors },
    { "truncations", test_truncations },
    { 0, 0 },
};

int main(int argc, char **argv)
{
    return th_main("mjlog", tests, argc, argv);
}
