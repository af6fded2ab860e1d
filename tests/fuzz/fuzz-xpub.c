/*
 * fuzz-xpub.c - libFuzzer harness for extended public keys, the text of
 * wallet importzenpublickey: Base58Check decoding must give back the very
 * text when re-encoded, and so must an extended public key accepted on
 * any chain (the text is its only form: no two texts decode alike).  A
 * key that decodes derives its first receive key without trouble.
 */
#include "core/wallet/base58.h"
#include "core/wallet/bip32.h"
#include "fuzz.h"

static void check_base58(const char *text)
{
	struct zen_buf raw = ZEN_BUF_INIT, again = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_base58check_decode(&raw, text, &err)) {
		FUZZ_CHECK(raw.len == 0 && err.msg[0]);
		goto out;
	}
	zen_base58check_encode(&again, raw.data, raw.len);
	FUZZ_CHECK(!strcmp(zen_buf_str(&again), text));
out:
	zen_buf_release(&raw);
	zen_buf_release(&again);
}

static void check_xpub(const char *text)
{
	for (int c = ZEN_CHAIN_MAIN; c <= ZEN_CHAIN_LOCAL; c++) {
		struct zen_buf again = ZEN_BUF_INIT;
		struct zen_err err = ZEN_ERR_INIT;
		struct zen_xpub k, child;

		if (zen_xpub_decode(&k, c, text, &err)) {
			FUZZ_CHECK(err.msg[0]);
			continue;
		}
		zen_xpub_encode(&again, c, &k);
		FUZZ_CHECK(!strcmp(zen_buf_str(&again), text));
		/* a tweak may fail (probability ~2^-127), a crash may not */
		if (zen_bip32_pub_derive(&child, &k, 0, NULL))
			memset(&child, 0, sizeof(child));
		zen_buf_release(&again);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = zen_xmalloc(size + 1);

	memcpy(text, data, size);
	text[size] = 0;		/* C strings: an embedded NUL ends the text */
	check_base58(text);
	check_xpub(text);
	free(text);
	return 0;
}
