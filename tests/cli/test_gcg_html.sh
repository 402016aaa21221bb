#!/bin/sh
# test_gcg_html.sh - skrafl --gcg ... --html: one self-contained page a
# game (and an index of several) whose numbers are those of --json, and in
# which the text of a game file is only ever text.
#   - a page: the security policy forbidding outside loads and scripts, no
#     script, no outside reference, a board and tiles drawn in SVG;
#   - hostile.gcg: player names, title, description, a note after the total
#     and a #note line made of markup show as the characters they are;
#   - every event's and player's numbers equal the --json lines of the same
#     review (tests/support/review_page.py), with --sim and --endgame too;
#   - several games: DIR/NAME.html each, names met twice made apart, and
#     index.html linking them; the output-file rule (--force to replace).
# (tests/cli/test_browser.sh renders the pages in a real browser.)
# sanitized: yes
. "$(dirname "$0")/lib.sh"
t_gcg
P="$T_TMP/page.html"
same_numbers() { t_python "$1" "$TK_TOP/tests/support/review_page.py" "$2" "$3"; }  # NAME PAGE JSON

# ---- one game, one page ------------------------------------------------------------------------------
t_run page 0 "$S" --gcg "$D/trailing.gcg" --top 3 --html "$P"
t_run page-json 0 "$S" --gcg "$D/trailing.gcg" --top 3 --json
cp "$OUT" "$T_TMP/trailing.json"
t_page_closed "$P"
t_grep page-board '<use href="#sk-board"/>' "$P"
t_grep page-tile '<rect class="tile new" data-row="7" data-col="3" data-letter="F"' "$P"
t_grep page-rack '<rect class="tile rack-tile"' "$P"
t_grep page-chart '<svg class="chart"' "$P"
t_grep page-made '<tr class="made"><td><b>8D FAKER</b> (played)</td><td>32</td><td>29.45</td><td>5.11</td></tr>' "$P"
same_numbers page-numbers "$P" "$T_TMP/trailing.json"
t_run page-again 1 "$S" --gcg "$D/trailing.gcg" --html "$P"
t_grep page-again-msg "page.html: already exists (use --force to replace it)" "$ERR"
t_run page-force 0 "$S" --gcg "$D/trailing.gcg" --top 3 --html "$P" --force
t_run no-gcg 2 "$S" --html "$P" -r ABC "$TK_TOP/data/boards/sample.txt"
# "-" is no page: standard output holds the review (no file named "-" either)
cd "$T_TMP" || exit 1
t_run html-dash 2 "$S" --gcg "$D/trailing.gcg" --html -
cd "$OLDPWD" || exit 1
t_grep html-dash-msg "html -: a page is written to a file" "$ERR"
t_run html-empty 2 "$S" --gcg "$D/trailing.gcg" --html ""
t_grep html-empty-msg "html needs a file" "$ERR"
if [ -e "$T_TMP/-" ]; then t_fail html-dash-nofile "a file named - was written"; else t_ok html-dash-nofile; fi

# ---- what a game file says is text -------------------------------------------------------------------
t_run hostile 0 "$S" --gcg "$D/hostile.gcg" --html "$T_TMP/hostile.html"
H="$T_TMP/hostile.html"
t_grep hostile-name '<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>' "$H"
t_grep hostile-name2 '<td>&quot;&gt;&lt;img src=x onerror=alert(2)&gt;</td>' "$H"
t_grep hostile-title '<h1>&lt;b&gt;title&lt;/b&gt; &amp; &lt;i&gt;more&lt;/i&gt;</h1>' "$H"
t_grep hostile-description '&#39;&quot;&gt;&lt;svg onload=alert(3)&gt;' "$H"
t_grep hostile-note '&lt;/section&gt;&lt;script src=&quot;http://example.com/x.js&quot;&gt;&lt;/script&gt;' "$H"
t_absent hostile-no-script '<script' "$H"
t_absent hostile-no-img '<img' "$H"
t_absent hostile-no-link '<a href="http' "$H"
t_absent hostile-no-onload '<svg onload' "$H"
t_run hostile-json 0 "$S" --gcg "$D/hostile.gcg" --json
same_numbers hostile-numbers "$H" "$OUT"

# ---- looking ahead: the same numbers -----------------------------------------------------------------
t_run eg-page 0 "$S" $EG --gcg "$D/eg-pass.gcg" --endgame --html "$T_TMP/eg.html"
t_run eg-json 0 "$S" $EG --gcg "$D/eg-pass.gcg" --endgame --json
same_numbers eg-numbers "$T_TMP/eg.html" "$OUT"
t_grep eg-lost 'data-endgame-lost="13"' "$T_TMP/eg.html"
SIM="--sim --iterations 20 --candidates 3 --seed 7 --jobs 1"
t_run sim-page 0 "$S" --gcg "$D/trailing.gcg" $SIM --html "$T_TMP/sim.html"
t_run sim-json 0 "$S" --gcg "$D/trailing.gcg" $SIM --json
same_numbers sim-numbers "$T_TMP/sim.html" "$OUT"
t_grep sim-chart 'data-series="Ann Arbor (simulation)"' "$T_TMP/sim.html"

# ---- several games: a directory of pages and an index ------------------------------------------------
mkdir -p "$T_TMP/a" "$T_TMP/b"
cp "$D/withdraw.gcg" "$T_TMP/a/game.gcg"; cp "$D/clash.gcg" "$T_TMP/b/game.gcg"
t_run dir 0 "$S" --gcg "$T_TMP/a/game.gcg" "$T_TMP/b/game.gcg" "$D/carried.gcg" --html "$T_TMP/pages"
for f in game.html game-2.html carried.html index.html; do
    [ -s "$T_TMP/pages/$f" ] && t_ok "dir-$f" || t_fail "dir-$f" "$(ls "$T_TMP/pages")"
done
t_grep dir-index-links '<a href="game.html">.*a/game.gcg</a>' "$T_TMP/pages/index.html"
t_grep dir-index-links2 '<a href="game-2.html">.*b/game.gcg</a>' "$T_TMP/pages/index.html"
t_grep dir-index-carried '<a href="carried.html">.*carried.gcg</a></td><td>Ann &#8211; Ben</td><td>12 &#8211; 0</td>' "$T_TMP/pages/index.html"
t_grep dir-page-clash 'Bob Smith' "$T_TMP/pages/game-2.html"
t_run dir-again 1 "$S" --gcg "$T_TMP/a/game.gcg" "$T_TMP/b/game.gcg" --html "$T_TMP/pages"
t_grep dir-again-msg "pages/index.html: already exists (use --force to replace it)" "$ERR"
t_run dir-force 0 "$S" --gcg "$T_TMP/a/game.gcg" "$T_TMP/b/game.gcg" --html "$T_TMP/pages" --force
# a refused game is listed without a page
t_run dir-refused 1 "$S" --gcg "$D/withdraw.gcg" "$D/junk.gcg" --html "$T_TMP/pages2"
t_grep dir-refused-row 'junk.gcg <span class="muted">(not reviewed)</span>' "$T_TMP/pages2/index.html"
[ -e "$T_TMP/pages2/junk.html" ] && t_fail dir-refused-nopage "junk.html written" || t_ok dir-refused-nopage
# one game into an existing directory: its page and an index
mkdir -p "$T_TMP/one"
t_run dir-one 0 "$S" --gcg "$D/withdraw.gcg" --html "$T_TMP/one"
[ -s "$T_TMP/one/withdraw.html" ] && [ -s "$T_TMP/one/index.html" ] && t_ok dir-one-files || t_fail dir-one-files "$(ls "$T_TMP/one")"
t_done
