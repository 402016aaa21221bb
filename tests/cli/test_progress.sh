#!/bin/sh
# test_progress.sh - progress on stderr for batch solves (boggle, mjwait, skrafl).
#
# On a terminal (faked with script(1); skipped if absent) with stdout sent to a
# file, each tool writes "TOOL: WHAT: N done, P% (R/s, T s|min left)" lines on
# stderr (the share and time left when the input is a regular file; "N done
# (R/s)" for a pipe), ends by clearing its line, and writes the same stdout as
# without a terminal.  Progress is redrawn at most 4 times a second, so the
# first input is a pipe that waits half a second before giving its data: by the
# time the items are done, a redraw is due (no timing is asserted: the wait
# only makes sure that one is).  In a pipe, and when stdout is the same
# terminal (the output would be garbled), stderr gets nothing.
. "$(dirname "$0")/lib.sh"
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1
G=$TK_TOP/tests/cli/golden
CR=$(printf '\r')
ESC=$(printf '\033')
check() { if [ "$2" = "$3" ]; then t_ok "$1"; else t_fail "$1" "got '$2', want '$3'"; fi; }

# inputs: 300 boggle grids (4x4, letters of the test word list), the sample
# hands, 20 CGP positions
awk 'BEGIN { s = 7; L = "catsudhenac"; for (g = 0; g < 300; g++) { if (g) print "";
     for (r = 0; r < 4; r++) { row = ""; for (c = 0; c < 4; c++) { s = (s * 1103515245 + 12345) % 2147483648; row = row substr(L, 1 + int(s / 65536) % 11, 1) } print row } } }' > grids.txt
printf 'ca\nts\n' > one.txt
cp "$TK_TOP/data/hands/sample.txt" hands.txt
i=0; : > pos.cgp
while [ $i -lt 20 ]; do head -n 1 "$G/skrafl/batch.cgp" >> pos.cgp; i=$((i + 1)); done

# run_tty NAME FEED CMD...: CMD with its stdin from the shell commands FEED
# (which wait half a second somewhere) on a fake terminal, stdout to NAME.out, the
# terminal (stderr) to NAME.tty; also in a pipe (NAME.pout, NAME.perr).
run_tty() {
    _n=$1; _feed=$2; shift 2
    (eval "$_feed") | eval "$*" > "$_n.pout" 2> "$_n.perr" &
    script -qec "($_feed) | $* > '$_n.out'" /dev/null < /dev/null > "$_n.tty" 2>&1
    wait
}
# check_tty NAME PATTERN: the progress lines on the terminal
check_tty() {
    tr '\r' '\n' < "$1.tty" | sed "s/$ESC\\[K//g" | grep -v '^$' > "$1.lines"
    if grep -q -- "$2" "$1.lines"; then t_ok "$1: progress on the terminal"
    else t_fail "$1: progress" "no '$2' in: $(head -c 300 "$1.tty" | od -c | head -n 5)"; fi
    check "$1: nothing else on the terminal" "$(grep -v -c -- "$2" "$1.lines")" "0"
    check "$1: the line cleared at the end" "$(tail -c 4 "$1.tty" | od -An -c | tr -d ' \n')" '\r033[K'
    t_same "$1: stdout as in a pipe" "$1.out" "$1.pout"
    check "$1: nothing on stderr in a pipe" "$(wc -c < "$1.perr" | tr -d ' ')" "0"
}

if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
    B="'$TK_BIN/boggle' -d '$G/boggle/words.txt'"
    # --jobs 2: the piped grid is solved with no redraw, grids.txt's first batch redraws
    run_tty boggle "sleep 0.5; cat one.txt" "$B" --jobs 2 - grids.txt
    check_tty boggle 'boggle: grids: [0-9]* done, [0-9]*% ([0-9]*/s, [0-9]* \(s\|min\) left)$'
    check "boggle: stdout has every grid" "$(grep -c '^cats$' boggle.out)" \
        "$( (cat one.txt; echo; cat grids.txt) | "$TK_BIN/boggle" -d "$G/boggle/words.txt" | grep -c '^cats$')"
    # an empty pipe first: the first redraw comes while hands.txt is read
    run_tty mjwait "sleep 0.5" "'$TK_BIN/mjwait'" - hands.txt
    check_tty mjwait 'mjwait: hands: [0-9]* done\(, [0-9]*% ([0-9]*/s, [0-9]* \(s\|min\) left)\| ([0-9]*/s)\)$'
    grep -q '%' mjwait.lines && t_ok "mjwait: share of the file" || t_fail "mjwait: share" "no %: $(cat mjwait.lines)"
    check "mjwait: stdout the sample's answers" "$(cksum < mjwait.out)" "$("$TK_BIN/mjwait" hands.txt | cksum)"
    # skrafl reads the first line before it starts: the wait comes after it
    run_tty skrafl "head -n 1 pos.cgp; sleep 0.5; tail -n +2 pos.cgp" "'$TK_BIN/skrafl'" --dict "'$G/skrafl/words.txt'" --count --cgp -
    check_tty skrafl 'skrafl: positions: [0-9]* done ([0-9]*/s)$'
    check "skrafl: 20 positions answered" "$(grep -c . skrafl.out)" "20"
    # stdout on the same terminal: no progress drawn over the output
    script -qec "(sleep 0.5; cat hands.txt) | '$TK_BIN/mjwait' - hands.txt" /dev/null < /dev/null > same.tty 2>&1
    check "stdout on the terminal: no progress" "$(grep -c 'done' same.tty)" "0"
else
    t_skip "progress on a terminal" "script(1) is not available"
fi
t_done
