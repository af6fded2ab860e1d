/*
 * zmq-echo - a minimal peer on a real libzmq ROUTER socket, for proving
 * the test peer tests/t/zpeer.py against libzmq before a zen node exists
 * (tests/t/t1090-p2p-zpeer.sh).  It is no node: it knows one block.
 *
 *   zmq-echo [--network N] [--block HEX] [--seconds S]
 *            [--connect HOST:PORT] PORTFILE
 *
 * Binds tcp://127.0.0.1:* (p2p.md 1.7: one ROUTER, no routing id of its
 * own), writes the port to PORTFILE, and answers as p2p.md 3.3-3.4 and 5.1
 * say, with the block HEX (default: none) as its whole chain:
 *   first message of a connection: Hello of network N (default 1002) ->
 *   HelloAck(N, 0); Hello of another network -> IncorrectNetwork;
 *   malformed -> UnknownMessage(0); anything else -> UnknownPeer;
 *   after it: Ping n -> Pong n; GetTip -> Tip; GetBlock(its hash) ->
 *   Block; GetHeaders -> Headers [its header]; GetAddresses -> Addresses
 *   with its own address; GetMemPool -> empty MemPool; malformed ->
 *   UnknownMessage(0), and the peer is forgotten (it must Hello again).
 * With --connect it also dials HOST:PORT under a routing id of its own
 * choosing (1.7) and sends Hello at once; on HelloAck it asks GetTip.
 * A message of more than one body frame is dropped (1.7), and a frame
 * above 7 + ZEN_MSG_MAX_CHUNK bytes ends its connection (ZMQ_MAXMSGSIZE,
 * the recipe for a node).  Each message received is logged on stderr as
 * "recv ID NAME" or "recv malformed: WHY".
 * It ends on SIGTERM or SIGINT, or after S seconds (default 120), exit 0.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <zmq.h>

#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "core/types/block.h"
#include "net/msg.h"

#define MAX_PEERS 64
#define MAX_ID 256

struct peer {
	uint8_t id[MAX_ID];
	size_t len;
};

struct echo {
	void *sock;
	uint32_t network;
	struct zen_buf block;	/* empty: no chain */
	uint8_t hash[ZEN_HASH_LEN];
	char self[64];		/* "127.0.0.1:PORT" */
	uint8_t dialled[5];	/* the routing id of --connect */
	struct peer peers[MAX_PEERS];
	size_t npeers;
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static struct peer *find_peer(struct echo *e, const uint8_t *id, size_t len)
{
	size_t i;

	for (i = 0; i < e->npeers; i++)
		if (e->peers[i].len == len && !memcmp(e->peers[i].id, id, len))
			return &e->peers[i];
	return NULL;
}

static void add_peer(struct echo *e, const uint8_t *id, size_t len)
{
	if (find_peer(e, id, len) || len > MAX_ID)
		return;
	if (e->npeers == MAX_PEERS)	/* full: forget the oldest */
		memmove(e->peers, e->peers + 1, --e->npeers * sizeof(*e->peers));
	memcpy(e->peers[e->npeers].id, id, len);
	e->peers[e->npeers++].len = len;
}

static void forget_peer(struct echo *e, struct peer *p)
{
	size_t i = (size_t)(p - e->peers);

	memmove(p, p + 1, (e->npeers - i - 1) * sizeof(*p));
	e->npeers--;
}

static void send_msg(struct echo *e, const uint8_t *id, size_t len,
		     const struct zen_msg *m)
{
	struct zen_buf out = ZEN_BUF_INIT;

	zen_msg_encode(&out, m);
	/* DONTWAIT: a full or vanished peer loses the reply, as in 1.5 */
	if (zmq_send(e->sock, id, len, ZMQ_SNDMORE | ZMQ_DONTWAIT) >= 0)
		zmq_send(e->sock, out.data, out.len, ZMQ_DONTWAIT);
	zen_buf_release(&out);
}

static void reply_id(struct echo *e, const uint8_t *id, size_t len,
		     enum zen_msg_id what)
{
	struct zen_msg m;

	memset(&m, 0, sizeof(m));
	m.id = what;
	m.network = e->network;
	send_msg(e, id, len, &m);
}

/* The first message of an unknown connection (3.3), or the HelloAck of
 * the one it dialled (3.2). */
