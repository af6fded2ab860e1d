#!/bin/bash
# Voting in the Common Goods Pool from the wallet, and the payout
# transaction (issue 13; cgp-and-chain.md 3, 6.1-6.5, 7.2, 7.4; wallet.md
# 12.6), on a local chain (interval 100, snapshot 90, nomination 5,
# payout blocks 10, 110, ...).  Wallet A (the key of the genesis output)
# keeps its ZP on two keys, its change key and its first payment key, and
# gives the pool 5000 kalapas before the snapshot; every block is mined
# to OTHER, so A's coins move only by what the test does.
#
# Checked: each kind of vote refused outside its window with the window
# named (exit 1), the refusals of votes that could not count (allocation
# range, not a candidate, a nominee the pool cannot pay, a second vote of
# the same keys), bad input (exit 2), all the same locally and through
# --url; votes in their window accepted into the mempool and mined, their
# witness carrying the command, the ballot (hex written out here by hand)
# and one signature for each key that holds ZP; `zen wallet vote` status
# (windows, weight before and after the snapshot, votes), through --url
# and on a terminal; and the payout execution of /wallet/contract/cgp one
# block before payout block 110, which pays the winner in that block.
# Whether votes count (the tally) is checked by the chain's own tests.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

PW="$TRASH/pw"
printf 'correct horse\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
zr() { "$ZEN" --url "$ZEN_TEST_URL" "$@"; }
tipn() { z1 blockchain info | json 'd["blocks"]'; }
mine_to() { z1 blockchain mine --blocks $(($1 - $(tipn))) --address $OTHER >/dev/null; }
zp_balance() { z1 wallet balance | json 'sum(a["balance"] for a in d if a["asset"] == "00")'; }
# witness HASH: the voting or CGP contract witness of a transaction, as
# "contractId command" then the message body's JSON on the next line
witness() {
	z1 blockchain transaction "$1" | python3 -c '
import json, sys
d = json.load(sys.stdin)
w = [x["ContractWitness"] for x in d["tx"]["witness"] if "ContractWitness" in x]
assert len(w) == 1, w
print(w[0]["contractId"], w[0]["command"])
print(json.dumps(w[0]["messageBody"]))'
}
# body_check COMMAND BALLOT KEYS: the message body on stdin is
# {"dict": [["Signature", {"dict": [[key, {"signature": 128 hex}]...]}],
# [COMMAND, {"string": BALLOT}]]} (keys in the wire order of 2.14: the
# shorter first), signed by exactly the public keys KEYS (space separated)
body_check() {
	python3 -c '
import json, re, sys
cmd, ballot, keys = sys.argv[1], sys.argv[2], sorted(sys.argv[3].split())
d = json.load(sys.stdin)["dict"]
names = [k for k, _ in d]
want = sorted([cmd, "Signature"], key=lambda k: (len(k), k))
assert names == want, names
v = dict(d)
assert v[cmd] == {"string": ballot}, v[cmd]
sigs = v["Signature"]["dict"]
assert [k for k, _ in sigs] == keys, ([k for k, _ in sigs], keys)
for _, s in sigs:
    assert re.fullmatch("[0-9a-f]{128}", s["signature"]), s
' "$@"
}

test_expect_success 'wallet A: its ZP on two keys, 5000 kalapas given to the pool' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	z1 blockchain contractcgp >"$TRASH/ids" &&
	z1 contract active >"$TRASH/active" &&
	A_PAY=$(z1 wallet getnewaddress | json "d[\"address\"]") &&
	CGP_ADDR=$(json "[c[\"address\"] for c in d if c[\"contractId\"] == \"$(json "d[\"cgpContract\"]" <"$TRASH/ids")\"][0]" <"$TRASH/active") &&
	printf "[{\"address\":\"%s\",\"asset\":\"00\",\"amount\":\"30000000000\"},{\"address\":\"%s\",\"asset\":\"00\",\"amount\":\"5000\"}]" \
		"$A_PAY" "$CGP_ADDR" >"$TRASH/outputs" &&
	z1 wallet send --outputs "$(cat "$TRASH/outputs")" --password-file "$PW" >/dev/null &&
	mine_to 2 &&
	echo "$A_PAY" >"$TRASH/a_pay" &&
	test "$(zp_balance)" = $((GEN - 5000)) &&
	test "$(z1 blockchain cgp | json "d[\"funds\"]")" = "[{'"'"'asset'"'"': '"'"'00'"'"', '"'"'amount'"'"': '"'"'5000'"'"'}]"
