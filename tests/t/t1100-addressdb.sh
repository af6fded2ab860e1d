#!/bin/bash
# The address index and the /addressdb routes (issue 17; api.md 7 and 12).
#
# A local chain with coinbases, sends with change (two in one block, the
# second spending the first's change), the token contract's activation,
# two executions that mint (one signed), a send of ZP and tokens, and an
# execution that spends the contract's own outputs.  Every route's
# answer, for single and several addresses and contracts, every page and
# range, the balance after every block, is compared with what an
# independent walk (tests/t/addressdb.py) works out from the blocks alone
# (GET /blockchain/block).  Then: a reorganisation across indexed blocks
# fed from a second node, kill -9 during bursts of block connections, a
# background build interrupted and resumed, turning the index on and off
# from the command line, resync, and every route's bad input.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast

TESTTX="$ZEN_BUILDDIR/tests/tools/testtx"
MKCHAIN="$ZEN_BUILDDIR/tests/tools/mkchain"
WALK="$ZEN_SRCDIR/tests/t/addressdb.py"
TOKEN="$ZEN_SRCDIR/tests/contracts/token.fst"
PW="$TRASH/pw"
printf 'correct horse\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
key() { "$TESTTX" --mnemonic "$WORDS" --path "m/44'/258'/0'/0/$1" "--$2"; }
# Keys far beyond the wallet's gap limit: it never spends their coins.
B=$(key 60 address) NEVER=$(key 61 address)
SENDER=$(key 0 pubkey)
MAIN_ROOT=$("$TESTTX" --mnemonic "$WORDS" --chain main --address)
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
zr() { "$ZEN" --url "$ZEN_TEST_URL" "$@"; }
txh() { json d; }
addrdb() { "$ZEN" --datadir "${1:-$DATADIR}" blockchain info | json 'json.dumps(d.get("addressdb"), separators=(",", ":"))'; }
# wait_synced [DATADIR]: the index has caught up (30 s at most)
wait_synced() {
	local i=0
	while [ $i -lt 300 ]; do
		case $(addrdb "$@") in *'"synced":true'*) return 0 ;; esac
		sleep 0.1
		i=$((i + 1))
	done
	echo "the index did not catch up: $(addrdb "$@")"
	return 1
}
# post PATH BODY: the reply's status and body, "STATUS BODY"
post() {
	curl -s -o "$TRASH/pbody" -w '%{http_code}' -X POST \
		-H 'Content-Type: application/json' --data-binary "$2" \
		"$ZEN_TEST_URL$1" >"$TRASH/pstatus"
	echo "$(cat "$TRASH/pstatus") $(cat "$TRASH/pbody")"
}
# walk SETS: every route against the walk of the chain of the server
walk() {
	python3 - "$@" >"$TRASH/spec.json" <<-EOF
	import json, sys
	print(json.dumps({"sets": json.loads(sys.argv[1]),
	    "contracts": ["${TOKEN_ID:-}"] if "${TOKEN_ID:-}" else [],
	    "assets": ["${TOKEN_ID:-}", "00", "${TOKEN_ID:-}" + "11" * 32] if "${TOKEN_ID:-}" else ["00"],
	    "senders": {"${SIGNED:-x}": "$SENDER"}}))
	EOF
	python3 "$WALK" check "$ZEN_TEST_URL" "$TRASH/spec.json"
}

# ---- without the index -------------------------------------------------
start_server
test_http 'no index: balance' POST /addressdb/balance 400 'AddressDB not running' \
	"{\"addresses\":[\"$ROOT\"]}"
test_http 'no index: the body is read first' POST /addressdb/balance 400 \
	'Empty addresses list' '{"addresses":[]}'
test_http 'no index: contract info' POST /addressdb/contract/info 400 \
	'AddressDB not running' '{"code":"x"}'
test_http 'no index: resync does nothing' POST /addressdb/resync 200 ''
test_http 'no index: resync by GET' GET /addressdb/resync 200 ''
test_error 'no index: locally and remotely' 1 'zen: AddressDB not running' \
	address transactions $ROOT
test_expect_success 'no index: /blockchain/info has no addressdb' '
	test "$(addrdb)" = null
'
stop_server

# ---- the chain -----------------------------------------------------------
start_server --addressdb
test_expect_success 'zen serve --addressdb: the index covers the genesis block' '
	wait_synced && test "$(addrdb)" = "{\"blocks\":1,\"synced\":true}"
