/* mjreview.c - a reviewed riichi mahjong game (tilekit/mjreview.h) as text
 * and as JSON lines (contract in tilekit/mjfmt.h), and the tiles drawn in
 * the Unicode mahjong block.  Text: one line per decision that gave
 * something up (every decision, calls and riichi when verbose), three per
 * win (tilekit's value, the log's), one per event that does not fit, then
 * the summaries.  JSON: one object per record with the record's place
 * (file, type, round, kyoku, honba, event), numbers of the EV at full
 * precision (%.17g). */
#include "mjreview_internal.h"

#include <stdio.h>
#include <string.h>

#include "tilekit/alphabet.h"

/* ---- tiles: characters U+1F007.., circles U+1F019.., bamboo U+1F010..,
 * winds U+1F000.. (E S W N), dragons white U+1F006, green U+1F005, red
 * U+1F004 (the block orders them red, green, white) ---- */

static uint32_t tile_cp(int t)
{
    static const uint32_t dragon[3] = { 0x1F006, 0x1F005, 0x1F004 };
    if (t < 9) return 0x1F007u + (uint32_t)t;
    if (t < 18) return 0x1F019u + (uint32_t)(t - 9);
    if (t < 27) return 0x1F010u + (uint32_t)(t - 18);
    if (t < 31) return 0x1F000u + (uint32_t)(t - 27);
    return dragon[t - 31];
}

void mjf_tile(fmt_buf *b, int t, int times)
{
    char u[4];
    int n = alpha_utf8_encode(tile_cp(t), u);
    while (times-- > 0)
        fmt_buf_put(b, u, (size_t)n);
}

void mjf_hand(fmt_buf *b, const mj_hand *h)
{
    int suit = -1;
    for (int t = 0; t < MJ_TILES; t++) {
        if (!h->count[t])
            continue;
        if (suit >= 0 && t / 9 != suit)
            fmt_buf_putc(b, ' ');
        suit = t / 9;
        mjf_tile(b, t, h->count[t]);
    }
    for (int i = 0; i < h->n_melds; i++) {
        const mj_meld *m = &h->melds[i];
        fmt_buf_puts(b, m->type == MJ_ANKAN ? " (" : " [");
        if (m->type == MJ_CHI)
            for (int k = 0; k < 3; k++)
                mjf_tile(b, m->tile + k, 1);
        else
            mjf_tile(b, m->tile, m->type == MJ_PON ? 3 : 4);
        fmt_buf_putc(b, m->type == MJ_ANKAN ? ')' : ']');
    }
}

/* ---- a review ---- */

typedef struct printer {
    const mj_review *rv;
    const char *file;
    fmt_buf *out;
    int json, verbose;
} printer;

static const char *seat_name(const printer *p, int s) { return mjf_seat_name(p->rv, s); }

static void json_start(const printer *p, fmt_json *j, const char *type, const mj_review_record *rec)
{
    const mj_log_round *rd = &p->rv->log->rounds[rec->round];
    char k[8];
    mjf_kyoku(k, rd);
    fmt_json_begin(j, p->out);
    fmt_json_kstr(j, "file", p->file);
    fmt_json_kstr(j, "type", type);
    fmt_json_kint(j, "round", rec->round);
    fmt_json_kstr(j, "kyoku", k);
    fmt_json_kint(j, "honba", rd->honba);
    fmt_json_kint(j, "event", rec->event);
}

static void text_round(const printer *p, const mj_review_record *rec)
{
    const mj_log_round *rd = &p->rv->log->rounds[rec->round];
    char k[8];
    fmt_buf_printf(p->out, "%s: round %d: %s-%d", p->file, rec->round, mjf_kyoku(k, rd), rd->honba);
}

static void json_real(fmt_json *j, const char *key, double v)
{
    char t[40];
    fmt_json_key(j, key);
    fmt_json_raw(j, mjf_real(t, v));
}

/* "shanten", "score", "win", "tenpai" of an EV option, and its close. */
static void json_values(fmt_json *j, int shanten, double score, double win, double tenpai)
{
    fmt_json_kint(j, "shanten", shanten);
    json_real(j, "score", score);
    json_real(j, "win", win);
    json_real(j, "tenpai", tenpai);
    fmt_json_close(j);
}

/* ---- discards ---- */


