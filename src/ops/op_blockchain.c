/*
 * op_blockchain.c - the /blockchain/ operations that read the chain:
 * info, block, transaction, mempool (api.md 5.6-5.9, 7); the pages of
 * headers and blocks are op_pages.c's.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/chain/addrindex.h"
#include "core/consensus/consensus.h"
#include "core/encoding/hex.h"
#include "ops/handlers.h"
#include "ops/json_tx.h"
#include "ops/netif.h"
#include "ops/node.h"

static json_t *hash_json(const uint8_t hash[ZEN_HASH_LEN])
{
	char hex[2 * ZEN_HASH_LEN + 1];

	zen_hex_encode_to(hex, hash, ZEN_HASH_LEN);
	return json_string(hex);
}

/*
 * /blockchain/info is what monitors poll: its reply is kept and reused for
 * as long as the store's generation (the last committed write) is the same,
 * and encoded too: a front that takes streams (the server) gets those
 * bytes as they are (a stream, op.h), with neither an encoding nor a copy.
 */
struct info_text {		/* the encoded reply, shared (refcounted) */
	atomic_uint refs;
	size_t len;
	uint8_t bytes[];
};

struct info_stream {
	struct zen_stream s;	/* first: the stream is this */
	struct info_text *text;
};

static pthread_mutex_t info_lock = PTHREAD_MUTEX_INITIALIZER;
static json_t *info_cached;
static struct info_text *info_cached_text;
static uint64_t info_generation;
static uint64_t info_sync_version;	/* of the P2P front's download state */
static const struct zen_node *info_node;

static void info_text_unref(struct info_text *t)
{
	if (t && atomic_fetch_sub(&t->refs, 1) == 1)
		free(t);
}

static int info_stream_next(struct zen_stream *s, struct zen_buf *out,
			    size_t want, int *done, struct zen_err *err)
{
	struct info_text *t = ((struct info_stream *)s)->text;

	(void)want;
	(void)err;
	zen_buf_add(out, t->bytes, t->len);
	*done = 1;
	return 0;
}

static const uint8_t *info_stream_whole(struct zen_stream *s, size_t *len)
{
	struct info_text *t = ((struct info_stream *)s)->text;

	*len = t->len;
	return t->bytes;
}

static void info_stream_free(struct zen_stream *s)
{
	info_text_unref(((struct info_stream *)s)->text);
	free(s);
}

/* The kept reply: as a stream of its bytes when the front takes streams,
 * else as JSON.  Returns 0 if there is none for this generation. */
static int info_lookup(struct zen_call *call, uint64_t generation,
		       uint64_t sync_version)
{
	struct info_stream *st = NULL;

	pthread_mutex_lock(&info_lock);
	if (info_cached && info_node == call->node &&
	    info_generation == generation &&
	    info_sync_version == sync_version) {
		if (call->streams && info_cached_text) {
			st = zen_xcalloc(1, sizeof(*st));
			st->text = info_cached_text;
			atomic_fetch_add(&st->text->refs, 1);
		} else {
			call->result = json_incref(info_cached);
		}
	}
	pthread_mutex_unlock(&info_lock);
	if (st) {
		st->s.next = info_stream_next;
		st->s.whole = info_stream_whole;
		st->s.free = info_stream_free;
		call->stream = &st->s;
	}
	return call->result || call->stream;
}

static void info_store(const struct zen_node *node, uint64_t generation,
		       uint64_t sync_version, json_t *reply)
{
	/* the flags of every front's JSON (src/server/reply.c, cli) */
	char *s = zen_json_dumps(reply, JSON_COMPACT | JSON_ENCODE_ANY |
				 JSON_REAL_PRECISION(15));
	size_t len = s ? strlen(s) : 0;
	struct info_text *t = s ? zen_xmalloc(sizeof(*t) + len) : NULL;

	if (t) {
		atomic_init(&t->refs, 1);
		t->len = len;
		memcpy(t->bytes, s, len);
	}
	free(s);
	pthread_mutex_lock(&info_lock);
	json_decref(info_cached);
	info_text_unref(info_cached_text);
	info_cached = json_incref(reply);
	info_cached_text = t;
	info_generation = generation;
	info_sync_version = sync_version;
	info_node = node;
	pthread_mutex_unlock(&info_lock);
}

/* The download state of the P2P front (ops/netif.h); alone: none. */
static void info_sync(const struct zen_node *node, struct zen_net_sync *s)
{
	memset(s, 0, sizeof(*s));
	if (node->net)
		node->net->sync(node->net->ctx, s);
}

static json_t *info_reply(const struct zen_node *node,
			  const struct zen_block_info *tip,
			  const struct zen_net_sync *sync)
{
	static const uint8_t zero[ZEN_HASH_LEN];
	int have_tip = tip != NULL;
	uint32_t blocks = have_tip ? tip->header.block_number : 0;

	return json_pack("{s:s, s:I, s:I, s:o, s:I, s:b, s:o}",
		"chain", node->params->name,
		"blocks", (json_int_t)(have_tip ? tip->header.block_number : 0),
		"headers", (json_int_t)(sync->headers > blocks ? sync->headers
							       : blocks),
		"difficulty", json_real(have_tip ?
			zen_difficulty_number(tip->header.difficulty) : 1.0),
		"medianTime", (json_int_t)(have_tip ? zen_ema_earliest(&tip->ema) : 0),
		"initialBlockDownload", sync->ibd,
		"tip", hash_json(have_tip ? tip->hash : zero));
}

int op_blockchain_info(struct zen_call *call)
{
	struct zen_chainstate *chain = call->chain;
	struct zen_chain_read *r;
	struct zen_block_info tip;
	struct zen_addr_status addr = { 0 };
	struct zen_net_sync sync;
	uint64_t generation, seen;
	int rc;

	generation = zen_chain_generation(chain);
	info_sync(call->node, &sync);
	if (info_lookup(call, generation, sync.version))
		return 0;
	if ((rc = zen_chain_read_begin(chain, &r, &call->err)))
		return rc;
	rc = zen_chain_read_tip(r, &tip, &call->err);
	if (!rc || rc == ZEN_ENOTFOUND) {
		int had_tip = !rc;

		rc = zen_chain_read_addr_status(r, &addr, &call->err);
		if (!rc && !had_tip)
			rc = ZEN_ENOTFOUND;
	}
	seen = zen_chain_read_generation(r);
	zen_chain_read_end(r);
	if (rc && rc != ZEN_ENOTFOUND)
		return rc;
	call->result = info_reply(call->node, rc ? NULL : &tip, &sync);
	/* zen's: the address index's progress, when there is one */
	if (addr.enabled)
		json_object_set_new(call->result, "addressdb", json_pack(
			"{s:I, s:b}", "blocks", (json_int_t)addr.blocks,
			"synced", addr.synced));
	/* Only a reply read at this generation may be kept for it (the
	 * snapshot may be older than the generation read before it began:
	 * store.h zen_store_txn_generation). */
	if (seen == generation && zen_chain_generation(chain) == generation)
		info_store(call->node, generation, sync.version, call->result);
	return 0;
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
