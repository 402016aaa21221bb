/* mjwait_log.h - mjwait --log: reviews of real games (Tenhou .mjlog XML and
 * tenhou.net/6 JSON), every discard and every win, printed from the
 * library's review (tilekit/mjreview.h).  mjwait.c hands its options here
 * and calls mjl_main() when --log is on. */
#ifndef TILEKIT_MJWAIT_LOG_H
#define TILEKIT_MJWAIT_LOG_H

#include "cli/cli.h"
#include "cli/cli_batch.h"

enum { MJL_O_LOG = 0x2200, MJL_O_PLAYER };

#define MJL_LONGOPTS \
    { "log", no_argument, NULL, MJL_O_LOG }, \
    { "player", required_argument, NULL, MJL_O_PLAYER },

/* Handle option c; returns 1 if it was one of ours. */
int mjl_option(int c, const char *arg);
/* 1 when --log was given; mjl_player: 1 when --player was. */
int mjl_active(void);
int mjl_player(void);
/* Review the logs files[0..n) (stdin when n == 0 or a name is "-") with the
 * common options (--json, --jobs, -v) and, when ev, the expected value of
 * each discard (the --ev options of mjwait_ev.h); returns the exit status. */
int mjl_main(const char *const *files, int n, const cli_common *co, int ev);
/* Help text of these options. */
const char *mjl_help(void);

#endif
