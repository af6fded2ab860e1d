/*
 * fuzz-hints.c - libFuzzer harness for the F* hints database of a
 * contract activation (zen_hints_queries): any bytes give an answer, and
 * an accepted database declares at most one query per unsat-core entry,
 * so never more queries than its length.
 */
#include <stdlib.h>

#include "core/chain/chain.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_err err = ZEN_ERR_INIT;
	uint32_t queries = 7;
	int rc = zen_hints_queries((const char *)data, size, &queries, &err);

	if (rc && (rc != ZEN_EINVAL || queries != 0 || !err.msg[0]))
		abort();
	if (!rc && queries > size)
		abort();
	return 0;
}
