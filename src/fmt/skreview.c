/* skreview.c - a reviewed game (tilekit/skreview.h) as text and as JSON
 * lines (contract in tilekit/skfmt.h): one line (or object) per event, with
 * the best plays under it in text; a summary per game; the table of the
 * players over many games; the position before an event as a CGP line.
 * Numbers in thousandths print with fmt_milli ("12.5"), simulated values
 * with fixed decimals. */
#include "tilekit/skfmt.h"

#include <stdio.h>
#include <string.h>

#include "tilekit/alphabet.h"

/* ---- texts of plays ----------------------------------------------------------------------------- */

const char *skf_event_kind(int kind)
{
    static const char *const k[] = { "move", "exchange", "pass", "withdrawn", "challenge", "endrack", "time", "other" };
    return kind >= 0 && kind < 8 ? k[kind] : "?";
}

void skf_rack(fmt_buf *b, const sk_engine *e, const sk_rack *r) { skf_leave(b, e, r, NULL); }

/* The tiles of an exchange as a rack. */
static void exchange_rack(const sk_play *p, sk_rack *r)
{
    memset(r, 0, sizeof *r);
    for (int i = 0; i < p->nx; i++) {
        if (p->x[i] == 0)
            r->blanks++;
        else
            r->count[p->x[i]]++;
        r->n++;
    }
}

void skf_play(fmt_buf *b, const sk_engine *e, const sk_play *p)
{
    if (p->kind == SK_PLAY_MOVE) {
        char coord[16];
        sk_coord_format(p->move.row, p->move.col, p->move.dir, coord, sizeof coord);
        fmt_buf_printf(b, "%s ", coord);
        skf_move(b, e, &p->move, SK_FMT_PAREN);
    } else if (p->kind == SK_PLAY_PASS) {
        fmt_buf_putc(b, '-');
    } else {
        sk_rack r;
        exchange_rack(p, &r);
        fmt_buf_putc(b, '-');
        skf_rack(b, e, &r);
    }
}

void skf_review_play(fmt_buf *b, const sk_review *r, int i)
{
    const sk_review_event *v = &r->ev[i];
    const sk_gcg_event *ev = v->ev;
    switch (ev->kind) {
    case SK_GCG_MOVE:
        fmt_buf_printf(b, "%s ", ev->coord);
        if (v->has_play && v->placed)
            skf_move(b, r->e, &v->move, SK_FMT_PLAYED);
        else
            fmt_buf_putc(b, '?');
        break;
    case SK_GCG_EXCHANGE:
        if (ev->xrack.n == 0) {
            fmt_buf_printf(b, "-%d", ev->nx);
        } else {
            fmt_buf_putc(b, '-');
            skf_rack(b, r->e, &ev->xrack);
        }
        break;
    case SK_GCG_PASS: fmt_buf_putc(b, '-'); break;
    case SK_GCG_WITHDRAWN: fmt_buf_puts(b, "--"); break;
    case SK_GCG_CHALLENGE: fmt_buf_puts(b, "(challenge)"); break;
    case SK_GCG_TIME: fmt_buf_puts(b, "(time)"); break;
    case SK_GCG_ENDRACK:
        fmt_buf_putc(b, '(');
        skf_rack(b, r->e, &ev->rack);
        fmt_buf_putc(b, ')');
        break;
    default: fmt_buf_puts(b, ev->coord[0] ? ev->coord : "(other)");
    }
}

/* A text of a function above into a scratch buffer, as a string. */
static const char *play_str(fmt_buf *t, const sk_engine *e, const sk_play *p)
{
    fmt_buf_reset(t);
    skf_play(t, e, p);
    return fmt_buf_str(t);
}

static const char *rack_str(fmt_buf *t, const sk_engine *e, const sk_rack *r)
{
    fmt_buf_reset(t);
    skf_rack(t, e, r);
    return fmt_buf_str(t);
}

/* ---- one event as text ---------------------------------------------------------------------------- */

