#!/bin/sh
# test_hostile3.sh - hostile input, round 3 (issue 25): every file a tool
# writes follows one rule (never an input, never through a symlink or into a
# FIFO, never over a file without --force, mode kept, no 0-byte file on a full
# disk), every reader stops at its documented limit (/dev/zero inputs, peak
# memory read with /usr/bin/time), numeric options parsed alike, repeated
# mjwait context words add up, damaged CGP opcodes reported, user text in
# messages shown safely, the boggle solver bounded for any dictionary.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
M=$TK_BIN/mkdawg; S=$TK_BIN/skrafl; J=$TK_BIN/mjwait; B=$TK_BIN/boggle; Q=$TK_BIN/wordq
G=$TK_TOP/tests/cli/golden
W=$G/skrafl/words.txt
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1
cp "$G/skrafl/cat.board" b.txt
cp "$W" words.txt
CGP='15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 ST/ 0/0 0'

# t_no NAME FILE: FILE must not exist
t_no() { if [ -e "$2" ] || [ -L "$2" ]; then t_fail "$1" "$2 exists"; else t_ok "$1"; fi; }
# t_temps NAME: no temporary file of the output rule left in this directory (and below)
t_temps() {
    _t=$(find . -name '*.tilekit-*' | head -n 3)
    if [ -n "$_t" ]; then t_fail "$1" "temporary files left: $_t"; else t_ok "$1"; fi
}
# t_noesc NAME FILE: FILE holds no ESC byte and is valid UTF-8
t_noesc() {
    if LC_ALL=C grep -q "$(printf '\033')" "$2"; then t_fail "$1" "raw ESC in: $(od -c "$2" | head -n 3)"
    elif command -v iconv >/dev/null 2>&1 && ! iconv -f UTF-8 -t UTF-8 "$2" >/dev/null 2>&1; then
        t_fail "$1" "invalid UTF-8 in the message"
    else t_ok "$1"; fi
}
# t_t NAME SECONDS EXPECTED_EXIT CMD...: t_run under a time limit (a FIFO must never block)
t_t() {
    _n=$1; _s=$2; _want=$3; shift 3
    if command -v timeout >/dev/null 2>&1; then t_run "$_n" "$_want" timeout "$_s" "$@"
    else t_run "$_n" "$_want" "$@"; fi
}

# ---- 1. skrafl --selfplay N --gcg DIR ------------------------------------------------------
t_run gcg-dir-created 0 "$S" --dict "$W" --selfplay 2 --gcg new/sub
if [ -s new/sub/game-1.gcg ] && [ -s new/sub/game-2.gcg ]; then t_ok gcg-dir-files; else t_fail gcg-dir-files "no games in new/sub"; fi
cp new/sub/game-1.gcg keep1.gcg
t_run gcg-exists-refused 1 "$S" --dict "$W" --selfplay 2 --seed 9 --gcg new/sub
t_grep gcg-exists-msg "game-[12].gcg: already exists (use --force" "$ERR"
t_same gcg-exists-untouched new/sub/game-1.gcg keep1.gcg
t_run gcg-force 0 "$S" --dict "$W" --selfplay 2 --seed 9 --force --gcg new/sub
if cmp -s new/sub/game-1.gcg keep1.gcg; then t_fail gcg-force-replaced "game-1.gcg not replaced"; else t_ok gcg-force-replaced; fi
mkdir -p trap; printf 'outside\n' >victim.txt; ln -s ../victim.txt trap/game-1.gcg
t_run gcg-symlink-refused 1 "$S" --dict "$W" --selfplay 1 --force --gcg trap
t_grep gcg-symlink-msg "symbolic link" "$ERR"
if [ "$(cat victim.txt)" = outside ] && [ -L trap/game-1.gcg ]; then t_ok gcg-symlink-untouched
else t_fail gcg-symlink-untouched "the file outside DIR was written"; fi
mkdir -p fifo; mkfifo fifo/game-1.gcg
t_t gcg-fifo-refused 20 1 "$S" --dict "$W" --selfplay 1 --force --gcg fifo
t_grep gcg-fifo-msg "FIFO" "$ERR"
t_temps gcg-no-temps

