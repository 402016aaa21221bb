#!/bin/sh
# test_show.sh - pictures: skrafl --show / --svg and mjwait --show.
#
# skrafl --show: every square of the drawing is compared with what it must
# be, worked out here from the layout file (data/layouts/standard.txt: T ->
# 3W, D -> 2W, t -> 3L, d -> 2L, * -> the start) and the board file, plus
# the new tiles of the move, which are known by hand (golden/skrafl/README:
# with CAT on 8H and ST the best move is 8G S(CAT), 6; --check I7 S(A)T puts
# S on I7 and T on I9; a blank shows in lower case).  The move list under
# the board is the same as without --show; a pipe gets no escape codes; a
# terminal (faked with script(1), skipped if absent) gets colour, and the
# drawing without the escapes is the plain one; NO_COLOR turns colour off.
# skrafl --svg: the file is well-formed XML (python3; skipped if absent);
# its new tiles are exactly the squares that the --json output's `played`
# field marks as new (row, col, dir from the same JSON), and its board tiles
# are exactly the board file's letters.
# mjwait --show: the tile line is compared with code points taken from the
# Unicode chart (U+1F000 block), written here as bytes; the rest of the
# output is the same as without --show.
. "$(dirname "$0")/lib.sh"
S=$TK_BIN/skrafl
M=$TK_BIN/mjwait
G=$TK_TOP/tests/cli/golden/skrafl
W=$G/words.txt
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1
ESC=$(printf '\033')

