/*
 * addrindex.h - the address index (issue 17, api.md 7 /addressdb): for
 * any address, PK or contract, its outputs, unspent ones apart, its
 * balance per asset, its history of transactions, and for any contract
 * the executions that ran it and the last mint of each asset.  The
 * reference keeps the same in its AddressDB beside the chain
 * (cgp-and-chain.md 17); zen keeps it in the chain store itself.
 *
 * Enabled or not is a mark in the store (zen_chain_addr_set).  While it
 * is, the index covers the main chain from genesis up to a block called
 * the synced mark, always a main-chain block: a block that connects on
 * top of the mark is indexed in the write transaction that connects it,
 * and a disconnection of the mark's block is undone in the one that
 * disconnects it, so that no crash can leave the index and the chain
 * apart.  Turned on for a chain that has blocks already, the index is
 * behind: zen_chain_addr_build catches it up, a batch of blocks per write
 * transaction, resumable at any point (the mark is its progress).  The
 * reads below are meant for an index that has caught up (the status says
 * so); they read one snapshot.
 *
 * Costs.  A block's indexing writes, per output to an address, its
 * output, an unspent mark and a balance; per spent output, the mark's
 * deletion and a balance; per transaction and address, one history entry
 * per asset; per contract witness, one history entry.  Every write is
 * logged for the block's undo.  Reads are flat in the chain's length:
 * history is kept per address in the order the chain made it, numbered,
 * so a page of one address is a direct seek; several addresses are
 * merged, so their page costs what it skips too.
 */
#ifndef ZEN_CHAIN_ADDRINDEX_H
#define ZEN_CHAIN_ADDRINDEX_H

#include "core/chain/chain.h"
#include "core/consensus/address.h"

/* ---- Enabling and building --------------------------------------------- */

struct zen_addr_status {
	int enabled;
	int synced;		/* enabled and the index covers the tip */
	uint32_t blocks;	/* main-chain blocks indexed: 1 .. blocks */
	uint32_t tip;		/* the tip's number (0: no block yet) */
};

/*
 * Enable the index (on: a new empty index, behind the chain until built;
 * already enabled: nothing) or drop it (off: every entry goes).
 * Returns: 0 or ZEN_ESTORE.
 */
int zen_chain_addr_set(struct zen_chainstate *chain, int on,
		       struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1);

/*
 * /addressdb/resync: when enabled, drop every entry and start again from
 * genesis (zen_chain_addr_build rebuilds it); when not, nothing.
 * Returns: 0 or ZEN_ESTORE.  Out: *was_enabled (may be NULL).
 */
int zen_chain_addr_reset(struct zen_chainstate *chain, int *was_enabled,
			 struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1);

/*
 * Index the main-chain blocks after the synced mark, at most max_blocks
 * of them (0: as many as 250 ms allow), in one write transaction; cancel
 * (may be NULL), once set, ends the batch after the block being indexed.
 * Returns: 0 or ZEN_ESTORE.  Out: st (may be NULL), the status after it.
 */
int zen_chain_addr_build(struct zen_chainstate *chain, uint32_t max_blocks,
			 const atomic_int *cancel, struct zen_addr_status *st,
			 struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1);

