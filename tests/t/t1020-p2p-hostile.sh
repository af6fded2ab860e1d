#!/bin/bash
# Hostile peers (issue 15), each from its own loopback address
# (tests/t/p2p-hostile.py on top of the test peer zpeer.py): garbage
# before the greeting, malformed messages, oversized frames, a header
# without proof of work, an invalid block, unsolicited blocks, floods.
# Each ends as designed (zen(1): a score of 100 bans the address for a
# day; malformed traffic scores 50 and closes the connection), the node
# keeps serving, and its chain does not change.  Then the ban list
# through the API and the CLI, and --max-peers.
. "$(dirname "$0")/test-lib.sh"
. "$(dirname "$0")/p2p-lib.sh"

HOSTILE="$ZEN_SRCDIR/tests/t/p2p-hostile.py"
"$MKCHAIN" "$TRASH/A" 20 >/dev/null
start_node A
TIP=$(tip_of A)

# peer N CASE [ARGS]: p2p-hostile.py from 127.0.0.N against A, JSON in
# $TRASH/r; field F: a field of it
peer() {
	local n=$1
	shift
	python3 "$HOSTILE" 127.0.0.$n "$A_P2P" "$@" >"$TRASH/r"
}
field() { json "d.get(\"$1\")" <"$TRASH/r"; }
banned() { on A network banned | json "[b[\"address\"] for b in d]" | grep -q "'$1'"; }
reason() { on A network banned | json "[b[\"reason\"] for b in d if b[\"address\"] == \"$1\"][0]"; }
unchanged() { [ "$(tip_of A)" = "$TIP" ] && [ "$(blocks_of A)" = 21 ]; }

test_expect_success 'a well-behaved peer handshakes' '
	peer 1 handshake && test "$(field helloAck)" = HelloAck
'
test_expect_success 'garbage before the greeting: closed, score 50, not banned yet' '
	peer 2 garbage && test "$(field closed)" = True &&
	! banned 127.0.0.2 && unchanged
'
test_expect_success 'garbage again: banned' '
	peer 2 garbage && test "$(field closed)" = True &&
	banned 127.0.0.2 && test "$(reason 127.0.0.2)" = "garbage before the greeting"
'
test_expect_success 'a banned address is cut at once' '
	peer 2 handshake; test "$(field closed)" = True
'
test_expect_success 'a bad envelope: UnknownMessage(0), closed' '
	peer 3 malformed "$(printf "hello world" | od -An -tx1 | tr -d " \n")" &&
	test "$(field closed)" = True &&
	json "\"UnknownMessage\" in d[\"replies\"]" <"$TRASH/r" | grep -qx True &&
	! banned 127.0.0.3
'
test_expect_success 'an unknown message id: closed, and the second one bans' '
	peer 3 malformed ebf513 && test "$(field closed)" = True &&
	banned 127.0.0.3 && test "$(reason 127.0.0.3)" = "unknown message id 19"
'
test_expect_success 'a truncated Hello-sized message, then a chunk of 2^31: banned' '
	peer 4 malformed ebf5010000 && test "$(field closed)" = True &&
	! banned 127.0.0.4 &&
	peer 4 malformed ebf50d800000007b7b7b7b && test "$(field closed)" = True &&
	banned 127.0.0.4 && unchanged
'
test_expect_success 'an oversized frame (2^33 bytes): closed before it is read' '
	peer 5 oversized-frame && test "$(field closed)" = True &&
	! banned 127.0.0.5 && unchanged
'
test_expect_success 'a message of two frames is dropped, the peer stays' '
	peer 6 multi-frame && test "$(field closed)" = False &&
	test "$(field pongs)" = 1
'
test_expect_success 'a header without proof of work: banned, nothing asked' '
	peer 7 bad-pow && test "$(field closed)" = True &&
	! json "\"GetBlock\" in d[\"replies\"]" <"$TRASH/r" | grep -q True &&
	banned 127.0.0.7 && unchanged
'
test_expect_success 'an invalid block that was asked for: banned, not stored' '
	peer 8 bad-block "$TIP" && test "$(field asked)" = True &&
	test "$(field closed)" = True && banned 127.0.0.8 &&
	h=$(field hash) && unchanged &&
	{ on A blockchain block --hash "$h" >/dev/null 2>&1; test $? = 3; }
'
test_expect_success 'a block nobody asked for is dropped; the peer scores 5 and stays' '
	peer 9 unsolicited && test "$(field closed)" = False &&
	test "$(field pongs)" = 1 && ! banned 127.0.0.9 && unchanged
'
test_expect_success 'a flood of unsolicited transactions: banned' '
	peer 10 flood 1000 "ebf506000000010000000c43617074636861204469656d" &&
	test "$(field closed)" = True && banned 127.0.0.10 &&
	test "$(on A blockchain mempool)" = "[]"
'
test_expect_success 'a flood of announcements over the rate: banned' '
	peer 11 flood 20000 "ebf50500000020$(printf "%064d" 5)" &&
	test "$(field closed)" = True && banned 127.0.0.11 &&
	test "$(reason 127.0.0.11)" = "message flood"
'
test_expect_success 'through it all the node served and its chain is unchanged' '
	unchanged && peer 1 handshake && test "$(field helloAck)" = HelloAck &&
	on A node verify >/dev/null
'

# The ban list by hand: through the API, and from another process on
# the same data directory (the node reads the list every 5 seconds).
test_expect_success 'network ban through the node: the address is cut' '
	on A network ban 127.0.0.12 60 >"$TRASH/b" &&
	test "$(json "d[\"address\"]" <"$TRASH/b")" = 127.0.0.12 &&
	peer 12 handshake; test "$(field closed)" = True
'
test_expect_success 'network unban: the address may come back' '
	on A network unban 127.0.0.12:9655 >/dev/null &&
	peer 12 handshake && test "$(field helloAck)" = HelloAck &&
	! banned 127.0.0.12
'
test_expect_success 'unbanning an address that is not banned: exit 3' '
	{ on A network unban 127.0.0.99 2>"$TRASH/e"; test $? = 3; } &&
	grep -q "address not banned" "$TRASH/e"
'
test_expect_success 'bad addresses and durations are refused (exit 2)' '
	{ on A network ban nowhere 2>/dev/null; test $? = 2; } &&
	{ on A network ban 127.0.0.14 0 2>/dev/null; test $? = 2; }
'
test_expect_success 'a ban made locally reaches the running node' '
	"$ZEN" --datadir "$TRASH/A" network ban 127.0.0.13 60 >/dev/null &&
	banned 127.0.0.13 &&
	wait_until 10 "peer 13 handshake; test \"\$(field closed)\" = True"
'
test_expect_success 'the ban list is kept in the data directory' '
	"$ZEN" --datadir "$TRASH/A" network banned >"$TRASH/bl" &&
	json "sorted(b[\"address\"] for b in d)" <"$TRASH/bl" | grep -q "127.0.0.13"
'
stop_node A

# --max-peers: the second inbound peer is turned away at its Hello.
start_node M --max-peers 1
test_expect_success '--max-peers 1: a second inbound peer is refused' '
	{ python3 "$HOSTILE" 127.0.0.20 "$M_P2P" hold 4 >"$TRASH/h1" & } &&
	wait_until 10 "[ \"\$(conns_of M)\" = 1 ]" &&
	python3 "$HOSTILE" 127.0.0.21 "$M_P2P" handshake >"$TRASH/r";
	test "$(field closed)" = True && test "$(conns_of M)" = 1 &&
	wait
'
stop_node M
test_done
