/* context.c - the win context of a scored hand: context words, the line
 * reader (hand + words), and the checks that reject impossible contexts.
 *
 * A line is split into blank-separated tokens.  A token of lower-case
 * letters and '-', optionally followed by ':' and a value, is a context
 * word; every other token belongs to the hand.  The
 * hand tokens are handed to mj_parse() in a copy of the line where the words
 * are blanked out, so its columns stay those of the line.  Each word is
 * applied to the mj_winctx in order, so a word on the line overrides the
 * default set by a command-line option.  mj_winctx_check() then looks at
 * the whole (hand, context) pair: the rules of what can happen at a table. */
#include "tilekit/mahjong.h"

#include <string.h>

void mj_winctx_init(mj_winctx *w)
{
    memset(w, 0, sizeof *w);
    w->win = -1;
    w->round = 0;
    w->seat = 1;
}

static int eqw(const char *s, size_t n, const char *lit)
{
    size_t k = strlen(lit);
    return n == k && memcmp(s, lit, k) == 0;
}

int mj_parse_tiles(const char *s, size_t len, uint8_t *out, int cap, uint16_t *red, long col, tk_error *err)
{
    int n = 0;
    size_t start = 0;
    if (red)
        *red = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9')
            continue;
        int suit = c == 'm' ? 0 : c == 'p' ? 1 : c == 's' ? 2 : c == 'z' ? 3 : -1;
        if (suit < 0)
            return tk_error_set(err, TK_EFORMAT, 0, col + (long)i, "bad character '%c' in tiles '%.*s'",
                                (unsigned char)c >= 0x21 && (unsigned char)c < 0x7f ? c : '?', (int)len, s);
        if (i == start)
            return tk_error_set(err, TK_EFORMAT, 0, col + (long)i, "suit letter '%c' has no digits before it", c);
        for (size_t j = start; j < i; j++) {
            int d = s[j] - '0', t;
            if (suit == 3) {
                if (d < 1 || d > 7)
                    return tk_error_set(err, TK_EFORMAT, 0, col + (long)j, "'%dz' is not a tile (honours are 1z-7z)", d);
                t = 27 + d - 1;
            } else {
                t = suit * 9 + (d == 0 ? 4 : d - 1);
            }
            if (n >= cap)
                return tk_error_set(err, TK_ELIMIT, 0, col + (long)j, "more than %d tiles", cap);
            if (d == 0 && suit < 3 && red)
                *red = (uint16_t)(*red | 1u << n);
            out[n++] = (uint8_t)t;
        }
        start = i + 1;
    }
    if (start < len)
        return tk_error_set(err, TK_EFORMAT, 0, col + (long)start, "digits '%.*s' have no suit letter",
                            (int)(len - start), s + start);
    return n;
}

static int wind_of(const char *v, size_t n)
{
    if (n != 1)
        return -1;
    switch (v[0]) {
    case 'E': case 'e': return 0;
    case 'S': case 's': return 1;
    case 'W': case 'w': return 2;
    case 'N': case 'n': return 3;
    default: return -1;
    }
}

static int number_of(const char *v, size_t n, uint32_t *out)
{
    uint32_t x = 0;
    if (n == 0 || n > 4)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9')
            return -1;
        x = x * 10 + (uint32_t)(v[i] - '0');
    }
    *out = x;
    return 0;
}

static int mj_ctz_flag(unsigned f)
{
    int n = 0;
    while (f > 1) { f >>= 1; n++; }
    return n;
}

static const struct { const char *word; unsigned flag; } FLAG_WORDS[] = {
    { "riichi", MJ_WIN_RIICHI }, { "double-riichi", MJ_WIN_DOUBLE_RIICHI },
    { "ippatsu", MJ_WIN_IPPATSU }, { "haitei", MJ_WIN_HAITEI }, { "houtei", MJ_WIN_HOUTEI },
    { "rinshan", MJ_WIN_RINSHAN }, { "chankan", MJ_WIN_CHANKAN }, { "tenhou", MJ_WIN_TENHOU },
    { "chiihou", MJ_WIN_CHIIHOU },
};

