#!/bin/sh
# test_mjlog.sh - mjwait --log: the review of the hand-written test game
# (tests/data/mjlog/game.mjlog and the same game in tenhou.net/6 JSON) as
# golden text and JSON, facts checked by hand (every win of the game is
# scored as its log says: the values in the log were worked out by hand;
# seat 0's first discard keeps tenpai on 2m-5m with 7 live tiles), both
# formats giving the same objects, --player, several logs in input order
# whatever --jobs, gzip-compressed logs, and located errors for malformed
# logs.
. "$(dirname "$0")/lib.sh"
MJ=$TK_BIN/mjwait
G=$TK_TOP/tests/cli/golden/mjlog
D=$TK_TOP/tests/data/mjlog

t_run json 0 sh -c "cd '$D' && '$MJ' --log --json game.mjlog"
t_golden json-out "$G/game.json.out"
n_win=$(grep -c '"type":"win"' "$OUT")
n_match=$(grep -c '"type":"win".*"match":true' "$OUT")
if [ "$n_win" = 4 ] && [ "$n_match" = 4 ]; then t_ok "json: 4 wins, all scored as the log says"
else t_fail json-wins "$n_win wins, $n_match matching"; fi
t_grep json-first-discard '"round":0,"kyoku":"E1","honba":0,"event":2,"seat":0,"discard":0,"hand":"12334m45699p789s7z","tile":"7z","tsumogiri":true,"riichi":false,"shanten":0,"ukeire":7' "$OUT"
t_grep json-rinshan '"type":"win".*"seat":1,"from":1,"tsumo":true.*"han":1,"fu":70,"points":3600.*\["Rinshan Kaihou",1\]' "$OUT"
t_grep json-double-ron '"seat":0,"from":2,"tsumo":false.*"points":1600,"limit":"","yakuman":0,"yaku":\[\["Chiitoitsu",2\]\]' "$OUT"
t_grep json-yao9 '"type":"ryuukyoku","round":3,.*"reason":"yao9"' "$OUT"
t_grep json-kaze4 '"type":"ryuukyoku","round":4,.*"reason":"kaze4"' "$OUT"
t_grep json-calls '"type":"call","round":1,.*"call":"kakan","tile":"2z"' "$OUT"
t_grep json-game '"type":"game","format":"mjlog","rounds":6' "$OUT"
t_grep json-exhaustive '"type":"ryuukyoku","round":5,.*"event":140,"reason":"exhaustive"' "$OUT"
cp "$OUT" "$T_TMP/x.json"
t_run json-tenhou6 0 sh -c "cd '$D' && '$MJ' --log --json game.json"
sed 's/"file":"[^"]*",//; s/"format":"[a-z0-9]*",//' "$T_TMP/x.json" > "$T_TMP/x.cmp"
sed 's/"file":"[^"]*",//; s/"format":"[a-z0-9]*",//' "$OUT" > "$T_TMP/j.cmp"
t_same both-formats "$T_TMP/x.cmp" "$T_TMP/j.cmp"
if command -v python3 >/dev/null 2>&1; then
    if python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$OUT"; then
        t_ok json-valid; else t_fail json-valid "invalid JSON line"; fi
else
    t_skip json-valid "no python3"
fi

t_run text 0 sh -c "cd '$D' && '$MJ' --log game.mjlog"
t_golden text-out "$G/game.txt.out"
t_grep text-summary 'game.mjlog: 6 rounds, 87 discards, 80 best, ukeire lost 77, 4 wins, 4 scored as the log says' "$OUT"
t_run text-verbose 0 sh -c "cd '$D' && '$MJ' --log -v game.mjlog 2>/dev/null"
t_golden text-verbose-out "$G/game.verbose.out"

