/* skrafl_gcg.c - skrafl --gcg FILE: annotate a GCG game move by move.
 *
 * The game is replayed on an empty board.  For each play the annotation
 * gives: the score check (the score the rules give against the score in the
 * file), the cumulative score check, whether the play was legal with the
 * chosen dictionary (and why not), its rank among all plays of that rack
 * by score and by equity (placements, exchanges when the bag allowed them,
 * the pass), and the best play by equity.  A withdrawn phony (`--`) takes
 * its tiles back off the board.  Lines the parser cannot read are reported
 * as `skrafl: FILE:LINE: message` and skipped; the rest is still annotated.
 */
#include "cli.h"
#include "cli/cli_batch.h"
#include "cli/cli_json.h"
#include "skrafl_play.h"

#include <stdlib.h>
#include <string.h>

int skp_annotate(const sk_engine *e, sk_leaves *leaves, const char *path, int json, int all_openings);

typedef struct ann {
    const sk_engine *e;
    sk_leaves *leaves;
    const char *path;
    int json, errors;
    unsigned flags;
    sk_gen *g;
    sk_movelist list;
    sk_board board, before;
    int totals[2];
    int last_score[2];
} ann;

static void on_error(void *ctx, const tk_error *err)
{
    ann *a = ctx;
    a->errors++;
    cli_error(a->path, err->line, "%s", err->msg);
}

static void play_text(const sk_engine *e, const sk_play *p, char *coord, size_t cc, char *word, size_t wc)
{
    if (p->kind == SK_PLAY_MOVE) {
        sk_coord_format(p->move.row, p->move.col, p->move.dir, coord, cc);
        sk_move_format(&p->move, e, SK_FMT_PLAYED, word, wc);
        return;
    }
    if (p->kind == SK_PLAY_PASS) {
        snprintf(coord, cc, "-");
        word[0] = 0;
        return;
    }
    sk_rack r;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < p->nx; i++) {
        if (p->x[i] == 0)
            r.blanks++;
        else
            r.count[p->x[i]]++;
        r.n++;
    }
    coord[0] = '-';
    sk_rack_leave(&r, NULL, e, coord + 1, cc - 1);
    word[0] = 0;
}

typedef struct verdict {
    int have_rank;
    long rank_score, rank_equity, plays;
    int64_t equity;
    sk_play best;
    int legal;              /* 1 legal, 0 not, -1 not judged */
    char why[320];
    int computed;           /* the score by the rules (if have_computed) */
    int have_computed;
} verdict;

/* Rank `me` among every play of the rack on the current board. */
static int rank_play(ann *a, const sk_rack *r, sk_play *me, verdict *v)
{
    const sk_engine *e = a->e;
    int unseen[64];
    int nun = sk_unseen(e, &a->board, r, unseen);
    sk_state st;
    sk_state_from_unseen(e, unseen, nun < 0 ? 0 : nun, &st);
    if (me->kind == SK_PLAY_MOVE)
        me->equity = sk_move_equity(e, r, &me->move, &st, sk_leaves_value, a->leaves, &me->leave);
    if (me->kind != SK_PLAY_MOVE) {
        /* exchanges and the pass: valued as the ranking values them */
        sk_play x[128];
        int nx = me->kind == SK_PLAY_EXCHANGE ? sk_exchanges(e, r, &st, sk_leaves_value, a->leaves, x) : 0;
        if (me->kind == SK_PLAY_PASS)
            sk_pass_play(e, r, &st, sk_leaves_value, a->leaves, &x[nx++]);
        for (int i = 0; i < nx; i++)
            if (x[i].kind == me->kind && x[i].nx == me->nx && !memcmp(x[i].x, me->x, me->nx)) {
                me->equity = x[i].equity;
                break;
            }
    }
    /* ranked by the top-N search (skrafl_play.c) */
    tk_error err = {0};
    if (skp_rank_play(a->g, &a->list, &a->board, r, &st, a->flags, a->leaves, me, &v->rank_equity,
                      &v->rank_score, &v->plays, &v->best, &err))
        return -1;
    v->equity = me->equity;
    v->have_rank = 1;
    if (me->kind == SK_PLAY_EXCHANGE && st.bag < SK_EXCHANGE_MIN && v->legal != 0) {
        v->legal = 0;
        snprintf(v->why, sizeof v->why, "an exchange needs %d tiles in the bag, it holds %d", SK_EXCHANGE_MIN,
                 st.bag);
    }
    return 0;
}

