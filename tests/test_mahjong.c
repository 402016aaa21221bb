/* test_mahjong.c - unit tests and independent oracles for the mahjong module.
 *
 * The oracles here share no code with src/mahjong:
 * - complete14(): the textbook "is this hand complete" check (each pair in
 *   turn, then triplet-or-sequence greedily from the lowest tile, plus seven
 *   different pairs and thirteen orphans); the wait set of a hand is every
 *   tile, not held 4 times, that makes it complete.
 * - oracle_readings(): brute-force split of the 13 closed tiles into blocks,
 *   a pair and a waiting shape by trying every role for the lowest tile,
 *   deduplicated as sorted strings; gives every (wait, reading) pair.
 * - oracle_shanten(): the definition itself - the largest overlap between
 *   the hand and any target of 4 - k blocks + a pair (no tile more than 4
 *   times), searched over all block multisets with branch and bound; seven
 *   pairs / thirteen orphans by choosing the best tiles directly.
 * They are compared with the library on every closed single-suit 13-tile
 * hand, on random hands (tenpai, near-tenpai, noten; with melds and red
 * fives, written to text and parsed back), and the vectors in ../shared.
 * Under the sanitizers the generated-case counts are a quarter
 * (th_sanitized_scale): the plain run keeps them whole. */
#include "support/harness.h"
#include "support/json.h"
#include "support/mjshanten_oracle.h"
#include "tilekit/mahjong.h"
#include "mahjong/mj_internal.h"   /* to check the state ranking */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static mj_ctx *CTX;
static mj_result RES;

static mj_ctx *ctx(void)
{
    if (!CTX)
        mj_ctx_create(&CTX, NULL);
    return CTX;
}

/* The library's shanten, or TK_EINVAL. */
static int lib_shanten(const uint8_t *c, int k)
{
    int s = 99;
    int rc = mj_shanten_counts(ctx(), c, k, &s, NULL);
    return rc ? rc : s;
}

static const int ORPH[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };

/* ------------------------------------------------------------ oracle: complete */

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
        if (i >= 27 || i % 9 > 6 || c[i + 1] < 1 || c[i + 2] < 1)
            return 0;
        c[i]--; c[i + 1]--; c[i + 2]--;
        int ok = blocks_only(c);
        c[i]++; c[i + 1]++; c[i + 2]++;
        return ok;
    }
    return 1;
}

static int regular_complete(const int *cnt)
{
    int c[34];
    memcpy(c, cnt, sizeof c);
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

static int chiitoi_complete(const int *c)
{
    int pairs = 0;
    for (int i = 0; i < 34; i++) {
        if (c[i] == 2) pairs++;
        else if (c[i]) return 0;
    }
    return pairs == 7;
}

static int kokushi_complete(const int *c)
{
    int n = 0, kinds = 0;
    for (int i = 0; i < 13; i++) {
        n += c[ORPH[i]];
        kinds += c[ORPH[i]] > 0;
    }
    int all = 0;
    for (int i = 0; i < 34; i++)
        all += c[i];
    return n == 14 && all == 14 && kinds == 13;
}

/* closed counts (14 - 3k tiles), k melds */
static int complete14(const int *c, int k)
{
    if (regular_complete(c))
        return 1;
    return k == 0 && (chiitoi_complete(c) || kokushi_complete(c));
}

static uint64_t oracle_waits(const mj_hand *h, uint64_t *dead)
{
    int c[34];
    uint8_t tot[34];
    mj_hand_totals(h, tot);
    for (int i = 0; i < 34; i++)
        c[i] = h->count[i];
    uint64_t w = 0;
    *dead = 0;
    for (int t = 0; t < 34; t++) {
        c[t]++;
        if (complete14(c, h->n_melds)) {
            if (tot[t] < 4) w |= (uint64_t)1 << t;
            else *dead |= (uint64_t)1 << t;
        }
        c[t]--;
    }
    return w;
}

/* ------------------------------------------------------------ oracle: readings */

#define OMAX 4096
typedef struct rlist { int n; char s[OMAX][80]; } rlist;

static void tname(int t, char *o) { o[0] = (char)('1' + t % 9); o[1] = "mpsz"[t / 9]; o[2] = 0; }

/* text of a group of tiles of one suit, e.g. {0,1,2} -> "123m" */
static void gtext(const int *t, int n, char *o)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        o[k++] = (char)('1' + t[i] % 9);
    o[k++] = "mpsz"[t[0] / 9];
    o[k] = 0;
}

typedef struct ost {
    int c[34];
    char blocks[8][8];   /* complete blocks and the pair, text */
    int nb;
    int pair;            /* tile or -1 */
    int shape[2], ns;    /* -1 none yet */
    int k;
} ost;

static int cmpstr(const void *a, const void *b) { return strcmp(a, b); }

static void emit(ost *s, rlist *out)
{
    int need = 4 - s->k;
    /* forms: need blocks + single, or need-1 blocks + pair + 2-tile shape */
    int form1 = s->nb == need && s->pair < 0 && s->ns == 1;
    int form2 = s->nb == need - 1 && s->pair >= 0 && s->ns == 2;
    if (!form1 && !form2)
        return;
    int waits[2], kinds[2], nw = 0;   /* kind codes as in mahjong.h */
    int a = s->shape[0], b = s->ns == 2 ? s->shape[1] : -1;
    if (s->ns == 1) { waits[nw] = a; kinds[nw++] = MJ_TANKI; }
    else if (a == b) { waits[nw] = a; kinds[nw++] = MJ_SHANPON; }
    else if (b == a + 2) { waits[nw] = a + 1; kinds[nw++] = MJ_KANCHAN; }
    else {
        int pen = a % 9 == 0 || a % 9 == 7;
        if (a % 9 > 0) { waits[nw] = a - 1; kinds[nw++] = pen ? MJ_PENCHAN : MJ_RYANMEN; }
        if (b % 9 < 8) { waits[nw] = b + 1; kinds[nw++] = pen ? MJ_PENCHAN : MJ_RYANMEN; }
    }
    char sorted[8][8];
    int n = 0;
    for (int i = 0; i < s->nb; i++)
        strcpy(sorted[n++], s->blocks[i]);
    if (s->pair >= 0) {
        int p[2] = { s->pair, s->pair };
        gtext(p, 2, sorted[n++]);
    }
    qsort(sorted, (size_t)n, sizeof sorted[0], cmpstr);
    char shape[8];
    gtext(s->shape, s->ns, shape);
    for (int i = 0; i < nw; i++) {
        if (out->n >= OMAX)
            return;
        char *o = out->s[out->n++], w[3];
        tname(waits[i], w);
        int len = sprintf(o, "%s", w);
        for (int j = 0; j < n; j++)
            len += sprintf(o + len, " %s", sorted[j]);
        sprintf(o + len, " [%s] %s", shape, mj_kind_name(kinds[i]));
    }
}

