#!/bin/sh
# test_hostile.sh - hostile input and Unix behaviour across mkdawg, skrafl,
# mjwait and boggle: a closed pipe ends quietly, a full disk is reported, '-' reads
# stdin, CR LF and a BOM are accepted, invalid UTF-8 is reported with its
# line and byte offset, binary junk / NUL bytes / huge lines / directories
# give a message and exit 1 (never a crash), a bad line in a batch never
# stops the others and results keep their order (with and without
# threads), and the limits hold: 64-letter words, 21x21 boards, 4 MB lines,
# a million hands and 100,000 CGP positions in flat memory, batches of 1 MB
# lines in bounded memory.  Peak memory is read with /usr/bin/time.
# Sizes scale with TK_TEST_SCALE (default 1); the flat-memory batches are a
# quarter under the sanitizers (TK_TEST_MODE=sanitized), whole in the plain run.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
M=$TK_BIN/mkdawg; S=$TK_BIN/skrafl; J=$TK_BIN/mjwait
G=$TK_TOP/tests/cli/golden
W=$G/skrafl/words.txt
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
SCALE=${TK_TEST_SCALE:-1}
scaled() { awk -v n="$1" -v s="$SCALE" 'BEGIN { v = int(n * s); if (v < 1) v = 1; print v }'; }
if [ "${TK_TEST_MODE:-}" = sanitized ]; then SAN_DIV=4; else SAN_DIV=1; fi
scaled_san() { scaled "$(($1 / SAN_DIV))"; }
cd "$T_TMP" || exit 1

# t_nocrash NAME: the last command ($? in $_rc) must not have died of a signal
t_nocrash() {
    if [ "$_rc" -ge 128 ]; then t_fail "$1" "killed by signal $((_rc - 128)): $(head -c 300 "$ERR")"
    else t_ok "$1"; fi
}
# t_quiet NAME FILE: FILE must be empty
t_quiet() {
    if [ -s "$2" ]; then t_fail "$1" "unexpected text: $(head -c 300 "$2")"; else t_ok "$1"; fi
}
# t_quiet_or_epipe NAME FILE: FILE must be empty or name the broken pipe, once
t_quiet_or_epipe() {
    if [ ! -s "$2" ] || { [ "$(wc -l <"$2")" -eq 1 ] && grep -q "write error: Broken pipe" "$2"; }; then t_ok "$1"
    else t_fail "$1" "unexpected text: $(head -c 300 "$2")"; fi
}
# t_pipe NAME CMD...: CMD | head -n 1 -> one line out, nothing on stderr,
# exit 0 or killed by SIGPIPE (141)
t_pipe() {
    _n=$1; shift
    { "$@" 2>"$ERR"; echo $? >"$T_TMP/prc"; } </dev/null | head -n 1 >"$OUT"
    _prc=$(cat "$T_TMP/prc")
    if [ "$_prc" -ne 0 ] && [ "$_prc" -ne 141 ]; then t_fail "$_n" "exit $_prc; stderr: $(head -c 300 "$ERR")"
    elif [ -s "$ERR" ]; then t_fail "$_n" "message on a closed pipe: $(head -c 300 "$ERR")"
    elif [ "$(wc -l <"$OUT")" -ne 1 ]; then t_fail "$_n" "no first line"
    else t_ok "$_n"; fi
}
# t_full NAME CMD...: CMD >/dev/full -> exit 1 and "write error"
t_full() {
    _n=$1; shift
    if [ ! -w /dev/full ]; then t_skip "$_n" "no /dev/full"; return; fi
    "$@" >/dev/full 2>"$ERR" </dev/null; _rc=$?
    if [ "$_rc" -ne 1 ]; then t_fail "$_n" "exit $_rc, expected 1"
    elif ! grep -q "write error" "$ERR"; then t_fail "$_n" "no 'write error' message"
    else t_ok "$_n"; fi
}

