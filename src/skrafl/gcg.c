/* gcg.c - reading GCG game files (the text format Scrabble programs share)
 * and judging their placements by the rules.
 *
 * A GCG file is a sequence of lines: pragmas (`#player1 NICK Full Name`,
 * `#player2 ...`, `#lexicon NAME`, `#title`, `#description`, `#id`,
 * `#rack1`/`#rack2`, `#incomplete`, `#note`, `#character-encoding`; others
 * ignored), events (one a line) and free text (the continuation of a note):
 *
 *   >NICK: RACK COORD WORD +SCORE TOTAL [NOTE]  tiles placed
 *   >NICK: RACK -TILES +0 TOTAL              exchange (or -N: N tiles, unnamed)
 *   >NICK: RACK - +0 TOTAL                   pass
 *   >NICK: RACK -- -SCORE TOTAL              the previous play was withdrawn (phony);
 *                                            older files write -- +0 with the total before it
 *   >NICK: [RACK] (challenge) +SCORE TOTAL   challenge bonus
 *   >NICK: [RACK] (time) -SCORE TOTAL        time penalty
 *   >NICK: (RACK) +SCORE TOTAL               end of game: the opponent's tiles (2x, or 1x
 *                                            when the opponent's line books -x)
 *   >NICK: RACK (RACK) -SCORE TOTAL          end of game: the own tiles lost
 *
 * Reading an event: after "NICK:", the first field is the rack unless it
 * starts with '(' or '-' (no rack shown); the next field decides the shape
 * ("(...)" and "-..." are one field, anything else is COORD WORD); then the
 * signed score and the total; whatever follows is a note (Quackle writes the
 * cross-words there).  Text is first made UTF-8 (see skgame.h).
 *
 * The parser is line-oriented and forgiving: a line it cannot read is
 * reported through the caller's callback with its line number and skipped,
 * so the rest of the game can still be annotated.  Only what makes the whole
 * file meaningless (binary data: a NUL byte, or control bytes making 0.5%
 * of the text; a third player; another alphabet) refuses it, once.
 * Letters are read with the engine's alphabet (multi-character tiles, in
 * brackets or not; upper case a tile, lower case a blank).
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

static int is_sp(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

static int split(const char *s, size_t n, tok *t, int max)
{
    int k = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && is_sp(s[i]))
            i++;
        if (i >= n)
            break;
        size_t b = i;
        while (i < n && !is_sp(s[i]))
            i++;
        if (k < max) {
            t[k].s = s + b;
            t[k].n = i - b;
        }
        k++;
    }
    return k;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static int tok_ieq(tok t, const char *w)
{
    size_t n = strlen(w);
    if (t.n != n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (lower((unsigned char)t.s[i]) != lower((unsigned char)w[i]))
            return 0;
    return 1;
}

/* A signed integer: +N, -N or N (sign: 1 if a sign was written). */
static int parse_int(tok t, int *v, int *sign)
{
    size_t i = 0;
    int neg = 0;
    long x = 0;
    *sign = 0;
    if (i < t.n && (t.s[i] == '+' || t.s[i] == '-')) {
        neg = t.s[i++] == '-';
        *sign = 1;
    }
    if (i == t.n)
        return -1;
    for (; i < t.n; i++) {
        if (t.s[i] < '0' || t.s[i] > '9')
            return -1;
        x = x * 10 + (t.s[i] - '0');
        if (x > 1000000)
            return -1;
    }
    *v = (int)(neg ? -x : x);
    return 0;
}

/* A character outside the alphabet that is a letter of some other script
 * (any non-ASCII character): the game is in another language. */
typedef struct pctx {
    sk_gcg *g;
    const sk_engine *e;
    int foreign;               /* set when a non-ASCII character is not a letter of the alphabet */
    char foreign_ch[8];
    /* nicknames: an alias (the one unknown nickname of a first pass, taken as
     * the declared player who has no event under the own nickname) */
    char alias[64];
    int alias_to;
    char unknown[64];          /* the first nickname that matches no player */
    int unknowns;              /* distinct unknown nicknames (counted to 2) */
    int seen[2];               /* events kept per player */
    int declared;              /* both #player1 and #player2 lines */
} pctx;

static void note_foreign(pctx *P, const char *s, size_t n)
{
    if (P->foreign || n == 0 || (unsigned char)s[0] < 0x80)
        return;
    size_t k = 1;
    while (k < n && k < 4 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k++;
    memcpy(P->foreign_ch, s, k);
    P->foreign_ch[k] = 0;
    P->foreign = 1;
}

static int parse_rack(pctx *P, tok t, sk_rack *r, tk_error *err)
{
    char q[48];
    tk_error why = {0};
    if (sk_rack_parse(r, P->e, t.s, t.n, &why)) {
        for (size_t i = 0; i < t.n; i++) {
            int letter, upper;
            if ((unsigned char)t.s[i] >= 0x80 && alpha_match(&P->e->alpha, t.s + i, t.n - i, &letter, &upper) <= 0) {
                note_foreign(P, t.s + i, t.n - i);
                break;
            }
        }
        return tk_error_set(err, TK_EFORMAT, 0, 0, "rack '%s': %s", alpha_quote(t.s, t.n, 32, q, sizeof q), why.msg);
    }
    return 0;
}

/* The word of a move: letters (upper a tile, lower a blank), '.' and
 * letters in parentheses for squares already covered. */
static int parse_word(pctx *P, tok t, sk_gcg_event *ev, tk_error *err)
{
    const sk_engine *e = P->e;
    int paren = 0;
    ev->len = 0;
    for (size_t i = 0; i < t.n;) {
        if (t.s[i] == '(' && !paren) {
            paren = 1;
            i++;
            continue;
        }
        if (t.s[i] == ')' && paren) {
            paren = 0;
            i++;
            continue;
        }
        if (ev->len >= SK_MAX_DIM)
            return tk_error_set(err, TK_EFORMAT, 0, 0, "word longer than the board");
        if (t.s[i] == '.' && !paren) {
            ev->word[ev->len++] = 0;
            i++;
            continue;
        }
        int letter = 0, upper = 0;
        int k = alpha_match(&e->alpha, t.s + i, t.n - i, &letter, &upper);
        if (k <= 0) {
            char q[48];
            note_foreign(P, t.s + i, t.n - i);
            return tk_error_set(err, TK_EFORMAT, 0, 0,
                                "word '%s': byte %zu is not a letter of the alphabet (or '.')",
                                alpha_quote(t.s, t.n, 32, q, sizeof q), i + 1);
        }
        ev->word[ev->len++] = (uint8_t)(letter | (paren ? SK_ONBOARD : upper ? 0 : SK_BLANK));
        i += (size_t)k;
    }
    if (paren)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "word '%.*s': unbalanced parenthesis", (int)(t.n > 40 ? 40 : t.n), t.s);
    if (ev->len < 1)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "empty word");
    return 0;
}

