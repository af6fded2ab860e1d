/*
 * fuzz-txskel.c - libFuzzer harness for the TxSkeleton of POST
 * /blockchain/contract/execute (core/wallet/txskel.h): decode; a refusal
 * has a message and leaves the skeleton empty; an accepted skeleton
 * re-encodes to canonical bytes (not always the input's: non-canonical
 * varints, amounts and assets are accepted, as in transactions) that
 * decode again to the same inputs and outputs and encode to themselves.
 */
#include "core/wallet/txskel.h"
#include "fuzz.h"

static void same(const struct zen_txskel *a, const struct zen_txskel *b)
{
	FUZZ_CHECK(a->n_in == b->n_in && a->n_outputs == b->n_outputs);
	for (size_t i = 0; i < a->n_in; i++) {
		FUZZ_CHECK(a->in_is_mint[i] == b->in_is_mint[i]);
		if (a->in_is_mint[i])
			FUZZ_CHECK(a->in_mints[i].amount == b->in_mints[i].amount &&
				   a->in_mints[i].amount != 0);
		else
			FUZZ_CHECK(a->in_outpoints[i].index ==
				   b->in_outpoints[i].index);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_buf enc = ZEN_BUF_INIT, again = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_txskel s, back;

	zen_txskel_init(&s);
	zen_txskel_init(&back);
	if (zen_txskel_decode(&s, data, size, &err)) {
		FUZZ_CHECK(err.msg[0] && s.n_in == 0 && s.n_outputs == 0);
		goto out;
	}
	zen_txskel_encode(&enc, &s);
	FUZZ_CHECK(!zen_txskel_decode(&back, enc.data, enc.len, NULL));
	same(&s, &back);
	zen_txskel_encode(&again, &back);
	FUZZ_CHECK(again.len == enc.len && !memcmp(again.data, enc.data, enc.len));
out:
	zen_txskel_release(&s);
	zen_txskel_release(&back);
	zen_buf_release(&enc);
	zen_buf_release(&again);
	return 0;
}
