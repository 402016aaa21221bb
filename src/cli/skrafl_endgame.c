/* skrafl_endgame.c - skrafl --endgame / --preendgame (see skrafl_endgame.h).
 *
 * A position is read from a CGP line (`RACK/OPPRACK`, scores, the count of
 * scoreless turns; --rack and --opp-rack override the racks) or from a board
 * file with --rack and --opp-rack.  --endgame needs the bag empty by the tile
 * count (else "not an endgame", exit 1) and prints the exact value, the
 * first play and the whole sequence; --preendgame needs 1 to 4 tiles in the
 * bag (the opponent's rack is then unknown: --opp-rack is ignored) and
 * ranks every legal play by win probability over every draw, then expected
 * spread (tilekit/skendgame.h), printing a summary line (bag, plays
 * legal and considered, the stages) and the best --top of them (all by
 * default), or one JSON object with the same.
 */
#include "cli/skrafl_endgame.h"
#include "cli/skrafl_lex.h"
#include "tilekit/skendgame.h"
#include "cli/skrafl_play.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static struct {
    int endgame, pre, best, all_best, plies;
    const char *opp;
    const char *only;      /* --only PLAY,PLAY: the pre-endgame's candidates */
    double seconds;
    double t0;             /* when the options were read: the first position's clock started then */
    long tt_mb;
} E;

void ske_option(int code, const char *arg)
{
    switch (code) {
    case SKE_O_ENDGAME: E.endgame = 1; break;
    case SKE_O_PREENDGAME: E.pre = 1; break;
    case SKE_O_BEST: E.best = 1; break;
    case SKE_O_ONLY: E.only = arg; break;
    case SKE_O_OPPRACK: E.opp = arg; break;
    case SKE_O_ALLBEST: E.all_best = 1; break;
    case SKE_O_PLIES: E.plies = (int)cli_parse_long("--plies", arg, 1, SK_EG_MAX_PLY); break;
    case SKE_O_TTMB: E.tt_mb = cli_parse_long("--tt-mb", arg, 1, 65536); break;
    case SKE_O_SECONDS:
        E.seconds = cli_parse_real("--seconds", arg, 0, 1, 1e7);
        E.t0 = cli_now();
        break;
    }
    if (E.endgame + E.pre + E.best > 1)
        cli_usage_error("--endgame, --preendgame and --best do not go together");
    if (E.only && (E.endgame || E.best))
        cli_usage_error("--only goes with --preendgame");
}

int ske_active(void) { return E.endgame || E.pre || E.best; }

int ske_threads(int jobs)
{
    if (jobs > 0)
        return jobs;
    int n = cli_cpu_count();
    return n < SKE_THREADS_DEFAULT_MAX ? n : SKE_THREADS_DEFAULT_MAX;
}

void ske_usage(void)
{
    printf("Endgames (the bag empty, both racks known; GUIDE 9.1 rules):\n"
           "      --endgame          solve exactly: value (final spread change for the player\n"
           "                         to move), first play, the whole sequence; CGP racks\n"
           "                         'RACK/OPPRACK', or a board file with --rack and --opp-rack\n"
           "      --opp-rack=RACK    the opponent's tiles\n"
           "      --preendgame       1-4 tiles in the bag: rank every legal play by win\n"
           "                         probability over every draw, then expected spread: greedy\n"
           "                         playouts for all, then deeper searches for the best ones,\n"
           "                         the last ones to the end (--top N prints the best N)\n"
           "      --only=PLAYS       --preendgame: value only these plays, e.g. '8G S(CAT),pass'\n"
           "                         (coordinate and word as --check takes them, comma-separated)\n"
           "      --best             the best play at any stage within --seconds (default %g):\n"
           "                         the exact endgame with the bag empty, the pre-endgame with\n"
           "                         1-4 tiles in the bag, simulation with more, static equity\n"
           "                         when the clock is too short\n"
           "      --seconds=S        answer within about S seconds per position (best so far;\n"
           "                         the pre-endgame: its last finished stage)\n"
           "      --plies=N          search at most N plies deep\n"
           "      --tt-mb=N          transposition table size in MB (default %d)\n"
           "      --all-best         list every first play that achieves the value\n"
           "  (one position alone is searched on --jobs threads, default all CPUs up to %d,\n"
           "  with the same value; a batch of several is solved one position a thread)\n",
           SKE_BEST_SECONDS, SK_EG_TT_MB_DEFAULT, SKE_THREADS_DEFAULT_MAX);
}

