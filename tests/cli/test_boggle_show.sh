#!/bin/sh
# test_boggle_show.sh - boggle --show / --mark: the grid drawn before its words.
#
# Every drawn cell is compared with the input grid, worked out here from the
# grid file (faces split on spaces, first letter upper case: "qu" -> "Qu",
# "th" -> "Th", "#" stays), each cell a field as wide as the widest face plus
# a bracket or space each side.  With --mark WORD the bracketed cells and the
# step grid on the right must match a path traced here by hand (grids whose
# letters are all different, so the path is the only one), including a
# 15-step path (two-digit steps); on a grid with repeated letters the marked
# cells are checked to spell the word, step by step, through adjacent,
# distinct cells.  The words under each drawing are the same as without
# --show (batches of grids, --count, --jobs); --random --show draws the rolled
# grid (compared with --random without --show, same seed).  A pipe gets no
# escape codes; a terminal (faked with script(1), skipped if absent) gets
# colour, and without the escapes the output is the plain one; NO_COLOR turns
# colour off.  --show with --json and a --mark that is not a word are usage
# errors.
. "$(dirname "$0")/lib.sh"
B=$TK_BIN/boggle
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1
ESC=$(printf '\033')
check() { if [ "$2" = "$3" ]; then t_ok "$1"; else t_fail "$1" "got '$2', want '$3'"; fi; }

