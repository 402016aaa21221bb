/* skrafl_play.h - skrafl's game-playing options (issue 15): leave tables and
 * equity, exchanges and pass, unseen tiles, self-play, GCG files.
 *
 * skrafl.c lists the options (codes SKP_O_*) in its getopt table, hands
 * them to skp_option(), and after loading the engine calls skp_run() (self-
 * play and GCG annotation replace the usual solving) and, per position,
 * skp_solve() when skp_equity() says moves are ranked by equity (its output
 * and messages into the position's cli_buf pair, as skrafl_solve.c does). */
#ifndef TILEKIT_SKRAFL_PLAY_H
#define TILEKIT_SKRAFL_PLAY_H

#include <stdio.h>

#include "cli/cli_batch.h"
#include "tilekit/skgame.h"

enum {
    SKP_O_BASE = 1000,
    SKP_O_LEAVES = SKP_O_BASE, SKP_O_SORT, SKP_O_UNSEEN, SKP_O_SELFPLAY, SKP_O_SEED,
    SKP_O_PLAYERS, SKP_O_GCG, SKP_O_EXCHANGES, SKP_O_PAIRS, SKP_O_END
};

/* --players best: the clock a game when none is given (best:SECONDS). */
#define SKP_BEST_GAME_SECONDS 20.0

#define SKP_LONG_OPTIONS \
    { "leaves", required_argument, 0, SKP_O_LEAVES }, \
    { "sort", required_argument, 0, SKP_O_SORT }, \
    { "unseen", no_argument, 0, SKP_O_UNSEEN }, \
    { "selfplay", required_argument, 0, SKP_O_SELFPLAY }, \
    { "seed", required_argument, 0, SKP_O_SEED }, \
    { "players", required_argument, 0, SKP_O_PLAYERS }, \
    { "gcg", required_argument, 0, SKP_O_GCG }, \
    { "exchanges", no_argument, 0, SKP_O_EXCHANGES }, \
    { "pairs", no_argument, 0, SKP_O_PAIRS },

/* Handle one of the options above (exits with status 2 on a bad value). */
void skp_option(int code, const char *arg);
/* Load what the options need (the leave table) once the engine exists;
 * returns an exit status (0 ok). */
int skp_setup(const sk_engine *e, const char *lang);
/* Self-play or GCG annotation asked for?  Then skp_run does the whole job. */
int skp_takes_over(void);
/* dict: the dictionary's path (its base name is the GCG #lexicon), may be NULL. */
int skp_run(const sk_engine *e, const char *lang, const char *dict, int json, int jobs, int verbose,
            int all_openings);
/* Rank by equity (leaves loaded and --sort not score, or --sort equity), or
 * list exchanges / unseen tiles: skp_solve prints the position. */
int skp_equity(void);
int skp_solve(const sk_engine *e, sk_gen *g, sk_movelist *list, cli_buf *out, cli_buf *err, const sk_board *b,
              const sk_rack *r, long line, const char *file, int json, long top, int count, int words,
              unsigned flags, const char *check_coord, const char *check_word);
void skp_cleanup(void);
/* Where play `me` (its equity and score set) stands among every play of rack
 * r in state st: 1 + the plays of higher equity (*req), of higher score
 * (*rsc), the number of plays (*nplays: placements, exchanges, the pass) and
 * the best play by equity (*best).  By the top-N search (sk_top_plays, n
 * grown until the play's equity / score is reached) and a count-only
 * generation.  Returns 0, or -1 with err set. */
int skp_rank_play(sk_gen *g, sk_movelist *list, const sk_board *b, const sk_rack *r, const sk_state *st,
                  unsigned flags, sk_leaves *leaves, const sk_play *me, long *req, long *rsc, long *nplays,
                  sk_play *best, tk_error *err);
/* v thousandths as a decimal: "-12.5", "3.0" (trailing zeros cut, one kept). */
void skp_fmt_milli(char *out, size_t cap, int64_t v);
void skp_usage(void);
/* For skrafl_sim.c: the loaded leave table (NULL: none), whether --leaves
 * was given, and a play's coordinate field ("8H", "xchg", "pass"), word
 * field (SK_FMT_* style; "-ABC" for an exchange, "-" for the pass) and the
 * rack left after it. */
sk_leaves *skp_leaves(void);
/* The shipped leave table of lang (leaves/LANG.tkl, else .csv) into *out
 * (the caller frees it), or *out NULL when none is installed; a shipped
 * table that cannot be read is reported (an exit status). */
int skp_shipped_leaves(const sk_engine *e, const char *lang, sk_leaves **out);
int skp_leaves_given(void);
void skp_play_text(const sk_engine *e, const sk_rack *r, const sk_play *p, int style, char *coord, size_t cc,
                   char *word, size_t wc, char *leave, size_t lc);
/* What the options say, for skrafl_gcg.c: the --gcg argument (or NULL),
 * the number of self-play games (skp_leaves above: the leave table). */
const char *skp_gcg_arg(void);
long skp_selfplay_games(void);

#endif
