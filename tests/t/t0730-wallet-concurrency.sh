#!/bin/bash
# Sends that run at once (issue 12): threads of zen serve and zen
# processes on one data directory.  Every acknowledged send must be its
# own transaction, in the mempool, on coins no other acknowledged send
# spends, and the balance must drop by exactly what was acknowledged
# (sends pay no fee); a send that unreserved coins cannot fund answers
# "Not enough tokens".  Then contracts paid at the same time as sends,
# the release of the coins of a send that left the mempool unconfirmed
# (a conflicting block), and raw transactions (rawtx create reserves its
# coins; signing a transaction whose coin another raw transaction of the
# wallet holds is refused).  The ZEN_WALLET_RAW_HOLD expiry needs ten
# minutes: tests/unit/test-wallet-spend covers it with a clock.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server --threads 8

WORDS="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
OTHER=tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux  # no wallet here
PASS='correct horse'
PW="$TRASH/pw"
printf '%s\n' "$PASS" >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z() { "$ZEN" --datadir "$DATADIR" "$@"; }
zd() { local d=$1; shift; "$ZEN" --datadir "$d" "$@"; }
# bal [DIR]: the ZP balance (kalapas)
bal() { zd "${1:-$DATADIR}" wallet balance | json 'sum(int(a["balance"]) for a in d if a["asset"] == "00")'; }
# pool [DIR]: the hashes in the mempool, one a line, sorted
pool() { zd "${1:-$DATADIR}" blockchain mempool | json '"\n".join(sorted(list(t.keys())[0] for t in d))'; }
# http_send N AMOUNT PREFIX: N POST /wallet/send at once; answers in
# PREFIX.I.status and PREFIX.I.body
http_send() {
	local n=$1 amount=$2 prefix=$3 i pids=
	for i in $(seq 1 "$n"); do
		curl -s -o "$prefix.$i.body" -w '%{http_code}' -X POST \
			-H 'Content-Type: application/json' --max-time 60 \
			--data-binary "{\"password\":\"$PASS\",\"address\":\"$OTHER\",\"amount\":\"$amount\"}" \
			"$ZEN_TEST_URL/wallet/send" >"$prefix.$i.status" &
		pids="$pids $!"
	done
	for i in $pids; do wait "$i"; done
}
# cli_send DIR N AMOUNT PREFIX: N `zen wallet send` processes at once;
# exit codes in PREFIX.I.rc, stdout in PREFIX.I.out, stderr in .err
cli_send() {
	local d=$1 n=$2 amount=$3 prefix=$4 i pids=
	for i in $(seq 1 "$n"); do
		( zd "$d" wallet send --address $OTHER --amount "$amount" \
			--password-file "$PW" >"$prefix.$i.out" 2>"$prefix.$i.err"
		  echo $? >"$prefix.$i.rc" ) &
		pids="$pids $!"
	done
	for i in $pids; do wait "$i"; done
}
# statuses PREFIX: the statuses of http_send, one a line
statuses() { local f; for f in "$1".*.status; do cat "$f"; echo; done; }
# acked_http PREFIX: the hashes of the 200 answers, one a line, sorted
acked_http() {
	local f
	for f in "$1".*.status; do
		[ "$(cat "$f")" = 200 ] && json d <"${f%.status}.body"
	done | sort
}
acked_cli() {
	local f
	for f in "$1".*.rc; do
		[ "$(cat "$f")" = 0 ] && json d <"${f%.rc}.out"
	done | sort
}
# same_set A B: two files hold the same lines, each once
same_set() { sort -u "$1" | cmp -s - "$1" && cmp -s "$1" "$2"; }

test_expect_success 'a wallet with 30 mature coinbase coins' '
	z wallet create --password-file "$PW" >/dev/null 2>&1 &&
	A=$(z wallet address | json d) &&
	z blockchain mine --blocks 30 --address $A >/dev/null &&
	z blockchain mine --blocks 10 --address $OTHER >/dev/null &&
	test "$(z wallet utxo | json "len(d)")" = 30
'

