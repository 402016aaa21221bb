/* mjscore_oracle.h - a deliberately plain riichi scorer for the tests.
 *
 * It shares no code with src/mahjong/{score,yaku,fu}.c and works another
 * way: the 14 - 3k closed tiles are a sorted list; every partition into a
 * pair and sets is found by brute force (take the first tile of the list,
 * try it as a pair, a triplet or the start of a sequence, recurse on the
 * rest); the winning tile is then placed in every set or pair that holds
 * it; each yaku is written out from its textbook definition over the list
 * of sets (melds included); fu and points follow the rule text of
 * ../shared/vectors/mjscore.md line by line.  Slow and obvious on purpose.
 *
 * The result: status (0 ok, 1 no yaku, 2 not winning), han, fu, yakuman,
 * limit (as in mj_limit_name), points, and the yaku as (name, han) pairs.
 * `ambiguous` is set when another reading has the same (yakuman, han, fu)
 * but a different yaku list, so a caller compares only the numbers. */
#ifndef TILEKIT_MJSCORE_ORACLE_H
#define TILEKIT_MJSCORE_ORACLE_H

#include "tilekit/mahjong.h"

typedef struct oracle_result {
    int status;
    int han, fu, yakuman;
    const char *limit;
    int main, additional, total;
    int n_yaku;
    const char *yaku_name[24];
    int yaku_han[24];
    int ambiguous;
} oracle_result;

void oracle_score(const mj_hand *h, const mj_winctx *w, oracle_result *out);

#endif
