#!/bin/sh
# Run every benchmark driver built in BUILD/tools (make bench).  Each prints its
# own medians; timings are informative only and never fail the build.
B=${1:-build}
for b in "$B"/tools/bench_*; do
    [ -x "$b" ] || continue
    echo "== $(basename "$b")"
    "$b" || echo "(benchmark $(basename "$b") exited $?)"
done
# Instructions per position of skrafl's searches (callgrind; skipped without
# valgrind or with TK_BENCH_NO_CALLGRIND=1).
if [ -x "$B/tools/bench_skrafl" ] && [ -z "$TK_BENCH_NO_CALLGRIND" ] && command -v valgrind >/dev/null; then
    echo "== skrafl instructions per position (tools/callgrind-skrafl.sh)"
    sh tools/callgrind-skrafl.sh "$B" "top1 top10 all" "shared enable"
fi
# Instructions per 2-ply candidate-iteration of skrafl --sim (callgrind).
if [ -x "$B/tools/bench_sim" ] && [ -z "$TK_BENCH_NO_CALLGRIND" ] && command -v valgrind >/dev/null; then
    echo "== skrafl --sim instructions (tools/callgrind-sim.sh)"
    sh tools/callgrind-sim.sh "$B"
fi
