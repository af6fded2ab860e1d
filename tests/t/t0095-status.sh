#!/bin/bash
# zen status (issue 18): the node at a glance, from the replies of the
# commands it names - locally, through --url, and readable on a terminal.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

PW="$TRASH/pw"
printf 'pw\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
TESTTX="$ZEN_BUILDDIR/tests/tools/testtx"

test_expect_success 'a fresh chain: its parts, no wallet, no peers' '
	z1 status >"$TRASH/s" &&
	test "$(json "list(d.keys())" <"$TRASH/s")" = "['"'"'blockchain'"'"', '"'"'tipAge'"'"', '"'"'peers'"'"', '"'"'mempool'"'"', '"'"'wallet'"'"', '"'"'cgp'"'"']" &&
	test "$(json "(d[\"blockchain\"][\"blocks\"], d[\"peers\"], d[\"mempool\"], d[\"wallet\"], d[\"cgp\"][\"interval\"])" <"$TRASH/s")" = "(1, 0, 0, None, 1)"
'
test_expect_success 'its parts are the replies of the commands it reads' '
	test "$(json "json.dumps(d[\"blockchain\"], separators=(\",\", \":\"))" <"$TRASH/s")" = "$(z1 blockchain info)"
'
TX=$("$TESTTX" --mnemonic "$WORDS" --input $GEN_TX:0:$GEN --output $ROOT:$GEN)
test_expect_success 'with a wallet, mined blocks and a mempool transaction' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	z1 blockchain mine --blocks 2 --address $OTHER >/dev/null &&
	z1 blockchain publishtransaction $TX >/dev/null &&
	z1 status >"$TRASH/s" &&
	test "$(json "(d[\"blockchain\"][\"blocks\"], d[\"mempool\"], d[\"wallet\"][0][\"asset\"], d[\"wallet\"][0][\"balance\"])" <"$TRASH/s")" = "(3, 1, '"'"'00'"'"', $GEN)"
'
test_expect_success 'through --url: the same parts' '
	"$ZEN" --url "$ZEN_TEST_URL" status >"$TRASH/r" &&
	test "$(json "(d[\"blockchain\"][\"blocks\"], d[\"mempool\"], d[\"wallet\"][0][\"balance\"])" <"$TRASH/r")" = "(3, 1, $GEN)"
'
test_expect_success 'on a terminal: a few readable lines' '
	on_tty --datadir "$DATADIR" status >"$TRASH/tty" &&
	grep -qx "chain:      local, block 3 (.* s old)" "$TRASH/tty" &&
	grep -qx "mempool:    1 transaction(s)" "$TRASH/tty" &&
	grep -qx "wallet:     1000 ZP" "$TRASH/tty" &&
	grep -qx "cgp:        interval 1, before the snapshot, allocation 0%" "$TRASH/tty"
'
test_done
