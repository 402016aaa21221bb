/* log_json.c - tenhou.net/6 JSON into mj_log events.
 *
 * A small JSON reader builds a tree of nodes (arrays of indices, no
 * copies of the text; depth and size bounded).  Each round gives, per
 * seat, three independent lists: the hand dealt, the tiles taken (draws
 * and calls of a discard) and the tiles given (discards, riichi, added and
 * closed kans).  The order of play is rebuilt by playing the turn order:
 * the seat to move takes its next item; after a discard the next seat is
 * the one whose next take is a call of that very tile from that seat (a
 * pon or kan before a chi), else the next seat; after a kan the same seat
 * takes its replacement tile.  The round ends when the seat that drew has
 * no discard left (tsumo, nine orphans) or when no seat has a take left
 * after a discard (ron, draws).  A kan dora indicator is revealed right
 * after its kan, where Tenhou's .mjlog writes its <DORA>. */
#include "log_internal.h"
#include "core/tk_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };
#define J_MAX_DEPTH 32

typedef struct jnode {
    uint8_t type;
    int first, next, n;      /* children (arrays, objects: key and value alternate) */
    size_t pos, len;         /* the text (strings: inside the quotes, escapes as written) */
    double num;
} jnode;

typedef struct jparser {
    const char *s;
    size_t len, i;
    jnode *nodes;
    int n;
    size_t cap;
    tk_error *err;
    const mj_log *log;
} jparser;

static int jerr_at(jparser *p, size_t pos, const char *fmt, const char *a)
{
    long line, col;
    tki_log_where(p->s, p->len, pos, &line, &col);
    return tk_error_set(p->err, TK_EFORMAT, line, col, fmt, a ? a : "");
}

