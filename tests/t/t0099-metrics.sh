#!/bin/bash
# GET /metrics and zen node metrics (issue 18): the Prometheus text
# format, figures equal to what the node's own commands say, requests
# counted by route and status, a histogram whose counts add up, no secret
# anywhere, and off beyond loopback unless --metrics.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

PW="$TRASH/pw"
printf 'metrics-secret-pw\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
zr() { "$ZEN" --url "$ZEN_TEST_URL" "$@" </dev/null; }
scrape() { curl -s "$ZEN_TEST_URL/metrics" >"$TRASH/m"; }
# The value of a sample line NAME{LABELS} (exact text before the value).
value() { awk -v k="$1" '$1 == k { print $2 }' "$TRASH/m"; }

test_expect_success 'every line is a comment or NAME{labels} VALUE (format 0.0.4)' '
	scrape && test -s "$TRASH/m" &&
	! grep -vE "^(# (HELP|TYPE) [a-z_]+ .+|[a-z_]+(\{[a-z]+=\"[^\"]*\"(,[a-z]+=\"[^\"]*\")*\})? [0-9]+(\.[0-9]+)?)$" "$TRASH/m" &&
	test "$(curl -s -o /dev/null -w "%{content_type}" "$ZEN_TEST_URL/metrics")" = "text/plain" &&
	test "$(tail -c 1 "$TRASH/m" | od -An -tx1 | tr -d " ")" = 0a
'
test_expect_success 'tip height, headers and mempool as blockchain info and mempool say' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	zr blockchain mine --blocks 3 --address $OTHER >/dev/null &&
	zr wallet send --address $OTHER --amount 5000 --password-file "$PW" >/dev/null &&
	scrape &&
	test "$(value zen_tip_height)" = "$(zr blockchain info | json "d[\"blocks\"]")" &&
	test "$(value zen_headers)" = "$(zr blockchain info | json "d[\"headers\"]")" &&
	test "$(value zen_mempool_transactions)" = 1 &&
	test "$(value zen_mempool_bytes)" -gt 100 &&
	test "$(value "zen_chain_info{chain=\"local\"}")" = 1
'
test_expect_success 'blocks connected: genesis and 3 mined, with a time' '
	test "$(value zen_blocks_connected_total)" = 4 &&
	test "$(value zen_block_connect_seconds_count)" = 4 &&
	awk "\$1 == \"zen_block_connect_seconds_sum\" { exit !(\$2 > 0) }" "$TRASH/m"
'
test_expect_success 'requests by route and status: 4 info, 2 unmatched, 1 bad' '
	scrape &&
	before=$(value "zen_http_requests_total{route=\"/blockchain/info\",status=\"200\"}") &&
	for i in 1 2 3 4; do curl -s -o /dev/null "$ZEN_TEST_URL/blockchain/info"; done &&
	curl -s -o /dev/null "$ZEN_TEST_URL/no/such/route" &&
	curl -s -o /dev/null "$ZEN_TEST_URL/no/such/route/either" &&
	curl -s -o /dev/null "$ZEN_TEST_URL/blockchain/block?blockNumber=x" &&
	scrape &&
	test "$(value "zen_http_requests_total{route=\"/blockchain/info\",status=\"200\"}")" = $((${before:-0} + 4)) &&
	test "$(value "zen_http_requests_total{route=\"unmatched\",status=\"400\"}")" = 2 &&
	test "$(value "zen_http_requests_total{route=\"/blockchain/block\",status=\"400\"}")" = 1
