#!/bin/sh
# test_boggle_qu.sh - a bare q cell: the letter Q by default, the Qu die
# with --q-is-qu (the convention of most Boggle programs and published
# boards), and a hint on stderr when a grid has a bare q and the dictionary
# has almost no word with a q not followed by u.  The scores are worked out
# here from small dictionaries, and checked on a published board: hybrid-
# boggle gives qaicdrneetasnnil 1391 points with ENABLE2K.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
B=$TK_BIN/boggle
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1
printf 'quit\nqat\nquiet\ntie\nsuq\n' > words.txt   # qat, suq: q without u

printf 'qi\nte\n' > g.txt
t_run "bare q is Q by default" 0 "$B" --dict words.txt g.txt
printf 'tie\n' > want
t_same "only tie (no Qu)" "$OUT" want
t_run "--q-is-qu" 0 "$B" --dict words.txt --q-is-qu g.txt
printf 'quiet\nquit\ntie\n' > want
t_same "quiet, quit, tie with Qu" "$OUT" want
# packed "qu" and the token "q" are read the same way under --q-is-qu
printf 'q i\nt e\n' > g2.txt
t_run "token q --q-is-qu" 0 "$B" --dict words.txt --q-is-qu g2.txt
t_same "token q is Qu too" "$OUT" want
# the hint: this dictionary has 2 of 5 q words without u: no hint
t_run "no hint for a dictionary with q-without-u words" 0 "$B" --dict words.txt g.txt
if [ -s "$ERR" ]; then t_fail "no hint" "$(head -c 300 "$ERR")"; else t_ok "no hint"; fi
printf 'quit\nquiet\nquite\nqueen\ntie\n' > quwords.txt
t_run "hint when q means Qu" 0 "$B" --dict quwords.txt g.txt
t_grep "the hint names --q-is-qu" "q-is-qu" "$ERR"
t_grep "the hint counts the grids" "1 grid had a bare q" "$ERR"
t_run "no hint with --q-is-qu" 0 "$B" --dict quwords.txt --q-is-qu g.txt
if [ -s "$ERR" ]; then t_fail "no hint with --q-is-qu" "$(head -c 300 "$ERR")"; else t_ok "no hint with --q-is-qu"; fi

E2K=$TK_ENABLE2K
printf 'qaic\ndrne\netas\nnnil\n' > hb.txt
t_run "published board, --q-is-qu" 0 "$B" --dict "$E2K" --q-is-qu --count --score hb.txt
t_grep "1391 points as hybrid-boggle counts them" " 1391$" "$OUT"
t_done
