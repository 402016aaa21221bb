#!/bin/sh
# test_readme.sh - keep the README's first screen true: run every "$ command"
# between the readme-test markers of README.md and compare its output with
# the lines shown under it.  Commands are run from the source tree with
# "bin/" pointing at $TK_BIN.
. "$(dirname "$0")/lib.sh"
cd "$TK_TOP" || exit 1
awk '/<!-- readme-test:begin/{on=1; next} /<!-- readme-test:end/{on=0} on' README.md |
    grep -v '^```' > "$T_TMP/block"
n=0
while IFS= read -r line; do
    case "$line" in
    '$ '*)
        n=$((n + 1))
        printf '%s\n' "${line#\$ }" | sed "s|bin/|$TK_BIN/|g" > "$T_TMP/cmd$n"
        : > "$T_TMP/want$n" ;;
    *)
        [ "$n" -gt 0 ] && printf '%s\n' "$line" >> "$T_TMP/want$n" ;;
    esac
done < "$T_TMP/block"
[ "$n" -gt 0 ] || t_fail "readme" "no commands found between the readme-test markers"
i=1
while [ "$i" -le "$n" ]; do
    sh "$T_TMP/cmd$i" > "$OUT" 2> "$ERR"
    if cmp -s "$OUT" "$T_TMP/want$i"; then t_ok "README command $i: $(cat "$T_TMP/cmd$i" | cut -c1-60)"
    else t_fail "README command $i" "output differs:
$(diff "$T_TMP/want$i" "$OUT" | head -n 10)"; fi
    i=$((i + 1))
done
t_done