static void print_event(ann *a, const sk_gcg *gc, const sk_gcg_event *ev, const char *what, const char *play,
                        const verdict *v, int total_ok, int expect_total)
{
    const sk_engine *e = a->e;
    char rack[128] = "", eq[32], bc[32], bw[256], beq[32];
    if (ev->has_rack)
        sk_rack_leave(&ev->rack, NULL, e, rack, sizeof rack);
    const char *nick = gc->nick[ev->player];
    if (v->have_rank) {
        skp_fmt_milli(eq, sizeof eq, v->equity);
        play_text(e, &v->best, bc, sizeof bc, bw, sizeof bw);
        skp_fmt_milli(beq, sizeof beq, v->best.equity);
    }
    if (a->json) {
        cli_buf buf = {0};
        cli_json j;
        cli_json_begin(&j, &buf);
        cli_json_kint(&j, "line", ev->line);
        cli_json_kstr(&j, "player", nick);
        cli_json_kstr(&j, "kind", what);
        cli_json_kstr(&j, "rack", rack);
        cli_json_kstr(&j, "play", play);
        cli_json_kint(&j, "score", ev->score);
        if (v->have_computed) {
            cli_json_kint(&j, "computed", v->computed);
            cli_json_key(&j, "score_ok");
            cli_json_bool(&j, v->computed == ev->score);
        }
        cli_json_kint(&j, "total", ev->total);
        cli_json_key(&j, "total_ok");
        cli_json_bool(&j, total_ok);
        if (!total_ok)
            cli_json_kint(&j, "expected_total", expect_total);
        if (v->legal >= 0) {
            cli_json_key(&j, "legal");
            cli_json_bool(&j, v->legal);
            if (!v->legal)
                cli_json_kstr(&j, "reason", v->why);
        }
        if (v->have_rank) {
            cli_json_key(&j, "equity");
            cli_json_raw(&j, eq);
            cli_json_kint(&j, "rank_score", v->rank_score);
            cli_json_kint(&j, "rank_equity", v->rank_equity);
            cli_json_kint(&j, "plays", v->plays);
            cli_json_key(&j, "best");
            cli_json_object(&j);
            char bp[320];
            snprintf(bp, sizeof bp, "%s%s%s", bc, bw[0] ? " " : "", bw);
            cli_json_kstr(&j, "play", bp);
            cli_json_kint(&j, "score", v->best.score);
            cli_json_key(&j, "equity");
            cli_json_raw(&j, beq);
            cli_json_close(&j);
        }
        cli_json_end(&j);
        if (buf.len)
            fwrite(buf.p, 1, buf.len, stdout);
        cli_buf_free(&buf);
        return;
    }
    printf("%ld: >%s: %s%s%s %+d %d", ev->line, nick, ev->has_rack ? (rack[0] ? rack : "-") : "",
           ev->has_rack ? " " : "", play, ev->score, ev->total);
    if (v->have_computed) {
        if (v->computed == ev->score)
            printf("  score ok");
        else
            printf("  SCORE %d by the rules", v->computed);
    }
    if (!total_ok)
        printf("  TOTAL should be %d", expect_total);
    if (v->legal == 1)
        printf("  legal");
    else if (v->legal == 0)
        printf("  ILLEGAL: %s", v->why);
    if (v->have_rank)
        printf("  equity %s  rank by score %ld, by equity %ld of %ld  best: %s%s%s %d (equity %s)", eq,
               v->rank_score, v->rank_equity, v->plays, bc, bw[0] ? " " : "", bw, v->best.score, beq);
    putchar('\n');
}

static void do_move(ann *a, const sk_gcg_event *ev, verdict *v, char *play, size_t pc)
{
    const sk_engine *e = a->e;
    sk_move m;
    tk_error err = {0};
    if (sk_gcg_event_move(e, &a->board, ev, &m, &err)) {
        v->legal = 0;
        snprintf(v->why, sizeof v->why, "%s", err.msg);
        snprintf(play, pc, "%s ?", ev->coord);
        return;
    }
    char word[256];
    sk_move_format(&m, e, SK_FMT_PLAYED, word, sizeof word);
    snprintf(play, pc, "%s %s", ev->coord, word);
    sk_check_result res;
    int rc = sk_check(a->g, &a->board, &ev->rack, ev->coord, word, a->flags, &res, &err);
    a->before = a->board;
    sk_play me;
    memset(&me, 0, sizeof me);
    me.kind = SK_PLAY_MOVE;
    me.move = m;
    if (rc == 0) {
        v->legal = 1;
        v->computed = res.move.score;
        v->have_computed = 1;
        me.move = res.move;
        me.score = res.move.score;
        rank_play(a, &ev->rack, &me, v);
    } else {
        v->legal = 0;
        snprintf(v->why, sizeof v->why, "%s", err.msg);
    }
    sk_board_apply(&a->board, &m);
}

