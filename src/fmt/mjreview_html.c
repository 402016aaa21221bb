/* mjreview_html.c - a reviewed riichi mahjong game as one self-contained
 * HTML page, and an index of several (contract in tilekit/mjfmt.h).
 *
 * The tiles are drawn once as SVG symbols (mjtiles_svg.c) and every hand
 * <use>s them: a hand is a row of tiles, a gap between suits, the melds
 * after a wider gap, the play made framed in red and the best one in
 * green; under threat a row below the closed tiles gives each one's
 * probability of dealing in to anyone (green 0, amber under 5%, red
 * above).  The page: the file, the players' summary (a row each) and the
 * game's counts, links to the rounds; then per round its heading (wind,
 * honba, dealer, scores, dora indicator), a chart of each reviewed
 * player's shanten after each of its discards (html_svg_chart), and the
 * round's records in order.  Every number the JSON lines give is also in
 * the data- attributes of its element, written with the same text
 * (integers, %.17g reals, tile names), so that scripts and tests read the
 * page as they read the JSON.  Names and file names from the log are
 * escaped (tilekit/html.h); there is no script.
 */
#include "mjreview_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tilekit/html.h"

static const char page_css[] =
    ".meta{color:#555}.rounds a{display:inline-block;min-width:2.6em;text-align:center;margin:1px;"
    "text-decoration:none;border:1px solid #ccc;border-radius:3px}\n"
    ".rec{border-top:1px solid #ddd;padding:6px 0}.who{font-weight:bold;font-size:.95em}\n"
    "svg.hand{display:block;margin:3px 0}svg.t{vertical-align:middle}\n"
    ".ok{color:#1a7f37}.bad{color:#b00020;font-weight:bold}.muted{color:#777}.warn{color:#8a6d00}\n"
    ".small{font-size:.9em}.chart{max-width:100%;height:auto}table.value td,table.value th{font-size:.9em}\n"
    ".dealin{background:#fdecea}.threat{color:#8a3b00}\n";

static const char *const SEAT_COLOR[4] = { "#c0392b", "#2a5db0", "#1a7f37", "#8e44ad" };

/* ---- pieces --------------------------------------------------------------------------------------- */

static void data_real(fmt_buf *b, const char *key, double v)
{
    char t[40];
    html_data_text(b, key, mjf_real(t, v));
}

static void data_tile(fmt_buf *b, const char *key, int t, int red)
{
    char n[3];
    mjf_tile_text(t, red, n);
    html_data_text(b, key, n);
}

/* One tile inline in the text. */
static void tile_inline(fmt_buf *b, int t, int red)
{
    char id[8], n[3];
    mjf_svg_tile_id(t, red, id);
    mjf_tile_text(t, red, n);
    fmt_buf_printf(b, "<svg class=\"t\" viewBox=\"0 0 30 40\" width=\"18\" height=\"24\"><use href=\"#%s\"/>"
                      "</svg> %s", id, n);
}

static void seat_html(fmt_buf *b, const mj_review *rv, int s)
{
    fmt_buf_printf(b, "seat %d ", s);
    html_puts(b, mjf_seat_name(rv, s));
}

/* ---- a hand --------------------------------------------------------------------------------------- */

typedef struct marks {
    int made, made_red;            /* the tile to frame in red (-1 none) */
    int best;                      /* the tile to frame in green (-1 none) */
    const mj_review_danger *danger;   /* under threat: a row of probabilities */
    int extra, extra_red;          /* a tile after a gap (the winning tile; -1 none) */
} marks;

enum { TW = 31, SUIT_GAP = 6, MELD_GAP = 12, DANGER_H = 14 };

static void frame(fmt_buf *b, int x, const char *color)
{
    fmt_buf_printf(b, "<rect x=\"%d\" y=\"0.5\" width=\"30\" height=\"39\" rx=\"4\" fill=\"none\" stroke=\"%s\" "
                      "stroke-width=\"3\"/>", x, color);
}

/* The danger row under the tile at x: a bar and the percentage. */
static void danger_cell(fmt_buf *b, int x, double p)
{
    const char *c = p == 0 ? "#1a7f37" : p < 0.05 ? "#c79a00" : "#c0392b";
    char pct[16];
    if (p == 0)
        snprintf(pct, sizeof pct, "0");
    else if (p < 0.01)
        snprintf(pct, sizeof pct, "<1%%");
    else
        snprintf(pct, sizeof pct, "%.0f%%", 100 * p);
    fmt_buf_printf(b, "<rect x=\"%d\" y=\"41\" width=\"26\" height=\"3\" fill=\"%s\"/>", x + 2, c);
    html_svg_text(b, x + 15, 53, 10, 0, "middle", c, pct);
}

