/*
 * addr-int.h - what the address index's files share (not a public
 * header): the keys and values of the addr database, the writer that logs
 * every change of a block for its undo, and the hooks of block connection
 * (chain.c) and of zen node verify (verify.c).
 *
 * Files, each using only those above it in this list: addrstore.c (keys,
 * values, the writer, the mark), addrindex.c (a block's indexing and its
 * undo, the hooks), addrbuild.c (enabling, building, the status),
 * addrread.c (the reads of addrindex.h), addrverify.c.
 *
 * The addr database.  An address is u8 0 || PK hash (33 bytes) or u8 1 ||
 * contract id as u32 BE version || hash (37 bytes); an asset is its wire
 * encoding; integers are big-endian.
 *
 *  'm' "mark"  u8 enabled || u32 synced number || synced hash (absent:
 *              not enabled); written outside the undo log
 *  'B' address asset -> u64 outputs || u128 amount: what the address's
 *              unspent outputs of the asset add up to (no entry: none)
 *  'C' address -> u32: its number of history entries
 *  'H' address u32 seq -> a history entry (struct addr_entry), seq 0 ..
 *              count - 1 in the chain's order: block, transaction, then
 *              the assets of a transaction descending, so that the newest
 *              first is the reference's order read backwards
 *  'O' address loc -> tx hash || the output (canonical): every output
 *              ever sent to the address, spent or not (the chain's UTXO
 *              set says which); loc is u32 block || u32 tx index || u32
 *              output index, so that a block's outputs go at the end of
 *              their address's, on few pages
 *  'X' contract id u32 seq -> u32 block || u32 tx index || u32 witness ||
 *              tx hash: an execution; seq in the chain's order of blocks,
 *              the executions of a block in reverse order (read backwards:
 *              newest block first, a block's in block order)
 *  'Y' contract id -> u32: its number of executions
 *  'M' asset -> the same value as 'X': the asset's last mint
 *
 * addr-undo: block hash -> records of u16 key length || key || u8 had ||
 * (had: u32 length || the previous value), undone newest first: the
 * previous values of the balances, list counts and mints the block
 * changed.  What else it wrote is undone from the block (addrindex.c).
 * One record per block the index covers, empty or not.
 */
#ifndef ZEN_CHAIN_ADDR_INT_H
#define ZEN_CHAIN_ADDR_INT_H

#include "core/chain/addrindex.h"
#include "core/chain/chain_int.h"

enum addr_kind {
	ADDR_MARK = 'm',
	ADDR_BALANCE = 'B',
	ADDR_COUNT = 'C',
	ADDR_HISTORY = 'H',
	ADDR_OUTPUT = 'O',
	ADDR_CALL = 'X',
	ADDR_CALLS = 'Y',
	ADDR_MINT = 'M',
};

#define ADDR_LEN_PK (1 + ZEN_HASH_LEN)
#define ADDR_LEN_CONTRACT (1 + ZEN_CONTRACT_ID_RAW_LEN)
/* an asset's wire encoding at most: version (5), hash, length, subtype */
#define ADDR_ASSET_MAX (5 + ZEN_HASH_LEN + 1 + ZEN_HASH_LEN)
#define ADDR_KEY_MAX (1 + ADDR_LEN_CONTRACT + ADDR_ASSET_MAX)

struct addr_key {
	uint8_t b[ADDR_KEY_MAX];
	size_t len;
};

void addr_key_start(struct addr_key *k, uint8_t kind);
void addr_key_bytes(struct addr_key *k, const void *p, size_t n);
void addr_key_u32(struct addr_key *k, uint32_t v);
void addr_key_addr(struct addr_key *k, const struct zen_address *a);
void addr_key_cid(struct addr_key *k, const struct zen_contract_id *cid);
void addr_key_asset(struct addr_key *k, const struct zen_asset *a);
/* An output's place in the chain (the loc of 'O' and 'U' keys). */
struct addr_loc {
	uint32_t block, index, output;
};
#define ADDR_LOC_LEN 12
void addr_key_loc(struct addr_key *k, const struct addr_loc *l);
/* The address an output lock pays (PK and Coinbase: the PK hash's,
 * Contract: the contract's).  Returns 1, or 0 for other locks. */
int addr_of_lock(struct zen_address *a, const struct zen_lock *l);
/* The address encoded at p (len bytes at least): its length, or 0. */
size_t addr_decode(struct zen_address *a, const uint8_t *p, size_t len);

/* The mark. */
struct addr_mark {
	int enabled;
	uint32_t synced;
	uint8_t hash[ZEN_HASH_LEN];
};
/* Absent: not enabled.  Returns 0 or ZEN_ESTORE. */
int addr_mark_get(struct zen_store_txn *t, struct addr_mark *m,
		  struct zen_err *err) ZEN_WARN_UNUSED;
int addr_mark_put(struct zen_store_txn *t, const struct addr_mark *m,
		  struct zen_err *err) ZEN_WARN_UNUSED;

/* Writes of one block, each logged (its previous value) for the undo. */
struct addr_writer {
	struct zen_store_txn *t;
	struct zen_buf log;
	struct zen_err *err;
};

/* Log the value k has now (or that it has none): *v views it (valid
 * until the next write), *had says whether there is one.  The caller
 * then writes k itself.  Returns 0 or ZEN_ESTORE. */
