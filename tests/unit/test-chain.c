/*
 * Unit tests of the chain state (src/core/chain/chain.h, store.h): the
 * local chain from its embedded genesis, mined templates, the mempool,
 * coinbase maturity, invalid blocks, orphans, reorganisations,
 * persistence, and the store's refusals.  Every test uses fresh data
 * directories under $TMPDIR.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chain-fixture.h"
#include "core/chain/chain.h"
#include "core/chain/store.h"
#include "core/chain/validate.h"
#include "core/consensus/consensus.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "core/crypto/keys.h"
#include "core/wallet/txbuild.h"
#include "tap.h"

#define GENESIS_HASH \
	"6d678ab961c8b47046da8d19c0de5be07eb0fe1e1e82ad9a5b32145b5d4811c7"
#define GENESIS_PK \
	"30759b07ca01caf8e524fc279946a1e96afc3546ee5f1fd4a1cfaf644763c2b4"
#define ZP(n) ((uint64_t)(n) * 100000000ULL)

static const struct zen_chain_params *P;
static uint64_t clock_ms;
static uint8_t key0[ZEN_SECKEY_LEN], key1[ZEN_SECKEY_LEN], keym[ZEN_SECKEY_LEN];
static uint8_t pk0[ZEN_HASH_LEN], pk1[ZEN_HASH_LEN], miner[ZEN_HASH_LEN];

static uint64_t test_clock(void *ctx)
{
	(void)ctx;
	return clock_ms;
}

/* ---- data directories ---- */

static char *new_dir(void)
{
	const char *tmp = getenv("TMPDIR");
	char buf[512];

	snprintf(buf, sizeof(buf), "%s/zen-chain-XXXXXX", tmp ? tmp : "/tmp");
	if (!mkdtemp(buf))
		fx_die("mkdtemp", NULL);
	return zen_xstrdup(buf);
}

static void drop_dir(char *dir)
{
	fx_remove_tree(dir);
	free(dir);
}

static struct zen_chainstate *open_chain(const char *dir)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_chainstate *c;

	if (zen_chain_open(&c, dir, P, &err))
		fx_die("open", &err);
	zen_chain_set_clock(c, test_clock, NULL);
	return c;
}

/* ---- blocks ---- */

static void mine(struct zen_block *b)
{
	uint8_t h[ZEN_HASH_LEN];

	for (b->header.nonce[1] = 0;; b->header.nonce[1]++) {
		zen_header_hash(h, &b->header);
		if (zen_pow_valid(h, b->header.difficulty, P->pow_limit))
			return;
	}
}

/* Recompute the roots and header commitments after editing a block. */
static void recommit(struct zen_block *b)
{
	if (zen_block_tx_roots(b->commitments[0], b->commitments[1], b, NULL))
		fx_die("roots", NULL);
	zen_block_commitments_root(b->header.commitments, b);
}

static void encode(struct zen_buf *out, const struct zen_block *b)
{
	zen_buf_reset(out);
	zen_block_encode(out, b);
}

static void template_of(struct zen_chainstate *c, struct zen_block *b,
			const uint8_t pk[ZEN_HASH_LEN])
{
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_chain_template(c, b, pk, &err))
		fx_die("template", &err);
}

static int submit(struct zen_chainstate *c, struct zen_block_result *res,
		  const struct zen_block *b, struct zen_err *err)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	int rc;

	encode(&raw, b);
	rc = zen_chain_submit_block(c, res, raw.data, raw.len, err);
	zen_buf_release(&raw);
	return rc;
}

/* Mine the template and submit it; the clock moves one minute first. */
static int mine_next(struct zen_chainstate *c, const uint8_t pk[ZEN_HASH_LEN],
		     struct zen_buf *raw_out)
{
	struct zen_block_result res;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_block b;
	int rc;

	clock_ms += 60000;
	zen_block_init(&b);
	template_of(c, &b, pk);
	mine(&b);
	if (raw_out)
		encode(raw_out, &b);
	rc = submit(c, &res, &b, &err);
	zen_block_release(&b);
	if (rc || res.outcome != ZEN_BLOCK_ON_MAIN) {
		tap_diag("mined block refused: %s %s", err.msg, res.reason);
		return 0;
	}
	return 1;
}

static struct zen_block_info tip_of(struct zen_chainstate *c)
{
	struct zen_chain_read *r;
	struct zen_block_info info;
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_chain_read_begin(c, &r, &err) ||
	    zen_chain_read_tip(r, &info, &err))
		fx_die("tip", &err);
	zen_chain_read_end(r);
	return info;
}

static struct zen_chain_counts counts_of(struct zen_chainstate *c)
{
	struct zen_chain_read *r;
	struct zen_chain_counts n;
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_chain_read_begin(c, &r, &err) ||
	    zen_chain_read_counts(r, &n, &err))
		fx_die("counts", &err);
	zen_chain_read_end(r);
	return n;
}

static int verify_ok(struct zen_chainstate *c, const char *what)
{
	struct zen_chain_verify_report rep;
	struct zen_err err = ZEN_ERR_INIT;
	int rc = zen_chain_verify(c, &rep, &err);

	if (rc)
		tap_diag("verify: %s", err.msg);
	return tap_ok(rc == 0, "verify: %s", what);
}

/* The coinbase tx hash of main-chain block n. */
static void coinbase_of(struct zen_chainstate *c, uint32_t n,
			uint8_t out[ZEN_HASH_LEN])
{
	struct zen_chain_read *r;
	struct zen_block_info info;
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_block b;

	zen_block_init(&b);
	if (zen_chain_read_begin(c, &r, &err) ||
	    zen_chain_read_main(r, &info, n, &err) ||
	    zen_chain_read_block(r, &raw, NULL, info.hash, &err) ||
	    zen_block_decode(&b, raw.data, raw.len, NULL, &err))
		fx_die("coinbase_of", &err);
	memcpy(out, b.txs[0].tx_hash, ZEN_HASH_LEN);
	zen_chain_read_end(r);
	zen_block_release(&b);
	zen_buf_release(&raw);
}

/* ---- transactions ---- */

/* A signed tx spending (hash, index) with key; outputs as given. */
static void spend_tx(struct zen_tx *tx, const uint8_t hash[ZEN_HASH_LEN],
		     uint32_t index, const uint8_t key[ZEN_SECKEY_LEN])
{
	fx_sign_inputs(tx, &(struct fx_coin){ hash, index, key }, 1,
		       ZEN_SIGHASH_TXHASH);
}
static int submit_tx(struct zen_chainstate *c, const struct zen_tx *tx,
		     enum zen_tx_outcome *oc, struct zen_err *err)
{
	return zen_chain_submit_tx(c, oc, NULL, tx->raw, tx->raw_len, err);
}

static int mempool_has(struct zen_chainstate *c, const uint8_t h[ZEN_HASH_LEN])
{
	struct zen_chain_read *r;
	struct zen_tx_location loc;
	struct zen_buf raw = ZEN_BUF_INIT;
	int rc;

	if (zen_chain_read_begin(c, &r, NULL))
		fx_die("read", NULL);
	rc = zen_chain_read_tx(r, &raw, &loc, h, NULL);
	zen_chain_read_end(r);
	zen_buf_release(&raw);
	return rc == 0 && loc.in_mempool;
}

static void genesis_raw(struct zen_buf *out)
{
	const char *hex = tap_jstr(tap_jget(tap_vector("blocks.json",
						       "local-genesis"),
					    "input"), "blockHex");

	if (zen_hex_decode(out, hex, strlen(hex), NULL))
		fx_die("genesis hex", NULL);
}

/* ---- tests ---- */

