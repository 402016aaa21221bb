/* windex_search.c - the best-first search's bounds and plays from the word
 * index (tilekit/skwindex.h), instead of walks of the word graph.
 *
 * A span is a stretch [s, e] of one line that a play's main word may
 * cover: k empty squares and the board tiles between them.  The tiles S a
 * play lays there are one of the rack's sub-multisets of k tiles (at most
 * 35 of them), so the plays of a span are the words whose letters are S
 * plus the span's board letters B, placed so that B's letters fall on
 * their squares and every new letter passes its square's cross-check.  The
 * spans of an anchor (those whose plays have it as their leftmost anchor)
 * fall into groups: the same board blocks right of the anchor covered and
 * the same k, so the same B whatever square they start on; one look-up of
 * S + B serves every span of a group.
 *
 * Per rack (tki_sk_wx_rack), once: every sub-multiset S with its hash, its
 * letters and the value of the tiles it keeps, grouped by size, best lt
 * first (lt: what it keeps less the points its tiles give up against the
 * rack's best k; a span's rank for S is at most the rank of the rack's
 * best k tiles there plus S's lt), and lnp[k]: the best lt of the S of k
 * tiles that are a word alone (the shadows of spans without board tiles,
 * topn.c, use it).  Then, per anchor that comes up in the search:
 *   - its groups (tki_sk_wx_groups): one walk right of the anchor bounds
 *     every group's score part (the room squares before the anchor and the
 *     empties up to each end, their best k coefficients against the rack's
 *     best k values); with the best lt of an S that may make a word with
 *     the group's B (asked best first through a memo of the index's
 *     answers per B and k, stopping as soon as no S left can reach the
 *     threshold), that is the group's bound;
 *   - the plays of a group (tki_sk_wx_generate): its spans walked again;
 *     for each S, best lt first, that may still reach the threshold on one
 *     of them (each empty square's cross-check holding one of its letters
 *     unless it has a blank, and its values against the span's
 *     coefficients, both descending: the rearrangement inequality), the
 *     words of S + B (one bucket read; a blank's letters from the
 *     one-short map, two blanks' from one look-up per first letter), each
 *     checked square by square against the board and the cross-checks on
 *     every span that S may reach on, then laid with every distinct
 *     assignment of S's tiles (real tile or blank) to its letters, scored
 *     and offered to the heap of the best moves.
 */
#include "sk_gen.h"
#include "sk_windex.h"

#include <string.h>

/* S's letters, ascending, and its tile values, descending (S->t, S->v),
 * made from what it lays of each distinct tile the first time they are
 * wanted. */
static void wx_tiles(const sk_gen *g, sk_wxsub *S)
{
    if (S->made)
        return;
    int n = 0, nv = 0;
    for (int j = 0; j < g->wxnd; j++) {
        int l = g->wxlet[j], played = (int)(S->played >> (8 * j) & 0xFF);
        for (int p = 0; l && p < played; p++) {
            int v = g->e->val[l], i = nv++;
            S->t[n++] = (uint8_t)l;
            for (; i > 0 && S->v[i - 1] < v; i--)
                S->v[i] = S->v[i - 1];
            S->v[i] = (uint8_t)v;
        }
    }
    while (nv < S->k)
        S->v[nv++] = 0;
    S->made = 1;
}

/* S's tile values in descending order. */
static inline const uint8_t *wx_values(const sk_gen *g, sk_wxsub *S)
{
    wx_tiles(g, S);
    return S->v;
}

/* May the multiset of hash h and `blanks` blanks be a word of len letters?
 * For the bounds: without a blank, the index's filter says (a false yes
 * now and then only loosens a bound). */
static inline int wx_bound_maybe(const sk_windex *x, uint64_t h, int len, int blanks)
{
    return blanks ? sk_wx_maybe(x, h, len, blanks) : sk_wx_filter(x, h);
}

/* Every sub-multiset S of the rack that a play may lay, by the index of
 * what it keeps (an odometer over the kept count of each distinct tile:
 * index = sum of kept * rad), into g->wxs and, by size, g->wxk (not yet
 * sorted).  top[k]: the points of the rack's best k tiles. */