static void text_top(fmt_buf *o, const sk_review *r, const sk_review_event *v)
{
    fmt_buf t = {0};
    for (int i = 0; i < v->ntop; i++) {
        char eq[32];
        fmt_milli(eq, sizeof eq, v->top[i].equity);
        fmt_buf_printf(o, "    %d. %s %d (equity %s)\n", i + 1, play_str(&t, r->e, &v->top[i]), v->top[i].score, eq);
    }
    fmt_buf_free(&t);
}

static void text_sim(fmt_buf *o, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    if (v->sim < 0) {
        fmt_buf_printf(o, "  sim: not simulated (%s)", v->sim_why);
        return;
    }
    fmt_buf_printf(o, "  sim: value %.2f +-%.2f, win %.1f%%, rank %d of %d%s", v->sim_me.mean, v->sim_me.se,
                   100 * v->sim_me.win, v->sim_rank, v->sim_n, v->sim_in_top ? "" : " (added)");
    if (v->sim_rank != 1)
        fmt_buf_printf(o, "  best by sim: %s %d (value %.2f)  lost %.2f by sim", play_str(t, r->e, &v->sim_best.play),
                       v->sim_best.play.score, v->sim_best.mean, v->sim_lost / 1000.0);
}

static void text_endgame(fmt_buf *o, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    if (v->eg < 0) {
        fmt_buf_printf(o, "  endgame: not solved (%s)", v->eg_why);
        return;
    }
    char opp[64];
    sk_rack_leave(&v->eg_opp, NULL, r->e, opp, sizeof opp);
    const char *bp = play_str(t, r->e, &v->eg_best);
    if (!v->eg_exact)
        fmt_buf_printf(o, "  endgame (opponent %s): not proven within the limit (%d pl%s searched; best "
                          "found %s %d: %+d)", opp, v->eg_depth, v->eg_depth == 1 ? "y" : "ies", bp,
                       v->eg_best.score, v->eg_best_value);
    else if (v->eg_best_value > v->eg_value)
        fmt_buf_printf(o, "  endgame (opponent %s): value %+d, lost %d points against the best sequence "
                          "(%s %d: %+d)", opp, v->eg_value, v->eg_best_value - v->eg_value, bp, v->eg_best.score,
                       v->eg_best_value);
    else
        fmt_buf_printf(o, "  endgame (opponent %s): value %+d, the best sequence", opp, v->eg_value);
}

/* " win W%, spread S" of a pre-endgame candidate */
static void text_win_spread(fmt_buf *o, const sk_peg_cand *c)
{
    fmt_buf_printf(o, "win %.2f%%, spread %+.2f", 100 * c->win, c->spread);
}

static void text_peg(fmt_buf *o, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    if (v->peg < 0) {
        fmt_buf_printf(o, "  pre-endgame: not solved (%s)", v->peg_why);
        return;
    }
    fmt_buf_printf(o, "  pre-endgame (bag %d, %zu plays): ", v->peg_bag, v->peg_legal);
    text_win_spread(o, &v->peg_me);
    char bp[96];   /* "PLAY SCORE", or "pass" */
    if (v->peg_best.play.kind == SK_PLAY_PASS)
        snprintf(bp, sizeof bp, "pass");
    else
        snprintf(bp, sizeof bp, "%s %d", play_str(t, r->e, &v->peg_best.play), v->peg_best.play.score);
    if (!v->peg_exact) {
        fmt_buf_printf(o, ", not proven within the limit (best found %s: ", bp);
        text_win_spread(o, &v->peg_best);
        fmt_buf_puts(o, ")");
    } else if (v->peg_me_best) {
        fmt_buf_puts(o, ", the best play found");
    } else {
        fmt_buf_printf(o, ", lost %.2f%% wins and %.2f points against the best (%s: ", v->peg_lost_win / 1e4,
                       v->peg_lost_spread / 1e3, bp);
        text_win_spread(o, &v->peg_best);
        fmt_buf_puts(o, ")");
    }
}

