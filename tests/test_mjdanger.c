/* test_mjdanger.c - the danger model (tilekit/mjdanger.h) against brute
 * force and its own stated arithmetic, the table from words and from a
 * replayed log, and push or fold.
 *
 * exact_zeros: generated positions (an opponent with 2 or 3 melds, a river
 *   with passes, visible tiles, my hand); every complete hand of the
 *   opponent is enumerated (its sets and pair from the tiles I cannot see,
 *   one copy of the winning tile t from me); when such a hand less t is a
 *   tenpai hand waiting on t with no wait in the opponent's river or
 *   passes, t can deal in, and the model must not rate it 0.  The waits of
 *   each hand come from mj_waits, not from the model.  TK_LONG=1 adds
 *   opponents with one meld (3 sets and a pair: a minute or more).
 * sums: on generated positions, the shapes' probabilities add up to 1, the
 *   wait probability of each tile is the sum over the shapes that wait on
 *   it, these add up to the expected number of distinct waits, zero marks
 *   exactly the tiles of wait and danger 0, the danger is the calibration
 *   of the header's step 4 (its features computed here from the table),
 *   the identity when the calibration is all 0, and loss = tenpai x danger
 *   x value.
 */
#include "support/harness.h"
#include "tilekit/mahjong.h"
#include "tilekit/mjdanger.h"
#include "tilekit/mjlog.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- generated positions ---- */
typedef struct position {
    mj_table t;
    int opp;                 /* the opponent looked at */
    uint64_t safe;           /* its river and passes */
} position;

static int free_copies(const int *used, int x) { return 4 - used[x]; }

/* A random meld of the opponent among the free copies; 0 if none found. */
static int random_meld(th_rng *r, int *used, mj_meld *m)
{
    for (int tries = 0; tries < 50; tries++) {
        if (th_below(r, 2)) {
            int s = (int)th_below(r, 3), x = s * 9 + (int)th_below(r, 7);
            if (free_copies(used, x) && free_copies(used, x + 1) && free_copies(used, x + 2)) {
                used[x]++, used[x + 1]++, used[x + 2]++;
                *m = (mj_meld){ MJ_CHI, (uint8_t)x, 0 };
                return 1;
            }
        } else {
            int x = (int)th_below(r, 34);
            if (free_copies(used, x) >= 3) {
                used[x] += 3;
                *m = (mj_meld){ MJ_PON, (uint8_t)x, 0 };
                return 1;
            }
        }
    }
    return 0;
}

/* Tiles of a random river (and passes), my hand and other visible copies. */
static void random_position(th_rng *r, position *p, int melds)
{
    int used[MJ_TILES] = { 0 };
    mj_table_init(&p->t);
    p->t.me = 0;
    p->t.dealer = (int)th_below(r, 4);
    p->t.round = (int)th_below(r, 2);
    p->opp = 1 + (int)th_below(r, 3);
    mj_table_seat *o = &p->t.seat[p->opp];
    for (int i = 0; i < melds; i++)
        if (random_meld(r, used, &o->melds[o->n_melds]))
            o->n_melds++;
    int nr = 3 + (int)th_below(r, 12);
    for (int i = 0; i < nr; i++) {
        int x = (int)th_below(r, 34);
        if (!free_copies(used, x))
            continue;
        used[x]++;
        o->river[o->n_river++] = (mj_river_tile){ (uint8_t)x, (uint8_t)(th_below(r, 3) ? 0 : MJ_RIVER_TSUMOGIRI) };
    }
    if (melds == 0 && o->n_river && th_below(r, 2))
        o->riichi = (int)th_below(r, (uint32_t)o->n_river);
    for (int i = 0, np = (int)th_below(r, 4); i < np; i++)
        o->passed |= (uint64_t)1 << th_below(r, 34);
    /* other visible tiles and my 13 tiles take more copies */
    int extra = 20 + (int)th_below(r, 40);
    for (int i = 0; i < extra; i++) {
        int x = (int)th_below(r, 34);
        if (free_copies(used, x))
            used[x]++;
    }
    for (int x = 0; x < MJ_TILES; x++)
        p->t.unseen[x] = (uint8_t)(4 - used[x]);
    if (th_below(r, 2)) {
        p->t.n_dora = 1;
        p->t.dora[0] = (uint8_t)th_below(r, 34);
    }
    p->safe = o->passed;
    for (int i = 0; i < o->n_river; i++)
        p->safe |= (uint64_t)1 << o->river[i].tile;
}