/* Returns: 0 or ZEN_ESTORE. */
int zen_chain_read_addr_status(struct zen_chain_read *r,
			       struct zen_addr_status *out,
			       struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/* ---- Reads ----------------------------------------------------------- */

/*
 * Addresses are lists of distinct struct zen_address (the caller removes
 * duplicates: they would count twice).  Every read returns 0 or
 * ZEN_ESTORE (a damaged index), or a callback's non-zero return.
 */

/* A balance: the sum of an asset's outputs and how many there are. */
struct zen_addr_balance {
	struct zen_asset asset;
	unsigned __int128 amount;
};

/*
 * The assets the addresses hold in unspent outputs, in asset order; with
 * at (not NULL), what they held after main-chain block *at (the outputs
 * created up to it and not spent up to it).  Assets whose total is 0 are
 * left out (at: an asset all spent); now, an asset held only in outputs
 * of amount 0 stays, as the reference lists it.
 * Out: *out (free() it), *n.
 */
int zen_chain_read_addr_balance(struct zen_chain_read *r,
				const struct zen_address *a, size_t n_a,
				const uint32_t *at,
				struct zen_addr_balance **out, size_t *n,
				struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 5, 6);

/*
 * Every output sent to the addresses (unspent_only: those not spent),
 * address by address in the order given, each address's by outpoint.
 * fn gets views valid during the call.
 */
int zen_chain_read_addr_outputs(struct zen_chain_read *r,
				const struct zen_address *a, size_t n_a,
				int unspent_only,
				int (*fn)(void *ctx, const struct zen_outpoint *op,
					  const struct zen_output *o),
				void *ctx, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 5);

/*
 * A history entry: what one transaction did to the addresses in one
 * asset, as the reference's AddressDB answers it: amount is what they
 * received in its outputs minus what its inputs spent of theirs, and lock
 * the lock of the first output they received in it (addresses in the
 * order given), or else of the first of theirs it spent (by outpoint).
 */
struct zen_addr_tx {
	uint32_t block;
	uint32_t index;			/* of the transaction in the block */
	uint8_t tx_hash[ZEN_HASH_LEN];
	uint64_t timestamp;		/* the block's */
	struct zen_asset asset;
	__int128 amount;
	struct zen_lock lock;		/* PK, Coinbase or Contract */
};

/*
 * The history of the addresses newest first (block, then transaction,
 * descending; the assets of one transaction ascending), entries skip ..
 * skip + take.  fn's entry is valid during the call.
 */
int zen_chain_read_addr_txs(struct zen_chain_read *r,
			    const struct zen_address *a, size_t n_a,
			    uint32_t skip, uint32_t take,
			    int (*fn)(void *ctx, const struct zen_addr_tx *e),
			    void *ctx, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 6);
/* The same order, the entries of blocks start <= number < end. */
int zen_chain_read_addr_txs_range(struct zen_chain_read *r,
				  const struct zen_address *a, size_t n_a,
				  uint32_t start, uint32_t end,
				  int (*fn)(void *ctx,
					    const struct zen_addr_tx *e),
				  void *ctx, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 6);
/* The number of history entries. */
int zen_chain_read_addr_tx_count(struct zen_chain_read *r,
				 const struct zen_address *a, size_t n_a,
				 uint64_t *count, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 4);

/* A contract execution: the contract witness at witness of a
 * transaction. */
struct zen_addr_call {
	uint32_t block;
	uint32_t index;			/* of the transaction in the block */
	uint32_t witness;		/* of the witness in the transaction */
	uint8_t tx_hash[ZEN_HASH_LEN];
};

/*
 * The executions of contract cid newest block first, the transactions of
 * one block in block order (the reference's order), entries skip .. skip
 * + take.  fn gets the entry and its witness, views valid during the
 * call.
 */
int zen_chain_read_addr_calls(struct zen_chain_read *r,
			      const struct zen_contract_id *cid,
			      uint32_t skip, uint32_t take,
			      int (*fn)(void *ctx, const struct zen_addr_call *c,
					const struct zen_witness *w),
			      void *ctx, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 5);
/* The same order, the executions of blocks start <= number < end. */
int zen_chain_read_addr_calls_range(struct zen_chain_read *r,
				    const struct zen_contract_id *cid,
				    uint32_t start, uint32_t end,
				    int (*fn)(void *ctx,
					      const struct zen_addr_call *c,
					      const struct zen_witness *w),
				    void *ctx, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 5);

/*
 * The last mint of asset: fn gets the execution and the first contract
 * witness of its transaction (the reference's choice).
 * Returns: 0, ZEN_ENOTFOUND "No data" (never minted), ZEN_ESTORE.
 */
int zen_chain_read_addr_mint(struct zen_chain_read *r,
			     const struct zen_asset *asset,
			     int (*fn)(void *ctx, const struct zen_addr_call *c,
				       const struct zen_witness *w),
			     void *ctx, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

#endif
