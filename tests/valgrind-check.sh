#!/bin/sh
# valgrind-check.sh - the plain (unsanitized) test programs, the fuzz-corpus
# replays and a set of CLI runs (good input, bad input, error exits) under
# Valgrind memcheck: any invalid read/write, use of uninitialised memory or
# definite leak (exit paths included) fails the run.
#
#   sh tests/valgrind-check.sh [BUILD_DIR [BIN_DIR]]     (default build bin)
#
# Run after `make` and `make check-suite` built everything.  Generated-case
# counts are scaled down (TK_TEST_SCALE, default here 0.1) so the whole run
# takes a few minutes on 2 cores.  Ends with "N passed, N failed".
B=${1:-build}; BIN=${2:-bin}
TOP=$(pwd)
: "${TK_TEST_SCALE:=0.1}"; export TK_TEST_SCALE
: "${TK_SHARED:=$TOP/../shared}"; export TK_SHARED
export TK_BIN="$TOP/$BIN" TK_BUILD="$TOP/$B" TK_TOP="$TOP"
export TILEKIT_DATA="$TOP/$B:$TOP/data"
if ! command -v valgrind >/dev/null 2>&1; then
    echo "valgrind-check: valgrind not installed"
    echo "0 passed, 1 failed"
    exit 1
fi
VG="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite --track-origins=no"
LOG=$B/valgrind-logs; mkdir -p "$LOG"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tkvg.XXXXXX"); trap 'rm -rf "$TMP"' EXIT

# check NAME EXPECTED_EXIT CMD...: run CMD under memcheck; a memcheck error
# shows as exit 99 (or as a report in the log), anything but the expected exit
# status fails
check() {
    name=$1; want=$2; shift 2
    log="$LOG/$(echo "$name" | tr '/ ' '__').log"
    $VG --log-file="$log.vg" "$@" >"$log" 2>&1 </dev/null; rc=$?
    if [ "$rc" -eq "$want" ] && [ ! -s "$log.vg" ]; then
        echo "ok $name"
    else
        echo "FAIL $name: exit $rc (expected $want)"
        head -n 30 "$log.vg" "$log" | sed 's/^/    /'
    fi
}

