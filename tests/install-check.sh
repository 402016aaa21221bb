#!/bin/sh
# install-check.sh - install tilekit into a staging directory and use only
# what was installed (CI runs it after `make test`; it is not part of make test).
#
#   sh tests/install-check.sh [PREFIX]        (default /usr/local)
#
# `make install DESTDIR=STAGE PREFIX=...`, then: every file is where it belongs
# (tools, library, every public header, pkg-config file from
# tools/tilekit.pc.in, man pages,
# completions, data); the pkg-config file names the PREFIX and the Makefile's
# VERSION and, through PKG_CONFIG_SYSROOT_DIR, points into the stage; the
# examples in examples/ build with `pkg-config --cflags --libs tilekit` and
# print answers checked by hand; each installed tool runs from the stage on
# real input with TILEKIT_DATA unset, finds the installed data (not the build
# tree) and answers as the tool in bin/ does; man finds the installed pages;
# the completions load; `make uninstall` removes every file it installed.
# Prints "N passed, N failed" and exits non-zero on any failure.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${1:-/usr/local}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tkinstall.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
STAGE=$WORK/stage
P=$STAGE$PREFIX
unset TILEKIT_DATA
PASS=0; FAIL=0
ok()   { PASS=$((PASS + 1)); echo "ok $1"; }
fail() { FAIL=$((FAIL + 1)); echo "FAIL $1: $2"; }
check() { if [ "$2" = "$3" ]; then ok "$1"; else fail "$1" "got '$2', want '$3'"; fi; }
has()   { if grep -q -- "$2" "$3"; then ok "$1"; else fail "$1" "'$2' not in: $(head -c 400 "$3")"; fi; }
finish() { echo "$PASS passed, $FAIL failed"; [ "$FAIL" -eq 0 ]; exit; }
VERSION=$(sed -n 's/^VERSION *= *//p' "$TOP/Makefile")

# ---- install ---------------------------------------------------------------------
if make -C "$TOP" --no-print-directory install DESTDIR="$STAGE" PREFIX="$PREFIX" >"$WORK/install.log" 2>&1; then
    ok "make install DESTDIR=... PREFIX=$PREFIX"
else
    fail "make install" "$(tail -n 20 "$WORK/install.log")"; finish
fi
missing=""
for f in bin/skrafl bin/mjwait bin/boggle bin/mkdawg bin/wordq share/man/man1/wordq.1 lib/libtilekit.a lib/pkgconfig/tilekit.pc \
         share/man/man1/skrafl.1 share/man/man1/mjwait.1 share/man/man1/boggle.1 share/man/man1/mkdawg.1 \
         share/man/man3/tilekit.3 share/tilekit/dict/en.dawg share/tilekit/words/en.txt \
         share/tilekit/tiles/en.txt share/tilekit/layouts/standard.txt share/tilekit/hands/sample.txt \
         share/doc/tilekit/examples/Makefile share/doc/tilekit/examples/skrafl_best.c \
         share/doc/tilekit/examples/mjwait_hand.c share/doc/tilekit/examples/boggle_grid.c; do
    [ -f "$P/$f" ] || missing="$missing $f"
done
for t in skrafl mjwait boggle mkdawg wordq; do
    [ -f "$P/share/bash-completion/completions/$t" ] || missing="$missing completions/$t"
    [ -x "$P/bin/$t" ] || missing="$missing bin/$t(executable)"