/* The closed tiles; returns the x after them. */
static int closed_tiles(fmt_buf *b, const mj_hand *h, const marks *m)
{
    int x = 0, suit = -1, made_done = 0, best_done = 0;
    for (int t = 0; t < MJ_TILES; t++)
        for (int k = 0; k < h->count[t]; k++) {
            if (suit >= 0 && t / 9 != suit && k == 0)
                x += SUIT_GAP;
            suit = t / 9;
            int red = k == 0 && t < 27 && t % 9 == 4 && h->red[t / 9];
            mjf_svg_tile(b, t, red, x, 0);
            int plain_left = h->count[t] - (t < 27 && t % 9 == 4 && h->red[t / 9]) > 0;
            if (!made_done && t == m->made && (red == m->made_red || (red && !plain_left))) {
                frame(b, x, "#d62728");
                made_done = 1;
            } else if (!best_done && t == m->best && t != m->made) {
                frame(b, x, "#1a7f37");
                best_done = 1;
            }
            if (m->danger)
                danger_cell(b, x, m->danger->any[t]);
            x += TW;
        }
    return x;
}

static int meld_tiles(fmt_buf *b, const mj_hand *h, int x)
{
    for (int i = 0; i < h->n_melds; i++) {
        const mj_meld *md = &h->melds[i];
        int n = md->type == MJ_CHI || md->type == MJ_PON ? 3 : 4, red_left = md->red;
        x += MELD_GAP;
        for (int k = 0; k < n; k++) {
            int t = md->type == MJ_CHI ? md->tile + k : md->tile;
            int red = red_left && t < 27 && t % 9 == 4;
            red_left &= !red;
            mjf_svg_tile(b, t, red, x, 0);
            x += TW;
        }
    }
    return x;
}

static void hand_svg(fmt_buf *b, const mj_hand *h, const marks *m)
{
    fmt_buf body = { 0 };
    int x = closed_tiles(&body, h, m);
    if (m->extra >= 0) {
        x += MELD_GAP;
        mjf_svg_tile(&body, m->extra, m->extra_red, x, 0);
        frame(&body, x, "#d62728");
        x += TW;
    }
    x = meld_tiles(&body, h, x);
    int hgt = 40 + (m->danger ? DANGER_H : 0);
    fmt_buf_printf(b, "<svg class=\"hand\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
                      "height=\"%d\" font-family=\"DejaVu Sans, Arial, sans-serif\">", x, hgt, x * 9 / 10, hgt * 9 / 10);
    fmt_buf_put(b, fmt_buf_str(&body), body.len);
    if (body.oom)
        b->oom = 1;
    fmt_buf_puts(b, "</svg>\n");
    fmt_buf_free(&body);
}

/* ---- discards -------------------------------------------------------------------------------------- */

static void rec_start(fmt_buf *b, const char *cls, const mj_review_record *rec)
{
    fmt_buf_printf(b, "<div class=\"rec %s\" id=\"r%d-e%d\"", cls, rec->round, rec->event);
    html_data_int(b, "round", rec->round);
    html_data_int(b, "event", rec->event);
}

/* data-danger="SEAT:P;...", data-threat="SEAT:riichi;..." */
static void data_seats(fmt_buf *b, const char *key, const mj_review_danger *x, int t)
{
    fmt_buf_printf(b, " data-%s=\"", key);
    for (int s = 0, n = 0; s < 4; s++)
        if (x->threats >> s & 1) {
            char r[40];
            fmt_buf_printf(b, "%s%d:%s", n++ ? ";" : "", s,
                           t < 0 ? (x->kind[s] == MJ_THREAT_RIICHI ? "riichi" : "open") : mjf_real(r, x->deal[s][t]));
        }
    fmt_buf_putc(b, '"');
}

