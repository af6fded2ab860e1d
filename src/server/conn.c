/*
 * conn.c - the connections of `zen serve`: admission, caps, and the
 * replies evhttp would make on its own.
 *
 * libevent 2.1 has no accept hook and no connection limit, so:
 *
 *  - evhttp_set_bevcb hands us each new connection's bufferevent before
 *    evhttp gives it its socket, inside the listener's accept loop.  There
 *    we count it; past the cap plus SRV_CONN_SLACK the worker disables its
 *    listener (the accept loop checks that after every callback), so
 *    accept() never meets EMFILE; a close re-enables it.  A worker also
 *    stops accepting while it holds more than SRV_BALANCE_SLACK
 *    connections over the least loaded worker (below).  An event made
 *    active there runs right after the accept loop, before anything is
 *    read: bufferevent_getcb gives evhttp's connection (its callback
 *    argument, NULL once evhttp freed it), evhttp_connection_get_peer the
 *    source address, and evhttp_connection_set_closecb tells us when it
 *    goes.  A connection over a cap is refused: its request, if it comes
 *    within SRV_REFUSE_GRACE_MS, gets 503 "too many connections" in the
 *    format it asks for, else 503 text is written to the socket; then it
 *    is closed (past the total cap an idle one at once, so that a flood
 *    goes as fast as it comes).  Existing connections are served as
 *    before.  Only connections within both caps are counted against
 *    them, so exactly the caps' numbers are served.
 *
 *  - evhttp answers some requests itself (a malformed request line or
 *    header, a body over the limit, a bad chunk, an unknown method) with
 *    an HTML page.  Our bytes go out between srv_conn_reply_begin and
 *    _end; anything else added to a connection's output buffer is
 *    evhttp's page.  A callback on that buffer sees it being added; an
 *    event made active there runs before the socket can be written (that
 *    needs another epoll round) and replaces it with zen's error reply.
 *    The request's Accept header is no longer reachable then (evhttp has
 *    parsed it into a request we are never given), so a callback on the
 *    input buffer reads it, with Transfer-Encoding, Content-Length and
 *    Expect, from the head of each request as the bytes arrive.  (A client
 *    that waits for 100 Continue before a body over the limit is answered
 *    413 at once: evhttp would wait for the body, to drop it.)
 *
 * Why not a cleaner way: 2.1 has no evhttp_set_errorcb (2.2 has) and no
 * hook that gives a request before its head is parsed
 * (evhttp_request_set_header_cb needs the request first), and its
 * listener accepts in a loop until EAGAIN, so only the bevcb runs early
 * enough to stop it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <netinet/in.h>
#include <netinet/tcp.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/listener.h>

#include "core/base/clock.h"
#include "core/base/buf.h"
#include "ops/throttle.h"
#include "server/srv.h"

#define ADDR_BUCKETS 1024u
#define SRV_MAX_WRITE (1u << 20)	/* bytes a connection writes at once */
#define MAP_SIZE 4096u		/* a power of two */

/* What we read of a request's head (Accept, Transfer-Encoding). */
struct sniff {
	int body;		/* past the head: nothing more to read */
	int seen_line;		/* the request line went by */
	int json;		/* Accept asks for JSON (srv_accept_json) */
	int chunked;
	int expect;		/* Expect: 100-continue */
	int64_t clen;		/* Content-Length, -1 if none */
	size_t len;
	char line[160];		/* the start of the current line */
};

struct srv_conn {
	struct srv_worker *w;
	struct bufferevent *bev;
	struct evhttp_connection *evcon;	/* once admitted */
	struct evbuffer_cb_entry *in_cb, *out_cb;
	struct event *admit_ev;
	struct event *fix_ev;		/* replaces an evhttp page */
	struct event *grace_ev;		/* a refusal's wait for the request */
	struct event *early_ev;		/* a body too large, before it comes */
	struct event *flush_ev;		/* a reply written: tell evhttp */
	struct sniff sn;
	char source[ZEN_PW_SOURCE_MAX + 1];	/* the peer's address */
	char key[ZEN_PW_SOURCE_MAX + 1];	/* who it counts as (source_key) */
	int admitted, counted, refused, answered, ours, fixing;
	size_t alien_at;		/* where evhttp's page starts */
	int alien_status;
	struct srv_job *job;
	struct srv_stream *stream;	/* a reply being streamed */
	uint64_t t0_us;			/* its request's head was read */
	const struct zen_op *op;	/* its route, or NULL */
	struct srv_conn *next, *prev;	/* the worker's list */
	struct srv_conn *hnext;		/* the worker's map */
};

