#!/bin/sh
# Run the test programs of one build, several at a time, and sum their
# closing lines.
#   tests/run-tests.sh BUILD_DIR BIN_DIR LABEL [all|sanitized]
# Each program (unit test, fuzz-corpus replay, CLI script) ends with a line
# "N passed, N failed[, N skipped]"; a program that crashes or prints no such
# line counts as one failure.  The programs run concurrently, at most
# TK_TEST_JOBS at a time (default: the number of CPUs), each into its own log;
# the results are then printed in a fixed order (the order of the list), so
# the report does not depend on which program finished first.
#
# With "sanitized" only what a sanitizer can change is run: unit tests and
# oracles, fuzz-corpus replays, and the CLI scripts that carry the line
# "# sanitized: yes" (hostile input, batches under threads); the golden-text
# comparisons are left to the plain run.  The sums go to BUILD_DIR/test-summary.
B=$1; BIN=$2; LABEL=${3:-tests}; MODE=${4:-all}
TOP=$(pwd)
export TK_BIN="$TOP/$BIN" TK_BUILD="$TOP/$B" TK_TOP="$TOP"
: "${TK_SHARED:=$TOP/../shared}"; export TK_SHARED
log="$B/test-logs"; mkdir -p "$log"
logname() { echo "$log/$(echo "$1" | tr '/ ' '__')"; }

# one entry (run by xargs below): its output to NAME.log, its exit status to NAME.rc
if [ "${5:-}" = --one ]; then
    shift 5
    name=$1; shift
    out=$(logname "$name")
    t0=$(date +%s.%N)
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -o "$out.cpu" -f '%U %S' "$@" >"$out.log" 2>&1
    else
        "$@" >"$out.log" 2>&1; rc=$?; echo "0 0" >"$out.cpu"; (exit $rc)
    fi
    echo $? >"$out.rc"
    echo "$t0 $(date +%s.%N)" >"$out.time"
    exit 0
fi

list="$log/list"; : >"$list"

# the list: NAME<TAB>COMMAND (a command of one or two words)
for t in "$B"/tests/test_*; do
    [ -x "$t" ] && printf '%s\t%s\n' "$(basename "$t")" "$t" >>"$list"
done
for t in "$B"/fuzz/replay_*; do
    [ -x "$t" ] || continue
    n=${t##*/replay_}
    printf 'fuzz-replay/%s\t%s tests/fuzz/corpus/%s\n' "$n" "$t" "$n" >>"$list"
done
for t in tests/cli/test_*.sh; do
    [ -f "$t" ] || continue
    if [ "$MODE" = sanitized ] && ! grep -q '^# sanitized: yes' "$t"; then continue; fi
    printf 'cli/%s\tsh %s\n' "$(basename "$t" .sh)" "$t" >>"$list"
done

jobs=${TK_TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
echo "== $LABEL suite ($B): $(wc -l <"$list") programs, $jobs at a time"
cut -f1 "$list" | while read -r name; do rm -f "$(logname "$name").rc"; done
# one line per entry -> "sh run-tests.sh --one NAME CMD [ARG]"
awk -F '\t' '{ print $1 " " $2 }' "$list" | xargs -P "$jobs" -L 1 sh "$0" "$B" "$BIN" "$LABEL" "$MODE" --one

P=0; F=0; S=0
: >"$B/test-times.new"
while IFS="$(printf '\t')" read -r name cmd; do
    out=$(logname "$name")
    # NAME WALL USER SYS (seconds) for the timing table and the next run's order
    awk -v n="$name" 'NR == FNR { w = $2 - $1; next } { c = $0 } END { split(c, u, " "); printf "%s %.2f %.2f %.2f\n", n, w, u[1], u[2] }' \
        "$out.time" "$out.cpu" >>"$B/test-times.new" 2>/dev/null
    rc=$(cat "$out.rc" 2>/dev/null || echo 127)
    line=$(grep -E '(^|: )[0-9]+ passed, [0-9]+ failed' "$out.log" 2>/dev/null | tail -n 1)
    set -- $(echo "$line" | awk '{p=0;f=0;s=0; for(i=2;i<=NF;i++){if($i~/^passed/)p=$(i-1); if($i~/^failed/)f=$(i-1); if($i~/^skipped/)s=$(i-1)} print p+0, f+0, s+0}')
    p=${1:-0}; f=${2:-0}; s=${3:-0}
    if [ -z "$line" ] || { [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; }; then
        f=$((f + 1)); echo "  $name: exit $rc, no clean closing line"
    fi
    if [ "$f" -ne 0 ]; then
        echo "--- $name (log $out.log):"; grep -E 'FAIL|error|ERROR|Sanitizer|runtime error' "$out.log" | head -n 20
    fi
    printf '  %-28s %s passed, %s failed, %s skipped\n' "$name" "$p" "$f" "$s"
    P=$((P + p)); F=$((F + f)); S=$((S + s))
done <"$list"
sort -k2,2nr "$B/test-times.new" >"$B/test-times"; rm -f "$B/test-times.new"
echo "$P $F $S" > "$B/test-summary"
echo "$LABEL: $P passed, $F failed, $S skipped"
[ "$F" -eq 0 ]