static void test_genesis(void)
{
	char *dir = new_dir();
	struct zen_chainstate *c = open_chain(dir);
	struct zen_block_info tip = tip_of(c);
	struct zen_chain_counts n = counts_of(c);
	struct zen_chain_read *r;
	struct zen_output o;
	struct zen_outpoint op;
	struct zen_u256 w;
	struct zen_ema ema;
	char hx[65];

	tap_u64(tip.header.block_number, 1, "local chain opens at block 1");
	tap_hex(tip.hash, 32, GENESIS_HASH, "its tip is the local genesis");
	zen_chain_work(&w, 0x20ffffff);
	tap_ok(!zen_u256_cmp(&w, &tip.work), "genesis chain work is its own");
	zen_ema_init(&ema, P);
	zen_ema_push(&ema, P, 1515594186383ULL);
	tap_ok(tip.ema.difficulty == ema.difficulty &&
	       zen_ema_earliest(&tip.ema) == 1515594186383ULL,
	       "EMA state after genesis");
	tap_ok(n.utxos == 1 && n.txs == 1 && n.main == 1 && n.mempool == 0,
	       "one unspent output, one transaction");
	zen_output_init(&o);
	if (zen_hex_decode_fixed(op.tx_hash, 32, FX_GENESIS_TX, NULL))
		fx_die("hex", NULL);
	op.index = 0;
	if (zen_chain_read_begin(c, &r, NULL))
		fx_die("read", NULL);
	tap_ok(zen_chain_read_utxo(r, &o, &op, NULL) == 0 &&
	       o.lock.id == ZEN_LOCK_PK && o.spend.amount == ZP(1000),
	       "the genesis output pays 1000 ZP to a PK");
	zen_hex_encode_to(hx, o.lock.pk_hash, 32);
	tap_str(hx, GENESIS_PK, "to the genesis key");
	zen_chain_read_end(r);
	zen_output_release(&o);
	verify_ok(c, "fresh local chain");
	zen_chain_close(c);
	drop_dir(dir);
}

static void test_main_empty(void)
{
	char *dir = new_dir();
	struct zen_chainstate *c;
	struct zen_chain_read *r;
	struct zen_block_info info;
	struct zen_block_result res;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_buf raw = ZEN_BUF_INIT;
	int rc;

	if (zen_chain_open(&c, dir, zen_chain_params(ZEN_CHAIN_TEST), &err))
		fx_die("open test", &err);
	if (zen_chain_read_begin(c, &r, &err))
		fx_die("read", &err);
	rc = zen_chain_read_tip(r, &info, &err);
	zen_chain_read_end(r);
	tap_ok(rc == ZEN_ENOTFOUND && !strcmp(err.msg, "No tip"),
	       "a test chain starts empty");
	genesis_raw(&raw);
	rc = zen_chain_submit_block(c, &res, raw.data, raw.len, &err);
	zen_buf_release(&raw);
	tap_ok(rc == ZEN_EREFUSED && !strcmp(err.msg, "proof of work failed") &&
	       counts_of(c).blocks == 0,
	       "the local genesis is not test's: its proof of work fails");
	verify_ok(c, "empty test chain");
	zen_chain_close(c);
	rc = zen_chain_open(&c, dir, P, &err);
	tap_ok(rc == ZEN_ESTORE && strstr(err.msg, "not local"),
	       "a test store is refused as local: %s", err.msg);
	drop_dir(dir);
}

/* 50 mined blocks: tip, chain work and EMA against a step-by-step
 * computation with the consensus functions. */
static void test_mining(struct zen_chainstate *c)
{
	struct zen_block_info tip = tip_of(c);
	struct zen_u256 work = tip.work, w;
	struct zen_ema ema = tip.ema;
	int ok = 1;

	for (int i = 0; i < 50 && ok; i++) {
		uint64_t ts;

		ok = mine_next(c, miner, NULL);
		tip = tip_of(c);
		ts = tip.header.timestamp;
		ok = ok && tip.header.difficulty == ema.difficulty &&
		     ts == clock_ms;
		zen_chain_work(&w, tip.header.difficulty);
		zen_u256_add(&work, &w);
		zen_ema_push(&ema, P, ts);
	}
	tap_ok(ok, "50 templates mine and connect, each at the EMA difficulty");
	tap_u64(tip.header.block_number, 51, "tip is block 51");
	tap_ok(!zen_u256_cmp(&work, &tip.work), "chain work is the sum");
	tap_ok(ema.difficulty == tip.ema.difficulty &&
	       zen_ema_earliest(&ema) == zen_ema_earliest(&tip.ema) &&
	       ema.count == tip.ema.count,
	       "EMA state and median time match the step-by-step values");
	tap_u64(counts_of(c).utxos, 51, "one output per coinbase plus genesis");
	verify_ok(c, "after 50 blocks");
}

static void test_mempool(struct zen_chainstate *c)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_tx t1, t2, ds, cb_young, cb_old;
	enum zen_tx_outcome oc;
	uint8_t gtx[ZEN_HASH_LEN], h[ZEN_HASH_LEN];
	struct zen_chain_read *r;
	struct zen_tx_location loc;
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_block b;
	struct zen_block_info tip;
	int rc;

	if (zen_hex_decode_fixed(gtx, 32, FX_GENESIS_TX, NULL))
		fx_die("hex", NULL);
	/* t1: the genesis output to key1 (600), back to key0 (399), fee 1 */
	zen_tx_init(&t1);
	fx_add_output(&t1, ZEN_LOCK_PK, pk1, ZP(600));
	fx_add_output(&t1, ZEN_LOCK_PK, pk0, ZP(399));
	fx_add_output(&t1, ZEN_LOCK_FEE, NULL, ZP(1));
	spend_tx(&t1, gtx, 0, key0);
	rc = submit_tx(c, &t1, &oc, &err);
	tap_ok(rc == 0 && oc == ZEN_TX_ADDED, "spending the genesis output "
	       "enters the mempool (%s)", err.msg);
	rc = submit_tx(c, &t1, &oc, &err);
	tap_ok(rc == ZEN_EREFUSED && oc == ZEN_TX_IN_MEMPOOL &&
	       !strcmp(err.msg, "already in mempool"), "twice: already in mempool");

	/* a double spend of the same output */
	zen_tx_init(&ds);
	fx_add_output(&ds, ZEN_LOCK_PK, pk1, ZP(1000));
	spend_tx(&ds, gtx, 0, key0);
	rc = submit_tx(c, &ds, &oc, &err);
	tap_ok(rc == ZEN_EREFUSED && !strcmp(err.msg, "DoubleSpend"),
	       "a double spend is refused: %s", err.msg);

	/* a chain: t2 spends t1's first output */
	zen_tx_init(&t2);
	fx_add_output(&t2, ZEN_LOCK_PK, pk0, ZP(598));
	fx_add_output(&t2, ZEN_LOCK_FEE, NULL, ZP(2));
	spend_tx(&t2, t1.tx_hash, 0, key1);
	err.msg[0] = 0;
	rc = submit_tx(c, &t2, &oc, &err);
	tap_ok(rc == 0, "a transaction spending a mempool output enters (%s)",
	       err.msg);

	/* unknown input */
	zen_tx_init(&cb_young);
	fx_add_output(&cb_young, ZEN_LOCK_PK, pk0, 1);
	spend_tx(&cb_young, t2.tx_hash, 7, key0);
	rc = submit_tx(c, &cb_young, &oc, &err);
	tap_ok(rc == ZEN_EREFUSED && !strcmp(err.msg, "Orphan"),
	       "an unknown input is Orphan: %s", err.msg);
	zen_tx_release(&cb_young);

	/* coinbase maturity: the coinbase of the tip is too young, the one
	 * of block 2 is mature */
	tip = tip_of(c);
	coinbase_of(c, tip.header.block_number, h);
	zen_tx_init(&cb_young);
	fx_add_output(&cb_young, ZEN_LOCK_PK, pk0, zen_block_reward(51, 0));
	spend_tx(&cb_young, h, 0, keym);
	rc = submit_tx(c, &cb_young, &oc, &err);
	tap_ok(rc == ZEN_EREFUSED && oc == ZEN_TX_INVALID,
	       "an immature coinbase cannot be spent: %s", err.msg);
	coinbase_of(c, 2, h);
	zen_tx_init(&cb_old);
	fx_add_output(&cb_old, ZEN_LOCK_PK, pk1, zen_block_reward(2, 0));
	spend_tx(&cb_old, h, 0, keym);
	err.msg[0] = 0;
	rc = submit_tx(c, &cb_old, &oc, &err);
	tap_ok(rc == 0, "a mature coinbase can (%s)", err.msg);

	if (zen_chain_read_begin(c, &r, NULL))
		fx_die("read", NULL);
	rc = zen_chain_read_tx(r, &raw, &loc, t2.tx_hash, &err);
	zen_chain_read_end(r);
	tap_ok(rc == 0 && loc.in_mempool && loc.confirmations == 0 &&
	       raw.len == t2.raw_len && !memcmp(raw.data, t2.raw, raw.len),
	       "a mempool transaction reads back with 0 confirmations");
	tap_u64(counts_of(c).mempool, 3, "three transactions in the mempool");
	verify_ok(c, "with a mempool");

	/* the template takes them, fees go to the coinbase */
	clock_ms += 60000;
	zen_block_init(&b);
	template_of(c, &b, miner);
	tap_ok(b.n_txs == 4 && b.txs[0].n_outputs == 1 &&
	       b.txs[0].outputs[0].spend.amount ==
	       zen_block_reward(52, 0) + ZP(3) &&
	       b.txs[0].outputs[0].lock.id == ZEN_LOCK_COINBASE &&
	       b.txs[0].outputs[0].lock.block_number == 52,
	       "template: coinbase with reward + fees and three transactions");
	tap_ok(b.header.version == 1 && b.header.block_number == 52 &&
	       b.header.timestamp == clock_ms &&
	       b.header.difficulty == tip_of(c).ema.difficulty,
	       "template header");
	mine(&b);
	{
		struct zen_block_result res;

		err.msg[0] = 0;
		rc = submit(c, &res, &b, &err);
		tap_ok(rc == 0 && res.outcome == ZEN_BLOCK_ON_MAIN,
		       "the mined template connects (%s %s)", err.msg,
		       res.reason);
	}
	zen_block_release(&b);
	tap_u64(counts_of(c).mempool, 0, "the mempool is empty after it");
	rc = submit_tx(c, &t1, &oc, &err);
	tap_ok(rc == ZEN_EREFUSED && oc == ZEN_TX_IN_BLOCK &&
	       !strcmp(err.msg, "already in a block"), "then: already in a block");
	rc = submit_tx(c, &ds, &oc, &err);
	tap_ok(rc == ZEN_EREFUSED && !strcmp(err.msg, "DoubleSpend"),
	       "a spend of a spent main-chain output is DoubleSpend: %s",
	       err.msg);
	zen_buf_reset(&raw);
	if (zen_chain_read_begin(c, &r, NULL))
		fx_die("read", NULL);
	rc = zen_chain_read_tx(r, &raw, &loc, t2.tx_hash, &err);
	zen_chain_read_end(r);
	/* by weight: cb_old (one output), t2 (two), t1 (three); t2 is an
	 * orphan in the first pass and comes after t1 in the second */
	tap_ok(rc == 0 && !loc.in_mempool && loc.block_number == 52 &&
	       loc.index == 3 && loc.confirmations == 1 &&
	       raw.len == t2.raw_len && !memcmp(raw.data, t2.raw, raw.len),
	       "a confirmed transaction reads back from its block");
	verify_ok(c, "after the block with transactions");
	zen_buf_release(&raw);
	zen_tx_release(&t1);
	zen_tx_release(&t2);
	zen_tx_release(&ds);
	zen_tx_release(&cb_young);
	zen_tx_release(&cb_old);
}

