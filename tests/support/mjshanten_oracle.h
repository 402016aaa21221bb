/* mjshanten_oracle.h - a deliberately plain shanten for the tests.
 *
 * The definition itself, sharing no code with src/mahjong: the largest
 * overlap between the closed tiles and any target of 4 - k blocks (triplets
 * and sequences) and a pair, no tile used more than 4 times in the target,
 * searched over all block multisets with branch and bound; seven pairs and
 * thirteen orphans (k = 0 only) by choosing their best tiles directly.
 * shanten = 3 (4 - k) + 2 - overlap - 1, so a complete 14 - 3k tile hand is
 * -1.  Holds for 13 - 3k and 14 - 3k closed tiles. */
#ifndef TILEKIT_MJSHANTEN_ORACLE_H
#define TILEKIT_MJSHANTEN_ORACLE_H

#include <stdint.h>

/* cnt: closed counts of the 34 tiles; k: melds. */
int oracle_shanten(const uint8_t cnt[34], int k);

#endif
