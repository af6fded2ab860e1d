#!/bin/bash
# The peer-to-peer front's keep-alive (p2p.md 3.6: a Ping after 60 s
# without a Pong, the connection closed 20 s after an unanswered one),
# its limit on bytes a peer leaves unread (16 MiB: requests wait until a
# Pong proves the peer read them), and IPv6.  For the keep-alive the
# timers run 20 times faster (ZEN_NET_CLOCK_RATE=20: 60 s is 3 s, 20 s is
# 1 s); the unread limit is seen at the real pace (a Pong is due 20 s
# after the node's Ping).
. "$(dirname "$0")/test-lib.sh"
. "$(dirname "$0")/p2p-lib.sh"

HOSTILE="$ZEN_SRCDIR/tests/t/p2p-hostile.py"
"$MKCHAIN" "$TRASH/A" 2100 >/dev/null
peer() {	# N CASE ARGS...: the hostile peer from 127.0.0.N, JSON in $TRASH/r
	local n=$1
	shift
	python3 "$HOSTILE" 127.0.0.$n "$A_P2P" "$@" >"$TRASH/r"
}
field() { json "d.get(\"$1\")" <"$TRASH/r"; }

start_node A
GENESIS=$(on A blockchain headers --block-number 1 --take 1 | json "d[0][\"hash\"]")
test_expect_success '16 MiB unread: the requests past it wait for a Pong, then are served' '
	peer 4 unread 100 $GENESIS &&
	json "d[\"beforeBytes\"]" <"$TRASH/r" >"$TRASH/bytes" &&
	test "$(field before)" -ge 80 && test "$(field before)" -lt 100 &&
	test "$(cat "$TRASH/bytes")" -ge $((16 << 20)) &&
	test "$(cat "$TRASH/bytes")" -lt $(((16 << 20) + 2 * 200000)) &&
	test "$(field held)" = 0 &&
	test $(( $(field before) + $(field after) )) = 100
'
test_expect_success '... and that peer was not punished: not banned' '
	! on A network banned | grep -q 127.0.0.4
'
stop_node A

export ZEN_NET_CLOCK_RATE=20
start_node A

test_expect_success 'a silent peer gets a Ping after 60 s, and is closed 20 s later' '
	peer 1 silent 12 &&
	test "$(field closed)" = True &&
	json "len(d[\"pings\"]) == 1 and 2.0 <= d[\"pings\"][0] <= 5.0" <"$TRASH/r" | grep -qx True &&
	json "0.5 <= d[\"after\"] - d[\"pings\"][0] <= 3.0" <"$TRASH/r" | grep -qx True
'
test_expect_success 'a peer that answers is pinged every 60 s and kept' '
	peer 2 hold 8 && test "$(field closed)" = False &&
	test "$(json "d[\"replies\"].count(\"Ping\")" <"$TRASH/r")" -ge 2
'
test_expect_success 'the node kept serving: a fresh peer handshakes' '
	peer 3 handshake && test "$(field helloAck)" = HelloAck
'
stop_node A

start_node B --listen "[::1]:0"
V6PORT=$(node_port "$B_LOG" tcp)
test_expect_success 'IPv6: a node listening on [::1] is reached over IPv6' '
	test -n "$V6PORT" && grep -q "listening on tcp://\[::1\]:$V6PORT" "$B_LOG" &&
	python3 "$HOSTILE" ::1 "[::1]:$V6PORT" handshake >"$TRASH/r" &&
	test "$(field helloAck)" = HelloAck
'
start_node C --connect "[::1]:$V6PORT"
test_expect_success 'IPv6: a node dials [::1]:PORT with --connect; both count the peer' '
	wait_until 10 "[ \"\$(on C network connections)\" = 1 ] && [ \"\$(on B network connections)\" = 1 ]" &&
	on C network peers | json "d[0][\"address\"]" | grep -qx "\[::1\]:$V6PORT"
'
stop_node C
stop_node B
test_done
