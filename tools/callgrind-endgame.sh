#!/bin/sh
# Instructions of skrafl's exact endgame solver, measured by callgrind (not
# disturbed by machine load): bench_endgame solves lines 1, 3, 5 and 7 of
# tools/endgames-en.cgp (the quick ones: 7 tiles against 5, 6, 5 and 2) and
# callgrind collects only inside sk_endgame_solve (no dictionary loading);
# then line 7 of tools/endgames-blank-en.cgp (7 tiles with a blank against
# 6, too hard for a benchmark to solve) searched 5 plies deep.
#   tools/callgrind-endgame.sh [BUILD_DIR]
B=${1:-build}
command -v valgrind >/dev/null || { echo "callgrind-endgame: valgrind not found"; exit 0; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
sed -n '1p;3p;5p;7p' tools/endgames-en.cgp >"$tmp/set.cgp"
# measure LABEL FILE [bench_endgame options]: instructions inside the solves
measure() {
    label=$1 file=$2
    shift 2
    valgrind --tool=callgrind --toggle-collect=sk_endgame_solve --callgrind-out-file="$tmp/cg" \
        "$B/tools/bench_endgame" --file "$file" "$@" >"$tmp/log" 2>&1 || { echo "callgrind-endgame: valgrind failed"; cat "$tmp/log"; return; }
    nodes=$(sed -n 's/^line [0-9]*: .* nodes \([0-9]*\) .*/\1/p' "$tmp/log" | awk '{ n += $1 } END { print n + 0 }')
    ins=$(sed -n 's/^summary: *//p; s/^totals: *//p' "$tmp/cg" | head -n 1)
    awk -v ins="$ins" -v nodes="$nodes" -v label="$label" 'BEGIN {
        if (nodes + 0 == 0) { print "callgrind-endgame: no data"; exit }
        printf "endgame instructions: %.2f G for %s (%s nodes, %.0f instructions a node; callgrind)\n", ins / 1e9, label, nodes, ins / nodes }'
}
measure "lines 1, 3, 5, 7 of tools/endgames-en.cgp" "$tmp/set.cgp"
sed -n '7p' tools/endgames-blank-en.cgp >"$tmp/blank.cgp"
measure "line 7 of tools/endgames-blank-en.cgp, 5 plies" "$tmp/blank.cgp" --plies 5
