/* mjscore.c - the value of a hand and the tile counts as mjwait --score,
 * --waits and the default mode write them (contract in tilekit/mjfmt.h):
 * "3 han 30 fu 3900 (Riichi, Pinfu, Dora 1)" with its payments, the lines
 * of fu parts and the reading, the same as a JSON object, and the lists of
 * tiles with their unseen copies ("1m:3 4m:4", ukeire).  Numbers are
 * written without printf (fmt_buf_putint): the batch paths are hot. */
#include "tilekit/mjfmt.h"

#include <string.h>

void mjf_tile_text(int t, int red, char out[3])
{
    mj_tile_name(t, out);
    if (red)
        out[0] = '0';
}

void mjf_discard_name(const mj_hand *h, int t, char out[3])
{
    mjf_tile_text(t, t < 27 && t % 9 == 4 && h->count[t] == 1 && h->red[t / 9], out);
}

/* A number and the text that follows it ("3 han ", "1200/"). */
static void putnum(fmt_buf *b, long v, const char *after)
{
    fmt_buf_putint(b, v);
    fmt_buf_puts(b, after);
}

static void put_tile(fmt_buf *b, int t)
{
    char n[3];
    mj_tile_name(t, n);
    fmt_buf_put(b, n, 2);
}

static void set_text(const mj_set *s, char *buf, size_t cap)
{
    uint8_t t[4];
    int n = s->type == MJ_SET_QUAD ? 4 : 3;
    for (int i = 0; i < n; i++)
        t[i] = (uint8_t)(s->type == MJ_SET_SEQ ? s->tile + i : s->tile);
    mj_shape_text(t, n, buf, cap);
}

static const char *wait_name(int w)
{
    switch (w) {
    case MJ_CHIITOI: return "chiitoi";
    case MJ_KOKUSHI: return "kokushi";
    case MJ_KOKUSHI13: return "kokushi13";
    default: return mj_kind_name(w);
    }
}

/* Label of a fu part: "base", "closed ron", "concealed triplet 999m", ... */
static void fu_label(const mj_fu_part *p, char *buf, size_t cap)
{
    char t[8];
    const char *a = "?", *c = "";
    switch (p->what) {
    case MJ_FU_BASE: a = "base"; break;
    case MJ_FU_CLOSED_RON: a = "closed ron"; break;
    case MJ_FU_TSUMO: a = "tsumo"; break;
    case MJ_FU_WAIT: a = mj_kind_name(p->set); c = " wait"; break;
    case MJ_FU_SET: {
        mj_set s = { p->set == 3 ? MJ_SET_QUAD : MJ_SET_TRIPLET, p->tile, 0, 0 };
        set_text(&s, t, sizeof t);
        a = p->set == 3 ? (p->open ? "open quad " : "concealed quad ")
                        : (p->open ? "open triplet " : "concealed triplet ");
        c = t;
        break;
    }
    case MJ_FU_PAIR: {
        uint8_t pt[2] = { p->tile, p->tile };
        mj_shape_text(pt, 2, t, sizeof t);
        a = "pair ";
        c = t;
        break;
    }
    case MJ_FU_OPEN_MIN: a = "open hand minimum"; break;
    case MJ_FU_CHIITOI: a = "seven pairs"; break;
    default: break;
    }
    size_t k = 0;
    for (; *a && k + 1 < cap; a++) buf[k++] = *a;
    for (; *c && k + 1 < cap; c++) buf[k++] = *c;
    buf[k] = 0;
}

const char *mjf_score_error(int status)
{
    return status == MJ_SCORE_NO_YAKU ? "no_yaku" : "hand_not_winning";
}

