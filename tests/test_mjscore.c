/* test_mjscore.c - the scorer (mj_score_hand, mj_score_wait), the context
 * words and their checks, compared with an independent oracle and with the
 * shared vectors.
 *
 * - oracle: tests/support/mjscore_oracle.c, a plain brute-force scorer that
 *   shares no code with src/mahjong; compared on tens of thousands of
 *   generated complete hands (melds, kans, red fives, seven pairs, thirteen
 *   orphans, nine gates, honour / green / one-suit hands) with random valid
 *   contexts and rule variants: status, han, fu (not on yakuman), yakuman,
 *   limit, payments, and the yaku multiset.
 * - ../shared/vectors/mjscore.jsonl and mjscore-waits.jsonl when present
 *   (skipped with a message otherwise), compared exactly as acceptance does.
 * - hand-written cases: impossible contexts, context words, line syntax. */
#include "support/harness.h"
#include "support/json.h"
#include "support/mjscore_oracle.h"
#include "tilekit/mahjong.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ generator */

typedef struct gen {
    th_rng rng;
    uint8_t tot[MJ_TILES];
} gen;

static int rnd(gen *g, int n) { return (int)th_below(&g->rng, (uint32_t)n); }

/* tile pools */
static int pool_tile(gen *g, int style, int flush_suit)
{
    static const int green[6] = { 19, 20, 21, 23, 25, 32 };
    static const int orph[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };
    switch (style) {
    case 1: return rnd(g, 3) ? flush_suit * 9 + rnd(g, 9) : 27 + rnd(g, 7);   /* one suit + honours */
    case 2: return orph[rnd(g, 13)];
    case 3: return green[rnd(g, 6)];
    case 4: return rnd(g, 3) * 9 + 1 + rnd(g, 7);                             /* simples */
    case 5: return 27 + rnd(g, 7);                                            /* honours */
    case 6: return flush_suit * 9 + rnd(g, 9);                                /* one suit */
    default: return rnd(g, MJ_TILES);
    }
}

static int can_add(const gen *g, int t, int n) { return g->tot[t] + n <= 4; }

/* A random complete hand into h (closed counts, melds, reds); 0 if the
 * draw failed (try again). */
static int gen_regular(gen *g, mj_hand *h, int style)
{
    memset(h, 0, sizeof *h);
    h->last = -1;
    memset(g->tot, 0, sizeof g->tot);
    int fs = rnd(g, 3);
    int n_melds = rnd(g, 2) ? 0 : 1 + rnd(g, 4);
    for (int i = 0; i < 4; i++) {
        int meld = i < n_melds;
        for (int tries = 0;; tries++) {
            if (tries > 50)
                return 0;
            int t = pool_tile(g, style, fs);
            int seq = t < 27 && t % 9 <= 6 && rnd(g, 2) && style != 2 && style != 5;
            if (style == 3 && seq && t != 19)
                seq = 0;
            if (seq) {
                if (!can_add(g, t, 1) || !can_add(g, t + 1, 1) || !can_add(g, t + 2, 1))
                    continue;
                g->tot[t]++; g->tot[t + 1]++; g->tot[t + 2]++;
                if (meld) {
                    h->melds[h->n_melds++] = (mj_meld){ MJ_CHI, (uint8_t)t, 0 };
                } else {
                    h->count[t]++; h->count[t + 1]++; h->count[t + 2]++;
                }
            } else {
                int quad = meld && rnd(g, 3) == 0;
                if (!can_add(g, t, quad ? 4 : 3))
                    continue;
                g->tot[t] = (uint8_t)(g->tot[t] + (quad ? 4 : 3));
                if (meld)
                    h->melds[h->n_melds++] = (mj_meld){ (uint8_t)(quad ? (rnd(g, 2) ? MJ_KAN : MJ_ANKAN) : MJ_PON),
                                                        (uint8_t)t, 0 };
                else
                    h->count[t] = (uint8_t)(h->count[t] + 3);
            }
            break;
        }
    }
    for (int tries = 0;; tries++) {
        if (tries > 50)
            return 0;
        int t = pool_tile(g, style, fs);
        if (!can_add(g, t, 2))
            continue;
        g->tot[t] = (uint8_t)(g->tot[t] + 2);
        h->count[t] = (uint8_t)(h->count[t] + 2);
        break;
    }
    return 1;
}

static void gen_chiitoi(gen *g, mj_hand *h, int style)
{
    memset(h, 0, sizeof *h);
    h->last = -1;
    memset(g->tot, 0, sizeof g->tot);
    int fs = rnd(g, 3), n = 0;
    for (int tries = 0; n < 7; tries++) {
        int t = tries > 200 ? rnd(g, MJ_TILES) : pool_tile(g, style, fs);
        if (h->count[t])
            continue;
        h->count[t] = 2;
        g->tot[t] = 2;
        n++;
    }
}

static void gen_kokushi(gen *g, mj_hand *h)
{
    static const int orph[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };
    memset(h, 0, sizeof *h);
    h->last = -1;
    for (int i = 0; i < 13; i++)
        h->count[orph[i]] = 1;
    h->count[orph[rnd(g, 13)]]++;
    memcpy(g->tot, h->count, MJ_TILES);
}

