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
# test ran; anything else passes 3 tests.
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
	'	@echo "FUZZ PASS: fake"' >Makefile
CONF
chmod +x "$FAKE_TOP/configure"

# check MODE: run the fake project's tools/check; $last its last line,
# $rc its exit status.  With clang there, the fake libFuzzer pass adds one
# "passed" whenever a build succeeded.
check() {
	FAKE=$1 JOBS=1 bash "$FAKE_TOP/tools/check" >"$TRASH/check.out" 2>&1
	rc=$?
	last=$(tail -n 1 "$TRASH/check.out")
}

test_expect_success 'all tests pass: exit 0, both builds counted' '
	check pass && test $rc = 0 &&
	[[ $last =~ ^(6|7)\ passed,\ 0\ failed$ ]]
'
test_expect_success 'a failing test: exit 1, counted once per build' '
	check fail && test $rc != 0 &&
	[[ $last =~ ^(6|7)\ passed,\ 2\ failed$ ]]
'
test_expect_success 'make check fails before any test: old logs are not counted' '
	printf "# TOTAL: 100\n# PASS:  100\n# FAIL:  0\n" >"$FAKE_TOP/_build/test-suite.log" &&
	touch -d "2020-01-01" "$FAKE_TOP/_build/test-suite.log" &&
	check nolog && test $rc != 0 && [[ $last =~ ^(0|1)\ passed,\ 2\ failed$ ]]
'
test_expect_success 'a build that fails: exit 1, the libFuzzer pass left out' '
	check build && test $rc != 0 && test "$last" = "0 passed, 2 failed" &&
	grep -q "^left out: the libFuzzer pass" "$TRASH/check.out"
'
test_done
