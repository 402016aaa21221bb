/* skreview_html.c - a reviewed game as one self-contained HTML page, and an
 * index of several (contract in tilekit/skfmt.h).
 *
 * The page: the players' summary at the top, a chart of each player's
 * cumulative equity loss (and simulated loss with --sim) turn by turn, then
 * one section per event.  A turn shows the board after it with the tiles
 * just placed highlighted (the board's squares are drawn once, in a hidden
 * <svg>, and every turn's board <use>s them), the rack as tiles, the play,
 * the score line, the verdicts, the best alternatives with what each loses
 * against the best, the simulation's and the endgame solver's figures, and
 * the line's note.  Every number the JSON lines give is also in the
 * section's data- attributes (the same text), so scripts and tests read
 * the page as they read the JSON.  All text from the game file (names,
 * title, notes) is escaped (tilekit/html.h); there is no script.
 */
#include "tilekit/skfmt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilekit/alphabet.h"
#include "tilekit/html.h"

static const char page_css[] =
    ".meta{color:#555}.turns a{display:inline-block;min-width:1.6em;text-align:center;margin:1px;"
    "text-decoration:none;border:1px solid #ccc;border-radius:3px}\n"
    ".event{display:flex;flex-wrap:wrap;gap:16px;border-top:1px solid #ccc;padding:10px 0}\n"
    ".event svg.board{width:420px;max-width:100%;height:auto}.event .info{flex:1;min-width:300px}\n"
    ".event h3{margin:0 0 4px;font-size:1.05em}.play{font-size:1.15em;font-weight:bold}\n"
    ".rack svg{height:40px;width:auto}.ok{color:#1a7f37}.bad{color:#b00020;font-weight:bold}"
    ".muted{color:#777}\n.small{font-size:.9em}.chart{max-width:100%;height:auto}\n";

/* ---- pieces --------------------------------------------------------------------------------------- */

/* data-KEY="VALUE" of thousandths */
static void attr_milli(fmt_buf *b, const char *key, int64_t v)
{
    char t[32];
    fmt_milli(t, sizeof t, v);
    fmt_buf_printf(b, " data-%s=\"%s\"", key, t);
}

static const char *player_name(const sk_gcg *gc, int p) { return gc->name[p][0] ? gc->name[p] : gc->nick[p]; }

static const char *milli_str(char *t, size_t cap, int64_t v)
{
    fmt_milli(t, cap, v);
    return t;
}

/* The rack as a row of tiles (a blank as '?'). */
static void rack_svg(fmt_buf *b, const sk_engine *e, const sk_rack *r)
{
    const alpha_table *a = sk_engine_alphabet(e);
    const sk_tileset *ts = sk_engine_tileset(e);
    int n = r->n > 0 ? r->n : 1, x = 2;
    fmt_buf_printf(b, "<svg class=\"rack\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d 40\" width=\"%d\" "
                      "height=\"40\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n", 38 * n + 4, 38 * n + 4);
    for (int l = 1; l <= 64; l++) {
        int li = l == 64 ? 0 : l, count = li ? r->count[li] : r->blanks;
        for (int k = 0; k < count && li <= a->size; k++, x += 38) {
            char value[16];
            snprintf(value, sizeof value, "%d", ts->value[li]);
            html_tile t = { x, 2, 34, 34, 4, "tile rack-tile", NULL, "#f3dcae", "#b08d57", 1, li ? a->upper[li] : "?",
                            20, 7, "#222", li && ts->value[li] > 0 ? value : NULL, 9, "#222" };
            html_svg_tile(b, &t);
        }
    }
    fmt_buf_puts(b, "</svg>\n");
}