static void discard_attrs(fmt_buf *b, const mj_review_discard *d)
{
    const mj_review_danger *x = &d->danger;
    html_data_int(b, "seat", d->seat);
    html_data_int(b, "discard", d->index);
    data_tile(b, "tile", d->tile, d->red);
    html_data_int(b, "tsumogiri", d->tsumogiri);
    html_data_int(b, "riichi", d->riichi);
    html_data_int(b, "shanten", d->play_shanten);
    html_data_int(b, "ukeire", d->play_ukeire);
    data_tile(b, "best-tile", d->best_tile, d->best_red);
    html_data_int(b, "best-shanten", d->best_shanten);
    html_data_int(b, "best-ukeire", d->best_ukeire);
    html_data_int(b, "shanten-lost", d->shanten_lost);
    html_data_int(b, "ukeire-lost", d->ukeire_lost);
    if (x->threats) {
        data_seats(b, "danger", x, d->tile);
        data_seats(b, "threat", x, -1);
        data_real(b, "deal", x->any[d->tile]);
        data_real(b, "loss", x->loss[d->tile]);
        data_tile(b, "safest-tile", x->safest, x->safest_red);
        data_seats(b, "safest-danger", x, x->safest);
        data_real(b, "safest-deal", x->any[x->safest]);
        data_real(b, "safest-loss", x->loss[x->safest]);
    }
    if (d->deal_in.wins) {
        fmt_buf_puts(b, " data-deal-in-to=\"");
        for (int s = 0, n = 0; s < 4; s++)
            if (d->deal_in.to >> s & 1)
                fmt_buf_printf(b, "%s%d", n++ ? "," : "", s);
        fmt_buf_putc(b, '"');
        html_data_int(b, "deal-in-points", d->deal_in.points);
        html_data_int(b, "deal-in-value", d->deal_in.value);
    }
}

static void ev_attrs(fmt_buf *b, const mj_review_ev *x)
{
    char n[3];
    html_data_text(b, "ev-status", mjf_ev_status(x->status));
    if (x->status != MJ_RV_EV_OK)
        return;
    html_data_int(b, "ev-turn", x->turn);
    if (x->play >= 0)
        data_real(b, "ev-play-score", x->opt[x->play].score);
    mj_ev_kind_name(x->opt[x->best].kind, n);
    html_data_text(b, "ev-best-tile", n);
    data_real(b, "ev-best-score", x->opt[x->best].score);
    data_real(b, "ev-score-lost", x->score_lost);
}

/* "EV 68.0, best 3z 85.9 (-17.8)" */
static void ev_text(fmt_buf *b, const mj_review_ev *x)
{
    char n[3];
    if (x->status == MJ_RV_EV_OFF)
        return;
    fmt_buf_puts(b, "<br><span class=\"small\">");
    if (x->status != MJ_RV_EV_OK) {
        fmt_buf_printf(b, "EV %s: ", mjf_ev_status(x->status));
        html_puts(b, x->msg);
    } else {
        mj_ev_kind_name(x->opt[x->best].kind, n);
        if (x->play >= 0)
            fmt_buf_printf(b, "expected score %.1f", x->opt[x->play].score);
        else
            fmt_buf_puts(b, "expected score: the model does not explore this play");
        if (x->play < 0 || x->best != x->play)
            fmt_buf_printf(b, "; best %s %.1f", n, x->opt[x->best].score);
        if (x->play >= 0 && x->best != x->play)
            fmt_buf_printf(b, " <span class=\"%s\">(-%.1f)</span>", x->score_lost >= 0.05 ? "bad" : "muted",
                           x->score_lost);
    }
    fmt_buf_puts(b, "</span>");
}

static void danger_text(fmt_buf *b, const mj_review *rv, const mj_review_discard *d)
{
    const mj_review_danger *x = &d->danger;
    if (x->threats) {
        fmt_buf_puts(b, "<br><span class=\"threat\">under threat:");
        for (int s = 0; s < 4; s++)
            if (x->threats >> s & 1) {
                fmt_buf_putc(b, ' ');
                seat_html(b, rv, s);
                fmt_buf_printf(b, " (%s) %.1f%%", x->kind[s] == MJ_THREAT_RIICHI ? "riichi" : "open",
                               100 * x->deal[s][d->tile]);
            }
        fmt_buf_printf(b, "; deals in %.1f%%, expected loss %.0f</span>", 100 * x->any[d->tile], x->loss[d->tile]);
        if (x->is_safest) {
            fmt_buf_puts(b, " <span class=\"ok\">the safest</span>");
        } else {
            fmt_buf_puts(b, "; safest ");
            tile_inline(b, x->safest, x->safest_red);
            fmt_buf_printf(b, " %.1f%%", 100 * x->any[x->safest]);
        }
    }
    if (d->deal_in.wins) {
        fmt_buf_printf(b, "<br><span class=\"bad\">dealt in to seat");
        for (int s = 0, n = 0; s < 4; s++)
            if (d->deal_in.to >> s & 1)
                fmt_buf_printf(b, "%s %d", n++ ? "," : "", s);
        fmt_buf_printf(b, ": -%d</span>", d->deal_in.points);
    }
}

