/* windex_search.c - the best-first search's bounds and plays from the word
 * index (tilekit/skwindex.h), instead of walks of the word graph.
 *
 * A span is a stretch [s, e] of one line that a play's main word may
 * cover: k empty squares and the board tiles between them.  The tiles S a
 * play lays there are one of the rack's sub-multisets of k tiles (at most
 * 35 of them), so the plays of a span are the words whose letters are S
 * plus the span's board letters B, placed so that B's letters fall on
 * their squares and every new letter passes its square's cross-check.
 *
 * Per rack (tki_sk_wx_rack), once: every sub-multiset S with its hash, its
 * letters, its tile values in descending order and the value of the tiles
 * it keeps, grouped by size, best kept value first.  Then:
 *   - the bound of a span (tki_sk_wx_bound): the best, over the S that may
 *     make a word with B, of S's best score there (its values against the
 *     span's coefficients, both descending: the rearrangement inequality)
 *     plus what S keeps.  Only the S that could raise the best so far or
 *     reach the threshold are asked about, best kept value first, and the
 *     scan stops as soon as the rack's best k values with the next S's kept
 *     value cannot; an S is asked only if each empty square's cross-check
 *     holds one of its letters (or it has a blank), and then the index: one
 *     probe (none when B is empty: "S alone is a word" is asked once per
 *     rack and kept in `alone`);
 *   - the plays of a span (tki_sk_wx_generate): for each S that the bound
 *     still lets through, the words of S + B (one bucket read; a blank is
 *     expanded to each letter, two blanks to each pair), each checked
 *     square by square against the board and the cross-checks, then laid
 *     with every distinct assignment of S's tiles (real tile or blank) to
 *     its letters, scored and offered to the heap of the best moves.
 * lnp[k], for the shadows of spans without board tiles (topn.c), is
 * lbest[k] taken over the S of k tiles that are a word's letters alone.
 */
#include "sk_gen.h"
#include "sk_windex.h"

#include <string.h>

/* One sub-multiset: p[j] tiles of letter lt[j] played (lt[0] may be the
 * blank); its values are sorted when first needed (wx_values). */
static void wx_sub(const sk_gen *g, sk_wxsub *S, const int *lt, const int *p, int nd)
{
    const sk_windex *x = g->wx;
    int nt = 0, sum = 0;
    uint64_t h = 0;
    alpha_set mask = 0;
    S->blanks = 0;
    for (int j = 0; j < nd; j++) {
        if (!p[j])
            continue;
        if (!lt[j]) {
            S->blanks = (uint8_t)p[j];
            continue;
        }
        sum += p[j] * g->e->val[lt[j]];
        h += x->z[lt[j]] * (uint64_t)p[j];
        mask |= ALPHA_BIT(lt[j]);
        for (int c = 0; c < p[j]; c++)
            S->t[nt++] = (uint8_t)lt[j];
    }
    S->k = (uint8_t)(nt + S->blanks);
    S->sum = sum;
    S->h = h;
    S->mask = mask;
    S->alone = -1;
    S->sorted = 0;
}

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

/* The rack's sub-multisets by size, best kept value first (L: the rack's
 * leave values), and lnp. */
