/*
 * fuzz-header.c - header decoding: exactly 100 bytes decode and re-encode
 * to the same bytes; any other length is refused.
 */
#include "core/types/block.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_header h;
	uint8_t out[ZEN_HEADER_LEN];
	int ret = zen_header_decode(&h, data, size, NULL);

	FUZZ_CHECK((ret == 0) == (size == ZEN_HEADER_LEN));
	if (ret)
		return 0;
	zen_header_encode(out, &h);
	FUZZ_CHECK(!memcmp(out, data, ZEN_HEADER_LEN));
	return 0;
}