static void discard_html(fmt_buf *b, const mj_review *rv, const mj_review_record *rec, const mj_review_discard *d)
{
    rec_start(b, d->deal_in.wins ? "discard dealin" : "discard", rec);
    discard_attrs(b, d);
    if (rv->ev)
        ev_attrs(b, &d->ev);
    fmt_buf_puts(b, ">\n<div class=\"who\">");
    seat_html(b, rv, d->seat);
    fmt_buf_printf(b, ", discard %d%s</div>\n", d->index + 1, d->riichi ? " (in riichi)" : "");
    marks m = { d->tile, d->red, d->is_best ? -1 : d->best_tile, d->danger.threats ? &d->danger : NULL, -1, 0 };
    hand_svg(b, &d->hand, &m);
    fmt_buf_puts(b, "<div>played ");
    tile_inline(b, d->tile, d->red);
    fmt_buf_printf(b, ": %d-shanten, %d tiles", d->play_shanten, d->play_ukeire);
    if (d->is_best) {
        fmt_buf_puts(b, " <span class=\"ok\">best</span>");
    } else {
        fmt_buf_puts(b, "; best ");
        tile_inline(b, d->best_tile, d->best_red);
        fmt_buf_printf(b, ": %d-shanten, %d tiles <span class=\"bad\">", d->best_shanten, d->best_ukeire);
        if (d->shanten_lost)
            fmt_buf_printf(b, "(-%d shanten)</span>", d->shanten_lost);
        else
            fmt_buf_printf(b, "(-%d)</span>", d->ukeire_lost);
    }
    if (rv->ev)
        ev_text(b, &d->ev);
    danger_text(b, rv, d);
    fmt_buf_puts(b, "</div>\n</div>\n");
}

/* ---- wins -------------------------------------------------------------------------------------------- */

/* "Riichi:1;Pinfu:1" */
static void data_yaku(fmt_buf *b, const char *key, const mj_yaku *y, int n)
{
    fmt_buf_printf(b, " data-%s=\"", key);
    for (int i = 0; i < n; i++)
        fmt_buf_printf(b, "%s%s:%d", i ? ";" : "", mj_yaku_name(y[i].id), y[i].han);
    fmt_buf_putc(b, '"');
}

static void yaku_cell(fmt_buf *b, const mj_yaku *y, int n)
{
    fmt_buf_puts(b, "<td>");
    for (int i = 0; i < n; i++)
        fmt_buf_printf(b, "%s%s %d", i ? ", " : "", mj_yaku_name(y[i].id), y[i].han);
    fmt_buf_puts(b, "</td>");
}

static void win_attrs(fmt_buf *b, const mj_review_win *w)
{
    int ok = w->status == MJ_SCORE_OK;
    const mj_log_win *lw = w->log;
    html_data_int(b, "seat", w->seat);
    html_data_int(b, "from", w->from);
    html_data_int(b, "tsumo", w->from == w->seat);
    data_tile(b, "win", w->ctx.win >= 0 ? w->ctx.win : 0, w->ctx.win_red);
    html_data_text(b, "status", w->status == MJ_RV_WIN_ERROR ? "error" : ok ? "ok" :
                   w->status == MJ_SCORE_NO_YAKU ? "no_yaku" : "not_winning");
    html_data_int(b, "han", ok ? w->score.han : 0);
    html_data_int(b, "fu", ok ? w->score.fu : 0);
    html_data_int(b, "points", w->points);
    html_data_int(b, "yakuman", ok ? w->score.yakuman : 0);
    data_yaku(b, "yaku", w->score.yaku, ok ? w->score.n_yaku : 0);
    html_data_int(b, "log-han", lw->han);
    html_data_int(b, "log-fu", lw->fu);
    html_data_int(b, "log-points", lw->points);
    data_yaku(b, "log-yaku", lw->yaku, lw->n_yaku);
    html_data_int(b, "match", w->match);
}