# check_draw NAME DRAWING GRID PATH: DRAWING holds only the drawn rows; GRID is
# the grid, faces separated by spaces; PATH the marked cells "r,c r,c ..."
# (0-based, in order), empty when nothing is marked.
check_draw() {
    why=$(awk -v gridf="$3" -v path="$4" '
        BEGIN {
            while ((getline l < gridf) > 0) {
                nr++; nc = split(l, f, " ")
                for (c = 1; c <= nc; c++) {
                    face = f[c]; if (length(face) > w) w = length(face)
                    F[nr - 1, c - 1] = toupper(substr(face, 1, 1)) substr(face, 2)
                }
            }
            np = split(path, p, " ")
            for (k = 1; k <= np; k++) { split(p[k], rc, ","); S[rc[1], rc[2]] = k }
            d = length(np "")
        }
        {
            r = NR - 1
            if (r >= nr) { print "more than " nr " rows drawn"; bad = 1; exit }
            for (c = 0; c < nc; c++) {
                got = substr($0, 1 + c * (w + 2), w + 2)
                want = sprintf("%-" w "s", F[r, c])
                want = ((r, c) in S) ? "[" want "]" : " " want " "
                if (got != want) { print "cell " r "," c ": got \"" got "\", want \"" want "\""; bad = 1; exit }
            }
            rest = substr($0, 1 + nc * (w + 2))
            want = ""
            if (np) {
                want = "   "
                for (c = 0; c < nc; c++) want = want sprintf(" %" d "s", ((r, c) in S) ? S[r, c] : ".")
            }
            if (rest != want) { print "row " r " step part: got \"" rest "\", want \"" want "\""; bad = 1; exit }
        }
        END { if (!bad && NR != nr) print "drew " NR " rows, want " nr }' "$2")
    if [ -z "$why" ]; then t_ok "$1"; else t_fail "$1" "$why"; fi
}
# words_only FILE: the --show output without the drawings (and mark lines),
# which must then read like the output without --show.
words_only() { grep -v -e '^[[ ]' -e ': not in this grid$' -e ': shorter than the minimum' -e '^[a-z]*: [0-9]' "$1" | cat -s | sed '1{/^$/d;}'; }

printf 'cab\ncabs\nglop\nbikes\nabcdejihgfklmno\nplates\npates\nsteal\nqua\nquad\nthe\nthen\ntea\nrat\nrats\nstar\nuvwxyz\n' > words.txt

# ---- a grid with all letters different: hand-traced paths ---------------------------
printf 'a b c d\ne f g h\ni j k l\nm n o p\n' > g1.txt
tr -d ' ' < g1.txt > g1.in
t_run_in "mark glop" 0 g1.in "$B" -d words.txt --mark glop
head -n 4 "$OUT" > d.txt
check_draw "glop: drawing and path 1,2 2,3 3,2 3,3" d.txt g1.txt "1,2 2,3 3,2 3,3"
check "glop: path line" "$(sed -n 5p "$OUT")" "glop: 1,2 2,3 3,2 3,3"
check "glop: words after a blank line" "$(sed -n '6,$p' "$OUT" | tr '\n' ' ')" " glop "
t_run_in "mark GLOP (upper case)" 0 g1.in "$B" -d words.txt --show --mark GLOP
head -n 4 "$OUT" > d.txt
check_draw "GLOP: same path" d.txt g1.txt "1,2 2,3 3,2 3,3"
t_run_in "show, no mark" 0 g1.in "$B" -d words.txt --show
head -n 4 "$OUT" > d.txt
check_draw "show: every cell" d.txt g1.txt ""
t_run_in "mark a word not in the grid" 0 g1.in "$B" -d words.txt --mark plates
head -n 4 "$OUT" > d.txt
check_draw "absent word: nothing marked" d.txt g1.txt ""
check "absent word: said so" "$(sed -n 5p "$OUT")" "plates: not in this grid"
t_run_in "mark a word shorter than --min" 0 g1.in "$B" -d words.txt --min 5 --mark glop
check "short word: said so" "$(sed -n 5p "$OUT")" "glop: shorter than the minimum 5"

# 5x5, a 15-letter snake: row 0 left to right, row 1 right to left, row 2 again
printf 'a b c d e\nf g h i j\nk l m n o\np q r s t\nu v w x y\n' > g2.txt
tr -d ' ' < g2.txt > g2.in
t_run_in "mark a 15-step path" 0 g2.in "$B" -d words.txt --mark abcdejihgfklmno
head -n 5 "$OUT" > d.txt
check_draw "15 steps, two-digit step grid" d.txt g2.txt \
    "0,0 0,1 0,2 0,3 0,4 1,4 1,3 1,2 1,1 1,0 2,0 2,1 2,2 2,3 2,4"

# ---- repeated letters: the marked path spells the word -----------------------------
printf 'p e r s\nl a t e\ng i n s\nr b e d\n' > g3.txt
tr -d ' ' < g3.txt > g3.in
for wd in plates pates steal rats star; do
    "$B" -d words.txt --mark $wd < g3.in > m.out 2> m.err
    head -n 4 m.out > d.txt
    why=$(awk -v gridf=g3.txt -v word=$wd '
        BEGIN { while ((getline l < gridf) > 0) { nc = split(l, f, " "); for (c = 1; c <= nc; c++) G[nr, c - 1] = f[c]; nr++ } }
        {   # the step grid: the last nc fields of the row
            for (c = 0; c < nc; c++) { s = $(NF - nc + 1 + c); if (s != ".") { if (s in R) dup = 1; R[s] = NR - 1; C[s] = c; n++ } }
            for (c = 0; c < nc; c++) { br = substr($0, 1 + 3 * c, 1) == "["; st = $(NF - nc + 1 + c) != "."; if (br != st) mis = 1 }
        }
        END {
            if (dup) { print "a step number twice"; exit }
            if (mis) { print "brackets and step numbers disagree"; exit }
            if (n != length(word)) { print n " steps for " length(word) " letters"; exit }
            for (k = 1; k <= n; k++) {
                if (!(k in R)) { print "step " k " missing"; exit }
                if (G[R[k], C[k]] != substr(word, k, 1)) { print "step " k " is " G[R[k], C[k]] ", want " substr(word, k, 1); exit }
                if (k > 1) { dr = R[k] - R[k-1]; dc = C[k] - C[k-1]
                    if (dr < -1 || dr > 1 || dc < -1 || dc > 1) { print "step " k " not next to step " k - 1; exit } }
            }
        }' d.txt)
    check_draw "$wd: cells" d.txt g3.txt "$(sed -n 5p m.out | cut -d' ' -f2-)"
    if [ -z "$why" ]; then t_ok "$wd: marked path spells the word"; else t_fail "$wd: marked path" "$why"; fi
done

# ---- a batch: Qu, multi-letter and blocked faces; words unchanged ------------------
printf 'qu a\nd t\n\nth e\nn #\n\nr a\nt s\n' > batch.in
printf 'qu a\nd t\n' > b1.txt; printf 'th e\nn #\n' > b2.txt; printf 'r a\nt s\n' > b3.txt
"$B" -d words.txt batch.in > plain.out 2>&1
t_run "batch --show" 0 "$B" -d words.txt --show batch.in
grep '^[[ ]' "$OUT" > dl.txt     # the drawn rows, 2 a grid
sed -n 1,2p dl.txt > blk1.d; sed -n 3,4p dl.txt > blk2.d; sed -n 5,6p dl.txt > blk3.d
check_draw "batch grid 1 (Qu)" blk1.d b1.txt ""
check_draw "batch grid 2 (Th, blocked)" blk2.d b2.txt ""
check_draw "batch grid 3" blk3.d b3.txt ""
words_only "$OUT" > w.out
t_same "batch: words as without --show" w.out plain.out
t_run "batch --show --jobs 2" 0 "$B" -d words.txt --show --jobs 2 batch.in
"$B" -d words.txt --show batch.in > j1.out
t_same "batch: --jobs 2 output as --jobs 1" "$OUT" j1.out
t_run "batch --mark rats --count" 0 "$B" -d words.txt --mark rats --count batch.in
check "count: the counts as without --show" "$(grep -x '[0-9][0-9]*' "$OUT" | tr '\n' ' ')" \
    "$("$B" -d words.txt --count batch.in | tr '\n' ' ')"
check "count: rats marked in grid 3 only" "$(grep '^rats:' "$OUT" | tr '\n' '|')" \
    "rats: not in this grid|rats: not in this grid|rats: 0,0 0,1 1,0 1,1|"

# ---- --random --show --------------------------------------------------------------
if "$B" --random 4x4 --seed 11 > r.out 2>/dev/null; then
    head -n 4 r.out | sed 's/qu/Q/g; s/./& /g; s/Q/qu/g; s/ *$//' > rg.txt
    t_run "random --show" 0 "$B" --random 4x4 --seed 11 --show
    head -n 4 "$OUT" > d.txt
    check_draw "random: the rolled grid drawn" d.txt rg.txt ""
    check "random: words unchanged" "$(sed -n '6,$p' "$OUT" | md5sum)" "$(sed -n '6,$p' r.out | md5sum)"
else
    t_skip "random --show" "no default dictionary or dice set"
fi

# ---- colour --------------------------------------------------------------------------
"$B" -d words.txt --mark glop < g1.in > pipe.out
check "pipe: no escape codes" "$(grep -c "$ESC" pipe.out)" "0"
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
    script -qec "'$B' -d words.txt --mark glop g1.in" /dev/null < /dev/null | tr -d '\r' > tty.out
    # 4 marked cells, each coloured twice (its face and its step number)
    check "terminal: colour" "$(grep -o "$ESC\\[1;[0-9;]*m" tty.out | wc -l | tr -d ' ')" "8"
    sed "s/$ESC\\[[0-9;]*m//g" tty.out > tty.plain
    t_same "terminal: without escapes, the plain output" tty.plain pipe.out
    NO_COLOR=1 script -qec "'$B' -d words.txt --mark glop g1.in" /dev/null < /dev/null | tr -d '\r' > nc.out
    t_same "terminal with NO_COLOR: plain" nc.out pipe.out
else
    t_skip "show on a terminal" "script(1) is not available"
fi

# ---- usage errors ----------------------------------------------------------------------
t_run "--show --json" 2 "$B" -d words.txt --show --json g1.in
t_run "--mark with a non-letter" 2 "$B" -d words.txt --mark 'gl0p' g1.in
t_grep "--mark error names the word" "gl0p" "$ERR"
t_done