/* Open connections per source address, shared by every worker. */
struct addr_count {
	struct addr_count *next;
	unsigned n;
	char addr[ZEN_PW_SOURCE_MAX + 1];
};

struct srv_addrs {
	pthread_mutex_t lock;
	struct addr_count *b[ADDR_BUCKETS];
};

static struct event *must(struct event *ev)
{
	if (!ev)
		ZEN_BUG("out of memory");
	return ev;
}

/* ---- counts ------------------------------------------------------------ */

int srv_conns_init(struct srv *srv, struct zen_err *err)
{
	(void)err;
	srv->addrs = zen_xcalloc(1, sizeof(*srv->addrs));
	pthread_mutex_init(&srv->addrs->lock, NULL);
	atomic_init(&srv->open_conns, 0);
	atomic_init(&srv->served_conns, 0);
	return 0;
}

void srv_conns_free(struct srv *srv)
{
	if (!srv->addrs)
		return;
	for (unsigned i = 0; i < ADDR_BUCKETS; i++)
		while (srv->addrs->b[i]) {
			struct addr_count *a = srv->addrs->b[i];

			srv->addrs->b[i] = a->next;
			free(a);
		}
	pthread_mutex_destroy(&srv->addrs->lock);
	free(srv->addrs);
	srv->addrs = NULL;
}

static unsigned addr_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h % ADDR_BUCKETS;
}

/* One more connection from addr if it has fewer than cap (1), else 0;
 * cap 0: one less. */
static int addr_take(struct srv *srv, const char *addr, unsigned cap)
{
	struct srv_addrs *t = srv->addrs;
	struct addr_count **p, *a;
	int ok = 1;

	pthread_mutex_lock(&t->lock);
	for (p = &t->b[addr_hash(addr)]; *p && strcmp((*p)->addr, addr);
	     p = &(*p)->next)
		;
	if (!*p && cap) {
		*p = zen_xcalloc(1, sizeof(**p));
		snprintf((*p)->addr, sizeof((*p)->addr), "%s", addr);
	}
	if ((a = *p) && cap) {
		ok = a->n < cap;
		a->n += ok;
	} else if (a) {
		a->n -= a->n > 0;
	}
	if (a && !a->n) {
		*p = a->next;
		free(a);
	}
	pthread_mutex_unlock(&t->lock);
	return ok;
}

/* Admission within both caps; the counts are taken only when it passes,
 * so that exactly the caps' numbers of connections are served. */
static int caps_take(struct srv *srv, const char *addr)
{
	if (!addr_take(srv, addr, srv->max_per_addr))
		return 0;
	if (atomic_fetch_add(&srv->served_conns, 1) < srv->max_conns)
		return 1;
	atomic_fetch_sub(&srv->served_conns, 1);
	addr_take(srv, addr, 0);
	return 0;
}

static void caps_give(struct srv *srv, const char *addr)
{
	atomic_fetch_sub(&srv->served_conns, 1);
	addr_take(srv, addr, 0);
}

static unsigned pause_at(const struct srv *srv)
{
	return srv->max_conns + SRV_CONN_SLACK;
}

static void listener_set(struct srv_worker *w, int on)
{
	struct evconnlistener *l = evhttp_bound_socket_get_listener(w->bound);

	if (on)
		evconnlistener_enable(l);
	else
		evconnlistener_disable(l);
}

/*
 * Balance.  Every worker's loop watches the one listening socket, and the
 * listener of the worker woken first accepts until EAGAIN: it could take a
 * whole burst of new connections (all 64 of a benchmark's, the other core
 * left idle, half the throughput).  So a worker that holds more than
 * SRV_BALANCE_SLACK connections over the least loaded other one stops
 * accepting, as near the fd limit, until the others catch up or it closes
 * one.  A worker paused so still accepts one connection every
 * SRV_BALANCE_RETRY_MS: the others may be slow to take new clients (their
 * loops busy), and those clients must not wait for long.
 */
#define SRV_BALANCE_SLACK 1u
#define SRV_BALANCE_RETRY_MS 20

static int over_balance(const struct srv_worker *w)
{
	const struct srv *srv = w->srv;
	unsigned held = atomic_load(&w->held), least = held;

	for (unsigned i = 0; i < srv->nworkers; i++) {
		unsigned h = atomic_load(&srv->workers[i].held);

		if (&srv->workers[i] != w && h < least)
			least = h;
	}
	return held > least + SRV_BALANCE_SLACK;
}

