/* mkdanger.c - fits the danger model of tilekit/mjdanger.h on real game
 * records and measures how well it ranks the tiles that really dealt in.
 *
 *   mkdanger --fit [--split train|test|all|dev-fit|dev-check] [--every K]
 *                  [--objective shapes|tiles] [--all-tenpai|--closed-tenpai] [-o PARAMS] LOG...
 *   mkdanger --calibrate [--split ...] [--params PARAMS] [-o PARAMS] LOG...
 *   mkdanger --auc [--split ...] [--params PARAMS] [--helper POSITIONS]
 *                  [--scores FILE] LOG...
 *   mkdanger --auc-scores FILE
 *
 * The logs (Tenhou .mjlog / tenhou.net/6 JSON, gzip or not) are split by
 * round: a round whose FNV-1a hash of its deal is 0 mod K (default 3) is a
 * test round, the others are training rounds, and a round met twice (a log
 * cut from another) is read once.  --fit and --calibrate read the training
 * rounds, --auc the test rounds (--split overrides; dev-fit and dev-check are the two
 * halves of the training rounds, for choosing features without the test
 * rounds).
 *
 * Observations: every discard of a player o while another player s stands
 * in riichi, seen from o (its hand, every river and meld): the table of
 * mj_table_from_replay.
 * --fit: the weights theta of the shapes (maximum likelihood of the shapes
 *   s really held: every reading of each wait of s's hand that is a
 *   candidate; an observation where s is furiten or noten is left out; each
 *   riichi weighs 1 in all, shared by its observations; an L2 penalty of
 *   LAMBDA pulls theta to 0 and log-live to 1; Newton's method), then the logistic curve of
 *   P(tenpai) of players not in riichi (open melds, discards), and the mean
 *   ron values (riichi, riichi in its ippatsu turn, open hands less 1,000 a
 *   dora in their melds; dealers' values / 1.5).  Prints the model as the
 *   C initializer of src/mahjong/danger_model.c and writes PARAMS (one
 *   number a line) for --auc --params.
 * --calibrate: step 4 of the model on the training pairs (below) of the
 *   model PARAMS (or the built-in one): the logistic regression of each
 *   pair's label on mj_danger_calib_features (pairs whose wait probability
 *   is 0 stay 0 and are left out), an L2 penalty of 1 towards danger =
 *   wait / (1 + wait); prints the model and writes PARAMS with the 10
 *   coefficients after the 33 numbers of --fit.
 * --auc: the pairs (discard of o, riichi player s), positive when s won on
 *   that discard; prints the count and the area under the ROC curve of the
 *   model's danger (ties count one half), and of a plain rule (genbutsu 0;
 *   honours by copies unseen; suji, half-suji, no suji; 1-9, 2-8, 3-7,
 *   4-6).  --helper writes one line a pair for tools/mjhelper_risk.go:
 *   label tile turns round-wind self-wind ippatsu dealer safe34 left34
 *   indicators early-discards (the inputs of mahjong-helper's risk function
 *   as its game loop fills them; see tools/danger-vs-helper.sh).
 *   --scores writes each pair's danger, label, tile, the riichi
 *   player's river length and declaration index, the number of candidate
 *   shapes, the rule's score and the number of tiles safe against it.  It also prints the same area over every kind of
 *   the discarder's hand (is it a wait of the riichi player, who is not
 *   furiten?), a denser measure for choosing features.
 * --auc-scores: the area of "score label" lines.
 * Experiments: --objective tiles fits theta on the hand tiles instead (the
 * Bernoulli likelihood of each being a wait); --all-tenpai adds the shapes
 * of players who are tenpai without riichi (--closed-tenpai: closed hands only); MKDANGER_DEBUG=1 prints a
 * calibration table (and each deal-in), MKDANGER_DUMP=FILE the hand tiles,
 * MKDANGER_DROP=,NAME,NAME, (feature names) fits with those features
 * held at 0, an ablation: --fit leaves their weights at the prior (0 but
 * for kind-kokushi and log-live), so --auc --params measures the model
 * without them.  None of these improved the model on the development split (see
 * doc/mahjong-defence.md); the shipped model uses the defaults.
 */
#include "cli/cli.h"
#include "core/tk_text.h"
#include "tilekit/mjdanger.h"
#include "tilekit/mjlog.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NF MJ_DANGER_FEATURES
#define LAMBDA 2.0

/* ---- the data collected ---- */
typedef struct obs {          /* one riichi player seen at one discard */
    int first, n;             /* its shapes in the shape arrays */
    int riichi_id;            /* which riichi instance */
    double weight;
    uint64_t hand, waits;     /* the observer's kinds, the riichi player's waits */
} obs;

typedef struct pair {
    double score, rule;
    int label;
    int turn;                 /* the riichi player's river length */
} pair;

typedef struct tenpai_obs { double opens, discards; int tenpai; } tenpai_obs;

typedef struct data {
    float *f;                 /* features, NF per shape */
    uint8_t *truth;           /* 1: the shape is one the player held */
    uint64_t *wm;             /* the waits of each shape */
    size_t ns, cap_s, cap_truth, cap_wm;
    obs *o;
    size_t no, cap_o;
    int n_riichi;
    pair *p;
    size_t np, cap_p;
    pair *hp;                 /* every tile of the discarder's hand: is it a wait (not furiten)? */
    size_t nhp, cap_hp;
    tenpai_obs *t;
    size_t nt, cap_t;
    double value_sum[3], value_n[3];
    FILE *helper;
    FILE *scores;             /* --scores: each pair's danger, label, tile, the riichi player's river length */
    mj_danger_model model;
    mj_ctx *ctx;
    int calibrating;          /* --calibrate: keep each pair's calibration features */
    double *cx;               /* MJ_DANGER_CALIB a pair with a wait above 0 */
    uint8_t *cy;              /* its label */
    size_t nc, cap_cx, cap_cy;
} data;

