#!/bin/sh
# Instructions per position of skrafl's searches, measured by callgrind (not
# disturbed by machine load).  For each corpus (shared, enable) and mode
# (top1, top10, all, count), bench_skrafl --once solves every position once,
# each in one call of bench_one(); callgrind collects only inside that call
# and dumps one profile per call:
#   valgrind --tool=callgrind --toggle-collect=bench_one --dump-after=bench_one \
#       build/tools/bench_skrafl --once MODE --set SET
# Prints the median, 90th percentile, maximum and mean per position.
#   tools/callgrind-skrafl.sh [BUILD_DIR] [MODES] [SETS]
B=${1:-build}
MODES=${2:-"top1 top10 all count"}
SETS=${3:-"shared enable"}
command -v valgrind >/dev/null || { echo "callgrind-skrafl: valgrind not found"; exit 0; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for set in $SETS; do
    for mode in $MODES; do
        rm -f "$tmp"/cg.*
        valgrind --tool=callgrind --toggle-collect=bench_one --dump-after=bench_one \
            --callgrind-out-file="$tmp/cg.%p" "$B/tools/bench_skrafl" --once "$mode" --set "$set" \
            >"$tmp/log" 2>&1 || { echo "$set $mode: valgrind failed"; cat "$tmp/log"; continue; }
        # One file per dump (cg.PID.N); the last one (program end) collected nothing.
        for f in "$tmp"/cg.*.*; do
            sed -n 's/^summary: *//p; s/^totals: *//p' "$f" | head -n 1
        done | awk '$1 > 0' | sort -n >"$tmp/v"
        awk -v set="$set" -v mode="$mode" '
            { v[NR] = $1; s += $1 }
            END {
                if (NR == 0) { print set, mode, "no data"; exit }
                p90 = v[int(0.9 * NR + 0.999)]; if (p90 == "") p90 = v[NR]
                med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
                printf "%-7s %-6s %4d positions  median %9.0f  p90 %9.0f  max %10.0f  mean %9.0f instructions\n",
                       set, mode, NR, med, p90, v[NR], s / NR
            }' "$tmp/v"
    done
done