/* The value of a hand as a JSON object (the current key's value). */
void mjf_score_json(fmt_json *j, const mj_score *s)
{
    char lab[48], t[8];
    fmt_json_object(j);
    if (s->status != MJ_SCORE_OK) {
        fmt_json_kstr(j, "error", mjf_score_error(s->status));
        fmt_json_close(j);
        return;
    }
    fmt_json_kint(j, "han", s->han);
    fmt_json_kint(j, "fu", s->fu);
    fmt_json_kint(j, "fu_raw", s->fu_raw);
    fmt_json_key(j, "fu_parts");
    fmt_json_array(j);
    for (int i = 0; i < s->n_fu; i++) {
        fu_label(&s->fu_parts[i], lab, sizeof lab);
        fmt_json_array(j);
        fmt_json_str(j, lab);
        fmt_json_int(j, s->fu_parts[i].fu);
        fmt_json_close(j);
    }
    fmt_json_close(j);
    fmt_json_key(j, "yaku");
    fmt_json_array(j);
    for (int i = 0; i < s->n_yaku; i++) {
        fmt_json_array(j);
        fmt_json_str(j, mj_yaku_name(s->yaku[i].id));
        fmt_json_int(j, s->yaku[i].han);
        fmt_json_close(j);
    }
    fmt_json_close(j);
    fmt_json_kint(j, "yakuman", s->yakuman);
    fmt_json_kstr(j, "limit", mj_limit_name(s->limit));
    fmt_json_key(j, "points");
    fmt_json_object(j);
    fmt_json_kint(j, "main", s->main);
    fmt_json_kint(j, "additional", s->additional);
    fmt_json_kint(j, "total", s->total);
    fmt_json_close(j);
    fmt_json_kbool(j, "dealer", s->dealer);
    fmt_json_key(j, "reading");
    fmt_json_object(j);
    fmt_json_kstr(j, "form", s->form == MJ_CHIITOI ? "chiitoi" : s->form == MJ_KOKUSHI ? "kokushi" : "regular");
    fmt_json_key(j, "sets");
    fmt_json_array(j);
    for (int i = 0; i < s->n_sets; i++) {
        char m[12];
        size_t k = 0;
        set_text(&s->sets[i], t, sizeof t);
        if (s->sets[i].called || s->sets[i].closed_kan)
            m[k++] = s->sets[i].called ? '[' : '(';
        for (const char *q = t; *q; q++)
            m[k++] = *q;
        if (s->sets[i].called || s->sets[i].closed_kan)
            m[k++] = s->sets[i].called ? ']' : ')';
        m[k] = 0;
        fmt_json_str(j, m);
    }
    fmt_json_close(j);
    fmt_json_key(j, "pair");
    if (s->pair >= 0 && s->form == MJ_COMPLETE) {
        uint8_t pt[2] = { (uint8_t)s->pair, (uint8_t)s->pair };
        mj_shape_text(pt, 2, t, sizeof t);
        fmt_json_str(j, t);
    } else {
        fmt_json_null(j);
    }
    fmt_json_kstr(j, "wait", wait_name(s->wait));
    fmt_json_close(j);
    fmt_json_close(j);
}

/* "Riichi, Pinfu, Dora 1": the names of mjscore.md, spelled as in JSON */
static void text_yaku(fmt_buf *b, const mj_score *s)
{
    for (int i = 0; i < s->n_yaku; i++) {
        if (i)
            fmt_buf_puts(b, ", ");
        fmt_buf_puts(b, mj_yaku_name(s->yaku[i].id));
        int id = s->yaku[i].id;
        if (!mj_yaku_is_yakuman(id) && (s->yaku[i].han != 1 || id == MJ_Y_DORA || id == MJ_Y_AKA || id == MJ_Y_URA)) {
            fmt_buf_putc(b, ' ');
            fmt_buf_putint(b, s->yaku[i].han);
        }
    }
}

/* "3 han 30 fu 3900 (Riichi, Pinfu, Dora 1)"; tsumo: "5200 [1300/2600]" */
void mjf_score_text(fmt_buf *b, const mj_score *s, int tsumo)
{
    if (s->status != MJ_SCORE_OK) {
        fmt_buf_puts(b, s->status == MJ_SCORE_NO_YAKU ? "no yaku" : "not a winning hand");
        return;
    }
    if (s->yakuman) {
        if (s->yakuman > 1)
            putnum(b, s->yakuman, "x ");
        fmt_buf_puts(b, "yakuman ");
    } else {
        putnum(b, s->han, " han ");
        putnum(b, s->fu, " fu ");
        if (s->limit) {
            fmt_buf_puts(b, s->limit == MJ_LIMIT_YAKUMAN ? "kazoe yakuman" : mj_limit_name(s->limit));
            fmt_buf_putc(b, ' ');
        }
    }
    fmt_buf_putint(b, s->total);
    if (tsumo) {
        fmt_buf_puts(b, " [");
        if (s->dealer) {
            putnum(b, s->main, " all]");
        } else {
            putnum(b, s->additional, "/");
            putnum(b, s->main, "]");
        }
    }
    fmt_buf_puts(b, " (");
    text_yaku(b, s);
    fmt_buf_putc(b, ')');
}

