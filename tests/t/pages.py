#!/usr/bin/env python3
"""pages.py - the client side of t0540-big-pages.sh: raw HTTP over a socket
(to read slowly, stop half-way or go away), and independent checks of the
pages' bytes.  Loopback only; every wait is bounded.

  pages.py check-headers HEADERS.json BLOCKS.json
      every header summary against the header bytes of the block of the
      same number (SHA3-256 hash, fields, date, target: api.md 3.9), and
      the rows are one chain, newest first
  pages.py compact FILE
      FILE is compact JSON (as an independent encoder writes it), without
      a trailing newline
  pages.py slow PORT PID PATH WHOLE
      read a few KB of PATH with a tiny receive window, then: the server
      answers /blockchain/info fast to another client, its memory stays
      put; then read the rest, which must be WHOLE's bytes
  pages.py hold PORT PATH
      read a few KB of PATH, stop reading while the server stops, then
      say whether the reply came whole (it must not)
  pages.py drop PORT PID PATH N
      N clients that go away mid-reply; then the server's descriptors are
      back where they were and it answers
"""
import hashlib
import json
import os
import socket
import sys
import time

TIMEOUT = 60


def fail(msg):
    sys.exit(msg)


def conn(port, rcvbuf=None):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        # before connect: the window the server sees stays this small
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(TIMEOUT)
    s.connect(("127.0.0.1", port))
    return s


def request(s, path):
    s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % path).encode())


def recv_n(s, n):
    got = b""
    while len(got) < n:
        b = s.recv(min(4096, n - len(got)))
        if not b:
            break
        got += b
    return got


def recv_chunked(s, have=b""):
    """Until the last chunk (JSON has no raw CR, so the body cannot hold
    its bytes) or the end of the connection."""
    got, tail = [have], have[-16:]
    while not (b"\r\n" + tail).endswith(b"\r\n0\r\n\r\n"):
        b = s.recv(65536)
        if not b:
            break
        got.append(b)
        tail = (tail + b)[-16:]
    return b"".join(got)


def split_head(raw):
    head, sep, rest = raw.partition(b"\r\n\r\n")
    if not sep:
        fail("no end of the head in %r" % raw[:200])
    lines = head.decode().split("\r\n")
    hdrs = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        hdrs[k.strip().lower()] = v.strip()
    return lines[0], hdrs, rest


def dechunk(data):
    """(body, complete): complete only with the terminating 0-size chunk."""
    body, pos = [], 0
    while True:
        eol = data.find(b"\r\n", pos)
        if eol < 0:
            return b"".join(body), False
        size = int(data[pos:eol].split(b";")[0], 16)
        if size == 0:
            return b"".join(body), data[eol + 2:eol + 4] == b"\r\n"
        start, end = eol + 2, eol + 2 + size
        if len(data) < end + 2:
            body.append(data[start:end])
            return b"".join(body), False
        body.append(data[start:end])
        pos = end + 2


def get(port, path):
    """One request on a fresh connection: (status line, body)."""
    s = conn(port)
    request(s, path)
    raw = b""
    while b"\r\n\r\n" not in raw:
        b = s.recv(65536)
        if not b:
            break
        raw += b
    line, hdrs, rest = split_head(raw)
    n = int(hdrs.get("content-length", "-1"))
    if n >= 0:
        body = rest + recv_n(s, n - len(rest))
    else:
        body, complete = dechunk(recv_chunked(s, rest))
        if not complete:
            fail("%s: a chunked reply cut short" % path)
    s.close()
    return line, body


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    fail("no VmRSS for %d" % pid)


def fds(pid):
    return len(os.listdir("/proc/%d/fd" % pid))


def info_latencies(port, n):
    """n GETs of /blockchain/info on one kept-alive connection: the
    slowest, in ms."""
    s = conn(port)
    worst = 0.0
    for _ in range(n):
        t = time.monotonic()
        request(s, "/blockchain/info")
        raw = b""
        while b"\r\n\r\n" not in raw:
            raw += s.recv(4096)
        line, hdrs, rest = split_head(raw)
        rest += recv_n(s, int(hdrs["content-length"]) - len(rest))
        worst = max(worst, (time.monotonic() - t) * 1000)
        if " 200 " not in line:
            fail("info answered %s" % line)
        json.loads(rest)
    s.close()
    return worst


# ---- independent checks of the bytes ------------------------------------

