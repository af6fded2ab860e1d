/*
 * sync.c - the chain from peers: Tip and NewBlock (p2p.md 6.1, 7.1),
 * blocks received, orphans and their missing ancestors (7.2), and the
 * initial block download (7.3): headers in batches of 2000 from one
 * peer, then their blocks, 20 in flight, a stall timeout of 10 s, and
 * another try (GetTip to everyone) after each end.
 *
 * Every block goes to zen_chain_submit_block, which validates it, stores
 * it (or refuses it: an invalid block is never stored) and switches to
 * the heaviest valid branch.  Only blocks asked for are taken: a Block
 * nobody asked for counts against its sender.
 */
#include <string.h>

#include "core/consensus/consensus.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "net/net-int.h"
#include "ops/node.h"

static const uint8_t zero_hash[ZEN_HASH_LEN];

/* ---- what was asked of whom --------------------------------------------- */

static void asked_add(struct net_peer *p, const uint8_t *hash, uint64_t now)
{
	if (p->nasked == NET_ASKED_MAX)
		memmove(p->asked, p->asked + 1, --p->nasked * sizeof(p->asked[0]));
	memcpy(p->asked[p->nasked].hash, hash, ZEN_HASH_LEN);
	p->asked[p->nasked++].at = now;
}

static int asked_find(const struct net_peer *p, const uint8_t *hash)
{
	for (size_t i = 0; i < p->nasked; i++)
		if (!memcmp(p->asked[i].hash, hash, ZEN_HASH_LEN))
			return (int)i;
	return -1;
}

static int ibd_inflight(struct zen_net *net, const uint8_t *hash)
{
	for (size_t i = 0; i < net->ibd.ninflight; i++)
		if (!memcmp(net->ibd.inflight[i].hash, hash, ZEN_HASH_LEN))
			return (int)i;
	return -1;
}

int net_block_solicited(struct zen_net *net, struct net_peer *p,
			const uint8_t hash[ZEN_HASH_LEN])
{
	if (asked_find(p, hash) >= 0)
		return 1;
	return net->ibd.state == NET_IBD_BLOCKS && net->ibd.peer == p->id &&
	       ibd_inflight(net, hash) >= 0;
}

static struct net_inflight *inflight_find(struct zen_net *net,
					  const uint8_t *hash)
{
	for (size_t i = 0; i < net->ninflight; i++)
		if (!memcmp(net->inflight[i].hash, hash, ZEN_HASH_LEN))
			return &net->inflight[i];
	return NULL;
}

static void inflight_done(struct zen_net *net, const uint8_t *hash)
{
	struct net_inflight *f = inflight_find(net, hash);

	if (f)
		*f = net->inflight[--net->ninflight];
}

static void send_get_block(struct zen_net *net, struct net_peer *p,
			   const uint8_t *hash)
{
	struct zen_msg m = { .id = ZEN_MSG_GET_BLOCK };

	memcpy(m.hash, hash, ZEN_HASH_LEN);
	net_send(net, p, &m);
}

/* GetBlock to p, unless some peer was asked for it a moment ago. */
static void request_block(struct zen_net *net, struct net_peer *p,
			  const uint8_t *hash)
{
	uint64_t now = net_now();
	struct net_inflight *f = inflight_find(net, hash);

	if (f && now - f->at < NET_BLOCK_REQ_MS &&
	    (f->peer == p->id || net_peer_by_id(net, f->peer)))
		return;
	if (!f) {
		if (net->ninflight == NET_INFLIGHT_MAX)	/* the oldest goes */
			memmove(net->inflight, net->inflight + 1,
				--net->ninflight * sizeof(net->inflight[0]));
		f = &net->inflight[net->ninflight++];
		memcpy(f->hash, hash, ZEN_HASH_LEN);
	}
	f->peer = p->id;
	f->at = now;
	asked_add(p, hash, now);
	if (zen_log_enabled(ZEN_LOG_DEBUG)) {
		char hex[2 * ZEN_HASH_LEN + 1];

		zen_hex_encode_to(hex, hash, ZEN_HASH_LEN);
		zen_log_debug("p2p: asking %s for block %s", p->address, hex);
	}
	send_get_block(net, p, hash);
}

/* ---- headers --------------------------------------------------------------- */

int net_header_pow_ok(struct zen_net *net, const struct zen_header *h,
		      const uint8_t hash[ZEN_HASH_LEN])
{
	uint8_t hh[ZEN_HASH_LEN];

	zen_sha3(hh, hash, ZEN_HASH_LEN);
	if (!memcmp(hh, net->params->genesis_hash_hash, ZEN_HASH_LEN))
		return 1;	/* genesis, by the hash of its hash (6.1) */
	return zen_pow_valid(hash, h->difficulty, net->params->pow_limit);
}

