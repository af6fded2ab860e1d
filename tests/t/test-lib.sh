# test-lib.sh - black-box test helpers for zen, in the spirit of git's t/.
#
# Each tNNNN-*.sh script sources this file, states cases and ends with
# test_done.  Output is TAP, read by automake's tap-driver.
#
# The same case runs through every front: test_both runs a zen command
# locally (against a scratch data directory) and through --url against a
# `zen serve` started by start_server, and asserts that both give the
# expected exit code and output, and the same stderr.

set -u

: "${ZEN_BUILDDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${ZEN_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
ZEN="$ZEN_BUILDDIR/zen"
TEST_NAME=$(basename "$0" .sh)
TRASH=$(mktemp -d "${TMPDIR:-/tmp}/zen-$TEST_NAME.XXXXXX")
DATADIR="$TRASH/data"
test_count=0
test_failed=0
plan_done=
SERVER_PID=
SERVER_SHELL=	# $BASHPID of the shell that started it: only it can wait
ZEN_TEST_URL=
unset ZEN_URL ZEN_DATADIR

# json EXPR: evaluate a python expression over the JSON on stdin (as d)
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1]))" "$1"; }

# The EXIT trap.  A server still running here means the script ended
# before test_done (an exit, a Bail out!): it is checked all the same.
cleanup() {
	stop_server
	rm -rf "$TRASH"
}
trap cleanup EXIT

say() { printf '%s\n' "$*"; }

tap_result() {	# ok(0/1) title
	test_count=$((test_count + 1))
	if [ "$1" = 0 ]; then
		say "ok $test_count - $2"
	else
		test_failed=$((test_failed + 1))
		say "not ok $test_count - $2"
	fi
}

diag() { printf '%s\n' "$@" | sed 's/^/# /'; }

# test_expect_success TITLE SCRIPT: SCRIPT (eval'd) must exit 0.
test_expect_success() {
	local out
	out=$( (eval "$2") 2>&1 )
	local rc=$?
	tap_result $rc "$1"
	[ $rc = 0 ] || diag "$out"
}

# test_skip TITLE WHY: a case that cannot run here, reported as a TAP skip
# (counted apart from passes), never as a pass.
test_skip() {
	test_count=$((test_count + 1))
	say "ok $test_count - $1 # SKIP $2"
}

# Run zen, leaving stdout in $TRASH/out, stderr in $TRASH/err, exit in $rc.
run_zen() {
	"$ZEN" "$@" >"$TRASH/out" 2>"$TRASH/err" </dev/null
	rc=$?
}

zen_local() { run_zen --datadir "$DATADIR" "$@"; }
zen_remote() { run_zen --url "$ZEN_TEST_URL" "$@"; }

# check_run MODE TITLE WANT_RC WANT_OUT: compare the last run.
check_run() {
	local mode=$1 title=$2 want_rc=$3 want_out=$4 ok=0
	local got_out
	got_out=$(cat "$TRASH/out")
	[ "$rc" = "$want_rc" ] || ok=1
	if [ "$want_out" != "*" ] && [ "$got_out" != "$want_out" ]; then ok=1; fi
	# Errors are one lowercase-led line on stderr; success prints nothing there.
	if [ "$want_rc" = 0 ]; then
		[ -s "$TRASH/err" ] && ok=1
	else
		[ "$(wc -l <"$TRASH/err")" = 1 ] || ok=1
	fi
	tap_result $ok "$title ($mode)"
	if [ $ok != 0 ]; then
		diag "exit $rc, want $want_rc" "stdout: $got_out" "want:   $want_out" \
			"stderr: $(cat "$TRASH/err")"
	fi
}

# test_both TITLE WANT_RC WANT_STDOUT ZEN-ARGS...
# WANT_STDOUT "*" accepts any output.  Also requires the same stderr
# message locally and remotely.
test_both() {
	local title=$1 want_rc=$2 want_out=$3
	shift 3
	zen_local "$@"
	check_run local "$title" "$want_rc" "$want_out"
	cp "$TRASH/err" "$TRASH/err.local"
	if [ -n "$ZEN_TEST_URL" ]; then
		zen_remote "$@"
		check_run remote "$title" "$want_rc" "$want_out"
		if ! cmp -s "$TRASH/err" "$TRASH/err.local"; then
			tap_result 1 "$title (same error both ways)"
			diag "local:  $(cat "$TRASH/err.local")" "remote: $(cat "$TRASH/err")"
		fi
	fi
}

# test_error TITLE WANT_RC WANT_STDERR ZEN-ARGS...: exit code and exact
# stderr ("zen: ..."), locally and remotely.
test_error() {
	local title=$1 want_rc=$2 want_err=$3
	shift 3
	test_both "$title" "$want_rc" "" "$@"
	local got
	got=$(cat "$TRASH/err")
	[ "$got" = "$want_err" ]
	tap_result $? "$title (message)"
	[ "$got" = "$want_err" ] || diag "stderr: $got" "want:   $want_err"
}

