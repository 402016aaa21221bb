#!/bin/sh
# Run the test programs of one or more builds, several at a time, and sum
# their closing lines.
#   tests/run-tests.sh BUILD_DIR BIN_DIR LABEL [all|sanitized|long] [BUILD_DIR BIN_DIR LABEL MODE]...
# Each program (unit test, fuzz-corpus replay, CLI script) ends with a line
# "N passed, N failed[, N skipped]"; a program that crashes or prints no such
# line counts as one failure.  The programs of all the suites given share one
# pool of TK_TEST_JOBS workers (default: the number of CPUs), each into its
# own log, so no suite waits for the slowest program of another.  The longest
# programs start first (xargs -P starts them in list order): their wall time
# in the last run (BUILD_DIR/test-times), else tests/test-weights, a rough
# figure per program checked in for a clean tree.  The results are then
# printed suite by suite in a fixed order (the order of the programs found),
# so the report does not depend on which program finished first.
#
# With "sanitized" only what a sanitizer can change is run: unit tests and
# oracles, fuzz-corpus replays, and the CLI scripts that carry the line
# "# sanitized: yes" (hostile input, batches under threads); the golden-text
# comparisons are left to the plain run (a CLI script sees TK_TEST_MODE=
# sanitized, and may run its largest inputs smaller).  A sanitized suite reads its
# dictionaries from TK_SANITIZED_DATA (as TILEKIT_DATA) when that is set.
# Under each program that skipped checks, its "SKIP name: why" lines are
# printed (at most 20), so the reasons are on screen, not only in the logs.
# Each suite's sums go to BUILD_DIR/test-summary; NAME WALL USER SYS (seconds)
# MAXRSS (KB, the program's largest process) of each of its programs to
# BUILD_DIR/test-times, longest first (`make test` prints the slowest ten
# with tests/total.sh).
#
# Long tests: TK_LONG=1.  `make test` must stay quick (about two minutes on
# an idle 2-core machine, build included), so an oracle or a table test that
# compares thousands of cases runs a sample of them by default and the full
# count when the environment has TK_LONG=1 (C: th_long_scale(SAMPLE, DIV) or
# th_long() from tests/support/harness.h; a CLI script: test
# "${TK_LONG:-0}" = 1).  With "long" as MODE only the programs whose source
# says th_long or TK_LONG are run, with TK_LONG=1: `make check-long`, which
# CI runs after `make test`.  Its logs and times go to BUILD_DIR/test-logs-long
# and BUILD_DIR/test-times-long, its sums to BUILD_DIR/test-summary-long.
TOP=$(pwd)
: "${TK_SHARED:=$TOP/../shared}"; export TK_SHARED TK_TOP="$TOP"
# the suffix of a mode's logs, times and sums: "-long" for long, else none
sfx() { if [ "$1" = long ]; then echo -long; fi; }
logname() { echo "$1/test-logs$(sfx "$3")/$(echo "$2" | tr '/ ' '__')"; }

# one entry (run by xargs below): its output to NAME.log, its exit status to
# NAME.rc, its start and end to NAME.time, its CPU time to NAME.cpu
if [ "${1:-}" = --one ]; then
    B=$2; BIN=$3; MODE=$4; name=$5; shift 5
    export TK_BIN="$TOP/$BIN" TK_BUILD="$TOP/$B" TK_TEST_MODE="$MODE"
    if [ "$MODE" = sanitized ] && [ -n "${TK_SANITIZED_DATA:-}" ]; then export TILEKIT_DATA="$TK_SANITIZED_DATA"; fi
    if [ "$MODE" = long ]; then export TK_LONG=1; fi
    out=$(logname "$B" "$name" "$MODE")
    t0=$(date +%s.%N)
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -o "$out.cpu" -f '%U %S %M' "$@" >"$out.log" 2>&1
    else
        "$@" >"$out.log" 2>&1; rc=$?; echo "0 0 0" >"$out.cpu"; (exit $rc)
    fi
    echo $? >"$out.rc"
    echo "$t0 $(date +%s.%N)" >"$out.time"
    exit 0
fi

# is_long FILE: its source has a long variant (th_long or TK_LONG)
is_long() { grep -q 'th_long\|TK_LONG' "$1" 2>/dev/null; }

