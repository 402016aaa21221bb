# test_gcg_review.sh - skrafl --gcg with --endgame and --sim: turns judged
# by the exact endgame solver (bag empty) and by simulation (tiles in the bag).
#
# Endgames: the 11-word list of tests/cli/golden/skrafl (act acts as at ca cat
# cats scat sat ta tas) and the tile set c a t t s (golden/endgame/tiles.txt),
# so every game below has an empty bag from its first turn.  Worked by hand
# (standard board; test_endgame.sh works out the same S / T position):
#   eg-as.gcg    ann ACTT plays CAT 8H: C3 A1 T1 on the centre (double): 10,
#                keeps T.  Then ben, S against T: going out with 8G S(CAT) or
#                8H (CAT)S gives 6 + 2 x T(1) = +8; ben played I8 (A)S: A1 +
#                S on I9 (double letter) 2 = 3, going out: 3 + 2 = +5: ben
#                lost 3 points against the best sequence.  ann's CAT: 10
#                minus ben's +8 = +2.
#   eg-pass.gcg  the same, but ben passes: ann (T against S, after a pass)
#                goes out with I7 T(A) or I8 (A)T, 3 + 2 = +5, so the pass is
#                worth -5: ben lost 8 - (-5) = 13.  ann's T(A) then: +5, the
#                best (a pass would end the game at 1 - 1 = 0).
# A self-play game (seed 11): each endgame turn against skrafl --endgame on the --cgp-at
# position, whose opponent rack is the one that player shows next, not tile tracking.
# Simulation: the trailing.gcg game (real English) with few iterations; the
# checks are about the review's shape, not the values: the play made is
# always a candidate (added to the K best when it is not among them), the
# result is the same with --jobs 1 and 2, and the value of a play is what
# skrafl --sim gives it on the position --cgp-at prints (same seed and
# iterations: a candidate's rollouts do not depend on the other candidates).
# sanitized: yes
. "$(dirname "$0")/lib.sh"
S="$TK_BIN/skrafl"
D="$TK_TOP/tests/cli/golden/gcg"
W="$TK_TOP/tests/cli/golden/skrafl/words.txt"
T="$TK_TOP/tests/cli/golden/endgame/tiles.txt"
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
XDG_DATA_HOME="$T_TMP/xdg"; export XDG_DATA_HOME
EG="--dict $W --tiles $T"
lines() { wc -l <"$1" | tr -d ' '; }

