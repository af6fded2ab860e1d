/* types.c - the orders of the consensus types (types.h). */
#include <string.h>

#include "core/types/types.h"

int zen_asset_cmp(const struct zen_asset *a, const struct zen_asset *b)
{
	int c;

	if (a->cid.version != b->cid.version)
		return a->cid.version < b->cid.version ? -1 : 1;
	c = memcmp(a->cid.hash, b->cid.hash, ZEN_HASH_LEN);
	if (c)
		return c;
	return memcmp(a->subtype, b->subtype, ZEN_HASH_LEN);
}

int zen_outpoint_cmp(const struct zen_outpoint *a,
		     const struct zen_outpoint *b)
{
	int c = memcmp(a->tx_hash, b->tx_hash, ZEN_HASH_LEN);

	if (c)
		return c;
	if (a->index != b->index)
		return a->index < b->index ? -1 : 1;
	return 0;
}