# ---- 2. skrafl --svg ----------------------------------------------------------------------------
t_run svg-own-board 1 "$S" --dict "$W" -r ST --svg b.txt b.txt
t_grep svg-own-board-msg "b.txt: refusing to replace an input" "$ERR"
t_same svg-own-board-intact b.txt "$G/skrafl/cat.board"
t_run svg-own-dict 1 "$S" --dict words.txt -r ST --svg words.txt b.txt
t_same svg-own-dict-intact words.txt "$W"
ln b.txt hard.txt
t_run svg-hard-link 1 "$S" --dict "$W" -r ST --svg hard.txt b.txt
t_run svg-new 0 "$S" --dict "$W" -r ST --svg new.svg b.txt
t_grep svg-new-content "<svg" new.svg
t_run svg-exists 1 "$S" --dict "$W" -r ST --svg new.svg b.txt
chmod 600 new.svg
t_run svg-force 0 "$S" --dict "$W" -r ST --force --svg new.svg b.txt
if [ "$(stat -c %a new.svg 2>/dev/null)" = 600 ]; then t_ok svg-mode-kept; else t_fail svg-mode-kept "mode $(stat -c %a new.svg)"; fi
chmod 444 new.svg
t_run svg-read-only 1 "$S" --dict "$W" -r ST --force --svg new.svg b.txt
t_grep svg-read-only-msg "read-only" "$ERR"
ln -s victim.txt link.svg
t_run svg-symlink 1 "$S" --dict "$W" -r ST --force --svg link.svg b.txt
t_grep svg-symlink-untouched outside victim.txt
mkfifo fifo.svg
t_t svg-fifo 20 1 "$S" --dict "$W" -r ST --force --svg fifo.svg b.txt
# a full disk (the file size limit stands in for it): an error, and no 0-byte or cut file
( trap '' XFSZ; ulimit -f 8 2>/dev/null && exec "$S" --dict "$W" -r ST --svg full.svg b.txt ) >"$OUT" 2>"$ERR"; _rc=$?
if [ "$_rc" -eq 1 ] && grep -q "write error" "$ERR"; then t_ok svg-full-disk; else t_fail svg-full-disk "exit $_rc: $(head -c 200 "$ERR")"; fi
t_no svg-full-no-file full.svg
if [ -n "${TK_VALGRIND:-}" ]; then   # a size limit of 0 stops memcheck's own log; the plain run checks it
    t_skip gcg-full-disk "under valgrind (ulimit -f 0 stops its log)"
else
( trap '' XFSZ; ulimit -f 0 2>/dev/null && exec "$S" --dict "$W" --selfplay 1 --gcg fulldir ) 2>&1 >/dev/null | cat >"$ERR"
_n=$(find fulldir -type f 2>/dev/null | wc -l)
if [ "$_n" -eq 0 ] && grep -q "write error" "$ERR"; then t_ok gcg-full-disk; else t_fail gcg-full-disk "$_n files in fulldir: $(head -c 200 "$ERR")"; fi
fi
awk 'BEGIN { srand(7); for (i = 0; i < 100000; i++) { w = ""; for (k = 0; k < 9; k++) w = w sprintf("%c", 97 + int(rand() * 26)); print w } }' >big.txt
( trap '' XFSZ; ulimit -f 8 2>/dev/null && exec "$M" -o full.dawg big.txt ) >"$OUT" 2>"$ERR"; _rc=$?
if [ "$_rc" -eq 1 ]; then t_ok mkdawg-full-disk; else t_fail mkdawg-full-disk "exit $_rc"; fi
t_no mkdawg-full-no-file full.dawg
t_temps svg-no-temps

