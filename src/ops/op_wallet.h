/*
 * op_wallet.h - what the wallet operations (op_wallet.c and
 * op_contract_wallet.c) share: arguments, passwords and the throttle on
 * wrong ones, and the spends of wallet coins.
 */
#ifndef ZEN_OP_WALLET_H
#define ZEN_OP_WALLET_H

#include <jansson.h>

#include "core/wallet/wallet.h"
#include "ops/op.h"

/* The string argument name, "" when absent. */
const char *op_arg_str(struct zen_call *call, const char *name);
/* The password argument name: "Password is empty" when empty. */
int op_password_of(struct zen_call *call, const char *name,
		   const char **pw);
/* The same, except that an empty password is taken while a wallet
 * session is live (session.h): op_wallet_unlock then uses the session.
 * For the operations that spend or sign; not for those about the
 * password itself (checkpassword, changepassword, mnemonicphrase). */
int op_password_or_session(struct zen_call *call, const char *name,
			   const char **pw);
/*
 * Unlock w with pw, and note the result for the password throttle of
 * call->source (throttle.h).  Never waits: the front does, before the call.
 * An empty pw takes the live wallet session's secret (session.h).
 */
int op_wallet_unlock(struct zen_call *call, struct zen_wallet *w,
		     const char *pw, struct zen_wallet_secret **s);

/* A key path that does not derive: "invalid key path" when it does not
 * start at the master key ("m/"), else "invalid key path PATH" (api.md
 * 12).  Returns ZEN_EINVAL. */
int op_key_path_error(struct zen_call *call, const char *path);

/* The wallet's first receive address (external 0), as /wallet/address.
 * Returns: 0, ZEN_EREFUSED "no account". */
int op_wallet_first_address(struct zen_wallet *w, uint8_t pkh[ZEN_HASH_LEN],
			    struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * Spending wallet coins (wallet.h, "Spending"): unlock first, then
 * op_spend_begin (the wallet's writer lock and a view with the reserved
 * coins marked), build and sign from that view, then end the spend with
 * exactly one of op_spend_publish (sends: the mempool first, then the
 * reservations), op_spend_commit (raw transactions: the reservations
 * only) or zen_wallet_spend_abort.  Both set *sp to NULL, so a handler
 * can abort whatever is left at its cleanup.
 */
int op_spend_begin(struct zen_call *call, struct zen_wallet *w,
		   struct zen_wallet_spend **sp, struct zen_wallet_view *v);
int op_spend_commit(struct zen_call *call, struct zen_wallet_spend **sp,
		    const struct zen_tx *tx, enum zen_wallet_spend_kind kind);
/* Submit tx to the mempool and, once it took it, reserve its coins (kind
 * send) and commit.  Refused (the node's reason, "already in mempool"
 * included): the spend is aborted, nothing reserved. */
int op_spend_publish(struct zen_call *call, struct zen_wallet_spend **sp,
		     const struct zen_tx *tx);

/* A positive amount below 2^64 kalapas: a JSON integer, or a string of
 * kalapas or of ZP with the unit ("1.5zp", zen_amount_parse).  Returns 0
 * or -1. */
int op_parse_amount(uint64_t *out, json_t *v);

#endif
