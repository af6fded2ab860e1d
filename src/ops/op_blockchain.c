/*
 * op_blockchain.c - the /blockchain/ operations that read the chain:
 * info, headers, block, blocks, transaction, mempool (api.md 5.5-5.9, 7).
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/consensus.h"
#include "core/hex.h"
#include "ops/handlers.h"
#include "ops/json_tx.h"
#include "ops/node.h"

/* Pages of headers and blocks are bounded (api.md F12). */
#define MAX_HEADERS 2000
#define MAX_BLOCKS 100

static json_t *hash_json(const uint8_t hash[ZEN_HASH_LEN])
{
	char hex[2 * ZEN_HASH_LEN + 1];

	zen_hex_encode_to(hex, hash, ZEN_HASH_LEN);
	return json_string(hex);
}

/*
 * /blockchain/info is what monitors poll: its reply is kept and reused for
 * as long as the store's generation (the last committed write) is the same.
 */
static pthread_mutex_t info_lock = PTHREAD_MUTEX_INITIALIZER;
static json_t *info_cached;
static uint64_t info_generation;
static const struct zen_node *info_node;

static json_t *info_lookup(const struct zen_node *node, uint64_t generation)
{
	json_t *hit = NULL;

	pthread_mutex_lock(&info_lock);
	if (info_cached && info_node == node && info_generation == generation)
		hit = json_incref(info_cached);
	pthread_mutex_unlock(&info_lock);
	return hit;
}

static void info_store(const struct zen_node *node, uint64_t generation,
		       json_t *reply)
{
	pthread_mutex_lock(&info_lock);
	json_decref(info_cached);
	info_cached = json_incref(reply);
	info_generation = generation;
	info_node = node;
	pthread_mutex_unlock(&info_lock);
}

static json_t *info_reply(const struct zen_node *node,
			  const struct zen_block_info *tip)
{
	static const uint8_t zero[ZEN_HASH_LEN];
	int have_tip = tip != NULL;

	return json_pack("{s:s, s:I, s:I, s:o, s:I, s:b, s:o}",
		"chain", node->params->name,
		"blocks", (json_int_t)(have_tip ? tip->header.block_number : 0),
		"headers", (json_int_t)(have_tip ? tip->header.block_number : 0),
		"difficulty", json_real(have_tip ?
			zen_difficulty_number(tip->header.difficulty) : 1.0),
		"medianTime", (json_int_t)(have_tip ? zen_ema_earliest(&tip->ema) : 0),
		"initialBlockDownload", 0,
		"tip", hash_json(have_tip ? tip->hash : zero));
}

int op_blockchain_info(struct zen_call *call)
{
	struct zen_chainstate *chain = call->chain;
	struct zen_chain_read *r;
	struct zen_block_info tip;
	uint64_t generation;
	int rc;

	generation = zen_chain_generation(chain);
	if ((call->result = info_lookup(call->node, generation)))
		return 0;
	if ((rc = zen_chain_read_begin(chain, &r, &call->err)))
		return rc;
	rc = zen_chain_read_tip(r, &tip, &call->err);
	zen_chain_read_end(r);
	if (rc && rc != ZEN_ENOTFOUND)
		return rc;
	call->result = info_reply(call->node, rc ? NULL : &tip);
	/* Only a reply read at this generation may be kept for it. */
	if (zen_chain_generation(chain) == generation)
		info_store(call->node, generation, call->result);
	return 0;
}

/* api.md 3.9: the header summary of /blockchain/headers. */
static json_t *header_summary(const struct zen_block_info *info)
{
	struct zen_u256 target;
	char date[32], hex[65], diff[16];
	time_t secs = (time_t)(info->header.timestamp / 1000);
	struct tm tm;

	gmtime_r(&secs, &tm);
	/* Two-digit year, as the reference prints it (api.md 3.9). */
	snprintf(date, sizeof(date), "%02d-%02d-%02d %02d:%02d:%02d",
		 tm.tm_year % 100, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		 tm.tm_min, tm.tm_sec);
	snprintf(diff, sizeof(diff), "0x%x", info->header.difficulty);
	zen_difficulty_uncompress(&target, info->header.difficulty);
	zen_hex_encode_to(hex, target.b, sizeof(target.b));
	return json_pack("{s:o, s:I, s:s, s:I, s:s, s:s}",
			 "hash", hash_json(info->hash),
			 "timestamp", (json_int_t)info->header.timestamp,
			 "date", date,
			 "blockNumber", (json_int_t)info->header.block_number,
			 "difficulty", diff, "target", hex);
}

