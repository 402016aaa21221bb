/* table.c - the per-thread context: one cached 64-bit entry per suit state.
 *
 * A "group" is one suit (9 tiles, sequences allowed) or the honours (7
 * tiles, no sequences).  Its state, the counts (0..4 each, at most 14 tiles
 * in all), is ranked in a combinatorial number system (a sum of per-tile
 * offsets, see make_rank), so the context holds 405,350 suit entries and
 * 43,130 honour entries (3.6 MB), zeroed by calloc and filled the first time
 * a state is met.  An entry packs:
 *   bits  0..39  need[m][p] (4 bits each, index 2m+p): the fewest tiles to
 *                draw so that the group holds exactly m blocks and p pairs
 *                (m 0..4, p 0..1) with no tile used more than 4 times;
 *   bits 40..48  win: tiles t such that state+t is complete (blocks, plus a
 *                pair when the tile count is 2 mod 3);
 *   bit  49      the state itself is complete in that sense;
 *   bit  63      the entry is filled.
 * need[][] comes from a dynamic programme over the tiles from low to high:
 * the carried state is how many sequences were started one and two tiles
 * back, the blocks and pairs used so far, and the value the largest number
 * of held tiles the target covers (need = target size - covered).  The
 * per-tile choices are new sequences, a triplet, a pair, with the target
 * count of the tile at most 4 - that is the Tenhou rule that a fifth copy
 * cannot be waited for.  Filling one entry costs a few microseconds; a warm
 * lookup is one memory read. */
#include "mj_internal.h"

#include <stdlib.h>
#include <string.h>

/* rank[i][b][c] = number of vectors for tiles i+1..n-1 (entries 0..4) that
 * come before: for each smaller count v < c of tile i, the completions of
 * the remaining n-1-i tiles within budget b - v. */
static uint32_t make_rank(uint32_t rank[][MJ_GROUP_MAX + 1][5], int n)
{
    /* cnt[k][b]: vectors of k tiles with sum <= b */
    uint32_t cnt[10][MJ_GROUP_MAX + 1];
    for (int b = 0; b <= MJ_GROUP_MAX; b++)
        cnt[0][b] = 1;
    for (int k = 1; k <= n; k++)
        for (int b = 0; b <= MJ_GROUP_MAX; b++) {
            uint32_t x = 0;
            for (int v = 0; v <= 4 && v <= b; v++)
                x += cnt[k - 1][b - v];
            cnt[k][b] = x;
        }
    for (int i = 0; i < n; i++)
        for (int b = 0; b <= MJ_GROUP_MAX; b++) {
            uint32_t x = 0;
            for (int c = 0; c <= 4; c++) {
                rank[i][b][c] = x;
                if (c <= b)
                    x += cnt[n - 1 - i][b - c];
            }
        }
    return cnt[n][MJ_GROUP_MAX];
}

mj_ctx *mj_ctx_create(void)
{
    mj_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->n_suit = make_rank(c->srank, 9);
    c->n_honor = make_rank(c->hrank, 7);
    c->suit = calloc(c->n_suit, sizeof *c->suit);
    c->honor = calloc(c->n_honor, sizeof *c->honor);
    if (!c->suit || !c->honor) {
        mj_ctx_destroy(c);
        return NULL;
    }
    return c;
}

void mj_ctx_destroy(mj_ctx *c)
{
    if (!c)
        return;
    free(c->suit);
    free(c->honor);
    free(c);
}

/* Is c[0..n) (counts may reach 5) a set of blocks plus `pair` pairs? */
int mj_group_complete(uint8_t *c, int n, int seq, int pair)
{
    int i = 0;
    while (i < n && !c[i])
        i++;
    if (i == n)
        return pair == 0;
    if (c[i] >= 3) {
        c[i] -= 3;
        int ok = mj_group_complete(c, n, seq, pair);
        c[i] += 3;
        if (ok)
            return 1;
    }
    if (pair && c[i] >= 2) {
        c[i] -= 2;
        int ok = mj_group_complete(c, n, seq, 0);
        c[i] += 2;
        if (ok)
            return 1;
    }
    if (seq && i + 2 < n && c[i + 1] && c[i + 2]) {
        c[i]--; c[i + 1]--; c[i + 2]--;
        int ok = mj_group_complete(c, n, seq, pair);
        c[i]++; c[i + 1]++; c[i + 2]++;
        if (ok)
            return 1;
    }
    return 0;
}

