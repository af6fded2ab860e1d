#!/bin/bash
# A whole CGP cycle on the local chain (issue 13; cgp-and-chain.md 3-7 and
# 20): voters of different weights, a donation, nominations in blocks
# 91-95, allocation and payout votes in 96-100 (a double vote, a bad
# signature, votes outside their window), the candidates, the winner, the
# allocation split in the coinbases, the payout at block 110 (and a block
# 110 without it refused), the history of several intervals, and a
# reorganisation across the snapshot, fed from another node, that undoes
# the votes.  Then a second cycle cast with `zen wallet vote`.
#
# The first cycle's votes are built here by hand from the specification
# (ballot bytes, the signed digest's text, the message body) and only
# signed by zen (POST /wallet/sign) and executed (POST
# /wallet/contract/execute), as a user of another client would; every
# expected tally is worked out in the comments.
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast
start_server

TESTTX="$ZEN_BUILDDIR/tests/tools/testtx"
SRC="$ZEN_SRCDIR/src/core/cgp/contracts"
PW="$TRASH/pw"
PASS="correct horse"
printf '%s\n' "$PASS" >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }
mine() { z1 blockchain mine --blocks "$1" --address $OTHER >/dev/null; }
tipn() { z1 blockchain info | json 'd["blocks"]'; }
mine_to() { local n=$(($1 - $(tipn))); [ $n -le 0 ] || mine $n; }
funds() { z1 blockchain cgp | json 'json.dumps(d["funds"], separators=(",", ":"))'; }
path() { echo "m/44'/258'/0'/0/$1"; }
key() { "$TESTTX" --mnemonic "$WORDS" --path "$(path $1)" "--$2"; }
CGP_ADDR=$(z1 contract id "$SRC/cgp.fst" | json 'd["address"]')
CGP_ID=$(z1 contract id "$SRC/cgp.fst" | json 'd["contractId"]')
VOTING_ADDR=$(z1 contract id "$SRC/voting.fst" | json 'd["address"]')
# Voters: keys far beyond the wallet's gap limit, so the wallet never
# spends their coins (its own fees would move the weights otherwise).
V1=$(key 50 address) V2=$(key 51 address) V3=$(key 52 address)
R5=$(key 60 address) R5_PKH=$(key 60 pkhash)

# ---- the spec, in python: ballots, the digest, the body --------------------
cat >"$TRASH/cgp.py" <<'EOF'
import hashlib, json, sys

def varint(n):
    assert n < 0xfd
    return "%02x" % n

def amount(a):		# protocol.md 1.6, the writer
    if a == 0:
        return "0000"
    s, e = a, 0
    while s % 10 == 0:
        s, e = s // 10, e + 1
    f = len(str(s))
    if f <= 3:
        return "%04x" % (s | e << 10)
    if f <= 8:
        if e > 12:
            s, e = s * 10 ** (e - 12), 12
        if s < 1 << 26:
            return "%08x" % (s | (0x20 | e) << 26)
        return "%08x" % ((s - (1 << 26)) | (0x60 | e) << 25)
    if a < 1 << 56:
        return "%016x" % (0x7e << 56 | a)
    return "fe%016x" % a

def payout(recipient, spends):	# recipient: pk hash, or "c" + contract id
    if recipient.startswith("c"):
        cid = recipient[1:]
        r = "02" + varint(int(cid[:8], 16)) + cid[8:]
    else:
        r = "01" + recipient
    return r + varint(len(spends)) + "".join("00" + amount(a) for a in spends)

def ballot(kind, arg):		# protocol.md 2.16
    if kind == "Allocation":
        return "01%02x" % int(arg)
    recipient, *spends = arg.split(",")
    return "02" + payout(recipient, [int(a) for a in spends])

def data_string(s):
    return "06" + varint(len(s)) + s.encode().hex()

def digest(interval, phase, ballot_hex):	# 6.1 and 20.4
    text = ("04%08x" % interval) + data_string(phase) + data_string(ballot_hex)
    return hashlib.sha3_256(text.encode()).hexdigest()

def body(command, ballot_hex, sigs):	# sigs: [(pubkey hex, sig hex)]
    entries = sorted([(command, data_string(ballot_hex)),
                      ("Signature", "0c" + varint(len(sigs)) + "".join(
                          varint(66) + pk.encode().hex() + "09" + sig
                          for pk, sig in sorted(sigs)))],
                     key=lambda e: (len(e[0]), e[0]))
    return "0c02" + "".join(varint(len(k)) + k.encode().hex() + v
                            for k, v in entries)

op = sys.argv[1]
if op == "ballot":
    print(ballot(sys.argv[2], sys.argv[3]))