static void ws(jparser *p)
{
    while (p->i < p->len && (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' || p->s[p->i] == '\r'))
        p->i++;
}

static int new_node(jparser *p, int type)
{
    jnode *nn = tku_grow(p->nodes, &p->cap, (size_t)p->n + 1, sizeof *nn, 1024);
    if (!nn)
        return -1;
    p->nodes = nn;
    jnode *d = &p->nodes[p->n];
    memset(d, 0, sizeof *d);
    d->type = (uint8_t)type;
    d->first = d->next = -1;
    d->pos = p->i;
    return p->n++;
}

static int parse_value(jparser *p, int depth);

static int parse_string(jparser *p)
{
    int k = new_node(p, J_STR);
    if (k < 0)
        return tk_error_set(p->err, TK_ENOMEM, 0, 0, "out of memory");
    p->i++;   /* '"' */
    size_t start = p->i;
    while (p->i < p->len && p->s[p->i] != '"') {
        if ((unsigned char)p->s[p->i] < 0x20)
            return jerr_at(p, p->i, "a control character in a JSON string%s", NULL);
        p->i += p->s[p->i] == '\\' ? 2 : 1;
    }
    if (p->i >= p->len)
        return jerr_at(p, start, "an unterminated JSON string%s", NULL);
    p->nodes[k].pos = start;
    p->nodes[k].len = p->i - start;
    p->i++;
    return k;
}

static int parse_value(jparser *p, int depth)
{
    ws(p);
    if (p->i >= p->len)
        return jerr_at(p, p->i, "unexpected end of the JSON text%s", NULL);
    if (depth > J_MAX_DEPTH)
        return jerr_at(p, p->i, "JSON nested too deeply%s", NULL);
    char c = p->s[p->i];
    if (c == '"')
        return parse_string(p);
    if (c == '[' || c == '{') {
        int obj = c == '{';
        int k = new_node(p, obj ? J_OBJ : J_ARR);
        if (k < 0)
            return tk_error_set(p->err, TK_ENOMEM, 0, 0, "out of memory");
        p->i++;
        ws(p);
        int last = -1;
        if (p->i < p->len && p->s[p->i] == (obj ? '}' : ']')) {
            p->i++;
            return k;
        }
        for (;;) {
            if (obj) {
                ws(p);
                if (p->i >= p->len || p->s[p->i] != '"')
                    return jerr_at(p, p->i, "expected a key string in a JSON object%s", NULL);
                int key = parse_string(p);
                if (key < 0) return key;
                if (last < 0) p->nodes[k].first = key; else p->nodes[last].next = key;
                last = key;
                ws(p);
                if (p->i >= p->len || p->s[p->i] != ':')
                    return jerr_at(p, p->i, "expected ':' in a JSON object%s", NULL);
                p->i++;
            }
            int v = parse_value(p, depth + 1);
            if (v < 0) return v;
            if (last < 0) p->nodes[k].first = v; else p->nodes[last].next = v;
            last = v;
            p->nodes[k].n++;
            ws(p);
            if (p->i < p->len && p->s[p->i] == ',') {
                p->i++;
                continue;
            }
            if (p->i < p->len && p->s[p->i] == (obj ? '}' : ']')) {
                p->i++;
                return k;
            }
            return jerr_at(p, p->i, "expected ',' or '%s' in JSON", obj ? "}" : "]");
        }
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        int k = new_node(p, J_NUM);
        if (k < 0)
            return tk_error_set(p->err, TK_ENOMEM, 0, 0, "out of memory");
        char buf[40];
        size_t n = 0;
        while (p->i < p->len && n < sizeof buf - 1 && strchr("+-0123456789.eE", p->s[p->i]))
            buf[n++] = p->s[p->i++];
        buf[n] = 0;
        char *end;
        p->nodes[k].num = strtod(buf, &end);
        if (*end)
            return jerr_at(p, p->nodes[k].pos, "a bad JSON number%s", NULL);
        return k;
    }
    static const char *const W[3] = { "true", "false", "null" };
    for (int w = 0; w < 3; w++) {
        size_t wl = strlen(W[w]);
        if (p->len - p->i >= wl && memcmp(p->s + p->i, W[w], wl) == 0) {
            int k = new_node(p, w == 2 ? J_NULL : J_BOOL);
            if (k < 0)
                return tk_error_set(p->err, TK_ENOMEM, 0, 0, "out of memory");
            p->nodes[k].num = w == 0;
            p->i += wl;
            return k;
        }
    }
    return jerr_at(p, p->i, "not JSON%s", NULL);
}

static int child(const jparser *p, int k, int i)
{
    if (k < 0 || p->nodes[k].type != J_ARR)
        return -1;
    int c = p->nodes[k].first;
    while (c >= 0 && i-- > 0)
        c = p->nodes[c].next;
    return c;
}

/* String node k decoded (escapes, \uXXXX to UTF-8) into buf; length or -1. */
static int jstr(const jparser *p, int k, char *buf, size_t cap)
{
    if (k < 0 || p->nodes[k].type != J_STR || cap == 0)
        return -1;
    const char *s = p->s + p->nodes[k].pos;
    size_t n = p->nodes[k].len, o = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned cp = (unsigned char)s[i];
        if (cp == '\\' && i + 1 < n) {
            char e = s[++i];
            if (e == 'u' && i + 4 < n) {
                cp = 0;
                for (int d = 1; d <= 4; d++) {
                    char h = s[i + d];
                    cp <<= 4;
                    if (h >= '0' && h <= '9') cp |= (unsigned)(h - '0');
                    else if (h >= 'a' && h <= 'f') cp |= (unsigned)(h - 'a' + 10);
                    else if (h >= 'A' && h <= 'F') cp |= (unsigned)(h - 'A' + 10);
                }
                i += 4;
                char u[4];
                int ul;
                if (cp < 0x80) { u[0] = (char)cp; ul = 1; }
                else if (cp < 0x800) { u[0] = (char)(0xC0 | cp >> 6); u[1] = (char)(0x80 | (cp & 63)); ul = 2; }
                else { u[0] = (char)(0xE0 | cp >> 12); u[1] = (char)(0x80 | ((cp >> 6) & 63));
                       u[2] = (char)(0x80 | (cp & 63)); ul = 3; }
                for (int j = 0; j < ul; j++)
                    if (o + 1 < cap) buf[o++] = u[j];
                continue;
            }
            cp = (unsigned char)(e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e);
        }
        if (o + 1 < cap)
            buf[o++] = (char)cp;
    }
    buf[o] = 0;
    return (int)o;
}

static int obj_get(const jparser *p, int k, const char *key)
{
    if (k < 0 || p->nodes[k].type != J_OBJ)
        return -1;
    for (int c = p->nodes[k].first; c >= 0 && p->nodes[c].next >= 0; c = p->nodes[p->nodes[c].next].next) {
        char b[64];
        if (jstr(p, c, b, sizeof b) >= 0 && strcmp(b, key) == 0)
            return p->nodes[c].next;
    }
    return -1;
}

static int is_int(const jparser *p, int k, long lo, long hi, long *v)
{
    if (k < 0 || p->nodes[k].type != J_NUM)
        return 0;
    double d = p->nodes[k].num;
    /* range first (NaN fails it): converting a double outside long's range is undefined */
    if (!(d > -9.0e18 && d < 9.0e18))
        return 0;
    long x = (long)d;
    if ((double)x != d || x < lo || x > hi)
        return 0;
    *v = x;
    return 1;
}

/* Tenhou code 11..47, 51..53 to tile and red; -1 if not a tile. */
static int code_tile(long c, uint8_t *t, uint8_t *red)
{
    *red = 0;
    if (c >= 51 && c <= 53) {
        *t = (uint8_t)((c - 51) * 9 + 4);
        *red = 1;
        return 0;
    }
    long s = c / 10, d = c % 10;
    if (s >= 1 && s <= 3 && d >= 1 && d <= 9) { *t = (uint8_t)((s - 1) * 9 + d - 1); return 0; }
    if (s == 4 && d >= 1 && d <= 7) { *t = (uint8_t)(27 + d - 1); return 0; }
    return -1;
}

/* ---- one item of a take or discard list ---- */
enum { IT_TILE, IT_DRAWN /* 60 */, IT_ZERO, IT_CHI, IT_PON, IT_MINKAN, IT_KAKAN, IT_ANKAN, IT_RIICHI };

typedef struct item {
    int kind;
    uint8_t tile, red;         /* the tile (called, added, discarded) */
    int drawn;                 /* riichi: the discard is the tile drawn (r60) */
    int rel;                   /* calls: 3 from the left, 2 across, 1 from the right */
    uint8_t own[4], own_red, n_own;
    size_t pos;
    int given;                 /* discards: the tile given (60: the tile taken at the same index), -1 none */
    uint8_t given_red;
} item;

static int parse_item(jparser *p, int k, int is_take, item *it)
{
    memset(it, 0, sizeof *it);
    it->pos = k >= 0 ? p->nodes[k].pos : 0;
    long c;
    if (is_int(p, k, 0, 99, &c)) {
        if (c == 60 && !is_take) { it->kind = IT_DRAWN; return 0; }
        if (c == 0 && !is_take) { it->kind = IT_ZERO; return 0; }
        it->kind = IT_TILE;
        return code_tile(c, &it->tile, &it->red);
    }
    char b[32];
    int n = jstr(p, k, b, sizeof b);
    if (n < 2)
        return -1;
    int li = -1;
    char letter = 0;
    for (int i = 0; i < n; i++)
        if (b[i] < '0' || b[i] > '9') {
            if (li >= 0)
                return -1;
            li = i;
            letter = b[i];
        }
    if (li < 0 || li % 2)
        return -1;
    int np = (n - 1) / 2;
    if ((n - 1) % 2)
        return -1;
    uint8_t t[4], r[4];
    if (np > 4)
        return -1;
    for (int i = 0, at = 0; i < np; i++, at += 2) {
        if (at == li)
            at++;
        long cc = (b[at] - '0') * 10 + (b[at + 1] - '0');
        if (letter == 'r' && cc == 60) {
            it->drawn = 1;
            t[i] = 0;
            r[i] = 0;
            continue;
        }
        if (code_tile(cc, &t[i], &r[i]))
            return -1;
    }
    int pi = li / 2;   /* index of the pair right after the letter */
    switch (letter) {
    case 'c': if (!is_take || np != 3 || pi != 0) return -1; it->kind = IT_CHI; it->rel = 3; break;
    case 'p': if (!is_take || np != 3) return -1; it->kind = IT_PON; break;
    case 'm': if (!is_take || np != 4) return -1; it->kind = IT_MINKAN; break;
    case 'k': if (is_take || np != 4) return -1; it->kind = IT_KAKAN; break;
    case 'a': if (is_take || np != 4) return -1; it->kind = IT_ANKAN; break;
    case 'r': if (is_take || np != 1) return -1; it->kind = IT_RIICHI; break;
    default: return -1;
    }
    if (pi >= np)
        return -1;
    if (it->kind == IT_PON || it->kind == IT_MINKAN)
        it->rel = pi == 0 ? 3 : pi == 1 ? 2 : pi == np - 1 ? 1 : -1;
    if (it->rel < 0)
        return -1;
    it->tile = t[pi];
    it->red = r[pi];
    for (int i = 0; i < np; i++)
        if (i != pi) {
            if (r[i]) it->own_red |= (uint8_t)(1u << it->n_own);
            it->own[it->n_own++] = t[i];
        }
    return 0;
}

/* ---- a round ---- */
typedef struct rctx {
    jparser *p;
    mj_log_round *r;
    int ri;                 /* round index */
    item *it[4][2];         /* takes, discards */
    int n_it[4][2], at[4][2];
    uint8_t dora[MJ_MAX_INDICATORS], dora_red[MJ_MAX_INDICATORS];
    int n_dora, dora_shown;
    uint8_t ura[MJ_MAX_INDICATORS], ura_red[MJ_MAX_INDICATORS];
    int n_ura;
    unsigned skip;          /* bit i: do not take the call at ambiguous point i */
    int n_amb;              /* ambiguous points met */
    /* the play: whose turn, the last discard (or added kan) and the tile just drawn */
    int actor, last_tile, last_red, last_from, kan_draw, drawn_tile, drawn_red;
} rctx;

static int rerr(rctx *c, size_t pos, const char *fmt, int a, int b)
{
    char m[200];
    snprintf(m, sizeof m, fmt, a, b);
    long line, col;
    tki_log_where(c->p->s, c->p->len, pos, &line, &col);
    return tk_error_set(c->p->err, TK_EFORMAT, line, col, "round %d, event %d: %s", c->ri, c->r->n_events + 1, m);
}

static int emit(rctx *c, mj_log_event *e, size_t pos)
{
    e->pos = (uint32_t)pos;
    int rc = tki_log_event(c->r, e, c->p->err);
    if (rc) {
        char m[sizeof c->p->err->msg];
        snprintf(m, sizeof m, "%s", c->p->err ? c->p->err->msg : "");
        return tk_error_set(c->p->err, rc, 0, 0, "round %d: %s", c->ri, m);
    }
    return 0;
}

static int reveal(rctx *c, size_t pos)
{
    if (c->dora_shown >= c->n_dora)
        return 0;   /* the log lists fewer indicators: nothing to show */
    mj_log_event e = { 0 };
    e.kind = MJ_EV_DORA;
    e.tile = c->dora[c->dora_shown];
    e.red = c->dora_red[c->dora_shown];
    c->dora_shown++;
    return emit(c, &e, pos);
}

static int takes_left(const rctx *c)
{
    for (int s = 0; s < 4; s++)
        if (c->at[s][0] < c->n_it[s][0])
            return 1;
    return 0;
}

/* The actor's next take: a draw, or a call of the last discard (an open
 * kan: its placeholder discard skipped, its replacement draw next).
 * Returns 0, 1 after an open kan, or an error. */
static int take(rctx *c)
{
    int actor = c->actor;
    if (c->at[actor][0] >= c->n_it[actor][0])
        return rerr(c, 0, "seat %d has no take left for its turn%s", actor, 0);
    const item *tk = &c->it[actor][0][c->at[actor][0]++];
    mj_log_event e = { 0 };
    e.seat = e.from = (uint8_t)actor;
    e.tile = tk->tile;
    e.red = tk->red;
    c->drawn_tile = -1;
    if (tk->kind == IT_TILE) {
        e.kind = MJ_EV_DRAW;
        e.flag = (uint8_t)c->kan_draw;
        c->drawn_tile = tk->tile;
        c->drawn_red = tk->red;
    } else {
        e.kind = tk->kind == IT_CHI ? MJ_EV_CHI : tk->kind == IT_PON ? MJ_EV_PON : MJ_EV_DAIMINKAN;
        e.from = (uint8_t)((actor + tk->rel) & 3);
        if (c->last_tile != tk->tile || c->last_red != tk->red || c->last_from != e.from)
            return rerr(c, tk->pos, "seat %d calls a tile that seat %d did not just discard", actor, e.from);
        e.n_own = tk->n_own;
        memcpy(e.own, tk->own, sizeof e.own);
        e.own_red = tk->own_red;
    }
    c->kan_draw = 0;
    int rc = emit(c, &e, tk->pos);
    if (rc)
        return rc;
    c->last_tile = -1;
    if (e.kind != MJ_EV_DAIMINKAN)
        return 0;
    /* its discard slot holds the placeholder 0 */
    if (c->at[actor][1] >= c->n_it[actor][1] || c->it[actor][1][c->at[actor][1]].kind != IT_ZERO)
        return rerr(c, tk->pos, "seat %d: no 0 in the discards after its open kan%s", actor, 0);
    c->at[actor][1]++;
    if ((rc = reveal(c, tk->pos)))
        return rc;
    c->kan_draw = 1;
    return 1;
}

/* An added or closed kan given: the kan, its indicator; 1 when no one
 * takes after it (robbed: chankan). */
static int give_kan(rctx *c, const item *d)
{
    mj_log_event g = { 0 };
    g.seat = g.from = (uint8_t)c->actor;
    g.kind = d->kind == IT_ANKAN ? MJ_EV_ANKAN : MJ_EV_KAKAN;
    g.tile = d->tile;
    g.red = d->kind == IT_KAKAN ? d->red : 0;
    if (g.kind == MJ_EV_ANKAN) {
        g.n_own = 4;
        for (int i = 0; i < 4; i++)
            g.own[i] = d->tile;
    }
    int rc = emit(c, &g, d->pos);
    if (rc || (rc = reveal(c, d->pos)))
        return rc;
    c->last_tile = g.tile;
    c->last_red = g.red;
    c->last_from = c->actor;
    if (!takes_left(c))
        return 1;
    c->kan_draw = 1;
    return 0;
}

/* The actor's next give: a discard (riichi declared first when marked),
 * or a kan.  Returns 0, 1 when the round is over (nothing left to give:
 * tsumo or nine orphans; a kan robbed), or an error. */
static int give(rctx *c)
{
    int actor = c->actor;
    if (c->at[actor][1] >= c->n_it[actor][1])
        return 1;
    const item *d = &c->it[actor][1][c->at[actor][1]++];
    if (d->kind == IT_ANKAN || d->kind == IT_KAKAN)
        return give_kan(c, d);
    if (d->kind == IT_ZERO)
        return rerr(c, d->pos, "seat %d: a 0 in the discards not after an open kan%s", actor, 0);
    int rc;
    if (d->kind == IT_RIICHI) {
        mj_log_event ri = { 0 };
        ri.kind = MJ_EV_RIICHI;
        ri.seat = ri.from = (uint8_t)actor;
        if ((rc = emit(c, &ri, d->pos)))
            return rc;
    }
    mj_log_event g = { 0 };
    g.seat = g.from = (uint8_t)actor;
    g.kind = MJ_EV_DISCARD;
    if (d->kind == IT_DRAWN || (d->kind == IT_RIICHI && d->drawn)) {
        if (c->drawn_tile < 0)
            return rerr(c, d->pos, "seat %d discards the tile drawn (60) after a call%s", actor, 0);
        g.tile = (uint8_t)c->drawn_tile;
        g.red = (uint8_t)c->drawn_red;
        g.flag = 1;
    } else if (d->kind == IT_TILE || d->kind == IT_RIICHI) {
        g.tile = d->tile;
        g.red = d->red;
    } else {
        return rerr(c, d->pos, "seat %d: a call in its discards%s", actor, 0);
    }
    if ((rc = emit(c, &g, d->pos)))
        return rc;
    c->last_tile = g.tile;
    c->last_red = g.red;
    c->last_from = actor;
    return 0;
}

/* Who moves after the discard: a call of it (pon and kan before chi),
 * else the next seat. */
static int next_actor(rctx *c)
{
    int actor = c->actor, next = (actor + 1) & 3, best = 0;
    for (int k = 1; k < 4; k++) {
        int s = (actor + k) & 3;
        if (c->at[s][0] >= c->n_it[s][0])
            continue;
        const item *n = &c->it[s][0][c->at[s][0]];
        if (n->kind == IT_TILE || n->tile != c->last_tile || n->red != c->last_red || ((s + n->rel) & 3) != actor)
            continue;
        int rank = n->kind == IT_CHI ? 1 : 2;
        if (rank > best) {
            best = rank;
            next = s;
        }
    }
    if (best) {
        /* the discarder gives the same tile again later: the call may be
         * of that later copy (tenhou.net/6 does not say); the retries of
         * order_round try the other branch */
        int again = 0;
        for (int i = c->at[actor][1]; i < c->n_it[actor][1] && !again; i++) {
            const item *d = &c->it[actor][1][i];
            again = d->given == c->last_tile && d->given_red == c->last_red;
        }
        if (again && c->n_amb++ < 16 && (c->skip >> (c->n_amb - 1) & 1))
            next = (actor + 1) & 3;
    }
    return next;
}

/* The events of the round in the order of play (see the top of the file);
 * 1 when the round is over, or an error. */
static int play_round(rctx *c)
{
    c->actor = c->r->dealer;
    c->last_tile = -1;
    c->last_red = 0;
    c->last_from = -1;
    c->kan_draw = 0;
    c->drawn_tile = -1;
    c->drawn_red = 0;
    for (int guard = 0; guard < 4 * MJ_LOG_MAX_EVENTS; guard++) {
        int rc = take(c);
        if (rc == 1)
            continue;   /* an open kan: the same seat draws its replacement tile */
        if (rc == 0)
            rc = give(c);
        if (rc)
            return rc;
        if (c->kan_draw)
            continue;   /* the same seat draws its replacement tile */
        if (!takes_left(c))
            return 1;
        c->actor = next_actor(c);
    }
    return rerr(c, 0, "the round does not end%s%d", 0, 0);
}

/* [[kyoku, honba, sticks], [scores], [dora], [ura]] of round k. */
static int read_head(rctx *c, int k)
{
    jparser *p = c->p;
    mj_log_round *r = c->r;
    size_t pos = p->nodes[k].pos;
    int meta = child(p, k, 0), sc = child(p, k, 1), dora = child(p, k, 2), ura = child(p, k, 3);
    long v;
    if (!is_int(p, child(p, meta, 0), 0, 15, &v))
        return jerr_at(p, pos, "the round's first item must be [round 0..15, honba, sticks]%s", NULL);
    r->kyoku = (int)v;
    r->dealer = (int)(v % 4);
    if (is_int(p, child(p, meta, 1), 0, 1000, &v)) r->honba = (int)v;
    if (is_int(p, child(p, meta, 2), 0, 1000, &v)) r->sticks = (int)v;
    for (int s = 0; s < 4; s++)
        if (is_int(p, child(p, sc, s), -10000000, 10000000, &v))
            r->scores[s] = (int)v;
    int nd = dora >= 0 && p->nodes[dora].type == J_ARR ? p->nodes[dora].n : 0;
    if (nd < 1 || nd > MJ_MAX_INDICATORS)
        return jerr_at(p, pos, "the round needs 1 to 10 dora indicators%s", NULL);
    int nu = ura >= 0 && p->nodes[ura].type == J_ARR ? p->nodes[ura].n : 0;
    if (nu > MJ_MAX_INDICATORS)
        return jerr_at(p, pos, "too many ura indicators%s", NULL);
    for (int i = 0; i < nd + nu; i++) {
        int ck = i < nd ? child(p, dora, i) : child(p, ura, i - nd);
        uint8_t *t = i < nd ? &c->dora[i] : &c->ura[i - nd], *rd = i < nd ? &c->dora_red[i] : &c->ura_red[i - nd];
        if (!is_int(p, ck, 0, 99, &v) || code_tile(v, t, rd))
            return jerr_at(p, ck >= 0 ? p->nodes[ck].pos : pos, "a bad dora or ura indicator%s", NULL);
    }
    c->n_dora = nd;
    c->n_ura = nu;
    r->dora0 = c->dora[0];
    r->dora0_red = c->dora_red[0];
    c->dora_shown = 1;
    return 0;
}

/* The four hands dealt. */
static int read_deal(rctx *c, int k)
{
    jparser *p = c->p;
    size_t pos = p->nodes[k].pos;
    for (int s = 0; s < 4; s++) {
        int hai = child(p, k, 4 + 3 * s);
        if (hai < 0 || p->nodes[hai].type != J_ARR || p->nodes[hai].n != 13)
            return jerr_at(p, pos, "each hand dealt must have 13 tiles%s", NULL);
        for (int i = 0; i < 13; i++) {
            uint8_t t, rd;
            long v;
            int ck = child(p, hai, i);
            if (!is_int(p, ck, 0, 99, &v) || code_tile(v, &t, &rd))
                return jerr_at(p, p->nodes[ck].pos, "a bad tile in a hand dealt%s", NULL);
            c->r->deal[s][i] = t;
            if (rd) c->r->deal_red[s] |= (uint16_t)(1u << i);
        }
    }
    return 0;
}

/* Each seat's takes and discards into *store (malloc'd, the caller frees
 * it), and what each discard gives. */
static int read_items(rctx *c, int k, item **store)
{
    jparser *p = c->p;
    size_t pos = p->nodes[k].pos;
    int total = 0;
    *store = NULL;
    for (int s = 0; s < 4; s++)
        for (int w = 0; w < 2; w++) {
            int l = child(p, k, 5 + 3 * s + w);
            if (l < 0 || p->nodes[l].type != J_ARR)
                return jerr_at(p, pos, "the takes and discards of each seat must be arrays%s", NULL);
            total += p->nodes[l].n;
        }
    if (total > MJ_LOG_MAX_EVENTS)
        return tk_error_set(p->err, TK_ELIMIT, 0, 0, "round %d: more than %d events", c->ri, MJ_LOG_MAX_EVENTS);
    item *at = *store = malloc((size_t)(total + 1) * sizeof *at);
    if (!at)
        return tk_error_set(p->err, TK_ENOMEM, 0, 0, "out of memory");
    for (int s = 0; s < 4; s++)
        for (int w = 0; w < 2; w++) {
            int l = child(p, k, 5 + 3 * s + w), i = 0;
            c->it[s][w] = at;
            c->n_it[s][w] = p->nodes[l].n;
            for (int ck = p->nodes[l].first; ck >= 0; ck = p->nodes[ck].next, i++)
                if (parse_item(p, ck, w == 0, at++)) {
                    char what[96];
                    snprintf(what, sizeof what, "round %d: seat %d %s[%d]: not a tile or call", c->ri, s,
                             w ? "discards" : "takes", i);
                    return jerr_at(p, p->nodes[ck].pos, "%s", what);
                }
        }
    /* each seat's i-th discard follows its i-th take: what each discard gives */
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < c->n_it[s][1]; i++) {
            item *d = &c->it[s][1][i];
            const item *t = i < c->n_it[s][0] ? &c->it[s][0][i] : NULL;
            d->given = -1;
            if (d->kind == IT_DRAWN || (d->kind == IT_RIICHI && d->drawn)) {
                if (t && t->kind == IT_TILE) {
                    d->given = t->tile;
                    d->given_red = t->red;
                }
            } else if (d->kind == IT_TILE || d->kind == IT_RIICHI) {
                d->given = d->tile;
                d->given_red = d->red;
            }
        }
    return 0;
}