# ---- threads of zen serve ----------------------------------------------------
B0=$(bal)
http_send 20 1000 "$TRASH/h20"
acked_http "$TRASH/h20" >"$TRASH/h20.acked"
test_expect_success '20 simultaneous POST /wallet/send: all answer 200' '
	test "$(statuses "$TRASH/h20" | grep -c "^200$")" = 20
'
test_expect_success 'the 20 hashes are distinct and are exactly the mempool' '
	test "$(wc -l <"$TRASH/h20.acked")" = 20 &&
	pool >"$TRASH/pool" && same_set "$TRASH/h20.acked" "$TRASH/pool"
'
test_expect_success 'no coin is spent twice in the mempool' 'pool_disjoint'
test_expect_success 'the balance dropped by exactly 20 x 1000' '
	test "$(bal)" = $((B0 - 20000))
'

# Everything confirmed and mature: the balance is what can be spent.
z blockchain mine --blocks 1 --address $OTHER >/dev/null
B1=$(bal)
BIG=$((B1 * 6 / 10))
http_send 2 $BIG "$TRASH/h60"
acked_http "$TRASH/h60" >"$TRASH/h60.acked"
test_expect_success 'two simultaneous sends of 60% of the balance: one 200, one 400' '
	test "$(statuses "$TRASH/h60" | sort | tr "\n" " ")" = "200 400 "
'
test_expect_success 'the 400 is Not enough tokens' '
	for i in 1 2; do
		[ "$(cat "$TRASH/h60.$i.status")" = 400 ] || continue
		grep -q "Not enough tokens" "$TRASH/h60.$i.body" || exit 1
	done
'
test_expect_success 'the one acknowledged send is the mempool; the balance dropped by it' '
	pool >"$TRASH/pool" && same_set "$TRASH/h60.acked" "$TRASH/pool" &&
	test "$(bal)" = $((B1 - BIG))
'

# ---- processes on one data directory, the server running too ---------------
B2=$(bal)
cli_send "$DATADIR" 10 777 "$TRASH/c10"
acked_cli "$TRASH/c10" >"$TRASH/c10.acked"
test_expect_success '10 simultaneous zen wallet send processes (server running): all succeed' '
	test "$(cat "$TRASH"/c10.*.rc | grep -c "^0$")" = 10
'
test_expect_success 'their 10 hashes are distinct and in the mempool with the earlier one' '
	test "$(wc -l <"$TRASH/c10.acked")" = 10 &&
	cat "$TRASH/h60.acked" "$TRASH/c10.acked" | sort >"$TRASH/want" &&
	pool >"$TRASH/pool" && same_set "$TRASH/want" "$TRASH/pool" && pool_disjoint
'
test_expect_success 'the balance dropped by exactly 10 x 777' '
	test "$(bal)" = $((B2 - 7770))
'
test_expect_success 'HTTP and CLI sends at once (5 + 5): all succeed, all distinct' '
	B=$(bal) &&
	{ http_send 5 555 "$TRASH/mix" & h=$!; cli_send "$DATADIR" 5 555 "$TRASH/mixc"; wait $h; } &&
	{ acked_http "$TRASH/mix"; acked_cli "$TRASH/mixc"; } | sort >"$TRASH/mix.acked" &&
	test "$(wc -l <"$TRASH/mix.acked")" = 10 &&
	test "$(sort -u "$TRASH/mix.acked" | wc -l)" = 10 &&
	pool >"$TRASH/pool" && comm -23 "$TRASH/mix.acked" "$TRASH/pool" >"$TRASH/missing" &&
	test ! -s "$TRASH/missing" && pool_disjoint &&
	test "$(bal)" = $((B - 5550))
'

# ---- processes, no server ----------------------------------------------------
stop_server
z blockchain mine --blocks 1 --address $OTHER >/dev/null
B3=$(bal)
cli_send "$DATADIR" 10 1000 "$TRASH/n10"
acked_cli "$TRASH/n10" >"$TRASH/n10.acked"
test_expect_success '10 simultaneous zen wallet send processes (no server): 10 distinct, the mempool' '
	test "$(cat "$TRASH"/n10.*.rc | grep -c "^0$")" = 10 &&
	test "$(wc -l <"$TRASH/n10.acked")" = 10 &&
	pool >"$TRASH/pool" && same_set "$TRASH/n10.acked" "$TRASH/pool" &&
	pool_disjoint && test "$(bal)" = $((B3 - 10000))
