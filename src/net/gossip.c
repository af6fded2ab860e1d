/*
 * gossip.c - what the node tells its peers and what it pulls from them:
 * a new tip as NewBlock to every Active peer (p2p.md 6.1), new mempool
 * transactions as NewTransactions every 200 ms (6.2), and the
 * transactions peers announce (5.2: GetTransactions for the unknown
 * ones, then mempool admission).
 *
 * The chain store is watched, not hooked: its generation changes with
 * every write (a block or transaction from a peer, the HTTP API, the
 * miner, another process), and only then is the tip read again, and the
 * mempool walked at most every NET_TX_BATCH_MS for the hashes not seen
 * in the last walk.  While the initial download runs nothing is
 * announced (7.3 step 6).
 */
#include <string.h>

#include "net/net-int.h"

/* ---- the tip ---------------------------------------------------------------- */

static void announce(struct zen_net *net, const struct zen_block_info *tip)
{
	uint8_t header[ZEN_HEADER_LEN];
	struct zen_msg m = { .id = ZEN_MSG_NEW_BLOCK, .header = header };

	zen_header_encode(header, &tip->header);
	memcpy(net->announced, tip->hash, ZEN_HASH_LEN);
	net->have_announced = 1;
	if (net->ibd.state != NET_IBD_OFF)
		return;
	zen_log_debug("p2p: announcing block %u", tip->header.block_number);
	net_broadcast(net, &m);
}

static void watch_tip(struct zen_net *net)
{
	struct zen_chain_read *r;
	struct zen_block_info tip;
	int rc;

	if (zen_chain_read_begin(net->chain, &r, NULL))
		return;
	rc = zen_chain_read_tip(r, &tip, NULL);
	zen_chain_read_end(r);
	if (rc)
		return;
	if (net->have_tip && !memcmp(tip.hash, net->tip_hash, ZEN_HASH_LEN))
		return;
	net->tip_number = tip.header.block_number;
	memcpy(net->tip_hash, tip.hash, ZEN_HASH_LEN);
	/* the first look only learns where the chain is */
	if (net->have_tip)
		announce(net, &tip);
	net->have_tip = 1;
	if (net->best_header < net->tip_number ||
	    net->ibd.state == NET_IBD_OFF)
		net->best_header = net->tip_number;
	net_snapshot_due(net);
}

/* ---- the mempool -------------------------------------------------------------- */

struct scan {
	struct net_hset now;
	const struct net_hset *before;
	struct zen_buf fresh;
};

static int scan_one(void *ctx, const uint8_t hash[ZEN_HASH_LEN],
		    const uint8_t *raw, size_t len)
{
	struct scan *s = ctx;

	(void)raw;
	(void)len;
	net_hset_add(&s->now, hash);
	if (!net_hset_has(s->before, hash))
		zen_buf_add(&s->fresh, hash, ZEN_HASH_LEN);
	return 0;
}

static void send_hashes(struct zen_net *net, const struct zen_buf *b)
{
	size_t max = ZEN_MSG_MAX_CHUNK / ZEN_HASH_LEN * ZEN_HASH_LEN;

	for (size_t off = 0; off < b->len; off += max) {
		struct zen_msg m = { .id = ZEN_MSG_NEW_TRANSACTIONS,
				     .chunk = { b->data + off,
						b->len - off < max ? b->len - off
								   : max } };

		net_broadcast(net, &m);
	}
}

static void scan_mempool(struct zen_net *net)
{
	struct scan s = { .before = &net->mempool, .fresh = ZEN_BUF_INIT };
	struct zen_chain_read *r;
	int rc;

	if (zen_chain_read_begin(net->chain, &r, NULL))
		return;
	rc = zen_chain_read_mempool(r, scan_one, &s, NULL);
	zen_chain_read_end(r);
	if (!rc) {
		/* oldest first, as the mempool keeps them (6.2) */
		if (net->mempool_scanned && s.fresh.len &&
		    net->ibd.state == NET_IBD_OFF)
			send_hashes(net, &s.fresh);
		net_hset_free(&net->mempool);
		net->mempool = s.now;
		net->mempool_scanned = 1;
	} else {
		net_hset_free(&s.now);
	}
	zen_buf_release(&s.fresh);
}

/*
 * The generation can run ahead of what a read snapshot begun at that
 * moment sees (LMDB writes the meta page, then tells readers of the new
 * transaction), so a change is looked at again on the next turns, and
 * the mempool once more a batch later.
 */
void net_watch_chain(struct zen_net *net, uint64_t now)
{
	uint64_t g = zen_chain_generation(net->chain);

	if (g != net->generation) {
		net->generation = g;
		net->tip_recheck = 3;
	}
	if (net->tip_recheck) {
		net->tip_recheck--;
		watch_tip(net);
	}
	if ((net->mempool_generation != net->generation ||
	     net->mempool_rescan) &&
	    now - net->mempool_scan_at >= NET_TX_BATCH_MS) {
		net->mempool_rescan = net->mempool_generation != net->generation;
		net->mempool_generation = net->generation;
		net->mempool_scan_at = now;
		scan_mempool(net);
	}
}

/* ---- transactions from peers ------------------------------------------------ */