# ---- 12. mkdawg -o ------------------------------------------------------------------------------
cp "$TK_TOP/data/alphabets/en.txt" F
t_run mkdawg-alphabet-is-output 1 "$M" --alphabet ./F -o F words.txt
t_same mkdawg-alphabet-intact F "$TK_TOP/data/alphabets/en.txt"
cp words.txt L
t_run_in mkdawg-stdin-is-output 1 L "$M" -o L -
t_same mkdawg-stdin-intact L words.txt
"$M" -o m.dawg words.txt 2>/dev/null; chmod 600 m.dawg
t_run mkdawg-exists 1 "$M" -o m.dawg words.txt
t_run mkdawg-force 0 "$M" --force -o m.dawg words.txt
if [ "$(stat -c %a m.dawg 2>/dev/null)" = 600 ]; then t_ok mkdawg-mode-kept; else t_fail mkdawg-mode-kept "mode $(stat -c %a m.dawg)"; fi
chmod 444 m.dawg
t_run mkdawg-read-only 1 "$M" --force -o m.dawg words.txt
# an interrupted build: TERM, INT and HUP remove the temporary file (kill -9:
# the next run removes it; see tests/test_cli_outfile.c)
for sig in TERM INT HUP; do
    mkdir -p "sig$sig"
    "$M" -o "sig$sig/out.dawg" big.txt 2>/dev/null &
    _p=$!; sleep 0.2; kill -s "$sig" "$_p" 2>/dev/null; wait "$_p" 2>/dev/null
done
t_temps mkdawg-signals-no-temps

# ---- 3. mjwait: repeated dora:/ura:/seen: add up ------------------------------------------------
H='234m456p789s11z55p5p ron riichi'
nohand() { sed 's/"hand":"[^"]*",//' "$@"; }
echo "$H dora:1s dora:3m" | "$J" --score --json 2>&1 | nohand >a.out
echo "$H dora:1s3m" | "$J" --score --json 2>&1 | nohand >b.out
if cmp -s a.out b.out; then t_ok mjwait-dora-repeat; else t_fail mjwait-dora-repeat "dora:1s dora:3m differs from dora:1s3m: $(head -c 300 a.out)"; fi
echo "$H dora:1z2z ura:1s ura:3m" | "$J" --score --json 2>&1 | nohand >a.out
echo "$H dora:1z2z ura:1s3m" | "$J" --score --json 2>&1 | nohand >b.out
echo "$H dora:1s" | "$J" --score --json 2>&1 | nohand >c.out
if cmp -s a.out c.out; then t_fail mjwait-dora-counts "dora:1s3m scores as dora:1s"; else t_ok mjwait-dora-counts; fi
t_same mjwait-ura-repeat a.out b.out
echo "$H seen:1s seen:1s1s1s seen:1s" >seen5.txt
t_run mjwait-seen-repeat 1 "$J" --score seen5.txt
t_grep mjwait-seen-repeat-msg "seen5.txt:1: column .*more than 4 copies of 1s" "$ERR"

# ---- 4. damaged CGP opcodes --------------------------------------------------------------------------
for op in 'lexx ENABLE;' 'Lex ENABLE;' 'lex;' 'ld;' 'le X;'; do
    echo "$CGP $op" >op.cgp
    t_run "cgp-opcode-error ($op)" 1 "$S" --dict "$W" --count --cgp op.cgp
    t_grep "cgp-opcode-located ($op)" "op.cgp:1: column 5[0-9]" "$ERR"
