#!/bin/bash
# Contracts on a local chain, end to end: wallet A (the key of the local
# genesis output, in DATADIR, served by zen serve) activates the token
# contract of tests/contracts, executes it to mint tokens to itself, and
# sends ZP and tokens to wallet B (data directory D2) in one transaction;
# a reorganisation takes the send's block away; extension, expiry, the
# unsigned execution of /blockchain/contract/execute (the reference's
# vector), and the refusal of bad input, each leaving everything as it was.
# Every amount is computed by hand from the rules of contracts.md 1.2-1.4
# and wallet.md 9-12, with L the token's code length in bytes.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

C="$ZEN_SRCDIR/tests/contracts"
TOKEN="$C/token.fst"
L=$(wc -c <"$TOKEN")	# ASCII source: code length = bytes
FEE=27232		# activation fee: 1 synthetic query * 2723280 / 100
D2="$TRASH/d2" D3="$TRASH/d3"
PW="$TRASH/pw"
printf 'correct horse\n' >"$PW"
printf 'wrong\n' >"$TRASH/badpw"
printf '%s\n' "$WORDS" >"$TRASH/words"
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
z2() { "$ZEN" --datadir "$D2" "$@"; }
zr() { "$ZEN" --url "$ZEN_TEST_URL" "$@"; }
mine() { z1 blockchain mine --blocks "$1" --address $OTHER >/dev/null; }
tipn() { z1 blockchain info | json 'd["blocks"]'; }
# carry DST: publish every main-chain block of DATADIR (known ones are
# skipped, a branch switch follows), then DATADIR's mempool
carry() {
	local n=1 m
	m=$(tipn)
	while [ $n -lt "$m" ]; do
		n=$((n + 1))
		"$ZEN" --datadir "$1" blockchain publishblock "$(z1 blockchain blocks \
			--block-number $n --take 1 | json 'd[0]["rawBlock"]')" >/dev/null || return 1
	done
	# (after a branch switch DST may hold them already: not an error)
	for h in $(z1 blockchain mempool | json '" ".join(list(t.keys())[0] for t in d)'); do
		"$ZEN" --datadir "$1" blockchain publishtransaction \
			"$(z1 blockchain transaction $h --hex | json 'd["tx"]')" >/dev/null 2>&1
	done
	return 0
}
# fields KEY...: the values of keys of a JSON object, space separated
fields() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(" ".join(str(d[k]) for k in sys.argv[1:]))' "$@"; }
# outs HASH: "lock:asset:amount ..." of a transaction's outputs
outs() {
	z1 blockchain transaction "$1" | json '" ".join("%s:%s:%s" % (
		list(o["lock"].keys())[0] if isinstance(o["lock"], dict) else o["lock"],
		o["spend"]["asset"], o["spend"]["amount"]) for o in d["tx"]["outputs"])'
}
# active: "contractId:expire ..." of the active contract set, in its order,
# but for the local chain's built-in CGP and voting contracts (t0910),
# which never expire
active() { z1 contract active | json '" ".join("%s:%s" % (c["contractId"], c["expire"]) for c in d if c["expire"] != 4294967295)'; }
balance() {	# ZP [TOKEN]: the exact /wallet/balance text
	if [ $# = 1 ]; then
		echo "[{\"asset\":\"00\",\"balance\":$1}]"
	else
		echo "[{\"asset\":\"00\",\"balance\":$1},{\"asset\":\"$TOKEN_ID\",\"balance\":$2}]"
	fi
}

TOKEN_ID=$(z1 contract id "$TOKEN" | json 'd["contractId"]')
TOKEN_ADDR=$(z1 contract id "$TOKEN" | json 'd["address"]')
SAMPLE_ADDR=$(z1 contract id "$C/mint-sample.fst" | json 'd["address"]')	# never activated
BUY="[{\"asset\":\"00\",\"amount\":\"1000\"}]"

test_expect_success 'wallet A is the key of the genesis output' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	test "$(z1 wallet address | json d)" = $ROOT &&
	test "$(z1 wallet balance)" = "$(balance $GEN)"
'
# The built-ins as /contract/active lists them (their text: t0910).
BUILTINS=$(z1 contract active)
test_expect_success 'no contract but the built-ins is active on a new chain' '
	test "$(active)" = "" &&
	test "$(json "len(d)" <<<"$BUILTINS")" = 2 &&
	test "$(zr contract active)" = "$BUILTINS"
'

# ---- activation: refusals first, nothing changes -------------------------
printf 'let main = (\n' >"$TRASH/broken.fst"
printf '[1]' >"$TRASH/badhints"
test_error 'activate: zero blocks' 2 'zen: Number of blocks is zero' \
	contract activate "$TOKEN" 0 --password-file "$PW"
test_error 'activate: negative blocks' 2 'zen: invalid numberOfBlocks' \
	contract activate "$TOKEN" --number-of-blocks=-1 --password-file "$PW"
test_error 'activate: 2^32 blocks' 2 'zen: invalid numberOfBlocks' \
	contract activate "$TOKEN" 4294967296 --password-file "$PW"
test_error 'activate: no blocks' 2 'zen: numberOfBlocks is missing' \
	contract activate "$TOKEN" --password-file "$PW"
test_http 'activate: empty code' POST /wallet/contract/activate 400 \
	'Contract code is empty' \
	'{"code":"","numberOfBlocks":10,"password":"x"}'
: >"$TRASH/empty.fst"
test_error 'activate: an empty file is empty code' 2 'zen: Contract code is empty' \
	contract activate "$TRASH/empty.fst" 10 --password-file "$PW"
test_both 'activate: code that is not a contract' 2 '' \
	contract activate "$TRASH/broken.fst" 10 --password-file "$PW"
test_expect_success 'activate: the parse error names the code and the line' '
	! z1 contract activate "$TRASH/broken.fst" 10 --password-file "$PW" 2>"$TRASH/e" &&
	grep -q "^zen: code:[12]:" "$TRASH/e"
'
test_both 'activate: hints that are not a hints database' 2 '' \
	contract activate "$TOKEN" 10 --hints "$TRASH/badhints" --password-file "$PW"
test_error 'activate: a wrong password' 4 'zen: Bad password' \
	contract activate "$TOKEN" 10 --password-file "$TRASH/badpw"
# L * (2^32 - 1) kalapas is far more than the 1000 ZP of the wallet.
test_error 'activate: not enough tokens' 1 'zen: Not enough tokens' \
	contract activate "$TOKEN" 4294967295 --password-file "$PW"
test_both 'activate: nothing reached the mempool' 0 '[]' blockchain mempool
test_both 'activate: the balance is unchanged' 0 "$(balance $GEN)" wallet balance
test_http 'activate: an empty password' POST /wallet/contract/activate 400 \
	'{"error":"Password is empty","code":2}' \
	'{"code":"x","numberOfBlocks":1,"password":""}' application/json 'Accept: application/json'


# ---- activation -----------------------------------------------------------
test_expect_success 'activate the token for 10 blocks: answered once in the mempool' '
	z1 contract activate "$TOKEN" 10 --password-file "$PW" >"$TRASH/act" &&
	test "$(fields address contractId numberOfBlocks <"$TRASH/act")" = "$TOKEN_ADDR $TOKEN_ID 10" &&
	json "d[\"txHash\"]" <"$TRASH/act" >"$TRASH/h_act" &&
	test "$(z1 blockchain transaction $(cat "$TRASH/h_act") | json "d[\"confirmations\"]")" = 0
'
H_ACT=$(cat "$TRASH/h_act")
LEFT=$((GEN - 10 * L - FEE))
test_expect_success 'activation outputs: sacrifice 10 L, fee 27232, change' '
	test "$(outs $H_ACT)" = "ActivationSacrifice:00:$((10 * L)) Fee:00:$FEE PK:00:$LEFT"
'
test_expect_success 'the activation carries the contract: code, rlimit, 10 blocks' '
	z1 blockchain transaction $H_ACT >"$TRASH/tx_act" &&
	python3 -c "import json,sys; assert json.load(open(sys.argv[1]))[\"tx\"][\"contract\"][\"code\"] == open(sys.argv[2]).read()" \
		"$TRASH/tx_act" "$TOKEN" &&
	test "$(json "d[\"tx\"][\"contract\"]" <"$TRASH/tx_act" >/dev/null &&
		json "\" \".join(d[\"tx\"][\"contract\"][k] for k in (\"contractId\", \"rlimit\", \"expire\"))" <"$TRASH/tx_act")" = \
		"$TOKEN_ID 2723280 10"
'
# Included in block 2 (the mempool's view: tip 1 + 1): expire 2 + 10 - 1.
test_expect_success 'contract active lists the mempool activation: expire 11' '
	test "$(active)" = "$TOKEN_ID:11"
'
test_both 'A: the change counts while unconfirmed' 0 "$(balance $LEFT)" wallet balance
test_expect_success 'mine the activation into block 2' '
	mine 1 && test "$(z1 blockchain transaction $H_ACT | json "d[\"confirmations\"]")" = 1
'
EXPECT=$(python3 -c '
import json, sys
code = open(sys.argv[1]).read()
rows = json.loads(sys.argv[4]) + [{"contractId": sys.argv[2],
	"contractHash": sys.argv[2][8:], "address": sys.argv[3], "expire": 11,
	"code": code}]
print(json.dumps(sorted(rows, key=lambda c: c["contractHash"]),
	separators=(",", ":")))
' "$TOKEN" "$TOKEN_ID" "$TOKEN_ADDR" "$BUILTINS")
test_both 'contract active: exactly the token (and the built-ins), expire 11' 0 \
	"$EXPECT" contract active
test_both 'A: balance confirmed' 0 "$(balance $LEFT)" wallet balance

# ---- execution: refusals -------------------------------------------------
test_error 'execute: an address that does not decode' 2 \
	'zen: Address is invalid: could not decode address' \
	contract execute tzn1qqqq buy --spends "$BUY" --return-address --password-file "$PW"
test_error 'execute: a PK address' 2 'zen: Address is invalid: invalid HRP' \
	contract execute $ROOT buy --spends "$BUY" --return-address --password-file "$PW"
test_error 'execute: a message body that is not hex' 2 'zen: Invalid data: decoding' \
	contract execute $TOKEN_ADDR buy --message-body zz --password-file "$PW"
test_error 'execute: hex that is not data' 2 'zen: Invalid data: deserializing' \
	contract execute $TOKEN_ADDR buy --message-body 0c --password-file "$PW"
test_error 'execute: data with trailing bytes' 2 'zen: Invalid data: deserializing' \
	contract execute $TOKEN_ADDR buy --message-body 040000000a00 --password-file "$PW"
test_error 'execute: returnAddress into a U32 body' 2 \
	'zen: data can only be empty or dict in order to add return address' \
	contract execute $TOKEN_ADDR buy --message-body 040000000a --return-address --password-file "$PW"
# the reference's TransactionCreator decrypts, then collects the inputs,
# and adds the return address last: its errors in that order
test_error 'execute: a wrong password before the return address check' 4 \
	'zen: Bad password' \
	contract execute $TOKEN_ADDR buy --message-body 040000000a --return-address --password-file "$TRASH/badpw"
test_error 'execute: missing funds before the return address check' 1 \
	'zen: Not enough tokens' \
	contract execute $TOKEN_ADDR buy --message-body 040000000a --return-address \
	--spends '[{"asset":"00","amount":"100000000001"}]' --password-file "$PW"
test_error 'execute: an invalid asset' 2 'zen: invalid asset' \
	contract execute $TOKEN_ADDR buy --spends '[{"asset":"0011","amount":"1"}]' --password-file "$PW"
test_error 'execute: a wrong password' 4 'zen: Bad password' \
	contract execute $TOKEN_ADDR buy --spends "$BUY" --return-address --password-file "$TRASH/badpw"
test_http 'execute: a wrong password is 400' POST /wallet/contract/execute 400 \
	'Bad password' \
	"{\"address\":\"$TOKEN_ADDR\",\"command\":\"buy\",\"options\":{\"returnAddress\":true},\"spends\":$BUY,\"password\":\"wrong\"}"
test_error 'execute: more than the wallet has' 1 'zen: Not enough tokens' \
	contract execute $TOKEN_ADDR buy --spends '[{"asset":"00","amount":"100000000001"}]' \
	--return-address --password-file "$PW"
test_error 'execute: an invalid key path' 2 'zen: invalid key path m/x' \
	contract execute $TOKEN_ADDR buy --spends "$BUY" --return-address --sign m/x --password-file "$PW"
test_error 'execute: a contract that was never activated' 1 'zen: Contract not active' \
	contract execute $SAMPLE_ADDR "" --password-file "$PW"
test_both 'execute: the contract refuses (no returnAddress)' 1 '' \
	contract execute $TOKEN_ADDR buy --spends "$BUY" --password-file "$PW"
test_expect_success 'execute: the error text of the contract is the answer' '
	! z1 contract execute $TOKEN_ADDR buy --spends "$BUY" --password-file "$PW" 2>"$TRASH/e" &&
	grep -q "returnAddress is required" "$TRASH/e"
'
test_both 'execute: nothing reached the mempool' 0 '[]' blockchain mempool
test_both 'execute: the balance is unchanged' 0 "$(balance $LEFT)" wallet balance

# ---- execution: buy 1000 kalapas of tokens -------------------------------
# The wallet funds 1000 ZP (change LEFT - 1000); token.fst locks the 1000
# ZP to itself, mints 1000 * 1000 tokens and locks them to returnAddress,
# the wallet's m/44'/258'/0'/0/0 (ROOT).
test_expect_success 'execute buy through the server: in the mempool' '
	zr contract execute $TOKEN_ADDR buy --spends "$BUY" --return-address \
		--password-file "$PW" >"$TRASH/ex" &&
	json d <"$TRASH/ex" >"$TRASH/h_ex" &&
	test "$(z1 blockchain transaction $(cat "$TRASH/h_ex") | json "d[\"confirmations\"]")" = 0
'
H_EX=$(cat "$TRASH/h_ex")
test_expect_success 'execution: inputs, outputs and witnesses as built' '
	z1 blockchain transaction $H_EX >"$TRASH/tx_ex" &&
	test "$(json "\" \".join(list(i.keys())[0] for i in d[\"tx\"][\"inputs\"])" <"$TRASH/tx_ex")" = "outpoint mint" &&
	test "$(json "d[\"tx\"][\"inputs\"][1][\"mint\"][\"asset\"] + \" \" + d[\"tx\"][\"inputs\"][1][\"mint\"][\"amount\"]" <"$TRASH/tx_ex")" = "$TOKEN_ID 1000000" &&
	test "$(outs $H_EX)" = "PK:00:$((LEFT - 1000)) Contract:00:1000 PK:$TOKEN_ID:1000000" &&
	test "$(json "d[\"tx\"][\"outputs\"][2][\"lock\"][\"PK\"][\"hash\"]" <"$TRASH/tx_ex")" = $ROOT_PKH &&
	test "$(json "\" \".join(list(w.keys())[0] for w in d[\"tx\"][\"witness\"])" <"$TRASH/tx_ex")" = "PKWitness ContractWitness" &&
	test "$(json "d[\"tx\"][\"witness\"][0][\"PKWitness\"][\"sigHash\"]" <"$TRASH/tx_ex")" = FollowingWitnesses &&
	test "$(json "d[\"tx\"][\"witness\"][1][\"ContractWitness\"][\"command\"]" <"$TRASH/tx_ex")" = buy
