/* parse.c - one hand line in mpsz notation -> mj_hand.
 *
 * A single left-to-right scan.  Outside brackets, digits are collected until
 * their suit letter arrives and are then added to the closed part; '[' or
 * '(' opens a meld whose tiles are collected the same way into a small
 * buffer and checked when it closes (a sequence, triplet or quad of one
 * suit; a closed kan must be a quad).  The closed tiles may be written in
 * several suit groups separated by blanks ("340m 67p 34555s [789s]"), but
 * digits must be closed by their suit letter before a blank, so "12 3m" is
 * an error.  Copies of each tile (closed + melds, red fives
 * as fives) and red fives per suit are counted during the scan, so the error
 * points at the first offending tile.  The tile count is checked last. */
#include "tilekit/mahjong.h"
#include "tilekit/alphabet.h"

#include <string.h>

#define MAXDIG 32

static int suit_of(char c)
{
    switch (c) {
    case 'm': return 0;
    case 'p': return 1;
    case 's': return 2;
    case 'z': return 3;
    default:  return -1;
    }
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

typedef struct pstate {
    mj_hand *h;
    uint8_t total[MJ_TILES];
    uint8_t reds[3];
    tk_error *err;
} pstate;

static void char_text(char c, char out[8])
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x21 && u < 0x7f) { out[0] = '\''; out[1] = c; out[2] = '\''; out[3] = 0; }
    else if (u == ' ') strcpy(out, "space");
    else if (u == '\t') strcpy(out, "tab");
    else {
        static const char hx[] = "0123456789abcdef";
        out[0] = '\\'; out[1] = 'x'; out[2] = hx[u >> 4]; out[3] = hx[u & 15]; out[4] = 0;
    }
}

/* Convert collected digits + suit letter into tile indices (appended to
 * out[*n]); checks honours and per-tile copies.  col = column of the first
 * digit. */
static int flush_digits(pstate *ps, const char *dig, const long *dcol, int nd, int suit,
                        uint8_t *out, int *n, int cap)
{
    for (int i = 0; i < nd; i++) {
        int d = dig[i] - '0', t;
        if (suit == 3) {
            if (d < 1 || d > 7)
                return tk_error_set(ps->err, TK_EFORMAT, 0, dcol[i],
                                    "'%dz' is not a tile (honours are 1z-7z)", d);
            t = 27 + d - 1;
        } else {
            if (d == 0) {
                if (ps->reds[suit]++)
                    return tk_error_set(ps->err, TK_EFORMAT, 0, dcol[i],
                                        "two red fives '0%c' (there is one per suit)", "mps"[suit]);
                d = 5;
            }
            t = suit * 9 + d - 1;
        }
        if (++ps->total[t] > 4) {
            char nm[3];
            mj_tile_name(t, nm);
            return tk_error_set(ps->err, TK_EFORMAT, 0, dcol[i],
                                "more than 4 copies of %s (closed part and melds)", nm);
        }
        if (*n >= cap)
            return tk_error_set(ps->err, TK_EFORMAT, 0, dcol[i], "too many tiles");
        out[(*n)++] = (uint8_t)t;
    }
    return 0;
}

static int close_meld(pstate *ps, const uint8_t *t, int n, int closed, int red, long col,
                      const char *text, size_t len)
{
    mj_hand *h = ps->h;
    uint8_t s[4];
    int type = -1;
    memcpy(s, t, (size_t)(n > 4 ? 4 : n));
    if (n >= 3 && n <= 4) {
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
                uint8_t x = s[j]; s[j] = s[j - 1]; s[j - 1] = x;
            }
        int same = 1;
        for (int i = 1; i < n; i++)
            same &= s[i] == s[0];
        if (same)
            type = n == 3 ? MJ_PON : (closed ? MJ_ANKAN : MJ_KAN);
        else if (n == 3 && s[0] < 27 && s[1] == s[0] + 1 && s[2] == s[0] + 2 && s[2] / 9 == s[0] / 9)
            type = MJ_CHI;
    }
    /* Show the meld text in the message. */
    size_t e = (size_t)col - 1;
    while (e < len && text[e] != (closed ? ')' : ']'))
        e++;
    int shown = (int)(e - ((size_t)col - 1) + 1);
    if (shown > 40) shown = 40;
    if (type < 0)
        return tk_error_set(ps->err, TK_EFORMAT, 0, col,
                            "meld '%.*s' is not a sequence, triplet or quad", shown, text + col - 1);
    if (closed && type != MJ_ANKAN)
        return tk_error_set(ps->err, TK_EFORMAT, 0, col,
                            "closed kan '%.*s' must be four identical tiles", shown, text + col - 1);
    if (h->n_melds >= MJ_MAX_MELDS)
        return tk_error_set(ps->err, TK_EFORMAT, 0, col, "more than 4 melds");
    mj_meld *m = &h->melds[h->n_melds++];
    m->type = (uint8_t)type;
    m->tile = s[0];
    m->red = (uint8_t)red;
    return 0;
}