/* Submit b expecting a connection failure with reason. */
static void expect_rejected(struct zen_chainstate *c, struct zen_block *b,
			    const char *reason, const char *what)
{
	struct zen_block_info before = tip_of(c), after;
	struct zen_chain_counts n0 = counts_of(c), n1;
	struct zen_block_result res;
	struct zen_err err = ZEN_ERR_INIT;
	int rc;

	mine(b);
	rc = submit(c, &res, b, &err);
	after = tip_of(c);
	n1 = counts_of(c);
	tap_ok(rc == 0 && res.outcome == ZEN_BLOCK_REJECTED &&
	       strstr(res.reason, reason) &&
	       !memcmp(before.hash, after.hash, 32) &&
	       n0.utxos == n1.utxos && n0.txs == n1.txs,
	       "%s: rejected, state unchanged (%d %s | %s)", what, rc,
	       err.msg, res.reason);
	rc = submit(c, &res, b, &err);
	tap_ok(rc == 0 && res.outcome == ZEN_BLOCK_KNOWN &&
	       res.status == ZEN_BLOCK_INVALID, "%s: then known invalid", what);
}

static void expect_refused(struct zen_chainstate *c, struct zen_block *b,
			   const char *text, const char *what)
{
	struct zen_chain_counts n0 = counts_of(c), n1;
	struct zen_block_result res;
	struct zen_err err = ZEN_ERR_INIT;
	int rc = submit(c, &res, b, &err);

	n1 = counts_of(c);
	tap_ok(rc == ZEN_EREFUSED && strstr(err.msg, text) &&
	       n0.blocks == n1.blocks, "%s: refused unstored (%s)", what,
	       err.msg);
}

static void test_invalid(struct zen_chainstate *c)
{
	struct zen_block b, child;
	struct zen_block_result res;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_block_info tip;
	int rc;

	clock_ms += 60000;
	zen_block_init(&b);
	zen_block_init(&child);

	template_of(c, &b, miner);
	b.header.difficulty = 0x01000001;
	expect_refused(c, &b, "proof of work failed", "bad proof of work");

	template_of(c, &b, miner);
	b.header.commitments[0] ^= 1;
	mine(&b);
	expect_refused(c, &b, "commitments mismatch", "bad header commitments");

	template_of(c, &b, miner);
	b.txs = zen_xrealloc(b.txs, 2 * sizeof(*b.txs));
	zen_tx_init(&b.txs[1]);
	if (zen_tx_decode(&b.txs[1], b.txs[0].raw, b.txs[0].raw_len, NULL))
		fx_die("decode", NULL);
	b.n_txs = 2;
	recommit(&b);
	mine(&b);
	expect_refused(c, &b, "failed validation", "a second coinbase");

	template_of(c, &b, miner);
	b.header.difficulty = 0x20fffffe;
	expect_rejected(c, &b, "incorrect proof of work", "wrong difficulty");

	template_of(c, &b, miner);
	tip = tip_of(c);
	b.header.timestamp = zen_ema_earliest(&tip.ema);
	expect_rejected(c, &b, "block's timestamp is too early", "early");

	template_of(c, &b, miner);
	b.header.timestamp = clock_ms + ZEN_MAX_FUTURE_MS + 1;
	expect_rejected(c, &b, "too far in the future", "future");

	template_of(c, &b, miner);
	b.txs[0].outputs[0].spend.amount += 1;
	zen_tx_finalize(&b.txs[0]);
	recommit(&b);
	expect_rejected(c, &b, "block reward is incorrect", "coinbase amount");

	template_of(c, &b, miner);
	tip = tip_of(c);
	b.header.block_number = tip.header.block_number + 2;
	b.txs[0].outputs[0].lock.block_number = b.header.block_number;
	zen_tx_finalize(&b.txs[0]);
	recommit(&b);
	expect_rejected(c, &b, "blockNumber mismatch", "block number");

	template_of(c, &b, miner);
	b.commitments[2][0] ^= 1;
	recommit(&b);
	expect_rejected(c, &b, "commitments mismatch", "ACS root");

	/* a child of that invalid block */
	{
		uint8_t bad[ZEN_HASH_LEN];

		zen_header_hash(bad, &b.header);
		template_of(c, &child, miner);
		memcpy(child.header.parent, bad, 32);
		child.header.block_number++;
		child.txs[0].outputs[0].lock.block_number++;
		child.txs[0].outputs[0].spend.amount =
			zen_block_reward(child.header.block_number, 0);
		zen_tx_finalize(&child.txs[0]);
		recommit(&child);
		mine(&child);
		rc = submit(c, &res, &child, &err);
		tap_ok(rc == 0 && res.outcome == ZEN_BLOCK_REJECTED &&
		       !strcmp(res.reason, "parent block is invalid"),
		       "a child of an invalid block is invalid");
	}
	zen_block_release(&b);
	zen_block_release(&child);
	verify_ok(c, "after invalid blocks");
}

/* Copy main-chain blocks from..to of src into dst. */
/* The raw bytes of block n of c's main chain. */
static void main_block_raw(struct zen_chainstate *c, uint32_t n,
			   struct zen_buf *raw)
{
	struct zen_chain_read *r;
	struct zen_block_info info;
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_chain_read_begin(c, &r, &err) ||
	    zen_chain_read_main(r, &info, n, &err) ||
	    zen_chain_read_block(r, raw, NULL, info.hash, &err))
		fx_die("copy", &err);
	zen_chain_read_end(r);
}

static int copy_blocks(struct zen_chainstate *dst, struct zen_chainstate *src,
		       uint32_t from, uint32_t to)
{
	int ok = 1;

	for (uint32_t n = from; ok && n <= to; n++) {
		struct zen_block_result res;
		struct zen_buf raw = ZEN_BUF_INIT;
		struct zen_err err = ZEN_ERR_INIT;

		main_block_raw(src, n, &raw);
		ok = !zen_chain_submit_block(dst, &res, raw.data, raw.len,
					     &err) &&
		     (res.outcome == ZEN_BLOCK_ON_MAIN ||
		      res.outcome == ZEN_BLOCK_KNOWN);
		zen_buf_release(&raw);
	}
	return ok;
}

