/*
 * zmtp.c - ZMTP/2.0 as the reference speaks it (p2p.md 1.3), for the
 * connections zen accepts.  They arrive on a ZMQ_STREAM socket, which
 * hands over their raw bytes with each connection's opening and closing;
 * this file does the rest: the greeting (our signature at once, revision
 * 01 and socket type 0x13 - the reference's PEER - once the peer's
 * signature is read, an empty identity frame once its revision and type
 * are), its identity frame, then frames of 1- or 8-byte sizes.  A
 * message of several frames is dropped whole, as the reference does.
 *
 * Why not libzmq's own engine: a ROUTER socket neither says which TCP
 * connection a ZMTP/2 message came on (ZMQ_SRCFD and Peer-Address are
 * only set for ZMTP/3 peers), nor can it close an accepted connection;
 * bans, the inbound cap and disconnecting a peer need both.  Dialled
 * peers still go through libzmq's ROUTER (p2p.md 1.7), which speaks
 * ZMTP/2 to a listener that answers revision 01, zen's included.
 */
#include <string.h>

#include "net/net-int.h"

static const uint8_t signature[10] = { 0xff, 0, 0, 0, 0, 0, 0, 0, 1, 0x7f };

/* Frame flags (1.3). */
#define F_MORE 0x01
#define F_LONG 0x02

void net_zmtp_start(struct zen_net *net, struct net_peer *p)
{
	net_send_stream(net, p, signature, sizeof(signature));
}

void net_zmtp_frame(struct zen_buf *out, size_t len)
{
	uint8_t h[9];

	if (len <= 255) {
		h[0] = 0;
		h[1] = (uint8_t)len;
		zen_buf_add(out, h, 2);
		return;
	}
	h[0] = F_LONG;
	for (int i = 8; i >= 1; i--, len >>= 8)
		h[i] = (uint8_t)len;
	zen_buf_add(out, h, 9);
}

/* The greeting's steps; returns bytes used, 0 for "more needed", -1. */
static long greet(struct zen_net *net, struct net_peer *p, const uint8_t *b,
		  size_t n, const char **why)
{
	static const uint8_t reply[2] = { 0x01, 0x13 }, identity[2] = { 0, 0 };

	switch (p->z.stage) {
	case 0:
		if (n && b[0] != 0xff) {
			*why = "garbage before the greeting";
			return -1;
		}
		if (n < 10)
			return 0;
		if (!(b[9] & 1)) {
			*why = "unversioned greeting (ZMTP/1.0)";
			return -1;
		}
		net_send_stream(net, p, reply, sizeof(reply));
		return 10;
	case 1:		/* revision (or libzmq's major 3) and socket type */
		if (n < 2)
			return 0;
		net_send_stream(net, p, identity, sizeof(identity));
		return 2;
	default:	/* the identity frame: short, single */
		if (n < 2)
			return 0;
		if (b[0] != 0) {
			*why = "bad identity frame";
			return -1;
		}
		return n < 2u + b[1] ? 0 : (long)(2 + b[1]);
	}
}

/* One frame at b: *body, *len and its flags; returns bytes used, 0 for
 * "more needed", -1 (why set). */
static long frame(const uint8_t *b, size_t n, size_t max, const uint8_t **body,
		  size_t *len, int *more, const char **why)
{
	size_t hl, size = 0;

	if (n < 2)
		return 0;
	if (b[0] & ~(F_MORE | F_LONG)) {
		*why = "bad frame flags";
		return -1;
	}
	hl = b[0] & F_LONG ? 9 : 2;
	if (n < hl)
		return 0;
	if (hl == 2) {
		size = b[1];
	} else {
		for (int i = 1; i < 9; i++) {
			if (size >> 55) {
				*why = "frame too large";
				return -1;
			}
			size = size << 8 | b[i];
		}
	}
	if (size > max) {
		*why = "frame too large";
		return -1;
	}
	if (n - hl < size)
		return 0;
	*body = b + hl;
	*len = size;
	*more = b[0] & F_MORE;
	return (long)(hl + size);
}

int net_zmtp_feed(struct zen_net *net, struct net_peer *p, const uint8_t *data,
		  size_t n, const char **why)
{
	struct net_zmtp *z = &p->z;
	long used = 0;

	zen_buf_add(&z->in, data, n);
	while (!p->dead) {
		const uint8_t *b = z->in.data + z->off, *body;
		size_t left = z->in.len - z->off, len;
		int more;

		if (z->stage < 3) {
			if ((used = greet(net, p, b, left, why)) <= 0)
				break;
			z->stage++;
			z->off += (size_t)used;
			if (z->stage == 3)
				net_zmtp_ready(net, p);
			continue;
		}
		used = frame(b, left, net_frame_max(net, p), &body, &len, &more,
			     why);
		if (used <= 0)
			break;
		z->off += (size_t)used;
		if (more || z->parts)	/* a part of a multi-frame message */
			z->parts = more ? z->parts + 1 : 0;
		else
			net_inbound_message(net, p, body, len);
	}
	if (used < 0)
		return -1;
	/* keep what is not parsed yet at the front; the memory of a big
	 * frame goes with it */
	if (z->off && (z->off == z->in.len || z->off > (1u << 16))) {
		memmove(z->in.data, z->in.data + z->off, z->in.len - z->off);
		z->in.len -= z->off;
		z->off = 0;
	}
	if (!z->in.len && z->in.cap > (1u << 20))
		zen_buf_release(&z->in);
	return 0;
}
