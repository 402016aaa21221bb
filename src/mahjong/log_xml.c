/* log_xml.c - Tenhou's .mjlog XML into mj_log events.
 *
 * The file is a flat list of tags; no general XML parser is needed: the
 * scanner walks from '<' to the matching '>' (quotes respected), takes the
 * tag name and looks attributes up by name inside the tag.  Draws and
 * discards are tags named by a letter and the tile id (<T52/>, <D52/>).
 * Calls are decoded from the 16-bit m attribute the way Tenhou's own viewer
 * lays it out: bit 2 chi (base sequence and called index in the high bits,
 * the copy of each tile in two bits each), bit 3 pon and bit 4 added kan
 * (base tile and called index in the high bits, the copy left out in bits
 * 5-6), otherwise a kan (tile id in the high byte; bits 0-1 = 0 for a closed
 * kan, else the seat called from relative to the caller). */
#include "log_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct xtag {
    const char *name;
    size_t name_len;
    const char *attr;    /* after the name, up to the '>' (or "/>") */
    size_t attr_len;
    size_t pos;          /* offset of '<' */
} xtag;

typedef struct xstate {
    const char *text;
    size_t len;
    mj_log *log;
    mj_log_round *round;
    int aka;
    int have_names;
    int last_draw_id[4];     /* id of each seat's last draw, -1 none */
    int kan_pending[4];      /* the seat's next draw replaces a kan */
    long tag_no;
} xstate;

static int xerr(xstate *x, const xtag *t, tk_error *err, const char *msg, const char *arg)
{
    long line, col;
    tki_log_where(x->text, x->len, t->pos, &line, &col);
    char where[64];
    if (x->round)
        snprintf(where, sizeof where, "round %d, event %d", x->log->n_rounds - 1, x->round->n_events + 1);
    else
        snprintf(where, sizeof where, "tag %ld", x->tag_no);
    return tk_error_set(err, TK_EFORMAT, line, col, "%s (<%.*s>): %s%s", where, (int)(t->name_len > 12 ? 12 : t->name_len),
                        t->name, msg, arg ? arg : "");
}

static int name_is(const xtag *t, const char *s)
{
    size_t n = strlen(s);
    return t->name_len == n && memcmp(t->name, s, n) == 0;
}

/* Value of attribute key: 1 with *v, *vl set, 0 when absent. */
static int attr(const xtag *t, const char *key, const char **v, size_t *vl)
{
    size_t kl = strlen(key);
    const char *p = t->attr, *end = t->attr + t->attr_len;
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == '/'))
            p++;
        const char *k = p;
        while (p < end && *p != '=' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
            p++;
        size_t this_kl = (size_t)(p - k);
        if (p >= end || *p != '=')
            return 0;
        p++;
        if (p >= end || (*p != '"' && *p != '\''))
            return 0;
        char q = *p++;
        const char *vs = p;
        while (p < end && *p != q)
            p++;
        if (p >= end)
            return 0;
        if (this_kl == kl && memcmp(k, key, kl) == 0) {
            *v = vs;
            *vl = (size_t)(p - vs);
            return 1;
        }
        p++;
    }
    return 0;
}

/* Comma-separated integers of attribute key into out (at most cap); returns
 * the count, -1 if absent, -2 if malformed or too many. */
/* Scores in ten= and sc= are in hundreds of points: at most 10,000,000
 * points either way (as the JSON reader), so x100 stays far inside int. */
#define XML_SCORE_MAX 100000L

static int attr_ints(const xtag *t, const char *key, long *out, int cap)
{
    const char *v;
    size_t vl;
    if (!attr(t, key, &v, &vl))
        return -1;
    int n = 0;
    size_t i = 0;
    if (vl == 0)
        return 0;
    for (;;) {
        int neg = 0;
        if (i < vl && v[i] == '-') { neg = 1; i++; }
        if (i >= vl || v[i] < '0' || v[i] > '9')
            return -2;
        long x = 0;
        while (i < vl && v[i] >= '0' && v[i] <= '9') {
            if (x > 100000000L)
                return -2;
            x = x * 10 + (v[i++] - '0');
        }
        if (n >= cap)
            return -2;
        out[n++] = neg ? -x : x;
        if (i == vl)
            return n;
        if (v[i] != ',')
            return -2;
        i++;
    }
}