# ---- inputs ---------------------------------------------------------------------
awk 'BEGIN { for (i = 0; i < 20000; i++) { w = ""; n = i; do { w = w sprintf("%c", 97 + n % 26); n = int(n / 26) } while (n > 0); print w "s" } }' >words.txt
"$M" -o words.dawg words.txt 2>/dev/null
HAND='123m456p789s1122z'
yes "$HAND" | head -n "$(scaled 50000)" >hands.txt
BOARD=$G/skrafl/cat.board
cp "$BOARD" cat.board
printf '\357\273\277' >bomcrlf.board; sed 's/$/\r/' "$BOARD" >>bomcrlf.board
head -c 3000 /bin/sh >junk.bin
printf '123m\0 456p\n' >nul.txt

# ---- closed pipe: quiet ---------------------------------------------------------
t_pipe pipe-mkdawg-dump "$M" --dump words.dawg
t_pipe pipe-mkdawg-build sh -c "'$M' -o - words.txt | cat"
t_pipe pipe-skrafl "$S" --dict words.dawg --rack 'ST??' cat.board
yes '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 ST/ 0/0 0' | head -n 3000 >good.cgp
t_pipe pipe-skrafl-batch "$S" --dict "$W" --cgp good.cgp
t_pipe pipe-mjwait "$J" hands.txt
t_pipe pipe-mjwait-jobs "$J" --jobs 2 hands.txt
# the same with SIGPIPE ignored (as under some CI runners): EPIPE; the batch
# tools stop as quietly as the single-shot ones (issue 25 item 13)
{ sh -c "trap '' PIPE; '$J' hands.txt; echo \$? >prc" 2>"$ERR"; } | head -n 1 >/dev/null
t_quiet pipe-ignored-mjwait "$ERR"
if [ "$(cat prc)" = 0 ]; then t_ok pipe-ignored-mjwait-exit; else t_fail pipe-ignored-mjwait-exit "exit $(cat prc)"; fi
{ sh -c "trap '' PIPE; '$J' --jobs 2 hands.txt" 2>"$ERR"; } | head -n 1 >/dev/null
t_quiet pipe-ignored-mjwait-jobs "$ERR"
{ sh -c "trap '' PIPE; '$S' --dict '$W' --cgp good.cgp" 2>"$ERR"; } | head -n 1 >/dev/null
t_quiet pipe-ignored-skrafl-batch "$ERR"
{ sh -c "trap '' PIPE; '$M' --dump words.dawg" 2>"$ERR"; } | head -n 1 >/dev/null
t_quiet pipe-ignored-mkdawg "$ERR"

# ---- full disk: reported, exit 1 ------------------------------------------------
t_full full-mkdawg-dump "$M" --dump words.dawg
t_full full-mkdawg-out "$M" -o - words.txt
t_full full-skrafl "$S" --dict "$W" --rack ST cat.board
t_full full-mjwait "$J" hands.txt
t_full full-mjwait-jobs "$J" --jobs 2 hands.txt

# closed stdout / stdin: reported, exit 1 (not under valgrind, whose log
# file would take the free descriptor)
if [ -z "${TK_VALGRIND:-}" ]; then
    sh -c "'$J' hands.txt >&-" 2>"$ERR"; _rc=$?
    if [ "$_rc" -eq 1 ] && grep -q "write error" "$ERR"; then t_ok closed-stdout; else t_fail closed-stdout "exit $_rc: $(cat "$ERR")"; fi
    sh -c "'$J' - <&-" 2>"$ERR"; _rc=$?
    if [ "$_rc" -eq 1 ] && grep -q "read error" "$ERR"; then t_ok closed-stdin; else t_fail closed-stdin "exit $_rc: $(cat "$ERR")"; fi
else
    t_skip closed-stdout "under valgrind"
fi