'
test_both 'A: the tokens count while unconfirmed' 0 "$(balance $((LEFT - 1000)) 1000000)" wallet balance
test_expect_success 'mine the execution into block 3' '
	mine 1 && test "$(z1 blockchain transaction $H_EX | json "d[\"confirmations\"]")" = 1
'
test_both 'A: 1000 ZP less, 1000000 tokens' 0 "$(balance $((LEFT - 1000)) 1000000)" wallet balance

# ---- ZP and tokens from A to B in one transaction ------------------------
test_expect_success 'wallet B in D2, following the chain of D1' '
	z2 wallet create --password-file "$PW" >/dev/null 2>&1 &&
	z2 wallet address | json d >"$TRASH/b" && carry "$D2" &&
	test "$(z2 blockchain info | json "d[\"blocks\"]")" = 3 &&
	test "$(z2 wallet balance)" = "[]"
'
B=$(cat "$TRASH/b")
# D3: a copy of the chain at tip 3, for the reorganisation below.
test_expect_success 'a competing node at the same tip' '
	for n in 2 3; do
		"$ZEN" --datadir "$D3" blockchain publishblock "$(z1 blockchain blocks \
			--block-number $n --take 1 | json "d[0][\"rawBlock\"]")" >/dev/null || exit 1
	done &&
	test "$("$ZEN" --datadir "$D3" contract active | json "[c[\"expire\"] for c in d if c[\"expire\"] != 4294967295]")" = "[11]"
'
SEND="[{\"address\":\"$B\",\"asset\":\"00\",\"amount\":\"5000\"},{\"address\":\"$B\",\"asset\":\"$TOKEN_ID\",\"amount\":\"300000\"}]"
test_expect_success 'send 5000 kalapas and 300000 tokens to B in one transaction' '
	z1 wallet send --outputs "$SEND" --password-file "$PW" >"$TRASH/sent" &&
	json d <"$TRASH/sent" >"$TRASH/h_send"
'
H_SEND=$(cat "$TRASH/h_send")
A_ZP=$((LEFT - 1000 - 5000))
test_expect_success 'the send: requested outputs, then change per asset (ZP first)' '
	test "$(outs $H_SEND)" = "PK:00:5000 PK:$TOKEN_ID:300000 PK:00:$A_ZP PK:$TOKEN_ID:700000" &&
	test "$(z1 blockchain transaction $H_SEND | json "len(d[\"tx\"][\"inputs\"])")" = 2
'
test_expect_success 'mine the send into block 4; B follows' '
	mine 1 && carry "$D2" &&
	test "$(z2 blockchain transaction $H_SEND | json "d[\"confirmations\"]")" = 1
'
test_both 'A: both change outputs' 0 "$(balance $A_ZP 700000)" wallet balance
test_expect_success 'A: UTXOs are exactly the two change outputs' '
	test "$(z1 wallet utxo | json "\" \".join(sorted(\"%s:%s:%s\" % (u[\"outpoint\"][\"txHash\"], u[\"outpoint\"][\"index\"], u[\"spend\"][\"amount\"]) for u in d))")" = \
		"$H_SEND:2:$A_ZP $H_SEND:3:700000"
'
test_expect_success 'A: history, newest first, one entry per transaction and asset' '
	z1 wallet transactions --skip 0 --take 10 |
		json "\" \".join(\"%s:%s:%s:%s\" % (e[\"txHash\"][:8], e[\"asset\"][:8], e[\"amount\"], e[\"confirmations\"]) for e in d)" >"$TRASH/hist" &&
	test "$(cat "$TRASH/hist")" = "${H_SEND:0:8}:00:-5000:1 ${H_SEND:0:8}:${TOKEN_ID:0:8}:-300000:1 ${H_EX:0:8}:00:-1000:2 ${H_EX:0:8}:${TOKEN_ID:0:8}:1000000:2 ${H_ACT:0:8}:00:-$((10 * L + FEE)):3 ${GEN_TX:0:8}:00:$GEN:4"
'
test_expect_success 'B: balance, UTXOs and history exact' '
	test "$(z2 wallet balance)" = "$(balance 5000 300000)" &&
	test "$(z2 wallet utxo | json "\" \".join(sorted(\"%s:%s:%s:%s\" % (u[\"outpoint\"][\"txHash\"], u[\"outpoint\"][\"index\"], u[\"spend\"][\"asset\"][:8], u[\"spend\"][\"amount\"]) for u in d))")" = \
		"$H_SEND:0:00:5000 $H_SEND:1:${TOKEN_ID:0:8}:300000" &&
	test "$(z2 wallet transactions --skip 0 --take 10 | json "\" \".join(\"%s:%s:%s:%s\" % (e[\"txHash\"], e[\"asset\"][:8], e[\"amount\"], e[\"confirmations\"]) for e in d)")" = \
		"$H_SEND:00:5000:1 $H_SEND:${TOKEN_ID:0:8}:300000:1" &&
	test "$(z2 wallet transactioncount)" = 2
