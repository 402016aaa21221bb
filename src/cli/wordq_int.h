/* wordq_int.h - the parts of the `wordq` command (src/cli/wordq*.c).
 *
 * wordq.c reads the options and runs the batch (cli_batch: the command-line
 * queries as numbered records, or one query a line from standard input);
 * wordq_answer.c answers one query into the record's output buffers, on any
 * worker thread, with that thread's own wq_searcher and answer store.
 */
#ifndef TILEKIT_CLI_WORDQ_INT_H
#define TILEKIT_CLI_WORDQ_INT_H

#include "cli/cli.h"
#include "cli/cli_batch.h"
#include "tilekit/wordq.h"

/* Read-only settings shared by every thread. */
typedef struct wordq_opts {
    const wq_dict *dict;
    const alpha_table *alpha;
    int min, max;         /* letters */
    long limit;           /* 0: no limit */
    int sort;
    int json, count;
    int judge;            /* --judge: a play is answered VALID or INVALID, nothing else */
    int bag[64];          /* tile counts for --sort probability (bag[0]: blanks) */
    int single;           /* every letter one byte in both cases: up1/lo1 show it */
    char up1[64], lo1[64];
    /* command-line queries: kinds[i] and its arguments args[i][0..nargs[i]) */
    int nq;
    int *kinds;
    char ***args;
    int *nargs;
} wordq_opts;

/* Per-thread state (cli_batch init/fini). */
void *wordq_state_new(void *opts);
void wordq_state_free(void *opts, void *state);

/* cli_batch solve: one query (a line of standard input, or command-line
 * query number rec->no).  Returns 0, or 1 for a bad query or a check that
 * is not all VALID. */
int wordq_solve_line(void *state, const cli_record *rec, cli_buf *out, cli_buf *err);
int wordq_solve_arg(void *state, const cli_record *rec, cli_buf *out, cli_buf *err);

/* The kind named by a query option ("-a", "--anagram", ...), or 0. */
int wordq_kind_of(const char *opt);

#endif