/* tku_grow, or the end of the run when out of memory */
static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    void *q = tku_grow(p, cap, need, size, 1024);
    if (!q) {
        fprintf(stderr, "mkdanger: out of memory\n");
        exit(1);
    }
    return q;
}

/* ---- the split ---- */
/* FNV-1a of a round's deal: the same round (a log cut from a longer one)
 * always falls on the same side, and is read once. */
static uint32_t round_hash(const mj_log_round *rd)
{
    uint32_t h = 2166136261u;
    const uint8_t *p = &rd->deal[0][0];
    for (size_t i = 0; i < sizeof rd->deal; i++)
        h = (h ^ p[i]) * 16777619u;
    h = (h ^ rd->dora0) * 16777619u;
    return h;
}

static uint32_t *seen_rounds;
static size_t n_seen, cap_seen;

static int seen_before(uint32_t h)
{
    for (size_t i = 0; i < n_seen; i++)
        if (seen_rounds[i] == h)
            return 1;
    seen_rounds = grow(seen_rounds, &cap_seen, n_seen + 1, sizeof *seen_rounds);
    seen_rounds[n_seen++] = h;
    return 0;
}

/* ---- the plain rule ---- */
static double rule_score(const mj_table *t, int s, int tile)
{
    const mj_table_seat *st = &t->seat[s];
    uint64_t safe = st->passed;
    for (int i = 0; i < st->n_river; i++)
        safe |= (uint64_t)1 << st->river[i].tile;
    if (safe >> tile & 1)
        return 0;
    if (tile >= 27)
        return t->unseen[tile] == 0 ? 0.1 : 0.5 + t->unseen[tile];
    int r = tile % 9;
    int lo = r >= 3 && (safe >> (tile - 3) & 1), hi = r <= 5 && (safe >> (tile + 3) & 1);
    int need_lo = r >= 3, need_hi = r <= 5;
    int suji = (lo || !need_lo) && (hi || !need_hi);
    int half = lo || hi;
    static const double RANK[9] = { 1, 2, 3, 4, 4, 4, 3, 2, 1 };
    return (suji ? 4 : half ? 8 : 12) + RANK[r];
}

/* ---- collecting ---- */
static int objective;     /* 0 shapes, 1 tiles */
static int all_tenpai;    /* players not in riichi who are tenpai fit the shapes too: 1 all (--all-tenpai), 2 closed hands only (--closed-tenpai) */

static void add_pair(data *d, double score, double rule, int label)
{
    d->p = grow(d->p, &d->cap_p, d->np + 1, sizeof *d->p);
    d->p[d->np++] = (pair){ score, rule, label, 0 };
}

static FILE *dump;   /* MKDANGER_DUMP: hand tiles with their features */

/* Every kind in o's hand against s: a wait of s's hand (s not furiten). */
static void add_hand_pairs(data *d, const mj_replay *r, const mj_table *t, int o, int s, const mj_danger *dg)
{
    uint64_t waits = mj_waits(d->ctx, &r->hand[s], NULL);
    if (!waits || (waits & dg->genbutsu))
        return;
    for (int x = 0; x < MJ_TILES; x++)
        if (r->hand[o].count[x]) {
            d->hp = grow(d->hp, &d->cap_hp, d->nhp + 1, sizeof *d->hp);
            d->hp[d->nhp++] = (pair){ dg->deal[x], rule_score(t, s, x), (int)(waits >> x & 1), t->seat[s].n_river };
            if (dump && dg->deal[x] > 0)
                fprintf(dump, "%.9g %d %d %d %d %g\n", dg->deal[x], t->seat[s].n_river, x, dg->n_shapes, (int)(waits >> x & 1),
                        rule_score(t, s, x));
        }
}

/* The inputs of mahjong-helper's CalculateRiskTiles34 for riichi player s. */
static void helper_line(FILE *f, const mj_table *t, int s, int tile, int label)
{
    const mj_table_seat *st = &t->seat[s];
    int wind = (s - t->dealer + 4) & 3;
    int ippatsu = st->riichi == st->n_river - 1;
    fprintf(f, "%d %d %d %d %d %d %d ", label, tile, st->n_river, 27 + t->round, 27 + wind, ippatsu, s == t->dealer);
    uint64_t safe = st->passed;
    for (int i = 0; i < st->n_river; i++)
        safe |= (uint64_t)1 << st->river[i].tile;
    for (int i = 0; i < st->n_melds; i++)
        if (st->melds[i].type == MJ_KAN || st->melds[i].type == MJ_ANKAN)
            safe |= (uint64_t)1 << st->melds[i].tile;
    for (int x = 0; x < MJ_TILES; x++)
        fputc(safe >> x & 1 ? '1' : '0', f);
    fputc(' ', f);
    for (int x = 0; x < MJ_TILES; x++)
        fputc('0' + t->unseen[x], f);
    fputc(' ', f);
    for (int i = 0; i < t->n_dora; i++)
        fprintf(f, "%s%d", i ? "," : "", t->dora[i]);
    fputs(t->n_dora ? " " : "- ", f);
    int n = 0;
    for (int i = 0; i < st->n_river && i < 5 && i < st->riichi; i++)
        fprintf(f, "%s%d", n++ ? "," : "", st->river[i].tile);
    fputs(n ? "\n" : "-\n", f);
}

