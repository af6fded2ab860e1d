/*
 * serve.c - `zen serve`: the options, the limits, the listening socket, the
 * worker threads (one event base and evhttp each, all accepting on the same
 * socket), the job pool, the miner, and a clean stop on SIGINT or SIGTERM.
 * srv.h says which file does what.
 *
 * Limits (zen(1)): the open-file limit is raised to its hard limit; the
 * default --max-connections is that limit minus SRV_FDS_RESERVED, minus
 * SRV_FDS_PER_WORKER per worker thread, minus SRV_CONN_SLACK (connections
 * accepted past the cap to be told 503); --max-connections-per-address
 * defaults to a quarter of --max-connections (at least 1).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <event2/event.h>
#include <event2/http.h>
#include <event2/thread.h>
#include <event2/util.h>
#include <sodium.h>

#include "core/consensus/address.h"
#include "core/base/buf.h"
#include "core/chain/store.h"
#include "core/encoding/hex.h"
#include "log/log.h"
#include "net/net.h"
#include "ops/addrsync.h"
#include "ops/mining.h"
#include "ops/node.h"
#include "server/policy.h"
#include "ops/session.h"
#include "server/serve.h"
#include "server/srv.h"

/* --- start-up --------------------------------------------------------- */

static int parse_bind(struct srv *srv, const char *bind, struct zen_err *err)
{
	const char *colon = strrchr(bind, ':');
	unsigned long port = srv->port;
	char *end;

	if (colon && strchr(bind, ']') && colon < strchr(bind, ']'))
		colon = NULL;	/* "[::1]" without a port */
	if (colon) {
		errno = 0;
		port = strtoul(colon + 1, &end, 10);
		if (errno || *end || end == colon + 1 || port > 65535)
			return zen_fail(err, ZEN_EINVAL, "invalid bind port in '%s'",
					bind);
	}
	snprintf(srv->host, sizeof(srv->host), "%.*s",
		 (int)(colon ? (size_t)(colon - bind) : strlen(bind)), bind);
	if (!srv->host[0])
		snprintf(srv->host, sizeof(srv->host), "127.0.0.1");
	srv->port = (uint16_t)port;
	return 0;
}

static int open_listener(struct srv *srv, struct zen_err *err)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC,
				  .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE | AI_NUMERICSERV };
	struct addrinfo *ai = NULL;
	char host[256], port[8];
	struct sockaddr_storage ss;
	socklen_t sslen = sizeof(ss);
	int one = 1, rc;
	size_t n = strlen(srv->host);

	snprintf(host, sizeof(host), "%s", srv->host);
	if (host[0] == '[' && n > 2 && host[n - 1] == ']')
		memmove(host, host + 1, n - 2), host[n - 2] = 0;
	snprintf(port, sizeof(port), "%u", srv->port);
	if ((rc = getaddrinfo(host, port, &hints, &ai)))
		return zen_fail(err, ZEN_EINVAL, "cannot resolve bind address "
				"'%s': %s", srv->host, gai_strerror(rc));
	srv->fd = socket(ai->ai_family, SOCK_STREAM, 0);
	if (srv->fd < 0 ||
	    setsockopt(srv->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(srv->fd, ai->ai_addr, ai->ai_addrlen) || listen(srv->fd, 1024) ||
	    evutil_make_socket_nonblocking(srv->fd)) {
		rc = zen_fail(err, ZEN_EINVAL, "cannot listen on %s:%u: %s",
			      srv->host, srv->port, strerror(errno));
		freeaddrinfo(ai);
		return rc;
	}
	srv->loopback = (ai->ai_family == AF_INET &&
			 (ntohl(((struct sockaddr_in *)ai->ai_addr)->sin_addr.s_addr) >> 24) == 127) ||
			(ai->ai_family == AF_INET6 &&
			 IN6_IS_ADDR_LOOPBACK(&((struct sockaddr_in6 *)ai->ai_addr)->sin6_addr));
	freeaddrinfo(ai);
	if (!getsockname(srv->fd, (struct sockaddr *)&ss, &sslen))
		srv->port = ntohs(ss.ss_family == AF_INET6
				  ? ((struct sockaddr_in6 *)&ss)->sin6_port
				  : ((struct sockaddr_in *)&ss)->sin_port);
	return 0;
}