int addr_prior(struct addr_writer *w, const struct addr_key *k,
	       struct zen_slice *v, int *had) ZEN_WARN_UNUSED;
int addr_put(struct addr_writer *w, const struct addr_key *k,
	     const void *val, size_t vlen) ZEN_WARN_UNUSED;
/* Returns 0, ZEN_ENOTFOUND when there was nothing to delete (err
 * untouched), or ZEN_ESTORE. */
int addr_del(struct addr_writer *w, const struct addr_key *k) ZEN_WARN_UNUSED;
/* One record of an undo log: a key and the value it had (had 0: none). */
struct addr_undo_rec {
	const uint8_t *key, *val;
	size_t klen, vlen;
	int had;
};
/* The records of log (views into it), oldest first; free(*out).
 * Returns 0 or ZEN_ESTORE. */
int addr_undo_parse(const uint8_t *log, size_t len,
		    struct addr_undo_rec **out, size_t *n, struct zen_err *err)
	ZEN_WARN_UNUSED;
/* Put back what a log recorded, newest first.  Returns 0 or ZEN_ESTORE. */
int addr_undo_log(struct zen_store_txn *t, const uint8_t *log, size_t len,
		  struct zen_err *err) ZEN_WARN_UNUSED;

/* A u32 value (a count); absent is 0. */
int addr_get_u32(struct zen_store_txn *t, const struct addr_key *k,
		 uint32_t *v, struct zen_err *err) ZEN_WARN_UNUSED;

/* A balance entry's value. */
#define ADDR_BALANCE_LEN 24
void addr_balance_encode(uint8_t out[ADDR_BALANCE_LEN], uint64_t outputs,
			 unsigned __int128 amount);
void addr_balance_decode(const uint8_t in[ADDR_BALANCE_LEN],
			 uint64_t *outputs, unsigned __int128 *amount);

/* A history entry of one address. */
enum addr_lock_kind {
	ADDR_LOCK_PK = 0,
	ADDR_LOCK_COINBASE = 1,
	ADDR_LOCK_CONTRACT = 2,
};

struct addr_entry {
	uint32_t block, index;
	uint8_t tx_hash[ZEN_HASH_LEN];
	uint64_t timestamp;
	int negative;		/* amount is subtracted */
	int incoming;		/* an output of the tx paid the address */
	uint64_t amount;
	enum addr_lock_kind lock;	/* the lock kept for the reply */
	uint32_t lock_block;	/* ADDR_LOCK_COINBASE */
	struct zen_asset asset;
};

void addr_entry_write(struct zen_buf *out, const struct addr_entry *e);
/* Returns 0, or -1 for bytes that are not an entry. */
int addr_entry_read(struct addr_entry *e, const uint8_t *p, size_t len);
/* The lock kind of an output lock of an address. */
void addr_entry_lock(struct addr_entry *e, const struct zen_lock *l);
/* The entry's lock for address a (into an initialized lock). */
void addr_entry_lock_of(struct zen_lock *l, const struct addr_entry *e,
			const struct zen_address *a);

/* An execution ('X', 'M' values). */
#define ADDR_CALL_LEN (12 + ZEN_HASH_LEN)
void addr_call_encode(uint8_t out[ADDR_CALL_LEN], const struct zen_addr_call *c);
void addr_call_decode(struct zen_addr_call *c, const uint8_t in[ADDR_CALL_LEN]);

/* ---- addrindex.c: indexing a block, and the hooks of chain.c -------- */

/* A main-chain block as the index sees it. */
struct chain_addr_block {
	const struct zen_block *b;
	const uint8_t *hash;
	/* the outputs its inputs spent, in block order (the undo data) */
	const uint8_t *spent;
	size_t spent_len;
};

/*
 * Index blk, the main-chain block after the synced mark, and move the
 * mark to it; its changes logged as its undo record.  Returns 0 or
 * ZEN_ESTORE.
 */
int chain_addr_index(const struct zen_chain_params *p,
		     struct zen_store_txn *t, const struct addr_mark *m,
		     const struct chain_addr_block *blk, struct zen_err *err)
	ZEN_WARN_UNUSED;

/* Block connection's hook: blk becomes the tip; indexed when the index is
 * enabled and synced up to its parent.  Returns 0 or ZEN_ESTORE. */
int chain_addr_connect(const struct zen_chain_params *p,
		       struct zen_store_txn *t,
		       const struct chain_addr_block *blk, struct zen_err *err)
	ZEN_WARN_UNUSED;

/* Disconnection's hook: blk, the tip, leaves the main chain; undone when
 * it is the synced mark.  Returns 0 or ZEN_ESTORE. */
int chain_addr_disconnect(const struct zen_chain_params *p,
			  struct zen_store_txn *t,
			  const struct chain_addr_block *blk,
			  struct zen_err *err) ZEN_WARN_UNUSED;

/* ---- addrverify.c -------------------------------------------------- */

/*
 * `zen node verify`: the index holds exactly what indexing the main chain
 * up to its mark gives (a disabled index: nothing), the mark on the main
 * chain, one undo record per block it covers; balances, unspent marks and
 * outputs against the UTXO set when it has caught up with the tip.
 * Returns 0 or ZEN_ESTORE "store check failed: ...".
 */
int chain_addr_verify(const struct zen_chain_params *p,
		      struct zen_store_txn *t, uint32_t tip, struct zen_err *err)
	ZEN_WARN_UNUSED;

#endif
