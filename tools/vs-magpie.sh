#!/bin/sh
# vs-magpie.sh - tilekit's best-move search against MAGPIE's, on one machine
# the same day: the same positions, the same lexicon, the same leave table
# loaded by both, one thread, callgrind instruction counts.
#
#   tools/vs-magpie.sh MAGPIE_DIR [WORDS [POSITIONS [GAMES]]]
#
# MAGPIE_DIR is a MAGPIE checkout that is already built (MAGPIE_DIR/bin/magpie
# and its data/ directory with layouts/ and letterdistributions/): this script
# fetches nothing and builds nothing of MAGPIE.  (valgrind cannot run AVX-512
# code: on such a machine MAGPIE's release build must target AVX2 at most,
# for example -march=x86-64-v3 instead of -march=native.)  Run it from the top
# of a tilekit checkout after `make` and `make build/tools/bench_skrafl
# build/tools/mkleaves`.  WORDS: the word list (default ../shared/words/enable2k.txt);
# POSITIONS: CGP lines (default tools/positions-en.cgp, made by mkpositions);
# GAMES: self-play games (default 200).
#
# In a scratch directory, MAGPIE's own `convert` makes its word graph (.kwg)
# and word map (.wmp) from the words of at most 15 letters (upper case), and
# tilekit's mkleaves --klv2 turns data/leaves/en.tkl into the .klv2 both load.
# The lexicon is named NWLTK: MAGPIE picks its English letter distribution by
# the name's prefix.  Measured:
#   - best move by score and by equity (--top 1; exchanges and the pass
#     included for equity): MAGPIE `gen` with -r1 best -numplays 1, collected
#     inside generate_moves (cross-sets are made when MAGPIE loads a CGP, so
#     they are not counted for it); tilekit bench_skrafl --once top1/eqtop1,
#     collected inside bench_one (sk_generate_top, sk_top_plays: the
#     cross-sets are counted);
#   - self-play, equity against equity: MAGPIE `autoplay games N` collected
#     inside autoplay_worker, tilekit `skrafl --selfplay N` inside
#     sk_selfplay_hooked; both seed 2026;
#   - peak memory (maximum resident set, /usr/bin/time) of the whole process
#     finding the best move by equity of every position.
# tilekit is measured with its word index (TILEKIT_WINDEX unset) and without
# (TILEKIT_WINDEX=off); MAGPIE with -wmp true and -wmp false.
M=${1:?usage: tools/vs-magpie.sh MAGPIE_DIR [WORDS [POSITIONS [GAMES]]]}
WORDS=${2:-${TK_SHARED:-../shared}/words/enable2k.txt}
POS=${3:-tools/positions-en.cgp}
GAMES=${4:-200}
MAG=$M/bin/magpie
for f in "$MAG" bin/skrafl bin/mkdawg build/tools/bench_skrafl build/tools/mkleaves; do
    [ -x "$f" ] || { echo "vs-magpie: $f not built" >&2; exit 2; }
done
[ -r "$WORDS" ] && [ -r "$POS" ] || { echo "vs-magpie: $WORDS or $POS not readable" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "vs-magpie: valgrind not found" >&2; exit 2; }
TILEKIT_DATA=$(pwd)/build:$(pwd)/data
export TILEKIT_DATA
W=$(mktemp -d) || exit 1
trap 'rm -rf "$W"' EXIT
MAGPIE_DIR=$(cd "$M" && pwd)
LEX=NWLTK
mkdir -p "$W/lexica"
awk 'length($0) <= 15 { print toupper($0) }' "$WORDS" >"$W/lexica/$LEX.txt"
build/tools/mkleaves --lang en --klv2 data/leaves/en.tkl -o "$W/lexica/$LEX.klv2" || exit 1
bin/mkdawg --force --alphabet data/alphabets/en.txt -o "$W/words.dawg" "$WORDS" 2>/dev/null || exit 1
SET="set -mode sync -savesettings false -path $W:$MAGPIE_DIR/data -threads 1"
t0=$(date +%s)
printf '%s\nconvert text2kwg %s\nconvert text2wordmap %s\n' "$SET" "$LEX" "$LEX" | (cd "$M" && "$MAG") >"$W/convert.log" 2>&1
[ -s "$W/lexica/$LEX.wmp" ] || { echo "vs-magpie: MAGPIE could not convert the word list:" >&2; cat "$W/convert.log" >&2; exit 1; }
echo "MAGPIE word map: $(wc -c <"$W/lexica/$LEX.wmp") bytes, made in $(($(date +%s) - t0)) s"

