/* log.c - game records: the common part of the two readers and the replay.
 *
 * Both readers (log_xml.c for Tenhou's .mjlog, log_json.c for tenhou.net/6
 * JSON) turn a file into rounds of mj_log_event in log order.  The replay
 * is one small state machine over those events: four mj_hand (closed
 * counts, red fives and melds), the discards, the tiles every player sees,
 * and the few flags the situational yaku need (riichi and when it was
 * declared, ippatsu, the last draw being a replacement tile, tiles drawn,
 * calls made).  Each step checks the event against the state (the tile is
 * held, a call takes the last discard, ...), so mj_log_parse() replays every
 * round once and a log that parses is consistent.  mj_replay_win() turns
 * the state before a win into the hand and mj_winctx the scorer takes. */
#include "log_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *mj_event_name(int kind)
{
    static const char *const N[MJ_EV_COUNT] = { "draw", "discard", "chi", "pon", "daiminkan", "kakan",
                                                "ankan", "riichi", "dora", "win", "ryuukyoku" };
    return kind >= 0 && kind < MJ_EV_COUNT ? N[kind] : "?";
}

const char *mj_ryuukyoku_name(int rk)
{
    static const char *const N[] = { "exhaustive", "nagashi", "yao9", "reach4", "ron3", "kan4", "kaze4" };
    return rk >= 0 && rk <= MJ_RK_KAZE4 ? N[rk] : "?";
}

mj_log_round *tki_log_round(mj_log *log, tk_error *err)
{
    if (log->n_rounds >= MJ_LOG_MAX_ROUNDS) {
        tk_error_set(err, TK_ELIMIT, 0, 0, "more than %d rounds", MJ_LOG_MAX_ROUNDS);
        return NULL;
    }
    mj_log_round *nr = realloc(log->rounds, (size_t)(log->n_rounds + 1) * sizeof *nr);
    if (!nr) {
        tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
        return NULL;
    }
    log->rounds = nr;
    mj_log_round *r = &nr[log->n_rounds];
    memset(r, 0, sizeof *r);
    r->events = malloc(MJ_LOG_MAX_EVENTS * sizeof *r->events);
    if (!r->events) {
        tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
        return NULL;
    }
    log->n_rounds++;
    return r;
}

int tki_log_event(mj_log_round *r, const mj_log_event *e, tk_error *err)
{
    if (r->n_events >= MJ_LOG_MAX_EVENTS)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "more than %d events in a round", MJ_LOG_MAX_EVENTS);
    r->events[r->n_events++] = *e;
    return 0;
}

void tki_log_where(const char *text, size_t len, size_t pos, long *line, long *col)
{
    long l = 1, c = 1;
    for (size_t i = 0; i < pos && i < len; i++) {
        if (text[i] == '\n') { l++; c = 1; }
        else c++;
    }
    *line = l;
    *col = c;
}

int mj_log_parse(const char *text, size_t len, mj_log **out, tk_error *err)
{
    return mj_log_parse_ex(text, len, 0, out, err);
}