# list_suite B MODE: the suite's programs, NAME<TAB>COMMAND (one or two words)
list_suite() {
    for t in "$1"/tests/test_*; do
        [ -x "$t" ] || continue
        if [ "$2" = long ] && ! is_long "tests/$(basename "$t").c"; then continue; fi
        printf '%s\t%s\n' "$(basename "$t")" "$t"
    done
    for t in "$1"/fuzz/replay_*; do
        [ -x "$t" ] && [ "$2" != long ] || continue
        n=${t##*/replay_}
        printf 'fuzz-replay/%s\t%s tests/fuzz/corpus/%s\n' "$n" "$t" "$n"
    done
    for t in tests/cli/test_*.sh; do
        [ -f "$t" ] || continue
        if [ "$2" = sanitized ] && ! grep -q '^# sanitized: yes' "$t"; then continue; fi
        if [ "$2" = long ] && ! is_long "$t"; then continue; fi
        printf 'cli/%s\tsh %s\n' "$(basename "$t" .sh)" "$t"
    done
}

jobs=${TK_TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
pool=$(mktemp "${TMPDIR:-/tmp}/tkpool.XXXXXX") || exit 1
trap 'rm -f "$pool"' EXIT
# the pool: WEIGHT B BIN MODE NAME CMD [ARG], every suite's programs
suites=
while [ $# -gt 0 ]; do
    B=$1; BIN=$2; LABEL=${3:-tests}; MODE=${4:-all}
    suites="$suites $B $BIN $LABEL $MODE"
    if [ $# -ge 4 ]; then shift 4; else shift $#; fi
    L="$B/test-logs$(sfx "$MODE")"
    mkdir -p "$L"
    list_suite "$B" "$MODE" >"$L/list"
    echo "== $LABEL suite ($B): $(wc -l <"$L/list") programs"
    cut -f1 "$L/list" | while read -r name; do rm -f "$(logname "$B" "$name" "$MODE").rc"; done
    prev="$B/test-times$(sfx "$MODE")"; [ -s "$prev" ] || prev=/dev/null
    weights=tests/test-weights; [ -f "$weights" ] || weights=/dev/null
    awk -F '\t' -v b="$B" -v bin="$BIN" -v m="$MODE" -v wf="$weights" -v pf="$prev" '
        FILENAME == wf { if ($0 !~ /^#/) { split($0, f, " "); if (f[1] == m) dflt[f[2]] = f[3] } next }
        FILENAME == pf { split($0, f, " "); last[f[1]] = f[2]; next }
        { w = ($1 in last) ? last[$1] : ($1 in dflt) ? dflt[$1] : 1
          print w " " b " " bin " " m " " $1 " " $2 }' \
        "$weights" "$prev" "$L/list" >>"$pool"
done
echo "== $(wc -l <"$pool") programs, $jobs at a time, longest first"
# one line per entry -> "sh run-tests.sh --one B BIN MODE NAME CMD [ARG]"
sort -k1,1gr "$pool" | cut -d' ' -f2- | xargs -P "$jobs" -L 1 sh "$0" --one

# report_suite B LABEL MODE: its programs' closing lines, summed into B/test-summary
report_suite() {
    B=$1; LABEL=$2; MODE=$3; X=$(sfx "$MODE")
    P=0; F=0; S=0
    : >"$B/test-times$X.new"
    while IFS="$(printf '\t')" read -r name cmd; do
        out=$(logname "$B" "$name" "$MODE")
        awk -v n="$name" 'NR == FNR { w = $2 - $1; next } { c = $0 } END { split(c, u, " "); printf "%s %.2f %.2f %.2f %d\n", n, w, u[1], u[2], u[3] }' \
            "$out.time" "$out.cpu" >>"$B/test-times$X.new" 2>/dev/null
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
        # why each check was skipped, on screen (not only in the log)
        if [ "$s" -ne 0 ]; then
            grep '^SKIP ' "$out.log" 2>/dev/null | head -n 20 | cut -c1-200 | sed 's/^SKIP /      skipped: /'
        fi
        P=$((P + p)); F=$((F + f)); S=$((S + s))
    done <"$B/test-logs$X/list"
    sort -k2,2gr "$B/test-times$X.new" >"$B/test-times$X"; rm -f "$B/test-times$X.new"
    echo "$P $F $S" >"$B/test-summary$X"
    echo "$LABEL: $P passed, $F failed, $S skipped"
    [ "$F" -eq 0 ]
}

status=0
set -- $suites
while [ $# -gt 0 ]; do
    report_suite "$1" "$3" "$4" || status=1
    if [ $# -ge 4 ]; then shift 4; else shift $#; fi
done
exit $status
