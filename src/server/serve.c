/*
 * serve.c - `zen serve`.  One listening socket shared by a few worker
 * threads, each with its own event base and evhttp; every request goes
 * through the same table and handlers as the CLI.
 *
 * Replies follow api.md: JSON (compact, no trailing newline) or text/plain
 * on 200; errors are JSON {"error": text, "code": exit status} with the
 * status of zen_code_http_status(); unknown routes 400 "unmatched request";
 * methods other than GET/POST/OPTIONS 405; OPTIONS 202.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>
#include <sys/socket.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <event2/thread.h>
#include <event2/util.h>

#include "core/address.h"
#include "core/buf.h"
#include "core/chain/store.h"
#include "core/hex.h"
#include <sodium.h>
#include "ops/mining.h"
#include "ops/node.h"
#include "server/serve.h"

struct srv_worker {
	pthread_t thread;
	struct event_base *base;
	struct evhttp *http;
	struct srv *srv;
};

struct srv {
	struct zen_node *node;
	/* --mine: one thread that mines blocks paying mine_pk_hash. */
	int mine;
	uint8_t mine_pk_hash[ZEN_HASH_LEN];
	unsigned mine_threads;
	pthread_t miner;
	atomic_int stop_mining;
	char host[256];		/* as bound, for the Host check */
	int loopback;		/* bound to a loopback address */
	uint16_t port;
	evutil_socket_t fd;
	struct srv_worker *workers;
	unsigned nworkers;
	/* Bearer token required on /wallet/ paths (empty: none): from
	 * --api-token-file, or generated into <datadir>/.cookie when bound
	 * beyond loopback. */
	char token[128];
	char cookie[4200];	/* the cookie file we wrote, removed at exit */
};

/* --- replies ---------------------------------------------------------- */

static void send_body(struct evhttp_request *req, int status,
		      const char *ctype, const char *body, size_t len)
{
	struct evbuffer *out = evhttp_request_get_output_buffer(req);

	if (ctype)
		evhttp_add_header(evhttp_request_get_output_headers(req),
				  "Content-Type", ctype);
	if (len)
		evbuffer_add(out, body, len);
	evhttp_send_reply(req, status, NULL, NULL);
}

static void send_error(struct evhttp_request *req, enum zen_code code,
		       int status, const char *msg)
{
	json_t *doc = json_pack("{s:s, s:i}", "error", msg, "code", (int)code);
	char *s = json_dumps(doc, JSON_COMPACT);

	send_body(req, status ? status : zen_code_http_status(code),
		  "application/json", s, strlen(s));
	free(s);
	json_decref(doc);
}

static void send_call(struct evhttp_request *req, struct zen_call *call)
{
	char *s;

	if (call->text) {
		send_body(req, 200, "text/plain", call->text, strlen(call->text));
		return;
	}
	s = json_dumps(call->result, JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(15));
	if (!s) {
		send_error(req, ZEN_EINTERNAL, 0, "cannot encode reply");
		return;
	}
	send_body(req, 200, "application/json", s, strlen(s));
	free(s);
}

/* --- request parsing -------------------------------------------------- */

static json_t *query_params(struct evhttp_request *req)
{
	const struct evhttp_uri *uri = evhttp_request_get_evhttp_uri(req);
	const char *query = uri ? evhttp_uri_get_query(uri) : NULL;
	struct evkeyvalq params;
	struct evkeyval *kv;
	json_t *raw = json_object();

	if (!query)
		return raw;
	TAILQ_INIT(&params);
	if (evhttp_parse_query_str(query, &params)) {
		json_decref(raw);
		return NULL;
	}
	/* Repeated parameters: the last one wins (api.md F20). */
	TAILQ_FOREACH(kv, &params, next) {
		json_t *v = json_string(kv->value);

		if (!v) {	/* not UTF-8 */
			json_decref(raw);
			raw = NULL;
			break;
		}
		json_object_set_new(raw, kv->key, v);
	}
	evhttp_clear_headers(&params);
	return raw;
}

/*
 * POST parameters: the JSON body (an object; a bare string for operations
 * that take one, api.md 5.10), over the query string for routes that also
 * answer GET (api.md 5.12: address in the query or the body).
 */
