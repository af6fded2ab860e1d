/*
 * net.c - the peer-to-peer front's life: its options, the ROUTER socket
 * and its monitor, the thread and its loop, and what other threads read
 * of it (ops/netif.h).
 *
 * The loop waits in zmq_poll on four things: the ROUTER socket of the
 * peers we dial, the STREAM socket of those we accept (peer.c says why
 * two), the ROUTER's monitor (a dialled connection dropped), and an
 * eventfd that other threads write to wake it (a ban, the stop).  Each
 * turn reads at most NET_BATCH messages of each socket, then looks at
 * the chain store (a cheap generation check, NET_POLL_MS at most apart),
 * then runs the 1-second timer of p2p.md 3.1.  The sockets are used by
 * this thread only (libzmq sockets are not thread-safe).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "core/base/clock.h"
#include "net/zmq_lazy.h"
#include "net/net-int.h"
#include "ops/node.h"

/* ---- small things ------------------------------------------------------ */

/* ZEN_NET_CLOCK_RATE (tests): the front's timers (keep-alive, stalls,
 * handshakes, retries) run that many times faster, so that a test sees
 * a 60 s keep-alive in 3 s.  Set once, before the front's threads. */
static uint64_t clock_rate = 1;

static void read_clock_rate(void)
{
	const char *s = getenv("ZEN_NET_CLOCK_RATE");
	unsigned long long r = s ? strtoull(s, NULL, 10) : 1;

	clock_rate = r >= 1 && r <= 1000 ? r : 1;
}

uint64_t net_now(void)
{
	return zen_monotonic_ms() * clock_rate;
}

uint64_t net_wall(void)
{
	return zen_wall_ms();
}

uint32_t net_random(void)
{
	return randombytes_random();
}

/* ---- hash sets ----------------------------------------------------------- */

static uint8_t hset_key[crypto_shorthash_KEYBYTES];
static pthread_once_t hset_once = PTHREAD_ONCE_INIT;

static void hset_init_key(void)
{
	randombytes_buf(hset_key, sizeof(hset_key));
}

static size_t hset_slot(const struct net_hset *s, const uint8_t *k)
{
	uint8_t h[crypto_shorthash_BYTES];
	uint64_t v = 0;

	crypto_shorthash(h, k, ZEN_HASH_LEN, hset_key);
	memcpy(&v, h, sizeof(v));
	return (size_t)(v & (s->cap - 1));
}

int net_hset_has(const struct net_hset *s, const uint8_t k[ZEN_HASH_LEN])
{
	if (!s->cap)
		return 0;
	for (size_t i = hset_slot(s, k);; i = (i + 1) & (s->cap - 1)) {
		if (!s->used[i])
			return 0;
		if (!memcmp(s->keys[i], k, ZEN_HASH_LEN))
			return 1;
	}
}

static void hset_put(struct net_hset *s, const uint8_t *k)
{
	size_t i = hset_slot(s, k);

	while (s->used[i]) {
		if (!memcmp(s->keys[i], k, ZEN_HASH_LEN))
			return;
		i = (i + 1) & (s->cap - 1);
	}
	s->used[i] = 1;
	memcpy(s->keys[i], k, ZEN_HASH_LEN);
	s->n++;
}

void net_hset_add(struct net_hset *s, const uint8_t k[ZEN_HASH_LEN])
{
	pthread_once(&hset_once, hset_init_key);
	if ((s->n + 1) * 2 > s->cap) {	/* at most half full */
		struct net_hset bigger = { 0 };

		bigger.cap = s->cap ? s->cap * 2 : 64;
		bigger.keys = zen_xcalloc(bigger.cap, ZEN_HASH_LEN);
		bigger.used = zen_xcalloc(bigger.cap, 1);
		for (size_t i = 0; i < s->cap; i++)
			if (s->used[i])
				hset_put(&bigger, s->keys[i]);
		net_hset_free(s);
		*s = bigger;
	}
	hset_put(s, k);
}

void net_hset_clear(struct net_hset *s)
{
	if (s->cap)
		memset(s->used, 0, s->cap);
	s->n = 0;
}

void net_hset_free(struct net_hset *s)
{
	free(s->keys);
	free(s->used);
	memset(s, 0, sizeof(*s));
}