typedef struct ske_solver {
    sk_endgame *s;
    sk_peg *peg;           /* --preendgame's (made on demand) */
    sk_best *best;         /* --best's (made on demand) */
    sk_leaves *leaves;     /* --best's shipped table when no --leaves (owned) */
    const sk_engine *e;
} ske_solver;

void ske_free(void *solver)
{
    ske_solver *x = solver;
    if (!x)
        return;
    sk_endgame_destroy(x->s);
    sk_peg_destroy(x->peg);
    sk_best_destroy(x->best);
    sk_leaves_destroy(x->leaves);
    free(x);
}

/* The solver slot *slot for engine e (its solvers made on demand; those
 * of another engine dropped), or NULL when out of memory. */
static ske_solver *slot_for(void **slot, const sk_engine *e, tk_error *err)
{
    ske_solver *x = *slot;
    if (x && x->e == e)
        return x;
    if (x) {
        sk_endgame_destroy(x->s);
        sk_peg_destroy(x->peg);
        sk_best_destroy(x->best);
        sk_leaves_destroy(x->leaves);
        x->s = NULL;
        x->peg = NULL;
        x->best = NULL;
        x->leaves = NULL;
    } else if ((x = calloc(1, sizeof *x)) != NULL) {
        *slot = x;
    } else {
        tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
        return NULL;
    }
    x->e = e;
    return x;
}

static sk_endgame *solver_for(void **slot, const sk_engine *e, int jobs, tk_error *err)
{
    ske_solver *x = slot_for(slot, e, err);
    if (x && !x->s && sk_endgame_create(&x->s, e, (size_t)E.tt_mb, jobs, err))
        return NULL;
    return x ? x->s : NULL;
}

/* The pre-endgame solver of *slot (made on demand). */
static sk_peg *peg_for(void **slot, const sk_engine *e, int jobs, tk_error *err)
{
    ske_solver *x = slot_for(slot, e, err);
    if (x && !x->peg && sk_peg_create(&x->peg, e, (size_t)E.tt_mb, jobs, err))
        return NULL;
    return x ? x->peg : NULL;
}

/* ---- output ---------------------------------------------------------------------------- */

static void ply_text(cli_buf *f, cli_buf *t, const sk_engine *e, const sk_eg_ply *p)
{
    if (p->kind == SK_PLAY_PASS) {
        cli_buf_puts(f, "pass");
        return;
    }
    char coord[16];
    sk_coord_format(p->move.row, p->move.col, p->move.dir, coord, sizeof coord);
    cli_buf_printf(f, "%s %s %d", coord, skc_move_text(t, e, &p->move, SK_FMT_PAREN), p->score);
}

static void json_ply(cli_json *j, cli_buf *t, const sk_engine *e, const sk_eg_ply *p, int with_player)
{
    cli_json_object(j);
    if (with_player)
        cli_json_kint(j, "player", p->player);
    if (p->kind == SK_PLAY_PASS) {
        cli_json_kstr(j, "kind", "pass");
    } else {
        char coord[16];
        sk_coord_format(p->move.row, p->move.col, p->move.dir, coord, sizeof coord);
        cli_json_kstr(j, "kind", "move");
        cli_json_kstr(j, "coord", coord);
        cli_json_kstr(j, "word", skc_move_text(t, e, &p->move, SK_FMT_WORD));
        cli_json_kstr(j, "played", skc_move_text(t, e, &p->move, SK_FMT_PLAYED));
    }
    cli_json_kint(j, "score", p->score);
    if (with_player && p->last)
        cli_json_kint(j, "end", p->end);
    cli_json_close(j);
}

