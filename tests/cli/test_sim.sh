# test_sim.sh - skrafl --sim: hand-worked simulations (tests/cli/golden/sksim/
# README), byte-identical output for --jobs 1 and --jobs 4 with the same seed
# and iterations, positions that cannot be simulated, and bad usage.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
S="$TK_BIN/skrafl"
G="$TK_TOP/tests/cli/golden/sksim"
W="$TK_TOP/tests/cli/golden/skrafl/words.txt"
B="$TK_TOP/tests/cli/golden/skrafl/cat.board"
L="$TK_TOP/tests/cli/golden/skgame/st.csv"
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA

# ---- worked by hand -------------------------------------------------------------------------
t_run ctsx 0 "$S" --dict "$W" --tiles "$G/ctsx.tiles" --leaves "$L" --rack ST --sim --plies 1 --exact --wintab none "$B"
t_golden ctsx-table "$G/ctsx-1ply.txt"
t_run csx 0 sh -c "cd '$TK_TOP/tests/cli/golden/skrafl' && '$S' --dict words.txt --tiles ../sksim/csx.tiles \
    --leaves ../skgame/st.csv --rack ST --sim --plies 1 --exact --wintab none --json cat.board"
t_golden csx-json "$G/csx-1ply.json"
t_grep csx-ta '"coord":"I7","word":"TA".*"value":7.250,"stderr":0.750,"win":1.0000,"iterations":8' "$OUT"
t_grep csx-scat '"word":"SCAT".*"value":1.125,"stderr":0.375' "$OUT"
t_grep csx-sat '"word":"SAT".*"value":-0.250,.*"win":0.1250' "$OUT"
# with a win table of scale 10 for every u: the opponent played last, so an iteration's win is
# 1 - W(-F) = 1 / (1 + exp(-F / 10)), in units of 1/10000: TA 6.5 -> 6570 (x7), 12.5 -> 7773:
# 53763 / 80000 = 0.6720; SAT -1 -> 4750 (x7), 5 -> 6225: 39475 / 80000 = 0.4934
t_run csx-wintab 0 "$S" --dict "$W" --tiles "$G/csx.tiles" --leaves "$L" --rack ST --sim --plies 1 --exact \
    --wintab "$G/scale10.csv" --json "$B"
t_grep csx-wintab-ta '"word":"TA".*"win":0.6720' "$OUT"
t_grep csx-wintab-sat '"word":"SAT".*"win":0.4934' "$OUT"
t_run wintab-bad 1 "$S" --dict "$W" --tiles "$G/csx.tiles" --rack ST --sim --wintab "$G/bad-wintab.csv" "$B"
t_grep wintab-bad-msg "bad-wintab.csv:3: bad scale '-3'" "$ERR"
t_run wintab-missing 1 "$S" --dict "$W" --rack ST --sim --wintab "$G/nonexistent.csv" "$B"
# the same without --exact: 8 arrangements, so 4000 random iterations come close
t_run csx-mc 0 "$S" --dict "$W" --tiles "$G/csx.tiles" --leaves "$L" --rack ST --sim --plies 1 --iterations 4000 \
    --candidates 1 --json "$B"
if awk -F'"value":' 'NR == 1 { split($2, a, ","); v = a[1] + 0; exit !(v > 7.0 && v < 7.5) }' "$OUT"; then
    t_ok csx-mc-near; else t_fail csx-mc-near "$(head -c 300 "$OUT")"; fi

# ---- the same seed and iterations, any --jobs --------------------------------------------------
P="$TK_TOP/data/boards/sample.txt"
N=120; [ "${TK_TEST_MODE:-}" = sanitized ] && N=30
for opts in "--plies 2 --candidates 6" "--plies 3 --candidates 4 --confidence 90 --json"; do
    # shellcheck disable=SC2086
    t_run "jobs1 $opts" 0 "$S" --rack 'AEINRT?' --sim $opts --iterations $N --seed 5 --jobs 1 "$P"
    cp "$OUT" "$T_TMP/j1"
    # shellcheck disable=SC2086
    t_run "jobs4 $opts" 0 "$S" --rack 'AEINRT?' --sim $opts --iterations $N --seed 5 --jobs 4 "$P"
    t_same "jobs1=jobs4 $opts" "$T_TMP/j1" "$OUT"
done
t_grep iterations-counted "\"sim\":{\"plies\":3,\"candidates\":4,\"iterations\":" "$T_TMP/j1"
# another seed, another sample
t_run seed6 0 "$S" --rack 'AEINRT?' --sim --plies 2 --candidates 6 --iterations $N --seed 6 --jobs 2 "$P"
if cmp -s "$OUT" "$T_TMP/j1"; then t_fail seed6-differs "same output for seeds 5 and 6"; else t_ok seed6-differs; fi
# a CGP line (the scores give the spread)
t_run cgp 0 "$S" --sim --iterations 20 --candidates 3 --jobs 2 \
    '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEINRST/ 100/40 0;'
t_grep cgp-header '^# line 1: sim: rack AEINRST, plies 2, candidates 3, iterations 20' "$OUT"

# ---- the self-play player sim: same games whatever --jobs ------------------------------------------
t_run player-j1 0 "$S" --selfplay 2 --players sim,equity --candidates 2 --iterations 4 --seed 8 --jobs 1
cp "$OUT" "$T_TMP/p1"
t_grep player-json '"players":\["sim","equity"\]' "$OUT"
t_run player-j2 0 "$S" --selfplay 2 --players sim,equity --candidates 2 --iterations 4 --seed 8 --jobs 2
t_same player-j1=j2 "$T_TMP/p1" "$OUT"
t_run player-bad 2 "$S" --selfplay 1 --players sim,random

# ---- not simulable, bad usage --------------------------------------------------------------------
t_run no-play 1 "$S" --dict "$W" --tiles "$G/catx.tiles" --rack X --sim "$B"
t_grep no-play-msg 'cat.board: cannot simulate: no legal play' "$ERR"
t_run empty-bag 1 "$S" --dict "$W" --tiles "$G/cats.tiles" --rack S --sim "$B"
t_grep empty-bag-msg 'the bag is empty.*use the endgame solver' "$ERR"
t_run plies-alone 2 "$S" --dict "$W" --rack ST --plies 2 "$B"
t_grep plies-alone-msg 'go with --sim' "$ERR"
t_run sim-count 2 "$S" --dict "$W" --rack ST --sim --count "$B"
t_run confidence-bad 2 "$S" --dict "$W" --rack ST --sim --confidence 30 "$B"
t_run iterations-bad 2 "$S" --dict "$W" --rack ST --sim --iterations 0 "$B"
t_run plies-bad 2 "$S" --dict "$W" --rack ST --sim --plies 9 "$B"
t_run seconds 0 "$S" --rack 'AEINRT?' --sim --seconds 0.3 --candidates 3 "$P"
t_grep seconds-stopped 'stopped by time' "$OUT"
t_run seconds-bad 2 "$S" --dict "$W" --rack ST --sim --seconds -1 "$B"
t_done