# check_board NAME DRAWING BOARD LAYOUT NEWCELLS: NEWCELLS is "ROW:COL:X ..."
# (1-based row, column letter, the letter as drawn inside the brackets).
check_board() {
    why=$(awk -v board="$3" -v layout="$4" -v newc="$5" '
        BEGIN {
            while ((getline l < layout) > 0) { if (l ~ /^#/ || l ~ /^[ \t]*$/) continue; gsub(/[ \t]/, "", l); L[++nl] = l }
            while ((getline l < board) > 0) { if (l ~ /^#/ || l ~ /^[ \t]*$/) continue; gsub(/[ \t]/, "", l); B[++nb] = l }
            n = split(newc, a, " ")
            for (i = 1; i <= n; i++) { split(a[i], p, ":"); N[p[1] "," index("ABCDEFGHIJKLMNO", p[2])] = p[3] }
            m["T"] = " 3W"; m["D"] = " 2W"; m["t"] = " 3L"; m["d"] = " 2L"; m["*"] = " * "; m["."] = " . "
        }
        NR == 1 { next }
        NR >= 2 && NR <= 16 {
            r = NR - 1
            if (substr($0, 1, 3) != sprintf("%2d ", r)) { print "row " r ": label " substr($0, 1, 3); bad = 1; exit }
            for (c = 1; c <= 15; c++) {
                got = substr($0, 4 + 3 * (c - 1), 3)
                b = substr(B[r], c, 1)
                if ((r "," c) in N) want = "[" N[r "," c] "]"
                else if (b != ".") want = " " b " "
                else want = m[substr(L[r], c, 1)]
                if (got != want) { print "square " r "," c ": got \"" got "\", want \"" want "\""; bad = 1; exit }
                seen++
            }
        }
        END { if (!bad && seen != 225) print "only " seen " squares drawn" }' "$2")
    if [ -z "$why" ]; then t_ok "$1"; else t_fail "$1" "$why"; fi
}
LAY=$TK_TOP/data/layouts/standard.txt

# ---- skrafl --show -------------------------------------------------------------------
t_run "show" 0 "$S" --dict "$W" --rack ST --show "$G/cat.board"
cp "$OUT" show.out
check_board "show: every square (layout, board, 8G S(CAT))" show.out "$G/cat.board" "$LAY" "8:G:S"
sed -n 17p show.out > cap.out
printf 'best: 8G  S(CAT)  6  (new tiles in [ ])\n' > cap.want
t_same "show: caption names the best move" cap.out cap.want
tail -n +18 show.out > list.out
"$S" --dict "$W" --rack ST "$G/cat.board" > list.want
t_same "show: the move list is unchanged" list.out list.want
if grep -q "$ESC" show.out; then t_fail "show: no colour into a pipe" "escape codes found"
else t_ok "show: no colour into a pipe"; fi
# header: column letters, 3 columns each
printf '    A  B  C  D  E  F  G  H  I  J  K  L  M  N  O \n' > hdr.want
head -n 1 show.out > hdr.out
t_same "show: column letters" hdr.out hdr.want

t_run "show --check" 0 "$S" --dict "$W" --rack ST --show --check I7 'S(A)T' "$G/cat.board"
check_board "show --check: I7 S(A)T drawn" "$OUT" "$G/cat.board" "$LAY" "7:I:S 9:I:T"
t_grep "show --check: caption" '^play: I7  S(A)T  5 ' "$OUT"
t_run "show blank" 0 "$S" --dict "$W" --rack '?' --show -n 1 "$G/cat.board"
check_board "show blank: lower-case new tile" "$OUT" "$G/cat.board" "$LAY" "8:G:s"
t_run "show empty board" 0 "$S" --dict "$W" --rack TAS --show -n 1 "$G/empty.board"
t_grep "show empty board: a move over the start" '^ 8 .*\[[STA]\]\[[STA]\]\[[STA]\]' "$OUT"

# a terminal: colour, same drawing under the escapes; NO_COLOR: none
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
    script -qec "'$S' --dict '$W' --rack ST --show '$G/cat.board'" /dev/null < /dev/null | tr -d '\r' > tty.out
    if grep -q "$ESC\[" tty.out; then t_ok "show: colour on a terminal"
    else t_fail "show: colour on a terminal" "no escape codes: $(head -c 200 tty.out)"; fi
    sed "s/$ESC\[[0-9;]*m//g" tty.out > tty.plain
    t_same "show: colour drawing minus escapes = plain drawing" tty.plain show.out
    # the new tile and the triple word squares carry a colour
    if grep "^ 8 " tty.out | grep -q "$ESC\[[0-9;]*m\[S\]$ESC\[0m"; then t_ok "show: new tile coloured"
    else t_fail "show: new tile coloured" "$(grep '^ 8 ' tty.out | cat -v)"; fi
    NO_COLOR=1 script -qec "'$S' --dict '$W' --rack ST --show '$G/cat.board'" /dev/null < /dev/null | tr -d '\r' > nc.out
    if grep -q "$ESC" nc.out; then t_fail "show: NO_COLOR" "escape codes on a terminal with NO_COLOR set"
    else t_same "show: NO_COLOR gives the plain drawing" nc.out show.out; fi
else
    t_skip "show on a terminal" "script(1) is not available"
fi

# batch: each position drawn (line 2 is a bad one)
t_run "show batch" 1 "$S" --dict "$W" --show "$G/batch.cgp"
n=$(grep -c '^    A  B  C' "$OUT")
if [ "$n" -eq 2 ]; then t_ok "show batch: two boards"; else t_fail "show batch" "$n boards, want 2"; fi

# usage errors
t_run "show with json" 2 "$S" --dict "$W" --rack ST --show --json "$G/cat.board"
t_run "show with count" 2 "$S" --dict "$W" --rack ST --show --count "$G/cat.board"
t_run "svg with count" 2 "$S" --dict "$W" --rack ST --svg x.svg --count "$G/cat.board"
t_run "svg into a missing directory" 1 "$S" --dict "$W" --rack ST --svg no/such/dir.svg "$G/cat.board"
t_grep "svg error names the file" "no/such/dir.svg" "$ERR"

# ---- skrafl --svg -------------------------------------------------------------------
# check_svg NAME SVG JSONLINE BOARDFILE_OR_-: queued, checked by one python3 run (svg_checks).
: > svg.cases
check_svg() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >> svg.cases; }
svg_checks() {
    if ! command -v python3 >/dev/null 2>&1; then t_skip "svg checks" "python3 is not installed"; return; fi
    python3 - svg.cases > svg.results <<'PY'
import json, sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
def check(svg, move, board):
    try:
        root = ET.parse(svg).getroot()
    except (ET.ParseError, OSError) as e:
        return "not well-formed XML: %s" % e
    if root.tag != ns + "svg":
        return "root element is " + root.tag
    new, old = {}, {}
    for r in root.iter(ns + "rect"):
        cls = r.get("class", "").split()
        if "tile" in cls:
            (new if "new" in cls else old)[(int(r.get("data-row")), int(r.get("data-col")))] = r.get("data-letter")
    want_new = {}
    for k, ch in enumerate(move["played"]):
        if ch != ".":
            rc = (move["row"] + k, move["col"]) if move["dir"] == "V" else (move["row"], move["col"] + k)
            want_new[rc] = ch
    if new != want_new:
        return "new tiles %s, want %s" % (sorted(new.items()), sorted(want_new.items()))
    if board != "-":
        rows = [l.split("#")[0].strip().replace(" ", "") for l in open(board, encoding="utf-8")]
        rows = [l for l in rows if l]
        want_old = {(r, c): ch for r, l in enumerate(rows) for c, ch in enumerate(l) if ch not in ".-_"}
        if old != want_old:
            return "board tiles %s, want %s" % (sorted(old.items()), sorted(want_old.items()))
    title = root.find(ns + "title")
    if title is None or move["coord"] not in (title.text or ""):
        return "title does not name " + move["coord"]
    return ""
for line in open(sys.argv[1], encoding="utf-8"):
    name, svg, js, board = line.rstrip("\n").split("\t")
    try:
        why = check(svg, json.loads(js), board)
    except Exception as e:
        why = "%s: %s" % (type(e).__name__, e)
    print(("FAIL\t%s\t%s" % (name, why)) if why else ("ok\t%s" % name))
PY
    tab=$(printf '\t')
    while IFS=$tab read -r res name why; do
        if [ "$res" = ok ]; then t_ok "$name"; else t_fail "$name" "$why"; fi
    done < svg.results
    [ -s svg.results ] || t_fail "svg checks" "python3 gave no results"
}
t_run "svg" 0 "$S" --dict "$W" --rack ST --svg best.svg "$G/cat.board"
"$S" --dict "$W" --rack ST --json -n 1 "$G/cat.board" > best.json
t_same "svg: the move list is unchanged" "$OUT" list.want
check_svg "svg: new tiles = the best move's, board tiles = the board's" best.svg "$(cat best.json)" "$G/cat.board"
t_run "svg --check" 0 "$S" --dict "$W" --rack ST --svg check.svg --check I7 'S(A)T' "$G/cat.board"
"$S" --dict "$W" --rack ST --json --check I7 'S(A)T' "$G/cat.board" > check.json
# the --check JSON has no `played`; write it from the hand-checked play
printf '{"coord":"I7","row":6,"col":8,"dir":"V","played":"S.T"}' > check.want.json
if grep -q '"coord":"I7","row":6,"col":8,"dir":"V","word":"SAT"' check.json; then t_ok "svg --check: json agrees"
else t_fail "svg --check: json" "$(cat check.json)"; fi
check_svg "svg --check: the play's tiles" check.svg "$(cat check.want.json)" "$G/cat.board"
t_run "svg blank" 0 "$S" --dict "$W" --rack '?' -n 1 --svg blank.svg "$G/cat.board"
"$S" --dict "$W" --rack '?' -n 1 --json "$G/cat.board" > blank.json
check_svg "svg blank: lower-case letter" blank.svg "$(cat blank.json)" "$G/cat.board"
t_run "svg batch" 1 "$S" --dict "$W" --svg batch.svg "$G/batch.cgp"
"$S" --dict "$W" --json -n 1 "$G/batch.cgp" 2>/dev/null | head -n 1 > batch.json
check_svg "svg batch: the first position's best move" batch.svg "$(cat batch.json)" "-"
if [ -f "$G/thak.board" ] && [ -f "$G/words-is.txt" ]; then
    t_run "svg Icelandic" 0 "$S" --lang is --layout explo --dict "$G/words-is.txt" --rack ÚS -n 1 \
        --svg is.svg "$G/thak.board"
    "$S" --lang is --layout explo --dict "$G/words-is.txt" --rack ÚS -n 1 --json "$G/thak.board" > is.json
    check_svg "svg Icelandic: UTF-8 letters" is.svg "$(cat is.json)" "$G/thak.board"
    t_run "show Icelandic" 0 "$S" --lang is --layout explo --dict "$G/words-is.txt" --rack ÚS -n 1 \
        --show "$G/thak.board"
    t_grep "show Icelandic: [Ú] on row 5" '^ 5 .*\[Ú\]' "$OUT"
fi

svg_checks

# ---- mjwait --show --------------------------------------------------------------------
# U+1F000 + OFF as UTF-8 (F0 9F 80 80+OFF); the chart: winds E S W N 00-03,
# red dragon 04, green 05, white 06, characters 1-9 07-0F, bamboo 1-9 10-18,
# circles 1-9 19-21.
u() { for off in "$@"; do printf "\\360\\237\\200\\$(printf %o $((0x80 + 0x$off)))"; done; }
{
    printf '123m456p789s1122z: 1z 2z\n'
    printf '  %s %s %s %s  wait %s %s\n' "$(u 07 08 09)" "$(u 1C 1D 1E)" "$(u 16 17 18)" \
        "$(u 00 00 01 01)" "$(u 00)" "$(u 01)"
    printf '123m456p789s5566z: 5z 6z\n'
    printf '  %s %s %s %s  wait %s %s\n' "$(u 07 08 09)" "$(u 1C 1D 1E)" "$(u 16 17 18)" \
        "$(u 06 06 05 05)" "$(u 06)" "$(u 05)"
    printf '19m19p19s1234567z: 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z\n'
    printf '  %s %s %s %s  wait %s %s %s %s %s %s %s %s %s %s %s %s %s\n' "$(u 07 0F)" "$(u 19 21)" \
        "$(u 10 18)" "$(u 00 01 02 03 06 05 04)" "$(u 07)" "$(u 0F)" "$(u 19)" "$(u 21)" "$(u 10)" \
        "$(u 18)" "$(u 00)" "$(u 01)" "$(u 02)" "$(u 03)" "$(u 06)" "$(u 05)" "$(u 04)"
    printf '23m11z [456p] [789s] (2222z): 1m 4m\n'
    printf '  %s %s [%s] [%s] (%s)  wait %s %s\n' "$(u 08 09)" "$(u 00 00)" "$(u 1C 1D 1E)" \
        "$(u 16 17 18)" "$(u 01 01 01 01)" "$(u 07)" "$(u 0A)"
    printf '406m40p55s [789s] [111z]: 3p 6p\n'
    printf '  %s %s %s [%s] [%s]  wait %s %s\n' "$(u 0A 0B 0C)" "$(u 1C 1D)" "$(u 14 14)" \
        "$(u 16 17 18)" "$(u 00 00 00)" "$(u 1B)" "$(u 1E)"
    printf '123m456p789s11223z: discard 3z: 1z 2z\n'
    printf '  %s %s %s %s  discard %s\n' "$(u 07 08 09)" "$(u 1C 1D 1E)" "$(u 16 17 18)" \
        "$(u 00 00 01 01 02)" "$(u 02)"
} > mj.want
grep -v '^  ' mj.want | sed 's/:.*//' > hands.txt
t_run_in "mjwait --waits --show" 0 hands.txt "$M" --waits --show
t_same "mjwait --show: tiles from the Unicode chart" "$OUT" mj.want
t_run_in "mjwait --show --jobs 2" 0 hands.txt "$M" --waits --show --jobs 2
t_same "mjwait --show: same with 2 threads" "$OUT" mj.want
SAMPLE=$TK_TOP/data/hands/sample.txt
"$M" "$SAMPLE" > plain.out
"$M" --show "$SAMPLE" > shown.out
n_hands=$(grep -c '^[^ ]' plain.out)
awk 'prev_head && /^  / { prev_head = 0; next } { prev_head = !/^  /; print }' shown.out > unshown.out
t_same "mjwait --show: the rest of the output is unchanged" unshown.out plain.out
if [ "$(wc -l < shown.out)" -eq $(( $(wc -l < plain.out) + n_hands )) ]; then t_ok "mjwait --show: one line more per hand ($n_hands)"
else t_fail "mjwait --show: lines" "$(wc -l < shown.out) lines, want $(wc -l < plain.out) + $n_hands"; fi
t_run "mjwait --show --json" 2 "$M" --show --json "$SAMPLE"
t_done
