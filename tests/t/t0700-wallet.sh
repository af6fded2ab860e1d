#!/bin/bash
# The wallet end to end on the local chain: wallet A is created in data
# directory D1 (served by zen serve), wallet B imported in D2 (the key
# that owns the local genesis output); blocks and transactions are carried
# from D1 to D2 by hand.  Mining to A, coinbase maturity, a send from A to
# B, exact balances, histories and UTXOs on both sides, a reorganisation
# that takes the funding block away, and the refusals of bad sends.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

WORDS="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
ROOT=tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
GEN_TX=b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b9716420
OTHER=tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux  # no wallet here
D2="$TRASH/d2" D3="$TRASH/d3"
PW="$TRASH/pw"
printf 'correct horse\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
z2() { "$ZEN" --datadir "$D2" "$@"; }
zr() { "$ZEN" --url "$ZEN_TEST_URL" "$@"; }
# carry DST: publish the blocks DATADIR has and DST lacks, then its mempool
carry() {
	local n m
	n=$("$ZEN" --datadir "$1" blockchain info | json 'd["blocks"]')
	m=$(z1 blockchain info | json 'd["blocks"]')
	while [ "$n" -lt "$m" ]; do
		n=$((n + 1))
		"$ZEN" --datadir "$1" blockchain publishblock "$(z1 blockchain blocks \
			--block-number $n --take 1 | json 'd[0]["rawBlock"]')" >/dev/null || return 1
	done
	for h in $(z1 blockchain mempool | json '" ".join(list(t.keys())[0] for t in d)'); do
		"$ZEN" --datadir "$1" blockchain publishtransaction \
			"$(z1 blockchain transaction $h --hex | json 'd["tx"]')" >/dev/null || return 1
	done
}

test_both 'no wallet yet' 0 false wallet exists
test_error 'no account: balance' 1 'zen: no account' wallet balance
test_error 'no account: address' 1 'zen: no account' wallet address
test_error 'no account: a block template without an address' 1 'zen: no account' \
	blockchain blocktemplate

