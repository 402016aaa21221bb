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
 * (yaku names of mjscore.md).  Numbers are written without printf. */
#include "mjwait_score.h"
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mode_score, mode_shanten;
static mj_winctx defaults;
static int defaults_ready;

static mj_winctx *defs(void)
{
    if (!defaults_ready) {
        mj_winctx_init(&defaults);
        defaults_ready = 1;
    }
    return &defaults;
}

int mjs_active(void) { return mode_score || mode_shanten; }

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

/* ---- output ---- */

static void reserve(mjs_buf *b, size_t n)
{
    if (b->len + n + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + n + 1)
        cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) {
        cli_error(NULL, 0, "out of memory");
        exit(CLI_EXIT_DATA);
    }
    b->p = p;
    b->cap = cap;
}

static void put(mjs_buf *b, const char *s, size_t n)
{
    reserve(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

static void puts_(mjs_buf *b, const char *s) { put(b, s, strlen(s)); }

static void putc_(mjs_buf *b, char c)
{
    reserve(b, 1);
    b->p[b->len++] = c;
}

static void putint(mjs_buf *b, long v)
{
    char t[24];
    int n = 0;
    unsigned long u = v < 0 ? (unsigned long)-v : (unsigned long)v;
    do {
        t[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        t[n++] = '-';
    reserve(b, (size_t)n);
    while (n)
        b->p[b->len++] = t[--n];
}

static void putjson(mjs_buf *b, const char *s)
{
    putc_(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            putc_(b, '\\');
            putc_(b, (char)c);
        } else if (c < 0x20) {
            static const char hx[] = "0123456789abcdef";
            puts_(b, "\\u00");
            putc_(b, hx[c >> 4]);
            putc_(b, hx[c & 15]);
        } else {
            putc_(b, (char)c);
        }
    }
    putc_(b, '"');
}

static void puttile(mjs_buf *b, int t)
{
    char n[3];
    mj_tile_name(t, n);
    put(b, n, 2);
}

/* The winning copy as written: 0m for the red five. */
static void putwin(mjs_buf *b, int t, int red)
{
    if (red) {
        putc_(b, '0');
        putc_(b, "mps"[t / 9]);
    } else {
        puttile(b, t);
    }
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
    switch (p->what) {
    case MJ_FU_BASE: snprintf(buf, cap, "base"); break;
    case MJ_FU_CLOSED_RON: snprintf(buf, cap, "closed ron"); break;
    case MJ_FU_TSUMO: snprintf(buf, cap, "tsumo"); break;
    case MJ_FU_WAIT: snprintf(buf, cap, "%s wait", mj_kind_name(p->set)); break;
    case MJ_FU_SET: {
        mj_set s = { p->set == 3 ? MJ_SET_QUAD : MJ_SET_TRIPLET, p->tile, 0, 0 };
        set_text(&s, t, sizeof t);
        snprintf(buf, cap, "%s %s %s", p->open ? "open" : "concealed", p->set == 3 ? "quad" : "triplet", t);
        break;
    }
    case MJ_FU_PAIR: {
        uint8_t pt[2] = { p->tile, p->tile };
        mj_shape_text(pt, 2, t, sizeof t);
        snprintf(buf, cap, "pair %s", t);
        break;
    }
    case MJ_FU_OPEN_MIN: snprintf(buf, cap, "open hand minimum"); break;
    case MJ_FU_CHIITOI: snprintf(buf, cap, "seven pairs"); break;
    default: snprintf(buf, cap, "?"); break;
    }
}

static void json_score(mjs_buf *b, const mj_score *s)
{
    char lab[48];
    if (s->status == MJ_SCORE_NO_YAKU) {
        puts_(b, "{\"error\":\"no_yaku\"}");
        return;
    }
    if (s->status == MJ_SCORE_NOT_WINNING) {
        puts_(b, "{\"error\":\"hand_not_winning\"}");
        return;
    }
    puts_(b, "{\"han\":");
    putint(b, s->han);
    puts_(b, ",\"fu\":");
    putint(b, s->fu);
    puts_(b, ",\"fu_parts\":[");
    for (int i = 0; i < s->n_fu; i++) {
        fu_label(&s->fu_parts[i], lab, sizeof lab);
        puts_(b, i ? ",[" : "[");
        putjson(b, lab);
        putc_(b, ',');
        putint(b, s->fu_parts[i].fu);
        putc_(b, ']');
    }
    puts_(b, "],\"yaku\":[");
    for (int i = 0; i < s->n_yaku; i++) {
        puts_(b, i ? ",[" : "[");
        putjson(b, mj_yaku_name(s->yaku[i].id));
        putc_(b, ',');
        putint(b, s->yaku[i].han);
        putc_(b, ']');
    }
    puts_(b, "],\"yakuman\":");
    putint(b, s->yakuman);
    puts_(b, ",\"limit\":");
    putjson(b, mj_limit_name(s->limit));
    puts_(b, ",\"points\":{\"main\":");
    putint(b, s->main);
    puts_(b, ",\"additional\":");
    putint(b, s->additional);
    puts_(b, ",\"total\":");
    putint(b, s->total);
    puts_(b, "},\"dealer\":");
    puts_(b, s->dealer ? "true" : "false");
    puts_(b, ",\"reading\":{\"sets\":[");
    for (int i = 0; i < s->n_sets; i++) {
        char t[8];
        set_text(&s->sets[i], t, sizeof t);
        puts_(b, i ? ",\"" : "\"");
        puts_(b, t);
        putc_(b, '"');
    }
    puts_(b, "],\"pair\":");
    if (s->pair >= 0) {
        putc_(b, '"');
        puttile(b, s->pair);
        puttile(b, s->pair);
        putc_(b, '"');
    } else {
        puts_(b, "null");
    }
    puts_(b, ",\"wait\":");
    putjson(b, wait_name(s->wait));
    puts_(b, "}}");
}

/* "riichi, pinfu, dora 1" */
static void text_yaku(mjs_buf *b, const mj_score *s)
{
    char nm[48];
    for (int i = 0; i < s->n_yaku; i++) {
        const char *n = mj_yaku_name(s->yaku[i].id);
        size_t k = 0;
        for (; n[k] && k + 1 < sizeof nm; k++)
            nm[k] = (char)(n[k] >= 'A' && n[k] <= 'Z' ? n[k] - 'A' + 'a' : n[k]);
        nm[k] = 0;
        if (i)
            puts_(b, ", ");
        puts_(b, nm);
        int id = s->yaku[i].id;
        if (!mj_yaku_is_yakuman(id) && (s->yaku[i].han != 1 || id == MJ_Y_DORA || id == MJ_Y_AKA || id == MJ_Y_URA)) {
            putc_(b, ' ');
            putint(b, s->yaku[i].han);
        }
    }
}

/* "3 han 30 fu 3900 (riichi, pinfu, dora 1)"; tsumo: "5200 [1300/2600]" */
static void text_value(mjs_buf *b, const mj_score *s, int tsumo)
{
    if (s->status == MJ_SCORE_NO_YAKU) {
        puts_(b, "no yaku");
        return;
    }
    if (s->status == MJ_SCORE_NOT_WINNING) {
        puts_(b, "not a winning hand");
        return;
    }
    if (s->yakuman) {
        if (s->yakuman > 1) {
            putint(b, s->yakuman);
            puts_(b, "x ");
        }
        puts_(b, "yakuman ");
    } else {
        putint(b, s->han);
        puts_(b, " han ");
        putint(b, s->fu);
        puts_(b, " fu ");
        if (s->limit) {
            puts_(b, s->limit == MJ_LIMIT_YAKUMAN ? "kazoe yakuman" : mj_limit_name(s->limit));
            putc_(b, ' ');
        }
    }
    putint(b, s->total);
    if (tsumo) {
        puts_(b, " [");
        if (s->dealer) {
            putint(b, s->main);
            puts_(b, " all]");
        } else {
            putint(b, s->additional);
            putc_(b, '/');
            putint(b, s->main);
            putc_(b, ']');
        }
    }
    puts_(b, " (");
    text_yaku(b, s);
    putc_(b, ')');
}

/* Second and third lines of a scored complete hand: fu parts and reading. */
static void text_details(mjs_buf *b, const mj_score *s, int win, int win_red)
{
    char lab[48], t[8];
    if (s->status != MJ_SCORE_OK)
        return;
    if (s->n_fu) {
        puts_(b, "  fu: ");
        for (int i = 0; i < s->n_fu; i++) {
            fu_label(&s->fu_parts[i], lab, sizeof lab);
            if (i)
                puts_(b, " + ");
            puts_(b, lab);
            putc_(b, ' ');
            putint(b, s->fu_parts[i].fu);
        }
        puts_(b, " = ");
        putint(b, s->fu_raw);
        if (s->fu != s->fu_raw) {
            puts_(b, " -> ");
            putint(b, s->fu);
        }
        putc_(b, '\n');
    }
    puts_(b, "  reading: ");
    for (int i = 0; i < s->n_sets; i++) {
        set_text(&s->sets[i], t, sizeof t);
        if (s->sets[i].called)
            putc_(b, '[');
        else if (s->sets[i].closed_kan)
            putc_(b, '(');
        puts_(b, t);
        if (s->sets[i].called)
            putc_(b, ']');
        else if (s->sets[i].closed_kan)
            putc_(b, ')');
        putc_(b, ' ');
    }
    if (s->pair >= 0 && s->form == MJ_COMPLETE) {
        puttile(b, s->pair);
        b->len--;
        puttile(b, s->pair);
        putc_(b, ' ');
    }
    if (s->form == MJ_CHIITOI)
        puts_(b, "seven pairs ");
    if (s->form == MJ_KOKUSHI)
        puts_(b, "thirteen orphans ");
    puts_(b, "won on ");
    putwin(b, win, win_red);
    puts_(b, " (");
    puts_(b, wait_name(s->wait));
    puts_(b, ")\n");
}

static int popcount(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static void put_mask_counts(mjs_buf *b, uint64_t m, const uint8_t *unseen, int json)
{
    int first = 1;
    for (int t = 0; t < MJ_TILES; t++)
        if (m >> t & 1) {
            if (json) {
                puts_(b, first ? "[\"" : ",[\"");
                puttile(b, t);
                puts_(b, "\",");
                putint(b, unseen[t]);
                putc_(b, ']');
            } else {
                if (!first)
                    putc_(b, ' ');
                puttile(b, t);
                putc_(b, ':');
                putint(b, unseen[t]);
            }
            first = 0;
        }
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

void mjs_text_live(mjs_buf *b, uint64_t waits, const uint8_t unseen[MJ_TILES])
{
    puts_(b, " (");
    putint(b, mjs_count(waits, unseen));
    puts_(b, " live: ");
    put_mask_counts(b, waits, unseen, 0);
    putc_(b, ')');
}

static void text_ukeire(mjs_buf *b, uint64_t acc, int total, const uint8_t unseen[MJ_TILES])
{
    puts_(b, ", ukeire ");
    putint(b, total);
    puts_(b, " (");
    putint(b, popcount(acc));
    puts_(b, popcount(acc) == 1 ? " kind): " : " kinds): ");
    put_mask_counts(b, acc, unseen, 0);
}

void mjs_text_ukeire(mjs_buf *b, mj_ctx *ctx, const mj_hand *h, const uint8_t unseen[MJ_TILES])
{
    uint64_t acc;
    int total;
    if (mj_ukeire(ctx, h, unseen, &acc, &total) >= 0)
        text_ukeire(b, acc, total, unseen);
}

void mjs_json_live(mjs_buf *b, int tile, const uint8_t unseen[MJ_TILES])
{
    puts_(b, ",\"live\":");
    putint(b, unseen[tile]);
}

void mjs_json_ukeire(mjs_buf *b, mj_ctx *ctx, const mj_hand *h, const uint8_t unseen[MJ_TILES])
{
    uint64_t acc;
    int total;
    if (mj_ukeire(ctx, h, unseen, &acc, &total) < 0)
        return;
    puts_(b, ",\"ukeire\":{\"tiles\":[");
    put_mask_counts(b, acc, unseen, 1);
    puts_(b, "],\"kinds\":");
    putint(b, popcount(acc));
    puts_(b, ",\"total\":");
    putint(b, total);
    putc_(b, '}');
}

int mjs_parse(const char *line, size_t len, mj_hand *h, uint8_t unseen[MJ_TILES], tk_error *err)
{
    mj_winctx w = *defs();
    int rc = mj_parse_line(line, len, h, &w, err);
    if (rc == 0)
        rc = mj_winctx_check(h, &w, err);
    if (rc == 0)
        mj_unseen(h, &w, unseen);
    return rc;
}

/* ---- one line ---- */

static void score14(mjs_buf *b, const char *line, const mj_hand *h, const mj_winctx *w, int json)
{
    mj_score s;
    tk_error err = { 0 };
    mj_score_hand(h, w, &s, &err);
    int tsumo = (w->flags & MJ_WIN_TSUMO) != 0;
    if (json) {
        puts_(b, "{\"hand\":");
        putjson(b, line);
        puts_(b, ",\"win\":\"");
        putwin(b, w->win, w->win_red);
        puts_(b, tsumo ? "\",\"tsumo\":true,\"score\":" : "\",\"tsumo\":false,\"score\":");
        json_score(b, &s);
        if (s.status != MJ_SCORE_OK)
            puts_(b, s.status == MJ_SCORE_NO_YAKU ? ",\"error\":\"no_yaku\"" : ",\"error\":\"hand_not_winning\"");
        puts_(b, "}\n");
        return;
    }
    puts_(b, line);
    puts_(b, tsumo ? ": tsumo " : ": ron ");
    text_value(b, &s, tsumo);
    putc_(b, '\n');
    text_details(b, &s, w->win, w->win_red);
}

static void score13(mj_ctx *ctx, mj_result *res, mjs_buf *b, const char *line, const mj_hand *h,
                    const mj_winctx *w, int json)
{
    tk_error err = { 0 };
    uint8_t unseen[MJ_TILES];
    mj_unseen(h, w, unseen);
    mj_analyze(ctx, h, MJ_WAITS_ONLY, res, &err);
    if (json) {
        puts_(b, "{\"hand\":");
        putjson(b, line);
        puts_(b, ",\"shanten\":");
        putint(b, res->shanten);
        puts_(b, res->n_waits ? ",\"tenpai\":true" : ",\"tenpai\":false");
    } else {
        puts_(b, line);
        if (res->n_waits) {
            puts_(b, ": tenpai, ");
            putint(b, res->n_waits);
            puts_(b, res->n_waits == 1 ? " wait: " : " waits: ");
            for (int i = 0; i < res->n_waits; i++) {
                if (i)
                    putc_(b, ' ');
                puttile(b, res->waits[i].tile);
            }
        }
    }
    if (!res->n_waits) {
        uint64_t acc;
        int total;
        int sh = mj_ukeire(ctx, h, unseen, &acc, &total);
        if (json) {
            puts_(b, ",\"waits\":[]");
            mjs_json_ukeire(b, ctx, h, unseen);
            puts_(b, "}\n");
        } else {
            puts_(b, ": noten, ");
            putint(b, sh);
            puts_(b, "-shanten");
            text_ukeire(b, acc, total, unseen);
            putc_(b, '\n');
        }
        return;
    }
    if (json) {
        puts_(b, ",\"live\":");
        putint(b, mjs_count(res->wait_mask, unseen));
        puts_(b, ",\"waits\":[");
    } else {
        mjs_text_live(b, res->wait_mask, unseen);
        putc_(b, '\n');
    }
    for (int i = 0; i < res->n_waits; i++) {
        int t = res->waits[i].tile;
        int copy = mj_wait_copy(h, w, t);
        int red = copy == 1;
        mj_score ron, tsu;
        mj_score_wait(h, w, t, red, 0, &ron, &err);
        mj_score_wait(h, w, t, red, 1, &tsu, &err);
        if (json) {
            puts_(b, i ? ",{\"tile\":\"" : "{\"tile\":\"");
            puttile(b, t);
            puts_(b, "\",\"win\":\"");
            putwin(b, t, red);
            puts_(b, "\",\"live\":");
            putint(b, unseen[t]);
            puts_(b, ",\"ron\":");
            json_score(b, &ron);
            puts_(b, ",\"tsumo\":");
            json_score(b, &tsu);
            putc_(b, '}');
        } else {
            puts_(b, "  ");
            putwin(b, t, red);
            puts_(b, "  ron ");
            text_value(b, &ron, 0);
            puts_(b, "  tsumo ");
            text_value(b, &tsu, 1);
            putc_(b, '\n');
        }
    }
    if (json)
        puts_(b, "]}\n");
}

int mjs_line(mj_ctx *ctx, mj_result *res, mjs_buf *out, const char *line, size_t len, int json,
             long col0, char *msg, size_t msgcap)
{
    mj_hand h;
    mj_winctx w = *defs();
    tk_error err = { 0 };
    int rc = mj_parse_line(line, len, &h, &w, &err);
    if (rc == 0 && mode_shanten) {
        int s = mj_shanten(ctx, &h);
        if (json) {
            puts_(out, "{\"hand\":");
            putjson(out, line);
            puts_(out, ",\"shanten\":");
            putint(out, s);
            puts_(out, "}\n");
        } else {
            putint(out, s);
            putc_(out, '\n');
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
            puts_(out, "{\"hand\":");
            putjson(out, line);
            puts_(out, ",\"error\":");
            putjson(out, msg);
            puts_(out, "}\n");
        }
        return 1;
    }
    if (h.n_tiles == 14 - 3 * h.n_melds)
        score14(out, line, &h, &w, json);
    else
        score13(ctx, res, out, line, &h, &w, json);
    return 0;
}
