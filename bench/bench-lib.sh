# bench-lib.sh - what the shell benchmarks share; sourced, not run.

say() { printf '%s\n' "$*"; }

# wrk_seconds: ZEN_BENCH_HTTP_SECONDS, default 10, kept within 1..12 so
# that a whole benchmark stays under a minute.
wrk_seconds() {
	local s=${ZEN_BENCH_HTTP_SECONDS:-10}
	case $s in ''|*[!0-9]*) s=10;; esac
	[ "$s" -lt 1 ] && s=1
	[ "$s" -gt 12 ] && s=12
	echo "$s"
}

# zen_port LOG PID: the port `zen serve` (process PID, stderr in LOG)
# announces, waiting up to 10 s; empty if it stopped or never said.
zen_port() {
	local log=$1 pid=$2 port= _
	for _ in $(seq 100); do
		port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$log" | head -1)
		[ -n "$port" ] && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	echo "$port"
}

# start_nginx CTYPE PROBE [DIRECTIVES]: nginx (binary $NGINX, 2 workers)
# serving $TMP/www on $HOST at a free port with Content-Type CTYPE and
# extra http-level DIRECTIVES; it is up when PROBE (a path) answers
# exactly the file under $TMP/www.  Sets NGINX_URL (empty when it did not
# start: the reason is in $TMP/nginx/logs/error.log) and NGINX_PID.
start_nginx() {
	local ctype=$1 probe=$2 extra=${3-} attempt port _
	NGINX_URL= NGINX_PID=
	mkdir -p "$TMP/nginx/logs" "$TMP/nginx/tmp"
	for attempt in 1 2 3 4 5; do
		port=$((20000 + (RANDOM * 7 + attempt) % 40000))
		cat >"$TMP/nginx/nginx.conf" <<CONF
worker_processes 2;
daemon off;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx/logs/error.log warn;
events { worker_connections 1024; }
http {
	access_log off;
	keepalive_requests 1000000;
	$extra
	client_body_temp_path $TMP/nginx/tmp/body;
	proxy_temp_path $TMP/nginx/tmp/proxy;
	fastcgi_temp_path $TMP/nginx/tmp/fastcgi;
	uwsgi_temp_path $TMP/nginx/tmp/uwsgi;
	scgi_temp_path $TMP/nginx/tmp/scgi;
	types { }
	default_type "$ctype";
	server {
		listen $HOST:$port;
		root $TMP/www;
	}
}
CONF
		"$NGINX" -p "$TMP/nginx/" -e "$TMP/nginx/logs/error.log" \
			-c "$TMP/nginx/nginx.conf" 2>>"$TMP/nginx/start.log" &
		NGINX_PID=$!
		for _ in $(seq 50); do
			kill -0 "$NGINX_PID" 2>/dev/null || break
			if curl -s -o "$TMP/nginx.body" "http://$HOST:$port$probe" &&
			   cmp -s "$TMP/nginx.body" "$TMP/www${probe%%\?*}"; then
				NGINX_URL="http://$HOST:$port"
				return 0
			fi
			sleep 0.1
		done
		kill -QUIT "$NGINX_PID" 2>/dev/null && wait "$NGINX_PID" 2>/dev/null
		NGINX_PID=
	done
}

# bench_tmp NAME: a scratch directory in TMP, removed at exit with the
# processes LOAD_PID, ZEN_PID and NGINX_PID (those set) stopped first.
bench_tmp() {
	BENCH=$1
	TMP=$(mktemp -d "${TMPDIR:-/tmp}/zen-$1.XXXXXX")
	LOAD_PID= ZEN_PID= NGINX_PID=
	trap bench_cleanup EXIT
	trap 'exit 130' INT TERM
}
bench_cleanup() {
	[ -n "$LOAD_PID" ] && kill "$LOAD_PID" 2>/dev/null && wait "$LOAD_PID" 2>/dev/null
	[ -n "$ZEN_PID" ] && kill -TERM "$ZEN_PID" 2>/dev/null && wait "$ZEN_PID" 2>/dev/null
	[ -n "$NGINX_PID" ] && kill -QUIT "$NGINX_PID" 2>/dev/null && wait "$NGINX_PID" 2>/dev/null
	rm -rf "$TMP"
}

# start_zen [SERVE-ARGS...]: zen serve ($ZEN) on $TMP/data at a free port
# of ${HOST:-127.0.0.1}, stderr in $TMP/zen.log.  Sets ZEN_PID, PORT and
# ZEN_URL; when it does not start, says why and ends the benchmark (exit
# 0: a benchmark that cannot run is skipped, not failed).
start_zen() {
	"$ZEN" --datadir "$TMP/data" serve --bind "${HOST:-127.0.0.1}:0" "$@" \
		2>"$TMP/zen.log" &
	ZEN_PID=$!
	PORT=$(zen_port "$TMP/zen.log" "$ZEN_PID")
	if [ -z "$PORT" ]; then
		say "$BENCH: zen serve did not start: $(cat "$TMP/zen.log")"
		exit 0
	fi
	ZEN_URL="http://${HOST:-127.0.0.1}:$PORT"
}