/* resume_cb's reasons: made active to look again (RESUME_LOOK), or the
 * retry timer of a worker paused for balance (EV_TIMEOUT). */
#define RESUME_LOOK EV_READ

/* Stop this worker's accept() (its own thread): near the fd limit, or
 * ahead of the others (balance: a retry timer). */
static void pause_worker(struct srv_worker *w, int balance)
{
	static const struct timeval retry = {
		0, SRV_BALANCE_RETRY_MS * 1000
	};

	if (atomic_load(&w->paused))
		return;
	listener_set(w, 0);
	atomic_store(&w->paused, 1);
	if (balance)
		event_add(w->resume, &retry);
	/* a close that ran before the flag was set saw no pause to end */
	event_active(w->resume, RESUME_LOOK, 1);
}

static void resume_cb(evutil_socket_t fd, short what, void *arg)
{
	struct srv_worker *w = arg;

	(void)fd;
	if (!atomic_load(&w->paused) || atomic_load(&w->srv->stopping) ||
	    atomic_load(&w->srv->open_conns) >= pause_at(w->srv) ||
	    (!(what & EV_TIMEOUT) && over_balance(w)))
		return;	/* a close ends it; the retry timer is still on */
	event_del(w->resume);
	atomic_store(&w->paused, 0);
	listener_set(w, 1);
}

/* The paused workers but except look whether they may accept again. */
static void wake_paused(struct srv *srv, const struct srv_worker *except)
{
	for (unsigned i = 0; i < srv->nworkers; i++)
		if (&srv->workers[i] != except &&
		    atomic_load(&srv->workers[i].paused))
			event_active(srv->workers[i].resume, RESUME_LOOK, 1);
}

static void count_closed(struct srv_worker *w)
{
	struct srv *srv = w->srv;
	unsigned n;

	atomic_fetch_sub(&w->held, 1);
	n = atomic_fetch_sub(&srv->open_conns, 1) - 1;
	if (n < pause_at(srv) && !atomic_load(&srv->stopping))
		wake_paused(srv, NULL);
}

int srv_worker_conns_init(struct srv_worker *w)
{
	w->resume = must(event_new(w->base, -1, 0, resume_cb, w));
	w->map_size = MAP_SIZE;
	w->map = zen_xcalloc(MAP_SIZE, sizeof(*w->map));
	return 0;
}

/* ---- the worker's map: evhttp connection -> ours ------------------------ */

static unsigned map_slot(const struct srv_worker *w, const void *evcon)
{
	uintptr_t x = (uintptr_t)evcon;

	return (unsigned)((x >> 4) ^ (x >> 16)) & (w->map_size - 1);
}

static void map_put(struct srv_conn *c)
{
	struct srv_conn **b = &c->w->map[map_slot(c->w, c->evcon)];

	c->hnext = *b;
	*b = c;
}

static void map_del(struct srv_conn *c)
{
	struct srv_conn **p = &c->w->map[map_slot(c->w, c->evcon)];

	while (*p && *p != c)
		p = &(*p)->hnext;
	if (*p)
		*p = c->hnext;
}

/* ---- life cycle ---------------------------------------------------------- */

static void conn_destroy(struct srv_conn *c)
{
	struct srv_worker *w = c->w;

	evbuffer_remove_cb_entry(bufferevent_get_input(c->bev), c->in_cb);
	evbuffer_remove_cb_entry(bufferevent_get_output(c->bev), c->out_cb);
	if (!c->admitted)
		bufferevent_decref(c->bev);
	event_free(c->admit_ev);
	if (c->fix_ev)
		event_free(c->fix_ev);
	if (c->grace_ev)
		event_free(c->grace_ev);
	if (c->early_ev)
		event_free(c->early_ev);
	if (c->flush_ev)
		event_free(c->flush_ev);
	if (c->prev)
		c->prev->next = c->next;
	else
		w->conns = c->next;
	if (c->next)
		c->next->prev = c->prev;
	count_closed(w);
	free(c);
}

