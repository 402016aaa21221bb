#!/bin/sh
# Run libFuzzer targets for a fixed time each, several at a time, and merge
# what they find into the checked-in corpora.  `make fuzz` builds the
# targets (tests/fuzz/build-fuzzers.sh) and calls this script.
#
#   sh tests/fuzz/run-fuzz.sh [--jobs N] [--seconds S] FUZZ_DIR [NAME...]
#
# FUZZ_DIR holds the binaries fuzz_NAME; without NAMEs every fuzz_* there
# runs.  Each target runs for S seconds (default FUZZ_SECONDS, else 600) on
# a scratch corpus seeded by tests/fuzz/corpus/NAME; N targets run at once
# (default FUZZ_JOBS, else one per CPU).  When a target ends, its new inputs
# are merged into tests/fuzz/corpus/NAME with libFuzzer's -merge=1, which
# keeps only the inputs that reach an edge the corpus does not (the corpus
# stays small; `make test` replays it).  A crash, leak, timeout (FUZZ_TIMEOUT seconds for one
# input, default 30) or out-of-memory input is saved as
# FUZZ_DIR/findings/NAME/KIND-HASH.
#
# FUZZ_DIR/fuzz-report.md gets a table: target, seconds, executions, new
# corpus entries (kept by the merge), findings; each target's log is
# FUZZ_DIR/logs/NAME.log.  Exit status 1 when a target found something.
set -u
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
secs=${FUZZ_SECONDS:-600}
while [ $# -gt 0 ]; do
    case $1 in
        --jobs) jobs=$2; shift 2 ;;
        --jobs=*) jobs=${1#--jobs=}; shift ;;
        --seconds) secs=$2; shift 2 ;;
        --seconds=*) secs=${1#--seconds=}; shift ;;
        *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "usage: run-fuzz.sh [--jobs N] [--seconds S] FUZZ_DIR [NAME...]" >&2; exit 2; }
D=$1; shift
case $jobs in ''|*[!0-9]*|0) echo "run-fuzz.sh: --jobs: expected a positive integer" >&2; exit 2 ;; esac
case $secs in ''|*[!0-9]*|0) echo "run-fuzz.sh: --seconds: expected a positive integer" >&2; exit 2 ;; esac

# one target (run by xargs below): fuzz, then merge; NAME.row gets its row
if [ "${1:-}" = --one ]; then
    name=$2; secs=$3; bin="$D/fuzz_$name"; corpus="tests/fuzz/corpus/$name"
    scratch="$D/new/$name"; found="$D/findings/$name"; log="$D/logs/$name.log"
    rm -rf "$scratch"; mkdir -p "$scratch" "$found" "$corpus"
    before=$(ls "$corpus" | wc -l)
    t0=$(date +%s)
    "$bin" -max_total_time="$secs" -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$found/" "$scratch" "$corpus" >"$log" 2>&1
    rc=$?
    t1=$(date +%s)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    # a crashed run prints no final stats: its last status line has the count
    [ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9]*\).*exec\/s.*/\1/p' "$log" | tail -n 1)
    # -use_counters=0: an input is kept for a new edge, not for a new hit
    # count of a known one (about half the files for the same edges)
    "$bin" -merge=1 -use_counters=0 -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=2048 "$corpus" "$scratch" >"$D/logs/$name.merge.log" 2>&1 ||
        echo "run-fuzz.sh: $name: the merge failed (see $D/logs/$name.merge.log)" >&2
    after=$(ls "$corpus" | wc -l)
    nfind=$(ls "$found" | wc -l)
    what=none
    if [ "$nfind" -gt 0 ]; then what="$nfind: $(ls "$found" | sed 's/-.*//' | sort | uniq -c | awk '{printf "%s%s %s", s, $1, $2; s=", "}')"; fi
    if [ "$rc" -ne 0 ] && [ "$nfind" -eq 0 ]; then what="exit $rc, see $log"; fi
    printf '| %s | %s | %s | %s | %s |\n' "$name" $((t1 - t0)) "${execs:-?}" $((after - before)) "$what" >"$D/logs/$name.row"
    echo "fuzz $name: $((t1 - t0)) s, ${execs:-?} executions, $((after - before)) new corpus entries, findings: $what"
    exit 0
fi

if [ $# -eq 0 ]; then
    set -- $(ls "$D" | sed -n 's/^fuzz_\(.*\)/\1/p')
fi
for n in "$@"; do
    [ -x "$D/fuzz_$n" ] || { echo "run-fuzz.sh: $D/fuzz_$n: no such fuzzer" >&2; exit 2; }
done
mkdir -p "$D/logs"
rm -f "$D"/logs/*.row
echo "fuzzing $# targets, $secs s each, $jobs at a time (logs in $D/logs)"
for n in "$@"; do echo "$n"; done | xargs -P "$jobs" -I{} sh "$0" "$D" --one {} "$secs"

report="$D/fuzz-report.md"
{
    echo "| Target | Seconds | Executions | New corpus entries | Findings |"
    echo "|---|---|---|---|---|"
    for n in "$@"; do cat "$D/logs/$n.row" 2>/dev/null || echo "| $n | ? | ? | ? | no result |"; done
} >"$report"
cat "$report"
echo "corpus: $(find tests/fuzz/corpus -type f | wc -l) files, $(du -sk tests/fuzz/corpus | cut -f1) KB on disk"
! grep -q '| [0-9]*: \|exit [0-9]\|no result' "$report"
