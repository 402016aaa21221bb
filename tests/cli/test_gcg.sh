# test_gcg.sh - skrafl --gcg reviews GCG game records (issue 23): the reader's
# tolerance (notes after the total, #note lines, tabs, lower-case
# coordinates, withdrawals old and new, clashing nicknames, ISO-8859-1,
# partial racks), its refusals (three players, another alphabet or
# language, binary data), #lexicon, many files and directories at once,
# --turn/--show, --cgp-at and --top.
#
# The test games are in tests/cli/golden/gcg/*.gcg; every score they hold was
# worked out by hand (standard board, English tile values):
#   trailing.gcg  FAKER 8D: F on D8 (DL) 8 + A K E R 8 = 16, H8 doubles: 32.
#                 STOA down E5 (S T O new, A on the board): 4, E5 doubles: 8.
#                 LOUTS down I4: L O U S 4 + T on I7 (DL) 2 = 6, plus the
#                 cross-word FAKERS 13: 19.  EX down G8: X on G9 (DL) 16 + E 1: 17.
#   withdraw.gcg  RETAINS 8D: R on D8 (DL) 2 + 6 = 8, doubled 16, bingo: 66.
#                 RORGED / RODGER down D8: 1+1+1+2+1+2 = 8, D12 doubles: 16.
#                 RODENT down D8: 7, doubled: 14.  GR left: 3, booked +3/-3.
#   clash.gcg     LOT 13B: C13 doubles 3: 6.  (ABC) +2x: 2 x 7 = 14.
#   nwl.gcg       QI 8G: 11, H8 doubles: 22.  DIN down H7: 4.
#   partial.gcg   CAT 8G: 5, doubled: 10.  BAT down H7: 5.
#   sixzero.gcg   AEEIOUU: 7, BCDFGHJ: 26 (each loses the own rack).
# Goldens hold the JSON lines up to the ranking (equity, rank, best are
# other modules' business and change with them): see strip().
. "$(dirname "$0")/lib.sh"
S="$TK_BIN/skrafl"
D="$TK_TOP/tests/cli/golden/gcg"
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
# no lexicon is installed unless a test installs it
XDG_DATA_HOME="$T_TMP/xdg"; export XDG_DATA_HOME
mkdir -p "$XDG_DATA_HOME"

strip() {
    sed -e 's/,"equity":.*$/}/' -e 's/"lost":[-0-9.]*,//g' -e 's/"ranked":[0-9]*,//g' \
        -e 's,"file":"[^"]*/,"file":",' "$OUT" >"$T_TMP/strip"
    cp "$T_TMP/strip" "$OUT"
}
lines() { wc -l <"$1" | tr -d ' '; }

# ---- a Quackle-style game: notes after the total, tabs, lower case, #note ---------------------
t_run trailing 0 "$S" --gcg "$D/trailing.gcg" --json
cp "$OUT" "$T_TMP/trailing.json"
t_grep trailing-faker '"line":9,"player":"ann","kind":"move","rack":"AEFKLRT","play":"8D FAKER","turn":1,"score":32,"computed":32,"score_ok":true' "$OUT"
t_grep trailing-stoa '"play":"E5 STO.","turn":2,"score":8,"computed":8,"score_ok":true,"total":8,"total_ok":true,"legal":true,"words":\[{"word":"STOA","ok":true}\]' "$OUT"
t_grep trailing-louts '"play":"I4 LOUTS","turn":3,"score":19,"computed":19,"score_ok":true,"total":51,"total_ok":true,"legal":true,"words":\[{"word":"LOUTS","ok":true},{"word":"FAKERS","ok":true}\]' "$OUT"
t_grep trailing-ex '"play":"G8 .X","turn":6,"score":17,"computed":17,"score_ok":true,"total":25' "$OUT"
t_grep trailing-note-after-total '"note":"a fine start"}' "$OUT"
t_grep trailing-note-lines '"note":"STOA\\u000aben thought about\\u000aSTOAE and other words\\u000a  (a note of three lines)"' "$OUT"
t_grep trailing-note-crosswords '"note":"LOUTS, FAKERS"' "$OUT"
t_grep trailing-challenge '"line":15,"player":"ann","kind":"challenge","rack":"EIMNOPR","play":"(challenge)","score":5,"total":56,"total_ok":true}' "$OUT"
t_grep trailing-count-exchange '"line":16,"player":"ben","kind":"exchange","rack":"ADEGINR","play":"-3","turn":4,"score":0,"computed":0,"score_ok":true' "$OUT"
t_grep trailing-time '"kind":"time","rack":"EIMNOPR","play":"(time)","score":-10,"total":46,"total_ok":true}' "$OUT"
t_grep trailing-summary '"kind":"summary","players":\[{"nick":"ann","name":"Ann Arbor","final":46,"plays":3,' "$OUT"
t_grep trailing-title '"title":"A test game","id":"tilekit test-0001","events":8,"score_errors":0,"total_errors":0,"problems":0}' "$OUT"
# the best play is a whole word, board tiles in parentheses (SEDATION through the A: 86)
t_grep trailing-best-paren '"best":{"play":"E5 SED(A)TION","score":86' "$OUT"
if [ -s "$ERR" ]; then t_fail trailing-quiet "$(cat "$ERR")"; else t_ok trailing-quiet; fi
strip; t_golden trailing-golden "$D/trailing.json"
t_run trailing-text 0 "$S" --gcg "$D/trailing.gcg"
t_grep trailing-text-line '^14: >ann: EILOSTU I4 LOUTS +19 51  score ok  legal' "$OUT"
t_grep trailing-text-summary '^== .*trailing.gcg: ann 46, ben 25; 8 events, 0 score errors, 0 total errors, 0 problems; words: ENABLE2K$' "$OUT"
t_grep trailing-text-table '^Ann Arbor  *1  *3 ' "$OUT"

