/*
 * wallet.h - the wallet of a data directory: one account (wallet.md 3),
 * its secret encrypted at rest, the addresses it watches and the outputs
 * they received, kept in step with the node's main chain.
 *
 * Location: <datadir>/wallet/ (an LMDB environment of its own, opened
 * with zen_store_open_env(); data.mdb and lock.mdb, mode 0600 in a 0700
 * directory).  Several processes may use it at once (a CLI next to `zen
 * serve`): every change is one write transaction.
 *
 * ------------------------------------------------------------------------
 * SCHEMA (version ZEN_WALLET_SCHEMA).  Integers big-endian.
 *
 *  meta       ASCII name -> value
 *             "schema"   u32 (checked at open: "store schema N, expected M")
 *             "account"  account record (absent: no wallet):
 *                        u8 record version (1) || u8 flags (bit 0:
 *                        watch-only, no secret) || u32 network id ||
 *                        u32 payment counter (next .../2/i to hand out) ||
 *                        u32 payment lookahead end (addresses .../2/0 ..
 *                        end-1 are watched) || u8 length || account xpub
 *                        text (base58, xpub/tpub) || BLAKE2b-256 of all
 *                        the preceding bytes
 *             "secret"   the encrypted mnemonic (below; absent when
 *                        watch-only)
 *             "tip"      hash (32) || u32 number of the last block the
 *                        outputs reflect (number 0 and a zero hash: none,
 *                        the next sync scans from genesis)
 *  addresses  pkHash (32) -> u8 kind (0 external, 1 change, 2 payment,
 *             3 watch-only) || u32 index (0 for watch-only)
 *  outputs    outpoint (tx hash || u32 index) -> output record:
 *             pkHash (32) || u8 kind || u32 index (the address) ||
 *             u32 block number || u32 position of the tx in the block ||
 *             u8 spent (0/1) || spending tx hash (32) || u32 its block
 *             number || u32 its position || the output (canonical
 *             encoding: lock and spend).  Confirmed (main-chain) outputs
 *             only; the mempool is applied on top when the wallet is read.
 *  undo       u32 block number -> block hash (32) || u32 n || n created
 *             outpoints || u32 m || m outpoints the block spent.  Kept
 *             for the last ZEN_WALLET_UNDO_KEEP blocks; a reorganisation
 *             deeper than that rescans the chain.
 *  reserved   outpoint -> tx hash (32) || u8 kind || u64 unix time (s) of
 *             the reservation: the coin is spent by that transaction,
 *             which this wallet built (struct zen_wallet_spend below).
 *             Kind 0 (send): published to the mempool by this node while
 *             the reservation was written; kind 1 (raw): created or
 *             signed for publishing elsewhere (rawtx create and sign,
 *             createtransaction).  Added to schema 1 without a version
 *             change: a store without it opens with it empty, which is
 *             what a wallet with nothing in flight holds.
 *
 * The encrypted mnemonic ("secret"), format version 1:
 *   "ZENW" || u8 1 (format) || u8 1 (algorithm: argon2id v1.3 +
 *   XChaCha20-Poly1305-IETF) || u64 opslimit || u64 memlimit || salt (16)
 *   || nonce (24) || u32 ciphertext length || ciphertext (sentence + 16
 *   byte tag) || BLAKE2b-256 of all the preceding bytes.
 *   key = crypto_pwhash(32 bytes, password, salt, opslimit, memlimit,
 *   ARGON2ID13); the AEAD's additional data is every byte before the
 *   ciphertext, so the stored parameters cannot be altered unnoticed.
 *   A record whose checksum or layout is wrong is "wallet store is
 *   damaged" (ZEN_ESTORE); a record that is intact but does not decrypt
 *   is "Bad password" (ZEN_EPASSWORD).
 * ------------------------------------------------------------------------
 *
 * KDF parameters are chosen when the secret is written (create, import,
 * change of password) and stored with it; unlock uses the stored ones.
 * zen_wallet_kdf_default() reads ZEN_WALLET_KDF: "moderate" (the default:
 * libsodium's MODERATE, opslimit 3, memlimit 256 MiB), "interactive"
 * (2, 64 MiB), "sensitive" (4, 1 GiB) or "fast" (1, 64 KiB: tests only).
 *
 * Secrets: decrypted material lives in sodium_malloc'd memory (struct
 * zen_wallet_secret) and is wiped by zen_wallet_secret_free().
 *
 * Tracking (wallet.md 8): zen_wallet_sync() catches up with the chain on
 * every read: blocks the chain no longer has on its main chain are undone
 * (newest first), then main-chain blocks are applied from the wallet's
 * tip up.  PK and Coinbase outputs to a watched address are stored; inputs
 * spending stored outputs mark them spent.  zen_wallet_view() then puts
 * the mempool on top (unconfirmed outputs and spends).
 *
 * Spending (no coin is offered twice, across threads and processes): every
 * operation that spends wallet coins runs inside one wallet write
 * transaction, the spend, which LMDB serializes across threads and
 * processes.  zen_wallet_spend_begin() syncs, begins the write
 * transaction, THEN takes the chain snapshot, so every spend committed
 * earlier is visible in its mempool, and loads the view with every
 * reserved coin marked (zen_wallet_view_coins skips them).  The caller
 * builds, signs and, for a send, submits to the mempool while the spend
 * is open (lock order: the wallet's writer, then the chain's; the chain
 * never takes the wallet's), then zen_wallet_spend_commit() writes the
 * reservations of the coins the transaction spends.  A process that dies
 * between the mempool's commit and the spend's leaves the transaction in
 * the (persistent) mempool, whose spends the next view applies anyway.
 *
 * A reservation is released (deleted by the next spend, ignored by
 * zen_wallet_view) when its coin is spent on the main chain (sync deletes
 * it), when the coin is gone (its creating transaction left the chain or
 * the mempool), or when its transaction is neither in the mempool nor on
 * the main chain: a send at once (it was in the mempool once, so it left
 * unconfirmed: a conflicting block, an eviction), a raw one
 * ZEN_WALLET_RAW_HOLD seconds after it was created or last signed (it
 * may be signed offline and published later).  Balances and UTXO lists
 * still count a reserved coin: it is the wallet's until its transaction
 * reaches the mempool; only spending skips it.
 */