static int utxo_collect(void *ctx, const struct zen_outpoint *op,
			const struct zen_output *out)
{
	struct zen_buf *b = ctx;

	zen_buf_add(b, op->tx_hash, 32);
	zen_write_u32(b, op->index);
	zen_output_write(b, out);
	return 0;
}

static void utxo_dump(struct zen_chainstate *c, struct zen_buf *out)
{
	struct zen_chain_read *r;

	if (zen_chain_read_begin(c, &r, NULL) ||
	    zen_chain_read_utxos(r, utxo_collect, out, NULL))
		fx_die("utxos", NULL);
	zen_chain_read_end(r);
}

/* Two data directories share the chain, fork, and the heavier branch
 * is fed to the other; blocks are also fed children first. */
static void test_reorg_orphans(struct zen_chainstate *a, const char *adir)
{
	char *bdir = new_dir();
	struct zen_chainstate *b = open_chain(bdir);
	struct zen_buf raws[3] = { ZEN_BUF_INIT, ZEN_BUF_INIT, ZEN_BUF_INIT };
	struct zen_buf ua = ZEN_BUF_INIT, ub = ZEN_BUF_INIT;
	struct zen_block_result res;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_block_info ta, tb;
	struct zen_tx t;
	enum zen_tx_outcome oc;
	uint8_t h[ZEN_HASH_LEN];
	uint64_t fork_clock;
	uint32_t base;
	int rc, ok;

	(void)adir;
	base = tip_of(a).header.block_number;
	tap_ok(copy_blocks(b, a, 2, base), "a second node takes the chain");
	tap_ok(!memcmp(tip_of(a).hash, tip_of(b).hash, 32),
	       "both at the same tip");

	/* a: two blocks, the second with a transaction */
	fork_clock = clock_ms;
	ok = mine_next(a, miner, NULL);
	coinbase_of(a, 3, h);
	zen_tx_init(&t);
	fx_add_output(&t, ZEN_LOCK_PK, pk1, zen_block_reward(3, 0));
	spend_tx(&t, h, 0, keym);
	rc = submit_tx(a, &t, &oc, &err);
	ok = ok && rc == 0 && mine_next(a, miner, NULL) &&
	     counts_of(a).mempool == 0;
	tap_ok(ok, "node a mines two blocks, one with a transaction");

	/* b: three blocks with the same timestamps (same work each) and
	 * another miner key */
	clock_ms = fork_clock;
	ok = 1;
	for (int i = 0; i < 3; i++)
		ok = ok && mine_next(b, pk1, &raws[i]);
	tap_ok(ok, "node b mines three blocks");

	/* children first: the third and second are orphans at a */
	rc = zen_chain_submit_block(a, &res, raws[2].data, raws[2].len, &err);
	tap_ok(rc == 0 && res.outcome == ZEN_BLOCK_STORED_ORPHAN,
	       "a block with an unknown parent is kept as orphan");
	tap_u64(counts_of(a).orphans, 1, "one orphan");
	rc = zen_chain_submit_block(a, &res, raws[1].data, raws[1].len, &err);
	tap_ok(rc == 0 && res.outcome == ZEN_BLOCK_STORED_ORPHAN,
	       "its parent too");
	verify_ok(a, "with orphans");
	rc = zen_chain_submit_block(a, &res, raws[0].data, raws[0].len, &err);
	ta = tip_of(a);
	tb = tip_of(b);
	tap_ok(rc == 0 && res.tip_changed && res.disconnected == 2 &&
	       res.connected == 3 && !memcmp(ta.hash, tb.hash, 32),
	       "the missing parent connects the orphans and a switches to "
	       "the heavier branch (%s %s)", err.msg, res.reason);
	tap_u64(counts_of(a).orphans, 0, "no orphan left");
	tap_ok(!zen_u256_cmp(&ta.work, &tb.work) &&
	       ta.header.block_number == base + 3, "same tip, same work");
	tap_ok(mempool_has(a, t.tx_hash),
	       "the losing branch's transaction is back in the mempool");
	verify_ok(a, "after the reorganisation");
	utxo_dump(a, &ua);
	utxo_dump(b, &ub);
	tap_ok(ua.len == ub.len && !memcmp(ua.data, ub.data, ua.len),
	       "both nodes have the same UTXO set");

	/* the mempool transaction is now in b's view too: feed it, mine */
	rc = submit_tx(b, &t, &oc, &err);
	tap_ok(rc == 0, "b accepts the transaction");
	ok = mine_next(b, pk1, &raws[0]);
	rc = zen_chain_submit_block(a, &res, raws[0].data, raws[0].len, &err);
	tap_ok(ok && rc == 0 && res.outcome == ZEN_BLOCK_ON_MAIN &&
	       counts_of(a).mempool == 0,
	       "a block including it empties a's mempool");
	verify_ok(a, "after the extension");

	rc = zen_chain_submit_block(a, &res, raws[0].data, raws[0].len, &err);
	tap_ok(rc == 0 && res.outcome == ZEN_BLOCK_KNOWN,
	       "a block submitted twice is known");

	zen_tx_release(&t);
	for (int i = 0; i < 3; i++)
		zen_buf_release(&raws[i]);
	zen_buf_release(&ua);
	zen_buf_release(&ub);
	zen_chain_close(b);
	drop_dir(bdir);
}

static void test_reopen_and_schema(void)
{
	char *dir = new_dir();
	struct zen_chainstate *c = open_chain(dir);
	struct zen_store *s;
	struct zen_store_txn *t;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_block_info before, after;
	struct zen_tx tx;
	enum zen_tx_outcome oc;
	struct zen_buf path = ZEN_BUF_INIT;
	uint8_t gtx[ZEN_HASH_LEN], be[4] = { 0, 0, 0, 99 };
	int rc;

	mine_next(c, miner, NULL);
	if (zen_hex_decode_fixed(gtx, 32, FX_GENESIS_TX, NULL))
		fx_die("hex", NULL);
	zen_tx_init(&tx);
	fx_add_output(&tx, ZEN_LOCK_PK, pk1, ZP(1000));
	spend_tx(&tx, gtx, 0, key0);
	rc = submit_tx(c, &tx, &oc, &err);
	before = tip_of(c);
	zen_chain_close(c);
	c = open_chain(dir);
	after = tip_of(c);
	tap_ok(rc == 0 && !memcmp(before.hash, after.hash, 32) &&
	       after.header.block_number == 2 && mempool_has(c, tx.tx_hash),
	       "close and reopen: same tip and mempool");
	verify_ok(c, "reopened");
	zen_chain_close(c);

	/* a damaged UTXO set: the consistency check finds it */
	zen_buf_addf(&path, "%s/chain", dir);
	{
		struct zen_chain_verify_report rep;
		uint8_t key[36];

		memcpy(key, gtx, 32);
		memset(key + 32, 0, 4);
		if (zen_store_open(&s, zen_buf_str(&path), &err) ||
		    zen_store_begin(s, NULL, 1, &t, &err) ||
		    zen_store_del(t, ZEN_DB_UTXO, key, sizeof(key), &err) ||
		    zen_store_commit(t, &err))
			fx_die("damage", &err);
		zen_store_close(s);
		c = open_chain(dir);
		rc = zen_chain_verify(c, &rep, &err);
		tap_ok(rc == ZEN_ESTORE && strstr(err.msg, "store check failed"),
		       "verify reports a missing unspent output: %s", err.msg);
		zen_chain_close(c);
	}

	/* another schema version */
	if (zen_store_open(&s, zen_buf_str(&path), &err) ||
	    zen_store_begin(s, NULL, 1, &t, &err) ||
	    zen_store_put(t, ZEN_DB_META, "schema", 6, be, 4, &err) ||
	    zen_store_commit(t, &err))
		fx_die("schema", &err);
	zen_store_close(s);
	rc = zen_chain_open(&c, dir, P, &err);
	tap_ok(rc == ZEN_ESTORE && c == NULL &&
	       !strcmp(err.msg, "store schema 99, expected 2"),
	       "another schema version is refused: %s", err.msg);
	zen_buf_release(&path);
	zen_tx_release(&tx);
	drop_dir(dir);
}

/* ---- contracts on the chain (contracts.md 1.2-1.7) ---- */

#define SAMPLE_HASH \
	"60de85a214850bf6192e7c4416fbccaf3cfcc0a927dd6b770a70ff08d24046d3"
/* One hint with a one-entry unsat core: queries = 1 (1.9). */
#define ONE_QUERY_HINTS "[\"d\",[[\"Z.main\",1,2,1,[\"@q\"],0,\"h\"]]]"

