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

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Rank tables by base-5 code for the first k tiles and for the rest
 * (digit i of a code is the count of tile i; codes whose tiles exceed the
 * budget are never looked up and get rank 0). */
static void make_split(uint32_t rank[][MJ_GROUP_MAX + 1][5], int n, int k, uint32_t *lo, uint8_t *lo_used,
                       uint32_t hi[][625])
{
    int nlo = 1, nhi = 625;
    for (int i = 0; i < k; i++)
        nlo *= 5;
    for (int code = 0; code < nlo; code++) {
        uint32_t x = 0;
        int b = MJ_GROUP_MAX, v = code;
        for (int i = 0; i < k; i++, v /= 5) {
            int c = v % 5;
            if (c > b) { x = 0; b = 0; break; }
            x += rank[i][b][c];
            b -= c;
        }
        lo[code] = x;
        lo_used[code] = (uint8_t)(MJ_GROUP_MAX - b);
    }
    for (int b0 = 0; b0 <= MJ_GROUP_MAX; b0++)
        for (int code = 0; code < nhi; code++) {
            uint32_t x = 0;
            int b = b0, v = code;
            for (int i = k; i < n; i++, v /= 5) {
                int c = v % 5;
                if (c > b) { x = 0; break; }
                x += rank[i][b][c];
                b -= c;
            }
            hi[b0][code] = x;
        }
}

int mj_ctx_create(mj_ctx **out, tk_error *err)
{
    *out = NULL;
    mj_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    c->n_suit = make_rank(c->srank, 9);
    c->n_honor = make_rank(c->hrank, 7);
    make_split(c->srank, 9, 5, c->slo, c->slo_used, c->shi);
    make_split(c->hrank, 7, 3, c->hlo, c->hlo_used, c->hhi);
    tki_mj_quick_init(c);
    c->suit = c->own_suit = calloc(c->n_suit, sizeof *c->suit);
    c->honor = c->own_honor = calloc(c->n_honor, sizeof *c->honor);
    c->pairs = calloc((size_t)1 << MJ_PAIR_BITS, sizeof *c->pairs);
    if (!c->suit || !c->honor || !c->pairs) {
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
    if (c->map)
        munmap(c->map, c->map_len);
    free(c->own_suit);
    free(c->own_honor);
    free(c->pairs);
    free(c->ext_suit);
    free(c->ext_honor);
    free(c->nu_pairs);
    free(c);
}

/* Is c[0..n) (counts may reach 5) a set of blocks plus `pair` pairs? */
int tki_mj_group_complete(uint8_t *c, int n, int seq, int pair)
{
    int i = 0;
    while (i < n && !c[i])
        i++;
    if (i == n)
        return pair == 0;
    if (c[i] >= 3) {
        c[i] -= 3;
        int ok = tki_mj_group_complete(c, n, seq, pair);
        c[i] += 3;
        if (ok)
            return 1;
    }
    if (pair && c[i] >= 2) {
        c[i] -= 2;
        int ok = tki_mj_group_complete(c, n, seq, 0);
        c[i] += 2;
        if (ok)
            return 1;
    }
    if (seq && i + 2 < n && c[i + 1] && c[i + 2]) {
        c[i]--; c[i + 1]--; c[i + 2]--;
        int ok = tki_mj_group_complete(c, n, seq, pair);
        c[i]++; c[i + 1]++; c[i + 2]++;
        if (ok)
            return 1;
    }
    return 0;
}

/* The most held tiles a target of m blocks and p pairs (m <= 4, p <= 1) of
 * this group can cover, into best[m][p] (-1: none), by a walk over the
 * group's tiles. */
static void best_coverage(const uint8_t *cnt, int n, int seq, int8_t best[5][2])
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
            int bit = mj_ctz64(x);
            memcpy(cur[bit / 5][bit % 5], nxt[bit / 5][bit % 5], 10);
        }
        live = nlive;
    }
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++)
            best[m][p] = (live & 1) ? cur[0][0][2 * m + p] : -1;
}

