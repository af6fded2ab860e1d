#!/bin/bash
# Every route of api.md 4-7 and 9, one row per route and per documented
# error, from the table tests/t/api-routes.txt (its head says how a row
# reads).  Each row runs twice against one zen serve: as the reference's
# clients call (no Accept header: errors are text/plain with the
# reference's message) and with Accept: application/json (errors are
# {"error","code"} with the same status, error equal to the text body;
# successes identical).  Both passes check the status, the content type,
# Content-Length on every reply with a body, and the body or its shape
# (key order included).  Rows of section "nowallet" run against a data
# directory without a wallet (api.md 1.9).
. "$(dirname "$0")/test-lib.sh"
export ZEN_WALLET_KDF=fast

ROWS="$ZEN_SRCDIR/tests/t/api-routes.txt"
WORDS="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
ROOT=tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr
OTHER=tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux
GEN_TX=b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b9716420
TOKEN="$ZEN_SRCDIR/tests/contracts/token.fst"
PW="$TRASH/pw"
printf 'correct horse\n' >"$PW"
printf '%s\n' "$WORDS" >"$TRASH/words"
z1() { "$ZEN" --datadir "$DATADIR" "$@"; }

# The chain of the rows: the genesis key's wallet, the token contract
# and the reference's sample contract active from block 2, blocks 2-9
# mined to the wallet (ROOT) and 10-19 to OTHER, so the wallet has coins
# for every send of the rows, one send of the wallet's left in the
# mempool.
python3 -c '
import json, sys
v = [x for x in json.load(open(sys.argv[1]))["vectors"] if x["id"] == "contract-id-sample"][0]
open(sys.argv[2], "w").write(v["input"]["code"])
' "$ZEN_SRCDIR/tests/vectors/contract_ids.json" "$TRASH/sample.fst"
test_expect_success 'prepare: wallet, two contracts, blocks, a mempool send' '
	z1 wallet import --words-file "$TRASH/words" --password-file "$PW" >/dev/null &&
	z1 contract activate "$TOKEN" 1000 --password-file "$PW" >"$TRASH/act" &&
	z1 contract activate "$TRASH/sample.fst" 1000 --password-file "$PW" >/dev/null &&
	z1 blockchain mine --blocks 8 --address $ROOT >/dev/null &&
	z1 blockchain mine --blocks 10 --address $OTHER >/dev/null &&
	z1 wallet send --address $OTHER --amount 1000 --password-file "$PW" >"$TRASH/mtx" &&
	"$ZEN" --datadir "$TRASH/d3" wallet create --password-file "$PW" >/dev/null 2>&1 &&
	"$ZEN" --datadir "$TRASH/d3" wallet address | json d >"$TRASH/watch0" &&
	"$ZEN" --datadir "$TRASH/d3" wallet getnewaddress | json "d[\"address\"]" >"$TRASH/watch1"
' || { say "Bail out! the chain of the rows could not be prepared"; exit 1; }

export ROOT OTHER GEN_TX WORDS
export WORDS_JSON=$(python3 -c 'import json,sys; print(json.dumps(sys.argv[1].split()))' "$WORDS")
export TOKEN_ID=$(json 'd["contractId"]' <"$TRASH/act")
export TOKEN_ADDR=$(z1 contract id "$TOKEN" | json 'd["address"]')
export VECTOR_ADDR=ctzn1qqqqqqqrqm6z6y9y9p0mpjtnugst0hn908n7vp2f8m44hwznsluydyszx6vjk2kpw
# never activated
export SAMPLE_ADDR=$(z1 contract id "$ZEN_SRCDIR/tests/contracts/mint-sample.fst" | json 'd["address"]')
export MEMPOOL_TX=$(json d <"$TRASH/mtx")
export MEMPOOL_HEX=$(z1 blockchain transaction $MEMPOOL_TX --hex | json 'd["tx"]')
export TIP_HASH=$(z1 blockchain info | json 'd["tip"]')
export TIPN=$(z1 blockchain info | json 'd["blocks"]')
export GEN_HEX=$(z1 blockchain transaction $GEN_TX --hex | json 'd["tx"]')
export BLOCK1_HEX=$(z1 blockchain blocks --block-number 1 --take 1 | json 'd[0]["rawBlock"]')
export XPUB=$(z1 wallet zenpublickey | json d)
export ZERO_HASH=0000000000000000000000000000000000000000000000000000000000000000
export ZERO_HEADER=$ZERO_HASH$ZERO_HASH$ZERO_HASH${ZERO_HASH:0:8}
export WATCH0=$(cat "$TRASH/watch0") WATCH1=$(cat "$TRASH/watch1")
# api.md 5.4: G + R x (n - 1) for n = 4, G the genesis total of block 1
export TOTAL4=$(( $(z1 blockchain totalzp 1) + 3 * 5000000000 ))
python3 -c '
import json, sys
code = open(sys.argv[1]).read()
for name, pw in (("activate.json", "correct horse"), ("activate-badpw.json", "x")):
    json.dump({"code": code, "numberOfBlocks": "2", "password": pw},
              open(sys.argv[2] + "/" + name, "w"))
