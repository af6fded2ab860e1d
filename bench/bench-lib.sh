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
