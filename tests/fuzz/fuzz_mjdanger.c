/* fuzz_mjdanger.c - libFuzzer target: an input line of `mjwait --ev` with
 * the table's context words (riichi:W river-w: melds-w: safe-w: offer-w:,
 * mj_ev_parse_table_line).  The input is one line (cut at its first
 * newline, as mjwait reads it).  A refused line has a message and a
 * column within the line; an accepted one gives a table within its limits,
 * the danger of every tile against every seat (mjdanger_fuzz_check.h: the
 * shapes' probabilities add up to 1, each danger is a probability and 0 on
 * the tiles that cannot deal in, ...), and the push-or-fold values of the
 * hand's discards (the EV model's scores replaced by a fixed one, the
 * search being fuzz_mjscore's concern): each deal-in chance is a
 * probability, the losses are not negative, best and safest are discards. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mjdanger_fuzz_check.h"
#include "tilekit/mjdanger.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* mj_pushfold_eval over every tile kind of the hand as a discard. */
static void check_pushfold(const mj_hand *h, const mj_table *t)
{
    static mj_ev_result r;
    static mj_danger dg[4];
    static mj_pushfold pf;
    memset(&r, 0, sizeof r);
    for (int x = 0; x < MJ_TILES && r.n_discards < 14; x++)
        if (h->count[x]) {
            r.discards[r.n_discards].kind = (uint8_t)x;
            r.discards[r.n_discards++].score[0] = 1000.0 * (x % 5);
        }
    mj_pushfold_eval(&r, t, mj_danger_default_model(), dg, &pf);
    if (pf.threats != mj_table_threats(t) || (pf.threats >> t->me & 1) || pf.n != r.n_discards)
        abort();
    if (pf.n && (pf.best < 0 || pf.best >= pf.n || pf.safest < 0 || pf.safest >= pf.n))
        abort();
    for (int i = 0; i < pf.n; i++) {
        if (!mjdf_prob(pf.deal[i]) || !(pf.loss[i] >= 0) || !isfinite(pf.ev[i]) || pf.ev[i] > pf.ev[pf.best] ||
            pf.loss[i] < pf.loss[pf.safest])
            abort();
        for (int s = 0; s < 4; s++)
            if (!mjdf_prob(pf.deal_seat[i][s]) || pf.deal_seat[i][s] > pf.deal[i] + 1e-9)
                abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *line = (const char *)data;
    const char *nl = memchr(line, '\n', size);
    size_t len = nl ? (size_t)(nl - line) : size;
    static mj_table t;
    static mj_danger d;
    mj_hand h;
    mj_winctx w;
    mj_ev_config c;
    int offer, red, seat;
    tk_error err = { 0 };
    mj_winctx_init(&w);
    mj_ev_config_init(&c);
    int rc = mj_ev_parse_table_line(line, len, &h, &w, &c, &t, &offer, &red, &seat, &err);
    if (rc != 0) {
        if (rc > 0 || !err.msg[0] || err.col < 0 || err.col > (long)len + 1)
            abort();
        return 0;
    }
    if (offer >= MJ_TILES || (offer >= 0 && (seat < 0 || seat > 3 || seat == t.me)) || t.me != w.seat)
        abort();
    mjdf_check_all(&t, &d);
    check_pushfold(&h, &t);
    return 0;
}