static void json_ev_option(fmt_json *j, const char *key, const mj_review_ev_option *o)
{
    char n[3];
    mj_ev_kind_name(o->kind, n);
    fmt_json_key(j, key);
    fmt_json_object(j);
    fmt_json_kstr(j, "tile", n);
    json_values(j, o->shanten, o->score, o->win, o->tenpai);
}

/* "ev": {status, turn, last, play: {...} or null, best: {...}, score_lost} */
static void json_ev(fmt_json *j, const mj_review_discard *d)
{
    const mj_review_ev *x = &d->ev;
    fmt_json_key(j, "ev");
    fmt_json_object(j);
    fmt_json_kstr(j, "status", mjf_ev_status(d->ev.status));
    if (x->status == MJ_RV_EV_NONE || x->status == MJ_RV_EV_CUT)
        fmt_json_kstr(j, "error", x->msg);
    if (x->status == MJ_RV_EV_OK) {
        fmt_json_kint(j, "turn", x->turn);
        fmt_json_kint(j, "last", x->last);
        if (x->play >= 0) {
            json_ev_option(j, "play", &x->opt[x->play]);
        } else {
            fmt_json_key(j, "play");
            fmt_json_null(j);
        }
        json_ev_option(j, "best", &x->opt[x->best]);
        json_real(j, "score_lost", x->score_lost);
    }
    fmt_json_close(j);
}

/* {"SEAT": P(deals in | tenpai), ...} of tile t over the threats. */
static void json_seat_danger(fmt_json *j, const char *key, const mj_review_danger *x, int t)
{
    fmt_json_key(j, key);
    fmt_json_object(j);
    for (int s = 0; s < 4; s++)
        if (x->threats >> s & 1) {
            char k[2] = { (char)('0' + s), 0 };
            json_real(j, k, x->deal[s][t]);
        }
    fmt_json_close(j);
}

/* "danger", "threat", "deal", "loss", "safest": {tile, danger, deal, loss} */
static void json_danger(fmt_json *j, const mj_review_discard *d)
{
    const mj_review_danger *x = &d->danger;
    char n[3];
    json_seat_danger(j, "danger", x, d->tile);
    fmt_json_key(j, "threat");
    fmt_json_object(j);
    for (int s = 0; s < 4; s++)
        if (x->threats >> s & 1) {
            char k[2] = { (char)('0' + s), 0 };
            fmt_json_kstr(j, k, x->kind[s] == MJ_THREAT_RIICHI ? "riichi" : "open");
        }
    fmt_json_close(j);
    json_real(j, "deal", x->any[d->tile]);
    json_real(j, "loss", x->loss[d->tile]);
    mjf_tile_text(x->safest, x->safest_red, n);
    fmt_json_key(j, "safest");
    fmt_json_object(j);
    fmt_json_kstr(j, "tile", n);
    json_seat_danger(j, "danger", x, x->safest);
    json_real(j, "deal", x->any[x->safest]);
    json_real(j, "loss", x->loss[x->safest]);
    fmt_json_close(j);
}

/* "deal_in": {"to": [seats], "points": N, "value": N} */
static void json_deal_in(fmt_json *j, const mj_review_discard *d)
{
    fmt_json_key(j, "deal_in");
    fmt_json_object(j);
    fmt_json_key(j, "to");
    fmt_json_array(j);
    for (int s = 0; s < 4; s++)
        if (d->deal_in.to >> s & 1)
            fmt_json_int(j, s);
    fmt_json_close(j);
    fmt_json_kint(j, "points", d->deal_in.points);
    fmt_json_kint(j, "value", d->deal_in.value);
    fmt_json_close(j);
}

