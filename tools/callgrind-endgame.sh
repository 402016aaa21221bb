#!/bin/sh
# Instructions of skrafl's exact endgame solver, measured by callgrind (not
# disturbed by machine load): bench_endgame solves lines 1, 3, 5 and 7 of
# tools/endgames-en.cgp (the quick ones: 7 tiles against 5, 6, 5 and 2) and
# callgrind collects only inside sk_endgame_solve (no dictionary loading).
#   tools/callgrind-endgame.sh [BUILD_DIR]
B=${1:-build}
command -v valgrind >/dev/null || { echo "callgrind-endgame: valgrind not found"; exit 0; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
sed -n '1p;3p;5p;7p' tools/endgames-en.cgp >"$tmp/set.cgp"
valgrind --tool=callgrind --toggle-collect=sk_endgame_solve --callgrind-out-file="$tmp/cg" \
    "$B/tools/bench_endgame" --file "$tmp/set.cgp" >"$tmp/log" 2>&1 || { echo "callgrind-endgame: valgrind failed"; cat "$tmp/log"; exit 0; }
nodes=$(sed -n 's/^line [0-9]*: .* nodes \([0-9]*\) .*/\1/p' "$tmp/log" | awk '{ n += $1 } END { print n + 0 }')
ins=$(sed -n 's/^summary: *//p; s/^totals: *//p' "$tmp/cg" | head -n 1)
awk -v ins="$ins" -v nodes="$nodes" 'BEGIN {
    if (nodes + 0 == 0) { print "callgrind-endgame: no data"; exit }
    printf "endgame instructions: %.2f G for lines 1, 3, 5, 7 of tools/endgames-en.cgp (%s nodes, %.0f instructions a node; callgrind)\n", ins / 1e9, nodes, ins / nodes }'
