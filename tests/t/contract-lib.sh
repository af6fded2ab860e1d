# contract-lib.sh - helpers of the tests that run contracts offline
# (t0820, t0821, t0822): skeletons and wallets in zen contract run's
# notation, a run's result compared field by field, ERR runs with their
# cost.
# Sourced after test-lib.sh.

C="$ZEN_SRCDIR/tests/contracts"
z() { "$ZEN" --datadir "$DATADIR" "$@"; }

rep() { printf "$1%.0s" $(seq "$2"); }	# rep XX N: XX N times
hexof() { printf %s "$1" | od -An -tx1 | tr -d ' \n'; }	# hexof STRING
sha3() { python3 -c 'import hashlib, sys; print(hashlib.sha3_256(bytes.fromhex(sys.argv[1])).hexdigest())' "$1"; }
TXIN=$(rep e1 32)	# the transaction hash of the skeleton's inputs
TXW=$(rep e2 32)	# the transaction hash of the contract's wallet entries
H1=$(rep 11 32)
H2=$(rep 22 32)
PKH=$(rep aa 32)
# compressed public keys: G, 2G, 3G and 4G, and their hashes (PK locks)
KEY_A=0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798
KEY_B=02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5
KEY_C=02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9
KEY_D=02e493dbf1c10d80f3581e4904930b1404cc6c13900ee0758474fa94abe8c4cd13
HA=$(sha3 $KEY_A)
HB=$(sha3 $KEY_B)
HC=$(sha3 $KEY_C)
HD=$(sha3 $KEY_D)

cid() { z contract id "$1" | json 'd["contractId"]'; }

# entries TXHASH LOCK ASSET:AMOUNT...: JSON outpoints TXHASH:0, TXHASH:1,
# ... locked with LOCK (JSON), comma separated.
entries() {
	local hash=$1 lock=$2 a i=0 sep= s=
	shift 2
	for a in "$@"; do
		s+="$sep{\"txHash\": \"$hash\", \"index\": $i, \"lock\": $lock, \"asset\": \"${a%%:*}\", \"amount\": ${a#*:}}"
		sep=', '
		i=$((i + 1))
	done
	printf '%s' "$s"
}

# tx PKH ASSET:AMOUNT...: a skeleton whose inputs TXIN:0, TXIN:1, ... are
# locked to the key hash PKH, no outputs.
tx() {
	local pkh=$1
	shift
	printf '{"inputs": [%s], "outputs": []}\n' "$(entries "$TXIN" "{\"PK\": \"$pkh\"}" "$@")"
}

# wallet ID ASSET:AMOUNT...: the contract ID's wallet, TXW:0, TXW:1, ...
wallet() {
	local id=$1
	shift
	printf '[%s]\n' "$(entries "$TXW" "{\"Contract\": \"$id\"}" "$@")"
}

# run_ok FILE ARGS...: zen contract run exits 0 with nothing on stderr; its
# JSON result is left in $TRASH/res, its arguments in LAST (for cf_is).
run_ok() {
	LAST=("$@")
	z contract run "$@" >"$TRASH/res" 2>"$TRASH/err" || { cat "$TRASH/err"; return 1; }
	[ ! -s "$TRASH/err" ] || { cat "$TRASH/err"; return 1; }
}

# cf_is COST: zen contract cost on the last run_ok's arguments says
# {"cost":COST} (the contracts charge main exactly cf).
cf_is() {
	local got
	got=$(z contract cost "${LAST[@]}" 2>&1) &&
	same "$got" "{\"cost\":$1}"
}