test_expect_success 'create wallet A: 24 words with a valid checksum, once' '
	z1 wallet create --password-file "$PW" >"$TRASH/created" 2>"$TRASH/created.err" &&
	test "$(json "len(d[\"mnemonic\"].split())" <"$TRASH/created")" = 24 &&
	grep -q "write these 24 words down" "$TRASH/created.err" &&
	json "d[\"mnemonic\"]" <"$TRASH/created" >"$TRASH/wordsA" &&
	z1 wallet mnemonicphrase --password-file "$PW" | cmp - "$TRASH/wordsA"
'
test_error 'a second wallet is refused' 1 'zen: account already exist' \
	wallet import --words-file "$TRASH/words" --password-file "$PW"
A=$(z1 wallet address | json d)
test_both 'wallet A exists, locally and remotely' 0 true wallet exists
# coinbase_of FILE: the coinbase address of the template in FILE
coinbase_of() {
	z1 block decode "$(json 'd["header"] + d["body"]' <"$1")" |
		json '[o["lock"]["Coinbase"]["address"] for t in d["transactions"].values() for o in t["outputs"] if "Coinbase" in o["lock"]][0]'
}
test_expect_success 'a block template without an address pays the wallet, as the reference' '
	z1 blockchain blocktemplate >"$TRASH/tpl" && test "$(coinbase_of "$TRASH/tpl")" = "$A" &&
	req GET /blockchain/blocktemplate && test "$status" = 200 &&
	printf "%s" "$body" >"$TRASH/tpl2" && test "$(coinbase_of "$TRASH/tpl2")" = "$A" &&
	z1 blockchain blocktemplate $OTHER >"$TRASH/tpl3" && test "$(coinbase_of "$TRASH/tpl3")" = $OTHER
'
test_both 'A starts empty' 0 '[]' wallet balance
test_both 'A has no history' 0 0 wallet transactioncount

test_expect_success 'import wallet B (remote server of D2 not needed: local)' '
	z2 wallet import --words-file "$TRASH/words" --password-file "$PW" >"$TRASH/imp" &&
	test "$(cat "$TRASH/imp")" = "account imported" &&
	test "$(z2 wallet address | json d)" = $ROOT
'
test_expect_success 'B found the genesis output without a resync' '
	test "$(z2 wallet balance)" = "[{\"asset\":\"00\",\"balance\":100000000000}]" &&
	test "$(z2 wallet utxo | json "d[0][\"outpoint\"][\"txHash\"]")" = $GEN_TX
'

REWARD=$(z1 blockchain blockreward 2)
test_expect_success 'mine block 2 to A through the server' '
	zr blockchain mine --blocks 1 --address $A >/dev/null
'
test_both 'A sees the coinbase (immature, counted)' 0 \
	"[{\"asset\":\"00\",\"balance\":$REWARD}]" wallet balance
test_error 'an immature coinbase cannot be spent' 1 'zen: Not enough tokens' \
	wallet send --address $ROOT --amount 1 --password-file "$PW"
z1 blockchain mine --blocks 8 --address $OTHER >/dev/null
test_error 'still immature at tip 10' 1 'zen: Not enough tokens' \
	wallet send --address $ROOT --amount 1 --password-file "$PW"
z1 blockchain mine --blocks 1 --address $OTHER >/dev/null

# Refusals: nothing changes.
test_error 'more than the balance' 1 'zen: Not enough tokens' \
	wallet send --address $ROOT --amount $((REWARD + 1)) --password-file "$PW"
test_error 'an invalid address' 2 'zen: Address is invalid: could not decode address' \
	wallet send --address tzn1qqqq --amount 1 --password-file "$PW"
test_error 'a zero amount' 2 'zen: invalid amount (a whole number of kalapas, 1 to 18446744073709551615)' \
	wallet send --address $ROOT --amount 0 --password-file "$PW"
test_error 'a negative amount' 2 'zen: invalid amount (a whole number of kalapas, 1 to 18446744073709551615)' \
	wallet send --address $ROOT --amount -5 --password-file "$PW"
test_error 'an amount beyond 64 bits' 2 'zen: invalid amount (a whole number of kalapas, 1 to 18446744073709551615)' \
	wallet send --address $ROOT --amount 18446744073709551616 --password-file "$PW"
test_error 'amounts that overflow together' 2 'zen: amount overflow' wallet send \
	--outputs "[{\"address\":\"$ROOT\",\"asset\":\"00\",\"amount\":\"18446744073709551615\"},{\"address\":\"$ROOT\",\"asset\":\"00\",\"amount\":\"1\"}]" \
	--password-file "$PW"
test_error 'an invalid asset' 2 'zen: invalid asset' \
	wallet send --address $ROOT --asset 0011 --amount 1 --password-file "$PW"
test_error 'no outputs' 2 'zen: Outputs is empty' wallet send --outputs '[]' --password-file "$PW"
printf 'wrong\n' >"$TRASH/badpw"
test_error 'a wrong password' 4 'zen: Bad password' \
	wallet send --address $ROOT --amount 1 --password-file "$TRASH/badpw"
test_both 'nothing was sent' 0 '[]' blockchain mempool
test_both 'the balance is unchanged' 0 "[{\"asset\":\"00\",\"balance\":$REWARD}]" wallet balance

SEND=123456789
test_expect_success 'send ZP from A to B (two outputs) through the server: in the mempool' '
	zr wallet send --outputs "[{\"address\":\"$ROOT\",\"asset\":\"00\",\"amount\":\"$SEND\"},{\"address\":\"$ROOT\",\"asset\":\"00\",\"amount\":\"1\"}]" \
		--password-file "$PW" >"$TRASH/sent" &&
	H=$(json d <"$TRASH/sent") &&
	test "$(z1 blockchain transaction $H | json "d[\"confirmations\"]")" = 0 &&
	echo $H >"$TRASH/h"
'
H=$(cat "$TRASH/h")
LEFT=$((REWARD - SEND - 1))
test_both 'A: change counted while unconfirmed' 0 "[{\"asset\":\"00\",\"balance\":$LEFT}]" wallet balance
test_expect_success 'A: history entries exact' '
	z1 wallet transactions --skip 0 --take 10 |
		json "\" \".join(\"%s:%s:%s\" % (e[\"txHash\"][:8], e[\"amount\"], e[\"confirmations\"]) for e in d)" >"$TRASH/hist" &&
	CB=$(z1 blockchain block 2 | json "list(d[\"transactions\"].keys())[0]") &&
	test "$(cat "$TRASH/hist")" = "${H:0:8}:-$((SEND + 1)):0 ${CB:0:8}:$REWARD:10"
'
test_expect_success 'B sees the payment unconfirmed once it has the blocks and the tx' '
	carry "$D2" &&
	test "$(z2 wallet balance)" = "[{\"asset\":\"00\",\"balance\":$((100000000000 + SEND + 1))}]" &&
	test "$(z2 wallet transactions --skip 0 --take 1 | json "d[0][\"amount\"] + \" \" + str(d[0][\"confirmations\"])")" = "$((SEND + 1)) 0"
'
# D3: a copy of the chain at tip 11, without the transaction, for the reorg.
test_expect_success 'a competing node at the same tip' '
	z1 blockchain blocks --block-number 11 --take 10 >"$TRASH/b11" &&
	for n in 2 3 4 5 6 7 8 9 10 11; do
		"$ZEN" --datadir "$D3" blockchain publishblock "$(json "[b[\"rawBlock\"] for b in d if b[\"blockNumber\"] == $n][0]" <"$TRASH/b11")" >/dev/null || exit 1
	done
'
test_expect_success 'mine the send into block 12' '
	z1 blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	test "$(z1 blockchain transaction $H | json "d[\"confirmations\"]")" = 1 && carry "$D2"
'
test_both 'A: the same balance, confirmed' 0 "[{\"asset\":\"00\",\"balance\":$LEFT}]" wallet balance
test_expect_success 'A: UTXO set is exactly the change output' '
	test "$(z1 wallet utxo | json "\" \".join(\"%s:%s:%s\" % (u[\"outpoint\"][\"txHash\"], u[\"outpoint\"][\"index\"], u[\"spend\"][\"amount\"]) for u in d)")" = "$H:2:$LEFT"
'
test_expect_success 'B: both outputs confirmed, history exact' '
	test "$(z2 wallet utxo | json "\" \".join(\"%s:%s\" % (u[\"outpoint\"][\"index\"], u[\"spend\"][\"amount\"]) for u in sorted(d, key=lambda u: u[\"outpoint\"][\"index\"]) if u[\"outpoint\"][\"txHash\"] == \"$H\")")" = "0:$SEND 1:1" &&
	test "$(z2 wallet transactions --skip 0 --take 10 | json "\" \".join(\"%s:%s\" % (e[\"amount\"], e[\"confirmations\"]) for e in d)")" = "$((SEND + 1)):1 100000000000:12" &&
	test "$(z2 wallet transactioncount)" = 2
