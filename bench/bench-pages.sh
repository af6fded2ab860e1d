#!/bin/bash
# bench-pages.sh - requests per second of `zen serve` on kept-alive
# connections (wrk -t2 at -c64 and -c256, -t1 at -c1) for three replies, each
# beside nginx serving the very same bytes from a file (2 workers, its own
# prefix, pid and logs in a temporary directory):
#
#   GET /blockchain/headers?take=100     about 25 KB
#   GET /blockchain/blocks?take=N        about 1 MB (N blocks of the chain)
#   GET /blockchain/info                 about 200 bytes
#
# and the ratio zen / nginx per case (issue 14's goals: 0.8 for the pages,
# 0.95 for info).  At -c1 both servers and wrk share core 0 (below).  The chain is 2100 blocks that tests/tools/mkchain makes
# in seconds.  The zen and nginx runs of a case alternate; with
# ZEN_BENCH_RUNS=N (default 1, at most 5) each figure is the median of N
# runs.  Loopback only; every process started here is stopped on exit.
# Prints figures, never fails on a target.
#
#   bench/bench-pages.sh [ZEN-BINARY [MKCHAIN-BINARY]]
#   ZEN_BENCH_HTTP_SECONDS   seconds per wrk run (default 10, at most 12)
#   ZEN_BENCH_RUNS           runs per figure (default 1)
set -u

ZEN=${1:-./zen}
MKCHAIN=${2:-$(dirname "$ZEN")/tests/tools/mkchain}
. "$(dirname "$0")/bench-lib.sh"
SECS=$(wrk_seconds)
RUNS=${ZEN_BENCH_RUNS:-1}
case $RUNS in ''|*[!0-9]*) RUNS=1;; esac
[ "$RUNS" -lt 1 ] && RUNS=1
[ "$RUNS" -gt 5 ] && RUNS=5
HOST=127.0.0.1
BLOCKS=2100
PAGE_BLOCKS=1900

for tool in "$ZEN" "$MKCHAIN"; do
	if ! [ -x "$tool" ]; then
		say "bench-pages: $tool is not an executable (make check builds" \
			"tests/tools/mkchain); skipped"
		exit 0
	fi
done
for tool in wrk curl; do
	if ! command -v $tool >/dev/null 2>&1; then
		say "bench-pages: $tool is not installed; skipped"
		exit 0
	fi
done
NGINX=$(command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; })
if [ -z "$NGINX" ]; then
	say "bench-pages: nginx is not installed (apt-get install nginx-light); skipped"
	exit 0
fi

bench_tmp bench-pages

if ! "$MKCHAIN" "$TMP/data" $BLOCKS >/dev/null 2>"$TMP/err"; then
	say "bench-pages: cannot make the chain: $(cat "$TMP/err")"
	exit 0
fi
start_zen --max-connections 1000 --max-connections-per-address 1000

PATHS=("/blockchain/headers?take=100" "/blockchain/blocks?take=$PAGE_BLOCKS"
       "/blockchain/info")
GOALS=(0.8 0.8 0.95)
mkdir -p "$TMP/nginx/logs" "$TMP/nginx/tmp" "$TMP/www/blockchain"
for p in "${PATHS[@]}"; do
	code=$(curl -s -o "$TMP/www${p%%\?*}" -w '%{http_code}' "$ZEN_URL$p")
	if [ "$code" != 200 ]; then
		say "bench-pages: GET $p answered $code; skipped"
		exit 0
	fi
done
# nginx workers drop to an unprivileged user when started as root
chmod 755 "$TMP" "$TMP/www" "$TMP/www/blockchain"
chmod 644 "$TMP"/www/blockchain/*

start_nginx application/json "${PATHS[0]}" "sendfile on; tcp_nopush on;"
if [ -z "$NGINX_URL" ]; then
	say "bench-pages: nginx did not start: $(tail -3 "$TMP/nginx/logs/error.log" "$TMP/nginx/start.log" 2>/dev/null)"
	exit 0
fi

# At -c1 a figure is one request's round trip.  On a virtual machine a
# server and a client on two cores wake each other through the hypervisor
# (some 50 us a turn, for nginx as for zen), so the figure would say where
# the scheduler put them; at -c1 both servers and wrk run on core 0
# (taskset, when it is there).
PIN=
command -v taskset >/dev/null 2>&1 && PIN=0
ALL_CPUS=0-$(($(nproc) - 1))
pin() {	# CPUS: zen's and nginx's threads onto CPUS
	local p
	[ -n "$PIN" ] || return 0
	for p in "$ZEN_PID" "$NGINX_PID" $(pgrep -P "$NGINX_PID"); do
		taskset -a -p -c "$1" "$p" >/dev/null 2>&1
	done
}

# rps URL CONNS: requests/s of one wrk run ("" if wrk failed or saw
# non-2xx answers or socket errors).
rps() {
	local run=()
	[ "$2" = 1 ] && [ -n "$PIN" ] && run=(taskset -c "$PIN")
	# wrk needs a connection per thread at least
	timeout $((SECS + 15)) "${run[@]}" wrk -t$(($2 < 2 ? 1 : 2)) -c"$2" \
		-d"${SECS}s" "$1" >"$TMP/wrk.out" 2>&1
	if grep -Eq 'Non-2xx|Socket errors' "$TMP/wrk.out"; then
		return
	fi
	sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$TMP/wrk.out"
}
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }

say "bench-pages: wrk -d${SECS}s keep-alive on loopback, $(nproc) core(s)," \
	"median of $RUNS run(s); nginx 2 workers serving the same bytes${PIN:+;}" \
	"${PIN:+-c1 with both servers and wrk on core 0}"
for i in "${!PATHS[@]}"; do
	p=${PATHS[$i]}
	size=$(wc -c <"$TMP/www${p%%\?*}")
	for c in 1 64 256; do
		zs=() ns=()
		[ $c = 1 ] && pin "${PIN:-0}"
		for _ in $(seq "$RUNS"); do
			zs+=("$(rps "$ZEN_URL$p" $c)")
			ns+=("$(rps "$NGINX_URL$p" $c)")
		done
		[ $c = 1 ] && pin "$ALL_CPUS"
		z=$(median "${zs[@]}") n=$(median "${ns[@]}")
		ratio=?
		if [ -n "$z" ] && [ -n "$n" ]; then
			ratio=$(awk -v z="$z" -v n="$n" 'BEGIN { printf "%.2f", z / n }')
		fi
		say "  GET $p ($size bytes) -c$c: zen ${z:-failed}/s," \
			"nginx ${n:-failed}/s, ratio $ratio (goal ${GOALS[$i]})"
	done
done
