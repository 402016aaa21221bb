/* danger.c - the danger of each tile against an opponent (the model of
 * tilekit/mjdanger.h): the exact zeros, the candidate wait shapes with
 * their live counts, their features and log-linear weights, the
 * probability of each tile being a wait and its calibration across
 * positions (the danger), and the tenpai probability, hand value and
 * expected loss built on them.
 *
 * The river is read once per opponent into a summary (which tiles it
 * holds, which were discarded by hand early or late or as tsumogiri, the
 * declaration tile and the last tile discarded by hand before it, the
 * share of each suit); every candidate shape is then scored from that
 * summary in constant time.  At most MJ_DANGER_SHAPES candidates, no
 * allocation. */
#include "tilekit/mjdanger.h"

#include <math.h>
#include <string.h>

#define EARLY 6   /* the first EARLY river tiles are the "early" discards */

/* What the shapes' features need from one opponent's river. */
typedef struct river_sum {
    uint64_t safe;            /* river tiles and passes: furiten */
    uint64_t river;           /* river tiles */
    uint8_t early[MJ_TILES];  /* discarded by hand among the first EARLY tiles before riichi */
    uint8_t late[MJ_TILES];   /* by hand, later, before riichi */
    uint8_t tsumo[MJ_TILES];  /* as tsumogiri before riichi */
    int decl;                 /* riichi declaration tile, -1 */
    int turn;                 /* index of the declaration tile (or river length) */
    int last_hand;            /* last tile discarded by hand before it (or in the river), -1 */
    double share[4];          /* share of the river before riichi in each suit (3 = honours) */
    uint64_t dora;            /* bit t: t is a dora */
    int closed;               /* no open meld */
    int value_honor[7];       /* 1 for a value honour of this seat (dragons, round and seat wind) */
} river_sum;

static int dora_of_ind(int ind)
{
    if (ind < 27) return ind / 9 * 9 + (ind % 9 + 1) % 9;
    if (ind < 31) return 27 + (ind - 27 + 1) % 4;
    return 31 + (ind - 31 + 1) % 3;
}

static void summarize(const mj_table *t, int seat, river_sum *rs)
{
    const mj_table_seat *s = &t->seat[seat];
    memset(rs, 0, sizeof *rs);
    rs->decl = rs->last_hand = -1;
    int ri = s->riichi >= 0 && s->riichi < s->n_river ? s->riichi : s->n_river;
    rs->turn = ri;
    int n_pre = 0, by_suit[4] = { 0, 0, 0, 0 };
    for (int i = 0; i < s->n_river; i++) {
        int x = s->river[i].tile, tg = s->river[i].flags & MJ_RIVER_TSUMOGIRI;
        rs->river |= (uint64_t)1 << x;
        if (i > ri)
            continue;
        if (i == ri) {
            rs->decl = tg ? -1 : x;
            continue;
        }
        n_pre++;
        by_suit[x / 9 < 3 ? x / 9 : 3]++;
        if (tg) {
            rs->tsumo[x] = 1;
        } else {
            if (i < EARLY) rs->early[x] = 1;
            else rs->late[x] = 1;
            rs->last_hand = x;
        }
    }
    for (int k = 0; k < 4; k++)
        rs->share[k] = n_pre ? (double)by_suit[k] / n_pre : 0.0;
    rs->safe = rs->river | s->passed;
    for (int i = 0; i < t->n_dora; i++)
        rs->dora |= (uint64_t)1 << dora_of_ind(t->dora[i]);
    rs->closed = 1;
    for (int i = 0; i < s->n_melds; i++)
        rs->closed &= s->melds[i].type == MJ_ANKAN;
    int wind = (seat - t->dealer + 4) & 3;
    for (int h = 0; h < 7; h++)
        rs->value_honor[h] = h >= 4 || h == wind || h == t->round;
}