/* ---- brute force: every complete hand of sets + pair ---- */
typedef struct brute {
    mj_ctx *ctx;
    const position *p;
    int closed;              /* tiles of the complete closed part */
    uint8_t c[MJ_TILES];
    uint64_t can;            /* bit t: some consistent tenpai hand waits on t */
    long hands;
} brute;

static void check_complete(brute *b)
{
    const uint8_t *u = b->p->t.unseen;
    const mj_table_seat *o = &b->p->t.seat[b->p->opp];
    for (int t = 0; t < MJ_TILES; t++) {
        if (!b->c[t] || (b->can >> t & 1))
            continue;
        int ok = 1;   /* the hand less t comes from the unseen tiles */
        for (int x = 0; x < MJ_TILES && ok; x++)
            ok = b->c[x] - (x == t) <= u[x];
        if (!ok)
            continue;
        mj_hand h;
        memset(&h, 0, sizeof h);
        memcpy(h.count, b->c, sizeof h.count);
        h.count[t]--;
        h.n_tiles = (uint8_t)(b->closed - 1);
        h.n_melds = (uint8_t)o->n_melds;
        memcpy(h.melds, o->melds, sizeof h.melds);
        h.last = -1;
        uint64_t w = mj_waits(b->ctx, &h, NULL);
        b->hands++;
        if ((w >> t & 1) && !(w & b->p->safe))
            b->can |= (uint64_t)1 << t;
    }
}

/* Place the remaining sets from tile `from` on, then the pair. */
static void place_sets(brute *b, int sets, int from)
{
    if (sets == 0) {
        for (int x = 0; x < MJ_TILES; x++) {
            if (b->c[x] + 2 > 4)
                continue;
            b->c[x] += 2;
            check_complete(b);
            b->c[x] -= 2;
        }
        return;
    }
    for (int k = from; k < 2 * MJ_TILES; k++) {
        int x = k / 2, seq = k % 2;
        if (seq) {
            if (x >= 27 || x % 9 > 6 || b->c[x] >= 4 || b->c[x + 1] >= 4 || b->c[x + 2] >= 4)
                continue;
            b->c[x]++, b->c[x + 1]++, b->c[x + 2]++;
            place_sets(b, sets - 1, k);
            b->c[x]--, b->c[x + 1]--, b->c[x + 2]--;
        } else {
            if (b->c[x] + 3 > 4)
                continue;
            b->c[x] += 3;
            place_sets(b, sets - 1, k);
            b->c[x] -= 3;
        }
    }
}

static void exact_zeros_with(int melds, int cases, uint32_t seed)
{
    th_rng r = { seed };
    mj_ctx *ctx;
    REQUIRE(mj_ctx_create(&ctx, NULL) == 0);
    static mj_danger d;
    int compared = 0, live_waits = 0, zeros = 0;
    for (int i = 0; i < cases; i++) {
        position p;
        random_position(&r, &p, melds);
        int k = p.t.seat[p.opp].n_melds;
        brute b = { ctx, &p, 14 - 3 * k, { 0 }, 0, 0 };
        place_sets(&b, 4 - k, 0);
        REQUIRE(mj_danger_eval(&p.t, p.opp, mj_danger_default_model(), &d) == 0);
        compared++;
        for (int t = 0; t < MJ_TILES; t++) {
            zeros += (d.zero >> t & 1) != 0;
            if (!(b.can >> t & 1))
                continue;
            live_waits++;
            CHECKF(!(d.zero >> t & 1) && d.deal[t] > 0, "case %d (%d melds): tile %d can deal in but is rated 0", i, k, t);
        }
    }
    CHECK(live_waits > 0 && zeros > 0);
    printf("  exact_zeros: %d positions with %d melds, %d tiles that can deal in, %d zeros\n", compared, melds,
           live_waits, zeros);
    mj_ctx_destroy(ctx);
}

static void test_exact_zeros(void)
{
    exact_zeros_with(3, (int)(2000 * th_sanitized_scale(10)) + 5, 46);
    exact_zeros_with(2, (int)(400 * th_sanitized_scale(10)) + 2, 4646);
    if (getenv("TK_LONG"))
        exact_zeros_with(1, 60, 464646);
}

/* ---- the model's arithmetic ---- */
/* The danger of tile x as step 4 of the header states it, from the table
 * and the wait probability w. */
