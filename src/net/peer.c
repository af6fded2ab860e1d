/*
 * peer.c - peers: the records, sending, the handshake (p2p.md 3.2, 3.3),
 * the dispatch of an Active peer's messages (3.4), re-handshake (3.5),
 * keep-alive (3.6), and zen's own limits: misbehaviour scores and bans,
 * the inbound cap, the per-peer message rate, and the bytes a peer may
 * leave unread.
 *
 * Two sockets.  Peers we dial are on the ROUTER socket (p2p.md 1.7):
 * libzmq speaks ZMTP, redials a dropped connection by itself (its
 * monitor tells us, and we say Hello again at once), and zmq_disconnect
 * drops one.  Peers we accept are on the STREAM socket: zmtp.c speaks
 * ZMTP/2 for them, and the socket tells when each connection opens
 * (with its address: bans and the cap apply before a byte is read) and
 * closes, and closes one when asked (an empty message).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>


#include "core/crypto/hash.h"
#include "net/zmq_lazy.h"
#include "net/net-int.h"

/* Outbound routing ids: this byte, then 8 random ones (libzmq's own ids
 * for inbound connections start with a zero byte). */
#define NET_RID_MARK 'Z'
#define NET_RID_LEN 9

/* ---- records ------------------------------------------------------------- */

struct net_peer *net_peer_new(struct zen_net *net, const uint8_t *rid,
			      size_t rid_len, int inbound)
{
	struct net_peer *p = zen_xcalloc(1, sizeof(*p));

	p->id = net->next_id++;
	memcpy(p->rid, rid, rid_len);
	p->rid_len = rid_len;
	p->inbound = inbound;
	p->state_since = net_now();
	p->last_pong = p->state_since;
	p->rate_at = p->state_since;
	p->rate_tokens = (uint64_t)NET_RATE_BURST * 1000000;
	p->req_at = p->state_since;
	p->req_tokens = (uint64_t)NET_REQ_RATE_BURST * 1000000;
	ZEN_GROW(net->peers, net->npeers + 1, net->peers_cap);
	net->peers[net->npeers++] = p;
	return p;
}

struct net_peer *net_peer_find(struct zen_net *net, const uint8_t *rid,
			       size_t len)
{
	for (size_t i = 0; i < net->npeers; i++) {
		struct net_peer *p = net->peers[i];

		if (!p->dead && p->rid_len == len && !memcmp(p->rid, rid, len))
			return p;
	}
	return NULL;
}

struct net_peer *net_peer_by_id(struct zen_net *net, uint32_t id)
{
	for (size_t i = 0; i < net->npeers; i++)
		if (net->peers[i]->id == id && !net->peers[i]->dead)
			return net->peers[i];
	return NULL;
}

unsigned net_count(struct zen_net *net, int inbound, int active_only)
{
	unsigned n = 0;

	for (size_t i = 0; i < net->npeers; i++) {
		struct net_peer *p = net->peers[i];

		if (!p->dead && p->inbound == inbound &&
		    (!active_only || p->state == NET_ACTIVE))
			n++;
	}
	return n;
}

/* ---- sockets ------------------------------------------------------------- */

static uint16_t port_of(const struct sockaddr_storage *ss)
{
	if (ss->ss_family == AF_INET)
		return ntohs(((const struct sockaddr_in *)ss)->sin_port);
	if (ss->ss_family == AF_INET6)
		return ntohs(((const struct sockaddr_in6 *)ss)->sin6_port);
	return 0;
}

/* The remote end of fd as "ip:port" and ip.  Returns 0 or -1. */
static int remote_of(int fd, char *addr, size_t size, char *ip)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	const void *a;

	if (getpeername(fd, (struct sockaddr *)&ss, &len))
		return -1;
	if (ss.ss_family == AF_INET)
		a = &((struct sockaddr_in *)&ss)->sin_addr;
	else if (ss.ss_family == AF_INET6)
		a = &((struct sockaddr_in6 *)&ss)->sin6_addr;
	else
		return -1;
	if (!inet_ntop(ss.ss_family, a, ip, ZEN_PEER_ADDRESS_MAX + 1))
		return -1;
	snprintf(addr, size, ss.ss_family == AF_INET6 ? "[%s]:%u" : "%s:%u",
		 ip, port_of(&ss));
	return 0;
}

/* ---- sending ------------------------------------------------------------- */

