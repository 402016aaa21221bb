#!/bin/sh
# test_mjdefence.sh - mjwait --ev with the table on the line
# (tests/cli/golden/mjev/defence.txt): push or fold against one and two
# threats, calls, located errors with the batch going on; golden text, and
# facts checked on the output: genbutsu discards deal in with probability
# 0, the discards come best push-or-fold value first, the JSON's ev is
# (1 - deal) x score - loss and its danger names the threats only, a chi
# is offered only on the left player's tile, the shanpon's ron is best.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
MJ=$TK_BIN/mjwait
G=$TK_TOP/tests/cli/golden/mjev

t_run defence-text 1 sh -c "cd '$G' && '$MJ' --ev defence.txt"
t_golden defence-text-out "$G/defence.ev.out"
cp "$OUT" "$T_TMP/text"
cp "$ERR" "$OUT"
t_golden defence-text-err "$G/defence.ev.err"
# 4p and 3m are in West's river: they cannot deal in
t_grep defence-genbutsu-4p '^  4p  .*deal   0.0%  loss      0 (W 0.0%)$' "$T_TMP/text"
t_grep defence-genbutsu-3m '^  3m  .*deal   0.0%  loss      0 (W 0.0%)$' "$T_TMP/text"
# best first: the ev column falls within each hand's block
if awk '/^[^ ]/ { last = 1e300; next } / ev / { for (i = 1; i < NF; i++) if ($i == "ev") v = $(i + 1) + 0;
        if (v > last + 1e-9) bad = 1; last = v } END { exit bad }' "$T_TMP/text"
then t_ok defence-order; else t_fail defence-order "a discard ranked above a better one"; fi
t_grep defence-no-chi-across '^23406m3467p2355s seat:S offer-w:1m last:6: 1m from W, best pass$' "$T_TMP/text"
if grep -A2 'offer-w:1m' "$T_TMP/text" | grep -q '^  chi'; then t_fail defence-chi "a chi on the tile of the player across"
else t_ok defence-chi; fi
t_grep defence-ron '^234m345p456s5577z seat:S offer-n:5z last:6: 5z from N, best ron$' "$T_TMP/text"
t_grep defence-ron-value '^  ron               score    1300.0' "$T_TMP/text"

t_run defence-json 1 sh -c "cd '$G' && '$MJ' --ev --json defence.txt"
if command -v python3 >/dev/null 2>&1; then
    if python3 - "$OUT" > "$T_TMP/jcheck" 2>&1 <<'PY'
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1])]
ok = len(objs) == 9
for o in objs[:2]:
    seats = sorted(t["seat"] for t in o["threats"])
    for d in o["discards"]:
        ok &= abs(d["ev"] - ((1 - d["deal"]) * d["score"][0] - d["loss"])) <= 1e-9 * (1 + abs(d["ev"]))
        ok &= sorted(d["danger"]) == seats
        p = 1.0
        for s in seats:
            p *= 1 - d["danger"][s]
        ok &= abs(d["deal"] - (1 - p)) <= 1e-12
ok &= [t["seat"] for t in objs[1]["threats"]] == ["W", "N"] and objs[1]["threats"][1]["threat"] == "open"
calls = objs[2]
ok &= calls["offer"] == "1m" and calls["from"] == "E" and [c["call"] for c in calls["calls"]] == ["pass", "chi"]
ok &= calls["calls"][1]["own"] == ["2m", "3m"] and calls["calls"][1]["discard"] != "1m"
ok &= objs[4]["best"] == "ron" and "error" in objs[5] and "error" in objs[8]
print("ok" if ok else "bad")
sys.exit(0 if ok else 1)
PY
    then t_ok defence-json-facts; else t_fail defence-json-facts "$(cat "$T_TMP/jcheck")"; fi
else
    t_skip defence-json-facts "python3 absent"
fi
# the same bytes with several threads
t_run defence-jobs 1 sh -c "cd '$G' && '$MJ' --ev --jobs 3 defence.txt"
t_golden defence-jobs-out "$G/defence.ev.out"
t_done