/* Is the transaction in the mempool or the main chain already, or asked
 * of some peer a moment ago? */
static int tx_known(struct zen_net *net, struct zen_chain_read *r,
		    struct zen_buf *scratch, const uint8_t *hash)
{
	if (net_hset_has(&net->mempool, hash) ||
	    net_hset_has(&net->tx_asked[0], hash) ||
	    net_hset_has(&net->tx_asked[1], hash))
		return 1;
	zen_buf_reset(scratch);
	return !zen_chain_read_tx(r, scratch, NULL, hash, NULL);
}

/* The asked set of this period; the one before it is forgotten. */
static struct net_hset *tx_asked(struct zen_net *net)
{
	uint64_t now = net_now();

	if (now - net->tx_asked_at > NET_TX_ASKED_MS) {
		net_hset_free(&net->tx_asked[1]);
		net->tx_asked[1] = net->tx_asked[0];
		memset(&net->tx_asked[0], 0, sizeof(net->tx_asked[0]));
		net->tx_asked_at = now;
	}
	return &net->tx_asked[0];
}

void net_on_tx_hashes(struct zen_net *net, struct net_peer *p,
		      const struct zen_msg *m)
{
	struct zen_buf want = ZEN_BUF_INIT, scratch = ZEN_BUF_INIT;
	struct zen_chain_read *r;
	int exact;
	size_t n = zen_msg_hashes(&m->chunk, &exact);
	uint32_t count = 0;

	if (!exact) {	/* the whole message is ignored (10.3) */
		net_misbehave(net, p, NULL, NET_SCORE_BAD_LIST,
			      "hash list of a ragged length");
		return;
	}
	if (!n || net->ibd.state != NET_IBD_OFF ||
	    zen_chain_read_begin(net->chain, &r, NULL))
		return;
	for (size_t i = 0; i < n && count < NET_TX_REQUEST_MAX; i++) {
		const uint8_t *h = m->chunk.p + i * ZEN_HASH_LEN;

		if (!tx_known(net, r, &scratch, h)) {
			zen_buf_add(&want, h, ZEN_HASH_LEN);
			net_hset_add(tx_asked(net), h);
			count++;
		}
	}
	zen_chain_read_end(r);
	if (count) {
		struct zen_msg get = { .id = ZEN_MSG_GET_TRANSACTIONS,
				       .chunk = { want.data, want.len } };

		p->tx_credit = p->tx_credit + count > NET_TX_CREDIT_MAX
			       ? NET_TX_CREDIT_MAX : p->tx_credit + count;
		net_send(net, p, &get);
	}
	zen_buf_release(&want);
	zen_buf_release(&scratch);
}

/* The count transactions of a batch, back to back (2.3): their offsets
 * and lengths.  Returns 0, or -1 when one does not parse (the batch is
 * dropped whole). */
static int split_batch(const struct zen_msg_chunk *c, uint32_t count,
		       size_t *off, size_t *len)
{
	size_t at = 0;
	int nonzero = 0;

	for (size_t i = 0; i < c->len && !nonzero; i++)
		nonzero = c->p[i] != 0;
	if (!nonzero)
		return -1;	/* empty or all zeros: dropped (2.3) */
	for (uint32_t i = 0; i < count; i++) {
		struct zen_tx tx;
		int rc;

		zen_tx_init(&tx);
		rc = zen_tx_decode(&tx, c->p + at, c->len - at, NULL);
		off[i] = at;
		len[i] = tx.raw_len;
		zen_tx_release(&tx);
		if (rc || !len[i])
			return -1;
		at += len[i];
	}
	return 0;
}

static void admit_all(struct zen_net *net, struct net_peer *p,
		      const uint8_t *base, const size_t *off,
		      const size_t *len, uint32_t count)
{
	for (uint32_t i = 0; i < count; i++) {
		struct zen_err err = ZEN_ERR_INIT;
		enum zen_tx_outcome out;

		if (zen_chain_submit_tx(net->chain, &out, NULL, base + off[i],
					len[i], &err))
			zen_log_debug("p2p: transaction from %s refused: %s",
				      p->address, err.msg);
	}
}

void net_on_transactions(struct zen_net *net, struct net_peer *p,
			 const struct zen_msg *m)
{
	uint32_t count = zen_msg_count(m);
	size_t *off, *len;

	if (!count)
		return;
	if (count > p->tx_credit) {
		net_misbehave(net, p, NULL, NET_SCORE_UNSOLICITED,
			      "transactions not asked for");
		return;
	}
	p->tx_credit -= count;
	/* each transaction takes bytes: a count beyond them cannot parse */
	if (count > m->chunk.len) {
		net_misbehave(net, p, NULL, NET_SCORE_BAD_TXS,
			      "transactions that do not parse");
		return;
	}
	off = zen_xcalloc(count, sizeof(*off));
	len = zen_xcalloc(count, sizeof(*len));
	if (split_batch(&m->chunk, count, off, len))
		net_misbehave(net, p, NULL, NET_SCORE_BAD_TXS,
			      "transactions that do not parse");
	else
		admit_all(net, p, m->chunk.p, off, len, count);
	free(off);
	free(len);
}
