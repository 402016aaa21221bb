/* mjwait_log.c - mjwait --log FILE...: a review of real games.
 *
 * Each file is one record of the batch engine (CLI_BATCH_COUNT: record i =
 * file i), read whole, parsed by the library (mj_log_parse: both formats)
 * and replayed round by round (mj_replay_step).  Before each discard the
 * player's hand (14 - 3k tiles) is tried with every tile it could give:
 * shanten and ukeire of the 13 - 3k tiles left (mj_ukeire) with the copies
 * that player could not see (mj_replay_unseen: own hand, every discard and
 * meld, the revealed dora indicators).  The best play has the lowest
 * shanten, then the most ukeire; a player in riichi has no choice.  Before
 * each win the replay gives the hand and its context (mj_replay_win), which
 * the scorer values (mj_score_hand) beside what the log says.  Output per
 * file, in input order whatever --jobs: text (one line per decision, only
 * those that gave something up unless -v) or one JSON object per event. */
#include "cli/mjwait_log.h"
#include "cli/cli_json.h"
#include "cli/mjwait_score.h"
#include "tilekit/mjlog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int opt_log, opt_player_seat = -1;
static const char *opt_player;
static int opt_json, opt_verbose;

int mjl_option(int c, const char *arg)
{
    switch (c) {
    case MJL_O_LOG: opt_log = 1; return 1;
    case MJL_O_PLAYER:
        opt_player = arg;
        if (arg[0] >= '0' && arg[0] <= '3' && arg[1] == 0)
            opt_player_seat = arg[0] - '0';
        return 1;
    default: return 0;
    }
}

int mjl_active(void)
{
    return opt_log;
}

int mjl_player(void)
{
    return opt_player != NULL;
}

const char *mjl_help(void)
{
    return "Game records (--log):\n"
           "      --log        the FILEs are Tenhou game records (.mjlog XML, decompressed,\n"
           "                   or tenhou.net/6 JSON): every discard of every round with\n"
           "                   its shanten and ukeire beside the best discard's, calls,\n"
           "                   riichi, every win scored beside the log's own value, and\n"
           "                   a summary per player and per game (-v: every discard,\n"
           "                   not only those that gave something up)\n"
           "      --player P   only seat P (0-3) or the player named P\n";
}

/* ---- per-player tallies ---- */
typedef struct tally {
    long discards, best, forced, ukeire_lost, shanten_lost, wins, win_points, mismatches;
} tally;

typedef struct worker {
    mj_ctx *ctx;
} worker;

typedef struct review {
    worker *w;
    const mj_log *log;
    const char *file;
    cli_buf *out;
    int round;
    tally t[4];
    long wins, wins_match;
} review;

static const char WIND[4] = { 'E', 'S', 'W', 'N' };

static int wanted(const review *rv, int seat)
{
    if (opt_player_seat >= 0)
        return seat == opt_player_seat;
    if (opt_player)
        return strcmp(rv->log->names[seat], opt_player) == 0;
    return 1;
}

static void tile_text(int t, int red, char out[3])
{
    mj_tile_name(t, out);
    if (red)
        out[0] = '0';
}

static void show_hand(cli_buf *f, const mj_hand *h)
{
    int suit = -1;
    for (int t = 0; t < MJ_TILES; t++) {
        if (!h->count[t])
            continue;
        if (suit >= 0 && t / 9 != suit)
            cli_buf_putc(f, ' ');
        suit = t / 9;
        mjw_show_tile(f, t, h->count[t]);
    }
    for (int i = 0; i < h->n_melds; i++) {
        const mj_meld *m = &h->melds[i];
        cli_buf_puts(f, m->type == MJ_ANKAN ? " (" : " [");
        if (m->type == MJ_CHI)
            for (int k = 0; k < 3; k++)
                mjw_show_tile(f, m->tile + k, 1);
        else
            mjw_show_tile(f, m->tile, m->type == MJ_PON ? 3 : 4);
        cli_buf_putc(f, m->type == MJ_ANKAN ? ')' : ']');
    }
}

static void json_start(review *rv, cli_json *j, const char *type, int event)
{
    const mj_log_round *rd = &rv->log->rounds[rv->round];
    char k[8];
    snprintf(k, sizeof k, "%c%d", WIND[(rd->kyoku / 4) & 3], rd->kyoku % 4 + 1);
    cli_json_begin(j, rv->out);
    cli_json_kstr(j, "file", rv->file);
    cli_json_kstr(j, "type", type);
    cli_json_kint(j, "round", rv->round);
    cli_json_kstr(j, "kyoku", k);
    cli_json_kint(j, "honba", rd->honba);
    if (event >= 0)
        cli_json_kint(j, "event", event);
}

