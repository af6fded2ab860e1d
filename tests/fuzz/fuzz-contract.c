/*
 * fuzz-contract.c - libFuzzer harness for the ZF* front end: parse the
 * input as contract source.  Any input must give a module or exactly one
 * error message "FILE:LINE:COL: ..." (or the size error), never a crash,
 * and a module must print and pass the entry-point check without trouble.
 *
 * The AST printer writes an S-expression form (core/contract/ast.h), not
 * F* source, so a printed module cannot be parsed again.  The round trip
 * checked instead: the same source with a final newline (what an editor
 * saves) parses to a module that prints the same.
 */
#include "core/contract/parser.h"
#include "fuzz.h"

/* the printed module of src[0..n), or NULL when it does not parse */
static char *printed(const char *src, size_t n)
{
	struct zc_module *m = NULL;
	struct zen_buf b = ZEN_BUF_INIT;
	size_t len;

	if (zc_parse(src, n, "f.fst", 0, &m, NULL))
		return NULL;
	zc_print_module(&b, m);
	zc_module_free(m);
	zen_buf_addch(&b, 0);
	return (char *)zen_buf_detach(&b, &len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_module *m = NULL;
	struct zen_buf b = ZEN_BUF_INIT;
	char *src, *again;
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
	if (size < ZC_MAX_SOURCE) {
		src = zen_xmalloc(size + 1);
		memcpy(src, data, size);
		src[size] = '\n';
		again = printed(src, size + 1);
		FUZZ_CHECK(again != NULL && !strcmp(again, zen_buf_str(&b)));
		free(again);
		free(src);
	}
	zen_buf_release(&b);
	return 0;
}