done
printf '%s lex\000 X;\n' "$CGP" >op.cgp
t_run cgp-opcode-nul 1 "$S" --dict "$W" --count --cgp op.cgp
t_grep cgp-opcode-nul-msg "U+0000" "$ERR"
echo "$CGP bb 50; frob 3;" >op.cgp
t_run cgp-opcode-unknown-warns 0 "$S" --dict "$W" --count --cgp op.cgp
t_grep cgp-opcode-unknown-msg "unknown CGP opcode 'frob'" "$ERR"
echo "$CGP -lex X; tn 3;" >op.cgp
t_run cgp-opcode-known 0 "$S" --dict "$W" --count --cgp op.cgp
t_quiet() { if [ -s "$2" ]; then t_fail "$1" "unexpected text: $(head -c 300 "$2")"; else t_ok "$1"; fi; }
t_quiet cgp-opcode-known-quiet "$ERR"

# ---- 6. every reader bounded: /dev/zero ---------------------------------------------------------
# line readers stop after CLI_LINE_MAX (4 MiB), file readers after CLI_FILE_MAX (256 MiB)
if [ -x /usr/bin/time ] && [ -r /dev/zero ]; then
    zero() {   # zero NAME LIMIT_KB CMD...: exit 1, a message naming /dev/zero, peak under LIMIT_KB
        _n=$1; _lim=$2; shift 2
        /usr/bin/time -f %M -o rss "$@" >"$OUT" 2>"$ERR" </dev/zero; _rc=$?
        _k=$(tail -n 1 rss)
        if [ "$_rc" -ne 1 ]; then t_fail "$_n" "exit $_rc: $(head -c 200 "$ERR")"
        elif ! grep -q "longer than\|larger than" "$ERR"; then t_fail "$_n" "no limit message: $(head -c 200 "$ERR")"
        elif [ "$_k" -gt "$_lim" ]; then t_fail "$_n" "peak ${_k} KB > ${_lim} KB"
        else t_ok "$_n (peak ${_k} KB)"; fi
    }
    LINE_KB=120000; FILE_KB=700000
    if [ "${TK_TEST_MODE:-}" = sanitized ]; then LINE_KB=400000; FILE_KB=2000000; fi
    zero zero-mjwait "$LINE_KB" "$J" /dev/zero
    t_grep zero-located "^mjwait: /dev/zero:1: line longer than 4194304 bytes" "$ERR"
    zero zero-mjwait-stdin "$LINE_KB" "$J" -
    zero zero-mjwait-jobs "$LINE_KB" "$J" --jobs 4 /dev/zero
    zero zero-skrafl-board "$LINE_KB" "$S" --dict "$W" -r ST /dev/zero
    zero zero-skrafl-cgp "$LINE_KB" "$S" --dict "$W" --cgp /dev/zero
    zero zero-boggle "$LINE_KB" "$B" --dict "$W" /dev/zero
    zero zero-wordq-queries "$LINE_KB" "$Q" --dict "$W"
    if [ "${TK_TEST_MODE:-}" != sanitized ]; then   # 256 MiB each: the plain run only
        zero zero-skrafl-layout "$FILE_KB" "$S" --dict "$W" -r ST --layout /dev/zero b.txt
        zero zero-skrafl-dict "$FILE_KB" "$S" --dict /dev/zero -r ST b.txt
        zero zero-mkdawg "$FILE_KB" "$M" -o - /dev/zero
        zero zero-wordq-dict "$FILE_KB" "$Q" --dict /dev/zero -a cat
    fi
else
    t_skip zero-readers "no /usr/bin/time or /dev/zero"
fi
# a line past the limit in a batch: its error names it, the lines before are answered
{ echo '123m456p789s1122z'; head -c 5000000 /dev/zero | tr '\0' '1'; echo; } >long.hands
t_run long-line-limit 1 "$J" long.hands
t_grep long-line-limit-msg "long.hands:2: line longer than 4194304 bytes" "$ERR"
t_grep long-line-limit-before "tenpai" "$OUT"

