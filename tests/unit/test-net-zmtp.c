/*
 * The ZMTP/2.0 byte stream of a handshake (p2p.md 9.2), three ways:
 *
 *  1. built here from the rules of p2p.md 1.3 (signature, revision and
 *     socket type, identity frame, short and long frames) and compared
 *     with the vector handshake-main of p2p.json, and a long frame with
 *     frame-long-304;
 *  2. a real libzmq ROUTER listening on 127.0.0.1, dialled by a raw TCP
 *     socket that sends the reference's bytes step by step: what the
 *     ROUTER puts on the wire must be the vector's listener bytes;
 *  3. a real libzmq ROUTER dialling (ZMQ_CONNECT_ROUTING_ID, p2p.md 1.7) a
 *     raw TCP listener that answers as the reference does: its greeting
 *     is p2p.md 1.7's "FF 00..01 7F, then 03 06, an empty identity frame",
 *     its Hello arrives as one short frame, and the HelloAck comes back to
 *     the application under the routing id it chose.
 *
 * These pin what libzmq must put on the wire for zen to talk to the
 * reference.  Everything stays on 127.0.0.1 and every wait is bounded.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <zmq.h>

#include "core/encoding/hex.h"
#include "net/msg.h"
#include "tap.h"

#define VEC "p2p.json"
#define WAIT_MS 5000

/* ---- 1.3, written out ---- */

/* Signature: FF, u64 BE (identity length + 1), 7F. */
static void zmtp_signature(struct zen_buf *out, size_t identity_len)
{
	uint64_t v = identity_len + 1;
	int i;

	zen_buf_addch(out, 0xff);
	for (i = 7; i >= 0; i--)
		zen_buf_addch(out, (uint8_t)(v >> (8 * i)));
	zen_buf_addch(out, 0x7f);
}

/* A frame: flags (02 = LONG size), a 1- or 8-byte size, the body. */
static void zmtp_frame(struct zen_buf *out, const uint8_t *body, size_t n)
{
	int i;

	if (n <= 255) {
		zen_buf_addch(out, 0x00);
		zen_buf_addch(out, (uint8_t)n);
	} else {
		zen_buf_addch(out, 0x02);
		for (i = 7; i >= 0; i--)
			zen_buf_addch(out, (uint8_t)((uint64_t)n >> (8 * i)));
	}
	zen_buf_add(out, body, n);
}

static void hello_main(struct zen_buf *out, int ack)
{
	struct zen_msg m;

	memset(&m, 0, sizeof(m));
	m.id = ack ? ZEN_MSG_HELLO_ACK : ZEN_MSG_HELLO;
	m.network = 1000;
	m.nonce = 0x12345678;
	zen_msg_encode(out, &m);
}

/* The vector's bytes of one side, concatenated in order. */
static struct zen_buf side_bytes(const char *who)
{
	json_t *steps = tap_jget(tap_jget(tap_vector(VEC, "handshake-main"),
					  "expected"), "steps"), *s;
	struct zen_buf b = ZEN_BUF_INIT;
	size_t i;

	json_array_foreach(steps, i, s)
		if (!strcmp(tap_jstr(s, "from"), who)) {
			const char *hex = tap_jstr(s, "hex");

			if (zen_hex_decode(&b, hex, strlen(hex), NULL))
				abort();
		}
	return b;
}

/* tap_hex against bytes rather than text. */
static int same_bytes(const struct zen_buf *got, const struct zen_buf *want,
		      const char *what)
{
	struct zen_buf hex = ZEN_BUF_INIT;
	int ok;

	zen_hex_encode(&hex, want->data, want->len);
	ok = tap_hex(got->data, got->len, zen_buf_str(&hex), "%s", what);
	zen_buf_release(&hex);
	return ok;
}