# ---- '-' reads stdin ------------------------------------------------------------
"$M" --dump words.dawg >dump.file
t_run_in stdin-mkdawg-dump 0 words.dawg "$M" --dump -
t_same stdin-mkdawg-dump-same "$OUT" dump.file
t_run_in stdin-mkdawg-build 0 words.txt "$M" -o stdin.dawg -
t_same stdin-mkdawg-build-same stdin.dawg words.dawg
"$S" --dict "$W" --rack ST cat.board >skrafl.file 2>/dev/null
t_run_in stdin-skrafl 0 cat.board "$S" --dict "$W" --rack ST -
t_same stdin-skrafl-same "$OUT" skrafl.file
t_run_in stdin-mjwait 0 hands.txt "$J" -
"$J" hands.txt >mj.file
t_same stdin-mjwait-same "$OUT" mj.file

# ---- CR LF and a BOM -------------------------------------------------------------
{ printf '\357\273\277'; sed 's/$/\r/' words.txt; } >bomcrlf.txt
t_run crlf-mkdawg 0 "$M" -o bomcrlf.dawg bomcrlf.txt
t_same crlf-mkdawg-same bomcrlf.dawg words.dawg
t_run crlf-skrafl 0 "$S" --dict "$W" --rack ST bomcrlf.board
t_same crlf-skrafl-same "$OUT" skrafl.file
{ printf '\357\273\277'; sed 's/$/\r/' "$G/skrafl/batch.cgp"; } >bomcrlf.cgp
"$S" --dict "$W" --count --cgp "$G/skrafl/batch.cgp" >cgp.file 2>/dev/null
t_run crlf-skrafl-cgp 1 "$S" --dict "$W" --count --cgp bomcrlf.cgp
t_same crlf-skrafl-cgp-same "$OUT" cgp.file
{ printf '\357\273\277'; sed 's/$/\r/' hands.txt; } >bomcrlf.hands
t_run crlf-mjwait 0 "$J" bomcrlf.hands
t_same crlf-mjwait-same "$OUT" mj.file

# ---- invalid UTF-8: line and byte offset ----------------------------------------
printf 'cat\ndo\377g\n' >badutf.txt
t_run utf8-mkdawg 1 "$M" -o bad.dawg badutf.txt
t_grep utf8-mkdawg-msg "badutf.txt:2: .*invalid UTF-8 at byte 3" "$ERR"
if [ -e bad.dawg ]; then t_fail utf8-mkdawg-no-output "bad.dawg written"; else t_ok utf8-mkdawg-no-output; fi
FF=$(printf '\377')
# a Latin-1 list: each bad line named, and how to convert it
printf 'caf\351\nna\357ve\n' >latin1.txt
t_run latin1-mkdawg 1 "$M" -o latin1.dawg latin1.txt
t_grep latin1-line1 "latin1.txt:1: word 'caf.xE9': invalid UTF-8 at byte 4" "$ERR"
t_grep latin1-line2 "latin1.txt:2: word 'na.xEFve': invalid UTF-8 at byte 3" "$ERR"
t_grep latin1-hint "iconv -f LATIN1 -t UTF-8" "$ERR"
# every bad word is named (not only the first), and nothing is written
printf 'cat\nd\377g\nx1y\ndog\n\303\n' >bad3.txt
t_run bad-words-all 1 "$M" --alphabet en -o bad3.dawg bad3.txt
t_grep bad-words-all-2 "bad3.txt:2: word 'd.xFFg': invalid UTF-8 at byte 2" "$ERR"
t_grep bad-words-all-3 "bad3.txt:3: word 'x1y': '1' (byte 2) is not a letter" "$ERR"
t_grep bad-words-all-5 "bad3.txt:5: word '.xC3': invalid UTF-8 at byte 1" "$ERR"
if [ -e bad3.dawg ]; then t_fail bad-words-no-output "bad3.dawg written"; else t_ok bad-words-no-output; fi
sed "3s/^\\.\\.\\./.$FF./" "$BOARD" >badutf.board
t_run utf8-skrafl-board 1 "$S" --dict "$W" --rack ST badutf.board
t_grep utf8-skrafl-board-msg "badutf.board:3: row 2, column B: invalid UTF-8 at byte 2" "$ERR"
t_run utf8-skrafl-rack 1 "$S" --dict "$W" --rack "$(printf 'S\303')" cat.board
t_grep utf8-skrafl-rack-msg "rack: invalid UTF-8 at byte 2" "$ERR"
printf '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 S\377/ 0/0 0\n' >badutf.cgp
t_run utf8-skrafl-cgp 1 "$S" --dict "$W" --cgp badutf.cgp
t_grep utf8-skrafl-cgp-msg "badutf.cgp:1: rack: invalid UTF-8 at byte 2" "$ERR"
printf '%s\n123m\355\240\200\n%s\n' "$HAND" "$HAND" >badutf.hands
t_run utf8-mjwait 1 "$J" badutf.hands
t_grep utf8-mjwait-msg "badutf.hands:2: column 5: invalid UTF-8 at byte 5" "$ERR"
if [ "$(grep -c tenpai "$OUT")" -eq 2 ]; then t_ok utf8-mjwait-rest; else t_fail utf8-mjwait-rest "good lines lost"; fi
# messages are valid UTF-8 themselves (the bad bytes are not echoed raw)
if command -v iconv >/dev/null 2>&1; then
    "$M" -o bad.dawg badutf.txt 2>e1; "$S" --dict "$W" --rack ST badutf.board 2>e2; "$J" badutf.hands >/dev/null 2>e3
    if cat e1 e2 e3 | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1; then t_ok utf8-messages-valid
    else t_fail utf8-messages-valid "a message holds invalid UTF-8"; fi
