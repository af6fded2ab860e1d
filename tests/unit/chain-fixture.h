/*
 * chain-fixture.h - a chain store in a temporary directory and blocks
 * built on it by hand, for the unit tests of the chain store that make
 * their own blocks (test-chain-cgp, test-addrindex).
 *
 * A failure here is a broken fixture, not a failed check: it prints what
 * failed and ends the program with status 99 (a hard error to the TAP
 * driver).
 */
#ifndef ZEN_CHAIN_FIXTURE_H
#define ZEN_CHAIN_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "core/chain/chain.h"
#include "core/crypto/keys.h"

/* The test mnemonic of the local chain: its key 0 owns the genesis
 * output, GENESIS_TX's output 0 (1000 ZP). */
#define FX_MNEMONIC "feel muffin volcano click mercy abuse bachelor " \
	"ginger limb tomorrow okay input spend athlete boring security " \
	"document exclude liar dune usage camera ranch thought"
#define FX_GENESIS_TX \
	"b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b9716420"

/* Print "PROGRAM: what: err's message" and exit 99. */
void fx_die(const char *what, const struct zen_err *err);

/* The secret and the public key hash of FX_MNEMONIC's key
 * m/44'/258'/0'/0/i. */
void fx_key(uint32_t i, uint8_t sec[ZEN_SECKEY_LEN],
	    uint8_t pkh[ZEN_HASH_LEN]);

/* Open the store in dir with params p; with make, dir is a mkdtemp
 * template (XXXXXX) made first. */
struct zen_chainstate *fx_chain_open(char *dir,
				     const struct zen_chain_params *p,
				     int make);
/* rm -rf dir. */
void fx_remove_tree(const char *dir);
/* Close c and remove dir with everything in it. */
void fx_chain_drop(struct zen_chainstate *c, const char *dir);
/* The number of c's tip. */
uint32_t fx_tip_number(struct zen_chainstate *c);

/* The template of c's next block, its coinbase to pkh, with txs[0..n)
 * appended (copied: the caller keeps them), the roots recomputed and
 * the header mined.  Release b with zen_block_release. */
void fx_block_with(struct zen_chainstate *c, struct zen_block *b,
		   const uint8_t pkh[ZEN_HASH_LEN], const struct zen_tx *txs,
		   size_t n);
/* fx_block_with's block submitted to c: it must become the tip (else
 * fx_die with the reason). */
void fx_mine(struct zen_chainstate *c, const uint8_t pkh[ZEN_HASH_LEN],
	     const struct zen_tx *txs, size_t n);
/* An output to spend: transaction, index, and the key that owns it. */
struct fx_coin {
	const uint8_t *tx;
	uint32_t index;
	const uint8_t *sec;
};

/* One more output of tx: amount of ZP under lock lock_id with the key
 * hash pkh (NULL for locks without one). */
struct zen_output *fx_add_output(struct zen_tx *tx, uint32_t lock_id,
				 const uint8_t *pkh, uint64_t amount);
/* tx (its outputs set) spends in[0..n), each signed by its key with
 * sighash; finalized. */
void fx_sign_inputs(struct zen_tx *tx, const struct fx_coin *in, size_t n,
		    uint8_t sighash);

/* Recompute b's transaction roots and header commitments (b's ACS root,
 * commitments[2], as it is) and mine the header: after editing b. */
void fx_block_finish(struct zen_block *b);

/* Run contract cid's command with body on a skeleton that spends coin
 * (locked to the key sec, pkh, worth amount of ZP) back to the same
 * key, and sign it (no fee: fx_block_with keeps the template's
 * coinbase).  coin becomes the transaction's first output. */
void fx_execute(struct zen_chainstate *c, struct zen_tx *tx,
		const struct zen_contract_id *cid, const char *command,
		const struct zen_data *body, struct zen_outpoint *coin,
		uint64_t amount, const uint8_t sec[ZEN_SECKEY_LEN],
		const uint8_t pkh[ZEN_HASH_LEN]);

#endif