static void json_head(cli_json *j, cli_buf *f, const skc_pos *p)
{
    cli_json_begin(j, f);
    cli_json_kstr(j, "file", p->file);
    if (p->cgp) {
        cli_json_kint(j, "line", p->line);
        cli_json_key(j, "cgp");
        cli_json_strn(j, p->cgp, p->cgp_len);
    }
}

static int fail(const skc_ctx *c, cli_buf *f, cli_buf *err, const skc_pos *p, const char *msg)
{
    cli_buf_error(err, p->file, p->cgp ? p->line : 0, "%s", msg);
    if (c->o->json && p->cgp) {
        cli_json j;
        json_head(&j, f, p);
        cli_json_kstr(&j, "error", msg);
        cli_json_end(&j);
    }
    return CLI_EXIT_DATA;
}

static void print_endgame(const skc_ctx *c, const sk_engine *e, cli_buf *f, const skc_pos *p,
                          const sk_eg_position *pos, const sk_eg_result *r)
{
    cli_buf t = {0};
    const sk_eg_ply *first = r->npv ? &r->pv[0] : NULL;
    if (c->o->show)
        skc_show_board(c, f, &pos->board, first && first->kind == SK_PLAY_MOVE ? &first->move : NULL, "best");
    if (c->o->json) {
        cli_json j;
        json_head(&j, f, p);
        cli_json_kint(&j, "value", r->value);
        cli_json_key(&j, "exact");
        cli_json_bool(&j, r->exact);
        cli_json_kint(&j, "depth", r->depth);
        if (first) {
            cli_json_key(&j, "first");
            json_ply(&j, &t, e, first, 0);
        }
        cli_json_key(&j, "sequence");
        cli_json_array(&j);
        for (int k = 0; k < r->npv; k++)
            json_ply(&j, &t, e, &r->pv[k], 1);
        cli_json_close(&j);
        if (E.all_best) {
            cli_json_key(&j, "all_best");
            cli_json_array(&j);
            for (size_t k = 0; k < r->nbest; k++)
                json_ply(&j, &t, e, &r->best[k], 0);
            cli_json_close(&j);
        }
        cli_json_key(&j, "nodes");
        cli_json_uint(&j, r->nodes);
        char sec[32];
        snprintf(sec, sizeof sec, "%.3f", r->seconds);
        cli_json_key(&j, "seconds");
        cli_json_raw(&j, sec);
        cli_json_end(&j);
    } else {
        if (first)
            ply_text(f, &t, e, first);
        cli_buf_printf(f, "  value:%+d  %s  depth:%d  seq:", r->value, r->exact ? "exact" : "inexact", r->depth);
        for (int k = 0; k < r->npv; k++) {
            cli_buf_puts(f, k ? " / " : " ");
            ply_text(f, &t, e, &r->pv[k]);
            if (r->pv[k].last)
                cli_buf_printf(f, " [%s %+d]", r->pv[k].kind == SK_PLAY_MOVE ? "out" : "end", r->pv[k].end);
        }
        if (E.all_best) {
            cli_buf_printf(f, "  all-best(%zu):", r->nbest);
            for (size_t k = 0; k < r->nbest; k++) {
                cli_buf_puts(f, k ? ", " : " ");
                ply_text(f, &t, e, &r->best[k]);
            }
        }
        cli_buf_printf(f, "  nodes:%llu  time:%.3fs\n", (unsigned long long)r->nodes, r->seconds);
    }
    if (t.oom)
        f->oom = 1;
    cli_buf_free(&t);
}

