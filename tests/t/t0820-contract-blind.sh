#!/bin/bash
# Six contracts written "blind" from the ZF* language reference (by authors
# who had not seen the engine), run offline with zen contract run and zen
# contract cost: tests/contracts/blind-{sealed-auction,treasury-2of3,amm,
# binopt,vesting-multi,relay}.fst.  Every expected value (costs,
# ERR messages, inputs and outputs, state updates, messages) was computed by
# hand by the contract's author; the derivations are in each contract's
# comments.  Local-only operations: no server.
. "$(dirname "$0")/test-lib.sh"
. "$(dirname "$0")/contract-lib.sh"

check_blind sealed-auction treasury-2of3 amm binopt vesting-multi relay

# ---- blind-sealed-auction.fst ----------------------------------------------
# cf: "commit" from a key 650, "reveal" from a key 1151, "close" 449 + 128 s
# (s = wallet entries), anything else 35.  Commits before block 500, reveals
# in [500, 1000), close from block 1000; the commitment is
# SHA3("zen-sealed-bid" || 0x01 || BE64 amount || salt).
F=$C/blind-sealed-auction.fst
ID=$(cid "$F")
SELLER=1b4f0e9851971998e732078544c96b36c3d01cedf7caa332359d6f1d83567014
sealed() {	# AMOUNT SALT: the commitment
	python3 -c 'import hashlib, sys
print(hashlib.sha3_256(b"zen-sealed-bid\x01" + int(sys.argv[1]).to_bytes(8, "big")
      + bytes.fromhex(sys.argv[2])).hexdigest())' "$1" "$2"
}
HA=$(sealed 700 "$H1")	# alice: 700, salt 11..11
HB=$(sealed 900 "$H2")	# bob: 900, salt 22..22
commit_body() { echo '{"dict": {"name": {"string": "'"$1"'"}, "commit": {"hash": "'"$2"'"}}}'; }
reveal_body() { echo '{"dict": {"name": {"string": "'"$1"'"}, "amount": {"u64": '"$2"'}, "salt": {"hash": "'"$3"'"}}}'; }
bid() { echo '{"list": [{"pk": "'"$1"'"}, {"hash": "'"$2"'"}, {"u64": '"$3"'}]}'; }
DEPOSIT=$(tx "$H1" 00:1000)
S_ALICE='{"dict": [["bids", {"dict": [["alice", '"$(bid $KEY_A $HA 1000)"']]}]]}'
# shortlex: "bob" (3 bytes) before "alice" (5 bytes)
S_BOTH='{"dict": [["bids", {"dict": [["bob", '"$(bid $KEY_B $HB 1000)"'], ["alice", '"$(bid $KEY_A $HA 1000)"']]}]]}'
S_REVEAL1='{"dict": [["best", {"list": [{"string": "alice"}, {"u64": 700}, {"u32": 1}]}], ["bids", {"dict": [["bob", '"$(bid $KEY_B $HB 1000)"']]}]]}'
S_REVEAL2='{"dict": [["best", {"list": [{"string": "bob"}, {"u64": 900}, {"u32": 2}]}], ["bids", {"dict": []}]]}'

test_expect_success 'sealed-auction: commit (key A, alice, 1000 ZP): 650, deposit locked, bid stored' '
	run_ok "$F" --command commit --sender $KEY_A --block-number 10 \
		--body "$(commit_body alice $HA)" --tx "$DEPOSIT" &&
	res cost 650 message null state "$S_ALICE" &&
	same "$(txs)" "in $TXIN:0 PK:$H1 00 1000
out Contract:$ID 00 1000"
'
test_expect_success 'sealed-auction: commit (key B, bob): 650, bob sorts before alice' '
	run_ok "$F" --command commit --sender $KEY_B --block-number 10 \
		--body "$(commit_body bob $HB)" --tx "$DEPOSIT" --state "$S_ALICE" &&
	res cost 650 message null state "$S_BOTH" &&
	same "$(txs)" "in $TXIN:0 PK:$H1 00 1000
