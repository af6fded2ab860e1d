/*
 * msg.c - the peer-to-peer message codec (p2p.md 2): one table gives each
 * id its name and the fields of its body, in order; decoding and encoding
 * both walk that table, so the two cannot disagree on a layout.
 */
#include <stdlib.h>
#include <string.h>

#include "core/types/block.h"
#include "net/msg.h"

/* The field kinds of 2.2: u32 numbers, a chunk (u32 BE length, then the
 * bytes), 32- and 100-byte octets, and UnknownMessage's u8. */
enum field {
	F_END = 0,
	F_NETWORK,
	F_VERSION,
	F_NONCE,
	F_COUNT,
	F_CHUNK,
	F_HASH,
	F_HEADER,
	F_ID,
};

struct layout {
	const char *name;
	uint8_t fields[3];	/* F_END-terminated when shorter */
};

/* Ids 1-18. */
static const struct layout low[] = {
	[ZEN_MSG_HELLO] = { "Hello", { F_NETWORK, F_VERSION, F_NONCE } },
	[ZEN_MSG_HELLO_ACK] = { "HelloAck", { F_NETWORK, F_VERSION } },
	[ZEN_MSG_PING] = { "Ping", { F_NONCE } },
	[ZEN_MSG_PONG] = { "Pong", { F_NONCE } },
	[ZEN_MSG_NEW_TRANSACTIONS] = { "NewTransactions", { F_CHUNK } },
	[ZEN_MSG_TRANSACTIONS] = { "Transactions", { F_COUNT, F_CHUNK } },
	[ZEN_MSG_GET_ADDRESSES] = { "GetAddresses", { F_END } },
	[ZEN_MSG_ADDRESSES] = { "Addresses", { F_COUNT, F_CHUNK } },
	[ZEN_MSG_GET_MEMPOOL] = { "GetMemPool", { F_END } },
	[ZEN_MSG_MEMPOOL] = { "MemPool", { F_CHUNK } },
	[ZEN_MSG_GET_TRANSACTIONS] = { "GetTransactions", { F_CHUNK } },
	[ZEN_MSG_GET_BLOCK] = { "GetBlock", { F_HASH } },
	[ZEN_MSG_BLOCK] = { "Block", { F_CHUNK } },
	[ZEN_MSG_GET_TIP] = { "GetTip", { F_END } },
	[ZEN_MSG_TIP] = { "Tip", { F_HEADER } },
	[ZEN_MSG_NEW_BLOCK] = { "NewBlock", { F_HEADER } },
	[ZEN_MSG_GET_HEADERS] = { "GetHeaders", { F_CHUNK, F_HASH } },
	[ZEN_MSG_HEADERS] = { "Headers", { F_CHUNK } },
};

/* Ids 100-102. */
static const struct layout high[] = {
	{ "UnknownPeer", { F_END } },
	{ "UnknownMessage", { F_ID } },
	{ "IncorrectNetwork", { F_END } },
};

static const struct layout *layout_of(unsigned id)
{
	if (id >= ZEN_MSG_HELLO && id <= ZEN_MSG_HEADERS)
		return &low[id];
	if (id >= ZEN_MSG_UNKNOWN_PEER && id <= ZEN_MSG_INCORRECT_NETWORK)
		return &high[id - ZEN_MSG_UNKNOWN_PEER];
	return NULL;
}

const char *zen_msg_name(unsigned id)
{
	const struct layout *l = layout_of(id);

	return l ? l->name : NULL;
}

static uint32_t get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static void put_u32(struct zen_buf *out, uint32_t v)
{
	uint8_t b[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16),
			 (uint8_t)(v >> 8), (uint8_t)v };

	zen_buf_add(out, b, sizeof(b));
}

/* ---- decoding ---- */

/* A cursor over the body; *at and *left move together. */
struct cursor {
	const uint8_t *at;
	size_t left;
};

static const uint8_t *take(struct cursor *c, size_t n)
{
	const uint8_t *p = c->at;

	if (c->left < n)
		return NULL;
	c->at += n;
	c->left -= n;
	return p;
}

/* The u32 fields of struct zen_msg by kind. */
static uint32_t u32_of(const struct zen_msg *m, enum field f)
{
	switch (f) {
	case F_NETWORK:
		return m->network;
	case F_VERSION:
		return m->version;
	case F_NONCE:
		return m->nonce;
	default:
		return m->count;
	}
}

