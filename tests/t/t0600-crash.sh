#!/bin/bash
# Crash safety: kill -9 a mining `zen serve` at random moments while it
# accepts transactions and mined blocks, then check after each restart that
# the store opens, passes `zen node verify` (the UTXO set equals a replay of
# the main chain), and still holds every block and transaction that was
# acknowledged with 200.  ZEN_CRASH_ROUNDS sets the number of kills
# (default 50; `make stress` runs 500).
. "$(dirname "$0")/test-lib.sh"

ROUNDS=${ZEN_CRASH_ROUNDS:-50}
TESTTX="$ZEN_BUILDDIR/tests/tools/testtx"
WORDS="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
OTHER=tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9
ROOT=$("$TESTTX" --mnemonic "$WORDS" --address)
ACKED="$TRASH/acked"
: >"$ACKED"

# The unspent output the next transaction spends: the change of the last.
prev=b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b9716420:0
amount=100000000000
RANDOM=42

one_round() {
	start_server --mine --address $OTHER --mine-threads 1 || return 1
	local out=$((amount - 1)) tx h
	tx=$("$TESTTX" --mnemonic "$WORDS" --input $prev:$amount --output $OTHER:1 --output $ROOT:$out)
	h=$("$ZEN" --url "$ZEN_TEST_URL" blockchain publishtransaction $tx 2>/dev/null) &&
		{ echo "tx ${h//\"/}" >>"$ACKED"; prev=${h//\"/}:1; amount=$out; }
	"$ZEN" --url "$ZEN_TEST_URL" blockchain mine --blocks 1 --address $ROOT 2>/dev/null |
		tr -d '[]"' | tr ',' '\n' | sed 's/^/block /' >>"$ACKED"
	sleep "0.$((RANDOM % 300))"
	# on purpose: only its log is checked (no sanitizer report)
	kill_server_hard
}

check_round() {
	"$ZEN" --datadir "$DATADIR" node verify >"$TRASH/verify" 2>&1 || {
		cat "$TRASH/verify"; return 1; }
	while read -r kind h; do
		case $kind in
		tx) "$ZEN" --datadir "$DATADIR" blockchain transaction $h >/dev/null ;;
		block) "$ZEN" --datadir "$DATADIR" blockchain block --hash $h >/dev/null ;;
		esac || { echo "lost acknowledged $kind $h"; return 1; }
	done <"$ACKED"
}

failed_rounds=0
for i in $(seq 1 $ROUNDS); do
	if ! one_round 2>"$TRASH/round.err"; then
		failed_rounds=$((failed_rounds + 1))
		diag "round $i: $(cat "$TRASH/round.err")"
	elif ! out=$(check_round 2>&1); then
		failed_rounds=$((failed_rounds + 1))
		diag "round $i: $out"
	fi
done
test_expect_success "$ROUNDS kill -9 rounds: store consistent, nothing acknowledged lost" '
	test $failed_rounds = 0
'
test_expect_success 'transactions and blocks were acknowledged along the way' '
	test "$(grep -c "^tx " "$ACKED")" -ge $((ROUNDS / 2)) &&
	test "$(grep -c "^block " "$ACKED")" -ge $((ROUNDS / 2))
'
test_done