static void orec(ost *s, rlist *out)
{
    int i = 0;
    while (i < 34 && !s->c[i])
        i++;
    if (i == 34) {
        emit(s, out);
        return;
    }
    int suited = i < 27;
    /* triplet */
    if (s->c[i] >= 3 && s->nb < 4) {
        int t[3] = { i, i, i };
        s->c[i] -= 3; gtext(t, 3, s->blocks[s->nb++]);
        orec(s, out);
        s->nb--; s->c[i] += 3;
    }
    /* sequence */
    if (suited && i % 9 <= 6 && s->c[i + 1] && s->c[i + 2] && s->nb < 4) {
        int t[3] = { i, i + 1, i + 2 };
        s->c[i]--; s->c[i + 1]--; s->c[i + 2]--;
        gtext(t, 3, s->blocks[s->nb++]);
        orec(s, out);
        s->nb--; s->c[i]++; s->c[i + 1]++; s->c[i + 2]++;
    }
    /* pair */
    if (s->c[i] >= 2 && s->pair < 0) {
        s->c[i] -= 2; s->pair = i;
        orec(s, out);
        s->pair = -1; s->c[i] += 2;
    }
    if (s->ns == 0) {
        /* single */
        s->c[i]--; s->shape[0] = i; s->ns = 1;
        orec(s, out);
        s->ns = 0; s->c[i]++;
        /* pair shape */
        if (s->c[i] >= 2) {
            s->c[i] -= 2; s->shape[0] = s->shape[1] = i; s->ns = 2;
            orec(s, out);
            s->ns = 0; s->c[i] += 2;
        }
        for (int d = 1; d <= 2; d++)
            if (suited && i % 9 + d <= 8 && s->c[i + d]) {
                s->c[i]--; s->c[i + d]--; s->shape[0] = i; s->shape[1] = i + d; s->ns = 2;
                orec(s, out);
                s->ns = 0; s->c[i]++; s->c[i + d]++;
            }
    }
}

/* Every "wait reading" line of a 13-3k hand, sorted and unique, dead waits removed. */
static void oracle_readings(const mj_hand *h, rlist *out)
{
    static ost s;
    memset(&s, 0, sizeof s);
    for (int i = 0; i < 34; i++)
        s.c[i] = h->count[i];
    s.pair = -1;
    s.k = h->n_melds;
    out->n = 0;
    orec(&s, out);
    if (h->n_melds == 0) {
        /* seven pairs: six different pairs + a different single */
        int pairs = 0, single = -1, other = 0;
        for (int i = 0; i < 34; i++) {
            if (h->count[i] == 2) pairs++;
            else if (h->count[i] == 1) { if (single >= 0) other = 1; single = i; }
            else if (h->count[i]) other = 1;
        }
        if (pairs == 6 && single >= 0 && !other && out->n < OMAX) {
            char *o = out->s[out->n++], w[3];
            tname(single, w);
            int len = sprintf(o, "%s", w), np = 0;
            char g[8][8];
            for (int i = 0; i < 34; i++)
                if (h->count[i] == 2) {
                    int p[2] = { i, i };
                    gtext(p, 2, g[np++]);
                }
            qsort(g, (size_t)np, sizeof g[0], cmpstr);
            for (int i = 0; i < np; i++)
                len += sprintf(o + len, " %s", g[i]);
            sprintf(o + len, " [%s] chiitoi", w);
        }
        int kinds = 0, n = 0, pair = 0, missing = -1;
        for (int i = 0; i < 13; i++) {
            int x = h->count[ORPH[i]];
            n += x; kinds += x > 0; pair += x == 2;
            if (!x) missing = ORPH[i];
        }
        if (n == 13 && kinds == 13)
            for (int i = 0; i < 13 && out->n < OMAX; i++) {
                char w[3];
                tname(ORPH[i], w);
                sprintf(out->s[out->n++], "%s kokushi13", w);
            }
        if (n == 13 && kinds == 12 && pair == 1 && out->n < OMAX) {
            char w[3];
            tname(missing, w);
            sprintf(out->s[out->n++], "%s kokushi", w);
        }
    }
    /* drop dead waits */
    uint8_t tot[34];
    mj_hand_totals(h, tot);
    int k = 0;
    for (int i = 0; i < out->n; i++) {
        int t = mj_tile_parse((char[]){ out->s[i][0], out->s[i][1], 0 });
        if (t >= 0 && tot[t] < 4)
            memmove(out->s[k++], out->s[i], sizeof out->s[0]);
    }
    out->n = k;
    qsort(out->s, (size_t)out->n, sizeof out->s[0], cmpstr);
    k = 0;
    for (int i = 0; i < out->n; i++)
        if (k == 0 || strcmp(out->s[k - 1], out->s[i]))
            memmove(out->s[k++], out->s[i], sizeof out->s[0]);
    out->n = k;
}

/* Decompositions of a complete 14 - 3k hand: blocks + pair by trying every
 * role for the lowest tile, as sorted strings, deduplicated; plus seven
 * pairs and thirteen orphans. */
static void odec_rec(ost *s, rlist *out)
{
    int i = 0;
    while (i < 34 && !s->c[i])
        i++;
    if (i == 34) {
        if (s->pair < 0 || s->nb != 4 - s->k || out->n >= OMAX)
            return;
        char sorted[8][8];
        int n = 0;
        for (int b = 0; b < s->nb; b++)
            strcpy(sorted[n++], s->blocks[b]);
        int p[2] = { s->pair, s->pair };
        gtext(p, 2, sorted[n++]);
        qsort(sorted, (size_t)n, sizeof sorted[0], cmpstr);
        char *o = out->s[out->n++];
        int len = sprintf(o, "regular");
        for (int b = 0; b < n; b++)
            len += sprintf(o + len, " %s", sorted[b]);
        return;
    }
    if (s->c[i] >= 3 && s->nb < 4) {
        int t[3] = { i, i, i };
        s->c[i] -= 3; gtext(t, 3, s->blocks[s->nb++]);
        odec_rec(s, out);
        s->nb--; s->c[i] += 3;
    }
    if (i < 27 && i % 9 <= 6 && s->c[i + 1] && s->c[i + 2] && s->nb < 4) {
        int t[3] = { i, i + 1, i + 2 };
        s->c[i]--; s->c[i + 1]--; s->c[i + 2]--;
        gtext(t, 3, s->blocks[s->nb++]);
        odec_rec(s, out);
        s->nb--; s->c[i]++; s->c[i + 1]++; s->c[i + 2]++;
    }
    if (s->c[i] >= 2 && s->pair < 0) {
        s->c[i] -= 2; s->pair = i;
        odec_rec(s, out);
        s->pair = -1; s->c[i] += 2;
    }
}

static void oracle_decompositions(const mj_hand *h, rlist *out)
{
    static ost s;
    memset(&s, 0, sizeof s);
    int c[34];
    for (int i = 0; i < 34; i++)
        c[i] = s.c[i] = h->count[i];
    s.pair = -1;
    s.k = h->n_melds;
    out->n = 0;
    odec_rec(&s, out);
    if (h->n_melds == 0 && chiitoi_complete(c))
        strcpy(out->s[out->n++], "chiitoi");
    if (h->n_melds == 0 && kokushi_complete(c))
        strcpy(out->s[out->n++], "kokushi");
    qsort(out->s, (size_t)out->n, sizeof out->s[0], cmpstr);
    int k = 0;
    for (int i = 0; i < out->n; i++)
        if (k == 0 || strcmp(out->s[k - 1], out->s[i]))
            memmove(out->s[k++], out->s[i], sizeof out->s[0]);
    out->n = k;
}

static void lib_decompositions(const mj_result *r, rlist *out)
{
    out->n = 0;
    for (int i = 0; i < r->n_readings && out->n < OMAX; i++) {
        const mj_reading *rd = &r->readings[i];
        char *o = out->s[out->n++];
        if (rd->kind != MJ_COMPLETE) {
            strcpy(o, mj_kind_name(rd->kind));
            continue;
        }
        char sorted[8][16];
        int n = 0;
        for (int b = 0; b < rd->n_blocks; b++)
            mj_block_text(&rd->blocks[b], sorted[n++], 16);
        mj_block p = { MJ_PAIR, (uint8_t)rd->pair };
        mj_block_text(&p, sorted[n++], 16);
        qsort(sorted, (size_t)n, sizeof sorted[0], cmpstr);
        int len = sprintf(o, "regular");
        for (int b = 0; b < n; b++)
            len += sprintf(o + len, " %s", sorted[b]);
    }
    qsort(out->s, (size_t)out->n, sizeof out->s[0], cmpstr);
}

