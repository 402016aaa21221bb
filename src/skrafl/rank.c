/* rank.c - equity: the leave values of one rack, and ranking a move list.
 *
 * A rack of at most 7 tiles has at most 128 sub-multisets (2^7 when all
 * tiles differ).  Numbering them as mixed-radix numbers (one digit per
 * distinct tile, the blank included, digit j from 0 to the count of that
 * tile) lets a move find its leave's index by subtracting one weight per
 * tile played from the index of the whole rack: the caller's leave function
 * is called once per sub-multiset, then every move costs a few additions
 * and one table look-up.  best[k] is the best value kept when k tiles are
 * played, which bounds the equity of every k-tile move from above (used by
 * the best-first search in topn.c).
 */
#include "sk_gen.h"

#include "tilekit/skgame.h"

#include <string.h>

int tki_sk_leaves_values(const sk_leaves *l, const int *lt, const int *ct, int nd, int32_t *value);

void tki_sk_leaves_build(sk_rackleaves *L, const sk_rack *r, int nletters, const sk_rank *rank)
{
    int lt[SK_RACK_MAX + 1], ct[SK_RACK_MAX + 1], nd = 0, ntiles = 0, n = 1;
    memset(L->rad, 0, sizeof L->rad);
    for (int l = 0; l <= nletters && l < 64; l++) {
        int c = l ? r->count[l] : r->blanks;
        if (c <= 0)
            continue;
        if (nd == SK_RACK_MAX + 1 || ntiles + c > SK_RACK_MAX)
            break;                  /* never for a checked rack */
        lt[nd] = l;
        ct[nd] = c;
        L->rad[l] = (uint8_t)n;
        n *= c + 1;
        ntiles += c;
        nd++;
    }
    L->full = n - 1;
    L->ranked = rank && rank->leave;
    for (int k = 0; k <= SK_RACK_MAX; k++)
        L->best[k] = INT64_MIN;
    if (!L->ranked) {   /* by score: every leave is worth 0 */
        for (int k = 0; k <= ntiles; k++)
            L->best[k] = 0;
        return;
    }
    /* A leave table's own function: every value in one pass (leaves.c). */
    int batch = rank->leave == sk_leaves_value && tki_sk_leaves_values(rank->ctx, lt, ct, nd, L->value);
    if (batch) {
        int dig[SK_RACK_MAX + 1] = { 0 }, kept = 0;
        for (int idx = 0; idx < n; idx++) {
            if (L->value[idx] > L->best[ntiles - kept])
                L->best[ntiles - kept] = L->value[idx];
            int j = 0;   /* the next index's digits, like an odometer */
            while (j < nd && dig[j] == ct[j]) {
                kept -= dig[j];
                dig[j++] = 0;
            }
            if (j < nd) {
                dig[j]++;
                kept++;
            }
        }
        return;
    }
    for (int idx = 0; idx < n; idx++) {
        uint8_t counts[64];
        int kept = 0;
        memset(counts, 0, sizeof counts);
        for (int j = 0; j < nd; j++) {
            int k = idx / L->rad[lt[j]] % (ct[j] + 1);
            counts[lt[j]] = (uint8_t)k;
            kept += k;
        }
        int32_t v = rank->leave(rank->ctx, counts);
        L->value[idx] = v;
        if (v > L->best[ntiles - kept])
            L->best[ntiles - kept] = v;
    }
}

void sk_movelist_sort_ranked(const sk_engine *e, const sk_rack *r, const sk_rank *rank,
                             sk_movelist *list)
{
    sk_rackleaves L;
    tki_sk_leaves_build(&L, r, e->alpha.size, rank);
    for (size_t i = 0; i < list->n; i++) {
        sk_move *m = &list->v[i];
        int idx = L.full;
        for (int k = 0; k < m->len; k++) {
            uint8_t t = m->word[k];
            if (!(t & SK_ONBOARD))
                idx -= L.rad[t & SK_BLANK ? 0 : t & SK_LETTER];
        }
        m->equity = sk_equity(m->score, L.ranked && idx >= 0 ? L.value[idx] : 0);
    }
    list->limit = 0;
    sk_movelist_sort(e, list);
}