/* ron, tsumo and the flag words; 1 when the word was one of them. */
static int flag_word(mj_winctx *w, const char *s, size_t n, uint16_t c16)
{
    if (eqw(s, n, "ron")) {
        w->flags = (w->flags & ~(unsigned)MJ_WIN_TSUMO) | MJ_WIN_RON_SET;
        w->col[0] = c16;
        return 1;
    }
    if (eqw(s, n, "tsumo")) {
        w->flags |= MJ_WIN_TSUMO | MJ_WIN_RON_SET;
        w->col[0] = c16;
        return 1;
    }
    for (size_t i = 0; i < sizeof FLAG_WORDS / sizeof FLAG_WORDS[0]; i++)
        if (eqw(s, n, FLAG_WORDS[i].word)) {
            w->flags |= FLAG_WORDS[i].flag;
            w->col[mj_ctz_flag(FLAG_WORDS[i].flag)] = c16;
            return 1;
        }
    return 0;
}

/* win:T, one tile. */
static int win_word(mj_winctx *w, const char *v, size_t vn, long vcol, uint16_t c16, tk_error *err)
{
    uint8_t t[2];
    uint16_t red;
    int k = mj_parse_tiles(v, vn, t, 2, &red, vcol, err);
    if (k < 0)
        return k;
    if (k != 1)
        return tk_error_set(err, TK_EFORMAT, 0, vcol, "win: needs exactly one tile (win:3p, win:0m)");
    w->win = (int8_t)t[0];
    w->win_red = (uint8_t)(red & 1);
    w->col[16] = c16;
    return 0;
}

/* dora: or ura: (ura = 1); a repeated word adds its indicators to the earlier ones. */
static int indicator_word(mj_winctx *w, int ura, const char *v, size_t vn, long vcol, uint16_t c16, tk_error *err)
{
    uint8_t *out = ura ? w->ura : w->dora;
    uint16_t *red = ura ? &w->ura_red : &w->dora_red;
    uint8_t *np = ura ? &w->n_ura : &w->n_dora;
    uint8_t more[MJ_MAX_INDICATORS];
    uint16_t mred = 0;
    int k = mj_parse_tiles(v, vn, more, MJ_MAX_INDICATORS, &mred, vcol, err);
    if (k < 0)
        return k;
    if (*np + k > MJ_MAX_INDICATORS)
        return tk_error_set(err, TK_EFORMAT, 0, vcol, "%s: more than %d indicators in all", ura ? "ura" : "dora",
                            MJ_MAX_INDICATORS);
    memcpy(out + *np, more, (size_t)k);
    *red = (uint16_t)(*red | (uint16_t)(mred << *np));
    *np = (uint8_t)(*np + k);
    w->col[ura ? 18 : 17] = c16;
    return 0;
}

/* seen:TILES, added to the earlier ones; red fives counted by suit. */
static int seen_word(mj_winctx *w, const char *v, size_t vn, long vcol, uint16_t c16, tk_error *err)
{
    uint8_t t[136];
    w->col[19] = c16;
    int k = mj_parse_tiles(v, vn, t, 136, NULL, vcol, err);
    if (k < 0)
        return k;
    for (int i = 0; i < k; i++) {
        if (++w->seen[t[i]] > 4) {
            char nm[3];
            mj_tile_name(t[i], nm);
            return tk_error_set(err, TK_EFORMAT, 0, vcol, "seen: more than 4 copies of %s", nm);
        }
    }
    /* red fives: scan the digits again (the red mask of mj_parse_tiles holds only 16 bits) */
    for (size_t i = 0; i < vn; i++)
        if (v[i] == '0') {
            size_t j = i;
            while (j < vn && v[j] >= '0' && v[j] <= '9')
                j++;
            int suit = j < vn ? (v[j] == 'm' ? 0 : v[j] == 'p' ? 1 : v[j] == 's' ? 2 : -1) : -1;
            if (suit >= 0 && w->seen_red[suit]++)
                return tk_error_set(err, TK_EFORMAT, 0, vcol + (long)i,
                                    "seen: two red fives '0%c' (there is one per suit)", "mps"[suit]);
        }
    return 0;
}

