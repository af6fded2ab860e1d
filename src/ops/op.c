/* op.c - lookups over the operation table and the call life cycle. */
#include <stdlib.h>
#include <string.h>

#include "ops/json_num.h"
#include "ops/node.h"
#include "ops/op.h"

const struct zen_op *zen_op_find(const char *group, const char *verb)
{
	for (const struct zen_op *op = zen_ops; op->group; op++)
		if (!strcmp(op->group, group) &&
		    ((!op->verb && !verb) ||
		     (op->verb && verb && !strcmp(op->verb, verb))))
			return op;
	return NULL;
}

static int op_serves_path(const struct zen_op *op, const char *path)
{
	return op->path && (!strcmp(op->path, path) ||
			    (op->old_path && !strcmp(op->old_path, path)));
}

const struct zen_op *zen_op_find_route(const char *method, const char *path)
{
	for (const struct zen_op *op = zen_ops; op->group; op++)
		if (op_serves_path(op, path) &&
		    (!strcmp(op->method, method) ||
		     ((op->flags & ZEN_OPF_ALSO_POST) && !strcmp(method, "POST"))))
			return op;
	return NULL;
}

int zen_op_path_known(const char *path)
{
	for (const struct zen_op *op = zen_ops; op->group; op++)
		if (op_serves_path(op, path))
			return 1;
	return 0;
}

int zen_op_group_known(const char *group)
{
	for (const struct zen_op *op = zen_ops; op->group; op++)
		if (!strcmp(op->group, group))
			return 1;
	return 0;
}

/* Open what the op's flags ask for; see struct zen_call. */
static int call_prepare(struct zen_call *call)
{
	unsigned flags = call->op->flags;
	int rc = 0;

	if (flags & (ZEN_OPF_STORE | ZEN_OPF_WRITE | ZEN_OPF_WALLET))
		rc = zen_node_chain(call->node, &call->chain, &call->err);
	if (!rc && (flags & ZEN_OPF_WALLET))
		rc = zen_node_wallet(call->node, &call->wallet, &call->err);
	return rc;
}

int zen_call_read(struct zen_call *call, struct zen_chain_read **r)
{
	if (!call->chain)
		ZEN_BUG("a chain read by an op without ZEN_OPF_STORE");
	return zen_chain_read_begin(call->chain, r, &call->err);
}

static void stream_free(struct zen_call *call)
{
	if (call->stream)
		call->stream->free(call->stream);
	call->stream = NULL;
}

/* A front that does not read streams gets the reply whole, as result. */
static int stream_whole(struct zen_call *call)
{
	struct zen_buf all = ZEN_BUF_INIT;
	json_error_t jerr;
	int done = 0, rc = 0;

	while (!rc && !done)
		rc = call->stream->next(call->stream, &all, ZEN_STREAM_BATCH,
					&done, &call->err);
	stream_free(call);
	if (!rc && !(call->result = zen_json_loadb(zen_buf_str(&all),
						   all.len, JSON_DECODE_ANY,
						   &jerr)))
		ZEN_BUG("a stream that is not json");
	zen_buf_release(&all);
	return rc;
}

int zen_call_run(struct zen_call *call)
{
	int rc;

	if (!call->op->handler)
		ZEN_BUG("operation without a handler dispatched");
	rc = call_prepare(call) ?: call->op->handler(call);
	if (!rc && call->stream && !call->streams)
		rc = stream_whole(call);
	if (rc) {
		stream_free(call);
		if (!call->err.msg[0])
			zen_fail(&call->err, (enum zen_code)rc, "%s",
				 zen_strerror((enum zen_code)rc));
		call->err.code = (enum zen_code)rc;
		return rc;
	}
	if ((call->op->flags & ZEN_OPF_TEXT) ? !call->text
	    : !call->result && !call->stream)
		ZEN_BUG("handler succeeded without a reply");
	return 0;
}

void zen_call_release(struct zen_call *call)
{
	json_decref(call->args);
	json_decref(call->result);
	free(call->text);
	stream_free(call);
	call->args = call->result = NULL;
	call->text = NULL;
}

struct zen_work zen_call_work(const struct zen_call *call)
{
	struct zen_work w = { call->cancel, call->progress, call->progress_ctx };

	return w;
}
