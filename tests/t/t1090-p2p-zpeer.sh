#!/bin/bash
# The test peer tests/t/zpeer.py (issue 15), written from p2p.md alone,
# proven before it is used against zen serve: its codec against every
# vector of p2p.json (p2p.md 9.1), its bytes on the wire against the
# handshake stream of p2p.md 9.2 (dialling and listening), and every
# command and hostile case against a real libzmq ROUTER
# (tests/tools/zmq-echo, whose codec is zen's src/net/msg.c: the two
# codecs must judge each hostile message alike).  Loopback only; every
# wait is bounded.
. "$(dirname "$0")/test-lib.sh"

ZPEER="$ZEN_SRCDIR/tests/t/zpeer.py"
ECHO="$ZEN_BUILDDIR/tests/tools/zmq-echo"
VEC="$ZEN_SRCDIR/tests/vectors"
# importing zpeer must leave no __pycache__ in the source tree
export PYTHONPATH="$ZEN_SRCDIR/tests/t" VEC PYTHONDONTWRITEBYTECODE=1
zpeer() { python3 "$ZPEER" --timeout 5 "$@"; }
# jget PATH...: values of the JSON on stdin, space-separated; a PATH is
# keys and list indexes joined by dots, "*" takes every element (their
# values comma-separated).
jget() {
	python3 -c '
import json, sys
def get(v, keys):
    if not keys:
        return [v]
    k, rest = keys[0], keys[1:]
    if k == "*":
        return [x for e in v for x in get(e, rest)]
    return get(v[int(k)] if isinstance(v, list) else v[k], rest)
d = json.load(sys.stdin)
print(" ".join(",".join(str(x) for x in get(d, p.split("."))) for p in sys.argv[1:]))
' "$@"
}
# test_must_fail CMD...: CMD exits 1 (not 0, not a crash)
test_must_fail() { "$@"; [ $? = 1 ]; }

