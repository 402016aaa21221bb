# test_skrafl.sh - the skrafl command line: output formats, --check, batches,
# every class of error, exit codes.
#
# The golden files were checked by hand (tests/cli/golden/skrafl/README):
# with the 11-word list words.txt, CAT on 8H and the rack ST there are
# exactly 7 legal moves (SCAT, CATS across; SAT, TAS, TA, AS, AT down
# through the A), scored on the standard layout as listed there.
. "$(dirname "$0")/lib.sh"
S="$TK_BIN/skrafl"
G="$TK_TOP/tests/cli/golden/skrafl"
W="$G/words.txt"

# ---- output formats ---------------------------------------------------------------
t_run text 0 "$S" --dict "$W" --rack ST "$G/cat.board"
t_golden text-golden "$G/cat-ST.txt"
# JSON objects carry their input (file as given, rack; line and CGP text in a batch)
t_run json 0 sh -c "cd '$G' && '$S' --dict words.txt --rack ST --json cat.board"
t_golden json-golden "$G/cat-ST.json"
t_run top-words 0 "$S" --dict "$W" --rack st --top 3 --words "$G/cat.board"
t_golden top-words-golden "$G/cat-ST-top3-words.txt"
t_run count 0 "$S" --dict "$W" --rack ST --count "$G/cat.board"
t_grep count-is-7 '^7$' "$OUT"
t_run_in stdin 0 "$G/cat.board" "$S" --dict "$W" --rack ST -
t_golden stdin-golden "$G/cat-ST.txt"
# Empty board: across openings only on the symmetric layout; both with --all-openings.
t_run openings 0 "$S" --dict "$W" --rack TAS --count "$G/empty.board"
t_grep openings-12 '^12$' "$OUT"
t_run all-openings 0 "$S" --dict "$W" --rack TAS --count --all-openings "$G/empty.board"
t_grep all-openings-24 '^24$' "$OUT"
# A blank: every letter it can stand for, in lower case, scoring 0.
t_run blank 0 "$S" --dict "$W" --rack '?' "$G/cat.board"
t_golden blank-golden "$G/cat-blank.txt"
# Icelandic on the explo layout (start D4), UTF-8 letters.
t_run icelandic 0 "$S" --lang is --layout explo --dict "$G/words-is.txt" --rack "ÚS" --words "$G/thak.board"
t_golden icelandic-golden "$G/thak-US.txt"
# Layout from a file: the same as the named layout.
t_run layout-file 0 "$S" --dict "$W" --rack ST --layout "$TK_TOP/data/layouts/standard.txt" "$G/cat.board"
t_golden layout-file-golden "$G/cat-ST.txt"

# ---- CGP and batches ----------------------------------------------------------------
t_run cgp-arg 0 "$S" --dict "$W" '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 ST/ 0/0 0'
t_golden cgp-arg-golden "$G/cgp-arg.txt"
t_run batch-count 1 "$S" --dict "$W" --count --cgp "$G/batch.cgp"
t_golden batch-count-golden "$G/batch-count.txt"
t_grep batch-error-line 'batch.cgp:2: CGP: 3 rows, expected 15' "$ERR"
t_run batch-json 1 sh -c "cd '$G' && '$S' --dict words.txt --json --top 2 batch.cgp"
t_golden batch-json-golden "$G/batch-top2.json"
"$S" --dict "$W" --json --jobs 1 "$G/batch.cgp" > "$T_TMP/j1" 2>/dev/null
"$S" --dict "$W" --json --jobs 3 "$G/batch.cgp" > "$T_TMP/j3" 2>/dev/null
t_same batch-jobs-same-order "$T_TMP/j1" "$T_TMP/j3"
# A bigger batch: 200 copies, threads must keep the order.
i=0; : > "$T_TMP/big.cgp"
while [ $i -lt 100 ]; do cat "$G/batch.cgp" >> "$T_TMP/big.cgp"; i=$((i + 1)); done
"$S" --dict "$W" --count --jobs 1 "$T_TMP/big.cgp" > "$T_TMP/b1" 2>/dev/null
"$S" --dict "$W" --count --jobs 4 "$T_TMP/big.cgp" > "$T_TMP/b4" 2>/dev/null
t_same big-batch-jobs "$T_TMP/b1" "$T_TMP/b4"
t_grep big-batch-lines '^12$' "$T_TMP/b4"
[ "$(wc -l < "$T_TMP/b4")" -eq 300 ] && t_ok big-batch-300-lines || t_fail big-batch-300-lines "$(wc -l < "$T_TMP/b4") lines"

