/* quick.c - the quick path for batches of compact hands ("123m456p11z").
 *
 * --shanten and --waits spend most of their time parsing and ranking when
 * the hands are written compactly, so this reader does both in one pass
 * from right to left (the suit letter comes before its digits): each
 * digit bumps its tile count, adds its base-5 digit to the group's code
 * (the cache rank is then two table lookups, see make_split in table.c),
 * and updates packed counters of kinds, pairs and orphans.  Anything it
 * does not accept - blanks, melds, words, a fifth copy, a bad tile, the
 * wrong tile count - makes it return TK_EFORMAT and the caller uses the
 * full parser, which explains the problem. */
#include "mj_internal.h"

#include <string.h>

int tki_mj_quick_read(mj_ctx *ctx, const char *s, size_t len, mj_quick *q)
{
    static const uint32_t POW5[10] = { 625, 1, 5, 25, 125, 625, 3125, 15625, 78125, 390625 };
    /* tile of digit d in group g (d = 0 is the red five), 255 = not a tile;
     * row 4 is "no suit letter yet" */
    static const uint8_t TILE[5][10] = {
        { 4, 0, 1, 2, 3, 4, 5, 6, 7, 8 }, { 13, 9, 10, 11, 12, 13, 14, 15, 16, 17 },
        { 22, 18, 19, 20, 21, 22, 23, 24, 25, 26 }, { 255, 27, 28, 29, 30, 31, 32, 33, 255, 255 },
        { 255, 255, 255, 255, 255, 255, 255, 255, 255, 255 } };
    /* what the x-th copy of a tile adds to the packed counters: kinds (bits
     * 0-7), pairs (8-15), orphan kinds (16-23), an orphan pair (24-27); row
     * 1 for terminals and honours */
    static const uint32_t ADD[2][5] = {
        { 0, 1, 1u << 8, 0, 0 },
        { 0, 1 | 1u << 16, 1u << 8 | 1u << 24, 0, 0 } };
    static const uint8_t ORPH[MJ_TILES] = {
        1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 1, 1, 1, 1, 1, 1 };
    uint32_t code[4] = { 0, 0, 0, 0 }, kp = 0;
    int held[5] = { 0, 0, 0, 0, 0 }, reds = 0, g = 4, orph_tiles = 0;
    memset(q->count, 0, sizeof q->count);
    for (size_t i = len; i-- > 0;) {
        unsigned c = (unsigned char)s[i], d = c - '0';
        if (d <= 9) {
            int t = TILE[g][d];
            if (t == 255)
                return TK_EFORMAT;
            if (d == 0) {
                if (reds >> g & 1)
                    return TK_EFORMAT;
                reds |= 1 << g;
            }
            int x = ++q->count[t];
            if (x > 4)
                return TK_EFORMAT;   /* a fifth copy */
            code[g] += POW5[d];
            kp += ADD[ORPH[t]][x];
            orph_tiles += ORPH[t];
            held[g]++;
            continue;
        }
        g = c == 'm' ? 0 : c == 'p' ? 1 : c == 's' ? 2 : c == 'z' ? 3 : -1;
        if (g < 0 || i == 0 || (unsigned)(s[i - 1] - '0') > 9)
            return TK_EFORMAT;   /* a letter needs digits before it */
    }
    int n = held[0] + held[1] + held[2] + held[3];
    if (n != 13 && n != 14)
        return TK_EFORMAT;
    q->n = n;
    q->kinds = kp & 255;
    q->pairs = kp >> 8 & 255;
    q->orph = kp >> 16 & 255;
    q->orph_pair = (kp >> 24 & 15) != 0;
    q->orph_tiles = orph_tiles;
    for (g = 0; g < 4; g++) {
        q->held[g] = held[g];
        q->e[g] = 0;
        if (!held[g])
            continue;
        uint32_t x;
        uint64_t *tab;
        if (g < 3) {
            uint32_t lo = code[g] % 3125, hi = code[g] / 3125;
            x = ctx->slo[lo] + ctx->shi[MJ_GROUP_MAX - ctx->slo_used[lo]][hi];
            tab = ctx->suit;
        } else {
            uint32_t lo = code[g] % 125, hi = code[g] / 125;
            x = ctx->hlo[lo] + ctx->hhi[MJ_GROUP_MAX - ctx->hlo_used[lo]][hi];
            tab = ctx->honor;
        }
        q->e[g] = tab[x] ? tab[x] : tki_mj_entry_fill(ctx, g, x, q->count + 9 * g);
    }
    return 0;
}

static const uint8_t ORPHANS[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };

/* The waits of a compact 13-tile hand without melds, as mj_waits gives them. */
int mj_waits_quick(mj_ctx *ctx, const char *s, size_t len, uint64_t *waits, uint64_t *dead)
{
    mj_quick q;
    int rc = tki_mj_quick_read(ctx, s, len, &q);
    if (rc)
        return rc;
    if (q.n != 13)
        return TK_EFORMAT;
    /* regular form: one group 1 mod 3 and the rest complete, or two groups
     * 2 mod 3 (one takes the wait, the other is complete with the pair) */
    int n1 = 0, n2 = 0, g1 = -1, g2a = -1, g2b = -1, ok = 1;
    for (int g = 0; g < 4; g++) {
        int r = q.held[g] % 3;
        if (r == 1) { n1++; g1 = g; }
        else if (r == 2) { n2++; if (g2a < 0) g2a = g; else g2b = g; }
        else if (q.held[g] && !MJ_E_COMPLETE(q.e[g])) ok = 0;
    }
    uint64_t shape = 0;
    if (ok && n1 == 1 && n2 == 0) {
        shape = (uint64_t)MJ_E_WIN(q.e[g1]) << (9 * g1);
    } else if (ok && n1 == 0 && n2 == 2) {
        if (MJ_E_COMPLETE(q.e[g2b]))
            shape |= (uint64_t)MJ_E_WIN(q.e[g2a]) << (9 * g2a);
        if (MJ_E_COMPLETE(q.e[g2a]))
            shape |= (uint64_t)MJ_E_WIN(q.e[g2b]) << (9 * g2b);
    }
    /* seven different pairs: six pairs and a single (kinds 7, pairs 6 and
     * 13 tiles leave no triplet) */
    if (q.pairs == 6 && q.kinds == 7)
        for (int t = 0; t < MJ_TILES; t++)
            if (q.count[t] == 1)
                shape |= (uint64_t)1 << t;
    /* thirteen orphans */
    if (q.orph_tiles == 13) {
        if (q.orph == 13) {
            for (int i = 0; i < 13; i++)
                shape |= (uint64_t)1 << ORPHANS[i];
        } else if (q.orph == 12 && q.orph_pair) {
            for (int i = 0; i < 13; i++)
                if (!q.count[ORPHANS[i]])
                    shape |= (uint64_t)1 << ORPHANS[i];
        }
    }
    uint64_t four = 0;
    for (uint64_t m = shape; m; m &= m - 1) {
        int t = mj_ctz64(m);
        if (q.count[t] == 4)
            four |= (uint64_t)1 << t;
    }
    *waits = shape & ~four;
    if (dead)
        *dead = shape & four;
    return 0;
}