/* The token: the first line of --api-token-file, or (beyond loopback) 32
 * random bytes in hex written to <datadir>/.cookie, mode 0600. */
static int setup_token(struct srv *srv, const char *file, struct zen_err *err)
{
	uint8_t rnd[32];
	FILE *f;
	int fd;

	if (file) {
		if (!(f = fopen(file, "r")))
			return zen_fail(err, ZEN_EINVAL, "cannot open %s: %s", file,
					strerror(errno));
		if (!fgets(srv->token, sizeof(srv->token), f))
			srv->token[0] = 0;
		fclose(f);
		srv->token[strcspn(srv->token, "\r\n")] = 0;
		if (strlen(srv->token) < 16)
			return zen_fail(err, ZEN_EINVAL, "%s: the api token must "
					"have at least 16 characters", file);
		return 0;
	}
	/* public mode serves nothing private: no token needed */
	if (srv->loopback || srv->public_mode)
		return 0;
	if (sodium_init() < 0)
		return zen_fail(err, ZEN_EINTERNAL, "cannot initialise libsodium");
	randombytes_buf(rnd, sizeof(rnd));
	zen_hex_encode_to(srv->token, rnd, sizeof(rnd));
	snprintf(srv->cookie, sizeof(srv->cookie), "%s/.cookie",
		 srv->node->datadir);
	unlink(srv->cookie);
	fd = open(srv->cookie, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, srv->token, strlen(srv->token)) < 0 ||
	    write(fd, "\n", 1) < 0) {
		int e = errno;

		if (fd >= 0)
			close(fd);
		srv->cookie[0] = 0;
		return zen_fail(err, ZEN_ESTORE, "cannot write the api token "
				"to %s/.cookie: %s", srv->node->datadir, strerror(e));
	}
	close(fd);
	return 0;
}

static void *worker_main(void *data)
{
	struct srv_worker *w = data;

	event_base_dispatch(w->base);
	return NULL;
}

/*
 * An event base whose epoll changes are batched: evhttp turns reading and
 * writing off and on several times per request, and the change list makes
 * that one epoll_ctl where it would be three or four.  (libevent's caveat,
 * descriptors cloned by dup(): each worker's dup of the listening socket
 * lives in its own base and is closed only after its loop has stopped.)
 */
static struct event_base *new_base(void)
{
	struct event_config *cfg = event_config_new();
	struct event_base *base = NULL;

	if (cfg && !event_config_set_flag(cfg, EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST))
		base = event_base_new_with_config(cfg);
	if (cfg)
		event_config_free(cfg);
	return base ? base : event_base_new();
}

static int start_worker(struct srv *srv, struct srv_worker *w)
{
	evutil_socket_t fd;

	w->srv = srv;
	atomic_init(&w->paused, 0);
	w->base = new_base();
	w->http = w->base ? evhttp_new(w->base) : NULL;
	if (!w->http || srv_worker_conns_init(w))
		return -1;
	/* Every method reaches srv_handle, which answers 405 itself. */
	evhttp_set_allowed_methods(w->http, EVHTTP_REQ_GET | EVHTTP_REQ_POST |
		EVHTTP_REQ_HEAD | EVHTTP_REQ_PUT | EVHTTP_REQ_DELETE |
		EVHTTP_REQ_OPTIONS | EVHTTP_REQ_TRACE | EVHTTP_REQ_CONNECT |
		EVHTTP_REQ_PATCH);
	/* An empty reply has no Content-Type (evhttp's default is HTML). */
	evhttp_set_default_content_type(w->http, NULL);
	/* Larger bodies: evhttp's 413 (conn.c makes the reply ours), after
	 * reading the rest of the body, so that the client can read it. */
	evhttp_set_max_body_size(w->http, (ev_ssize_t)srv->max_body);
	evhttp_set_flags(w->http, EVHTTP_SERVER_LINGERING_CLOSE);
	evhttp_set_max_headers_size(w->http, 64 * 1024);
	evhttp_set_timeout(w->http, 60);
	evhttp_set_gencb(w->http, srv_handle, w);
	evhttp_set_bevcb(w->http, srv_conn_new, w);
	/* Its own descriptor of the socket: each listener closes its own. */
	fd = fcntl(srv->fd, F_DUPFD_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	w->bound = evhttp_accept_socket_with_handle(w->http, fd);
	if (!w->bound) {
		close(fd);
		return -1;
	}
	return pthread_create(&w->thread, NULL, worker_main, w) ? -1 : 0;
}

static unsigned cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 && n < 64 ? (unsigned)n : 2;
}

