/* quick.c - the quick path for batches of compact hands ("123m456p11z").
 *
 * --shanten and --waits spend most of their time parsing and ranking when
 * the hands are written compactly, so this reader does both in one pass
 * from right to left (the suit letter comes before its digits): each digit
 * adds one word from a table to its group's accumulator, which packs the
 * group's base-5 code (digit i = copies of tile i; the red five is a 5),
 * the tiles written, the red fives and a "not a tile" counter.  Per group,
 * the code splits into a low and a high part whose lookups give the cache
 * rank (make_split in table.c) and, added, the counters of kinds, pairs and
 * orphans and the masks of tiles held (tables made by tki_mj_quick_init).
 * A fifth copy needs no per-tile count: it carries into the next base-5
 * digit, and any carry makes the digits of the code sum to less than the
 * tiles written.  Anything it does not accept - blanks, melds, words, a
 * fifth copy, two red fives of a suit, a bad tile, the wrong tile count -
 * makes it return TK_EFORMAT and the caller uses the full parser, which
 * explains the problem. */
#include "mj_internal.h"

#include <string.h>

/* Accumulator fields: code bits 0..23, tiles 24..31, red fives 32..39, not
 * a tile 40..47 (a line of at most 28 bytes fills none of them up). */
#define Q_TILE 0x1000000ull
#define Q_RED 0x100000000ull
#define Q_BAD 0x10000000000ull
#define Q_LEN 28   /* 14 tiles, each with its own suit letter */

/* Stat words: kinds (bits 0..7), pairs (8..15), orphan kinds (16..23),
 * orphan pairs (24..27), orphan tiles (28..31), then 9-bit masks of the
 * group's tiles held (32..), held once (41..) and held 4 times (50..). */
static uint64_t code_stat(int code, int digits, int first, int honor)
{
    uint64_t st = 0;
    for (int i = 0; i < digits; i++, code /= 5) {
        int c = code % 5, t = first + i;
        uint64_t orph = honor || t == 0 || t == 8;
        if (c >= 1) st += 1 | orph << 16 | (uint64_t)c * orph << 28 | 1ull << (32 + t);
        if (c >= 2) st += 1u << 8 | orph << 24;
        if (c == 1) st |= 1ull << (41 + t);
        if (c == 4) st |= 1ull << (50 + t);
    }
    return st;
}

void tki_mj_quick_init(mj_ctx *ctx)
{
    for (int code = 0; code < 3125; code++)
        ctx->sst_lo[code] = code_stat(code, 5, 0, 0);
    for (int code = 0; code < 625; code++) {
        int used = 0;
        for (int v = code; v; v /= 5)
            used += v % 5;
        ctx->hi_used[code] = (uint8_t)used;
        ctx->sst_hi[code] = code_stat(code, 4, 5, 0);
        ctx->hst_hi[code] = code_stat(code, 4, 3, 1);
    }
    for (int code = 0; code < 125; code++)
        ctx->hst_lo[code] = code_stat(code, 3, 0, 1);
}

/* The counts of a group from its base-5 code (for a lazy cache fill). */
static void code_counts(uint32_t code, int n, uint8_t *c)
{
    for (int i = 0; i < n; i++, code /= 5)
        c[i] = (uint8_t)(code % 5);
}

int tki_mj_quick_read(mj_ctx *ctx, const char *s, size_t len, mj_quick *q)
{
    /* the word digit d adds in group g (row 4: no suit letter yet) */
#define Q_SUIT(r) { 625 | Q_TILE | (r), 1 | Q_TILE, 5 | Q_TILE, 25 | Q_TILE, 125 | Q_TILE, 625 | Q_TILE, \
                    3125 | Q_TILE, 15625 | Q_TILE, 78125 | Q_TILE, 390625 | Q_TILE }
    static const uint64_t ADD[5][10] = {
        Q_SUIT(Q_RED), Q_SUIT(Q_RED), Q_SUIT(Q_RED),
        { Q_BAD, 1 | Q_TILE, 5 | Q_TILE, 25 | Q_TILE, 125 | Q_TILE, 625 | Q_TILE, 3125 | Q_TILE, 15625 | Q_TILE,
          Q_BAD, Q_BAD },
        { Q_BAD, Q_BAD, Q_BAD, Q_BAD, Q_BAD, Q_BAD, Q_BAD, Q_BAD, Q_BAD, Q_BAD } };
