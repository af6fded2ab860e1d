/*
 * fuzz-args.c - libFuzzer harness for JSON request bodies: parse the input
 * as a JSON body (zen_json_loadb, as the server reads one), check that it
 * prints and reads back the same (numbers past 64-bit signed included,
 * ops/json_num.h), validate it against every operation of the table and
 * run the handlers of the offline ones that accept it, as the server does
 * for a POST body or a query string.  Operations on the chain state are
 * left to the black-box tests (tests/t/t0530-bad-input.sh).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ops/json_num.h"
#include "ops/op.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What zen prints of v, read again, is v. */
static void check_round_trip(const json_t *v)
{
	char *s = zen_json_dumps(v, JSON_COMPACT);
	json_t *back;

	if (!s)		/* a key or string jansson cannot encode */
		return;
	back = zen_json_loadb(s, strlen(s), 0, NULL);
	if (!back || !json_equal(back, v))
		__builtin_trap();
	json_decref(back);
	free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_node node = { .chain = ZEN_CHAIN_LOCAL, .datadir = NULL };
	json_t *raw = zen_json_loadb((const char *)data, size, 0, NULL);

	node.params = zen_chain_params(node.chain);
	if (!raw)
		return 0;
	check_round_trip(raw);
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