/* ---- notes ---------------------------------------------------------------------------------- */

static int note_add(sk_gcg *g, uint32_t *off, uint32_t *len, const char *s, size_t n, int newline)
{
    if (n == 0)
        return 0;
    if (g->notes_len + n + 2 > (size_t)1 << 30)
        return 0;                              /* notes beyond 1 GiB are dropped */
    if (g->notes_len + n + 2 > g->notes_cap) {
        size_t cap = g->notes_cap ? g->notes_cap : 1024;
        while (cap < g->notes_len + n + 2)
            cap *= 2;
        char *p = realloc(g->notes, cap);
        if (!p)
            return TK_ENOMEM;
        g->notes = p;
        g->notes_cap = cap;
    }
    if (*len == 0) {
        /* a new note starts at the end of the pool; an existing one is extended (it is the last) */
        *off = (uint32_t)g->notes_len;
    } else if (newline) {
        g->notes[g->notes_len++] = '\n';
        (*len)++;
    } else {
        g->notes[g->notes_len++] = ' ';
        (*len)++;
    }
    memcpy(g->notes + g->notes_len, s, n);
    g->notes_len += n;
    g->notes[g->notes_len] = 0;
    *len += (uint32_t)n;
    return 0;
}

/* The note of the current event, or the game's note before the first. */
static int note_current(sk_gcg *g, const char *s, size_t n, int newline)
{
    if (g->nevents > 0) {
        sk_gcg_event *ev = &g->ev[g->nevents - 1];
        return note_add(g, &ev->note_off, &ev->note_len, s, n, newline);
    }
    return note_add(g, &g->game_note_off, &g->game_note_len, s, n, newline);
}

/* ---- players --------------------------------------------------------------------------------- */

static int nick_is(const char *nick, tok t, int fold)
{
    size_t n = strlen(nick);
    if (n != t.n || n == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        int a = (unsigned char)nick[i], b = (unsigned char)t.s[i];
        if (fold ? lower(a) != lower(b) : a != b)
            return 0;
    }
    return 1;
}

static int same_ascii_fold(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
            return 0;
    return 1;
}

/* Player of an event: -1 a new nickname beyond two (third player), -2 no
 * room for the nickname. */
static int find_player(sk_gcg *g, tok nick)
{
    for (int fold = 0; fold < 2; fold++)
        for (int p = 0; p < 2; p++)
            if (nick_is(g->nick[p], nick, fold))
                return p;
    /* a nickname that is a declared player's full name, or its first word */
    for (int p = 0; p < 2; p++) {
        const char *nm = g->name[p];
        size_t first = strcspn(nm, " ");
        if (g->nick[p][0] && (nick_is(nm, nick, 1) || (first == nick.n && first > 0 &&
                                                        same_ascii_fold(nm, nick.s, first))))
            return p;
    }
    for (int p = 0; p < 2; p++)
        if (!g->nick[p][0]) {
            if (nick.n >= sizeof g->nick[p])
                return -2;
            memcpy(g->nick[p], nick.s, nick.n);
            g->nick[p][nick.n] = 0;
            return p;
        }
    return -1;
}

/* ---- pragmas ---------------------------------------------------------------------------------- */

/* s[0..n) without its leading blanks into out, runs of blanks made one
 * space, cut at cap (never inside a UTF-8 sequence). */
static void copy_rest(char *out, size_t cap, const char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 1 < cap; i++) {
        if (is_sp(s[i])) {
            if (o && out[o - 1] != ' ')
                out[o++] = ' ';
            continue;
        }
        out[o++] = s[i];
    }
    while (o && out[o - 1] == ' ')
        o--;
    if (o + 1 >= cap)
        while (o && ((unsigned char)out[o - 1] & 0xC0) == 0x80)
            o--;
    /* a cut sequence: drop its lead byte too */
    if (o + 1 >= cap && o && ((unsigned char)out[o - 1] & 0xC0) == 0xC0)
        o--;
    out[o] = 0;
}

typedef struct pstate {
    int in_note;               /* the last line was a note (free lines continue it) */
    int declared[5];           /* #player1..#player4 seen */
    int last_mover;            /* clash: the player of the last placement/exchange/pass */
    int next;                  /* clash: who moves next */
    int totals[2];             /* clash: the last total given for each player */
} pstate;