static int read_header(struct zen_header *h, uint8_t hash[ZEN_HASH_LEN],
		       const uint8_t *bytes)
{
	if (zen_header_decode(h, bytes, ZEN_HEADER_LEN, NULL))
		return -1;
	zen_sha3(hash, bytes, ZEN_HEADER_LEN);
	return 0;
}

static int block_info(struct zen_net *net, struct zen_block_info *info,
		      const uint8_t *hash)
{
	struct zen_chain_read *r;
	int rc;

	if (zen_chain_read_begin(net->chain, &r, NULL))
		return ZEN_ESTORE;
	rc = zen_chain_read_block_info(r, info, hash, NULL);
	zen_chain_read_end(r);
	return rc;
}

void net_get_tip_all(struct zen_net *net)
{
	struct zen_msg m = { .id = ZEN_MSG_GET_TIP };

	net_broadcast(net, &m);
}

/* An orphan's line back to the first block whose parent is missing: ask
 * p for that parent (7.2 step 5). */
static void request_root_parent(struct zen_net *net, struct net_peer *p,
				const uint8_t *hash)
{
	struct zen_block_info info;
	uint8_t cur[ZEN_HASH_LEN];

	memcpy(cur, hash, ZEN_HASH_LEN);
	for (int i = 0; i < NET_ORPHAN_WALK_MAX; i++) {
		if (block_info(net, &info, cur) || info.status != ZEN_BLOCK_ORPHAN)
			return;
		memcpy(cur, info.header.parent, ZEN_HASH_LEN);
		if (block_info(net, &info, cur) == ZEN_ENOTFOUND) {
			request_block(net, p, cur);
			return;
		}
	}
}

static void set_peer_tip(struct zen_net *net, struct net_peer *p,
			 const struct zen_header *h, const uint8_t *hash)
{
	p->has_tip = 1;
	p->tip_number = h->block_number;
	memcpy(p->tip_hash, hash, ZEN_HASH_LEN);
	net_snapshot_due(net);
}

/* 6.1: an announced header. */
static void new_header(struct zen_net *net, struct net_peer *p,
		       const struct zen_header *h, const uint8_t *hash)
{
	struct zen_block_info info;
	int rc = block_info(net, &info, hash);

	if (!rc) {
		if (info.status == ZEN_BLOCK_ORPHAN)
			request_root_parent(net, p, hash);
		return;
	}
	if (rc != ZEN_ENOTFOUND)
		return;
	if (!net_header_pow_ok(net, h, hash)) {
		net_misbehave(net, p, NULL, NET_SCORE_INVALID_BLOCK,
			      "header without valid proof of work");
		return;
	}
	/* "headers" counts what links to what we have */
	if (!block_info(net, &info, h->parent) &&
	    info.status != ZEN_BLOCK_ORPHAN && info.status != ZEN_BLOCK_INVALID &&
	    h->block_number > net->best_header) {
		net->best_header = h->block_number;
		net_snapshot_due(net);
	}
	request_block(net, p, hash);
}

void net_on_new_block(struct zen_net *net, struct net_peer *p,
		      const uint8_t header[ZEN_HEADER_LEN])
{
	struct zen_header h;
	uint8_t hash[ZEN_HASH_LEN];

	if (read_header(&h, hash, header))
		return;
	set_peer_tip(net, p, &h, hash);
	if (net->ibd.state == NET_IBD_OFF)
		new_header(net, p, &h, hash);
}

/* ---- the initial block download (7.3) ------------------------------------ */

static void send_get_headers(struct zen_net *net, struct net_peer *p,
			     const uint8_t *from)
{
	struct zen_msg m = { .id = ZEN_MSG_GET_HEADERS,
			     .chunk = { from, ZEN_HASH_LEN } };

	memcpy(m.hash, net->ibd.tip_hash, ZEN_HASH_LEN);
	net->ibd.state = NET_IBD_HEADERS;
	net->ibd.request_at = net_now();
	net_send(net, p, &m);
}

static void ibd_start(struct zen_net *net, struct net_peer *p)
{
	struct net_ibd *ibd = &net->ibd;

	ibd->peer = p->id;
	ibd->tip_number = p->tip_number;
	memcpy(ibd->tip_hash, p->tip_hash, ZEN_HASH_LEN);
	ibd->last_tick = net_now();
	ibd->npending = ibd->next = ibd->ninflight = 0;
	zen_log_info("p2p: initial block download from %s: blocks %u to %u",
		     p->address, net->have_tip ? net->tip_number + 1 : 1,
		     p->tip_number);
	send_get_headers(net, p, net->have_tip ? net->tip_hash : zero_hash);
	net_snapshot_due(net);
}

