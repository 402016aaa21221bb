#!/bin/sh
# test_mjev.sh - mjwait --ev: golden text and JSON on small hands
# (tests/cli/golden/mjev/hands.txt), located errors with the batch going on
# (13 tiles, a fifth copy counting seen:, win words, turn after last, a
# complete hand, shanten above 3), threads giving the same bytes, options
# equal to the words they stand for, cut hands (--seconds, --max-states),
# and the JSON of small public vectors against mahjong-cpp's values
# (../shared/tools/mjev_check.py, skipped without ../shared or python3).
# sanitized: yes
. "$(dirname "$0")/lib.sh"
MJ=$TK_BIN/mjwait
G=$TK_TOP/tests/cli/golden/mjev

t_run ev-text 1 sh -c "cd '$G' && '$MJ' --ev hands.txt"
t_golden ev-text-out "$G/hands.ev.out"
cp "$ERR" "$OUT"
t_golden ev-text-err "$G/hands.ev.err"
t_run ev-json 1 sh -c "cd '$G' && '$MJ' --ev --json hands.txt"
# the JSON against its golden file, numbers to 1e-12 relative (the last
# bits of a sum may differ between compilers and flags)
if command -v python3 >/dev/null 2>&1; then
    if python3 - "$OUT" "$G/hands.ev.json" > "$T_TMP/jdiff" 2>&1 <<'PY'
import json, sys
def same(a, b):
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(a - b) <= max(1e-12, 1e-12 * max(abs(a), abs(b)))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b
got = [json.loads(l) for l in open(sys.argv[1])]
want = [json.loads(l) for l in open(sys.argv[2])]
bad = [i + 1 for i, (x, y) in enumerate(zip(got, want)) if not same(x, y)]
if len(got) != len(want) or bad:
    print("objects %d/%d, differing lines %s" % (len(got), len(want), bad))
    sys.exit(1)
PY
    then t_ok ev-json-out; else t_fail ev-json-out "$(cat "$T_TMP/jdiff")"; fi
else
    t_skip ev-json-out "no python3"
fi
t_run ev-verbose 1 sh -c "cd '$G' && '$MJ' --ev -v hands.txt"
t_golden ev-verbose-out "$G/hands.ev.v.out"
t_run ev-jobs 1 sh -c "cd '$G' && '$MJ' --ev --jobs 3 hands.txt"
t_golden ev-jobs-out "$G/hands.ev.out"
t_run ev-json 1 sh -c "cd '$G' && '$MJ' --ev --json hands.txt"
t_json_lines ev-json "$G/hands.txt"
t_grep ev-json-error '"error":"shanten 6: the EV mode takes hands of shanten 0..3"' "$OUT"

# options stand for the words
echo '12344405667889p round:E seat:E dora:7z seen:589m236p27s14455z' > "$T_TMP/h.txt"
echo '12344405667889p round:E seat:E dora:7z seen:589m236p27s14455z last:5 back:off ura-ev:off red:off turn:2 extra:0 tegawari:off' > "$T_TMP/w.txt"
t_run opt-words 0 "$MJ" --ev --json "$T_TMP/w.txt"
sed 's/"file":"[^"]*","line":[0-9]*,"hand":"[^"]*"//' "$OUT" > "$T_TMP/words.json"
t_run opt-options 0 "$MJ" --ev --json --ev-last 5 --no-back --no-ura-ev --no-red --ev-turn 2 --ev-extra 0 --no-tegawari "$T_TMP/h.txt"
sed 's/"file":"[^"]*","line":[0-9]*,"hand":"[^"]*"//' "$OUT" > "$T_TMP/opts.json"
t_same opt-same "$T_TMP/words.json" "$T_TMP/opts.json"
t_run opt-bad-last 2 "$MJ" --ev --ev-last 19 "$T_TMP/h.txt"
t_grep opt-bad-last-msg "invalid --ev-last value '19' (1..18)" "$ERR"
echo '12344405667889p last:19' > "$T_TMP/b.txt"
t_run word-bad-last 1 "$MJ" --ev "$T_TMP/b.txt"
t_grep word-bad-last-msg 'b.txt:1: column 22: last: must be 1..18' "$ERR"

# cut hands are reported and the batch goes on
printf '49m789p126789s347z round:E seat:W dora:9s seen:1m1237p278s22z\n123m456p789s1122z3z last:4\n' > "$T_TMP/c.txt"
t_run cut-states 1 "$MJ" --ev --max-states 1000 "$T_TMP/c.txt"
t_grep cut-states-msg 'c.txt:1: cut: more than 1000 states' "$ERR"
t_grep cut-states-next '^123m456p789s1122z3z last:4: shanten 0' "$OUT"
t_run cut-time 1 "$MJ" --ev --json --seconds 0.0001 "$T_TMP/c.txt"
t_grep cut-time-json '"error":"cut: time limit of 0.0001 s","cut":true' "$OUT"

# the values of small public vectors, against mahjong-cpp's
CHECK=$TK_SHARED/tools/mjev_check.py
if [ ! -f "$CHECK" ] || ! command -v python3 >/dev/null 2>&1; then
    t_skip vectors "no ../shared/tools/mjev_check.py or no python3"
else
    ids=evp-01,evp-02,evp-03,evp-05,evp-06,evp-08,evp-12,evp-22,evp-25,evp-26,evp-28,evp-30,evp-33,evp-34,evp-37
    t_run vectors 0 python3 "$CHECK" "$TK_SHARED/vectors/ev-public.jsonl" --mjwait "$MJ" --ids "$ids"
    t_grep vectors-all '^15 of 15 hands agree' "$OUT"
fi
t_done