done
for h in "$TOP"/include/tilekit/*.h; do
    cmp -s "$h" "$P/include/tilekit/$(basename "$h")" || missing="$missing include/tilekit/$(basename "$h")"
done
check "every file installed" "${missing:-none}" "none"

# ---- pkg-config ------------------------------------------------------------------
export PKG_CONFIG_PATH="$P/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$STAGE"
if ! command -v pkg-config >/dev/null 2>&1; then
    fail "pkg-config" "not installed (apt-get install pkg-config)"; finish
fi
# the template lives in tools/ (the top level holds only the fixed layout)
check "tilekit.pc template in tools/" "$([ -f "$TOP/tools/tilekit.pc.in" ] && [ ! -e "$TOP/tilekit.pc.in" ] && echo yes)" "yes"
check "tilekit.pc prefix" "$(sed -n 's/^prefix=//p' "$P/lib/pkgconfig/tilekit.pc")" "$PREFIX"
check "pkg-config --modversion" "$(pkg-config --modversion tilekit 2>&1)" "$VERSION"
check "pkg-config --cflags" "$(pkg-config --cflags tilekit 2>&1 | sed 's/ *$//')" "-I$P/include"
pkg-config --libs tilekit > "$WORK/libs" 2>&1
has "pkg-config --libs: the staged library" "-L$P/lib -ltilekit" "$WORK/libs"

# ---- the examples, built against the installed library ---------------------------
# (the installed copy of examples/, built in a scratch directory)
cp -r "$P/share/doc/tilekit/examples" "$WORK/examples"
if make -C "$WORK/examples" --no-print-directory CFLAGS="-O2 -Werror" >"$WORK/ex.log" 2>&1; then
    ok "examples build with pkg-config --cflags --libs tilekit"
    E=$WORK/examples
    "$E/skrafl_best" > "$WORK/o" 2>&1
    has "skrafl_best: 7 moves (golden/skrafl/README)" "0: 7 moves$" "$WORK/o"
    has "skrafl_best: best 8G S(CAT) 6" "^8G  *S(CAT)  *6  leave:T$" "$WORK/o"
    "$E/mjwait_hand" 123m456p789s1122z 19m19p19s1234567z > "$WORK/o" 2>&1
    has "mjwait_hand: shanpon on 1z/2z" "^123m456p789s1122z: shanten 0, 2 waits$" "$WORK/o"
    has "mjwait_hand: kokushi 13-sided" "^19m19p19s1234567z: shanten 0, 13 waits$" "$WORK/o"
    "$E/boggle_grid" > "$WORK/o" 2>&1
    has "boggle_grid: 9 words of the list in ca/ts" "^9 words, 9 points" "$WORK/o"
    # on the installed dictionary: the same best move as the installed tool
    CGP='15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEINRST/ 0/0 0'
    "$E/skrafl_best" "$P/share/tilekit/dict/en.dawg" "$CGP" | sed -n 2p | awk '{print $1, $2, $3}' > "$WORK/a"
    "$P/bin/skrafl" -n 1 "$CGP" | grep -v '^#' | awk '{print $1, $2, $3}' > "$WORK/b"
    if [ -s "$WORK/a" ] && cmp -s "$WORK/a" "$WORK/b"; then ok "skrafl_best on the installed dictionary = skrafl ($(cat "$WORK/a"))"
    else fail "skrafl_best on the installed dictionary" "$(cat "$WORK/a") vs $(cat "$WORK/b")"; fi
else
    fail "examples build" "$(tail -n 20 "$WORK/ex.log")"
fi

# ---- the installed tools on real input -------------------------------------------
cd "$WORK" || exit 1
"$P/bin/skrafl" -v -n 3 "$CGP" > sk.out 2> sk.err
used=$(sed -n 's/^skrafl: dictionary \(.*\): [0-9]* words.*/\1/p' sk.err)
check "installed skrafl finds the installed dictionary" "$(readlink -f "$used" 2>/dev/null)" "$(readlink -f "$P/share/tilekit/dict/en.dawg")"
"$TOP/bin/skrafl" -n 3 "$CGP" > sk.want 2>/dev/null
if cmp -s sk.out sk.want && [ "$(grep -vc '^#' sk.out)" -eq 3 ]; then ok "installed skrafl answers as bin/skrafl"
else fail "installed skrafl" "$(head -c 300 sk.out)"; fi
"$P/bin/skrafl" --lang is --count '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AÁS/ 0/0 0;' > is.out 2>&1
if grep -q '^[0-9][0-9]*$' is.out; then ok "installed skrafl: Icelandic data found"
else fail "installed skrafl --lang is" "$(head -c 300 is.out)"; fi
"$P/bin/mjwait" "$P/share/tilekit/hands/sample.txt" > mj.out 2>&1
"$TOP/bin/mjwait" "$TOP/data/hands/sample.txt" > mj.want 2>&1
if cmp -s mj.out mj.want && grep -q '^123m456p789s1122z: tenpai, 2 waits: 1z 2z' mj.out; then ok "installed mjwait on the installed sample hands"
else fail "installed mjwait" "$(diff mj.want mj.out | head -n 5)"; fi
"$P/bin/boggle" --random 4x4 --seed 7 > bg.out 2>&1
"$TOP/bin/boggle" --random 4x4 --seed 7 > bg.want 2>&1
if cmp -s bg.out bg.want && [ "$(wc -l < bg.out)" -gt 5 ]; then ok "installed boggle --random 4x4 with the installed dice"
else fail "installed boggle" "$(head -c 300 bg.out)"; fi
printf 'pers\nlate\ngins\nrbed\n' | "$P/bin/boggle" --count > bgc.out 2>&1
printf 'pers\nlate\ngins\nrbed\n' | "$TOP/bin/boggle" --count > bgc.want 2>&1
if cmp -s bgc.out bgc.want; then ok "installed boggle on a grid ($(cat bgc.out) words)"
else fail "installed boggle grid" "$(cat bgc.out) vs $(cat bgc.want)"; fi
"$P/bin/wordq" -v -a RETAINS -c QAT > wq.out 2> wq.err
"$TOP/bin/wordq" -a RETAINS -c QAT > wq.want 2>/dev/null
used=$(sed -n 's/^wordq: dictionary \(.*\): [0-9]* words.*/\1/p' wq.err)
check "installed wordq finds the installed dictionary" "$(readlink -f "$used" 2>/dev/null)" "$(readlink -f "$P/share/tilekit/dict/en.dawg")"
if cmp -s wq.out wq.want && grep -q '^RETAINS$' wq.out && grep -q '^QAT is VALID$' wq.out; then ok "installed wordq answers as bin/wordq"
else fail "installed wordq" "$(head -c 300 wq.out)"; fi
if "$P/bin/mkdawg" --alphabet en -o en.dawg "$P/share/tilekit/words/en.txt" 2>mk.err &&
   cmp -s en.dawg "$P/share/tilekit/dict/en.dawg"; then ok "installed mkdawg rebuilds the installed en.dawg byte for byte"
