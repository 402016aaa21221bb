#!/bin/sh
# test_options.sh - the options every batch tool shares: -h/--help,
# -V/--version, -v/--verbose, -j/--json and --jobs N (0..1024, 0 = all
# CPUs), in --help of each; usage errors, getopt's own included, start with
# the tool's name (not argv[0]) and exit 2; mkdawg has all but --jobs.
. "$(dirname "$0")/lib.sh"
G=$TK_TOP/tests/cli/golden
for tool in skrafl mjwait boggle wordq; do
    T=$TK_BIN/$tool
    t_run "$tool-help" 0 "$T" --help
    for o in '-h, --help' '-V, --version' '-v, --verbose' '-j, --json' '--jobs'; do
        t_grep "$tool-help-lists-$o" "$o" "$OUT"
    done
    t_run "$tool-V" 0 "$T" -V
    t_grep "$tool-V-text" "^$tool (tilekit)" "$OUT"
    t_run "$tool-unknown-long" 2 "$T" --no-such-option
    t_grep "$tool-unknown-long-name" "^$tool: unrecognized option '--no-such-option'\$" "$ERR"
    t_grep "$tool-unknown-long-hint" "^Try '$tool --help'" "$ERR"
    t_run "$tool-unknown-short" 2 "$T" -Q
    t_grep "$tool-unknown-short-name" "^$tool: invalid option -- 'Q'\$" "$ERR"
    t_run "$tool-missing-arg" 2 "$T" --jobs
    t_grep "$tool-missing-arg-name" "^$tool: option '--jobs' requires an argument\$" "$ERR"
    t_run "$tool-jobs-range" 2 "$T" --jobs 1025
    t_grep "$tool-jobs-range-msg" "^$tool: invalid --jobs value '1025' (0..1024)\$" "$ERR"
    t_run "$tool-jobs-text" 2 "$T" --jobs 2x
done
# mkdawg is no batch: the same options but --jobs, the same getopt messages
M=$TK_BIN/mkdawg
t_run mkdawg-help 0 "$M" --help
for o in '-h, --help' '-V, --version' '-v, --verbose' '-j, --json'; do
    t_grep "mkdawg-help-lists-$o" "$o" "$OUT"
done
t_run mkdawg-V 0 "$M" -V
t_grep mkdawg-V-text "^mkdawg (tilekit)" "$OUT"
t_run mkdawg-unknown-long 2 "$M" --no-such-option
t_grep mkdawg-unknown-long-name "^mkdawg: unrecognized option '--no-such-option'\$" "$ERR"
t_grep mkdawg-unknown-long-hint "^Try 'mkdawg --help'" "$ERR"
t_run mkdawg-unknown-short 2 "$M" -Q
t_grep mkdawg-unknown-short-name "^mkdawg: invalid option -- 'Q'\$" "$ERR"
t_run mkdawg-missing-arg 2 "$M" --lang
t_grep mkdawg-missing-arg-name "^mkdawg: option '--lang' requires an argument\$" "$ERR"
t_run mkdawg-no-jobs 2 "$M" --jobs 2
# --jobs 0 (all CPUs) and 1024 are accepted
t_run_in mjwait-jobs0 0 "$TK_TOP/data/hands/sample.txt" "$TK_BIN/mjwait" --jobs 0
if [ -z "${TK_VALGRIND:-}" ]; then   # valgrind runs at most 500 threads
    t_run_in mjwait-jobs1024 0 "$TK_TOP/data/hands/sample.txt" "$TK_BIN/mjwait" --jobs 1024 -
else
    t_skip mjwait-jobs1024 "under valgrind (500 threads at most)"
fi
t_run boggle-jobs0 0 "$TK_BIN/boggle" --lang en --dict "$G/boggle/words.txt" --jobs 0 "$G/boggle/grids.txt"
t_run skrafl-jobs0 1 "$TK_BIN/skrafl" --dict "$G/skrafl/words.txt" --jobs 0 --cgp "$G/skrafl/batch.cgp"
t_done