/*
 * The page of main-chain blocks asked for: `take` blocks from `blockNumber`
 * (default and ceiling: the tip) down, newest first; without `take`, the
 * whole chain oldest first when it fits in max (api.md 5.5, F12).
 */
struct page {
	uint32_t first, count;
	int oldest_first;
};

static int page_args(struct zen_call *call, struct zen_chain_read *r,
		     uint32_t max, struct page *page)
{
	struct zen_block_info tip;
	uint64_t take, from;
	uint32_t top;
	int rc = zen_chain_read_tip(r, &tip, &call->err);

	if (rc == ZEN_ENOTFOUND) {
		page->count = 0;
		return 0;
	}
	if (rc)
		return rc;
	top = tip.header.block_number;
	if (!zen_args_u64(call->args, "take", &take)) {
		if (top > max)
			return zen_fail(&call->err, ZEN_EINVAL,
					"the chain has more than %u blocks: "
					"give take (at most %u)", max, max);
		page->first = 1;
		page->count = top;
		page->oldest_first = 1;
		return 0;
	}
	if (take > max)
		return zen_fail(&call->err, ZEN_EINVAL,
				"invalid take (at most %u)", max);
	if (!zen_args_u64(call->args, "blockNumber", &from) || from > top)
		from = top;
	page->first = (uint32_t)from;
	page->count = (uint32_t)(take < from ? take : from);
	page->oldest_first = 0;
	return 0;
}

static uint32_t page_number(const struct page *page, uint32_t i)
{
	return page->oldest_first ? page->first + i : page->first - i;
}

int op_blockchain_headers(struct zen_call *call)
{
	struct zen_chain_read *r;
	struct page page;
	int rc = zen_call_read(call, &r);

	if (rc)
		return rc;
	rc = page_args(call, r, MAX_HEADERS, &page);
	call->result = rc ? NULL : json_array();
	for (uint32_t i = 0; !rc && i < page.count; i++) {
		struct zen_block_info info;

		rc = zen_chain_read_main(r, &info, page_number(&page, i), &call->err);
		if (!rc)
			json_array_append_new(call->result, header_summary(&info));
	}
	zen_chain_read_end(r);
	return rc;
}

int op_blockchain_blocks(struct zen_call *call)
{
	struct zen_buf raw = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;
	struct zen_chain_read *r;
	struct page page;
	int rc = zen_call_read(call, &r);

	if (rc)
		return rc;
	rc = page_args(call, r, MAX_BLOCKS, &page);
	call->result = rc ? NULL : json_array();
	for (uint32_t i = 0; !rc && i < page.count; i++) {
		struct zen_block_info info;

		zen_buf_reset(&raw);
		zen_buf_reset(&hex);
		rc = zen_chain_read_main(r, &info, page_number(&page, i), &call->err);
		if (!rc)
			rc = zen_chain_read_block(r, &raw, NULL, info.hash, &call->err);
		if (rc)
			break;
		zen_hex_encode(&hex, raw.data, raw.len);
		json_array_append_new(call->result, json_pack("{s:I, s:s}",
			"blockNumber", (json_int_t)info.header.block_number,
			"rawBlock", zen_buf_str(&hex)));
	}
	zen_chain_read_end(r);
	zen_buf_release(&raw);
	zen_buf_release(&hex);
	return rc;
}

/* The main-chain block named by hash (wins) or blockNumber (api.md 5.7). */
static int find_block(struct zen_call *call, struct zen_chain_read *r,
		      struct zen_buf *raw)
{
	const char *hash_hex = zen_args_str(call->args, "hash");
	struct zen_block_info info;
	uint8_t hash[ZEN_HASH_LEN];
	uint64_t number;
	int rc;