elif op == "digest":
    print(digest(int(sys.argv[2]), sys.argv[3], sys.argv[4]))
elif op == "body":
    pairs = sys.argv[4:]
    print(body(sys.argv[2], sys.argv[3], list(zip(pairs[::2], pairs[1::2]))))
EOF
spec() { python3 "$TRASH/cgp.py" "$@"; }

# sign KEY DIGEST: zen signs the digest with the wallet's key KEY
sign() {
	curl -s -X POST -H 'Content-Type: application/json' "$ZEN_TEST_URL/wallet/sign" \
		--data-binary "{\"message\":\"$2\",\"path\":\"$(path $1)\",\"password\":\"$PASS\"}" |
		json d
}
# vote COMMAND BALLOT-ARG PHASE INTERVAL KEY[:bad]...: a vote by hand,
# executed through the HTTP API; a key marked :bad signs another digest.
vote() {
	local command=$1 arg=$2 phase=$3 interval=$4; shift 4
	local b d pairs=() k sig
	b=$(spec ballot "$command" "$arg")
	d=$(spec digest "$interval" "$phase" "$b")
	for k in "$@"; do
		if [ "${k#*:}" = bad ]; then
			sig=$(sign "${k%:bad}" "$(spec digest $((interval + 1)) "$phase" "$b")")
		else
			sig=$(sign "$k" "$d")
		fi
		pairs+=("$(key "${k%:bad}" pubkey)" "$sig")
	done
	curl -s -o "$TRASH/vote" -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
		"$ZEN_TEST_URL/wallet/contract/execute" --data-binary "{\"address\":\"$VOTING_ADDR\",
		\"command\":\"$command\",\"messageBody\":\"$(spec body "$command" "$b" "${pairs[@]}")\",
		\"options\":{\"returnAddress\":false},\"password\":\"$PASS\"}" | grep -qx 200 ||
		{ cat "$TRASH/vote"; return 1; }
}

AB=$(printf 'ab%.0s' $(seq 32))
test_expect_success 'the spec helper: ballots as protocol.md 2.16 spells them' '
	test "$(spec ballot Allocation 15)" = 010f &&
	test "$(spec ballot Payout $AB,1000)" = "0201${AB}01000c01" &&
	test "$(spec ballot Payout $AB,1000000000)" = "0201${AB}01002401"
'

# ---- voters and the pool ---------------------------------------------------
# Weights at the snapshot (block 90): key 50 400 ZP, key 51 350 ZP, key
# 52 150 ZP; the pool gets 99 ZP, the wallet (ROOT) 1 ZP for its fees.
# Nothing else moves them (the coinbases pay OTHER, which never votes).
FUND=$("$TESTTX" --mnemonic "$WORDS" --input $GEN_TX:0:$GEN \
	--output $V1:40000000000 --output $V2:35000000000 \
	--output $V3:15000000000 --output $CGP_ADDR:9900000000 \
	--output $ROOT:100000000)
test_expect_success 'voters of 400, 350 and 150 ZP; 99 ZP donated to the pool' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	z1 blockchain publishtransaction $FUND >/dev/null && mine 1 &&
	test "$(funds)" = "[{\"asset\":\"00\",\"amount\":\"9900000000\"}]"
'

# P1: 10 ZP to R5.  P2: 1000 ZP to R5 (more than the pool).  P3: 5 ZP.
P1="$R5_PKH,1000000000" P2="$R5_PKH,100000000000" P3="$R5_PKH,500000000"
DEFAULT="c$CGP_ID,1"

test_expect_success 'a nomination before the snapshot is ignored (block 51)' '
	mine_to 50 && vote Nomination "$P3" Nomination 1 52 && mine 1
'
test_expect_success 'an allocation vote in the nomination phase is ignored (block 93)' '
	mine_to 90 &&
	vote Nomination "$P1" Nomination 1 51 &&
	vote Nomination "$P2" Nomination 1 52 && mine 1 &&
	vote Nomination "$P3" Nomination 1 51 && mine 1 &&
	vote Allocation 0 Nomination 1 51 && mine 1 && test $(tipn) = 93
'
# Candidates at block 95: P1 (350 ZP >= the threshold of 8.9 ZP) and the
# default nominee (the pool holds funds).  P2 cannot be paid; P3 came
# before the window (key 52) and as key 51's second nomination.
R5_JSON=$(printf '{"recipient":"%s","spendlist":[{"asset":"00","amount":"1000000000"}]}' $R5)
DEFAULT_JSON=$(printf '{"recipient":"%s","spendlist":[{"asset":"00","amount":"1"}]}' $CGP_ADDR)
test_expect_success 'candidates of interval 1: P1, then the default nominee' '
	mine_to 95 &&
	z1 blockchain candidates --interval 1 >"$TRASH/cand" &&
	test "$(cat "$TRASH/cand")" = "[$R5_JSON,$DEFAULT_JSON]"