'
test_expect_success 'reorg: a longer branch without block 4 moves the send back to the mempool' '
	"$ZEN" --datadir "$D3" blockchain mine --blocks 2 --address $OTHER >/dev/null &&
	for n in 4 5; do
		z1 blockchain publishblock "$("$ZEN" --datadir "$D3" blockchain blocks --block-number $n --take 1 | json "d[0][\"rawBlock\"]")" >/dev/null || exit 1
	done &&
	test "$(tipn)" = 5 &&
	test "$(z1 blockchain transaction $H_SEND | json "d[\"confirmations\"]")" = 0 &&
	test "$(z1 blockchain transaction $H_EX | json "d[\"confirmations\"]")" = 3
'
test_both 'A after the reorg: the same balance, the send unconfirmed' 0 \
	"$(balance $A_ZP 700000)" wallet balance
test_expect_success 'B after the reorg: its funds are unconfirmed' '
	carry "$D2" && test "$(z2 blockchain info | json "d[\"blocks\"]")" = 5 &&
	test "$(z2 wallet transactions --skip 0 --take 10 | json "\" \".join(\"%s:%s\" % (e[\"amount\"], e[\"confirmations\"]) for e in d)")" = "5000:0 300000:0" &&
	test "$(z2 wallet balance)" = "$(balance 5000 300000)"
