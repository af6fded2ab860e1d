/*
 * chain.h - the node's chain state: blocks, the main chain, the UTXO set,
 * the mempool and block templates, persistent in the store of store.h
 * (cgp-and-chain.md 9-16, protocol.md 4, 8.5-8.7).
 *
 * One struct zen_chainstate per process and data directory (LMDB forbids a
 * second open of the same environment in one process); several processes
 * may open the same data directory at once (a CLI next to `zen serve`):
 * every change is one LMDB write transaction, so they all see the same
 * state.  The handle is thread-safe: readers (struct zen_chain_read) never
 * block and may live on any thread; writers are serialized.
 *
 * Durability: a block connection, a reorganisation (every block
 * disconnected and connected, plus the mempool update) and a mempool
 * admission are each one write transaction, synced before the function
 * returns.  A crash at any instant leaves the state before or after it.
 *
 * Policies (local, not consensus): at most ZEN_CHAIN_MAX_ORPHANS orphan
 * blocks; a mempool of at most ZEN_MEMPOOL_MAX_TXS transactions and
 * ZEN_MEMPOOL_MAX_BYTES raw bytes; no orphan-transaction pool (a
 * transaction spending unknown outputs is refused with "Orphan").
 *
 * Contracts: activations, extensions and executions are validated in
 * blocks and the mempool (validate.h); the active contract set and the
 * contract states live in the store with undo data per block (store.h),
 * and the mempool keeps its own overlay of both, so that a chain of
 * mempool transactions sees what the earlier ones did.
 *
 * CGP: the state after each block (struct zen_block_cgp) is stored with
 * it.  Votes are not counted yet, so the allocation stays 0 and no payout
 * is ever due.
 */
#ifndef ZEN_CHAIN_CHAIN_H
#define ZEN_CHAIN_CHAIN_H

#include <stdatomic.h>

#include "core/types/block.h"
#include "core/base/buf.h"
#include "core/consensus/consensus.h"
#include "core/base/err.h"
#include "core/base/work.h"
#include "core/consensus/params.h"
#include "core/types/tx.h"

#define ZEN_CHAIN_MAX_ORPHANS 1000
#define ZEN_MEMPOOL_MAX_TXS 50000
#define ZEN_MEMPOOL_MAX_BYTES (300ULL * 1000 * 1000)
/* A block's timestamp may be at most this far ahead of the local clock. */
#define ZEN_MAX_FUTURE_MS 900000ULL

/* The handle.  (Not "struct zen_chain": enum zen_chain of params.h owns
 * that tag.) */
struct zen_chainstate;
struct zen_chain_read;

/* The CGP state of cgp-and-chain.md 5 after a block, as the block's
 * record keeps it: the allocation in force and whether a payout is due
 * (core/cgp/cgp.h has the whole state, payout included). */
struct zen_block_cgp {
	uint8_t allocation;
	int has_payout;
};

/* Block status in the store. */
enum zen_block_status {
	ZEN_BLOCK_ORPHAN = 1,		/* parent unknown */
	ZEN_BLOCK_CONNECTABLE = 2,	/* ancestry known, off the main chain */
	ZEN_BLOCK_MAIN = 3,		/* on the main chain */
	ZEN_BLOCK_INVALID = 4,		/* failed connection (or its parent) */
};

/*
 * Open the chain of params in datadir (its store lives in
 * <datadir>/chain/).  A new local store connects the embedded local
 * genesis block; main and test stores start empty.  A store written for
 * another chain is refused.
 * Returns: 0, or ZEN_ESTORE (store errors of store.h, "store holds chain
 *          <id>, not <name>"), ZEN_EINTERNAL.
 * Out: out, NULL on failure; zen_chain_close() releases it.
 */
