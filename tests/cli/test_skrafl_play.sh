# test_skrafl_play.sh - skrafl plays the game: leave tables and equity,
# exchanges and the pass, unseen tiles, self-play (determinism across
# --jobs, GCG files that read back and replay to the same scores), GCG
# annotation, and every class of bad input.
#
# With the 11-word list words.txt, CAT on 8H and the rack ST (see
# tests/cli/golden/skrafl/README) the 7 placements score 6 6 5 5 3 3 3.  With
# st.csv (S 9.5, T -2.25, ST 4) the equities are worked out by hand:
#   TA / AT keep S: 3 + 9.5 = 12.5;  AS keeps T: 3 - 2.25 = 0.75;
#   SCAT / CATS keep T: 6 - 2.25 = 3.75;  SAT / TAS keep nothing: 5;
#   exchanges (bag 88): -T keeps S 9.5, -S keeps T -2.25, -ST 0; pass keeps ST 4.
. "$(dirname "$0")/lib.sh"
S="$TK_BIN/skrafl"
G="$TK_TOP/tests/cli/golden/skrafl"
Q="$TK_TOP/tests/cli/golden/skgame"
W="$G/words.txt"
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA

# ---- equity ---------------------------------------------------------------------------
t_run equity 0 "$S" --dict "$W" --rack ST --leaves "$Q/st.csv" "$G/cat.board"
t_grep equity-first '^I7  T(A)  3  equity:12.5  leave:S$' "$OUT"
t_grep equity-second '^I8  (A)T  3  equity:12.5  leave:S$' "$OUT"
t_grep equity-exchange '^xchg  -T  0  equity:9.5  leave:S$' "$OUT"
t_grep equity-pass '^pass  -  0  equity:4.0  leave:ST$' "$OUT"
t_grep equity-scat '^8G  S(CAT)  6  equity:3.75  leave:T$' "$OUT"
# 7 placements + 3 exchanges + the pass, in equity order
if [ "$(wc -l <"$OUT")" -eq 11 ] && [ "$(sed -n 11p "$OUT" | cut -d' ' -f1)" = xchg ]; then t_ok equity-11-plays
else t_fail equity-11-plays "$(cat "$OUT")"; fi
t_run equity-json 0 "$S" --dict "$W" --rack ST --leaves "$Q/st.csv" --json -n 1 "$G/cat.board"
t_grep equity-json-fields '"score":3,"leave":"S","leave_value":9.5,"equity":12.5' "$OUT"
t_run sort-score 0 "$S" --dict "$W" --rack ST --leaves "$Q/st.csv" --sort score -n 2 "$G/cat.board"
t_grep sort-score-first '^8G  S(CAT)  6  equity:3.75' "$OUT"
t_run count-apart 0 "$S" --dict "$W" --rack ST --leaves "$Q/st.csv" --count --json "$G/cat.board"
t_grep count-apart-json '"count":7,"exchanges":3,"passes":1' "$OUT"
t_run count-plain 0 "$S" --dict "$W" --rack ST --leaves "$Q/st.csv" --count "$G/cat.board"
t_grep count-plain-7 '^7$' "$OUT"
t_run check-both 0 "$S" --dict "$W" --rack ST --leaves "$Q/st.csv" --check 8G 'S(CAT)' "$G/cat.board"
t_grep check-both-ranks 'rank by score 1, by equity 7 of 11 plays' "$OUT"
t_run unseen 0 "$S" --dict "$W" --unseen -n 1 '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 ST/ 0/0 0'
t_grep unseen-count '^unseen 95: AAAAAAAABBCDDDDEEEEEEEEEEEEFFGGGHHIIIIIIIIIJKLLLLMMNNNNNNOOOOOOOOPPQRRRRRRSSSTTTTUUUUVVWWXYYZ??  bag 88$' "$OUT"
t_run exchanges-score 0 "$S" --dict "$W" --rack ST --exchanges --sort score --count --json "$G/cat.board"
t_grep exchanges-score-count '"exchanges":3' "$OUT"

# ---- bad input --------------------------------------------------------------------------
t_run leaves-bad 1 "$S" --dict "$W" --rack ST --leaves "$Q/bad.csv" "$G/cat.board"
t_grep leaves-bad-located "bad.csv:4: bad value 'oops'" "$ERR"
t_run leaves-missing 1 "$S" --dict "$W" --rack ST --leaves "$Q/nonexistent.csv" "$G/cat.board"
t_run sort-bad 2 "$S" --dict "$W" --rack ST --sort height "$G/cat.board"
t_grep sort-bad-msg "unknown --sort 'height'" "$ERR"
t_run players-bad 2 "$S" --selfplay 1 --players score,random
t_run players-one 2 "$S" --selfplay 1 --players score
t_run selfplay-zero 2 "$S" --selfplay 0
t_run seed-bad 2 "$S" --selfplay 1 --seed -4
t_run gcgdir-bad 1 "$S" --selfplay 1 --gcg "$Q/st.csv"
t_run gcg-missing 1 "$S" --gcg "$Q/nonexistent.gcg"

