#!/bin/sh
# test_browser_mjlog.sh - the mahjong review pages in a real browser:
# headless Chromium (Debian's chromium; .ci/run installs it) renders the
# page of a reviewed log to PNG and to its DOM (the helpers of
# tests/cli/browser.sh, shared with test_browser.sh), and
#   - the page loads with no console message (a blocked load, a script
#     refused by the security policy, an error), though a player is called
#     <script>alert(1)</script>;
#   - the tiles are drawn: pixels of the tile faces and of the pins', the
#     bamboo's and the red marks' colours in the hands, of the danger row,
#     and of the shanten chart's lines, counted in the screenshot
#     (tests/support/png_pixels.py, standard library only);
#   - the numbers of the page as the browser built it (the dumped DOM) are
#     those of --json for the same review (tests/support/review_mjpage.py),
#     on the defence game and on the test game with --ev.
# Skipped with a message where chromium or python3 is missing.
. "$(dirname "$0")/lib.sh"
. "$TK_TOP/tests/cli/browser.sh"
browser_ready || exit 0
MJ="$TK_BIN/mjwait"
D="$TK_TOP/tests/data/mjlog"
same_numbers() { t_python "$1" "$TK_TOP/tests/support/review_mjpage.py" "$2" "$3"; }  # NAME DOM JSON

# ---- the defence game: a deal-in into a riichi, a player called <script>... -------------------------
P="$T_TMP/threat.html"
t_run review 0 "$MJ" --log "$D/threat.mjlog" --html "$P"
t_run review-json 0 "$MJ" --log --json "$D/threat.mjlog"
cp "$OUT" "$T_TMP/threat.json"
browser shot "$T_TMP/threat.png" "$P"
[ -s "$T_TMP/threat.png" ] && t_ok "screenshot" || t_fail "screenshot" "$(tail -3 "$T_TMP/threat.png.log")"
console_quiet "screenshot: no console message" "$T_TMP/threat.png.log"
browser dom "$T_TMP/threat.dom" "$P"
console_quiet "DOM: no console message" "$T_TMP/threat.dom.log"
t_grep "DOM: the hands" '<use href="#mj-5p"' "$T_TMP/threat.dom"
t_grep "DOM: the name is text" '&lt;script&gt;alert(1)&lt;/script&gt;' "$T_TMP/threat.dom"
same_numbers "the rendered page's numbers = --json's" "$T_TMP/threat.dom" "$T_TMP/threat.json"

# ---- pixels: the hands (below the summary and the chart), then the chart ------------------------------
# colours: a tile's face, the pins' blue, the bamboo's green, the red marks, the danger row's amber
if [ -s "$T_TMP/threat.png" ]; then
    pixels "$T_TMP/threat.png" 0 650 1200 2000 ffffff 1d4e9e 177245 c22f2f c79a00
    set -- $PIXELS
    if [ $# -ge 8 ]; then
        [ "$3" -gt 40000 ] && t_ok "tile faces drawn ($3 px)" || t_fail "tile faces drawn" "$3 px"
        [ "$4" -gt 1500 ] && t_ok "pins drawn ($4 px)" || t_fail "pins drawn" "$4 px"
        [ "$5" -gt 1500 ] && t_ok "bamboo drawn ($5 px)" || t_fail "bamboo drawn" "$5 px"
        [ "$6" -gt 1500 ] && t_ok "red marks drawn ($6 px)" || t_fail "red marks drawn" "$6 px"
        [ "$7" -gt 100 ] && t_ok "danger row drawn ($7 px)" || t_fail "danger row drawn" "$7 px"
    else
        t_fail "pixels" "$PIXELS"
    fi
    pixels "$T_TMP/threat.png" 0 350 800 700 c0392b 2a5db0 1a7f37
    set -- $PIXELS
    [ $# -ge 5 ] && [ "$3" -gt 200 ] && [ "$4" -gt 200 ] && [ "$5" -gt 200 ] && t_ok "the shanten chart drawn ($3, $4, $5 px)" ||
        t_fail "the shanten chart drawn" "$PIXELS"
fi

# ---- the test game with --ev: calls and passes judged, every number as --json's ------------------------
t_run ev 0 "$MJ" --log --ev --ev-last 6 "$D/game.mjlog" --html "$T_TMP/ev.html"
t_run ev-json 0 "$MJ" --log --ev --ev-last 6 --json "$D/game.mjlog"
cp "$OUT" "$T_TMP/ev.json"
browser dom "$T_TMP/ev.dom" "$T_TMP/ev.html"
console_quiet "EV page: no console message" "$T_TMP/ev.dom.log"
same_numbers "the EV page's numbers = --json's" "$T_TMP/ev.dom" "$T_TMP/ev.json"
t_done
