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

static const char *leave_text(cli_buf *t, const sk_engine *e, const sk_rack *r, const sk_move *m)
{
    cli_buf_reset(t);
    skf_leave(t, e, r, m);
    return fmt_buf_str(t);
}

/* Room for one formed word's text: at most SK_MAX_DIM letters of at most
 * ALPHA_LETTER_MAX bytes, bracketed; nothing is cut. */
#define WORD_CAP (SK_MAX_DIM * (ALPHA_LETTER_MAX + 2) + 1)

/* Every word move m forms (sk_move_words), as text separated by commas. */
static const char *words_text(cli_buf *t, const sk_engine *e, const sk_board *b, const sk_move *m)
{
    sk_word w[SK_MAX_WORDS];
    char word[WORD_CAP];
    int nw = sk_move_words(m, b, w, SK_MAX_WORDS);
    cli_buf_reset(t);
    for (int i = 0; i < nw && i < SK_MAX_WORDS; i++) {
        sk_word_format(&w[i], e, SK_FMT_WORD, word, sizeof word);
        cli_buf_printf(t, "%s%s", i ? "," : "", word);
    }
    return t->p ? t->p : "";
}

/* The JSON keys naming the position: "file", "line" and "cgp" (a CGP line), "rack". */
static void json_pos(cli_json *j, cli_buf *f, const skc_ctx *c, const skc_pos *p, const sk_rack *r)
{
    cli_json_begin(j, f);
    cli_json_kstr(j, "file", p->file);
    if (p->cgp) {
        cli_json_kint(j, "line", p->line);
        cli_json_key(j, "cgp");
        cli_json_strn(j, p->cgp, p->cgp_len);
    }
    if (r) {
        cli_buf t = {0};
        cli_json_kstr(j, "rack", leave_text(&t, c->e, r, NULL));
        cli_buf_free(&t);
    }
}

static void json_words(cli_json *j, const sk_engine *e, const sk_board *b, const sk_move *m)
{
    sk_word w[SK_MAX_WORDS];
    char word[WORD_CAP];
    int nw = sk_move_words(m, b, w, SK_MAX_WORDS);
    cli_json_key(j, "words");
    cli_json_array(j);
    for (int i = 0; i < nw && i < SK_MAX_WORDS; i++) {
        sk_word_format(&w[i], e, SK_FMT_WORD, word, sizeof word);
        cli_json_strn(j, word, strlen(word));
    }
    cli_json_close(j);
}

/* "coord", "row", "col", "dir", "word" of a move */
static void json_move_head(cli_json *j, cli_buf *t, const sk_engine *e, const sk_move *m)
{
    char coord[16];
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    cli_json_kstr(j, "coord", coord);
    cli_json_kint(j, "row", m->row);
    cli_json_kint(j, "col", m->col);
    cli_json_kstr(j, "dir", m->dir ? "V" : "H");
    cli_json_kstr(j, "word", skf_move_str(t, e, m, SK_FMT_WORD));
}

/* One move as JSON: head holds the position's keys ({"file":..,"rack":..),
 * written once per position; t is scratch. */
static void print_move_json(const skc_ctx *c, cli_buf *f, const sk_board *b, const sk_rack *r, const sk_move *m,
                            const cli_buf *head, cli_buf *t)
{
    cli_json j;
    cli_buf_put(f, head->p, head->len);
    cli_json_resume(&j, f);
    json_move_head(&j, t, c->e, m);
    cli_json_kstr(&j, "played", skf_move_str(t, c->e, m, SK_FMT_PLAYED));
    cli_json_kint(&j, "score", m->score);
    cli_json_kint(&j, "tiles", m->ntiles);
    cli_json_kstr(&j, "leave", leave_text(t, c->e, r, m));
    json_words(&j, c->e, b, m);
    cli_json_end(&j);
}

static void print_move_text(const skc_ctx *c, cli_buf *f, const sk_board *b, const sk_rack *r, const sk_move *m,
                            cli_buf *t)
{
    char coord[16];
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    cli_buf_puts(f, coord);
    cli_buf_put(f, "  ", 2);
    cli_buf_puts(f, skf_move_str(t, c->e, m, SK_FMT_PAREN));
    cli_buf_put(f, "  ", 2);
    cli_buf_putint(f, m->score);
    cli_buf_put(f, "  leave:", 8);
    const char *leave = leave_text(t, c->e, r, m);
    cli_buf_puts(f, leave[0] ? leave : "-");
    if (c->o->words)
        cli_buf_printf(f, "  words:%s", words_text(t, c->e, b, m));
    cli_buf_putc(f, '\n');
}

/* Every move of the list, best first. */
static void print_moves(const skc_ctx *c, cli_buf *f, const sk_board *b, const sk_rack *r, const sk_movelist *list,
                        const skc_pos *p)
{
    cli_buf head = {0}, t = {0};
    if (c->o->json && list->n) {
        cli_json j;
        json_pos(&j, &head, c, p, r);   /* the keys every move object starts with */
    }
    for (size_t i = 0; i < list->n; i++) {
        if (c->o->json)
            print_move_json(c, f, b, r, &list->v[i], &head, &t);
        else
            print_move_text(c, f, b, r, &list->v[i], &t);
    }
    if (head.oom || t.oom)
        f->oom = 1;   /* reported by the engine */
    cli_buf_free(&head);
    cli_buf_free(&t);
}

/* A bad position: the message on stderr; in a batch, with --json an object
 * (the output stays one object per position), with --count "error". */