static int pragma(pctx *P, pstate *ps, const char *s, size_t n, long line, tk_error *err)
{
    sk_gcg *g = P->g;
    tok t[4];
    int k = split(s, n, t, 4);
    if (k < 1)
        return 0;
    tok key = t[0];
    const char *rest = key.s + key.n;
    size_t rn = n - (size_t)(rest - s);
    ps->in_note = 0;
    if (key.n == 8 && tok_ieq((tok){ key.s, 7 }, "#player") && key.s[7] >= '1' && key.s[7] <= '9') {
        int p = key.s[7] - '1';
        if (p >= 2)
            return tk_error_set(err, TK_EFORMAT, line, 0,
                                "#player%d: a game of more than two players (skrafl reviews two-player games)", p + 1);
        ps->declared[p] = 1;
        if (k < 2)
            return 0;
        tok nick = t[1];
        if (nick.n >= sizeof g->nick[p])
            nick.n = sizeof g->nick[p] - 1;
        memcpy(g->nick[p], nick.s, nick.n);
        g->nick[p][nick.n] = 0;
        const char *nr = t[1].s + t[1].n;
        copy_rest(g->name[p], sizeof g->name[p], nr, n - (size_t)(nr - s));
        if (g->nick[0][0] && g->nick[1][0] && strcmp(g->nick[0], g->nick[1]) == 0)
            g->clash = 1;
        return 0;
    }
    if (tok_ieq(key, "#lexicon")) {
        if (k >= 2)
            copy_rest(g->lexicon, sizeof g->lexicon, t[1].s, t[1].n);
    } else if (tok_ieq(key, "#title")) {
        copy_rest(g->title, sizeof g->title, rest, rn);
    } else if (tok_ieq(key, "#description")) {
        copy_rest(g->description, sizeof g->description, rest, rn);
    } else if (tok_ieq(key, "#id")) {
        copy_rest(g->id, sizeof g->id, rest, rn);
    } else if (tok_ieq(key, "#incomplete")) {
        g->incomplete = 1;
    } else if (tok_ieq(key, "#rack1") || tok_ieq(key, "#rack2")) {
        int p = key.s[5] - '1';
        if (k >= 2) {
            tk_error e2 = {0};
            int f0 = P->foreign;
            if (parse_rack(P, t[1], &g->final_rack[p], &e2) == 0)
                g->has_final[p] = 1;
            P->foreign = f0;
        }
    } else if (tok_ieq(key, "#note")) {
        while (rn && is_sp(*rest))
            rest++, rn--;
        static const char *const keys[] = { "Variant:", "LetterDistribution:", "BoardLayout:" };
        char *const vals[] = { g->variant, g->distribution, g->layout };
        for (int i = 0; i < 3 && g->nevents == 0; i++) {
            size_t kl = strlen(keys[i]);
            if (rn > kl && tok_ieq((tok){ rest, kl }, keys[i]))
                copy_rest(vals[i], sizeof g->variant, rest + kl, rn - kl);
        }
        ps->in_note = 1;
        return note_current(g, rest, rn, 1);
    }
    return 0;
}

/* ---- events ----------------------------------------------------------------------------------- */

/* The player of an event: its nickname (or the alias) among the two; an
 * unknown nickname is remembered for the message that may follow. */
static int event_player(pctx *P, const char *s, const char *colon, sk_gcg_event *ev, tk_error *err)
{
    sk_gcg *g = P->g;
    tok nick = { s, (size_t)(colon - s) };
    while (nick.n && is_sp(nick.s[nick.n - 1]))
        nick.n--;
    while (nick.n && is_sp(nick.s[0]))
        nick.s++, nick.n--;
    if (!nick.n)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "empty player name");
    if (P->alias[0] && nick_is(P->alias, nick, 0))
        ev->player = P->alias_to;
    else
        ev->player = find_player(g, nick);
    if (ev->player == -1 && nick.n < sizeof P->unknown) {
        if (!P->unknown[0]) {
            memcpy(P->unknown, nick.s, nick.n);
            P->unknown[nick.n] = 0;
            P->unknowns = 1;
        } else if (!nick_is(P->unknown, nick, 0)) {
            P->unknowns = 2;
        }
    }
    if (ev->player < 0) {
        char q[48];
        if (ev->player == -2)
            return tk_error_set(err, TK_EFORMAT, 0, 0, "player name longer than 63 bytes");
        return tk_error_set(err, TK_EFORMAT, 0, 0, "a third player '%s' (the players are %s and %s)",
                            alpha_quote(nick.s, nick.n, 32, q, sizeof q), g->nick[0], g->nick[1]);
    }
    return 0;
}

/* A play in parentheses: (challenge), (time), an end rack (RACK), or
 * another mark, kept as it is in coord. */
static int event_paren(pctx *P, tok p, int own, sk_gcg_event *ev, tk_error *err)
{
    if (p.n < 3 || p.s[p.n - 1] != ')')
        return tk_error_set(err, TK_EFORMAT, 0, 0, "unbalanced parenthesis in '%.*s'", (int)(p.n > 40 ? 40 : p.n), p.s);
    tok in = { p.s + 1, p.n - 2 };
    if (tok_ieq(in, "challenge")) {
        ev->kind = SK_GCG_CHALLENGE;
        return 0;
    }
    if (tok_ieq(in, "time")) {
        ev->kind = SK_GCG_TIME;
        return 0;
    }
    tk_error e2 = {0};
    int f0 = P->foreign;
    if (parse_rack(P, in, &ev->rack, &e2) == 0) {
        ev->kind = SK_GCG_ENDRACK;
        ev->own = own;
    } else if (P->foreign && !f0) {
        return tk_error_set(err, TK_EFORMAT, 0, 0, "%s", e2.msg);
    } else {
        ev->kind = SK_GCG_OTHER;       /* the mark kept (cut) in coord */
        size_t n = p.n < sizeof ev->coord ? p.n : sizeof ev->coord - 1;
        memcpy(ev->coord, p.s, n);
        ev->coord[n] = 0;
    }
    return 0;
}

