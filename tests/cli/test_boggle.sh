# test_boggle.sh - CLI tests of `boggle`: output formats against golden files
# worked out by hand (tests/cli/golden/boggle/: a ten-word dictionary and
# three grids whose words, scores and paths can be checked on paper), batch
# behaviour, every error message and exit code, --random, --jobs, and the
# shared vectors (skipped when ../shared is absent).
. "$(dirname "$0")/lib.sh"
B="$TK_BIN/boggle"
G="$TK_TOP/tests/cli/golden/boggle"
D="--lang en --dict $G/words.txt"

# ---- formats (golden files written by hand) ----
t_run plain 0 $B $D "$G/grids.txt";                 t_golden plain-out "$G/plain.out"
t_run score 0 $B $D --score "$G/grids.txt";         t_golden score-out "$G/score.out"
t_run paths 0 $B $D --paths "$G/grids.txt";         t_golden paths-out "$G/paths.out"
t_run count 0 $B $D --count "$G/grids.txt";         t_golden count-out "$G/count.out"
t_run count-score 0 $B $D -c -s "$G/grids.txt";     t_golden count-score-out "$G/count-score.out"
t_run min4 0 $B $D --min 4 "$G/grids.txt";          t_golden min4-out "$G/min4.out"
# JSON objects carry their input: file (as given), line and the board's rows
t_run json 0 sh -c "cd '$G' && $B $D --json grids.txt"; t_golden json-out "$G/json.out"
t_run_in stdin 0 "$G/grids.txt" $B $D;              t_golden stdin-out "$G/plain.out"
t_run_in dash 0 "$G/grids.txt" $B $D -;             t_golden dash-out "$G/plain.out"
t_run jobs2 0 $B $D --jobs 2 --score "$G/grids.txt" "$G/grids.txt"
cat "$G/score.out" > "$T_TMP/want"; echo >> "$T_TMP/want"; cat "$G/score.out" >> "$T_TMP/want"
t_same jobs2-out "$OUT" "$T_TMP/want"
t_run jobs0-bad 1 $B $D --jobs 0 "$G/bad.txt";        t_golden jobs0-bad-out "$G/bad.out"
# several files: answers in order, numbering per file
t_run two-files 0 $B $D --count "$G/grids.txt" "$G/grids.txt"
printf '5\n2\n2\n5\n2\n2\n' > "$T_TMP/want"; t_same two-files-out "$OUT" "$T_TMP/want"
# CR LF, upper case, tabs and trailing blank lines are accepted
printf 'C A\r\n\tT  S \r\n\r\n\r\n' > "$T_TMP/crlf.txt"
t_run crlf 0 $B $D --count "$T_TMP/crlf.txt"
echo 5 > "$T_TMP/want"; t_same crlf-out "$OUT" "$T_TMP/want"

