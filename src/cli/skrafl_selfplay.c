/* skrafl_selfplay.c - skrafl --selfplay N: complete games between two
 * players.
 *
 * Game i (0-based) is seeded with sk_game_seed(S, i) (with --pairs games
 * 2k and 2k+1 share a seed, seats swapped) and started by player i % 2, so
 * the result depends only on S and N, never on --jobs.  The games are the
 * records of the shared batch engine (cli_batch, CLI_BATCH_COUNT): its
 * worker threads play them, each writes its own GCG file (--gcg DIR), and
 * the engine prints the JSON lines in game order.  The players: score,
 * equity (the --leaves or shipped table), equity:TABLE, sim (sk_sim_choose
 * with the --sim budget options) and endgame (equity, then the exact
 * endgame solver once the bag is empty).
 */
#include "cli/skrafl_cli.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- the endgame player ------------------------------------------------------------------------ */

typedef struct eg_player {
    sk_endgame *s;
    sk_eg_opts opts;
} eg_player;

static int eg_player_init(eg_player *p, const sk_engine *e, const skc_opts *o)
{
    tk_error err;
    memset(p, 0, sizeof *p);
    p->opts.seconds = o->eg.seconds > 0 ? o->eg.seconds : 1.0;
    p->opts.plies = o->eg.plies;
    return sk_endgame_create(&p->s, e, (size_t)o->eg.tt_mb, 1, &err) ? -1 : 0;
}

/* The first play of the exact solve within --seconds (default 1 s). */
static int eg_player_choose(void *ctx, const sk_board *b, const sk_rack *me, const sk_rack *opp, int scoreless,
                            int last_pass, sk_play *out)
{
    eg_player *p = ctx;
    sk_eg_position pos;
    memset(&pos, 0, sizeof pos);
    pos.board = *b;
    pos.rack[0] = *me;
    pos.rack[1] = *opp;
    pos.zeroless = scoreless;
    pos.last_pass = last_pass;
    sk_eg_result r;
    tk_error err;
    if (sk_endgame_solve(p->s, &pos, &p->opts, &r, &err) || r.npv == 0)
        return -1;
    memset(out, 0, sizeof *out);
    out->kind = r.pv[0].kind;
    if (out->kind == SK_PLAY_MOVE) {
        out->move = r.pv[0].move;
        out->score = r.pv[0].move.score;
    }
    sk_eg_result_free(&r);
    return 0;
}

/* ---- the checks before the games -------------------------------------------------------------------- */

/* --selfplay N --gcg DIR: DIR created (mkdir -p); every DIR/game-K.gcg
 * (K in 1..N) already there must be replaceable (cli_out_check: --force, a
 * regular file, not an input), checked before the first game is played. */
static int gcg_dir_check(const skc_opts *o)
{
    tk_error e = {0};
    if (cli_out_mkdirs(o->play.gcg, &e) != 0) {
        cli_error(o->play.gcg, 0, "%s (--gcg with --selfplay names the directory to write)", e.msg);
        return -1;
    }
    DIR *d = opendir(o->play.gcg);
    if (!d) {
        cli_error(o->play.gcg, 0, "%s", strerror(errno));
        return -1;
    }
    int bad = 0;
    struct dirent *de;
    while (!bad && (de = readdir(d)) != NULL) {
        const char *s = de->d_name;
        if (strncmp(s, "game-", 5) != 0 || !(s[5] >= '1' && s[5] <= '9'))
            continue;
        char *end;
        long k = strtol(s + 5, &end, 10);
        if (strcmp(end, ".gcg") != 0 || k < 1 || k > o->play.selfplay)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", o->play.gcg, s);
        if (cli_out_check(path, &e) != 0) {
            cli_error(path, 0, "%s", e.msg);
            bad = 1;
        }
    }
    closedir(d);
    return bad ? -1 : 0;
}