static int body_params(struct evhttp_request *req, const struct zen_op *op,
		       json_t **raw, struct zen_err *err)
{
	struct evbuffer *in = evhttp_request_get_input_buffer(req);
	const char *ctype = evhttp_find_header(
		evhttp_request_get_input_headers(req), "Content-Type");
	size_t len = evbuffer_get_length(in);
	json_error_t jerr;
	json_t *body;

	*raw = (op->flags & ZEN_OPF_ALSO_POST) ? query_params(req) : json_object();
	if (!*raw)
		return zen_fail(err, ZEN_EINVAL, "invalid query string");
	if (!len)
		return 0;
	if (!ctype || strncmp(ctype, "application/json", 16))
		return zen_fail(err, ZEN_EINVAL,
				"only application/json ContentType is supported");
	body = json_loadb((const char *)evbuffer_pullup(in, -1), len,
			  JSON_DECODE_ANY, &jerr);
	if (!body)
		return zen_fail(err, ZEN_EINVAL, "Json is invalid: %s", jerr.text);
	if (json_is_string(body) && (op->flags & ZEN_OPF_BARE_BODY) &&
	    op->params[0].name) {
		json_object_set_new(*raw, op->params[0].name, body);
		return 0;
	}
	if (!json_is_object(body)) {
		json_decref(body);
		return zen_fail(err, ZEN_EINVAL, "Json is invalid: not an object");
	}
	json_object_update(*raw, body);
	json_decref(body);
	return 0;
}

/* The route: path without its query and without one trailing slash. */
static void route_path(struct evhttp_request *req, char *out, size_t size)
{
	const struct evhttp_uri *uri = evhttp_request_get_evhttp_uri(req);
	const char *path = uri ? evhttp_uri_get_path(uri) : NULL;
	size_t n;

	snprintf(out, size, "%s", path && *path ? path : "/");
	n = strlen(out);
	if (n > 1 && out[n - 1] == '/')
		out[n - 1] = 0;
}

/* DNS-rebinding defence: on loopback, only our own names are served. */
static int host_allowed(struct srv *srv, struct evhttp_request *req)
{
	const char *host = evhttp_find_header(
		evhttp_request_get_input_headers(req), "Host");
	static const char *const names[] = { "localhost", "127.0.0.1", "[::1]" };
	char name[300];
	const char *colon;
	size_t n;

	if (!srv->loopback || !host)
		return 1;
	colon = strrchr(host, ':');
	n = colon && !strchr(colon, ']') ? (size_t)(colon - host) : strlen(host);
	snprintf(name, sizeof(name), "%.*s", (int)(n < 299 ? n : 299), host);
	if (!strcasecmp(name, srv->host))
		return 1;
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(names); i++)
		if (!strcasecmp(name, names[i]))
			return 1;
	return 0;
}

/* /wallet/ paths need the token when there is one (api.md 10.1). */
static int token_ok(struct srv *srv, struct evhttp_request *req,
		    const char *path)
{
	const char *auth = evhttp_find_header(
		evhttp_request_get_input_headers(req), "Authorization");
	size_t n = strlen(srv->token);

	if (!srv->token[0] || strncmp(path, "/wallet/", 8))
		return 1;
	if (!auth || strncmp(auth, "Bearer ", 7) || strlen(auth + 7) != n)
		return 0;
	return sodium_memcmp(auth + 7, srv->token, n) == 0;
}

static const char *method_name(enum evhttp_cmd_type cmd)
{
	switch (cmd) {
	case EVHTTP_REQ_GET: return "GET";
	case EVHTTP_REQ_POST: return "POST";
	case EVHTTP_REQ_OPTIONS: return "OPTIONS";
	default: return NULL;
	}
}

static void run_op(struct evhttp_request *req, struct srv *srv,
		   const struct zen_op *op, json_t *raw)
{
	struct zen_call call = { .op = op, .node = srv->node };
	int rc;

	rc = zen_args_validate(&call.args, op, raw, &call.err);
	if (!rc)
		rc = zen_call_run(&call);
	if (rc)
		send_error(req, (enum zen_code)rc, call.http_status, call.err.msg);
	else
		send_call(req, &call);
	zen_call_release(&call);
}

