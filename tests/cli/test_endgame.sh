# test_endgame.sh - skrafl --endgame: values worked out by hand, text and
# JSON, --all-best, --show, the six-zero rule, and bad input (the
# pre-endgame: test_preendgame.sh).
#
# The 11-word list of tests/cli/golden/skrafl (act acts as at ca cat cats scat
# sat ta tas), CAT on 8H, and tiny tile sets (tests/cli/golden/endgame) that
# leave the bag empty:
#   S / T: S goes out with 8G S(CAT) or 8H (CAT)S, 6 + 2 x T(1) = +8 (both);
#          (A)S I8 is only 3 + 2 = 5; passing lets T go out for -5.
#   T / S: I7 T(A) or I8 (A)T, 3 + 2 x 1 = +5; passing: S(CAT) 6 + 2 = -8.
#   Z / S: Z has no play: pass, then S goes out with S(CAT) 6 + 2 x 10 = -26.
#   Z / S with 5 scoreless turns counted: the pass ends the game at once,
#          -10 + 1 = -9.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
S="$TK_BIN/skrafl"
W="$TK_TOP/tests/cli/golden/skrafl/words.txt"
T="$TK_TOP/tests/cli/golden/endgame/tiles.txt"
TZ="$TK_TOP/tests/cli/golden/endgame/tiles-z.txt"
B='15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15'
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA

t_run st 0 "$S" --dict "$W" --tiles "$T" --endgame --all-best "$B S/T 0/0 0"
t_grep st-value '^8[GH] .*  value:+8  exact  ' "$OUT"
t_grep st-allbest 'all-best(2): 8G S(CAT) 6, 8H (CAT)S 6' "$OUT"
t_run ts 0 "$S" --dict "$W" --tiles "$T" --endgame "$B T/S 0/0 0"
t_grep ts-value '  value:+5  exact  ' "$OUT"
t_grep ts-out '\[out +2\]' "$OUT"
t_run zs 0 "$S" --dict "$W" --tiles "$TZ" --endgame "$B Z/S 0/0 0"
t_grep zs-pass '^pass  value:-26  exact  depth:[0-9]*  seq: pass / 8G S(CAT) 6 \[out +20\]' "$OUT"
t_run zs-json 0 "$S" --dict "$W" --tiles "$TZ" --endgame --json "$B Z/S 0/0 5"
t_grep zs-sixzero '"value":-9,"exact":true,.*"first":{"kind":"pass","score":0},"sequence":\[{"player":0,"kind":"pass","score":0,"end":-9}\]' "$OUT"
t_run st-json 0 "$S" --dict "$W" --tiles "$T" --endgame --json "$B S/T 0/0 0"
t_grep st-json-seq '"value":8,"exact":true,.*"sequence":\[{"player":0,"kind":"move","coord":"8[GH]",.*"score":6,"end":2}\],"nodes":' "$OUT"
# a board file with --rack and --opp-rack; --show draws the first play; 2 threads
t_run board 0 "$S" --dict "$W" --tiles "$T" --endgame --rack S --opp-rack T --show --jobs 2 \
    "$TK_TOP/tests/cli/golden/skrafl/cat.board"
t_grep board-show '^best: 8[GH]  ' "$OUT"
t_grep board-value 'value:+8  exact' "$OUT"
# anytime limits answer too
t_run limits 0 "$S" --dict "$W" --tiles "$T" --endgame --seconds 5 --plies 1 --tt-mb 1 "$B T/S 0/0 0"
t_grep limits-depth 'depth:1' "$OUT"
# a batch: one line a position, errors in their place
printf '%s\n' "$B S/T 0/0 0" "$B T/S 0/0 0" > "$T_TMP/batch.cgp"
t_run batch 0 "$S" --dict "$W" --tiles "$T" --endgame --jobs 2 "$T_TMP/batch.cgp"
if [ "$(wc -l <"$OUT")" -eq 2 ] && sed -n 2p "$OUT" | grep -q 'value:+5'; then t_ok batch-order
else t_fail batch-order "$(cat "$OUT")"; fi
# a file of one position (a comment and a blank line besides) is searched on all the
# --jobs threads; a batch of two, one position a thread
printf '# one\n\n%s\n' "$B T/S 0/0 0" > "$T_TMP/one.cgp"
t_run one-file 0 "$S" --dict "$W" --tiles "$T" --endgame --jobs 3 -v "$T_TMP/one.cgp"
t_grep one-file-value '  value:+5  exact  ' "$OUT"
t_grep one-file-threads '1 position, searched on 3 threads' "$ERR"
t_run two-file 0 "$S" --dict "$W" --tiles "$T" --endgame --jobs 1 -v "$T_TMP/batch.cgp"
t_grep two-file-threads '2 positions, 1 thread$' "$ERR"

# ---- bad input ------------------------------------------------------------------------
t_run not-endgame 1 "$S" --dict "$W" --endgame "$B S/T 0/0 0"
t_grep not-endgame-msg 'not an endgame: 95 tiles in the bag' "$ERR"
t_run no-opp 1 "$S" --dict "$W" --tiles "$T" --endgame --rack S "$TK_TOP/tests/cli/golden/skrafl/cat.board"
t_grep no-opp-msg 'no opponent rack: give --opp-rack' "$ERR"
t_run too-many 1 "$S" --dict "$W" --tiles "$T" --endgame "$B SS/T 0/0 0"
t_grep too-many-msg 'set holds' "$ERR"
# six scoreless turns end a game: a count of 6 or more is no position (found by fuzz_skcgp;
# a count over 255 also mixed with the pass state in the transposition table's key)
t_run zeroless-6 1 "$S" --dict "$W" --tiles "$TZ" --endgame "$B Z/S 0/0 6"
t_grep zeroless-6-msg '<argument>:1: CGP: bad count of scoreless turns (0 to 5: six end the game)' "$ERR"
t_run zeroless-300 1 "$S" --dict "$W" --tiles "$TZ" --endgame "$B Z/S 0/0 300"
t_run bad-seconds 2 "$S" --dict "$W" --endgame --seconds x "$B S/T 0/0 0"
t_run bad-plies 2 "$S" --dict "$W" --endgame --plies 0 "$B S/T 0/0 0"
t_run both-modes 2 "$S" --dict "$W" --endgame --preendgame "$B S/T 0/0 0"
t_run bad-json 1 "$S" --dict "$W" --endgame --json "$B S/T 0/0 0"
t_grep bad-json-error '"error":"not an endgame: 95 tiles in the bag' "$OUT"
t_done
