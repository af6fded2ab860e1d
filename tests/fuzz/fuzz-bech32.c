/*
 * fuzz-bech32.c - libFuzzer harness for bech32 and Zen addresses: decode
 * the input as bech32; when it decodes, re-encoding the HRP and data must
 * give the lower-cased input back.  Every address decoder is run on the
 * same text, and a decoded address must re-encode to the input.
 */
#include <stdlib.h>
#include <string.h>

#include "core/consensus/address.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void lower(char *s)
{
	for (; *s; s++)
		if (*s >= 'A' && *s <= 'Z')
			*s = (char)(*s - 'A' + 'a');
}

static void check_bech32(const char *text, const char *low)
{
	struct zen_buf words = ZEN_BUF_INIT, again = ZEN_BUF_INIT;
	char hrp[84];

	if (zen_bech32_decode(hrp, &words, text, NULL)) {
		if (words.len)
			abort();
		goto out;
	}
	if (zen_bech32_encode(&again, hrp, words.data, words.len, NULL) ||
	    strcmp(zen_buf_str(&again), low))
		abort();
out:
	zen_buf_release(&words);
	zen_buf_release(&again);
}

static void check_addresses(const char *text, const char *low)
{
	for (int c = ZEN_CHAIN_MAIN; c <= ZEN_CHAIN_LOCAL; c++) {
		struct zen_buf again = ZEN_BUF_INIT;
		struct zen_address a;

		if (zen_address_decode_any(&a, c, text, NULL))
			continue;
		if (a.is_contract)
			zen_address_contract(&again, c, &a.cid);
		else
			zen_address_pk(&again, c, a.pk_hash);
		if (strcmp(zen_buf_str(&again), low))
			abort();
		zen_buf_release(&again);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = zen_xmalloc(size + 1), *low;

	memcpy(text, data, size);
	text[size] = 0;		/* C strings: an embedded NUL ends the text */
	low = zen_xstrdup(text);
	lower(low);
	check_bech32(text, low);
	check_addresses(text, low);
	free(low);
	free(text);
	return 0;
}
