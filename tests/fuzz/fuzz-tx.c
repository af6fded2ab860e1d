/*
 * fuzz-tx.c - transaction decoding: decode; if accepted, the canonical
 * re-encoding must decode to the same canonical bytes and hashes.  (It
 * may be longer or shorter than the input: non-canonical varints,
 * amounts and assets are accepted, as by the reference.)
 */
#include "core/crypto/hash.h"
#include "core/types/tx.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_buf enc = ZEN_BUF_INIT, enc2 = ZEN_BUF_INIT;
	struct zen_tx tx, back;
	struct zen_reader r;
	uint8_t h[ZEN_HASH_LEN];

	zen_tx_init(&tx);
	zen_tx_init(&back);
	if (zen_tx_decode(&tx, data, size, NULL))
		goto out;
	FUZZ_CHECK(tx.raw_len <= size && !memcmp(tx.raw, data, tx.raw_len));
	zen_sha3(h, tx.raw, tx.raw_len);
	FUZZ_CHECK(!memcmp(h, tx.witness_hash, ZEN_HASH_LEN));
	zen_tx_encode(&enc, &tx, ZEN_TX_FULL);
	FUZZ_CHECK(enc.len == zen_tx_size(&tx, ZEN_TX_FULL));
	/* read, not decode: the canonical form may be all zeros (a bit-31
	 * list count re-encodes as 0) */
	zen_reader_init(&r, enc.data, enc.len);
	FUZZ_CHECK(!zen_tx_read(&r, &back, NULL));
	FUZZ_CHECK(back.raw_len == enc.len);
	zen_tx_encode(&enc2, &back, ZEN_TX_FULL);
	FUZZ_CHECK(enc2.len == enc.len && !memcmp(enc.data, enc2.data, enc.len));
	zen_tx_compute_hash(h, &tx);
	FUZZ_CHECK(!memcmp(h, back.tx_hash, ZEN_HASH_LEN));
	FUZZ_CHECK(zen_tx_ref_size(&tx, ZEN_TX_FULL) >= enc.len);
out:
	zen_tx_release(&tx);
	zen_tx_release(&back);
	zen_buf_release(&enc);
	zen_buf_release(&enc2);
	return 0;
}