static int attr_int(const xtag *t, const char *key, long *out)
{
    return attr_ints(t, key, out, 1) == 1;
}

/* Tile of id (0..135): plain index and red flag. */
static int id_tile(const xstate *x, long id, uint8_t *tile, uint8_t *red)
{
    if (id < 0 || id > 135)
        return -1;
    *tile = (uint8_t)(id / 4);
    *red = (uint8_t)(x->aka && (id == 16 || id == 52 || id == 88));
    return 0;
}

/* Names from UN n0..n3: URL-decoded, cut to MJ_LOG_NAME - 1 bytes. */
static void read_names(xstate *x, const xtag *t)
{
    static const char *const K[4] = { "n0", "n1", "n2", "n3" };
    for (int s = 0; s < 4; s++) {
        const char *v;
        size_t vl, o = 0;
        char *dst = x->log->names[s];
        if (!attr(t, K[s], &v, &vl))
            continue;
        for (size_t i = 0; i < vl && o + 1 < MJ_LOG_NAME; i++) {
            int c = (unsigned char)v[i];
            if (c == '%' && i + 2 < vl) {
                int hv = 0, ok = 1;
                for (int k = 1; k <= 2; k++) {
                    int d = v[i + k];
                    hv <<= 4;
                    if (d >= '0' && d <= '9') hv |= d - '0';
                    else if (d >= 'A' && d <= 'F') hv |= d - 'A' + 10;
                    else if (d >= 'a' && d <= 'f') hv |= d - 'a' + 10;
                    else ok = 0;
                }
                if (ok) { c = hv; i += 2; }
            }
            dst[o++] = (char)c;
        }
        dst[o] = 0;
    }
    x->have_names = 1;
}

static int push(xstate *x, const xtag *t, mj_log_event *e, tk_error *err)
{
    e->pos = (uint32_t)t->pos;
    int rc = tki_log_event(x->round, e, err);
    if (rc) {
        char m[sizeof err->msg];
        snprintf(m, sizeof m, "%s", err ? err->msg : "");
        long line, col;
        tki_log_where(x->text, x->len, t->pos, &line, &col);
        return tk_error_set(err, rc, line, col, "round %d: %s", x->log->n_rounds - 1, m);
    }
    return 0;
}

static int do_init(xstate *x, const xtag *t, tk_error *err)
{
    long seed[6], ten[4], oya, hai[14];
    x->round = NULL;
    mj_log_round *r = tki_log_round(x->log, err);
    if (!r)
        return err ? err->code : TK_ENOMEM;
    x->round = r;
    if (attr_ints(t, "seed", seed, 6) != 6)
        return xerr(x, t, err, "seed= needs 6 numbers", NULL);
    if (seed[0] < 0 || seed[0] > 15 || seed[1] < 0 || seed[2] < 0 || seed[1] > 1000 || seed[2] > 1000)
        return xerr(x, t, err, "bad round, honba or sticks in seed=", NULL);
    if (attr_ints(t, "ten", ten, 4) != 4)
        return xerr(x, t, err, "ten= needs 4 scores", NULL);
    for (int s = 0; s < 4; s++)
        if (ten[s] < -XML_SCORE_MAX || ten[s] > XML_SCORE_MAX)
            return xerr(x, t, err, "a score in ten= is out of range", NULL);
    if (!attr_int(t, "oya", &oya) || oya < 0 || oya > 3)
        return xerr(x, t, err, "oya= must be a seat 0..3", NULL);
    r->kyoku = (int)seed[0];
    r->honba = (int)seed[1];
    r->sticks = (int)seed[2];
    r->dealer = (int)oya;
    for (int s = 0; s < 4; s++)
        r->scores[s] = (int)ten[s] * 100;
    if (id_tile(x, seed[5], &r->dora0, &r->dora0_red))
        return xerr(x, t, err, "bad dora indicator in seed=", NULL);
    static const char *const K[4] = { "hai0", "hai1", "hai2", "hai3" };
    for (int s = 0; s < 4; s++) {
        if (attr_ints(t, K[s], hai, 14) != 13)
            return xerr(x, t, err, "each hand (hai0..hai3) needs 13 tile ids", NULL);
        for (int i = 0; i < 13; i++) {
            uint8_t tl, rd;
            if (id_tile(x, hai[i], &tl, &rd))
                return xerr(x, t, err, "tile id out of 0..135 in ", K[s]);
            r->deal[s][i] = tl;
            if (rd)
                r->deal_red[s] |= (uint16_t)(1u << i);
        }
        x->last_draw_id[s] = -1;
        x->kan_pending[s] = 0;
    }
    return 0;
}

