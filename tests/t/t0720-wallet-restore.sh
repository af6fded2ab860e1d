#!/bin/bash
# Restoring new addresses: a wallet that handed out payment addresses
# (m/44'/258'/0'/2/i) is imported again elsewhere; what was sent to an
# address past the lookahead (20) is found by restorenewaddresses.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

WORDS="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
OTHER=tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux  # no wallet here
GEN=100000000000	# the genesis output: 1000 ZP
D2="$TRASH/d2" D3="$TRASH/d3"
PW="$TRASH/pw"
printf 'correct horse\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
z2() { "$ZEN" --datadir "$D2" "$@"; }
balance() { echo "[{\"asset\":\"00\",\"balance\":$1}]"; }

test_expect_success 'the same words in two data directories' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	z2 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	test "$(z1 wallet balance)" = "$(balance $GEN)"
'
test_expect_success 'D2 hands out payment addresses 0 to 30' '
	for i in $(seq 0 30); do
		z2 wallet getnewaddress >"$TRASH/new" || exit 1
	done &&
	test "$(json "d[\"index\"]" <"$TRASH/new")" = 30
'
P30=$(json 'd["address"]' <"$TRASH/new")
test_expect_success 'D1 sends 7000 kalapas to payment address 30 and mines it' '
	z1 wallet send --outputs "[{\"address\":\"$P30\",\"asset\":\"00\",\"amount\":\"7000\"}]" \
		--password-file "$PW" >/dev/null &&
	z1 blockchain mine --blocks 1 --address $OTHER >/dev/null
'
# Index 30 is past the lookahead of a wallet that handed out nothing.
test_both 'D1 does not know address 30: 7000 seem gone' 0 \
	"$(balance $((GEN - 7000)))" wallet balance
test_error 'max past the bound' 2 'zen: max is too large (at most 10000)' \
	wallet restorenewaddresses 10001
test_both 'restore the new addresses up to 30' 0 '' wallet restorenewaddresses 30
test_both 'the 7000 are found: the whole genesis output again' 0 \
	"$(balance $GEN)" wallet balance
test_expect_success 'the next new address is 31' '
	test "$(z1 wallet getnewaddress | json "d[\"index\"]")" = 31
'
test_expect_success 'a smaller max keeps the counter' '
	z1 wallet restorenewaddresses 3 &&
	test "$(z1 wallet getnewaddress | json "d[\"index\"]")" = 32
'
# api.md 1.9: never "no account" (as resync); nothing is created
test_expect_success 'no account: nothing to restore, no account made' '
	"$ZEN" --datadir "$D3" wallet restorenewaddresses 3 >"$TRASH/o" &&
	test -z "$(cat "$TRASH/o")" &&
	test "$("$ZEN" --datadir "$D3" wallet exists)" = false
'
test_done
