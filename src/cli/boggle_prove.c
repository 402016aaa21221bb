/* boggle_prove.c - `boggle --prove RxC --min S`: run a proof (all of it or
 * one shard, on --jobs threads), keep its checkpoint, show its progress,
 * print the boards it finds and its verdict; `--merge` checks that shard
 * results cover every class exactly once and concludes.
 *
 * The search is the library's (bog_prove_run); this file parses options,
 * reads and writes the checkpoint file (bog_prove_state, written whole to a
 * temporary file and renamed: cli_outfile) and prints.  Standard output
 * holds only the boards ("SCORE row/row/...", best first; JSON with
 * --json, then one summary object); the verdict and the statistics go to
 * standard error.  A checkpoint that exists and belongs to the same proof
 * is resumed: every class it lists as done is skipped and its boards kept.
 */
#include "cli/boggle_prove.h"
#include "core/tk_text.h"

#include "cli/cli.h"
#include "cli/cli_json.h"
#include "cli/cli_outfile.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct proof {
    const boggle_prove_opts *o;
    const bog_dict *bd;
    bog_prover *p;
    bog_prove_state st;        /* what the checkpoint holds (done as ranges when written) */
    uint8_t *done;             /* per class */
    long ndone, total;         /* classes of this shard done, in it */
    double boards_left;        /* in the shard's classes not done */
    size_t cap_boards;
    double start, cpu0, wall0, last_write, last_draw, last_line;
    long ndone0;               /* classes done before this run */
    double cpu_start;          /* process CPU seconds when the proof began */
    int tty;
    int write_failed;
    long merge_shards;         /* --merge: N of the shard files */
} proof;

static volatile int stop_flag;

/* CPU seconds of the whole process (every thread), user and system. */
static double process_cpu(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}
static void on_stop(int sig)
{
    (void)sig;
    stop_flag = 1;
}

/* ---- options -------------------------------------------------------------- */

int boggle_prove_option(int c, boggle_prove_opts *o, const char *arg)
{
    char extra;
    switch (c) {
    case BOGGLE_OPT_PROVE: o->shape = arg; return 1;
    case BOGGLE_OPT_MIN_SCORE: o->min_score = cli_parse_long("--min-score", arg, 1, 1000000000L); return 1;
    case BOGGLE_OPT_MIN_LENGTH:
        o->min_len = strcmp(arg, "auto") == 0 ? -1 : (int)cli_parse_long("--min-length", arg, 1, ALPHA_WORD_MAX);
        return 1;
    case BOGGLE_OPT_GROUPS: o->groups = arg; return 1;
    case BOGGLE_OPT_ORDER: o->order = arg; return 1;
    case BOGGLE_OPT_CHECKPOINT:
        if (!*arg)
            cli_usage_error("--checkpoint needs a file name");
        o->checkpoint = arg;
        return 1;
    case BOGGLE_OPT_EVERY: o->every = cli_parse_real("--checkpoint-every", arg, 0, 0, 86400); return 1;
    case BOGGLE_OPT_MERGE: o->merge = 1; return 1;
    case BOGGLE_OPT_SAMPLE: o->sample = cli_parse_long("--sample", arg, 1, 1000000L); return 1;
    case BOGGLE_OPT_SHARD:
        if (sscanf(arg, "%ld/%ld%c", &o->shard, &o->nshards, &extra) != 2 || o->shard < 1 ||
            o->nshards > 1000000000L || o->shard > o->nshards)
            cli_usage_error("invalid --shard value '%s' (K/N with 1 <= K <= N)", arg);
        return 1;
    default: return 0;
    }
}

void boggle_prove_min(boggle_prove_opts *o, const char *arg)
{
    o->min_score = cli_parse_long("--min", arg, 1, 1000000000L);
}

