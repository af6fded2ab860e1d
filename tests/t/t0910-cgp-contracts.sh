#!/bin/bash
# The local chain's built-in CGP and voting contracts (issue 13,
# src/core/cgp/contracts): active from genesis without an activation,
# listed by /contract/active, executable through the wallet; the CGP
# contract's Payout refused outside a payout block and for bad bodies,
# accepted one block before block 10 once the contract holds ZP; neither
# can be activated or extended; main and test have no built-ins.
#
# The ids are computed here from the source files, independently of zen:
# SHA3-256(BE32(0) || code) (contracts.md 1.1).  Payout bodies are built
# byte by byte as cgp-and-chain.md 7.2 spells them.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

SRC="$ZEN_SRCDIR/src/core/cgp/contracts"
PW="$TRASH/pw"
printf 'correct horse\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
zr() { "$ZEN" --url "$ZEN_TEST_URL" "$@"; }
mine() { z1 blockchain mine --blocks "$1" --address $OTHER >/dev/null; }
tipn() { z1 blockchain info | json 'd["blocks"]'; }
cid() {
	python3 -c 'import hashlib, sys
print("00000000" + hashlib.sha3_256(b"\0\0\0\0" + open(sys.argv[1], "rb").read()).hexdigest())' "$1"
}
CGP_ID=$(cid "$SRC/cgp.fst")
VOTING_ID=$(cid "$SRC/voting.fst")
CGP_ADDR=$(z1 contract id "$SRC/cgp.fst" | json 'd["address"]')
VOTING_ADDR=$(z1 contract id "$SRC/voting.fst" | json 'd["address"]')

# body N AMOUNT [ASSET]: the Payout body of 7.2 with N outputs of AMOUNT
# kalapas each to ROOT_PKH (asset: 72 zeros for ZP unless given), as hex
body() {
	python3 - "$@" <<-'EOF'
	import sys
	n, amount = int(sys.argv[1]), int(sys.argv[2])
	asset = sys.argv[3] if len(sys.argv) > 3 else "0" * 72
	pkh = "30759b07ca01caf8e524fc279946a1e96afc3546ee5f1fd4a1cfaf644763c2b4"
	out = ("0d02" + "080220" + pkh + "0d02" + "06%02x" % len(asset) +
	       asset.encode().hex() + "05%016x" % amount)
	assert n < 253		# one-byte varint count
	print("0c01" + "07" + b"Outputs".hex() + "0d%02x" % n + out * n)
	EOF
}

test_expect_success 'the ids: zen contract id agrees with SHA3 of the files' '
	test "$(z1 contract id "$SRC/cgp.fst" | json "d[\"contractId\"]")" = $CGP_ID &&
	test "$(z1 contract id "$SRC/voting.fst" | json "d[\"contractId\"]")" = $VOTING_ID
'

# ---- the active contract set of a fresh local chain -----------------------
EXPECT=$(python3 - "$SRC" "$CGP_ID" "$CGP_ADDR" "$VOTING_ID" "$VOTING_ADDR" <<'EOF'
import json, sys
src = sys.argv[1]
rows = [(sys.argv[2], sys.argv[3], src + "/cgp.fst"),
        (sys.argv[4], sys.argv[5], src + "/voting.fst")]
print(json.dumps([{"contractId": cid, "contractHash": cid[8:], "address": addr,
                   "expire": 4294967295, "code": open(f).read()}
                  for cid, addr, f in sorted(rows, key=lambda r: r[0][8:])],
                 separators=(",", ":")))
EOF
)
test_both 'a fresh local chain: both built-ins active, in hash order, never expiring' \
	0 "$EXPECT" contract active
test_http 'GET /contract/active lists them' GET /contract/active 200 "$EXPECT"
test_expect_success 'main and test: no built-ins' '
	test "$("$ZEN" --chain test --datadir "$TRASH/test" contract active)" = "[]" &&
	test "$("$ZEN" --chain main --datadir "$TRASH/main" contract active)" = "[]"
'

test_expect_success 'wallet A is the key of the genesis output' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	test "$(z1 wallet address | json d)" = $ROOT
'

# ---- they cannot be activated or extended ---------------------------------
test_error 'activate the voting code: refused' 1 'zen: General "contract is built in"' \
	contract activate "$SRC/voting.fst" 10 --password-file "$PW"
test_error 'activate the CGP code: refused' 1 'zen: General "contract is built in"' \
	contract activate "$SRC/cgp.fst" 1 --password-file "$PW"
test_error 'extend the CGP contract: refused' 1 'zen: General "contract is built in"' \
	contract extend $CGP_ADDR 10 --password-file "$PW"