# ---- withdrawals: -- -N, and the older -- +0 with the total before the phony --------------------
t_run withdraw 0 "$S" --gcg "$D/withdraw.gcg" --json
t_grep withdraw-phony '"line":5,"player":"ben","kind":"move","rack":"DEGNORT","play":"D8 .ORGED","turn":2,"score":16,"computed":16,"score_ok":true,"total":16,"total_ok":true,"legal":false,"reason":"not in ENABLE2K: RORGED"' "$OUT"
t_grep withdraw-new '"line":6,"player":"ben","kind":"withdrawn","rack":"DEGNORT","play":"--","score":-16,"computed":-16,"score_ok":true,"total":0,"total_ok":true}' "$OUT"
t_grep withdraw-old '"line":9,"player":"ben","kind":"withdrawn","rack":"DEGNORT","play":"--","score":0,"computed":-16,"score_ok":true,"total":0,"total_ok":true}' "$OUT"
t_grep withdraw-after '"line":11,"player":"ben","kind":"move","rack":"DEGNORT","play":"D8 .ODENT","turn":6,"score":14,"computed":14,"score_ok":true' "$OUT"
t_grep withdraw-two-line-out '"line":12,"player":"ann","kind":"endrack","rack":"","play":"(GR)","score":3,"computed":3,"score_ok":true,"total":69,"total_ok":true}' "$OUT"
t_grep withdraw-two-line-own '"line":13,"player":"ben","kind":"endrack","rack":"GR","play":"(GR)","score":-3,"computed":-3,"score_ok":true,"total":11,"total_ok":true}' "$OUT"
t_grep withdraw-phonies '"nick":"ben","name":"Ben","final":11,"plays":3,.*"phonies":2' "$OUT"
strip; t_golden withdraw-golden "$D/withdraw.json"

# ---- clashing nicknames: told apart by turn order, one warning ----------------------------------
t_run clash 0 "$S" --gcg "$D/clash.gcg" --json
t_grep clash-warning "clash.gcg: warning: both players are called 'bob': told apart by turn order" "$ERR"
[ "$(lines "$ERR")" = 1 ] && t_ok clash-one-warning || t_fail clash-one-warning "$(cat "$ERR")"
t_grep clash-lot '"line":8,"player":"bob","kind":"move","rack":"EILLMOO","play":"13B LO.","turn":5,"score":6,"computed":6,"score_ok":true,"total":72,"total_ok":true' "$OUT"
t_grep clash-endrack '"line":9,"player":"bob","kind":"endrack","rack":"","play":"(ABC)","score":14,"computed":14,"score_ok":true,"total":86,"total_ok":true' "$OUT"
t_grep clash-players '"players":\[{"nick":"bob","name":"Bob Smith","final":86,"plays":3,.*{"nick":"bob","name":"Bob Jones","final":14,"plays":2,' "$OUT"
if grep -q '"total_ok":false' "$OUT"; then t_fail clash-totals "$(grep -m1 false "$OUT")"; else t_ok clash-totals; fi
strip; t_golden clash-golden "$D/clash.json"

