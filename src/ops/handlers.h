/* handlers.h - the handlers named by the operation table (table.c). */
#ifndef ZEN_HANDLERS_H
#define ZEN_HANDLERS_H

#include "ops/op.h"

int op_address_decode(struct zen_call *call);
int op_contract_contractid(struct zen_call *call);
int op_contract_id(struct zen_call *call);
int op_blockchain_blockreward(struct zen_call *call);
int op_blockchain_totalzp(struct zen_call *call);
int op_blockchain_info(struct zen_call *call);
int op_blockchain_headers(struct zen_call *call);
int op_blockchain_block(struct zen_call *call);
int op_blockchain_blocks(struct zen_call *call);
int op_blockchain_transaction(struct zen_call *call);
int op_blockchain_mempool(struct zen_call *call);
int op_blockchain_publishblock(struct zen_call *call);
int op_blockchain_submitheader(struct zen_call *call);
int op_blockchain_publishtransaction(struct zen_call *call);
int op_blockchain_blocktemplate(struct zen_call *call);
int op_blockchain_mine(struct zen_call *call);
int op_node_verify(struct zen_call *call);
int op_tx_decode(struct zen_call *call);
int op_block_decode(struct zen_call *call);

#endif
