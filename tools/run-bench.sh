#!/bin/sh
# Run every benchmark driver built in BUILD/tools (make bench).  Each prints its
# own medians; timings are informative only and never fail the build.
B=${1:-build}
for b in "$B"/tools/bench_*; do
    [ -x "$b" ] || continue
    echo "== $(basename "$b")"
    "$b" || echo "(benchmark $(basename "$b") exited $?)"
done