static const char *sample_code(void)
{
	return tap_jstr(tap_jget(tap_vector("contract_ids.json",
					    "contract-id-sample"), "input"),
			"code");
}

static void add_out_cid(struct zen_tx *tx, uint32_t lock,
			const uint8_t hash[ZEN_HASH_LEN], uint64_t amount)
{
	fx_add_output(tx, lock, NULL, amount);
	memcpy(tx->outputs[tx->n_outputs - 1].lock.cid.hash, hash,
	       ZEN_HASH_LEN);
}

/* Spend (prev, index) of key0: an activation of code paying sacrifice,
 * the rest back to pk0. */
static void activation_tx(struct zen_tx *tx, const uint8_t prev[ZEN_HASH_LEN],
			  uint32_t index, uint64_t have, const char *code,
			  uint64_t sacrifice, uint32_t queries)
{
	struct zen_contract *c = &tx->contract;

	zen_tx_init(tx);
	fx_add_output(tx, ZEN_LOCK_ACTIVATION_SACRIFICE, NULL, sacrifice);
	fx_add_output(tx, ZEN_LOCK_PK, pk0, have - sacrifice);
	tx->has_contract = 1;
	c->version = 0;
	c->code = zen_xstrdup(code);
	c->code_len = strlen(code);
	c->hints = zen_xstrdup(ONE_QUERY_HINTS);
	c->hints_len = strlen(ONE_QUERY_HINTS);
	c->rlimit = 2723280;
	c->queries = queries;
	spend_tx(tx, prev, index, key0);
}

static int active_list(struct zen_chainstate *c, struct zen_active_contract
		       **a, size_t *n)
{
	struct zen_chain_read *r;
	struct zen_err err = ZEN_ERR_INIT;

	size_t k = 0;

	if (zen_chain_read_begin(c, &r, &err) ||
	    zen_chain_read_active(r, a, n, &err))
		fx_die("active", &err);
	zen_chain_read_end(r);
	/* leave out the local chain's built-in CGP and voting contracts,
	 * which never expire (test-cgp-builtin, t0910) */
	for (size_t i = 0; i < *n; i++) {
		if ((*a)[i].expiry == UINT32_MAX)
			free((*a)[i].code);
		else
			(*a)[k++] = (*a)[i];
	}
	*n = k;
	return 0;
}

/* 1 when exactly one contract is active, hash hex, with this expiry. */
static int active_is(struct zen_chainstate *c, const char *hex,
		     uint32_t expiry)
{
	struct zen_active_contract *a;
	size_t n;
	char hx[65];
	int ok;

	active_list(c, &a, &n);
	if (n == 1)
		zen_hex_encode_to(hx, a[0].cid.hash, 32);
	ok = n == 1 && !strcmp(hx, hex) && a[0].expiry == expiry;
	if (!ok)
		tap_diag("active: %zu entries, expiry %u", n,
			 n ? a[0].expiry : 0);
	zen_active_contracts_free(a, n);
	return ok;
}

static int refused_with(struct zen_chainstate *c, const struct zen_tx *tx,
			const char *text)
{
	struct zen_err err = ZEN_ERR_INIT;
	int rc = submit_tx(c, tx, NULL, &err);

	if (!rc || strcmp(err.msg, text))
		tap_diag("got %d '%s', want '%s'", rc, err.msg, text);
	return rc == ZEN_EREFUSED && !strcmp(err.msg, text);
}

/* Run the contract on a skeleton spending (prev, index) of key0 with a
 * 1-kalapa fee, as a wallet does (1.6), let tamper (may be NULL) change
 * the result, and sign it. */
static int execute_signed(struct zen_chainstate *c, struct zen_tx *tx,
			  const uint8_t cid_hash[ZEN_HASH_LEN],
			  const uint8_t prev[ZEN_HASH_LEN], uint32_t index,
			  uint64_t have, void (*tamper)(struct zen_tx *),
			  struct zen_err *err)
{
	struct zen_execute_request rq;
	struct zen_outpoint op;
	struct zen_output in, outs[2];
	int rc;

	memset(&rq, 0, sizeof(rq));
	memcpy(rq.cid.hash, cid_hash, ZEN_HASH_LEN);
	memcpy(op.tx_hash, prev, ZEN_HASH_LEN);
	op.index = index;
	zen_output_init(&in);
	in.lock.id = ZEN_LOCK_PK;
	memcpy(in.lock.pk_hash, pk0, ZEN_HASH_LEN);
	in.spend.amount = have;
	for (int i = 0; i < 2; i++)
		zen_output_init(&outs[i]);
	outs[0] = in;
	outs[0].spend.amount = have - 1;
	outs[1].lock.id = ZEN_LOCK_FEE;
	outs[1].spend.amount = 1;
	rq.in_outpoints = &op;
	rq.in_outputs = &in;
	rq.n_in = 1;
	rq.outputs = outs;
	rq.n_outputs = 2;
	zen_tx_init(tx);
	if ((rc = zen_chain_execute(c, &rq, tx, err)))
		return rc;
	if (tamper)
		tamper(tx);
	rc = zen_wallet_sign_inputs(tx, (const uint8_t (*)[ZEN_SECKEY_LEN])key0,
				    1, ZEN_SIGHASH_FOLLOWING, err);
	zen_tx_finalize(tx);
	return rc;
}

static void cost_plus_one(struct zen_tx *tx)
{
	tx->witnesses[0].cost++;
}

static uint64_t coinbase_zp(struct zen_chainstate *c, uint32_t n)
{
	struct zen_chain_read *r;
	struct zen_block_info info;
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_block b;
	uint64_t sum = 0;

	zen_block_init(&b);
	if (zen_chain_read_begin(c, &r, NULL) ||
	    zen_chain_read_main(r, &info, n, NULL) ||
	    zen_chain_read_block(r, &raw, NULL, info.hash, NULL) ||
	    zen_block_decode(&b, raw.data, raw.len, NULL, NULL))
		fx_die("coinbase_zp", NULL);
	for (size_t i = 0; i < b.txs[0].n_outputs; i++)
		if (zen_asset_is_zp(&b.txs[0].outputs[i].spend.asset))
			sum += b.txs[0].outputs[i].spend.amount;
	zen_chain_read_end(r);
	zen_block_release(&b);
	zen_buf_release(&raw);
	return sum;
}

/* A contract whose main costs more than cf says for "buy" (issue 16). */
#define DEAR_MAIN \
	"open Zen.Types\nopen Zen.Cost\nmodule RT = Zen.ResultT\n" \
	"let main txSkel _ _ command _ _ _ _ =\n" \
	"  autoInc (RT.ok @ { tx = txSkel; message = None; state = NoChange })\n" \
	"  <: contractResult `cost` 230\n" \
	"let cf _ _ command _ _ _ _ = match command with\n" \
	"  | \"buy\" -> ret (214 <: nat) | _ -> ret (236 <: nat)\n"

static void test_contract_refusals(struct zen_chainstate *c,
				   const uint8_t genesis[ZEN_HASH_LEN],
				   const char *code, uint64_t have)
{
	size_t len = strlen(code);
	struct zen_tx tx;

	activation_tx(&tx, genesis, 0, have, code, len * 10, 2);
	tap_ok(refused_with(c, &tx, "General \"Total queries mismatch\""),
	       "activation: hints with 1 query, 2 declared");
	zen_tx_release(&tx);
	activation_tx(&tx, genesis, 0, have, code, len - 1, 1);
	tap_ok(refused_with(c, &tx, "General \"Contract must be activated "
			    "for at least one block\""),
	       "activation: %zu kalapas pay less than a block", len - 1);
	zen_tx_release(&tx);
	activation_tx(&tx, genesis, 0, have, "let main = 1", 1200, 1);
	tap_ok(refused_with(c, &tx, "BadContract"),
	       "activation: code without main and cf is BadContract");
	zen_tx_release(&tx);
	/* the cost bound of the activation check (check.h): main's
	 * declared 230 against cf's 214 (issue 16) */
	activation_tx(&tx, genesis, 0, have, DEAR_MAIN, 12000, 1);
	tap_ok(refused_with(c, &tx, "BadContract"),
	       "activation: main dearer than cf is BadContract");
	zen_tx_release(&tx);
}

/* The API test of /blockchain/contract/execute (api.md 5.14): the
 * sample contract on an empty skeleton gives this transaction. */
