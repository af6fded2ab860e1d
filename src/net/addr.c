/*
 * addr.c - addresses (p2p.md 8): their validity (8.1), the address book
 * in the peer store (8.2), the connector and its retries (8.3), learning
 * and relaying addresses (8.4), the node's own address (8.5) and the
 * seeds (8.6).
 *
 * Differences from the reference, on purpose: --connect dials only the
 * peers it names; --addnode peers and --connect peers are retried for
 * ever (backing off to NET_MANUAL_RETRY_MAX_MS); other failed addresses
 * are retried after a back-off rather than only on events; the own
 * address is never discovered from a web service, only given
 * (--external-address); time is the real clock, not the start-up time.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/net-int.h"

static const char *const seeds_main[] = {
	"seed1.zp.io", "seed2.zp.io", "seed3.zp.io", "seed4.zp.io",
	"seed5.zp.io", "seed6.zp.io", "seed7.zp.io",
	"34.213.103.167:9655", "35.163.150.86:9655", "52.10.102.149:9655",
	"52.42.204.73:9655", "18.217.138.100:9655", "18.216.202.176:9655",
	"18.188.175.222:9655", NULL,
};

static const char *const seeds_test[] = {
	"seed1-testnet.zp.io", "seed2-testnet.zp.io",
	"18.217.45.241:29555", "18.224.187.36:29555", NULL,
};

/* ---- text ------------------------------------------------------------------- */

int net_addr_valid(const char *text)
{
	const char *colon = strrchr(text, ':');
	char host[ZEN_PEER_ADDRESS_MAX + 1];
	unsigned char buf[sizeof(struct in6_addr)];
	size_t hlen = colon ? (size_t)(colon - text) : 0;
	char *end;
	unsigned long port;

	if (!colon || !hlen || strlen(text) > ZEN_PEER_ADDRESS_MAX ||
	    !colon[1] || strlen(colon + 1) > 5)
		return 0;
	port = strtoul(colon + 1, &end, 10);
	if (*end || port < 1 || port > 65535 || colon[1] < '0' || colon[1] > '9')
		return 0;
	memcpy(host, text, hlen);
	host[hlen] = 0;
	return inet_pton(AF_INET, host, buf) == 1 ||
	       inet_pton(AF_INET6, host, buf) == 1;
}

