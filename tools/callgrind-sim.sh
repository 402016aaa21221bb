#!/bin/sh
# Instructions per 2-ply candidate-iteration of skrafl's simulation, measured
# by callgrind (not disturbed by machine load): bench_sim --once simulates
# each of its fixed mid-game positions once, single-threaded, each in one
# call of bench_sim_one(); callgrind collects only inside those calls.
#   tools/callgrind-sim.sh [BUILD_DIR] [ITERATIONS]
B=${1:-build}
N=${2:-10}
command -v valgrind >/dev/null || { echo "callgrind-sim: valgrind not found"; exit 0; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
valgrind --tool=callgrind --toggle-collect=bench_sim_one --callgrind-out-file="$tmp/cg" \
    "$B/tools/bench_sim" --once --iterations "$N" >"$tmp/log" 2>&1 || { echo "callgrind-sim: valgrind failed"; cat "$tmp/log"; exit 0; }
ci=$(sed -n 's/.*positions, \([0-9]*\) candidate-iterations.*/\1/p' "$tmp/log")
ins=$(sed -n 's/^summary: *//p; s/^totals: *//p' "$tmp/cg" | head -n 1)
awk -v ins="$ins" -v ci="$ci" -v n="$N" 'BEGIN {
    if (ci + 0 == 0) { print "callgrind-sim: no data"; exit }
    printf "sim instructions: %.2f M per 2-ply candidate-iteration (%s instructions, %s candidate-iterations, %d iterations a position; callgrind)\n", ins / ci / 1e6, ins, ci, n }'
