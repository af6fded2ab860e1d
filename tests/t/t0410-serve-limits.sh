#!/bin/bash
# zen serve under load and abuse (issue 12): every kind of error reply in
# both formats (text, JSON for Accept: application/json), never HTML; the
# wrong-password throttle delays the guessers only; the connection caps
# under a low open-file limit; a burst of connections shared by the
# worker threads; the request time limit on a long contract
# run; a clean stop with work in flight.  Raw requests and timings come
# from a small python client (tests/t/serve-client.py); every time bound
# is generous, a correctness check, not a benchmark.  Loopback only.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast

AJ='Accept: application/json'
CLIENT="$ZEN_SRCDIR/tests/t/serve-client.py"
WORDS="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
OTHER=tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux
PW="$TRASH/pw"
printf 'correct horse\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z() { "$ZEN" --datadir "$DATADIR" "$@"; }
client() { python3 "$CLIENT" "$@"; }
port() { echo "${ZEN_TEST_URL##*:}"; }

# A contract that works for seconds within the evaluator's default limits:
# each turn of its loop checks a signature (the work of about a thousand
# ordinary steps), 40000 turns in about 960000 steps and 55 MiB of its 64,
# then it sends itself a message, so that the node runs it again, up to the
# 16 runs of a message chain.  Kept here, not in tests/contracts, so that
# the fuzz corpora and the contract unit tests do not run it.
cat >"$TRASH/slow.fst" <<'EOF'
open Zen.Types
open Zen.Base
open Zen.Cost

module RT = Zen.ResultT
module Crypto = Zen.Crypto

let key = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
let zero = "0000000000000000000000000000000000000000000000000000000000000000"

(* the key stands in for the signature too: 64 bytes either way *)
let rec spin (n:nat) pk h : bool `cost` 0 =
  if n = 0 then ret true
  else Crypto.verify pk pk h >>= (fun _ -> spin (n - 1) pk h)

let main txSkel _ contractId _ _ _ _ _ =
  let! pk = Crypto.parsePublicKey key in
  let! h = Crypto.parseHash zero in
  match pk, h with
  | Some pk, Some h ->
    let! _ = spin 40000 pk h in
    let msg = { recipient = contractId; command = ""; body = None } in
    RT.ok @ { tx = txSkel; message = Some msg; state = NoChange }
  | _ -> RT.autoFailw "bad constants"

let cf _ _ _ _ _ _ _ = ret (5 <: nat)
EOF

test_expect_success 'setup: a wallet and the slow contract on the chain' '
	z wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	z contract activate "$TRASH/slow.fst" 100 --password-file "$PW" >/dev/null &&
	z blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	z contract active | json "len([c for c in d if c[\"expire\"] != 4294967295])" | grep -qx 1 &&
	z contract run "$TRASH/slow.fst" --command "" | json "d[\"steps\"]" >"$TRASH/steps" &&
	test "$(cat "$TRASH/steps")" -gt 900000 && test "$(cat "$TRASH/steps")" -lt 2000000
'
SLOW=$(z contract id "$TRASH/slow.fst" | json 'd["address"]')
SLOW_BODY="{\"address\":\"$SLOW\",\"tx\":\"0000\"}"

# ---- error replies: text by default, JSON when asked, never HTML ----------
start_server

# kind TITLE STATUS TEXT CODE REQUEST...: the raw request (its head without
# Host/Accept, then the rest) answered STATUS with body TEXT as text/plain,
# and with Accept: application/json as {"error": TEXT, "code": CODE}.
kind() {
	local title=$1 st=$2 text=$3 code=$4 head=$5 rest=${6-}
	test_expect_success "$title: text" '
		client request "$(port)" "$head" "" "$rest" >"$TRASH/r" && cat "$TRASH/r" >>"$TRASH/all" &&
		test "$(sed -n 1p "$TRASH/r")" = "$st" &&
		test "$(sed -n 2p "$TRASH/r")" = text/plain &&
		test "$(sed -n 3p "$TRASH/r")" = "$text"
	'
	test_expect_success "$title: json" '
		client request "$(port)" "$head" "$AJ" "$rest" >"$TRASH/r" && cat "$TRASH/r" >>"$TRASH/all" &&
		test "$(sed -n 1p "$TRASH/r")" = "$st" &&
		test "$(sed -n 2p "$TRASH/r")" = application/json &&
		python3 -c "import json,sys; d=json.loads(sys.argv[1]); assert d == {\"error\": sys.argv[2], \"code\": int(sys.argv[3])}, d" \
			"$(sed -n 3p "$TRASH/r")" "$text" "$code"
	'
}
kind 'bad input (400)' 400 'invalid blockNumber' 2 \
	'GET /blockchain/blockreward?blockNumber=ten HTTP/1.1'
kind 'not found (404)' 404 'block not found' 3 'GET /blockchain/block?blockNumber=999 HTTP/1.1'
kind 'unknown route (400)' 400 'unmatched request' 2 'GET /no/such/route HTTP/1.1'
# api.md 1.3: 415, and a browser's cross-origin form post never runs
kind 'body that is not json (415)' 415 'only application/json ContentType is supported' 2 \
	'POST /blockchain/publishtransaction HTTP/1.1' \
	'Content-Type: text/plain\r\nContent-Length: 5\r\n\r\ntx=00'
