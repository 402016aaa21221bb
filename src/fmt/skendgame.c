/* skendgame.c - an endgame's and a pre-endgame's answer (tilekit/skendgame.h)
 * as skrafl --endgame / --preendgame prints it (contract in tilekit/skfmt.h):
 * the first play, the value, exact or not, the depth, the whole sequence
 * with the end points, every best first play when asked, nodes and time;
 * a pre-endgame's summary and plays with their win probability, expected
 * spread and depth; --best's play with its method and figures. */
#include "tilekit/skfmt.h"

#include <stdio.h>
#include <string.h>

/* ---- output ---------------------------------------------------------------------------- */

static void ply_text(fmt_buf *f, fmt_buf *t, const sk_engine *e, const sk_eg_ply *p)
{
    if (p->kind == SK_PLAY_PASS) {
        fmt_buf_puts(f, "pass");
        return;
    }
    char coord[16];
    sk_coord_format(p->move.row, p->move.col, p->move.dir, coord, sizeof coord);
    fmt_buf_printf(f, "%s %s %d", coord, skf_move_str(t, e, &p->move, SK_FMT_PAREN), p->score);
}

static void json_ply(fmt_json *j, fmt_buf *t, const sk_engine *e, const sk_eg_ply *p, int with_player)
{
    fmt_json_object(j);
    if (with_player)
        fmt_json_kint(j, "player", p->player);
    if (p->kind == SK_PLAY_PASS) {
        fmt_json_kstr(j, "kind", "pass");
    } else {
        char coord[16];
        sk_coord_format(p->move.row, p->move.col, p->move.dir, coord, sizeof coord);
        fmt_json_kstr(j, "kind", "move");
        fmt_json_kstr(j, "coord", coord);
        fmt_json_kstr(j, "word", skf_move_str(t, e, &p->move, SK_FMT_WORD));
        fmt_json_kstr(j, "played", skf_move_str(t, e, &p->move, SK_FMT_PLAYED));
    }
    fmt_json_kint(j, "score", p->score);
    if (with_player && p->last)
        fmt_json_kint(j, "end", p->end);
    fmt_json_close(j);
}

void skf_endgame(fmt_buf *f, const sk_engine *e, const skf_pos *p, const sk_eg_result *r, int json, int all_best)
{
    fmt_buf t = {0};
    const sk_eg_ply *first = r->npv ? &r->pv[0] : NULL;
    if (json) {
        fmt_json j;
        skf_json_pos(&j, f, NULL, p, NULL);
        fmt_json_kint(&j, "value", r->value);
        fmt_json_kbool(&j, "exact", r->exact);
        fmt_json_kint(&j, "depth", r->depth);
        if (first) {
            fmt_json_key(&j, "first");
            json_ply(&j, &t, e, first, 0);
        }
        fmt_json_key(&j, "sequence");
        fmt_json_array(&j);
        for (int k = 0; k < r->npv; k++)
            json_ply(&j, &t, e, &r->pv[k], 1);
        fmt_json_close(&j);
        if (all_best) {
            fmt_json_key(&j, "all_best");
            fmt_json_array(&j);
            for (size_t k = 0; k < r->nbest; k++)
                json_ply(&j, &t, e, &r->best[k], 0);
            fmt_json_close(&j);
        }
        fmt_json_key(&j, "nodes");
        fmt_json_uint(&j, r->nodes);
        char sec[32];
        snprintf(sec, sizeof sec, "%.3f", r->seconds);
        fmt_json_key(&j, "seconds");
        fmt_json_raw(&j, sec);
        fmt_json_end(&j);
    } else {
        if (first)
            ply_text(f, &t, e, first);
        fmt_buf_printf(f, "  value:%+d  %s  depth:%d  seq:", r->value, r->exact ? "exact" : "inexact", r->depth);
        for (int k = 0; k < r->npv; k++) {
            fmt_buf_puts(f, k ? " / " : " ");
            ply_text(f, &t, e, &r->pv[k]);
            if (r->pv[k].last)
                fmt_buf_printf(f, " [%s %+d]", r->pv[k].kind == SK_PLAY_MOVE ? "out" : "end", r->pv[k].end);
        }
        if (all_best) {
            fmt_buf_printf(f, "  all-best(%zu):", r->nbest);
            for (size_t k = 0; k < r->nbest; k++) {
                fmt_buf_puts(f, k ? ", " : " ");
                ply_text(f, &t, e, &r->best[k]);
            }
        }
        fmt_buf_printf(f, "  nodes:%llu  time:%.3fs\n", (unsigned long long)r->nodes, r->seconds);
    }
    if (t.oom)
        f->oom = 1;
    fmt_buf_free(&t);
}

/* ---- the pre-endgame ------------------------------------------------------------------- */