else
    t_skip utf8-messages-valid "no iconv"
fi

# ---- binary junk, NUL bytes, empty files, directories, missing files -------------
for tool in mkdawg-build mkdawg-dump skrafl skrafl-cgp mjwait; do
    for f in junk.bin nul.txt /dev/null . nonexistent; do
        case $tool in
        mkdawg-build) set -- "$M" -o junk.dawg "$f" ;;
        mkdawg-dump) set -- "$M" --dump "$f" ;;
        skrafl) set -- "$S" --dict "$W" --rack ST "$f" ;;
        skrafl-cgp) set -- "$S" --dict "$W" --cgp "$f" ;;
        mjwait) set -- "$J" "$f" ;;
        esac
        "$@" >"$OUT" 2>"$ERR" </dev/null; _rc=$?
        t_nocrash "junk-$tool-$f"
        # an empty file is a valid (empty) batch for mjwait, skrafl --cgp and
        # mkdawg (an empty graph); everything else is an error with a message
        if [ "$f" = /dev/null ] && [ "$tool" != skrafl ] && [ "$tool" != mkdawg-dump ]; then
            continue
        fi
        if [ "$_rc" -eq 1 ] && [ -s "$ERR" ]; then t_ok "junk-$tool-$f-msg"
        else t_fail "junk-$tool-$f-msg" "exit $_rc, stderr: $(head -c 200 "$ERR")"; fi
    done
done
rm -f junk.dawg
# a NUL byte is named, with its place
"$J" nul.txt 2>"$ERR" >/dev/null
t_grep nul-mjwait-msg "nul.txt:1: column 5: bad character U+0000" "$ERR"
"$M" -o nul.dawg nul.txt 2>"$ERR"
t_grep nul-mkdawg-msg "nul.txt:1: " "$ERR"
# a truncated / corrupted graph is refused with a message
head -c 100 words.dawg >trunc.dawg
t_run trunc-dawg 1 "$M" --dump trunc.dawg
t_grep trunc-dawg-msg "trunc.dawg" "$ERR"
t_run trunc-dawg-skrafl 1 "$S" --dict trunc.dawg --rack ST cat.board
cp words.dawg flip.dawg
printf '\377' | dd of=flip.dawg bs=1 seek=200 conv=notrunc 2>/dev/null
t_run flip-dawg 1 "$M" --dump flip.dawg
t_grep flip-dawg-msg "flip.dawg" "$ERR"