static int annotate_game(ann *a, const sk_gcg *gc)
{
    const sk_engine *e = a->e;
    for (int i = 0; i < gc->nevents; i++) {
        const sk_gcg_event *ev = &gc->ev[i];
        int p = ev->player;
        verdict v;
        memset(&v, 0, sizeof v);
        v.legal = -1;
        char play[320] = "";
        const char *what = "move";
        switch (ev->kind) {
        case SK_GCG_MOVE:
            do_move(a, ev, &v, play, sizeof play);
            break;
        case SK_GCG_EXCHANGE: {
            what = "exchange";
            v.computed = 0;
            v.have_computed = 1;
            if (ev->xrack.n == 0) {
                snprintf(play, sizeof play, "-%d", ev->nx);
                break;
            }
            char x[128];
            sk_rack_leave(&ev->xrack, NULL, e, x, sizeof x);
            snprintf(play, sizeof play, "-%s", x);
            sk_play me;
            memset(&me, 0, sizeof me);
            me.kind = SK_PLAY_EXCHANGE;
            for (int l = 0; l < 64; l++) {
                int c = l ? ev->xrack.count[l] : ev->xrack.blanks;
                for (int k = 0; k < c && me.nx < SK_RACK_MAX; k++)
                    me.x[me.nx++] = (uint8_t)l;
            }
            v.legal = 1;
            for (int l = 1; l < 64; l++)
                if (ev->xrack.count[l] > ev->rack.count[l])
                    v.legal = 0;
            if (ev->xrack.blanks > ev->rack.blanks)
                v.legal = 0;
            if (!v.legal)
                snprintf(v.why, sizeof v.why, "exchanges tiles that are not on the rack");
            else
                rank_play(a, &ev->rack, &me, &v);
            break;
        }
        case SK_GCG_PASS: {
            what = "pass";
            v.computed = 0;
            v.have_computed = 1;
            snprintf(play, sizeof play, "-");
            sk_play me;
            memset(&me, 0, sizeof me);
            me.kind = SK_PLAY_PASS;
            v.legal = 1;
            rank_play(a, &ev->rack, &me, &v);
            break;
        }
        case SK_GCG_WITHDRAWN:
            what = "withdrawn";
            snprintf(play, sizeof play, "--");
            a->board = a->before;
            v.computed = -a->last_score[p];
            v.have_computed = 1;
            break;
        case SK_GCG_CHALLENGE:
            what = "challenge";
            snprintf(play, sizeof play, "(challenge)");
            break;
        case SK_GCG_TIME:
            what = "time";
            snprintf(play, sizeof play, "(time)");
            break;
        case SK_GCG_ENDRACK: {
            what = "endrack";
            char rk[128];
            sk_rack_leave(&ev->rack, NULL, e, rk, sizeof rk);
            snprintf(play, sizeof play, "(%s)", rk);
            int val = sk_rack_value(e, &ev->rack);
            /* +value (or +2 x value, the North American rule) for the opponent's
             * tiles; -value for the own tiles */
            v.computed = ev->score < 0 ? -val : (ev->score == 2 * val && val ? 2 * val : val);
            v.have_computed = 1;
            break;
        }
        }
        if (ev->kind == SK_GCG_MOVE)
            a->last_score[p] = ev->score;
        a->totals[p] += ev->score;
        int ok = a->totals[p] == ev->total, expect = a->totals[p];
        if (!ok)
            a->totals[p] = ev->total;   /* resynchronise: later lines are checked on their own */
        print_event(a, gc, ev, what, play, &v, ok, expect);
    }
    return 0;
}

int skp_annotate(const sk_engine *e, sk_leaves *leaves, const char *path, int json, int all_openings)
{
    size_t len;
    char *text = cli_load_file(path, &len);
    if (!text)
        return CLI_EXIT_DATA;
    ann a;
    memset(&a, 0, sizeof a);
    a.e = e;
    a.leaves = leaves;
    a.path = path;
    a.json = json;
    a.flags = all_openings ? SK_ALL_OPENINGS : 0;
    a.board.dim = sk_engine_layout(e)->dim;
    a.before = a.board;
    sk_gcg gc;
    tk_error err = {0};
    int rc = sk_gcg_parse(&gc, e, text, len, on_error, &a, &err);
    free(text);
    if (rc) {
        cli_error(path, err.line, "%s", err.msg);
        sk_gcg_free(&gc);
        return CLI_EXIT_DATA;
    }
    if (sk_gen_create(&a.g, e, NULL)) {
        sk_gcg_free(&gc);
        cli_error(NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    annotate_game(&a, &gc);
    sk_movelist_free(&a.list);
    sk_gen_destroy(a.g);
    sk_gcg_free(&gc);
    return a.errors ? CLI_EXIT_DATA : CLI_EXIT_OK;
}