int mj_log_parse_ex(const char *text, size_t len, unsigned flags, mj_log **out, tk_error *err)
{
    *out = NULL;
    if (!text)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no text");
    if (len > MJ_LOG_MAX_BYTES)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "log of %zu bytes: more than the limit of %u", len,
                            MJ_LOG_MAX_BYTES);
    if (len >= 2 && (unsigned char)text[0] == 0x1f && (unsigned char)text[1] == 0x8b) {
        char *plain;
        size_t plain_len;
        int rc = tki_log_gunzip(text, len, &plain, &plain_len, err);
        if (rc)
            return rc;
        if (plain_len >= 2 && (unsigned char)plain[0] == 0x1f && (unsigned char)plain[1] == 0x8b)
            rc = tk_error_set(err, TK_EFORMAT, 0, 0, "gzip: compressed twice");
        else
            rc = mj_log_parse_ex(plain, plain_len, flags, out, err);
        free(plain);
        return rc;
    }
    size_t i = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
        i++;
    if (i == len)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "empty log");
    mj_log *log = calloc(1, sizeof *log);
    if (!log)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    int rc;
    if (text[i] == '<') {
        log->format = MJ_LOG_MJLOG;
        rc = tki_log_parse_xml(text, len, log, err);
    } else if (text[i] == '{') {
        log->format = MJ_LOG_TENHOU6;
        rc = tki_log_parse_json(text, len, log, err);
    } else {
        rc = tk_error_set(err, TK_EFORMAT, 1, 1, "not a Tenhou log (expected .mjlog XML '<' or tenhou.net/6 JSON '{')");
    }
    if (rc == 0 && log->n_rounds == 0)
        rc = tk_error_set(err, TK_EFORMAT, 0, 0, "no round in the log");
    if (rc == 0)
        rc = tki_log_check(log, text, len, flags, err);
    if (rc != 0) {
        mj_log_free(log);
        return rc;
    }
    *out = log;
    return 0;
}

void mj_log_free(mj_log *log)
{
    if (!log)
        return;
    for (int i = 0; i < log->n_rounds; i++)
        free(log->rounds[i].events);
    free(log->rounds);
    free(log->issues);
    free(log);
}

/* ---- replay ---- */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int bad(const mj_replay *r, tk_error *err, const char *fmt, ...)
{
    char m[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    return tk_error_set(err, TK_EFORMAT, 0, 0, "event %d (%s): %s", r->next + 1,
                        mj_event_name(r->round->events[r->next].kind), m);
}

static void tname(int t, char out[3])
{
    mj_tile_name(t, out);
}

static int add_tile(mj_hand *h, int t, int red)
{
    if (h->count[t] >= 4)
        return -1;
    if (red) {
        if (t >= 27 || t % 9 != 4 || h->red[t / 9])
            return -1;
        h->red[t / 9] = 1;
    }
    h->count[t]++;
    h->n_tiles++;
    return 0;
}

static int take_tile(mj_hand *h, int t, int red)
{
    if (!h->count[t])
        return -1;
    if (red) {
        if (t >= 27 || t % 9 != 4 || !h->red[t / 9])
            return -1;
        h->red[t / 9] = 0;
    } else if (t < 27 && t % 9 == 4 && h->red[t / 9] && h->count[t] == 1) {
        return -1;   /* the only five held is the red one */
    }
    h->count[t]--;
    h->n_tiles--;
    return 0;
}

/* A red five comes into sight. */
static void see_red(mj_replay *r, int t, int red)
{
    if (red && t < 27 && t % 9 == 4)
        r->visible_red[t / 9] = 1;
}

int mj_replay_start(mj_replay *r, const mj_log *log, int round, tk_error *err)
{
    memset(r, 0, sizeof *r);
    if (!log || round < 0 || round >= log->n_rounds)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no round %d", round);
    r->log = log;
    r->round = &log->rounds[round];
    const mj_log_round *rd = r->round;
    for (int s = 0; s < 4; s++) {
        r->hand[s].last = -1;
        for (int i = 0; i < 13; i++)
            if (rd->deal[s][i] >= MJ_TILES || add_tile(&r->hand[s], rd->deal[s][i], rd->deal_red[s] >> i & 1))
                return tk_error_set(err, TK_EFORMAT, 0, 0, "the hand dealt to seat %d is impossible", s);
    }
    if (rd->dora0 >= MJ_TILES)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "bad first dora indicator");
    r->n_dora = 1;
    r->dora[0] = rd->dora0;
    r->dora_red = rd->dora0_red ? 1 : 0;
    r->visible[rd->dora0]++;
    see_red(r, rd->dora0, rd->dora0_red);
    r->last_kind = -1;
    r->last_seat = -1;
    r->last_tile = -1;
    return 0;
}