static const char *depth_text(const sk_peg_cand *c, char *buf, size_t n)
{
    if (!c->valued)
        return "not valued";
    if (c->exact)
        return "exact";
    if (c->plies == SK_PEG_WIN)
        return "win proven";
    int k = c->plies == SK_PEG_GREEDY ? snprintf(buf, n, "greedy")
                                      : snprintf(buf, n, "%d pl%s", c->plies, c->plies == 1 ? "y" : "ies");
    if (c->used < c->draws && k > 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, ", %u of %u draws", c->used, c->draws);
    return buf;
}

static const char *stage_text(int plies, char *buf, size_t n)
{
    if (plies == SK_PEG_GREEDY)
        return "greedy";
    if (plies == SK_PEG_EXACT)
        return "exact";
    if (plies == SK_PEG_WIN)
        return "win";
    snprintf(buf, n, "%d pl%s", plies, plies == 1 ? "y" : "ies");
    return buf;
}

/* The pre-endgame's summary line (text). */
static void peg_summary(cli_buf *f, const sk_peg_result *r, double budget)
{
    char b[32];
    cli_buf_printf(f, "pre-endgame: %d tile%s in the bag, %d unseen; %zu of %zu legal plays considered; stages:", r->bag,
                   r->bag == 1 ? "" : "s", r->unseen, r->considered, r->legal);
    for (int s = 0; s < r->nstages; s++) {
        const sk_peg_stage_info *st = &r->stage[s];
        cli_buf_printf(f, "%s %s %zu", s ? "," : "", stage_text(st->plies, b, sizeof b), st->cands);
        if (st->draws)
            cli_buf_printf(f, " (%d draws each)", st->draws);
        if (!st->done)
            cli_buf_puts(f, s > 0 && !r->stage[s - 1].done ? " (not run)" : " (cut short)");
    }
    cli_buf_printf(f, "; %.3f s", r->seconds);
    if (budget > 0)
        cli_buf_printf(f, " of %.3g", budget);
    cli_buf_putc(f, '\n');
}

static void json_peg_cand(cli_json *j, cli_buf *t, const sk_engine *e, const sk_peg_cand *c, size_t rank)
{
    sk_eg_ply pl;
    memset(&pl, 0, sizeof pl);
    pl.kind = c->play.kind;
    pl.move = c->play.move;
    pl.score = c->play.score;
    char num[64];
    cli_json_object(j);
    cli_json_kint(j, "rank", (long long)rank);
    cli_json_key(j, "play");
    json_ply(j, t, e, &pl, 0);
    if (c->valued) {
        snprintf(num, sizeof num, "%.4f", c->win);
        cli_json_key(j, "win");
        cli_json_raw(j, num);
        snprintf(num, sizeof num, "%.3f", c->spread);
        cli_json_key(j, "spread");
        cli_json_raw(j, num);
    }
    cli_json_key(j, "exact");
    cli_json_bool(j, c->exact);
    cli_json_key(j, "win_exact");
    cli_json_bool(j, c->win_exact);
    cli_json_kstr(j, "depth", depth_text(c, num, sizeof num));
    cli_json_kint(j, "draws", c->draws);
    if (c->valued && c->used < c->draws)
        cli_json_kint(j, "sample", c->used);
    cli_json_close(j);
}

static void json_peg(cli_json *j, const sk_peg_result *r)
{
    char b[32];
    cli_json_kint(j, "bag", r->bag);
    cli_json_kint(j, "unseen", r->unseen);
    cli_json_kint(j, "legal", (long long)r->legal);
    cli_json_kint(j, "considered", (long long)r->considered);
    cli_json_key(j, "complete");
    cli_json_bool(j, r->complete);
    cli_json_key(j, "stages");
    cli_json_array(j);
    for (int s = 0; s < r->nstages; s++) {
        cli_json_object(j);
        cli_json_kstr(j, "depth", stage_text(r->stage[s].plies, b, sizeof b));
        cli_json_kint(j, "candidates", (long long)r->stage[s].cands);
        if (r->stage[s].draws)
            cli_json_kint(j, "sample", r->stage[s].draws);
        cli_json_key(j, "done");
        cli_json_bool(j, r->stage[s].done);
        snprintf(b, sizeof b, "%.3f", r->stage[s].seconds);
        cli_json_key(j, "seconds");
        cli_json_raw(j, b);
        cli_json_close(j);
    }
    cli_json_close(j);
    cli_json_key(j, "nodes");
    cli_json_uint(j, r->nodes);
    snprintf(b, sizeof b, "%.3f", r->seconds);
    cli_json_key(j, "seconds");
    cli_json_raw(j, b);
}

