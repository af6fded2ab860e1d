#!/bin/bash
# zen wallet unlock --timeout / zen wallet lock (issue 18): zen serve keeps
# the decrypted secret for a while, and wallet requests without a password
# use it; a password still works; the session ends on lock, on timeout,
# and is refused where it cannot live (a local command).
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

PW="$TRASH/pw"
printf 'correct horse\n' >"$PW"
printf 'wrong\n' >"$TRASH/bad"
printf '%s\n' "$WORDS" >"$TRASH/words"
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
zr() { "$ZEN" --url "$ZEN_TEST_URL" "$@" </dev/null; }
send_body='{"outputs":[{"address":"'$OTHER'","asset":"00","amount":"1000"}]}'

test_expect_success 'a wallet holding the genesis output' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	test "$(z1 wallet balance | json "d[0][\"balance\"]")" = $GEN
'
test_expect_success 'a local command cannot keep a session (exit 2)' '
	z1 wallet unlock --timeout 10 --password-file "$PW" 2>"$TRASH/err"
	test $? = 2 &&
	test "$(cat "$TRASH/err")" = "zen: wallet unlock keeps the key in a running zen serve: give --url"
'
test_expect_success 'without a session, a send without a password is refused' '
	req POST /wallet/send "$send_body" && test "$status" = 400 &&
	test "$body" = "Password is empty"
'
test_expect_success 'a wrong password opens no session' '
	! zr wallet unlock --timeout 30 --password-file "$TRASH/bad" 2>"$TRASH/err" &&
	grep -q "Bad password" "$TRASH/err" &&
	req POST /wallet/send "$send_body" && test "$status" = 400
'
test_expect_success 'timeouts outside 1..86400 are refused' '
	! zr wallet unlock --timeout 0 --password-file "$PW" 2>"$TRASH/err" &&
	grep -q "invalid timeout (1 to 86400 seconds)" "$TRASH/err" &&
	! zr wallet unlock --timeout 86401 --password-file "$PW" 2>/dev/null
'
test_expect_success 'unlock for 30 s: the reply' '
	test "$(zr wallet unlock --timeout 30 --password-file "$PW")" = "{\"unlocked\":true,\"seconds\":30}"
'
test_expect_success 'during the session a send needs no password (HTTP and CLI)' '
	req POST /wallet/send "$send_body" && test "$status" = 200 &&
	echo "$body" | json d | grep -qE "^[0-9a-f]{64}$" &&
	zr wallet send --address $OTHER --amount 1000 | json d | grep -qE "^[0-9a-f]{64}$" &&
	test "$(z1 blockchain mempool | json "len(d)")" = 2
'
test_expect_success 'a password in the request still works, and a wrong one still fails' '
	req POST /wallet/send "{\"outputs\":[{\"address\":\"$OTHER\",\"asset\":\"00\",\"amount\":\"1000\"}],\"password\":\"correct horse\"}" &&
	test "$status" = 200 &&
	req POST /wallet/send "{\"outputs\":[{\"address\":\"$OTHER\",\"asset\":\"00\",\"amount\":\"1000\"}],\"password\":\"wrong\"}" &&
	test "$status" = 400 && test "$body" = "Bad password"
'
test_expect_success 'checkpassword and mnemonicphrase still need the password' '
	req POST /wallet/checkpassword "{}" && test "$body" = "Password is empty" &&
	req POST /wallet/mnemonicphrase "{}" && test "$status" = 400
'
test_expect_success 'lock ends the session' '
	test "$(zr wallet lock)" = "{\"unlocked\":false}" &&
	req POST /wallet/send "$send_body" && test "$status" = 400 &&
	test "$body" = "Password is empty"
'
test_expect_success 'a session ends by itself after its timeout' '
	zr wallet unlock --timeout 1 --password-file "$PW" >/dev/null &&
	req POST /wallet/send "$send_body" && test "$status" = 200 &&
	sleep 1.2 &&
	req POST /wallet/send "$send_body" && test "$status" = 400 &&
	test "$body" = "Password is empty"
'
test_done
