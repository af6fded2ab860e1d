#!/usr/bin/env python3
"""zpeer - a Zen Protocol peer for tests, written from the specification
(shared/reference/p2p.md, and protocol.md for headers and hashes) alone,
not from zen's code, with Python's standard library only.

It speaks ZMTP/2.0 on a plain TCP socket as the reference node's NetMQ PEER
socket does (p2p.md 1.3): signature, revision 1 and socket type 19, an empty
identity frame, then one frame per message; the messages are the envelope
EB F5 + id + fields of p2p.md 2.  It can also put any bytes on the wire, for
hostile peers.

As a library:

    import zpeer
    p = zpeer.Peer.dial('127.0.0.1', 10000, network='local')
    p.handshake()                       # Hello -> HelloAck (p2p.md 3.2)
    tip = p.get_tip()                   # the peer's tip header, 100 bytes
    hs = p.get_headers([bytes(32)], zpeer.block_hash(tip))
    blk = p.get_block(zpeer.block_hash(hs[0]))
    p.close()

The codec: encode(name, **fields) -> bytes, decode(body) -> dict
({'name': 'Hello', 'network': .., ...}; raises Malformed), hashes(),
headers(), address_entry(), parse_addresses(), block_hash(),
header_fields(), make_header(), target(), pow_ok().  The transport:
signature(), frame(), class Conn (one ZMTP/2.0 connection), class Peer
(the reference's peer behaviour on it), class Chain (blocks to serve),
listen() and Peer.accept() for a peer that is dialled.

As a program (prints one JSON document on stdout; exit 0, 1 when the other
side did not do what was asked, 2 for usage errors):

    zpeer.py [--network main|test|local|N] [--timeout S] [--nonce N]
             HOST:PORT COMMAND [ARG...]

    handshake             greeting and Hello/HelloAck
    ping [NONCE]          Ping -> Pong
    tip                   GetTip -> Tip: its hash and fields
    headers [N]           GetHeaders from genesis, batch after batch, up
                          to N headers (default: to the tip); checks that
                          each links to the one before
    block HASH            GetBlock -> Block; checks its hash
    blocks [N]            headers, then every block, 20 in flight; checks
                          each block's hash
    addresses             GetAddresses -> Addresses
    mempool               GetMemPool -> MemPool
    send HEX...           after the handshake, each HEX as one message
                          body; prints what comes back
    flood N HEX           after the handshake, HEX N times
    raw HEX               HEX on the TCP socket, before any greeting
    hostile CASE          one hostile peer (below), then whether the
                          connection was closed and whether a new
                          connection still gets a Pong
    listen [SECONDS]      bind HOST:PORT, accept one dialler, answer its
                          Hello (3.3) and its requests from --chain FILE
                          (block hex, one a line) until it leaves or
                          SECONDS (default 30) pass; prints what it sent

  hostile cases: garbage-greeting (bytes that are no ZMTP signature),
  no-hello (GetTip as the first message), bad-envelope ("hello world"),
  unknown-id (EB F5 13), truncated (a Hello cut short), oversized-chunk
  (a Block whose chunk claims 2^31 bytes), oversized-frame (a frame that
  claims 2^33 bytes, 64 KiB of it sent), multi-frame (a Ping in two
  frames), bad-network (Hello of another network).  Message cases are
  sent after the handshake unless --before-hello.
"""
import argparse
import hashlib
import json
import random
import socket
import struct
import sys
import time

# ---- p2p.md 2: the envelope and the 21 messages -------------------------