# ---- batches: a bad line never stops the others, order kept ----------------------
n=$(scaled 2000)
awk -v n="$n" -v h="$HAND" 'BEGIN { for (i = 1; i <= n; i++) {
    if (i % 7 == 0) print "123m456p789s-1122z"; else if (i % 11 == 0) print "junk"; else if (i % 13 == 0) print "1111m1111m"; else print h } }' >mixed.hands
good=$(grep -c "^$HAND\$" mixed.hands)
bad=$((n - good))
t_run batch-mjwait 1 "$J" mixed.hands
if [ "$(grep -c tenpai "$OUT")" -eq "$good" ]; then t_ok batch-mjwait-good; else t_fail batch-mjwait-good "want $good answers"; fi
if [ "$(wc -l <"$ERR")" -eq "$bad" ]; then t_ok batch-mjwait-bad; else t_fail batch-mjwait-bad "want $bad messages"; fi
# the messages name the lines in increasing order
if sed 's/^mjwait: mixed.hands:\([0-9]*\):.*/\1/' "$ERR" | sort -n -c 2>/dev/null; then t_ok batch-mjwait-err-order
else t_fail batch-mjwait-err-order "messages out of order"; fi
"$J" --json mixed.hands >j1 2>/dev/null
t_run batch-mjwait-json-jobs 1 "$J" --json --jobs 3 mixed.hands
t_same batch-mjwait-json-jobs-same "$OUT" j1
if [ "$(wc -l <j1)" -eq "$n" ]; then t_ok batch-mjwait-json-one-per-line; else t_fail batch-mjwait-json-one-per-line "want $n lines"; fi
# skrafl: CGP lines good, bad, good...: one header per good line, in order
CGP='15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 ST/ 0/0 0'
{ echo "$CGP"; echo "15/15/15 ST/"; printf '%s\n' "$CGP" | sed "s/ ST/ S$FF/"; echo "$CGP"; head -c 200 /bin/sh | tr -d '\n'; echo; echo "$CGP"; } >mixed.cgp
t_run batch-skrafl 1 "$S" --dict "$W" --count --cgp mixed.cgp
# --count keeps one line per position: the count, or "error"
if [ "$(tr '\n' ' ' <"$OUT")" = "7 error error 7 error 7 " ]; then t_ok batch-skrafl-good
else t_fail batch-skrafl-good "want 7 error error 7 error 7: $(cat "$OUT")"; fi
if [ "$(wc -l <"$ERR")" -eq 3 ]; then t_ok batch-skrafl-bad; else t_fail batch-skrafl-bad "want 3 messages: $(cat "$ERR")"; fi
"$S" --dict "$W" --json --cgp mixed.cgp >s1 2>/dev/null
t_run batch-skrafl-jobs 1 "$S" --dict "$W" --json --jobs 3 --cgp mixed.cgp
t_same batch-skrafl-jobs-same "$OUT" s1

