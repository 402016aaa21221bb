/* skrafl_cli.h - the parts of the skrafl command line (internal to it).
 *
 * The files form a tree under skrafl.c; each calls only the files below it
 * (and the leaves skrafl_lex.c, skrafl_draw.c and skrafl_tty.c), never one
 * beside or above it:
 *
 *   skrafl.c            main: options, what is loaded, which job, the inputs
 *     skrafl_opts.c       every option into skc_opts, the usage checks, --help
 *     skrafl_load.c       dictionary, tile set, layout, engine, --rack, leave
 *                         and win tables
 *     skrafl_selfplay.c   --selfplay: games on the batch engine
 *     skrafl_gcg.c        --gcg: reviewing game records (--html: where the
 *                         pages go is the shared cli_pages.c)
 *     skrafl_batch.c      a batch of CGP lines on the batch engine
 *       skrafl_solve.c    one position (of a batch, or alone for skrafl.c):
 *                         moves, --count, --check, or one of:
 *         skrafl_equity.c   ranked by equity, exchanges, --unseen
 *         skrafl_sim.c      --sim
 *         skrafl_endgame.c  --endgame / --preendgame / --best
 *   leaves: skrafl_lex.c (engines of other lexicons), skrafl_draw.c (--show,
 *   --svg), skrafl_tty.c (a command line typed at a terminal)
 *
 * The options are parsed once into one skc_opts (nothing else holds
 * mutable state between files); what is loaded from them is in skc_ctx.
 * Every output goes into cli_buf buffers (stdout bytes, stderr bytes), so a
 * position prints the same on its own and as a record of a threaded batch.
 */
#ifndef TILEKIT_SKRAFL_CLI_H
#define TILEKIT_SKRAFL_CLI_H

#include "cli/cli.h"
#include "cli/cli_batch.h"
#include "cli/cli_json.h"
#include "tilekit/skendgame.h"
#include "tilekit/skgame.h"
#include "tilekit/skfmt.h"
#include "tilekit/skrafl.h"
#include "tilekit/sksim.h"

/* --leaves, --sort, --unseen, --exchanges, --selfplay, --pairs, --seed, --players, --gcg */
typedef struct skc_play_opts {
    const char *leaves;    /* --leaves (NULL: none; "default" when --sim asks for it) */
    int sort;              /* 0 default, 1 score, 2 equity */
    int unseen, exchanges;
    long selfplay;         /* games (0: no self-play) */
    int pairs;             /* games 2k and 2k+1 share their tiles, seats swapped */
    unsigned long long seed;
    int have_seed;
    const char *players;
    double best[2];        /* --players best[:SECONDS]: that player's clock a game (0: not best) */
    const char *gcg;       /* --gcg FILE|DIR */
} skc_play_opts;

/* --sim and its budget */
typedef struct skc_sim_opts {
    int on, exact, have_iters, have_seconds;
    int jobs;              /* threads of one simulation (taken from --jobs) */
    long plies, candidates;
    unsigned long long iterations;
    double seconds, confidence;
    const char *wintab;    /* --wintab FILE | default | none */
    int other;             /* an option that is only for --sim was given */
} skc_sim_opts;

/* --endgame / --preendgame / --best */
typedef struct skc_eg_opts {
    int endgame, pre, best, all_best, plies;
    const char *opp;
    const char *only;      /* --only PLAY,PLAY: the pre-endgame's candidates */
    double seconds;
    double t0;             /* when --seconds was read: the first position's clock starts then */
    long tt_mb;
} skc_eg_opts;

/* --gcg's own: --turn, --cgp-at, --html */
typedef struct skc_gcg_opts {
    long turn, cgp_at;
    const char *html;
} skc_gcg_opts;

typedef struct skc_opts {
    const char *rack, *dict, *lang, *layout, *tiles, *lexicon;
    const char *check_coord, *check_word;
    long top, first_line;
    long tty_top;          /* stdout a terminal and no --top/--count/--json: show this many */
    int count, json, words, all_openings, cgp, jobs, verbose, lang_set;
    const char *svg;       /* --svg FILE */
    int show, show_color;  /* --show; in colour (a terminal, no NO_COLOR) */
    skc_play_opts play;
    skc_sim_opts sim;
    skc_eg_opts eg;
    skc_gcg_opts gcg;
} skc_opts;

typedef struct skc_ctx {
    const skc_opts *o;
    dawg_graph *d;
    sk_engine *e;
    sk_rack rack;          /* --rack, if given */
    int have_rack;
    const char *dict_used;
    long svg_line;         /* batch: the line whose position --svg draws */
    struct skx_cache *lex; /* engines for CGP 'lex NAME;' / 'ld NAME;' (skrafl_lex.h) */
    sk_leaves *leaves;     /* --leaves (or the default table when something needs it) */
    sk_leaves *pleaves[2]; /* --players equity:TABLE: that player's own table */
    sk_wintab wintab;      /* --wintab (have_wintab) */
    int have_wintab;
} skc_ctx;

/* Where one position came from: every JSON object carries it (skfmt.h). */
typedef skf_pos skc_pos;