/* ---- features ---- */
enum {
    F_RYANMEN, F_KANCHAN, F_PENCHAN, F_SHANPON_NUM, F_SHANPON_VALUE, F_SHANPON_OTHER,
    F_TANKI_NUM, F_TANKI_VALUE, F_TANKI_OTHER, F_KOKUSHI,
    F_LOG_LIVE, F_HELD_EARLY, F_HELD_LATE, F_HELD_TSUMO, F_DECL_NEAR1, F_DECL_NEAR2, F_LAST_NEAR,
    F_SUJI_TRAP, F_DORA_HELD, F_DORA_WAIT, F_SUIT_SHARE, F_WAIT_TERMINAL, F_WAIT_28, F_RYANMEN_OUTER,
    F_WAIT_LIVE, F_LATE_RYANMEN, F_NEAR_EARLY
};

static const char *const FEATURE_NAMES[MJ_DANGER_FEATURES] = {
    "kind-ryanmen", "kind-kanchan", "kind-penchan", "kind-shanpon-number", "kind-shanpon-value",
    "kind-shanpon-other", "kind-tanki-number", "kind-tanki-value", "kind-tanki-other", "kind-kokushi",
    "log-live", "held-early", "held-late", "held-tsumogiri", "decl-near1", "decl-near2", "last-hand-near",
    "suji-trap", "dora-held", "dora-wait", "suit-share", "wait-terminal", "wait-28", "ryanmen-outer",
    "wait-live", "late-ryanmen", "near-early"
};

const char *mj_danger_feature_name(int i)
{
    return i >= 0 && i < MJ_DANGER_FEATURES ? FEATURE_NAMES[i] : "";
}

/* Steps from tile d to the nearest held tile of the same suit (0 = equal), 99 other suit. */
static int near(int d, const uint8_t *held, int n)
{
    int best = 99;
    if (d < 0 || d >= 27)
        return best;
    for (int i = 0; i < n; i++)
        if (held[i] < 27 && held[i] / 9 == d / 9) {
            int k = held[i] > d ? held[i] - d : d - held[i];
            best = k < best ? k : best;
        }
    return best;
}

static int suji_of_river(uint64_t river, int w)
{
    if (w >= 27)
        return 0;
    int r = w % 9;
    return (r >= 3 && (river >> (w - 3) & 1)) || (r <= 5 && (river >> (w + 3) & 1));
}

static void kind_feature(const river_sum *rs, const mj_danger_shape *s, double *f)
{
    int x = s->tile, honor = x >= 27;
    int value = honor && rs->value_honor[x - 27];
    switch (s->kind) {
    case MJ_RYANMEN: f[F_RYANMEN] = 1; break;
    case MJ_KANCHAN: f[F_KANCHAN] = 1; break;
    case MJ_PENCHAN: f[F_PENCHAN] = 1; break;
    case MJ_SHANPON: f[!honor ? F_SHANPON_NUM : value ? F_SHANPON_VALUE : F_SHANPON_OTHER] = 1; break;
    case MJ_TANKI: f[!honor ? F_TANKI_NUM : value ? F_TANKI_VALUE : F_TANKI_OTHER] = 1; break;
    default: f[F_KOKUSHI] = 1; break;
    }
}

