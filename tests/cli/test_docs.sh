#!/bin/sh
# test_docs.sh - every example in README.md, in every page of doc/ (doc/*.md)
# and in the EXAMPLES section of every manual page (man/*.1, man/*.3) is run
# verbatim and its output compared with the output the document shows.
#
# The convention (for anyone adding an example):
# - An example is a block of command lines "$ COMMAND", each followed by the
#   output it prints: in README.md and doc/*.md a fenced block (```), in a manual page an
#   .EX/.EE block of its EXAMPLES section (roff escapes \- \(aq \e \en ... are
#   undone first).  A block with at least one "$ " line and at least one line
#   of output is checked, every command of it (a command followed directly by
#   the next "$ " line must print nothing).  A block of "$ " lines that shows
#   no output at all is an illustration (a placeholder file name, a licensed
#   lexicon) and is listed as such, not run.  Blocks without "$ " lines
#   (shell snippets, C code, tables) are not examples.
# - A command ending in "\" goes on on the next line.
# - The output shown must be what the command prints: standard output line
#   for line; the lines of standard error must appear in the shown output in
#   their order, anywhere between the lines of standard output (write them
#   where a terminal would show them).
# - A line that is just "..." (optionally followed by spaces and a note in
#   parentheses) stands for any number of lines, none included.
# - `<!-- doc-test: skip REASON -->` on the line before a Markdown block leaves
#   it out (only for output that cannot be reproduced: timings, hours of
#   CPU); the reason is printed as a SKIP.
# - `<!-- doc-test: clock REASON -->`: a block whose answer depends on the
#   tool answering within a clock (a search that must finish in time): run
#   and checked as any other, but left out under memcheck (TK_VALGRIND=1,
#   tests/valgrind-check.sh), where everything runs tens of times slower.
#   In a manual page the same as a comment line before .EX:
#   `.\" doc-test: clock REASON`.
# - `<!-- doc-test: setup` ... `-->` (a comment of shell lines) is run before
#   the next block, output ignored: files an example uses but does not make.
# - Each document runs in its own scratch directory, its blocks in order, so
#   a file made by one example is there for the later ones.  The directory
#   holds data/, tests/, build/ (links to the source tree's), bin/ (the tools
#   under test), enable2k.txt and enable2k.dawg (ENABLE2K: ../shared's list
#   when present, else the shipped data/words/en.txt, which is ENABLE2K, and
#   build/dict/en.dawg).  The tools under test come first on PATH; HOME is the
#   scratch directory and TILEKIT_DATA and XDG_DATA_HOME are unset, so no
#   installed lexicon changes an answer.
. "$(dirname "$0")/lib.sh"
case ${TK_BIN:-} in /*) ;; *) TK_BIN=$(cd "$TK_BIN" && pwd) ;; esac
case ${TK_TOP:-} in /*) ;; *) TK_TOP=$(cd "$TK_TOP" && pwd) ;; esac
case ${TK_SHARED:-} in /*) ;; *) TK_SHARED=$(cd "$TK_SHARED" 2>/dev/null && pwd || echo /nonexistent) ;; esac
if [ -z "${TK_DOC_FILES:-}" ]; then
    TK_DOC_FILES="README.md"
    for p in "$TK_TOP"/doc/*.md; do [ -f "$p" ] && TK_DOC_FILES="$TK_DOC_FILES doc/$(basename "$p")"; done
    for p in "$TK_TOP"/man/*.1 "$TK_TOP"/man/*.3; do TK_DOC_FILES="$TK_DOC_FILES man/$(basename "$p")"; done
fi

# scratch DIR: a fresh scratch directory for one document
scratch() {
    rm -rf "$1"; mkdir -p "$1/home"
    ln -s "$TK_TOP/data" "$1/data"; ln -s "$TK_TOP/tests" "$1/tests"
    ln -s "$TK_TOP/build" "$1/build"; ln -s "$TK_BIN" "$1/bin"
    if [ -f "$TK_SHARED/words/enable2k.txt" ]; then ln -s "$TK_SHARED/words/enable2k.txt" "$1/enable2k.txt"
    else ln -s "$TK_TOP/data/words/en.txt" "$1/enable2k.txt"; fi
    ln -s "$TK_TOP/build/dict/en.dawg" "$1/enable2k.dawg"
}

# extract DOC > blocks: the document's examples as records
#   B <n> <first line> <kind: check|illustration|skip|clock|setup> [reason]
#   C <command>        a command line (continuations joined)
#   O <line>           a line of shown output
# README: fenced blocks; manual pages: .EX/.EE in .SH EXAMPLES, roff undone.
extract() {
    case $1 in
    *.md) awk '
        function flush() { if (nb > 0) emit(); nb = 0 }
        function emit(   i, k, ncmd, nout) {
            ncmd = 0; nout = 0
            for (i = 1; i <= nb; i++) if (buf[i] ~ /^\$ /) ncmd++; else if (ncmd) nout++
            if (ncmd == 0) return
            k = pend != "" ? pend : (nout ? "check" : "illustration")
            print "B\t" start "\t" k "\t" why
            for (i = 1; i <= nb; i++) {
                if (buf[i] ~ /^\$ /) print "C\t" substr(buf[i], 3)
                else print "O\t" buf[i]
            }
        }
        /^<!-- doc-test: skip/ { pend = "skip"; why = $0; sub(/^<!-- doc-test: skip:? */, "", why); sub(/ *-->.*$/, "", why); next }
        /^<!-- doc-test: clock/ { pend = "clock"; why = $0; sub(/^<!-- doc-test: clock:? */, "", why); sub(/ *-->.*$/, "", why); next }
        /^<!-- doc-test: setup/ { insetup = 1; print "B\t" NR "\tsetup\t"; next }
        insetup && /^-->/ { insetup = 0; next }
        insetup { print "C\t" $0; next }
        /^```/ { if (infence) { infence = 0; emit(); nb = 0; pend = ""; why = "" }
                 else { infence = 1; start = NR + 1; nb = 0; cont = 0 } next }
        infence { if (cont) buf[nb] = buf[nb] "\001" $0
                  else buf[++nb] = $0
                  cont = (buf[nb] ~ /^\$ / && $0 ~ /\\$/); next }
        ' "$2" ;;
    *) awk '
        function unroff(s) {
            gsub(/\\-/, "-", s); gsub(/\\\(aq/, "\047", s); gsub(/\\\(dq/, "\"", s)
            gsub(/\\\(ti/, "~", s); gsub(/\\\(ha/, "^", s); gsub(/\\&/, "", s)
            gsub(/\\e/, "\\", s); gsub(/\\\(rs/, "\\", s)
            return s
        }
        function emit(   i, ncmd, nout) {
            ncmd = 0; nout = 0
            for (i = 1; i <= nb; i++) if (buf[i] ~ /^\$ /) ncmd++; else if (ncmd) nout++
            if (ncmd == 0) return
            print "B\t" start "\t" (pend != "" ? pend : nout ? "check" : "illustration") "\t" why
            for (i = 1; i <= nb; i++)
                if (buf[i] ~ /^\$ /) print "C\t" substr(buf[i], 3); else print "O\t" buf[i]
        }
        /^\.SH/ { ex = ($0 ~ /EXAMPLES/); next }
        !ex { next }
        /^\.\\" doc-test: clock/ { pend = "clock"; why = $0; sub(/^\.\\" doc-test: clock:? */, "", why); next }
        /^\.EX/ { on = 1; nb = 0; start = NR + 1; next }
        /^\.EE/ { on = 0; emit(); pend = ""; why = ""; next }
        on && /^\./ { next }
        on { buf[++nb] = unroff($0) }' "$2" ;;
    esac
}

# match WANT OUT ERR: 0 when OUT and ERR are what WANT shows (see above)
match_output() {
    awk -v outf="$2" -v errf="$3" '
        BEGIN {
            while ((getline l < errf) > 0) err[++ne] = l
            while ((getline l < outf) > 0) out[++no] = l
        }
        { want[++nw] = $0 }
        END {
            wild = 0
            for (i = 1; i <= nw; i++) if (want[i] ~ /^[ \t]*\.\.\.([ \t]+\(.*\))?[ \t]*$/) { wild = 1; isw[i] = 1 }
            # the lines of stderr, in order, taken out of the shown output
            # (under a "..." an unshown line of stderr is allowed)
            i = 1
            for (j = 1; j <= ne; j++) {
                for (k = i; k <= nw; k++) if (!isw[k] && want[k] == err[j]) break
                if (k <= nw) { used[k] = 1; i = k + 1 }
                else if (!wild) { print "stderr line not shown: " err[j]; exit 1 }
            }
            n = 0
            for (i = 1; i <= nw; i++) if (!used[i]) { w[++n] = want[i]; ww[n] = isw[i] }
            # stdout against the rest: fixed runs separated by wildcards
            p = 1; i = 1
            while (i <= n) {
                if (ww[i]) { i++; continue }
                e = i; while (e + 1 <= n && !ww[e + 1]) e++
                len = e - i + 1
                anchored = (i == 1); last = (e == n)
                found = 0
                for (s = p; s + len - 1 <= no; s++) {
                    if (last && !(s + len - 1 == no)) { if (!anchored) continue }
                    ok = 1
                    for (k = 0; k < len; k++) if (out[s + k] != w[i + k]) { ok = 0; break }
                    if (ok && last && s + len - 1 != no) ok = 0
                    if (ok) { found = 1; break }
                    if (anchored) break
                }
                if (!found) {
                    print "output differs at the shown line: " w[i]
                    exit 1
                }
                p = s + len; i = e + 1
            }
            if (n == 0 || !ww[n]) if (p <= no) { print "unexpected line: " out[p]; exit 1 }
            exit 0
        }' "$1"
}

for doc in $TK_DOC_FILES; do
    dir=$T_TMP/$(echo "$doc" | tr '/.' '__')
    scratch "$dir"
    extract "$doc" "$TK_TOP/$doc" > "$T_TMP/blocks" || { t_fail "$doc" "cannot read"; continue; }
    nblocks=$(grep -c '^B' "$T_TMP/blocks")
    nchecked=0
    # split into one file per block: blk.N.{kind,cmds}; cmd.N.M and want.N.M
    rm -f "$T_TMP"/blk.*
    awk -F '\t' -v d="$T_TMP" '
        $1 == "B" { b++; c = 0; print $2 "\t" $3 "\t" $4 > (d "/blk." b ".head"); close(d "/blk." b ".head"); next }
        $1 == "C" { c++; f = d "/blk." b ".cmd." c; s = substr($0, 3); gsub(/\001/, "\n", s)
                    printf "%s\n", s > f; close(f)
                    w = d "/blk." b ".want." c; printf "" > w; close(w); next }
        $1 == "O" { if (c == 0) next; w = d "/blk." b ".want." c; printf "%s\n", substr($0, 3) >> w; close(w) }' \
        "$T_TMP/blocks"
    b=1
    while [ "$b" -le "$nblocks" ]; do
        IFS="$(printf '\t')" read -r line kind why < "$T_TMP/blk.$b.head"
        where="$doc:$line"
        case $kind in
        illustration) echo "note $where: no output shown, not run (an illustration)"; b=$((b + 1)); continue ;;
        skip) t_skip "$where" "${why:-marked doc-test: skip}"; b=$((b + 1)); continue ;;
        clock) if [ "${TK_VALGRIND:-0}" = 1 ]; then
                   t_skip "$where" "under memcheck: ${why:-an answer within a clock}"; b=$((b + 1)); continue
               fi ;;
        esac
        c=1
        while [ -f "$T_TMP/blk.$b.cmd.$c" ]; do
            cmd=$(cat "$T_TMP/blk.$b.cmd.$c")
            (cd "$dir" && HOME="$dir/home" PATH="$TK_BIN:$PATH" LC_ALL=C.UTF-8 \
                env -u TILEKIT_DATA -u XDG_DATA_HOME -u NO_COLOR sh -c "$cmd") \
                > "$OUT" 2> "$ERR" < /dev/null
            if [ "$kind" = setup ]; then c=$((c + 1)); continue; fi
            short=$(printf '%s' "$cmd" | head -n 1 | cut -c1-70 | sed 's/\\/\\\\/g')
            if why=$(match_output "$T_TMP/blk.$b.want.$c" "$OUT" "$ERR"); then
                t_ok "$where: $short"
            else
                t_fail "$where: $short" "$why
--- shown:
$(head -n 12 "$T_TMP/blk.$b.want.$c")
--- printed (stdout, then stderr):
$(head -n 12 "$OUT")
$(head -n 5 "$ERR")"
            fi
            nchecked=$((nchecked + 1))
            c=$((c + 1))
        done
        b=$((b + 1))
    done
done
# ---- the documents agree on the tools there are (one manual page each) ----
cd "$TK_TOP" || exit 1
tools=$(for p in man/*.1; do basename "$p" .1; done)
ntools=$(echo "$tools" | wc -l)
set -- zero one two three four five six seven eight nine ten
shift "$ntools"; nword=$1
bad=$(grep -ohiE '\b(two|three|four|five|six|seven|eight|nine|ten)( [a-z-]+)? tools\b' README.md doc/*.md | grep -viE "^$nword " | sort -u | tr '\n' ';')
if [ -z "$bad" ]; then t_ok "README and doc/ count $nword tools"
else t_fail "README tool count" "there are $ntools tools (man/*.1), README or doc/ says: $bad"; fi
miss=""
for p in doc/*.md; do
    [ "$p" = doc/README.md ] && continue
    grep -q "](\($(basename "$p")\|$p\))" doc/README.md || miss="$miss $p"
done
if [ -z "$miss" ]; then t_ok "doc/README.md links every page of doc/"
else t_fail "doc/README.md" "pages not linked:$miss"; fi
for t in $tools; do
    miss=""
    grep -q "\`$t($(echo 1))\`" README.md || miss="$miss $t(1) in the list of manual pages;"
    grep -q "^man/ .*\b$t\.1\b" README.md || miss="$miss $t.1 in the source layout;"
    [ -f "completions/$t" ] || miss="$miss completions/$t;"
    if [ -z "$miss" ]; then t_ok "README and completions know $t"; else t_fail "$t documented" "missing:$miss"; fi
done
layout=$(awk '/^## Source layout/ {on = 1} on' README.md)
miss=""
for h in include/tilekit/*.h; do
    echo "$layout" | grep -q "\b$(basename "$h")\b" || miss="$miss $(basename "$h")"
done
if [ -z "$miss" ]; then t_ok "README source layout names every public header"
else t_fail "README source layout" "headers not named:$miss"; fi
for p in man/*.1 man/*.3; do
    seealso=$(awk '/^\.SH SEE ALSO/ {on = 1; next} /^\.SH/ {on = 0} on' "$p")
    miss=""
    for t in $tools; do
        [ "$p" = "man/$t.1" ] && continue
        echo "$seealso" | grep -q "^\.BR $t (1)" || miss="$miss $t(1)"
    done
    case $p in *.3) ;; *) echo "$seealso" | grep -q '^\.BR tilekit (3)' || miss="$miss tilekit(3)" ;; esac
    if [ -z "$miss" ]; then t_ok "$p: SEE ALSO names every other page"; else t_fail "$p: SEE ALSO" "missing:$miss"; fi
done
t_done
