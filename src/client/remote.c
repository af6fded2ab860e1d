#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


#include "core/base/clock.h"
#include "client/curl_lazy.h"
#include "client/remote.h"
#include "core/base/buf.h"
#include "ops/json_num.h"

/* Replies bigger than this are refused rather than buffered. */
#define RCL_MAX_REPLY (64u << 20)

static char token[256];
static double wait_seconds;	/* rcl_set_wait */

int rcl_set_token_file(const char *path, struct zen_err *err)
{
	FILE *f;
	size_t n;

	token[0] = 0;
	if (!path || !*path)
		return 0;
	if (!(f = fopen(path, "r")))
		return zen_fail(err, ZEN_EINVAL, "cannot open %s", path);
	if (!fgets(token, sizeof(token), f))
		token[0] = 0;
	fclose(f);
	n = strcspn(token, "\r\n");
	token[n] = 0;
	if (!n)
		return zen_fail(err, ZEN_EINVAL, "%s holds no token", path);
	return 0;
}

static size_t collect(char *p, size_t size, size_t n, void *data)
{
	struct zen_buf *body = data;

	if (body->len + size * n > RCL_MAX_REPLY)
		return 0;
	zen_buf_add(body, p, size * n);
	return size * n;
}

/* libcurl's functions (curl_lazy.h), set by rcl_call. */
static const struct zen_curl *cu;

static void append_query(struct zen_buf *url, CURL *curl, json_t *raw)
{
	const char *name;
	json_t *v;
	char sep = '?';

	json_object_foreach(raw, name, v) {
		char *k = cu->easy_escape(curl, name, 0);
		char *val = cu->easy_escape(curl, json_string_value(v),
					     (int)json_string_length(v));

		zen_buf_addf(url, "%c%s=%s", sep, k, val);
		sep = '&';
		cu->free(k);
		cu->free(val);
	}
}

static void build_url(struct zen_buf *url, CURL *curl, const char *base,
		      const struct zen_op *op, json_t *raw)
{
	size_t n = strlen(base);

	while (n && base[n - 1] == '/')
		n--;
	zen_buf_add(url, base, n);
	zen_buf_addstr(url, op->path);
	if (!strcmp(op->method, "GET"))
		append_query(url, curl, raw);
}

static enum zen_code status_code(long status)
{
	switch (status) {
	case 400: return ZEN_EREFUSED;
	case 403: return ZEN_EPASSWORD;
	case 404: return ZEN_ENOTFOUND;
	default: return ZEN_EINTERNAL;
	}
}

/* Error answers: zen serve sends {"error": text, "code": n}; the reference
 * node sends the text alone. */
static int map_error(struct rcl_reply *reply, const char *body, size_t len)
{
	json_t *doc = zen_json_loadb(body, len, JSON_DECODE_ANY, NULL);
	json_t *msg = json_object_get(doc, "error");
	json_t *code = json_object_get(doc, "code");
	enum zen_code c = status_code(reply->status);

	/* The reference node answers a wrong password 400 "Bad password". */
	if (reply->status == 400 && len == 12 && !memcmp(body, "Bad password", 12))
		c = ZEN_EPASSWORD;
	if (json_is_integer(code) && json_integer_value(code) > 0 &&
	    json_integer_value(code) < 256)
		c = (enum zen_code)json_integer_value(code);
	if (json_is_string(msg))
		zen_fail(&reply->err, c, "%s", json_string_value(msg));
	else if (len)
		zen_fail(&reply->err, c, "%.*s", (int)(len > 400 ? 400 : len), body);
	else
		zen_fail(&reply->err, c, "node answered http %ld", reply->status);
	json_decref(doc);
	return c;
}