'
test_expect_success 'the contract is still active after the reorg (activated in block 2)' '
	test "$(active)" = "$TOKEN_ID:11"
'
test_expect_success 'mine the send again (block 6): B confirmed' '
	mine 1 && carry "$D2" &&
	test "$(z2 wallet transactions --skip 0 --take 10 | json "\" \".join(\"%s:%s\" % (e[\"amount\"], e[\"confirmations\"]) for e in d)")" = "5000:1 300000:1"
'

# ---- extension -------------------------------------------------------------
test_error 'extend: zero blocks' 2 'zen: Number of blocks is zero' \
	contract extend $TOKEN_ADDR 0 --password-file "$PW"
test_error 'extend: a bad address' 2 'zen: Address is invalid: could not decode address' \
	contract extend tzn1qqqq 5 --password-file "$PW"
test_error 'extend: a contract that is not active' 1 'zen: contract is not active' \
	contract extend $SAMPLE_ADDR 5 --password-file "$PW"
test_error 'extend: a wrong password' 4 'zen: Bad password' \
	contract extend $TOKEN_ADDR 5 --password-file "$TRASH/badpw"
test_error 'extend: not enough tokens' 1 'zen: Not enough tokens' \
	contract extend $TOKEN_ADDR 4294967295 --password-file "$PW"
