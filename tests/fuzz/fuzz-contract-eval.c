/*
 * fuzz-contract-eval.c - libFuzzer harness for the ZF* evaluator: load
 * the input as contract source (parse + resolve) and, when it loads,
 * evaluate cf and run main with a fixed argument set under small limits.
 * Any input must end in a value or in an error with a message (a limit
 * turns a runaway into ZEN_EREFUSED), never in a crash or a hang.
 */
#include "core/contract/contract.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zc_limits lim;
	struct zen_data body;
	uint64_t cost = 0;
	int rc;

	if (zen_contract_load((const char *)data, size, "f.fst", &c, &err)) {
		FUZZ_CHECK(c == NULL && err.msg[0]);
		return 0;
	}
	FUZZ_CHECK(c != NULL);
	zc_limits_default(&lim);
	lim.max_steps = 20000;
	lim.max_depth = 200;
	lim.mem_limit = (size_t)4 << 20;
	memset(&a, 0, sizeof(a));
	a.command = "Commit";
	a.command_len = 6;
	a.block_number = 100;
	a.timestamp = 1000;
	zen_data_init(&body);
	body.kind = ZEN_DATA_U64;
	body.u.u64 = 5;
	a.body = &body;
	a.limits = &lim;
	rc = zen_contract_cost(c, &a, &cost, &err);
	FUZZ_CHECK(!rc || err.msg[0]);
	err = (struct zen_err)ZEN_ERR_INIT;
	zen_contract_return_init(&r);
	rc = zen_contract_run(c, &a, &r, NULL, &err);
	FUZZ_CHECK(!rc || err.msg[0]);
	zen_contract_return_release(&r);
	zen_contract_free(c);
	return 0;
}