/* The board after event v (the play's new tiles highlighted). */
static void board_svg(fmt_buf *b, const sk_engine *e, const sk_review_event *v)
{
    int dim = v->before.dim, w = SKF_LEFT + dim * SKF_CELL + 10, h = SKF_TOP - 24 + dim * SKF_CELL + 10;
    fmt_buf_printf(b, "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 24 %d %d\" width=\"%d\" "
                      "height=\"%d\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n<use href=\"#sk-board\"/>\n",
                   w, h, w, h);
    uint8_t isnew[SK_MAX_SQ] = {0}, sq[SK_MAX_SQ];
    memcpy(sq, v->before.sq, SK_MAX_SQ);
    if (v->has_play && v->gp.placed_ok) {
        const sk_move *m = &v->gp.move;
        for (int k = 0; k < m->len; k++) {
            int r = m->row + (m->dir ? k : 0), c = m->col + (m->dir ? 0 : k);
            if (r < dim && c < dim && !(m->word[k] & SK_ONBOARD)) {
                sq[r * dim + c] = m->word[k] & (SK_LETTER | SK_BLANK);
                isnew[r * dim + c] = 1;
            }
        }
    }
    for (int i = 0; i < dim * dim; i++)
        if (sq[i])
            skf_svg_tile(b, e, SKF_LEFT, SKF_TOP, i / dim, i % dim, sq[i], isnew[i]);
    fmt_buf_puts(b, "</svg>\n");
}

/* The board's squares and coordinates, once, for every turn's <use>. */
static void board_defs(fmt_buf *b, const sk_engine *e)
{
    fmt_buf_puts(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" style=\"position:absolute\" "
                    "aria-hidden=\"true\">\n<defs>\n<g id=\"sk-board\">\n");
    skf_svg_coords(b, sk_engine_layout(e)->dim, SKF_LEFT, SKF_TOP);
    skf_svg_squares(b, e, SKF_LEFT, SKF_TOP);
    fmt_buf_puts(b, "</g>\n</defs>\n</svg>\n");
}

/* ---- one event ------------------------------------------------------------------------------------- */

/* The numbers of the event's JSON line, as data- attributes. */
static void event_attrs(fmt_buf *b, const sk_review *r, const sk_review_event *v)
{
    const sk_gcg_event *ev = v->ev;
    html_data_int(b, "line", ev->line);
    html_data_text(b, "player", r->gc->nick[ev->player]);
    html_data_text(b, "kind", skf_event_kind(ev->kind));
    if (v->turn)
        html_data_int(b, "turn", v->turn);
    html_data_int(b, "score", v->score);
    html_data_int(b, "total", v->total);
    if (v->have_computed) {
        html_data_int(b, "computed", v->computed);
        html_data_int(b, "score-ok", v->score_ok);
    }
    html_data_int(b, "total-ok", v->total_ok);
    if (v->legal >= -1)
        html_data_int(b, "legal", v->legal);
    if (v->have_rank) {
        attr_milli(b, "equity", v->equity);
        html_data_int(b, "rank-score", v->rank_score);
        html_data_int(b, "rank-equity", v->rank_equity);
        html_data_int(b, "plays", v->plays);
        attr_milli(b, "lost", v->lost);
        html_data_int(b, "bingo-missed", v->bingo_missed);
    }
    if (v->sim == 1)
        attr_milli(b, "sim-lost", v->sim_lost);
    if (v->eg == 1 && v->eg_exact)
        html_data_int(b, "endgame-lost", v->eg_best_value > v->eg_value ? v->eg_best_value - v->eg_value : 0);
    if (v->peg == 1 && v->peg_exact)
        fmt_buf_printf(b, " data-preendgame-lost-win=\"%.4f\"", v->peg_lost_win / 1e6);
}

static void verdicts(fmt_buf *b, const sk_review_event *v)
{
    fmt_buf_puts(b, "<p class=\"verdicts\">");
    if (v->have_computed)
        fmt_buf_printf(b, v->score_ok ? "<span class=\"ok\">score ok</span> " :
                                        "<span class=\"bad\">SCORE %d by the rules</span> ", v->computed);
    if (!v->total_ok)
        fmt_buf_printf(b, "<span class=\"bad\">TOTAL should be %d</span> ", v->expected_total);
    if (v->legal == 1)
        fmt_buf_puts(b, "<span class=\"ok\">legal</span> ");
    else if (v->legal >= -1) {
        fmt_buf_puts(b, v->legal == 0 ? "<span class=\"bad\">ILLEGAL</span>: " : "<span class=\"muted\">not judged</span>: ");
        html_puts(b, v->why);
        fmt_buf_putc(b, ' ');
    }
    if (v->partial)
        fmt_buf_puts(b, "<span class=\"muted\">partial rack</span> ");
    if (v->problem[0]) {
        fmt_buf_puts(b, "<span class=\"bad\">");
        html_puts(b, v->problem);
        fmt_buf_puts(b, "</span>");
    }
    fmt_buf_puts(b, "</p>\n");
}