static void test_execute_vector(struct zen_chainstate *c,
				const uint8_t cid_hash[ZEN_HASH_LEN])
{
	struct zen_execute_request rq;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_tx tx;
	char hx[65] = "";

	memset(&rq, 0, sizeof(rq));
	memcpy(rq.cid.hash, cid_hash, ZEN_HASH_LEN);
	zen_tx_init(&tx);
	if (!tap_ok(zen_chain_execute(c, &rq, &tx, &err) == 0,
		    "execute on an empty skeleton: %s", err.msg)) {
		zen_tx_release(&tx);
		return;
	}
	zen_hex_encode_to(hx, tx.tx_hash, 32);
	tap_str(hx, "d5c5663e704f1c68b9bd3137c5a51222f5946d615d91d82190d7"
		"4af7deeb6ac9", "the reference's API test transaction");
	tap_ok(tx.n_witnesses == 1 && tx.witnesses[0].cost == 214 &&
	       tx.n_inputs == 1 && tx.inputs[0].kind == ZEN_INPUT_MINT &&
	       tx.inputs[0].mint.amount == 1000,
	       "one mint of 1000, witness cost 214 (contracts.md 5.1)");
	zen_tx_release(&tx);
}

/* Feed block n of src's main chain to dst, whatever branch it joins. */
static void copy_side_block(struct zen_chainstate *dst,
			    struct zen_chainstate *src, uint32_t n)
{
	struct zen_block_result res;
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;

	main_block_raw(src, n, &raw);
	if (zen_chain_submit_block(dst, &res, raw.data, raw.len, &err) ||
	    res.outcome == ZEN_BLOCK_REJECTED)
		tap_diag("block %u: %s %s", n, err.msg, res.reason);
	zen_buf_release(&raw);
}

static void test_contracts(void)
{
	char *dir = new_dir(), *bdir = new_dir();
	struct zen_chainstate *c = open_chain(dir), *b;
	const char *code = sample_code();
	uint64_t len = strlen(code), have = ZP(1000), reward;
	uint8_t genesis[ZEN_HASH_LEN], cid_hash[ZEN_HASH_LEN];
	struct zen_output out;
	struct zen_outpoint op;
	struct zen_chain_read *r;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_tx act, exec, ext;
	char hx[65];

	if (zen_hex_decode_fixed(genesis, 32, FX_GENESIS_TX, NULL) ||
	    zen_hex_decode_fixed(cid_hash, 32, SAMPLE_HASH, NULL))
		fx_die("hex", NULL);
	tap_ok(len == 584, "the sample contract is 584 bytes (5.1)");
	test_contract_refusals(c, genesis, code, have);

	/* activation for 10 blocks in block 2: expiry 2 + 10 - 1 */
	activation_tx(&act, genesis, 0, have, code, len * 10, 1);
	tap_ok(submit_tx(c, &act, NULL, &err) == 0, "activation admitted: %s",
	       err.msg);
	tap_ok(active_is(c, SAMPLE_HASH, 11),
	       "the mempool view lists it, expire 11");
	tap_ok(mine_next(c, miner, NULL), "block 2 with the activation");
	tap_ok(active_is(c, SAMPLE_HASH, 11), "active after block 2");
	reward = zen_block_reward(2, 0);
	tap_ok(coinbase_zp(c, 2) == reward + len,
	       "coinbase 2 pays the reward + 584 (1 kalapa per byte)");
	tap_ok(counts_of(c).contracts == 1, "one contract in the set");
	test_execute_vector(c, cid_hash);

	/* a wallet-style execution: a mint of 1000 locked to the contract */
	tap_ok(execute_signed(c, &exec, cid_hash, act.tx_hash, 1,
			      have - len * 10, cost_plus_one, &err) == 0,
	       "execute (cost + 1): %s", err.msg);
	tap_ok(refused_with(c, &exec, "General \"execution cost commitment "
			    "mismatch\""), "a wrong cost commitment is refused");
	zen_tx_release(&exec);
	tap_ok(execute_signed(c, &exec, cid_hash, act.tx_hash, 1,
			      have - len * 10, NULL, &err) == 0,
	       "execute: %s", err.msg);
	tap_ok(submit_tx(c, &exec, NULL, &err) == 0, "execution admitted: %s",
	       err.msg);
	tap_ok(mine_next(c, miner, NULL), "block 3 with the execution");
	memcpy(op.tx_hash, exec.tx_hash, ZEN_HASH_LEN);
	op.index = 2;
	zen_output_init(&out);
	if (zen_chain_read_begin(c, &r, &err) ||
	    zen_chain_read_utxo(r, &out, &op, &err))
		fx_die("read minted", &err);
	zen_chain_read_end(r);
	zen_hex_encode_to(hx, out.spend.asset.cid.hash, 32);
	tap_ok(out.lock.id == ZEN_LOCK_CONTRACT && out.spend.amount == 1000 &&
	       !strcmp(hx, SAMPLE_HASH) &&
	       !memcmp(out.lock.cid.hash, cid_hash, ZEN_HASH_LEN),
	       "1000 of the contract's asset, locked to the contract");
	zen_output_release(&out);

	/* extension by 5 blocks adds 4 (1.3) */
	zen_tx_init(&ext);
	add_out_cid(&ext, ZEN_LOCK_EXTENSION_SACRIFICE, cid_hash, len * 5);
	fx_add_output(&ext, ZEN_LOCK_PK, pk0, have - len * 10 - 1 - len * 5);
	spend_tx(&ext, exec.tx_hash, 0, key0);
	tap_ok(submit_tx(c, &ext, NULL, &err) == 0, "extension admitted: %s",
	       err.msg);
	tap_ok(active_is(c, SAMPLE_HASH, 15), "extended to expire 15");
	tap_ok(mine_next(c, miner, NULL), "block 4 with the extension");
	while (tip_of(c).header.block_number < 14)
		mine_next(c, miner, NULL);
	tap_ok(active_is(c, SAMPLE_HASH, 15), "still active after block 14");
	tap_ok(mine_next(c, miner, NULL), "block 15");
	tap_ok(coinbase_zp(c, 15) == zen_block_reward(15, 0) + len,
	       "block 15 still owes the sacrifice (before expiry)");
	tap_ok(counts_of(c).contracts == 0, "expired at the end of block 15");
	tap_ok(mine_next(c, miner, NULL) &&
	       coinbase_zp(c, 16) == zen_block_reward(16, 0),
	       "block 16 owes no sacrifice");
	zen_tx_release(&exec);
	tap_ok(execute_signed(c, &exec, cid_hash, ext.tx_hash, 1,
			      have - len * 15 - 1, NULL, &err) == ZEN_EREFUSED &&
	       !strcmp(err.msg, "Contract not active"),
	       "executing an expired contract: %s", err.msg);
	verify_ok(c, "after contracts");

	/* a heavier branch without them: every change is undone, and the
	 * activation goes back to the mempool */
	b = open_chain(bdir);
	while (tip_of(b).header.block_number < 18)
		mine_next(b, miner, NULL);
	for (uint32_t n = 2; n <= 18; n++)
		copy_side_block(c, b, n);
	tap_ok(!memcmp(tip_of(c).hash, tip_of(b).hash, ZEN_HASH_LEN),
	       "reorganised onto 18 empty blocks");
	/* activation then extension, re-admitted for block 19 */
	tap_ok(active_is(c, SAMPLE_HASH, (19 + 10 - 1) + (5 - 1)),
	       "activation and extension are back in the mempool: expire 32");
	tap_ok(counts_of(c).contracts == 0, "no contract on the new tip");
	verify_ok(c, "after the contract reorg");
	zen_chain_close(b);
	zen_tx_release(&act);
	zen_tx_release(&exec);
	zen_tx_release(&ext);
	zen_chain_close(c);
	drop_dir(dir);
	drop_dir(bdir);
}

/*
 * A contract with state that adds an input, so that validation runs it
 * (a contract that adds none is never executed there, 1.7): it mints 1
 * of its asset when it has no state and 2 when it has one, and sets its
 * state to U32 10, then 11, ...
 */
static const char counter_code[] =
	"open Zen.Types\nopen Zen.Base\nopen Zen.Cost\nopen Zen.Data\n"
	"open FStar.UInt32\n"
	"module C = Zen.Cost\nmodule CR = Zen.ContractResult\n"
	"module Tx = Zen.TxSkeleton\nmodule Asset = Zen.Asset\n"
	"let main txSkel context contractId command sender messageBody "
	"wallet state = autoInc begin\n"
	"  let! counter = state >!= tryU32 in\n"
	"  let next = match counter with | Some x -> x +%^ 1ul "
	"| None -> 10ul in\n"
	"  let amount = match counter with | Some _ -> 2UL | None -> 1UL in\n"
	"  let! asset = Asset.getDefault contractId in\n"
	"  let spend = { asset = asset; amount = amount } in\n"
	"  let! txSkel = Tx.addInput (Mint spend) txSkel >>= "
	"Tx.lockToContract asset amount contractId in\n"
	"  CR.ofTxSkel txSkel >>= CR.setStateUpdate (U32 next) end\n"
	"let cf _ _ _ _ _ _ _ = C.ret (500 <: nat)\n";

