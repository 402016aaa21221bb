/* skrafl_play.c - skrafl's equity listing, unseen tiles and self-play.
 *
 * Equity listing: with --top N the best N plays by the top-N search
 * (sk_top_plays: placements, exchanges when the bag holds 7, the pass, the
 * empty-bag rule); without it every placement is generated, valued with
 * the leave table (sk_rank_plays), exchanges and the pass added, and the
 * whole list sorted by equity (or by score with --sort score).  --check
 * ranks a play by the top-N search too (skp_rank_play).  The bag is
 * what the position implies: unseen tiles (tile set minus board minus rack)
 * less the opponent's rack (7 tiles, or all unseen tiles if fewer).
 *
 * Self-play: N games, game i (0-based) seeded with sk_game_seed(S, i) and
 * started by player i % 2, so the result depends only on S and N, never on
 * --jobs.  The games are the records of the shared batch engine
 * (cli_batch, CLI_BATCH_COUNT): its worker threads play them, each writes
 * its own GCG file, and the engine prints the JSON lines in game order.
 */
#include "cli.h"
#include "cli/cli_batch.h"
#include "cli/cli_json.h"
#include "skrafl_endgame.h"
#include "skrafl_play.h"
#include "skrafl_sim.h"
#include "tilekit/skendgame.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static struct {
    const char *leaves_arg;
    int sort;              /* 0 default, 1 score, 2 equity */
    int unseen, exchanges;
    long selfplay;
    int pairs;             /* --pairs: games 2k and 2k+1 share their tiles, seats swapped */
    unsigned long long seed;
    int have_seed;
    const char *players;
    const char *gcg;
    sk_leaves *leaves;
    sk_leaves *pleaves[2];  /* --players equity:TABLE: that player's own table */
    double best[2];         /* --players best[:SECONDS]: that player's clock a game (0: not best) */
    const char *lexicon;
} P;

static unsigned long long parse_ull(const char *s, const char *what)
{
    return cli_parse_u64(what, s, 0, UINT64_MAX);
}

void skp_option(int code, const char *arg)
{
    switch (code) {
    case SKP_O_LEAVES: P.leaves_arg = arg; break;
    case SKP_O_SORT:
        if (strcmp(arg, "score") == 0)
            P.sort = 1;
        else if (strcmp(arg, "equity") == 0)
            P.sort = 2;
        else
            cli_usage_error("unknown --sort '%s' (score or equity)", arg);
        break;
    case SKP_O_UNSEEN: P.unseen = 1; break;
    case SKP_O_EXCHANGES: P.exchanges = 1; break;
    case SKP_O_PAIRS: P.pairs = 1; break;
    case SKP_O_SELFPLAY: {
        unsigned long long n = parse_ull(arg, "--selfplay");
        if (n < 1 || n > 100000000)
            cli_usage_error("invalid --selfplay '%s' (1..100000000 games)", arg);
        P.selfplay = (long)n;
        break;
    }
    case SKP_O_SEED: P.seed = parse_ull(arg, "--seed"); P.have_seed = 1; break;
    case SKP_O_PLAYERS: P.players = arg; break;
    case SKP_O_GCG:
        if (!*arg)
            cli_usage_error("--gcg needs a file (or, with --selfplay, a directory)");
        P.gcg = arg;
        break;
    }
}

/* --selfplay N --gcg DIR: DIR created (mkdir -p); every DIR/game-K.gcg
 * (K in 1..N) already there must be replaceable (cli_out_check: --force, a
 * regular file, not an input), checked before the first game is played. */
static int gcg_dir_check(void)
{
    tk_error e = {0};
    if (cli_out_mkdirs(P.gcg, &e) != 0) {
        cli_error(P.gcg, 0, "%s (--gcg with --selfplay names the directory to write)", e.msg);
        return -1;
    }
    DIR *d = opendir(P.gcg);
    if (!d) {
        cli_error(P.gcg, 0, "%s", strerror(errno));
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
        if (strcmp(end, ".gcg") != 0 || k < 1 || k > P.selfplay)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", P.gcg, s);
        if (cli_out_check(path, &e) != 0) {
            cli_error(path, 0, "%s", e.msg);
            bad = 1;
        }
    }
    closedir(d);
    return bad ? -1 : 0;
}