static void features(const river_sum *rs, const uint8_t *u, const mj_danger_shape *s, double *f)
{
    memset(f, 0, MJ_DANGER_FEATURES * sizeof *f);
    kind_feature(rs, s, f);
    f[F_LOG_LIVE] = log(s->live);
    if (s->kind == MJ_KOKUSHI)
        return;
    uint8_t held[2];
    int nh = 1;
    held[0] = s->tile;
    if (s->kind == MJ_RYANMEN || s->kind == MJ_PENCHAN)
        held[nh++] = (uint8_t)(s->tile + 1);
    else if (s->kind == MJ_KANCHAN)
        held[nh++] = (uint8_t)(s->tile + 2);
    for (int i = 0; i < nh; i++) {
        int x = held[i], r = x % 9;
        if (x < 27) {
            f[F_NEAR_EARLY] += (r >= 1 && rs->early[x - 1]) || (r <= 7 && rs->early[x + 1]);
        }
        f[F_HELD_EARLY] += rs->early[held[i]];
        f[F_HELD_LATE] += rs->late[held[i]];
        f[F_HELD_TSUMO] += rs->tsumo[held[i]];
        f[F_DORA_HELD] += (double)(rs->dora >> held[i] & 1) * (s->kind == MJ_SHANPON ? 2 : 1);
    }
    int d = near(rs->decl, held, nh);
    f[F_DECL_NEAR1] = d <= 1;
    f[F_DECL_NEAR2] = d == 2;
    f[F_LAST_NEAR] = near(rs->last_hand, held, nh) <= 2;
    for (int i = 0; i < s->n_wait; i++)
        f[F_DORA_WAIT] = f[F_DORA_WAIT] || (rs->dora >> s->wait[i] & 1);
    f[F_SUIT_SHARE] = rs->share[s->tile < 27 ? s->tile / 9 : 3];
    if (s->kind != MJ_RYANMEN)
        f[F_SUJI_TRAP] = suji_of_river(rs->river, s->wait[0]);
    if ((s->kind == MJ_SHANPON || s->kind == MJ_TANKI) && s->tile < 27) {
        int r = s->tile % 9;
        f[F_WAIT_TERMINAL] = r == 0 || r == 8;
        f[F_WAIT_28] = r == 1 || r == 7;
    }
    if (s->kind == MJ_RYANMEN) {
        f[F_RYANMEN_OUTER] = s->tile % 9 == 1 || s->tile % 9 == 6;
        f[F_LATE_RYANMEN] = (rs->turn < 18 ? rs->turn : 18) / 18.0;
    }
    int live = 0;
    for (int i = 0; i < s->n_wait; i++)
        if (i == 0 || s->wait[1] != s->wait[0])
            live += u[s->wait[i]];
    live -= s->kind == MJ_SHANPON ? 2 : s->kind == MJ_TANKI ? 1 : 0;
    f[F_WAIT_LIVE] = log(1.0 + (live > 0 ? live : 0));
}

/* ---- candidates ---- */
static double c2(int n) { return n < 2 ? 0.0 : n * (n - 1) / 2.0; }

/* Append the shape if it is possible: no wait safe, live > 0. */
static void add(mj_danger_shape *out, int *n, const river_sum *rs, int kind, int tile, int w0, int w1, double live)
{
    if (live <= 0 || (rs->safe >> w0 & 1) || (w1 >= 0 && (rs->safe >> w1 & 1)))
        return;
    mj_danger_shape *s = &out[(*n)++];
    s->kind = (uint8_t)kind;
    s->tile = (uint8_t)tile;
    s->n_wait = (uint8_t)(w1 >= 0 ? 2 : 1);
    s->wait[0] = (uint8_t)w0;
    s->wait[1] = (uint8_t)(w1 >= 0 ? w1 : w0);
    s->live = live;
    s->p = 0;
}

static const uint8_t ORPHANS[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };

/* Single-wait thirteen orphans on ORPHANS[k]: possible when the twelve
 * others are all unseen, one of them twice.  Its live count is 1 (its
 * kind's weight carries its rarity: thirteen tiles are not comparable with
 * the two of a shape). */
static double kokushi_live(const uint8_t *u, int k)
{
    int pair = 0;
    for (int i = 0; i < 13; i++) {
        if (i == k)
            continue;
        if (!u[ORPHANS[i]])
            return 0.0;
        pair |= u[ORPHANS[i]] >= 2;
    }
    return pair ? 1.0 : 0.0;
}

static int candidates(const mj_table *t, const river_sum *rs, mj_danger_shape *out)
{
    const uint8_t *u = t->unseen;
    int n = 0;
    for (int s = 0; s < 3; s++) {
        int b = 9 * s;
        for (int r = 1; r <= 6; r++)   /* 23 .. 78 */
            add(out, &n, rs, MJ_RYANMEN, b + r, b + r - 1, b + r + 2, (double)u[b + r] * u[b + r + 1]);
        add(out, &n, rs, MJ_PENCHAN, b, b + 2, -1, (double)u[b] * u[b + 1]);
        add(out, &n, rs, MJ_PENCHAN, b + 7, b + 6, -1, (double)u[b + 7] * u[b + 8]);
        for (int r = 0; r <= 6; r++)
            add(out, &n, rs, MJ_KANCHAN, b + r, b + r + 1, -1, (double)u[b + r] * u[b + r + 2]);
    }
    for (int x = 0; x < MJ_TILES; x++)
        add(out, &n, rs, MJ_SHANPON, x, x, -1, c2(u[x]));
    for (int x = 0; x < MJ_TILES; x++)
        add(out, &n, rs, MJ_TANKI, x, x, -1, (double)u[x]);
    if (rs->closed)
        for (int k = 0; k < 13; k++)
            add(out, &n, rs, MJ_KOKUSHI, ORPHANS[k], ORPHANS[k], -1, kokushi_live(u, k));
    return n;
}