out Contract:$ID 00 1000"
'
run_err 'sealed-auction: commit under a name taken: 650, ERR' 650 'already committed' \
	"$F" --command commit --sender $KEY_B --block-number 10 \
	--body "$(commit_body alice $HB)" --tx "$DEPOSIT" --state "$S_ALICE"
run_err 'sealed-auction: commit at block 500: 650, ERR' 650 'bidding is over' \
	"$F" --command commit --sender $KEY_B --block-number 500 \
	--body "$(commit_body bob $HB)" --tx "$DEPOSIT" --state "$S_ALICE"
run_err 'sealed-auction: commit with no deposit: 650, ERR' 650 'deposit too small' \
	"$F" --command commit --sender $KEY_B --block-number 10 \
	--body "$(commit_body bob $HB)" --state "$S_ALICE"
test_expect_success 'sealed-auction: reveal alice (key A, block 600): 1151, best [alice; 700; 1]' '
	run_ok "$F" --command reveal --sender $KEY_A --block-number 600 \
		--body "$(reveal_body alice 700 $H1)" --state "$S_BOTH" &&
	res cost 1151 message null state "$S_REVEAL1" &&
	same "$(txs)" ""
'
test_expect_success 'sealed-auction: reveal bob (key B, block 999): 1151, best [bob; 900; 2], no bids' '
	run_ok "$F" --command reveal --sender $KEY_B --block-number 999 \
		--body "$(reveal_body bob 900 $H2)" --state "$S_REVEAL1" &&
	res cost 1151 message null state "$S_REVEAL2" &&
	same "$(txs)" ""
'
run_err 'sealed-auction: reveal with the wrong key: 1151, ERR' 1151 'commitment does not match' \
	"$F" --command reveal --sender $KEY_A --block-number 999 \
	--body "$(reveal_body bob 900 $H2)" --state "$S_REVEAL1"
run_err 'sealed-auction: reveal with the wrong amount (901): 1151, ERR' 1151 'commitment does not match' \
	"$F" --command reveal --sender $KEY_B --block-number 999 \
	--body "$(reveal_body bob 901 $H2)" --state "$S_REVEAL1"
SA_WALLET=$(wallet "$ID" 00:600 00:500 00:7)
test_expect_success 'sealed-auction: close at block 1000, wallet 600, 500, 7: 833, 900 to the seller' '
	run_ok "$F" --command close --block-number 1000 --wallet "$SA_WALLET" --state "$S_REVEAL2" &&
	res cost 833 message null state delete &&
	same "$(txs)" "in $TXW:0 Contract:$ID 00 600
in $TXW:1 Contract:$ID 00 500
out Contract:$ID 00 200
out PK:$SELLER 00 900"
'
run_err 'sealed-auction: close at block 999: 833, ERR' 833 'the auction is still open' \
	"$F" --command close --block-number 999 --wallet "$SA_WALLET" --state "$S_REVEAL2"
run_err 'sealed-auction: commit from no key: 35, ERR' 35 'unknown command or anonymous sender' \
	"$F" --command commit --block-number 10 --body "$(commit_body carol $HA)" --tx "$DEPOSIT"

# ---- blind-treasury-2of3.fst -----------------------------------------------
# cf: "propose" from a key 861, "approve" from a key 962 + 128 s (s = wallet
# entries), anything else 535.  Signers KEY_A, KEY_B, KEY_C in that order;
# two approvals pay.
F=$C/blind-treasury-2of3.fst
ID=$(cid "$F")
PROPOSAL='{"dict": {"to": {"hash": "'"$H1"'"}, "amount": {"u64": 5000}}}'
S_PENDING='{"list": [{"hash": "'"$H1"'"}, {"u64": 5000}, {"list": [{"byte": 0}, {"byte": 1}, {"byte": 0}]}]}'
TR_WALLET=$(wallet "$ID" 00:3000 00:4000)

test_expect_success 'treasury: propose (key B, 5000 to H1): 861, pending with B'"'"'s approval' '
	run_ok "$F" --command propose --sender $KEY_B --body "$PROPOSAL" &&
	res cost 861 message null state "$S_PENDING" &&
	same "$(txs)" ""
