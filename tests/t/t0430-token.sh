#!/bin/bash
# The api token.  One rule (zen(1)): when zen serve has a token, the wallet
# routes and the routes that spend the node's CPU without a bound
# (/blockchain/mine, /node/verify) need "Authorization: Bearer TOKEN";
# on loopback too when the token was given with --api-token-file.  Bound
# beyond loopback the server always has one (its cookie file); tests may
# only use 127/8, so that case is covered by tests/unit/test-policy.
. "$(dirname "$0")/test-lib.sh"

MINER=tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9
TOKEN=5f0c2a9e77d14b3c8e21a6f4d09b7c35
printf '%s\n' "$TOKEN" >"$TRASH/token"
printf '%s\n' "${TOKEN%?}x" >"$TRASH/wrong"
UNAUTH='missing or wrong api token'


MINE_BODY="{\"blocks\": 1, \"address\": \"$MINER\"}"
# The protected routes: METHOD PATH BODY.
protected_rows() {
	printf '%s\n' "GET /wallet/exists" "GET /wallet/balance" "POST /wallet/send" \
		"POST /wallet/rawtransaction/create" "POST /blockchain/mine" "GET /node/verify"
}
body_of() {	# METHOD PATH: the body to send
	case "$1 $2" in
	"POST /blockchain/mine") printf '%s' "$MINE_BODY" ;;
	POST*) printf '{}' ;;
	esac
}

start_server --api-token-file "$TRASH/token"

# Without the token or with a wrong one: 401, WWW-Authenticate: Bearer.
while read -r method path; do
	for auth in none wrong upper-case; do
		case $auth in
		none) set -- ;;
		wrong) set -- -H "Authorization: Bearer ${TOKEN%?}x" ;;
		upper-case) set -- -H "Authorization: Bearer $(printf %s "$TOKEN" | tr a-f A-F)" ;;
		esac
		req "$method" "$path" "$(body_of "$method" "$path")" "$@"
		[ "$status" = 401 ] && [ "$body" = "$UNAUTH" ] &&
			[ "$(header WWW-Authenticate)" = Bearer ]
		ok=$?
		tap_result $ok "token: $method $path without the right token ($auth) is 401"
		[ $ok = 0 ] || diag "status $status, body $body"
	done
done < <(protected_rows)

# With it: served.
test_expect_success 'token: /wallet/exists with the token' '
	req GET /wallet/exists "" -H "Authorization: Bearer $TOKEN" &&
	test "$status" = 200 && test "$body" = false
'
test_expect_success 'token: the scheme may be written in any case' '
	req GET /wallet/exists "" -H "authorization: bearer $TOKEN" &&
	test "$status" = 200 && test "$body" = false
'
test_expect_success 'token: /node/verify with the token' '
	req GET /node/verify "" -H "Authorization: Bearer $TOKEN" && test "$status" = 200
'
test_expect_success 'token: /blockchain/mine with the token mines a block' '
	req POST /blockchain/mine "$MINE_BODY" -H "Authorization: Bearer $TOKEN" &&
	test "$status" = 200 &&
	test "$(printf "%s" "$body" | json "len(d)")" = 1 &&
	req GET /blockchain/info && test "$status" = 200 &&
	test "$(printf "%s" "$body" | json "d[\"blocks\"]")" = 2
'
test_expect_success 'token: a 401 did not run the route (still 2 blocks)' '
	req POST /blockchain/mine "$MINE_BODY" && test "$status" = 401 &&
	req GET /blockchain/info &&
	test "$(printf "%s" "$body" | json "d[\"blocks\"]")" = 2
'
test_expect_success 'token: the other routes need none' '
	req GET "/blockchain/blockreward?blockNumber=1" && test "$status" = 200 &&
	req GET "/blockchain/blocktemplate?address=$MINER" && test "$status" = 200 &&
	req GET /blockchain/info "" -H "Authorization: Bearer nonsense" && test "$status" = 200
'
test_expect_success 'token: JSON 401 carries the exit code 4' '
	req GET /node/verify "" -H "Accept: application/json" && test "$status" = 401 &&
	test "$(printf "%s" "$body" | json "d[\"error\"]")" = "$UNAUTH" &&
	test "$(printf "%s" "$body" | json "d[\"code\"]")" = 4
'
test_expect_success 'token: zen --url with --api-token-file' '
	"$ZEN" --url "$ZEN_TEST_URL" --api-token-file "$TRASH/token" node verify >/dev/null &&
	"$ZEN" --url "$ZEN_TEST_URL" --api-token-file "$TRASH/token" blockchain mine \
		--blocks 1 --address $MINER >"$TRASH/mined" &&
	test "$(json "len(d)" <"$TRASH/mined")" = 1
'
test_expect_success 'token: zen --url without it, or a wrong one, exits 4' '
	run_zen --url "$ZEN_TEST_URL" node verify
	test $rc = 4 && test "$(cat "$TRASH/err")" = "zen: $UNAUTH" &&
	run_zen --url "$ZEN_TEST_URL" --api-token-file "$TRASH/wrong" blockchain mine \
		--blocks 1 --address $MINER
	test $rc = 4 && test "$(cat "$TRASH/err")" = "zen: $UNAUTH"
'
stop_server

# No token on loopback: nothing is asked.
start_server
test_expect_success 'no token on loopback: /node/verify and /wallet/ are open' '
	req GET /node/verify && test "$status" = 200 &&
	req GET /wallet/exists && test "$status" = 200 && test "$body" = false &&
	req POST /blockchain/mine "$MINE_BODY" && test "$status" = 200
'
stop_server

# Off loopback (bound to 0.0.0.0, reached through 127.0.0.1): the cookie
# token is written and the CPU routes need it like the wallet routes.
test_expect_success 'off loopback: mine and verify need the cookie token' '
	"$ZEN" --datadir "$TRASH/off" serve --bind 0.0.0.0:0 --threads 2 2>"$TRASH/off.log" &
	pid=$! i=0 port=
	while [ -z "$port" ] && [ $i -lt 100 ]; do
		port=$(sed -n "s|.*http://0\.0\.0\.0:\([0-9]*\).*|\1|p" "$TRASH/off.log")
		sleep 0.1; i=$((i + 1))
	done
	u="http://127.0.0.1:$port"
	s1=$(curl -s -o /dev/null -w "%{http_code}" "$u/node/verify")
	s2=$(curl -s -o /dev/null -w "%{http_code}" -X POST -H "Content-Type: application/json" \
		--data "$MINE_BODY" "$u/blockchain/mine")
	s3=$(curl -s -o /dev/null -w "%{http_code}" -H "Authorization: Bearer $(cat "$TRASH/off/.cookie")" \
		"$u/node/verify")
	s4=$(curl -s -o /dev/null -w "%{http_code}" "$u/blockchain/info")
	stop_pid $pid "$TRASH/off.log" &&
	test "$s1 $s2 $s3 $s4" = "401 401 200 200" &&
	test "$("$ZEN" --datadir "$TRASH/off" blockchain info | json "d[\"blocks\"]")" = 1
'
test_done
