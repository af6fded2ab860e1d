#!/usr/bin/env python3
"""p2p-hostile - hostile and odd peers for tests/t/t1020-p2p-hostile.sh,
on top of zpeer (the test peer written from p2p.md; this file only
chooses what to send).  Each peer connects from its own loopback address
(127.0.0.N), so that a ban of one case's address leaves the others' be.

    p2p-hostile.py SRC-IP HOST:PORT CASE [ARG]

prints one JSON object: "closed" (the node closed the connection within
the wait), "replies" (names of what came back), and per case more.
Cases:
    garbage          HTTP and random bytes instead of a ZMTP greeting
    malformed HEX    after the handshake, HEX as one message body
    oversized-frame  after the handshake, a frame claiming 2^33 bytes
    multi-frame      after the handshake, a Ping in two frames, then a Ping
    bad-pow          after the handshake, NewBlock of a header whose hash
                     is above its target (difficulty 0x03000001)
    bad-block TIP    after the handshake, NewBlock of a mineable child of
                     TIP (a block hash), and when GetBlock comes, a Block
                     of that header with a body that is no block
    unsolicited      after the handshake, a Block nobody asked for; then
                     a Ping (still served?)
    flood N HEX      after the handshake, HEX N times as fast as it goes
    stall            after the handshake, answers GetTip with a header
                     1000 blocks ahead (valid proof of work) and nothing
                     else; waits up to 20 s to be dropped
    handshake        just the handshake; "ok" and the HelloAck
    hold SECONDS     the handshake, then answer Pings for SECONDS
    silent SECONDS   the handshake, then never answer: "pings" (seconds
                     after the handshake of each Ping), "after" (of the
                     close)
    unread N START   the handshake, then N GetHeaders from block hash
                     START without reading; then read: "before" (Headers
                     that came before the node's Ping, with "beforeBytes"),
                     "held" (Headers within 2 s after it, unanswered),
                     "after" (Headers once the Pong went)
SRC-IP and HOST may be IPv6 (::1, [::1]:PORT).
Exit status 0; 2 for usage errors.
"""
import json
import os
import socket
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zpeer  # noqa: E402

WAIT = 3.0


def dial(src, host, port, greet=True):
    sock = socket.create_connection((host, port), timeout=5.0,
                                    source_address=(src, 0))
    p = zpeer.Peer(zpeer.Conn(sock, 5.0), 'local')
    if greet:
        p.conn.greet()
    return p


def mine(parent, number, difficulty=0x20ffffff):
    """A header whose proof of work holds (or, for a tiny target, the
    first one: it cannot)."""
    for n in range(1 << 20):
        h = zpeer.make_header(parent=parent, number=number,
                              timestamp=int(time.time() * 1000),
                              difficulty=difficulty, nonce=(n, 0), version=0)
        if zpeer.pow_ok(h) or difficulty != 0x20ffffff:
            return h
    raise RuntimeError('no header found')


def after(p, bodies, res, wait=WAIT):
    for b in bodies:
        p.send_body(b)
    got, closed = zpeer.replies(p, wait)
    res['replies'] = [m.get('name') for m in got]
    res['closed'] = closed
    return res


def case_bad_block(p, tip, res):
    h = mine(bytes.fromhex(tip), 0)
    res['hash'] = zpeer.block_hash(h).hex()
    p.send('NewBlock', blockHeader=h)
    try:
        m = p.expect('GetBlock', timeout=WAIT)
        res['asked'] = m['blockHash'].hex() == res['hash'] if isinstance(
            m['blockHash'], bytes) else m['blockHash'] == res['hash']
    except zpeer.Timeout:
        res['asked'] = False
        return res
    return after(p, [zpeer.encode('Block', block=h + b'\x05' * 40)], res)


def case_stall(p, res):
    h = mine(zpeer.ZERO_HASH, 1000)
    p.auto = False
    end, res['asked'] = time.monotonic() + 20, []
    while time.monotonic() < end:
        try:
            m = p.recv(max(0.01, end - time.monotonic()))
        except zpeer.Timeout:
            break
        except (zpeer.Closed, zpeer.Malformed):
            res['closed'] = True
            res['after'] = round(20 - (end - time.monotonic()), 1)
            return res
        res['asked'].append(m.get('name'))
        if m.get('name') == 'GetTip':
            p.send('Tip', blockHeader=h)
        elif m.get('name') == 'Ping':
            p.send('Pong', nonce=m['nonce'])
    res['closed'] = False
    return res