static void wx_enum(sk_gen *g, const sk_rackleaves *L, const int *top)
{
    const uint64_t *z = g->wx->z;
    const uint8_t *val = g->e->val;
    int dig[SK_RACK_MAX + 1] = { 0 }, idx = 0, k = g->ntiles, blanks = g->blanks, sum = 0;
    uint64_t h = 0, played = 0;
    for (int j = 0; j < g->wxnd; j++) {
        played |= (uint64_t)g->wxcnt[j] << (8 * j);
        if (g->wxlet[j]) {
            h += z[g->wxlet[j]] * g->wxcnt[j];
            sum += val[g->wxlet[j]] * g->wxcnt[j];
        }
    }
    alpha_set mask = g->rackmask;
    for (;;) {
        if (k) {
            sk_wxsub *S = &g->wxs[idx];
            S->h = h;
            S->mask = mask;
            S->leave = L->ranked ? L->value[idx] : 0;
            S->lt = S->leave - 1000 * (int64_t)(top[k] - sum);
            S->sum = sum;
            S->k = (uint8_t)k;
            S->blanks = (uint8_t)blanks;
            S->alone = -1;
            S->made = 0;
            S->played = played;
            g->wxk[k][g->nwxk[k]++] = (uint8_t)idx;
        }
        int j = 0;
        for (; j < g->wxnd && dig[j] == g->wxcnt[j]; j++) {   /* digit j back to 0: all its tiles played */
            int l = g->wxlet[j], c = g->wxcnt[j];
            idx -= c * L->rad[l];
            k += c;
            played += (uint64_t)c << (8 * j);
            dig[j] = 0;
            if (!l) {
                blanks += c;
                continue;
            }
            h += z[l] * (uint64_t)c;
            sum += val[l] * c;
            mask |= ALPHA_BIT(l);
        }
        if (j == g->wxnd)
            return;
        int l = g->wxlet[j];   /* one more of tile j kept */
        idx += L->rad[l];
        k--;
        played -= UINT64_C(1) << (8 * j);
        if (++dig[j] == g->wxcnt[j] && l)
            mask &= ~ALPHA_BIT(l);
        if (!l) {
            blanks--;
            continue;
        }
        h -= z[l];
        sum -= val[l];
    }
}

/* The rack's sub-multisets by size, best lt first (L: the rack's leave
 * values), and lnp. */
void tki_sk_wx_rack(sk_gen *g, const sk_rackleaves *L)
{
    int top[SK_RACK_MAX + 1];
    g->wxnd = 0;
    for (int l = 0; l < 64 && g->wxnd <= SK_RACK_MAX; l++) {
        int c = l ? g->cnt[l] : g->blanks;
        if (c > 0) {
            g->wxlet[g->wxnd] = (uint8_t)l;
            g->wxcnt[g->wxnd++] = (uint8_t)c;
        }
    }
    top[0] = 0;
    for (int k = 1; k <= g->ntiles; k++)
        top[k] = top[k - 1] + g->vals[k - 1];
    memset(g->nwxk, 0, sizeof g->nwxk);
    if (++g->wxgen == 0) {   /* wrapped: no memo entry may pass for this search's */
        memset(g->wxm, 0, sizeof g->wxm);
        g->wxgen = 1;
    }
    wx_enum(g, L, top);
    for (int k = 1; k <= SK_RACK_MAX; k++) {   /* each size best lt first; lnp[k]: the first that is a word alone */
        uint8_t *by = g->wxk[k];
        uint64_t key[SK_LEAVES_MAX];   /* lt (made positive) << 8 | 255 - index: one word to sort, ties in wx_enum's order */
        g->wxblank[k] = 0;
        for (int i = 0; i < g->nwxk[k]; i++) {
            uint64_t v = (uint64_t)(g->wxs[by[i]].lt + ((int64_t)1 << 48)) << 8 | (uint8_t)(255 - by[i]);
            int j = i;
            for (; j > 0 && key[j - 1] < v; j--)
                key[j] = key[j - 1];
            key[j] = v;
            g->wxblank[k] |= g->wxs[by[i]].blanks != 0;
        }
        for (int i = 0; i < g->nwxk[k]; i++) {
            const sk_wxsub *S = &g->wxs[by[i] = (uint8_t)(255 - (uint8_t)key[i])];
            g->wxlt[k][i] = S->lt;
            g->wxh[k][i] = S->h;
        }
        g->lnp[k] = INT64_MIN;
        for (int i = 0; k >= 2 && i < g->nwxk[k]; i++) {
            sk_wxsub *S = &g->wxs[by[i]];
            if ((S->alone = (int8_t)wx_bound_maybe(g->wx, S->h, k, S->blanks))) {
                g->lnp[k] = S->lt;
                break;
            }
        }
    }
    g->lnp[0] = INT64_MIN;
}

