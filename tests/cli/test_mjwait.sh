#!/bin/sh
# test_mjwait.sh - the mjwait command line: options, golden output (text,
# JSON, --waits), stdin and CRLF input, errors per class of bad line, exit
# codes, --jobs giving the same output, write errors.
# The golden files were checked by hand against the rules (see README).
. "$(dirname "$0")/lib.sh"
MJ=$TK_BIN/mjwait
G=$TK_TOP/tests/cli/golden/mjwait
S=$TK_TOP/data/hands/sample.txt

t_run help 0 "$MJ" --help
t_grep help-usage "Usage: mjwait" "$OUT"
t_run version 0 "$MJ" --version
t_grep version-text "mjwait (tilekit)" "$OUT"
t_run bad-option 2 "$MJ" --frobnicate
t_grep bad-option-hint "Try 'mjwait --help'" "$ERR"
t_run bad-jobs 2 "$MJ" --jobs x "$S"
t_grep bad-jobs-msg "invalid --jobs value 'x'" "$ERR"

# golden output on the sample file
t_run sample-text 0 "$MJ" "$S"
t_golden sample-text-out "$G/sample.txt.out"
# JSON objects carry their input: file (as given) and line
t_run sample-json 0 sh -c "cd '$TK_TOP/data/hands' && '$MJ' --json sample.txt"
t_golden sample-json-out "$G/sample.json.out"
t_run sample-waits 0 "$MJ" --waits "$S"
t_golden sample-waits-out "$G/sample.waits.out"
t_run sample-waits-json 0 sh -c "cd '$TK_TOP/data/hands' && '$MJ' --waits --json sample.txt"
t_golden sample-waits-json-out "$G/sample.waits.json.out"

# every JSON line parses (when python3 is there)
if command -v python3 >/dev/null 2>&1; then
    "$MJ" --json "$S" "$G/bad.txt" 2>/dev/null >"$T_TMP/all.json"
    if python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$T_TMP/all.json"; then
        t_ok json-valid; else t_fail json-valid "invalid JSON line"; fi
else
    t_skip json-valid "no python3"
fi

# stdin: no argument, and "-"
t_run_in stdin-default 0 "$S" "$MJ"
t_golden stdin-default-out "$G/sample.txt.out"
t_run_in stdin-dash 0 "$S" "$MJ" -
t_golden stdin-dash-out "$G/sample.txt.out"

# CRLF line ends and a BOM give the same output
printf '\357\273\277' >"$T_TMP/crlf.txt"
sed 's/$/\r/' "$S" >>"$T_TMP/crlf.txt"
t_run crlf 0 "$MJ" "$T_TMP/crlf.txt"
t_golden crlf-out "$G/sample.txt.out"

# bad lines: each reported with file:line, the batch goes on, exit 1
t_run bad-lines 1 sh -c "cd '$G' && '$MJ' bad.txt"
t_golden2 bad-lines "$G/bad.out" "$G/bad.err"
t_run bad-lines-json 1 sh -c "cd '$G' && '$MJ' --json bad.txt"
t_golden bad-lines-json-out "$G/bad.json.out"
t_run_in bad-stdin 1 "$G/bad.txt" "$MJ" -
t_grep bad-stdin-name "^mjwait: <stdin>:2: column 5: more than 4 copies of 5m" "$ERR"

# columns count from the start of the raw line (leading blanks included)
printf '  123m-\n' >"$T_TMP/lead.txt"
t_run lead-blank 1 "$MJ" "$T_TMP/lead.txt"
t_grep lead-blank-column ":1: column 7: bad character '-'" "$ERR"

# a missing file is reported, the other files are still read
t_run missing-file 1 "$MJ" "$T_TMP/nope.txt" "$S"
t_grep missing-file-msg "mjwait: $T_TMP/nope.txt: No such file" "$ERR"
t_grep missing-file-rest "1112345678999m: tenpai, 9 waits" "$OUT"

# comments and blank lines only: nothing printed, exit 0
printf '# nothing\n\n   \n\t# x\n' >"$T_TMP/empty.txt"
t_run comments-only 0 "$MJ" "$T_TMP/empty.txt"
if [ -s "$OUT" ]; then t_fail comments-only-out "output not empty"; else t_ok comments-only-out; fi

# --jobs: same output and errors, in order, on a bigger input
i=0; : >"$T_TMP/big.txt"
while [ $i -lt 300 ]; do cat "$S" "$G/bad.txt" >>"$T_TMP/big.txt"; i=$((i + 1)); done
"$MJ" --json "$T_TMP/big.txt" >"$T_TMP/j1" 2>"$T_TMP/e1"
t_run jobs-3 1 "$MJ" --json --jobs 3 "$T_TMP/big.txt"
t_same jobs-3-out "$OUT" "$T_TMP/j1"
t_same jobs-3-err "$ERR" "$T_TMP/e1"
# --waits and --shanten on all CPUs (the default): the same bytes as
# with --jobs 1 and --jobs 3 (good and bad lines mixed)
for m in --waits --shanten; do
    "$MJ" $m --jobs 1 "$T_TMP/big.txt" >"$T_TMP/m1" 2>"$T_TMP/me1"
    t_run "default-jobs$m" 1 "$MJ" $m "$T_TMP/big.txt"
    t_same "default-jobs$m-out" "$OUT" "$T_TMP/m1"
    t_same "default-jobs$m-err" "$ERR" "$T_TMP/me1"
    t_run "jobs-3$m" 1 "$MJ" $m --jobs 3 "$T_TMP/big.txt"
    t_same "jobs-3$m-out" "$OUT" "$T_TMP/m1"
    t_same "jobs-3$m-err" "$ERR" "$T_TMP/me1"
done

# a write error is reported
if [ -w /dev/full ]; then
    t_run dev-full 1 sh -c "'$MJ' '$S' >/dev/full"
    t_grep dev-full-msg "write error" "$ERR"
else
    t_skip dev-full "no /dev/full"
fi
t_done
