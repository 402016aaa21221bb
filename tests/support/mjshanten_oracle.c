/* mjshanten_oracle.c - the plain shanten of mjshanten_oracle.h (see there). */
#include "mjshanten_oracle.h"

#include <string.h>

static const int ORPHANS[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };

typedef struct bst {
    int c[34], T[34];   /* the hand, the target so far */
    int best;           /* largest overlap found */
} bst;

/* Block b: 0..33 a triplet of tile b, 34..54 the sequence starting at the
 * (b - 34) % 7 + 1 of suit (b - 34) / 7. */
static void blk_tiles(int b, int *t)
{
    if (b < 34) {
        t[0] = t[1] = t[2] = b;
        return;
    }
    int s = b - 34, x = (s / 7) * 9 + s % 7;
    t[0] = x;
    t[1] = x + 1;
    t[2] = x + 2;
}

static int min2(int a, int b) { return a < b ? a : b; }

/* What block b adds to the overlap once in the target (T already holds it). */
static int block_gain(const bst *s, const int *t)
{
    int before = 0, after = 0;
    for (int i = 0; i < 3; i++) {
        int x = t[i], dup = 0, cnt = 0;
        for (int j = 0; j < i; j++)
            dup |= t[j] == x;
        if (dup)
            continue;
        for (int j = 0; j < 3; j++)
            cnt += t[j] == x;
        after += min2(s->T[x], s->c[x]);
        before += min2(s->T[x] - cnt, s->c[x]);
    }
    return after - before;
}

static void bsearch_rec(bst *s, int left, int start, int ov)
{
    /* the pair closes the target (the blocks not placed add nothing) */
    int bestpair = 0;
    for (int p = 0; p < 34; p++)
        if (s->T[p] + 2 <= 4) {
            int g = min2(s->T[p] + 2, s->c[p]) - min2(s->T[p], s->c[p]);
            if (g > bestpair)
                bestpair = g;
        }
    if (ov + bestpair > s->best)
        s->best = ov + bestpair;
    if (left == 0 || ov + 3 * left + 2 <= s->best)
        return;
    for (int b = start; b < 55; b++) {
        int t[3], ok = 1;
        blk_tiles(b, t);
        for (int i = 0; i < 3; i++)
            ok &= ++s->T[t[i]] <= 4;
        if (ok) {
            int g = block_gain(s, t);
            if (g > 0)
                bsearch_rec(s, left - 1, b, ov + g);
        }
        for (int i = 0; i < 3; i++)
            s->T[t[i]]--;
    }
}

int oracle_shanten(const uint8_t cnt[34], int k)
{
    bst s;
    memset(&s, 0, sizeof s);
    for (int i = 0; i < 34; i++)
        s.c[i] = cnt[i];
    int need = 4 - k;
    bsearch_rec(&s, need, 0, 0);
    int best = 3 * need + 2 - s.best - 1;
    if (k == 0) {
        /* seven pairs: the 7 different tiles covering most (up to 2 each) */
        int v[34];
        for (int i = 0; i < 34; i++)
            v[i] = min2(cnt[i], 2);
        for (int i = 0; i < 34; i++)
            for (int j = i + 1; j < 34; j++)
                if (v[j] > v[i]) {
                    int x = v[i];
                    v[i] = v[j];
                    v[j] = x;
                }
        int cov = 0;
        for (int i = 0; i < 7; i++)
            cov += v[i];
        if (14 - cov - 1 < best)
            best = 14 - cov - 1;
        /* thirteen orphans: each orphan once, one of them twice */
        for (int p = 0; p < 13; p++) {
            int c2 = 0;
            for (int i = 0; i < 13; i++)
                c2 += min2(cnt[ORPHANS[i]], i == p ? 2 : 1);
            if (14 - c2 - 1 < best)
                best = 14 - c2 - 1;
        }
    }
    return best;
}