# ---- endgames -----------------------------------------------------------------------------------
# shellcheck disable=SC2086
t_run eg-as 0 "$S" $EG --gcg "$D/eg-as.gcg" --endgame
t_grep eg-as-turn1 '^5: >ann: ACTT 8H CAT +10 10  .*  endgame (opponent S): value +2' "$OUT"
t_grep eg-as-turn2 '^6: >ben: S I8 .S +3 3  .*  endgame (opponent T): value +5, lost 3 points against the best sequence (8[GH] .*6: +8)$' "$OUT"
t_grep eg-as-table-head '^player .* bingos missed endings unproven endgame lost$' "$OUT"
t_grep eg-as-table-ben '^Ben  *1  *1  *1  *3.0  *0  *0  *1  *0  *3$' "$OUT"
# shellcheck disable=SC2086
t_run eg-as-json 0 "$S" $EG --gcg "$D/eg-as.gcg" --endgame --json
t_grep eg-as-json-turn2 '"turn":2,.*"endgame":{"opp_rack":"T","exact":true,"value":5,"best":{"play":"8[GH] [^"]*","score":6,"value":8},"lost":3}' "$OUT"
t_grep eg-as-json-turn1 '"turn":1,.*"endgame":{"opp_rack":"S","exact":true,"value":2,' "$OUT"
t_grep eg-as-json-summary '"nick":"ben",.*"endgame_judged":1,"endgame_unproven":0,"endgame_lost":3}' "$OUT"
# the static review's fields are all still there, in their place
t_grep eg-as-json-static '"turn":2,"score":3,"computed":3,"score_ok":true,"total":3,"total_ok":true,"legal":true,.*"rank_equity":3,"plays":4,"best":{"play":"8G S(CAT)","score":6,"equity":8.0},"lost":3.0,"bingo_missed":false,"endgame":' "$OUT"
# shellcheck disable=SC2086
t_run eg-pass 0 "$S" $EG --gcg "$D/eg-pass.gcg" --endgame --json
t_grep eg-pass-turn2 '"turn":2,.*"endgame":{"opp_rack":"T","exact":true,"value":-5,"best":{"play":"8[GH] [^"]*","score":6,"value":8},"lost":13}' "$OUT"
t_grep eg-pass-turn3 '"turn":3,.*"endgame":{"opp_rack":"S","exact":true,"value":5,"best":{"play":"I[78] [^"]*","score":3,"value":5},"lost":0}' "$OUT"
t_grep eg-pass-summary '"nick":"ben",.*"endgame_lost":13}' "$OUT"
# no --endgame: no solver, the review as it was
# shellcheck disable=SC2086
t_run eg-off 0 "$S" $EG --gcg "$D/eg-pass.gcg" --json
if grep -q '"endgame\|"sim"' "$OUT"; then t_fail eg-off-none "$(grep -m1 endgame "$OUT")"; else t_ok eg-off-none; fi
# a limit the solve does not finish within: not proven, no loss claimed (ann's ACTT cannot go
# out in one ply: nothing is finished at depth 1)
# shellcheck disable=SC2086
t_run eg-limit 0 "$S" $EG --gcg "$D/eg-as.gcg" --endgame --plies 1 --tt-mb 1
t_grep eg-limit-text '^5: .*  endgame (opponent S): not proven within the limit (1 ply searched; best found ' "$OUT"
if grep -q 'points against' "$OUT"; then t_fail eg-limit-no-loss "$(grep -m1 'points against' "$OUT")"; else t_ok eg-limit-no-loss; fi
# shellcheck disable=SC2086
t_run eg-limit-json 0 "$S" $EG --gcg "$D/eg-as.gcg" --endgame --plies 1 --json
t_grep eg-limit-json-turn1 '"turn":1,.*"endgame":{"opp_rack":"S","exact":false,"depth":1,"best":{[^}]*},"lost":null}' "$OUT"
t_grep eg-limit-json-unproven '"nick":"ann",.*"endgame_judged":1,"endgame_unproven":1,"endgame_lost":0}' "$OUT"
# with --sim too, --plies is the simulation's: the solver is not cut at one ply
# shellcheck disable=SC2086
t_run eg-sim-plies 0 "$S" $EG --gcg "$D/eg-as.gcg" --endgame --sim --plies 1 --json
t_grep eg-sim-plies-exact '"turn":2,.*"endgame":{"opp_rack":"T","exact":true,"value":5,' "$OUT"
# the same game on 2 threads (one game: the same solver order)
# shellcheck disable=SC2086
t_run eg-jobs 0 "$S" $EG --gcg "$D/eg-as.gcg" "$D/eg-pass.gcg" --endgame --json --jobs 2
t_grep eg-jobs-both '"file":"[^"]*eg-pass.gcg","line":6,.*"lost":13}' "$OUT"

# ---- a self-play game's endgame, against skrafl --endgame on the --cgp-at positions ---------------
# The CGP line of --cgp-at takes the opponent's rack from the rack that player shows next (not from
# tile tracking): the best value of every turn solved must be what skrafl --endgame finds there, and
# the value of a play that does not end the game its score less the best value of the next turn.
t_run sp-game 0 "$S" --selfplay 1 --seed 11 --gcg "$T_TMP/sp"
t_run sp-review 0 "$S" --gcg "$T_TMP/sp/game-1.gcg" --endgame --json
grep '"endgame":{' "$OUT" | sed 's/.*"turn":\([0-9]*\),"score":\([-0-9]*\),.*"endgame":{"opp_rack":"[^"]*","exact":\([a-z]*\),"value":\([-0-9]*\),"best":{[^}]*"value":\([-0-9]*\)}.*/\1 \2 \3 \4 \5/' >"$T_TMP/eg"
n=$(lines "$T_TMP/eg")
[ "$n" -ge 2 ] && t_ok "sp-endgame-turns ($n)" || t_fail sp-endgame-turns "$n turns solved: $(head -c 300 "$OUT")"
prev=""; checked=0
while read -r turn score exact value best; do
    [ "$exact" = true ] || { t_fail "sp-turn$turn-exact" "not proven"; continue; }
    "$S" --gcg "$T_TMP/sp/game-1.gcg" --cgp-at "$turn" >"$T_TMP/cgp"
    if grep -q '^[^ ]* [^ /]*/[^ ]' "$T_TMP/cgp"; then   # (the last turn: no next rack to show)
        got=$("$S" --endgame --json "$(cat "$T_TMP/cgp")" | sed 's/.*"value":\([-0-9]*\),.*/\1/')
        [ "$got" = "$best" ] && t_ok "sp-turn$turn-best" || t_fail "sp-turn$turn-best" "review $best, skrafl --endgame $got"
        checked=$((checked + 1))
    fi
    if [ -n "$prev" ]; then
        # shellcheck disable=SC2086
        set -- $prev
        [ "$1" -eq $((turn - 1)) ] && [ "$3" -eq $(($2 - best)) ] && t_ok "sp-turn$1-value" ||
            t_fail "sp-turn$1-value" "value $3, score $2, next turn's best $best"
    fi
    prev="$turn $score $value"