static void test_built_from_spec(void)
{
	struct zen_buf d = ZEN_BUF_INIT, l = ZEN_BUF_INIT, body = ZEN_BUF_INIT;
	struct zen_buf want_d = side_bytes("dialer"), want_l = side_bytes("listener");
	struct zen_buf big = ZEN_BUF_INIT;
	uint8_t b304[304] = { 0 };
	const char *prefix;

	/* the reference dialer: empty identity, revision 1, type 19 (PEER) */
	zmtp_signature(&d, 0);
	zen_buf_add(&d, "\x01\x13", 2);
	zmtp_frame(&d, NULL, 0);
	hello_main(&body, 0);
	zmtp_frame(&d, body.data, body.len);
	same_bytes(&d, &want_d, "the dialer's stream, built from 1.3, is 9.2's");
	zen_buf_reset(&body);
	/* libzmq's ROUTER seeing revision 1: major 3, then its type 6 (1.7) */
	zmtp_signature(&l, 0);
	zen_buf_add(&l, "\x03\x06", 2);
	zmtp_frame(&l, NULL, 0);
	hello_main(&body, 1);
	zmtp_frame(&l, body.data, body.len);
	same_bytes(&l, &want_l, "the listener's stream, built from 1.3 and 1.7, is 9.2's");
	zen_buf_release(&body);
	zmtp_frame(&big, b304, sizeof(b304));
	prefix = tap_jstr(tap_jget(tap_vector(VEC, "frame-long-304"), "expected"),
			  "prefixHex");
	tap_hex(big.data, 9, prefix, "a 304-byte frame: flags 02, 8-byte size");
	tap_u64(big.len, 9 + 304, "a 304-byte frame: 9 + 304 bytes");
	zmtp_frame(&big, b304, 255);
	tap_hex(big.data + 9 + 304, 2, "00ff", "a 255-byte frame: flags 00, 1-byte size");
	zen_buf_release(&big);
	zen_buf_release(&d);
	zen_buf_release(&l);
	zen_buf_release(&want_d);
	zen_buf_release(&want_l);
}