int mj_parse(const char *text, size_t len, mj_hand *h, tk_error *err)
{
    pstate ps;
    memset(h, 0, sizeof *h);
    h->last = -1;
    memset(&ps, 0, sizeof ps);
    ps.h = h;
    ps.err = err;
    if (!text)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no hand");

    char dig[MAXDIG];
    long dcol[MAXDIG];
    int nd = 0;
    uint8_t closed[MAXDIG], meld[MAXDIG];
    int nclosed = 0, nmeld = 0;
    int in_meld = 0;             /* 0, '[' or '(' */
    long meld_col = 0;
    int meld_red = 0;
    int rc;
    int any = 0;

    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        long col = (long)i + 1;
        char ct[8];
        if (c >= '0' && c <= '9') {
            if (nd >= MAXDIG)
                return tk_error_set(err, TK_EFORMAT, 0, col, "too many tiles");
            dcol[nd] = col;
            dig[nd++] = c;
            any = 1;
            continue;
        }
        int suit = suit_of(c);
        if (suit >= 0) {
            if (nd == 0)
                return tk_error_set(err, TK_EFORMAT, 0, col, "suit letter '%c' has no digits before it", c);
            if (in_meld) {
                int before = ps.reds[0] + ps.reds[1] + ps.reds[2];
                rc = flush_digits(&ps, dig, dcol, nd, suit, meld, &nmeld, MAXDIG);
                meld_red += ps.reds[0] + ps.reds[1] + ps.reds[2] - before;
            } else {
                rc = flush_digits(&ps, dig, dcol, nd, suit, closed, &nclosed, MAXDIG);
                if (rc == 0 && nclosed > 0) {
                    h->last = (int8_t)closed[nclosed - 1];
                    h->last_red = dig[nd - 1] == '0';
                }
            }
            if (rc)
                return rc;
            nd = 0;
            continue;
        }
        if (c == 'M' || c == 'P' || c == 'S' || c == 'Z')
            return tk_error_set(err, TK_EFORMAT, 0, col, "upper-case suit '%c' (suits are m p s z)", c);
        if (nd > 0)
            return tk_error_set(err, TK_EFORMAT, 0, dcol[0], "digits '%.*s' have no suit letter",
                                nd, dig);
        if (is_blank(c)) {
            if (in_meld)
                return tk_error_set(err, TK_EFORMAT, 0, col, "blank inside a meld");
            continue;
        }
        if (c == '[' || c == '(') {
            if (in_meld)
                return tk_error_set(err, TK_EFORMAT, 0, col, "'%c' inside a meld", c);
            in_meld = c;
            meld_col = col;
            nmeld = 0;
            meld_red = 0;
            any = 1;
            continue;
        }
        if (c == ']' || c == ')') {
            if (!in_meld || (c == ']') != (in_meld == '['))
                return tk_error_set(err, TK_EFORMAT, 0, col, "unexpected '%c'", c);
            rc = close_meld(&ps, meld, nmeld, in_meld == '(', meld_red, meld_col, text, len);
            if (rc)
                return rc;
            in_meld = 0;
            continue;
        }
        if ((unsigned char)c >= 0x80) {
            uint32_t cp;
            int k = alpha_utf8_decode(text + i, len - i, &cp);
            if (k <= 0)
                return tk_error_set(err, TK_EFORMAT, 0, col, "invalid UTF-8 at byte %ld", col);
            return tk_error_set(err, TK_EFORMAT, 0, col, "bad character '%.*s' (U+%04X)", k, text + i,
                                (unsigned)cp);
        }
        char_text(c, ct);
        return tk_error_set(err, TK_EFORMAT, 0, col, "bad character %s", ct);
    }
    if (nd > 0)
        return tk_error_set(err, TK_EFORMAT, 0, dcol[0], "digits '%.*s' have no suit letter", nd, dig);
    if (in_meld)
        return tk_error_set(err, TK_EFORMAT, 0, meld_col, "unclosed '%c'", in_meld);
    if (!any)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "empty hand");

    for (int i = 0; i < nclosed; i++)
        h->count[closed[i]]++;
    h->n_tiles = (uint8_t)nclosed;
    /* Red fives of the closed part (meld reds are kept in their meld). */
    for (int s = 0; s < 3; s++) {
        int in_melds = 0;
        for (int i = 0; i < h->n_melds; i++)
            in_melds += h->melds[i].red && h->melds[i].tile / 9 == s && h->melds[i].tile < 27;
        h->red[s] = (uint8_t)(ps.reds[s] - in_melds > 0);
    }
    int k = h->n_melds, want = 13 - 3 * k;
    if (nclosed != want && nclosed != want + 1)
        return tk_error_set(err, TK_EFORMAT, 0, 0,
                            "wrong tile count: %d closed tiles with %d meld%s (expected %d, or %d after a draw)",
                            nclosed, k, k == 1 ? "" : "s", want, want + 1);
    return 0;
}
