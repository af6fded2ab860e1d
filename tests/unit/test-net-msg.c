/*
 * Unit tests of the peer-to-peer message codec (src/net/msg.c): every
 * message vector of p2p.json (p2p.md 9.1) encodes to its bytes and decodes
 * back, every id round-trips, every malformed case of p2p.md 2.1 is
 * refused with its message, trailing bytes are ignored, chunk lengths at
 * and over the limits, and Addresses entries (2.3, 12).
 */
#include <stdlib.h>
#include <string.h>

#include "core/encoding/hex.h"
#include "core/types/block.h"
#include "net/msg.h"
#include "tap.h"

#define VEC "p2p.json"

/* The 21 messages of p2p.md 2.2, written here from the table, not taken
 * from the codec. */
static const struct {
	unsigned id;
	const char *name;
	size_t body;	/* bytes of the body with empty chunks */
} table[] = {
	{ 1, "Hello", 12 }, { 2, "HelloAck", 8 }, { 3, "Ping", 4 },
	{ 4, "Pong", 4 }, { 5, "NewTransactions", 4 },
	{ 6, "Transactions", 8 }, { 7, "GetAddresses", 0 },
	{ 8, "Addresses", 8 }, { 9, "GetMemPool", 0 }, { 10, "MemPool", 4 },
	{ 11, "GetTransactions", 4 }, { 12, "GetBlock", 32 },
	{ 13, "Block", 4 }, { 14, "GetTip", 0 }, { 15, "Tip", 100 },
	{ 16, "NewBlock", 100 }, { 17, "GetHeaders", 36 },
	{ 18, "Headers", 4 }, { 100, "UnknownPeer", 0 },
	{ 101, "UnknownMessage", 1 }, { 102, "IncorrectNetwork", 0 },
};

static struct zen_buf unhex(const char *hex)
{
	struct zen_buf b = ZEN_BUF_INIT;

	if (zen_hex_decode(&b, hex, strlen(hex), NULL)) {
		tap_diag("bad hex in vector: %s", hex);
		abort();
	}
	return b;
}

static unsigned id_of(const char *name)
{
	size_t i;

	for (i = 0; i < ZEN_ARRAY_SIZE(table); i++)
		if (!strcmp(table[i].name, name))
			return table[i].id;
	tap_diag("no message named %s", name);
	abort();
}

/* ---- building messages from vector inputs ---- */

/* The bytes a message points into while it is checked. */
struct held {
	struct zen_buf chunk, header;
};

static void held_release(struct held *h)
{
	zen_buf_release(&h->chunk);
	zen_buf_release(&h->header);
}

static uint32_t opt_u32(json_t *in, const char *key)
{
	return json_object_get(in, key) ? (uint32_t)tap_ju64(in, key) : 0;
}

static void build(struct zen_msg *m, struct held *h, json_t *in)
{
	json_t *j;

	memset(m, 0, sizeof(*m));
	m->id = (enum zen_msg_id)id_of(tap_jstr(in, "message"));
	m->network = opt_u32(in, "network");
	m->version = opt_u32(in, "version");
	m->nonce = opt_u32(in, "nonce");
	m->count = opt_u32(in, "count");
	m->unknown_id = (uint8_t)opt_u32(in, "unknownId");
	if ((j = json_object_get(in, "hashHex")) &&
	    zen_hex_decode_fixed(m->hash, ZEN_HASH_LEN, json_string_value(j), NULL))
		abort();
	if ((j = json_object_get(in, "headerHex"))) {
		h->header = unhex(json_string_value(j));
		m->header = h->header.data;
	}
	if ((j = json_object_get(in, "chunkHex"))) {
		h->chunk = unhex(json_string_value(j));
		m->chunk.p = h->chunk.data;
		m->chunk.len = h->chunk.len;
	}
}

/* An Addresses vector lists its entries: its chunk is made of them. */
static void build_addresses(struct zen_buf *chunk, json_t *list)
{
	json_t *a;
	size_t i;

	json_array_foreach(list, i, a)
		zen_msg_address_write(chunk, tap_jstr(a, "address"),
				      tap_ju64(a, "timestamp"));
}

