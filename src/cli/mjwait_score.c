/* mjwait_score.c - mjwait --score and --shanten: the value of each hand.
 *
 * Each line is read by mj_parse_line() (the hand, then context words) over
 * a copy of the defaults set by the options, checked by mj_winctx_check(),
 * and then:
 * - --shanten: one number a line (-1 complete, 0 tenpai, ...);
 * - --score, 14 - 3k tiles: the best reading's value (yaku, han, fu with its
 *   parts, limit, payments), or "no yaku" / "not a winning hand";
 * - --score, 13 - 3k tiles: each wait with its live copies and its value by
 *   ron and by tsumo (the copy drawn is a plain one while one is unseen,
 *   else the red five); a noten hand gets its shanten and ukeire.
 * Output is text a player reads at a glance, or one JSON object a line
 * (yaku names of mjscore.md) written with the shared cli_json writer.
 * Numbers are written without printf (the --shanten path is hot). */
#include "mjwait_score.h"
#include "cli/cli.h"
#include "cli/cli_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mode_score, mode_shanten;
static mj_winctx defaults, plain_ctx;
static int defaults_ready;

static mj_winctx *defs(void)
{
    /* first called on the main thread (options, mjs_ctx_setup), before
     * any worker runs; read-only afterwards */
    if (!defaults_ready) {
        mj_winctx_init(&defaults);
        mj_winctx_init(&plain_ctx);
        defaults_ready = 1;
    }
    return &defaults;
}

int mjs_active(void) { return mode_score || mode_shanten; }

const mj_winctx *mjs_defaults(void) { return defs(); }

static void apply_word(const char *word)
{
    tk_error err = { 0 };
    if (mj_winctx_word(defs(), word, strlen(word), 1, &err) != 0)
        cli_usage_error("--%s: %s", word, err.msg);
}

int mjs_option(int c, const char *name, const char *arg, int json)
{
    char word[256];
    (void)json;
    switch (c) {
    case MJS_O_SCORE: mode_score = 1; return 1;
    case MJS_O_SHANTEN: mode_shanten = 1; return 1;
    case MJS_O_WORD: apply_word(name); return 1;
    case MJS_O_SEEN: case MJS_O_ROUND: case MJS_O_SEAT: case MJS_O_DORA: case MJS_O_URA:
    case MJS_O_HONBA: case MJS_O_STICKS:
        snprintf(word, sizeof word, "%s:%s", name, arg);
        apply_word(word);
        return 1;
    case MJS_O_RULE:
        defs();
        if (!strcmp(name, "no-kuitan")) defaults.rules |= MJ_RULE_NO_KUITAN;
        else if (!strcmp(name, "no-red")) defaults.rules |= MJ_RULE_NO_AKA;
        else if (!strcmp(name, "single-yakuman")) defaults.rules |= MJ_RULE_SINGLE_YAKUMAN;
        else if (!strcmp(name, "kiriage")) defaults.rules |= MJ_RULE_KIRIAGE;
        else if (!strcmp(name, "double-wind-2fu")) defaults.rules |= MJ_RULE_DOUBLE_WIND_2FU;
        return 1;
    default:
        return 0;
    }
}

const char *mjs_help(void)
{
    return "Scoring (context words on a line override these defaults):\n"
           "      --score      value each hand: a complete hand (14 - 3 x melds tiles) gets its\n"
           "                   yaku, han, fu and points; a waiting hand each wait by ron and tsumo\n"
           "      --shanten    print only the shanten number of each hand (-1 complete, 0 tenpai)\n"
           "      --ron, --tsumo, --riichi, --double-riichi, --ippatsu, --haitei, --houtei,\n"
           "      --rinshan, --chankan, --tenhou, --chiihou\n"
           "                   how the hand is won (default ron)\n"
           "      --round W    round wind E, S, W or N (default E)\n"
           "      --seat W     seat wind (default S; the dealer sits E)\n"
           "      --dora T     dora indicators, e.g. 3m7z\n"
           "      --ura T      ura dora indicators (with riichi)\n"
           "      --honba N    honba counters;  --sticks N  riichi sticks on the table\n"
           "      --seen T     other visible tiles (lowers the unseen counts)\n"
           "      --no-kuitan  no open tanyao;  --no-red  red fives are plain fives\n"
           "      --single-yakuman  no double yakuman, no adding up\n"
           "      --kiriage    4 han 30 fu and 3 han 60 fu are mangan\n"
           "      --double-wind-2fu  a pair of the seat and round wind is 2 fu (default 4)\n";
}