else fail "installed mkdawg" "$(head -c 300 mk.err)"; fi
check "installed --version" "$("$P/bin/mkdawg" --version | head -n 1)" "mkdawg (tilekit) $VERSION"

# ---- man pages and completions ---------------------------------------------------
if command -v man >/dev/null 2>&1; then
    for pg in skrafl mjwait boggle mkdawg wordq; do
        check "man finds $pg(1)" "$(MANPATH="$P/share/man" man -w "$pg" 2>&1)" "$P/share/man/man1/$pg.1"
    done
    check "man finds tilekit(3)" "$(MANPATH="$P/share/man" man -w 3 tilekit 2>&1)" "$P/share/man/man3/tilekit.3"
else
    fail "man" "not installed (apt-get install man-db)"
fi
if command -v bash >/dev/null 2>&1; then
    for t in skrafl mjwait boggle mkdawg wordq; do
        if bash -c ". '$P/share/bash-completion/completions/$t' && complete -p $t" >/dev/null 2>&1; then
            ok "completion for $t loads"
        else fail "completion for $t" "does not load"; fi
    done
fi

# ---- uninstall -------------------------------------------------------------------
if make -C "$TOP" --no-print-directory uninstall DESTDIR="$STAGE" PREFIX="$PREFIX" >uninstall.log 2>&1; then
    left=$(find "$STAGE" -type f | sed "s|^$STAGE||" | head -n 5 | tr '\n' ' ')
    check "make uninstall removes every installed file" "${left:-none}" "none"
else
    fail "make uninstall" "$(tail -n 5 uninstall.log)"
fi
finish