static double calibrated(const mj_danger_model *m, const mj_table *t, int seat, const mj_danger *d, int x, double w)
{
    const mj_table_seat *s = &t->seat[seat];
    int known = s->riichi >= 0 && s->riichi < s->n_river;
    double since = known ? s->n_river - 1 - s->riichi : 0, turn = known ? s->riichi : s->n_river;
    int rank = x < 27 ? x % 9 + 1 : 0, safe = 0;
    for (int k = 0; k < MJ_TILES; k++)
        safe += (int)(d->genbutsu >> k & 1);
    double f[MJ_DANGER_CALIB] = { 1, log(w), fmin(since, 12) / 12, fmin(turn, 18) / 18, x >= 27,
                                  rank == 1 || rank == 9, rank == 2 || rank == 8, rank == 3 || rank == 7,
                                  log(d->n_shapes) / 5, safe / 34.0 };
    double z = 0;
    for (int k = 0; k < MJ_DANGER_CALIB; k++)
        z += m->calib[k] * f[k];
    return 1 / (1 + exp(-z));
}

static void test_sums(void)
{
    th_rng r = { 7 };
    static mj_danger d, d0;
    mj_danger_model plain = *mj_danger_default_model();
    memset(plain.calib, 0, sizeof plain.calib);
    int n = (int)(2000 * th_sanitized_scale(10)) + 10;
    for (int i = 0; i < n; i++) {
        position p;
        random_position(&r, &p, (int)th_below(&r, 4));
        REQUIRE(mj_danger_eval(&p.t, p.opp, mj_danger_default_model(), &d) == 0);
        REQUIRE(mj_danger_eval(&p.t, p.opp, &plain, &d0) == 0);
        REQUIRE(mj_danger_eval(&p.t, p.opp, &plain, &d0) == 0);
        double sp = 0, waits = 0, deal[MJ_TILES] = { 0 };
        for (int k = 0; k < d.n_shapes; k++) {
            const mj_danger_shape *s = &d.shapes[k];
            sp += s->p;
            CHECK(s->p > 0 && s->live > 0);
            int distinct = s->n_wait == 2 && s->wait[0] != s->wait[1] ? 2 : 1;
            waits += s->p * distinct;
            for (int j = 0; j < distinct; j++) {
                deal[s->wait[j]] += s->p;
                CHECK(!(p.safe >> s->wait[j] & 1));   /* no shape waits on a safe tile */
            }
        }
        CHECKF(d.n_shapes == 0 || fabs(sp - 1) < 1e-9, "case %d: shapes add up to %.17g", i, sp);
        double total = 0;
        for (int t = 0; t < MJ_TILES; t++) {
            total += d.wait[t];
            CHECKF(fabs(d.wait[t] - deal[t]) < 1e-12, "case %d tile %d: %.17g, shapes say %.17g", i, t, d.wait[t], deal[t]);
            CHECK(d.wait[t] >= 0 && d.wait[t] <= 1 + 1e-12 && d.deal[t] >= 0 && d.deal[t] < 1);
            CHECK(((d.zero >> t & 1) != 0) == (d.wait[t] == 0) && (d.wait[t] == 0) == (d.deal[t] == 0));
            CHECK(d0.deal[t] == d.wait[t] && d0.wait[t] == d.wait[t]);
            if (d.wait[t] > 0) {
                double want = calibrated(mj_danger_default_model(), &p.t, p.opp, &d, t, d.wait[t]);
                CHECKF(fabs(d.deal[t] - want) < 1e-12, "case %d tile %d: danger %.17g, step 4 says %.17g", i, t, d.deal[t], want);
            }
            CHECK(fabs(d.loss[t] - d.tenpai * d.deal[t] * d.value) <= 1e-9 * (1 + d.loss[t]));
        }
        CHECK((d.genbutsu & ~d.zero) == 0 && d.genbutsu == p.safe);
        CHECKF(fabs(total - waits) < 1e-9, "case %d: dangers add up to %.17g, expected waits %.17g", i, total, waits);
    }
}