SIGNATURE = b'\xeb\xf5'
# id: (name, fields in order); a field kind is u8, u32, chunk (u32 BE
# length and the bytes), hash (32 bytes) or header (100 bytes).
MESSAGES = {
    1: ('Hello', (('network', 'u32'), ('version', 'u32'), ('nonce', 'u32'))),
    2: ('HelloAck', (('network', 'u32'), ('version', 'u32'))),
    3: ('Ping', (('nonce', 'u32'),)),
    4: ('Pong', (('nonce', 'u32'),)),
    5: ('NewTransactions', (('txHashes', 'chunk'),)),
    6: ('Transactions', (('count', 'u32'), ('txs', 'chunk'))),
    7: ('GetAddresses', ()),
    8: ('Addresses', (('count', 'u32'), ('addresses', 'chunk'))),
    9: ('GetMemPool', ()),
    10: ('MemPool', (('txHashes', 'chunk'),)),
    11: ('GetTransactions', (('txHashes', 'chunk'),)),
    12: ('GetBlock', (('blockHash', 'hash'),)),
    13: ('Block', (('block', 'chunk'),)),
    14: ('GetTip', ()),
    15: ('Tip', (('blockHeader', 'header'),)),
    16: ('NewBlock', (('blockHeader', 'header'),)),
    17: ('GetHeaders', (('from', 'chunk'), ('endHash', 'hash'))),
    18: ('Headers', (('headers', 'chunk'),)),
    100: ('UnknownPeer', ()),
    101: ('UnknownMessage', (('messageId', 'u8'),)),
    102: ('IncorrectNetwork', ()),
}
IDS = dict((name, i) for i, (name, _) in MESSAGES.items())
NETWORKS = {'main': 1000, 'test': 2016, 'testnet': 2016, 'local': 1002}
SIZES = {'u8': 1, 'u32': 4, 'hash': 32, 'header': 100}
HASH_LEN, HEADER_LEN = 32, 100
MAX_HEADERS = 2000	# p2p.md 7.3: a full Headers batch
ZERO_HASH = bytes(32)


class Malformed(ValueError):
    """A message the reference would call malformed (p2p.md 2.1)."""


def network_id(net):
    """'main', 'test', 'local' or a number."""
    if isinstance(net, int):
        return net
    return NETWORKS[net] if net in NETWORKS else int(net)


def encode(name, **fields):
    """The frame body of message name; missing fields are 0 or empty."""
    mid = IDS[name]
    out = bytearray(SIGNATURE) + bytes([mid])
    for field, kind in MESSAGES[mid][1]:
        v = fields.get(field)
        if kind == 'u8':
            out.append(v or 0)
        elif kind == 'u32':
            out += struct.pack('>I', v or 0)
        elif kind == 'chunk':
            v = bytes(v or b'')
            out += struct.pack('>I', len(v)) + v
        else:
            v = bytes(v or bytes(SIZES[kind]))
            if len(v) != SIZES[kind]:
                raise ValueError('%s.%s needs %d bytes' % (name, field, SIZES[kind]))
            out += v
    return bytes(out)


def decode(body):
    """A frame body as a dict {'name', 'id', fields...}.  Bytes after the
    last field are ignored; a chunk of 2^31 bytes or more is malformed
    (the reference dies of it, p2p.md 2.1)."""
    if len(body) < 3:
        raise Malformed('message too short')
    if body[:2] != SIGNATURE:
        raise Malformed('bad signature')
    if body[2] not in MESSAGES:
        raise Malformed('unknown message id %d' % body[2])
    name, layout = MESSAGES[body[2]]
    msg = {'name': name, 'id': body[2]}
    at = 3
    for field, kind in layout:
        size = 4 if kind == 'chunk' else SIZES[kind]
        if len(body) - at < size:
            raise Malformed('truncated ' + name)
        raw = body[at:at + size]
        at += size
        if kind == 'u8':
            msg[field] = raw[0]
        elif kind == 'u32':
            msg[field] = struct.unpack('>I', raw)[0]
        elif kind == 'chunk':
            n = struct.unpack('>I', raw)[0]
            if n >= 1 << 31:
                raise Malformed('chunk too large')
            if len(body) - at < n:
                raise Malformed('truncated ' + name)
            msg[field] = body[at:at + n]
            at += n
        else:
            msg[field] = raw
    return msg


def hashes(chunk):
    """The whole 32-byte hashes of a hash list (a short tail dropped)."""
    return [chunk[i:i + HASH_LEN] for i in range(0, len(chunk) - HASH_LEN + 1, HASH_LEN)]


def headers(chunk):
    """The whole 100-byte headers of a Headers chunk."""
    return [chunk[i:i + HEADER_LEN]
            for i in range(0, len(chunk) - HEADER_LEN + 1, HEADER_LEN)]