static void text_round(review *rv, cli_buf *f)
{
    const mj_log_round *rd = &rv->log->rounds[rv->round];
    cli_buf_printf(f, "%s: round %d: %c%d-%d", rv->file, rv->round, WIND[(rd->kyoku / 4) & 3], rd->kyoku % 4 + 1,
                   rd->honba);
}

static const char *seat_name(const review *rv, int s)
{
    return rv->log->names[s][0] ? rv->log->names[s] : "-";
}

/* One discard: the options of the hand before it. */
static void do_discard(review *rv, const mj_replay *r, const mj_log_event *e, int event)
{
    int s = e->seat;
    const mj_hand *h = &r->hand[s];
    uint8_t unseen[MJ_TILES];
    mj_replay_unseen(r, s, unseen);
    int sh[MJ_TILES], uk[MJ_TILES];
    int best_sh = 99, best_uk = -1, best_t = -1;
    int forced = r->riichi[s] == 2;
    /* the shanten of every option first, then the ukeire of the best ones
     * and of the play made (the others cannot be best) */
    uint8_t c13[MJ_TILES];
    memcpy(c13, h->count, sizeof c13);
    for (int t = 0; t < MJ_TILES; t++) {
        sh[t] = 99;
        uk[t] = -1;
        if (!h->count[t] || (forced && t != e->tile))
            continue;
        c13[t]--;
        if (mj_shanten_counts(rv->w->ctx, c13, h->n_melds, &sh[t], NULL) != 0)
            sh[t] = 99;   /* cannot happen on a replayed hand */
        c13[t]++;
        if (sh[t] < best_sh)
            best_sh = sh[t];
    }
    for (int t = 0; t < MJ_TILES; t++) {
        if (sh[t] == 99 || (sh[t] != best_sh && t != e->tile))
            continue;
        mj_hand h13 = *h;
        h13.count[t]--;
        h13.n_tiles--;
        uint64_t acc;
        int total;
        (void)mj_ukeire(rv->w->ctx, &h13, unseen, &acc, &total);
        uk[t] = total;
        if (sh[t] == best_sh && total > best_uk) {
            best_uk = total;
            best_t = t;
        }
    }
    int played = e->tile;
    if (sh[played] == best_sh && uk[played] == best_uk)
        best_t = played;
    int sh_lost = sh[played] - best_sh;
    int uk_lost = sh_lost ? best_uk : best_uk - uk[played];
    tally *ty = &rv->t[s];
    int idx = r->n_discards[s];
    ty->discards++;
    if (forced)
        ty->forced++;
    if (best_t == played)
        ty->best++;
    ty->ukeire_lost += uk_lost;
    ty->shanten_lost += sh_lost;
    char tn[3], bn[3];
    tile_text(played, e->red, tn);
    mjs_discard_name(h, best_t, bn);
    if (best_t == played)
        memcpy(bn, tn, 3);
    if (opt_json) {
        char ht[MJ_HAND_TEXT];
        mj_hand_format(h, ht, sizeof ht);
        cli_json j;
        json_start(rv, &j, "discard", event);
        cli_json_kint(&j, "seat", s);
        cli_json_kint(&j, "discard", idx);
        cli_json_kstr(&j, "hand", ht);
        cli_json_kstr(&j, "tile", tn);
        cli_json_key(&j, "tsumogiri");
        cli_json_bool(&j, e->flag);
        cli_json_key(&j, "riichi");
        cli_json_bool(&j, forced);
        cli_json_kint(&j, "shanten", sh[played]);
        cli_json_kint(&j, "ukeire", uk[played]);
        cli_json_key(&j, "best");
        cli_json_object(&j);
        cli_json_kstr(&j, "tile", bn);
        cli_json_kint(&j, "shanten", best_sh);
        cli_json_kint(&j, "ukeire", best_uk);
        cli_json_close(&j);
        cli_json_key(&j, "best_tiles");
        cli_json_array(&j);
        for (int t = 0; t < MJ_TILES; t++)
            if (sh[t] == best_sh && uk[t] == best_uk) {
                char n[3];
                mj_tile_name(t, n);
                cli_json_str(&j, n);
            }
        cli_json_close(&j);
        cli_json_kint(&j, "shanten_lost", sh_lost);
        cli_json_kint(&j, "ukeire_lost", uk_lost);
        cli_json_end(&j);
        return;
    }
    if (!opt_verbose && !sh_lost && !uk_lost)
        return;
    cli_buf *f = rv->out;
    text_round(rv, f);
    cli_buf_printf(f, ": seat %d %s discard %d: ", s, seat_name(rv, s), idx);
    show_hand(f, h);
    cli_buf_puts(f, "  ");
    mjw_show_tile(f, played, 1);
    cli_buf_printf(f, " %s: %d-shanten %d tiles", tn, sh[played], uk[played]);
    if (forced)
        cli_buf_puts(f, " (riichi)");
    if (best_t != played) {
        cli_buf_puts(f, "; best ");
        mjw_show_tile(f, best_t, 1);
        cli_buf_printf(f, " %s: %d-shanten %d tiles", bn, best_sh, best_uk);
        if (sh_lost)
            cli_buf_printf(f, " (-%d shanten)", sh_lost);
        else
            cli_buf_printf(f, " (-%d)", uk_lost);
    } else {
        cli_buf_puts(f, " (best)");
    }
    cli_buf_putc(f, '\n');
}

