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

static void json_str(cli_buf *f, const char *s) { cli_json_quote(f, s, strlen(s)); }

/* Open a JSON object with the input's line number (when there is one). */
static void json_begin(cli_buf *f, long line)
{
    cli_buf_putc(f, '{');
    if (line > 0)
        cli_buf_printf(f, "\"line\":%ld,", line);
}

static void print_play(const sk_engine *e, cli_buf *f, const sk_board *b, const sk_rack *r, const sk_play *p,
                       long line, int json, int words, size_t rank)
{
    char coord[16], word[256], leave[128], eq[32], lv[32];
    skf_play_fields(e, r, p, json ? SK_FMT_WORD : SK_FMT_PAREN, coord, sizeof coord, word, sizeof word, leave,
                    sizeof leave);
    fmt_milli(eq, sizeof eq, p->equity);
    fmt_milli(lv, sizeof lv, p->leave);
    static const char *kinds[] = { "move", "exchange", "pass" };
    if (json) {
        json_begin(f, line);
        cli_buf_printf(f, "\"rank\":%zu,\"kind\":\"%s\",", rank, kinds[p->kind]);
        if (p->kind == SK_PLAY_MOVE) {
            char played[256];
            sk_move_format(&p->move, e, SK_FMT_PLAYED, played, sizeof played);
            cli_buf_puts(f, "\"coord\":");
            json_str(f, coord);
            cli_buf_printf(f, ",\"row\":%d,\"col\":%d,\"dir\":\"%c\",\"word\":", p->move.row, p->move.col,
                    p->move.dir ? 'V' : 'H');
            json_str(f, word);
            cli_buf_puts(f, ",\"played\":");
            json_str(f, played);
            cli_buf_printf(f, ",\"tiles\":%d,", p->move.ntiles);
        } else if (p->kind == SK_PLAY_EXCHANGE) {
            cli_buf_puts(f, "\"exchange\":");
            json_str(f, word + 1);
            cli_buf_putc(f, ',');
        }
        cli_buf_printf(f, "\"score\":%d,\"leave\":", p->score);
        json_str(f, leave);
        cli_buf_printf(f, ",\"leave_value\":%s,\"equity\":%s}\n", lv, eq);
        return;
    }
    cli_buf_printf(f, "%s  %s  %d  equity:%s  leave:%s", coord, word, p->score, eq, leave[0] ? leave : "-");
    if (words && p->kind == SK_PLAY_MOVE) {
        sk_word w[SK_MAX_WORDS];
        char text[SK_MAX_DIM * (ALPHA_LETTER_MAX + 2) + 1];
        int nw = sk_move_words(&p->move, b, w, SK_MAX_WORDS);
        cli_buf_puts(f, "  words:");
        for (int i = 0; i < nw && i < SK_MAX_WORDS; i++) {
            sk_word_format(&w[i], e, SK_FMT_WORD, text, sizeof text);
            cli_buf_printf(f, "%s%s", i ? "," : "", text);
        }
    }
    cli_buf_putc(f, '\n');
}

static void position_state(const sk_engine *e, const sk_board *b, const sk_rack *r, sk_state *st,
                           int unseen[64], int *nunseen)
{
    *nunseen = sk_unseen(e, b, r, unseen);
    if (*nunseen < 0)
        *nunseen = 0;
    sk_state_from_unseen(e, unseen, *nunseen, st);
}

static void print_unseen(const sk_engine *e, cli_buf *f, const int unseen[64], int n, const sk_state *st,
                         long line, int json)
{
    sk_rack u;
    memset(&u, 0, sizeof u);
    char *txt = malloc(8 * 128 + 16);
    size_t at = 0;
    if (!txt)
        return;
    txt[0] = 0;
    /* up to 100+ tiles: spell them directly */
    const alpha_table *a = sk_engine_alphabet(e);
    for (int l = 1; l <= a->size; l++)
        for (int k = 0; k < unseen[l] && at + 20 < 8 * 128; k++)
            at += (size_t)snprintf(txt + at, 8 * 128 + 16 - at, "%s", a->upper[l]);
    for (int k = 0; k < unseen[0] && at + 2 < 8 * 128; k++)
        txt[at++] = '?', txt[at] = 0;
    if (json) {
        json_begin(f, line);
        cli_buf_puts(f, "\"unseen\":");
        json_str(f, txt);
        cli_buf_printf(f, ",\"count\":%d,\"bag\":%d}\n", n, st->bag);
    } else {
        cli_buf_printf(f, "unseen %d: %s  bag %d\n", n, txt[0] ? txt : "-", st->bag);
    }
    free(txt);
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
    const sk_play *v = &best;
    char c1[16], w1[256], c2[16], w2[256], eq[32], beq[32];
    skf_play_fields(e, r, &me, json ? SK_FMT_WORD : SK_FMT_PAREN, c1, sizeof c1, w1, sizeof w1, NULL, 0);
    skf_play_fields(e, r, &v[0], json ? SK_FMT_WORD : SK_FMT_PAREN, c2, sizeof c2, w2, sizeof w2, NULL, 0);
    fmt_milli(eq, sizeof eq, me.equity);
    fmt_milli(beq, sizeof beq, v[0].equity);
    if (json) {
        json_begin(f, line);
        cli_buf_puts(f, "\"coord\":");
        json_str(f, c1);
        cli_buf_puts(f, ",\"word\":");
        json_str(f, w1);
        cli_buf_printf(f, ",\"legal\":true,\"score\":%d,\"equity\":%s,\"rank_score\":%ld,\"rank_equity\":%ld,"
                   "\"total\":%ld,\"best\":{\"coord\":", me.score, eq, rsc, req, n);
        json_str(f, c2);
        cli_buf_puts(f, ",\"word\":");
        json_str(f, w2);
        cli_buf_printf(f, ",\"score\":%d,\"equity\":%s}}\n", v[0].score, beq);
    } else {
        cli_buf_printf(f, "%s  %s  %d  equity:%s  rank by score %ld, by equity %ld of %ld plays  best: %s  %s  %d  equity:%s\n",
                c1, w1, me.score, eq, rsc, req, n, c2, w2, v[0].score, beq);
    }
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
        print_unseen(e, f, unseen, nun, &st, line, json);
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
                print_play(e, f, b, r, &v[i], line, json, words, (size_t)++shown);
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
            json_begin(f, line);
            cli_buf_printf(f, "\"count\":%llu,\"exchanges\":%d,\"passes\":1}\n", (unsigned long long)list->total, nx);
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
            print_play(e, f, b, r, &v[i], line, json, words, (size_t)++shown);
    free(v);
    return CLI_EXIT_OK;
}

