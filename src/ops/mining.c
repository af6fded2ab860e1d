#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/consensus/miner.h"
#include "ops/mining.h"
#include "ops/node.h"

#define TEMPLATE_CACHE_MAX 500
/* Hashes per template before it is rebuilt with the latest mempool. */
#define MINE_ROUND_HASHES (1u << 22)

struct cached_template {
	uint8_t *bytes;
	size_t len;
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cached_template cache[TEMPLATE_CACHE_MAX];
static size_t cache_len;

/* Same template: every header byte but timestamp (72..80) and nonce (84..). */
static int same_template(const uint8_t *a, const uint8_t *b)
{
	return !memcmp(a, b, 72) && !memcmp(a + 80, b + 80, 4);
}

static void cache_drop(size_t i)
{
	free(cache[i].bytes);
	cache[i] = cache[--cache_len];
}

static void cache_put(const struct zen_buf *block)
{
	const uint8_t *parent = block->data + 4;

	pthread_mutex_lock(&cache_lock);
	for (size_t i = cache_len; i-- > 0;)
		if (memcmp(cache[i].bytes + 4, parent, ZEN_HASH_LEN) ||
		    same_template(cache[i].bytes, block->data))
			cache_drop(i);
	if (cache_len == TEMPLATE_CACHE_MAX)
		cache_drop(0);
	cache[cache_len].bytes = zen_xmemdup(block->data, block->len);
	cache[cache_len++].len = block->len;
	pthread_mutex_unlock(&cache_lock);
}

int zen_template_complete(struct zen_buf *block_bytes,
			  const uint8_t header[100], struct zen_err *err)
{
	int rc = zen_fail(err, ZEN_EREFUSED, "block not found");

	pthread_mutex_lock(&cache_lock);
	for (size_t i = 0; i < cache_len; i++) {
		if (!same_template(cache[i].bytes, header))
			continue;
		zen_buf_add(block_bytes, header, 100);
		zen_buf_add(block_bytes, cache[i].bytes + 100, cache[i].len - 100);
		rc = 0;
		break;
	}
	pthread_mutex_unlock(&cache_lock);
	return rc;
}

static int build(struct zen_node *node, struct zen_block *block,
		 const uint8_t pk_hash[ZEN_HASH_LEN], struct zen_err *err)
{
	struct zen_chainstate *chain;
	int rc = zen_node_chain(node, &chain, err);

	return rc ? rc : zen_chain_template(chain, block, pk_hash, err);
}

int zen_template_build(struct zen_node *node, struct zen_buf *block_bytes,
		       uint32_t *block_number,
		       const uint8_t pk_hash[ZEN_HASH_LEN], struct zen_err *err)
{
	struct zen_block block;
	int rc;

	zen_block_init(&block);
	rc = build(node, &block, pk_hash, err);
	if (!rc) {
		zen_block_encode(block_bytes, &block);
		*block_number = block.header.block_number;
		cache_put(block_bytes);
	}
	zen_block_release(&block);
	return rc;
}

int zen_publish_block(struct zen_node *node, struct zen_block_result *res,
		      const uint8_t *raw, size_t len, struct zen_err *err)
{
	struct zen_chainstate *chain;
	int rc = zen_node_chain(node, &chain, err);

	if (rc)
		return rc;
	rc = zen_chain_submit_block(chain, res, raw, len, err);
	if (!rc && node->on_block)
		node->on_block(node, res);
	if (!rc && res->outcome == ZEN_BLOCK_REJECTED)
		rc = zen_fail(err, ZEN_EREFUSED, "%s", res->reason);
	return rc;
}

/* One round: a fresh template, at most MINE_ROUND_HASHES hashes. */
static int mine_round(struct zen_node *node, struct zen_block *block,
		      enum zen_mine_status *status,
		      const uint8_t pk_hash[ZEN_HASH_LEN], unsigned nthreads,
		      const atomic_int *stop, struct zen_err *err)
{
	struct zen_mine_opts opts = ZEN_MINE_OPTS_INIT;
	int rc = build(node, block, pk_hash, err);

	if (rc)
		return rc;
	opts.nthreads = nthreads;
	opts.max_hashes = MINE_ROUND_HASHES;
	opts.stop = stop;
	return zen_mine(status, NULL, &block->header, &opts, err);
}

int zen_mine_block(struct zen_node *node, struct zen_block_result *res,
		   const uint8_t pk_hash[ZEN_HASH_LEN], unsigned nthreads,
		   const atomic_int *stop, struct zen_err *err)
{
	struct zen_buf bytes = ZEN_BUF_INIT;
	enum zen_mine_status status = ZEN_MINE_LIMIT;
	struct zen_block block;
	int rc = 0, on_main = 0;

	zen_block_init(&block);
	/* Another miner on the same store (serve --mine next to a mine
	 * call) may extend the tip first: then the block lands on a side
	 * branch, and the work starts again on the new tip. */
	while (!rc && !on_main) {
		status = ZEN_MINE_LIMIT;
		while (!rc && status != ZEN_MINE_FOUND) {
			if (stop && atomic_load(stop))
				rc = zen_fail(err, ZEN_EREFUSED, "mining stopped");
			else
				rc = mine_round(node, &block, &status, pk_hash,
						nthreads, stop, err);
		}
		zen_buf_reset(&bytes);
		if (!rc) {
			zen_block_encode(&bytes, &block);
			rc = zen_publish_block(node, res, bytes.data, bytes.len, err);
		}
		on_main = !rc && res->outcome == ZEN_BLOCK_ON_MAIN;
	}
	zen_block_release(&block);
	zen_buf_release(&bytes);
	return rc;
}
