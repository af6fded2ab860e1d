#!/bin/bash
# Three zen nodes in a line, A <- B <- C (B dials A, C dials B, each with
# --connect), on loopback (issue 15): connection counts, a block mined on
# A reaching C, a transaction sent on A mined by C, a partition (B
# stopped) and its healing converging on the heaviest chain with the
# orphaned transaction back in the mempool.
. "$(dirname "$0")/test-lib.sh"
. "$(dirname "$0")/p2p-lib.sh"

OTHER=tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9
tx() { "$TESTTX" --mnemonic "$WORDS" "$@"; }

start_node A
start_node B --connect "$A_P2P"
start_node C --connect "$B_P2P"

test_expect_success 'connections: A 1, B 2, C 1 (inbound and outbound)' '
	wait_until 20 "[ \"\$(conns_of A)\" = 1 ] && [ \"\$(conns_of B)\" = 2 ] &&
		[ \"\$(conns_of C)\" = 1 ]"
'
test_expect_success 'B lists A as dialled, at the address it was given' '
	on B network peers >"$TRASH/peers" &&
	test "$(json "len(d)" <"$TRASH/peers")" = 2 &&
	test "$(json "\" \".join(p[\"address\"] for p in d if not p[\"inbound\"])" <"$TRASH/peers")" = "$A_P2P" &&
	test "$(json "all(list(p) == [\"address\",\"inbound\",\"tip\",\"version\",\"banScore\",\"connectedSince\"] for p in d)" <"$TRASH/peers")" = True &&
	test "$(json "[p[\"tip\"] for p in d]" <"$TRASH/peers")" = "[1, 1]"
'
test_expect_success 'A lists one inbound peer from loopback' '
	on A network peers >"$TRASH/peers" &&
	test "$(json "\" \".join(\"%s@%s\" % (p[\"inbound\"], p[\"address\"].split(\":\")[0]) for p in d)" <"$TRASH/peers")" = "True@127.0.0.1"
'
test_expect_success 'a command run locally has no network: 0 and []' '
	test "$("$ZEN" --datadir "$TRASH/A" network connections)" = 0 &&
	test "$("$ZEN" --datadir "$TRASH/A" network peers)" = "[]"
'

test_expect_success 'a block mined on A reaches C through B' '
	on A blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	test "$(blocks_of A)" = 2 &&
	wait_until 10 "same_tip A C" && same_tip A B
'
test_expect_success 'headers and initialBlockDownload in blockchain info' '
	on C blockchain info >"$TRASH/info" &&
	test "$(json "(d[\"blocks\"], d[\"headers\"], d[\"initialBlockDownload\"])" <"$TRASH/info")" = "(2, 2, False)"
'

TX1=$(tx --input $GEN_TX:0:$GEN --output $OTHER:1000 --output $ROOT:$((GEN - 1000)))
H1=$("$TESTTX" --mnemonic "$WORDS" --txhash --input $GEN_TX:0:$GEN --output $OTHER:1000 --output $ROOT:$((GEN - 1000)))
test_expect_success 'a transaction sent on A reaches C' '
	on A blockchain publishtransaction $TX1 >/dev/null &&
	wait_until 10 "in_mempool C $H1" && in_mempool B $H1
'
test_expect_success 'C mines it; the block reaches A' '
	on C blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	wait_until 10 "same_tip A C" &&
	on A blockchain transaction $H1 | json "d[\"confirmations\"]" | grep -qx 1 &&
	test "$(on A blockchain mempool)" = "[]" &&
	wait_until 10 "test \"\$(on B blockchain mempool)\" = \"[]\""
'

# The partition: B goes; A and C each grow their own chain, C's with a
# transaction in it; B comes back (same data directory and port).
B_PORT=${B_P2P##*:}
stop_node B
test_expect_success 'with B stopped, A and C have one connection less' '
	wait_until 10 "[ \"\$(conns_of A)\" = 0 ]" &&
	wait_until 10 "[ \"\$(conns_of C)\" = 0 ]"
'
TX2=$(tx --input $H1:1:$((GEN - 1000)) --output $OTHER:2000 --output $ROOT:$((GEN - 3000)))
H2=$("$TESTTX" --mnemonic "$WORDS" --txhash --input $H1:1:$((GEN - 1000)) --output $OTHER:2000 --output $ROOT:$((GEN - 3000)))
test_expect_success 'partition: A mines 3 blocks, C a block with a transaction' '
	on A blockchain mine --blocks 3 --address $OTHER >/dev/null &&
	on C blockchain publishtransaction $TX2 >/dev/null &&
	on C blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	test "$(blocks_of A)" = 6 && test "$(blocks_of C)" = 4 &&
	on C blockchain transaction $H2 | json "d[\"confirmations\"]" | grep -qx 1
'
start_node B --listen 127.0.0.1:$B_PORT --connect "$A_P2P"
test_expect_success 'healed: all three on the heaviest chain (A s)' '
	test "$B_P2P" = "127.0.0.1:$B_PORT" &&
	wait_until 30 "same_tip A C" && wait_until 10 "same_tip A B" &&
	test "$(blocks_of C)" = 6
'
test_expect_success 'C s orphaned transaction is back in its mempool, and gossiped' '
	wait_until 10 "in_mempool C $H2" &&
	wait_until 10 "in_mempool A $H2"
'
test_expect_success 'mined on A, it is confirmed everywhere' '
	on A blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	wait_until 10 "same_tip A C" &&
	on C blockchain transaction $H2 | json "d[\"confirmations\"]" | grep -qx 1 &&
	test "$(on C blockchain mempool)" = "[]"
'
test_expect_success 'each store is consistent (node verify)' '
	on A node verify >/dev/null && on B node verify >/dev/null &&
	on C node verify >/dev/null
'

stop_node C
stop_node B
stop_node A
test_done