void skp_usage(void)
{
    printf("Playing the game:\n"
           "      --leaves=FILE      leave table (CSV 'leave,value', tilekit's .tkl, or the .klv /\n"
           "                         .klv2 files of wolges and MAGPIE; 'en'/'is' or 'default' for\n"
           "                         the shipped table of the language); moves are then ranked by\n"
           "                         equity = score + leave value, with exchanges and the pass\n"
           "      --sort=KEY         score or equity (default: equity when leaves are loaded)\n"
           "      --exchanges        also list exchanges (bag >= 7) and the pass when sorting by score\n"
           "      --unseen           print the unseen tiles and the bag count first\n"
           "      --selfplay=N       play N complete games, one JSON line a game\n"
           "      --seed=S           seed of the self-play games (default 1)\n"
           "      --pairs            play the games in pairs: games 2k-1 and 2k draw the same\n"
           "                         tiles in the same order, each player starting one of them\n"
           "                         (duplicate); --verbose then also rates the pairs\n"
           "      --players=A,B      the two players: score, equity (the --leaves or shipped table),\n"
           "                         equity:TABLE (its own table), sim or endgame (default\n"
           "                         equity,score); sim simulates each turn (--candidates, --plies,\n"
           "                         --iterations or --seconds: its budget a turn, default 10\n"
           "                         candidates, 2 plies, 50 iterations); endgame plays equity,\n"
           "                         then the exact endgame solver once the bag is empty\n"
           "                         (--seconds per solve, default 1); best[:SECONDS] chooses\n"
           "                         as --best does, on a clock of SECONDS a game (default %g)\n"
           "      --gcg=FILE|DIR     annotate the GCG game FILE move by move; with --selfplay,\n"
           "                         write every game as DIR/game-N.gcg (DIR is created)\n",
           SKP_BEST_GAME_SECONDS);
}

/* ---- setup ---------------------------------------------------------------------------- */

/* Load a leave table named by `arg`: 'default' (the shipped table of lang),
 * 'en' / 'is' (that shipped table, unless a file of that name exists), or a
 * file (binary .tkl or CSV).  Shipped tables: leaves/LANG.tkl, else
 * leaves/LANG.csv in the data path.  Returns an exit status. */