/* The library's readings in the oracle's text form. */
static void lib_readings(const mj_result *r, rlist *out)
{
    out->n = 0;
    for (int i = 0; i < r->n_waits; i++) {
        const mj_wait *w = &r->waits[i];
        for (int j = 0; j < w->n && out->n < OMAX; j++) {
            const mj_reading *rd = &r->readings[w->first + j];
            char *o = out->s[out->n++], wn[3], sorted[8][16];
            mj_tile_name(w->tile, wn);
            if (rd->kind == MJ_KOKUSHI || rd->kind == MJ_KOKUSHI13) {
                sprintf(o, "%s %s", wn, mj_kind_name(rd->kind));
                continue;
            }
            int n = 0;
            for (int b = 0; b < rd->n_blocks; b++)
                mj_block_text(&rd->blocks[b], sorted[n++], 16);
            if (rd->pair >= 0) {
                mj_block p = { MJ_PAIR, (uint8_t)rd->pair };
                mj_block_text(&p, sorted[n++], 16);
            }
            qsort(sorted, (size_t)n, sizeof sorted[0], cmpstr);
            int len = sprintf(o, "%s", wn);
            for (int b = 0; b < n; b++)
                len += sprintf(o + len, " %s", sorted[b]);
            char sh[16];
            mj_shape_text(rd->shape, rd->shape_len, sh, sizeof sh);
            sprintf(o + len, " [%s] %s", sh, mj_kind_name(rd->kind));
        }
    }
    qsort(out->s, (size_t)out->n, sizeof out->s[0], cmpstr);
}

/* ------------------------------------------------------------ helpers */

static int parse(const char *s, mj_hand *h)
{
    tk_error e = { 0 };
    return mj_parse(h, s, strlen(s), &e);
}

static void mask_text(uint64_t m, char *o)
{
    int k = 0;
    for (int t = 0; t < 34; t++)
        if (m >> t & 1) {
            char n[3];
            mj_tile_name(t, n);
            k += sprintf(o + k, "%s%s", k ? " " : "", n);
        }
    o[k] = 0;
}

static rlist RA, RB;

/* Compare library and oracle on one parsed hand; returns 0 if all agree. */
static int compare_hand(const mj_hand *h, int with_readings, int with_shanten, const char *label)
{
    int bad = 0;
    tk_error e = { 0 };
    int rc = mj_analyze(ctx(), h, 0, &RES, &e);
    CHECKF(rc == 0, "%s: analyze failed: %s", label, e.msg);
    if (rc)
        return 1;
    if (RES.is14) {
        int c[34];
        for (int i = 0; i < 34; i++) c[i] = h->count[i];
        int comp = complete14(c, h->n_melds);
        CHECKF(comp == RES.complete, "%s: complete %d, oracle %d", label, RES.complete, comp);
        bad |= comp != RES.complete;
        if (comp && !bad) {
            /* every decomposition, against the brute-force one */
            oracle_decompositions(h, &RA);
            lib_decompositions(&RES, &RB);
            int same = RA.n == RB.n;
            for (int i = 0; same && i < RA.n; i++)
                same = strcmp(RA.s[i], RB.s[i]) == 0;
            CHECKF(same, "%s: %d decompositions, oracle %d", label, RB.n, RA.n);
            bad |= !same;
        } else if (!comp) {
            /* discards: exactly the tiles whose removal gives the best
             * shanten, each with the tiles that lower it and their unseen
             * copies (shanten from mj_shanten_counts, itself checked against
             * the brute force) */
            uint8_t cc[34], tot[34];
            memcpy(cc, h->count, 34);
            mj_hand_totals(h, tot);
            int best = 99;
            for (int x = 0; x < 34; x++)
                if (cc[x]) {
                    cc[x]--;
                    int v = lib_shanten(cc, h->n_melds);
                    if (v < best) best = v;
                    cc[x]++;
                }
            int nd = 0, okd = 1;
            for (int x = 0; x < 34; x++) {
                if (!cc[x]) continue;
                cc[x]--;
                if (lib_shanten(cc, h->n_melds) == best) {
                    uint64_t acc = 0;
                    int uke = 0;
                    for (int t = 0; t < 34; t++) {
                        if (tot[t] >= 4) continue;
                        cc[t]++;
                        if (lib_shanten(cc, h->n_melds) < best) {
                            acc |= (uint64_t)1 << t;
                            uke += 4 - tot[t];
                        }
                        cc[t]--;
                    }
                    int found = 0;
                    for (int i = 0; i < RES.n_discards; i++)
                        if (RES.discards[i].tile == x)
                            found = RES.discards[i].accept == acc && RES.discards[i].ukeire == uke &&
                                    RES.discards[i].shanten == best;
                    okd &= found;
                    nd++;
                }
                cc[x]++;
            }
            for (int i = 1; i < RES.n_discards; i++)
                okd &= RES.discards[i - 1].ukeire >= RES.discards[i].ukeire;
            CHECKF(okd && nd == RES.n_discards && best == RES.shanten,
                   "%s: discards differ from the definition", label);
            bad |= !(okd && nd == RES.n_discards);
        }
    } else {
        uint64_t dead, w = oracle_waits(h, &dead);
        if (w != RES.wait_mask || dead != RES.dead_mask) {
            char a[200], b[200];
            mask_text(RES.wait_mask, a);
            mask_text(w, b);
            CHECKF(0, "%s: waits '%s', oracle '%s'", label, a, b);
            bad = 1;
        }
        uint64_t dl;
        CHECKF(mj_waits(ctx(), h, &dl) == w && dl == dead, "%s: mj_waits differs", label);
        if (with_readings && !bad) {
            oracle_readings(h, &RA);
            lib_readings(&RES, &RB);
            int same = RA.n == RB.n;
            for (int i = 0; same && i < RA.n; i++)
                same = strcmp(RA.s[i], RB.s[i]) == 0;
            if (!same) {
                CHECKF(0, "%s: %d readings, oracle %d", label, RB.n, RA.n);
                for (int i = 0; i < RA.n && i < 30; i++) printf("   oracle %s\n", RA.s[i]);
                for (int i = 0; i < RB.n && i < 30; i++) printf("   lib    %s\n", RB.s[i]);
                bad = 1;
            }
        }
        /* tenpai <=> shanten 0 and a live wait (closed part only) */
        if (RES.wait_mask)
            CHECKF(RES.shanten == 0, "%s: waits but shanten %d", label, RES.shanten);
    }
    /* the table shanten agrees with the analysis (which takes 0 from a live wait) */
    int fs = lib_shanten(h->count, h->n_melds);
    CHECKF(fs == RES.shanten, "%s: mj_shanten %d, analysis %d", label, fs, RES.shanten);
    bad |= fs != RES.shanten;
    if (with_shanten) {
        int bs = oracle_shanten(h->count, h->n_melds);
        CHECKF(bs == RES.shanten, "%s: shanten %d, brute force %d", label, RES.shanten, bs);
        bad |= bs != RES.shanten;
    }
    return bad;
}

/* ------------------------------------------------------------ generators */

/* A random complete hand: k melds (some closed kans), closed blocks, pair.
 * Returns 0 if the wall ran out of copies (try again). */
