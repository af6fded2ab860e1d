#!/bin/bash
# A desktop-wallet session replayed against zen serve (issue 14): the
# calls, request shapes and headers of the reference's desktop wallet,
# read (as a specification only) from zenprotocol/zenwallet at commit
# 158c7b74d2514253fa9cef4710d6e98e7751fb19 (release 1.0.6):
# app/services/api-service.js (every request), app/stores/*.js (when each
# is made and what is read of the reply), app/pages/Loading/loadUtil.js,
# app/services/confirmPasswordModal.js, app/utils/PollManager.js.
#
# Transport: axios 0.19 in the Electron renderer.  Every request carries
# axios's default "Accept: application/json, text/plain, */*"; POSTs send
# JSON.stringify of an object literal with "Content-Type: application/json";
# GET /wallet/transactioncount and /wallet/transactions ask for that
# Content-Type too (sent here, though XHR drops it without a body).  Errors
# are read as error.response.data and shown as text (send, deploy, run),
# so they must be text/plain.  Amounts and numberOfBlocks are JS numbers.
# Polling: /wallet/balance 5 s, /blockchain/info then
# /network/connections/count 2.5 s, /contract/active 3 s,
# /wallet/transactioncount 5 s.  Every protected action (send, deploy,
# run, keys, seed, remove) first asks POST /wallet/checkpassword, which
# must answer 200 true or false, never an error.
#
# The session, in order:
#   launch:   GET /blockchain/info, GET /network/connections/count,
#             GET /wallet/exists (false)
#   import:   POST /wallet/import {words:[24], password}, then polls
#             (balance, info, connections), GET /contract/active,
#             GET /wallet/resync
#   portfolio/receive: GET /wallet/transactioncount, GET /wallet/address,
#             GET /address/decode?address= (reads pkHash)
#   (the node mines: blocks to the wallet's address)
#   history:  GET /wallet/transactions?skip=0&take=20
#   send:     checkpassword, POST /wallet/send {outputs:[{asset,address,
#             amount}], password}; too much: 400 "Not enough tokens"
#   offline:  checkpassword, POST /wallet/createrawtransaction (same body)
#   deploy:   checkpassword, POST /wallet/contract/activate {code,
#             numberOfBlocks, rlimit: 2723280, password}, GET /contract/active
#   run:      checkpassword, POST /wallet/contract/execute {address,
#             options:{returnAddress, sign}, spends:[{asset, amount}],
#             command, password}
#   history:  transactions?skip=0&take=10000000 (snapshot), paging
#   keys:     checkpassword, POST /wallet/keys {password}
#   seed:     checkpassword, POST /wallet/mnemonicphrase {password}
#   unlock:   GET /wallet/exists (true), checkpassword wrong then right
#   resync:   GET /wallet/resync
#   remove:   checkpassword, POST /wallet/remove {password}, GET /wallet/exists
# Not called by this wallet against its own node (so not here): utxo,
# publickey, getnewaddress, /wallet/lock and /wallet/locked (defined in
# api-service.js, never called), sign (idem); the CGP page's
# /blockchain/cgp, /blockchain/cgp/history and /blockchain/candidates
# belong to another issue.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

TOKEN="$ZEN_SRCDIR/tests/contracts/token.fst"
L=$(wc -c <"$TOKEN")	# ASCII source: code length = bytes
FEE=27232		# activation fee: 1 synthetic query * 2723280 / 100
PW='secret pass'
AXIOS_ACCEPT='Accept: application/json, text/plain, */*'
zr() { "$ZEN" --url "$ZEN_TEST_URL" "$@"; }

# call METHOD PATH [BODY [CT]]: one request as the wallet's axios makes it;
# a body (or CT=ct) adds Content-Type: application/json.  Sets $status and
# leaves the body in $TRASH/wbody, the headers (CR stripped) in $TRASH/whdr.
call() {
	local method=$1 path=$2 data=${3-} ct=${4-}
	local args=(-s -o "$TRASH/wbody" -D "$TRASH/whdr.raw" -w '%{http_code}'
		-X "$method" -H "$AXIOS_ACCEPT")
	[ -n "$data" ] && args+=(--data-binary "$data") && ct=ct
	[ -n "$ct" ] && args+=(-H 'Content-Type: application/json')
	status=$(curl "${args[@]}" "$ZEN_TEST_URL$path")
	tr -d '\r' <"$TRASH/whdr.raw" >"$TRASH/whdr"
}
body() { cat "$TRASH/wbody"; }
jbody() { json "$1" <"$TRASH/wbody"; }