int mj_danger_shapes(const mj_table *t, int seat, mj_danger_shape *out, double (*f)[MJ_DANGER_FEATURES])
{
    if (seat < 0 || seat > 3)
        return 0;
    river_sum rs;
    summarize(t, seat, &rs);
    int n = candidates(t, &rs, out);
    if (f)
        for (int i = 0; i < n; i++)
            features(&rs, t->unseen, &out[i], f[i]);
    return n;
}

int mj_danger_shape_of(const mj_danger_shape *s, int n, int kind, const uint8_t *shape, int shape_len, int wait)
{
    int k = kind == MJ_CHIITOI ? MJ_TANKI : kind;
    if (k != MJ_RYANMEN && k != MJ_KANCHAN && k != MJ_PENCHAN && k != MJ_SHANPON && k != MJ_TANKI && k != MJ_KOKUSHI)
        return -1;
    int tile = k == MJ_KOKUSHI ? wait : shape_len > 0 ? shape[0] : wait;
    for (int i = 0; i < n; i++)
        if (s[i].kind == k && s[i].tile == tile)
            return i;
    return -1;
}

/* ---- threat, tenpai, value ---- */
static int open_melds_of(const mj_meld *melds, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += melds[i].type != MJ_ANKAN;
    return k;
}

static int open_melds(const mj_table_seat *s) { return open_melds_of(s->melds, s->n_melds); }

/* The one rule of a threat: in riichi, or two open melds or more. */
static int threatens(int riichi, const mj_meld *melds, int n_melds)
{
    return riichi || open_melds_of(melds, n_melds) >= 2;
}

unsigned mj_table_threats(const mj_table *t)
{
    unsigned m = 0;
    for (int s = 0; s < 4; s++)
        if (s != t->me && threatens(t->seat[s].riichi >= 0, t->seat[s].melds, t->seat[s].n_melds))
            m |= 1u << s;
    return m;
}

/* The same from a replay's state, without its table (a seat's riichi
 * stands once its declaration tile is discarded). */
static unsigned replay_threats(const mj_replay *r, int me)
{
    unsigned m = 0;
    for (int s = 0; s < 4; s++)
        if (s != me && threatens(r->riichi[s] == 2, r->hand[s].melds, r->hand[s].n_melds))
            m |= 1u << s;
    return m;
}

static int meld_dora(const mj_table *t, const mj_table_seat *s)
{
    int n = 0;
    for (int i = 0; i < s->n_melds; i++) {
        const mj_meld *m = &s->melds[i];
        int len = m->type == MJ_CHI || m->type == MJ_PON ? 3 : 4;
        for (int k = 0; k < len; k++) {
            int x = m->type == MJ_CHI ? m->tile + k : m->tile;
            for (int d = 0; d < t->n_dora; d++)
                n += dora_of_ind(t->dora[d]) == x;
        }
        n += m->red;
    }
    return n;
}

static void threat_of(const mj_table *t, int seat, const mj_danger_model *m, mj_danger *out)
{
    const mj_table_seat *s = &t->seat[seat];
    int opens = open_melds(s);
    if (s->riichi >= 0) {
        out->threat = MJ_THREAT_RIICHI;
        out->tenpai = 1.0;
        int ippatsu = s->riichi < s->n_river && s->riichi == s->n_river - 1;
        out->value = m->value[ippatsu ? 1 : 0];
    } else {
        out->threat = opens >= 2 ? MJ_THREAT_OPEN : MJ_THREAT_NONE;
        double z = m->tenpai[0] + m->tenpai[1] * opens + m->tenpai[2] * s->n_river;
        out->tenpai = 1.0 / (1.0 + exp(-z));
        out->value = m->value[2] + 1000.0 * meld_dora(t, s);
    }
    if (seat == t->dealer)
        out->value *= 1.5;
}

