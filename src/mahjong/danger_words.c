/* danger_words.c - the table's context words on an input line
 * (tilekit/mjdanger.h): riichi:W, river-w:, melds-w:, safe-w:.
 *
 * Seats are named by wind (the dealer is East = seat 0).  A river is mpsz
 * text read digit by digit: an upper-case suit letter marks the digits
 * before it as tsumogiri, '/' marks the next tile as the riichi
 * declaration, '-' the next tile as taken by a call. */
#include "tilekit/mjdanger.h"

#include <string.h>

static int wind_letter(char c)
{
    switch (c) {
    case 'E': case 'e': return 0;
    case 'S': case 's': return 1;
    case 'W': case 'w': return 2;
    case 'N': case 'n': return 3;
    default: return -1;
    }
}

static int suit_of(char c)
{
    switch (c) {
    case 'm': case 'M': return 0;
    case 'p': case 'P': return 1;
    case 's': case 'S': return 2;
    case 'z': case 'Z': return 3;
    default: return -1;
    }
}

/* A digit of suit s as a plain tile, or -1. */
static int tile_of(int s, char d)
{
    int v = d - '0';
    if (s == 3)
        return v >= 1 && v <= 7 ? 27 + v - 1 : -1;
    return v == 0 ? 9 * s + 4 : v >= 1 && v <= 9 ? 9 * s + v - 1 : -1;
}

/* Append the tiles of one group: digits gd[0..nd) of the suit letter c
 * (upper case: tsumogiri), with the marks gm read before each digit. */
static int river_group(mj_table_seat *st, const char *gd, const uint8_t *gm, const long *gcol, int nd, char c,
                       tk_error *err)
{
    int s = suit_of(c), upper = c >= 'A' && c <= 'Z';
    for (int j = 0; j < nd; j++) {
        int x = tile_of(s, gd[j]);
        if (x < 0)
            return tk_error_set(err, TK_EFORMAT, 0, gcol[j], "'%c%c' is not a tile", gd[j], c | 0x20);
        if (st->n_river >= MJ_TABLE_RIVER)
            return tk_error_set(err, TK_ELIMIT, 0, gcol[j], "more than %d tiles in a river", MJ_TABLE_RIVER);
        mj_river_tile *r = &st->river[st->n_river];
        r->tile = (uint8_t)x;
        r->flags = (uint8_t)(gm[j] | (upper ? MJ_RIVER_TSUMOGIRI : 0));
        if (r->flags & MJ_RIVER_RIICHI) {
            if (st->riichi >= 0 && st->riichi != MJ_RIICHI_UNKNOWN)
                return tk_error_set(err, TK_EFORMAT, 0, gcol[j], "a second riichi mark '/' in one river");
            st->riichi = st->n_river;
        }
        st->n_river++;
    }
    return 0;
}

static int river_word(mj_table_seat *st, const char *v, size_t n, long vcol, tk_error *err)
{
    char gd[MJ_TABLE_RIVER + 1];
    uint8_t gm[MJ_TABLE_RIVER + 1], mark = 0;
    long gcol[MJ_TABLE_RIVER + 1];
    int nd = 0;
    for (size_t i = 0; i < n; i++) {
        char c = v[i];
        if (c == '/' || c == '-') {
            mark |= c == '/' ? MJ_RIVER_RIICHI : MJ_RIVER_CALLED;
        } else if (c >= '0' && c <= '9') {
            if (nd > MJ_TABLE_RIVER)
                return tk_error_set(err, TK_ELIMIT, 0, vcol + (long)i, "more than %d tiles in a river", MJ_TABLE_RIVER);
            gd[nd] = c;
            gm[nd] = mark;
            gcol[nd++] = vcol + (long)i;
            mark = 0;
        } else if (suit_of(c) >= 0) {
            if (nd == 0)
                return tk_error_set(err, TK_EFORMAT, 0, vcol + (long)i, "suit letter '%c' has no digits before it", c);
            int rc = river_group(st, gd, gm, gcol, nd, c, err);
            if (rc)
                return rc;
            nd = 0;
        } else {
            return tk_error_set(err, TK_EFORMAT, 0, vcol + (long)i, "bad character '%c' in a river",
                                c > 0x20 && c < 0x7f ? c : '?');
        }
    }
    if (nd || mark)
        return tk_error_set(err, TK_EFORMAT, 0, vcol + (long)n, "river text ends without a suit letter");
    return 0;
}

