#!/bin/sh
# lint.sh - `make lint`: no function in src/ or tools/ is over 100 lines.
#
# Function extents come from Universal Ctags (`ctags --c-kinds=f
# --fields=+ne`: the line of the name and of the closing brace; a function is
# end - line + 1 lines).  tests/lint-long-functions lists the known offenders
# that are still being split, one "FILE FUNCTION LINES" a line (# comments):
#   - a function over 100 lines that is not on the list fails;
#   - a listed function longer than its listed LINES fails (the list may only
#     shrink);
#   - a listed function now at most 100 lines long, or gone, fails too, with
#     "remove it from the list", so the list stays honest.
# Without ctags it says so and stops (exit 0), except under CI (CI=true),
# where .ci/run installs universal-ctags and its absence is a failure.
MAX=100
LIST=tests/lint-long-functions
cd "${TK_TOP:-.}" || exit 2
if ! ctags --version 2>/dev/null | grep -q 'Universal Ctags'; then
    echo "lint: Universal Ctags is not installed (apt-get install universal-ctags): function lengths not checked"
    [ "${CI:-}" = true ] && exit 1
    exit 0
fi
files=$(find src tools -name '*.[ch]' | LC_ALL=C sort)
# FILE FUNCTION LINES of every function over MAX lines
long=$(ctags --c-kinds=f --fields=+ne -f - $files | awk -F '\t' -v max="$MAX" '
    { l = 0; e = 0
      for (i = 4; i <= NF; i++) {
          if ($i ~ /^line:/) l = substr($i, 6)
          else if ($i ~ /^end:/) e = substr($i, 5)
      }
      if (l && e && e - l + 1 > max) print $2, $1, e - l + 1 }')
# every function's FILE FUNCTION, to tell a listed function that got short
# from one that is gone
all=$(ctags --c-kinds=f --fields=+ne -f - $files | awk -F '\t' '{ print $2, $1 }')
[ -f "$LIST" ] || : > "$LIST"
echo "$long" | awk -v listf="$LIST" -v max="$MAX" -v all="$all" '
    BEGIN {
        n = split(all, a, "\n"); for (i = 1; i <= n; i++) exists[a[i]] = 1
        while ((getline line < listf) > 0) {
            sub(/#.*/, "", line); if (line !~ /[^ \t]/) continue
            split(line, f, /[ \t]+/)
            key = f[1] " " f[2]
            if (f[3] !~ /^[0-9]+$/ || f[4] != "") { printf "lint: %s: expected FILE FUNCTION LINES: %s\n", listf, line; bad++; continue }
            if (key in listed) { printf "lint: %s: %s listed twice\n", listf, key; bad++ }
            listed[key] = f[3] + 0; order[++nl] = key
        }
    }
    NF == 3 {
        key = $1 " " $2; len[key] = $3
        if (!(key in listed)) {
            printf "lint: %s: %s() is %d lines, over %d: split it by meaning (parse, check, apply)\n", $1, $2, $3, max
            bad++
        } else if ($3 > listed[key]) {
            printf "lint: %s: %s() grew from %d to %d lines; the list only shrinks: split it\n", $1, $2, listed[key], $3
            bad++
        }
    }
    END {
        for (i = 1; i <= nl; i++) {
            key = order[i]
            if (key in len) { over++; continue }
            split(key, k, " ")
            if (key in exists)
                printf "lint: %s: %s() is now at most %d lines: remove it from %s\n", k[1], k[2], max, listf
            else
                printf "lint: %s: %s() is gone: remove it from %s\n", k[1], k[2], listf
            bad++
        }
        if (bad) { printf "lint: %d problem(s)\n", bad; exit 1 }
        printf "lint: no function in src/ or tools/ over %d lines but the %d still listed in %s\n", max, over + 0, listf
    }'