/* A play after '-': a pass ("-", "-0"), an exchange of N tiles or of the
 * tiles named, a withdrawn play ("--"). */
static int event_dash(pctx *P, tok p, sk_gcg_event *ev, tk_error *err)
{
    tok x = { p.s + 1, p.n - 1 };
    int num, sg;
    if (p.n >= 2 && p.s[1] == '-') {
        ev->kind = SK_GCG_WITHDRAWN;
    } else if (x.n == 0) {
        ev->kind = SK_GCG_PASS;
    } else if (parse_int(x, &num, &sg) == 0 && !sg) {
        if (num > SK_RACK_MAX)
            return tk_error_set(err, TK_EFORMAT, 0, 0, "exchange of %d tiles", num);
        ev->kind = num == 0 ? SK_GCG_PASS : SK_GCG_EXCHANGE;
        ev->nx = num;
    } else {
        ev->kind = SK_GCG_EXCHANGE;
        if (parse_rack(P, x, &ev->xrack, err))
            return TK_EFORMAT;
        ev->nx = ev->xrack.n;
    }
    return 0;
}

/* SCORE and TOTAL from field `used` on; either may be missing (hand-written
 * files): what follows is a note.  Returns the first field not read, or -1. */
static int event_scores(const tok *t, int k, int used, sk_gcg_event *ev, tk_error *err)
{
    int sg;
    ev->no_score = ev->no_total = 1;
    for (int f = 0; f < 2 && used < k; f++) {
        tok tn = t[used];
        int numeric = tn.s[0] == '+' || tn.s[0] == '-' || (tn.s[0] >= '0' && tn.s[0] <= '9');
        if (!numeric)
            break;
        if (parse_int(tn, f ? &ev->total : &ev->score, &sg)) {
            tk_error_set(err, TK_EFORMAT, 0, 0, f ? "bad cumulative score '%.*s'" : "bad score '%.*s' (+N or -N)",
                         (int)(tn.n > 20 ? 20 : tn.n), tn.s);
            return -1;
        }
        if (f)
            ev->no_total = 0;
        else
            ev->no_score = 0;
        used++;
    }
    return used;
}

/* The rack shown before the play.  One that cannot be read is a soft
 * problem: the event is kept without it (unless it is the file's first
 * foreign letter, a hard one). */
static int event_rack(pctx *P, tok r, sk_gcg_event *ev, tk_error *err, tk_error *soft)
{
    int f0 = P->foreign;
    if (parse_rack(P, r, &ev->rack, soft) == 0) {
        ev->has_rack = 1;
        return 0;
    }
    if (P->foreign && !f0) {
        *err = *soft;
        return TK_EFORMAT;
    }
    memset(&ev->rack, 0, sizeof ev->rack);
    return 0;
}

/* A tile play: COORD (letters upper-cased on boards of 26 or fewer) WORD. */
static int event_move(pctx *P, tok c, tok word, sk_gcg_event *ev, tk_error *err)
{
    char co[16];
    if (c.n >= sizeof co)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "bad coordinate '%.*s'", (int)(c.n > 20 ? 20 : c.n), c.s);
    for (size_t j = 0; j < c.n; j++)
        co[j] = P->e->dim <= 26 && c.s[j] >= 'a' && c.s[j] <= 'z' ? (char)(c.s[j] - 32) : c.s[j];
    co[c.n] = 0;
    tk_error cerr;
    if (sk_coord_parse(co, P->e->dim, &ev->row, &ev->col, &ev->dir, &cerr))
        return tk_error_set(err, TK_EFORMAT, 0, 0, "bad coordinate '%s': %s", co, cerr.msg);
    snprintf(ev->coord, sizeof ev->coord, "%s", co);
    return parse_word(P, word, ev, err) ? TK_EFORMAT : 0;
}

/* Parse an event line (after '>'): NICK: [RACK] PLAY [SCORE [TOTAL]] [note].
 * A rack that cannot be read is a soft problem (*soft set): the event is
 * kept without its rack, so its tiles still reach the board. */
static int event(pctx *P, pstate *ps, const char *s, size_t n, sk_gcg_event *ev, tk_error *err, tk_error *soft)
{
    memset(ev, 0, sizeof *ev);
    const char *colon = memchr(s, ':', n);
    if (!colon)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "event without 'NICK:'");
    if (event_player(P, s, colon, ev, err))
        return TK_EFORMAT;
    tok t[8];
    const char *body = colon + 1;
    int k = split(body, n - (size_t)(body - s), t, 8);
    if (k < 2)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "expected RACK PLAY SCORE TOTAL, got %d field%s", k, k == 1 ? "" : "s");
    int i = 0, rack_at = -1, digit = 0;
    for (size_t j = 0; j < t[0].n; j++)
        digit |= t[0].s[j] >= '0' && t[0].s[j] <= '9';
    /* no rack shown: the play comes first ("(...)", "-...", or a coordinate: racks hold no digit) */
    if (t[0].s[0] != '(' && t[0].s[0] != '-' && !(digit && k >= 4))
        rack_at = i++;
    if (i >= k)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "no play after the rack");
    int shape = t[i].s[0] == '(' || t[i].s[0] == '-' ? 1 : 2;   /* 1: one field; 2: COORD WORD */
    if (t[i].s[0] == '(' ? event_paren(P, t[i], rack_at >= 0, ev, err)
                         : t[i].s[0] == '-' ? event_dash(P, t[i], ev, err) : 0)
        return TK_EFORMAT;
    if (shape == 2)
        ev->kind = SK_GCG_MOVE;
    if (i + shape > k)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "expected RACK COORD WORD SCORE TOTAL, got %d field%s", k,
                            k == 1 ? "" : "s");
    int used = event_scores(t, k, i + shape, ev, err);
    if (used < 0)
        return TK_EFORMAT;
    if (rack_at >= 0 && event_rack(P, t[rack_at], ev, err, soft))
        return TK_EFORMAT;
    if (shape == 2 && event_move(P, t[i], t[i + 1], ev, err))
        return TK_EFORMAT;
    /* the trailing text: a note (Quackle's cross-words), stored once the event is kept (see sk_gcg_parse) */
    if (k > used) {
        ps->in_note = 0;
        ev->note_off = (uint32_t)(t[used].s - s);
        ev->note_len = (uint32_t)(n - ev->note_off);
    }
    return 0;
}

