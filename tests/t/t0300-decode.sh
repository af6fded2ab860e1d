#!/bin/bash
# Offline decoders: tx decode, block decode, contract id.  Expected JSON is
# assembled by hand from the reference vectors (tests/vectors) and the
# shapes of api.md 3.
. "$(dirname "$0")/test-lib.sh"
start_server

SIGNED_TX=000000000101835300081736d721821c6316bd8f2324ce973e02ab3e579e1230c30bd5f02f17000202202b0f0c3e50543dea575f330d86a3dd01a39c97c352243352139b799ff533c3bd00000102209b95835b9af67bdc345c0ae879b93a58d0f3f90784c982a2da52fbd71d8700a3007e00021782aed7ff000101620102b43a1cb4cb6472e1fcd71b237eb9c1378335cd200dd07536594348d9e450967e0b6be83f6eb9f27d76020f1805d08aac2a3f38860177ff5ebd2cb32081094d044474e9636c3ee6c5b599ef9e93268d5d80c4abf1d4625e8e95c0ed5d6741d9b1
ROOT_HASH=30759b07ca01caf8e524fc279946a1e96afc3546ee5f1fd4a1cfaf644763c2b4
ROOT_ADDR=tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
SIG=0b6be83f6eb9f27d76020f1805d08aac2a3f38860177ff5ebd2cb32081094d044474e9636c3ee6c5b599ef9e93268d5d80c4abf1d4625e8e95c0ed5d6741d9b1

pk_lock() { echo "{\"PK\":{\"hash\":\"$1\",\"address\":\"$2\"}}"; }
zp() { echo "{\"asset\":\"00\",\"amount\":\"$1\"}"; }

want_tx="{\"txHash\":\"03ae57cd8ee6339ad138bf2c1c7dae7b3571d839bc987a818d8c067a7801a784\",\
\"witnessHash\":\"fc648c186083ee25e04997a73f470690492680775a5dee221939c796a8c131f3\",\
\"tx\":{\"version\":0,\
\"inputs\":[{\"outpoint\":{\"txHash\":\"835300081736d721821c6316bd8f2324ce973e02ab3e579e1230c30bd5f02f17\",\"index\":0}}],\
\"outputs\":[{\"lock\":$(pk_lock 2b0f0c3e50543dea575f330d86a3dd01a39c97c352243352139b799ff533c3bd tzn1q9v8sc0js2s77546lxvxcdg7aqx3ee97r2gjrx5snnduelafncw7sz5hhpf),\"spend\":$(zp 1)},\
{\"lock\":$(pk_lock 9b95835b9af67bdc345c0ae879b93a58d0f3f90784c982a2da52fbd71d8700a3 tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9),\"spend\":$(zp 2299999999999)}],\
\"witness\":[{\"PKWitness\":{\"sigHash\":\"txHash\",\"hash\":\"$ROOT_HASH\",\"address\":\"$ROOT_ADDR\",\"signature\":\"$SIG\"}}]}}"
test_both 'decode the signed transaction of the API tests' 0 "$want_tx" tx decode $SIGNED_TX
test_both 'decode accepts upper-case hex' 0 "$want_tx" tx decode "$(echo $SIGNED_TX | tr a-f A-F)"

LOCAL_GENESIS=000000000000000000000000000000000000000000000000000000000000000000000000000000013ca83bcc8483b5a8706a8fed28e4ec64952d7d6b65624c8e8026f48cf177176700000160e073fe8f20ffffff0000000000000000000000000000000003b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b971642029f0999def953f2a14ad6c143e2a0ebf3b4f794d8b17fc1203c12365427c09d3be653064be80f760b9d471dc9afbac2b24236c9f2eb0f08b7427942852dc780201000000000001022030759b07ca01caf8e524fc279946a1e96afc3546ee5f1fd4a1cfaf644763c2b4002c010000
want_genesis="{\"hash\":\"6d678ab961c8b47046da8d19c0de5be07eb0fe1e1e82ad9a5b32145b5d4811c7\",\
\"header\":{\"version\":0,\"parent\":\"0000000000000000000000000000000000000000000000000000000000000000\",\
\"blockNumber\":1,\"commitments\":\"3ca83bcc8483b5a8706a8fed28e4ec64952d7d6b65624c8e8026f48cf1771767\",\
\"timestamp\":1515594186383,\"difficulty\":$((0x20ffffff)),\"nonce\":[0,0]},\
\"transactions\":{\"b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b9716420\":{\"version\":0,\"inputs\":[],\
\"outputs\":[{\"lock\":$(pk_lock $ROOT_HASH $ROOT_ADDR),\"spend\":$(zp 100000000000)}],\"witness\":[]}}}"
test_both 'decode the local genesis block' 0 "$want_genesis" block decode $LOCAL_GENESIS

