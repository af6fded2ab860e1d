#!/bin/bash
# Addresses (p2p.md 8; issue 15): a node with --external-address
# advertises itself to the peer it dials, which relays and serves it
# (GetAddresses); a node with --addnode learns it and dials it by itself;
# the address book survives a restart; --no-listen dials without
# listening; the options' errors.
. "$(dirname "$0")/test-lib.sh"
. "$(dirname "$0")/p2p-lib.sh"

# a free loopback port (for a node that must know its own beforehand)
free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
addresses_of() { python3 "$ZPEER" "$1" addresses; }

start_node Y
PX=$(free_port)
start_node X --listen 127.0.0.1:$PX --external-address 127.0.0.1:$PX \
	--connect "$Y_P2P"
test_expect_success 'X dials Y and tells it its address; Y serves it' '
	test "$X_P2P" = "127.0.0.1:$PX" &&
	wait_until 10 "[ \"\$(conns_of X)\" -ge 1 ]" &&
	wait_until 10 "addresses_of $Y_P2P | grep -q 127.0.0.1:$PX"
'
test_expect_success 'Addresses entries are host:port and a timestamp (ms)' '
	addresses_of "$Y_P2P" >"$TRASH/a" &&
	json "all(set(e) == {\"address\", \"timestamp\"} and e[\"timestamp\"] > 1500000000000 for e in d)" <"$TRASH/a" | grep -qx True
'
start_node Z --addnode "$Y_P2P"
test_expect_success 'Z, told only of Y, learns X from it and dials it' '
	wait_until 20 "[ \"\$(conns_of Z)\" = 2 ]" &&
	on Z network peers >"$TRASH/p" &&
	json "sorted(p[\"address\"] for p in d if not p[\"inbound\"])" <"$TRASH/p" >"$TRASH/out" &&
	grep -q "127.0.0.1:$PX" "$TRASH/out" && grep -q "$Y_P2P" "$TRASH/out"
'
test_expect_success 'a block mined on Z reaches X and Y' '
	on Z blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	wait_until 10 "same_tip Z X" && wait_until 10 "same_tip Z Y"
'
stop_node Z
start_node Z
test_expect_success 'the address book survives a restart: Z dials X and Y again' '
	wait_until 20 "[ \"\$(conns_of Z)\" -ge 1 ]" &&
	on Z network peers | grep -q "127.0.0.1:$PX"
'
stop_node Z

# --connect from zen.conf: one line a peer, each counts.
mkdir -p "$TRASH/V"
printf 'connect = %s\nconnect = 127.0.0.1:1\n' "$Y_P2P" >"$TRASH/V/zen.conf"
start_node V --log-level debug
test_expect_success 'connect lines of zen.conf: each is dialled' '
	wait_until 10 "[ \"\$(conns_of V)\" = 1 ]" &&
	grep -q "p2p: dialling $Y_P2P (named)" "$V_LOG" &&
	grep -q "p2p: dialling 127.0.0.1:1 (named)" "$V_LOG"
'
stop_node V

start_node W --no-listen --connect "$Y_P2P"
test_expect_success '--no-listen: no listening socket, the dialled peer works' '
	grep -q "p2p: not listening" "$W_LOG" &&
	wait_until 10 "[ \"\$(conns_of W)\" = 1 ]" &&
	wait_until 10 "same_tip W Y"
'
stop_node W

# --no-seeds on the main chain: nothing is dialled (the seeds are on the
# internet: this test only checks that none is tried).
test_expect_success '--no-seeds --no-listen on main: nothing dialled' '
	"$ZEN" --chain main --datadir "$TRASH/m" serve --bind 127.0.0.1:0 \
		--threads 1 --no-listen --no-seeds --log-level debug \
		2>"$TRASH/m.log" & pid=$! &&
	wait_until 10 "grep -q \"p2p: not listening\" $TRASH/m.log" &&
	sleep 1 && kill -TERM $pid && wait $pid &&
	! grep -q "p2p: dialling" "$TRASH/m.log"
'

test_expect_success 'bad peer-to-peer options: exit 2, one line' '
	for args in "--listen nowhere" "--listen 127.0.0.1:99999" \
		"--no-listen --listen 127.0.0.1:1" "--connect nohost" \
		"--connect 127.0.0.1:0" "--addnode a:b" \
		"--connect 127.0.0.1:1 --addnode 127.0.0.1:2" \
		"--external-address example.org:1" "--max-peers 100001"; do
		"$ZEN" --datadir "$TRASH/bad" serve --bind 127.0.0.1:0 $args \
			>/dev/null 2>"$TRASH/e"
		rc=$?
		[ $rc = 2 ] && [ "$(wc -l <"$TRASH/e")" = 1 ] ||
			{ echo "$args: exit $rc: $(cat "$TRASH/e")"; exit 1; }
	done
'
test_expect_success 'an explicit --listen on a port in use: exit 2' '
	"$ZEN" --datadir "$TRASH/busy" serve --bind 127.0.0.1:0 \
		--listen "$Y_P2P" >/dev/null 2>"$TRASH/e"
	test $? = 2 && grep -q "cannot listen on $Y_P2P (p2p)" "$TRASH/e"
'
test_expect_success 'the default listener per chain (p2p.md 8.6), in zen config show' '
	for c in "main 0.0.0.0:9655" "test 0.0.0.0:29555" "local 127.0.0.1:10000"; do
		set -- $c
		v=$("$ZEN" --chain $1 --datadir "$TRASH/cfg-$1" config show --json |
			json "d[\"listen\"][\"value\"]")
		[ "$v" = "$2" ] || { echo "$1: $v"; exit 1; }
	done
'
# The local chain's default (127.0.0.1:10000), when that port is free here.
if python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1', 10000))" 2>/dev/null; then
	test_expect_success 'a local node without --listen listens on 127.0.0.1:10000' '
		"$ZEN" --datadir "$TRASH/dflt" serve --bind 127.0.0.1:0 --threads 1 \
			--no-seeds >/dev/null 2>"$TRASH/dflt.log" & pid=$! &&
		wait_until 10 "grep -q \"p2p: listening\" $TRASH/dflt.log" &&
		kill -TERM $pid && wait $pid &&
		grep -q "p2p: listening on tcp://127.0.0.1:10000 " "$TRASH/dflt.log"
	'
else
	test_skip 'a local node without --listen listens on 127.0.0.1:10000' \
		'port 10000 is taken on this machine'
fi
stop_node X
stop_node Y
test_done