def address_entry(text, timestamp_ms=0):
    """One Addresses entry: u32 BE length, ASCII "host:port", u64 BE ms."""
    b = text.encode('ascii')
    return struct.pack('>I', len(b)) + b + struct.pack('>Q', timestamp_ms)


def encode_addresses(entries):
    """Addresses of [(text, timestamp_ms), ...]."""
    return encode('Addresses', count=len(entries),
                  addresses=b''.join(address_entry(t, ms) for t, ms in entries))


def parse_addresses(count, chunk):
    """[(text, timestamp_ms)] of an Addresses message (p2p.md 2.3): a
    count of 2^31 or more is an empty list (12); too few bytes or an
    entry length of 2^31 or more is Malformed."""
    if count >= 1 << 31:
        return []
    out, at = [], 0
    for _ in range(count):
        if len(chunk) - at < 4:
            raise Malformed('truncated address entry')
        n = struct.unpack('>I', chunk[at:at + 4])[0]
        if n >= 1 << 31:
            raise Malformed('address length too large')
        if len(chunk) - at - 4 < n + 8:
            raise Malformed('truncated address entry')
        text = ''.join(chr(c) if c < 0x80 else '?' for c in chunk[at + 4:at + 4 + n])
        ms = struct.unpack('>Q', chunk[at + 4 + n:at + 12 + n])[0]
        out.append((text, ms))
        at += 12 + n
    return out


# ---- protocol.md 2.12, 3.2, 4.1-4.2: headers, hashes, proof of work -----

def block_hash(header_or_block):
    """SHA3-256 of the 100-byte header (a block's first 100 bytes)."""
    return hashlib.sha3_256(bytes(header_or_block[:HEADER_LEN])).digest()


HEADER_FORMAT = '>I32sI32sQIQQ'	# 100 bytes
assert struct.calcsize(HEADER_FORMAT) == HEADER_LEN


def header_fields(h):
    """The fields of a header, as JSON-ready values."""
    (version, parent, number, commitments, timestamp, difficulty,
     n0, n1) = struct.unpack(HEADER_FORMAT, bytes(h[:HEADER_LEN]))
    return {'hash': block_hash(h).hex(), 'version': version,
            'parent': parent.hex(), 'blockNumber': number,
            'commitments': commitments.hex(), 'timestamp': timestamp,
            'difficulty': '0x%08x' % difficulty, 'nonce': [n0, n1]}


def make_header(parent=ZERO_HASH, number=1, commitments=ZERO_HASH,
                timestamp=0, difficulty=0x20ffffff, nonce=(0, 0), version=0):
    return struct.pack(HEADER_FORMAT, version, parent, number, commitments,
                       timestamp, difficulty, nonce[0], nonce[1])


def target(difficulty):
    """uncompress (protocol.md 4.1): the 32-byte big-endian target."""
    exp = difficulty >> 24
    length = min(max(exp, 3), 32)
    m = bytes([(difficulty >> 16) & 0xff, (difficulty >> 8) & 0xff, difficulty & 0xff])
    return (bytes(32 - length) + m + bytes(length - 3))[:32]


def pow_ok(header, limit=0x20ffffff):
    """The proof of work of protocol.md 4.2 (genesis is not exempted
    here: the caller knows its genesis)."""
    t = target(struct.unpack('>I', bytes(header[80:84]))[0])
    return t <= target(limit) and block_hash(header) <= t


# ---- p2p.md 1.3: ZMTP/2.0 ------------------------------------------------

PEER_SOCKET_TYPE = 19	# the reference's NetMQ PEER
MAX_FRAME = 256 << 20	# what this peer accepts from the other side


class Closed(EOFError):
    """The other side closed the TCP connection."""


class Timeout(TimeoutError):
    """Nothing came in time."""


def signature(identity=b''):
    """FF, u64 BE (identity length + 1), 7F."""
    return b'\xff' + struct.pack('>Q', len(identity) + 1) + b'\x7f'


def frame(body, more=False):
    """flags (01 MORE, 02 LONG), a 1-byte size up to 255 else 8 bytes,
    the body."""
    flags = 1 if more else 0
    if len(body) > 255:
        return bytes([flags | 2]) + struct.pack('>Q', len(body)) + body
    return bytes([flags, len(body)]) + body


