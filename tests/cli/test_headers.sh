#!/bin/sh
# test_headers.sh - every public header compiles on its own.
#
# For each include/tilekit/*.h: a file holding only `#include <tilekit/X.h>`
# (twice, so the include guard is exercised) and a main() must compile with
# -std=c11 -Wall -Wextra -Wpedantic -Werror and only -Iinclude, so no header
# leans on another being included first or on a private header under src/.
# The same with clang when it is installed, and as C++11 with g++ (the
# headers promise extern "C" linkage) when that is installed.  Finally the
# public headers together declare tilekit_version(), and a program that
# calls it links against the library and prints the Makefile's VERSION.
. "$(dirname "$0")/lib.sh"
INC=$TK_TOP/include
CC=${CC:-cc}
cd "$T_TMP" || exit 1
# Nothing here depends on how the tools were built: run once, in the plain pass.
case ${TK_BUILD:-} in
*/build-san) t_skip "public headers" "compiler checks run in the plain pass only"; t_done; exit ;;
esac

compiles() {  # NAME COMPILER STD SOURCE
    if "$2" "$3" -Wall -Wextra -Wpedantic -Werror -I"$INC" -c "$4" -o obj.o 2>cc.err; then
        t_ok "$1"
    else
        t_fail "$1" "$(head -c 600 cc.err)"
    fi
}

n=0
for h in "$INC"/tilekit/*.h; do
    name=$(basename "$h")
    n=$((n + 1))
    printf '#include <tilekit/%s>\n#include <tilekit/%s>\nint main(void) { return 0; }\n' \
        "$name" "$name" > "alone_${name%.h}.c"
    compiles "$name alone ($CC -std=c11)" "$CC" -std=c11 "alone_${name%.h}.c"
    if command -v clang >/dev/null 2>&1; then
        compiles "$name alone (clang -std=c11)" clang -std=c11 "alone_${name%.h}.c"
    else
        t_skip "$name alone (clang)" "clang is not installed"
    fi
    if command -v g++ >/dev/null 2>&1; then
        cp "alone_${name%.h}.c" "alone_${name%.h}.cc"
        compiles "$name alone (g++ -std=c++11)" g++ -std=c++11 "alone_${name%.h}.cc"
    else
        t_skip "$name alone (g++)" "g++ is not installed"
    fi
done
if [ "$n" -ge 7 ]; then t_ok "found $n public headers"; else t_fail "public headers" "only $n found in $INC/tilekit"; fi

# The umbrella header includes every other public header.
missing=""
for h in "$INC"/tilekit/*.h; do
    name=$(basename "$h")
    [ "$name" = tilekit.h ] && continue
    grep -q "^#include \"tilekit/$name\"" "$INC/tilekit/tilekit.h" || missing="$missing $name"
done
if [ -z "$missing" ]; then t_ok "tilekit/tilekit.h includes every public header"
else t_fail "tilekit/tilekit.h includes every public header" "missing:$missing"; fi

# Internals are not exported under a public prefix: every global symbol of
# the library named tk_, alpha_, dawg_, sk_, mj_, bog_, fmt_, html_, skf_ or tilekit_ is declared
# in a public header (internal ones use tki_ / tku_).
LIBA=$TK_TOP/build/libtilekit.a
if ! command -v nm >/dev/null 2>&1; then
    t_skip "no internals under public prefixes" "nm is not installed"
elif [ ! -f "$LIBA" ]; then
    t_skip "no internals under public prefixes" "$LIBA not built"
else
    leaked=""
    for sym in $(nm -g --defined-only "$LIBA" 2>/dev/null | awk 'NF == 3 { print $3 }' |
                 grep -E '^(tk|alpha|dawg|sk|mj|bog|fmt|html|skf|tilekit)_' | sort -u); do
        grep -qw "$sym" "$INC"/tilekit/*.h || leaked="$leaked $sym"
    done
    if [ -z "$leaked" ]; then t_ok "no internals under public prefixes"
    else t_fail "no internals under public prefixes" "exported but not in a public header:$leaked"; fi
fi

# tilekit_version() is declared, links, and matches the Makefile's VERSION.
want=$(sed -n 's/^VERSION *= *//p' "$TK_TOP/Makefile")
LIBA=$TK_TOP/build/libtilekit.a
if [ -f "$LIBA" ]; then
    cat > version.c <<'C'
#include <stdio.h>
#include <tilekit/common.h>
int main(void) { puts(tilekit_version()); return 0; }
C
    if "$CC" -std=c11 -Wall -Wextra -Wpedantic -Werror -I"$INC" version.c "$LIBA" -lpthread -lm \
        -o version 2>cc.err; then
        got=$(./version)
        if [ -n "$want" ] && [ "$got" = "$want" ]; then t_ok "tilekit_version() = Makefile VERSION ($got)"
        else t_fail "tilekit_version()" "got '$got', Makefile says '$want'"; fi
    else
        t_fail "tilekit_version() links" "$(head -c 600 cc.err)"
    fi
else
    t_skip "tilekit_version()" "$LIBA not built"
fi
t_done
