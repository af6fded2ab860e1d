/*
 * fuzz-block.c - block decoding: decode; if accepted, the re-encoding
 * (header, commitments, raw transactions) is never longer than the
 * consumed bytes, decodes again to the same transactions and encodes to
 * itself.
 */
#include "core/types/block.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_buf enc = ZEN_BUF_INIT, enc2 = ZEN_BUF_INIT;
	struct zen_block b, back;
	uint8_t tr[ZEN_HASH_LEN], wr[ZEN_HASH_LEN];
	size_t used = 0, used2 = 0;

	zen_block_init(&b);
	zen_block_init(&back);
	if (zen_block_decode(&b, data, size, &used, NULL))
		goto out;
	FUZZ_CHECK(used <= size && b.n_commitments >= 3);
	zen_block_encode(&enc, &b);
	/* a bit-31 list count decodes as empty and re-encodes as 0 */
	FUZZ_CHECK(enc.len <= used);
	FUZZ_CHECK(!zen_block_decode(&back, enc.data, enc.len, &used2, NULL));
	FUZZ_CHECK(used2 == enc.len && back.n_txs == b.n_txs);
	/* the canonical bytes are a fixed point */
	zen_block_encode(&enc2, &back);
	FUZZ_CHECK(enc2.len == enc.len && !memcmp(enc2.data, enc.data, enc.len));
	for (size_t i = 0; i < b.n_txs; i++)
		FUZZ_CHECK(!memcmp(b.txs[i].witness_hash,
				   back.txs[i].witness_hash, ZEN_HASH_LEN));
	if (b.n_txs)
		FUZZ_CHECK(!zen_block_tx_roots(tr, wr, &b, NULL));
out:
	zen_block_release(&b);
	zen_block_release(&back);
	zen_buf_release(&enc);
	zen_buf_release(&enc2);
	return 0;
}
