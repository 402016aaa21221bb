/* skplay.c - plays listed (contract in tilekit/skfmt.h): the fields of a
 * play (coordinate, word, the rack it leaves) as skrafl's move lists, the
 * simulation's table and the equity listing print them; a play ranked by
 * equity, a --check by equity, the unseen tiles; the words a move forms. */
#include "tilekit/skfmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilekit/alphabet.h"

/* The tiles of x[0..n) (0 a blank) as text. */
static void tiles_text(const sk_engine *e, const uint8_t *x, int n, char *out, size_t cap)
{
    sk_rack r;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < n; i++) {
        if (x[i] == 0)
            r.blanks++;
        else
            r.count[x[i]]++;
        r.n++;
    }
    sk_rack_leave(&r, NULL, e, out, cap);
}

/* The rack left after play p. */
static void play_leave(const sk_engine *e, const sk_rack *r, const sk_play *p, char *out, size_t cap)
{
    if (p->kind == SK_PLAY_MOVE) {
        sk_rack_leave(r, &p->move, e, out, cap);
        return;
    }
    sk_rack k = *r;
    for (int i = 0; i < p->nx; i++) {
        if (p->x[i] == 0)
            k.blanks--;
        else
            k.count[p->x[i]]--;
        k.n--;
    }
    sk_rack_leave(&k, NULL, e, out, cap);
}

void skf_play_fields(const sk_engine *e, const sk_rack *r, const sk_play *p, int style, char *coord, size_t cc,
                     char *word, size_t wc, char *leave, size_t lc)
{
    if (p->kind == SK_PLAY_MOVE) {
        sk_coord_format(p->move.row, p->move.col, p->move.dir, coord, cc);
        sk_move_format(&p->move, e, style, word, wc);
    } else if (p->kind == SK_PLAY_EXCHANGE) {
        snprintf(coord, cc, "xchg");
        word[0] = '-';
        tiles_text(e, p->x, p->nx, word + 1, wc - 1);
    } else {
        snprintf(coord, cc, "pass");
        snprintf(word, wc, "-");
    }
    if (leave)
        play_leave(e, r, p, leave, lc);
}

void skf_move_words(fmt_buf *f, const sk_engine *e, const sk_board *b, const sk_move *m)
{
    sk_word w[SK_MAX_WORDS];
    char text[SK_MAX_DIM * (ALPHA_LETTER_MAX + 2) + 1];
    int nw = sk_move_words(m, b, w, SK_MAX_WORDS);
    for (int i = 0; i < nw && i < SK_MAX_WORDS; i++) {
        sk_word_format(&w[i], e, SK_FMT_WORD, text, sizeof text);
        fmt_buf_printf(f, "%s%s", i ? "," : "", text);
    }
}

static void json_str(fmt_buf *f, const char *s) { fmt_json_quote(f, s, strlen(s)); }

/* Open a JSON object with the input's line number (when there is one). */
static void json_begin(fmt_buf *f, long line)
{
    fmt_buf_putc(f, '{');
    if (line > 0)
        fmt_buf_printf(f, "\"line\":%ld,", line);
}

