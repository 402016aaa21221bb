# test_mkleaves.sh - leave tables made by self-play at scale, and played.
#
# mkleaves split into shards (--play: games I..I+N-1 of one iteration, their
# integer sample sums) and merged (--fit, --merge) must make exactly the
# table that one process playing every game makes, whatever the shards and
# their order: run through GNU parallel (`parallel -S :`, the local host as
# an ssh login, as a cluster would) when it is installed, else in a loop.
# Then the binary form (--pack / --unpack), skrafl reading it, two tables
# playing each other (--players equity:A,equity:B) and located errors.
. "$(dirname "$0")/lib.sh"
S="$TK_BIN/skrafl"
t_mkleaves
T="$T_TMP"
COMMON="--lang en --target equity"
FIT="--balance --shrink 20"

# one process: 24 games, seed 5
t_run one-process 0 "$M" --dict "$W" $COMMON $FIT --games 24 --iters 1 --seed 5 --jobs 1 -o "$T/one.csv"
# three shards of 8 games, in parallel when GNU parallel is there
if command -v parallel >/dev/null 2>&1 && parallel --version 2>/dev/null | grep -q GNU; then
    t_run shards-parallel 0 parallel -S : --halt now,fail=1 \
        "$M" --dict "$W" $COMMON --play --first {} --games 8 --seed 5 --jobs 1 -o "$T/s{}.stats" ::: 0 8 16
else
    t_skip shards-parallel "GNU parallel not installed: the shards run one after the other"
    for f in 0 8 16; do
        "$M" --dict "$W" $COMMON --play --first $f --games 8 --seed 5 --jobs 1 -o "$T/s$f.stats" || t_fail shard-$f "exit $?"
    done
fi
t_run fit 0 "$M" $COMMON $FIT --fit -o "$T/three.csv" "$T/s16.stats" "$T/s0.stats" "$T/s8.stats"
t_same shards-equal-one-process "$T/one.csv" "$T/three.csv"
t_run merge 0 "$M" $COMMON --merge -o "$T/s0-8.stats" "$T/s8.stats" "$T/s0.stats"
t_run fit-merged 0 "$M" $COMMON $FIT --fit -o "$T/two.csv" "$T/s0-8.stats" "$T/s16.stats"
t_same merged-equal-one-process "$T/one.csv" "$T/two.csv"
# other shard boundaries: still the same
t_run shard-a 0 "$M" --dict "$W" $COMMON --play --first 0 --games 20 --seed 5 --jobs 1 -o "$T/a.stats"
t_run shard-b 0 "$M" --dict "$W" $COMMON --play --first 20 --games 4 --seed 5 --jobs 1 -o "$T/b.stats"
t_run fit-ab 0 "$M" $COMMON $FIT --fit -o "$T/ab.csv" "$T/b.stats" "$T/a.stats"
t_same other-split-equal "$T/one.csv" "$T/ab.csv"
# a statistics file of the wrong kind, a damaged line: located errors
t_run fit-wrong-target 1 "$M" --lang en --target score --fit -o "$T/x.csv" "$T/a.stats"
t_grep fit-wrong-target-msg 'a.stats:1: not a statistics file' "$ERR"
: >"$T/empty.stats"
t_run fit-empty 1 "$M" $COMMON --fit -o "$T/x.csv" "$T/empty.stats"
t_grep fit-empty-msg 'empty.stats:1: not a statistics file' "$ERR"
sed '3s/ [0-9-]* / x /' "$T/a.stats" >"$T/bad.stats"
t_run fit-bad-line 1 "$M" $COMMON --fit -o "$T/x.csv" "$T/bad.stats"
t_grep fit-bad-line-msg 'bad.stats:3: expected' "$ERR"

