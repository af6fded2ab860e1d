/*
 * contract-fixture.c - the contracts of tests/contracts, loaded
 * (contract-fixture.h).
 */
#include <stdlib.h>

#include "contract-fixture.h"
#include "tap.h"

#ifndef ZEN_SRCDIR
#define ZEN_SRCDIR "."
#endif

struct zc_contract *cx_load_file(const char *name, void (*edit)(char *src),
				 const char *suffix)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;
	size_t len;
	char *src = tap_read_file(ZEN_SRCDIR "/tests/contracts", name, &len);

	if (!src) {
		tap_ok(0, "read %s", name);
		return NULL;
	}
	if (edit)
		edit(src);
	if (zen_contract_load(src, len, name, &c, &err))
		tap_diag("%s", err.msg);
	tap_ok(c != NULL, "load %s%s", name, suffix);
	free(src);
	return c;
}