/* The memo entry of board letters hb and k tiles for this search. */
static struct sk_wxmemo *wx_memo(sk_gen *g, uint64_t hb, int k)
{
    uint64_t key = hb + (uint64_t)k * 0x9E3779B97F4A7C15ull;
    struct sk_wxmemo *m = &g->wxm[(key >> 40) & (SK_WX_MEMO - 1)];
    if (m->gen != g->wxgen || m->key != key) {
        m->gen = g->wxgen;
        m->key = key;
        m->known = m->yes = 0;
    }
    return m;
}

/* Does each empty square of span sp whose cross-check leaves out some of
 * the rack's letters allow one of S's letters?  (A blank fits anywhere.) */
static inline int wx_cross_ok(const sk_wxsub *S, const sk_wxspan *sp)
{
    if (!S->blanks)
        for (int j = 0; j < sp->nrx; j++)
            if (!(sp->rx[j] & S->mask))
                return 0;
    return 1;
}

/* May S, the i-th of its size, with board letters of hash hb (nb of them:
 * none means S alone), be a word's letters?  Without a blank the filter
 * answers at once; with blanks the answers are kept in m, the memo entry
 * of hb and S's size (not NULL then). */
static SK_ALWAYS_INLINE int wx_word_maybe(const sk_gen *g, sk_wxsub *S, int i, uint64_t hb, int nb,
                                          struct sk_wxmemo *m)
{
    if (!nb) {
        if (S->alone < 0)
            S->alone = (int8_t)wx_bound_maybe(g->wx, S->h, S->k, S->blanks);
        return S->alone;
    }
    if (!S->blanks)
        return sk_wx_filter(g->wx, hb + S->h);
    uint64_t bit = UINT64_C(1) << i;
    if (!(m->known & bit)) {
        m->known |= bit;
        if (sk_wx_maybe(g->wx, hb + S->h, S->k + nb, S->blanks))
            m->yes |= bit;
    }
    return (m->yes & bit) != 0;
}

/* S's best rank on span sp: its values against the coefficients. */
static inline int64_t wx_rank(const sk_gen *g, sk_wxsub *S, const sk_wxspan *sp)
{
    const uint8_t *v = wx_values(g, S);
    int64_t t = sp->F;
    for (int i = 0; i < sp->k; i++)
        t += sp->c[i] * v[i];
    return t * 1000 + S->leave;
}

/* ---- spans ------------------------------------------------------------------ */

static void wx_span_init(sk_wxspan *sp, int s)
{
    sp->s = s;
    sp->k = sp->nb = 0;
    sp->bsum = 0;
    sp->hb = 0;
}

/* Square q, the next one, into the span: 0, or -1 if no play can cover
 * it (an empty square no tile of the rack fits, or one more than the rack
 * has tiles for).  The empty squares' figures wait for wx_span_close. */
static inline int wx_span_add(sk_gen *g, sk_wxspan *sp, int q)
{
    uint8_t t = g->row[q];
    if (t) {
        sp->bsum += g->e->val[t];
        sp->hb += g->wx->z[t & SK_LETTER];
        sp->nb++;
        return 0;
    }
    if (!g->xs[q] || sp->k == g->ntiles)
        return -1;
    sp->q[sp->k++] = (uint8_t)q;
    return 0;
}

/* The span ends on square q: its length, its empty squares' premiums,
 * cross-words and coefficients (descending), its fixed score part and the
 * rank of the rack's best tiles. */