' || { say "Bail out! the chain of the test could not be prepared"; exit 1; }
A_PAY=$(cat "$TRASH/a_pay")
A_PKH=$(z1 address decode $A_PAY | json 'd["pkHash"]')
CGP_ID=$(json 'd["cgpContract"]' <"$TRASH/ids")
VOTING_ID=$(json 'd["votingContract"]' <"$TRASH/ids")
# The keys that hold ZP: the public keys of the wallet whose pk hash
# (SHA3-256 of the key) is the address of an unspent ZP output.
z1 wallet keys --password-file "$PW" >"$TRASH/keys"
z1 wallet utxo >"$TRASH/utxo"
KEYS=$(python3 -c '
import hashlib, json, subprocess, sys
keys, utxo = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
held = set()
for o in utxo:
    if o["spend"]["asset"] == "00":
        held.add(list(o["lock"].values())[0]["hash"])
print(" ".join(sorted(k["publicKey"] for k in keys
    if hashlib.sha3_256(bytes.fromhex(k["publicKey"])).hexdigest() in held)))
' "$TRASH/keys" "$TRASH/utxo")
test_expect_success 'two of the wallet keys hold ZP (not the emptied genesis key)' '
	test $(echo $KEYS | wc -w) = 2
'

# ---- the command line: three words, and spends as the arguments left ----
test_expect_success 'zen wallet vote KIND: help, and completion of the kinds' '
	"$ZEN" wallet vote payout --help | head -n 1 >"$TRASH/h" &&
	test "$(cat "$TRASH/h")" = "usage: zen wallet vote payout ADDRESS [AMOUNT[:ASSET]...] [--force] [--password-file FILE]" &&
	"$ZEN" wallet vote --help | grep -qx "HTTP: GET /wallet/vote" &&
	test "$("$ZEN" __complete wallet vote "" | tr "\n" " ")" = "allocation payout nominate " &&
	test "$("$ZEN" __complete wallet vote no)" = nominate &&
	test "$("$ZEN" __complete wallet vo)" = vote &&
	test -z "$("$ZEN" __complete wallet vote payout "")"
'

# ---- before the snapshot -----------------------------------------------
test_error 'allocation before its window: refused, the window named' 1 \
	'zen: allocation votes of interval 1 are taken in blocks 96-100; the next block is 3' \
	wallet vote allocation 10 --password-file "$PW"
test_error 'payout before its window' 1 \
	'zen: payout votes of interval 1 are taken in blocks 96-100; the next block is 3' \
	wallet vote payout $A_PAY 1000 --password-file "$PW"
test_error 'nomination before its window' 1 \
	'zen: nomination votes of interval 1 are taken in blocks 91-95; the next block is 3' \
	wallet vote nominate $A_PAY 1000 --password-file "$PW"

status_is() {	# WANT_PYTHON_CONDITION over the status JSON d
	z1 wallet vote >"$TRASH/st" && json "$1" <"$TRASH/st" | grep -qx True ||
		{ cat "$TRASH/st"; return 1; }
}
test_expect_success 'wallet vote before the snapshot: windows ahead, the balance now' '
	status_is "d[\"interval\"] == 1 and d[\"nextBlock\"] == 3 and d[\"phase\"] == \"beforeSnapshot\" and d[\"snapshotBlock\"] == 90" &&
	status_is "d[\"windows\"] == {\"nomination\": {\"interval\": 1, \"first\": 91, \"last\": 95, \"open\": False}, \"allocation\": {\"interval\": 1, \"first\": 96, \"last\": 100, \"open\": False}, \"payout\": {\"interval\": 1, \"first\": 96, \"last\": 100, \"open\": False}}" &&
	status_is "d[\"allocation\"] == 0 and d[\"allocationVotes\"] == {\"from\": 0, \"to\": 15}" &&
	status_is "d[\"weight\"] == \"$((GEN - 5000))\" and d[\"weightFrozen\"] is False and d[\"votes\"] == []" &&
	status_is "sorted(k[\"publicKey\"] for k in d[\"keys\"]) == \"$KEYS\".split() and sorted(k[\"weight\"] for k in d[\"keys\"]) == [\"30000000000\", \"$((GEN - 30000005000))\"]"
'

# ---- bad input: exit 2 before anything, locally and through --url -------
O=$OTHER
while IFS='|' read -r want args; do
	[ -n "$want" ] || continue
	# shellcheck disable=SC2086
	test_error "bad input: wallet vote $args" 2 "zen: $want" wallet vote $args --password-file "$PW"
done <<EOF
invalid allocation|allocation abc
invalid allocation|allocation 1.5
invalid allocation: a percentage, 0 to 100|allocation 101
allocation is missing|allocation
Address is invalid: could not decode address|payout xyz 5
Address is invalid: could not decode address|nominate ctzn1qqqqqqqrxmx48kj5v0e873wn36ex4082svta6pp05cgt96rk829rz463ynvzk9hh 5
invalid spend '0': AMOUNT[:ASSET], a whole number of kalapas above 0 and an asset (default 00, ZP)|payout $O 0
invalid spend 'abc': AMOUNT[:ASSET], a whole number of kalapas above 0 and an asset (default 00, ZP)|nominate $O abc
invalid spend '5:zz': AMOUNT[:ASSET], a whole number of kalapas above 0 and an asset (default 00, ZP)|payout $O 5:zz
invalid spend '5.5': AMOUNT[:ASSET], a whole number of kalapas above 0 and an asset (default 00, ZP)|payout $O 7 5.5
a payout needs 1 to 100 spends|payout $O
a payout needs 1 to 100 spends|nominate $O $(seq -s ' ' 1 101)
spend 5:00 is given twice|nominate $O 7 5 5:00
address is missing|payout
EOF
test_expect_success 'bad input changed nothing' '
	test "$(z1 blockchain mempool)" = "[]" && test "$(zp_balance)" = $((GEN - 5000))
'
test_http 'vote allocation over HTTP: a number above 100' POST /wallet/vote/allocation 400 \
	'invalid allocation: a percentage, 0 to 100' '{"allocation":500,"password":"x"}'
test_http 'vote payout over HTTP: spends not a list' POST /wallet/vote/payout 400 \
	'Json is invalid: invalid spends' "{\"address\":\"$O\",\"spends\":\"5\",\"password\":\"x\"}"
test_http 'vote payout over HTTP: a spend neither text nor object' POST /wallet/vote/payout 400 \
	"invalid spend '(not text)': AMOUNT[:ASSET], a whole number of kalapas above 0 and an asset (default 00, ZP)" \
	"{\"address\":\"$O\",\"spends\":[5],\"password\":\"x\"}"
test_http 'vote payout over HTTP: 101 spends' POST /wallet/vote/payout 400 \
	'a payout needs 1 to 100 spends' \
	"{\"address\":\"$O\",\"spends\":[$(seq -s , 1 101)],\"password\":\"x\"}"

# ---- the nomination phase: blocks 91-95 ---------------------------------
mine_to 90
W=$(zp_balance)		# the weight: A's ZP at the snapshot block
test_error 'allocation in the nomination phase: refused' 1 \
	'zen: allocation votes of interval 1 are taken in blocks 96-100; the next block is 91' \
	wallet vote allocation 10 --password-file "$PW"
test_error 'a nominee the pool cannot pay (it holds 5000)' 1 \
	'zen: the Common Goods Pool cannot pay this payout from what it holds' \
	wallet vote nominate $A_PAY 5001 --password-file "$PW"
printf 'wrong\n' >"$TRASH/badpw"
test_error 'a wrong password: exit 4, nothing sent' 4 'zen: Bad password' \
	wallet vote nominate $A_PAY 1000 --password-file "$TRASH/badpw"
# the ballot by hand (protocol.md 2.16): tag 2, PK recipient (1, hash),
# one spend: ZP (00), 1000 = 1e3 (u16 0x0c01)
NOMINEE=0201${A_PKH}01000c01
test_expect_success 'nominate in its window: one transaction signed by both keys' '
	z1 wallet vote nominate $A_PAY 1000 --password-file "$PW" >"$TRASH/nom" &&
	json "(d[\"interval\"], d[\"command\"], d[\"ballot\"], d[\"weight\"])" <"$TRASH/nom" >"$TRASH/got" &&
	test "$(cat "$TRASH/got")" = "(1, '"'"'Nomination'"'"', '"'"'$NOMINEE'"'"', '"'"'$W'"'"')" &&
	test "$(json "\" \".join(sorted(k[\"publicKey\"] for k in d[\"keys\"]))" <"$TRASH/nom")" = "$KEYS"