'
z blockchain mine --blocks 1 --address $OTHER >/dev/null
B4=$(bal)
THIRD=$((B4 * 4 / 10))
cli_send "$DATADIR" 3 $THIRD "$TRASH/o3"
acked_cli "$TRASH/o3" >"$TRASH/o3.acked"
test_expect_success 'three processes sending 40% each: two succeed, one Not enough tokens' '
	test "$(cat "$TRASH"/o3.*.rc | sort | tr "\n" " ")" = "0 0 1 " &&
	test "$(cat "$TRASH"/o3.*.err)" = "zen: Not enough tokens" &&
	pool >"$TRASH/pool" && same_set "$TRASH/o3.acked" "$TRASH/pool" &&
	test "$(bal)" = $((B4 - 2 * THIRD))
'

# ---- contracts paid at the same time as sends --------------------------------
start_server --threads 8
z blockchain mine --blocks 1 --address $OTHER >/dev/null
TOKEN="$ZEN_SRCDIR/tests/contracts/token.fst"
TOKEN_ADDR=$(z contract id "$TOKEN" | json 'd["address"]')
test_expect_success 'a contract activation among 5 simultaneous sends: no coin shared' '
	( z contract activate "$TOKEN" 10 --password-file "$PW" >"$TRASH/act.out" 2>"$TRASH/act.err";
	  echo $? >"$TRASH/act.rc" ) & a=$! &&
	http_send 5 1000 "$TRASH/ca" && wait $a &&
	test "$(cat "$TRASH/act.rc")" = 0 &&
	{ acked_http "$TRASH/ca"; json "d[\"txHash\"]" <"$TRASH/act.out"; } | sort >"$TRASH/ca.acked" &&
	test "$(sort -u "$TRASH/ca.acked" | wc -l)" = 6 &&
	pool >"$TRASH/pool" && same_set "$TRASH/ca.acked" "$TRASH/pool" && pool_disjoint
'
test_expect_success 'two contract executions among 5 simultaneous sends: no coin shared' '
	B=$(bal) && pids= &&
	for i in 1 2; do
		( z contract execute $TOKEN_ADDR buy --spends "[{\"asset\":\"00\",\"amount\":\"1000\"}]" \
			--return-address --password-file "$PW" >"$TRASH/ex$i.out" 2>"$TRASH/ex$i.err";
		  echo $? >"$TRASH/ex$i.rc" ) & pids="$pids $!"
	done &&
	http_send 5 1000 "$TRASH/ce" && for p in $pids; do wait $p; done &&
	test "$(cat "$TRASH/ex1.rc" "$TRASH/ex2.rc")" = "0
0" &&
	{ cat "$TRASH/ca.acked"; acked_http "$TRASH/ce"; json d <"$TRASH/ex1.out"; json d <"$TRASH/ex2.out"; } |
		sort >"$TRASH/ce.acked" &&
	test "$(sort -u "$TRASH/ce.acked" | wc -l)" = 13 &&
	pool >"$TRASH/pool" && same_set "$TRASH/ce.acked" "$TRASH/pool" && pool_disjoint &&
	test "$(bal)" = $((B - 5000 - 2000))
'

