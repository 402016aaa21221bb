/* mjwait_ev.h - mjwait --ev: the expected value of each discard of a
 * 14-tile hand (tilekit/mjev.h), its options, text and JSON output.
 * mjwait.c hands each line to mje_line() when mje_active() says --ev is on. */
#ifndef TILEKIT_MJWAIT_EV_H
#define TILEKIT_MJWAIT_EV_H

#include <stddef.h>

#include "cli/cli_batch.h"
#include "tilekit/mahjong.h"

enum {
    MJE_O_EV = 0x2100, MJE_O_TURN, MJE_O_LAST, MJE_O_EXTRA, MJE_O_NO_BACK, MJE_O_NO_TEGAWARI,
    MJE_O_NO_URA_EV, MJE_O_SECONDS, MJE_O_MAX_STATES
};

#define MJE_LONGOPTS \
    { "ev", no_argument, NULL, MJE_O_EV }, \
    { "ev-turn", required_argument, NULL, MJE_O_TURN }, \
    { "ev-last", required_argument, NULL, MJE_O_LAST }, \
    { "ev-extra", required_argument, NULL, MJE_O_EXTRA }, \
    { "no-back", no_argument, NULL, MJE_O_NO_BACK }, \
    { "no-tegawari", no_argument, NULL, MJE_O_NO_TEGAWARI }, \
    { "no-ura-ev", no_argument, NULL, MJE_O_NO_URA_EV }, \
    { "seconds", required_argument, NULL, MJE_O_SECONDS }, \
    { "max-states", required_argument, NULL, MJE_O_MAX_STATES },

/* Handle option c; returns 1 if it was one of ours (bad values exit 2). */
int mje_option(int c, const char *arg);
/* 1 when --ev is on. */
int mje_active(void);
/* The output switches of the front-end (-v: by-turn curve; --show). */
void mje_set_output(int verbose, int show);
/* One line (comment and blanks stripped, NUL-terminated; col0 = blanks
 * stripped before it).  *solver is the worker's EV solver (created on first
 * use, freed with mje_free).  Appends the output to out; returns 0, or 1
 * for a bad or cut line with the message in msg (the JSON error object is
 * already written). */
int mje_line(mj_ctx *ctx, void **solver, cli_buf *out, const char *file, long lineno, const char *line,
             size_t len, int json, long col0, char *msg, size_t msgcap);
void mje_free(void *solver);
/* The EV settings the options give (--ev-last, --no-back, --seconds ...),
 * for mjwait --log --ev. */
struct mj_ev_config;
void mje_config(struct mj_ev_config *c);
/* Help text of these options. */
const char *mje_help(void);

#endif