static void set_u32(struct zen_msg *m, enum field f, uint32_t v)
{
	switch (f) {
	case F_NETWORK:
		m->network = v;
		break;
	case F_VERSION:
		m->version = v;
		break;
	case F_NONCE:
		m->nonce = v;
		break;
	default:
		m->count = v;
		break;
	}
}

/*
 * The chunk: its length is checked against the limits before the bytes
 * that follow, so that a huge length is "too large", not "truncated"
 * (the reference dies on lengths of 2^31 and up, p2p.md 2.1 and 12).
 */
static int read_chunk(struct zen_msg *m, struct cursor *c, const char *name,
		      struct zen_err *err)
{
	const uint8_t *p = take(c, 4);
	uint32_t len;

	if (!p)
		return zen_fail(err, ZEN_EINVAL, "truncated %s", name);
	len = get_u32(p);
	if (len >= 0x80000000u || len > ZEN_MSG_MAX_CHUNK)
		return zen_fail(err, ZEN_EINVAL, "chunk too large");
	m->chunk.p = take(c, len);
	m->chunk.len = len;
	if (!m->chunk.p)
		return zen_fail(err, ZEN_EINVAL, "truncated %s", name);
	return 0;
}

/* The size of a fixed field. */
static size_t fixed_size(enum field f)
{
	switch (f) {
	case F_HASH:
		return ZEN_HASH_LEN;
	case F_HEADER:
		return ZEN_HEADER_LEN;
	case F_ID:
		return 1;
	default:
		return 4;
	}
}

static int read_field(struct zen_msg *m, enum field f, struct cursor *c,
		      const char *name, struct zen_err *err)
{
	const uint8_t *p;

	if (f == F_CHUNK)
		return read_chunk(m, c, name, err);
	p = take(c, fixed_size(f));
	if (!p)
		return zen_fail(err, ZEN_EINVAL, "truncated %s", name);
	if (f == F_HASH)
		memcpy(m->hash, p, ZEN_HASH_LEN);
	else if (f == F_HEADER)
		m->header = p;
	else if (f == F_ID)
		m->unknown_id = p[0];
	else
		set_u32(m, f, get_u32(p));
	return 0;
}

int zen_msg_decode(struct zen_msg *m, const uint8_t *p, size_t len,
		   struct zen_err *err)
{
	const struct layout *l;
	struct cursor c;
	size_t i;
	int ret;

	memset(m, 0, sizeof(*m));
	if (len < 3)
		return zen_fail(err, ZEN_EINVAL, "message too short");
	if (p[0] != ZEN_MSG_SIGNATURE >> 8 || p[1] != (ZEN_MSG_SIGNATURE & 0xff))
		return zen_fail(err, ZEN_EINVAL, "bad signature");
	l = layout_of(p[2]);
	if (!l)
		return zen_fail(err, ZEN_EINVAL, "unknown message id %u", p[2]);
	m->id = (enum zen_msg_id)p[2];
	c.at = p + 3;
	c.left = len - 3;
	/* bytes after the last field are ignored, as the reference does */
	for (i = 0; i < ZEN_ARRAY_SIZE(l->fields) && l->fields[i]; i++) {
		ret = read_field(m, l->fields[i], &c, l->name, err);
		if (ret) {
			memset(m, 0, sizeof(*m));
			return ret;
		}
	}
	return 0;
}

/* ---- encoding ---- */

static void write_field(struct zen_buf *out, const struct zen_msg *m,
			enum field f)
{
	switch (f) {
	case F_CHUNK:
		ZEN_ASSERT(m->chunk.len <= ZEN_MSG_MAX_CHUNK);
		ZEN_ASSERT(m->chunk.p || !m->chunk.len);
		put_u32(out, (uint32_t)m->chunk.len);
		zen_buf_add(out, m->chunk.p, m->chunk.len);
		break;
	case F_HASH:
		zen_buf_add(out, m->hash, ZEN_HASH_LEN);
		break;
	case F_HEADER:
		ZEN_ASSERT(m->header);
		zen_buf_add(out, m->header, ZEN_HEADER_LEN);
		break;
	case F_ID:
		zen_buf_addch(out, m->unknown_id);
		break;
	default:
		put_u32(out, u32_of(m, f));
		break;
	}
}