GENESIS=$(python3 -c '
import json, sys
v = [v for v in json.load(open(sys.argv[1]))["vectors"] if v["id"] == "local-genesis"][0]
print(v["input"]["blockHex"])' "$VEC/blocks.json")
GEN_HASH=6d678ab961c8b47046da8d19c0de5be07eb0fe1e1e82ad9a5b32145b5d4811c7

# ---- the codec and the bytes, without any other peer ----

test_expect_success 'zpeer encodes and decodes every message vector of p2p.md 9.1' '
	python3 - <<-"PY"
	import json, os, zpeer
	vs = json.load(open(os.environ["VEC"] + "/p2p.json"))["vectors"]
	keys = {"hashHex": "hash", "headerHex": "header", "chunkHex": "chunk"}
	n = 0
	for v in vs:
	    i, e = v["input"], v["expected"]
	    if "message" in i and "hex" in e:
	        name, layout = zpeer.MESSAGES[zpeer.IDS[i["message"]]]
	        fields = {}
	        for f, kind in layout:
	            if kind in ("u32", "u8"):
	                src = {"messageId": "unknownId"}.get(f, f)
	                fields[f] = i.get(src, 0)
	            elif kind == "chunk" and "addresses" in i:
	                fields[f] = b"".join(zpeer.address_entry(a["address"], a["timestamp"])
	                                     for a in i["addresses"])
	            else:
	                src = {"hash": "hashHex", "header": "headerHex", "chunk": "chunkHex"}[kind]
	                fields[f] = bytes.fromhex(i.get(src, ""))
	        got = zpeer.encode(name, **fields)
	        assert got.hex() == e["hex"], (v["id"], got.hex(), e["hex"])
	        d = zpeer.decode(bytes.fromhex(e["hex"]) + b"\xeb\xf5\x01trailing")
	        for f, val in fields.items():
	            assert d[f] == val, (v["id"], f)
	        if "addresses" in i:
	            want = [(a["address"], a["timestamp"]) for a in i["addresses"]]
	            assert zpeer.parse_addresses(d["count"], d["addresses"]) == want, v["id"]
	        n += 1
	    elif "address" in i:
	        assert zpeer.address_entry(i["address"], i["timestamp"]).hex() == e["hex"]
	        n += 1
	    elif "malformed" in e:
	        try:
	            zpeer.decode(bytes.fromhex(i["frameHex"]))
	            raise AssertionError(v["id"] + " decoded")
	        except zpeer.Malformed as x:
	            assert str(x) == e["malformed"], (v["id"], str(x))
	        n += 1
	assert n == 44, n
	PY
'

test_expect_success 'zpeer refuses what p2p.md 2.1 calls malformed' '
	python3 - <<-"PY"
	import zpeer
	cases = [(b"", "message too short"), (b"\xeb\xf5", "message too short"),
	         (b"\xf5\xeb\x03\0\0\0\1", "bad signature"),
	         (b"\xeb\xf5\x00", "unknown message id 0"),
	         (b"\xeb\xf5\x13", "unknown message id 19"),
	         (b"\xeb\xf5\x67", "unknown message id 103"),
	         (b"\xeb\xf5\x01\0\0\3\xe8\0\0\0\0\0\0\0", "truncated Hello"),
	         (b"\xeb\xf5\x0d\0\0\0\x0dCaptcha Diem", "truncated Block"),
	         (b"\xeb\xf5\x0d\x80\0\0\0" + b"x" * 16, "chunk too large")]
	for body, why in cases:
	    try:
	        zpeer.decode(body)
	        raise AssertionError("decoded %r" % body)
	    except zpeer.Malformed as x:
	        assert str(x) == why, (body, str(x), why)
	# a count of 2^31 or more is an empty list (p2p.md 12)
	assert zpeer.parse_addresses(1 << 31, zpeer.address_entry("127.0.0.1:1")) == []
	PY
'

# A raw TCP side that plays the other half of the 9.2 vector: it reads
# what zpeer sends, step by step, answers with the vector's bytes, and
# the bytes zpeer sent must be the vector's.  MY_SIDE is the side the
# script plays; OTHER is zpeer's.
cat >"$TRASH/play92.py" <<-"PY"
import json, os, socket, sys, threading, zpeer
me, net = sys.argv[1], 1000
steps = [s for v in json.load(open(os.environ["VEC"] + "/p2p.json"))["vectors"]
         if v["id"] == "handshake-main" for s in v["expected"]["steps"]]
if me == "dialer":	# zpeer listens, as the reference does: 01 13 both ways
    for s in steps:
        if s["from"] == "listener" and s["hex"] == "0306":
            s["hex"] = "0113"
srv = socket.socket()
srv.bind(("127.0.0.1", 0))
srv.listen(1)
port = srv.getsockname()[1]
sent = bytearray()
result = {}

def zpeer_side():
    try:
        if me == "listener":
            p = zpeer.Peer.dial("127.0.0.1", port, net, 5, 0x12345678)
            result["ack"] = p.handshake()
        else:
            lst = zpeer.listen("127.0.0.1", 0)
            result["port"] = lst.getsockname()[1]
            ready.set()
            p = zpeer.Peer.accept(lst, net, 5)
            result["hello"] = p.accept_handshake()
        p.close()
    except Exception as e:
        result["error"] = repr(e)
        ready.set()

ready = threading.Event()
t = threading.Thread(target=zpeer_side)
t.start()
if me == "listener":
    conn, _ = srv.accept()
else:
    ready.wait(5)
    conn = socket.create_connection(("127.0.0.1", result["port"]), 5)
conn.settimeout(5)
for s in steps:
    b = bytes.fromhex(s["hex"])
    if s["from"] == me:
        conn.sendall(b)
        continue
    got = b""
    while len(got) < len(b):
        c = conn.recv(len(b) - len(got))
        if not c:
            break
        got += c
    sent += got
    assert got == b, (s["meaning"], got.hex(), s["hex"])
t.join(10)
assert "error" not in result, result
print(json.dumps(dict((k, v if isinstance(v, int) else {x: y for x, y in v.items()
                       if not isinstance(y, bytes)}) for k, v in result.items())))
PY

test_expect_success 'zpeer dialling puts the dialer bytes of p2p.md 9.2 on the wire' '
	python3 "$TRASH/play92.py" listener >"$TRASH/out" &&
	grep -q "\"network\": 1000" "$TRASH/out"
'
test_expect_success 'zpeer listening answers with the reference listener bytes of 9.2' '
	python3 "$TRASH/play92.py" dialer >"$TRASH/out" &&
	grep -q "\"nonce\": 305419896" "$TRASH/out"
'

# ---- against a real libzmq ROUTER ----

ECHO_PID=
start_echo() {	# ARGS...: zmq-echo with the local genesis; sets $EPORT
	rm -f "$TRASH/eport"
	"$ECHO" --block "$GENESIS" --seconds 120 "$@" "$TRASH/eport" \
		2>"$TRASH/echo.log" &
	ECHO_PID=$!
	local i=0
	while [ ! -s "$TRASH/eport" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
	EPORT=$(cat "$TRASH/eport" 2>/dev/null)
	[ -n "$EPORT" ] || { say "Bail out! zmq-echo did not start: $(cat "$TRASH/echo.log")"; exit 1; }
}
start_echo
E="127.0.0.1:$EPORT"

test_expect_success 'handshake: libzmq greets in ZMTP/2.0 (major 3, ROUTER), HelloAck' '
	zpeer "$E" handshake >"$TRASH/out" &&
	cat >"$TRASH/want" <<-EOF &&
	{"greeting": {"signature": "ff00000000000000017f", "revision": 3, "socketType": 6}, "identity": "", "helloAck": {"name": "HelloAck", "network": 1002, "version": 0}}
	EOF
	diff "$TRASH/want" "$TRASH/out"
'
test_expect_success 'ping: the Pong carries the nonce' '
	test "$(zpeer "$E" ping 4000000000 | jget nonce)" = 4000000000
'
test_expect_success 'tip: the genesis header, its hash checked' '
	zpeer "$E" tip >"$TRASH/out" &&
	test "$(jget hash blockNumber difficulty <"$TRASH/out")" = "$GEN_HASH 1 0x20ffffff"
'
test_expect_success 'headers: from genesis, linked' '
	zpeer "$E" headers >"$TRASH/out" &&
	test "$(jget count linked headers.0.hash <"$TRASH/out")" = "1 True $GEN_HASH"
'
test_expect_success 'block HASH: the genesis block, byte for byte' '
	zpeer "$E" block $GEN_HASH >"$TRASH/out" &&
	test "$(jget hashOk size hex <"$TRASH/out")" = "True 243 $GENESIS"
'
test_expect_success 'block of an unknown hash: no reply, exit 1' '
	test_must_fail python3 "$ZPEER" --timeout 1 "$E" block $(printf "%064d" 0) 2>"$TRASH/err" &&
	test "$(cat "$TRASH/err")" = "zpeer: timeout: no Block came"
'
test_expect_success 'blocks: headers, then each block, hashes checked' '
	zpeer "$E" blocks >"$TRASH/out" &&
	test "$(jget count hashesOk bytes tip <"$TRASH/out")" = "1 True 243 $GEN_HASH"
'
test_expect_success 'addresses: the entry of zmq-echo itself' '
	zpeer "$E" addresses >"$TRASH/out" &&
	test "$(jget "*.address" <"$TRASH/out")" = "$E"
'
test_expect_success 'mempool: empty' '
	test "$(zpeer "$E" mempool)" = "[]"
'
test_expect_success 'another network: IncorrectNetwork, exit 1' '
	test_must_fail zpeer --network main "$E" handshake 2>"$TRASH/err" &&
	test "$(cat "$TRASH/err")" = "zpeer: handshakeerror: expected HelloAck, got IncorrectNetwork"
'
test_expect_success 'send: raw message bodies after the handshake' '
	zpeer "$E" send ebf50e ebf5030000002a >"$TRASH/out" &&
	test "$(jget "replies.*.name" replies.1.nonce closed <"$TRASH/out")" = "Tip,Pong 42 False"
'
test_expect_success 'flood: 200 Pings, 200 Pongs' '
	zpeer --wait 2 "$E" flood 200 ebf50300000001 >"$TRASH/out" &&
	test "$(jget sent replies closed <"$TRASH/out")" = "200 200 False"
'

# hostile CASE WANT: the names of the replies, comma-separated, and that
# a new peer is still served.
hostile() {
	zpeer --wait 1 "$E" hostile "$1" >"$TRASH/out" &&
	test "$(jget "replies.*.name" stillServes <"$TRASH/out")" = "$2 True"
}
test_expect_success 'hostile no-hello: UnknownPeer (p2p.md 3.3)' '
	hostile no-hello UnknownPeer
'
test_expect_success 'hostile bad-network: IncorrectNetwork' '
	hostile bad-network IncorrectNetwork
'
for c in bad-envelope unknown-id truncated oversized-chunk; do
	test_expect_success "hostile $c: UnknownMessage(0) (p2p.md 3.4)" '
		hostile '$c' UnknownMessage &&
		test "$(jget replies.0.messageId <"$TRASH/out")" = 0
	'
done
test_expect_success 'hostile multi-frame: dropped without a reply (p2p.md 1.3)' '
	hostile multi-frame ""
'
test_expect_success 'hostile oversized-frame: ZMQ_MAXMSGSIZE ends the connection' '
	hostile oversized-frame "" &&
	test "$(jget closed <"$TRASH/out")" = True
'
test_expect_success 'hostile garbage-greeting: the ROUTER keeps serving' '
	hostile garbage-greeting ""
'
test_expect_success 'zpeer and zen codec judge the hostile messages alike' '
	python3 - "$TRASH/echo.log" <<-"PY"
	import sys, zpeer
	log = [l[len("recv malformed: "):].strip() for l in open(sys.argv[1])
	       if l.startswith("recv malformed: ")]
	want = []
	for case in ("bad-envelope", "unknown-id", "truncated", "oversized-chunk"):
	    try:
	        zpeer.decode(zpeer.HOSTILE_MESSAGES[case])
	    except zpeer.Malformed as e:
	        want.append(str(e))
	assert log == want, (log, want)
	PY
'
test_expect_success 'the multi-frame message was dropped by the ROUTER side' '
	grep -qx "recv dropped: more than one body frame" "$TRASH/echo.log"
'
stop_pid "$ECHO_PID" "$TRASH/echo.log"
tap_result $? "zmq-echo ended cleanly after its peers"

# ---- zpeer listening, a libzmq ROUTER dialling (p2p.md 1.7) ----

test_expect_success 'listen: a dialling ROUTER handshakes and asks GetTip, answered' '
	echo "$GENESIS" >"$TRASH/chain" &&
	{ python3 "$ZPEER" --chain "$TRASH/chain" 127.0.0.1:0 listen 2 >"$TRASH/listen" & } &&
	lpid=$! &&
	i=0 && while [ ! -s "$TRASH/listen" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done &&
	lport=$(head -n 1 "$TRASH/listen" | jget listening) &&
	"$ECHO" --seconds 2 --connect 127.0.0.1:$lport "$TRASH/eport2" 2>"$TRASH/echo2.log" &&
	wait $lpid &&
	tail -n 1 "$TRASH/listen" >"$TRASH/out" &&
	test "$(jget greeting.socketType hello.network "received.*.name" <"$TRASH/out")" = \
		"6 1002 GetTip" &&
	grep -qx "recv 2 HelloAck" "$TRASH/echo2.log" &&
	grep -qx "recv 15 Tip" "$TRASH/echo2.log"
'
test_done