/* The shapes s really holds: bit i of the candidates. */
static int truth_of(data *d, const mj_hand *h, const mj_danger_shape *sh, int n, uint8_t *truth)
{
    static mj_result res;
    memset(truth, 0, (size_t)n);
    if (mj_analyze(d->ctx, h, 0, &res, NULL) != 0)
        return 0;
    int any = 0;
    for (int w = 0; w < res.n_waits; w++) {
        const mj_wait *wt = &res.waits[w];
        for (int k = 0; k < wt->n; k++) {
            const mj_reading *rd = &res.readings[wt->first + k];
            int i = mj_danger_shape_of(sh, n, rd->kind, rd->shape, rd->shape_len, wt->tile);
            if (i >= 0) {
                truth[i] = 1;
                any = 1;
            }
        }
    }
    return any;
}

/* Is feature k named in MKDANGER_DROP (",name,name,")? */
static int dropped(const char *drop, int k)
{
    char key[64];
    snprintf(key, sizeof key, ",%s,", mj_danger_feature_name(k));
    return drop && strstr(drop, key);
}

static void add_obs(data *d, const mj_table *t, const mj_hand *h, const mj_hand *mine, int s, int riichi_id)
{
    mj_danger_shape sh[MJ_DANGER_SHAPES];
    double f[MJ_DANGER_SHAPES][NF];
    uint8_t truth[MJ_DANGER_SHAPES];
    int n = mj_danger_shapes(t, s, sh, f);
    if (n == 0 || !truth_of(d, h, sh, n, truth))
        return;
    d->f = grow(d->f, &d->cap_s, (d->ns + (size_t)n) * NF, sizeof *d->f);
    d->truth = grow(d->truth, &d->cap_truth, d->ns + (size_t)n, 1);
    d->wm = grow(d->wm, &d->cap_wm, d->ns + (size_t)n, sizeof *d->wm);
    const char *drop = getenv("MKDANGER_DROP");
    for (int i = 0; i < n; i++) {
        d->wm[d->ns + (size_t)i] = (uint64_t)1 << sh[i].wait[0] | (uint64_t)1 << sh[i].wait[1];
        for (int k = 0; k < NF; k++)
            d->f[(d->ns + (size_t)i) * NF + k] = dropped(drop, k) ? 0.0f : (float)f[i][k];
        d->truth[d->ns + (size_t)i] = truth[i];
    }
    d->o = grow(d->o, &d->cap_o, d->no + 1, sizeof *d->o);
    uint64_t hm = 0;
    for (int x = 0; x < MJ_TILES; x++)
        hm |= (uint64_t)(mine->count[x] != 0) << x;
    d->o[d->no++] = (obs){ (int)d->ns, n, riichi_id, 0, hm, mj_waits(d->ctx, h, NULL) };
    d->ns += (size_t)n;
}

/* A discard of seat o about to happen (event e at r->next). */
static void at_discard(data *d, const mj_replay *r, const mj_log_event *e, int fit, const int *riichi_id,
                       int *dama_id)
{
    int o = e->seat;
    mj_table t;
    if (mj_table_from_replay(&t, r, o, NULL) != 0)
        return;
    for (int s = 0; s < 4; s++) {
        if (s == o)
            continue;
        if (r->riichi[s] != 2) {
            if (fit && r->hand[s].n_tiles % 3 == 1) {
                int sh = 99;
                mj_shanten(d->ctx, &r->hand[s], &sh, NULL);
                int opens = 0;
                for (int i = 0; i < r->hand[s].n_melds; i++)
                    opens += r->hand[s].melds[i].type != MJ_ANKAN;
                d->t = grow(d->t, &d->cap_t, d->nt + 1, sizeof *d->t);
                d->t[d->nt++] = (tenpai_obs){ opens, t.seat[s].n_river, sh == 0 };
                if (all_tenpai && sh == 0 && t.seat[s].n_river >= 3 && (all_tenpai == 1 || opens == 0)) {
                    if (dama_id[s] < 0)
                        dama_id[s] = d->n_riichi++;
                    add_obs(d, &t, &r->hand[s], &r->hand[o], s, dama_id[s]);
                }
            }
            continue;
        }
        if (fit) {
            add_obs(d, &t, &r->hand[s], &r->hand[o], s, riichi_id[s]);
            continue;
        }
        int label = 0;
        for (int k = r->next + 1; k < r->round->n_events && r->round->events[k].kind == MJ_EV_WIN; k++)
            label |= r->round->events[k].seat == s && r->round->events[k].from == o;
        mj_danger dg;
        mj_danger_eval(&t, s, &d->model, &dg);
        add_pair(d, dg.deal[e->tile], rule_score(&t, s, e->tile), label);
        if (d->calibrating && dg.wait[e->tile] > 0) {
            d->cx = grow(d->cx, &d->cap_cx, (d->nc + 1) * MJ_DANGER_CALIB, sizeof *d->cx);
            d->cy = grow(d->cy, &d->cap_cy, d->nc + 1, 1);
            mj_danger_calib_features(&t, s, &dg, e->tile, d->cx + d->nc * MJ_DANGER_CALIB);
            d->cy[d->nc++] = (uint8_t)label;
        }
        if (label && getenv("MKDANGER_DEBUG")) {
            char nm[3], hb[MJ_HAND_TEXT];
            mj_tile_name(e->tile, nm);
            mj_hand_format(&r->hand[s], hb, sizeof hb);
            fprintf(stderr, "deal-in %s danger %.4f rule %.1f riichi-hand %s river", nm, dg.deal[e->tile],
                    rule_score(&t, s, e->tile), hb);
            for (int i = 0; i < t.seat[s].n_river; i++) {
                mj_tile_name(t.seat[s].river[i].tile, nm);
                fprintf(stderr, " %s%s%s", i == t.seat[s].riichi ? "/" : "", nm,
                        t.seat[s].river[i].flags & MJ_RIVER_TSUMOGIRI ? "'" : "");
            }
            fputc('\n', stderr);
        }
        add_hand_pairs(d, r, &t, o, s, &dg);
        if (d->helper)
            helper_line(d->helper, &t, s, e->tile, label);
        if (d->scores)
            fprintf(d->scores, "%.9g %d %d %d %d %d %g %d\n", dg.deal[e->tile], label, e->tile, t.seat[s].n_river,
                    t.seat[s].riichi, dg.n_shapes, rule_score(&t, s, e->tile), __builtin_popcountll(dg.genbutsu));
    }
}