static void on_stranger(struct echo *e, const uint8_t *id, size_t len,
			const struct zen_msg *m, int ok)
{
	if (ok && m->id == ZEN_MSG_HELLO_ACK && len == sizeof(e->dialled) &&
	    !memcmp(id, e->dialled, len) && m->network == e->network) {
		add_peer(e, id, len);
		reply_id(e, id, len, ZEN_MSG_GET_TIP);
	} else if (!ok)
		reply_id(e, id, len, ZEN_MSG_UNKNOWN_MESSAGE);
	else if (m->id != ZEN_MSG_HELLO)
		reply_id(e, id, len, ZEN_MSG_UNKNOWN_PEER);
	else if (m->network != e->network)
		reply_id(e, id, len, ZEN_MSG_INCORRECT_NETWORK);
	else {
		add_peer(e, id, len);
		reply_id(e, id, len, ZEN_MSG_HELLO_ACK);
	}
}

/* A request of a handshaken peer (3.4, 5.1). */
static void on_request(struct echo *e, const uint8_t *id, size_t len,
		       const struct zen_msg *m)
{
	struct zen_msg r;
	struct zen_buf chunk = ZEN_BUF_INIT;
	int have = e->block.len >= ZEN_HEADER_LEN;

	memset(&r, 0, sizeof(r));
	r.header = e->block.data;
	if (m->id == ZEN_MSG_PING) {
		r.id = ZEN_MSG_PONG;
		r.nonce = m->nonce;
	} else if (m->id == ZEN_MSG_GET_TIP && have) {
		r.id = ZEN_MSG_TIP;
	} else if (m->id == ZEN_MSG_GET_BLOCK && have &&
		   !memcmp(m->hash, e->hash, ZEN_HASH_LEN)) {
		r.id = ZEN_MSG_BLOCK;
		r.chunk.p = e->block.data;
		r.chunk.len = e->block.len;
	} else if (m->id == ZEN_MSG_GET_HEADERS && have) {
		r.id = ZEN_MSG_HEADERS;
		r.chunk.p = e->block.data;
		r.chunk.len = ZEN_HEADER_LEN;
	} else if (m->id == ZEN_MSG_GET_ADDRESSES) {
		r.id = ZEN_MSG_ADDRESSES;
		r.count = 1;
		zen_msg_address_write(&chunk, e->self, (uint64_t)time(NULL) * 1000);
		r.chunk.p = chunk.data;
		r.chunk.len = chunk.len;
	} else if (m->id == ZEN_MSG_GET_MEMPOOL) {
		r.id = ZEN_MSG_MEMPOOL;
	}
	if (r.id)
		send_msg(e, id, len, &r);
	zen_buf_release(&chunk);
}

static void on_message(struct echo *e, const uint8_t *id, size_t len,
		       const uint8_t *body, size_t n)
{
	struct zen_msg m;
	struct zen_err err = ZEN_ERR_INIT;
	int ok = !zen_msg_decode(&m, body, n, &err);
	struct peer *p = find_peer(e, id, len);

	if (ok)
		fprintf(stderr, "recv %u %s\n", m.id, zen_msg_name(m.id));
	else
		fprintf(stderr, "recv malformed: %s\n", err.msg);
	if (!p)
		on_stranger(e, id, len, &m, ok);
	else if (!ok) {
		reply_id(e, id, len, ZEN_MSG_UNKNOWN_MESSAGE);
		forget_peer(e, p);
	} else if (m.id == ZEN_MSG_UNKNOWN_PEER)
		forget_peer(e, p);
	else
		on_request(e, id, len, &m);
}

/* One whole message: [routing id][body]; one of more frames is drained
 * and dropped, as the reference's PEER socket does (1.3). */
static void receive(struct echo *e)
{
	zmq_msg_t id, body;
	int more;

	zmq_msg_init(&id);
	zmq_msg_init(&body);
	if (zmq_msg_recv(&id, e->sock, ZMQ_DONTWAIT) < 0 ||
	    !zmq_msg_more(&id) || zmq_msg_recv(&body, e->sock, 0) < 0)
		goto out;
	more = zmq_msg_more(&body);
	if (!more)
		on_message(e, zmq_msg_data(&id), zmq_msg_size(&id),
			   zmq_msg_data(&body), zmq_msg_size(&body));
	else
		fprintf(stderr, "recv dropped: more than one body frame\n");
	while (more && zmq_msg_recv(&body, e->sock, 0) >= 0)
		more = zmq_msg_more(&body);
out:
	zmq_msg_close(&id);
	zmq_msg_close(&body);
}