'
TOKEN_ID=$(z1 contract id "$TOKEN" | json 'd["contractId"]')
TOKEN_ADDR=$(z1 contract id "$TOKEN" | json 'd["address"]')
test_expect_success 'a chain: coinbases, sends, a contract, mints, a redeem' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	zr blockchain mine --blocks 2 --address $ROOT >/dev/null &&
	z1 blockchain mine --blocks 1 --address $B >/dev/null &&
	z1 wallet send --address $OTHER --amount 1000000 --password-file "$PW" >/dev/null &&
	z1 wallet send --address $B --amount 2000000 --password-file "$PW" >/dev/null &&
	zr blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	z1 contract activate "$TOKEN" 1000 --password-file "$PW" >/dev/null &&
	z1 blockchain mine --blocks 1 --address $ROOT >/dev/null &&
	z1 contract execute $TOKEN_ADDR buy --spends "[{\"asset\":\"00\",\"amount\":\"1000\"}]" \
		--return-address --password-file "$PW" >/dev/null &&
	z1 contract execute $TOKEN_ADDR buy --spends "[{\"asset\":\"00\",\"amount\":\"500\"}]" \
		--return-address --sign "m/44'"'"'/258'"'"'/0'"'"'/0/0" --password-file "$PW" |
		txh >"$TRASH/signed" &&
	zr blockchain mine --blocks 1 --address $ROOT >/dev/null &&
	z1 wallet send --outputs "[{\"address\":\"$B\",\"asset\":\"00\",\"amount\":\"5000\"},{\"address\":\"$B\",\"asset\":\"$TOKEN_ID\",\"amount\":\"300000\"}]" \
		--password-file "$PW" >/dev/null &&
	z1 blockchain mine --blocks 1 --address $ROOT >/dev/null &&
	z1 contract execute $TOKEN_ADDR redeem --spends "[{\"asset\":\"$TOKEN_ID\",\"amount\":\"200000\"}]" \
		--return-address --password-file "$PW" >/dev/null &&
	zr blockchain mine --blocks 1 --address $ROOT >/dev/null &&
	test "$(z1 blockchain info | json "d[\"blocks\"]")" = 9
'
SIGNED=$(cat "$TRASH/signed")
test_expect_success 'the second send spent the first one'"'"'s change in the same block' '
	z1 blockchain block 5 | python3 -c "