/* Execute the counter spending (prev, index) worth have and admit it:
 * the amount it minted, 0 when refused. */
static uint64_t count_once(struct zen_chainstate *c,
			   const uint8_t cid[ZEN_HASH_LEN],
			   const uint8_t prev[ZEN_HASH_LEN], uint32_t index,
			   uint64_t have, struct zen_tx *tx)
{
	struct zen_err err = ZEN_ERR_INIT;

	if (execute_signed(c, tx, cid, prev, index, have, NULL, &err) ||
	    submit_tx(c, tx, NULL, &err)) {
		tap_diag("counter: %s", err.msg);
		return 0;
	}
	return tx->outputs[2].spend.amount;
}

/* State across transactions in the mempool and in one block, and its
 * undo on a reorganisation. */
static void test_contract_state(void)
{
	char *dir = new_dir(), *bdir = new_dir();
	struct zen_chainstate *c = open_chain(dir), *b;
	uint64_t len = strlen(counter_code), have = ZP(1000) - len * 10;
	uint8_t genesis[ZEN_HASH_LEN], cid[ZEN_HASH_LEN];
	struct zen_tx act, t[4];
	struct zen_active_contract *a;
	size_t n;

	if (zen_hex_decode_fixed(genesis, 32, FX_GENESIS_TX, NULL))
		fx_die("hex", NULL);
	activation_tx(&act, genesis, 0, ZP(1000), counter_code, len * 10, 1);
	tap_ok(submit_tx(c, &act, NULL, NULL) == 0 &&
	       mine_next(c, miner, NULL), "counter activated in block 2");
	active_list(c, &a, &n);
	tap_ok(n == 1, "one active contract");
	memcpy(cid, a[0].cid.hash, ZEN_HASH_LEN);
	zen_active_contracts_free(a, n);

	tap_ok(count_once(c, cid, act.tx_hash, 1, have, &t[0]) == 1,
	       "no state: mints 1");
	tap_ok(count_once(c, cid, t[0].tx_hash, 0, have - 1, &t[1]) == 2,
	       "the mempool's state: mints 2");
	tap_ok(mine_next(c, miner, NULL) && counts_of(c).mempool == 0,
	       "both executions in block 3, in order");
	tap_ok(count_once(c, cid, t[1].tx_hash, 0, have - 2, &t[2]) == 2,
	       "the stored state: mints 2");
	tap_ok(mine_next(c, miner, NULL), "block 4");
	verify_ok(c, "contract state");

	/* a heavier branch: states and the set undone; the four
	 * transactions revalidate in order from no state */
	b = open_chain(bdir);
	while (tip_of(b).header.block_number < 6)
		mine_next(b, miner, NULL);
	for (uint32_t k = 2; k <= 6; k++)
		copy_side_block(c, b, k);
	tap_ok(!memcmp(tip_of(c).hash, tip_of(b).hash, ZEN_HASH_LEN) &&
	       counts_of(c).contracts == 0 && counts_of(c).mempool == 4,
	       "reorganised: no contract, 4 transactions back in the mempool");
	tap_ok(mine_next(c, miner, NULL) && counts_of(c).mempool == 0 &&
	       counts_of(c).contracts == 1,
	       "activation and three executions in one block");
	tap_ok(count_once(c, cid, t[2].tx_hash, 0, have - 3, &t[3]) == 2,
	       "state rebuilt by the block: mints 2");
	verify_ok(c, "contract state after the reorg");
	zen_chain_close(b);
	zen_chain_close(c);
	zen_tx_release(&act);
	for (int k = 0; k < 4; k++)
		zen_tx_release(&t[k]);
	drop_dir(dir);
	drop_dir(bdir);
}

/* The query count of 1.9: the sum of the unsat-core lengths. */
static void test_hints(void)
{
	static const struct {
		const char *db;
		int ok;
		uint32_t queries;
	} cases[] = {
		{ "[\"d\",[[\"a\",1,2,1,[\"x\",\"y\",\"z\"],0,\"q\"],"
		  "null,[\"b\",2,1,1,[\"w\"],12]]]", 1, 3 + 1 },
		{ "[\"d\",[[\"a\",1,2,1,null,0]]]", 1, 0 },
		{ "[\"d\",[null,[]]]", 0, 0 },		/* no usable hint */
		{ "[\"d\",[]]", 0, 0 },
		{ "[\"d\",[[\"a\",1,2,1,[\"x\"]]]]", 0, 0 },	/* 5 fields */
		{ "[\"d\",[[\"a\",1,2,1,[3],0]]]", 0, 0 },	/* core not strings */
		{ "[\"d\",[[1,1,2,1,[\"x\"],0]]]", 0, 0 },	/* name not a string */
		{ "{\"d\":1}", 0, 0 },
		{ "[\"d\",[[\"a\",1,2,1,[\"x\"],0]]] trailing", 0, 0 },
	};

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(cases); i++) {
		struct zen_err err = ZEN_ERR_INIT;
		uint32_t q = 99;
		int rc = zen_hints_queries(cases[i].db, strlen(cases[i].db), &q,
					   &err);

		tap_ok(cases[i].ok ? rc == 0 && q == cases[i].queries :
		       rc == ZEN_EINVAL && !strncmp(err.msg, "invalid hints: ",
						    15),
		       "hints %zu: %s %u", i, rc ? err.msg : "queries", q);
	}
}

/*
 * Two contracts that each mint 1 of their asset: the caller sends a
 * message to the callee, which accepts only calls from a contract.
 * Both add an input, so validation runs both witnesses (1.7 step 11).
 * The callee's main costs 214 on a contract's call (Zulib getDefault 64
 * + addInput 64 + lockToContract 64 = 192, plus the elaborator's
 * increments 22), so its cf says 250 (the activation check explores a
 * contract sender: check.h THE COST BOUND); the witness carries cf's
 * 250.  The caller's main costs 285 and its cf says 300.
 */
#define MINT_ONE \
	"  let! asset = Asset.getDefault contractId in\n" \
	"  let spend = { asset = asset; amount = 1UL } in\n" \
	"  let! txSkel = Tx.addInput (Mint spend) txSkel >>= " \
	"Tx.lockToContract asset 1UL contractId in\n"
#define PREAMBLE \
	"open Zen.Types\nopen Zen.Base\nopen Zen.Cost\n" \
	"module C = Zen.Cost\nmodule RT = Zen.ResultT\n" \
	"module Tx = Zen.TxSkeleton\nmodule Asset = Zen.Asset\n" \
	"module CId = Zen.ContractId\n" \
	"let main txSkel context contractId command sender messageBody " \
	"wallet state = autoInc begin\n"

static const char callee_code[] = PREAMBLE
	"  match sender with\n"
	"  | Contract _ -> begin\n" MINT_ONE
	"    RT.ok @ { tx = txSkel; message = None; state = NoChange } end\n"
	"  | _ -> RT.autoFailw \"only contracts\" end\n"
	"let cf _ _ _ _ _ _ _ = C.ret (250 <: nat)\n";

static void caller_code(struct zen_buf *out, const uint8_t callee[ZEN_HASH_LEN])
{
	char hx[65];

	zen_hex_encode_to(hx, callee, 32);
	zen_buf_addf(out, PREAMBLE MINT_ONE
		"  let! target = CId.parse \"00000000%s\" in\n"
		"  match target with\n"
		"  | Some r ->\n"
		"    let msg = { recipient = r; command = \"hello\"; "
		"body = None } in\n"
		"    RT.ok @ { tx = txSkel; message = Some msg; "
		"state = NoChange }\n"
		"  | None -> RT.autoFailw \"bad id\" end\n"
		"let cf _ _ _ _ _ _ _ = C.ret (300 <: nat)\n", hx);
}

static void code_hash(uint8_t out[ZEN_HASH_LEN], const char *code)
{
	struct zen_buf b = ZEN_BUF_INIT;

	zen_buf_add(&b, (const uint8_t[4]){ 0 }, 4);
	zen_buf_add(&b, code, strlen(code));
	zen_sha3(out, b.data, b.len);
	zen_buf_release(&b);
}