/* The verdicts after the line's own fields. */
static void text_verdict(fmt_buf *o, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    if (v->have_computed) {
        if (v->score_ok)
            fmt_buf_puts(o, "  score ok");
        else
            fmt_buf_printf(o, "  SCORE %d by the rules", v->computed);
    }
    if (!v->total_ok)
        fmt_buf_printf(o, "  TOTAL should be %d", v->expected_total);
    if (v->legal == 1)
        fmt_buf_puts(o, "  legal");
    else if (v->legal == 0)
        fmt_buf_printf(o, "  ILLEGAL: %s", v->why);
    else if (v->legal == -1)
        fmt_buf_printf(o, "  not judged: %s", v->why);
    if (v->partial)
        fmt_buf_puts(o, "  partial rack");
    if (v->have_rank) {
        char eq[32], beq[32], lost[32];
        fmt_milli(eq, sizeof eq, v->equity);
        fmt_milli(beq, sizeof beq, v->best.equity);
        fmt_milli(lost, sizeof lost, v->lost);
        fmt_buf_printf(o, "  equity %s  rank by score %ld, by equity %ld of %ld  best: %s %d (equity %s)", eq,
                       v->rank_score, v->rank_equity, v->plays, play_str(t, r->e, &v->best), v->best.score, beq);
        if (v->lost)
            fmt_buf_printf(o, "  lost %s", lost);
        if (v->bingo_missed)
            fmt_buf_puts(o, "  bingo missed");
    }
    if (v->sim)
        text_sim(o, r, v, t);
    if (v->eg)
        text_endgame(o, r, v, t);
    if (v->peg)
        text_peg(o, r, v, t);
}

void skf_review_event_text(fmt_buf *o, const sk_review *r, int i)
{
    const sk_review_event *v = &r->ev[i];
    const sk_gcg_event *ev = v->ev;
    fmt_buf t = {0}, play = {0};
    const char *rack = ev->has_rack ? rack_str(&t, r->e, &ev->rack) : "";
    skf_review_play(&play, r, i);
    fmt_buf_printf(o, "%ld: >%s: %s%s%s %+d %d", ev->line, r->gc->nick[ev->player],
                   ev->has_rack ? (rack[0] ? rack : "-") : "", ev->has_rack ? " " : "", fmt_buf_str(&play), v->score,
                   v->total);
    text_verdict(o, r, v, &t);
    fmt_buf_putc(o, '\n');
    if (v->have_rank && v->ntop)
        text_top(o, r, v);
    if (t.oom || play.oom)
        o->oom = 1;
    fmt_buf_free(&t);
    fmt_buf_free(&play);
}

/* ---- one event as JSON ---------------------------------------------------------------------------- */

static void json_top(fmt_json *j, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    fmt_json_key(j, "top");
    fmt_json_array(j);
    for (int i = 0; i < v->ntop; i++) {
        fmt_json_object(j);
        fmt_json_kstr(j, "play", play_str(t, r->e, &v->top[i]));
        fmt_json_kint(j, "score", v->top[i].score);
        fmt_json_kmilli(j, "equity", v->top[i].equity);
        fmt_json_close(j);
    }
    fmt_json_close(j);
}

/* A simulated candidate's value, its standard error and its win share. */
static void json_cand(fmt_json *j, const sk_sim_cand *c)
{
    fmt_json_kfixed(j, "value", "%.3f", c->mean);
    fmt_json_kfixed(j, "stderr", "%.3f", c->se);
    fmt_json_kfixed(j, "win", "%.4f", c->win);
}