# a nickname no #player line names, while a declared player has no event: taken as that player
sed 's/^>ben:/>Benjamin:/' "$D/withdraw.gcg" >"$T_TMP/alias.gcg"
t_run alias 0 "$S" --gcg "$T_TMP/alias.gcg" --json
t_grep alias-warning "alias.gcg: warning: no #player line names 'Benjamin': its events are taken as ben's" "$ERR"
t_grep alias-player '"line":11,"player":"ben","kind":"move","rack":"DEGNORT","play":"D8 .ODENT"' "$OUT"

# ---- encodings: no #character-encoding = ISO-8859-1 for bytes that are not UTF-8 ----------------
t_run latin1 0 "$S" --gcg "$D/latin1.gcg" --json
t_grep latin1-names '{"nick":"jose","name":"José García",.*{"nick":"zoe","name":"Zoë Ångström",' "$OUT"
t_grep latin1-note '"note":"café au lait"' "$OUT"
t_run utf8 0 "$S" --gcg "$D/utf8.gcg" --json
t_grep utf8-names '{"nick":"jose","name":"José García",.*{"nick":"zoe","name":"Zoë",' "$OUT"

# ---- partial racks: no rank, no best play -------------------------------------------------------
t_run partial 0 "$S" --gcg "$D/partial.gcg" --json
# (the game names no lexicon: words are looked up, not judged)
t_grep partial-cat '"line":4,"player":"ann","kind":"move","rack":"ACT","play":"8G CAT","turn":1,"score":10,"computed":10,"score_ok":true,"total":10,"total_ok":true,"legal":null,"reason":"every word is in ENABLE2K (the game names no lexicon)","words":\[{"word":"CAT","ok":true}\],"partial":true}' "$OUT"
t_grep partial-no-lexicon-warning "partial.gcg: warning: the game names no lexicon (#lexicon): words are looked up in ENABLE2K but not judged" "$ERR"
t_grep partial-full-ranked '"line":5,.*"play":"H7 B.T","turn":2,"score":5,"computed":5,"score_ok":true,.*"rank_score":' "$OUT"
t_grep partial-exchange '"line":6,"player":"ann","kind":"exchange","rack":"EO","play":"-2","turn":3,"score":0,"computed":0,"score_ok":true,"total":10,"total_ok":true,"partial":true}' "$OUT"
strip; t_golden partial-golden "$D/partial.json"

# ---- six scoreless turns: each loses the own rack; negative totals ------------------------------
t_run sixzero 0 "$S" --gcg "$D/sixzero.gcg" --json
t_grep sixzero-ann '"line":11,"player":"ann","kind":"endrack","rack":"AEEIOUU","play":"(AEEIOUU)","score":-7,"computed":-7,"score_ok":true,"total":59,"total_ok":true}' "$OUT"
t_grep sixzero-ben '"line":12,"player":"ben","kind":"endrack","rack":"BCDFGHJ","play":"(BCDFGHJ)","score":-26,"computed":-26,"score_ok":true,"total":-26,"total_ok":true}' "$OUT"

# ---- refused files: one clear message each --------------------------------------------------------
for f in three three-nicks polish osps junk; do
    t_run "refuse-$f" 1 "$S" --gcg "$D/$f.gcg"
    [ "$(lines "$ERR")" = 1 ] && t_ok "refuse-$f-one-message" || t_fail "refuse-$f-one-message" "$(cat "$ERR")"
    [ -s "$OUT" ] && t_fail "refuse-$f-no-output" "$(head -c 200 "$OUT")" || t_ok "refuse-$f-no-output"
done
t_run refuse-three 1 "$S" --gcg "$D/three.gcg"
t_grep refuse-three-msg 'three.gcg:3: #player3: a game of more than two players' "$ERR"
t_run refuse-three-nicks 1 "$S" --gcg "$D/three-nicks.gcg"
t_grep refuse-three-nicks-msg "three-nicks.gcg:3: a third player 'cid': a game of more than two players" "$ERR"
t_run refuse-polish 1 "$S" --gcg "$D/polish.gcg"
t_grep refuse-polish-msg "polish.gcg:5: 'Ć' is not a letter of this alphabet: a game in another language" "$ERR"
t_run refuse-osps 1 "$S" --gcg "$D/osps.gcg"
t_grep refuse-osps-msg "osps.gcg: the game's lexicon OSPS49 is of another language (pl)" "$ERR"
t_run refuse-junk 1 "$S" --gcg "$D/junk.gcg"
t_grep refuse-junk-msg 'junk.gcg:2: binary data (a NUL byte): not a GCG file' "$ERR"

