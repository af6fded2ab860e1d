#include "ops/node.h"

int zen_node_tip_number(struct zen_node *node, uint32_t *number,
			struct zen_err *err)
{
	/* There is no block store yet (the chain node issue brings it), so
	 * the chain is exactly its genesis where the genesis is embedded. */
	if (node->chain == ZEN_CHAIN_LOCAL) {
		*number = 1;
		return 0;
	}
	return zen_fail(err, ZEN_ENOTFOUND, "No tip");
}