int skc_selfplay_prepare(const skc_opts *o)
{
    if (o->play.pairs && (!o->play.selfplay || o->play.selfplay % 2))
        cli_usage_error("--pairs needs --selfplay with an even number of games");
    if (o->play.selfplay && o->play.gcg && gcg_dir_check(o) != 0)
        return CLI_EXIT_DATA;
    return CLI_EXIT_OK;
}

/* ---- the games ---------------------------------------------------------------------------------------- */

/* What --verbose reports of each player over the games: points, bingos
 * (placements of all SK_RACK_MAX tiles), exchanges, and player 0's spread. */
typedef struct sp_tally {
    long points[2], bingos[2], exchanges[2];
    double spread, spread2;           /* sums of player 0's spread and of its square */
} sp_tally;

static void tally_game(sp_tally *t, const sk_game *gm)
{
    for (int k = 0; k < 2; k++)
        t->points[k] += gm->scores[k];
    for (int i = 0; i < gm->nturns; i++) {
        const sk_turn *u = &gm->turns[i];
        t->bingos[u->player] += u->kind == SK_TURN_MOVE && u->play.move.ntiles == SK_RACK_MAX;
        t->exchanges[u->player] += u->kind == SK_TURN_EXCHANGE;
    }
    double d = gm->scores[0] - gm->scores[1];
    t->spread += d;
    t->spread2 += d * d;
}

static void tally_add(sp_tally *to, const sp_tally *t)
{
    for (int k = 0; k < 2; k++) {
        to->points[k] += t->points[k];
        to->bingos[k] += t->bingos[k];
        to->exchanges[k] += t->exchanges[k];
    }
    to->spread += t->spread;
    to->spread2 += t->spread2;
}

typedef struct sp_ctx {
    const skc_ctx *cc;
    const skc_opts *o;
    const sk_engine *e;
    const char *lexicon;              /* for the GCG files: the dictionary's name */
    sk_player players[2];
    const char *names[2];
    const char *lang;
    long wins[2], ties, games;        /* merged from the threads by sp_fini */
    long eg_games;
    double eg_gain;
    sp_tally tally;
    int endgame[2];                   /* player k is "endgame" */
    uint8_t *result;                  /* --pairs: per game, player 0's result in half points
                                       * (2 win, 1 tie, 0 loss); each game writes its own slot */
    char nick[2][160];                /* score, equity, or equity:TABLE as given (JSON line and GCG) */
    sk_best_opts best_base;           /* "best" players: leave values, win table, seed */
    sk_sim_opts simo;                 /* the player sim's options and chooser */
    sk_chooser sim;
} sp_ctx;

typedef struct sp_state {
    sp_ctx *c;
    sk_gen *g;
    sk_movelist list;
    sk_game game;
    long wins[2], ties, games;
    sk_endgame_hook hooks[2];  /* "endgame" players: this thread's solver; "best": its player */
    eg_player eg;
    sk_best_player *best[2];
    long eg_games;             /* games that reached an empty bag */
    double eg_gain;            /* player 0's spread change from then on, summed */
    sp_tally tally;
} sp_state;

static void sp_fini(void *user, void *state);

static void *sp_init(void *user)
{
    sp_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->c = user;
    if (sk_gen_create(&st->g, st->c->e, NULL)) {
        free(st);
        return NULL;
    }
    for (int k = 0; k < 2; k++)
        if (st->c->endgame[k]) {
            if (!st->eg.s && eg_player_init(&st->eg, st->c->e, st->c->o)) {
                sk_gen_destroy(st->g);
                free(st);
                return NULL;
            }
            st->hooks[k].choose = eg_player_choose;
            st->hooks[k].ctx = &st->eg;
        }
    for (int k = 0; k < 2; k++)
        if (st->c->o->play.best[k] > 0) {
            tk_error err;
            if (sk_best_player_create(&st->best[k], st->c->e, st->c->o->play.best[k], &st->c->best_base, &err)) {
                sp_fini(user, st);
                return NULL;
            }
            st->hooks[k].turn = sk_best_player_turn;
            st->hooks[k].ctx = st->best[k];
        }
    return st;
}

