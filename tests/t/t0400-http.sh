#!/bin/bash
# The HTTP front: routing, methods, status codes, error bodies, limits,
# Host checking and a clean stop.
. "$(dirname "$0")/test-lib.sh"
start_server

test_http 'unknown path' GET /no/such/thing 400 'unmatched request'
test_http 'unknown path, as json' GET /no/such/thing 400 '{"error":"unmatched request","code":2}' \
	'' '' 'Accept: application/json'
test_http 'known path, wrong method' POST /blockchain/blockreward 400 \
	'{"error":"unmatched request","code":2}' '{"blockNumber":1}' application/json \
	'Accept: text/plain, application/json;q=0.9'
test_http 'PUT is not allowed' PUT /blockchain/blockreward 405 ''
test_http 'DELETE is not allowed' DELETE /blockchain/info 405 ''
test_http 'OPTIONS is accepted (CORS preflight)' OPTIONS /blockchain/blockreward 202 ''
test_http 'root path' GET / 400 'unmatched request'
# A browser's cross-origin "simple" posts never reach a handler: 415.
test_http 'a urlencoded form post is 415' POST /wallet/send 415 \
	'only application/json ContentType is supported' 'password=x' application/x-www-form-urlencoded
test_http 'a multipart form post is 415' POST /wallet/checkpassword 415 \
	'only application/json ContentType is supported' 'x' 'multipart/form-data; boundary=b'
test_http 'a text/plain post is 415' POST /blockchain/publishblock 415 \
	'only application/json ContentType is supported' '{"block":"00"}' text/plain
# The reference's clients poll the peer count; a node without peers says 0.
test_http 'peer count: a JSON number, 0 without peers' GET /network/connections/count 200 '0'
test_expect_success 'peer count: its content type is application/json' 'test "$ctype" = application/json'
test_both 'zen network connections' 0 '0' network connections
test_http 'paths are case-sensitive' GET '/Blockchain/blockreward?blockNumber=1' 400 \
	'unmatched request'
test_http 'local-only commands have no route' GET /tx/decode 400 \
	'unmatched request'

# A worker keeps the validated arguments of its last GET (route.c): over
# one keep-alive connection, so one worker, queries that alternate, a bad
# one among them, answer as each does on a connection of its own.
test_expect_success 'GETs that alternate on one connection answer as alone' '
	qs="1 900000 1 x 1 5000000 5000000 900000" &&
	for q in $qs; do
		curl -s "$ZEN_TEST_URL/blockchain/blockreward?blockNumber=$q" &&
		echo || return 1
	done >"$TRASH/alone" &&
	urls= &&
	for q in $qs; do
		urls="$urls $ZEN_TEST_URL/blockchain/blockreward?blockNumber=$q"
	done &&
	curl -sv -w "\n" $urls >"$TRASH/together" 2>"$TRASH/together.err" &&
	test "$(grep -c "Re-using existing connection" "$TRASH/together.err")" = 7 &&
	test "$(sed -n 1p "$TRASH/alone")" = 5000000000 &&
	test "$(sed -n 2p "$TRASH/alone")" = 2500000000 &&
	test "$(sed -n 4p "$TRASH/alone")" = "invalid blockNumber" &&
	test "$(sed -n 6p "$TRASH/alone")" = 78125000 &&
	cmp "$TRASH/alone" "$TRASH/together"
'