/* ---- options ------------------------------------------------------------- */

/* --listen HOST:PORT (HOST may be "*" or a bracketed IPv6 literal). */
static int parse_listen(char host[ZEN_PEER_ADDRESS_MAX + 1], uint16_t *port,
			const char *text, struct zen_err *err)
{
	const char *colon = strrchr(text, ':');
	size_t hlen = colon ? (size_t)(colon - text) : 0;
	unsigned long n;
	char *end;

	if (!colon || !hlen || hlen > ZEN_PEER_ADDRESS_MAX || !colon[1])
		return zen_fail(err, ZEN_EINVAL, "invalid listen '%.80s' "
				"(HOST:PORT)", text);
	n = strtoul(colon + 1, &end, 10);
	if (*end || n > 65535)
		return zen_fail(err, ZEN_EINVAL, "invalid listen port in "
				"'%.80s'", text);
	memcpy(host, text, hlen);
	host[hlen] = 0;
	*port = (uint16_t)n;
	return 0;
}

int net_check_peers(const char *opt, const json_t *list,
		       struct zen_err *err)
{
	char ep[ZEN_PEER_ADDRESS_MAX + 16];
	size_t i;
	json_t *v;

	json_array_foreach(list, i, v) {
		const char *a = json_string_value(v);

		if (!a || strlen(a) > ZEN_PEER_ADDRESS_MAX ||
		    net_endpoint(ep, sizeof(ep), a))
			return zen_fail(err, ZEN_EINVAL, "invalid %s '%.80s' "
					"(HOST:PORT)", opt, a ? a : "");
	}
	return 0;
}

int zen_net_option_check(const char *name, const json_t *value,
			 struct zen_err *err)
{
	const char *s = json_string_value(value);
	char host[ZEN_PEER_ADDRESS_MAX + 1];
	uint16_t port;

	if (!strcmp(name, "listen") && s)
		return parse_listen(host, &port, s, err);
	if (!strcmp(name, "externalAddress") && s && !net_addr_valid(s))
		return zen_fail(err, ZEN_EINVAL, "invalid externalAddress "
				"'%.80s' (IP:PORT)", s);
	if (!strcmp(name, "maxPeers") && json_is_integer(value) &&
	    json_integer_value(value) > 100000)
		return zen_fail(err, ZEN_EINVAL, "invalid maxPeers (0 to 100000)");
	if (!strcmp(name, "connect") || !strcmp(name, "addnode"))
		return net_check_peers(name, value, err);
	return 0;
}

static int configure(struct zen_net *net, const json_t *args,
		     struct zen_err *err)
{
	const char *listen = zen_args_str(args, "listen");
	const char *ext = zen_args_str(args, "externalAddress");
	uint64_t max = NET_DEFAULT_MAX_PEERS;
	int rc = 0;

	net->no_listen = zen_args_bool(args, "noListen", 0);
	net->no_seeds = zen_args_bool(args, "noSeeds", 0);
	if (listen && net->no_listen)
		return zen_fail(err, ZEN_EINVAL, "--listen and --no-listen "
				"exclude each other");
	zen_args_u64(args, "maxPeers", &max);
	if ((rc = zen_net_option_check("maxPeers", json_object_get(args,
				       "maxPeers"), err)) ||
	    (rc = zen_net_option_check("externalAddress", json_object_get(args,
				       "externalAddress"), err)))
		return rc;
	net->max_peers = (unsigned)max;
	net->listen_port = net->params->p2p_port;
	snprintf(net->listen_host, sizeof(net->listen_host), "%s",
		 net->params->p2p_host);
	if (listen && (rc = parse_listen(net->listen_host, &net->listen_port,
					 listen, err)))
		return rc;
	net->listen_given = listen != NULL;
	if (ext)
		snprintf(net->external, sizeof(net->external), "%s", ext);
	return net_connector_init(net, json_object_get(args, "connect"),
				  json_object_get(args, "addnode"), err);
}

