/*
 * op_metrics.c - GET /metrics (`zen node metrics`): the node's figures in
 * the Prometheus text exposition format 0.0.4, as geth, lnd and reth
 * expose theirs (issue 18).  The chain's part is read here; the front
 * that serves it adds its own (zen serve: HTTP requests by route and
 * status, node->more_metrics).  No label or value is ever a secret: the
 * figures are counts, sizes and times.
 */
#include <inttypes.h>
#include <string.h>

#include "core/chain/chain.h"
#include "ops/handlers.h"
#include "ops/netif.h"
#include "ops/session.h"

struct mempool_size {
	uint64_t txs, bytes;
};

static int count_tx(void *ctx, const uint8_t hash[ZEN_HASH_LEN],
		    const uint8_t *raw, size_t len)
{
	struct mempool_size *m = ctx;

	(void)hash;
	(void)raw;
	m->txs++;
	m->bytes += len;
	return 0;
}

/* "# HELP", "# TYPE" and one unlabelled sample. */
static void sample(struct zen_buf *out, const char *name, const char *type,
		   const char *help, uint64_t value)
{
	zen_buf_addf(out, "# HELP %s %s\n# TYPE %s %s\n%s %" PRIu64 "\n",
		     name, help, name, type, name, value);
}

static int chain_part(struct zen_call *call, struct zen_buf *out)
{
	struct zen_block_info tip;
	struct mempool_size pool = { 0, 0 };
	struct zen_net_sync sync = { 0 };
	struct zen_chain_read *r;
	uint32_t height = 0;
	int rc = zen_call_read(call, &r);

	if (rc)
		return rc;
	rc = zen_chain_read_tip(r, &tip, &call->err);
	if (!rc)
		height = tip.header.block_number;
	else if (rc == ZEN_ENOTFOUND)	/* main, test: an empty store */
		rc = 0;
	rc = rc ?: zen_chain_read_mempool(r, count_tx, &pool, &call->err);
	zen_chain_read_end(r);
	if (rc)
		return rc;
	if (call->node->net)
		call->node->net->sync(call->node->net->ctx, &sync);
	zen_buf_addf(out, "# HELP zen_chain_info The chain this node follows.\n"
		     "# TYPE zen_chain_info gauge\nzen_chain_info{chain=\"%s\"} 1\n",
		     call->node->params->name);
	sample(out, "zen_tip_height", "gauge",
	       "Block number of the main chain's tip.", height);
	sample(out, "zen_headers", "gauge", "Best header known (peers' "
	       "included).", sync.headers > height ? sync.headers : height);
	sample(out, "zen_mempool_transactions", "gauge",
	       "Transactions in the mempool.", pool.txs);
	sample(out, "zen_mempool_bytes", "gauge",
	       "Serialized size of the mempool's transactions.", pool.bytes);
	return 0;
}

static void connect_part(struct zen_call *call, struct zen_buf *out)
{
	struct zen_chain_stats st;

	zen_chain_stats(call->chain, &st);
	sample(out, "zen_blocks_connected_total", "counter",
	       "Blocks this process connected to the main chain.",
	       st.blocks_connected);
	zen_buf_addf(out, "# HELP zen_block_connect_seconds Time spent "
		     "connecting those blocks.\n# TYPE zen_block_connect_"
		     "seconds summary\nzen_block_connect_seconds_sum %" PRIu64
		     ".%06" PRIu64 "\nzen_block_connect_seconds_count %" PRIu64
		     "\n", st.connect_us / 1000000, st.connect_us % 1000000,
		     st.blocks_connected);
}

int op_node_metrics(struct zen_call *call)
{
	struct zen_buf out = ZEN_BUF_INIT;
	unsigned peers = call->node->net ?
		call->node->net->connections(call->node->net->ctx) : 0;
	int rc = chain_part(call, &out);

	if (rc) {
		zen_buf_release(&out);
		return rc;
	}
	connect_part(call, &out);
	sample(&out, "zen_peers", "gauge",
	       "Peers with a completed handshake.", peers);
	sample(&out, "zen_wallet_unlocked", "gauge", "1 while a wallet "
	       "session (zen wallet unlock) holds the key.",
	       op_session_left() > 0);
	if (call->node->more_metrics)
		call->node->more_metrics(call->node->more_metrics_ctx, &out);
	/* every line ends in a newline, the last one too (format 0.0.4) */
	call->text = (char *)zen_buf_detach(&out, NULL);
	return 0;
}
