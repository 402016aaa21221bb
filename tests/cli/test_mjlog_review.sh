#!/bin/sh
# test_mjlog_review.sh - mjwait --log on logs with events that do not fit,
# and --log --ev.
# - tests/data/mjlog/game-hai13.mjlog is game.mjlog with the winning tile
#   left out of every win's hai= (as a converter from another site writes
#   them): each win is an "inconsistent" object (text: a line) at its place,
#   reported on stderr with its line; every other object is the one of the
#   intact game; exit 1; the game object counts them.
# - a discard of a tile the player does not hold: an "error" object at that
#   event, the rest of that round left out (said how many events), every
#   other round as in the intact game; exit 1.
# - --ev: every discard carries "ev" (its status; the play's and the best
#   discard's expected score, the best never below the play); text shows it;
#   --ev-turn is refused with --log.
. "$(dirname "$0")/lib.sh"
MJ=$TK_BIN/mjwait
D=$TK_TOP/tests/data/mjlog

nofile() { sed 's/"file":"[^"]*",//' "$1"; }

# ---- hai= without the winning tile ----
t_run hai13-json 1 sh -c "cd '$D' && '$MJ' --log --json game-hai13.mjlog"
nofile "$OUT" > "$T_TMP/bad.json"
cp "$ERR" "$T_TMP/bad.err"
t_run intact-json 0 sh -c "cd '$D' && '$MJ' --log --json game.mjlog"
nofile "$OUT" > "$T_TMP/good.json"
n=$(grep -c '"type":"inconsistent"' "$T_TMP/bad.json")
w=$(grep -c '"type":"win"' "$T_TMP/good.json")
if [ "$n" = 4 ] && [ "$w" = 4 ]; then t_ok "hai13: 4 wins, 4 inconsistent objects"
else t_fail hai13-count "$n inconsistent, $w wins in the intact game"; fi
t_grep hai13-object '"type":"inconsistent","line":15,"error":"round 0, event 14 (win): the winning hand (hai=) is not the hand replayed","round":0,"kyoku":"E1","honba":0,"event":13,"column":1,"seat":0,"kind":"win","skipped":0' "$T_TMP/bad.json"
t_grep hai13-stderr "game-hai13.mjlog:26: column 1: round 2, event 4 (win): the winning hand (hai=) is not the hand replayed" "$T_TMP/bad.err"
t_grep hai13-game '"type":"game","format":"mjlog","rounds":6,"discards":87,"best":80,"ukeire_lost":77,"wins":0,"wins_matching":0,"inconsistent":4' "$T_TMP/bad.json"
# every other object as in the intact game (the wins and summaries apart);
# and each inconsistent object where the intact game has its win
grep -v -e '"type":"inconsistent"' -e '"type":"summary"' -e '"type":"game"' "$T_TMP/bad.json" > "$T_TMP/b1"
grep -v -e '"type":"win"' -e '"type":"summary"' -e '"type":"game"' "$T_TMP/good.json" > "$T_TMP/g1"
t_same hai13-others-same "$T_TMP/g1" "$T_TMP/b1"
sed -n 's/.*"type":"inconsistent".*\("round":[0-9]*,"kyoku":"[A-Z0-9]*","honba":[0-9]*,"event":[0-9]*\).*"seat":\([0-9]\),.*/\1 \2/p' \
    "$T_TMP/bad.json" > "$T_TMP/b2"
sed -n 's/.*"type":"win",\("round":[0-9]*,"kyoku":"[A-Z0-9]*","honba":[0-9]*,"event":[0-9]*\),"seat":\([0-9]\),.*/\1 \2/p' \
    "$T_TMP/good.json" > "$T_TMP/g2"
t_same hai13-in-place-of-wins "$T_TMP/g2" "$T_TMP/b2"
# the summaries: the same discards, no win
grep '"type":"summary"' "$T_TMP/bad.json" | sed 's/"wins":.*//' > "$T_TMP/b3"
grep '"type":"summary"' "$T_TMP/good.json" | sed 's/"wins":.*//' > "$T_TMP/g3"
t_same hai13-summaries "$T_TMP/g3" "$T_TMP/b3"
if grep '"type":"summary"' "$T_TMP/bad.json" | grep -vq '"wins":0,'; then t_fail hai13-no-wins "a win counted"
else t_ok hai13-no-wins; fi

# text: the same lines but the wins, an inconsistent line for each
t_run hai13-text 1 sh -c "cd '$D' && '$MJ' --log -v game-hai13.mjlog"
sed 's/^game-hai13.mjlog/game.mjlog/' "$OUT" > "$T_TMP/bad.txt"
t_grep hai13-text-line 'game.mjlog: round 1: E2-0: inconsistent: event 22 (win): the winning hand (hai=) is not the hand replayed (not reviewed)' "$T_TMP/bad.txt"
t_grep hai13-text-summary 'game.mjlog: 6 rounds, 87 discards, 80 best, ukeire lost 77, 0 wins, 0 scored as the log says, 4 events that do not fit the log' "$T_TMP/bad.txt"
grep -v -e ': inconsistent: ' -e ' win.* for .* points$' -e ' rounds, ' "$T_TMP/bad.txt" > "$T_TMP/b4"
grep -v -e ' wins by ' -e '^  tilekit: ' -e '^  log: ' -e ' win.* for .* points$' -e ' rounds, ' \
    "$TK_TOP/tests/cli/golden/mjlog/game.verbose.out" > "$T_TMP/g4"