# reply STATUS KIND [WANT]: the last call's status, content type and body.
#   text WANT        text/plain, the body exactly WANT
#   text~ WANT       text/plain, the body contains WANT
#   empty            no Content-Type, no body
#   json TYPE [WANT] application/json, compact JSON of TYPE (bool, number,
#                    string, array, object); WANT: the exact body
#   keys K1,K2,...   an object with exactly these keys, in this order
#   rows K1,K2,...   an array of such objects (may be empty)
reply() {
	python3 - "$status" "$TRASH/whdr" "$TRASH/wbody" "$@" <<'EOF'
import json, re, sys
got, hdr, path, want, kind = sys.argv[1:6]
arg = sys.argv[6] if len(sys.argv) > 6 else None
raw = open(path, "rb").read()
ctypes = [l.split(":", 1)[1].strip() for l in open(hdr).read().split("\n")
          if l.lower().startswith("content-type:")]
ctype = ctypes[-1] if ctypes else None
def fail(why):
    sys.exit("%s\nstatus %s, content type %s, body %r" % (why, got, ctype, raw[:300]))
if got != want:
    fail("status %s, want %s" % (got, want))
if kind == "empty":
    if raw or ctype:
        fail("want an empty reply without a content type")
    sys.exit(0)
if kind in ("text", "text~"):
    if ctype != "text/plain":
        fail("want text/plain")
    text = raw.decode()
    if (kind == "text" and text != arg) or (kind == "text~" and arg not in text):
        fail("want text %r" % arg)
    sys.exit(0)
if ctype != "application/json":
    fail("want application/json")
d = json.loads(raw)
if raw.endswith(b"\n"):
    fail("a trailing newline")
types = {"bool": bool, "string": str, "array": list, "object": dict}
if kind == "json":
    t = arg.split()[0] if arg else ""
    ok = (isinstance(d, (int, float)) and not isinstance(d, bool)) \
        if t == "number" else isinstance(d, types[t])
    if not ok:
        fail("want a JSON %s" % t)
    if len(sys.argv) > 7 and raw.decode() != sys.argv[7]:
        fail("want body %s" % sys.argv[7])
elif kind == "keys":
    if not isinstance(d, dict) or list(d) != arg.split(","):
        fail("want an object with keys %s" % arg)
elif kind == "rows":
    if not isinstance(d, list) or any(not isinstance(e, dict) or
            list(e)[:len(arg.split(","))] != arg.split(",") for e in d):
        fail("want an array of objects with keys %s" % arg)
else:
    fail("unknown kind %s" % kind)
EOF
}