# ---- #lexicon: not installed (words not judged), then installed ---------------------------------
t_run nwl-missing 0 "$S" --gcg "$D/nwl.gcg" --json
t_grep nwl-missing-warning "nwl.gcg: warning: the game's lexicon NWL23 is not installed: words are looked up in ENABLE2K but not judged" "$ERR"
t_grep nwl-missing-qi '"play":"8G QI","turn":1,"score":22,"computed":22,"score_ok":true,"total":22,"total_ok":true,"legal":null,"reason":"not in ENABLE2K: QI (the game.s lexicon NWL23 is not installed)","words":\[{"word":"QI","ok":null}\]' "$OUT"
t_grep nwl-missing-din '"play":"H7 D.N","turn":2,"score":4,"computed":4,"score_ok":true,"total":4,"total_ok":true,"legal":null,"reason":"every word is in ENABLE2K (the game.s lexicon NWL23 is not installed)"' "$OUT"
t_grep nwl-missing-summary '"lexicon":"NWL23","dictionary":"ENABLE2K","judged":false' "$OUT"
printf 'qi\ncat\nretains\n' >"$T_TMP/nwl.txt"
"$TK_BIN/mkdawg" --install NWL23 "$T_TMP/nwl.txt" >/dev/null 2>&1
t_run nwl-installed 0 "$S" --gcg "$D/nwl.gcg" --json
[ -s "$ERR" ] && t_fail nwl-installed-quiet "$(cat "$ERR")" || t_ok nwl-installed-quiet
t_grep nwl-installed-qi '"play":"8G QI","turn":1,"score":22,"computed":22,"score_ok":true,"total":22,"total_ok":true,"legal":true,"words":\[{"word":"QI","ok":true}\]' "$OUT"
t_grep nwl-installed-din '"play":"H7 D.N","turn":2,"score":4,"computed":4,"score_ok":true,"total":4,"total_ok":true,"legal":false,"reason":"not in NWL23: DIN"' "$OUT"
# CGP: lex NAME; and MAGPIE's -lex NAME; load the same lexicon (QI has moves only there: 8G and 8H)
E15='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15'
t_run cgp-lex 0 "$S" --count "$E15 IQ/ 0/0 0 lex NWL23;"
t_grep cgp-lex-count '^2$' "$OUT"
t_run cgp-minus-lex 0 "$S" --count "$E15 IQ/ 0/0 0 -lex NWL23;"
t_grep cgp-minus-lex-count '^2$' "$OUT"
t_run cgp-no-lex 0 "$S" --count "$E15 IQ/ 0/0 0"
t_grep cgp-no-lex-count '^0$' "$OUT"

# ---- many files and directories in one run, in input order, on any number of threads --------------
mkdir -p "$T_TMP/dir/sub"
cp "$D/withdraw.gcg" "$T_TMP/dir/a.gcg"; cp "$D/clash.gcg" "$T_TMP/dir/b.GCG"
cp "$D/sixzero.gcg" "$T_TMP/dir/sub/c.gcg"; echo 'not a game' >"$T_TMP/dir/notes.txt"
t_run dir-j1 0 "$S" --gcg "$T_TMP/dir/" "$D/partial.gcg" --json --jobs 1
cp "$OUT" "$T_TMP/dir1"
order=$(grep '"kind":"summary"' "$OUT" | sed 's/^{"file":"\([^"]*\)".*/\1/' | sed 's,.*/,,' | tr '\n' ' ')
[ "$order" = "a.gcg b.GCG c.gcg partial.gcg " ] && t_ok dir-order || t_fail dir-order "$order"
t_grep dir-table-ben '{"kind":"table","name":"Ben","games":3,"plays":7,' "$OUT"
t_grep dir-table-smith '{"kind":"table","name":"Bob Smith","games":1,"plays":3,' "$OUT"
t_run dir-j3 0 "$S" --gcg "$T_TMP/dir" "$D/partial.gcg" --json --jobs 3
t_same dir-same-any-jobs "$T_TMP/dir1" "$OUT"
t_run dir-text 0 "$S" --gcg "$T_TMP/dir"
t_grep dir-text-table '^player  *games plays ranked  *lost phonies bingos missed$' "$OUT"
[ "$(grep -c '^== ' "$OUT")" = 3 ] && t_ok dir-text-summaries || t_fail dir-text-summaries "$(grep '^== ' "$OUT")"
[ "$(grep -c '^--- ' "$OUT")" = 3 ] && t_ok dir-text-headers || t_fail dir-text-headers "$(grep '^--- ' "$OUT")"
mkdir -p "$T_TMP/empty"
t_run dir-empty 1 "$S" --gcg "$T_TMP/empty"
t_grep dir-empty-msg 'empty: no \*.gcg file in this directory' "$ERR"

