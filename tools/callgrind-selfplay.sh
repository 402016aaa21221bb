#!/bin/sh
# Instructions per self-play game, measured by callgrind (not disturbed by
# machine load): skrafl --selfplay N --jobs 1 with collection only inside
# sk_selfplay_hooked (what the CLI calls; sk_selfplay is a wrapper of it), so
# loading the dictionary and the leave table is not counted.
#   tools/callgrind-selfplay.sh [BIN_DIR] [PLAYERS] [GAMES] [LEAVES] [DICT]
# Defaults: bin, equity,equity, 30 games, the shipped English table,
# ../shared/words/enable2k.txt; seed 2026.  Run it with another build's
# BIN_DIR (e.g. a worktree of main) for a back-to-back comparison.
BIN=${1:-bin}
PLAYERS=${2:-equity,equity}
GAMES=${3:-30}
LEAVES=${4:-en}
[ "$LEAVES" = en ] && [ -r data/leaves/en.tkl ] && LEAVES=data/leaves/en.tkl
DICT=${5:-${TK_SHARED:-../shared}/words/enable2k.txt}
command -v valgrind >/dev/null || { echo "callgrind-selfplay: valgrind not found"; exit 0; }
[ -r "$DICT" ] || { echo "callgrind-selfplay: $DICT not found; skipped"; exit 0; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
valgrind --tool=callgrind --toggle-collect=sk_selfplay_hooked --callgrind-out-file="$tmp/cg" \
    "$BIN/skrafl" --dict "$DICT" --leaves "$LEAVES" --selfplay "$GAMES" --seed 2026 --players "$PLAYERS" \
    --jobs 1 >"$tmp/out" 2>"$tmp/log" || { echo "callgrind-selfplay: valgrind failed"; cat "$tmp/log"; exit 0; }
ir=$(sed -n 's/^summary: *//p; s/^totals: *//p' "$tmp"/cg* | head -n 1)
[ "${ir:-0}" -gt 0 ] || { echo "callgrind-selfplay: nothing collected (no call of sk_selfplay_hooked?)"; exit 0; }
turns=$(sed 's/.*"turns":\([0-9]*\).*/\1/' "$tmp/out" | awk '{ s += $1 } END { print s }')
awk -v ir="$ir" -v g="$GAMES" -v t="$turns" -v p="$PLAYERS" -v l="$LEAVES" 'BEGIN {
    printf "self-play %s (leaves %s): %d games, %d turns: %.2f M instructions a game, %.0f a turn\n",
           p, l, g, t, ir / g / 1e6, ir / t }'