/* <N who m>: a call. */
static int do_meld(xstate *x, const xtag *t, tk_error *err)
{
    long who, m;
    if (!attr_int(t, "who", &who) || who < 0 || who > 3)
        return xerr(x, t, err, "who= must be a seat 0..3", NULL);
    if (!attr_int(t, "m", &m) || m < 0 || m > 65535)
        return xerr(x, t, err, "m= must be a number 0..65535", NULL);
    mj_log_event e = { 0 };
    e.seat = (uint8_t)who;
    e.from = (uint8_t)((who + (m & 3)) & 3);
    long ids[4];
    int n = 0, called = -1;
    if (m & 0x4) {                                  /* chi */
        long b = m >> 10, r = b % 3;
        b /= 3;
        long base = b / 7 * 9 + b % 7;
        if (b >= 21)
            return xerr(x, t, err, "bad chi in m=", NULL);
        for (int i = 0; i < 3; i++)
            ids[n++] = (base + i) * 4 + ((m >> (3 + 2 * i)) & 3);
        called = (int)r;
        e.kind = MJ_EV_CHI;
    } else if (m & 0x18) {                          /* pon (0x8) or added kan (0x10) */
        long b = m >> 9, r = b % 3, unused = (m >> 5) & 3;
        b /= 3;
        if (b >= 34)
            return xerr(x, t, err, "bad pon in m=", NULL);
        for (int k = 0; k < 4; k++)
            if (k != unused)
                ids[n++] = b * 4 + k;
        called = (int)r;
        if (m & 0x8) {
            e.kind = MJ_EV_PON;
        } else {
            e.kind = MJ_EV_KAKAN;
            e.from = e.seat;
            ids[0] = b * 4 + unused;              /* the tile added */
            n = 1;
            called = 0;
        }
    } else if (m & 0x20) {
        return xerr(x, t, err, "a north tile set aside (three-player games are not supported)", NULL);
    } else {                                        /* kan */
        long id = m >> 8;
        if (id > 135)
            return xerr(x, t, err, "bad kan in m=", NULL);
        long b = id / 4;
        for (int k = 0; k < 4; k++)
            ids[n++] = b * 4 + k;
        called = (int)(id & 3);
        e.kind = (m & 3) ? MJ_EV_DAIMINKAN : MJ_EV_ANKAN;
        if (e.kind == MJ_EV_ANKAN)
            e.from = e.seat;
    }
    /* the called tile, then the own tiles */
    uint8_t tl, rd;
    if (id_tile(x, ids[called], &tl, &rd))
        return xerr(x, t, err, "bad tile in m=", NULL);
    e.tile = tl;
    e.red = rd;
    if (e.kind == MJ_EV_CHI || e.kind == MJ_EV_PON || e.kind == MJ_EV_DAIMINKAN) {
        for (int i = 0; i < n; i++) {
            if (i == called)
                continue;
            if (id_tile(x, ids[i], &tl, &rd))
                return xerr(x, t, err, "bad tile in m=", NULL);
            if (rd)
                e.own_red |= (uint8_t)(1u << e.n_own);
            e.own[e.n_own++] = tl;
        }
    } else if (e.kind == MJ_EV_ANKAN) {
        e.red = 0;
        for (int i = 0; i < 4; i++)
            e.own[e.n_own++] = (uint8_t)(ids[0] / 4);
    }
    if (e.kind == MJ_EV_DAIMINKAN || e.kind == MJ_EV_KAKAN || e.kind == MJ_EV_ANKAN)
        x->kan_pending[who] = 1;
    return push(x, t, &e, err);
}

