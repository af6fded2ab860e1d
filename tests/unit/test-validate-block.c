/*
 * Unit tests of block validation (protocol.md 8.4), the coinbase amounts
 * of block connection (8.5 step 6) and the threaded signature batch.
 */
#include <stdlib.h>
#include <string.h>

#include "core/consensus/consensus.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "core/consensus/params.h"
#include "validate-helpers.h"

static void load_block(struct zen_block *b, const char *id)
{
	json_t *v = tap_vector("blocks.json", id);
	const char *hex = tap_jstr(tap_jget(v, "input"), "blockHex");
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_err e = ZEN_ERR_INIT;

	zen_block_init(b);
	if (zen_hex_decode(&raw, hex, strlen(hex), &e) ||
	    zen_block_decode(b, raw.data, raw.len, NULL, &e)) {
		tap_ok(0, "decode %s: %s", id, e.msg);
		exit(1);
	}
	zen_buf_release(&raw);
}

static void expect_block(const struct zen_chain_params *p,
			 const struct zen_block *b, const char *want,
			 const char *name)
{
	struct zen_err e = ZEN_ERR_INIT;
	int r = zen_block_validate_basic(p, b, &e);

	if (!want) {
		if (!tap_ok(r == 0, "block: %s passes", name))
			tap_diag("refused: %s", e.msg);
		return;
	}
	tap_ok(r == ZEN_EREFUSED, "block: %s refused", name);
	tap_str(e.msg, want, "block: %s text", name);
}

static void test_vector_blocks(void)
{
	const struct zen_chain_params *local = zen_chain_params(ZEN_CHAIN_LOCAL);
	struct zen_chain_params api = *local;
	struct zen_block b;
	uint8_t h[ZEN_HASH_LEN];

	load_block(&b, "local-genesis");
	tap_ok(zen_block_is_genesis(local, &b.header), "local genesis is genesis");
	expect_block(local, &b, NULL, "local genesis");
	b.header.difficulty = 0x03000001;	/* exempt from PoW */
	tap_ok(!zen_block_is_genesis(local, &b.header),
	       "another header is not genesis");
	zen_block_release(&b);

	load_block(&b, "api-test-genesis");
	tap_ok(!zen_block_is_genesis(local, &b.header),
	       "api-test genesis is not the local genesis");
	expect_block(local, &b, "Block failed coinbase validation due to "
		     G("within coinbase transaction all outputs must use coinbase or contract lock"),
		     "api-test genesis on the local chain");
	zen_header_hash(h, &b.header);
	zen_sha3(api.genesis_hash_hash, h, sizeof(h));
	tap_ok(zen_block_is_genesis(&api, &b.header),
	       "api-test genesis with its genesisHashHash");
	expect_block(&api, &b, NULL, "api-test genesis on its chain");
	zen_block_release(&b);

	load_block(&b, "api-test-block-2");
	expect_block(local, &b, NULL, "api-test block 2 on local params");
	expect_block(&api, &b, NULL, "api-test block 2 on its chain");
	zen_block_release(&b);
}

static void test_mutated_blocks(void)
{
	const struct zen_chain_params *local = zen_chain_params(ZEN_CHAIN_LOCAL);
	struct zen_chain_params hard;
	struct zen_block b;
	struct zen_tx *cb;
	size_t n;

	load_block(&b, "api-test-block-2");
	cb = &b.txs[0];

	n = b.n_txs;
	b.n_txs = 0;
	expect_block(local, &b, "transactions is empty", "no transactions");
	b.n_txs = n;

	b.header.difficulty = 0x03000001;	/* target 1: hopeless */
	expect_block(local, &b, "proof of work failed", "hard difficulty");
	b.header.difficulty = 0x20ffffff;
	hard = *local;
	hard.pow_limit = 0x1f00ffff;
	expect_block(&hard, &b, "proof of work failed",
		     "target above the chain's PoW limit");
	expect_block(local, &b, NULL, "restored difficulty");

	b.commitments[0][5] ^= 1;
	expect_block(local, &b, "commitments mismatch", "tx root flipped");
	b.commitments[0][5] ^= 1;
	b.commitments[1][0] ^= 0x80;
	expect_block(local, &b, "commitments mismatch", "witness root flipped");
	b.commitments[1][0] ^= 0x80;
	b.commitments[2][31] ^= 1;
	expect_block(local, &b, "commitments mismatch", "acs root flipped");
	b.commitments[2][31] ^= 1;
	cb->witness_hash[7] ^= 1;
	expect_block(local, &b, "commitments mismatch", "witness hash changed");
	cb->witness_hash[7] ^= 1;
	expect_block(local, &b, NULL, "restored commitments");

	cb->outputs[0].lock.block_number = 3;
	expect_block(local, &b, "Block failed coinbase validation due to "
		     G("within coinbase transaction all outputs must use coinbase or contract lock"),
		     "coinbase of another block number");
	cb->outputs[0].lock.block_number = 2;
	cb->outputs[0].lock.id = ZEN_LOCK_PK;
	expect_block(local, &b, "Block failed coinbase validation due to "
		     G("within coinbase transaction all outputs must use coinbase or contract lock"),
		     "coinbase with a PK lock");
	cb->outputs[0].lock.id = ZEN_LOCK_COINBASE;
	tv_add_witness(cb, ZEN_WITNESS_PK);
	expect_block(local, &b, "Block failed coinbase validation due to "
		     G("coinbase transaction must not have any witnesses"),
		     "coinbase with a witness");
	tv_add_outpoint(cb, 1, 0);
	expect_block(local, &b, "Block failed coinbase validation due to "
		     G("coinbase transaction must not have any inputs"),
		     "coinbase with an input");
	zen_block_release(&b);
}