/* ---- the table from words ---- */
static void test_words(void)
{
    mj_table t;
    tk_error err = { 0 };
    mj_table_init(&t);
    const char *w1 = "river-w:1z9m-4P/5s3M";
    CHECK(mj_table_word(&t, w1, strlen(w1), 1, &err) == 1);
    const mj_table_seat *s = &t.seat[2];
    CHECK(s->n_river == 5 && s->riichi == 3);
    CHECK(s->river[0].tile == 27 && s->river[1].tile == 8 && s->river[2].tile == 12 && s->river[3].tile == 22 &&
          s->river[4].tile == 2);
    CHECK(s->river[2].flags == (MJ_RIVER_TSUMOGIRI | MJ_RIVER_CALLED) && s->river[3].flags == MJ_RIVER_RIICHI &&
          s->river[4].flags == MJ_RIVER_TSUMOGIRI && s->river[0].flags == 0);
    const char *w2 = "melds-n:[789s][555z](1111m)";
    CHECK(mj_table_word(&t, w2, strlen(w2), 1, &err) == 1);
    CHECK(t.seat[3].n_melds == 3 && t.seat[3].melds[0].type == MJ_CHI && t.seat[3].melds[0].tile == 24 &&
          t.seat[3].melds[1].type == MJ_PON && t.seat[3].melds[2].type == MJ_ANKAN);
    CHECK(mj_table_word(&t, "riichi:S", 8, 1, &err) == 1 && t.seat[1].riichi == MJ_RIICHI_UNKNOWN);
    CHECK(mj_table_word(&t, "safe-s:3m4p", 11, 1, &err) == 1 && t.seat[1].passed == ((uint64_t)1 << 2 | (uint64_t)1 << 12));
    CHECK(mj_table_word(&t, "seat:S", 6, 1, &err) == 0);   /* not a table word */
    CHECK(mj_table_threats(&t) == (1u << 1 | 1u << 2 | 1u << 3) - (t.me == 1 ? 2u : 0u) - (t.me == 2 ? 4 : 0));
    static const struct { const char *w; long col; } BAD[] = {
        { "river-w:1x", 10 }, { "river-w:123", 12 }, { "river-q:1m", 7 }, { "melds-e:[124m]", 9 },
        { "river-e:1m/2m/3m", 15 }, { "riichi:X", 8 }, { "melds-e:[11m]", 9 },
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        mj_table_init(&t);
        memset(&err, 0, sizeof err);
        int rc = mj_table_word(&t, BAD[i].w, strlen(BAD[i].w), 1, &err);
        CHECKF(rc == TK_EFORMAT && err.col == BAD[i].col, "%s: %d col %ld (%s)", BAD[i].w, rc, err.col, err.msg);
    }
    /* passes from rivers in turn order: W declares on its 2nd tile */
    mj_table_init(&t);
    const char *r3[] = { "river-e:1m2m3m", "river-s:4m5m6m", "river-w:1z/2z3z", "river-n:7m8m9m" };
    for (int i = 0; i < 4; i++)
        CHECK(mj_table_word(&t, r3[i], strlen(r3[i]), 1, &err) == 1);
    mj_table_infer_passes(&t);
    /* after W's 2z (time 1*4+2): N's 8m 9m, E's 3m, S's 6m */
    uint64_t want = (uint64_t)1 << 7 | (uint64_t)1 << 8 | (uint64_t)1 << 2 | (uint64_t)1 << 5;
    CHECKF(t.seat[2].passed == want, "passed %llx", (unsigned long long)t.seat[2].passed);
}

/* ---- the table from a replay ---- */
static void test_replay(void)
{
    size_t len;
    char *text = th_read_file(th_top_path("tests/data/mjlog/game.mjlog"), &len);
    REQUIRE(text);
    mj_log *log;
    tk_error err = { 0 };
    REQUIRE(mj_log_parse(text, len, &log, &err) == 0);
    int checked = 0, riichi_seen = 0;
    for (int k = 0; k < log->n_rounds; k++) {
        mj_replay r;
        REQUIRE(mj_replay_start(&r, log, k, &err) == 0);
        while (r.next < r.round->n_events) {
            const mj_log_event *e = &r.round->events[r.next];
            if (e->kind == MJ_EV_DISCARD) {
                mj_table t;
                REQUIRE(mj_table_from_replay(&t, &r, e->seat, &err) == 0);
                uint8_t un[MJ_TILES];
                mj_replay_unseen(&r, e->seat, un);
                CHECK(memcmp(un, t.unseen, sizeof un) == 0);
                for (int s = 0; s < 4; s++) {
                    CHECK(t.seat[s].n_river == r.n_discards[s] && t.seat[s].n_melds == r.hand[s].n_melds);
                    for (int i = 0; i < t.seat[s].n_river; i++)
                        CHECK(t.seat[s].river[i].tile == r.discards[s][i]);
                    CHECK((t.seat[s].riichi >= 0) == (r.riichi[s] == 2));
                    riichi_seen += t.seat[s].riichi >= 0;
                    /* a riichi player's passes are the discards of the others after its declaration */
                    if (t.seat[s].riichi >= 0 && s != e->seat)
                        CHECK(t.seat[s].river[t.seat[s].riichi].flags & MJ_RIVER_RIICHI);
                }
                static mj_danger dg[4];
                int threats = mj_danger_at(&r, e->seat, NULL, dg, &err);
                CHECK(threats >= 0 && (unsigned)threats == mj_table_threats(&t));
                for (int s = 0; s < 4; s++)
                    if (threats >> s & 1)   /* a riichi player's river is safe against it */
                        for (int i = 0; i < t.seat[s].n_river; i++)
                            CHECK(dg[s].deal[t.seat[s].river[i].tile] == 0);
                checked++;
            }
            if (mj_replay_step(&r, &err) != 0)
                break;
        }
    }
    CHECK(checked > 10 && riichi_seen > 0);
    mj_log_free(log);
    free(text);
}

