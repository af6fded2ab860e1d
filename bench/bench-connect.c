/*
 * bench-connect - signatures verified per second during block connection.
 *
 * A source chain (local, in a temporary data directory) gets block 2,
 * which splits the genesis output (owned by m/44'/258'/0'/0/0 of the
 * test mnemonic) into S outputs; block 3 holds S one-input transactions,
 * each signed by that key.  Both blocks are built from the chain's own
 * template (coinbase, difficulty, timestamp) with the transactions added
 * and the commitments recomputed, and mined with zen_mine.  A second,
 * fresh store then connects block 2 and, timed, block 3: it has never
 * seen the transactions, so it verifies all S signatures (plus its usual
 * storage work and one synced write).
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench-connect.h"
#include "core/types/block.h"
#include "core/chain/chain.h"
#include "core/chain/validate.h"
#include "core/encoding/hex.h"
#include "core/consensus/miner.h"
#include "core/wallet/bip32.h"
#include "core/wallet/bip39.h"
#include "core/crypto/keys.h"
#include "core/wallet/txbuild.h"


#define MIN_SIGS 1000
#define MAX_SIGS 30000

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* rm -r dir (the temporary stores). */
void bench_remove_tree(const char *dir)
{
	if (nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0)
		fprintf(stderr, "bench-verify: cannot remove %s\n", dir);
}

static void set_pk_output(struct zen_output *o,
			  const uint8_t pk_hash[ZEN_HASH_LEN], uint64_t amount)
{
	zen_output_init(o);
	o->lock.id = ZEN_LOCK_PK;
	memcpy(o->lock.pk_hash, pk_hash, ZEN_HASH_LEN);
	o->spend.amount = amount;	/* asset: ZP, all zero */
}

/* A signed transaction spending (tx_hash, index) into n_out outputs of
 * the amounts in amounts[], all to pk_hash. */
static int make_tx(struct zen_tx *tx, const uint8_t tx_hash[ZEN_HASH_LEN],
		   uint32_t index, const uint64_t *amounts, size_t n_out,
		   const uint8_t pk_hash[ZEN_HASH_LEN],
		   const uint8_t sec[ZEN_SECKEY_LEN], struct zen_err *err)
{
	zen_tx_init(tx);
	tx->inputs = zen_xcalloc(1, sizeof(*tx->inputs));
	tx->n_inputs = 1;
	tx->inputs[0].kind = ZEN_INPUT_OUTPOINT;
	memcpy(tx->inputs[0].outpoint.tx_hash, tx_hash, ZEN_HASH_LEN);
	tx->inputs[0].outpoint.index = index;
	tx->outputs = zen_xcalloc(n_out, sizeof(*tx->outputs));
	for (size_t i = 0; i < n_out; i++)
		set_pk_output(&tx->outputs[i], pk_hash, amounts[i]);
	tx->n_outputs = n_out;
	if (zen_wallet_sign_inputs(tx, (const uint8_t (*)[ZEN_SECKEY_LEN])sec,
				   1, ZEN_SIGHASH_TXHASH, err))
		return err ? err->code : ZEN_EINVAL;
	zen_tx_finalize(tx);
	return 0;
}

int bench_build_block(struct zen_buf *raw, struct zen_chainstate *chain,
		       const uint8_t pk_hash[ZEN_HASH_LEN], struct zen_tx *txs,
		       size_t n, struct zen_err *err)
{
	struct zen_block b;
	struct zen_mine_opts o = ZEN_MINE_OPTS_INIT;
	enum zen_mine_status st;
	int ret;

	zen_block_init(&b);
	ret = zen_chain_template(chain, &b, pk_hash, err);
	if (ret)
		goto out;
	b.txs = zen_xrealloc(b.txs, (b.n_txs + n) * sizeof(*b.txs));
	memcpy(b.txs + b.n_txs, txs, n * sizeof(*txs));
	b.n_txs += n;
	for (size_t i = 0; i < n; i++)
		zen_tx_init(&txs[i]);	/* moved */
	ret = zen_block_tx_roots(b.commitments[0], b.commitments[1], &b, err);
	if (ret)
		goto out;
	zen_block_commitments_root(b.header.commitments, &b);
	ret = zen_mine(&st, NULL, &b.header, &o, err);
	if (!ret && st != ZEN_MINE_FOUND)
		ret = zen_fail(err, ZEN_EINTERNAL, "mining failed: %s",
			       zen_mine_status_name(st));
	if (!ret)
		zen_block_encode(raw, &b);
out:
	zen_block_release(&b);
	return ret;
}

int bench_submit(struct zen_chainstate *chain, const struct zen_buf *raw,
		  struct zen_err *err)
{
	struct zen_block_result res;
	int ret = zen_chain_submit_block(chain, &res, raw->data, raw->len, err);

	if (!ret && res.outcome != ZEN_BLOCK_ON_MAIN)
		ret = zen_fail(err, ZEN_EREFUSED, "block not connected (%d): %s",
			       (int)res.outcome, res.reason);
	return ret;
}

/* The same signatures through zen_sig_batch_verify alone: the share of
 * the connection time that is signature work. */
static double batch_alone(const struct zen_tx *spends, size_t n)
{
	struct zen_sig_batch b;
	double start, t;
	int ok;

	zen_sig_batch_init(&b);
	for (size_t i = 0; i < n; i++) {
		const struct zen_witness *w = &spends[i].witnesses[0];

		/* TxHash sighash: the message is the transaction hash. */
		zen_sig_batch_add(&b, spends[i].tx_hash, w->pubkey,
				  w->signature);
	}
	start = bench_now();
	ok = zen_sig_batch_verify(&b, 0, NULL);
	t = bench_now() - start;
	zen_sig_batch_release(&b);
	return ok ? t : -1;
}

