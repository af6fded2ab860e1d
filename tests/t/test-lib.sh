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
SERVER_PID=
ZEN_TEST_URL=
unset ZEN_URL ZEN_DATADIR

# json EXPR: evaluate a python expression over the JSON on stdin (as d)
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1]))" "$1"; }

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

# http METHOD PATH [BODY [CONTENT-TYPE]]: raw request to the server;
# sets $status, $body and $ctype.
http() {
	local method=$1 path=$2 data=${3-} type=${4-application/json}
	local args=(-s -o "$TRASH/body" -D "$TRASH/headers" -w '%{http_code}' -X "$method")
	[ -n "$data" ] && args+=(-H "Content-Type: $type" --data-binary "$data")
	status=$(curl "${args[@]}" "$ZEN_TEST_URL$path")
	body=$(cat "$TRASH/body")
	ctype=$(tr -d '\r' <"$TRASH/headers" | sed -n 's/^[Cc]ontent-[Tt]ype: //p')
}

# test_http TITLE METHOD PATH WANT_STATUS WANT_BODY [BODY [TYPE]]
test_http() {
	local title=$1 method=$2 path=$3 want_status=$4 want_body=$5
	http "$method" "$path" "${6-}" "${7-application/json}"
	local ok=0
	[ "$status" = "$want_status" ] || ok=1
	if [ "$want_body" != "*" ] && [ "$body" != "$want_body" ]; then ok=1; fi
	tap_result $ok "$title (http)"
	[ $ok = 0 ] || diag "status $status, want $want_status" "body: $body" "want: $want_body"
}

# start_server [ARGS...]: zen serve on a free loopback port.
start_server() {
	# A fresh log: the port line of an earlier server must not be read.
	rm -f "$TRASH/server.log"
	"$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 --threads 2 "$@" \
		2>"$TRASH/server.log" &
	SERVER_PID=$!
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
}

stop_server() {
	if [ -n "$SERVER_PID" ]; then
		kill -TERM "$SERVER_PID" 2>/dev/null
		wait "$SERVER_PID" 2>/dev/null
		SERVER_PID=
	fi
}

test_done() {
	say "1..$test_count"
	[ "$test_failed" = 0 ]
	exit $?
}