BLOCK2=0000000146d1e8e4d397bbcf13f96346dfb998d7445600806d09e6e5d1740b3d8412fd2400000002ca42763cfe7d87f7764817a6f97e4bab53c76d358ba405752c16f2f586d34ca800000176a10e3b7c20ffffffd4aa88cc24e72dca00000000000000010376567fbaffa524424dc79b6f46bdfe85340ae8dd0581c8298260349c7130f7c2413fd845e3e170c48790e0b35465d009f228b658f292374d6c9afbc6eb09b5e0be653064be80f760b9d471dc9afbac2b24236c9f2eb0f08b7427942852dc78020100000000000106240000000230759b07ca01caf8e524fc279946a1e96afc3546ee5f1fd4a1cfaf644763c2b40024050000
# nonce[0] = 15324211092455370186 is printed as a signed 64-bit number (api.md 3.8).
want_block2="{\"hash\":\"1c821275a3208f098c55faf5aefb5a83b15342ccf6036a7c97d889d53d656819\",\
\"header\":{\"version\":1,\"parent\":\"46d1e8e4d397bbcf13f96346dfb998d7445600806d09e6e5d1740b3d8412fd24\",\
\"blockNumber\":2,\"commitments\":\"ca42763cfe7d87f7764817a6f97e4bab53c76d358ba405752c16f2f586d34ca8\",\
\"timestamp\":1609019833212,\"difficulty\":$((0x20ffffff)),\"nonce\":[-3122532981254181430,1]},\
\"transactions\":{\"76567fbaffa524424dc79b6f46bdfe85340ae8dd0581c8298260349c7130f7c2\":{\"version\":0,\"inputs\":[],\
\"outputs\":[{\"lock\":{\"Coinbase\":{\"blockNumber\":2,\"pkHash\":\"$ROOT_HASH\",\"address\":\"$ROOT_ADDR\"}},\"spend\":$(zp 5000000000)}],\"witness\":[]}}}"
test_both 'decode block 2 of the API tests' 0 "$want_block2" block decode $BLOCK2

test_expect_success 'decoded main-chain addresses use the main HRP' '
	"$ZEN" --chain main tx decode $SIGNED_TX | grep -q "\"address\":\"zen1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qjk4wvz\""
'

# Bad input.
test_error 'tx decode of odd-length hex' 2 'zen: invalid hex' tx decode abc
test_error 'tx decode of non-hex' 2 'zen: invalid hex' tx decode zz00
test_error 'tx decode without input' 2 'zen: hex is missing' tx decode
test_error 'tx decode with trailing bytes' 2 \
	"zen: cannot decode transaction: trailing bytes after the transaction (222 of 223 bytes used)" \
	tx decode ${SIGNED_TX}00
test_error 'block decode with trailing bytes' 2 \
	"zen: cannot decode block: trailing bytes after the block (243 of 244 bytes used)" \
	block decode ${LOCAL_GENESIS}ff
for cut in 2 20 100 200 220 221; do
	test_both "tx decode truncated to $cut bytes" 2 "" tx decode ${SIGNED_TX:0:$((cut * 2))}
done
for cut in 1 99 100 101 150 242; do
	test_both "block decode truncated to $cut bytes" 2 "" block decode ${LOCAL_GENESIS:0:$((cut * 2))}
done
test_both 'tx decode of all zeros' 2 "" tx decode 0000000000000000
test_both 'tx decode of nothing' 2 "" tx decode --hex=
test_expect_success 'decode errors name what failed' '
	"$ZEN" tx decode ${SIGNED_TX:0:40} 2>"$TRASH/e" >/dev/null; test $? = 2 &&
	grep -q "^zen: cannot decode transaction: " "$TRASH/e" &&
	"$ZEN" block decode ${LOCAL_GENESIS:0:40} 2>"$TRASH/e" >/dev/null; test $? = 2 &&
	grep -q "^zen: cannot decode block: " "$TRASH/e"
'

# contract id FILE: the sample contract of tests/vectors/contract_ids.json.
python3 -c "
import json,sys
v=[v for v in json.load(open(sys.argv[1]))['vectors'] if v['id']=='contract-id-sample'][0]
open(sys.argv[2],'w',newline='').write(v['input']['code'])
" "$ZEN_SRCDIR/tests/vectors/contract_ids.json" "$TRASH/sample.fst"
want_cid='{"contractId":"0000000060de85a214850bf6192e7c4416fbccaf3cfcc0a927dd6b770a70ff08d24046d3","address":"ctzn1qqqqqqqrqm6z6y9y9p0mpjtnugst0hn908n7vp2f8m44hwznsluydyszx6vjk2kpw"}'
test_both 'contract id of the sample contract' 0 "$want_cid" contract id "$TRASH/sample.fst"
test_expect_success 'contract id reads standard input' '
	test "$("$ZEN" contract id - <"$TRASH/sample.fst")" = "$want_cid"
'
test_expect_success 'contract id on main uses czen' '
	"$ZEN" --chain main contract id "$TRASH/sample.fst" |
		grep -q "czen1qqqqqqqrqm6z6y9y9p0mpjtnugst0hn908n7vp2f8m44hwznsluydyszx6vur49sl"
'
test_expect_success 'contract id of a missing file' '
	"$ZEN" contract id "$TRASH/nope.fst" 2>"$TRASH/e"; test $? = 2 &&
	grep -q "^zen: cannot open .*nope.fst: No such file or directory$" "$TRASH/e"
'
# A fuzz replay with nothing to replay tests nothing: it must fail.
test_expect_success 'a fuzz replay of an empty corpus fails' '
	mkdir -p "$TRASH/empty" &&
	! "$ZEN_BUILDDIR/tests/fuzz/replay-hex" "$TRASH/empty" >"$TRASH/o" 2>&1 &&
	"$ZEN_BUILDDIR/tests/fuzz/replay-hex" "$ZEN_SRCDIR/tests/fuzz/corpus/hex" >/dev/null
'
test_done