/* The static verdict and the best alternatives, each with its equity loss. */
static void alternatives(fmt_buf *b, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    char eq[32], lost[32];
    fmt_buf_printf(b, "<p>equity %s, rank %ld by equity and %ld by score of %ld plays",
                   milli_str(eq, sizeof eq, v->equity), v->rank_equity, v->rank_score, v->plays);
    if (v->lost)
        fmt_buf_printf(b, ": <span class=\"bad\">lost %s</span>", milli_str(lost, sizeof lost, v->lost));
    if (v->bingo_missed)
        fmt_buf_puts(b, ", <span class=\"bad\">bingo missed</span>");
    fmt_buf_puts(b, "</p>\n<table class=\"alternatives small\">\n<tr><th>play</th><th>score</th><th>equity</th>"
                    "<th>loss</th></tr>\n");
    fmt_buf made = {0};
    skf_play(&made, r->e, &v->me);
    int n = v->ntop ? v->ntop : 1, shown = 0;
    for (int i = 0; i <= n; i++) {
        const sk_play *p = i == n ? &v->me : v->ntop ? &v->top[i] : &v->best;
        fmt_buf_reset(t);
        skf_play(t, r->e, p);
        int mine = strcmp(fmt_buf_str(t), fmt_buf_str(&made)) == 0;
        if (i == n && shown)
            break;                /* the play made is among the best shown */
        shown |= mine;
        fmt_buf_puts(b, mine ? "<tr class=\"made\"><td><b>" : "<tr><td>");
        html_puts(b, fmt_buf_str(t));
        fmt_buf_printf(b, "%s</td><td>%d</td><td>%s</td><td>%s</td></tr>\n", mine ? "</b> (played)" : "", p->score,
                       milli_str(eq, sizeof eq, p->equity), milli_str(lost, sizeof lost, v->best.equity - p->equity));
    }
    if (made.oom)
        b->oom = 1;
    fmt_buf_free(&made);
    fmt_buf_puts(b, "</table>\n");
}

/* The pre-endgame's verdict: the play made and the best, win and spread. */
static void look_ahead_peg(fmt_buf *b, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    if (v->peg < 0) {
        fmt_buf_puts(b, "<p class=\"muted\">pre-endgame: ");
        html_puts(b, v->peg_why);
        fmt_buf_puts(b, "</p>\n");
        return;
    }
    fmt_buf_reset(t);
    if (v->peg_best.play.kind == SK_PLAY_PASS)
        fmt_buf_puts(t, "pass");
    else
        skf_play(t, r->e, &v->peg_best.play);
    fmt_buf_printf(b, "<p>pre-endgame (%d in the bag, %zu plays): this play win %.2f%%, spread %+.2f; best ",
                   v->peg_bag, v->peg_legal, 100 * v->peg_me.win, v->peg_me.spread);
    html_puts(b, fmt_buf_str(t));
    fmt_buf_printf(b, " (win %.2f%%, spread %+.2f)", 100 * v->peg_best.win, v->peg_best.spread);
    if (v->peg_exact)
        fmt_buf_printf(b, ": lost %.2f%% wins, %.2f points</p>\n", v->peg_lost_win / 1e4, v->peg_lost_spread / 1e3);
    else
        fmt_buf_puts(b, ", not proven within the limit</p>\n");
}

