/*
 * srv.h - what the files of `zen serve` share (not a public interface).
 *
 *   serve.c   start-up: options, limits, the listening socket, the worker
 *             threads (one event base and evhttp each), signals, the stop
 *   conn.c    connections: admission and the caps (total and per source
 *             address), the pause of accept() near the open-file limit,
 *             and the replies evhttp would make itself (its HTML error
 *             pages) rewritten into zen's error convention
 *   route.c   one request: Host check, policy, routing, parameters; runs
 *             the operation inline or hands it to the job pool
 *   jobs.c    the job pool: blocking operations off the event loops, the
 *             password throttle's wait, the request time limit
 *   reply.c   the reply convention: bodies, error bodies (text, or JSON
 *             for Accept: application/json), raw replies
 *   stream.c  replies sent batch by batch as they are made (big pages),
 *             at the pace the client reads them
 *   service.c the log and what goes in it, the pid file, systemd's
 *             notification, the signals
 *
 * Threads: each worker's event loop owns its connections and jobs; other
 * threads touch them only through event_active (thread-safe once
 * evthread_use_pthreads was called before the bases were made).  The
 * counters shared by every worker (connections per address, the pool's
 * queue) have their own locks.
 */
#ifndef ZEN_SRV_H
#define ZEN_SRV_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include <event2/event.h>
#include <event2/http.h>

#include "ops/op.h"
#include "server/serve.h"

struct srv_conn;
struct srv_job;
struct srv_stream;
struct srv_pool;
struct srv_addrs;
struct srv_policy;
struct srv_metrics;
struct srv_linger;
struct zen_net;

#define SRV_MEMO_QUERY 128

struct srv_worker {
	pthread_t thread;
	struct event_base *base;
	struct evhttp *http;
	struct evhttp_bound_socket *bound;
	struct srv *srv;
	struct event *resume;		/* re-enables accept(), from any thread */
	atomic_int paused;		/* accept() stopped: near the fd limit,
					   or ahead of the other workers */
	atomic_uint held;		/* connections it accepted, not closed */
	/* owned by the worker's thread */
	struct srv_conn *conns;		/* every connection it accepted */
	struct srv_conn **map;		/* evhttp connection -> ours */
	unsigned map_size;
	struct srv_job *jobs;		/* every job of its requests */
	struct srv_linger *lingers;	/* sockets closing slowly (conn.c) */
	/* the arguments of its last GET, validated (route.c) */
	struct {
		const struct zen_op *op;
		char query[SRV_MEMO_QUERY];
		json_t *args;
	} memo;
};

struct srv {
	struct zen_node *node;
	struct zen_net *net;		/* the P2P front (src/net/net.h) */
	/* --mine: one thread that mines blocks paying mine_pk_hash. */
	int mine;
	uint8_t mine_pk_hash[32];
	unsigned mine_threads;
	pthread_t miner;
	atomic_int stop_mining;
	char host[256];		/* as bound, for the Host check */
	int loopback;		/* bound to a loopback address */
	uint16_t port;
	int fd;
	struct srv_worker *workers;
	unsigned nworkers;
	/* Bearer token (empty: none): from --api-token-file, or generated
	 * into <datadir>/.cookie when bound beyond loopback. */
	char token[128];
	char cookie[4200];	/* the cookie file we wrote, removed at exit */
	int public_mode;
	int metrics_served;		/* /metrics: on loopback or --metrics */
	struct srv_metrics *metrics;	/* metrics.c */
	char origin[1024];	/* --origin ("" = none) */
	int unsafe_cors;
	unsigned rate_limit;
	struct srv_policy *policy;
	/* limits */
	uint64_t fd_limit;		/* RLIMIT_NOFILE after raising it */
	unsigned max_conns;		/* --max-connections */
	unsigned max_per_addr;		/* --max-connections-per-address */
	unsigned request_timeout;	/* --request-timeout, seconds */
	size_t max_body;
	atomic_uint open_conns;		/* accepted and not yet closed */
	atomic_uint served_conns;	/* of those, admitted within the caps */
	atomic_uint lingering;		/* sockets closing slowly (conn.c) */
	atomic_int stopping;		/* the workers' events are going away */
	struct srv_addrs *addrs;	/* open connections per address */
	struct srv_pool *pool;
	unsigned pool_threads;
	/* service.c: --log-level, --log-file, --pid-file (and its lock) */
	int log_level;
	char log_file[4096];
	char pid_file[4096];
	int pid_fd;
};