void boggle_prove_check(const boggle_prove_opts *o, int nfiles)
{
    if (!o->shape) {
        if (o->min_score || o->min_len || o->groups || o->order || o->nshards || o->checkpoint || o->merge ||
            o->every >= 0 || o->sample)
            cli_usage_error("--min-score, --min-length, --groups, --order, --shard, --checkpoint, "
                            "--checkpoint-every, --merge and --sample need --prove");
        return;
    }
    if (!o->min_score)
        cli_usage_error("--prove needs --min S (the score to reach)");
    if (o->merge && (nfiles < 1 || o->nshards || o->checkpoint))
        cli_usage_error("--merge takes the shard files (FILE...), and no --shard or --checkpoint");
    if (!o->merge && nfiles)
        cli_usage_error("--prove takes no FILE (except with --merge)");
    if (o->sample && (o->merge || o->nshards || o->checkpoint))
        cli_usage_error("--sample takes no --merge, --shard or --checkpoint");
    if (o->nshards && !o->checkpoint)
        cli_usage_error("--shard needs --checkpoint FILE (the shard's result, for --merge)");
}

static bog_prover *make_prover(const boggle_prove_opts *o, const bog_dict *bd)
{
    int rows, cols;
    char extra;
    if (sscanf(o->shape, "%dx%d%c", &rows, &cols, &extra) != 2 || rows < 1 || cols < 1 ||
        rows * cols > BOG_PROVE_CELLS)
        cli_usage_error("invalid --prove shape '%s' (RxC, up to %d cells)", o->shape, BOG_PROVE_CELLS);
    bog_prove_config cfg = {0};
    cfg.rows = rows;
    cfg.cols = cols;
    cfg.min_len = o->min_len < 0 ? bog_default_min_len(rows, cols) : o->min_len;
    cfg.min_score = o->min_score;
    cfg.groups = o->groups;
    cfg.order = o->order;
    bog_prover *p;
    tk_error err = {0};
    int rc = bog_prover_create(&p, bd, &cfg, &err);
    if (rc == TK_EFORMAT || rc == TK_EINVAL)
        cli_usage_error("%s", err.msg);          /* --groups, --order, --min */
    if (rc != TK_OK) {
        cli_error(NULL, 0, "%s", err.msg);
        return NULL;
    }
    return p;
}

void boggle_prove_usage(void)
{
    printf(
           "      --prove RxC    prove that no RxC board scores --min S points or more but\n"
           "                     the boards printed ('SCORE row/row/...', canonical under\n"
           "                     rotations and reflections); verdict on stderr\n"
           "      --min-score S  --prove: the score S (with --prove, --min S means this)\n"
           "      --min-length N --prove: shortest word (default 3; auto: by size)\n"
           "      --groups TEXT  --prove: the top-level letter groups (\"aeiou lnrsty ...\")\n"
           "      --order CELLS  --prove: the cells in splitting order (\"4 1 3 ...\")\n"
           "      --shard K/N    --prove: prove only part K of N (needs --checkpoint)\n"
           "      --checkpoint FILE  --prove: keep the proof's state in FILE; rerun the\n"
           "                     same command to resume; a shard's result for --merge\n"
           "      --checkpoint-every S  --prove: write FILE at most every S seconds (1)\n"
           "      --merge        --prove: conclude from the shards' FILEs, each class\n"
           "                     covered exactly once\n"
           "      --sample N     --prove: time N classes (whole families drawn at random,\n"
           "                     --seed) and estimate the proof's CPU time (not a proof)\n");
}

/* ---- the state and its file ----------------------------------------------- */

static int add_board(proof *pf, long score, const char *rows)
{
    bog_prove_state *st = &pf->st;
    for (long i = 0; i < st->nboards; i++)
        if (strcmp(st->boards[i].rows, rows) == 0)
            return 0;
    bog_prove_board *nb = tku_grow(st->boards, &pf->cap_boards, (size_t)st->nboards + 1, sizeof *nb, 16);
    if (!nb)
        return -1;
    st->boards = nb;
    char *copy = strdup(rows);
    if (!copy)
        return -1;
    st->boards[st->nboards].score = score;
    st->boards[st->nboards++].rows = copy;
    return 0;
}