/* Clashing nicknames: which of the two players is this event?  Turn order
 * for turns, the last mover for what follows a play, the cumulative totals
 * where they tell. */
static void clash_player(pstate *ps, sk_gcg_event *ev)
{
    int fits[2];
    for (int p = 0; p < 2; p++)
        fits[p] = ps->totals[p] + ev->score == ev->total;
    int p;
    switch (ev->kind) {
    case SK_GCG_MOVE: case SK_GCG_EXCHANGE: case SK_GCG_PASS:
        p = ps->next;
        if (!fits[p] && fits[!p])
            p = !p;
        ps->last_mover = p;
        ps->next = !p;
        break;
    case SK_GCG_WITHDRAWN:
        p = ps->last_mover;
        break;
    default:
        p = fits[ps->last_mover] || !fits[!ps->last_mover] ? ps->last_mover : !ps->last_mover;
        if (ev->kind == SK_GCG_ENDRACK && ev->own && !(fits[p] && !fits[!p]))
            p = fits[!ps->last_mover] ? !ps->last_mover : ps->last_mover;
    }
    ev->player = p;
    ev->guessed = 1;
    ps->totals[p] = ev->total;
}

/* ---- text encoding --------------------------------------------------------------------------- */

static int declared_encoding(const char *text, size_t len)
{
    size_t i = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;     /* a byte-order mark */
    while (i < len) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t e = nl ? (size_t)(nl - text) : len;
        const char *s = text + i;
        size_t n = e - i;
        i = e + 1;
        while (n && is_sp(*s))
            s++, n--;
        if (n && *s == '>')
            break;                    /* pragmas come before the events */
        static const char key[] = "#character-encoding";
        if (n > sizeof key - 1 && memcmp(s, key, sizeof key - 1) == 0) {
            tok t[2];
            if (split(s, n, t, 2) == 2) {
                if (tok_ieq(t[1], "utf-8") || tok_ieq(t[1], "utf8"))
                    return SK_GCG_ENC_UTF8;
                if (tok_ieq(t[1], "iso-8859-1") || tok_ieq(t[1], "iso8859-1") || tok_ieq(t[1], "latin1") ||
                    tok_ieq(t[1], "latin-1") || tok_ieq(t[1], "iso_8859-1") || tok_ieq(t[1], "windows-1252") ||
                    tok_ieq(t[1], "cp1252"))
                    return SK_GCG_ENC_LATIN1;
            }
        }
    }
    return SK_GCG_ENC_DEFAULT;
}

/* Bytes 0x80-0x9F of ISO-8859-1 are control characters no game record
 * means: files written on Windows carry Windows-1252 there (quotes, dashes),
 * so those become the Windows-1252 characters (0: none, kept as they are). */
static const uint16_t cp1252[32] = {
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

/* UTF-8 text of the file (malloc'ed; NULL when out of memory). */
static char *to_utf8(const char *text, size_t len, int enc, size_t *out_len, long *converted)
{
    char *o = malloc(3 * len + 1);      /* a byte becomes at most 3 (U+20AC) */
    if (!o)
        return NULL;
    size_t n = 0;
    long conv = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)text[i];
        if (c < 0x80) {
            o[n++] = (char)c;
            i++;
            continue;
        }
        size_t k = 0;
        if (enc != SK_GCG_ENC_LATIN1) {
            uint32_t cp;
            int m = alpha_utf8_decode(text + i, len - i, &cp);
            k = m > 0 ? (size_t)m : 0;
        }
        if (k > 0 && enc != SK_GCG_ENC_LATIN1) {
            memcpy(o + n, text + i, k);
            n += k;
            i += k;
            continue;
        }
        uint32_t cp = c >= 0x80 && c < 0xA0 && cp1252[c - 0x80] ? cp1252[c - 0x80] : c;
        n += (size_t)alpha_utf8_encode(cp, o + n);
        conv++;
        i++;
    }
    o[n] = 0;
    *out_len = n;
    *converted = conv;
    return o;
}

/* ---- the parser ------------------------------------------------------------------------------- */

static int grow(sk_gcg *g)
{
    if (g->nevents < g->cap)
        return 0;
    int cap = g->cap ? g->cap * 2 : 64;
    sk_gcg_event *ev = realloc(g->ev, (size_t)cap * sizeof *ev);
    if (!ev)
        return TK_ENOMEM;
    g->ev = ev;
    g->cap = cap;
    return 0;
}

static void problem(sk_gcg *g, tk_error *le, long line, sk_gcg_errfn errfn, void *ctx)
{
    le->line = line;
    if (!g->nerrors++)
        g->first_err = *le;
    if (errfn)
        errfn(ctx, le);
}