/* ---- conn.c ------------------------------------------------------------ */

int srv_conns_init(struct srv *srv, struct zen_err *err);
void srv_conns_free(struct srv *srv);
/* evhttp_set_bevcb's callback (arg: the worker). */
struct bufferevent *srv_conn_new(struct event_base *base, void *arg);
/* Make the worker's resume event and start its accounting. */
int srv_worker_conns_init(struct srv_worker *w);
/* After evhttp_free: what is left of the worker's connections. */
void srv_worker_conns_free(struct srv_worker *w);
/* The connection of a request, admitted now if it was not yet (NULL only
 * when evhttp lost it). */
struct srv_conn *srv_conn_of(struct srv_worker *w, struct evhttp_request *req);
int srv_conn_refused(const struct srv_conn *c);
/* The peer's address as text (for the policy, which keys IPv6 by /64
 * itself), and who it counts as for the caps and the password throttle
 * (IPv6 by its /64). */
const char *srv_conn_source(const struct srv_conn *c);
const char *srv_conn_key(const struct srv_conn *c);
/* The job running for the connection's request, or NULL. */
void srv_conn_set_job(struct srv_conn *c, struct srv_job *job);
/* The stream being sent on the connection, or NULL. */
void srv_conn_set_stream(struct srv_conn *c, struct srv_stream *st);
/* Around every reply of ours (not evhttp's own): marks the bytes as ours
 * and starts reading the next request's head. */
void srv_conn_reply_begin(struct srv_conn *c);
void srv_conn_reply_end(struct srv_conn *c);
/* After a whole reply (evhttp_send_reply): write it to the socket now
 * rather than at the next turn of the loop (conn.c). */
void srv_conn_flush(struct srv_conn *c);

/* A request's head was read (route.c): its time starts, for its log line
 * and /metrics, and it has no route yet. */
void srv_conn_request_begin(struct srv_conn *c);
/* Microseconds since then (0 for a NULL c). */
long long srv_conn_request_us(const struct srv_conn *c);
/* The route of the connection's request (NULL: unmatched). */
void srv_conn_set_op(struct srv_conn *c, const struct zen_op *op);
const struct zen_op *srv_conn_op(const struct srv_conn *c);
struct srv *srv_conn_srv(const struct srv_conn *c);

/* ---- metrics.c --------------------------------------------------------- */

struct srv_metrics *srv_metrics_new(void);
void srv_metrics_free(struct srv_metrics *m);
/* One answered request of op (NULL: unmatched) that took us. */
void srv_metrics_request(struct srv_metrics *m, const struct zen_op *op,
			 int status, uint64_t us);
/* zen_node.more_metrics: the requests' figures and the connections
 * (ctx: the struct srv). */
void srv_metrics_text(void *ctx, struct zen_buf *out);

/* ---- route.c ----------------------------------------------------------- */

/* evhttp's generic callback (arg: the worker). */
void srv_handle(struct evhttp_request *req, void *arg);
/* Drop the worker's memo of its last GET's arguments. */
void srv_route_memo_release(struct srv_worker *w);

/* ---- jobs.c ------------------------------------------------------------ */

int srv_pool_start(struct srv *srv, struct zen_err *err);
/* Cancel every job, stop the threads (after the loops have stopped).
 * Returns how many threads are still in uninterruptible work after a
 * short grace (jobs.c): then nothing they use may be freed. */
unsigned srv_pool_stop(struct srv *srv);
/* Free what is left of a worker's jobs (after evhttp_free). */
void srv_worker_jobs_free(struct srv_worker *w);
/* Run op on validated args off the loop; the reply comes later.  Takes
 * args. */
void srv_job_start(struct srv_worker *w, struct srv_conn *c,
		   struct evhttp_request *req, const struct zen_op *op,
		   json_t *args, int json);
/* The connection of a job's request went away (closecb). */
void srv_job_conn_gone(struct srv_job *job, struct evhttp_connection *evcon);

