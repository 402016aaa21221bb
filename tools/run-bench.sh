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
# Equity against score (sk_top_plays with the shipped English table against
# sk_generate_top by score, same positions: the ratio of the means), and
# instructions per self-play game, equity against equity (callgrind).
if [ -x "$B/tools/bench_skrafl" ] && [ -z "$TK_BENCH_NO_CALLGRIND" ] && command -v valgrind >/dev/null; then
    echo "== equity top-1 against score top-1 (tools/callgrind-skrafl.sh)"
    sh tools/callgrind-skrafl.sh "$B" "top1 eqtop1" "shared enable" | tee "${TMPDIR:-/tmp}/tk-eq-bench.$$"
    awk '$2 == "top1" { t[$1] = $(NF - 1) } $2 == "eqtop1" { e[$1] = $(NF - 1) }
         END { for (s in t) if (e[s] > 0) printf "%s: equity top-1 / score top-1 = %.2fx (mean instructions)\n", s, e[s] / t[s] }' \
        "${TMPDIR:-/tmp}/tk-eq-bench.$$"
    rm -f "${TMPDIR:-/tmp}/tk-eq-bench.$$"
    echo "== self-play instructions per game (tools/callgrind-selfplay.sh)"
    sh tools/callgrind-selfplay.sh bin equity,equity 30
    sh tools/callgrind-selfplay.sh bin score,score 30
fi
# The word index of the best-move search: best by score and by equity, and a
# 200-game self-play, with and without it, in instructions and CPU time
# (English and Icelandic; times only without valgrind).
if [ -x "$B/tools/bench_skrafl" ] && [ -z "$TK_BENCH_NO_CALLGRIND" ]; then
    echo "== the word index, with and without (tools/callgrind-windex.sh)"
    sh tools/callgrind-windex.sh "$B" bin 200
fi
# Instructions of the exact endgame solver on four fixed endgames (callgrind).
if [ -x "$B/tools/bench_endgame" ] && [ -z "$TK_BENCH_NO_CALLGRIND" ] && command -v valgrind >/dev/null; then
    echo "== skrafl --endgame instructions (tools/callgrind-endgame.sh)"
    sh tools/callgrind-endgame.sh "$B"
fi
# Pre-endgames with 1, 2, 3 and 4 tiles in the bag (tools/pegs-en.cgp), each
# within 30 seconds: the stages each finishes, medians per bag size.
if [ -x "$B/tools/bench_endgame" ]; then
    echo "== skrafl --preendgame, 1-4 tiles in the bag, 30 s a position (bench_endgame --peg)"
    "$B/tools/bench_endgame" --peg --seconds 30 || echo "(bench_endgame --peg exited $?)"
fi
# Instructions per 2-ply candidate-iteration of skrafl --sim (callgrind).
if [ -x "$B/tools/bench_sim" ] && [ -z "$TK_BENCH_NO_CALLGRIND" ] && command -v valgrind >/dev/null; then
    echo "== skrafl --sim instructions (tools/callgrind-sim.sh)"
    sh tools/callgrind-sim.sh "$B"
fi