/*
 * [rid][data[0..len)] on sock.  Returns 0 or -1 (zmq_errno).  libzmq
 * copies the bytes into a message of its own rather than borrowing ours
 * (zmq_msg_init_data): a message still queued when the context ends is
 * then libzmq's alone (tests/lsan.supp), and a short one is held inline
 * in the message with no allocation at all.
 */
static int send_frames(void *sock, const uint8_t *rid, size_t rid_len,
		       const void *data, size_t len)
{
	if (zmq_send(sock, rid, rid_len, ZMQ_SNDMORE | ZMQ_DONTWAIT) < 0 ||
	    zmq_send(sock, data, len, ZMQ_DONTWAIT) < 0)
		return -1;
	return 0;
}

/* data[0..len) to p's socket; a failure closes p (1.5: PipeFull,
 * Unreachable).  Returns 0 or -1. */
static int send_bytes(struct zen_net *net, struct net_peer *p,
		      const void *data, size_t len)
{
	if (send_frames(p->inbound ? net->lsock : net->sock, p->rid,
			p->rid_len, data, len)) {
		net_close(net, p, zmq_errno() == EAGAIN ? "PipeFull" :
			  "Unreachable");
		return -1;
	}
	p->bytes_sent += len;
	return 0;
}

void net_send_stream(struct zen_net *net, struct net_peer *p,
		     const void *data, size_t len)
{
	if (!p->dead)
		send_bytes(net, p, data, len);
}

int net_send(struct zen_net *net, struct net_peer *p, const struct zen_msg *m)
{
	struct zen_buf body = ZEN_BUF_INIT, b = ZEN_BUF_INIT;
	int rc;

	if (p->dead)
		return -1;
	zen_msg_encode(&body, m);
	if (!p->inbound) {
		rc = send_bytes(net, p, body.data, body.len);
	} else {	/* an accepted peer's frame is ours to make (zmtp.c) */
		zen_buf_grow(&b, body.len + 9);
		net_zmtp_frame(&b, body.len);
		zen_buf_add(&b, body.data, body.len);
		rc = send_bytes(net, p, b.data, b.len);
	}
	zen_buf_release(&body);
	zen_buf_release(&b);
	return rc;
}

void net_broadcast(struct zen_net *net, const struct zen_msg *m)
{
	for (size_t i = 0; i < net->npeers; i++)
		if (!net->peers[i]->dead && net->peers[i]->state == NET_ACTIVE)
			net_send(net, net->peers[i], m);
}

static void send_id(struct zen_net *net, struct net_peer *p,
		    enum zen_msg_id id)
{
	struct zen_msg m = { .id = id };

	net_send(net, p, &m);
}

static void send_hello(struct zen_net *net, struct net_peer *p)
{
	struct zen_msg m = { .id = ZEN_MSG_HELLO,
			     .network = net->params->network_id,
			     .version = 0, .nonce = net->nonce };

	net_send(net, p, &m);
}

static void send_ping(struct zen_net *net, struct net_peer *p, uint64_t now)
{
	struct zen_msg m = { .id = ZEN_MSG_PING, .nonce = net_random() };

	p->ping_wait = 1;
	p->ping_nonce = m.nonce;
	p->ping_sent = now;
	if (!net_send(net, p, &m))
		p->ping_mark = p->bytes_sent;
}

/* ---- closing -------------------------------------------------------------- */

/* gone: the connection is closed already (the peer closed it). */
static void drop(struct zen_net *net, struct net_peer *p, const char *why,
		 int gone)
{
	int was_active;

	if (p->dead)
		return;
	was_active = p->state == NET_ACTIVE;
	p->dead = 1;
	net->reap_due = 1;
	zen_log_debug("p2p: %s peer %s closed: %s",
		      p->inbound ? "inbound" : "outbound", p->address, why);
	if (p->inbound) {
		if (!gone)	/* an empty message closes it (STREAM) */
			send_frames(net->lsock, p->rid, p->rid_len, "", 0);
	} else {
		zmq_disconnect(net->sock, p->endpoint);
		net_connector_closed(net, p, was_active);
	}
	net_sync_peer_gone(net, p);
	net_snapshot_due(net);
}

void net_close(struct zen_net *net, struct net_peer *p, const char *why)
{
	drop(net, p, why, 0);
}

