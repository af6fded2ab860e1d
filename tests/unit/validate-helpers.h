/* Shared helpers of the validation unit tests (test-validate*.c); not
 * named test-*.h so that .gitignore keeps it. */
#ifndef ZEN_VALIDATE_HELPERS_H
#define ZEN_VALIDATE_HELPERS_H

#include "core/chain/validate.h"
#include "core/crypto/keys.h"
#include "chain-fixture.h"
#include "tap.h"

#define G(text) "General \"" text "\""

/* Keys m/44'/258'/0'/0/{0,1} of the reference's root mnemonic. */
struct tv_key {
	uint8_t sec[ZEN_SECKEY_LEN];
	uint8_t pub[ZEN_PUBKEY_LEN];
	uint8_t pkh[ZEN_HASH_LEN];
};
extern struct tv_key tv_keys[2];
void tv_keys_init(void);

/* An in-memory UTXO view. */
struct tv_utxo {
	struct zen_outpoint op;
	enum zen_utxo_state state;
	struct zen_output out;
};
struct tv_db {
	struct tv_utxo *u;
	size_t n;
};
void tv_db_add(struct tv_db *db, uint8_t seed, uint32_t index,
	       enum zen_utxo_state state, uint32_t lock_id,
	       const uint8_t pkh[ZEN_HASH_LEN], uint64_t amount);
void tv_db_release(struct tv_db *db);
void tv_db_view(struct zen_utxo_view *v, struct tv_db *db);
/* The outpoint hash of seed: 32 bytes of seed. */
void tv_hash_of(uint8_t out[ZEN_HASH_LEN], uint8_t seed);

/* Building transactions (arrays grow; zen_tx_release frees them). */
void tv_add_outpoint(struct zen_tx *tx, uint8_t seed, uint32_t index);
void tv_add_mint(struct zen_tx *tx, const struct zen_asset *a,
		 uint64_t amount);
/* outputs: fx_add_output (chain-fixture.h) */
struct zen_witness *tv_add_witness(struct zen_tx *tx, uint32_t id);
/* A leftover-style contract witness: cid (v0, hash all 0xcc), cost. */
struct zen_witness *tv_add_contract_witness(struct zen_tx *tx, uint64_t cost);
/*
 * Finalize tx, then sign every PK witness j (last to first) with
 * tv_keys[key_of[j]] over its sighash message, and finalize again.
 */
void tv_sign(struct zen_tx *tx, const int *key_of);

/* Test groups of test-validate-block.c. */
void test_validate_blocks(void);
void test_coinbase_amounts(void);
void test_sig_batch(void);

#endif
