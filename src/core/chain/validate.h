/*
 * validate.h - consensus validation rules of transactions and blocks
 * (protocol.md 4.5, 4.6, 8.1-8.5), as pure functions over a UTXO view.
 * No storage here: the chain (chain.h) supplies views and decides what to
 * do with a verdict.
 *
 * Every rejection returns ZEN_EREFUSED and leaves in err the reference's
 * text, so that API answers match the reference node:
 *   - transaction verdicts print as the reference's union cases:
 *     "Orphan", "DoubleSpend", "ContractNotActive", "BadContract", or
 *     General "<text>" (with the double quotes), e.g.
 *     General "inputs duplicated";
 *   - block rejections use the block-level texts of 8.4 / 8.5, e.g.
 *     "proof of work failed", "commitments mismatch",
 *     "transaction <hash> failed validation due to <reason>".
 *
 * Contracts: until the contract engine exists, anything that needs it (a
 * contract activation or extension, a contract-locked or mint input, a
 * ContractWitness reached by the input walk) is refused with
 * General "contracts are not supported yet: <what>".
 */
#ifndef ZEN_VALIDATE_H
#define ZEN_VALIDATE_H

#include "core/block.h"
#include "core/params.h"
#include "core/tx.h"

enum zen_tx_verdict {
	ZEN_TX_VALID = 0,
	ZEN_TX_ORPHAN,			/* an input is unknown */
	ZEN_TX_DOUBLE_SPEND,		/* an input is already spent */
	ZEN_TX_CONTRACT_NOT_ACTIVE,
	ZEN_TX_BAD_CONTRACT,
	ZEN_TX_GENERAL,			/* any other rule; text in err */
};

/* What a view knows of an outpoint. */
enum zen_utxo_state {
	ZEN_UTXO_MISSING = 0,
	ZEN_UTXO_UNSPENT = 1,
	ZEN_UTXO_SPENT = 2,
};

/*
 * A UTXO view: the chain's database plus whatever overlay the caller keeps
 * (the block being connected, the mempool).  lookup returns the state and,
 * for ZEN_UTXO_UNSPENT, copies the output into *out (initialized by the
 * caller; lookup may replace its contents).
 */
struct zen_utxo_view {
	enum zen_utxo_state (*lookup)(void *ctx, const struct zen_outpoint *op,
				      struct zen_output *out);
	void *ctx;
};

/* Where a transaction is validated: the block it would go in. */
struct zen_tx_context {
	const struct zen_chain_params *params;
	uint32_t block_number;
	uint64_t timestamp;		/* ms */
};

/*
 * Deferred signature checks, so that a block's signatures can be verified
 * on every core at once.  Owned memory: init / release.
 */
struct zen_sig_check {
	uint8_t msg[ZEN_HASH_LEN];
	uint8_t pubkey[ZEN_PUBKEY_LEN];
	uint8_t sig[ZEN_SIGNATURE_LEN];
	size_t tx_index;		/* which transaction asked for it */
};

struct zen_sig_batch {
	struct zen_sig_check *checks;
	size_t n, cap;
	size_t tx_index;		/* set by the caller before each tx */
};

void zen_sig_batch_init(struct zen_sig_batch *b);
void zen_sig_batch_release(struct zen_sig_batch *b);
/*
 * Verify every check, spread over nthreads threads (0 = one per core).
 * Returns 1 when all verify; otherwise 0 and *first_bad (may be NULL) is
 * the index in b->checks of the lowest failing check.
 */
int zen_sig_batch_verify(const struct zen_sig_batch *b, unsigned nthreads,
			 size_t *first_bad);

/* 8.1: the stateless rules of every non-coinbase transaction. */
int zen_tx_validate_basic(const struct zen_tx *tx, struct zen_err *err)
	ZEN_WARN_UNUSED;

/* 8.2: the stateless rules of a coinbase of block block_number. */
int zen_coinbase_validate_basic(const struct zen_tx *tx, uint32_t block_number,
				struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * 4.5: weight of tx whose inputs resolve to inputs[0..tx->n_inputs) (the
 * entry of a Mint input is ignored).  Witness-shape errors of the walk are
 * returned as General texts ("expecting a public key witness", ...).
 */
int zen_tx_weight(uint64_t *weight, const struct zen_tx *tx,
		  const struct zen_output *inputs, struct zen_err *err)
	ZEN_WARN_UNUSED;

/*
 * 8.3: tx in context.  Resolves every input through view into
 * resolved[0..tx->n_inputs) (caller-initialized outputs), then checks
 * HighV inputs, weight, amounts, the input/witness walk with coinbase
 * maturity and PK witnesses.  Signatures go to batch when it is not NULL
 * (the caller verifies the batch), else are verified here.  *verdict says
 * which reference case a refusal is.  Does not run validate_basic.
 */
int zen_tx_validate_context(enum zen_tx_verdict *verdict,
			    struct zen_output *resolved,
			    const struct zen_tx_context *ctx,
			    const struct zen_utxo_view *view,
			    const struct zen_tx *tx, struct zen_sig_batch *batch,
			    struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * 8.4: a block without context: transactions present, proof of work
 * (the genesis block, recognised by genesisHashHash, is exempt), coinbase
 * and other transactions' basic rules, tx and witness merkle roots equal
 * commitments[0] and [1], and the root of the commitment list equals
 * header.commitments.
 */
int zen_block_validate_basic(const struct zen_chain_params *params,
			     const struct zen_block *block,
			     struct zen_err *err) ZEN_WARN_UNUSED;

/* Is block the chain's genesis block (H(H(header)) == genesisHashHash)? */
int zen_block_is_genesis(const struct zen_chain_params *params,
			 const struct zen_header *header);

/*
 * 8.5 step 6: the coinbase pays exactly the fees of the other
 * transactions (all Fee outputs, per asset) plus, in ZP, block_sacrifice +
 * the total reward of the block number (allocation share locked to the
 * CGP contract when allocation > 0).  Fund sums wrap like the reference.
 */
int zen_coinbase_validate_amounts(const struct zen_chain_params *params,
				  const struct zen_block *block,
				  uint64_t block_sacrifice, uint8_t allocation,
				  struct zen_err *err) ZEN_WARN_UNUSED;

#endif