'
# Allocation (previous 0: valid 0..15): key 50 votes 10, key 51 14, key
# 52 15 then 0 (the second is ignored).  Sorted 10:400, 14:350, 15:150
# of 900: only 14 has at most half below (400) and above (150): 14.  Had
# the nomination-phase vote of key 51 (0) counted, or key 52's second,
# the median would be 10.
# Payout: key 50 signs "default" badly (dropped), then P1; key 51 votes
# default; key 52 P1.  P1: 550, default: 350: P1 wins.  Had the bad
# signature taken key 50's slot, the default would win.
test_expect_success 'allocation and payout votes in blocks 96-100' '
	vote Allocation 10 Vote 1 50 && vote Allocation 14 Vote 1 51 &&
	vote Allocation 15 Vote 1 52 && mine 1 &&
	vote Allocation 0 Vote 1 52 &&
	vote Payout "$DEFAULT" Vote 1 50:bad && mine 1 &&
	vote Payout "$P1" Vote 1 50 && vote Payout "$DEFAULT" Vote 1 51 &&
	vote Payout "$P1" Vote 1 52 && mine_to 100
'
test_expect_success 'at tip 100 the winner is still the one of interval 1' '
	test "$(z1 blockchain winner)" = "{\"interval\":1,\"allocation\":0,\"payout\":{}}"
'
test_expect_success 'block 101 tallies: winner of interval 2 is 14% and P1' '
	mine 1 &&
	test "$(z1 blockchain winner)" = "{\"interval\":2,\"allocation\":14,\"payout\":$R5_JSON}"