'
test_expect_success 'treasury: approve (key C, wallet 3000, 4000): 1218, pays 5000, 2000 change' '
	run_ok "$F" --command approve --sender $KEY_C --wallet "$TR_WALLET" --state "$S_PENDING" &&
	res cost 1218 message null state delete &&
	same "$(txs)" "in $TXW:0 Contract:$ID 00 3000
in $TXW:1 Contract:$ID 00 4000
out Contract:$ID 00 2000
out PK:$H1 00 5000"
'
test_expect_success 'treasury: approve by the proposer again: 1218, the same approvals' '
	run_ok "$F" --command approve --sender $KEY_B --wallet "$TR_WALLET" --state "$S_PENDING" &&
	res cost 1218 message null state "$S_PENDING" &&
	same "$(txs)" ""
'
run_err 'treasury: approve by a stranger: 1218, ERR' 1218 'the sender is not a signer' \
	"$F" --command approve --sender $KEY_D --wallet "$TR_WALLET" --state "$S_PENDING"
run_err 'treasury: propose while one is pending: 861, ERR' 861 'a proposal is already pending' \
	"$F" --command propose --sender $KEY_A --body "$PROPOSAL" --state "$S_PENDING"
run_err 'treasury: approve with 3000 in the wallet: 1090, ERR' 1090 'not enough ZP in the treasury' \
	"$F" --command approve --sender $KEY_C --wallet "$(wallet "$ID" 00:3000)" --state "$S_PENDING"
run_err 'treasury: propose from no key: 535, ERR' 535 'unknown command, anonymous sender or bad keys' \
	"$F" --command propose --body "$PROPOSAL"

# ---- blind-amm.fst -----------------------------------------------------------
# cf: "addLiquidity" 941, "swap" 972 + 128 s (s = wallet entries), anything
# else 6.  A ZP / TOK pool; shares are the contract's subtype "LP";
# out = in * 997 * rOut / (rIn * 1000 + in * 997).
F=$C/blind-amm.fst
ID=$(cid "$F")
TOK=00000000$(rep cd 32)
LP=$ID$(printf LP | od -An -tx1 | tr -d ' \n')$(rep 00 30)
amm_body() { echo '{"dict": {"asset": {"string": "'"$TOK"'"}, "returnAddress": {"lock": {"PK": "'"$PKH"'"}}, "minOut": {"u64": '"$1"'}}}'; }
pool() { echo '{"list": [{"string": "'"$TOK"'"}, {"u64": '"$1"'}, {"u64": '"$2"'}, {"u64": '"$3"'}]}'; }
POOL=$(pool 1000000 2000000 1000000)
AMM_WALLET=$(wallet "$ID" $TOK:1500000 $TOK:1000000)

test_expect_success 'amm: addLiquidity, no pool, 1e6 ZP + 2e6 TOK: 941, 1e6 LP minted' '
	run_ok "$F" --command addLiquidity --body "$(amm_body 0)" \
		--tx "$(tx $PKH 00:1000000 $TOK:2000000)" &&
	res cost 941 message null state "$POOL" &&
	same "$(txs)" "in $TXIN:0 PK:$PKH 00 1000000
in $TXIN:1 PK:$PKH $TOK 2000000
mint $LP 1000000
out Contract:$ID 00 1000000
out Contract:$ID $TOK 2000000
out PK:$PKH $LP 1000000"
'
test_expect_success 'amm: addLiquidity 5e5 ZP + 2e6 TOK to that pool: 941, 5e5 LP minted' '
	run_ok "$F" --command addLiquidity --body "$(amm_body 0)" --state "$POOL" \
		--tx "$(tx $PKH 00:500000 $TOK:2000000)" &&
	res cost 941 message null state "$(pool 1500000 4000000 1500000)" &&
	same "$(txs)" "in $TXIN:0 PK:$PKH 00 500000