test_both 'extend: nothing reached the mempool' 0 '[]' blockchain mempool
# Extending by 5 adds 5 - 1 (a reference rule): 11 + 4 = 15.
test_expect_success 'extend by 5 blocks through the server (by contractId)' '
	zr contract extend --contract-id $TOKEN_ID --number-of-blocks 5 --password-file "$PW" >"$TRASH/extd" &&
	test "$(fields address contractId numberOfBlocks <"$TRASH/extd")" = "$TOKEN_ADDR $TOKEN_ID 5" &&
	H_EXT=$(json "d[\"txHash\"]" <"$TRASH/extd") &&
	test "$(outs $H_EXT)" = "ExtensionSacrifice:00:$((5 * L)) PK:00:$((A_ZP - 5 * L))" &&
	test "$(active)" = "$TOKEN_ID:15"
'
A_ZP=$((A_ZP - 5 * L))
test_expect_success 'mine the extension into block 7: expire stays 15' '
	mine 1 && test "$(active)" = "$TOKEN_ID:15" &&
	test "$(z1 wallet balance)" = "$(balance $A_ZP 700000)"
'

# ---- a signed execution (sender = the key at the path) ---------------------
SIGNED='{"returnAddress":true,"sign":"m/44'"'"'/258'"'"'/0'"'"'/0/0"}'
test_expect_success 'execute buy signed by the receive key, mined (block 8)' '
	z1 contract execute $TOKEN_ADDR buy --options "$SIGNED" \
		--spends "[{\"asset\":\"00\",\"amount\":\"7\"},{\"asset\":\"00\",\"amount\":\"3\"}]" \
		--password-file "$PW" >"$TRASH/ex2" &&
	H_EX2=$(json d <"$TRASH/ex2") && mine 1 &&
	test "$(z1 blockchain transaction $H_EX2 | json "d[\"confirmations\"]")" = 1 &&
	test "$(outs $H_EX2)" = "PK:00:$((A_ZP - 10)) Contract:00:10 PK:$TOKEN_ID:10000"