/* The done bitmap as ranges in st (for writing). */
static int done_ranges(proof *pf)
{
    bog_prove_state *st = &pf->st;
    long n = bog_prover_classes(pf->p), k = 0;
    free(st->done);
    st->done = NULL;
    st->ndone = 0;
    for (long i = 0; i < n; i++)
        if (pf->done[i] && (i == 0 || !pf->done[i - 1]))
            k++;
    if (k && !(st->done = malloc((size_t)k * sizeof *st->done)))
        return -1;
    for (long i = 0; i < n; i++) {
        if (!pf->done[i])
            continue;
        if (i == 0 || !pf->done[i - 1])
            st->done[st->ndone++].lo = i;
        st->done[st->ndone - 1].hi = i;
    }
    return 0;
}

static int write_state(proof *pf)
{
    pf->st.cpu = pf->cpu0 + process_cpu() - pf->cpu_start;
    pf->st.wall = pf->wall0 + (cli_now() - pf->start);
    if (!pf->o->checkpoint)
        return 0;
    size_t len;
    char *text = done_ranges(pf) == 0 ? bog_prove_state_text(&pf->st, &len) : NULL;
    tk_error err = {0};
    int rc = text ? cli_checkpoint_write(pf->o->checkpoint, text, len, &err) : -1;
    free(text);
    if (rc != 0) {
        cli_error(pf->o->checkpoint, 0, "cannot write the checkpoint: %s", text ? err.msg : "out of memory");
        pf->write_failed = 1;
    }
    pf->last_write = cli_now();
    return rc;
}

/* Mark the classes of `st` done (they lie in 0 .. classes-1: the proof
 * lines matched); returns how many were new. */
static long mark_done(proof *pf, const bog_prove_state *st)
{
    long n = 0;
    uint64_t sets[BOG_PROVE_CELLS];
    for (long i = 0; i < st->ndone; i++)
        for (long k = st->done[i].lo; k <= st->done[i].hi; k++)
            if (!pf->done[k]) {
                pf->done[k] = 1;
                n++;
                if (!pf->o->nshards || bog_prove_shard_of(k, pf->o->nshards) == pf->o->shard) {
                    pf->ndone++;
                    pf->boards_left -= bog_prover_class(pf->p, k, sets);
                }
            }
    return n;
}

/* Does the state belong to this proof?  0, or -1 with the error printed. */
static int same_proof(const proof *pf, const bog_prove_state *st, const char *file)
{
    if (strcmp(st->proof, pf->st.proof) != 0) {
        cli_error(file, 2, "another proof (its proof line differs from '%s')", pf->st.proof);
        return -1;
    }
    return 0;
}

/* Parse a checkpoint's text (freed) into *st, which must belong to this
 * proof: 0, or -1 with the error printed (and nothing to free). */
static int read_state(const proof *pf, const char *path, char *text, size_t len, bog_prove_state *st)
{
    tk_error err = {0};
    int rc = bog_prove_state_parse(text, len, st, &err);
    free(text);
    if (rc != TK_OK) {
        cli_error_tk(path, &err);
        return -1;
    }
    if (same_proof(pf, st, path)) {
        bog_prove_state_free(st);
        return -1;
    }
    return 0;
}