# Instructions collected by callgrind inside function $1 of the command after it.
cg() {
    fn=$1
    shift
    valgrind --tool=callgrind --toggle-collect="$fn" --callgrind-out-file="$W/cg.out" "$@" >"$W/cg.log" 2>&1 ||
        { echo "vs-magpie: failed: $*" >&2; tail -5 "$W/cg.log" >&2; echo 0; return; }
    sed -n 's/^totals: *//p; s/^summary: *//p' "$W/cg.out" | head -n 1
}
# MAGPIE's commands for every position: SORT (score or equity), WMP (true or false).
magpie_cmds() {
    echo "$SET -lex $LEX -leaves $LEX -s1 $1 -s2 $1 -r1 best -r2 best -numplays 1 -wmp $2"
    sed "s/\$/ -lex $LEX;/; s/^/cgp /; s/\$/\\ngen/" "$POS"
}
magpie_gen() {
    magpie_cmds "$1" "$2" >"$W/cmds"
    (cd "$M" && cg generate_moves "$MAG") <"$W/cmds"
}
tk_top() {
    TILEKIT_WINDEX=$2 cg bench_one build/tools/bench_skrafl --cgp "$POS" --dict "$W/words.dawg" --once "$1"
}
magpie_play() {
    echo "$SET -lex $LEX -leaves $LEX -s1 equity -s2 equity -r1 best -r2 best -wmp $1 -seed 2026 -gp false" >"$W/cmds"
    echo "autoplay games $GAMES" >>"$W/cmds"
    (cd "$M" && cg autoplay_worker "$MAG") <"$W/cmds"
}
tk_play() {
    TILEKIT_WINDEX=$1 cg sk_selfplay_hooked bin/skrafl --dict "$W/words.dawg" --leaves data/leaves/en.tkl \
        --selfplay "$GAMES" --seed 2026 --players equity,equity --jobs 1
}
# Peak resident memory (KiB) of a whole process.
peak() {
    /usr/bin/time -f '%M' -o "$W/time" "$@" >/dev/null 2>&1 </dev/null || { echo 0; return; }
    tail -n 1 "$W/time"
}
peak_magpie() {
    magpie_cmds equity "$1" >"$W/cmds"
    (cd "$M" && /usr/bin/time -f '%M' -o "$W/time" "$MAG" <"$W/cmds" >/dev/null 2>&1)
    tail -n 1 "$W/time"
}

np=$(grep -c . "$POS")
row() {   # work, MAGPIE, MAGPIE + word map, tilekit without index, tilekit, unit divisor
    awk -v w="$1" -v a="$2" -v b="$3" -v c="$4" -v d="$5" -v u="$6" 'BEGIN {
        printf "| %s | %.1f M | %.1f M | %.1f M | %.1f M | %.2fx | %.2fx |\n", w, a / u / 1e6, b / u / 1e6,
               c / u / 1e6, d / u / 1e6, (b > 0 ? d / b : 0), (c > 0 ? d / c : 0) }'
}
echo "positions: $POS ($np), words: $WORDS, self-play: $GAMES games"
echo
echo "| work | MAGPIE | MAGPIE + word map | tilekit without index | tilekit | tilekit / MAGPIE + word map | tilekit / without index |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
row "best move by score, $np positions" "$(magpie_gen score false)" "$(magpie_gen score true)" \
    "$(tk_top top1 off)" "$(tk_top top1 on)" 1
row "best move by equity, $np positions" "$(magpie_gen equity false)" "$(magpie_gen equity true)" \
    "$(tk_top eqtop1 off)" "$(tk_top eqtop1 on)" 1
row "self-play equity v equity, a game" "$(magpie_play false)" "$(magpie_play true)" \
    "$(tk_play off)" "$(tk_play on)" "$GAMES"
awk -v a="$(peak_magpie false)" -v b="$(peak_magpie true)" \
    -v c="$(TILEKIT_WINDEX=off peak bin/skrafl --dict "$W/words.dawg" --leaves en --top 1 --cgp "$POS" --jobs 1)" \
    -v d="$(peak bin/skrafl --dict "$W/words.dawg" --leaves en --top 1 --cgp "$POS" --jobs 1)" 'BEGIN {
    printf "| peak memory, best by equity | %.1f MiB | %.1f MiB | %.1f MiB | %.1f MiB | %.2fx | %.2fx |\n",
           a / 1024, b / 1024, c / 1024, d / 1024, (b > 0 ? d / b : 0), (c > 0 ? d / c : 0) }'