static void chained_command(struct zen_tx *tx)
{
	free(tx->witnesses[1].command);
	tx->witnesses[1].command = zen_xstrdup("hellO");
}

static void sign_first(struct zen_tx *tx)
{
	zen_tx_finalize(tx);
	if (zen_wallet_sign_contract_witness(tx, key1, NULL))
		fx_die("sign witness", NULL);
}

static void sign_first_badly(struct zen_tx *tx)
{
	sign_first(tx);
	tx->witnesses[0].cw_signature[7] ^= 1;
}

static void test_contract_messages(void)
{
	char *dir = new_dir();
	struct zen_chainstate *c = open_chain(dir);
	struct zen_buf caller = ZEN_BUF_INIT;
	uint8_t genesis[ZEN_HASH_LEN], callee_h[ZEN_HASH_LEN];
	uint8_t caller_h[ZEN_HASH_LEN];
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_execute_request rq;
	struct zen_tx a1, a2, t, bad;
	uint64_t n1, n2, have;
	const struct zen_witness *w;

	if (zen_hex_decode_fixed(genesis, 32, FX_GENESIS_TX, NULL))
		fx_die("hex", NULL);
	code_hash(callee_h, callee_code);
	caller_code(&caller, callee_h);
	code_hash(caller_h, zen_buf_str(&caller));
	n1 = strlen(callee_code) * 5;
	n2 = caller.len * 5;
	activation_tx(&a1, genesis, 0, ZP(1000), callee_code, n1, 1);
	activation_tx(&a2, a1.tx_hash, 1, ZP(1000) - n1, zen_buf_str(&caller),
		      n2, 1);
	have = ZP(1000) - n1 - n2;
	tap_ok(submit_tx(c, &a1, NULL, &err) == 0 &&
	       submit_tx(c, &a2, NULL, &err) == 0 &&
	       mine_next(c, miner, NULL) && counts_of(c).contracts == 2,
	       "caller and callee active: %s", err.msg);

	memset(&rq, 0, sizeof(rq));
	memcpy(rq.cid.hash, callee_h, ZEN_HASH_LEN);
	zen_tx_init(&t);
	tap_ok(zen_chain_execute(c, &rq, &t, &err) == ZEN_EREFUSED &&
	       !strcmp(err.msg, "only contracts"),
	       "the callee refuses an anonymous call: %s", err.msg);

	tap_ok(execute_signed(c, &bad, caller_h, a2.tx_hash, 1, have,
			      chained_command, &err) == 0 &&
	       refused_with(c, &bad, "General \"expecting chained contract "
			    "witness\""), "a chained witness must repeat the "
	       "message's command");
	zen_tx_release(&bad);
	tap_ok(execute_signed(c, &bad, caller_h, a2.tx_hash, 1, have,
			      sign_first_badly, &err) == 0 &&
	       refused_with(c, &bad, "General \"invalid contract witness "
			    "signature\""), "a bad witness signature is refused");
	zen_tx_release(&bad);

	zen_tx_release(&t);
	tap_ok(execute_signed(c, &t, caller_h, a2.tx_hash, 1, have,
			      sign_first, &err) == 0,
	       "the caller runs, then the callee: %s", err.msg);
	w = t.witnesses;	/* the PK witness, then the two runs */
	tap_ok(t.n_witnesses == 3 && t.n_inputs == 3 &&
	       w[1].begin_inputs == 1 && w[1].inputs_length == 1 &&
	       w[1].cost == 300 && w[1].has_cw_signature &&
	       w[2].begin_inputs == 2 && w[2].inputs_length == 1 &&
	       w[2].begin_outputs == 3 && w[2].outputs_length == 1 &&
	       w[2].cost == 250 && !w[2].has_cw_signature &&
	       !strcmp(w[2].command, "hello") &&
	       !memcmp(w[2].cid.hash, callee_h, ZEN_HASH_LEN),
	       "witnesses: caller [1, 2) cost 300, callee [2, 3) cost 250");
	tap_ok(submit_tx(c, &t, NULL, &err) == 0 &&
	       mine_next(c, miner, NULL) && counts_of(c).mempool == 0,
	       "the chained execution is mined: %s", err.msg);
	verify_ok(c, "after a message chain");
	zen_tx_release(&a1);
	zen_tx_release(&a2);
	zen_tx_release(&t);
	zen_buf_release(&caller);
	zen_chain_close(c);
	drop_dir(dir);
}

/* Put key -> val into db of the store in dir (the chain closed). */
static void store_poke(const char *dir, enum zen_store_db db,
		       const uint8_t *key, size_t klen, const uint8_t *val,
		       size_t vlen)
{
	struct zen_buf path = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_store *st;
	struct zen_store_txn *t;

	zen_buf_addf(&path, "%s/chain", dir);
	if (zen_store_open(&st, zen_buf_str(&path), &err) ||
	    zen_store_begin(st, NULL, 1, &t, &err) ||
	    zen_store_put(t, db, key, klen, val, vlen, &err) ||
	    zen_store_commit(t, &err))
		fx_die("poke", &err);
	zen_store_close(st);
	zen_buf_release(&path);
}

static int verify_fails(struct zen_chainstate *c, const char *msg)
{
	struct zen_chain_verify_report rep;
	struct zen_err err = ZEN_ERR_INIT;
	int rc = zen_chain_verify(c, &rep, &err);

	if (rc != ZEN_ESTORE || strcmp(err.msg, msg))
		tap_diag("verify: %d %s", rc, err.msg);
	return rc == ZEN_ESTORE && !strcmp(err.msg, msg);
}

/* zen node verify sees a wrong mempool overlay and a missed expiry. */
static void test_verify_contracts(void)
{
	char *dir = new_dir();
	struct zen_chainstate *c = open_chain(dir);
	uint64_t len = strlen(counter_code);
	uint8_t genesis[ZEN_HASH_LEN], hash[ZEN_HASH_LEN], val[4 + 2048];
	char hx[17], msg[160];
	struct zen_tx act;

	if (zen_hex_decode_fixed(genesis, 32, FX_GENESIS_TX, NULL))
		fx_die("hex", NULL);
	activation_tx(&act, genesis, 0, ZP(1000), counter_code, len * 3, 1);
	tap_ok(submit_tx(c, &act, NULL, NULL) == 0, "counter in the mempool");
	verify_ok(c, "the mempool overlay matches its transaction");
	code_hash(hash, counter_code);
	zen_chain_close(c);
	/* expiry 2 + 3 - 1 = 4 in the overlay; store 5 instead */
	memset(val, 0, 4);
	val[3] = 5;
	memcpy(val + 4, counter_code, len);
	store_poke(dir, ZEN_DB_MEMPOOL_ACS, hash, 32, val, 4 + len);
	c = open_chain(dir);
	tap_ok(verify_fails(c, "store check failed: the mempool's active "
			    "contract entries differ from its transactions"),
	       "verify: a wrong expiry in the mempool overlay");
	tap_ok(mine_next(c, miner, NULL), "block 2 activates it");
	verify_ok(c, "the rebuilt overlay");
	zen_chain_close(c);
	val[3] = 2;	/* expired at the tip, still stored */
	store_poke(dir, ZEN_DB_ACS, hash, 32, val, 4 + len);
	c = open_chain(dir);
	zen_hex_encode_to(hx, hash, 8);
	snprintf(msg, sizeof(msg), "store check failed: active contract "
		 "%s... expired at block 2, the tip is 2", hx);
	tap_ok(verify_fails(c, msg), "verify: a missed expiry");
	zen_tx_release(&act);
	zen_chain_close(c);
	drop_dir(dir);
}

int main(void)
{
	char *dir;
	struct zen_chainstate *c;
	char hx[65];

	P = zen_chain_params(ZEN_CHAIN_LOCAL);
	clock_ms = 1515594186383ULL;
	fx_key(0, key0, pk0);
	fx_key(1, key1, pk1);
	fx_key(2, keym, miner);
	zen_hex_encode_to(hx, pk0, 32);
	tap_str(hx, GENESIS_PK, "the test key owns the genesis output");

	test_genesis();
	test_main_empty();
	dir = new_dir();
	c = open_chain(dir);
	test_mining(c);
	test_mempool(c);
	test_invalid(c);
	test_reorg_orphans(c, dir);
	zen_chain_close(c);
	drop_dir(dir);
	test_reopen_and_schema();
	test_hints();
	test_contracts();
	test_contract_state();
	test_contract_messages();
	test_verify_contracts();
	return tap_done();
}
