/*
 * op_wallet.h - what the wallet operations (op_wallet.c and
 * op_contract_wallet.c) share: arguments, passwords and the throttle on
 * wrong ones.
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
/*
 * Unlock w with pw.  Every wrong password in this process makes the next
 * attempt wait longer (50 ms doubling per failure up to 5 s; a right one
 * resets it): op_pw_wait before trying, op_pw_note with the result.
 */
int op_wallet_unlock(struct zen_call *call, struct zen_wallet *w,
		     const char *pw, struct zen_wallet_secret **s);
void op_pw_wait(void);
void op_pw_note(int rc);

/* An asset: "00", 72 hex (contract id) or 136 hex (contract id and
 * subtype).  Returns 0 or -1. */
int op_parse_asset(struct zen_asset *a, const char *s);
/* A strict positive decimal amount, string or JSON integer, below 2^64.
 * Returns 0 or -1. */
int op_parse_amount(uint64_t *out, json_t *v);

#endif