/* The greedy order first; when it fails and a call could have taken a
 * later copy of the same tile, the other branches (at most 2^10); the
 * first branch's error when none works. */
static int order_round(rctx *c)
{
    tk_error first = { 0 };
    tk_error *err = c->p->err;
    int most = 0;   /* ambiguous points met by any try so far */
    for (unsigned skip = 0;; skip++) {
        c->r->n_events = 0;
        memset(c->at, 0, sizeof c->at);
        c->dora_shown = 1;
        c->skip = skip;
        c->n_amb = 0;
        int rc = play_round(c);
        if (rc == 1 || rc == 0)
            return 0;
        if (rc == TK_ENOMEM)
            return rc;
        if (skip == 0 && err)
            first = *err;
        /* a try that branched otherwise early may meet fewer points than
         * one before it: every choice of the most points met is tried */
        if (c->n_amb > most)
            most = c->n_amb < 10 ? c->n_amb : 10;
        if (skip + 1 >= (1u << most)) {
            if (err)
                *err = first;
            return rc;
        }
    }
}

/* One win of the result (at rpos): [deltas], [who, from, pao, points, yaku...]. */
static int read_win(rctx *c, size_t rpos, int dl, int det)
{
    jparser *p = c->p;
    mj_log_round *r = c->r;
    char b[256];
    long who, from, pao, v;
    if (r->n_wins >= 3)
        return jerr_at(p, rpos, "more than three wins%s", NULL);
    mj_log_win *w = &r->wins[r->n_wins];
    memset(w, 0, sizeof *w);
    if (!is_int(p, child(p, det, 0), 0, 3, &who) || !is_int(p, child(p, det, 1), 0, 3, &from))
        return jerr_at(p, p->nodes[det].pos, "a win needs [who, from, pao, points, yaku...]%s", NULL);
    w->seat = (uint8_t)who;
    w->from = (uint8_t)from;
    w->pao = (int8_t)(is_int(p, child(p, det, 2), 0, 3, &pao) && pao != who ? pao : -1);
    for (int s = 0; s < 4; s++)
        if (is_int(p, child(p, dl, s), -10000000, 10000000, &v))
            w->deltas[s] = (int)v;
    if (jstr(p, child(p, det, 3), b, sizeof b) < 0 || tki_log_win_points(b, w))
        return jerr_at(p, p->nodes[det].pos, "a win's points must read like \"30符1飜1000点\"%s", NULL);
    for (int y = 4; y < p->nodes[det].n; y++) {
        int yk = child(p, det, y);
        if (jstr(p, yk, b, sizeof b) < 0 || tki_log_win_yaku(b, (w->seat - r->dealer) & 3, (r->kyoku / 4) & 3, w))
            return jerr_at(p, p->nodes[yk].pos, "unknown yaku %s", b);
    }
    w->n_dora = (uint8_t)c->n_dora;
    memcpy(w->dora, c->dora, (size_t)c->n_dora);
    for (int i = 0; i < c->n_dora; i++)
        if (c->dora_red[i]) w->dora_red |= (uint16_t)(1u << i);
    w->n_ura = (uint8_t)c->n_ura;
    memcpy(w->ura, c->ura, (size_t)c->n_ura);
    for (int i = 0; i < c->n_ura; i++)
        if (c->ura_red[i]) w->ura_red |= (uint16_t)(1u << i);
    mj_log_event e = { 0 };
    e.kind = MJ_EV_WIN;
    e.seat = w->seat;
    e.from = w->from;
    e.detail = (int16_t)r->n_wins;
    r->n_wins++;
    return emit(c, &e, p->nodes[det].pos);
}

