#!/bin/sh
# test_mkdawg_lang.sh - no silent loss when a word list is built: without
# --lang or --alphabet, mkdawg takes the first shipped alphabet that holds
# every letter of the list (en, is, hu), else the list's own letters, and it
# never ends with exit 0 after skipping more than --max-skip percent of the
# words (default 1%, and over 10 lines): it says the share and the options
# that keep them, and writes nothing.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
M=$TK_BIN/mkdawg
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1
IS=$TK_TOP/data/words/is.txt
all=$(grep -c . "$IS")

# the Icelandic list, no --lang: every word kept, the alphabet said
t_run "is.txt without --lang" 0 "$M" -o is.dawg "$IS"
t_grep "says the alphabet chosen" "alphabet: is" "$ERR"
"$M" --info --json is.dawg > info.json
t_grep "every word of is.txt is in the graph ($all)" "\"words\":$all," info.json
t_grep "with the Icelandic letters" '"letters":32' info.json

# the same list with the English alphabet: most of it would be lost
t_run "is.txt with --lang en fails" 1 "$M" --lang en -o lost.dawg "$IS"
t_grep "gives the share lost" "of $all words (70\.[0-9]%) skipped" "$ERR"
t_grep "names the options that keep them" "\-\-infer-alphabet" "$ERR"
t_grep "and the one that accepts the loss" "\-\-max-skip 100" "$ERR"
if [ -e lost.dawg ]; then t_fail "nothing written" "lost.dawg exists"; else t_ok "nothing written"; fi
t_run "--max-skip 100 accepts the loss" 0 "$M" --lang en --max-skip 100 -o lost.dawg "$IS"

# a language with no shipped alphabet: its own letters
printf 'αβγ\nγάτα\nσκύλος\nλέξη\n' > el.txt
t_run "Greek list without --lang" 0 "$M" -o el.dawg el.txt
t_grep "alphabet: the letters the list uses" "the letters the list uses" "$ERR"
"$M" --dump el.dawg > el.out
LC_ALL=C sort el.txt > el.want
LC_ALL=C sort el.out > el.got
t_same "every Greek word kept" el.got el.want

# a few bad lines in a big list are still only reported (README example)
printf 'cat\nhello world\n' > bad.txt
t_run "one bad line of two: reported, exit 0" 0 "$M" -o x.dawg bad.txt
t_grep "reported" "1 line skipped" "$ERR"
# eleven lines of junk among 100 words: over the floor and over 1%
{ i=0; while [ $i -lt 100 ]; do echo "word$(printf '%03d' $i | tr 0-9 a-j)"; i=$((i + 1)); done
  i=0; while [ $i -lt 11 ]; do echo "co-op$i"; i=$((i + 1)); done; } > junk.txt
t_run "11 junk lines of 111 fail" 1 "$M" -o j.dawg junk.txt
t_grep "share of junk" "11 of 111 words (9.9%)" "$ERR"
t_grep "junk is never letters" "never letters" "$ERR"
t_run "--max-skip 10 accepts them" 0 "$M" --max-skip 10 -o j.dawg junk.txt
t_run "--max-skip out of range" 2 "$M" --max-skip 101 -o j.dawg junk.txt
t_done