void skf_equity_play(fmt_buf *f, const sk_engine *e, const sk_board *b, const sk_rack *r, const sk_play *p, long line,
                     int json, int words, size_t rank)
{
    char coord[16], word[256], leave[128], eq[32], lv[32];
    skf_play_fields(e, r, p, json ? SK_FMT_WORD : SK_FMT_PAREN, coord, sizeof coord, word, sizeof word, leave,
                    sizeof leave);
    fmt_milli(eq, sizeof eq, p->equity);
    fmt_milli(lv, sizeof lv, p->leave);
    static const char *kinds[] = { "move", "exchange", "pass" };
    if (json) {
        json_begin(f, line);
        fmt_buf_printf(f, "\"rank\":%zu,\"kind\":\"%s\",", rank, kinds[p->kind]);
        if (p->kind == SK_PLAY_MOVE) {
            char played[256];
            sk_move_format(&p->move, e, SK_FMT_PLAYED, played, sizeof played);
            fmt_buf_puts(f, "\"coord\":");
            json_str(f, coord);
            fmt_buf_printf(f, ",\"row\":%d,\"col\":%d,\"dir\":\"%c\",\"word\":", p->move.row, p->move.col,
                    p->move.dir ? 'V' : 'H');
            json_str(f, word);
            fmt_buf_puts(f, ",\"played\":");
            json_str(f, played);
            fmt_buf_printf(f, ",\"tiles\":%d,", p->move.ntiles);
        } else if (p->kind == SK_PLAY_EXCHANGE) {
            fmt_buf_puts(f, "\"exchange\":");
            json_str(f, word + 1);
            fmt_buf_putc(f, ',');
        }
        fmt_buf_printf(f, "\"score\":%d,\"leave\":", p->score);
        json_str(f, leave);
        fmt_buf_printf(f, ",\"leave_value\":%s,\"equity\":%s}\n", lv, eq);
        return;
    }
    fmt_buf_printf(f, "%s  %s  %d  equity:%s  leave:%s", coord, word, p->score, eq, leave[0] ? leave : "-");
    if (words && p->kind == SK_PLAY_MOVE) {
        fmt_buf_puts(f, "  words:");
        skf_move_words(f, e, b, &p->move);
    }
    fmt_buf_putc(f, '\n');
}

void skf_unseen(fmt_buf *f, const sk_engine *e, const int unseen[64], int n, int bag, long line, int json)
{
    sk_rack u;
    memset(&u, 0, sizeof u);
    char *txt = malloc(8 * 128 + 16);
    size_t at = 0;
    if (!txt)
        return;
    txt[0] = 0;
    /* up to 100+ tiles: spell them directly */
    const alpha_table *a = sk_engine_alphabet(e);
    for (int l = 1; l <= a->size; l++)
        for (int k = 0; k < unseen[l] && at + 20 < 8 * 128; k++)
            at += (size_t)snprintf(txt + at, 8 * 128 + 16 - at, "%s", a->upper[l]);
    for (int k = 0; k < unseen[0] && at + 2 < 8 * 128; k++)
        txt[at++] = '?', txt[at] = 0;
    if (json) {
        json_begin(f, line);
        fmt_buf_puts(f, "\"unseen\":");
        json_str(f, txt);
        fmt_buf_printf(f, ",\"count\":%d,\"bag\":%d}\n", n, bag);
    } else {
        fmt_buf_printf(f, "unseen %d: %s  bag %d\n", n, txt[0] ? txt : "-", bag);
    }
    free(txt);
}

void skf_ranked_play(fmt_buf *f, const sk_engine *e, const sk_rack *r, const sk_play *me, const sk_play *best,
                     long req, long rsc, long n, long line, int json)
{
    const sk_play *v = best;
    char c1[16], w1[256], c2[16], w2[256], eq[32], beq[32];
    skf_play_fields(e, r, me, json ? SK_FMT_WORD : SK_FMT_PAREN, c1, sizeof c1, w1, sizeof w1, NULL, 0);
    skf_play_fields(e, r, &v[0], json ? SK_FMT_WORD : SK_FMT_PAREN, c2, sizeof c2, w2, sizeof w2, NULL, 0);
    fmt_milli(eq, sizeof eq, me->equity);
    fmt_milli(beq, sizeof beq, v[0].equity);
    if (json) {
        json_begin(f, line);
        fmt_buf_puts(f, "\"coord\":");
        json_str(f, c1);
        fmt_buf_puts(f, ",\"word\":");
        json_str(f, w1);
        fmt_buf_printf(f, ",\"legal\":true,\"score\":%d,\"equity\":%s,\"rank_score\":%ld,\"rank_equity\":%ld,"
                   "\"total\":%ld,\"best\":{\"coord\":", me->score, eq, rsc, req, n);
        json_str(f, c2);
        fmt_buf_puts(f, ",\"word\":");
        json_str(f, w2);
        fmt_buf_printf(f, ",\"score\":%d,\"equity\":%s}}\n", v[0].score, beq);
    } else {
        fmt_buf_printf(f, "%s  %s  %d  equity:%s  rank by score %ld, by equity %ld of %ld plays  best: %s  %s  %d  equity:%s\n",
                c1, w1, me->score, eq, rsc, req, n, c2, w2, v[0].score, beq);
    }
}
