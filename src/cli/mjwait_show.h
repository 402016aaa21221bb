/* mjwait_show.h - mjwait's tiles drawn in the Unicode mahjong block
 * (U+1F000): the hand lines of --show and of the --log review. */
#ifndef TILEKIT_MJWAIT_SHOW_H
#define TILEKIT_MJWAIT_SHOW_H

#include "cli/cli_batch.h"
#include "tilekit/mahjong.h"

/* Tile t drawn `times` times. */
void mjw_show_tile(cli_buf *f, int t, int times);
/* The closed tiles, a space between suits, then each meld: " [CHI]",
 * " [PON]", " [KAN]" open, " (KAN)" closed. */
void mjw_show_hand(cli_buf *f, const mj_hand *h);

#endif
