/* op_chain.c - chain arithmetic operations: block reward, total issuance. */
#include "core/consensus.h"
#include "ops/handlers.h"
#include "ops/node.h"

static int block_number_arg(struct zen_call *call, uint32_t *number)
{
	uint64_t n;

	if (zen_args_u64(call->args, "blockNumber", &n)) {
		*number = (uint32_t)n;
		return 0;
	}
	return zen_node_tip_number(call->node, number, &call->err);
}

int op_blockchain_blockreward(struct zen_call *call)
{
	uint32_t number;
	int rc = block_number_arg(call, &number);

	if (rc)
		return rc;
	call->result = zen_json_u64(zen_block_total_reward(number));
	return 0;
}

int op_blockchain_totalzp(struct zen_call *call)
{
	uint32_t number;
	int rc = block_number_arg(call, &number);

	if (rc)
		return rc;
	call->result = zen_json_u64(zen_total_issuance(call->node->params, number));
	return 0;
}
