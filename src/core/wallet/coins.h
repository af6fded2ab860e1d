/*
 * coins.h - coin selection and change (wallet.md 9), over plain arrays so
 * that the storage layer only has to list the spendable outputs.
 *
 * The reference algorithm, kept because the API-test transaction hashes
 * depend on it: for each required asset (ascending asset order) visit the
 * candidates in descending outpoint order (txHash bytes, then index) and
 * take each until the running sum covers the requirement; immature
 * coinbase outputs are skipped.  Any asset left uncovered fails with
 * "not enough tokens".  Change is one amount per asset with a surplus.
 */
#ifndef ZEN_WALLET_COINS_H
#define ZEN_WALLET_COINS_H

#include "core/base/err.h"
#include "core/types/types.h"

/* A wallet output the caller considers spendable (unspent after the
 * mempool overlay, not watch-only). */
struct zen_wallet_coin {
	struct zen_outpoint outpoint;
	struct zen_spend spend;
	uint8_t pk_hash[ZEN_HASH_LEN];	/* the key that must sign */
	int coinbase;			/* locked Coinbase(coinbase_block, ..) */
	uint32_t coinbase_block;
};

struct zen_coin_selection {
	/* Indexes into the coin array, grouped by asset (ascending), each
	 * group in the order taken. */
	size_t *picked;
	size_t n_picked;
	/* Surplus per asset (ascending), amounts > 0 only. */
	struct zen_spend *change;
	size_t n_change;
};

#define ZEN_COIN_SELECTION_INIT { NULL, 0, NULL, 0 }

/* Free the arrays; safe twice, the selection is reusable after. */
void zen_coin_selection_release(struct zen_coin_selection *sel)
	ZEN_NONNULL(1);

/*
 * May a coin be spent with the account at tip?  Non-coinbase coins always;
 * coinbase ones when (tip + 1) - coinbase_block >= maturity (100 on main,
 * 10 on test and local).  Returns 1 or 0.
 */
int zen_coin_mature(const struct zen_wallet_coin *c, uint32_t tip,
		    uint32_t maturity) ZEN_NONNULL(1);

/*
 * Sum amounts per asset (the "required" map of a send): out gets one
 * entry per distinct asset, ascending.  Free *out with free().
 * Returns: 0, or ZEN_EINVAL "amount overflow" (*out NULL, *n 0).
 */
int zen_spends_sum(struct zen_spend **out, size_t *n,
		   const struct zen_spend *spends, size_t n_spends,
		   struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Select coins covering required[0..n_req) (distinct assets, any order).
 * Returns: 0, or ZEN_EINVAL "not enough tokens" (sel left empty).
 * Out: sel (released first).
 */
int zen_coins_select(struct zen_coin_selection *sel,
		     const struct zen_wallet_coin *coins, size_t n_coins,
		     const struct zen_spend *required, size_t n_req,
		     uint32_t tip, uint32_t maturity, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

#endif
