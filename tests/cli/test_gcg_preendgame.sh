#!/bin/sh
# test_gcg_preendgame.sh - skrafl --gcg --endgame: a turn made with 1-4
# tiles in the bag is judged by the pre-endgame solver (sk_peg).
#
# peg-ta.gcg (the tile set golden/endgame/tiles-peg.txt: c a t t s and 12
# Z, the 11-word list of golden/skrafl): ann ACTZZZZ plays 8G TA with 3
# tiles in the bag, then ben STZZZZZ plays H8 (A)S with 1 in the bag.
# Checked against skrafl --preendgame on the position --cgp-at prints
# (the same solver through the other door: what the review adds is the
# position, the spread and the play made found among the legal ones): the
# play made has the figures --preendgame --only gives it (to the end: the
# full ranking leaves 8G TA at a greedy estimate, 41.67% against the exact
# 37.78%), the best is the first play of --preendgame run to the end, and
# the loss is their difference.
# Then the summary, the text line, the HTML page's attributes, and no
# pre-endgame without --endgame.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
t_gcg
EG="--dict $TK_TOP/tests/cli/golden/skrafl/words.txt --tiles $TK_TOP/tests/cli/golden/endgame/tiles-peg.txt"
G="$D/peg-ta.gcg"

# shellcheck disable=SC2086
t_run peg-json 0 "$S" $EG --gcg "$G" --endgame --json
cp "$OUT" "$T_TMP/review"
# field KEY of the first object of a JSON line (numbers and strings)
field() { sed 's/.*"'"$1"'":\("[^"]*"\|[-0-9.a-z]*\).*/\1/'; }

# turn T, the play made as the CGP line's move "COORD PLAYED": the review's figures against
# skrafl --preendgame's on the position before it
check_turn() {
    turn=$1 coord=$2 played=$3 bag=$4 only=$5
    line=$(grep "\"turn\":$turn," "$T_TMP/review")
    peg=$(printf '%s\n' "$line" | sed 's/.*"preendgame":{//')
    [ "$(printf '%s' "$peg" | field bag)" = "$bag" ] && t_ok "turn$turn-bag" || t_fail "turn$turn-bag" "$peg"
    [ "$(printf '%s' "$peg" | field exact)" = true ] && t_ok "turn$turn-exact" || t_fail "turn$turn-exact" "$peg"
    # shellcheck disable=SC2086
    "$S" $EG --gcg "$G" --cgp-at "$turn" >"$T_TMP/cgp$turn"
    # shellcheck disable=SC2086
    "$S" $EG --preendgame --json "$(cat "$T_TMP/cgp$turn")" | sed 's/},{"rank"/}\n{"rank"/g' >"$T_TMP/peg$turn"
    # the play made valued alone (to the end: the full ranking may leave it at an estimate)
    # shellcheck disable=SC2086
    "$S" $EG --preendgame --json --only "$only" "$(cat "$T_TMP/cgp$turn")" >"$T_TMP/only$turn"
    mine=$(grep "\"coord\":\"$coord\",[^}]*\"played\":\"$played\"" "$T_TMP/only$turn" | sed 's/.*"play":{[^}]*}//')
    first=$(grep -m1 '"rank":1,' "$T_TMP/peg$turn" | sed 's/.*"play":{[^}]*}//')
    want_me="$(printf '%s' "$mine" | field win) $(printf '%s' "$mine" | field spread)"
    want_best="$(printf '%s' "$first" | field win) $(printf '%s' "$first" | field spread)"
    me=$(printf '%s' "$peg" | sed 's/"best":.*//')
    got_me="$(printf '%s' "$me" | field win) $(printf '%s' "$me" | field spread)"
    best=$(printf '%s' "$peg" | sed 's/.*"best":{//')
    got_best="$(printf '%s' "$best" | field win) $(printf '%s' "$best" | field spread)"
    [ "$got_me" = "$want_me" ] && t_ok "turn$turn-play ($got_me)" ||
        t_fail "turn$turn-play" "review $got_me, skrafl --preendgame $want_me"
    [ "$got_best" = "$want_best" ] && t_ok "turn$turn-best ($got_best)" ||
        t_fail "turn$turn-best" "review $got_best, skrafl --preendgame $want_best"
    lost="$(printf '%s' "$peg" | field lost_win) $(printf '%s' "$peg" | field lost_spread)"
    # shellcheck disable=SC2086
    want_lost=$(echo $want_best $want_me | awk '{ printf "%.4f %.3f", $1 - $3, $2 - $4 }')
    [ "$lost" = "$want_lost" ] && t_ok "turn$turn-lost ($lost)" || t_fail "turn$turn-lost" "$lost, expected $want_lost"
}
check_turn 1 8G TA 3 '8G TA'
check_turn 2 H8 .S 1 'H8 (A)S'
# TA wins 37.78% against the pass's 100%; (A)S wins as often as the pass, by less
t_grep peg-ta-lost '"turn":1,.*"lost_win":0.6222,' "$T_TMP/review"
t_grep peg-summary '"nick":"ann",.*"preendgame_judged":1,"preendgame_unproven":0,"preendgame_lost_win":0.6222,' "$T_TMP/review"
t_grep peg-summary-ben '"nick":"ben",.*"preendgame_judged":1,"preendgame_unproven":0,"preendgame_lost_win":0.0000,' "$T_TMP/review"

# shellcheck disable=SC2086
t_run peg-text 0 "$S" $EG --gcg "$G" --endgame
t_grep peg-text-turn1 '^5: >ann: ACTZZZZ 8G TA +4 4 .*  pre-endgame (bag 3, 13 plays): win 37.78%, spread +2.13, lost 62.22% wins and 11.78 points against the best (pass: win 100.00%, spread +13.91)$' "$OUT"
# shellcheck disable=SC2086
t_run peg-html 0 "$S" $EG --gcg "$G" --endgame --html "$T_TMP/page.html"
t_grep peg-html-attr 'data-preendgame-lost-win="0.6222"' "$T_TMP/page.html"
t_grep peg-html-text '<p>pre-endgame (3 in the bag, 13 plays): this play win 37.78%, spread +2.13; best pass (win 100.00%, spread +13.91): lost 62.22% wins, 11.78 points</p>' "$T_TMP/page.html"
# shellcheck disable=SC2086
t_run peg-off 0 "$S" $EG --gcg "$G" --json
if grep -q '"preendgame' "$OUT"; then t_fail peg-off "$(head -1 "$OUT")"; else t_ok peg-off; fi
t_done
