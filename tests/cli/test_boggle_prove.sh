#!/bin/sh
# test_boggle_prove.sh - CLI tests of `boggle --prove`: every board it
# reports is rescored by a plain solve (and reaches the threshold); above
# the best, the report is empty; --json; shards merged give the whole run's
# boards, and a missing, duplicated or foreign shard is an error, not a
# proof; a run killed with SIGKILL at several moments resumes from its
# checkpoint and gives the same boards; a damaged checkpoint is a located
# error; usage errors.  The dictionary: the words of ENABLE2K made of the
# letters a e i l n r s t (every board of 3x3 over the 26 letters is
# searched).  TK_LONG=1 also proves the 3x3 record of ENABLE2K.
. "$(dirname "$0")/lib.sh"
B="$TK_BIN/boggle"
cd "$T_TMP" || exit 1
grep -E '^[aeilnrst]{3,9}$' "$TK_ENABLE2K" > w.txt
P="$B -d w.txt --lang en --prove 3x3"

# rescore FILE: every "SCORE row/row/row" line solved again; prints the lines that disagree
rescore() {
    while read -r score rows; do
        echo "$rows" | tr '/' '\n' > g.txt
        got=$("$B" -d w.txt --lang en --count --score g.txt | cut -d' ' -f2)
        [ "$got" = "$score" ] && [ "$score" -ge "$2" ] || echo "$rows: claimed $score, solved $got"
    done < "$1"
}

t_run whole 0 $P --min 460
cp "$OUT" whole.out
n=$(wc -l < whole.out)
if [ "$n" -ge 1 ] && [ "$(grep -cvE '^[0-9]+ [a-z]{3}/[a-z]{3}/[a-z]{3}$' whole.out)" = 0 ]; then t_ok whole-format
else t_fail whole-format "$(head -3 whole.out)"; fi
bad=$(rescore whole.out 460)
if [ -z "$bad" ]; then t_ok whole-rescored; else t_fail whole-rescored "$bad"; fi
sort -k1,1nr -k2 whole.out | cmp -s - whole.out && t_ok whole-sorted || t_fail whole-sorted "not best first"
t_grep whole-verdict "proved: exactly $n 3x3 boards (up to symmetry) score 460 points or more" "$ERR"
top=$(head -n 1 whole.out | cut -d' ' -f1)
t_run above 0 $P --min $((top + 1))
if [ ! -s "$OUT" ]; then t_ok above-empty; else t_fail above-empty "$(head -2 "$OUT")"; fi
t_grep above-verdict "proved: no 3x3 board scores $((top + 1)) points or more" "$ERR"
# a board the annealer finds is among the proof's at its own score
"$B" -d w.txt --lang en --best 3x3 --seed 5 --iterations 3000 | sed '1,/^# best /d' > best.txt
bs=$("$B" -d w.txt --lang en --count --score best.txt | cut -d' ' -f2)
t_run at-best 0 $P --min "$bs"
if [ "$(head -n 1 "$OUT" | cut -d' ' -f1)" -ge "$bs" ]; then t_ok at-best-found; else t_fail at-best-found "no board >= $bs"; fi

# --json: one object per board, then the verdict
t_run json 0 $P --min 460 --json --jobs 2
if [ "$(grep -c '^{"score":[0-9]*,"board":\["[a-z]*","[a-z]*","[a-z]*"\]}$' "$OUT")" = "$n" ]; then t_ok json-boards
else t_fail json-boards "$(head -2 "$OUT")"; fi
t_grep json-verdict "^{\"proved\":true,\"size\":\"3x3\",\"min_score\":460,\"boards_found\":$n,\"classes\":" "$OUT"

# --sample: at least N classes (whole families), an estimate, and only
# boards of the whole proof
t_run sample 0 $P --min 460 --sample 40 --seed 3 --json
k=$(sed -n 's/.*sample (not a proof): \([0-9]*\) of 102 classes.*/\1/p' "$ERR")
if [ -n "$k" ] && [ "$k" -ge 40 ] && [ "$k" -le 102 ]; then t_ok sample-count; else t_fail sample-count "$(cat "$ERR")"; fi
t_grep sample-json "^{\"sampled\":$k,\"classes\":102,\"mean_us\":" "$OUT"
grep '^{"score"' "$OUT" | sed 's/^{"score":\([0-9]*\),"board":\["\([a-z]*\)","\([a-z]*\)","\([a-z]*\)"\]}$/\1 \2\/\3\/\4/' > sample.out
if [ -z "$(sort sample.out | comm -23 - "$(sort whole.out > whole.sorted; echo whole.sorted)")" ]; then t_ok sample-boards
else t_fail sample-boards "$(head -3 sample.out)"; fi

# shards: merged, the same boards; missing, duplicated, foreign: errors
for k in 1 2 3; do
    $P --min 460 --shard $k/3 --checkpoint s$k.ck > s$k.out 2> s$k.err || t_fail shard-$k "exit $?: $(cat s$k.err)"