int net_endpoint(char *out, size_t size, const char *address)
{
	const char *colon = strrchr(address, ':');
	size_t hlen = colon ? (size_t)(colon - address) : 0;
	unsigned char buf[sizeof(struct in6_addr)];
	char host[ZEN_PEER_ADDRESS_MAX + 1];
	unsigned long port;
	char *end;

	if (!hlen || hlen > ZEN_PEER_ADDRESS_MAX || !colon[1])
		return -1;
	port = strtoul(colon + 1, &end, 10);
	if (*end || port < 1 || port > 65535)
		return -1;
	memcpy(host, address, hlen);
	host[hlen] = 0;
	/* a bare IPv6 literal (8.1 writes them so) gets its brackets */
	if (host[0] != '[' && inet_pton(AF_INET6, host, buf) == 1)
		snprintf(out, size, "tcp://[%s]:%lu", host, port);
	else
		snprintf(out, size, "tcp://%s:%lu", host, port);
	return strspn(host, "[]:.-_abcdefghijklmnopqrstuvwxyz"
		      "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == hlen ? 0 : -1;
}

/* ---- the connector's table ------------------------------------------------- */

static struct net_dial *dial_find(struct zen_net *net, const char *address)
{
	for (size_t i = 0; i < net->ndials; i++)
		if (!strcmp(net->dials[i].address, address))
			return &net->dials[i];
	return NULL;
}

static struct net_dial *dial_by_peer(struct zen_net *net, uint32_t id)
{
	for (size_t i = 0; i < net->ndials; i++)
		if (net->dials[i].peer_id == id &&
		    (net->dials[i].state == NET_DIAL_CONNECTING ||
		     net->dials[i].state == NET_DIAL_CONNECTED))
			return &net->dials[i];
	return NULL;
}

static struct net_dial *dial_add(struct zen_net *net, const char *address,
				 int manual, int seed)
{
	struct net_dial *d = dial_find(net, address);

	if (d) {
		d->manual |= manual;
		d->seed |= seed;
		return d;
	}
	ZEN_GROW(net->dials, net->ndials + 1, net->dials_cap);
	d = &net->dials[net->ndials++];
	memset(d, 0, sizeof(*d));
	snprintf(d->address, sizeof(d->address), "%s", address);
	d->manual = manual;
	d->seed = seed;
	return d;
}

static int add_list(struct zen_net *net, const json_t *list, const char *opt,
		    struct zen_err *err)
{
	int rc = net_check_peers(opt, list, err);
	size_t i;
	json_t *v;

	json_array_foreach(list, i, v)
		if (!rc)
			dial_add(net, json_string_value(v), 1, 0);
	return rc;
}

static void add_seeds(struct zen_net *net)
{
	const char *const *list = net->params->chain == ZEN_CHAIN_MAIN
				  ? seeds_main
				  : net->params->chain == ZEN_CHAIN_TEST
				  ? seeds_test : NULL;
	char a[ZEN_PEER_ADDRESS_MAX + 1];

	for (; list && *list; list++) {
		/* a name gets the node's own port (8.6); libzmq resolves it */
		if (strchr(*list, ':'))
			snprintf(a, sizeof(a), "%s", *list);
		else
			snprintf(a, sizeof(a), "%s:%u", *list, net->listen_port
				 ? net->listen_port : net->params->p2p_port);
		dial_add(net, a, 0, 1);
	}
}

int net_connector_init(struct zen_net *net, const json_t *connect,
		       const json_t *addnode, struct zen_err *err)
{
	int rc;

	if (connect && !json_is_array(connect))
		return zen_fail(err, ZEN_EINVAL, "invalid connect");
	if (addnode && !json_is_array(addnode))
		return zen_fail(err, ZEN_EINVAL, "invalid addnode");
	if ((rc = add_list(net, connect, "connect", err)))
		return rc;
	net->connect_only = net->ndials > 0;
	if (net->connect_only && json_array_size(addnode))
		return zen_fail(err, ZEN_EINVAL, "--connect and --addnode "
				"exclude each other (--connect dials only "
				"the peers it names)");
	if ((rc = add_list(net, addnode, "addnode", err)))
		return rc;
	if (!net->no_seeds && !net->connect_only)
		add_seeds(net);
	return 0;
}

/* ---- the connector (8.3) ---------------------------------------------------- */

static uint64_t backoff(const struct net_dial *d)
{
	uint64_t max = d->manual ? NET_MANUAL_RETRY_MAX_MS : NET_DIAL_RETRY_MAX_MS;
	uint64_t ms = (d->manual ? 500ULL : 1000ULL) << (d->attempts < 8 ? d->attempts : 8);

	return ms < max ? ms : max;
}

/* Would dialling address reach this node itself? */
static int is_self(struct zen_net *net, const char *address)
{
	char ip[ZEN_PEER_ADDRESS_MAX + 1];
	const char *colon = strrchr(address, ':');

	if (net->external[0] && !strcmp(address, net->external))
		return 1;
	if (!net->listening || !colon || (unsigned)atoi(colon + 1) != net->port ||
	    zen_peer_ip_canonical(ip, address, NULL))
		return 0;
	return !strncmp(ip, "127.", 4) || !strcmp(ip, "::1") ||
	       !strcmp(ip, "0.0.0.0") || !strcmp(ip, net->listen_host);
}

static int dial_ready(struct zen_net *net, const struct net_dial *d,
		      uint64_t now)
{
	char ip[ZEN_PEER_ADDRESS_MAX + 1];

	if (d->state == NET_DIAL_CONNECTING || d->state == NET_DIAL_CONNECTED ||
	    d->state == NET_DIAL_SUSPENDED || d->next_try > now)
		return 0;
	if (!d->manual && !zen_peer_ip_canonical(ip, d->address, NULL) &&
	    net_banned(net, ip))
		return 0;
	return !is_self(net, d->address);
}

static void dial(struct zen_net *net, struct net_dial *d, uint64_t now)
{
	struct net_peer *p = net_dial(net, d->address, d->manual);

	if (!p) {
		d->state = NET_DIAL_FAILED;
		d->attempts++;
		d->next_try = now + backoff(d);
		return;
	}
	d->state = NET_DIAL_CONNECTING;
	d->peer_id = p->id;
}

static unsigned outbound_auto(struct zen_net *net)
{
	unsigned n = 0;

	for (size_t i = 0; i < net->ndials; i++)
		if (!net->dials[i].manual &&
		    (net->dials[i].state == NET_DIAL_CONNECTING ||
		     net->dials[i].state == NET_DIAL_CONNECTED))
			n++;
	return n;
}

static void shuffle(struct zen_peer_addr *a, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = net_random() % i;
		struct zen_peer_addr t = a[i - 1];

		a[i - 1] = a[j];
		a[j] = t;
	}
}