# ---- 8. user text in messages: never raw ESC or invalid UTF-8 --------------------------------
ESC=$(printf '\033[31m\377x')
"$J" --jobs "$ESC" hands 2>e1; "$S" --top "$ESC" b.txt 2>e2; "$B" --seed "$ESC" 2>e3; "$Q" --limit "$ESC" -a x 2>e4
"$M" --install "$ESC" words.txt 2>e5; "$S" --lang "$ESC" b.txt 2>e6; "$B" --best 4x4 --seconds "$ESC" 2>e7
"$J" --first-line "$ESC" x 2>e8; "$Q" --sort "$ESC" -a x 2>e9; "$S" --sort "$ESC" b.txt 2>e10
cp words.txt "w$ESC.txt"; "$M" -v -o "o$ESC.dawg" "w$ESC.txt" 2>e11
for f in e1 e2 e3 e4 e5 e6 e7 e8 e9 e10 e11; do t_noesc "safe-message-$f" "$f"; done

# ---- 10. wordq --sort on a query with no answers (UBSan: qsort(NULL, 0)) ------------------------
t_run wordq-sort-empty-length 0 "$Q" --dict "$W" --sort length -p 'zzzzq'
t_run wordq-sort-empty-prob 0 "$Q" --dict "$W" --sort probability -p 'zzzzq'

# ---- 11, 14. one numeric parser -----------------------------------------------------------------
echo '123m456p789s1122z' >one.hands
t_run first-line-huge 2 "$J" --first-line 9223372036854775807 one.hands
t_run first-grid-huge 2 "$B" --random 4x4 --first-grid 9223372036854775807
t_run first-line-max 0 "$J" --json --first-line 1000000000000000 one.hands
t_grep first-line-max-json '"line":1000000000000000' "$OUT"
t_run seed-2-64-boggle 2 "$B" --random 4x4 --seed 18446744073709551616
t_run seed-2-64-skrafl 2 "$S" --dict "$W" --selfplay 1 --seed 18446744073709551616
t_run seed-caret 2 "$B" --random 4x4 --seed '2^64'
t_run seed-max 0 "$B" --dict "$W" --random 4x4 --seed 18446744073709551615 --count
t_run seconds-1e9 0 "$B" --dict "$W" --best 4x4 --seconds 1e9 --iterations 1 --seed 1
t_run seconds-inf 2 "$B" --dict "$W" --best 4x4 --seconds inf
t_run seconds-zero 2 "$B" --dict "$W" --best 4x4 --seconds 0
t_run top-blank 2 "$S" --dict "$W" -r ST --top ' 5' b.txt
t_run top-plus 2 "$S" --dict "$W" -r ST --top '+5' b.txt
# the options added with --sim, --endgame and --ev take the same syntax (no hex, no blank, no sign)
t_run sim-seconds-hex 2 "$S" --dict "$W" --sim --seconds 0x10 b.txt
t_grep sim-seconds-hex-msg "invalid --seconds value '0x10' (a number" "$ERR"
t_run sim-confidence-blank 2 "$S" --dict "$W" --sim --confidence ' 95' b.txt
t_run endgame-seconds-hex 2 "$S" --dict "$W" --endgame --seconds 0x1p3 b.txt
t_run ev-turn-blank 2 "$J" --ev --ev-turn ' 5' one.hands
t_grep ev-turn-blank-msg "invalid --ev-turn value ' 5' (1..18)" "$ERR"
t_run ev-seconds-hex 2 "$J" --ev --seconds 0x10 one.hands

# ---- 14. stdin for --layout and --random, read errors with their reason, stray characters -----
grep -v '^#' "$TK_TOP/data/layouts/standard.txt" >layout.txt
t_run_in layout-stdin 0 layout.txt "$S" --dict "$W" -r ST --count --layout - b.txt
t_run_in random-stdin 0 "$TK_TOP/data/boggle/dice-4x4.txt" "$B" --dict "$W" --random - --seed 3 --count
mkdir -p adir
t_run board-read-error 1 "$S" --dict "$W" -r ST adir
t_grep board-read-error-reason "adir:1: read error: Is a directory" "$ERR"
printf 'cat\ncats\nact\nta\ncafe\314\201\n' >comb.txt
printf 'cat\ncats\nact\nta\n\357\275\201b\n' >fw.txt
for f in comb.txt fw.txt; do
    t_run "wordq-stray-$f" 0 "$Q" --dict "$f" -a cats
    t_grep "wordq-stray-$f-skipped" "$f:5: skipped" "$ERR"
    echo cats >g.txt
    t_run "boggle-stray-$f" 0 "$B" --dict "$f" --count g.txt
    t_grep "boggle-stray-$f-skipped" "$f:5: skipped" "$ERR"
