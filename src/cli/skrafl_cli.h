/* skrafl_cli.h - the parts of the skrafl command line (internal to it).
 *
 *   skrafl.c        options, input dispatch (one board, one CGP argument, a
 *                   batch of CGP lines), main
 *   skrafl_load.c   dictionary, tile set, layout, engine, --rack
 *   skrafl_solve.c  one position: its moves, --count, --check, as text or JSON
 *   skrafl_batch.c  a batch of CGP lines on the batch engine (cli_batch)
 *   skrafl_draw.c   --show (text) and --svg pictures of a board with a move
 *
 * Every output goes into cli_buf buffers (stdout bytes, stderr bytes), so a
 * position prints the same on its own and as a record of a threaded batch.
 */
#ifndef TILEKIT_SKRAFL_CLI_H
#define TILEKIT_SKRAFL_CLI_H

#include "cli/cli.h"
#include "cli/cli_batch.h"
#include "cli/cli_json.h"
#include "tilekit/skrafl.h"

typedef struct skc_opts {
    const char *rack, *dict, *lang, *layout, *tiles, *lexicon;
    const char *check_coord, *check_word;
    long top, first_line;
    long tty_top;          /* stdout a terminal and no --top/--count/--json: show this many */
    int count, json, words, all_openings, cgp, jobs, verbose, lang_set;
    const char *svg;       /* --svg FILE */
    int show, show_color;  /* --show; in colour (a terminal, no NO_COLOR) */
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
} skc_ctx;

/* Where one position came from: every JSON object carries it. */
typedef struct skc_pos {
    const char *file;      /* for messages and "file" */
    long line;             /* a CGP line's number; 0 for a board file */
    const char *cgp;       /* the CGP text, or NULL for a board file */
    size_t cgp_len;
} skc_pos;

/* skrafl_load.c: load everything --dict/--lang/--tiles/--layout/--rack name
 * into c (errors printed); returns 0 or an exit status. */
int skc_load(skc_ctx *c, const skc_opts *o);
void skc_unload(skc_ctx *c);

/* skrafl_tty.c: the checks and defaults of a command line typed at a
 * terminal (after check_usage; nargs = operands left): an empty --rack, a
 * --check missing its word (a usage error instead of waiting on the
 * terminal for a board), tty_top when stdout is a terminal. */
void skc_tty_options(skc_opts *o, int nargs);
/* A note on stderr when the board is to be typed at the terminal. */
void skc_tty_hint(const skc_opts *o, const char *input);
/* skrafl_solve.c: one position, its output appended to out, messages to err;
 * returns its exit status. */
int skc_solve(const skc_ctx *c, sk_gen *g, sk_movelist *list, cli_buf *out, cli_buf *err, const sk_board *b,
              const sk_rack *r, const skc_pos *p);
int skc_solve_cgp(const skc_ctx *c, sk_gen *g, sk_movelist *list, cli_buf *out, cli_buf *err, const skc_pos *p);
/* A move's text (SK_FMT_*), whole whatever its length, in t (reused). */
const char *skc_move_text(cli_buf *t, const sk_engine *e, const sk_move *m, int style);

/* skrafl_batch.c: the CGP lines of rd (its first line given back with
 * cli_reader_unread) on the batch engine; one: rd holds only one position
 * (an endgame is then searched on all --jobs threads). */
int skc_run_batch(const skc_ctx *c, cli_reader *rd, int one);

/* skrafl_draw.c: the board with move m (NULL: none) on it. */
void skc_show_board(const skc_ctx *c, cli_buf *f, const sk_board *b, const sk_move *m, const char *what);
int skc_write_svg(const skc_ctx *c, const char *path, const sk_board *b, const sk_move *m, cli_buf *err);

#endif