/* Resume from the checkpoint file if it exists; 0, or -1 (error printed). */
static int load_checkpoint(proof *pf)
{
    const char *path = pf->o->checkpoint;
    if (!path)
        return 0;
    size_t len;
    tk_error err = {0};
    char *text = cli_checkpoint_read(path, &len, &err);
    if (!text && err.code == TK_ENOTFOUND)
        return 0;                          /* a new proof */
    if (!text) {
        cli_error(path, 0, "cannot read the checkpoint: %s", err.msg);
        return -1;
    }
    bog_prove_state st;
    int rc = read_state(pf, path, text, len, &st);
    if (rc)
        return -1;
    if (st.shard != pf->st.shard || st.nshards != pf->st.nshards) {
        cli_error(path, 3, "shard %ld/%ld, not %ld/%ld", st.shard, st.nshards, pf->st.shard, pf->st.nshards);
        rc = -1;
    }
    for (long i = 0; rc == 0 && i < st.nboards; i++)
        rc = add_board(pf, st.boards[i].score, st.boards[i].rows);
    if (rc == 0) {
        mark_done(pf, &st);
        pf->st.stats = st.stats;
        pf->cpu0 = st.cpu;
        pf->wall0 = st.wall;
        if (pf->o->verbose || pf->tty)
            cli_error(NULL, 0, "resuming from %s: %ld of %ld classes done", path, pf->ndone, pf->total);
    }
    bog_prove_state_free(&st);
    return rc;
}

/* ---- progress ------------------------------------------------------------- */

static void progress(proof *pf, int final)
{
    double t = cli_now();
    int line = pf->o->verbose && (t - pf->last_line >= 10 || final);
    if (!(pf->tty && (t - pf->last_draw >= 0.25 || final)) && !line)
        return;
    double el = t - pf->start;
    double rate = el > 0 ? (pf->ndone - pf->ndone0) / el : 0;   /* classes a second, this run */
    char eta[48] = "";
    if (rate > 0 && pf->ndone < pf->total)
        snprintf(eta, sizeof eta, ", about %.0f s left", (pf->total - pf->ndone) / rate);
    if (pf->tty && !final)
        fprintf(stderr, "\r%s: prove: %ld/%ld classes, %.3g boards left%s\033[K", cli_prog(), pf->ndone, pf->total,
                pf->boards_left, eta);
    else if (pf->tty)
        fputs("\r\033[K", stderr);
    if (line)
        fprintf(stderr, "%s: prove: %ld/%ld classes, %.3g boards left%s, %ld board%s found, %.0f s\n", cli_prog(),
                pf->ndone, pf->total, pf->boards_left, eta, pf->st.nboards, pf->st.nboards == 1 ? "" : "s", el);
    pf->last_draw = t;
    if (line)
        pf->last_line = t;
}

static int on_class(void *ctx, long k, const bog_prove_stats *s, const bog_prove_board *found, int nfound)
{
    proof *pf = ctx;
    pf->done[k] = 1;
    pf->ndone++;
    pf->boards_left -= s->boards;
    pf->st.stats.nodes += s->nodes;
    pf->st.stats.splits += s->splits;
    pf->st.stats.scored += s->scored;
    pf->st.stats.boards += s->boards;
    for (int i = 0; i < nfound; i++)
        if (add_board(pf, found[i].score, found[i].rows))
            return 1;
    if (pf->o->checkpoint && cli_now() - pf->last_write >= pf->o->every && write_state(pf))
        return 1;
    progress(pf, 0);
    return 0;
}

/* ---- the report ----------------------------------------------------------- */

static int board_order(const void *x, const void *y)
{
    const bog_prove_board *a = x, *b = y;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return strcmp(a->rows, b->rows);
}

static void print_boards(const proof *pf)
{
    const bog_prove_state *st = &pf->st;
    if (st->nboards > 1)
        qsort(st->boards, (size_t)st->nboards, sizeof *st->boards, board_order);
    cli_buf b = {0};
    for (long i = 0; i < st->nboards; i++) {
        if (pf->o->json) {
            cli_json j;
            cli_json_begin(&j, &b);
            cli_json_kint(&j, "score", st->boards[i].score);
            cli_json_key(&j, "board");
            cli_json_array(&j);
            for (const char *r = st->boards[i].rows; *r;) {
                size_t n = strcspn(r, "/");
                cli_json_strn(&j, r, n);
                r += n + (r[n] == '/');
            }
            cli_json_close(&j);
            cli_json_end(&j);
        } else {
            cli_buf_printf(&b, "%ld %s\n", st->boards[i].score, st->boards[i].rows);
        }
    }
    if (b.len)
        fwrite(b.p, 1, b.len, stdout);
    cli_buf_free(&b);
}