/* The tiles still needed for each target (m, p), 4 bits each, from the
 * coverage. */
static uint64_t pack_needs(int8_t best[5][2])
{
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
    return e;
}

/* Bit 49: the group is complete as it is; bit 40 + t: it is complete with
 * one more tile t. */
static uint64_t complete_flags(const uint8_t *cnt, int n, int seq)
{
    uint64_t e = 0;
    uint8_t w[9];
    int tot = 0;
    for (int i = 0; i < n; i++)
        tot += cnt[i];
    memcpy(w, cnt, (size_t)n);
    if (tot % 3 != 1 && tki_mj_group_complete(w, n, seq, tot % 3 == 2))
        e |= (uint64_t)1 << 49;
    if ((tot + 1) % 3 != 1)
        for (int t = 0; t < n; t++) {
            w[t]++;
            if (tki_mj_group_complete(w, n, seq, (tot + 1) % 3 == 2))
                e |= (uint64_t)1 << (40 + t);
            w[t]--;
        }
    return e;
}

static uint64_t compute_entry(const uint8_t *cnt, int n, int seq)
{
    int8_t best[5][2];
    best_coverage(cnt, n, seq, best);
    return pack_needs(best) | complete_flags(cnt, n, seq) | (uint64_t)1 << 63;
}

uint64_t tki_mj_entry_fill(mj_ctx *ctx, int group, uint32_t idx, const uint8_t *cnt)
{
    uint64_t e;
    if (group < 3)
        e = ctx->suit[idx] = compute_entry(cnt, 9, 1);
    else
        e = ctx->honor[idx] = compute_entry(cnt, 7, 0);
    return e;
}

/* ---- the whole table in a file ----
 * Computing an entry costs thousands of instructions, so a batch of random
 * hands spends most of its time filling the cache.  tools/mkmjtable fills
 * every entry once and saves them; mj_ctx_load() reads them back (a few
 * syscalls and one checksum pass).  Layout, little-endian:
 *   "TKMJTAB1", u32 version (1), u32 suit entries, u32 honour entries,
 *   u32 0, u64 checksum (FNV-1a over the entries' bytes, 64-bit words),
 *   then the suit entries and the honour entries (u64 each). */
#define TABLE_MAGIC "TKMJTAB1"

static uint64_t table_sum(const uint64_t *e, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ e[i]) * 0x100000001b3ull;
    return h;
}

static int little_endian(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 1;
}

/* Fill entries for every count vector of n tiles (0..4 each, sum <= 14). */
static void fill_group(mj_ctx *ctx, int group, int n)
{
    uint8_t c[9] = { 0 };
    for (;;) {
        int sum = 0;
        for (int i = 0; i < n; i++)
            sum += c[i];
        if (sum <= MJ_GROUP_MAX) {
            uint32_t x = group < 3 ? mj_suit_rank(ctx, c) : mj_honor_rank(ctx, c);
            uint64_t *tab = group < 3 ? ctx->suit : ctx->honor;
            if (!tab[x])
                tki_mj_entry_fill(ctx, group, x, c);
        }
        int i = 0;
        while (i < n && c[i] == 4)
            c[i++] = 0;
        if (i == n)
            break;
        c[i]++;
    }
}

void mj_ctx_fill_all(mj_ctx *ctx)
{
    fill_group(ctx, 0, 9);
    fill_group(ctx, 3, 7);
}