class Conn:
    """One ZMTP/2.0 connection on a TCP socket."""

    def __init__(self, sock, timeout=5.0):
        self.sock = sock
        self.timeout = timeout
        self.peer_greeting = None	# {'signature', 'revision', 'socketType'}
        self.peer_identity = None
        sock.settimeout(timeout)

    @classmethod
    def dial(cls, host, port, timeout=5.0):
        sock = socket.create_connection((host, port), timeout=timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(sock, timeout)

    def send_raw(self, data):
        """Bytes on the TCP socket as they are."""
        try:
            self.sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError) as e:
            raise Closed(str(e))

    def read_exact(self, n, timeout=None):
        self.sock.settimeout(self.timeout if timeout is None else timeout)
        out = bytearray()
        while len(out) < n:
            try:
                got = self.sock.recv(min(n - len(out), 1 << 20))
            except socket.timeout:
                raise Timeout('%d of %d bytes came' % (len(out), n))
            except ConnectionResetError:
                got = b''
            if not got:
                raise Closed('closed after %d of %d bytes' % (len(out), n))
            out += got
        return bytes(out)

    def greet(self, socket_type=PEER_SOCKET_TYPE, identity=b''):
        """The greeting both sides send (1.3 steps 1-3): signature; after
        the other's signature, revision 1 and the socket type; then the
        identity frame.  Returns what the other side sent.  The other
        side's identity frame is read with its first message (nothing
        says it comes before our first message)."""
        self.send_raw(signature(identity))
        sig = self.read_exact(10)
        if sig[0] != 0xff or not sig[9] & 1:
            raise Malformed('not a ZMTP/2.0 signature: %s' % sig.hex())
        self.send_raw(bytes([1, socket_type]))
        rev, stype = self.read_exact(2)
        if rev == 0:
            raise Malformed('the other side speaks ZMTP/1.0')
        self.send_raw(frame(identity))
        self.peer_greeting = {'signature': sig.hex(), 'revision': rev,
                              'socketType': stype}
        return self.peer_greeting

    def send_frame(self, body, more=False):
        self.send_raw(frame(body, more))

    def recv_frame(self, timeout=None):
        """(flags, body) of the next frame (after the greeting, the
        other side's identity frame is taken first, 1.3 step 3)."""
        if self.peer_greeting and self.peer_identity is None:
            self.peer_identity = self._frame(timeout)[1]
        return self._frame(timeout)

    def _frame(self, timeout):
        flags = self.read_exact(1, timeout)[0]
        if flags & 2:
            size = struct.unpack('>Q', self.read_exact(8))[0]
        else:
            size = self.read_exact(1)[0]
        if size > MAX_FRAME:
            raise Malformed('a frame of %d bytes' % size)
        return flags, self.read_exact(size)

    def recv_message(self, timeout=None):
        """The frames of the next message (MORE followed)."""
        frames = []
        while True:
            flags, body = self.recv_frame(timeout if not frames else None)
            frames.append(body)
            if not flags & 1:
                return frames

    def wait_closed(self, timeout):
        """True when the other side closes within timeout; whatever it
        sends meanwhile is read and dropped."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.sock.settimeout(max(0.01, end - time.monotonic()))
            try:
                if not self.sock.recv(65536):
                    return True
            except socket.timeout:
                return False
            except (ConnectionResetError, OSError):
                return True
        return False

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class HandshakeError(Exception):
    """The other side answered Hello with something else than HelloAck."""


class Chain:
    """Blocks this peer serves: a main chain from genesis, in order."""

    def __init__(self, blocks=()):
        self.blocks = [bytes(b) for b in blocks]
        self.by_hash = dict((block_hash(b), b) for b in self.blocks)

    @classmethod
    def load(cls, path):
        with open(path) as f:
            return cls(bytes.fromhex(line.strip()) for line in f if line.strip())

    def tip(self):
        return self.blocks[-1][:HEADER_LEN] if self.blocks else None

    def headers_reply(self, starts, end):
        """The headers GetHeaders(starts, end) gets (p2p.md 7.4), or None
        when there is no reply."""
        if not self.blocks:
            return None
        main = [block_hash(b) for b in self.blocks]
        known = [h for h in starts if h in main]
        if starts == [ZERO_HASH] or not known:
            first = 0
        else:
            first = main.index(known[0]) + 1
            if known[0] == end:
                return []
        out = []
        for i in range(first, min(len(main), first + MAX_HEADERS)):
            out.append(self.blocks[i][:HEADER_LEN])
            if main[i] == end:
                break
        return out


class Peer:
    """The reference's peer behaviour on one connection (p2p.md 3-5):
    requests and replies as dicts; Ping is always answered, and so are
    GetAddresses, GetMemPool and, with a chain, GetTip, GetHeaders and
    GetBlock (auto=True).  Messages nobody waited for are kept in
    backlog."""

    def __init__(self, conn, network='local', nonce=None, chain=None):
        self.conn = conn
        self.network = network_id(network)
        self.nonce = random.randrange(0, (1 << 31) - 1) if nonce is None else nonce
        self.chain = chain or Chain()
        self.auto = True
        self.backlog = []
        self.sent = []		# names of what this peer sent

    @classmethod
    def dial(cls, host, port, network='local', timeout=5.0, nonce=None,
             chain=None, greet=True):
        p = cls(Conn.dial(host, port, timeout), network, nonce, chain)
        if greet:
            p.conn.greet()
        return p

    @classmethod
    def accept(cls, listener, network='local', timeout=5.0, nonce=None,
               chain=None):
        """The next dialler of listener (see listen()), greeted."""
        listener.settimeout(timeout)
        try:
            sock, _ = listener.accept()
        except socket.timeout:
            raise Timeout('nobody dialled')
        p = cls(Conn(sock, timeout), network, nonce, chain)
        p.conn.greet()
        return p

    # -- sending --

    def send(self, name, **fields):
        self.send_body(encode(name, **fields))

    def send_body(self, body):
        """One message body in one frame, whatever it holds."""
        self.conn.send_frame(body)
        self.sent.append(MESSAGES.get(body[2], ('?',))[0] if len(body) > 2 else '?')

    # -- receiving --

    def recv(self, timeout=None):
        """The next message: a dict, or for what is no message
        {'name': None, 'malformed': why, 'body': bytes} and for a message
        of several frames {'name': None, 'frames': [...]} (the reference
        drops those, 1.3)."""
        frames = self.conn.recv_message(timeout)
        if len(frames) > 1:
            return {'name': None, 'frames': frames}
        try:
            return decode(frames[0])
        except Malformed as e:
            return {'name': None, 'malformed': str(e), 'body': frames[0]}

    def answer(self, msg):
        """Answer a request as a reference node would (5.1); True if it
        was one."""
        name, c = msg['name'], self.chain
        if name == 'Ping':
            self.send('Pong', nonce=msg['nonce'])
        elif name == 'GetAddresses':
            self.send('Addresses', count=0)
        elif name == 'GetMemPool':
            self.send('MemPool')
        elif name == 'GetTip' and c.tip():
            self.send('Tip', blockHeader=c.tip())
        elif name == 'GetBlock' and msg['blockHash'] in c.by_hash:
            self.send('Block', block=c.by_hash[msg['blockHash']])
        elif name == 'GetHeaders':
            hs = c.headers_reply(hashes(msg['from']), msg['endHash'])
            if hs is not None and hashes(msg['from']):
                self.send('Headers', headers=b''.join(hs))
        else:
            return False
        return True

    def expect(self, names, timeout=None, keep=True):
        """The next message whose name is in names (a name or a tuple),
        answering requests (auto) and keeping the rest in backlog."""
        if isinstance(names, str):
            names = (names,)
        for i, m in enumerate(self.backlog):
            if m['name'] in names:
                return self.backlog.pop(i)
        end = time.monotonic() + (self.conn.timeout if timeout is None else timeout)
        while True:
            left = end - time.monotonic()
            try:
                if left <= 0:
                    raise Timeout()
                m = self.recv(left)
            except Timeout:
                raise Timeout('no %s came' % '/'.join(names))
            if m['name'] in names:
                return m
            if not (self.auto and m['name'] and self.answer(m)) and keep:
                self.backlog.append(m)

    # -- the handshake (3.2, 3.3) --

    def handshake(self, network=None):
        """Hello(network, 0, nonce); the first message back must be
        HelloAck (3.2).  Returns it."""
        self.send('Hello', network=self.network if network is None else network,
                  version=0, nonce=self.nonce)
        m = self.recv()
        if m['name'] != 'HelloAck':
            raise HandshakeError('expected HelloAck, got %s' % name_of(m))
        return m

    def accept_handshake(self):
        """The listener's half (3.3): the first message must be a Hello of
        our network; answered HelloAck.  Returns the Hello."""
        m = self.recv()
        if m['name'] is None:
            self.send('UnknownMessage', messageId=0)
        elif m['name'] != 'Hello':
            self.send('UnknownPeer')
        elif m['network'] != self.network:
            self.send('IncorrectNetwork')
        else:
            self.send('HelloAck', network=self.network, version=0)
            return m
        raise HandshakeError('expected Hello, got %s' % name_of(m))

    # -- requests --

    def ping(self, nonce=None):
        nonce = random.getrandbits(32) if nonce is None else nonce
        self.send('Ping', nonce=nonce)
        while True:
            m = self.expect('Pong')
            if m['nonce'] == nonce:
                return nonce

    def get_tip(self):
        self.send('GetTip')
        return self.expect('Tip')['blockHeader']

    def get_headers(self, starts, end):
        """GetHeaders(starts, end) -> the list of headers of the reply."""
        self.send('GetHeaders', **{'from': b''.join(starts), 'endHash': end})
        return headers(self.expect('Headers')['headers'])

    def get_block(self, h):
        self.send('GetBlock', blockHash=h)
        while True:
            b = self.expect('Block')['block']
            if block_hash(b) == h:
                return b
            self.backlog.append({'name': 'Block', 'block': b})

    def get_addresses(self):
        self.send('GetAddresses')
        m = self.expect('Addresses')
        return parse_addresses(m['count'], m['addresses'])

    def get_mempool(self):
        self.send('GetMemPool')
        return hashes(self.expect('MemPool')['txHashes'])

    def close(self):
        self.conn.close()


def listen(host, port):
    """A listening TCP socket for Peer.accept (port 0: any free port)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((host, port))
    s.listen(8)
    return s