int zen_chain_open(struct zen_chainstate **out, const char *datadir,
		   const struct zen_chain_params *params, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/* Close the chain; every read snapshot must have ended.  NULL: no-op. */
void zen_chain_close(struct zen_chainstate *chain);

/* What this process's connections of blocks cost, for /metrics. */
struct zen_chain_stats {
	uint64_t blocks_connected;
	uint64_t connect_us;	/* their time, summed, in microseconds */
	uint64_t sigs_ahead;	/* their signatures verified ahead */
};
void zen_chain_stats(struct zen_chainstate *chain, struct zen_chain_stats *out);

const struct zen_chain_params *zen_chain_get_params(
	const struct zen_chainstate *chain) ZEN_NONNULL(1);

/*
 * Replace the clock (ms since the epoch) used for "now" in timestamp
 * rules, mempool admission and templates; NULL restores the system clock.
 * For tests.  Not thread-safe against concurrent writers.
 */
void zen_chain_set_clock(struct zen_chainstate *chain,
			 uint64_t (*now)(void *ctx), void *ctx)
	ZEN_NONNULL(1);

/* The store's generation (store.h zen_store_generation): equal values
 * mean an unchanged chain state, mempool included. */
uint64_t zen_chain_generation(struct zen_chainstate *chain) ZEN_NONNULL(1);

/* Threads used to verify a block's signatures (0 = one per core). */
void zen_chain_set_threads(struct zen_chainstate *chain, unsigned n)
	ZEN_NONNULL(1);

/* ---- Blocks ---------------------------------------------------------- */

enum zen_block_outcome {
	ZEN_BLOCK_KNOWN = 1,	/* already stored (any status) */
	ZEN_BLOCK_STORED_ORPHAN,/* parent unknown: kept until it arrives */
	ZEN_BLOCK_ON_SIDE,	/* stored on a branch with no more work */
	ZEN_BLOCK_ON_MAIN,	/* the block is now on the main chain */
	ZEN_BLOCK_REJECTED,	/* failed connection, marked invalid */
};

struct zen_block_result {
	enum zen_block_outcome outcome;
	uint8_t hash[ZEN_HASH_LEN];
	enum zen_block_status status;	/* the block's status afterwards */
	/* The tip afterwards and whether it changed (a reorg or an extension,
	 * possibly through stored orphans that this block connected). */
	uint8_t tip[ZEN_HASH_LEN];
	uint32_t tip_number;
	int tip_changed;
	uint32_t disconnected;		/* blocks taken off the main chain */
	uint32_t connected;		/* blocks put on it */
	/* ZEN_BLOCK_REJECTED: why (a block-connection text, 8.5).  Also set
	 * when a stored descendant failed while the block itself passed. */
	char reason[ZEN_ERR_MSG_MAX];
};

/*
 * Hand a serialized block to the chain (cgp-and-chain.md 12): decode,
 * refuse if already known (outcome KNOWN, returns 0), validate it without
 * context (zen_block_validate_basic; refused blocks are not stored), then
 * store it as orphan, side-branch or main-chain block, switching to the
 * branch with strictly more work when there is one (a reorganisation:
 * one write transaction).  A block failing connection is marked invalid
 * with its stored descendants and the chain stays on the best valid
 * branch.  The mempool follows every tip change (14.2, 14.4).
 * Trailing bytes after the block are ignored (the reference does); the
 * stored block is its canonical encoding.
 * Returns: 0 (res says what happened, including REJECTED), ZEN_EINVAL
 *          "invalid block" (not a block), ZEN_EREFUSED (context-free
 *          validation text, or "too many orphan blocks"), ZEN_ESTORE.
 * Out: res (also filled as far as known on failure).
 */
int zen_chain_submit_block(struct zen_chainstate *chain,
			   struct zen_block_result *res, const uint8_t *raw,
			   size_t len, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/* ---- Mempool --------------------------------------------------------- */

enum zen_tx_outcome {
	ZEN_TX_ADDED = 1,
	ZEN_TX_IN_MEMPOOL,	/* refused: "already in mempool" */
	ZEN_TX_IN_BLOCK,	/* refused: "already in a block" (API 302) */
	ZEN_TX_INVALID,		/* refused by validation or policy */
};

/*
 * Admit a serialized transaction to the mempool (14.1): not already in
 * the mempool or a main-chain block, basic validation, then contextual
 * validation against the tip plus the mempool at block number tip + 1
 * and timestamp now (chains of mempool transactions work).  Trailing
 * bytes are refused.
 * Returns: 0 (added), ZEN_EINVAL "invalid transaction", ZEN_EREFUSED
 *          ("already in mempool", "already in a block", the validate.h
 *          texts: Orphan, DoubleSpend, General "...", "mempool is full",
 *          "No tip"), ZEN_ESTORE.
 * Out: outcome, hash (the tx hash when it decoded); either may be NULL.
 */
int zen_chain_submit_tx(struct zen_chainstate *chain, enum zen_tx_outcome *outcome,
			uint8_t hash[ZEN_HASH_LEN], const uint8_t *raw,
			size_t len, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 4);

/* ---- Block template -------------------------------------------------- */

/*
 * Build a block on the tip paying pk_hash (15.2): mempool transactions
 * by weight ascending (stable), greedily validated against the
 * template's own state up to maxBlockWeight; a coinbase locked
 * Coinbase(tip + 1, pk_hash) paying the reward plus the fees (one output
 * per asset, by asset); the roots; header version 1, parent = tip,
 * timestamp max(now, medianTime + 1), difficulty = the next EMA value,
 * nonce (0, 0).  The header is not mined.
 * Returns: 0, ZEN_ENOTFOUND "No tip", ZEN_ESTORE.
 * Out: block (initialized by the caller; released first).  Serialize it
 *      with zen_header_encode / zen_block_encode.
 */
int zen_chain_template(struct zen_chainstate *chain, struct zen_block *block,
		       const uint8_t pk_hash[ZEN_HASH_LEN],
		       struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/* ---- Read snapshots -------------------------------------------------- */

/*
 * Begin a read snapshot (an LMDB read transaction): every query on it
 * sees the same state.  It may be used from another thread than the one
 * that began it, by one thread at a time.  Keep it short: a snapshot
 * pins the pages it sees.
 * Returns: 0 or ZEN_ESTORE.  Out: out, ended by zen_chain_read_end().
 */
int zen_chain_read_begin(struct zen_chainstate *chain,
			 struct zen_chain_read **out, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);
/* NULL is a no-op. */
void zen_chain_read_end(struct zen_chain_read *r);
/* The generation the snapshot sees (store.h zen_store_txn_generation: it
 * may be older than zen_chain_generation read just before it began). */
uint64_t zen_chain_read_generation(const struct zen_chain_read *r)
	ZEN_NONNULL(1);

/* A stored block's index entry. */
struct zen_block_info {
	uint8_t hash[ZEN_HASH_LEN];
	struct zen_header header;	/* header.block_number: its number */
	enum zen_block_status status;
	struct zen_u256 work;		/* chain work (0 for orphans) */
	struct zen_ema ema;		/* EMA state after the block */
	struct zen_block_cgp cgp;	/* CGP state after the block */
};

/*
 * The tip (/blockchain/info: blocks = info.header.block_number, tip =
 * info.hash, medianTime = zen_ema_earliest(&info.ema), difficulty from
 * info.header.difficulty).
 * Returns: 0, ZEN_ENOTFOUND "No tip" (no genesis yet), ZEN_ESTORE.
 */
int zen_chain_read_tip(struct zen_chain_read *r, struct zen_block_info *info,
		       struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * zen_chain_read_tip on a snapshot of its own, and *generation the
 * generation of that snapshot; without a snapshot while the store is at
 * the generation of the last answer (nothing has changed since, in any
 * process): what a page asked again and again needs.
 * Returns: 0, ZEN_ENOTFOUND "No tip", ZEN_ESTORE.
 */
int zen_chain_tip_now(struct zen_chainstate *chain,
		      struct zen_block_info *info, uint64_t *generation,
		      struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/*
 * The main-chain block at number (1 = genesis).
 * Returns: 0, ZEN_ENOTFOUND "block not found", ZEN_ESTORE.
 */
int zen_chain_read_main(struct zen_chain_read *r, struct zen_block_info *info,
			uint32_t number, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Any stored block by hash (main, side, orphan, invalid); on the main
 * chain iff info->status == ZEN_BLOCK_MAIN.
 * Returns: 0, ZEN_ENOTFOUND "block not found", ZEN_ESTORE.
 */
int zen_chain_read_block_info(struct zen_chain_read *r,
			      struct zen_block_info *info,
			      const uint8_t hash[ZEN_HASH_LEN],
			      struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/*
 * The serialized block (header || body) of a stored block, appended to
 * raw; info (may be NULL) gets its index entry.  Invalid blocks have no
 * bytes.  For /blockchain/blocks and /headers, loop zen_chain_read_main
 * from the highest number down.
 * Returns: 0, ZEN_ENOTFOUND "block not found", ZEN_ESTORE.
 */
int zen_chain_read_block(struct zen_chain_read *r, struct zen_buf *raw,
			 struct zen_block_info *info,
			 const uint8_t hash[ZEN_HASH_LEN], struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 4);

/* Where a transaction is. */
struct zen_tx_location {
	int in_mempool;			/* 1: mempool, 0: main-chain block */
	uint8_t block_hash[ZEN_HASH_LEN];
	uint32_t block_number;
	uint32_t index;			/* position in the block */
	uint32_t confirmations;		/* tip - number + 1; 0 in mempool */
};

/*
 * A transaction of the main chain or the mempool by hash: its full raw
 * bytes (with witnesses) appended to raw.
 * Returns: 0, ZEN_ENOTFOUND "transaction not found", ZEN_ESTORE.
 * Out: raw, loc (may be NULL).
 */
int zen_chain_read_tx(struct zen_chain_read *r, struct zen_buf *raw,
		      struct zen_tx_location *loc,
		      const uint8_t hash[ZEN_HASH_LEN], struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 4);

/*
 * Call fn for every mempool transaction in insertion order (hash and raw
 * bytes are views valid during the call).  fn returns 0 to go on, or a
 * zen_code that stops the walk and is returned.
 * Returns: 0, fn's code, ZEN_ESTORE.
 */
int zen_chain_read_mempool(struct zen_chain_read *r,
			   int (*fn)(void *ctx, const uint8_t hash[ZEN_HASH_LEN],
				     const uint8_t *raw, size_t len),
			   void *ctx, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * One unspent main-chain output (mempool effects not included).
 * Returns: 0, ZEN_ENOTFOUND "output not found", ZEN_ESTORE.
 * Out: out (initialized by the caller; replaced).
 */
int zen_chain_read_utxo(struct zen_chain_read *r, struct zen_output *out,
			const struct zen_outpoint *op, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/*
 * Call fn for every unspent main-chain output, ordered by outpoint (tx
 * hash bytes, then index).  out is valid during the call only.  fn
 * returns 0 to go on or a code that stops the walk and is returned.
 */
int zen_chain_read_utxos(struct zen_chain_read *r,
			 int (*fn)(void *ctx, const struct zen_outpoint *op,
				   const struct zen_output *out),
			 void *ctx, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

struct zen_chain_counts {
	uint64_t blocks;		/* stored blocks of any status */
	uint64_t orphans;
	uint64_t main;			/* main-chain blocks (= tip number) */
	uint64_t txs;			/* main-chain transactions */
	uint64_t utxos;
	uint64_t mempool;		/* mempool transactions */
	uint64_t mempool_bytes;
	uint64_t contracts;		/* active contract set */
};

int zen_chain_read_counts(struct zen_chain_read *r,
			  struct zen_chain_counts *out, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/* ---- Contracts (contracts.md 1) ------------------------------------- */

/* One entry of the active contract set. */
struct zen_active_contract {
	struct zen_contract_id cid;
	uint32_t expiry;		/* last block it can run in */
	char *code;			/* owned, NUL-terminated */
	size_t code_len;
};

/*
 * The active contract set as the mempool sees it (api.md 4.1: the tip's
 * set plus activations and extensions of mempool transactions), ordered
 * by contract hash.
 * Returns: 0 or ZEN_ESTORE.  Out: *out (malloc'ed array, NULL when
 * empty; free with zen_active_contracts_free), *n.
 */
int zen_chain_read_active(struct zen_chain_read *r,
			  struct zen_active_contract **out, size_t *n,
			  struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);
void zen_active_contracts_free(struct zen_active_contract *a, size_t n);

/* A contract execution request (contracts.md 1.6). */
struct zen_execute_request {
	struct zen_contract_id cid;
	const char *command;		/* NULL: "" */
	size_t command_len;
	int sender_is_pk;		/* 0: Anonymous */
	uint8_t sender_pk[ZEN_PUBKEY_LEN];
	const struct zen_data *body;	/* NULL: None */
	/* The initial skeleton: inputs (resolved) and outputs. */
	const struct zen_outpoint *in_outpoints;
	const struct zen_output *in_outputs;	/* what they spend */
	size_t n_in;
	const struct zen_spend *in_mints;	/* NULL, or n_in entries:
						 * in_mints[i].amount > 0 makes
						 * input i a Mint */
	const struct zen_output *outputs;
	size_t n_outputs;
	/* NULL, or a flag another thread sets to stop the runs (the
	 * server's time limit): ZEN_EREFUSED "run cancelled" */
	const atomic_int *cancel;
};

/*
 * Run a contract as the node would for a wallet (1.6): against the
 * mempool view of the active contract set and contract states, with the
 * contract's wallet made of its unspent outputs (confirmed and mempool,
 * minus those already in the skeleton), context block tip + 1 and time
 * now, following messages to other contracts (at most
 * ZEN_EXECUTE_MAX_CHAIN runs).  Nothing is stored.
 * Returns: 0, ZEN_EREFUSED ("Contract not active", the contract's ERR
 *          text, "invalid prefix", an engine failure), ZEN_ENOTFOUND
 *          "No tip", ZEN_ESTORE.
 * Out: tx (initialized by the caller; replaced): version 0, the inputs
 *      (outpoints and mints), the outputs and one contract witness per
 *      run, in run order (signature None, state NotCommitted); no PK
 *      witnesses, hashes computed for the transaction as it is.
 */
#define ZEN_EXECUTE_MAX_CHAIN 16
int zen_chain_execute(struct zen_chainstate *chain,
		      const struct zen_execute_request *rq, struct zen_tx *tx,
		      struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/*
 * The total number of queries of an F* hints database (contracts.md
 * 1.9): the sum of the unsat-core lengths of its non-null hints.
 * Returns: 0, ZEN_EINVAL "invalid hints: <why>" (not the JSON shape of
 * 1.9, or no usable hint).
 */
int zen_hints_queries(const char *hints, size_t len, uint32_t *queries,
		      struct zen_err *err) ZEN_WARN_UNUSED;

/* ---- Consistency check ----------------------------------------------- */

struct zen_chain_verify_report {
	uint32_t blocks;		/* main-chain blocks replayed */
	uint64_t txs;
	uint64_t utxos;
	uint64_t mempool;
	uint64_t stored;		/* index entries checked */
};

/*
 * `zen node verify`: on one read snapshot, replay the main chain from
 * genesis into a scratch UTXO set and check that the stored UTXO set
 * equals it exactly, that every main-chain index and transaction entry
 * matches (and no other exists), that chain work and EMA state are the
 * sums and pushes of their blocks, that the tip is the last main block,
 * that every stored block's status agrees with the main index, that
 * every active contract is stored under its code's hash and expires after
 * the tip, and that every mempool transaction is valid on the tip (in
 * order, signatures included) with the mempool indexes and the mempool's
 * contract overlay matching.
 * Returns: 0, ZEN_ESTORE "<what differs>", ZEN_ESTORE store errors.
 * Out: report (counts so far on failure).
 */
int zen_chain_verify(struct zen_chainstate *chain,
		     struct zen_chain_verify_report *report,
		     struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);
/* The same, followed block by block and stopped between blocks once
 * work->cancel is set (the server's time limit): ZEN_EREFUSED
 * "verification cancelled at block N".  work may be NULL. */
int zen_chain_verify_work(struct zen_chainstate *chain,
			  struct zen_chain_verify_report *report,
			  const struct zen_work *work, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

#endif