static int is_closed(const mj_hand *h)
{
    for (int i = 0; i < h->n_melds; i++)
        if (h->melds[i].type != MJ_ANKAN)
            return 0;
    return 1;
}

static void clear_ippatsu(mj_replay *r)
{
    for (int s = 0; s < 4; s++) {
        r->ippatsu_before_call[s] = r->ippatsu[s];
        r->ippatsu[s] = 0;
    }
}

static int add_meld(mj_replay *r, const mj_log_event *e, int type, int lowest)
{
    mj_hand *h = &r->hand[e->seat];
    if (h->n_melds >= MJ_MAX_MELDS)
        return -1;
    int reds = e->red != 0;
    for (int i = 0; i < e->n_own; i++)
        reds += e->own_red >> i & 1;
    mj_meld *m = &h->melds[h->n_melds];
    m->type = (uint8_t)type;
    m->tile = (uint8_t)lowest;
    m->red = (uint8_t)reds;
    r->meld_from[e->seat][h->n_melds] = e->from;
    h->n_melds++;
    return 0;
}

/* The call takes the last discard: check it, take the own tiles. */
static int call_own(mj_replay *r, const mj_log_event *e, tk_error *err)
{
    char n[3];
    tname(e->tile, n);
    if (r->last_kind != MJ_EV_DISCARD || r->last_seat != e->from || r->last_tile != e->tile ||
        r->last_red != (e->red != 0))
        return bad(r, err, "calls %s from seat %d, which is not the last discard", n, e->from);
    if (e->from == e->seat)
        return bad(r, err, "calls %s from its own seat %d", n, e->seat);
    mj_hand *h = &r->hand[e->seat];
    if (h->n_tiles % 3 != 1)
        return bad(r, err, "calls %s out of turn", n);
    for (int i = 0; i < e->n_own; i++) {
        if (e->own[i] >= MJ_TILES || take_tile(h, e->own[i], e->own_red >> i & 1)) {
            char o[3];
            tname(e->own[i] < MJ_TILES ? e->own[i] : 0, o);
            return bad(r, err, "the hand does not hold the %s it calls with (seat %d)", o, e->seat);
        }
        r->visible[e->own[i]]++;
        see_red(r, e->own[i], e->own_red >> i & 1);
    }
    r->calls++;
    clear_ippatsu(r);
    return 0;
}

/* ---- one event each: check it against the state, apply it ---- */

static int step_draw(mj_replay *r, const mj_log_event *e, tk_error *err)
{
    mj_hand *h = &r->hand[e->seat];
    char n[3];
    tname(e->tile, n);
    int expect = r->last_kind < 0 ? r->round->dealer
                 : r->last_kind == MJ_EV_DISCARD ? (r->last_seat + 1) & 3
                 : (r->last_kind == MJ_EV_DAIMINKAN || r->last_kind == MJ_EV_KAKAN || r->last_kind == MJ_EV_ANKAN)
                     ? r->last_seat : -1;
    if (e->seat != expect || h->n_tiles % 3 != 1)
        return bad(r, err, "seat %d draws out of turn", e->seat);
    if (r->draws >= 70)
        return bad(r, err, "a draw after the last tile of the wall");
    if (add_tile(h, e->tile, e->red))
        return bad(r, err, "a fifth %s (or second red five) in seat %d's hand", n, e->seat);
    r->draws++;
    r->rinshan[e->seat] = e->flag != 0;
    h->last = (int8_t)e->tile;
    h->last_red = e->red;
    return 0;
}

