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
 * Contracts: executed through the contract view of the context
 * (struct zen_acs_view, below; contracts.md 1.2-1.7).  A context without
 * one refuses whatever needs it (an activation or extension, a
 * contract-locked or mint input reached by the walk) with
 * General "contracts are not supported yet: <what>".
 *
 * Activation policy (contracts.md 1.10, 6): the reference accepts a
 * contract when F* and Z3 verify it with its hints; we cannot run them.
 * A contract is accepted here when the hints database is well formed
 * with at least one usable hint and the declared queries, and the code
 * passes the activation check of src/core/contract/check.h (parses,
 * resolves, defines main and cf, and main's cost stays within cf's on
 * the commands it dispatches on).  This admits code F* would reject, a
 * consensus divergence from the reference that matters on public
 * networks only.
 */
#ifndef ZEN_VALIDATE_H
#define ZEN_VALIDATE_H

#include "core/types/block.h"
#include "core/consensus/params.h"
#include "core/types/tx.h"

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

/*
 * The contract side of a view (contracts.md 1.4, 1.5): the active
 * contract set and the contract states as a transaction sees them, i.e.
 * the store plus whatever overlay the caller keeps.
 */
struct zc_contract;
struct zen_data;

/* An active contract: its loaded code lives as long as the chain handle. */
struct zen_acs_ref {
	const struct zc_contract *c;
	struct zen_contract_id cid;
	const char *code;
	size_t code_len;
	uint32_t expiry;
};

struct zen_acs_view {
	/* 0 and *out; ZEN_ENOTFOUND (not active); another code: a store or
	 * engine failure (message in err). */
	int (*lookup)(void *ctx, const uint8_t hash[ZEN_HASH_LEN],
		      struct zen_acs_ref *out, struct zen_err *err);
	/* 0 and *out: a copy of the state (NULL: none) the caller frees
	 * with zen_data_free; another code: a store failure. */
	int (*state)(void *ctx, const struct zen_contract_id *cid,
		     struct zen_data **out, struct zen_err *err);
	/* Load code (bytes as on the wire) whose contract hash is hash:
	 * 0 and out->c, out->code; ZEN_EINVAL when it is not a contract we
	 * accept (the reason in err). */
	int (*compile)(void *ctx, const uint8_t hash[ZEN_HASH_LEN],
		       const char *code, size_t len, struct zen_acs_ref *out,
		       struct zen_err *err);
	void *ctx;
};

/*
 * What a valid transaction does to the contracts, in order: ACS entries
 * set (activation, extension) and states replaced or deleted.  The
 * caller applies it to its overlay once the transaction is accepted.
 */
struct zen_state_change {
	struct zen_contract_id cid;
	struct zen_data *state;		/* owned; NULL: deleted */
};

struct zen_contract_delta {
	struct zen_acs_ref *acs;	/* each the entry's new value */
	size_t n_acs, cap_acs;
	struct zen_state_change *states;
	size_t n_states, cap_states;
};

void zen_contract_delta_init(struct zen_contract_delta *d);
void zen_contract_delta_release(struct zen_contract_delta *d);
/* Empty it (keeps the allocations). */
void zen_contract_delta_reset(struct zen_contract_delta *d);

/* Where a transaction is validated: the block it would go in. */
struct zen_tx_context {
	const struct zen_chain_params *params;
	uint32_t block_number;
	uint64_t timestamp;		/* ms */
	/* The contracts (NULL: no contract engine; contract transactions
	 * are refused with General "contracts are not supported yet: ...").
	 * With acs, delta receives the effects of a valid transaction (it
	 * is reset first). */
	const struct zen_acs_view *acs;
	struct zen_contract_delta *delta;
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
/*
 * (Addition.)  The check of every public-key witness of tx with a known
 * sighash, in witness order, tagged with b->tx_index: those the walk of
 * 8.3 asks for when each such witness is consumed by an input, as they
 * need only the transaction (a block's signatures can be verified before
 * its inputs are resolved).
 */
void zen_tx_sig_checks(struct zen_sig_batch *b, const struct zen_tx *tx);
/*
 * (Addition.)  Verify every check, failures included, spread over
 * nthreads threads (0 = one per core): ok[i] is 1 when b->checks[i]
 * verifies, else 0.  For signatures whose failure is an answer rather
 * than an error (CGP votes).
 */
void zen_sig_batch_verify_each(const struct zen_sig_batch *b,
			       unsigned nthreads, uint8_t *ok);

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
/* (Addition.)  Is w a ContractWitness of the contract cid? */
int zen_witness_runs(const struct zen_witness *w,
		     const struct zen_contract_id *cid);
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
 *  - a contract input or mint reached by the walk runs the contract
 *    witness procedure of 8.3 (cf against the committed cost, main,
 *    the prefix and window checks, chained witnesses), texts as there;
 *    a contract that is not active gives verdict
 *    ZEN_TX_CONTRACT_NOT_ACTIVE ("ContractNotActive"), code that does not
 *    load at activation ZEN_TX_BAD_CONTRACT ("BadContract"); an engine
 *    failure (a limit, a runtime error) is General "<its message>";
 *  - step 6 activates and extends (8.6) into ctx->delta: the ACS seen is
 *    the one before the transaction plus its own activation;
 *  - without ctx->acs, a contract input or mint is refused with General
 *    "contracts are not supported yet: contract execution" after its
 *    witness's shape and signature are checked, and a transaction
 *    carrying a contract or ExtensionSacrifice outputs with "...:
 *    contract activation" / "...: contract extension" after the
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