int zen_net_new(struct zen_net **out, struct zen_node *node,
		const json_t *args, struct zen_err *err)
{
	struct zen_net *net = zen_xcalloc(1, sizeof(*net));
	int rc;

	*out = NULL;
	read_clock_rate();
	net->node = node;
	net->params = node->params;
	net->wake_fd = -1;
	net->next_id = 1;
	pthread_mutex_init(&net->snap_lock, NULL);
	if ((rc = configure(net, args, err))) {
		zen_net_free(net);
		return rc;
	}
	*out = net;
	return 0;
}

/* ---- the socket ---------------------------------------------------------- */

static int setopt_int(void *sock, int opt, int v)
{
	return zmq_setsockopt(sock, opt, &v, sizeof(v));
}

static int make_socket(struct zen_net *net, struct zen_err *err)
{
	int64_t max = NET_MAX_MSG;
	int rc = zen_zmq_load(err);	/* only a node that talks to peers */

	if (rc)
		return rc;
	net->zctx = zmq_ctx_new();
	net->sock = net->zctx ? zmq_socket(net->zctx, ZMQ_ROUTER) : NULL;
	if (!net->sock ||
	    setopt_int(net->sock, ZMQ_ROUTER_MANDATORY, 1) ||
	    setopt_int(net->sock, ZMQ_SNDHWM, NET_SNDHWM) ||
	    setopt_int(net->sock, ZMQ_RCVHWM, NET_RCVHWM) ||
	    setopt_int(net->sock, ZMQ_LINGER, 0) ||
	    zmq_setsockopt(net->sock, ZMQ_MAXMSGSIZE, &max, sizeof(max)))
		return zen_fail(err, ZEN_EINTERNAL, "p2p: cannot make the "
				"socket: %s", zmq_strerror(zmq_errno()));
	/* dialled connections that drop, to say Hello again (1.6) */
	if (zmq_socket_monitor(net->sock, "inproc://zen-net-monitor",
			       ZMQ_EVENT_DISCONNECTED) ||
	    !(net->mon = zmq_socket(net->zctx, ZMQ_PAIR)) ||
	    setopt_int(net->mon, ZMQ_LINGER, 0) ||
	    zmq_connect(net->mon, "inproc://zen-net-monitor"))
		return zen_fail(err, ZEN_EINTERNAL, "p2p: cannot monitor the "
				"socket: %s", zmq_strerror(zmq_errno()));
	net->wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (net->wake_fd < 0)
		return zen_fail(err, ZEN_EINTERNAL, "p2p: eventfd: %s",
				strerror(errno));
	return 0;
}

/* The bound port, from ZMQ_LAST_ENDPOINT ("tcp://1.2.3.4:5678"). */
static void read_endpoint(struct zen_net *net)
{
	size_t len = sizeof(net->endpoint);
	const char *colon;

	if (zmq_getsockopt(net->lsock, ZMQ_LAST_ENDPOINT, net->endpoint, &len))
		return;
	colon = strrchr(net->endpoint, ':');
	if (colon)
		net->port = (uint16_t)atoi(colon + 1);
}

static int listen_socket(struct zen_net *net, const char *ep)
{
	net->lsock = zmq_socket(net->zctx, ZMQ_STREAM);
	/* (a STREAM socket refuses sends to a gone connection by itself:
	 * EHOSTUNREACH, as ROUTER_MANDATORY makes the ROUTER do) */
	if (!net->lsock || setopt_int(net->lsock, ZMQ_SNDHWM, NET_SNDHWM) ||
	    setopt_int(net->lsock, ZMQ_RCVHWM, NET_RCVHWM) ||
	    setopt_int(net->lsock, ZMQ_LINGER, 0) ||
	    setopt_int(net->lsock, ZMQ_IPV6, strchr(ep, '[') != NULL) ||
	    zmq_bind(net->lsock, ep)) {
		int e = zmq_errno();

		if (net->lsock)
			zmq_close(net->lsock);
		net->lsock = NULL;
		errno = e;
		return -1;
	}
	return 0;
}