# The bodies the wallet builds, as JSON.stringify writes them.
jsonof() { python3 -c 'import json,sys; print(json.dumps(eval(sys.argv[1]), separators=(",", ":"), ensure_ascii=False))' "$1"; }
PWJ=$(jsonof "{'password': '''$PW'''}")
checkpassword() {	# the gate before every protected action
	call POST /wallet/checkpassword "$PWJ" && reply 200 json bool true
}
send_body() {	# ADDRESS AMOUNT: api-service.js postTransaction
	jsonof "{'outputs': [{'asset': '00', 'address': '$1', 'amount': $2}], 'password': '''$PW'''}"
}
net_poll() {	# networkStore.fetch: info, then the peer count
	call GET /blockchain/info &&
	reply 200 keys chain,blocks,headers,difficulty,medianTime,initialBlockDownload,tip &&
	test "$(jbody 'd["chain"]')" = local &&
	test "$(jbody 'd["blocks"] == d["headers"] and not d["initialBlockDownload"]')" = True &&
	call GET /network/connections/count && reply 200 json number 0
}
balance_is() {	# ZP [TOKEN_ID AMOUNT]: the exact /wallet/balance reply
	local want="[{\"asset\":\"00\",\"balance\":$1}]"
	[ $# = 3 ] && want="[{\"asset\":\"00\",\"balance\":$1},{\"asset\":\"$2\",\"balance\":$3}]"
	call GET /wallet/balance && reply 200 json array "$want"
}
HIST=txHash,asset,amount,confirmations,lock
count_is() {	# N: the transactioncount poll
	call GET /wallet/transactioncount "" ct && reply 200 json number "$1"
}

# ---- launch ------------------------------------------------------------------
test_expect_success 'launch: blockchain info and peer count' 'net_poll'
test_expect_success 'launch: no wallet yet (JSON false)' '
	call GET /wallet/exists && reply 200 json bool false
'
test_expect_success 'before import: a wallet call answers text "no account"' '
	call GET /wallet/balance && reply 400 text "no account"
'

# ---- import (SetPassword -> secretPhraseStore.importWallet) ------------------
IMPORT=$(jsonof "{'words': '''$WORDS'''.split(), 'password': '''$PW'''}")
test_expect_success 'import: 24 words as an array and the password: 200 text' '
	call POST /wallet/import "$IMPORT" && reply 200 text "account imported"
'
test_expect_success 'after import: balance poll, the genesis output' 'balance_is $GEN'
test_expect_success 'after import: network poll' 'net_poll'
# The local chain's built-in CGP and voting contracts are always active,
# never expiring (t0910); the others are listed apart from them.
test_expect_success 'after import: no active contract but the two built-ins' '
	call GET /contract/active && reply 200 rows contractId &&
	test "$(jbody "[c[\"expire\"] for c in d]")" = "[4294967295, 4294967295]"
'
test_expect_success 'after import: GET /wallet/resync answers 200, empty' '
	call GET /wallet/resync && reply 200 empty
'
test_expect_success 'portfolio: transaction count poll' 'count_is 1'
test_expect_success 'receive: the address is a JSON string' '
	call GET /wallet/address && reply 200 json string "\"$ROOT\""
'
test_expect_success 'receive: its pkHash from /address/decode' '
	call GET "/address/decode?address=$ROOT" && reply 200 keys pkHash &&
	test "$(jbody "d[\"pkHash\"]")" = $ROOT_PKH
'

# ---- the node mines ten blocks to the wallet (2..11: block 2's coinbase
# is spendable at tip 11) -------------------------------------------------------
REWARDS=0
for n in 2 3 4 5 6 7 8 9 10 11; do
	REWARDS=$((REWARDS + $(zr blockchain blockreward $n)))
done
test_expect_success 'mine blocks 2-11 to the wallet' '
	zr blockchain mine --blocks 10 --address $ROOT >/dev/null && net_poll &&
	call GET /blockchain/info && test "$(jbody "d[\"blocks\"]")" = 11
'
B=$((GEN + REWARDS))
test_expect_success 'balance poll: the genesis output and ten rewards' 'balance_is $B'
test_expect_success 'count poll: eleven history rows' 'count_is 11'
test_expect_success 'transactions page 1 (skip 0, take 20): newest first' '
	call GET "/wallet/transactions?skip=0&take=20" "" ct && reply 200 rows $HIST &&
	test "$(jbody "len(d)")" = 11 &&
	test "$(jbody "[e[\"confirmations\"] for e in d]")" = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]" &&
	test "$(jbody "d[-1][\"txHash\"] + \" \" + d[-1][\"amount\"]")" = "$GEN_TX $GEN" &&
	test "$(jbody "sum(int(e[\"amount\"]) for e in d)")" = $B
'

# ---- send (SendTx: amount is zenToKalapas(1.5), a JS number) -----------------
SEND=150000000
test_expect_success 'send: checkpassword, then POST /wallet/send: a JSON string hash' '
	checkpassword && call POST /wallet/send "$(send_body $OTHER $SEND)" &&
	reply 200 json string && jbody d >"$TRASH/h_send" &&
	grep -Eqx "[0-9a-f]{64}" "$TRASH/h_send"
'
H_SEND=$(cat "$TRASH/h_send")
B=$((B - SEND))
test_expect_success 'balance poll after the send' 'balance_is $B'
test_expect_success 'count poll: the send is a new row' 'count_is 12'
test_expect_success 'transactions: the send on top, unconfirmed, negative' '
	call GET "/wallet/transactions?skip=0&take=20" "" ct && reply 200 rows $HIST &&
	test "$(jbody "\" \".join(str(d[0][k]) for k in (\"txHash\", \"asset\", \"amount\", \"confirmations\"))")" = \
		"$H_SEND 00 -$SEND 0"
'
test_expect_success 'the send is in the mempool, paying OTHER' '
	zr blockchain transaction $H_SEND >"$TRASH/tx" &&
	test "$(json "[(o[\"lock\"][\"PK\"][\"address\"], o[\"spend\"][\"amount\"]) for o in d[\"tx\"][\"outputs\"] if o[\"lock\"].get(\"PK\", {}).get(\"address\") == \"$OTHER\"]" <"$TRASH/tx")" = \
		"[('"'"'$OTHER'"'"', '"'"'$SEND'"'"')]"
'
test_expect_success 'send more than the wallet has: 400 text "Not enough tokens"' '
	checkpassword && call POST /wallet/send "$(send_body $OTHER 100000000000000)" &&
	reply 400 text "Not enough tokens"
'
test_expect_success 'send to an address that does not decode: 400 text' '
	checkpassword && call POST /wallet/send "$(send_body tzn1qqqq 1)" &&
	reply 400 text "Address is invalid: could not decode address"
'
test_expect_success 'offline send: POST /wallet/createrawtransaction answers the hex as text' '
	checkpassword && call POST /wallet/createrawtransaction "$(send_body $OTHER 1000)" &&
	reply 200 text~ "" && grep -Eqx "([0-9a-f]{2})+" "$TRASH/wbody" &&
	zr tx decode "$(body)" >"$TRASH/raw" &&
	test "$(json "[o[\"spend\"][\"amount\"] for o in d[\"tx\"][\"outputs\"] if o[\"lock\"].get(\"PK\", {}).get(\"address\") == \"$OTHER\"]" <"$TRASH/raw")" = \
		"['"'"'1000'"'"']" &&
	test "$(json "sorted(set(list(w)[0] for w in d[\"tx\"][\"witness\"]))" <"$TRASH/raw")" = "['"'"'PKWitness'"'"']"
'
test_expect_success 'the offline send was not published: balance unchanged' '
	balance_is $B && zr blockchain mempool >"$TRASH/pool" &&
	test "$(json "[list(t)[0] for t in d]" <"$TRASH/pool")" = "['"'"'$H_SEND'"'"']"
'
test_expect_success 'mine the send (block 12, to another address)' '
	zr blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	call GET "/wallet/transactions?skip=0&take=1" "" ct && reply 200 rows $HIST &&
	test "$(jbody "d[0][\"txHash\"] + \" \" + str(d[0][\"confirmations\"])")" = "$H_SEND 1"
'

# ---- deploy a contract (DeployContract: numberOfBlocks a JS number) ----------
activate_body() {	# BLOCKS
	python3 -c 'import json,sys; print(json.dumps({"code": open(sys.argv[1]).read(),
		"numberOfBlocks": int(sys.argv[2]), "rlimit": 2723280, "password": sys.argv[3]},
		separators=(",", ":"), ensure_ascii=False))' "$TOKEN" "$1" "$PW"
}
test_expect_success 'deploy with an empty block count: 400 text' '
	checkpassword && call POST /wallet/contract/activate "$(activate_body 0)" &&
	reply 400 text "Number of blocks is zero"
'
test_expect_success 'deploy for more blocks than the wallet pays: 400 text' '
	checkpassword && call POST /wallet/contract/activate "$(activate_body 4294967295)" &&
	reply 400 text "Not enough tokens"
'
test_expect_success 'deploy for 10 blocks: address, contractId, txHash, numberOfBlocks' '
	checkpassword && call POST /wallet/contract/activate "$(activate_body 10)" &&
	reply 200 keys address,contractId,txHash,numberOfBlocks && cp "$TRASH/wbody" "$TRASH/act" &&
	test "$(jbody "d[\"numberOfBlocks\"]")" = 10 && test "$(jbody "type(d[\"numberOfBlocks\"]).__name__")" = str
'
CID=$(json 'd["contractId"]' <"$TRASH/act")
CADDR=$(json 'd["address"]' <"$TRASH/act")
H_ACT=$(json 'd["txHash"]' <"$TRASH/act")
test_expect_success 'the contract id is the id of the code, and /contract/contractId agrees' '
	test "$(zr contract id "$TOKEN" | json "d[\"contractId\"] + \" \" + d[\"address\"]")" = "$CID $CADDR" &&
	call GET "/contract/contractId?address=$CADDR" && reply 200 text "$CID"
'
test_expect_success 'active contracts poll: the contract, expire 22 (mined in block 13: 13 + 10 - 1)' '
	call GET /contract/active && reply 200 rows contractId &&
	test "$(jbody "[(c[\"contractId\"], c[\"address\"], c[\"expire\"], c[\"code\"] == open(\"$TOKEN\").read()) for c in d if c[\"expire\"] != 4294967295]")" = \
		"[('"'"'$CID'"'"', '"'"'$CADDR'"'"', 22, True)]"
'
B=$((B - 10 * L - FEE))
test_expect_success 'balance poll: the sacrifice and the fee are paid' 'balance_is $B'
test_expect_success 'mine the activation (block 13)' '
	zr blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	zr blockchain transaction $H_ACT | json "d[\"confirmations\"]" >"$TRASH/c" &&
	test "$(cat "$TRASH/c")" = 1
'

# ---- run the contract (RunContract: options always nested) ------------------
execute_body() {	# RETURN SIGN AMOUNT: runContractStore.payloadData + password
	jsonof "{'address': '$CADDR', 'options': {'returnAddress': $1, 'sign': '''$2'''}, 'spends': [{'asset': '00', 'amount': $3}], 'command': 'buy', 'password': '''$PW'''}"
}
test_expect_success 'run without a return address: the contract refuses, as text' '
	checkpassword && call POST /wallet/contract/execute "$(execute_body False "" 1000)" &&
	reply 400 text~ "returnAddress is required"
'
test_expect_success 'run buy with 1000 kalapas: a JSON string hash' '
	checkpassword && call POST /wallet/contract/execute "$(execute_body True "" 1000)" &&
	reply 200 json string && jbody d >"$TRASH/h_ex" && grep -Eqx "[0-9a-f]{64}" "$TRASH/h_ex"
'
test_expect_success 'run buy signed by the key at m/44'"'"'/258'"'"'/0'"'"'/0/0' '
	checkpassword && call POST /wallet/contract/execute "$(execute_body True "m/44'"'"'/258'"'"'/0'"'"'/0/0" 7)" &&
	reply 200 json string && jbody d >"$TRASH/h_ex2"
'
H_EX=$(cat "$TRASH/h_ex")
B=$((B - 1007))
test_expect_success 'balance poll: ZP paid, 1007000 tokens minted to the wallet' '
	balance_is $B $CID 1007000
'
test_expect_success 'mine both executions (block 14)' '
	zr blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	test "$(zr blockchain transaction $H_EX | json "d[\"confirmations\"]")" = 1 &&
	test "$(zr blockchain transaction $(cat "$TRASH/h_ex2") | json "d[\"confirmations\"]")" = 1 &&
	balance_is $B $CID 1007000
'

# ---- history: the count, the snapshot (take 10000000) and paging -------------
# rows: 1 genesis + 10 coinbases + send + activation + 2 executions x 2 assets
test_expect_success 'count poll: 17 rows' 'count_is 17'
test_expect_success 'the CGP snapshot read: skip 0 take 10000000, every row' '
	call GET "/wallet/transactions?skip=0&take=10000000" "" ct && reply 200 rows $HIST &&
	cp "$TRASH/wbody" "$TRASH/all" && test "$(jbody "len(d)")" = 17 &&
	test "$(jbody "sum(int(e[\"amount\"]) for e in d if e[\"asset\"] == \"00\")")" = $B &&
	test "$(jbody "sum(int(e[\"amount\"]) for e in d if e[\"asset\"] != \"00\")")" = 1007000
'
test_expect_success 'paging: pageSize 5, pages 2 and 4 are slices of the whole list' '
	call GET "/wallet/transactions?skip=5&take=5" "" ct && reply 200 rows $HIST &&
	test "$(jbody d)" = "$(json "d[5:10]" <"$TRASH/all")" &&
	call GET "/wallet/transactions?skip=15&take=5" "" ct &&
	test "$(jbody d)" = "$(json "d[15:20]" <"$TRASH/all")" &&
	test "$(jbody "len(d)")" = 2
'

# ---- keys, seed ------------------------------------------------------------
test_expect_success 'keys: publicKey and path; the 0/0 key hashes to the address' '
	checkpassword && call POST /wallet/keys "$PWJ" && reply 200 rows publicKey,path &&
	jbody "[e[\"publicKey\"] for e in d if e[\"path\"] == \"m/44'"'"'/258'"'"'/0'"'"'/0/0\"][0]" >"$TRASH/pk" &&
	test "$(python3 -c "import hashlib,sys; print(hashlib.sha3_256(bytes.fromhex(sys.argv[1])).hexdigest())" "$(cat "$TRASH/pk")")" = $ROOT_PKH
'
test_expect_success 'show seed: the words as text, separated by single spaces' '
	checkpassword && call POST /wallet/mnemonicphrase "$PWJ" && reply 200 text "$WORDS"
'

# ---- next launch: unlock ----------------------------------------------------------
test_expect_success 'next launch: the wallet exists (JSON true)' '
	net_poll && call GET /wallet/exists && reply 200 json bool true
'
test_expect_success 'unlock with a wrong password: 200 false (not an error)' '
	call POST /wallet/checkpassword "{\"password\":\"wrong\"}" && reply 200 json bool false
'
test_expect_success 'unlock with the password: 200 true' 'checkpassword'
# Not a call of the wallet's own flow (checkpassword guards it), but what it
# shows when the password changes under it: the reference's text.
test_expect_success 'a wrong password on a protected call: 400 text "Bad password"' '
	call POST /wallet/mnemonicphrase "{\"password\":\"wrong\"}" && reply 400 text "Bad password"
'

# ---- resync ------------------------------------------------------------------
test_expect_success 'resync: 200 empty; balance and history are the same after it' '
	call GET /wallet/resync && reply 200 empty &&
	balance_is $B $CID 1007000 &&
	call GET "/wallet/transactions?skip=0&take=10000000" "" ct &&
	cmp "$TRASH/wbody" "$TRASH/all"
'

# ---- remove (TermsOfService "back", Settings) ------------------------------------
test_expect_success 'remove: 200 text "wallet removed"' '
	checkpassword && call POST /wallet/remove "$PWJ" && reply 200 text "wallet removed"
'
test_expect_success 'after remove: exists is false, balance is "no account"' '
	call GET /wallet/exists && reply 200 json bool false &&
	call GET /wallet/balance && reply 400 text "no account"
'

# ---- the same refusal for other Accept headers -------------------------------
# Text unless the client names application/json without the any-type range:
# zen's own client (application/json, text/plain) gets the JSON object.
accept_is() {	# ACCEPT KIND: GET /wallet/balance (no account) with that Accept
	req GET /wallet/balance "" -H "Accept: $1" &&
	test "$status" = 400 && test "$(header Content-Type)" = "$2"
}
test_expect_success 'no Accept, */* and a browser'"'"'s Accept: text' '
	req GET /wallet/balance && test "$status" = 400 && test "$body" = "no account" &&
	test "$(header Content-Type)" = text/plain &&
	accept_is "*/*" text/plain &&
	accept_is "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" text/plain &&
	accept_is "application/json, text/javascript, */*; q=0.01" text/plain
'
test_expect_success 'zen'"'"'s client and a bare application/json: the JSON object' '
	accept_is "application/json, text/plain" application/json &&
	test "$body" = "{\"error\":\"no account\",\"code\":1}" &&
	accept_is "application/json" application/json
'
test_done