static void win_html(fmt_buf *b, const mj_review *rv, const mj_review_record *rec, const mj_review_win *w)
{
    int ok = w->status == MJ_SCORE_OK, tsumo = w->from == w->seat, win = w->ctx.win >= 0 ? w->ctx.win : 0;
    const mj_log_win *lw = w->log;
    rec_start(b, "win", rec);
    win_attrs(b, w);
    fmt_buf_puts(b, ">\n<div class=\"who\">");
    seat_html(b, rv, w->seat);
    fmt_buf_printf(b, " wins by %s", tsumo ? "tsumo" : "ron");
    if (!tsumo) {
        fmt_buf_puts(b, " from ");
        seat_html(b, rv, w->from);
    }
    fmt_buf_puts(b, "</div>\n");
    mj_hand h = w->hand;   /* the winning tile apart */
    if (h.count[win] > 0) {
        h.count[win]--;
        h.n_tiles--;
        if (w->ctx.win_red && win < 27)
            h.red[win / 9] = 0;
    }
    marks m = { -1, 0, -1, NULL, win, w->ctx.win_red };
    hand_svg(b, &h, &m);
    fmt_buf_puts(b, "<table class=\"value\"><tr><th></th><th>han</th><th>fu</th><th>points</th><th>yaku</th></tr>\n"
                    "<tr><td>tilekit</td>");
    if (ok) {
        fmt_buf_printf(b, "<td>%d</td><td>%d</td><td>%d%s%s</td>", w->score.han, w->score.fu, w->points,
                       w->score.limit ? " " : "", mj_limit_name(w->score.limit));
        yaku_cell(b, w->score.yaku, w->score.n_yaku);
    } else {
        fmt_buf_puts(b, "<td colspan=\"4\" class=\"bad\">");
        html_puts(b, w->status == MJ_RV_WIN_ERROR ? w->msg : w->status == MJ_SCORE_NO_YAKU ? "no yaku" : "not winning");
        fmt_buf_puts(b, "</td>");
    }
    fmt_buf_printf(b, "</tr>\n<tr><td>log</td><td>%d</td><td>%d</td><td>%d%s%s</td>", lw->han, lw->fu, lw->points,
                   lw->limit ? " " : "", mj_limit_name(lw->limit));
    yaku_cell(b, lw->yaku, lw->n_yaku);
    fmt_buf_printf(b, "</tr>\n</table>\n<div>%s</div>\n</div>\n",
                   w->match ? "<span class=\"ok\">scored as the log says</span>" : "<span class=\"bad\">differs from the log</span>");
}

/* ---- calls, passes, riichi, draws, events that do not fit ------------------------------------------------ */

static void call_attrs(fmt_buf *b, const mj_review_call *c)
{
    html_data_text(b, "ev-status", mjf_ev_status(c->status));
    if (c->status != MJ_RV_EV_OK)
        return;
    if (c->play >= 0)
        data_real(b, "ev-play-score", c->set.calls[c->play].score);
    html_data_text(b, "ev-best-call", mj_call_name(c->set.calls[c->best].kind));
    data_real(b, "ev-best-score", c->set.calls[c->best].score);
    data_real(b, "ev-score-lost", c->score_lost);
}

static void call_text(fmt_buf *b, const mj_review_call *c)
{
    if (c->status != MJ_RV_EV_OK) {
        fmt_buf_printf(b, "; EV %s: ", mjf_ev_status(c->status));
        html_puts(b, c->msg);
        return;
    }
    const mj_ev_call *best = &c->set.calls[c->best];
    fmt_buf_puts(b, "; expected score ");
    if (c->play >= 0)
        fmt_buf_printf(b, "%.1f", c->set.calls[c->play].score);
    else
        fmt_buf_puts(b, "- (the model does not take this call)");
    if (c->best != c->play) {
        fmt_buf_puts(b, "; best ");
        mjf_call_value(b, best);
        if (c->play >= 0)
            fmt_buf_printf(b, " <span class=\"%s\">(-%.1f)</span>", c->score_lost >= 0.05 ? "bad" : "muted",
                           c->score_lost);
    }
}

static void call_html(fmt_buf *b, const mj_review *rv, const mj_review_record *rec)
{
    const mj_log_event *e = rec->ev;
    const mj_review_call *c = mj_review_call_of(rv, rec);
    rec_start(b, "call small", rec);
    html_data_int(b, "seat", e->seat);
    html_data_text(b, "call", mj_event_name(e->kind));
    data_tile(b, "tile", e->tile, e->red);
    html_data_int(b, "from", e->from);
    if (c)
        call_attrs(b, c);
    fmt_buf_puts(b, ">");
    seat_html(b, rv, e->seat);
    fmt_buf_printf(b, " %s ", mj_event_name(e->kind));
    tile_inline(b, e->tile, e->red);
    if (e->kind == MJ_EV_CHI || e->kind == MJ_EV_PON || e->kind == MJ_EV_DAIMINKAN)
        fmt_buf_printf(b, " from seat %d", e->from);
    if (c)
        call_text(b, c);
    fmt_buf_puts(b, "</div>\n");
}