static void wx_span_close(const sk_gen *g, sk_wxspan *sp, int q)
{
    int k = sp->k;
    sp->len = q - sp->s + 1;
    sp->wm = 1;
    sp->WM = 1;
    sp->xfix = 0;
    sp->nrx = 0;
    for (int i = 0; i < k; i++) {
        int p = sp->q[i], wm = g->wm[p], xw = g->xw[p];
        sp->lm[i] = g->lm[p];
        sp->cw[i] = (uint8_t)(xw >= 0 ? wm : 0);
        if ((g->rackmask & ~g->xs[p]) != 0)
            sp->rx[sp->nrx++] = g->xs[p];
        sp->wm *= wm;
        if (xw >= 0)
            sp->xfix += (int64_t)xw * wm;
        if (wm != 1 && sp->WM < ((int64_t)1 << 30))
            sp->WM *= wm;
    }
    for (int i = 0; i < k; i++) {
        int64_t c = (int64_t)sp->lm[i] * (sp->WM + sp->cw[i]);
        int j = i;
        for (; j > 0 && sp->c[j - 1] < c; j--)
            sp->c[j] = sp->c[j - 1];
        sp->c[j] = c;
    }
    sp->F = (int64_t)sp->bsum * sp->WM + sp->xfix + (k == SK_RACK_MAX ? SK_BINGO : 0);
    int64_t t = sp->F;
    for (int i = 0; i < k; i++)
        t += sp->c[i] * g->vals[i];
    sp->top = t * 1000;
}

/* ---- groups: the spans of an anchor by board blocks and tiles -------------- */

typedef struct wxgroups {
    int64_t top[SK_MAX_DIM][SK_RACK_MAX + 1];   /* a bound on its spans' tops */
    uint64_t used[SK_RACK_MAX + 1];   /* bit j: a group (j, k) has a span */
    uint64_t hb[SK_MAX_DIM];        /* the board letters of the groups of j blocks */
    int nb[SK_MAX_DIM];
} wxgroups;

/* The groups of anchor a (of the current line), each with a bound on its
 * spans' tops, from one walk right of a: at every end, a group of k tiles
 * lays the empties from a there (kr of them) and k - kr of the room
 * squares before a; the best k coefficients of all those squares, with
 * the word premiums of them all, bound every such span's (as
 * shadow_coarse in topn.c does for the anchor). */
static void wx_group_tops(sk_gen *g, int a, int qmax, wxgroups *G)
{
    const uint8_t *row = g->row;
    int s0 = a, room = 0, kr = 0, bsum = 0, nb = 0, nt = g->ntiles;
    int64_t xfix = 0;
    uint64_t hb = 0;
    coefs w;   /* every square a play of the anchor may cover so far (shadow_coarse's) */
    w.n = 0;
    w.WM = 1;
    if (a > 0 && row[a - 1]) {
        while (s0 > 0 && row[s0 - 1])
            s0--;
    } else {
        room = sk_gen_room(g, a);
        room = room < nt - 1 ? room : nt - 1;
        s0 = a - room;
    }
    for (int q = s0; q < a; q++) {
        if (row[q]) {
            bsum += g->e->val[row[q]];
            hb += g->wx->z[row[q] & SK_LETTER];
            nb++;
        } else {
            coefs_add(&w, g->lm[q], 0, g->wm[q]);
        }
    }
    for (int q = a, j = 0; q <= qmax; q++) {
        uint8_t t = row[q];
        if (t) {
            j += !row[q - 1];
            bsum += g->e->val[t];
            hb += g->wx->z[t & SK_LETTER];
            nb++;
        } else {
            if (!g->xs[q] || kr == nt)
                break;
            kr++;
            int xw = g->xw[q], wm = g->wm[q];
            if (xw >= 0)
                xfix += (int64_t)xw * wm;
            coefs_add(&w, g->lm[q], xw >= 0 ? wm : 0, wm);
        }
        if (row[q + 1])
            continue;
        int64_t tk = (int64_t)bsum * w.WM + xfix;
        int k = 1, kmax = kr + room < nt ? kr + room : nt;
        for (; k < kr; k++)   /* too few tiles */
            tk += w.c[k - 1] * g->vals[k - 1];
        G->hb[j] = hb;
        G->nb[j] = nb;
        for (; k <= kmax; k++) {
            tk += w.c[k - 1] * g->vals[k - 1];
            if (k == 1 && (q == s0 || (g->dir == 1 && g->xw[a] >= 0)))
                continue;   /* a one-letter word, or a play the across pass lists */
            if (!nb && g->lnp[k] == INT64_MIN)
                continue;   /* no S of k tiles is a word alone */
            int64_t top = (tk + (k == SK_RACK_MAX ? SK_BINGO : 0)) * 1000;
            if (!(G->used[k] >> j & 1) || top > G->top[j][k])
                G->top[j][k] = top;
            G->used[k] |= UINT64_C(1) << j;
        }
    }
}

