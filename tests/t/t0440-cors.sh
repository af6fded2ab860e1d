#!/bin/bash
# CORS (api.md 1.5): none by default; --origin TEXT verbatim, --origin LIST
# echoes a listed request Origin with Vary: Origin, on every reply including
# errors and the OPTIONS preflight; --origin any needs --public or
# --unsafe-cors while the wallet routes are served.
. "$(dirname "$0")/test-lib.sh"

LIST='https://a.example,http://localhost:3000'
start_server
test_expect_success 'no --origin: no CORS header at all' '
	req GET /blockchain/info "" -H "Origin: https://a.example" &&
	test "$status" = 200 && test -z "$(header Access-Control-Allow-Origin)"
'
stop_server

start_server --origin "$LIST"
test_expect_success 'allow-list: a listed Origin is echoed, with Vary: Origin' '
	req GET /blockchain/info "" -H "Origin: http://localhost:3000" &&
	test "$status" = 200 &&
	test "$(header Access-Control-Allow-Origin)" = http://localhost:3000 &&
	test "$(header Vary)" = Origin
'
test_expect_success 'allow-list: on an error reply too' '
	req GET /blockchain/block?blockNumber=999 "" -H "Origin: https://a.example" &&
	test "$status" = 404 &&
	test "$(header Access-Control-Allow-Origin)" = https://a.example
'
test_expect_success 'allow-list: the preflight carries the headers of api.md 1.5' '
	req OPTIONS /wallet/send "" -H "Origin: https://a.example" &&
	test "$status" = 202 && test -z "$body" &&
	test "$(header Access-Control-Allow-Origin)" = https://a.example &&
	test "$(header Access-Control-Allow-Methods)" = "GET, POST" &&
	test "$(header Access-Control-Allow-Headers)" = "Origin, X-Requested-With, Content-Type, Accept" &&
	test "$(header Access-Control-Max-Age)" = 1728000
'
test_expect_success 'allow-list: an unlisted Origin gets no Allow-Origin' '
	req GET /blockchain/info "" -H "Origin: https://evil.example" &&
	test "$status" = 200 && test -z "$(header Access-Control-Allow-Origin)" &&
	test "$(header Vary)" = Origin
'
stop_server

start_server --origin https://wallet.example
test_expect_success '--origin TEXT: sent verbatim, whatever the Origin' '
	req GET /blockchain/info "" -H "Origin: https://evil.example" &&
	test "$(header Access-Control-Allow-Origin)" = https://wallet.example
'
stop_server

test_expect_success '--origin any with the wallet served: exit 2, a reason' '
	timeout 20 "$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 --origin any \
		>"$TRASH/out" 2>"$TRASH/err"
	test $? = 2 &&
	test "$(cat "$TRASH/err")" = "zen: --origin any lets every web page use the wallet: use --public, or add --unsafe-cors"
'
start_server --origin any --unsafe-cors true
test_expect_success '--origin any --unsafe-cors: Allow-Origin * on every reply' '
	req GET /no/such/route "" -H "Origin: https://x.example" &&
	test "$status" = 400 && test "$(header Access-Control-Allow-Origin)" = "*"
'
test_done
