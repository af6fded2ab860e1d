#!/bin/bash
# The Common Goods Pool's reads on a fresh local chain without votes
# (cgp-and-chain.md 3, 5, 8; api.md 3.11, 5.1-5.3, 7): zen blockchain cgp,
# cgphistory, contractcgp, winner and candidates, locally, through --url
# and over HTTP, as the chain crosses the phases and intervals of the
# local parameters (interval 100 blocks, snapshot at 90, nomination 5).
# Every expected interval, phase and phase end below is worked out by
# hand from those parameters:
#   interval(b) = (b - 1) div 100 + 1; snapshot(i) = 100 (i - 1) + 90;
#   before snapshot: b <= snapshot, nomination: b <= snapshot + 5,
#   voting: to 100 i.
# The terminal's readable form is checked through a pseudo-terminal.
. "$(dirname "$0")/test-lib.sh"
start_server

MINER=$OTHER
tip() { "$ZEN" --datadir "$DATADIR" blockchain info | json 'd["blocks"]'; }
# mine_to N: mine until the tip is block N
mine_to() {
	local n=$(( $1 - $(tip) ))
	[ $n -gt 0 ] && "$ZEN" --datadir "$DATADIR" blockchain mine --blocks $n \
		--address $MINER >/dev/null
	test "$(tip)" = "$1"
}

# cgp_json TIP INTERVAL PHASE END: the /blockchain/cgp reply of a chain
# without votes or donations (allocation 0, no payout, no funds)
cgp_json() {
	printf '{"interval":%s,"allocation":0,"payout":{},"tip":%s,"phase":"%s","phaseEnd":%s,"funds":[]}' \
		"$2" "$1" "$3" "$4"
}
# history_json K: intervals 1..K, each allocation 0 and no payout
history_json() {
	local k out=
	for k in $(seq 1 "$1"); do
		out="$out${out:+,}{\"interval\":$k,\"allocation\":0,\"payout\":{}}"
	done
	printf '[%s]' "$out"
}

# check_at TIP INTERVAL PHASE END: every read at this tip
check_at() {
	local tip=$1 interval=$2 phase=$3 end=$4
	test_expect_success "mine to block $tip" "mine_to $tip"
	test_both "cgp at block $tip: interval $interval, $phase to $end" 0 \
		"$(cgp_json "$tip" "$interval" "$phase" "$end")" blockchain cgp
	test_both "cgp history at block $tip: $((interval - 1)) intervals" 0 \
		"$(history_json $((interval - 1)))" blockchain cgphistory
	[ "$interval" -gt 1 ] &&
	test_both "winner at block $tip: interval $interval, allocation 0" 0 \
		"{\"interval\":$interval,\"allocation\":0,\"payout\":{}}" \
		blockchain winner
	test_both "no candidates at block $tip" 0 '[]' blockchain candidates
	test_both "no candidates of interval $interval" 0 '[]' \
		blockchain candidates --interval "$interval"
	test_http "cgp at block $tip" GET /blockchain/cgp 200 \
		"$(cgp_json "$tip" "$interval" "$phase" "$end")"
}

# A fresh chain is its genesis block 1.
check_at 1 1 beforeSnapshot 90
# Every interval's first block stores the winner tallied from the votes
# of the interval before, with the last allocation when there were none
# (cgp-and-chain.md 6.6, 5); genesis is block 1 of interval 1, and the
# reference tallies it like any other block (Tally_Handler.fs,
# updateBlock: Winner.update at beginOfInterval = 1), so interval 1 has
# the winner {allocation 0, no payout} too.
test_both 'winner in interval 1: the tally at genesis' 0 \
	'{"interval":1,"allocation":0,"payout":{}}' blockchain winner
test_both 'a fresh chain has no past interval' 0 '[]' blockchain cgphistory
check_at 89 1 beforeSnapshot 90
check_at 90 1 beforeSnapshot 90
check_at 91 1 nomination 95
check_at 95 1 nomination 95
check_at 96 1 voting 100
# the last block of interval 1: still no completed interval
check_at 100 1 voting 100
# the first block of interval 2: interval 1 is history
check_at 101 2 beforeSnapshot 190
check_at 150 2 beforeSnapshot 190
check_at 250 3 beforeSnapshot 290