/* Second and third lines of a scored complete hand: fu parts and reading. */
void mjf_score_details(fmt_buf *b, const mj_score *s, int win, int win_red)
{
    char lab[48], t[8];
    if (s->status != MJ_SCORE_OK)
        return;
    if (s->n_fu) {
        fmt_buf_puts(b, "  fu: ");
        for (int i = 0; i < s->n_fu; i++) {
            fu_label(&s->fu_parts[i], lab, sizeof lab);
            if (i)
                fmt_buf_puts(b, " + ");
            fmt_buf_puts(b, lab);
            fmt_buf_putc(b, ' ');
            fmt_buf_putint(b, s->fu_parts[i].fu);
        }
        fmt_buf_puts(b, " = ");
        fmt_buf_putint(b, s->fu_raw);
        if (s->fu != s->fu_raw) {
            fmt_buf_puts(b, " -> ");
            fmt_buf_putint(b, s->fu);
        }
        fmt_buf_putc(b, '\n');
    }
    fmt_buf_puts(b, "  reading: ");
    for (int i = 0; i < s->n_sets; i++) {
        set_text(&s->sets[i], t, sizeof t);
        if (s->sets[i].called)
            fmt_buf_putc(b, '[');
        else if (s->sets[i].closed_kan)
            fmt_buf_putc(b, '(');
        fmt_buf_puts(b, t);
        if (s->sets[i].called)
            fmt_buf_putc(b, ']');
        else if (s->sets[i].closed_kan)
            fmt_buf_putc(b, ')');
        fmt_buf_putc(b, ' ');
    }
    if (s->pair >= 0 && s->form == MJ_COMPLETE) {
        uint8_t pt[2] = { (uint8_t)s->pair, (uint8_t)s->pair };
        mj_shape_text(pt, 2, t, sizeof t);
        fmt_buf_puts(b, t);
        fmt_buf_putc(b, ' ');
    }
    if (s->form == MJ_CHIITOI)
        fmt_buf_puts(b, "seven pairs ");
    if (s->form == MJ_KOKUSHI)
        fmt_buf_puts(b, "thirteen orphans ");
    mjf_tile_text(win, win_red, t);
    fmt_buf_puts(b, "won on ");
    fmt_buf_puts(b, t);
    fmt_buf_puts(b, " (");
    fmt_buf_puts(b, wait_name(s->wait));
    fmt_buf_puts(b, ")\n");
}

static int popcount(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* "1m:3 4m:4" */
void mjf_counts_text(fmt_buf *b, uint64_t m, const uint8_t unseen[MJ_TILES])
{
    int first = 1;
    for (int t = 0; t < MJ_TILES; t++)
        if (m >> t & 1) {
            if (!first)
                fmt_buf_putc(b, ' ');
            put_tile(b, t);
            fmt_buf_putc(b, ':');
            fmt_buf_putint(b, unseen[t]);
            first = 0;
        }
}

/* [["1m",3],["4m",4]] as the current key's value */
void mjf_counts_json(fmt_json *j, uint64_t m, const uint8_t unseen[MJ_TILES])
{
    char n[3];
    fmt_json_array(j);
    for (int t = 0; t < MJ_TILES; t++)
        if (m >> t & 1) {
            mj_tile_name(t, n);
            fmt_json_array(j);
            fmt_json_str(j, n);
            fmt_json_int(j, unseen[t]);
            fmt_json_close(j);
        }
    fmt_json_close(j);
}


int mjf_count(uint64_t mask, const uint8_t unseen[MJ_TILES])
{
    int n = 0;
    for (int t = 0; t < MJ_TILES; t++)
        if (mask >> t & 1)
            n += unseen[t];
    return n;
}

void mjf_live_text(fmt_buf *b, uint64_t waits, const uint8_t unseen[MJ_TILES])
{
    fmt_buf_puts(b, " (");
    putnum(b, mjf_count(waits, unseen), " live: ");
    mjf_counts_text(b, waits, unseen);
    fmt_buf_putc(b, ')');
}

void mjf_ukeire_text(fmt_buf *b, uint64_t acc, int total, const uint8_t unseen[MJ_TILES])
{
    fmt_buf_puts(b, ", ukeire ");
    putnum(b, total, " (");
    putnum(b, popcount(acc), popcount(acc) == 1 ? " kind): " : " kinds): ");
    mjf_counts_text(b, acc, unseen);
}

void mjf_ukeire_json(fmt_json *j, uint64_t acc, int total, const uint8_t unseen[MJ_TILES])
{
    fmt_json_key(j, "ukeire");
    fmt_json_object(j);
    fmt_json_key(j, "tiles");
    mjf_counts_json(j, acc, unseen);
    fmt_json_kint(j, "kinds", popcount(acc));
    fmt_json_kint(j, "total", total);
    fmt_json_close(j);
}