def name_of(m):
    """A message's name, or what it is when it is none."""
    if m.get('name'):
        return m['name']
    if 'frames' in m:
        return 'a message of %d frames' % len(m['frames'])
    return 'a malformed message (%s)' % m['malformed']


def describe(m):
    """A message dict as a short JSON-ready value."""
    if m.get('name') is None:
        if 'frames' in m:
            return {'frames': len(m['frames'])}
        return {'malformed': m['malformed'], 'hex': m['body'].hex()}
    out = {}
    for k, v in m.items():
        if k == 'id':
            continue
        out[k] = v.hex() if isinstance(v, (bytes, bytearray)) else v
    return out


# ---- the program ---------------------------------------------------------

class Failed(Exception):
    """The other side did not do what was asked (exit 1)."""


def walk_headers(p, limit):
    """Headers from genesis up to limit (None: to the tip), batch after
    batch (7.3); each must link to the one before."""
    end = block_hash(p.get_tip())
    out, start = [], ZERO_HASH
    while limit is None or len(out) < limit:
        batch = p.get_headers([start], end)
        for h in batch:
            f = struct.unpack(HEADER_FORMAT, h)
            if out and (f[1] != block_hash(out[-1]) or f[2] != len(out) + 1):
                raise Failed('header %d does not follow header %d' % (f[2], len(out)))
            if not out and f[2] != 1:
                raise Failed('the first header is block %d, not 1' % f[2])
            out.append(h)
        if not batch or block_hash(out[-1]) == end:
            break
        start = block_hash(out[-1])
    return out if limit is None else out[:limit]


