/*
 * cgpstate.h - the Common Goods Pool as the chain store keeps it
 * (cgp-and-chain.md 5, 6.3-6.7): the state in force after every block, the
 * running and snapshot balances that weigh votes, the vote tables, the
 * candidates and the winners of every interval.  The rules themselves are
 * in core/cgp/cgp.h; this is their bookkeeping, done while blocks connect
 * and undone exactly when they disconnect.
 *
 * Every read takes a read snapshot of chain.h, so one reply sees one state.
 */
#ifndef ZEN_CHAIN_CGPSTATE_H
#define ZEN_CHAIN_CGPSTATE_H

#include "core/cgp/cgp.h"
#include "core/chain/chain.h"

/* The CGP as the next block sees it (api.md 5.1, cgp-and-chain.md 8). */
struct zen_cgp_view {
	uint32_t tip;			/* the tip's block number */
	uint32_t interval;		/* the tip's interval */
	/* the state block tip + 1 is validated with: the winner of its
	 * interval applied first when it is a payout block */
	struct zen_cgp_state next;
};

/*
 * The CGP for the next block.  Release out->next with
 * zen_cgp_state_release.
 * Returns: 0, ZEN_ENOTFOUND "No tip", ZEN_ESTORE.
 */
int zen_chain_read_cgp(struct zen_chain_read *r, struct zen_cgp_view *out,
		       struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * The state in force after main-chain block number (history: the state
 * at the end of interval k is the one after block k * intervalLength).
 * Returns: 0, ZEN_ENOTFOUND "block not found", ZEN_ESTORE.
 */
int zen_chain_read_cgp_after(struct zen_chain_read *r, uint32_t number,
			     struct zen_cgp_state *out, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 3);

/*
 * The winner stored for interval (computed at its first block from the
 * votes of the interval before).  A record without an allocation is
 * absent, as the reference's /blockchain/winner treats it.
 * Returns: 0, ZEN_ENOTFOUND "Winner was not found", ZEN_ESTORE.
 */
int zen_chain_read_cgp_winner(struct zen_chain_read *r, uint32_t interval,
			      struct zen_cgp_state *out, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 3);

/*
 * The candidates of interval (fixed at the end of its nomination phase),
 * in the order of zen_cgp_payout_cmp.  None yet: 0 with *n = 0.
 * Release with zen_cgp_payouts_free.
 * Returns: 0 or ZEN_ESTORE.
 */
int zen_chain_read_cgp_candidates(struct zen_chain_read *r, uint32_t interval,
				  struct zen_cgp_payout **out, size_t *n,
				  struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 3, 4);
void zen_cgp_payouts_free(struct zen_cgp_payout *p, size_t n);

/*
 * The voting weight of a PK hash in interval: its ZP balance at the
 * interval's snapshot block once that block is on the main chain, before
 * that its balance now (what it will be if nothing moves).
 * *frozen says which.  Returns: 0 or ZEN_ESTORE.
 */
int zen_chain_read_cgp_weight(struct zen_chain_read *r, uint32_t interval,
			      const uint8_t pk_hash[ZEN_HASH_LEN],
			      uint64_t *out, int *frozen, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 3, 4);

/*
 * What the CGP contract holds after the tip, per asset in asset order.
 * Release with free().  Returns: 0 or ZEN_ESTORE.
 */
int zen_chain_read_cgp_funds(struct zen_chain_read *r, struct zen_spend **out,
			     size_t *n, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/* The vote tables of an interval (6.3). */
enum zen_cgp_table {
	ZEN_CGP_NOMINEES = 'n',
	ZEN_CGP_ALLOCATIONS = 'a',
	ZEN_CGP_PAYOUTS = 'p',
};

/*
 * The ballot recorded for a voter's 33-byte public key in a table of
 * interval (the first one it signed, valid or not).
 * Returns: 0, ZEN_ENOTFOUND (no vote; err untouched), ZEN_ESTORE.
 */
int zen_chain_read_cgp_vote(struct zen_chain_read *r, uint32_t interval,
			    enum zen_cgp_table table,
			    const uint8_t pubkey[ZEN_PUBKEY_LEN],
			    struct zen_cgp_ballot *out, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 4, 5);

#endif
