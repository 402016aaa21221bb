/* gcg.c - reading GCG game files (the text format Scrabble programs share).
 *
 * A GCG file is a sequence of lines: pragmas (`#player1 NICK Full Name`,
 * `#player2 ...`, `#lexicon NAME`, others ignored) and events, one a line:
 *
 *   >NICK: RACK COORD WORD +SCORE TOTAL     tiles placed ('.' = played through)
 *   >NICK: RACK -TILES +0 TOTAL             exchange (or -N: N tiles, unnamed)
 *   >NICK: RACK - +0 TOTAL                  pass
 *   >NICK: RACK -- -SCORE TOTAL             the previous play was withdrawn (phony)
 *   >NICK: RACK (challenge) +SCORE TOTAL    challenge bonus (also (challenge) with no rack)
 *   >NICK: (RACK) +SCORE TOTAL              end of game: the opponent's tiles
 *   >NICK: RACK (RACK) -SCORE TOTAL         end of game: the own tiles lost
 *   >NICK: RACK (time) -SCORE TOTAL         time penalty
 *
 * The parser is line-oriented and forgiving: a line it cannot read is
 * reported through the caller's callback with its line number and skipped,
 * so the rest of the game can still be annotated.  Letters are read with
 * the engine's alphabet (multi-character tiles, in brackets or not;
 * Icelandic and other UTF-8 letters; upper case a tile, lower case a blank).
 */
#include "sk_internal.h"
#include "tilekit/skgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tok {
    const char *s;
    size_t n;
} tok;

static int split(const char *s, size_t n, tok *t, int max)
{
    int k = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
            i++;
        if (i >= n)
            break;
        size_t b = i;
        while (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            i++;
        if (k < max) {
            t[k].s = s + b;
            t[k].n = i - b;
        }
        k++;
    }
    return k;
}

static int tok_is(tok t, const char *w) { return t.n == strlen(w) && memcmp(t.s, w, t.n) == 0; }

static int parse_int(tok t, int *v)
{
    size_t i = 0;
    int neg = 0;
    long x = 0;
    if (i < t.n && (t.s[i] == '+' || t.s[i] == '-'))
        neg = t.s[i++] == '-';
    if (i == t.n)
        return -1;
    for (; i < t.n; i++) {
        if (t.s[i] < '0' || t.s[i] > '9')
            return -1;
        x = x * 10 + (t.s[i] - '0');
        if (x > 100000)
            return -1;
    }
    *v = (int)(neg ? -x : x);
    return 0;
}

static int parse_rack(const sk_engine *e, tok t, sk_rack *r, tk_error *err)
{
    char q[48];
    tk_error why = {0};
    if (sk_rack_parse(r, e, t.s, t.n, &why))
        return tk_error_set(err, TK_EFORMAT, 0, 0, "rack '%s': %s", alpha_quote(t.s, t.n, 32, q, sizeof q), why.msg);
    return 0;
}

/* The word of a move: letters (upper a tile, lower a blank) and '.'. */
static int parse_word(const sk_engine *e, tok t, sk_gcg_event *ev, tk_error *err)
{
    ev->len = 0;
    for (size_t i = 0; i < t.n;) {
        if (ev->len >= SK_MAX_DIM)
            return tk_error_set(err, TK_EFORMAT, 0, 0, "word longer than the board");
        if (t.s[i] == '.') {
            ev->word[ev->len++] = 0;
            i++;
            continue;
        }
        int letter = 0, upper = 0;
        int k = alpha_match(&e->alpha, t.s + i, t.n - i, &letter, &upper);
        if (k <= 0) {
            char q[48];
            return tk_error_set(err, TK_EFORMAT, 0, 0,
                                "word '%s': byte %zu is not a letter of the alphabet (or '.')",
                                alpha_quote(t.s, t.n, 32, q, sizeof q), i + 1);
        }
        ev->word[ev->len++] = (uint8_t)(letter | (upper ? 0 : SK_BLANK));
        i += (size_t)k;
    }
    if (ev->len < 1)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "empty word");
    return 0;
}

static int find_player(sk_gcg *g, tok nick)
{
    for (int p = 0; p < 2; p++)
        if (g->nick[p][0] && strlen(g->nick[p]) == nick.n && memcmp(g->nick[p], nick.s, nick.n) == 0)
            return p;
    for (int p = 0; p < 2; p++)
        if (!g->nick[p][0] && nick.n < sizeof g->nick[p]) {
            memcpy(g->nick[p], nick.s, nick.n);
            g->nick[p][nick.n] = 0;
            return p;
        }
    return -1;
}