static void gen_chuuren(gen *g, mj_hand *h)
{
    static const int base[9] = { 3, 1, 1, 1, 1, 1, 1, 1, 3 };
    memset(h, 0, sizeof *h);
    h->last = -1;
    int s = rnd(g, 3);
    for (int i = 0; i < 9; i++)
        h->count[9 * s + i] = (uint8_t)base[i];
    h->count[9 * s + rnd(g, 9)]++;
    memcpy(g->tot, h->count, MJ_TILES);
}

/* Red fives: each suit's five may be made red where it is held. */
static void gen_reds(gen *g, mj_hand *h)
{
    for (int s = 0; s < 3; s++) {
        int five = 9 * s + 4;
        if (!g->tot[five] || rnd(g, 3))
            continue;
        int where = rnd(g, g->tot[five]);   /* which copy */
        if (where < h->count[five]) {
            h->red[s] = 1;
            continue;
        }
        where -= h->count[five];
        for (int i = 0; i < h->n_melds; i++) {
            const mj_meld *m = &h->melds[i];
            int k = m->type == MJ_CHI ? (five >= m->tile && five <= m->tile + 2)
                  : m->tile == five ? (m->type == MJ_PON ? 3 : 4) : 0;
            if (where < k) {
                h->melds[i].red = 1;
                break;
            }
            where -= k;
        }
    }
    h->n_tiles = 0;
    for (int t = 0; t < MJ_TILES; t++)
        h->n_tiles = (uint8_t)(h->n_tiles + h->count[t]);
}

static int gen_indicator(gen *g, const mj_hand *h, uint8_t *red_used, uint8_t *t, int *red)
{
    for (int tries = 0; tries < 40; tries++) {
        int x = rnd(g, MJ_TILES);
        if (g->tot[x] >= 4)
            continue;
        g->tot[x]++;
        *t = (uint8_t)x;
        *red = 0;
        if (x < 27 && x % 9 == 4 && !red_used[x / 9] && !h->red[x / 9] && rnd(g, 4) == 0) {
            int in_meld = 0;
            for (int i = 0; i < h->n_melds; i++)
                in_meld |= h->melds[i].red && h->melds[i].tile / 9 == x / 9 && h->melds[i].tile < 27;
            if (!in_meld) {
                red_used[x / 9] = 1;
                *red = 1;
            }
        }
        return 1;
    }
    return 0;
}

static void gen_context(gen *g, const mj_hand *h, mj_winctx *w)
{
    mj_winctx_init(w);
    int closed = 1, kans = 0;
    for (int i = 0; i < h->n_melds; i++) {
        closed &= h->melds[i].type == MJ_ANKAN;
        kans += h->melds[i].type == MJ_KAN || h->melds[i].type == MJ_ANKAN;
    }
    /* the winning tile: a random closed tile */
    int k = rnd(g, h->n_tiles);
    for (int t = 0; t < MJ_TILES; t++) {
        if (k < h->count[t]) {
            w->win = (int8_t)t;
            break;
        }
        k -= h->count[t];
    }
    if (w->win < 27 && w->win % 9 == 4 && h->red[w->win / 9] && (h->count[w->win] == 1 || rnd(g, 3) == 0))
        w->win_red = 1;
    w->round = (uint8_t)rnd(g, 4);
    w->seat = (uint8_t)rnd(g, 4);
    int tsumo = rnd(g, 2);
    if (tsumo) w->flags |= MJ_WIN_TSUMO;
    int riichi = closed && rnd(g, 5) < 2;
    if (riichi) {
        w->flags |= rnd(g, 5) ? MJ_WIN_RIICHI : MJ_WIN_DOUBLE_RIICHI;
        if (rnd(g, 3) == 0) w->flags |= MJ_WIN_IPPATSU;
    }
    int r = rnd(g, 20);
    if (r == 0 && tsumo) w->flags |= MJ_WIN_HAITEI;
    else if (r == 1 && !tsumo) w->flags |= MJ_WIN_HOUTEI;
    else if (r <= 4 && tsumo && kans) w->flags |= MJ_WIN_RINSHAN;
    else if (r == 5 && !tsumo && g->tot[w->win] == 1) w->flags |= MJ_WIN_CHANKAN;
    else if (r == 6 && tsumo && !riichi && h->n_melds == 0)
        w->flags |= w->seat == 0 ? MJ_WIN_TENHOU : MJ_WIN_CHIIHOU;
    uint8_t red_used[3] = { 0, 0, 0 };
    int nd = rnd(g, 4);
    for (int i = 0; i < nd; i++) {
        int red;
        if (!gen_indicator(g, h, red_used, &w->dora[w->n_dora], &red))
            break;
        if (red) w->dora_red = (uint16_t)(w->dora_red | 1u << w->n_dora);
        w->n_dora++;
    }
    if (riichi && rnd(g, 2))
        for (int i = 0; i < w->n_dora; i++) {
            int red;
            if (!gen_indicator(g, h, red_used, &w->ura[w->n_ura], &red))
                break;
            if (red) w->ura_red = (uint16_t)(w->ura_red | 1u << w->n_ura);
            w->n_ura++;
        }
    if (rnd(g, 8) == 0) w->honba = (uint32_t)rnd(g, 6);
    if (rnd(g, 8) == 0) w->sticks = (uint32_t)rnd(g, 4);
    if (rnd(g, 5) == 0) w->rules = (unsigned)rnd(g, 32);
}

