#!/bin/sh
# test_dict.sh - dictionaries a player can trust (issue 11), end to end:
# ENABLE2K as the default English list (every word any move forms is in the
# independent copy in ../shared), --lexicon and CGP `lex`/`ld` with every
# path tried, the data path order, mkdawg's full alphabets, skipped lines,
# --strict, --install and -o safety (on a FIFO and symlinks in a temporary
# directory, never on a real device), empty dictionaries, truncated and
# forged .dawg files, and the Boggle minimum length by grid size.
. "$(dirname "$0")/lib.sh"
M=$TK_BIN/mkdawg; S=$TK_BIN/skrafl; B=$TK_BIN/boggle
TOP=$TK_TOP; CORPUS=$TK_TOP/tests/fuzz/corpus/dawg
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
# a private user data directory: nothing of the real one is read or written
HOME=$T_TMP/home; export HOME; unset XDG_DATA_HOME
USERDICT=$HOME/.local/share/tilekit/dict
cd "$T_TMP" || exit 1
EMPTY15='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15'

# ---- ENABLE2K is the default English dictionary --------------------------------
t_run "skrafl --verbose names the default" 0 "$S" -v -r AEIRST? -n 1 "$TOP/data/boards/sample.txt"
t_grep "default dictionary: en, 173528 words" "dictionary .*en\.dawg: 173528 words" "$ERR"
EN2K=$TK_ENABLE2K
if [ -f "$EN2K" ]; then
    t_same "data/words/en.txt is ENABLE2K" "$TOP/data/words/en.txt" "$EN2K"
    # every word formed by every move, on several positions, is an ENABLE2K word
    printf '%s JXKBSMQ/ 0/0 0\n%s ZAQIOUE/ 0/0 0\n15/15/15/15/15/15/15/7BROWN4/15/15/15/15/15/15/15 IEEJSXK/ 0/0 0\n' \
        "$EMPTY15" "$EMPTY15" > pos.cgp
    "$S" --words pos.cgp > moves.txt 2>moves.err
    "$S" --words -r 'AEIRST?' "$TOP/data/boards/sample.txt" >> moves.txt 2>>moves.err
    grep -v '^#' moves.txt | sed 's/.*words://' | tr ',' '\n' | tr 'A-Z' 'a-z' | LC_ALL=C sort -u > formed.txt
    LC_ALL=C comm -23 formed.txt "$EN2K" > notin.txt
    if [ -s formed.txt ] && [ ! -s notin.txt ]; then t_ok "all $(wc -l < formed.txt) words formed are ENABLE2K words"
    else t_fail "only ENABLE2K words" "$(wc -l < formed.txt) formed, not in ENABLE2K: $(head -5 notin.txt | tr '\n' ' ')"; fi
    # the spelling-dictionary two-letter "words" of the old default are gone
    if grep -qiE '^(js|xs|ks|mb|bs|kb)$' formed.txt; then t_fail "no JS/XS/KS" "$(grep -iE '^(js|xs|ks|mb|bs|kb)$' formed.txt | head -3)"
    else t_ok "no JS, XS, KS, MB, BS, KB"; fi
else
    t_skip "ENABLE2K checks" "$EN2K not available"
fi

# the dictionary file is opened once and mapped (not read into memory first)
if [ -n "${TK_VALGRIND:-}" ]; then
    t_skip "dictionary opened once" "under valgrind (it maps files its own way)"
elif command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null; then
    strace -f -e trace=openat,open,mmap -o trace.txt "$S" -r AEIRST? -n 1 "$TOP/data/boards/sample.txt" >/dev/null 2>&1
    _opens=$(grep -c 'en\.dawg"' trace.txt)
    _size=$(wc -c < "$TK_TOP/build/dict/en.dawg" | tr -d ' ')
    if [ "$_opens" -eq 1 ]; then t_ok "en.dawg opened once"; else t_fail "en.dawg opened once" "$_opens opens"; fi
    if grep -q "mmap(NULL, $_size, PROT_READ, MAP_PRIVATE" trace.txt; then t_ok "en.dawg mapped whole"
    else t_fail "en.dawg mapped" "no mmap of $_size bytes"; fi
else
    t_skip "dictionary opened once" "strace not available"
fi

