#!/bin/sh
# test_browser.sh - the review pages in a real browser: headless Chromium
# (Debian's chromium; .ci/run installs it) renders a reviewed GCG game to
# PNG and to its DOM, and
#   - the page loads with no console message (a blocked load, a script
#     refused by the security policy, an error: anything Chromium logs as
#     CONSOLE) - checked to catch one on a page made to break the policy;
#   - the boards and tiles are drawn: pixels of the board's squares, its
#     premium squares, the tiles and the tiles just placed, counted in the
#     screenshot (tests/support/png_pixels.py, standard library only), and
#     the chart's line;
#   - the numbers of the page as the browser built it (the dumped DOM) are
#     those of --json for the same review (tests/support/review_page.py).
# Skipped with a message where chromium or python3 is missing.
. "$(dirname "$0")/lib.sh"
t_gcg
. "$TK_TOP/tests/cli/browser.sh"
browser_ready || exit 0

# ---- the detector detects: a page that breaks the policy logs to the console ------------------------
printf '<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src %s">%s' \
    "'none'" '</head><body><script>document.title="x"</script>text</body></html>' >"$T_TMP/bad.html"
browser dom "$T_TMP/bad.dom" "$T_TMP/bad.html"
grep -q ':CONSOLE' "$T_TMP/bad.dom.log" && t_ok "a refused script is seen" ||
    t_fail "a refused script is seen" "no CONSOLE line: $(tail -3 "$T_TMP/bad.dom.log")"

# ---- a reviewed game ----------------------------------------------------------------------------------
P="$T_TMP/review.html"
t_run review 0 "$S" --gcg "$D/trailing.gcg" --top 3 --html "$P"
t_run review-json 0 "$S" --gcg "$D/trailing.gcg" --top 3 --json
cp "$OUT" "$T_TMP/review.json"
browser shot "$T_TMP/review.png" "$P"
[ -s "$T_TMP/review.png" ] && t_ok "screenshot" || t_fail "screenshot" "$(tail -3 "$T_TMP/review.png.log")"
console_quiet "screenshot: no console message" "$T_TMP/review.png.log"
browser dom "$T_TMP/review.dom" "$P"
console_quiet "DOM: no console message" "$T_TMP/review.dom.log"
t_grep "DOM: the boards" '<use href="#sk-board"' "$T_TMP/review.dom"
t_python "the rendered page's numbers = --json's" "$TK_TOP/tests/support/review_page.py" "$T_TMP/review.dom" \
    "$T_TMP/review.json"

# ---- pixels: the first boards' column, then the chart ---------------------------------------------------
# colours: a plain square, a triple word, a double letter, a tile, a tile just placed, the chart's first line
if [ -s "$T_TMP/review.png" ]; then
    set -- $(python3 "$TK_TOP/tests/support/png_pixels.py" "$T_TMP/review.png" 0 600 600 2000 \
             e9e4d4 d9534f a7d8ef f3dcae ffe066 2>&1)
    if [ $# -ge 8 ]; then
        [ "$3" -gt 50000 ] && t_ok "board squares drawn ($3 px)" || t_fail "board squares drawn" "$3 px"
        [ "$4" -gt 2000 ] && [ "$5" -gt 2000 ] && t_ok "premium squares drawn ($4, $5 px)" ||
            t_fail "premium squares drawn" "$4, $5 px"
        [ "$6" -gt 3000 ] && t_ok "tiles drawn ($6 px)" || t_fail "tiles drawn" "$6 px"
        [ "$7" -gt 1000 ] && t_ok "new tiles drawn ($7 px)" || t_fail "new tiles drawn" "$7 px"
    else
        t_fail "pixels" "$*"
    fi
    set -- $(python3 "$TK_TOP/tests/support/png_pixels.py" "$T_TMP/review.png" 0 0 1200 600 c0392b 2a5db0 2>&1)
    [ $# -ge 4 ] && [ "$3" -gt 200 ] && [ "$4" -gt 200 ] && t_ok "the loss chart drawn ($3, $4 px)" ||
        t_fail "the loss chart drawn" "$*"
fi
t_done