done
t_grep shard-verdict "shard 2/3 done" s2.err
t_run merge 0 $P --min 460 --merge s1.ck s2.ck s3.ck
t_same merge-same "$OUT" whole.out
t_grep merge-verdict "proved: exactly $n 3x3" "$ERR"
t_run merge-missing 1 $P --min 460 --merge s1.ck s3.ck
t_grep merge-missing-msg "not a proof: .* classes are not covered .* shard 2/3" "$ERR"
t_run merge-twice 1 $P --min 460 --merge s1.ck s2.ck s3.ck s2.ck
t_grep merge-twice-msg "covered twice" "$ERR"
t_run merge-foreign 1 $P --min 461 --merge s1.ck s2.ck s3.ck
t_grep merge-foreign-msg "s1.ck:2: another proof" "$ERR"
sed 's/^board \([0-9]*\) /board 999 /' s1.ck > forged.ck
grep -q '^board' s1.ck && { t_run merge-forged 1 $P --min 460 --merge forged.ck s2.ck s3.ck; t_grep merge-forged-msg "checksum" "$ERR"; }

# killed with SIGKILL, resumed: the same boards
rm -f k.ck
for delay in 0.2 0.5 0.8; do
    $P --min 460 --checkpoint k.ck --checkpoint-every 0 > /dev/null 2> k.err &
    pid=$!
    sleep $delay
    kill -9 $pid 2> /dev/null
    wait $pid 2> /dev/null
done
t_run resume 0 $P --min 460 --checkpoint k.ck --verbose
t_same resume-same "$OUT" whole.out
if [ "${TK_VALGRIND:-0}" = 1 ]; then
    # under memcheck the kills land at other moments of a run 30x slower
    t_skip resume-resumed "timing-based (the kill delays are for a run at full speed)"
elif grep -q "resuming from k.ck" "$ERR" || ! grep -q '^done' k.ck; then t_ok resume-resumed
else t_fail resume-resumed "$(head -3 "$ERR")"; fi
t_run resume-again 0 $P --min 460 --checkpoint k.ck
t_same resume-again-same "$OUT" whole.out
t_grep resume-again-all "resuming\|proved" "$ERR"
ls .k.ck.* > /dev/null 2>&1 && t_fail resume-no-temp "temporary files left" || t_ok resume-no-temp
# a checkpoint of another proof is not overwritten
t_run other-proof 1 $P --min 461 --checkpoint k.ck
t_grep other-proof-msg "k.ck:2: another proof" "$ERR"
# damaged: a located error
sed 's/^done 0/done 1/' k.ck > bad.ck
t_run damaged 1 $P --min 460 --checkpoint bad.ck
t_grep damaged-msg "bad.ck:[0-9]*: .*checksum" "$ERR"
head -c 40 k.ck > cut.ck
t_run cut 1 $P --min 460 --checkpoint cut.ck
t_grep cut-msg "cut.ck:[0-9]*: " "$ERR"

# a FIFO (whose open would wait) or a link as checkpoint: refused at once, the link's target kept
mkfifo fifo.ck
t_run fifo-ck 1 timeout 20 $P --min 460 --checkpoint fifo.ck
t_grep fifo-ck-msg 'fifo.ck: cannot read the checkpoint: not a regular file' "$ERR"
echo keep > victim
ln -s victim link.ck
t_run link-ck 1 $P --min 460 --checkpoint link.ck
t_grep link-ck-msg 'link.ck: cannot read the checkpoint: not a regular file' "$ERR"
t_run link-ck-kept 0 grep -qx keep victim

# usage
t_run no-min 2 $P
t_run shard-alone 2 $P --min 460 --shard 1/2
t_run bad-shard 2 $P --min 460 --shard 3/2 --checkpoint x.ck
t_run empty-checkpoint 2 $P --min 460 --checkpoint ""
t_run merge-nothing 2 $P --min 460 --merge
t_run no-prove 2 "$B" -d w.txt --min-score 10
t_run bad-groups 2 $P --min 460 --groups "aeiou xyz"
t_grep bad-groups-msg "groups: the face 'b' is in no group" "$ERR"
t_run bad-order 2 $P --min 460 --order "0 1 2"
t_run bad-shape 2 "$B" -d w.txt --prove 3x --min 5

if [ "${TK_LONG:-0}" = 1 ] && [ -f "$TK_ENABLE2K" ]; then
    t_run enable2k-3x3 0 "$B" -d "$TK_ENABLE2K" --prove 3x3 --min 545 --jobs 2
    echo "545 des/lat/per" > want
    t_same enable2k-3x3-best "$OUT" want
else
    t_skip enable2k-3x3 "TK_LONG=1 proves the 3x3 record (a CPU-minute)"
fi
t_done