static int bind_socket(struct zen_net *net, struct zen_err *err)
{
	char ep[ZEN_PEER_ADDRESS_MAX + 32];
	int bracket = strchr(net->listen_host, ':') &&
		      net->listen_host[0] != '[';

	if (net->no_listen)
		return 0;
	if (net->listen_port)
		snprintf(ep, sizeof(ep), "tcp://%s%s%s:%u", bracket ? "[" : "",
			 net->listen_host, bracket ? "]" : "", net->listen_port);
	else
		snprintf(ep, sizeof(ep), "tcp://%s%s%s:*", bracket ? "[" : "",
			 net->listen_host, bracket ? "]" : "");
	if (listen_socket(net, ep)) {
		if (net->listen_given)
			return zen_fail(err, ZEN_EINVAL, "cannot listen on %s:%u "
					"(p2p): %s", net->listen_host,
					net->listen_port, zmq_strerror(errno));
		zen_log_warn("p2p: cannot listen on %s:%u: %s; not accepting "
			     "peers (--listen picks another address)",
			     net->listen_host, net->listen_port,
			     zmq_strerror(errno));
		return 0;
	}
	net->listening = 1;
	read_endpoint(net);
	return 0;
}

/* ---- what other threads read ------------------------------------------- */

void net_snapshot_due(struct zen_net *net)
{
	net->snap_due = 1;
}

static void publish_snapshot(struct zen_net *net)
{
	struct net_peer_info *s = zen_xcalloc(net->npeers + 1, sizeof(*s));
	size_t n = 0;
	unsigned active = 0;
	struct zen_net_sync sync = { 0 };

	for (size_t i = 0; i < net->npeers; i++) {
		struct net_peer *p = net->peers[i];

		if (p->dead || p->state != NET_ACTIVE)
			continue;
		active++;
		snprintf(s[n].address, sizeof(s[n].address), "%s", p->address);
		s[n].inbound = p->inbound;
		s[n].tip = p->has_tip ? p->tip_number : 0;
		s[n].version = p->version;
		s[n].score = net_score_of(net, p->ip);
		s[n].since = p->connected_at / 1000;
		n++;
	}
	sync.ibd = net->ibd.state != NET_IBD_OFF;
	sync.ibd_target = sync.ibd ? net->ibd.tip_number : 0;
	sync.headers = net->best_header;
	if (sync.ibd && net->ibd.tip_number > sync.headers)
		sync.headers = net->ibd.tip_number;
	pthread_mutex_lock(&net->snap_lock);
	free(net->snap);
	net->snap = s;
	net->nsnap = n;
	if (sync.headers != net->sync.headers || sync.ibd != net->sync.ibd ||
	    sync.ibd_target != net->sync.ibd_target) {
		sync.version = net->sync.version + 1;
		net->sync = sync;
	}
	pthread_mutex_unlock(&net->snap_lock);
	atomic_store(&net->connections, active);
	net->snap_due = 0;
}

static unsigned if_connections(void *ctx)
{
	return atomic_load(&((struct zen_net *)ctx)->connections);
}

static json_t *if_peers(void *ctx)
{
	struct zen_net *net = ctx;
	json_t *a = json_array();

	pthread_mutex_lock(&net->snap_lock);
	for (size_t i = 0; i < net->nsnap; i++) {
		const struct net_peer_info *s = &net->snap[i];

		json_array_append_new(a, json_pack(
			"{s:s, s:b, s:I, s:I, s:I, s:I}",
			"address", s->address, "inbound", s->inbound,
			"tip", (json_int_t)s->tip, "version", (json_int_t)s->version,
			"banScore", (json_int_t)s->score,
			"connectedSince", (json_int_t)s->since));
	}
	pthread_mutex_unlock(&net->snap_lock);
	return a;
}

static void if_sync(void *ctx, struct zen_net_sync *out)
{
	struct zen_net *net = ctx;

	pthread_mutex_lock(&net->snap_lock);
	*out = net->sync;
	pthread_mutex_unlock(&net->snap_lock);
}

static void wake(struct zen_net *net)
{
	uint64_t one = 1;

	if (net->wake_fd >= 0)
		(void)!write(net->wake_fd, &one, sizeof(one));
}

static void if_bans_changed(void *ctx)
{
	struct zen_net *net = ctx;

	atomic_store(&net->bans_dirty, 1);
	wake(net);
}

/* ---- the loop ------------------------------------------------------------ */