void net_reap(struct zen_net *net)
{
	size_t j = 0;

	if (!net->reap_due)
		return;
	for (size_t i = 0; i < net->npeers; i++) {
		struct net_peer *p = net->peers[i];

		if (!p->dead) {
			net->peers[j++] = p;
			continue;
		}
		for (size_t k = 0; k < p->ninbox; k++)
			free(p->inbox[k].bytes);
		zen_buf_release(&p->z.in);
		free(p);
	}
	net->npeers = j;
	net->reap_due = 0;
}

/* ---- misbehaviour and bans --------------------------------------------- */

static struct net_score *score_slot(struct zen_net *net, const char *ip,
				    int make)
{
	struct net_score *low = NULL;

	for (size_t i = 0; i < net->nscores; i++) {
		if (!strcmp(net->scores[i].ip, ip))
			return &net->scores[i];
		if (!low || net->scores[i].score < low->score)
			low = &net->scores[i];
	}
	if (!make)
		return NULL;
	if (net->nscores < NET_SCORES_MAX)
		low = &net->scores[net->nscores++];
	snprintf(low->ip, sizeof(low->ip), "%s", ip);
	low->score = 0;
	return low;
}

unsigned net_score_of(struct zen_net *net, const char *ip)
{
	struct net_score *s = ip[0] ? score_slot(net, ip, 0) : NULL;

	return s ? s->score : 0;
}

int net_banned(struct zen_net *net, const char *ip)
{
	uint64_t now = net_wall();

	for (size_t i = 0; ip[0] && i < net->nbans; i++)
		if (!strcmp(net->bans[i].address, ip) && net->bans[i].until_ms > now)
			return 1;
	return 0;
}

/* Close every peer of a banned address, but those the operator named
 * (--connect, --addnode): a ban never cuts them. */
static void drop_banned(struct zen_net *net)
{
	for (size_t i = 0; i < net->npeers; i++)
		if (!net->peers[i]->dead && !net->peers[i]->manual &&
		    net_banned(net, net->peers[i]->ip))
			net_close(net, net->peers[i], "banned");
}

void net_reload_bans(struct zen_net *net)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_peer_ban *bans;
	size_t n;

	net->bans_at = net_now();
	if (zen_peerstore_bans(net->ps, net_wall(), &bans, &n, &err)) {
		zen_log_warn("p2p: cannot read the ban list: %s", err.msg);
		return;
	}
	/* an address no longer banned starts again from a clean score */
	for (size_t i = 0; i < net->nscores; i++) {
		struct net_score *s = &net->scores[i];
		int was = net_banned(net, s->ip), still = 0;

		for (size_t j = 0; j < n && !still; j++)
			still = !strcmp(bans[j].address, s->ip);
		if (was && !still)
			s->score = 0;
	}
	free(net->bans);
	net->bans = bans;
	net->nbans = n;
	drop_banned(net);
	net_snapshot_due(net);
}

static void ban(struct zen_net *net, const char *ip, const char *why)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_peer_ban b = { .until_ms = net_wall() + NET_BAN_MS };

	snprintf(b.address, sizeof(b.address), "%s", ip);
	snprintf(b.reason, sizeof(b.reason), "%s", why);
	zen_log_warn("p2p: banning %s for %llu s: %s", ip,
		     (unsigned long long)(NET_BAN_MS / 1000), why);
	if (zen_peerstore_ban(net->ps, ip, b.until_ms, why, &err))
		zen_log_warn("p2p: cannot store the ban of %s: %s", ip, err.msg);
	ZEN_REALLOC_ARRAY(net->bans, net->nbans + 1);
	net->bans[net->nbans++] = b;
	drop_banned(net);
}

void net_misbehave(struct zen_net *net, struct net_peer *p, const char *ip,
		   unsigned points, const char *why)
{
	struct net_score *s;

	if (p)
		ip = p->ip;
	if (!ip || !ip[0]) {	/* nobody to hold it against: just drop it */
		if (p)
			net_close(net, p, why);
		return;
	}
	s = score_slot(net, ip, 1);
	s->score = s->score + points > 1000000 ? 1000000 : s->score + points;
	/* a flood is one line (its ban), not a hundred */
	ZEN_LOG(points >= NET_SCORE_UNSOLICITED ? ZEN_LOG_INFO : ZEN_LOG_DEBUG,
		"p2p: %s misbehaves (%s): score %u", p ? p->address : ip, why,
		s->score);
	net_snapshot_due(net);
	if (s->score < NET_BAN_SCORE)
		return;
	if (p && p->manual) {
		/* a peer the operator named is never banned by us */
		s->score = 0;
		net_close(net, p, why);
		return;
	}
	ban(net, ip, why);
}

