/* cli_pages.h - --html OUT of the game reviews (skrafl --gcg, mjwait
 * --log): one page (OUT a file) or a directory of pages, one a game named
 * after its file, and index.html listing them; every file written by the
 * output-file rule (cli_outfile.h).  The pages themselves are the
 * formatters' (skfmt.h, mjfmt.h). */
#ifndef TILEKIT_CLI_PAGES_H
#define TILEKIT_CLI_PAGES_H

#include <stddef.h>

#include "cli/cli.h"
#include "cli/cli_batch.h"
#include "tilekit/fmt.h"

typedef struct cli_pages {
    const char *out;           /* NULL: no pages */
    int dir;                   /* OUT is a directory */
    char **names;              /* dir: the page of each game */
    int n;
    const char *const *exts;   /* input suffixes a page name drops (NULL-terminated) */
} cli_pages;

/* Decide where the pages of files[0..nfiles) go: OUT a directory when
 * there are several games, OUT ends in '/' or names a directory; make it,
 * name each page after its file (the first of exts it ends with, case
 * apart, becomes .html), check every target (cli_outfile.h).  0 or an exit
 * status (messages printed).  out NULL: no pages, 0; out "" or "-": a
 * usage error (standard output holds the review's text or JSON). */
int cli_pages_plan(cli_pages *pg, const char *out, const char *const *files, int nfiles, const char *const *exts);
void cli_page_path(const cli_pages *pg, int i, char *path, size_t cap);
/* Write game i's page (a message into err on failure): 0 or an exit status. */
int cli_page_write(const cli_pages *pg, int i, const fmt_buf *page, cli_buf *err);
/* Game i's page as the index links it (relative to the directory). */
const char *cli_page_href(const cli_pages *pg, int i);
/* dir: write index.html (the formatter's page); 0 or an exit status. */
int cli_pages_write_index(const cli_pages *pg, const fmt_buf *page);
void cli_pages_free(cli_pages *pg);

#endif