/* Fill the outbound slots from the book (3 days) and the seeds. */
static void fill(struct zen_net *net, uint64_t now)
{
	struct zen_peer_addr *book = NULL;
	uint64_t wall = net_wall();
	size_t n = 0;

	if (outbound_auto(net) >= NET_OUTBOUND)
		return;
	if (zen_peerstore_addrs(net->ps, wall > NET_DIAL_WINDOW_MS
				? wall - NET_DIAL_WINDOW_MS : 0, 10000, &book,
				&n, NULL))
		n = 0;
	shuffle(book, n);
	for (size_t i = 0; i < n && outbound_auto(net) < NET_OUTBOUND; i++) {
		struct net_dial *d = dial_find(net, book[i].address);

		if (!d)
			d = dial_add(net, book[i].address, 0, 0);
		if (!d->manual && dial_ready(net, d, now))
			dial(net, d, now);
	}
	free(book);
	for (size_t i = 0; i < net->ndials && outbound_auto(net) < NET_OUTBOUND;
	     i++)
		if (net->dials[i].seed && !net->dials[i].manual &&
		    dial_ready(net, &net->dials[i], now))
			dial(net, &net->dials[i], now);
}

void net_connector_run(struct zen_net *net, uint64_t now)
{
	for (size_t i = 0; i < net->ndials; i++)
		if (net->dials[i].manual && dial_ready(net, &net->dials[i], now))
			dial(net, &net->dials[i], now);
	if (!net->connect_only)
		fill(net, now);
}

void net_connector_connected(struct zen_net *net, struct net_peer *p)
{
	struct net_dial *d = dial_by_peer(net, p->id);

	if (d) {
		d->state = NET_DIAL_CONNECTED;
		d->attempts = 0;
	}
	net_addr_seen(net, p);
}

void net_connector_closed(struct zen_net *net, struct net_peer *p,
			  int was_active)
{
	struct net_dial *d = dial_by_peer(net, p->id);
	uint64_t now = net_now();

	if (!d)
		return;
	d->peer_id = 0;
	net->connector_due = 1;
	if (was_active || d->state == NET_DIAL_CONNECTED) {
		/* it was up: try it again soon (not in a tight loop) */
		d->state = NET_DIAL_IDLE;
		d->next_try = now + 1000;
		return;
	}
	d->attempts++;
	d->state = NET_DIAL_FAILED;
	d->next_try = now + backoff(d);
	if (!d->manual && !d->seed && d->attempts >= NET_SUSPEND_AFTER)
		d->state = NET_DIAL_SUSPENDED;
}

/* ---- addresses on the wire (8.4, 5.1) --------------------------------------- */

static void send_entries(struct zen_net *net, struct net_peer *p,
			 const struct zen_peer_addr *a, size_t n)
{
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_msg m = { .id = ZEN_MSG_ADDRESSES, .count = (uint32_t)n };

	for (size_t i = 0; i < n; i++)
		zen_msg_address_write(&b, a[i].address, a[i].timestamp_ms);
	m.chunk.p = b.data;
	m.chunk.len = b.len;
	net_send(net, p, &m);
	zen_buf_release(&b);
}

void net_send_addresses(struct zen_net *net, struct net_peer *p)
{
	struct zen_peer_addr *book = NULL;
	uint64_t wall = net_wall();
	size_t n = 0;

	if (zen_peerstore_addrs(net->ps, wall > NET_GETADDR_WINDOW_MS
				? wall - NET_GETADDR_WINDOW_MS : 0, 100000,
				&book, &n, NULL))
		n = 0;
	shuffle(book, n);
	/* always a reply, possibly empty (5.1) */
	send_entries(net, p, book, n < NET_GETADDR_MAX ? n : NET_GETADDR_MAX);
	free(book);
}