/* ---- raw TCP, bounded ---- */

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Read exactly n bytes within WAIT_MS; returns the count read. */
static size_t read_exact(int fd, uint8_t *p, size_t n)
{
	long long end = now_ms() + WAIT_MS;
	size_t got = 0;

	while (got < n) {
		struct pollfd pfd = { fd, POLLIN, 0 };
		long long left = end - now_ms();
		ssize_t r;

		if (left <= 0 || poll(&pfd, 1, (int)left) <= 0)
			break;
		r = read(fd, p + got, n - got);
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	return got;
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static int tcp_socket(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0) {
		tap_diag("socket: %s", strerror(errno));
		abort();
	}
	return fd;
}

static struct sockaddr_in loopback(unsigned port)
{
	struct sockaddr_in a;

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

/* One step of the vector: "dialer" or "listener", and its bytes. */
struct step {
	const char *from, *meaning;
	struct zen_buf bytes;
};

static size_t load_steps(struct step *s, size_t max)
{
	json_t *steps = tap_jget(tap_jget(tap_vector(VEC, "handshake-main"),
					  "expected"), "steps"), *j;
	size_t i;

	json_array_foreach(steps, i, j) {
		const char *hex = tap_jstr(j, "hex");

		if (i >= max)
			abort();
		s[i].from = tap_jstr(j, "from");
		s[i].meaning = tap_jstr(j, "meaning");
		s[i].bytes = (struct zen_buf)ZEN_BUF_INIT;
		if (zen_hex_decode(&s[i].bytes, hex, strlen(hex), NULL))
			abort();
	}
	return json_array_size(steps);
}

/* Follow the steps as side me: send my bytes, read and compare the other
 * side's.  Returns the number of steps that matched. */
static size_t play(int fd, struct step *s, size_t n, const char *me)
{
	char what[160];
	size_t i;

	for (i = 0; i < n; i++) {
		struct zen_buf got = ZEN_BUF_INIT;

		if (!strcmp(s[i].from, me)) {
			if (write_all(fd, s[i].bytes.data, s[i].bytes.len))
				break;
			continue;
		}
		zen_buf_grow(&got, s[i].bytes.len);
		got.len = read_exact(fd, got.data, s[i].bytes.len);
		snprintf(what, sizeof(what), "step %zu, the libzmq side's %s",
			 i + 1, s[i].meaning);
		if (!same_bytes(&got, &s[i].bytes, what)) {
			zen_buf_release(&got);
			break;
		}
		zen_buf_release(&got);
	}
	return i;
}

/* ---- 2: libzmq ROUTER listening ---- */

struct router_app {
	void *sock;
	int got_hello, id_len;
};

/* The ROUTER's application: one [routing id][Hello], answered with
 * HelloAck(1000, 0), as a zen node would. */
static void *router_app(void *arg)
{
	struct router_app *a = arg;
	uint8_t id[256], body[64];
	struct zen_buf want = ZEN_BUF_INIT, ack = ZEN_BUF_INIT;
	int n, more = 0;
	size_t ml = sizeof(more);

	a->id_len = zmq_recv(a->sock, id, sizeof(id), 0);
	if (a->id_len <= 0)
		return NULL;
	zmq_getsockopt(a->sock, ZMQ_RCVMORE, &more, &ml);
	n = more ? zmq_recv(a->sock, body, sizeof(body), 0) : -1;
	hello_main(&want, 0);
	a->got_hello = n == (int)want.len && !memcmp(body, want.data, want.len);
	hello_main(&ack, 1);
	if (a->got_hello) {
		zmq_send(a->sock, id, (size_t)a->id_len, ZMQ_SNDMORE);
		zmq_send(a->sock, ack.data, ack.len, 0);
	}
	zen_buf_release(&want);
	zen_buf_release(&ack);
	return NULL;
}

static unsigned bound_port(void *sock)
{
	char ep[256];
	size_t len = sizeof(ep);
	const char *colon;

	if (zmq_getsockopt(sock, ZMQ_LAST_ENDPOINT, ep, &len))
		abort();
	colon = strrchr(ep, ':');
	return colon ? (unsigned)atoi(colon + 1) : 0;
}

static void test_router_listening(void *ctx)
{
	struct step s[16];
	size_t n = load_steps(s, 16), i, done;
	struct router_app app = { zmq_socket(ctx, ZMQ_ROUTER), 0, 0 };
	int zero = 0, wait = WAIT_MS, fd;
	struct sockaddr_in a;
	pthread_t t;

	zmq_setsockopt(app.sock, ZMQ_LINGER, &zero, sizeof(zero));
	zmq_setsockopt(app.sock, ZMQ_RCVTIMEO, &wait, sizeof(wait));
	if (zmq_bind(app.sock, "tcp://127.0.0.1:*")) {
		tap_ok(0, "bind a ROUTER on 127.0.0.1: %s", zmq_strerror(errno));
		return;
	}
	a = loopback(bound_port(app.sock));
	fd = tcp_socket();
	if (connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		tap_ok(0, "connect to the ROUTER: %s", strerror(errno));
		close(fd);
		zmq_close(app.sock);
		return;
	}
	pthread_create(&t, NULL, router_app, &app);
	done = play(fd, s, n, "dialer");
	pthread_join(t, NULL);
	tap_u64(done, n, "a libzmq ROUTER listening puts 9.2's bytes on the wire");
	tap_ok(app.got_hello, "its application got [routing id][Hello] as one body frame");
	/* an auto-generated routing id: 00 + u32 (1.7) */
	tap_u64((uint64_t)app.id_len, 5, "the auto routing id has 5 bytes");
	close(fd);
	zmq_close(app.sock);
	for (i = 0; i < n; i++)
		zen_buf_release(&s[i].bytes);
}

/* ---- 3: libzmq ROUTER dialling ---- */

/* What a reference listener sends: its signature once it has the peer's,
 * revision 1 and type 19 after, an empty identity, then HelloAck. */
static void test_router_dialling(void *ctx)
{
	static const uint8_t rid[] = { 0x01, 'z', 'e', 'n', '1' };
	void *sock = zmq_socket(ctx, ZMQ_ROUTER);
	int lfd = tcp_socket(), fd = -1, one = 1, zero = 0, wait = WAIT_MS;
	struct sockaddr_in a = loopback(0);
	socklen_t alen = sizeof(a);
	struct zen_buf sig = ZEN_BUF_INIT, hello = ZEN_BUF_INIT, ack = ZEN_BUF_INIT;
	struct zen_buf out = ZEN_BUF_INIT;
	uint8_t got[64], id[16];
	char ep[64];
	struct pollfd pfd;
	int idn = -1, n = -1;

	zmq_setsockopt(sock, ZMQ_LINGER, &zero, sizeof(zero));
	zmq_setsockopt(sock, ZMQ_RCVTIMEO, &wait, sizeof(wait));
	zmq_setsockopt(sock, ZMQ_ROUTER_MANDATORY, &one, sizeof(one));
	zmq_setsockopt(sock, ZMQ_CONNECT_ROUTING_ID, rid, sizeof(rid));
	if (bind(lfd, (struct sockaddr *)&a, sizeof(a)) || listen(lfd, 1) ||
	    getsockname(lfd, (struct sockaddr *)&a, &alen)) {
		tap_ok(0, "a raw listener on 127.0.0.1: %s", strerror(errno));
		goto out;
	}
	snprintf(ep, sizeof(ep), "tcp://127.0.0.1:%u", ntohs(a.sin_port));
	hello_main(&hello, 0);
	/* the Hello is queued at once, before TCP is up (1.5, 1.7) */
	tap_ok(!zmq_connect(sock, ep) &&
	       zmq_send(sock, rid, sizeof(rid), ZMQ_SNDMORE) == (int)sizeof(rid) &&
	       zmq_send(sock, hello.data, hello.len, 0) == (int)hello.len,
	       "a ROUTER dials and queues Hello under the id it chose");
	pfd.fd = lfd;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, WAIT_MS) != 1 || (fd = accept(lfd, NULL, NULL)) < 0) {
		tap_ok(0, "the ROUTER's connection arrives");
		goto out;
	}
	zmtp_signature(&sig, 0);
	tap_hex(got, read_exact(fd, got, 10), "ff00000000000000017f",
		"the ROUTER greets with an empty identity's signature");
	write_all(fd, sig.data, sig.len);
	tap_hex(got, read_exact(fd, got, 1), "03", "then major version 3");
	write_all(fd, (const uint8_t *)"\x01\x13", 2);
	tap_hex(got, read_exact(fd, got, 1), "06",
		"then, seeing revision 1, its type 6 (ROUTER) and no ZMTP/3 greeting");
	tap_hex(got, read_exact(fd, got, 2), "0000", "then an empty identity frame");
	zmtp_frame(&out, hello.data, hello.len);
	tap_hex(got, read_exact(fd, got, out.len), "000febf501000003e80000000012345678",
		"then the Hello as one short frame");
	zen_buf_reset(&out);
	zmtp_frame(&out, NULL, 0);
	hello_main(&ack, 1);
	zmtp_frame(&out, ack.data, ack.len);
	write_all(fd, out.data, out.len);
	idn = zmq_recv(sock, id, sizeof(id), 0);
	n = idn > 0 ? zmq_recv(sock, got, sizeof(got), 0) : -1;
	tap_ok(idn == (int)sizeof(rid) && !memcmp(id, rid, sizeof(rid)),
	       "the reply comes back under the chosen routing id");
	tap_hex(got, n > 0 ? (size_t)n : 0, "ebf502000003e800000000",
		"and it is the HelloAck");
out:
	if (fd >= 0)
		close(fd);
	close(lfd);
	zmq_close(sock);
	zen_buf_release(&sig);
	zen_buf_release(&hello);
	zen_buf_release(&ack);
	zen_buf_release(&out);
}

int main(void)
{
	void *ctx = zmq_ctx_new();

	test_built_from_spec();
	test_router_listening(ctx);
	test_router_dialling(ctx);
	zmq_ctx_term(ctx);
	return tap_done();
}