'
A_ZP=$((A_ZP - 10))
test_both 'A: spends of one asset were summed (10 ZP -> 10000 tokens)' 0 \
	"$(balance $A_ZP 710000)" wallet balance

# ---- POST /blockchain/contract/execute: the reference's vector ------------
python3 -c '
import json, sys
v = [x for x in json.load(open(sys.argv[1]))["vectors"] if x["id"] == "contract-id-sample"][0]
open(sys.argv[2], "w").write(v["input"]["code"])
' "$ZEN_SRCDIR/tests/vectors/contract_ids.json" "$TRASH/sample.fst"
SAMPLE_ID=0000000060de85a214850bf6192e7c4416fbccaf3cfcc0a927dd6b770a70ff08d24046d3
SAMPLE=ctzn1qqqqqqqrqm6z6y9y9p0mpjtnugst0hn908n7vp2f8m44hwznsluydyszx6vjk2kpw
VECTOR=d5c5663e704f1c68b9bd3137c5a51222f5946d615d91d82190d74af7deeb6ac9
# Both contracts, ordered by contract hash (= by id: same version).
BOTH=$(printf '%s\n' "$SAMPLE_ID:11" "$TOKEN_ID:15" | sort | tr '\n' ' ')
BOTH=${BOTH% }
test_expect_success 'activate the SampleContract (584 bytes) for 3 blocks: block 9, expire 11' '
	test "$(wc -c <"$TRASH/sample.fst")" = 584 &&
	z1 contract activate "$TRASH/sample.fst" 3 --password-file "$PW" >"$TRASH/act2" &&
	test "$(json "d[\"contractId\"]" <"$TRASH/act2")" = $SAMPLE_ID &&
	test "$(json "d[\"address\"]" <"$TRASH/act2")" = $SAMPLE &&
	mine 1 && test "$(active)" = "$BOTH"
