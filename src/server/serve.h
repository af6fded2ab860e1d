/*
 * serve.h - the HTTP front: `zen serve` routes each method and path through
 * the operation table with libevent's evhttp.
 */
#ifndef ZEN_SERVE_H
#define ZEN_SERVE_H

#include <jansson.h>

#include "ops/op.h"

/* Largest request body accepted; a block fits comfortably. */
#define SRV_MAX_BODY (16u << 20)

/* The limits of zen(1) (HTTP API: Connections, Long operations).
 * Connections accepted beyond the cap (to be answered 503) before the
 * workers stop calling accept() until some close: */
#define SRV_CONN_SLACK 32u
/* File descriptors kept for everything but client connections: the
 * stores, standard streams, logs, the cookie; and per worker thread (its
 * epoll, wake-up pair and listening socket). */
#define SRV_FDS_RESERVED 64u
#define SRV_FDS_PER_WORKER 5u
/* How long a connection refused for the caps may take to send its
 * request, so that the refusal can answer it in the format it asks for. */
#define SRV_REFUSE_GRACE_MS 300u
/* --request-timeout's default, seconds. */
#define SRV_DEFAULT_TIMEOUT 60u
/* The job pool: max(SRV_POOL_MIN, SRV_POOL_PER_CORE x cores) threads. */
#define SRV_POOL_MIN 4u
#define SRV_POOL_PER_CORE 2u

/*
 * The checks of one `serve` option that need no other (a range, a log
 * level, a bind address), on its validated value (zen_args_validate):
 * zen.conf reports a bad value with its file and line through this.
 * Returns 0 or ZEN_EINVAL with the message `zen serve` gives.
 */
int srv_option_check(const char *name, const json_t *value,
		     struct zen_err *err);

/*
 * Run the server until SIGINT or SIGTERM.  raw holds the `serve` row's
 * parameters as given (bind, threads).  Returns an exit code.
 */
int srv_main(struct zen_node *node, json_t *raw);

#endif
