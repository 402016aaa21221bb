#!/bin/sh
# test_runner.sh - tests/run-tests.sh itself, on a tree of fake test
# programs: each program's closing line is summed, a program that skipped
# checks has every "SKIP name: why" line printed under it (the reasons are on
# the screen, not only in the logs), a program that crashes counts as a
# failure, and test-times gets the wall time and peak memory of each.
. "$(dirname "$0")/lib.sh"
cd "$T_TMP" || exit 1
mkdir -p tree/fake/tests tree/tests/cli
cat > tree/fake/tests/test_skips <<'P'
#!/bin/sh
echo "ok one"
echo "SKIP two: ../shared/words/enable1.txt absent (ENABLE1 is not shipped)"
echo "SKIP three: man is not installed"
echo "skips: 1 passed, 0 failed, 2 skipped"
P
cat > tree/fake/tests/test_crash <<'P'
#!/bin/sh
echo "ok one"
kill -SEGV $$
P
cat > tree/tests/cli/test_fine.sh <<'P'
echo "ok a"
echo "3 passed, 0 failed, 0 skipped"
P
chmod +x tree/fake/tests/test_skips tree/fake/tests/test_crash
(cd tree && TK_TEST_JOBS=2 sh "$TK_TOP/tests/run-tests.sh" fake fake/bin fake all) > report.txt 2>&1
rc=$?
if [ "$rc" -ne 0 ]; then t_ok "a crashed program fails the suite (exit $rc)"; else t_fail "crash" "exit 0"; fi
t_grep "each skip reason is printed" "skipped: two: ../shared/words/enable1.txt absent" report.txt
t_grep "every skip reason" "skipped: three: man is not installed" report.txt
t_grep "the sums" "fake: 4 passed, 1 failed, 2 skipped" report.txt
t_grep "the crash is named" "test_crash: exit" report.txt
if [ -s tree/fake/test-times ] && awk 'NF != 5 { bad = 1 } END { exit bad }' tree/fake/test-times; then
    t_ok "test-times: NAME WALL USER SYS MAXRSS"
else t_fail "test-times" "$(cat tree/fake/test-times 2>/dev/null | head -3)"; fi
t_done
