/* op_chain.c - chain arithmetic operations: block reward, total issuance. */
#include "core/consensus/consensus.h"
#include "ops/handlers.h"
#include "ops/json_num.h"
#include "ops/node.h"

static int block_number_arg(struct zen_call *call, uint32_t *number)
{
	uint64_t n;

	if (zen_args_u64(call->args, "blockNumber", &n)) {
		*number = (uint32_t)n;
		return 0;
	}
	struct zen_chain_read *r;
	struct zen_block_info tip;
	int rc = zen_call_read(call, &r);

	if (rc)
		return rc;
	rc = zen_chain_read_tip(r, &tip, &call->err);
	if (!rc)
		*number = tip.header.block_number;
	zen_chain_read_end(r);
	return rc;
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
