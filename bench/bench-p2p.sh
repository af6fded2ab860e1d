#!/bin/bash
# bench-p2p.sh - the peer-to-peer node's figures (issue 15), on loopback
# only; every node started here is stopped on exit.  Prints figures,
# never fails on a target.
#
#  1. initial download: a fresh node downloads BLOCKS blocks (10000, made
#     by tests/tools/mkchain) from a node that has them, beside
#     bench-import connecting the very same blocks from memory into a
#     fresh store (the local baseline); the ratio download/local speed
#     (goal: 0.8 or better);
#  2. propagation: four nodes in a line, B dials A, C dials B, D dials C;
#     a block mined on A (through its API), the milliseconds until D has
#     connected it, three hops away, from the nodes' own log lines; the
#     median and the worst of RUNS blocks (goal: under 50 ms);
#  3. GET /blockchain/info: p50 and p99 of 2000 requests on one kept-alive
#     connection, alone and with 100 test peers connected (zpeer.py); the
#     ratio (goal: within 10%).
#
#   bench/bench-p2p.sh [ZEN [MKCHAIN [BENCH-IMPORT]]]
#   ZEN_BENCH_P2P_BLOCKS   blocks of the download (default 10000)
#   ZEN_BENCH_RUNS         blocks of the propagation figure (default 10)
#   ZEN_BENCH_P2P_PARTS    which figures (default "1 2 3")
set -u

ZEN=${1:-./zen}
BUILD=$(dirname "$ZEN")
MKCHAIN=${2:-$BUILD/tests/tools/mkchain}
IMPORT=${3:-$BUILD/bench/bench-import}
SRC=$(cd "$(dirname "$0")/.." && pwd)
ZPEER="$SRC/tests/t/zpeer.py"
BLOCKS=${ZEN_BENCH_P2P_BLOCKS:-10000}
RUNS=${ZEN_BENCH_RUNS:-10}
case $RUNS in ''|*[!0-9]*) RUNS=10;; esac
OTHER=tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9
PARTS=${ZEN_BENCH_P2P_PARTS:-1 2 3}
say() { printf '%s\n' "$*"; }
part() { case " $PARTS " in *" $1 "*) return 0;; esac; return 1; }

for tool in "$ZEN" "$MKCHAIN" "$IMPORT"; do
	if ! [ -x "$tool" ]; then
		say "bench-p2p: $tool is not an executable; skipped"
		exit 0
	fi
done
if ! command -v curl >/dev/null 2>&1; then
	say "bench-p2p: curl is not installed; skipped"
	exit 0
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/zen-bench-p2p.XXXXXX")
PIDS=
cleanup() {
	for pid in $PIDS; do kill -TERM "$pid" 2>/dev/null; done
	wait 2>/dev/null
	if [ -n "${ZEN_BENCH_KEEP:-}" ]; then
		echo "bench-p2p: kept $TMP" >&2
	else
		rm -rf "$TMP"
	fi
}
trap cleanup EXIT