/* ---- dropped dialled connections (the ROUTER's monitor) ------------------ */

void net_dial_dropped(struct zen_net *net, const char *endpoint)
{
	uint64_t now = net_now();

	for (size_t i = 0; i < net->npeers; i++) {
		struct net_peer *p = net->peers[i];

		/* dialled by name: libzmq says the address it resolved */
		int match = !strcmp(p->endpoint, endpoint) || !p->ip[0];

		if (p->dead || p->inbound || p->state != NET_ACTIVE || !match)
			continue;
		/* libzmq redials; the listener will not know us (1.6): say
		 * Hello again at once rather than after a Ping */
		zen_log_debug("p2p: connection to %s dropped: Hello again",
			      p->address);
		p->state = NET_CONNECTING;
		p->state_since = now;
		send_hello(net, p);
		net_snapshot_due(net);
	}
}

/* ---- the handshake ------------------------------------------------------ */

/* After a handshake (4): GetAddresses, GetMemPool, GetTip. */
static void after_handshake(struct zen_net *net, struct net_peer *p)
{
	p->state = NET_ACTIVE;
	p->state_since = net_now();
	p->last_pong = p->state_since;
	p->ping_wait = 0;
	p->connected_at = net_wall();
	if (!p->inbound) {
		net_connector_connected(net, p);
		net_advertise(net, p);
	}
	send_id(net, p, ZEN_MSG_GET_ADDRESSES);
	send_id(net, p, ZEN_MSG_GET_MEMPOOL);
	send_id(net, p, ZEN_MSG_GET_TIP);
	net_snapshot_due(net);
}

static void canonical_ip(char out[ZEN_PEER_ADDRESS_MAX + 1], const char *text)
{
	if (!text[0] || zen_peer_ip_canonical(out, text, NULL))
		out[0] = 0;
}

/* A Hello from an accepted peer (3.3). */
static void hello(struct zen_net *net, struct net_peer *p,
		  const struct zen_msg *m)
{
	struct zen_msg ack = { .id = ZEN_MSG_HELLO_ACK,
			       .network = net->params->network_id };

	if (m->network != net->params->network_id) {
		send_id(net, p, ZEN_MSG_INCORRECT_NETWORK);
		return;
	}
	if (m->nonce == net->nonce) {
		net_close(net, p, "ConnectToSelf");
		return;		/* ourselves: the dialling half times out */
	}
	if (net_count(net, 1, 1) >= net->max_peers) {
		net_close(net, p, "too many inbound peers (--max-peers)");
		return;
	}
	p->version = m->version;
	if (net_send(net, p, &ack))
		return;
	zen_log_debug("p2p: inbound peer %s", p->address);
	after_handshake(net, p);
}

/* An accepted peer before its Hello (3.3): anything else is answered
 * UnknownPeer. */
static void waiting_hello(struct zen_net *net, struct net_peer *p,
			  const struct zen_msg *m)
{
	if (++p->pre_msgs > NET_PREHANDSHAKE_MSGS) {
		net_close(net, p, "no Hello");
		return;
	}
	if (m->id == ZEN_MSG_HELLO)
		hello(net, p, m);
	else
		send_id(net, p, ZEN_MSG_UNKNOWN_PEER);
}

/* A dialled peer in Connecting (3.2). */
static void connecting(struct zen_net *net, struct net_peer *p,
		       const struct zen_msg *m)
{
	if (m->id == ZEN_MSG_UNKNOWN_PEER)
		return;		/* answers to what was queued before the redial */
	if (m->id != ZEN_MSG_HELLO_ACK) {
		net_close(net, p, "ExpectingHelloAck");
		return;
	}
	if (m->network != net->params->network_id) {
		net_close(net, p, "IncorrectNetwork");
		return;
	}
	p->version = m->version;
	zen_log_debug("p2p: outbound peer %s", p->address);
	after_handshake(net, p);
}

