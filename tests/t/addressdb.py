#!/usr/bin/env python3
# addressdb.py - the independent walk of t1100-addressdb.sh.
#
#   addressdb.py check URL SPEC
#
# reads every main-chain block of the node at URL through
# GET /blockchain/block, works out from their transactions alone what
# every /addressdb route must answer (api.md 7, the reference's AddressDB
# as read in its source: View.fs, Repository.fs, Helpers.fs), asks the
# node each of them and compares the replies byte for byte (key order
# included).  SPEC is a JSON file:
#   {"sets": [[ADDRESS, ...], ...],      address lists to ask about
#    "contracts": [CONTRACT ID, ...],     contract histories to ask about
#    "assets": [ASSET, ...],              mints to ask about
#    "senders": {TXHASH: PUBKEY}}         the signers of signed executions
#                                         (blocks do not show them)
# Prints one line per difference and exits 1 if there is any.
import json
import sys
import urllib.error
import urllib.request

URL = None
BAD = []


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(URL + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def dumps(v):
    return json.dumps(v, separators=(",", ":"))


def expect(what, path, body, want):
    status, text = call("POST", path, body)
    want_text = dumps(want)
    if status != 200 or text != want_text:
        BAD.append("%s: %s %s\n  got  %d %s\n  want %s" % (
            what, path, dumps(body), status, text[:2000], want_text[:2000]))


def asset_key(a):
    # the reference's asset order: version, contract hash, subtype
    return a.ljust(136, "0")


def lock_address(lock):
    if not isinstance(lock, dict):
        return None
    for kind in ("PK", "Coinbase", "Contract"):
        if kind in lock:
            return lock[kind]["address"]
    return None


class Chain:
    def __init__(self):
        info = json.loads(call("GET", "/blockchain/info")[1])
        self.tip = info["blocks"]
        self.txs = []           # (block, index, hash, tx, timestamp)
        self.outputs = {}       # (hash, index) -> (lock, spend, block)
        self.spent = {}         # (hash, index) -> block spending it
        for n in range(1, self.tip + 1):
            b = json.loads(call("GET", "/blockchain/block?blockNumber=%d" % n)[1])
            ts = b["header"]["timestamp"]
            for i, (h, tx) in enumerate(b["transactions"].items()):
                self.txs.append((n, i, h, tx, ts))
                for inp in tx["inputs"]:
                    if "outpoint" in inp:
                        op = inp["outpoint"]
                        self.spent[(op["txHash"], op["index"])] = n
                for j, o in enumerate(tx["outputs"]):
                    self.outputs[(h, j)] = (o["lock"], o["spend"], n)

    # --- history -------------------------------------------------------
    def history(self, addrs):
        out = []
        for n, i, h, tx, ts in self.txs:
            # per asset: address -> [in, out, in_lock, (min outpoint, lock)]
            touch = {}
            for inp in tx["inputs"]:
                if "outpoint" not in inp:
                    continue
                op = (inp["outpoint"]["txHash"], inp["outpoint"]["index"])
                lock, spend, _ = self.outputs[op]
                a = lock_address(lock)
                if a not in addrs:
                    continue
                t = touch.setdefault(spend["asset"], {}).setdefault(
                    a, [0, 0, None, None])
                t[1] += int(spend["amount"])
                if t[3] is None or op < t[3][0]:
                    t[3] = (op, lock)
            for o in tx["outputs"]:
                a = lock_address(o["lock"])
                if a not in addrs:
                    continue
                t = touch.setdefault(o["spend"]["asset"], {}).setdefault(
                    a, [0, 0, None, None])
                t[0] += int(o["spend"]["amount"])
                if t[2] is None:
                    t[2] = o["lock"]
            for asset in sorted(touch, key=asset_key):
                per = touch[asset]
                amount = sum(t[0] - t[1] for t in per.values())
                lock = None
                for a in addrs:        # the first that received
                    if a in per and per[a][2] is not None:
                        lock = per[a][2]
                        break
                if lock is None:       # else the first that spent
                    for a in addrs:
                        if a in per:
                            lock = per[a][3][1]
                            break
                out.append((n, i, asset, {
                    "txHash": h, "asset": asset, "amount": str(amount),
                    "confirmations": self.tip - n + 1, "timestamp": ts,
                    "lock": lock}))
        out.sort(key=lambda e: (-e[0], -e[1], asset_key(e[2])))
        return out

    # --- outputs and balances -------------------------------------------
    def outputs_of(self, addrs, unspent):
        out = []
        for a in addrs:
            mine = sorted(op for op, (lock, _, _) in self.outputs.items()
                          if lock_address(lock) == a and
                          (not unspent or op not in self.spent))
            for op in mine:
                lock, spend, _ = self.outputs[op]
                out.append({"outpoint": {"txHash": op[0], "index": op[1]},
                            "lock": lock, "spend": spend})
        return out

    def balance(self, addrs, at=None):
        total = {}
        for op, (lock, spend, n) in self.outputs.items():
            if lock_address(lock) not in addrs:
                continue
            s = self.spent.get(op)
            if at is None:
                if s is not None:
                    continue
            elif n > at or (s is not None and s <= at):
                continue
            total[spend["asset"]] = total.get(spend["asset"], 0) + \
                int(spend["amount"])
        return [(a, total[a]) for a in sorted(total, key=asset_key)
                if at is None or total[a] > 0]

    # --- contracts -------------------------------------------------------
    def calls(self, cid):
        out = []
        for n, i, h, tx, _ in self.txs:
            for k, w in enumerate(tx.get("witness", [])):
                cw = w.get("ContractWitness")
                if cw and cw["contractId"] == cid:
                    out.append((n, i, k, {
                        "command": cw["command"],
                        "messageBody": cw.get("messageBody"),
                        "txHash": h,
                        "confirmations": self.tip - n + 1}))
        out.sort(key=lambda e: (-e[0], e[1], e[2]))
        return out

    def mint(self, asset, senders):
        last = None
        for n, i, h, tx, _ in self.txs:
            if any("mint" in x and x["mint"]["asset"] == asset
                   for x in tx["inputs"]):
                cws = [w["ContractWitness"] for w in tx.get("witness", [])
                       if "ContractWitness" in w]
                if cws:
                    cw = cws[0]
                    last = {"executionBlock": n,
                            "sender": senders.get(h),
                            "command": cw["command"],
                            "messageBody": cw.get("messageBody"),
                            "messageBodyRaw": cw.get("messageBodyRaw")}
        return last


PAGES = [(0, 100), (0, 1), (1, 2), (2, 3), (0, 1000), (5, 4)]


def check_set(c, addrs):
    uniq = list(dict.fromkeys(addrs))
    name = ",".join(a[:12] for a in addrs)
    body = {"addresses": addrs}
    hist = c.history(uniq)
    entries = [e[3] for e in hist]
    n = len(entries)
    for skip, take in PAGES + [(max(n - 1, 0), 5), (n, 3), (n + 7, 2)]:
        expect("transactions of %s" % name, "/addressdb/transactions",
               dict(body, skip=skip, take=take), entries[skip:skip + take])
    # without skip and take: zen's default page of 100
    expect("transactions of %s, default page" % name,
           "/addressdb/transactions", body, entries[:100])
    blocks = sorted(set(e[0] for e in hist)) or [1]
    ranges = [(0, 1), (1, 2), (0, c.tip + 1), (blocks[0], blocks[-1]),
              (blocks[len(blocks) // 2], c.tip + 1), (5, 3), (3, 3),
              (c.tip, c.tip + 1), (c.tip + 1, c.tip + 9)]
    for start, end in ranges:
        expect("transactions of %s in [%d, %d)" % (name, start, end),
               "/addressdb/transactions/filterByBlockNumber",
               dict(body, start=start, end=end),
               [e[3] for e in hist if start <= e[0] < end])
    expect("count of %s" % name, "/addressdb/transactioncount", body, n)
    for mode, unspent in (("all", False), ("unspentOnly", True)):
        expect("outputs (%s) of %s" % (mode, name), "/addressdb/outputs",
               dict(body, mode=mode), c.outputs_of(uniq, unspent))
    expect("balance of %s" % name, "/addressdb/balance", body,
           [{"asset": a, "balance": v} for a, v in c.balance(uniq)])
    for at in range(0, c.tip + 2):
        want = c.balance(uniq, at if at < c.tip else None)
        expect("balance of %s after block %d" % (name, at),
               "/addressdb/balance", dict(body, blockNumber=at),
               [{"asset": a, "balance": v} for a, v in want])
    for full in (False, True):
        want = []
        for a in uniq:
            bal = [{"asset": x, "amount": str(v)} for x, v in c.balance([a])]
            txs = len(c.history([a]))
            d = {"address": a}
            if full:
                d["balance"] = bal
            d["hasBalance"] = bool(bal)
            if full:
                d["txs"] = txs
            d["hasTxs"] = txs > 0
            want.append(d)
        expect("discovery of %s" % name, "/addressdb/discovery",
               dict(body, full=full), want)


def check(url, spec_file):
    global URL
    URL = url
    spec = json.load(open(spec_file))
    c = Chain()
    for addrs in spec["sets"]:
        check_set(c, addrs)
    for cid in spec.get("contracts", []):
        calls = c.calls(cid)
        entries = [e[3] for e in calls]
        n = len(entries)
        for skip, take in PAGES + [(max(n - 1, 0), 5), (n, 1)]:
            expect("history of %s" % cid[:16], "/addressdb/contract/history",
                   {"contractId": cid, "skip": skip, "take": take},
                   entries[skip:skip + take])
        for start, end in [(0, c.tip + 1), (0, 3), (3, c.tip), (4, 2),
                           (c.tip, c.tip + 1)]:
            expect("history of %s in [%d, %d)" % (cid[:16], start, end),
                   "/addressdb/contract/history/filterByBlockNumber",
                   {"contractId": cid, "start": start, "end": end},
                   [e[3] for e in calls if start <= e[0] < end])
    for asset in spec.get("assets", []):
        want = c.mint(asset, spec.get("senders", {}))
        if want is None:
            status, text = call("POST", "/addressdb/contract/mint",
                                {"asset": asset})
            if (status, text) != (400, "No data"):
                BAD.append("mint of %s: %d %s, want 400 No data" % (
                    asset[:16], status, text))
        else:
            expect("mint of %s" % asset[:16], "/addressdb/contract/mint",
                   {"asset": asset}, want)
    for line in BAD:
        print(line)
    print("%d differences (tip %d, %d transactions)" % (
        len(BAD), c.tip, len(c.txs)), file=sys.stderr)
    return 1 if BAD else 0


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] != "check":
        sys.exit("usage: addressdb.py check URL SPEC")
    sys.exit(check(sys.argv[2], sys.argv[3]))
