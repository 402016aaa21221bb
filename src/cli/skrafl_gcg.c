/* skrafl_gcg.c - skrafl --gcg FILE|DIR...: review GCG game records.
 *
 * Every game is replayed on an empty board, one game per record of the
 * batch engine (cli_batch, CLI_BATCH_COUNT: record i is file i), so the
 * games are reviewed on --jobs threads and printed in input order.  For each
 * event the review gives:
 *   - placements: the score by the rules (sk_gcg_judge: premiums,
 *     cross-words, bingo), whatever the dictionary says, against the score
 *     written; the placement and the rack checked; every word formed looked
 *     up.  Word verdicts count only with the game's own lexicon (#lexicon
 *     NAME installed, or no #lexicon line, or a dictionary chosen on the
 *     command line): otherwise `legal` is left null with the reason;
 *   - the cumulative total against the running sum (a wrong total is
 *     reported once, the count then follows the file);
 *   - with a full rack: the rank of the play among all plays of that rack
 *     (placements, exchanges when the bag allows them, the pass) by score
 *     and by equity, the best play, the points lost against it, a bingo
 *     missed.  A partial rack (fewer tiles than the player must hold) gets
 *     no rank.
 * Looking ahead, on request (both use the board before the play and the
 * rack shown; the static verdict above stays as it is):
 *   - --sim, a turn with tiles in the bag: sk_sim over the K best plays by
 *     static equity (sk_top_plays) and the play made, added when it is not
 *     among them; its value, rank and the points lost against the best by
 *     simulation (the seed as given for every turn; the games one at a
 *     time, the simulation on the --jobs threads);
 *   - --endgame, a turn with the bag empty: the opponent holds the unseen
 *     tiles; the position is solved exactly (sk_endgame_solve, one solver
 *     per thread, bounded by --seconds / --plies, 10 s by default), then the
 *     one after the play; a solve not exact within the bound is "not
 *     proven" and no loss is claimed.
 * A withdrawn phony (`--`) takes its tiles back off the board.  Then one
 * summary line per game and, at the end, a table per player (plays, points
 * lost by equity, phonies played, bingos missed).  Files the reader refuses
 * (binary data, more than two players, another language) and unreadable
 * lines are reported as `skrafl: FILE:LINE: message`; the other files are
 * still reviewed and the exit status is then 1.
 */
#include "cli/skrafl_gcg.h"
#include "cli/skrafl_endgame.h"
#include "cli/skrafl_lex.h"
#include "cli/skrafl_play.h"
#include "cli/skrafl_sim.h"
#include "tilekit/datapath.h"
#include "tilekit/skendgame.h"
#include "tilekit/skgame.h"
#include "tilekit/sksim.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define GCG_FILE_MAX (64L << 20)   /* a game record is a few KiB: 64 MiB is not a GCG file */

static struct {
    long turn;                 /* --turn N (0: every turn) */
    long cgp_at;               /* --cgp-at N (0: none) */
} S;

void skg_option(int code, const char *arg)
{
    switch (code) {
    case SKG_O_TURN: S.turn = cli_parse_long("--turn", arg, 1, 100000); break;
    case SKG_O_CGPAT: S.cgp_at = cli_parse_long("--cgp-at", arg, 1, 100000); break;
    }
}

int skg_wanted(void) { return skp_gcg_arg() != NULL && skp_selfplay_games() == 0; }

void skg_check(void)
{
    if (!skg_wanted())
        return;
    const char *bad = ske_not_for_review();
    if (bad)
        cli_usage_error("%s does not go with --gcg (the review takes both racks from the game)", bad);
}

void skg_usage(void)
{
    printf("Reviewing games (--gcg FILE|DIR, then more files and directories as arguments):\n"
           "      --turn=N           only turn N of each game; with --show/--svg the position\n"
           "                         before it with the play and the best alternative\n"
           "      --cgp-at=N         print the position before turn N as a CGP line\n"
           "  -n, --top=K            list the K best plays at each turn\n"
           "      --sim              also judge each turn made with tiles in the bag by\n"
           "                         simulation (--plies, --candidates, --iterations, --seconds,\n"
           "                         --confidence, --seed, --wintab as for --sim): the K best\n"
           "                         plays by static equity and the play made, its simulated\n"
           "                         value against the best one's\n"
           "      --endgame          also judge each turn made with the bag empty by the exact\n"
           "                         endgame solver (the opponent's rack: the unseen tiles):\n"
           "                         points lost against the best sequence; --seconds S and\n"
           "                         --plies N bound each solve (then possibly 'not proven'),\n"
           "                         --tt-mb sizes its table\n");
}

/* ---- the run --------------------------------------------------------------------------------- */

typedef struct pstat {
    char name[128];            /* full name, else nickname */
    int plays, ranked, phonies, bingos_missed, score;
    int64_t lost;              /* thousandths */
    int sim_judged;            /* --sim: turns simulated */
    int64_t sim_lost;          /* thousandths */
    int eg_judged, eg_unproven, eg_lost;   /* --endgame: turns solved, not proven, points lost */
} pstat;

typedef struct gstat {
    int done;                  /* reviewed (not refused) */
    pstat p[2];
} gstat;

typedef struct run {
    const skc_ctx *c;
    sk_leaves *leaves;
    char **files;
    int nfiles, cap;
    gstat *stats;
    char dict_name[80];        /* the default dictionary's name ("ENABLE2K") */
    int dict_explicit;         /* --dict / --lexicon given: its verdicts count whatever #lexicon says */
} run;

typedef struct worker {
    run *R;                    /* the run (read-only on the worker threads, but for its own stats slot) */
    sk_movelist list;
    void *eg;                  /* --endgame: this thread's solver (skrafl_endgame.c) */
    sk_sim_result *simres;     /* --sim: one result (large: made once) */
    sk_play cand[SK_SIM_MAX_CANDIDATES];
} worker;

/* ---- the list of files -------------------------------------------------------------------------- */