# The entry of interval k is the state after its last block, 100 k, and
# carries k, not the tip's interval.
test_expect_success 'history entries carry their own interval' '
	"$ZEN" --url "$ZEN_TEST_URL" blockchain cgphistory >"$TRASH/h" &&
	test "$(json "[e[\"interval\"] for e in d]" <"$TRASH/h")" = "[1, 2]"
'

# /blockchain/contract/cgp: no payout due, so raw and encoded are null;
# the contract ids are 72 hex and differ.
test_expect_success 'contractcgp without a payout: nulls and two contract ids' '
	"$ZEN" --datadir "$DATADIR" blockchain contractcgp >"$TRASH/c" &&
	python3 - "$TRASH/c" <<-\EOF
	import json, re, sys
	d = json.load(open(sys.argv[1]))
	assert list(d) == ["raw", "encoded", "cgpContract", "votingContract"], d
	assert d["raw"] is None and d["encoded"] is None, d
	for k in ("cgpContract", "votingContract"):
	    assert re.fullmatch("[0-9a-f]{72}", d[k]), d
	assert d["cgpContract"] != d["votingContract"], d
	EOF
'
test_both 'contractcgp: the same locally and remotely' 0 \
	"$("$ZEN" --datadir "$DATADIR" blockchain contractcgp)" blockchain contractcgp

# Bad inputs (the HTTP forms are rows of api-routes.txt).
for bad in abc -1 1.5 4294967296 99999999999 ''; do
	test_error "candidates --interval '$bad'" 2 'zen: invalid interval' \
		blockchain candidates --interval "$bad"
done
test_both 'candidates of a far interval: none' 0 '[]' \
	blockchain candidates 4294967295
test_error 'cgp takes no argument' 2 "zen: unexpected argument '1' (see zen --help)" \
	blockchain cgp 1

# A chain without a block (a test chain before its genesis): the
# reference's refusals, 400 text over HTTP.
stop_server
DATADIR="$TRASH/empty"
start_server --chain test
test_error 'cgp before genesis: No tip' 3 'zen: No tip' --chain test blockchain cgp
test_http 'cgp before genesis' GET /blockchain/cgp 400 'No tip'
test_error 'winner before genesis: not found' 3 'zen: Winner was not found' \
	--chain test blockchain winner
test_http 'winner before genesis' GET /blockchain/winner 400 'Winner was not found'
test_both 'history before genesis: none' 0 '[]' --chain test blockchain cgphistory
test_both 'candidates before genesis: none' 0 '[]' --chain test blockchain candidates
# the testnet's own contract ids (api.md 5.3, cgp-and-chain.md 2)
test_both 'contractcgp before genesis: nulls and the testnet ids' 0 \
	'{"raw":null,"encoded":null,"cgpContract":"00000000eac6c58bed912ff310df9f6960e8ed5c28aac83b8a98964224bab1e06c779b93","votingContract":"00000000e89738718a802a7d217941882efe8e585e20b20901391bc37af25fac2f22c8ab"}' \
	--chain test blockchain contractcgp
stop_server
DATADIR="$TRASH/data"
start_server


cat >"$TRASH/want-tty" <<EOF
interval:    3 (tip: block 250)
phase:       before snapshot, 40 blocks left (to block 290)
allocation:  0% of each block reward
payout:      none
pool funds:  none
EOF
test_expect_success 'cgp on a terminal: a summary' '
	on_tty --datadir "$DATADIR" blockchain cgp >"$TRASH/tty" &&
	diff -u "$TRASH/want-tty" "$TRASH/tty"
'
test_expect_success 'cgp on a terminal through --url: the same summary' '
	on_tty --url "$ZEN_TEST_URL" blockchain cgp >"$TRASH/tty" &&
	diff -u "$TRASH/want-tty" "$TRASH/tty"
'
test_expect_success 'cgp --json on a terminal: the JSON' '
	on_tty --datadir "$DATADIR" blockchain cgp --json >"$TRASH/tty" &&
	test "$(cat "$TRASH/tty")" = "$(cgp_json 250 3 beforeSnapshot 290)"
'
test_expect_success 'a phase with one block left says block' '
	mine_to 289 &&
	on_tty --datadir "$DATADIR" blockchain cgp >"$TRASH/tty" &&
	grep -qx "phase:       before snapshot, 1 block left (to block 290)" "$TRASH/tty"
'

test_done