static void json_discard(const printer *p, const mj_review_record *rec, const mj_review_discard *d)
{
    char ht[MJ_HAND_TEXT], tn[3], bn[3];
    mj_hand_format(&d->hand, ht, sizeof ht);
    mjf_tile_text(d->tile, d->red, tn);
    mjf_tile_text(d->best_tile, d->best_red, bn);
    fmt_json j;
    json_start(p, &j, "discard", rec);
    fmt_json_kint(&j, "seat", d->seat);
    fmt_json_kint(&j, "discard", d->index);
    fmt_json_kstr(&j, "hand", ht);
    fmt_json_kstr(&j, "tile", tn);
    fmt_json_kbool(&j, "tsumogiri", d->tsumogiri);
    fmt_json_kbool(&j, "riichi", d->riichi);
    fmt_json_kint(&j, "shanten", d->play_shanten);
    fmt_json_kint(&j, "ukeire", d->play_ukeire);
    fmt_json_key(&j, "best");
    fmt_json_object(&j);
    fmt_json_kstr(&j, "tile", bn);
    fmt_json_kint(&j, "shanten", d->best_shanten);
    fmt_json_kint(&j, "ukeire", d->best_ukeire);
    fmt_json_close(&j);
    fmt_json_key(&j, "best_tiles");
    fmt_json_array(&j);
    for (int t = 0; t < MJ_TILES; t++)
        if (d->best_tiles >> t & 1) {
            char n[3];
            mj_tile_name(t, n);
            fmt_json_str(&j, n);
        }
    fmt_json_close(&j);
    fmt_json_kint(&j, "shanten_lost", d->shanten_lost);
    fmt_json_kint(&j, "ukeire_lost", d->ukeire_lost);
    if (d->danger.threats)
        json_danger(&j, d);
    if (d->deal_in.wins)
        json_deal_in(&j, d);
    if (p->rv->ev)
        json_ev(&j, d);
    fmt_json_end(&j);
}

/* The expected score lost, as the text shows it (one decimal). */
static int ev_lost_shown(const mj_review_discard *d)
{
    return d->ev.status == MJ_RV_EV_OK && d->ev.play >= 0 && d->ev.score_lost >= 0.05;
}

/* "; EV 1234.5" and, when something was lost, " best 3m 1500.0 (-265.5)". */
static void text_ev(fmt_buf *f, const mj_review_discard *d)
{
    const mj_review_ev *x = &d->ev;
    char n[3];
    if (x->status == MJ_RV_EV_OFF)
        return;
    if (x->status != MJ_RV_EV_OK) {
        fmt_buf_printf(f, "; EV %s: %s", x->status == MJ_RV_EV_CUT ? "cut" : "none", x->msg);
        return;
    }
    if (x->play >= 0)
        fmt_buf_printf(f, "; EV %.1f", x->opt[x->play].score);
    else
        fmt_buf_puts(f, "; EV -");
    if (x->play < 0 || ev_lost_shown(d)) {
        mj_ev_kind_name(x->opt[x->best].kind, n);
        fmt_buf_printf(f, ", best %s %.1f", n, x->opt[x->best].score);
        if (x->play >= 0)
            fmt_buf_printf(f, " (-%.1f)", x->score_lost);
    }
}

/* " 0:12.3% 3:0.0%": tile t's danger against each threat */
static void text_seat_danger(fmt_buf *f, const mj_review_danger *x, int t)
{
    for (int s = 0; s < 4; s++)
        if (x->threats >> s & 1)
            fmt_buf_printf(f, " %d:%.1f%%", s, 100 * x->deal[s][t]);
}

/* "; danger 0:12.3%, safest 9m 0:0.0%" (or "(safest)"); "; dealt in to seat 0: -5800" */
static void text_danger(fmt_buf *f, const mj_review_discard *d)
{
    const mj_review_danger *x = &d->danger;
    if (x->threats) {
        fmt_buf_puts(f, "; danger");
        text_seat_danger(f, x, d->tile);
        if (x->is_safest) {
            fmt_buf_puts(f, " (safest)");
        } else {
            char n[3];
            mjf_tile_text(x->safest, x->safest_red, n);
            fmt_buf_printf(f, ", safest %s", n);
            text_seat_danger(f, x, x->safest);
        }
    }
    if (d->deal_in.wins) {
        fmt_buf_printf(f, "; dealt in to seat");
        for (int s = 0, k = 0; s < 4; s++)
            if (d->deal_in.to >> s & 1)
                fmt_buf_printf(f, "%s %d", k++ ? "," : "", s);
        fmt_buf_printf(f, ": -%d", d->deal_in.points);
    }
}