'
test_expect_success 'pagination: skip 1 take 1' '
	test "$(z2 wallet transactions --skip 1 --take 1 | json "d[0][\"txHash\"]")" = $GEN_TX &&
	test "$(z2 wallet transactions --skip 2 --take 5)" = "[]"
'
test_error 'transactions without --take: the CLI names it' 2 'zen: take is missing' \
	wallet transactions --skip 0
test_http 'transactions without take: 400 Invalid values, as the reference' GET \
	'/wallet/transactions?skip=0' 400 'Invalid values'
test_both 'receivedbyaddress with 1 confirmation' 0 "[{\"address\":\"$A\",\"asset\":\"00\",\"amount\":\"$REWARD\"}]" \
	wallet receivedbyaddress --confirmations 11
CHANGE=$(z1 wallet utxo | json 'd[0]["lock"]["PK"]["address"]')
test_both 'addressbalance of the change address is a balance' 0 \
	"[{\"asset\":\"00\",\"balance\":$LEFT}]" wallet addressbalance $CHANGE
test_both 'addressbalance of the spent receive address' 0 '[]' wallet addressbalance $A
test_both 'addressoutputs of the change address: the one output, confirmed once' 0 \
	"[{\"outpoint\":{\"txHash\":\"$H\",\"index\":2},\"asset\":\"00\",\"amount\":\"$LEFT\",\"confirmations\":1,\"spent\":false}]" \
	wallet addressoutputs $CHANGE
test_expect_success 'addressoutputs of the receive address: its coinbase, spent' '
	z1 wallet addressoutputs $A >"$TRASH/ao" &&
	test "$(json "\" \".join(\"%s:%s:%s\" % (o[\"amount\"], o[\"spent\"], o[\"confirmations\"] > 0) for o in d)" <"$TRASH/ao")" = "$REWARD:True:True"
'
test_http 'addressoutputs without an address: 400' GET /wallet/addressoutputs 400 'address is missing'
test_expect_success 'reorg: a longer branch without block 12 moves the send back to unconfirmed' '
	"$ZEN" --datadir "$D3" blockchain mine --blocks 2 --address $OTHER >/dev/null &&
	for n in 12 13; do
		z1 blockchain publishblock "$("$ZEN" --datadir "$D3" blockchain blocks --block-number $n --take 1 | json "d[0][\"rawBlock\"]")" >/dev/null || exit 1
	done &&
	test "$(z1 blockchain info | json "d[\"blocks\"]")" = 13 &&
	test "$(z1 blockchain transaction $H | json "d[\"confirmations\"]")" = 0 &&
	test "$(z1 wallet transactions --skip 0 --take 1 | json "d[0][\"confirmations\"]")" = 0 &&
	test "$(z1 wallet balance)" = "[{\"asset\":\"00\",\"balance\":$LEFT}]"
'
test_expect_success 'the reorg through the server view too' '
	test "$(zr wallet transactions --skip 0 --take 2 | json "[e[\"confirmations\"] for e in d]")" = "[0, 12]"
'
test_expect_success 'a reorg that removes the coinbase too: the funds are gone' '
	"$ZEN" --datadir "$TRASH/d4" blockchain mine --blocks 14 --address $OTHER >/dev/null &&
	for n in $(seq 2 15); do
		z1 blockchain publishblock "$("$ZEN" --datadir "$TRASH/d4" blockchain blocks --block-number $n --take 1 | json "d[0][\"rawBlock\"]")" >/dev/null || exit 1
	done &&
	test "$(z1 blockchain info | json "d[\"blocks\"]")" = 15 &&
	test "$(z1 wallet balance)" = "[]" && test "$(z1 wallet transactioncount)" = 0
'
test_both 'resync gives the same answer' 0 '' wallet resync
test_both 'still nothing after the resync' 0 0 wallet transactioncount
test_both 'the chain store is consistent' 0 '*' node verify
test_done