static int configure_mining(struct srv *srv, json_t *args,
			    struct zen_err *err)
{
	const char *address = zen_args_str(args, "address");
	uint64_t threads = 0;

	srv->mine = zen_args_bool(args, "mine", 0);
	if (!srv->mine)
		return address ? zen_fail(err, ZEN_EINVAL,
					  "--address goes with --mine") : 0;
	if (!address)
		return zen_fail(err, ZEN_EINVAL, "--mine needs --address");
	zen_args_u64(args, "mineThreads", &threads);
	srv->mine_threads = (unsigned)threads;
	return zen_address_decode_pk(srv->mine_pk_hash, srv->node->chain,
				     address, err);
}

static void *miner_main(void *data)
{
	struct srv *srv = data;

	while (!atomic_load(&srv->stop_mining)) {
		struct zen_err err = ZEN_ERR_INIT;
		struct zen_block_result res;
		char hash[2 * ZEN_HASH_LEN + 1];

		if (zen_mine_block(srv->node, &res, srv->mine_pk_hash,
				   srv->mine_threads, &srv->stop_mining, &err)) {
			if (!atomic_load(&srv->stop_mining)) {
				zen_log_warn("mining: %s", err.msg);
				sleep(1);
			}
			continue;
		}
		zen_hex_encode_to(hash, res.hash, ZEN_HASH_LEN);
		zen_log_info("mined block %u %s", res.tip_number, hash);
	}
	return NULL;
}

/* The soft open-file limit raised to the hard one; the result. */
static uint64_t raise_fd_limit(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		return 1024;
	if (rl.rlim_cur < rl.rlim_max) {
		rlim_t want = rl.rlim_max;

		rl.rlim_cur = want;
		if (setrlimit(RLIMIT_NOFILE, &rl)) {
			/* e.g. macOS refuses RLIM_INFINITY */
			getrlimit(RLIMIT_NOFILE, &rl);
		}
	}
	return rl.rlim_cur == RLIM_INFINITY ? UINT32_MAX : (uint64_t)rl.rlim_cur;
}

/* --max-connections and --max-connections-per-address against the
 * open-file limit (the formula is in this file's header). */
static int configure_limits(struct srv *srv, json_t *args, struct zen_err *err)
{
	uint64_t reserved = SRV_FDS_RESERVED +
		(uint64_t)SRV_FDS_PER_WORKER * srv->nworkers + SRV_CONN_SLACK;
	uint64_t room, max = 0, per = 0, timeout = 0;

	srv->fd_limit = raise_fd_limit();
	room = srv->fd_limit > reserved ? srv->fd_limit - reserved : 0;
	if (room > 1000000)
		room = 1000000;
	if (zen_args_u64(args, "maxConnections", &max)) {
		if (max > room)
			return zen_fail(err, ZEN_EINVAL, "--max-connections %llu "
					"needs an open-file limit of at least %llu "
					"(it is %llu: ulimit -n)",
					(unsigned long long)max,
					(unsigned long long)(max + reserved),
					(unsigned long long)srv->fd_limit);
	} else if (!(max = room)) {
		return zen_fail(err, ZEN_EINVAL, "the open-file limit (%llu) "
				"leaves no room for connections: raise it "
				"(ulimit -n) to at least %llu",
				(unsigned long long)srv->fd_limit,
				(unsigned long long)reserved + 1);
	}
	srv->max_conns = (unsigned)max;
	zen_args_u64(args, "maxConnectionsPerAddress", &per);
	srv->max_per_addr = per ? (unsigned)(per < max ? per : max)
				: (unsigned)(max / 4 ? max / 4 : 1);
	zen_args_u64(args, "requestTimeout", &timeout);
	srv->request_timeout = timeout ? (unsigned)timeout : SRV_DEFAULT_TIMEOUT;
	return 0;
}

