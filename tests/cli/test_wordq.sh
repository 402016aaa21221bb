# test_wordq.sh - CLI tests of `wordq`: answers on a 21-word dictionary
# (tests/cli/golden/wordq/words.txt) checked on paper, the stdin and
# command-line forms, JSON, --count, --sort, --limit, --min/--max, the word
# judge's exit status, bad queries (located message, the batch goes on,
# exit 1), usage errors, --jobs, Icelandic letters.
. "$(dirname "$0")/lib.sh"
W="$TK_BIN/wordq"
G="$TK_TOP/tests/cli/golden/wordq"
D="--lang en --dict $G/words.txt"

# ---- the answers (golden files checked by hand against words.txt) ----
t_run_in queries 1 "$G/queries.txt" $W $D;            t_golden queries-out "$G/queries.out"
t_run_in json 1 "$G/queries.txt" $W $D --json;        t_golden json-out "$G/json.out"
t_run_in count 1 "$G/queries.txt" $W $D --count;      t_golden count-out "$G/count.out"
# the first answers, written out here by hand
printf 'ACRE\nCARE\nRACE\n' > "$T_TMP/want"
t_run anagram 0 $W $D -a ECAR;                        t_same anagram-out "$OUT" "$T_TMP/want"
printf 'ACrE\nCArE\nrACE\n' > "$T_TMP/want"
t_run blank 0 $W $D -a 'eca?';                        t_same blank-lower-case "$OUT" "$T_TMP/want"
printf 'ACRES\nCARED\nCARER\nCARES\n' > "$T_TMP/want"
t_run star-pattern 0 $W $D -p '*RE?';                 t_same star-pattern-out "$OUT" "$T_TMP/want"
printf 'sCAREdrs VALID\nCARED\nCARER\nCARES\nSCARE\n' > "$T_TMP/want"
t_run hooks 0 $W $D -k care;                          t_same hooks-out "$OUT" "$T_TMP/want"
printf 'CARED VALID\n' > "$T_TMP/want"
t_run hooks-none 0 $W $D -k cared;                    t_same hooks-none-out "$OUT" "$T_TMP/want"
printf 'RACe INVALID\nRACE\n' > "$T_TMP/want"
t_run hooks-invalid 0 $W $D -k rac;                   t_same hooks-invalid-out "$OUT" "$T_TMP/want"

# ---- command line = standard input, in order ----
t_run cmdline 1 $W $D -a ECAR -a 'ECA?' --anagram 'rac*' -b 'SRAC?' -p '*RE?' -p '[^s]?[rc]*' -k CARE -c QI ZA -c QI ZQ -a TAC
t_same cmdline-out "$OUT" "$G/queries.out"
t_run same-kind 0 $W $D -a ECAR TAC
printf 'ACRE\nCARE\nRACE\n\nACT\nCAT\n' > "$T_TMP/want"; t_same same-kind-out "$OUT" "$T_TMP/want"

# ---- the word judge: exit 0 only if every word is valid ----
t_run check-one 0 $W $D -c qi;                        t_grep check-one-out '^QI is VALID$' "$OUT"
t_run check-play 0 $W $D -c QI ZA CAT
t_grep check-play-out '^play is VALID$' "$OUT"
t_run check-bad 1 $W $D -c QI ZQ
t_grep check-bad-out '^ZQ is INVALID$' "$OUT";        t_grep check-bad-play '^play is INVALID$' "$OUT"
t_run check-json 1 $W $D --json -c QI ZQ
t_grep check-json-out '^{"query":"-c QI ZQ","kind":"check","play":"INVALID","checked":\["QI","ZQ"\],"valid":\[true,false\],"count":1,"words":\["QI"\]}$' "$OUT"

# ---- filters and order ----
printf 'zA\nACt\nARS\nCAt\nACRe\nCARe\nRACe\nSCAR\nACReS\nCAReS\nSCARe\n' > "$T_TMP/want"
t_run sort-length 0 $W $D -s length -b 'SRAC?';       t_same sort-length-out "$OUT" "$T_TMP/want"
printf 'ACRe\nCARe\n' > "$T_TMP/want"
t_run limit 0 $W $D --limit 2 --min 4 --max 4 -b 'SRAC?'; t_same limit-out "$OUT" "$T_TMP/want"
t_run limit-count 0 $W $D --limit 2 --count -b 'SRAC?'
echo 2 > "$T_TMP/want";                               t_same limit-count-out "$OUT" "$T_TMP/want"
# probability (English bag, 2 blanks; worked out by hand): ACRES, CARED,
# CARES and SCARE tie at 5184 + 11520 + ... ways and stay alphabetical; SCAR
# (432 + 888 + 152 = 1472) comes before ATE (648 + 468 + 27 = 1143) thanks
# to the draws with blanks; QI and ZA tie last at 30
t_run sort-prob 0 $W $D -s probability -p '*'
tr '\n' ' ' < "$OUT" > "$T_TMP/got"
echo 'ACRES CARED CARES SCARE CARER ACRE CARE RACE COAT TACO SCAR ATE EAT ETA TEA TACT ARS ACT CAT QI ZA ' > "$T_TMP/want"
tr -d '\n' < "$T_TMP/want" > "$T_TMP/want1"
t_same sort-prob-order "$T_TMP/got" "$T_TMP/want1"

