/* skrafl_sim.c - skrafl --sim: the simulation's options, its table and JSON.
 *
 * The position (a board file with --rack, or a CGP line whose scores give
 * the mover's spread for the win estimate) goes to the library's sk_sim
 * with the leave table skrafl_play.c loaded (the shipped one of the
 * language by default); the candidates are printed best first: play, score,
 * leave, static equity, simulated value with its standard error, win %,
 * iterations.  Nothing printed depends on the time taken or on --jobs, so a
 * run with a fixed seed and iteration count is byte for byte reproducible.
 * At a terminal the progress (iterations, leader, its margin) is redrawn on
 * standard error at every checkpoint.
 */
#include "cli/skrafl_sim.h"
#include "cli/skrafl_gcg.h"
#include "cli/skrafl_play.h"
#include "tilekit/sksim.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
    int on, exact, jobs, have_iters, have_seconds;
    long plies, candidates;
    unsigned long long iterations, seed;
    double seconds, confidence;
    int leaves_given, selfplay;
    const char *wintab_arg;
    sk_wintab wintab;
    int have_wintab;
    int other;                  /* an option that is not for --sim was given (for the message) */
} S = { .seed = 1 };

void sks_usage(void)
{
    printf("Simulating (Monte Carlo look-ahead):\n"
           "      --sim              simulate the best candidate plays: draw the opponent's rack\n"
           "                         from the unseen tiles, play a few plies ahead with the\n"
           "                         static equity player, average; the table gives play, score,\n"
           "                         leave, static equity, simulated value +- standard error,\n"
           "                         win %% and iterations, best first\n"
           "      --plies=P          plies simulated after the candidate (default 2)\n"
           "      --candidates=K     the K best plays by static equity (default %d)\n"
           "      --iterations=N     stop after N iterations (default 1000 when no --seconds)\n"
           "      --seconds=S        stop after S seconds (not reproducible)\n"
           "      --confidence=C     drop candidates behind the leader at confidence C (0.99 or\n"
           "                         99), stop when one is left\n"
           "      --exact            every distinct arrangement of the unseen tiles once (tiny bags)\n"
           "      --wintab=FILE      win-percentage table (CSV 'unseen,scale'; default: the shipped\n"
           "                         wintab/LANG.csv when found; none: win %% by the spread's sign)\n"
           "                         --seed S and --jobs N apply; the result does not depend on --jobs\n",
           SK_SIM_DEFAULT_K);
}

static double parse_double(const char *opt, const char *s, double lo, double hi)
{
    return cli_parse_real(opt, s, lo, 0, hi);
}

void sks_option(int code, const char *arg)
{
    switch (code) {
    case SKS_O_SIM: S.on = 1; break;
    case SKS_O_PLIES: S.plies = cli_parse_long("--plies", arg, 1, SK_SIM_MAX_PLIES); S.other = 1; break;
    case SKS_O_CANDIDATES:
        S.candidates = cli_parse_long("--candidates", arg, 1, SK_SIM_MAX_CANDIDATES);
        S.other = 1;
        break;
    case SKS_O_ITERATIONS:
        S.iterations = (unsigned long long)cli_parse_long("--iterations", arg, 1, 1000000000L);
        S.have_iters = 1;
        S.other = 1;
        break;
    case SKS_O_SECONDS: S.seconds = parse_double("--seconds", arg, 0.001, 1e6); S.have_seconds = 1; S.other = 1; break;
    case SKS_O_CONFIDENCE: {
        double c = parse_double("--confidence", arg, 0.5, 99.9999);
        if (c > 1)
            c /= 100;
        if (c < 0.5)
            cli_usage_error("invalid --confidence value '%s' (0.5..0.999999, or a percentage 50..99.9999)", arg);
        S.confidence = c;
        S.other = 1;
        break;
    }
    case SKS_O_EXACT: S.exact = 1; S.other = 1; break;
    case SKS_O_WINTAB:
        if (!*arg)
            cli_usage_error("--wintab needs a file (or none, or default)");
        S.wintab_arg = arg;
        S.other = 1;
        break;
    }
}

void sks_note(int code, const char *arg)
{
    if (code == SKP_O_SEED) {
        char *end;
        errno = 0;
        S.seed = strtoull(arg, &end, 10);   /* skrafl_play.c has checked it */
    } else if (code == SKP_O_LEAVES) {
        S.leaves_given = 1;
    } else if (code == SKP_O_SELFPLAY) {
        S.selfplay = 1;
    }
}

int sks_active(void) { return S.on; }

