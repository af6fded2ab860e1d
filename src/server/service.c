/*
 * service.c - `zen serve` as a service: its log (log.h) and what goes in
 * it (start and stop, blocks connected and reorganisations, one line per
 * HTTP request at debug), the pid file, systemd's readiness notification
 * and the signals (SIGINT and SIGTERM stop, SIGHUP reopens the log).
 *
 * A request's line holds its method, its path with the names of its query
 * parameters but never their values, its status, the bytes of its body
 * and the microseconds from its head to its reply:
 *
 *   ... debug GET /blockchain/blocks?blockNumber&take 200 1048576 bytes 5123 us
 *
 * Bodies are never logged (a wallet call's password travels in one), nor
 * headers (the bearer token), nor query values.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <event2/event.h>
#include <event2/http.h>

#include "core/encoding/hex.h"
#include "log/log.h"
#include "ops/node.h"
#include "server/srv.h"

/* ---- options ------------------------------------------------------------- */

void srv_service_configure(struct srv *srv, json_t *args)
{
	const char *level = zen_args_str(args, "logLevel");
	enum zen_log_level l = ZEN_LOG_INFO;

	/* srv_option_check has refused any other name */
	if (level)
		zen_log_level_parse(level, &l);
	srv->log_level = (int)l;
	snprintf(srv->log_file, sizeof(srv->log_file), "%s",
		 zen_args_str(args, "logFile") ? zen_args_str(args, "logFile") : "");
	snprintf(srv->pid_file, sizeof(srv->pid_file), "%s",
		 zen_args_str(args, "pidFile") ? zen_args_str(args, "pidFile") : "");
	srv->pid_fd = -1;
}

/* ---- the log --------------------------------------------------------------- */

static void event_log(int severity, const char *msg)
{
	switch (severity) {
	case EVENT_LOG_ERR: zen_log_error("libevent: %s", msg); break;
	case EVENT_LOG_WARN: zen_log_warn("libevent: %s", msg); break;
	case EVENT_LOG_MSG: zen_log_info("libevent: %s", msg); break;
	default: zen_log_debug("libevent: %s", msg); break;
	}
}

/* The node's on_block: what the chain did with a block, at info when the
 * main chain changed. */
static void log_block(const struct zen_node *node,
		      const struct zen_block_result *res)
{
	char hash[2 * ZEN_HASH_LEN + 1], tip[2 * ZEN_HASH_LEN + 1];

	(void)node;
	zen_hex_encode_to(hash, res->hash, ZEN_HASH_LEN);
	zen_hex_encode_to(tip, res->tip, ZEN_HASH_LEN);
	if (res->outcome == ZEN_BLOCK_REJECTED)
		zen_log_warn("block %s rejected: %s", hash, res->reason);
	else if (res->outcome == ZEN_BLOCK_STORED_ORPHAN)
		zen_log_debug("block %s stored as an orphan", hash);
	else if (res->outcome == ZEN_BLOCK_ON_SIDE)
		zen_log_debug("block %s stored on a side branch", hash);
	if (!res->tip_changed)
		return;
	if (res->disconnected)
		zen_log_info("reorganisation: %u disconnected, %u connected, "
			     "tip %u %s", res->disconnected, res->connected,
			     res->tip_number, tip);
	else if (res->connected > 1)
		zen_log_info("%u blocks connected, tip %u %s", res->connected,
			     res->tip_number, tip);
	else
		zen_log_info("block %u %s connected", res->tip_number, tip);
}

int srv_log_start(struct srv *srv, struct zen_err *err)
{
	int rc = zen_log_open(srv->log_file[0] ? srv->log_file : NULL,
			      (enum zen_log_level)srv->log_level, err);

	if (rc)
		return rc;
	event_set_log_callback(event_log);
	srv->node->on_block = log_block;
	return 0;
}

void srv_log_stop(struct srv *srv)
{
	srv->node->on_block = NULL;
	event_set_log_callback(NULL);
	zen_log_close();
}

void srv_report(const char *msg)
{
	/* standard error always: who started zen serve reads it there */
	fprintf(stderr, "zen: %s\n", msg);
	if (zen_log_to_file())
		zen_log_error("%s", msg);
}

/* ---- requests -------------------------------------------------------------- */

static const char *method_text(enum evhttp_cmd_type cmd)
{
	switch (cmd) {
	case EVHTTP_REQ_GET: return "GET";
	case EVHTTP_REQ_POST: return "POST";
	case EVHTTP_REQ_HEAD: return "HEAD";
	case EVHTTP_REQ_PUT: return "PUT";
	case EVHTTP_REQ_DELETE: return "DELETE";
	case EVHTTP_REQ_OPTIONS: return "OPTIONS";
	case EVHTTP_REQ_TRACE: return "TRACE";
	case EVHTTP_REQ_CONNECT: return "CONNECT";
	case EVHTTP_REQ_PATCH: return "PATCH";
	default: return "-";
	}
}

/* The path as sent, then "?" and the query's names without their values
 * (a value may be anything a client put there). */
