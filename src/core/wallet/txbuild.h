/*
 * txbuild.h - the pure parts of building and signing wallet transactions
 * (wallet.md 9-12): funding a skeleton with coins and change, the send and
 * contract-execution layouts, the fee rule, sighash digests, and the PK
 * and contract-witness signatures.  No storage, no network: the caller
 * lists the coins and derives the keys.
 */
#ifndef ZEN_WALLET_TXBUILD_H
#define ZEN_WALLET_TXBUILD_H

#include "core/base/err.h"
#include "core/types/tx.h"
#include "core/wallet/coins.h"
#include "core/crypto/keys.h"

/*
 * Append to tx the inputs of a coin selection covering required, then one
 * PK(change_pk_hash) change output per asset with a surplus (ascending
 * asset order).  Inputs come grouped by asset in the selection's order.
 * Returns: 0, or the zen_coins_select() error ("not enough tokens"); on
 *          failure tx is unchanged.
 * Out: sel, which coin each new input spends (sel->picked[i] is the coin of
 *      the i-th appended input): the caller derives the signing keys.
 */
int zen_wallet_fund(struct zen_tx *tx, struct zen_coin_selection *sel,
		    const struct zen_wallet_coin *coins, size_t n_coins,
		    const struct zen_spend *required, size_t n_req,
		    const uint8_t change_pk_hash[ZEN_HASH_LEN],
		    uint32_t tip, uint32_t maturity, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 7);

/*
 * A send (wallet.md 9.6, 12.1): version 0, the requested outputs first (in
 * request order, deep-copied), then change to change_pk_hash; no fee.
 * Returns: 0, ZEN_EINVAL "outputs is empty", "amount overflow" or
 *          "not enough tokens".
 * Out: tx (initialized by the caller, released first), sel as above.
 */
int zen_wallet_build_send(struct zen_tx *tx, struct zen_coin_selection *sel,
			  const struct zen_wallet_coin *coins, size_t n_coins,
			  const struct zen_output *outputs, size_t n_outputs,
			  const uint8_t change_pk_hash[ZEN_HASH_LEN],
			  uint32_t tip, uint32_t maturity, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 5, 7);

/* The fee of a contract execution without spends (wallet.md 10). */
#define ZEN_EXECUTE_FEE 1

/*
 * The funding skeleton of a contract execution (wallet.md 12.5 step 2):
 * with spends, inputs covering them plus change; with an empty spends
 * list, inputs covering 1 kalapa ZP, change, and a Fee output of exactly
 * ZEN_EXECUTE_FEE kalapa ZP (so that the transaction has a real input).
 * Returns and Out: as zen_wallet_build_send().
 */
int zen_wallet_build_execute(struct zen_tx *tx, struct zen_coin_selection *sel,
			     const struct zen_wallet_coin *coins,
			     size_t n_coins, const struct zen_spend *spends,
			     size_t n_spends,
			     const uint8_t change_pk_hash[ZEN_HASH_LEN],
			     uint32_t tip, uint32_t maturity,
			     struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 7);

/*
 * The sighash of wallet input i of n (wallet.md 11.2): the last one gets
 * initial, every earlier one ZEN_SIGHASH_TXHASH.
 */
uint8_t zen_wallet_input_sighash(size_t i, size_t n, uint8_t initial);

/*
 * The 32-byte message a PK witness signs (protocol.md 3.8): TxHash ->
 * tx_hash; FollowingWitnesses -> H(tx_hash || H(list of following[0..n))).
 * Returns: 0, or ZEN_EINVAL "unknown sighash".
 */
int zen_sighash_message(uint8_t out[ZEN_HASH_LEN],
			const uint8_t tx_hash[ZEN_HASH_LEN], uint8_t sighash,
			const struct zen_witness *following, size_t n_following,
			struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Sign the first n_keys inputs of tx (the wallet inputs, in input order;
 * keys[i] signs input i), last to first, with zen_wallet_input_sighash(),
 * and insert the PK witnesses in front of the witnesses already in tx.
 * tx_hash is computed from tx (witnesses do not change it).
 * Returns: 0, or ZEN_EINVAL "invalid secret key" / "unknown sighash"
 *          (tx unchanged).
 */
int zen_wallet_sign_inputs(struct zen_tx *tx,
			   const uint8_t (*keys)[ZEN_SECKEY_LEN], size_t n_keys,
			   uint8_t initial, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

/*
 * The message a signed contract witness signs (wallet.md 12.5 step 6,
 * protocol.md 3.8): H(tx_hash || Message(cid, command, body)), with the
 * reference's List padding in the message bytes.  body may be NULL.
 */
void zen_contract_sig_message(uint8_t out[ZEN_HASH_LEN],
			      const uint8_t tx_hash[ZEN_HASH_LEN],
			      const struct zen_contract_id *cid,
			      const char *command, size_t command_len,
			      const struct zen_data *body)
	ZEN_NONNULL(1, 2, 3);

/*
 * Sign the first contract witness of tx with sec (the "sign" option): sets
 * its signature to (pubkey of sec, signature of zen_contract_sig_message).
 * Returns: 0, ZEN_EINVAL "no contract witness to sign" or
 *          "invalid secret key".
 */
int zen_wallet_sign_contract_witness(struct zen_tx *tx,
				     const uint8_t sec[ZEN_SECKEY_LEN],
				     struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

#endif