static int same_entries(const struct zen_msg_address *got, size_t n,
			json_t *list)
{
	json_t *a;
	size_t i;

	if (n != json_array_size(list))
		return 0;
	json_array_foreach(list, i, a)
		if (strcmp(got[i].text, tap_jstr(a, "address")) ||
		    got[i].timestamp_ms != tap_ju64(a, "timestamp"))
			return 0;
	return 1;
}

/* ---- the vectors ---- */

static void check_message_vector(const char *id, json_t *in, const char *hex)
{
	struct zen_msg m, d;
	struct held h = { ZEN_BUF_INIT, ZEN_BUF_INIT };
	struct zen_buf out = ZEN_BUF_INIT, want = unhex(hex);
	struct zen_err err = ZEN_ERR_INIT;
	json_t *list = json_object_get(in, "addresses");

	build(&m, &h, in);
	if (list) {
		build_addresses(&h.chunk, list);
		m.chunk.p = h.chunk.data;
		m.chunk.len = h.chunk.len;
	}
	zen_msg_encode(&out, &m);
	tap_hex(out.data, out.len, hex, "%s encodes to its bytes", id);
	tap_ok(!zen_msg_decode(&d, want.data, want.len, &err) &&
	       zen_msg_equal(&d, &m), "%s decodes to its message %s", id,
	       err.msg);
	if (list) {
		struct zen_msg_address *a = NULL;
		size_t n = 0;

		tap_ok(!zen_msg_addresses(&d, &a, &n, &err) &&
		       same_entries(a, n, list), "%s entries read back %s", id,
		       err.msg);
		free(a);
	}
	zen_buf_release(&out);
	zen_buf_release(&want);
	held_release(&h);
}

static void check_entry_vector(const char *id, json_t *in, const char *hex)
{
	struct zen_buf out = ZEN_BUF_INIT;

	zen_msg_address_write(&out, tap_jstr(in, "address"),
			      tap_ju64(in, "timestamp"));
	tap_hex(out.data, out.len, hex, "%s written", id);
	zen_buf_release(&out);
}

static void check_malformed_vector(const char *id, json_t *in, json_t *exp)
{
	struct zen_buf b = unhex(tap_jstr(in, "frameHex"));
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_msg m;

	tap_ok(zen_msg_decode(&m, b.data, b.len, &err) == ZEN_EINVAL,
	       "%s is malformed", id);
	tap_str(err.msg, tap_jstr(exp, "malformed"), "%s: the reason", id);
	zen_buf_release(&b);
}

static void test_vectors(void)
{
	json_t *vs = tap_vectors(VEC), *v;
	size_t i, seen = 0, zmtp = 0;

	json_array_foreach(vs, i, v) {
		const char *id = tap_jstr(v, "id");
		json_t *in = tap_jget(v, "input"), *exp = tap_jget(v, "expected");
		json_t *hex = json_object_get(exp, "hex");

		if (json_object_get(in, "message") && hex)
			check_message_vector(id, in, json_string_value(hex));
		else if (json_object_get(in, "address") && hex)
			check_entry_vector(id, in, json_string_value(hex));
		else if (json_object_get(exp, "malformed"))
			check_malformed_vector(id, in, exp);
		else {
			/* the ZMTP stream vectors: test-net-zmtp's */
			zmtp++;
			continue;
		}
		tap_mark(id);
		seen++;
	}
	tap_u64(seen, 44, "every message vector was checked");
	tap_u64(zmtp, 2, "and only the two ZMTP vectors were left");
}

/* The genesis vectors agree with blocks.json, the source they name. */
static void test_genesis_sources(void)
{
	json_t *g = tap_vector("blocks.json", "local-genesis");
	json_t *gexp = tap_jget(g, "expected");
	const char *header = tap_jstr(gexp, "headerHex");
	const char *block = tap_jstr(tap_jget(g, "input"), "blockHex");
	json_t *in;

	in = tap_jget(tap_vector(VEC, "genesis-tip"), "input");
	tap_str(tap_jstr(in, "headerHex"), header, "Tip(genesis) carries the header of blocks.json");
	in = tap_jget(tap_vector(VEC, "genesis-block"), "input");
	tap_str(tap_jstr(in, "chunkHex"), block, "Block(genesis) carries the block of blocks.json");
	in = tap_jget(tap_vector(VEC, "genesis-getblock"), "input");
	tap_str(tap_jstr(in, "hashHex"), tap_jstr(gexp, "blockHash"),
		"GetBlock(genesis) asks for the block hash of blocks.json");
}

