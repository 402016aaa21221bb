/* fuzz_mjscore.c - libFuzzer target: the scoring line reader (hand, melds
 * and context words), the context checks, the scorer and the quick paths.
 *
 * The input is one line.  If mj_parse_line and mj_winctx_check accept it,
 * the target checks invariants that must hold for every hand: a scored
 * hand has a yaku worth a han (or a yakuman), han = the sum of its yaku
 * (13 x the multiplier on yakuman hands), fu is 25 (seven pairs), 0
 * (thirteen orphans) or a multiple of 10 from 20 to 140, the payments add up
 * (total = main + 2 x additional on tsumo + 300 x honba + 1000 x sticks),
 * the limit matches the han; every wait of a waiting hand scores or has no
 * yaku but is always complete; a hand accepted by the quick paths gets the
 * same shanten and waits as from the full parser.  A broken invariant
 * aborts. */
#include "tilekit/mahjong.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static mj_ctx *CTX;

static void check_score(const mj_score *s, const mj_winctx *w, int tsumo)
{
    if (s->status != MJ_SCORE_OK)
        return;
    int sum = 0;
    for (int i = 0; i < s->n_yaku; i++)
        sum += s->yaku[i].han;
    if (s->yakuman) {
        if (sum < 13 || s->han != 13 * s->yakuman || s->limit != MJ_LIMIT_YAKUMAN)
            abort();
    } else {
        if (sum != s->han || s->han < 1)
            abort();
        if (!(s->fu == 25 || (s->fu % 10 == 0 && s->fu >= 20 && s->fu <= 140)))
            abort();
        if (s->han >= 13 && s->limit != MJ_LIMIT_YAKUMAN)
            abort();
        if (s->han >= 5 && s->han < 13 && s->limit == MJ_LIMIT_NONE)
            abort();
    }
    long extra = 300L * (long)w->honba + 1000L * (long)w->sticks;
    long want = tsumo ? s->main + 2L * s->additional + extra : s->main + extra;
    if (s->total != want || s->main <= 0 || (tsumo ? s->additional <= 0 : s->additional != 0))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!CTX && mj_ctx_create(&CTX, NULL) != 0)
        return 0;
    if (size > 300)
        return 0;
    const char *text = (const char *)data;
    mj_hand h;
    mj_winctx w;
    tk_error err;
    mj_winctx_init(&w);
    if (size & 1)
        w.rules = (unsigned)(size % 32);
    int rc = mj_parse_line(text, size, &h, &w, &err);
    /* quick paths: accepted text means the full parser agrees */
    int sq = mj_shanten_quick(CTX, text, size);
    if (sq >= -1) {
        mj_hand f;
        int sf = 99;
        if (mj_parse(&f, text, size, &err) != 0 || mj_shanten(CTX, &f, &sf, NULL) != 0 || sf != sq)
            abort();
        uint64_t wq, dq, wf, df;
        if (mj_waits_quick(CTX, text, size, &wq, &dq) == 0) {
            wf = mj_waits(CTX, &f, &df);
            if (wq != wf || dq != df)
                abort();
        }
    }
    if (rc != 0 || mj_winctx_check(&h, &w, &err) != 0)
        return 0;
    mj_score s;
    if (h.n_tiles == 14 - 3 * h.n_melds) {
        if (mj_score_hand(&h, &w, &s, &err) != 0)
            abort();
        check_score(&s, &w, (w.flags & MJ_WIN_TSUMO) != 0);
        int sh = 99;
        if (s.status != MJ_SCORE_NOT_WINNING && (mj_shanten(CTX, &h, &sh, NULL) != 0 || sh != -1))
            abort();
        return 0;
    }
    uint64_t waits = mj_waits(CTX, &h, NULL);
    for (int t = 0; t < MJ_TILES; t++) {
        if (!(waits >> t & 1))
            continue;
        for (int ts = 0; ts <= 1; ts++) {
            if (mj_score_wait(&h, &w, t, 0, ts, &s, &err) != 0 || s.status == MJ_SCORE_NOT_WINNING)
                abort();
            check_score(&s, &w, ts);
        }
    }
    return 0;
}