/* The verdict: `whole` when every class of the partition is proved (a
 * whole run, or a merge), else one shard's. */
static void verdict(const proof *pf, int whole, const char *shape)
{
    const bog_prove_state *st = &pf->st;
    const bog_prove_stats *x = &st->stats;
    long nb = st->nboards;
    char what[160];
    if (!whole)
        snprintf(what, sizeof what, "shard %ld/%ld done: %ld board%s of %ld points or more in its %ld classes "
                 "(merge the shards' files with --merge)", pf->o->shard, pf->o->nshards, nb, nb == 1 ? "" : "s",
                 pf->o->min_score, pf->total);
    else if (nb == 0)
        snprintf(what, sizeof what, "proved: no %s board scores %ld points or more", shape, pf->o->min_score);
    else
        snprintf(what, sizeof what, "proved: exactly %ld %s board%s (up to symmetry) score%s %ld points or more",
                 nb, shape, nb == 1 ? "" : "s", nb == 1 ? "s" : "", pf->o->min_score);
    cli_error(NULL, 0, "%s", what);
    cli_error(NULL, 0, "%ld classes, %.4g boards, %.4g tree nodes, %.4g splits, %.4g boards scored, %.1f s CPU, "
              "%.1f s", pf->total, x->boards, x->nodes, x->splits, x->scored, st->cpu, st->wall);
    if (pf->o->json) {
        cli_buf b = {0};
        cli_json j;
        cli_json_begin(&j, &b);
        cli_json_kbool(&j, "proved", whole);
        cli_json_kstr(&j, "size", shape);
        cli_json_kint(&j, "min_score", pf->o->min_score);
        cli_json_kint(&j, "boards_found", nb);
        cli_json_kint(&j, "classes", pf->total);
        if (!whole) {
            cli_json_kint(&j, "shard", pf->o->shard);
            cli_json_kint(&j, "shards", pf->o->nshards);
        }
        cli_json_kint(&j, "boards", (long long)x->boards);
        cli_json_kint(&j, "nodes", (long long)x->nodes);
        cli_json_kint(&j, "splits", (long long)x->splits);
        cli_json_kint(&j, "scored", (long long)x->scored);
        cli_json_kint(&j, "cpu_ms", (long long)(st->cpu * 1000));
        cli_json_kint(&j, "wall_ms", (long long)(st->wall * 1000));
        cli_json_kstr(&j, "proof", st->proof);
        cli_json_end(&j);
        if (b.len)
            fwrite(b.p, 1, b.len, stdout);
        cli_buf_free(&b);
    }
}

/* ---- running -------------------------------------------------------------- */

static int setup(proof *pf, const boggle_prove_opts *o, const bog_dict *bd)
{
    memset(pf, 0, sizeof *pf);
    pf->o = o;
    pf->bd = bd;
    if (!(pf->p = make_prover(o, bd)))
        return -1;
    long n = bog_prover_classes(pf->p);
    if (!(pf->done = calloc((size_t)n, 1))) {
        cli_error(NULL, 0, "out of memory");
        return -1;
    }
    bog_prover_describe(pf->p, pf->st.proof, sizeof pf->st.proof);
    pf->st.classes = n;
    pf->st.shard = o->nshards ? o->shard : 1;
    pf->st.nshards = o->nshards ? o->nshards : 1;
    uint64_t sets[BOG_PROVE_CELLS];
    for (long k = 0; k < n; k++)
        if (!o->nshards || bog_prove_shard_of(k, o->nshards) == o->shard) {
            pf->total++;
            pf->boards_left += bog_prover_class(pf->p, k, sets);
        }
    pf->start = cli_now();
    pf->cpu_start = process_cpu();
    pf->tty = isatty(STDERR_FILENO) && !o->verbose;
    return 0;
}

