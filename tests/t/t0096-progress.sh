#!/bin/bash
# Progress lines of long work (issue 18): on a terminal, stderr shows
# "zen: WHAT: DONE of TOTAL (P%)[, RATE/s, N s left]" redrawn in place and
# ended by a newline; through a pipe nothing at all.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
# Run zen on a pseudo-terminal (stdout and stderr both), keep what it wrote.
tty_run() { script -qec "$ZEN --datadir $DATADIR $*" /dev/null >"$TRASH/tty"; }
PW="$TRASH/pw"
printf 'pw\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"

test_expect_success 'through a pipe: no progress, not a byte on stderr' '
	z1 blockchain mine --blocks 3 --address $OTHER >"$TRASH/out" 2>"$TRASH/err" &&
	test "$(json "len(d)" <"$TRASH/out")" = 3 &&
	test ! -s "$TRASH/err"
'
test_expect_success 'mining on a terminal: the line reaches 40 of 40 (100%), then a newline' '
	tty_run blockchain mine --blocks 40 --address $OTHER &&
	tr "\r" "\n" <"$TRASH/tty" | grep -qx "zen: blockchain mine: 40 of 40 (100%).*" &&
	! tr "\r" "\n" <"$TRASH/tty" | grep "blockchain mine:" | grep -v "of 40 (" &&
	test "$(grep -c "" "$TRASH/tty")" -ge 2
'
test_expect_success 'the counts only grow, and the percentage is done * 100 / total' '
	tr "\r" "\n" <"$TRASH/tty" | sed -n "s/^zen: blockchain mine: \([0-9]*\) of 40 (\([0-9]*\)%).*/\1 \2/p" >"$TRASH/steps" &&
	test -s "$TRASH/steps" &&
	awk "BEGIN { last = 0 } { if (\$1 < last || \$2 != int(\$1 * 100 / 40)) exit 1; last = \$1 }" "$TRASH/steps"
'
test_expect_success 'node verify on a terminal: every block of the chain' '
	tips=$(z1 blockchain info | json "d[\"blocks\"]") &&
	tty_run node verify &&
	tr "\r" "\n" <"$TRASH/tty" | grep -q "^zen: node verify: $tips of $tips (100%)"
'
test_expect_success 'wallet resync on a terminal' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	tips=$(z1 blockchain info | json "d[\"blocks\"]") &&
	tty_run wallet resync &&
	tr "\r" "\n" <"$TRASH/tty" | grep -q "^zen: wallet resync: $tips of $tips (100%)"
'
test_expect_success 'a command that is not long work draws nothing' '
	tty_run blockchain info &&
	! grep -q "zen: blockchain info:" "$TRASH/tty"
'
STEP="$ZEN_SRCDIR/bench/bench-step.sh"
test_expect_success 'make bench steps: a line per step on a terminal, with the time left' '
	(cd "$TRASH" && bash "$STEP" 1 3 true 2>"$TRASH/e1" && sleep 1.1 &&
	 script -qec "bash $STEP 2 3 true" /dev/null >"$TRASH/tty") &&
	test ! -s "$TRASH/e1" &&
	tr -d "\r" <"$TRASH/tty" | grep -qx "bench 2 of 3: true, [12] s in, about [2-4] s left"
'
test_expect_success 'make bench steps: the command runs and its exit status is kept' '
	(cd "$TRASH" && bash "$STEP" 3 3 sh -c "echo ran; exit 3" >"$TRASH/o" 2>"$TRASH/e") ;
	test $? = 3 && test "$(cat "$TRASH/o")" = ran && test ! -s "$TRASH/e"
'
test_done