'
A_ZP=$((A_ZP - 3 * 584 - FEE))
test_http 'contractexecute: the reference request' POST /blockchain/contract/execute 200 '*' \
	"{\"address\":\"$SAMPLE\",\"command\":\"\",\"messageBody\":\"\",\"options\":{\"sender\":\"\"},\"tx\":\"0000\"}"
test_expect_success 'contractexecute: text/plain, the transaction of the vector' '
	test "$ctype" = text/plain &&
	test "$(z1 tx decode "$body" | json "d[\"txHash\"]")" = $VECTOR &&
	test "$(z1 tx decode "$body" | json "\" \".join(list(w.keys())[0] for w in d[\"tx\"][\"witness\"])")" = ContractWitness
'
test_both 'contractexecute from the command line, locally and remotely' 0 "$body" \
	blockchain contractexecute $SAMPLE --tx 0000
# The reference's wallet writes a command as .NET ASCII: one ? per UTF-16
# code unit that is not ASCII (e-acute is one unit, U+1F600 two).
CMD=$(printf 'h\303\251\360\237\230\200x')
test_expect_success 'contractexecute: a command that is not ASCII, as the reference writes it' '
	for zz in z1 zr; do
		$zz blockchain contractexecute $SAMPLE --command "$CMD" --tx 0000 >"$TRASH/cx" &&
		test "$(z1 tx decode "$(cat "$TRASH/cx")" | json "d[\"tx\"][\"witness\"][0][\"ContractWitness\"][\"command\"]")" = "h???x" || return 1
	done