void tki_sk_wx_rack(sk_gen *g, const sk_rackleaves *L)
{
    int lt[SK_RACK_MAX + 1], ct[SK_RACK_MAX + 1], nd = 0, top[SK_RACK_MAX + 1];
    for (int l = 0; l < 64 && nd <= SK_RACK_MAX; l++) {
        int c = l ? g->cnt[l] : g->blanks;
        if (c > 0) {
            lt[nd] = l;
            ct[nd++] = c;
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
    int dig[SK_RACK_MAX + 1] = { 0 }, p[SK_RACK_MAX + 1];
    for (int idx = 0; idx <= L->full; idx++) {   /* idx: what is kept, an odometer */
        int k = 0;
        for (int j = 0; j < nd; j++)
            k += p[j] = ct[j] - dig[j];
        if (k > 0) {
            sk_wxsub *S = &g->wxs[idx];
            wx_sub(g, S, lt, p, nd);
            S->leave = L->ranked ? L->value[idx] : 0;
            S->lt = S->leave - 1000 * (int64_t)(top[k] - S->sum);
            uint8_t *by = g->wxk[k];
            int i = g->nwxk[k]++;
            for (; i > 0 && g->wxs[by[i - 1]].lt < S->lt; i--)
                by[i] = by[i - 1];
            by[i] = (uint8_t)idx;
        }
        int j = 0;
        while (j < nd && dig[j] == ct[j])
            dig[j++] = 0;
        if (j == nd)
            break;
        dig[j]++;
    }
    /* lnp[k]: the first S (best lt) that is a word alone */
    for (int k = 0; k <= SK_RACK_MAX; k++) {
        g->lnp[k] = INT64_MIN;
        for (int i = 0; k >= 2 && i < g->nwxk[k]; i++) {
            sk_wxsub *S = &g->wxs[g->wxk[k][i]];
            if ((S->alone = (int8_t)sk_wx_maybe(g->wx, S->h, k, S->blanks))) {
                g->lnp[k] = S->lt;
                break;
            }
        }
    }
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

/* May S, the i-th of its size, be the new tiles of a play of span sp (m:
 * its memo entry, NULL without board letters)?  Each empty square's
 * cross-check must hold one of its letters (a blank: any), and S + B be
 * perhaps a word's letters. */
static int wx_fits(const sk_gen *g, sk_wxsub *S, int i, const sk_wxspan *sp, struct sk_wxmemo *m)
{
    if (!S->blanks)
        for (int j = 0; j < sp->nrx; j++)
            if (!(sp->rx[j] & S->mask))
                return 0;
    if (!m) {
        if (S->alone < 0)
            S->alone = (int8_t)sk_wx_maybe(g->wx, S->h, S->k, S->blanks);
        return S->alone;
    }
    uint64_t bit = UINT64_C(1) << i;
    if (!(m->known & bit)) {
        m->known |= bit;
        if (sk_wx_maybe(g->wx, sp->hb + S->h, sp->len, S->blanks))
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

/* The bound of span sp: the best rank of an S that fits (INT64_MIN: none
 * reaches thr). */
static int64_t wx_span_bound(sk_gen *g, const sk_wxspan *sp, int64_t thr)
{
    int64_t best = INT64_MIN, need = thr, top = sp->top;
    const uint8_t *by = g->wxk[sp->k];
    struct sk_wxmemo *m = sp->nb ? wx_memo(g, sp->hb, sp->k) : NULL;
    for (int i = 0; i < g->nwxk[sp->k]; i++) {
        sk_wxsub *S = &g->wxs[by[i]];
        if (top + S->lt < need)
            break;
        if (!wx_fits(g, S, i, sp, m))
            continue;
        int64_t r = wx_rank(g, S, sp);
        if (r < need)
            continue;
        best = r;
        need = r + 1;
    }
    return best;
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
    if (sp->WM < ((int64_t)1 << 30))
        sp->WM *= wm;
    if (xw >= 0)
        sp->xfix += (int64_t)xw * wm;
    return 0;
}

/* The span ends on square q: its length, coefficients (sorted), fixed
 * score part and the rank of the rack's best tiles. */
static void wx_span_close(const sk_gen *g, sk_wxspan *sp, int q)
{
    int k = sp->k;
    sp->len = q - sp->s + 1;
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

int tki_sk_wx_spans(sk_gen *g, int a, int s, int qmax, int64_t thr, int64_t *bound, uint8_t *end)
{
    sk_wxspan sp;
    int n = 0;
    wx_span_init(&sp, s);
    for (int q = s; q <= qmax; q++) {
        if (wx_span_add(g, &sp, q) < 0)
            break;
        if (q < a || g->row[q + 1] || q == s)
            continue;
        if (sp.k == 1 && g->dir == 1 && g->xw[a] >= 0)
            continue;   /* a one-tile play with a word across: the across pass lists it */
        wx_span_close(g, &sp, q);
        int64_t lk = sp.nb ? g->lbest[sp.k] : g->lnp[sp.k];
        if (lk == INT64_MIN || sp.top + lk < thr)
            continue;
        bound[n] = sp.top + lk;
        end[n++] = (uint8_t)q;
    }
    return n;
}

/* Span [s, e] of the current line (every square of it coverable). */
static void wx_span_make(sk_gen *g, sk_wxspan *sp, int s, int e)
{
    wx_span_init(sp, s);
    for (int q = s; q <= e; q++)
        wx_span_add(g, sp, q);
    wx_span_close(g, sp, e);
}

int64_t tki_sk_wx_bound(sk_gen *g, int s, int e, int64_t thr)
{
    sk_wxspan sp;
    wx_span_make(g, &sp, s, e);
    return wx_span_bound(g, &sp, thr);
}

/* ---- the plays of a span ---------------------------------------------------- */

/* One word being laid on the span. */
typedef struct wxlay {
    sk_gen *g;
    const sk_wxspan *sp;
    const uint8_t *w;               /* its letters, from the span's start */
    int real[64];                   /* real tiles of each letter left to lay */
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

/* Word w (len letters) on span sp with the tiles of S plus the letters a
 * and b (0: none) its blanks stand for: if its board letters and the
 * cross-checks agree and its new letters are exactly those tiles, lay it. */
static void wx_word(sk_gen *g, const sk_wxspan *sp, const sk_wxsub *S, const uint8_t *w, unsigned a, unsigned b)
{
    const uint8_t *row = g->row;
    for (int i = 0; i < sp->len; i++) {
        int q = sp->s + i;
        if (row[q] ? (row[q] & SK_LETTER) != w[i] : !(g->xs[q] >> w[i] & 1))
            return;
    }
    wxlay y = { g, sp, w, { 0 }, S->blanks, S->leave };
    for (int i = 0; i < S->k - S->blanks; i++)
        y.real[S->t[i]]++;
    int want[64] = { 0 };   /* the word's new letters must be S's letters with a and b */
    for (int i = 0; i < S->k - S->blanks; i++)
        want[S->t[i]]++;
    want[a]++;
    want[b]++;
    for (int i = 0; i < sp->k; i++)
        if (--want[w[sp->q[i] - sp->s]] < 0 || w[sp->q[i] - sp->s] == 0)
            return;
    wx_lay(&y, 0, 0, 0);
}

/* The words of span sp whose letters hash to h (S's with its blanks' a, b). */
static void wx_words(sk_gen *g, const sk_wxspan *sp, const sk_wxsub *S, uint64_t h, unsigned a, unsigned b)
{
    const sk_windex *x = g->wx;
    uint32_t lo, hi;
    sk_wx_find(x, h, sp->len, &lo, &hi);
    for (uint32_t i = lo; i < hi && !g->err; i++)
        wx_word(g, sp, S, x->pool + SK_WX_OFF(x->ent[i]), a, b);
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

void tki_sk_wx_generate(sk_gen *g, int s, int e)
{
    const sk_windex *x = g->wx;
    sk_wxspan span, *sp = &span;
    wx_span_make(g, sp, s, e);
    for (int q = sp->s; q < sp->s + sp->len; q++)
        if (g->row[q])
            g->word[q] = (uint8_t)(g->row[q] | SK_ONBOARD);
    g->start = sp->s;
    g->left = g->ntiles - sp->k;
    int64_t top = sp->top;
    const uint8_t *by = g->wxk[sp->k];
    struct sk_wxmemo *m = sp->nb ? wx_memo(g, sp->hb, sp->k) : NULL;
    for (int i = 0; i < g->nwxk[sp->k] && !g->err; i++) {
        sk_wxsub *S = &g->wxs[by[i]];
        int64_t thr = wx_threshold(g);
        if (top + S->lt < thr)
            break;
        if (!wx_fits(g, S, i, sp, m) || wx_rank(g, S, sp) < thr)
            continue;
        uint64_t h = sp->hb + S->h;
        if (S->blanks == 0)
            wx_words(g, sp, S, h, 0, 0);
        for (unsigned a = 1; S->blanks && a <= (unsigned)x->nletters; a++) {
            if (S->blanks == 1)
                wx_words(g, sp, S, h + x->z[a], a, 0);
            else if (sk_wx_short1(x, h + x->z[a]))
                for (unsigned b = a; b <= (unsigned)x->nletters; b++)
                    wx_words(g, sp, S, h + x->z[a] + x->z[b], a, b);
        }
    }
    g->left = g->ntiles;
}
