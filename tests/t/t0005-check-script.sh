#!/bin/bash
# tools/check, the CI's test runner, against a fake project whose
# configure, build and `make check` succeed or fail on demand: it must
# count only this run's results, count a failed build or a failed `make
# check` as failures, and exit non-zero whenever anything failed.
. "$(dirname "$0")/test-lib.sh"

FAKE_TOP="$TRASH/fake"
mkdir -p "$FAKE_TOP/tools"
cp "$ZEN_SRCDIR/tools/check" "$FAKE_TOP/tools/check"
# A configure that writes a Makefile obeying $FAKE: "build" fails the
# build, "fail" has one failing test, "nolog" fails make check before any
# test ran, "dist" fails make distcheck; anything else passes 3 tests.
cat >"$FAKE_TOP/configure" <<'CONF'
#!/bin/sh
printf '%s\n' \
	'all:' \
	'	@test "$(FAKE)" != build' \
	'check:' \
	'	@if [ "$(FAKE)" = nolog ]; then exit 2; fi' \
	'	@if [ "$(FAKE)" = fail ]; then printf "# TOTAL: 4\n# PASS:  3\n# FAIL:  1\n# ERROR: 0\n" >test-suite.log; exit 2; fi' \
	'	@printf "# TOTAL: 3\n# PASS:  3\n# FAIL:  0\n# ERROR: 0\n" >test-suite.log' \
	'fuzz:' \
	'	@echo "FUZZ PASS: fake"' \
	'distcheck:' \
	'	@test "$(FAKE)" != dist' >Makefile
CONF
chmod +x "$FAKE_TOP/configure"

# check MODE: run the fake project's tools/check; $last its last line,
# $rc its exit status.  With clang there, the fake libFuzzer pass adds one
# "passed" whenever a build succeeded; a passing distcheck adds one too.
check() {
	FAKE=$1 JOBS=1 bash "$FAKE_TOP/tools/check" >"$TRASH/check.out" 2>&1
	rc=$?
	last=$(tail -n 1 "$TRASH/check.out")
}

test_expect_success 'all tests pass: exit 0, both builds counted' '
	check pass && test $rc = 0 &&
	[[ $last =~ ^(7|8)\ passed,\ 0\ failed$ ]] &&
	grep -q "^PASS: make distcheck" "$TRASH/check.out"
'
test_expect_success 'a failing test: exit 1, counted once per build' '
	check fail && test $rc != 0 &&
	[[ $last =~ ^(7|8)\ passed,\ 2\ failed$ ]]
'
test_expect_success 'make check fails before any test: old logs are not counted' '
	printf "# TOTAL: 100\n# PASS:  100\n# FAIL:  0\n" >"$FAKE_TOP/_build/test-suite.log" &&
	touch -d "2020-01-01" "$FAKE_TOP/_build/test-suite.log" &&
	check nolog && test $rc != 0 && [[ $last =~ ^(1|2)\ passed,\ 2\ failed$ ]]
'
test_expect_success 'a failing make distcheck: exit 1, counted once' '
	check dist && test $rc != 0 &&
	[[ $last =~ ^(6|7)\ passed,\ 1\ failed$ ]] &&
	grep -q "^FAIL: make distcheck" "$TRASH/check.out"
'
test_expect_success 'a build that fails: exit 1, the libFuzzer pass left out' '
	check build && test $rc != 0 && test "$last" = "0 passed, 2 failed" &&
	grep -q "^left out: the libFuzzer pass.*make distcheck: the normal build failed" "$TRASH/check.out"
'
test_done
