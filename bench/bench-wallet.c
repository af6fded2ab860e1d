/*
 * bench-wallet.c - the wallet's costs: unlocking the secret (argon2id with
 * the default parameters, printed with the figure, then XChaCha20-Poly1305,
 * BIP39 seed and the account key), and building and signing a send that
 * spends 100 inputs (coin selection, change, 100 derived keys, 100
 * signatures).
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "bench/bench.h"
#include "core/wallet/txbuild.h"
#include "core/wallet/wallet.h"

#define WORDS "feel muffin volcano click mercy abuse bachelor ginger limb " \
	"tomorrow okay input spend athlete boring security document exclude " \
	"liar dune usage camera ranch thought"

int main(void)
{
	const struct zen_chain_params *P = zen_chain_params(ZEN_CHAIN_LOCAL);
	char dir[] = "/tmp/zen-bench-wallet.XXXXXX";
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_wallet *w = NULL;
	struct zen_wallet_secret *s = NULL;
	struct zen_wallet_account acc;
	struct zen_kdf kdf;
	struct zen_wallet_coin coins[100];
	struct zen_output out;
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	uint8_t pub[ZEN_PUBKEY_LEN], pkh[ZEN_HASH_LEN], change[ZEN_HASH_LEN];
	double t0, t1;
	int runs = 0;
	char cmd[200];

	if (getenv("ZEN_WALLET_KDF") == NULL)
		setenv("ZEN_WALLET_KDF", "moderate", 1);
	if (!mkdtemp(dir) || zen_wallet_kdf_default(&kdf, &err) ||
	    zen_wallet_open(&w, dir, P, &err) ||
	    zen_wallet_import(w, WORDS, "bench password", &kdf, &err) ||
	    zen_wallet_account(w, &acc, &err)) {
		fprintf(stderr, "bench-wallet: %s\n", err.msg);
		return 1;
	}
	t0 = bench_now();
	do {
		if (zen_wallet_unlock(w, "bench password", &s, &err)) {
			fprintf(stderr, "bench-wallet: %s\n", err.msg);
			return 1;
		}
		zen_wallet_secret_free(s);
		runs++;
	} while (bench_now() - t0 < 2.0);
	t1 = bench_now();
	printf("wallet unlock (argon2id opslimit %llu, memlimit %llu MiB, then "
	       "XChaCha20-Poly1305, BIP39 seed, account key): %.1f ms\n",
	       (unsigned long long)kdf.opslimit,
	       (unsigned long long)(kdf.memlimit >> 20), (t1 - t0) * 1000 / runs);

	if (zen_wallet_unlock(w, "bench password", &s, &err) ||
	    zen_wallet_address_key(&acc.xpub, ZEN_WADDR_EXTERNAL, 0, pub, pkh, &err) ||
	    zen_wallet_address_key(&acc.xpub, ZEN_WADDR_CHANGE, 0, pub, change, &err))
		return 1;
	memset(coins, 0, sizeof(coins));
	for (int i = 0; i < 100; i++) {
		coins[i].outpoint.tx_hash[0] = (uint8_t)i;
		coins[i].outpoint.tx_hash[1] = 0x5a;
		memcpy(coins[i].pk_hash, pkh, 32);
		coins[i].spend.amount = 1000;
	}
	zen_output_init(&out);
	out.lock.id = ZEN_LOCK_PK;
	memset(out.lock.pk_hash, 0x77, 32);
	out.spend.amount = 100 * 1000 - 1;
	runs = 0;
	t0 = bench_now();
	do {
		struct zen_tx tx;
		uint8_t (*keys)[ZEN_SECKEY_LEN] = sodium_malloc(100 * ZEN_SECKEY_LEN);

		zen_tx_init(&tx);
		if (zen_wallet_build_send(&tx, &sel, coins, 100, &out, 1, change,
					  1000, 10, &err) || tx.n_inputs != 100)
			return 1;
		for (size_t i = 0; i < 100; i++)
			if (zen_wallet_address_seckey(&s->account, ZEN_WADDR_EXTERNAL,
						      0, keys[i], &err))
				return 1;
		if (zen_wallet_sign_inputs(&tx, (const uint8_t (*)[32])keys, 100,
					   ZEN_SIGHASH_TXHASH, &err))
			return 1;
		zen_tx_finalize(&tx);
		sodium_free(keys);
		zen_tx_release(&tx);
		runs++;
	} while (bench_now() - t0 < 2.0);
	t1 = bench_now();
	printf("build and sign a 100-input send (selection, change, 100 key "
	       "derivations, 100 signatures): %.2f ms\n", (t1 - t0) * 1000 / runs);
	zen_coin_selection_release(&sel);
	zen_wallet_secret_free(s);
	zen_wallet_close(w);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd) ? 1 : 0;
}
