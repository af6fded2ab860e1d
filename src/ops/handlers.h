/* handlers.h - the handlers named by the operation table (table.c). */
#ifndef ZEN_HANDLERS_H
#define ZEN_HANDLERS_H

#include "ops/op.h"

int op_address_decode(struct zen_call *call);
int op_contract_contractid(struct zen_call *call);
int op_contract_id(struct zen_call *call);
int op_blockchain_blockreward(struct zen_call *call);
int op_blockchain_totalzp(struct zen_call *call);
int op_tx_decode(struct zen_call *call);
int op_block_decode(struct zen_call *call);

#endif
