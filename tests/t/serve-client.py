#!/usr/bin/env python3
"""serve-client.py - the raw HTTP client of t0410-serve-limits.sh.

Every command talks to zen serve on 127.0.0.1:PORT (clients bound to other
127/8 addresses where the source address matters), prints what it saw and
exits 1 when a bound it checks does not hold.  Times are time.monotonic();
the bounds are generous: correctness checks, not benchmarks.

  request PORT HEAD ACCEPT [REST]   one request; prints status, content type
                                    ("-" if none) and the body
  post PORT PATH BODY [ACCEPT]      a JSON POST, printed as request does
  bigpost PORT N                    a POST of N bytes sent whole, no Expect
  guess PORT N SECS PASSWORD        N wrong-password guessers (127.0.0.2..)
                                    for SECS s; meanwhile /blockchain/info
                                    and PASSWORD from 127.0.0.1 in < 100 ms
  percap PORT CAP                   the per-address cap (see percap())
  totalcap PORT MAX                 the total cap (see totalcap())
  flood PORT N                      N idle connections at once
  burst PORT N PID                  N connections queued while the server
                                    is stopped: its workers share them
  linger PORT LIMIT                 a chunked body over LIMIT, more of it
                                    sent after the 413: the 413 is read
  slow PORT BODY ACCEPT             a long contract run cut by the limit
  cpu PORT BODY PID                 the server's CPU stops with the reply
  leave PORT BODY                   start a long run and go away
  leavecpu PORT BODY PID            ... and the server's CPU stops with it
  hold PORT BODY                    start a long run and wait for its end
  pester PORT N SECS                N guessers until SECS pass or the
                                    server goes; prints how many guesses
  pipeline PORT [PAGE]              requests sent together on one
                                    connection answer, in order, as each
                                    does alone (PAGE among them, default
                                    /blockchain/headers?take=100, which
                                    must be over 4 KB); Connection: close
                                    and HTTP/1.0 close after their reply;
                                    a slow reader with a small buffer gets
                                    whole replies
"""
import json
import socket
import sys
import threading
import time

HOST = "127.0.0.1"
EXEC = "/blockchain/contract/execute"
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAILED: " + what)


def unescape(s):
    return s.encode().decode("unicode_escape").encode("latin1")


def connect(port, src=None, timeout=30):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if src:
        s.bind((src, 0))
    s.settimeout(timeout)
    s.connect((HOST, port))
    return s


def read_reply(s, pending=None):
    """(status, content type or None, body bytes) of one reply; interim
    100 Continue replies are skipped.  Bytes read past the reply are
    dropped, unless pending (a bytearray) keeps them for the next call."""
    buf = bytes(pending) if pending is not None else b""
    while True:
        while b"\r\n\r\n" not in buf:
            d = s.recv(65536)
            if not d:
                raise EOFError("connection closed: %r" % buf[:200])
            buf += d
        head, buf = buf.split(b"\r\n\r\n", 1)
        lines = head.decode("latin1").split("\r\n")
        status = int(lines[0].split()[1])
        hdr = {}
        for l in lines[1:]:
            k, v = l.split(":", 1)
            hdr[k.strip().lower()] = v.strip()
        if status == 100:
            continue
        n = int(hdr.get("content-length", "0"))
        while len(buf) < n:
            d = s.recv(65536)
            if not d:
                break
            buf += d
        if pending is not None:
            pending[:] = buf[n:]
        return status, hdr.get("content-type"), buf[:n]


def request_bytes(head, accept="", rest="", body=None):
    r = head + "\r\nHost: 127.0.0.1\r\n"
    if accept:
        r += accept + "\r\n"
    if body is not None:
        r += "Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body)
        return r.encode() + body.encode()
    return r.encode() + (unescape(rest) if rest else b"\r\n")


def show(status, ctype, body):
    print(status)
    print(ctype or "-")
    if body:
        print(body.decode("utf-8", "replace"))


def exchange(port, data, src=None, timeout=30):
    s = connect(port, src, timeout)
    try:
        s.sendall(data)
        return read_reply(s)
    finally:
        s.close()


def timed(port, data, src=None):
    t = time.monotonic()
    r = exchange(port, data, src)
    return (time.monotonic() - t) * 1000, r


def info_request():
    return request_bytes("GET /blockchain/info HTTP/1.1")


def cmd_request(port, head, accept, rest=""):
    show(*exchange(port, request_bytes(head, accept, rest)))