static void pass_html(fmt_buf *b, const mj_review *rv, const mj_review_record *rec, const mj_review_call *c)
{
    rec_start(b, "pass small", rec);
    html_data_int(b, "seat", c->seat);
    data_tile(b, "tile", c->tile, c->red);
    html_data_int(b, "from", c->from);
    call_attrs(b, c);
    fmt_buf_puts(b, ">");
    seat_html(b, rv, c->seat);
    fmt_buf_puts(b, " passes ");
    tile_inline(b, c->tile, c->red);
    fmt_buf_printf(b, " from seat %d", c->from);
    call_text(b, c);
    fmt_buf_puts(b, "</div>\n");
}

static void other_html(fmt_buf *b, const mj_review *rv, const mj_review_record *rec)
{
    const mj_review_issue *x = mj_review_issue_of(rv, rec);
    if (x) {
        rec_start(b, x->fatal ? "error bad" : "inconsistent bad", rec);
        html_data_int(b, "seat", x->seat);
        html_data_int(b, "skipped", x->skipped);
        fmt_buf_printf(b, ">%s: ", x->fatal ? "error" : "inconsistent");
        html_puts(b, x->msg);
        if (x->skipped)
            fmt_buf_printf(b, " (this event and the %d after it are not reviewed)", x->skipped);
        fmt_buf_puts(b, "</div>\n");
    } else if (rec->kind == MJ_RV_RIICHI) {
        rec_start(b, "riichi small", rec);
        html_data_int(b, "seat", rec->ev->seat);
        fmt_buf_puts(b, ">");
        seat_html(b, rv, rec->ev->seat);
        fmt_buf_puts(b, " declares riichi</div>\n");
    } else if (rec->kind == MJ_RV_RYUUKYOKU) {
        rec_start(b, "ryuukyoku", rec);
        html_data_text(b, "reason", mj_ryuukyoku_name(rec->ev->detail));
        fmt_buf_printf(b, ">no winner (%s)</div>\n", mj_ryuukyoku_name(rec->ev->detail));
    }
}

static void record_html(fmt_buf *b, const mj_review *rv, int i)
{
    const mj_review_record *rec = &rv->records[i];
    const mj_review_win *w = mj_review_win_of(rv, rec);
    switch (rec->kind) {
    case MJ_RV_DISCARD: discard_html(b, rv, rec, mj_review_discard_of(rv, rec)); break;
    case MJ_RV_WIN:
        if (w->wanted)
            win_html(b, rv, rec, w);
        break;
    case MJ_RV_CALL: call_html(b, rv, rec); break;
    case MJ_RV_PASS: pass_html(b, rv, rec, mj_review_call_of(rv, rec)); break;
    default: other_html(b, rv, rec); break;
    }
}

/* ---- rounds -------------------------------------------------------------------------------------------- */

/* The shanten after each discard of each reviewed seat, a line a seat. */
static void shanten_chart(fmt_buf *b, const mj_review *rv, const mj_review_round *rr)
{
    double y[4][MJ_REPLAY_MAX_DISCARDS];
    char name[4][MJ_LOG_NAME + 16];
    int n[4] = { 0, 0, 0, 0 }, k = 0;
    html_series sr[4];
    for (int i = rr->first; i < rr->first + rr->n; i++) {
        const mj_review_discard *d = mj_review_discard_of(rv, &rv->records[i]);
        if (d && n[d->seat] < MJ_REPLAY_MAX_DISCARDS)
            y[d->seat][n[d->seat]++] = d->play_shanten;
    }
    for (int s = 0; s < 4; s++)
        if (n[s]) {
            snprintf(name[s], sizeof name[s], "%d %.*s", s, MJ_LOG_NAME, mjf_seat_name(rv, s));
            sr[k++] = (html_series){ name[s], SEAT_COLOR[s], y[s], n[s] };
        }
    if (!k)
        return;
    html_chart c = { 560, 220 + 16 * (k - 1), "Shanten after each discard", "the player's discards", "shanten", sr, k };
    html_svg_chart(b, &c);
}

