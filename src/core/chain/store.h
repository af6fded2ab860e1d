/*
 * store.h - the node's persistent state: one LMDB environment with named
 * key-value databases.  store.c is the only file that includes lmdb.h;
 * chain.c gives the bytes their meaning (the schema below).
 *
 * Location: <datadir>/chain/ (data.mdb and lock.mdb, LMDB's default
 * layout).  The map is 64 GiB, sparse: the file only grows with use.
 *
 * Transactions.  Every store access happens in a struct zen_store_txn,
 * read-only or read-write.  Exactly one of zen_store_commit() and
 * zen_store_abort() ends it, on every path; a cursor never outlives the
 * transaction it was opened in (close cursors first).  Read transactions
 * see a snapshot and never block; LMDB serializes writers across threads
 * and processes (a second writer waits).  Write transactions may be
 * nested (a child sees its parent's writes; aborting the child drops only
 * its own), which the chain uses to try a block and roll it back.
 * Commits are durable (fsync) before zen_store_commit() returns.
 *
 * The environment is opened with MDB_NOTLS, so read transactions are not
 * tied to the thread that began them (but one transaction is used by one
 * thread at a time).  LMDB forbids opening one environment twice in a
 * process: open the store once (zen_chain_open does) and share it.
 *
 * Errors: everything that fails in LMDB is ZEN_ESTORE with a message that
 * names the operation ("store: cannot open <dir>: ...", "store is full
 * (map size 64 GiB)", "store is locked: ...").  A key that is absent is
 * ZEN_ENOTFOUND without a message (err untouched): absence is a normal
 * answer, and callers word it.
 *
 * ------------------------------------------------------------------------
 * SCHEMA (version ZEN_STORE_SCHEMA).  Integers are big-endian; "hash" is
 * 32 raw bytes; an outpoint key is tx hash || u32 index (36 bytes).
 *
 *  meta       ASCII name -> value
 *             "schema"        u32: the schema version (checked at open:
 *                             "store schema N, expected M")
 *             "network"       u32: network id of the chain it holds
 *             "tip"           hash of the main-chain tip (absent: empty)
 *             "genesis"       hash of the genesis block
 *             "mempool-seq"   u64: next mempool sequence number
 *             "mempool-bytes" u64: total raw bytes in the mempool
 *  index      block hash -> block record (ZEN_CHAIN_RECORD_LEN bytes):
 *             header (100) || status u8 || chain work (32) ||
 *             EMA after the block: difficulty u32, count u8,
 *             11 x u64 timestamps (oldest first, unused slots 0) ||
 *             CGP state after the block: allocation u8, payout u8 (0:
 *             none; no other value in this schema version).
 *             Status 1 orphan (parent unknown; work and EMA are zero),
 *             2 connectable (ancestry known, not on the main chain),
 *             3 main chain, 4 invalid.
 *  blocks     block hash -> the block, canonically encoded (header,
 *             commitments, transactions' raw bytes).  Absent for invalid
 *             blocks.
 *  children   parent hash || child hash -> empty (also for orphans,
 *             whose parent is unknown)
 *  orphans    block hash -> empty, one row per orphan block
 *  main       u32 block number -> block hash, main chain only
 *  txs        tx hash -> block hash || u32 number || u32 index in the
 *             block || u32 byte offset in the block || u32 length,
 *             main chain only
 *  utxo       outpoint -> output (canonical encoding); unspent, spendable
 *             outputs of the main chain only
 *  undo       block hash -> the outputs spent by the block's outpoint
 *             inputs, in block order (canonical encodings concatenated);
 *             main-chain blocks only
 *  mempool    u64 sequence -> tx hash || raw transaction (insertion order)
 *  mempool-tx tx hash -> u64 sequence
 *  mempool-spent  outpoint -> hash of the mempool tx spending it
 *  mempool-out    outpoint -> output created by a mempool tx (spendable)
 *  acs        contract hash -> u32 expiry || code (the active contract
 *             set after the tip; version 0 contracts only)
 *  states     contract id (u32 version || hash) -> the contract's state,
 *             a data value (written form); no entry: no state
 *  contract-undo  block hash -> what the block changed in acs and states,
 *             main-chain blocks only: records of u8 database (1 acs,
 *             2 states) || key (32 / 36 bytes) || u8 had || (had: u32
 *             length || the previous value)
 *  mempool-acs    contract hash -> u32 expiry || code: entries the
 *             mempool's transactions set (activations, extensions),
 *             over acs
 *  mempool-states contract id -> u8 present || data: states the mempool's
 *             transactions left, over states (present 0: deleted)
 *
 *  cgp        the Common Goods Pool's bookkeeping (cgpstate.c), keys led by
 *             a kind byte:
 *             'B' || PK hash -> u64: ZP balance now (running; no entry: 0)
 *             'S' || u32 interval || PK hash -> u64: balance at the
 *                  interval's snapshot block (the voting weight)
 *             'F' || asset -> u64: what the CGP contract holds now
 *             'G' || u32 interval || asset -> u64: the same at the snapshot
 *             'n' / 'a' / 'p' || u32 interval || 33-byte public key ->
 *                  the key's first signed ballot (protocol.md 2.16) in the
 *                  nominee / allocation / payout table
 *             'c' || u32 interval -> the candidates: varint count ||
 *                  payouts, in payout order
 *             'w' || u32 interval -> the winner, as a CGP state
 *             's' || block hash -> the CGP state after the block, for
 *                  blocks after which a payout is due (the record has the
 *                  allocation and says whether this entry exists)
 *  cgp-undo   block hash -> what the block changed in cgp, main-chain
 *             blocks only: records of u16 key length || key || u8 had ||
 *             (had: u32 length || the previous value), undone newest first
 *
 *  addr       the address index (addrindex.h, addr-int.h has the keys),
 *             kept only when enabled; keys led by a kind byte
 *  addr-undo  block hash -> what the block changed in addr, for the
 *             blocks the index covers: records as in cgp-undo
 *
 *  Schema 2 added cgp and cgp-undo: a schema 1 store has no record of the
 *  balances its blocks moved, so it is refused rather than half-tallied.
 *  The four databases before them were added to schema 1 before any
 *  release: a store without them opens with them empty, which is what a
 *  chain without contracts holds.  So do addr and addr-undo, added to
 *  schema 2: empty, they are an index that is not enabled.
 * ------------------------------------------------------------------------
 */
