/*
 * contract_tx.h - the pure parts of the wallet's contract transactions
 * (contracts.md 1.2, 1.3, 1.6; wallet.md 12.3-12.5; api.md 4.3-4.5):
 * the activation and extension layouts, the activation fee, the hints
 * this node writes when the caller has none, and the return address of an
 * execution's message body.  No storage, no network: the caller lists the
 * coins, looks contracts up and signs (txbuild.h).
 */
#ifndef ZEN_WALLET_CONTRACT_TX_H
#define ZEN_WALLET_CONTRACT_TX_H

#include "core/base/buf.h"
#include "core/types/data.h"
#include "core/base/err.h"
#include "core/types/tx.h"
#include "core/wallet/coins.h"

/* The reference wallet's Z3 resource limit (contracts.md 1.2). */
#define ZEN_DEFAULT_RLIMIT 2723280u

/*
 * The wallet's activation fee, queries * rlimit / 100 kalapas, computed
 * in 32-bit unsigned arithmetic as the reference does (the product wraps;
 * api.md 4.3).  Consensus does not check it.
 */
uint32_t zen_activation_fee(uint32_t queries, uint32_t rlimit);

/*
 * The hints database this node writes for code when the caller gives
 * none (we cannot run F*): well formed per contracts.md 1.9, one hint
 * whose unsat core has one entry, so queries = 1:
 *   ["<SHA3 hex of code>",[["Z<contract hash hex>.main",1,2,1,["@query"],0,""]]]
 * Zen nodes accept it (they check the shape and the queries count); the
 * reference node would fail to replay it with F*.  Appends to out.
 */
void zen_synthetic_hints(struct zen_buf *out, const char *code, size_t len)
	ZEN_NONNULL(1, 2);
#define ZEN_SYNTHETIC_HINTS_QUERIES 1u

/*
 * An activation (wallet.md 12.3): version 0, the contract V0 {code,
 * hints, rlimit, queries} (deep-copied from c), the outputs
 * ActivationSacrifice = code_len * blocks kalapas ZP and, when not zero,
 * Fee = zen_activation_fee(queries, rlimit) kalapas ZP, then the inputs
 * and change of zen_wallet_fund().
 * Returns: 0, ZEN_EINVAL "Contract code is empty", "Number of blocks is
 *          zero", "invalid contract" (not V0, or no hints, or rlimit or
 *          queries 0), "not enough tokens" (tx released).
 * Out: tx (initialized by the caller, released first), sel.
 */
int zen_wallet_build_activate(struct zen_tx *tx, struct zen_coin_selection *sel,
			      const struct zen_wallet_coin *coins,
			      size_t n_coins, const struct zen_contract *c,
			      uint32_t blocks,
			      const uint8_t change_pk_hash[ZEN_HASH_LEN],
			      uint32_t tip, uint32_t maturity,
			      struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 5, 7);

/*
 * An extension (wallet.md 12.4): version 0, one output
 * ExtensionSacrifice(cid) = code_len * blocks kalapas ZP, then inputs and
 * change; no fee.
 * Returns: 0, ZEN_EINVAL "Contract code is empty", "Number of blocks is
 *          zero", "not enough tokens" (tx released).
 */
int zen_wallet_build_extend(struct zen_tx *tx, struct zen_coin_selection *sel,
			    const struct zen_wallet_coin *coins,
			    size_t n_coins, const struct zen_contract_id *cid,
			    size_t code_len, uint32_t blocks,
			    const uint8_t change_pk_hash[ZEN_HASH_LEN],
			    uint32_t tip, uint32_t maturity,
			    struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 5, 8);

/*
 * The returnAddress option of an execution (contracts.md 1.6): set key
 * "returnAddress" of the body to Lock(PK pk_hash).  *body NULL (None)
 * becomes a new one-entry Dict (malloc'ed; the caller releases and frees
 * it); a Dict gets the key added or replaced.
 * Returns: 0, ZEN_EINVAL "data can only be empty or dict in order to add
 *          return address" (body unchanged).
 */
int zen_data_set_return_address(struct zen_data **body,
				const uint8_t pk_hash[ZEN_HASH_LEN],
				struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

#endif