# ---- mkdawg: the language's full alphabet, skipped lines, --strict ----------------
printf 'cat\nAaron'"'"'s\nco-op\ndog\n4th\nzebra\nquiet\n' > list.txt
t_run "mkdawg skips lines outside the alphabet" 0 "$M" -o list.dawg list.txt
t_grep "skip names file:line (apostrophe)" "^mkdawg: list.txt:2: skipped: word 'Aaron's'" "$ERR"
t_grep "skip names file:line (hyphen)" "^mkdawg: list.txt:3: skipped: word 'co-op'" "$ERR"
t_grep "skip names file:line (digit)" "^mkdawg: list.txt:5: skipped: word '4th'" "$ERR"
t_grep "skip count at the end" "^mkdawg: list.txt: 3 lines skipped" "$ERR"
"$M" --info list.dawg > info.txt
t_grep "full English alphabet by default" "^letters *26$" info.txt
t_grep "only the good words" "^words *4$" info.txt
"$M" --dump list.dawg > dump.txt
printf 'cat\ndog\nquiet\nzebra\n' > want.txt
t_same "dump = the good words" want.txt dump.txt
t_run "--strict: a bad line is an error" 1 "$M" --strict -o strict.dawg list.txt
t_grep "--strict names the line" "^mkdawg: list.txt:2: word 'Aaron's'" "$ERR"
if [ -e strict.dawg ]; then t_fail "--strict writes nothing" "strict.dawg exists"; else t_ok "--strict writes nothing"; fi
t_run "--infer-alphabet" 0 "$M" --infer-alphabet -o inf.dawg list.txt
"$M" --info inf.dawg > info.txt
t_grep "inferred: no ' or - among the letters" "^alphabet *a b c d e g h i n o p q r s t u z$" info.txt
t_run "--lang is" 0 "$M" --lang is -o is.dawg "$TOP/data/words/is.txt"
"$M" --info is.dawg > info.txt
t_grep "--lang is: 32 letters" "^letters *32$" info.txt
t_run "--lang and --alphabet exclusive" 2 "$M" --lang en --alphabet en -o x.dawg list.txt

# a list that never uses x: its dictionary still takes X tiles, and x on grids
printf 'ax\n' > /dev/null
grep -v x "$TOP/data/words/en.txt" | head -20000 > nox.txt
t_run "build a list without x" 0 "$M" -o nox.dawg nox.txt
t_run "skrafl: rack with X, dictionary without x" 0 "$S" --dict nox.dawg -r AXEIRST -n 3 "$TOP/data/boards/empty.txt"
t_grep "skrafl: moves without x" "leave:X" "$OUT"
printf 'xaxa\nxtex\nxaxa\nxxxx\n' > xgrid.txt
t_run "boggle: x in the grid, dictionary without x" 0 "$B" --dict nox.dawg --count xgrid.txt
# an old-style dictionary with an inferred alphabet (no x) works too: widened
t_run "build with an inferred alphabet" 0 "$M" --infer-alphabet -o noxi.dawg nox.txt
t_run "skrafl: inferred-alphabet dictionary, X on the rack" 0 "$S" --dict noxi.dawg -r AXEIRST -n 1 "$TOP/data/boards/empty.txt"
"$S" --dict nox.dawg -r AXEIRST "$TOP/data/boards/empty.txt" > a.txt
"$S" --dict noxi.dawg -r AXEIRST "$TOP/data/boards/empty.txt" > b.txt
t_same "inferred and full alphabet give the same moves" a.txt b.txt
t_run "boggle: inferred-alphabet dictionary, x grid" 0 "$B" --dict noxi.dawg --count xgrid.txt

# ---- mkdawg -o safety: only a regular file is ever replaced -----------------------
printf 'keep me\n' > target.txt
ln -s target.txt link.dawg
mkfifo fifo.dawg
t_run "-o a symlink: refused" 1 "$M" -o link.dawg list.txt
t_grep "-o symlink message" "^mkdawg: link.dawg: refusing to replace a symbolic link" "$ERR"
if [ -L link.dawg ] && [ "$(cat target.txt)" = "keep me" ]; then t_ok "symlink and its target untouched"
else t_fail "symlink untouched" "link.dawg or target.txt changed"; fi
t_run "-o a FIFO: refused" 1 "$M" -o fifo.dawg list.txt
t_grep "-o FIFO message" "^mkdawg: fifo.dawg: refusing to replace a FIFO" "$ERR"
if [ -p fifo.dawg ]; then t_ok "FIFO untouched"; else t_fail "FIFO untouched" "fifo.dawg is no longer a FIFO"; fi
ln -s /dev/null devlink.dawg          # a device reached through a link: refused, never opened
t_run "-o a symlink to a device: refused" 1 "$M" -o devlink.dawg list.txt
if [ -L devlink.dawg ]; then t_ok "device link untouched"; else t_fail "device link" "replaced"; fi
# a character device of our own (a copy of /dev/null's numbers, in the
# temporary directory): refused, still a device afterwards
if mknod chardev c 1 3 2>/dev/null && [ -c chardev ]; then
    t_run "-o a device: refused" 1 "$M" -o chardev list.txt
    t_grep "-o device message" "^mkdawg: chardev: refusing to replace a device" "$ERR"
    if [ -c chardev ]; then t_ok "device untouched"; else t_fail "device untouched" "chardev replaced"; fi