static int write_port(const char *path, const char *port)
{
	char tmp[4096];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f || fprintf(f, "%s\n", port) < 0 || fclose(f))
		return -1;
	return rename(tmp, path);
}

static int usage(void)
{
	fprintf(stderr, "usage: zmq-echo [--network N] [--block HEX] "
		"[--seconds S] [--connect HOST:PORT] PORTFILE\n");
	return 2;
}

static int bind_socket(struct echo *e, void *ctx, const char *portfile)
{
	char ep[256];
	size_t len = sizeof(ep);
	const char *port;
	int zero = 0;
	int64_t max = 7 + (int64_t)ZEN_MSG_MAX_CHUNK;

	e->sock = zmq_socket(ctx, ZMQ_ROUTER);
	zmq_setsockopt(e->sock, ZMQ_LINGER, &zero, sizeof(zero));
	zmq_setsockopt(e->sock, ZMQ_MAXMSGSIZE, &max, sizeof(max));
	if (zmq_bind(e->sock, "tcp://127.0.0.1:*") ||
	    zmq_getsockopt(e->sock, ZMQ_LAST_ENDPOINT, ep, &len)) {
		fprintf(stderr, "zmq-echo: bind: %s\n", zmq_strerror(errno));
		return -1;
	}
	port = strrchr(ep, ':') + 1;
	snprintf(e->self, sizeof(e->self), "127.0.0.1:%s", port);
	if (write_port(portfile, port)) {
		fprintf(stderr, "zmq-echo: cannot write %s\n", portfile);
		return -1;
	}
	return 0;
}

/* Dial HOST:PORT under a fresh routing id whose first byte is not 0
 * (1.7) and queue Hello at once. */
static int dial(struct echo *e, const char *where)
{
	char ep[300];
	struct zen_msg m;

	memcpy(e->dialled, "\x01zen0", sizeof(e->dialled));
	snprintf(ep, sizeof(ep), "tcp://%s", where);
	if (zmq_setsockopt(e->sock, ZMQ_CONNECT_ROUTING_ID, e->dialled,
			   sizeof(e->dialled)) || zmq_connect(e->sock, ep)) {
		fprintf(stderr, "zmq-echo: connect %s: %s\n", ep,
			zmq_strerror(errno));
		return -1;
	}
	memset(&m, 0, sizeof(m));
	m.id = ZEN_MSG_HELLO;
	m.network = e->network;
	m.nonce = 0x12345678;
	send_msg(e, e->dialled, sizeof(e->dialled), &m);
	return 0;
}

static void serve(struct echo *e, long seconds)
{
	time_t end = time(NULL) + seconds;

	while (!stop && time(NULL) < end) {
		zmq_pollitem_t item = { e->sock, 0, ZMQ_POLLIN, 0 };

		if (zmq_poll(&item, 1, 100) > 0)
			receive(e);
	}
}

int main(int argc, char **argv)
{
	static struct echo e;
	long seconds = 120;
	const char *connect_to = NULL;
	void *ctx;
	int i, rc = 0;

	e.network = 1002;
	for (i = 1; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
		if (!strcmp(argv[i], "--network"))
			e.network = (uint32_t)strtoul(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "--connect"))
			connect_to = argv[i + 1];
		else if (!strcmp(argv[i], "--seconds"))
			seconds = strtol(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "--block") &&
			 !zen_hex_decode(&e.block, argv[i + 1],
					 strlen(argv[i + 1]), NULL) &&
			 e.block.len >= ZEN_HEADER_LEN)
			zen_sha3(e.hash, e.block.data, ZEN_HEADER_LEN);
		else
			return usage();
	}
	if (i + 1 != argc)
		return usage();
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	ctx = zmq_ctx_new();
	if (bind_socket(&e, ctx, argv[i]) ||
	    (connect_to && dial(&e, connect_to)))
		rc = 1;
	else
		serve(&e, seconds);
	zmq_close(e.sock);
	zmq_ctx_term(ctx);
	zen_buf_release(&e.block);
	return rc;
}
