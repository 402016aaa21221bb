/* skrafl.c - command-line front-end: every legal Scrabble move, scored.
 *
 * Reads the options (skrafl_opts.c), loads the dictionary, tile set and
 * layout once into an sk_engine and the tables the options name
 * (skrafl_load.c), then plays games (skrafl_selfplay.c), reviews game
 * records (skrafl_gcg.c), or solves one board file, one CGP line given as
 * the argument, or a batch of CGP lines (skrafl_batch.c, on the batch
 * engine); one position is solved and printed by skrafl_solve.c.  The parts
 * and their tree: skrafl_cli.h.
 */
#include "cli/skrafl_cli.h"
#include "cli/skrafl_lex.h"
#include "tilekit/skwindex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- inputs ------------------------------------------------------------------------------------ */

/* Write one position's messages, then its output (as a batch record would be). */
static int flush_position(cli_buf *out, cli_buf *err, int status)
{
    fflush(stdout);
    if (err->len)
        fwrite(err->p, 1, err->len, stderr);
    if (out->len)
        fwrite(out->p, 1, out->len, stdout);
    if (out->oom || err->oom) {
        cli_error(NULL, 0, "out of memory");
        status = CLI_EXIT_DATA;
    }
    cli_buf_free(out);
    cli_buf_free(err);
    return status;
}

/* One position: a CGP text (p->cgp) or a board (b), searched on every --jobs
 * thread when it is an endgame. */
static int solve_one(const skc_ctx *c, const skc_pos *p, const sk_board *b)
{
    skc_work w;
    cli_buf out = {0}, err = {0};
    if (skc_work_init(&w, c, skc_eg_threads(c->o->jobs))) {
        cli_error(NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    int status = skc_position(c, &w, p, b, &out, &err);
    skc_work_free(&w);
    return flush_position(&out, &err, status);
}

/* A board file from its first line on (already read, given back to rd):
 * each row parsed as it arrives, with its own line number. */
static int run_board(const skc_ctx *c, cli_reader *rd, const char *input)
{
    sk_board b;
    tk_error err = {0};
    char *s;
    size_t sl;
    int rc = 0, k;
    sk_board_begin(&b, c->e);
    while (!rc && (k = cli_reader_next(rd, &s, &sl)) > 0) {
        if (rd->too_long) {
            cli_error(input, rd->lineno, "line longer than %s bytes", CLI_LINE_MAX_TEXT);
            return CLI_EXIT_DATA;
        }
        rc = sk_board_add_row(&b, c->e, s, sl, rd->lineno, &err);
    }
    if (!rc && k < 0) {
        cli_error(input, rd->lineno + 1, "read error: %s", strerror(rd->err));
        return CLI_EXIT_DATA;
    }
    if (!rc)
        rc = sk_board_finish(&b, rd->lineno, &err);
    if (rc) {
        cli_error(input, err.line, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    skc_pos p = { input, 0, NULL, 0 };
    return solve_one(c, &p, &b);
}

static int is_blank_line(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t')
            return s[i] == '#';
    return 1;
}

/* Does regular file `input` hold one position (one line that is not blank
 * or a comment)?  0 for standard input, a pipe, or a read problem (the batch
 * reports those). */
static int one_position(const char *input)
{
    struct stat st;
    cli_reader rd;
    tk_error err = {0};
    if (strcmp(input, "-") == 0 || stat(input, &st) != 0 || !S_ISREG(st.st_mode) ||
        cli_reader_open(&rd, input, &err))
        return 0;
    char *s;
    size_t sl;
    int k = 0, n = 0;
    while (n < 2 && (k = cli_reader_next(&rd, &s, &sl)) > 0 && !rd.too_long)
        n += !is_blank_line(s, sl);
    int ok = k == 0 && n == 1;
    cli_reader_close(&rd);
    return ok;
}

/* A file (or stdin): a board, or CGP lines (--cgp, or the first line says so). */
static int run_file(skc_ctx *c, const char *input)
{
    cli_reader rd;
    tk_error err = {0};
    if (cli_reader_open(&rd, input, &err)) {
        cli_error(input, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    char *s = NULL;
    size_t sl = 0;
    int k, status = CLI_EXIT_OK;
    while ((k = cli_reader_next(&rd, &s, &sl)) > 0 && !rd.too_long && is_blank_line(s, sl))
        ;
    if (k < 0) {
        cli_error(input, rd.lineno + 1, "read error: %s", strerror(rd.err));
        status = CLI_EXIT_DATA;
    } else if (k > 0 && rd.too_long && !c->o->cgp) {
        cli_error(input, rd.lineno, "line longer than %s bytes", CLI_LINE_MAX_TEXT);
        status = CLI_EXIT_DATA;
    } else if (k > 0 && (c->o->cgp || sk_looks_like_cgp(s, sl))) {
        c->svg_line = rd.lineno + (c->o->first_line - 1);
        cli_reader_unread(&rd);
        status = skc_run_batch(c, &rd, (c->o->eg.endgame || c->o->eg.pre || c->o->eg.best) && one_position(input));
    } else if (!c->o->cgp) {
        if (!c->have_rack) {
            cli_reader_close(&rd);
            skc_unload(c);
            cli_usage_error("no rack: give --rack RACK (a board file holds no rack)");
        }
        if (k > 0)
            cli_reader_unread(&rd);
        status = run_board(c, &rd, input);
    }
    cli_reader_close(&rd);
    return status;
}

int main(int argc, char **argv)
{
    cli_init("skrafl");
    skc_opts o = { .lang = "en", .layout = "standard" };
    int first = skc_parse_options(argc, argv, &o);
    const char *input = first < argc ? argv[first] : "-";
    skc_ctx c;
    memset(&c, 0, sizeof c);
    if (skc_load_wintab(&c, &o))
        return CLI_EXIT_DATA;
    int status = skc_load(&c, &o);
    if (status == 0 && skc_searches(&o)) {   /* the best-move search's word index, before the first position */
        skx_windex_beside(c.e, c.dict_used);
        sk_engine_windex(c.e);
    }
    double t1 = cli_now();
    if (status == 0)
        status = skc_selfplay_prepare(&o);
    if (status == 0 && (status = skc_load_leaves(&c)) == 0 && skc_review_wanted(&o))
        status = skc_review(&c, argv + first, argc - first);
    else if (status == 0 && o.play.selfplay > 0)
        status = skc_selfplay(&c);
    else if (status == 0 && !o.play.gcg) {
        /* Input: a file, or one whole CGP line as the argument */
        if (cli_arg_inline(input, sk_looks_like_cgp_line(c.e, input, strlen(input)))) {
            skc_pos p = { "<argument>", 1, input, strlen(input) };
            c.svg_line = 1;
            status = solve_one(&c, &p, NULL);
        } else {
            skc_tty_hint(&o, input);
            status = run_file(&c, input);
        }
        if (o.verbose)
            cli_error(NULL, 0, "solved in %.3f s", cli_now() - t1);
    }
    skc_unload(&c);
    int w = cli_close_stdout();
    return status ? status : w;
}
