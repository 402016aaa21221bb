/* mjwait_show.c - tiles in the Unicode mahjong block (U+1F000): characters
 * U+1F007.., circles U+1F019.., bamboo U+1F010.., winds U+1F000.. (E S W N),
 * dragons white U+1F006, green U+1F005, red U+1F004 (the block orders them
 * red, green, white). */
#include "cli/mjwait_show.h"

#include "tilekit/alphabet.h"

static uint32_t tile_cp(int t)
{
    static const uint32_t dragon[3] = { 0x1F006, 0x1F005, 0x1F004 };
    if (t < 9) return 0x1F007u + (uint32_t)t;
    if (t < 18) return 0x1F019u + (uint32_t)(t - 9);
    if (t < 27) return 0x1F010u + (uint32_t)(t - 18);
    if (t < 31) return 0x1F000u + (uint32_t)(t - 27);
    return dragon[t - 31];
}

void mjw_show_tile(cli_buf *f, int t, int times)
{
    char u[4];
    int n = alpha_utf8_encode(tile_cp(t), u);
    while (times-- > 0)
        cli_buf_put(f, u, (size_t)n);
}

void mjw_show_hand(cli_buf *f, const mj_hand *h)
{
    int suit = -1;
    for (int t = 0; t < MJ_TILES; t++) {
        if (!h->count[t])
            continue;
        if (suit >= 0 && t / 9 != suit)
            cli_buf_putc(f, ' ');
        suit = t / 9;
        mjw_show_tile(f, t, h->count[t]);
    }
    for (int i = 0; i < h->n_melds; i++) {
        const mj_meld *m = &h->melds[i];
        cli_buf_puts(f, m->type == MJ_ANKAN ? " (" : " [");
        if (m->type == MJ_CHI)
            for (int k = 0; k < 3; k++)
                mjw_show_tile(f, m->tile + k, 1);
        else
            mjw_show_tile(f, m->tile, m->type == MJ_PON ? 3 : 4);
        cli_buf_putc(f, m->type == MJ_ANKAN ? ')' : ']');
    }
}
