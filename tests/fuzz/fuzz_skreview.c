/* fuzz_skreview.c - libFuzzer target: the library's game review and its
 * three formatters on any GCG text.  Whatever the text, the review ends
 * (0, or TK_ENOMEM); turns are numbered 1, 2, ... in order; a ranked turn's
 * ranks lie in 1..plays, its loss is not negative, at most `top` best plays
 * are kept, each no better than the best; a player's sums match the
 * records; the text has a line per event, the JSON lines are objects, and
 * the HTML page a section per event and no element but the page's own (no
 * <script, no <img, whatever the names and notes hold). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "skrafl_fuzz_common.h"
#include "tilekit/skfmt.h"
#include "tilekit/skreview.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t count(const fmt_buf *b, const char *s)
{
    size_t n = 0;
    for (const char *p = fmt_buf_str(b); (p = strstr(p, s)) != NULL; p++)
        n++;
    return n;
}

static void check_records(const sk_review *rv, const sk_review_opts *o)
{
    int turn = 0, ranked[2] = { 0, 0 };
    for (int i = 0; i < rv->n; i++) {
        const sk_review_event *v = &rv->ev[i];
        if (v->turn && v->turn != ++turn)
            abort();
        if (!v->have_rank)
            continue;
        ranked[v->ev->player]++;
        if (v->rank_equity < 1 || v->rank_equity > v->plays || v->rank_score < 1 || v->rank_score > v->plays ||
            v->lost < 0 || v->ntop > o->top)
            abort();
        for (int k = 0; k < v->ntop; k++)
            if (v->top[k].equity > v->best.equity)
                abort();
    }
    if (turn != rv->turns || ranked[0] != rv->player[0].ranked || ranked[1] != rv->player[1].ranked)
        abort();
}

static void check_formats(const sk_review *rv)
{
    fmt_buf t = {0}, j = {0}, h = {0};
    for (int i = 0; i < rv->n; i++) {
        skf_review_event_text(&t, rv, i);
        skf_review_event_json(&j, rv, i, "fuzz.gcg");
        skf_review_cgp(&t, rv, i, "TEST");
        fmt_buf_putc(&t, '\n');
    }
    skf_review_summary_json(&j, rv, "fuzz.gcg");
    skf_review_html(&h, rv, "fuzz.gcg");
    if (t.oom || j.oom || h.oom)
        abort();
    if (count(&j, "}\n{") + 1 != (size_t)rv->n + 1 || j.p[0] != '{')
        abort();
    if (count(&h, "<section class=\"event\"") != (size_t)rv->n || count(&h, "<script") || count(&h, "<img"))
        abort();
    fmt_buf_free(&t);
    fmt_buf_free(&j);
    fmt_buf_free(&h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skf *F = skf_get();
    static sk_reviewer *w;
    if (!w && sk_reviewer_create(&w, NULL))
        abort();
    sk_gcg g;
    tk_error err;
    if (sk_gcg_parse(&g, F->e, (const char *)data, size, NULL, NULL, &err) == TK_ENOMEM)
        abort();
    sk_review_opts o;
    memset(&o, 0, sizeof o);
    o.top = 3;
    o.judged = 1;
    o.dict_name = "TEST";
    sk_review rv;
    int rc = sk_review_game(w, F->e, &g, &o, &rv, &err);
    if (rc != 0 && rc != TK_ENOMEM)
        abort();
    if (rc == 0) {
        check_records(&rv, &o);
        check_formats(&rv);
    }
    sk_review_free(&rv);
    sk_gcg_free(&g);
    return 0;
}
