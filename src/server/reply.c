/*
 * reply.c - the reply convention of `zen serve` (zen(1), HTTP API).
 *
 * Success: JSON (compact, no trailing newline) or text/plain, 200.  An
 * error is text/plain with the message as the body, or, when the request's
 * Accept header names application/json and no wildcard, {"error": msg,
 * "code": exit code} as application/json; zen's own client asks for JSON
 * and takes its exit code from "code".  Empty replies (405, the 202 of
 * OPTIONS, an empty text such as /wallet/resync's 200) carry no
 * Content-Type at all.  Every reply gets the policy's headers (CORS in
 * public mode).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/queue.h>
#include <time.h>

#include <event2/buffer.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "core/base/buf.h"
#include "ops/json_num.h"
#include "server/policy.h"
#include "server/srv.h"

/*
 * A client that takes any type gets the reference's text errors: axios,
 * as the reference's desktop wallet uses it, sends application/json,
 * text/plain and the any-type range, and shows error.response.data as
 * text.  zen's own client names its two types without a wildcard.
 */
int srv_accept_json(const char *accept)
{
	int json = 0;

	for (const char *a = accept; a && *a; a++) {
		if (!strncmp(a, "*/*", 3))
			return 0;
		if (!strncasecmp(a, "application/json", 16))
			json = 1;
	}
	return json;
}

int srv_wants_json(struct evhttp_request *req)
{
	return srv_accept_json(evhttp_find_header(
		evhttp_request_get_input_headers(req), "Accept"));
}

static const char *reason_of(int status)
{
	switch (status) {
	case 400: return "Bad Request";
	case 403: return "Forbidden";
	case 405: return "Method Not Allowed";
	case 413: return "Payload Too Large";
	case 417: return "Expectation Failed";
	case 429: return "Too Many Requests";
	case 431: return "Request Header Fields Too Large";
	case 503: return "Service Unavailable";
	default: return NULL;
	}
}

/*
 * The Date header's value, formatted once a second per thread: evhttp
 * formats it for every reply that has none (gmtime and a printf, 2% of
 * zen serve's CPU on a cached page).  English names whatever the locale,
 * as RFC 9110 wants.
 */
static const char *http_date(void)
{
	static const char days[7][4] = {
		"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat",
	};
	static const char months[12][4] = {
		"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
		"Oct", "Nov", "Dec",
	};
	static _Thread_local time_t at = -1;
	static _Thread_local char text[32];
	time_t now = time(NULL);
	struct tm tm;

	if (now != at && gmtime_r(&now, &tm)) {
		snprintf(text, sizeof(text), "%s, %02d %s %04d %02d:%02d:%02d "
			 "GMT", days[tm.tm_wday % 7], tm.tm_mday,
			 months[tm.tm_mon % 12], tm.tm_year + 1900, tm.tm_hour,
			 tm.tm_min, tm.tm_sec);
		at = now;
	}
	return text;
}

void srv_reply_headers(struct srv *srv, struct srv_conn *c,
		       struct evhttp_request *req, int status,
		       const char *ctype)
{
	struct evkeyvalq *h = evhttp_request_get_output_headers(req);

	evhttp_add_header(h, "Date", http_date());
	if (srv->policy)
		srv_policy_headers(srv->policy, evhttp_find_header(
			evhttp_request_get_input_headers(req), "Origin"), h);
	if (ctype)
		evhttp_add_header(h, "Content-Type", ctype);
	if (status == 401)
		evhttp_add_header(h, "WWW-Authenticate", "Bearer");
	if (c && srv_conn_refused(c))
		evhttp_add_header(h, "Connection", "close");
}

void srv_send(struct srv *srv, struct srv_conn *c,
	      struct evhttp_request *req, int status, const char *ctype,
	      const char *body, size_t len)
{
	srv_reply_headers(srv, c, req, status, ctype);
	if (len)
		evbuffer_add(evhttp_request_get_output_buffer(req), body, len);
	srv_request_done(c, req, status,
			evbuffer_get_length(evhttp_request_get_output_buffer(req)));
	srv_conn_reply_begin(c);
	/* NULL: evhttp's own phrase (it has none for 429) */
	evhttp_send_reply(req, status, reason_of(status), NULL);
	srv_conn_reply_end(c);
	srv_conn_flush(c);
}

/* The body of an error and its content type; free the result. */
static char *error_body(int json, enum zen_code code, const char *msg,
			const char **ctype)
{
	json_t *doc;
	char *s;

	if (!json) {
		*ctype = "text/plain";
		return zen_xstrdup(msg);
	}
	*ctype = "application/json";
	doc = json_pack("{s:s, s:i}", "error", msg, "code", (int)code);
	s = doc ? zen_json_dumps(doc, JSON_COMPACT) : NULL;
	json_decref(doc);
	/* a message that is not UTF-8 cannot be a JSON string */
	return s ? s : zen_xstrdup("{\"error\":\"internal error\",\"code\":70}");
}

void srv_send_error(struct srv *srv, struct srv_conn *c,
		    struct evhttp_request *req, int json, enum zen_code code,
		    int status, const char *msg)
{
	const char *ctype;
	char *body = error_body(json, code, msg, &ctype);

	srv_send(srv, c, req, status ? status : zen_code_http_status(code),
		 ctype, body, strlen(body));
	free(body);
}

void srv_send_call(struct srv *srv, struct srv_conn *c,
		   struct evhttp_request *req, int json, int rc,
		   struct zen_call *call)
{
	char *s;

	if (rc) {
		srv_send_error(srv, c, req, json, (enum zen_code)rc,
			       call->http_status, call->err.msg);
		return;
	}
	if (call->stream) {
		srv_stream_send(srv, c, req, json, call);
		return;
	}
	if (call->text) {	/* empty: the reference's bare 200 (api.md 1.4) */
		srv_send(srv, c, req, 200, call->text[0] ? "text/plain" : NULL,
			 call->text, strlen(call->text));
		return;
	}
	s = zen_json_dumps(call->result, JSON_COMPACT | JSON_ENCODE_ANY |
			   JSON_REAL_PRECISION(15));
	if (!s) {
		srv_send_error(srv, c, req, json, ZEN_EINTERNAL, 0,
			       "cannot encode reply");
		return;
	}
	srv_send(srv, c, req, 200, "application/json", s, strlen(s));
	free(s);
}

void srv_raw_error(struct srv *srv, struct evbuffer *out, int json,
		   enum zen_code code, int status, const char *msg)
{
	struct evkeyvalq h;
	struct evkeyval *kv;
	const char *ctype = NULL;
	char *body = msg ? error_body(json, code, msg, &ctype) : NULL;
	size_t len = body ? strlen(body) : 0;

	TAILQ_INIT(&h);
	if (srv->policy)	/* the request is not ours to read here */
		srv_policy_headers(srv->policy, NULL, &h);
	evbuffer_add_printf(out, "HTTP/1.1 %d %s\r\n", status,
			    reason_of(status) ? reason_of(status) : "Error");
	if (ctype)
		evbuffer_add_printf(out, "Content-Type: %s\r\n", ctype);
	TAILQ_FOREACH(kv, &h, next)
		evbuffer_add_printf(out, "%s: %s\r\n", kv->key, kv->value);
	evbuffer_add_printf(out, "Content-Length: %zu\r\n"
			    "Connection: close\r\n\r\n", len);
	if (len)
		evbuffer_add(out, body, len);
	evhttp_clear_headers(&h);
	free(body);
}