test_error 'extend the voting contract: refused' 1 'zen: General "contract is built in"' \
	contract extend $VOTING_ADDR 1 --password-file "$PW"
test_both 'nothing reached the mempool' 0 '[]' blockchain mempool
test_both 'the active set is unchanged' 0 "$EXPECT" contract active

# ---- the voting contract accepts any command ------------------------------
# Allocation with a U32 body locally, Nomination with a dictionary
# through the server; each pays its 1-kalapa fee and is mined.
test_expect_success 'execute voting Allocation: in the mempool' '
	z1 contract execute $VOTING_ADDR Allocation --message-body 040000000a \
		--password-file "$PW" | json d >"$TRASH/h_vote" &&
	test "$(z1 blockchain transaction $(cat "$TRASH/h_vote") | json "d[\"confirmations\"]")" = 0
'
test_expect_success 'execute voting Nomination through the server: in the mempool' '
	zr contract execute $VOTING_ADDR Nomination \
		--message-body 0c01044e616d650603616263 \
		--password-file "$PW" | json d >"$TRASH/h_vote2" &&
	test "$(z1 blockchain transaction $(cat "$TRASH/h_vote2") | json "d[\"confirmations\"]")" = 0
'
test_expect_success 'the vote: one contract witness, the command and body as sent' '
	z1 blockchain transaction $(cat "$TRASH/h_vote") >"$TRASH/tx_vote" &&
	test "$(json "\" \".join(list(w)[0] for w in d[\"tx\"][\"witness\"])" <"$TRASH/tx_vote")" = \
		"PKWitness ContractWitness" &&
	test "$(json "d[\"tx\"][\"witness\"][1][\"ContractWitness\"][\"contractId\"]" <"$TRASH/tx_vote")" = $VOTING_ID &&
	test "$(json "d[\"tx\"][\"witness\"][1][\"ContractWitness\"][\"command\"]" <"$TRASH/tx_vote")" = Allocation
'
test_expect_success 'both votes mined into block 2' '
	mine 1 && test "$(tipn)" = 2 &&
	test "$(z1 blockchain transaction $(cat "$TRASH/h_vote") | json "d[\"confirmations\"]")" = 1 &&
	test "$(z1 blockchain transaction $(cat "$TRASH/h_vote2") | json "d[\"confirmations\"]")" = 1