/* A block of n_txs transactions at number bn with valid commitments. */
static void seal_block(struct zen_block *b, uint32_t bn)
{
	uint8_t tx_root[ZEN_HASH_LEN], wit_root[ZEN_HASH_LEN];

	b->header.version = 1;
	b->header.block_number = bn;
	b->header.difficulty = 0x20ffffff;
	b->header.timestamp = 1600000000000ull;
	free(b->commitments);
	b->commitments = zen_xcalloc(3, ZEN_HASH_LEN);
	b->n_commitments = 3;
	if (zen_block_tx_roots(tx_root, wit_root, b, NULL))
		tap_ok(0, "roots of the block");
	memcpy(b->commitments[0], tx_root, ZEN_HASH_LEN);
	memcpy(b->commitments[1], wit_root, ZEN_HASH_LEN);
	zen_acs_default_hash(b->commitments[2], 256);
	zen_block_commitments_root(b->header.commitments, b);
}

static void add_tx(struct zen_block *b, struct zen_tx *tx)
{
	b->txs = zen_xrealloc(b->txs, (b->n_txs + 1) * sizeof(*b->txs));
	b->txs[b->n_txs++] = *tx;	/* moved */
}

static void test_built_block(void)
{
	const struct zen_chain_params *local = zen_chain_params(ZEN_CHAIN_LOCAL);
	static const int keys[] = { 0 };
	struct zen_block b;
	struct zen_tx tx;
	char want[512], hex[2 * ZEN_HASH_LEN + 1];

	zen_block_init(&b);
	zen_tx_init(&tx);
	fx_add_output(&tx, ZEN_LOCK_COINBASE, tv_keys[0].pkh, 5000000000ull)
		->lock.block_number = 7;
	zen_tx_finalize(&tx);
	add_tx(&b, &tx);
	zen_tx_init(&tx);
	tv_add_outpoint(&tx, 1, 0);
	fx_add_output(&tx, ZEN_LOCK_PK, tv_keys[1].pkh, 100);
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	tv_sign(&tx, keys);
	add_tx(&b, &tx);
	seal_block(&b, 7);
	expect_block(local, &b, NULL, "built block of two transactions");

	b.txs[1].version = 1;
	zen_tx_finalize(&b.txs[1]);
	zen_hex_encode_to(hex, b.txs[1].tx_hash, ZEN_HASH_LEN);
	snprintf(want, sizeof(want), "transaction %s failed validation due to "
		 G("unsupported transaction version"), hex);
	expect_block(local, &b, want, "second transaction of version 1");
	b.txs[1].version = 0;
	b.txs[1].outputs[0].spend.amount = 0;
	zen_tx_finalize(&b.txs[1]);
	seal_block(&b, 7);
	zen_hex_encode_to(hex, b.txs[1].tx_hash, ZEN_HASH_LEN);
	snprintf(want, sizeof(want), "transaction %s failed validation due to "
		 G("structurally invalid output(s)"), hex);
	expect_block(local, &b, want, "second transaction with a zero output");
	zen_block_release(&b);
}

void test_validate_blocks(void)
{
	test_vector_blocks();
	test_mutated_blocks();
	test_built_block();
}