static void text_discard(const printer *p, const mj_review_record *rec, const mj_review_discard *d)
{
    char tn[3], bn[3];
    if (!p->verbose && !d->shanten_lost && !d->ukeire_lost && !ev_lost_shown(d) && !d->deal_in.wins)
        return;
    mjf_tile_text(d->tile, d->red, tn);
    mjf_tile_text(d->best_tile, d->best_red, bn);
    fmt_buf *f = p->out;
    text_round(p, rec);
    fmt_buf_printf(f, ": seat %d %s discard %d: ", d->seat, seat_name(p, d->seat), d->index);
    mjf_hand(f, &d->hand);
    fmt_buf_puts(f, "  ");
    mjf_tile(f, d->tile, 1);
    fmt_buf_printf(f, " %s: %d-shanten %d tiles", tn, d->play_shanten, d->play_ukeire);
    if (d->riichi)
        fmt_buf_puts(f, " (riichi)");
    if (d->best_tile != d->tile) {
        fmt_buf_puts(f, "; best ");
        mjf_tile(f, d->best_tile, 1);
        fmt_buf_printf(f, " %s: %d-shanten %d tiles", bn, d->best_shanten, d->best_ukeire);
        if (d->shanten_lost)
            fmt_buf_printf(f, " (-%d shanten)", d->shanten_lost);
        else
            fmt_buf_printf(f, " (-%d)", d->ukeire_lost);
    } else {
        fmt_buf_puts(f, " (best)");
    }
    text_ev(f, d);
    text_danger(f, d);
    fmt_buf_putc(f, '\n');
}

/* ---- wins ---- */

static const char *win_status(const mj_review_win *w)
{
    return w->status == MJ_RV_WIN_ERROR ? "error" : w->status == MJ_SCORE_OK ? "ok"
           : w->status == MJ_SCORE_NO_YAKU ? "no_yaku" : "not_winning";
}

static void json_yaku(fmt_json *j, const mj_yaku *y, int n)
{
    fmt_json_key(j, "yaku");
    fmt_json_array(j);
    for (int i = 0; i < n; i++) {
        fmt_json_array(j);
        fmt_json_str(j, mj_yaku_name(y[i].id));
        fmt_json_int(j, y[i].han);
        fmt_json_close(j);
    }
    fmt_json_close(j);
}

static void text_yaku(fmt_buf *f, const mj_yaku *y, int n)
{
    for (int i = 0; i < n; i++)
        fmt_buf_printf(f, "%s%s %d", i ? ", " : "", mj_yaku_name(y[i].id), y[i].han);
}

static void json_win(const printer *p, const mj_review_record *rec, const mj_review_win *w)
{
    char ht[MJ_HAND_TEXT], wt[3];
    int ok = w->status == MJ_SCORE_OK;
    const mj_score *sc = &w->score;
    const mj_log_win *lw = w->log;
    mj_hand_format(&w->hand, ht, sizeof ht);
    mjf_tile_text(w->ctx.win >= 0 ? w->ctx.win : 0, w->ctx.win_red, wt);
    fmt_json j;
    json_start(p, &j, "win", rec);
    fmt_json_kint(&j, "seat", w->seat);
    fmt_json_kint(&j, "from", w->from);
    fmt_json_kbool(&j, "tsumo", w->from == w->seat);
    fmt_json_kstr(&j, "hand", ht);
    fmt_json_kstr(&j, "win", wt);
    fmt_json_kstr(&j, "status", win_status(w));
    fmt_json_kint(&j, "han", ok ? sc->han : 0);
    fmt_json_kint(&j, "fu", ok ? sc->fu : 0);
    fmt_json_kint(&j, "points", w->points);
    fmt_json_kstr(&j, "limit", ok ? mj_limit_name(sc->limit) : "");
    fmt_json_kint(&j, "yakuman", ok ? sc->yakuman : 0);
    json_yaku(&j, sc->yaku, ok ? sc->n_yaku : 0);
    fmt_json_key(&j, "log");
    fmt_json_object(&j);
    fmt_json_kint(&j, "han", lw->han);
    fmt_json_kint(&j, "fu", lw->fu);
    fmt_json_kint(&j, "points", lw->points);
    fmt_json_kstr(&j, "limit", mj_limit_name(lw->limit));
    json_yaku(&j, lw->yaku, lw->n_yaku);
    fmt_json_close(&j);
    fmt_json_kbool(&j, "match", w->match);
    fmt_json_end(&j);
}

