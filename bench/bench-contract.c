/*
 * bench-contract - the contract engine's two targets (issue 5):
 *   1. parse and check (zen_contract_load: parse, forbidden constructs,
 *      name resolution, entry points) of a ~300-line contract: oracle.fst,
 *      orderbook.fst and merkle-payout.fst of tests/contracts concatenated
 *      (later main/cf shadow earlier ones); target < 10 ms;
 *   2. one main execution of tests/contracts/token.fst "buy" (one PK
 *      input, a returnAddress body), skeleton conversion included;
 *      target < 50 us.
 * Prints best and mean times over ZEN_BENCH_SECONDS each.
 */
#include <string.h>

#include "bench.h"
#include "core/base/buf.h"
#include "core/contract/contract.h"

int main(void)
{
	struct zen_buf src = ZEN_BUF_INIT, tok = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c;
	struct zen_contract_args a;
	struct zen_skel s;
	struct zen_skel_input in;
	struct zen_data body, *lock;
	double end, best = 1e9, total = 0;
	size_t lines = 0, runs = 0;

	bench_load_contract(&src, "oracle.fst");
	bench_load_contract(&src, "orderbook.fst");
	bench_load_contract(&src, "merkle-payout.fst");
	for (size_t i = 0; i < src.len; i++)
		lines += src.data[i] == '\n';
	end = bench_now() + bench_seconds();
	while (bench_now() < end || runs < 10) {
		double t0 = bench_now(), dt;

		if (zen_contract_load((const char *)src.data, src.len,
				      "bench.fst", &c, &err)) {
			fprintf(stderr, "bench-contract: %s\n", err.msg);
			return 1;
		}
		zen_contract_free(c);
		dt = bench_now() - t0;
		total += dt;
		if (dt < best)
			best = dt;
		runs++;
	}
	printf("contract parse+check %zu lines: best %.3f ms, mean %.3f ms "
	       "over %zu loads (target < 10 ms)\n", lines, best * 1e3,
	       total / (double)runs * 1e3, runs);

	bench_load_contract(&tok, "token.fst");
	if (zen_contract_load((const char *)tok.data, tok.len, "token.fst", &c,
			      &err)) {
		fprintf(stderr, "bench-contract: %s\n", err.msg);
		return 1;
	}
	memset(&in, 0, sizeof(in));
	memset(in.outpoint.tx_hash, 0x11, 32);
	zen_lock_init(&in.output.lock);
	in.output.lock.id = ZEN_LOCK_PK;
	memset(in.output.lock.pk_hash, 0xaa, 32);
	in.output.spend.amount = 10;
	s.inputs = &in;
	s.n_inputs = 1;
	s.outputs = NULL;
	s.n_outputs = 0;
	zen_data_init(&body);
	body.kind = ZEN_DATA_DICT;
	body.u.dict.entries = zen_xcalloc(1, sizeof(*body.u.dict.entries));
	body.u.dict.n = 1;
	body.u.dict.entries[0].key = zen_xstrdup("returnAddress");
	body.u.dict.entries[0].key_len = 13;
	lock = &body.u.dict.entries[0].value;
	zen_data_init(lock);
	lock->kind = ZEN_DATA_LOCK;
	zen_lock_init(&lock->u.lock);
	lock->u.lock.id = ZEN_LOCK_PK;
	memset(lock->u.lock.pk_hash, 0xbb, 32);
	memset(&a, 0, sizeof(a));
	a.tx = &s;
	a.command = "buy";
	a.command_len = 3;
	a.body = &body;
	best = 1e9;
	total = 0;
	runs = 0;
	end = bench_now() + bench_seconds();
	while (bench_now() < end || runs < 100) {
		struct zen_contract_return r;
		double t0 = bench_now(), dt;

		zen_contract_return_init(&r);
		if (zen_contract_run(c, &a, &r, NULL, &err) || !r.ok) {
			fprintf(stderr, "bench-contract: buy: %s\n",
				err.msg[0] ? err.msg : r.err_msg);
			return 1;
		}
		zen_contract_return_release(&r);
		dt = bench_now() - t0;
		total += dt;
		if (dt < best)
			best = dt;
		runs++;
	}
	printf("token buy main: best %.1f us, mean %.1f us over %zu runs "
	       "(target < 50 us)\n", best * 1e6, total / (double)runs * 1e6,
	       runs);
	zen_contract_free(c);
	zen_data_release(&body);
	zen_lock_release(&in.output.lock);
	zen_buf_release(&src);
	zen_buf_release(&tok);
	return 0;
}