#ifndef ZEN_WALLET_WALLET_H
#define ZEN_WALLET_WALLET_H

#include "core/chain/chain.h"
#include "core/base/err.h"
#include "core/consensus/params.h"
#include "core/types/tx.h"
#include "core/wallet/bip32.h"
#include "core/wallet/coins.h"

#define ZEN_WALLET_SCHEMA 1
#define ZEN_WALLET_LOOKAHEAD 20
#define ZEN_WALLET_UNDO_KEEP 2000
/* Seconds a coin reserved by a raw transaction (created or signed here,
 * not published by this node) stays reserved while the transaction is
 * not in the mempool. */
#define ZEN_WALLET_RAW_HOLD 600
/* Longest stored sentence (words as given, joined by single spaces). */
#define ZEN_WALLET_SENTENCE_MAX 1024

enum zen_waddr_kind {
	ZEN_WADDR_EXTERNAL = 0,
	ZEN_WADDR_CHANGE = 1,
	ZEN_WADDR_PAYMENT = 2,
	ZEN_WADDR_WATCH = 3,
};

struct zen_kdf {
	uint64_t opslimit;
	uint64_t memlimit;
};

/* The parameters for a new secret (ZEN_WALLET_KDF, see above).
 * Returns: 0, or ZEN_EINVAL "invalid ZEN_WALLET_KDF". */