static void json_sim(fmt_json *j, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    fmt_json_key(j, "sim");
    fmt_json_object(j);
    if (v->sim < 0) {
        fmt_json_kstr(j, "skipped", v->sim_why);
    } else {
        json_cand(j, &v->sim_me);
        fmt_json_kint(j, "rank", v->sim_rank);
        fmt_json_kint(j, "candidates", v->sim_n);
        fmt_json_kbool(j, "in_top", v->sim_in_top);
        fmt_json_key(j, "iterations");
        fmt_json_uint(j, v->sim_me.iterations);
        fmt_json_key(j, "best");
        fmt_json_object(j);
        fmt_json_kstr(j, "play", play_str(t, r->e, &v->sim_best.play));
        fmt_json_kint(j, "score", v->sim_best.play.score);
        json_cand(j, &v->sim_best);
        fmt_json_close(j);
        fmt_json_kmilli(j, "lost", v->sim_lost);
    }
    fmt_json_close(j);
}

static void json_endgame(fmt_json *j, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    fmt_json_key(j, "endgame");
    fmt_json_object(j);
    if (v->eg < 0) {
        fmt_json_kstr(j, "skipped", v->eg_why);
    } else {
        fmt_json_kstr(j, "opp_rack", rack_str(t, r->e, &v->eg_opp));
        fmt_json_kbool(j, "exact", v->eg_exact);
        if (!v->eg_exact)
            fmt_json_kint(j, "depth", v->eg_depth);
        else
            fmt_json_kint(j, "value", v->eg_value);
        fmt_json_key(j, "best");
        fmt_json_object(j);
        fmt_json_kstr(j, "play", play_str(t, r->e, &v->eg_best));
        fmt_json_kint(j, "score", v->eg_best.score);
        fmt_json_kint(j, "value", v->eg_best_value);
        fmt_json_close(j);
        fmt_json_key(j, "lost");
        if (v->eg_exact)
            fmt_json_int(j, v->eg_best_value > v->eg_value ? v->eg_best_value - v->eg_value : 0);
        else
            fmt_json_null(j);
    }
    fmt_json_close(j);
}

static void json_peg_play(fmt_json *j, const char *key, const sk_review *r, const sk_peg_cand *c, fmt_buf *t)
{
    if (key) {
        fmt_json_key(j, key);
        fmt_json_object(j);
        fmt_json_kstr(j, "play", play_str(t, r->e, &c->play));
        fmt_json_kint(j, "score", c->play.score);
    }
    fmt_json_kfixed(j, "win", "%.4f", c->win);
    fmt_json_kfixed(j, "spread", "%.3f", c->spread);
    if (key)
        fmt_json_close(j);
}

static void json_peg(fmt_json *j, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    fmt_json_key(j, "preendgame");
    fmt_json_object(j);
    if (v->peg < 0) {
        fmt_json_kstr(j, "skipped", v->peg_why);
    } else {
        fmt_json_kint(j, "bag", v->peg_bag);
        fmt_json_kint(j, "legal", (long long)v->peg_legal);
        fmt_json_kint(j, "considered", (long long)v->peg_considered);
        fmt_json_kbool(j, "complete", v->peg_complete);
        fmt_json_kbool(j, "exact", v->peg_exact);
        json_peg_play(j, NULL, r, &v->peg_me, t);
        json_peg_play(j, "best", r, &v->peg_best, t);
        if (v->peg_exact) {
            fmt_json_kfixed(j, "lost_win", "%.4f", v->peg_lost_win / 1e6);
            fmt_json_kfixed(j, "lost_spread", "%.3f", v->peg_lost_spread / 1e3);
        } else {
            fmt_json_key(j, "lost_win");
            fmt_json_null(j);
        }
    }
    fmt_json_close(j);
}

static void json_words(fmt_json *j, const sk_review *r, const sk_review_event *v)
{
    fmt_json_key(j, "words");
    fmt_json_array(j);
    for (int i = 0; i < v->gp.nwords; i++) {
        char w[64];
        sk_word_format(&v->gp.words[i], r->e, SK_FMT_WORD, w, sizeof w);
        fmt_json_object(j);
        fmt_json_kstr(j, "word", w);
        fmt_json_key(j, "ok");
        if (v->gp.known[i] < 0 || (!r->judged && v->gp.known[i] == 0))
            fmt_json_null(j);
        else
            fmt_json_bool(j, v->gp.known[i]);
        fmt_json_close(j);
    }
    fmt_json_close(j);
}