# ---- malformed files are located errors; the other files are still reviewed ------------------------
{ printf '#player1 ann Ann\n#player2 ben Ben\n'; head -c 10485760 /dev/zero | tr '\0' x; printf '\n>ann: AEINRST 8D RETAINS +66 66\n'; } >"$T_TMP/long.gcg"
t_run malformed 1 "$S" --gcg "$D/junk.gcg" "$D/offboard.gcg" "$T_TMP/long.gcg" "$T_TMP/missing.gcg" "$D/withdraw.gcg" --json
t_grep malformed-junk 'junk.gcg:2: binary data' "$ERR"
t_grep malformed-offboard 'offboard.gcg:5: 8K: the word (8 letters) runs off the board' "$ERR"
t_grep malformed-long 'long.gcg:3: a line of 10485760 bytes (at most 65536): skipped' "$ERR"
t_grep malformed-missing 'missing.gcg: No such file or directory' "$ERR"
t_grep malformed-offboard-goes-on '"file":"[^"]*offboard.gcg","line":6,"player":"ann","kind":"pass"' "$OUT"
t_grep malformed-long-goes-on '"file":"[^"]*long.gcg","line":4,"player":"ann","kind":"move",.*"score":66,"computed":66,"score_ok":true' "$OUT"
t_grep malformed-others-reviewed '"file":"[^"]*withdraw.gcg","kind":"summary"' "$OUT"

# random bytes without a NUL: refused once, not line by line
awk 'BEGIN { srand(7); for (i = 0; i < 20000; i++) printf "%c", 1 + int(rand() * 255); }' >"$T_TMP/noise.gcg"
t_run noise 1 "$S" --gcg "$T_TMP/noise.gcg"
t_grep noise-binary 'noise.gcg:1: binary data (.* control bytes): not a GCG file' "$ERR"
[ "$(lines "$ERR")" = 1 ] && t_ok noise-one-message || t_fail noise-one-message "$(head -c 300 "$ERR")"

# ---- one turn: --turn, --show, --cgp-at, --top ------------------------------------------------------
t_run turn-show 0 "$S" --gcg "$D/trailing.gcg" --turn 3 --show
t_grep turn-show-line '^14: >ann: EILOSTU I4 LOUTS +19 51  score ok  legal' "$OUT"
t_grep turn-show-played 'turn 3, ann played' "$OUT"
t_grep turn-show-best 'best play' "$OUT"
[ "$(grep -c '^ 8  3W' "$OUT")" = 2 ] && t_ok turn-show-two-boards || t_fail turn-show-two-boards "$(head -c 300 "$OUT")"
t_run turn-svg 0 "$S" --gcg "$D/trailing.gcg" --turn 3 --svg "$T_TMP/t3.svg"
if [ -s "$T_TMP/t3.svg" ] && [ -s "$T_TMP/t3-best.svg" ]; then t_ok turn-svg-files; else t_fail turn-svg-files "no SVG"; fi
t_run show-needs-turn 2 "$S" --gcg "$D/trailing.gcg" --show
# before turn 3: FAKER on row 8 from D, STO down E5-E7; ann holds EILOSTU, ben (next turn) ADEGINR
t_run cgp-at 0 "$S" --gcg "$D/trailing.gcg" --cgp-at 3
t_grep cgp-at-line '^15/15/15/15/4S10/4T10/4O10/3FAKER7/15/15/15/15/15/15/15 EILOSTU/ADEGINR 32/8 0$' "$OUT"
[ "$(lines "$OUT")" = 1 ] && t_ok cgp-at-only || t_fail cgp-at-only "$(cat "$OUT")"
cgp=$(cat "$OUT")
t_run cgp-at-solves 0 "$S" --count "$cgp"
t_run top 0 "$S" --gcg "$D/trailing.gcg" --turn 1 --top 3 --json
t_grep top-three '"top":\[{"play":"[^"]*","score":[0-9]*,"equity":[-0-9.]*},{[^]]*},{[^]]*}\]' "$OUT"
t_done