test_expect_success 'one Date header, RFC 9110 format, the time now, on replies and errors' '
	for path in /blockchain/info /no/such/route; do
		curl -s -D "$TRASH/h" -o /dev/null "$ZEN_TEST_URL$path" &&
		test "$(grep -ci "^date:" "$TRASH/h")" = 1 &&
		d=$(sed -n "s/^[Dd]ate: \(.*\)\r\$/\1/p" "$TRASH/h") &&
		[[ $d =~ ^(Mon|Tue|Wed|Thu|Fri|Sat|Sun),\ [0-3][0-9]\ (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\ [0-9]{4}\ [0-2][0-9]:[0-5][0-9]:[0-6][0-9]\ GMT$ ]] &&
		t=$(date -u -d "$d" +%s) && now=$(date +%s) &&
		test $((now - t)) -le 5 && test $((t - now)) -le 5 || return 1
	done
'
test_expect_success 'errors are text by default' '
	http GET /blockchain/blockreward && test "$status" = 400 &&
	test "$ctype" = text/plain && test "$body" = "blockNumber is missing"
'
test_expect_success 'errors are json with the exit code for Accept: application/json' '
	http GET /blockchain/blockreward "" "" "Accept: application/json" &&
	test "$status" = 400 && test "$ctype" = application/json &&
	test "$body" = "{\"error\":\"blockNumber is missing\",\"code\":2}"
'
test_expect_success 'an oversized body is refused with 413, without html' '
	head -c $((16 * 1024 * 1024 + 1)) /dev/zero | tr "\0" "a" >"$TRASH/big" &&
	status=$(curl -s -o "$TRASH/body" -D "$TRASH/h" -w "%{http_code}" -X POST \
		-H "Content-Type: application/json" --data-binary @"$TRASH/big" \
		"$ZEN_TEST_URL/blockchain/blockreward") &&
	test "$status" = 413 && test "$(cat "$TRASH/body")" = "request body too large" &&
	grep -qi "^content-type: text/plain" "$TRASH/h"
'
test_expect_success 'a foreign Host header is refused (DNS rebinding)' '
	status=$(curl -s -o "$TRASH/body" -w "%{http_code}" -H "Host: evil.example:80" \
		"$ZEN_TEST_URL/blockchain/blockreward?blockNumber=1") &&
	test "$status" = 403 && grep -q "forbidden host" "$TRASH/body"
'
test_expect_success 'localhost Host header is served' '
	status=$(curl -s -o /dev/null -w "%{http_code}" -H "Host: localhost:1234" \
		"$ZEN_TEST_URL/blockchain/blockreward?blockNumber=1") && test "$status" = 200
'
# raw_status HOST-LINE: the status of a GET sent as is, with that Host line
# ("" for none: HTTP/1.0 without a Host header)
raw_status() {
	local port=${ZEN_TEST_URL##*:}
	exec 3<>"/dev/tcp/127.0.0.1/$port" &&
	printf "GET /blockchain/blockreward?blockNumber=1 HTTP/1.0\r\n%sConnection: close\r\n\r\n" \
		"${1:+$1\r\n}" >&3 &&
	timeout 5 head -n 1 <&3 | cut -d" " -f2
	exec 3<&-
}
test_expect_success 'loopback names are served, with or without a port, in any case' '
	for h in localhost LOCALHOST localhost:1 127.0.0.1 127.0.0.1:99 "[::1]" "[::1]:8080"; do
		status=$(curl -s -o /dev/null -w "%{http_code}" -H "Host: $h" \
			"$ZEN_TEST_URL/blockchain/blockreward?blockNumber=1") &&
		test "$status" = 200 || { echo "Host: $h -> $status"; exit 1; }
	done
'
test_expect_success 'any other Host is 403, however it is dressed up' '
	for h in evil.example 127.0.0.1.evil.example localhost.evil.example 127.0.0.2 \
		10.0.0.1:80 "[::2]" "[::1]x" "127.0.0.1:80:80" "localhost evil"; do
		status=$(curl -s -o /dev/null -w "%{http_code}" -H "Host: $h" \
			"$ZEN_TEST_URL/blockchain/blockreward?blockNumber=1") &&
		test "$status" = 403 || { echo "Host: $h -> $status"; exit 1; }
	done &&
	test "$(raw_status "Host: ")" = 403 &&
	test "$(raw_status "Host: evil.example")" = 403
'
test_expect_success 'a request without Host (HTTP/1.0) is served: no browser sends one' '
	test "$(raw_status "")" = 200
'
test_expect_success 'a refused Host runs nothing: no block is mined' '
	before=$("$ZEN" --datadir "$DATADIR" blockchain info | json "d[\"blocks\"]") &&
	status=$(curl -s -o /dev/null -w "%{http_code}" -X POST -H "Host: evil.example" \
		-H "Content-Type: application/json" \
		--data-binary "{\"address\":\"tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux\",\"blocks\":1}" \
		"$ZEN_TEST_URL/blockchain/mine") &&
	test "$status" = 403 &&
	test "$("$ZEN" --datadir "$DATADIR" blockchain info | json "d[\"blocks\"]")" = "$before" &&
	status=$(curl -s -o /dev/null -w "%{http_code}" -X POST -H "Host: localhost" \
		-H "Content-Type: application/json" \
		--data-binary "{\"address\":\"tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux\",\"blocks\":1}" \
		"$ZEN_TEST_URL/blockchain/mine") &&
	test "$status" = 200 &&
	test "$("$ZEN" --datadir "$DATADIR" blockchain info | json "d[\"blocks\"]")" = $((before + 1))
'
# A whole reply is written at once, not at the loop's next turn (conn.c,
# srv_conn_flush); evhttp still ends each request before the next.
test_expect_success 'requests sent together answer in order as alone' '
	curl -s -o /dev/null -X POST -H "Content-Type: application/json" \
		--data-binary "{\"address\":\"tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux\",\"blocks\":40}" \
		"$ZEN_TEST_URL/blockchain/mine" &&
	python3 "$ZEN_SRCDIR/tests/t/serve-client.py" pipeline "${ZEN_TEST_URL##*:}" >"$TRASH/pipe" &&
	test "$(cat "$TRASH/pipe")" = ok
'
# Short replies of a busy turn wait for its end and go out together.
test_expect_success 'many connections of pipelined short requests answer in order' '
	python3 "$ZEN_SRCDIR/tests/t/serve-client.py" crowd "${ZEN_TEST_URL##*:}" 64 20 >"$TRASH/crowd" &&
	test "$(cat "$TRASH/crowd")" = ok
'
test_expect_success 'non-UTF-8 query values are refused' '
	http GET "/address/decode?address=%ff%fe" && test "$status" = 400
'
test_expect_success 'malformed requests do not stop the server' '
	printf "GARBAGE\r\n\r\n" | timeout 5 bash -c "cat >/dev/tcp/127.0.0.1/${ZEN_TEST_URL##*:}" ;
	http GET "/blockchain/blockreward?blockNumber=1" && test "$status" = 200
'
# 8 clients of 25 requests each at once; every answer is checked (status
# and body) by its client, and every client's exit status by the case.
# Client i asks for blocks of halving period i - 1 (800000 blocks each,
# from block 2): its own answer, 5e9 >> (i - 1), so crossed replies show.
test_expect_success 'serves many requests in parallel' '
	pids=
	for i in $(seq 1 8); do
		( want=$((5000000000 >> (i - 1)))
		for j in $(seq 1 25); do
			st=$(curl -s -o "$TRASH/par.$i.body" -w "%{http_code}" \
				"$ZEN_TEST_URL/blockchain/blockreward?blockNumber=$(((i - 1) * 800000 + 1 + j))")
			got=$(cat "$TRASH/par.$i.body" 2>/dev/null)
			if [ "$st" != 200 ] || [ "$got" != $want ]; then
				echo "client $i request $j: status $st body $got, want 200 $want"
				exit 1
			fi
			echo $j >>"$TRASH/par.$i.done"
		done ) & pids="$pids $!"
	done
	failed=0
	for p in $pids; do wait $p || failed=$((failed + 1)); done
	test $failed = 0 &&
	for i in $(seq 1 8); do test "$(wc -l <"$TRASH/par.$i.done")" = 25 || exit 1; done
'
test_expect_success 'binds to loopback by default' '
	(exec "$ZEN" --datadir "$TRASH/d2" serve 2>"$TRASH/log2") & pid=$!
	i=0; while [ $i -lt 50 ] && ! grep -q "http://" "$TRASH/log2"; do sleep 0.1; i=$((i + 1)); done
	grep -q "http://127.0.0.1:20000" "$TRASH/log2"; ok=$?
	stop_pid $pid "$TRASH/log2" && test $ok = 0
'
test_expect_success 'a busy port is a clear error' '
	port=${ZEN_TEST_URL##*:}
	"$ZEN" --datadir "$TRASH/d3" serve --bind 127.0.0.1:$port 2>"$TRASH/e"; test $? = 2 &&
	grep -q "^zen: cannot listen on 127.0.0.1:$port" "$TRASH/e"
'
test_expect_success 'a bad bind address is a clear error' '
	"$ZEN" --datadir "$TRASH/d3" serve --bind 127.0.0.1:99999 2>"$TRASH/e"; test $? = 2 &&
	grep -q "invalid bind port" "$TRASH/e"
'
stop_server	# its own TAP line: exit 0 after SIGTERM, no sanitizer report
test_expect_success 'SIGTERM stops the server cleanly' '
	grep -q "SIGTERM received, stopping" "$TRASH/server.log"
'
test_expect_success 'SIGINT stops the server cleanly' '
	start_server && stop_server INT &&
	grep -q "SIGINT received, stopping" "$TRASH/server.log"
'

# --wait: a script starts a node and queries it at once (bitcoin-cli -rpcwait).
WPORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
WURL="http://127.0.0.1:$WPORT"
# exit_code CMD...: run it, print its exit status
exit_code() { "$@"; echo $?; }
test_expect_success 'without --wait a node not listening yet is unreachable: exit 5' '
	test "$(exit_code "$ZEN" --url "$WURL" blockchain blockreward 1 2>"$TRASH/werr")" = 5 &&
	grep -q "cannot reach node" "$TRASH/werr"
'
test_expect_success '--wait=1 gives up after about a second: exit 5' '
	start=$(date +%s%N) &&
	test "$(exit_code "$ZEN" --url "$WURL" --wait=1 blockchain blockreward 1 2>/dev/null)" = 5 &&
	test $(( ($(date +%s%N) - start) / 1000000 )) -ge 900
'
test_expect_success '--wait: the answer of a node that starts later' '
	{ "$ZEN" --url "$WURL" --wait=60 blockchain blockreward 1 >"$TRASH/wout" 2>"$TRASH/werr" & } ;
	client=$! ;
	sleep 1 ;
	{ "$ZEN" --datadir "$TRASH/wdata" serve --bind "127.0.0.1:$WPORT" >/dev/null 2>"$TRASH/wlog" & } ;
	server=$! ;
	wait_pid $client ; rc=$? ;
	stop_pid $server "$TRASH/wlog" && test $rc = 0 &&
	test "$(cat "$TRASH/wout")" = 5000000000
'
test_expect_success '--wait takes seconds only' '
	test "$(exit_code "$ZEN" --url "$WURL" --wait=soon blockchain info 2>"$TRASH/werr")" = 2 &&
	grep -q "invalid --wait" "$TRASH/werr" &&
	test "$(exit_code "$ZEN" --url "$WURL" --wait=0 blockchain info 2>/dev/null)" = 2
'
test_done
