#!/bin/bash
# zen contract check: the activation check of src/core/contract/check.h,
# the same the wallet's contract activate and the node's validation run.
# Good contracts pass (our corpus and the built-in CGP contracts); each
# kind of error is reported as FILE:LINE:COLUMN: message with exit 2,
# several at once; a contract whose main costs more than its cf says is
# refused by check and at activation, locally and through zen serve; and
# message bodies are taken as hex and as the JSON data of api.md 3.6.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

C="$ZEN_SRCDIR/tests/contracts"
CGP="$ZEN_SRCDIR/src/core/cgp/contracts"
PW="$TRASH/pw"
printf 'correct horse\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z() { "$ZEN" --datadir "$DATADIR" "$@"; }

# err_is TITLE WANT_RC WANT_STDERR ARGS...: exit code and the exact stderr
err_is() {
	local title=$1 want_rc=$2 want=$3
	shift 3
	run_zen --datadir "$DATADIR" "$@"
	if [ "$rc" = "$want_rc" ] && [ "$(cat "$TRASH/err")" = "$want" ]; then
		tap_result 0 "$title"
	else
		tap_result 1 "$title"
		diag "rc=$rc, want $want_rc" "got:  $(cat "$TRASH/err")" "want: $want"
	fi
}

# ---- good contracts: exit 0, the costs compared -----------------------------
# (at least one command ran to a comparison: all() of nothing is True)
for f in "$C"/*.fst "$CGP"/*.fst; do
	test_expect_success "check ${f#"$ZEN_SRCDIR"/}: accepted, main within cf" '
		z contract check "$f" >"$TRASH/out" &&
		json "d[\"ok\"] and any(not c.get(\"failed\") for c in d[\"costs\"]) and all(c.get(\"failed\") or c[\"main\"] <= c[\"cf\"] for c in d[\"costs\"])" \
			<"$TRASH/out" | grep -qx True
	'
done
# token.fst: cf dispatches on "buy" and "redeem" (449, 582 + 128 per
# wallet UTXO, 101 for any other command: its comments), so those, "" and
# one unknown command are compared.
test_expect_success 'check token.fst: the commands of main and cf, with cf values' '
	z contract check "$C/token.fst" >"$TRASH/out" &&
	test "$(json "\" \".join(\"%s=%s\" % (c[\"command\"], c[\"cf\"]) for c in d[\"costs\"])" <"$TRASH/out")" = \
		"=101 buy=449 redeem=582 zen-check-other-0=101"
'

test_expect_success 'check on a terminal: the contract, then main <= cf per command' '
	on_tty --datadir "$DATADIR" contract check "$C/token.fst" >"$TRASH/tty" &&
	id=$(z contract id "$C/token.fst" | json "d[\"contractId\"]") &&
	test "$(head -3 "$TRASH/tty" | sed "s/^address: .*/address/")" = "accepted:   $id ($(wc -c <"$C/token.fst") bytes)
address
cost bound: main <= cf on every input compared (the first one shown)" &&
	grep -qx "  buy  *[0-9][0-9]* <= 449, [0-9]* inputs" "$TRASH/tty" &&
	grep -qx "  redeem  *[0-9][0-9]* <= 582, [0-9]* inputs" "$TRASH/tty" &&
	test $(wc -l <"$TRASH/tty") = 7
'

# ---- errors ------------------------------------------------------------------
HEAD='open Zen.Types
open Zen.Base
open Zen.Cost
module RT = Zen.ResultT
module Tx = Zen.TxSkeleton'
OKMAIN='let main txSkel _ _ _ _ _ _ _ =
  RT.ok @ { tx = txSkel; message = None; state = NoChange }'
OKCF='let cf _ _ _ _ _ _ _ = ret (5 <: nat)'

printf '%s\nlet main a b c d e f g h = (\n%s\n' "$HEAD" "$OKCF" >"$TRASH/syntax.fst"
printf '%s\nlet main a b c d e f g h = try ret 1 with _ -> ret 2\n%s\n' "$HEAD" "$OKCF" >"$TRASH/try.fst"
printf '%s\nlet main a b c d e f g h = ret (foo + bar)\n%s\n' "$HEAD" "$OKCF" >"$TRASH/unbound.fst"
printf '%s\n%s\n' "$HEAD" "$OKCF" >"$TRASH/nomain.fst"
printf '%s\n%s\nlet cf _ _ _ _ _ _ = ret (5 <: nat)\n' "$HEAD" "$OKMAIN" >"$TRASH/cfarity.fst"
printf '%s\n%s\nlet cf _ _ _ _ _ _ w = Tx.getAvailableTokens 1 2 3 >>= (fun _ -> ret 5)\n' \
	"$HEAD" "$OKMAIN" >"$TRASH/zulibarity.fst"