static int step_discard(mj_replay *r, const mj_log_event *e, tk_error *err)
{
    mj_hand *h = &r->hand[e->seat];
    int s = e->seat;
    char n[3];
    tname(e->tile, n);
    if (h->n_tiles % 3 != 2 || r->last_seat != s ||
        (r->last_kind != MJ_EV_DRAW && r->last_kind != MJ_EV_CHI && r->last_kind != MJ_EV_PON))
        return bad(r, err, "seat %d discards out of turn", s);
    if (take_tile(h, e->tile, e->red))
        return bad(r, err, "the hand does not hold the %s it discards (seat %d)", n, s);
    if (r->riichi[s] == 1) {
        r->riichi[s] = 2;
        r->ippatsu[s] = 1;
        r->double_riichi[s] = !r->discarded[s] && r->calls == 0;
    } else {
        r->ippatsu[s] = 0;
    }
    if (r->n_discards[s] < MJ_REPLAY_MAX_DISCARDS)
        r->discards[s][r->n_discards[s]++] = e->tile;
    r->discarded[s] = 1;
    r->rinshan[s] = 0;
    r->visible[e->tile]++;
    see_red(r, e->tile, e->red);
    if (r->visible[e->tile] > 4)
        return bad(r, err, "more than four %s in sight", n);
    return 0;
}

static int step_chi(mj_replay *r, const mj_log_event *e, tk_error *err)
{
    char n[3];
    tname(e->tile, n);
    if (e->n_own != 2 || e->tile >= 27 || (e->seat + 3) % 4 != e->from)
        return bad(r, err, "a chi of %s that is not from the player on the left", n);
    int lo = e->tile, hi = e->tile;
    for (int i = 0; i < 2; i++) {
        if (e->own[i] >= 27 || e->own[i] / 9 != e->tile / 9)
            return bad(r, err, "a chi of %s with tiles of another suit", n);
        lo = e->own[i] < lo ? e->own[i] : lo;
        hi = e->own[i] > hi ? e->own[i] : hi;
    }
    if (hi - lo != 2 || e->own[0] == e->own[1] || e->own[0] == e->tile || e->own[1] == e->tile)
        return bad(r, err, "a chi of %s that is not a sequence", n);
    int rc = call_own(r, e, err);
    if (rc)
        return rc;
    if (add_meld(r, e, MJ_CHI, lo))
        return bad(r, err, "a fifth meld");
    return 0;
}

/* A pon or an open kan of the last discard. */
static int step_pon(mj_replay *r, const mj_log_event *e, tk_error *err)
{
    char n[3];
    tname(e->tile, n);
    int need = e->kind == MJ_EV_PON ? 2 : 3;
    if (e->n_own != need)
        return bad(r, err, "a call of %s with %d own tiles", n, e->n_own);
    for (int i = 0; i < need; i++)
        if (e->own[i] != e->tile)
            return bad(r, err, "a pon or kan of %s with other tiles", n);
    int rc = call_own(r, e, err);
    if (rc)
        return rc;
    if (add_meld(r, e, e->kind == MJ_EV_PON ? MJ_PON : MJ_KAN, e->tile))
        return bad(r, err, "a fifth meld");
    if (e->kind == MJ_EV_DAIMINKAN)
        r->n_kans++;
    return 0;
}

static int step_kakan(mj_replay *r, const mj_log_event *e, tk_error *err)
{
    mj_hand *h = &r->hand[e->seat];
    char n[3];
    tname(e->tile, n);
    if (h->n_tiles % 3 != 2)
        return bad(r, err, "seat %d adds to a kan out of turn", e->seat);
    int m = -1;
    for (int i = 0; i < h->n_melds; i++)
        if (h->melds[i].type == MJ_PON && h->melds[i].tile == e->tile)
            m = i;
    if (m < 0)
        return bad(r, err, "an added kan of %s without a pon of it (seat %d)", n, e->seat);
    if (take_tile(h, e->tile, e->red))
        return bad(r, err, "the hand does not hold the %s it adds to its pon (seat %d)", n, e->seat);
    h->melds[m].type = MJ_KAN;
    h->melds[m].red = (uint8_t)(h->melds[m].red + (e->red != 0));
    r->visible[e->tile]++;
    see_red(r, e->tile, e->red);
    r->calls++;
    r->n_kans++;
    clear_ippatsu(r);
    return 0;
}