t_same hai13-text-others-same "$T_TMP/g4" "$T_TMP/b4"

# ---- a round that cannot be replayed to its end ----
sed 's|<T10/><D10/>|<T10/><D12/>|' "$D/game.mjlog" > "$T_TMP/broken.mjlog"
t_run broken-json 1 "$MJ" --log --json "$T_TMP/broken.mjlog"
nofile "$OUT" > "$T_TMP/broken.json"
t_grep broken-object '"type":"error","line":20,"error":"round 1, event 17 (discard): the hand does not hold the 4m it discards (seat 0)","round":1,"kyoku":"E2","honba":0,"event":16,"column":7,"seat":0,"kind":"discard","skipped":5' "$T_TMP/broken.json"
t_grep broken-stderr "broken.mjlog:20: column 7: round 1, event 17 (discard): the hand does not hold the 4m" "$ERR"
# rounds 0, 2-5 as in the intact game; round 1 up to the bad event
grep -v -e '"round":1,' -e '"type":"summary"' -e '"type":"game"' "$T_TMP/broken.json" > "$T_TMP/b5"
grep -v -e '"round":1,' -e '"type":"summary"' -e '"type":"game"' "$T_TMP/good.json" > "$T_TMP/g5"
t_same broken-other-rounds "$T_TMP/g5" "$T_TMP/b5"
grep '"round":1,' "$T_TMP/good.json" | awk -F'"event":' '{ split($2, a, ","); if (a[1] + 0 < 16) print }' > "$T_TMP/g6"
grep '"round":1,' "$T_TMP/broken.json" | grep -v '"type":"error"' > "$T_TMP/b6"
t_same broken-round-before "$T_TMP/g6" "$T_TMP/b6"
t_run broken-text 1 "$MJ" --log "$T_TMP/broken.mjlog"
t_grep broken-text-line 'round 1: E2-0: error: event 17 (discard): the hand does not hold the 4m it discards (seat 0) (this event and the 5 after it are not reviewed)' "$OUT"

# several logs: a bad one does not change the others
t_run mixed 1 sh -c "cd '$D' && '$MJ' --log --json --jobs 2 game-hai13.mjlog game.mjlog"
grep '"file":"game.mjlog"' "$OUT" | nofile /dev/stdin > "$T_TMP/m1"
t_same mixed-intact-same "$T_TMP/good.json" "$T_TMP/m1"

# ---- --ev ----
t_run ev-json 0 sh -c "cd '$D' && '$MJ' --log --ev --ev-last 6 --json game.mjlog"
cp "$OUT" "$T_TMP/ev.json"
if command -v python3 >/dev/null 2>&1; then
    if python3 - "$T_TMP/ev.json" > "$T_TMP/evcheck" 2>&1 <<'PY'
import json, sys
ok = none = riichi = 0
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o["type"] != "discard":
        continue
    ev = o["ev"]
    if o["riichi"]:
        assert ev["status"] == "riichi", line
        riichi += 1
        continue
    if ev["status"] == "ok":
        assert ev["turn"] == o["discard"] + 1 and ev["last"] == 6, line
        assert ev["play"] is not None and ev["play"]["tile"].replace("0", "5") == o["tile"].replace("0", "5"), line
        assert ev["best"]["score"] >= ev["play"]["score"] and ev["score_lost"] >= 0, line
        assert abs(ev["best"]["score"] - ev["play"]["score"] - ev["score_lost"]) < 1e-9, line
        ok += 1
    else:
        assert ev["status"] == "none" and ev["error"], line
        none += 1
assert ok >= 10 and none >= 1, (ok, none)
print(ok, none, riichi)
PY
    then t_ok "ev-json: every discard's EV coherent ($(cat "$T_TMP/evcheck"))"
    else t_fail ev-json-check "$(tail -3 "$T_TMP/evcheck")"; fi
else
    t_skip ev-json-check "no python3"
fi
t_grep ev-game '"type":"game",.*"ev_discards":[1-9][0-9]*,"ev_best":[0-9]*,"ev_lost":' "$T_TMP/ev.json"
# without --ev the objects are those of the plain review
sed 's/,"ev":{.*}}$/}/; s/,"ev_discards":.*$/}/' "$T_TMP/ev.json" | nofile /dev/stdin > "$T_TMP/e1"
t_same ev-rest-same "$T_TMP/good.json" "$T_TMP/e1"
t_run ev-text 0 sh -c "cd '$D' && '$MJ' --log --ev --ev-last 6 game.mjlog"
t_grep ev-text-line 'seat 2 C discard 0: .* 5m: 3-shanten 37 tiles; best .* 1z: 2-shanten 28 tiles (-1 shanten); EV [0-9.]*, best [0-9][mpsz] [0-9.]* (-[0-9.]*)' "$OUT"
t_grep ev-text-summary 'game.mjlog: 6 rounds, .*, EV lost [0-9.]* over [0-9]* discards ([0-9]* best)' "$OUT"
t_run ev-turn 2 "$MJ" --log --ev --ev-turn 3 "$D/game.mjlog"
t_grep ev-turn-msg "with --log the turn of each discard is the player's own turn" "$ERR"
t_done