in $TXIN:1 PK:$PKH $TOK 2000000
mint $LP 500000
out Contract:$ID 00 500000
out Contract:$ID $TOK 2000000
out PK:$PKH $LP 500000"
'
test_expect_success 'amm: swap 100000 ZP, minOut 100000: 1228, pays 181322 TOK' '
	run_ok "$F" --command swap --body "$(amm_body 100000)" --state "$POOL" \
		--wallet "$AMM_WALLET" --tx "$(tx $PKH 00:100000)" &&
	res cost 1228 message null state "$(pool 1100000 1818678 1000000)" &&
	same "$(txs)" "in $TXIN:0 PK:$PKH 00 100000
in $TXW:0 Contract:$ID $TOK 1500000
out Contract:$ID $TOK 1318678
out PK:$PKH $TOK 181322
out Contract:$ID 00 100000"
'
run_err 'amm: swap 100000 ZP, minOut 200000: 1228, ERR' 1228 'output below minOut' \
	"$F" --command swap --body "$(amm_body 200000)" --state "$POOL" \
	--wallet "$AMM_WALLET" --tx "$(tx $PKH 00:100000)"
run_err 'amm: swap with ZP and TOK both: 1228, ERR' 1228 'hand over either ZP or the token' \
	"$F" --command swap --body "$(amm_body 0)" --state "$POOL" \
	--wallet "$AMM_WALLET" --tx "$(tx $PKH 00:100000 $TOK:5)"
run_err 'amm: swap TOK for ZP, no ZP in the wallet: 1228, ERR' 1228 'not enough liquidity in the pool' \
	"$F" --command swap --body "$(amm_body 0)" --state "$POOL" \
	--wallet "$AMM_WALLET" --tx "$(tx $PKH $TOK:300000)"
run_err 'amm: another command: 6, ERR' 6 'unknown command' "$F" --command other

# ---- blind-binopt.fst --------------------------------------------------------
# cf: "Issue" 728, "Redeem" 3463 + 128 s (s = wallet entries), anything else
# 15.  Strike 120000, expiry 1700000000000; the price leaf sits at index 5
# under an oracle commitment (path of 3 from the root down) and the oracle's
# attestation token (subtype SHA3(root || oracle id)) must be handed over.
F=$C/blind-binopt.fst
ID=$(cid "$F")
EXP=1700000000000
BULL=$ID$(printf Bull | od -An -tx1 | tr -d ' \n')$(rep 00 28)
BEAR=$ID$(printf Bear | od -An -tx1 | tr -d ' \n')$(rep 00 28)
# binopt body PRICE TIME [tamper]: the Redeem body for the leaf (PRICE,
# TIME) under the path [H(0); H(1); H(2)] (the middle one altered with
# tamper); binopt attest PRICE TIME: the attestation token of that root.
binopt() {
	python3 - "$PKH" "$@" <<-\EOF
	import hashlib, json, sys
	H = lambda b: hashlib.sha3_256(b).digest()
	pkh, what, price, time = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
	oracle = bytes.fromhex("00000000" + "ab" * 32)
	path = [H(bytes([k])) for k in range(3)]
	def root(path, idx, h):     # contracts.md 4.12 MerkleTree.verify
	    if not path:
	        return h
	    n, s = max(2 ** len(path), idx + 1), 1
	    while 2 * s < n:
	        s *= 2
	    if idx < s:
	        return H(b"i" + root(path[1:], idx, h) + path[0])
	    return H(b"i" + path[0] + root(path[1:], idx - s, h))
	leaf = H((1).to_bytes(4, "big") + b"ZPUSD" + price.to_bytes(8, "big") + time.to_bytes(8, "big"))
	r = root(path, 5, leaf)
	if what == "attest":
	    print(oracle.hex() + H(r + oracle).hex())
	    sys.exit()
	if sys.argv[5:] == ["tamper"]:
	    path[1] = H(b"x")
	print(json.dumps({"dict": {"payTo": {"hash": pkh}, "commit": {"hash": r.hex()},
	                           "auditPath": {"list": [{"hash": x.hex()} for x in path]},
	                           "index": {"u64": 5}, "price": {"u64": price}, "time": {"u64": time}}}))
	EOF
}
BO_WALLET=$(wallet "$ID" 00:400 00:1000)