/* The best lt of an S of k tiles that may make a word with board letters
 * hb (nb of them; none: S alone), asked best first while top + lt reaches
 * thr (INT64_MIN: none does). */
static int64_t wx_best_lt(sk_gen *g, uint64_t hb, int nb, int k, int64_t top, int64_t thr)
{
    if (!nb)
        return top + g->lnp[k] >= thr ? g->lnp[k] : INT64_MIN;
    if (!g->wxblank[k]) {   /* no blank: the filter, down the sorted arrays */
        const int64_t *lt = g->wxlt[k], lim = thr == INT64_MIN ? INT64_MIN : thr - top;
        const uint64_t *h = g->wxh[k];
        for (int i = 0, n = g->nwxk[k]; i < n && lt[i] >= lim; i++)
            if (sk_wx_filter(g->wx, hb + h[i]))
                return lt[i];
        return INT64_MIN;
    }
    struct sk_wxmemo *m = wx_memo(g, hb, k);
    const uint8_t *by = g->wxk[k];
    for (int i = 0; i < g->nwxk[k]; i++) {
        sk_wxsub *S = &g->wxs[by[i]];
        if (top + S->lt < thr)
            break;
        if (wx_word_maybe(g, S, i, hb, nb, m))
            return S->lt;
    }
    return INT64_MIN;
}

int tki_sk_wx_groups(sk_gen *g, int a, int qmax, int64_t thr, sk_wxgroup *out)
{
    wxgroups G;
    memset(G.used, 0, sizeof G.used);
    wx_group_tops(g, a, qmax, &G);
    int n = 0;
    for (int k = 1; k <= SK_RACK_MAX; k++)
        for (uint64_t u = G.used[k]; u; u &= u - 1) {
            int j = __builtin_ctzll(u);
            int64_t lt = wx_best_lt(g, G.hb[j], G.nb[j], k, G.top[j][k], thr);
            if (lt != INT64_MIN) {
                out[n].bound = G.top[j][k] + lt;
                out[n].blocks = (uint8_t)j;
                out[n++].k = (uint8_t)k;
            }
        }
    return n;
}

/* ---- the plays of a group ---------------------------------------------------- */

/* One word being laid on a span. */
typedef struct wxlay {
    sk_gen *g;
    const sk_wxspan *sp;
    const uint8_t *w;               /* its letters, from the span's start */
    uint8_t real[64];               /* real tiles of each of its letters left to lay */
    int blanks;                     /* blanks left to lay */
    int64_t leave;
} wxlay;

/* Lay the word's letters on the empty squares from the i-th on, each by a
 * real tile or a blank (every way the tiles allow), then score and offer
 * the play.  msum: new tiles' letter points so far; xsum: their cross-words. */
static void wx_lay(wxlay *y, int i, int msum, int xsum)
{
    sk_gen *g = y->g;
    const sk_wxspan *sp = y->sp;
    if (i == sp->k) {
        int score = (sp->bsum + msum) * sp->wm + xsum + (sp->k == SK_RACK_MAX ? SK_BINGO : 0);
        tki_sk_gen_offer(g, sp->s + sp->len - 1, score, y->leave);
        return;
    }
    int q = sp->q[i];
    unsigned l = y->w[q - sp->s];
    int ls = g->e->val[l] * g->lm[q], cw = g->xw[q] >= 0 ? g->wm[q] : 0, xw = g->xw[q] >= 0 ? g->xw[q] : 0;
    if (y->real[l]) {
        y->real[l]--;
        g->word[q] = (uint8_t)l;
        wx_lay(y, i + 1, msum + ls, xsum + (xw + ls) * cw);
        y->real[l]++;
    }
    if (y->blanks) {
        y->blanks--;
        g->word[q] = (uint8_t)(l | SK_BLANK);
        wx_lay(y, i + 1, msum, xsum + xw * cw);
        y->blanks++;
    }
}

