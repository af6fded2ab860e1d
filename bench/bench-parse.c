/*
 * bench-parse - time to parse a ~300-line contract: the test contracts
 * oracle.fst, orderbook.fst and merkle-payout.fst of tests/contracts
 * concatenated (about 330 lines).  Prints the median time per parse over
 * ZEN_BENCH_SECONDS; the target is well under 10 ms.
 */
#include <string.h>

#include "bench.h"
#include "core/base/buf.h"
#include "core/contract/parser.h"

int main(void)
{
	struct zen_buf src = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	static double secs[100000];
	double end;
	size_t lines = 0, runs = 0;

	bench_load_contract(&src, "oracle.fst");
	bench_load_contract(&src, "orderbook.fst");
	bench_load_contract(&src, "merkle-payout.fst");
	for (size_t i = 0; i < src.len; i++)
		lines += src.data[i] == '\n';
	end = bench_now() + bench_seconds();
	while ((bench_now() < end || runs < 11) && runs < ZEN_ARRAY_SIZE(secs)) {
		struct zc_module *m;
		double t0 = bench_now();

		if (zc_parse((const char *)src.data, src.len, "bench.fst", 0,
			     &m, &err)) {
			fprintf(stderr, "bench-parse: %s\n", err.msg);
			return 1;
		}
		zc_module_free(m);
		secs[runs++] = bench_now() - t0;
	}
	printf("parse %zu lines (%zu bytes): median %.3f ms over %zu parses "
	       "(target < 10 ms)\n", lines, src.len,
	       bench_median(secs, runs) * 1e3, runs);
	zen_buf_release(&src);
	return 0;
}
