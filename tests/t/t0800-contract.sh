#!/bin/bash
# zen contract check | id | cost | run on the test contracts of
# tests/contracts (local-only operations).  Expected values are computed by
# hand from the sources and contracts.md section 4 (see
# tests/unit/test-contract-eval.c for the derivations).
. "$(dirname "$0")/test-lib.sh"

C="$ZEN_SRCDIR/tests/contracts"
PKH=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
BODY='{"dict": {"returnAddress": {"lock": {"PK": "'$PKH'"}}}}'
TX='{"inputs": [{"txHash": "1111111111111111111111111111111111111111111111111111111111111111", "index": 0, "lock": {"PK": "'$PKH'"}, "asset": "00", "amount": 10}], "outputs": []}'

z() { "$ZEN" --datadir "$DATADIR" "$@"; }

for f in "$C"/*.fst; do
	name=$(basename "$f")
	test_expect_success "check $name" '
		out=$(z contract check "$f") &&
		case "$out" in *"\"ok\":true"*) ;; *) false ;; esac
	'
done

test_expect_success 'check and id agree on the contract id' '
	a=$(z contract check "$C/token.fst" | sed "s/.*\"contractId\":\"\([0-9a-f]*\)\".*/\1/") &&
	b=$(z contract id "$C/token.fst" | sed "s/.*\"contractId\":\"\([0-9a-f]*\)\".*/\1/") &&
	test -n "$a" && test "$a" = "$b"
'

# The reference's CLI reads a file with .NET's File.ReadAllText (a UTF-8
# byte order mark dropped) and its transaction holds the code as ASCII:
# one '?' per UTF-16 code unit that is not ASCII (protocol.md 1.3).
cid() { z contract id "$1" | sed "s/.*\"contractId\":\"\([0-9a-f]*\)\".*/\1/"; }
test_expect_success 'id: a byte order mark is not part of the code' '
	printf "\357\273\277" >"$TRASH/bom.fst" &&
	cat "$C/empty.fst" >>"$TRASH/bom.fst" &&
	test "$(cid "$TRASH/bom.fst")" = "$(cid "$C/empty.fst")" &&
	z contract check "$TRASH/bom.fst" >/dev/null
'
test_expect_success 'id: a character that is not ASCII is one ?, two beyond U+FFFF' '
	{ printf "(* r\303\251sum\303\251 \342\200\224 \360\237\230\200 *)\n" &&
	  cat "$C/empty.fst"; } >"$TRASH/utf8.fst" &&
	{ printf "(* r?sum? ? ?? *)\n" && cat "$C/empty.fst"; } >"$TRASH/asked.fst" &&
	test "$(cid "$TRASH/utf8.fst")" = "$(cid "$TRASH/asked.fst")" &&
	test "$(cid "$TRASH/utf8.fst")" != "$(cid "$C/empty.fst")"
'

test_expect_success 'check reads standard input' '
	z contract check - <"$C/empty.fst" >/dev/null
'

# cf values (contracts.md 5.1 style, hand-computed from each cf)
test_expect_success 'cost: token buy = 449 (derivation in token.fst)' '
	test "$(z contract cost "$C/token.fst" --command buy)" = "{\"cost\":449}"'
test_expect_success 'cost: token buy does not depend on the wallet' '
	test "$(z contract cost "$C/token.fst" --command buy --wallet "[{\"txHash\": \"3333333333333333333333333333333333333333333333333333333333333333\", \"index\": 1, \"lock\": \"Fee\", \"asset\": \"00\", \"amount\": 5}]")" = "{\"cost\":449}"'
test_expect_success 'cost: faucet get, empty wallet = 374' '
	test "$(z contract cost "$C/faucet.fst" --command get)" = "{\"cost\":374}"'
test_expect_success 'cost: oracle Commit = 861, other = 25' '
	test "$(z contract cost "$C/oracle.fst" --command Commit)" = "{\"cost\":861}" &&
	test "$(z contract cost "$C/oracle.fst" --command x)" = "{\"cost\":25}"'
test_expect_success 'cost: orderbook Make = 345' '
	test "$(z contract cost "$C/orderbook.fst" --command Make)" = "{\"cost\":345}"'
test_expect_success 'cost: counter 22, messenger 79, receiver 265, mint-sample 215' '
	test "$(z contract cost "$C/counter.fst" --command "")" = "{\"cost\":22}" &&
	test "$(z contract cost "$C/messenger.fst" --command "")" = "{\"cost\":79}" &&
	test "$(z contract cost "$C/receiver.fst" --command "")" = "{\"cost\":265}" &&
	test "$(z contract cost "$C/mint-sample.fst" --command "")" = "{\"cost\":215}"'

# main
test_expect_success 'run counter: no state -> U32 10' '
	out=$(z contract run "$C/counter.fst" --command "") &&
	case "$out" in *"\"state\":{\"update\":{\"u32\":10}}"*"\"cost\":22"*) ;; *) false ;; esac