/* Are the word's new letters on span sp exactly S's letters plus a and b
 * (the blanks' letters, 0: none)?  Both sorted, then compared. */
static int wx_same_tiles(const sk_wxspan *sp, const sk_wxsub *S, const uint8_t *w, unsigned a, unsigned b)
{
    uint8_t got[SK_RACK_MAX], want[SK_RACK_MAX];
    int n = 0, m = S->k - S->blanks;
    for (int i = 0; i < sp->k; i++) {
        uint8_t l = w[sp->q[i] - sp->s];
        int j = n++;
        for (; j > 0 && got[j - 1] > l; j--)
            got[j] = got[j - 1];
        got[j] = l;
    }
    memcpy(want, S->t, (size_t)m);
    for (int x = 0; x < S->blanks; x++) {
        uint8_t l = (uint8_t)(x ? b : a);
        int j = m++;
        for (; j > 0 && want[j - 1] > l; j--)
            want[j] = want[j - 1];
        want[j] = l;
    }
    return memcmp(got, want, (size_t)n) == 0;
}

/* Word w on span sp with the tiles of S plus the letters a and b its
 * blanks stand for: if its board letters and the cross-checks agree and
 * its new letters are exactly those tiles, lay it every way. */
static void wx_word(sk_gen *g, const sk_wxspan *sp, const sk_wxsub *S, const uint8_t *w, unsigned a, unsigned b)
{
    const uint8_t *row = g->row;
    for (int i = 0; i < sp->len; i++) {
        int q = sp->s + i;
        if (row[q] ? (row[q] & SK_LETTER) != w[i] : !(g->xs[q] >> w[i] & 1))
            return;
    }
    if (!wx_same_tiles(sp, S, w, a, b))
        return;
    wxlay y;
    y.g = g;
    y.sp = sp;
    y.w = w;
    y.blanks = S->blanks;
    y.leave = S->leave;
    for (int i = 0; i < sp->k; i++)
        y.real[w[sp->q[i] - sp->s]] = 0;
    for (int i = 0; i < S->k - S->blanks; i++)
        y.real[S->t[i]]++;
    for (int i = 0; i < sp->len; i++)
        if (row[sp->s + i])
            g->word[sp->s + i] = (uint8_t)(row[sp->s + i] | SK_ONBOARD);
    g->start = sp->s;
    g->left = g->ntiles - sp->k;
    wx_lay(&y, 0, 0, 0);
    g->left = g->ntiles;
}

/* The spans of one group (its board blocks and tiles), collected. */
typedef struct wxgroup {
    const sk_gen *g;
    int blocks, k, n;
    const sk_wxspan *sp[SK_RACK_MAX + 1];
    uint8_t ok[SK_RACK_MAX + 1];    /* the S being tried may reach the threshold on this one */
    sk_wxspan walked[SK_RACK_MAX + 1];
} wxgroup;

/* The spans of group G of anchor a (of the current line), ending by qmax:
 * those whose plays have a as their leftmost anchor, cover G->blocks board
 * blocks right of it and lay G->k tiles.  From the tiles just before a, or
 * from a and each empty square before it that a play may cover; each start
 * has one at most (the span ends at the first empty square after its k-th
 * tile), walked in place in G->walked and closed. */
static void wx_group_spans(sk_gen *g, int a, int qmax, wxgroup *G)
{
    const uint8_t *row = g->row;
    int s0 = a, s1 = a;
    if (a > 0 && row[a - 1]) {
        while (s0 > 0 && row[s0 - 1])
            s0--;
        s1 = s0;
    } else {
        int room = sk_gen_room(g, a);
        s0 = a - (room < g->ntiles - 1 ? room : g->ntiles - 1);
    }
    for (int s = s0; s <= s1 && G->n <= SK_RACK_MAX; s++) {
        sk_wxspan *sp = &G->walked[G->n];
        wx_span_init(sp, s);
        for (int q = s, j = 0; q <= qmax; q++) {
            if (q > a && row[q] && !row[q - 1] && ++j > G->blocks)
                break;
            if (wx_span_add(g, sp, q) < 0 || sp->k > G->k)
                break;
            if (q < a || row[q + 1] || q == s || sp->k < G->k || j < G->blocks)
                continue;
            if (sp->k == 1 && g->dir == 1 && g->xw[a] >= 0)
                break;   /* a one-tile play with a word across: the across pass lists it */
            wx_span_close(g, sp, q);
            G->sp[G->n] = sp;
            G->n++;
            break;
        }
    }
}

