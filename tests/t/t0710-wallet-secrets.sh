#!/bin/bash
# Wallet secrets: password sources of the CLI (file, fd, stdin,
# ZEN_PASSWORD_FILE; never argv), wrong, empty and changed passwords,
# the throttle, a tampered or truncated wallet store, the API token of a
# server bound beyond loopback, and the raw-transaction round trip across
# three data directories (create on a watch-only node, sign on another,
# publish on a third).
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

WORDS="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
ROOT=tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
OTHER=tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux
PW="$TRASH/pw"
printf 'pass one\n' >"$PW"
printf 'wrong\n' >"$TRASH/bad"
printf '\n' >"$TRASH/empty"
printf '%s\n' "$WORDS" >"$TRASH/words"
echo one one one one one one one one one one one one >"$TRASH/ones"
z() { "$ZEN" --datadir "$DATADIR" "$@"; }

test_error 'a password on the command line is refused' 2 \
	'zen: passwords are never taken from the command line: use --password-file FILE, --password-fd N, --password-stdin or ZEN_PASSWORD_FILE (see zen --help)' \
	wallet checkpassword --password secret
test_error 'mnemonic words on the command line are refused' 2 \
	'zen: mnemonic words are never taken from the command line: use --words-file FILE (- for standard input) (see zen --help)' \
	wallet import --words "$WORDS" --password-file "$PW"
test_error 'without a terminal and a source, no password' 2 \
	'zen: no password: give --password-file FILE, --password-fd N, --password-stdin or ZEN_PASSWORD_FILE (there is no terminal to ask on)' \
	wallet checkpassword
test_error 'a bad checksum is refused by default' 2 \
	'zen: invalid mnemonic checksum (allowBadChecksum accepts it, as the reference node does)' \
	wallet import --words-file "$TRASH/ones" --password-file "$PW"
test_error 'an empty password' 2 'zen: Password is empty' \
	wallet import --words-file "$TRASH/words" --password-file "$TRASH/empty"
test_expect_success 'import with words and password both on standard input' '
	printf "%s\n%s\n" "$WORDS" "pass one" |
		setsid "$ZEN" --datadir "$DATADIR" wallet import --words-file - --password-stdin >"$TRASH/o" &&
	test "$(cat "$TRASH/o")" = "account imported"
'
test_both 'the password from a file' 0 true wallet checkpassword --password-file "$PW"
test_both 'a wrong password is false' 0 false wallet checkpassword --password-file "$TRASH/bad"
test_error 'an empty password' 2 'zen: Password is empty' wallet checkpassword --password-file "$TRASH/empty"
test_error 'a wrong password reveals nothing' 4 'zen: Bad password' wallet mnemonicphrase --password-file "$TRASH/bad"
test_http 'a wrong password is 400 over HTTP, as the reference' POST /wallet/mnemonicphrase 400 \
	'Bad password' '{"password":"nope"}'
test_expect_success 'failures are throttled: the next answer waits' '
	for i in 1 2 3 4; do
		test "$("$ZEN" --url "$ZEN_TEST_URL" wallet checkpassword --password-file "$TRASH/bad")" = false || exit 1
	done &&
	start=$(date +%s%N) &&
	"$ZEN" --url "$ZEN_TEST_URL" wallet checkpassword --password-file "$PW" >"$TRASH/o" &&
	test $(( ($(date +%s%N) - start) / 1000000 )) -ge 350 && test "$(cat "$TRASH/o")" = true
'
test_expect_success 'the password from a file descriptor' '
	z wallet checkpassword --password-fd 7 7<"$PW" >"$TRASH/o" && test "$(cat "$TRASH/o")" = true
'
test_expect_success 'the password from ZEN_PASSWORD_FILE' '
	ZEN_PASSWORD_FILE="$PW" z wallet checkpassword >"$TRASH/o" && test "$(cat "$TRASH/o")" = true
'
test_expect_success 'the password never shows in the process list' '
	mkfifo "$TRASH/fifo" &&
	( z wallet checkpassword --password-file "$TRASH/fifo" >"$TRASH/o" 2>&1 </dev/null & ) &&
	sleep 0.3 && ps -eo args >"$TRASH/ps" &&
	printf "pass one\n" >"$TRASH/fifo" && sleep 0.5 &&
	grep -q "checkpassword --password-file" "$TRASH/ps" &&
	! grep -q "pass one" "$TRASH/ps" && test "$(cat "$TRASH/o")" = true