static int step_ankan(mj_replay *r, const mj_log_event *e, tk_error *err)
{
    mj_hand *h = &r->hand[e->seat];
    char n[3];
    tname(e->tile, n);
    if (h->n_tiles % 3 != 2)
        return bad(r, err, "seat %d declares a kan out of turn", e->seat);
    if (h->count[e->tile] != 4)
        return bad(r, err, "a closed kan of %s without the four tiles (seat %d)", n, e->seat);
    int red = e->tile < 27 && e->tile % 9 == 4 && h->red[e->tile / 9];
    h->count[e->tile] = 0;
    h->n_tiles = (uint8_t)(h->n_tiles - 4);
    if (red)
        h->red[e->tile / 9] = 0;
    mj_log_event k = *e;
    k.from = k.seat;
    k.n_own = 0;
    k.red = (uint8_t)red;
    if (add_meld(r, &k, MJ_ANKAN, e->tile))
        return bad(r, err, "a fifth meld");
    r->visible[e->tile] = 4;
    see_red(r, e->tile, red);
    r->calls++;
    r->n_kans++;
    clear_ippatsu(r);
    return 0;
}

static int step_riichi(mj_replay *r, const mj_log_event *e, tk_error *err)
{
    const mj_hand *h = &r->hand[e->seat];
    if (h->n_tiles % 3 != 2)
        return bad(r, err, "seat %d declares riichi out of turn", e->seat);
    if (!is_closed(h))
        return bad(r, err, "seat %d declares riichi with an open hand", e->seat);
    if (r->riichi[e->seat])
        return bad(r, err, "seat %d declares riichi twice", e->seat);
    r->riichi[e->seat] = 1;
    return 0;
}

static int step_dora(mj_replay *r, const mj_log_event *e, tk_error *err)
{
    char n[3];
    tname(e->tile, n);
    if (r->n_dora >= MJ_MAX_INDICATORS || r->n_dora > r->n_kans + 1)
        return bad(r, err, "a dora indicator %s without a kan to reveal it", n);
    r->dora[r->n_dora] = e->tile;
    if (e->red)
        r->dora_red |= (uint16_t)(1u << r->n_dora);
    r->n_dora++;
    r->visible[e->tile]++;
    see_red(r, e->tile, e->red);
    return 0;
}

int mj_replay_step(mj_replay *r, tk_error *err)
{
    const mj_log_round *rd = r->round;
    if (r->next >= rd->n_events)
        return 1;
    const mj_log_event *e = &rd->events[r->next];
    if (e->seat > 3 || e->from > 3 || e->tile >= MJ_TILES)
        return bad(r, err, "bad seat or tile");
    int rc, action = 1;   /* a player's action (not riichi, dora, the round's end) */
    switch (e->kind) {
    case MJ_EV_DRAW: rc = step_draw(r, e, err); break;
    case MJ_EV_DISCARD: rc = step_discard(r, e, err); break;
    case MJ_EV_CHI: rc = step_chi(r, e, err); break;
    case MJ_EV_PON: case MJ_EV_DAIMINKAN: rc = step_pon(r, e, err); break;
    case MJ_EV_KAKAN: rc = step_kakan(r, e, err); break;
    case MJ_EV_ANKAN: rc = step_ankan(r, e, err); break;
    case MJ_EV_RIICHI: rc = step_riichi(r, e, err); action = 0; break;
    case MJ_EV_DORA: rc = step_dora(r, e, err); action = 0; break;
    case MJ_EV_WIN: case MJ_EV_RYUUKYOKU: rc = 0; action = 0; break;
    default: return bad(r, err, "unknown event kind %d", e->kind);
    }
    if (rc)
        return rc;
    if (action) {
        r->last_kind = e->kind;
        r->last_seat = e->seat;
        r->last_tile = e->tile;
        r->last_red = e->red != 0;
    }
    r->next++;
    return 0;
}