struct net_peer *net_dial(struct zen_net *net, const char *address,
			  int manual)
{
	uint8_t rid[NET_RID_LEN];
	char ep[sizeof(((struct net_peer *)0)->endpoint)];
	struct net_peer *p;
	int v6;

	if (net_endpoint(ep, sizeof(ep), address))
		return NULL;
	rid[0] = NET_RID_MARK;
	for (size_t i = 1; i < NET_RID_LEN; i += 4) {
		uint32_t r = net_random();

		memcpy(rid + i, &r, NET_RID_LEN - i < 4 ? NET_RID_LEN - i : 4);
	}
	v6 = strchr(ep, '[') != NULL;
	zmq_setsockopt(net->sock, ZMQ_IPV6, &v6, sizeof(v6));
	if (zmq_setsockopt(net->sock, ZMQ_CONNECT_ROUTING_ID, rid, sizeof(rid)) ||
	    zmq_connect(net->sock, ep)) {
		zen_log_debug("p2p: cannot dial %s: %s", address,
			      zmq_strerror(zmq_errno()));
		return NULL;
	}
	zen_log_debug("p2p: dialling %s%s", address, manual ? " (named)" : "");
	p = net_peer_new(net, rid, sizeof(rid), 0);
	p->manual = manual;
	p->state = NET_CONNECTING;
	snprintf(p->address, sizeof(p->address), "%s", address);
	snprintf(p->endpoint, sizeof(p->endpoint), "%s", ep);
	canonical_ip(p->ip, address);
	send_hello(net, p);
	return p;
}

/* ---- limits ---------------------------------------------------------------- */

static int unacked_over(const struct net_peer *p)
{
	return p->bytes_sent - p->bytes_acked > NET_MAX_UNACKED;
}

/* Is the message free of the rate (a reply we asked for)? */
static int rate_free(struct zen_net *net, struct net_peer *p,
		     const struct zen_msg *m)
{
	switch (m->id) {
	case ZEN_MSG_PONG:
		return 1;
	case ZEN_MSG_BLOCK:
		if (m->chunk.len >= ZEN_HEADER_LEN) {
			uint8_t h[ZEN_HASH_LEN];

			zen_sha3(h, m->chunk.p, ZEN_HEADER_LEN);
			return net_block_solicited(net, p, h);
		}
		return 0;
	case ZEN_MSG_HEADERS:
		return net->ibd.state == NET_IBD_HEADERS && net->ibd.peer == p->id;
	case ZEN_MSG_TRANSACTIONS:
		return zen_msg_count(m) <= p->tx_credit;
	default:
		return 0;
	}
}

/* Refill a bucket of rate units a second up to burst; take cost (whole
 * units) if it holds them.  Returns 1 when taken. */
static int take(uint64_t *tokens, uint64_t *at, uint64_t rate,
		uint64_t burst, uint64_t cost)
{
	uint64_t now = net_now(), cap = burst * 1000000;

	if (now > *at) {
		uint64_t add = (now - *at) * rate * 1000;

		*tokens = cap - *tokens < add ? cap : *tokens + add;
		*at = now;
	}
	if (*tokens < cost * 1000000)
		return 0;
	*tokens -= cost * 1000000;
	return 1;
}

/* The bucket of NET_RATE_PER_S.  Returns 1 to go on. */
static int admit(struct zen_net *net, struct net_peer *p,
		 const struct zen_msg *m)
{
	uint64_t cost = 1;

	if (rate_free(net, p, m) || net_is_request(m->id))
		return 1;
	if (m->id == ZEN_MSG_TRANSACTIONS || m->id == ZEN_MSG_ADDRESSES)
		cost += zen_msg_count(m) < 10000 ? zen_msg_count(m) : 10000;
	if (take(&p->rate_tokens, &p->rate_at, NET_RATE_PER_S, NET_RATE_BURST,
		 cost))
		return 1;
	net_misbehave(net, p, NULL, NET_SCORE_FLOOD, "message flood");
	return 0;
}

static int may_serve(struct net_peer *p)
{
	return !unacked_over(p) &&
	       take(&p->req_tokens, &p->req_at, NET_REQ_RATE_PER_S,
		    NET_REQ_RATE_BURST, 1);
}

/* A request waits (the peer has too much unread, or asks too fast): a
 * copy of it. */
static void defer(struct zen_net *net, struct net_peer *p,
		  const uint8_t *body, size_t len)
{
	if (p->ninbox >= NET_INBOX_MAX) {
		net_misbehave(net, p, NULL, NET_SCORE_FLOOD, "request flood");
		return;
	}
	p->inbox[p->ninbox].bytes = zen_xmemdup(body, len);
	p->inbox[p->ninbox].len = len;
	p->ninbox++;
	if (unacked_over(p) && !p->ping_wait)
		send_ping(net, p, net_now());
}