/* ------------------------------------------------------------ comparison */

static int yaku_equal(const mj_score *s, const oracle_result *o)
{
    if (s->n_yaku != o->n_yaku)
        return 0;
    int used[MJ_MAX_YAKU] = { 0 };
    for (int i = 0; i < s->n_yaku; i++) {
        int found = 0;
        for (int j = 0; j < o->n_yaku && !found; j++)
            if (!used[j] && o->yaku_han[j] == s->yaku[i].han && !strcmp(o->yaku_name[j], mj_yaku_name(s->yaku[i].id)))
                used[j] = found = 1;
        if (!found)
            return 0;
    }
    return 1;
}

static void describe(const mj_hand *h, const mj_winctx *w, char *buf, size_t cap)
{
    char ht[MJ_HAND_TEXT], wt[3];
    mj_hand_format(h, ht, sizeof ht);
    mj_tile_name(w->win, wt);
    snprintf(buf, cap, "%s win:%s flags %#x rules %#x round %d seat %d dora %d ura %d", ht, wt, w->flags, w->rules,
             w->round, w->seat, w->n_dora, w->n_ura);
}

/* Compare library and oracle on one hand; returns 1 if they agree. */
static int compare_one(const mj_hand *h, const mj_winctx *w, int *ambiguous)
{
    mj_score s;
    oracle_result o;
    tk_error e = { 0 };
    if (mj_score_hand(h, w, &s, &e) != 0)
        return 0;
    oracle_score(h, w, &o);
    if (s.status != o.status)
        return 0;
    if (s.status != MJ_SCORE_OK)
        return 1;
    int ok = s.han == o.han && s.yakuman == o.yakuman && !strcmp(mj_limit_name(s.limit), o.limit) &&
             s.main == o.main && s.additional == o.additional && s.total == o.total &&
             (s.yakuman || s.fu == o.fu);
    if (o.ambiguous)
        (*ambiguous)++;
    else
        ok &= yaku_equal(&s, &o);
    return ok;
}

static void test_oracle_random(void)
{
    gen g = { { 0x5eed5c0e }, { 0 } };
    int n = (int)(40000 * th_scale()), bad = 0, amb = 0, statuses[3] = { 0, 0, 0 }, yakuman = 0;
    char d[256];
    for (int i = 0; i < n; i++) {
        mj_hand h;
        int kind = rnd(&g, 40);
        if (kind == 0) gen_kokushi(&g, &h);
        else if (kind == 1) gen_chuuren(&g, &h);
        else if (kind <= 4) gen_chiitoi(&g, &h, rnd(&g, 7));
        else if (!gen_regular(&g, &h, kind < 20 ? 0 : rnd(&g, 7))) { i--; continue; }
        gen_reds(&g, &h);
        mj_winctx w;
        gen_context(&g, &h, &w);
        tk_error e = { 0 };
        int rc = mj_winctx_check(&h, &w, &e);
        describe(&h, &w, d, sizeof d);
        CHECKF(rc == 0, "generated context rejected: %s: %s", d, e.msg);
        if (rc)
            continue;
        int ok = compare_one(&h, &w, &amb);
        if (!ok && bad++ < 10) {
            mj_score s;
            oracle_result o;
            mj_score_hand(&h, &w, &s, &e);
            oracle_score(&h, &w, &o);
            CHECKF(ok, "%s: library %d han %d fu %dx %d, oracle status %d %d han %d fu %dx %d", d, s.han, s.fu,
                   s.yakuman, s.total, o.status, o.han, o.fu, o.yakuman, o.total);
        }
        mj_score s;
        mj_score_hand(&h, &w, &s, &e);
        statuses[s.status]++;
        yakuman += s.yakuman > 0;
    }
    printf("oracle: %d hands, %d disagree; %d scored (%d yakuman), %d no yaku, %d not winning; %d with tied readings\n",
           n, bad, statuses[0], yakuman, statuses[1], statuses[2], amb);
    CHECK(bad == 0);
    CHECK(statuses[0] > n / 2 && yakuman > n / 100 && statuses[1] > 0);
}

/* Random 14 - 3k tile hands (mostly not complete): the same status, and the
 * same value when complete. */
static void test_oracle_any_tiles(void)
{
    gen g = { { 0xa11ce }, { 0 } };
    int n = (int)(20000 * th_scale()), bad = 0, amb = 0, complete = 0;
    char d[256];
    for (int i = 0; i < n; i++) {
        mj_hand h;
        memset(&h, 0, sizeof h);
        memset(g.tot, 0, sizeof g.tot);
        int suit = rnd(&g, 4);   /* 0..2: one suit (more complete hands), 3: anything */
        h.n_tiles = 14;
        for (int k = 0; k < 14;) {
            int t = suit < 3 && rnd(&g, 4) ? 9 * suit + rnd(&g, 9) : rnd(&g, MJ_TILES);
            if (h.count[t] >= 4)
                continue;
            h.count[t]++;
            g.tot[t]++;
            k++;
        }
        mj_winctx w;
        gen_context(&g, &h, &w);
        tk_error e = { 0 };
        if (mj_winctx_check(&h, &w, &e) != 0)
            continue;
        int ok = compare_one(&h, &w, &amb);
        mj_score s;
        mj_score_hand(&h, &w, &s, &e);
        complete += s.status != MJ_SCORE_NOT_WINNING;
        describe(&h, &w, d, sizeof d);
        if (!ok && bad++ < 10)
            CHECKF(ok, "%s: status %d", d, s.status);
    }
    printf("any tiles: %d hands, %d complete, %d disagree\n", n, complete, bad);
    CHECK(bad == 0 && complete > 0);
}