	if (hash_hex) {
		if (zen_hex_decode_fixed(hash, ZEN_HASH_LEN, hash_hex, NULL))
			return zen_fail(&call->err, ZEN_EINVAL,
					"couldn't decode hash");
		rc = zen_chain_read_block_info(r, &info, hash, &call->err);
	} else if (zen_args_u64(call->args, "blockNumber", &number)) {
		rc = zen_chain_read_main(r, &info, (uint32_t)number, &call->err);
	} else {
		return zen_fail(&call->err, ZEN_EINVAL,
				"hash or blockNumber are missing");
	}
	if (rc == ZEN_ENOTFOUND || (!rc && info.status != ZEN_BLOCK_MAIN))
		return zen_fail(&call->err, ZEN_ENOTFOUND, "block not found");
	return rc ? rc : zen_chain_read_block(r, raw, NULL, info.hash, &call->err);
}

int op_blockchain_block(struct zen_call *call)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_chain_read *r;
	struct zen_block block;
	int rc = zen_call_read(call, &r);

	if (rc)
		return rc;
	zen_block_init(&block);
	rc = find_block(call, r, &raw);
	zen_chain_read_end(r);
	if (!rc)
		rc = zen_block_decode(&block, raw.data, raw.len, NULL, &call->err);
	if (!rc)
		call->result = zen_json_block(&block, call->node->chain);
	zen_block_release(&block);
	zen_buf_release(&raw);
	return rc;
}

int op_blockchain_transaction(struct zen_call *call)
{
	struct zen_buf raw = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;
	struct zen_tx_location loc;
	struct zen_chain_read *r;
	uint8_t hash[ZEN_HASH_LEN];
	json_t *tx = NULL;
	struct zen_tx decoded;
	int rc;

	if (zen_hex_decode_fixed(hash, ZEN_HASH_LEN,
				 zen_args_str(call->args, "hash"), NULL))
		return zen_fail(&call->err, ZEN_EINVAL, "invalid hash");
	if ((rc = zen_call_read(call, &r)))
		return rc;
	rc = zen_chain_read_tx(r, &raw, &loc, hash, &call->err);
	zen_chain_read_end(r);
	zen_tx_init(&decoded);
	if (!rc && zen_args_bool(call->args, "hex", 0)) {
		zen_hex_encode(&hex, raw.data, raw.len);
		tx = json_string(zen_buf_str(&hex));
	} else if (!rc && !(rc = zen_tx_decode(&decoded, raw.data, raw.len,
					       &call->err))) {
		tx = zen_json_tx(&decoded, call->node->chain);
	}
	if (!rc)
		call->result = json_pack("{s:o, s:I}", "tx", tx, "confirmations",
					 (json_int_t)loc.confirmations);
	zen_tx_release(&decoded);
	zen_buf_release(&raw);
	zen_buf_release(&hex);
	return rc;
}

struct mempool_walk {
	json_t *list;
	enum zen_chain chain;
	struct zen_err *err;
};

static int mempool_entry(void *ctx, const uint8_t hash[ZEN_HASH_LEN],
			 const uint8_t *raw, size_t len)
{
	struct mempool_walk *w = ctx;
	char hex[2 * ZEN_HASH_LEN + 1];
	struct zen_tx tx;
	int rc;

	zen_tx_init(&tx);
	rc = zen_tx_decode(&tx, raw, len, w->err);
	if (!rc) {
		zen_hex_encode_to(hex, hash, ZEN_HASH_LEN);
		json_array_append_new(w->list,
			json_pack("{s:o}", hex, zen_json_tx(&tx, w->chain)));
	}
	zen_tx_release(&tx);
	return rc;
}

int op_blockchain_mempool(struct zen_call *call)
{
	struct mempool_walk walk = { json_array(), call->node->chain, &call->err };
	struct zen_chain_read *r;
	int rc = zen_call_read(call, &r);

	if (!rc) {
		rc = zen_chain_read_mempool(r, mempool_entry, &walk, &call->err);
		zen_chain_read_end(r);
	}
	if (rc)
		json_decref(walk.list);
	else
		call->result = walk.list;
	return rc;
}