static void handle(struct evhttp_request *req, void *data)
{
	struct srv *srv = data;
	const char *method = method_name(evhttp_request_get_command(req));
	struct zen_err err = ZEN_ERR_INIT;
	const struct zen_op *op;
	json_t *raw = NULL;
	char path[1024];

	if (!method) {
		send_body(req, 405, NULL, NULL, 0);
		return;
	}
	if (!host_allowed(srv, req)) {
		send_error(req, ZEN_EINVAL, 403, "forbidden host");
		return;
	}
	if (evbuffer_get_length(evhttp_request_get_input_buffer(req)) >
	    SRV_MAX_BODY) {
		send_error(req, ZEN_EINVAL, 400, "request body too large");
		return;
	}
	if (!strcmp(method, "OPTIONS")) {
		send_body(req, 202, NULL, NULL, 0);
		return;
	}
	route_path(req, path, sizeof(path));
	if (!token_ok(srv, req, path)) {
		evhttp_add_header(evhttp_request_get_output_headers(req),
				  "WWW-Authenticate", "Bearer");
		send_error(req, ZEN_EPASSWORD, 401, "missing or wrong api token");
		return;
	}
	op = zen_op_find_route(method, path);
	if (!op) {
		send_error(req, ZEN_EINVAL, 400, "unmatched request");
		return;
	}
	if (!strcmp(method, "GET")) {
		raw = query_params(req);
		if (!raw)
			zen_fail(&err, ZEN_EINVAL, "invalid query string");
	} else if (body_params(req, op, &raw, &err)) {
		json_decref(raw);
		raw = NULL;
	}
	if (raw)
		run_op(req, srv, op, raw);
	else
		send_error(req, err.code, 0, err.msg);
	json_decref(raw);
}

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
	if (srv->loopback)
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

static int start_worker(struct srv *srv, struct srv_worker *w)
{
	w->srv = srv;
	w->base = event_base_new();
	w->http = w->base ? evhttp_new(w->base) : NULL;
	if (!w->http)
		return -1;
	evhttp_set_allowed_methods(w->http, EVHTTP_REQ_GET | EVHTTP_REQ_POST |
		EVHTTP_REQ_HEAD | EVHTTP_REQ_PUT | EVHTTP_REQ_DELETE |
		EVHTTP_REQ_OPTIONS | EVHTTP_REQ_TRACE | EVHTTP_REQ_CONNECT |
		EVHTTP_REQ_PATCH);
	/* Bodies between SRV_MAX_BODY and twice that get our own 400 with a
	 * JSON reason; beyond, evhttp refuses them before reading. */
	evhttp_set_max_body_size(w->http, 2 * (ev_ssize_t)SRV_MAX_BODY);
	evhttp_set_max_headers_size(w->http, 64 * 1024);
	evhttp_set_timeout(w->http, 60);
	evhttp_set_gencb(w->http, handle, srv);
	if (evhttp_accept_socket(w->http, srv->fd))
		return -1;
	return pthread_create(&w->thread, NULL, worker_main, w) ? -1 : 0;
}

static unsigned default_threads(void)
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
	if (zen_args_u64(args, "mineThreads", &threads) && threads > 64)
		return zen_fail(err, ZEN_EINVAL, "invalid mineThreads (at most 64)");
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
				fprintf(stderr, "zen: mining: %s\n", err.msg);
				sleep(1);
			}
			continue;
		}
		zen_hex_encode_to(hash, res.hash, ZEN_HASH_LEN);
		fprintf(stderr, "zen: mined block %u %s\n", res.tip_number, hash);
	}
	return NULL;
}

static int configure(struct srv *srv, struct zen_node *node, json_t *raw,
		     struct zen_err *err)
{
	const struct zen_op *op = zen_op_find("serve", NULL);
	json_t *args = NULL;
	uint64_t threads = 0;
	const char *bind;
	int rc;

