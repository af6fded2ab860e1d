/*
 * test-wallet-store.c - the wallet store (wallet.h) and raw transactions
 * (rawtx.h): the encrypted secret (right, wrong, empty and changed
 * passwords), import finding the local genesis output on a real chain
 * store, the mempool view, multi-asset sends built from a hand-made coin
 * set (other assets cannot be minted on the chain before the contract
 * engine), and the raw-transaction round trip.
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/chain/chain.h"
#include "core/wallet/bip39.h"
#include "core/wallet/rawtx.h"
#include "core/wallet/txbuild.h"
#include "core/wallet/wallet.h"
#include "tap.h"

#define ROOT_WORDS "feel muffin volcano click mercy abuse bachelor ginger limb " \
	"tomorrow okay input spend athlete boring security document exclude " \
	"liar dune usage camera ranch thought"

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static void test_secret_and_sync(void)
{
	const struct zen_chain_params *P = zen_chain_params(ZEN_CHAIN_LOCAL);
	char dir[] = "/tmp/zen-wallet-unit.XXXXXX";
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_kdf kdf = { 1, 65536 };
	struct zen_chainstate *chain = NULL;
	struct zen_wallet *w = NULL;
	struct zen_wallet_secret *s = NULL;
	struct zen_chain_read *r = NULL;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	int exists = -1;

	if (!mkdtemp(dir) || zen_chain_open(&chain, dir, P, &err) ||
	    zen_wallet_open(&w, dir, P, &err)) {
		tap_ok(0, "open a chain and a wallet: %s", err.msg);
		return;
	}
	tap_ok(!zen_wallet_exists(w, &exists, &err) && !exists, "no wallet at first");
	tap_ok(zen_wallet_unlock(w, "x", &s, &err) == ZEN_EREFUSED &&
	       !strcmp(err.msg, "no account"), "unlock without account: no account");
	tap_ok(zen_wallet_import(w, ROOT_WORDS, "", &kdf, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "Password is empty"), "import: empty password refused");
	tap_ok(!zen_wallet_import(w, ROOT_WORDS, "pw", &kdf, &err), "import: %s", err.msg);
	tap_ok(zen_wallet_import(w, ROOT_WORDS, "pw", &kdf, &err) == ZEN_EREFUSED,
	       "a second import: account already exist");
	tap_ok(zen_wallet_unlock(w, "nope", &s, &err) == ZEN_EPASSWORD && !s &&
	       !strcmp(err.msg, "Bad password"), "wrong password: Bad password");
	tap_ok(!zen_wallet_unlock(w, "pw", &s, &err) && s &&
	       !strcmp(s->sentence, ROOT_WORDS), "right password gives the words");
	zen_wallet_secret_free(s);
	s = NULL;
	tap_ok(!zen_wallet_change_password(w, "pw", "pw2", &kdf, &err) &&
	       zen_wallet_unlock(w, "pw", &s, NULL) == ZEN_EPASSWORD &&
	       !zen_wallet_unlock(w, "pw2", &s, &err), "changed password");
	zen_wallet_secret_free(s);
	if (!zen_chain_read_begin(chain, &r, &err) && !zen_wallet_view(w, r, &v, &err)) {
		tap_u64(v.n_outs, 1, "the genesis output is found without a resync");
		tap_u64(v.n_outs ? v.outs[0].output.spend.amount : 0, 100000000000ULL,
			"its amount");
		tap_u64(v.n_addrs, 2 + ZEN_WALLET_LOOKAHEAD,
			"external 0, change 0 and the payment lookahead are watched");
	} else {
		tap_ok(0, "view: %s", err.msg);
	}
	zen_wallet_view_release(&v);
	zen_chain_read_end(r);
	tap_ok(!zen_wallet_remove(w, "pw2", &err) &&
	       !zen_wallet_exists(w, &exists, &err) && !exists, "remove");
	zen_wallet_close(w);
	zen_chain_close(chain);
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Two assets from a hand-built coin set, signed, then as a raw tx. */
static void test_multi_asset(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_wallet_secret *s;
	struct zen_xpub xpub;
	struct zen_wallet_coin coins[3];
	struct zen_output outs[2];
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	struct zen_tx tx, back;
	struct zen_rawtx rt, rt2;
	struct zen_buf enc = ZEN_BUF_INIT;
	uint8_t pub[ZEN_PUBKEY_LEN], cpub[ZEN_PUBKEY_LEN], pkh[ZEN_HASH_LEN];
	uint8_t change[ZEN_HASH_LEN];
	uint8_t keys[3][ZEN_SECKEY_LEN];
	size_t n_signed = 0;
	int rc;

	s = calloc(1, sizeof(*s));
	{
		uint8_t seed[ZEN_BIP39_SEED_LEN];

		rc = zen_bip39_seed(seed, ROOT_WORDS, "", &err) ?:
		     zen_bip32_master(&s->master, seed, sizeof(seed), &err) ?:
		     zen_bip32_derive_text(&s->account, &s->master,
					   ZEN_WALLET_ACCOUNT_PATH, &err) ?:
		     zen_bip32_neuter(&xpub, &s->account, &err) ?:
		     zen_wallet_address_key(&xpub, ZEN_WADDR_EXTERNAL, 0, pub, pkh, &err) ?:
		     zen_wallet_address_key(&xpub, ZEN_WADDR_CHANGE, 0, cpub, change, &err);
	}
	tap_ok(!rc, "keys: %s", err.msg);
	memset(coins, 0, sizeof(coins));
	for (int i = 0; i < 3; i++) {
		memset(coins[i].outpoint.tx_hash, 0x10 + i, 32);
		memcpy(coins[i].pk_hash, pkh, 32);
		coins[i].spend.amount = 1000;
	}
	coins[1].spend.asset.cid.hash[0] = 0xaa;	/* another asset */
	coins[2].spend.asset.cid.hash[0] = 0xaa;
	for (int i = 0; i < 2; i++) {
		zen_output_init(&outs[i]);
		outs[i].lock.id = ZEN_LOCK_PK;
		memset(outs[i].lock.pk_hash, 0x77, 32);
	}
	outs[0].spend.amount = 400;			/* ZP */
	outs[1].spend.asset.cid.hash[0] = 0xaa;
	outs[1].spend.amount = 1500;
	zen_tx_init(&tx);
	rc = zen_wallet_build_send(&tx, &sel, coins, 3, outs, 2, change, 100, 10, &err);
	tap_ok(!rc && tx.n_inputs == 3 && tx.n_outputs == 4,
	       "two assets: 3 inputs, 2 outputs and 2 change outputs (%s)", err.msg);
	if (!rc) {
		tap_u64(tx.outputs[2].spend.amount, 600, "ZP change");
		tap_u64(tx.outputs[3].spend.amount, 500, "asset change");
		tap_ok(!memcmp(tx.outputs[3].lock.pk_hash, change, 32), "change to change 0");
	}
	outs[1].spend.amount = 2001;
	zen_tx_init(&back);
	tap_ok(zen_wallet_build_send(&back, &sel, coins, 3, outs, 2, change, 100,
				     10, &err) && !strcmp(err.msg, "not enough tokens"),
	       "more of the asset than held: not enough tokens");
	zen_tx_release(&back);
	/* Raw: empty witnesses, encode, decode, sign, finish. */
	zen_rawtx_init(&rt);
	zen_rawtx_init(&rt2);
	if (zen_wallet_build_send(&rt.tx, &sel, coins, 3, outs, 1, change, 100, 10, &err))
		tap_ok(0, "raw build: %s", err.msg);
	for (size_t i = 0; i < rt.tx.n_inputs; i++)
		zen_rawtx_add_empty(&rt, ZEN_SIGHASH_TXHASH, pub, "m/44'/258'/0'/0/0");
	zen_rawtx_encode(&enc, &rt);
	tap_ok(!zen_rawtx_decode(&rt2, enc.data, enc.len, &err) &&
	       rt2.n_wits == rt.tx.n_inputs, "raw transaction round trip");
	zen_tx_init(&back);
	tap_ok(zen_rawtx_to_tx(&back, &rt2, &err) == ZEN_EREFUSED,
	       "unsigned raw transaction: not fully signed");
	tap_ok(!zen_rawtx_sign(&rt2, &s->master, &n_signed, &err) &&
	       n_signed == rt2.n_wits, "every input signed");
	tap_ok(!zen_rawtx_to_tx(&back, &rt2, &err) &&
	       back.n_witnesses == rt2.n_wits, "finished transaction");
	/* The same as signing directly. */
	memset(keys, 0, sizeof(keys));
	for (size_t i = 0; i < rt.tx.n_inputs; i++)
		rc |= zen_wallet_address_seckey(&s->account, ZEN_WADDR_EXTERNAL, 0,
						keys[i], &err);
	rc |= zen_wallet_sign_inputs(&rt.tx, (const uint8_t (*)[32])keys,
				     rt.tx.n_inputs, ZEN_SIGHASH_TXHASH, &err);
	zen_tx_finalize(&rt.tx);
	tap_ok(!rc && rt.tx.raw_len == back.raw_len &&
	       !memcmp(rt.tx.raw, back.raw, back.raw_len),
	       "offline signing gives the same transaction as direct signing");
	zen_buf_reset(&enc);
	zen_buf_addch(&enc, 0xff);
	tap_ok(zen_rawtx_decode(&rt2, enc.data, enc.len, &err) == ZEN_EINVAL,
	       "garbage: Invalid tx: decoding");
	zen_buf_release(&enc);
	zen_tx_release(&back);
	zen_tx_release(&tx);
	zen_rawtx_release(&rt);
	zen_rawtx_release(&rt2);
	zen_coin_selection_release(&sel);
	for (int i = 0; i < 2; i++)
		zen_output_release(&outs[i]);
	memset(s, 0, sizeof(*s));
	free(s);
}

int main(void)
{
	test_secret_and_sync();
	test_multi_asset();
	return tap_done();
}
