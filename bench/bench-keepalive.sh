#!/bin/bash
# bench-keepalive.sh - latency of a reply larger than one TCP segment on a
# kept-alive connection: GET /blockchain/headers?take=100 (about 25 KB)
# thirty times over one connection, median and worst in ms.  A reply that
# waits for Nagle's algorithm and the client's delayed ACK takes about
# 40 ms; zen sets TCP_NODELAY, so it should take well under one.
# Loopback only; prints figures, never fails on a target.
#
#   bench/bench-keepalive.sh [ZEN-BINARY]
set -u

ZEN=${1:-./zen}
. "$(dirname "$0")/bench-lib.sh"
MINER=tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9

if ! [ -x "$ZEN" ] || ! command -v python3 >/dev/null 2>&1; then
	say "bench-keepalive: needs $ZEN and python3; skipped"
	exit 0
fi
bench_tmp bench-keepalive

if ! "$ZEN" --datadir "$TMP/data" blockchain mine --blocks 150 --address "$MINER" \
		>/dev/null 2>"$TMP/err"; then
	say "bench-keepalive: cannot mine: $(cat "$TMP/err")"
	exit 0
fi
start_zen
python3 - "$PORT" <<'PY'
import http.client, sys, time
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
ts = []
for i in range(30):
    t = time.monotonic()
    c.request("GET", "/blockchain/headers?take=100")
    r = c.getresponse()
    body = r.read()
    ts.append((time.monotonic() - t) * 1000)
ts.sort()
print("bench-keepalive: GET /blockchain/headers?take=100 (%d bytes), one "
      "kept-alive connection, 30 requests: median %.2f ms, worst %.2f ms "
      "(about 40 ms when a reply waits for a delayed ACK)"
      % (len(body), ts[len(ts) // 2], ts[-1]))
PY
