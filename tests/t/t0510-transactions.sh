#!/bin/bash
# Transactions through the mempool and into blocks, locally and through a
# running server on the same data directory.  Transactions are signed by
# tests/tools/testtx with the key that owns the local genesis output
# (m/44'/258'/0'/0/0 of the mnemonic in tests/vectors/wallet.json).
. "$(dirname "$0")/test-lib.sh"
start_server

TESTTX="$ZEN_BUILDDIR/tests/tools/testtx"
WORDS="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
GEN_TX=b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b9716420
OTHER=tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9
ROOT=$("$TESTTX" --mnemonic "$WORDS" --address)
tx() { "$TESTTX" --mnemonic "$WORDS" "$@"; }
txhash() { "$TESTTX" --mnemonic "$WORDS" --txhash "$@"; }

test_expect_success 'the genesis output belongs to the test key' '
	test "$ROOT" = tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
'
TX1=$(tx --input $GEN_TX:0:100000000000 --output $OTHER:100 --output $ROOT:99999999900)
H1=$(txhash --input $GEN_TX:0:100000000000 --output $OTHER:100 --output $ROOT:99999999900)
test_both 'publish a transaction (again: it is in the mempool already)' 0 "\"$H1\"" \
	blockchain publishtransaction $TX1
test_both 'the mempool holds it' 0 '*' blockchain mempool
test_expect_success 'the mempool lists it by hash' '
	"$ZEN" --datadir "$DATADIR" blockchain mempool | json "list(d[0].keys())[0]" | grep -qx $H1
'
test_both 'a mempool transaction has no confirmations' 0 \
	"{\"tx\":\"$TX1\",\"confirmations\":0}" blockchain transaction $H1 --hex
test_expect_success 'the JSON form shows the outputs' '
	"$ZEN" --datadir "$DATADIR" blockchain transaction $H1 >"$TRASH/t" &&
	test "$(json "d[\"tx\"][\"outputs\"][0][\"spend\"][\"amount\"]" <"$TRASH/t")" = 100
'
TX1B=$(tx --input $GEN_TX:0:100000000000 --output $OTHER:100000000000)
test_error 'a double spend is refused' 1 'zen: DoubleSpend' blockchain publishtransaction $TX1B
TX2=$(tx --input $H1:1:99999999900 --output $OTHER:1 --output $ROOT:99999999899)
H2=$(txhash --input $H1:1:99999999900 --output $OTHER:1 --output $ROOT:99999999899)
test_both 'a transaction spending a mempool output' 0 "\"$H2\"" blockchain publishtransaction $TX2
test_error 'spending an unknown output is an orphan' 1 'zen: Orphan' \
	blockchain publishtransaction "$(tx --input $(printf '%064d' 7):0:5 --output $OTHER:5)"
test_error 'unbalanced amounts are refused' 1 'zen: General "invalid amounts"' \
	blockchain publishtransaction "$(tx --allow-unbalanced --input $H2:1:99999999899 --output $OTHER:99999999999)"
test_error 'a transaction that does not decode' 2 'zen: invalid transaction' \
	blockchain publishtransaction 00000000ff
test_error 'a transaction that is not hex' 2 'zen: invalid transaction' blockchain publishtransaction xyz
test_error 'publishtransaction without a transaction' 2 'zen: tx is missing' \
	blockchain publishtransaction

test_expect_success 'mine a block with both transactions' '
	"$ZEN" --url "$ZEN_TEST_URL" blockchain mine --blocks 1 --address $ROOT >"$TRASH/m" &&
	test "$("$ZEN" --datadir "$DATADIR" blockchain mempool)" = "[]" &&
	"$ZEN" --datadir "$DATADIR" blockchain block 2 >"$TRASH/b2" &&
	test "$(json "\" \".join(list(d[\"transactions\"].keys())[1:])" <"$TRASH/b2")" = "$H1 $H2"
'
test_both 'a mined transaction has one confirmation' 0 \
	"{\"tx\":\"$TX1\",\"confirmations\":1}" blockchain transaction $H1 --hex
test_error 'publishing a mined transaction again' 1 'zen: transaction already exists' \
	blockchain publishtransaction $TX1
test_http 'a mined transaction again is 302, as the reference' POST /blockchain/publishtransaction \
	302 'transaction already exists' "{\"tx\":\"$TX1\"}"
test_http 'the 302 as json' POST /blockchain/publishtransaction \
	302 '{"error":"transaction already exists","code":1}' "{\"tx\":\"$TX1\"}" \
	application/json 'Accept: application/json'
test_error 'unknown transaction' 3 'zen: transaction not found' \
	blockchain transaction $(printf '%064d' 1)
test_error 'transaction with a bad hash' 2 'zen: invalid hash' blockchain transaction 1234

CB2=$(json "list(d[\"transactions\"].keys())[0]" <"$TRASH/b2")
test_error 'a coinbase output is not spendable before maturity' 1 \
	'zen: General "Coinbase not mature enough"' \
	blockchain publishtransaction "$(tx --input $CB2:0:5000000000:coinbase=2 --output $OTHER:5000000000)"
# Maturity 10: spendable in block 12 = tip 11 + 1, not in block 11.
SPEND_CB2=$(tx --input $CB2:0:5000000000:coinbase=2 --output $OTHER:5000000000)
test_expect_success 'blockchain mine N ADDRESS, positional as generatetoaddress' '
	"$ZEN" --datadir "$DATADIR" blockchain mine 8 $OTHER >"$TRASH/m8" &&
	test "$(json "len(d)" <"$TRASH/m8")" = 8 &&
	"$ZEN" --datadir "$DATADIR" blockchain info >"$TRASH/info" &&
	test "$(json "d[\"blocks\"]" <"$TRASH/info")" = 10 &&
	test "$(json "d[\"tip\"]" <"$TRASH/info")" = "$(json "d[-1]" <"$TRASH/m8")"
'
test_error 'still immature for block 11' 1 'zen: General "Coinbase not mature enough"' \
	blockchain publishtransaction $SPEND_CB2
"$ZEN" --datadir "$DATADIR" blockchain mine --blocks 1 --address $OTHER >/dev/null
test_both 'mature for block 12' 0 "\"$(txhash --input $CB2:0:5000000000:coinbase=2 --output $OTHER:5000000000)\"" \
	blockchain publishtransaction $SPEND_CB2
test_both 'the store is consistent' 0 '*' node verify
test_http 'publishtransaction needs a JSON body: 415' POST /blockchain/publishtransaction 415 \
	'only application/json ContentType is supported' "tx=00" text/plain
test_http 'publishtransaction with broken JSON' POST /blockchain/publishtransaction 400 '*' '{"tx":'
test_http 'publishtransaction with a JSON array' POST /blockchain/publishtransaction 400 \
	'{"error":"Json is invalid: not an object","code":2}' '[1]' application/json \
	'Accept: application/json'
test_done