int mj_winctx_word(mj_winctx *w, const char *s, size_t n, long col, tk_error *err)
{
    uint16_t c16 = (uint16_t)(col > 0 && col < 65536 ? col : 0);
    if (flag_word(w, s, n, c16))
        return 0;
    const char *colon = memchr(s, ':', n);
    if (!colon)
        return tk_error_set(err, TK_EFORMAT, 0, col,
                            "unknown word '%.*s' (expected ron, tsumo, riichi, double-riichi, ippatsu, haitei, houtei, "
                            "rinshan, chankan, tenhou, chiihou, or KEY:VALUE with win round seat dora ura honba sticks seen)",
                            n > 40 ? 40 : (int)n, s);
    size_t kl = (size_t)(colon - s);
    const char *v = colon + 1;
    size_t vn = n - kl - 1;
    long vcol = col + (long)kl + 1;
    if (eqw(s, kl, "round") || eqw(s, kl, "seat")) {
        int x = wind_of(v, vn);
        if (x < 0)
            return tk_error_set(err, TK_EFORMAT, 0, vcol, "%.*s must be E, S, W or N", (int)kl, s);
        if (s[0] == 'r') w->round = (uint8_t)x; else w->seat = (uint8_t)x;
        return 0;
    }
    if (eqw(s, kl, "honba") || eqw(s, kl, "sticks")) {
        uint32_t x;
        if (number_of(v, vn, &x) != 0)
            return tk_error_set(err, TK_EFORMAT, 0, vcol, "%.*s needs a number 0..9999", (int)kl, s);
        if (s[0] == 'h') w->honba = x; else w->sticks = x;
        return 0;
    }
    if (eqw(s, kl, "win"))
        return win_word(w, v, vn, vcol, c16, err);
    if (eqw(s, kl, "dora") || eqw(s, kl, "ura"))
        return indicator_word(w, s[0] == 'u', v, vn, vcol, c16, err);
    if (eqw(s, kl, "seen"))
        return seen_word(w, v, vn, vcol, c16, err);
    return tk_error_set(err, TK_EFORMAT, 0, col, "unknown key '%.*s:' (expected win round seat dora ura honba sticks seen)",
                        kl > 20 ? 20 : (int)kl, s);
}

#define LINE_MAX_BYTES 4096

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

int mj_parse_line(const char *text, size_t len, mj_hand *h, mj_winctx *w, tk_error *err)
{
    char buf[LINE_MAX_BYTES];
    if (len >= sizeof buf)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "line longer than %d bytes", LINE_MAX_BYTES - 1);
    memcpy(buf, text, len);
    size_t i = 0;
    unsigned fresh = 0;
    while (i < len) {
        while (i < len && is_blank(text[i]))
            i++;
        size_t s = i;
        while (i < len && !is_blank(text[i]))
            i++;
        if (i == s)
            break;
        char c = text[s];
        if ((c >= '0' && c <= '9') || c == '[' || c == '(' || c == ']' || c == ')')
            continue;
        /* a context word: letters and '-' up to an optional ':' (anything
         * else is left to the hand parser, which reports it) */
        size_t k = s;
        while (k < i && ((text[k] >= 'a' && text[k] <= 'z') || text[k] == '-'))
            k++;
        if (k == s || (k < i && text[k] != ':'))
            continue;
        if (i - s == 1 && (c == 'm' || c == 'p' || c == 's' || c == 'z'))
            continue;   /* a lone suit letter: the hand parser says it has no digits */
        /* the line's first dora:/ura:/seen: replaces the defaults (the
         * options); a repeat in the same line adds to it */
        static const char *const lists[3] = { "dora:", "ura:", "seen:" };
        for (int l = 0; l < 3; l++) {
            size_t ll = strlen(lists[l]);
            if (i - s >= ll && memcmp(text + s, lists[l], ll) == 0 && !(fresh & 1u << l)) {
                fresh |= 1u << l;
                if (l == 0)
                    w->n_dora = 0, w->dora_red = 0;
                else if (l == 1)
                    w->n_ura = 0, w->ura_red = 0;
                else
                    memset(w->seen, 0, sizeof w->seen), memset(w->seen_red, 0, sizeof w->seen_red);
            }
        }
        int rc = mj_winctx_word(w, text + s, i - s, (long)s + 1, err);
        if (rc)
            return rc;
        memset(buf + s, ' ', i - s);
    }
    return mj_parse(h, buf, len, err);
}

