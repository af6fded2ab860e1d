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
 * (Addition.)  Append one check, tagged with b->tx_index.  May reallocate
 * b->checks.
 */
void zen_sig_batch_add(struct zen_sig_batch *b, const uint8_t msg[ZEN_HASH_LEN],
		       const uint8_t pubkey[ZEN_PUBKEY_LEN],
		       const uint8_t sig[ZEN_SIGNATURE_LEN]);
/*
 * (Addition.)  What a failed check of the batch stands for: the General
 * verdict of its transaction (b->checks[first_bad].tx_index).
 */
#define ZEN_SIG_BATCH_FAILURE "General \"invalid PK witness signature\""
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
 * Notes on zen_tx_weight: the walk's cases the reference does not name
 * are refused too: a contract witness whose inputsLength runs past the
 * inputs (the reference throws) gives General "contract witness inputs
 * length exceeds the inputs"; an input locked HighVLock (the reference
 * throws, 9.6) General "high version inputs are invalid"; any other
 * unspendable lock General "input is not spendable".  The weight is exact
 * (no u32 wrap of the byte part) and saturates at UINT64_MAX, which
 * compares above every limit.  *weight is 0 on failure.
 */

/* (Addition.)  a + b, saturating at UINT64_MAX: sums of weights. */
uint64_t zen_weight_add(uint64_t a, uint64_t b);

/*
 * (Addition.)  Is tx a CGP payout transaction (8.8): does it carry a
 * ContractWitness for params->cgp_contract_id?  Such a transaction, and a
 * block with exactly one, is exempt from the weight limits (4.5).
 */
int zen_tx_is_cgp_payout(const struct zen_chain_params *params,
			 const struct zen_tx *tx);

/*
 * 8.3: tx in context.  Resolves every input through view into
 * resolved[0..tx->n_inputs) (caller-initialized outputs), then checks
 * HighV inputs, weight, amounts, the input/witness walk with coinbase
 * maturity and PK witnesses.  Signatures go to batch when it is not NULL
 * (the caller verifies the batch), else are verified here.  *verdict says
 * which reference case a refusal is.  Does not run validate_basic.
 */
/*
 * Details of zen_tx_validate_context:
 *  - a Mint input resolves to an output locked Contract(asset's contract
 *    id) carrying the minted spend;
 *  - ContractWitnesses left over when the inputs are exhausted are weighed
 *    but not executed (9.7), so they need no contract engine;
 *  - a contract input or mint reached by the walk is checked up to its
 *    witness's shape and signature, then refused with General "contracts
 *    are not supported yet: contract execution"; a transaction carrying a
 *    contract or ExtensionSacrifice outputs is refused at step 6 ("...:
 *    contract activation" / "...: contract extension") after the
 *    stateless checks of 8.6 ("High version contracts not supported",
 *    "Sacrifice must be paid in Zen");
 *  - coinbase maturity: an output locked Coinbase(bn, _) is spendable in
 *    block B iff B >= bn and B - bn >= coinbaseMaturity;
 *  - with a batch, each PK signature is appended (tagged batch->tx_index)
 *    instead of verified.  When the transaction is refused after some
 *    were appended, they are verified at once (a failing one is the
 *    earlier error: General "invalid PK witness signature") and removed,
 *    so a refusal leaves the batch as it was.  A caller validating a
 *    block must, when transaction k is refused, first verify the batch
 *    (checks of transactions before k) and report the lowest failing
 *    check's transaction with ZEN_SIG_BATCH_FAILURE instead, to report
 *    the reference's first error.
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
 * header.commitments.  Transaction texts are wrapped as
 * "Block failed coinbase validation due to General \"...\"" and
 * "transaction <txHash, lowercase hex> failed validation due to General
 * \"...\"".  A hand-built block with fewer than 2 commitments gives
 * "commitments mismatch".
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
/*
 * Details: the ZP entry of the expected totals exists even when the fees
 * carry no ZP (it holds sacrifice + reward).  Texts: "block reward is
 * incorrect", "reward to cgp contract in invalid", "reward is not divided
 * correctly".  allocation must be 0..100.
 */
int zen_coinbase_validate_amounts(const struct zen_chain_params *params,
				  const struct zen_block *block,
				  uint64_t block_sacrifice, uint8_t allocation,
				  struct zen_err *err) ZEN_WARN_UNUSED;

#endif