static int meld_dora(const mj_replay *r, int s)
{
    int n = 0;
    for (int i = 0; i < r->hand[s].n_melds; i++) {
        const mj_meld *m = &r->hand[s].melds[i];
        int len = m->type == MJ_CHI || m->type == MJ_PON ? 3 : 4;
        for (int k = 0; k < len; k++)
            for (int j = 0; j < r->n_dora; j++) {
                int ind = r->dora[j], x = m->type == MJ_CHI ? m->tile + k : m->tile;
                int dora = ind < 27 ? ind / 9 * 9 + (ind % 9 + 1) % 9 : ind < 31 ? 27 + (ind - 26) % 4 : 31 + (ind - 30) % 3;
                n += dora == x;
            }
        n += m->red;
    }
    return n;
}

/* A ron (event e): its value in the means. */
static void at_win(data *d, const mj_replay *r, const mj_log_event *e)
{
    if (e->from == e->seat || e->detail < 0 || e->detail >= r->round->n_wins)
        return;
    const mj_log_win *w = &r->round->wins[e->detail];
    double v = w->points / (e->seat == r->round->dealer ? 1.5 : 1.0);
    int opens = 0;
    for (int i = 0; i < r->hand[e->seat].n_melds; i++)
        opens += r->hand[e->seat].melds[i].type != MJ_ANKAN;
    int k;
    if (r->riichi[e->seat] == 2)
        k = r->ippatsu[e->seat] ? 1 : 0;
    else if (opens)
        k = 2, v -= 1000.0 * meld_dora(r, e->seat);
    else
        return;
    d->value_sum[k] += v;
    d->value_n[k] += 1;
}

static void read_round(data *d, const mj_log *log, int round, int fit)
{
    mj_replay r;
    if (mj_replay_start(&r, log, round, NULL) != 0)
        return;
    int riichi_id[4] = { -1, -1, -1, -1 }, dama_id[4] = { -1, -1, -1, -1 };
    for (;;) {
        if (r.next >= r.round->n_events)
            break;
        const mj_log_event *e = &r.round->events[r.next];
        if (e->kind == MJ_EV_DISCARD)
            at_discard(d, &r, e, fit, riichi_id, dama_id);
        if (e->kind == MJ_EV_WIN && fit)
            at_win(d, &r, e);
        if (e->kind == MJ_EV_RIICHI)
            riichi_id[e->seat] = d->n_riichi++;
        if (mj_replay_step(&r, NULL) != 0)
            break;
    }
}

static int read_logs(data *d, char **files, int n, int split, int every, int fit)
{
    int used = 0;
    for (int i = 0; i < n; i++) {
        size_t len;
        char *text = cli_load_file(files[i], &len);
        if (!text)
            continue;
        mj_log *log;
        tk_error err = { 0 };
        if (mj_log_parse(text, len, &log, &err) != 0) {
            fprintf(stderr, "mkdanger: %s: %s (skipped)\n", files[i], err.msg);
            free(text);
            continue;
        }
        for (int k = 0; k < log->n_rounds; k++) {
            uint32_t h = round_hash(&log->rounds[k]);
            int test = h % (uint32_t)every == 0, half = h / (uint32_t)every % 2;
            if ((split == 1 && test) || (split == 2 && !test) || (split >= 3 && (test || half != split - 3)) ||
                seen_before(h))
                continue;
            read_round(d, log, k, fit);
            used++;
        }
        mj_log_free(log);
        free(text);
    }
    return used;
}

/* ---- fitting ---- */
/* the prior of the L2 penalty: log-live 1, thirteen orphans rare (-6: no
 * log in the training set has one, and a flat prior would give it weight) */
static const double PRIOR[NF] = { [9] = -6.0, [10] = 1.0 };

/* The probabilities of an observation's shapes at theta (sc[], summing to 1). */
static void shape_probs(const data *d, const obs *o, const double *theta, double *sc)
{
    double top = -1e300, sa = 0;
    for (int i = 0; i < o->n; i++) {
        const float *f = d->f + (size_t)(o->first + i) * NF;
        sc[i] = 0;
        for (int j = 0; j < NF; j++)
            sc[i] += theta[j] * f[j];
        top = sc[i] > top ? sc[i] : top;
    }
    for (int i = 0; i < o->n; i++)
        sa += sc[i] = exp(sc[i] - top);
    for (int i = 0; i < o->n; i++)
        sc[i] /= sa;
}

/* The L2 penalty towards PRIOR, on the log-likelihood and its gradient. */
static double penalty(const double *theta, double *g)
{
    double p = 0;
    for (int j = 0; j < NF; j++) {
        p += LAMBDA / 2 * (theta[j] - PRIOR[j]) * (theta[j] - PRIOR[j]);
        g[j] -= LAMBDA * (theta[j] - PRIOR[j]);
    }
    return p;
}

/* Add an observation's second moments to M: weight x (Cov_p(f) -
 * Cov_{p | held}(f)), the negative Hessian of its log-likelihood. */
static void add_curvature(const data *d, const obs *o, const double *sc, double st, const double *ea,
                          const double *et, double (*M)[NF])
{
    static double sa[NF][NF], s2[NF][NF];
    memset(sa, 0, sizeof sa);
    memset(s2, 0, sizeof s2);
    for (int i = 0; i < o->n; i++) {
        const float *f = d->f + (size_t)(o->first + i) * NF;
        int tr = d->truth[o->first + i];
        for (int a = 0; a < NF; a++) {
            if (f[a] == 0)
                continue;
            double pa = sc[i] * f[a];
            for (int b = a; b < NF; b++) {
                sa[a][b] += pa * f[b];
                s2[a][b] += tr ? pa * f[b] : 0;
            }
        }
    }
    for (int a = 0; a < NF; a++)
        for (int b = a; b < NF; b++)
            M[a][b] += o->weight * ((sa[a][b] - ea[a] * ea[b]) - (s2[a][b] / st - et[a] * et[b] / (st * st)));
}