static int load_leaves(const sk_engine *e, const char *lang, const char *arg, sk_leaves **out)
{
    char buf[4096], rel[64];
    const char *path = arg;
    struct stat st;
    if (strcmp(arg, "default") == 0 || ((!strcmp(arg, "en") || !strcmp(arg, "is")) && stat(arg, &st) != 0)) {
        const char *name = strcmp(arg, "default") ? arg : lang;
        snprintf(rel, sizeof rel, "leaves/%s.tkl", name);
        path = cli_find_data(rel, buf, sizeof buf);
        if (!path) {
            snprintf(rel, sizeof rel, "leaves/%s.csv", name);
            path = cli_find_data(rel, buf, sizeof buf);
        }
        if (!path) {
            cli_error(NULL, 0, "no shipped leave table leaves/%s.tkl or .csv (give --leaves FILE)", name);
            return CLI_EXIT_DATA;
        }
    }
    size_t len;
    char *text = cli_load_file(path, &len);
    if (!text)
        return CLI_EXIT_DATA;
    tk_error err = {0};
    int rc = sk_leaves_load(out, sk_engine_alphabet(e), sk_engine_tileset(e), text, len, &err);
    free(text);
    if (rc) {
        cli_error(path, err.line, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

int skp_shipped_leaves(const sk_engine *e, const char *lang, sk_leaves **out)
{
    char buf[4096], rel[64];
    *out = NULL;
    snprintf(rel, sizeof rel, "leaves/%s.tkl", lang);
    if (!cli_find_data(rel, buf, sizeof buf)) {
        snprintf(rel, sizeof rel, "leaves/%s.csv", lang);
        if (!cli_find_data(rel, buf, sizeof buf))
            return CLI_EXIT_OK;
    }
    return load_leaves(e, lang, "default", out);
}

/* The clock of a player best:SECONDS (seconds a game, > 0). */
static double best_seconds(const char *s, size_t n)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.*s", (int)(n < 63 ? n : 63), s);
    return cli_parse_real("--players best:SECONDS", buf, 0, 0.001, 1e7);
}

int skp_setup(const sk_engine *e, const char *lang)
{
    if (P.pairs && (!P.selfplay || P.selfplay % 2))
        cli_usage_error("--pairs needs --selfplay with an even number of games");
    if (P.selfplay && P.gcg && gcg_dir_check() != 0)
        return CLI_EXIT_DATA;
    int need_default = 0;
    if (P.selfplay) {
        const char *pl = P.players ? P.players : "equity,score";
        const char *comma = strchr(pl, ',');
        if (!comma || strchr(comma + 1, ','))
            cli_usage_error("--players needs two players: A,B (score, equity or equity:TABLE)");
        for (int k = 0; k < 2; k++) {
            const char *s = k ? comma + 1 : pl;
            size_t n = k ? strlen(s) : (size_t)(comma - pl);
            if ((n == 6 && strncmp(s, "equity", 6) == 0) || (n == 3 && strncmp(s, "sim", 3) == 0) ||
                (n == 7 && strncmp(s, "endgame", 7) == 0))
                need_default = 1;
            else if (strncmp(s, "best", 4) == 0 && (n == 4 || s[4] == ':')) {
                need_default = 1;
                P.best[k] = n == 4 ? SKP_BEST_GAME_SECONDS : best_seconds(s + 5, n - 5);
            }
            else if (n > 7 && strncmp(s, "equity:", 7) == 0) {
                char file[4096];
                snprintf(file, sizeof file, "%.*s", (int)(n - 7), s + 7);
                int rc = load_leaves(e, lang, file, &P.pleaves[k]);
                if (rc)
                    return rc;
            } else if (!(n == 5 && strncmp(s, "score", 5) == 0))
                cli_usage_error("unknown player '%.*s' (score, equity, equity:TABLE, sim, endgame, best or best:SECONDS)",
                                (int)n, s);
        }
    }
    const char *arg = P.leaves_arg;
    if (!arg && need_default)
        arg = "default";
    if (!arg)
        return CLI_EXIT_OK;
    return load_leaves(e, lang, arg, &P.leaves);
}

void skp_cleanup(void)
{
    sk_leaves_destroy(P.leaves);
    P.leaves = NULL;
    for (int k = 0; k < 2; k++) {
        sk_leaves_destroy(P.pleaves[k]);
        P.pleaves[k] = NULL;
    }
}

int skp_takes_over(void) { return P.selfplay > 0 || (P.gcg != NULL); }

int skp_equity(void)
{
    return P.sort == 2 || P.leaves != NULL || P.exchanges || P.unseen;
}

/* ---- listing by equity ------------------------------------------------------------------ */

static void json_str(cli_buf *f, const char *s) { cli_json_quote(f, s, strlen(s)); }

/* Open a JSON object with the input's line number (when there is one). */
static void json_begin(cli_buf *f, long line)
{
    cli_buf_putc(f, '{');
    if (line > 0)
        cli_buf_printf(f, "\"line\":%ld,", line);
}

void skp_fmt_milli(char *out, size_t cap, int64_t v)
{
    int64_t a = v < 0 ? -v : v;
    snprintf(out, cap, "%s%lld.%03lld", v < 0 ? "-" : "", (long long)(a / 1000), (long long)(a % 1000));
    /* trim trailing zeros, keep one decimal */
    size_t n = strlen(out);
    while (n > 2 && out[n - 1] == '0' && out[n - 2] != '.')
        out[--n] = 0;
}

static void tiles_text(const sk_engine *e, const uint8_t *x, int n, char *out, size_t cap)
{
    sk_rack r;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < n; i++) {
        if (x[i] == 0)
            r.blanks++;
        else
            r.count[x[i]]++;
        r.n++;
    }
    sk_rack_leave(&r, NULL, e, out, cap);
}

/* The rack left after play p. */
static void play_leave(const sk_engine *e, const sk_rack *r, const sk_play *p, char *out, size_t cap)
{
    if (p->kind == SK_PLAY_MOVE) {
        sk_rack_leave(r, &p->move, e, out, cap);
        return;
    }
    sk_rack k = *r;
    for (int i = 0; i < p->nx; i++) {
        if (p->x[i] == 0)
            k.blanks--;
        else
            k.count[p->x[i]]--;
        k.n--;
    }
    sk_rack_leave(&k, NULL, e, out, cap);
}

/* "8H" / "-ABC" / "-": the play's coordinate field and its word field. */
static void play_fields(const sk_engine *e, const sk_play *p, int style, char *coord, size_t cc,
                        char *word, size_t wc)
{
    if (p->kind == SK_PLAY_MOVE) {
        sk_coord_format(p->move.row, p->move.col, p->move.dir, coord, cc);
        sk_move_format(&p->move, e, style, word, wc);
    } else if (p->kind == SK_PLAY_EXCHANGE) {
        snprintf(coord, cc, "xchg");
        word[0] = '-';
        tiles_text(e, p->x, p->nx, word + 1, wc - 1);
    } else {
        snprintf(coord, cc, "pass");
        snprintf(word, wc, "-");
    }
}

static void print_play(const sk_engine *e, cli_buf *f, const sk_board *b, const sk_rack *r, const sk_play *p,
                       long line, int json, int words, size_t rank)
{
    char coord[16], word[256], leave[128], eq[32], lv[32];
    play_fields(e, p, json ? SK_FMT_WORD : SK_FMT_PAREN, coord, sizeof coord, word, sizeof word);
    play_leave(e, r, p, leave, sizeof leave);
    skp_fmt_milli(eq, sizeof eq, p->equity);
    skp_fmt_milli(lv, sizeof lv, p->leave);
    static const char *kinds[] = { "move", "exchange", "pass" };
    if (json) {
        json_begin(f, line);
        cli_buf_printf(f, "\"rank\":%zu,\"kind\":\"%s\",", rank, kinds[p->kind]);
        if (p->kind == SK_PLAY_MOVE) {
            char played[256];
            sk_move_format(&p->move, e, SK_FMT_PLAYED, played, sizeof played);
            cli_buf_puts(f, "\"coord\":");
            json_str(f, coord);
            cli_buf_printf(f, ",\"row\":%d,\"col\":%d,\"dir\":\"%c\",\"word\":", p->move.row, p->move.col,
                    p->move.dir ? 'V' : 'H');
            json_str(f, word);
            cli_buf_puts(f, ",\"played\":");
            json_str(f, played);
            cli_buf_printf(f, ",\"tiles\":%d,", p->move.ntiles);
        } else if (p->kind == SK_PLAY_EXCHANGE) {
            cli_buf_puts(f, "\"exchange\":");
            json_str(f, word + 1);
            cli_buf_putc(f, ',');
        }
        cli_buf_printf(f, "\"score\":%d,\"leave\":", p->score);
        json_str(f, leave);
        cli_buf_printf(f, ",\"leave_value\":%s,\"equity\":%s}\n", lv, eq);
        return;
    }
    cli_buf_printf(f, "%s  %s  %d  equity:%s  leave:%s", coord, word, p->score, eq, leave[0] ? leave : "-");
    if (words && p->kind == SK_PLAY_MOVE) {
        sk_word w[SK_MAX_WORDS];
        char text[SK_MAX_DIM * (ALPHA_LETTER_MAX + 2) + 1];
        int nw = sk_move_words(&p->move, b, w, SK_MAX_WORDS);
        cli_buf_puts(f, "  words:");
        for (int i = 0; i < nw && i < SK_MAX_WORDS; i++) {
            sk_word_format(&w[i], e, SK_FMT_WORD, text, sizeof text);
            cli_buf_printf(f, "%s%s", i ? "," : "", text);
        }
    }
    cli_buf_putc(f, '\n');
}

static void position_state(const sk_engine *e, const sk_board *b, const sk_rack *r, sk_state *st,
                           int unseen[64], int *nunseen)
{
    *nunseen = sk_unseen(e, b, r, unseen);
    if (*nunseen < 0)
        *nunseen = 0;
    sk_state_from_unseen(e, unseen, *nunseen, st);
}

static void print_unseen(const sk_engine *e, cli_buf *f, const int unseen[64], int n, const sk_state *st,
                         long line, int json)
{
    sk_rack u;
    memset(&u, 0, sizeof u);
    char *txt = malloc(8 * 128 + 16);
    size_t at = 0;
    if (!txt)
        return;
    txt[0] = 0;
    /* up to 100+ tiles: spell them directly */
    const alpha_table *a = sk_engine_alphabet(e);
    for (int l = 1; l <= a->size; l++)
        for (int k = 0; k < unseen[l] && at + 20 < 8 * 128; k++)
            at += (size_t)snprintf(txt + at, 8 * 128 + 16 - at, "%s", a->upper[l]);
    for (int k = 0; k < unseen[0] && at + 2 < 8 * 128; k++)
        txt[at++] = '?', txt[at] = 0;
    if (json) {
        json_begin(f, line);
        cli_buf_puts(f, "\"unseen\":");
        json_str(f, txt);
        cli_buf_printf(f, ",\"count\":%d,\"bag\":%d}\n", n, st->bag);
    } else {
        cli_buf_printf(f, "unseen %d: %s  bag %d\n", n, txt[0] ? txt : "-", st->bag);
    }
    free(txt);
}

/* 1 + the plays ranked strictly above `me` by equity (by_score: by score),
 * through sk_top_plays with n = 16, 64, ... until the n-th play no longer
 * ranks above it; the best play into *best when not NULL. */
static long rank_among(sk_gen *g, sk_movelist *list, const sk_board *b, const sk_rack *r, const sk_state *st,
                       unsigned flags, sk_leaves *leaves, int by_score, const sk_play *me, sk_play *best,
                       tk_error *err)
{
    for (size_t n = 16;; n *= 4) {
        sk_play *v = malloc(n * sizeof *v);
        if (!v) {
            tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
            return -1;
        }
        long k = sk_top_plays(g, b, r, st, flags, sk_leaves_value, leaves, by_score, n, list, v, err);
        if (k < 0) {
            free(v);
            return -1;
        }
        long above = 0;
        for (long i = 0; i < k; i++)
            above += by_score ? v[i].score > me->score : v[i].equity > me->equity;
        if (best)
            *best = v[0];
        int done = (size_t)k < n || (by_score ? v[k - 1].score <= me->score : v[k - 1].equity <= me->equity);
        free(v);
        if (done)
            return above + 1;
    }
}

int skp_rank_play(sk_gen *g, sk_movelist *list, const sk_board *b, const sk_rack *r, const sk_state *st,
                  unsigned flags, sk_leaves *leaves, const sk_play *me, long *req, long *rsc, long *nplays,
                  sk_play *best, tk_error *err)
{
    *req = rank_among(g, list, b, r, st, flags, leaves, 0, me, best, err);
    if (*req < 0)
        return -1;
    *rsc = rank_among(g, list, b, r, st, flags, leaves, 1, me, NULL, err);
    if (*rsc < 0)
        return -1;
    list->limit = 0;
    if (sk_generate(g, b, r, flags | SK_COUNT_ONLY, list, err))
        return -1;
    long subsets = r->blanks + 1;
    for (int l = 1; l < 64; l++)
        subsets *= r->count[l] + 1;
    *nplays = (long)list->total + 1 + (st->bag >= SK_EXCHANGE_MIN && r->n > 0 ? subsets - 1 : 0);
    return 0;
}

static int check_play(const sk_engine *e, sk_gen *g, sk_movelist *list, cli_buf *f, cli_buf *errb, const sk_board *b,
                      const sk_rack *r, const sk_state *st, long line, const char *file, int json, unsigned flags,
                      const char *coord, const char *word)
{
    sk_check_result res;
    tk_error err = {0};
    int rc = sk_check(g, b, r, coord, word, flags, &res, &err);
    if (rc) {
        cli_buf_error(errb, line > 0 ? file : NULL, line, "illegal play %s %s: %s", coord, word, err.msg);
        return CLI_EXIT_DATA;
    }
    sk_play me, best;
    memset(&me, 0, sizeof me);
    me.move = res.move;
    me.score = res.move.score;
    me.equity = sk_move_equity(e, r, &res.move, st, sk_leaves_value, P.leaves, &me.leave);
    long req, rsc, n;
    if (skp_rank_play(g, list, b, r, st, flags, P.leaves, &me, &req, &rsc, &n, &best, &err)) {
        cli_buf_error(errb, NULL, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    const sk_play *v = &best;
    char c1[16], w1[256], c2[16], w2[256], eq[32], beq[32];
    play_fields(e, &me, json ? SK_FMT_WORD : SK_FMT_PAREN, c1, sizeof c1, w1, sizeof w1);
    play_fields(e, &v[0], json ? SK_FMT_WORD : SK_FMT_PAREN, c2, sizeof c2, w2, sizeof w2);
    skp_fmt_milli(eq, sizeof eq, me.equity);
    skp_fmt_milli(beq, sizeof beq, v[0].equity);
    if (json) {
        json_begin(f, line);
        cli_buf_puts(f, "\"coord\":");
        json_str(f, c1);
        cli_buf_puts(f, ",\"word\":");
        json_str(f, w1);
        cli_buf_printf(f, ",\"legal\":true,\"score\":%d,\"equity\":%s,\"rank_score\":%ld,\"rank_equity\":%ld,"
                   "\"total\":%ld,\"best\":{\"coord\":", me.score, eq, rsc, req, n);
        json_str(f, c2);
        cli_buf_puts(f, ",\"word\":");
        json_str(f, w2);
        cli_buf_printf(f, ",\"score\":%d,\"equity\":%s}}\n", v[0].score, beq);
    } else {
        cli_buf_printf(f, "%s  %s  %d  equity:%s  rank by score %ld, by equity %ld of %ld plays  best: %s  %s  %d  equity:%s\n",
                c1, w1, me.score, eq, rsc, req, n, c2, w2, v[0].score, beq);
    }
    return CLI_EXIT_OK;
}

int skp_solve(const sk_engine *e, sk_gen *g, sk_movelist *list, cli_buf *f, cli_buf *errb, const sk_board *b,
              const sk_rack *r, long line, const char *file, int json, long top, int count, int words,
              unsigned flags, const char *check_coord, const char *check_word)
{
    int unseen[64], nun;
    sk_state st;
    position_state(e, b, r, &st, unseen, &nun);
    if (P.unseen)
        print_unseen(e, f, unseen, nun, &st, line, json);
    if (check_coord)
        return check_play(e, g, list, f, errb, b, r, &st, line, file, json, flags, check_coord, check_word);
    tk_error err = {0};
    /* sorted by score, exchanges and the pass only with --exchanges */
    int others = !(P.sort == 1 && !P.exchanges);
    if (top > 0 && !count) {
        /* The best `top` plays by the top-N search; sorted by score without
         * the other plays, enough plays that `top` placements remain. */
        size_t want = (size_t)top + (others ? 0 : 128);
        sk_play *v = malloc(want * sizeof *v);
        long n = v ? sk_top_plays(g, b, r, &st, flags, sk_leaves_value, P.leaves, P.sort == 1, want, list, v, &err)
                   : tk_error_set(&err, TK_ENOMEM, 0, 0, "out of memory");
        if (n < 0) {
            free(v);
            cli_buf_error(errb, NULL, 0, "%s", err.msg);
            return CLI_EXIT_DATA;
        }
        if (line > 0 && !json) {
            char rs[64];
            sk_rack_leave(r, NULL, e, rs, sizeof rs);
            long shown = 0;
            for (long i = 0; i < n && shown < top; i++)
                shown += others || v[i].kind == SK_PLAY_MOVE;
            cli_buf_printf(f, "# line %ld: rack %s: top %ld\n", line, rs[0] ? rs : "-", shown);
        }
        long shown = 0;
        for (long i = 0; i < n && shown < top; i++)
            if (others || v[i].kind == SK_PLAY_MOVE)
                print_play(e, f, b, r, &v[i], line, json, words, (size_t)++shown);
        free(v);
        return CLI_EXIT_OK;
    }
    list->limit = 0;
    if (sk_generate(g, b, r, flags, list, &err)) {
        cli_buf_error(errb, NULL, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    if (count) {
        sk_play x[128];
        int nx = st.bag >= SK_EXCHANGE_MIN && r->n > 0 ? sk_exchanges(e, r, &st, NULL, NULL, x) : 0;
        if (json) {
            json_begin(f, line);
            cli_buf_printf(f, "\"count\":%llu,\"exchanges\":%d,\"passes\":1}\n", (unsigned long long)list->total, nx);
        } else {
            cli_buf_printf(f, "%llu\n", (unsigned long long)list->total);
        }
        return CLI_EXIT_OK;
    }
    sk_play *v = NULL;
    long n = sk_rank_plays(e, r, &st, list, sk_leaves_value, P.leaves, P.sort == 1, &v);
    if (n < 0) {
        cli_buf_error(errb, NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    long shown = 0, nplays = 0;
    for (long i = 0; i < n; i++)
        nplays += others || v[i].kind == SK_PLAY_MOVE;
    if (line > 0 && !json) {
        char rs[64];
        sk_rack_leave(r, NULL, e, rs, sizeof rs);
        cli_buf_printf(f, "# line %ld: rack %s: %llu move%s, %ld play%s\n", line, rs[0] ? rs : "-",
                (unsigned long long)list->total, list->total == 1 ? "" : "s", nplays, nplays == 1 ? "" : "s");
    }
    for (long i = 0; i < n && (top <= 0 || shown < top); i++)
        if (others || v[i].kind == SK_PLAY_MOVE)
            print_play(e, f, b, r, &v[i], line, json, words, (size_t)++shown);
    free(v);
    return CLI_EXIT_OK;
}

/* ---- self-play ---------------------------------------------------------------------------- */

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
    const sk_engine *e;
    sk_player players[2];
    const char *names[2];
    const char *lang;
    long wins[2], ties, games;        /* merged from the threads by sp_fini */
    long eg_games;
    double eg_gain;
    sp_tally tally;
    int endgame[2];                   /* player k is "endgame" */
    sk_best_opts best_base;           /* "best" players: leave values, win table, seed */
    uint8_t *result;                  /* --pairs: per game, player 0's result in half points
                                       * (2 win, 1 tie, 0 loss); each game writes its own slot */
} sp_ctx;

typedef struct sp_state {
    sp_ctx *c;
    sk_gen *g;
    sk_movelist list;
    sk_game game;
    long wins[2], ties, games;
    sk_endgame_hook hooks[2];  /* "endgame" players: this thread's solver; "best": its player */
    void *eg;
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
            if (!st->eg && !(st->eg = ske_player_new(st->c->e))) {
                sk_gen_destroy(st->g);
                free(st);
                return NULL;
            }
            st->hooks[k].choose = ske_player_choose;
            st->hooks[k].ctx = st->eg;
        }
    for (int k = 0; k < 2; k++)
        if (P.best[k] > 0) {
            tk_error err;
            if (sk_best_player_create(&st->best[k], st->c->e, P.best[k], &st->c->best_base, &err)) {
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
    ske_free(st->eg);
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
    if (sk_game_gcg(c->e, gm, c->names, P.lexicon, &text, &len))
        return -1;
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%ld.gcg", P.gcg, no);
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
    uint64_t seed = sk_game_seed(P.seed, (uint64_t)(P.pairs ? i / 2 : i));
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
    return P.gcg ? write_gcg(c, gm, rec->no, err) : CLI_EXIT_OK;
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

static int run_selfplay(const sk_engine *e, const char *lang, int jobs, int verbose)
{
    sp_ctx c;
    memset(&c, 0, sizeof c);
    c.e = e;
    c.lang = lang;
    if (!P.have_seed)
        P.seed = 1;
    /* nicknames: score, equity, or equity:TABLE as given (for the JSON line and GCG) */
    static char nick[2][160];
    const char *pl = P.players ? P.players : "equity,score";
    const char *comma = strchr(pl, ',');
    for (int k = 0; k < 2; k++) {
        const char *s = k ? comma + 1 : pl;
        int n = k ? (int)strlen(s) : (int)(comma - pl);
        int eq = s[0] == 'e', eg = strncmp(s, "endgame", 7) == 0;
        c.players[k].strategy = eq ? SK_STRAT_EQUITY : SK_STRAT_SCORE;
        c.players[k].fn = sk_leaves_value;
        c.players[k].ctx = P.pleaves[k] ? P.pleaves[k] : P.leaves;
        c.endgame[k] = eg;
        snprintf(nick[k], sizeof nick[k], "%.*s", n < 150 ? n : 150, s);
        for (char *q = nick[k]; *q; q++)
            if (*q == ' ' || *q == '\t')
                *q = '_';   /* a GCG nickname has no spaces */
        if (P.best[k] > 0)
            snprintf(nick[k], sizeof nick[k], "best");
        if (s[0] == 's' && s[1] == 'i') {   /* sim: skrafl_sim.c's simulating player */
            c.players[k].strategy = SK_STRAT_CUSTOM;
            c.players[k].ctx = (void *)sks_player(P.leaves);
            snprintf(nick[k], sizeof nick[k], "sim");
        }
    }
    if (strcmp(nick[0], nick[1]) == 0) {
        snprintf(nick[0] + strlen(nick[0]), 4, "1");
        snprintf(nick[1] + strlen(nick[1]), 4, "2");
    }
    sk_sim_opts so;
    sks_review_opts(&so, P.leaves);
    c.best_base = (sk_best_opts){ 0, 0, 0, 0, sk_leaves_value, P.leaves, so.wins, P.seed };
    c.names[0] = c.players[0].name = nick[0];
    c.names[1] = c.players[1].name = nick[1];
    if (P.pairs && !(c.result = calloc((size_t)P.selfplay, 1))) {
        cli_error(NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    cli_batch b;
    memset(&b, 0, sizeof b);
    b.kind = CLI_BATCH_COUNT;
    b.count = P.selfplay;
    b.jobs = jobs;
    b.progress = "skrafl: games";
    b.user = &c;
    b.init = sp_init;
    b.fini = sp_fini;
    b.solve = sp_solve;
    int status = cli_batch_run(&b);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (verbose && c.games > 0) {
        double s = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
        /* share of the first player (a tie counts half), Wilson score interval */
        double n = (double)c.games, z = 1.96;
        double p = (c.wins[0] + 0.5 * c.ties) / n;
        double mid = (p + z * z / (2 * n)) / (1 + z * z / n);
        double h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
        fprintf(stderr, "skrafl: %ld games in %.2f s (%.1f games/s): %s %ld, %s %ld, ties %ld; "
                        "%s scores %.2f%% (95%% interval %.2f..%.2f%%)\n",
                c.games, s, c.games / (s > 0 ? s : 1e-9), nick[0], c.wins[0], nick[1], c.wins[1], c.ties,
                nick[0], 100 * p, 100 * (mid - h), 100 * (mid + h));
        const sp_tally *t = &c.tally;
        double ms = t->spread / n, vs = n > 1 ? (t->spread2 - n * ms * ms) / (n - 1) : 0;
        fprintf(stderr, "skrafl: a game on average: %s %.2f points, %.3f bingos, %.3f exchanges; "
                        "%s %.2f points, %.3f bingos, %.3f exchanges; spread %+.2f (sd %.1f)\n",
                nick[0], t->points[0] / n, t->bingos[0] / n, t->exchanges[0] / n,
                nick[1], t->points[1] / n, t->bingos[1] / n, t->exchanges[1] / n, ms, sqrt(vs > 0 ? vs : 0));
        if (c.eg_games > 0)
            fprintf(stderr, "skrafl: %ld games reached an empty bag; from then on %s gained %+.2f points a game\n",
                    c.eg_games, nick[0], c.eg_gain / (double)c.eg_games);
        if (c.result && c.games == P.selfplay)
            pair_summary(&c, nick[0]);
    }
    free(c.result);
    return status;
}

int skp_run(const sk_engine *e, const char *lang, const char *dict, int json, int jobs, int verbose,
            int all_openings)
{
    static char lex[64];
    const char *base = dict ? strrchr(dict, '/') : NULL;
    base = base ? base + 1 : dict ? dict : lang;
    snprintf(lex, sizeof lex, "%.*s", (int)strcspn(base, "."), base);
    P.lexicon = lex;
    if (jobs <= 0)
        jobs = cli_cpu_count();
    (void)json;
    (void)all_openings;
    if (P.selfplay)
        return run_selfplay(e, lang, jobs, verbose);
    return CLI_EXIT_OK;     /* --gcg alone: skrafl_gcg.c reviews the games (skg_run) */
}

/* ---- for the other skrafl parts (skrafl_sim.c) ---------------------------------------------- */

sk_leaves *skp_leaves(void) { return P.leaves; }

int skp_leaves_given(void) { return P.leaves_arg != NULL; }

void skp_play_text(const sk_engine *e, const sk_rack *r, const sk_play *p, int style, char *coord, size_t cc,
                   char *word, size_t wc, char *leave, size_t lc)
{
    play_fields(e, p, style, coord, cc, word, wc);
    play_leave(e, r, p, leave, lc);
}

const char *skp_gcg_arg(void) { return P.gcg; }
long skp_selfplay_games(void) { return P.selfplay; }