'
NOM_TX=$(json 'd["txHash"]' <"$TRASH/nom")
test_expect_success '... in the mempool: the voting contract, command and body of 6.1, a 1-kalapa fee' '
	z1 blockchain transaction $NOM_TX | json "d[\"confirmations\"]" | grep -qx 0 &&
	witness $NOM_TX >"$TRASH/w" &&
	test "$(head -n 1 "$TRASH/w")" = "$VOTING_ID Nomination" &&
	tail -n 1 "$TRASH/w" | body_check Nomination $NOMINEE "$KEYS" &&
	z1 blockchain transaction $NOM_TX | json "[o[\"spend\"] for o in d[\"tx\"][\"outputs\"] if o[\"lock\"] == \"Fee\"]" >"$TRASH/fee" &&
	test "$(cat "$TRASH/fee")" = "[{'"'"'asset'"'"': '"'"'00'"'"', '"'"'amount'"'"': '"'"'1'"'"'}]"
'
test_expect_success '... mined, and wallet vote shows it for both keys' '
	mine_to 91 &&
	z1 blockchain transaction $NOM_TX | json "d[\"confirmations\"]" | grep -qx 1 &&
	status_is "d[\"phase\"] == \"nomination\" and d[\"windows\"][\"nomination\"][\"open\"] and d[\"weightFrozen\"] is True and d[\"weight\"] == \"$W\"" &&
	status_is "sorted(v[\"publicKey\"] for v in d[\"votes\"]) == \"$KEYS\".split() and all(v[\"kind\"] == \"nomination\" and v[\"payout\"] == {\"recipient\": \"$A_PAY\", \"spendlist\": [{\"asset\": \"00\", \"amount\": \"1000\"}]} for v in d[\"votes\"])"