static void round_head(fmt_buf *b, const mj_review *rv, int r)
{
    const mj_log_round *rd = &rv->log->rounds[r];
    static const char *const WINDS[4] = { "East", "South", "West", "North" };
    fmt_buf_printf(b, "<section class=\"round\" id=\"round-%d\">\n<h2>Round %d: %s %d, %d honba</h2>\n"
                      "<p class=\"meta\">dealer ", r, r, WINDS[(rd->kyoku / 4) & 3], rd->kyoku % 4 + 1, rd->honba);
    seat_html(b, rv, rd->dealer);
    fmt_buf_puts(b, "; scores");
    for (int s = 0; s < 4; s++)
        fmt_buf_printf(b, " %d", rd->scores[s]);
    fmt_buf_puts(b, "; dora indicator ");
    tile_inline(b, rd->dora0, rd->dora0_red);
    if (rv->rounds[r].inconsistent)
        fmt_buf_printf(b, " <span class=\"bad\">%d event%s that do%s not fit</span>", rv->rounds[r].inconsistent,
                       rv->rounds[r].inconsistent == 1 ? "" : "s", rv->rounds[r].inconsistent == 1 ? "es" : "");
    fmt_buf_puts(b, "</p>\n");
}

/* ---- the summaries ---------------------------------------------------------------------------------------- */

/* The defence totals and (--ev) the EV and call totals of a player or the game. */
static void data_totals(fmt_buf *b, long threatened, long safest, long deal_ins, long points)
{
    html_data_int(b, "threatened", threatened);
    html_data_int(b, "safest", safest);
    html_data_int(b, "deal-ins", deal_ins);
    html_data_int(b, "deal-in-points", points);
}

static void data_ev_totals(fmt_buf *b, long discards, long best, double lost, long calls, long calls_best,
                           double calls_lost)
{
    html_data_int(b, "ev-discards", discards);
    html_data_int(b, "ev-best", best);
    data_real(b, "ev-lost", lost);
    html_data_int(b, "calls-judged", calls);
    html_data_int(b, "calls-best", calls_best);
    data_real(b, "calls-lost", calls_lost);
}

static void player_row(fmt_buf *b, const mj_review *rv, int s)
{
    const mj_review_player *p = &rv->players[s];
    char t[40];
    fmt_buf_puts(b, "<tr class=\"player\"");
    html_data_int(b, "seat", s);
    html_data_text(b, "name", rv->log->names[s]);
    html_data_int(b, "discards", p->discards);
    html_data_int(b, "best", p->best);
    html_data_int(b, "riichi-discards", p->forced);
    html_data_int(b, "ukeire-lost", p->ukeire_lost);
    html_data_int(b, "shanten-lost", p->shanten_lost);
    html_data_int(b, "wins", p->wins);
    html_data_int(b, "win-points", p->win_points);
    html_data_int(b, "wins-differing", p->wins_differing);
    data_totals(b, p->threatened, p->safest, p->deal_ins, p->deal_in_points);
    if (rv->ev)
        data_ev_totals(b, p->ev_discards, p->ev_best, p->ev_lost, p->calls, p->calls_best, p->calls_lost);
    fmt_buf_printf(b, "><td><span style=\"color:%s\">&#9632;</span> %d ", SEAT_COLOR[s], s);
    html_puts(b, mjf_seat_name(rv, s));
    fmt_buf_printf(b, "</td><td>%ld</td><td>%ld</td><td>%ld</td><td>%ld</td><td>%ld / %ld</td><td>%ld (%ld)</td>"
                      "<td>%ld</td>", p->discards, p->best, p->ukeire_lost, p->shanten_lost, p->safest, p->threatened,
                   p->deal_ins, p->deal_in_points, p->wins);
    if (rv->ev)
        fmt_buf_printf(b, "<td>%s</td>", mjf_real(t, round(p->ev_lost * 10) / 10));
    fmt_buf_puts(b, "</tr>\n");
}

static void game_counts(fmt_buf *b, const mj_review *rv)
{
    const mj_review_game *g = &rv->game;
    fmt_buf_puts(b, "<p id=\"counts\" class=\"meta\"");
    html_data_text(b, "format", rv->log->format == MJ_LOG_MJLOG ? "mjlog" : "tenhou6");
    html_data_int(b, "rounds", rv->log->n_rounds);
    html_data_int(b, "discards", g->discards);
    html_data_int(b, "best", g->best);
    html_data_int(b, "ukeire-lost", g->ukeire_lost);
    html_data_int(b, "wins", g->wins);
    html_data_int(b, "wins-matching", g->wins_matching);
    html_data_int(b, "inconsistent", g->inconsistent);
    data_totals(b, g->threatened, g->safest, g->deal_ins, g->deal_in_points);
    if (rv->ev)
        data_ev_totals(b, g->ev_discards, g->ev_best, g->ev_lost, g->calls, g->calls_best, g->calls_lost);
    fmt_buf_printf(b, ">%d round%s, %ld discards reviewed, %ld best, ukeire lost %ld; %ld win%s, %ld scored as the "
                      "log says", rv->log->n_rounds, rv->log->n_rounds == 1 ? "" : "s", g->discards, g->best,
                   g->ukeire_lost, g->wins, g->wins == 1 ? "" : "s", g->wins_matching);
    if (g->inconsistent)
        fmt_buf_printf(b, "; <span class=\"bad\">%ld event%s that do not fit the log</span>", g->inconsistent,
                       g->inconsistent == 1 ? "" : "s");
    fmt_buf_puts(b, "</p>\n");
}