/* ---- stream.c ---------------------------------------------------------- */

/* A call's reply that is a stream (op.h): sent whole when its first batch
 * is all of it, else chunked, batch by batch.  Takes call->stream. */
void srv_stream_send(struct srv *srv, struct srv_conn *c,
		     struct evhttp_request *req, int json,
		     struct zen_call *call);
/* The connection of a stream's request went away (closecb). */
void srv_stream_conn_gone(struct srv_stream *st, struct evhttp_connection *evcon);

/* ---- reply.c ----------------------------------------------------------- */

/* Does the request's Accept header ask for JSON errors (srv_accept_json)? */
int srv_wants_json(struct evhttp_request *req);
/* Does an Accept value (NULL: none) ask for JSON errors?  Only when it
 * names application/json and not the any-type range. */
int srv_accept_json(const char *accept);
/* The headers every reply of ours gets (the policy's, Content-Type
 * unless NULL, ...), before evhttp_send_reply or _start. */
void srv_reply_headers(struct srv *srv, struct srv_conn *c,
		       struct evhttp_request *req, int status,
		       const char *ctype);
/* A reply: status, content type (NULL: none) and body. */
void srv_send(struct srv *srv, struct srv_conn *c,
	      struct evhttp_request *req, int status, const char *ctype,
	      const char *body, size_t len);
/* An error: text/plain msg, or {"error": msg, "code": code} when json.
 * status 0: zen_code_http_status(code). */
void srv_send_error(struct srv *srv, struct srv_conn *c,
		    struct evhttp_request *req, int json, enum zen_code code,
		    int status, const char *msg);
/* A call's result (200) or its error. */
void srv_send_call(struct srv *srv, struct srv_conn *c,
		   struct evhttp_request *req, int json, int rc,
		   struct zen_call *call);
/* A whole HTTP/1.1 error reply with "Connection: close", for answers
 * written past evhttp (a refused connection, a rewritten evhttp page).
 * msg NULL: an empty body without a content type. */
void srv_raw_error(struct srv *srv, struct evbuffer *out, int json,
		   enum zen_code code, int status, const char *msg);

/* ---- service.c --------------------------------------------------------- */

/* Take --log-level, --log-file and --pid-file from the validated args. */
void srv_service_configure(struct srv *srv, json_t *args);
/* Open the log (stderr or --log-file), route libevent's messages to it,
 * and log the node's blocks (zen_node.on_block). */
int srv_log_start(struct srv *srv, struct zen_err *err);
void srv_log_stop(struct srv *srv);
/* A failure of start-up: "zen: msg" on stderr, and in the log file. */
void srv_report(const char *msg);
/* A request is answered: it counts in /metrics, and at debug its line is
 * logged (method, path and query names, status, body bytes, time since
 * srv_conn_request_begin). */
void srv_request_done(struct srv_conn *c, struct evhttp_request *req,
		      int status, size_t bytes);
/* Write and lock --pid-file (nothing without one); ZEN_ESTORE when a
 * live process holds it.  _drop removes it. */
int srv_pidfile_take(struct srv *srv, struct zen_err *err);
void srv_pidfile_drop(struct srv *srv);
/* Tell systemd (Type=notify) a state: "READY=1", "STOPPING=1". */
void srv_notify(const char *state);
/* Wait for SIGINT or SIGTERM (returned), reopening the log on SIGHUP. */
int srv_wait_stop(void);
/* The end of a stop that left `busy` pool threads in uninterruptible
 * work (a password's key derivation): the pid file and cookie go, the
 * log says so, and the process exits 0 at once, without them.  The
 * stores need nothing: an LMDB transaction never committed leaves no
 * trace, as after a crash. */
ZEN_NORETURN void srv_exit_now(struct srv *srv, unsigned busy);

/* ---- addressdb.c ------------------------------------------------------- */

/* The thread that builds the address index while it is behind the chain,
 * its progress in the log; zen_addrsync_stop (ops/addrsync.h) ends it. */
struct zen_addrsync;
int srv_addressdb_start(struct zen_node *node, struct zen_addrsync **out,
			struct zen_err *err);

#endif