kind 'body over the limit, refused before it is sent (413)' 413 'request body too large' 2 \
	'POST /blockchain/publishtransaction HTTP/1.1' \
	'Content-Type: application/json\r\nContent-Length: 16777217\r\nExpect: 100-continue\r\n\r\n'
kind 'chunked body over the limit (413)' 413 'invalid or too large chunked body' 2 \
	'POST /blockchain/publishtransaction HTTP/1.1' \
	'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1000001\r\n'
kind 'bad chunk (413, as evhttp)' 413 'invalid or too large chunked body' 2 \
	'POST /blockchain/publishtransaction HTTP/1.1' \
	'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n'
kind 'malformed request line (400)' 400 'malformed request' 2 'GARBAGE'
test_expect_success 'a body over the limit that is sent anyway: 413 text, readable' '
	client bigpost "$(port)" 16777217 >"$TRASH/r" && cat "$TRASH/r" >>"$TRASH/all" &&
	test "$(sed -n 1p "$TRASH/r")" = 413 && test "$(sed -n 2p "$TRASH/r")" = text/plain &&
	test "$(sed -n 3p "$TRASH/r")" = "request body too large"
'
for m in PUT DELETE HEAD FOO; do
	test_expect_success "$m: 405, empty, no content type, either way" '
		client request "$(port)" "$m /blockchain/info HTTP/1.1" "" >"$TRASH/r" && cat "$TRASH/r" >>"$TRASH/all" &&
		test "$(cat "$TRASH/r")" = "$(printf "405\n-\n")" &&
		client request "$(port)" "$m /blockchain/info HTTP/1.1" "$AJ" >"$TRASH/r" && cat "$TRASH/r" >>"$TRASH/all" &&
		test "$(cat "$TRASH/r")" = "$(printf "405\n-\n")"
	'
done
test_expect_success 'OPTIONS: 202, empty, no content type, either way' '
	client request "$(port)" "OPTIONS /blockchain/info HTTP/1.1" "" >"$TRASH/r" && cat "$TRASH/r" >>"$TRASH/all" &&
	test "$(cat "$TRASH/r")" = "$(printf "202\n-\n")" &&
	client request "$(port)" "OPTIONS /wallet/send HTTP/1.1" "$AJ" >"$TRASH/r" && cat "$TRASH/r" >>"$TRASH/all" &&
	test "$(cat "$TRASH/r")" = "$(printf "202\n-\n")"
'
test_expect_success 'no reply above was html' '
	test -s "$TRASH/all" && ! grep -qi "html" "$TRASH/all"
'
test_expect_success 'zen --url still reads the exit code of a JSON error' '
	"$ZEN" --url "$ZEN_TEST_URL" blockchain block --block-number 999 2>"$TRASH/e"; test $? = 3 &&
	test "$(cat "$TRASH/e")" = "zen: block not found"
'

# ---- the wrong-password throttle ------------------------------------------
# 32 guessers, each from its own address (127.0.0.2 ..), for 6 s.  Their
# first tries run at once, then 10 a second in all; each gets "false", late.
# Meanwhile /blockchain/info and the right password from 127.0.0.1 are
# answered at once.
test_expect_success 'guessers are delayed within the caps, nobody else' '
	client guess "$(port)" 32 6 "correct horse" >"$TRASH/g" 2>&1; rc=$?
	cat "$TRASH/g"; test $rc = 0
'
test_expect_success 'the throttle did not hold an event loop: a clean CLI answer' '
	"$ZEN" --url "$ZEN_TEST_URL" wallet checkpassword --password-file "$PW" >"$TRASH/o" &&
	test "$(cat "$TRASH/o")" = true
'
test_expect_success 'a burst of 40 connections is shared by the two workers' '
	client burst "$(port)" 40 "$SERVER_PID" >"$TRASH/p" 2>&1; rc=$?
	cat "$TRASH/p"; test $rc = 0
'
stop_server