static int parse_lines(sk_gcg *g, pctx *Pp, const char *text, size_t len, sk_gcg_errfn errfn, void *ctx,
                       tk_error *err)
{
#define P (*Pp)
    pstate ps;
    memset(&ps, 0, sizeof ps);
    long line = 0;
    size_t i = 0;
    while (i < len) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t e_ = nl ? (size_t)(nl - text) : len;
        const char *s = text + i;
        size_t n = e_ - i;
        line++;
        i = e_ + 1;
        if (n > SK_GCG_LINE_MAX) {
            tk_error le = {0};
            tk_error_set(&le, TK_ELIMIT, 0, 0, "a line of %zu bytes (at most %d): skipped", n, SK_GCG_LINE_MAX);
            problem(g, &le, line, errfn, ctx);
            ps.in_note = 0;
            continue;
        }
        while (n && is_sp(s[n - 1]))
            n--;
        if (line == 1 && n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
            s += 3, n -= 3;             /* a byte-order mark */
        size_t b = 0;
        while (b < n && is_sp(s[b]))
            b++;
        if (b == n) {
            continue;                   /* blank lines do not end a note */
        }
        if (s[b] == '#') {
            tk_error le = {0};
            int rc = pragma(&P, &ps, s + b, n - b, line, &le);
            if (rc == TK_ENOMEM)
                return tk_error_set(err, TK_ENOMEM, line, 0, "out of memory");
            if (rc) {
                *err = le;
                g->refused = 1;
                return TK_EFORMAT;
            }
            continue;
        }
        if (s[b] != '>') {
            /* free text: the continuation of a note (or a stray comment, kept as one) */
            if (note_current(g, s, n, 1))
                return tk_error_set(err, TK_ENOMEM, line, 0, "out of memory");
            continue;
        }
        ps.in_note = 0;
        if (grow(g))
            return tk_error_set(err, TK_ENOMEM, line, 0, "out of memory");
        tk_error le = {0}, soft = {0};
        sk_gcg_event *ev = &g->ev[g->nevents];
        int f0 = P.foreign;
        if (event(&P, &ps, s + b + 1, n - b - 1, ev, &le, &soft)) {
            if (P.foreign && !f0) {
                g->refused = 1;
                return tk_error_set(err, TK_EFORMAT, line, 0,
                                    "'%s' is not a letter of this alphabet: a game in another language%s%s%s "
                                    "(not reviewed)", P.foreign_ch, g->lexicon[0] ? " (lexicon " : "", g->lexicon,
                                    g->lexicon[0] ? ")" : "");
            }
            if (strncmp(le.msg, "a third player", 14) == 0 && !ps.declared[0] && !ps.declared[1]) {
                g->refused = 1;
                size_t m = strlen(le.msg);
                const char *paren = strstr(le.msg, " (the players");
                return tk_error_set(err, TK_EFORMAT, line, 0,
                                    "%.*s: a game of more than two players (skrafl reviews two-player games)",
                                    (int)(paren ? (size_t)(paren - le.msg) : m), le.msg);
            }
            problem(g, &le, line, errfn, ctx);
            continue;
        }
        ev->line = line;
        P.seen[ev->player]++;
        if (soft.code) {
            sk_gcg_event keep = *ev;
            problem(g, &soft, line, errfn, ctx);
            *ev = keep;
        }
        if (g->clash)
            clash_player(&ps, ev);
        uint32_t nlen = ev->note_len, noff = ev->note_off;
        ev->note_len = ev->note_off = 0;
        g->nevents++;
        if (nlen && note_add(g, &ev->note_off, &ev->note_len, s + b + 1 + noff, nlen, 0))
            return tk_error_set(err, TK_ENOMEM, line, 0, "out of memory");
    }
    P.declared = ps.declared[0] && ps.declared[1];
    if (!g->nick[0][0])
        return tk_error_set(err, TK_EFORMAT, line > 0 ? 1 : 0, 0,
                            "no player found (no #player lines, no >NICK: events): not a GCG file");
    return TK_OK;
#undef P
}

int sk_gcg_parse(sk_gcg *g, const sk_engine *e, const char *text, size_t len,
                 sk_gcg_errfn errfn, void *ctx, tk_error *err)
{
    memset(g, 0, sizeof *g);
    const char *nul = memchr(text, 0, len);
    if (nul) {
        long line = 1;
        for (const char *q = text; q < nul; q++)
            line += *q == '\n';
        g->refused = 1;
        return tk_error_set(err, TK_EFORMAT, line, 0, "binary data (a NUL byte): not a GCG file");
    }
    /* control bytes (not tab, CR, LF, VT, FF) in number: binary data too */
    size_t ctl = 0, first = len;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f') || c == 0x7F) {
            if (!ctl++)
                first = i;
        }
    }
    if (ctl >= 8 && ctl * 200 >= len) {
        long line = 1;
        for (size_t i = 0; i < first; i++)
            line += text[i] == '\n';
        g->refused = 1;
        return tk_error_set(err, TK_EFORMAT, line, 0, "binary data (%zu control bytes): not a GCG file", ctl);
    }
    g->encoding = declared_encoding(text, len);
    size_t ulen;
    char *u = to_utf8(text, len, g->encoding, &ulen, &g->latin1);
    if (!u)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    /* A first pass, silent, finds whether one nickname matches no declared
     * player while one declared player never appears: then the second pass
     * takes that nickname as that player (g->alias says so). */
    pctx P = { .g = g, .e = e };
    int rc = parse_lines(g, &P, u, ulen, NULL, NULL, err);
    int enc = g->encoding;
    long latin1 = g->latin1;
    int to = P.seen[0] == 0 ? 0 : 1;
    int alias = rc == TK_OK && P.declared && P.unknowns == 1 && (P.seen[0] == 0) != (P.seen[1] == 0) && !g->clash;
    char name[64];
    snprintf(name, sizeof name, "%s", P.unknown);
    if (rc != TK_ENOMEM) {
        sk_gcg_free(g);
        memset(g, 0, sizeof *g);
        g->encoding = enc;
        g->latin1 = latin1;
        memset(&P, 0, sizeof P);
        P.g = g;
        P.e = e;
        if (alias) {
            snprintf(P.alias, sizeof P.alias, "%s", name);
            P.alias_to = to;
            snprintf(g->alias, sizeof g->alias, "%s", name);
            g->alias_player = to;
        }
        rc = parse_lines(g, &P, u, ulen, errfn, ctx, err);
    }
    free(u);
    return rc;
}