/* ---- every id ---- */

/* A message of each id with every field set to something distinct. */
static void sample(struct zen_msg *m, unsigned id, const uint8_t *bytes)
{
	memset(m, 0, sizeof(*m));
	m->id = (enum zen_msg_id)id;
	switch (id) {
	case ZEN_MSG_HELLO:
		m->nonce = 0x80000001u;
		/* fall through */
	case ZEN_MSG_HELLO_ACK:
		m->network = 1002;
		m->version = 0xffffffffu;
		break;
	case ZEN_MSG_PING:
	case ZEN_MSG_PONG:
		m->nonce = 0xdeadbeefu;
		break;
	case ZEN_MSG_TRANSACTIONS:
	case ZEN_MSG_ADDRESSES:
		m->count = 7;
		break;
	case ZEN_MSG_GET_BLOCK:
	case ZEN_MSG_GET_HEADERS:
		memcpy(m->hash, bytes + 5, ZEN_HASH_LEN);
		break;
	case ZEN_MSG_TIP:
	case ZEN_MSG_NEW_BLOCK:
		m->header = bytes + 1;
		break;
	case ZEN_MSG_UNKNOWN_MESSAGE:
		m->unknown_id = 0xfe;
		break;
	}
	/* a chunk of 300 bytes for every message that has one */
	m->chunk.p = bytes;
	m->chunk.len = 300;
}

static int has_chunk(unsigned id)
{
	return id == 5 || id == 6 || id == 8 || id == 10 || id == 11 ||
	       id == 13 || id == 17 || id == 18;
}

static void test_each_id(void)
{
	uint8_t bytes[400];
	size_t i;

	for (i = 0; i < sizeof(bytes); i++)
		bytes[i] = (uint8_t)(i * 7 + 3);
	for (i = 0; i < ZEN_ARRAY_SIZE(table); i++) {
		struct zen_msg m, d, other;
		struct zen_buf out = ZEN_BUF_INIT;
		struct zen_err err = ZEN_ERR_INIT;
		unsigned id = table[i].id;
		size_t body = table[i].body + (has_chunk(id) ? 300 : 0);

		sample(&m, id, bytes);
		zen_msg_encode(&out, &m);
		tap_u64(out.len, 3 + body, "%s: 3 + %zu bytes", table[i].name, body);
		tap_ok(out.len >= 3 && out.data[0] == 0xeb && out.data[1] == 0xf5 &&
		       out.data[2] == id, "%s: envelope EB F5 %02x", table[i].name, id);
		tap_ok(!zen_msg_decode(&d, out.data, out.len, &err) &&
		       zen_msg_equal(&d, &m), "%s: decode(encode(m)) == m %s",
		       table[i].name, err.msg);
		tap_str(zen_msg_name(id), table[i].name, "name of id %u", id);
		/* a different message of another id is not equal */
		sample(&other, table[(i + 1) % ZEN_ARRAY_SIZE(table)].id, bytes);
		tap_ok(!zen_msg_equal(&d, &other), "%s differs from %s",
		       table[i].name, zen_msg_name(other.id));
		zen_buf_release(&out);
	}
}

static int known(unsigned id)
{
	size_t i;

	for (i = 0; i < ZEN_ARRAY_SIZE(table); i++)
		if (table[i].id == id)
			return 1;
	return 0;
}

/* Ids 0, 19-99 and 103-255 are malformed (2.2). */
static void test_unknown_ids(void)
{
	unsigned id, bad = 0, named = 0;

	for (id = 0; id < 256; id++) {
		uint8_t b[16] = { 0xeb, 0xf5, (uint8_t)id };
		struct zen_err err = ZEN_ERR_INIT;
		struct zen_msg m;
		char want[64];

		if (known(id))
			continue;
		snprintf(want, sizeof(want), "unknown message id %u", id);
		if (zen_msg_decode(&m, b, sizeof(b), &err) != ZEN_EINVAL ||
		    strcmp(err.msg, want)) {
			tap_diag("id %u: %s", id, err.msg);
			bad++;
		}
		if (zen_msg_name(id))
			named++;
	}
	tap_u64(bad, 0, "the 235 other ids are refused as unknown");
	tap_u64(named, 0, "and have no name");
}

