#!/bin/bash
# tests/tools/testtx, the signed-transaction helper of the black-box
# tests: addresses of the test mnemonic, the wallet.json send-root-1-kalapa
# transaction rebuilt byte for byte (transactions.json signed-pk-tx), what
# `zen tx decode` reads back, and signatures checked by --verify.
. "$(dirname "$0")/test-lib.sh"

TESTTX="$ZEN_BUILDDIR/tests/tools/testtx"
M="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
ROOT_ADDR=tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
ROOT_HASH=30759b07ca01caf8e524fc279946a1e96afc3546ee5f1fd4a1cfaf644763c2b4
RECIPIENT=tzn1q9v8sc0js2s77546lxvxcdg7aqx3ee97r2gjrx5snnduelafncw7sz5hhpf
PREV=835300081736d721821c6316bd8f2324ce973e02ab3e579e1230c30bd5f02f17
GENESIS_TX=b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b9716420
# The signed-pk-tx vector's hex, from the vector file itself.
VECTOR_HEX=$(sed -n '/"id": "signed-pk-tx"/,/"txHex"/s/.*"txHex": "\([0-9a-f]*\)".*/\1/p' \
	"$ZEN_SRCDIR/tests/vectors/transactions.json")

testtx() { "$TESTTX" --mnemonic "$M" "$@"; }
# rc_is CODE CMD...: CMD exits with CODE (its output is dropped).
rc_is() { local want=$1; shift; "$@" >/dev/null 2>&1; [ $? = "$want" ]; }

test_expect_success 'the vector file holds the signed-pk-tx hex' '
	[ ${#VECTOR_HEX} = 444 ]
'

test_expect_success 'address of m/44'"'"'/258'"'"'/0'"'"'/0/0 (the default path)' '
	[ "$(testtx --address)" = $ROOT_ADDR ] &&
	[ "$(testtx --path "m/44'"'"'/258'"'"'/0'"'"'/0/0" --address)" = $ROOT_ADDR ]
'

test_expect_success 'pk hash of the key' '
	[ "$(testtx --pkhash)" = $ROOT_HASH ]
'

test_expect_success 'main-chain address of the key' '
	[ "$(testtx --chain main --address)" = zen1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qjk4wvz ]
'

CHANGE=$(testtx --path "m/44'/258'/0'/1/0" --address)
test_expect_success 'change address of m/44'"'"'/258'"'"'/0'"'"'/1/0' '
	[ "$CHANGE" = tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9 ]
'

SEND_ARGS=(--input $PREV:0:2300000000000 --output $RECIPIENT:1 --output $CHANGE:2299999999999)
test_expect_success 'send-root-1-kalapa is rebuilt byte for byte' '
	hex=$(testtx "${SEND_ARGS[@]}") &&
	[ "$hex" = "$VECTOR_HEX" ]
'

test_expect_success 'its tx hash' '
	[ "$(testtx "${SEND_ARGS[@]}" --txhash)" = 03ae57cd8ee6339ad138bf2c1c7dae7b3571d839bc987a818d8c067a7801a784 ]
'

test_expect_success 'zen tx decode reads the inputs, outputs and witness back' '
	out=$("$ZEN" tx decode "$(testtx "${SEND_ARGS[@]}")") &&
	case $out in *"\"txHash\":\"03ae57cd8ee6339ad138bf2c1c7dae7b3571d839bc987a818d8c067a7801a784\""*) ;; *) false;; esac &&
	case $out in *"\"inputs\":[{\"outpoint\":{\"txHash\":\"$PREV\",\"index\":0}}]"*) ;; *) false;; esac &&
	case $out in *"{\"lock\":{\"PK\":{\"hash\":\"2b0f0c3e50543dea575f330d86a3dd01a39c97c352243352139b799ff533c3bd\",\"address\":\"$RECIPIENT\"}},\"spend\":{\"asset\":\"00\",\"amount\":\"1\"}},{\"lock\":{\"PK\":{\"hash\":\"9b95835b9af67bdc345c0ae879b93a58d0f3f90784c982a2da52fbd71d8700a3\",\"address\":\"$CHANGE\"}},\"spend\":{\"asset\":\"00\",\"amount\":\"2299999999999\"}}]"*) ;; *) false;; esac &&
	case $out in *"\"witness\":[{\"PKWitness\":{\"sigHash\":\"txHash\",\"hash\":\"$ROOT_HASH\",\"address\":\"$ROOT_ADDR\""*) ;; *) false;; esac