else
    t_skip "-o a device" "cannot make a device node here (mknod)"
fi
t_run "-o names the input" 2 "$M" -o list.txt list.txt
t_grep "-o input message" "names the input word list" "$ERR"
ln -s list.txt listlink.txt
t_run "-o names the input through a link" 2 "$M" -o list.txt listlink.txt
t_run '-o ""' 2 "$M" -o "" list.txt
t_run "-o ." 2 "$M" -o . list.txt
t_grep "-o . message" "is a directory" "$ERR"
t_run "-o - writes to stdout" 0 "$M" -o - list.txt
t_same "-o - = the file" "$OUT" list.dawg
printf 'old\n' > reg.dawg
t_run "-o an existing file without --force: refused" 1 "$M" -o reg.dawg list.txt
t_grep "-o existing message" "^mkdawg: reg.dawg: already exists (use --force to replace it)" "$ERR"
t_run "-o a regular file: replaced" 0 "$M" --force -o reg.dawg list.txt
t_same "replaced regular file" reg.dawg list.dawg
if ls | grep -q '\.tmp'; then t_fail "no temporary files" "$(ls | grep '\.tmp')"; else t_ok "no temporary files left"; fi

# ---- mkdawg --install, --lexicon, unknown names ---------------------------------
printf 'cat\ncats\nact\nacts\nta\nat\nscat\n' | LC_ALL=C sort > mini.txt
t_run "--install" 0 "$M" --install MINI mini.txt
t_grep "--install says where" "installed lexicon 'MINI' (7 words) as $USERDICT/MINI.dawg" "$ERR"
if [ -f "$USERDICT/MINI.dawg" ]; then t_ok "installed in the user's data directory"; else t_fail "--install" "no $USERDICT/MINI.dawg"; fi
t_run "--install: bad name" 2 "$M" --install ../evil mini.txt
t_run "--install with -o" 2 "$M" --install MINI -o x.dawg mini.txt
t_run "skrafl --lexicon MINI" 0 "$S" --lexicon MINI --words -r ACST "$TOP/data/boards/empty.txt"
sed 's/.*words://' "$OUT" | tr ',' '\n' | tr 'A-Z' 'a-z' | LC_ALL=C sort -u > formed.txt
LC_ALL=C comm -23 formed.txt mini.txt > notin.txt
if [ -s formed.txt ] && [ ! -s notin.txt ]; then t_ok "--lexicon MINI: only MINI words"
else t_fail "--lexicon MINI" "not in MINI: $(head -3 notin.txt | tr '\n' ' ')"; fi
t_run "boggle --lexicon MINI" 0 "$B" --lexicon MINI xgrid.txt
printf 'cats\nxxxx\nxxxx\nxxxx\n' > cgrid.txt
t_run "boggle --lexicon MINI finds cat" 0 "$B" --lexicon MINI cgrid.txt
printf 'cat\ncats\n' > want.txt
t_same "boggle --lexicon MINI words (cat, cats; act cannot be traced)" "$OUT" want.txt
t_run "skrafl --lexicon unknown" 1 "$S" --lexicon NOPE -r ACST "$TOP/data/boards/empty.txt"
t_grep "unknown lexicon named" "^skrafl: unknown lexicon 'NOPE'" "$ERR"
t_grep "paths tried: TILEKIT_DATA" "^skrafl:   $TK_TOP/build/dict/NOPE.dawg$" "$ERR"
t_grep "paths tried: user directory" "^skrafl:   $USERDICT/NOPE.dawg$" "$ERR"
t_grep "how to install" "mkdawg --install NOPE" "$ERR"
t_run "boggle --lexicon unknown" 1 "$B" --lexicon NOPE cgrid.txt
t_grep "boggle: paths tried" "^boggle:   $USERDICT/NOPE.dawg$" "$ERR"
t_run "--lexicon bad name" 1 "$S" --lexicon ../x -r A "$TOP/data/boards/empty.txt"
t_grep "bad name message" "invalid lexicon name" "$ERR"
t_run "--dict and --lexicon" 2 "$S" --dict list.dawg --lexicon MINI -r A "$TOP/data/boards/empty.txt"
t_run "boggle --dict and --lexicon" 2 "$B" --dict list.dawg --lexicon MINI cgrid.txt
# TILEKIT_DATA comes first, then the user's directory
mkdir -p d1/dict
printf 'tacts\n' > one.txt
"$M" -o d1/dict/MINI.dawg one.txt 2>/dev/null
t_run "TILEKIT_DATA before the user's directory" 0 env TILEKIT_DATA="$T_TMP/d1:$TILEKIT_DATA" "$S" --lexicon MINI --count -r ACSTT "$TOP/data/boards/empty.txt"
t_grep "the TILEKIT_DATA lexicon was used (1 word: TACTS, 5 openings)" "^5$" "$OUT"