static void json_yaku(cli_json *j, const mj_yaku *y, int n)
{
    cli_json_key(j, "yaku");
    cli_json_array(j);
    for (int i = 0; i < n; i++) {
        cli_json_array(j);
        cli_json_str(j, mj_yaku_name(y[i].id));
        cli_json_int(j, y[i].han);
        cli_json_close(j);
    }
    cli_json_close(j);
}

/* Same yaku as a multiset of (id, han). */
static int same_yaku(const mj_yaku *a, int na, const mj_yaku *b, int nb)
{
    if (na != nb)
        return 0;
    int used[MJ_MAX_YAKU] = { 0 };
    for (int i = 0; i < na; i++) {
        int found = 0;
        for (int k = 0; k < nb && !found; k++)
            if (!used[k] && a[i].id == b[k].id && a[i].han == b[k].han)
                used[k] = found = 1;
        if (!found)
            return 0;
    }
    return 1;
}

static void text_yaku(cli_buf *f, const mj_yaku *y, int n)
{
    for (int i = 0; i < n; i++)
        cli_buf_printf(f, "%s%s %d", i ? ", " : "", mj_yaku_name(y[i].id), y[i].han);
}

static int do_win(review *rv, const mj_replay *r, const mj_log_event *e, int event, cli_buf *msgs)
{
    const mj_log_win *lw = &r->round->wins[e->detail];
    int s = e->seat;
    mj_hand h;
    mj_winctx w;
    tk_error err = { 0 };
    mj_score sc;
    memset(&sc, 0, sizeof sc);
    int rc = mj_replay_win(r, e, &h, &w, &err);
    if (rc == 0)
        rc = mj_winctx_check(&h, &w, &err);
    if (rc == 0)
        rc = mj_score_hand(&h, &w, &sc, &err);
    const char *status = rc ? "error" : sc.status == MJ_SCORE_OK ? "ok" : sc.status == MJ_SCORE_NO_YAKU ? "no_yaku"
                                                                                               : "not_winning";
    int ok = rc == 0 && sc.status == MJ_SCORE_OK;
    int points = ok ? sc.main + (w.flags & MJ_WIN_TSUMO ? 2 * sc.additional : 0) : 0;
    int m_han = ok && sc.han == lw->han, m_points = ok && points == lw->points;
    int m_fu = ok && (sc.yakuman || lw->yakuman || lw->fu == 0 || sc.fu == lw->fu);   /* 0: not given */
    int m_yaku = ok && same_yaku(sc.yaku, sc.n_yaku, lw->yaku, lw->n_yaku);
    int match = m_han && m_fu && m_points && m_yaku;
    rv->wins++;
    rv->wins_match += match;
    if (wanted(rv, s)) {
        rv->t[s].wins++;
        rv->t[s].win_points += lw->points;
        rv->t[s].mismatches += !match;
    }
    if (rc) {
        char m[400];
        snprintf(m, sizeof m, "round %d, event %d: the win cannot be scored: %s", rv->round, event + 1, err.msg);
        cli_buf_error(msgs, rv->file, 0, "%s", m);
    }
    if (!wanted(rv, s))
        return rc ? 1 : 0;
    char ht[MJ_HAND_TEXT], wt[3];
    mj_hand_format(&h, ht, sizeof ht);
    tile_text(w.win >= 0 ? w.win : 0, w.win_red, wt);
    int tsumo = e->from == e->seat;
    if (opt_json) {
        cli_json j;
        json_start(rv, &j, "win", event);
        cli_json_kint(&j, "seat", s);
        cli_json_kint(&j, "from", e->from);
        cli_json_key(&j, "tsumo");
        cli_json_bool(&j, tsumo);
        cli_json_kstr(&j, "hand", ht);
        cli_json_kstr(&j, "win", wt);
        cli_json_kstr(&j, "status", status);
        cli_json_kint(&j, "han", ok ? sc.han : 0);
        cli_json_kint(&j, "fu", ok ? sc.fu : 0);
        cli_json_kint(&j, "points", points);
        cli_json_kstr(&j, "limit", ok ? mj_limit_name(sc.limit) : "");
        cli_json_kint(&j, "yakuman", ok ? sc.yakuman : 0);
        json_yaku(&j, sc.yaku, ok ? sc.n_yaku : 0);
        cli_json_key(&j, "log");
        cli_json_object(&j);
        cli_json_kint(&j, "han", lw->han);
        cli_json_kint(&j, "fu", lw->fu);
        cli_json_kint(&j, "points", lw->points);
        cli_json_kstr(&j, "limit", mj_limit_name(lw->limit));
        json_yaku(&j, lw->yaku, lw->n_yaku);
        cli_json_close(&j);
        cli_json_key(&j, "match");
        cli_json_bool(&j, match);
        cli_json_end(&j);
        return rc ? 1 : 0;
    }
    cli_buf *f = rv->out;
    text_round(rv, f);
    cli_buf_printf(f, ": seat %d %s wins by %s", s, seat_name(rv, s), tsumo ? "tsumo" : "ron");
    if (!tsumo)
        cli_buf_printf(f, " from seat %d", e->from);
    cli_buf_puts(f, ": ");
    show_hand(f, &h);
    cli_buf_puts(f, "  ");
    mjw_show_tile(f, w.win >= 0 ? w.win : 0, 1);
    cli_buf_printf(f, " %s\n  tilekit: ", wt);
    if (ok) {
        cli_buf_printf(f, "%d han %d fu %d", sc.han, sc.fu, points);
        if (sc.limit)
            cli_buf_printf(f, " %s", mj_limit_name(sc.limit));
        cli_buf_puts(f, " (");
        text_yaku(f, sc.yaku, sc.n_yaku);
        cli_buf_puts(f, ")\n");
    } else {
        cli_buf_printf(f, "%s\n", rc ? err.msg : status);
    }
    if (lw->fu)
        cli_buf_printf(f, "  log:     %d han %d fu %d", lw->han, lw->fu, lw->points);
    else   /* tenhou.net/6 does not give the fu of a limit hand */
        cli_buf_printf(f, "  log:     %d han %d", lw->han, lw->points);
    if (lw->limit)
        cli_buf_printf(f, " %s", mj_limit_name(lw->limit));
    cli_buf_puts(f, " (");
    text_yaku(f, lw->yaku, lw->n_yaku);
    cli_buf_printf(f, ")%s\n", match ? "" : "  <-- differs");
    return rc ? 1 : 0;
}

