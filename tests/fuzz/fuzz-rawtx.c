/*
 * fuzz-rawtx.c - libFuzzer harness for raw (partially signed)
 * transactions, the body of /wallet/rawtx/sign and /wallet/rawtx/publish:
 * decode; if accepted, the canonical re-encoding decodes again to the
 * same transaction hash and witnesses and re-encodes to the same bytes
 * (not always the input's: non-canonical varints, amounts and assets
 * are accepted, as in transactions, and a key path is written as ASCII,
 * a byte >= 0x80 as '?').  Then it is
 * signed with a fixed key, which reads every key path, and the result
 * must still round-trip.
 */
#include "core/encoding/hex.h"
#include "core/wallet/rawtx.h"
#include "fuzz.h"

/*
 * The master key of the test suite's root mnemonic (tests/vectors/
 * wallet.json bip39-seed-root), derived once: the seed corpus holds empty
 * witnesses of its key at m/44'/258'/0'/0/0, which this harness signs.
 */
static const struct zen_xprv *master(void)
{
	static const char seed_hex[] = "4a16186d7839e5e5a8be70da9f38e2c9"
		"d4ee2e6f11a2c648d566283a8bc179db7981a964a86fd2d90dc97502"
		"e307874d9cdfd8effd3dee384b9c7bfa9cef15ed";
	static struct zen_xprv k;
	static int done;
	uint8_t seed[64];

	if (!done) {
		FUZZ_CHECK(!zen_hex_decode_fixed(seed, sizeof(seed), seed_hex,
						 NULL));
		FUZZ_CHECK(!zen_bip32_master(&k, seed, sizeof(seed), NULL));
		done = 1;
	}
	return &k;
}

/* Paths are written as ASCII: a byte >= 0x80 becomes '?' (ser.h). */
static int same_path(const char *orig, const char *back)
{
	for (; *orig; orig++, back++)
		if (*back != ((uint8_t)*orig >= 0x80 ? '?' : *orig))
			return 0;
	return *back == 0;
}

static void same_wits(const struct zen_rawtx *a, const struct zen_rawtx *b)
{
	FUZZ_CHECK(a->n_wits == b->n_wits);
	for (size_t i = 0; i < a->n_wits; i++) {
		const struct zen_rawwit *x = &a->wits[i], *y = &b->wits[i];

		FUZZ_CHECK(x->empty == y->empty);
		if (x->empty)
			FUZZ_CHECK(x->sighash == y->sighash &&
				   !memcmp(x->pubkey, y->pubkey, ZEN_PUBKEY_LEN) &&
				   same_path(x->path, y->path));
	}
}

/* encode rt; the bytes decode to the same thing and encode to themselves */
static void round_trip(const struct zen_rawtx *rt, struct zen_buf *enc)
{
	struct zen_buf again = ZEN_BUF_INIT;
	struct zen_rawtx back;

	zen_rawtx_init(&back);
	zen_buf_reset(enc);
	zen_rawtx_encode(enc, rt);
	FUZZ_CHECK(!zen_rawtx_decode(&back, enc->data, enc->len, NULL));
	FUZZ_CHECK(!memcmp(back.tx.tx_hash, rt->tx.tx_hash, ZEN_HASH_LEN));
	same_wits(rt, &back);
	zen_rawtx_encode(&again, &back);
	FUZZ_CHECK(again.len == enc->len &&
		   !memcmp(again.data, enc->data, enc->len));
	zen_rawtx_release(&back);
	zen_buf_release(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_buf enc = ZEN_BUF_INIT;
	struct zen_rawtx rt;
	struct zen_tx tx;
	struct zen_err err = ZEN_ERR_INIT;
	size_t n_signed = 0;

	zen_rawtx_init(&rt);
	zen_tx_init(&tx);
	if (zen_rawtx_decode(&rt, data, size, &err)) {
		FUZZ_CHECK(err.msg[0] && rt.n_wits == 0);
		goto out;
	}
	round_trip(&rt, &enc);
	if (!zen_rawtx_to_tx(&tx, &rt, NULL))
		FUZZ_CHECK(!memcmp(tx.tx_hash, rt.tx.tx_hash, ZEN_HASH_LEN));
	err = (struct zen_err)ZEN_ERR_INIT;
	if (zen_rawtx_sign(&rt, master(), &n_signed, &err))
		FUZZ_CHECK(err.msg[0]);
	else
		round_trip(&rt, &enc);
out:
	zen_tx_release(&tx);
	zen_rawtx_release(&rt);
	zen_buf_release(&enc);
	return 0;
}