# --target rack: every turn from a full rack informs each leave inside it.
# Shards still merge exactly, and the counts obey what a sub-leave means: a
# rack that holds a leave holds each of its sub-leaves, so a sub-leave has
# at least as many samples, and no leave more samples than there are turns.
RACK="--lang en --target rack"
t_run rack-one 0 "$M" --dict "$W" $RACK $FIT --games 12 --iters 1 --seed 9 --jobs 2 -o "$T/rack-one.csv"
t_run rack-shard-a 0 "$M" --dict "$W" $RACK --play --first 0 --games 5 --seed 9 --jobs 1 -o "$T/ra.stats"
t_run rack-shard-b 0 "$M" --dict "$W" $RACK --play --first 5 --games 7 --seed 9 --jobs 1 -o "$T/rb.stats"
t_run rack-fit 0 "$M" $RACK $FIT --fit -o "$T/rack-two.csv" "$T/rb.stats" "$T/ra.stats"
t_same rack-shards-equal-one-process "$T/rack-one.csv" "$T/rack-two.csv"
t_run rack-merge 0 "$M" $RACK --merge -o "$T/rack.stats" "$T/ra.stats" "$T/rb.stats"
bad=$(awk 'NR == 2 { turns = $3 } NR > 2 { n[$1] = $3; order[++k] = $1 }
    END {
        bad = 0
        if (turns < 100) bad++
        for (i = 1; i <= k; i++) {
            l = order[i]
            if (n[l] > turns) bad++
            for (j = 1; j <= length(l) && length(l) > 1; j++) {
                s = substr(l, 1, j - 1) substr(l, j + 1)
                if (!(s in n) || n[s] < n[l]) bad++
            }
        }
        print bad
    }' "$T/rack.stats")
if [ "$bad" = 0 ]; then t_ok rack-subleave-counts; else t_fail rack-subleave-counts "$bad violations"; fi
# --target drawn: the same games (the target does not change the play), a
# sample only for the leaves that hold the tiles kept the turn before: a
# subset of --target rack's samples, leave by leave, and a strict one (a
# turn after keeping tiles gives fewer leaves).
t_run drawn-shard 0 "$M" --dict "$W" --lang en --target drawn --play --first 0 --games 12 --seed 9 --jobs 2 -o "$T/drawn.stats"
bad=$(awk 'FNR == 2 { if (FILENAME ~ /drawn/) dt = $3; else rt = $3 }
    FNR > 2 { if (FILENAME ~ /drawn/) { d[$1] = $3; ds += $3 } else { r[$1] = $3; rs += $3 } }
    END {
        bad = 0
        if (dt > rt || dt < 100 || ds >= rs) bad++
        for (l in d) if (!(l in r) || d[l] > r[l] || d[l] > dt) bad++
        print bad
    }' "$T/rack.stats" "$T/drawn.stats")
if [ "$bad" = 0 ]; then t_ok drawn-within-rack; else t_fail drawn-within-rack "$bad violations"; fi
# (the complete table, --full, under TK_LONG=1: `full` below makes one in make test)
DRAWN_FULL=; if [ "${TK_LONG:-0}" = 1 ]; then DRAWN_FULL=--full; fi
t_run drawn-fit 0 "$M" --lang en --target drawn $FIT $DRAWN_FULL --fit -o "$T/drawn.csv" "$T/drawn.stats"
# --target paired: the samples of --target drawn (the same turns, the same
# leaves, the same counts), each y less the equity of random racks on that
# turn's board: the sums change, to a mean near 0 where drawn's is the mean
# equity of a turn (tens of points); shards and threads still make one table.
t_run paired-shard 0 "$M" --dict "$W" --lang en --target paired --play --first 0 --games 12 --seed 9 --jobs 2 -o "$T/paired.stats"
bad=$(awk 'FNR == 2 { if (FILENAME ~ /paired/) { pt = $3; pm = $2 / $3 / 1000 } else { dt = $3; dm = $2 / $3 / 1000 } }
    FNR > 2 { if (FILENAME ~ /paired/) { p[$1] = $3; ps[$1] = $2 } else { d[$1] = $3; dsum[$1] = $2 } }
    END {
        bad = 0
        if (pt != dt || dt < 100) bad++
        if (dm < 15 || pm < -12 || pm > 12) bad++
        for (l in d) if (p[l] != d[l]) bad++
        for (l in p) if (!(l in d)) bad++
        for (l in p) if (ps[l] != dsum[l]) diff++
        if (diff < 100) bad++
        print bad
    }' "$T/drawn.stats" "$T/paired.stats")
if [ "$bad" = 0 ]; then t_ok paired-drawn-samples; else t_fail paired-drawn-samples "$bad violations"; fi
t_run paired-one 0 "$M" --dict "$W" --lang en --target paired $FIT --games 12 --iters 1 --seed 9 --jobs 2 -o "$T/paired-one.csv"
t_run paired-shard-b 0 "$M" --dict "$W" --lang en --target paired --play --first 7 --games 5 --seed 9 --jobs 1 -o "$T/pb.stats"
t_run paired-shard-a 0 "$M" --dict "$W" --lang en --target paired --play --first 0 --games 7 --seed 9 --jobs 1 -o "$T/pa.stats"
t_run paired-fit 0 "$M" --lang en --target paired $FIT --fit -o "$T/paired-two.csv" "$T/pb.stats" "$T/pa.stats"
t_same paired-shards-equal-one-process "$T/paired-one.csv" "$T/paired-two.csv"
t_run paired-racks-bad 2 "$M" --dict "$W" --lang en --target paired --baseline-racks 0 --games 1 -o "$T/x.csv"
t_run rack-wrong-target 1 "$M" --lang en --target equity --fit -o "$T/x.csv" "$T/ra.stats"
t_grep rack-wrong-target-msg 'ra.stats:1: not a statistics file of en, target equity' "$ERR"
t_run target-bad 2 "$M" --lang en --target next --fit -o "$T/x.csv" "$T/ra.stats"

# the complete table, packed and unpacked
t_run full 0 "$M" $COMMON $FIT --full --fit -o "$T/full.csv" "$T/a.stats" "$T/b.stats"
if [ "$(wc -l <"$T/full.csv")" -eq 914625 ]; then t_ok full-914624-leaves
else t_fail full-914624-leaves "$(wc -l <"$T/full.csv") lines"; fi
t_run pack 0 "$M" --lang en --pack "$T/full.csv" -o "$T/full.tkl"
t_run unpack 0 "$M" --lang en --unpack "$T/full.tkl" -o "$T/back.csv"
t_run repack 0 "$M" --lang en --pack "$T/back.csv" -o "$T/again.tkl"
t_same pack-unpack-pack "$T/full.tkl" "$T/again.tkl"
t_run skrafl-binary 0 "$S" --dict "$W" --leaves "$T/full.tkl" --top 3 --json \
    '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEIQRSU/ 0/0 0'
t_grep skrafl-binary-equity '"equity":' "$OUT"

# two tables in one game: the JSON line names both
t_run two-tables 0 "$S" --dict "$W" --selfplay 2 --seed 3 --jobs 1 \
    --players "equity:$T/full.tkl,equity:$T/one.csv"
t_grep two-tables-names "\"players\":\[\"equity:$T/full.tkl\",\"equity:$T/one.csv\"\]" "$OUT"
t_run table-vs-score 0 "$S" --dict "$W" --selfplay 2 --seed 3 --jobs 1 --players "score,equity:$T/one.csv"
t_grep table-vs-score-names "\"players\":\[\"score\",\"equity:$T/one.csv\"\]" "$OUT"
t_run player-bad 2 "$S" --dict "$W" --selfplay 2 --players "equity:,score"
t_run player-missing 1 "$S" --dict "$W" --selfplay 2 --players "equity:$T/none.csv,score"

# a leave the tile set cannot hold, a duplicate: file:line:
printf 'leave,value\nA,1\nQQ,2\n' >"$T/qq.csv"
t_run csv-tileset 1 "$S" --dict "$W" --leaves "$T/qq.csv" --top 1 '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEIQRSU/ 0/0 0'
t_grep csv-tileset-msg 'qq.csv:3: leave holds 2 Q, the tile set has 1' "$ERR"
printf 'leave,value\nES,1\nSE,2\n' >"$T/dup.csv"
t_run csv-dup 1 "$M" --lang en --pack "$T/dup.csv" -o "$T/dup.tkl"
t_grep csv-dup-msg 'dup.csv:3: leave given twice' "$ERR"
printf 'TKLEAVES' >"$T/short.tkl"
t_run binary-truncated 1 "$S" --dict "$W" --leaves "$T/short.tkl" --top 1 '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEIQRSU/ 0/0 0'
t_grep binary-truncated-msg 'truncated' "$ERR"

# KLV / KLV2, the leave files of wolges and MAGPIE: the complete table
# written as KLV2 reads back with the same values; a table in 1/256 of a
# point (st.csv: S 9.5, T -2.25, ST 4) plays the same from KLV and CSV; a
# broken file is an error naming the node.
# (the complete table through KLV2 and back under TK_LONG=1, make check-long:
# test_skleaves and the fuzz targets cover the KLV code in make test)
if [ "${TK_LONG:-0}" = 1 ]; then
    t_run klv2 0 "$M" --lang en --klv2 "$T/full.tkl" -o "$T/full.klv2"
    t_run klv2-unpack 0 "$M" --lang en --unpack "$T/full.klv2" -o "$T/from-klv2.csv"
    t_same klv2-same-values "$T/back.csv" "$T/from-klv2.csv"
fi
ST="$TK_TOP/tests/cli/golden/skgame/st.csv"
CAT="$TK_TOP/tests/cli/golden/skrafl/cat.board"
t_run klv 0 "$M" --lang en --klv "$ST" -o "$T/st.klv"
t_run klv-plays 0 "$S" --dict "$TK_TOP/tests/cli/golden/skrafl/words.txt" --rack ST --leaves "$T/st.klv" "$CAT"
cp "$OUT" "$T/st-klv.out"
t_run csv-plays 0 "$S" --dict "$TK_TOP/tests/cli/golden/skrafl/words.txt" --rack ST --leaves "$ST" "$CAT"
t_same klv-plays-as-csv "$OUT" "$T/st-klv.out"
t_grep klv-plays-equity '^I7  T(A)  3  equity:12.5  leave:S$' "$T/st-klv.out"
printf '\002\000\000\000\001\000\100\000\005\000\300\001\001\000\000\000\000\000\200\077' >"$T/bad.klv2"
t_run klv-bad 1 "$S" --dict "$W" --leaves "$T/bad.klv2" --top 1 '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEIQRSU/ 0/0 0'
t_grep klv-bad-msg 'bad.klv2: KLV: node 1: arc 5 beyond the last node (1)' "$ERR"
t_done