test_expect_success 'binopt: Redeem at 130000 (Bull wins): 3719, burns both, pays 500' '
	att=$(binopt attest 130000 $((EXP + 5))) &&
	run_ok "$F" --command Redeem --body "$(binopt body 130000 $((EXP + 5)))" \
		--tx "$(tx $PKH $att:1 $BULL:500 $BEAR:300)" --wallet "$BO_WALLET" &&
	res cost 3719 message null state noChange &&
	same "$(txs)" "in $TXIN:0 PK:$PKH $att 1
in $TXIN:1 PK:$PKH $BULL 500
in $TXIN:2 PK:$PKH $BEAR 300
in $TXW:0 Contract:$ID 00 400
in $TXW:1 Contract:$ID 00 1000
out Destroy $BULL 500
out Destroy $BEAR 300
out PK:$PKH $att 1
out Contract:$ID 00 900
out PK:$PKH 00 500"
'
test_expect_success 'binopt: Redeem at 100000 (Bear wins): 3719, pays 300, 100 change' '
	att=$(binopt attest 100000 $EXP) &&
	run_ok "$F" --command Redeem --body "$(binopt body 100000 $EXP)" \
		--tx "$(tx $PKH $att:1 $BULL:500 $BEAR:300)" --wallet "$BO_WALLET" &&
	res cost 3719 message null state noChange &&
	same "$(txs)" "in $TXIN:0 PK:$PKH $att 1
in $TXIN:1 PK:$PKH $BULL 500
in $TXIN:2 PK:$PKH $BEAR 300
in $TXW:0 Contract:$ID 00 400
out Destroy $BULL 500
out Destroy $BEAR 300
out PK:$PKH $att 1
out Contract:$ID 00 100
out PK:$PKH 00 300"
'
run_err 'binopt: Redeem at expiry - 1: 3719, ERR' 3719 'the option has not expired' \
	"$F" --command Redeem --body "$(binopt body 130000 $((EXP - 1)))" \
	--tx "$(tx $PKH "$(binopt attest 130000 $((EXP - 1)))":1 $BULL:500)" --wallet "$BO_WALLET"
run_err 'binopt: Redeem with a tampered path: 3719, ERR' 3719 'attestation not proven' \
	"$F" --command Redeem --body "$(binopt body 130000 $EXP tamper)" \
	--tx "$(tx $PKH "$(binopt attest 130000 $EXP)":1 $BULL:500)" --wallet "$BO_WALLET"
run_err 'binopt: Redeem with no attestation token: 3719, ERR' 3719 'attestation not proven' \
	"$F" --command Redeem --body "$(binopt body 130000 $EXP)" \
	--tx "$(tx $PKH $BULL:500)" --wallet "$BO_WALLET"
test_expect_success 'binopt: Issue with 1000 ZP: 728, 1000 Bull and 1000 Bear to payTo' '
	run_ok "$F" --command Issue --body "$(binopt body 0 0)" --tx "$(tx $PKH 00:1000)" &&
	res cost 728 message null state noChange &&
	same "$(txs)" "in $TXIN:0 PK:$PKH 00 1000
mint $BULL 1000
mint $BEAR 1000
out Contract:$ID 00 1000
out PK:$PKH $BULL 1000
out PK:$PKH $BEAR 1000"
'
run_err 'binopt: Issue with an unmatched token input: 728, ERR' 728 'unbalanced transaction' \
	"$F" --command Issue --body "$(binopt body 0 0)" --tx "$(tx $PKH 00:1000 00000000$(rep cd 32):7)"
run_err 'binopt: another command: 15, ERR' 15 'unknown command' \
	"$F" --command Foo --body "$(binopt body 0 0)"