/* Log-likelihood of the shapes really held, its gradient at theta and, when
 * M is not NULL, its negative Hessian (the penalty's LAMBDA on the
 * diagonal) for Newton's method. */
static double loglik(const data *d, const double *theta, double *g, double (*M)[NF])
{
    double ll = 0;
    memset(g, 0, NF * sizeof *g);
    if (M)
        memset(M, 0, NF * NF * sizeof M[0][0]);
    for (size_t k = 0; k < d->no; k++) {
        const obs *o = &d->o[k];
        double sc[MJ_DANGER_SHAPES], st = 0, ea[NF] = { 0 }, et[NF] = { 0 };
        shape_probs(d, o, theta, sc);
        for (int i = 0; i < o->n; i++) {
            const float *f = d->f + (size_t)(o->first + i) * NF;
            int tr = d->truth[o->first + i];
            st += tr ? sc[i] : 0;
            for (int j = 0; j < NF; j++) {
                ea[j] += sc[i] * f[j];
                et[j] += tr ? sc[i] * f[j] : 0;
            }
        }
        ll += o->weight * log(st);
        for (int j = 0; j < NF; j++)
            g[j] += o->weight * (et[j] / st - ea[j]);
        if (M)
            add_curvature(d, o, sc, st, ea, et, M);
    }
    if (M)
        for (int a = 0; a < NF; a++) {
            M[a][a] += LAMBDA;
            for (int b = 0; b < a; b++)
                M[a][b] = M[b][a];
        }
    return ll - penalty(theta, g);
}

/* The same for the tile objective: each kind the observer holds is a wait
 * of the riichi player or not (Bernoulli with p = the danger). */
static double loglik_tiles(const data *d, const double *theta, double *g)
{
    double ll = 0;
    memset(g, 0, NF * sizeof *g);
    for (size_t k = 0; k < d->no; k++) {
        const obs *o = &d->o[k];
        double sc[MJ_DANGER_SHAPES], fbar[NF] = { 0 };
        shape_probs(d, o, theta, sc);
        for (int i = 0; i < o->n; i++) {
            const float *f = d->f + (size_t)(o->first + i) * NF;
            for (int j = 0; j < NF; j++)
                fbar[j] += sc[i] * f[j];
        }
        for (int x = 0; x < MJ_TILES; x++) {
            if (!(o->hand >> x & 1))
                continue;
            double p = 0, dp[NF] = { 0 };
            for (int i = 0; i < o->n; i++)
                if (d->wm[o->first + i] >> x & 1) {
                    const float *f = d->f + (size_t)(o->first + i) * NF;
                    p += sc[i];
                    for (int j = 0; j < NF; j++)
                        dp[j] += sc[i] * (f[j] - fbar[j]);
                }
            p = p < 1e-9 ? 1e-9 : p > 1 - 1e-9 ? 1 - 1e-9 : p;
            int y = (int)(o->waits >> x & 1);
            ll += o->weight * (y ? log(p) : log(1 - p));
            double c = o->weight * (y ? 1 / p : -1 / (1 - p));
            for (int j = 0; j < NF; j++)
                g[j] += c * dp[j];
        }
    }
    return ll - penalty(theta, g);
}

static double objective_at(const data *d, const double *theta, double *g)
{
    return objective ? loglik_tiles(d, theta, g) : loglik(d, theta, g, NULL);
}

/* Solve M x = g (n unknowns, M row-major n x n) by Gaussian elimination
 * with partial pivoting; 0 when singular. */
static int solve(int n, const double *M, const double *g, double *x)
{
    double A[NF][NF + 1];
    for (int i = 0; i < n; i++) {
        memcpy(A[i], M + (size_t)i * n, (size_t)n * sizeof A[i][0]);
        A[i][n] = g[i];
    }
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int r = c + 1; r < n; r++)
            p = fabs(A[r][c]) > fabs(A[p][c]) ? r : p;
        if (fabs(A[p][c]) < 1e-12)
            return 0;
        for (int j = 0; j <= n; j++) {
            double t = A[c][j];
            A[c][j] = A[p][j];
            A[p][j] = t;
        }
        for (int r = 0; r < n; r++)
            if (r != c) {
                double q = A[r][c] / A[c][c];
                for (int j = c; j <= n; j++)
                    A[r][j] -= q * A[c][j];
            }
    }
    for (int i = 0; i < n; i++)
        x[i] = A[i][n] / A[i][i];
    return 1;
}

/* Newton's method on the shapes objective (loglik's curvature, halved
 * steps until the objective rises); gradient ascent with a step that grows
 * on success and halves on failure for the tiles objective or when the
 * curvature is singular. */