done <"$T_TMP/eg"
[ "$checked" -ge 2 ] && t_ok "sp-checked ($checked)" || t_fail sp-checked "$checked turns checked by skrafl --endgame"

# ---- simulation ----------------------------------------------------------------------------------
N=40; [ "${TK_TEST_MODE:-}" = sanitized ] && N=12
SIM="--sim --iterations $N --candidates 3 --seed 7"
# shellcheck disable=SC2086
t_run sim-j1 0 "$S" --gcg "$D/trailing.gcg" $SIM --jobs 1 --json
cp "$OUT" "$T_TMP/sim1"
# shellcheck disable=SC2086
t_run sim-j2 0 "$S" --gcg "$D/trailing.gcg" $SIM --jobs 2 --json
t_same sim-same-any-jobs "$T_TMP/sim1" "$OUT"
# every placement and the pass (a full rack, tiles in the bag) is simulated; the exchange of
# unnamed tiles (-3) is not
n=$(grep -c '"sim":{"value":' "$OUT")
[ "$n" = 5 ] && t_ok sim-turns || t_fail sim-turns "$n turns simulated, expected 5"
t_grep sim-exchange-not '"kind":"exchange","rack":"ADEGINR","play":"-3","turn":4,[^{]*}$' "$OUT"
# the play made is always a candidate: ranked among the 3 best plus itself when it is not one of them
# (STO(A) is 490th by static equity, LOUTS 48th, the pass 875th)
t_grep sim-added-stoa '"play":"E5 STO.",.*"sim":{"value":[-0-9.]*,"stderr":[0-9.]*,"win":[0-9.]*,"rank":[1-4],"candidates":4,"in_top":false,"iterations":'"$N"',' "$OUT"
t_grep sim-added-pass '"kind":"pass",.*"sim":{[^}]*"rank":[1-4],"candidates":4,"in_top":false,' "$OUT"
bad=$(grep '"sim":{' "$OUT" | grep -v '"candidates":[34],' | head -1)
[ -z "$bad" ] && t_ok sim-candidates || t_fail sim-candidates "$bad"
# lost = best value - value, never negative, 0 when the play made ranks first
awk '/"sim":\{"value"/ {
        s = $0; sub(/.*"sim":\{"value":/, "", s); v = s + 0
        b = s; sub(/.*"best":\{[^}]*"value":/, "", b); bv = b + 0
        l = s; sub(/.*"lost":/, "", l); lo = l + 0
        r = s; sub(/.*"rank":/, "", r); rk = r + 0
        want = rk == 1 ? 0 : bv - v; if (want < 0) want = 0
        if (lo - want > 0.002 || want - lo > 0.002) { print "lost " lo " for best " bv " - value " v; bad = 1 }
     } END { exit bad }' "$OUT" >"$T_TMP/lost" && t_ok sim-lost-is-difference || t_fail sim-lost-is-difference "$(cat "$T_TMP/lost")"