/* The end of a download, done or not: GetTip to everyone, whose answers
 * may start another. */
static void ibd_end(struct zen_net *net, const char *why)
{
	if (net->ibd.state == NET_IBD_OFF)
		return;
	net->ibd.state = NET_IBD_OFF;
	net->ibd.ninflight = net->ibd.npending = net->ibd.next = 0;
	zen_log_info("p2p: initial block download %s (the peer's tip: block "
		     "%u)", why, net->ibd.tip_number);
	net_snapshot_due(net);
	net_get_tip_all(net);
}

/* Abort and drop its peer (DisconnectPeer of 7.3). */
static void ibd_abort(struct zen_net *net, const char *why)
{
	uint32_t id = net->ibd.peer;
	struct net_peer *p;

	ibd_end(net, why);
	if ((p = net_peer_by_id(net, id)))
		net_close(net, p, why);
}

/* Keep NET_IBD_INFLIGHT blocks asked for. */
static void ibd_fill(struct zen_net *net, struct net_peer *p)
{
	struct net_ibd *ibd = &net->ibd;
	uint64_t now = net_now();

	while (ibd->ninflight < NET_IBD_INFLIGHT && ibd->next < ibd->npending &&
	       !p->dead) {
		const uint8_t *h = ibd->pending[ibd->next++];

		memcpy(ibd->inflight[ibd->ninflight].hash, h, ZEN_HASH_LEN);
		ibd->inflight[ibd->ninflight++].at = now;
		send_get_block(net, p, h);
	}
}

/* Nothing pending or in flight: the last batch ends it, else the next
 * batch of headers. */
static void ibd_batch_done(struct zen_net *net, struct net_peer *p)
{
	if (net->ibd.last_batch)
		ibd_end(net, "done");
	else
		send_get_headers(net, p, net->ibd.last_header);
}

/* Check one header of a batch; is its block missing? */
static int batch_header(struct zen_net *net, struct zen_chain_read *r,
			const uint8_t *bytes, struct zen_header *h,
			uint8_t *hash, int *missing)
{
	struct zen_block_info info;

	if (read_header(h, hash, bytes) || !net_header_pow_ok(net, h, hash))
		return -1;
	*missing = zen_chain_read_block_info(r, &info, hash, NULL) ==
		   ZEN_ENOTFOUND;
	return 0;
}

void net_on_headers(struct zen_net *net, struct net_peer *p,
		    const struct zen_msg *m)
{
	struct net_ibd *ibd = &net->ibd;
	size_t n = zen_msg_headers(&m->chunk);
	struct zen_chain_read *r;
	struct zen_header h;
	uint8_t hash[ZEN_HASH_LEN];
	int missing, bad = 0;

	if (ibd->state != NET_IBD_HEADERS || ibd->peer != p->id || !n)
		return;		/* only the download's, and not empty */
	if (zen_chain_read_begin(net->chain, &r, NULL))
		return;
	ibd->npending = ibd->next = 0;
	for (size_t i = 0; i < n && !bad; i++) {
		bad = batch_header(net, r, m->chunk.p + i * ZEN_HEADER_LEN, &h,
				   hash, &missing);
		if (!bad && missing) {
			ZEN_GROW(ibd->pending, ibd->npending + 1, ibd->cap);
			memcpy(ibd->pending[ibd->npending++], hash, ZEN_HASH_LEN);
		}
	}
	zen_chain_read_end(r);
	if (bad) {
		net_misbehave(net, p, NULL, NET_SCORE_INVALID_BLOCK,
			      "header without valid proof of work");
		ibd_abort(net, "invalid header");
		return;
	}
	/* the last header read is the batch's last: the next starts there */
	memcpy(ibd->last_header, hash, ZEN_HASH_LEN);
	ibd->last_batch = n < NET_MAX_HEADERS || h.block_number >= ibd->tip_number;
	ibd->ninflight = 0;
	if (!ibd->npending) {
		ibd_batch_done(net, p);
		return;
	}
	ibd->state = NET_IBD_BLOCKS;
	ibd_fill(net, p);
}

/* A block of the download arrived (stored, or known already: 10.6). */
static void ibd_received(struct zen_net *net, const uint8_t *hash)
{
	struct net_ibd *ibd = &net->ibd;
	struct net_peer *p;
	int i;

	if (ibd->state != NET_IBD_BLOCKS || (i = ibd_inflight(net, hash)) < 0)
		return;
	ibd->inflight[i] = ibd->inflight[--ibd->ninflight];
	if (!(p = net_peer_by_id(net, ibd->peer)))
		return;
	ibd_fill(net, p);
	if (!ibd->ninflight && ibd->next == ibd->npending)
		ibd_batch_done(net, p);
}