static const char *depth_text(const sk_peg_cand *c, char *buf, size_t n)
{
    if (!c->valued)
        return "not valued";
    if (c->exact)
        return "exact";
    if (c->plies == SK_PEG_WIN)
        return "win proven";
    int k = c->plies == SK_PEG_GREEDY ? snprintf(buf, n, "greedy")
                                      : snprintf(buf, n, "%d pl%s", c->plies, c->plies == 1 ? "y" : "ies");
    if (c->used < c->draws && k > 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, ", %u of %u draws", c->used, c->draws);
    return buf;
}

static const char *stage_text(int plies, char *buf, size_t n)
{
    if (plies == SK_PEG_GREEDY)
        return "greedy";
    if (plies == SK_PEG_EXACT)
        return "exact";
    if (plies == SK_PEG_WIN)
        return "win";
    snprintf(buf, n, "%d pl%s", plies, plies == 1 ? "y" : "ies");
    return buf;
}

static void peg_summary(fmt_buf *f, const sk_peg_result *r, double budget)
{
    char b[32];
    fmt_buf_printf(f, "pre-endgame: %d tile%s in the bag, %d unseen; %zu of %zu legal plays considered; stages:", r->bag,
                   r->bag == 1 ? "" : "s", r->unseen, r->considered, r->legal);
    for (int s = 0; s < r->nstages; s++) {
        const sk_peg_stage_info *st = &r->stage[s];
        fmt_buf_printf(f, "%s %s %zu", s ? "," : "", stage_text(st->plies, b, sizeof b), st->cands);
        if (st->draws)
            fmt_buf_printf(f, " (%d draws each)", st->draws);
        if (!st->done)
            fmt_buf_puts(f, s > 0 && !r->stage[s - 1].done ? " (not run)" : " (cut short)");
    }
    fmt_buf_printf(f, "; %.3f s", r->seconds);
    if (budget > 0)
        fmt_buf_printf(f, " of %.3g", budget);
    fmt_buf_putc(f, '\n');
}

static void peg_ply(sk_eg_ply *pl, const sk_peg_cand *c)
{
    memset(pl, 0, sizeof *pl);
    pl->kind = c->play.kind;
    pl->move = c->play.move;
    pl->score = c->play.score;
}

/* "win": a probability to 4 places, "spread": points to 3. */
static void json_win_spread(fmt_json *j, double win, double spread)
{
    char num[64];
    snprintf(num, sizeof num, "%.4f", win);
    fmt_json_key(j, "win");
    fmt_json_raw(j, num);
    snprintf(num, sizeof num, "%.3f", spread);
    fmt_json_key(j, "spread");
    fmt_json_raw(j, num);
}

static void json_peg_cand(fmt_json *j, fmt_buf *t, const sk_engine *e, const sk_peg_cand *c, size_t rank)
{
    sk_eg_ply pl;
    peg_ply(&pl, c);
    char num[64];
    fmt_json_object(j);
    fmt_json_kint(j, "rank", (long long)rank);
    fmt_json_key(j, "play");
    json_ply(j, t, e, &pl, 0);
    if (c->valued)
        json_win_spread(j, c->win, c->spread);
    fmt_json_kbool(j, "exact", c->exact);
    fmt_json_kbool(j, "win_exact", c->win_exact);
    fmt_json_kstr(j, "depth", depth_text(c, num, sizeof num));
    fmt_json_kint(j, "draws", c->draws);
    if (c->valued && c->used < c->draws)
        fmt_json_kint(j, "sample", c->used);
    fmt_json_close(j);
}

static void json_peg_run(fmt_json *j, const sk_peg_result *r)
{
    char b[32];
    fmt_json_kint(j, "bag", r->bag);
    fmt_json_kint(j, "unseen", r->unseen);
    fmt_json_kint(j, "legal", (long long)r->legal);
    fmt_json_kint(j, "considered", (long long)r->considered);
    fmt_json_kbool(j, "complete", r->complete);
    fmt_json_key(j, "stages");
    fmt_json_array(j);
    for (int s = 0; s < r->nstages; s++) {
        fmt_json_object(j);
        fmt_json_kstr(j, "depth", stage_text(r->stage[s].plies, b, sizeof b));
        fmt_json_kint(j, "candidates", (long long)r->stage[s].cands);
        if (r->stage[s].draws)
            fmt_json_kint(j, "sample", r->stage[s].draws);
        fmt_json_kbool(j, "done", r->stage[s].done);
        snprintf(b, sizeof b, "%.3f", r->stage[s].seconds);
        fmt_json_key(j, "seconds");
        fmt_json_raw(j, b);
        fmt_json_close(j);
    }
    fmt_json_close(j);
    fmt_json_key(j, "nodes");
    fmt_json_uint(j, r->nodes);
    snprintf(b, sizeof b, "%.3f", r->seconds);
    fmt_json_key(j, "seconds");
    fmt_json_raw(j, b);
}