static void fit_theta(data *d, double *theta)
{
    double *count = calloc((size_t)d->n_riichi + 1, sizeof *count);
    if (!count)
        exit(1);
    for (size_t k = 0; k < d->no; k++)
        count[d->o[k].riichi_id]++;
    for (size_t k = 0; k < d->no; k++)
        d->o[k].weight = 1.0 / count[d->o[k].riichi_id];
    free(count);
    memcpy(theta, PRIOR, sizeof PRIOR);
    double g[NF], t2[NF], g2[NF], dx[NF], step = 1e-3;
    static double M[NF][NF];
    double ll = objective_at(d, theta, g);
    for (int it = 0; !objective && it < 50; it++) {
        loglik(d, theta, g, M);
        if (!solve(NF, &M[0][0], g, dx))
            break;
        double l2 = ll, s = 1;
        for (; s > 1e-3; s /= 2) {
            for (int j = 0; j < NF; j++)
                t2[j] = theta[j] + s * dx[j];
            l2 = objective_at(d, t2, g2);
            if (l2 > ll)
                break;
        }
        if (!(l2 > ll))
            break;
        memcpy(theta, t2, sizeof t2);
        memcpy(g, g2, sizeof g2);
        int done = l2 - ll < 1e-7;
        ll = l2;
        if (getenv("MKDANGER_DEBUG"))
            fprintf(stderr, "mkdanger: newton %d: step %g log-likelihood %.6f\n", it, s, ll);
        if (done)
            break;
    }
    for (int it = 0; it < 3000 && step > 1e-12; it++) {
        for (int j = 0; j < NF; j++)
            t2[j] = theta[j] + step * g[j];
        double l2 = objective_at(d, t2, g2);
        if (l2 > ll) {
            memcpy(theta, t2, sizeof t2);
            memcpy(g, g2, sizeof g2);
            step *= 1.3;
            if (l2 - ll < 1e-9)
                break;
            ll = l2;
        } else {
            step /= 2;
        }
    }
    fprintf(stderr, "mkdanger: log-likelihood %.4f over %d riichi\n", ll, d->n_riichi);
}

/* Logistic regression of tenpai on (1, open melds, discards), Newton's method. */
static void fit_tenpai(const data *d, double *b)
{
    b[0] = -3; b[1] = 0; b[2] = 0;
    for (int it = 0; it < 30; it++) {
        double g[3] = { 0 }, H[3][3] = { { 0 } };
        for (size_t k = 0; k < d->nt; k++) {
            double x[3] = { 1, d->t[k].opens, d->t[k].discards };
            double z = b[0] + b[1] * x[1] + b[2] * x[2], p = 1 / (1 + exp(-z));
            for (int i = 0; i < 3; i++) {
                g[i] += (d->t[k].tenpai - p) * x[i];
                for (int j = 0; j < 3; j++)
                    H[i][j] += p * (1 - p) * x[i] * x[j];
            }
        }
        /* solve H dx = g (3x3, Cramer) */
        double det = H[0][0] * (H[1][1] * H[2][2] - H[1][2] * H[2][1]) - H[0][1] * (H[1][0] * H[2][2] - H[1][2] * H[2][0]) +
                     H[0][2] * (H[1][0] * H[2][1] - H[1][1] * H[2][0]);
        if (fabs(det) < 1e-12)
            break;
        double dx[3], norm = 0;
        for (int c = 0; c < 3; c++) {
            double M[3][3];
            memcpy(M, H, sizeof M);
            for (int i = 0; i < 3; i++)
                M[i][c] = g[i];
            double dc = M[0][0] * (M[1][1] * M[2][2] - M[1][2] * M[2][1]) - M[0][1] * (M[1][0] * M[2][2] - M[1][2] * M[2][0]) +
                        M[0][2] * (M[1][0] * M[2][1] - M[1][1] * M[2][0]);
            dx[c] = dc / det;
            norm += dx[c] * dx[c];
        }
        double scale = norm > 1 ? 1 / sqrt(norm) : 1;   /* damped: at most a unit step */
        for (int c = 0; c < 3; c++)
            b[c] += scale * dx[c];
    }
}

static void print_model(FILE *f, const mj_danger_model *m)
{
    fprintf(f, "    .theta = {\n");
    for (int j = 0; j < NF; j++)
        fprintf(f, "        %9.5f,   /* %s */\n", m->theta[j], mj_danger_feature_name(j));
    fprintf(f, "    },\n    .tenpai = { %.5f, %.5f, %.5f },\n", m->tenpai[0], m->tenpai[1], m->tenpai[2]);
    fprintf(f, "    .value = { %.0f, %.0f, %.0f },\n", m->value[0], m->value[1], m->value[2]);
    fprintf(f, "    .calib = {");
    for (int k = 0; k < MJ_DANGER_CALIB; k++)
        fprintf(f, "%s%.5f", k ? ", " : " ", m->calib[k]);
    fprintf(f, " },\n");
}

/* Print the model as C and write PARAMS (one number a line: theta, tenpai,
 * value, calib). */
static int write_model(const mj_danger_model *m, const char *out)
{
    print_model(stdout, m);
    if (!out)
        return 0;
    FILE *f = fopen(out, "w");
    if (!f) {
        perror(out);
        return 1;
    }
    for (int j = 0; j < NF; j++)
        fprintf(f, "%.17g\n", m->theta[j]);
    for (int k = 0; k < 3; k++)
        fprintf(f, "%.17g\n", m->tenpai[k]);
    for (int k = 0; k < 3; k++)
        fprintf(f, "%.17g\n", m->value[k]);
    for (int k = 0; k < MJ_DANGER_CALIB; k++)
        fprintf(f, "%.17g\n", m->calib[k]);
    fclose(f);
    return 0;
}

static int do_fit(data *d, const char *out)
{
    mj_danger_model *m = &d->model;
    fprintf(stderr, "mkdanger: %zu observations of %d riichi, %zu shapes, %zu tenpai observations\n", d->no, d->n_riichi,
            d->ns, d->nt);
    if (!d->no) {
        fprintf(stderr, "mkdanger: no observation to fit\n");
        return 1;
    }
    fit_theta(d, m->theta);
    fit_tenpai(d, m->tenpai);
    if (getenv("MKDANGER_DEBUG")) {
        double nn[5] = { 0 }, tt[5] = { 0 };
        for (size_t k = 0; k < d->nt; k++) {
            int o = (int)d->t[k].opens;
            nn[o > 4 ? 4 : o]++;
            tt[o > 4 ? 4 : o] += d->t[k].tenpai;
        }
        for (int o = 0; o < 5; o++)
            fprintf(stderr, "opens %d: %.0f observations, tenpai %.3f\n", o, nn[o], nn[o] ? tt[o] / nn[o] : 0);
    }
    for (int k = 0; k < 3; k++)
        m->value[k] = d->value_n[k] ? d->value_sum[k] / d->value_n[k] : mj_danger_default_model()->value[k];
    fprintf(stderr, "mkdanger: ron values from %.0f, %.0f, %.0f wins\n", d->value_n[0], d->value_n[1], d->value_n[2]);
    return write_model(m, out);
}