void mjs_ctx_setup(mj_ctx *ctx)
{
    static int warned;
    char path[4096];
    defs();
    if (!ctx || !cli_find_data("mahjong/tables.bin", path, sizeof path))
        return;
    tk_error err = { 0 };
    if (mj_ctx_load(ctx, path, &err) != 0 && !warned++)
        cli_error(NULL, 0, "warning: %s (the tables are filled as needed instead)", err.msg);
}

/* ---- output ---- */

static void putint(cli_buf *b, long v)
{
    char t[24];
    int n = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do {
        t[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        t[n++] = '-';
    if (cli_buf_reserve(b, (size_t)n))
        return;
    while (n)
        b->p[b->len++] = t[--n];
    b->p[b->len] = 0;
}

/* A number and the text that follows it ("3 han ", "1200/"). */
static void putnum(cli_buf *b, long v, const char *after)
{
    putint(b, v);
    cli_buf_puts(b, after);
}

/* An integer value through the shared writer without printf. */
static void jint(cli_json *j, long v)
{
    char t[24];
    int n = 23;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    t[n] = 0;
    do {
        t[--n] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        t[--n] = '-';
    cli_json_raw(j, t + n);
}

static void jkint(cli_json *j, const char *key, long v)
{
    cli_json_key(j, key);
    jint(j, v);
}

static void puttile(cli_buf *b, int t)
{
    char n[3];
    mj_tile_name(t, n);
    cli_buf_put(b, n, 2);
}

/* The winning copy as written: 0m for the red five. */
static void win_name(int t, int red, char out[3])
{
    mj_tile_name(t, out);
    if (red)
        out[0] = '0';
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

static const char *status_error(int status)
{
    return status == MJ_SCORE_NO_YAKU ? "no_yaku" : "hand_not_winning";
}

/* The value of a hand as a JSON object (the current key's value). */
static void json_score(cli_json *j, const mj_score *s)
{
    char lab[48], t[8];
    cli_json_object(j);
    if (s->status != MJ_SCORE_OK) {
        cli_json_kstr(j, "error", status_error(s->status));
        cli_json_close(j);
        return;
    }
    jkint(j, "han", s->han);
    jkint(j, "fu", s->fu);
    jkint(j, "fu_raw", s->fu_raw);
    cli_json_key(j, "fu_parts");
    cli_json_array(j);
    for (int i = 0; i < s->n_fu; i++) {
        fu_label(&s->fu_parts[i], lab, sizeof lab);
        cli_json_array(j);
        cli_json_str(j, lab);
        jint(j, s->fu_parts[i].fu);
        cli_json_close(j);
    }
    cli_json_close(j);
    cli_json_key(j, "yaku");
    cli_json_array(j);
    for (int i = 0; i < s->n_yaku; i++) {
        cli_json_array(j);
        cli_json_str(j, mj_yaku_name(s->yaku[i].id));
        jint(j, s->yaku[i].han);
        cli_json_close(j);
    }
    cli_json_close(j);
    jkint(j, "yakuman", s->yakuman);
    cli_json_kstr(j, "limit", mj_limit_name(s->limit));
    cli_json_key(j, "points");
    cli_json_object(j);
    jkint(j, "main", s->main);
    jkint(j, "additional", s->additional);
    jkint(j, "total", s->total);
    cli_json_close(j);
    cli_json_key(j, "dealer");
    cli_json_bool(j, s->dealer);
    cli_json_key(j, "reading");
    cli_json_object(j);
    cli_json_kstr(j, "form", s->form == MJ_CHIITOI ? "chiitoi" : s->form == MJ_KOKUSHI ? "kokushi" : "regular");
    cli_json_key(j, "sets");
    cli_json_array(j);
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
        cli_json_str(j, m);
    }
    cli_json_close(j);
    cli_json_key(j, "pair");
    if (s->pair >= 0 && s->form == MJ_COMPLETE) {
        uint8_t pt[2] = { (uint8_t)s->pair, (uint8_t)s->pair };
        mj_shape_text(pt, 2, t, sizeof t);
        cli_json_str(j, t);
    } else {
        cli_json_null(j);
    }
    cli_json_kstr(j, "wait", wait_name(s->wait));
    cli_json_close(j);
    cli_json_close(j);
}

/* "Riichi, Pinfu, Dora 1": the names of mjscore.md, spelled as in JSON */
static void text_yaku(cli_buf *b, const mj_score *s)
{
    for (int i = 0; i < s->n_yaku; i++) {
        if (i)
            cli_buf_puts(b, ", ");
        cli_buf_puts(b, mj_yaku_name(s->yaku[i].id));
        int id = s->yaku[i].id;
        if (!mj_yaku_is_yakuman(id) && (s->yaku[i].han != 1 || id == MJ_Y_DORA || id == MJ_Y_AKA || id == MJ_Y_URA)) {
            cli_buf_putc(b, ' ');
            putint(b, s->yaku[i].han);
        }
    }
}

/* "3 han 30 fu 3900 (Riichi, Pinfu, Dora 1)"; tsumo: "5200 [1300/2600]" */
static void text_value(cli_buf *b, const mj_score *s, int tsumo)
{
    if (s->status != MJ_SCORE_OK) {
        cli_buf_puts(b, s->status == MJ_SCORE_NO_YAKU ? "no yaku" : "not a winning hand");
        return;
    }
    if (s->yakuman) {
        if (s->yakuman > 1)
            putnum(b, s->yakuman, "x ");
        cli_buf_puts(b, "yakuman ");
    } else {
        putnum(b, s->han, " han ");
        putnum(b, s->fu, " fu ");
        if (s->limit) {
            cli_buf_puts(b, s->limit == MJ_LIMIT_YAKUMAN ? "kazoe yakuman" : mj_limit_name(s->limit));
            cli_buf_putc(b, ' ');
        }
    }
    putint(b, s->total);
    if (tsumo) {
        cli_buf_puts(b, " [");
        if (s->dealer) {
            putnum(b, s->main, " all]");
        } else {
            putnum(b, s->additional, "/");
            putnum(b, s->main, "]");
        }
    }
    cli_buf_puts(b, " (");
    text_yaku(b, s);
    cli_buf_putc(b, ')');
}

/* Second and third lines of a scored complete hand: fu parts and reading. */
static void text_details(cli_buf *b, const mj_score *s, int win, int win_red)
{
    char lab[48], t[8];
    if (s->status != MJ_SCORE_OK)
        return;
    if (s->n_fu) {
        cli_buf_puts(b, "  fu: ");
        for (int i = 0; i < s->n_fu; i++) {
            fu_label(&s->fu_parts[i], lab, sizeof lab);
            if (i)
                cli_buf_puts(b, " + ");
            cli_buf_puts(b, lab);
            cli_buf_putc(b, ' ');
            putint(b, s->fu_parts[i].fu);
        }
        cli_buf_puts(b, " = ");
        putint(b, s->fu_raw);
        if (s->fu != s->fu_raw) {
            cli_buf_puts(b, " -> ");
            putint(b, s->fu);
        }
        cli_buf_putc(b, '\n');
    }
    cli_buf_puts(b, "  reading: ");
    for (int i = 0; i < s->n_sets; i++) {
        set_text(&s->sets[i], t, sizeof t);
        if (s->sets[i].called)
            cli_buf_putc(b, '[');
        else if (s->sets[i].closed_kan)
            cli_buf_putc(b, '(');
        cli_buf_puts(b, t);
        if (s->sets[i].called)
            cli_buf_putc(b, ']');
        else if (s->sets[i].closed_kan)
            cli_buf_putc(b, ')');
        cli_buf_putc(b, ' ');
    }
    if (s->pair >= 0 && s->form == MJ_COMPLETE) {
        uint8_t pt[2] = { (uint8_t)s->pair, (uint8_t)s->pair };
        mj_shape_text(pt, 2, t, sizeof t);
        cli_buf_puts(b, t);
        cli_buf_putc(b, ' ');
    }
    if (s->form == MJ_CHIITOI)
        cli_buf_puts(b, "seven pairs ");
    if (s->form == MJ_KOKUSHI)
        cli_buf_puts(b, "thirteen orphans ");
    win_name(win, win_red, t);
    cli_buf_puts(b, "won on ");
    cli_buf_puts(b, t);
    cli_buf_puts(b, " (");
    cli_buf_puts(b, wait_name(s->wait));
    cli_buf_puts(b, ")\n");
}

static int popcount(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* "1m:3 4m:4" */
static void text_counts(cli_buf *b, uint64_t m, const uint8_t *unseen)
{
    int first = 1;
    for (int t = 0; t < MJ_TILES; t++)
        if (m >> t & 1) {
            if (!first)
                cli_buf_putc(b, ' ');
            puttile(b, t);
            cli_buf_putc(b, ':');
            putint(b, unseen[t]);
            first = 0;
        }
}

/* [["1m",3],["4m",4]] as the current key's value */
static void json_counts(cli_json *j, uint64_t m, const uint8_t *unseen)
{
    char n[3];
    cli_json_array(j);
    for (int t = 0; t < MJ_TILES; t++)
        if (m >> t & 1) {
            mj_tile_name(t, n);
            cli_json_array(j);
            cli_json_str(j, n);
            jint(j, unseen[t]);
            cli_json_close(j);
        }
    cli_json_close(j);
}

void mjs_discard_name(const mj_hand *h, int t, char out[3])
{
    mj_tile_name(t, out);
    if (t < 27 && t % 9 == 4 && h->count[t] == 1 && h->red[t / 9])
        out[0] = '0';
}

int mjs_count(uint64_t mask, const uint8_t unseen[MJ_TILES])
{
    int n = 0;
    for (int t = 0; t < MJ_TILES; t++)
        if (mask >> t & 1)
            n += unseen[t];
    return n;
}

void mjs_text_live(cli_buf *b, uint64_t waits, const uint8_t unseen[MJ_TILES])
{
    cli_buf_puts(b, " (");
    putnum(b, mjs_count(waits, unseen), " live: ");
    text_counts(b, waits, unseen);
    cli_buf_putc(b, ')');
}

static void text_ukeire(cli_buf *b, uint64_t acc, int total, const uint8_t unseen[MJ_TILES])
{
    cli_buf_puts(b, ", ukeire ");
    putnum(b, total, " (");
    putnum(b, popcount(acc), popcount(acc) == 1 ? " kind): " : " kinds): ");
    text_counts(b, acc, unseen);
}

void mjs_text_ukeire(cli_buf *b, mj_ctx *ctx, const mj_hand *h, const uint8_t unseen[MJ_TILES])
{
    uint64_t acc;
    int total;
    if (mj_ukeire(ctx, h, unseen, &acc, &total) >= 0)
        text_ukeire(b, acc, total, unseen);
}

/* "ukeire": {"tiles": [[tile, unseen], ...], "kinds": N, "total": N} */
static void json_ukeire(cli_json *j, uint64_t acc, int total, const uint8_t unseen[MJ_TILES])
{
    cli_json_key(j, "ukeire");
    cli_json_object(j);
    cli_json_key(j, "tiles");
    json_counts(j, acc, unseen);
    jkint(j, "kinds", popcount(acc));
    jkint(j, "total", total);
    cli_json_close(j);
}

void mjs_jlive(cli_json *j, int tile, const uint8_t unseen[MJ_TILES])
{
    jkint(j, "live", unseen[tile]);
}

void mjs_jukeire(cli_json *j, mj_ctx *ctx, const mj_hand *h, const uint8_t unseen[MJ_TILES])
{
    uint64_t acc;
    int total;
    if (mj_ukeire(ctx, h, unseen, &acc, &total) >= 0)
        json_ukeire(j, acc, total, unseen);
}

/* {"file":..,"line":..,"hand":.. : every object carries its input */
static void json_head(cli_json *j, cli_buf *b, const char *file, long lineno, const char *hand)
{
    cli_json_begin(j, b);
    cli_json_kstr(j, "file", file);
    jkint(j, "line", lineno);
    cli_json_kstr(j, "hand", hand);
}

int mjs_waits_fast(mj_ctx *ctx, cli_buf *out, const char *file, long lineno, const char *line, size_t len,
                   int json)
{
    uint64_t waits, dead;
    if (mj_waits_quick(ctx, line, len, &waits, &dead) != 0 || (mode_score | mode_shanten))
        return 0;
    if (json) {
        cli_buf_puts(out, "{\"file\":");
        cli_json_quote(out, file, strlen(file));
        cli_buf_puts(out, ",\"line\":");
        putint(out, lineno);
        cli_buf_puts(out, ",\"hand\":");
        cli_json_quote(out, line, len);
        cli_buf_puts(out, waits ? ",\"melds\":[],\"tenpai\":true,\"waits\":[" : ",\"melds\":[],\"tenpai\":false,\"waits\":[");
    } else {
        cli_buf_put(out, line, len);
        cli_buf_put(out, ": ", 2);
    }
    if (cli_buf_reserve(out, 34 * 6 + 40))
        return 1;
    char *p = out->p + out->len;
    const char *sep = json ? "\"" : "";
    int first = 1;
    for (uint64_t m = waits; m; m &= m - 1) {
        int t = 0;
        while (!(m >> t & 1))
            t++;
        if (!first)
            *p++ = json ? ',' : ' ';
        first = 0;
        if (json) *p++ = *sep;
        *p++ = (char)('1' + t % 9);
        *p++ = "mpsz"[t / 9];
        if (json) *p++ = *sep;
    }
    out->len = (size_t)(p - out->p);
    if (json) {
        cli_buf_puts(out, "],\"dead_waits\":[");
        first = 1;
        for (int t = 0; t < MJ_TILES; t++)
            if (dead >> t & 1) {
                char q[6] = { ',', '"', (char)('1' + t % 9), "mpsz"[t / 9], '"', 0 };
                cli_buf_puts(out, first ? q + 1 : q);
                first = 0;
            }
        cli_buf_puts(out, "]}\n");
    } else {
        if (!waits)
            cli_buf_put(out, "noten", 5);
        cli_buf_putc(out, '\n');
    }
    return 1;
}

int mjs_parse(const char *line, size_t len, mj_hand *h, uint8_t unseen[MJ_TILES], tk_error *err)
{
    mj_winctx w = *defs();
    int rc = mj_parse_line(line, len, h, &w, err);
    if (rc)
        return rc;
    /* no context word and no option: nothing to check, every tile unseen
     * but the hand's own */
    if (memcmp(&w, &plain_ctx, sizeof w) != 0)
        rc = mj_winctx_check(h, &w, err);
    if (rc == 0 && unseen)
        mj_unseen(h, &w, unseen);
    return rc;
}

/* ---- one line ---- */

static void score14(cli_buf *b, const char *file, long lineno, const char *line, const mj_hand *h,
                    const mj_winctx *w, int json)
{
    mj_score s;
    tk_error err = { 0 };
    char wn[3];
    mj_score_hand(h, w, &s, &err);
    int tsumo = (w->flags & MJ_WIN_TSUMO) != 0;
    win_name(w->win, w->win_red, wn);
    if (json) {
        cli_json j;
        json_head(&j, b, file, lineno, line);
        cli_json_kstr(&j, "win", wn);
        cli_json_key(&j, "tsumo");
        cli_json_bool(&j, tsumo);
        cli_json_key(&j, "score");
        json_score(&j, &s);
        if (s.status != MJ_SCORE_OK)
            cli_json_kstr(&j, "error", status_error(s.status));
        cli_json_end(&j);
        return;
    }
    cli_buf_puts(b, line);
    cli_buf_puts(b, tsumo ? ": tsumo " : ": ron ");
    text_value(b, &s, tsumo);
    cli_buf_putc(b, '\n');
    text_details(b, &s, w->win, w->win_red);
}

/* A noten 13-tile hand: its shanten and ukeire (JSON: the object ends). */
static void noten13(mj_ctx *ctx, const mj_hand *h, const uint8_t *unseen, cli_buf *b, cli_json *j, int json)
{
    uint64_t acc;
    int total;
    int sh = mj_ukeire(ctx, h, unseen, &acc, &total);
    if (json) {
        cli_json_key(j, "waits");
        cli_json_array(j);
        cli_json_close(j);
        json_ukeire(j, acc, total, unseen);
        cli_json_end(j);
    } else {
        cli_buf_puts(b, ": noten, ");
        putnum(b, sh, "-shanten");
        text_ukeire(b, acc, total, unseen);
        cli_buf_putc(b, '\n');
    }
}

/* The 13-sided thirteen orphans (the only hand with 13 waits: a regular
 * wait spans one suit, 9 tiles at most): one value for every wait, once
 * when they are all equal.  1 if so written. */
static int all13(const mj_hand *h, const mj_winctx *w, const mj_result *res, cli_buf *b)
{
    tk_error err = { 0 };
    cli_buf first = {0}, cur = {0};
    int same = 1;
    for (int i = 0; i < res->n_waits && same; i++) {
        int t = res->waits[i].tile;
        int red = mj_wait_copy(h, w, t) == 1;
        mj_score ron, tsu;
        mj_score_wait(h, w, t, red, 0, &ron, &err);
        mj_score_wait(h, w, t, red, 1, &tsu, &err);
        cli_buf *c = i ? &cur : &first;
        c->len = 0;
        cli_buf_puts(c, "  ron ");
        text_value(c, &ron, 0);
        cli_buf_puts(c, "  tsumo ");
        text_value(c, &tsu, 1);
        same = !c->oom && (!i || (cur.len == first.len && memcmp(cur.p, first.p, cur.len) == 0));
    }
    if (same) {
        cli_buf_puts(b, "  all ");
        putint(b, res->n_waits);
        cli_buf_put(b, first.p, first.len);
        cli_buf_putc(b, '\n');
    }
    cli_buf_free(&first);
    cli_buf_free(&cur);
    return same;
}

/* Each wait's value by ron and by tsumo: a line each, or the JSON objects. */
static void wait_values(const mj_hand *h, const mj_winctx *w, const mj_result *res, const uint8_t *unseen,
                        cli_buf *b, cli_json *j, int json)
{
    tk_error err = { 0 };
    for (int i = 0; i < res->n_waits; i++) {
        int t = res->waits[i].tile;
        int red = mj_wait_copy(h, w, t) == 1;
        char tn[3], wn[3];
        mj_score ron, tsu;
        mj_score_wait(h, w, t, red, 0, &ron, &err);
        mj_score_wait(h, w, t, red, 1, &tsu, &err);
        mj_tile_name(t, tn);
        win_name(t, red, wn);
        if (json) {
            cli_json_object(j);
            cli_json_kstr(j, "tile", tn);
            cli_json_kstr(j, "win", wn);
            jkint(j, "live", unseen[t]);
            cli_json_key(j, "ron");
            json_score(j, &ron);
            cli_json_key(j, "tsumo");
            json_score(j, &tsu);
            cli_json_close(j);
        } else {
            cli_buf_puts(b, "  ");
            cli_buf_puts(b, wn);
            cli_buf_puts(b, "  ron ");
            text_value(b, &ron, 0);
            cli_buf_puts(b, "  tsumo ");
            text_value(b, &tsu, 1);
            cli_buf_putc(b, '\n');
        }
    }
}

static void score13(mj_ctx *ctx, mj_result *res, cli_buf *b, const char *file, long lineno, const char *line,
                    const mj_hand *h, const mj_winctx *w, int json)
{
    tk_error err = { 0 };
    uint8_t unseen[MJ_TILES];
    cli_json j;
    mj_unseen(h, w, unseen);
    mj_analyze(ctx, h, MJ_WAITS_ONLY, res, &err);
    if (json) {
        json_head(&j, b, file, lineno, line);
        jkint(&j, "shanten", res->shanten);
        cli_json_key(&j, "tenpai");
        cli_json_bool(&j, res->n_waits > 0);
    } else {
        cli_buf_puts(b, line);
    }
    if (!res->n_waits) {
        noten13(ctx, h, unseen, b, &j, json);
        return;
    }
    if (json) {
        jkint(&j, "live", mjs_count(res->wait_mask, unseen));
        cli_json_key(&j, "waits");
        cli_json_array(&j);
    } else {
        cli_buf_puts(b, ": tenpai, ");
        putnum(b, res->n_waits, res->n_waits == 1 ? " wait: " : " waits: ");
        for (int i = 0; i < res->n_waits; i++) {
            if (i)
                cli_buf_putc(b, ' ');
            puttile(b, res->waits[i].tile);
        }
        mjs_text_live(b, res->wait_mask, unseen);
        cli_buf_putc(b, '\n');
    }
    if (!json && res->n_waits == 13 && all13(h, w, res, b))
        return;
    wait_values(h, w, res, unseen, b, &j, json);
    if (json) {
        cli_json_close(&j);
        cli_json_end(&j);
    }
}

int mjs_shanten_fast(mj_ctx *ctx, cli_buf *out, const char *line, size_t len, int json)
{
    if (!mode_shanten || json)
        return 0;
    int s = mj_shanten_quick(ctx, line, len);
    if (s < -1)
        return 0;
    if (s > 9 || out->len + 4 > out->cap || out->oom) {   /* the rare slow case */
        putint(out, s);
        cli_buf_putc(out, '\n');
        return 1;
    }
    char *p = out->p + out->len;   /* "-1\n" or one digit and "\n", in place */
    if (s < 0)
        *p++ = '-', s = 1;
    *p++ = (char)('0' + s);
    *p++ = '\n';
    *p = 0;
    out->len = (size_t)(p - out->p);
    return 1;
}

int mjs_line(mj_ctx *ctx, mj_result *res, cli_buf *out, const char *file, long lineno, const char *line,
             size_t len, int json, long col0, char *msg, size_t msgcap)
{
    if (mjs_shanten_fast(ctx, out, line, len, json))   /* the common compact form */
        return 0;
    mj_hand h;
    mj_winctx w = *defs();
    tk_error err = { 0 };
    int rc = mj_parse_line(line, len, &h, &w, &err);
    if (rc == 0 && mode_shanten) {
        int s = 0;
        mj_shanten(ctx, &h, &s, NULL);   /* the hand was parsed: valid */
        if (json) {
            cli_json j;
            json_head(&j, out, file, lineno, line);
            jkint(&j, "shanten", s);
            cli_json_end(&j);
        } else {
            putint(out, s);
            cli_buf_putc(out, '\n');
        }
        return 0;
    }
    if (rc == 0)
        rc = mj_winctx_check(&h, &w, &err);
    if (rc != 0) {
        if (err.col > 0)
            snprintf(msg, msgcap, "column %ld: %s", err.col + col0, err.msg);
        else
            snprintf(msg, msgcap, "%s", err.msg);
        if (json) {
            cli_json j;
            json_head(&j, out, file, lineno, line);
            cli_json_kstr(&j, "error", msg);
            cli_json_end(&j);
        }
        return 1;
    }
    if (h.n_tiles == 14 - 3 * h.n_melds)
        score14(out, file, lineno, line, &h, &w, json);
    else
        score13(ctx, res, out, file, lineno, line, &h, &w, json);
    return 0;
}
