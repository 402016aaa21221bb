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

#include "core/tk_text.h"

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
    const char *text;
    size_t len;
    /* digits waiting for their suit letter */
    char dig[MAXDIG];
    long dcol[MAXDIG];
    int nd;
    /* tiles of the closed part and of the meld being read */
    uint8_t closed[MAXDIG], meld[MAXDIG];
    int nclosed, nmeld;
    int in_meld;                 /* 0, '[' or '(' */
    long meld_col;
    int meld_red;
    int any;
} pstate;

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

static int close_meld(pstate *ps, const uint8_t *t, int n, int closed, int red, long col)
{
    const char *text = ps->text;
    size_t len = ps->len;
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

/* A digit: collected until its suit letter. */
static int on_digit(pstate *ps, char c, long col)
{
    if (ps->nd >= MAXDIG)
        return tk_error_set(ps->err, TK_EFORMAT, 0, col, "too many tiles");
    ps->dcol[ps->nd] = col;
    ps->dig[ps->nd++] = c;
    ps->any = 1;
    return 0;
}

/* A suit letter: the digits before it become tiles of the closed part or the meld. */
static int on_suit(pstate *ps, char c, int suit, long col)
{
    int rc;
    if (ps->nd == 0)
        return tk_error_set(ps->err, TK_EFORMAT, 0, col, "suit letter '%c' has no digits before it", c);
    if (ps->in_meld) {
        int before = ps->reds[0] + ps->reds[1] + ps->reds[2];
        rc = flush_digits(ps, ps->dig, ps->dcol, ps->nd, suit, ps->meld, &ps->nmeld, MAXDIG);
        ps->meld_red += ps->reds[0] + ps->reds[1] + ps->reds[2] - before;
    } else {
        rc = flush_digits(ps, ps->dig, ps->dcol, ps->nd, suit, ps->closed, &ps->nclosed, MAXDIG);
        if (rc == 0 && ps->nclosed > 0) {   /* the last tile written: the default winning tile */
            ps->h->last = (int8_t)ps->closed[ps->nclosed - 1];
            ps->h->last_red = ps->dig[ps->nd - 1] == '0';
        }
    }
    ps->nd = 0;
    return rc;
}

/* Blanks, brackets, or a bad character. */
static int on_other(pstate *ps, size_t i)
{
    char c = ps->text[i];
    long col = (long)i + 1;
    if (c == 'M' || c == 'P' || c == 'S' || c == 'Z')
        return tk_error_set(ps->err, TK_EFORMAT, 0, col, "upper-case suit '%c' (suits are m p s z)", c);
    if (ps->nd > 0)
        return tk_error_set(ps->err, TK_EFORMAT, 0, ps->dcol[0], "digits '%.*s' have no suit letter",
                            ps->nd, ps->dig);
    if (is_blank(c) || c == '[' || c == '(') {
        if (ps->in_meld)
            return tk_error_set(ps->err, TK_EFORMAT, 0, col, is_blank(c) ? "blank inside a meld" : "'%c' inside a meld", c);
        if (!is_blank(c)) {
            ps->in_meld = c;
            ps->meld_col = col;
            ps->nmeld = 0;
            ps->meld_red = 0;
            ps->any = 1;
        }
        return 0;
    }
    if (c == ']' || c == ')') {
        if (!ps->in_meld || (c == ']') != (ps->in_meld == '['))
            return tk_error_set(ps->err, TK_EFORMAT, 0, col, "unexpected '%c'", c);
        int closed = ps->in_meld == '(';
        ps->in_meld = 0;
        return close_meld(ps, ps->meld, ps->nmeld, closed, ps->meld_red, ps->meld_col);
    }
    if (alpha_utf8_decode(ps->text + i, ps->len - i, &(uint32_t){0}) <= 0)
        return tk_error_set(ps->err, TK_EFORMAT, 0, col, "invalid UTF-8 at byte %ld", col);
    char what[TKU_CHAR_DESC];
    tku_char_describe(ps->text + i, ps->len - i, what, sizeof what);
    return tk_error_set(ps->err, TK_EFORMAT, 0, col, "bad character %s", what);
}

/* After the scan: nothing left open, the tiles into the hand, the count. */
static int finish(pstate *ps)
{
    mj_hand *h = ps->h;
    if (ps->nd > 0)
        return tk_error_set(ps->err, TK_EFORMAT, 0, ps->dcol[0], "digits '%.*s' have no suit letter", ps->nd, ps->dig);
    if (ps->in_meld)
        return tk_error_set(ps->err, TK_EFORMAT, 0, ps->meld_col, "unclosed '%c'", ps->in_meld);
    if (!ps->any)
        return tk_error_set(ps->err, TK_EFORMAT, 0, 0, "empty hand");
    for (int i = 0; i < ps->nclosed; i++)
        h->count[ps->closed[i]]++;
    h->n_tiles = (uint8_t)ps->nclosed;
    /* Red fives of the closed part (meld reds are kept in their meld). */
    for (int s = 0; s < 3; s++) {
        int in_melds = 0;
        for (int i = 0; i < h->n_melds; i++)
            in_melds += h->melds[i].red && h->melds[i].tile / 9 == s && h->melds[i].tile < 27;
        h->red[s] = (uint8_t)(ps->reds[s] - in_melds > 0);
    }
    int k = h->n_melds, want = 13 - 3 * k;
    if (ps->nclosed != want && ps->nclosed != want + 1)
        return tk_error_set(ps->err, TK_EFORMAT, 0, 0,
                            "wrong tile count: %d closed tiles with %d meld%s (expected %d, or %d after a draw)",
                            ps->nclosed, k, k == 1 ? "" : "s", want, want + 1);
    return 0;
}

int mj_parse(mj_hand *h, const char *text, size_t len, tk_error *err)
{
    pstate ps;
    memset(h, 0, sizeof *h);
    h->last = -1;
    memset(&ps, 0, sizeof ps);
    ps.h = h;
    ps.err = err;
    ps.text = text;
    ps.len = len;
    if (!text)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no hand");
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        int suit = suit_of(c), rc;
        if (c >= '0' && c <= '9')
            rc = on_digit(&ps, c, (long)i + 1);
        else if (suit >= 0)
            rc = on_suit(&ps, c, suit, (long)i + 1);
        else
            rc = on_other(&ps, i);
        if (rc)
            return rc;
    }
    return finish(&ps);
}
