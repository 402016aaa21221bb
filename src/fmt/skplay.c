/* skplay.c - the listing fields of a play (contract in tilekit/skfmt.h):
 * coordinate, word and the rack it leaves, as skrafl's move lists, the
 * simulation's table and the equity listing print them. */
#include "tilekit/skfmt.h"

#include <stdio.h>
#include <string.h>

/* The tiles of x[0..n) (0 a blank) as text. */
static void tiles_text(const sk_engine *e, const uint8_t *x, int n, char *out, size_t cap)
{
    sk_rack r;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < n; i++) {
        if (x[i] == 0)
            r.blanks++;
        else
            r.count[x[i]]++;
        r.n++;
    }
    sk_rack_leave(&r, NULL, e, out, cap);
}

/* The rack left after play p. */
static void play_leave(const sk_engine *e, const sk_rack *r, const sk_play *p, char *out, size_t cap)
{
    if (p->kind == SK_PLAY_MOVE) {
        sk_rack_leave(r, &p->move, e, out, cap);
        return;
    }
    sk_rack k = *r;
    for (int i = 0; i < p->nx; i++) {
        if (p->x[i] == 0)
            k.blanks--;
        else
            k.count[p->x[i]]--;
        k.n--;
    }
    sk_rack_leave(&k, NULL, e, out, cap);
}

void skf_play_fields(const sk_engine *e, const sk_rack *r, const sk_play *p, int style, char *coord, size_t cc,
                     char *word, size_t wc, char *leave, size_t lc)
{
    if (p->kind == SK_PLAY_MOVE) {
        sk_coord_format(p->move.row, p->move.col, p->move.dir, coord, cc);
        sk_move_format(&p->move, e, style, word, wc);
    } else if (p->kind == SK_PLAY_EXCHANGE) {
        snprintf(coord, cc, "xchg");
        word[0] = '-';
        tiles_text(e, p->x, p->nx, word + 1, wc - 1);
    } else {
        snprintf(coord, cc, "pass");
        snprintf(word, wc, "-");
    }
    if (leave)
        play_leave(e, r, p, leave, lc);
}