/* The checks of one option that need no other (ranges, names).  Bounds
 * are inclusive; a row's message is the error. */
static const struct {
	const char *name;
	uint64_t min, max;
	const char *msg;
} option_ranges[] = {
	{ "threads", 1, 64, "invalid threads (1 to 64)" },
	{ "mineThreads", 0, 64, "invalid mineThreads (at most 64)" },
	{ "maxConnections", 1, UINT32_MAX, "invalid maxConnections (at least 1)" },
	{ "maxConnectionsPerAddress", 1, UINT32_MAX,
	  "invalid maxConnectionsPerAddress (at least 1)" },
	{ "requestTimeout", 1, 86400,
	  "invalid requestTimeout (1 to 86400 seconds)" },
	{ "rateLimit", 1, 1000000, "invalid rateLimit (1 to 1000000)" },
};

int srv_option_check(const char *name, const json_t *value,
		     struct zen_err *err)
{
	struct srv tmp = { .port = 0 };
	enum zen_log_level level;
	const char *s = json_string_value(value);
	uint64_t n;

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(option_ranges); i++)
		if (!strcmp(name, option_ranges[i].name) &&
		    json_is_integer(value) &&
		    ((n = (uint64_t)json_integer_value(value)) <
		     option_ranges[i].min || n > option_ranges[i].max))
			return zen_fail(err, ZEN_EINVAL, "%s", option_ranges[i].msg);
	if (!strcmp(name, "bind") && s)
		return parse_bind(&tmp, s, err);
	if (!strcmp(name, "origin") && s && strlen(s) >= sizeof(tmp.origin))
		return zen_fail(err, ZEN_EINVAL, "origin too long");
	if (!strcmp(name, "logLevel") && s && zen_log_level_parse(s, &level))
		return zen_fail(err, ZEN_EINVAL, "invalid logLevel '%s' (error, "
				"warn, info or debug)", s);
	return zen_net_option_check(name, value, err);
}

static int check_options(json_t *args, struct zen_err *err)
{
	const char *name;
	json_t *v;
	int rc;

	json_object_foreach(args, name, v)
		if ((rc = srv_option_check(name, v, err)))
			return rc;
	return 0;
}

static int configure(struct srv *srv, struct zen_node *node, json_t *raw,
		     struct zen_err *err)
{
	const struct zen_op *op = zen_op_find("serve", NULL);
	json_t *args = NULL;
	uint64_t threads = 0, rate = 0;
	const char *bind;
	int rc;

