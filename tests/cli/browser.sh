# browser.sh - headless Chromium for the browser checks of the review pages
# (tests/cli/test_browser*.sh), sourced after lib.sh.
#
#   browser_ready                  0 when chromium and python3 are there; else
#                                  it says which is missing (t_skip) and t_done
#   browser shot OUT PAGE          a screenshot to OUT (its log in OUT.log)
#   browser dom OUT PAGE           the DOM as the browser built it to OUT (OUT.log)
#   console_quiet NAME LOG         no CONSOLE line (a blocked load, a script
#                                  refused by the security policy, an error)
#   pixels NAME PNG X0 Y0 X1 Y1 COLOUR...   tests/support/png_pixels.py's counts
#                                  into $PIXELS ("WIDTH HEIGHT N..."), 0 when read
CHROMIUM=${TK_CHROMIUM:-/usr/bin/chromium}
browser_ready() {
    if [ ! -x "$CHROMIUM" ]; then
        t_skip "browser" "$CHROMIUM is not installed (Debian: apt-get install chromium)"; t_done; return 1
    fi
    if ! command -v python3 >/dev/null 2>&1; then t_skip "browser" "python3 is not installed"; t_done; return 1; fi
    return 0
}
# browser MODE OUTFILE PAGE: one headless run (--screenshot=FILE or --dump-dom > FILE), its log in OUTFILE.log
browser() {
    _p=$(mktemp -d "$T_TMP/profile.XXXXXX")
    set -- "$@" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --user-data-dir="$_p" --enable-logging=stderr --v=0 \
        --window-size=1200,2000 --hide-scrollbars
    case $1 in
    shot) _o=$2; _f=$3; shift 3; timeout 120 "$CHROMIUM" "$@" --screenshot="$_o" "file://$_f" >/dev/null 2>"$_o.log" ;;
    dom) _o=$2; _f=$3; shift 3; timeout 120 "$CHROMIUM" "$@" --dump-dom "file://$_f" >"$_o" 2>"$_o.log" ;;
    esac
}
console_quiet() {  # NAME LOG
    if grep -q ':CONSOLE' "$2"; then t_fail "$1" "$(grep ':CONSOLE' "$2" | head -3)"; else t_ok "$1"; fi
}
pixels() {  # PNG X0 Y0 X1 Y1 COLOUR...
    PIXELS=$(python3 "$TK_TOP/tests/support/png_pixels.py" "$@" 2>&1)
}