static void text_win(const printer *p, const mj_review_record *rec, const mj_review_win *w)
{
    char wt[3];
    const mj_score *sc = &w->score;
    const mj_log_win *lw = w->log;
    int tsumo = w->from == w->seat, win = w->ctx.win >= 0 ? w->ctx.win : 0;
    fmt_buf *f = p->out;
    mjf_tile_text(win, w->ctx.win_red, wt);
    text_round(p, rec);
    fmt_buf_printf(f, ": seat %d %s wins by %s", w->seat, seat_name(p, w->seat), tsumo ? "tsumo" : "ron");
    if (!tsumo)
        fmt_buf_printf(f, " from seat %d", w->from);
    fmt_buf_puts(f, ": ");
    mjf_hand(f, &w->hand);
    fmt_buf_puts(f, "  ");
    mjf_tile(f, win, 1);
    fmt_buf_printf(f, " %s\n  tilekit: ", wt);
    if (w->status == MJ_SCORE_OK) {
        fmt_buf_printf(f, "%d han %d fu %d", sc->han, sc->fu, w->points);
        if (sc->limit)
            fmt_buf_printf(f, " %s", mj_limit_name(sc->limit));
        fmt_buf_puts(f, " (");
        text_yaku(f, sc->yaku, sc->n_yaku);
        fmt_buf_puts(f, ")\n");
    } else {
        fmt_buf_printf(f, "%s\n", w->status == MJ_RV_WIN_ERROR ? w->msg : win_status(w));
    }
    if (lw->fu)
        fmt_buf_printf(f, "  log:     %d han %d fu %d", lw->han, lw->fu, lw->points);
    else   /* tenhou.net/6 does not give the fu of a limit hand */
        fmt_buf_printf(f, "  log:     %d han %d", lw->han, lw->points);
    if (lw->limit)
        fmt_buf_printf(f, " %s", mj_limit_name(lw->limit));
    fmt_buf_puts(f, " (");
    text_yaku(f, lw->yaku, lw->n_yaku);
    fmt_buf_printf(f, ")%s\n", w->match ? "" : "  <-- differs");
}

/* ---- calls, riichi, draws without a winner ---- */

static void print_ryuukyoku(const printer *p, const mj_review_record *rec)
{
    const mj_log_event *e = rec->ev;
    if (p->json) {
        fmt_json j;
        json_start(p, &j, "ryuukyoku", rec);
        fmt_json_kstr(&j, "reason", mj_ryuukyoku_name(e->detail));
        fmt_json_end(&j);
    } else if (p->verbose || e->detail != MJ_RK_EXHAUSTIVE) {
        text_round(p, rec);
        fmt_buf_printf(p->out, ": no winner (%s)\n", mj_ryuukyoku_name(e->detail));
    }
}

static void print_riichi(const printer *p, const mj_review_record *rec)
{
    int s = rec->ev->seat;
    if (p->json) {
        fmt_json j;
        json_start(p, &j, "riichi", rec);
        fmt_json_kint(&j, "seat", s);
        fmt_json_end(&j);
    } else if (p->verbose) {
        text_round(p, rec);
        fmt_buf_printf(p->out, ": seat %d %s declares riichi\n", s, seat_name(p, s));
    }
}

/* ---- calls judged (--ev) ---- */

void mjf_call_value(fmt_buf *b, const mj_ev_call *c)
{
    fmt_buf_puts(b, mj_call_name(c->kind));
    if (c->discard != MJ_EV_NO_DISCARD) {
        char n[3];
        mj_ev_kind_name(c->discard, n);
        fmt_buf_printf(b, " (discard %s)", n);
    }
    fmt_buf_printf(b, " %.1f", c->score);
}

static void json_call_option(fmt_json *j, const mj_ev_call *c)
{
    char n[3];
    fmt_json_object(j);
    fmt_json_kstr(j, "call", mj_call_name(c->kind));
    fmt_json_key(j, "own");
    fmt_json_array(j);
    for (int i = 0; i < c->n_own; i++) {
        mj_tile_name(c->own[i], n);
        fmt_json_str(j, n);
    }
    fmt_json_close(j);
    fmt_json_key(j, "discard");
    if (c->discard == MJ_EV_NO_DISCARD) {
        fmt_json_null(j);
    } else {
        mj_ev_kind_name(c->discard, n);
        fmt_json_str(j, n);
    }
    json_values(j, c->shanten, c->score, c->win, c->tenpai);
}

/* "ev": {status, turn, last, play, best, score_lost, options: [...]} */
static void json_call_ev(fmt_json *j, const mj_review_call *c)
{
    fmt_json_key(j, "ev");
    fmt_json_object(j);
    fmt_json_kstr(j, "status", mjf_ev_status(c->status));
    if (c->status != MJ_RV_EV_OK) {
        fmt_json_kstr(j, "error", c->msg);
        fmt_json_close(j);
        return;
    }
    fmt_json_kint(j, "turn", c->turn);
    fmt_json_kint(j, "last", c->last);
    fmt_json_key(j, "play");
    if (c->play >= 0)
        json_call_option(j, &c->set.calls[c->play]);
    else
        fmt_json_null(j);
    fmt_json_key(j, "best");
    json_call_option(j, &c->set.calls[c->best]);
    json_real(j, "score_lost", c->score_lost);
    fmt_json_key(j, "options");
    fmt_json_array(j);
    for (int i = 0; i < c->set.n; i++)
        json_call_option(j, &c->set.calls[i]);
    fmt_json_close(j);
    fmt_json_close(j);
}

