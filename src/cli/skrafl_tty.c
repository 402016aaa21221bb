/* skrafl_tty.c - what skrafl does differently for a person at a terminal.
 *
 * The usage checks that catch a command line typed in a hurry (an empty
 * rack; `--check 8H board.txt` with the word forgotten, which would take the
 * board file for the word and then wait for a board on the terminal), and
 * the short move list at a terminal: every move of a rack can be thousands
 * of lines, so with stdout a terminal and no --top, --count or --json only
 * the best SKC_TTY_TOP are shown, followed by a line saying how many there
 * are and how to see them (--top N, or a pipe).
 */
#include "cli/skrafl_cli.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SKC_TTY_TOP 20

static int blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t')
            return 0;
    return 1;
}

void skc_tty_options(skc_opts *o, int nargs)
{
    if (o->rack && blank(o->rack))
        cli_usage_error("the rack is empty: --rack needs the player's tiles, e.g. --rack AEINRST ('?' a blank)");
    if (o->check_coord && nargs == 0) {
        struct stat st;
        if (o->check_word && stat(o->check_word, &st) == 0 && !S_ISDIR(st.st_mode))
            cli_usage_error("--check %s %s: the WORD is missing ('%s' is a file, taken as the word, and no "
                            "board is left): --check COORD WORD BOARD", o->check_coord, o->check_word,
                            o->check_word);
        if (isatty(STDIN_FILENO))
            cli_usage_error("--check %s %s: no board file given (and standard input is a terminal): "
                            "--check COORD WORD BOARD", o->check_coord, o->check_word ? o->check_word : "");
    }
    if (!o->top && !o->count && !o->json && !o->check_coord && isatty(STDOUT_FILENO))
        o->tty_top = SKC_TTY_TOP;
}

void skc_tty_hint(const skc_opts *o, const char *input)
{
    /* a board typed at the terminal: say what is awaited (CGP lines get the
     * batch engine's own prompt) */
    if (strcmp(input, "-") != 0 || !isatty(STDIN_FILENO) || !isatty(STDERR_FILENO))
        return;
    if (o->cgp) {   /* the first line is read here, the others by the batch engine */
        cli_error(NULL, 0, "each line is answered as soon as it is entered; Ctrl-D ends");
        fputs("skrafl> ", stderr);
        fflush(stderr);
    } else {
        cli_error(NULL, 0, "reading a board from the terminal (one row a line), or CGP lines; "
                  "Ctrl-D ends the board");
    }
}
