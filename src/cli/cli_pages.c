/* cli_pages.c - --html OUT of the game reviews (skrafl --gcg, mjwait
 * --log): where the pages go (contract in cli_pages.h).
 *
 * One game and OUT not a directory (nor ending in '/'): the page is the
 * file OUT.  Otherwise OUT is a directory (made if need be) that gets one
 * page a game, named after the game's file (game.gcg -> game.html: the
 * caller's input suffixes give way to .html; a name met twice, or
 * "index", takes -2, -3, ...), and index.html listing them.  Every file is
 * written by the output-file rule (cli_outfile.h): checked before the
 * first game is reviewed (an existing file needs --force, an input is
 * never replaced), then written whole or not at all.
 */
#include "cli/cli_pages.h"
#include "cli/cli_outfile.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* The page name of game file `file` (malloc'ed): its base name, the first
 * of the suffixes it ends with -> .html. */
static char *page_name(const char *file, const char *const *exts, int k)
{
    const char *base = strcmp(file, "-") == 0 ? "stdin" : strrchr(file, '/');
    base = base ? (*base == '/' ? base + 1 : base) : file;
    size_t n = strlen(base);
    for (; exts && *exts; exts++) {
        size_t e = strlen(*exts);
        if (n > e && strcasecmp(base + n - e, *exts) == 0) {
            n -= e;
            break;
        }
    }
    char *s = malloc(n + 24);
    if (s)
        snprintf(s, n + 24, k > 1 ? "%.*s-%d.html" : "%.*s.html", (int)n, base, k);
    return s;
}

/* A free page name for game i (not one of names[0..i), not index.html). */
static char *free_name(char **names, int i, const char *file, const char *const *exts)
{
    for (int k = 1;; k++) {
        char *s = page_name(file, exts, k);
        int used = !s || strcmp(s, "index.html") == 0;
        for (int j = 0; j < i && s && !used; j++)
            used = strcmp(names[j], s) == 0;
        if (!s || !used)
            return s;
        free(s);
    }
}

static int check_target(const char *path)
{
    tk_error e = {0};
    if (cli_out_check(path, &e) == 0)
        return 0;
    cli_error(path, 0, "%s", e.msg);
    return -1;
}

static int plan_dir(cli_pages *pg, const char *const *files, int nfiles)
{
    tk_error e = {0};
    if (cli_out_mkdirs(pg->out, &e) != 0) {
        cli_error(pg->out, 0, "%s (--html with several games names the directory to write)", e.msg);
        return CLI_EXIT_DATA;
    }
    if (!(pg->names = calloc((size_t)nfiles + 1, sizeof *pg->names)))
        return CLI_EXIT_DATA;
    int bad = 0;
    for (int i = 0; i < nfiles; i++) {
        if (!(pg->names[i] = free_name(pg->names, i, files[i], pg->exts)))
            return CLI_EXIT_DATA;
        char path[4096];
        cli_page_path(pg, i, path, sizeof path);
        bad |= check_target(path);
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/index.html", pg->out);
    bad |= check_target(path);
    return bad ? CLI_EXIT_DATA : CLI_EXIT_OK;
}

int cli_pages_plan(cli_pages *pg, const char *out, const char *const *files, int nfiles, const char *const *exts)
{
    memset(pg, 0, sizeof *pg);
    pg->out = out;
    pg->n = nfiles;
    pg->exts = exts;
    if (!out)
        return CLI_EXIT_OK;
    if (!*out)
        cli_usage_error("--html needs a file (or, for several games, a directory)");
    if (strcmp(out, "-") == 0)   /* standard output carries the review's text or JSON */
        cli_usage_error("--html -: a page is written to a file or a directory, not to standard output");
    struct stat st;
    size_t n = strlen(out);
    pg->dir = nfiles > 1 || out[n - 1] == '/' || (stat(out, &st) == 0 && S_ISDIR(st.st_mode));
    if (pg->dir)
        return plan_dir(pg, files, nfiles);
    return check_target(out) ? CLI_EXIT_DATA : CLI_EXIT_OK;
}

void cli_page_path(const cli_pages *pg, int i, char *path, size_t cap)
{
    if (!pg->dir)
        snprintf(path, cap, "%s", pg->out);
    else
        snprintf(path, cap, "%s%s%s", pg->out, pg->out[strlen(pg->out) - 1] == '/' ? "" : "/", pg->names[i]);
}

int cli_page_write(const cli_pages *pg, int i, const fmt_buf *page, cli_buf *err)
{
    char path[4096];
    tk_error e = {0};
    cli_page_path(pg, i, path, sizeof path);
    int rc = page->oom ? tk_error_set(&e, TK_ENOMEM, 0, 0, "out of memory")
                       : cli_out_write_file(path, page->p, page->len, &e);
    if (rc) {
        cli_buf_error(err, path, 0, "%s", e.msg);
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

const char *cli_page_href(const cli_pages *pg, int i)
{
    return pg->dir ? pg->names[i] : pg->out;
}

int cli_pages_write_index(const cli_pages *pg, const fmt_buf *page)
{
    if (!pg->dir)
        return CLI_EXIT_OK;
    char path[4096];
    snprintf(path, sizeof path, "%s%sindex.html", pg->out, pg->out[strlen(pg->out) - 1] == '/' ? "" : "/");
    tk_error e = {0};
    int rc = page->oom ? tk_error_set(&e, TK_ENOMEM, 0, 0, "out of memory")
                       : cli_out_write_file(path, page->p, page->len, &e);
    if (rc)
        cli_error(path, 0, "%s", e.msg);
    return rc ? CLI_EXIT_DATA : CLI_EXIT_OK;
}

void cli_pages_free(cli_pages *pg)
{
    for (int i = 0; pg->names && i < pg->n; i++)
        free(pg->names[i]);
    free(pg->names);
    pg->names = NULL;
}