static void sp_fini(void *user, void *state)
{
    sp_ctx *c = user;
    sp_state *st = state;
    c->wins[0] += st->wins[0];
    c->wins[1] += st->wins[1];
    c->ties += st->ties;
    c->games += st->games;
    c->eg_games += st->eg_games;
    c->eg_gain += st->eg_gain;
    tally_add(&c->tally, &st->tally);
    sk_endgame_destroy(st->eg.s);
    sk_best_player_destroy(st->best[0]);
    sk_best_player_destroy(st->best[1]);
    sk_movelist_free(&st->list);
    sk_gen_destroy(st->g);
    free(st);
}

static int write_gcg(const sp_ctx *c, const sk_game *gm, long no, cli_buf *err)
{
    char *text = NULL;
    size_t len = 0;
    if (sk_game_gcg(c->e, gm, c->names, c->lexicon, &text, &len))
        return -1;
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%ld.gcg", c->o->play.gcg, no);
    tk_error oe = {0};
    int rc = cli_out_write_file(path, text, len, &oe);     /* the output-file rule: cli_outfile.h */
    free(text);
    if (rc != 0) {
        cli_buf_error(err, path, 0, "%s", oe.msg);
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

/* Game number rec->no (1-based): seed sk_game_seed(S, no - 1), started by
 * player (no - 1) % 2. */
static int sp_solve(void *state, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    sp_state *st = state;
    const sp_ctx *c = st->c;
    long i = rec->no - 1;
    uint64_t seed = sk_game_seed(c->o->play.seed, (uint64_t)(c->o->play.pairs ? i / 2 : i));
    int first = (int)(i % 2);
    tk_error e = {0};
    sk_game *gm = &st->game;
    if (sk_selfplay_hooked(st->g, &st->list, c->players, st->hooks, first, seed, gm, &e))
        return -1;
    int eg_gain = 0;
    if (gm->empty_turn >= 0) {
        eg_gain = (gm->scores[0] - gm->scores[1]) - (gm->empty_scores[0] - gm->empty_scores[1]);
        st->eg_games++;
        st->eg_gain += eg_gain;
    }
    tally_game(&st->tally, gm);
    int turns = 0;
    for (int t = 0; t < gm->nturns; t++)
        turns += gm->turns[t].kind <= SK_TURN_PASS;
    int win = gm->scores[0] > gm->scores[1] ? 0 : gm->scores[1] > gm->scores[0] ? 1 : -1;
    if (win < 0)
        st->ties++;
    else
        st->wins[win]++;
    st->games++;
    if (c->result)
        c->result[i] = (uint8_t)(win < 0 ? 1 : win == 0 ? 2 : 0);
    cli_json j;
    cli_json_begin(&j, out);
    cli_json_kint(&j, "game", rec->no);
    cli_json_key(&j, "seed");
    char sd[32];
    snprintf(sd, sizeof sd, "%llu", (unsigned long long)seed);
    cli_json_raw(&j, sd);
    cli_json_key(&j, "players");
    cli_json_array(&j);
    cli_json_str(&j, c->names[0]);
    cli_json_str(&j, c->names[1]);
    cli_json_close(&j);
    cli_json_kstr(&j, "first", c->names[first]);
    cli_json_key(&j, "scores");
    cli_json_array(&j);
    cli_json_int(&j, gm->scores[0]);
    cli_json_int(&j, gm->scores[1]);
    cli_json_close(&j);
    cli_json_kstr(&j, "winner", win < 0 ? "tie" : c->names[win]);
    cli_json_kint(&j, "turns", turns);
    if (gm->empty_turn >= 0 && (c->endgame[0] || c->endgame[1]))   /* a match of the endgame player */
        cli_json_kint(&j, "after_bag_empty", eg_gain);   /* the first player's spread change from then on */
    cli_json_end(&j);
    return c->o->play.gcg ? write_gcg(c, gm, rec->no, err) : CLI_EXIT_OK;
}

/* --pairs --verbose: a pair's score is player 0's share of its two games
 * (0, 1/4, .., 1); the mean over the pairs with a normal 95% interval from
 * their spread (the two games of a pair are not independent: the binomial
 * interval above does not apply to them), and how many pairs were split
 * (the same seat did not win both: the players' choices made the difference). */
static void pair_summary(const sp_ctx *c, const char *name)
{
    long np = c->games / 2, split = 0;
    double sum = 0, sum2 = 0;
    for (long k = 0; k < np; k++) {
        double x = (c->result[2 * k] + c->result[2 * k + 1]) / 4.0;
        sum += x;
        sum2 += x * x;
        split += x != 0.5;
    }
    double m = sum / (double)np;
    double var = np > 1 ? (sum2 - (double)np * m * m) / (double)(np - 1) : 0;
    double h = 1.96 * sqrt(var > 0 ? var / (double)np : 0);
    fprintf(stderr, "skrafl: %ld pairs, %ld split: %s scores %.2f%% over the pairs (95%% interval %.2f..%.2f%%)\n",
            np, split, name, 100 * m, 100 * (m - h), 100 * (m + h));
}

/* The simulating player: sk_sim_choose with --candidates, --plies,
 * --iterations / --seconds / --confidence (default 50 iterations), one
 * thread, the leave table lv. */
static const sk_chooser *sim_player(sp_ctx *c, sk_leaves *lv)
{
    const skc_sim_opts *s = &c->o->sim;
    sk_sim_opts *so = &c->simo;
    memset(so, 0, sizeof *so);
    so->plies = s->plies ? (int)s->plies : 2;
    so->candidates = (int)s->candidates;
    so->iterations = s->have_iters ? s->iterations : (s->have_seconds ? 0 : 50);
    so->seconds = s->seconds;
    so->confidence = s->confidence;
    so->seed = c->o->play.seed;
    so->jobs = 1;
    so->fn = sk_leaves_value;
    so->ctx = lv;
    so->wins = c->cc->have_wintab ? &c->cc->wintab : NULL;
    c->sim.choose = sk_sim_choose;
    c->sim.ctx = so;
    return &c->sim;
}

/* --verbose: the players' shares, points, bingos and exchanges, the empty-bag gains, the pairs. */
static void report(const sp_ctx *c, struct timespec t0, struct timespec t1)
{
    double s = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    /* share of the first player (a tie counts half), Wilson score interval */
    double n = (double)c->games, z = 1.96;
    double p = (c->wins[0] + 0.5 * c->ties) / n;
    double mid = (p + z * z / (2 * n)) / (1 + z * z / n);
    double h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
    fprintf(stderr, "skrafl: %ld games in %.2f s (%.1f games/s): %s %ld, %s %ld, ties %ld; "
                    "%s scores %.2f%% (95%% interval %.2f..%.2f%%)\n",
            c->games, s, c->games / (s > 0 ? s : 1e-9), c->nick[0], c->wins[0], c->nick[1], c->wins[1], c->ties,
            c->nick[0], 100 * p, 100 * (mid - h), 100 * (mid + h));
    const sp_tally *t = &c->tally;
    double ms = t->spread / n, vs = n > 1 ? (t->spread2 - n * ms * ms) / (n - 1) : 0;
    fprintf(stderr, "skrafl: a game on average: %s %.2f points, %.3f bingos, %.3f exchanges; "
                    "%s %.2f points, %.3f bingos, %.3f exchanges; spread %+.2f (sd %.1f)\n",
            c->nick[0], t->points[0] / n, t->bingos[0] / n, t->exchanges[0] / n,
            c->nick[1], t->points[1] / n, t->bingos[1] / n, t->exchanges[1] / n, ms, sqrt(vs > 0 ? vs : 0));
    if (c->eg_games > 0)
        fprintf(stderr, "skrafl: %ld games reached an empty bag; from then on %s gained %+.2f points a game\n",
                c->eg_games, c->nick[0], c->eg_gain / (double)c->eg_games);
    if (c->result && c->games == c->o->play.selfplay)
        pair_summary(c, c->nick[0]);
}

static int run_selfplay(const skc_ctx *cc, const char *lexicon)
{
    const skc_opts *o = cc->o;
    int jobs = o->jobs > 0 ? o->jobs : cli_cpu_count();
    sp_ctx c;
    memset(&c, 0, sizeof c);
    c.cc = cc;
    c.o = o;
    c.e = cc->e;
    c.lang = o->lang;
    c.lexicon = lexicon;
    char (*nick)[160] = c.nick;
    const char *pl = o->play.players ? o->play.players : "equity,score";
    const char *comma = strchr(pl, ',');
    for (int k = 0; k < 2; k++) {
        const char *s = k ? comma + 1 : pl;
        int n = k ? (int)strlen(s) : (int)(comma - pl);
        int eq = s[0] == 'e', eg = strncmp(s, "endgame", 7) == 0;
        c.players[k].strategy = eq ? SK_STRAT_EQUITY : SK_STRAT_SCORE;
        c.players[k].fn = sk_leaves_value;
        c.players[k].ctx = cc->pleaves[k] ? cc->pleaves[k] : cc->leaves;
        c.endgame[k] = eg;
        snprintf(nick[k], sizeof nick[k], "%.*s", n < 150 ? n : 150, s);
        for (char *q = nick[k]; *q; q++)
            if (*q == ' ' || *q == '\t')
                *q = '_';   /* a GCG nickname has no spaces */
        if (o->play.best[k] > 0)   /* best[:SECONDS]: named "best" (tilekit/skendgame.h: sk_best_player) */
            snprintf(nick[k], sizeof nick[k], "best");
        if (s[0] == 's' && s[1] == 'i') {   /* sim: skrafl_sim.c's simulating player */
            c.players[k].strategy = SK_STRAT_CUSTOM;
            c.players[k].ctx = (void *)sim_player(&c, cc->leaves);
            snprintf(nick[k], sizeof nick[k], "sim");
        }
    }
    if (strcmp(nick[0], nick[1]) == 0) {
        snprintf(nick[0] + strlen(nick[0]), 4, "1");
        snprintf(nick[1] + strlen(nick[1]), 4, "2");
    }
    c.best_base = (sk_best_opts){ 0, 0, 0, 0, sk_leaves_value, cc->leaves, cc->have_wintab ? &cc->wintab : NULL,
                                  o->play.seed };
    c.names[0] = c.players[0].name = nick[0];
    c.names[1] = c.players[1].name = nick[1];
    if (o->play.pairs && !(c.result = calloc((size_t)o->play.selfplay, 1))) {
        cli_error(NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    cli_batch b;
    memset(&b, 0, sizeof b);
    b.kind = CLI_BATCH_COUNT;
    b.count = o->play.selfplay;
    b.jobs = jobs;
    b.progress = "skrafl: games";
    b.user = &c;
    b.init = sp_init;
    b.fini = sp_fini;
    b.solve = sp_solve;
    int status = cli_batch_run(&b);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (o->verbose && c.games > 0)
        report(&c, t0, t1);
    free(c.result);
    return status;
}


int skc_selfplay(const skc_ctx *c)
{
    char lex[64];
    const char *dict = c->dict_used, *base = dict ? strrchr(dict, '/') : NULL;
    base = base ? base + 1 : dict ? dict : c->o->lang;
    snprintf(lex, sizeof lex, "%.*s", (int)strcspn(base, "."), base);
    return run_selfplay(c, lex);
}