'
# main's own count there is 22 too (>!= on None charges tryU32's 2 as on
# Some), and its type (MainFunc: contractResult `cost` (cf ..)) is cf = 22
test_expect_success 'run counter: no state, main costs cf = 22 (zulibCost, mainCost)' '
	out=$(z contract run "$C/counter.fst" --command "") &&
	case "$out" in *"\"cost\":22,\"zulibCost\":22,\"mainCost\":22,"*) ;; *) false ;; esac
'
# a main without a val that counts 7 (contracts.md 1.10: @ 2, the record's 3
# fields, Update 1, U32 1) under a cf of 50: charged 50 as MainFunc's type
# says, mainCost shows the 7
test_expect_success 'run: mainCost is main own count before the padding to cf' '
	cat >"$TRASH/pad.fst" <<-\EOF &&
	open Zen.Types
	open Zen.Base
	open Zen.Cost
	module RT = Zen.ResultT
	let main txSkel _ _ _ _ _ _ _ =
	  RT.ok @ { tx = txSkel; message = None; state = Update (U32 1ul) }
	let cf _ _ _ _ _ _ _ = ret (50 <: nat)
	EOF
	out=$(z contract run "$TRASH/pad.fst" --command "") &&
	case "$out" in *"\"cost\":50,\"zulibCost\":50,\"mainCost\":7,"*) ;; *) false ;; esac
'
# Zulib declares CoinbaseLock of U32.t ** hash: one argument, a pair.  A
# lock from the body (the node's) matches CoinbaseLock (n, h), and one the
# contract builds from a pair reaches the skeleton as a Coinbase lock.
test_expect_success 'run: CoinbaseLock (n, h) from the body, and built from a pair' '
	cat >"$TRASH/cb.fst" <<-\EOF &&
	open Zen.Types
	open Zen.Base
	open Zen.Cost
	open Zen.Data
	module Tx = Zen.TxSkeleton
	module CR = Zen.ContractResult
	module RT = Zen.ResultT
	let main txSkel _ _ _ _ messageBody _ _ =
	  let! l = messageBody >!= tryLock in
	  match l with
	  | Some (CoinbaseLock (n, h)) ->
	    let p = (n, h) in
	    Tx.lockToAddress Zen.Asset.zenAsset 1UL (CoinbaseLock p) txSkel
	    >>= CR.ofTxSkel >>= CR.setStateUpdate (U32 n)
	  | _ -> RT.autoFailw "not a coinbase lock"
	let cf _ _ _ _ _ _ _ = 200 |> cast nat |> ret
	EOF
	out=$(z contract run "$TRASH/cb.fst" --command "" --body "{\"lock\": {\"Coinbase\": {\"blockNumber\": 7, \"pkHash\": \"$PKH\"}}}") &&
	case "$out" in *"\"outputs\":[{\"lock\":{\"Coinbase\":{\"blockNumber\":7,\"pkHash\":\"$PKH\""*"\"state\":{\"update\":{\"u32\":7}}"*) ;; *) false ;; esac
'
# Costs saturate at 2^64 - 1; past 2^63 - 1 (jansson's integers) they print
# as exact numbers all the same (2^62 + 2^62, then the two incs' arguments
# 4, @ 2 and the record's 3 fields: 2^63 + 9; it used to abort the run with
# a BUG)
test_expect_success 'run: a cost past 2^63 - 1 prints as the exact number' '
	cat >"$TRASH/big.fst" <<-\EOF &&
	open Zen.Types
	open Zen.Base
	open Zen.Cost
	module RT = Zen.ResultT
	let main txSkel _ _ _ _ _ _ _ =
	  inc 4611686018427387904 (inc 4611686018427387904
	    (RT.ok @ { tx = txSkel; message = None; state = NoChange }))
	let cf _ _ _ _ _ _ _ = ret (5 <: nat)
	EOF
	out=$(z contract run "$TRASH/big.fst" --command "") &&
	case "$out" in *"\"cost\":5,\"zulibCost\":9223372036854775817,\"mainCost\":9223372036854775817,"*) ;; *) false ;; esac
'
test_expect_success 'run counter: state {"u32": 10} -> 11' '
	out=$(z contract run "$C/counter.fst" --command "" --state "{\"u32\": 10}") &&
	case "$out" in *"\"state\":{\"update\":{\"u32\":11}}"*) ;; *) false ;; esac
'
test_expect_success 'run counter: state as hex (tag 4, BE32 10) -> 11' '
	out=$(z contract run "$C/counter.fst" --command "" --state 040000000a) &&
	case "$out" in *"\"state\":{\"update\":{\"u32\":11}}"*) ;; *) false ;; esac