# node NAME [ARGS]: zen serve on free loopback ports; NAME_URL, NAME_P2P.
node() {
	local name=$1 log="$TMP/$1.log" http= p2p= _
	shift
	"$ZEN" --datadir "$TMP/$name" serve --bind 127.0.0.1:0 --threads 2 \
		--listen 127.0.0.1:0 --no-seeds "$@" 2>"$log" &
	PIDS="$PIDS $!"
	for _ in $(seq 100); do
		http=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$log" | head -1)
		p2p=$(sed -n 's|.*tcp://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$log" | head -1)
		[ -n "$http" ] && [ -n "$p2p" ] && break
		sleep 0.1
	done
	eval "${name}_URL=http://127.0.0.1:$http ${name}_P2P=127.0.0.1:$p2p"
}
# blocks_of NAME: its block count.  curl and sed, cheap: the poll runs
# beside the download it times, on the same two cores (a zen client and a
# python3 every 50 ms took a fifth of a core from it).
blocks_of() {
	curl -s "$(eval echo \$$1_URL)/blockchain/info" |
		sed -n 's/.*"blocks":\([0-9]*\).*/\1/p'
}
conns_of() { "$ZEN" --url "$(eval echo \$$1_URL)" network connections; }
now() { date +%s.%N; }

# ---- 1. the initial download ------------------------------------------------
if part 1; then
say "bench-p2p: initial download of $BLOCKS blocks"
"$MKCHAIN" "$TMP/A" "$BLOCKS" >/dev/null
local_line=$("$IMPORT" "$TMP/A" "$TMP/L")
local_s=${local_line##* }
node A
t0=$(now)
node D --connect "$A_P2P"
while [ "$(blocks_of D)" != $((BLOCKS + 1)) ]; do
	sleep 0.02
	awk -v a="$(now)" -v b="$t0" "BEGIN { exit !(a - b > 600) }" &&
		{ say "  (gave up after 600 s)"; break; }
done
t1=$(now)
python3 - "$BLOCKS" "$local_s" "$t0" "$t1" <<'PY'
import sys
n, local, t0, t1 = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
ibd = t1 - t0
print("  local connect (bench-import): %8.0f blocks/s  (%.2f s)" % (n / local, local))
print("  download from a peer:         %8.0f blocks/s  (%.2f s, from start)" % (n / ibd, ibd))
print("  ratio download/local:         %8.2f  (goal >= 0.8)" % (local / ibd))
PY
for pid in $PIDS; do kill -TERM "$pid" 2>/dev/null; done
wait 2>/dev/null
PIDS=

fi

# ---- 2. propagation over three hops --------------------------------------------
if part 2; then
say "bench-p2p: propagation of a block over three hops ($RUNS blocks)"
node P
node Q --connect "$P_P2P"
node R --connect "$Q_P2P"
node S --connect "$R_P2P"
for _ in $(seq 100); do
	[ "$(conns_of Q)" = 2 ] && [ "$(conns_of R)" = 2 ] &&
		[ "$(conns_of S)" = 1 ] && break
	sleep 0.1
done
for _ in $(seq "$RUNS"); do
	h=$("$ZEN" --url "$P_URL" blockchain mine --blocks 1 --address $OTHER |
		python3 -c 'import json,sys; print(json.load(sys.stdin)[0])')
	for _ in $(seq 200); do
		grep -q "$h connected" "$TMP/S.log" && break
		sleep 0.02
	done
	echo "$h"
done >"$TMP/hashes"
python3 - "$TMP/P.log" "$TMP/S.log" "$TMP/hashes" <<'PY'
import datetime, sys
def times(path):
    out = {}
    for line in open(path):
        p = line.split()
        if len(p) >= 5 and p[2] == "block" and p[-1] == "connected":
            t = datetime.datetime.strptime(p[0], "%Y-%m-%dT%H:%M:%S.%fZ")
            out[p[4]] = t
    return out
a, d = times(sys.argv[1]), times(sys.argv[2])
ms = sorted((d[h] - a[h]).total_seconds() * 1000
            for h in open(sys.argv[3]).read().split() if h in a and h in d)
if not ms:
    print("  (no block reached the fourth node)")
else:
    print("  A to D: median %.0f ms, worst %.0f ms over %d blocks (goal < 50 ms)"
          % (ms[len(ms) // 2], ms[-1], len(ms)))
PY
for pid in $PIDS; do kill -TERM "$pid" 2>/dev/null; done
wait 2>/dev/null
PIDS=

fi

# ---- 3. /blockchain/info beside 100 peers --------------------------------------
part 3 || exit 0
say "bench-p2p: GET /blockchain/info alone and with 100 peers"
node I
cat >"$TMP/info.py" <<'PY'
import http.client, sys, time
host, port = sys.argv[1].split("//")[1].split(":")
c = http.client.HTTPConnection(host, int(port))
lat = []
for _ in range(2000):
    t = time.perf_counter()
    c.request("GET", "/blockchain/info")
    c.getresponse().read()
    lat.append((time.perf_counter() - t) * 1e6)
lat.sort()
print("%.0f %.0f" % (lat[len(lat) // 2], lat[len(lat) * 99 // 100]))
PY
cat >"$TMP/peers.py" <<'PY'
import select, sys, time
sys.path.insert(0, sys.argv[1])
import zpeer
host, port = sys.argv[2].rsplit(":", 1)
peers = []
for _ in range(100):
    p = zpeer.Peer.dial(host, int(port))
    p.handshake()
    peers.append(p)
end = time.monotonic() + float(sys.argv[3])
while time.monotonic() < end:
    r, _, _ = select.select([p.conn.sock for p in peers], [], [], 0.5)
    for p in peers:
        if p.conn.sock in r:
            try:
                m = p.recv(1)
                if m.get("name"):
                    p.answer(m)
            except Exception:
                pass
PY
alone=$(python3 "$TMP/info.py" "$I_URL")
python3 "$TMP/peers.py" "$SRC/tests/t" "$I_P2P" 60 &
PEERS_PID=$!
PIDS="$PIDS $PEERS_PID"
for _ in $(seq 200); do
	[ "$(conns_of I)" = 100 ] && break
	sleep 0.1
done
with=$(python3 "$TMP/info.py" "$I_URL")
peers=$(conns_of I)
python3 - "$alone" "$with" "$peers" <<'PY'
import sys
a50, a99 = map(float, sys.argv[1].split())
w50, w99 = map(float, sys.argv[2].split())
print("  alone:          p50 %6.0f us  p99 %6.0f us" % (a50, a99))
print("  with %3s peers: p50 %6.0f us  p99 %6.0f us" % (sys.argv[3], w50, w99))
print("  ratio p50 %.2f, p99 %.2f (goal <= 1.10)" % (w50 / a50, w99 / a99))
PY