static void look_ahead(fmt_buf *b, const sk_review *r, const sk_review_event *v, fmt_buf *t)
{
    if (v->peg)
        look_ahead_peg(b, r, v, t);
    if (v->sim < 0 || v->eg < 0) {
        fmt_buf_puts(b, "<p class=\"muted\">");
        html_puts(b, v->sim < 0 ? v->sim_why : v->eg_why);
        fmt_buf_puts(b, "</p>\n");
    }
    if (v->sim == 1) {
        fmt_buf_reset(t);
        skf_play(t, r->e, &v->sim_best.play);
        fmt_buf_printf(b, "<p>simulation: value %.2f &#177;%.2f, win %.1f%%, rank %d of %d; best ", v->sim_me.mean,
                       v->sim_me.se, 100 * v->sim_me.win, v->sim_rank, v->sim_n);
        html_puts(b, fmt_buf_str(t));
        fmt_buf_printf(b, " (value %.2f, win %.1f%%): lost %.2f points, %.1f%% to win</p>\n", v->sim_best.mean,
                       100 * v->sim_best.win, v->sim_lost / 1000.0,
                       v->sim_rank == 1 ? 0.0 : fmax(0, 100 * (v->sim_best.win - v->sim_me.win)));
    }
    if (v->eg == 1) {
        fmt_buf_reset(t);
        skf_play(t, r->e, &v->eg_best);
        fmt_buf_puts(b, "<p>endgame: best ");
        html_puts(b, fmt_buf_str(t));
        if (v->eg_exact)
            fmt_buf_printf(b, " (%+d); this play %+d: lost %d</p>\n", v->eg_best_value, v->eg_value,
                           v->eg_best_value > v->eg_value ? v->eg_best_value - v->eg_value : 0);
        else
            fmt_buf_printf(b, " (%+d, not proven within the limit: %d plies)</p>\n", v->eg_best_value, v->eg_depth);
    }
}

static void event_html(fmt_buf *b, const sk_review *r, int i, fmt_buf *t)
{
    const sk_review_event *v = &r->ev[i];
    const sk_gcg_event *ev = v->ev;
    const sk_gcg *gc = r->gc;
    int p = ev->player;
    fmt_buf_printf(b, "<section class=\"event\" id=\"e%d\"", i + 1);
    event_attrs(b, r, v);
    fmt_buf_puts(b, ">\n");
    if (v->turn)
        board_svg(b, r->e, v);
    fmt_buf_puts(b, "<div class=\"info\">\n<h3>");
    if (v->turn)
        fmt_buf_printf(b, "<a id=\"t%d\" href=\"#t%d\">Turn %d</a> &#183; ", v->turn, v->turn, v->turn);
    html_puts(b, player_name(gc, p));
    fmt_buf_printf(b, " <span class=\"muted small\">line %ld</span></h3>\n", ev->line);
    if (ev->has_rack) {
        fmt_buf_puts(b, "<div class=\"rack\">");
        rack_svg(b, r->e, &ev->rack);
        fmt_buf_puts(b, "</div>\n");
    }
    fmt_buf_reset(t);
    skf_review_play(t, r, i);
    fmt_buf_puts(b, "<p class=\"play\">");
    html_puts(b, fmt_buf_str(t));
    fmt_buf_printf(b, " %+d</p>\n<p class=\"scoreline\">", v->score);
    for (int k = 0; k < 2; k++) {
        html_puts(b, gc->nick[k]);
        fmt_buf_printf(b, " %d%s", k == p ? v->total : v->totals[k], k ? "" : " &#8211; ");
    }
    fmt_buf_puts(b, "</p>\n");
    verdicts(b, v);
    if (v->have_rank)
        alternatives(b, r, v, t);
    look_ahead(b, r, v, t);
    if (ev->note_len) {
        fmt_buf_puts(b, "<p class=\"note\">");
        html_text(b, gc->notes + ev->note_off, ev->note_len);
        fmt_buf_puts(b, "</p>\n");
    }
    fmt_buf_puts(b, "</div>\n</section>\n");
}

/* ---- the top of the page ------------------------------------------------------------------------------ */