# http METHOD PATH [BODY [CONTENT-TYPE [HEADER]]]: raw request to the
# server, with one more request header if given ("Accept: application/json"
# asks for JSON error bodies; without it errors are text); sets $status,
# $body and $ctype.
http() {
	local method=$1 path=$2 data=${3-} type=${4-application/json} header=${5-}
	local args=(-s -o "$TRASH/body" -D "$TRASH/headers" -w '%{http_code}' -X "$method")
	[ -n "$data" ] && args+=(-H "Content-Type: $type" --data-binary "$data")
	[ -n "$header" ] && args+=(-H "$header")
	status=$(curl "${args[@]}" "$ZEN_TEST_URL$path")
	body=$(cat "$TRASH/body")
	ctype=$(tr -d '\r' <"$TRASH/headers" | sed -n 's/^[Cc]ontent-[Tt]ype: //p')
}

# req METHOD PATH [BODY [CURL-ARGS...]]: one request to the server with any
# curl arguments; sets $status and $body and leaves the headers (CR
# stripped) in $TRASH/hdr.
req() {
	local method=$1 path=$2 data=${3-}
	shift 2; [ $# -gt 0 ] && shift
	local args=(-s -o "$TRASH/rbody" -D "$TRASH/rhdr" -w '%{http_code}' -X "$method" "$@")
	[ -n "$data" ] && args+=(-H "Content-Type: application/json" --data-binary "$data")
	status=$(curl "${args[@]}" "$ZEN_TEST_URL$path")
	body=$(cat "$TRASH/rbody")
	tr -d '\r' <"$TRASH/rhdr" >"$TRASH/hdr"
}
# header NAME: its value in the last req reply, names in any case.
header() { sed -n "s/^$1: //Ip" "$TRASH/hdr" | tail -n 1; }

# pool_disjoint [DIR]: no outpoint is spent by two mempool transactions of
# the data directory DIR (default $DATADIR).
pool_disjoint() {
	"$ZEN" --datadir "${1:-$DATADIR}" blockchain mempool | python3 -c '
import json, sys
seen = {}
for e in json.load(sys.stdin):
    for h, tx in e.items():
        for i in tx["inputs"]:
            if "outpoint" in i:
                k = (i["outpoint"]["txHash"], i["outpoint"]["index"])
                if k in seen:
                    sys.exit("%s:%d spent by %s and %s" % (k + (seen[k], h)))
                seen[k] = h
'
}

# test_http TITLE METHOD PATH WANT_STATUS WANT_BODY [BODY [TYPE [HEADER]]]
test_http() {
	local title=$1 method=$2 path=$3 want_status=$4 want_body=$5
	http "$method" "$path" "${6-}" "${7-application/json}" "${8-}"
	local ok=0
	[ "$status" = "$want_status" ] || ok=1
	if [ "$want_body" != "*" ] && [ "$body" != "$want_body" ]; then ok=1; fi
	tap_result $ok "$title (http)"
	[ $ok = 0 ] || diag "status $status, want $want_status" "body: $body" "want: $want_body"
}

# The local chain's genesis output belongs to the key of these words (its
# address ROOT, pk hash ROOT_PKH; wallet.json vectors); OTHER is an
# address no test wallet owns.
WORDS="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
ROOT=tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
ROOT_PKH=30759b07ca01caf8e524fc279946a1e96afc3546ee5f1fd4a1cfaf644763c2b4
GEN_TX=b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b9716420
GEN=100000000000	# the local genesis output, kalapas
OTHER=tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux

# on_tty ARGS...: zen's stdout as a terminal gets it (CR LF read as LF);
# stdin and stderr are not terminals.  Bounded: 60 seconds.
on_tty() {
	python3 - "$ZEN" "$@" <<-\EOF
	import os, pty, subprocess, sys
	master, slave = pty.openpty()
	p = subprocess.Popen(sys.argv[1:], stdout=slave, stdin=subprocess.DEVNULL)
	os.close(slave)
	out = b""
	while True:
	    try:
	        chunk = os.read(master, 4096)
	    except OSError:        # EIO: the child closed the terminal
	        break
	    if not chunk:
	        break
	    out += chunk
	rc = p.wait(timeout=60)
	sys.stdout.write(out.decode().replace("\r\n", "\n"))
	sys.exit(rc)
	EOF
}

# start_server [ARGS...]: zen serve on a free loopback port.  A server
# started inside a test case must be stopped inside it.  A server still
# running is stopped (and checked) first; if that fails, the new one is
# started all the same and 1 is returned.
start_server() {
	local earlier=0
	stop_server || earlier=1
	# A fresh log: the port line of an earlier server must not be read.
	rm -f "$TRASH/server.log"
	# peer-to-peer on loopback, a free port, no seeds: a test talks to
	# 127.0.0.0/8 only, whatever the chain (zen(1), PEER-TO-PEER NETWORK)
	"$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 --threads 2 \
		--listen 127.0.0.1:0 --no-seeds "$@" \
		2>"$TRASH/server.log" &
	SERVER_PID=$!
	SERVER_SHELL=$BASHPID
	local i=0 port=
	while [ $i -lt 300 ]; do
		port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$TRASH/server.log" 2>/dev/null)
		[ -n "$port" ] && break
		kill -0 $SERVER_PID 2>/dev/null || break
		sleep 0.1
		i=$((i + 1))
	done
	if [ -z "$port" ]; then
		say "Bail out! zen serve did not start: $(cat "$TRASH/server.log")"
		exit 1
	fi
	ZEN_TEST_URL="http://127.0.0.1:$port"
	return $earlier
}

# What a sanitizer writes on stderr when it finds something.
SANITIZER_REPORT='(Address|Leak|Thread|Memory|UndefinedBehavior)Sanitizer|runtime error:'

# server_ended_ok RC WANT_RC LOG: 0 if a server exited with WANT_RC and its
# log (stderr) holds no sanitizer report; else 1, the reason and the log
# on stderr.
server_ended_ok() {
	local rc=$1 want=$2 log=$3 why=
	[ "$rc" = "$want" ] || why="exit status $rc, want $want"
	if grep -Eq "$SANITIZER_REPORT" "$log" 2>/dev/null; then
		why="${why:+$why; }a sanitizer report in its log"
	fi
	[ -z "$why" ] && return 0
	printf 'zen serve: %s\n' "$why" >&2
	tail -n 80 "$log" >&2 2>/dev/null
	return 1
}

# wait_pid PID: wait for a child to end, at most ZEN_STOP_TIMEOUT seconds
# (default 60) before a SIGKILL; returns its exit status.  A zombie still
# answers kill -0, so /proc tells whether it has ended.
wait_pid() {
	local pid=$1 i=0 stat limit=$((${ZEN_STOP_TIMEOUT:-60} * 10))
	while [ $i -lt $limit ]; do
		stat=
		read -r stat 2>/dev/null <"/proc/$pid/stat"
		case ${stat##*) } in ''|Z*|X*) break ;; esac
		sleep 0.1
		i=$((i + 1))
	done
	if [ $i -ge $limit ]; then
		echo "pid $pid did not stop within ${ZEN_STOP_TIMEOUT:-60} s: killed" >&2
		kill -KILL "$pid" 2>/dev/null
	fi
	wait "$pid" 2>/dev/null
}

# stop_pid PID LOG [SIGNAL]: stop a server started by hand (SIGTERM by
# default) and check its end as server_ended_ok does (exit 0).
stop_pid() {
	local rc
	kill -"${3:-TERM}" "$1" 2>/dev/null
	wait_pid "$1"; rc=$?
	server_ended_ok $rc 0 "$2"
}

# stop_server [SIGNAL]: stop the server of start_server (SIGTERM by
# default); it must exit 0 with no sanitizer report in its log.  Inside a
# test case a failure returns 1 (chain it with &&); at the top level of a
# script the verdict is a TAP line of its own, so a server that ends badly
# is never silent.  A server started by the script cannot be stopped from
# inside a test case (a subshell cannot wait for it): that is an error.
stop_server() {
	local pid=$SERVER_PID out ok=0
	[ -n "$pid" ] || return 0
	if [ "$SERVER_SHELL" != "$BASHPID" ]; then
		echo "stop_server: the server was started outside this test case; stop it there" >&2
		return 1
	fi
	SERVER_PID=
	if [ "$BASHPID" != "$$" ]; then
		stop_pid "$pid" "$TRASH/server.log" "${1:-TERM}"
		return
	fi
	# not in $(...): only this shell can wait for the server
	stop_pid "$pid" "$TRASH/server.log" "${1:-TERM}" 2>"$TRASH/stop.err" || ok=1
	out=$(cat "$TRASH/stop.err")
	if [ -n "$plan_done" ]; then
		# no TAP line may follow the plan
		[ $ok = 0 ] || { say "Bail out! zen serve ended badly after the plan"; diag "$out"; }
	else
		tap_result $ok "zen serve stopped by SIG${1:-TERM}: exit 0, no sanitizer report"
		[ $ok = 0 ] || diag "$out"
	fi
	return $ok
}

# kill_server_hard: SIGKILL the server on purpose (crash tests).  It must
# die of that signal (not earlier of something else), and its log must
# hold no sanitizer report.  Returns 1 if not, the reason on stderr.
kill_server_hard() {
	local pid=$SERVER_PID rc
	[ -n "$pid" ] || return 0
	if [ "$SERVER_SHELL" != "$BASHPID" ]; then
		echo "kill_server_hard: the server was started outside this test case" >&2
		return 1
	fi
	SERVER_PID=
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null; rc=$?
	server_ended_ok $rc 137 "$TRASH/server.log"
}

# test_done: stop the server (a TAP line of its own), then the plan.
test_done() {
	stop_server
	plan_done=1
	say "1..$test_count"
	[ "$test_failed" = 0 ]
	exit $?
}