	srv->node = node;
	srv->port = node->params->api_port;
	snprintf(srv->host, sizeof(srv->host), "127.0.0.1");
	if ((rc = zen_args_validate(&args, op, raw, err)))
		return rc;
	bind = zen_args_str(args, "bind");
	if (bind)
		rc = parse_bind(srv, bind, err);
	if (!rc && zen_args_u64(args, "threads", &threads) &&
	    (threads < 1 || threads > 64))
		rc = zen_fail(err, ZEN_EINVAL, "invalid threads (1 to 64)");
	srv->nworkers = threads ? (unsigned)threads : default_threads();
	if (!rc)
		rc = configure_mining(srv, args, err);
	if (!rc && zen_args_str(args, "apiTokenFile"))
		snprintf(srv->cookie, sizeof(srv->cookie), "%s",
			 zen_args_str(args, "apiTokenFile"));
	json_decref(args);
	if (!rc)
		rc = zen_store_mkdirs(node->datadir, err);
	return rc;
}

static int wait_for_signal(void)
{
	sigset_t set;
	int sig = 0;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigwait(&set, &sig);
	return sig;
}

static void block_signals(void)
{
	sigset_t set;

	/* A background job of a non-interactive shell starts with SIGINT
	 * ignored, and an ignored signal is discarded rather than queued for
	 * sigwait: restore the default action first. */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
}

static void stop_workers(struct srv *srv, unsigned started)
{
	for (unsigned i = 0; i < started; i++)
		event_base_loopexit(srv->workers[i].base, NULL);
	for (unsigned i = 0; i < started; i++)
		pthread_join(srv->workers[i].thread, NULL);
	for (unsigned i = 0; i < srv->nworkers; i++) {
		if (srv->workers[i].http)
			evhttp_free(srv->workers[i].http);
		if (srv->workers[i].base)
			event_base_free(srv->workers[i].base);
	}
}

static int take_token(struct srv *srv, struct zen_err *err)
{
	char file[sizeof(srv->cookie)];

	snprintf(file, sizeof(file), "%s", srv->cookie);
	srv->cookie[0] = 0;
	return setup_token(srv, file[0] ? file : NULL, err);
}

int srv_main(struct zen_node *node, json_t *raw)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct srv srv = { .fd = -1 };
	struct zen_chainstate *chain;
	unsigned started = 0;
	int rc, sig;

	/* First of all, so that a stop request during start-up is kept for
	 * sigwait rather than lost or acted on half-way. */
	block_signals();
	if ((rc = configure(&srv, node, raw, &err)) ||
	    (rc = zen_node_chain(node, &chain, &err)) ||
	    (rc = open_listener(&srv, &err)) ||
	    (rc = take_token(&srv, &err))) {
		fprintf(stderr, "zen: %s\n", err.msg);
		goto out;
	}
	evthread_use_pthreads();
	srv.workers = zen_xcalloc(srv.nworkers, sizeof(*srv.workers));
	for (; started < srv.nworkers; started++)
		if (start_worker(&srv, &srv.workers[started])) {
			fprintf(stderr, "zen: cannot start http worker\n");
			rc = ZEN_EINTERNAL;
			break;
		}
	if (!rc && srv.mine && pthread_create(&srv.miner, NULL, miner_main, &srv)) {
		fprintf(stderr, "zen: cannot start the miner\n");
		rc = ZEN_EINTERNAL;
		srv.mine = 0;
	}
	if (!rc) {
		fprintf(stderr, "zen: serving the %s chain on http://%s:%u "
			"(data directory %s)%s\n", node->params->name, srv.host,
			srv.port, node->datadir, srv.mine ? ", mining" : "");
		if (srv.cookie[0])
			fprintf(stderr, "zen: /wallet/ needs the bearer token in "
				"%s (zen --api-token-file)\n", srv.cookie);
		sig = wait_for_signal();
		fprintf(stderr, "zen: %s received, stopping\n",
			sig == SIGINT ? "SIGINT" : "SIGTERM");
	}
	if (srv.mine) {
		atomic_store(&srv.stop_mining, 1);
		pthread_join(srv.miner, NULL);
	}
	stop_workers(&srv, started);
	free(srv.workers);
out:
	if (srv.cookie[0])
		unlink(srv.cookie);
	sodium_memzero(srv.token, sizeof(srv.token));
	if (srv.fd >= 0)
		close(srv.fd);
	return rc;
}
