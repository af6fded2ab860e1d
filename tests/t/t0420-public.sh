#!/bin/bash
# zen serve --public: one row per route (the 27 public routes served, every
# other route 403 "not available on a public node"), the per-source rate
# limit (burst, 429 with Retry-After, recovery), the 256 KiB body cap,
# CORS on every reply, and no wallet ever opened.
. "$(dirname "$0")/test-lib.sh"

# The public routes, written out here (issue 12, zen(1)).
PUBLIC_ROUTES='GET /blockchain/info
GET /blockchain/headers
GET /blockchain/block
GET /blockchain/blocks
GET /blockchain/blockreward
GET /blockchain/totalzp
GET /blockchain/transaction
GET /blockchain/mempool
POST /blockchain/publishtransaction
POST /blockchain/contract/execute
GET /address/decode
GET /contract/contractId
GET /contract/active
GET /blockchain/cgp
GET /blockchain/cgp/history
GET /blockchain/contract/cgp
GET /blockchain/winner
GET /blockchain/candidates
POST /addressdb/balance
POST /addressdb/outputs
POST /addressdb/transactions
POST /addressdb/transactions/filterByBlockNumber
POST /addressdb/transactioncount
POST /addressdb/discovery
POST /addressdb/contract/history
POST /addressdb/contract/history/filterByBlockNumber
POST /addressdb/contract/mint
GET /metrics'
NOT_PUBLIC='not available on a public node'


# Every route of the table, "METHOD /path", from zen(1) (made from it).
"$ZEN" __man | sed -n 's/^HTTP: \\fB\([A-Z]*\) \(.*\)\\fR\.$/\1 \2/p' | sed 's/\\-/-/g' \
	>"$TRASH/routes"

test_expect_success 'zen(1) lists every route, the public ones among them' '
	test "$(wc -l <"$TRASH/routes")" -ge 45 &&
	printf "%s\n" "$PUBLIC_ROUTES" | while read -r m p; do
		grep -qx "$m $p" "$TRASH/routes" || { echo "missing: $m $p"; exit 1; }
	done
'

test_expect_success '--rate-limit without --public is refused' '
	timeout 20 "$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 --rate-limit 5 \
		>/dev/null 2>"$TRASH/err"; rc=$? &&
	test $rc = 2 && test "$(cat "$TRASH/err")" = "zen: --rate-limit goes with --public"
'

# A limit high enough not to interfere with the classification.
start_server --public true --rate-limit 1000

while read -r method path; do
	data=
	[ "$method" = POST ] && data='{}'
	req "$method" "$path" "$data"
	if printf "%s\n" "$PUBLIC_ROUTES" | grep -qx "$method $path"; then
		[ "$status" != 403 ] && [ "$status" != 429 ] && [ "$status" -lt 500 ] &&
			[ "$body" != "$NOT_PUBLIC" ]
		tap_result $? "public: $method $path is served ($status)"
	else
		[ "$status" = 403 ] && [ "$body" = "$NOT_PUBLIC" ] &&
			! grep -qi '^content-type: text/html' "$TRASH/hdr"
		ok=$?
		tap_result $ok "public: $method $path answers 403"
		[ $ok = 0 ] || diag "status $status, body: $body"
	fi
done <"$TRASH/routes"

test_expect_success 'public: a public route answers as usual' '
	req GET "/blockchain/blockreward?blockNumber=1" && test "$status" = 200 &&
	test "$body" = 5000000000
'
test_expect_success 'public: an unknown route is still 400 unmatched request' '
	req GET /no/such/route && test "$status" = 400 &&
	test "$body" = "unmatched request"
'
test_expect_success 'public: the 403 in JSON carries the exit code 1' '
	req GET /wallet/balance "" -H "Accept: application/json" &&
	test "$status" = 403 &&
	test "$(printf "%s" "$body" | json "d[\"error\"]")" = "$NOT_PUBLIC" &&
	test "$(printf "%s" "$body" | json "d[\"code\"]")" = 1
'
test_expect_success 'public: zen --url gets the refusal, exit 1' '
	run_zen --url "$ZEN_TEST_URL" node verify
	test $rc = 1 && test "$(cat "$TRASH/err")" = "zen: $NOT_PUBLIC"