static void summary(fmt_buf *b, const mj_review *rv)
{
    fmt_buf_printf(b, "<table class=\"players\">\n<tr><th>player</th><th>discards</th><th>best</th><th>ukeire lost</th>"
                      "<th>shanten lost</th><th>safest under threat</th><th>deal-ins (points)</th><th>wins</th>%s</tr>\n",
                   rv->ev ? "<th>EV lost</th>" : "");
    for (int s = 0; s < 4; s++)
        if (rv->wanted[s])
            player_row(b, rv, s);
    fmt_buf_puts(b, "</table>\n");
    game_counts(b, rv);
    fmt_buf_puts(b, "<p class=\"rounds\">");
    for (int r = 0; r < rv->n_rounds; r++) {
        char k[8];
        fmt_buf_printf(b, "<a href=\"#round-%d\">%s-%d</a>", r, mjf_kyoku(k, &rv->log->rounds[r]),
                       rv->log->rounds[r].honba);
    }
    fmt_buf_puts(b, "</p>\n");
}

/* ---- the page ---------------------------------------------------------------------------------------------- */

void mjf_review_html(fmt_buf *b, const mj_review *rv, const char *file)
{
    fmt_buf title = { 0 };
    fmt_buf_printf(&title, "Mahjong review: %s", file);
    html_page_begin(b, fmt_buf_str(&title), page_css);
    fmt_buf_free(&title);
    mjf_svg_tile_defs(b);
    fmt_buf_puts(b, "<h1>Mahjong review</h1>\n<p class=\"meta\">");
    html_puts(b, file);
    fmt_buf_puts(b, " &#8211;");
    for (int s = 0; s < 4; s++) {
        fmt_buf_puts(b, s ? ", " : " ");
        seat_html(b, rv, s);
    }
    fmt_buf_puts(b, "</p>\n");
    summary(b, rv);
    for (int r = 0; r < rv->n_rounds; r++) {
        const mj_review_round *rr = &rv->rounds[r];
        round_head(b, rv, r);
        shanten_chart(b, rv, rr);
        for (int i = rr->first; i < rr->first + rr->n; i++)
            record_html(b, rv, i);
        fmt_buf_puts(b, "</section>\n");
    }
    html_page_end(b);
}

void mjf_review_index(fmt_buf *b, const mjf_index_row *rows, int n)
{
    html_page_begin(b, "Mahjong reviews", NULL);
    fmt_buf_printf(b, "<h1>Mahjong reviews</h1>\n<p class=\"meta\">%d game%s</p>\n<table class=\"games\">\n"
                      "<tr><th>game</th><th>players</th><th>rounds</th><th>discards</th><th>best</th><th>ukeire lost</th>"
                      "<th>deal-ins (points)</th><th>wins scored as the log says</th></tr>\n", n, n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        const mjf_index_row *g = &rows[i];
        fmt_buf_puts(b, "<tr class=\"game\"><td>");
        html_page_link(b, g->file, g->href);
        fmt_buf_puts(b, "</td><td>");
        for (int s = 0; s < 4 && g->href; s++) {
            fmt_buf_puts(b, s ? ", " : "");
            html_puts(b, g->name[s] && g->name[s][0] ? g->name[s] : "-");
        }
        if (g->href)
            fmt_buf_printf(b, "</td><td>%ld</td><td>%ld</td><td>%ld</td><td>%ld</td><td>%ld (%ld)</td><td>%ld of %ld%s</td>",
                           g->rounds, g->discards, g->best, g->ukeire_lost, g->deal_ins, g->deal_in_points,
                           g->wins_matching, g->wins, g->inconsistent ? " <span class=\"bad\">(events that do not fit)</span>" : "");
        else
            fmt_buf_puts(b, "</td><td></td><td></td><td></td><td></td><td></td><td></td>");
        fmt_buf_puts(b, "</tr>\n");
    }
    fmt_buf_puts(b, "</table>\n");
    html_page_end(b);
}