/* ---- calibration (model step 4) ---- */
void mj_danger_calib_features(const mj_table *t, int seat, const mj_danger *d, int tile, double *x)
{
    const mj_table_seat *s = &t->seat[seat];
    int known = s->riichi >= 0 && s->riichi < s->n_river;
    int since = known ? s->n_river - 1 - s->riichi : 0, turn = known ? s->riichi : s->n_river;
    int r = tile < 27 ? tile % 9 : -1;
    x[0] = 1.0;
    x[1] = log(d->wait[tile]);
    x[2] = (since < 12 ? since : 12) / 12.0;
    x[3] = (turn < 18 ? turn : 18) / 18.0;
    x[4] = tile >= 27;
    x[5] = r == 0 || r == 8;
    x[6] = r == 1 || r == 7;
    x[7] = r == 2 || r == 6;
    x[8] = log(d->n_shapes > 0 ? d->n_shapes : 1) / 5.0;
    x[9] = __builtin_popcountll(d->genbutsu) / 34.0;
}

static void calibrate(const mj_table *t, int seat, const mj_danger_model *m, mj_danger *out)
{
    int on = 0;
    for (int k = 0; k < MJ_DANGER_CALIB; k++)
        on |= m->calib[k] != 0;
    for (int x = 0; x < MJ_TILES; x++) {
        out->deal[x] = out->wait[x];
        if (!on || out->wait[x] <= 0)
            continue;
        double f[MJ_DANGER_CALIB], z = 0;
        mj_danger_calib_features(t, seat, out, x, f);
        for (int k = 0; k < MJ_DANGER_CALIB; k++)
            z += m->calib[k] * f[k];
        out->deal[x] = 1.0 / (1.0 + exp(-z));
        if (!(out->deal[x] > 0))
            out->deal[x] = out->wait[x];   /* underflow: a tile that can deal in is never rated 0 */
    }
}

int mj_danger_eval(const mj_table *t, int seat, const mj_danger_model *m, mj_danger *out)
{
    if (seat < 0 || seat > 3 || !m)
        return TK_EINVAL;
    double f[MJ_DANGER_SHAPES][MJ_DANGER_FEATURES];
    river_sum rs;
    summarize(t, seat, &rs);
    memset(out, 0, sizeof *out);
    out->seat = seat;
    out->genbutsu = rs.safe;
    int n = candidates(t, &rs, out->shapes);
    out->n_shapes = n;
    double top = -INFINITY, sum = 0.0, score[MJ_DANGER_SHAPES];
    for (int i = 0; i < n; i++) {
        features(&rs, t->unseen, &out->shapes[i], f[i]);
        score[i] = 0.0;
        for (int k = 0; k < MJ_DANGER_FEATURES; k++)
            score[i] += m->theta[k] * f[i][k];
        top = score[i] > top ? score[i] : top;
    }
    for (int i = 0; i < n; i++)
        sum += out->shapes[i].p = exp(score[i] - top);
    uint64_t live = 0;
    for (int i = 0; i < n; i++) {
        mj_danger_shape *s = &out->shapes[i];
        s->p /= sum;
        for (int k = 0; k < s->n_wait; k++)
            if (k == 0 || s->wait[1] != s->wait[0]) {
                out->wait[s->wait[k]] += s->p;
                live |= (uint64_t)1 << s->wait[k];
            }
    }
    out->zero = ~live & (((uint64_t)1 << MJ_TILES) - 1);
    calibrate(t, seat, m, out);
    threat_of(t, seat, m, out);
    for (int x = 0; x < MJ_TILES; x++)
        out->loss[x] = out->tenpai * out->deal[x] * out->value;
    return 0;
}

int mj_danger_at(const mj_replay *r, int me, const mj_danger_model *m, mj_danger out[4], tk_error *err)
{
    mj_table t;
    if (r && r->round && me >= 0 && me <= 3 && !replay_threats(r, me))
        return 0;   /* no threat: no table to build */
    int rc = mj_table_from_replay(&t, r, me, err);
    if (rc)
        return rc;
    unsigned threats = mj_table_threats(&t);
    for (int s = 0; s < 4; s++)
        if (threats >> s & 1)
            mj_danger_eval(&t, s, m ? m : mj_danger_default_model(), &out[s]);
    return (int)threats;
}
