/* skrafl_solve.c - one position: check it, generate its moves (or only
 * count them, or --check one play) and print them best first, as text or as
 * one JSON object a move.  Every JSON object carries the position's input:
 * its file, and for a CGP line its line number and text, and the rack.
 * Move texts have no length limit (the formatters ask the library for the
 * length it needs).  A position asked for by --sim, --endgame or a listing
 * by equity goes to skrafl_sim.c, skrafl_endgame.c or skrafl_equity.c. */
#include "cli/skrafl_cli.h"
#include "cli/skrafl_lex.h"
#include "tilekit/skfmt.h"

#include <string.h>

/* Room for one formed word's text: at most SK_MAX_DIM letters of at most
 * ALPHA_LETTER_MAX bytes, bracketed; nothing is cut. */
#define WORD_CAP (SK_MAX_DIM * (ALPHA_LETTER_MAX + 2) + 1)

/* A bad position: the message on stderr; in a batch, with --json an object
 * (the output stays one object per position), with --count "error". */
static int print_error(const skc_ctx *c, cli_buf *f, cli_buf *err, const skc_pos *p, const tk_error *e)
{
    cli_buf_error(err, p->file, p->cgp ? p->line : e->line, "%s", e->msg);
    if (c->o->json && p->cgp)
        skf_pos_error(f, p, e->msg);
    else if (p->cgp && c->o->count) {
        cli_buf_puts(f, "error\n");
    }
    return CLI_EXIT_DATA;
}

/* --show and --svg for one position: m is the move to draw (NULL: none). */
static int picture(const skc_ctx *c, cli_buf *f, cli_buf *err, const sk_board *b, const sk_move *m,
                   const skc_pos *p, const char *what)
{
    if (c->o->show)
        skc_show_board(c, f, b, m, what);
    if (c->o->svg && (!p->cgp || p->line == c->svg_line))
        return skc_write_svg(c, c->o->svg, b, m, err);
    return CLI_EXIT_OK;
}

static int check_illegal(const skc_ctx *c, cli_buf *f, cli_buf *err, const skc_pos *p, const sk_rack *r,
                         const tk_error *e)
{
    const skc_opts *o = c->o;
    char qc[64], qw[96];
    cli_buf_error(err, p->cgp ? p->file : NULL, p->cgp ? p->line : 0, "illegal play %s %s: %s",
                  alpha_quote(o->check_coord, strlen(o->check_coord), 40, qc, sizeof qc),
                  alpha_quote(o->check_word, strlen(o->check_word), 60, qw, sizeof qw), e->msg);
    if (o->json) {
        cli_json j;
        skf_json_pos(&j, f, c->e, p, r);
        cli_json_kstr(&j, "coord", o->check_coord);
        cli_json_kstr(&j, "word", o->check_word);
        cli_json_kbool(&j, "legal", 0);
        cli_json_kstr(&j, "error", e->msg);
        cli_json_end(&j);
    }
    return CLI_EXIT_DATA;
}

static int do_check(const skc_ctx *c, sk_gen *g, cli_buf *f, cli_buf *err, const sk_board *b, const sk_rack *r,
                    unsigned flags, const skc_pos *p)
{
    sk_check_result res;
    tk_error e = {0};
    if (sk_check(g, b, r, c->o->check_coord, c->o->check_word, flags, &res, &e))
        return check_illegal(c, f, err, p, r, &e);
    int prc = picture(c, f, err, b, &res.move, p, "play");
    skf_check(f, c->e, b, r, p, &res, c->o->json);
    return prc;
}