void mj_replay_unseen(const mj_replay *r, int seat, uint8_t unseen[MJ_TILES])
{
    const mj_hand *h = &r->hand[seat & 3];
    for (int t = 0; t < MJ_TILES; t++) {
        int u = 4 - h->count[t] - r->visible[t];
        unseen[t] = (uint8_t)(u > 0 ? u : 0);
    }
}

int mj_replay_win(const mj_replay *r, const mj_log_event *e, mj_hand *h, mj_winctx *w, tk_error *err)
{
    const mj_log_round *rd = r->round;
    if (e->kind != MJ_EV_WIN || e->detail < 0 || e->detail >= rd->n_wins || e->seat > 3 || e->from > 3)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "not a win");
    const mj_log_win *lw = &rd->wins[e->detail];
    int s = e->seat, tsumo = e->from == e->seat, chankan = 0;
    *h = r->hand[s];
    mj_winctx_init(w);
    w->rules = r->log->rules;
    if (tsumo) {
        if (r->last_kind != MJ_EV_DRAW || r->last_seat != s)
            return tk_error_set(err, TK_EFORMAT, 0, 0, "seat %d wins by tsumo without having drawn", s);
        w->win = (int8_t)r->last_tile;
        w->win_red = (uint8_t)r->last_red;
        w->flags |= MJ_WIN_TSUMO;
    } else {
        if (r->last_seat != e->from ||
            (r->last_kind != MJ_EV_DISCARD && r->last_kind != MJ_EV_KAKAN && r->last_kind != MJ_EV_ANKAN))
            return tk_error_set(err, TK_EFORMAT, 0, 0, "seat %d wins by ron on a tile seat %d did not give", s,
                                e->from);
        if (h->n_tiles % 3 != 1 || add_tile(h, r->last_tile, r->last_red))
            return tk_error_set(err, TK_EFORMAT, 0, 0, "seat %d cannot take the winning tile", s);
        w->win = (int8_t)r->last_tile;
        w->win_red = (uint8_t)r->last_red;
        chankan = r->last_kind == MJ_EV_KAKAN;
        if (chankan)
            w->flags |= MJ_WIN_CHANKAN;
    }
    if (h->n_tiles % 3 != 2)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "seat %d wins with a hand of %d tiles", s, h->n_tiles);
    h->last = w->win;
    h->last_red = w->win_red;
    w->flags |= MJ_WIN_RON_SET;
    w->round = (uint8_t)((rd->kyoku / 4) & 3);
    w->seat = (uint8_t)((s - rd->dealer + 4) & 3);
    if (r->riichi[s] == 2)
        w->flags |= r->double_riichi[s] ? MJ_WIN_DOUBLE_RIICHI : MJ_WIN_RIICHI;
    if (r->riichi[s] == 2 && (chankan ? r->ippatsu_before_call[s] : r->ippatsu[s]))
        w->flags |= MJ_WIN_IPPATSU;
    if (tsumo && r->rinshan[s])
        w->flags |= MJ_WIN_RINSHAN;
    else if (tsumo && r->draws == 70)
        w->flags |= MJ_WIN_HAITEI;
    if (!tsumo && !chankan && r->last_kind == MJ_EV_DISCARD && r->draws == 70)
        w->flags |= MJ_WIN_HOUTEI;
    if (tsumo && r->calls == 0 && !r->discarded[s])
        w->flags |= s == rd->dealer ? MJ_WIN_TENHOU : MJ_WIN_CHIIHOU;
    if (lw->n_dora) {
        w->n_dora = lw->n_dora;
        memcpy(w->dora, lw->dora, lw->n_dora);
        w->dora_red = lw->dora_red;
    } else {
        w->n_dora = (uint8_t)r->n_dora;
        memcpy(w->dora, r->dora, (size_t)r->n_dora);
        w->dora_red = r->dora_red;
    }
    if (w->flags & (MJ_WIN_RIICHI | MJ_WIN_DOUBLE_RIICHI)) {
        w->n_ura = lw->n_ura;
        memcpy(w->ura, lw->ura, lw->n_ura);
        w->ura_red = lw->ura_red;
    }
    return 0;
}

