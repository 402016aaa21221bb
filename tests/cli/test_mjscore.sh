#!/bin/sh
# test_mjscore.sh - mjwait --score and --shanten: golden text and JSON on
# hand-checked hands (tests/cli/golden/mjscore/hands.txt says the value of
# each line), located errors with the batch going on, JSON error objects in
# place, options as defaults that words override, rule options, and
# --shanten against the shanten of the default output.
. "$(dirname "$0")/lib.sh"
MJ=$TK_BIN/mjwait
G=$TK_TOP/tests/cli/golden/mjscore

t_run score-text 1 sh -c "cd '$G' && '$MJ' --score hands.txt"
t_golden score-text-out "$G/hands.score.out"
cp "$ERR" "$OUT"
t_golden score-text-err "$G/hands.score.err"
t_run score-json 1 sh -c "cd '$G' && '$MJ' --score --json hands.txt"
t_golden score-json-out "$G/hands.score.json"
# threads give the same bytes
t_run score-jobs 1 sh -c "cd '$G' && '$MJ' --score --jobs 3 hands.txt"
t_golden score-jobs-out "$G/hands.score.out"
t_run score-json 1 sh -c "cd '$G' && '$MJ' --score --json hands.txt"
# one JSON object per hand line, in order, errors in place
t_json_lines score-json "$G/hands.txt"
t_grep score-json-error '"error":"column 20: ippatsu without riichi"' "$OUT"
if command -v python3 >/dev/null 2>&1; then
    if python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$OUT"; then
        t_ok score-json-valid; else t_fail score-json-valid "invalid JSON line"; fi
else
    t_skip score-json-valid "no python3"
fi

# options set defaults, words on the line override them
echo '123456m234p678s55p win:4m' > "$T_TMP/h.txt"
t_run opt-tsumo 0 "$MJ" --score --tsumo --seat E "$T_TMP/h.txt"
t_grep opt-tsumo-value ': tsumo 2 han 20 fu 2100 \[700 all\] (Menzen Tsumo, Pinfu)' "$OUT"
echo '123456m234p678s55p win:4m ron' > "$T_TMP/h.txt"
t_run word-overrides 0 "$MJ" --score --tsumo --seat E "$T_TMP/h.txt"
t_grep word-overrides-value ': ron 1 han 30 fu 1500 (Pinfu)' "$OUT"
# rule options
echo '234m567p55s678s [234p] dora:4s4p' > "$T_TMP/h.txt"
t_run no-kiriage 0 "$MJ" --score "$T_TMP/h.txt"
t_grep no-kiriage-value ': ron 4 han 30 fu 7700 ' "$OUT"
t_run kiriage 0 "$MJ" --score --kiriage "$T_TMP/h.txt"
t_grep kiriage-value ': ron 4 han 30 fu mangan 8000 ' "$OUT"
t_run no-kuitan 0 "$MJ" --score --no-kuitan "$T_TMP/h.txt"
t_grep no-kuitan-value ': ron no yaku' "$OUT"
# bad option values are usage errors
t_run bad-round 2 "$MJ" --score --round X "$T_TMP/h.txt"
t_grep bad-round-msg 'round must be E, S, W or N' "$ERR"

# --shanten: one number a line, the same as the default output's shanten
printf '123m456p789s1122z\n1m56m456p789s1122z9m\n159m159p159s1234z\n23m11z [456p] [789s] (2222z)\n340m 67p 34555s [789s]\n' > "$T_TMP/s.txt"
t_run shanten 0 "$MJ" --shanten "$T_TMP/s.txt"
printf '0\n1\n3\n0\n0\n' > "$T_TMP/want"
if cmp -s "$OUT" "$T_TMP/want"; then t_ok shanten-values; else t_fail shanten-values "$(cat "$OUT" | tr '\n' ' ')"; fi
if command -v python3 >/dev/null 2>&1; then
    "$MJ" --json "$T_TMP/s.txt" | python3 -c 'import json,sys; print("\n".join(str(json.loads(l)["shanten"]) for l in sys.stdin))' > "$T_TMP/want2"
    "$MJ" --shanten --json "$T_TMP/s.txt" | python3 -c 'import json,sys; print("\n".join(str(json.loads(l)["shanten"]) for l in sys.stdin))' > "$T_TMP/got2"
    if cmp -s "$T_TMP/want2" "$T_TMP/got2" && cmp -s "$T_TMP/want2" "$OUT"; then t_ok shanten-json-agrees
    else t_fail shanten-json-agrees "differs from the default output"; fi
fi
printf '123m456p789s1122z\n123m456p789s11111z\n123m456p789s1122z\n' > "$T_TMP/s.txt"
t_run shanten-bad 1 "$MJ" --shanten "$T_TMP/s.txt"
t_grep shanten-bad-msg 's.txt:2: column .*more than 4 copies of 1z' "$ERR"
printf '0\n0\n' > "$T_TMP/want"
if cmp -s "$OUT" "$T_TMP/want"; then t_ok shanten-bad-goes-on; else t_fail shanten-bad-goes-on "$(cat "$OUT")"; fi

# seen: and dora indicators lower the live counts
echo '123m456p789s1122z seen:1z dora:2z' > "$T_TMP/h.txt"
t_run seen 0 "$MJ" "$T_TMP/h.txt"
t_grep seen-live 'tenpai, 2 waits: 1z 2z (2 live: 1z:1 2z:1)' "$OUT"
t_done