def case_silent(p, res, seconds):
    p.auto = False
    start = time.monotonic()
    end, res['pings'] = start + seconds, []
    while time.monotonic() < end:
        try:
            m = p.recv(max(0.01, end - time.monotonic()))
        except zpeer.Timeout:
            break
        except (zpeer.Closed, zpeer.Malformed):
            res['closed'] = True
            res['after'] = round(time.monotonic() - start, 2)
            return res
        if m.get('name') == 'Ping':
            res['pings'].append(round(time.monotonic() - start, 2))
    res['closed'] = False
    return res


def count_headers(p, seconds, res, key, until_ping=False):
    """Headers replies read within seconds (or up to a Ping)."""
    end, n, size = time.monotonic() + seconds, 0, 0
    while time.monotonic() < end:
        try:
            m = p.recv(max(0.01, end - time.monotonic()))
        except zpeer.Timeout:
            break
        if m.get('name') == 'Headers':
            n, size = n + 1, size + len(m['headers'])
        elif m.get('name') == 'Ping':
            res['ping'] = m['nonce']
            if until_ping:
                break
    res[key], res[key + 'Bytes'] = n, size


def case_unread(p, res, n, start):
    p.auto = False
    body = zpeer.encode('GetHeaders', **{'from': bytes.fromhex(start),
                                         'endHash': zpeer.ZERO_HASH})
    for _ in range(n):
        p.send_body(body)
    time.sleep(2.0)		# the node sends what it will while nobody reads
    count_headers(p, 10.0, res, 'before', until_ping=True)
    count_headers(p, 2.0, res, 'held')
    if 'ping' in res:
        p.send('Pong', nonce=res['ping'])
    count_headers(p, 5.0, res, 'after')
    return res


def run(src, host, port, case, args):
    res = {'case': case}
    if case == 'garbage':
        p = dial(src, host, port, greet=False)
        p.conn.send_raw(b'GET / HTTP/1.0\r\n\r\n' + bytes(range(256)))
        res['closed'] = p.conn.wait_closed(WAIT)
        return res
    p = dial(src, host, port)
    res['helloAck'] = p.handshake()['name']
    if case == 'handshake':
        res['ok'] = True
        return res
    if case == 'hold':
        return after(p, [], res, float(args[0]))
    if case == 'malformed':
        return after(p, [bytes.fromhex(args[0])], res)
    if case == 'oversized-frame':
        try:
            p.conn.send_raw(b'\x02' + struct.pack('>Q', 1 << 33) + bytes(65536))
        except zpeer.Closed:
            pass
        res['closed'] = p.conn.wait_closed(WAIT)
        return res
    if case == 'multi-frame':
        body = zpeer.encode('Ping', nonce=7)
        p.conn.send_frame(body[:3], more=True)
        p.conn.send_frame(body[3:])
        after(p, [zpeer.encode('Ping', nonce=8)], res)
        res['pongs'] = res['replies'].count('Pong')
        return res
    if case == 'bad-pow':
        h = mine(zpeer.ZERO_HASH, 5, difficulty=0x03000001)
        return after(p, [zpeer.encode('NewBlock', blockHeader=h)], res)
    if case == 'bad-block':
        return case_bad_block(p, args[0], res)
    if case == 'unsolicited':
        h = mine(zpeer.ZERO_HASH, 7)
        after(p, [zpeer.encode('Block', block=h + b'\x00' * 8),
                  zpeer.encode('Ping', nonce=9)], res)
        res['pongs'] = res['replies'].count('Pong')
        return res
    if case == 'flood':
        n, body, sent = int(args[0]), bytes.fromhex(args[1]), 0
        try:
            for _ in range(n):
                p.send_body(body)
                sent += 1
        except zpeer.Closed:
            pass
        res['sent'] = sent
        res['closed'] = sent < n or p.conn.wait_closed(WAIT)
        return res
    if case == 'stall':
        return case_stall(p, res)
    if case == 'silent':
        return case_silent(p, res, float(args[0]))
    if case == 'unread':
        return case_unread(p, res, int(args[0]), args[1])
    raise ValueError('unknown case %s' % case)


def main():
    if len(sys.argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    host, port = sys.argv[2].rsplit(':', 1)
    host = host.strip('[]')
    try:
        res = run(sys.argv[1], host, int(port), sys.argv[3], sys.argv[4:])
    except (zpeer.Closed, zpeer.Timeout, zpeer.HandshakeError, OSError) as e:
        res = {'case': sys.argv[3], 'error': str(e), 'closed': True}
    print(json.dumps(res))
    return 0


if __name__ == '__main__':
    sys.exit(main())
