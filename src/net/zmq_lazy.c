/*
 * zmq_lazy.c - libzmq loaded when the P2P front starts (zmq_lazy.h says
 * why).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define ZEN_ZMQ_LAZY_IMPL	/* the real names here, not the macros */
#include "net/zmq_lazy.h"

const struct zen_zmq *zen_zmq;

static struct zen_zmq table;
static char failure[ZEN_ERR_MSG_MAX];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Look name up in lib into *slot; 0 (and the reason) when missing. */
static int bind_fn(void *lib, void *slot, const char *name)
{
	void *f = dlsym(lib, name);

	if (!f)
		snprintf(failure, sizeof(failure), "cannot load libzmq: no %s",
			 name);
	*(void **)slot = f;
	return f != NULL;
}

static int bind_all(void *lib)
{
	return bind_fn(lib, &table.ctx_new, "zmq_ctx_new") &&
	       bind_fn(lib, &table.ctx_term, "zmq_ctx_term") &&
	       bind_fn(lib, &table.socket, "zmq_socket") &&
	       bind_fn(lib, &table.close, "zmq_close") &&
	       bind_fn(lib, &table.bind, "zmq_bind") &&
	       bind_fn(lib, &table.connect, "zmq_connect") &&
	       bind_fn(lib, &table.disconnect, "zmq_disconnect") &&
	       bind_fn(lib, &table.setsockopt, "zmq_setsockopt") &&
	       bind_fn(lib, &table.getsockopt, "zmq_getsockopt") &&
	       bind_fn(lib, &table.send, "zmq_send") &&
	       bind_fn(lib, &table.poll, "zmq_poll") &&
	       bind_fn(lib, &table.socket_monitor, "zmq_socket_monitor") &&
	       bind_fn(lib, &table.errno_, "zmq_errno") &&
	       bind_fn(lib, &table.strerror, "zmq_strerror") &&
	       bind_fn(lib, &table.msg_init, "zmq_msg_init") &&
	       bind_fn(lib, &table.msg_close, "zmq_msg_close") &&
	       bind_fn(lib, &table.msg_data, "zmq_msg_data") &&
	       bind_fn(lib, &table.msg_size, "zmq_msg_size") &&
	       bind_fn(lib, &table.msg_more, "zmq_msg_more") &&
	       bind_fn(lib, &table.msg_get, "zmq_msg_get") &&
	       bind_fn(lib, &table.msg_gets, "zmq_msg_gets") &&
	       bind_fn(lib, &table.msg_recv, "zmq_msg_recv") &&
	       bind_fn(lib, &table.version, "zmq_version");
}

static void load(void)
{
	void *lib = dlopen("libzmq.so.5", RTLD_NOW | RTLD_LOCAL);

	if (!lib) {
		snprintf(failure, sizeof(failure), "cannot load libzmq: %s",
			 dlerror());
		return;
	}
	if (bind_all(lib))
		zen_zmq = &table;
}

int zen_zmq_load(struct zen_err *err)
{
	pthread_once(&once, load);
	if (!zen_zmq)
		return zen_fail(err, ZEN_EINTERNAL, "%s", failure[0] ? failure :
				"cannot load libzmq");
	return 0;
}
