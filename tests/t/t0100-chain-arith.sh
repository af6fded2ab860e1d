#!/bin/bash
# blockchain blockreward / totalzp: values computed by hand from
# protocol.md 4.7 (50 ZP = 5e9 kalapas, halving every 800,000 blocks from
# block 2; genesis total 1 kalapa on local, 2e15 on main).
. "$(dirname "$0")/test-lib.sh"
start_server

test_both 'blockreward of block 10' 0 5000000000 blockchain blockreward --block-number 10
test_both 'blockreward positional' 0 5000000000 blockchain blockreward 10
test_both 'blockreward camelCase option' 0 5000000000 blockchain blockreward --blockNumber=10
test_both 'blockreward of block 0' 0 5000000000 blockchain blockreward 0
test_both 'blockreward last of period 0' 0 5000000000 blockchain blockreward 800001
test_both 'blockreward first of period 1' 0 2500000000 blockchain blockreward 800002
test_both 'blockreward period 2' 0 1250000000 blockchain blockreward 1600002
test_both 'blockreward max u32' 0 "$((5000000000 >> ((4294967295 - 2) / 800000 % 64)))" \
	blockchain blockreward 4294967295

test_both 'totalzp at block 1 (genesis)' 0 1 blockchain totalzp 1
test_both 'totalzp at block 10' 0 45000000001 blockchain totalzp --block-number 10
test_both 'totalzp at block 800002' 0 $((1 + 800000 * 5000000000 + 2500000000)) \
	blockchain totalzp 800002
test_both 'totalzp defaults to the tip (fresh local chain: genesis)' 0 1 blockchain totalzp

test_expect_success 'totalzp on main at block 10 (api.md example)' '
	out=$("$ZEN" --chain main --datadir "$TRASH/main" blockchain totalzp 10) &&
	test "$out" = 2000045000000000
'
test_expect_success 'totalzp on main without a chain has no tip' '
	"$ZEN" --chain main --datadir "$TRASH/main" blockchain totalzp 2>"$TRASH/e"
	test $? = 3 && test "$(cat "$TRASH/e")" = "zen: No tip"
'

# Bad input: exit 2 and the same message locally and remotely.
test_error 'blockreward without a block number' 2 'zen: blockNumber is missing' \
	blockchain blockreward
test_error 'blockreward of text' 2 'zen: invalid blockNumber' blockchain blockreward abc
test_error 'blockreward of a negative number' 2 'zen: invalid blockNumber' \
	blockchain blockreward --block-number=-1
test_error 'blockreward beyond u32' 2 'zen: invalid blockNumber' \
	blockchain blockreward 4294967296
test_error 'blockreward of a decimal' 2 'zen: invalid blockNumber' blockchain blockreward 1.5
test_error 'blockreward of an empty value' 2 'zen: invalid blockNumber' \
	blockchain blockreward --block-number=
test_error 'totalzp of text' 2 'zen: invalid blockNumber' blockchain totalzp x10
test_error 'unknown option' 2 "zen: unknown option '--foo' (see zen --help)" \
	blockchain blockreward --foo 1
test_error 'option without a value' 2 'zen: option --block-number needs a value (see zen --help)' \
	blockchain blockreward --block-number
test_error 'too many arguments' 2 "zen: unexpected argument '11' (see zen --help)" \
	blockchain blockreward 10 11

# The same through HTTP directly.
test_http 'blockreward' GET '/blockchain/blockreward?blockNumber=10' 200 5000000000
test_http 'blockreward, trailing slash' GET '/blockchain/blockreward/?blockNumber=10' 200 5000000000
test_http 'blockreward, repeated parameter: last wins' GET \
	'/blockchain/blockreward?blockNumber=x&blockNumber=800002' 200 2500000000
# Errors: text by default, JSON with the exit code when asked for.
test_http 'blockreward missing' GET '/blockchain/blockreward' 400 \
	'blockNumber is missing'
test_http 'blockreward missing, as json' GET '/blockchain/blockreward' 400 \
	'{"error":"blockNumber is missing","code":2}' '' '' 'Accept: application/json'
test_http 'blockreward invalid' GET '/blockchain/blockreward?blockNumber=ten' 400 \
	'invalid blockNumber'
# a parameter the route does not take is ignored over HTTP (api.md 1.3)
test_http 'blockreward unknown parameter, as json' GET '/blockchain/blockreward?blockNumber=1&x=2' 200 \
	5000000000 '' '' 'Accept: application/json'
test_http 'totalzp' GET '/blockchain/totalzp?blockNumber=10' 200 45000000001
test_http 'totalzp at the tip' GET '/blockchain/totalzp' 200 1
test_expect_success 'json replies are application/json' '
	http GET "/blockchain/blockreward?blockNumber=10" && test "$ctype" = application/json
'
test_done
