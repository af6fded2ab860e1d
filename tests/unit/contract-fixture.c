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

const struct zen_data *cx_state_item(const struct zen_contract_return *r,
				     size_t i, enum zen_data_kind k)
{
	const struct zen_data *d = &r->state_data;

	if (r->state != ZEN_STATE_UPDATE || d->kind != ZEN_DATA_LIST ||
	    i >= d->u.coll.n || d->u.coll.items[i].kind != k)
		return NULL;
	return &d->u.coll.items[i];
}
