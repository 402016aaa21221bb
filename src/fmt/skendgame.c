/* skendgame.c - an endgame's and a pre-endgame's answer (tilekit/skendgame.h)
 * as skrafl --endgame / --preendgame prints it (contract in tilekit/skfmt.h):
 * the first play, the value, exact or not, the depth, the whole sequence
 * with the end points, every best first play when asked, nodes and time;
 * a pre-endgame's plays with their win probability and expected spread. */
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
        fmt_json_key(&j, "exact");
        fmt_json_bool(&j, r->exact);
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

void skf_pregame(fmt_buf *f, const sk_engine *e, const skf_pos *p, const sk_peg_play *v, size_t n, int json)
{
    fmt_buf t = {0};
    for (size_t i = 0; i < n; i++) {
        sk_eg_ply pl;
        memset(&pl, 0, sizeof pl);
        pl.kind = v[i].play.kind;
        pl.move = v[i].play.move;
        pl.score = v[i].play.score;
        if (json) {
            fmt_json j;
            skf_json_pos(&j, f, NULL, p, NULL);
            fmt_json_kint(&j, "rank", (long long)i + 1);
            fmt_json_key(&j, "play");
            json_ply(&j, &t, e, &pl, 0);
            char num[64];
            snprintf(num, sizeof num, "%.4f", v[i].win);
            fmt_json_key(&j, "win");
            fmt_json_raw(&j, num);
            snprintf(num, sizeof num, "%.3f", v[i].spread);
            fmt_json_key(&j, "spread");
            fmt_json_raw(&j, num);
            fmt_json_key(&j, "exact");
            fmt_json_bool(&j, v[i].exact);
            fmt_json_end(&j);
        } else {
            ply_text(f, &t, e, &pl);
            fmt_buf_printf(f, "  win:%.2f%%  spread:%+.2f%s\n", 100 * v[i].win, v[i].spread,
                           v[i].exact ? "" : "  inexact");
        }
    }
    fmt_buf_free(&t);
}

void skf_pos_error(fmt_buf *f, const skf_pos *p, const char *msg)
{
    fmt_json j;
    skf_json_pos(&j, f, NULL, p, NULL);
    fmt_json_kstr(&j, "error", msg);
    fmt_json_end(&j);
}