cat >"$TRASH/ownbody.fst" <<EOF
$HEAD
type order = | Buy of nat | Sell
let main txSkel _ _ _ _ messageBody _ _ =
  match messageBody with
  | Some (Buy n) -> RT.ok @ { tx = txSkel; message = None; state = NoChange }
  | Some (U64 n) -> RT.ok @ { tx = txSkel; message = None; state = Update (Sell) }
  | _ -> RT.failw "no"
$OKCF
EOF
cat >"$TRASH/many.fst" <<EOF
$HEAD
type t = | A
let main txSkel _ _ _ _ _ _ state =
  match state with
  | Some (Collection (Tuple x)) -> Tx.mint 1 2 3 4
  | _ -> RT.ok @ { tx = txSkel; message = None; state = Update A }
let cf _ _ _ _ _ _ = ret (5 <: nat)
EOF

# the open parenthesis takes the next let as a local one: the file ends
# before its `in`
err_is 'syntax error: FILE:LINE:COL, exit 2' 2 \
	"zen: $TRASH/syntax.fst:8:1: expected 'in', got end of input" \
	contract check "$TRASH/syntax.fst"
test_expect_success 'forbidden construct (try): FILE:LINE:COL, exit 2' '
	! z contract check "$TRASH/try.fst" 2>"$TRASH/e" &&
	grep -q "^zen: $TRASH/try.fst:6:[0-9]*: forbidden: " "$TRASH/e"
'
err_is 'unbound names: each at its FILE:LINE:COL, exit 2' 2 \
	"zen: $TRASH/unbound.fst:6:33: unbound name 'foo'
$TRASH/unbound.fst:6:39: unbound name 'bar'" \
	contract check "$TRASH/unbound.fst"
err_is 'no main: FILE: message, exit 2' 2 \
	"zen: $TRASH/nomain.fst: no top-level 'main'" \
	contract check "$TRASH/nomain.fst"
err_is 'cf with 6 parameters, not 7' 2 \
	"zen: $TRASH/cfarity.fst:8:5: 'cf' takes 6 parameters, expected 7" \
	contract check "$TRASH/cfarity.fst"
err_is 'a Zulib call with too many arguments' 2 \
	"zen: $TRASH/zulibarity.fst:8:24: 'Tx.getAvailableTokens' takes 2 arguments, given 3" \
	contract check "$TRASH/zulibarity.fst"
err_is 'message body and state built from the contract'"'"'s own type' 2 \
	"zen: $TRASH/ownbody.fst:9:11: message body: 'Buy' is not a data constructor
$TRASH/ownbody.fst:10:76: state update: 'Sell' is not a data constructor" \
	contract check "$TRASH/ownbody.fst"
# four errors of three kinds, in the order of the source, in one run
err_is 'several errors in one run, in source order' 2 \
	"zen: $TRASH/many.fst:9:23: state: 'Tuple' is not Array, Dict or List
$TRASH/many.fst:9:36: 'Tx.mint' takes 3 arguments, given 4
$TRASH/many.fst:10:64: state update: 'A' is not a data constructor
$TRASH/many.fst:11:5: 'cf' takes 6 parameters, expected 7" \
	contract check "$TRASH/many.fst"

# ten errors: as many lines as the message holds, then how many more
{
	printf '%s\nlet main txSkel _ _ _ _ _ _ _ =\n' "$HEAD"
	for i in 0 1 2 3 4 5 6 7 8 9; do printf '  let x%s = Some 1 2 in\n' $i; done
	printf '  %s\n%s\n' "RT.ok @ { tx = txSkel; message = None; state = NoChange }" "$OKCF"
} >"$TRASH/ten.fst"
test_expect_success 'ten errors: the first lines, then "N more errors"' '
	! z contract check "$TRASH/ten.fst" 2>"$TRASH/e" &&
	shown=$(grep -c "^\(zen: \)\?$TRASH/ten.fst:[0-9]*:12: '"'"'Some'"'"' takes 1 argument, given 2$" "$TRASH/e") &&
	more=$(sed -n "s|^$TRASH/ten.fst: \([0-9]*\) more errors\$|\1|p" "$TRASH/e") &&
	test "$shown" -ge 2 && test $((shown + more)) = 10 &&
	test $(wc -l <"$TRASH/e") = $((shown + 1)) &&
	head -1 "$TRASH/e" | grep -q "^zen: $TRASH/ten.fst:7:12: "