/* One message off the ROUTER socket: [routing id][body], a message of
 * more frames is dropped whole (1.7).  Returns 0, or -1 when none is
 * waiting. */
static int receive_dialled(struct zen_net *net)
{
	zmq_msg_t id, body;
	int more, frames = 0;

	zmq_msg_init(&id);
	if (zmq_msg_recv(&id, net->sock, ZMQ_DONTWAIT) < 0) {
		zmq_msg_close(&id);
		return -1;
	}
	zmq_msg_init(&body);
	for (more = zmq_msg_more(&id); more; more = zmq_msg_more(&body)) {
		zmq_msg_close(&body);
		zmq_msg_init(&body);
		if (zmq_msg_recv(&body, net->sock, 0) < 0)
			break;
		frames++;
	}
	if (frames == 1)
		net_receive(net, zmq_msg_data(&id), zmq_msg_size(&id),
			    zmq_msg_data(&body), zmq_msg_size(&body));
	zmq_msg_close(&body);
	zmq_msg_close(&id);
	return 0;
}

/* One message off the STREAM socket: [routing id][bytes]. */
static int receive_accepted(struct zen_net *net)
{
	zmq_msg_t id, data;
	const char *ip;
	int ok;

	zmq_msg_init(&id);
	if (zmq_msg_recv(&id, net->lsock, ZMQ_DONTWAIT) < 0) {
		zmq_msg_close(&id);
		return -1;
	}
	zmq_msg_init(&data);
	ok = zmq_msg_more(&id) && zmq_msg_recv(&data, net->lsock, 0) >= 0;
	if (ok) {
		ip = zmq_msg_gets(&data, "Peer-Address");
		net_stream_data(net, zmq_msg_data(&id), zmq_msg_size(&id),
				zmq_msg_data(&data), zmq_msg_size(&data),
				zmq_msg_get(&data, ZMQ_SRCFD), ip ? ip : "");
	}
	zmq_msg_close(&data);
	zmq_msg_close(&id);
	return 0;
}

/* The monitor's events (zmq_socket_monitor: a frame of u16 event || u32
 * value, then the endpoint). */
static void drain_monitor(struct zen_net *net)
{
	for (;;) {
		zmq_msg_t ev, addr;
		uint16_t event;
		int32_t value;	/* the fd: of no use for ZMTP/2 peers */

		zmq_msg_init(&ev);
		if (zmq_msg_recv(&ev, net->mon, ZMQ_DONTWAIT) < 0) {
			zmq_msg_close(&ev);
			return;
		}
		zmq_msg_init(&addr);
		if (zmq_msg_more(&ev))
			(void)zmq_msg_recv(&addr, net->mon, 0);
		if (zmq_msg_size(&ev) >= 6) {
			memcpy(&event, zmq_msg_data(&ev), 2);
			memcpy(&value, (uint8_t *)zmq_msg_data(&ev) + 2, 4);
			if (event == ZMQ_EVENT_DISCONNECTED) {
				char ep[ZEN_PEER_ADDRESS_MAX + 16];

				snprintf(ep, sizeof(ep), "%.*s",
					 (int)zmq_msg_size(&addr),
					 (const char *)zmq_msg_data(&addr));
				net_dial_dropped(net, ep);
			}
		}
		zmq_msg_close(&addr);
		zmq_msg_close(&ev);
	}
}

static void tick(struct zen_net *net, uint64_t now)
{
	net_peers_tick(net, now);
	net_ibd_tick(net, now);
	net_addr_tick(net, now);
	if (now - net->bans_at >= NET_BANS_RELOAD_MS)
		net_reload_bans(net);
	net->connector_due = 1;
	net_snapshot_due(net);
}

static void turn(struct zen_net *net)
{
	uint64_t now;

	drain_monitor(net);
	for (int i = 0; i < NET_BATCH && !atomic_load(&net->stop); i++) {
		if (receive_dialled(net))
			break;
		net_reap(net);
	}
	for (int i = 0; net->lsock && i < NET_BATCH &&
	     !atomic_load(&net->stop); i++) {
		if (receive_accepted(net))
			break;
		net_reap(net);
	}
	net_serve_waiting(net);
	now = net_now();
	if (atomic_exchange(&net->bans_dirty, 0))
		net_reload_bans(net);
	net_watch_chain(net, now);
	if (now >= net->next_tick) {
		net->next_tick = now + NET_TICK_MS;
		tick(net, now);
	}
	if (net->connector_due) {
		net->connector_due = 0;
		net_connector_run(net, now);
	}
	net_reap(net);
	if (net->snap_due)
		publish_snapshot(net);
}