# ---- blind-vesting-multi.fst -------------------------------------------------
# cf: "fund" / "topup" 83, "grant" 202, "claim" with a list state of L grants
# 374 + 71 L + 128 s (s = wallet entries), "claim" otherwise 71, anything
# else 11.  Grants [Lock; granted; released; U32 cliff] vest linearly over
# 1000 blocks from the cliff; claims from timestamp 1600000000000 on; the
# admin is KEY_B.
F=$C/blind-vesting-multi.fst
ID=$(cid "$F")
VA=$(rep aa 32)
VB=$(rep bb 32)
VC=$(rep cc 32)
who() { echo '{"lock": {"PK": {"hash": "'"$1"'"}}}'; }
grant() { echo '{"list": ['"$(who $1)"', {"u64": '"$2"'}, {"u64": '"$3"'}, {"u32": '"$4"'}]}'; }
grants() { local IFS=,; echo "{\"list\": [$*]}"; }
GA=$(grant $VA 1234567 0 100)
GB=$(grant $VB 5000 1000 50)
GC=$(grant $VC 3000 3000 10)
GRANTS=$(grants "$GA" "$GB" "$GC")
W2=$(wallet "$ID" 00:3000 00:3000)
W1=$(wallet "$ID" 00:1000000)

test_expect_success 'vesting: claim B (block 550, t 1.6e12, 2 UTXOs): 843, pays 1500, released 2500' '
	run_ok "$F" --command claim --body "$(who $VB)" --state "$GRANTS" --wallet "$W2" \
		--block-number 550 --timestamp 1600000000000 &&
	res cost 843 message null state "$(grants "$GA" "$(grant $VB 5000 2500 50)" "$GC")" &&
	same "$(txs)" "in $TXW:0 Contract:$ID 00 3000
out Contract:$ID 00 1500
out PK:$VB 00 1500"
'
test_expect_success 'vesting: claim A (block 600, 1 UTXO): 715, pays 617283, 382717 change' '
	run_ok "$F" --command claim --body "$(who $VA)" --state "$GRANTS" --wallet "$W1" \
		--block-number 600 --timestamp 1700000000000 &&
	res cost 715 message null state "$(grants "$(grant $VA 1234567 617283 100)" "$GB" "$GC")" &&
	same "$(txs)" "in $TXW:0 Contract:$ID 00 1000000
out Contract:$ID 00 382717
out PK:$VA 00 617283"
'
run_err 'vesting: claim C, all released (block 2000): 843, ERR' 843 'nothing to claim yet' \
	"$F" --command claim --body "$(who $VC)" --state "$GRANTS" --wallet "$W2" \
	--block-number 2000 --timestamp 1700000000000
run_err 'vesting: claim B at t 1599999999999: 843, ERR' 843 'claims are closed, or the body is not a lock' \
	"$F" --command claim --body "$(who $VB)" --state "$GRANTS" --wallet "$W2" \
	--block-number 550 --timestamp 1599999999999
run_err 'vesting: claim with no state: 71, ERR' 71 'no grants yet' \
	"$F" --command claim --body "$(who $VB)" --wallet "$W2" \
	--block-number 550 --timestamp 1600000000000
GRANT_BODY='{"list": ['"$(who $VC)"', {"u64": 777}, {"u32": 42}]}'
test_expect_success 'vesting: grant by the admin: 202, the grant prepended' '
	run_ok "$F" --command grant --sender $KEY_B --body "$GRANT_BODY" --state "$GRANTS" &&
	res cost 202 message null state "$(grants "$(grant $VC 777 0 42)" "$GA" "$GB" "$GC")" &&
	same "$(txs)" ""
'
run_err 'vesting: grant by another key: 202, ERR' 202 'only the admin may add grants' \
	"$F" --command grant --sender $KEY_A --body "$GRANT_BODY" --state "$GRANTS"
test_expect_success 'vesting: topup with 10 ZP: 83, locked to the contract' '
	run_ok "$F" --command topup --tx "$(tx $VA 00:10)" &&
	res cost 83 message null state noChange &&
	same "$(txs)" "in $TXIN:0 PK:$VA 00 10
out Contract:$ID 00 10"
'