static void summary_row(fmt_buf *b, const sk_review *r, int p)
{
    const sk_review_player *s = &r->player[p];
    char t[32];
    fmt_buf_puts(b, "<tr class=\"player\"");
    html_data_text(b, "nick", r->gc->nick[p]);
    html_data_int(b, "final", s->score);
    if (s->sum != s->score)
        html_data_int(b, "sum", s->sum);
    html_data_int(b, "plays", s->plays);
    html_data_int(b, "ranked", s->ranked);
    attr_milli(b, "lost", s->lost);
    html_data_int(b, "phonies", s->phonies);
    html_data_int(b, "bingos-missed", s->bingos_missed);
    if (r->sim) {
        html_data_int(b, "sim-judged", s->sim_judged);
        attr_milli(b, "sim-lost", s->sim_lost);
    }
    if (r->endgame) {
        html_data_int(b, "endgame-judged", s->eg_judged);
        html_data_int(b, "endgame-lost", s->eg_lost);
        html_data_int(b, "preendgame-judged", s->peg_judged);
        fmt_buf_printf(b, " data-preendgame-lost-win=\"%.4f\"", s->peg_lost_win / 1e6);
    }
    fmt_buf_puts(b, "><td>");
    html_puts(b, player_name(r->gc, p));
    fmt_buf_printf(b, "</td><td>%d", s->score);
    if (s->sum != s->score)
        fmt_buf_printf(b, " <span class=\"bad\">(the plays add up to %d)</span>", s->sum);
    fmt_buf_printf(b, "</td><td>%d</td><td>%d</td><td>%s</td><td>%d</td><td>%d</td>", s->plays, s->ranked,
                   milli_str(t, sizeof t, s->lost), s->phonies, s->bingos_missed);
    if (r->sim)
        fmt_buf_printf(b, "<td>%d</td><td>%.2f</td>", s->sim_judged, s->sim_lost / 1000.0);
    if (r->endgame)
        fmt_buf_printf(b, "<td>%d</td><td>%d</td>", s->eg_judged, s->eg_lost);
    fmt_buf_puts(b, "</tr>\n");
}

static void summary(fmt_buf *b, const sk_review *r)
{
    fmt_buf_puts(b, "<table class=\"players\" id=\"players\">\n<tr><th>player</th><th>final</th><th>turns</th>"
                    "<th>ranked</th><th>equity lost</th><th>phonies</th><th>bingos missed</th>");
    if (r->sim)
        fmt_buf_puts(b, "<th>simulated</th><th>lost by sim</th>");
    if (r->endgame)
        fmt_buf_puts(b, "<th>endgames</th><th>endgame lost</th>");
    fmt_buf_puts(b, "</tr>\n");
    for (int p = 0; p < 2; p++)
        summary_row(b, r, p);
    fmt_buf_puts(b, "</table>\n");
    int problems = r->problems + r->gc->nerrors;
    fmt_buf_printf(b, "<p class=\"meta\" id=\"counts\" data-score-errors=\"%d\" data-total-errors=\"%d\" "
                      "data-problems=\"%d\">%d events; %d score error%s, %d total error%s, %d problem%s; words: ",
                   r->score_errors, r->total_errors, problems, r->n, r->score_errors, r->score_errors == 1 ? "" : "s",
                   r->total_errors, r->total_errors == 1 ? "" : "s", problems, problems == 1 ? "" : "s");
    html_puts(b, r->dict_name);
    fmt_buf_puts(b, r->judged ? "</p>\n" : " (not judged)</p>\n");
}

/* Each player's cumulative loss, turn by turn (and by simulation). */
static void loss_chart(fmt_buf *b, const sk_review *r)
{
    int n = r->turns > 0 ? r->turns : 1, ns = r->sim ? 4 : 2;
    double *y = calloc((size_t)(4 * n), sizeof *y);
    if (!y) {
        b->oom = 1;
        return;
    }
    double sum[4] = { 0, 0, 0, 0 };
    for (int i = 0; i < r->n; i++) {
        const sk_review_event *v = &r->ev[i];
        if (!v->turn)
            continue;
        int p = v->ev->player;
        sum[p] += v->have_rank ? v->lost / 1000.0 : 0;
        sum[2 + p] += v->sim == 1 ? v->sim_lost / 1000.0 : 0;
        for (int k = 0; k < 4; k++)
            y[k * n + v->turn - 1] = sum[k];
    }
    static const char *const colors[4] = { "#c0392b", "#2a5db0", "#e59866", "#7fb3d5" };
    char names[4][200];
    html_series s[4];
    for (int k = 0; k < ns; k++) {
        snprintf(names[k], sizeof names[k], "%s%s", player_name(r->gc, k % 2), k < 2 ? "" : " (simulation)");
        s[k] = (html_series){ names[k], colors[k], y + k * n, n };
    }
    html_chart c = { 720, 260, "Cumulative loss", "turn", "points lost", s, ns };
    html_svg_chart(b, &c);
    free(y);
}

