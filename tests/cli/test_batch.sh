#!/bin/sh
# test_batch.sh - the batch engine through every batch tool (mjwait,
# skrafl --cgp, boggle): stdout and stderr byte-identical for --jobs 1, 2
# and 64 on a batch with bad records; every --json line of a fuzzed batch
# parses with Python's json; with SIGPIPE ignored, `tool | head -1` is quiet
# or names the broken pipe and stops at once; a batch split with GNU
# parallel --pipe (numbered with --first-line / --first-grid) merges into
# exactly the output of one run.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
J=$TK_BIN/mjwait; S=$TK_BIN/skrafl; B=$TK_BIN/boggle
G=$TK_TOP/tests/cli/golden
SW="--dict $G/skrafl/words.txt"
BW="--lang en --dict $G/boggle/words.txt"
cd "$T_TMP" || exit 1

# ---- inputs: good and bad records mixed -----------------------------------------
awk 'BEGIN { srand(7)
  good[0] = "123m456p789s1122z"; good[1] = "1112345678999m"; good[2] = "23m11z [456p] [789s] (2222z)"
  good[3] = "1m56m456p789s1122z9m"; good[4] = "19m19p19s1234567z"
  bad[0] = "55550m123p456s78s"; bad[1] = "123m456p789s-1122z"; bad[2] = "12m\377\376"; bad[3] = "8z8z"
  for (i = 0; i < 1500; i++) {
    r = int(rand() * 10)
    if (r < 6) print good[int(rand() * 5)]; else if (r < 8) print bad[int(rand() * 4)]
    else if (r < 9) print "  # a comment"; else print ""
  } }' >hands.txt
CGP_GOOD='15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 ST/ 0/0 0'
awk -v g="$CGP_GOOD" 'BEGIN { srand(11)
  for (i = 0; i < 300; i++) {
    r = int(rand() * 6)
    if (r < 3) print g; else if (r == 3) print "15/15/15 ST/"
    else if (r == 4) print "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 TAS/ 0/0 0"; else print "# note"
  } }' >pos.cgp
awk 'BEGIN { srand(5); split("ca ts|qu ad|th e n|ab c|x1", g, "|")
  for (i = 0; i < 400; i++) {
    r = int(rand() * 8)
    if (r < 5) printf "pers\nlate\ngins\nrbed\n\n"; else if (r == 5) printf "ca\nts\n\n"
    else if (r == 6) printf "abc\nab\n\n"; else printf "c1\nat\n\n"
  } }' >grids.txt

# ---- the same bytes for every --jobs ---------------------------------------------
same_jobs() {  # NAME CMD...: stdout and stderr of 1, 2 and 64 jobs equal
    _n=$1; shift
    "$@" --jobs 1 >o1 2>e1; r1=$?
    for j in 2 64; do
        "$@" --jobs $j >o$j 2>e$j; rj=$?
        if [ "$rj" -ne "$r1" ]; then t_fail "$_n-jobs$j" "exit $rj, with 1 job $r1"
        elif ! cmp -s o1 o$j; then t_fail "$_n-jobs$j" "stdout differs from --jobs 1"
        elif ! cmp -s e1 e$j; then t_fail "$_n-jobs$j" "stderr differs from --jobs 1: $(diff e1 e$j | head -n 4)"
        else t_ok "$_n-jobs$j (stdout $(wc -l <o1) lines, stderr $(wc -l <e1) lines)"; fi
    done
    if [ -s e1 ]; then t_ok "$_n-has-errors"; else t_fail "$_n-has-errors" "the batch had no bad record"; fi
}
same_jobs mjwait "$J" hands.txt
same_jobs mjwait-json "$J" --json hands.txt
same_jobs skrafl "$S" $SW --cgp pos.cgp
same_jobs skrafl-json "$S" $SW --json --top 3 --cgp pos.cgp
same_jobs boggle "$B" $BW grids.txt
same_jobs boggle-count "$B" $BW --count --score grids.txt
# stderr lines are whole and each starts with the tool's name
if grep -v '^boggle: ' e1 | grep -q .; then t_fail boggle-stderr-lines "torn or unnamed line"; else t_ok boggle-stderr-lines; fi

# ---- every --json line of a fuzzed batch parses ------------------------------------
if command -v python3 >/dev/null 2>&1; then
    # random bytes (controls, invalid UTF-8, quotes, backslashes) in every field
    LC_ALL=C awk 'BEGIN { srand(3); for (i = 0; i < 400; i++) { n = int(rand() * 30); s = ""
        for (k = 0; k < n; k++) { c = int(rand() * 255) + 1; if (c == 10) c = 9; s = s sprintf("%c", c) }
        if (i % 3 == 0) s = "123m456p" s; print s } }' >fuzz.txt
    LC_ALL=C awk 'BEGIN { srand(4); for (i = 0; i < 300; i++) { n = int(rand() * 12); s = ""
        for (k = 0; k < n; k++) { c = int(rand() * 255) + 1; if (c == 10) c = 47; s = s sprintf("%c", c) }
        print "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 " s "/ 0/0 0" } }' >fuzz.cgp
    LC_ALL=C awk 'BEGIN { srand(6); for (i = 0; i < 200; i++) { for (r = 0; r < 1 + i % 3; r++) { s = "ab"
        for (k = 0; k < i % 4; k++) { c = int(rand() * 255) + 1; if (c == 10) c = 35; s = s sprintf("%c", c) }
        print s } print "" } }' >fuzz.grids
    "$J" --json fuzz.txt >fz.mj 2>fz.err
    "$S" $SW --json --cgp fuzz.cgp >fz.sk 2>>fz.err
    "$S" $SW --json --count --cgp fuzz.cgp >fz.skc 2>>fz.err
    "$B" $BW --json --paths fuzz.grids >fz.bg 2>>fz.err
    # one python3 for all (its start-up is slow): every line parses, strictly
    # (bad UTF-8 raises), one object at least per record; messages never carry
    # raw bad bytes either
    python3 -c '