'
test_error 'a second nomination of the same keys: refused (the first counts)' 1 \
	'zen: the keys of this wallet have cast their nomination vote of interval 1 already: the chain counts a key'"'"'s first one' \
	wallet vote nominate $A_PAY 2000 --password-file "$PW"

# ---- the voting phase: blocks 96-100 -------------------------------------
mine_to 95
test_error 'nomination after its window: the next one named' 1 \
	'zen: nomination votes of interval 2 are taken in blocks 191-195; the next block is 96' \
	wallet vote nominate $A_PAY 1000 --password-file "$PW"
test_error 'allocation outside the range of 6.5 after 0' 1 \
	'zen: allocation 16 is out of range: after an allocation of 0 the chain counts votes of 0 to 15' \
	wallet vote allocation 16 --password-file "$PW"
test_error 'a payout that is not a candidate' 1 \
	'zen: this payout is not a candidate of interval 1 (zen blockchain candidates lists them)' \
	wallet vote payout $OTHER 1000 --password-file "$PW"
test_expect_success 'the nominee is a candidate' '
	z1 blockchain candidates | json "{\"recipient\": \"$A_PAY\", \"spendlist\": [{\"asset\": \"00\", \"amount\": \"1000\"}]} in d" | grep -qx True
'
test_expect_success 'allocation through --url: accepted, ballot 01 0f' '
	zr wallet vote allocation 15 --password-file "$PW" >"$TRASH/alloc" &&
	test "$(json "(d[\"command\"], d[\"ballot\"], d[\"interval\"])" <"$TRASH/alloc")" = "('"'"'Allocation'"'"', '"'"'010f'"'"', 1)" &&
	witness $(json "d[\"txHash\"]" <"$TRASH/alloc") >"$TRASH/w" &&
	test "$(head -n 1 "$TRASH/w")" = "$VOTING_ID Allocation" &&
	tail -n 1 "$TRASH/w" | body_check Allocation 010f "$KEYS"
'
test_expect_success 'payout over HTTP with {asset, amount} spends: accepted' '
	http POST /wallet/vote/payout "{\"address\":\"$A_PAY\",\"spends\":[{\"asset\":\"00\",\"amount\":\"1000\"}],\"password\":\"correct horse\"}" &&
	test "$status" = 200 &&
	echo "$body" | json "list(d.keys())" | grep -qx "\[.txHash., .interval., .command., .ballot., .weight., .keys.\]" &&
	witness $(echo "$body" | json "d[\"txHash\"]") >"$TRASH/w" &&
	test "$(head -n 1 "$TRASH/w")" = "$VOTING_ID Payout" &&
	tail -n 1 "$TRASH/w" | body_check Payout $NOMINEE "$KEYS"
'
test_expect_success 'both mined; wallet vote shows the three votes of both keys' '
	mine_to 96 && test "$(z1 blockchain mempool)" = "[]" &&
	status_is "sorted((v[\"kind\"], v[\"publicKey\"]) for v in d[\"votes\"]) == sorted((k, p) for k in (\"nomination\", \"allocation\", \"payout\") for p in \"$KEYS\".split())" &&
	status_is "all(v[\"allocation\"] == 15 for v in d[\"votes\"] if v[\"kind\"] == \"allocation\")"
'
test_error 'a second allocation of the same keys: refused' 1 \
	'zen: the keys of this wallet have cast their allocation vote of interval 1 already: the chain counts a key'"'"'s first one' \
	wallet vote allocation 5 --password-file "$PW"
test_expect_success '--force sends it (16, out of range too); the chain keeps the first' '
	z1 wallet vote allocation 16 --force --password-file "$PW" >"$TRASH/forced" &&
	witness $(json "d[\"txHash\"]" <"$TRASH/forced") >"$TRASH/w" &&
	tail -n 1 "$TRASH/w" | body_check Allocation 0110 "$KEYS" &&
	mine_to 97 && test "$(z1 blockchain mempool)" = "[]" &&
	status_is "sorted(v[\"allocation\"] for v in d[\"votes\"] if v[\"kind\"] == \"allocation\") == [15, 15]"
'
test_expect_success 'wallet vote: the same through --url' '
	z1 wallet vote >"$TRASH/local" && zr wallet vote >"$TRASH/remote" &&
	cmp "$TRASH/local" "$TRASH/remote" &&
	json "d[\"phase\"]" <"$TRASH/local" | grep -qx voting
'
if ! command -v script >/dev/null; then
	test_skip 'wallet vote on a terminal' 'no script(1)'
else test_expect_success 'wallet vote on a terminal' '
	script -qec "$ZEN --datadir $DATADIR wallet vote" /dev/null | tr -d "\r" >"$TRASH/tty" &&
	grep -qx "interval 1, next block 98 (voting phase)" "$TRASH/tty" &&
	grep -qx "nomination votes:  blocks 191-195 of interval 2" "$TRASH/tty" &&
	grep -qx "allocation votes:  blocks 96-100 of interval 1 (open)" "$TRASH/tty" &&
	grep -qx "allocation:        0% in force; votes of 0% to 15% count" "$TRASH/tty" &&
	grep -q "^weight: .*, the balance at the snapshot (block 90)$" "$TRASH/tty" &&
	grep -q "^votes:  *nomination to $A_PAY: 0.00001 ZP, by tzn1" "$TRASH/tty"
'
fi

# ---- the payout: executed one block before block 110 ---------------------
mine_to 100
test_error 'contract cgp when the next block is no payout block' 1 \
	'zen: Not a payout block' contract cgp --password-file "$PW"
test_http 'contract cgp over HTTP without a password' POST /wallet/contract/cgp 400 \
	'Password is empty' '{}'
mine_to 109
test_expect_success 'block 110 is due to pay the winner' '
	z1 blockchain cgp | json "(d[\"allocation\"], d[\"payout\"])" >"$TRASH/cgp" &&
	test "$(cat "$TRASH/cgp")" = "(15, {'"'"'recipient'"'"': '"'"'$A_PAY'"'"', '"'"'spendlist'"'"': [{'"'"'asset'"'"': '"'"'00'"'"', '"'"'amount'"'"': '"'"'1000'"'"'}]})"
'
B0=$(zp_balance)
test_expect_success 'contract cgp at tip 109: the CGP contract'"'"'s Payout with the body of blockchain contractcgp' '
	z1 contract cgp --password-file "$PW" >"$TRASH/pay" &&
	PAY_TX=$(json d <"$TRASH/pay") &&
	witness $PAY_TX >"$TRASH/w" &&
	test "$(head -n 1 "$TRASH/w")" = "$CGP_ID Payout" &&
	z1 blockchain contractcgp | json "json.dumps(d[\"raw\"])" >"$TRASH/raw" &&
	{ test "$(tail -n 1 "$TRASH/w")" = "$(cat "$TRASH/raw")" ||
		{ cat "$TRASH/w" "$TRASH/raw"; false; }; } &&
	z1 blockchain transaction $PAY_TX | json "sorted((o[\"lock\"] if o[\"lock\"] == \"Fee\" else list(o[\"lock\"].values())[0][\"hash\"], o[\"spend\"][\"amount\"]) for o in d[\"tx\"][\"outputs\"] if o[\"lock\"] == \"Fee\" or o[\"spend\"][\"amount\"] == \"1000\")" >"$TRASH/outs" &&
	test "$(cat "$TRASH/outs")" = "[('"'"'$A_PKH'"'"', '"'"'1000'"'"'), ('"'"'Fee'"'"', '"'"'1'"'"')]" &&
	echo $PAY_TX >"$TRASH/pay_tx" &&
	test "$(zp_balance)" = $((B0 - 1 + 1000))
'
test_expect_success 'block 110 takes it: the winner paid exactly, from the pool' '
	mine_to 110 && test "$(z1 blockchain mempool)" = "[]" &&
	z1 blockchain transaction $(cat "$TRASH/pay_tx") | json "d[\"confirmations\"]" | grep -qx 1 &&
	test "$(zp_balance)" = $((B0 - 1 + 1000)) &&
	test "$(z1 blockchain cgp | json "d[\"funds\"]")" = "[{'"'"'asset'"'"': '"'"'00'"'"', '"'"'amount'"'"': '"'"'$((5000 - 1000 + 750000000))'"'"'}]"
'
test_error 'contract cgp after the payout block: refused by the contract' 1 \
	'zen: Not a payout block' contract cgp --password-file "$PW"

test_done