static int print_error(const skc_ctx *c, cli_buf *f, cli_buf *err, const skc_pos *p, const tk_error *e)
{
    cli_buf_error(err, p->file, p->cgp ? p->line : e->line, "%s", e->msg);
    if (c->o->json && p->cgp) {
        cli_json j;
        json_pos(&j, f, c, p, NULL);
        cli_json_kstr(&j, "error", e->msg);
        cli_json_end(&j);
    } else if (p->cgp && c->o->count) {
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
        json_pos(&j, f, c, p, r);
        cli_json_kstr(&j, "coord", o->check_coord);
        cli_json_kstr(&j, "word", o->check_word);
        cli_json_key(&j, "legal");
        cli_json_bool(&j, 0);
        cli_json_kstr(&j, "error", e->msg);
        cli_json_end(&j);
    }
    return CLI_EXIT_DATA;
}

static void check_json(const skc_ctx *c, cli_buf *f, const sk_board *b, const sk_rack *r, const skc_pos *p,
                       const sk_check_result *res)
{
    cli_json j;
    cli_buf t = {0};
    json_pos(&j, f, c, p, r);
    json_move_head(&j, &t, c->e, &res->move);
    cli_json_key(&j, "legal");
    cli_json_bool(&j, 1);
    cli_json_kint(&j, "score", res->move.score);
    cli_json_kint(&j, "tiles", res->move.ntiles);
    cli_json_kint(&j, "rank", (long long)res->rank);
    cli_json_kint(&j, "ties", (long long)res->ties);
    cli_json_key(&j, "total");
    cli_json_uint(&j, res->total);
    json_words(&j, c->e, b, &res->move);
    cli_json_key(&j, "best");
    cli_json_object(&j);
    char coord[16] = "";
    if (res->total)
        sk_coord_format(res->best.row, res->best.col, res->best.dir, coord, sizeof coord);
    cli_json_kstr(&j, "coord", coord);
    cli_json_kstr(&j, "word", res->total ? skf_move_str(&t, c->e, &res->best, SK_FMT_WORD) : "");
    cli_json_kint(&j, "score", res->best.score);
    cli_json_end(&j);
    cli_buf_free(&t);
}

static void check_text(const skc_ctx *c, cli_buf *f, const sk_board *b, const sk_check_result *res)
{
    const sk_move *m = &res->move;
    char coord[16];
    cli_buf t = {0}, words = {0};
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    cli_buf_printf(f, "%s  %s  %d  rank %zu of %llu", coord, skf_move_str(&t, c->e, m, SK_FMT_PAREN), m->score,
                   res->rank, (unsigned long long)res->total);
    if (res->ties)
        cli_buf_printf(f, " (tied with %zu other%s)", res->ties, res->ties == 1 ? "" : "s");
    words_text(&words, c->e, b, m);
    coord[0] = 0;
    if (res->total)
        sk_coord_format(res->best.row, res->best.col, res->best.dir, coord, sizeof coord);
    cli_buf_printf(f, "  words:%s  best: %s  %s  %d\n", words.p ? words.p : "", coord,
                   res->total ? skf_move_str(&t, c->e, &res->best, SK_FMT_PAREN) : "", res->best.score);
    cli_buf_free(&t);
    cli_buf_free(&words);
}

static int do_check(const skc_ctx *c, sk_gen *g, cli_buf *f, cli_buf *err, const sk_board *b, const sk_rack *r,
                    unsigned flags, const skc_pos *p)
{
    sk_check_result res;
    tk_error e = {0};
    if (sk_check(g, b, r, c->o->check_coord, c->o->check_word, flags, &res, &e))
        return check_illegal(c, f, err, p, r, &e);
    int prc = picture(c, f, err, b, &res.move, p, "play");
    if (c->o->json)
        check_json(c, f, b, r, p, &res);
    else
        check_text(c, f, b, &res);
    return prc;
}

static void print_count(const skc_ctx *c, cli_buf *f, const sk_rack *r, const skc_pos *p, unsigned long long n)
{
    if (!c->o->json) {
        cli_buf_printf(f, "%llu\n", n);
        return;
    }
    cli_json j;
    json_pos(&j, f, c, p, r);
    cli_json_key(&j, "count");
    cli_json_uint(&j, n);
    cli_json_end(&j);
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
        print_count(c, out, r, p, (unsigned long long)list->total);
        return CLI_EXIT_OK;
    }
    sk_movelist_sort(c->e, list);
    if (p->cgp && !o->json) {
        cli_buf t = {0};
        const char *rs = leave_text(&t, c->e, r, NULL);
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
    print_moves(c, out, b, r, list, p);
    if (list->n < all)
        cli_buf_printf(out, "# the best %zu of %zu moves (at a terminal): --top N shows N, and in a pipe "
                       "(skrafl ... | less) every move is listed\n", list->n, all);
    list->n = all;
    if (all == 0 && !o->json && !p->cgp)   /* a CGP header already says "0 moves" */
        cli_buf_error(err, NULL, 0, "0 moves: no legal play for this rack on %s", p->file);
    if (o->json && p->cgp && list->n == 0) {
        /* a position with no legal move still has its line */
        cli_json j;
        json_pos(&j, out, c, p, r);
        cli_json_key(&j, "count");
        cli_json_int(&j, 0);
        cli_json_end(&j);
    }
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
    sk_gen_destroy(w->g);
    memset(w, 0, sizeof *w);
}

int skc_position(const skc_ctx *c, skc_work *w, const skc_pos *p, const sk_board *b, cli_buf *out, cli_buf *err)
{
    if (c->o->eg.endgame || c->o->eg.pre)   /* --endgame / --preendgame: skrafl_endgame.c */
        return skc_endgame(c, w, p, b, out, err);
    if (p->cgp)
        return solve_cgp(c, w, out, err, p);
    return solve(c, w, out, err, b, &c->rack, p);
}
