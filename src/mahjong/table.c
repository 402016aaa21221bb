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

int mj_ctx_create(mj_ctx **out, tk_error *err)
{
    *out = NULL;
    mj_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    c->n_suit = make_rank(c->srank, 9);
    c->n_honor = make_rank(c->hrank, 7);
    c->suit = calloc(c->n_suit, sizeof *c->suit);
    c->honor = calloc(c->n_honor, sizeof *c->honor);
    if (!c->suit || !c->honor) {
        mj_ctx_destroy(c);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    *out = c;
    return TK_OK;
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
    /* best[a][b][m][p]: a = sequences started two tiles back, b = one back,
     * m blocks and p pairs chosen so far; -1 = unreachable.  Only states
     * with a + b <= m <= 4 exist. */
    int8_t best[5][5][5][2], nb[5][5][5][2];
    memset(best, -1, sizeof best);
    best[0][0][0][0] = 0;
    int amax = 0, bmax = 0;     /* carried sequence counts seen so far */
    for (int i = 0; i < n; i++) {
        int c = cnt[i];
        /* only blocks touching a held tile; blank ones are added at the end */
        int kmax = (seq && i + 2 < n && (c | cnt[i + 1] | cnt[i + 2])) ? 4 : 0;
        int8_t gain[5];
        for (int T = 0; T <= 4; T++)
            gain[T] = (int8_t)(T < c ? T : c);
        memset(nb, -1, sizeof nb);
        int nbmax = 0;
        for (int a = 0; a <= amax; a++)
            for (int b = 0; b <= bmax && a + b <= 4; b++)
                for (int m = a + b; m <= 4; m++)
                    for (int p = 0; p <= 1; p++) {
                        int v = best[a][b][m][p];
                        if (v < 0)
                            continue;
                        int base = a + b;
                        int klim = 4 - base < 4 - m ? 4 - base : 4 - m;
                        if (klim > kmax)
                            klim = kmax;
                        for (int k = 0; k <= klim; k++) {
                            int T0 = base + k, m0 = m + k;
                            int8_t *row = nb[b][k][0];
                            /* nothing else */
                            int nv = v + gain[T0];
                            if (nv > row[2 * m0 + p]) row[2 * m0 + p] = (int8_t)nv;
                            if (k > nbmax)
                                nbmax = k;
                            if (!c)
                                continue;
                            /* pair */
                            if (!p && T0 + 2 <= 4) {
                                nv = v + gain[T0 + 2];
                                if (nv > row[2 * m0 + 1]) row[2 * m0 + 1] = (int8_t)nv;
                            }
                            /* triplet (T0 + 3 <= 4 leaves no room for a pair too) */
                            if (T0 + 3 <= 4 && m0 < 4) {
                                nv = v + gain[T0 + 3];
                                if (nv > row[2 * (m0 + 1) + p]) row[2 * (m0 + 1) + p] = (int8_t)nv;
                            }
                        }
                    }
        memcpy(best, nb, sizeof best);
        amax = bmax;
        bmax = nbmax;
    }
    /* Blocks and a pair made only of unheld tiles cover nothing; one always
     * fits (the target holds at most 11 tiles of the group, so some tile is
     * used at most once), so they cost 3 and 2 on top of a smaller target. */
    int need[5][2];
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++) {
            int cov = best[0][0][m][p];
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
