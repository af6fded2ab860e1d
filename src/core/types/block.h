/*
 * block.h - block headers and blocks (protocol.md 2.12, 2.13, 3.2, 3.4,
 * 3.5).
 */
#ifndef ZEN_BLOCK_H
#define ZEN_BLOCK_H

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/types/tx.h"

#define ZEN_HEADER_LEN 100
/* A block commits to at least [txRoot, witnessRoot, acsRoot]. */
#define ZEN_BLOCK_MIN_COMMITMENTS 3

struct zen_header {
	uint32_t version;
	uint8_t parent[ZEN_HASH_LEN];
	uint32_t block_number;
	uint8_t commitments[ZEN_HASH_LEN];
	uint64_t timestamp;		/* ms since the epoch */
	uint32_t difficulty;		/* compact target */
	uint64_t nonce[2];
};

/* The 100-byte encoding. */
void zen_header_encode(uint8_t out[ZEN_HEADER_LEN],
		       const struct zen_header *h);
/* Decode; len must be exactly 100, else ZEN_EINVAL. */
int zen_header_decode(struct zen_header *h, const uint8_t *p, size_t len,
		      struct zen_err *err) ZEN_WARN_UNUSED;
/* Block hash = H(100-byte header). */
void zen_header_hash(uint8_t out[ZEN_HASH_LEN], const struct zen_header *h);

struct zen_block {
	struct zen_header header;
	uint8_t (*commitments)[ZEN_HASH_LEN];	/* owned, >= 3 after decode */
	size_t n_commitments;
	struct zen_tx *txs;			/* owned; each keeps its raw */
	size_t n_txs;
};

void zen_block_init(struct zen_block *b);
void zen_block_release(struct zen_block *b);

/*
 * Decode a block from p[0..len) into an initialized b: header, commitment
 * list (fewer than 3 entries is ZEN_EINVAL), transactions (each read as by
 * zen_tx_read, so raw, tx_hash and witness_hash are set).  Trailing bytes
 * are not checked (like the reference); *consumed (may be NULL) gets the
 * length used.  On failure b must still be released.
 */
int zen_block_decode(struct zen_block *b, const uint8_t *p, size_t len,
		     size_t *consumed, struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * zen_block_decode, with a look at each transaction as soon as it is
 * decoded: each(ctx, b, i) for i = 0, 1, ... in order, with b's header,
 * commitments and transactions 0..i set (b->txs does not move while
 * decoding).  Work on a large block's first transactions can start while
 * the rest are decoded.  A block that fails to decode later has had each
 * called for the transactions before the failure.
 */
typedef void zen_block_tx_fn(void *ctx, const struct zen_block *b, size_t i);
int zen_block_decode_each(struct zen_block *b, const uint8_t *p, size_t len,
			  size_t *consumed, zen_block_tx_fn *each, void *ctx,
			  struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * Append the block: header, commitments, varint count and each
 * transaction's raw bytes (a transaction without raw is written with
 * zen_tx_encode).
 */
void zen_block_encode(struct zen_buf *out, const struct zen_block *b);

/*
 * Merkle roots (3.4) over the blocks's txHashes and witnessHashes, in
 * block order.  ZEN_EINVAL if the block has no transaction (the tree of
 * nothing is undefined).
 */
int zen_block_tx_roots(uint8_t tx_root[ZEN_HASH_LEN],
		       uint8_t witness_root[ZEN_HASH_LEN],
		       const struct zen_block *b,
		       struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * Header commitments (3.5): merkle root of [tx_root, witness_root,
 * acs_root] ++ extra[0..n_extra).
 */
void zen_commitments_root(uint8_t out[ZEN_HASH_LEN],
			  const uint8_t tx_root[ZEN_HASH_LEN],
			  const uint8_t witness_root[ZEN_HASH_LEN],
			  const uint8_t acs_root[ZEN_HASH_LEN],
			  const uint8_t (*extra)[ZEN_HASH_LEN], size_t n_extra);

/* Merkle root of the block's own commitment list (n_commitments >= 1). */
void zen_block_commitments_root(uint8_t out[ZEN_HASH_LEN],
				const struct zen_block *b);

#endif
