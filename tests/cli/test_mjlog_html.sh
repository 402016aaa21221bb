#!/bin/sh
# test_mjlog_html.sh - mjwait --log ... --html: one self-contained page a
# game (and an index of several) whose numbers are those of --json, with the
# tiles drawn, and in which a log's player names are only ever text.
#   - a page: the security policy forbidding outside loads and scripts, no
#     script, no outside reference, the 37 tile faces drawn as SVG symbols
#     (circles, sticks, shapes: no tile glyph of a font) and used by the
#     hands, a shanten chart per round;
#   - threat.mjlog: seat 0 is called <script>alert(1)</script> and shows as
#     those characters; seat 2's deal-in into a riichi with its danger, the
#     safest tile and the cost;
#   - every record's, player's and the game's numbers equal the --json lines
#     of the same review (tests/support/review_mjpage.py): the test game in
#     both formats, --ev (calls and passes judged), --player, a log with
#     events that do not fit;
#   - several logs: DIR/NAME.html each (the suffix dropped, names met twice
#     made apart), index.html linking them, a log that cannot be read listed
#     without a page; the output-file rule (--force to replace); the same
#     pages whatever --jobs.
# (tests/cli/test_browser_mjlog.sh renders a page in a real browser.)
# sanitized: yes
. "$(dirname "$0")/lib.sh"
MJ="$TK_BIN/mjwait"
D="$TK_TOP/tests/data/mjlog"
P="$T_TMP/page.html"
same_numbers() { t_python "$1" "$TK_TOP/tests/support/review_mjpage.py" "$2" "$3"; }  # NAME PAGE JSON
count() {  # NAME PATTERN FILE EXPECTED
    _n=$(grep -o -- "$2" "$3" | wc -l)
    [ "$_n" -eq "$4" ] && t_ok "$1 ($_n)" || t_fail "$1" "$_n, expected $4"
}

# ---- one game, one page ------------------------------------------------------------------------------
t_run page 0 "$MJ" --log "$D/threat.mjlog" --html "$P"
cp "$OUT" "$T_TMP/threat.txt"
t_run page-json 0 "$MJ" --log --json "$D/threat.mjlog"
cp "$OUT" "$T_TMP/threat.json"
t_run text-unchanged 0 "$MJ" --log "$D/threat.mjlog"
t_same page-text-as-without "$T_TMP/threat.txt" "$OUT"
t_page_closed "$P"
count page-faces '<symbol id="mj-' "$P" 37
t_grep page-pin-drawn '<symbol id="mj-9p" viewBox="0 0 30 40"><rect class="face".*<circle cx="22" cy="31"' "$P"
t_grep page-sou-drawn '<symbol id="mj-2s" viewBox="0 0 30 40"><rect class="face".*<rect x="13" y="24.5" width="4" height="9"' "$P"
t_grep page-red-five '<symbol id="mj-0p"' "$P"
t_absent page-no-tile-glyph '🀄' "$P"
t_grep page-hand '<svg class="hand" .*<use href="#mj-1m" x="0" y="0" width="30" height="40"/>' "$P"
t_grep page-chart '<svg class="chart"' "$P"
t_grep page-chart-series 'data-series="2 Pusher" data-values="3.00,2.00"' "$P"
# the deal-in: 5p into seat 1's riichi, genbutsu 9p the safest, 8300 with the honba
t_grep page-dealin '<div class="rec discard dealin" id="r0-e14".* data-tile="5p".* data-danger="1:0\.[0-9]*" data-threat="1:riichi".* data-safest-tile="9p" data-safest-danger="1:0".* data-deal-in-to="1" data-deal-in-points="8300" data-deal-in-value="8000"' "$P"
t_grep page-dealin-text 'dealt in to seat 1: -8300' "$P"
t_grep page-win 'data-han="5" data-fu="30" data-points="8000".*data-log-points="8000".*data-match="1"' "$P"
same_numbers page-numbers "$P" "$T_TMP/threat.json"
# a name of markup is text
t_grep page-name-escaped '0 &lt;script&gt;alert(1)&lt;/script&gt;</td>' "$P"
t_grep page-name-data 'data-name="&lt;script&gt;alert(1)&lt;/script&gt;"' "$P"
t_absent page-name-not-markup '<script>alert' "$P"
t_run page-again 1 "$MJ" --log "$D/threat.mjlog" --html "$P"
t_grep page-again-msg "page.html: already exists (use --force to replace it)" "$ERR"
t_run page-force 0 "$MJ" --log "$D/threat.mjlog" --html "$P" --force
# "-" is no page: standard output holds the review (no file named "-" either)
cd "$T_TMP" || exit 1
t_run html-dash 2 "$MJ" --log "$D/threat.mjlog" --html -
cd "$OLDPWD" || exit 1
t_grep html-dash-msg "html -: a page is written to a file" "$ERR"
t_run html-empty 2 "$MJ" --log "$D/threat.mjlog" --html ""
t_grep html-empty-msg "html needs a file" "$ERR"
if [ -e "$T_TMP/-" ]; then t_fail html-dash-nofile "a file named - was written"; else t_ok html-dash-nofile; fi
t_run no-log 2 "$MJ" --html "$P" "$D/threat.mjlog"
t_grep no-log-msg "html needs --log" "$ERR"

