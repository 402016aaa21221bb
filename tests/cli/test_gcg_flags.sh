#!/bin/sh
# test_gcg_flags.sh - skrafl --gcg flags the errors written in a game file
# that a line-by-line check of the totals lets through (issue 45):
#   carried.gcg          CAT 8H: (3 + 1 + 1) x 2 = 10, written +12 and the
#                        totals follow: ann's 12 is not the 10 the plays add up to;
#   late-withdrawal.gcg  ann's `-- -66` comes after ben's pass: RETAINS can no
#                        longer be taken back (a problem), the -66 takes back
#                        nothing (0 by the rules), RETAINS stays (ben's
#                        .ODENT through its R is then sound);
#   phony withdrawn with the wrong points: `-- -45` after a 16-point play;
#   eg-rack.gcg          tiles c a t t s: CAT, then ben's AS goes out with
#                        ann holding one T (1 point): +2, not (TT) +4, and
#                        ben's 7 is not the 5 his plays add up to;
#   eg-oneline.gcg       +1 for the T without ann's own -1 line: +2 is due;
#   eg-twoline.gcg       +1 and ann's -1: the two-line style, no error.
. "$(dirname "$0")/lib.sh"
t_gcg

# ---- a wrong score carried on by the totals ------------------------------------------------------
t_run carried 0 "$S" --gcg "$D/carried.gcg"
t_grep carried-score '^6: >ann: ACEIRST 8H CAT +12 12  SCORE 10 by the rules  legal' "$OUT"
t_grep carried-summary '^== .*carried.gcg: ann 12 (the plays add up to 10), ben 0; 3 events, 1 score error, 1 total error, 0 problems' "$OUT"
t_run carried-json 0 "$S" --gcg "$D/carried.gcg" --json
t_grep carried-json-sum '"players":\[{"nick":"ann","name":"Ann","final":12,"sum":10,"plays":2,' "$OUT"
t_grep carried-json-ben '{"nick":"ben","name":"Ben","final":0,"plays":1,' "$OUT"
t_grep carried-json-counts '"score_errors":1,"total_errors":1,"problems":0}' "$OUT"

# ---- a withdrawal after the opponent's turn ------------------------------------------------------
t_run late 1 "$S" --gcg "$D/late-withdrawal.gcg"
t_grep late-message "late-withdrawal.gcg:8: a withdrawal ('--') with no play of ann to take back" "$ERR"
t_grep late-line '^8: >ann: EILLMOO -- -66 0  SCORE 0 by the rules$' "$OUT"
t_grep late-board '^9: >ben: DEGNORT D8 .ODENT +14 14  score ok  legal' "$OUT"
t_grep late-summary 'ann 0 (the plays add up to 66), ben 14; 4 events, 1 score error, 1 total error, 1 problem' "$OUT"

# ---- a withdrawal that takes back other points than the play's ------------------------------------
sed 's/--  -16 0/--  -45 -29/' "$D/withdraw.gcg" >"$T_TMP/w45.gcg"
t_run w45 0 "$S" --gcg "$T_TMP/w45.gcg" --json
t_grep w45-line '"line":6,"player":"ben","kind":"withdrawn","rack":"DEGNORT","play":"--","score":-45,"computed":-16,"score_ok":false,"total":-29,"total_ok":true}' "$OUT"

# ---- end racks: the tiles the board leaves, and the two-line style ---------------------------------
t_run eg-rack 0 "$S" $EG --gcg "$D/eg-rack.gcg"
t_grep eg-rack-line '^7: >ben: (TT) +4 7  SCORE 2 by the rules$' "$OUT"
t_grep eg-rack-summary 'ann 10, ben 7 (the plays add up to 5); 3 events, 1 score error, 1 total error, 0 problems' "$OUT"
t_run eg-oneline 0 "$S" $EG --gcg "$D/eg-oneline.gcg"
t_grep eg-oneline-line '^7: >ben: (T) +1 4  SCORE 2 by the rules$' "$OUT"
t_run eg-twoline 0 "$S" $EG --gcg "$D/eg-twoline.gcg"
t_grep eg-twoline-out '^7: >ben: (T) +1 4  score ok$' "$OUT"
t_grep eg-twoline-own '^8: >ann: T (T) -1 9  score ok$' "$OUT"
t_grep eg-twoline-summary 'ann 9, ben 4; 4 events, 0 score errors, 0 total errors, 0 problems' "$OUT"

# ---- the games without errors stay without ---------------------------------------------------------
for f in trailing withdraw clash sixzero; do
    t_run "clean-$f" 0 "$S" --gcg "$D/$f.gcg" --json
    if grep -q '"sum":' "$OUT"; then t_fail "clean-$f-sum" "$(grep -o '"players".*' "$OUT")"; else t_ok "clean-$f-sum"; fi
done
t_done
