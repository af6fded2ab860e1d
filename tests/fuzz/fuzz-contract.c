/*
 * fuzz-contract.c - libFuzzer harness for the ZF* front end: parse the
 * input as contract source.  Any input must give a module or exactly one
 * error message "FILE:LINE:COL: ..." (or the size error), never a crash,
 * and a module must print and pass the entry-point check without trouble.
 */
#include "core/contract/parser.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_module *m = NULL;
	struct zen_buf b = ZEN_BUF_INIT;
	int rc;

	rc = zc_parse((const char *)data, size, "f.fst", 0, &m, &err);
	if (rc) {
		FUZZ_CHECK(rc == ZEN_EINVAL && m == NULL);
		FUZZ_CHECK(!strncmp(err.msg, "f.fst:", 6));
		return 0;
	}
	FUZZ_CHECK(m != NULL);
	zc_print_module(&b, m);
	(void)zc_check_entry_points(m, "f.fst", NULL);
	zc_module_free(m);
	zen_buf_release(&b);
	return 0;
}
