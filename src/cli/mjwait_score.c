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
 * (yaku names of mjscore.md) written with the shared cli_json writer; the
 * value of a hand and the tile counts are the formatting wing's
 * (tilekit/mjfmt.h: mjf_score_text, mjf_score_json, ...).  Numbers are
 * written without printf (the --shanten path is hot). */
#include "mjwait_score.h"
#include "cli/cli.h"
#include "cli/cli_json.h"
#include "tilekit/mjfmt.h"

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

mj_ctx *mjs_ctx_new(void)
{
    mj_ctx *ctx = NULL;
    if (mj_ctx_create(&ctx, NULL) != 0)
        return NULL;
    mjs_ctx_setup(ctx);
    return ctx;
}

/* ---- ukeire (the library's count, the formatting wing's text) ---- */

void mjs_text_ukeire(cli_buf *b, mj_ctx *ctx, const mj_hand *h, const uint8_t unseen[MJ_TILES])
{
    uint64_t acc;
    int total;
    if (mj_ukeire(ctx, h, unseen, &acc, &total) >= 0)
        mjf_ukeire_text(b, acc, total, unseen);
}

void mjs_jukeire(cli_json *j, mj_ctx *ctx, const mj_hand *h, const uint8_t unseen[MJ_TILES])
{
    uint64_t acc;
    int total;
    if (mj_ukeire(ctx, h, unseen, &acc, &total) >= 0)
        mjf_ukeire_json(j, acc, total, unseen);
}

/* {"file":..,"line":..,"hand":.. : every object carries its input */
static void json_head(cli_json *j, cli_buf *b, const char *file, long lineno, const char *hand)
{
    cli_json_begin(j, b);
    cli_json_kstr(j, "file", file);
    cli_json_kint(j, "line", lineno);
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
        fmt_buf_putint(out, lineno);
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
    mjf_tile_text(w->win, w->win_red, wn);
    if (json) {
        cli_json j;
        json_head(&j, b, file, lineno, line);
        cli_json_kstr(&j, "win", wn);
        cli_json_kbool(&j, "tsumo", tsumo);
        cli_json_key(&j, "score");
        mjf_score_json(&j, &s);
        if (s.status != MJ_SCORE_OK)
            cli_json_kstr(&j, "error", mjf_score_error(s.status));
        cli_json_end(&j);
        return;
    }
    cli_buf_puts(b, line);
    cli_buf_puts(b, tsumo ? ": tsumo " : ": ron ");
    mjf_score_text(b, &s, tsumo);
    cli_buf_putc(b, '\n');
    mjf_score_details(b, &s, w->win, w->win_red);
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
        mjf_ukeire_json(j, acc, total, unseen);
        cli_json_end(j);
    } else {
        cli_buf_puts(b, ": noten, ");
        fmt_buf_putint(b, sh);
        cli_buf_puts(b, "-shanten");
        mjf_ukeire_text(b, acc, total, unseen);
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
        mjf_score_text(c, &ron, 0);
        cli_buf_puts(c, "  tsumo ");
        mjf_score_text(c, &tsu, 1);
        same = !c->oom && (!i || (cur.len == first.len && memcmp(cur.p, first.p, cur.len) == 0));
    }
    if (same) {
        cli_buf_puts(b, "  all ");
        fmt_buf_putint(b, res->n_waits);
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
        mjf_tile_text(t, red, wn);
        if (json) {
            cli_json_object(j);
            cli_json_kstr(j, "tile", tn);
            cli_json_kstr(j, "win", wn);
            cli_json_kint(j, "live", unseen[t]);
            cli_json_key(j, "ron");
            mjf_score_json(j, &ron);
            cli_json_key(j, "tsumo");
            mjf_score_json(j, &tsu);
            cli_json_close(j);
        } else {
            cli_buf_puts(b, "  ");
            cli_buf_puts(b, wn);
            cli_buf_puts(b, "  ron ");
            mjf_score_text(b, &ron, 0);
            cli_buf_puts(b, "  tsumo ");
            mjf_score_text(b, &tsu, 1);
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
        cli_json_kint(&j, "shanten", res->shanten);
        cli_json_kbool(&j, "tenpai", res->n_waits > 0);
    } else {
        cli_buf_puts(b, line);
    }
    if (!res->n_waits) {
        noten13(ctx, h, unseen, b, &j, json);
        return;
    }
    if (json) {
        cli_json_kint(&j, "live", mjf_count(res->wait_mask, unseen));
        cli_json_key(&j, "waits");
        cli_json_array(&j);
    } else {
        cli_buf_puts(b, ": tenpai, ");
        fmt_buf_putint(b, res->n_waits);
        cli_buf_puts(b, res->n_waits == 1 ? " wait: " : " waits: ");
        for (int i = 0; i < res->n_waits; i++) {
            char tn[3];
            mj_tile_name(res->waits[i].tile, tn);
            if (i)
                cli_buf_putc(b, ' ');
            cli_buf_put(b, tn, 2);
        }
        mjf_live_text(b, res->wait_mask, unseen);
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
        fmt_buf_putint(out, s);
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
            cli_json_kint(&j, "shanten", s);
            cli_json_end(&j);
        } else {
            fmt_buf_putint(out, s);
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
