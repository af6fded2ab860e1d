#!/bin/bash
# Bad input for every operation with an HTTP route: each answers a 4xx with
# a JSON error body, and the server stays up.  The same requests through
# the CLI exit with the documented codes.
. "$(dirname "$0")/test-lib.sh"
start_server

H64=$(printf '%064d' 0)
BIG=$(printf '9%.0s' $(seq 1 30))
# METHOD PATH-AND-QUERY [JSON-BODY] : each line one bad request.  (A
# query parameter a route does not take is no error: api.md 1.3, t0450.)
cat >"$TRASH/bad" <<EOF
GET /blockchain/headers?take=-1
GET /blockchain/headers?take=10001
GET /blockchain/headers?take=1&blockNumber=abc
GET /blockchain/headers?take=$BIG
GET /blockchain/block
GET /blockchain/block?blockNumber=x
GET /blockchain/block?hash=zz
GET /blockchain/block?hash=$H64
GET /blockchain/block?blockNumber=0
GET /blockchain/blocks?take=10001
GET /blockchain/blocks?take=1.5
GET /blockchain/blockreward
GET /blockchain/blockreward?blockNumber=-5
GET /blockchain/totalzp?blockNumber=4294967296
GET /blockchain/transaction
GET /blockchain/transaction?hash=12
GET /blockchain/transaction?hash=$H64
GET /blockchain/transaction?hash=$H64&hex=maybe
POST /blockchain/publishblock {}
POST /blockchain/publishblock {"block":"zz"}
POST /blockchain/publishblock {"block":"00"}
POST /blockchain/publishblock {"block":"00","header":"00"}
POST /blockchain/publishblock {"header":"00","body":"00"}
POST /blockchain/publishblock {"block":5}
POST /blockchain/publishblock {"block":[]}
POST /blockchain/publishblock "00"
POST /blockchain/publishblock [1,2]
POST /blockchain/publishblock {"block":
POST /blockchain/submitheader {}
POST /blockchain/submitheader {"header":"00"}
POST /blockchain/submitheader {"header":"$H64$H64$H64${H64:0:8}"}
POST /blockchain/publishtransaction {}
POST /blockchain/publishtransaction {"tx":"0"}
POST /blockchain/publishtransaction {"tx":"0000"}
POST /blockchain/publishtransaction {"tx":null}
POST /blockchain/publishtransaction {"tx":"00","extra":1}
GET /blockchain/blocktemplate
GET /blockchain/blocktemplate?address=nope
GET /blockchain/blocktemplate?address=ctzn1qqqqqqqrqm6z6y9y9p0mpjtnugst0hn908n7vp2f8m44hwznsluydyszx6vjk2kpw
POST /blockchain/blocktemplate {"address":"zen1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qjk4wvz"}
POST /blockchain/mine {}
POST /blockchain/mine {"blocks":0,"address":"tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr"}
POST /blockchain/mine {"blocks":1,"address":"x"}
POST /blockchain/mine {"blocks":"many","address":"tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr"}
POST /blockchain/mine {"blocks":1,"address":"tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr","threads":100}
GET /address/decode
GET /address/decode?address=
GET /contract/contractId?address=tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
EOF
n=0
while read -r method path body; do
	n=$((n + 1))
	http "$method" "$path" "$body" application/json 'Accept: application/json'
	ok=0
	case $status in 4??) ;; *) ok=1 ;; esac
	python3 -c "import json,sys; d=json.loads(sys.argv[1]); assert isinstance(d['error'], str) and d['error'] and d['code'] in (1,2,3)" "$(cat "$TRASH/body")" || ok=1
	tap_result $ok "bad request $n: $method $path ${body:0:40} -> $status"
	[ $ok = 0 ] || diag "status $status body $(cat "$TRASH/body")"
done <"$TRASH/bad"
test_http 'the server is still up' GET '/blockchain/blockreward?blockNumber=1' 200 5000000000
test_expect_success 'and the store is intact' '
	"$ZEN" --url "$ZEN_TEST_URL" node verify >/dev/null
'

# The CLI maps the same refusals to its exit codes, locally and remotely.
test_error 'cli: headers take too large' 2 'zen: invalid take (at most 10000)' \
	blockchain headers --take 10001
test_error 'cli: mine zero blocks' 2 'zen: invalid blocks (1 to 10000)' \
	blockchain mine --blocks 0 --address tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
test_error 'cli: template without an address (no wallet)' 1 'zen: no account' blockchain blocktemplate
test_error 'cli: template for a contract address' 2 'zen: invalid HRP' \
	blockchain blocktemplate ctzn1qqqqqqqrqm6z6y9y9p0mpjtnugst0hn908n7vp2f8m44hwznsluydyszx6vjk2kpw
test_error 'cli: submitheader unknown to this node' 1 'zen: block not found' \
	blockchain submitheader $H64$H64$H64${H64:0:8}
test_done