t_grep sim-summary '"nick":"ann",.*"sim_judged":3,"sim_lost":[0-9.]*}' "$OUT"
t_grep sim-table '{"kind":"table","name":"Ben Bow",.*"sim_judged":2,"sim_lost":[0-9.]*}' "$OUT"
# the value of FAKER and of the best candidate are what skrafl --sim gives them on the position
# before turn 1 (FAKER is among the 5 best by static equity there)
t_run sim-cgp 0 "$S" --gcg "$D/trailing.gcg" --cgp-at 1
cgp=$(cat "$OUT")
t_run sim-direct 0 "$S" --sim --iterations $N --candidates 5 --seed 7 --json "$cgp"
faker=$(grep '"word":"FAKER"' "$OUT" | sed 's/.*"value":\([-0-9.]*\),.*/\1/')
first=$(head -1 "$OUT" | sed 's/.*"value":\([-0-9.]*\),.*/\1/')
t_run sim-turn1 0 "$S" --gcg "$D/trailing.gcg" --turn 1 --sim --iterations $N --candidates 5 --seed 7 --json
t_grep sim-turn1-faker "\"play\":\"8D FAKER\",.*\"sim\":{\"value\":$faker,.*\"candidates\":5,\"in_top\":true," "$OUT"
t_grep sim-turn1-best "\"sim\":{.*\"best\":{[^}]*\"value\":$first," "$OUT"
[ "$(lines "$OUT")" = 1 ] && t_ok sim-turn1-only || t_fail sim-turn1-only "$(lines "$OUT") lines"
# text: the verdict after the static one
# shellcheck disable=SC2086
t_run sim-text 0 "$S" --gcg "$D/trailing.gcg" $SIM --jobs 2
t_grep sim-text-stoa '^10: >ben: DEINOST E5 STO. +8 8  score ok  legal  equity .*  sim: value [-0-9.]* +-[0-9.]*, win [0-9.]*%, rank [1-4] of 4 (added)  best by sim: E5 SED(A)TION 86 (value [0-9.]*)  lost [0-9.]* by sim$' "$OUT"
t_grep sim-text-table '^player .* bingos missed simulated   sim lost$' "$OUT"

# ---- options that do not go with a review ------------------------------------------------------------
for o in --preendgame "--opp-rack S" --all-best; do
    # shellcheck disable=SC2086
    t_run "bad $o" 2 "$S" $EG --gcg "$D/eg-as.gcg" $o
    t_grep "bad $o msg" "does not go with --gcg" "$ERR"
    [ -s "$OUT" ] && t_fail "bad $o quiet" "$(head -c 200 "$OUT")" || t_ok "bad $o quiet"
done
t_run bad-exact 2 "$S" --gcg "$D/trailing.gcg" --sim --exact
t_grep bad-exact-msg '--exact does not go with --gcg' "$ERR"
t_run bad-sim-show 2 "$S" --gcg "$D/trailing.gcg" --sim --turn 1 --show
t_grep bad-sim-show-msg '--sim does not go with --show' "$ERR"
t_run bad-iterations 2 "$S" --gcg "$D/trailing.gcg" --sim --iterations 0
# ---- the plain review values leaves with the shipped table (as --leaves en does) -------------------
# clash.gcg turn 5: bob's D8 (R)ODENT keeps GR; its equity in the review is the one
# skrafl --leaves en gives that play on the position --cgp-at prints.
t_run leaves-review 0 "$S" --gcg "$D/clash.gcg"
rev=$(sed -n 's/^5: >bob: DEGNORT D8 \.ODENT .*  equity \([-0-9.]*\)  .*/\1/p' "$OUT")
"$S" --gcg "$D/clash.gcg" --cgp-at 2 >"$T_TMP/pos.cgp" 2>/dev/null
"$S" --leaves en --top 1000 "$T_TMP/pos.cgp" >"$T_TMP/top.txt" 2>/dev/null
ref=$(sed -n 's/^D8  (R)ODENT  14  equity:\([-0-9.]*\)  leave:GR$/\1/p' "$T_TMP/top.txt")
if [ -n "$rev" ] && [ "$rev" = "$ref" ] && [ "$rev" != "14.0" ]; then t_ok leaves-review-equity
else t_fail leaves-review-equity "review equity '$rev', --leaves en '$ref' (score 14)"; fi

t_done
