#!/bin/sh
# test_mkdawg.sh - mkdawg end to end: build/dump round trips against
# `sort -u`, --stats/--info on tiny lists (golden files written by hand from
# the figures worked out in tests/test_dawg.c), errors and exit codes.
. "$(dirname "$0")/lib.sh"
M=$TK_BIN/mkdawg
G=$TK_TOP/tests/cli/golden/mkdawg
W=$TK_TOP/data/words
A=$TK_TOP/data/alphabets
# named alphabets (--alphabet en) come from the tree's data when the CLIs are
# not next to it (the sanitizer build sets this too)
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1

# ---- help, version, usage errors ------------------------------------------
t_run "help" 0 "$M" --help
t_grep "help text" "Usage: mkdawg" "$OUT"
t_run "version" 0 "$M" --version
t_grep "version text" "mkdawg (tilekit)" "$OUT"
t_run "no arguments" 2 "$M"
t_grep "no arguments message" "^mkdawg: " "$ERR"
t_run "unknown option" 2 "$M" --frobnicate -o x.dawg "$G/tiny.txt"
t_grep "unknown option named" "frobnicate" "$ERR"
t_run "missing option argument" 2 "$M" -o
t_run "missing word list" 2 "$M" -o x.dawg
t_run "two word lists" 2 "$M" -o x.dawg "$G/tiny.txt" "$G/tiny.txt"
t_run "--dump with --info" 2 "$M" --dump a --info b
t_run "--stats without -o" 2 "$M" --stats --info x.dawg

# ---- tiny lists: figures checked by hand ------------------------------------
cp "$G/tiny.txt" tiny.txt
# an inferred alphabet (asked for) holds only the letters used: the figures of the goldens
t_run "tiny build --stats" 0 "$M" --infer-alphabet --stats -o tiny.dawg tiny.txt
t_golden "tiny --stats" "$G/tiny.stats"
t_run "tiny --info" 0 "$M" --info tiny.dawg
t_golden "tiny --info" "$G/tiny.info"
t_run "tiny --info --json" 0 "$M" --info tiny.dawg --json
t_golden "tiny --info --json" "$G/tiny.json"
t_run "tiny --dump" 0 "$M" --dump tiny.dawg
t_golden "tiny --dump" "$G/tiny.dump"
t_run "--json before --info" 0 "$M" --json --info tiny.dawg
t_golden "--json before --info" "$G/tiny.json"
t_run "--info FILE --json" 0 "$M" --info tiny.dawg --json
t_golden "--info FILE --json" "$G/tiny.json"
t_run "--info of two files, one missing" 1 "$M" --info --json nope.dawg tiny.dawg
t_golden "the good file is still reported" "$G/tiny.json"
t_grep "the missing one is named" "^mkdawg: nope.dawg: " "$ERR"
t_run "--dump of a word list" 0 "$M" --infer-alphabet --dump tiny.txt
t_golden "--dump of a word list" "$G/tiny.dump"
if [ "$(wc -c < tiny.dawg)" -eq 112 ]; then t_ok "tiny file is 112 bytes"; else t_fail "tiny size" "$(wc -c < tiny.dawg) bytes"; fi
t_run "merge build --stats (named alphabet)" 0 "$M" --alphabet en --stats -o merge.dawg "$G/merge.txt"
t_golden "merge --stats: shared list" "$G/merge.stats"

# ---- stdin, -o -, and identical bytes ---------------------------------------
t_run_in "build from stdin" 0 tiny.txt "$M" --infer-alphabet -o stdin.dawg -
t_same "stdin build = file build" tiny.dawg stdin.dawg
t_run "write to stdout" 0 "$M" --infer-alphabet -o - tiny.txt
t_same "-o - = file" "$OUT" tiny.dawg
t_run_in "--dump of a list on stdin" 0 tiny.txt "$M" --dump -
t_golden "--dump of a list on stdin" "$G/tiny.dump"

# ---- round trips against sort -u -----------------------------------------------
roundtrip() {  # name list alphabet(or "") [extra mkdawg args]
    _n=$1; _l=$2; _a=$3
    if [ -n "$_a" ]; then set -- --alphabet "$_a"; else set -- --infer-alphabet; fi
    "$M" --force "$@" -o rt.dawg "$_l" 2>rt.err; _rc=$?
    if [ $_rc -ne 0 ]; then t_fail "$_n build" "exit $_rc: $(head -c 300 rt.err)"; return; fi
    "$M" --dump rt.dawg > rt.dump 2>rt.err || { t_fail "$_n dump" "$(head -c 300 rt.err)"; return; }
    LC_ALL=C sort -u rt.dump > rt.dump.sorted
    tr -d '\r' < "$_l" | grep -v '^$' | LC_ALL=C sort -u > rt.want
    if cmp -s rt.want rt.dump.sorted; then t_ok "$_n: dump = sort -u of the list ($(wc -l < rt.want) words)"
    else t_fail "$_n" "dump differs from sort -u: $(diff rt.want rt.dump.sorted | head -5)"; fi
    if cmp -s rt.dump.sorted rt.dump; then :; else
        case $_n in is|hu*) ;; *) t_fail "$_n order" "dump not in byte order for an ASCII alphabet" ;; esac
    fi
    "$M" --info rt.dawg > rt.info
    _w=$(awk '$1=="words"{print $2}' rt.info)
    if [ "$_w" = "$(wc -l < rt.want | tr -d ' ')" ]; then t_ok "$_n: --info word count"
    else t_fail "$_n --info" "words $_w"; fi
}
roundtrip en "$W/en.txt" en
roundtrip is "$W/is.txt" is
roundtrip hu "$W/hu.txt" "$A/hu.txt"
roundtrip hu-scrabble "$W/hu.txt" hu-scrabble
roundtrip tiny-inferred tiny.txt ""
ENABLE=$TK_SHARED/words/enable1.txt
ENABLE2K=$TK_ENABLE2K
if [ -f "$ENABLE" ]; then
    roundtrip enable1 "$ENABLE" en
    # shuffled, duplicated, partly upper-case, CR LF: same graph, byte for byte
    "$M" -a en -o enable.dawg "$ENABLE" 2>/dev/null
    { awk 'NR % 5 == 0 { print toupper($0) "\r"; next } { print }' "$ENABLE"; head -n 1000 "$ENABLE"; } \
        | awk 'BEGIN{srand(7)} {print rand() "\t" $0}' | sort | cut -f2- > messy.txt
    t_run "messy ENABLE1" 0 "$M" -a en -o messy.dawg messy.txt
    t_same "messy input gives the same file" enable.dawg messy.dawg
    t_run "ENABLE1 --stats" 0 "$M" -a en --stats -o enable2.dawg "$ENABLE"
    t_grep "ENABLE1 states 54166" "^states *54166$" "$OUT"
    t_grep "ENABLE1 transitions 122975" "^transitions *122975$" "$OUT"
    _b=$(wc -c < enable.dawg)
    if [ "$_b" -le 500000 ]; then t_ok "ENABLE1 file $_b bytes <= 500 KB"; else t_fail "ENABLE1 size" "$_b bytes"; fi