'
test_error 'contractexecute: tx not hex' 2 'zen: Invalid tx: decoding' \
	blockchain contractexecute $SAMPLE --tx zz
test_error 'contractexecute: tx not a skeleton' 2 'zen: Invalid tx: deserializing' \
	blockchain contractexecute $SAMPLE --tx 00
test_error 'contractexecute: sender not hex' 2 'zen: Invalid sender: decoding' \
	blockchain contractexecute $SAMPLE --tx 0000 --sender zz
test_error 'contractexecute: sender not a public key' 2 'zen: Invalid sender: deserializing' \
	blockchain contractexecute $SAMPLE --tx 0000 --sender 0202
test_error 'contractexecute: body not data' 2 'zen: Invalid data: deserializing' \
	blockchain contractexecute $SAMPLE --tx 0000 --message-body 0c
test_error 'contractexecute: a contract that is not active' 1 'zen: Contract not active' \
	blockchain contractexecute $SAMPLE_ADDR --tx 0000
test_error 'contractexecute: a PK address' 2 'zen: invalid HRP' \
	blockchain contractexecute $ROOT --tx 0000
test_both 'contractexecute changed nothing' 0 '[]' blockchain mempool

# ---- expiry ----------------------------------------------------------------
test_expect_success 'the SampleContract runs up to block 11 and is gone after it' '
	mine 1 && test "$(tipn)" = 10 && test "$(active)" = "$BOTH" &&
	mine 1 && test "$(tipn)" = 11 && test "$(active)" = "$TOKEN_ID:15"
'
test_error 'contractexecute after expiry' 1 'zen: Contract not active' \
	blockchain contractexecute $SAMPLE --tx 0000
test_expect_success 'the token is listed at tip 14 and gone at tip 15' '
	mine 3 && test "$(tipn)" = 14 && test "$(active)" = "$TOKEN_ID:15" &&
	mine 1 && test "$(active)" = ""
'
test_both 'contract active after every expiry: the built-ins' 0 "$BUILTINS" contract active
test_error 'execute after expiry' 1 'zen: Contract not active' \
	contract execute $TOKEN_ADDR buy --spends "$BUY" --return-address --password-file "$PW"
test_error 'extend after expiry' 1 'zen: contract is not active' \
	contract extend $TOKEN_ADDR 5 --password-file "$PW"
test_both 'A: the balance after everything' 0 "$(balance $A_ZP 710000)" wallet balance
test_expect_success 'B follows the whole chain and still holds its funds' '
	carry "$D2" && test "$(z2 blockchain info | json "d[\"blocks\"]")" = 15 &&
	test "$(z2 wallet balance)" = "$(balance 5000 300000)" &&
	test "$(z2 contract active)" = "$BUILTINS"
'
test_both 'the chain store is consistent' 0 '*' node verify
test_expect_success 'the store of D2 too' '
	z2 node verify >/dev/null
'
test_done