# ---- release: a send that leaves the mempool unconfirmed ---------------------
# DR and D3 hold the same key (the genesis output's, 1000 ZP).  X splits
# it into X:0 (600 ZP) and X:1 (400 ZP).  D3 pays 300 ZP from X:1 (T);
# DR pays 500 ZP from X:1 and X:0 (S: coins are taken in descending
# outpoint order).  D3's block with T reaches DR: S conflicts and leaves
# DR's mempool, and X:0 must be spendable again.
DR="$TRASH/dr" D3="$TRASH/d3"
ROOT=tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
ZP=100000000
block_to() {	# SRC DST N: publish block N of SRC to DST
	zd "$2" blockchain publishblock "$(zd "$1" blockchain blocks --block-number $3 --take 1 |
		json 'd[0]["rawBlock"]')" >/dev/null
}
test_expect_success 'release: two nodes with the same key and the coins X:0, X:1' '
	zd "$DR" wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	zd "$D3" wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	zd "$DR" wallet send --outputs "[{\"address\":\"$ROOT\",\"asset\":\"00\",\"amount\":\"$((600 * ZP))\"},{\"address\":\"$ROOT\",\"asset\":\"00\",\"amount\":\"$((400 * ZP))\"}]" \
		--password-file "$PW" >"$TRASH/x" &&
	zd "$DR" blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	block_to "$DR" "$D3" 2 &&
	X=$(json d <"$TRASH/x") &&
	test "$(zd "$D3" wallet utxo | json "\" \".join(sorted(\"%s:%s\" % (u[\"outpoint\"][\"txHash\"], u[\"outpoint\"][\"index\"]) for u in d))")" = "$X:0 $X:1"