def fetch_blocks(p, hs):
    """Every block of hs, up to 20 asked at once (7.3); each block's hash
    must be the header's."""
    want = [block_hash(h) for h in hs]
    got, asked, size = {}, 0, 0
    while len(got) < len(want):
        while asked < len(want) and asked - len(got) < 20:
            p.send('GetBlock', blockHash=want[asked])
            asked += 1
        b = p.expect('Block')['block']
        h = block_hash(b)
        if h not in want[:asked]:
            raise Failed('a block nobody asked for: %s' % h.hex())
        got[h] = b
        size += len(b)
    return size


def cmd_headers(p, args):
    hs = walk_headers(p, int(args[0]) if args else None)
    return {'count': len(hs), 'linked': True,
            'headers': [{'hash': block_hash(h).hex(),
                         'blockNumber': struct.unpack('>I', h[36:40])[0]} for h in hs]}


def cmd_blocks(p, args):
    hs = walk_headers(p, int(args[0]) if args else None)
    size = fetch_blocks(p, hs)
    return {'count': len(hs), 'hashesOk': True, 'bytes': size,
            'tip': block_hash(hs[-1]).hex() if hs else None}


def cmd_block(p, args):
    h = bytes.fromhex(args[0])
    b = p.get_block(h)
    return {'hash': h.hex(), 'hashOk': block_hash(b) == h, 'size': len(b),
            'header': header_fields(b), 'hex': b.hex()}


