/*
 * route.c - one request of `zen serve` (api.md 1.2-1.4): the Host check,
 * the policy (token, public mode, rate limit), the route, the parameters;
 * then the operation runs inline on the event loop, or, when its row says
 * it may take long (ZEN_OPF_BLOCKING) or it takes a password, in the job
 * pool (jobs.c).
 *
 * Unknown routes are 400 "unmatched request"; methods other than GET,
 * POST and OPTIONS 405 with an empty body; OPTIONS 202, empty.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/queue.h>

#include <event2/buffer.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "log/log.h"
#include "ops/handlers.h"
#include "ops/json_num.h"
#include "server/policy.h"
#include "server/srv.h"

/* One request being routed. */
struct route {
	struct srv *srv;
	struct srv_worker *w;
	struct srv_conn *c;
	struct evhttp_request *req;
	int json;		/* Accept: application/json */
	int from_body;		/* the parameters came in a POST body */
};

static void fail(struct route *r, enum zen_code code, int status,
		 const char *msg)
{
	srv_send_error(r->srv, r->c, r->req, r->json, code, status, msg);
}

/*
 * A parameter's name as op's row spells it, or NULL for one op does not
 * take: the reference ignores those (api.md 1.3).  Query names group
 * case-insensitively (api.md 12: ?take=1&TAKE=2 is one parameter).
 */
static const char *param_name(const struct zen_op *op, const char *key,
			      int any_case)
{
	for (const struct zen_param *p = op->params; p->name; p++)
		if (any_case ? !strcasecmp(p->name, key) : !strcmp(p->name, key))
			return p->name;
	return NULL;
}

static json_t *query_params(struct evhttp_request *req, const struct zen_op *op)
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
		const char *name = param_name(op, kv->key, 1);
		json_t *v = name ? json_string(kv->value) : NULL;

		/* a flag is set by "true" only (api.md 5.9: hex=TRUE is JSON) */
		if (v && zen_op_param(op, name)->type == ZEN_PT_BOOL &&
		    strcmp(kv->value, "true")) {
			json_decref(v);
			v = json_false();
		}

		if (name && !v) {	/* not UTF-8 */
			json_decref(raw);
			raw = NULL;
			break;
		}
		if (name)
			json_object_set_new(raw, name, v);
	}
	evhttp_clear_headers(&params);
	return raw;
}

/* The reference's parse errors start with a prefix of their endpoint
 * (api.md F21, kept); the table row names the unusual ones. */
static const char *json_error_prefix(const struct zen_op *op)
{
	return op->json_error ? op->json_error : "Json is invalid: ";
}

/*
 * The reference reads a body leniently (api.md 1.3): fields it does not
 * know are ignored, a missing string is "" and a missing array [] (so the
 * handler answers "Password is empty", "Contract code is empty"...); a
 * missing number stays missing, a parse error.
 */
/* The parameter of op that body key key is an alias of (its row's
 * aliases), or NULL. */
static const struct zen_param *alias_of(const struct zen_op *op,
					const char *key)
{
	for (const struct zen_param *p = op->params; p->name; p++)
		for (const char *const *a = p->aliases; a && *a; a++)
			if (!strcmp(*a, key))
				return p;
	return NULL;
}

static void body_fields(json_t *raw, json_t *body, const struct zen_op *op)
{
	const struct zen_param *p;
	const char *key;
	json_t *v;

	json_object_foreach(body, key, v) {
		if (param_name(op, key, 0))
			json_object_set(raw, key, v);
		else if ((p = alias_of(op, key)) && !json_object_get(body, p->name))
			json_object_set(raw, p->name, v);
	}
	for (p = op->params; p->name; p++) {
		if (!(p->flags & ZEN_PF_REQUIRED) || json_object_get(raw, p->name))
			continue;
		if (p->type == ZEN_PT_WORDS)
			json_object_set_new(raw, p->name, json_array());
		else if (p->type == ZEN_PT_STRING || p->type == ZEN_PT_AMOUNT ||
			 p->type == ZEN_PT_HEX ||
			 p->type == ZEN_PT_FILE || p->type == ZEN_PT_PASSWORD)
			json_object_set_new(raw, p->name, json_string(""));
	}
}

/*
 * POST parameters: the JSON body (an object; a bare string for operations
 * that take one, api.md 5.10), over the query string for routes that also
 * answer GET (api.md 5.12: address in the query or the body).
 */
