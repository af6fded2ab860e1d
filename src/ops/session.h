/*
 * session.h - a wallet unlocked for a while inside `zen serve` (issue
 * 18, as bitcoind's walletpassphrase): `zen wallet unlock --timeout S`
 * keeps a copy of the decrypted secret in guarded, locked memory, and
 * until it expires (or `zen wallet lock`) a wallet request without a
 * password uses it, so a script of many sends pays the password's key
 * derivation once.  A password in a request still works as always.
 * One session per process: a process serves one wallet.
 */
#ifndef ZEN_OPS_SESSION_H
#define ZEN_OPS_SESSION_H

#include <stdint.h>

#include "core/base/err.h"
#include "core/wallet/wallet.h"

/* Keep a copy of s for seconds (replacing any session).  Returns 0, or
 * ZEN_EINTERNAL "out of secure memory". */
int op_session_keep(const struct zen_wallet_secret *s, uint64_t seconds,
		    struct zen_err *err) ZEN_WARN_UNUSED;
/* End the session and wipe its copy (none: a no-op). */
void op_session_end(void);
/* A copy of the live session's secret (free with
 * zen_wallet_secret_free), or NULL when there is none (an expired one is
 * wiped here). */
struct zen_wallet_secret *op_session_secret(void);
/* Seconds the session has left; 0: none. */
uint64_t op_session_left(void);

#endif