# ---- bad grids: reported with file, line, grid and row; the batch goes on ----
t_run bad 1 $B $D "$G/bad.txt";                     t_golden bad-out "$G/bad.out"
t_grep bad-msg "^boggle: $G/bad.txt:5: grid 2, row 2: 2 cells, but row 1 has 3\$" "$ERR"
t_run bad-json 1 $B $D --json "$G/bad.txt"
t_grep bad-json-obj '^{"grid":2,"file":"[^"]*bad.txt","line":5,"board":\["abc","ab"\],"error":"grid 2, row 2: 2 cells, but row 1 has 3"}$' "$OUT"
t_grep bad-json-next '^{"grid":3,"file":"[^"]*bad.txt","line":7,"board":\["quad"\],"rows":1,"cols":3,"count":2' "$OUT"
printf 'ab\ncd\n\nab\nc1\n' > "$T_TMP/letter.txt"
t_run bad-letter 1 $B $D "$T_TMP/letter.txt"
t_grep bad-letter-msg "letter.txt:5: grid 2, row 2: '1' (column 2) is not a letter of the dictionary's alphabet" "$ERR"
printf 'ab\nc\377\n' > "$T_TMP/utf8.txt"
t_run bad-utf8 1 $B $D "$T_TMP/utf8.txt"
t_grep bad-utf8-msg "utf8.txt:2: grid 1, row 2: invalid UTF-8 at column 2" "$ERR"
printf 'a[th\n' > "$T_TMP/bracket.txt"
t_run bad-bracket 1 $B $D "$T_TMP/bracket.txt"
t_grep bad-bracket-msg "bracket.txt:1: grid 1, row 1: '\[' at column 2 without '\]'" "$ERR"
: > "$T_TMP/empty.txt"
t_run empty 1 $B $D "$T_TMP/empty.txt"
t_grep empty-msg "empty.txt: no grid" "$ERR"
printf '\n\n  \n' > "$T_TMP/blank.txt"
t_run blank-only 1 $B $D "$T_TMP/blank.txt"
t_run missing-file 1 $B $D "$T_TMP/nope.txt"
t_grep missing-msg "nope.txt" "$ERR"
# the other files are still solved
t_run missing-then-good 1 $B $D --count "$T_TMP/nope.txt" "$G/grids.txt"
t_golden missing-then-good-out "$G/count.out"
awk 'BEGIN { for (i = 0; i < 1025; i++) printf "a"; print "" }' > "$T_TMP/wide.txt"
t_run too-wide 1 $B $D "$T_TMP/wide.txt"
t_grep too-wide-msg "grid 1, row 1: more than 1024 cells" "$ERR"

# ---- usage errors (exit 2) and help ----
t_run min0 2 $B $D --min 0 "$G/grids.txt"
t_grep min0-msg "invalid --min value '0'" "$ERR"
t_run min-text 2 $B $D --min x "$G/grids.txt"
t_run lang 2 $B --lang fr "$G/grids.txt"
t_grep lang-msg "unknown --lang 'fr'" "$ERR"
t_run jobs-neg 2 $B $D --jobs -1 "$G/grids.txt"
t_run unknown-opt 2 $B --frobnicate
t_grep unknown-try "Try 'boggle --help'" "$ERR"
t_run seed-alone 2 $B $D --seed 3 "$G/grids.txt"
t_run random-file 2 $B $D --random 4x4 "$G/grids.txt"
t_run seed-bad 2 $B $D --random 4x4 --seed abc
t_run help 0 $B --help
t_grep help-usage "^Usage: boggle" "$OUT"
t_grep help-random "random SET" "$OUT"
t_run version 0 $B --version
t_grep version-out "^boggle (tilekit)" "$OUT"
t_run bad-dict 1 $B --dict "$T_TMP/nope.dawg" "$G/grids.txt"
printf 'ab1\n' > "$T_TMP/baddict.txt"
t_run bad-dict-word 1 $B --lang en --dict "$T_TMP/baddict.txt" "$G/grids.txt"
if [ -w /dev/full ]; then
    "$B" $D "$G/grids.txt" > /dev/full 2>"$ERR"; rc=$?
    if [ $rc -eq 1 ]; then t_ok "dev-full (exit 1)"; else t_fail dev-full "exit $rc"; fi
    t_grep dev-full-msg "write error" "$ERR"
else
    t_skip dev-full "/dev/full not writable"
fi

# ---- --random: the grid printed, then its answer, which must equal solving
# the printed grid again; same seed, same board ----
for set in 4x4 4x4-1987 5x5 6x6; do
    t_run "random-$set" 0 $B --lang en --dict "$G/words.txt" --random $set --seed 7
    cp "$OUT" "$T_TMP/r1"
    "$B" --lang en --dict "$G/words.txt" --random $set --seed 7 > "$T_TMP/r2"
    t_same "random-$set-repeat" "$T_TMP/r1" "$T_TMP/r2"
    sed '/^$/q' "$T_TMP/r1" | sed '/^$/d' > "$T_TMP/grid"
    rows=$(wc -l < "$T_TMP/grid")
    n=${set%%x*}
    if [ "$rows" -eq "$n" ]; then t_ok "random-$set-rows"; else t_fail "random-$set-rows" "$rows rows"; fi
    sed '1,/^$/d' "$T_TMP/r1" > "$T_TMP/ans1"
    "$B" --lang en --dict "$G/words.txt" "$T_TMP/grid" > "$T_TMP/ans2"
    t_same "random-$set-answer" "$T_TMP/ans1" "$T_TMP/ans2"