'
test_expect_success 'public: a bearer token opens nothing more' '
	req GET /wallet/exists "" -H "Authorization: Bearer 0123456789abcdef0123" &&
	test "$status" = 403 && test "$body" = "$NOT_PUBLIC"
'

# CORS: on every reply, errors included; the preflight headers with it.
for row in "GET /blockchain/info" "GET /wallet/balance" "GET /no/such/route" \
	   "GET /blockchain/blockreward" "OPTIONS /blockchain/publishtransaction"; do
	set -- $row
	req "$1" "$2"
	[ "$(header Access-Control-Allow-Origin)" = "*" ]
	tap_result $? "public: Access-Control-Allow-Origin: * on $row ($status)"
done
test_expect_success 'public: OPTIONS carries the preflight headers, no html' '
	req OPTIONS /blockchain/publishtransaction && test "$status" = 202 &&
	test "$(header Access-Control-Allow-Methods)" = "GET, POST" &&
	test "$(header Access-Control-Allow-Headers)" = "Origin, X-Requested-With, Content-Type, Accept" &&
	test "$(header Access-Control-Max-Age)" = 1728000 &&
	! grep -qi "^content-type: text/html" "$TRASH/hdr"
'

# The body cap: 256 KiB.  The body is JSON of exactly the size wanted.
json_body() {	# SIZE FILE: {"tx":"00...0"} of SIZE bytes
	python3 -c 'import sys; n = int(sys.argv[1]) - len("{\"tx\":\"\"}"); open(sys.argv[2], "w").write("{\"tx\":\"" + "0" * n + "\"}")' "$1" "$2"
}
test_expect_success 'public: a body of 256 KiB is read' '
	json_body 262144 "$TRASH/b256" && test "$(stat -c %s "$TRASH/b256")" = 262144 &&
	req POST /blockchain/publishtransaction @"$TRASH/b256" &&
	test "$status" = 400 && test "$body" != "request body too large"
'
test_expect_success 'public: a body of 256 KiB + 1 is 413 request body too large' '
	json_body 262145 "$TRASH/b257" &&
	req POST /blockchain/publishtransaction @"$TRASH/b257" &&
	test "$status" = 413 && test "$body" = "request body too large" &&
	test "$(header Access-Control-Allow-Origin)" = "*"
'
test_expect_success 'public: a 1 MiB chunked body is 413 too' '
	json_body 1048576 "$TRASH/b1m" &&
	req POST /blockchain/publishtransaction @"$TRASH/b1m" -H "Transfer-Encoding: chunked" &&
	test "$status" = 413 && case $body in *"too large"*) ;; *) false ;; esac &&
	! grep -qi "^content-type: text/html" "$TRASH/hdr"
'

test_expect_success 'public: more of a body after its 413 is dropped, not reset (lingering close)' '
	python3 "$ZEN_SRCDIR/tests/t/serve-client.py" linger "${ZEN_TEST_URL##*:}" 262144
'

test_expect_success 'public: the wallet routes never open a wallet' '
	req POST /wallet/create "{\"password\": \"secret\", \"words\": []}" &&
	test "$status" = 403 && req GET /wallet/exists && test "$status" = 403 &&
	req GET /wallet/address && test "$status" = 403 &&
	test ! -e "$DATADIR/wallet"
'
stop_server

# The rate limit: 1 a second, a burst of 2.  burst.py makes N requests on
# one connection as fast as it can and prints the replies and the time.
cat >"$TRASH/burst.py" <<'EOF'
import http.client, json, sys, time
url, n, source = sys.argv[1], int(sys.argv[2]), sys.argv[3]
host, port = url.split('//')[1].split(':')
c = http.client.HTTPConnection(host, int(port), timeout=20,
                               source_address=(source, 0))
out = []
t0 = time.monotonic()
for _ in range(n):
    c.request('GET', '/blockchain/info')
    r = c.getresponse()
    out.append({'status': r.status, 'body': r.read().decode(),
                'retry': r.getheader('Retry-After'),
                'acao': r.getheader('Access-Control-Allow-Origin')})
