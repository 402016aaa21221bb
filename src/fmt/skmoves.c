/* skmoves.c - a position's moves as skrafl lists them (contract in
 * tilekit/skfmt.h): one line a move ("COORD  WORD  SCORE  leave:L", with
 * --words its words) or one JSON object a move, each starting with the
 * position's keys (written once and copied); a --check play's rank; a
 * count.  Move texts have no length limit (the library is asked the length
 * it needs). */
#include "tilekit/skfmt.h"

#include <stdio.h>
#include <string.h>

#include "tilekit/alphabet.h"

static const char *leave_text(fmt_buf *t, const sk_engine *e, const sk_rack *r, const sk_move *m)
{
    fmt_buf_reset(t);
    skf_leave(t, e, r, m);
    return fmt_buf_str(t);
}

/* Every word move m forms, as text separated by commas, in t (emptied first). */
static const char *words_text(fmt_buf *t, const sk_engine *e, const sk_board *b, const sk_move *m)
{
    fmt_buf_reset(t);
    skf_move_words(t, e, b, m);
    return fmt_buf_str(t);
}

/* The JSON keys naming the position: "file", "line" and "cgp" (a CGP line), "rack". */
void skf_json_pos(fmt_json *j, fmt_buf *f, const sk_engine *e, const skf_pos *p, const sk_rack *r)
{
    fmt_json_begin(j, f);
    fmt_json_kstr(j, "file", p->file);
    if (p->cgp) {
        fmt_json_kint(j, "line", p->line);
        fmt_json_key(j, "cgp");
        fmt_json_strn(j, p->cgp, p->cgp_len);
    }
    if (r) {
        fmt_buf t = {0};
        fmt_json_kstr(j, "rack", leave_text(&t, e, r, NULL));
        fmt_buf_free(&t);
    }
}

static void json_words(fmt_json *j, const sk_engine *e, const sk_board *b, const sk_move *m)
{
    sk_word w[SK_MAX_WORDS];
    char word[SK_MAX_DIM * (ALPHA_LETTER_MAX + 2) + 1];
    int nw = sk_move_words(m, b, w, SK_MAX_WORDS);
    fmt_json_key(j, "words");
    fmt_json_array(j);
    for (int i = 0; i < nw && i < SK_MAX_WORDS; i++) {
        sk_word_format(&w[i], e, SK_FMT_WORD, word, sizeof word);
        fmt_json_strn(j, word, strlen(word));
    }
    fmt_json_close(j);
}

/* "coord", "row", "col", "dir", "word" of a move */
static void json_move_head(fmt_json *j, fmt_buf *t, const sk_engine *e, const sk_move *m)
{
    char coord[16];
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    fmt_json_kstr(j, "coord", coord);
    fmt_json_kint(j, "row", m->row);
    fmt_json_kint(j, "col", m->col);
    fmt_json_kstr(j, "dir", m->dir ? "V" : "H");
    fmt_json_kstr(j, "word", skf_move_str(t, e, m, SK_FMT_WORD));
}

/* One move as JSON: head holds the position's keys ({"file":..,"rack":..),
 * written once per position; t is scratch. */
static void print_move_json(const sk_engine *e, fmt_buf *f, const sk_board *b, const sk_rack *r, const sk_move *m,
                            const fmt_buf *head, fmt_buf *t)
{
    fmt_json j;
    fmt_buf_put(f, head->p, head->len);
    fmt_json_resume(&j, f);
    json_move_head(&j, t, e, m);
    fmt_json_kstr(&j, "played", skf_move_str(t, e, m, SK_FMT_PLAYED));
    fmt_json_kint(&j, "score", m->score);
    fmt_json_kint(&j, "tiles", m->ntiles);
    fmt_json_kstr(&j, "leave", leave_text(t, e, r, m));
    json_words(&j, e, b, m);
    fmt_json_end(&j);
}

static void print_move_text(const sk_engine *e, fmt_buf *f, const sk_board *b, const sk_rack *r, const sk_move *m,
                            int words, fmt_buf *t)
{
    char coord[16];
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    fmt_buf_puts(f, coord);
    fmt_buf_put(f, "  ", 2);
    fmt_buf_puts(f, skf_move_str(t, e, m, SK_FMT_PAREN));
    fmt_buf_put(f, "  ", 2);
    fmt_buf_putint(f, m->score);
    fmt_buf_put(f, "  leave:", 8);
    const char *leave = leave_text(t, e, r, m);
    fmt_buf_puts(f, leave[0] ? leave : "-");
    if (words)
        fmt_buf_printf(f, "  words:%s", words_text(t, e, b, m));
    fmt_buf_putc(f, '\n');
}