static int call_lost_shown(const mj_review_call *c)
{
    return c && c->status == MJ_RV_EV_OK && c->play >= 0 && c->score_lost >= 0.05;
}

/* "; EV pon 1234.5" and, when something was lost, ", best pass 1500.0 (-265.5)". */
static void text_call_ev(fmt_buf *f, const mj_review_call *c)
{
    if (c->status != MJ_RV_EV_OK) {
        fmt_buf_printf(f, "; EV %s: %s", c->status == MJ_RV_EV_CUT ? "cut" : "none", c->msg);
        return;
    }
    const mj_ev_call *b = &c->set.calls[c->best];
    if (c->play >= 0)
        fmt_buf_printf(f, "; EV %s %.1f", mj_call_name(c->set.calls[c->play].kind), c->set.calls[c->play].score);
    else
        fmt_buf_puts(f, "; EV -");
    if (c->play < 0 || call_lost_shown(c)) {
        fmt_buf_puts(f, ", best ");
        mjf_call_value(f, b);
        if (c->play >= 0)
            fmt_buf_printf(f, " (-%.1f)", c->score_lost);
    }
}

static void print_call(const printer *p, const mj_review_record *rec)
{
    const mj_log_event *e = rec->ev;
    const mj_review_call *c = mj_review_call_of(p->rv, rec);
    int s = e->seat;
    char tn[3];
    mjf_tile_text(e->tile, e->red, tn);
    if (p->json) {
        fmt_json j;
        json_start(p, &j, "call", rec);
        fmt_json_kint(&j, "seat", s);
        fmt_json_kstr(&j, "call", mj_event_name(e->kind));
        fmt_json_kstr(&j, "tile", tn);
        fmt_json_kint(&j, "from", e->from);
        if (c)
            json_call_ev(&j, c);
        fmt_json_end(&j);
        return;
    }
    if (!p->verbose && !call_lost_shown(c))
        return;
    text_round(p, rec);
    fmt_buf_printf(p->out, ": seat %d %s %s ", s, seat_name(p, s), mj_event_name(e->kind));
    mjf_tile(p->out, e->tile, 1);
    fmt_buf_printf(p->out, " %s", tn);
    if (e->kind == MJ_EV_CHI || e->kind == MJ_EV_PON || e->kind == MJ_EV_DAIMINKAN)
        fmt_buf_printf(p->out, " from seat %d", e->from);
    if (c)
        text_call_ev(p->out, c);
    fmt_buf_putc(p->out, '\n');
}

/* A seat reviewed passed a call it could make. */
static void print_pass(const printer *p, const mj_review_record *rec, const mj_review_call *c)
{
    char tn[3];
    mjf_tile_text(c->tile, c->red, tn);
    if (p->json) {
        fmt_json j;
        json_start(p, &j, "pass", rec);
        fmt_json_kint(&j, "seat", c->seat);
        fmt_json_kstr(&j, "tile", tn);
        fmt_json_kint(&j, "from", c->from);
        json_call_ev(&j, c);
        fmt_json_end(&j);
        return;
    }
    if (!p->verbose && !call_lost_shown(c))
        return;
    text_round(p, rec);
    fmt_buf_printf(p->out, ": seat %d %s passes ", c->seat, seat_name(p, c->seat));
    mjf_tile(p->out, c->tile, 1);
    fmt_buf_printf(p->out, " %s from seat %d", tn, c->from);
    text_call_ev(p->out, c);
    fmt_buf_putc(p->out, '\n');
}

/* ---- events that do not fit the log ---- */

/* An "error" (the replay stops there) or "inconsistent" (only this event
 * is not reviewed) object, or a line. */
