#!/usr/bin/env python3
"""bench-load.py - the abuse that bench-latency.sh measures zen serve under.

  bench-load.py PORT SECONDS PASSWORD ADDRESS

For SECONDS, against 127.0.0.1:PORT: 1000 idle connections (from
127.0.0.40 .. 127.0.0.89, opened first and held), 32 wrong-password
guessers (one each from 127.0.0.2 .. 127.0.0.33, POST /wallet/checkpassword
back to back) and 10 senders (POST /wallet/send of 1 kalapa to ADDRESS with
PASSWORD, back to back).  Prints what it did on one line at the end.
"""
import json
import socket
import sys
import threading
import time

HOST = "127.0.0.1"


def post(port, src, path, body):
    s = socket.socket()
    s.bind((src, 0))
    s.settimeout(120)
    s.connect((HOST, port))
    data = body.encode()
    s.sendall(("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
               "Content-Type: application/json\r\nContent-Length: %d\r\n\r\n"
               % (path, len(data))).encode() + data)
    out = b""
    while True:
        d = s.recv(65536)
        if not d:
            break
        out += d
    s.close()
    return int(out.split(b" ", 2)[1]) if out.startswith(b"HTTP/") else 0


def main():
    port, secs, password, address = (int(sys.argv[1]), float(sys.argv[2]),
                                     sys.argv[3], sys.argv[4])
    idle = []
    for i in range(1000):
        s = socket.socket()
        s.bind(("127.0.0.%d" % (40 + i % 50), 0))
        s.connect((HOST, port))
        idle.append(s)
    stop = time.monotonic() + secs
    counts = {"guess": 0, "send-ok": 0, "send-refused": 0}
    lock = threading.Lock()

    def count(k):
        with lock:
            counts[k] += 1

    def guesser(i):
        body = json.dumps({"password": "wrong %d" % i})
        while time.monotonic() < stop:
            post(port, "127.0.0.%d" % (2 + i), "/wallet/checkpassword", body)
            count("guess")

    def sender():
        body = json.dumps({"outputs": [{"address": address, "asset": "00",
                                        "amount": "1"}],
                           "password": password})
        while time.monotonic() < stop:
            st = post(port, HOST, "/wallet/send", body)
            count("send-ok" if st == 200 else "send-refused")

    threads = [threading.Thread(target=guesser, args=(i,)) for i in range(32)]
    threads += [threading.Thread(target=sender) for _ in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    alive = 0
    for s in idle:
        s.setblocking(False)
        try:
            s.recv(1)		# answered or closed: not held
        except BlockingIOError:
            alive += 1
        except OSError:
            pass
        s.close()
    print("load: %d idle connections held (%d still open), %d guesses, "
          "%d sends taken, %d refused" % (len(idle), alive, counts["guess"],
                                          counts["send-ok"],
                                          counts["send-refused"]))


if __name__ == "__main__":
    main()