void sk_gcg_free(sk_gcg *g)
{
    if (!g)
        return;
    free(g->ev);
    free(g->notes);
    g->ev = NULL;
    g->notes = NULL;
    g->nevents = g->cap = 0;
    g->notes_len = g->notes_cap = 0;
}

int sk_gcg_event_move(const sk_engine *e, const sk_board *b, const sk_gcg_event *ev, sk_move *m,
                      tk_error *err)
{
    memset(m, 0, sizeof *m);
    int dim = e->dim;
    int end = (ev->dir ? ev->row : ev->col) + ev->len;
    if (end > dim)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "%s: the word (%d letters) runs off the board", ev->coord,
                            ev->len);
    m->row = (uint8_t)ev->row;
    m->col = (uint8_t)ev->col;
    m->dir = (uint8_t)ev->dir;
    m->len = (uint8_t)ev->len;
    for (int i = 0; i < ev->len; i++) {
        int r = ev->row + (ev->dir ? i : 0), c = ev->col + (ev->dir ? 0 : i);
        uint8_t sq = b->sq[r * dim + c];
        uint8_t w = ev->word[i];
        if (w == 0 || (w & SK_ONBOARD)) {
            if (!sq)
                return tk_error_set(err, TK_EFORMAT, 0, 0, "%s: letter %d of the word is played through an empty square",
                                    ev->coord, i + 1);
            if ((w & SK_ONBOARD) && (sq & SK_LETTER) != (w & SK_LETTER))
                return tk_error_set(err, TK_EFORMAT, 0, 0, "%s: letter %d of the word is not the tile on the board",
                                    ev->coord, i + 1);
            m->word[i] = sq | SK_ONBOARD;
        } else if (sq) {
            /* A letter written over a board tile: the tile played through (Quackle writes them so). */
            if ((sq & SK_LETTER) != (w & SK_LETTER))
                return tk_error_set(err, TK_EFORMAT, 0, 0, "%s: square %d of the word is taken by another letter",
                                    ev->coord, i + 1);
            m->word[i] = sq | SK_ONBOARD;
        } else {
            m->word[i] = w;
            m->ntiles++;
        }
    }
    return TK_OK;
}

/* ---- judging a placement ------------------------------------------------------------------------ */

static uint8_t at(const sk_board *b, int r, int c)
{
    if (r < 0 || c < 0 || r >= b->dim || c >= b->dim)
        return 0;
    return b->sq[r * b->dim + c];
}

/* A square, named column first ("H8"). */
static void coord_text(int r, int c, char *out, size_t cap)
{
    sk_coord_format(r, c, 1, out, cap);
}

/* A word written short of the tiles it runs into: the word formed takes
 * them in (*extended set). */
static void judge_take_in(const sk_board *b, sk_move *m, int *extended)
{
    int dr = m->dir ? 1 : 0, dc = m->dir ? 0 : 1;
    while (at(b, m->row - dr, m->col - dc)) {
        memmove(m->word + 1, m->word, m->len);
        m->row = (uint8_t)(m->row - dr);
        m->col = (uint8_t)(m->col - dc);
        m->word[0] = (uint8_t)(at(b, m->row, m->col) | SK_ONBOARD);
        m->len++;
        *extended = 1;
    }
    while (at(b, m->row + dr * m->len, m->col + dc * m->len)) {
        m->word[m->len] = (uint8_t)(at(b, m->row + dr * m->len, m->col + dc * m->len) | SK_ONBOARD);
        m->len++;
        *extended = 1;
    }
}

/* A one-tile play written as a one-letter word: its word runs the other way. */
static void judge_turn_single(const sk_board *b, sk_move *m)
{
    if (m->len != 1 || m->ntiles != 1)
        return;
    int r = m->row, c = m->col, r0 = r, c0 = c, r1 = r, c1 = c;
    if (m->dir == 0) {
        while (at(b, r0 - 1, c))
            r0--;
        while (at(b, r1 + 1, c))
            r1++;
    } else {
        while (at(b, r, c0 - 1))
            c0--;
        while (at(b, r, c1 + 1))
            c1++;
    }
    if (r1 == r0 && c1 == c0)
        return;
    uint8_t t = m->word[0];
    m->dir = (uint8_t)!m->dir;
    m->row = (uint8_t)r0;
    m->col = (uint8_t)c0;
    m->len = (uint8_t)(r1 - r0 + c1 - c0 + 1);
    for (int i = 0; i < m->len; i++) {
        int rr = r0 + (m->dir ? i : 0), cc = c0 + (m->dir ? 0 : i);
        m->word[i] = rr == r && cc == c ? t : (uint8_t)(at(b, rr, cc) | SK_ONBOARD);
    }
}

/* Is the play placed as the rules ask: some tile placed, connected to the
 * board or covering the start square, no more tiles than a rack holds?
 * Else out->placed_ok is cleared and out->why says why. */