static int body_params(struct evhttp_request *req, const struct zen_op *op,
		       json_t **raw, int *status, struct zen_err *err)
{
	struct evbuffer *in = evhttp_request_get_input_buffer(req);
	const char *ctype = evhttp_find_header(
		evhttp_request_get_input_headers(req), "Content-Type");
	size_t len = evbuffer_get_length(in);
	json_error_t jerr;
	json_t *body;

	*raw = (op->flags & ZEN_OPF_ALSO_POST) ? query_params(req, op) : json_object();
	if (!*raw)
		return zen_fail(err, ZEN_EINVAL, "invalid query string");
	if (!len)
		return 0;
	/* 415 as the reference (api.md 1.3): also what keeps a browser's
	 * cross-origin form post (text/plain, urlencoded, multipart) from
	 * ever reaching a handler. */
	if (!ctype || strncmp(ctype, "application/json", 16)) {
		*status = 415;
		return zen_fail(err, ZEN_EINVAL,
				"only application/json ContentType is supported");
	}
	body = zen_json_loadb((const char *)evbuffer_pullup(in, -1), len,
			      JSON_DECODE_ANY, &jerr);
	if (!body)
		return zen_fail(err, ZEN_EINVAL, "%s%s",
				json_error_prefix(op), jerr.text);
	if (json_is_string(body) && (op->flags & ZEN_OPF_BARE_BODY) &&
	    op->params[0].name) {
		json_object_set_new(*raw, op->params[0].name, body);
		return 0;
	}
	if (!json_is_object(body)) {
		json_decref(body);
		return zen_fail(err, ZEN_EINVAL, "%snot an object",
				json_error_prefix(op));
	}
	body_fields(*raw, body, op);
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

static const char *method_name(enum evhttp_cmd_type cmd)
{
	switch (cmd) {
	case EVHTTP_REQ_GET: return "GET";
	case EVHTTP_REQ_POST: return "POST";
	case EVHTTP_REQ_OPTIONS: return "OPTIONS";
	default: return NULL;
	}
}

/* Does op take a wallet password (then the throttle applies)? */
static int takes_password(const struct zen_op *op)
{
	for (const struct zen_param *p = op->params; p->name; p++)
		if (p->type == ZEN_PT_PASSWORD)
			return 1;
	return 0;
}

/* Runs in the worker's loop: no job thread, no password to wipe. */
static int runs_inline(const struct zen_op *op)
{
	return !(op->flags & ZEN_OPF_BLOCKING) && !takes_password(op);
}

/*
 * Explorers ask for the same page again and again (headers?take=100):
 * each worker keeps the validated arguments of its last GET, and a GET
 * of the same operation with the same query takes them as they are,
 * without the query's parsing into JSON and its validation (a dozen
 * allocations a request).  Validated arguments are only read from then
 * on (zen_call_release drops its reference), so one object can serve
 * many calls.  Only for operations that run inline.
 */
static json_t *memo_get(struct srv_worker *w, const struct zen_op *op,
			const char *query)
{
	if (!query || w->memo.op != op || strcmp(w->memo.query, query))
		return NULL;
	return json_incref(w->memo.args);
}

static void memo_put(struct srv_worker *w, const struct zen_op *op,
		     const char *query, json_t *args)
{
	size_t len = strlen(query);

	if (len >= sizeof(w->memo.query))
		return;
	json_decref(w->memo.args);
	w->memo.op = op;
	memcpy(w->memo.query, query, len + 1);
	w->memo.args = json_incref(args);
}

void srv_route_memo_release(struct srv_worker *w)
{
	json_decref(w->memo.args);
	memset(&w->memo, 0, sizeof(w->memo));
}

/* The call with its arguments validated (call->args) or refused. */
static void run_call(struct route *r, struct zen_call *call, int rc)
{
	if (!rc) {
		call->source = srv_conn_key(r->c);
		call->streams = 1;	/* stream.c sends it as it comes */
		rc = zen_call_run(call);
	}
	srv_send_call(r->srv, r->c, r->req, r->json, rc, call);
	zen_call_release(call);
}

/* raw: the arguments as they came; query: a GET's query string, which
 * names them, or NULL. */
static void run_op(struct route *r, const struct zen_op *op, json_t *raw,
		   const char *query)
{
	struct zen_call call = { .op = op, .node = r->srv->node };
	int rc;

	rc = zen_args_validate(&call.args, op, raw, &call.err);
	if (rc && r->from_body) {	/* a type the reference cannot parse */
		char msg[ZEN_ERR_MSG_MAX];

		snprintf(msg, sizeof(msg), "%s", call.err.msg);
		zen_fail(&call.err, call.err.code, "%s%s",
			 json_error_prefix(op), msg);
	}
	if (!rc && !runs_inline(op)) {
		srv_job_start(r->w, r->c, r->req, op, call.args, r->json);
		return;
	}
	if (!rc && query)
		memo_put(r->w, op, query, call.args);
	run_call(r, &call, rc);
}

/* A GET's query string ("" when it has none). */
static const char *get_query(struct evhttp_request *req)
{
	const struct evhttp_uri *uri = evhttp_request_get_evhttp_uri(req);
	const char *query = uri ? evhttp_uri_get_query(uri) : NULL;

	return query ? query : "";
}

/* The policy's verdict: 0 to go on, else the request was answered. */
static int policy_refused(struct route *r, const struct zen_op *op,
			  const char *path)
{
	const char *msg = NULL;
	unsigned retry = 0;
	int status = 0, code;
	char n[16];

	if (!r->srv->policy)
		return 0;
	code = srv_policy_admit(r->srv->policy, srv_conn_source(r->c), op, path,
				evhttp_find_header(evhttp_request_get_input_headers(r->req),
						   "Authorization"),
				&status, &msg, &retry);
	if (!code)
		return 0;
	if (retry) {
		snprintf(n, sizeof(n), "%u", retry);
		evhttp_add_header(evhttp_request_get_output_headers(r->req),
				  "Retry-After", n);
	}
	fail(r, (enum zen_code)code, status, msg ? msg : "refused");
	return 1;
}

static void route(struct route *r, const char *method)
{
	struct zen_err err = ZEN_ERR_INIT;
	const struct zen_op *op;
	const char *query = NULL;
	json_t *raw = NULL;
	int status = 0;
	char path[1024];

	route_path(r->req, path, sizeof(path));
	op = strcmp(method, "OPTIONS") ? zen_op_find_route(method, path) : NULL;
	/* /metrics beyond loopback only when asked for (--metrics) */
	if (op && op->handler == op_node_metrics && !r->srv->metrics_served)
		op = NULL;
	srv_conn_set_op(r->c, op);
	if (policy_refused(r, op, path))
		return;
	if (!strcmp(method, "OPTIONS")) {
		srv_send(r->srv, r->c, r->req, 202, NULL, NULL, 0);
		return;
	}
	if (!op) {
		fail(r, ZEN_EINVAL, 400, "unmatched request");
		return;
	}
	if (!strcmp(method, "GET")) {
		struct zen_call call = { .op = op, .node = r->srv->node };

		query = runs_inline(op) ? get_query(r->req) : NULL;
		if ((call.args = memo_get(r->w, op, query))) {
			run_call(r, &call, 0);
			return;
		}
		raw = query_params(r->req, op);
		if (!raw)
			zen_fail(&err, ZEN_EINVAL, "invalid query string");
	} else if (!evbuffer_get_length(evhttp_request_get_input_buffer(r->req)) &&
		   !(op->flags & ZEN_OPF_ALSO_POST) && op->params[0].name) {
		/* api.md 1.2: only resync and getnewaddress take no body */
		fail(r, ZEN_EINVAL, 400, "unmatched request");
		return;
	} else {
		r->from_body = 1;
		if (body_params(r->req, op, &raw, &status, &err)) {
			json_decref(raw);
			raw = NULL;
		}
	}
	if (raw)
		run_op(r, op, raw, query);
	else
		fail(r, err.code, status, err.msg);
	json_decref(raw);
}

void srv_handle(struct evhttp_request *req, void *arg)
{
	struct srv_worker *w = arg;
	struct route r = { .srv = w->srv, .w = w, .req = req };
	const char *method = method_name(evhttp_request_get_command(req));

	r.c = srv_conn_of(w, req);
	srv_conn_request_begin(r.c);
	r.json = srv_wants_json(req);
	if (!r.c) {	/* conn.c saw every connection: not expected */
		fail(&r, ZEN_EINTERNAL, 500, "connection not tracked");
		return;
	}
	if (srv_conn_refused(r.c)) {
		fail(&r, ZEN_EUNREACHABLE, 503, "too many connections");
		return;
	}
	if (!method) {
		srv_send(r.srv, r.c, req, 405, NULL, NULL, 0);
		return;
	}
	if (!host_allowed(r.srv, req)) {
		fail(&r, ZEN_EINVAL, 403, "forbidden host");
		return;
	}
	/* evhttp refuses larger bodies itself (conn.c makes its reply ours) */
	if (evbuffer_get_length(evhttp_request_get_input_buffer(req)) >
	    r.srv->max_body) {
		fail(&r, ZEN_EINVAL, 413, "request body too large");
		return;
	}
	route(&r, method);
}