# ---- CGP opcodes lex and ld -------------------------------------------------------
cat > ops.cgp <<EOF
$EMPTY15 ACST/ 0/0 0 lex MINI;
$EMPTY15 ACST/ 0/0 0
$EMPTY15 ACST/ 0/0 0 lex NOPE;
$EMPTY15 ACST/ 0/0 0 ld english; lex MINI;
$EMPTY15 ÞAÐ/ 0/0 0 ld icelandic;
$EMPTY15 ACST/ 0/0 0 ld klingon;
EOF
t_run "CGP lex/ld batch: bad lines fail, others solved" 1 "$S" --count ops.cgp
printf '8\n37\nerror\n8\n5\nerror\n' > want.txt
"$S" --count --lexicon MINI -r ACST "$TOP/data/boards/empty.txt" > mini-count.txt
"$S" --count -r ACST "$TOP/data/boards/empty.txt" > en-count.txt
printf '%s\n%s\nerror\n%s\n' "$(cat mini-count.txt)" "$(cat en-count.txt)" "$(cat mini-count.txt)" > want.txt
"$S" --count --lang is -r ÞAÐ "$TOP/data/boards/empty.txt" >> want.txt
echo error >> want.txt
t_same "lex MINI = --lexicon MINI, ld icelandic = --lang is" "$OUT" want.txt
t_grep "lex NOPE: the line" "^skrafl: ops.cgp:3: lex NOPE" "$ERR"
t_grep "lex NOPE: paths tried" "^skrafl:   $USERDICT/NOPE.dawg$" "$ERR"
t_grep "ld klingon: the line" "^skrafl: ops.cgp:6: ld: unknown letter distribution 'klingon'" "$ERR"
t_grep "ld klingon: paths tried" "tiles/klingon.txt$" "$ERR"
t_run "--lexicon wins over lex" 0 "$S" --count --lexicon MINI "$EMPTY15 ACST/ 0/0 0 lex NOPE;"
t_same "--lexicon over lex NOPE" "$OUT" mini-count.txt
t_run "lex in a CGP argument" 1 "$S" --count "$EMPTY15 ACST/ 0/0 0 lex NOPE;"
t_run "lex with --json: an error object" 1 "$S" --json --count ops.cgp
t_grep "JSON error object for lex NOPE" '"line":3,.*"error":"lex NOPE' "$OUT"

# ---- empty dictionaries are errors everywhere ------------------------------------
: > empty.txt
printf 'co-op\n4th\n' > allbad.txt
t_run "skrafl --dict /dev/null" 1 "$S" --dict /dev/null -r AEIOU "$TOP/data/boards/empty.txt"
t_grep "skrafl: no words" "no words" "$ERR"
t_run "skrafl --dict all-bad list" 1 "$S" --dict allbad.txt -r AEIOU "$TOP/data/boards/empty.txt"
t_run "boggle --dict empty" 1 "$B" --dict empty.txt cgrid.txt
t_grep "boggle: no words" "empty.txt: no words" "$ERR"
t_run "skrafl: an empty .dawg" 1 "$S" --dict "$CORPUS/empty-graph.dawg" -r AB "$TOP/data/boards/empty.txt"
t_grep "skrafl: empty .dawg message" "empty-graph.dawg: the dictionary has no words" "$ERR"
t_run "boggle: an empty .dawg" 1 "$B" --dict "$CORPUS/empty-graph.dawg" cgrid.txt
t_run "skrafl: another language's dictionary" 1 "$S" --dict "$TK_TOP/build/dict/is.dawg" -r AB "$TOP/data/boards/empty.txt"
t_grep "the tile set error says the dictionary differs" "has another alphabet: give --lang" "$ERR"
t_run "mkdawg empty list" 1 "$M" -o e.dawg empty.txt
t_run "mkdawg all lines skipped" 1 "$M" -o e.dawg allbad.txt
t_grep "mkdawg: every line skipped" "no words (every line was skipped)" "$ERR"