static int map_yaku(long id)
{
    static const signed char M[55] = {
        MJ_Y_MENZEN_TSUMO, MJ_Y_RIICHI, MJ_Y_IPPATSU, MJ_Y_CHANKAN, MJ_Y_RINSHAN, MJ_Y_HAITEI, MJ_Y_HOUTEI,
        MJ_Y_PINFU, MJ_Y_TANYAO, MJ_Y_IIPEIKO,
        MJ_Y_SEAT_E, MJ_Y_SEAT_S, MJ_Y_SEAT_W, MJ_Y_SEAT_N, MJ_Y_ROUND_E, MJ_Y_ROUND_S, MJ_Y_ROUND_W,
        MJ_Y_ROUND_N, MJ_Y_HAKU, MJ_Y_HATSU, MJ_Y_CHUN,
        MJ_Y_DOUBLE_RIICHI, MJ_Y_CHIITOI, MJ_Y_CHANTA, MJ_Y_ITTSU, MJ_Y_SANSHOKU, MJ_Y_DOUKOU,
        MJ_Y_SANKANTSU, MJ_Y_TOITOI, MJ_Y_SANANKOU, MJ_Y_SHOUSANGEN, MJ_Y_HONROUTOU,
        MJ_Y_RYANPEIKOU, MJ_Y_JUNCHAN, MJ_Y_HONITSU, MJ_Y_CHINITSU,
        -1 /* renhou: not in Tenhou's rules */, MJ_Y_TENHOU, MJ_Y_CHIIHOU,
        MJ_Y_DAISANGEN, MJ_Y_SUUANKOU, MJ_Y_SUUANKOU_TANKI, MJ_Y_TSUUIISOU, MJ_Y_RYUUIISOU,
        MJ_Y_CHINROUTOU, MJ_Y_CHUUREN, MJ_Y_CHUUREN9, MJ_Y_KOKUSHI, MJ_Y_KOKUSHI13, MJ_Y_DAISUUSHII,
        MJ_Y_SHOUSUUSHII, MJ_Y_SUUKANTSU, MJ_Y_DORA, MJ_Y_URA, MJ_Y_AKA
    };
    return id >= 0 && id < 55 ? M[id] : -1;
}

static int do_agari(xstate *x, const xtag *t, tk_error *err)
{
    long who, from, ten[3], v[64];
    if (!attr_int(t, "who", &who) || who < 0 || who > 3)
        return xerr(x, t, err, "who= must be a seat 0..3", NULL);
    if (!attr_int(t, "fromWho", &from) || from < 0 || from > 3)
        return xerr(x, t, err, "fromWho= must be a seat 0..3", NULL);
    if (x->round->n_wins >= 3)
        return xerr(x, t, err, "more than three wins in a round", NULL);
    mj_log_win *w = &x->round->wins[x->round->n_wins];
    memset(w, 0, sizeof *w);
    w->seat = (uint8_t)who;
    w->from = (uint8_t)from;
    w->pao = -1;
    long pao;
    if (attr_int(t, "paoWho", &pao) && pao >= 0 && pao <= 3)
        w->pao = (int8_t)pao;
    if (attr_ints(t, "ten", ten, 3) != 3 || ten[0] < 0 || ten[1] < 0 || ten[2] < 0 || ten[2] > 5)
        return xerr(x, t, err, "ten= needs fu, points and limit (0..5)", NULL);
    w->fu = (int)ten[0];
    w->points = (int)ten[1];
    w->limit = (int)ten[2];
    int n = attr_ints(t, "yaku", v, 64);
    if (n == -2 || (n > 0 && n % 2))
        return xerr(x, t, err, "yaku= needs pairs of yaku id and han", NULL);
    for (int i = 0; i + 1 < n; i += 2) {
        int id = map_yaku(v[i]);
        if (id < 0)
            return xerr(x, t, err, "unknown or unsupported yaku id in yaku=", NULL);
        if (v[i + 1] < 0 || v[i + 1] > 26)
            return xerr(x, t, err, "bad han in yaku=", NULL);
        if (v[i + 1] == 0)
            continue;   /* "53,0": no ura dora */
        if (w->n_yaku >= MJ_MAX_YAKU)
            return xerr(x, t, err, "too many yaku", NULL);
        w->yaku[w->n_yaku].id = (uint8_t)id;
        w->yaku[w->n_yaku].han = (uint8_t)v[i + 1];
        w->n_yaku++;
        w->han += (int)v[i + 1];
    }
    n = attr_ints(t, "yakuman", v, 64);
    if (n == -2)
        return xerr(x, t, err, "bad yakuman=", NULL);
    for (int i = 0; i < n; i++) {
        int id = map_yaku(v[i]);
        if (id < 0 || !mj_yaku_is_yakuman(id) || w->n_yaku >= MJ_MAX_YAKU)
            return xerr(x, t, err, "unknown yakuman id in yakuman=", NULL);
        w->yaku[w->n_yaku].id = (uint8_t)id;
        w->yaku[w->n_yaku].han = 13;
        w->n_yaku++;
        w->han += 13;
        w->yakuman++;
    }
    static const char *const DK[2] = { "doraHai", "doraHaiUra" };
    for (int k = 0; k < 2; k++) {
        n = attr_ints(t, DK[k], v, MJ_MAX_INDICATORS);
        if (n == -2)
            return xerr(x, t, err, "bad ", DK[k]);
        for (int i = 0; i < n; i++) {
            uint8_t tl, rd;
            if (id_tile(x, v[i], &tl, &rd))
                return xerr(x, t, err, "bad tile id in ", DK[k]);
            if (k == 0) {
                w->dora[i] = tl;
                if (rd) w->dora_red |= (uint16_t)(1u << i);
                w->n_dora = (uint8_t)(i + 1);
            } else {
                w->ura[i] = tl;
                if (rd) w->ura_red |= (uint16_t)(1u << i);
                w->n_ura = (uint8_t)(i + 1);
            }
        }
    }
    n = attr_ints(t, "hai", v, 15);
    if (n > 0) {
        for (int i = 0; i < n; i++) {
            uint8_t tl, rd;
            if (id_tile(x, v[i], &tl, &rd))
                return xerr(x, t, err, "bad tile id in hai=", NULL);
            w->hand[tl]++;
        }
        w->has_hand = 1;
    } else if (n == -2) {
        return xerr(x, t, err, "bad hai=", NULL);
    }
    n = attr_ints(t, "sc", v, 8);
    if (n == 8)
        for (int s = 0; s < 4; s++) {
            if (v[2 * s + 1] < -XML_SCORE_MAX || v[2 * s + 1] > XML_SCORE_MAX)
                return xerr(x, t, err, "a score change in sc= is out of range", NULL);
            w->deltas[s] = (int)v[2 * s + 1] * 100;
        }
    mj_log_event e = { 0 };
    e.kind = MJ_EV_WIN;
    e.seat = (uint8_t)who;
    e.from = (uint8_t)from;
    e.detail = (int16_t)x->round->n_wins;
    x->round->n_wins++;
    return push(x, t, &e, err);
}