static void print_issue(const printer *p, const mj_review_record *rec, const mj_review_issue *x)
{
    if (!p->json) {
        text_round(p, rec);
        fmt_buf_printf(p->out, ": %s: %s (", x->fatal ? "error" : "inconsistent", x->msg);
        if (x->skipped)
            fmt_buf_printf(p->out, "this event and the %d after it are not reviewed)\n", x->skipped);
        else
            fmt_buf_puts(p->out, x->fatal ? "the last event of the round is not reviewed)\n" : "not reviewed)\n");
        return;
    }
    const mj_log_round *rd = &p->rv->log->rounds[rec->round];
    char m[260], k[8];
    snprintf(m, sizeof m, "round %d, %s", rec->round, x->msg);
    mjf_kyoku(k, rd);
    fmt_json j;
    fmt_json_begin(&j, p->out);
    fmt_json_kstr(&j, "file", p->file);
    fmt_json_kstr(&j, "type", x->fatal ? "error" : "inconsistent");
    if (x->line > 0)
        fmt_json_kint(&j, "line", x->line);
    fmt_json_kstr(&j, "error", m);
    fmt_json_kint(&j, "round", rec->round);
    fmt_json_kstr(&j, "kyoku", k);
    fmt_json_kint(&j, "honba", rd->honba);
    fmt_json_kint(&j, "event", rec->event);
    if (x->col > 0)
        fmt_json_kint(&j, "column", x->col);
    fmt_json_kint(&j, "seat", x->seat);
    fmt_json_kstr(&j, "kind", mj_event_name(rec->ev->kind));
    fmt_json_kint(&j, "skipped", x->skipped);
    fmt_json_end(&j);
}

/* ---- summaries ---- */

/* --ev: the discards with an EV, how many were the best, the score lost. */
static void json_ev_totals(fmt_json *j, long discards, long best, double lost)
{
    fmt_json_kint(j, "ev_discards", discards);
    fmt_json_kint(j, "ev_best", best);
    json_real(j, "ev_lost", lost);
}

/* Discards under threat, the safest among them, deal-ins and what they cost. */
static void json_defence_totals(fmt_json *j, long threatened, long safest, long deal_ins, long points)
{
    fmt_json_kint(j, "threatened", threatened);
    fmt_json_kint(j, "safest", safest);
    fmt_json_kint(j, "deal_ins", deal_ins);
    fmt_json_kint(j, "deal_in_points", points);
}

/* --ev: the calls and passes judged, the best among them, the score lost. */
static void json_call_totals(fmt_json *j, long calls, long best, double lost)
{
    fmt_json_kint(j, "calls_judged", calls);
    fmt_json_kint(j, "calls_best", best);
    json_real(j, "calls_lost", lost);
}

static void text_ev_totals(fmt_buf *f, long discards, long best, double lost)
{
    fmt_buf_printf(f, ", EV lost %.1f over %ld discard%s (%ld best)", lost, discards, discards == 1 ? "" : "s", best);
}

static void json_player(const printer *p, int s)
{
    const mj_review_player *t = &p->rv->players[s];
    fmt_json j;
    fmt_json_begin(&j, p->out);
    fmt_json_kstr(&j, "file", p->file);
    fmt_json_kstr(&j, "type", "summary");
    fmt_json_kint(&j, "seat", s);
    fmt_json_kstr(&j, "name", p->rv->log->names[s]);
    fmt_json_kint(&j, "discards", t->discards);
    fmt_json_kint(&j, "best", t->best);
    fmt_json_kint(&j, "riichi_discards", t->forced);
    fmt_json_kint(&j, "ukeire_lost", t->ukeire_lost);
    fmt_json_kint(&j, "shanten_lost", t->shanten_lost);
    fmt_json_kint(&j, "wins", t->wins);
    fmt_json_kint(&j, "win_points", t->win_points);
    fmt_json_kint(&j, "wins_differing", t->wins_differing);
    json_defence_totals(&j, t->threatened, t->safest, t->deal_ins, t->deal_in_points);
    if (p->rv->ev) {
        json_ev_totals(&j, t->ev_discards, t->ev_best, t->ev_lost);
        json_call_totals(&j, t->calls, t->calls_best, t->calls_lost);
    }
    fmt_json_end(&j);
}

static void text_player(const printer *p, int s)
{
    const mj_review_player *t = &p->rv->players[s];
    fmt_buf_printf(p->out, "%s: seat %d %s: %ld discard%s, %ld best (%ld in riichi), ukeire lost %ld, "
                   "shanten lost %ld, %ld win%s for %ld points", p->file, s, seat_name(p, s), t->discards,
                   t->discards == 1 ? "" : "s", t->best, t->forced, t->ukeire_lost, t->shanten_lost, t->wins,
                   t->wins == 1 ? "" : "s", t->win_points);
    if (p->rv->ev)
        text_ev_totals(p->out, t->ev_discards, t->ev_best, t->ev_lost);
    fmt_buf_putc(p->out, '\n');
}