# ---- the test game: both formats, --ev, --player, events that do not fit --------------------------------
for f in game.mjlog game.json; do
    t_run "$f-page" 0 "$MJ" --log "$D/$f" --html "$T_TMP/$f.html"
    t_run "$f-json" 0 "$MJ" --log --json "$D/$f"
    same_numbers "$f-numbers" "$T_TMP/$f.html" "$OUT"
done
sed 's/game\.json/game.mjlog/g; s/data-format="tenhou6"/data-format="mjlog"/' "$T_TMP/game.json.html" > "$T_TMP/g2"
t_same both-formats-same-page "$T_TMP/game.mjlog.html" "$T_TMP/g2"
t_run ev-page 0 "$MJ" --log --ev --ev-last 6 "$D/game.mjlog" --html "$T_TMP/ev.html"
t_run ev-json 0 "$MJ" --log --ev --ev-last 6 --json "$D/game.mjlog"
same_numbers ev-numbers "$T_TMP/ev.html" "$OUT"
t_grep ev-pass '<div class="rec pass small"' "$T_TMP/ev.html"
t_grep ev-call '<div class="rec call small" .*data-call="chi".*data-ev-status="ok"' "$T_TMP/ev.html"
t_run player-page 0 "$MJ" --log --player 2 "$D/game.mjlog" --html "$T_TMP/p2.html"
t_run player-json 0 "$MJ" --log --player 2 --json "$D/game.mjlog"
same_numbers player-numbers "$T_TMP/p2.html" "$OUT"
t_run hai13-page 1 "$MJ" --log "$D/game-hai13.mjlog" --html "$T_TMP/hai13.html"
t_run hai13-json 1 "$MJ" --log --json "$D/game-hai13.mjlog"
same_numbers hai13-numbers "$T_TMP/hai13.html" "$OUT"
t_grep hai13-marked '<div class="rec inconsistent bad"' "$T_TMP/hai13.html"

# ---- several games: a directory of pages and an index ------------------------------------------------
t_run dir 0 "$MJ" --log "$D/threat.mjlog" "$D/game.mjlog" "$D/game.json" --html "$T_TMP/pages"
for f in threat.html game.html game-2.html index.html; do
    [ -s "$T_TMP/pages/$f" ] && t_ok "dir-$f" || t_fail "dir-$f" "$(ls "$T_TMP/pages")"
done
t_grep dir-index-links '<a href="game.html">.*game.mjlog</a>' "$T_TMP/pages/index.html"
t_grep dir-index-links2 '<a href="game-2.html">.*game.json</a>' "$T_TMP/pages/index.html"
t_grep dir-index-threat '<a href="threat.html">.*threat.mjlog</a></td><td>&lt;script&gt;alert(1)&lt;/script&gt;, Riichi, Pusher, Quiet</td><td>1</td><td>7</td><td>2</td><td>64</td><td>1 (8300)</td><td>1 of 1</td>' "$T_TMP/pages/index.html"
t_absent dir-index-no-script '<script' "$T_TMP/pages/index.html"
t_same dir-page-as-alone "$P" "$T_TMP/pages/threat.html"
t_run dir-jobs 0 "$MJ" --log --jobs 3 "$D/threat.mjlog" "$D/game.mjlog" "$D/game.json" --html "$T_TMP/pages3"
for f in threat.html game.html game-2.html index.html; do
    t_same "dir-jobs-$f" "$T_TMP/pages/$f" "$T_TMP/pages3/$f"
done
t_run dir-again 1 "$MJ" --log "$D/threat.mjlog" "$D/game.mjlog" --html "$T_TMP/pages"
t_grep dir-again-msg "pages/index.html: already exists (use --force to replace it)" "$ERR"
t_run dir-force 0 "$MJ" --log "$D/threat.mjlog" "$D/game.mjlog" --html "$T_TMP/pages" --force
# a log that cannot be read is listed without a page
printf '<mjloggm ver="2.3"><INIT' > "$T_TMP/junk.mjlog"
t_run dir-refused 1 "$MJ" --log "$D/threat.mjlog" "$T_TMP/junk.mjlog" --html "$T_TMP/pages2"
t_grep dir-refused-row 'junk.mjlog <span class="muted">(not reviewed)</span>' "$T_TMP/pages2/index.html"
[ -e "$T_TMP/pages2/junk.html" ] && t_fail dir-refused-nopage "junk.html written" || t_ok dir-refused-nopage
# standard input: stdin.html
t_run_in dir-stdin 0 "$D/threat.mjlog" "$MJ" --log - "$D/game.mjlog" --html "$T_TMP/pages4/"
[ -s "$T_TMP/pages4/stdin.html" ] && [ -s "$T_TMP/pages4/game.html" ] && t_ok dir-stdin-files ||
    t_fail dir-stdin-files "$(ls "$T_TMP/pages4")"
t_done