/* The ranked plays of a pre-endgame: all, or the best --top. */
static void print_peg(const skc_ctx *c, const sk_engine *e, cli_buf *f, const skc_pos *p, const sk_board *b,
                      const sk_peg_result *r)
{
    cli_buf t = {0};
    size_t n = c->o->top > 0 && (size_t)c->o->top < r->n ? (size_t)c->o->top : r->n;
    if (c->o->show)
        skc_show_board(c, f, b, n && r->cand[0].play.kind == SK_PLAY_MOVE ? &r->cand[0].play.move : NULL, "best");
    if (c->o->json) {
        cli_json j;
        json_head(&j, f, p);
        json_peg(&j, r);
        cli_json_key(&j, "candidates");
        cli_json_array(&j);
        for (size_t i = 0; i < n; i++)
            json_peg_cand(&j, &t, e, &r->cand[i], i + 1);
        cli_json_close(&j);
        cli_json_end(&j);
    } else {
        peg_summary(f, r, E.seconds);
        for (size_t i = 0; i < n; i++) {
            const sk_peg_cand *x = &r->cand[i];
            sk_eg_ply pl;
            memset(&pl, 0, sizeof pl);
            pl.kind = x->play.kind;
            pl.move = x->play.move;
            pl.score = x->play.score;
            char d[32];
            ply_text(f, &t, e, &pl);
            if (x->valued)
                cli_buf_printf(f, "  win:%.2f%%  spread:%+.2f", 100 * x->win, x->spread);
            cli_buf_printf(f, "  %s\n", depth_text(x, d, sizeof d));
        }
    }
    if (t.oom)
        f->oom = 1;
    cli_buf_free(&t);
}

/* The third CGP field "S0/S1": the mover's spread (0 when absent). */
static int cgp_spread(const char *s, size_t len)
{
    size_t i = 0;
    for (int field = 0; field < 2; field++) {
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        while (i < len && s[i] != ' ' && s[i] != '\t')
            i++;
    }
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    int a = 0, b = 0;
    char buf[48];
    size_t k = 0;
    while (i < len && s[i] != ' ' && k + 1 < sizeof buf)
        buf[k++] = s[i++];
    buf[k] = 0;
    return sscanf(buf, "%d/%d", &a, &b) == 2 ? a - b : 0;
}

/* The clock of a position (--seconds; 0: none): the first one solved also
 * pays for the loading before it (the dictionary), so that the whole run of
 * one position keeps to --seconds. */
static double position_clock(void)
{
    static atomic_int started;
    if (E.seconds <= 0 || atomic_exchange(&started, 1))
        return E.seconds;
    double left = E.seconds - (cli_now() - E.t0);
    return left > 0.01 * E.seconds ? left : 0.01 * E.seconds;
}

/* --only's plays ("COORD WORD" or "pass", comma-separated) into v (room
 * for max); returns how many, or -1 with a message in err. */
