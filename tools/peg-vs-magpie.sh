#!/bin/sh
# peg-vs-magpie.sh - the same pre-endgames through MAGPIE's `peg` and tilekit's
# `skrafl --preendgame`, one thread each: both rankings (the best 5) and times.
#
#   tools/peg-vs-magpie.sh MAGPIE_DIR LEXICON POSITIONS.cgp [SECONDS]
#
# MAGPIE_DIR is a MAGPIE checkout ALREADY BUILT (bin/magpie) with its data set
# up (this script neither fetches nor builds it), LEXICON the name of a MAGPIE
# lexicon made from the same word list as tilekit's (data/lexica/LEXICON.kwg
# and .wmp, and a leave table LEXICON.klv2; see doc/endgame.md for how).
# POSITIONS.cgp holds CGP lines `ROWS RACK/OPPRACK SCORE/SCORE ZEROLESS ...`
# with 1-4 tiles in the bag (tools/pegs-en.cgp; the opponent's rack is
# dropped: neither program may see it).  SECONDS: each program's clock a
# position (tilekit --seconds, MAGPIE -pegtlim); none: both run every stage
# to its end.  tilekit is bin/skrafl (or $SKRAFL), with its default English
# dictionary and $TILEKIT_DATA.  MPCPU=N caps MAGPIE's processor time at N
# seconds a position (ulimit -t: a position it does not finish then shows
# no answer, and its processor time is the cap).
#
# Per position: both first five plays with win % and FINAL spread (MAGPIE
# prints the final spread, tilekit the change from now: it is converted),
# the time each took (tilekit's own clock; MAGPIE's, from its header; both
# processors' user + system seconds by GNU time, robust under load), the
# time of each one's first stage (greedy playouts of every play), how
# many plays tilekit considered of those legal, whether MAGPIE finished its
# last stage.  When MAGPIE finished and the first plays differ, tilekit
# values both exactly (skrafl --preendgame --only, to the end) and says which
# wins more often.  A summary closes: positions answered within the clock,
# positions where every legal play was considered, and of the positions
# MAGPIE finished, those where tilekit's first play wins at least as often.
set -u
set -f   # CGP racks hold '?' (a blank): no file name expansion
if [ $# -lt 3 ]; then
    echo "usage: tools/peg-vs-magpie.sh MAGPIE_DIR LEXICON POSITIONS.cgp [SECONDS]" >&2
    exit 2
fi
MP=$1 LEX=$2 POS=$3 SECS=${4:-0}
SK=${SKRAFL:-bin/skrafl}
[ -x "$MP/bin/magpie" ] || { echo "peg-vs-magpie: no $MP/bin/magpie (build MAGPIE first)" >&2; exit 2; }
[ -x "$SK" ] || { echo "peg-vs-magpie: no $SK (make first)" >&2; exit 2; }
[ -r "$POS" ] || { echo "peg-vs-magpie: cannot read $POS" >&2; exit 2; }
: "${TILEKIT_DATA:=build:data}"; export TILEKIT_DATA
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
# processor time of a command (GNU time: user + system seconds into a file)
CPU="/usr/bin/time -f %U+%S"
[ -x /usr/bin/time ] || CPU=""
cpu_of() { [ -s "$1" ] && tail -n 1 "$1" | awk -F+ '{ printf "%.2f", $1 + $2 }' || echo 0; }
MPCPU=${MPCPU:-}

# tilekit's JSON line as text: "C of L legal plays considered; stages: DEPTH N done|cut S s, ...; T s",
# then "tilekit  R. PLAY  win W%  final spread S  DEPTH" a play (PLAY as MAGPIE writes it: the tiles
# played through in parentheses; the spread made final with the spread now, $1)
tk_lines() {
    sed 's/"candidates":\[/\n/; s/},{"rank"/}\n{"rank"/g' | awk -v cur="$1" '
    function str(k,   m) { if (!match($0, "\"" k "\":\"[^\"]*\"")) return ""; m = substr($0, RSTART, RLENGTH); sub(/^"[^"]*":"/, "", m); return substr(m, 1, length(m) - 1) }
    function num(k,   m) { if (!match($0, "\"" k "\":[-0-9.a-z]*")) return ""; m = substr($0, RSTART, RLENGTH); sub(/^"[^"]*":/, "", m); return m }
    NR == 1 {
        line = num("considered") " of " num("legal") " legal plays considered; stages:"
        rest = $0; sep = " "
        while (match(rest, /\{"depth":"[^"]*","candidates":[0-9]*,"done":[a-z]*,"seconds":[0-9.]*\}/)) {
            st = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
            split(st, f, /[":,{}]+/)   # f: "" depth D candidates N done B seconds S
            line = line sep f[3] " " f[5] " " (f[7] == "true" ? "done" : "cut") " " f[9] " s"; sep = ", "
        }
        secs = $0; sub(/.*"nodes":[0-9]*,"seconds":/, "", secs); sub(/[^0-9.].*/, "", secs)
        print line "; " secs " s"; next }
    {
        if (str("kind") == "pass") play = "pass"
        else {
            w = str("word"); pl = str("played"); name = ""; in_ = 0
            for (i = 1; i <= length(w); i++) {
                thr = substr(pl, i, 1) == "."
                if (thr && !in_) name = name "("; if (!thr && in_) name = name ")"
                in_ = thr; name = name substr(w, i, 1)
            }
            if (in_) name = name ")"
            play = str("coord") " " name
        }
        printf "tilekit  %d. %-20s win %7.2f%%  final spread %+8.2f  %s\n", num("rank"), play, 100 * num("win"), cur + num("spread"), str("depth")
    }'
}

n=0 within=0 allconsidered=0 mpdone=0 atleast=0 same=0
: >"$tmp/times"
while IFS= read -r line; do
    case $line in ''|'#'*) continue ;; esac
    n=$((n + 1))
    set -- $line
    rows=$1 racks=$2 scores=$3 zl=${4:-0}
    case $zl in *[!0-9]*) zl=0 ;; esac
    own=${racks%%/*}
    cur=$(echo "$scores" | awk -F/ '{ print $1 - $2 }')
    cgp="$rows $own/ $scores $zl"
    echo "== position $n: $cgp"
    # ---- tilekit
    if [ "$SECS" != 0 ]; then tkclock="--seconds $SECS"; else tkclock=""; fi
    t0=$(now)
    $CPU -o "$tmp/tkcpu" "$SK" --preendgame --jobs 1 $tkclock -n 5 --json "$cgp" >"$tmp/tkjson" 2>"$tmp/tkerr"
    t1=$(now)
    tkwall=$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')
    if [ ! -s "$tmp/tkjson" ]; then
        echo "tilekit: error: $(cat "$tmp/tkerr")"
        continue
    fi
    # the JSON object as lines: a summary, then one ranked play a line
    tk_lines "$cur" <"$tmp/tkjson" >"$tmp/tk"
    head -n 1 "$tmp/tk" | sed 's/^/tilekit  /'
    legal=$(head -n 1 "$tmp/tk" | sed -n 's/^\([0-9]*\) of \([0-9]*\) legal plays considered.*/\2/p')
    cons=$(head -n 1 "$tmp/tk" | sed -n 's/^\([0-9]*\) of \([0-9]*\) legal plays considered.*/\1/p')
    tksec=$(head -n 1 "$tmp/tk" | sed -n 's/.*; \([0-9.]*\) s$/\1/p')
    tkg=$(head -n 1 "$tmp/tk" | sed -n 's/.*stages: greedy [0-9]* [a-z]* \([0-9.]*\) s.*/\1/p')
    sed 1d "$tmp/tk"
    tkfirst=$(sed -n 2p "$tmp/tk" | sed 's/^tilekit  1\. \(.\{20\}\).*/\1/; s/ *$//')
    # ---- MAGPIE (sync mode: each command waits for the one before, else a slow load races the next line)
    if [ "$SECS" != 0 ]; then mpclock="-pegtlim $SECS"; else mpclock="-pegtlim 1000000000"; fi
    t0=$(now)
    printf 'set -mode sync -lex %s -threads 1\ncgp %s\npeg %s\n' "$LEX" "$cgp" "$mpclock" |
        (cd "$MP" && { [ -z "$MPCPU" ] || ulimit -t "$MPCPU"; } && $CPU -o "$tmp/mpcpu" ./bin/magpie) >"$tmp/mp" 2>&1
    t1=$(now)
    mpwall=$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')
    mphead=$(grep -m 1 '^PEG' "$tmp/mp")
    mpsec=$(echo "$mphead" | sed -n 's/.* \([0-9.]*\)s$/\1/p')
    # finished: its last completed stage is the last of its default schedule (5: top 32, 16, 8, 4, 2)
    case $mphead in *"last completed stage 5)"*) mpfin=1 ;; *) mpfin=0 ;; esac
    echo "magpie   ${mphead:-no answer} ($( [ $mpfin = 1 ] && echo 'ran to its last stage' || echo 'did not finish'))"
    # the ranking: the rows after the header "... move ... wins ...", with or without a depth column
    awk '/ move .* wins / { on = 1; next }
        on && NF >= 7 && $0 !~ /^-/ {
            if ($1 ~ /^[0-9]+$/) { r = $1; k = 2; d = "" } else { r = $2; k = 3; d = $1 }
            if ($k == "pass") { play = "pass"; k++ } else { play = $k " " $(k + 1); k += 2 }
            printf "magpie   %d. %-20s win %7s%%  final spread %8s  %s\n", r, play, $(k + 3), $(k + 4), d
            if (++m == 5) exit }' "$tmp/mp" | tee "$tmp/mprank"
    mpfirst=$(sed -n 's/^magpie   1\. \(.\{20\}\).*/\1/p' "$tmp/mprank" | sed 's/ *$//')
    tkc=$(cpu_of "$tmp/tkcpu") mpc=$(cpu_of "$tmp/mpcpu")
    echo "times: tilekit ${tksec:-?} s (wall $tkwall s, processor $tkc s), magpie ${mpsec:-?} s (wall $mpwall s, processor $mpc s, with loading)"
    mpg=$(awk '$1 == 0 && $2 == "greedy" { sub(/s$/, "", $5); print $5; exit }' "$tmp/mp")
    echo "greedy stage over every play: tilekit ${tkg:-?} s, magpie ${mpg:-?} s (wall)"
    echo "$n ${tksec:-0} ${mpsec:-0} $tkc $mpc $mpfin" >>"$tmp/times"
    if [ "$SECS" != 0 ] && awk -v t="$tkwall" -v s="$SECS" 'BEGIN { exit !(t <= s) }'; then
        within=$((within + 1))
    fi
    [ -n "$legal" ] && [ "$legal" = "$cons" ] && allconsidered=$((allconsidered + 1))
    [ $mpfin = 1 ] || continue
    mpdone=$((mpdone + 1))
    if [ "$tkfirst" = "$mpfirst" ]; then
        echo "first plays: the same ($tkfirst)"
        same=$((same + 1)) atleast=$((atleast + 1))
        continue
    fi
    "$SK" --preendgame --jobs 1 --only "$tkfirst,$mpfirst" "$cgp" >"$tmp/only" 2>&1
    wtk=$(awk -v p="$tkfirst" 'NR > 1 { q = $1 == "pass" ? "pass" : $1 " " $2; if (q == p) { sub(/^.*win:/, ""); sub(/%.*/, ""); print } }' "$tmp/only")
    wmp=$(awk -v p="$mpfirst" 'NR > 1 { q = $1 == "pass" ? "pass" : $1 " " $2; if (q == p) { sub(/^.*win:/, ""); sub(/%.*/, ""); print } }' "$tmp/only")
    if [ -n "$wtk" ] && [ -n "$wmp" ] && awk -v a="$wtk" -v b="$wmp" 'BEGIN { exit !(a + 0 >= b + 0) }'; then
        atleast=$((atleast + 1)) verdict="at least as often"
    else
        verdict="LESS OFTEN"
    fi
    echo "first plays differ: tilekit $tkfirst wins ${wtk:-?}%, magpie $mpfirst wins ${wmp:-?}% (both to the end by tilekit): tilekit's wins $verdict"
done <"$POS"

echo "== summary: $n positions"
[ "$SECS" = 0 ] || echo "tilekit answered within $SECS s (wall, loading included): $within of $n"
echo "tilekit considered every legal play: $allconsidered of $n"
echo "MAGPIE ran to its last stage: $mpdone of $n; there tilekit's first play wins at least as often as MAGPIE's: $atleast of $mpdone ($same the same play)"
awk '{ tk += $4; mp += $5; if ($6) { ftk += $4; fmp += $5; f++ } }
     END { if (tk > 0) printf "processor seconds (user + system, loading included): tilekit %.1f, MAGPIE %.1f: MAGPIE / tilekit %.2f\n", tk, mp, mp / tk
           if (f && ftk > 0) printf "  on the %d positions MAGPIE finished: tilekit %.1f, MAGPIE %.1f: %.2f\n", f, ftk, fmp, fmp / ftk }' "$tmp/times"
sort -n -k2 "$tmp/times" | awk '{ t[NR] = $2 } END { if (NR) printf "tilekit median %.2f s, ", t[int((NR + 1) / 2)] }'
awk '$3 > 0' "$tmp/times" | sort -n -k3 | awk '{ t[NR] = $3 } END { if (NR) printf "MAGPIE median %.2f s of those it answered (their own clocks, one thread each)\n", t[int((NR + 1) / 2)] }'
