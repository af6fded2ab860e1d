#!/bin/bash
# address decode and contract contractid, with the addresses of
# tests/vectors/addresses.json.
. "$(dirname "$0")/test-lib.sh"
start_server

PK_ADDR=tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
PK_HASH=30759b07ca01caf8e524fc279946a1e96afc3546ee5f1fd4a1cfaf644763c2b4
MAIN_ADDR=zen1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qjk4wvz
C_ADDR=ctzn1qqqqqqqrqm6z6y9y9p0mpjtnugst0hn908n7vp2f8m44hwznsluydyszx6vjk2kpw
C_ID=0000000060de85a214850bf6192e7c4416fbccaf3cfcc0a927dd6b770a70ff08d24046d3
MAIN_C_ADDR=czen1qqqqqqqxd4g49z8xju8g824dsqv2dr0jq5eya8dh5r843unn63e3jgz3k6yt4ljj3
MAIN_C_ID=00000000cdaa2a511cd2e1d07555b00314d1be40a649d3b6f419eb1e4e7a8e63240a36d1

test_both 'decode a PK address' 0 "{\"pkHash\":\"$PK_HASH\"}" address decode $PK_ADDR
test_both 'decode an upper-case PK address' 0 "{\"pkHash\":\"$PK_HASH\"}" \
	address decode "$(echo $PK_ADDR | tr a-z A-Z)"
test_both 'decode a contract address' 0 "{\"contractId\":\"$C_ID\"}" address decode $C_ADDR
test_both 'contract id of a contract address' 0 "$C_ID" contract contractid $C_ADDR
test_both 'contract id, --address' 0 "$C_ID" contract contractid --address $C_ADDR

test_expect_success 'main-chain addresses decode with --chain main' '
	test "$("$ZEN" --chain main address decode $MAIN_ADDR)" = "{\"pkHash\":\"$PK_HASH\"}" &&
	test "$("$ZEN" --chain main contract contractid $MAIN_C_ADDR)" = "$MAIN_C_ID"
'

test_error 'decode without an address' 2 'zen: address is missing' address decode
test_error 'decode garbage' 2 'zen: could not decode address' address decode hello
test_error 'decode a bad checksum' 2 'zen: could not decode address' \
	address decode ${PK_ADDR%?}q
test_error 'decode mixed case' 2 'zen: could not decode address' \
	address decode tzn1QXP6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
test_error 'decode a main address on the local chain' 2 'zen: invalid HRP' \
	address decode $MAIN_C_ADDR
test_error 'contract id of a PK address' 2 'zen: invalid HRP' contract contractid $PK_ADDR
test_error 'contract id of a main-chain contract address' 2 'zen: invalid HRP' \
	contract contractid $MAIN_C_ADDR
test_error 'contract id without an address' 2 'zen: address is missing' contract contractid
test_error 'contract id of an empty address' 2 'zen: could not decode address' \
	contract contractid --address=

test_http 'contractId is text/plain' GET "/contract/contractId?address=$C_ADDR" 200 "$C_ID"
test_expect_success 'contractId content type' '
	http GET "/contract/contractId?address=$C_ADDR" && test "$ctype" = text/plain
'
test_http 'contractId error is json when asked' GET "/contract/contractId?address=$PK_ADDR" 400 \
	'{"error":"invalid HRP","code":2}' '' '' 'Accept: application/json'
test_http 'contractId missing address' GET "/contract/contractId" 400 \
	'address is missing'
test_http 'address decode' GET "/address/decode?address=$C_ADDR" 200 "{\"contractId\":\"$C_ID\"}"
test_http 'address decode, url-encoded' GET "/address/decode?address=%74zn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr" \
	200 "{\"pkHash\":\"$PK_HASH\"}"
test_http 'address decode, bad escape' GET "/address/decode?address=%zz" 400 '*'
test_done