/*
 * A lingering close, as web servers do it: evhttp closes a connection
 * after its 413 for a body it will not read, while the client may still
 * be sending that body.  Closed at once with bytes unread, the socket
 * answers the next ones with a reset, and a reset can destroy the reply
 * in the client's buffer before the client reads it.  So the socket is
 * kept (a dup of evhttp's descriptor, the reply already written), shut
 * for writing, and read and dropped until the client closes, for at most
 * LINGER_MS and LINGER_BYTES; at most LINGER_MAX at once in the process
 * (SRV_FDS_RESERVED covers their descriptors), past which it closes as
 * before.
 */
#define LINGER_MS 2000
#define LINGER_BYTES (4u << 20)
#define LINGER_MAX 32u

struct srv_linger {
	struct srv_worker *w;
	struct event *ev;
	evutil_socket_t fd;
	size_t bytes;
	uint64_t until_us;		/* LINGER_MS after it began */
	struct srv_linger *next, *prev;
};

static void linger_end(struct srv_linger *l)
{
	if (l->prev)
		l->prev->next = l->next;
	else
		l->w->lingers = l->next;
	if (l->next)
		l->next->prev = l->prev;
	event_free(l->ev);
	close(l->fd);
	atomic_fetch_sub(&l->w->srv->lingering, 1);
	free(l);
}