static void teardown(proof *pf)
{
    bog_prove_state_free(&pf->st);
    free(pf->done);
    bog_prover_destroy(pf->p);
}

static int prove(proof *pf)
{
    const boggle_prove_opts *o = pf->o;
    if (load_checkpoint(pf))
        return CLI_EXIT_DATA;
    if (write_state(pf))
        return CLI_EXIT_DATA;
    pf->ndone0 = pf->ndone;
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    if (o->verbose)
        cli_error(NULL, 0, "prove: %s; %ld classes to prove, %d thread%s", pf->st.proof, pf->total - pf->ndone,
                  o->jobs, o->jobs == 1 ? "" : "s");
    bog_prove_job job = { .jobs = o->jobs, .shard = o->shard, .nshards = o->nshards, .done = pf->done,
                          .on_class = on_class, .ctx = pf, .stop = &stop_flag };
    tk_error err = {0};
    int rc = bog_prove_run(pf->p, &job, &err);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    progress(pf, 1);
    if (write_state(pf) || pf->write_failed)
        return CLI_EXIT_DATA;
    if (rc < 0) {
        cli_error(NULL, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    if (pf->ndone < pf->total) {
        cli_error(NULL, 0, "stopped with %ld of %ld classes proved%s", pf->ndone, pf->total,
                  o->checkpoint ? "; run the same command again to resume" : "");
        return CLI_EXIT_DATA;
    }
    print_boards(pf);
    verdict(pf, o->nshards <= 1, o->shape);
    return CLI_EXIT_OK;
}

/* ---- merging shard results ------------------------------------------------ */

/* Score the board of a shard file again (rows joined by '/'): 0 if it is a
 * board of the proof's shape scoring what the file says, at least min. */
static int check_board(const proof *pf, const bog_prove_board *b, bog_solver *s, const char *file)
{
    const alpha_table *a = bog_dict_alphabet(pf->bd);
    bog_grid g;
    tk_error err = {0};
    bog_grid_init(&g);
    int row = 1, rc = TK_OK;
    for (const char *r = b->rows; *r && rc == TK_OK; row++) {
        size_t n = strcspn(r, "/");
        rc = bog_grid_add_row(&g, a, r, n, &err);
        r += n + (r[n] == '/');
    }
    char want[32];
    snprintf(want, sizeof want, "%dx%d", g.rows, g.cols);
    bog_result res = {0};
    if (rc == TK_OK && strcmp(want, pf->o->shape) == 0)
        rc = bog_solve(s, &g, pf->o->min_len > 0 ? pf->o->min_len : pf->o->min_len < 0
                       ? bog_default_min_len(g.rows, g.cols) : 3, BOG_COUNT, &res, &err);
    else if (rc == TK_OK)
        rc = tk_error_set(&err, TK_EFORMAT, 0, 0, "a %s board, not %s", want, pf->o->shape);
    if (rc == TK_OK && (res.score != b->score || res.score < pf->o->min_score))
        rc = tk_error_set(&err, TK_EFORMAT, 0, 0, "scores %ld, not %ld (at least %ld)", res.score, b->score,
                          pf->o->min_score);
    if (rc != TK_OK)
        cli_error(file, 0, "board %s: %s", b->rows, err.msg);
    return rc == TK_OK ? 0 : -1;
}

/* One shard file into the merge: 0, or -1 with the error printed. */
static int merge_file(proof *pf, const char *file, const char **owner, bog_solver *s)
{
    size_t len;
    char *text = cli_load_file(file, &len);
    if (!text)
        return -1;
    bog_prove_state st;
    int rc = read_state(pf, file, text, len, &st);
    if (rc)
        return -1;
    if (pf->merge_shards && st.nshards != pf->merge_shards) {
        cli_error(file, 3, "shard %ld/%ld: the other files are shards of %ld", st.shard, st.nshards, pf->merge_shards);
        rc = -1;
    }
    for (long i = 0; rc == 0 && i < st.ndone; i++)
        for (long k = st.done[i].lo; rc == 0 && k <= st.done[i].hi; k++) {
            if (bog_prove_shard_of(k, st.nshards) != st.shard) {
                cli_error(file, 0, "class %ld is not in its shard %ld/%ld", k, st.shard, st.nshards);
                rc = -1;
            } else if (owner[k]) {
                cli_error(file, 0, "class %ld is covered twice (also by %s): a duplicated shard", k, owner[k]);
                rc = -1;
            } else {
                owner[k] = file;
            }
        }
    for (long i = 0; rc == 0 && i < st.nboards; i++)
        if ((rc = check_board(pf, &st.boards[i], s, file)) == 0)
            rc = add_board(pf, st.boards[i].score, st.boards[i].rows);
    if (rc == 0) {
        pf->merge_shards = st.nshards;
        pf->st.stats.nodes += st.stats.nodes;
        pf->st.stats.splits += st.stats.splits;
        pf->st.stats.scored += st.stats.scored;
        pf->st.stats.boards += st.stats.boards;
        pf->st.cpu += st.cpu;
        pf->st.wall = st.wall > pf->st.wall ? st.wall : pf->st.wall;
    }
    bog_prove_state_free(&st);
    return rc;
}

/* Every class covered exactly once?  0, or -1 naming what is missing. */
static int check_cover(const proof *pf, const char **owner)
{
    long n = bog_prover_classes(pf->p), missing = 0, first = -1;
    for (long k = 0; k < n; k++)
        if (!owner[k] && missing++ == 0)
            first = k;
    if (!missing)
        return 0;
    cli_error(NULL, 0, "not a proof: %ld of %ld classes are not covered (the first, class %ld, is in shard %ld/%ld): "
              "a missing or unfinished shard", missing, n, first, bog_prove_shard_of(first, pf->merge_shards),
              pf->merge_shards);
    return -1;
}

static int merge(proof *pf, int nfiles, char **files)
{
    long n = bog_prover_classes(pf->p);
    const char **owner = calloc((size_t)n, sizeof *owner);
    bog_solver *s = NULL;
    tk_error err = {0};
    if (!owner || bog_solver_create(&s, pf->bd, &err) != TK_OK) {
        cli_error(NULL, 0, "out of memory");
        free(owner);
        return CLI_EXIT_DATA;
    }
    int rc = 0;
    for (int i = 0; i < nfiles && rc == 0; i++)
        rc = merge_file(pf, files[i], owner, s);
    if (rc == 0)
        rc = check_cover(pf, owner);
    free(owner);
    bog_solver_destroy(s);
    if (rc)
        return CLI_EXIT_DATA;
    pf->total = n;
    print_boards(pf);
    verdict(pf, 1, pf->o->shape);
    return CLI_EXIT_OK;
}

/* ---- estimating from a sample --------------------------------------------- */

typedef struct sample_acc {
    double sum, sum2, max;
    long n;
    int verbose;
    proof *pf;
} sample_acc;

static int on_sample(void *ctx, long k, const bog_prove_stats *s, const bog_prove_board *found, int nfound)
{
    sample_acc *a = ctx;
    a->sum += s->cpu;
    a->sum2 += s->cpu * s->cpu;
    a->max = s->cpu > a->max ? s->cpu : a->max;
    a->n++;
    if (a->verbose)
        cli_error(NULL, 0, "sample: class %ld: %.3f s CPU, %.4g tree nodes, %.4g splits", k, s->cpu, s->nodes,
                  s->splits);
    for (int i = 0; i < nfound; i++)
        if (add_board(a->pf, found[i].score, found[i].rows))
            return 1;
    return 0;
}

/* Whole families of classes (bog_prover_same_family: a full proof proves
 * them on one tree), drawn at random with equal chances until they hold m
 * classes of the n, into pick (room for m + BOG_PROVE_GROUPS).  Returns
 * how many classes, or -1 when out of memory. */
static long draw_families(const bog_prover *p, long n, long m, uint64_t seed, long *pick)
{
    uint8_t *taken = calloc((size_t)n, 1);
    if (!taken)
        return -1;
    uint64_t rng = seed;
    long got = 0;
    while (got < m) {
        long k = (long)(bog_rand(&rng) % (uint64_t)n);
        if (bog_prover_same_family(p, k - 1, k) || taken[k]++)
            continue;      /* not the first of its family, or drawn before */
        for (long j = k; j < n && (j == k || bog_prover_same_family(p, k, j)); j++)
            pick[got++] = j;
    }
    free(taken);
    return got;
}

/* Time --sample classes (whole families drawn at random with --seed) and
 * estimate the whole proof's CPU time: classes x the mean, with a 95%
 * interval from the sample's standard deviation (normal approximation). */
static int sample(proof *pf)
{
    const boggle_prove_opts *o = pf->o;
    long n = bog_prover_classes(pf->p), m = o->sample < n ? o->sample : n;
    long *pick = malloc((size_t)(m + BOG_PROVE_GROUPS) * sizeof *pick);
    if (pick)
        m = draw_families(pf->p, n, m, o->seed, pick);
    if (!pick || m < 0) {
        free(pick);
        cli_error(NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    sample_acc a = {0, 0, 0, 0, o->verbose, pf};
    bog_prove_job job = { .jobs = o->jobs, .only = pick, .nonly = m, .on_class = on_sample, .ctx = &a,
                          .stop = &stop_flag };
    tk_error err = {0};
    int rc = bog_prove_run(pf->p, &job, &err);
    free(pick);
    if (rc < 0) {
        cli_error(NULL, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    double mean = a.n ? a.sum / a.n : 0, var = a.n > 1 ? (a.sum2 - a.n * mean * mean) / (a.n - 1) : 0;
    double half = 1.96 * sqrt(var > 0 ? var : 0) / sqrt(a.n ? (double)a.n : 1) * n;
    print_boards(pf);
    cli_error(NULL, 0, "sample (not a proof): %ld of %ld classes, %.4f s CPU a class on average (largest %.3f s); "
              "the whole proof: about %.4g CPU-hours, 95%% interval %.4g to %.4g", a.n, n, mean, a.max,
              mean * n / 3600, (mean * n - half) / 3600, (mean * n + half) / 3600);
    if (o->json) {
        cli_buf b = {0};
        cli_json j;
        cli_json_begin(&j, &b);
        cli_json_kint(&j, "sampled", a.n);
        cli_json_kint(&j, "classes", n);
        cli_json_kint(&j, "mean_us", (long long)(mean * 1e6));
        cli_json_kint(&j, "estimate_s", (long long)(mean * n));
        cli_json_kint(&j, "low_s", (long long)(mean * n - half));
        cli_json_kint(&j, "high_s", (long long)(mean * n + half));
        cli_json_end(&j);
        if (b.len)
            fwrite(b.p, 1, b.len, stdout);
        cli_buf_free(&b);
    }
    return a.n == m ? CLI_EXIT_OK : CLI_EXIT_DATA;
}

int boggle_prove_run(const boggle_prove_opts *o, const bog_dict *bd, int nfiles, char **files)
{
    proof pf;
    int status = CLI_EXIT_DATA;
    if (setup(&pf, o, bd) == 0)
        status = o->merge ? merge(&pf, nfiles, files) : o->sample ? sample(&pf) : prove(&pf);
    teardown(&pf);
    return status;
}
