# test_checkpoint.sh - long runs resume: mkleaves --checkpoint FILE, killed
# with SIGKILL (kill -9) several times, resumes from its last checkpoint and
# makes the same statistics or table, byte for byte, as a run never stopped;
# the checkpoint is removed once the output is written; a checkpoint of
# another run, a damaged one or the --init table as checkpoint are refused
# (and left as they are).  The checkpoint file is written by
# cli_checkpoint_write (test_cli_outfile checks that a writer killed at any
# moment leaves it whole).
. "$(dirname "$0")/lib.sh"
t_mkleaves
cd "$T_TMP" || exit 1
PLAY="--dict $W --lang en --target equity --play --first 50 --games 240 --seed 7 --jobs 2"

# kill_after_checkpoint OUT ARGS...: start mkleaves, SIGKILL it once its
# checkpoint run.ckpt holds a game it did not hold when started; 0 if killed
kill_after_checkpoint() {
    _before=$(sed -n 2p run.ckpt 2>/dev/null)
    "$M" "$@" --checkpoint run.ckpt --checkpoint-every 0.05 2>/dev/null &
    _p=$!
    while kill -0 "$_p" 2>/dev/null; do
        _now=$(sed -n 2p run.ckpt 2>/dev/null)
        if [ -n "$_now" ] && [ "$_now" != "$_before" ] && [ "$_now" != "#done " ]; then
            kill -9 "$_p" 2>/dev/null
            wait "$_p" 2>/dev/null
            return 0
        fi
        sleep 0.02
    done
    wait "$_p" 2>/dev/null
    return 1
}

# ---- one --play shard: killed three times, then run to the end ----
t_run ref 0 "$M" $PLAY -o ref.stats
kills=0
for k in 1 2 3; do
    kill_after_checkpoint $PLAY -o ck.stats && kills=$((kills + 1))
    [ -f ck.stats ] && break
done
if [ "$kills" -ge 1 ]; then t_ok "killed $kills times"; else t_fail killed "the run ended before a checkpoint"; fi
t_grep checkpoint-header '^#tkleaves-checkpoint 1 en equity seed 7 first 50 games 240 ' run.ckpt
t_run resume 0 "$M" $PLAY -o ck.stats --checkpoint run.ckpt
t_grep resume-msg 'run.ckpt: resuming: [1-9][0-9]* of 240 games done' "$ERR"
t_same resumed-same-stats ref.stats ck.stats
if [ -e run.ckpt ]; then t_fail checkpoint-removed "run.ckpt is still there"; else t_ok checkpoint-removed; fi
left=$(ls -a | grep -c 'tilekit-')
if [ "$left" -eq 0 ]; then t_ok no-temporary-left; else t_fail no-temporary-left "$left left"; fi

# ---- one iteration in one process: the table ----
ONE="--dict $W --lang en --target equity --games 200 --iters 1 --seed 8 --jobs 2 --balance --shrink 20"
t_run ref-table 0 "$M" $ONE -o ref.csv
kill_after_checkpoint $ONE -o ck.csv
t_run resume-table 0 "$M" $ONE -o ck.csv --checkpoint run.ckpt
t_same resumed-same-table ref.csv ck.csv

# ---- refused, and left as they are ----
kill_after_checkpoint $PLAY -o other.stats
cp run.ckpt saved.ckpt
t_run other-run 1 "$M" --dict "$W" --lang en --target equity --play --first 50 --games 240 --seed 9 --jobs 2 \
    -o other.stats --checkpoint run.ckpt
t_grep other-run-msg 'run.ckpt:1: not a checkpoint of this run (en equity seed 9 ' "$ERR"
t_same other-run-kept saved.ckpt run.ckpt
head -c 200 saved.ckpt >cut.ckpt
t_run damaged 1 "$M" $PLAY -o other.stats --checkpoint cut.ckpt
t_grep damaged-msg '^mkleaves: cut.ckpt: a damaged checkpoint' "$ERR"
printf 'leave,value\nA,1\n' >init.csv
cp init.csv init.kept
t_run init-as-checkpoint 1 "$M" $PLAY --init init.csv -o x.stats --checkpoint init.csv
t_same init-kept init.kept init.csv
# never read through a link, from a FIFO (it would block) or a device
t_run empty-name 2 "$M" $PLAY -o x.stats --checkpoint ""
mkfifo fifo.ckpt
t_run fifo 1 timeout 20 "$M" $PLAY -o x.stats --checkpoint fifo.ckpt
t_grep fifo-msg 'fifo.ckpt: not a regular file' "$ERR"
ln -s saved.ckpt link.ckpt
t_run symlink 1 "$M" $PLAY -o x.stats --checkpoint link.ckpt
t_grep symlink-msg 'link.ckpt: not a regular file' "$ERR"
t_run device 1 "$M" $PLAY -o x.stats --checkpoint /dev/zero
t_grep device-msg '/dev/zero: not a regular file' "$ERR"
# the output itself, or an input: refused at once, before any game
t_run same-as-output 2 "$M" $PLAY -o x.stats --checkpoint x.stats
t_run dict-as-checkpoint 1 "$M" $PLAY -o x.stats --checkpoint "$W"
if [ -e x.stats ]; then t_fail dict-as-checkpoint-no-output "x.stats written"; else t_ok dict-as-checkpoint-no-output; fi
t_run no-such-dir 1 "$M" $PLAY -o x.stats --checkpoint nodir/run.ckpt
t_grep no-such-dir-msg 'nodir/run.ckpt: cannot save the checkpoint' "$ERR"
if [ -e x.stats ]; then t_fail no-such-dir-no-output "x.stats written"; else t_ok no-such-dir-no-output; fi
t_run iters-2 2 "$M" --dict "$W" --lang en --games 10 --iters 2 -o x.csv --checkpoint run.ckpt
t_grep iters-2-msg 'checkpoint goes with --play or --iters 1' "$ERR"
t_run every-0 2 "$M" $PLAY -o x.stats --checkpoint run.ckpt --checkpoint-every 0
t_done