#ifndef ZEN_CHAIN_STORE_H
#define ZEN_CHAIN_STORE_H

#include "core/base/err.h"
#include "core/base/zen.h"

#define ZEN_STORE_SCHEMA 2

enum zen_store_db {
	ZEN_DB_META = 0,
	ZEN_DB_INDEX,
	ZEN_DB_BLOCKS,
	ZEN_DB_CHILDREN,
	ZEN_DB_ORPHANS,
	ZEN_DB_MAIN,
	ZEN_DB_TXS,
	ZEN_DB_UTXO,
	ZEN_DB_UNDO,
	ZEN_DB_MEMPOOL,
	ZEN_DB_MEMPOOL_TX,
	ZEN_DB_MEMPOOL_SPENT,
	ZEN_DB_MEMPOOL_OUT,
	ZEN_DB_ACS,
	ZEN_DB_STATES,
	ZEN_DB_CUNDO,
	ZEN_DB_MEMPOOL_ACS,
	ZEN_DB_MEMPOOL_STATES,
	ZEN_DB_CGP,
	ZEN_DB_CGP_UNDO,
	ZEN_DB_ADDR,
	ZEN_DB_ADDR_UNDO,
	ZEN_DB_COUNT_
};

struct zen_store;
struct zen_store_txn;
struct zen_store_cursor;

/* A view of bytes owned by LMDB: valid until the transaction ends or the
 * same transaction writes (copy what must survive). */
struct zen_slice {
	const uint8_t *p;
	size_t len;
};

/*
 * Open (creating when needed) the environment in dir (created with mode
 * 0700 if missing) and its databases.  A new store gets the schema
 * version; an existing one must carry ZEN_STORE_SCHEMA.
 * Returns: 0, or ZEN_ESTORE: "store: cannot create <dir>: ...",
 *          "store: cannot open <dir>: ...", "store schema N, expected M",
 *          "store is damaged: ..." (*out is NULL on failure).
 * Out: out, the store; zen_store_close() releases it.
 */