static void do_event_line(review *rv, const mj_replay *r, const mj_log_event *e, int event)
{
    int s = e->seat;
    if (e->kind == MJ_EV_RYUUKYOKU) {
        if (opt_json) {
            cli_json j;
            json_start(rv, &j, "ryuukyoku", event);
            cli_json_kstr(&j, "reason", mj_ryuukyoku_name(e->detail));
            cli_json_end(&j);
        } else if (opt_verbose || e->detail != MJ_RK_EXHAUSTIVE) {
            text_round(rv, rv->out);
            cli_buf_printf(rv->out, ": no winner (%s)\n", mj_ryuukyoku_name(e->detail));
        }
        return;
    }
    if (!wanted(rv, s))
        return;
    char tn[3];
    tile_text(e->tile, e->red, tn);
    if (e->kind == MJ_EV_RIICHI) {
        if (opt_json) {
            cli_json j;
            json_start(rv, &j, "riichi", event);
            cli_json_kint(&j, "seat", s);
            cli_json_end(&j);
        } else if (opt_verbose) {
            text_round(rv, rv->out);
            cli_buf_printf(rv->out, ": seat %d %s declares riichi\n", s, seat_name(rv, s));
        }
        return;
    }
    /* calls */
    if (opt_json) {
        cli_json j;
        json_start(rv, &j, "call", event);
        cli_json_kint(&j, "seat", s);
        cli_json_kstr(&j, "call", mj_event_name(e->kind));
        cli_json_kstr(&j, "tile", tn);
        cli_json_kint(&j, "from", e->from);
        cli_json_end(&j);
        return;
    }
    if (!opt_verbose)
        return;
    (void)r;
    text_round(rv, rv->out);
    cli_buf_printf(rv->out, ": seat %d %s %s ", s, seat_name(rv, s), mj_event_name(e->kind));
    mjw_show_tile(rv->out, e->tile, 1);
    cli_buf_printf(rv->out, " %s", tn);
    if (e->kind == MJ_EV_CHI || e->kind == MJ_EV_PON || e->kind == MJ_EV_DAIMINKAN)
        cli_buf_printf(rv->out, " from seat %d", e->from);
    cli_buf_putc(rv->out, '\n');
}