static void page_head(fmt_buf *b, const sk_review *r, const char *file)
{
    const sk_gcg *gc = r->gc;
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    fmt_buf_puts(b, "<h1>");
    html_puts(b, gc->title[0] ? gc->title : base);
    fmt_buf_puts(b, "</h1>\n<p class=\"meta\">");
    for (int p = 0; p < 2; p++) {
        html_puts(b, player_name(gc, p));
        fmt_buf_printf(b, " <b>%d</b>%s", r->player[p].score, p ? "" : " &#8211; ");
    }
    if (gc->lexicon[0]) {
        fmt_buf_puts(b, " &#183; lexicon ");
        html_puts(b, gc->lexicon);
    }
    fmt_buf_puts(b, " &#183; ");
    html_puts(b, base);
    fmt_buf_puts(b, "</p>\n");
    if (gc->description[0]) {
        fmt_buf_puts(b, "<p class=\"note\">");
        html_puts(b, gc->description);
        fmt_buf_puts(b, "</p>\n");
    }
    if (gc->game_note_len) {
        fmt_buf_puts(b, "<p class=\"note\">");
        html_text(b, gc->notes + gc->game_note_off, gc->game_note_len);
        fmt_buf_puts(b, "</p>\n");
    }
}

void skf_review_html(fmt_buf *b, const sk_review *r, const char *file)
{
    const sk_gcg *gc = r->gc;
    fmt_buf title = {0}, t = {0};
    fmt_buf_printf(&title, "%s %d - %s %d", player_name(gc, 0), r->player[0].score, player_name(gc, 1),
                   r->player[1].score);
    html_page_begin(b, fmt_buf_str(&title), page_css);
    page_head(b, r, file);
    summary(b, r);
    loss_chart(b, r);
    fmt_buf_puts(b, "<nav class=\"turns\">");
    for (int k = 1; k <= r->turns; k++)
        fmt_buf_printf(b, "<a href=\"#t%d\">%d</a>", k, k);
    fmt_buf_puts(b, "</nav>\n");
    board_defs(b, r->e);
    for (int i = 0; i < r->n; i++)
        event_html(b, r, i, &t);
    html_page_end(b);
    if (title.oom || t.oom)
        b->oom = 1;
    fmt_buf_free(&title);
    fmt_buf_free(&t);
}

/* ---- an index of pages ---------------------------------------------------------------------------------- */

void skf_review_index(fmt_buf *b, const skf_index_row *rows, int n)
{
    html_page_begin(b, "Game reviews", NULL);
    fmt_buf_printf(b, "<h1>Game reviews</h1>\n<p class=\"meta\">%d game%s</p>\n<table class=\"games\">\n"
                      "<tr><th>game</th><th>players</th><th>score</th><th>equity lost</th><th>errors</th></tr>\n",
                   n, n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        const skf_index_row *g = &rows[i];
        char l0[32], l1[32];
        fmt_buf_puts(b, "<tr class=\"game\"><td>");
        html_page_link(b, g->file, g->href);
        fmt_buf_puts(b, "</td><td>");
        if (g->href) {
            html_puts(b, g->name[0]);
            fmt_buf_puts(b, " &#8211; ");
            html_puts(b, g->name[1]);
            fmt_buf_printf(b, "</td><td>%d &#8211; %d</td><td>%s &#8211; %s</td><td>%d</td>", g->score[0], g->score[1],
                           milli_str(l0, sizeof l0, g->lost[0]), milli_str(l1, sizeof l1, g->lost[1]), g->errors);
        } else {
            fmt_buf_puts(b, "</td><td></td><td></td><td></td>");
        }
        fmt_buf_puts(b, "</tr>\n");
    }
    fmt_buf_puts(b, "</table>\n");
    html_page_end(b);
}
