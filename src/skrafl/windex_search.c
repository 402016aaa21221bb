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

/* S's tile values in descending order, made once. */
static const uint8_t *wx_values(const sk_gen *g, sk_wxsub *S)
{
    if (S->sorted)
        return S->v;
    int n = 0;
    for (int i = 0; i < S->k - S->blanks; i++) {
        int v = g->e->val[S->t[i]], j = n++;
        for (; j > 0 && S->v[j - 1] < v; j--)
            S->v[j] = S->v[j - 1];
        S->v[j] = (uint8_t)v;
    }
    while (n < S->k)
        S->v[n++] = 0;
    S->sorted = 1;
    return S->v;
}

/* Enumerating the rack's sub-multisets: the distinct tiles (lt[0] may be
 * the blank, 0) with their counts, the sub-multiset being built, and the
 * rack's best k values (top[k]). */
typedef struct wxenum {
    sk_gen *g;
    const sk_rackleaves *L;
    int nd, lt[SK_RACK_MAX + 1], ct[SK_RACK_MAX + 1], top[SK_RACK_MAX + 1];
    sk_wxsub cur;
} wxenum;

/* The sub-multisets with the digits before j chosen (idx: the index of
 * what they keep), into g->wxs by that index and g->wxk by size (not yet
 * sorted). */
static void wx_enum(wxenum *w, int j, int idx)
{
    sk_gen *g = w->g;
    sk_wxsub *S = &w->cur;
    if (j == w->nd) {
        if (S->k) {
            sk_wxsub *T = &g->wxs[idx];
            *T = *S;
            T->leave = w->L->ranked ? w->L->value[idx] : 0;
            T->lt = T->leave - 1000 * (int64_t)(w->top[S->k] - S->sum);
            g->wxk[S->k][g->nwxk[S->k]++] = (uint8_t)idx;
        }
        return;
    }
    int l = w->lt[j], c = w->ct[j], rad = w->L->rad[l];
    for (int p = 0;; p++) {   /* p tiles of l played, c - p kept */
        wx_enum(w, j + 1, idx + (c - p) * rad);
        if (p == c)
            break;
        S->k++;
        if (!l) {
            S->blanks++;
            continue;
        }
        S->t[S->k - S->blanks - 1] = (uint8_t)l;
        S->h += g->wx->z[l];
        S->sum += g->e->val[l];
        S->mask |= ALPHA_BIT(l);
    }
    S->k -= c;   /* back as it was */
    if (!l) {
        S->blanks -= c;
    } else {
        S->h -= g->wx->z[l] * (uint64_t)c;
        S->sum -= g->e->val[l] * c;
        S->mask &= ~ALPHA_BIT(l);
    }
}

/* The rack's sub-multisets by size, best lt first (L: the rack's leave
 * values), and lnp. */
