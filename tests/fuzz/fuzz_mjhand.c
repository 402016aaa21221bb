/* fuzz_mjhand.c - libFuzzer target: parser + whole analysis of one hand.
 *
 * The input is one hand line.  If it parses, the target checks invariants
 * that must hold for every hand: the canonical text parses back to the same
 * hand; every wait completes the hand (checked with a small independent
 * completeness test) and is not held 4 times; every tile not a wait or a
 * dead wait does not complete it; shanten is 0 exactly when the shape has a
 * wait, -1 exactly for a complete 14-tile hand; each reading's blocks, pair,
 * shape and the wait add up to the closed tiles plus the wait; and each best
 * discard's shanten matches mj_shanten_counts.  A broken invariant aborts. */
#include "tilekit/mahjong.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int blocks_only(int *c)
{
    for (int i = 0; i < 34; i++) {
        if (!c[i])
            continue;
        if (c[i] >= 3) {
            c[i] -= 3;
            int ok = blocks_only(c);
            c[i] += 3;
            return ok;
        }
        if (i >= 27 || i % 9 > 6 || !c[i + 1] || !c[i + 2])
            return 0;
        c[i]--; c[i + 1]--; c[i + 2]--;
        int ok = blocks_only(c);
        c[i]++; c[i + 1]++; c[i + 2]++;
        return ok;
    }
    return 1;
}

static int complete(const uint8_t *cnt, int k)
{
    int c[34], pairs = 0, other = 0, orph = 0, kinds = 0, n = 0;
    static const int O[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };
    for (int i = 0; i < 34; i++) {
        c[i] = cnt[i];
        n += c[i];
        pairs += c[i] == 2;
        other += c[i] && c[i] != 2;
    }
    for (int i = 0; i < 13; i++) {
        orph += c[O[i]];
        kinds += c[O[i]] > 0;
    }
    if (k == 0 && ((pairs == 7 && !other) || (orph == 14 && n == 14 && kinds == 13)))
        return 1;
    for (int p = 0; p < 34; p++) {
        if (c[p] < 2)
            continue;
        c[p] -= 2;
        int ok = blocks_only(c);
        c[p] += 2;
        if (ok)
            return 1;
    }
    return 0;
}

static mj_ctx *ctx;
static mj_result res;

static void add_block(uint8_t *c, const mj_block *b)
{
    if (b->type == MJ_SEQ) { c[b->tile]++; c[b->tile + 1]++; c[b->tile + 2]++; }
    else c[b->tile] = (uint8_t)(c[b->tile] + (b->type == MJ_TRIPLET ? 3 : 2));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx && mj_ctx_create(&ctx, NULL))
        return 0;
    mj_hand h;
    tk_error err;
    if (mj_parse(&h, (const char *)data, size, &err) != 0)
        return 0;
    char text[MJ_HAND_TEXT];
    mj_hand_format(&h, text, sizeof text);
    mj_hand back;
    if (mj_parse(&back, text, strlen(text), &err) != 0 || memcmp(back.count, h.count, 34) != 0 ||
        back.n_melds != h.n_melds || back.n_tiles != h.n_tiles)
        abort();
    if (mj_analyze(ctx, &h, 0, &res, &err) != 0)
        abort();
    uint8_t tot[34], c[34];
    mj_hand_totals(&h, tot);
    memcpy(c, h.count, 34);
    if (res.is14) {
        if ((res.shanten == -1) != complete(c, h.n_melds) || res.complete != (res.shanten == -1))
            abort();
        if (res.complete && res.n_readings < 1)
            abort();
        for (int i = 0; i < res.n_discards; i++) {
            c[res.discards[i].tile]--;
            int sh = 99;
            if (mj_shanten_counts(ctx, c, h.n_melds, &sh, NULL) != 0 || sh != res.discards[i].shanten ||
                res.discards[i].shanten < res.shanten)
                abort();
            c[res.discards[i].tile]++;
        }
        return 0;
    }
    uint64_t shape = 0;
    for (int t = 0; t < 34; t++) {
        c[t]++;
        if (complete(c, h.n_melds))
            shape |= (uint64_t)1 << t;
        c[t]--;
    }
    if ((res.wait_mask | res.dead_mask) != shape || (res.wait_mask & res.dead_mask))
        abort();
    for (int t = 0; t < 34; t++)
        if ((res.wait_mask >> t & 1) && tot[t] >= 4)
            abort();
    if ((res.wait_mask != 0) && res.shanten != 0)
        abort();
    if (res.shanten < 0 || (res.shanten == 0 && !shape))
        abort();
    for (int i = 0; i < res.n_waits; i++) {
        const mj_wait *w = &res.waits[i];
        if (w->n == 0)
            abort();
        for (int j = 0; j < w->n; j++) {
            const mj_reading *r = &res.readings[w->first + j];
            uint8_t s[35] = { 0 };
            for (int b = 0; b < r->n_blocks; b++)
                add_block(s, &r->blocks[b]);
            if (r->pair >= 0)
                s[r->pair] = (uint8_t)(s[r->pair] + 2);
            for (int k = 0; k < r->shape_len; k++)
                s[r->shape[k]]++;
            if (memcmp(s, h.count, 34) != 0)   /* blocks + pair + shape = the closed tiles */
                abort();
            if (r->kind == MJ_KOKUSHI || r->kind == MJ_KOKUSHI13)
                continue;
            s[w->tile]++;
            if (!complete(s, h.n_melds))
                abort();
        }
    }
    return 0;
}