/* ---- malformed cases of 2.1 ---- */

static void expect_malformed(const uint8_t *p, size_t n, const char *want,
			     const char *what)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_msg m;
	int ret = zen_msg_decode(&m, p, n, &err);

	tap_ok(ret == ZEN_EINVAL, "%s: malformed", what);
	tap_str(err.msg, want, "%s: the reason", what);
	tap_ok(m.id == 0 && !m.chunk.p && !m.header, "%s: nothing decoded", what);
}

static void test_short_and_signature(void)
{
	static const uint8_t ping[] = { 0xeb, 0xf5, 0x03, 0, 0, 0, 1 };
	uint8_t b[7];

	expect_malformed(ping, 0, "message too short", "0 bytes");
	expect_malformed(ping, 1, "message too short", "1 byte");
	expect_malformed(ping, 2, "message too short", "2 bytes");
	memcpy(b, ping, sizeof(b));
	b[0] = 0xea;
	expect_malformed(b, sizeof(b), "bad signature", "signature EA F5");
	b[0] = 0xeb;
	b[1] = 0xf4;
	expect_malformed(b, sizeof(b), "bad signature", "signature EB F4");
	b[0] = 0xf5;
	b[1] = 0xeb;
	expect_malformed(b, sizeof(b), "bad signature", "signature F5 EB (little-endian)");
}

/*
 * Every vector cut short at every length from 3 to one byte before its
 * end is "truncated NAME" (its fixed fields or the chunk's bytes are
 * missing); an empty body has nothing to cut.
 */
static void test_truncated(void)
{
	json_t *vs = tap_vectors(VEC), *v;
	size_t i;

	json_array_foreach(vs, i, v) {
		json_t *in = tap_jget(v, "input"), *exp = tap_jget(v, "expected");
		const char *name;
		struct zen_buf b;
		char want[64];
		size_t n, bad = 0, cuts = 0;

		if (!json_object_get(in, "message") || !json_object_get(exp, "hex"))
			continue;
		name = tap_jstr(in, "message");
		b = unhex(tap_jstr(exp, "hex"));
		snprintf(want, sizeof(want), "truncated %s", name);
		for (n = 3; n < b.len; n++) {
			/* a private copy: ASan sees a read past n */
			uint8_t *cut = zen_xmemdup(b.data, n);
			struct zen_err err = ZEN_ERR_INIT;
			struct zen_msg m;

			if (zen_msg_decode(&m, cut, n, &err) != ZEN_EINVAL ||
			    strcmp(err.msg, want)) {
				if (!bad)
					tap_diag("cut at %zu: %s", n, err.msg);
				bad++;
			}
			cuts++;
			free(cut);
		}
		tap_ok(!bad, "%s cut short at each of %zu lengths: \"%s\"",
		       tap_jstr(v, "id"), cuts, want);
		zen_buf_release(&b);
	}
}

/* A chunk's declared length longer than what follows. */
static void test_chunk_overrun(void)
{
	static const uint8_t b[] = { 0xeb, 0xf5, 0x0d, 0, 0, 0, 0x0d,
				     'C', 'a', 'p', 't', 'c', 'h', 'a', ' ',
				     'D', 'i', 'e', 'm' };
	/* GetHeaders: the from chunk complete, endHash 31 bytes */
	uint8_t gh[3 + 4 + 32 + 31];

	expect_malformed(b, sizeof(b), "truncated Block",
			 "Block declaring 13 bytes, 12 present");
	memset(gh, 0, sizeof(gh));
	gh[0] = 0xeb;
	gh[1] = 0xf5;
	gh[2] = 0x11;
	gh[6] = 0x20;
	expect_malformed(gh, sizeof(gh), "truncated GetHeaders",
			 "GetHeaders with an endHash of 31 bytes");
}

/* ---- trailing bytes ---- */

