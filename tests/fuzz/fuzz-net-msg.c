/*
 * fuzz-net-msg.c - the peer-to-peer message decoder (src/net/msg.c), fed
 * what any peer may send: decoding never crashes; a decoded message
 * re-encodes to exactly the bytes it was read from (the envelope has one
 * encoding; what follows the last field is ignored), and those decode to
 * the same message; the chunk readers stay inside the chunk, and the
 * entries of an Addresses message write back to the bytes they came from.
 */
#include "core/types/block.h"
#include "net/msg.h"
#include "fuzz.h"

/* Entries written again give the chunk's first bytes, except that a byte
 * >= 0x80 of an address was read as '?'. */
static void check_addresses(const struct zen_msg *m)
{
	struct zen_msg_address *a = NULL;
	struct zen_buf out = ZEN_BUF_INIT;
	size_t n = 0, i;

	if (zen_msg_addresses(m, &a, &n, NULL)) {
		FUZZ_CHECK(!a && !n);
		return;
	}
	FUZZ_CHECK(n == zen_msg_count(m) && n <= ZEN_MSG_MAX_ADDRESSES);
	for (i = 0; i < n; i++)
		zen_msg_address_write(&out, a[i].text, a[i].timestamp_ms);
	FUZZ_CHECK(out.len <= m->chunk.len);
	for (i = 0; i < out.len; i++)
		FUZZ_CHECK(out.data[i] == m->chunk.p[i] ||
			   (m->chunk.p[i] >= 0x80 && out.data[i] == '?'));
	zen_buf_release(&out);
	free(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_msg m, again;
	struct zen_buf out = ZEN_BUF_INIT;
	int exact;

	if (zen_msg_decode(&m, data, size, NULL))
		return 0;
	FUZZ_CHECK(zen_msg_name(m.id) != NULL);
	FUZZ_CHECK(m.chunk.len <= ZEN_MSG_MAX_CHUNK);
	FUZZ_CHECK(!m.chunk.len || (m.chunk.p >= data &&
				    m.chunk.p + m.chunk.len <= data + size));
	FUZZ_CHECK(!m.header || (m.header >= data &&
				 m.header + ZEN_HEADER_LEN <= data + size));
	zen_msg_encode(&out, &m);
	FUZZ_CHECK(out.len <= size && !memcmp(out.data, data, out.len));
	FUZZ_CHECK(!zen_msg_decode(&again, out.data, out.len, NULL));
	FUZZ_CHECK(zen_msg_equal(&again, &m));
	FUZZ_CHECK(zen_msg_hashes(&m.chunk, &exact) * ZEN_HASH_LEN <= m.chunk.len);
	FUZZ_CHECK(exact == (m.chunk.len % ZEN_HASH_LEN == 0));
	FUZZ_CHECK(zen_msg_headers(&m.chunk) * ZEN_HEADER_LEN <= m.chunk.len);
	if (m.id == ZEN_MSG_ADDRESSES)
		check_addresses(&m);
	zen_buf_release(&out);
	return 0;
}