import json, sys
def check(name, path, least):
    n = 0
    try:
        for raw in open(path, "rb"):
            json.loads(raw.decode("utf-8"))
            n += 1
    except ValueError as e:
        print("FAIL %s: %s" % (name, e)); return
    print(("ok %s (%d objects)" if n >= least else "FAIL %s: only %d objects") % (name, n))
check("json-fuzz-mjwait", "fz.mj", 300)
check("json-fuzz-skrafl", "fz.sk", 300)
check("json-fuzz-skrafl-count", "fz.skc", 300)
check("json-fuzz-boggle", "fz.bg", 200)
try:
    open("fz.err", "rb").read().decode("utf-8"); print("ok messages-valid-utf8")
except ValueError:
    print("FAIL messages-valid-utf8: raw invalid bytes in messages")' >py.out 2>&1
    while IFS= read -r l; do
        case "$l" in
        "ok "*) t_ok "${l#ok }" ;;
        "FAIL "*) _r=${l#FAIL }; t_fail "${_r%%:*}" "${_r#*: }" ;;
        esac
    done <py.out
    [ "$(grep -c '^ok\|^FAIL' py.out)" -eq 5 ] || t_fail json-fuzz-python "$(head -c 300 py.out)"
else
    t_skip json-fuzz "no python3"
fi

# ---- a closed pipe with SIGPIPE ignored: quiet or "Broken pipe", and at once ------
yes '123m456p789s1122z' | head -n 200000 >many.hands
awk -v g="$CGP_GOOD" 'BEGIN { for (i = 0; i < 20000; i++) print g }' >many.cgp
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "pers\nlate\ngins\nrbed\n\n" }' >many.grids
pipe_check() {  # NAME TOTAL CMD...: -v says how many records were done
    _n=$1; _total=$2; shift 2
    { sh -c "trap '' PIPE; exec \"\$@\"" sh "$@" 2>"$T_TMP/pe"; } | head -n 1 >/dev/null
    _other=$(grep -v ': [0-9]* \(hand\|position\|grid\)s\?[ ,]\|dictionary\|language\|solved in' "$T_TMP/pe")
    _done=$(sed -n 's/.*: \([0-9]*\) \(hand\|position\|grid\)s\?[ ,].*/\1/p' "$T_TMP/pe" | tail -n 1)
    if [ -n "$_other" ] && ! { [ "$(echo "$_other" | wc -l)" -eq 1 ] && echo "$_other" | grep -q 'write error: Broken pipe$'; }; then
        t_fail "$_n" "unexpected message: $(echo "$_other" | head -c 200)"
    elif [ -z "$_done" ] || [ "$_done" -ge $((_total / 2)) ]; then
        t_fail "$_n" "did not stop: ${_done:-?} of $_total records done"
    else
        t_ok "$_n (stopped after $_done of $_total)"
    fi
}
for j in 1 2; do
    pipe_check pipe-mjwait-jobs$j 200000 "$J" -v --jobs $j many.hands
    pipe_check pipe-skrafl-jobs$j 20000 "$S" $SW -v --jobs $j --cgp many.cgp
    pipe_check pipe-boggle-jobs$j 20000 "$B" $BW -v --json --jobs $j many.grids
done

# ---- GNU parallel: chunks merged == one run -----------------------------------------
if command -v parallel >/dev/null 2>&1; then
    P="parallel --will-cite --pipe --keep-order"
    split_same() {  # NAME ONE_RUN_CMD SPLIT_CMD: stdout and stderr of both equal
        sh -c "$2" >one.out 2>one.err
        sh -c "$3" >split.out 2>split.err
        if cmp -s one.out split.out && cmp -s one.err split.err; then t_ok "$1 ($(wc -l <one.out) lines)"
        else t_fail "$1" "merged chunks differ from one run: $(diff one.out split.out | head -n 3) $(diff one.err split.err | head -n 3)"; fi
    }
    # one hand a line: chunks of 400 lines, numbered from (chunk - 1) * 400 + 1
    split_same parallel-mjwait "'$J' --json - <hands.txt" \
        "$P -N 600 \"'$J' --json --first-line \\\$(( ({#} - 1) * 600 + 1 ))\" <hands.txt"
    split_same parallel-skrafl "'$S' $SW --top 2 --cgp - <pos.cgp" \
        "$P -N 120 \"'$S' $SW --top 2 --cgp --first-line \\\$(( ({#} - 1) * 120 + 1 ))\" <pos.cgp"
    # grids of 5 lines (4 rows and a blank line): 120 grids a chunk
    awk 'BEGIN { for (i = 0; i < 300; i++) printf "pers\nlate\ngins\nrbed\n\n" }' >even.grids
    printf 'ab\nc1\nxy\nzw\n\n' >>even.grids
    split_same parallel-boggle-text "'$B' $BW - <even.grids" \
        "$P --recend '\\n\\n' -N 120 \"'$B' $BW --first-grid \\\$(( ({#} - 1) * 120 + 1 )) --first-line \\\$(( ({#} - 1) * 600 + 1 ))\" <even.grids"
else
    t_skip parallel "GNU parallel not installed (apt-get install parallel)"
fi
t_done