# ---- boggle: the same Unix behaviour ------------------------------------------------
BG=$TK_BIN/boggle
if [ -x "$BG" ]; then
    printf 'cats\ndogs\nrate\ntear\n' >g.txt
    # many copies of g.txt, each followed by a blank line (one awk, not a fork per grid)
    awk -v n="$(scaled 3000)" '{ g = g $0 "\n" } END { for (i = 0; i < n; i++) printf "%s\n", g }' g.txt >many.grids
    t_pipe pipe-boggle "$BG" --dict words.dawg many.grids
    t_full full-boggle "$BG" --dict words.dawg many.grids
    "$BG" --dict words.dawg g.txt >bg.file 2>/dev/null
    t_run_in stdin-boggle 0 g.txt "$BG" --dict words.dawg -
    t_same stdin-boggle-same "$OUT" bg.file
    { printf '\357\273\277'; sed 's/$/\r/' g.txt; } >bomcrlf.grid
    t_run crlf-boggle 0 "$BG" --dict words.dawg bomcrlf.grid
    t_same crlf-boggle-same "$OUT" bg.file
    { cat g.txt; echo; printf 'cats\nd\377gs\nrate\ntear\n\n'; cat g.txt; } >badutf.grids
    t_run utf8-boggle 1 "$BG" --dict words.dawg --count badutf.grids
    t_grep utf8-boggle-msg "badutf.grids:7: .*invalid UTF-8" "$ERR"
    # the good grids around the bad one are answered
    n1=$("$BG" --dict words.dawg --count g.txt)
    if [ "$(grep -c "^$n1\$" "$OUT")" -eq 2 ]; then t_ok utf8-boggle-rest; else t_fail utf8-boggle-rest "good grids lost: $(cat "$OUT")"; fi
    "$BG" --dict words.dawg --jobs 1 --count badutf.grids >o1 2>e1
    t_run boggle-jobs 1 "$BG" --dict words.dawg --jobs 2 --count badutf.grids
    t_same boggle-jobs-out "$OUT" o1
    t_same boggle-jobs-err "$ERR" e1
    for f in junk.bin nul.txt . nonexistent; do
        "$BG" --dict words.dawg "$f" >"$OUT" 2>"$ERR" </dev/null; _rc=$?
        t_nocrash "junk-boggle-$f"
        if [ "$_rc" -eq 1 ] && [ -s "$ERR" ]; then t_ok "junk-boggle-$f-msg"
        else t_fail "junk-boggle-$f-msg" "exit $_rc, stderr: $(head -c 200 "$ERR")"; fi
    done
else
    t_skip boggle "no boggle binary"
fi

