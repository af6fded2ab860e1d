/*
 * fuzz-data.c - `data` decoding: decode; if accepted, the written bytes
 * decode again to the same written bytes, and sizes agree.
 */
#include "core/types/data.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_buf w = ZEN_BUF_INIT, w2 = ZEN_BUF_INIT, p = ZEN_BUF_INIT;
	struct zen_data d, back;
	size_t used = 0, used2 = 0;

	zen_data_init(&d);
	zen_data_init(&back);
	if (zen_data_decode(&d, data, size, &used, NULL))
		goto out;
	FUZZ_CHECK(used <= size);
	zen_data_write(&w, &d);
	FUZZ_CHECK(w.len == zen_data_size(&d));
	/* canonical input comes back as is; other forms only shrink */
	FUZZ_CHECK(w.len <= used);
	FUZZ_CHECK(!zen_data_decode(&back, w.data, w.len, &used2, NULL));
	FUZZ_CHECK(used2 == w.len);
	zen_data_write(&w2, &back);
	FUZZ_CHECK(w2.len == w.len && !memcmp(w.data, w2.data, w.len));
	zen_data_serialize(&p, &d);
	FUZZ_CHECK(p.len == zen_data_ref_size(&d));
out:
	zen_data_release(&d);
	zen_data_release(&back);
	zen_buf_release(&w);
	zen_buf_release(&w2);
	zen_buf_release(&p);
	return 0;
}