# ---- the connection caps, under ulimit -n 256 -----------------------------
# start_limited LOG ARGS...: zen serve with a hard open-file limit of 256
# (in a subshell: only the server has it); sets LPID and LPORT.
start_limited() {
	local log=$1 i=0
	shift
	(ulimit -n 256 && exec "$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 \
		--threads 2 "$@") 2>"$log" &
	LPID=$!
	LPORT=
	while [ $i -lt 300 ] && [ -z "$LPORT" ]; do
		LPORT=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$log")
		kill -0 $LPID 2>/dev/null || break
		sleep 0.1
		i=$((i + 1))
	done
	test -n "$LPORT"
}

test_expect_success 'a cap above what the open-file limit allows is refused' '
	(ulimit -n 256 && exec "$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 \
		--max-connections 1000) 2>"$TRASH/e"; test $? = 2 &&
	grep -q "needs an open-file limit of at least" "$TRASH/e"
'
test_expect_success 'the soft open-file limit is raised to the hard one at start' '
	(ulimit -Sn 64 && ulimit -Hn 512 && exec "$ZEN" --datadir "$DATADIR" serve \
		--bind 127.0.0.1:0 --threads 2) 2>"$TRASH/rl.log" &
	pid=$! i=0
	while ! grep -q "serving" "$TRASH/rl.log" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	soft=$(sed -n "s/^Max open files *\([0-9]*\) *\([0-9]*\).*/\1 \2/p" /proc/$pid/limits)
	stop_pid $pid "$TRASH/rl.log" && test "$soft" = "512 512"
'
test_expect_success 'per address: 2x the cap idle from 127.0.0.2, others served' '
	start_limited "$TRASH/l1" --max-connections-per-address 8 &&
	client percap "$LPORT" 8 >"$TRASH/p" 2>&1; rc=$?
	cat "$TRASH/p"; stop_pid $LPID "$TRASH/l1" && test $rc = 0 &&
	! grep -q "Too many open files" "$TRASH/l1"
'
test_expect_success 'total: past --max-connections everyone gets 503, then served again' '
	start_limited "$TRASH/l2" --max-connections 12 --max-connections-per-address 8 &&
	client totalcap "$LPORT" 12 >"$TRASH/p" 2>&1; rc=$?
	cat "$TRASH/p"; stop_pid $LPID "$TRASH/l2" && test $rc = 0 &&
	! grep -q "Too many open files" "$TRASH/l2"
'
test_expect_success 'a flood of 1000 idle connections never runs out of descriptors' '
	start_limited "$TRASH/l3" &&
	client flood "$LPORT" 1000 >"$TRASH/p" 2>&1; rc=$?
	cat "$TRASH/p"; stop_pid $LPID "$TRASH/l3" && test $rc = 0 &&
	! grep -qi "too many open files\|accept()" "$TRASH/l3"
'
# ---- the request time limit ------------------------------------------------
start_server --request-timeout 1
test_expect_success 'a long contract run: 503 text after 1 s, others served meanwhile' '
	client slow "$(port)" "$SLOW_BODY" "" >"$TRASH/s" 2>&1; rc=$?
	cat "$TRASH/s"; test $rc = 0 &&
	grep -qx "reply 503 text/plain request timed out after 1 s" "$TRASH/s"
'
test_expect_success 'the same as json' '
	client slow "$(port)" "$SLOW_BODY" "$AJ" >"$TRASH/s" 2>&1; rc=$?
	cat "$TRASH/s"; test $rc = 0 &&
	grep -qx "reply 503 application/json {\"error\":\"request timed out after 1 s\",\"code\":5}" "$TRASH/s"
'
test_expect_success 'its work stopped with the reply' '
	client cpu "$(port)" "$SLOW_BODY" "$SERVER_PID" >"$TRASH/c" 2>&1; rc=$?
	cat "$TRASH/c"; test $rc = 0
'
test_expect_success 'a client that leaves during the run: the server goes on' '
	client leave "$(port)" "$SLOW_BODY" && sleep 1.5 &&
	http GET /blockchain/info && test "$status" = 200
'
BAL=$(z wallet balance)
test_expect_success 'a paid execution cut by the limit writes nothing' '
	client post "$(port)" /wallet/contract/execute \
		"{\"address\":\"$SLOW\",\"command\":\"\",\"password\":\"correct horse\"}" >"$TRASH/r" && cat "$TRASH/r" >>"$TRASH/all" &&
	test "$(sed -n 1p "$TRASH/r")" = 503 &&
	test "$(sed -n 3p "$TRASH/r")" = "request timed out after 1 s" &&
	sleep 1 && test "$(z blockchain mempool)" = "[]" &&
	test "$(z wallet balance)" = "$BAL" && z node verify >/dev/null
'
stop_server

# ---- work nobody waits for; a clean stop with work in flight --------------
start_server	# the default time limit, 60 s
test_expect_success 'a client that leaves during a long run: the work stops' '
	client leavecpu "$(port)" "$SLOW_BODY" "$SERVER_PID" >"$TRASH/c" 2>&1; rc=$?
	cat "$TRASH/c"; test $rc = 0
'
client hold "$(port)" "$SLOW_BODY" >"$TRASH/hold" 2>&1 &
HOLD=$!
client pester "$(port)" 8 30 >"$TRASH/pester" 2>&1 &
PESTER=$!
test_expect_success 'a contract run and throttled guesses under way' '
	sleep 2 && http GET /blockchain/info && test "$status" = 200 &&
	test ! -s "$TRASH/hold" && test ! -s "$TRASH/pester"
'
t0=$(date +%s%N)
stop_server	# its own TAP line: exit 0, no sanitizer report
t1=$(date +%s%N)
wait $HOLD $PESTER
test_expect_success 'SIGTERM stopped it in less than 5 s; the clients saw the close' '
	test $(( (t1 - t0) / 1000000 )) -lt 5000 && grep -q "^closed" "$TRASH/hold" &&
	grep -q "^pester: [0-9]* guesses" "$TRASH/pester"
'
test_done
