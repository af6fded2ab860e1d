/*
 * fuzz-args.c - libFuzzer harness for JSON request bodies: parse the input
 * as a JSON body, validate it against every operation of the table and run
 * the handlers of the offline ones that accept it, as the server does for
 * a POST body or a query string.  Operations on the chain state are left
 * to the black-box tests (tests/t/t0530-bad-input.sh).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <jansson.h>

#include "ops/op.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_node node = { .chain = ZEN_CHAIN_LOCAL, .datadir = NULL };
	json_t *raw = json_loadb((const char *)data, size, 0, NULL);

	node.params = zen_chain_params(node.chain);
	if (!raw)
		return 0;
	for (const struct zen_op *op = zen_ops; op->group; op++) {
		struct zen_call call = { .op = op, .node = &node };

		if (!op->handler)
			continue;
		if (zen_args_validate(&call.args, op, raw, &call.err) == 0 &&
		    !(op->flags & (ZEN_OPF_STORE | ZEN_OPF_WALLET))) {
			int rc = zen_call_run(&call);

			/* A handler either answers or explains why not. */
			if (rc && !call.err.msg[0])
				__builtin_trap();
		}
		zen_call_release(&call);
	}
	json_decref(raw);
	return 0;
}