'

test_expect_success 'the signature verifies' '
	[ "$("$TESTTX" --verify "$VECTOR_HEX")" = "1 PK witness signature(s) verify" ]
'

test_expect_success 'a changed signature does not verify' '
	bad=${VECTOR_HEX%?}0 &&
	[ "$bad" != "$VECTOR_HEX" ] &&
	! "$TESTTX" --verify "$bad" 2>/dev/null
'

GEN_ARGS=(--input $GENESIS_TX:0:100000000000 --output $ROOT_ADDR:60000000000
	--output $RECIPIENT:39999999000 --fee 1000)
test_expect_success 'spending the local genesis output, with a fee' '
	out=$("$ZEN" tx decode "$(testtx "${GEN_ARGS[@]}")") &&
	case $out in *"\"inputs\":[{\"outpoint\":{\"txHash\":\"$GENESIS_TX\",\"index\":0}}]"*) ;; *) false;; esac &&
	case $out in *"\"amount\":\"60000000000\"}},{\"lock\":{\"PK\":{\"hash\":\"2b0f0c3e"*"\"amount\":\"39999999000\"}},{\"lock\":\"Fee\",\"spend\":{\"asset\":\"00\",\"amount\":\"1000\"}}]"*) ;; *) false;; esac &&
	[ "$("$TESTTX" --verify "$(testtx "${GEN_ARGS[@]}")")" = "1 PK witness signature(s) verify" ]
'

TWO_ARGS=(--input $GENESIS_TX:0:100000000000 --input $PREV:3:5:coinbase=7
	--output $RECIPIENT:100000000005 --sighash following)
test_expect_success 'two inputs: TxHash then FollowingWitnesses, both verify' '
	hex=$(testtx "${TWO_ARGS[@]}") &&
	out=$("$ZEN" tx decode "$hex") &&
	case $out in *"\"witness\":[{\"PKWitness\":{\"sigHash\":\"txHash\""*"{\"PKWitness\":{\"sigHash\":\"FollowingWitnesses\""*) ;; *) false;; esac &&
	case $out in *"{\"outpoint\":{\"txHash\":\"$PREV\",\"index\":3}}"*) ;; *) false;; esac &&
	[ "$("$TESTTX" --verify "$hex")" = "2 PK witness signature(s) verify" ]
'

test_expect_success 'signing is deterministic' '
	[ "$(testtx "${TWO_ARGS[@]}")" = "$(testtx "${TWO_ARGS[@]}")" ]
'

test_expect_success 'unbalanced amounts are refused unless asked for' '
	! testtx --input $PREV:0:10 --output $RECIPIENT:9 2>"$TRASH/e" &&
	grep -q "do not balance" "$TRASH/e" &&
	testtx --input $PREV:0:10 --output $RECIPIENT:9 --allow-unbalanced >/dev/null
'

test_expect_success 'bad arguments are usage errors' '
	rc_is 2 testtx --input nothex:0:1 --output $RECIPIENT:1 &&
	rc_is 2 testtx --input $PREV:0:1 --output nonsense:1 &&
	rc_is 2 testtx --input $PREV:0:1:coinbase=x --output $RECIPIENT:1 &&
	rc_is 2 testtx --input $PREV:0:1 &&
	rc_is 2 testtx --input $PREV:0:1 --output $RECIPIENT:1 --sighash all &&
	rc_is 2 "$TESTTX" --mnemonic "not a mnemonic" --address &&
	rc_is 2 "$TESTTX" --verify zz
'

test_done