/* The words whose letters hash to h (S's, with its blanks' a and b) on
 * every span of group G that S may reach the threshold on. */
static void wx_words(sk_gen *g, const wxgroup *G, const sk_wxsub *S, uint64_t h, unsigned a, unsigned b)
{
    const sk_windex *x = g->wx;
    uint32_t lo, hi;
    sk_wx_find(x, h, G->sp[0]->len, &lo, &hi);
    for (uint32_t i = lo; i < hi && !g->err; i++)
        for (int m = 0; m < G->n; m++)
            if (G->ok[m])
                wx_word(g, G->sp[m], S, x->pool + SK_WX_OFF(x->ent[i]), a, b);
}

/* The rank a play must reach to enter the heap now. */
static int64_t wx_threshold(const sk_gen *g)
{
    const sk_movelist *list = g->list;
    int64_t thr = g->floor;
    if (list->n == list->limit && list->v[0].equity > thr)
        thr = list->v[0].equity;
    return thr;
}

/* May S reach thr on some span of G (G->ok[] says on which)? */
static int wx_group_ok(sk_gen *g, wxgroup *G, sk_wxsub *S, int64_t thr)
{
    int any = 0;
    for (int m = 0; m < G->n; m++)
        any |= G->ok[m] = (uint8_t)(G->sp[m]->top + S->lt >= thr && wx_cross_ok(S, G->sp[m]) &&
                                    wx_rank(g, S, G->sp[m]) >= thr);
    return any;
}

void tki_sk_wx_generate(sk_gen *g, int a, int qmax, int blocks, int k)
{
    const sk_windex *x = g->wx;
    wxgroup G;
    G.g = g;
    G.blocks = blocks;
    G.k = k;
    G.n = 0;
    wx_group_spans(g, a, qmax, &G);
    if (!G.n)
        return;
    int64_t top = G.sp[0]->top;
    for (int m = 1; m < G.n; m++)
        if (G.sp[m]->top > top)
            top = G.sp[m]->top;
    uint64_t hb = G.sp[0]->hb;
    int nb = G.sp[0]->nb;
    const uint8_t *by = g->wxk[k];
    struct sk_wxmemo *memo = nb && g->wxblank[k] ? wx_memo(g, hb, k) : NULL;
    int64_t thr = wx_threshold(g);   /* made again after each S that lays words */
    const int64_t *lt = g->wxlt[k];
    const uint64_t *hs = g->wxh[k];
    for (int i = 0, n = g->nwxk[k]; i < n && !g->err && top + lt[i] >= thr; i++) {
        if (nb && !g->wxblank[k] && !sk_wx_filter(x, hb + hs[i]))
            continue;   /* the filter, before S itself is read */
        sk_wxsub *S = &g->wxs[by[i]];
        if (!wx_word_maybe(g, S, i, hb, nb, memo) || !wx_group_ok(g, &G, S, thr))
            continue;
        wx_tiles(g, S);
        uint64_t h = hb + S->h;
        if (S->blanks == 0)
            wx_words(g, &G, S, h, 0, 0);
        if (S->blanks == 1)   /* the letters the blank may stand for */
            for (uint64_t m = sk_wx_short1(x, h); m; m &= m - 1) {
                unsigned l1 = (unsigned)__builtin_ctzll(m);
                wx_words(g, &G, S, h + x->z[l1], l1, 0);
            }
        for (unsigned l1 = 1; S->blanks == 2 && l1 <= (unsigned)x->nletters; l1++)
            for (uint64_t m = sk_wx_short1(x, h + x->z[l1]) >> l1 << l1; m; m &= m - 1) {
                unsigned l2 = (unsigned)__builtin_ctzll(m);
                wx_words(g, &G, S, h + x->z[l1] + x->z[l2], l1, l2);
            }
        thr = wx_threshold(g);
    }
}