'
test_expect_success 'release: T spends X:1 on D3, S spends X:0 and X:1 on DR' '
	zd "$D3" wallet send --address $OTHER --amount $((300 * ZP)) --password-file "$PW" >"$TRASH/t" &&
	zd "$DR" wallet send --address $OTHER --amount $((500 * ZP)) --password-file "$PW" >"$TRASH/s" &&
	X=$(json d <"$TRASH/x") && T=$(json d <"$TRASH/t") && S=$(json d <"$TRASH/s") &&
	test "$(zd "$D3" blockchain transaction $T | json "[i[\"outpoint\"][\"index\"] for i in d[\"tx\"][\"inputs\"]]")" = "[1]" &&
	test "$(zd "$DR" blockchain transaction $S | json "sorted(i[\"outpoint\"][\"index\"] for i in d[\"tx\"][\"inputs\"])")" = "[0, 1]" &&
	test "$(bal "$DR")" = $((500 * ZP))
'
test_expect_success 'release: the block with T reaches DR; S leaves its mempool' '
	zd "$D3" blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	block_to "$D3" "$DR" 3 &&
	S=$(json d <"$TRASH/s") &&
	test "$(pool "$DR")" = "" &&
	! zd "$DR" blockchain transaction $S >/dev/null 2>&1
'
test_expect_success 'release: X:0 is spendable again (and T'"'"'s change is the wallet'"'"'s)' '
	test "$(bal "$DR")" = $((600 * ZP + 100 * ZP)) &&
	zd "$DR" wallet send --address $OTHER --amount $((500 * ZP)) --password-file "$PW" >"$TRASH/s2" &&
	test "$(pool "$DR")" = "$(json d <"$TRASH/s2")" &&
	test "$(bal "$DR")" = $((200 * ZP))
'

# ---- raw transactions ------------------------------------------------------------
test_expect_success 'rawtx: DR splits its 200 ZP into two coins (D3 follows)' '
	zd "$DR" blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	zd "$DR" wallet send --outputs "[{\"address\":\"$ROOT\",\"asset\":\"00\",\"amount\":\"$((100 * ZP))\"},{\"address\":\"$ROOT\",\"asset\":\"00\",\"amount\":\"$((100 * ZP))\"}]" \
		--password-file "$PW" >/dev/null &&
	zd "$DR" blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	block_to "$DR" "$D3" 4 && block_to "$DR" "$D3" 5 &&
	test "$(zd "$DR" wallet utxo | json "len(d)")" = 2
'
test_expect_success 'rawtx create twice: two transactions' '
	zd "$DR" rawtx create --address $OTHER --amount 1000 >"$TRASH/r1" &&
	zd "$DR" rawtx create --address $OTHER --amount 1000 >"$TRASH/r2" &&
	test "$(json "d[\"txHash\"]" <"$TRASH/r1")" != "$(json "d[\"txHash\"]" <"$TRASH/r2")"
'
test_expect_success 'rawtx: a send meanwhile finds both coins taken' '
	! zd "$DR" wallet send --address $OTHER --amount 1 --password-file "$PW" 2>"$TRASH/e" &&
	test "$(cat "$TRASH/e")" = "zen: Not enough tokens"
'
test_expect_success 'rawtx: both signed and published: the mempool takes both (disjoint coins)' '
	for r in r1 r2; do
		zd "$DR" rawtx sign "$(json "d[\"tx\"]" <"$TRASH/$r")" --password-file "$PW" >"$TRASH/$r.signed" &&
		zd "$DR" rawtx publish "$(json "d[\"tx\"]" <"$TRASH/$r.signed")" >/dev/null || exit 1
	done &&
	{ json "d[\"txHash\"]" <"$TRASH/r1"; json "d[\"txHash\"]" <"$TRASH/r2"; } | sort >"$TRASH/want" &&
	pool "$DR" >"$TRASH/pool" && same_set "$TRASH/want" "$TRASH/pool" && pool_disjoint "$DR"
'
test_expect_success 'rawtx sign: a coin reserved for another raw transaction is refused' '
	zd "$DR" blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	block_to "$DR" "$D3" 6 &&
	zd "$DR" rawtx create --address $OTHER --amount 1000 >"$TRASH/r3" &&
	zd "$D3" rawtx create --address $OTHER --amount 2000 >"$TRASH/r4" &&
	R3=$(json "d[\"txHash\"]" <"$TRASH/r3") &&
	! zd "$DR" rawtx sign "$(json "d[\"tx\"]" <"$TRASH/r4")" --password-file "$PW" \
		>/dev/null 2>"$TRASH/e" &&
	grep -Eq "^zen: coin [0-9a-f]{64}:[0-9]+ is reserved for transaction $R3\$" "$TRASH/e"
'
test_expect_success 'rawtx sign: its own transaction signs and publishes' '
	zd "$DR" rawtx sign "$(json "d[\"tx\"]" <"$TRASH/r3")" --password-file "$PW" >"$TRASH/r3.signed" &&
	zd "$DR" rawtx publish "$(json "d[\"tx\"]" <"$TRASH/r3.signed")" >/dev/null
'
# The reference's obsolete name of createtransaction is still served:
# two calls, one on each path, sign two transactions on distinct coins
# that pay OTHER and are not published.
ctx() {
	req POST "$1" "{\"password\":\"$PASS\",\"outputs\":[{\"address\":\"$OTHER\",\"asset\":\"00\",\"amount\":\"$2\"}]}" &&
	test "$status" = 200 && test "$(header Content-Type)" = text/plain &&
	z tx decode "$body" >"$TRASH/ctx.$2"
}
test_expect_success 'createrawtransaction and createtransaction: signed, unpublished, distinct coins' '
	ctx /wallet/createrawtransaction 4321 && ctx /wallet/createtransaction 4322 &&
	for a in 4321 4322; do
		json "[o[\"spend\"][\"amount\"] for o in d[\"tx\"][\"outputs\"] if o[\"lock\"].get(\"PK\", {}).get(\"address\") == \"$OTHER\"]" \
			<"$TRASH/ctx.$a" | grep -qx "\[.$a.\]" &&
		test "$(json "len(d[\"tx\"][\"witness\"])" <"$TRASH/ctx.$a")" -gt 0 || exit 1
	done &&
	json "\"\n\".join(sorted(i[\"outpoint\"][\"txHash\"] + \":\" + str(i[\"outpoint\"][\"index\"]) for i in d[\"tx\"][\"inputs\"]))" \
		<"$TRASH/ctx.4321" >"$TRASH/in1" &&
	json "\"\n\".join(sorted(i[\"outpoint\"][\"txHash\"] + \":\" + str(i[\"outpoint\"][\"index\"]) for i in d[\"tx\"][\"inputs\"]))" \
		<"$TRASH/ctx.4322" >"$TRASH/in2" &&
	test -s "$TRASH/in1" && test -z "$(comm -12 "$TRASH/in1" "$TRASH/in2")" &&
	pool >"$TRASH/pool.after" &&
	for a in 4321 4322; do
		h=$(json "d[\"txHash\"]" <"$TRASH/ctx.$a") && test ${#h} = 64 &&
		! grep -qx "$h" "$TRASH/pool.after" || exit 1
	done
'
test_expect_success 'the stores are consistent' '
	z node verify >/dev/null && zd "$DR" node verify >/dev/null
'
test_done
