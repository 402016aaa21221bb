/* tiles.c - tile indices <-> mpsz text, and the text of blocks, shapes and
 * whole hands.
 *
 * A tile is an index 0..33 (suit = index / 9, number = index % 9 + 1).
 * Text is built suit-grouped the way players write it: the digits of one
 * suit run together and are closed by the suit letter ("123m456p11z").  All
 * writers are bounded by the caller's capacity and always NUL-terminate. */
#include "tilekit/mahjong.h"

#include <string.h>

#include "core/tk_text.h"

static const char SUITS[4] = { 'm', 'p', 's', 'z' };

void mj_tile_name(int tile, char out[3])
{
    if (tile < 0 || tile >= MJ_TILES) {
        out[0] = '?'; out[1] = '?'; out[2] = 0;
        return;
    }
    out[0] = (char)('1' + tile % 9);
    out[1] = SUITS[tile / 9];
    out[2] = 0;
}

int mj_tile_parse(const char *s)
{
    if (!s || s[0] < '0' || s[0] > '9' || !s[1] || s[2])
        return -1;
    int d = s[0] - '0';
    const char *p = memchr(SUITS, s[1], 4);
    if (!p)
        return -1;
    int suit = (int)(p - SUITS);
    if (suit == 3)
        return (d >= 1 && d <= 7) ? 27 + d - 1 : -1;
    if (d == 0)
        d = 5;
    return suit * 9 + d - 1;
}

const char *mj_kind_name(int kind)
{
    static const char *const names[] = {
        "ryanmen", "kanchan", "penchan", "tanki", "shanpon",
        "chiitoi", "kokushi", "kokushi13", "complete"
    };
    if (kind < 0 || kind > MJ_COMPLETE)
        return "?";
    return names[kind];
}

/* Tiles (sorted by index) as grouped text; `red` marks one tile of a suit
 * to write as 0 (the first five of that suit), may be NULL. */
static void put_tiles(tku_sbuf *b, const uint8_t *tiles, int n, const uint8_t *red)
{
    uint8_t redleft[3] = { 0, 0, 0 };
    if (red)
        memcpy(redleft, red, 3);
    for (int i = 0; i < n; i++) {
        int t = tiles[i], d = t % 9 + 1;
        if (t < 27 && d == 5 && redleft[t / 9]) {
            redleft[t / 9] = 0;
            d = 0;
        }
        tku_sbuf_putc(b, (char)('0' + d));
        if (i + 1 == n || tiles[i + 1] / 9 != t / 9)
            tku_sbuf_putc(b, SUITS[t / 9]);
    }
}

size_t mj_shape_text(const uint8_t *tiles, int n, char *buf, size_t cap)
{
    tku_sbuf b;
    tku_sbuf_init(&b, buf, cap);
    uint8_t s[16];
    if (n > 16) n = 16;
    memcpy(s, tiles, (size_t)n);
    for (int i = 1; i < n; i++)          /* insertion sort */
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            uint8_t x = s[j]; s[j] = s[j - 1]; s[j - 1] = x;
        }
    put_tiles(&b, s, n, NULL);
    return b.kept;
}

size_t mj_block_text(const mj_block *bl, char *buf, size_t cap)
{
    uint8_t t[3];
    int n;
    if (bl->type == MJ_SEQ) {
        t[0] = bl->tile; t[1] = (uint8_t)(bl->tile + 1); t[2] = (uint8_t)(bl->tile + 2); n = 3;
    } else {
        n = bl->type == MJ_TRIPLET ? 3 : 2;
        memset(t, bl->tile, 3);
    }
    return mj_shape_text(t, n, buf, cap);
}

void mj_hand_totals(const mj_hand *h, uint8_t total[MJ_TILES])
{
    memcpy(total, h->count, MJ_TILES);
    for (int i = 0; i < h->n_melds; i++) {
        const mj_meld *m = &h->melds[i];
        if (m->type == MJ_CHI) {
            total[m->tile]++; total[m->tile + 1]++; total[m->tile + 2]++;
        } else {
            total[m->tile] = (uint8_t)(total[m->tile] + (m->type == MJ_PON ? 3 : 4));
        }
    }
}

static void put_meld(tku_sbuf *b, const mj_meld *m)
{
    uint8_t mt[4], red[3] = { 0, 0, 0 };
    int k = m->type == MJ_CHI || m->type == MJ_PON ? 3 : 4;
    for (int j = 0; j < k; j++)
        mt[j] = (uint8_t)(m->type == MJ_CHI ? m->tile + j : m->tile);
    if (m->red && m->tile < 27)
        red[m->tile / 9] = 1;
    tku_sbuf_putc(b, m->type == MJ_ANKAN ? '(' : '[');
    put_tiles(b, mt, k, red);
    tku_sbuf_putc(b, m->type == MJ_ANKAN ? ')' : ']');
}

size_t mj_meld_text(const mj_meld *m, char *buf, size_t cap)
{
    tku_sbuf b;
    tku_sbuf_init(&b, buf, cap);
    put_meld(&b, m);
    return b.kept;
}

size_t mj_hand_format(const mj_hand *h, char *buf, size_t cap)
{
    tku_sbuf b;
    tku_sbuf_init(&b, buf, cap);
    uint8_t tiles[16];
    int n = 0;
    for (int t = 0; t < MJ_TILES; t++)
        for (int k = 0; k < h->count[t] && n < 16; k++)
            tiles[n++] = (uint8_t)t;
    put_tiles(&b, tiles, n, h->red);
    for (int i = 0; i < h->n_melds; i++) {
        tku_sbuf_putc(&b, ' ');
        put_meld(&b, &h->melds[i]);
    }
    return b.kept;
}