'
test_both 'the mnemonic needs the password' 0 "$WORDS" wallet mnemonicphrase --password-file "$PW"
printf 'pass two\n' >"$TRASH/pw2"
test_error 'changepassword with a wrong old password' 4 'zen: Bad password' \
	wallet changepassword --old-password-file "$TRASH/bad" --new-password-file "$TRASH/pw2"
test_error 'changepassword to an empty one' 2 'zen: Password are empty' \
	wallet changepassword --old-password-file "$PW" --new-password-file "$TRASH/empty"
test_expect_success 'change the password (both on standard input)' '
	printf "pass one\npass two\n" | z wallet changepassword --password-stdin >"$TRASH/o" &&
	test "$(cat "$TRASH/o")" = "\"Password changed\""
'
test_both 'the old password no longer works' 0 false wallet checkpassword --password-file "$PW"
test_both 'the new one does' 0 true wallet checkpassword --password-file "$TRASH/pw2"
test_both 'keys: the receive and change keys' 0 \
	"[{\"publicKey\":\"02b43a1cb4cb6472e1fcd71b237eb9c1378335cd200dd07536594348d9e450967e\",\"path\":\"m/44'/258'/0'/0/0\"},{\"publicKey\":\"029ae9b49e60259958302fab6c9be333775fd7ada72f11643218dcf23e5f37ec92\",\"path\":\"m/44'/258'/0'/1/0\"}]" \
	wallet keys --password-file "$TRASH/pw2"
test_both 'publickey at a path' 0 '"02b43a1cb4cb6472e1fcd71b237eb9c1378335cd200dd07536594348d9e450967e"' \
	wallet publickey "m/44'/258'/0'/0/0" --password-file "$TRASH/pw2"
test_both 'zenpublickey' 0 '"tpubDCeTZv9MDcNe6Ahv8UQaoAWhK9XKmpzzJjpiVbCZ4jhsJYdN67Qh18nDjuJFtWfGfLL2hRkGid6Ga5h2FoW9QoRjdcEUQRBW4tkpkCbMtKb"' \
	wallet zenpublickey
test_error 'sign: a bad message' 2 'zen: invalid message' wallet sign 12 "m/0'" --password-file "$TRASH/pw2"
test_both 'getnewaddress hands out .../2/0' 0 '*' wallet getnewaddress

# Raw transactions across three data directories: WATCH holds the xpub
# only, DATADIR (signer) the secret, PUB publishes.  Each has the chain.
WATCH="$TRASH/watch" PUB="$TRASH/pub"
XPUB=$(z wallet zenpublickey | json d)
test_expect_success 'a watch-only wallet from the xpub' '
	"$ZEN" --datadir "$WATCH" wallet importzenpublickey $XPUB >"$TRASH/o" &&
	test "$(cat "$TRASH/o")" = "zenKey imported" &&
	test "$("$ZEN" --datadir "$WATCH" wallet balance)" = "[{\"asset\":\"00\",\"balance\":100000000000}]"
'
test_expect_success 'a watch-only wallet cannot sign' '
	"$ZEN" --datadir "$WATCH" wallet mnemonicphrase --password-file "$TRASH/pw2" 2>"$TRASH/e";
	test $? = 1 && test "$(cat "$TRASH/e")" = "zen: watch-only wallet: no secret"
'
test_expect_success 'create on the watch-only node, sign on the signer, publish on a third' '
	"$ZEN" --datadir "$WATCH" rawtx create --address $OTHER --amount 1000 >"$TRASH/raw" &&
	RAW=$(json "d[\"tx\"]" <"$TRASH/raw") && TXH=$(json "d[\"txHash\"]" <"$TRASH/raw") &&
	! "$ZEN" --datadir "$PUB" rawtx publish $RAW 2>"$TRASH/e" &&
	grep -q "raw transaction is not fully signed" "$TRASH/e" &&
	"$ZEN" --url "$ZEN_TEST_URL" rawtx sign $RAW --password-file "$TRASH/pw2" >"$TRASH/signed" &&
	SIGNED=$(json "d[\"tx\"]" <"$TRASH/signed") &&
	test "$(json "d[\"txHash\"]" <"$TRASH/signed")" = $TXH &&
	"$ZEN" --datadir "$PUB" rawtx publish $SIGNED >"$TRASH/pubd" &&
	test "$(json d <"$TRASH/pubd")" = $TXH &&
	"$ZEN" --datadir "$PUB" blockchain transaction $TXH >/dev/null
'
test_error 'a raw transaction that does not decode' 2 'zen: Invalid tx: decoding' rawtx publish 00ff