def target_hex(compact):
    e, m = compact >> 24, compact & 0xffffff
    e = min(max(e, 3), 32)
    return "%064x" % (m << (8 * (e - 3)))


def check_headers(hfile, bfile):
    headers = json.load(open(hfile))
    blocks = {b["blockNumber"]: b["rawBlock"] for b in json.load(open(bfile))}
    prev_parent = None
    for h in headers:
        raw = bytes.fromhex(blocks[h["blockNumber"]])[:100]
        number = int.from_bytes(raw[36:40], "big")
        ts = int.from_bytes(raw[72:80], "big")
        diff = int.from_bytes(raw[80:84], "big")
        want = {
            "hash": hashlib.sha3_256(raw).hexdigest(),
            "timestamp": ts,
            "date": time.strftime("%y-%m-%d %H:%M:%S", time.gmtime(ts // 1000)),
            "blockNumber": number,
            "difficulty": "0x%x" % diff,
            "target": target_hex(diff),
        }
        if list(h.items()) != list(want.items()):
            fail("row %d: %s, want %s" % (number, h, want))
        if prev_parent is not None and want["hash"] != prev_parent:
            fail("row %d is not the parent of the row before" % number)
        prev_parent = raw[4:36].hex()
    print(len(headers))


def compact(path):
    data = open(path, "rb").read()
    if json.dumps(json.loads(data), separators=(",", ":")).encode() != data:
        fail("%s is not compact JSON without a trailing newline" % path)


# ---- the server under slow, leaving and cut clients -----------------------

def slow(port, pid, path, whole_file):
    whole = open(whole_file, "rb").read()
    # warm every worker thread's allocator arena to its high water mark
    for _ in range(8):
        if get(port, path)[1] != whole:
            fail("a whole read differs from %s" % whole_file)
    time.sleep(0.5)
    rss0 = rss_kb(pid)
    s = conn(port, rcvbuf=4096)
    request(s, path)
    first = recv_n(s, 8192)
    time.sleep(1.0)		# the server fills what it may
    worst = info_latencies(port, 20)
    rss1 = rss_kb(pid)
    grown = rss1 - rss0
    line, hdrs, data = split_head(recv_chunked(s, first))
    s.close()
    body, complete = dechunk(data)
    print("slowest info %.1f ms while a %d-byte reply waits; VmRSS %d kB -> "
          "%d kB" % (worst, len(whole), rss0, rss1))
    if worst >= 100:
        fail("/blockchain/info took %.1f ms while a reply was held" % worst)
    # an allocator's arenas move by a megabyte or two; a server holding
    # the reply would hold all of it (and more: it is made from rows)
    if grown * 1024 > len(whole) // 2:
        fail("the server grew %d kB while a %d-byte reply was half-read"
             % (grown, len(whole)))
    if not complete or body != whole:
        fail("the slow reader got %d bytes (complete %s), want %d"
             % (len(body), complete, len(whole)))


def drop(port, pid, path, n):
    get(port, "/blockchain/info")
    before = fds(pid)
    for i in range(n):
        s = conn(port, rcvbuf=4096 if i % 2 else None)
        request(s, path)
        recv_n(s, 1000 + 20000 * i)
        if i % 3 == 0:		# a reset rather than a close
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                         b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.close()
    deadline = time.monotonic() + 10
    while fds(pid) > before and time.monotonic() < deadline:
        time.sleep(0.1)
    if fds(pid) > before:
        fail("%d descriptors open, %d before" % (fds(pid), before))
    line, body = get(port, "/blockchain/info")
    if " 200 " not in line:
        fail("info answered %s" % line)


def hold(port, path):
    """A page half-read when the server stops: the connection ends, the
    reply cut short."""
    s = conn(port, rcvbuf=4096)
    request(s, path)
    first = recv_n(s, 8192)
    print("reading", flush=True)
    time.sleep(3)		# the server stops meanwhile
    line, hdrs, data = split_head(recv_chunked(s, first))
    body, complete = dechunk(data)
    print("complete" if complete else "cut short after %d bytes" % len(body))


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "check-headers":
        check_headers(*args)
    elif cmd == "compact":
        compact(args[0])
    elif cmd == "slow":
        slow(int(args[0]), int(args[1]), args[2], args[3])
    elif cmd == "hold":
        hold(int(args[0]), args[1])
    elif cmd == "drop":
        drop(int(args[0]), int(args[1]), args[2], int(args[3]))
    else:
        fail("unknown command %s" % cmd)


if __name__ == "__main__":
    main()