/* Every move of the list, best first. */
void skf_moves(fmt_buf *f, const sk_engine *e, const sk_board *b, const sk_rack *r, const sk_movelist *list,
               const skf_pos *p, int json, int words)
{
    fmt_buf head = {0}, t = {0};
    if (json && list->n) {
        fmt_json j;
        skf_json_pos(&j, &head, e, p, r);   /* the keys every move object starts with */
    }
    for (size_t i = 0; i < list->n; i++) {
        if (json)
            print_move_json(e, f, b, r, &list->v[i], &head, &t);
        else
            print_move_text(e, f, b, r, &list->v[i], words, &t);
    }
    if (head.oom || t.oom)
        f->oom = 1;   /* reported by the engine */
    fmt_buf_free(&head);
    fmt_buf_free(&t);
}

static void check_json(const sk_engine *e, fmt_buf *f, const sk_board *b, const sk_rack *r, const skf_pos *p,
                       const sk_check_result *res)
{
    fmt_json j;
    fmt_buf t = {0};
    skf_json_pos(&j, f, e, p, r);
    json_move_head(&j, &t, e, &res->move);
    fmt_json_kbool(&j, "legal", 1);
    fmt_json_kint(&j, "score", res->move.score);
    fmt_json_kint(&j, "tiles", res->move.ntiles);
    fmt_json_kint(&j, "rank", (long long)res->rank);
    fmt_json_kint(&j, "ties", (long long)res->ties);
    fmt_json_key(&j, "total");
    fmt_json_uint(&j, res->total);
    json_words(&j, e, b, &res->move);
    fmt_json_key(&j, "best");
    fmt_json_object(&j);
    char coord[16] = "";
    if (res->total)
        sk_coord_format(res->best.row, res->best.col, res->best.dir, coord, sizeof coord);
    fmt_json_kstr(&j, "coord", coord);
    fmt_json_kstr(&j, "word", res->total ? skf_move_str(&t, e, &res->best, SK_FMT_WORD) : "");
    fmt_json_kint(&j, "score", res->best.score);
    fmt_json_end(&j);
    fmt_buf_free(&t);
}

static void check_text(const sk_engine *e, fmt_buf *f, const sk_board *b, const sk_check_result *res)
{
    const sk_move *m = &res->move;
    char coord[16];
    fmt_buf t = {0}, words = {0};
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    fmt_buf_printf(f, "%s  %s  %d  rank %zu of %llu", coord, skf_move_str(&t, e, m, SK_FMT_PAREN), m->score,
                   res->rank, (unsigned long long)res->total);
    if (res->ties)
        fmt_buf_printf(f, " (tied with %zu other%s)", res->ties, res->ties == 1 ? "" : "s");
    words_text(&words, e, b, m);
    coord[0] = 0;
    if (res->total)
        sk_coord_format(res->best.row, res->best.col, res->best.dir, coord, sizeof coord);
    fmt_buf_printf(f, "  words:%s  best: %s  %s  %d\n", words.p ? words.p : "", coord,
                   res->total ? skf_move_str(&t, e, &res->best, SK_FMT_PAREN) : "", res->best.score);
    fmt_buf_free(&t);
    fmt_buf_free(&words);
}

void skf_count(fmt_buf *f, const sk_engine *e, const sk_rack *r, const skf_pos *p, unsigned long long n, int json)
{
    if (!json) {
        fmt_buf_printf(f, "%llu\n", n);
        return;
    }
    fmt_json j;
    skf_json_pos(&j, f, e, p, r);
    fmt_json_key(&j, "count");
    fmt_json_uint(&j, n);
    fmt_json_end(&j);
}

void skf_check(fmt_buf *f, const sk_engine *e, const sk_board *b, const sk_rack *r, const skf_pos *p,
               const sk_check_result *res, int json)
{
    if (json)
        check_json(e, f, b, r, p, res);
    else
        check_text(e, f, b, res);
}
