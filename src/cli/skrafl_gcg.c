/* skrafl_gcg.c - skrafl --gcg FILE|DIR...: review GCG game records.
 *
 * The files (and every *.gcg under a directory, by name) are the records of
 * the batch engine (cli_batch, CLI_BATCH_COUNT: record i is file i), so the
 * games are reviewed on --jobs threads and printed in input order.  Each
 * game is read (sk_gcg_parse: unreadable lines reported, at most 20 a file),
 * checked against the engine (variant, letter distribution, board) and
 * given its dictionary: its #lexicon when installed, else ours with the
 * words looked up but not judged (unless --dict or --lexicon chose it).
 * The library reviews it (tilekit/skreview.h: the verdict of every event,
 * the ranks, --sim and --endgame) and the formatters print it
 * (tilekit/skfmt.h: text or JSON lines, the summary, --cgp-at's CGP line);
 * the messages of its events go to stderr as `skrafl: FILE:LINE: message`.
 * At the end, a table per player over every game.  Files the reader refuses
 * (binary data, more than two players, another language) are reported; the
 * other files are still reviewed and the exit status is then 1.
 */
#include "cli/cli_pages.h"
#include "cli/skrafl_cli.h"
#include "cli/skrafl_lex.h"
#include "tilekit/datapath.h"
#include "tilekit/skfmt.h"
#include "tilekit/skreview.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* --html DIR: a game file's page drops its .gcg */
static const char *const GCG_EXTS[] = { ".gcg", NULL };

#define GCG_FILE_MAX (64L << 20)   /* a game record is a few KiB: 64 MiB is not a GCG file */
#define REVIEW_EG_SECONDS 10.0     /* --endgame's bound per solve when neither --seconds nor --plies */

/* ---- the run --------------------------------------------------------------------------------- */

typedef struct gstat {
    int done;                  /* reviewed (not refused) */
    char name[2][128];         /* full name, else nickname */
    sk_review_player p[2];
    int errors;                /* score and total errors, problems */
} gstat;

typedef struct run {
    const skc_ctx *c;
    sk_leaves *leaves;
    char **files;
    int nfiles, cap;
    gstat *stats;
    char dict_name[80];        /* the default dictionary's name ("ENABLE2K") */
    int dict_explicit;         /* --dict / --lexicon given: its verdicts count whatever #lexicon says */
    cli_pages pages;           /* --html */
} run;

