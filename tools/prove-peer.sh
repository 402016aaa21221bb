#!/bin/sh
# prove-peer.sh - the same Boggle proof by hybrid-boggle (danvk/hybrid-boggle,
# its break_all) and by tilekit (boggle --prove), one after the other on this
# machine, single-threaded; prints each one's CPU seconds (user + system,
# from /usr/bin/time) and wall seconds, and the ratio.
#
#   tools/prove-peer.sh HYBRID_CHECKOUT [33|34] [MIN]
#
# HYBRID_CHECKOUT: a checkout of hybrid-boggle whose C++ module is already
# built (this script never fetches or builds it).  PYTHON (default python3)
# runs it; set PYTHONPATH if its imports need help.  33 proves 3x3 (default
# MIN 545), 34 proves 3x4 (MIN 1651; hours).  The word list is ENABLE2K
# (../shared/words/enable2k.txt, else data/words/en.txt, the same list), given
# to both.  Run from the top of the tilekit tree after `make`.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 HYBRID_CHECKOUT [33|34] [MIN]" >&2; exit 2; }
HB=$(cd "$1" && pwd); SIZE=${2:-33}
case $SIZE in
33) MIN=${3:-545}; SHAPE=3x3; CLASSES='bdfgjqvwxz aeiou lnrsy chkmpt' ;;
34) MIN=${3:-1651}; SHAPE=3x4; CLASSES='aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz' ;;
*) echo "$0: size 33 or 34" >&2; exit 2 ;;
esac
TOP=$(pwd)
WORDS=$TOP/../shared/words/enable2k.txt
[ -f "$WORDS" ] || WORDS=$TOP/data/words/en.txt
PY=${PYTHON:-python3}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
cpu() { awk '{ printf "%.1f", $1 + $2 }' "$1"; }
wall() { awk '{ printf "%.1f", $3 }' "$1"; }
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
(cd "$HB" && /usr/bin/time -f '%U %S %e' -o "$TMP/hb.time" "$PY" -m boggle.break_all "$CLASSES" "$MIN" \
    --size "$SIZE" --dictionary "$WORDS" --output_base "$TMP/hb" > "$TMP/hb.out" 2> "$TMP/hb.err")
grep -i 'unable to break\|broke' "$TMP/hb.out" "$TMP/hb.err" | sed 's/^[^:]*://' | tail -n 5
echo "hybrid-boggle $SHAPE >= $MIN: $(cpu "$TMP/hb.time") s CPU, $(wall "$TMP/hb.time") s"
/usr/bin/time -f '%U %S %e' -o "$TMP/tk.time" "$TOP/bin/boggle" -d "$WORDS" --prove "$SHAPE" --min "$MIN" \
    --jobs 1 > "$TMP/tk.out" 2> "$TMP/tk.err"
cat "$TMP/tk.out" "$TMP/tk.err"
echo "tilekit $SHAPE >= $MIN: $(cpu "$TMP/tk.time") s CPU, $(wall "$TMP/tk.time") s"
awk -v a="$(cpu "$TMP/hb.time")" -v b="$(cpu "$TMP/tk.time")" 'BEGIN { printf "CPU ratio hybrid-boggle / tilekit: %.2f\n", a / b }'
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
