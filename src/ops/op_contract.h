/*
 * op_contract.h - what the contract operations share (op_contract.c,
 * op_contract_wallet.c): the message body of an execution.
 */
#ifndef ZEN_OPS_OP_CONTRACT_H
#define ZEN_OPS_OP_CONTRACT_H

#include "core/types/data.h"
#include "ops/op.h"

/*
 * A messageBody parameter (api.md 3.6, 4.4): "" is None; otherwise the
 * hex of serialized data, or (a superset for the command line) the tagged
 * JSON of `zen contract run --body`.  Trailing bytes are refused.
 * Returns: 0, ZEN_EINVAL "Invalid data: decoding" (neither hex nor JSON),
 *          "Invalid data: deserializing" (hex that is not one data value),
 *          "Invalid data: <why>" (JSON that is not tagged data).
 * Out: *body, NULL for None, else malloc'ed (op_contract_body_free).
 */
int op_contract_body(struct zen_call *call, const char *text,
		     struct zen_data **body) ZEN_WARN_UNUSED;
void op_contract_body_free(struct zen_data *body);

/*
 * POST /wallet/contract/execute (op_contract_execute) with the wallet
 * already unlocked by the caller, for operations that sign something of
 * their own before they execute (op_vote.c): the password in call->args
 * must still be given, but is not checked again.  s stays the caller's.
 */
struct zen_wallet_secret;
int op_contract_execute_unlocked(struct zen_call *call,
				 struct zen_wallet_secret *s);

/* The readable form of op_contract_check's reply (op.h, readable): the
 * contract, then main's cost against cf's for each command compared. */
int op_contract_check_readable(struct zen_buf *out, const json_t *result);

#endif
