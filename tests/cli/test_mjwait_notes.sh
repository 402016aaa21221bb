#!/bin/sh
# test_mjwait_notes.sh - mjwait's edges a user meets first:
# - context words that exclude each other (two of the last draw, the last
#   discard, a kan's replacement tile and a robbed kan) are located errors,
#   whichever comes first on the line; pairs the rules allow still score;
# - the 13-sided thirteen-orphans wait prints its one reading once;
# - the text output spells every yaku as the JSON does (mjscore.md names);
# - mahjong-helper's notation (melds after '#', '+ TILE') gets a message
#   that says where melds go, not only a tile count.
# sanitized: yes
. "$(dirname "$0")/lib.sh"
M=$TK_BIN/mjwait
: "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
cd "$T_TMP" || exit 1
H='123m456m345p67p11z8p'   # complete: 123m 456m 345p 678p 11z, won on 8p

# every excluded pair, both orders; the column is the later word's
for pair in 'houtei chankan' 'haitei houtei' 'haitei chankan' 'houtei rinshan' 'rinshan chankan'; do
    set -- $pair
    for order in "$1 $2" "$2 $1"; do
        line="$H tsumo $order"
        case $order in *houtei*|*chankan*) line="$H ron $order" ;; esac
        printf '%s\n' "$line" > in.txt
        t_run_in "'$order' is an error" 1 in.txt "$M" --score
        second=${order#* }
        col=$(( ${#line} - ${#second} + 1 ))
        t_grep "'$order': located at the later word (column $col)" "column $col: " "$ERR"
        t_grep "'$order': names both words" "$1 and $2 together\|$2 and $1 together" "$ERR"
    done
done
# pairs the rules allow (ippatsu with chankan is in the shared vectors)
for ok in 'riichi ippatsu ron chankan' 'riichi ippatsu tsumo haitei' 'riichi ippatsu ron houtei' \
          'double-riichi ippatsu ron' 'riichi tsumo haitei'; do
    printf '%s %s\n' "$H" "$ok" > in.txt
    t_run_in "'$ok' scores" 0 in.txt "$M" --score
done

# kokushi 13-sided: one reading, printed once, after the 13 waits
echo 19m19p19s1234567z > k.txt
t_run_in "kokushi 13-sided" 0 k.txt "$M"
n=$(grep -c 'kokushi13' "$OUT")
if [ "$n" -eq 1 ]; then t_ok "the 13-sided reading is printed once"; else t_fail "kokushi13 once" "$n lines: $(head -c 300 "$OUT")"; fi
t_grep "the header still lists the 13 waits" "13 waits: 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z" "$OUT"
echo '19m19p19s1234567z riichi' > k.txt
t_run_in "kokushi 13-sided --score" 0 k.txt "$M" --score
n=$(grep -c 'Kokushi Musou Juusanmen Matchi' "$OUT")
if [ "$n" -eq 1 ]; then t_ok "its value is printed once"; else t_fail "kokushi13 value once" "$n lines"; fi
t_grep "double yakuman by ron and by tsumo" "all 13  ron 2x yakuman 64000 .*tsumo 2x yakuman 64000" "$OUT"
# a single-wait kokushi still names its wait
echo 119m19p19s123456z > k1.txt
t_run_in "kokushi single wait" 0 k1.txt "$M"
t_grep "single wait 7z" "  7z  " "$OUT"

# yaku names: the text shows what JSON shows, same spelling
cat > score.txt <<'H'
123456m34678p11z riichi round:S seat:W dora:7p ura:2s
234456m345p678s22s tsumo seat:E dora:1s
111m222p333s444z5z5z win:5z tsumo
111m222p333s44z555z win:5z
22334455m667788p win:8p riichi ippatsu
H
"$M" --score --json score.txt > score.json
"$M" --score score.txt > score.out
names=$(grep -o '\["[A-Z][^"]*",[0-9]*\]' score.json | sed 's/^\["\([^"]*\)".*/\1/' | sort -u)
[ -n "$names" ] || t_fail "yaku names in JSON" "none found"
echo "$names" | while IFS= read -r nm; do
    grep -qF "$nm" score.out || echo "$nm"
done > missing
if [ -s missing ]; then t_fail "text spells yaku as JSON" "not in the text: $(tr '\n' ';' < missing)"
else t_ok "text spells every yaku as JSON ($(echo "$names" | wc -l | tr -d ' ') names)"; fi
if grep -q '(riichi\|menzen tsumo\|, pinfu' score.out; then t_fail "no lower-case yaku" "$(grep -m1 'riichi\|menzen' score.out)"
else t_ok "no lower-case yaku names"; fi

# mahjong-helper: melds after '#', '+ TILE'
echo '234688m 34s # 6666P' > mh.txt
t_run_in "melds after '#'" 1 mh.txt "$M"
t_grep "says where melds go" "write them after the hand" "$ERR"
t_grep "names the closed kan form" "(6666p) a closed kan" "$ERR"
t_run_in "melds after '#', --score" 1 mh.txt "$M" --score
t_grep "says where melds go (--score)" "write them after the hand" "$ERR"
echo '234688m 34s (6666p)' > ok.txt
t_run_in "the hand as mjwait writes it: only a count" 1 ok.txt "$M"
if grep -q 'after the hand' "$ERR"; then t_fail "no hint without a '#' meld" "$(cat "$ERR")"; else t_ok "no hint for a plain count error"; fi
echo '# just a comment 123m' > c.txt
t_run_in "a comment line is still a comment" 0 c.txt "$M"
echo '33567789m 46s + 3m' > plus.txt
t_run_in "'+ TILE'" 1 plus.txt "$M"
t_grep "explains '+ TILE'" "win:TILE" "$ERR"
t_done