void mj_unseen(const mj_hand *h, const mj_winctx *w, uint8_t unseen[MJ_TILES])
{
    uint8_t tot[MJ_TILES];
    mj_hand_totals(h, tot);
    for (int i = 0; i < w->n_dora; i++) tot[w->dora[i]]++;
    for (int i = 0; i < w->n_ura; i++) tot[w->ura[i]]++;
    for (int t = 0; t < MJ_TILES; t++) {
        int x = tot[t] + w->seen[t];
        unseen[t] = (uint8_t)(x >= 4 ? 0 : 4 - x);
    }
}

/* Red fives of suit s visible: closed part, melds, indicators, seen. */
static int reds_seen(const mj_hand *h, const mj_winctx *w, int s)
{
    int n = h->red[s] + w->seen_red[s];
    for (int i = 0; i < h->n_melds; i++)
        n += h->melds[i].red && h->melds[i].tile < 27 && h->melds[i].tile / 9 == s;
    for (int i = 0; i < w->n_dora; i++)
        n += (w->dora_red >> i & 1) && w->dora[i] / 9 == s;
    for (int i = 0; i < w->n_ura; i++)
        n += (w->ura_red >> i & 1) && w->ura[i] / 9 == s;
    return n;
}

int mj_wait_copy(const mj_hand *h, const mj_winctx *w, int t)
{
    uint8_t un[MJ_TILES];
    mj_unseen(h, w, un);
    if (!un[t])
        return -1;
    if (t >= 27 || t % 9 != 4 || (w->rules & MJ_RULE_NO_AKA))
        return 0;
    int red_unseen = reds_seen(h, w, t / 9) == 0;
    /* un[t] counts plain and red copies together */
    return un[t] - red_unseen > 0 ? 0 : 1;
}

static int check_copies(const mj_hand *h, const mj_winctx *w, tk_error *err)
{
    uint8_t tot[MJ_TILES];
    mj_hand_totals(h, tot);
    for (int i = 0; i < w->n_dora; i++) tot[w->dora[i]]++;
    for (int i = 0; i < w->n_ura; i++) tot[w->ura[i]]++;
    for (int t = 0; t < MJ_TILES; t++)
        if (tot[t] + w->seen[t] > 4) {
            char nm[3];
            mj_tile_name(t, nm);
            long col = w->seen[t] ? w->col[19] : 0;
            for (int i = 0; i < w->n_ura; i++)
                if (w->ura[i] == t) col = w->col[18];
            for (int i = 0; i < w->n_dora; i++)
                if (w->dora[i] == t) col = w->col[17];
            return tk_error_set(err, TK_EFORMAT, 0, col,
                                "more than 4 copies of %s counting the dora/ura indicators and seen tiles", nm);
        }
    for (int s = 0; s < 3; s++)
        if (reds_seen(h, w, s) > 1)
            return tk_error_set(err, TK_EFORMAT, 0, w->col[17] ? w->col[17] : w->col[18] ? w->col[18] : w->col[19],
                                "two red fives 0%c counting the indicators and seen tiles (there is one per suit)",
                                "mps"[s]);
    return 0;
}

static int first_bit(unsigned f)
{
    int n = 0;
    while (!(f & 1)) { f >>= 1; n++; }
    return n;
}

static int has_kan(const mj_hand *h)
{
    for (int i = 0; i < h->n_melds; i++)
        if (h->melds[i].type == MJ_KAN || h->melds[i].type == MJ_ANKAN)
            return 1;
    return 0;
}

static int open_melds(const mj_hand *h)
{
    int n = 0;
    for (int i = 0; i < h->n_melds; i++)
        n += h->melds[i].type != MJ_ANKAN;
    return n;
}