'
test_expect_success 'the histogram: cumulative buckets, +Inf = count = requests of the route' '
	python3 - "$TRASH/m" <<-\PY
	import re, sys
	lines = open(sys.argv[1]).read().splitlines()
	b, cnt, req = {}, {}, {}
	for l in lines:
	    m = re.match(r"zen_http_request_duration_seconds_bucket\{route=\"([^\"]+)\",le=\"([^\"]+)\"\} (\d+)", l)
	    if m: b.setdefault(m[1], []).append((m[2], int(m[3])))
	    m = re.match(r"zen_http_request_duration_seconds_count\{route=\"([^\"]+)\"\} (\d+)", l)
	    if m: cnt[m[1]] = int(m[2])
	    m = re.match(r"zen_http_requests_total\{route=\"([^\"]+)\",status=\"[^\"]+\"\} (\d+)", l)
	    if m: req[m[1]] = req.get(m[1], 0) + int(m[2])
	assert b and set(b) == set(cnt), (b.keys(), cnt.keys())
	for r, bs in b.items():
	    vals = [v for _, v in bs]
	    assert vals == sorted(vals), (r, vals)
	    assert bs[-1][0] == "+Inf" and bs[-1][1] == cnt[r], (r, bs[-1], cnt[r])
	    # the scrape itself is counted once it is answered, after its text
	    assert cnt[r] == req[r], (r, cnt[r], req[r])
	PY
'
test_expect_success 'wallet_unlocked follows unlock and lock' '
	test "$(value zen_wallet_unlocked)" = 0 &&
	zr wallet unlock --timeout 30 --password-file "$PW" >/dev/null &&
	scrape && test "$(value zen_wallet_unlocked)" = 1 &&
	zr wallet lock >/dev/null &&
	scrape && test "$(value zen_wallet_unlocked)" = 0
'
test_expect_success 'no secret in the text: not the password, not the token, not a key' '
	! grep -q "metrics-secret-pw" "$TRASH/m" &&
	! grep -qiE "[0-9a-f]{64}" "$TRASH/m"
'
test_expect_success 'zen node metrics locally: the chain part, no HTTP figures' '
	z1 node metrics >"$TRASH/local" &&
	grep -qx "zen_tip_height $(value zen_tip_height)" "$TRASH/local" &&
	! grep -q zen_http_requests_total "$TRASH/local" &&
	zr node metrics | grep -q "^zen_http_requests_total{route=\"/metrics\",status=\"200\"}"
'
stop_server

# Bound beyond loopback (0.0.0.0, reached through 127.0.0.1).  The server
# is started and stopped outside the test bodies (whose output a command
# substitution collects: a server left running there would hold it open).
serve_off() {	# extra serve options...: the server, $OFF_PID, $OFF_PORT
	"$ZEN" --datadir "$DATADIR" serve --bind 0.0.0.0:0 --threads 1 \
		--no-listen "$@" >/dev/null 2>"$TRASH/off.log" &
	OFF_PID=$! OFF_PORT=
	local i=0
	while [ -z "$OFF_PORT" ] && [ $i -lt 300 ]; do
		OFF_PORT=$(sed -n "s|.*http://0\.0\.0\.0:\([0-9]*\).*|\1|p" "$TRASH/off.log")
		sleep 0.1; i=$((i + 1))
	done
}
# GET /metrics of it: "STATUS BODY-FILE"; a connection refused is retried.
scrape_off() {
	local i=0 s=000
	while [ "$s" = 000 ] && [ $i -lt 50 ]; do
		s=$(curl -s --max-time 10 -o "$TRASH/b" -w "%{http_code}" \
			"http://127.0.0.1:$OFF_PORT/metrics")
		[ "$s" = 000 ] && sleep 0.1
		i=$((i + 1))
	done
	echo "$s"
}
serve_off
OFF_STATUS=$(scrape_off); cp "$TRASH/b" "$TRASH/b1" 2>/dev/null
stop_pid $OFF_PID "$TRASH/off.log"; OFF_STOP=$?
test_expect_success 'beyond loopback /metrics is an unknown route' '
	test "$OFF_STOP" = 0 &&
	test "$OFF_STATUS" = 400 && test "$(cat "$TRASH/b1")" = "unmatched request"
'
serve_off --metrics
OFF_STATUS=$(scrape_off); cp "$TRASH/b" "$TRASH/b2" 2>/dev/null
stop_pid $OFF_PID "$TRASH/off.log"; OFF_STOP=$?
test_expect_success '... and served with --metrics' '
	test "$OFF_STOP" = 0 &&
	test "$OFF_STATUS" = 200 && grep -q "^zen_tip_height " "$TRASH/b2" ||
	{ echo "status $OFF_STATUS"; tail -5 "$TRASH/off.log"; false; }
'
test_done