/* One meld "[...]" or "(....)" at v[0..n) (brackets included). */
static int meld_word(mj_table_seat *st, const char *v, size_t n, long col, tk_error *err)
{
    int closed = v[0] == '(';
    if (n < 4 || v[n - 1] != (closed ? ')' : ']'))
        return tk_error_set(err, TK_EFORMAT, 0, col, "a meld is written [123m], [555z], [5555z] or (1111m)");
    int s = suit_of(v[n - 2]);
    size_t nd = n - 3;
    if (s < 0 || (nd != 3 && nd != 4))
        return tk_error_set(err, TK_EFORMAT, 0, col, "a meld is three or four digits and a suit letter");
    int x[4], red = 0;
    for (size_t i = 0; i < nd; i++) {
        x[i] = tile_of(s, v[1 + i]);
        red += v[1 + i] == '0' && s < 3;
        if (x[i] < 0)
            return tk_error_set(err, TK_EFORMAT, 0, col + 1 + (long)i, "'%c' is not a tile of that suit", v[1 + i]);
    }
    int same = 1, lo = x[0];
    for (size_t i = 1; i < nd; i++) {
        same &= x[i] == x[0];
        lo = x[i] < lo ? x[i] : lo;
    }
    int type;
    if (same)
        type = nd == 4 ? (closed ? MJ_ANKAN : MJ_KAN) : MJ_PON;
    else if (nd == 3 && !closed && s < 3 && (x[0] + x[1] + x[2] - 3 * lo) == 3 && x[0] != x[1] && x[1] != x[2] &&
             x[0] != x[2] && lo % 9 <= 6)
        type = MJ_CHI;
    else
        return tk_error_set(err, TK_EFORMAT, 0, col, "'%.*s' is not a sequence, triplet or quad", (int)n, v);
    if (closed && type != MJ_ANKAN)
        return tk_error_set(err, TK_EFORMAT, 0, col, "only a quad is written in (...)");
    if (st->n_melds >= MJ_MAX_MELDS)
        return tk_error_set(err, TK_ELIMIT, 0, col, "more than %d melds", MJ_MAX_MELDS);
    mj_meld *m = &st->melds[st->n_melds++];
    m->type = (uint8_t)type;
    m->tile = (uint8_t)lo;
    m->red = (uint8_t)(red > 0);
    return 0;
}

static int melds_word(mj_table_seat *st, const char *v, size_t n, long vcol, tk_error *err)
{
    size_t i = 0;
    while (i < n) {
        char open = v[i], close = open == '[' ? ']' : open == '(' ? ')' : 0;
        if (!close)
            return tk_error_set(err, TK_EFORMAT, 0, vcol + (long)i, "melds are written in [...] or (...)");
        const char *e = memchr(v + i, close, n - i);
        if (!e)
            return tk_error_set(err, TK_EFORMAT, 0, vcol + (long)i, "a meld without its '%c'", close);
        size_t len = (size_t)(e - (v + i)) + 1;
        int rc = meld_word(st, v + i, len, vcol + (long)i, err);
        if (rc)
            return rc;
        i += len;
    }
    return 0;
}

static int safe_word(mj_table_seat *st, const char *v, size_t n, long vcol, tk_error *err)
{
    uint8_t t[64];
    int k = mj_parse_tiles(v, n, t, 64, NULL, vcol, err);
    if (k < 0)
        return k;
    for (int i = 0; i < k; i++)
        st->passed |= (uint64_t)1 << t[i];
    return 0;
}

int mj_table_word(mj_table *t, const char *s, size_t n, long col, tk_error *err)
{
    const char *colon = memchr(s, ':', n);
    if (!colon)
        return 0;
    size_t kl = (size_t)(colon - s);
    const char *v = colon + 1;
    size_t vn = n - kl - 1;
    long vcol = col + (long)kl + 1;
    if (kl == 6 && memcmp(s, "riichi", 6) == 0) {
        if (vn == 0)
            return tk_error_set(err, TK_EFORMAT, 0, vcol, "riichi: needs the seats in riichi (riichi:W, riichi:SN)");
        for (size_t i = 0; i < vn; i++) {
            int x = wind_letter(v[i]);
            if (x < 0)
                return tk_error_set(err, TK_EFORMAT, 0, vcol + (long)i, "riichi: seats are E, S, W or N");
            if (t->seat[x].riichi < 0)
                t->seat[x].riichi = MJ_RIICHI_UNKNOWN;
        }
        return 1;
    }
    static const char *const KEYS[3] = { "river-", "melds-", "safe-" };
    for (int k = 0; k < 3; k++) {
        size_t pl = strlen(KEYS[k]);
        if (kl != pl + 1 || memcmp(s, KEYS[k], pl) != 0)
            continue;
        int x = wind_letter(s[pl]);
        if (x < 0 || s[pl] < 'a')
            return tk_error_set(err, TK_EFORMAT, 0, col + (long)pl, "%.*s: the seat is e, s, w or n", (int)kl, s);
        mj_table_seat *st = &t->seat[x];
        int rc = k == 0 ? river_word(st, v, vn, vcol, err)
               : k == 1 ? melds_word(st, v, vn, vcol, err) : safe_word(st, v, vn, vcol, err);
        return rc ? rc : 1;
    }
    return 0;
}