# The work is split in two halves run side by side (2 cores): the test
# programs and replays, and the CLI runs and scripts.  Each prints "ok" /
# "FAIL" lines into its own file; they are shown and counted at the end.
half_programs() {

# unit and oracle tests
for t in "$B"/tests/test_*; do
    [ -x "$t" ] && check "$(basename "$t")" 0 "$t"
done
# fuzz corpora (every crasher found so far)
for t in "$B"/fuzz/replay_*; do
    [ -x "$t" ] || continue
    n=${t##*/replay_}
    check "replay-$n" 0 "$t" "tests/fuzz/corpus/$n"
done

}

half_cli() {
# CLI runs: success, bad data, bad usage, threads
M=$BIN/mkdawg; S=$BIN/skrafl; J=$BIN/mjwait
G=tests/cli/golden
W=$G/skrafl/words.txt
printf 'cat\ndog\ndogs\ncats\n' >"$TMP/w.txt"
printf 'cat\nd\377g\n' >"$TMP/bad.txt"
head -c 200 /bin/sh >"$TMP/junk"
check mkdawg-build 0 "$M" -o "$TMP/w.dawg" "$TMP/w.txt"
check mkdawg-dump 0 "$M" --dump "$TMP/w.dawg"
check mkdawg-info-json 0 "$M" --info --json "$TMP/w.dawg"
check mkdawg-bad-utf8 1 "$M" -o "$TMP/x.dawg" "$TMP/bad.txt"
check mkdawg-bad-dawg 1 "$M" --dump "$TMP/junk"
check mkdawg-missing 1 "$M" --dump "$TMP/nonexistent.dawg"
check mkdawg-usage 2 "$M" --frobnicate
check skrafl-board 0 "$S" --dict "$W" --rack 'ST?' --words "$G/skrafl/cat.board"
check skrafl-json 0 "$S" --dict "$W" --rack ST --json "$G/skrafl/cat.board"
check skrafl-check 0 "$S" --dict "$W" --rack ST --check 8G 'S(CAT)' "$G/skrafl/cat.board"
check skrafl-batch-jobs 1 "$S" --dict "$W" --jobs 2 --cgp "$G/skrafl/batch.cgp"
check skrafl-bad-board 1 "$S" --dict "$W" --rack ST "$G/skrafl/badletter.board"
check skrafl-bad-dict 1 "$S" --dict "$TMP/junk" --rack ST "$G/skrafl/cat.board"
check skrafl-usage 2 "$S" --top x
if [ -f "$B/dict/en.dawg" ]; then
    check skrafl-en 0 "$S" --rack 'AERST??' --top 5 "$G/skrafl/cat.board"
fi
check mjwait-sample 0 "$J" data/hands/sample.txt
check mjwait-json-jobs 0 "$J" --json --jobs 2 data/hands/sample.txt
check mjwait-bad 1 "$J" "$G/mjwait/bad.txt"
check mjwait-missing 1 "$J" "$TMP/nonexistent"
check mjwait-usage 2 "$J" --jobs x
if [ -x "$BIN/boggle" ]; then
    printf 'pers\nlate\ngins\nrbed\n\nqu a t\ne s t\n\nd\377g\n' >"$TMP/g.txt"
    check boggle-grids 1 "$BIN/boggle" --score --paths "$TMP/g.txt"
    check boggle-json-jobs 1 "$BIN/boggle" --json --jobs 2 "$TMP/g.txt"
    check boggle-random 0 "$BIN/boggle" --random 5x5 --seed 1 --count
    check boggle-usage 2 "$BIN/boggle" --frobnicate
fi

# the CLI test scripts, with every CLI they start run under memcheck (a
# wrapper directory stands in for $TK_BIN); memcheck errors fail the script
# (exit 99) and leave a report, which is counted too
VGB=$TMP/vgbin; VGL=$TMP/vglogs; mkdir -p "$VGB" "$VGL"
for p in "$BIN"/*; do
    [ -x "$p" ] || continue
    printf '#!/bin/sh\nexec %s --log-file=%s/%%p.vg "%s" "$@"\n' "$VG" "$VGL" "$TOP/$p" >"$VGB/${p##*/}"
    chmod +x "$VGB/${p##*/}"
done
for t in tests/cli/test_*.sh; do
    [ -f "$t" ] || continue
    # progress lines depend on the tool outrunning a half-second wait, which
    # it does not under memcheck; the same code runs in the other scripts
    case $t in */test_progress.sh) echo "skip cli-test_progress (timing-based)"; continue ;; esac
    name=cli-$(basename "$t" .sh)
    log="$LOG/$name.log"
    TK_BIN=$VGB TK_VALGRIND=1 sh "$t" >"$log" 2>&1 </dev/null
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    reports=$(find "$VGL" -name '*.vg' -size +0 | wc -l)
    if [ -n "$line" ] && [ "$(echo "$line" | awk '{print $3}')" = 0 ] && [ "$reports" -eq 0 ]; then
        echo "ok $name ($line)"
    else
        echo "FAIL $name: ${line:-no closing line}, $reports memcheck reports"
        grep FAIL "$log" | head -n 10 | sed 's/^/    /'
        find "$VGL" -name '*.vg' -size +0 | head -n 3 | while read -r f; do head -n 20 "$f" | sed 's/^/    /'; done
    fi
    find "$VGL" -name '*.vg' -size +0 -exec mv {} "$LOG/" \;
    rm -f "$VGL"/*.vg
done

}

half_programs >"$TMP/r1" 2>&1 &
pid1=$!
half_cli >"$TMP/r2" 2>&1
wait "$pid1"
cat "$TMP/r1" "$TMP/r2"
P=$(grep -c '^ok ' "$TMP/r1" "$TMP/r2" | awk -F: '{ s += $2 } END { print s }')
F=$(grep -c '^FAIL ' "$TMP/r1" "$TMP/r2" | awk -F: '{ s += $2 } END { print s }')
echo "valgrind: $P passed, $F failed"
[ "$F" -eq 0 ]