static int parse_only(const skc_ctx *c, const sk_board *b, const sk_rack *r, sk_play *v, int max, tk_error *err)
{
    sk_gen *g = NULL;
    if (sk_gen_create(&g, c->e, err))
        return -1;
    int n = 0;
    for (const char *s = E.only; *s && n >= 0;) {
        size_t len = strcspn(s, ",");
        char item[256];
        snprintf(item, sizeof item, "%.*s", (int)(len < 255 ? len : 255), s);
        s += len + (s[len] == ',');
        char *word = strpbrk(item, " .");
        memset(&v[n], 0, sizeof v[n]);
        if (n == max) {
            tk_error_set(err, TK_EINVAL, 0, 0, "--only: more than %d plays", max);
            n = -1;
        } else if (strcmp(item, "pass") == 0) {
            v[n++].kind = SK_PLAY_PASS;
        } else {
            sk_check_result cr;
            if (word)
                *word++ = 0;
            if (!word || sk_check(g, b, r, item, word, 0, &cr, err)) {
                if (!word)
                    tk_error_set(err, TK_EINVAL, 0, 0, "--only: '%s' is no play (COORD WORD or pass)", item);
                n = -1;
            } else {
                v[n].kind = SK_PLAY_MOVE;
                v[n].move = cr.move;
                v[n++].score = cr.move.score;
            }
        }
    }
    sk_gen_destroy(g);
    return n;
}

/* --preendgame on position pos (the mover's rack; the opponent's is not
 * known): every play ranked (tilekit/skendgame.h), or --only's. */
static int solve_peg(const skc_ctx *c, void **solver, int jobs, const skc_pos *p, const sk_eg_position *pos,
                     int spread, cli_buf *out, cli_buf *err)
{
    tk_error e = {0};
    sk_peg *pg = peg_for(solver, c->e, jobs, &e);
    if (!pg)
        return fail(c, out, err, p, e.msg);
    sk_peg_opts o = { position_clock(), spread, pos->zeroless, 0, NULL, 0, NULL, 0 };
    sk_play only[64];
    if (E.only) {
        int n = parse_only(c, &pos->board, &pos->rack[0], only, 64, &e);
        if (n < 0)
            return fail(c, out, err, p, e.msg);
        o.only = only;
        o.nonly = (size_t)n;
    }
    sk_peg_result r;
    if (sk_peg_solve(pg, &pos->board, &pos->rack[0], &o, &r, &e))
        return fail(c, out, err, p, e.msg);
    print_peg(c, c->e, out, p, &pos->board, &r);
    sk_peg_result_free(&r);
    return CLI_EXIT_OK;
}

/* --best: one line (or JSON object): the play, the method, its figures. */
static void print_best(const skc_ctx *c, cli_buf *f, const skc_pos *p, const sk_board *b, const sk_rack *r,
                       const sk_best_result *x)
{
    char coord[16], word[256], leave[128], num[64];
    skp_play_text(c->e, r, &x->play, c->o->json ? SK_FMT_WORD : SK_FMT_PAREN, coord, sizeof coord, word, sizeof word,
                  leave, sizeof leave);
    if (c->o->show)
        skc_show_board(c, f, b, x->play.kind == SK_PLAY_MOVE ? &x->play.move : NULL, "best");
    if (!c->o->json) {
        cli_buf_printf(f, "%s %s %d  by:%s  bag:%d", coord, word, x->play.score, sk_best_method_name(x->method), x->bag);
        if (x->method == SK_BEST_ENDGAME)
            cli_buf_printf(f, "  value:%+d  %s", x->value, x->exact ? "exact" : "inexact");
        else if (x->method == SK_BEST_PREENDGAME)
            cli_buf_printf(f, "  win:%.2f%%  spread:%+.2f  %s  considered:%zu/%zu", 100 * x->win, x->spread,
                           x->exact ? "exact" : "inexact", x->considered, x->legal);
        else if (x->method == SK_BEST_SIM)
            cli_buf_printf(f, "  mean:%+.2f  iterations:%llu", x->mean, (unsigned long long)x->iterations);
        cli_buf_printf(f, "  time:%.3fs\n", x->seconds);
        return;
    }
    cli_json j;
    json_head(&j, f, p);
    cli_json_kstr(&j, "coord", coord);
    cli_json_kstr(&j, "word", word);
    cli_json_kint(&j, "score", x->play.score);
    cli_json_kstr(&j, "by", sk_best_method_name(x->method));
    cli_json_kint(&j, "bag", x->bag);
    if (x->method == SK_BEST_ENDGAME || x->method == SK_BEST_PREENDGAME) {
        cli_json_key(&j, "exact");
        cli_json_bool(&j, x->exact);
    }
    if (x->method == SK_BEST_ENDGAME)
        cli_json_kint(&j, "value", x->value);
    if (x->method == SK_BEST_PREENDGAME) {
        snprintf(num, sizeof num, "%.4f", x->win);
        cli_json_key(&j, "win");
        cli_json_raw(&j, num);
        snprintf(num, sizeof num, "%.3f", x->spread);
        cli_json_key(&j, "spread");
        cli_json_raw(&j, num);
        cli_json_kint(&j, "legal", (long long)x->legal);
        cli_json_kint(&j, "considered", (long long)x->considered);
    }
    if (x->method == SK_BEST_SIM) {
        snprintf(num, sizeof num, "%.3f", x->mean);
        cli_json_key(&j, "mean");
        cli_json_raw(&j, num);
        cli_json_key(&j, "iterations");
        cli_json_uint(&j, x->iterations);
    }
    snprintf(num, sizeof num, "%.3f", x->seconds);
    cli_json_key(&j, "seconds");
    cli_json_raw(&j, num);
    cli_json_end(&j);
}

