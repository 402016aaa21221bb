# test_best.sh - skrafl --best: the method follows the position (the exact
# endgame with the bag empty, the pre-endgame with 1-4 tiles in the bag,
# simulation with more, static equity when the clock is too short), text
# and JSON; and the self-play player best[:SECONDS].
#
# The endgame and pre-endgame positions are those of test_endgame.sh and
# test_preendgame.sh (their values worked out by hand there): S/T with
# tiles.txt is worth +8 by 8G S(CAT) or 8H (CAT)S; S with tiles-pre.txt
# (one tile in the bag) is best passed, +71.125, every draw won.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
S="$TK_BIN/skrafl"
W="$TK_TOP/tests/cli/golden/skrafl/words.txt"
G="$TK_TOP/tests/cli/golden/endgame"
B='15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15'
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA

t_run endgame 0 "$S" --dict "$W" --tiles "$G/tiles.txt" --best "$B S/T 0/0 0"
t_grep endgame-line '^8[GH] .*(CAT).* 6  by:endgame  bag:0  value:+8  exact  time:' "$OUT"
# the opponent's rack is the unseen tiles: --opp-rack and the CGP's are not needed
t_run endgame-own-rack 0 "$S" --dict "$W" --tiles "$G/tiles.txt" --best "$B S/ 0/0 0"
t_grep endgame-own-rack-line 'by:endgame  bag:0  value:+8  exact' "$OUT"
t_run pre 0 "$S" --dict "$W" --tiles "$G/tiles-pre.txt" --best "$B S/ 0/0 0"
t_grep pre-line '^pass - 0  by:preendgame  bag:1  win:100.00%  spread:+71.12  exact  considered:4/4  time:' "$OUT"
t_run pre-json 0 "$S" --dict "$W" --tiles "$G/tiles-pre.txt" --best --json "$B S/ 0/0 0"
t_grep pre-json-obj '"coord":"pass","word":"-","score":0,"by":"preendgame","bag":1,"exact":true,"win":1.0000,"spread":71.125,"legal":4,"considered":4,"seconds":' "$OUT"
# a full bag: simulation (the shipped dictionary and leave table)
t_run sim 0 "$S" --best --seconds 3 "$B AEINRST/ 0/0 0"
t_grep sim-line ' by:sim  bag:83  mean:[-+][0-9.]*  iterations:[1-9][0-9]*  time:' "$OUT"
# a clock too short for any search: static equity
t_run static 0 "$S" --best --seconds 0.001 "$B AEINRST/ 0/0 0"
t_grep static-line ' by:static  bag:83  time:' "$OUT"
t_run static-json 0 "$S" --best --seconds 0.001 --json "$B AEINRST/ 0/0 0"
t_grep static-json-obj '"by":"static","bag":83,"seconds":' "$OUT"
# the self-play player: a clock a game
t_run selfplay 0 "$S" --selfplay 1 --players best:0.5,equity
t_grep selfplay-json '"players":\["best","equity"\],"first":"best","scores":\[[0-9]*,[0-9]*\]' "$OUT"
t_run selfplay-bad 2 "$S" --selfplay 1 --players best:x,equity
t_grep selfplay-bad-msg 'best:SECONDS' "$ERR"
# bad input
t_run both 2 "$S" --dict "$W" --best --endgame "$B S/T 0/0 0"
t_run bad-json 1 "$S" --dict "$W" --tiles "$G/tiles.txt" --best --json "$B SS/ 0/0 0"
t_grep bad-json-error '"error":' "$OUT"
t_done
