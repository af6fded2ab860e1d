/*
 * rawtx.h - raw (partially signed) transactions for offline signing
 * (wallet.md 12.2): the transaction without witnesses, then a list of raw
 * witnesses, each varint id || varint payload length || payload:
 *   id 0  a finished witness (its canonical encoding),
 *   id 1  an empty PK witness: sighash (1) || public key (33) || key path
 *         (varint length || ASCII, absolute from the master key),
 *   other ids are opaque and refused here.
 * Sign fills the empty witnesses whose key this wallet derives; publish
 * needs every witness finished.
 */
#ifndef ZEN_WALLET_RAWTX_H
#define ZEN_WALLET_RAWTX_H

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/types/tx.h"
#include "core/wallet/bip32.h"

#define ZEN_RAWTX_PATH_MAX 128

struct zen_rawwit {
	int empty;			/* 1: an empty PK witness */
	struct zen_witness wit;		/* finished witness (empty == 0) */
	uint8_t sighash;		/* empty: the sighash to sign with */
	uint8_t pubkey[ZEN_PUBKEY_LEN];
	char path[ZEN_RAWTX_PATH_MAX];
};

struct zen_rawtx {
	struct zen_tx tx;		/* without witnesses; tx_hash set */
	struct zen_rawwit *wits;
	size_t n_wits, cap_wits;
};

void zen_rawtx_init(struct zen_rawtx *rt) ZEN_NONNULL(1);
void zen_rawtx_release(struct zen_rawtx *rt) ZEN_NONNULL(1);

/* Append an empty PK witness. */
void zen_rawtx_add_empty(struct zen_rawtx *rt, uint8_t sighash,
			 const uint8_t pubkey[ZEN_PUBKEY_LEN],
			 const char *path) ZEN_NONNULL(1, 3, 4);

void zen_rawtx_encode(struct zen_buf *out, const struct zen_rawtx *rt)
	ZEN_NONNULL(1, 2);

/* Decode all of p[0..len).  Returns: 0 or ZEN_EINVAL "Invalid tx:
 * decoding". */
int zen_rawtx_decode(struct zen_rawtx *rt, const uint8_t *p, size_t len,
		     struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Sign, last to first, every empty witness whose key (derived from master
 * at its path) has its public key: TxHash ones over txHash,
 * FollowingWitnesses ones only when every later witness is finished.
 * Returns: 0 (n_signed says how many), ZEN_EINVAL for a bad key path.
 */
int zen_rawtx_sign(struct zen_rawtx *rt, const struct zen_xprv *master,
		   size_t *n_signed, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/* The finished transaction (tx initialized by the caller, released first;
 * finalized).  Returns: 0 or ZEN_EREFUSED "raw transaction is not fully
 * signed". */
int zen_rawtx_to_tx(struct zen_tx *tx, const struct zen_rawtx *rt,
		    struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

#endif
