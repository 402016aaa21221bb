/* mjlog_gen.h - random riichi mahjong rounds written as Tenhou .mjlog XML,
 * for the tests of the log reader and the review.
 *
 * The generator keeps its own hands (ids and plain counts per seat), its
 * own encoding of the calls' m= numbers and the tiles every player sees;
 * it shares no code with src/mahjong.  A round: the deal from a shuffled
 * wall, then turns of a draw (now and then a closed or added kan, with its
 * dora indicator and replacement tile) and a random discard (in riichi the
 * tile drawn; riichi declared now and then on a closed hand), a call of the
 * discard now and then (open kan, pon, or chi by the next seat), until the
 * wall is empty; it ends in an exhaustive draw.  After each event the
 * state is appended to snaps[] (the replay must reach the same).  Also
 * mjlog_load, the tests' reader of the logs under tests/data/mjlog. */
#ifndef TILEKIT_MJLOG_GEN_H
#define TILEKIT_MJLOG_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "harness.h"

typedef struct mjlog_gen {
    th_rng rng;
    char *buf;
    size_t len, cap;
    int hand[4][136];        /* ids held */
    int cnt[4][34];          /* plain counts */
    int nmeld[4];
    int meld_tile[4][4], meld_type[4][4], meld_id[4][4][4], meld_rel[4][4], meld_called[4][4];
    int vis[34];
    struct mjlog_snap { uint8_t cnt[4][34]; uint8_t nmeld[4]; uint8_t vis[34]; } *snaps;
    int n_snaps, cap_snaps;
} mjlog_gen;

/* A generator seeded with seed, and the 136 tile ids in wall_ids; free
 * its buffers with mjlog_gen_free. */
void mjlog_gen_start(mjlog_gen *g, uint64_t seed, int wall_ids[136]);
void mjlog_gen_free(mjlog_gen *g);
/* Append printf-style text to g->buf (grown as needed; abort on no memory). */
void mjlog_gen_out(mjlog_gen *g, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A test log under the source tree (rel: "tests/data/mjlog/game.mjlog"),
 * parsed by mj_log_parse; NULL (a failed check) when it does not parse. */
struct mj_log;
struct mj_log *mjlog_load(const char *rel);

/* One random round of kyoku (0..7) appended as <INIT ...> ... <RYUUKYOKU/>;
 * wall_ids holds the 136 tile ids (shuffled in place). */
void mjlog_gen_round(mjlog_gen *g, int kyoku, int *wall_ids);

#endif