static int add_file(run *R, const char *path)
{
    if (R->nfiles == R->cap) {
        int cap = R->cap ? 2 * R->cap : 16;
        char **v = realloc(R->files, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        R->files = v;
        R->cap = cap;
    }
    R->files[R->nfiles] = strdup(path);
    return R->files[R->nfiles] ? (R->nfiles++, 0) : -1;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int ends_gcg(const char *s)
{
    size_t n = strlen(s);
    return n > 4 && s[n - 4] == '.' && (s[n - 3] | 32) == 'g' && (s[n - 2] | 32) == 'c' && (s[n - 1] | 32) == 'g';
}

/* Every *.gcg under dir (sorted by name, subdirectories in their place). */
static int add_dir(run *R, const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (!d) {
        cli_error(dir, 0, "%s", strerror(errno));
        return 1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *de;
    int bad = 0;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **v = realloc(names, cap * sizeof *v);
            if (!v) {
                bad = -1;
                break;
            }
            names = v;
        }
        if (!(names[n] = strdup(de->d_name))) {
            bad = -1;
            break;
        }
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n && bad >= 0; i++) {
        size_t pl = strlen(dir) + strlen(names[i]) + 2;
        char *p = malloc(pl);
        if (!p) {
            bad = -1;
            break;
        }
        snprintf(p, pl, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
        struct stat st;
        if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            if (depth < 32)
                bad |= add_dir(R, p, depth + 1);
        } else if (ends_gcg(names[i]) && add_file(R, p)) {
            bad = -1;
        }
        free(p);
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return bad;
}

/* ---- one game ---------------------------------------------------------------------------------- */

typedef struct ann {
    const run *R;
    const sk_engine *e;
    const dawg_graph *d;
    worker *w;
    int judged;                /* the dictionary is the game's own: word verdicts count */
    char dict_name[80];
    char lexnote[160];         /* why words are not judged */
    const char *path;
    cli_buf *out, *err;
    int status;
    sk_gen *g;
    sk_movelist *list;
    sk_board board, before;
    int totals[2];
    int before_total;          /* the total of the last placement's player before it */
    int last_score, last_player, have_last;
    int turn;                  /* turns so far (placements, exchanges, passes) */
    int zeroless;              /* consecutive scoreless turns */
    int last_pass;             /* the last turn was a pass */
    gstat *st;
    const sk_gcg *gc;
    int json;
    int score_errors, total_errors, problems;
} ann;

static void play_text(const sk_engine *e, const sk_play *p, int style, char *coord, size_t cc, char *word, size_t wc)
{
    if (p->kind == SK_PLAY_MOVE) {
        sk_coord_format(p->move.row, p->move.col, p->move.dir, coord, cc);
        sk_move_format(&p->move, e, style, word, wc);
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

static void play_string(const sk_engine *e, const sk_play *p, char *out, size_t cap)
{
    char c[64], w[256];
    play_text(e, p, SK_FMT_PAREN, c, sizeof c, w, sizeof w);
    snprintf(out, cap, "%s%s%s", c, w[0] ? " " : "", w);
}

#define TOP_MAX 50

typedef struct verdict {
    int have_computed, computed, score_ok;
    int legal;                 /* 1 legal, 0 not, -1 not judged (null), -2 nothing to say */
    char why[600];             /* dictionary name (80) + words (300) + why not judged (160) */
    int has_play;              /* a placement judged: words[] valid */
    sk_gcg_play gp;
    int partial;               /* the rack shown is not the whole rack */
    int have_rank;
    long rank_score, rank_equity, plays;
    int64_t equity, lost;
    sk_play best;
    int bingo_missed;
    int ntop;
    sk_play top[TOP_MAX];
    int turn;                  /* turn number (0: not a turn) */
    int me_ok;                 /* the play made, valued (me), with a full rack that holds it */
    sk_play me;
    /* --sim */
    int sim;                   /* 1 simulated, -1 could not be (sim_why) */
    char sim_why[320];
    int sim_n, sim_rank, sim_in_top;
    sk_sim_cand sim_me, sim_best;
    int64_t sim_lost;          /* thousandths */
    /* --endgame */
    int eg;                    /* 1 solved, -1 could not be (eg_why) */
    char eg_why[320];
    int eg_exact, eg_value, eg_best_value, eg_depth;
    sk_play eg_best;
    char eg_opp[64];           /* the opponent's rack (the unseen tiles) */
} verdict;

/* Tiles on the board. */
static int board_tiles(const sk_board *b)
{
    int n = 0;
    for (int i = 0; i < b->dim * b->dim; i++)
        n += b->sq[i] != 0;
    return n;
}

/* The rack shown holds fewer tiles than the player must hold: with the
 * bag not empty a player holds 7; with it empty, every tile off the board
 * less the opponent's (at most 7). */
static int rack_partial(const ann *a, const sk_rack *r)
{
    if (r->n >= SK_RACK_MAX)
        return 0;
    int off = sk_engine_tileset(a->e)->total - board_tiles(&a->board);
    return off - r->n > SK_RACK_MAX;
}

/* Rank `me` among every play of the rack on the current board. */
static void rank_play(ann *a, const sk_rack *r, sk_play *me, verdict *v, long top)
{
    const sk_engine *e = a->e;
    int unseen[64];
    int nun = sk_unseen(e, &a->board, r, unseen);
    sk_state st;
    sk_state_from_unseen(e, unseen, nun < 0 ? 0 : nun, &st);
    if (me->kind == SK_PLAY_MOVE)
        me->equity = sk_move_equity(e, r, &me->move, &st, sk_leaves_value, a->R->leaves, &me->leave);
    tk_error err = {0};
    a->list->limit = 0;
    if (sk_generate(a->g, &a->board, r, a->R->c->o->all_openings ? SK_ALL_OPENINGS : 0, a->list, &err))
        return;
    sk_play *pl = NULL;
    long n = sk_rank_plays(e, r, &st, a->list, sk_leaves_value, a->R->leaves, 0, &pl);
    if (n <= 0) {
        free(pl);
        return;
    }
    if (me->kind != SK_PLAY_MOVE) {
        /* exchanges and the pass are valued in the list */
        for (long i = 0; i < n; i++)
            if (pl[i].kind == me->kind && pl[i].nx == me->nx && !memcmp(pl[i].x, me->x, me->nx)) {
                me->equity = pl[i].equity;
                me->leave = pl[i].leave;   /* (a simulation of one ply counts it) */
                break;
            }
    }
    v->rank_score = v->rank_equity = 1;
    int bingo = 0;
    for (long i = 0; i < n; i++) {
        if (pl[i].equity > me->equity)
            v->rank_equity++;
        if (pl[i].score > me->score)
            v->rank_score++;
        if (pl[i].kind == SK_PLAY_MOVE && pl[i].move.ntiles == SK_RACK_MAX)
            bingo = 1;
    }
    v->plays = n;
    v->best = pl[0];
    v->equity = me->equity;
    v->lost = pl[0].equity > me->equity ? pl[0].equity - me->equity : 0;
    v->bingo_missed = bingo && !(me->kind == SK_PLAY_MOVE && me->move.ntiles == SK_RACK_MAX);
    v->have_rank = 1;
    v->ntop = (int)(top < n ? top : n);
    if (v->ntop > TOP_MAX)
        v->ntop = TOP_MAX;
    memcpy(v->top, pl, (size_t)v->ntop * sizeof *pl);
    free(pl);
    if (me->kind == SK_PLAY_EXCHANGE && st.bag < SK_EXCHANGE_MIN && v->legal != 0) {
        v->legal = 0;
        snprintf(v->why, sizeof v->why, "an exchange needs %d tiles in the bag, it holds %d", SK_EXCHANGE_MIN,
                 st.bag);
    }
}

static void word_text(const sk_engine *e, const sk_word *w, char *out, size_t cap)
{
    sk_word_format(w, e, SK_FMT_WORD, out, cap);
}

static void do_move(ann *a, const sk_gcg_event *ev, verdict *v, char *play, size_t pc, long top)
{
    const sk_engine *e = a->e;
    tk_error err = {0};
    snprintf(play, pc, "%s ?", ev->coord);
    if (sk_gcg_judge(e, &a->board, ev, a->d, &v->gp, &err)) {
        v->legal = 0;
        snprintf(v->why, sizeof v->why, "%s", err.msg);
        cli_buf_error(a->err, a->path, ev->line, "%s", err.msg);
        a->status = CLI_EXIT_DATA;
        a->problems++;
        return;
    }
    v->has_play = 1;
    sk_gcg_play *gp = &v->gp;
    char word[256];
    sk_move placed;
    sk_gcg_event_move(e, &a->board, ev, &placed, &err);
    sk_move_format(&placed, e, SK_FMT_PLAYED, word, sizeof word);
    snprintf(play, pc, "%s %s", ev->coord, word);
    v->have_computed = 1;
    v->computed = gp->score;
    v->score_ok = gp->score == ev->score;
    /* legality: placement and rack judge; words only with the game's own lexicon */
    int unknown = 0;
    char bad[300] = "";
    size_t bl = 0;
    for (int i = 0; i < gp->nwords; i++)
        if (gp->known[i] == 0) {
            char w[64];
            word_text(e, &gp->words[i], w, sizeof w);
            if (bl < sizeof bad - 70)
                bl += (size_t)snprintf(bad + bl, sizeof bad - bl, "%s%s", unknown ? ", " : "", w);
            unknown++;
        }
    if (!gp->placed_ok || gp->rack_ok == 0) {
        v->legal = 0;
        snprintf(v->why, sizeof v->why, "%s", gp->why);
    } else if (unknown && a->judged) {
        v->legal = 0;
        snprintf(v->why, sizeof v->why, "not in %s: %s", a->dict_name, bad);
    } else if (unknown) {
        v->legal = -1;
        snprintf(v->why, sizeof v->why, "not in %s: %s (%s)", a->dict_name, bad, a->lexnote);
    } else if (!a->judged) {
        v->legal = -1;
        snprintf(v->why, sizeof v->why, "every word is in %s (%s)", a->dict_name, a->lexnote);
    } else {
        v->legal = 1;
    }
    if (v->legal == 0 && unknown && a->judged && gp->placed_ok && gp->rack_ok != 0)
        a->st->p[ev->player].phonies++;
    a->before = a->board;
    if (ev->has_rack && gp->rack_ok == 1 && !v->partial) {
        sk_play me;
        memset(&me, 0, sizeof me);
        me.kind = SK_PLAY_MOVE;
        me.move = gp->move;
        me.score = gp->score;
        rank_play(a, &ev->rack, &me, v, top);
        v->me = me;
        v->me_ok = gp->placed_ok;
    }
    sk_board_apply(&a->board, &gp->move);
}

/* ---- output ------------------------------------------------------------------------------------ */

static const char *kind_name(int kind)
{
    static const char *const k[] = { "move", "exchange", "pass", "withdrawn", "challenge", "endrack", "time", "other" };
    return kind >= 0 && kind < 8 ? k[kind] : "?";
}

static void print_top(ann *a, const verdict *v, cli_json *j)
{
    const sk_engine *e = a->e;
    if (j) {
        cli_json_key(j, "top");
        cli_json_array(j);
    }
    for (int i = 0; i < v->ntop; i++) {
        char p[320], eq[32];
        play_string(e, &v->top[i], p, sizeof p);
        skp_fmt_milli(eq, sizeof eq, v->top[i].equity);
        if (j) {
            cli_json_object(j);
            cli_json_kstr(j, "play", p);
            cli_json_kint(j, "score", v->top[i].score);
            cli_json_key(j, "equity");
            cli_json_raw(j, eq);
            cli_json_close(j);
        } else {
            cli_buf_printf(a->out, "    %d. %s %d (equity %s)\n", i + 1, p, v->top[i].score, eq);
        }
    }
    if (j)
        cli_json_close(j);
}

static void json_fixed(cli_json *j, const char *key, const char *fmt, double x)
{
    char t[64];
    snprintf(t, sizeof t, fmt, x);
    cli_json_key(j, key);
    cli_json_raw(j, t);
}

static void json_milli(cli_json *j, const char *key, int64_t x)
{
    char t[32];
    skp_fmt_milli(t, sizeof t, x);
    cli_json_key(j, key);
    cli_json_raw(j, t);
}

/* The "sim" and "endgame" objects of an event's JSON line. */
static void json_look_ahead(ann *a, const verdict *v, cli_json *j)
{
    char bp[320];
    if (v->sim) {
        cli_json_key(j, "sim");
        cli_json_object(j);
        if (v->sim < 0) {
            cli_json_kstr(j, "skipped", v->sim_why);
        } else {
            json_fixed(j, "value", "%.3f", v->sim_me.mean);
            json_fixed(j, "stderr", "%.3f", v->sim_me.se);
            json_fixed(j, "win", "%.4f", v->sim_me.win);
            cli_json_kint(j, "rank", v->sim_rank);
            cli_json_kint(j, "candidates", v->sim_n);
            cli_json_key(j, "in_top");
            cli_json_bool(j, v->sim_in_top);
            cli_json_key(j, "iterations");
            cli_json_uint(j, v->sim_me.iterations);
            cli_json_key(j, "best");
            cli_json_object(j);
            play_string(a->e, &v->sim_best.play, bp, sizeof bp);
            cli_json_kstr(j, "play", bp);
            cli_json_kint(j, "score", v->sim_best.play.score);
            json_fixed(j, "value", "%.3f", v->sim_best.mean);
            json_fixed(j, "stderr", "%.3f", v->sim_best.se);
            json_fixed(j, "win", "%.4f", v->sim_best.win);
            cli_json_close(j);
            json_milli(j, "lost", v->sim_lost);
        }
        cli_json_close(j);
    }
    if (v->eg) {
        cli_json_key(j, "endgame");
        cli_json_object(j);
        if (v->eg < 0) {
            cli_json_kstr(j, "skipped", v->eg_why);
        } else {
            cli_json_kstr(j, "opp_rack", v->eg_opp);
            cli_json_key(j, "exact");
            cli_json_bool(j, v->eg_exact);
            if (!v->eg_exact)
                cli_json_kint(j, "depth", v->eg_depth);
            else
                cli_json_kint(j, "value", v->eg_value);
            cli_json_key(j, "best");
            cli_json_object(j);
            play_string(a->e, &v->eg_best, bp, sizeof bp);
            cli_json_kstr(j, "play", bp);
            cli_json_kint(j, "score", v->eg_best.score);
            cli_json_kint(j, "value", v->eg_best_value);
            cli_json_close(j);
            cli_json_key(j, "lost");
            if (v->eg_exact)
                cli_json_int(j, v->eg_best_value > v->eg_value ? v->eg_best_value - v->eg_value : 0);
            else
                cli_json_null(j);
        }
        cli_json_close(j);
    }
}

/* The same as text, after the static verdict. */
static void text_look_ahead(ann *a, const verdict *v)
{
    cli_buf *o = a->out;
    char bp[320];
    if (v->sim < 0)
        cli_buf_printf(o, "  sim: not simulated (%s)", v->sim_why);
    else if (v->sim > 0) {
        play_string(a->e, &v->sim_best.play, bp, sizeof bp);
        cli_buf_printf(o, "  sim: value %.2f +-%.2f, win %.1f%%, rank %d of %d%s", v->sim_me.mean, v->sim_me.se,
                       100 * v->sim_me.win, v->sim_rank, v->sim_n, v->sim_in_top ? "" : " (added)");
        if (v->sim_rank != 1) {
            cli_buf_printf(o, "  best by sim: %s %d (value %.2f)  lost %.2f by sim", bp, v->sim_best.play.score,
                           v->sim_best.mean, v->sim_lost / 1000.0);
        }
    }
    if (v->eg < 0)
        cli_buf_printf(o, "  endgame: not solved (%s)", v->eg_why);
    else if (v->eg > 0) {
        play_string(a->e, &v->eg_best, bp, sizeof bp);
        if (!v->eg_exact)
            cli_buf_printf(o, "  endgame (opponent %s): not proven within the limit (%d pl%s searched; best "
                           "found %s %d: %+d)", v->eg_opp, v->eg_depth, v->eg_depth == 1 ? "y" : "ies", bp,
                           v->eg_best.score, v->eg_best_value);
        else if (v->eg_best_value > v->eg_value)
            cli_buf_printf(o, "  endgame (opponent %s): value %+d, lost %d points against the best sequence "
                           "(%s %d: %+d)", v->eg_opp, v->eg_value, v->eg_best_value - v->eg_value, bp,
                           v->eg_best.score, v->eg_best_value);
        else
            cli_buf_printf(o, "  endgame (opponent %s): value %+d, the best sequence", v->eg_opp, v->eg_value);
    }
}

static void print_event(ann *a, const sk_gcg_event *ev, const char *play, const verdict *v, int total_ok,
                        int expect_total)
{
    const sk_engine *e = a->e;
    const sk_gcg *gc = a->gc;
    char rack[128] = "", eq[32] = "", bp[320] = "", beq[32] = "", lost[32] = "";
    if (ev->has_rack)
        sk_rack_leave(&ev->rack, NULL, e, rack, sizeof rack);
    const char *nick = gc->nick[ev->player];
    if (v->have_rank) {
        skp_fmt_milli(eq, sizeof eq, v->equity);
        play_string(e, &v->best, bp, sizeof bp);
        skp_fmt_milli(beq, sizeof beq, v->best.equity);
        skp_fmt_milli(lost, sizeof lost, v->lost);
    }
    if (a->json) {
        cli_json j;
        cli_json_begin(&j, a->out);
        cli_json_kstr(&j, "file", a->path);
        cli_json_kint(&j, "line", ev->line);
        cli_json_kstr(&j, "player", nick);
        cli_json_kstr(&j, "kind", kind_name(ev->kind));
        cli_json_kstr(&j, "rack", rack);
        cli_json_kstr(&j, "play", play);
        if (v->turn)
            cli_json_kint(&j, "turn", v->turn);
        cli_json_kint(&j, "score", ev->score);
        if (v->have_computed) {
            cli_json_kint(&j, "computed", v->computed);
            cli_json_key(&j, "score_ok");
            cli_json_bool(&j, v->score_ok);
        }
        cli_json_kint(&j, "total", ev->total);
        cli_json_key(&j, "total_ok");
        cli_json_bool(&j, total_ok);
        if (!total_ok)
            cli_json_kint(&j, "expected_total", expect_total);
        if (v->legal >= -1) {
            cli_json_key(&j, "legal");
            if (v->legal >= 0)
                cli_json_bool(&j, v->legal);
            else
                cli_json_null(&j);
            if (v->legal != 1)
                cli_json_kstr(&j, "reason", v->why);
        }
        if (v->has_play) {
            cli_json_key(&j, "words");
            cli_json_array(&j);
            for (int i = 0; i < v->gp.nwords; i++) {
                char w[64];
                word_text(e, &v->gp.words[i], w, sizeof w);
                cli_json_object(&j);
                cli_json_kstr(&j, "word", w);
                cli_json_key(&j, "ok");
                if (v->gp.known[i] < 0 || (!a->judged && v->gp.known[i] == 0))
                    cli_json_null(&j);
                else
                    cli_json_bool(&j, v->gp.known[i]);
                cli_json_close(&j);
            }
            cli_json_close(&j);
        }
        if (v->partial) {
            cli_json_key(&j, "partial");
            cli_json_bool(&j, 1);
        }
        if (ev->guessed) {
            cli_json_key(&j, "player_by_turn");
            cli_json_bool(&j, 1);
        }
        if (ev->no_score) {
            cli_json_key(&j, "score_given");
            cli_json_bool(&j, 0);
        }
        if (ev->no_total) {
            cli_json_key(&j, "total_given");
            cli_json_bool(&j, 0);
        }
        if (v->have_rank) {
            cli_json_key(&j, "equity");
            cli_json_raw(&j, eq);
            cli_json_kint(&j, "rank_score", v->rank_score);
            cli_json_kint(&j, "rank_equity", v->rank_equity);
            cli_json_kint(&j, "plays", v->plays);
            cli_json_key(&j, "best");
            cli_json_object(&j);
            cli_json_kstr(&j, "play", bp);
            cli_json_kint(&j, "score", v->best.score);
            cli_json_key(&j, "equity");
            cli_json_raw(&j, beq);
            cli_json_close(&j);
            cli_json_key(&j, "lost");
            cli_json_raw(&j, lost);
            cli_json_key(&j, "bingo_missed");
            cli_json_bool(&j, v->bingo_missed);
            if (v->ntop)
                print_top(a, v, &j);
        }
        json_look_ahead(a, v, &j);
        if (ev->note_len) {
            cli_json_key(&j, "note");
            cli_json_strn(&j, gc->notes + ev->note_off, ev->note_len);
        }
        cli_json_end(&j);
        return;
    }
    cli_buf *o = a->out;
    cli_buf_printf(o, "%ld: >%s: %s%s%s %+d %d", ev->line, nick, ev->has_rack ? (rack[0] ? rack : "-") : "",
                   ev->has_rack ? " " : "", play, ev->score, ev->total);
    if (v->have_computed) {
        if (v->score_ok)
            cli_buf_puts(o, "  score ok");
        else
            cli_buf_printf(o, "  SCORE %d by the rules", v->computed);
    }
    if (!total_ok)
        cli_buf_printf(o, "  TOTAL should be %d", expect_total);
    if (v->legal == 1)
        cli_buf_puts(o, "  legal");
    else if (v->legal == 0)
        cli_buf_printf(o, "  ILLEGAL: %s", v->why);
    else if (v->legal == -1)
        cli_buf_printf(o, "  not judged: %s", v->why);
    if (v->partial)
        cli_buf_puts(o, "  partial rack");
    if (v->have_rank) {
        cli_buf_printf(o, "  equity %s  rank by score %ld, by equity %ld of %ld  best: %s %d (equity %s)", eq,
                       v->rank_score, v->rank_equity, v->plays, bp, v->best.score, beq);
        if (v->lost)
            cli_buf_printf(o, "  lost %s", lost);
        if (v->bingo_missed)
            cli_buf_puts(o, "  bingo missed");
    }
    text_look_ahead(a, v);
    cli_buf_putc(o, '\n');
    if (v->have_rank && v->ntop)
        print_top(a, v, NULL);
}

/* ---- CGP of a position ------------------------------------------------------------------------- */

static void cgp_rows(const sk_engine *e, const sk_board *b, cli_buf *o)
{
    const alpha_table *al = sk_engine_alphabet(e);
    for (int r = 0; r < b->dim; r++) {
        int run = 0;
        if (r)
            cli_buf_putc(o, '/');
        for (int c = 0; c < b->dim; c++) {
            uint8_t t = b->sq[r * b->dim + c];
            if (!t) {
                run++;
                continue;
            }
            if (run)
                cli_buf_printf(o, "%d", run);
            run = 0;
            char l[16];
            uint8_t code = t & SK_LETTER;
            size_t n = alpha_decode(al, &code, 1, !(t & SK_BLANK), l, sizeof l);
            if (n > 1 && (unsigned char)l[0] < 0x80)
                cli_buf_printf(o, "[%s]", l);
            else
                cli_buf_puts(o, l);
        }
        if (run)
            cli_buf_printf(o, "%d", run);
    }
}

/* The opponent's rack during turn index i: the rack they show at their next turn. */
static const sk_rack *opp_rack(const sk_gcg *gc, int i, int mover)
{
    for (int k = i + 1; k < gc->nevents; k++) {
        const sk_gcg_event *ev = &gc->ev[k];
        if (ev->kind != SK_GCG_MOVE && ev->kind != SK_GCG_EXCHANGE && ev->kind != SK_GCG_PASS)
            continue;
        if (ev->player == mover)
            continue;
        return ev->has_rack ? &ev->rack : NULL;
    }
    return NULL;
}

static void print_cgp(ann *a, int i, const sk_gcg_event *ev)
{
    const sk_engine *e = a->e;
    cli_buf line = {0};
    cgp_rows(e, &a->board, &line);
    char r1[64] = "", r2[64] = "";
    if (ev->has_rack)
        sk_rack_leave(&ev->rack, NULL, e, r1, sizeof r1);
    const sk_rack *o = opp_rack(a->gc, i, ev->player);
    if (o && !rack_partial(a, o))
        sk_rack_leave(o, NULL, e, r2, sizeof r2);
    cli_buf_printf(&line, " %s/%s %d/%d %d", r1, r2, a->totals[ev->player], a->totals[!ev->player], a->zeroless);
    /* the game's lexicon, or the one named on the command line */
    const char *lex = a->R->c->o->lexicon ? a->R->c->o->lexicon : a->gc->lexicon;
    if (strcasecmp(lex, a->R->dict_name) == 0 && !a->R->c->o->lexicon)
        lex = "";                  /* our default dictionary: no lexicon to name */
    if (tk_lexicon_name_ok(lex))
        cli_buf_printf(&line, " lex %s;", lex);
    if (a->json) {
        cli_json j;
        cli_json_begin(&j, a->out);
        cli_json_kstr(&j, "file", a->path);
        cli_json_kint(&j, "line", ev->line);
        cli_json_kint(&j, "turn", S.cgp_at);
        cli_json_kstr(&j, "cgp", line.p ? line.p : "");
        cli_json_end(&j);
    } else {
        cli_buf_put(a->out, line.p, line.len);
        cli_buf_putc(a->out, '\n');
    }
    cli_buf_free(&line);
}

/* --turn N with --show / --svg: the position before the play, with the play and the best. */
static void draw_turn(ann *a, const sk_gcg_event *ev, const verdict *v, const sk_board *before)
{
    skc_ctx c = *a->R->c;
    c.e = (sk_engine *)a->e;
    char what[400];
    if (c.o->show) {
        snprintf(what, sizeof what, "turn %d, %s %s", v->turn, a->gc->nick[ev->player],
                 v->has_play ? "played" : kind_name(ev->kind));
        skc_show_board(&c, a->out, before, v->has_play ? &v->gp.move : NULL, what);
        if (v->have_rank)
            skc_show_board(&c, a->out, before, v->best.kind == SK_PLAY_MOVE ? &v->best.move : NULL, "best play");
    }
    if (c.o->svg) {
        const sk_move *m = v->has_play ? &v->gp.move : NULL;
        if (skc_write_svg(&c, c.o->svg, before, m, a->err))
            a->status = CLI_EXIT_DATA;
        if (v->have_rank && v->best.kind == SK_PLAY_MOVE) {
            char path[4096];
            const char *dot = strrchr(c.o->svg, '.');
            size_t n = dot && !strchr(dot, '/') ? (size_t)(dot - c.o->svg) : strlen(c.o->svg);
            snprintf(path, sizeof path, "%.*s-best%s", (int)n, c.o->svg, dot && !strchr(dot, '/') ? dot : ".svg");
            if (skc_write_svg(&c, path, before, &v->best.move, a->err))
                a->status = CLI_EXIT_DATA;
        }
    }
}

/* ---- looking ahead: --sim and --endgame ------------------------------------------------------ */

/* The squares and tiles a placement puts down (a one-tile play is the same
 * play whichever way its word is read). */
static int placed_tiles(const sk_move *m, int dim, int *sq, uint8_t *t)
{
    int n = 0;
    for (int i = 0; i < m->len; i++) {
        if (m->word[i] & SK_ONBOARD)
            continue;
        int r = m->row + (m->dir ? i : 0), c = m->col + (m->dir ? 0 : i);
        sq[n] = r * dim + c;
        t[n++] = m->word[i];
    }
    return n;
}

static int same_play(const sk_play *x, const sk_play *y, int dim)
{
    if (x->kind != y->kind)
        return 0;
    if (x->kind == SK_PLAY_PASS)
        return 1;
    if (x->kind == SK_PLAY_EXCHANGE)
        return x->nx == y->nx && memcmp(x->x, y->x, x->nx) == 0;
    int s1[SK_MAX_DIM], s2[SK_MAX_DIM];
    uint8_t t1[SK_MAX_DIM], t2[SK_MAX_DIM];
    int n1 = placed_tiles(&x->move, dim, s1, t1), n2 = placed_tiles(&y->move, dim, s2, t2);
    if (n1 != n2)
        return 0;
    for (int i = 0; i < n1; i++)   /* both in reading order: row-major either way */
        if (s1[i] != s2[i] || t1[i] != t2[i])
            return 0;
    return 1;
}

static int64_t milli(double points) { return (int64_t)llround(points * 1000.0); }

/* --sim: the K best plays by static equity and the play made (added when it is
 * not among them), simulated; the play's value against the best one's. */
static void sim_turn(ann *a, const sk_board *b, const sk_rack *r, const sk_state *st, int p, long line, verdict *v)
{
    const sk_engine *e = a->e;
    worker *w = a->w;
    sk_sim_opts so;
    sks_review_opts(&so, a->R->leaves);
    so.spread = a->totals[p] - a->totals[!p];
    int k = so.candidates ? so.candidates : SK_SIM_DEFAULT_K;
    tk_error err = {0};
    if (!w->simres && !(w->simres = malloc(sizeof *w->simres))) {
        v->sim = -1;
        snprintf(v->sim_why, sizeof v->sim_why, "out of memory");
        return;
    }
    long n = sk_top_plays(a->g, b, r, st, a->R->c->o->all_openings ? SK_ALL_OPENINGS : 0, sk_leaves_value,
                          a->R->leaves, 0, (size_t)k, a->list, w->cand, &err);
    if (n < 0) {
        v->sim = -1;
        snprintf(v->sim_why, sizeof v->sim_why, "%s", err.msg);
        return;
    }
    int mine = -1;
    for (int i = 0; i < n && mine < 0; i++)
        if (same_play(&w->cand[i], &v->me, b->dim))
            mine = i;
    v->sim_in_top = mine >= 0;
    if (mine < 0) {
        if (n == SK_SIM_MAX_CANDIDATES)
            n--;
        mine = (int)n;
        w->cand[n++] = v->me;
    }
    so.cand = w->cand;
    so.ncand = (int)n;
    sk_sim_result *res = w->simres;
    if (sk_sim(e, b, r, &so, res, &err)) {
        v->sim = -1;
        snprintf(v->sim_why, sizeof v->sim_why, "%s", err.msg);
        return;
    }
    v->sim = 1;
    if (a->R->c->o->verbose)
        cli_buf_error(a->err, a->path, line, "sim: %llu iterations, %d candidates, %.2f s",
                      (unsigned long long)res->iterations, res->n, res->seconds);
    v->sim_n = res->n;
    for (int i = 0; i < res->n; i++)
        if (res->order[i] == mine)
            v->sim_rank = i + 1;
    v->sim_me = res->cand[mine];
    v->sim_best = res->cand[res->order[0]];
    /* from the exact sums: the same whatever the threads */
    int64_t lost = v->sim_rank == 1 ? 0 : milli(v->sim_best.mean) - milli(v->sim_me.mean);
    v->sim_lost = lost > 0 ? lost : 0;
}

static void eg_play(const sk_eg_ply *q, sk_play *out)
{
    memset(out, 0, sizeof *out);
    out->kind = q->kind;
    out->score = q->score;
    if (q->kind == SK_PLAY_MOVE)
        out->move = q->move;
}

/* --endgame: the bag is empty and the opponent holds the unseen tiles; the
 * position before the play solved, and the one after it (the play's value:
 * its points, the end points if it ends the game, less the value of the
 * opponent's position after it). */
static void endgame_turn(ann *a, const sk_board *b, const sk_rack *r, const int unseen[64], long line, verdict *v)
{
    const sk_engine *e = a->e;
    tk_error err = {0};
    sk_eg_position pos;
    memset(&pos, 0, sizeof pos);
    pos.board = *b;
    pos.rack[0] = *r;
    for (int l = 0; l < 64; l++) {
        if (l)
            pos.rack[1].count[l] = (uint8_t)unseen[l];
        else
            pos.rack[1].blanks = unseen[0];
        pos.rack[1].n += unseen[l];
    }
    pos.zeroless = a->zeroless < SK_SCORELESS_END - 1 ? a->zeroless : SK_SCORELESS_END - 1;
    pos.last_pass = a->last_pass;
    sk_rack_leave(&pos.rack[1], NULL, e, v->eg_opp, sizeof v->eg_opp);
    sk_endgame *s = ske_review_solver(&a->w->eg, e, &err);
    sk_eg_opts o;
    ske_limits(&o);
    sk_eg_result best, after;
    if (!s || sk_endgame_solve(s, &pos, &o, &best, &err)) {
        v->eg = -1;
        snprintf(v->eg_why, sizeof v->eg_why, "%s", err.msg);
        return;
    }
    v->eg = 1;
    if (a->R->c->o->verbose)
        cli_buf_error(a->err, a->path, line, "endgame: %s, depth %d, %llu nodes, %.2f s",
                      best.exact ? "exact" : "inexact", best.depth, (unsigned long long)best.nodes, best.seconds);
    v->eg_best_value = best.value;
    v->eg_exact = best.exact;
    v->eg_depth = best.depth;
    if (best.npv)
        eg_play(&best.pv[0], &v->eg_best);
    else
        v->eg_best.kind = SK_PLAY_PASS;
    sk_eg_result_free(&best);
    if (!v->eg_exact)
        return;                   /* not proven: no loss is claimed, the play is not solved */
    sk_eg_ply ply;
    memset(&ply, 0, sizeof ply);
    ply.kind = v->me.kind;
    ply.move = v->me.move;
    ply.move.score = v->me.score;
    ply.score = v->me.score;
    int end = 0;
    if (sk_eg_apply(e, &pos, &ply, &end)) {
        v->eg_value = ply.score + end;
        return;
    }
    if (sk_endgame_solve(s, &pos, &o, &after, &err)) {
        v->eg = -1;
        snprintf(v->eg_why, sizeof v->eg_why, "%s", err.msg);
        return;
    }
    if (a->R->c->o->verbose)
        cli_buf_error(a->err, a->path, line, "endgame after the play: %s, depth %d, %llu nodes, %.2f s",
                      after.exact ? "exact" : "inexact", after.depth, (unsigned long long)after.nodes, after.seconds);
    v->eg_value = ply.score - after.value;
    v->eg_exact = after.exact;
    v->eg_depth = after.depth;
    sk_eg_result_free(&after);
}

/* The play made, judged by looking ahead: by simulation while the bag holds
 * tiles (--sim), by the endgame solver when it is empty (--endgame). */
static void look_ahead(ann *a, const sk_board *b, const sk_rack *r, int p, long line, verdict *v)
{
    int unseen[64];
    int nun = sk_unseen(a->e, b, r, unseen);
    if (nun <= 0)
        return;                   /* more tiles than the set, or the game is over */
    sk_state st;
    sk_state_from_unseen(a->e, unseen, nun, &st);
    if (st.bag > 0 && sks_active())
        sim_turn(a, b, r, &st, p, line, v);
    else if (st.bag == 0 && ske_active())
        endgame_turn(a, b, r, unseen, line, v);
}

/* ---- replaying a game ---------------------------------------------------------------------------- */

static void annotate_game(ann *a)
{
    const sk_engine *e = a->e;
    const sk_gcg *gc = a->gc;
    long top = a->R->c->o->top;
    int only = S.turn > 0 || S.cgp_at > 0;
    for (int i = 0; i < gc->nevents; i++) {
        const sk_gcg_event *ev = &gc->ev[i];
        int p = ev->player;
        verdict v;
        memset(&v, 0, sizeof v);
        v.legal = -2;
        char play[320] = "";
        int is_turn = ev->kind == SK_GCG_MOVE || ev->kind == SK_GCG_EXCHANGE || ev->kind == SK_GCG_PASS;
        if (is_turn) {
            v.turn = ++a->turn;
            a->st->p[p].plays++;
            if (ev->has_rack)
                v.partial = rack_partial(a, &ev->rack);
        }
        if (S.cgp_at > 0 && v.turn == S.cgp_at)
            print_cgp(a, i, ev);
        sk_board before = a->board;
        switch (ev->kind) {
        case SK_GCG_MOVE:
            do_move(a, ev, &v, play, sizeof play, top);
            break;
        case SK_GCG_EXCHANGE: {
            v.computed = 0;
            v.have_computed = 1;
            v.score_ok = ev->score == 0;
            if (ev->xrack.n == 0) {
                snprintf(play, sizeof play, "-%d", ev->nx);
                v.legal = -2;
                if (ev->has_rack && ev->nx > ev->rack.n && !v.partial) {
                    v.legal = 0;
                    snprintf(v.why, sizeof v.why, "exchanges %d tiles from a rack of %d", ev->nx, ev->rack.n);
                }
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
            if (!ev->has_rack)
                break;
            v.legal = 1;
            for (int l = 1; l < 64; l++)
                if (ev->xrack.count[l] > ev->rack.count[l])
                    v.legal = 0;
            if (ev->xrack.blanks > ev->rack.blanks)
                v.legal = 0;
            if (!v.legal)
                snprintf(v.why, sizeof v.why, "exchanges tiles that are not on the rack");
            else if (!v.partial) {
                rank_play(a, &ev->rack, &me, &v, top);
                v.me = me;
                v.me_ok = v.legal == 1 && v.have_rank;
            }
            break;
        }
        case SK_GCG_PASS: {
            v.computed = 0;
            v.have_computed = 1;
            v.score_ok = ev->score == 0;
            snprintf(play, sizeof play, "-");
            sk_play me;
            memset(&me, 0, sizeof me);
            me.kind = SK_PLAY_PASS;
            v.legal = 1;
            if (ev->has_rack && !v.partial) {
                rank_play(a, &ev->rack, &me, &v, top);
                v.me = me;
                v.me_ok = 1;
            }
            break;
        }
        case SK_GCG_WITHDRAWN:
            snprintf(play, sizeof play, "--");
            if (a->have_last && a->last_player == p) {
                a->board = a->before;
                v.computed = -a->last_score;
                v.have_computed = 1;
                /* `-- +0` with the total before the phony (older files) says the same */
                v.score_ok = ev->score == -a->last_score || (ev->score == 0 && ev->total == a->before_total);
                a->have_last = 0;
            } else {
                cli_buf_error(a->err, a->path, ev->line, "a withdrawal ('--') with no play of %s to take back",
                              gc->nick[p]);
                a->status = CLI_EXIT_DATA;
                a->problems++;
            }
            break;
        case SK_GCG_CHALLENGE:
            snprintf(play, sizeof play, "(challenge)");
            break;
        case SK_GCG_TIME:
            snprintf(play, sizeof play, "(time)");
            break;
        case SK_GCG_ENDRACK: {
            char rk[128];
            sk_rack_leave(&ev->rack, NULL, e, rk, sizeof rk);
            snprintf(play, sizeof play, "(%s)", rk);
            int val = sk_rack_value(e, &ev->rack);
            /* +2 x value for the opponent's tiles (or +value, the two-line style); -value for the own tiles */
            v.computed = ev->score < 0 || ev->own ? -val : (ev->score == val && val ? val : 2 * val);
            v.have_computed = 1;
            v.score_ok = v.computed == ev->score;
            break;
        }
        default:
            snprintf(play, sizeof play, "%s", ev->coord[0] ? ev->coord : "(other)");
            break;
        }
        if (v.me_ok && (sks_active() || ske_active()) && (!only || (S.turn > 0 && v.turn == S.turn)))
            look_ahead(a, &before, &ev->rack, p, ev->line, &v);
        /* a line without a score or a total: the rules' score, the running sum */
        sk_gcg_event shown = *ev;
        if (ev->no_score) {
            shown.score = v.have_computed ? v.computed : 0;
            v.score_ok = 1;
        }
        if (ev->no_total)
            shown.total = a->totals[p] + shown.score;
        ev = &shown;
        /* the cumulative total */
        int expect = a->totals[p] + ev->score, ok = expect == ev->total;
        if (ev->kind == SK_GCG_WITHDRAWN && v.score_ok && ev->total == a->before_total)
            ok = 1, expect = ev->total;
        if (ev->kind == SK_GCG_MOVE) {
            a->before_total = a->totals[p];
            a->last_score = ev->score;
            a->last_player = p;
            a->have_last = 1;
        }
        a->totals[p] = ev->total;   /* later lines are checked on their own */
        if (is_turn)
            a->zeroless = ev->score == 0 ? a->zeroless + 1 : 0;
        else if (ev->kind == SK_GCG_WITHDRAWN)
            a->zeroless++;
        if (is_turn || ev->kind == SK_GCG_WITHDRAWN)
            a->last_pass = ev->kind == SK_GCG_PASS;
        if (v.have_computed && !v.score_ok)
            a->score_errors++;
        if (!ok)
            a->total_errors++;
        if (v.have_rank) {
            a->st->p[p].ranked++;
            a->st->p[p].lost += v.lost;
            a->st->p[p].bingos_missed += v.bingo_missed;
        }
        if (v.sim == 1) {
            a->st->p[p].sim_judged++;
            a->st->p[p].sim_lost += v.sim_lost;
        }
        if (v.eg == 1) {
            a->st->p[p].eg_judged++;
            if (!v.eg_exact)
                a->st->p[p].eg_unproven++;
            else if (v.eg_best_value > v.eg_value)
                a->st->p[p].eg_lost += v.eg_best_value - v.eg_value;
        }
        if (!only || (S.turn > 0 && v.turn == S.turn)) {
            print_event(a, ev, play, &v, ok, expect);
            if (S.turn > 0 && v.turn == S.turn)
                draw_turn(a, ev, &v, &before);
        }
    }
    for (int p = 0; p < 2; p++)
        a->st->p[p].score = a->totals[p];
}

/* --sim / --endgame: a player's sums (JSON summary and table). */
static void json_look_ahead_stats(cli_json *j, const pstat *s)
{
    if (sks_active()) {
        cli_json_kint(j, "sim_judged", s->sim_judged);
        json_milli(j, "sim_lost", s->sim_lost);
    }
    if (ske_active()) {
        cli_json_kint(j, "endgame_judged", s->eg_judged);
        cli_json_kint(j, "endgame_unproven", s->eg_unproven);
        cli_json_kint(j, "endgame_lost", s->eg_lost);
    }
}

static void print_summary(ann *a)
{
    const sk_gcg *gc = a->gc;
    if (a->json) {
        cli_json j;
        cli_json_begin(&j, a->out);
        cli_json_kstr(&j, "file", a->path);
        cli_json_kstr(&j, "kind", "summary");
        cli_json_key(&j, "players");
        cli_json_array(&j);
        for (int p = 0; p < 2; p++) {
            const pstat *s = &a->st->p[p];
            char lost[32];
            skp_fmt_milli(lost, sizeof lost, s->lost);
            cli_json_object(&j);
            cli_json_kstr(&j, "nick", gc->nick[p]);
            cli_json_kstr(&j, "name", gc->name[p][0] ? gc->name[p] : gc->nick[p]);
            cli_json_kint(&j, "final", s->score);
            cli_json_kint(&j, "plays", s->plays);
            cli_json_kint(&j, "ranked", s->ranked);
            cli_json_key(&j, "lost");
            cli_json_raw(&j, lost);
            cli_json_kint(&j, "phonies", s->phonies);
            cli_json_kint(&j, "bingos_missed", s->bingos_missed);
            json_look_ahead_stats(&j, s);
            cli_json_close(&j);
        }
        cli_json_close(&j);
        if (gc->lexicon[0])
            cli_json_kstr(&j, "lexicon", gc->lexicon);
        cli_json_kstr(&j, "dictionary", a->dict_name);
        cli_json_key(&j, "judged");
        cli_json_bool(&j, a->judged);
        if (gc->title[0])
            cli_json_kstr(&j, "title", gc->title);
        if (gc->id[0])
            cli_json_kstr(&j, "id", gc->id);
        cli_json_kint(&j, "events", gc->nevents);
        cli_json_kint(&j, "score_errors", a->score_errors);
        cli_json_kint(&j, "total_errors", a->total_errors);
        cli_json_kint(&j, "problems", a->problems + gc->nerrors);
        cli_json_end(&j);
        return;
    }
    cli_buf_printf(a->out, "== %s: %s %d, %s %d; %d events, %d score error%s, %d total error%s, %d problem%s; words: %s%s\n",
                   a->path, gc->nick[0], a->st->p[0].score, gc->nick[1], a->st->p[1].score, gc->nevents,
                   a->score_errors, a->score_errors == 1 ? "" : "s", a->total_errors,
                   a->total_errors == 1 ? "" : "s", a->problems + gc->nerrors,
                   a->problems + gc->nerrors == 1 ? "" : "s", a->dict_name, a->judged ? "" : " (not judged)");
}

#define ERRORS_SHOWN 20          /* per file: then a count of the others */

typedef struct errctx {
    cli_buf *err;
    const char *path;
    int n;
} errctx;

static void on_error(void *ctx, const tk_error *err)
{
    errctx *x = ctx;
    if (x->n++ < ERRORS_SHOWN)
        cli_buf_error(x->err, x->path, err->line, "%s", err->msg);
}

/* Choose the dictionary of the game: its #lexicon when installed. */
static int pick_lexicon(ann *a, cli_buf *err)
{
    const run *R = a->R;
    const sk_gcg *gc = a->gc;
    a->e = R->c->e;
    a->judged = 1;
    snprintf(a->dict_name, sizeof a->dict_name, "%s", R->dict_name);
    if (gc->variant[0] && strcasecmp(gc->variant, "classic") != 0) {
        cli_buf_error(err, a->path, 0, "the game is played in the variant '%s': skrafl reviews classic games",
                      gc->variant);
        return -1;
    }
    char dist[32];
    snprintf(dist, sizeof dist, "%s", gc->distribution);
    for (char *q = dist; *q; q++)
        *q = (char)(*q >= 'A' && *q <= 'Z' ? *q + 32 : *q);
    if (dist[0] && strcmp(skx_ld_lang(dist), R->c->o->lang) != 0) {
        cli_buf_error(err, a->path, 0, "the game is played with the '%s' tiles: not reviewed with the '%s' tile set",
                      gc->distribution, R->c->o->lang);
        return -1;
    }
    if (gc->layout[0] && strcasecmp(gc->layout, "CrosswordGame") != 0 && strcasecmp(gc->layout, R->c->o->layout) != 0) {
        cli_buf_error(err, a->path, 0, "the game is played on the board '%s': not reviewed on the '%s' board",
                      gc->layout, R->c->o->layout);
        return -1;
    }
    if (R->dict_explicit)
        return 0;
    if (!gc->lexicon[0]) {
        /* the game's lexicon is unknown: a word missing from ours says nothing */
        a->judged = 0;
        snprintf(a->lexnote, sizeof a->lexnote, "the game names no lexicon");
        cli_buf_error(err, a->path, 0, "warning: the game names no lexicon (#lexicon): words are looked up in %s "
                      "but not judged (--dict or --lexicon judges them)", R->dict_name);
        return 0;
    }
    const char *lang = sk_gcg_lexicon_lang(gc->lexicon);
    if (lang && strcmp(lang, R->c->o->lang) != 0) {
        cli_buf_error(err, a->path, 0,
                      "the game's lexicon %s is of another language (%s): not reviewed with the '%s' tile set",
                      gc->lexicon, lang, R->c->o->lang);
        return -1;
    }
    if (strcasecmp(gc->lexicon, R->dict_name) == 0)
        return 0;
    sk_engine *le = NULL;
    char found[80];
    tk_error e2 = {0};
    if (skx_engine_lexicon(R->c->lex, gc->lexicon, &le, found, sizeof found, &e2) == TK_OK) {
        a->e = le;
        snprintf(a->dict_name, sizeof a->dict_name, "%s", found);
        return 0;
    }
    a->judged = 0;
    if (found[0])
        snprintf(a->lexnote, sizeof a->lexnote, "the game's lexicon %s could not be loaded", gc->lexicon);
    else
        snprintf(a->lexnote, sizeof a->lexnote, "the game's lexicon %s is not installed", gc->lexicon);
    cli_buf_error(err, a->path, 0, "warning: %s: words are looked up in %s but not judged%s", a->lexnote,
                  R->dict_name, found[0] ? "" : " (install it with mkdawg --install)");
    return 0;
}

static int review(const run *R, worker *w, const char *path, gstat *st, cli_buf *out, cli_buf *err)
{
    struct stat sb;
    if (strcmp(path, "-") != 0) {
        if (stat(path, &sb) != 0) {
            cli_buf_error(err, path, 0, "%s", strerror(errno));
            return CLI_EXIT_DATA;
        }
        if (S_ISDIR(sb.st_mode)) {
            cli_buf_error(err, path, 0, "a directory");
            return CLI_EXIT_DATA;
        }
        if (sb.st_size > GCG_FILE_MAX) {
            cli_buf_error(err, path, 0, "%lld bytes: too large for a game record (at most %ld)",
                          (long long)sb.st_size, GCG_FILE_MAX);
            return CLI_EXIT_DATA;
        }
    }
    size_t len;
    tk_error err0 = {0};
    char *text = cli_read_file(path, &len, &err0);
    if (!text) {
        cli_buf_error(err, path, 0, "%s", err0.msg);
        return CLI_EXIT_DATA;
    }
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    ann a;
    memset(&a, 0, sizeof a);
    a.R = R;
    a.path = name;
    a.out = out;
    a.err = err;
    a.st = st;
    a.json = R->c->o->json;
    a.list = &w->list;
    a.w = w;
    sk_gcg gc;
    errctx x = { err, name, 0 };
    int rc = sk_gcg_parse(&gc, R->c->e, text, len, on_error, &x, &err0);
    free(text);
    if (x.n > ERRORS_SHOWN)
        cli_buf_error(err, name, 0, "%d more lines that cannot be read", x.n - ERRORS_SHOWN);
    if (rc) {
        cli_buf_error(err, name, err0.line, "%s", err0.msg);
        sk_gcg_free(&gc);
        return CLI_EXIT_DATA;
    }
    a.gc = &gc;
    if (gc.clash)
        cli_buf_error(err, name, 0, "warning: both players are called '%s': told apart by turn order", gc.nick[0]);
    if (gc.alias[0])
        cli_buf_error(err, name, 0, "warning: no #player line names '%s': its events are taken as %s's (who has "
                      "none under that nickname)", gc.alias, gc.nick[gc.alias_player]);
    if (pick_lexicon(&a, err)) {
        sk_gcg_free(&gc);
        return CLI_EXIT_DATA;
    }
    a.d = sk_engine_dawg(a.e);
    if (sk_gen_create(&a.g, a.e, NULL)) {
        sk_gcg_free(&gc);
        cli_buf_error(err, NULL, 0, "out of memory");
        return -1;
    }
    a.board.dim = sk_engine_layout(a.e)->dim;
    a.before = a.board;
    for (int p = 0; p < 2; p++)
        snprintf(st->p[p].name, sizeof st->p[p].name, "%s", gc.name[p][0] ? gc.name[p] : gc.nick[p]);
    if (!a.json && R->nfiles > 1 && S.cgp_at == 0)
        cli_buf_printf(out, "--- %s\n", name);     /* which game the lines below belong to */
    annotate_game(&a);
    if (S.turn == 0 && S.cgp_at == 0)
        print_summary(&a);
    st->done = 1;
    sk_gen_destroy(a.g);
    int status = gc.nerrors ? CLI_EXIT_DATA : a.status;
    sk_gcg_free(&gc);
    return status;
}

/* ---- the batch --------------------------------------------------------------------------------- */

static void *worker_new(void *user)
{
    worker *w = calloc(1, sizeof(worker));
    if (w)
        w->R = user;
    return w;
}

static void worker_free(void *user, void *state)
{
    worker *w = state;
    (void)user;
    sk_movelist_free(&w->list);
    ske_free(w->eg);
    free(w->simres);
    free(w);
}

static int solve_game(void *state, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    worker *w = state;
    run *R = w->R;
    long i = rec->no - 1;
    if (i < 0 || i >= R->nfiles)
        return CLI_EXIT_OK;
    return review(R, w, R->files[i], &R->stats[i], out, err);
}

/* The table per player over every game reviewed. */
static void print_table(const run *R, int json)
{
    pstat *t = calloc((size_t)2 * (size_t)R->nfiles + 1, sizeof *t);
    int *games = calloc((size_t)2 * (size_t)R->nfiles + 1, sizeof *games);
    int n = 0;
    if (!t || !games) {
        free(t);
        free(games);
        return;
    }
    for (int i = 0; i < R->nfiles; i++) {
        if (!R->stats[i].done)
            continue;
        for (int p = 0; p < 2; p++) {
            const pstat *s = &R->stats[i].p[p];
            int k = 0;
            while (k < n && strcmp(t[k].name, s->name) != 0)
                k++;
            if (k == n)
                snprintf(t[n++].name, sizeof t[0].name, "%s", s->name);
            t[k].plays += s->plays;
            t[k].ranked += s->ranked;
            t[k].lost += s->lost;
            t[k].phonies += s->phonies;
            t[k].bingos_missed += s->bingos_missed;
            t[k].sim_judged += s->sim_judged;
            t[k].sim_lost += s->sim_lost;
            t[k].eg_judged += s->eg_judged;
            t[k].eg_unproven += s->eg_unproven;
            t[k].eg_lost += s->eg_lost;
            games[k]++;
        }
    }
    cli_buf o = {0};
    if (!json && n) {
        cli_buf_printf(&o, "%-24s %5s %5s %6s %10s %7s %13s", "player", "games", "plays", "ranked", "lost", "phonies",
                       "bingos missed");
        if (sks_active())
            cli_buf_printf(&o, " %9s %10s", "simulated", "sim lost");
        if (ske_active())
            cli_buf_printf(&o, " %7s %8s %12s", "endings", "unproven", "endgame lost");
        cli_buf_putc(&o, '\n');
    }
    for (int k = 0; k < n; k++) {
        char lost[32];
        skp_fmt_milli(lost, sizeof lost, t[k].lost);
        if (json) {
            cli_json j;
            cli_json_begin(&j, &o);
            cli_json_kstr(&j, "kind", "table");
            cli_json_kstr(&j, "name", t[k].name);
            cli_json_kint(&j, "games", games[k]);
            cli_json_kint(&j, "plays", t[k].plays);
            cli_json_kint(&j, "ranked", t[k].ranked);
            cli_json_key(&j, "lost");
            cli_json_raw(&j, lost);
            cli_json_kint(&j, "phonies", t[k].phonies);
            cli_json_kint(&j, "bingos_missed", t[k].bingos_missed);
            json_look_ahead_stats(&j, &t[k]);
            cli_json_end(&j);
        } else {
            /* pad by characters, not bytes (names are UTF-8) */
            int chars = 0;
            for (const char *q = t[k].name; *q; q++)
                chars += ((unsigned char)*q & 0xC0) != 0x80;
            cli_buf_printf(&o, "%s%*s %5d %5d %6d %10s %7d %13d", t[k].name, chars < 24 ? 24 - chars : 0, "",
                           games[k], t[k].plays, t[k].ranked, lost, t[k].phonies, t[k].bingos_missed);
            if (sks_active())
                cli_buf_printf(&o, " %9d %10.2f", t[k].sim_judged, t[k].sim_lost / 1000.0);
            if (ske_active())
                cli_buf_printf(&o, " %7d %8d %12d", t[k].eg_judged, t[k].eg_unproven, t[k].eg_lost);
            cli_buf_putc(&o, '\n');
        }
    }
    if (o.len)
        fwrite(o.p, 1, o.len, stdout);
    cli_buf_free(&o);
    free(t);
    free(games);
}

static void dict_display_name(const skc_ctx *c, char *out, size_t cap)
{
    const skc_opts *o = c->o;
    if (o->lexicon) {
        snprintf(out, cap, "%s", o->lexicon);
        return;
    }
    const char *d = c->dict_used ? c->dict_used : o->lang;
    const char *b = strrchr(d, '/');
    b = b ? b + 1 : d;
    size_t n = strcspn(b, ".");
    if (!o->dict && strcmp(o->lang, "en") == 0 && n == 2 && strncmp(b, "en", 2) == 0)
        snprintf(out, cap, "ENABLE2K");
    else
        snprintf(out, cap, "%.*s", (int)(n < 60 ? n : 60), b);
}

int skg_run(const skc_ctx *c, char **args, int nargs)
{
    run R;
    memset(&R, 0, sizeof R);
    R.c = c;
    R.dict_explicit = c->o->dict || c->o->lexicon;
    dict_display_name(c, R.dict_name, sizeof R.dict_name);
    if (c->o->show || c->o->svg) {
        if (S.turn == 0)
            cli_usage_error("--show and --svg draw one turn of a game: give --turn N");
    }
    int status = CLI_EXIT_OK;
    sk_leaves *own = NULL;
    R.leaves = skp_leaves();
    if (!R.leaves) {
        /* the language's shipped leave table (.tkl, else .csv), when there is one: equity needs it */
        if (skp_shipped_leaves(c->e, c->o->lang, &own) != CLI_EXIT_OK)
            return CLI_EXIT_DATA;
        R.leaves = own;
    }
    const char *first = skp_gcg_arg();
    for (int i = -1; i < nargs; i++) {
        const char *p = i < 0 ? first : args[i];
        struct stat st;
        int rc = 0;
        if (strcmp(p, "-") != 0 && stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            int before = R.nfiles;
            rc = add_dir(&R, p, 0);
            if (rc >= 0 && R.nfiles == before) {
                cli_error(p, 0, "no *.gcg file in this directory");
                status = CLI_EXIT_DATA;
            }
        } else {
            rc = add_file(&R, p);
        }
        if (rc < 0) {
            cli_error(NULL, 0, "out of memory");
            status = CLI_EXIT_DATA;
            break;
        }
        if (rc > 0)
            status = CLI_EXIT_DATA;
    }
    R.stats = calloc((size_t)R.nfiles + 1, sizeof *R.stats);
    if (!R.stats) {
        cli_error(NULL, 0, "out of memory");
        status = CLI_EXIT_DATA;
    } else if (R.nfiles > 0) {
        int jobs = c->o->jobs > 0 ? c->o->jobs : cli_cpu_count();
        if (jobs > R.nfiles)
            jobs = R.nfiles;
        if (c->o->svg)
            jobs = 1;             /* one picture file: the games write it in order */
        cli_batch b = { .kind = CLI_BATCH_COUNT, .count = R.nfiles, .jobs = jobs, .user = &R,
                        .init = worker_new, .fini = worker_free, .solve = solve_game };
        int s = cli_batch_run(&b);
        if (s > status)
            status = s;
        if (!b.write_error && S.turn == 0 && S.cgp_at == 0)
            print_table(&R, c->o->json);
    }
    for (int i = 0; i < R.nfiles; i++)
        free(R.files[i]);
    free(R.files);
    free(R.stats);
    sk_leaves_destroy(own);
    return status;
}