/* ---- push or fold ---- */
static void test_pushfold(void)
{
    mj_hand h;
    mj_winctx w;
    mj_ev_config c;
    mj_table t;
    int offer, ored, oseat;
    tk_error err = { 0 };
    const char *line = "123406m3467p2355s round:E seat:S dora:7z riichi:W river-w:1z9m4P/5s3M river-n:2z8p last:4";
    mj_winctx_init(&w);
    mj_ev_config_init(&c);
    REQUIRE(mj_ev_parse_table_line(line, strlen(line), &h, &w, &c, &t, &offer, &ored, &oseat, &err) == 0);
    CHECK(offer == -1 && t.me == 1 && t.seat[2].riichi == 3 && h.n_tiles == 14);
    CHECK(w.seen[27] == 1 && w.seen[16] == 1 && t.unseen[27] == 3);   /* 1z and 8p seen */
    mj_ctx *ctx;
    mj_ev *ev;
    REQUIRE(mj_ctx_create(&ctx, NULL) == 0 && mj_ev_create(&ev, NULL) == 0);
    static mj_ev_result res;
    REQUIRE(mj_ev_solve(ev, ctx, &h, &w, &c, &res, &err) == 0);
    static mj_danger dg[4];
    mj_pushfold pf;
    mj_pushfold_eval(&res, &t, mj_danger_default_model(), dg, &pf);
    CHECK(pf.threats == 1u << 2 && pf.n == res.n_discards);
    for (int i = 0; i < pf.n; i++) {
        int k = res.discards[i].kind, x = k >= MJ_TILES ? (k - MJ_TILES) * 9 + 4 : k;
        double p = dg[2].deal[x];   /* riichi: tenpai 1 */
        CHECK(fabs(pf.deal[i] - p) < 1e-12 && fabs(pf.loss[i] - p * dg[2].value) < 1e-9);
        CHECK(fabs(pf.ev[i] - ((1 - p) * res.discards[i].score[0] - p * dg[2].value)) < 1e-9);
        CHECK(pf.ev[i] <= pf.ev[pf.best] && pf.loss[i] >= pf.loss[pf.safest]);
        if (x == 2)   /* 3m is in W's river */
            CHECK(pf.deal[i] == 0);
    }
    /* an offer line */
    const char *l2 = "23406m3467p2355s seat:S offer-e:1m";
    REQUIRE(mj_ev_parse_table_line(l2, strlen(l2), &h, &w, &c, &t, &offer, &ored, &oseat, &err) == 0);
    CHECK(offer == 0 && oseat == 0 && h.n_tiles == 13);
    CHECK(mj_ev_parse_table_line("23406m3467p2355s seat:S offer-s:1m", 34, &h, &w, &c, &t, &offer, &ored, &oseat, &err) ==
          TK_EFORMAT);
    mj_ev_destroy(ev);
    mj_ctx_destroy(ctx);
}

static const th_test tests[] = {
    {"words", test_words},
    {"replay", test_replay},
    {"sums", test_sums},
    {"exact_zeros", test_exact_zeros},
    {"pushfold", test_pushfold},
    {0, 0}
};

int main(int argc, char **argv) { return th_main("mjdanger", tests, argc, argv); }
