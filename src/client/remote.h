/*
 * remote.h - the remote front: an operation becomes an HTTP request to a
 * node (zen serve or the reference node) with libcurl, and the answer is
 * mapped back to a reply or to the same error codes a local run gives.
 */
#ifndef ZEN_REMOTE_H
#define ZEN_REMOTE_H

#include <jansson.h>

#include "ops/op.h"

struct rcl_reply {
	long status;		/* HTTP status, 0 if no answer */
	json_t *json;		/* JSON reply, or NULL */
	char *text;		/* text/plain reply, or NULL */
	struct zen_err err;
};

#define RCL_REPLY_INIT { 0, NULL, NULL, ZEN_ERR_INIT }

/*
 * Send op with the raw parameters (name -> string, as from the CLI) to the
 * node at base_url.  GET parameters go in the query string, POST ones in a
 * JSON body.  Returns 0 with json or text set, or a zen_code with err set:
 * ZEN_EUNREACHABLE when no HTTP answer came back; for an error answer the
 * code the server put in its JSON error body, else one derived from the
 * HTTP status (400 -> 1, but 4 for the text "Bad password"; 403 -> 4,
 * 404 -> 3, other -> 70).
 */
int rcl_call(struct rcl_reply *reply, const char *base_url,
	     const struct zen_op *op, json_t *raw) ZEN_WARN_UNUSED;
void rcl_reply_release(struct rcl_reply *reply);

/* Send "Authorization: Bearer <first line of path>" from now on (NULL or
 * "": none).  Returns 0 or ZEN_EINVAL when the file cannot be read. */
int rcl_set_token_file(const char *path, struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * From now on, when the node cannot be connected to (nothing listens yet:
 * a node that is starting), try again until it answers, for at most
 * seconds (< 0: without a limit; 0, the default: never), as bitcoin-cli
 * -rpcwait.  Only a refused connection is tried again: a request that
 * reached the node is never sent twice.
 */
void rcl_set_wait(double seconds);

#endif
