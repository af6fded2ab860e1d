# p2p-lib.sh - several zen nodes on loopback for the peer-to-peer tests
# (tests/t/t1000-p2p-*.sh), sourced after test-lib.sh.
#
# start_node NAME [ARGS...] runs `zen serve` for the data directory
# $TRASH/NAME on free loopback ports (HTTP and P2P, both port 0: the
# kernel picks them, so no test can collide with another) and sets
# NAME_PID, NAME_URL (http://...), NAME_P2P (127.0.0.1:PORT) and
# NAME_LOG.  Nodes are started and stopped at the top level of a script
# (a test case's subshell cannot wait for them); stop_node checks the
# exit as stop_server does.  Every wait is bounded (wait_until).

TESTTX="$ZEN_BUILDDIR/tests/tools/testtx"
MKCHAIN="$ZEN_BUILDDIR/tests/tools/mkchain"
ZPEER="$ZEN_SRCDIR/tests/t/zpeer.py"
NODES=

# node_port LOG WHAT: the port of the "WHAT://127.0.0.1:PORT" in LOG.
node_port() {	# LOG SCHEME: the port it listens on (127.0.0.1 or [::1])
	sed -n "s#.*$2://\(127\.0\.0\.1\|\[::1\]\):\([0-9]*\).*#\2#p" "$1" 2>/dev/null |
		head -n 1
}

start_node() {
	local name=$1 log="$TRASH/$1.log" i=0 http= p2p= listen=--listen=127.0.0.1:0
	shift
	mkdir -p "$TRASH/$name"
	case " $* " in
	*" --no-listen "*) listen=--no-listen ;;
	*" --listen "*|*" --listen="*) listen= ;;	# the caller's own
	esac
	"$ZEN" --datadir "$TRASH/$name" serve --bind 127.0.0.1:0 --threads 2 \
		$listen --no-seeds "$@" 2>"$log" &
	eval "${name}_PID=$!"
	eval "${name}_LOG=\$log"
	while [ $i -lt 300 ]; do
		http=$(node_port "$log" http)
		p2p=$(node_port "$log" tcp)
		[ -n "$http" ] && { [ -n "$p2p" ] || grep -q "not listening" "$log"; } &&
			break
		kill -0 "$(eval echo \$${name}_PID)" 2>/dev/null || break
		sleep 0.1
		i=$((i + 1))
	done
	if [ -z "$http" ]; then
		say "Bail out! node $name did not start: $(cat "$log")"
		exit 1
	fi
	eval "${name}_URL=http://127.0.0.1:$http"
	eval "${name}_P2P=127.0.0.1:$p2p"
	NODES="$NODES $name"
}

# stop_node NAME: SIGTERM, exit 0, no sanitizer report; a TAP line.
stop_node() {
	local pid log
	pid=$(eval echo "\${$1_PID:-}")
	log="$TRASH/$1.log"
	[ -n "$pid" ] || return 0
	eval "$1_PID="
	stop_pid "$pid" "$log" 2>"$TRASH/stop.err"
	tap_result $? "node $1 stopped by SIGTERM: exit 0, no sanitizer report"
	[ -s "$TRASH/stop.err" ] && diag "$(cat "$TRASH/stop.err")"
	NODES=$(echo "$NODES" | sed "s/ $1\b//")
	return 0
}

# The EXIT trap stops what is left (a script that ended early).
p2p_cleanup() {
	for n in $NODES; do
		pid=$(eval echo "\${${n}_PID:-}")
		[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait_pid "$pid"
	done
	cleanup
}
trap p2p_cleanup EXIT

# on NAME ZEN-ARGS...: zen --url NAME's URL.
on() {
	local url
	url=$(eval echo "\$$1_URL")
	shift
	"$ZEN" --url "$url" "$@"
}

# wait_until SECONDS COMMAND: run COMMAND (eval'd) every 0.1 s until it
# succeeds; 1 when SECONDS pass first.
wait_until() {
	local limit=$(($1 * 10)) i=0
	shift
	while [ $i -lt $limit ]; do
		eval "$*" >/dev/null 2>&1 && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "not within $((limit / 10)) s: $*" >&2
	return 1
}

tip_of() { on "$1" blockchain info | json 'd["tip"]'; }
blocks_of() { on "$1" blockchain info | json 'd["blocks"]'; }
conns_of() { on "$1" network connections; }
same_tip() { [ "$(tip_of "$1")" = "$(tip_of "$2")" ]; }
# in_mempool NAME HASH
in_mempool() { on "$1" blockchain mempool | grep -q "$2"; }