static void pragma(sk_gcg *g, const char *s, size_t n)
{
    tok t[64];
    int k = split(s, n, t, 64);
    if (k < 1)
        return;
    for (int p = 0; p < 2; p++) {
        char key[32];
        snprintf(key, sizeof key, "#player%d", p + 1);
        if (tok_is(t[0], key) && k >= 2 && t[1].n < sizeof g->nick[p]) {
            memcpy(g->nick[p], t[1].s, t[1].n);
            g->nick[p][t[1].n] = 0;
            size_t at = 0;
            for (int i = 2; i < k && i < 64; i++) {
                int w = snprintf(g->name[p] + at, sizeof g->name[p] - at, "%s%.*s", i > 2 ? " " : "",
                                 (int)t[i].n, t[i].s);
                if (w < 0 || (size_t)w >= sizeof g->name[p] - at)
                    break;
                at += (size_t)w;
            }
        }
    }
    if (tok_is(t[0], "#lexicon") && k >= 2 && t[1].n < sizeof g->lexicon) {
        memcpy(g->lexicon, t[1].s, t[1].n);
        g->lexicon[t[1].n] = 0;
    }
}

/* Parse an event line (after '>'). */
static int event(sk_gcg *g, const sk_engine *e, const char *s, size_t n, sk_gcg_event *ev, tk_error *err)
{
    memset(ev, 0, sizeof *ev);
    const char *colon = memchr(s, ':', n);
    if (!colon)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "event without 'NICK:'");
    tok nick = { s, (size_t)(colon - s) };
    while (nick.n && (nick.s[nick.n - 1] == ' ' || nick.s[nick.n - 1] == '\t'))
        nick.n--;
    if (!nick.n)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "empty player name");
    ev->player = find_player(g, nick);
    if (ev->player < 0) {
        char q[48];
        return tk_error_set(err, TK_EFORMAT, 0, 0, "a third player '%s'",
                            alpha_quote(nick.s, nick.n, 32, q, sizeof q));
    }
    tok t[8];
    int k = split(colon + 1, n - (size_t)(colon + 1 - s), t, 8);
    if (k < 3 || k > 5)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "expected RACK PLAY SCORE TOTAL, got %d fields", k);
    int nt = k < 8 ? k : 8;
    if (parse_int(t[nt - 1], &ev->total))
        return tk_error_set(err, TK_EFORMAT, 0, 0, "bad cumulative score '%.*s'", (int)t[nt - 1].n, t[nt - 1].s);
    if (parse_int(t[nt - 2], &ev->score) || (t[nt - 2].s[0] != '+' && t[nt - 2].s[0] != '-'))
        return tk_error_set(err, TK_EFORMAT, 0, 0, "bad score '%.*s' (+N or -N)", (int)t[nt - 2].n, t[nt - 2].s);
    int i = 0;
    /* "(RACK) +N T": end-of-game points for the opponent's tiles */
    if (t[0].n >= 2 && t[0].s[0] == '(' && nt == 3) {
        tok in = { t[0].s + 1, t[0].n - 2 };
        if (t[0].s[t[0].n - 1] != ')')
            return tk_error_set(err, TK_EFORMAT, 0, 0, "unbalanced parenthesis");
        if (tok_is(in, "challenge")) {
            ev->kind = SK_GCG_CHALLENGE;
            return 0;
        }
        ev->kind = SK_GCG_ENDRACK;
        return parse_rack(e, in, &ev->rack, err);
    }
    if (parse_rack(e, t[i++], &ev->rack, err))
        return TK_EFORMAT;
    ev->has_rack = 1;
    int rest = nt - 2 - i;
    if (rest == 1) {
        tok p = t[i];
        /* the whole-token marks after a rack */
        static const struct { const char *text; int kind; } marks[] = {
            { "-", SK_GCG_PASS }, { "--", SK_GCG_WITHDRAWN },
            { "(challenge)", SK_GCG_CHALLENGE }, { "(time)", SK_GCG_TIME },
        };
        for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
            if (tok_is(p, marks[k].text)) {
                ev->kind = marks[k].kind;
                return 0;
            }
        if (p.s[0] == '(' && p.s[p.n - 1] == ')' && p.n >= 2) {
            tok in = { p.s + 1, p.n - 2 };
            ev->kind = SK_GCG_ENDRACK;
            sk_rack own;
            if (parse_rack(e, in, &own, err))
                return TK_EFORMAT;
            ev->rack = own;
            return 0;
        }
        if (p.s[0] == '-') {
            ev->kind = SK_GCG_EXCHANGE;
            tok x = { p.s + 1, p.n - 1 };
            int num;
            if (parse_int(x, &num) == 0 && x.s[0] != '+' && x.s[0] != '-') {
                if (num < 1 || num > SK_RACK_MAX)
                    return tk_error_set(err, TK_EFORMAT, 0, 0, "exchange of %d tiles", num);
                ev->nx = num;
                return 0;
            }
            if (parse_rack(e, x, &ev->xrack, err))
                return TK_EFORMAT;
            ev->nx = ev->xrack.n;
            return 0;
        }
        return tk_error_set(err, TK_EFORMAT, 0, 0, "cannot read the play '%.*s'", (int)p.n, p.s);
    }
    if (rest != 2)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "expected RACK COORD WORD SCORE TOTAL");
    ev->kind = SK_GCG_MOVE;
    char co[16];
    if (t[i].n >= sizeof co)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "bad coordinate '%.*s'", (int)(t[i].n > 20 ? 20 : t[i].n), t[i].s);
    memcpy(co, t[i].s, t[i].n);
    co[t[i].n] = 0;
    tk_error cerr;
    if (sk_coord_parse(co, e->dim, &ev->row, &ev->col, &ev->dir, &cerr))
        return tk_error_set(err, TK_EFORMAT, 0, 0, "bad coordinate '%s': %s", co, cerr.msg);
    snprintf(ev->coord, sizeof ev->coord, "%s", co);
    return parse_word(e, t[i + 1], ev, err);
}

