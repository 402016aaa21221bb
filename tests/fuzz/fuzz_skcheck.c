/* fuzz_skcheck.c - libFuzzer target: --check plays ("COORD WORD") on a fixed
 * board; a play reported legal must score exactly like the same move in the
 * generator's list. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "skrafl_fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skf *F = skf_get();
    static const char cgp[] = "15/15/15/15/15/15/7Q7/5RaTE6/7I7/7Z7/15/15/15/15/15 ACERST?/";
    sk_board b;
    sk_rack r;
    if (sk_cgp_parse(&b, &r, F->e, cgp, sizeof cgp - 1, NULL))
        abort();
    char buf[128], coord[16];
    if (size >= sizeof buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = 0;
    if (strlen(buf) != size)
        return 0;
    char *sp = strchr(buf, ' ');
    if (!sp || (size_t)(sp - buf) >= sizeof coord)
        return 0;
    memcpy(coord, buf, (size_t)(sp - buf));
    coord[sp - buf] = 0;
    sk_check_result res;
    tk_error err;
    int rc = sk_check(F->g, &b, &r, coord, sp + 1, 0, &res, &err);
    if (rc != 0) {
        if (err.msg[0] == 0)
            abort();
        return 0;
    }
    /* The legal play must be among the generated moves with the same score. */
    sk_movelist all = {0};
    if (sk_generate(F->g, &b, &r, 0, &all, NULL))
        abort();
    int found = 0;
    for (size_t i = 0; i < all.n && !found; i++) {
        const sk_move *m = &all.v[i];
        const sk_move *p = &res.move;
        if (m->score != p->score || m->ntiles != p->ntiles)
            continue;
        /* Compare the placed tiles (direction-free, for one-tile plays). */
        char a[64], c[64];
        size_t na = 0, nc = 0;
        for (int k = 0; k < m->len; k++)
            if (!(m->word[k] & SK_ONBOARD))
                na += (size_t)snprintf(a + na, sizeof a - na, "%d,%d,%d;", m->row + (m->dir ? k : 0),
                                       m->col + (m->dir ? 0 : k), m->word[k]);
        for (int k = 0; k < p->len; k++)
            if (!(p->word[k] & SK_ONBOARD))
                nc += (size_t)snprintf(c + nc, sizeof c - nc, "%d,%d,%d;", p->row + (p->dir ? k : 0),
                                       p->col + (p->dir ? 0 : k), p->word[k]);
        found = strcmp(a, c) == 0;
    }
    if (!found || res.rank < 1 || res.total != all.n)
        abort();
    sk_movelist_free(&all);
    return 0;
}