static void test_trailing(void)
{
	json_t *vs = tap_vectors(VEC), *v;
	size_t i, bad = 0, n = 0;

	json_array_foreach(vs, i, v) {
		json_t *in = tap_jget(v, "input"), *exp = tap_jget(v, "expected");
		struct zen_buf b, alone, re = ZEN_BUF_INIT;
		struct zen_msg m, d;
		size_t len;

		if (!json_object_get(in, "message") || !json_object_get(exp, "hex"))
			continue;
		alone = unhex(tap_jstr(exp, "hex"));
		b = unhex(tap_jstr(exp, "hex"));
		len = b.len;
		if (zen_msg_decode(&m, alone.data, alone.len, NULL))
			abort();
		/* another message's bytes and junk after the last field */
		zen_buf_add(&b, "\xeb\xf5\x03\xff\x00\x80", 6);
		if (zen_msg_decode(&d, b.data, b.len, NULL) || !zen_msg_equal(&d, &m))
			bad++;
		/* re-encoding gives back exactly the message's own bytes */
		zen_msg_encode(&re, &d);
		if (re.len != len || memcmp(re.data, b.data, len))
			bad++;
		n++;
		zen_buf_release(&b);
		zen_buf_release(&alone);
		zen_buf_release(&re);
	}
	tap_ok(!bad && n == 44 - 2, "trailing bytes are ignored (%zu messages)", n);
}

/* ---- chunk length limits ---- */

static void chunk_header(uint8_t b[7], uint8_t id, uint32_t len)
{
	b[0] = 0xeb;
	b[1] = 0xf5;
	b[2] = id;
	b[3] = (uint8_t)(len >> 24);
	b[4] = (uint8_t)(len >> 16);
	b[5] = (uint8_t)(len >> 8);
	b[6] = (uint8_t)len;
}

static void test_chunk_limits(void)
{
	static const uint32_t too_large[] = {
		0x80000000u, 0xffffffffu, 0xfffffff0u, 0x7fffffffu,
		ZEN_MSG_MAX_CHUNK + 1,
	};
	uint8_t b[64];
	size_t i, total = 7 + (size_t)ZEN_MSG_MAX_CHUNK;
	uint8_t *big;
	struct zen_msg m;
	struct zen_err err = ZEN_ERR_INIT;

	memset(b, 0x7b, sizeof(b));
	for (i = 0; i < ZEN_ARRAY_SIZE(too_large); i++) {
		char what[64];

		snprintf(what, sizeof(what), "Block chunk length 0x%08x",
			 (unsigned)too_large[i]);
		chunk_header(b, ZEN_MSG_BLOCK, too_large[i]);
		expect_malformed(b, sizeof(b), "chunk too large", what);
	}
	/* the chunk of Transactions comes after its count */
	memcpy(b + 3, "\0\0\0\1\x80\0\0\0", 8);
	b[2] = ZEN_MSG_TRANSACTIONS;
	expect_malformed(b, sizeof(b), "chunk too large",
			 "Transactions chunk length 0x80000000");
	/* exactly the limit, all bytes present: accepted */
	big = zen_xcalloc(1, total);
	chunk_header(big, ZEN_MSG_BLOCK, ZEN_MSG_MAX_CHUNK);
	tap_ok(!zen_msg_decode(&m, big, total, &err) &&
	       m.chunk.len == ZEN_MSG_MAX_CHUNK && m.chunk.p == big + 7,
	       "a chunk of exactly ZEN_MSG_MAX_CHUNK bytes decodes %s", err.msg);
	expect_malformed(big, total - 1, "truncated Block",
			 "a chunk of ZEN_MSG_MAX_CHUNK bytes, one missing");
	free(big);
	tap_ok(ZEN_MSG_MAX_CHUNK >= 80000000u,
	       "the limit holds a block of maxBlockWeight (80,000,000 bytes)");
}

/* ---- decoded fields point into the input ---- */

static void test_views(void)
{
	struct zen_buf b = unhex(tap_jstr(tap_jget(tap_vector(VEC, "genesis-getheaders"),
						   "expected"), "hex"));
	struct zen_buf t = unhex(tap_jstr(tap_jget(tap_vector(VEC, "genesis-tip"),
						   "expected"), "hex"));
	struct zen_msg m;
	int exact = 0;

	tap_ok(!zen_msg_decode(&m, b.data, b.len, NULL) &&
	       m.chunk.p == b.data + 7 && m.chunk.len == 32,
	       "GetHeaders.from points into the input");
	tap_u64(zen_msg_hashes(&m.chunk, &exact), 1, "GetHeaders(genesis): one start hash");
	tap_ok(exact, "GetHeaders(genesis): a whole number of hashes");
	tap_ok(!zen_msg_decode(&m, t.data, t.len, NULL) && m.header == t.data + 3,
	       "Tip's header points into the input");
	zen_buf_release(&b);
	zen_buf_release(&t);
}