def replies(p, seconds):
    """What comes back within seconds, and whether the connection closed."""
    out, end = [], time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            m = p.recv(max(0.01, end - time.monotonic()))
            if m['name'] == 'Ping':
                p.answer(m)
            out.append(describe(m))
    except Timeout:
        return out, False
    except (Closed, Malformed):
        return out, True
    return out, False


def cmd_send(p, args, seconds):
    for h in args:
        p.send_body(bytes.fromhex(h))
    got, closed = replies(p, seconds)
    return {'sent': len(args), 'replies': got, 'closed': closed}


def cmd_flood(p, args, seconds):
    n, body = int(args[0]), bytes.fromhex(args[1])
    sent = 0
    try:
        for _ in range(n):
            p.send_body(body)
            sent += 1
    except Closed:
        pass
    got, closed = replies(p, seconds)
    return {'sent': sent, 'replies': len(got), 'closed': closed or sent < n}


HOSTILE_MESSAGES = {
    'bad-envelope': b'hello world',
    'unknown-id': SIGNATURE + b'\x13',
    'truncated': encode('Hello', network=1002, nonce=1)[:10],
    'oversized-chunk': SIGNATURE + b'\x0d' + struct.pack('>I', 1 << 31) + b'{' * 8,
}


def still_serves(host, port, opts):
    """A new connection handshakes and gets its Pong."""
    try:
        q = Peer.dial(host, port, opts.network, opts.timeout)
        q.handshake()
        q.ping()
        q.close()
        return True
    except (Closed, Timeout, Malformed, HandshakeError, OSError):
        return False


def hostile(host, port, case, opts):
    """One hostile peer; what came back and whether it was cut off."""
    res = {'case': case, 'replies': []}
    if case == 'garbage-greeting':
        c = Conn.dial(host, port, opts.timeout)
        c.send_raw(b'GET / HTTP/1.0\r\n\r\n' + bytes(range(256)))
        res['closed'] = c.wait_closed(opts.wait)
        c.close()
    elif case == 'oversized-frame':
        p = Peer.dial(host, port, opts.network, opts.timeout)
        if not opts.before_hello:
            p.handshake()
        try:
            p.conn.send_raw(b'\x02' + struct.pack('>Q', 1 << 33) + bytes(65536))
        except Closed:
            pass
        res['closed'] = p.conn.wait_closed(opts.timeout)
        p.close()
    else:
        p = Peer.dial(host, port, opts.network, opts.timeout)
        first = case in ('no-hello', 'bad-network') or opts.before_hello
        if not first:
            p.handshake()
        if case == 'no-hello':
            bodies = [encode('GetTip')]
        elif case == 'bad-network':
            bodies = [encode('Hello', network=(p.network + 1) & 0xffffffff,
                             nonce=p.nonce)]
        elif case == 'multi-frame':
            body = encode('Ping', nonce=7)
            p.conn.send_frame(body[:3], more=True)
            bodies = [body[3:]]
        elif case in HOSTILE_MESSAGES:
            bodies = [HOSTILE_MESSAGES[case]]
        else:
            p.close()
            raise ValueError('unknown hostile case %s' % case)
        res['replies'], res['closed'] = replies_after(p, bodies, opts.wait)
        p.close()
    res['stillServes'] = still_serves(host, port, opts)
    return res


