#!/bin/bash
# Crash safety of concurrent sends (issue 12): ten sends run at once and
# the process doing them is killed with SIGKILL at a random moment - the
# server (odd rounds, ten POST /wallet/send) or the ten `zen wallet send`
# processes themselves (even rounds).  After each kill: every send that
# was acknowledged (200 and a hash, or exit 0 and a hash) is in the store,
# no coin is spent by two mempool transactions, `zen node verify` passes,
# and the wallet still sends (nothing stayed locked, no coin is offered
# again).  ZEN_WALLET_CRASH_ROUNDS sets the rounds (default 8, ~30 s).
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast

ROUNDS=${ZEN_WALLET_CRASH_ROUNDS:-8}
OTHER=tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux
PASS='correct horse'
PW="$TRASH/pw"
printf '%s\n' "$PASS" >"$PW"
ACKED="$TRASH/acked"
: >"$ACKED"
RANDOM=12
z() { "$ZEN" --datadir "$DATADIR" "$@"; }
# pause MS: sleep a random time below MS milliseconds (ten sends take
# about 50 ms here: the kill must come while they run)
pause() { local t; printf -v t '0.%03d' $((RANDOM % $1)); sleep "$t"; }
is_hash() { [[ $1 =~ ^\"[0-9a-f]{64}\"$ ]]; }

# Ten HTTP sends, the server killed under them.
server_round() {
	local r=$1 i pids= st
	start_server --threads 8 || return 1
	for i in $(seq 1 10); do
		curl -s -o "$TRASH/r$r.$i.body" -w '%{http_code}' -X POST --max-time 30 \
			-H 'Content-Type: application/json' \
			--data-binary "{\"password\":\"$PASS\",\"address\":\"$OTHER\",\"amount\":\"$((1000 + r))\"}" \
			"$ZEN_TEST_URL/wallet/send" >"$TRASH/r$r.$i.status" 2>/dev/null &
		pids="$pids $!"
	done
	pause 100
	kill_server_hard || return 1
	for i in $pids; do wait "$i"; done
	for i in $(seq 1 10); do
		st=$(cat "$TRASH/r$r.$i.status" 2>/dev/null)
		body=$(cat "$TRASH/r$r.$i.body" 2>/dev/null)
		if [ "$st" = 200 ]; then
			is_hash "$body" || { echo "200 without a hash: $body"; return 1; }
			echo "${body//\"/}" >>"$ACKED"
		fi
	done
}

# Ten CLI sends on the data directory, killed under them.
cli_round() {
	local r=$1 i pids=() rc out
	for i in $(seq 1 10); do
		"$ZEN" --datadir "$DATADIR" wallet send --address $OTHER \
			--amount $((1000 + r)) --password-file "$PW" \
			>"$TRASH/r$r.$i.out" 2>"$TRASH/r$r.$i.err" &
		pids+=($!)
	done
	pause 60
	for i in "${pids[@]}"; do kill -9 "$i" 2>/dev/null; done
	for i in $(seq 1 10); do
		wait "${pids[$((i - 1))]}"; rc=$?
		out=$(cat "$TRASH/r$r.$i.out")
		case $rc in
		0) is_hash "$out" || { echo "exit 0 without a hash: $out"; return 1; }
		   echo "${out//\"/}" >>"$ACKED" ;;
		137) ;;
		*) echo "send $i: exit $rc: $(cat "$TRASH/r$r.$i.err")"; return 1 ;;
		esac
	done
}

check_round() {
	local h
	z node verify >"$TRASH/verify" 2>&1 || { cat "$TRASH/verify"; return 1; }
	while read -r h; do
		z blockchain transaction "$h" >/dev/null 2>&1 ||
			{ echo "lost acknowledged send $h"; return 1; }
	done <"$ACKED"
	pool_disjoint || return 1
	# The wallet still sends, and not with a coin already spent.
	h=$(z wallet send --address $OTHER --amount 1 --password-file "$PW") ||
		{ echo "a send after the kill failed"; return 1; }
	! grep -qx "${h//\"/}" "$ACKED" || { echo "a send after the kill repeated $h"; return 1; }
	pool_disjoint
}

test_expect_success 'a wallet with 20 mature coinbase coins' '
	z wallet create --password-file "$PW" >/dev/null 2>&1 &&
	A=$(z wallet address | json d) &&
	z blockchain mine --blocks 20 --address $A >/dev/null &&
	z blockchain mine --blocks 10 --address $OTHER >/dev/null
'
failed_rounds=0
for r in $(seq 1 "$ROUNDS"); do
	if [ $((r % 2)) = 1 ]; then
		out=$(server_round $r 2>&1) || { failed_rounds=$((failed_rounds + 1)); diag "round $r: $out"; }
	else
		out=$(cli_round $r 2>&1) || { failed_rounds=$((failed_rounds + 1)); diag "round $r: $out"; }
	fi
	if ! out=$(check_round 2>&1); then
		failed_rounds=$((failed_rounds + 1))
		diag "round $r: $out"
	fi
	# Keep the mempool short: confirm what is there every third round.
	[ $((r % 3)) = 0 ] && z blockchain mine --blocks 1 --address $OTHER >/dev/null
done
test_expect_success "$ROUNDS kill -9 rounds: nothing acknowledged lost, no coin spent twice, store consistent" '
	test $failed_rounds = 0
'
diag "$(wc -l <"$ACKED") of $((ROUNDS * 10)) sends acknowledged before their kill"
test_expect_success 'sends were acknowledged along the way, and some were cut short' '
	test "$(wc -l <"$ACKED")" -ge 1 &&
	test "$(wc -l <"$ACKED")" -lt $((ROUNDS * 10))
'
test_expect_success 'every acknowledged send is its own transaction' '
	test "$(sort -u "$ACKED" | wc -l)" = "$(wc -l <"$ACKED")"
'
test_done