else
    t_skip "enable1" "$ENABLE not available"
fi
if [ -f "$ENABLE2K" ]; then
    t_run "ENABLE2K --stats" 0 "$M" -a en --stats -o enable2k.dawg "$ENABLE2K"
    t_grep "ENABLE2K states 54335" "^states *54335$" "$OUT"
    t_grep "ENABLE2K transitions 123451" "^transitions *123451$" "$OUT"
else
    t_skip "enable2k" "$ENABLE2K not available"
fi
# Icelandic dump follows the alphabet's order: á right after a
"$M" -a is -o is.dawg "$W/is.txt" 2>/dev/null
"$M" --dump is.dawg | awk 'substr($0,1,1)=="a"{a=NR} substr($0,1,2)=="á"{if(!f)f=NR} substr($0,1,1)=="b"{if(!b)b=NR} END{exit !(a<f && f<b)}' \
    && t_ok "is: dump in Icelandic order (a < á < b)" || t_fail "is order" "a/á/b not in collation order"

# ---- errors ------------------------------------------------------------------
t_run "missing file" 1 "$M" -o x.dawg nope.txt
t_grep "missing file named" "^mkdawg: nope.txt: " "$ERR"
printf 'abc\nabd\nab\303\n' > badutf.txt
t_run "bad UTF-8" 1 "$M" -a en -o x.dawg badutf.txt
t_grep "bad UTF-8 file:line" "^mkdawg: badutf.txt:3: " "$ERR"
t_run "bad UTF-8, inferred alphabet" 1 "$M" --infer-alphabet -o x.dawg badutf.txt
t_grep "bad UTF-8 file:line (inferred)" "^mkdawg: badutf.txt:3: " "$ERR"
printf 'abc\nxyzzy\nfoo-bar\n' > badletter.txt
t_run "letter outside the alphabet: --strict" 1 "$M" -a en --strict -o x.dawg badletter.txt
t_grep "letter error names line and word" "^mkdawg: badletter.txt:3: .*foo-bar" "$ERR"
if [ -e x.dawg ]; then t_fail "--strict: no output" "x.dawg was created"; else t_ok "--strict: no output file"; fi
awk 'BEGIN{print "ok"; s=""; for(i=0;i<65;i++) s=s "a"; print s}' > long.txt
t_run "word too long" 1 "$M" -a en -o x.dawg long.txt
t_grep "too long names line" "^mkdawg: long.txt:2: " "$ERR"
if [ -e x.dawg ]; then t_fail "no output on error" "x.dawg was created"; else t_ok "no output file on error"; fi
t_run "unknown alphabet" 1 "$M" -a klingon -o x.dawg tiny.txt
t_grep "unknown alphabet named" "klingon" "$ERR"
t_run_in "stdin error names <stdin>" 1 badutf.txt "$M" -a en -o x.dawg -
t_grep "stdin error" "^mkdawg: <stdin>:3: " "$ERR"
# corrupt and truncated graphs
cp tiny.dawg corrupt.dawg
printf 'X' | dd of=corrupt.dawg bs=1 seek=100 conv=notrunc 2>/dev/null
t_run "--dump corrupt file" 1 "$M" --dump corrupt.dawg
t_grep "corrupt file: checksum" "checksum" "$ERR"
head -c 100 tiny.dawg > short.dawg
t_run "--info truncated file" 1 "$M" --info short.dawg
t_grep "truncated file" "truncated" "$ERR"
# write errors
if [ -w /dev/full ]; then
    t_run "--dump to /dev/full" 1 sh -c "'$M' --dump tiny.dawg > /dev/full"
    t_grep "write error reported" "write error" "$ERR"
fi
t_run "output directory missing" 1 "$M" -o no/such/dir/x.dawg tiny.txt
t_run "a .dawg given as the word list" 1 "$M" -o x.dawg tiny.dawg
t_grep "a .dawg is not a word list" "not a word list" "$ERR"
t_run_in "--info of a .dawg on stdin" 0 tiny.dawg "$M" --info --json -
t_grep "--info of a .dawg on stdin: figures" '"words":5,"longest":4,"states":7' "$OUT"
t_done
