/*
 * chain_int.h - what the files of src/core/chain share (not a public
 * header): the handle, block records, outpoint keys, the in-memory UTXO
 * overlay and the UTXO views handed to validate.h.
 */
#ifndef ZEN_CHAIN_INT_H
#define ZEN_CHAIN_INT_H

#include <pthread.h>
#include <stdatomic.h>

#include "core/chain/chain.h"
#include "core/chain/store.h"
#include "core/chain/validate.h"

/* Loaded contracts by hash (contracts.c). */
struct chain_contract;
struct chain_contracts {
	pthread_mutex_t lock;
	struct chain_contract **e;
	size_t n, cap;
};

struct zen_chainstate {
	struct zen_store *store;
	struct chain_contracts contracts;
	const struct zen_chain_params *params;
	pthread_mutex_t write_lock;	/* one writer per process at a time */
	uint64_t (*now)(void *ctx);
	void *now_ctx;
	unsigned threads;
	/* zen_chain_stats: what this process connected (a block of a
	 * reorganisation that is rolled back still counts). */
	atomic_uint_least64_t blocks_connected;
	atomic_uint_least64_t connect_us;
	atomic_uint_least64_t sigs_ahead;
	/* zen_chain_tip_now: the tip read at a generation */
	pthread_mutex_t memo_lock;
	struct {
		int valid, rc;		/* rc: 0 or ZEN_ENOTFOUND */
		uint64_t generation;
		struct zen_block_info tip;
	} tip_memo;
};

struct zen_chain_read {
	struct zen_chainstate *chain;
	struct zen_store_txn *t;
};

uint64_t chain_now(const struct zen_chainstate *chain);

/* ---- Big-endian helpers ---- */
void chain_put32(uint8_t *p, uint32_t v);
void chain_put64(uint8_t *p, uint64_t v);
uint32_t chain_get32(const uint8_t *p);
uint64_t chain_get64(const uint8_t *p);

/* ---- Block records (index database) ---- */
#define CHAIN_RECORD_LEN (ZEN_HEADER_LEN + 1 + 32 + 4 + 1 + 11 * 8 + 2)

void chain_record_encode(uint8_t out[CHAIN_RECORD_LEN],
			 const struct zen_block_info *info);
/* Returns 0, ZEN_ENOTFOUND (err untouched), ZEN_ESTORE. */
int chain_record_get(struct zen_store_txn *t, struct zen_block_info *info,
		     const uint8_t hash[ZEN_HASH_LEN], struct zen_err *err);
int chain_record_put(struct zen_store_txn *t,
		     const struct zen_block_info *info, struct zen_err *err);
/* The tip record: 0, ZEN_ENOTFOUND (empty chain, err untouched). */
int chain_tip_get(struct zen_store_txn *t, struct zen_block_info *info,
		  struct zen_err *err);
/* meta u64 value (0 when absent). */
int chain_meta_u64(struct zen_store_txn *t, const char *name, uint64_t *v,
		   struct zen_err *err);
int chain_meta_put_u64(struct zen_store_txn *t, const char *name, uint64_t v,
		       struct zen_err *err);

/* ---- Outpoint keys ---- */
#define CHAIN_OP_KEY_LEN (ZEN_HASH_LEN + 4)
void chain_op_key(uint8_t key[CHAIN_OP_KEY_LEN], const struct zen_outpoint *op);
void chain_op_from_key(struct zen_outpoint *op, const uint8_t *key);

/* Decode an output stored in the utxo / undo databases (whole slice). */
int chain_output_decode(struct zen_output *out, const uint8_t *p, size_t len,
			struct zen_err *err);

/* ---- In-memory UTXO overlay: outpoint -> (state, output bytes) ---- */
struct chain_ovl_entry {
	uint8_t key[CHAIN_OP_KEY_LEN];
	int used;
	enum zen_utxo_state state;
	struct zen_buf out;	/* canonical output (ZEN_UTXO_UNSPENT) */
};

struct chain_ovl {
	struct chain_ovl_entry *e;	/* entries [0, n), insertion order */
	size_t cap, n;		/* index slots, entries */
	uint64_t *ix;		/* index (state.c) */
	size_t cap_e;		/* entries allocated */
};

void chain_ovl_init(struct chain_ovl *o);
void chain_ovl_release(struct chain_ovl *o);
struct chain_ovl_entry *chain_ovl_find(const struct chain_ovl *o,
				       const uint8_t key[CHAIN_OP_KEY_LEN]);
/* Make room for n entries in all (no growth until then). */
void chain_ovl_reserve(struct chain_ovl *o, size_t n);
/* Insert or replace. */
void chain_ovl_set(struct chain_ovl *o, const uint8_t key[CHAIN_OP_KEY_LEN],
		   enum zen_utxo_state state, const uint8_t *out, size_t len);
/* Apply tx: outpoint inputs become spent, spendable outputs unspent. */
void chain_ovl_apply(struct chain_ovl *o, const struct zen_tx *tx);

