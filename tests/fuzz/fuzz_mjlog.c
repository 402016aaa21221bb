/* fuzz_mjlog.c - libFuzzer target: the game-record readers and the replay.
 *
 * The input is a whole log (.mjlog XML, tenhou.net/6 JSON, gzip or not).
 * If it parses, every round is replayed to its end and the target checks
 * what must hold for every log the parser accepts: every step succeeds,
 * each hand keeps 13 - 3k or 14 - 3k closed tiles with no count above 4,
 * the unseen counts stay within 0..4, and every win yields a hand of
 * 14 - 3k tiles that the scorer takes without crashing.  Then the input
 * is read again keeping the events that do not fit (MJ_LOG_KEEP_INCONSISTENT)
 * and reviewed (mjreview.h): the records follow the events in order, a
 * fatal issue ends its round's records, every issue has its record, and
 * each discard's verdict is coherent; every record and the summaries go
 * through the text and JSON formatters.  A broken invariant aborts. */
#include "tilekit/mjfmt.h"
#include "tilekit/mjlog.h"
#include "tilekit/mjreview.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void check_discard(const mj_review_discard *d)
{
    if (d->best_shanten > d->play_shanten || d->rank < 1 || d->shanten_lost < 0 || d->ukeire_lost < 0 ||
        (d->is_best && (d->rank != 1 || d->best_tile != d->tile)) || !(d->best_tiles >> d->best_tile & 1 || d->is_best))
        abort();
}

static void review_kept(const uint8_t *data, size_t size)
{
    static mj_ctx *ctx;
    mj_log *log = NULL;
    tk_error err = { 0 };
    if (mj_log_parse_ex((const char *)data, size, MJ_LOG_KEEP_INCONSISTENT, &log, &err) != 0) {
        if (log || !err.msg[0])
            abort();
        return;
    }
    if (!ctx && mj_ctx_create(&ctx, &err) != 0)
        abort();
    mj_review_options o;
    mj_review_options_init(&o);
    mj_review *rv = NULL;
    if (mj_review_log(log, &o, ctx, NULL, &rv, &err) != 0 || rv->n_issues != log->n_issues)
        abort();
    int cut_round = -1;
    for (int i = 0; i < rv->n_records; i++) {
        const mj_review_record *rec = &rv->records[i], *prev = i ? &rv->records[i - 1] : NULL;
        if (prev && (rec->round < prev->round || (rec->round == prev->round && rec->event <= prev->event)))
            abort();
        if (rec->round == cut_round)
            abort();
        const mj_review_issue *x = mj_review_issue_of(rv, rec);
        if (x && x->fatal)
            cut_round = rec->round;
        const mj_review_discard *d = mj_review_discard_of(rv, rec);
        if (d)
            check_discard(d);
    }
    fmt_buf b = { 0 };
    for (int i = 0; i < rv->n_records; i++) {
        mjf_review_record_text(&b, rv, i, "log", 1);
        mjf_review_record_json(&b, rv, i, "log");
    }
    mjf_review_summary_text(&b, rv, "log");
    mjf_review_summary_json(&b, rv, "log");
    if (!b.oom && b.len == 0)
        abort();
    fmt_buf_free(&b);
    mj_review_free(rv);
    mj_log_free(log);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    review_kept(data, size);
    mj_log *log = NULL;
    tk_error err = { 0 };
    if (mj_log_parse((const char *)data, size, &log, &err) != 0) {
        if (log || !err.msg[0])
            abort();
        return 0;
    }
    for (int i = 0; i < log->n_rounds; i++) {
        mj_replay r;
        if (mj_replay_start(&r, log, i, &err) != 0)
            abort();
        for (;;) {
            const mj_log_round *rd = r.round;
            if (r.next < rd->n_events && rd->events[r.next].kind == MJ_EV_WIN) {
                mj_hand h;
                mj_winctx w;
                mj_score sc;
                if (mj_replay_win(&r, &rd->events[r.next], &h, &w, &err) != 0 || h.n_tiles % 3 != 2)
                    abort();
                if (mj_winctx_check(&h, &w, &err) == 0)
                    (void)mj_score_hand(&h, &w, &sc, &err);
            }
            int rc = mj_replay_step(&r, &err);
            if (rc == 1)
                break;
            if (rc != 0)
                abort();
            for (int s = 0; s < 4; s++) {
                const mj_hand *h = &r.hand[s];
                int n = 0;
                for (int t = 0; t < MJ_TILES; t++) {
                    if (h->count[t] > 4)
                        abort();
                    n += h->count[t];
                }
                if (n != h->n_tiles || (n + 3 * h->n_melds != 13 && n + 3 * h->n_melds != 14))
                    abort();
                uint8_t un[MJ_TILES];
                mj_replay_unseen(&r, s, un);
                for (int t = 0; t < MJ_TILES; t++)
                    if (un[t] > 4)
                        abort();
            }
        }
    }
    mj_log_free(log);
    return 0;
}