int sk_gcg_parse(sk_gcg *g, const sk_engine *e, const char *text, size_t len,
                 sk_gcg_errfn errfn, void *ctx, tk_error *err)
{
    memset(g, 0, sizeof *g);
    long line = 0;
    size_t i = 0;
    while (i < len) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t e_ = nl ? (size_t)(nl - text) : len;
        const char *s = text + i;
        size_t n = e_ - i;
        line++;
        i = e_ + 1;
        while (n && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
            n--;
        size_t b = 0;
        while (b < n && (s[b] == ' ' || s[b] == '\t'))
            b++;
        s += b;
        n -= b;
        if (n == 0)
            continue;
        if (s[0] == '#') {
            pragma(g, s, n);
            continue;
        }
        if (s[0] != '>') {
            /* Free text (a note continued, a comment): not an event. */
            continue;
        }
        if (g->nevents == g->cap) {
            int cap = g->cap ? g->cap * 2 : 64;
            sk_gcg_event *ev = realloc(g->ev, (size_t)cap * sizeof *ev);
            if (!ev)
                return tk_error_set(err, TK_ENOMEM, line, 0, "out of memory");
            g->ev = ev;
            g->cap = cap;
        }
        tk_error le = {0};
        sk_gcg_event *ev = &g->ev[g->nevents];
        if (event(g, e, s + 1, n - 1, ev, &le)) {
            le.line = line;
            if (!g->nerrors++)
                g->first_err = le;
            if (errfn)
                errfn(ctx, &le);
            continue;
        }
        ev->line = line;
        g->nevents++;
    }
    if (!g->nick[0][0])
        return tk_error_set(err, TK_EFORMAT, 0, 0, "no player found (no #player lines, no >NICK: events)");
    return TK_OK;
}

void sk_gcg_free(sk_gcg *g)
{
    if (!g)
        return;
    free(g->ev);
    g->ev = NULL;
    g->nevents = g->cap = 0;
}

int sk_gcg_event_move(const sk_engine *e, const sk_board *b, const sk_gcg_event *ev, sk_move *m,
                      tk_error *err)
{
    memset(m, 0, sizeof *m);
    int dim = e->dim;
    int end = (ev->dir ? ev->row : ev->col) + ev->len;
    if (end > dim)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "%s: the word runs off the board", ev->coord);
    m->row = (uint8_t)ev->row;
    m->col = (uint8_t)ev->col;
    m->dir = (uint8_t)ev->dir;
    m->len = (uint8_t)ev->len;
    for (int i = 0; i < ev->len; i++) {
        int r = ev->row + (ev->dir ? i : 0), c = ev->col + (ev->dir ? 0 : i);
        uint8_t sq = b->sq[r * dim + c];
        if (ev->word[i] == 0) {
            if (!sq)
                return tk_error_set(err, TK_EFORMAT, 0, 0, "%s: '.' at an empty square", ev->coord);
            m->word[i] = sq | SK_ONBOARD;
        } else if (sq) {
            /* A letter written over a board tile: accepted if it is the same letter. */
            if ((sq & SK_LETTER) != (ev->word[i] & SK_LETTER))
                return tk_error_set(err, TK_EFORMAT, 0, 0, "%s: square %d of the word is taken", ev->coord, i + 1);
            m->word[i] = sq | SK_ONBOARD;
        } else {
            m->word[i] = ev->word[i];
            m->ntiles++;
        }
    }
    return TK_OK;
}