/* --best on position pos within --seconds (default SKE_BEST_SECONDS),
 * with the --leaves table or the language's shipped one. */
static int solve_best(const skc_ctx *c, void **solver, int jobs, const skc_pos *p, const sk_eg_position *pos,
                      int spread, cli_buf *out, cli_buf *err)
{
    tk_error e = {0};
    ske_solver *x = slot_for(solver, c->e, &e);
    if (!x || (!x->best && sk_best_create(&x->best, c->e, jobs, (size_t)E.tt_mb, &e)))
        return fail(c, out, err, p, x ? e.msg : "out of memory");
    sk_leaves *lv = skp_leaves();
    if (!lv && !x->leaves && skp_shipped_leaves(c->e, c->o->lang, &x->leaves) != CLI_EXIT_OK)
        return fail(c, out, err, p, "cannot load the shipped leave table (give --leaves FILE)");
    double clock = position_clock();
    sk_best_opts o = { clock > 0 ? clock : SKE_BEST_SECONDS, spread, pos->zeroless, pos->last_pass,
                       sk_leaves_value, lv ? lv : x->leaves, NULL, 1 };
    sk_best_result r;
    if (sk_best_choose(x->best, &pos->board, &pos->rack[0], &o, &r, &e))
        return fail(c, out, err, p, e.msg);
    print_best(c, out, p, &pos->board, &pos->rack[0], &r);
    return CLI_EXIT_OK;
}