static void request_target(struct evhttp_request *req, char *out, size_t size)
{
	const struct evhttp_uri *uri = evhttp_request_get_evhttp_uri(req);
	const char *path = uri ? evhttp_uri_get_path(uri) : NULL;
	const char *q = uri ? evhttp_uri_get_query(uri) : NULL;
	size_t n = (size_t)snprintf(out, size, "%s", path && *path ? path : "/");
	int value = 0;

	for (int first = 1; q && *q && n + 2 < size; q++) {
		if (*q == '&') {
			value = 0;
			if (!first)
				out[n++] = '&';
			continue;
		}
		if (*q == '=')
			value = 1;
		if (value)
			continue;
		if (first)
			out[n++] = '?';
		first = 0;
		out[n++] = *q;
	}
	if (n >= size)
		n = size - 1;
	out[n] = 0;
}

void srv_request_done(struct srv_conn *c, struct evhttp_request *req,
		      int status, size_t bytes)
{
	long long us = srv_conn_request_us(c);
	char target[512];

	if (c)
		srv_metrics_request(srv_conn_srv(c)->metrics, srv_conn_op(c),
				    status, us > 0 ? (uint64_t)us : 0);
	if (!zen_log_enabled(ZEN_LOG_DEBUG) || !req)
		return;
	request_target(req, target, sizeof(target));
	zen_log_debug("%s %s %d %zu bytes %lld us",
		      method_text(evhttp_request_get_command(req)), target,
		      status, bytes, us);
}

/* ---- the pid file ---------------------------------------------------------- */

/* The process that holds the pid file, as its text says, for a message. */
static void holder(int fd, char *out, size_t size)
{
	ssize_t n = pread(fd, out, size - 1, 0);

	out[n > 0 ? n : 0] = 0;
	out[strcspn(out, "\r\n")] = 0;
	if (!out[0])
		snprintf(out, size, "?");
}

/* Is fd still the file at name (another process may have removed it,
 * at its stop, between our open and our lock)? */
static int still_there(int fd, const char *name)
{
	struct stat a, b;

	return !fstat(fd, &a) && !stat(name, &b) && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

/*
 * The pid file is held by a lock on it (flock) for as long as the server
 * runs: a file left by a server that died is taken over, one held by a
 * live one is refused.
 */
int srv_pidfile_take(struct srv *srv, struct zen_err *err)
{
	const char *name = srv->pid_file;
	char text[32];

	for (int tries = 0; name[0] && tries < 3; tries++) {
		int fd = open(name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0644);

		if (fd < 0)
			return zen_fail(err, ZEN_EINVAL, "cannot open pid file "
					"%s: %s", name, strerror(errno));
		if (flock(fd, LOCK_EX | LOCK_NB)) {
			int e = errno;

			holder(fd, text, sizeof(text));
			close(fd);
			return e == EWOULDBLOCK
			       ? zen_fail(err, ZEN_ESTORE, "pid file %s is held by "
					  "process %s", name, text)
			       : zen_fail(err, ZEN_EINVAL, "cannot lock pid file "
					  "%s: %s", name, strerror(e));
		}
		if (!still_there(fd, name)) {
			close(fd);
			continue;
		}
		snprintf(text, sizeof(text), "%ld\n", (long)getpid());
		if (ftruncate(fd, 0) ||
		    pwrite(fd, text, strlen(text), 0) != (ssize_t)strlen(text)) {
			int e = errno;

			unlink(name);
			close(fd);
			return zen_fail(err, ZEN_EINVAL, "cannot write pid file "
					"%s: %s", name, strerror(e));
		}
		srv->pid_fd = fd;
		return 0;
	}
	return name[0] ? zen_fail(err, ZEN_EINVAL, "pid file %s keeps "
				  "changing", name) : 0;
}

void srv_pidfile_drop(struct srv *srv)
{
	if (srv->pid_fd < 0)
		return;
	/* removed while still locked: no one takes a file about to go */
	unlink(srv->pid_file);
	close(srv->pid_fd);
	srv->pid_fd = -1;
}

/* ---- systemd ---------------------------------------------------------------- */

/* sd_notify(3) without libsystemd: one datagram to $NOTIFY_SOCKET (a
 * path, or an abstract name after '@').  Nothing happens without it. */
void srv_notify(const char *state)
{
	const char *path = getenv("NOTIFY_SOCKET");
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	size_t n = path ? strlen(path) : 0;
	socklen_t len;
	int fd;

	if (!n || n >= sizeof(sa.sun_path) || (path[0] != '/' && path[0] != '@'))
		return;
	memcpy(sa.sun_path, path, n);
	if (path[0] == '@')
		sa.sun_path[0] = 0;
	len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n);
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return;
	if (sendto(fd, state, strlen(state), MSG_NOSIGNAL,
		   (struct sockaddr *)&sa, len) < 0)
		zen_log_warn("cannot notify systemd: %s", strerror(errno));
	close(fd);
}

/* ---- signals ------------------------------------------------------------------ */

int srv_wait_stop(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	sigset_t set;
	int sig = 0;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	for (;;) {
		if (sigwait(&set, &sig))
			continue;
		if (sig != SIGHUP)
			return sig;
		/* logrotate has moved the file: a new one at the same name */
		if (zen_log_reopen(&err))
			zen_log_error("%s", err.msg);
		else
			zen_log_info("SIGHUP received: log reopened");
	}
}

void srv_exit_now(struct srv *srv, unsigned busy)
{
	if (srv->cookie[0])
		unlink(srv->cookie);
	srv_pidfile_drop(srv);
	zen_log_info("stopped, without %u request%s in uninterruptible work "
		     "(a password's key derivation)", busy, busy == 1 ? "" : "s");
	_exit(0);
}
