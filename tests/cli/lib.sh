# lib.sh - helpers for the CLI test scripts (tests/cli/test_*.sh), sourced.
#
# Environment (set by tests/run-tests.sh): TK_BIN (the CLIs), TK_TOP (source
# tree), TK_SHARED (../shared, may be absent).  Each check prints "ok NAME" or
# "FAIL NAME: why"; t_done prints the closing "N passed, N failed, N skipped".
#
#   t_run NAME EXPECTED_EXIT CMD...     run CMD, keep stdout/stderr in $OUT/$ERR
#   t_golden NAME GOLDEN_FILE           compare $OUT with a golden file
#   t_grep NAME PATTERN FILE            FILE ($OUT or $ERR) must contain PATTERN
#   t_absent NAME PATTERN FILE          FILE must not contain PATTERN (case apart)
#   t_python NAME SCRIPT ARGS...        a checker in Python (tests/support/*.py) passes:
#                                       its non-"ok" lines are the failure; skipped without python3
#   t_same NAME FILE1 FILE2             two files must be equal
#   t_page_closed PAGE                  an HTML page loads nothing from outside (its CSP forbids it,
#                                       no script, link, src, outside href, @import or url())
#   t_skip NAME WHY
#   t_json_lines NAME INPUT             $OUT: one JSON object a record of INPUT
#
# Set TK_UPDATE_GOLDEN=1 to rewrite golden files (then review the diff!).
: "${TK_TOP:=.}"; : "${TK_BIN:=$TK_TOP/bin}"; : "${TK_SHARED:=$TK_TOP/../shared}"
# ENABLE2K: ../shared's copy, else the shipped data/words/en.txt (the same
# list), so the ENABLE2K checks run in a fresh clone without ../shared.
TK_ENABLE2K=$TK_SHARED/words/enable2k.txt
[ -f "$TK_ENABLE2K" ] || TK_ENABLE2K=$TK_TOP/data/words/en.txt
T_PASS=0; T_FAIL=0; T_SKIP=0
T_TMP=$(mktemp -d "${TMPDIR:-/tmp}/tkcli.XXXXXX")
trap 'rm -rf "$T_TMP"' EXIT
OUT=$T_TMP/out; ERR=$T_TMP/err

t_ok()   { T_PASS=$((T_PASS + 1)); echo "ok $1"; }
t_fail() { T_FAIL=$((T_FAIL + 1)); echo "FAIL $1: $2"; }
t_skip() { T_SKIP=$((T_SKIP + 1)); echo "SKIP $1: $2"; }

t_run() {
    _n=$1; _want=$2; shift 2
    "$@" >"$OUT" 2>"$ERR" </dev/null; _rc=$?
    if [ "$_rc" -eq "$_want" ]; then t_ok "$_n (exit $_rc)"
    else t_fail "$_n" "exit $_rc, expected $_want; stderr: $(head -c 300 "$ERR")"; fi
}
# t_run_in NAME EXPECTED_EXIT INPUT_FILE CMD...: the same with stdin from a file
t_run_in() {
    _n=$1; _want=$2; _in=$3; shift 3
    "$@" >"$OUT" 2>"$ERR" <"$_in"; _rc=$?
    if [ "$_rc" -eq "$_want" ]; then t_ok "$_n (exit $_rc)"
    else t_fail "$_n" "exit $_rc, expected $_want; stderr: $(head -c 300 "$ERR")"; fi
}
t_golden() {
    if [ "${TK_UPDATE_GOLDEN:-0}" = 1 ]; then cp "$OUT" "$2"; t_ok "$1 (golden updated)"; return; fi
    if [ ! -f "$2" ]; then t_fail "$1" "golden file $2 missing"; return; fi
    if cmp -s "$OUT" "$2"; then t_ok "$1"
    else t_fail "$1" "output differs from $2:
$(diff "$2" "$OUT" | head -n 20)"; fi
}
# t_golden2 NAME GOLDEN_OUT GOLDEN_ERR: $OUT and $ERR against two golden files
# (checks NAME-out and NAME-err; $OUT is kept)
t_golden2() {
    _keep=$OUT; t_golden "$1-out" "$2"
    OUT=$ERR; t_golden "$1-err" "$3"; OUT=$_keep
}
t_grep() {
    if grep -q -- "$2" "$3"; then t_ok "$1"
    else t_fail "$1" "'$2' not found in: $(head -c 300 "$3")"; fi
}
t_absent() {
    if grep -q -i -- "$2" "$3"; then t_fail "$1" "'$2' found: $(grep -i -o -m1 -- ".\{0,40\}$2.\{0,40\}" "$3")"
    else t_ok "$1"; fi
}
t_python() {
    _n=$1; shift
    if ! command -v python3 >/dev/null 2>&1; then t_skip "$_n" "python3 is not installed"; return; fi
    if python3 "$@" >"$T_TMP/python.out" 2>&1; then t_ok "$_n"
    else t_fail "$_n" "$(grep -v '^ok' "$T_TMP/python.out" | head -5)"; fi
}
t_page_closed() {
    t_grep page-csp "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'" "$1"
    t_absent page-no-script '<script' "$1"
    t_absent page-no-link '<link' "$1"
    t_absent page-no-src ' src=' "$1"
    t_absent page-no-outside 'href="http' "$1"
    t_absent page-no-import '@import' "$1"
    t_absent page-no-url 'url(' "$1"
}
t_same() {
    if cmp -s "$2" "$3"; then t_ok "$1"; else t_fail "$1" "$2 and $3 differ"; fi
}
# t_json_lines NAME INPUT: $OUT holds one JSON object ("{" lines) for each
# record of INPUT (its lines that do not start with '#'), errors in place
t_json_lines() {
    _want=$(grep -cv '^#' "$2"); _got=$(grep -c '^{' "$OUT")
    if [ "$_want" = "$_got" ]; then t_ok "$1: one object per record ($_got)"
    else t_fail "$1" "$_got objects for $_want records"; fi
}
t_done() {
    echo "$T_PASS passed, $T_FAIL failed, $T_SKIP skipped"
    [ "$T_FAIL" -eq 0 ]
}

# t_gcg: the game-review tests' set-up: S (skrafl), D (the golden GCG
# files), EG (the small dictionary and tile set of the endgame tests: add
# --tiles for another set), TILEKIT_DATA, and XDG_DATA_HOME in the test's
# own directory (no lexicon installed unless a test installs one).
t_gcg() {
    S="$TK_BIN/skrafl"
    D="$TK_TOP/tests/cli/golden/gcg"
    EG="--dict $TK_TOP/tests/cli/golden/skrafl/words.txt --tiles $TK_TOP/tests/cli/golden/endgame/tiles.txt"
    : "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
    XDG_DATA_HOME="$T_TMP/xdg"; export XDG_DATA_HOME
}

# t_mkleaves: the leave tests' set-up: M (the mkleaves program), W (the
# English list), TILEKIT_DATA; ends the script with a skip when mkleaves is
# not built.
t_mkleaves() {
    M="$TK_BUILD/tools/mkleaves"
    W="$TK_TOP/data/words/en.txt"
    : "${TILEKIT_DATA:=$TK_TOP/build:$TK_TOP/data}"; export TILEKIT_DATA
    if [ ! -x "$M" ]; then
        t_skip mkleaves "$M not built (make $M)"
        t_done
        exit 0
    fi
}