/* ------------------------------------------------------------ the shared vectors */

static int jtrue(const tj_value *o, const char *key)
{
    const tj_value *v = tj_get(o, key);
    return v && v->type == TJ_BOOL && v->boolean;
}

/* The line of a vector, built as mjscore_check.py builds it. */
static void vector_line(const tj_value *o, int with_win, char *buf, size_t cap)
{
    size_t k = 0;
    const char *hand = tj_str(o, "hand");
    k += (size_t)snprintf(buf + k, cap - k, "%s", hand ? hand : "");
    const tj_value *melds = tj_get(o, "melds");
    for (size_t i = 0; melds && i < melds->n; i++) {
        const char *ty = tj_str(&melds->items[i], "type"), *ti = tj_str(&melds->items[i], "tiles");
        k += (size_t)snprintf(buf + k, cap - k, ty && !strcmp(ty, "ankan") ? " (%s)" : " [%s]", ti ? ti : "");
    }
    if (with_win)
        k += (size_t)snprintf(buf + k, cap - k, " win:%s", tj_str(o, "win") ? tj_str(o, "win") : "");
    const tj_value *c = tj_get(o, "ctx");
    static const char *const words[][2] = {
        { "riichi", "riichi" }, { "double_riichi", "double-riichi" }, { "ippatsu", "ippatsu" },
        { "haitei", "haitei" }, { "houtei", "houtei" }, { "rinshan", "rinshan" }, { "chankan", "chankan" },
        { "tenhou", "tenhou" }, { "chiihou", "chiihou" } };
    if (tj_get(c, "tsumo"))
        k += (size_t)snprintf(buf + k, cap - k, jtrue(c, "tsumo") ? " tsumo" : " ron");
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (jtrue(c, words[i][0]))
            k += (size_t)snprintf(buf + k, cap - k, " %s", words[i][1]);
    k += (size_t)snprintf(buf + k, cap - k, " round:%s seat:%s", tj_str(c, "round"), tj_str(c, "seat"));
    const char *d = tj_str(c, "dora"), *u = tj_str(c, "ura");
    if (d && *d) k += (size_t)snprintf(buf + k, cap - k, " dora:%s", d);
    if (u && *u) k += (size_t)snprintf(buf + k, cap - k, " ura:%s", u);
    if (tj_int(c, "honba", 0)) k += (size_t)snprintf(buf + k, cap - k, " honba:%lld", tj_int(c, "honba", 0));
    if (tj_int(c, "sticks", 0)) snprintf(buf + k, cap - k, " sticks:%lld", tj_int(c, "sticks", 0));
}

/* Exact comparison with an expect object; `why` gets "" or the difference. */
static void vector_verdict(const tj_value *ex, const mj_score *s, char *why, size_t cap)
{
    const char *err = tj_str(ex, "error");
    *why = 0;
    if (err) {
        int want = !strcmp(err, "no_yaku") ? MJ_SCORE_NO_YAKU : MJ_SCORE_NOT_WINNING;
        if (s->status != want)
            snprintf(why, cap, "status %d, expected %s", s->status, err);
        return;
    }
    if (s->status != MJ_SCORE_OK) {
        snprintf(why, cap, "status %d, expected a score", s->status);
        return;
    }
    const char *lim = tj_str(ex, "limit");
    const tj_value *pts = tj_get(ex, "points");
    int ok = s->han == tj_int(ex, "han", -1) && s->yakuman == tj_int(ex, "yakuman", -1) && lim &&
             !strcmp(lim, mj_limit_name(s->limit)) && (s->yakuman || s->fu == tj_int(ex, "fu", -1)) &&
             s->main == tj_int(pts, "main", -1) && s->additional == tj_int(pts, "additional", -1) &&
             s->total == tj_int(pts, "total", -1);
    /* yaku multiset */
    const tj_value *yaku = tj_get(ex, "yaku");
    int used[MJ_MAX_YAKU] = { 0 };
    size_t n = yaku ? yaku->n : 0;
    for (size_t y = 0; y < n; y++) {
        const tj_value *pair = &yaku->items[y];
        int found = 0;
        for (int i = 0; i < s->n_yaku && !found && pair->n == 2; i++)
            if (!used[i] && !strcmp(mj_yaku_name(s->yaku[i].id), pair->items[0].str) &&
                s->yaku[i].han == (int)pair->items[1].number)
                used[i] = found = 1;
        ok &= found;
    }
    ok &= (int)n == s->n_yaku;
    if (!ok)
        snprintf(why, cap, "got %d han %d fu %dx %s %d/%d/%d, %d yaku; expected %lld han %lld fu %lldx '%s' %lld/%lld/%lld",
                 s->han, s->fu, s->yakuman, mj_limit_name(s->limit), s->main, s->additional, s->total, s->n_yaku,
                 tj_int(ex, "han", -1), tj_int(ex, "fu", -1), tj_int(ex, "yakuman", -1), lim ? lim : "?",
                 tj_int(pts, "main", -1), tj_int(pts, "additional", -1), tj_int(pts, "total", -1));
}

