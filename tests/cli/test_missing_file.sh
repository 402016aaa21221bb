# test_missing_file.sh - the missing-file rule of every tool (cli_arg_inline):
# an argument that names no file is read as inline input only when it is a
# whole inline input (skrafl: a CGP line with the board's 15 rows or its
# racks; a shipped name for --layout and --leaves); anything else is a
# missing file, "prog: ARG: No such file or directory", exit 1, and is never
# parsed as input.  Tools that take no inline input (mjwait, boggle) read
# every argument as a file; wordq reads none (its arguments are queries).
# sanitized: yes
. "$(dirname "$0")/lib.sh"
G="$TK_TOP/tests/cli/golden"
W="$G/skrafl/words.txt"
BOARD="$G/skrafl/cat.board"
CGP15='15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15'
CGP14='15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15'
cd "$T_TMP" || exit 1

# t_missing NAME PROG ARG CMD...: exit 1, the one-line message, nothing parsed
t_missing() {
    _n=$1; _p=$2; _a=$3; shift 3
    t_run "$_n" 1 "$@"
    if [ "$(cat "$ERR")" = "$_p: $_a: No such file or directory" ]; then t_ok "$_n-message"
    else t_fail "$_n-message" "stderr: $(head -c 300 "$ERR")"; fi
    if [ -s "$OUT" ]; then t_fail "$_n-no-output" "stdout: $(head -c 200 "$OUT")"; else t_ok "$_n-no-output"; fi
}

# ---- skrafl: a file, or one whole CGP line ----
S="$TK_BIN/skrafl"
# the issue's example: it was "<argument>:1: CGP: row 1 has 4 squares, expected 15"
t_missing sk-path skrafl data/boards/smaple.txt "$S" --dict "$W" --rack AEIRST data/boards/smaple.txt
t_missing sk-name skrafl smaple.txt "$S" --dict "$W" --rack AEIRST smaple.txt
# a board field of 14 rows and nothing after it is a file name too
t_missing sk-14rows skrafl "$CGP14" "$S" --dict "$W" --rack ST "$CGP14"
# a whole CGP line: the board's 15 rows (the rack from --rack) ...
t_run sk-cgp-board 0 "$S" --dict "$W" --rack ST "$CGP15"
t_grep sk-cgp-board-out 'rack ST: 7 moves' "$OUT"
# ... or a board field followed by its racks, whose errors are the CGP's own
t_run sk-cgp-racks-bad 1 "$S" --dict "$W" "$CGP14 ST/ 0/0 0"
t_grep sk-cgp-racks-bad-msg 'skrafl: <argument>:1: CGP: 14 rows, expected 15' "$ERR"
# a file wins over the CGP reading of its name (a directory tree named like rows)
mkdir -p 15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15
cp "$BOARD" "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15"
t_run sk-file-named-cgp 0 "$S" --dict "$W" --rack ST "$CGP15"
t_grep sk-file-named-cgp-out 'S(CAT)' "$OUT"
rm -rf 15
# --layout and --leaves: a shipped name, or a file
t_missing sk-layout-path skrafl layouts/nosuch.txt "$S" --dict "$W" --rack ST --layout layouts/nosuch.txt "$BOARD"
t_run sk-layout-typo 1 "$S" --dict "$W" --rack ST --layout explor "$BOARD"
t_grep sk-layout-typo-msg '^skrafl: explor: No such file or directory$' "$ERR"
t_grep sk-layout-typo-hint 'standard, explo, or a layout file' "$ERR"
EMPTY='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15'
t_run sk-layout-name 0 "$S" --dict "$W" --rack AT --layout explo "$EMPTY"
t_grep sk-layout-name-out '^4C  AT  4' "$OUT"
t_missing sk-leaves-path skrafl leaves/nosuch.tkl "$S" --dict "$W" --rack ST --leaves leaves/nosuch.tkl "$BOARD"

# ---- mjwait: every argument is a file, a hand among them ----
M="$TK_BIN/mjwait"
t_missing mj-hand-arg mjwait 123m456p789s1122z "$M" 123m456p789s1122z
t_missing mj-path mjwait hands/nosuch.txt "$M" hands/nosuch.txt
printf '123m456p789s1122z\n' >123m456p789s1122z
t_run mj-file-named-hand 0 "$M" 123m456p789s1122z
t_grep mj-file-named-hand-out '1z' "$OUT"
t_missing mj-log-path mjwait logs/nosuch.mjlog "$M" --log logs/nosuch.mjlog

# ---- boggle: every argument is a file, a grid among them ----
BG="$TK_BIN/boggle"
BW="$G/boggle/words.txt"
t_missing bog-grid-arg boggle abcd "$BG" --dict "$BW" abcd
t_missing bog-path boggle grids/nosuch.txt "$BG" --dict "$BW" grids/nosuch.txt
t_missing bog-dice-path boggle dice/nosuch.txt "$BG" --dict "$BW" --random dice/nosuch.txt
t_run bog-dice-typo 1 "$BG" --dict "$BW" --random 7x7
t_grep bog-dice-typo-msg '^boggle: 7x7: No such file or directory$' "$ERR"
t_grep bog-dice-typo-hint "no dice set '7x7' either: known 4x4, 4x4-1987" "$ERR"
# a file of a shipped set's name wins over the name
printf 'A B C D E F\n' >4x4
t_run bog-dice-file-named-set 1 "$BG" --dict "$BW" --random 4x4 --seed 1
t_grep bog-dice-file-named-set-msg '^boggle: 4x4: ' "$ERR"

# ---- wordq: arguments are queries, never files ----
Q="$TK_BIN/wordq"
printf 'zzz\n' >act
t_run wq-query-named-file 0 "$Q" --dict "$W" -a act
t_grep wq-query-named-file-out '^CAT$' "$OUT"
t_missing wq-dict-path wordq words/nosuch.txt "$Q" --dict words/nosuch.txt -a act

# ---- mkdawg: the word list and --alphabet FILE ----
K="$TK_BIN/mkdawg"
t_missing mkdawg-list mkdawg words/nosuch.txt "$K" -o x.dawg words/nosuch.txt
t_missing mkdawg-alphabet mkdawg alphabets/nosuch.txt "$K" -a alphabets/nosuch.txt -o x.dawg "$W"
t_run mkdawg-alphabet-typo 1 "$K" -a klingon -o x.dawg "$W"
t_grep mkdawg-alphabet-typo-msg '^mkdawg: klingon: No such file or directory$' "$ERR"
t_grep mkdawg-alphabet-typo-hint "no alphabet 'klingon' either" "$ERR"
t_done
