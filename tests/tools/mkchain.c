/*
 * mkchain - a long local chain, fast, for the tests and benchmarks of big
 * pages (tests/t/t0540-big-pages.sh, bench/bench-pages.sh).
 *
 *   mkchain DATADIR BLOCKS [ADDRESS]
 *
 * Mines BLOCKS blocks on the local chain in DATADIR (created if new)
 * paying ADDRESS (default: a fixed test address), with a clock that moves
 * one block interval per block on from the tip's timestamp: the blocks
 * come exactly as fast as the chain wants them, whatever its difficulty
 * rule, and none is ever ahead of the real clock.  The blocks are
 * ordinary: the node checks and stores them as any other.  Nothing is
 * flushed to disk (below).  Prints the new tip's number.
 * Exit status: 0, 2 for usage errors, 1 when a block cannot be made.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/consensus/address.h"
#include "core/chain/chain.h"
#include "ops/mining.h"
#include "ops/node.h"

#define DEFAULT_ADDRESS \
	"tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9"

/*
 * The chain being made needs no durability (a crash loses only it), so
 * the store's syncs are skipped: a block then costs a hash and a
 * memory-mapped write, not two disk flushes.  These definitions take the
 * place of libc's in the whole process, LMDB's calls included.
 */
int fdatasync(int fd)
{
	(void)fd;
	return 0;
}

int fsync(int fd)
{
	(void)fd;
	return 0;
}

static uint64_t fake_now(void *ctx)
{
	return *(uint64_t *)ctx;
}

/* The tip's timestamp: where the clock starts. */
static int tip_time(struct zen_node *node, uint64_t *ms, struct zen_err *err)
{
	struct zen_chain_read *r;
	struct zen_block_info tip;
	int rc = zen_node_read(node, &r, err);

	if (rc)
		return rc;
	rc = zen_chain_read_tip(r, &tip, err);
	zen_chain_read_end(r);
	*ms = rc ? 0 : tip.header.timestamp;
	return rc;
}

static int mine(struct zen_node *node, unsigned long blocks,
		const uint8_t pk[ZEN_HASH_LEN], uint32_t *tip,
		struct zen_err *err)
{
	struct zen_chainstate *chain;
	struct zen_block_result res;
	uint64_t now;
	int rc = zen_node_chain(node, &chain, err) ?: tip_time(node, &now, err);

	if (rc)
		return rc;
	zen_chain_set_clock(chain, fake_now, &now);
	for (unsigned long i = 0; i < blocks && !rc; i++) {
		now += node->params->block_interval_ms;
		rc = zen_mine_block(node, &res, pk, 1, NULL, err);
		*tip = res.tip_number;
	}
	zen_chain_set_clock(chain, NULL, NULL);
	return rc;
}

int main(int argc, char **argv)
{
	struct zen_node node = { .chain = ZEN_CHAIN_LOCAL };
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t pk[ZEN_HASH_LEN];
	unsigned long blocks;
	uint32_t tip = 0;
	char *end;
	int rc;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: mkchain DATADIR BLOCKS [ADDRESS]\n");
		return 2;
	}
	node.params = zen_chain_params(node.chain);
	node.datadir = argv[1];
	blocks = strtoul(argv[2], &end, 10);
	if (*end || !blocks ||
	    zen_address_decode_pk(pk, node.chain,
				  argc == 4 ? argv[3] : DEFAULT_ADDRESS, &err)) {
		fprintf(stderr, "mkchain: bad arguments%s%s\n",
			err.msg[0] ? ": " : "", err.msg);
		return 2;
	}
	rc = mine(&node, blocks, pk, &tip, &err);
	zen_node_close(&node);
	if (rc) {
		fprintf(stderr, "mkchain: %s\n", err.msg);
		return 1;
	}
	printf("%u\n", (unsigned)tip);
	return 0;
}