	srv->node = node;
	srv->port = node->params->api_port;
	snprintf(srv->host, sizeof(srv->host), "127.0.0.1");
	if ((rc = zen_args_validate(&args, op, raw, err)) ||
	    (rc = check_options(args, err))) {
		json_decref(args);
		return rc;
	}
	bind = zen_args_str(args, "bind");
	if (bind)
		rc = parse_bind(srv, bind, err);
	zen_args_u64(args, "threads", &threads);
	srv->nworkers = threads ? (unsigned)threads : cores();
	srv->pool_threads = SRV_POOL_PER_CORE * cores() > SRV_POOL_MIN
			    ? SRV_POOL_PER_CORE * cores() : SRV_POOL_MIN;
	srv->public_mode = zen_args_bool(args, "public", 0);
	srv->metrics_served = zen_args_bool(args, "metrics", 0);
	srv->unsafe_cors = zen_args_bool(args, "unsafeCors", 0);
	if (zen_args_str(args, "origin"))
		snprintf(srv->origin, sizeof(srv->origin), "%s",
			 zen_args_str(args, "origin"));
	zen_args_u64(args, "rateLimit", &rate);
	srv->rate_limit = (unsigned)rate;
	if (!rc)
		rc = configure_limits(srv, args, err);
	if (!rc)
		rc = configure_mining(srv, args, err);
	/* A token would suggest that something is protected: nothing is, on
	 * a public node, since nothing private is served at all. */
	if (!rc && srv->public_mode && zen_args_str(args, "apiTokenFile"))
		rc = zen_fail(err, ZEN_EINVAL, "--api-token-file does not go "
			      "with --public: a public node serves nothing "
			      "private");
	if (!rc && zen_args_str(args, "apiTokenFile"))
		snprintf(srv->cookie, sizeof(srv->cookie), "%s",
			 zen_args_str(args, "apiTokenFile"));
	srv_service_configure(srv, args);
	if (!rc)
		rc = zen_net_new(&srv->net, node, args, err);
	/* --addressdb[=BOOL] (zen.conf's addressdb): before the chain opens */
	if (json_object_get(args, "addressdb"))
		node->addressdb = zen_args_bool(args, "addressdb", 0) ? 1 : -1;
	json_decref(args);
	/* a public node opens no wallet, not even by mistake */
	node->no_wallet = srv->public_mode;
	if (!rc)
		rc = zen_store_mkdirs(node->datadir, err);
	return rc;
}

static int make_policy(struct srv *srv, struct zen_err *err)
{
	struct srv_policy_conf conf = {
		.public_mode = srv->public_mode,
		.rate_limit = srv->rate_limit,
		.loopback = srv->loopback,
		.token = srv->token,
		.origin = srv->origin[0] ? srv->origin : NULL,
		.unsafe_cors = srv->unsafe_cors,
	};

	srv->policy = srv_policy_new(&conf, err);
	/* the policy keeps what it needs; no copy stays in this memory */
	sodium_memzero(srv->token, sizeof(srv->token));
	if (!srv->policy)
		return err && err->code ? (int)err->code : ZEN_EINTERNAL;
	srv->max_body = srv_policy_max_body(srv->policy);
	return 0;
}

static void block_signals(void)
{
	sigset_t set;

	/* A background job of a non-interactive shell starts with SIGINT
	 * ignored, and an ignored signal is discarded rather than queued for
	 * sigwait: restore the default action first. */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);	/* reopens the log (service.c) */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/*
 * The stop: the loops first (nothing new starts), then the pool (every
 * job is cancelled, its threads joined), then each worker's evhttp (its
 * connections and their requests), and last what jobs and connections
 * are left, before the bases go.
 */
static void stop_workers(struct srv *srv, unsigned started)
{
	unsigned busy;

	for (unsigned i = 0; i < started; i++)
		event_base_loopexit(srv->workers[i].base, NULL);
	for (unsigned i = 0; i < started; i++)
		pthread_join(srv->workers[i].thread, NULL);
	/* a key derivation cannot stop: the process ends without it */
	if ((busy = srv_pool_stop(srv)))
		srv_exit_now(srv, busy);
	/* closing connections must not wake workers being freed */
	atomic_store(&srv->stopping, 1);
	for (unsigned i = 0; i < srv->nworkers; i++) {
		struct srv_worker *w = &srv->workers[i];

		if (w->http)
			evhttp_free(w->http);
		srv_worker_jobs_free(w);
		srv_worker_conns_free(w);
		srv_route_memo_release(w);
		if (w->base)
			event_base_free(w->base);
	}
}

static int take_token(struct srv *srv, struct zen_err *err)
{
	char file[sizeof(srv->cookie)];

	snprintf(file, sizeof(file), "%s", srv->cookie);
	srv->cookie[0] = 0;
	return setup_token(srv, file[0] ? file : NULL, err);
}