void net_advertise(struct zen_net *net, struct net_peer *p)
{
	struct zen_peer_addr own = { .timestamp_ms = net_wall() };

	if (!net->external[0] || !net->listening)
		return;		/* 12: only a listening node with an address */
	snprintf(own.address, sizeof(own.address), "%s", net->external);
	send_entries(net, p, &own, 1);
}

void net_addr_tick(struct zen_net *net, uint64_t now)
{
	if (!net->advertised_at)
		net->advertised_at = now;
	if (now - net->advertised_at < NET_ADVERTISE_MS)
		return;
	net->advertised_at = now;
	for (size_t i = 0; i < net->npeers; i++)
		if (!net->peers[i]->dead && net->peers[i]->state == NET_ACTIVE)
			net_advertise(net, net->peers[i]);
}

void net_addr_seen(struct zen_net *net, struct net_peer *p)
{
	struct zen_peer_addr a = { .timestamp_ms = net_wall() };
	uint64_t now = net_now();

	if (p->inbound || !net_addr_valid(p->address) ||
	    (p->seen_at && now - p->seen_at < NET_SEEN_MS))
		return;
	p->seen_at = now;
	snprintf(a.address, sizeof(a.address), "%.*s", ZEN_PEER_ADDRESS_MAX,
		 p->address);
	(void)!zen_peerstore_put_addrs(net->ps, &a, 1, a.timestamp_ms, NULL,
				       NULL);
}

/* Relay the new ones (at most 10) to two peers other than the sender. */
static void relay(struct zen_net *net, struct net_peer *from,
		  struct zen_peer_addr *fresh, size_t n)
{
	struct net_peer *to[NET_ADDR_RELAY_PEERS];
	size_t k = 0, seen = 0;

	if (!n)
		return;
	shuffle(fresh, n);
	/* reservoir sampling over the Active peers */
	for (size_t i = 0; i < net->npeers; i++) {
		struct net_peer *p = net->peers[i];

		if (p == from || p->dead || p->state != NET_ACTIVE)
			continue;
		if (k < NET_ADDR_RELAY_PEERS)
			to[k++] = p;
		else if (net_random() % (seen + 1) < NET_ADDR_RELAY_PEERS)
			to[net_random() % NET_ADDR_RELAY_PEERS] = p;
		seen++;
	}
	for (size_t i = 0; i < k; i++)
		send_entries(net, to[i], fresh, n < NET_ADDR_RELAY ? n : NET_ADDR_RELAY);
}

void net_on_addresses(struct zen_net *net, struct net_peer *p,
		      const struct zen_msg *m)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_msg_address *list;
	struct zen_peer_addr *keep, *fresh;
	size_t n, nkeep = 0, nfresh = 0;

	if (zen_msg_addresses(m, &list, &n, &err)) {
		net_misbehave(net, p, NULL, NET_SCORE_BAD_LIST, err.msg);
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (!net_addr_valid(list[i].text)) {	/* all or nothing */
			net_misbehave(net, p, NULL, NET_SCORE_BAD_LIST,
				      "invalid address in Addresses");
			free(list);
			return;
		}
	keep = zen_xcalloc(n + 1, sizeof(*keep));
	fresh = zen_xcalloc(n + 1, sizeof(*fresh));
	for (size_t i = 0; i < n; i++) {
		if (is_self(net, list[i].text))
			continue;	/* our own (8.4 step 2) */
		snprintf(keep[nkeep].address, sizeof(keep[nkeep].address), "%.*s",
			 ZEN_PEER_ADDRESS_MAX, list[i].text);
		keep[nkeep].timestamp_ms = list[i].timestamp_ms;
		if (!zen_peerstore_has_addr(net->ps, list[i].text))
			fresh[nfresh++] = keep[nkeep];
		nkeep++;
	}
	relay(net, p, fresh, nfresh);
	(void)!zen_peerstore_put_addrs(net->ps, keep, nkeep, net_wall(), NULL,
				       NULL);
	net->connector_due = 1;
	free(keep);
	free(fresh);
	free(list);
}
