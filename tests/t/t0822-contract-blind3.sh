#!/bin/bash
# Three more contracts written "blind" from the ZF* language reference,
# run offline with zen contract run: tests/contracts/blind3-{names,
# sigvault,wrapper}.fst, a name registry (register, transfer, renew; a
# token per name, one record per name in the state), a vault that pays
# out on a message signed by its key (init, deposit, withdraw, rotate,
# close) and an asset wrapper (wrap, unwrap; Asset.parse of asset strings,
# the reserves of each asset in the state).  Every expected value (costs,
# ERR messages, inputs and outputs, state updates, messages) was computed
# by hand by the contracts' author; the scenarios are the author's, as
# written, in tests/t/blind3.py, one test each.  Signatures are inputs,
# made beforehand with test keys (blind3.py says which key signed what).
# R4e expects zen's documented answer (contracts.md 4.9: a subtype shorter
# than 32 bytes is a failure of Asset.parse), not the author's, who
# followed the reference's Zulib (the reason is in blind3.py).
# Local-only operations: no server.
. "$(dirname "$0")/test-lib.sh"
. "$(dirname "$0")/contract-lib.sh"

check_blind blind3-names.fst blind3-sigvault.fst blind3-wrapper.fst

# blind3.py prints TAP of its own (its tests numbered from 1, then its
# plan): each of its tests becomes one of this script's, its "#" lines
# follow it; then one more test, that it ran to its end.
PY_TAP=$TRASH/blind3.tap PY_ERR=$TRASH/blind3.err
ZEN="$ZEN" ZEN_SRCDIR="$ZEN_SRCDIR" ZEN_DATADIR="$DATADIR" \
	python3 "$ZEN_SRCDIR/tests/t/blind3.py" >"$PY_TAP" 2>"$PY_ERR"
py_rc=$?
py_tests=0 py_failed=0 py_plan=
while IFS= read -r line; do
	case $line in
	"ok "*)
		py_tests=$((py_tests + 1))
		tap_result 0 "${line#ok * - }" ;;
	"not ok "*)
		py_tests=$((py_tests + 1)) py_failed=$((py_failed + 1))
		tap_result 1 "${line#not ok * - }" ;;
	"#"*) say "$line" ;;
	1..*) py_plan=${line#1..} ;;
	*) diag "blind3.py: $line" ;;
	esac
done <"$PY_TAP"
py_want_rc=1
[ $py_failed = 0 ] && py_want_rc=0
test_expect_success "blind3.py ran to its end: $py_tests tests as planned, exit $py_want_rc" '
	test "$py_plan" = "$py_tests" && test "$py_tests" -gt 0 &&
	test "$py_rc" = "$py_want_rc" || {
		echo "plan ${py_plan:-none}, $py_tests tests, exit $py_rc"
		cat "$PY_ERR"
		false
	}
'
test_done