static void judge_placement(const sk_engine *e, const sk_board *b, const sk_move *m, sk_gcg_play *out)
{
    int dr = m->dir ? 1 : 0, dc = m->dir ? 0 : 1;
    int touches = 0, start = 0;
    for (int i = 0; i < m->len; i++) {
        int r = m->row + dr * i, c = m->col + dc * i;
        if (m->word[i] & SK_ONBOARD) {
            touches = 1;
            continue;
        }
        if (r == e->lay.start_row && c == e->lay.start_col)
            start = 1;
        if (at(b, r - dc, c - dr) || at(b, r + dc, c + dr))
            touches = 1;
    }
    char cs[16];
    if (m->ntiles == 0) {
        snprintf(out->why, sizeof out->why, "no tile placed: every square of the word is already covered");
    } else if (sk_board_empty(b) && !start) {
        coord_text(e->lay.start_row, e->lay.start_col, cs, sizeof cs);
        snprintf(out->why, sizeof out->why, "not connected: the first word must cover the start square %s", cs);
    } else if (!sk_board_empty(b) && !touches) {
        snprintf(out->why, sizeof out->why, "not connected: the play touches no tile on the board");
    } else if (m->ntiles > SK_RACK_MAX) {
        snprintf(out->why, sizeof out->why, "%d tiles placed (a rack holds %d)", m->ntiles, SK_RACK_MAX);
    } else {
        return;
    }
    out->placed_ok = 0;
}

/* Were the play's tiles on the rack the event shows?  The first missing
 * one is named in out->why (unless it already says something). */
static void judge_rack(const sk_engine *e, const sk_move *m, sk_rack r, sk_gcg_play *out)
{
    out->rack_ok = 1;
    for (int i = 0; i < m->len && out->rack_ok; i++) {
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD)
            continue;
        if (t & SK_BLANK) {
            if (r.blanks > 0)
                r.blanks--;
            else
                out->rack_ok = 0;
        } else if (r.count[t & SK_LETTER] > 0) {
            r.count[t & SK_LETTER]--;
        } else {
            out->rack_ok = 0;
        }
        if (!out->rack_ok && !out->why[0]) {
            char l[16];
            uint8_t code = t & SK_LETTER;
            alpha_decode(&e->alpha, &code, 1, !(t & SK_BLANK), l, sizeof l);
            snprintf(out->why, sizeof out->why, "%s%s is not on the rack", t & SK_BLANK ? "a blank for " : "", l);
        }
    }
}

int sk_gcg_judge(const sk_engine *e, const sk_board *b, const sk_gcg_event *ev, const dawg_graph *d,
                 sk_gcg_play *out, tk_error *err)
{
    memset(out, 0, sizeof *out);
    sk_move m;
    int rc = sk_gcg_event_move(e, b, ev, &m, err);
    if (rc)
        return rc;
    out->placed_ok = 1;
    out->rack_ok = -1;
    judge_take_in(b, &m, &out->extended);
    judge_turn_single(b, &m);
    out->move = m;
    out->score = sk_move_score(&m, e, b);
    out->move.score = out->score;
    judge_placement(e, b, &m, out);
    if (ev->has_rack)
        judge_rack(e, &m, ev->rack, out);
    /* the words, each looked up */
    int nw = sk_move_words(&m, b, out->words, SK_MAX_WORDS);
    out->nwords = nw < SK_MAX_WORDS ? nw : SK_MAX_WORDS;
    for (int i = 0; i < out->nwords; i++) {
        if (!d) {
            out->known[i] = -1;
            continue;
        }
        uint8_t l[SK_MAX_DIM];
        const sk_word *w = &out->words[i];
        for (int j = 0; j < w->len; j++)
            l[j] = w->cell[j] & SK_LETTER;
        out->known[i] = (int8_t)(dawg_contains(d, l, w->len) == 1);
    }
    return TK_OK;
}

/* ---- lexicon names -------------------------------------------------------------------------- */

const char *sk_gcg_lexicon_lang(const char *name)
{
    static const struct { const char *prefix; const char *lang; } fam[] = {
        { "NWL", "en" }, { "CSW", "en" }, { "TWL", "en" }, { "OWL", "en" }, { "OSPD", "en" },
        { "SOWPODS", "en" }, { "ENABLE", "en" }, { "ECWL", "en" }, { "CEL", "en" }, { "OTCWL", "en" },
        { "NSWL", "en" }, { "WESPA", "en" }, { "COLLINS", "en" }, { "AMERICA", "en" }, { "TWL", "en" },
        { "OSPS", "pl" }, { "FISE", "es" }, { "FILE", "es" }, { "DRAE", "es" }, { "RD", "de" },
        { "DSW", "de" }, { "ODS", "fr" }, { "NSF", "no" }, { "DISC", "ca" }, { "NETSKRAFL", "is" },
        { "OSW", "nl" }, { "SAOL", "sv" }, { "ZINGA", "it" }, { "ITA", "it" }, { "SLOWNIK", "pl" },
        { "MSZ", "hu" }, { "KOTUS", "fi" }, { "NST", "no" }, { "RD", "de" },
    };
    if (!name || !*name)
        return NULL;
    for (size_t i = 0; i < sizeof fam / sizeof fam[0]; i++) {
        size_t n = strlen(fam[i].prefix);
        size_t j = 0;
        while (j < n && name[j] && lower((unsigned char)name[j]) == lower((unsigned char)fam[i].prefix[j]))
            j++;
        if (j == n && !(name[n] >= 'a' && name[n] <= 'z') && !(name[n] >= 'A' && name[n] <= 'Z'))
            return fam[i].lang;
        if (j == n && (strcmp(fam[i].prefix, "ENABLE") == 0 || strcmp(fam[i].prefix, "COLLINS") == 0 ||
                       strcmp(fam[i].prefix, "SOWPODS") == 0 || strcmp(fam[i].prefix, "NETSKRAFL") == 0))
            return fam[i].lang;
    }
    return NULL;
}
