# test_preendgame.sh - skrafl --preendgame: values worked out by hand, text
# and JSON, every legal play considered, threads, the clock, bad input.
#
# The 11-word list of tests/cli/golden/skrafl (act acts as at ca cat cats scat
# sat ta tas), CAT on 8H, the rack S; tiles-pre.txt leaves 8 unseen tiles (7 Z
# and 1 T, Z makes no word): the opponent holds 7, one is in the bag.  The
# draws: the bag holds Z (weight 7 of 8) or T (1 of 8).  Legal plays: 8G
# S(CAT), 8H (CAT)S, I8 (A)S and the pass.
#   8G S(CAT) 6 (8H (CAT)S the same): bag Z: the mover draws Z, the opponent
#     (ZZZZZZT) plays T for 3 (every T play scores 3), both then pass with the
#     bag empty: 6 - 3 - 10 + 60 = +53; bag T: the mover draws T, the
#     opponent (7 Z) passes, the mover goes out with a T for 3: 6 + 3 + 140 =
#     +149.  (7 x 53 + 149) / 8 = +65.00, every draw won.
#   I8 (A)S 3: bag Z: the opponent's I7 T(AS) makes 4, both then pass:
#     3 - 4 - 10 + 60 = +49; bag T: the opponent passes, the mover goes out
#     with I7 T(AS) 4: 3 + 4 + 140 = +147.  (7 x 49 + 147) / 8 = +61.25.
#   the pass: with a tile in the bag two passes do not end the game, six
#     scoreless turns do.  Bag Z: the opponent may not play its T (it would
#     draw the Z and let the mover go out with S(CAT): +146 for the mover), so
#     both pass on to the sixth scoreless turn: -1 + 61 = +60 (the mover
#     playing S(CAT) first gives only +53, as above); bag T: the opponent
#     (7 Z) passes, the mover plays S(CAT) 6 and draws T, the opponent
#     passes, the mover goes out with T for 3: +149.  (7 x 60 + 149) / 8 =
#     +71.125: the pass is the best play.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
S="$TK_BIN/skrafl"
W="$TK_TOP/tests/cli/golden/skrafl/words.txt"
TP="$TK_TOP/tests/cli/golden/endgame/tiles-pre.txt"
B='15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15'
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA

t_run pre 0 "$S" --dict "$W" --tiles "$TP" --preendgame "$B S/ 0/0 0"
t_grep pre-summary '^pre-endgame: 1 tile in the bag, 8 unseen; 4 of 4 legal plays considered; stages: greedy 4, 1 ply 4, 2 plies 4, win 4, exact 2, exact 4, exact 4; ' "$OUT"
if [ "$(sed -n 2p "$OUT")" = 'pass  win:100.00%  spread:+71.12  exact' ]; then t_ok pre-pass-first; else t_fail pre-pass-first "$(cat "$OUT")"; fi
t_grep pre-scat '^8G S(CAT) 6  win:100.00%  spread:+65.00  exact$' "$OUT"
t_grep pre-cats '^8H (CAT)S 6  win:100.00%  spread:+65.00  exact$' "$OUT"
if [ "$(sed -n 5p "$OUT")" = 'I8 (A)S 3  win:100.00%  spread:+61.25  exact' ]; then t_ok pre-as-last; else t_fail pre-as-last "$(cat "$OUT")"; fi
# behind by 70: only the pass wins (on the draw of the T)
t_run pre-behind 0 "$S" --dict "$W" --tiles "$TP" --preendgame "$B S/ 0/70 0"
if [ "$(sed -n 2p "$OUT")" = 'pass  win:12.50%  spread:+71.12  exact' ]; then t_ok pre-behind-pass; else t_fail pre-behind-pass "$(cat "$OUT")"; fi
t_grep pre-behind-scat '^8G S(CAT) 6  win:12.50%  spread:+65.00  exact$' "$OUT"
# JSON: one object a position, the counts, every candidate with its figures
t_run pre-json 0 "$S" --dict "$W" --tiles "$TP" --preendgame --json "$B S/ 0/0 0"
t_grep pre-json-counts '"bag":1,"unseen":8,"legal":4,"considered":4,"complete":true,"stages":\[{"depth":"greedy","candidates":4,"done":true,' "$OUT"
t_grep pre-json-first '"candidates":\[{"rank":1,"play":{"kind":"pass","score":0},"win":1.0000,"spread":71.125,"exact":true,"win_exact":true,"depth":"exact","draws":2}' "$OUT"
t_grep pre-json-scat '{"rank":2,"play":{"kind":"move","coord":"8G","word":"SCAT","played":"S...","score":6},"win":1.0000,"spread":65.000,"exact":true,"win_exact":true,"depth":"exact","draws":2}' "$OUT"
if [ "$(wc -l <"$OUT")" -eq 1 ]; then t_ok pre-json-one-line; else t_fail pre-json-one-line "$(cat "$OUT")"; fi
# --top: the best N printed, all of them still considered
t_run pre-top 0 "$S" --dict "$W" --tiles "$TP" --preendgame -n 1 "$B S/ 0/0 0"
if [ "$(wc -l <"$OUT")" -eq 2 ] && grep -q '4 of 4 legal plays considered' "$OUT"; then t_ok pre-top-one; else t_fail pre-top-one "$(cat "$OUT")"; fi
# threads: the same ranking and figures
t_run pre-jobs 0 "$S" --dict "$W" --tiles "$TP" --preendgame --jobs 3 "$B S/ 0/0 0"
sed 1d "$OUT" >"$T_TMP/j3"
"$S" --dict "$W" --tiles "$TP" --preendgame --jobs 1 "$B S/ 0/0 0" | sed 1d >"$T_TMP/j1"
t_same pre-jobs-same "$T_TMP/j1" "$T_TMP/j3"

# ---- bad input ------------------------------------------------------------------------
t_run pre-not 1 "$S" --dict "$W" --preendgame "$B S/ 0/0 0"
t_grep pre-not-msg 'not a pre-endgame: 89 tiles in the bag (1 to 4 wanted)' "$ERR"
t_run pre-empty 1 "$S" --dict "$W" --tiles "$TP" --preendgame "$B / 0/0 0"
t_run pre-json-error 1 "$S" --dict "$W" --preendgame --json "$B S/ 0/0 0"
t_grep pre-json-error-obj '"error":"not a pre-endgame: 89 tiles in the bag' "$OUT"
t_done