def replies_after(p, bodies, seconds):
    for b in bodies:
        p.conn.send_frame(b)
    return replies(p, seconds)


def cmd_listen(host, port, args, opts):
    seconds = float(args[0]) if args else 30.0
    chain = Chain.load(opts.chain) if opts.chain else Chain()
    s = listen(host, port)
    print(json.dumps({'listening': s.getsockname()[1]}), flush=True)
    p = Peer.accept(s, opts.network, seconds, opts.nonce, chain)
    res = {'greeting': p.conn.peer_greeting, 'hello': describe(p.accept_handshake())}
    got, end = [], time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            m = p.recv(max(0.01, end - time.monotonic()))
            got.append(describe(m))
            if m['name']:
                p.answer(m)
    except (Timeout, Closed):
        pass
    res['received'] = got
    p.close()
    s.close()
    return res


def run(opts):
    host, _, port = opts.address.rpartition(':')
    port = int(port)
    cmd, args = opts.command, opts.args
    if cmd == 'raw':
        c = Conn.dial(host, port, opts.timeout)
        c.send_raw(bytes.fromhex(args[0]))
        closed = c.wait_closed(opts.wait)
        c.close()
        return {'sent': len(bytes.fromhex(args[0])), 'closed': closed}
    if cmd == 'hostile':
        return hostile(host, port, args[0], opts)
    if cmd == 'listen':
        return cmd_listen(host, port, args, opts)
    p = Peer.dial(host, port, opts.network, opts.timeout, opts.nonce)
    try:
        ack = p.handshake()
        if cmd == 'handshake':
            return {'greeting': p.conn.peer_greeting,
                    'identity': p.conn.peer_identity.hex(), 'helloAck': describe(ack)}
        if cmd == 'ping':
            return {'nonce': p.ping(int(args[0]) if args else None)}
        if cmd == 'tip':
            return header_fields(p.get_tip())
        if cmd == 'headers':
            return cmd_headers(p, args)
        if cmd == 'block':
            return cmd_block(p, args)
        if cmd == 'blocks':
            return cmd_blocks(p, args)
        if cmd == 'addresses':
            return [{'address': a, 'timestamp': ms} for a, ms in p.get_addresses()]
        if cmd == 'mempool':
            return [h.hex() for h in p.get_mempool()]
        if cmd == 'send':
            return cmd_send(p, args, opts.wait)
        if cmd == 'flood':
            return cmd_flood(p, args, opts.wait)
        raise SystemExit('zpeer: unknown command %s' % cmd)
    finally:
        p.close()


def main(argv=None):
    ap = argparse.ArgumentParser(prog='zpeer.py', description=__doc__.split('\n')[0])
    ap.add_argument('--network', default='local', help='main, test, local or a number')
    ap.add_argument('--timeout', type=float, default=5.0, help='seconds to wait for a reply')
    ap.add_argument('--wait', type=float, default=1.0,
                    help='seconds to collect replies (send, flood, hostile, raw)')
    ap.add_argument('--nonce', type=int, default=None, help="Hello's nonce")
    ap.add_argument('--chain', help='listen: a file of block hex, one a line, genesis first')
    ap.add_argument('--before-hello', action='store_true',
                    help='hostile: send the message without a handshake first')
    ap.add_argument('address', metavar='HOST:PORT')
    ap.add_argument('command')
    ap.add_argument('args', nargs='*')
    opts = ap.parse_args(argv)
    try:
        opts.network = network_id(opts.network)
    except ValueError:
        ap.error('bad --network %s' % opts.network)
    try:
        out = run(opts)
    except (Closed, Timeout, Malformed, HandshakeError, Failed, OSError) as e:
        print('zpeer: %s: %s' % (type(e).__name__.lower(), e), file=sys.stderr)
        return 1
    except (ValueError, IndexError) as e:
        print('zpeer: bad arguments: %s' % e, file=sys.stderr)
        return 2
    print(json.dumps(out))
    return 0


if __name__ == '__main__':
    sys.exit(main())
