/* skrafl_equity.c - skrafl's listing by equity: with --top N the best N
 * plays by the top-N search (sk_top_plays: placements, exchanges when the
 * bag holds 7, the pass, the empty-bag rule); without it every placement is
 * generated, valued with the leave table (sk_rank_plays), exchanges and the
 * pass added, and the whole list sorted by equity (or by score with --sort
 * score).  --check ranks a play by the top-N search too (sk_play_rank).
 * The bag is what the position implies: unseen tiles (tile set minus board
 * minus rack) less the opponent's rack (7 tiles, or all unseen tiles if
 * fewer).  --unseen prints the unseen tiles first.
 */
#include "cli/skrafl_cli.h"
#include "tilekit/skfmt.h"
#include "tilekit/skreview.h"

#include <stdlib.h>
#include <string.h>

int skc_equity_wanted(const skc_ctx *c)
{
    const skc_play_opts *p = &c->o->play;
    return p->sort == 2 || c->leaves != NULL || p->exchanges || p->unseen;
}

static void position_state(const sk_engine *e, const sk_board *b, const sk_rack *r, sk_state *st,
                           int unseen[64], int *nunseen)
{
    *nunseen = sk_unseen(e, b, r, unseen);
    if (*nunseen < 0)
        *nunseen = 0;
    sk_state_from_unseen(e, unseen, *nunseen, st);
}

static int check_play(const sk_engine *e, sk_leaves *lv, sk_gen *g, sk_movelist *list, cli_buf *f, cli_buf *errb,
                      const sk_board *b,
                      const sk_rack *r, const sk_state *st, long line, const char *file, int json, unsigned flags,
                      const char *coord, const char *word)
{
    sk_check_result res;
    tk_error err = {0};
    int rc = sk_check(g, b, r, coord, word, flags, &res, &err);
    if (rc) {
        cli_buf_error(errb, line > 0 ? file : NULL, line, "illegal play %s %s: %s", coord, word, err.msg);
        return CLI_EXIT_DATA;
    }
    sk_play me, best;
    memset(&me, 0, sizeof me);
    me.move = res.move;
    me.score = res.move.score;
    me.equity = sk_move_equity(e, r, &res.move, st, sk_leaves_value, lv, &me.leave);
    long req, rsc, n;
    if (sk_play_rank(g, list, b, r, st, flags, lv, &me, &req, &rsc, &n, &best, &err)) {
        cli_buf_error(errb, NULL, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    skf_ranked_play(f, e, r, &me, &best, req, rsc, n, line, json);
    return CLI_EXIT_OK;
}

int skc_equity(const skc_ctx *c, skc_work *w, cli_buf *f, cli_buf *errb, const sk_board *b, const sk_rack *r,
               const skc_pos *p)
{
    const skc_opts *o = c->o;
    const skc_play_opts *po = &o->play;
    const sk_engine *e = c->e;
    sk_leaves *lv = c->leaves;
    sk_gen *g = w->g;
    sk_movelist *list = &w->list;
    long line = p->line, top = o->top;
    int json = o->json, count = o->count, words = o->words;
    unsigned flags = o->all_openings ? SK_ALL_OPENINGS : 0;
    int unseen[64], nun;
    sk_state st;
    position_state(e, b, r, &st, unseen, &nun);
    if (po->unseen)
        skf_unseen(f, e, unseen, nun, st.bag, line, json);
    if (o->check_coord)
        return check_play(e, lv, g, list, f, errb, b, r, &st, line, p->file, json, flags, o->check_coord,
                          o->check_word);
    tk_error err = {0};
    /* sorted by score, exchanges and the pass only with --exchanges */
    int others = !(po->sort == 1 && !po->exchanges);
    if (top > 0 && !count) {
        /* The best `top` plays by the top-N search; sorted by score without
         * the other plays, enough plays that `top` placements remain. */
        size_t want = (size_t)top + (others ? 0 : 128);
        sk_play *v = malloc(want * sizeof *v);
        long n = v ? sk_top_plays(g, b, r, &st, flags, sk_leaves_value, lv, po->sort == 1, want, list, v, &err)
                   : tk_error_set(&err, TK_ENOMEM, 0, 0, "out of memory");
        if (n < 0) {
            free(v);
            cli_buf_error(errb, NULL, 0, "%s", err.msg);
            return CLI_EXIT_DATA;
        }
        if (line > 0 && !json) {
            char rs[64];
            sk_rack_leave(r, NULL, e, rs, sizeof rs);
            long shown = 0;
            for (long i = 0; i < n && shown < top; i++)
                shown += others || v[i].kind == SK_PLAY_MOVE;
            cli_buf_printf(f, "# line %ld: rack %s: top %ld\n", line, rs[0] ? rs : "-", shown);
        }
        long shown = 0;
        for (long i = 0; i < n && shown < top; i++)
            if (others || v[i].kind == SK_PLAY_MOVE)
                skf_equity_play(f, e, b, r, &v[i], line, json, words, (size_t)++shown);
        free(v);
        return CLI_EXIT_OK;
    }
    list->limit = 0;
    if (sk_generate(g, b, r, flags, list, &err)) {
        cli_buf_error(errb, NULL, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    if (count) {
        sk_play x[128];
        int nx = st.bag >= SK_EXCHANGE_MIN && r->n > 0 ? sk_exchanges(e, r, &st, NULL, NULL, x) : 0;
        if (json) {
            if (line > 0)
                cli_buf_printf(f, "{\"line\":%ld,", line);
            cli_buf_printf(f, "%s\"count\":%llu,\"exchanges\":%d,\"passes\":1}\n", line > 0 ? "" : "{",
                           (unsigned long long)list->total, nx);
        } else {
            cli_buf_printf(f, "%llu\n", (unsigned long long)list->total);
        }
        return CLI_EXIT_OK;
    }
    sk_play *v = NULL;
    long n = sk_rank_plays(e, r, &st, list, sk_leaves_value, lv, po->sort == 1, &v);
    if (n < 0) {
        cli_buf_error(errb, NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    long shown = 0, nplays = 0;
    for (long i = 0; i < n; i++)
        nplays += others || v[i].kind == SK_PLAY_MOVE;
    if (line > 0 && !json) {
        char rs[64];
        sk_rack_leave(r, NULL, e, rs, sizeof rs);
        cli_buf_printf(f, "# line %ld: rack %s: %llu move%s, %ld play%s\n", line, rs[0] ? rs : "-",
                (unsigned long long)list->total, list->total == 1 ? "" : "s", nplays, nplays == 1 ? "" : "s");
    }
    for (long i = 0; i < n && (top <= 0 || shown < top); i++)
        if (others || v[i].kind == SK_PLAY_MOVE)
            skf_equity_play(f, e, b, r, &v[i], line, json, words, (size_t)++shown);
    free(v);
    return CLI_EXIT_OK;
}