import json, sys
txs = list(json.load(sys.stdin)[\"transactions\"].items())
hashes = [h for h, _ in txs]
assert any(i[\"outpoint\"][\"txHash\"] in hashes for _, t in txs for i in t[\"inputs\"] if \"outpoint\" in i)
"
'
test_expect_success 'the index kept up with every block, wherever it connected' '
	test "$(addrdb)" = "{\"blocks\":9,\"synced\":true}"
'
SETS="[[\"$ROOT\"],[\"$OTHER\"],[\"$B\"],[\"$TOKEN_ADDR\"],[\"$NEVER\"],[\"$ROOT\",\"$B\"],[\"$B\",\"$ROOT\",\"$ROOT\"],[\"$ROOT\",\"$OTHER\",\"$B\",\"$TOKEN_ADDR\",\"$NEVER\"]]"
test_expect_success 'every route equals the independent walk of the blocks' '
	walk "$SETS"
'
# the same answers locally (the CLI reads the store) and through --url
test_both 'transactions, a page' 0 "$(zr address transactions $ROOT $B --skip 2 --take 3)" \
	address transactions $ROOT $B --skip 2 --take 3
test_both 'balance after block 4' 0 "$(zr address balance $B --block-number 4)" \
	address balance $B --block-number 4
test_both 'outputs' 0 "$(zr address outputs $TOKEN_ADDR --mode all)" \
	address outputs $TOKEN_ADDR --mode all
test_both 'transactions by block' 0 "$(zr address transactionsbyblock $B --start 4 --end 9)" \
	address transactionsbyblock $B --start 4 --end 9
test_both 'count' 0 "$(zr address transactioncount $ROOT $OTHER)" \
	address transactioncount $ROOT $OTHER
test_both 'discovery' 0 "$(zr address discovery $B $NEVER --full)" \
	address discovery $B $NEVER --full
test_both 'contract history by address' 0 "$(zr address contracthistory $TOKEN_ID --take 2)" \
	address contracthistory $TOKEN_ADDR --take 2
test_both 'contract history by block' 0 "$(zr address contracthistorybyblock $TOKEN_ID --start 7 --end 8)" \
	address contracthistorybyblock $TOKEN_ID --start 7 --end 8
test_both 'mint' 0 "$(zr address mint $TOKEN_ID)" address mint $TOKEN_ID
test_expect_success 'the signed execution names its signer, the other none' '
	test "$(zr address mint $TOKEN_ID | json "d[\"sender\"]")" = $SENDER &&
	test "$(zr address contracthistorybyblock $TOKEN_ID --start 7 --end 8 | json "d[0][\"txHash\"]")" != $SIGNED
'
test_expect_success 'contract info: the id and address of contract id, synthetic hints' '
	zr address contractinfo "$TOKEN" --rlimit 5 >"$TRASH/info" &&
	test "$(json "\" \".join(str(d[k]) for k in (\"contractId\", \"address\", \"queries\", \"rlimit\"))" <"$TRASH/info")" = \
		"$TOKEN_ID $TOKEN_ADDR 1 5" &&
	test "$(json "list(d.keys())" <"$TRASH/info")" = "['"'"'contractId'"'"', '"'"'address'"'"', '"'"'hints'"'"', '"'"'queries'"'"', '"'"'rlimit'"'"']" &&
	test "$(zr address contractinfo "$TOKEN" | json "d[\"rlimit\"]")" = 2723280
'
test_expect_success 'contract info: code that is not ASCII, one ? per character' '
	{ printf "(* r?sum? ?? *)\n" && cat "$TOKEN"; } >"$TRASH/asked.fst" &&
	req POST /addressdb/contract/info "$(python3 -c "import json, sys
print(json.dumps({\"code\": \"(* r\\u00e9sum\\u00e9 \\U0001f600 *)\\n\" + open(sys.argv[1]).read()}))" "$TOKEN")" &&
	test "$status" = 200 &&
	test "$(echo "$body" | json "d[\"contractId\"]")" = \
		"$(z1 contract id "$TRASH/asked.fst" | json "d[\"contractId\"]")"
'
test_expect_success 'zen node verify checks the index too' '
	z1 node verify >/dev/null
'

# ---- a reorganisation across indexed blocks, fed from another node -------
D2="$TRASH/d2"
test_expect_success 'node D2 takes blocks 2-7 and mines a longer branch' '
	for n in 2 3 4 5 6 7; do
		"$ZEN" --datadir "$D2" blockchain publishblock "$(z1 blockchain blocks \
			--block-number $n --take 1 | json "d[0][\"rawBlock\"]")" >/dev/null || exit 1
	done &&
	"$ZEN" --datadir "$D2" blockchain mine --blocks 4 --address $OTHER >/dev/null &&
	test "$("$ZEN" --datadir "$D2" blockchain info | json "d[\"blocks\"]")" = 11
'
test_expect_success 'its blocks published to the server: blocks 8 and 9 leave the main chain' '
	for n in 8 9 10 11; do
		zr blockchain publishblock "$("$ZEN" --datadir "$D2" blockchain blocks \
			--block-number $n --take 1 | json "d[0][\"rawBlock\"]")" >/dev/null || exit 1
	done &&
	test "$(z1 blockchain info | json "d[\"tip\"]")" = \
		"$("$ZEN" --datadir "$D2" blockchain info | json "d[\"tip\"]")" &&
	test "$(z1 blockchain mempool | json "len(d)")" = 2 &&
	test "$(addrdb)" = "{\"blocks\":11,\"synced\":true}"
'
test_expect_success 'after the reorganisation: every route equals the walk' '
	walk "$SETS" && z1 node verify >/dev/null
'
test_expect_success 'the transactions of the lost branch mined again: the walk again' '
	zr blockchain mine --blocks 1 --address $B >/dev/null &&
	test "$(z1 blockchain mempool | json "len(d)")" = 0 &&
	walk "$SETS" && z1 node verify >/dev/null
'
stop_server

# ---- kill -9 during bursts of block connections --------------------------
RANDOM=17
burst() {
	start_server --addressdb || return 1
	z1 wallet send --address $NEVER --amount $((RANDOM + 1)) --password-file "$PW" >/dev/null || return 1
	curl -s -o /dev/null -X POST -H 'Content-Type: application/json' \
		--data-binary "{\"blocks\":40,\"address\":\"$OTHER\",\"threads\":1}" \
		"$ZEN_TEST_URL/blockchain/mine" &
	local curl_pid=$!
	sleep "0.$((RANDOM % 500 + 100))"
	kill_server_hard || return 1
	wait $curl_pid 2>/dev/null
	z1 node verify >"$TRASH/verify" 2>&1 || { cat "$TRASH/verify"; return 1; }
}
failed=0
for i in 1 2 3 4 5; do
	burst 2>"$TRASH/burst.err" || { failed=$((failed + 1)); diag "burst $i: $(cat "$TRASH/burst.err")"; }
done
test_expect_success 'five kill -9 during bursts: index and chain agree after each' '
	test $failed = 0 && test "$(z1 blockchain info | json "d[\"blocks\"]")" -gt 20
'
start_server
test_expect_success 'after the kills: the index is caught up, every route equals the walk' '
	test "$(addrdb)" = "{\"blocks\":$(z1 blockchain info | json "d[\"blocks\"]"),\"synced\":true}" &&
	walk "$SETS"
'

# ---- resync -------------------------------------------------------------
test_http 'resync: an empty answer' POST /addressdb/resync 200 ''
test_expect_success 'resync rebuilds the index in the background, the same' '
	wait_synced && walk "$SETS" && z1 node verify >/dev/null
'

# ---- bad input, every route (api.md 7, 9 F19, 12) -------------------------
ZERO_ASSET=$(printf "%072d" 1)
while IFS='|' read -r path body status want; do
	[ -n "$path" ] || continue
	test_http "bad input: $path $body" POST "$path" "$status" "$want" "$body"
done <<EOF
/addressdb/balance|{}|400|Empty addresses list
/addressdb/balance|{"addresses":[]}|400|Empty addresses list
/addressdb/balance|{"addresses":"$ROOT"}|400|Json invalid: invalid addresses
/addressdb/balance|{"addresses":[7]}|400|Json invalid: invalid addresses
/addressdb/balance|{"addresses":["x"]}|400|could not decode address
/addressdb/balance|{"addresses":["$ROOT","$MAIN_ROOT"]}|400|invalid HRP
/addressdb/balance|{"addresses":["$ROOT"],"blockNumber":"x"}|400|Json invalid: invalid blockNumber
/addressdb/balance|{"addresses":["$ROOT"],"blockNumber":-1}|400|Json invalid: invalid blockNumber
/addressdb/balance|[1]|400|Json invalid: not an object
/addressdb/outputs|{"addresses":["$ROOT"]}|400|unrecognized mode
/addressdb/outputs|{"addresses":["$ROOT"],"mode":"spent"}|400|unrecognized mode
/addressdb/outputs|{"addresses":[],"mode":"all"}|400|Empty addresses list
/addressdb/transactions|{"addresses":["$ROOT"],"skip":-1,"take":1}|400|Json invalid: invalid skip
/addressdb/transactions|{"addresses":["$ROOT"],"skip":0,"take":"x"}|400|Json invalid: invalid take
/addressdb/transactions|{"addresses":["$ROOT"],"skip":0,"take":4294967296}|400|Json invalid: invalid take
/addressdb/transactions|{"skip":0,"take":1}|400|Empty addresses list
/addressdb/transactions/filterByBlockNumber|{"addresses":["$ROOT"]}|400|Json invalid: start is missing
/addressdb/transactions/filterByBlockNumber|{"addresses":["$ROOT"],"start":1}|400|Json invalid: end is missing
/addressdb/transactions/filterByBlockNumber|{"addresses":["$ROOT"],"start":"a","end":2}|400|Json invalid: invalid start
/addressdb/transactioncount|{}|400|Empty addresses list
/addressdb/transactioncount|{"addresses":["tzn1qqqq"]}|400|could not decode address
/addressdb/discovery|{"addresses":["$ROOT"],"full":"maybe"}|400|Json invalid: invalid full
/addressdb/discovery|{"addresses":[]}|400|Empty addresses list
/addressdb/contract/mint|{}|400|invalid asset
/addressdb/contract/mint|{"asset":"zz"}|400|invalid asset
/addressdb/contract/mint|{"asset":"00"}|400|No data
/addressdb/contract/mint|{"asset":"$ZERO_ASSET"}|400|No data
/addressdb/contract/history|{}|400|invalid contractId
/addressdb/contract/history|{"contractId":"00"}|400|invalid contractId
/addressdb/contract/history|{"contractId":"$ROOT"}|400|invalid contractId
/addressdb/contract/history|{"contractId":"$TOKEN_ID","skip":"x"}|400|Json invalid: invalid skip
/addressdb/contract/history/filterByBlockNumber|{"contractId":"$TOKEN_ID"}|400|Json invalid: start is missing
/addressdb/contract/history/filterByBlockNumber|{"contractId":"x","start":1,"end":2}|400|invalid contractId
/addressdb/contract/info|{}|400|Contract code is empty
/addressdb/contract/info|{"code":""}|400|Contract code is empty
/addressdb/contract/info|{"code":"x","rlimit":"x"}|400|Json is invalid: invalid rlimit
EOF
test_http 'bad input: not JSON' POST /addressdb/transactioncount 400 \
	"Json invalid: invalid token near 'x'" 'x'
test_http 'bad input: not application/json' POST /addressdb/balance 415 \
	'only application/json ContentType is supported' "{\"addresses\":[\"$ROOT\"]}" text/plain
test_http 'bad input: GET on a POST route' GET /addressdb/balance 400 'unmatched request'
test_http 'bad input: no body' POST /addressdb/balance 400 'unmatched request'
test_error 'bad input: the CLI says the same' 2 'zen: unrecognized mode' \
	address outputs $ROOT --mode none
printf 'x' >"$TRASH/bad.fst"
test_error 'bad input: a contract that does not parse' 2 \
	"zen: code:1:1: expected declaration, got 'x'" \
	address contractinfo "$TRASH/bad.fst"
stop_server

# ---- the background build, interrupted and resumed -----------------------
D3="$TRASH/d3"
test_expect_success 'a chain of 600 blocks built without the index' '
	"$MKCHAIN" "$D3" 600 $B >/dev/null &&
	test "$(addrdb "$D3")" = null
'
DATADIR=$D3
# Each case below stops the server it starts whatever happens, so that no
# server is left holding the case's output.
# half_way: at least 50 blocks built, not all; what the routes say then
half_way() {
	local i=0 n
	while [ $i -lt 300 ]; do
		case $(addrdb) in *'"synced":false'*)
			n=$(addrdb | json 'd["blocks"]')
			[ "$n" -ge 50 ] && break ;;
		esac
		sleep 0.05
		i=$((i + 1))
	done
	test "$(post /addressdb/balance "{\"addresses\":[\"$B\"]}")" = "400 addressdb is syncing" &&
	test "$(post /addressdb/contract/mint '{"asset":"00"}')" = "400 addressdb is syncing" &&
	grep -q "address index: building, block" "$TRASH/server.log"
}
test_expect_success 'zen serve --addressdb builds it in the background: routes say so' '
	ZEN_ADDRDB_BATCH=10 ZEN_ADDRDB_PAUSE_MS=30 start_server --addressdb &&
	{ half_way; ok=$?; kill_server_hard && exit $ok; }
'
K=$(addrdb | json 'd["blocks"]')
test_expect_success 'killed half-way: the index kept what it built ('"$K"' blocks)' '
	test "$K" -ge 50 && test "$K" -lt 601 &&
	test "$(addrdb)" = "{\"blocks\":$K,\"synced\":false}" &&
	"$ZEN" --datadir "$D3" node verify >/dev/null
'
# resumed: one batch of 10 at most before a pause of 3 s
resumed() {
	sleep 1
	local n
	n=$(addrdb | json 'd["blocks"]')
	test "$n" -ge "$K" && test "$n" -le $((K + 10))
}
test_expect_success 'restarted (no flag: the store remembers): it goes on from there' '
	ZEN_ADDRDB_BATCH=10 ZEN_ADDRDB_PAUSE_MS=3000 start_server &&
	{ resumed; ok=$?; stop_server && exit $ok; }
'
caught_up() {
	wait_synced &&
	grep -q "address index: caught up at block 601" "$TRASH/server.log" &&
	TOKEN_ID= walk "[[\"$B\"],[\"$OTHER\"],[\"$B\",\"$ROOT\"]]" &&
	"$ZEN" --datadir "$D3" node verify >/dev/null
}
test_expect_success 'and catches up: every route equals the walk' '
	start_server && { caught_up; ok=$?; stop_server && exit $ok; }
'

# ---- a reorganisation below a half-built index ----------------------------
D6="$TRASH/d6" D7="$TRASH/d7"
partly_built() {
	sleep 1
	case $(addrdb) in *'"synced":false'*) ;; *) return 1 ;; esac
}
test_expect_success 'an index built up to block 10 of 101' '
	"$MKCHAIN" "$D6" 100 $B >/dev/null &&
	DATADIR=$D6 &&
	ZEN_ADDRDB_BATCH=10 ZEN_ADDRDB_PAUSE_MS=5000 start_server --addressdb &&
	{ partly_built; ok=$?; kill_server_hard && test $ok = 0; } &&
	test "$(addrdb)" = "{\"blocks\":10,\"synced\":false}"
'
test_expect_success 'a longer branch from block 5: the index follows it down and up' '
	for n in 2 3 4 5; do
		"$ZEN" --datadir "$D7" blockchain publishblock "$("$ZEN" --datadir "$D6" blockchain blocks \
			--block-number $n --take 1 | json "d[0][\"rawBlock\"]")" >/dev/null || exit 1
	done &&
	"$MKCHAIN" "$D7" 110 $OTHER >/dev/null &&
	for n in $(seq 6 115); do
		"$ZEN" --datadir "$D6" blockchain publishblock "$("$ZEN" --datadir "$D7" blockchain blocks \
			--block-number $n --take 1 | json "d[0][\"rawBlock\"]")" >/dev/null || exit 1
	done &&
	test "$(addrdb "$D6")" = "{\"blocks\":115,\"synced\":true}" &&
	"$ZEN" --datadir "$D6" node verify >/dev/null
'
DATADIR=$D6
test_expect_success 'and every route equals the walk of the new branch' '
	start_server && { TOKEN_ID= walk "[[\"$B\"],[\"$OTHER\"],[\"$OTHER\",\"$B\"]]"; ok=$?;
		stop_server && exit $ok; }
'

# ---- the index from the command line -------------------------------------
D4="$TRASH/d4"
test_expect_success 'zen --addressdb: a local command builds the index first' '
	"$MKCHAIN" "$D4" 40 $B >/dev/null &&
	test "$("$ZEN" --datadir "$D4" --addressdb address transactioncount $B)" = 40 &&
	test "$(addrdb "$D4")" = "{\"blocks\":41,\"synced\":true}" &&
	"$ZEN" --datadir "$D4" blockchain mine --blocks 2 --address $B >/dev/null &&
	test "$(addrdb "$D4")" = "{\"blocks\":43,\"synced\":true}" &&
	test "$("$ZEN" --datadir "$D4" address transactioncount $B)" = 42
'
D5="$TRASH/d5"
test_expect_success 'on a terminal, a local command shows the build'"'"'s progress' '
	"$MKCHAIN" "$D5" 200 $B >/dev/null &&
	ZEN_ADDRDB_BATCH=20 script -qec "$ZEN --datadir $D5 --addressdb address transactioncount $B" \
		/dev/null >"$TRASH/tty" &&
	grep -q "zen: building the address index: 201 of 201 (100%)" "$TRASH/tty" &&
	test "$(tr "\r" "\n" <"$TRASH/tty" | grep -c "building the address index")" -ge 2 &&
	tr -d "\r" <"$TRASH/tty" | tail -n 1 | grep -qx 200
'
test_expect_success 'zen --addressdb=false drops it' '
	"$ZEN" --datadir "$D4" --addressdb=false blockchain info >/dev/null &&
	test "$(addrdb "$D4")" = null &&
	! "$ZEN" --datadir "$D4" address balance $B 2>"$TRASH/e" &&
	test "$(cat "$TRASH/e")" = "zen: AddressDB not running" &&
	"$ZEN" --datadir "$D4" node verify >/dev/null
'
test_expect_success 'zen --addressdb=x is a usage error' '
	test_must_fail() { ! "$@"; } &&
	! "$ZEN" --datadir "$D4" --addressdb=x blockchain info 2>"$TRASH/e" &&
	grep -q "invalid --addressdb" "$TRASH/e"
'
test_done