static int gen_complete(th_rng *r, mj_hand *h, int k, int honours_ok)
{
    uint8_t tot[34] = { 0 };
    memset(h, 0, sizeof *h);
    int nblocks = 4;
    for (int b = 0; b < nblocks + 1; b++) {
        int tries = 0;
        for (;;) {
            if (++tries > 100)
                return 0;
            int pair = b == nblocks;
            int seq = !pair && th_below(r, 3) != 0;
            int t = (int)th_below(r, honours_ok ? 34 : 27);
            if (seq) {
                if (t >= 27 || t % 9 > 6)
                    continue;
                if (tot[t] >= 4 || tot[t + 1] >= 4 || tot[t + 2] >= 4)
                    continue;
                tot[t]++; tot[t + 1]++; tot[t + 2]++;
                if (b < k) {
                    h->melds[h->n_melds++] = (mj_meld){ MJ_CHI, (uint8_t)t, 0 };
                } else {
                    h->count[t]++; h->count[t + 1]++; h->count[t + 2]++;
                }
            } else {
                int n = pair ? 2 : 3;
                int kan = !pair && b < k && th_below(r, 3) == 0;
                if (tot[t] + n + kan > 4)
                    continue;
                tot[t] = (uint8_t)(tot[t] + n + kan);
                if (!pair && b < k)
                    h->melds[h->n_melds++] = (mj_meld){ (uint8_t)(kan ? (th_below(r, 2) ? MJ_KAN : MJ_ANKAN) : MJ_PON), (uint8_t)t, 0 };
                else
                    h->count[t] = (uint8_t)(h->count[t] + n);
            }
            break;
        }
    }
    h->n_tiles = (uint8_t)(14 - 3 * k);
    return 1;
}

static int random_closed_tile(th_rng *r, const mj_hand *h)
{
    int n = (int)th_below(r, h->n_tiles);
    for (int t = 0; t < 34; t++) {
        if (n < h->count[t])
            return t;
        n -= h->count[t];
    }
    return -1;
}

/* Random tile that keeps every total <= 4. */
static int random_free_tile(th_rng *r, const mj_hand *h)
{
    uint8_t tot[34];
    mj_hand_totals(h, tot);
    for (;;) {
        int t = (int)th_below(r, 34);
        if (tot[t] < 4)
            return t;
    }
}

/* Mark red fives at random, format to text and parse back (exercises the parser). */
static int roundtrip(th_rng *r, mj_hand *h, char *text)
{
    for (int s = 0; s < 3; s++)
        h->red[s] = h->count[s * 9 + 4] && th_below(r, 2);
    uint8_t used[3] = { h->red[0], h->red[1], h->red[2] };
    for (int i = 0; i < h->n_melds; i++) {
        mj_meld *m = &h->melds[i];
        int has5 = m->tile < 27 && (m->tile % 9 == 4 || (m->type == MJ_CHI && m->tile % 9 >= 2 && m->tile % 9 <= 4));
        m->red = (uint8_t)(has5 && !used[m->tile / 9] && th_below(r, 2));
        if (m->red)
            used[m->tile / 9] = 1;
    }
    mj_hand_format(h, text, 128);
    mj_hand back;
    tk_error e = { 0 };
    int rc = mj_parse(&back, text, strlen(text), &e);
    CHECKF(rc == 0, "roundtrip of '%s': %s", text, e.msg);
    if (rc)
        return 1;
    CHECKF(memcmp(back.count, h->count, 34) == 0 && back.n_melds == h->n_melds && back.n_tiles == h->n_tiles,
           "roundtrip of '%s' changed the hand", text);
    char again[128];
    mj_hand_format(&back, again, sizeof again);
    CHECKF(strcmp(again, text) == 0, "format not stable: '%s' -> '%s'", text, again);
    *h = back;
    return 0;
}

/* ------------------------------------------------------------ tests */

static void test_tiles(void)
{
    char n[3];
    mj_tile_name(0, n); CHECK(strcmp(n, "1m") == 0);
    mj_tile_name(17, n); CHECK(strcmp(n, "9p") == 0);
    mj_tile_name(27, n); CHECK(strcmp(n, "1z") == 0);
    mj_tile_name(33, n); CHECK(strcmp(n, "7z") == 0);
    for (int t = 0; t < 34; t++) {
        mj_tile_name(t, n);
        CHECK(mj_tile_parse(n) == t);
    }
    CHECK(mj_tile_parse("0p") == 13);
    CHECK(mj_tile_parse("0z") == -1);
    CHECK(mj_tile_parse("8z") == -1);
    CHECK(mj_tile_parse("5") == -1);
    CHECK(mj_tile_parse("5M") == -1);
    mj_block b = { MJ_SEQ, 24 };
    char buf[16];
    mj_block_text(&b, buf, sizeof buf); CHECK(strcmp(buf, "789s") == 0);
    b = (mj_block){ MJ_TRIPLET, 31 };
    mj_block_text(&b, buf, sizeof buf); CHECK(strcmp(buf, "555z") == 0);
    b = (mj_block){ MJ_PAIR, 4 };
    mj_block_text(&b, buf, sizeof buf); CHECK(strcmp(buf, "55m") == 0);
    CHECK(strcmp(mj_kind_name(MJ_KOKUSHI13), "kokushi13") == 0);
}

static void test_parse_ok(void)
{
    mj_hand h;
    char buf[MJ_HAND_TEXT];
    REQUIRE(parse("123m456p789s1122z", &h) == 0);
    CHECK(h.n_tiles == 13 && h.n_melds == 0 && h.count[27] == 2 && h.count[0] == 1);
    /* three spellings of one hand */
    mj_hand a, b;
    REQUIRE(parse("1m2m3m4p5p6p7s8s9s1z1z2z2z", &a) == 0);
    REQUIRE(parse("2211z987s654p321m", &b) == 0);
    CHECK(memcmp(a.count, h.count, 34) == 0 && memcmp(b.count, h.count, 34) == 0);
    /* red fives are fives; the format keeps them */
    REQUIRE(parse("406m123p456s78999s", &h) == 0);
    CHECK(h.count[4] == 1 && h.red[0] == 1);
    mj_hand_format(&h, buf, sizeof buf);
    CHECK(strcmp(buf, "406m123p45678999s") == 0);
    /* melds */
    REQUIRE(parse("1234m [789s] [555z] (1111p)", &h) == 0);
    CHECK(h.n_melds == 3 && h.n_tiles == 4 && h.melds[2].type == MJ_ANKAN);
    REQUIRE(parse("1m [789s] [666z] [5555z] (1111p)", &h) == 0);
    CHECK(h.n_melds == 4 && h.n_tiles == 1);
    CHECK(h.melds[0].type == MJ_CHI && h.melds[0].tile == 24);
    CHECK(h.melds[1].type == MJ_PON && h.melds[1].tile == 32);
    CHECK(h.melds[2].type == MJ_KAN && h.melds[3].type == MJ_ANKAN && h.melds[3].tile == 9);
    mj_hand_format(&h, buf, sizeof buf);
    CHECK(strcmp(buf, "1m [789s] [666z] [5555z] (1111p)") == 0);
    REQUIRE(parse("  23406m789p11z [0s46s]\r", &h) == 0);
    CHECK(h.melds[0].type == MJ_CHI && h.melds[0].red == 1 && h.count[22] == 0);
    mj_hand_format(&h, buf, sizeof buf);
    CHECK(strcmp(buf, "23406m789p11z [406s]") == 0);
    /* 14 tiles (after the draw) */
    REQUIRE(parse("123m456p789s11122z", &h) == 0);
    CHECK(h.n_tiles == 14 && h.last == 28 && h.last_red == 0);
    /* suit groups written apart, melds anywhere; the last closed tile is remembered */
    REQUIRE(parse("340m 67p 34555s [789s]", &h) == 0);
    CHECK(h.n_tiles == 10 && h.n_melds == 1 && h.red[0] == 1 && h.count[4] == 1 && h.last == 22);
    REQUIRE(parse("[789s] 123m 456p 11z 50p", &h) == 0);
    CHECK(h.n_tiles == 10 && h.last == 13 && h.last_red == 1 && h.red[1] == 1);
}

