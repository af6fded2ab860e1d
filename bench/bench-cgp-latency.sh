#!/bin/bash
# bench-cgp-latency.sh - latency of GET /blockchain/cgp and GET
# /blockchain/cgp/history on a 1,000-block and a 10,000-block local chain
# (tests/tools/mkchain), to show that neither grows with the chain (issue
# 13: the history reads one stored record per past interval, the state
# one record).  The history's reply itself grows with the number of
# intervals (10 and 100 rows); the figure per row is printed too.  Each
# figure is the median and the 99th percentile of 2,000 requests on one
# kept-alive connection.  Loopback only; prints figures, never fails.
#
#   bench/bench-cgp-latency.sh [ZEN-BINARY [MKCHAIN-BINARY]]
set -u

ZEN=${1:-./zen}
MKCHAIN=${2:-$(dirname "$ZEN")/tests/tools/mkchain}
. "$(dirname "$0")/bench-lib.sh"
for tool in "$ZEN" "$MKCHAIN"; do
	if ! [ -x "$tool" ]; then
		say "bench-cgp-latency: $tool is not an executable; skipped"
		exit 0
	fi
done
bench_tmp bench-cgp-latency

# latency PATH: "median p99" in microseconds over 2000 requests
latency() {
	python3 - "$PORT" "$1" <<'PY'
import http.client, sys, time
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
times = []
for i in range(2200):
    t = time.perf_counter()
    c.request("GET", sys.argv[2])
    r = c.getresponse()
    r.read()
    assert r.status == 200, r.status
    if i >= 200:		# warm-up
        times.append(time.perf_counter() - t)
times.sort()
print("%.0f %.0f" % (times[len(times) // 2] * 1e6, times[len(times) * 99 // 100] * 1e6))
PY
}

say "CGP reads, median and p99 of 2000 requests on one connection (us):"
have=1	# the genesis block
for blocks in 1000 10000; do
	"$MKCHAIN" "$TMP/data" $((blocks - have)) >/dev/null || { say "mkchain failed"; exit 0; }
	have=$blocks
	start_zen
	read -r cm cp <<<"$(latency /blockchain/cgp)"
	read -r hm hp <<<"$(latency /blockchain/cgp/history)"
	rows=$((blocks / 100 - 1))
	printf '  %6d blocks: /blockchain/cgp %6s %6s   /blockchain/cgp/history (%d rows) %6s %6s  (%.1f us/row)\n' \
		"$blocks" "$cm" "$cp" "$rows" "$hm" "$hp" "$(echo "$hm $rows" | awk '{print $1 / $2}')"
	kill -TERM "$ZEN_PID" && wait "$ZEN_PID" 2>/dev/null
	ZEN_PID=
done
