/*
 * chain-fixture.c - a chain store in a temporary directory and blocks
 * built on it by hand (chain-fixture.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chain-fixture.h"
#include "core/consensus/consensus.h"
#include "core/consensus/miner.h"
#include "core/wallet/bip32.h"
#include "core/wallet/bip39.h"
#include "core/wallet/txbuild.h"

void fx_die(const char *what, const struct zen_err *err)
{
	fprintf(stderr, "%s: %s: %s\n", program_invocation_short_name, what,
		err ? err->msg : "");
	exit(99);
}

void fx_key(uint32_t i, uint8_t sec[ZEN_SECKEY_LEN],
	    uint8_t pkh[ZEN_HASH_LEN])
{
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t seed[ZEN_BIP39_SEED_LEN], pub[ZEN_PUBKEY_LEN];
	struct zen_xprv master, k;
	char path[64];

	snprintf(path, sizeof(path), "m/44'/258'/0'/0/%u", i);
	if (zen_bip39_seed(seed, FX_MNEMONIC, "", &err) ||
	    zen_bip32_master(&master, seed, sizeof(seed), &err) ||
	    zen_bip32_derive_text(&k, &master, path, &err) ||
	    zen_pubkey_from_seckey(pub, k.key, &err))
		fx_die("derive key", &err);
	memcpy(sec, k.key, ZEN_SECKEY_LEN);
	zen_pubkey_hash(pkh, pub);
	zen_xprv_wipe(&master);
	zen_xprv_wipe(&k);
}

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

struct zen_chainstate *fx_chain_open(char *dir,
				     const struct zen_chain_params *p,
				     int make)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_chainstate *c;

	if ((make && !mkdtemp(dir)) || zen_chain_open(&c, dir, p, &err))
		fx_die("open", &err);
	return c;
}

void fx_remove_tree(const char *dir)
{
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

void fx_chain_drop(struct zen_chainstate *c, const char *dir)
{
	zen_chain_close(c);
	fx_remove_tree(dir);
}

struct zen_output *fx_add_output(struct zen_tx *tx, uint32_t lock_id,
				 const uint8_t *pkh, uint64_t amount)
{
	struct zen_output *o;

	tx->outputs = zen_xrealloc(tx->outputs,
				   (tx->n_outputs + 1) * sizeof(*tx->outputs));
	o = &tx->outputs[tx->n_outputs++];
	zen_output_init(o);
	o->lock.id = lock_id;
	if (pkh)
		memcpy(o->lock.pk_hash, pkh, ZEN_HASH_LEN);
	o->spend.amount = amount;
	return o;
}

void fx_sign_inputs(struct zen_tx *tx, const struct fx_coin *in, size_t n,
		    uint8_t sighash)
{
	uint8_t (*k)[ZEN_SECKEY_LEN] = zen_xcalloc(n, sizeof(*k));
	struct zen_err err = ZEN_ERR_INIT;

	tx->inputs = zen_xcalloc(n, sizeof(*tx->inputs));
	tx->n_inputs = n;
	for (size_t i = 0; i < n; i++) {
		tx->inputs[i].kind = ZEN_INPUT_OUTPOINT;
		memcpy(tx->inputs[i].outpoint.tx_hash, in[i].tx, ZEN_HASH_LEN);
		tx->inputs[i].outpoint.index = in[i].index;
		memcpy(k[i], in[i].sec, ZEN_SECKEY_LEN);
	}
	if (zen_wallet_sign_inputs(tx, (const uint8_t (*)[ZEN_SECKEY_LEN])k,
				   n, sighash, &err))
		fx_die("sign", &err);
	zen_tx_finalize(tx);
	free(k);
}

uint32_t fx_tip_number(struct zen_chainstate *c)
{
	struct zen_chain_read *r;
	struct zen_block_info tip;

	if (zen_chain_read_begin(c, &r, NULL) ||
	    zen_chain_read_tip(r, &tip, NULL))
		fx_die("tip", NULL);
	zen_chain_read_end(r);
	return tip.header.block_number;
}

void fx_block_with(struct zen_chainstate *c, struct zen_block *b,
		   const uint8_t pkh[ZEN_HASH_LEN], const struct zen_tx *txs,
		   size_t n)
{
	struct zen_err err = ZEN_ERR_INIT;

	zen_block_init(b);
	if (zen_chain_template(c, b, pkh, &err))
		fx_die("template", &err);
	b->txs = zen_xrealloc(b->txs, (b->n_txs + n) * sizeof(*b->txs));
	for (size_t i = 0; i < n; i++) {
		zen_tx_init(&b->txs[b->n_txs]);
		if (zen_tx_decode(&b->txs[b->n_txs], txs[i].raw,
				  txs[i].raw_len, &err))
			fx_die("copy tx", &err);
		b->n_txs++;
	}
	fx_block_finish(b);
}

void fx_mine(struct zen_chainstate *c, const uint8_t pkh[ZEN_HASH_LEN],
	     const struct zen_tx *txs, size_t n)
{
	struct zen_block b;
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_block_result res;
	struct zen_err err = ZEN_ERR_INIT;

	fx_block_with(c, &b, pkh, txs, n);
	zen_block_encode(&raw, &b);
	if (zen_chain_submit_block(c, &res, raw.data, raw.len, &err))
		fx_die("a block that should connect", &err);
	if (res.outcome != ZEN_BLOCK_ON_MAIN) {
		fprintf(stderr, "block %u: %s\n", b.header.block_number,
			res.reason[0] ? res.reason : "not on the main chain");
		fx_die("a block that should connect", NULL);
	}
	zen_buf_release(&raw);
	zen_block_release(&b);
}

void fx_block_finish(struct zen_block *b)
{
	struct zen_mine_opts o = ZEN_MINE_OPTS_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	enum zen_mine_status st;

	if (zen_block_tx_roots(b->commitments[0], b->commitments[1], b, &err))
		fx_die("roots", &err);
	zen_block_commitments_root(b->header.commitments, b);
	if (zen_mine(&st, NULL, &b->header, &o, &err) || st != ZEN_MINE_FOUND)
		fx_die("mine", &err);
}

void fx_execute(struct zen_chainstate *c, struct zen_tx *tx,
		const struct zen_contract_id *cid, const char *command,
		const struct zen_data *body, struct zen_outpoint *coin,
		uint64_t amount, const uint8_t sec[ZEN_SECKEY_LEN],
		const uint8_t pkh[ZEN_HASH_LEN])
{
	struct zen_execute_request rq;
	struct zen_output in, out;
	struct zen_err err = ZEN_ERR_INIT;

	zen_output_init(&in);
	in.lock.id = ZEN_LOCK_PK;
	memcpy(in.lock.pk_hash, pkh, ZEN_HASH_LEN);
	in.spend.amount = amount;
	out = in;
	memset(&rq, 0, sizeof(rq));
	rq.cid = *cid;
	rq.command = command;
	rq.command_len = strlen(command);
	rq.body = body;
	rq.in_outpoints = coin;
	rq.in_outputs = &in;
	rq.n_in = 1;
	rq.outputs = &out;
	rq.n_outputs = 1;
	zen_tx_init(tx);
	if (zen_chain_execute(c, &rq, tx, &err) ||
	    zen_wallet_sign_inputs(tx, (const uint8_t (*)[ZEN_SECKEY_LEN])sec,
				   1, ZEN_SIGHASH_FOLLOWING, &err))
		fx_die(command, &err);
	zen_tx_finalize(tx);
	memcpy(coin->tx_hash, tx->tx_hash, ZEN_HASH_LEN);
	coin->index = 0;
}