/* The round's result: "和了" and its wins, or a draw without a winner. */
static int read_result(rctx *c, int k)
{
    static const struct { const char *jp; int rk; } R[] = {
        { "流局", MJ_RK_EXHAUSTIVE }, { "全員聴牌", MJ_RK_EXHAUSTIVE }, { "全員不聴", MJ_RK_EXHAUSTIVE },
        { "流し満貫", MJ_RK_NAGASHI }, { "九種九牌", MJ_RK_YAO9 }, { "四家立直", MJ_RK_REACH4 },
        { "三家和了", MJ_RK_RON3 }, { "四槓散了", MJ_RK_KAN4 }, { "四風連打", MJ_RK_KAZE4 },
    };
    jparser *p = c->p;
    int res = child(p, k, 16);
    char b[256];
    if (res < 0 || p->nodes[res].type != J_ARR || jstr(p, child(p, res, 0), b, sizeof b) < 0)
        return jerr_at(p, p->nodes[k].pos, "the round's result must be an array starting with a string%s", NULL);
    size_t rpos = p->nodes[res].pos;
    if (strcmp(b, "和了") == 0) {
        for (int i = 1; i + 1 < p->nodes[res].n; i += 2) {
            int rc = read_win(c, rpos, child(p, res, i), child(p, res, i + 1));
            if (rc)
                return rc;
        }
        return c->r->n_wins ? 0 : jerr_at(p, rpos, "a win without its details%s", NULL);
    }
    for (size_t i = 0; i < sizeof R / sizeof R[0]; i++)
        if (strcmp(b, R[i].jp) == 0) {
            mj_log_event e = { 0 };
            e.kind = MJ_EV_RYUUKYOKU;
            e.detail = (int16_t)R[i].rk;
            return emit(c, &e, rpos);
        }
    return jerr_at(p, rpos, "unknown round result \"%s\"", b);
}

