#!/bin/sh
# test_manpages.sh - the manual pages are well formed and in step with --help.
#
# For each tool (skrafl, mjwait, boggle, mkdawg): every long option that
# `TOOL --help` prints appears in man/TOOL.1 and every long option the page
# names appears in --help (both lists are extracted, not written here); the
# page's .TH line carries the version that `TOOL --version` prints; and
# `man --warnings -l` formats it with nothing on stderr (skipped, with a
# message, when man is not installed); and --help ends with an "Examples:"
# section of 2 or more command lines that use the tool.  For tilekit.3: it formats cleanly,
# names every public header, and the example program in its EXAMPLES
# section compiles (-std=c11 -Wall -Wextra -Wpedantic -Werror) against the
# headers and library and prints the waits of 123m456p789s1122z (1z and 2z,
# a shanpon on two honour pairs).
. "$(dirname "$0")/lib.sh"
MAN=$TK_TOP/man
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1

# Long options named by --help / by a roff page (comment lines left out).
help_opts() { "$TK_BIN/$1" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u; }
page_opts() {
    grep -v '^\.\\"' "$1" | sed 's/\\-/-/g; s/\\f[BIRP]//g' | grep -o -- '--[a-z][a-z0-9-]*' | sort -u
}
have_man=1
command -v man >/dev/null 2>&1 || have_man=0
# Formatting and compiling do not depend on how the tools were built: the
# sanitizer pass only compares the options.
plain=1
case ${TK_BUILD:-} in */build-san) plain=0 ;; esac

man_check() {  # NAME PAGE
    [ "$plain" = 1 ] || return 0
    if [ "$have_man" = 0 ]; then
        t_skip "$1: man --warnings" "man is not installed (apt-get install man-db)"
        return
    fi
    LC_ALL=C MANWIDTH=80 MANPAGER=cat PAGER=cat man --warnings -l "$2" >page.txt 2>page.err
    rc=$?
    if [ "$rc" -eq 0 ] && [ ! -s page.err ]; then t_ok "$1: man --warnings -l is clean"
    else t_fail "$1: man --warnings -l" "exit $rc: $(head -c 600 page.err)"; fi
    if grep -q '^NAME' page.txt && grep -q '^DESCRIPTION' page.txt; then t_ok "$1: has NAME and DESCRIPTION"
    else t_fail "$1: sections" "NAME or DESCRIPTION missing in the formatted page"; fi
}

for tool in skrafl mjwait boggle mkdawg wordq; do
    page=$MAN/$tool.1
    if [ ! -f "$page" ]; then t_fail "$tool.1" "missing: $page"; continue; fi
    help_opts "$tool" > help.opts
    page_opts "$page" > page.opts
    if [ "$(wc -l < help.opts)" -lt 3 ]; then
        t_fail "$tool --help options" "too few long options found: $(tr '\n' ' ' < help.opts)"
        continue
    fi
    missing=$(comm -23 help.opts page.opts | tr '\n' ' ')
    if [ -z "$missing" ]; then t_ok "$tool.1 documents all $(wc -l < help.opts | tr -d ' ') options of --help"
    else t_fail "$tool.1 documents --help" "options in --help but not in $tool.1: $missing"; fi
    extra=$(comm -13 help.opts page.opts | tr '\n' ' ')
    if [ -z "$extra" ]; then t_ok "$tool --help lists every option of $tool.1"
    else t_fail "$tool --help lists $tool.1" "options in $tool.1 but not in --help: $extra"; fi
    ver=$("$TK_BIN/$tool" --version | head -n 1 | awk '{print $NF}')
    if grep -q "^\.TH .*\"tilekit $ver\"" "$page"; then t_ok "$tool.1 version $ver"
    else t_fail "$tool.1 version" "--version says '$ver', .TH says: $(grep '^\.TH' "$page")"; fi
    man_check "$tool.1" "$page"
    # --help ends with real examples: "Examples:" and 2+ command lines that use the tool
    "$TK_BIN/$tool" --help > help.txt
    n=$(awk '/^Examples?:$/ {ex = 1; n = 0; next} ex && /^  / {n++; next} ex {ex = 0; n = 0} END {print n + 0}' help.txt)
    uses=$(awk '/^Examples?:$/ {ex = 1; next} ex' help.txt | grep -Ec "(^| )$tool( |$)")
    if [ "$n" -ge 2 ] && [ "$uses" -eq "$n" ]; then t_ok "$tool --help ends with $n examples"
    else t_fail "$tool --help examples" "no closing 'Examples:' section with 2+ '  $tool ...' lines"; fi
done

# ---- tilekit.3 ----------------------------------------------------------------
page=$MAN/tilekit.3
if [ ! -f "$page" ]; then
    t_fail "tilekit.3" "missing"
else
    man_check "tilekit.3" "$page"
    miss=""
    for h in "$TK_TOP"/include/tilekit/*.h; do
        grep -q "tilekit/$(basename "$h")" "$page" || miss="$miss $(basename "$h")"
    done
    if [ -z "$miss" ]; then t_ok "tilekit.3 names every public header"
    else t_fail "tilekit.3 headers" "not named:$miss"; fi
    # The first .EX block after .SH EXAMPLES, roff escapes undone.
    awk '/^\.SH EXAMPLES/ {ex=1} ex && /^\.EE/ {exit} ex && on {print} ex && /^\.EX/ {on=1}' "$page" |
        sed 's/\\-/-/g; s/\\e/\\/g' > example.c
    LIBA=$TK_TOP/build/libtilekit.a
    if [ "$plain" = 0 ]; then
        t_skip "tilekit.3 example" "compiled in the plain pass only"
    elif [ ! -f "$LIBA" ]; then
        t_skip "tilekit.3 example" "$LIBA not built"
    elif ! grep -q 'int main' example.c; then
        t_fail "tilekit.3 example" "no program found in its EXAMPLES section"
    elif ${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -Werror -I"$TK_TOP/include" example.c "$LIBA" \
            -lpthread -lm -o example 2>cc.err; then
        t_ok "tilekit.3 example compiles"
        ./example > ex.out 2>&1
        printf '1z\n2z\n' > ex.want
        t_same "tilekit.3 example prints the waits 1z 2z" ex.out ex.want
    else
        t_fail "tilekit.3 example compiles" "$(head -c 600 cc.err)"
    fi
fi
t_done