/* ---- UTXO views over the store ---- */
struct chain_view {
	struct zen_store_txn *t;
	struct chain_ovl *ovl;	/* consulted first; may be NULL */
	int mempool;		/* then the mempool databases: 1 spent and
				 * created outputs, 2 created outputs only */
	int failed;		/* a store error happened (in err) */
	struct zen_err err;
};

void chain_view_init(struct zen_utxo_view *view, struct chain_view *cv,
		     struct zen_store_txn *t, struct chain_ovl *ovl,
		     int mempool);
/* The store part of a lookup: utxo, then "spent on the main chain"
 * (the creating transaction is in the txs index and the output exists and
 * is spendable) or missing. */
enum zen_utxo_state chain_view_lookup(void *ctx, const struct zen_outpoint *op,
				      struct zen_output *out);

/* ---- Shared steps ---- */
/* The main-chain tx entry (txs database) as raw bytes of the tx. */
int chain_tx_raw(struct zen_store_txn *t, struct zen_slice *raw,
		 uint8_t block_hash[ZEN_HASH_LEN], uint32_t *number,
		 uint32_t *index, const uint8_t hash[ZEN_HASH_LEN],
		 struct zen_err *err);

/* Mempool (mempool.c). */
int chain_mempool_add(struct zen_store_txn *t, const struct zen_tx *tx,
		      const struct zen_contract_delta *delta,
		      struct zen_err *err);
/* After a tip change: re-validate back (raw txs, in order, put in front)
 * followed by the current mempool; drop what fails or is in a block. */
int chain_mempool_rebuild(struct zen_chainstate *chain, struct zen_store_txn *t,
			  const struct zen_buf *back, size_t n_back,
			  struct zen_err *err);
/* Validate tx for the mempool (context: tip + 1, now) against view and
 * the contract view acs; sigs into batch when not NULL (then not
 * verified here); the contract effects into delta (may be NULL). */
int chain_mempool_check(struct zen_chainstate *chain, struct zen_store_txn *t,
			const struct zen_block_info *tip,
			const struct zen_utxo_view *view,
			const struct zen_acs_view *acs,
			const struct zen_tx *tx, struct zen_sig_batch *batch,
			struct zen_contract_delta *delta, struct zen_err *err);

/* ---- Contracts (contracts.c) ---- */
#define CHAIN_CID_KEY_LEN (4 + ZEN_HASH_LEN)

void chain_contracts_init(struct chain_contracts *cc);
void chain_contracts_release(struct chain_contracts *cc);

/* A contract view (validate.h) over the store: ovl first (may be NULL),
 * then (mempool) the mempool databases, then the tip's state. */
struct chain_acs {
	struct zen_chainstate *chain;
	struct zen_store_txn *t;
	const struct zen_contract_delta *ovl;
	int mempool;
};

void chain_acs_init(struct zen_acs_view *view, struct chain_acs *ca,
		    struct zen_chainstate *chain, struct zen_store_txn *t,
		    const struct zen_contract_delta *ovl, int mempool);
/* Fold a transaction's delta into a block's overlay (copies). */
void chain_contracts_merge(struct zen_contract_delta *dst,
			   const struct zen_contract_delta *src);
/*
 * 8.5 steps 6 and 7 from one pass over the set after the block's
 * transactions (stored + ovl): *sacrifice, what the coinbase owes the
 * contracts (before this block's expiries), and the ACS root after
 * block_number's expiries; with block_hash (not NULL) also write the
 * block's contract changes and their undo record.
 */
int chain_contracts_connect(const struct zen_chain_params *p,
			    struct zen_store_txn *t,
			    const struct zen_contract_delta *ovl,
			    uint32_t block_number,
			    const uint8_t block_hash[ZEN_HASH_LEN],
			    uint64_t *sacrifice, uint8_t acs_root[ZEN_HASH_LEN],
			    struct zen_err *err);
/* Undo the contract changes of block_hash (a no-op when it had none). */
int chain_contracts_disconnect(struct zen_store_txn *t,
			       const uint8_t block_hash[ZEN_HASH_LEN],
			       struct zen_err *err);
/* The mempool overlay: add a transaction's delta / empty it. */
int chain_mempool_contracts_add(struct zen_store_txn *t,
				const struct zen_contract_delta *d,
				struct zen_err *err);
int chain_mempool_contracts_clear(struct zen_store_txn *t,
				  struct zen_err *err);
/* `zen node verify`: does the overlay hold exactly d (the mempool's
 * transactions replayed)?  *what names the part that differs, or NULL. */
int chain_mempool_contracts_check(struct zen_store_txn *t,
				  const struct zen_contract_delta *d,
				  const char **what, struct zen_err *err);

/* Canonical output bytes. */
void chain_output_bytes(struct zen_buf *out, const struct zen_output *o);


/* The local genesis block (block.json#local-genesis). */
extern const uint8_t chain_local_genesis[];
extern const size_t chain_local_genesis_len;

/* `zen node verify`'s failure: ZEN_ESTORE "store check failed: PART..."
 * (part: "" or the index it is about, "address index: "). */
int chain_check_failed(struct zen_err *err, const char *part,
		       const char *fmt, ...) ZEN_PRINTF(3, 4);

#endif
