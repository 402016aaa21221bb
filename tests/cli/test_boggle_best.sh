# test_boggle_best.sh - CLI tests of `boggle --best`: every board it reports
# is rescored by solving it again (the final board and each new best), runs
# are repeatable for a seed and --iterations, --dice boards are rolls of the
# set, Hungarian over the digraph alphabet, and usage errors.
. "$(dirname "$0")/lib.sh"
B="$TK_BIN/boggle"
D="--lang en"

# rescore FILE: the "# best" block's rows -> "WORDS SCORE" by a plain solve
best_rows() { sed '1,/^# best /d' "$1"; }
best_claim() { sed -n 's/^# best \([0-9]*\) points*, \([0-9]*\) words*, .*/\2 \1/p' "$1"; }

t_run best 0 $B $D --best 4x4 --seed 3 --iterations 1500
cp "$OUT" "$T_TMP/b1"
t_grep best-final '^# best [0-9]* points, [0-9]* words, 1500 boards, seed 3$' "$T_TMP/b1"
best_rows "$T_TMP/b1" > "$T_TMP/grid"
n=$(wc -l < "$T_TMP/grid")
if [ "$n" -eq 4 ]; then t_ok best-rows; else t_fail best-rows "$n rows"; fi
"$B" $D --count --score "$T_TMP/grid" > "$T_TMP/re"; best_claim "$T_TMP/b1" > "$T_TMP/claim"
t_same best-rescored "$T_TMP/re" "$T_TMP/claim"
# the last new bests, rescored; scores rise
ok=1; prev=-1
grep -E '^[0-9]+ ' "$T_TMP/b1" | tail -n 4 > "$T_TMP/lines"
while read -r score board; do
    echo "$board" | tr '/' '\n' > "$T_TMP/g1"
    got=$("$B" $D --count --score "$T_TMP/g1" | cut -d' ' -f2)
    if [ "$got" != "$score" ] || [ "$score" -le "$prev" ]; then ok=0; echo "  board $board: claimed $score, rescored $got"; fi
    prev=$score
done < "$T_TMP/lines"
if [ "$ok" = 1 ] && [ -s "$T_TMP/lines" ]; then t_ok best-each-rescored; else t_fail best-each-rescored "see above"; fi
# the same seed and iterations: the same output
"$B" $D --best 4x4 --seed 3 --iterations 1500 > "$T_TMP/b2"
t_same best-repeatable "$T_TMP/b1" "$T_TMP/b2"
"$B" $D --best 4x4 --seed 4 --iterations 1500 > "$T_TMP/b3"
if cmp -s "$T_TMP/b1" "$T_TMP/b3"; then t_fail best-seeds-differ "same output"; else t_ok best-seeds-differ; fi
# JSON: the same final board and score
t_run best-json 0 $B $D --best 4x4 --seed 3 --iterations 1500 --json
score=$(best_claim "$T_TMP/b1" | cut -d' ' -f2)
t_grep best-json-final "^{\"best\":true,\"score\":$score,\"words\":[0-9]*,\"boards\":1500,\"seed\":3,\"board\":\[" "$OUT"
# two threads: the final board is still a function of the seed
"$B" $D --best 3x3 --seed 8 --iterations 800 --jobs 2 | sed -n '/^# best/,$p' > "$T_TMP/j1"
"$B" $D --best 3x3 --seed 8 --iterations 800 --jobs 2 | sed -n '/^# best/,$p' > "$T_TMP/j2"
t_same best-jobs2-final "$T_TMP/j1" "$T_TMP/j2"
t_grep best-jobs2-boards '^# best .*, 1600 boards, seed 8$' "$T_TMP/j1"
# a time limit
t_run best-seconds 0 $B $D --best 3x4 --seconds 0.3 --seed 1
t_grep best-seconds-final '^# best ' "$OUT"

# ---- --dice: the board is a roll of the set, rescored ----
t_run best-dice 0 $B $D --best 4x4 --dice 4x4-1987 --seed 2 --iterations 600
best_rows "$OUT" > "$T_TMP/grid"
"$B" $D --count --score "$T_TMP/grid" > "$T_TMP/re"; best_claim "$OUT" > "$T_TMP/claim"
t_same best-dice-rescored "$T_TMP/re" "$T_TMP/claim"
t_run best-dice-shape 2 $B $D --best 5x5 --dice 4x4-1987
t_grep best-dice-shape-msg "is a 4x4 set, not 5x5" "$ERR"

# ---- Hungarian over the digraph alphabet ([cs] is one letter, one cell) ----
if "$TK_BIN/mkdawg" -a hu-scrabble -o "$T_TMP/hu.dawg" "$TK_TOP/data/words/hu.txt" 2>/dev/null; then
    t_run best-hu 0 $B --dict "$T_TMP/hu.dawg" --best 4x4 --seed 5 --iterations 800
    best_rows "$OUT" > "$T_TMP/grid"
    "$B" --dict "$T_TMP/hu.dawg" --count --score "$T_TMP/grid" > "$T_TMP/re"; best_claim "$OUT" > "$T_TMP/claim"
    t_same best-hu-rescored "$T_TMP/re" "$T_TMP/claim"
else
    t_skip best-hu "mkdawg -a hu-scrabble failed"
fi

# ---- usage errors ----
t_run best-shape 2 $B $D --best 0x4
t_grep best-shape-msg "invalid --best shape '0x4'" "$ERR"
t_run best-shape2 2 $B $D --best 4by4
t_run best-iter-alone 2 $B $D --iterations 100
t_grep best-iter-alone-msg "need --best" "$ERR"
t_run best-file 2 $B $D --best 4x4 /dev/null
t_run best-seconds-bad 2 $B $D --best 4x4 --seconds abc
t_run best-iter-bad 2 $B $D --best 4x4 --iterations 0
t_done