# ---- bad queries: located, the batch goes on, exit 1 at the end ----
t_run_in bad 1 "$G/bad.txt" $W $D;                    t_golden bad-out "$G/bad.out"
cp "$ERR" "$T_TMP/bad.err"
t_grep bad-letter "^wordq: <stdin>:2: -a AB3: '3' is not a letter of the alphabet (column 6)\$" "$T_TMP/bad.err"
t_grep bad-bracket "^wordq: <stdin>:3: -p C\[AE: unbalanced '\[' (column 5)\$" "$T_TMP/bad.err"
t_grep bad-close "^wordq: <stdin>:4: -p CA\]: unbalanced '\]' (column 6)\$" "$T_TMP/bad.err"
t_grep bad-empty "^wordq: <stdin>:6: -b: empty query\$" "$T_TMP/bad.err"
t_grep bad-kind "^wordq: <stdin>:7: -x CAT: unknown query '-x'" "$T_TMP/bad.err"
t_grep bad-long "^wordq: <stdin>:8: -a A*: more than 64 letters (column 68)\$" "$T_TMP/bad.err"
t_grep bad-star "^wordq: <stdin>:9: -b AB\*: '\*' is not allowed in a build query (column 6)\$" "$T_TMP/bad.err"
t_grep bad-last-answered '^QI is VALID$' "$OUT"
t_run_in bad-json 1 "$G/bad.txt" $W $D --json
t_grep bad-json-obj '^{"query":"-a AB3","kind":"anagram","line":2,"error":"'"'"'3'"'"' is not a letter of the alphabet (column 6)"}$' "$OUT"
t_run bad-arg 1 $W $D -a ECAR -p 'C[AE'
t_grep bad-arg-msg "^wordq: query 2 '-p C\[AE': unbalanced '\['" "$ERR"
t_grep bad-arg-first-answered '^RACE$' "$OUT"

# ---- usage errors: exit 2 ----
t_run usage-sort 2 $W $D --sort size -a ECAR
t_run usage-operand 2 $W $D ECAR;                     t_grep usage-operand-msg "a query starts with" "$ERR"
t_run usage-minmax 2 $W $D --min 5 --max 3 -a ECAR
t_run usage-lang 2 $W --lang xx -a ECAR
t_run usage-missing 2 $W $D -a
t_run lexicon-unknown 1 $W --lexicon NoSuchLexicon -a ECAR
t_grep lexicon-unknown-msg "unknown lexicon 'NoSuchLexicon'" "$ERR"
t_run lexicon-short 1 $W -L NoSuchLexicon -a ECAR
t_run lexicon-with-dict 2 $W $D --lexicon NoSuchLexicon -a ECAR
t_run_in first-line 1 "$G/bad.txt" $W $D --first-line 101
t_grep first-line-msg "^wordq: <stdin>:102: " "$ERR"
t_run help 0 $W --help;                               t_grep help-examples '^Examples:$' "$OUT"

# ---- languages and threads (shipped dictionaries) ----
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
t_run icelandic 0 $W --lang is -c þjóð ÞJÓÐ
t_grep icelandic-out '^ÞJÓÐ is VALID$' "$OUT"
t_run icelandic-pattern 0 $W --lang is --count -p 'þ?ð'
t_run hu-no-tiles 1 $W --lang hu --sort probability -a ALMA
t_grep hu-no-tiles-msg "no tile set for language 'hu'" "$ERR"
awk 'BEGIN { srand(7); split("E A I O N R T L S U D G B C M P F H V W Y K J X Q Z", L, " ");
    for (i = 0; i < 300; i++) { r = ""; for (k = 0; k < 7; k++) r = r L[int(rand() * 26) + 1];
        if (i % 5 == 0) r = substr(r, 1, 6) "?"; print (i % 3 == 0 ? "-b " : "-a ") r } }' > "$T_TMP/batch.txt"
t_run_in jobs1 0 "$T_TMP/batch.txt" $W --jobs 1;      cp "$OUT" "$T_TMP/j1"
t_run_in jobs3 0 "$T_TMP/batch.txt" $W --jobs 3;      t_same jobs3-same-output "$OUT" "$T_TMP/j1"
t_done
