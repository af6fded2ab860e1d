/*
 * msg.h - the peer-to-peer messages (p2p.md 2): the envelope (signature
 * EB F5, id u8, body) and the 21 messages, encoded and decoded as plain
 * bytes; the transport (ZeroMQ frames, the routing id) is the network
 * layer's business, not this file's.
 *
 * Decoding follows the reference (2.1): fewer than 3 bytes, another
 * signature, an unknown id, or too few bytes for a field is malformed
 * (ZEN_EINVAL); bytes after the last field are ignored.  Unlike the
 * reference, a chunk length of 2^31 or more, or one above
 * ZEN_MSG_MAX_CHUNK, is malformed rather than fatal.  A decoded message
 * points into the bytes it was decoded from (no copy): they must outlive
 * it.  The per-message meaning of chunks (hash lists, transactions,
 * addresses, headers) is read by the helpers below.
 */
#ifndef ZEN_NET_MSG_H
#define ZEN_NET_MSG_H

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/types/types.h"

#define ZEN_MSG_SIGNATURE 0xEBF5u
/*
 * The largest chunk accepted.  A block's transactions weigh at least 100
 * per byte, so a block of maxBlockWeight (8e9) holds up to 80,000,000
 * bytes (76.3 MiB), and p2p.md 1.4 asks for frames of at least ~100 MiB:
 * 128 MiB leaves room and still bounds what one message can make us hold.
 */
#define ZEN_MSG_MAX_CHUNK (128u * 1024 * 1024)
/* The most entries read from one Addresses message: the reference never
 * sends more than 1000 (p2p.md 5.1, 8.4), and each entry read costs a
 * struct zen_msg_address, so a bigger count is refused, not allocated. */
#define ZEN_MSG_MAX_ADDRESSES 1000u

enum zen_msg_id {
	ZEN_MSG_HELLO = 1,
	ZEN_MSG_HELLO_ACK = 2,
	ZEN_MSG_PING = 3,
	ZEN_MSG_PONG = 4,
	ZEN_MSG_NEW_TRANSACTIONS = 5,
	ZEN_MSG_TRANSACTIONS = 6,
	ZEN_MSG_GET_ADDRESSES = 7,
	ZEN_MSG_ADDRESSES = 8,
	ZEN_MSG_GET_MEMPOOL = 9,
	ZEN_MSG_MEMPOOL = 10,
	ZEN_MSG_GET_TRANSACTIONS = 11,
	ZEN_MSG_GET_BLOCK = 12,
	ZEN_MSG_BLOCK = 13,
	ZEN_MSG_GET_TIP = 14,
	ZEN_MSG_TIP = 15,
	ZEN_MSG_NEW_BLOCK = 16,
	ZEN_MSG_GET_HEADERS = 17,
	ZEN_MSG_HEADERS = 18,
	ZEN_MSG_UNKNOWN_PEER = 100,
	ZEN_MSG_UNKNOWN_MESSAGE = 101,
	ZEN_MSG_INCORRECT_NETWORK = 102,
};

/* A byte range inside the decoded bytes (or given to the encoder). */
struct zen_msg_chunk {
	const uint8_t *p;
	size_t len;
};

/* One message: id and the fields its id has (2.2). */
struct zen_msg {
	enum zen_msg_id id;
	uint32_t network, version, nonce;	/* Hello, HelloAck, Ping, Pong */
	uint32_t count;				/* Transactions, Addresses */
	uint8_t hash[ZEN_HASH_LEN];		/* GetBlock; GetHeaders endHash */
	const uint8_t *header;			/* Tip, NewBlock: 100 bytes */
	struct zen_msg_chunk chunk;		/* the message's chunk, if any
						 * (GetHeaders: from) */
	uint8_t unknown_id;			/* UnknownMessage */
};

/* The name of an id ("Hello", ...), or NULL for an id that is none. */
const char *zen_msg_name(unsigned id);

/*
 * Decode p[0..len) into *m.  Returns 0, or ZEN_EINVAL with the reason
 * ("message too short", "bad signature", "unknown message id N",
 * "truncated NAME", "chunk too large").
 */
int zen_msg_decode(struct zen_msg *m, const uint8_t *p, size_t len,
		   struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1);

/*
 * Append the encoding of m to out (the fields of m->id only).  m->id must
 * be one of the 21 ids, m->header set for Tip and NewBlock, and m->chunk
 * at most ZEN_MSG_MAX_CHUNK bytes: anything else is a caller bug (abort),
 * since the reference would drop the connection on the bytes it makes.
 */
void zen_msg_encode(struct zen_buf *out, const struct zen_msg *m)
	ZEN_NONNULL(1, 2);

/* 1 when a and b are the same message: the same id and the same fields of
 * that id (chunks and headers compared by content), else 0. */
int zen_msg_equal(const struct zen_msg *a, const struct zen_msg *b)
	ZEN_NONNULL(1, 2);

/* ---- chunk contents (2.3) ---- */

/*
 * The number of entries a Transactions or Addresses message holds:
 * m->count, except that a count of 2^31 or more is an empty list (p2p.md
 * 12: the reference reads it as a negative count and processes nothing).
 */
uint32_t zen_msg_count(const struct zen_msg *m) ZEN_NONNULL(1);

/*
 * A hash list: the number of whole 32-byte hashes in c.  *exact says
 * whether c's length is a multiple of 32 (NewTransactions, MemPool and
 * GetTransactions are ignored when it is not; GetHeaders.from drops the
 * short tail).
 */
size_t zen_msg_hashes(const struct zen_msg_chunk *c, int *exact);

/* A Headers chunk: the number of whole 100-byte headers (a short tail is
 * dropped). */
size_t zen_msg_headers(const struct zen_msg_chunk *c);

/* One Addresses entry (8): "host:port" and when it was last seen. */
struct zen_msg_address {
	char text[256];			/* NUL-terminated; bytes >= 0x80 as '?' */
	uint64_t timestamp_ms;
};

/*
 * Read the zen_msg_count(m) entries of an Addresses chunk (trailing bytes
 * ignored).  Returns 0, *out (malloc'ed, *n entries; free it; NULL when
 * *n is 0) and *n; or ZEN_EINVAL, *out NULL and *n 0, when the message is
 * to be ignored: more than ZEN_MSG_MAX_ADDRESSES entries ("too many
 * addresses"), fewer bytes than the entries need ("truncated address
 * entry"), an entry longer than 255 bytes ("address too long") or holding
 * a NUL byte ("address contains a nul byte"), or an entry length of 2^31
 * or more ("address length too large": the one that ends the reference's
 * process, p2p.md 12; a peer sending it misbehaves).  Validity of each
 * address (8.1) is the caller's.
 */
int zen_msg_addresses(const struct zen_msg *m, struct zen_msg_address **out,
		      size_t *n, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);
/* Append one Addresses entry to a chunk being built. */
void zen_msg_address_write(struct zen_buf *out, const char *text,
			   uint64_t timestamp_ms) ZEN_NONNULL(1, 2);

#endif