'
test_expect_success 'the next block keeps allocation 0 until the payout block' '
	test "$(z1 blockchain cgp | json "(d[\"allocation\"], d[\"payout\"])")" = "(0, {})"
'
test_expect_success 'at tip 109 the next block is the payout block: 14% and P1' '
	mine_to 109 &&
	z1 blockchain cgp >"$TRASH/cgp" &&
	test "$(json "d[\"allocation\"]" <"$TRASH/cgp")" = 14 &&
	test "$(json "json.dumps(d[\"payout\"], separators=(\",\", \":\"))" <"$TRASH/cgp")" = "$R5_JSON"
'
test_expect_success 'a block 110 without the payout transaction is refused' '
	! z1 blockchain mine --blocks 1 --address $OTHER >/dev/null 2>"$TRASH/err" &&
	grep -q "No payout Tx" "$TRASH/err" && test $(tipn) = 109
'
test_expect_success 'POST /wallet/contract/cgp makes the payout; block 110 pays R5 10 ZP' '
	req POST /wallet/contract/cgp "{\"password\":\"$PASS\"}" && test "$status" = 200 &&
	PAYTX=$(echo "$body" | json d) && mine 1 && test $(tipn) = 110 &&
	z1 blockchain transaction $PAYTX >"$TRASH/paytx" &&
	python3 - "$TRASH/paytx" $R5 <<-"EOF"
	import json, sys
	tx = json.load(open(sys.argv[1]))
	outs = [o for o in tx["tx"]["outputs"] if isinstance(o["lock"], dict) and
	        o["lock"].get("PK", {}).get("address") == sys.argv[2]]
	assert [(o["spend"]["asset"], o["spend"]["amount"]) for o in outs] == [("00", "1000000000")], outs
	EOF
'
# allocation(b, 14) = 5e9 - 5e9 * 86 / 100 = 700,000,000 kalapas
coinbase_cgp() {
	z1 blockchain block --blockNumber "$1" | python3 -c '
import json, sys
b = json.load(sys.stdin)
cb = b["transactions"][list(b["transactions"])[0]] if isinstance(b["transactions"], dict) else b["transactions"][0]
print(sum(int(o["spend"]["amount"]) for o in cb["outputs"] if "Contract" in o["lock"]))'
}
test_expect_success 'coinbases: nothing to the pool before 110, 700000000 from block 110 on' '
	test "$(coinbase_cgp 109)" = 0 && test "$(coinbase_cgp 110)" = 700000000 &&
	mine 1 && test "$(coinbase_cgp 111)" = 700000000
'
test_expect_success 'the store agrees with a replay (zen node verify)' '
	z1 node verify >/dev/null
'
# ---- the second cycle, with zen wallet vote ------------------------------
# The wallet's own key (ROOT) earns the coinbases of blocks 112-290: its
# weight at the snapshot of interval 3 (block 290) is far above the
# threshold.  It nominates P4 (2 ZP to R5), votes allocation 20 (valid
# after 14: 0..27) and P4; alone, it wins both.
P4_JSON=$(printf '{"recipient":"%s","spendlist":[{"asset":"00","amount":"200000000"}]}' $R5)
test_expect_success 'zen wallet vote refuses an allocation vote outside its window' '
	z1 blockchain mine --blocks $((290 - $(tipn))) --address $ROOT >/dev/null &&
	! z1 wallet vote allocation 20 --password-file "$PW" 2>"$TRASH/err" &&
	grep -q "blocks 296-300" "$TRASH/err"
'
test_expect_success 'zen wallet vote nominate P4 (block 291); candidates at 295' '
	z1 wallet vote nominate $R5 200000000 --password-file "$PW" >/dev/null &&
	mine_to 295 &&
	test "$(z1 blockchain candidates --interval 3)" = "[$P4_JSON,$DEFAULT_JSON]"
'
test_expect_success 'zen wallet vote allocation 20 and payout P4; block 301 tallies them' '
	z1 wallet vote allocation 20 --password-file "$PW" >/dev/null &&
	z1 wallet vote payout $R5 200000000 --password-file "$PW" >/dev/null &&
	mine_to 301 &&
	test "$(z1 blockchain winner)" = "{\"interval\":4,\"allocation\":20,\"payout\":$P4_JSON}"
'
test_expect_success 'history after three intervals: 0, then 14% with P1, then 14% without' '
	mine_to 301 && z1 blockchain cgphistory >"$TRASH/hist" &&
	test "$(cat "$TRASH/hist")" = "[{\"interval\":1,\"allocation\":0,\"payout\":{}},{\"interval\":2,\"allocation\":14,\"payout\":$R5_JSON},{\"interval\":3,\"allocation\":14,\"payout\":{}}]"
'

test_expect_success 'zen contract cgp at tip 309; block 310 pays P4, allocation 20 from then' '
	mine_to 309 && z1 contract cgp --password-file "$PW" >/dev/null && mine 1 &&
	test "$(coinbase_cgp 310)" = 1000000000 &&
	test "$(z1 blockchain cgp | json "d[\"allocation\"]")" = 20 &&
	z1 node verify >/dev/null
'

# ---- a reorganisation across the snapshot undoes the votes ----------------
# Node C takes A's blocks 2-100 (with every vote of interval 1); node D
# takes 2-85 and mines 86-105 without a vote.  D's branch, published to
# C, replaces 86-100: C's candidates, winner and state become D's.
C="$TRASH/c" D="$TRASH/d"
blocks_of() {	# FROM TO: raw blocks of A, oldest first
	z1 blockchain blocks --take 400 | python3 -c '
import json, sys
lo, hi = int(sys.argv[1]), int(sys.argv[2])
for b in reversed(json.load(sys.stdin)):
    n = int(b["rawBlock"][72:80], 16)
    if lo <= n <= hi:
        print(b["rawBlock"])' "$1" "$2"
}
publish() {	# DATADIR < raw blocks
	while read -r blk; do
		"$ZEN" --datadir "$1" blockchain publishblock "$blk" >/dev/null || return 1
	done
}
test_expect_success 'node C replays blocks 2-100 of A: the same candidates' '
	blocks_of 2 100 | publish "$C" &&
	test "$("$ZEN" --datadir "$C" blockchain candidates --interval 1)" = "[$R5_JSON,$DEFAULT_JSON]"
'
test_expect_success 'node D: blocks 2-85 of A, then 20 blocks of its own' '
	blocks_of 2 85 | publish "$D" &&
	"$ZEN" --datadir "$D" blockchain mine --blocks 20 --address $OTHER >/dev/null &&
	test "$("$ZEN" --datadir "$D" blockchain candidates --interval 1)" = "[$DEFAULT_JSON]"
'
test_expect_success 'D'"'"'s branch published to C: the votes of 86-100 are undone' '
	"$ZEN" --datadir "$D" blockchain blocks --take 20 |
		json "\"\\n\".join(b[\"rawBlock\"] for b in reversed(d))" | publish "$C" &&
	test "$("$ZEN" --datadir "$C" blockchain info | json "d[\"blocks\"]")" = 105 &&
	test "$("$ZEN" --datadir "$C" blockchain candidates --interval 1)" = "[$DEFAULT_JSON]" &&
	test "$("$ZEN" --datadir "$C" blockchain winner)" = "$("$ZEN" --datadir "$D" blockchain winner)" &&
	test "$("$ZEN" --datadir "$C" blockchain cgp)" = "$("$ZEN" --datadir "$D" blockchain cgp)" &&
	"$ZEN" --datadir "$C" node verify >/dev/null
'

test_done