/* --calibrate: the logistic regression of the pairs' labels on their
 * calibration features (model step 4), Newton's method with an L2 penalty
 * of 1 towards deal = wait / (1 + wait). */
static int do_calibrate(data *d, const char *out)
{
    enum { K = MJ_DANGER_CALIB };
    double *c = d->model.calib, g[K], H[K * K], dx[K];
    fprintf(stderr, "mkdanger: %zu pairs with a wait above 0 to calibrate on\n", d->nc);
    memset(c, 0, K * sizeof *c);
    c[1] = 1;
    for (int it = 0; it < 30; it++) {
        memset(g, 0, sizeof g);
        memset(H, 0, sizeof H);
        for (size_t i = 0; i < d->nc; i++) {
            const double *x = d->cx + i * K;
            double z = 0;
            for (int a = 0; a < K; a++)
                z += c[a] * x[a];
            double p = 1 / (1 + exp(-z)), e = d->cy[i] - p, v = p * (1 - p);
            for (int a = 0; a < K; a++) {
                g[a] += e * x[a];
                for (int b = 0; b < K; b++)
                    H[a * K + b] += v * x[a] * x[b];
            }
        }
        for (int a = 1; a < K; a++) {
            g[a] -= c[a] - (a == 1);
            H[a * K + a] += 1;
        }
        if (!solve(K, H, g, dx))
            break;
        double norm = 0;
        for (int a = 0; a < K; a++) {
            c[a] += dx[a];
            norm += dx[a] * dx[a];
        }
        if (norm < 1e-14)
            break;
    }
    return write_model(&d->model, out);
}

static int load_params(mj_danger_model *m, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    int ok = 1;
    for (int j = 0; j < NF; j++)
        ok &= fscanf(f, "%lf", &m->theta[j]) == 1;
    for (int k = 0; k < 3; k++)
        ok &= fscanf(f, "%lf", &m->tenpai[k]) == 1;
    for (int k = 0; k < 3; k++)
        ok &= fscanf(f, "%lf", &m->value[k]) == 1;
    int nc = 0;   /* the calibration may be absent: none */
    while (nc < MJ_DANGER_CALIB && fscanf(f, "%lf", &m->calib[nc]) == 1)
        nc++;
    for (int k = nc; k < MJ_DANGER_CALIB; k++)
        m->calib[k] = 0;
    fclose(f);
    if (!ok)
        fprintf(stderr, "mkdanger: %s: expected %d numbers (and %d of the calibration)\n", path, NF + 6,
                MJ_DANGER_CALIB);
    return !ok;
}

/* ---- the area under the ROC curve ---- */
static int by_score(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Scores and labels interleaved (score, label) in v[0..2n): the area, ties one half. */
static double auc(double *v, size_t n, size_t *pos)
{
    qsort(v, n, 2 * sizeof *v, by_score);
    double ranks = 0;
    size_t P = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && v[2 * j] == v[2 * i])
            j++;
        double mid = (double)(i + j + 1) / 2;   /* 1-based mean rank */
        for (size_t k = i; k < j; k++)
            if (v[2 * k + 1] > 0) {
                ranks += mid;
                P++;
            }
        i = j;
    }
    *pos = P;
    size_t N = n - P;
    return P && N ? (ranks - (double)P * (P + 1) / 2) / ((double)P * N) : 0.5;
}

static double pairs_auc(const pair *p, size_t np, int rule, size_t *pos)
{
    double *v = malloc(2 * (np ? np : 1) * sizeof *v);
    if (!v)
        exit(1);
    for (size_t i = 0; i < np; i++) {
        v[2 * i] = rule ? p[i].rule : p[i].score;
        v[2 * i + 1] = p[i].label;
    }
    double a = auc(v, np, pos);
    free(v);
    return a;
}

static int do_auc_scores(const char *path)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f) {
        perror(path);
        return 1;
    }
    double *v = NULL, s;
    int l;
    size_t n = 0, cap = 0, pos;
    while (fscanf(f, "%lf %d", &s, &l) == 2) {
        v = grow(v, &cap, 2 * n + 2, sizeof *v);
        v[2 * n] = s;
        v[2 * n + 1] = l;
        n++;
    }
    if (f != stdin)
        fclose(f);
    double a = auc(v, n, &pos);
    printf("pairs %zu  deal-ins %zu  auc %.4f\n", n, pos, a);
    free(v);
    return 0;
}

static void usage(void)
{
    printf("usage: mkdanger --fit [--split train|test|all|dev-fit|dev-check] [--every K] [-o PARAMS] LOG...\n"
           "                     [--objective shapes|tiles] [--all-tenpai|--closed-tenpai] (experiments)\n"
           "       mkdanger --calibrate [--split ...] [--every K] [--params PARAMS] [-o PARAMS] LOG...\n"
           "       mkdanger --auc [--split ...] [--every K] [--params PARAMS] [--helper OUT] [--scores OUT] LOG...\n"
           "       mkdanger --auc-scores FILE\n");
}

/* The calibration table (MKDANGER_DEBUG): mean danger against the share of
 * hand tiles that were waits, by the riichi player's turn and by danger. */