static int take_reply(struct rcl_reply *reply, const struct zen_op *op,
		      const char *ctype, struct zen_buf *body)
{
	json_error_t jerr;

	if (reply->status != 200)
		return map_error(reply, zen_buf_str(body), body->len);
	/* an empty 200 has no content type (the reference's /wallet/resync) */
	if ((ctype && !strncmp(ctype, "text/plain", 10)) ||
	    (!ctype && !body->len)) {
		reply->text = body->len ? (char *)zen_buf_detach(body, NULL)
					: zen_xstrdup("");
		return 0;
	}
	reply->json = zen_json_loadb(zen_buf_str(body), body->len,
				     JSON_DECODE_ANY, &jerr);
	if (!reply->json)
		return zen_fail(&reply->err, ZEN_EINTERNAL,
				"node sent invalid json: %s", jerr.text);
	return 0;
}

static void set_body(CURL *curl, struct curl_slist **headers,
		     const struct zen_op *op, json_t *raw, char **body)
{
	if (strcmp(op->method, "POST"))
		return;
	*body = zen_json_dumps(raw, JSON_COMPACT);
	*headers = cu->slist_append(*headers, "Content-Type: application/json");
	cu->easy_setopt(curl, CURLOPT_POSTFIELDS, *body);
}

void rcl_set_wait(double seconds)
{
	wait_seconds = seconds;
}

static double now_seconds(void)
{
	return (double)zen_monotonic_us() / 1e6;
}

/* curl_easy_perform, tried again while nothing listens (rcl_set_wait);
 * the pause between tries grows from 50 ms to 1 s, and the last try is
 * at the deadline. */
static CURLcode perform_waiting(CURL *curl, struct zen_buf *body)
{
	double deadline = now_seconds() + wait_seconds, pause = 0.05, left;
	struct timespec ts;
	CURLcode cc;

	for (;;) {
		zen_buf_reset(body);
		cc = cu->easy_perform(curl);
		left = wait_seconds < 0 ? pause : deadline - now_seconds();
		if (cc != CURLE_COULDNT_CONNECT || !wait_seconds || left <= 0)
			return cc;
		if (left > pause)
			left = pause;
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		nanosleep(&ts, NULL);
		pause = pause * 2 > 1 ? 1 : pause * 2;
	}
}

int rcl_call(struct rcl_reply *reply, const char *base_url,
	     const struct zen_op *op, json_t *raw)
{
	struct zen_buf url = ZEN_BUF_INIT, body = ZEN_BUF_INIT;
	struct curl_slist *headers = NULL;
	char *post = NULL, *ctype = NULL;
	CURLcode cc;
	CURL *curl;
	int rc;

	if (!(cu = zen_curl(&reply->err)))
		return reply->err.code;
	if (cu->global_init(CURL_GLOBAL_DEFAULT) || !(curl = cu->easy_init()))
		return zen_fail(&reply->err, ZEN_EINTERNAL, "cannot start libcurl");
	build_url(&url, curl, base_url, op, raw);
	set_body(curl, &headers, op, raw, &post);
	headers = cu->slist_append(headers, "Accept: application/json, text/plain");
	if (token[0]) {
		char auth[300];

		snprintf(auth, sizeof(auth), "Authorization: Bearer %s", token);
		headers = cu->slist_append(headers, auth);
	}
	cu->easy_setopt(curl, CURLOPT_URL, zen_buf_str(&url));
	cu->easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
	cu->easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
	cu->easy_setopt(curl, CURLOPT_WRITEDATA, &body);
	cu->easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
	cu->easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
	cu->easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
	cu->easy_setopt(curl, CURLOPT_USERAGENT, "zen/" ZEN_VERSION_STRING);
	cc = perform_waiting(curl, &body);
	if (cc != CURLE_OK) {
		rc = zen_fail(&reply->err, ZEN_EUNREACHABLE,
			      "cannot reach node at %s: %s", base_url,
			      cu->easy_strerror(cc));
		goto out;
	}
	cu->easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply->status);
	cu->easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &ctype);
	rc = take_reply(reply, op, ctype, &body);
out:
	cu->slist_free_all(headers);
	cu->easy_cleanup(curl);
	free(post);
	zen_buf_release(&url);
	zen_buf_release(&body);
	return rc;
}

void rcl_reply_release(struct rcl_reply *reply)
{
	json_decref(reply->json);
	free(reply->text);
	reply->json = NULL;
	reply->text = NULL;
}