/* Serve what waited, while the peer reads. */
static void serve_inbox(struct zen_net *net, struct net_peer *p)
{
	while (p->ninbox && !p->dead && may_serve(p)) {
		struct net_inbox_msg in = p->inbox[0];
		struct zen_msg m;

		memmove(p->inbox, p->inbox + 1, --p->ninbox * sizeof(p->inbox[0]));
		if (!zen_msg_decode(&m, in.bytes, in.len, NULL))
			net_serve(net, p, &m);
		free(in.bytes);
	}
}

static void on_pong(struct zen_net *net, struct net_peer *p,
		    const struct zen_msg *m)
{
	if (!p->ping_wait || m->nonce != p->ping_nonce)
		return;
	p->ping_wait = 0;
	p->last_pong = net_now();
	p->bytes_acked = p->ping_mark;
	if (!p->inbound)
		net_addr_seen(net, p);
	serve_inbox(net, p);
}

/* ---- the dispatch (3.4) -------------------------------------------------- */

static void active(struct zen_net *net, struct net_peer *p,
		   const struct zen_msg *m, const uint8_t *body, size_t len)
{
	struct zen_msg pong = { .id = ZEN_MSG_PONG, .nonce = m->nonce };

	switch (m->id) {
	case ZEN_MSG_UNKNOWN_PEER:
		if (p->inbound) {
			net_close(net, p, "UnknownPeer");
			break;
		}
		p->state = NET_CONNECTING;	/* 3.5 */
		p->state_since = net_now();
		send_hello(net, p);
		net_snapshot_due(net);
		break;
	case ZEN_MSG_PING:
		net_send(net, p, &pong);
		if (!p->inbound)
			net_addr_seen(net, p);
		break;
	case ZEN_MSG_PONG:
		on_pong(net, p, m);
		break;
	case ZEN_MSG_TIP:
		net_on_tip(net, p, m);
		break;
	case ZEN_MSG_NEW_BLOCK:
		if (!p->inbound)
			net_addr_seen(net, p);
		net_on_new_block(net, p, m->header);
		break;
	case ZEN_MSG_BLOCK:
		net_on_block(net, p, m);
		break;
	case ZEN_MSG_HEADERS:
		net_on_headers(net, p, m);
		break;
	case ZEN_MSG_NEW_TRANSACTIONS:
		if (!p->inbound)
			net_addr_seen(net, p);
		net_on_tx_hashes(net, p, m);
		break;
	case ZEN_MSG_MEMPOOL:
		net_on_tx_hashes(net, p, m);
		break;
	case ZEN_MSG_TRANSACTIONS:
		net_on_transactions(net, p, m);
		break;
	case ZEN_MSG_ADDRESSES:
		net_on_addresses(net, p, m);
		break;
	case ZEN_MSG_HELLO:
	case ZEN_MSG_HELLO_ACK:
	case ZEN_MSG_UNKNOWN_MESSAGE:
	case ZEN_MSG_INCORRECT_NETWORK:
		break;
	case ZEN_MSG_GET_ADDRESSES:
	case ZEN_MSG_GET_MEMPOOL:
	case ZEN_MSG_GET_TRANSACTIONS:
	case ZEN_MSG_GET_BLOCK:
	case ZEN_MSG_GET_TIP:
	case ZEN_MSG_GET_HEADERS:
		if (p->ninbox || !may_serve(p))
			defer(net, p, body, len);
		else
			net_serve(net, p, m);
		break;
	}
}

/* A decoded message of p, whichever its socket. */
static void message(struct zen_net *net, struct net_peer *p,
		    const uint8_t *body, size_t len)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_msg m;

	if (zen_msg_decode(&m, body, len, &err)) {
		/* 3.2, 3.3, 3.4: UnknownMessage(0), and the record goes */
		send_id(net, p, ZEN_MSG_UNKNOWN_MESSAGE);
		net_misbehave(net, p, NULL, NET_SCORE_MALFORMED, err.msg);
		net_close(net, p, "UnknownMessage");
		return;
	}
	switch (p->state) {
	case NET_GREETING:
		break;
	case NET_WAIT_HELLO:
		waiting_hello(net, p, &m);
		break;
	case NET_CONNECTING:
		connecting(net, p, &m);
		break;
	case NET_ACTIVE:
		if (admit(net, p, &m))
			active(net, p, &m, body, len);
		break;
	}
}