print(json.dumps({'elapsed': time.monotonic() - t0, 'replies': out}))
EOF
burst() { python3 "$TRASH/burst.py" "$ZEN_TEST_URL" "$1" "${2:-127.0.0.1}"; }

start_server --public true --rate-limit 1

test_expect_success 'rate limit: a burst of 2, then 429 with Retry-After 1' '
	burst 8 >"$TRASH/b1" &&
	python3 - "$TRASH/b1" <<-\EOF
	import json, sys
	d = json.load(open(sys.argv[1]))
	st = [r["status"] for r in d["replies"]]
	ok = st.count(200)
	assert st[:2] == [200, 200], st
	# At most the burst plus what refilled meanwhile (1 a second).
	assert ok <= 2 + int(d["elapsed"]), (st, d["elapsed"])
	assert set(st) == {200, 429}, st
	for r in d["replies"]:
	    assert r["acao"] == "*", r
	    if r["status"] == 429:
	        assert r["body"] == "too many requests", r
	        assert r["retry"] == "1", r
	EOF
'
test_expect_success 'rate limit: another source address is not limited' '
	burst 2 127.0.0.2 >"$TRASH/b2" &&
	test "$(json "[r[\"status\"] for r in d[\"replies\"]]" <"$TRASH/b2")" = "[200, 200]"
'
test_expect_success 'rate limit: after Retry-After one more is served' '
	burst 8 >/dev/null && sleep 1 && burst 1 >"$TRASH/b3" &&
	test "$(json "d[\"replies\"][0][\"status\"]" <"$TRASH/b3")" = 200
'
test_expect_success 'rate limit: after a pause the burst is back, no more' '
	sleep 2.2 && burst 4 >"$TRASH/b4" &&
	python3 - "$TRASH/b4" <<-\EOF
	import json, sys
	d = json.load(open(sys.argv[1]))
	st = [r["status"] for r in d["replies"]]
	assert st[:2] == [200, 200], st
	assert st.count(200) <= 2 + int(d["elapsed"]), (st, d["elapsed"])
	EOF
'
test_expect_success 'rate limit: refused routes count too' '
	sleep 2.2 &&
	req GET /wallet/balance && test "$status" = 403 &&
	req GET /no/such/route && test "$status" = 400 &&
	req GET /blockchain/info && test "$status" = 429 &&
	test "$(header Retry-After)" = 1
'
stop_server
test_expect_success 'no wallet directory was created' 'test ! -e "$DATADIR/wallet"'
test_expect_success 'public beyond loopback: no cookie, chain routes need no token' '
	"$ZEN" --datadir "$TRASH/pub" serve --bind 0.0.0.0:0 --threads 2 --public true \
		2>"$TRASH/pub.log" &
	pid=$! i=0 port=
	while [ -z "$port" ] && [ $i -lt 100 ]; do
		port=$(sed -n "s|.*http://0\.0\.0\.0:\([0-9]*\).*|\1|p" "$TRASH/pub.log")
		sleep 0.1; i=$((i + 1))
	done
	s1=$(curl -s -o /dev/null -w "%{http_code}" "http://127.0.0.1:$port/blockchain/info")
	s2=$(curl -s -o "$TRASH/pb" -w "%{http_code}" "http://127.0.0.1:$port/wallet/balance")
	ls -a "$TRASH/pub" >"$TRASH/pubfiles"
	stop_pid $pid "$TRASH/pub.log" && test "$s1" = 200 && test "$s2" = 403 &&
	test "$(cat "$TRASH/pb")" = "$NOT_PUBLIC" && ! grep -q cookie "$TRASH/pubfiles" &&
	! grep -q wallet "$TRASH/pubfiles"
'
test_expect_success 'an api token with --public is refused: exit 2, nothing served' '
	echo 0123456789abcdef0123 >"$TRASH/token" &&
	timeout 20 "$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 \
		--public true --api-token-file "$TRASH/token" >"$TRASH/out" 2>"$TRASH/err"
	test $? = 2 &&
	test "$(cat "$TRASH/err")" = "zen: --api-token-file does not go with --public: a public node serves nothing private"
'

test_done