typedef struct worker {
    run *R;                    /* the run (read-only on the worker threads, but for its own stats slot) */
    sk_reviewer *rv;
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

/* What one game's review needs besides the run. */
typedef struct game {
    const run *R;
    const sk_engine *e;        /* the game's lexicon's, else the command line's */
    int judged;                /* the dictionary is the game's own: word verdicts count */
    char dict_name[80];
    char lexnote[160];         /* why words are not judged */
    const char *path;          /* for messages and "file" */
    cli_buf *out, *err;
    const sk_gcg *gc;
    int status;
} game;

/* The review's options from the command line's. */
static void review_opts(const game *g, sk_review_opts *o)
{
    const skc_opts *co = g->R->c->o;
    memset(o, 0, sizeof *o);
    o->leaves = g->R->leaves;
    o->flags = co->all_openings ? SK_ALL_OPENINGS : 0;
    o->top = co->top > SK_REVIEW_TOP_MAX ? SK_REVIEW_TOP_MAX : (int)co->top;
    o->judged = g->judged;
    o->dict_name = g->dict_name;
    o->lexnote = g->lexnote;
    const skc_sim_opts *s = &co->sim;
    o->sim = s->on;
    o->simo.plies = s->plies ? (int)s->plies : 2;
    o->simo.candidates = (int)s->candidates;
    o->simo.seed = co->play.seed;
    o->simo.iterations = s->iterations;
    o->simo.seconds = s->seconds;
    o->simo.confidence = s->confidence;
    o->simo.jobs = s->jobs;
    o->simo.wins = g->R->c->have_wintab ? &g->R->c->wintab : NULL;
    const skc_eg_opts *e = &co->eg;
    o->endgame = e->endgame;
    o->ego.seconds = e->seconds;
    o->ego.plies = e->plies;
    if (!e->seconds && !e->plies)
        o->ego.seconds = REVIEW_EG_SECONDS;   /* a game review goes on: a blank can cost hours */
    o->peg_seconds = e->seconds ? e->seconds : REVIEW_EG_SECONDS;   /* --plies bounds no pre-endgame */
    o->tt_mb = (size_t)e->tt_mb;
    o->look_turn = co->gcg.turn > 0 ? (int)co->gcg.turn : co->gcg.cgp_at > 0 ? -1 : 0;
}

/* The problem of event i and, with --verbose, its looking ahead (stderr). */
static void event_messages(const game *g, const sk_review_event *v)
{
    long line = v->ev->line;
    if (v->problem[0])
        cli_buf_error(g->err, g->path, line, "%s", v->problem);
    if (!g->R->c->o->verbose)
        return;
    if (v->sim == 1)
        cli_buf_error(g->err, g->path, line, "sim: %llu iterations, %d candidates, %.2f s",
                      (unsigned long long)v->sim_iterations, v->sim_n, v->sim_seconds);
    static const char *const what[2] = { "endgame", "endgame after the play" };
    for (int k = 0; k < v->eg_solves && k < 2; k++)
        cli_buf_error(g->err, g->path, line, "%s: %s, depth %d, %llu nodes, %.2f s", what[k],
                      v->eg_s_exact[k] ? "exact" : "inexact", v->eg_s_depth[k],
                      (unsigned long long)v->eg_s_nodes[k], v->eg_s_seconds[k]);
    if (v->peg == 1)
        cli_buf_error(g->err, g->path, line, "pre-endgame: %d in the bag, %zu of %zu plays considered, %s, %.2f s",
                      v->peg_bag, v->peg_considered, v->peg_legal,
                      v->peg_complete ? "every stage" : "cut short by the clock", v->peg_seconds);
}

/* --cgp-at N: the position before turn N as a CGP line, with the game's
 * lexicon or the one named on the command line (ours by default: none). */
static void print_cgp(const game *g, const sk_review *rv, int i)
{
    const skc_opts *o = g->R->c->o;
    const char *lex = o->lexicon ? o->lexicon : g->gc->lexicon;
    if (strcasecmp(lex, g->R->dict_name) == 0 && !o->lexicon)
        lex = "";
    cli_buf line = {0};
    skf_review_cgp(&line, rv, i, tk_lexicon_name_ok(lex) ? lex : NULL);
    if (o->json) {
        cli_json j;
        cli_json_begin(&j, g->out);
        cli_json_kstr(&j, "file", g->path);
        cli_json_kint(&j, "line", rv->ev[i].ev->line);
        cli_json_kint(&j, "turn", g->R->c->o->gcg.cgp_at);
        cli_json_kstr(&j, "cgp", line.p ? line.p : "");
        cli_json_end(&j);
    } else {
        cli_buf_put(g->out, line.p, line.len);
        cli_buf_putc(g->out, '\n');
    }
    cli_buf_free(&line);
}

/* --turn N with --show / --svg: the position before the play, with the play and the best. */
static void draw_turn(game *g, const sk_review_event *v)
{
    skc_ctx c = *g->R->c;
    c.e = (sk_engine *)g->e;
    const sk_gcg_event *ev = v->ev;
    if (c.o->show) {
        char what[400];
        snprintf(what, sizeof what, "turn %d, %s %s", v->turn, g->gc->nick[ev->player],
                 v->has_play ? "played" : skf_event_kind(ev->kind));
        skc_show_board(&c, g->out, &v->before, v->has_play ? &v->gp.move : NULL, what);
        if (v->have_rank)
            skc_show_board(&c, g->out, &v->before, v->best.kind == SK_PLAY_MOVE ? &v->best.move : NULL, "best play");
    }
    if (c.o->svg) {
        const sk_move *m = v->has_play ? &v->gp.move : NULL;
        if (skc_write_svg(&c, c.o->svg, &v->before, m, g->err))
            g->status = CLI_EXIT_DATA;
        if (v->have_rank && v->best.kind == SK_PLAY_MOVE) {
            char path[4096];
            const char *dot = strrchr(c.o->svg, '.');
            size_t n = dot && !strchr(dot, '/') ? (size_t)(dot - c.o->svg) : strlen(c.o->svg);
            snprintf(path, sizeof path, "%.*s-best%s", (int)n, c.o->svg, dot && !strchr(dot, '/') ? dot : ".svg");
            if (skc_write_svg(&c, path, &v->before, &v->best.move, g->err))
                g->status = CLI_EXIT_DATA;
        }
    }
}

/* The review's output: every event (or --turn N's, or --cgp-at N's position), the summary. */
static void print_review(game *g, const sk_review *rv)
{
    const skc_gcg_opts *go = &g->R->c->o->gcg;
    int json = g->R->c->o->json, only = go->turn > 0 || go->cgp_at > 0;
    for (int i = 0; i < rv->n; i++) {
        const sk_review_event *v = &rv->ev[i];
        event_messages(g, v);
        if (go->cgp_at > 0 && v->turn == go->cgp_at)
            print_cgp(g, rv, i);
        if (only && !(go->turn > 0 && v->turn == go->turn))
            continue;
        if (json)
            skf_review_event_json(g->out, rv, i, g->path);
        else
            skf_review_event_text(g->out, rv, i);
        if (go->turn > 0 && v->turn == go->turn)
            draw_turn(g, v);
    }
    if (!only) {
        if (json)
            skf_review_summary_json(g->out, rv, g->path);
        else
            skf_review_summary_text(g->out, rv, g->path);
    }
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
static int pick_lexicon(game *a, cli_buf *err)
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
    snprintf(dist, sizeof dist, "%.31s", gc->distribution);
    for (char *q = dist; *q; q++)
        *q = (char)(*q >= 'A' && *q <= 'Z' ? *q + 32 : *q);
    if (dist[0] && strcmp(sk_distribution_lang(dist), R->c->o->lang) != 0) {
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
        snprintf(a->lexnote, sizeof a->lexnote, "the game's lexicon %.63s could not be loaded", gc->lexicon);
    else
        snprintf(a->lexnote, sizeof a->lexnote, "the game's lexicon %.63s is not installed", gc->lexicon);
    cli_buf_error(err, a->path, 0, "warning: %s: words are looked up in %s but not judged%s", a->lexnote,
                  R->dict_name, found[0] ? "" : " (install it with mkdawg --install)");
    return 0;
}

/* Read and parse the file, with its messages; 0, or an exit status. */
static int read_game(const char *path, const char *name, const sk_engine *e, sk_gcg *gc, cli_buf *err)
{
    struct stat sb;
    memset(gc, 0, sizeof *gc);
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
    errctx x = { err, name, 0 };
    int rc = sk_gcg_parse(gc, e, text, len, on_error, &x, &err0);
    free(text);
    if (x.n > ERRORS_SHOWN)
        cli_buf_error(err, name, 0, "%d more lines that cannot be read", x.n - ERRORS_SHOWN);
    if (rc) {
        cli_buf_error(err, name, err0.line, "%s", err0.msg);
        return CLI_EXIT_DATA;
    }
    if (gc->clash)
        cli_buf_error(err, name, 0, "warning: both players are called '%s': told apart by turn order", gc->nick[0]);
    if (gc->alias[0])
        cli_buf_error(err, name, 0, "warning: no #player line names '%s': its events are taken as %s's (who has "
                      "none under that nickname)", gc->alias, gc->nick[gc->alias_player]);
    return 0;
}

/* --html: game i's page. */
static int write_page(const run *R, int i, const sk_review *rv, const char *name, cli_buf *err)
{
    fmt_buf page = {0};
    skf_review_html(&page, rv, name);
    int rc = cli_page_write(&R->pages, i, &page, err);
    fmt_buf_free(&page);
    return rc;
}

static int review(const run *R, worker *w, int i, gstat *st, cli_buf *out, cli_buf *err)
{
    const char *path = R->files[i];
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    sk_gcg gc;
    int rc = read_game(path, name, R->c->e, &gc, err);
    if (rc) {
        sk_gcg_free(&gc);
        return rc;
    }
    game g;
    memset(&g, 0, sizeof g);
    g.R = R;
    g.path = name;
    g.out = out;
    g.err = err;
    g.gc = &gc;
    if (pick_lexicon(&g, err)) {
        sk_gcg_free(&gc);
        return CLI_EXIT_DATA;
    }
    sk_review_opts o;
    review_opts(&g, &o);
    sk_review rv;
    tk_error e2 = {0};
    if (sk_review_game(w->rv, g.e, &gc, &o, &rv, &e2)) {
        sk_review_free(&rv);
        sk_gcg_free(&gc);
        cli_buf_error(err, NULL, 0, "%s", e2.msg);
        return -1;
    }
    if (!R->c->o->json && R->nfiles > 1 && R->c->o->gcg.cgp_at == 0)
        cli_buf_printf(out, "--- %s\n", name);     /* which game the lines below belong to */
    print_review(&g, &rv);
    if (R->pages.out && write_page(R, i, &rv, name, err))
        g.status = CLI_EXIT_DATA;
    st->errors = rv.score_errors + rv.total_errors + rv.problems + gc.nerrors;
    for (int p = 0; p < 2; p++) {
        snprintf(st->name[p], sizeof st->name[p], "%s", gc.name[p][0] ? gc.name[p] : gc.nick[p]);
        st->p[p] = rv.player[p];
    }
    st->done = 1;
    int status = gc.nerrors || rv.problems ? CLI_EXIT_DATA : g.status;
    sk_review_free(&rv);
    sk_gcg_free(&gc);
    return status;
}

/* ---- the batch --------------------------------------------------------------------------------- */

static void *worker_new(void *user)
{
    worker *w = calloc(1, sizeof(worker));
    if (w && sk_reviewer_create(&w->rv, NULL)) {
        free(w);
        return NULL;
    }
    if (w)
        w->R = user;
    return w;
}

static void worker_free(void *user, void *state)
{
    worker *w = state;
    (void)user;
    sk_reviewer_destroy(w->rv);
    free(w);
}

static int solve_game(void *state, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    worker *w = state;
    run *R = w->R;
    long i = rec->no - 1;
    if (i < 0 || i >= R->nfiles)
        return CLI_EXIT_OK;
    return review(R, w, (int)i, &R->stats[i], out, err);
}

/* The table per player over every game reviewed. */
static void print_table(const run *R, int json)
{
    skf_player_row *t = calloc((size_t)2 * (size_t)R->nfiles + 1, sizeof *t);
    int n = 0;
    if (!t)
        return;
    for (int i = 0; i < R->nfiles; i++) {
        if (!R->stats[i].done)
            continue;
        for (int p = 0; p < 2; p++) {
            const char *name = R->stats[i].name[p];
            int k = 0;
            while (k < n && strcmp(t[k].name, name) != 0)
                k++;
            if (k == n)
                t[n++].name = name;
            sk_review_player_add(&t[k].sums, &R->stats[i].p[p]);
            t[k].games++;
        }
    }
    cli_buf o = {0};
    skf_review_table(&o, t, n, R->c->o->sim.on, R->c->o->eg.endgame, json);
    if (o.len)
        fwrite(o.p, 1, o.len, stdout);
    cli_buf_free(&o);
    free(t);
}

/* --html DIR: index.html, a row a game. */
static int write_index(run *R)
{
    skf_index_row *rows = calloc((size_t)R->nfiles + 1, sizeof *rows);
    if (!rows)
        return CLI_EXIT_DATA;
    for (int i = 0; i < R->nfiles; i++) {
        const gstat *g = &R->stats[i];
        rows[i].file = strcmp(R->files[i], "-") == 0 ? "<stdin>" : R->files[i];
        rows[i].href = g->done ? cli_page_href(&R->pages, i) : NULL;
        for (int p = 0; p < 2; p++) {
            rows[i].name[p] = g->name[p];
            rows[i].score[p] = g->p[p].score;
            rows[i].lost[p] = g->p[p].lost;
        }
        rows[i].errors = g->errors;
    }
    fmt_buf page = {0};
    skf_review_index(&page, rows, R->nfiles);
    int rc = cli_pages_write_index(&R->pages, &page);
    fmt_buf_free(&page);
    free(rows);
    return rc;
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

int skc_review(const skc_ctx *c, char **args, int nargs)
{
    run R;
    memset(&R, 0, sizeof R);
    R.c = c;
    R.dict_explicit = c->o->dict || c->o->lexicon;
    dict_display_name(c, R.dict_name, sizeof R.dict_name);
    if (c->o->show || c->o->svg) {
        if (c->o->gcg.turn == 0)
            cli_usage_error("--show and --svg draw one turn of a game: give --turn N");
    }
    int status = CLI_EXIT_OK;
    sk_leaves *own = NULL;
    R.leaves = c->leaves;
    if (!R.leaves) {
        /* the language's shipped leave table (.tkl, else .csv), when there is one: equity needs it */
        if (skc_shipped_leaves(c->e, c->o->lang, &own) != CLI_EXIT_OK)
            return CLI_EXIT_DATA;
        R.leaves = own;
    }
    const char *first = c->o->play.gcg;
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
    int ps = R.nfiles > 0 && R.stats ? cli_pages_plan(&R.pages, c->o->gcg.html, (const char *const *)R.files, R.nfiles, GCG_EXTS) : 0;
    if (!R.stats) {
        cli_error(NULL, 0, "out of memory");
        status = CLI_EXIT_DATA;
    } else if (ps) {
        status = ps;
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
        if (!b.write_error && c->o->gcg.turn == 0 && c->o->gcg.cgp_at == 0)
            print_table(&R, c->o->json);
        if (R.pages.dir && write_index(&R) > status)
            status = CLI_EXIT_DATA;
    }
    cli_pages_free(&R.pages);
    for (int i = 0; i < R.nfiles; i++)
        free(R.files[i]);
    free(R.files);
    free(R.stats);
    sk_leaves_destroy(own);
    return status;
}