/* An error located at the word that set flag bit (or slot) `at`. */
#define CTXERR_AT(at, ...) tk_error_set(err, TK_EFORMAT, 0, w->col[at], __VA_ARGS__)
#define CTXERR(...) tk_error_set(err, TK_EFORMAT, 0, 0, __VA_ARGS__)
enum { B_TSUMO = 0, B_RIICHI = 1, B_DOUBLE = 2, B_IPPATSU = 3, B_HAITEI = 4, B_HOUTEI = 5, B_RINSHAN = 6,
       B_CHANKAN = 7, B_TENHOU = 8, B_CHIIHOU = 9, B_WIN = 16, B_DORA = 17, B_URA = 18, B_SEEN = 19 };

/* Situations that exclude each other whatever the hand: the last draw, the
 * last discard, the replacement tile of a kan and a robbed kan are four
 * different tiles.  (Haitei and rinshan are told apart below with their
 * reason; ippatsu goes with chankan, as in the shared vectors.) */
static const struct { int a, b; const char *why; } EXCLUSIVE[] = {
    { B_HAITEI, B_HOUTEI, "haitei and houtei together (a win on the last draw, or on the last discard)" },
    { B_HAITEI, B_CHANKAN, "haitei and chankan together (haitei is a tsumo on the last draw; chankan robs a kan by ron)" },
    { B_HOUTEI, B_RINSHAN, "houtei and rinshan together (houtei is a ron on the last discard; rinshan a tsumo on a kan's replacement tile)" },
    { B_HOUTEI, B_CHANKAN, "houtei and chankan together (a win on the last discard cannot rob a kan: no kan is declared after the last draw)" },
    { B_RINSHAN, B_CHANKAN, "rinshan and chankan together (rinshan is a tsumo on the replacement tile, chankan a ron on another player's kan)" },
};

/* Rules that hold for a waiting hand as well as a complete one. */
static int check_common(const mj_hand *h, const mj_winctx *w, tk_error *err)
{
    unsigned f = w->flags;
    for (size_t i = 0; i < sizeof EXCLUSIVE / sizeof EXCLUSIVE[0]; i++) {
        int a = EXCLUSIVE[i].a, b = EXCLUSIVE[i].b;
        if ((f >> a & 1) && (f >> b & 1))   /* located at the later of the two words */
            return CTXERR_AT(w->col[a] > w->col[b] ? a : b, "%s", EXCLUSIVE[i].why);
    }
    if ((f & MJ_WIN_RIICHI) && (f & MJ_WIN_DOUBLE_RIICHI))
        return CTXERR_AT(B_DOUBLE, "riichi and double-riichi together (double-riichi is the riichi)");
    int riichi = (f & (MJ_WIN_RIICHI | MJ_WIN_DOUBLE_RIICHI)) != 0;
    if ((f & MJ_WIN_IPPATSU) && !riichi)
        return CTXERR_AT(B_IPPATSU, "ippatsu without riichi");
    if (riichi && open_melds(h))
        return CTXERR_AT((f & MJ_WIN_RIICHI) ? B_RIICHI : B_DOUBLE, "riichi with an open meld (only a closed kan keeps the hand closed)");
    if (w->n_ura && !riichi)
        return CTXERR_AT(B_URA, "ura dora indicators without riichi");
    if (w->n_ura > w->n_dora)
        return CTXERR_AT(B_URA, "more ura indicators (%d) than dora indicators (%d)", w->n_ura, w->n_dora);
    if (f & (MJ_WIN_TENHOU | MJ_WIN_CHIIHOU)) {
        const char *nm = (f & MJ_WIN_TENHOU) ? "tenhou" : "chiihou";
        int tb = (f & MJ_WIN_TENHOU) ? B_TENHOU : B_CHIIHOU;
        if ((f & MJ_WIN_TENHOU) && (f & MJ_WIN_CHIIHOU))
            return CTXERR_AT(B_CHIIHOU, "tenhou and chiihou together");
        if (h->n_melds)
            return CTXERR_AT(tb, "%s with a call (a first-draw win has no melds)", nm);
        if ((f & MJ_WIN_TENHOU) && w->seat != 0)
            return CTXERR_AT(B_TENHOU, "tenhou off the dealer seat (seat:E is the dealer; chiihou is the non-dealer's)");
        if ((f & MJ_WIN_CHIIHOU) && w->seat == 0)
            return CTXERR_AT(B_CHIIHOU, "chiihou on the dealer seat (the dealer's first-draw win is tenhou)");
        if (riichi)
            return CTXERR_AT(tb, "%s with riichi (the first draw comes before any riichi)", nm);
        if (f & (MJ_WIN_HAITEI | MJ_WIN_HOUTEI | MJ_WIN_RINSHAN | MJ_WIN_CHANKAN))
            return CTXERR_AT(tb, "%s with haitei, houtei, rinshan or chankan", nm);
    }
    return check_copies(h, w, err);
}