# ---- limits ---------------------------------------------------------------------
# longest word: 64 letters accepted, 65 refused with the line named
w64=$(awk 'BEGIN { for (i = 0; i < 64; i++) printf "%c", 97 + i % 26; print "" }')
printf 'cat\n%s\n' "$w64" >w64.txt
t_run word-64 0 "$M" -o w64.dawg w64.txt
t_run word-64-dump 0 "$M" --dump w64.dawg
t_grep word-64-back "^$w64\$" "$OUT"
printf 'cat\n%sz\n' "$w64" >w65.txt
t_run word-65 1 "$M" -o w65.dawg w65.txt
t_grep word-65-msg "w65.txt:2: .*64" "$ERR"
# longest line: a 4 MB line (scaled) is one bad line; the lines around it still count
LONG=$(scaled 4000000)
{ echo "$HAND"; head -c "$LONG" /dev/zero | tr '\0' '1'; echo; echo "$HAND"; } >longline.hands
t_run long-line-mjwait 1 "$J" longline.hands
t_grep long-line-mjwait-msg "longline.hands:2: " "$ERR"
if [ "$(grep -c tenpai "$OUT")" -eq 2 ]; then t_ok long-line-mjwait-rest; else t_fail long-line-mjwait-rest "good lines lost"; fi
{ echo "$CGP"; head -c "$LONG" /dev/zero | tr '\0' '/'; echo; echo "$CGP"; } >longline.cgp
t_run long-line-skrafl 1 "$S" --dict "$W" --count --cgp longline.cgp
t_grep long-line-skrafl-msg "longline.cgp:2: " "$ERR"
{ head -c "$LONG" /dev/zero | tr '\0' 'a'; echo; } >longline.txt
t_run long-line-mkdawg 1 "$M" -o long.dawg longline.txt
t_grep long-line-mkdawg-msg "longline.txt:1: " "$ERR"
# boards: 21x21 is the largest layout; a 22x22 one is refused
awk 'BEGIN { for (r = 0; r < 21; r++) { for (c = 0; c < 21; c++) printf (r == 10 && c == 10) ? "*" : "."; print "" } }' >l21.txt
awk 'BEGIN { for (r = 0; r < 21; r++) { for (c = 0; c < 21; c++) printf (r == 10 && c >= 9 && c <= 11) ? substr("CAT", c - 8, 1) : "."; print "" } }' >b21.board
t_run board-21 0 "$S" --dict "$W" --layout l21.txt --rack ST --count b21.board
t_grep board-21-count "^7\$" "$OUT"
awk 'BEGIN { for (r = 0; r < 22; r++) { for (c = 0; c < 22; c++) printf (r == 10 && c == 10) ? "*" : "."; print "" } }' >l22.txt
t_run board-22 1 "$S" --dict "$W" --layout l22.txt --rack ST --count b21.board
t_grep board-22-msg "21" "$ERR"
# tile values: 255 is the largest; a 5x5 board of quadruple-word squares
# and 255-point tiles scores far beyond 16 bits, and is scored right
sed 's/^z 10 1/z 256 1/' "$TK_TOP/data/tiles/en.txt" >t256.txt
t_run tile-value-256 1 "$S" --dict "$W" --tiles t256.txt --rack ST cat.board
t_grep tile-value-256-msg "t256.txt:[0-9]*: tile set: .*value <= 255" "$ERR"
printf 'QQQQQ\nQQQQQ\nQQ*QQ\nQQQQQ\nQQQQQ\n' >q5.txt
printf 'c 255 2\na 255 9\nt 255 6\ns 255 4\n? 0 2\n' >t255.txt
printf '.....\n.....\n.CAT.\n.....\n.....\n' >q5.board
# ACTS down from B2: A, T, S new on three quadruple-word squares, C on the
# board: (4 * 255) * 4 * 4 * 4 = 65280 (16 bits would wrap it to -256)
t_run big-score 0 "$S" --dict "$W" --layout q5.txt --tiles t255.txt --rack SAT --check B2 'A(C)TS' q5.board
t_grep big-score-value "^B2  A(C)TS  65280 " "$OUT"
# a board with more rows or columns than the layout
{ cat "$BOARD"; echo "..............."; } >tall.board
t_run board-tall 1 "$S" --dict "$W" --rack ST tall.board
awk '{ print $0 "." }' "$BOARD" >wide.board
t_run board-wide 1 "$S" --dict "$W" --rack ST wide.board

# flat memory: peak RSS for N hands stays within a fixed margin of 1000
# hands (a million at TK_TEST_SCALE=1), with one and with two threads
if [ -n "${TK_VALGRIND:-}" ]; then
    t_skip flat-memory "under valgrind (its own memory use grows)"