/* "legal", "reason", "words" and the flags of how the line was written. */
static void json_checks(fmt_json *j, const sk_review *r, const sk_review_event *v)
{
    const sk_gcg_event *ev = v->ev;
    if (v->legal >= -1) {
        fmt_json_key(j, "legal");
        if (v->legal >= 0)
            fmt_json_bool(j, v->legal);
        else
            fmt_json_null(j);
        if (v->legal != 1)
            fmt_json_kstr(j, "reason", v->why);
    }
    if (v->has_play)
        json_words(j, r, v);
    static const char *const keys[4] = { "partial", "player_by_turn", "score_given", "total_given" };
    int on[4] = { v->partial, ev->guessed, ev->no_score, ev->no_total };
    for (int k = 0; k < 4; k++)
        if (on[k]) {
            fmt_json_key(j, keys[k]);
            fmt_json_bool(j, k < 2);
        }
}

static void json_rank(fmt_json *j, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    fmt_json_kmilli(j, "equity", v->equity);
    fmt_json_kint(j, "rank_score", v->rank_score);
    fmt_json_kint(j, "rank_equity", v->rank_equity);
    fmt_json_kint(j, "plays", v->plays);
    fmt_json_key(j, "best");
    fmt_json_object(j);
    fmt_json_kstr(j, "play", play_str(t, r->e, &v->best));
    fmt_json_kint(j, "score", v->best.score);
    fmt_json_kmilli(j, "equity", v->best.equity);
    fmt_json_close(j);
    fmt_json_kmilli(j, "lost", v->lost);
    fmt_json_kbool(j, "bingo_missed", v->bingo_missed);
    if (v->ntop)
        json_top(j, r, v, t);
}

void skf_review_event_json(fmt_buf *o, const sk_review *r, int i, const char *file)
{
    const sk_review_event *v = &r->ev[i];
    const sk_gcg_event *ev = v->ev;
    fmt_buf t = {0};
    fmt_json j;
    fmt_json_begin(&j, o);
    fmt_json_kstr(&j, "file", file);
    fmt_json_kint(&j, "line", ev->line);
    fmt_json_kstr(&j, "player", r->gc->nick[ev->player]);
    fmt_json_kstr(&j, "kind", skf_event_kind(ev->kind));
    fmt_json_kstr(&j, "rack", ev->has_rack ? rack_str(&t, r->e, &ev->rack) : "");
    fmt_buf_reset(&t);
    skf_review_play(&t, r, i);
    fmt_json_kstr(&j, "play", fmt_buf_str(&t));
    if (v->turn)
        fmt_json_kint(&j, "turn", v->turn);
    fmt_json_kint(&j, "score", v->score);
    if (v->have_computed) {
        fmt_json_kint(&j, "computed", v->computed);
        fmt_json_kbool(&j, "score_ok", v->score_ok);
    }
    fmt_json_kint(&j, "total", v->total);
    fmt_json_kbool(&j, "total_ok", v->total_ok);
    if (!v->total_ok)
        fmt_json_kint(&j, "expected_total", v->expected_total);
    json_checks(&j, r, v);
    if (v->have_rank)
        json_rank(&j, r, v, &t);
    if (v->sim)
        json_sim(&j, r, v, &t);
    if (v->eg)
        json_endgame(&j, r, v, &t);
    if (v->peg)
        json_peg(&j, r, v, &t);
    if (ev->note_len) {
        fmt_json_key(&j, "note");
        fmt_json_strn(&j, r->gc->notes + ev->note_off, ev->note_len);
    }
    fmt_json_end(&j);
    if (t.oom)
        o->oom = 1;
    fmt_buf_free(&t);
}