static void json_game(const printer *p)
{
    const mj_review_game *g = &p->rv->game;
    const mj_log *log = p->rv->log;
    fmt_json j;
    fmt_json_begin(&j, p->out);
    fmt_json_kstr(&j, "file", p->file);
    fmt_json_kstr(&j, "type", "game");
    fmt_json_kstr(&j, "format", log->format == MJ_LOG_MJLOG ? "mjlog" : "tenhou6");
    fmt_json_kint(&j, "rounds", log->n_rounds);
    fmt_json_kint(&j, "discards", g->discards);
    fmt_json_kint(&j, "best", g->best);
    fmt_json_kint(&j, "ukeire_lost", g->ukeire_lost);
    fmt_json_kint(&j, "wins", g->wins);
    fmt_json_kint(&j, "wins_matching", g->wins_matching);
    if (g->inconsistent)
        fmt_json_kint(&j, "inconsistent", g->inconsistent);
    json_defence_totals(&j, g->threatened, g->safest, g->deal_ins, g->deal_in_points);
    if (p->rv->ev) {
        json_ev_totals(&j, g->ev_discards, g->ev_best, g->ev_lost);
        json_call_totals(&j, g->calls, g->calls_best, g->calls_lost);
    }
    fmt_json_end(&j);
}

static void text_game(const printer *p)
{
    const mj_review_game *g = &p->rv->game;
    int nr = p->rv->log->n_rounds;
    fmt_buf_printf(p->out, "%s: %d round%s, %ld discard%s, %ld best, ukeire lost %ld, %ld win%s, %ld scored "
                   "as the log says", p->file, nr, nr == 1 ? "" : "s", g->discards, g->discards == 1 ? "" : "s",
                   g->best, g->ukeire_lost, g->wins, g->wins == 1 ? "" : "s", g->wins_matching);
    if (g->inconsistent)
        fmt_buf_printf(p->out, ", %ld event%s that do%s not fit the log", g->inconsistent,
                       g->inconsistent == 1 ? "" : "s", g->inconsistent == 1 ? "es" : "");
    if (p->rv->ev)
        text_ev_totals(p->out, g->ev_discards, g->ev_best, g->ev_lost);
    fmt_buf_putc(p->out, '\n');
}

/* ---- the public calls ---- */

static void record(const printer *p, int i)
{
    const mj_review *rv = p->rv;
    const mj_review_record *rec = &rv->records[i];
    const mj_review_discard *d = mj_review_discard_of(rv, rec);
    const mj_review_win *w = mj_review_win_of(rv, rec);
    switch (rec->kind) {
    case MJ_RV_DISCARD: (p->json ? json_discard : text_discard)(p, rec, d); break;
    case MJ_RV_WIN:
        if (w->wanted)
            (p->json ? json_win : text_win)(p, rec, w);
        break;
    case MJ_RV_RYUUKYOKU: print_ryuukyoku(p, rec); break;
    case MJ_RV_RIICHI: print_riichi(p, rec); break;
    case MJ_RV_CALL: print_call(p, rec); break;
    case MJ_RV_INCONSISTENT: print_issue(p, rec, mj_review_issue_of(rv, rec)); break;
    case MJ_RV_PASS: print_pass(p, rec, mj_review_call_of(rv, rec)); break;
    default: break;
    }
}

void mjf_review_record_text(fmt_buf *b, const mj_review *rv, int i, const char *file, int verbose)
{
    printer p = { rv, file, b, 0, verbose };
    record(&p, i);
}

void mjf_review_record_json(fmt_buf *b, const mj_review *rv, int i, const char *file)
{
    printer p = { rv, file, b, 1, 0 };
    record(&p, i);
}

void mjf_review_summary_text(fmt_buf *b, const mj_review *rv, const char *file)
{
    printer p = { rv, file, b, 0, 0 };
    for (int s = 0; s < 4; s++)
        if (rv->wanted[s])
            text_player(&p, s);
    text_game(&p);
}

void mjf_review_summary_json(fmt_buf *b, const mj_review *rv, const char *file)
{
    printer p = { rv, file, b, 1, 0 };
    for (int s = 0; s < 4; s++)
        if (rv->wanted[s])
            json_player(&p, s);
    json_game(&p);
}