static void summaries(review *rv)
{
    long all_d = 0, all_b = 0, all_l = 0;
    for (int s = 0; s < 4; s++) {
        const tally *t = &rv->t[s];
        all_d += t->discards;
        all_b += t->best;
        all_l += t->ukeire_lost;
        if (!wanted(rv, s))
            continue;
        if (opt_json) {
            cli_json j;
            cli_json_begin(&j, rv->out);
            cli_json_kstr(&j, "file", rv->file);
            cli_json_kstr(&j, "type", "summary");
            cli_json_kint(&j, "seat", s);
            cli_json_kstr(&j, "name", rv->log->names[s]);
            cli_json_kint(&j, "discards", t->discards);
            cli_json_kint(&j, "best", t->best);
            cli_json_kint(&j, "riichi_discards", t->forced);
            cli_json_kint(&j, "ukeire_lost", t->ukeire_lost);
            cli_json_kint(&j, "shanten_lost", t->shanten_lost);
            cli_json_kint(&j, "wins", t->wins);
            cli_json_kint(&j, "win_points", t->win_points);
            cli_json_kint(&j, "wins_differing", t->mismatches);
            cli_json_end(&j);
        } else {
            cli_buf_printf(rv->out, "%s: seat %d %s: %ld discard%s, %ld best (%ld in riichi), ukeire lost %ld, "
                           "shanten lost %ld, %ld win%s for %ld points\n", rv->file, s, seat_name(rv, s),
                           t->discards, t->discards == 1 ? "" : "s", t->best, t->forced, t->ukeire_lost,
                           t->shanten_lost, t->wins, t->wins == 1 ? "" : "s", t->win_points);
        }
    }
    if (opt_json) {
        cli_json j;
        cli_json_begin(&j, rv->out);
        cli_json_kstr(&j, "file", rv->file);
        cli_json_kstr(&j, "type", "game");
        cli_json_kstr(&j, "format", rv->log->format == MJ_LOG_MJLOG ? "mjlog" : "tenhou6");
        cli_json_kint(&j, "rounds", rv->log->n_rounds);
        cli_json_kint(&j, "discards", all_d);
        cli_json_kint(&j, "best", all_b);
        cli_json_kint(&j, "ukeire_lost", all_l);
        cli_json_kint(&j, "wins", rv->wins);
        cli_json_kint(&j, "wins_matching", rv->wins_match);
        cli_json_end(&j);
    } else {
        cli_buf_printf(rv->out, "%s: %d round%s, %ld discard%s, %ld best, ukeire lost %ld, %ld win%s, %ld scored "
                       "as the log says\n", rv->file, rv->log->n_rounds, rv->log->n_rounds == 1 ? "" : "s", all_d,
                       all_d == 1 ? "" : "s", all_b, all_l, rv->wins, rv->wins == 1 ? "" : "s", rv->wins_match);
    }
}

