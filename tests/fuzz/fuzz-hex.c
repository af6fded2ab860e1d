/*
 * fuzz-hex.c - libFuzzer harness for the hex codec: decode the input as
 * hex text; when it decodes, encoding the bytes again must give the input
 * back (lower-cased), and a fixed-length decode must agree.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/base/buf.h"
#include "core/encoding/hex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_buf bytes = ZEN_BUF_INIT, text = ZEN_BUF_INIT;
	char *hex = zen_xmalloc(size + 1);
	uint8_t *fixed;

	memcpy(hex, data, size);
	hex[size] = 0;
	if (zen_hex_decode(&bytes, hex, size, NULL)) {
		if (bytes.len)
			abort();	/* failure must leave out unchanged */
		goto out;
	}
	if (bytes.len != size / 2)
		abort();
	zen_hex_encode(&text, bytes.data, bytes.len);
	if (text.len != size || strncasecmp(zen_buf_str(&text), hex, size))
		abort();
	if (strlen(hex) == size) {
		fixed = zen_xmalloc(bytes.len + 1);
		if (zen_hex_decode_fixed(fixed, bytes.len, hex, NULL) ||
		    (bytes.len && memcmp(fixed, bytes.data, bytes.len)))
			abort();
		free(fixed);
	}
out:
	zen_buf_release(&bytes);
	zen_buf_release(&text);
	free(hex);
	return 0;
}