/* ---- summaries -------------------------------------------------------------------------------------- */

/* --sim / --endgame: a player's sums (JSON summary and table). */
static void json_look_ahead_sums(fmt_json *j, const sk_review_player *s, int sim, int endgame)
{
    if (sim) {
        fmt_json_kint(j, "sim_judged", s->sim_judged);
        fmt_json_kmilli(j, "sim_lost", s->sim_lost);
    }
    if (endgame) {   /* the pre-endgame's first: the endgame's close the object, as before */
        fmt_json_kint(j, "preendgame_judged", s->peg_judged);
        fmt_json_kint(j, "preendgame_unproven", s->peg_unproven);
        fmt_json_kfixed(j, "preendgame_lost_win", "%.4f", s->peg_lost_win / 1e6);
        fmt_json_kint(j, "endgame_judged", s->eg_judged);
        fmt_json_kint(j, "endgame_unproven", s->eg_unproven);
        fmt_json_kint(j, "endgame_lost", s->eg_lost);
    }
}

/* "plays", "ranked", "lost", "phonies", "bingos_missed" and the look-ahead sums. */
static void json_sums(fmt_json *j, const sk_review_player *s, int sim, int endgame)
{
    fmt_json_kint(j, "plays", s->plays);
    fmt_json_kint(j, "ranked", s->ranked);
    fmt_json_kmilli(j, "lost", s->lost);
    fmt_json_kint(j, "phonies", s->phonies);
    fmt_json_kint(j, "bingos_missed", s->bingos_missed);
    json_look_ahead_sums(j, s, sim, endgame);
}

void skf_review_summary_json(fmt_buf *o, const sk_review *r, const char *file)
{
    const sk_gcg *gc = r->gc;
    fmt_json j;
    fmt_json_begin(&j, o);
    fmt_json_kstr(&j, "file", file);
    fmt_json_kstr(&j, "kind", "summary");
    fmt_json_key(&j, "players");
    fmt_json_array(&j);
    for (int p = 0; p < 2; p++) {
        fmt_json_object(&j);
        fmt_json_kstr(&j, "nick", gc->nick[p]);
        fmt_json_kstr(&j, "name", gc->name[p][0] ? gc->name[p] : gc->nick[p]);
        fmt_json_kint(&j, "final", r->player[p].score);
        if (r->player[p].sum != r->player[p].score)
            fmt_json_kint(&j, "sum", r->player[p].sum);
        json_sums(&j, &r->player[p], r->sim, r->endgame);
        fmt_json_close(&j);
    }
    fmt_json_close(&j);
    if (gc->lexicon[0])
        fmt_json_kstr(&j, "lexicon", gc->lexicon);
    fmt_json_kstr(&j, "dictionary", r->dict_name);
    fmt_json_kbool(&j, "judged", r->judged);
    if (gc->title[0])
        fmt_json_kstr(&j, "title", gc->title);
    if (gc->id[0])
        fmt_json_kstr(&j, "id", gc->id);
    fmt_json_kint(&j, "events", gc->nevents);
    fmt_json_kint(&j, "score_errors", r->score_errors);
    fmt_json_kint(&j, "total_errors", r->total_errors);
    fmt_json_kint(&j, "problems", r->problems + gc->nerrors);
    fmt_json_end(&j);
}

void skf_review_summary_text(fmt_buf *o, const sk_review *r, const char *file)
{
    const sk_gcg *gc = r->gc;
    int problems = r->problems + gc->nerrors;
    fmt_buf_printf(o, "== %s: ", file);
    for (int p = 0; p < 2; p++) {
        fmt_buf_printf(o, "%s%s %d", p ? ", " : "", gc->nick[p], r->player[p].score);
        if (r->player[p].sum != r->player[p].score)
            fmt_buf_printf(o, " (the plays add up to %d)", r->player[p].sum);
    }
    fmt_buf_printf(o, "; %d events, %d score error%s, %d total error%s, %d problem%s; words: %s%s\n", gc->nevents,
                   r->score_errors, r->score_errors == 1 ? "" : "s", r->total_errors, r->total_errors == 1 ? "" : "s",
                   problems, problems == 1 ? "" : "s", r->dict_name, r->judged ? "" : " (not judged)");
}