'

# ---- the cost bound ------------------------------------------------------------
# main costs 231 (its whole body ascribed 225, autoInc padding it there:
# the engine charges the index, inside the body's increment, autoInc 1,
# @ 2 and a record of 3 fields), cf says 214 for "buy" and 231 for
# anything else: only "buy" is dearer.  Without its "buy" branch cf is 231
# everywhere: accepted.
cat >"$TRASH/dear.fst" <<EOF
$HEAD
let main txSkel _ _ command _ _ _ _ =
  autoInc (RT.ok @ { tx = txSkel; message = None; state = NoChange })
  <: contractResult \`cost\` 225
let cf _ _ command _ _ _ _ =
  match command with
  | "buy" -> ret (214 <: nat)
  | _ -> ret (231 <: nat)
EOF
sed '/"buy" ->/d' "$TRASH/dear.fst" >"$TRASH/cheap.fst"
DEAR_MSG='main costs 231 but cf says 214 for command "buy"'
err_is 'cost: main dearer than cf for one command' 2 \
	"zen: $TRASH/dear.fst:6:5: $DEAR_MSG" contract check "$TRASH/dear.fst"
test_expect_success 'cost: the same main within cf everywhere is accepted' '
	z contract check "$TRASH/cheap.fst" >"$TRASH/out" &&
	test "$(json "[(c[\"command\"], c[\"cf\"], c[\"main\"]) for c in d[\"costs\"]]" <"$TRASH/out")" = \
		"[('"'"''"'"', 231, 231), ('"'"'zen-check-other-0'"'"', 231, 231)]"
'

# a path the neutral input does not take: main is dearer only when the
# body is a dict with "returnAddress" read as a lock (tests/unit/
# test-contract-check.c has one per kind of input).  main costs 1090 on
# it (the pinned elaborator, zen-contracts(7) ELABORATION; contracts.md
# section 4): autoInc 1 (cf bounds main from above: F* pads there) +
# let! 2 + (3 operators 6 + tryFind "returnAddress" 1) = 9, match
# (leaves: Some _ 2, None 1 = 3 + inc 2 + RT.ok @ 2 + 3 fields) = 10:
# 20; tryDict 4 + tryFind 64 + tryLock 2 + inc 1000.
cat >"$TRASH/dearkey.fst" <<EOF
$HEAD
open Zen.Data
module Dict = Zen.Dictionary
let main txSkel _ _ command _ messageBody _ _ = autoInc begin
  let! r = messageBody >!= tryDict >?= Dict.tryFind "returnAddress" >?= tryLock in
  match r with
  | Some _ -> inc 1000 (RT.ok @ { tx = txSkel; message = None; state = NoChange })
  | None -> RT.ok @ { tx = txSkel; message = None; state = NoChange } end
let cf _ _ command _ _ _ _ = ret (400 <: nat)
EOF
test_expect_success 'cost: a dearer path that needs a body key, named with its input' '
	! z contract check "$TRASH/dearkey.fst" 2>"$TRASH/e" &&
	grep -qx "zen: $TRASH/dearkey.fst:8:5: main costs 1090 but cf says 400 for command \"zen-check-other-0\" (body {\"returnAddress\": lock})" "$TRASH/e"
'

# a helper dearer than its val, though main stays within cf: F* makes a
# body cost what its type says.  fee's body `inc 20 (ret x)`: an
# application of 2 arguments 2 + `ret x` 1 + inc 20 = 23.
cat >"$TRASH/overval.fst" <<EOF
$HEAD
val fee: U64.t -> U64.t \`cost\` 3
let fee x = inc 20 (ret x)
let main txSkel _ _ _ _ _ _ _ =
  (let! _ = fee 1UL in RT.ok @ { tx = txSkel; message = None; state = NoChange })
  |> autoInc
let cf _ _ _ _ _ _ _ = ret (100 <: nat)
EOF
err_is 'cost: a function dearer than its val, at the val' 2 \
	"zen: $TRASH/overval.fst:6:5: fee costs 23 but its val says 3 for command \"\"" \
	contract check "$TRASH/overval.fst"
test_expect_success 'cost: the same function with its val at 23 is accepted' '
	sed "s/U64.t \`cost\` 3\$/U64.t \`cost\` 23/" "$TRASH/overval.fst" >"$TRASH/exactval.fst" &&
	z contract check "$TRASH/exactval.fst" >/dev/null
'

test_expect_success 'wallet with the genesis output' '
	z wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	test "$(z wallet address | json d)" = $ROOT
'
test_error 'activate: refused by the cost bound, before paying' 2 \
	"zen: code:6:5: $DEAR_MSG" \
	contract activate "$TRASH/dear.fst" 10 --password-file "$PW"
test_both 'activate: nothing reached the mempool' 0 '[]' blockchain mempool
test_error 'activate: a Zulib arity error is refused too' 2 \
	"zen: code:8:24: 'Tx.getAvailableTokens' takes 2 arguments, given 3" \
	contract activate "$TRASH/zulibarity.fst" 10 --password-file "$PW"
# the node's own check (mempool, then the block) accepts what check accepts
test_expect_success 'activate the accepted one through zen serve, mine it: active' '
	"$ZEN" --url "$ZEN_TEST_URL" contract activate "$TRASH/cheap.fst" 3 \
		--password-file "$PW" >"$TRASH/act" &&
	id=$(json "d[\"contractId\"]" <"$TRASH/act") &&
	z blockchain mine --blocks 1 --address $OTHER >/dev/null &&
	z contract active | json "[c[\"expire\"] for c in d if c[\"contractId\"] == \"$id\"]" >"$TRASH/exp" &&
	test "$(cat "$TRASH/exp")" = "[4]"
'

# {"amount": U64 5} in hex: tag 12 (dict), 1 entry, key "amount"
# (length 6), tag 5, BE64 5.
HEX=0c0106616d6f756e74050000000000000005
# contract execute takes the same two forms: a U64 body cannot take the
# return address, in JSON as in hex; a dict in JSON can, and the
# execution reaches the mempool with the body as given plus the address:
# 2 entries, "amount" as in HEX, "returnAddress" (length 13), tag 8 (lock),
# PK lock (2), 32 bytes of the pk hash
CHEAP_ADDR=$(z contract id "$TRASH/cheap.fst" | json 'd["address"]')
test_error 'execute --message-body JSON: a U64 takes no return address' 2 \
	'zen: data can only be empty or dict in order to add return address' \
	contract execute "$CHEAP_ADDR" x --message-body '{"u64": 5}' --return-address --password-file "$PW"
test_error 'execute --message-body hex: the same U64, the same answer' 2 \
	'zen: data can only be empty or dict in order to add return address' \
	contract execute "$CHEAP_ADDR" x --message-body 050000000000000005 --return-address --password-file "$PW"
test_expect_success 'execute --message-body JSON dict with the return address: in the mempool' '
	h=$(z contract execute "$CHEAP_ADDR" x --message-body "{\"dict\": [[\"amount\", {\"u64\": 5}]]}" \
		--return-address --password-file "$PW" | json d) &&
	z blockchain transaction "$h" | json "[w[\"ContractWitness\"][\"messageBodyRaw\"] for w in d[\"tx\"][\"witness\"] if \"ContractWitness\" in w]" >"$TRASH/mb" &&
	test "$(cat "$TRASH/mb")" = "['"'"'0c02${HEX#0c01}0d72657475726e41646472657373080220$ROOT_PKH'"'"']"
'

# ---- message bodies: hex and the JSON data of api.md 3.6 ------------------------
# messenger.fst passes its body on in its message, so the body the
# contract got is printed back (as JSON data); HEX is above.
msg() { json "d[\"message\"][\"body\"]" <"$TRASH/out"; }
WANT="{'dict': [['amount', {'u64': 5}]]}"
test_expect_success 'run --body hex: the serialized data' '
	z contract run "$C/messenger.fst" --command hi --body $HEX >"$TRASH/out" &&
	test "$(msg)" = "$WANT"
'
test_expect_success 'run --body JSON: dict as [key, data] pairs (api.md 3.6)' '
	z contract run "$C/messenger.fst" --command hi \
		--body "{\"dict\": [[\"amount\", {\"u64\": 5}]]}" >"$TRASH/out" &&
	test "$(msg)" = "$WANT"
'
# a u64 above INT64_MAX is a JSON number wherever zen prints data, as
# the reference prints it (api.md 3.6, F18): in the mempool
# transaction's witness, locally, through zen serve and on the wire
BIG=18446744073709551615
test_expect_success 'execute --message-body {"u64": 2^64 - 1}: a number everywhere' '
	h=$(z contract execute "$CHEAP_ADDR" x --message-body "{\"u64\": $BIG}" \
		--password-file "$PW" | json d) &&
	z blockchain transaction "$h" >"$TRASH/local" &&
	"$ZEN" --url "$ZEN_TEST_URL" blockchain transaction "$h" >"$TRASH/remote" &&
	http GET "/blockchain/transaction?hash=$h" &&
	test "$status" = 200 &&
	for f in local remote body; do
		grep -q "\"messageBody\":{\"u64\":$BIG},\"messageBodyRaw\":\"05ffffffffffffffff\"" "$TRASH/$f" || exit 1
	done
'
test_expect_success 'run --body JSON: u64 2^64 - 1 as a number, printed back as one' '
	z contract run "$C/messenger.fst" --command hi --body "{\"u64\": $BIG}" >"$TRASH/out" &&
	grep -q "\"body\":{\"u64\":$BIG}" "$TRASH/out" &&
	test "$(msg)" = "{'"'"'u64'"'"': $BIG}"
'
test_expect_success 'run --body JSON: on a terminal, u64 2^64 - 1 reads as the number' '
	on_tty --datadir "$DATADIR" contract run "$C/messenger.fst" --command hi \
		--body "{\"u64\": $BIG}" >"$TRASH/tty" &&
	grep -qx "    u64: $BIG" "$TRASH/tty"
'
test_error 'run --body JSON: u64 2^64 is refused' 2 \
	'zen: body: invalid data number' \
	contract run "$C/messenger.fst" --command hi --body '{"u64": 18446744073709551616}'

test_expect_success 'run --body JSON: dict as an object, u64 as a string' '
	z contract run "$C/messenger.fst" --command hi \
		--body "{\"dict\": {\"amount\": {\"u64\": \"5\"}}}" >"$TRASH/out" &&
	test "$(msg)" = "$WANT"
'
# what run prints is what --body takes: a PK lock and a byteArray as zen
# renders them ({"PK": {"hash", "address"}}, an array of numbers)
test_expect_success 'run --body JSON: the rendering zen prints is taken back' '
	b="{\"dict\": [[\"a\", {\"byteArray\": [1, 2, 255]}], [\"l\", {\"lock\": {\"PK\": {\"hash\": \"$ROOT_PKH\", \"address\": \"$ROOT\"}}}]]}" &&
	z contract run "$C/messenger.fst" --command hi --body "$b" >"$TRASH/out" &&
	json "json.dumps(d[\"message\"][\"body\"], separators=(\",\", \": \"))" <"$TRASH/out" >"$TRASH/b1" &&
	z contract run "$C/messenger.fst" --command hi --body "$(cat "$TRASH/b1")" >"$TRASH/out" &&
	json "json.dumps(d[\"message\"][\"body\"], separators=(\",\", \": \"))" <"$TRASH/out" >"$TRASH/b2" &&
	cmp -s "$TRASH/b1" "$TRASH/b2" &&
	test "$(json "d[\"message\"][\"body\"][\"dict\"][0][1]" <"$TRASH/out")" = "{'"'"'byteArray'"'"': [1, 2, 255]}"
'
test_expect_success 'run --body JSON: a lock given by its address' '
	z contract run "$C/messenger.fst" --command hi --body "{\"lock\": \"$ROOT\"}" >"$TRASH/out" &&
	test "$(json "d[\"message\"][\"body\"][\"lock\"][\"PK\"][\"hash\"]" <"$TRASH/out")" = $ROOT_PKH
'
err_is 'run --body hex with a byte after the data' 2 \
	'zen: invalid body: 1 byte after the data' \
	contract run "$C/messenger.fst" --command hi --body ${HEX}00
err_is 'run --body JSON: a byte above 255' 2 'zen: body: invalid byteArray' \
	contract run "$C/messenger.fst" --command hi --body '{"byteArray": [256]}'

stop_server
test_done