# ---- truncated and forged .dawg files ---------------------------------------------
for k in 1 5 7; do
    f=$CORPUS/truncated-magic-$k.dawg
    t_run "skrafl: .dawg cut to $k bytes" 1 "$S" --dict "$f" -r A "$TOP/data/boards/empty.txt"
    t_grep "skrafl: cut to $k bytes is truncated" "truncated file: $k bytes" "$ERR"
    t_run "boggle: .dawg cut to $k bytes" 1 "$B" --dict "$f" cgrid.txt
    t_run "mkdawg --info: .dawg cut to $k bytes" 1 "$M" --info "$f"
    t_grep "mkdawg: cut to $k bytes is truncated" "truncated" "$ERR"
done
for f in forged-2e41-words-saturated forged-2e41-words-exact forged-4e64-words-wrapped; do
    t_run "--info $f refused" 1 "$M" --info "$CORPUS/$f.dawg"
    t_grep "$f: more than DAWG_MAX_WORDS" "more than 4294967295 words" "$ERR"
    t_run "--dump $f ends" 1 "$M" --dump "$CORPUS/$f.dawg"
done
t_run "--info forged-path-65 refused" 1 "$M" --info "$CORPUS/forged-path-65.dawg"
t_grep "65-letter path" "more than 64 letters" "$ERR"
t_run "--info forged-count-mismatch refused" 1 "$M" --info "$CORPUS/forged-count-mismatch.dawg"
t_run "--info honest chain: exact count" 0 "$M" --info "$CORPUS/forged-chain-ok.dawg"
t_grep "exact count 2046" "^words *2046$" "$OUT"
t_run "--dump honest chain" 0 "$M" --dump "$CORPUS/forged-chain-ok.dawg"
if [ "$(wc -l < "$OUT")" -eq 2046 ]; then t_ok "--dump gives 2046 words"; else t_fail "--dump chain" "$(wc -l < "$OUT") lines"; fi

# ---- Boggle: minimum length by grid size, --lang is --------------------------------
printf 'pers\nlatg\nsine\nters\n' > g4.txt
"$B" g4.txt > def.txt; "$B" --min 3 g4.txt > min3.txt
t_same "4x4: default minimum 3" def.txt min3.txt
if grep -qx '...' def.txt; then t_ok "4x4: three-letter words listed"; else t_fail "4x4 three-letter words" "none"; fi
printf 'sepes\ndsrac\nietil\nmanes\nligdr\n' > g5.txt
"$B" --min auto g5.txt > def.txt; "$B" --min 4 g5.txt > min4.txt
t_same "5x5 --min auto: minimum 4" def.txt min4.txt
if grep -qx '...' def.txt; then t_fail "5x5 --min auto: no three-letter words" "$(grep -x '...' def.txt | head -3)"; else t_ok "5x5 --min auto: no three-letter words"; fi
"$B" g5.txt > def.txt
if grep -qx '...' def.txt; then t_ok "5x5 from input: default minimum 3"; else t_fail "5x5 input default" "no three-letter word"; fi
"$B" --min 3 g5.txt > min3.txt
if grep -qx '...' min3.txt; then t_ok "5x5 --min 3: three-letter words back"; else t_fail "5x5 --min 3" "none"; fi
printf 'pers\nlatg\nsine\nters\nabcd\n' > g54.txt
"$B" --min auto g54.txt > def.txt; "$B" --min 3 g54.txt > min3.txt
t_same "5x4 --min auto: minimum 3 (not Big Boggle)" def.txt min3.txt
t_run "--random 5x5: minimum 4" 0 "$B" --random 5x5 --seed 7
if tail -n +7 "$OUT" | grep -qx '...'; then t_fail "--random 5x5 min 4" "three-letter word"; else t_ok "--random 5x5: no three-letter words"; fi
printf 'hest\nrúmi\nalda\nsker\n' > isgrid.txt
t_run "boggle --lang is" 0 "$B" --lang is isgrid.txt
if [ -s "$OUT" ] && LC_ALL=C comm -23 "$OUT" "$TOP/data/words/is.txt" | grep -q .; then
    t_fail "boggle --lang is words" "not in is.txt: $(LC_ALL=C comm -23 "$OUT" "$TOP/data/words/is.txt" | head -3)"
elif [ -s "$OUT" ]; then t_ok "boggle --lang is: $(wc -l < "$OUT") Icelandic words"
else t_fail "boggle --lang is" "no words"; fi
t_run "boggle --lang klingon" 2 "$B" --lang klingon isgrid.txt
t_done
