#!/bin/sh
# test_completions.sh - the bash completions in completions/ are in step with
# the tools.
#
# For each tool: the script parses (bash -n) and registers itself
# (`complete -p TOOL`); completing `TOOL --` offers exactly the long options
# that `TOOL --help` prints (extracted from --help, not listed here), and
# every word offered for `TOOL -` (short options too) is an option that
# --help lists.  Then
# argument values: --lang, --layout, --random and --alphabet offer names that
# the tools accept (each is run), and a file argument completes to a file.
# Skipped, with a message, when bash is not installed.
. "$(dirname "$0")/lib.sh"
C=$TK_TOP/completions
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1
if ! command -v bash >/dev/null 2>&1; then
    t_skip "completions" "bash is not installed"
    t_done; exit
fi

# complete TOOL WORD...: the candidates bash would offer for the last word.
complete_words() {
    tool=$1; shift
    bash -c '
        . "$0"
        fn=$(complete -p "$1" | sed -n "s/.*-F \([^ ]*\) .*/\1/p")
        shift
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        "$fn" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf "%s\n" "${COMPREPLY[@]}"' "$C/$tool" "$tool" "$tool" "$@" | sort -u
}

for tool in skrafl mjwait boggle mkdawg wordq; do
    f=$C/$tool
    if [ ! -f "$f" ]; then t_fail "$tool completion" "missing: $f"; continue; fi
    if bash -n "$f" 2>err; then t_ok "$tool: bash -n"; else t_fail "$tool: bash -n" "$(cat err)"; fi
    if bash -c ". '$f' && complete -p $tool" >/dev/null 2>&1; then t_ok "$tool: registered"
    else t_fail "$tool: registered" "complete -p $tool fails after sourcing $f"; fi
    "$TK_BIN/$tool" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u > help.opts
    complete_words "$tool" -- > comp.opts
    if cmp -s help.opts comp.opts; then t_ok "$tool --<TAB> = the $(wc -l < help.opts | tr -d ' ') options of --help"
    else t_fail "$tool --<TAB>" "differs from --help (< help, > completion):
$(diff help.opts comp.opts)"; fi
    "$TK_BIN/$tool" --help > help.txt
    bad=""
    for o in $(complete_words "$tool" -); do
        grep -Eq -- "(^|[ ,])$o([ ,=]|\$)" help.txt || bad="$bad $o"
    done
    if [ -z "$bad" ]; then t_ok "$tool -<TAB>: every option offered is in --help"
    else t_fail "$tool -<TAB>" "options --help does not list:$bad"; fi
done

# Values of options.
value_check() {  # NAME EXPECTED_WORDS TOOL COMPLETION_WORDS...
    name=$1; want=$2; shift 2
    got=$(complete_words "$@" | tr '\n' ' ')
    for w in $want; do
        case " $got " in *" $w "*) ;; *) t_fail "$name" "'$w' not offered; got: $got"; return ;; esac
    done
    t_ok "$name"
}
value_check "skrafl --lang <TAB>" "en is" skrafl --lang ""
value_check "skrafl --layout <TAB>" "standard explo" skrafl --layout ""
# --opt=value, split at '=' by bash (COMP_WORDBREAKS)
value_check "skrafl --lang=<TAB>" "en is" skrafl --lang = ""
value_check "skrafl --layout=ex<TAB>" "explo" skrafl --layout = ex
value_check "mkdawg --alphabet=hu<TAB>" "hu hu-scrabble" mkdawg --alphabet = hu
value_check "boggle --random <TAB>" "4x4 4x4-1987 5x5 6x6" boggle --random ""
value_check "boggle --lang <TAB>" "en hu" boggle --lang ""
value_check "mkdawg --alphabet <TAB>" "en is hu hu-scrabble" mkdawg --alphabet ""
# ... and the tools accept them.
printf 'pers\nlate\ngins\nrbed\n' > grid.txt
bad=""
for l in en is; do "$TK_BIN/skrafl" --lang "$l" --count -r A '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0;' >/dev/null 2>&1 || bad="$bad skrafl:--lang=$l"; done
for s in 4x4 4x4-1987 5x5 6x6; do "$TK_BIN/boggle" --random "$s" --seed 1 --count >/dev/null 2>&1 || bad="$bad boggle:--random=$s"; done
for a in en is hu hu-scrabble; do printf 'a\n' | "$TK_BIN/mkdawg" --alphabet "$a" --force -o x.dawg - >/dev/null 2>&1 || bad="$bad mkdawg:--alphabet=$a"; done
if [ -z "$bad" ]; then t_ok "offered values are accepted by the tools"
else t_fail "offered values" "rejected:$bad"; fi
# A file argument completes to files.
: > board-file.txt
value_check "skrafl <file TAB>" "board-file.txt" skrafl board-f
value_check "mjwait <file TAB>" "board-file.txt" mjwait board-f
t_done