static void *net_main(void *arg)
{
	struct zen_net *net = arg;
	zmq_pollitem_t items[4] = {
		{ NULL, net->wake_fd, ZMQ_POLLIN, 0 },
		{ net->sock, 0, ZMQ_POLLIN, 0 },
		{ net->mon, 0, ZMQ_POLLIN, 0 },
		{ net->lsock, 0, ZMQ_POLLIN, 0 },
	};
	int nitems = net->lsock ? 4 : 3;

	net->next_tick = net_now() + NET_TICK_MS;
	net_connector_run(net, net_now());
	while (!atomic_load(&net->stop)) {
		uint64_t buf;

		if (zmq_poll(items, nitems, NET_POLL_MS) < 0 &&
		    zmq_errno() != EINTR)
			break;
		if (items[0].revents & ZMQ_POLLIN)
			(void)!read(net->wake_fd, &buf, sizeof(buf));
		if (atomic_load(&net->stop))
			break;
		turn(net);
	}
	return NULL;
}

int zen_net_start(struct zen_net *net, struct zen_err *err)
{
	int rc;

	if ((rc = zen_node_chain(net->node, &net->chain, err)) ||
	    (rc = zen_node_peers(net->node, &net->ps, err)) ||
	    (rc = make_socket(net, err)) || (rc = bind_socket(net, err)))
		return rc;
	/* the process nonce of 2.3: [0, 2^31 - 1) */
	net->nonce = net_random() % 0x7fffffffu;
	net_reload_bans(net);
	net->iface = (struct zen_netif){ net, if_connections, if_peers,
					 if_sync, if_bans_changed };
	publish_snapshot(net);
	if (pthread_create(&net->thread, NULL, net_main, net))
		return zen_fail(err, ZEN_EINTERNAL, "p2p: cannot start the "
				"network thread");
	net->started = 1;
	net->node->net = &net->iface;
	if (net->listening)
		zen_log_info("p2p: listening on %s (%s chain, network %u)",
			     net->endpoint, net->params->name,
			     net->params->network_id);
	else if (net->no_listen)
		zen_log_info("p2p: not listening (--no-listen)");
	return 0;
}

static void free_peers(struct zen_net *net)
{
	for (size_t i = 0; i < net->npeers; i++) {
		struct net_peer *p = net->peers[i];

		for (size_t j = 0; j < p->ninbox; j++)
			free(p->inbox[j].bytes);
		zen_buf_release(&p->z.in);
		free(p);
	}
	free(net->peers);
	net->peers = NULL;
	net->npeers = 0;
}

void zen_net_stop(struct zen_net *net)
{
	if (!net)
		return;
	if (net->node && net->node->net == &net->iface)
		net->node->net = NULL;
	if (net->started) {
		atomic_store(&net->stop, 1);
		wake(net);
		pthread_join(net->thread, NULL);
		net->started = 0;
	}
	if (net->mon)
		zmq_close(net->mon);
	if (net->sock) {
		zmq_socket_monitor(net->sock, NULL, 0);
		zmq_close(net->sock);
	}
	if (net->lsock)
		zmq_close(net->lsock);
	net->mon = net->sock = net->lsock = NULL;
	if (net->zctx)
		zmq_ctx_term(net->zctx);
	net->zctx = NULL;
}

void zen_net_free(struct zen_net *net)
{
	if (!net)
		return;
	zen_net_stop(net);
	if (net->wake_fd >= 0)
		close(net->wake_fd);
	free_peers(net);
	free(net->bans);
	free(net->dials);
	free(net->ibd.pending);
	net_hset_free(&net->mempool);
	net_hset_free(&net->tx_asked[0]);
	net_hset_free(&net->tx_asked[1]);
	free(net->snap);
	pthread_mutex_destroy(&net->snap_lock);
	free(net);
}