'
test_expect_success 'run mint-sample: mints 1000 and locks them to itself' '
	id=$(z contract id "$C/mint-sample.fst" | sed "s/.*\"contractId\":\"\([0-9a-f]*\)\".*/\1/") &&
	out=$(z contract run "$C/mint-sample.fst" --command "") &&
	case "$out" in *"{\"mint\":{\"asset\":\"$id\",\"amount\":\"1000\"}}"*"\"Contract\":{\"id\":\"$id\""*"\"message\":null,\"state\":\"noChange\",\"cost\":215"*) ;; *) false ;; esac
'
test_expect_success 'run token buy: 10 ZP -> 10000 tokens to the return address' '
	id=$(z contract id "$C/token.fst" | sed "s/.*\"contractId\":\"\([0-9a-f]*\)\".*/\1/") &&
	out=$(z contract run "$C/token.fst" --command buy --body "$BODY" --tx "$TX") &&
	case "$out" in *"{\"mint\":{\"asset\":\"$id\",\"amount\":\"10000\"}}"*"\"spend\":{\"asset\":\"00\",\"amount\":\"10\"}"*"\"spend\":{\"asset\":\"$id\",\"amount\":\"10000\"}"*"\"cost\":449"*) ;; *) false ;; esac
'
# payout-list at a payout block (200 = 2 * 100) with one output: pays it;
# cf = 42334 + 12800 * 0, and autoInc makes main cost cf
test_expect_success 'run payout-list: pays the Outputs list, costs cf' '
	b="{\"dict\": {\"Outputs\": {\"list\": [{\"list\": [{\"lock\": {\"PK\": \"$PKH\"}}, {\"list\": [{\"string\": \"00\"}, {\"u64\": 5}]}]}]}}}" &&
	out=$(z contract run "$C/payout-list.fst" --command "" --body "$b" --block-number 200) &&
	case "$out" in *"\"outputs\":[{\"lock\":{\"PK\":{\"hash\":\"$PKH\""*"\"spend\":{\"asset\":\"00\",\"amount\":\"5\"}}]}"*"\"cost\":42334,\"zulibCost\":42334,"*) ;; *) false ;; esac
'
test_expect_success 'run messenger: message to the target with the same command' '
	out=$(z contract run "$C/messenger.fst" --command hi --body "{\"u64\": 5}") &&
	case "$out" in *"\"message\":{\"recipient\":\"00000000ca055cc0af4d25ea1c8bbbf41444aadd68a168558397516b2f64727d87e72f97\",\"command\":\"hi\",\"body\":{\"u64\":5}}"*) ;; *) false ;; esac
'
test_expect_success 'run: a command that is not ASCII is the one its witness holds' '
	out=$(z contract run "$C/messenger.fst" --command "$(printf "h\303\251\360\237\230\200x")" --body "{\"u64\": 5}") &&
	case "$out" in *"\"command\":\"h???x\""*) ;; *) false ;; esac
'
# cost is cf on the whole --wallet; witnessCost cf on the restricted
# wallet (contracts.md 1.6), the outputs the run spends, as an
# execution's witness commits: cf = 128 per wallet output + 207, a
# wallet of 3 outputs of 10 kalapas, fromWallet takes one for 5: 591
# and 335 (h35's blind round)
test_expect_success 'run: witnessCost is cf on the restricted wallet' '
	cat >"$TRASH/rw.fst" <<-\EOF &&
	open Zen.Types
	open Zen.Base
	open Zen.Cost
	module RT = Zen.ResultT
	module TX = Zen.TxSkeleton
	module W = Zen.Wallet
	module CR = Zen.ContractResult
	let main txSkel _ cid _ _ _ w _ =
	  let! r = TX.fromWallet Zen.Asset.zenAsset 5UL cid w txSkel in
	  match r with
	  | Some tx -> CR.ofTxSkel tx
	  | None -> RT.autoFailw "no funds"
	let cf _ _ _ _ _ w _ = W.size w * 128 + 207 |> ret
	EOF
	addr=$(z contract id "$TRASH/rw.fst" | json "d[\"address\"]") &&
	w="[" && for i in 0 1 2; do
		w="$w{\"txHash\": \"abababababababababababababababababababababababababababababababab\", \"index\": $i, \"address\": \"$addr\", \"asset\": \"00\", \"amount\": 10},"
	done && w="${w%,}]" &&
	z contract run "$TRASH/rw.fst" --command x --wallet "$w" >"$TRASH/out" &&
	test "$(json "\"%d %d\" % (d[\"cost\"], d[\"witnessCost\"])" <"$TRASH/out")" = "591 335"
'
test_expect_success 'run receiver with a contract sender' '
	z contract run "$C/receiver.fst" --command "" --sender 0000000760de85a214850bf6192e7c4416fbccaf3cfcc0a927dd6b770a70ff08d24046d3 >/dev/null
