#!/bin/bash
# The log of zen serve (issue 18): every line "TIME LEVEL message" with an
# ISO 8601 UTC time to the millisecond; the levels filter; one line per
# HTTP request at debug with the method, the path and the names (never the
# values) of its query, the status, the body's bytes and microseconds; no
# password, mnemonic, api token or body ever; blocks connected and a
# reorganisation at info; --log-file reopened on SIGHUP after logrotate
# moved it; bad log options refused before anything starts.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast

LOG="$TRASH/zen.log"
STAMP='[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z'
SECRET='pw-Secret-7c1f'	# the wallet password: never in the log
TOKEN=0123456789abcdef0123456789abcdef	# the api token: never in the log
z() { "$ZEN" --datadir "$DATADIR" "$@"; }
printf '%s\n' "$SECRET" >"$TRASH/pw"
printf '%s\n' "$WORDS" >"$TRASH/words"
printf '%s\n' "$TOKEN" >"$TRASH/token"

# serve_logged LEVEL [ARGS...]: start_server's server logging to $LOG at
# LEVEL; ready once its pid file is there (written once it listens) and,
# at info and debug, its "serving" line, which has the port
serve_logged() {
	local level=$1 i=0
	shift
	rm -f "$LOG" "$TRASH/pid"
	"$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 --threads 2 \
		--log-level "$level" --log-file "$LOG" --pid-file "$TRASH/pid" "$@" \
		2>"$TRASH/server.log" &
	SERVER_PID=$! SERVER_SHELL=$BASHPID
	while [ $i -lt 100 ] && kill -0 $SERVER_PID 2>/dev/null; do
		if [ -s "$TRASH/pid" ]; then
			case $level in error|warn) break ;; esac
			grep -q "http://" "$LOG" 2>/dev/null && break
		fi
		sleep 0.1; i=$((i + 1))
	done
	ZEN_TEST_URL="http://127.0.0.1:$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$LOG" 2>/dev/null)"
}
# lines LEVEL: the log's lines at LEVEL
lines() { grep -E "^$STAMP $1 " "$LOG"; }

test_expect_success 'setup: a wallet' '
	z wallet import --words-file "$TRASH/words" --password-file "$TRASH/pw" >/dev/null
'