int ske_solve(const skc_ctx *c, void **solver, int jobs, const skc_pos *p, const sk_board *b, cli_buf *out,
              cli_buf *err)
{
    tk_error e = {0};
    const sk_engine *eng = c->e;
    sk_engine *le = c->e;
    if (p->cgp && c->lex && skx_engine_for(c->lex, p->cgp, p->cgp_len, &le, &e) != TK_OK)
        return fail(c, out, err, p, e.msg);
    eng = le;
    skc_ctx other = *c;
    other.e = le;
    c = &other;
    sk_eg_position pos;
    memset(&pos, 0, sizeof pos);
    int spread = 0;
    if (p->cgp) {
        if (sk_eg_cgp_parse(&pos, eng, p->cgp, p->cgp_len, &e))
            return fail(c, out, err, p, e.msg);
        spread = cgp_spread(p->cgp, p->cgp_len);
    } else {
        pos.board = *b;
    }
    if (c->o->rack && sk_rack_parse(&pos.rack[0], eng, c->o->rack, strlen(c->o->rack), &e))
        return fail(c, out, err, p, e.msg);
    int mine_only = E.pre || E.best;   /* the opponent's rack is not known (ignored when given) */
    if (E.opp && !mine_only && sk_rack_parse(&pos.rack[1], eng, E.opp, strlen(E.opp), &e))
        return fail(c, out, err, p, e.msg);
    if (!p->cgp && !E.opp && !mine_only)
        return fail(c, out, err, p, "no opponent rack: give --opp-rack RACK (a board file holds none)");
    sk_rack both = pos.rack[0];
    if (!mine_only) {
        both.blanks += pos.rack[1].blanks;
        for (int l = 1; l < 64; l++)
            both.count[l] = (uint8_t)(both.count[l] + pos.rack[1].count[l]);
    }
    both.n = 0;
    if (sk_position_check(eng, &pos.board, &both, &e))
        return fail(c, out, err, p, e.msg);
    if (E.pre)
        return solve_peg(c, solver, jobs, p, &pos, spread, out, err);
    if (E.best)
        return solve_best(c, solver, jobs, p, &pos, spread, out, err);
    sk_endgame *s = solver_for(solver, eng, jobs, &e);
    if (!s)
        return fail(c, out, err, p, e.msg);
    sk_eg_opts opts = { E.seconds, E.plies, E.all_best, 0, 0, 0, 0 };
    int left = sk_eg_bag_count(eng, &pos.board, &pos.rack[0], &pos.rack[1]);
    if (left > 0) {
        char msg[96];
        snprintf(msg, sizeof msg, "not an endgame: %d tile%s in the bag (both racks known: %d and %d tiles)", left,
                 left == 1 ? "" : "s", pos.rack[0].n, pos.rack[1].n);
        return fail(c, out, err, p, msg);
    }
    sk_eg_result r;
    if (sk_endgame_solve(s, &pos, &opts, &r, &e))
        return fail(c, out, err, p, e.msg);
    print_endgame(c, eng, out, p, &pos, &r);
    sk_eg_result_free(&r);
    return CLI_EXIT_OK;
}

/* ---- the GCG review's solver ------------------------------------------------------------- */

sk_endgame *ske_review_solver(void **slot, const sk_engine *e, tk_error *err) { return solver_for(slot, e, 1, err); }

void ske_limits(sk_eg_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seconds = E.seconds;
    o->plies = E.plies;
    if (!E.seconds && !E.plies)
        o->seconds = SKE_REVIEW_SECONDS;   /* a game review goes on: a blank can cost hours */
}

const char *ske_not_for_review(void)
{
    return E.pre ? "--preendgame" : E.best ? "--best" : E.opp ? "--opp-rack" : E.all_best ? "--all-best" : NULL;
}

/* ---- self-play's endgame player --------------------------------------------------------- */

void *ske_player_new(const sk_engine *e)
{
    void *slot = NULL;
    tk_error err;
    if (!solver_for(&slot, e, 1, &err)) {
        ske_free(slot);
        return NULL;
    }
    return slot;
}

int ske_player_choose(void *ctx, const sk_board *b, const sk_rack *me, const sk_rack *opp, int scoreless,
                      int last_pass, sk_play *out)
{
    ske_solver *x = ctx;
    sk_eg_position pos;
    memset(&pos, 0, sizeof pos);
    pos.board = *b;
    pos.rack[0] = *me;
    pos.rack[1] = *opp;
    pos.zeroless = scoreless;
    pos.last_pass = last_pass;
    sk_eg_opts opts = { E.seconds > 0 ? E.seconds : 1.0, E.plies, 0, 0, 0, 0, 0 };
    sk_eg_result r;
    tk_error err;
    if (sk_endgame_solve(x->s, &pos, &opts, &r, &err) || r.npv == 0)
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
