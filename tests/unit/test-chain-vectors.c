/*
 * The reference's API-test blocks (tests/vectors/blocks.json) through the
 * chain's block submission: a chain whose genesisHashHash is that of the
 * API-test genesis (as the reference's API tests configure it) accepts the
 * genesis and block 2 and ends with block 2 as its tip; on the real local
 * chain the same genesis is an ordinary, invalid block.
 */
#define _GNU_SOURCE
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/chain/chain.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "tap.h"

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static void block_hex(struct zen_buf *out, const char *id)
{
	json_t *v = tap_vector("blocks.json", id);
	const char *hex = tap_jstr(tap_jget(v, "input"), "blockHex");

	if (zen_hex_decode(out, hex, strlen(hex), NULL))
		abort();
}

static const char *expected(const char *id, const char *field)
{
	return tap_jstr(tap_jget(tap_vector("blocks.json", id), "expected"), field);
}

static int submit(struct zen_chainstate *c, struct zen_block_result *res,
		  const char *id, struct zen_err *err)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	int rc;

	block_hex(&raw, id);
	rc = zen_chain_submit_block(c, res, raw.data, raw.len, err);
	zen_buf_release(&raw);
	return rc;
}

static void test_api_chain(const char *dir)
{
	struct zen_chain_params params = *zen_chain_params(ZEN_CHAIN_TEST);
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_block_result res;
	struct zen_chainstate *c;
	struct zen_chain_read *r;
	struct zen_block_info tip;
	uint8_t genesis_hash[ZEN_HASH_LEN];

	/* The API tests' chain: test parameters, API-test genesis. */
	if (zen_hex_decode_fixed(genesis_hash, ZEN_HASH_LEN,
				 expected("api-test-genesis", "blockHash"), NULL))
		abort();
	zen_sha3(params.genesis_hash_hash, genesis_hash, ZEN_HASH_LEN);
	memcpy(params.genesis_hash, genesis_hash, ZEN_HASH_LEN);
	params.pow_limit = 0x20ffffff;
	if (zen_chain_open(&c, dir, &params, &err)) {
		tap_ok(0, "open the api-test chain: %s", err.msg);
		return;
	}
	tap_ok(submit(c, &res, "api-test-block-2", &err) == 0 &&
	       res.outcome == ZEN_BLOCK_STORED_ORPHAN,
	       "block 2 before its parent waits as an orphan");
	tap_hex(res.hash, ZEN_HASH_LEN, expected("api-test-block-2", "blockHash"),
		"block 2 hash");
	tap_ok(submit(c, &res, "api-test-genesis", &err) == 0 &&
	       res.tip_changed && res.tip_number == 2,
	       "the genesis connects, then block 2 on it (%s)", err.msg);
	tap_ok(zen_chain_read_begin(c, &r, &err) == 0 &&
	       zen_chain_read_tip(r, &tip, &err) == 0, "read the tip");
	zen_chain_read_end(r);
	tap_hex(tip.hash, ZEN_HASH_LEN, expected("api-test-block-2", "blockHash"),
		"the tip is block 2 of the reference's API tests");
	tap_ok(tip.header.block_number == 2 && tip.header.version == 1,
	       "block number 2, header version 1");
	tap_ok(submit(c, &res, "api-test-block-2", &err) == 0 &&
	       res.outcome == ZEN_BLOCK_KNOWN, "block 2 again is known");
	zen_chain_close(c);
}

static void test_on_local(const char *dir)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_block_result res;
	struct zen_chainstate *c;

	if (zen_chain_open(&c, dir, zen_chain_params(ZEN_CHAIN_LOCAL), &err)) {
		tap_ok(0, "open a local chain: %s", err.msg);
		return;
	}
	tap_ok(submit(c, &res, "api-test-genesis", &err) == ZEN_EREFUSED &&
	       strstr(err.msg, "Block failed coinbase validation due to"),
	       "on the local chain the api-test genesis is an invalid block (%s)",
	       err.msg);
	tap_ok(submit(c, &res, "local-genesis", &err) == 0 &&
	       res.outcome == ZEN_BLOCK_KNOWN,
	       "the local genesis is the chain's own");
	zen_chain_close(c);
}

int main(void)
{
	char tmpl[] = "/tmp/zen-test-chain-vectors.XXXXXX";
	char *base = mkdtemp(tmpl), dir[256];

	if (!base)
		return 99;
	snprintf(dir, sizeof(dir), "%s/api", base);
	test_api_chain(dir);
	snprintf(dir, sizeof(dir), "%s/local", base);
	test_on_local(dir);
	nftw(base, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return tap_done();
}