/* One vector of a file: its JSON, its line (as vector_line writes it),
 * and the hand and context parsed from that line and checked (rc: 0, or
 * the parser's or the check's error in e). */
typedef struct vec {
    tj_value *o;
    char text[512];
    mj_hand h;
    mj_winctx w;
    tk_error e;
    int rc;
} vec;

/* The next vector of f into *v (a line that is not JSON is a failed check
 * and skipped); 0 at the end.  The caller frees v->o. */
static int vector_next(FILE *f, char *line, int cap, int with_win, vec *v)
{
    while (fgets(line, cap, f)) {
        char jerr[128];
        v->o = tj_parse(line, strlen(line), jerr, sizeof jerr);
        CHECKF(v->o != NULL, "bad vector line: %s", jerr);
        if (!v->o)
            continue;
        vector_line(v->o, with_win, v->text, sizeof v->text);
        memset(&v->e, 0, sizeof v->e);
        mj_winctx_init(&v->w);
        v->rc = mj_parse_line(v->text, strlen(v->text), &v->h, &v->w, &v->e);
        if (v->rc == 0)
            v->rc = mj_winctx_check(&v->h, &v->w, &v->e);
        return 1;
    }
    return 0;
}

static void test_vectors_complete(void)
{
    FILE *f = th_shared_open("vectors/mjscore.jsonl");
    if (!f)
        return;
    static char line[1 << 16];
    int n = 0, ok = 0;
    vec v;
    while (vector_next(f, line, sizeof line, 1, &v)) {
        char why[400];
        n++;
        CHECKF(v.rc == 0, "id %lld '%s': %s", tj_int(v.o, "id", -1), v.text, v.e.msg);
        mj_score s;
        if (v.rc == 0 && mj_score_hand(&v.h, &v.w, &s, &v.e) == 0) {
            vector_verdict(tj_get(v.o, "expect"), &s, why, sizeof why);
            CHECKF(!*why, "id %lld '%s': %s", tj_int(v.o, "id", -1), v.text, why);
            ok += !*why;
        }
        tj_free(v.o);
    }
    fclose(f);
    printf("mjscore.jsonl: %d of %d hands agree\n", ok, n);
    CHECK(n >= 600 && ok == n);
}

static void test_vectors_waits(void)
{
    FILE *f = th_shared_open("vectors/mjscore-waits.jsonl");
    if (!f)
        return;
    static char line[1 << 16];
    mj_ctx *ctx = NULL;
    REQUIRE(mj_ctx_create(&ctx, NULL) == 0);
    int n = 0, ok = 0;
    vec v;
    while (vector_next(f, line, sizeof line, 0, &v)) {
        char why[400];
        CHECKF(v.rc == 0, "waits id %lld '%s': %s", tj_int(v.o, "id", -1), v.text, v.e.msg);
        const tj_value *waits = tj_get(v.o, "waits");
        uint64_t want = v.rc == 0 ? mj_waits(ctx, &v.h, NULL) : 0, seen = 0;
        for (size_t k = 0; v.rc == 0 && waits && k < waits->n; k++) {
            const tj_value *wt = &waits->items[k];
            const char *tn = waits->keys[k], *wn = tj_str(wt, "win");
            int t = mj_tile_parse(tn), red = wn && wn[0] == '0';
            seen |= (uint64_t)1 << t;
            n += 2;
            CHECKF(mj_wait_copy(&v.h, &v.w, t) == red, "waits id %lld: copy of %s should be %s", tj_int(v.o, "id", -1), tn,
                   wn);
            for (int ts = 0; ts <= 1; ts++) {
                mj_score s;
                if (mj_score_wait(&v.h, &v.w, t, red, ts, &s, &v.e) != 0)
                    continue;
                vector_verdict(tj_get(wt, ts ? "tsumo" : "ron"), &s, why, sizeof why);
                CHECKF(!*why, "waits id %lld '%s' %s %s: %s", tj_int(v.o, "id", -1), v.text, tn, ts ? "tsumo" : "ron", why);
                ok += !*why;
            }
        }
        CHECKF(v.rc != 0 || seen == want, "waits id %lld '%s': wait set differs", tj_int(v.o, "id", -1), v.text);
        tj_free(v.o);
    }
    fclose(f);
    mj_ctx_destroy(ctx);
    printf("mjscore-waits.jsonl: %d of %d wait values agree\n", ok, n);
    CHECK(n >= 400 && ok == n);
}

/* ------------------------------------------------------------ hand-written cases */

/* Score one line (defaults then words); returns the status, or -1 on an
 * error whose message must contain `want_err`. */
static int line_score(const char *text, mj_score *s, tk_error *e)
{
    mj_hand h;
    mj_winctx w;
    mj_winctx_init(&w);
    int rc = mj_parse_line(text, strlen(text), &h, &w, e);
    if (rc == 0)
        rc = mj_winctx_check(&h, &w, e);
    if (rc)
        return -1;
    if (mj_score_hand(&h, &w, s, e))
        return -1;
    return s->status;
}

static void expect_ctx_error(const char *text, const char *want)
{
    mj_score s;
    tk_error e = { 0 };
    int rc = line_score(text, &s, &e);
    CHECKF(rc == -1 && strstr(e.msg, want), "'%s': got %d '%s', expected an error with '%s'", text, rc, e.msg, want);
}