def cmd_post(port, path, body, accept=""):
    show(*exchange(port, request_bytes("POST %s HTTP/1.1" % path, accept,
                                       body=body)))


def cmd_bigpost(port, n):
    s = connect(port)
    s.sendall(b"POST /blockchain/publishtransaction HTTP/1.1\r\nHost: 127.0.0.1\r\n"
              b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % n)
    chunk = b"a" * 65536
    left = n
    while left:
        k = min(left, len(chunk))
        s.sendall(chunk[:k])
        left -= k
    show(*read_reply(s))
    s.close()


def cmd_guess(port, n, secs, password):
    t0 = time.monotonic()
    stop = t0 + secs
    answers = [[] for _ in range(n)]	# when each guess was answered
    bad = []

    def guesser(i):
        src = "127.0.0.%d" % (2 + i)
        body = json.dumps({"password": "wrong %d" % i})
        while time.monotonic() < stop:
            st, _, b = exchange(port, request_bytes(
                "POST /wallet/checkpassword HTTP/1.1", body=body), src, 120)
            answers[i].append(time.monotonic() - t0)
            if st != 200 or b != b"false":
                bad.append((st, b))

    threads = [threading.Thread(target=guesser, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    time.sleep(1.5)		# every guesser is a suspect by now
    good = request_bytes("POST /wallet/checkpassword HTTP/1.1",
                         body=json.dumps({"password": password}))
    for k in range(3):
        ms, (st, _, b) = timed(port, info_request())
        print("info %.1f ms, status %d" % (ms, st))
        check(st == 200 and ms < 100, "info answered in < 100 ms")
        ms, (st, _, b) = timed(port, good)
        print("right password %.1f ms, %d %s" % (ms, st, b.decode()))
        check(st == 200 and b == b"true" and ms < 100,
              "the right password answered true in < 100 ms")
        time.sleep(0.5)
    for t in threads:
        t.join()
    check(not bad, "every guess answered 200 false (delayed, not refused): %r"
          % bad[:3])
    # A guess cannot run before its slot, however late the server runs
    # it, so the answers by any time T are bounded by the slots up to T:
    # per source its first guess at once, then one a second; in all the
    # first round (every source clean), then 10 a second.  (+1 and +2: the
    # edges.)  Answers can bunch under load, so no bound on gaps.
    alls = sorted(t for ts in answers for t in ts)
    worst_src = max(sum(1 for t in ts if t <= T) - (2 + T)
                    for ts in answers for T in ts)
    worst_all = max(i + 1 - (n + 10 * T + 2) for i, T in enumerate(alls))
    gaps = [b - a for ts in answers for a, b in zip(ts, ts[1:])]
    print("guesses %d in %.1f s, per source at most %d, closest two of a "
          "source %.3f s apart; margins to the caps: %.1f per source, "
          "%.1f in all" % (len(alls), alls[-1], max(map(len, answers)),
                           min(gaps), -worst_src, -worst_all))
    check(worst_src <= 0, "a source guesses at most once a second")
    check(worst_all <= 0, "all sources together at most 10 a second")


def idle_state(socks):
    """For each socket: '503' (refused and closed), 'open' or what else."""
    out = []
    for s in socks:
        s.setblocking(False)
        d = b""
        try:
            while True:
                k = s.recv(4096)
                if not k:
                    break
                d += k
            out.append("503" if d.startswith(b"HTTP/1.1 503") and
                       d.endswith(b"too many connections") else repr(d[:60]))
        except BlockingIOError:
            out.append("open" if not d else repr(d[:60]))
        except ConnectionResetError:
            out.append("reset")
    return out


def idle(port, src, n):
    return [connect(port, src) for _ in range(n)]


def cmd_percap(port, cap):
    socks = idle(port, "127.0.0.2", 2 * cap)
    time.sleep(0.8)		# past the refusal's grace time
    st = idle_state(socks)
    print("idle from 127.0.0.2:", {k: st.count(k) for k in set(st)})
    check(st.count("503") == cap and st.count("open") == cap,
          "%d refused with 503, %d kept" % (cap, cap))
    ms, (s, _, _) = timed(port, info_request())
    print("info from 127.0.0.1: %.1f ms, status %d" % (ms, s))
    check(s == 200 and ms < 50, "info from another address in < 50 ms")
    # a refused client that sends its request gets the format it asks for
    r = exchange(port, request_bytes("GET /blockchain/info HTTP/1.1",
                                     "Accept: application/json"), "127.0.0.2")
    print("over the cap, json:", r)
    check(r == (503, "application/json",
                b'{"error":"too many connections","code":5}'),
          "a JSON 503 for a refused request that asks for JSON")
    r = exchange(port, info_request(), "127.0.0.2")
    print("over the cap, text:", r)
    check(r == (503, "text/plain", b"too many connections"), "a text 503")
    for s in socks:
        s.close()
    time.sleep(0.3)
    r = exchange(port, info_request(), "127.0.0.2")
    check(r[0] == 200, "127.0.0.2 is served again once its connections closed")


def cmd_totalcap(port, maxc):
    socks = idle(port, "127.0.0.3", 8) + idle(port, "127.0.0.4", 8)
    time.sleep(0.8)
    st = idle_state(socks)
    print("idle from .3 and .4:", {k: st.count(k) for k in set(st)})
    check(st.count("open") == maxc and st.count("503") == 16 - maxc,
          "%d kept, the rest refused" % maxc)
    r = exchange(port, info_request())
    print("info from 127.0.0.1 at the cap:", r)
    check(r == (503, "text/plain", b"too many connections"),
          "at the total cap everyone gets 503")
    for s in socks:
        s.close()
    time.sleep(0.3)
    ms, r = timed(port, info_request())
    check(r[0] == 200 and ms < 50, "served again once they closed")


def cmd_flood(port, n):
    socks = []
    for i in range(n):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind(("127.0.0.%d" % (10 + i % 100), 0))
        s.setblocking(False)
        try:
            s.connect((HOST, port))
        except BlockingIOError:
            pass
        socks.append(s)
    time.sleep(2)
    st = idle_state(socks)
    print("flood of %d:" % n, {k: st.count(k) for k in set(st)})
    check(all(k in ("503", "open") for k in st),
          "every connection refused with 503 or kept")
    check(st.count("503") >= n // 2, "most of the flood refused")
    r = exchange(port, info_request())
    print("info during the flood:", r[0])
    check(r[0] in (200, 503), "answered during the flood")
    for s in socks:
        s.close()
    time.sleep(0.5)
    ms, r = timed(port, info_request())
    print("info after: %.1f ms, %d" % (ms, r[0]))
    check(r[0] == 200 and ms < 50, "served again after the flood")


def gauges(text, name):
    """{labels: value} of the samples of name in a /metrics page."""
    out = {}
    for line in text.decode().splitlines():
        if line.startswith(name + "{"):
            labels, value = line[len(name):].rsplit(" ", 1)
            out[labels] = int(value)
    return out


def cmd_burst(port, n, pid):
    """N connections queued (the server stopped with SIGSTOP), then let
    go: the worker woken first must not take them all.  /metrics, asked
    on one of them, says how many each worker holds."""
    import os
    import signal
    os.kill(pid, signal.SIGSTOP)
    try:
        socks = [connect(port) for _ in range(n)]
    finally:
        os.kill(pid, signal.SIGCONT)
    time.sleep(0.5)
    socks[0].sendall(request_bytes("GET /metrics HTTP/1.1"))
    r = read_reply(socks[0])
    held = gauges(r[2], "zen_http_connections")
    print("connections by worker:", held)
    check(r[0] == 200 and len(held) == 2, "two workers in /metrics")
    check(sum(held.values()) == n, "every connection held")
    check(max(held.values()) - min(held.values()) <= 3,
          "shared evenly (within 3)")
    for s in socks:
        s.sendall(info_request())
    check(all(read_reply(s)[0] == 200 for s in socks), "each served")
    for s in socks:
        s.close()


def cmd_linger(port, limit):
    """A chunked body past limit, then, once the server has answered 413
    and closed its end, more of the body before reading.  A server that
    closed at once answers it with a reset: the sender fails (curl then
    gives up without the reply) and a reset may destroy the 413 still
    unread in this socket.  A lingering close takes it and drops it."""
    s = connect(port)
    head = ("POST /blockchain/publishtransaction HTTP/1.1\r\nHost: "
            "127.0.0.1\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n")
    first = b"x" * (limit + 4096)
    s.sendall(head.encode() + b"%x\r\n" % len(first) + first + b"\r\n")
    time.sleep(0.5)
    more = b"y" * 65536
    sent = 1
    try:
        for _ in range(4):
            s.sendall(b"%x\r\n" % len(more) + more + b"\r\n")
            time.sleep(0.05)
    except OSError as e:
        print("sending more:", e)
        sent = 0
    check(sent, "the rest of the body was taken and dropped, not reset")
    time.sleep(0.3)
    try:
        r = read_reply(s)
    except (OSError, EOFError) as e:
        r = (0, None, str(e).encode())
    print("after more of the body:", r[0], r[2][:60])
    check(r[0] == 413 and b"too large" in r[2], "the 413 was read")
    s.close()


def cmd_slow(port, body, accept):
    res = {}

    def run():
        t = time.monotonic()
        res["r"] = exchange(port, request_bytes("POST %s HTTP/1.1" % EXEC,
                                                accept, body=body))
        res["ms"] = (time.monotonic() - t) * 1000

    t = threading.Thread(target=run)
    t.start()
    time.sleep(0.3)
    for k in range(3):
        ms, (st, _, _) = timed(port, info_request())
        print("info during the run: %.1f ms" % ms)
        check(st == 200 and ms < 100, "info answered during the run")
        time.sleep(0.1)
    t.join()
    st, ctype, b = res["r"]
    print("reply %d %s %s" % (st, ctype, b.decode()))
    print("after %.0f ms" % res["ms"])
    check(900 <= res["ms"] <= 3000, "the reply came at the limit (1 s)")


def cpu_ticks(pid):
    with open("/proc/%s/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])	# utime + stime


def cmd_cpu(port, body, pid):
    c0 = cpu_ticks(pid)
    st, _, _ = exchange(port, request_bytes("POST %s HTTP/1.1" % EXEC,
                                            body=body))
    c1 = cpu_ticks(pid)
    time.sleep(1)
    c2 = cpu_ticks(pid)
    print("status %d; cpu ticks: %d during the run, %d in the second after"
          % (st, c1 - c0, c2 - c1))
    check(st == 503, "cut by the limit")
    check(c2 - c1 < 25, "no work after the reply")


def cmd_leave(port, body):
    s = connect(port)
    s.sendall(request_bytes("POST %s HTTP/1.1" % EXEC, body=body))
    time.sleep(0.1)
    s.close()


def cmd_leavecpu(port, body, pid):
    s = connect(port)
    s.sendall(request_bytes("POST %s HTTP/1.1" % EXEC, body=body))
    time.sleep(0.2)
    c0 = cpu_ticks(pid)
    time.sleep(0.5)
    c1 = cpu_ticks(pid)
    s.close()
    time.sleep(0.3)
    c2 = cpu_ticks(pid)
    time.sleep(1)
    c3 = cpu_ticks(pid)
    print("cpu ticks: %d in 0.5 s of the run, %d in the second after the "
          "client left" % (c1 - c0, c3 - c2))
    check(c1 - c0 >= 10, "the run was working")
    check(c3 - c2 < 25, "no work once the client left")


def cmd_hold(port, body):
    s = connect(port, timeout=60)
    s.sendall(request_bytes("POST %s HTTP/1.1" % EXEC, body=body))
    try:
        print("reply", read_reply(s)[0])
    except (EOFError, OSError) as e:
        print("closed:", type(e).__name__)


def cmd_pester(port, n, secs):
    stop = time.monotonic() + secs
    counts = [0] * n

    def guesser(i):
        body = json.dumps({"password": "wrong"})
        try:
            while time.monotonic() < stop:
                exchange(port, request_bytes(
                    "POST /wallet/checkpassword HTTP/1.1", body=body),
                    "127.0.0.%d" % (100 + i), 60)
                counts[i] += 1
        except (EOFError, OSError):
            pass

    threads = [threading.Thread(target=guesser, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("pester: %d guesses" % sum(counts))


def cmd_pipeline(port, page="/blockchain/headers?take=100"):
    reqs = [
        request_bytes("GET /blockchain/info HTTP/1.1"),
        request_bytes("GET %s HTTP/1.1" % page),
        request_bytes("GET /no/such/thing HTTP/1.1"),
        request_bytes("GET /blockchain/blockreward?blockNumber=x HTTP/1.1",
                      "Accept: application/json"),
        request_bytes("GET /blockchain/headers?take=3 HTTP/1.1"),
        request_bytes("POST /blockchain/blockreward HTTP/1.1",
                      body='{"blockNumber":1}'),
    ]
    alone = [exchange(port, r) for r in reqs]
    check(len(alone[1][2]) > 4096, "the page is over 4 KB")
    check([a[0] for a in alone] == [200, 200, 400, 400, 200, 400],
          "statuses alone: %r" % [a[0] for a in alone])
    s = connect(port)
    rest = bytearray()
    s.sendall(b"".join(reqs))
    for i in range(len(reqs)):
        check(read_reply(s, rest) == alone[i],
              "pipelined reply %d as alone" % i)
    s.sendall(reqs[1])
    check(read_reply(s, rest) == alone[1], "the connection serves on")
    s.sendall(reqs[2] + request_bytes("GET /blockchain/info HTTP/1.1",
                                      "Connection: close"))
    check(read_reply(s, rest) == alone[2], "before the last request")
    check(read_reply(s, rest) == alone[0], "the Connection: close request")
    check(not rest and s.recv(1) == b"",
          "closed after the Connection: close reply")
    s.close()
    s = connect(port)
    s.sendall(request_bytes("GET %s HTTP/1.0" % page))
    got = b""
    while True:	# HTTP/1.0: the body ends where the connection does
        d = s.recv(65536)
        if not d:
            break
        got += d
    check(got.startswith(b"HTTP/1.0 200 ") and
          got.split(b"\r\n\r\n", 1)[-1] == alone[1][2],
          "the HTTP/1.0 reply, then the end")
    s.close()
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    s.settimeout(30)
    s.connect((HOST, port))
    rest = bytearray()
    s.sendall(reqs[1] * 4 + reqs[0])
    time.sleep(0.5)
    for i in range(4):
        check(read_reply(s, rest) == alone[1],
              "slow reader, page %d whole" % i)
    check(read_reply(s, rest) == alone[0],
          "slow reader, then the short reply")
    s.close()
    if not failures:
        print("ok")


def cmd_crowd(port, n, k):
    """n connections send k short requests each, all at once, so that a
    worker's turn has many to answer (conn.c: a short reply then waits
    for the end of the turn); every reply as alone, in order."""
    reqs = [
        request_bytes("GET /blockchain/info HTTP/1.1"),
        request_bytes("GET /blockchain/headers?take=3 HTTP/1.1"),
        request_bytes("GET /no/such/thing HTTP/1.1"),
        request_bytes("GET /blockchain/blockreward?blockNumber=x HTTP/1.1",
                      "Accept: application/json"),
    ]
    alone = [exchange(port, r) for r in reqs]
    socks = [connect(port) for _ in range(n)]
    for i, s in enumerate(socks):
        s.sendall(b"".join(reqs[(i + j) % len(reqs)] for j in range(k)))
    for i, s in enumerate(socks):
        rest = bytearray()
        for j in range(k):
            check(read_reply(s, rest) == alone[(i + j) % len(reqs)],
                  "connection %d, reply %d as alone" % (i, j))
        check(not rest, "connection %d: nothing more" % i)
        s.close()
    if not failures:
        print("ok")


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    port = int(args[0])
    rest = args[1:]
    if cmd == "request":
        cmd_request(port, *rest)
    elif cmd == "post":
        cmd_post(port, *rest)
    elif cmd == "bigpost":
        cmd_bigpost(port, int(rest[0]))
    elif cmd == "guess":
        cmd_guess(port, int(rest[0]), float(rest[1]), rest[2])
    elif cmd == "percap":
        cmd_percap(port, int(rest[0]))
    elif cmd == "totalcap":
        cmd_totalcap(port, int(rest[0]))
    elif cmd == "flood":
        cmd_flood(port, int(rest[0]))
    elif cmd == "linger":
        cmd_linger(port, int(rest[0]))
    elif cmd == "burst":
        cmd_burst(port, int(rest[0]), int(rest[1]))
    elif cmd == "slow":
        cmd_slow(port, rest[0], rest[1])
    elif cmd == "cpu":
        cmd_cpu(port, rest[0], rest[1])
    elif cmd == "leave":
        cmd_leave(port, rest[0])
    elif cmd == "leavecpu":
        cmd_leavecpu(port, rest[0], rest[1])
    elif cmd == "hold":
        cmd_hold(port, rest[0])
    elif cmd == "pester":
        cmd_pester(port, int(rest[0]), float(rest[1]))
    elif cmd == "pipeline":
        cmd_pipeline(port, *rest)
    elif cmd == "crowd":
        cmd_crowd(port, int(rest[0]), int(rest[1]))
    else:
        sys.exit("unknown command " + cmd)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