void net_receive(struct zen_net *net, const uint8_t *rid, size_t rid_len,
		 const uint8_t *body, size_t len)
{
	struct net_peer *p = net_peer_find(net, rid, rid_len);

	/* nothing of a dialled connection we dropped counts */
	if (p && !p->inbound)
		message(net, p, body, len);
}

void net_inbound_message(struct zen_net *net, struct net_peer *p,
			 const uint8_t *body, size_t len)
{
	message(net, p, body, len);
}

void net_zmtp_ready(struct zen_net *net, struct net_peer *p)
{
	p->state = NET_WAIT_HELLO;
	p->state_since = net_now();
}

size_t net_frame_max(struct zen_net *net, struct net_peer *p)
{
	/* big replies only when something big was asked for */
	if (p->nasked || p->tx_credit ||
	    (net->ibd.state != NET_IBD_OFF && net->ibd.peer == p->id))
		return NET_MAX_MSG;
	return NET_MAX_FRAME_SMALL;
}

/* A connection accepted: its record, unless banned or one too many. */
static void accepted(struct zen_net *net, const uint8_t *rid, size_t rid_len,
		     int fd, const char *peer_ip)
{
	struct net_peer *p = net_peer_new(net, rid, rid_len, 1);
	char ip[ZEN_PEER_ADDRESS_MAX + 1], addr[sizeof(p->address)];

	p->state = NET_GREETING;
	canonical_ip(p->ip, peer_ip);
	snprintf(p->address, sizeof(p->address), "%s", p->ip);
	/* the port too, from the socket, if it is still that connection */
	if (fd >= 0 && !remote_of(fd, addr, sizeof(addr), ip) &&
	    (!p->ip[0] || !strcmp(ip, p->ip))) {
		snprintf(p->ip, sizeof(p->ip), "%s", ip);
		snprintf(p->address, sizeof(p->address), "%s", addr);
	}
	if (net_banned(net, p->ip)) {
		net_close(net, p, "banned");
		return;
	}
	if (net_count(net, 1, 0) > net->max_peers + NET_ACCEPT_SLACK) {
		net_close(net, p, "too many connections");
		return;
	}
	net_zmtp_start(net, p);
}

void net_stream_data(struct zen_net *net, const uint8_t *rid, size_t rid_len,
		     const uint8_t *data, size_t len, int fd,
		     const char *peer_ip)
{
	struct net_peer *p = net_peer_find(net, rid, rid_len);
	const char *why = NULL;

	if (!p) {	/* an opening (or the end of one already dropped) */
		if (!len)
			accepted(net, rid, rid_len, fd, peer_ip);
		return;
	}
	if (!len) {
		drop(net, p, "closed by the peer", 1);
		return;
	}
	if (net_zmtp_feed(net, p, data, len, &why)) {
		net_misbehave(net, p, NULL, NET_SCORE_MALFORMED, why);
		net_close(net, p, why);
	}
}

/* ---- the timer ----------------------------------------------------------- */

static void peer_tick(struct zen_net *net, struct net_peer *p, uint64_t now)
{
	switch (p->state) {
	case NET_GREETING:
	case NET_WAIT_HELLO:
		if (now - p->state_since > NET_PREHANDSHAKE_MS)
			net_close(net, p, "no Hello");
		return;
	case NET_CONNECTING:
		if (now - p->state_since > NET_HANDSHAKE_MS)
			net_close(net, p, "NoHelloAck");
		return;
	case NET_ACTIVE:
		break;
	}
	if (p->ping_wait && now - p->ping_sent > NET_PONG_MS)
		net_close(net, p, "NoPong");
	else if (!p->ping_wait && now - p->last_pong > NET_PING_IDLE_MS)
		send_ping(net, p, now);
}

void net_serve_waiting(struct zen_net *net)
{
	for (size_t i = 0; i < net->npeers; i++)
		if (net->peers[i]->ninbox && !net->peers[i]->dead)
			serve_inbox(net, net->peers[i]);
}

void net_peers_tick(struct zen_net *net, uint64_t now)
{
	for (size_t i = 0; i < net->npeers; i++)
		if (!net->peers[i]->dead)
			peer_tick(net, net->peers[i], now);
}