done

# ---- 5. boggle: the search's work bounded for any dictionary --------------------------------------
# every string of a and b up to 16 letters: a 200-byte graph whose words
# follow almost every path of a grid (the solver stops at BOG_WORK_MAX steps a
# board with a clear error; the plain run only: 50 M steps under the
# sanitizers take long)
if [ "${TK_TEST_MODE:-}" != sanitized ]; then
    awk 'BEGIN { for (L = 1; L <= 16; L++) for (i = 0; i < 2 ^ L; i++) { w = ""; for (k = L - 1; k >= 0; k--) w = w (int(i / 2 ^ k) % 2 ? "b" : "a"); print w } }' >ab.txt
    "$M" --infer-alphabet -o ab.dawg ab.txt 2>/dev/null
    printf 'aabab\nbbbaa\nbabba\nbbaab\naaaab\n\nabaabb\nabaabb\nabaaba\nbbabbb\nbababb\nabbaba\n\nab\nba\n' >ab.grids
    t_run boggle-ab-bounded 1 "$B" --dict ab.dawg --count ab.grids
    t_grep boggle-ab-5x5 "ab.grids:1: grid 1: search stopped after" "$ERR"
    t_grep boggle-ab-6x6 "ab.grids:7: grid 2: search stopped after" "$ERR"
    case $(tail -n 1 "$OUT") in
    [1-9]*) t_ok boggle-ab-small-solved ;;          # the 2x2 grid after them is still solved
    *) t_fail boggle-ab-small-solved "2x2 grid: $(tail -n 1 "$OUT")" ;;
    esac
    # ---- 7. wordq --count counts without holding the answers
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f %M -o rss.all "$Q" --dict ab.dawg --count -p '*' >"$OUT" 2>"$ERR"
        /usr/bin/time -f %M -o rss.one "$Q" --dict ab.dawg --count -p 'aab' >/dev/null 2>&1
        a=$(tail -n 1 rss.all); o=$(tail -n 1 rss.one)
        if [ "$(cat "$OUT")" = 131070 ] && [ "$a" -le $((o + 1024)) ]; then t_ok "wordq-count-flat (131070 answers: ${a} KB, one: ${o} KB)"
        else t_fail wordq-count-flat "count $(cat "$OUT"), peak ${a} KB vs ${o} KB"; fi
    fi
else
    t_skip boggle-ab-bounded "plain run only"
fi
# ---- 7. --jobs N: threads capped (4 a CPU), so memory does not grow with N
if [ -x /usr/bin/time ]; then
    yes '123m456p789s1122z' | head -n 20000 >h20k.txt
    /usr/bin/time -f %M -o rss.1 "$J" --jobs 1 h20k.txt >o1 2>/dev/null
    /usr/bin/time -f %M -o rss.n "$J" --jobs 1024 h20k.txt >on 2>/dev/null
    a=$(tail -n 1 rss.1); n=$(tail -n 1 rss.n); cpus=$(nproc 2>/dev/null || echo 2)
    lim=$((a * 2 + cpus * 4 * 8192))
    if cmp -s o1 on && [ "$n" -le "$lim" ]; then t_ok "jobs-1024-memory (peak ${n} KB, --jobs 1: ${a} KB)"
    else t_fail jobs-1024-memory "peak ${n} KB > ${lim} KB, or the output differs"; fi
fi

t_done