# res FIELD WANT...: fields of the last result, in pairs: cost N, zulibCost
# N, message null or {"recipient", "command", "body"} (JSON), state delete,
# noChange or the data of the update (JSON, as zen prints it).  Locks
# compare by hash or id (the addresses zen prints beside them are dropped).
res() {
	python3 - "$TRASH/res" "$@" <<-\EOF
	import json, sys
	def plain(x):
	    if isinstance(x, dict):
	        return {k: plain(v) for k, v in x.items() if k != "address"}
	    if isinstance(x, list):
	        return [plain(v) for v in x]
	    return x
	d = plain(json.load(open(sys.argv[1])))
	bad = []
	for field, want in zip(sys.argv[2::2], sys.argv[3::2]):
	    got = d[field]
	    if field == "state" and want not in ("delete", "noChange"):
	        got = got.get("update") if isinstance(got, dict) else got
	        want = json.loads(want)
	    elif field != "state":
	        want = json.loads(want)
	    if got != want:
	        bad.append("%s: got  %s\n  want %s" % (field, json.dumps(got), json.dumps(want)))
	sys.exit("\n".join(bad) or None)
	EOF
}

# txs: the last result's skeleton, one line per input and output:
#   in TXHASH:INDEX LOCK ASSET AMOUNT | mint ASSET AMOUNT | out LOCK ASSET AMOUNT
# with LOCK PK:HASH, Contract:ID or the lock's name (Destroy, Fee).
txs() {
	python3 - "$TRASH/res" <<-\EOF
	import json, sys
	d = json.load(open(sys.argv[1]))
	def lock(l):
	    if isinstance(l, str):
	        return l
	    (kind, v), = l.items()
	    return kind + ":" + (v.get("hash") or v.get("id"))
	for i in d["tx"]["inputs"]:
	    if "mint" in i:
	        print("mint", i["mint"]["asset"], i["mint"]["amount"])
	    else:
	        o = i["outpoint"]
	        print("in %s:%d" % (o["txHash"], o["index"]), lock(i["lock"]),
	              i["spend"]["asset"], i["spend"]["amount"])
	for o in d["tx"]["outputs"]:
	    print("out", lock(o["lock"]), o["spend"]["asset"], o["spend"]["amount"])
	EOF
}

# same GOT WANT: equal strings, else both shown.
same() { [ "$1" = "$2" ] || { printf 'got:\n%s\nwant:\n%s\n' "$1" "$2"; return 1; }; }

# run_err TITLE COST MESSAGE FILE ARGS...: zen contract run exits 1, prints
# nothing on stdout and exactly "zen: contract returned ERR: MESSAGE" on
# stderr; zen contract cost on the same arguments says {"cost":COST}.
run_err() {
	local title=$1 cost=$2 msg=$3 ok=0 run_rc run_err
	shift 3
	run_zen --datadir "$DATADIR" contract run "$@"
	run_rc=$rc
	run_err=$(cat "$TRASH/err")
	[ "$rc" = 1 ] && [ ! -s "$TRASH/out" ] &&
		[ "$run_err" = "zen: contract returned ERR: $msg" ] || ok=1
	run_zen --datadir "$DATADIR" contract cost "$@"
	[ "$rc" = 0 ] && [ "$(cat "$TRASH/out")" = "{\"cost\":$cost}" ] || ok=1
	tap_result $ok "$title"
	[ $ok = 0 ] || diag "run: exit $run_rc, stderr: $run_err" \
		"want: exit 1, stderr: zen: contract returned ERR: $msg" \
		"cost: exit $rc, $(cat "$TRASH/out") $(cat "$TRASH/err"), want {\"cost\":$cost}"
}

# check_blind NAME...: zen contract check accepts tests/contracts/blind-NAME.fst
# (tests/contracts/NAME if NAME ends in .fst) and finds main within cf on
# every command it ran.
check_blind() {
	local f
	for f in "$@"; do
		case $f in
		*.fst) f=$C/$f ;;
		*) f=$C/blind-$f.fst ;;
		esac
		test_expect_success "check $(basename "$f"): accepted, main within cf" '
			z contract check "$f" >"$TRASH/out" &&
			json "d[\"ok\"] and all(c.get(\"failed\") or c[\"main\"] <= c[\"cf\"] for c in d[\"costs\"])" \
				<"$TRASH/out" | grep -qx True
		'
	done
}
