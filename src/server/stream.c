/*
 * stream.c - replies that are streams (op.h): the pages of headers and
 * blocks, up to tens of megabytes, sent without ever being whole in
 * memory.
 *
 * The first batch is made before anything is sent, so a failure there is
 * an ordinary error reply (status and text as any other), and a reply
 * that fits in it goes out whole with its Content-Length like any other;
 * so does a reply the stream has already made whole (a cached page, at
 * most a few megabytes, shared), without a copy.  Any other goes out
 * chunked to an HTTP/1.1 client; an HTTP/1.0 client gets a body that the
 * end of the connection ends (evhttp frames both).
 *
 * Back-pressure: the next batch is made only when evhttp has handed the
 * last one to the socket (evhttp_send_reply_chunk_with_cb calls back when
 * the connection's output buffer is empty), so a connection holds at most
 * one batch (ZEN_STREAM_BATCH) however slowly its client reads; a client
 * that reads nothing for the connection timeout (60 s) is dropped.  The
 * batches are made on the worker's loop: each is short (a quarter of a
 * megabyte of rows read from the store), and the loop serves its other
 * connections between two of them.
 *
 * After the first batch a failure (the chain reorganised under the page,
 * a store error) can only end the connection: the client sees the reply
 * cut short (no last chunk; for HTTP/1.0, JSON that does not end).  A
 * client that goes away ends the stream (conn.c's close callback).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <event2/buffer.h>
#include <event2/http.h>

#include "core/base/buf.h"
#include "server/srv.h"

struct srv_stream {
	struct srv_conn *c;
	struct evhttp_request *req;
	struct zen_stream *s;
	size_t sent;		/* bytes of the body handed to evhttp */
};

static void stream_free(struct srv_stream *st)
{
	/* its log line: at the end, or where the client went away */
	srv_request_done(st->c, st->req, 200, st->sent);
	srv_conn_set_stream(st->c, NULL);
	st->s->free(st->s);
	free(st);
}

static void free_batch(const void *data, size_t len, void *extra)
{
	(void)len;
	(void)extra;
	free((void *)data);
}

static void more_cb(struct evhttp_connection *evcon, void *arg);

/* Hand a batch to evhttp without copying it; more: call back for the
 * next one once it is sent. */
static void send_batch(struct srv_stream *st, struct zen_buf *batch, int more)
{
	struct evbuffer *b = evbuffer_new();
	size_t len;
	uint8_t *data = zen_buf_detach(batch, &len);

	if (!b || evbuffer_add_reference(b, data, len, free_batch, NULL))
		ZEN_BUG("out of memory");
	st->sent += len;
	srv_conn_reply_begin(st->c);
	evhttp_send_reply_chunk_with_cb(st->req, b, more ? more_cb : NULL,
					more ? st : NULL);
	srv_conn_reply_end(st->c);
	evbuffer_free(b);
}

/* A reply that is one batch: as any other, with its length; the bytes
 * are handed over, not copied. */
static void send_whole(struct srv *srv, struct srv_conn *c,
		       struct evhttp_request *req, struct zen_buf *body)
{
	size_t len;
	uint8_t *data = zen_buf_detach(body, &len);

	if (len && evbuffer_add_reference(evhttp_request_get_output_buffer(req),
					  data, len, free_batch, NULL))
		ZEN_BUG("out of memory");
	if (!len)
		free(data);
	srv_send(srv, c, req, 200, "application/json", NULL, 0);
}

static void free_stream(const void *data, size_t len, void *extra)
{
	struct zen_stream *s = extra;

	(void)data;
	(void)len;
	s->free(s);
}

/* A reply already made (a cached page): its bytes as they are, whole, the
 * stream held until they are sent.  Returns 0 if there are none. */
static int send_made(struct srv *srv, struct srv_conn *c,
		     struct evhttp_request *req, struct zen_stream *s)
{
	size_t len = 0;
	const uint8_t *bytes = s->whole(s, &len);