void tki_sk_wx_rack(sk_gen *g, const sk_rackleaves *L)
{
    wxenum w;
    w.g = g;
    w.L = L;
    w.nd = 0;
    for (int l = 0; l < 64 && w.nd <= SK_RACK_MAX; l++) {
        int c = l ? g->cnt[l] : g->blanks;
        if (c > 0) {
            w.lt[w.nd] = l;
            w.ct[w.nd++] = c;
        }
    }
    w.top[0] = 0;
    for (int k = 1; k <= g->ntiles; k++)
        w.top[k] = w.top[k - 1] + g->vals[k - 1];
    memset(&w.cur, 0, sizeof w.cur);
    w.cur.alone = -1;
    memset(g->nwxk, 0, sizeof g->nwxk);
    if (++g->wxgen == 0) {   /* wrapped: no memo entry may pass for this search's */
        memset(g->wxm, 0, sizeof g->wxm);
        g->wxgen = 1;
    }
    wx_enum(&w, 0, 0);
    for (int k = 1; k <= SK_RACK_MAX; k++) {   /* each size best lt first; lnp[k]: the first that is a word alone */
        uint8_t *by = g->wxk[k];
        for (int i = 1; i < g->nwxk[k]; i++) {
            uint8_t v = by[i];
            int j = i;
            for (; j > 0 && g->wxs[by[j - 1]].lt < g->wxs[v].lt; j--)
                by[j] = by[j - 1];
            by[j] = v;
        }
        g->lnp[k] = INT64_MIN;
        for (int i = 0; k >= 2 && i < g->nwxk[k]; i++) {
            sk_wxsub *S = &g->wxs[by[i]];
            if ((S->alone = (int8_t)sk_wx_maybe(g->wx, S->h, k, S->blanks))) {
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
 * none means S alone), be a word's letters (m: the memo entry of hb and
 * S's size, NULL when nb is 0)? */
static int wx_word_maybe(const sk_gen *g, sk_wxsub *S, int i, uint64_t hb, int nb, struct sk_wxmemo *m)
{
    if (!m) {
        if (S->alone < 0)
            S->alone = (int8_t)sk_wx_maybe(g->wx, S->h, S->k, S->blanks);
        return S->alone;
    }
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
    sp->k = sp->nb = sp->nrx = 0;
    sp->bsum = 0;
    sp->wm = 1;
    sp->WM = 1;
    sp->xfix = 0;
    sp->hb = 0;
}

/* Coefficient c as the i-th of c[0..i) (kept descending). */
static inline void wx_coef_insert(sk_wxspan *sp, int i, int64_t c)
{
    for (; i > 0 && sp->c[i - 1] < c; i--)
        sp->c[i] = sp->c[i - 1];
    sp->c[i] = c;
}

/* Square q, the next one, into the span: 0, or -1 if no play can cover
 * it (an empty square no tile of the rack fits, or one more than the rack
 * has tiles for). */
static int wx_span_add(sk_gen *g, sk_wxspan *sp, int q)
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
    int wm = g->wm[q], xw = g->xw[q], k = sp->k++;
    sp->q[k] = (uint8_t)q;
    sp->lm[k] = g->lm[q];
    sp->cw[k] = (uint8_t)(xw >= 0 ? wm : 0);
    if ((g->rackmask & ~g->xs[q]) != 0)
        sp->rx[sp->nrx++] = g->xs[q];
    sp->wm *= wm;
    if (xw >= 0)
        sp->xfix += (int64_t)xw * wm;
    if (wm != 1 && sp->WM < ((int64_t)1 << 30)) {   /* every coefficient changes: all again */
        sp->WM *= wm;
        for (int i = 0; i <= k; i++)
            wx_coef_insert(sp, i, (int64_t)sp->lm[i] * (sp->WM + sp->cw[i]));
    } else {
        wx_coef_insert(sp, k, (int64_t)sp->lm[k] * (sp->WM + sp->cw[k]));
    }
    return 0;
}

/* The span ends on square q: its length, fixed score part and the rank of
 * the rack's best tiles. */
static void wx_span_close(const sk_gen *g, sk_wxspan *sp, int q)
{
    int k = sp->k;
    sp->len = q - sp->s + 1;
    sp->F = (int64_t)sp->bsum * sp->WM + sp->xfix + (k == SK_RACK_MAX ? SK_BINGO : 0);
    int64_t t = sp->F;
    for (int i = 0; i < k; i++)
        t += sp->c[i] * g->vals[i];
    sp->top = t * 1000;
}

/* ---- groups: the spans of an anchor by board blocks and tiles -------------- */

/* What a walk over the spans of an anchor does with each: ctx, the span
 * (not closed: wx_span_close(g, sp, q) when needed), j = the board blocks
 * right of the anchor it covers, q its last square. */
typedef void (*wx_member_fn)(void *ctx, sk_wxspan *sp, int j, int q);

/* Every span whose plays have anchor a (of the current line) as their
 * leftmost anchor, end by qmax, cover at most jmax board blocks right of a
 * and lay at most kmax tiles: from the tiles just before a, or from a and
 * each empty square before it that a play may cover. */
static void wx_members(sk_gen *g, int a, int qmax, int jmax, int kmax, wx_member_fn fn, void *ctx)
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
    for (int s = s0; s <= s1; s++) {
        sk_wxspan sp;
        wx_span_init(&sp, s);
        for (int q = s, j = 0; q <= qmax; q++) {
            if (q > a && row[q] && !row[q - 1] && ++j > jmax)
                break;
            if (wx_span_add(g, &sp, q) < 0 || sp.k > kmax)
                break;
            if (q < a || row[q + 1] || q == s)
                continue;
            if (sp.k == 1 && g->dir == 1 && g->xw[a] >= 0)
                continue;   /* a one-tile play with a word across: the across pass lists it */
            fn(ctx, &sp, j, q);
        }
    }
}

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
        for (int k = 1; k <= kr + room && k <= nt; k++) {
            tk += w.c[k - 1] * g->vals[k - 1];
            if (k < kr || (q == s0 && k == 1) || (k == 1 && g->dir == 1 && g->xw[a] >= 0))
                continue;   /* too few tiles, a one-letter word, or a play the across pass lists */
            if (!nb && g->lnp[k] == INT64_MIN)
                continue;   /* no S of k tiles is a word alone */
            int64_t top = (tk + (k == SK_RACK_MAX ? SK_BINGO : 0)) * 1000;
            if (!(G->used[k] >> j & 1) || top > G->top[j][k])
                G->top[j][k] = top;
            G->used[k] |= UINT64_C(1) << j;
            G->hb[j] = hb;
            G->nb[j] = nb;
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

static void wx_group_collect(void *ctx, sk_wxspan *sp, int j, int q)
{
    wxgroup *G = ctx;
    if (j == G->blocks && sp->k == G->k && G->n <= SK_RACK_MAX) {
        wx_span_close(G->g, sp, q);
        G->walked[G->n] = *sp;
        G->sp[G->n] = &G->walked[G->n];
        G->n++;
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
    wx_members(g, a, qmax, blocks, k, wx_group_collect, &G);
    if (!G.n)
        return;
    int64_t top = G.sp[0]->top;
    for (int m = 1; m < G.n; m++)
        if (G.sp[m]->top > top)
            top = G.sp[m]->top;
    uint64_t hb = G.sp[0]->hb;
    int nb = G.sp[0]->nb;
    const uint8_t *by = g->wxk[k];
    struct sk_wxmemo *memo = nb ? wx_memo(g, hb, k) : NULL;
    for (int i = 0; i < g->nwxk[k] && !g->err; i++) {
        sk_wxsub *S = &g->wxs[by[i]];
        int64_t thr = wx_threshold(g);
        if (top + S->lt < thr)
            break;
        if (!wx_word_maybe(g, S, i, hb, nb, memo) || !wx_group_ok(g, &G, S, thr))
            continue;
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
    }
}