/* --wintab FILE | default | none; default: the language's shipped table if found. */
static int load_wintab(const char *lang)
{
    const char *arg = S.wintab_arg ? S.wintab_arg : "default";
    if (strcmp(arg, "none") == 0)
        return CLI_EXIT_OK;
    char buf[4096], rel[64];
    const char *path = arg;
    if (strcmp(arg, "default") == 0) {
        snprintf(rel, sizeof rel, "wintab/%s.csv", lang);
        path = cli_find_data(rel, buf, sizeof buf);
        if (!path) {
            if (!S.wintab_arg)
                return CLI_EXIT_OK;   /* none shipped: win by the sign of the spread */
            cli_error(NULL, 0, "no shipped win table %s (give --wintab FILE)", rel);
            return CLI_EXIT_DATA;
        }
    }
    size_t len;
    char *text = cli_load_file(path, &len);
    if (!text)
        return CLI_EXIT_DATA;
    tk_error err = {0};
    int rc = sk_wintab_parse(&S.wintab, text, len, &err);
    free(text);
    if (rc) {
        cli_error(path, err.line, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    S.have_wintab = 1;
    return CLI_EXIT_OK;
}

int sks_setup(skc_opts *o)
{
    if (!S.on) {
        if (S.other && !S.selfplay)
            cli_usage_error("--plies, --candidates, --iterations, --seconds, --confidence, --exact and --wintab go "
                            "with --sim (or with --selfplay for the player sim)");
        if (S.exact)
            cli_usage_error("--exact goes with --sim");
        return S.selfplay ? load_wintab(o->lang) : CLI_EXIT_OK;
    }
    if (S.exact && skg_wanted())
        cli_usage_error("--exact does not go with --gcg (a game's bags are too large to enumerate)");
    if (o->count || o->check_coord || o->show || o->svg)
        cli_usage_error("--sim does not go with --%s", o->count ? "count" : o->check_coord ? "check" : o->show ? "show" : "svg");
    if (!S.have_iters && !S.have_seconds && !S.exact)
        S.iterations = 1000;
    S.jobs = cli_jobs(o->jobs);
    if (S.jobs > SK_SIM_MAX_JOBS)
        S.jobs = SK_SIM_MAX_JOBS;
    o->jobs = 1;
    if (!S.leaves_given)
        skp_option(SKP_O_LEAVES, "default");
    return load_wintab(o->lang);
}

void sks_review_opts(sk_sim_opts *so, sk_leaves *lv)
{
    memset(so, 0, sizeof *so);
    so->plies = S.plies ? (int)S.plies : 2;
    so->candidates = (int)S.candidates;
    so->seed = S.seed;
    so->iterations = S.iterations;
    so->seconds = S.seconds;
    so->confidence = S.confidence;
    so->jobs = S.jobs;
    so->wins = S.have_wintab ? &S.wintab : NULL;
    so->fn = sk_leaves_value;
    so->ctx = lv;
}

const sk_chooser *sks_player(sk_leaves *lv)
{
    static sk_sim_opts so;
    static sk_chooser ch;
    memset(&so, 0, sizeof so);
    so.plies = S.plies ? (int)S.plies : 2;
    so.candidates = (int)S.candidates;
    so.iterations = S.have_iters ? S.iterations : (S.have_seconds ? 0 : 50);
    so.seconds = S.seconds;
    so.confidence = S.confidence;
    so.seed = S.seed;
    so.jobs = 1;
    so.fn = sk_leaves_value;
    so.ctx = lv;
    so.wins = S.have_wintab ? &S.wintab : NULL;
    ch.choose = sk_sim_choose;
    ch.ctx = &so;
    return &ch;
}

/* ---- progress on a terminal ------------------------------------------------------------------ */

typedef struct prog {
    const sk_engine *e;
    const sk_rack *r;
    double last;
    int shown;
} prog;

static int progress(void *ctx, const sk_sim_result *res)
{
    prog *pg = ctx;
    double t = cli_now();
    if (t - pg->last < 0.2 || res->n == 0)
        return 0;
    pg->last = t;
    const sk_sim_cand *a = &res->cand[res->order[0]];
    char coord[16], word[256], leave[64];
    skp_play_text(pg->e, pg->r, &a->play, SK_FMT_PAREN, coord, sizeof coord, word, sizeof word, leave, sizeof leave);
    int left = 0;
    for (int i = 0; i < res->n; i++)
        left += !res->cand[i].dropped;
    fprintf(stderr, "\r%s: sim %llu iterations, %d in the running, leader %s %s %.2f", cli_prog(),
            (unsigned long long)res->iterations, left, coord, word, a->mean);
    if (res->n > 1) {
        const sk_sim_cand *b = &res->cand[res->order[1]];
        fprintf(stderr, " (+%.2f)", a->mean - b->mean);
    }
    fprintf(stderr, "\033[K");
    fflush(stderr);
    pg->shown = 1;
    return 0;
}

/* ---- output ----------------------------------------------------------------------------------- */

static const char *stop_name(int stop)
{
    switch (stop) {
    case SK_SIM_STOP_TIME: return "time";
    case SK_SIM_STOP_CONFIDENCE: return "confidence";
    case SK_SIM_STOP_CALLER: return "interrupted";
    default: return "iterations";
    }
}

/* Display width of UTF-8 text (code points). */
static int width(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static void pad(cli_buf *f, const char *s, int w, int right)
{
    int n = w - width(s);
    if (right)
        for (; n > 0; n--)
            cli_buf_putc(f, ' ');
    cli_buf_puts(f, s);
    if (!right)
        for (; n > 0; n--)
            cli_buf_putc(f, ' ');
}

/* The mover's spread from a CGP line's scores field (the third field, "A/B"); 0 if absent. */
static int cgp_spread(const skc_pos *p)
{
    if (!p->cgp)
        return 0;
    const char *s = p->cgp, *end = p->cgp + p->cgp_len;
    for (int field = 0; field < 2; field++) {
        while (s < end && *s != ' ' && *s != '\t')
            s++;
        while (s < end && (*s == ' ' || *s == '\t'))
            s++;
    }
    long a = 0, b = 0;
    char buf[64];
    size_t n = 0;
    while (s + n < end && s[n] != ' ' && s[n] != '\t' && n < sizeof buf - 1)
        n++;
    memcpy(buf, s, n);
    buf[n] = 0;
    if (sscanf(buf, "%ld/%ld", &a, &b) != 2)
        return 0;
    return (int)(a - b);
}

static void print_text(const sk_engine *e, cli_buf *f, const sk_rack *r, const sk_sim_result *res,
                       const sk_sim_opts *so, const skc_pos *p)
{
    char rs[128];
    sk_rack_leave(r, NULL, e, rs, sizeof rs);
    if (p->cgp)
        cli_buf_printf(f, "# line %ld: ", p->line);
    else
        cli_buf_puts(f, "# ");
    cli_buf_printf(f, "sim: rack %s, plies %d, candidates %d, iterations %llu (stopped by %s), seed %llu; "
                   "unseen %d, bag %d\n", rs[0] ? rs : "-", so->plies, res->n, (unsigned long long)res->iterations,
                   stop_name(res->stop), (unsigned long long)so->seed, res->unseen, res->bag);
    /* the fields of every row, then the columns' widths */
    enum { NF = 9 };
    static const char *head[NF] = { "#", "play", "score", "leave", "equity", "value", "+-", "win%", "iters" };
    static const int right[NF] = { 1, 0, 1, 0, 1, 1, 1, 1, 1 };
    char cell[SK_SIM_MAX_CANDIDATES][NF][300];
    int w[NF];
    for (int k = 0; k < NF; k++)
        w[k] = width(head[k]);
    for (int i = 0; i < res->n; i++) {
        const sk_sim_cand *c = &res->cand[res->order[i]];
        char coord[16], word[256], leave[128], eq[32];
        skp_play_text(e, r, &c->play, SK_FMT_PAREN, coord, sizeof coord, word, sizeof word, leave, sizeof leave);
        skp_fmt_milli(eq, sizeof eq, c->play.equity);
        snprintf(cell[i][0], 300, "%d", i + 1);
        snprintf(cell[i][1], 300, "%s %s", coord, word);
        snprintf(cell[i][2], 300, "%d", c->play.score);
        snprintf(cell[i][3], 300, "%s", leave[0] ? leave : "-");
        snprintf(cell[i][4], 300, "%s", eq);
        snprintf(cell[i][5], 300, "%.2f", c->mean);
        snprintf(cell[i][6], 300, "%.2f", c->se);
        snprintf(cell[i][7], 300, "%.1f", 100 * c->win);
        if (c->dropped)
            snprintf(cell[i][8], 300, "%llu dropped", (unsigned long long)c->iterations);
        else
            snprintf(cell[i][8], 300, "%llu", (unsigned long long)c->iterations);
        for (int k = 0; k < NF; k++)
            if (width(cell[i][k]) > w[k])
                w[k] = width(cell[i][k]);
    }
    for (int k = 0; k < NF; k++) {
        if (k)
            cli_buf_puts(f, "  ");
        pad(f, head[k], k == NF - 1 ? 0 : w[k], right[k]);
    }
    cli_buf_putc(f, '\n');
    for (int i = 0; i < res->n; i++) {
        for (int k = 0; k < NF; k++) {
            if (k)
                cli_buf_puts(f, "  ");
            pad(f, cell[i][k], k == NF - 1 ? 0 : w[k], right[k]);
        }
        cli_buf_putc(f, '\n');
    }
}

static void json_num(cli_json *j, const char *key, const char *fmt, double v)
{
    char t[64];
    snprintf(t, sizeof t, fmt, v);
    cli_json_key(j, key);
    cli_json_raw(j, t);
}

static void json_head(cli_json *j, cli_buf *f, const skc_pos *p)
{
    cli_json_begin(j, f);
    cli_json_kstr(j, "file", p->file);
    if (p->cgp)
        cli_json_kint(j, "line", p->line);
}

static void print_json(const sk_engine *e, cli_buf *f, const sk_rack *r, const sk_sim_result *res,
                       const sk_sim_opts *so, const skc_pos *p)
{
    static const char *kinds[] = { "move", "exchange", "pass" };
    for (int i = 0; i < res->n; i++) {
        const sk_sim_cand *c = &res->cand[res->order[i]];
        char coord[16], word[256], leave[128], eq[32], lv[32];
        skp_play_text(e, r, &c->play, SK_FMT_WORD, coord, sizeof coord, word, sizeof word, leave, sizeof leave);
        skp_fmt_milli(eq, sizeof eq, c->play.equity);
        skp_fmt_milli(lv, sizeof lv, c->play.leave);
        cli_json j;
        json_head(&j, f, p);
        cli_json_kint(&j, "rank", i + 1);
        cli_json_kstr(&j, "kind", kinds[c->play.kind]);
        if (c->play.kind == SK_PLAY_MOVE) {
            cli_json_kstr(&j, "coord", coord);
            cli_json_kstr(&j, "word", word);
        } else if (c->play.kind == SK_PLAY_EXCHANGE) {
            cli_json_kstr(&j, "exchange", word + 1);
        }
        cli_json_kint(&j, "score", c->play.score);
        cli_json_kstr(&j, "leave", leave);
        cli_json_key(&j, "leave_value");
        cli_json_raw(&j, lv);
        cli_json_key(&j, "equity");
        cli_json_raw(&j, eq);
        json_num(&j, "value", "%.3f", c->mean);
        json_num(&j, "stderr", "%.3f", c->se);
        json_num(&j, "win", "%.4f", c->win);
        cli_json_key(&j, "iterations");
        cli_json_uint(&j, c->iterations);
        cli_json_key(&j, "dropped");
        cli_json_bool(&j, c->dropped);
        cli_json_end(&j);
    }
    cli_json j;
    json_head(&j, f, p);
    cli_json_key(&j, "sim");
    cli_json_object(&j);
    cli_json_kint(&j, "plies", so->plies);
    cli_json_kint(&j, "candidates", res->n);
    cli_json_key(&j, "iterations");
    cli_json_uint(&j, res->iterations);
    cli_json_kstr(&j, "stopped", stop_name(res->stop));
    cli_json_key(&j, "seed");
    cli_json_uint(&j, so->seed);
    cli_json_kint(&j, "unseen", res->unseen);
    cli_json_kint(&j, "bag", res->bag);
    cli_json_close(&j);
    cli_json_end(&j);
}

int sks_solve(const skc_ctx *c, cli_buf *out, cli_buf *err, const sk_board *b, const sk_rack *r,
              const skc_pos *p)
{
    sk_sim_opts so;
    memset(&so, 0, sizeof so);
    so.plies = S.plies ? (int)S.plies : 2;
    so.candidates = (int)S.candidates;
    so.seed = S.seed;
    so.iterations = S.iterations;
    so.seconds = S.seconds;
    so.confidence = S.confidence;
    so.exact = S.exact;
    so.jobs = S.jobs;
    so.spread = cgp_spread(p);
    so.wins = S.have_wintab ? &S.wintab : NULL;
    so.fn = sk_leaves_value;
    so.ctx = skp_leaves();
    prog pg = { c->e, r, 0, 0 };
    if (isatty(STDERR_FILENO)) {
        so.progress = progress;
        so.pctx = &pg;
    }
    sk_sim_result *res = malloc(sizeof *res);
    if (!res) {
        cli_buf_error(err, NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    tk_error e = {0};
    double t0 = cli_now();
    int rc = sk_sim(c->e, b, r, &so, res, &e);
    if (pg.shown) {
        fprintf(stderr, "\r\033[K");
        fflush(stderr);
    }
    if (rc) {
        cli_buf_error(err, p->file, p->cgp ? p->line : 0, "cannot simulate: %s", e.msg);
        free(res);
        return CLI_EXIT_DATA;
    }
    if (c->o->json)
        print_json(c->e, out, r, res, &so, p);
    else
        print_text(c->e, out, r, res, &so, p);
    if (c->o->verbose) {
        double s = cli_now() - t0;
        cli_buf_error(err, NULL, 0, "sim: %llu iterations in %.2f s (%.0f iterations/s, %d thread%s)",
                      (unsigned long long)res->iterations, s, s > 0 ? res->iterations / s : 0, S.jobs,
                      S.jobs == 1 ? "" : "s");
    }
    free(res);
    return CLI_EXIT_OK;
}