'
# Not in the ACS database: no sacrifice for them in the coinbase (it would
# be 4969 + 957 kalapas more), and the chain still starts at the genesis
# block of the parameters.
test_expect_success 'block 2: the coinbase is the reward plus the two fees, no sacrifice' '
	raw=$(z1 blockchain blocks --block-number 2 --take 1 | json "d[0][\"rawBlock\"]") &&
	z1 block decode "$raw" >"$TRASH/b2" &&
	test "$(json "d[\"header\"][\"parent\"]" <"$TRASH/b2")" = \
		6d678ab961c8b47046da8d19c0de5be07eb0fe1e1e82ad9a5b32145b5d4811c7 &&
	test "$(json "sum(int(o[\"spend\"][\"amount\"]) for t in d[\"transactions\"].values() if not t[\"inputs\"] for o in t[\"outputs\"])" <"$TRASH/b2")" = \
		$((5000000000 + 2))
'
test_both 'after a block the built-ins are still active, unchanged' 0 "$EXPECT" contract active

# ---- the CGP contract: refusals outside a payout block --------------------
ONE=$(body 1 1000)
test_error 'Payout at tip 2 (block 3): not a payout block' 1 'zen: Not a payout block' \
	contract execute $CGP_ADDR Payout --message-body "$ONE" --password-file "$PW"
test_expect_success 'fund the CGP contract with 5000 kalapas (block 3)' '
	z1 wallet send --outputs "[{\"address\":\"$CGP_ADDR\",\"asset\":\"00\",\"amount\":\"5000\"}]" \
		--password-file "$PW" | json d >"$TRASH/h_fund" &&
	mine 1 && test "$(tipn)" = 3 &&
	test "$(z1 blockchain transaction $(cat "$TRASH/h_fund") | json "d[\"confirmations\"]")" = 1
'
test_expect_success 'mine to 8' 'mine 5 && test "$(tipn)" = 8'
test_error 'Payout at tip 8 (block 9): not a payout block' 1 'zen: Not a payout block' \
	contract execute $CGP_ADDR Payout --message-body "$ONE" --password-file "$PW"
test_expect_success 'mine to 9: the next block is the payout block 10' 'mine 1 && test "$(tipn)" = 9'

# ---- at tip 9: bad commands and bodies ------------------------------------
test_error 'another command' 1 'zen: Unsupported command' \
	contract execute $CGP_ADDR Allocation --message-body "$ONE" --password-file "$PW"
test_error 'no body' 1 "zen: Couldn't parse Outputs" \
	contract execute $CGP_ADDR Payout --password-file "$PW"
test_error 'a body that is not a dictionary' 1 "zen: Couldn't parse Outputs" \
	contract execute $CGP_ADDR Payout --message-body 040000000a --password-file "$PW"
# {"Payments": [...]}: the right list under another key
test_error 'no Outputs' 1 "zen: Couldn't parse Outputs" \
	contract execute $CGP_ADDR Payout \
	--message-body "0c0108$(printf Payments | od -An -tx1 | tr -d ' \n')${ONE:20}" \
	--password-file "$PW"
test_error '0 outputs' 1 'zen: Outputs list size is out of bounds' \
	contract execute $CGP_ADDR Payout --message-body "$(body 0 1)" --password-file "$PW"
test_error '101 outputs' 1 'zen: Outputs list size is out of bounds' \
	contract execute $CGP_ADDR Payout --message-body "$(body 101 1)" --password-file "$PW"
test_error 'an amount of 0' 1 'zen: Invalid outputs structure' \
	contract execute $CGP_ADDR Payout --message-body "$(body 1 0)" --password-file "$PW"
test_error 'an asset that does not parse' 1 'zen: Invalid outputs structure' \
	contract execute $CGP_ADDR Payout --message-body "$(body 1 1 zz)" --password-file "$PW"
test_error '5001 kalapas: more than the contract holds' 1 'zen: Insufficient funds' \
	contract execute $CGP_ADDR Payout --message-body "$(body 1 5001)" --password-file "$PW"
test_error '3 x 1700 kalapas: together more than it holds' 1 'zen: Insufficient funds' \
	contract execute $CGP_ADDR Payout --message-body "$(body 3 1700)" --password-file "$PW"
test_error 'an asset it does not hold' 1 'zen: Insufficient funds' \
	contract execute $CGP_ADDR Payout --message-body "$(body 1 1 "$VOTING_ID")" \
	--password-file "$PW"
test_both 'the refusals left the mempool empty' 0 '[]' blockchain mempool

# ---- at tip 9: the payout of 1000 kalapas is accepted ---------------------
test_expect_success 'Payout of 1000 kalapas ZP to ROOT: accepted into the mempool' '
	zr contract execute $CGP_ADDR Payout --message-body "$ONE" \
		--password-file "$PW" | json d >"$TRASH/h_pay" &&
	test "$(z1 blockchain mempool | json "\" \".join(list(t)[0] for t in d)")" = \
		"$(cat "$TRASH/h_pay")"
'
# The contract spends the funding output (5000, output 1 of the funding
# transaction), sends 4000 back to itself and 1000 to ROOT_PKH; the
# wallet adds its own input, change and the 1-kalapa fee before it.
test_expect_success 'the payout: the contract coin in, 4000 back, 1000 to the recipient' '
	z1 blockchain transaction $(cat "$TRASH/h_pay") >"$TRASH/tx_pay" &&
	json "\" \".join(\"%s:%s\" % (i[\"outpoint\"][\"txHash\"][:8], i[\"outpoint\"][\"index\"]) for i in d[\"tx\"][\"inputs\"])" \
		<"$TRASH/tx_pay" >"$TRASH/ins" &&
	grep -q "$(cut -c1-8 "$TRASH/h_fund"):1" "$TRASH/ins" &&
	json "\" \".join(\"%s:%s\" % (list(o[\"lock\"])[0] if isinstance(o[\"lock\"], dict) else o[\"lock\"], o[\"spend\"][\"amount\"]) for o in d[\"tx\"][\"outputs\"][-2:])" \
		<"$TRASH/tx_pay" >"$TRASH/outs" &&
	test "$(cat "$TRASH/outs")" = "Contract:4000 PK:1000" &&
	test "$(json "d[\"tx\"][\"outputs\"][-2][\"lock\"][\"Contract\"][\"id\"]" <"$TRASH/tx_pay")" = $CGP_ID &&
	test "$(json "d[\"tx\"][\"outputs\"][-1][\"lock\"][\"PK\"][\"hash\"]" <"$TRASH/tx_pay")" = $ROOT_PKH &&
	test "$(json "d[\"tx\"][\"witness\"][-1][\"ContractWitness\"][\"command\"]" <"$TRASH/tx_pay")" = Payout
'

test_done