done
t_run random-json 0 $B $D --random 5x5 --seed 1 --json
t_grep random-json-seed '^{"grid":1,"seed":1,"board":\["[a-z ]*","' "$OUT"
printf '; two dice\ngrid 1x2\nc c\nat at\n' > "$T_TMP/dice.txt"
t_run random-file-set 0 $B $D --random "$T_TMP/dice.txt" --seed 5
# the grid is "c at" or "at c"; either way only "cat" can be traced (a face is not split)
t_grep random-file-set-grid '^\(c at\|at c\)$' "$OUT"
sed '1,/^$/d' "$OUT" > "$T_TMP/ans"; echo cat > "$T_TMP/want"; t_same random-file-set-out "$T_TMP/ans" "$T_TMP/want"
printf 'grid 2x2\na\n' > "$T_TMP/baddice.txt"
t_run random-bad-set 1 $B $D --random "$T_TMP/baddice.txt"
t_grep random-bad-set-msg "baddice.txt: 1 dice for a 2x2 grid" "$ERR"
t_run random-unknown 1 $B $D --random 7x7
t_grep random-unknown-msg "no dice set '7x7'" "$ERR"
a=$("$B" $D --random 4x4 --seed 1 | head -n 4); b=$("$B" $D --random 4x4 --seed 2 | head -n 4)
if [ "$a" != "$b" ]; then t_ok random-seeds-differ; else t_fail random-seeds-differ "same board"; fi

# ---- Hungarian: accented letters are one cell; a word list given with --lang hu ----
printf 'kér\nrék\nér\nkert\nőr\nőrt\nkő\n' > "$T_TMP/hu.txt"
printf 'kér\ntőr\n' > "$T_TMP/hugrid.txt"
# k é r / t ő r with --min 2: kér (k-é-r), rék (r-é-k), ér, őr, kő (k(0,0)-ő(1,1));
# not kert (no e), not őrt (t(1,0) touches neither r)
t_run hu 0 $B --lang hu --dict "$T_TMP/hu.txt" --min 2 "$T_TMP/hugrid.txt"
printf 'kér\nkő\nrék\nér\nőr\n' > "$T_TMP/want"
t_same hu-out "$OUT" "$T_TMP/want"
printf 'KÉR\nTŐR\n' > "$T_TMP/hugrid2.txt"
t_run hu-upper 0 $B --lang hu --dict "$T_TMP/hu.txt" --min 2 "$T_TMP/hugrid2.txt"
t_same hu-upper-out "$OUT" "$T_TMP/want"

# ---- shared vectors: --jobs gives the same bytes; counts agree ----
V="$TK_SHARED/vectors/boggle-boards.jsonl"; W="$TK_SHARED/words/en-wamerican-large-3to16.txt"
if [ -f "$V" ] && [ -f "$W" ]; then
    sed -n 's/.*"text": "\([^"]*\)".*/\1/p' "$V" | sed 's/\\n/\n/g' > "$T_TMP/boards.txt"
    sed -n 's/.*"count": \([0-9]*\),.*/\1/p' "$V" > "$T_TMP/counts"
    t_run vectors-count 0 $B --dict "$W" --count "$T_TMP/boards.txt"
    t_same vectors-count-out "$OUT" "$T_TMP/counts"
    "$B" --dict "$W" --json "$T_TMP/boards.txt" > "$T_TMP/j1"
    "$B" --dict "$W" --json --jobs 3 "$T_TMP/boards.txt" > "$T_TMP/j3"
    t_same vectors-jobs3 "$T_TMP/j1" "$T_TMP/j3"
    "$B" --dict "$W" --paths --score --jobs 0 "$T_TMP/boards.txt" > "$T_TMP/p0"
    "$B" --dict "$W" --paths --score "$T_TMP/boards.txt" > "$T_TMP/p1"
    t_same vectors-jobs0 "$T_TMP/p0" "$T_TMP/p1"
else
    t_skip vectors "../shared absent"
fi

t_done