# --player: a seat or a name
t_run player-seat 0 "$MJ" --log --json --player 1 "$D/game.mjlog"
if grep '"seat":' "$OUT" | grep -v '"seat":1,' | grep -q .; then t_fail player-seat "other seats shown"
else t_ok player-seat-only; fi
t_run player-name 0 "$MJ" --log --json --player B "$D/game.json"
cp "$OUT" "$T_TMP/b.json"
t_run player-seat-1 0 "$MJ" --log --json --player 1 "$D/game.json"
t_same player-name-is-seat "$T_TMP/b.json" "$OUT"
t_run player-no-log 2 "$MJ" --player 1 "$D/game.mjlog"
t_grep player-no-log-msg "player needs --log" "$ERR"
t_run log-score 2 "$MJ" --log --score "$D/game.mjlog"
t_grep log-score-msg "not with --score" "$ERR"
t_run player-unknown 1 "$MJ" --log --player Nobody "$D/game.mjlog"
t_grep player-unknown-msg "no player named 'Nobody'" "$ERR"

# several logs: input order, the same bytes for any --jobs
t_run jobs1 0 "$MJ" --log --json --jobs 1 "$D/game.mjlog" "$D/game.json" "$D/game.mjlog"
cp "$OUT" "$T_TMP/j1"
t_run jobs3 0 "$MJ" --log --json --jobs 3 "$D/game.mjlog" "$D/game.json" "$D/game.mjlog"
t_same jobs-same "$T_TMP/j1" "$OUT"
t_run_in stdin 0 "$D/game.json" "$MJ" --log --json -
t_grep stdin-file '"file":"<stdin>"' "$OUT"

# malformed logs: located errors, the other files still reviewed
sed 's|<T10/><D10/>|<T10/><D11/><D10/>|' "$D/game.mjlog" > "$T_TMP/bad.mjlog"
t_run bad-xml 1 "$MJ" --log "$T_TMP/bad.mjlog" "$D/game.json"
t_grep bad-xml-msg "bad.mjlog:20: column 13: round 1, event 18 (discard): seat 0 discards out of turn" "$ERR"
t_grep bad-xml-others 'game.json: 6 rounds' "$OUT"
t_run bad-xml-json 1 "$MJ" --log --json "$T_TMP/bad.mjlog"
t_grep bad-xml-json-obj '"type":"error","line":20,"error":"round 1, event 18 (discard): seat 0 discards out of turn"' "$OUT"
sed 's|"c383637"|"c383638"|' "$D/game.json" > "$T_TMP/bad.json"
t_run bad-json 1 "$MJ" --log "$T_TMP/bad.json"
t_grep bad-json-msg "bad.json:6: column 45: round 0, event 6 (chi): a chi of 8s that is not a sequence" "$ERR"
sed 's|"c383637",12|"c383637",60|' "$D/game.json" > "$T_TMP/bad2.json"
t_run bad-json-60 1 "$MJ" --log "$T_TMP/bad2.json"
t_grep bad-json-60-msg "not a tile or call" "$ERR"
printf '\037\213\010\000junk' > "$T_TMP/z.mjlog"
t_run gzip-bad 1 "$MJ" --log "$T_TMP/z.mjlog"
t_grep gzip-bad-msg "z.mjlog: gzip: not a deflate-compressed gzip file" "$ERR"
# compressed logs (as Tenhou serves them) read as the plain ones
t_run gz 0 sh -c "cd '$D' && '$MJ' --log --json game.mjlog.gz"
sed 's/"file":"[^"]*",//' "$OUT" > "$T_TMP/gz.cmp"
sed 's/"file":"[^"]*",//' "$T_TMP/x.json" > "$T_TMP/x2.cmp"
t_same gz-same "$T_TMP/x2.cmp" "$T_TMP/gz.cmp"
if command -v gzip >/dev/null 2>&1; then
    gzip -c "$D/game.json" > "$T_TMP/g.json.gz"
    t_run gz-json 0 "$MJ" --log "$T_TMP/g.json.gz"
    t_grep gz-json-summary 'g.json.gz: 6 rounds, 87 discards, 80 best, ukeire lost 77, 4 wins, 4 scored' "$OUT"
    head -c 600 "$D/game.mjlog.gz" > "$T_TMP/cut.gz"
    t_run gz-cut 1 "$MJ" --log "$T_TMP/cut.gz"
    t_grep gz-cut-msg "cut.gz: gzip: truncated data" "$ERR"
else
    t_skip gz-json "no gzip"
fi
t_run missing 1 "$MJ" --log "$T_TMP/none.mjlog"
t_grep missing-msg "none.mjlog: No such file" "$ERR"
t_done