# Damage.
stop_server	# its own TAP line: a clean exit, no sanitizer report
test_expect_success 'a tampered secret is detected, never used' '
	cp -r "$DATADIR/wallet" "$TRASH/wallet.bak" &&
	python3 - "$DATADIR/wallet/data.mdb" <<-EOF &&
	import re, sys
	p = sys.argv[1]; b = bytearray(open(p, "rb").read())
	# every copy: LMDB leaves old versions of the record in free pages
	at = [m.start() for m in re.finditer(b"ZENW", bytes(b))]
	assert at
	for i in at: b[i + 70] ^= 1
	open(p, "wb").write(b)
	EOF
	z wallet checkpassword --password-file "$TRASH/pw2" >"$TRASH/o" 2>"$TRASH/e"
	test $? = 6 && test ! -s "$TRASH/o" && grep -q "wallet store is damaged" "$TRASH/e"
'
test_expect_success 'the exit status of damage is 6' '
	z wallet mnemonicphrase --password-file "$TRASH/pw2" 2>"$TRASH/e"; test $? = 6
'
test_expect_success 'a truncated wallet store is reported' '
	rm -rf "$DATADIR/wallet" && cp -r "$TRASH/wallet.bak" "$DATADIR/wallet" &&
	z wallet checkpassword --password-file "$TRASH/pw2" >/dev/null &&
	truncate -s 8192 "$DATADIR/wallet/data.mdb" &&
	z wallet balance 2>"$TRASH/e"; test $? = 6 && grep -q "damaged\|truncated" "$TRASH/e"
'
test_expect_success 'remove: wrong password refused, right one removes' '
	rm -rf "$DATADIR/wallet" && cp -r "$TRASH/wallet.bak" "$DATADIR/wallet" &&
	! z wallet remove --password-file "$PW" 2>/dev/null &&
	test "$(z wallet remove --password-file "$TRASH/pw2")" = "wallet removed" &&
	test "$(z wallet exists)" = false
'

# A server bound beyond loopback wants the token on /wallet/.
test_expect_success 'beyond loopback: a cookie file, and /wallet/ needs its token' '
	"$ZEN" --datadir "$DATADIR" serve --bind 0.0.0.0:0 --threads 1 2>"$TRASH/s2.log" &
	pid=$! && i=0 &&
	while [ $i -lt 50 ] && ! grep -q "bearer token" "$TRASH/s2.log"; do sleep 0.1; i=$((i + 1)); done &&
	port=$(sed -n "s|.*http://0\.0\.0\.0:\([0-9]*\).*|\1|p" "$TRASH/s2.log") &&
	test -s "$DATADIR/.cookie" && test "$(stat -c %a "$DATADIR/.cookie")" = 600 &&
	test "$(curl -s -o /dev/null -w "%{http_code}" http://127.0.0.1:$port/wallet/exists)" = 401 &&
	test "$(curl -s -o /dev/null -w "%{http_code}" http://127.0.0.1:$port/blockchain/info)" = 200 &&
	test "$("$ZEN" --url http://127.0.0.1:$port --api-token-file "$DATADIR/.cookie" wallet exists)" = false;
	ok=$?
	stop_pid $pid "$TRASH/s2.log" && test $ok = 0 && test ! -e "$DATADIR/.cookie"
'
# A node that answers as the reference does (text, no JSON code): a wrong
# password is 400 "Bad password", which zen --url still reports as exit 4.
test_expect_success 'a reference-style 400 "Bad password" is exit 4 through --url' '
	python3 - "$TRASH/ref.port" <<-\PY &
	import http.server, sys
	class H(http.server.BaseHTTPRequestHandler):
	    def do_POST(self):
	        self.rfile.read(int(self.headers.get("Content-Length", 0)))
	        self.send_response(400)
	        self.send_header("Content-Type", "text/plain")
	        self.send_header("Content-Length", "12")
	        self.end_headers()
	        self.wfile.write(b"Bad password")
	    def log_message(self, *a):
	        pass
	s = http.server.HTTPServer(("127.0.0.1", 0), H)
	open(sys.argv[1], "w").write(str(s.server_address[1]))
	s.timeout = 20
	s.handle_request()
	PY
	i=0; while [ ! -s "$TRASH/ref.port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	"$ZEN" --url "http://127.0.0.1:$(cat "$TRASH/ref.port")" wallet checkpassword \
		--password-file "$TRASH/ref.port" >"$TRASH/o" 2>"$TRASH/e"
	rc=$?; wait
	test $rc = 4 && test "$(cat "$TRASH/e")" = "zen: Bad password"
'
test_done