int zen_store_open(struct zen_store **out, const char *dir,
		   struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/* Close the store.  Every transaction must have ended.  NULL is a no-op. */
void zen_store_close(struct zen_store *s);

/*
 * Begin a transaction.  write: 0 read-only, 1 read-write.  parent: NULL,
 * or a write transaction to nest in (write must then be 1; the parent is
 * unusable until the child ends).  A write transaction waits for other
 * writers (threads or processes).
 * Returns: 0 or ZEN_ESTORE ("store: cannot begin transaction: ...").
 * Out: out, freed by zen_store_commit() or zen_store_abort().
 */
int zen_store_begin(struct zen_store *s, struct zen_store_txn *parent,
		    int write, struct zen_store_txn **out,
		    struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 4);

/*
 * Commit and free t (also for a read transaction, where it just ends it).
 * Returns: 0, or ZEN_ESTORE ("store is full (map size N GiB)",
 *          "store: cannot commit: ..."); t is freed either way and
 *          nothing of it was written.
 */
int zen_store_commit(struct zen_store_txn *t, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

/* Abort and free t; nothing it wrote stays.  NULL is a no-op. */
void zen_store_abort(struct zen_store_txn *t);

/*
 * The number of the last committed write transaction of the environment
 * (any process).  It changes exactly when the stored state changes, so a
 * reply computed from the state can be reused while it stays the same.
 * Cheap: no transaction, no lock.
 */
uint64_t zen_store_generation(struct zen_store *s) ZEN_NONNULL(1);

/*
 * (Addition.)  The generation the transaction t sees.  zen_store_generation
 * may run ahead of it: LMDB shows a commit's meta page (while the page is
 * still being written to disk) before it lets new read transactions see
 * the commit, so a snapshot begun right after a generation was read may
 * still hold the state before it.  A reply kept for a generation must
 * have been read by a transaction of that generation.
 */
uint64_t zen_store_txn_generation(const struct zen_store_txn *t)
	ZEN_NONNULL(1);

/* Is t a write transaction? */
int zen_store_txn_writable(const struct zen_store_txn *t) ZEN_NONNULL(1);

/*
 * Look a key up.
 * Returns: 0 (val set), ZEN_ENOTFOUND (err untouched), or ZEN_ESTORE.
 * Out: val (may be NULL: existence test), a view as struct zen_slice says.
 */
int zen_store_get(struct zen_store_txn *t, enum zen_store_db db,
		  const void *key, size_t klen, struct zen_slice *val,
		  struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 3);

/*
 * Insert or replace key -> val[0..vlen) (val may be NULL when vlen is 0).
 * Returns: 0, or ZEN_ESTORE (a full map is "store is full ...": the
 *          caller must abort the transaction).
 */
int zen_store_put(struct zen_store_txn *t, enum zen_store_db db,
		  const void *key, size_t klen, const void *val, size_t vlen,
		  struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 3);

/* Delete key.  Returns: 0, ZEN_ENOTFOUND (nothing deleted, err
 * untouched), or ZEN_ESTORE. */
int zen_store_del(struct zen_store_txn *t, enum zen_store_db db,
		  const void *key, size_t klen, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 3);

/* Delete every entry of db.  Returns: 0 or ZEN_ESTORE. */
int zen_store_clear(struct zen_store_txn *t, enum zen_store_db db,
		    struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1);

/* Number of entries of db.  Returns: 0 or ZEN_ESTORE. */
int zen_store_count(struct zen_store_txn *t, enum zen_store_db db,
		    uint64_t *n, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 3);

/* Cursor moves. */
enum zen_store_seek {
	ZEN_SEEK_FIRST,		/* smallest key */
	ZEN_SEEK_LAST,		/* largest key */
	ZEN_SEEK_GE,		/* smallest key >= the given key */
	ZEN_SEEK_NEXT,		/* the key after the current one */
	ZEN_SEEK_PREV,		/* the key before the current one */
};

/*
 * Open a cursor on db in t.  Close it with zen_store_cursor_close()
 * before t ends.  Returns: 0 or ZEN_ESTORE.
 */
int zen_store_cursor_open(struct zen_store_txn *t, enum zen_store_db db,
			  struct zen_store_cursor **out, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 3);
/* NULL is a no-op. */
void zen_store_cursor_close(struct zen_store_cursor *c);

/*
 * Move the cursor.  key/klen only for ZEN_SEEK_GE.
 * Returns: 0 (k and v, either may be NULL, are views of the entry),
 *          ZEN_ENOTFOUND when there is no such entry (err untouched), or
 *          ZEN_ESTORE.
 */
int zen_store_cursor_seek(struct zen_store_cursor *c, enum zen_store_seek how,
			  const void *key, size_t klen, struct zen_slice *k,
			  struct zen_slice *v, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

/* Delete the entry under the cursor.  Returns: 0 or ZEN_ESTORE. */
int zen_store_cursor_del(struct zen_store_cursor *c, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

/*
 * (Addition.)  Insert or replace key -> val[0..vlen) (val may be NULL when
 * vlen is 0) through a cursor of a write transaction, which is left on
 * the entry: a run of puts in key order stays on the leaf page it is on
 * instead of searching from the root.  Returns: 0 or ZEN_ESTORE as
 * zen_store_put().
 */
int zen_store_cursor_put(struct zen_store_cursor *c, const void *key,
			 size_t klen, const void *val, size_t vlen,
			 struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Open (creating when needed) another environment in dir with the
 * databases names[0..n) (n <= ZEN_DB_COUNT_), addressed afterwards as
 * (enum zen_store_db)i.  names[0] must be a meta database: its key
 * "schema" holds a u32 (BE) that must equal schema (a new environment
 * gets it).  The data file's size is checked against its meta page
 * first, so a truncated file is "store is damaged: ... truncated" rather
 * than a fault.  Used by the wallet (core/wallet/wallet.h).
 * Returns: 0 or ZEN_ESTORE as zen_store_open().
 */
int zen_store_open_env(struct zen_store **out, const char *dir,
		       const char *const *names, size_t n, uint32_t schema,
		       struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/*
 * Create dir and every missing parent, mode 0700 (a first run's
 * $XDG_DATA_HOME/zen/CHAIN has none of them).  Existing directories are
 * left as they are.  Returns: 0 or ZEN_ESTORE "store: cannot create
 * PATH: why".
 */
int zen_store_mkdirs(const char *dir, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

#endif