static void linger_cb(evutil_socket_t fd, short what, void *arg)
{
	struct srv_linger *l = arg;
	char sink[16384];
	ssize_t n;

	/* the timeout restarts with every read: a trickle must end too */
	if ((what & EV_TIMEOUT) || zen_monotonic_us() > l->until_us) {
		linger_end(l);
		return;
	}
	while ((n = recv(fd, sink, sizeof(sink), MSG_DONTWAIT)) > 0)
		if ((l->bytes += (size_t)n) > LINGER_BYTES)
			break;
	if (n >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
		linger_end(l);	/* enough, the client's end, or an error */
}

static void linger_start(struct srv_conn *c)
{
	static const struct timeval limit = { LINGER_MS / 1000,
					      (LINGER_MS % 1000) * 1000 };
	struct srv_worker *w = c->w;
	evutil_socket_t fd = bufferevent_getfd(c->bev);
	struct srv_linger *l;

	if (fd < 0 ||
	    atomic_fetch_add(&w->srv->lingering, 1) >= LINGER_MAX) {
		atomic_fetch_sub(&w->srv->lingering, 1);
		return;
	}
	l = zen_xcalloc(1, sizeof(*l));
	l->w = w;
	l->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	if (l->fd < 0) {
		atomic_fetch_sub(&w->srv->lingering, 1);
		free(l);
		return;
	}
	l->until_us = zen_monotonic_us() + LINGER_MS * 1000ull;
	shutdown(l->fd, SHUT_WR);
	l->ev = must(event_new(w->base, l->fd, EV_READ | EV_PERSIST,
			       linger_cb, l));
	event_add(l->ev, &limit);
	l->next = w->lingers;
	if (w->lingers)
		w->lingers->prev = l;
	w->lingers = l;
}

/* evhttp's close callback: the connection is being freed. */
static void closed_cb(struct evhttp_connection *evcon, void *arg)
{
	struct srv_conn *c = arg;

	if (c->alien_status == 413 && !atomic_load(&c->w->srv->stopping))
		linger_start(c);

	if (c->job)
		srv_job_conn_gone(c->job, evcon);
	if (c->stream)
		srv_stream_conn_gone(c->stream, evcon);
	map_del(c);
	if (c->counted)
		caps_give(c->w->srv, c->key);
	conn_destroy(c);
}

/* A refused connection that sent no request (in time): 503 straight to
 * the socket, then close it. */
static void refuse_now(struct srv_conn *c)
{
	struct evbuffer *b;
	char sink[4096];
	evutil_socket_t s = bufferevent_getfd(c->bev);

	b = evbuffer_new();
	if (b && s >= 0) {
		srv_raw_error(c->w->srv, b, c->sn.body && c->sn.json,
			      ZEN_EUNREACHABLE, 503, "too many connections");
		evbuffer_write(b, s);
		/* unread input would turn the close into a reset that can
		 * destroy the reply before the client reads it */
		while (recv(s, sink, sizeof(sink), MSG_DONTWAIT) > 0)
			;
	}
	if (b)
		evbuffer_free(b);
	evhttp_connection_free(c->evcon);	/* closed_cb frees c */
}

static void grace_cb(evutil_socket_t fd, short what, void *arg)
{
	struct srv_conn *c = arg;

	(void)fd;
	(void)what;
	if (!c->answered)	/* else evhttp writes our 503, then closes */
		refuse_now(c);
}

/*
 * Over a cap.  The client gets the 503 from srv_handle, in the format it
 * asks for, if its request comes within the grace time.  Past the total
 * cap, a connection with nothing to read yet gets it now instead, so that
 * a flood of idle connections is turned away as fast as it is accepted.
 * Returns 1 if c is gone.
 */
static int refuse(struct srv_conn *c, int from_loop)
{
	struct timeval tv = { 0, SRV_REFUSE_GRACE_MS * 1000 };
	char peek;

	c->refused = 1;
	if (from_loop &&
	    atomic_load(&c->w->srv->open_conns) > c->w->srv->max_conns &&
	    recv(bufferevent_getfd(c->bev), &peek, 1,
		 MSG_PEEK | MSG_DONTWAIT) < 0 &&
	    (errno == EAGAIN || errno == EWOULDBLOCK)) {
		refuse_now(c);
		return 1;
	}
	c->grace_ev = must(evtimer_new(c->w->base, grace_cb, c));
	evtimer_add(c->grace_ev, &tv);
	return 0;
}

/*
 * Who a peer counts as, for the caps and the password throttle: an IPv4
 * address as it is (an IPv4-mapped IPv6 one as IPv4), an IPv6 address by
 * its /64, since one host commonly holds a whole /64.
 */
static void source_key(char *key, size_t size, const char *addr)
{
	struct in6_addr a;
	const uint8_t *b = a.s6_addr;

	if (!strchr(addr, ':') || inet_pton(AF_INET6, addr, &a) != 1) {
		snprintf(key, size, "%s", addr);
		return;
	}
	if (IN6_IS_ADDR_V4MAPPED(&a)) {
		snprintf(key, size, "%u.%u.%u.%u", b[12], b[13], b[14], b[15]);
		return;
	}
	snprintf(key, size, "%x:%x:%x:%x::/64", b[0] << 8 | b[1],
		 b[2] << 8 | b[3], b[4] << 8 | b[5], b[6] << 8 | b[7]);
}

/* evhttp writes a reply's head and body as separate segments: with
 * Nagle's algorithm on, a reply of more than one segment waits for the
 * client's delayed ACK (about 40 ms) before its last part goes out. */
static void set_nodelay(evutil_socket_t fd)
{
	int one = 1;

	if (fd >= 0)
		(void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

/* Count the connection and check the caps; from_loop: called by the
 * admission event (not by a request already read).  Returns 1 if c is
 * gone. */
static int admit(struct srv_conn *c, struct evhttp_connection *evcon,
		 int from_loop)
{
	ev_uint16_t port;
	char *addr = NULL;

	if (c->admitted)
		return 0;
	c->admitted = 1;
	c->evcon = evcon;
	/* evhttp holds the bufferevent from now on; closed_cb says when it
	 * lets it go */
	bufferevent_decref(c->bev);
	evhttp_connection_get_peer(evcon, &addr, &port);
	snprintf(c->source, sizeof(c->source), "%s", addr ? addr : "");
	source_key(c->key, sizeof(c->key), c->source);
	map_put(c);
	evhttp_connection_set_closecb(evcon, closed_cb, c);
	if (!caps_take(c->w->srv, c->key))
		return refuse(c, from_loop);
	c->counted = 1;
	set_nodelay(bufferevent_getfd(c->bev));
	return 0;
}

static void admit_cb(evutil_socket_t fd, short what, void *arg)
{
	struct srv_conn *c = arg;
	void *evcon = NULL;

	(void)fd;
	(void)what;
	if (c->admitted)
		return;
	bufferevent_getcb(c->bev, NULL, NULL, NULL, &evcon);
	if (!evcon) {		/* evhttp gave up on it already */
		conn_destroy(c);
		return;
	}
	admit(c, evcon, 1);
}

static void sniff_cb(struct evbuffer *buf, const struct evbuffer_cb_info *info,
		     void *arg);
static void out_cb(struct evbuffer *buf, const struct evbuffer_cb_info *info,
		   void *arg);

struct bufferevent *srv_conn_new(struct event_base *base, void *arg)
{
	struct srv_worker *w = arg;
	struct srv_conn *c;
	unsigned n;

	c = zen_xcalloc(1, sizeof(*c));
	c->w = w;
	c->sn.clen = -1;
	c->bev = bufferevent_socket_new(base, -1, 0);
	if (!c->bev)
		ZEN_BUG("out of memory");
	/* libevent writes at most 16 KiB per turn of the loop by default: a
	 * 25 KB page would take two turns, a batch of a streamed one
	 * sixteen.  The socket takes what it can in one write. */
	bufferevent_set_max_single_write(c->bev, SRV_MAX_WRITE);
	/* ours until admit() has seen evhttp take it */
	bufferevent_incref(c->bev);
	c->in_cb = evbuffer_add_cb(bufferevent_get_input(c->bev), sniff_cb, c);
	c->out_cb = evbuffer_add_cb(bufferevent_get_output(c->bev), out_cb, c);
	if (!c->in_cb || !c->out_cb)
		ZEN_BUG("out of memory");
	c->admit_ev = must(event_new(base, -1, 0, admit_cb, c));
	c->next = w->conns;
	if (w->conns)
		w->conns->prev = c;
	w->conns = c;
	atomic_fetch_add(&w->held, 1);
	n = atomic_fetch_add(&w->srv->open_conns, 1) + 1;
	if (n >= pause_at(w->srv) || over_balance(w))
		pause_worker(w, n < pause_at(w->srv));
	/* w may have caught up with a worker paused ahead of it */
	wake_paused(w->srv, w);
	/* runs once the accept loop returns, before the socket is read */
	event_active(c->admit_ev, EV_TIMEOUT, 1);
	return c->bev;
}

void srv_worker_conns_free(struct srv_worker *w)
{
	while (w->conns)	/* never admitted: evhttp has freed them */
		conn_destroy(w->conns);
	while (w->lingers)
		linger_end(w->lingers);
	if (w->resume)
		event_free(w->resume);
	free(w->map);
	w->map = NULL;
}

struct srv_conn *srv_conn_of(struct srv_worker *w, struct evhttp_request *req)
{
	struct evhttp_connection *evcon = evhttp_request_get_connection(req);
	struct bufferevent *bev;
	struct srv_conn *c;

	if (!evcon)
		return NULL;
	for (c = w->map[map_slot(w, evcon)]; c; c = c->hnext)
		if (c->evcon == evcon)
			return c;
	/* the request came before the admission event: admit it now */
	bev = evhttp_connection_get_bufferevent(evcon);
	for (c = w->conns; c; c = c->next)
		if (c->bev == bev && !c->admitted) {
			admit(c, evcon, 0);
			return c;
		}
	return NULL;
}

void srv_conn_request_begin(struct srv_conn *c)
{
	if (c) {
		c->t0_us = zen_monotonic_us();
		c->op = NULL;
	}
}

void srv_conn_set_op(struct srv_conn *c, const struct zen_op *op)
{
	if (c)
		c->op = op;
}

struct srv *srv_conn_srv(const struct srv_conn *c)
{
	return c->w->srv;
}

const struct zen_op *srv_conn_op(const struct srv_conn *c)
{
	return c ? c->op : NULL;
}

long long srv_conn_request_us(const struct srv_conn *c)
{
	if (!c || !c->t0_us)
		return 0;
	return (long long)(zen_monotonic_us() - c->t0_us);
}

int srv_conn_refused(const struct srv_conn *c)
{
	return c->refused;
}

const char *srv_conn_source(const struct srv_conn *c)
{
	return c->source;
}

const char *srv_conn_key(const struct srv_conn *c)
{
	return c->key;
}

void srv_conn_set_job(struct srv_conn *c, struct srv_job *job)
{
	if (c)
		c->job = job;
}

void srv_conn_set_stream(struct srv_conn *c, struct srv_stream *st)
{
	if (c)
		c->stream = st;
}

/* ---- the request head, as it arrives ------------------------------------ */

static void sniff_line(struct sniff *sn)
{
	const char *v;

	sn->line[sn->len < sizeof(sn->line) ? sn->len : sizeof(sn->line) - 1] = 0;
	if (!sn->seen_line) {
		sn->seen_line = 1;	/* the request line */
		return;
	}
	if (!strncasecmp(sn->line, "accept:", 7)) {
		sn->json = srv_accept_json(sn->line + 7);
	} else if (!strncasecmp(sn->line, "transfer-encoding:", 18)) {
		for (v = sn->line + 18; *v; v++)
			if (!strncasecmp(v, "chunked", 7))
				sn->chunked = 1;
	} else if (!strncasecmp(sn->line, "content-length:", 15)) {
		sn->clen = strtoll(sn->line + 15, NULL, 10);
	} else if (!strncasecmp(sn->line, "expect:", 7)) {
		for (v = sn->line + 7; *v; v++)
			if (!strncasecmp(v, "100-continue", 12))
				sn->expect = 1;
	}
}

static void sniff_bytes(struct sniff *sn, const char *p, size_t n)
{
	for (size_t i = 0; i < n && !sn->body; i++) {
		if (p[i] != '\n') {
			if (p[i] != '\r' && sn->len < sizeof(sn->line) - 1)
				sn->line[sn->len] = p[i];
			if (p[i] != '\r')
				sn->len++;
			continue;
		}
		if (!sn->len)
			sn->body = sn->seen_line;	/* the blank line */
		else
			sniff_line(sn);
		sn->len = 0;
	}
}

/* Read the bytes at [from, from + n) of buf. */
static void sniff_range(struct sniff *sn, struct evbuffer *buf, size_t from,
			size_t n)
{
	struct evbuffer_iovec vec[8];
	struct evbuffer_ptr pos;
	int k;

	while (n && !sn->body) {
		if (evbuffer_ptr_set(buf, &pos, from, EVBUFFER_PTR_SET))
			return;
		k = evbuffer_peek(buf, (ev_ssize_t)n, &pos, vec, 8);
		if (k <= 0)
			return;
		for (int i = 0; i < k && i < 8 && n; i++) {
			size_t m = vec[i].iov_len < n ? vec[i].iov_len : n;

			sniff_bytes(sn, vec[i].iov_base, m);
			from += m;
			n -= m;
		}
	}
}

/*
 * A client that waits for 100 Continue before it sends a body over the
 * limit: evhttp would wait for that body to read and drop it (it lingers,
 * so that clients that send at once can read the 413); tell this one at
 * once and close, nothing is left unread.
 */
static void early_cb(evutil_socket_t fd, short what, void *arg)
{
	struct srv_conn *c = arg;
	struct evbuffer *b;
	evutil_socket_t s = bufferevent_getfd(c->bev);

	(void)fd;
	(void)what;
	if (c->fixing || !c->admitted ||
	    evbuffer_get_length(bufferevent_get_output(c->bev)))
		return;		/* evhttp answers, conn.c's page fix applies */
	if (!(b = evbuffer_new()))
		return;
	srv_raw_error(c->w->srv, b, c->sn.json, ZEN_EINVAL, 413,
		      "request body too large");
	if (s >= 0)
		evbuffer_write(b, s);
	evbuffer_free(b);
	evhttp_connection_free(c->evcon);	/* closed_cb frees c */
}

static void sniff_cb(struct evbuffer *buf, const struct evbuffer_cb_info *info,
		     void *arg)
{
	struct srv_conn *c = arg;

	if (!info->n_added || c->sn.body)
		return;
	sniff_range(&c->sn, buf, info->orig_size, info->n_added);
	if (c->sn.body && c->sn.expect && c->sn.clen > 0 &&
	    (uint64_t)c->sn.clen > c->w->srv->max_body && !c->early_ev) {
		c->early_ev = must(event_new(c->w->base, -1, 0, early_cb, c));
		event_active(c->early_ev, EV_TIMEOUT, 1);
	}
}

void srv_conn_reply_begin(struct srv_conn *c)
{
	struct evbuffer *in;

	if (!c)
		return;
	c->ours = 1;
	if (c->refused)
		c->answered = 1;
	/* what follows in the input is the next request */
	memset(&c->sn, 0, sizeof(c->sn));
	c->sn.clen = -1;
	in = bufferevent_get_input(c->bev);
	sniff_range(&c->sn, in, 0, evbuffer_get_length(in));
}

void srv_conn_reply_end(struct srv_conn *c)
{
	if (c)
		c->ours = 0;
}

/*
 * Write the reply now, as nginx does.  evhttp only asks for the socket's
 * write event, so every reply waited for another turn of the loop: two
 * epoll_ctl and an epoll_wait a request, a tenth of the CPU of a 25 KB page.
 * When the reply is all written, evhttp hears it as from the write event
 * (bufferevent_trigger), from an event of ours made active for it: it
 * runs in this turn, after our caller has returned, so the request and
 * the connection outlive srv_send (evhttp may free both then).  What the
 * socket does not take waits for the write event, as before.
 *
 * A short reply waits while other events of this turn are still to run:
 * the turn's short replies then go out together, which measured faster
 * with many clients.  The event of ours, made active, goes to the end of
 * the turn's queue and writes it then; waiting for the socket's write
 * event instead cost an epoll_ctl to ask for it and one to stop, some 9%
 * of zen serve's CPU on /blockchain/info at -c256.  A lone client's
 * reply has its turn to itself and goes at once.
 */
#define FLUSH_SHORT 4096	/* bytes */

/* 1 when the output is all written (0: the write event finishes it). */
static int write_out(struct srv_conn *c)
{
	struct evbuffer *out = bufferevent_get_output(c->bev);
	evutil_socket_t fd = bufferevent_getfd(c->bev);

	if (c->refused || fd < 0)
		return 0;
	if (evbuffer_get_length(out) &&
	    evbuffer_write_atmost(out, fd, SRV_MAX_WRITE) <= 0)
		return 0;
	return !evbuffer_get_length(out);
}

/* what: EV_WRITE to write the output first, EV_TIMEOUT when it is. */
static void flushed_cb(evutil_socket_t fd, short what, void *arg)
{
	struct srv_conn *c = arg;

	(void)fd;
	if ((what & EV_WRITE) && !write_out(c))
		return;
	bufferevent_trigger(c->bev, EV_WRITE, 0);	/* c may be gone */
}

void srv_conn_flush(struct srv_conn *c)
{
	size_t len;
	short what = EV_TIMEOUT;

	if (!c || c->refused || bufferevent_getfd(c->bev) < 0)
		return;
	len = evbuffer_get_length(bufferevent_get_output(c->bev));
	if (!len)
		return;
	if (len < FLUSH_SHORT &&
	    event_base_get_num_events(c->w->base, EVENT_BASE_COUNT_ACTIVE))
		what = EV_WRITE;
	else if (!write_out(c))
		return;
	if (!c->flush_ev)
		c->flush_ev = must(event_new(c->w->base, -1, 0, flushed_cb, c));
	event_active(c->flush_ev, what, 1);
}

/* ---- evhttp's own pages --------------------------------------------------- */

static void fix_cb(evutil_socket_t fd, short what, void *arg)
{
	struct srv_conn *c = arg;
	struct srv *srv = c->w->srv;
	struct evbuffer *out = bufferevent_get_output(c->bev);
	size_t len = evbuffer_get_length(out), keep = c->alien_at;
	int json = c->sn.body && c->sn.json;
	char *prefix = NULL;

	(void)fd;
	(void)what;
	if (keep > len)
		keep = len;
	if (keep) {	/* an interim 100 Continue still unsent */
		prefix = zen_xmalloc(keep);
		evbuffer_copyout(out, prefix, keep);
	}
	c->ours = 1;
	evbuffer_drain(out, len);
	if (keep)
		evbuffer_add(out, prefix, keep);
	switch (c->alien_status) {
	case 413:
		srv_raw_error(srv, out, json, ZEN_EINVAL, 413, c->sn.chunked
			      ? "invalid or too large chunked body"
			      : "request body too large");
		break;
	case 501:	/* a method evhttp does not know: as any other */
		srv_raw_error(srv, out, json, ZEN_EINVAL, 405, NULL);
		break;
	case 417:
		srv_raw_error(srv, out, json, ZEN_EINVAL, 417,
			      "unsupported expectation");
		break;
	default:
		srv_raw_error(srv, out, json, ZEN_EINVAL, c->alien_status,
			      "malformed request");
		break;
	}
	c->ours = 0;
	free(prefix);
}

static void out_cb(struct evbuffer *buf, const struct evbuffer_cb_info *info,
		   void *arg)
{
	struct srv_conn *c = arg;
	struct evbuffer_ptr pos;
	char head[16];
	ev_ssize_t n;
	int status;

	if (!info->n_added || c->ours || c->fixing)
		return;
	if (evbuffer_ptr_set(buf, &pos, info->orig_size, EVBUFFER_PTR_SET))
		return;
	n = evbuffer_copyout_from(buf, &pos, head, sizeof(head) - 1);
	if (n < 12 || strncmp(head, "HTTP/1.", 7))
		return;
	head[n] = 0;
	status = atoi(head + 9);
	if (status < 400)
		return;		/* 100 Continue */
	c->fixing = 1;
	c->alien_at = info->orig_size;
	c->alien_status = status;
	c->fix_ev = must(event_new(c->w->base, -1, 0, fix_cb, c));
	event_active(c->fix_ev, EV_TIMEOUT, 1);
}