static int read_round(jparser *p, mj_log *log, int k, int ri)
{
    if (p->nodes[k].type != J_ARR || p->nodes[k].n < 17)
        return jerr_at(p, p->nodes[k].pos, "a round of \"log\" must be an array of 17 items%s", NULL);
    mj_log_round *r = tki_log_round(log, p->err);
    if (!r)
        return p->err ? p->err->code : TK_ENOMEM;
    rctx c;
    memset(&c, 0, sizeof c);
    c.p = p;
    c.r = r;
    c.ri = ri;
    item *store = NULL;
    int rc = read_head(&c, k);
    if (rc == 0)
        rc = read_deal(&c, k);
    if (rc == 0)
        rc = read_items(&c, k, &store);
    if (rc == 0)
        rc = order_round(&c);
    free(store);
    return rc ? rc : read_result(&c, k);
}

int tki_log_parse_json(const char *text, size_t len, mj_log *log, tk_error *err)
{
    jparser p = { 0 };
    p.s = text;
    p.len = len;
    p.err = err;
    int rc = 0;
    int root = parse_value(&p, 0);
    if (root < 0) {
        rc = root;
        goto done;
    }
    ws(&p);
    if (p.i < len) {
        rc = jerr_at(&p, p.i, "text after the JSON object%s", NULL);
        goto done;
    }
    if (p.nodes[root].type != J_OBJ) {
        rc = jerr_at(&p, 0, "a tenhou.net/6 log is a JSON object%s", NULL);
        goto done;
    }
    log->rules = MJ_RULE_NO_DOUBLE_YAKUMAN;
    int names = obj_get(&p, root, "name");
    for (int s = 0; s < 4; s++)
        if (jstr(&p, child(&p, names, s), log->names[s], MJ_LOG_NAME) < 0)
            log->names[s][0] = 0;
    int rule = obj_get(&p, root, "rule");
    if (rule >= 0) {
        char disp[128];
        if (jstr(&p, obj_get(&p, rule, "disp"), disp, sizeof disp) > 0 && (strstr(disp, "三") || strstr(disp, "3-Player"))) {
            rc = jerr_at(&p, p.nodes[rule].pos, "a three-player game (not supported)%s", NULL);
            goto done;
        }
        static const char *const A[4] = { "aka", "aka51", "aka52", "aka53" };
        int any = 0, reds = 0;
        long v;
        for (int i = 0; i < 4; i++) {
            int ak = obj_get(&p, rule, A[i]);
            if (ak >= 0) {
                any = 1;
                if (is_int(&p, ak, 0, 100, &v) && v > 0) reds = 1;
            }
        }
        if (any && !reds)
            log->rules |= MJ_RULE_NO_AKA;
    }
    int lg = obj_get(&p, root, "log");
    if (lg < 0 || p.nodes[lg].type != J_ARR) {
        rc = jerr_at(&p, 0, "no \"log\" array%s", NULL);
        goto done;
    }
    int ri = 0;
    for (int k = p.nodes[lg].first; k >= 0 && rc == 0; k = p.nodes[k].next, ri++)
        rc = read_round(&p, log, k, ri);
done:
    free(p.nodes);
    return rc;
}
