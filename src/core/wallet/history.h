/*
 * history.h - the wallet's transaction history (wallet.md 8.4): every
 * tracked output contributes +amount to the transaction that created it
 * and, once spent, -amount to the transaction that spent it; entries are
 * netted per (txHash, asset).  A net >= 0 is "in", a negative one "out"
 * with the absolute value.  The list is sorted by confirmations ascending
 * (mempool first), then by index in the block descending; the remaining
 * ties (several assets of one transaction) by txHash, then asset.
 */
#ifndef ZEN_WALLET_HISTORY_H
#define ZEN_WALLET_HISTORY_H

#include "core/base/err.h"
#include "core/types/types.h"

/* Where a transaction is: 0 confirmations for the mempool. */
struct zen_history_tx {
	uint8_t tx_hash[ZEN_HASH_LEN];
	uint32_t confirmations;
	uint32_t index;		/* position in its block */
};

/* One tracked wallet output as the history sees it. */
struct zen_history_output {
	struct zen_spend spend;
	struct zen_history_tx created;
	int spent;
	struct zen_history_tx spent_by;	/* when spent */
};

struct zen_history_entry {
	struct zen_history_tx tx;
	struct zen_asset asset;
	int out;		/* 1: "out" (net < 0), 0: "in" */
	uint64_t amount;	/* absolute value of the net */
};

/*
 * Net the history of outs[0..n).  *entries is a new array (free() it).
 * Returns: 0, or ZEN_EINVAL "amount overflow" (*entries NULL, *n_entries 0).
 */
int zen_wallet_history(struct zen_history_entry **entries, size_t *n_entries,
		       const struct zen_history_output *outs, size_t n,
		       struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

#endif