static void test_context_errors(void)
{
    expect_ctx_error("123456m34678p11z5p ippatsu", "ippatsu without riichi");
    expect_ctx_error("123456m34678p11z5p riichi double-riichi", "riichi and double-riichi");
    expect_ctx_error("123456m11z55p [678p] riichi", "riichi with an open meld");
    expect_ctx_error("123456m34678p11z5p rinshan tsumo", "rinshan without a kan");
    expect_ctx_error("123456m11z555p (1111s) rinshan", "rinshan with ron");
    expect_ctx_error("123456m34678p11z5p haitei", "haitei with ron");
    expect_ctx_error("123456m34678p11z5p houtei tsumo", "houtei with tsumo");
    expect_ctx_error("123456m34567p11z5p chankan", "another copy");
    expect_ctx_error("123456m34678p11z5p chankan tsumo", "chankan with tsumo");
    expect_ctx_error("123456m34678p11z5p tenhou tsumo seat:S", "tenhou off the dealer seat");
    expect_ctx_error("123456m11z567p [789s] tenhou tsumo seat:E", "tenhou with a call");
    expect_ctx_error("123456m34678p11z5p chiihou tsumo seat:E", "chiihou on the dealer seat");
    expect_ctx_error("123456m34678p11z5p tenhou seat:E", "tenhou with ron");
    expect_ctx_error("123456m34678p11z5p dora:1z1z1z", "more than 4 copies of 1z");
    expect_ctx_error("123456m34678p11z5p riichi dora:5p5p ura:5p5p", "more than 4 copies of 5p");
    expect_ctx_error("123406m34678p11z5p dora:0m", "two red fives");
    expect_ctx_error("123456m34678p11z5p ura:3m", "ura dora indicators without riichi");
    expect_ctx_error("123456m34678p11z5p win:9s", "not in the closed part");
    expect_ctx_error("123456m34678p11z5p win:0p", "no red five");
    expect_ctx_error("123456m34678p11z win:5p", "win: on a waiting hand");
    expect_ctx_error("123456m34678p11z5p bogus", "unknown word 'bogus'");
    expect_ctx_error("123456m34678p11z5p round:X", "round must be E, S, W or N");
    expect_ctx_error("123456m34678p11z5p honba:x", "honba needs a number");
    expect_ctx_error("123456m34678p11z5p dora:8z", "'8z' is not a tile");
    expect_ctx_error("123456m34678p11z5p dora:33", "have no suit letter");
    expect_ctx_error("123456m34678p11z5p foo:1", "unknown key 'foo:'");
    expect_ctx_error("123456m34678p11z5p seen:1z1z1z", "more than 4 copies of 1z");
    /* the error column points at the word */
    mj_score s;
    tk_error e = { 0 };
    CHECK(line_score("123456m34678p11z5p  round:Q", &s, &e) == -1 && e.col == 27);
    CHECK(line_score("123456m34678p11z5p ippatsu", &s, &e) == -1 && e.col == 20);
    CHECK(line_score("123456m34678p11z5p tsumo dora:1z1z1z", &s, &e) == -1 && e.col == 26);
    CHECK(line_score("123456m34678p11z5p riichi chankan tsumo", &s, &e) == -1 && e.col == 27);
}

typedef struct known {
    const char *line;
    int status, han, fu, yakuman, total;
    const char *yaku;   /* names joined by ',' in the library's order, NULL = not checked */
} known;

