#!/bin/bash
# Amounts in ZP (issue 18): "1.5zp" wherever an amount is taken, --zp to
# read bare numbers as ZP and to show the reply's ZP amounts as ZP, the
# same locally, through --url and over HTTP; kalapas as before.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

PW="$TRASH/pw"
printf 'correct horse\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
zr() { "$ZEN" --url "$ZEN_TEST_URL" "$@" </dev/null; }
# What a transaction pays OTHER, in kalapas, read from the node.
paid() {
	z1 blockchain transaction "$1" | json \
		"sum(int(o['spend']['amount']) for o in d['tx']['outputs'] if o['lock'].get('PK', {}).get('address') == '$OTHER')"
}

test_expect_success 'a wallet holding the genesis output' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null
'
test_expect_success 'kalapas as before' '
	h=$(z1 wallet send --address $OTHER --amount 1000 --password-file "$PW" | json d) &&
	test "$(paid $h)" = 1000
'
test_expect_success '1.5zp is 150000000 kalapas (local and --url)' '
	h=$(z1 wallet send --address $OTHER --amount 1.5zp --password-file "$PW" | json d) &&
	test "$(paid $h)" = 150000000 &&
	h=$(zr wallet send --address $OTHER --amount 0.00000002ZP --password-file "$PW" | json d) &&
	test "$(paid $h)" = 2
'
test_expect_success 'with --zp a bare number is ZP (local and --url)' '
	h=$(z1 --zp wallet send --address $OTHER --amount 0.25 --password-file "$PW" | json d) &&
	test "$(paid $h)" = 25000000 &&
	h=$(zr --zp wallet send --address $OTHER --amount 3 --password-file "$PW" | json d) &&
	test "$(paid $h)" = 300000000
'
test_expect_success 'wallet send ADDRESS AMOUNT, positional (local and --url)' '
	h=$(z1 wallet send $OTHER 1.25zp --password-file "$PW" | json d) &&
	test "$(paid $h)" = 125000000 &&
	h=$(zr --zp wallet send $OTHER 0.5 --password-file "$PW" | json d) &&
	test "$(paid $h)" = 50000000
'
test_expect_success 'with --zp, amounts inside --outputs JSON are ZP too' '
	h=$(z1 --zp wallet send --outputs "[{\"address\":\"$OTHER\",\"asset\":\"00\",\"amount\":\"0.1\"}]" \
		--password-file "$PW" | json d) &&
	test "$(paid $h)" = 10000000
'
test_expect_success 'over HTTP the unit is accepted; kalapas stay the API' '
	req POST /wallet/send "{\"outputs\":[{\"address\":\"$OTHER\",\"asset\":\"00\",\"amount\":\"2zp\"}],\"password\":\"correct horse\"}" &&
	test "$status" = 200 && test "$(paid $(echo "$body" | json d))" = 200000000
'
test_expect_success 'bad amounts are refused and nothing is sent (exit 2 or 1)' '
	before=$(z1 blockchain mempool | json "len(d)") &&
	for a in 1.5 1.123456789zp -1zp zp 1e8 " 5" 5zpzp 184467440737.09551616zp \
		18446744073709551616 0 0zp; do
		z1 wallet send --address $OTHER --amount "$a" --password-file "$PW" \
			>/dev/null 2>"$TRASH/err"
		rc=$?
		test $rc != 0 || { echo "accepted: $a"; exit 1; }
		test -s "$TRASH/err" || exit 1
	done &&
	test "$(z1 blockchain mempool | json "len(d)")" = "$before"
'
test_expect_success '--zp shows the ZP balance with 8 decimals; other assets untouched' '
	k=$(z1 wallet balance | json "[e[\"balance\"] for e in d if e[\"asset\"]==\"00\"][0]") &&
	want=$(python3 -c "k=int(\"$k\"); print(\"%d.%08d\" % (k // 10**8, k % 10**8))") &&
	test "$(z1 --zp wallet balance | json "[e[\"balance\"] for e in d if e[\"asset\"]==\"00\"][0]")" = "$want" &&
	test "$(zr --zp wallet balance | json "[e[\"balance\"] for e in d if e[\"asset\"]==\"00\"][0]")" = "$want"
'
test_expect_success '--zp in transactions: an output of 1.5 ZP reads 1.50000000' '
	h=$(z1 wallet send --address $OTHER --amount 1.5zp --password-file "$PW" | json d) &&
	z1 --zp blockchain transaction $h | json \
		"[o[\"spend\"][\"amount\"] for o in d[\"tx\"][\"outputs\"] if o[\"lock\"].get(\"PK\", {}).get(\"address\") == \"$OTHER\"][0]" >"$TRASH/out" &&
	test "$(cat "$TRASH/out")" = 1.50000000
'
test_expect_success 'help states the range of an amount' '
	z1 wallet send --help >"$TRASH/help" &&
	grep -q "kalapas 1..18446744073709551615" "$TRASH/help" &&
	grep -q "1.5zp" "$TRASH/help" &&
	z1 --help | grep -q -- "--zp"
'
test_done