static uint64_t compute_entry(const uint8_t *cnt, int n, int seq)
{
    /* cur[a][b][2m+p]: a = sequences started two tiles back, b = one back,
     * m blocks and p pairs chosen so far; the largest coverage, -1 =
     * unreachable.  Only states with a + b <= m <= 4 exist; `live` has bit
     * 5a+b set for the (a, b) rows in use, so an empty tile with nothing
     * pending and no sequence to start costs nothing. */
    int8_t cur[5][5][10], nxt[5][5][10];
    uint32_t live = 1;
    memset(cur[0][0], -1, 10);
    cur[0][0][0] = 0;
    for (int i = 0; i < n; i++) {
        int c = cnt[i];
        /* only sequences that cover a held tile nothing else covers: more
         * than max(c[i], c[i+1], c[i+2]) of them starting here would leave
         * one covering nothing, no better than a blank block added at the end */
        int kmax = 0;
        if (seq && i + 2 < n) {
            kmax = c;
            if (cnt[i + 1] > kmax) kmax = cnt[i + 1];
            if (cnt[i + 2] > kmax) kmax = cnt[i + 2];
            if (kmax > 4) kmax = 4;
        }
        if (live == 1 && !c && !kmax)
            continue;
        int8_t gain[8];
        for (int T = 0; T < 8; T++)
            gain[T] = (int8_t)(T < c ? T : c);
        uint32_t nlive = 0;
        for (int a = 0; a <= 4; a++)
            for (int b = 0; a + b <= 4; b++) {
                if (!(live >> (5 * a + b) & 1))
                    continue;
                const int8_t *V = cur[a][b];
                int base = a + b;
                int klim = 4 - base < kmax ? 4 - base : kmax;
                for (int k = 0; k <= klim; k++) {
                    int8_t *R = nxt[b][k];
                    if (!(nlive >> (5 * b + k) & 1)) {
                        memset(R, -1, 10);
                        nlive |= 1u << (5 * b + k);
                    }
                    int T0 = base + k;
                    for (int m = base; m + k <= 4; m++)
                        for (int p = 0; p <= 1; p++) {
                            int v = V[2 * m + p];
                            if (v < 0)
                                continue;
                            int m0 = m + k;
                            int nv = v + gain[T0];
                            if (nv > R[2 * m0 + p]) R[2 * m0 + p] = (int8_t)nv;
                            if (!c)
                                continue;
                            if (!p && T0 + 2 <= 4) {      /* pair */
                                nv = v + gain[T0 + 2];
                                if (nv > R[2 * m0 + 1]) R[2 * m0 + 1] = (int8_t)nv;
                            }
                            if (T0 + 3 <= 4 && m0 < 4) {  /* triplet */
                                nv = v + gain[T0 + 3];
                                if (nv > R[2 * (m0 + 1) + p]) R[2 * (m0 + 1) + p] = (int8_t)nv;
                            }
                        }
                }
            }
        for (uint32_t x = nlive; x; x &= x - 1) {
            int bit = __builtin_ctz(x);
            memcpy(cur[bit / 5][bit % 5], nxt[bit / 5][bit % 5], 10);
        }
        live = nlive;
    }
    int8_t best[5][2];
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++)
            best[m][p] = (live & 1) ? cur[0][0][2 * m + p] : -1;
    /* Blocks and a pair made only of unheld tiles cover nothing; one always
     * fits (the target holds at most 11 tiles of the group, so some tile is
     * used at most once), so they cost 3 and 2 on top of a smaller target. */
    int need[5][2];
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++) {
            int cov = best[m][p];
            need[m][p] = cov < 0 ? 99 : 3 * m + 2 * p - cov;
            if (m > 0 && need[m - 1][p] + 3 < need[m][p])
                need[m][p] = need[m - 1][p] + 3;
            if (p > 0 && need[m][0] + 2 < need[m][1])
                need[m][1] = need[m][0] + 2;
        }
    uint64_t e = 0;
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++)
            e |= (uint64_t)(need[m][p] > 15 ? 15 : need[m][p]) << (4 * (2 * m + p));
    uint8_t w[9];
    int tot = 0;
    for (int i = 0; i < n; i++)
        tot += cnt[i];
    memcpy(w, cnt, (size_t)n);
    if (tot % 3 != 1 && mj_group_complete(w, n, seq, tot % 3 == 2))
        e |= (uint64_t)1 << 49;
    if ((tot + 1) % 3 != 1)
        for (int t = 0; t < n; t++) {
            w[t]++;
            if (mj_group_complete(w, n, seq, (tot + 1) % 3 == 2))
                e |= (uint64_t)1 << (40 + t);
            w[t]--;
        }
    return e | (uint64_t)1 << 63;
}

uint64_t mj_entry_fill(mj_ctx *ctx, int group, uint32_t idx, const uint8_t *cnt)
{
    uint64_t e;
    if (group < 3)
        e = ctx->suit[idx] = compute_entry(cnt, 9, 1);
    else
        e = ctx->honor[idx] = compute_entry(cnt, 7, 0);
    return e;
}