void skf_review_table(fmt_buf *o, const skf_player_row *t, int n, int sim, int endgame, int json)
{
    if (!json && n) {
        fmt_buf_printf(o, "%-24s %5s %5s %6s %10s %7s %13s", "player", "games", "plays", "ranked", "lost", "phonies",
                       "bingos missed");
        if (sim)
            fmt_buf_printf(o, " %9s %10s", "simulated", "sim lost");
        if (endgame)
            fmt_buf_printf(o, " %7s %8s %12s", "endings", "unproven", "endgame lost");
        fmt_buf_putc(o, '\n');
    }
    for (int k = 0; k < n; k++) {
        const sk_review_player *s = &t[k].sums;
        if (json) {
            fmt_json j;
            fmt_json_begin(&j, o);
            fmt_json_kstr(&j, "kind", "table");
            fmt_json_kstr(&j, "name", t[k].name);
            fmt_json_kint(&j, "games", t[k].games);
            json_sums(&j, s, sim, endgame);
            fmt_json_end(&j);
            continue;
        }
        char lost[32];
        fmt_milli(lost, sizeof lost, s->lost);
        fmt_pad(o, t[k].name, 24, 0);     /* padded by characters, not bytes (names are UTF-8) */
        fmt_buf_printf(o, " %5d %5d %6d %10s %7d %13d", t[k].games, s->plays, s->ranked, lost, s->phonies,
                       s->bingos_missed);
        if (sim)
            fmt_buf_printf(o, " %9d %10.2f", s->sim_judged, s->sim_lost / 1000.0);
        if (endgame)
            fmt_buf_printf(o, " %7d %8d %12d", s->eg_judged, s->eg_unproven, s->eg_lost);
        fmt_buf_putc(o, '\n');
    }
}

/* ---- the position before an event, as CGP ------------------------------------------------------------ */

static void cgp_rows(fmt_buf *o, const sk_engine *e, const sk_board *b)
{
    const alpha_table *al = sk_engine_alphabet(e);
    for (int r = 0; r < b->dim; r++) {
        int run = 0;
        if (r)
            fmt_buf_putc(o, '/');
        for (int c = 0; c < b->dim; c++) {
            uint8_t t = b->sq[r * b->dim + c];
            if (!t) {
                run++;
                continue;
            }
            if (run)
                fmt_buf_printf(o, "%d", run);
            run = 0;
            char l[16];
            uint8_t code = t & SK_LETTER;
            size_t n = alpha_decode(al, &code, 1, !(t & SK_BLANK), l, sizeof l);
            if (n > 1 && (unsigned char)l[0] < 0x80)
                fmt_buf_printf(o, "[%s]", l);
            else
                fmt_buf_puts(o, l);
        }
        if (run)
            fmt_buf_printf(o, "%d", run);
    }
}

void skf_review_cgp(fmt_buf *o, const sk_review *r, int i, const char *lexicon)
{
    const sk_review_event *v = &r->ev[i];
    const sk_gcg_event *ev = v->ev;
    int p = ev->player;
    cgp_rows(o, r->e, &v->before);
    fmt_buf_putc(o, ' ');
    if (ev->has_rack)
        skf_rack(o, r->e, &ev->rack);
    fmt_buf_putc(o, '/');
    if (v->has_opp_rack)
        skf_rack(o, r->e, &v->opp_rack);
    fmt_buf_printf(o, " %d/%d %d", v->totals[p], v->totals[!p], v->zeroless);
    if (lexicon && lexicon[0])
        fmt_buf_printf(o, " lex %s;", lexicon);
}