static void test_known(void)
{
    /* values worked out by hand from the rules of mjscore.md */
    static const known K[] = {
        /* pinfu ron, non-dealer: 30 fu 1 han = 1000 (won on 4m: 56+4 ryanmen) */
        { "123456m234p678s55p win:4m", 0, 1, 30, 0, 1000, "Pinfu" },
        /* the same by tsumo: 20 fu 2 han, 400/700 */
        { "123456m234p678s55p win:4m tsumo", 0, 2, 20, 0, 1500, "Menzen Tsumo,Pinfu" },
        /* dealer tsumo pinfu 2 han 20 fu: 700 all */
        { "123456m234p678s55p win:4m tsumo seat:E", 0, 2, 20, 0, 2100, NULL },
        /* kanchan on 2m: no pinfu, closed ron no yaku */
        { "13m456m234p678s55p2m", 1, 0, 0, 0, 0, NULL },
        /* open hand without yaku */
        { "123m456p55s789s [678p]", 1, 0, 0, 0, 0, NULL },
        /* not a winning hand */
        { "1234m456p55s789s12z", 2, 0, 0, 0, 0, NULL },
        /* seven pairs with a quad are not seven pairs */
        { "1111m2233p4455s66z", 2, 0, 0, 0, 0, NULL },
        /* four concealed triplets won on the pair: double yakuman, non-dealer ron 64000 */
        { "111m222p333s444z5z5z win:5z", 0, 26, 0, 2, 64000, "Suu Ankou Tanki" },
        /* the same by ron on a triplet: san ankou + toitoi */
        { "111m222p333s44z555z win:5z", 0, 0, 0, 0, 0, NULL },
        /* thirteen orphans, 13-sided, dealer ron 96000 */
        { "19m19p19s12345677z win:7z seat:E", 0, 26, 0, 2, 96000, "Kokushi Musou Juusanmen Matchi" },
        /* honba and sticks: 1000 + 2 x 300 + 1000 */
        { "123456m234p678s55p win:4m honba:2 sticks:1", 0, 1, 30, 0, 2600, "Pinfu" },
        /* penchan 12+3: no pinfu, so closed ron without a yaku */
        { "123456m234p678s55p win:3m", 1, 0, 0, 0, 0, NULL },
        /* kazoe: riichi 1 + pinfu 1 + ryanpeikou 3 + chinitsu 6 + dora 2 = 13 han, 32000 */
        { "11223344556677m riichi dora:3m win:4m", 0, 13, 30, 0, 32000,
          "Riichi,Chinitsu,Pinfu,Ryanpeikou,Dora" },
    };
    for (size_t i = 0; i < sizeof K / sizeof K[0]; i++) {
        mj_score s;
        tk_error e = { 0 };
        int st = line_score(K[i].line, &s, &e);
        CHECKF(st == K[i].status, "'%s': status %d (%s), expected %d", K[i].line, st, e.msg, K[i].status);
        if (st != 0 || K[i].status != 0 || !K[i].total)
            continue;
        CHECKF(K[i].han < 0 || s.han == K[i].han, "'%s': %d han", K[i].line, s.han);
        CHECKF(K[i].fu < 0 || s.yakuman || s.fu == K[i].fu, "'%s': %d fu", K[i].line, s.fu);
        CHECKF(s.yakuman == K[i].yakuman, "'%s': yakuman %d", K[i].line, s.yakuman);
        CHECKF(s.total == K[i].total, "'%s': total %d", K[i].line, s.total);
        if (K[i].yaku) {
            char got[256] = "";
            for (int y = 0; y < s.n_yaku; y++) {
                if (y) strcat(got, ",");
                strcat(got, mj_yaku_name(s.yaku[y].id));
            }
            CHECKF(!strcmp(got, K[i].yaku), "'%s': yaku %s", K[i].line, got);
        }
    }
    /* san ankou + toitoi by ron on the triplet */
    mj_score s;
    tk_error e = { 0 };
    REQUIRE(line_score("111m222p333s44z555z win:5z", &s, &e) == 0);
    CHECK(s.yakuman == 0 && s.han == 4 + 1);   /* toitoi 2, san ankou 2, haku 1 */
}

static void test_rules(void)
{
    mj_score s;
    tk_error e = { 0 };
    /* open tanyao, and without kuitan */
    REQUIRE(line_score("234m567p55s678s [234p]", &s, &e) == 0);
    CHECK(s.han == 1);
    mj_hand h;
    mj_winctx w;
    mj_winctx_init(&w);
    w.rules = MJ_RULE_NO_KUITAN;
    const char *t = "234m567p55s678s [234p]";
    REQUIRE(mj_parse_line(t, strlen(t), &h, &w, &e) == 0 && mj_winctx_check(&h, &w, &e) == 0);
    REQUIRE(mj_score_hand(&h, &w, &s, &e) == 0);
    CHECK(s.status == MJ_SCORE_NO_YAKU);
    /* red fives off */
    mj_winctx_init(&w);
    w.rules = MJ_RULE_NO_AKA;
    t = "234m067p55s678s [234p]";
    REQUIRE(mj_parse_line(t, strlen(t), &h, &w, &e) == 0 && mj_winctx_check(&h, &w, &e) == 0);
    REQUIRE(mj_score_hand(&h, &w, &s, &e) == 0);
    CHECK(s.han == 1 && s.aka == 0);
    mj_winctx_init(&w);
    REQUIRE(mj_parse_line(t, strlen(t), &h, &w, &e) == 0 && mj_winctx_check(&h, &w, &e) == 0);
    REQUIRE(mj_score_hand(&h, &w, &s, &e) == 0);
    CHECK(s.han == 2 && s.aka == 1);
    /* kiriage: 4 han 30 fu */
    t = "234m567p55s678s [234p] dora:4s4p";   /* tanyao 1 + dora 2 + 1 = 4 han, open 30 fu */
    mj_winctx_init(&w);
    REQUIRE(mj_parse_line(t, strlen(t), &h, &w, &e) == 0 && mj_winctx_check(&h, &w, &e) == 0);
    REQUIRE(mj_score_hand(&h, &w, &s, &e) == 0);
    CHECK(s.han == 4 && s.fu == 30 && s.total == 7700 && s.limit == MJ_LIMIT_NONE);
    w.rules = MJ_RULE_KIRIAGE;
    REQUIRE(mj_score_hand(&h, &w, &s, &e) == 0);
    CHECK(s.total == 8000 && s.limit == MJ_LIMIT_MANGAN);
    /* single yakuman: big four winds + all honours is 1x */
    t = "111z222z333z444z55z";
    mj_winctx_init(&w);
    REQUIRE(mj_parse_line(t, strlen(t), &h, &w, &e) == 0 && mj_winctx_check(&h, &w, &e) == 0);
    REQUIRE(mj_score_hand(&h, &w, &s, &e) == 0);
    CHECK(s.yakuman >= 4);
    w.rules = MJ_RULE_SINGLE_YAKUMAN;
    REQUIRE(mj_score_hand(&h, &w, &s, &e) == 0);
    CHECK(s.yakuman == 1 && s.total == 32000);
    /* double wind pair: 4 fu, or 2 */
    t = "123m456p789s345m11z round:E seat:E win:5m tsumo";
    mj_winctx_init(&w);
    REQUIRE(mj_parse_line(t, strlen(t), &h, &w, &e) == 0 && mj_winctx_check(&h, &w, &e) == 0);
    REQUIRE(mj_score_hand(&h, &w, &s, &e) == 0);
    CHECK(s.fu_raw == 26);
    w.rules = MJ_RULE_DOUBLE_WIND_2FU;
    REQUIRE(mj_score_hand(&h, &w, &s, &e) == 0);
    CHECK(s.fu_raw == 24);
}