# ---- --check ---------------------------------------------------------------------
t_run check-legal 0 "$S" --dict "$W" --rack ST --check I7 'S(A)T' "$G/cat.board"
t_golden check-legal-golden "$G/check-SAT.txt"
t_run check-json 0 sh -c "cd '$G' && '$S' --dict words.txt --rack ST --json --check I7 'S.T' cat.board"
t_golden check-json-golden "$G/check-SAT.json"
t_run check-one-arg 0 "$S" --dict "$W" --rack ST --check 'I7 SAT' "$G/cat.board"
t_golden check-one-arg-golden "$G/check-SAT.txt"
t_run check-not-word 1 "$S" --dict "$W" --rack ST --check 9H TS "$G/cat.board"
t_grep check-not-word-msg 'not in the dictionary: TS, CT' "$ERR"
t_run check-not-connected 1 "$S" --dict "$W" --rack ST --check 3A ST "$G/cat.board"
t_grep check-not-connected-msg 'not connected' "$ERR"
t_run check-not-on-rack 1 "$S" --dict "$W" --rack ST --check I7 SAX "$G/cat.board"
t_grep check-not-on-rack-msg 'tile X is not on the rack' "$ERR"
t_run check-blanks 1 "$S" --dict "$W" --rack ST --check I7 's(A)t' "$G/cat.board"
t_grep check-blanks-msg 'blank' "$ERR"
t_run check-gap 1 "$S" --dict "$W" --rack ST --check 8H 'CAT(S)' "$G/cat.board"
t_grep check-gap-msg 'gap in the word at K8' "$ERR"
t_run check-continues 1 "$S" --dict "$W" --rack ST --check 8I ATS "$G/cat.board"
t_grep check-continues-msg 'the word continues' "$ERR"
t_run check-start 1 "$S" --dict "$W" --rack TAS --check 1A TAS "$G/empty.board"
t_grep check-start-msg 'start square H8' "$ERR"
t_run check-json-illegal 1 "$S" --dict "$W" --rack ST --json --check 9H TS "$G/cat.board"
t_grep check-json-illegal-obj '"legal":false' "$OUT"
t_run check-bad-coord 1 "$S" --dict "$W" --rack ST --check 99 ST "$G/cat.board"
t_grep check-bad-coord-msg 'bad coordinate' "$ERR"

# ---- bad data: exit 1, message with row and column --------------------------------
t_run short-board 1 "$S" --dict "$W" --rack ST "$G/short.board"
t_grep short-board-msg 'short.board:.*14 rows, expected 15' "$ERR"
t_run bad-row 1 "$S" --dict "$W" --rack ST "$G/badrow.board"
t_grep bad-row-msg 'badrow.board:4: row 3 has 14 squares, expected 15' "$ERR"
t_run bad-letter 1 "$S" --dict "$W" --rack ST "$G/badletter.board"
t_grep bad-letter-msg "badletter.board:5: row 4, column G: '3' is not a letter" "$ERR"
t_run too-many 1 "$S" --dict "$W" --rack ST "$G/toomany.board"
t_grep too-many-msg "row 8, column L: more 'Z' tiles on the board than the set holds (1)" "$ERR"
t_run floating 1 "$S" --dict "$W" --rack ST "$G/floating.board"
t_grep floating-msg "row 3, column D: tile 'A' is not connected to the start square H8" "$ERR"
t_run no-start 1 "$S" --dict "$W" --rack ST "$G/nostart.board"
t_grep no-start-msg "start square H8 (which is empty)" "$ERR"
t_run rack-too-long 1 "$S" --dict "$W" --rack ABCDEFGH "$G/cat.board"
t_grep rack-too-long-msg 'more than 7 tiles' "$ERR"
t_run rack-bad-letter 1 "$S" --dict "$W" --rack 'AB1' "$G/cat.board"
t_grep rack-bad-letter-msg "'1' is not a letter" "$ERR"
t_run rack-over-set 1 "$S" --dict "$W" --rack ZZ "$G/cat.board"
t_grep rack-over-set-msg "2 'Z' on the rack and 0 on the board, the set holds 1" "$ERR"
t_run rack-three-blanks 1 "$S" --dict "$W" --rack '???' "$G/cat.board"
t_grep rack-three-blanks-msg 'blank' "$ERR"
t_run missing-file 1 "$S" --dict "$W" --rack ST "$T_TMP/no-such-board"
t_run missing-dict 1 "$S" --dict "$T_TMP/no-such-dict" --rack ST "$G/cat.board"
printf 'T..\n.*.\n..x\n' > "$T_TMP/bad.layout"
t_run bad-layout 1 "$S" --dict "$W" --rack ST --layout "$T_TMP/bad.layout" "$G/cat.board"
t_grep bad-layout-msg "bad.layout:3: layout: unknown mark 'x'" "$ERR"
printf '...\n.*.\n...\n' > "$T_TMP/small.layout"
t_run layout-size-mismatch 1 "$S" --dict "$W" --rack ST --layout "$T_TMP/small.layout" "$G/cat.board"
t_grep layout-size-mismatch-msg 'cat.board:2: row 1: more than 3 squares' "$ERR"

