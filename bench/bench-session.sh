#!/bin/bash
# bench-session.sh - what a send costs with its password (the key
# derivation, argon2id, every time) and inside a wallet session of
# `zen wallet unlock` (issue 18's goal: under 5 ms).  Median of each over
# sends through one kept-alive connection to zen serve on a local chain
# (the real key derivation, not the tests' fast one).  Loopback only;
# prints figures, never fails.
#
#   bench/bench-session.sh [ZEN-BINARY]
set -u

ZEN=${1:-./zen}
. "$(dirname "$0")/bench-lib.sh"
bench_tmp bench-session
WORDS="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
printf 'a password\n' >"$TMP/pw"
printf '%s\n' "$WORDS" >"$TMP/words"
"$ZEN" --datadir "$TMP/data" wallet import --words-file "$TMP/words" \
	--password-file "$TMP/pw" >/dev/null || exit 0
ADDR=$("$ZEN" --datadir "$TMP/data" wallet address | tr -d '"')
"$ZEN" --datadir "$TMP/data" blockchain mine --blocks 60 --address "$ADDR" >/dev/null || exit 0
start_zen
python3 - "$PORT" "$ADDR" <<'PY'
import http.client, json, statistics, sys, time
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
def post(path, body):
    t = time.perf_counter()
    c.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    r = c.getresponse(); data = r.read()
    assert r.status == 200, (path, r.status, data)
    return time.perf_counter() - t
out = [{"address": sys.argv[2], "asset": "00", "amount": "1000"}]
with_pw = [post("/wallet/send", {"outputs": out, "password": "a password"}) for _ in range(5)]
post("/wallet/unlock", {"password": "a password", "timeout": 60})
session = [post("/wallet/send", {"outputs": out}) for _ in range(40)]
a, b = statistics.median(with_pw), statistics.median(session)
print("a send through zen serve, median:")
print("  %-40s %8.1f ms" % ("with its password (argon2id each time)", a * 1e3))
print("  %-40s %8.1f ms" % ("in a wallet session (zen wallet unlock)", b * 1e3))
print("session send: %.1f ms (goal < 5 ms), %.0fx faster" % (b * 1e3, a / b))
PY
