#!/bin/sh
# test_memory.sh - a batch never makes more worker threads (and per-thread
# state: mjwait's tables are 3.6 MB a thread) than it has records, so that
# `mjwait --jobs 1024` on a ten-hand file stays small (it peaked at 3.7 GB,
# the whole of `make test`'s peak).  Peak RSS from /usr/bin/time -f %M.
. "$(dirname "$0")/lib.sh"
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1
if [ -n "${TK_VALGRIND:-}" ]; then   # memcheck's own memory would be measured; the plain run checks it
    t_skip "peak memory" "under valgrind (the plain run measures it)"
    t_done; exit
fi
if [ ! -x /usr/bin/time ]; then
    t_skip "peak memory" "/usr/bin/time is not installed (apt-get install time)"
    t_done; exit
fi
hands=$TK_TOP/data/hands/sample.txt
/usr/bin/time -o one.kb -f %M "$TK_BIN/mjwait" --jobs 1 "$hands" > one.out 2>/dev/null
/usr/bin/time -o many.kb -f %M "$TK_BIN/mjwait" --jobs 1024 "$hands" > many.out 2>/dev/null
t_same "--jobs 1024 gives the same output" one.out many.out
n=$(grep -c . "$hands")
one=$(tail -n 1 one.kb); many=$(tail -n 1 many.kb)
# at most one thread a line of the file, each with its 3.6 MB of tables
limit=$((one + n * 4 * 1024 + 16 * 1024))
if [ "$many" -le "$limit" ]; then t_ok "mjwait --jobs 1024 on $n lines: $many KB (one thread: $one KB)"
else t_fail "mjwait --jobs 1024 memory" "$many KB, more than $limit KB (one thread: $one KB)"; fi
printf 'ca\nts\n\nqu\nit\n' > grids.txt
/usr/bin/time -o b.kb -f %M "$TK_BIN/boggle" --jobs 1024 grids.txt > b.out 2>/dev/null
b=$(tail -n 1 b.kb)
if [ "$b" -le 200000 ]; then t_ok "boggle --jobs 1024 on 2 grids: $b KB"
else t_fail "boggle --jobs 1024 memory" "$b KB"; fi
t_done