# ---- self-play ----------------------------------------------------------------------------
t_run selfplay-j1 0 "$S" --selfplay 6 --seed 11 --leaves "$Q/st.csv" --jobs 1
cp "$OUT" "$T_TMP/j1"
t_run selfplay-j3 0 "$S" --selfplay 6 --seed 11 --leaves "$Q/st.csv" --jobs 3
t_same selfplay-same-any-jobs "$T_TMP/j1" "$OUT"
t_grep selfplay-fields '^{"game":6,"seed":[0-9]*,"players":\["equity","score"\],"first":"score","scores":\[[0-9-]*,[0-9-]*\],"winner":"[a-z]*","turns":[0-9]*}$' "$OUT"
t_run selfplay-other-seed 0 "$S" --selfplay 6 --seed 12 --leaves "$Q/st.csv" --jobs 2
if cmp -s "$T_TMP/j1" "$OUT"; then t_fail selfplay-seed-matters "seeds 11 and 12 gave the same games"
else t_ok selfplay-seed-matters; fi
mkdir -p "$T_TMP/games"
t_run selfplay-gcg 0 "$S" --selfplay 4 --seed 5 --leaves "$Q/st.csv" --players score,equity --gcg "$T_TMP/games"
cp "$OUT" "$T_TMP/sp"
for i in 1 2 3 4; do
    t_run "gcg-read-$i" 0 "$S" --gcg "$T_TMP/games/game-$i.gcg" --leaves "$Q/st.csv" --json
    if grep -q '"score_ok":false\|"total_ok":false\|"legal":false' "$OUT" || [ -s "$ERR" ]; then
        t_fail "gcg-replay-$i" "$(grep -m 3 'false' "$OUT") $(head -c 200 "$ERR")"
    else t_ok "gcg-replay-$i"; fi
    # The replayed totals: each player's last total equals the self-play score.
    line=$(sed -n "${i}p" "$T_TMP/sp")
    for p in score equity; do
        want=$(echo "$line" | sed 's/.*"players":\["\([a-z]*\)","\([a-z]*\)"\],"first":"[a-z]*","scores":\[\([0-9-]*\),\([0-9-]*\)\].*/\1 \3 \2 \4/' |
               awk -v p="$p" '{ if ($1 == p) print $2; else print $4 }')
        got=$(grep "\"player\":\"$p\"" "$OUT" | tail -n 1 | sed 's/.*"total":\([0-9-]*\).*/\1/')
        if [ -n "$want" ] && [ "$want" = "$got" ]; then t_ok "gcg-total-$i-$p"
        else t_fail "gcg-total-$i-$p" "self-play $want, replay $got"; fi
    done
done