/* The win e, the next event of r: its hand can be built and, when the log
 * states it (hai=), is the hand replayed.  Errors "event N (win): ...". */
static int check_win(const mj_replay *r, const mj_log_event *e, tk_error *err)
{
    mj_hand h;
    mj_winctx w;
    const mj_log_win *lw = &r->round->wins[e->detail];
    int rc = mj_replay_win(r, e, &h, &w, err);
    if (rc == 0 && lw->has_hand && memcmp(lw->hand, h.count, MJ_TILES) != 0)
        rc = tk_error_set(err, TK_EFORMAT, 0, 0, "the winning hand (hai=) is not the hand replayed");
    if (rc) {
        char m[sizeof err->msg];
        snprintf(m, sizeof m, "%s", err->msg);
        tk_error_set(err, TK_EFORMAT, 0, 0, "event %d (win): %s", r->next + 1, m);
    }
    return rc;
}

/* The event r->next of round i does not fit: kept in log->issues. */
static int keep_issue(mj_log *log, const mj_replay *r, int i, int fatal, const char *text, size_t len,
                      const tk_error *why)
{
    mj_log_issue *ni = realloc(log->issues, (size_t)(log->n_issues + 1) * sizeof *ni);
    if (!ni)
        return TK_ENOMEM;
    log->issues = ni;
    mj_log_issue *x = &ni[log->n_issues++];
    memset(x, 0, sizeof *x);
    x->round = i;
    x->event = r->next;
    x->fatal = fatal;
    tki_log_where(text, len, r->round->events[r->next].pos, &x->line, &x->col);
    snprintf(x->msg, sizeof x->msg, "%.199s", why->msg);
    return 0;
}

/* Replay round i to its end (or, keeping issues, to its first fatal one). */
static int check_round(mj_log *log, int i, const char *text, size_t len, unsigned flags, tk_error *err)
{
    mj_replay r;
    int rc = mj_replay_start(&r, log, i, err);
    while (rc == 0) {
        const mj_log_round *rd = r.round;
        int fatal = 0;
        if (r.next < rd->n_events && rd->events[r.next].kind == MJ_EV_WIN)
            rc = check_win(&r, &rd->events[r.next], err);
        if (rc == 0) {
            fatal = 1;
            rc = mj_replay_step(&r, err);
        }
        if (rc >= 0 || !(flags & MJ_LOG_KEEP_INCONSISTENT))
            continue;
        if (keep_issue(log, &r, i, fatal, text, len, err))
            return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
        if (fatal)
            return 0;
        rc = mj_replay_step(&r, err);   /* past the win: a step that only moves on */
    }
    if (rc < 0) {
        char m[sizeof err->msg];
        snprintf(m, sizeof m, "%s", err->msg);
        long line = 0, col = 0;
        if (r.round && r.next < r.round->n_events)
            tki_log_where(text, len, r.round->events[r.next].pos, &line, &col);
        return tk_error_set(err, rc, line, col, "round %d, %s", i, m);
    }
    return 0;
}

int tki_log_check(mj_log *log, const char *text, size_t len, unsigned flags, tk_error *caller)
{
    tk_error err = { 0 };   /* the messages are needed even when the caller takes none */
    for (int i = 0; i < log->n_rounds; i++) {
        int rc = check_round(log, i, text, len, flags, &err);
        if (rc) {
            if (caller)
                *caller = err;
            return rc;
        }
    }
    return 0;
}