# ---- bad usage: exit 2 ----------------------------------------------------------
t_run no-rack 2 "$S" --dict "$W" "$G/cat.board"
t_grep no-rack-msg 'no rack' "$ERR"
t_run bad-top 2 "$S" --dict "$W" --rack ST --top 0 "$G/cat.board"
t_run bad-jobs 2 "$S" --dict "$W" --rack ST --jobs x "$G/cat.board"
t_run bad-lang 2 "$S" --lang xx --rack ST "$G/cat.board"
# not a shipped layout name nor a file: a missing file, exit 1 (as --tiles, --leaves, --dict; tests/cli/test_missing_file.sh)
t_run bad-layout-name 1 "$S" --dict "$W" --layout nosuch --rack ST "$G/cat.board"
t_run bad-option 2 "$S" --frobnicate
t_run two-boards 2 "$S" --dict "$W" --rack ST "$G/cat.board" "$G/cat.board"
t_run check-missing-word 2 "$S" --dict "$W" --rack ST --check I7
t_run count-and-check 2 "$S" --dict "$W" --rack ST --count --check I7 SAT "$G/cat.board"
t_run help 0 "$S" --help
t_grep help-usage 'Usage: skrafl' "$OUT"
t_run version 0 "$S" --version
t_grep version-text 'skrafl (tilekit)' "$OUT"

# ---- output errors ------------------------------------------------------------
if [ -w /dev/full ]; then
    "$S" --dict "$W" --rack ST "$G/cat.board" > /dev/full 2> "$ERR"; rc=$?
    [ $rc -ne 0 ] && t_ok "write-error (exit $rc)" || t_fail write-error "exit 0 on /dev/full"
    t_grep write-error-msg 'write error' "$ERR"
else
    t_skip write-error "/dev/full not available"
fi

# ---- the shared vectors through the CLI (one position; all in check-vectors) --------
V="$TK_SHARED/vectors/skrafl-positions.jsonl"
if [ -f "$V" ] && command -v python3 >/dev/null 2>&1; then
    tr 'A-Z' 'a-z' < "$TK_SHARED/words/en-wamerican-large-upper.txt" > "$T_TMP/wam.txt"
    head -n 20 "$V" | python3 -c '
import json, sys
with open(sys.argv[1], "w") as c, open(sys.argv[2], "w") as w:
    for l in sys.stdin:
        p = json.loads(l)
        c.write(p["cgp"] + "\n")
        w.write(str(p["count"]) + "\n")' "$T_TMP/vec.cgp" "$T_TMP/vec.want"
    "$S" --dict "$T_TMP/wam.txt" --count --cgp "$T_TMP/vec.cgp" > "$T_TMP/vec.got" 2> "$ERR"
    t_same shared-vector-counts "$T_TMP/vec.want" "$T_TMP/vec.got"
else
    t_skip shared-vector-counts "../shared absent"
fi
t_done
