#!/bin/sh
# Sum the summaries written by run-tests.sh and print the closing line.
#   tests/total.sh [--clock START BUILT END] [--times LABEL FILE]... SUMMARY...
# With --times (a suite's BUILD/test-times, NAME WALL USER SYS MAXRSS), the
# ten slowest programs of all the suites given, by wall time, and each
# suite's CPU time are printed first; with --clock (three `date +%s.%N`
# stamps: start, programs built, tests done) where the wall time went:
# linting and building the programs, running them.
clock=; times=
while [ $# -gt 0 ]; do
    case $1 in
        --clock) clock="$2 $3 $4"; shift 4 ;;
        --times) times="$times $2 $3"; shift 3 ;;
        *) break ;;
    esac
done
if [ -n "$times" ]; then
    set -f
    # shellcheck disable=SC2086
    set -- $times -- "$@"
    set +f
    all=
    while [ "$1" != -- ]; do
        [ -f "$2" ] && all="$all$(awk -v l="$1" '{ printf "%s %s %s %s\n", $2, $3 + $4, l, $1 }' "$2")
"
        shift 2
    done
    shift
    echo "slowest ten (wall s, CPU s, suite, program):"
    printf '%s' "$all" | sort -k1,1gr | head -n 10 | awk 'NF { printf "  %7.1f %7.1f  %-10s %s\n", $1, $2, $3, $4 }'
    printf '%s' "$all" | awk 'NF { c[$3] += $2; n[$3]++ } END { s = ""; for (l in c) { printf "%s%s %.0f s CPU in %d programs", s, l, c[l], n[l]; s = ", " } print "" }' |
        sed 's/^/test CPU: /'
fi
if [ -n "$clock" ]; then
    echo "$clock" | awk '{ printf "wall: %.0f s linting and building the programs, %.0f s running them, %.0f s in all\n", $2 - $1, $3 - $2, $3 - $1 }'
fi
P=0; F=0; S=0
for f in "$@"; do
    read -r p fl s < "$f" || { F=$((F + 1)); continue; }
    P=$((P + p)); F=$((F + fl)); S=$((S + s))
done
echo "$P passed, $F failed, $S skipped"
[ "$F" -eq 0 ]