/* ---- coinbase amounts ---- */

static struct zen_output *cb_out(struct zen_tx *cb, uint32_t lock,
				 uint64_t amount, uint8_t asset)
{
	struct zen_output *o = fx_add_output(cb, lock, tv_keys[0].pkh, amount);

	o->lock.block_number = 1010;
	if (asset)
		memset(o->spend.asset.cid.hash, asset, ZEN_HASH_LEN);
	return o;
}

static void cgp_out(const struct zen_chain_params *p, struct zen_tx *cb,
		    uint64_t amount)
{
	cb_out(cb, ZEN_LOCK_CONTRACT, amount, 0)->lock.cid = p->cgp_contract_id;
}

/*
 * Block 1010: a fee tx paying 5 ZP and 7 of asset A (0xaa) as fees; the
 * coinbase as the template builds it for allocation 12 and sacrifice 30.
 */
static void fee_block(const struct zen_chain_params *p, struct zen_block *b)
{
	struct zen_tx cb, tx;

	zen_block_init(b);
	b->header.block_number = 1010;
	zen_tx_init(&cb);
	cb_out(&cb, ZEN_LOCK_COINBASE, 4400000000ull + 5 + 30, 0);
	cb_out(&cb, ZEN_LOCK_COINBASE, 7, 0xaa);
	cgp_out(p, &cb, 600000000ull);
	add_tx(b, &cb);
	zen_tx_init(&tx);
	fx_add_output(&tx, ZEN_LOCK_FEE, NULL, 5);
	memset(fx_add_output(&tx, ZEN_LOCK_FEE, NULL, 7)->spend.asset.cid.hash,
	       0xaa, ZEN_HASH_LEN);
	fx_add_output(&tx, ZEN_LOCK_PK, tv_keys[1].pkh, 1000);
	add_tx(b, &tx);
}

static void expect_amounts(const struct zen_chain_params *p,
			   const struct zen_block *b, uint64_t sacrifice,
			   uint8_t alloc, const char *want, const char *name)
{
	struct zen_err e = ZEN_ERR_INIT;
	int r = zen_coinbase_validate_amounts(p, b, sacrifice, alloc, &e);

	if (!want) {
		if (!tap_ok(r == 0, "amounts: %s pass", name))
			tap_diag("refused: %s", e.msg);
		return;
	}
	tap_ok(r == ZEN_EREFUSED, "amounts: %s refused", name);
	tap_str(e.msg, want, "amounts: %s text", name);
}

void test_coinbase_amounts(void)
{
	const struct zen_chain_params *p = zen_chain_params(ZEN_CHAIN_TEST);
	struct zen_block b;
	struct zen_tx *cb;

	tap_u64(zen_block_allocation(1010, 12), 600000000ull,
		"allocation of block 1010 at 12%%");
	fee_block(p, &b);
	cb = &b.txs[0];
	expect_amounts(p, &b, 30, 12, NULL, "exact coinbase");
	expect_amounts(p, &b, 31, 12, "block reward is incorrect",
		       "one kalapa of sacrifice missing");
	cb->n_outputs = 2;
	expect_amounts(p, &b, 30, 12, "block reward is incorrect",
		       "no CGP share");
	cb->n_outputs = 3;
	cb->outputs[1].spend.amount = 6;
	expect_amounts(p, &b, 30, 12, "block reward is incorrect",
		       "asset fee short");
	cb->outputs[1].spend.amount = 7;
	cb_out(cb, ZEN_LOCK_COINBASE, 1, 0xbb);
	expect_amounts(p, &b, 30, 12, "block reward is incorrect",
		       "extra asset");
	cb->n_outputs = 3;
	zen_output_release(&cb->outputs[3]);

	/* the fee asset may go to the CGP; totals are what count */
	cb->outputs[1].lock.id = ZEN_LOCK_CONTRACT;
	cb->outputs[1].lock.cid = p->cgp_contract_id;
	expect_amounts(p, &b, 30, 12, NULL, "fee asset locked to the CGP");
	memset(cb->outputs[1].lock.cid.hash, 0x99, ZEN_HASH_LEN);
	expect_amounts(p, &b, 30, 12, "reward to cgp contract in invalid",
		       "fee asset locked to another contract");
	cb->outputs[1].lock.id = ZEN_LOCK_COINBASE;

	/* allocation share */
	cb->outputs[0].spend.amount += 100000000ull;
	cb->outputs[2].spend.amount -= 100000000ull;
	expect_amounts(p, &b, 30, 12, "reward is not divided correctly",
		       "CGP paid 5 ZP instead of 6");
	expect_amounts(p, &b, 30, 10, NULL, "the same split at 10%");
	expect_amounts(p, &b, 30, 0, "reward is not divided correctly",
		       "allocation 0 with a CGP output");
	cb->outputs[0].spend.amount += 500000000ull;
	cb->n_outputs = 2;
	expect_amounts(p, &b, 30, 0, NULL, "allocation 0, all to the miner");
	cb->n_outputs = 3;
	zen_block_release(&b);

	/* fee sums wrap like the reference's fund arithmetic */
	fee_block(p, &b);
	b.txs[1].outputs[1].spend.amount = UINT64_MAX;
	memset(fx_add_output(&b.txs[1], ZEN_LOCK_FEE, NULL, 8)
	       ->spend.asset.cid.hash, 0xaa, ZEN_HASH_LEN);
	expect_amounts(p, &b, 30, 12, NULL, "fees of 2^64-1 + 8 wrap to 7");
	zen_block_release(&b);

	zen_block_init(&b);
	expect_amounts(p, &b, 0, 0, "transactions is empty", "empty block");
	zen_block_release(&b);
}