	if (!bytes || !len)
		return 0;
	if (evbuffer_add_reference(evhttp_request_get_output_buffer(req),
				   bytes, len, free_stream, s))
		ZEN_BUG("out of memory");
	srv_send(srv, c, req, 200, "application/json", NULL, 0);
	return 1;
}

/* The last batch went out: the end of the body, and of the stream. */
static void stream_end(struct srv_stream *st)
{
	struct evhttp_request *req = st->req;

	/* before evhttp_send_reply_end, which may close the connection */
	stream_free(st);
	evhttp_send_reply_end(req);
}

/* The connection's output is empty: the next batch. */
static void more_cb(struct evhttp_connection *evcon, void *arg)
{
	struct srv_stream *st = arg;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_buf batch = ZEN_BUF_INIT;
	int done = 0;
	size_t len;

	if (st->s->next(st->s, &batch, ZEN_STREAM_BATCH, &done, &err)) {
		zen_buf_release(&batch);
		/* nothing else can tell the client: the close cuts the
		 * reply short (srv_stream_conn_gone frees st) */
		evhttp_connection_free(evcon);
		return;
	}
	len = batch.len;
	if (len)
		send_batch(st, &batch, !done);
	zen_buf_release(&batch);
	if (done)
		stream_end(st);
	else if (!len)	/* nothing was sent, nothing calls back: go on */
		more_cb(evcon, st);
}

/*
 * The body goes out as it is made.  evhttp chunks it for HTTP/1.1; for
 * HTTP/1.0 it would promise a keep-alive client "Content-Length: 0", so
 * the request's "Connection: keep-alive" goes: its body then ends with the
 * connection, as HTTP/1.0 bodies without a length do.  (HTTP/1.1 does not
 * read that header: keep-alive is its default.)
 */
static void stream_start(struct srv *srv, struct srv_stream *st,
			 struct zen_buf *first)
{
	struct evkeyvalq *in = evhttp_request_get_input_headers(st->req);
	const char *conn = evhttp_find_header(in, "Connection");

	if (conn && !strcasecmp(conn, "keep-alive"))
		evhttp_remove_header(in, "Connection");
	srv_reply_headers(srv, st->c, st->req, 200, "application/json");
	srv_conn_set_stream(st->c, st);
	srv_conn_reply_begin(st->c);
	evhttp_send_reply_start(st->req, 200, NULL);
	srv_conn_reply_end(st->c);
	send_batch(st, first, 1);
}

void srv_stream_send(struct srv *srv, struct srv_conn *c,
		     struct evhttp_request *req, int json,
		     struct zen_call *call)
{
	struct zen_stream *s = call->stream;
	struct zen_buf first = ZEN_BUF_INIT;
	struct srv_stream *st;
	int done = 0, rc;

	call->stream = NULL;
	if (s->whole && send_made(srv, c, req, s))
		return;
	rc = s->next(s, &first, ZEN_STREAM_BATCH, &done, &call->err);
	if (rc || done || !c) {
		s->free(s);
		if (rc)
			srv_send_error(srv, c, req, json, (enum zen_code)rc,
				       call->http_status, call->err.msg);
		else if (done)
			send_whole(srv, c, req, &first);
		else
			srv_send_error(srv, c, req, json, ZEN_EINTERNAL, 500,
				       "connection not tracked");
		zen_buf_release(&first);
		return;
	}
	st = zen_xcalloc(1, sizeof(*st));
	st->c = c;
	st->req = req;
	st->s = s;
	stream_start(srv, st, &first);
	zen_buf_release(&first);
}

void srv_stream_conn_gone(struct srv_stream *st, struct evhttp_connection *evcon)
{
	struct evhttp_request *req = st->req;

	/* evhttp frees a request still on its connection; one it detached
	 * (the client went away, or timed out, mid-reply) is ours */
	stream_free(st);
	if (evhttp_request_get_connection(req) != evcon)
		evhttp_request_free(req);
}