# ---- blind-relay.fst ---------------------------------------------------------
# cf: "forward" 408, "receive" 378, "clear" 193, anything else 8.  State
# [U32 relayed; Dict topic -> U64 count] (at most 8 topics); messages go to
# the partner P, or to a 72-hex target, with [Byte 'f'; String topic].
F=$C/blind-relay.fst
P=00000000ca055cc0af4d25ea1c8bbbf41444aadd68a168558397516b2f64727d87e72f97
T=00000001$(rep 11 32)
relay() { echo '{"list": [{"u32": '"$1"'}, {"dict": ['"$2"']}]}'; }	# N PAIRS
relayed() { echo '{"list": [{"byte": 102}, {"string": "'"$1"'"}]}'; }	# TOPIC
S_TALLY=$(relay 4 '["ab", {"u64": 7}], ["news", {"u64": 2}]')
S_FULL=$(relay 4 "$(for k in a b c d e f g h; do printf '["%s", {"u64": 1}]' $k; done | sed 's/\]\[/], [/g')")

test_expect_success 'relay: forward "news", no state: 408, "receive" to the partner' '
	run_ok "$F" --command forward --body "{\"dict\": {\"topic\": {\"string\": \"news\"}}}" &&
	res cost 408 state "$(relay 1 "")" \
		message "{\"recipient\": \"$P\", \"command\": \"receive\", \"body\": $(relayed news)}" &&
	same "$(txs)" ""
'
test_expect_success 'relay: forward to a target, counter at 2^32-1: 408, to the target, counter 0' '
	run_ok "$F" --command forward --state "$(relay 4294967295 "[\"ab\", {\"u64\": 7}]")" \
		--body "{\"dict\": {\"topic\": {\"string\": \"prices\"}, \"target\": {\"string\": \"$T\"}}}" &&
	res cost 408 state "$(relay 0 "[\"ab\", {\"u64\": 7}]")" \
		message "{\"recipient\": \"$T\", \"command\": \"receive\", \"body\": $(relayed prices)}"
'
run_err 'relay: forward "#x": 408, ERR' 408 'the topic must be 1 to 16 bytes, not starting with #' \
	"$F" --command forward --body '{"dict": {"topic": {"string": "#x"}}}'
run_err 'relay: forward to target "abc": 408, ERR' 408 'target must be 72 hex characters' \
	"$F" --command forward --body '{"dict": {"target": {"string": "abc"}}}'
test_expect_success 'relay: receive "news" from the partner: 378, [5; {ab 7, news 3}]' '
	run_ok "$F" --command receive --sender $P --body "$(relayed news)" --state "$S_TALLY" &&
	res cost 378 message null state "$(relay 5 "[\"ab\", {\"u64\": 7}], [\"news\", {\"u64\": 3}]")" &&
	same "$(txs)" ""
'
run_err 'relay: receive from no one: 378, ERR' 378 'only the partner may relay here' \
	"$F" --command receive --body "$(relayed news)" --state "$S_TALLY"
run_err 'relay: receive from another contract: 378, ERR' 378 'the sender is not the partner' \
	"$F" --command receive --sender $T --body "$(relayed news)" --state "$S_TALLY"
run_err 'relay: receive with the tag g: 378, ERR' 378 'only the partner may relay here' \
	"$F" --command receive --sender $P --body '{"list": [{"byte": 103}, {"string": "news"}]}' \
	--state "$S_TALLY"
run_err 'relay: receive a 9th topic: 378, ERR' 378 'too many topics' \
	"$F" --command receive --sender $P --body "$(relayed news)" --state "$S_FULL"
test_expect_success 'relay: clear "news": 193, news dropped' '
	run_ok "$F" --command clear --body "{\"string\": \"news\"}" --state "$S_TALLY" &&
	res cost 193 message null state "$(relay 4 "[\"ab\", {\"u64\": 7}]")" &&
	same "$(txs)" ""
'
run_err 'relay: clear an unknown topic: 193, ERR' 193 'unknown topic' \
	"$F" --command clear --body '{"string": "nope"}' --state "$S_TALLY"

test_done
