# test_boggle_random.sh - CLI tests of `boggle --random SET --boards N`, dice
# files with bad bytes, --count/--score against the word lists, and grids of
# one letter with a..a dictionaries (which must finish at once).
. "$(dirname "$0")/lib.sh"
B="$TK_BIN/boggle"
G="$TK_TOP/tests/cli/golden/boggle"
D="--lang en"

# ---- --boards: board i of a run is the board of a single run with its seed ----
t_run boards 0 $B $D --random 4x4 --boards 5 --seed 100 --score
cp "$OUT" "$T_TMP/multi"
n=$(grep -c '^# board [0-9]*, seed [0-9]*$' "$T_TMP/multi")
if [ "$n" -eq 5 ]; then t_ok boards-headers; else t_fail boards-headers "$n headers"; fi
for i in 1 3 5; do
    seed=$(sed -n "s/^# board $i, seed \([0-9]*\)$/\1/p" "$T_TMP/multi")
    # the block of board i: from its header to the line before the next one
    awk -v h="# board $i, seed $seed" '$0 == h { on = 1; next } /^# board / { on = 0 } on' "$T_TMP/multi" |
        sed -e '${/^$/d;}' > "$T_TMP/block"
    "$B" $D --random 4x4 --seed "$seed" --score > "$T_TMP/single"
    t_same "boards-$i-equals-seed-$seed" "$T_TMP/block" "$T_TMP/single"
done
# the same in JSON: object i is the single run's object, apart from its number
t_run boards-json 0 $B $D --random 5x5 --boards 4 --seed 7 --json
sed -n 3p "$OUT" | sed 's/^{"grid":3,/{"grid":1,/' > "$T_TMP/j3"
"$B" $D --random 5x5 --seed 9 --json > "$T_TMP/j1"
t_same boards-json-3-equals-seed-9 "$T_TMP/j3" "$T_TMP/j1"
# --jobs changes nothing
"$B" $D --random 4x4-1987 --boards 40 --seed 3 --count --score > "$T_TMP/a"
for j in 2 64; do
    t_run "boards-jobs$j" 0 $B $D --random 4x4-1987 --boards 40 --seed 3 --count --score --jobs $j
    t_same "boards-jobs$j-out" "$OUT" "$T_TMP/a"
done
# --count --score (no word list kept) equals the totals of the full listing
"$B" $D --random 5x5 --boards 60 --seed 11 --score | grep '^total: ' |
    sed 's/^total: \([0-9]*\) points*, \([0-9]*\) words*$/\2 \1/' > "$T_TMP/tot1"
"$B" $D --random 5x5 --boards 60 --seed 11 --count --score | grep -E '^[0-9]+ [0-9]+$' > "$T_TMP/tot2"
n=$(wc -l < "$T_TMP/tot1")
if [ "$n" -eq 60 ]; then t_ok count-totals-lines; else t_fail count-totals-lines "$n lines"; fi
t_same count-totals-equal "$T_TMP/tot1" "$T_TMP/tot2"
t_run boards-no-random 2 $B $D --boards 3 "$G/grids.txt"
t_grep boards-no-random-msg "\-\-boards needs \-\-random" "$ERR"
t_run boards-zero 2 $B $D --random 4x4 --boards 0

# ---- dice files: bad bytes are located errors, never echoed ----
printf 'grid 1x3\na\nb\000c\nd\n' > "$T_TMP/nul.txt"
t_run dice-nul 1 $B $D --random "$T_TMP/nul.txt" --seed 1
t_grep dice-nul-msg "nul.txt: line 3, column 2: NUL byte" "$ERR"
printf 'grid 1x2\na \377\nb\n' > "$T_TMP/ff.txt"
t_run dice-utf8 1 $B $D --random "$T_TMP/ff.txt" --seed 1
t_grep dice-utf8-msg "ff.txt: line 2, column 3: invalid UTF-8 (byte 0xff)" "$ERR"
if LC_ALL=C grep -q "$(printf '[\200-\377]')" "$ERR"; then t_fail dice-utf8-raw "raw byte in the message"; else t_ok dice-utf8-raw; fi
printf 'grid 1x2\na\n7\n' > "$T_TMP/seven.txt"
t_run dice-alphabet 1 $B $D --random "$T_TMP/seven.txt" --seed 1
t_grep dice-alphabet-msg "die 2, face '7'" "$ERR"

# ---- grids of one letter: a..a x63 (a plain search never ends) ----
awk 'BEGIN { w = ""; for (i = 1; i <= 63; i++) { w = w "a"; print w } }' > "$T_TMP/a63.txt"
awk 'BEGIN { for (r = 0; r < 5; r++) print "aaaaa" }' > "$T_TMP/a5.txt"
awk 'BEGIN { for (r = 0; r < 32; r++) { s = ""; for (c = 0; c < 32; c++) s = s "a"; print s } }' > "$T_TMP/a32.txt"
# 5x5: a^3 .. a^25 (23 words: 1+1+2+3+5 + 18*11 = 210 points); 32x32: a^3 .. a^63 (61, 628)
t_run one-letter-5x5 0 $B --dict "$T_TMP/a63.txt" --count --score "$T_TMP/a5.txt"
echo "23 210" > "$T_TMP/want"; t_same one-letter-5x5-out "$OUT" "$T_TMP/want"
t_run one-letter-32x32 0 $B --dict "$T_TMP/a63.txt" --count --score "$T_TMP/a32.txt"
echo "61 628" > "$T_TMP/want"; t_same one-letter-32x32-out "$OUT" "$T_TMP/want"
t_run one-letter-32x32-min1 0 $B --dict "$T_TMP/a63.txt" --min 1 --count "$T_TMP/a32.txt"
echo "63" > "$T_TMP/want"; t_same one-letter-32x32-min1-out "$OUT" "$T_TMP/want"
t_done