'

err_is() {	# TITLE WANT_RC WANT_STDERR_SUBSTRING ARGS...
	local title=$1 want_rc=$2 want=$3
	shift 3
	run_zen --datadir "$DATADIR" "$@"
	if [ "$rc" = "$want_rc" ] && grep -qF -- "$want" "$TRASH/err"; then
		tap_result 0 "$title"
	else
		tap_result 1 "$title"
		diag "rc=$rc" "$(cat "$TRASH/err")"
	fi
}

err_is 'run: ERR result exits 1' 1 'zen: contract returned ERR: returnAddress is missing' \
	contract run "$C/faucet.fst" --command get
err_is 'run: unknown command is ERR' 1 'contract returned ERR: unsupported command' \
	contract run "$C/token.fst" --command sell --body "$BODY"
err_is 'run: bad sender' 2 'zen: invalid sender' \
	contract run "$C/token.fst" --command buy --sender bob
err_is 'run: bad body' 2 'zen: body: invalid data' \
	contract run "$C/token.fst" --command buy --body '{"nope": 1}'
err_is 'cost: command is required' 2 'zen: command is missing' \
	contract cost "$C/token.fst"

printf 'open Zen.Types\nlet main a b c d e f g h = foo\nlet cf a b c d e f g = 1\n' >"$TRASH/unbound.fst"
printf 'open Zen.Types\nlet main a b c d e f g h = 1 ) 2\nlet cf a b c d e f g = 1\n' >"$TRASH/syntax.fst"
printf 'open Zen.Ethereum\nlet main a b c d e f g h = 1\nlet cf a b c d e f g = 1\n' >"$TRASH/module.fst"
printf 'let main a b c d e f g = 1\nlet cf a b c d e f g = 1\n' >"$TRASH/arity.fst"
printf 'let main a b c d e f g h = try 1 with _ -> 2\nlet cf a b c d e f g = 1\n' >"$TRASH/try.fst"
printf 'open Zen.Cost\nlet rec loop (n: nat) : nat = loop (n + 1)\nlet main a b c d e f g h = ret 1\nlet cf a b c d e f g = ret (loop 0)\n' >"$TRASH/loop.fst"
printf 'open Zen.Cost\nlet rec deep (n: nat) : nat = 1 + deep (n + 1)\nlet main a b c d e f g h = ret 1\nlet cf a b c d e f g = ret (deep 0)\n' >"$TRASH/deep.fst"
printf 'open Zen.Cost\nlet main a b c d e f g h = ret 1\nlet cf a b c d e f g = ret (9223372036854775807 + 1)\n' >"$TRASH/overflow.fst"

err_is 'check: unbound name with its position' 2 "zen: $TRASH/unbound.fst:2:28: unbound name 'foo'" \
	contract check "$TRASH/unbound.fst"
err_is 'check: syntax error with its position' 2 "zen: $TRASH/syntax.fst:2:" \
	contract check "$TRASH/syntax.fst"
err_is 'check: unknown module' 2 "zen: $TRASH/module.fst:1:1: unknown module 'Zen.Ethereum'" \
	contract check "$TRASH/module.fst"
err_is 'check: main needs 8 parameters' 2 'main' contract check "$TRASH/arity.fst"
err_is 'check: try is forbidden' 2 'forbidden' contract check "$TRASH/try.fst"
err_is 'check: missing file' 2 'cannot open' contract check "$TRASH/none.fst"
err_is 'cost: a runaway loop ends at the step limit' 1 'step limit exceeded' \
	contract cost "$TRASH/loop.fst" --command ""
err_is 'cost: deep recursion ends at the depth limit' 1 'nested too deeply' \
	contract cost "$TRASH/deep.fst" --command ""
err_is 'cost: int overflow fails the run' 1 'zen: cf:' \
	contract cost "$TRASH/overflow.fst" --command ""

# The limits are options of the offline tools (eval.h defaults otherwise).
err_is 'run: --max-steps 10 stops the token' 1 'step limit exceeded (10)' \
	contract run "$C/token.fst" --command buy --max-steps 10
err_is 'run: --max-depth 5 stops the token' 1 'nested too deeply' \
	contract run "$C/token.fst" --command buy --max-depth 5
err_is 'cost: --mem-limit 2000 bytes stops cf' 1 'memory limit exceeded' \
	contract cost "$C/token.fst" --command buy --mem-limit 2000
err_is 'run: a zero limit is refused' 2 'zen: invalid maxSteps' \
	contract run "$C/token.fst" --command buy --max-steps 0
err_is 'cost: the default limits let the loop run to the step limit' 1 \
	'step limit exceeded (2000000)' contract cost "$TRASH/loop.fst" --command ""

test_done