static void expect_error(const char *s, const char *needle, long col)
{
    mj_hand h;
    tk_error e = { 0 };
    int rc = mj_parse(&h, s, strlen(s), &e);
    CHECKF(rc == TK_EFORMAT, "'%s' parsed (rc %d)", s, rc);
    CHECKF(strstr(e.msg, needle) != NULL, "'%s': message '%s' lacks '%s'", s, e.msg, needle);
    if (col >= 0)
        CHECKF(e.col == col, "'%s': column %ld, expected %ld", s, e.col, col);
}

static void test_parse_errors(void)
{
    expect_error("55550m123p456s78s", "more than 4 copies of 5m", 5);
    expect_error("1z1z1z1z1z2z2z3z3z4z4z5z5z", "more than 4 copies of 1z", 9);
    expect_error("123m456p789s112z", "wrong tile count: 12", 0);
    expect_error("123m456p789s-1122z", "bad character '-'", 13);
    expect_error("12377788z567p888s", "'8z' is not a tile", 7);
    expect_error("123m456p789s1102z", "'0z' is not a tile", 15);
    expect_error("123m456p789s11229", "digits '11229' have no suit letter", 13);
    expect_error("m123456p789s1122z", "suit letter 'm' has no digits", 1);
    expect_error("123M456p789s1122z", "upper-case suit 'M'", 4);
    expect_error("12 3m456p789s1122z", "digits '12' have no suit letter", 1);
    expect_error("123m456p789s1122z\t12z", "wrong tile count: 15", 0);
    expect_error("00m123p456s789s11z", "two red fives", 2);
    expect_error("0m123p456s789s11z [406m]", "two red fives", 21);
    expect_error("123m456p11z [124s]", "is not a sequence, triplet or quad", 13);
    expect_error("123m456p11z [12s]", "is not a sequence, triplet or quad", 13);
    expect_error("123m456p11z [7s8p9s]", "is not a sequence, triplet or quad", 13);
    expect_error("123m456p11z [123z]", "is not a sequence, triplet or quad", 13);
    expect_error("1234m456p11z (123s)", "closed kan '(123s)' must be four identical", 14);
    expect_error("123m456p11z [789s", "unclosed '['", 13);
    expect_error("123m456p11z 789s]", "unexpected ']'", 17);
    expect_error("123m456p11z ]", "unexpected ']'", 13);
    expect_error("1m [111z] [222z] [333z] [444z] [555z]", "more than 4 melds", 32);
    expect_error("1111m [111m] 23456789p1z", "more than 4 copies of 1m", 8);
    expect_error("", "empty hand", 0);
    expect_error("   ", "empty hand", 0);
    expect_error("123m456p789s1122z\xc3\xa9", "bad character '\xc3\xa9' (U+00E9)", 18);
    expect_error("123m456p789s1122z\xc3", "invalid UTF-8 at byte 18", 18);
    expect_error("123m456p789s1122z\xff\xa9", "invalid UTF-8 at byte 18", 18);
    /* the 14-tile line is accepted: */
    mj_hand h;
    CHECK(parse("123m456p789s11222z", &h) == 0 && h.n_tiles == 14);
}

/* Readings of one wait as sorted oracle-style strings (without the wait). */
static int count_kind(const mj_result *r, int tile, int kind)
{
    int n = 0;
    for (int i = 0; i < r->n_waits; i++)
        if (r->waits[i].tile == tile)
            for (int j = 0; j < r->waits[i].n; j++)
                n += r->readings[r->waits[i].first + j].kind == kind;
    return n;
}

static int n_readings(const mj_result *r, int tile)
{
    for (int i = 0; i < r->n_waits; i++)
        if (r->waits[i].tile == tile)
            return r->waits[i].n;
    return -1;
}