static int do_tag(xstate *x, const xtag *t, tk_error *err)
{
    char c = t->name[0];
    int digits = t->name_len > 1;
    for (size_t i = 1; i < t->name_len; i++)
        digits &= t->name[i] >= '0' && t->name[i] <= '9';
    if (name_is(t, "GO")) {
        long type;
        if (attr_int(t, "type", &type)) {
            if (type & 0x10)
                return xerr(x, t, err, "a three-player game (not supported)", NULL);
            if (type & 0x02)
                x->log->rules |= MJ_RULE_NO_AKA;
            if (type & 0x04)
                x->log->rules |= MJ_RULE_NO_KUITAN;
            x->aka = !(type & 0x02);
        }
        return 0;
    }
    if (name_is(t, "UN")) {
        if (!x->have_names)
            read_names(x, t);
        return 0;
    }
    if (name_is(t, "INIT"))
        return do_init(x, t, err);
    int is_draw = strchr("TUVW", c) != NULL, is_disc = strchr("DEFG", c) != NULL;
    if (!x->round) {
        if (digits || name_is(t, "N") || name_is(t, "REACH") || name_is(t, "DORA") || name_is(t, "AGARI") ||
            name_is(t, "RYUUKYOKU"))
            return xerr(x, t, err, "a game event before the first <INIT>", NULL);
        return 0;
    }
    mj_log_event e = { 0 };
    if (digits && (is_draw || is_disc)) {
        long id = 0;
        for (size_t i = 1; i < t->name_len && id < 1000; i++)
            id = id * 10 + (t->name[i] - '0');
        int seat = is_draw ? (int)(strchr("TUVW", c) - "TUVW") : (int)(strchr("DEFG", c) - "DEFG");
        if (id_tile(x, id, &e.tile, &e.red))
            return xerr(x, t, err, "tile id out of 0..135", NULL);
        e.seat = e.from = (uint8_t)seat;
        if (is_draw) {
            e.kind = MJ_EV_DRAW;
            e.flag = (uint8_t)x->kan_pending[seat];
            x->kan_pending[seat] = 0;
            x->last_draw_id[seat] = (int)id;
        } else {
            e.kind = MJ_EV_DISCARD;
            const mj_log_round *r = x->round;
            int k = r->n_events - 1;
            while (k >= 0 && r->events[k].kind == MJ_EV_RIICHI)
                k--;
            e.flag = (uint8_t)(k >= 0 && r->events[k].kind == MJ_EV_DRAW && r->events[k].seat == seat &&
                               x->last_draw_id[seat] == id);
        }
        return push(x, t, &e, err);
    }
    if (name_is(t, "N"))
        return do_meld(x, t, err);
    if (name_is(t, "REACH")) {
        long who, step;
        if (!attr_int(t, "who", &who) || who < 0 || who > 3 || !attr_int(t, "step", &step))
            return xerr(x, t, err, "REACH needs who= (0..3) and step=", NULL);
        if (step != 1)
            return 0;
        e.kind = MJ_EV_RIICHI;
        e.seat = e.from = (uint8_t)who;
        return push(x, t, &e, err);
    }
    if (name_is(t, "DORA")) {
        long id;
        if (!attr_int(t, "hai", &id) || id_tile(x, id, &e.tile, &e.red))
            return xerr(x, t, err, "DORA needs hai= (a tile id 0..135)", NULL);
        e.kind = MJ_EV_DORA;
        return push(x, t, &e, err);
    }
    if (name_is(t, "AGARI"))
        return do_agari(x, t, err);
    if (name_is(t, "RYUUKYOKU")) {
        static const char *const T[] = { "", "nm", "yao9", "reach4", "ron3", "kan4", "kaze4" };
        const char *v;
        size_t vl;
        e.kind = MJ_EV_RYUUKYOKU;
        e.detail = MJ_RK_EXHAUSTIVE;
        if (attr(t, "type", &v, &vl)) {
            e.detail = -1;
            for (int i = 1; i < 7; i++)
                if (strlen(T[i]) == vl && memcmp(v, T[i], vl) == 0)
                    e.detail = (int16_t)i;
            if (e.detail < 0)
                return xerr(x, t, err, "unknown RYUUKYOKU type", NULL);
        }
        return push(x, t, &e, err);
    }
    return 0;   /* SHUFFLE, TAIKYOKU, BYE, mjloggm ...: nothing to replay */
}