int mj_winctx_check(const mj_hand *h, mj_winctx *w, tk_error *err)
{
    int is14 = h->n_tiles == 14 - 3 * h->n_melds;
    unsigned f = w->flags;
    int rc = check_common(h, w, err);
    if (rc)
        return rc;
    if (!is14) {
        if (w->win >= 0)
            return CTXERR_AT(B_WIN, "win: on a waiting hand (13 - 3 x melds tiles): each wait is scored");
        if (f & (MJ_WIN_HAITEI | MJ_WIN_HOUTEI | MJ_WIN_RINSHAN | MJ_WIN_CHANKAN | MJ_WIN_TENHOU | MJ_WIN_CHIIHOU))
            return CTXERR_AT(first_bit(f & (MJ_WIN_HAITEI | MJ_WIN_HOUTEI | MJ_WIN_RINSHAN | MJ_WIN_CHANKAN |
                                            MJ_WIN_TENHOU | MJ_WIN_CHIIHOU)),
                             "haitei, houtei, rinshan, chankan, tenhou and chiihou need a complete hand (14 - 3 x melds tiles)");
        return 0;
    }
    if (w->win < 0) {
        if (h->last < 0)
            return CTXERR("no winning tile: the hand has no closed tiles");
        w->win = h->last;
        w->win_red = h->last_red;
    }
    int t = w->win;
    char nm[3];
    mj_tile_name(t, nm);
    if (!h->count[t])
        return CTXERR_AT(B_WIN, "winning tile %s is not in the closed part of the hand", nm);
    if (w->win_red && !h->red[t / 9])
        return CTXERR_AT(B_WIN, "winning tile 0%c (red five) but the closed part holds no red five of that suit", nm[1]);
    int tsumo = (f & MJ_WIN_TSUMO) != 0;
    if ((f & MJ_WIN_HAITEI) && !tsumo)
        return CTXERR_AT(B_HAITEI, "haitei with ron (haitei is a win on the last draw; houtei is the last discard)");
    if ((f & MJ_WIN_HOUTEI) && tsumo)
        return CTXERR_AT(B_HOUTEI, "houtei with tsumo (houtei is a win on the last discard; haitei is the last draw)");
    if ((f & MJ_WIN_HAITEI) && (f & MJ_WIN_RINSHAN))
        return CTXERR_AT(B_RINSHAN, "haitei with rinshan (the replacement tile is not the last draw)");
    if (f & MJ_WIN_RINSHAN) {
        if (!tsumo)
            return CTXERR_AT(B_RINSHAN, "rinshan with ron (rinshan is a win on the replacement tile of a kan)");
        if (!has_kan(h))
            return CTXERR_AT(B_RINSHAN, "rinshan without a kan");
    }
    if ((f & MJ_WIN_TENHOU) || (f & MJ_WIN_CHIIHOU)) {
        if (!tsumo)
            return CTXERR_AT((f & MJ_WIN_TENHOU) ? B_TENHOU : B_CHIIHOU, "%s with ron (a first-draw win is a tsumo)", (f & MJ_WIN_TENHOU) ? "tenhou" : "chiihou");
    }
    if (f & MJ_WIN_CHANKAN) {
        if (tsumo)
            return CTXERR_AT(B_CHANKAN, "chankan with tsumo (chankan robs another player's kan)");
        uint8_t tot[MJ_TILES];
        mj_hand_totals(h, tot);
        if (tot[t] > 1)
            return CTXERR_AT(B_CHANKAN, "chankan on %s, a tile the hand holds another copy of", nm);
    }
    return 0;
}
