#!/bin/sh
# Run every test program of one build and sum their closing lines.
#   tests/run-tests.sh BUILD_DIR BIN_DIR LABEL
# Each program (unit test, fuzz-corpus replay, CLI script) ends with a line
# "N passed, N failed[, N skipped]"; a program that crashes or prints no such
# line counts as one failure.  The sums go to BUILD_DIR/test-summary.
B=$1; BIN=$2; LABEL=${3:-tests}
TOP=$(pwd)
export TK_BIN="$TOP/$BIN" TK_BUILD="$TOP/$B" TK_TOP="$TOP"
: "${TK_SHARED:=$TOP/../shared}"; export TK_SHARED
P=0; F=0; S=0; bad=""
log="$B/test-logs"; mkdir -p "$log"
run() {  # name, command...
    name=$1; shift
    out="$log/$(echo "$name" | tr '/ ' '__').log"
    "$@" >"$out" 2>&1; rc=$?
    line=$(grep -E '(^|: )[0-9]+ passed, [0-9]+ failed' "$out" | tail -n 1)
    set -- $(echo "$line" | awk '{p=0;f=0;s=0; for(i=2;i<=NF;i++){if($i~/^passed/)p=$(i-1); if($i~/^failed/)f=$(i-1); if($i~/^skipped/)s=$(i-1)} print p+0, f+0, s+0}')
    p=$1; f=$2; s=$3
    p=${p:-0}; f=${f:-0}; s=${s:-0}
    if [ -z "$line" ] || { [ $rc -ne 0 ] && [ "$f" -eq 0 ]; }; then
        f=$((f + 1)); echo "  $name: exit $rc, no clean closing line"
    fi
    if [ "$f" -ne 0 ]; then
        bad="$bad $name"
        echo "--- $name (log $out):"; grep -E 'FAIL|error|ERROR|Sanitizer|runtime error' "$out" | head -n 20
    fi
    printf '  %-28s %s passed, %s failed, %s skipped\n' "$name" "$p" "$f" "$s"
    P=$((P + p)); F=$((F + f)); S=$((S + s))
}
echo "== $LABEL suite ($B)"
for t in "$B"/tests/test_*; do
    [ -x "$t" ] && run "$(basename "$t")" "$t"
done
for t in "$B"/fuzz/replay_*; do
    [ -x "$t" ] || continue
    n=${t##*/replay_}
    run "fuzz-replay/$n" "$t" "tests/fuzz/corpus/$n"
done
for t in tests/cli/test_*.sh; do
    [ -f "$t" ] && run "cli/$(basename "$t" .sh)" sh "$t"
done
echo "$P $F $S" > "$B/test-summary"
echo "$LABEL: $P passed, $F failed, $S skipped"
[ "$F" -eq 0 ]