static int run(size_t n_sigs, double *elapsed, double *batch_time,
	       struct zen_err *err)
{
	const struct zen_chain_params *params =
		zen_chain_params(ZEN_CHAIN_LOCAL);
	char src_dir[] = "/tmp/zen-bench-src.XXXXXX";
	char dst_dir[] = "/tmp/zen-bench-dst.XXXXXX";
	struct zen_chainstate *src = NULL, *dst = NULL;
	struct zen_buf raw2 = ZEN_BUF_INIT, raw3 = ZEN_BUF_INIT;
	uint8_t seed[ZEN_BIP39_SEED_LEN], pub[ZEN_PUBKEY_LEN];
	uint8_t pk_hash[ZEN_HASH_LEN], genesis[ZEN_HASH_LEN];
	uint8_t fund_hash[ZEN_HASH_LEN];
	struct zen_xprv master, key;
	struct zen_tx fund, *spends = NULL;
	uint64_t *amounts = NULL;
	int made_src = 0, made_dst = 0, ret;
	double start;

	zen_tx_init(&fund);
	ret = zen_bip39_seed(seed, MNEMONIC, NULL, err);
	if (!ret)
		ret = zen_bip32_master(&master, seed, sizeof(seed), err);
	if (!ret)
		ret = zen_bip32_derive_text(&key, &master, ZEN_WALLET_EXTERNAL_PATH,
					    err);
	if (!ret)
		ret = zen_pubkey_from_seckey(pub, key.key, err);
	if (!ret)
		ret = zen_hex_decode_fixed(genesis, ZEN_HASH_LEN, GENESIS_TX,
					   err);
	if (ret)
		goto out;
	zen_pubkey_hash(pk_hash, pub);

	/* Block 2: the genesis output split in n_sigs parts. */
	amounts = zen_xcalloc(n_sigs, sizeof(*amounts));
	for (size_t i = 0; i < n_sigs; i++)
		amounts[i] = GENESIS_AMOUNT / n_sigs;
	amounts[n_sigs - 1] += GENESIS_AMOUNT % n_sigs;
	ret = make_tx(&fund, genesis, 0, amounts, n_sigs, pk_hash, key.key,
		      err);
	if (ret)
		goto out;
	memcpy(fund_hash, fund.tx_hash, ZEN_HASH_LEN);

	/* Block 3: every part spent by its own signed transaction. */
	spends = zen_xcalloc(n_sigs, sizeof(*spends));
	for (size_t i = 0; i < n_sigs && !ret; i++)
		ret = make_tx(&spends[i], fund_hash, (uint32_t)i, &amounts[i], 1,
			      pk_hash, key.key, err);
	if (ret)
		goto out;
	*batch_time = batch_alone(spends, n_sigs);

	made_src = mkdtemp(src_dir) != NULL;
	made_dst = mkdtemp(dst_dir) != NULL;
	if (!made_src || !made_dst) {
		ret = zen_fail(err, ZEN_EINTERNAL, "cannot make a temporary "
			       "directory");
		goto out;
	}
	ret = zen_chain_open(&src, src_dir, params, err);
	if (!ret)
		ret = bench_build_block(&raw2, src, pk_hash, &fund, 1, err);
	if (!ret)
		ret = bench_submit(src, &raw2, err);
	if (!ret)
		ret = bench_build_block(&raw3, src, pk_hash, spends, n_sigs, err);
	if (!ret)
		ret = zen_chain_open(&dst, dst_dir, params, err);
	if (!ret) {
		zen_chain_set_threads(dst, 0);
		ret = bench_submit(dst, &raw2, err);
	}
	if (ret)
		goto out;
	start = bench_now();
	ret = bench_submit(dst, &raw3, err);
	*elapsed = bench_now() - start;
out:
	zen_chain_close(dst);
	zen_chain_close(src);
	for (size_t i = 0; spends && i < n_sigs; i++)
		zen_tx_release(&spends[i]);
	free(spends);
	free(amounts);
	zen_tx_release(&fund);
	zen_buf_release(&raw2);
	zen_buf_release(&raw3);
	zen_xprv_wipe(&master);
	zen_xprv_wipe(&key);
	memset(seed, 0, sizeof(seed));
	if (made_src)
		bench_remove_tree(src_dir);
	if (made_dst)
		bench_remove_tree(dst_dir);
	return ret;
}

void bench_connect(double raw_rate, double seconds)
{
	struct zen_err err = ZEN_ERR_INIT;
	double want = raw_rate * seconds / 2, elapsed = 0, batch_time = 0;
	size_t n_sigs = want < MIN_SIGS ? MIN_SIGS :
			want > MAX_SIGS ? MAX_SIGS : (size_t)want;
	int ret;

	printf("block connection (local chain, fresh store, %zu one-input "
	       "signed transactions in one block):\n", n_sigs);
	fflush(stdout);
	ret = run(n_sigs, &elapsed, &batch_time, &err);
	if (ret) {
		printf("  failed: %s\n", err.msg);
		return;
	}
	printf("  %-44s %10.0f signatures/s (block connected in %.3f s)\n",
	       "zen_chain_submit_block", (double)n_sigs / elapsed, elapsed);
	if (batch_time > 0)
		printf("  the same signatures in zen_sig_batch_verify alone: "
		       "%.3f s; the rest of the connection: %.3f s\n",
		       batch_time, elapsed - batch_time);
	else
		printf("  warning: the block's signatures do not verify in a "
		       "batch\n");
	printf("ratio block connection / raw verify, all cores: %.3f "
	       "(target >= 0.8)\n", (double)n_sigs / elapsed / raw_rate);
}