int mj_ctx_save(const mj_ctx *ctx, const char *path, tk_error *err)
{
    if (!little_endian())
        return tk_error_set(err, TK_EINVAL, 0, 0, "the table format is little-endian");
    for (uint32_t i = 0; i < ctx->n_suit; i++)
        if (!ctx->suit[i])
            return tk_error_set(err, TK_EINVAL, 0, 0, "table not filled (mj_ctx_fill_all)");
    for (uint32_t i = 0; i < ctx->n_honor; i++)
        if (!ctx->honor[i])
            return tk_error_set(err, TK_EINVAL, 0, 0, "table not filled (mj_ctx_fill_all)");
    FILE *f = fopen(path, "wb");
    if (!f)
        return tk_error_set(err, TK_EIO, 0, 0, "%s: cannot create", path);
    uint32_t head[4] = { 1, ctx->n_suit, ctx->n_honor, 0 };
    uint64_t sum = table_sum(ctx->suit, ctx->n_suit) ^ table_sum(ctx->honor, ctx->n_honor);
    int ok = fwrite(TABLE_MAGIC, 1, 8, f) == 8 && fwrite(head, 4, 4, f) == 4 && fwrite(&sum, 8, 1, f) == 1 &&
             fwrite(ctx->suit, 8, ctx->n_suit, f) == ctx->n_suit && fwrite(ctx->honor, 8, ctx->n_honor, f) == ctx->n_honor;
    if (fclose(f) != 0)
        ok = 0;
    if (!ok) {
        remove(path);
        return tk_error_set(err, TK_EIO, 0, 0, "%s: write error", path);
    }
    return 0;
}

int mj_ctx_load(mj_ctx *ctx, const char *path, tk_error *err)
{
    /* mapped copy-on-write: no copy, pages shared with other processes
     * until a (never needed) lazy fill writes one */
    if (!little_endian())
        return tk_error_set(err, TK_EINVAL, 0, 0, "the table format is little-endian");
    if (ctx->map)
        return tk_error_set(err, TK_EINVAL, 0, 0, "a table is already loaded");
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return tk_error_set(err, TK_EIO, 0, 0, "%s: cannot open", path);
    struct stat st;
    size_t head = 8 + 16 + 8, want = head + 8 * ((size_t)ctx->n_suit + ctx->n_honor);
    if (fstat(fd, &st) != 0 || st.st_size < (off_t)head) {
        close(fd);
        return tk_error_set(err, TK_EFORMAT, 0, 0, "%s: not a tilekit mahjong table", path);
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return tk_error_set(err, TK_EIO, 0, 0, "%s: cannot map", path);
    const unsigned char *p = map;
    uint32_t hd[4];
    uint64_t sum;
    memcpy(hd, p + 8, 16);
    memcpy(&sum, p + 24, 8);
    int rc = 0;
    if (memcmp(p, TABLE_MAGIC, 8) != 0)
        rc = tk_error_set(err, TK_EFORMAT, 0, 0, "%s: not a tilekit mahjong table", path);
    else if (hd[0] != 1)
        rc = tk_error_set(err, TK_EVERSION, 0, 0, "%s: table version %u (this build reads 1)", path, hd[0]);
    else if (hd[1] != ctx->n_suit || hd[2] != ctx->n_honor)
        rc = tk_error_set(err, TK_EFORMAT, 0, 0, "%s: wrong table size", path);
    else if ((size_t)st.st_size != want)
        rc = tk_error_set(err, TK_EFORMAT, 0, 0, "%s: truncated or oversized table", path);
    else {
        uint64_t *e = (uint64_t *)(void *)((unsigned char *)map + head);   /* 32-byte header: aligned */
        if ((table_sum(e, ctx->n_suit) ^ table_sum(e + ctx->n_suit, ctx->n_honor)) != sum)
            rc = tk_error_set(err, TK_ECHECKSUM, 0, 0, "%s: checksum mismatch", path);
        else {
            /* a zero entry is filled again on use; the others are only ever
             * read as bit fields, so a bad file can give wrong answers (the
             * checksum guards against that) but never a crash */
            ctx->map = map;
            ctx->map_len = (size_t)st.st_size;
            ctx->suit = e;
            ctx->honor = e + ctx->n_suit;
            return 0;
        }
    }
    munmap(map, (size_t)st.st_size);
    return rc;
}
