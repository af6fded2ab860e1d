/*
 * zmq_lazy.h - libzmq, loaded when the P2P front starts.
 *
 * Why: libzmq brings the C++ runtime, Kerberos, PGM and NORM, which the
 * loader would map and bind at every start of zen, though only
 * `zen serve` talks to peers (issue 18: a local command must start in
 * about the time of opening the store).  So zen is not linked against
 * libzmq; the network front includes this header instead of <zmq.h>, and
 * each zmq_* call below goes through a table that zen_zmq_load() fills
 * with dlopen/dlsym.  Types and constants still come from <zmq.h>, so
 * every call is type-checked as usual.
 */
#ifndef ZEN_NET_ZMQ_LAZY_H
#define ZEN_NET_ZMQ_LAZY_H

#include <zmq.h>

#include "core/base/err.h"

struct zen_zmq {
	void *(*ctx_new)(void);
	int (*ctx_term)(void *ctx);
	void *(*socket)(void *ctx, int type);
	int (*close)(void *s);
	int (*bind)(void *s, const char *addr);
	int (*connect)(void *s, const char *addr);
	int (*disconnect)(void *s, const char *addr);
	int (*setsockopt)(void *s, int opt, const void *v, size_t len);
	int (*getsockopt)(void *s, int opt, void *v, size_t *len);
	int (*send)(void *s, const void *buf, size_t len, int flags);
	int (*poll)(zmq_pollitem_t *items, int n, long timeout);
	int (*socket_monitor)(void *s, const char *addr, int events);
	int (*errno_)(void);
	const char *(*strerror)(int errnum);
	int (*msg_init)(zmq_msg_t *m);
	int (*msg_close)(zmq_msg_t *m);
	void *(*msg_data)(zmq_msg_t *m);
	size_t (*msg_size)(const zmq_msg_t *m);
	int (*msg_more)(const zmq_msg_t *m);
	int (*msg_get)(const zmq_msg_t *m, int property);
	const char *(*msg_gets)(const zmq_msg_t *m, const char *property);
	int (*msg_recv)(zmq_msg_t *m, void *s, int flags);
	void (*version)(int *major, int *minor, int *patch);
};

/* The table; NULL until zen_zmq_load() succeeded. */
extern const struct zen_zmq *zen_zmq;

/*
 * Load libzmq (once; thread-safe).  Returns 0, or ZEN_EINTERNAL "cannot
 * load libzmq: why" (install libzmq5).
 */
int zen_zmq_load(struct zen_err *err) ZEN_WARN_UNUSED;

/* The network front's calls, through the table (zmq_lazy.c itself names
 * the real symbols). */
#ifndef ZEN_ZMQ_LAZY_IMPL
#define zmq_ctx_new (zen_zmq->ctx_new)
#define zmq_ctx_term (zen_zmq->ctx_term)
#define zmq_socket (zen_zmq->socket)
#define zmq_close (zen_zmq->close)
#define zmq_bind (zen_zmq->bind)
#define zmq_connect (zen_zmq->connect)
#define zmq_disconnect (zen_zmq->disconnect)
#define zmq_setsockopt (zen_zmq->setsockopt)
#define zmq_getsockopt (zen_zmq->getsockopt)
#define zmq_send (zen_zmq->send)
#define zmq_poll (zen_zmq->poll)
#define zmq_socket_monitor (zen_zmq->socket_monitor)
#define zmq_errno (zen_zmq->errno_)
#define zmq_strerror (zen_zmq->strerror)
#define zmq_msg_init (zen_zmq->msg_init)
#define zmq_msg_close (zen_zmq->msg_close)
#define zmq_msg_data (zen_zmq->msg_data)
#define zmq_msg_size (zen_zmq->msg_size)
#define zmq_msg_more (zen_zmq->msg_more)
#define zmq_msg_get (zen_zmq->msg_get)
#define zmq_msg_gets (zen_zmq->msg_gets)
#define zmq_msg_recv (zen_zmq->msg_recv)
#define zmq_version (zen_zmq->version)
#endif

#endif