elif [ -x /usr/bin/time ]; then
    big=$(scaled_san 1000000)
    yes "$HAND" | head -n 1000 >small.hands
    for jobs in 1 2; do
        ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1 \
            /usr/bin/time -f %M -o rss.small "$J" --waits --jobs $jobs small.hands >/dev/null
        yes "$HAND" | head -n "$big" | ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1 \
            /usr/bin/time -f %M -o rss.big "$J" --waits --jobs $jobs - >out.big
        lines=$(wc -l <out.big)
        s=$(tail -n 1 rss.small); b=$(tail -n 1 rss.big)
        if [ "$lines" -eq "$big" ] && [ "$b" -le $((s + 8192)) ]; then
            t_ok "flat-memory-jobs$jobs ($big hands: peak ${b} KB, 1000 hands: ${s} KB)"
        else
            t_fail "flat-memory-jobs$jobs" "$lines/$big answers, peak ${b} KB vs ${s} KB for 1000 hands"
        fi
    done
    # the same for a batch of CGP positions
    bigc=$(scaled_san 100000)
    yes "$CGP" | head -n 1000 >small.cgp
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1 \
        /usr/bin/time -f %M -o rss.small "$S" --dict "$W" --count --jobs 2 --cgp small.cgp >/dev/null
    yes "$CGP" | head -n "$bigc" | ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1 \
        /usr/bin/time -f %M -o rss.big "$S" --dict "$W" --count --jobs 2 --cgp - >out.big
    lines=$(grep -c '^7$' out.big)
    s=$(tail -n 1 rss.small); b=$(tail -n 1 rss.big)
    if [ "$lines" -eq "$bigc" ] && [ "$b" -le $((s + 8192)) ]; then
        t_ok "flat-memory-skrafl ($bigc positions: peak ${b} KB, 1000 positions: ${s} KB)"
    else
        t_fail flat-memory-skrafl "$lines/$bigc answers, peak ${b} KB vs ${s} KB for 1000 positions"
    fi
    # and for a batch of Boggle grids
    if [ -x "$TK_BIN/boggle" ]; then
        ng=$(scaled_san 10000)
        awk 'BEGIN { for (i = 0; i < 300; i++) printf "cats\ndogs\nrate\ntear\n\n" }' >small.grids
        awk -v n="$ng" 'BEGIN { for (i = 0; i < n; i++) printf "cats\ndogs\nrate\ntear\n\n" }' >big.grids
        ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1 \
            /usr/bin/time -f %M -o rss.small "$TK_BIN/boggle" --dict words.dawg --count --jobs 2 small.grids >/dev/null
        ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1 \
            /usr/bin/time -f %M -o rss.big "$TK_BIN/boggle" --dict words.dawg --count --jobs 2 big.grids >out.big
        s=$(tail -n 1 rss.small); b=$(tail -n 1 rss.big); lines=$(wc -l <out.big)
        if [ "$lines" -eq "$ng" ] && [ "$b" -le $((s + 8192)) ]; then
            t_ok "flat-memory-boggle ($ng grids: peak ${b} KB, 300 grids: ${s} KB)"
        else
            t_fail flat-memory-boggle "$lines/$ng answers, peak ${b} KB vs ${s} KB for 300 grids"
        fi
    fi
    # long lines in a threaded batch: a batch also ends after so many bytes,
    # so 1 MB lines cost a bounded window, not the whole file
    nl=$(scaled 60)
    head -c 1000000 /dev/zero | tr '\0' '1' >mb.line; echo >>mb.line
    i=0; : >mb.hands; while [ $i -lt "$nl" ]; do cat mb.line; i=$((i + 1)); done >mb.hands
    sed 's/^1/15\//' mb.hands >mb.cgp
    for tool in mjwait skrafl; do
        if [ $tool = mjwait ]; then set -- "$J" --jobs 2; f=mb.hands; else set -- "$S" --dict "$W" --count --jobs 2 --cgp; f=mb.cgp; fi
        head -n 1 $f >one.in
        ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1 /usr/bin/time -f %M -o rss.small "$@" one.in >/dev/null 2>&1
        ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1 /usr/bin/time -f %M -o rss.big "$@" $f >/dev/null 2>"$ERR"
        s=$(tail -n 1 rss.small); b=$(tail -n 1 rss.big); m=$(wc -l <"$ERR")
        if [ "$m" -eq "$nl" ] && [ "$b" -le $((s + 40960)) ]; then
            t_ok "long-lines-memory-$tool ($nl lines of 1 MB: peak ${b} KB, one line: ${s} KB)"
        else
            t_fail "long-lines-memory-$tool" "$m/$nl messages, peak ${b} KB vs ${s} KB for one line"
        fi
    done
else
    t_skip flat-memory "no /usr/bin/time"
fi
# a NUL byte inside a line is the same error with and without threads
printf '%s\n123m456p789s1122z\000junk\n%s\n' "$HAND" "$HAND" >nulmid.hands
"$J" --jobs 1 nulmid.hands >o1 2>e1
t_run nul-jobs 1 "$J" --jobs 2 nulmid.hands
t_same nul-jobs-out "$OUT" o1
t_same nul-jobs-err "$ERR" e1
t_grep nul-jobs-msg "nulmid.hands:2: column 18: bad character U+0000" "$ERR"
t_done