static int review_log(worker *w, const char *file, const mj_log *log, cli_buf *out, cli_buf *msgs)
{
    review rv;
    memset(&rv, 0, sizeof rv);
    rv.w = w;
    rv.log = log;
    rv.file = file;
    rv.out = out;
    int status = 0;
    if (opt_player && opt_player_seat < 0) {
        int found = 0;
        for (int s = 0; s < 4; s++)
            found |= strcmp(log->names[s], opt_player) == 0;
        if (!found) {
            cli_buf_error(msgs, file, 0, "no player named '%s' in this log", opt_player);
            return CLI_EXIT_DATA;
        }
    }
    for (int i = 0; i < log->n_rounds; i++) {
        mj_replay r;
        tk_error err = { 0 };
        rv.round = i;
        if (mj_replay_start(&r, log, i, &err))
            return CLI_EXIT_DATA;   /* cannot happen: the parser replayed it */
        for (;;) {
            if (r.next >= r.round->n_events)
                break;
            const mj_log_event *e = &r.round->events[r.next];
            int ev = r.next;
            if (e->kind == MJ_EV_DISCARD && wanted(&rv, e->seat))
                do_discard(&rv, &r, e, ev);
            else if (e->kind == MJ_EV_WIN)
                status |= do_win(&rv, &r, e, ev, msgs);
            else if (e->kind != MJ_EV_DRAW && e->kind != MJ_EV_DORA && e->kind != MJ_EV_DISCARD)
                do_event_line(&rv, &r, e, ev);
            if (mj_replay_step(&r, &err) < 0)
                return CLI_EXIT_DATA;
        }
    }
    summaries(&rv);
    return status ? CLI_EXIT_DATA : CLI_EXIT_OK;
}

/* ---- the batch: one file a record ---- */
typedef struct job {
    const char *const *files;
    int n;
} job;

static void *worker_new(void *user)
{
    (void)user;
    worker *w = calloc(1, sizeof *w);
    if (w && mj_ctx_create(&w->ctx, NULL)) {
        free(w);
        w = NULL;
    }
    if (w)
        mjs_ctx_setup(w->ctx);
    return w;
}

static void worker_free(void *user, void *state)
{
    (void)user;
    mj_ctx_destroy(((worker *)state)->ctx);
    free(state);
}

static int solve_file(void *state, const cli_record *rec, cli_buf *out, cli_buf *msgs)
{
    const job *jb = NULL;
    (void)jb;
    worker *w = state;
    const char *path = rec->text;
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    size_t len = 0;
    tk_error err = { 0 };
    char *text = cli_read_file(path, &len, &err);
    if (!text) {
        cli_buf_error(msgs, name, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    mj_log *log = NULL;
    int rc = mj_log_parse(text, len, &log, &err);
    free(text);
    if (rc) {
        if (rc == TK_ENOMEM)
            return -1;
        if (err.line > 0)
            cli_buf_error(msgs, name, err.line, "column %ld: %s", err.col, err.msg);
        else
            cli_buf_error(msgs, name, 0, "%s", err.msg);
        if (opt_json) {
            cli_json j;
            cli_json_begin(&j, out);
            cli_json_kstr(&j, "file", name);
            cli_json_kstr(&j, "type", "error");
            if (err.line > 0)
                cli_json_kint(&j, "line", err.line);
            cli_json_kstr(&j, "error", err.msg);
            cli_json_end(&j);
        }
        return CLI_EXIT_DATA;
    }
    int st = review_log(w, name, log, out, msgs);
    mj_log_free(log);
    return st;
}

static int gen_name(void *user, long no, cli_buf *text)
{
    const job *jb = user;
    long i = no - 1;
    cli_buf_puts(text, i >= 0 && i < jb->n ? jb->files[i] : "-");
    return 0;
}

int mjl_main(const char *const *files, int n, const cli_common *co)
{
    static const char *const stdin_only[1] = { "-" };
    opt_json = co->json;
    opt_verbose = co->verbose;
    if (n == 0) {
        files = stdin_only;
        n = 1;
    }
    job jb = { files, n };
    double t0 = cli_now();
    cli_batch b = { .kind = CLI_BATCH_COUNT, .count = n, .gen = gen_name, .user = &jb, .jobs = co->jobs,
                    .progress = "mjwait: logs", .init = worker_new, .fini = worker_free, .solve = solve_file };
    int status = cli_batch_run(&b);
    if (co->verbose)
        cli_error(NULL, 0, "%ld log%s (%ld bad), %.3f s", b.records, b.records == 1 ? "" : "s", b.bad,
                  cli_now() - t0);
    if (cli_close_stdout() != 0)
        status = CLI_EXIT_DATA;
    return status;
}
