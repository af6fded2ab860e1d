/*
 * node.h - what handlers ask of the node's chain state.
 */
#ifndef ZEN_NODE_H
#define ZEN_NODE_H

#include "ops/op.h"

/*
 * The number of the tip block.  A node's chain starts from its genesis:
 * the local chain embeds its genesis block, so a fresh local node's tip is
 * block 1; main and test start empty until their genesis is published.
 * Returns ZEN_ENOTFOUND "No tip" when the chain has no block.
 */
int zen_node_tip_number(struct zen_node *node, uint32_t *number,
			struct zen_err *err) ZEN_WARN_UNUSED;

#endif
