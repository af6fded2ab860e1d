/*
 * reqs.c - the requests a peer may make (p2p.md 5.1): GetTip, GetHeaders
 * (7.4), GetBlock, GetTransactions, GetMemPool, GetAddresses.  Each reads
 * one snapshot of the chain; where the reference sends no reply, none is
 * sent.
 */
#include <string.h>

#include "net/net-int.h"

static const uint8_t zero_hash[ZEN_HASH_LEN];

static int begin(struct zen_net *net, struct zen_chain_read **r)
{
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_chain_read_begin(net->chain, r, &err)) {
		zen_log_warn("p2p: cannot read the chain: %s", err.msg);
		return -1;
	}
	return 0;
}

static void send_chunk(struct zen_net *net, struct net_peer *p,
		       enum zen_msg_id id, uint32_t count,
		       const struct zen_buf *b)
{
	struct zen_msg m = { .id = id, .count = count,
			     .chunk = { b->data, b->len } };

	net_send(net, p, &m);
}

static void serve_tip(struct zen_net *net, struct net_peer *p)
{
	struct zen_chain_read *r;
	struct zen_block_info tip;
	uint8_t header[ZEN_HEADER_LEN];
	struct zen_msg m = { .id = ZEN_MSG_TIP, .header = header };
	int rc;

	if (begin(net, &r))
		return;
	rc = zen_chain_read_tip(r, &tip, NULL);
	zen_chain_read_end(r);
	if (rc)
		return;		/* no blocks yet: no reply */
	zen_header_encode(header, &tip.header);
	net_send(net, p, &m);
}

/* The number after which the reply starts: the first `from` hash on the
 * main chain (its number), or 0 for "from genesis" (7.4). */
static uint32_t headers_start(struct zen_chain_read *r,
			      const struct zen_msg_chunk *from, size_t n,
			      const uint8_t **start_hash)
{
	struct zen_block_info info;

	*start_hash = NULL;
	if (n == 1 && !memcmp(from->p, zero_hash, ZEN_HASH_LEN))
		return 0;
	for (size_t i = 0; i < n; i++) {
		const uint8_t *h = from->p + i * ZEN_HASH_LEN;

		if (!zen_chain_read_block_info(r, &info, h, NULL) &&
		    info.status == ZEN_BLOCK_MAIN) {
			*start_hash = h;
			return info.header.block_number;
		}
	}
	return 0;
}

static void serve_headers(struct zen_net *net, struct net_peer *p,
			  const struct zen_msg *m)
{
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_chain_read *r;
	struct zen_block_info tip, info;
	const uint8_t *start_hash;
	uint8_t header[ZEN_HEADER_LEN];
	size_t n = zen_msg_hashes(&m->chunk, NULL);
	uint32_t start, last;

	if (!n || begin(net, &r))
		return;
	if (zen_chain_read_tip(r, &tip, NULL)) {
		zen_chain_read_end(r);
		return;
	}
	start = headers_start(r, &m->chunk, n, &start_hash);
	if (!start_hash && zen_chain_read_main(r, &info, 1, NULL)) {
		zen_chain_read_end(r);
		return;		/* no genesis stored */
	}
	last = tip.header.block_number;
	if (start_hash && !memcmp(start_hash, m->hash, ZEN_HASH_LEN))
		last = start;	/* endHash is the start: empty Headers */
	for (uint32_t num = start + 1; num <= last &&
	     num - start <= NET_MAX_HEADERS; num++) {
		if (zen_chain_read_main(r, &info, num, NULL))
			break;
		zen_header_encode(header, &info.header);
		zen_buf_add(&b, header, sizeof(header));
		if (!memcmp(info.hash, m->hash, ZEN_HASH_LEN))
			break;
	}
	zen_chain_read_end(r);
	send_chunk(net, p, ZEN_MSG_HEADERS, 0, &b);
	zen_buf_release(&b);
}

static void serve_block(struct zen_net *net, struct net_peer *p,
			const struct zen_msg *m)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_chain_read *r;
	int rc;

	if (begin(net, &r))
		return;
	/* any stored block, whatever its status (5.1) */
	rc = zen_chain_read_block(r, &raw, NULL, m->hash, NULL);
	zen_chain_read_end(r);
	if (!rc && raw.len <= ZEN_MSG_MAX_CHUNK)
		send_chunk(net, p, ZEN_MSG_BLOCK, 0, &raw);
	zen_buf_release(&raw);
}

static void serve_transactions(struct zen_net *net, struct net_peer *p,
			       const struct zen_msg *m)
{
	struct zen_buf b = ZEN_BUF_INIT, raw = ZEN_BUF_INIT;
	struct zen_chain_read *r;
	struct zen_tx_location loc;
	int exact;
	size_t n = zen_msg_hashes(&m->chunk, &exact);
	uint32_t count = 0;

	if (!exact || !n || begin(net, &r))
		return;		/* 5.2: a ragged list is ignored */
	if (n > NET_TX_REQUEST_MAX)
		n = NET_TX_REQUEST_MAX;
	for (size_t i = 0; i < n; i++) {
		zen_buf_reset(&raw);
		if (zen_chain_read_tx(r, &raw, &loc,
				      m->chunk.p + i * ZEN_HASH_LEN, NULL) ||
		    !loc.in_mempool)
			continue;	/* only the mempool's are served */
		if (b.len + raw.len > ZEN_MSG_MAX_CHUNK)
			break;
		zen_buf_add(&b, raw.data, raw.len);
		count++;
	}
	zen_chain_read_end(r);
	if (count)
		send_chunk(net, p, ZEN_MSG_TRANSACTIONS, count, &b);
	zen_buf_release(&raw);
	zen_buf_release(&b);
}

static int add_hash(void *ctx, const uint8_t hash[ZEN_HASH_LEN],
		    const uint8_t *raw, size_t len)
{
	(void)raw;
	(void)len;
	zen_buf_add(ctx, hash, ZEN_HASH_LEN);
	return 0;
}

static void serve_mempool(struct zen_net *net, struct net_peer *p)
{
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_chain_read *r;
	int rc;

	if (begin(net, &r))
		return;
	rc = zen_chain_read_mempool(r, add_hash, &b, NULL);
	zen_chain_read_end(r);
	if (!rc)	/* sent even when empty (2.3) */
		send_chunk(net, p, ZEN_MSG_MEMPOOL, 0, &b);
	zen_buf_release(&b);
}

int net_is_request(enum zen_msg_id id)
{
	return id == ZEN_MSG_GET_TIP || id == ZEN_MSG_GET_HEADERS ||
	       id == ZEN_MSG_GET_BLOCK || id == ZEN_MSG_GET_TRANSACTIONS ||
	       id == ZEN_MSG_GET_MEMPOOL || id == ZEN_MSG_GET_ADDRESSES;
}

void net_serve(struct zen_net *net, struct net_peer *p, const struct zen_msg *m)
{
	switch (m->id) {
	case ZEN_MSG_GET_TIP:
		serve_tip(net, p);
		break;
	case ZEN_MSG_GET_HEADERS:
		serve_headers(net, p, m);
		break;
	case ZEN_MSG_GET_BLOCK:
		serve_block(net, p, m);
		break;
	case ZEN_MSG_GET_TRANSACTIONS:
		serve_transactions(net, p, m);
		break;
	case ZEN_MSG_GET_MEMPOOL:
		serve_mempool(net, p);
		break;
	case ZEN_MSG_GET_ADDRESSES:
		net_send_addresses(net, p);
		break;
	default:
		break;
	}
}