/* ---- hash and header lists (2.3) ---- */

static void test_lists(void)
{
	uint8_t bytes[250] = { 0 };
	struct zen_msg_chunk c = { bytes, 0 };
	int exact = -1;

	tap_u64(zen_msg_hashes(&c, &exact), 0, "empty hash list: 0 hashes");
	tap_ok(exact == 1, "empty hash list is whole (MemPool may be empty)");
	c.len = 12;
	tap_u64(zen_msg_hashes(&c, &exact), 0, "12 bytes: 0 hashes");
	tap_ok(exact == 0, "12 bytes is not a hash list (the message is ignored)");
	c.len = 65;
	tap_u64(zen_msg_hashes(&c, &exact), 2, "65 bytes: 2 hashes, a short tail");
	tap_ok(exact == 0, "65 bytes: not whole");
	c.len = 96;
	tap_u64(zen_msg_hashes(&c, &exact), 3, "96 bytes: 3 hashes");
	tap_ok(exact == 1, "96 bytes: whole");
	tap_u64(zen_msg_hashes(&c, NULL), 3, "exact may be NULL");
	c.len = 0;
	tap_u64(zen_msg_headers(&c), 0, "no headers");
	c.len = 99;
	tap_u64(zen_msg_headers(&c), 0, "99 bytes: the short piece is dropped");
	c.len = 250;
	tap_u64(zen_msg_headers(&c), 2, "250 bytes: 2 headers");
}

/* ---- Addresses ---- */

static int read_addresses(const uint8_t *chunk, size_t len, uint32_t count,
			  struct zen_msg_address **a, size_t *n,
			  struct zen_err *err)
{
	struct zen_msg m;

	memset(&m, 0, sizeof(m));
	m.id = ZEN_MSG_ADDRESSES;
	m.count = count;
	m.chunk.p = chunk;
	m.chunk.len = len;
	return zen_msg_addresses(&m, a, n, err);
}

static void expect_addresses_refused(const struct zen_buf *chunk,
				     uint32_t count, const char *want,
				     const char *what)
{
	struct zen_msg_address *a = (void *)1;
	struct zen_err err = ZEN_ERR_INIT;
	size_t n = 99;
	/* a private copy: ASan sees a read past the chunk */
	uint8_t *p = zen_xmemdup(chunk->data ? chunk->data : (uint8_t *)"", chunk->len);

	tap_ok(read_addresses(p, chunk->len, count, &a, &n, &err) == ZEN_EINVAL &&
	       !a && !n, "%s: refused, nothing returned", what);
	tap_str(err.msg, want, "%s: the reason", what);
	free(p);
}