# --verbose's averages, counted again from the games' GCG files and JSON lines:
# a bingo is a placement (a coordinate) of 7 tiles (the word less its '.'
# letters), an exchange a play written -TILES (end-of-game rack lines,
# `(RACK) +N`, are neither); the points are the players' final scores.
mkdir -p "$T_TMP/avg"
t_run selfplay-averages 0 "$S" --selfplay 10 --seed 7 --players score,equity --gcg "$T_TMP/avg" -v
want=$(cat "$T_TMP/avg"/game-*.gcg | awk -v n=10 '
    /^>/ { p = substr($1, 2, length($1) - 2); w = $4; gsub(/\./, "", w)
           if ($3 ~ /^-./) x[p]++
           else if ($3 ~ /^[0-9A-Za-z]/ && $4 !~ /^\(/ && length(w) == 7) b[p]++ }
    END { printf "%.3f bingos, %.3f exchanges; %.3f bingos, %.3f exchanges\n",
                 b["score"] / n, x["score"] / n, b["equity"] / n, x["equity"] / n }')
pts=$(sed 's/.*"scores":\[\([0-9-]*\),\([0-9-]*\)\].*/\1 \2/' "$OUT" |
      awk '{ a += $1; b += $2; d += $1 - $2 } END { printf "score %.2f points equity %.2f points spread %+.2f", a / NR, b / NR, d / NR }')
got=$(grep '^skrafl: a game on average:' "$ERR" |
      sed 's/.*score \([0-9.]*\) points, \([0-9.]*\) bingos, \([0-9.]*\) exchanges; equity \([0-9.]*\) points, \([0-9.]*\) bingos, \([0-9.]*\) exchanges; spread \([0-9.+-]*\) .*/\2 bingos, \3 exchanges; \5 bingos, \6 exchanges|score \1 points equity \4 points spread \7/')
if [ -n "$got" ] && [ "$got" = "$want|$pts" ]; then t_ok selfplay-averages-recount
else t_fail selfplay-averages-recount "reported '$got', recounted '$want|$pts'"; fi
if echo "$want" | awk '{ exit !($1 + $5 > 0 && $3 + $7 > 0) }'; then t_ok selfplay-averages-some
else t_fail selfplay-averages-some "no bingo or no exchange in 10 games ($want): too little checked"; fi

# ---- GCG annotation --------------------------------------------------------------------------
# (--lexicon en: the games name no lexicon, so words are judged only with a dictionary chosen)
t_run gcg-bad 1 "$S" --lexicon en --gcg "$Q/bad.gcg"
t_grep gcg-bad-located "bad.gcg:5: bad coordinate '99Z'" "$ERR"
t_grep gcg-bad-score-check '^4: >ann: AEINRST 8D RETAINS +70 70  SCORE 66 by the rules  legal' "$OUT"
# RORGED down from D8 (R already there): R1 O1 R1 G2 E1 D2 = 8, E on D12 (a double word): 16
t_grep gcg-bad-phony '^6: >ben: DEGNORT D8 .ORGED +22 22  SCORE 16 by the rules  ILLEGAL: .*RORGED' "$OUT"
t_grep gcg-bad-goes-on '^8: >ben: EFGHIJK - +0 22  score ok  legal' "$OUT"
t_run gcg-bad-json 1 "$S" --lexicon en --gcg "$Q/bad.gcg" --json
t_grep gcg-bad-json-line '"line":7,"player":"ann","kind":"exchange","rack":"ABC","play":"-ABC"' "$OUT"
# A withdrawn phony goes back off the board: ann's RE through D8 only fits if
# the ORGED tiles were taken away; the challenge bonus counts in the totals.
t_run gcg-phony 0 "$S" --lexicon en --gcg "$Q/phony.gcg"
t_grep gcg-phony-illegal '^5: >ben: DEGNORT D8 .ORGED +22 22  SCORE 16 by the rules  ILLEGAL' "$OUT"
t_grep gcg-phony-withdrawn '^6: >ben: DEGNORT -- -22 0  score ok$' "$OUT"
t_grep gcg-phony-after '^7: >ann: EEEEEEE D8 .E +2 68  score ok  legal' "$OUT"
t_grep gcg-phony-challenge '^8: >ann: EEEEEE (challenge) +5 73$' "$OUT"
t_grep gcg-phony-pass '^9: >ben: DEGNORT - +0 0  score ok  legal' "$OUT"
# ---- --pairs: games 2k-1 and 2k draw the same tiles, seats swapped (duplicate) ------------------
# Two equal players (the shipped table, once by name): each pair is one game
# played twice, so the second game's scores are the first's, swapped, with the
# same seed; the pair rating is then exactly 50% with no pair split.
t_run pairs-mirror 0 "$S" --selfplay 8 --pairs --seed 5 --players equity,equity:en -v
awk -F'"scores":\\[' 'NR % 2 { split($2, a, /[],]/); s1 = a[1]; s2 = a[2]; next }
     { split($2, b, /[],]/); if (b[1] != s2 || b[2] != s1) bad = 1 } END { exit bad }' "$OUT" &&
    [ "$(grep -c '"game"' "$OUT")" -eq 8 ] && t_ok pairs-mirror-scores || t_fail pairs-mirror-scores "$(head -c 400 "$OUT")"
t_grep pairs-mirror-rating "4 pairs, 0 split: equity scores 50.00% over the pairs" "$ERR"
t_run pairs-differ 0 "$S" --selfplay 8 --pairs --seed 5 --players equity,score
seeds=$(sed 's/.*"seed":\([0-9]*\).*/\1/' "$OUT" | uniq | wc -l | tr -d ' ')
[ "$seeds" -eq 4 ] && t_ok pairs-seeds || t_fail pairs-seeds "$seeds distinct seeds in a row, not 4"
t_run pairs-odd 2 "$S" --selfplay 3 --pairs
t_grep pairs-odd-msg "--pairs needs --selfplay with an even number of games" "$ERR"

t_done