int tki_log_parse_xml(const char *text, size_t len, mj_log *log, tk_error *err)
{
    xstate x = { 0 };
    x.text = text;
    x.len = len;
    x.log = log;
    x.aka = 1;
    log->rules = MJ_RULE_NO_DOUBLE_YAKUMAN;
    size_t i = 0;
    while (i < len) {
        const char *lt = memchr(text + i, '<', len - i);
        if (!lt)
            break;
        size_t p = (size_t)(lt - text);
        xtag t = { 0 };
        t.pos = p;
        size_t q = p + 1;
        if (len - q >= 3 && memcmp(text + q, "!--", 3) == 0) {   /* a comment: up to "-->" */
            size_t k = q + 3;
            while (k + 2 < len && memcmp(text + k, "-->", 3) != 0)
                k++;
            i = k + 3;
            continue;
        }
        if (q < len && (text[q] == '?' || text[q] == '!' || text[q] == '/')) {
            const char *gt = memchr(text + q, '>', len - q);
            if (!gt)
                break;
            i = (size_t)(gt - text) + 1;
            continue;
        }
        t.name = text + q;
        while (q < len && ((text[q] >= 'A' && text[q] <= 'Z') || (text[q] >= 'a' && text[q] <= 'z') ||
                           (text[q] >= '0' && text[q] <= '9')))
            q++;
        t.name_len = (size_t)(text + q - t.name);
        size_t a = q;
        char quote = 0;
        while (q < len && (quote || text[q] != '>')) {
            if (quote && text[q] == quote) quote = 0;
            else if (!quote && (text[q] == '"' || text[q] == '\'')) quote = text[q];
            q++;
        }
        x.tag_no++;
        if (q >= len || t.name_len == 0) {
            long line, col;
            tki_log_where(text, len, p, &line, &col);
            return tk_error_set(err, TK_EFORMAT, line, col, "tag %ld: an unfinished or nameless tag", x.tag_no);
        }
        t.attr = text + a;
        t.attr_len = q - a;
        int rc = do_tag(&x, &t, err);
        if (rc)
            return rc;
        i = q + 1;
    }
    return 0;
}