static void test_addresses(void)
{
	struct zen_buf c = ZEN_BUF_INIT;
	struct zen_msg_address *a = NULL;
	struct zen_err err = ZEN_ERR_INIT;
	size_t n = 99, i;
	char longer[300];

	/* a count of 2^31 or more is an empty list (12) */
	zen_msg_address_write(&c, "127.0.0.1:5555", 0);
	tap_ok(!read_addresses(c.data, c.len, 0x80000000u, &a, &n, &err) &&
	       !a && n == 0, "count 0x80000000: an empty list");
	tap_ok(!read_addresses(c.data, c.len, 0, &a, &n, &err) && !a && n == 0,
	       "count 0: an empty list");
	/* fewer entries than the count */
	expect_addresses_refused(&c, 2, "truncated address entry",
				 "count 2, one entry");
	/* an entry cut in its timestamp, its text, its length */
	for (i = 1; i < c.len; i++) {
		struct zen_buf cut = ZEN_BUF_INIT;

		zen_buf_add(&cut, c.data, i);
		if (i == 1 || i == 10 || i == c.len - 1)
			expect_addresses_refused(&cut, 1, "truncated address entry",
						 i == 1 ? "entry cut in its length" :
						 i == 10 ? "entry cut in its text" :
						 "entry cut in its timestamp");
		zen_buf_release(&cut);
	}
	/* trailing bytes after count entries are ignored */
	zen_buf_add(&c, "\xff\xff\xff\xff", 4);
	tap_ok(!read_addresses(c.data, c.len, 1, &a, &n, &err) && n == 1 &&
	       !strcmp(a[0].text, "127.0.0.1:5555"), "trailing bytes ignored");
	free(a);
	/* an entry length with bit 31 set (the reference dies of it) */
	zen_buf_reset(&c);
	zen_buf_add(&c, "\x80\0\0\x0e" "127.0.0.1:5555\0\0\0\0\0\0\0\0", 4 + 14 + 8);
	expect_addresses_refused(&c, 1, "address length too large",
				 "entry length 0x8000000e");
	/* 255 bytes is the longest text; 256 is refused */
	memset(longer, '1', sizeof(longer));
	longer[255] = '\0';
	zen_buf_reset(&c);
	zen_msg_address_write(&c, longer, 42);
	tap_ok(!read_addresses(c.data, c.len, 1, &a, &n, &err) && n == 1 &&
	       strlen(a[0].text) == 255 && a[0].timestamp_ms == 42,
	       "a 255-byte address is read %s", err.msg);
	free(a);
	longer[255] = '1';
	longer[256] = '\0';
	zen_buf_reset(&c);
	zen_msg_address_write(&c, longer, 42);
	expect_addresses_refused(&c, 1, "address too long", "a 256-byte address");
	/* a NUL byte would cut the C string: "127.0.0.1:5555\0junk" */
	zen_buf_reset(&c);
	zen_buf_add(&c, "\0\0\0\x13" "127.0.0.1:5555\0junk" "\0\0\0\0\0\0\0\0", 4 + 19 + 8);
	expect_addresses_refused(&c, 1, "address contains a nul byte",
				 "an address with a NUL byte");
	/* bytes >= 0x80 read as '?' (ASCII decoding, 2.3) */
	zen_buf_reset(&c);
	zen_buf_add(&c, "\0\0\0\x06" "1\x80\xff:9\x7f" "\0\0\0\0\0\0\0\x01", 4 + 6 + 8);
	tap_ok(!read_addresses(c.data, c.len, 1, &a, &n, &err) && n == 1 &&
	       !strcmp(a[0].text, "1??:9\x7f") && a[0].timestamp_ms == 1,
	       "bytes >= 0x80 read as '?'");
	free(a);
	/* at most ZEN_MSG_MAX_ADDRESSES entries are read */
	zen_buf_reset(&c);
	for (i = 0; i < ZEN_MSG_MAX_ADDRESSES + 1; i++)
		zen_msg_address_write(&c, "10.0.0.1:9655", i);
	tap_ok(!read_addresses(c.data, c.len, ZEN_MSG_MAX_ADDRESSES, &a, &n, &err) &&
	       n == ZEN_MSG_MAX_ADDRESSES && a[999].timestamp_ms == 999,
	       "1000 entries are read");
	free(a);
	expect_addresses_refused(&c, ZEN_MSG_MAX_ADDRESSES + 1, "too many addresses",
				 "1001 entries");
	expect_addresses_refused(&c, 0x7fffffffu, "too many addresses",
				 "count 0x7fffffff");
	zen_buf_release(&c);
}

static void test_count(void)
{
	struct zen_msg m;

	memset(&m, 0, sizeof(m));
	m.id = ZEN_MSG_TRANSACTIONS;
	m.count = 0x7fffffffu;
	tap_u64(zen_msg_count(&m), 0x7fffffffu, "count 0x7fffffff is itself");
	m.count = 0x80000000u;
	tap_u64(zen_msg_count(&m), 0, "count 0x80000000 is an empty list");
	m.count = 0xffffffffu;
	tap_u64(zen_msg_count(&m), 0, "count 0xffffffff is an empty list");
}

int main(void)
{
	test_vectors();
	test_genesis_sources();
	test_each_id();
	test_unknown_ids();
	test_short_and_signature();
	test_truncated();
	test_chunk_overrun();
	test_trailing();
	test_chunk_limits();
	test_views();
	test_lists();
	test_addresses();
	test_count();
	return tap_done();
}
