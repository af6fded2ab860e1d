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

/*
 * Run the server until SIGINT or SIGTERM.  raw holds the `serve` row's
 * parameters as given (bind, threads).  Returns an exit code.
 */
int srv_main(struct zen_node *node, json_t *raw);

#endif