/* A thread's scratch for positions: generator, move list, endgame solver. */
typedef struct skc_work {
    sk_gen *g;
    sk_movelist list;
    sk_endgame *eg;        /* made on demand for eg_engine */
    const sk_engine *eg_engine;
    int eg_threads;        /* threads of one endgame search */
    sk_peg *peg;           /* --preendgame's, made on demand for peg_engine */
    const sk_engine *peg_engine;
    sk_best *best;         /* --best's, made on demand for best_engine */
    const sk_engine *best_engine;
} skc_work;

/* ---- skrafl_opts.c ---------------------------------------------------------------------------- */

/* Parse argv into o (usage errors exit with status 2); returns optind. */
int skc_parse_options(int argc, char **argv, skc_opts *o);
/* Is this run a review of GCG files (--gcg without --selfplay)? */
int skc_review_wanted(const skc_opts *o);

/* ---- skrafl_load.c ------------------------------------------------------------------------------ */

/* Load everything --dict/--lexicon/--lang/--tiles/--layout/--rack name into
 * c (errors printed); returns 0 or an exit status. */
int skc_load(skc_ctx *c, const skc_opts *o);
/* Does the command search for best moves (--top, self-play, --gcg, --sim)?
 * Then the engines read their word index files (skx_windex_beside). */
int skc_searches(const skc_opts *o);
/* The win table (--wintab, else the language's shipped one when --sim or
 * self-play may use it): 0 or an exit status.  Called before skc_load. */
int skc_load_wintab(skc_ctx *c, const skc_opts *o);
/* The leave tables the options name, once the engine exists: 0 or an exit status. */
int skc_load_leaves(skc_ctx *c);
/* The shipped leave table of lang (leaves/LANG.tkl, else .csv) into *out,
 * or *out NULL when none is installed; one that cannot be read is reported
 * (an exit status). */
int skc_shipped_leaves(const sk_engine *e, const char *lang, sk_leaves **out);
void skc_unload(skc_ctx *c);

/* ---- skrafl_tty.c ---------------------------------------------------------------------------------- */

/* The checks and defaults of a command line typed at a terminal (after the
 * usage checks; nargs = operands left). */
void skc_tty_options(skc_opts *o, int nargs);
/* A note on stderr when the board is to be typed at the terminal. */
void skc_tty_hint(const skc_opts *o, const char *input);

/* ---- skrafl_selfplay.c, skrafl_gcg.c ---------------------------------------------------------------- */

/* Before the tables are loaded: --pairs needs an even --selfplay; --gcg DIR
 * with --selfplay is made and may be written (0 or an exit status). */
int skc_selfplay_prepare(const skc_opts *o);
/* --selfplay N: the games; returns the exit status. */
int skc_selfplay(const skc_ctx *c);
/* --gcg: review the --gcg file and args[0..nargs); returns the exit status. */
int skc_review(const skc_ctx *c, char **args, int nargs);

/* ---- skrafl_batch.c, skrafl_solve.c ---------------------------------------------------------------- */

/* The CGP lines of rd (its first line given back with cli_reader_unread) on
 * the batch engine; one: rd holds only one position (an endgame is then
 * searched on all --jobs threads). */
int skc_run_batch(const skc_ctx *c, cli_reader *rd, int one);
/* A thread's scratch (0 or -1), and its release. */
int skc_work_init(skc_work *w, const skc_ctx *c, int eg_threads);
void skc_work_free(skc_work *w);
/* One position by whatever the options ask (--endgame, --sim, equity, the
 * move list): p->cgp a CGP line, else board b with --rack.  Output appended
 * to out, messages to err; returns its exit status. */
int skc_position(const skc_ctx *c, skc_work *w, const skc_pos *p, const sk_board *b, cli_buf *out, cli_buf *err);

/* ---- skrafl_equity.c, skrafl_sim.c, skrafl_endgame.c (under skrafl_solve.c) ---------------------------- */

/* Ranked by equity (a leave table loaded and --sort not score, or --sort
 * equity), or exchanges / unseen tiles listed: then skc_equity prints the
 * position. */
int skc_equity_wanted(const skc_ctx *c);
int skc_equity(const skc_ctx *c, skc_work *w, cli_buf *out, cli_buf *err, const sk_board *b, const sk_rack *r,
               const skc_pos *p);
int skc_sim(const skc_ctx *c, cli_buf *out, cli_buf *err, const sk_board *b, const sk_rack *r, const skc_pos *p);
int skc_endgame(const skc_ctx *c, skc_work *w, const skc_pos *p, const sk_board *b, cli_buf *out, cli_buf *err);
/* The endgame solver of w for engine e (made on demand), NULL with err set. */
sk_endgame *skc_solver(skc_work *w, const skc_opts *o, const sk_engine *e, tk_error *err);
/* Threads for one position alone: --jobs when given (jobs > 0), else every CPU
 * up to SKC_EG_THREADS_MAX (each thread keeps its own move caches). */
#define SKC_EG_THREADS_MAX 8
int skc_eg_threads(int jobs);
/* --best without --seconds: this clock a position; --players best: a game. */
#define SKC_BEST_SECONDS 10.0
#define SKC_BEST_GAME_SECONDS 20.0

/* ---- skrafl_draw.c (a leaf) -------------------------------------------------------------------------- */

/* The board with move m (NULL: none) on it. */
void skc_show_board(const skc_ctx *c, cli_buf *f, const sk_board *b, const sk_move *m, const char *what);
int skc_write_svg(const skc_ctx *c, const char *path, const sk_board *b, const sk_move *m, cli_buf *err);

#endif