static void test_known_hands(void)
{
    mj_hand h;
    tk_error e;
    /* shanpon on two honours */
    REQUIRE(parse("123m456p789s1122z", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.wait_mask == ((1ull << 27) | (1ull << 28)) && RES.shanten == 0);
    CHECK(count_kind(&RES, 27, MJ_SHANPON) == 1 && n_readings(&RES, 27) == 1);
    /* pure nine gates: 9 waits, 15 readings (worked out by hand in the README) */
    REQUIRE(parse("1112345678999m", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.n_waits == 9 && RES.n_readings == 15);
    static const int per[9] = { 2, 1, 2, 2, 1, 2, 2, 1, 2 };
    for (int t = 0; t < 9; t++)
        CHECKF(n_readings(&RES, t) == per[t], "%dm: %d readings", t + 1, n_readings(&RES, t));
    CHECK(count_kind(&RES, 2, MJ_PENCHAN) == 1 && count_kind(&RES, 6, MJ_PENCHAN) == 1);
    CHECK(count_kind(&RES, 1, MJ_TANKI) == 1 && count_kind(&RES, 0, MJ_SHANPON) == 1);
    /* 13-sided thirteen orphans */
    REQUIRE(parse("19m19p19s1234567z", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.n_waits == 13 && RES.n_readings == 13 && count_kind(&RES, 33, MJ_KOKUSHI13) == 1);
    /* single-wait thirteen orphans */
    REQUIRE(parse("19m19p19s2345677z", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.wait_mask == 1ull << 27 && count_kind(&RES, 27, MJ_KOKUSHI) == 1);
    /* four 1m: the tanki on 1m needs a fifth copy -> noten, Tenhou 1-shanten */
    REQUIRE(parse("1111m234p567p789s", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.wait_mask == 0 && RES.dead_mask == 1 && RES.shanten == 1);
    /* the same wait with the fourth 1m in a pon: karaten, but 0-shanten (closed part only) */
    REQUIRE(parse("1m234p567p789s [111m]", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.wait_mask == 0 && RES.dead_mask == 1 && RES.shanten == 0);
    /* seven pairs and regular readings together: 7m = tanki, two ryanmen, chiitoi */
    REQUIRE(parse("1122334455667m", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(n_readings(&RES, 6) == 4 && count_kind(&RES, 6, MJ_CHIITOI) == 1 &&
          count_kind(&RES, 6, MJ_RYANMEN) == 2 && count_kind(&RES, 6, MJ_TANKI) == 1);
    CHECK((RES.wait_mask & 0x1ff) == ((1 << 0) | (1 << 3) | (1 << 6)));
    /* a quad is not two pairs */
    REQUIRE(parse("1111m2233p4455s6z", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.wait_mask == 0 && RES.shanten > 0);
    /* penchan both ends, kanchan */
    REQUIRE(parse("12m456p789s11122z", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.wait_mask == 1ull << 2 && count_kind(&RES, 2, MJ_PENCHAN) == 1);
    REQUIRE(parse("89m456p789s11122z", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.wait_mask == 1ull << 6 && count_kind(&RES, 6, MJ_PENCHAN) == 1);
    REQUIRE(parse("13m456p789s11122z", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.wait_mask == 1ull << 1 && count_kind(&RES, 1, MJ_KANCHAN) == 1);
    /* 23m + 1m is still ryanmen */
    REQUIRE(parse("23m456p789s11122z", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.wait_mask == ((1ull << 0) | (1ull << 3)) && count_kind(&RES, 0, MJ_RYANMEN) == 1);
    /* melds are left out of the blocks */
    REQUIRE(parse("23m11z [456p] [789s] (2222z)", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.n_waits == 2 && RES.readings[0].n_blocks == 0 && RES.readings[0].pair == 27);
    /* a far hand: shanten 6 ... */
    REQUIRE(parse("159m159p159s1234z", &h) == 0);
    CHECK(lib_shanten(h.count, h.n_melds) == oracle_shanten(h.count, 0));
}

static void test_fourteen(void)
{
    mj_hand h;
    tk_error e;
    /* complete: one decomposition */
    REQUIRE(parse("123m456p789s11122z", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.is14 && RES.complete && RES.shanten == -1 && RES.n_readings == 1);
    /* seven pairs that are also three regular decompositions */
    REQUIRE(parse("11223344556677m", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.complete && RES.n_readings == 4);
    int chi = 0;
    for (int i = 0; i < RES.n_readings; i++) chi += RES.readings[i].kind == MJ_CHIITOI;
    CHECK(chi == 1);
    /* complete thirteen orphans */
    REQUIRE(parse("19m19p19s12345677z", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(RES.complete && RES.n_readings == 1 && RES.readings[0].kind == MJ_KOKUSHI);
    /* not complete: discard 3z keeps tenpai on 1z/2z, 2 + 2 unseen */
    REQUIRE(parse("123m456p789s11223z", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    CHECK(!RES.complete && RES.shanten == 0 && RES.n_discards == 1);
    CHECK(RES.discards[0].tile == 29 && RES.discards[0].accept == ((1ull << 27) | (1ull << 28)) &&
          RES.discards[0].ukeire == 4);
    /* two discards: 1m (waits 4m7m -> 4+... ) vs 9m */
    REQUIRE(parse("1m56m456p789s1122z9m", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, 0, &RES, &e) == 0);
    /* discard 1m: 569m wait? no - the hand is 1 5 6 9m + 3 blocks + 11z 222z; removing 1m
     * leaves 569m: not tenpai (two singles...). Check against the definition instead. */
    for (int i = 0; i < RES.n_discards; i++) {
        mj_hand x = h;
        x.count[RES.discards[i].tile]--;
        x.n_tiles--;
        CHECK(oracle_shanten(x.count, 0) == RES.discards[i].shanten);
        CHECK(RES.discards[i].shanten == RES.shanten);
        if (i) CHECK(RES.discards[i - 1].ukeire >= RES.discards[i].ukeire);
    }
}

/* Every closed single-suit 13-tile hand (counts 0..4): waits and readings
 * against the oracles, and shanten on a sample.  `make test`
 * compares every 4th one (the sanitized run every 12th), make check-long
 * (TK_LONG=1) them all. */
static void test_exhaustive_single_suit(void)
{
    int c[9] = { 0 }, hands = 0, bad = 0, hands14 = 0, complete14s = 0, seen14 = 0, seen13 = 0;
    double sc = th_long_scale(0.25, 12);
    int stride13 = sc >= 1 ? 1 : (int)(1 / sc + 0.5);
    mj_hand h;
    for (;;) {
        int sum = 0;
        for (int i = 0; i < 9; i++) sum += c[i];
        if (sum == 14 && seen14++ % 5 == 0 && hands14 < (int)(30000 * sc)) {   /* a fifth of them */
            /* 14-tile hands: decompositions or discards */
            memset(&h, 0, sizeof h);
            for (int i = 0; i < 9; i++) h.count[9 + i] = (uint8_t)c[i];
            h.n_tiles = 14;
            char label[32];
            sprintf(label, "%d%d%d%d%d%d%d%d%d/14", c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]);
            bad += compare_hand(&h, 1, 0, label);
            hands14++;
            complete14s += RES.complete;
        }
        if (sum == 13 && seen13++ % stride13 == 0) {
            for (int suit = 0; suit < 3; suit += 2) {   /* manzu and souzu */
                memset(&h, 0, sizeof h);
                for (int i = 0; i < 9; i++) h.count[suit * 9 + i] = (uint8_t)c[i];
                h.n_tiles = 13;
                char label[32];
                sprintf(label, "%d%d%d%d%d%d%d%d%d/%d", c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], suit);
                bad += compare_hand(&h, 1, hands % 7 == 0, label);
                hands++;
                if (bad > 5) return;
            }
        }
        int i = 0;
        while (i < 9 && ++c[i] > 4) c[i++] = 0;
        if (i == 9) break;
    }
    /* and every honours-only 13-tile hand */
    int z[7] = { 0 }, honours = 0;
    for (;;) {
        int sum = 0;
        for (int i = 0; i < 7; i++) sum += z[i];
        if (sum == 13) {
            memset(&h, 0, sizeof h);
            for (int i = 0; i < 7; i++) h.count[27 + i] = (uint8_t)z[i];
            h.n_tiles = 13;
            char label[32];
            sprintf(label, "%d%d%d%d%d%d%dz", z[0], z[1], z[2], z[3], z[4], z[5], z[6]);
            bad += compare_hand(&h, 1, 1, label);
            honours++;
            if (bad > 5) return;
        }
        int i = 0;
        while (i < 7 && ++z[i] > 4) z[i++] = 0;
        if (i == 7) break;
    }
    printf("exhaustive single suit: %d hands, honours only: %d hands; 14-tile pinzu (every 5th): %d (%d complete)\n",
           hands, honours, hands14, complete14s);
    CHECK(hands > 0 && honours > 0);
    if (!th_reduced())
        CHECK(hands > 10000 && honours > 1000 && complete14s > 100);
}

static void test_random_hands(void)
{
    th_rng r = { 20261202 };
    long n = (long)(100000 * th_sanitized_scale(4));
    if (n < 1000) n = 1000;
    int bad = 0;
    long tenpai = 0, with_melds = 0, red = 0, shanten_checked = 0;
    char text[128];
    mj_hand h;
    for (long i = 0; i < n && bad < 5; i++) {
        int k = (int)th_below(&r, 5);
        if (k > 0 && th_below(&r, 2)) k = 0;   /* half closed */
        int mode = (int)th_below(&r, 10);
        if (mode < 6) {
            /* tenpai (or karaten): complete minus a tile */
            if (!gen_complete(&r, &h, k, th_below(&r, 4) != 0)) { i--; continue; }
            int t = random_closed_tile(&r, &h);
            h.count[t]--; h.n_tiles--;
        } else if (mode < 9) {
            /* near: complete minus a tile, one more tile swapped */
            if (!gen_complete(&r, &h, k, 1)) { i--; continue; }
            int t = random_closed_tile(&r, &h);
            h.count[t]--;
            h.n_tiles--;
            t = random_closed_tile(&r, &h);
            h.count[t]--;
            h.count[random_free_tile(&r, &h)]++;
        } else {
            /* random noten-ish tiles from the wall */
            memset(&h, 0, sizeof h);
            if (!gen_complete(&r, &h, k, 1)) { i--; continue; }
            memset(h.count, 0, sizeof h.count);
            h.n_tiles = (uint8_t)(13 - 3 * k);
            for (int j = 0; j < h.n_tiles; j++)
                h.count[random_free_tile(&r, &h)]++;
        }
        /* sometimes the 14-tile form: add a drawn tile */
        if (th_below(&r, 8) == 0) {
            h.count[random_free_tile(&r, &h)]++;
            h.n_tiles++;
        }
        if (roundtrip(&r, &h, text)) { bad++; continue; }
        red += strchr(text, '0') != NULL;
        with_melds += h.n_melds > 0;
        int do_shanten = i % 97 == 0;
        shanten_checked += do_shanten;
        bad += compare_hand(&h, i % 3 == 0, do_shanten, text);
        tenpai += RES.n_waits > 0;
    }
    printf("random: %ld hands, %ld tenpai, %ld with melds, %ld with red fives, %ld shanten brute-forced\n",
           n, tenpai, with_melds, red, shanten_checked);
    CHECK(tenpai > n / 3 && with_melds > n / 5 && red > n / 20);
}

/* Shanten on purely random closed hands (13 and 14 tiles) vs the definition. */
static void test_random_shanten(void)
{
    th_rng r = { 77 };
    long n = (long)(1500 * th_sanitized_scale(4));
    if (n < 200) n = 200;
    uint8_t c[34];
    int hist[10] = { 0 };
    for (long i = 0; i < n; i++) {
        int k = (int)th_below(&r, 3);
        int tiles = 13 - 3 * k + (int)th_below(&r, 2);
        memset(c, 0, sizeof c);
        /* mostly from one or two suits to reach low shanten, sometimes all */
        int span = th_below(&r, 2) ? 9 : 34, base = span == 9 ? 9 * (int)th_below(&r, 4) : 0;
        if (base == 27) span = 7;
        for (int j = 0; j < tiles; ) {
            int t = base + (int)th_below(&r, (uint32_t)span);
            if (th_below(&r, 3) == 0) t = (int)th_below(&r, 34);
            if (c[t] < 4) { c[t]++; j++; }
        }
        int s = lib_shanten(c, k), b = oracle_shanten(c, k);
        CHECKF(s == b, "hand %ld: shanten %d, brute force %d", i, s, b);
        if (s >= -1 && s < 9) hist[s + 1]++;
        if (s != b) break;
    }
    printf("random shanten: %ld hands; by shanten -1..7:", n);
    for (int i = 0; i < 9; i++) printf(" %d", hist[i]);
    printf("\n");
}

/* The group ranking is a bijection onto 0..n-1 for every state with at most
 * 14 tiles (so no two states share a cache entry). */
static void test_rank(void)
{
    mj_ctx *c = ctx();
    REQUIRE(c != NULL);
    CHECK(c->n_suit == 405350 && c->n_honor == 43130);
    static uint8_t seen[405350];
    memset(seen, 0, sizeof seen);
    uint8_t v[9] = { 0 };
    long states = 0, dup = 0, range = 0;
    for (;;) {
        int sum = 0;
        for (int i = 0; i < 9; i++) sum += v[i];
        if (sum <= 14) {
            uint32_t r = mj_suit_rank(c, v);
            if (r >= c->n_suit) range++;
            else if (seen[r]++) dup++;
            states++;
        }
        int i = 0;
        while (i < 9 && ++v[i] > 4) v[i++] = 0;
        if (i == 9) break;
    }
    CHECK(states == 405350 && dup == 0 && range == 0);
    memset(seen, 0, sizeof seen);
    uint8_t z[7] = { 0 };
    states = dup = range = 0;
    for (;;) {
        int sum = 0;
        for (int i = 0; i < 7; i++) sum += z[i];
        if (sum <= 14) {
            uint32_t r = mj_honor_rank(c, z);
            if (r >= c->n_honor) range++;
            else if (seen[r]++) dup++;
            states++;
        }
        int i = 0;
        while (i < 7 && ++z[i] > 4) z[i++] = 0;
        if (i == 7) break;
    }
    CHECK(states == 43130 && dup == 0 && range == 0);
}

static void test_analyze_args(void)
{
    mj_hand h;
    tk_error e = { 0 };
    REQUIRE(parse("123m456p789s1122z", &h) == 0);
    h.count[0] = 5;
    CHECK(mj_analyze(ctx(), &h, 0, &RES, &e) == TK_EINVAL);
    h.count[0] = 1;
    h.n_tiles = 12;
    CHECK(mj_analyze(ctx(), &h, 0, &RES, &e) == TK_EINVAL);
    uint8_t c[34] = { 0 };
    c[0] = 3;
    int sh = 42;
    CHECK(mj_shanten_counts(ctx(), c, 0, &sh, &e) == TK_EINVAL && sh == 42);
    mj_ctx_destroy(NULL);
    /* MJ_WAITS_ONLY gives the same waits without readings */
    REQUIRE(parse("1112345678999m", &h) == 0);
    REQUIRE(mj_analyze(ctx(), &h, MJ_WAITS_ONLY, &RES, &e) == 0);
    CHECK(RES.n_waits == 9 && RES.n_readings == 0 && RES.shanten == 0);
}

/* ------------------------------------------------------------ shared vectors */

static void test_vectors(void)
{
    FILE *f = th_shared_open("vectors/mjwait-hands.jsonl");
    if (!f)
        return;
    static char line[1 << 16];
    int n = 0, ok = 0;
    while (fgets(line, sizeof line, f)) {
        tj_value *rec = tj_parse(line, strlen(line), NULL, 0);
        const char *oi = tj_str(rec, "oracle_input"), *ex = tj_str(rec, "expect");
        const char *why = tj_str(rec, "error_reason");
        if (!oi || !ex || (why && strncmp(why, "wrong tile count 14", 19) == 0)) {
            tj_free(rec);   /* not a hand, or a 14-tile "error" (we analyse 14-tile hands) */
            continue;
        }
        /* convert the harness meld syntax */
        char text[256], tmp[256];
        int k = 0;
        snprintf(tmp, sizeof tmp, "%s", oi);
        for (char *tok = strtok(tmp, " "); tok; tok = strtok(NULL, " ")) {
            if (k) text[k++] = ' ';
            if (tok[0] && tok[1] == ':')
                k += sprintf(text + k, tok[0] == 'a' ? "(%s)" : "[%s]", tok + 2);
            else
                k += sprintf(text + k, "%s", tok);
        }
        text[k] = 0;
        n++;
        mj_hand h;
        tk_error e = { 0 };
        int rc = mj_parse(&h, text, strlen(text), &e);
        if (strcmp(ex, "error") == 0) {
            CHECKF(rc != 0, "'%s' should be an error", text);
            ok += rc != 0;
            tj_free(rec);
            continue;
        }
        CHECKF(rc == 0, "'%s': %s", text, e.msg);
        if (rc == 0 && mj_analyze(ctx(), &h, 0, &RES, &e) == 0) {
            int good = tj_int(rec, "shanten", -99) == RES.shanten;
            /* waits and reading counts */
            const tj_value *np = tj_get(rec, "n_patterns");
            size_t nw = np && np->type == TJ_OBJECT ? np->n : 0;
            for (size_t i = 0; i < nw; i++)
                good &= n_readings(&RES, mj_tile_parse(np->keys[i])) == (int)np->items[i].number;
            good &= (int)nw == RES.n_waits;
            CHECKF(good, "vector '%s': %d waits shanten %d", text, RES.n_waits, RES.shanten);
            ok += good;
        } else {
            CHECKF(0, "'%s': not analysed", text);
        }
        tj_free(rec);
    }
    fclose(f);
    printf("vectors: %d of %d hands agree\n", ok, n);
    CHECK(n > 400 && ok == n);
}


/* The quick paths (mj_shanten_quick, mj_waits_quick) against the full
 * parser + mj_shanten / mj_waits on random closed hands written compactly,
 * and their refusal of everything else. */
static void test_quick_paths(void)
{
    th_rng r = { 4242 };
    long n = (long)(60000 * th_sanitized_scale(4));
    if (n < 1000) n = 1000;
    long quick = 0, bad = 0, waits_checked = 0;
    char text[128];
    mj_hand h;
    for (long i = 0; i < n && bad < 5; i++) {
        int mode = (int)th_below(&r, 3);
        if (!gen_complete(&r, &h, 0, th_below(&r, 4) != 0)) { i--; continue; }
        if (mode == 0) {          /* tenpai */
            int t = random_closed_tile(&r, &h);
            h.count[t]--; h.n_tiles--;
        } else if (mode == 1) {   /* random tiles */
            memset(h.count, 0, sizeof h.count);
            memset(h.red, 0, sizeof h.red);
            h.n_tiles = (uint8_t)(13 + th_below(&r, 2));
            for (int j = 0; j < h.n_tiles; j++)
                h.count[random_free_tile(&r, &h)]++;
        }                         /* mode 2: complete, 14 tiles */
        mj_hand_format(&h, text, sizeof text);
        mj_hand full;
        tk_error e = { 0 };
        REQUIRE(mj_parse(&full, text, strlen(text), &e) == 0);
        int sq = mj_shanten_quick(ctx(), text, strlen(text)), sf = 99;
        REQUIRE(mj_shanten(ctx(), &full, &sf, &e) == 0);
        CHECKF(sq == sf, "'%s': quick shanten %d, full %d", text, sq, sf);
        bad += sq != sf;
        quick += sq >= -1;
        uint64_t wq, dq, wf, df;
        int rc = mj_waits_quick(ctx(), text, strlen(text), &wq, &dq);
        if (full.n_tiles == 13) {
            wf = mj_waits(ctx(), &full, &df);
            CHECKF(rc == 0 && wq == wf && dq == df, "'%s': quick waits differ", text);
            bad += !(rc == 0 && wq == wf && dq == df);
            waits_checked++;
        } else {
            CHECK(rc == TK_EFORMAT);
        }
    }
    static const char *const refused[] = {
        "123m456p789s1122z ", " 123m456p789s1122z", "123m 456p789s1122z", "123m456p11z [789s]",
        "11111m456p789s112z", "123m456p789s1128z", "123m456p789s11220z", "00m123p456s789s11z",
        "123m456p789s112z", "123m456p789s112233z", "m123m456p789s1122z", "123m456p789s1122", "",
        "123M456p789s1122z", "123m456p789s1122z riichi", "12mp456p789s11223z", "99999m1234p567s11z",
        "11111z23m456p789s1z", "0m0m123p456s789s1z", "1m2m3m4m5m6m7m8m9m1p1p1p2p2p2p" };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        uint64_t w, d;
        const char *t = refused[i];
        CHECKF(mj_shanten_quick(ctx(), t, strlen(t)) == TK_EFORMAT, "'%s' taken by the quick path", t);
        CHECKF(mj_waits_quick(ctx(), t, strlen(t), &w, &d) == TK_EFORMAT, "'%s' taken by the quick path", t);
    }
    /* one suit letter a tile (the longest compact line) is still taken */
    const char *each = "1m2m3m4m5m6m7m8m9m1p1p1p2p2p";
    mj_hand eh;
    tk_error ee = { 0 };
    int es = 99;
    REQUIRE(mj_parse(&eh, each, strlen(each), &ee) == 0 && mj_shanten(ctx(), &eh, &es, &ee) == 0);
    CHECK(mj_shanten_quick(ctx(), each, strlen(each)) == es);
    printf("quick paths: %ld hands (%ld taken), %ld wait sets compared\n", n, quick, waits_checked);
    CHECK(quick == n && waits_checked > n / 3);
}

/* The table file: the built one (if any) holds exactly the lazily computed
 * entries; damaged files are refused and leave the context working. */
static void test_table_file(void)
{
    const char *build = getenv("TK_BUILD");
    char path[512];
    snprintf(path, sizeof path, "%s/mahjong/tables.bin", build ? build : "build");
    FILE *own = fopen(path, "rb");
    if (own)
        fclose(own);
    else                            /* the sanitized suite reads the plain build's */
        snprintf(path, sizeof path, "%s", th_top_path("build/mahjong/tables.bin"));
    mj_ctx *a = NULL;
    REQUIRE(mj_ctx_create(&a, NULL) == 0);
    tk_error e = { 0 };
    CHECK(mj_ctx_load(a, "/nonexistent/tables.bin", &e) == TK_EIO);
    /* a small bogus file */
    char tmp[] = "/tmp/tk_mjtable_XXXXXX";
    int fd = mkstemp(tmp);
    REQUIRE(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    REQUIRE(f != NULL);
    fputs("not a table", f);
    fclose(f);
    CHECK(mj_ctx_load(a, tmp, &e) == TK_EFORMAT);
    size_t len = 0;
    char *data = th_read_file(path, &len);
    if (!data) {
        remove(tmp);
        mj_ctx_destroy(a);
        th_skip("no built table (make builds build/mahjong/tables.bin)");
        return;
    }
    /* damaged copies: truncated, one flipped bit */
    f = fopen(tmp, "wb");
    REQUIRE(f != NULL);
    fwrite(data, 1, len - 8, f);
    fclose(f);
    CHECK(mj_ctx_load(a, tmp, &e) == TK_EFORMAT);
    data[len / 2] ^= 4;
    f = fopen(tmp, "wb");
    REQUIRE(f != NULL);
    fwrite(data, 1, len, f);
    fclose(f);
    CHECK(mj_ctx_load(a, tmp, &e) == TK_ECHECKSUM);
    remove(tmp);
    free(data);
    /* the context still works after failed loads (lazy filling) */
    const char *t = "123m456p789s1122z";
    CHECK(mj_shanten_quick(a, t, strlen(t)) == 0);
    /* the real table agrees with fresh lazy entries on random hands */
    REQUIRE(mj_ctx_load(a, path, &e) == 0);
    mj_ctx *b = NULL;
    REQUIRE(mj_ctx_create(&b, NULL) == 0);
    th_rng r = { 99 };
    int agree = 0, n = (int)(3000 * th_sanitized_scale(4));
    for (int i = 0; i < n; i++) {
        uint8_t c[MJ_TILES];
        memset(c, 0, sizeof c);
        for (int k = 0; k < 14;) {
            int x = (int)th_below(&r, 34);
            if (c[x] < 4) { c[x]++; k++; }
        }
        int ok = 1;
        for (int g = 0; g < 4; g++)
            ok &= mj_entry(a, c, g) == mj_entry(b, c, g);
        agree += ok;
    }
    CHECKF(agree == n, "%d of %d hands agree", agree, n);
    mj_ctx_destroy(a);
    mj_ctx_destroy(b);
}

static void cleanup(void)
{
    mj_ctx_destroy(CTX);
    CTX = NULL;
}

static const th_test tests[] = {
    { "tiles", test_tiles },
    { "parse_ok", test_parse_ok },
    { "parse_errors", test_parse_errors },
    { "known_hands", test_known_hands },
    { "fourteen", test_fourteen },
    { "rank", test_rank },
    { "analyze_args", test_analyze_args },
    { "exhaustive_single_suit", test_exhaustive_single_suit },
    { "random_hands", test_random_hands },
    { "random_shanten", test_random_shanten },
    { "vectors", test_vectors },
    { "quick_paths", test_quick_paths },
    { "table_file", test_table_file },
    { "cleanup", cleanup },
    { 0, 0 }
};

int main(int argc, char **argv)
{
    return th_main("mahjong", tests, argc, argv);
}