static void print_calibration(const data *d)
{
    double n[5][5] = { { 0 } }, pr[5][5] = { { 0 } }, y[5][5] = { { 0 } };
    for (size_t i = 0; i < d->nhp; i++) {
        const pair *q = &d->hp[i];
        if (q->score <= 0)
            continue;
        int tb = q->turn < 6 ? 0 : q->turn < 9 ? 1 : q->turn < 12 ? 2 : q->turn < 15 ? 3 : 4;
        int pb = q->score < 0.02 ? 0 : q->score < 0.05 ? 1 : q->score < 0.1 ? 2 : q->score < 0.2 ? 3 : 4;
        n[tb][pb]++, pr[tb][pb] += q->score, y[tb][pb] += q->label;
    }
    for (int tb = 0; tb < 5; tb++) {
        for (int pb = 0; pb < 5; pb++)
            fprintf(stderr, "  %5.0f %.3f/%.3f", n[tb][pb], n[tb][pb] ? pr[tb][pb] / n[tb][pb] : 0,
                    n[tb][pb] ? y[tb][pb] / n[tb][pb] : 0);
        fputc('\n', stderr);
    }
}

static int do_auc(const data *d)
{
    size_t pos, zero = 0, zero_in = 0;
    double a = pairs_auc(d->p, d->np, 0, &pos), b = pairs_auc(d->p, d->np, 1, &pos);
    for (size_t i = 0; i < d->np; i++) {
        zero += d->p[i].score == 0;
        zero_in += d->p[i].score == 0 && d->p[i].label;
    }
    printf("pairs %zu  deal-ins %zu  auc %.4f  rule-auc %.4f  rated 0: %zu (%zu dealt in)\n", d->np, pos, a, b, zero,
           zero_in);
    a = pairs_auc(d->hp, d->nhp, 0, &pos);
    b = pairs_auc(d->hp, d->nhp, 1, &pos);
    printf("hand tiles %zu  waits %zu  auc %.4f  rule-auc %.4f\n", d->nhp, pos, a, b);
    if (getenv("MKDANGER_DEBUG"))
        print_calibration(d);
    return 0;
}

typedef struct options {
    int mode, split, every;
    const char *out, *params, *helper, *scores, *auc_scores;
} options;

static void parse_options(int argc, char **argv, options *o)
{
    static const struct option LONG[] = {
        { "fit", no_argument, NULL, 'F' }, { "auc", no_argument, NULL, 'A' },
        { "calibrate", no_argument, NULL, 'C' },
        { "auc-scores", required_argument, NULL, 'S' }, { "split", required_argument, NULL, 's' },
        { "every", required_argument, NULL, 'k' }, { "params", required_argument, NULL, 'p' },
        { "helper", required_argument, NULL, 'H' }, { "objective", required_argument, NULL, 'O' },
        { "all-tenpai", no_argument, NULL, 'T' }, { "closed-tenpai", no_argument, NULL, 'K' }, { "scores", required_argument, NULL, 'P' },
        { "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 }
    };
    static const char *const SPLITS[] = { "all", "train", "test", "dev-fit", "dev-check" };
    int c;
    *o = (options){ 0, -1, 3, NULL, NULL, NULL, NULL, NULL };
    while ((c = getopt_long(argc, argv, "o:", LONG, NULL)) != -1) {
        switch (c) {
        case 'F': case 'A': case 'C': o->mode = c; break;
        case 'S': o->auc_scores = optarg; return;
        case 's':
            o->split = 0;
            for (int i = 0; i < 5; i++)
                if (!strcmp(optarg, SPLITS[i]))
                    o->split = i;
            break;
        case 'k': o->every = (int)cli_parse_long("--every", optarg, 2, 1000); break;
        case 'p': o->params = optarg; break;
        case 'H': o->helper = optarg; break;
        case 'P': o->scores = optarg; break;
        case 'o': o->out = optarg; break;
        case 'O':
            if (strcmp(optarg, "shapes") && strcmp(optarg, "tiles")) {
                fprintf(stderr, "mkdanger: --objective: '%s' is neither shapes nor tiles\n", optarg);
                exit(2);
            }
            objective = !strcmp(optarg, "tiles");
            break;
        case 'T': all_tenpai = 1; break;
        case 'K': all_tenpai = 2; break;
        case 'h': usage(); exit(0);
        default: usage(); exit(2);
        }
    }
    if (!o->mode || optind >= argc) {
        usage();
        exit(2);
    }
    if (o->split < 0)
        o->split = o->mode == 'A' ? 2 : 1;
}

static FILE *open_out(const char *path)
{
    FILE *f = path ? fopen(path, "w") : NULL;
    if (path && !f) {
        perror(path);
        exit(1);
    }
    return f;
}

int main(int argc, char **argv)
{
    cli_init("mkdanger");
    static data d;
    options o;
    parse_options(argc, argv, &o);
    if (o.auc_scores)
        return do_auc_scores(o.auc_scores);
    d.model = *mj_danger_default_model();
    if (o.params && load_params(&d.model, o.params))
        return 1;
    if (mj_ctx_create(&d.ctx, NULL) != 0)
        return 1;
    d.helper = open_out(o.helper);
    d.scores = open_out(o.scores);
    dump = open_out(getenv("MKDANGER_DUMP"));
    d.calibrating = o.mode == 'C';
    int used = read_logs(&d, argv + optind, argc - optind, o.split, o.every, o.mode == 'F');
    fprintf(stderr, "mkdanger: %d rounds read\n", used);
    FILE *outs[3] = { d.helper, d.scores, dump };
    for (int i = 0; i < 3; i++)
        if (outs[i])
            fclose(outs[i]);
    return o.mode == 'F' ? do_fit(&d, o.out) : o.mode == 'C' ? do_calibrate(&d, o.out) : do_auc(&d);
}
