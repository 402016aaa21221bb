#!/bin/sh
# test_wordq_sets.sh - Zyzzyva's letter sets in anagram and build racks,
# the --judge word judge, and --limit with --json reporting both the number
# of matches and the number shown.  The expected words are worked out here
# from a small dictionary (every word checked by hand), and the set answers
# are checked against the union of the plain racks they stand for.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
W=$TK_BIN/wordq
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1
printf '%s\n' zoa azo zoo zee zea za al la ax lax lux xu ale lea eta tea ate aloe > words.txt

t_run "-a 'Z[AEIOU][AEIOU]'" 0 "$W" --dict words.txt -a 'Z[AEIOU][AEIOU]'
printf 'AZO\nZEA\nZEE\nZOA\nZOO\n' > want
t_same "Z and two vowels: AZO ZEA ZEE ZOA ZOO" "$OUT" want
t_run "-b 'LX[AU]'" 0 "$W" --dict words.txt -b 'LX[AU]'
printf 'AL\nAX\nLA\nLAX\nLUX\nXU\n' > want
t_same "builds from L X and A or U" "$OUT" want
# the union of the plain racks, answered one by one
for v in A E I O U; do for x in A E I O U; do "$W" --dict words.txt -a "Z$v$x"; done; done | sort -u > union
"$W" --dict words.txt -a 'Z[AEIOU][AEIOU]' > sets
t_same "sets = union of the plain racks" sets union
# a set with a blank: real tiles and set tiles upper case, the blank lower
t_run "-a '[EA]T?'" 0 "$W" --dict words.txt -a '[EA]T?'
printf 'ATe\nETa\nTEa\n' > want
t_same "set + blank: ATe ETa TEa" "$OUT" want
t_run "--json with sets" 0 "$W" --dict words.txt --json -a 'Z[AEIOU][AEIOU]'
t_grep "JSON count 5" '"count":5,' "$OUT"
t_run "too many ways" 1 "$W" --dict words.txt -a '[ABCDEFGHIJ][ABCDEFGHIJ][ABCDEFGHIJ][ABCDEFGHIJ]'
t_grep "says how many ways" "10000 ways" "$ERR"
# a multi-letter tile in brackets is that tile, and stderr says so
printf 'csak\nsca\n' > hu.txt
"$TK_BIN/mkdawg" --alphabet hu-scrabble -o hu.dawg hu.txt 2>/dev/null
t_run "[CS] with Hungarian Scrabble tiles" 0 "$W" --dict hu.dawg -a '[CS]AK'
t_grep "the word with the tile CS" "^\[CS\]AK$" "$OUT"
t_grep "says which reading was taken" "read as the tile" "$ERR"

# --judge
t_run "--judge QI ZA (not in this list)" 1 "$W" --dict words.txt --judge QI ZA
printf 'INVALID\n' > want; t_same "one line: INVALID" "$OUT" want
t_run "--judge ZOA AX" 0 "$W" --dict words.txt --judge ZOA AX
printf 'VALID\n' > want; t_same "one line: VALID" "$OUT" want
t_run "-c with --judge" 1 "$W" --dict words.txt --judge -c ZOA QI
printf 'INVALID\n' > want; t_same "a play with one bad word is INVALID" "$OUT" want
printf 'ZOA AX\nQI\n-c LA\nzee lux\n' > plays
t_run_in "--judge on standard input" 1 plays "$W" --dict words.txt --judge
printf 'VALID\nINVALID\nVALID\nVALID\n' > want; t_same "one verdict a line" "$OUT" want
t_run "words without a query option need --judge" 2 "$W" --dict words.txt ZOA

# --limit with --json: every match counted, the words shown
all=$("$W" --dict words.txt --count -b 'ALEXZOT?' | tr -d ' ')
t_run "--limit 3 --json" 0 "$W" --dict words.txt --limit 3 --json -b 'ALEXZOT?'
t_grep "count is every match ($all)" "\"count\":$all," "$OUT"
t_grep "shown is 3" '"shown":3,' "$OUT"
n=$(grep -o '"words":\[[^]]*\]' "$OUT" | tr ',' '\n' | grep -c .)
if [ "$n" -eq 3 ]; then t_ok "3 words listed"; else t_fail "3 words listed" "$n: $(cat "$OUT")"; fi
t_done
