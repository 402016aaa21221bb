#!/bin/sh
# callgrind-windex.sh - what the word index of the best-move search does,
# measured with and without it in the same run (TILEKIT_WINDEX=off turns it
# off), English and Icelandic:
#   - the best move by score and by equity (--top 1; the exchanges and the
#     pass too by equity) of every position of tools/positions-LANG.cgp
#     (made by mkpositions: mid-game positions of equity self-play):
#     instructions inside bench_one (callgrind; the index is made before the
#     first position), and the CPU time of all of them (median of 5 runs);
#   - a self-play of GAMES games, equity against equity (skrafl --selfplay
#     GAMES --seed 2026 --jobs 1): instructions a game inside
#     sk_selfplay_hooked (callgrind; skrafl makes the index before the first
#     game), and the CPU time of the whole process (user + system);
#   - the index's size and the median time to make it.
# English: ENABLE2K (../shared/words/enable2k.txt, else the shipped
# data/words/en.txt, the same list); Icelandic: data/words/is.txt.  Without
# valgrind only the times are printed.
#   tools/callgrind-windex.sh [BUILD_DIR] [BIN_DIR] [GAMES] [LANGS]
B=${1:-build}
BIN=${2:-bin}
GAMES=${3:-200}
LANGS=${4:-"en is"}
for f in "$B/tools/bench_skrafl" "$BIN/skrafl" "$BIN/mkdawg"; do
    [ -x "$f" ] || { echo "callgrind-windex: $f not built"; exit 0; }
done
TILEKIT_DATA=$(pwd)/$B:$(pwd)/data
export TILEKIT_DATA
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
have_cg=0
command -v valgrind >/dev/null && have_cg=1

# Instructions inside function $1 of the command after it (empty without valgrind).
cg() {
    [ $have_cg = 1 ] || return 0
    fn=$1
    shift
    valgrind --tool=callgrind --toggle-collect="$fn" --callgrind-out-file="$tmp/cg" "$@" >"$tmp/out" 2>"$tmp/log" ||
        { echo "callgrind-windex: failed: $*" >&2; return 0; }
    sed -n 's/^summary: *//p; s/^totals: *//p' "$tmp/cg" | head -n 1
}
# One table row: work, instructions without and with, times without and with, unit divisor.
row() {
    awk -v w="$1" -v a="$2" -v b="$3" -v ta="$4" -v tb="$5" -v u="$6" 'BEGIN {
        ia = a == "" ? "-" : sprintf("%.2f M", a / u / 1e6); ib = b == "" ? "-" : sprintf("%.2f M", b / u / 1e6)
        r = (a > 0 && b > 0) ? sprintf("%.2fx", b / a) : "-"
        printf "| %s | %s | %s | %s | %s s | %s s | %.2fx |\n", w, ia, ib, r, ta, tb, (ta > 0 ? tb / ta : 0) }'
}
for lang in $LANGS; do
    if [ "$lang" = en ]; then
        words=${TK_SHARED:-../shared}/words/enable2k.txt
        [ -r "$words" ] || words=data/words/en.txt
    else
        words=data/words/$lang.txt
    fi
    pos=tools/positions-$lang.cgp
    [ -r "$words" ] && [ -r "$pos" ] || { echo "callgrind-windex: $words or $pos missing; $lang skipped"; continue; }
    dawg=$tmp/$lang.dawg
    "$BIN/mkdawg" --force --alphabet "data/alphabets/$lang.txt" -o "$dawg" "$words" 2>/dev/null || continue
    np=$(grep -c . "$pos")
    echo "$lang: $words, $np positions of $pos, $GAMES self-play games"
    "$B/tools/bench_skrafl" --cgp "$pos" --dict "$dawg" --lang "$lang" --index-stats --runs 3 |
        sed "s|$tmp/$lang.dawg|$words|"
    for w in off on; do
        TILEKIT_WINDEX=$w "$B/tools/bench_skrafl" --cgp "$pos" --dict "$dawg" --lang "$lang" --modes top1,eqtop1 \
            --runs 5 >"$tmp/time.$w"
        for m in top1 eqtop1; do
            eval "t_${m}_$w=\$(awk -v m=$m '\$1 == m { printf \"%.3f\", \$2 / 1000 }' \"$tmp/time.$w\")"
            eval "i_${m}_$w=\$(TILEKIT_WINDEX=$w cg bench_one \"$B/tools/bench_skrafl\" --cgp \"$pos\" --dict \"$dawg\" \
                --lang $lang --once $m)"
        done
        sp="$BIN/skrafl --dict $dawg --lang $lang --leaves $lang --selfplay $GAMES --seed 2026 --players equity,equity --jobs 1"
        eval "i_sp_$w=\$(TILEKIT_WINDEX=$w cg sk_selfplay_hooked $sp)"
        TILEKIT_WINDEX=$w /usr/bin/time -f '%U %S' -o "$tmp/t" $sp >/dev/null 2>&1
        eval "t_sp_$w=\$(awk '{ printf \"%.2f\", \$1 + \$2 }' \"$tmp/t\")"
    done
    echo
    echo "| $lang | instructions without index | with index | with / without | CPU time without | with | with / without |"
    echo "| --- | --- | --- | --- | --- | --- | --- |"
    row "best move by score, $np positions" "$i_top1_off" "$i_top1_on" "$t_top1_off" "$t_top1_on" 1
    row "best move by equity, $np positions" "$i_eqtop1_off" "$i_eqtop1_on" "$t_eqtop1_off" "$t_eqtop1_on" 1
    row "self-play equity v equity, a game ($GAMES)" "$i_sp_off" "$i_sp_on" "$t_sp_off" "$t_sp_on" "$GAMES"
    echo
done