void net_ibd_tick(struct zen_net *net, uint64_t now)
{
	struct net_ibd *ibd = &net->ibd;
	uint64_t last = ibd->last_tick;
	int stalled = 0;

	if (ibd->state == NET_IBD_OFF)
		return;
	ibd->last_tick = now;
	/* a tick after a long pause (the node was busy) proves nothing */
	if (now - last > NET_IBD_TICK_GUARD_MS)
		return;
	if (ibd->state == NET_IBD_HEADERS)
		stalled = now > ibd->request_at + NET_IBD_TIMEOUT_MS;
	for (size_t i = 0; ibd->state == NET_IBD_BLOCKS && i < ibd->ninflight; i++)
		stalled |= now - ibd->inflight[i].at > NET_IBD_TIMEOUT_MS;
	if (stalled)
		ibd_abort(net, "stalled");
}

void net_sync_peer_gone(struct zen_net *net, struct net_peer *p)
{
	for (size_t i = 0; i < net->ninflight;) {
		if (net->inflight[i].peer == p->id)
			net->inflight[i] = net->inflight[--net->ninflight];
		else
			i++;
	}
	if (net->ibd.state != NET_IBD_OFF && net->ibd.peer == p->id)
		ibd_end(net, "ended (peer gone)");
}

void net_on_tip(struct zen_net *net, struct net_peer *p,
		const struct zen_msg *m)
{
	struct zen_header h;
	uint8_t hash[ZEN_HASH_LEN];
	uint32_t own = net->have_tip ? net->tip_number : 0;

	if (read_header(&h, hash, m->header))
		return;
	set_peer_tip(net, p, &h, hash);
	if (net->ibd.state != NET_IBD_OFF)
		return;
	if (h.block_number < own + NET_IBD_THRESHOLD) {
		new_header(net, p, &h, hash);
		return;
	}
	if (!net_header_pow_ok(net, &h, hash)) {
		net_misbehave(net, p, NULL, NET_SCORE_INVALID_BLOCK,
			      "tip without valid proof of work");
		return;
	}
	ibd_start(net, p);
}

/* ---- blocks (7.2) ----------------------------------------------------------- */

static void block_refused(struct zen_net *net, struct net_peer *p,
			  const uint8_t *hash, const char *why)
{
	int in_ibd = net->ibd.state == NET_IBD_BLOCKS &&
		     ibd_inflight(net, hash) >= 0;

	net_misbehave(net, p, NULL, NET_SCORE_INVALID_BLOCK, why);
	if (in_ibd && net->ibd.state != NET_IBD_OFF)
		ibd_abort(net, "invalid block");
}

static void block_stored(struct zen_net *net, struct net_peer *p,
			 const struct zen_block_result *res)
{
	if (net->node->on_block)
		net->node->on_block(net->node, res);
	if (res->outcome == ZEN_BLOCK_STORED_ORPHAN && !p->dead)
		request_root_parent(net, p, res->hash);
	ibd_received(net, res->hash);
}

void net_on_block(struct zen_net *net, struct net_peer *p,
		  const struct zen_msg *m)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_block_result res;
	uint8_t hash[ZEN_HASH_LEN];
	int i, rc;

	if (m->chunk.len < ZEN_HEADER_LEN) {
		net_misbehave(net, p, NULL, NET_SCORE_INVALID_BLOCK,
			      "block too short");
		return;
	}
	zen_sha3(hash, m->chunk.p, ZEN_HEADER_LEN);
	if (!net_block_solicited(net, p, hash)) {
		net_misbehave(net, p, NULL, NET_SCORE_UNSOLICITED,
			      "block not asked for");
		return;
	}
	if ((i = asked_find(p, hash)) >= 0)
		p->asked[i] = p->asked[--p->nasked];
	inflight_done(net, hash);
	memset(&res, 0, sizeof(res));
	rc = zen_chain_submit_block(net->chain, &res, m->chunk.p, m->chunk.len,
				    &err);
	if (rc == ZEN_EINVAL || (rc == ZEN_EREFUSED && !strstr(err.msg, "orphan")))
		block_refused(net, p, hash, err.msg);
	else if (rc)
		zen_log_warn("p2p: block from %s not stored: %s", p->address,
			     err.msg);
	else if (res.outcome == ZEN_BLOCK_REJECTED)
		block_refused(net, p, hash, res.reason);
	else
		block_stored(net, p, &res);
}
