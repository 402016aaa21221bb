/* boggle_prove.h - `boggle --prove RxC --min S`: the proof that no board
 * scores S or more except those listed (library: bog_prover, bog_prove_run
 * and bog_prove_state in src/boggle/prove*.c). */
#ifndef TILEKIT_CLI_BOGGLE_PROVE_H
#define TILEKIT_CLI_BOGGLE_PROVE_H

#include "tilekit/boggle.h"

typedef struct boggle_prove_opts {
    const char *shape;          /* --prove RxC */
    long min_score;             /* --min S / --min-score S */
    int min_len;                /* --min-length N (0: 3; -1: by size) */
    const char *groups;         /* --groups TEXT */
    const char *order;          /* --order CELLS */
    long shard, nshards;        /* --shard K/N */
    const char *checkpoint;     /* --checkpoint FILE */
    double every;               /* --checkpoint-every SECONDS (default 1) */
    int merge;                  /* --merge: the FILEs are shard results */
    long sample;                /* --sample N: time N random classes, estimate the whole */
    unsigned long long seed;    /* --seed (which classes) */
    int jobs;
    int json;
    int verbose;
} boggle_prove_opts;

enum { BOGGLE_OPT_PROVE = 0x2100, BOGGLE_OPT_MIN_SCORE, BOGGLE_OPT_MIN_LENGTH, BOGGLE_OPT_GROUPS,
       BOGGLE_OPT_ORDER, BOGGLE_OPT_SHARD, BOGGLE_OPT_CHECKPOINT, BOGGLE_OPT_EVERY, BOGGLE_OPT_MERGE,
       BOGGLE_OPT_SAMPLE };
#define BOGGLE_PROVE_OPTIONS                                                     \
    { "prove", required_argument, NULL, BOGGLE_OPT_PROVE },                      \
    { "min-score", required_argument, NULL, BOGGLE_OPT_MIN_SCORE },              \
    { "min-length", required_argument, NULL, BOGGLE_OPT_MIN_LENGTH },            \
    { "groups", required_argument, NULL, BOGGLE_OPT_GROUPS },                    \
    { "order", required_argument, NULL, BOGGLE_OPT_ORDER },                      \
    { "shard", required_argument, NULL, BOGGLE_OPT_SHARD },                      \
    { "checkpoint", required_argument, NULL, BOGGLE_OPT_CHECKPOINT },            \
    { "checkpoint-every", required_argument, NULL, BOGGLE_OPT_EVERY },           \
    { "merge", no_argument, NULL, BOGGLE_OPT_MERGE },                            \
    { "sample", required_argument, NULL, BOGGLE_OPT_SAMPLE }
/* Handle one of the options above (returns 1) or return 0. */
int boggle_prove_option(int c, boggle_prove_opts *o, const char *arg);
/* --min's value with --prove: the score (a usage error if it is not one). */
void boggle_prove_min(boggle_prove_opts *o, const char *arg);
/* Usage errors: prove-only options without --prove, --shard without
 * --checkpoint, --merge without files... */
void boggle_prove_check(const boggle_prove_opts *o, int nfiles);

/* The options' lines of --help. */
void boggle_prove_usage(void);

/* Run the proof (or the merge of the shard FILEs) and print what it finds;
 * returns the exit status. */
int boggle_prove_run(const boggle_prove_opts *o, const bog_dict *bd, int nfiles, char **files);

#endif