# ---- debug: one line per request -------------------------------------------
serve_logged debug --api-token-file "$TRASH/token"
req GET "/blockchain/info"; INFO_BYTES=${#body}
req GET "/blockchain/blocks?blockNumber=1&take=1"
req POST "/wallet/checkpassword?password=$SECRET-q" "{\"password\":\"$SECRET\"}" \
	-H "Authorization: Bearer $TOKEN"; PW_STATUS=$status
req POST "/wallet/mnemonicphrase" "{\"password\":\"$SECRET\"}" \
	-H "Authorization: Bearer $TOKEN"
req GET "/no/such/route?key=$SECRET-r"
stop_server
test_expect_success 'every line: an ISO 8601 UTC time, a level, a message' '
	test -s "$LOG" &&
	! grep -Ev "^$STAMP (error|warn|info|debug) [^ ]" "$LOG"
'
test_expect_success 'the times are UTC and now (within a minute)' '
	python3 -c "
import datetime, sys
now = datetime.datetime.now(datetime.timezone.utc)
for line in open(sys.argv[1]):
    t = datetime.datetime.strptime(line[:23], \"%Y-%m-%dT%H:%M:%S.%f\")
    t = t.replace(tzinfo=datetime.timezone.utc)
    assert abs((now - t).total_seconds()) < 60, line
" "$LOG"
'
test_expect_success 'info: start and stop' '
	lines info | grep -q " serving the local chain on http://127.0.0.1:" &&
	lines info | grep -q " SIGTERM received, stopping$" &&
	lines info | tail -n 1 | grep -q " stopped$"
'
test_expect_success 'debug: GET /blockchain/info, its status, bytes and time' '
	lines debug | grep -Eq " GET /blockchain/info 200 $INFO_BYTES bytes [0-9]+ us$"
'
test_expect_success 'debug: the names of the query, not its values' '
	lines debug | grep -Eq " GET /blockchain/blocks\?blockNumber&take 200 [0-9]+ bytes [0-9]+ us$" &&
	lines debug | grep -Eq " GET /no/such/route\?key 400 [0-9]+ bytes [0-9]+ us$"
'
test_expect_success 'debug: the wallet calls are logged ...' '
	test "$PW_STATUS" = 200 &&
	lines debug | grep -Eq " POST /wallet/checkpassword\?password 200 [0-9]+ bytes [0-9]+ us$" &&
	lines debug | grep -Eq " POST /wallet/mnemonicphrase 200 [0-9]+ bytes [0-9]+ us$"
'
test_expect_success '... without the password, the words or the api token' '
	! grep -q "$SECRET" "$LOG" && ! grep -q "$TOKEN" "$LOG" &&
	! grep -qi "muffin" "$LOG" && ! grep -qi "bearer $TOKEN" "$LOG"
'

# ---- the levels --------------------------------------------------------------
serve_logged info
req GET "/blockchain/info"
stop_server
test_expect_success 'info: no request lines' '
	lines info | grep -q " serving " && ! lines debug
'
serve_logged warn
stop_server
test_expect_success 'warn: nothing at info (the start) or below' '
	! lines info && ! lines debug
'
serve_logged error
stop_server
test_expect_success 'error: an ordinary start and stop log nothing' '
	test ! -s "$LOG"
'
test_expect_success 'the level from zen.conf (log-level = debug)' '
	printf "log-level = debug\n" >"$DATADIR/zen.conf"
	rm -f "$LOG"
	"$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 --log-file "$LOG" \
		>/dev/null 2>"$TRASH/server.log" &
	pid=$! i=0
	while ! grep -q "http://" "$LOG" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	port=$(sed -n "s|.*http://127\.0\.0\.1:\([0-9]*\).*|\1|p" "$LOG")
	curl -s "http://127.0.0.1:$port/blockchain/info" >/dev/null
	rm -f "$DATADIR/zen.conf"
	stop_pid $pid "$TRASH/server.log" &&
	grep -Eq "^$STAMP debug GET /blockchain/info 200 " "$LOG"
'

# ---- blocks and a reorganisation at info --------------------------------------
B="$TRASH/b"
test_expect_success 'setup: another node with a longer branch' '
	"$ZEN" --datadir "$B" blockchain mine --blocks 3 --address $OTHER >/dev/null
'
serve_logged info
test_expect_success 'a block mined here: connected, at info' '
	"$ZEN" --url "$ZEN_TEST_URL" blockchain mine --blocks 1 --address $ROOT >/dev/null &&
	H=$(z blockchain info | json "d[\"blocks\"]") &&
	lines info | grep -Eq " block $H [0-9a-f]{64} connected$"
'
test_expect_success 'the longer branch published: a reorganisation, at info' '
	"$ZEN" --datadir "$B" blockchain blocks --take 3 |
		json "\"\\n\".join(b[\"rawBlock\"] for b in reversed(d))" >"$TRASH/bb" &&
	while read -r blk; do
		"$ZEN" --url "$ZEN_TEST_URL" blockchain publishblock "$blk" >/dev/null || exit 1
	done <"$TRASH/bb" &&
	T=$("$ZEN" --datadir "$B" blockchain info | json "d[\"tip\"]") &&
	lines info | grep -Eq " reorganisation: 1 disconnected, 2 connected, tip 3 [0-9a-f]{64}$" &&
	lines info | grep -q " block 4 $T connected$"
'
stop_server

# ---- SIGHUP: the file reopened after logrotate moved it ------------------------
serve_logged debug
req GET "/blockchain/info?before=1"
test_expect_success 'SIGHUP after mv: a new file; the old one keeps the old lines' '
	mv "$LOG" "$LOG.1" &&
	kill -HUP $SERVER_PID && i=0 &&
	while [ ! -s "$LOG" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done &&
	curl -s "$ZEN_TEST_URL/blockchain/info?after=1" >/dev/null &&
	sleep 0.2 &&
	lines info | grep -q " SIGHUP received: log reopened$" &&
	lines debug | grep -q " GET /blockchain/info?after 200 " &&
	! grep -q "before" "$LOG" &&
	grep -q "GET /blockchain/info?before 200 " "$LOG.1" &&
	! grep -q "after" "$LOG.1"
'
test_expect_success 'and the server goes on serving' '
	curl -sf "$ZEN_TEST_URL/blockchain/info" >/dev/null
'
stop_server

# ---- bad options: nothing starts ---------------------------------------------
test_expect_success 'an unknown level: exit 2 before anything starts' '
	"$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 --log-level verbose \
		2>"$TRASH/e"; test $? = 2 &&
	test "$(cat "$TRASH/e")" = "zen: invalid logLevel '"'"'verbose'"'"' (error, warn, info or debug)"
'
test_expect_success 'a log file that cannot be opened: exit 2' '
	"$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 \
		--log-file "$TRASH/no/such/dir/zen.log" 2>"$TRASH/e"; test $? = 2 &&
	grep -q "^zen: cannot open $TRASH/no/such/dir/zen.log: No such file or directory$" "$TRASH/e"
'
test_done
