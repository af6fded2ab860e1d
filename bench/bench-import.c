/*
 * bench-import - the local baseline of bench-p2p.sh's download figure:
 * the main chain of SRC-DATADIR, read whole into memory first (as from a
 * file), connected block by block into a fresh local store in
 * DST-DATADIR by zen_chain_submit_block, with the store's usual
 * durability (each block synced).  Prints the blocks and the seconds the
 * connecting took ("blocks N seconds S").
 *
 *   bench-import SRC-DATADIR DST-DATADIR
 *
 * Exit status 0; 1 when a block cannot be read or is not connected; 2
 * for usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "core/chain/chain.h"

struct blocks {
	struct zen_buf *raw;
	size_t n;
};

static int read_all(struct blocks *b, const char *dir, struct zen_err *err)
{
	const struct zen_chain_params *p = zen_chain_params(ZEN_CHAIN_LOCAL);
	struct zen_chainstate *chain;
	struct zen_chain_read *r = NULL;
	struct zen_block_info tip, info;
	int rc = zen_chain_open(&chain, dir, p, err);

	if (!rc)
		rc = zen_chain_read_begin(chain, &r, err);
	if (!rc)
		rc = zen_chain_read_tip(r, &tip, err);
	if (!rc)
		b->raw = calloc(tip.header.block_number + 1, sizeof(*b->raw));
	/* genesis (1) is in every new local store already */
	for (uint32_t i = 2; !rc && i <= tip.header.block_number; i++) {
		rc = zen_chain_read_main(r, &info, i, err);
		if (!rc)
			rc = zen_chain_read_block(r, &b->raw[b->n++], NULL,
						  info.hash, err);
	}
	zen_chain_read_end(r);
	zen_chain_close(chain);
	return rc;
}

int main(int argc, char **argv)
{
	const struct zen_chain_params *p = zen_chain_params(ZEN_CHAIN_LOCAL);
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_chainstate *dst;
	struct blocks b = { NULL, 0 };
	double t0, t1;
	int rc;

	if (argc != 3) {
		fprintf(stderr, "usage: bench-import SRC-DATADIR DST-DATADIR\n");
		return 2;
	}
	if ((rc = read_all(&b, argv[1], &err)) ||
	    (rc = zen_chain_open(&dst, argv[2], p, &err))) {
		fprintf(stderr, "bench-import: %s\n", err.msg);
		return 1;
	}
	t0 = bench_now();
	for (size_t i = 0; !rc && i < b.n; i++) {
		struct zen_block_result res;

		rc = zen_chain_submit_block(dst, &res, b.raw[i].data,
					    b.raw[i].len, &err);
		if (!rc && res.outcome != ZEN_BLOCK_ON_MAIN)
			rc = zen_fail(&err, ZEN_EREFUSED, "block %zu: %s", i + 2,
				      res.reason);
	}
	t1 = bench_now();
	zen_chain_close(dst);
	for (size_t i = 0; i < b.n; i++)
		zen_buf_release(&b.raw[i]);
	free(b.raw);
	if (rc) {
		fprintf(stderr, "bench-import: %s\n", err.msg);
		return 1;
	}
	printf("blocks %zu seconds %.3f\n", b.n, t1 - t0);
	return 0;
}