int zen_wallet_kdf_default(struct zen_kdf *kdf, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

struct zen_wallet;

/* Decrypted material, in sodium_malloc'd memory. */
struct zen_wallet_secret {
	char sentence[ZEN_WALLET_SENTENCE_MAX + 1];
	struct zen_xprv master;
	struct zen_xprv account;	/* m/44'/258'/0' */
};

/*
 * Open the wallet store of datadir for the chain of params.
 * Returns: 0 or ZEN_ESTORE.  Out: out, closed by zen_wallet_close().
 */
int zen_wallet_open(struct zen_wallet **out, const char *datadir,
		    const struct zen_chain_params *params, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);
void zen_wallet_close(struct zen_wallet *w);

/* Is there an account?  Returns 0 or ZEN_ESTORE. */
int zen_wallet_exists(struct zen_wallet *w, int *exists, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

struct zen_wallet_account {
	int watch_only;
	struct zen_xpub xpub;		/* m/44'/258'/0' */
	char xpub_text[128];
	uint32_t payment_counter;
	uint32_t lookahead_end;
};

/* The account.  Returns: 0, ZEN_EREFUSED "no account", ZEN_ESTORE
 * ("wallet store is damaged: ..."). */
int zen_wallet_account(struct zen_wallet *w, struct zen_wallet_account *acc,
		       struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Create the account from a sentence (checked by the caller with
 * zen_bip39_check) and a non-empty password: the secret is encrypted with
 * kdf, External 0, Change 0 and Payment 0..LOOKAHEAD-1 are watched and the
 * next sync scans the chain from genesis (past funds are found).
 * Returns: 0, ZEN_EINVAL "Password is empty", ZEN_EREFUSED "account
 *          already exist", ZEN_ESTORE.
 */
int zen_wallet_import(struct zen_wallet *w, const char *sentence,
		      const char *password, const struct zen_kdf *kdf,
		      struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3, 4);

/* A watch-only account from an account xpub (tpub/xpub of the chain).
 * Returns: 0, ZEN_EINVAL (decode errors), ZEN_EREFUSED "account already
 * exist", ZEN_ESTORE. */
int zen_wallet_import_xpub(struct zen_wallet *w, const char *xpub,
			   struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Decrypt the secret.  Returns: 0; ZEN_EINVAL "Password is empty";
 * ZEN_EREFUSED "no account" / "watch-only wallet: no secret";
 * ZEN_EPASSWORD "Bad password"; ZEN_ESTORE "wallet store is damaged: ..."
 * (also when the mnemonic does not give the stored account key).
 * Out: *out, freed by zen_wallet_secret_free().
 */
int zen_wallet_unlock(struct zen_wallet *w, const char *password,
		      struct zen_wallet_secret **out, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);
void zen_wallet_secret_free(struct zen_wallet_secret *s);
/* A copy in its own guarded, locked memory (free it the same way).
 * Returns NULL with err "out of secure memory". */
struct zen_wallet_secret *zen_wallet_secret_dup(const struct zen_wallet_secret *s,
					       struct zen_err *err);

/* Re-encrypt the secret under a new password (new kdf parameters).
 * Returns: as zen_wallet_unlock; ZEN_EINVAL "Password are empty". */
int zen_wallet_change_password(struct zen_wallet *w, const char *old_pw,
			       const char *new_pw, const struct zen_kdf *kdf,
			       struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3, 4);

/* Delete the account and everything tracked (the password is checked
 * first unless the account is watch-only).  Returns: as unlock. */
int zen_wallet_remove(struct zen_wallet *w, const char *password,
		      struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/* Hand out the next payment address (.../2/i).  Returns: 0, "no account",
 * ZEN_ESTORE.  Out: index, pk_hash. */
int zen_wallet_new_address(struct zen_wallet *w, uint32_t *index,
			   uint8_t pk_hash[ZEN_HASH_LEN], struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/*
 * Hand out the payment addresses .../2/i up to i = max (wallet.md 3.2:
 * how a restored wallet finds what was sent to its new addresses), then
 * forget the tracked outputs so that the next sync rescans from genesis.
 * A counter already past max is kept.  Each address is a key
 * derivation, so max is bounded (a typo must not keep the node busy).
 * Returns: 0, "no account", ZEN_EINVAL "max is too large (at most
 * ZEN_WALLET_MAX_RESTORE)", ZEN_ESTORE.
 */
#define ZEN_WALLET_MAX_RESTORE 10000u
int zen_wallet_restore_new_addresses(struct zen_wallet *w, uint32_t max,
				     struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

/* Watch pk_hash (never spent from).  Past outputs need a resync.
 * Returns: 0, ZEN_EREFUSED "address already exist" / "no account". */
int zen_wallet_add_watch(struct zen_wallet *w,
			 const uint8_t pk_hash[ZEN_HASH_LEN],
			 struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/* Forget every tracked output; the next sync rescans from genesis. */
int zen_wallet_reset(struct zen_wallet *w, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

/*
 * Bring the outputs to the main chain of snapshot r (reorganisations
 * included).  Returns: 0, ZEN_EREFUSED "no account", ZEN_ESTORE.
 */
/* The same, followed batch by batch (done: the wallet's block) and
 * stopped between batches once work->cancel is set: ZEN_EREFUSED
 * "rescan cancelled".  work may be NULL. */
int zen_wallet_sync_work(struct zen_wallet *w, struct zen_chain_read *r,
			 const struct zen_work *work, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);
int zen_wallet_sync(struct zen_wallet *w, struct zen_chain_read *r,
		    struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/* The public key and pkHash of a wallet address from the account xpub. */
int zen_wallet_address_key(const struct zen_xpub *account,
			   enum zen_waddr_kind kind, uint32_t index,
			   uint8_t pub[ZEN_PUBKEY_LEN],
			   uint8_t pk_hash[ZEN_HASH_LEN], struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 4, 5);
/* The secret key of a wallet address (kind 0..2) from the account xprv. */
int zen_wallet_address_seckey(const struct zen_xprv *account,
			      enum zen_waddr_kind kind, uint32_t index,
			      uint8_t sec[ZEN_SECKEY_LEN], struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 4);

/* ---- The view: confirmed outputs plus the mempool -------------------- */

struct zen_waddr {
	uint8_t pk_hash[ZEN_HASH_LEN];
	enum zen_waddr_kind kind;
	uint32_t index;
};

struct zen_wview_output {
	struct zen_outpoint outpoint;
	struct zen_output output;	/* PK or Coinbase lock, spend */
	uint8_t pk_hash[ZEN_HASH_LEN];
	enum zen_waddr_kind kind;
	uint32_t addr_index;
	int confirmed;
	uint32_t block_number;		/* confirmed */
	uint32_t tx_index;		/* position in block, or in the mempool */
	int spent;
	int spent_confirmed;
	uint8_t spent_tx[ZEN_HASH_LEN];
	uint32_t spent_block;
	uint32_t spent_index;
	int reserved;			/* by a transaction of this wallet
					   not yet in the mempool or a
					   block (raw): never offered */
};

struct zen_wallet_view {
	struct zen_wallet_account account;
	uint32_t tip;			/* the chain tip the view reflects */
	struct zen_wview_output *outs;	/* confirmed by outpoint, then mempool */
	size_t n_outs;
	struct zen_waddr *addrs;	/* sorted by pkHash */
	size_t n_addrs;
};

#define ZEN_WALLET_VIEW_INIT { .outs = NULL }

/*
 * Sync with r, then read the account, addresses and outputs, apply the
 * mempool of r and mark the coins that reservations still hold (read
 * only: releasing is the next spend's work).  Returns: 0, "no account",
 * ZEN_ESTORE.
 * Out: v (released first with zen_wallet_view_release).
 */
int zen_wallet_view(struct zen_wallet *w, struct zen_chain_read *r,
		    struct zen_wallet_view *v, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);
void zen_wallet_view_release(struct zen_wallet_view *v) ZEN_NONNULL(1);

/* The address record of pk_hash in the view, or NULL. */
const struct zen_waddr *zen_wallet_view_addr(const struct zen_wallet_view *v,
					     const uint8_t pk_hash[ZEN_HASH_LEN])
	ZEN_NONNULL(1, 2);

/* Would applying tx change what the wallet sees (outputs to a watched
 * address or spends of wallet outputs)? */
int zen_wallet_view_touches(const struct zen_wallet_view *v,
			    const struct zen_tx *tx) ZEN_NONNULL(1, 2);

/*
 * The spendable coins of the view (unspent, not reserved, not
 * watch-only), for zen_coins_select.  *coins is a new array (free()).
 */
void zen_wallet_view_coins(const struct zen_wallet_view *v,
			   struct zen_wallet_coin **coins, size_t *n)
	ZEN_NONNULL(1, 2, 3);

/* ---- Spending: reservations (see "Spending" above) ------------------- */

enum zen_wallet_spend_kind {
	ZEN_WSPEND_SEND = 0,	/* published by this node within the spend */
	ZEN_WSPEND_RAW = 1,	/* created or signed, published elsewhere */
};

struct zen_wallet_spend;

/*
 * Begin a spend: sync w with chain (short transactions of its own), begin
 * the wallet's write transaction (waits for every other spend and sync of
 * this wallet, in any process), take a chain snapshot, sync the last
 * blocks in it, load the view and release the reservations that no
 * longer hold (above); the coins still reserved are marked in v.
 * Unlock the secret before: the spend holds the wallet's writer lock.
 * The same thread must end the spend (LMDB write transactions are
 * bound to their thread).
 * Returns: 0, ZEN_EREFUSED "no account", ZEN_ESTORE.
 * Out: *out, ended by exactly one of zen_wallet_spend_commit() and
 *      zen_wallet_spend_abort(); v (released first; the caller's).
 */
int zen_wallet_spend_begin(struct zen_wallet *w, struct zen_chainstate *chain,
			   struct zen_wallet_spend **out,
			   struct zen_wallet_view *v, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3, 4);

/*
 * Reserve for tx (by tx->tx_hash) every input of tx that spends a coin of
 * the view of the spend, with kind, then commit and end the spend.  A
 * coin already reserved for the same transaction gets the new kind and
 * time (a raw transaction signed again).
 * Returns: 0, ZEN_EREFUSED "coin HASH:I is reserved for transaction
 *          HASH" (another transaction of this wallet holds it: only
 *          a raw transaction brought to sign can meet that), ZEN_ESTORE;
 *          on failure nothing is written.  sp is ended either way.
 */
int zen_wallet_spend_commit(struct zen_wallet_spend *sp,
			    const struct zen_tx *tx,
			    enum zen_wallet_spend_kind kind,
			    struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/* End a spend without writing anything.  NULL is a no-op. */
void zen_wallet_spend_abort(struct zen_wallet_spend *sp);

struct zen_wallet_reservation {
	uint8_t tx_hash[ZEN_HASH_LEN];
	enum zen_wallet_spend_kind kind;
	uint64_t time;			/* unix seconds */
};

/* The stored reservation of op, whether it still holds or not.
 * Returns: 0, ZEN_ENOTFOUND (err untouched), ZEN_ESTORE. */
int zen_wallet_reservation(struct zen_wallet *w, const struct zen_outpoint *op,
			   struct zen_wallet_reservation *res,
			   struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/* Replace the clock (unix seconds) of reservation times and holds; NULL
 * restores time(NULL).  For tests; set it before any spend runs. */
void zen_wallet_set_clock(struct zen_wallet *w, uint64_t (*now)(void *ctx),
			  void *ctx) ZEN_NONNULL(1);

#endif