static void test_line_syntax(void)
{
    mj_hand h;
    mj_winctx w;
    tk_error e = { 0 };
    const char *t = "340m 67p 34555s [789s] tsumo riichi round:S seat:E dora:3m7z honba:1 sticks:2";
    mj_winctx_init(&w);
    REQUIRE(mj_parse_line(t, strlen(t), &h, &w, &e) == 0);
    CHECK(h.n_tiles == 10 && h.n_melds == 1 && h.red[0] == 1 && h.last == 22);
    CHECK((w.flags & MJ_WIN_TSUMO) && (w.flags & MJ_WIN_RIICHI) && w.round == 1 && w.seat == 0);
    CHECK(w.n_dora == 2 && w.dora[0] == 2 && w.dora[1] == 33 && w.honba == 1 && w.sticks == 2);
    /* a word overrides the default */
    mj_winctx_init(&w);
    w.flags |= MJ_WIN_TSUMO;
    t = "123456m234p678s55p ron";
    REQUIRE(mj_parse_line(t, strlen(t), &h, &w, &e) == 0);
    CHECK(!(w.flags & MJ_WIN_TSUMO));
    /* default winning tile: the last closed tile written, red kept */
    t = "123456m234p678s50p";
    mj_winctx_init(&w);
    REQUIRE(mj_parse_line(t, strlen(t), &h, &w, &e) == 0 && mj_winctx_check(&h, &w, &e) == 0);
    CHECK(w.win == 13 && w.win_red == 1);
    /* errors keep their column */
    t = "123456m 234p 678s 5x5p";
    mj_winctx_init(&w);
    CHECK(mj_parse_line(t, strlen(t), &h, &w, &e) != 0 && e.col == 19);
    /* unseen counts and the copy a wait draws */
    t = "5566m [567m] [234p] [678s] dora:5m";
    mj_winctx_init(&w);
    REQUIRE(mj_parse_line(t, strlen(t), &h, &w, &e) == 0 && mj_winctx_check(&h, &w, &e) == 0);
    uint8_t un[MJ_TILES];
    mj_unseen(&h, &w, un);
    CHECK(un[4] == 0 && mj_wait_copy(&h, &w, 4) == -1 && un[5] == 1);
    t = "5566m [567m] [234p] [678s]";
    mj_winctx_init(&w);
    REQUIRE(mj_parse_line(t, strlen(t), &h, &w, &e) == 0 && mj_winctx_check(&h, &w, &e) == 0);
    CHECK(mj_wait_copy(&h, &w, 4) == 1);   /* three plain fives held: the red one is left */
}

static void test_ukeire(void)
{
    mj_ctx *ctx = NULL;
    REQUIRE(mj_ctx_create(&ctx, NULL) == 0);
    mj_hand h;
    tk_error e = { 0 };
    const char *t = "123456789m1p1s12z";
    REQUIRE(mj_parse(&h, t, strlen(t), &e) == 0);
    uint64_t acc;
    int total, s = mj_ukeire(ctx, &h, NULL, &acc, &total);
    /* brute force: a tile is accepted iff shanten of hand+tile after the best discard drops */
    uint64_t want = 0;
    int want_total = 0;
    uint8_t c[MJ_TILES];
    memcpy(c, h.count, sizeof c);
    for (int x = 0; x < MJ_TILES; x++) {
        if (c[x] >= 4) continue;
        c[x]++;
        int best = 99;
        for (int d = 0; d < MJ_TILES; d++) {
            if (!c[d]) continue;
            c[d]--;
            int v = 99;
            mj_shanten_counts(ctx, c, 0, &v, NULL);
            c[d]++;
            if (v < best) best = v;
        }
        int whole = 99;
        mj_shanten_counts(ctx, c, 0, &whole, NULL);
        if (whole == -1) best = -1;
        c[x]--;
        if (best < s) { want |= (uint64_t)1 << x; want_total += 4 - c[x]; }
    }
    CHECK(s >= 1 && acc == want && total == want_total && acc != 0);
    mj_ctx_destroy(ctx);
}

static const th_test tests[] = {
    { "known", test_known },
    { "rules", test_rules },
    { "context_errors", test_context_errors },
    { "line_syntax", test_line_syntax },
    { "ukeire", test_ukeire },
    { "oracle_random", test_oracle_random },
    { "oracle_any_tiles", test_oracle_any_tiles },
    { "vectors_complete", test_vectors_complete },
    { "vectors_waits", test_vectors_waits },
    { 0, 0 }
};

int main(int argc, char **argv)
{
    return th_main("mjscore", tests, argc, argv);
}
