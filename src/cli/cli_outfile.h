/* cli_outfile.h - the one rule for every file a front-end writes.
 *
 * Every output file of the tools (skrafl --svg, skrafl --selfplay N --gcg DIR,
 * mkdawg -o, mkleaves -o, ...) is written through cli_out_open/commit/abort:
 *
 *  - never one of the tool's own inputs: every input file the front-end opens
 *    through cli.h (cli_read_file, cli_reader_open, cli_load_dictionary,
 *    cli_load_alphabet) or names with cli_out_input() is remembered by device
 *    and inode, and an output naming the same file is refused, --force or not;
 *  - never through a symbolic link, and never into a FIFO, a device, a
 *    directory or any other file that is not a regular file (the target is
 *    looked at with lstat and is never opened, so a FIFO cannot block);
 *  - never over an existing file unless --force was given (cli_out_set_force),
 *    and never over a read-only file (no write bit for its owner) even then;
 *  - written to a temporary file in the same directory (".NAME.tilekit-PID-XXXXXX",
 *    made with mkstemp) and renamed over the target only once every byte was
 *    written, flushed (fsync) and closed without error, so a full disk or an
 *    interrupted run never leaves a truncated or 0-byte file; the replaced
 *    file's permission bits are kept (a new file gets 0666 less the umask);
 *  - the temporary file is removed on every error, and on SIGINT, SIGTERM and
 *    SIGHUP (a handler unlinks the registered temporary names, then the signal
 *    takes its default action; a signal the caller ignores stays ignored).
 *    kill -9 cannot be caught: the temporary file then stays behind, and the
 *    next process's first cli_out_open in that directory removes such
 *    leftovers, identified by their name, owner and the PID in the name no
 *    longer running.
 *
 * Not thread-safe for the input list (fill it before starting threads); the
 * open/commit/abort calls may run in several threads at once.
 */
#ifndef TILEKIT_CLI_OUTFILE_H
#define TILEKIT_CLI_OUTFILE_H

#include <stdio.h>

#include "tilekit/common.h"

/* --force: a getopt_long option for the tools that write files; give its
 * return to cli_common_option (or call cli_out_set_force(1) yourself). */
#define CLI_OPT_FORCE 0x1100
#define CLI_FORCE_OPTION { "force", no_argument, NULL, CLI_OPT_FORCE }
void cli_out_set_force(int on);
int cli_out_force(void);

/* Remember an input file ("-" = standard input, when it is a file) so that no
 * output replaces it.  Harmless for a file that does not exist. */
void cli_out_input(const char *path);
void cli_out_input_fd(int fd);

/* May `path` be written?  0, or -1 with the reason in err (the messages name
 * no file: the caller prints the path). */
int cli_out_check(const char *path, tk_error *err);

/* mkdir -p: create dir and its missing parents (0777 less the umask).  An
 * existing directory is fine; anything else in the way is an error. */
int cli_out_mkdirs(const char *dir, tk_error *err);

typedef struct cli_out {
    FILE *f;           /* write here, between open and commit */
    char *path;        /* the target */
    char *tmp;         /* the temporary file */
    int slot;          /* its entry in the signal handler's list */
    int mode;          /* permission bits to give the result */
    int replace;       /* a checkpoint: may replace a file without --force */
} cli_out;

/* Check path (cli_out_check) and create its temporary file.  0, or -1 with
 * err set and nothing created. */
int cli_out_open(cli_out *o, const char *path, tk_error *err);
/* Flush, fsync, close and rename over the target.  0, or -1 with err set
 * (a write error, a full disk...) and the temporary file removed.  The
 * target is checked again just before the rename. */
int cli_out_commit(cli_out *o, tk_error *err);
/* Close and remove the temporary file (after an error of the caller's). */
void cli_out_abort(cli_out *o);
/* open + fwrite + commit of one block of bytes. */
int cli_out_write_file(const char *path, const void *data, size_t len, tk_error *err);

/* The checkpoint of a long run (mkleaves --checkpoint, boggle --prove):
 * cli_out_write_file, except that an existing regular file (the previous
 * checkpoint; still never an input, a symbolic link or a special file) is
 * replaced without --force.  The bytes go to a temporary file that is
 * fsync'ed and renamed over `path`, so a run killed at any moment, by
 * SIGKILL too, leaves the previous checkpoint or the new one, whole, never a
 * part of one (and the leftover temporary file is removed by the next run's
 * first write in that directory).  Read it back with cli_checkpoint_read
 * (cli.h), which does not make it an input; the caller removes it (unlink)
 * once its run is done. */
int cli_checkpoint_write(const char *path, const void *data, size_t len, tk_error *err);

#endif