void skf_peg(fmt_buf *f, const sk_engine *e, const skf_pos *p, const sk_peg_result *r, size_t top, double budget,
             int json)
{
    fmt_buf t = {0};
    size_t n = top > 0 && top < r->n ? top : r->n;
    if (json) {
        fmt_json j;
        skf_json_pos(&j, f, NULL, p, NULL);
        json_peg_run(&j, r);
        fmt_json_key(&j, "candidates");
        fmt_json_array(&j);
        for (size_t i = 0; i < n; i++)
            json_peg_cand(&j, &t, e, &r->cand[i], i + 1);
        fmt_json_close(&j);
        fmt_json_end(&j);
    } else {
        peg_summary(f, r, budget);
        for (size_t i = 0; i < n; i++) {
            const sk_peg_cand *x = &r->cand[i];
            sk_eg_ply pl;
            peg_ply(&pl, x);
            char d[48];
            ply_text(f, &t, e, &pl);
            if (x->valued)
                fmt_buf_printf(f, "  win:%.2f%%  spread:%+.2f", 100 * x->win, x->spread);
            fmt_buf_printf(f, "  %s\n", depth_text(x, d, sizeof d));
        }
    }
    if (t.oom)
        f->oom = 1;
    fmt_buf_free(&t);
}

/* ---- the best play at any stage ---------------------------------------------------------- */

static void best_text(fmt_buf *f, const sk_best_result *x, const char *coord, const char *word)
{
    fmt_buf_printf(f, "%s %s %d  by:%s  bag:%d", coord, word, x->play.score, sk_best_method_name(x->method), x->bag);
    if (x->method == SK_BEST_ENDGAME)
        fmt_buf_printf(f, "  value:%+d  %s", x->value, x->exact ? "exact" : "inexact");
    else if (x->method == SK_BEST_PREENDGAME)
        fmt_buf_printf(f, "  win:%.2f%%  spread:%+.2f  %s  considered:%zu/%zu", 100 * x->win, x->spread,
                       x->exact ? "exact" : "inexact", x->considered, x->legal);
    else if (x->method == SK_BEST_SIM)
        fmt_buf_printf(f, "  mean:%+.2f  iterations:%llu", x->mean, (unsigned long long)x->iterations);
    fmt_buf_printf(f, "  time:%.3fs\n", x->seconds);
}

static void best_json(fmt_json *j, const sk_best_result *x)
{
    char num[64];
    if (x->method == SK_BEST_ENDGAME || x->method == SK_BEST_PREENDGAME) {
        fmt_json_kbool(j, "exact", x->exact);
    }
    if (x->method == SK_BEST_ENDGAME)
        fmt_json_kint(j, "value", x->value);
    if (x->method == SK_BEST_PREENDGAME) {
        json_win_spread(j, x->win, x->spread);
        fmt_json_kint(j, "legal", (long long)x->legal);
        fmt_json_kint(j, "considered", (long long)x->considered);
    }
    if (x->method == SK_BEST_SIM) {
        snprintf(num, sizeof num, "%.3f", x->mean);
        fmt_json_key(j, "mean");
        fmt_json_raw(j, num);
        fmt_json_key(j, "iterations");
        fmt_json_uint(j, x->iterations);
    }
    snprintf(num, sizeof num, "%.3f", x->seconds);
    fmt_json_key(j, "seconds");
    fmt_json_raw(j, num);
}

void skf_best(fmt_buf *f, const sk_engine *e, const skf_pos *p, const sk_rack *r, const sk_best_result *x, int json)
{
    char coord[16], word[256];
    skf_play_fields(e, r, &x->play, json ? SK_FMT_WORD : SK_FMT_PAREN, coord, sizeof coord, word, sizeof word, NULL, 0);
    if (!json) {
        best_text(f, x, coord, word);
        return;
    }
    fmt_json j;
    skf_json_pos(&j, f, NULL, p, NULL);
    fmt_json_kstr(&j, "coord", coord);
    fmt_json_kstr(&j, "word", word);
    fmt_json_kint(&j, "score", x->play.score);
    fmt_json_kstr(&j, "by", sk_best_method_name(x->method));
    fmt_json_kint(&j, "bag", x->bag);
    best_json(&j, x);
    fmt_json_end(&j);
}

void skf_pos_error(fmt_buf *f, const skf_pos *p, const char *msg)
{
    fmt_json j;
    skf_json_pos(&j, f, NULL, p, NULL);
    fmt_json_kstr(&j, "error", msg);
    fmt_json_end(&j);
}
