#!/bin/bash
# The HTTP front: routing, methods, status codes, error bodies, limits,
# Host checking and a clean stop.
. "$(dirname "$0")/test-lib.sh"
start_server

test_http 'unknown path' GET /no/such/thing 400 '{"error":"unmatched request","code":2}'
test_http 'known path, wrong method' POST /blockchain/blockreward 400 \
	'{"error":"unmatched request","code":2}' '{"blockNumber":1}'
test_http 'PUT is not allowed' PUT /blockchain/blockreward 405 ''
test_http 'DELETE is not allowed' DELETE /blockchain/info 405 ''
test_http 'OPTIONS is accepted (CORS preflight)' OPTIONS /blockchain/blockreward 202 ''
test_http 'root path' GET / 400 '{"error":"unmatched request","code":2}'
test_http 'paths are case-sensitive' GET '/Blockchain/blockreward?blockNumber=1' 400 \
	'{"error":"unmatched request","code":2}'
test_http 'local-only commands have no route' GET /tx/decode 400 \
	'{"error":"unmatched request","code":2}'

test_expect_success 'errors are json with the exit code' '
	http GET /blockchain/blockreward && test "$status" = 400 &&
	test "$ctype" = application/json &&
	test "$body" = "{\"error\":\"blockNumber is missing\",\"code\":2}"
'
test_expect_success 'an oversized body is refused with 400 and json' '
	head -c $((16 * 1024 * 1024 + 1)) /dev/zero | tr "\0" "a" >"$TRASH/big" &&
	status=$(curl -s -o "$TRASH/body" -w "%{http_code}" -X POST \
		-H "Content-Type: application/json" --data-binary @"$TRASH/big" \
		"$ZEN_TEST_URL/blockchain/blockreward") &&
	test "$status" = 400 && grep -q "request body too large" "$TRASH/body"
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
test_expect_success 'non-UTF-8 query values are refused' '
	http GET "/address/decode?address=%ff%fe" && test "$status" = 400
'
test_expect_success 'malformed requests do not stop the server' '
	printf "GARBAGE\r\n\r\n" | timeout 5 bash -c "cat >/dev/tcp/127.0.0.1/${ZEN_TEST_URL##*:}" ;
	http GET "/blockchain/blockreward?blockNumber=1" && test "$status" = 200
'
test_expect_success 'serves many requests in parallel' '
	for i in $(seq 1 8); do
		( for j in $(seq 1 25); do
			curl -sf "$ZEN_TEST_URL/blockchain/blockreward?blockNumber=$j" >/dev/null || exit 1
		done ) &
	done
	wait
'
test_expect_success 'binds to loopback by default' '
	(exec "$ZEN" --datadir "$TRASH/d2" serve 2>"$TRASH/log2") & pid=$!
	sleep 0.5
	grep -q "http://127.0.0.1:20000" "$TRASH/log2"; ok=$?
	kill $pid; wait $pid; test $ok = 0
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
kill -TERM $SERVER_PID; wait $SERVER_PID; term_rc=$?; SERVER_PID=
test_expect_success 'SIGTERM stops the server cleanly' '
	test $term_rc = 0 && grep -q "SIGTERM received, stopping" "$TRASH/server.log"
'
test_expect_success 'SIGINT stops the server cleanly' '
	start_server && kill -INT $SERVER_PID && wait $SERVER_PID; rc=$?; SERVER_PID=
	test $rc = 0
'
test_done