/* ---- signature batch ---- */

static void batch_of(struct zen_sig_batch *b, size_t n, const size_t *bad,
		     size_t n_bad)
{
	uint8_t msg[ZEN_HASH_LEN], sig[ZEN_SIGNATURE_LEN];

	zen_sig_batch_init(b);
	for (size_t i = 0; i < n; i++) {
		memset(msg, 0, sizeof(msg));
		memcpy(msg, &i, sizeof(i));
		if (zen_ecdsa_sign(sig, msg, tv_keys[i % 2].sec, NULL))
			tap_ok(0, "sign check %zu", i);
		for (size_t k = 0; k < n_bad; k++)
			if (bad[k] == i)
				msg[31] ^= 1;
		b->tx_index = i / 3;
		zen_sig_batch_add(b, msg, tv_keys[i % 2].pub, sig);
	}
}

void test_sig_batch(void)
{
	static const unsigned threads[] = { 1, 2, 0, 3, 64 };
	static const size_t one_bad[] = { 37 }, two_bad[] = { 41, 12 };
	static const size_t last_bad[] = { 49 };
	struct zen_sig_batch b;
	size_t bad;

	batch_of(&b, 50, NULL, 0);
	tap_u64(b.n, 50, "batch holds 50 checks");
	tap_u64(b.checks[49].tx_index, 16, "checks keep their tx index");
	for (size_t t = 0; t < ZEN_ARRAY_SIZE(threads); t++)
		tap_ok(zen_sig_batch_verify(&b, threads[t], NULL),
		       "50 valid checks, %u threads", threads[t]);
	zen_sig_batch_release(&b);

	batch_of(&b, 50, one_bad, 1);
	for (size_t t = 0; t < ZEN_ARRAY_SIZE(threads); t++) {
		bad = 0;
		tap_ok(!zen_sig_batch_verify(&b, threads[t], &bad) && bad == 37,
		       "bad check 37 found with %u threads (got %zu)",
		       threads[t], bad);
	}
	tap_ok(!zen_sig_batch_verify(&b, 2, NULL), "first_bad may be NULL");
	zen_sig_batch_release(&b);

	batch_of(&b, 50, two_bad, 2);
	for (size_t t = 0; t < ZEN_ARRAY_SIZE(threads); t++) {
		bad = 0;
		tap_ok(!zen_sig_batch_verify(&b, threads[t], &bad) && bad == 12,
		       "lowest of two bad checks with %u threads (got %zu)",
		       threads[t], bad);
	}
	zen_sig_batch_release(&b);

	batch_of(&b, 50, last_bad, 1);
	tap_ok(!zen_sig_batch_verify(&b, 2, &bad) && bad == 49,
	       "bad last check in the second slice");
	zen_sig_batch_release(&b);

	batch_of(&b, 1, one_bad, 0);
	b.checks[0].sig[63] ^= 1;
	tap_ok(!zen_sig_batch_verify(&b, 8, &bad) && bad == 0,
	       "one bad check, more threads than checks");
	zen_sig_batch_release(&b);

	zen_sig_batch_init(&b);
	tap_ok(zen_sig_batch_verify(&b, 0, NULL), "empty batch verifies");
	zen_sig_batch_release(&b);
}