void zen_msg_encode(struct zen_buf *out, const struct zen_msg *m)
{
	const struct layout *l = layout_of(m->id);
	size_t i;

	ZEN_ASSERT(l);
	zen_buf_addch(out, ZEN_MSG_SIGNATURE >> 8);
	zen_buf_addch(out, ZEN_MSG_SIGNATURE & 0xff);
	zen_buf_addch(out, (uint8_t)m->id);
	for (i = 0; i < ZEN_ARRAY_SIZE(l->fields) && l->fields[i]; i++)
		write_field(out, m, l->fields[i]);
}

static int field_equal(const struct zen_msg *a, const struct zen_msg *b,
		       enum field f)
{
	switch (f) {
	case F_CHUNK:
		return a->chunk.len == b->chunk.len && (!a->chunk.len ||
			!memcmp(a->chunk.p, b->chunk.p, a->chunk.len));
	case F_HASH:
		return !memcmp(a->hash, b->hash, ZEN_HASH_LEN);
	case F_HEADER:
		return !memcmp(a->header, b->header, ZEN_HEADER_LEN);
	case F_ID:
		return a->unknown_id == b->unknown_id;
	default:
		return u32_of(a, f) == u32_of(b, f);
	}
}

int zen_msg_equal(const struct zen_msg *a, const struct zen_msg *b)
{
	const struct layout *l = layout_of(a->id);
	size_t i;

	if (a->id != b->id)
		return 0;
	if (!l)		/* not a message: nothing more to compare */
		return 1;
	for (i = 0; i < ZEN_ARRAY_SIZE(l->fields) && l->fields[i]; i++)
		if (!field_equal(a, b, l->fields[i]))
			return 0;
	return 1;
}

/* ---- chunk contents ---- */

uint32_t zen_msg_count(const struct zen_msg *m)
{
	return m->count >= 0x80000000u ? 0 : m->count;
}

size_t zen_msg_hashes(const struct zen_msg_chunk *c, int *exact)
{
	if (exact)
		*exact = c->len % ZEN_HASH_LEN == 0;
	return c->len / ZEN_HASH_LEN;
}

size_t zen_msg_headers(const struct zen_msg_chunk *c)
{
	return c->len / ZEN_HEADER_LEN;
}

/* One entry: u32 BE length, that many ASCII bytes, u64 BE timestamp. */
static int read_address(struct zen_msg_address *a, struct cursor *c,
			struct zen_err *err)
{
	const uint8_t *p = take(c, 4), *text;
	uint32_t len;
	size_t i;

	if (!p)
		return zen_fail(err, ZEN_EINVAL, "truncated address entry");
	len = get_u32(p);
	if (len >= 0x80000000u)
		return zen_fail(err, ZEN_EINVAL, "address length too large");
	text = take(c, len);
	p = take(c, 8);
	if (!text || !p)
		return zen_fail(err, ZEN_EINVAL, "truncated address entry");
	if (len >= sizeof(a->text))
		return zen_fail(err, ZEN_EINVAL, "address too long");
	for (i = 0; i < len; i++) {
		if (!text[i])
			return zen_fail(err, ZEN_EINVAL,
					"address contains a nul byte");
		/* the reference's ASCII decoding (2.3) */
		a->text[i] = text[i] >= 0x80 ? '?' : (char)text[i];
	}
	a->text[len] = '\0';
	a->timestamp_ms = (uint64_t)get_u32(p) << 32 | get_u32(p + 4);
	return 0;
}

int zen_msg_addresses(const struct zen_msg *m, struct zen_msg_address **out,
		      size_t *n, struct zen_err *err)
{
	uint32_t count = zen_msg_count(m), i;
	struct cursor c = { m->chunk.p, m->chunk.len };
	struct zen_msg_address *list;
	int ret;

	*out = NULL;
	*n = 0;
	if (count > ZEN_MSG_MAX_ADDRESSES)
		return zen_fail(err, ZEN_EINVAL, "too many addresses");
	if (!count)
		return 0;
	list = zen_xcalloc(count, sizeof(*list));
	for (i = 0; i < count; i++) {
		ret = read_address(&list[i], &c, err);
		if (ret) {
			free(list);
			return ret;
		}
	}
	*out = list;
	*n = count;
	return 0;
}

void zen_msg_address_write(struct zen_buf *out, const char *text,
			   uint64_t timestamp_ms)
{
	size_t len = strlen(text);

	ZEN_ASSERT(len < 0x80000000u);
	put_u32(out, (uint32_t)len);
	zen_buf_add(out, text, len);
	put_u32(out, (uint32_t)(timestamp_ms >> 32));
	put_u32(out, (uint32_t)timestamp_ms);
}
