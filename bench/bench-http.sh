#!/bin/bash
# bench-http.sh - HTTP requests per second of `zen serve` under wrk (64
# connections, 2 threads) for GET /blockchain/blockreward?blockNumber=10
# (and /blockchain/info when the node answers it with 200), beside nginx
# serving the very same reply bytes as a static file (2 workers, its own
# prefix, pid and logs in a temporary directory).  Loopback only; every
# process started here is stopped on exit.  Prints figures, never fails
# on a target.
#
#   bench/bench-http.sh [ZEN-BINARY]
#   ZEN_BENCH_HTTP_SECONDS   seconds per wrk run (default 10; at most 12,
#                            so that the whole run stays under 60 s)
set -u

ZEN=${1:-./zen}
. "$(dirname "$0")/bench-lib.sh"
SECS=$(wrk_seconds)
CONNS=64
THREADS=2
HOST=127.0.0.1

if ! [ -x "$ZEN" ]; then
	say "bench-http: $ZEN is not an executable (build zen first)"
	exit 0
fi
if ! command -v wrk >/dev/null 2>&1; then
	say "bench-http: wrk is not installed (apt-get install wrk); skipped"
	exit 0
fi

bench_tmp bench-http

# requests/s of one wrk run against URL ("" if wrk failed).
run_wrk() {
	timeout $((SECS + 15)) wrk -t$THREADS -c$CONNS -d${SECS}s --latency "$1" \
		>"$TMP/wrk.out" 2>&1
	sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$TMP/wrk.out"
}

# Non-2xx answers wrk counted, for the record.
wrk_errors() {
	sed -n 's/^ *Non-2xx or 3xx responses: *\([0-9]*\).*/\1/p' "$TMP/wrk.out"
}

# --- zen serve --------------------------------------------------------------
start_zen

# fetch NAME PATH: the reply body and Content-Type of zen; prints the status.
fetch() {
	curl -s -o "$TMP/$1.body" -D "$TMP/$1.headers" -w '%{http_code}' "$ZEN_URL$2"
}

PATHS=("/blockchain/blockreward?blockNumber=10")
NAMES=(blockreward)
status=$(fetch blockreward "${PATHS[0]}")
if [ "$status" != 200 ]; then
	say "bench-http: GET ${PATHS[0]} answered $status; skipped"
	exit 0
fi
info_status=$(fetch info /blockchain/info)
if [ "$info_status" = 200 ]; then
	PATHS+=("/blockchain/info")
	NAMES+=(info)
fi

say "bench-http: wrk -t$THREADS -c$CONNS -d${SECS}s on loopback, $(nproc) core(s)"
[ "$info_status" = 200 ] ||
	say "  (/blockchain/info answered $info_status: not measured)"
declare -A ZEN_RPS NGINX_RPS
for i in "${!PATHS[@]}"; do
	rps=$(run_wrk "$ZEN_URL${PATHS[$i]}")
	ZEN_RPS[$i]=$rps
	errs=$(wrk_errors)
	say "  zen serve   GET ${PATHS[$i]}: ${rps:-failed} requests/s${errs:+ ($errs non-2xx)}"
done

# --- nginx, the same bytes as static files ----------------------------------
NGINX=$(command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; })
if [ -z "$NGINX" ]; then
	say "  nginx is not installed (apt-get install nginx-light): no comparison"
	exit 0
fi
mkdir -p "$TMP/nginx/logs" "$TMP/nginx/tmp" "$TMP/www/blockchain"
for i in "${!PATHS[@]}"; do
	file=${PATHS[$i]%%\?*}
	cp "$TMP/${NAMES[$i]}.body" "$TMP/www$file"
done
ctype=$(tr -d '\r' <"$TMP/blockreward.headers" | sed -n 's/^[Cc]ontent-[Tt]ype: //p' | head -1)
# nginx workers drop to an unprivileged user when started as root: let
# them read the files.
chmod 755 "$TMP" "$TMP/www" "$TMP/www/blockchain"
chmod 644 "$TMP"/www/blockchain/*

start_nginx "${ctype:-application/json}" "${PATHS[0]}"
if [ -z "$NGINX_URL" ]; then
	say "  nginx did not start: $(tail -3 "$TMP/nginx/logs/error.log" "$TMP/nginx/start.log" 2>/dev/null)"
	exit 0
fi
if ! cmp -s "$TMP/nginx.body" "$TMP/blockreward.body"; then
	say "  warning: nginx does not serve the same bytes as zen"
fi
for i in "${!PATHS[@]}"; do
	rps=$(run_wrk "$NGINX_URL${PATHS[$i]}")
	NGINX_RPS[$i]=$rps
	say "  nginx (2 workers, static file) ${PATHS[$i]%%\?*}: ${rps:-failed} requests/s"
done
for i in "${!PATHS[@]}"; do
	z=${ZEN_RPS[$i]:-} n=${NGINX_RPS[$i]:-}
	if [ -n "$z" ] && [ -n "$n" ]; then
		say "ratio zen / nginx, ${PATHS[$i]}: $(awk -v z="$z" -v n="$n" 'BEGIN { printf "%.3f", z / n }')"
	fi
done