#undef Q_SUIT
    /* group + 1 of a suit letter */
    static const uint8_t LETTER[256] = { ['m'] = 1, ['p'] = 2, ['s'] = 3, ['z'] = 4 };
    if (len > Q_LEN)
        return TK_EFORMAT;
    /* acc: the digits since the last letter; row 4's starts non-zero so
     * that the last letter may have none after it */
    uint64_t w[5] = { 0, 0, 0, 0, 0 }, acc = 1;
    const uint64_t *row = ADD[4];
    int g = 4;
    for (size_t i = len; i-- > 0;) {
        unsigned c = (unsigned char)s[i], d = c - '0';
        if (d <= 9) {
            acc += row[d];
            continue;
        }
        if (!acc)
            return TK_EFORMAT;   /* the letter after this one has no digit */
        w[g] += acc;
        acc = 0;
        g = LETTER[c] - 1;
        if (g < 0)
            return TK_EFORMAT;
        row = ADD[g];
    }
    if (!acc)
        return TK_EFORMAT;   /* the first letter has no digit */
    w[g] += acc;
    /* a digit with no letter, a bad tile, two red fives of a suit */
    if ((w[0] | w[1] | w[2] | w[3] | w[4]) >> 33)
        return TK_EFORMAT;
    int n = 0;
    uint64_t st = 0;
    for (g = 0; g < 4; g++) {
        uint32_t code = (uint32_t)(w[g] & 0xFFFFFF), held = (uint32_t)(w[g] >> 24 & 255), lo, hi, x, used;
        uint64_t *tab, gs;
        if (held > MJ_GROUP_MAX)
            return TK_EFORMAT;
        if (g < 3) {
            lo = code % 3125, hi = code / 3125;
            if (hi >= 625 || (used = ctx->slo_used[lo]) + ctx->hi_used[hi] != held)
                return TK_EFORMAT;   /* a fifth copy (a carry) */
            x = ctx->slo[lo] + ctx->shi[MJ_GROUP_MAX - used][hi];
            gs = ctx->sst_lo[lo] + ctx->sst_hi[hi];
            tab = ctx->suit;
        } else {
            lo = code % 125, hi = code / 125;
            if (hi >= 625 || (used = ctx->hlo_used[lo]) + ctx->hi_used[hi] != held)
                return TK_EFORMAT;
            x = ctx->hlo[lo] + ctx->hhi[MJ_GROUP_MAX - used][hi];
            gs = ctx->hst_lo[lo] + ctx->hst_hi[hi];
            tab = ctx->honor;
        }
        n += (int)held;
        q->held[g] = (int)held;
        st += gs;
        q->st[g] = gs;
        if (tab[x]) {
            q->e[g] = tab[x];
        } else {
            uint8_t c[9];
            code_counts(code, g < 3 ? 9 : 7, c);
            q->e[g] = tki_mj_entry_fill(ctx, g, x, c);
        }
    }
    if (n != 13 && n != 14)
        return TK_EFORMAT;
    q->n = n;
    q->kinds = (int)(st & 255);
    q->pairs = (int)(st >> 8 & 255);
    q->orph = (int)(st >> 16 & 255);
    q->orph_pair = (st >> 24 & 15) != 0;
    q->orph_tiles = (int)(st >> 28 & 15);
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
    uint64_t shape = 0, has = 0, ones = 0, fours = 0;
    for (int g = 0; g < 4; g++) {   /* the tile masks of the groups' stat words */
        has |= (q.st[g] >> 32 & 0x1FF) << 9 * g;
        ones |= (q.st[g] >> 41 & 0x1FF) << 9 * g;
        fours |= (q.st[g] >> 50 & 0x1FF) << 9 * g;
    }
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
        shape |= ones;
    /* thirteen orphans */
    if (q.orph_tiles == 13) {
        if (q.orph == 13) {
            for (int i = 0; i < 13; i++)
                shape |= (uint64_t)1 << ORPHANS[i];
        } else if (q.orph == 12 && q.orph_pair) {
            for (int i = 0; i < 13; i++)
                if (!(has >> ORPHANS[i] & 1))
                    shape |= (uint64_t)1 << ORPHANS[i];
        }
    }
    uint64_t four = shape & fours;
    *waits = shape & ~four;
    if (dead)
        *dead = shape & four;
    return 0;
}