static int solve(const skc_ctx *c, skc_work *w, cli_buf *out, cli_buf *err, const sk_board *b, const sk_rack *r,
                 const skc_pos *p)
{
    sk_gen *g = w->g;
    sk_movelist *list = &w->list;
    const skc_opts *o = c->o;
    tk_error e = {0};
    if (sk_position_check(c->e, b, r, &e))
        return print_error(c, out, err, p, &e);
    unsigned flags = o->all_openings ? SK_ALL_OPENINGS : 0;
    if (o->sim.on)               /* --sim: skrafl_sim.c */
        return skc_sim(c, out, err, b, r, p);
    if (skc_equity_wanted(c))    /* ranked by equity, exchanges, --unseen: skrafl_equity.c */
        return skc_equity(c, w, out, err, b, r, p);
    if (o->check_coord)
        return do_check(c, g, out, err, b, r, flags, p);
    list->limit = 0;
    int grc = o->top > 0 && !o->count
                  ? sk_generate_top(g, b, r, flags, NULL, (size_t)o->top, list, &e)
                  : sk_generate(g, b, r, flags | (o->count ? SK_COUNT_ONLY : 0), list, &e);
    if (grc)
        return print_error(c, out, err, p, &e);
    if (o->count) {
        skf_count(out, c->e, r, p, (unsigned long long)list->total, c->o->json);
        return CLI_EXIT_OK;
    }
    sk_movelist_sort(c->e, list);
    if (p->cgp && !o->json) {
        cli_buf t = {0};
        const char *rs = skf_leave_str(&t, c->e, r);
        if (o->top > 0)   /* the best-first search does not count every move */
            cli_buf_printf(out, "# line %ld: rack %s: top %zu\n", p->line, rs[0] ? rs : "-", list->n);
        else
            cli_buf_printf(out, "# line %ld: rack %s: %llu move%s\n", p->line, rs[0] ? rs : "-",
                           (unsigned long long)list->total, list->total == 1 ? "" : "s");
        cli_buf_free(&t);
    }
    int prc = picture(c, out, err, b, list->n ? &list->v[0] : NULL, p, "best");
    size_t all = list->n;
    if (o->tty_top > 0 && list->n > (size_t)o->tty_top)
        list->n = (size_t)o->tty_top;   /* a terminal: the best few, and how to see more */
    skf_moves(out, c->e, b, r, list, p, o->json, o->words);
    if (list->n < all)
        cli_buf_printf(out, "# the best %zu of %zu moves (at a terminal): --top N shows N, and in a pipe "
                       "(skrafl ... | less) every move is listed\n", list->n, all);
    list->n = all;
    if (all == 0 && !o->json && !p->cgp)   /* a CGP header already says "0 moves" */
        cli_buf_error(err, NULL, 0, "0 moves: no legal play for this rack on %s", p->file);
    if (o->json && p->cgp && list->n == 0)
        skf_count(out, c->e, r, p, 0, 1);   /* a position with no legal move still has its line */
    return prc;
}

static int solve_cgp(const skc_ctx *c, skc_work *w, cli_buf *out, cli_buf *err, const skc_pos *p)
{
    sk_board b;
    sk_rack r;
    tk_error e = {0};
    sk_engine *eng = c->e;
    char warn[160];
    if (sk_cgp_check_opcodes(p->cgp, p->cgp_len, &e, warn, sizeof warn) != TK_OK)
        return print_error(c, out, err, p, &e);
    if (warn[0])
        cli_buf_error(err, p->file, p->line, "warning: %s", warn);
    if (c->lex && skx_engine_for(c->lex, p->cgp, p->cgp_len, &eng, &e) != TK_OK)
        return print_error(c, out, err, p, &e);
    skc_ctx other = *c;           /* the line names its own lexicon or tile set */
    sk_gen *g2 = NULL;
    if (eng != c->e) {
        other.e = eng;
        c = &other;
        if (sk_gen_create(&g2, eng, NULL)) {
            tk_error_set(&e, TK_ENOMEM, 0, 0, "out of memory");
            return print_error(c, out, err, p, &e);
        }
        if (c->have_rack && sk_rack_parse(&other.rack, eng, c->o->rack, strlen(c->o->rack), &e)) {
            sk_gen_destroy(g2);
            return print_error(c, out, err, p, &e);
        }
    }
    int rc;
    if (sk_cgp_parse(&b, &r, c->e, p->cgp, p->cgp_len, &e)) {
        rc = print_error(c, out, err, p, &e);
    } else {
        if (c->have_rack)
            r = c->rack;
        skc_work w2 = *w;         /* the line's own generator */
        if (g2)
            w2.g = g2;
        rc = solve(c, &w2, out, err, &b, &r, p);
        w->list = w2.list;
    }
    sk_gen_destroy(g2);
    return rc;
}

int skc_work_init(skc_work *w, const skc_ctx *c, int eg_threads)
{
    memset(w, 0, sizeof *w);
    w->eg_threads = eg_threads;
    return sk_gen_create(&w->g, c->e, NULL) ? -1 : 0;
}

void skc_work_free(skc_work *w)
{
    sk_movelist_free(&w->list);
    sk_endgame_destroy(w->eg);
    sk_peg_destroy(w->peg);
    sk_best_destroy(w->best);
    sk_gen_destroy(w->g);
    memset(w, 0, sizeof *w);
}

int skc_position(const skc_ctx *c, skc_work *w, const skc_pos *p, const sk_board *b, cli_buf *out, cli_buf *err)
{
    if (c->o->eg.endgame || c->o->eg.pre || c->o->eg.best)   /* --endgame / --preendgame / --best: skrafl_endgame.c */
        return skc_endgame(c, w, p, b, out, err);
    if (p->cgp)
        return solve_cgp(c, w, out, err, p);
    return solve(c, w, out, err, b, &c->rack, p);
}
