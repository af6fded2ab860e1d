#!/bin/bash
# Serving and downloading the chain (issue 15): the test peer zpeer.py
# (written from p2p.md alone) handshakes with zen serve and fetches the
# tip, the headers batch after batch and every block, checking their
# hashes and links; a fresh node D downloads A's 2100 blocks (two batches
# of headers, p2p.md 7.3); a peer that announces a far tip and then never
# answers is dropped after the stall timeout, and the chain is unchanged.
. "$(dirname "$0")/test-lib.sh"
. "$(dirname "$0")/p2p-lib.sh"

HOSTILE="$ZEN_SRCDIR/tests/t/p2p-hostile.py"
"$MKCHAIN" "$TRASH/A" 2100 >/dev/null
start_node A
TIP=$(tip_of A)

test_expect_success 'zpeer: handshake (ZMTP/2.0 greeting of the reference)' '
	python3 "$ZPEER" "$A_P2P" handshake >"$TRASH/h" &&
	test "$(json "(d[\"greeting\"][\"revision\"], d[\"greeting\"][\"socketType\"], d[\"helloAck\"][\"network\"])" <"$TRASH/h")" = "(1, 19, 1002)"
'
test_expect_success 'zpeer: the tip is A s' '
	python3 "$ZPEER" "$A_P2P" tip >"$TRASH/t" &&
	json "d[\"hash\"] == \"$TIP\" and d[\"blockNumber\"] == 2101" <"$TRASH/t" | grep -qx True
'
test_expect_success 'zpeer: all 2101 headers in full batches, linked' '
	python3 "$ZPEER" "$A_P2P" headers >"$TRASH/hs" &&
	json "(d[\"count\"], d[\"linked\"], d[\"headers\"][-1][\"hash\"] == \"$TIP\")" <"$TRASH/hs" | grep -qx "(2101, True, True)"
'
test_expect_success 'zpeer: every block, its hash checked' '
	python3 "$ZPEER" --timeout 30 "$A_P2P" blocks >"$TRASH/bs" &&
	json "(d[\"count\"], d[\"hashesOk\"], d[\"tip\"] == \"$TIP\")" <"$TRASH/bs" | grep -qx "(2101, True, True)"
'
test_expect_success 'zpeer: one block by hash, and an unknown one gets no reply' '
	python3 "$ZPEER" "$A_P2P" block "$TIP" >/dev/null &&
	! python3 "$ZPEER" --timeout 2 "$A_P2P" block "$(printf "%064d" 1)" >/dev/null 2>&1
'

start_node D --connect "$A_P2P"
test_expect_success 'a fresh node downloads the 2100 blocks' '
	wait_until 120 "[ \"\$(blocks_of D)\" = 2101 ]" && same_tip A D
'
# The front logs the end of the download before it publishes the state
# that /blockchain/info reads (at the end of its loop's turn): wait for it.
# A download that begins before the front's first look at the store
# starts at block 1 (the genesis it has), else at block 2: both are right.
ibd_over() {
	on D blockchain info >"$TRASH/i" &&
	[ "$(json '(d["headers"], d["initialBlockDownload"])' <"$TRASH/i")" = "(2101, False)" ]
}
test_expect_success 'it did so as the initial block download, which ended' '
	{ grep -q "initial block download from $A_P2P: blocks [12] to 2101" "$D_LOG" &&
	wait_until 5 "grep -q \"initial block download done (the peer.s tip: block 2101)\" $D_LOG" &&
	wait_until 5 ibd_over; } ||
	{ grep -i "download\|p2p" "$D_LOG" | head -20; cat "$TRASH/i"; false; }
'
test_expect_success 'D s store is consistent' 'on D node verify >/dev/null'
stop_node D

# A peer that says it is 1000 blocks ahead and then never answers; while
# E waits for it, F (600 blocks of its own) dials E: once the staller is
# dropped, E asks everyone's tip again and downloads F's chain.
"$MKCHAIN" "$TRASH/F" 600 >/dev/null
start_node E
python3 "$HOSTILE" 127.0.0.5 "$E_P2P" stall >"$TRASH/s" &
STALL=$!
test_expect_success 'a stalling peer: the download starts and waits' '
	wait_until 10 "on E blockchain info | json \"(d[\\\"initialBlockDownload\\\"], d[\\\"headers\\\"])\" | grep -qx \"(True, 1000)\"" &&
	script -qec "$ZEN --url $E_URL blockchain info" /dev/null | tr -d "\r" >"$TRASH/tty" &&
	grep -qx "initialBlockDownload: true" "$TRASH/tty" &&
	grep -qx "downloading: block 1 of 1000 (0.1%)" "$TRASH/tty"
'
start_node F --connect "$E_P2P"
test_expect_success 'F s tip does not interrupt the download under way' '
	wait_until 10 "[ \"\$(conns_of F)\" = 1 ]" &&
	test "$(blocks_of E)" = 1
'
wait $STALL
test_expect_success 'after 10 s without an answer the staller is dropped' '
	test "$(json "d[\"closed\"]" <"$TRASH/s")" = True &&
	json "d[\"after\"] >= 9 and \"GetHeaders\" in d[\"asked\"]" <"$TRASH/s" | grep -qx True
'
test_expect_success 'and E downloads from F instead' '
	wait_until 60 "same_tip E F" && test "$(blocks_of E)" = 601 &&
	on E blockchain info | json "d[\"initialBlockDownload\"]" | grep -qx False
'
stop_node F
stop_node E
stop_node A
test_done