static int start(struct srv *srv, unsigned *started)
{
	struct zen_err err = ZEN_ERR_INIT;
	int rc;

	if ((rc = srv_conns_init(srv, &err)) || (rc = srv_pool_start(srv, &err))) {
		srv_report(err.msg);
		return rc;
	}
	srv->workers = zen_xcalloc(srv->nworkers, sizeof(*srv->workers));
	for (; *started < srv->nworkers; (*started)++)
		if (start_worker(srv, &srv->workers[*started])) {
			srv_report("cannot start http worker");
			return ZEN_EINTERNAL;
		}
	if (srv->mine && pthread_create(&srv->miner, NULL, miner_main, srv)) {
		srv_report("cannot start the miner");
		srv->mine = 0;
		return ZEN_EINTERNAL;
	}
	return 0;
}

int srv_main(struct zen_node *node, json_t *raw)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct srv srv = { .fd = -1, .pid_fd = -1 };
	struct zen_addrsync *addrsync = NULL;
	struct zen_chainstate *chain;
	unsigned started = 0;
	int rc, sig;

	/* First of all, so that a stop request during start-up is kept for
	 * sigwait rather than lost or acted on half-way. */
	block_signals();
	if ((rc = configure(&srv, node, raw, &err)) ||
	    (rc = srv_log_start(&srv, &err))) {
		fprintf(stderr, "zen: %s\n", err.msg);
		goto out;
	}
	if ((rc = zen_node_chain(node, &chain, &err)) ||
	    (rc = open_listener(&srv, &err)) ||
	    (rc = srv_pidfile_take(&srv, &err)) ||
	    (rc = take_token(&srv, &err)) ||
	    (rc = make_policy(&srv, &err))) {
		srv_report(err.msg);
		goto out;
	}
	srv.metrics = srv_metrics_new();
	srv.metrics_served |= srv.loopback;
	node->more_metrics = srv_metrics_text;
	node->more_metrics_ctx = &srv;
	/* before any base exists: the pool wakes the loops from its threads */
	evthread_use_pthreads();
	rc = start(&srv, &started);
	if (!rc && (rc = srv_addressdb_start(node, &addrsync, &err)))
		srv_report(err.msg);
	if (!rc && (rc = zen_net_start(srv.net, &err)))
		srv_report(err.msg);
	if (!rc) {
		zen_log_info("serving the %s chain on http://%s:%u (data "
			     "directory %s)%s%s", node->params->name, srv.host,
			     srv.port, node->datadir,
			     srv.public_mode ? ", public" : "",
			     srv.mine ? ", mining" : "");
		if (srv.cookie[0])
			zen_log_info("/wallet/ needs the bearer token in %s (zen "
				     "--api-token-file)", srv.cookie);
		srv_notify("READY=1");
		sig = srv_wait_stop();
		srv_notify("STOPPING=1");
		zen_log_info("%s received, stopping",
			     sig == SIGINT ? "SIGINT" : "SIGTERM");
	}
	/* the P2P front first: it submits blocks as the miner does (its
	 * memory goes once no HTTP request can be reading it, below) */
	zen_net_stop(srv.net);
	zen_log_debug("stop: the peer-to-peer front has stopped");
	if (srv.mine) {
		atomic_store(&srv.stop_mining, 1);
		pthread_join(srv.miner, NULL);
		zen_log_debug("stop: the miner has stopped");
	}
	zen_addrsync_stop(addrsync);
	zen_log_debug("stop: the address index has stopped");
	if (srv.workers)
		stop_workers(&srv, started);
	else if (srv_pool_stop(&srv))
		srv_exit_now(&srv, 1);
	free(srv.workers);
	srv.workers = NULL;	/* /metrics reads it */
	srv_conns_free(&srv);
out:
	zen_net_free(srv.net);
	srv_policy_free(srv.policy);
	node->more_metrics = NULL;
	srv_metrics_free(srv.metrics);
	if (srv.cookie[0])
		unlink(srv.cookie);
	sodium_memzero(srv.token, sizeof(srv.token));
	op_session_end();	/* the unlocked wallet's secret, if any */
	if (srv.fd >= 0)
		close(srv.fd);
	srv_pidfile_drop(&srv);
	if (!rc)
		zen_log_info("stopped");
	srv_log_stop(&srv);
	return rc;
}
