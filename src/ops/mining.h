/*
 * mining.h - block templates and mining on top of the chain, shared by the
 * blocktemplate / submitheader / mine operations and `zen serve --mine`.
 */
#ifndef ZEN_MINING_H
#define ZEN_MINING_H

#include <stdatomic.h>

#include "core/chain/chain.h"
#include "ops/op.h"

/*
 * Build a template paying pk_hash and remember it, so that a header mined
 * on it can come back through zen_template_complete (api.md 5.11).  The
 * cache lives in this process (as in the reference node) and holds at most
 * 500 templates; templates on another parent than the tip are dropped.
 * Out: block_bytes, the whole serialized block (header || body).
 */
int zen_template_build(struct zen_node *node, struct zen_buf *block_bytes,
		       uint32_t *block_number,
		       const uint8_t pk_hash[ZEN_HASH_LEN],
		       struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * The cached template whose header equals header[0..100) in every field
 * but the timestamp and the nonce, with that header: the block to publish.
 * Returns ZEN_EREFUSED "block not found" when no template matches.
 */
int zen_template_complete(struct zen_buf *block_bytes,
			  const uint8_t header[100], struct zen_err *err)
	ZEN_WARN_UNUSED;

/*
 * Mine one block paying pk_hash on the tip with nthreads (0 = all cores)
 * and submit it.  Stops early (ZEN_EREFUSED "mining stopped") when *stop
 * becomes nonzero; templates are rebuilt every few seconds of work so that
 * new transactions and tips are picked up.
 * Out: res, what the chain did with the block.
 */
int zen_mine_block(struct zen_node *node, struct zen_block_result *res,
		   const uint8_t pk_hash[ZEN_HASH_LEN], unsigned nthreads,
		   const atomic_int *stop, struct zen_err *err) ZEN_WARN_UNUSED;

/* Submit a serialized block and turn the outcome into a reply code:
 * rejected blocks are ZEN_EREFUSED with the reason. */
int zen_publish_block(struct zen_node *node, struct zen_block_result *res,
		      const uint8_t *raw, size_t len, struct zen_err *err)
	ZEN_WARN_UNUSED;

#endif