' "$TOKEN" "$TRASH"
# A raw transaction of the wallet, and the same one signed: the sign and
# publish rows use them (its coins stay reserved for it: later sends of
# the rows have others).
z1 rawtx create --address $OTHER --amount 7 | json 'd["tx"]' >"$TRASH/raw"
export RAW_TX=$(cat "$TRASH/raw")
z1 rawtx sign "$RAW_TX" --password-file "$PW" | json 'd["tx"]' >"$TRASH/signed"
export SIGNED_TX=$(cat "$TRASH/signed")
export TRASH

# run_rows SECTION: every row of SECTION, both passes; one TAP line per
# row and pass.
run_rows() {
	local line
	while IFS= read -r line; do
		case $line in
		ok*) tap_result 0 "${line#ok	}" ;;
		not*) tap_result 1 "$(printf '%s' "${line#not ok	}" | cut -f1)"
		      diag "$(printf '%s' "$line" | cut -f3-)" ;;
		*) diag "$line" ;;
		esac
	done < <(python3 - "$ROWS" "$1" "$ZEN_TEST_URL" <<'EOF'
import http.client, json, os, re, sys, urllib.parse

rows_file, section, url = sys.argv[1:4]
u = urllib.parse.urlsplit(url)

PASS = [0]    # 0: text, 1: Accept: application/json

def subst(s):
    """${NAME} is the variable NAME; ${NAME@} is NAME0 in the text pass,
    NAME1 in the JSON pass (for rows whose success cannot repeat)."""
    return re.sub(r"\$\{(\w+)(@?)\}", lambda m: os.environ[
        m.group(1) + (str(PASS[0]) if m.group(2) else "")], s)

def load():
    """The rows of one section, as groups run in order (a group is one
    row, or the rows between { and } lines: a sequence that runs whole
    in each pass)."""
    groups, cur, sec, depth = [], None, None, 0
    for n, raw in enumerate(open(rows_file, encoding="utf-8"), 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("@section "):
            sec = line.split()[1]
            continue
        if sec != section:
            continue
        if line.strip() == "{":
            cur = []
            continue
        if line.strip() == "}":
            groups.append(cur)
            cur = None
            continue
        f = [x.strip() for x in (line + " ").split(" | ")]
        if len(f) != 7:
            print("not ok\tapi-routes.txt:%d: %d fields, want 7" % (n, len(f)))
            sys.exit(1)
        row = dict(n=n, method=f[0], path=f[1], body=f[2], ctype=f[3],
                   status=int(f[4]), rctype=f[5], want=f[6])
        if cur is not None:
            cur.append(row)
        else:
            groups.append([row])
    return groups

def body_of(row):
    b = row["body"]
    if b == "-":
        return None
    if b.startswith("@big:"):
        return b"{" + b" " * int(b[5:]) + b"}"
    if b.startswith("@"):
        return open(os.path.join(os.environ["TRASH"], b[1:]), "rb").read()
    return subst(b).encode()

def request(row, accept_json):
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
    headers = {}
    body = body_of(row)
    if body is not None:
        headers["Content-Length"] = str(len(body))
        if row["ctype"] != "-":
            headers["Content-Type"] = subst(row["ctype"])
    if accept_json:
        headers["Accept"] = "application/json"
    c.putrequest(row["method"], subst(row["path"]), skip_accept_encoding=True)
    for k, v in headers.items():
        c.putheader(k, v)
    c.endheaders()
    if body:
        try:
            c.send(body)
        except OSError:
            pass    # refused before the whole body was read
    r = c.getresponse()
    data = r.read() if row["method"] != "HEAD" else b""
    h = {k.lower(): v for k, v in r.getheaders()}
    c.close()
    return r.status, h, data

def keys_ok(obj, keys):
    return isinstance(obj, dict) and list(obj.keys()) == keys

def shape(want, text):
    """None when text is what want says, else why not."""
    if want == "*":
        return None
    if want.startswith("regex:"):
        return None if re.fullmatch(want[6:], text, re.S) else "no match"
    if not want.startswith("json:"):
        return None if text == want else "body differs"
    try:
        d = json.loads(text)
    except ValueError:
        return "not json"
    kind, _, arg = want[5:].partition("=")
    keys = arg.split(",") if arg else []
    checks = {
        "array": lambda: isinstance(d, list),
        "nonempty": lambda: isinstance(d, list) and len(d) > 0,
        "string": lambda: isinstance(d, str),
        "hash": lambda: isinstance(d, str) and re.fullmatch("[0-9a-f]{64}", d),
        "number": lambda: isinstance(d, int) and not isinstance(d, bool),
        "bool": lambda: isinstance(d, bool),
        "keys": lambda: keys_ok(d, keys),
        # every element an object with exactly these keys in this order
        "each": lambda: isinstance(d, list) and len(d) > 0 and
                        all(keys_ok(e, keys) for e in d),
    }
    if kind not in checks:
        return "unknown check " + kind
    return None if checks[kind]() else "shape is not " + want

def check(row, accept_json):
    """None when the reply is right, else what is wrong."""
    status, h, data = request(row, accept_json)
    text = data.decode("utf-8", "replace")
    want = subst(row["want"])
    rctype = row["rctype"]
    why = []
    if status != row["status"]:
        why.append("status %d, want %d" % (status, row["status"]))
    error = row["status"] != 200 and rctype == "text/plain"
    if accept_json and error:
        rctype = "application/json"
    got_ctype = h.get("content-type", "none")
    if got_ctype != rctype:
        why.append("content type %s, want %s" % (got_ctype, rctype))
    if data or rctype != "none":
        if h.get("content-length") != str(len(data)):
            why.append("content-length %s for %d bytes"
                       % (h.get("content-length"), len(data)))
    if rctype == "none":
        if data:
            why.append("a body where none is due")
    elif accept_json and error:
        try:
            d = json.loads(text)
        except ValueError:
            d = None
        if not keys_ok(d, ["error", "code"]) or not isinstance(d["code"], int):
            why.append("not {\"error\",\"code\"}")
        else:
            bad = shape(want, d["error"])
            if bad:
                why.append("error: " + bad)
    else:
        bad = shape(want, text)
        if bad:
            why.append(bad)
    if why:
        return "; ".join(why) + " | body: " + text[:300] + " | want: " + want[:300]
    return None

for group in load():
    for accept_json in (False, True):
        PASS[0] = int(accept_json)
        for row in group:
            title = "row %d: %s %s -> %d (%s)" % (
                row["n"], row["method"], row["path"][:60], row["status"],
                "Accept: application/json" if accept_json else "text")
            try:
                bad = check(row, accept_json)
            except Exception as e:
                bad = "request failed: %r" % e
            if bad:
                print("not ok\t%s\t\t%s" % (title, bad))
            else:
                print("ok\t%s" % title)
            sys.stdout.flush()
EOF
)
}

start_server
run_rows main
stop_server

# api.md 1.9: a data directory without a wallet.
mkdir -p "$TRASH/nowallet"
DATADIR="$TRASH/nowallet"
start_server
run_rows nowallet
test_done
