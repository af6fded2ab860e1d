/*
 * txbuild.c - funding, layouts, sighash digests and signatures of wallet
 * transactions.
 */
#include <string.h>

#include <sodium.h>

#include "core/base/buf.h"
#include "core/crypto/hash.h"
#include "core/wallet/txbuild.h"

/*
 * A transaction's arrays are sized exactly (struct zen_tx has no
 * capacity), so each builder resizes them once for all it appends, with
 * room_outputs, and then fills the slots with next_output.
 */
static void room_outputs(struct zen_tx *tx, size_t more)
{
	if (more)
		ZEN_REALLOC_ARRAY(tx->outputs, tx->n_outputs + more);
}

/* The next output slot, initialized; room_outputs made room for it. */
static struct zen_output *next_output(struct zen_tx *tx)
{
	struct zen_output *o = &tx->outputs[tx->n_outputs++];

	zen_output_init(o);
	return o;
}

static void add_pk_output(struct zen_tx *tx, const uint8_t pk_hash[ZEN_HASH_LEN],
			  const struct zen_spend *spend)
{
	struct zen_output *o = next_output(tx);

	o->lock.id = ZEN_LOCK_PK;
	memcpy(o->lock.pk_hash, pk_hash, ZEN_HASH_LEN);
	o->spend = *spend;
}

static void add_output_copy(struct zen_tx *tx, const struct zen_output *src)
{
	struct zen_output *o = next_output(tx);

	zen_lock_copy(&o->lock, &src->lock);
	o->spend = src->spend;
}

int zen_wallet_fund(struct zen_tx *tx, struct zen_coin_selection *sel,
		    const struct zen_wallet_coin *coins, size_t n_coins,
		    const struct zen_spend *required, size_t n_req,
		    const uint8_t change_pk_hash[ZEN_HASH_LEN],
		    uint32_t tip, uint32_t maturity, struct zen_err *err)
{
	size_t base;
	int rc;

	rc = zen_coins_select(sel, coins, n_coins, required, n_req, tip,
			      maturity, err);
	if (rc)
		return rc;
	base = tx->n_inputs;
	ZEN_REALLOC_ARRAY(tx->inputs, base + sel->n_picked + 1);
	for (size_t i = 0; i < sel->n_picked; i++) {
		struct zen_input *in = &tx->inputs[base + i];

		memset(in, 0, sizeof(*in));
		in->kind = ZEN_INPUT_OUTPOINT;
		in->outpoint = coins[sel->picked[i]].outpoint;
	}
	tx->n_inputs = base + sel->n_picked;
	room_outputs(tx, sel->n_change);
	for (size_t i = 0; i < sel->n_change; i++)
		add_pk_output(tx, change_pk_hash, &sel->change[i]);
	return 0;
}

int zen_wallet_build_send(struct zen_tx *tx, struct zen_coin_selection *sel,
			  const struct zen_wallet_coin *coins, size_t n_coins,
			  const struct zen_output *outputs, size_t n_outputs,
			  const uint8_t change_pk_hash[ZEN_HASH_LEN],
			  uint32_t tip, uint32_t maturity, struct zen_err *err)
{
	struct zen_spend *req;
	int rc;

	zen_tx_release(tx);
	zen_coin_selection_release(sel);
	if (!n_outputs)
		return zen_fail(err, ZEN_EINVAL, "outputs is empty");
	req = zen_xcalloc(n_outputs, sizeof(*req));
	for (size_t i = 0; i < n_outputs; i++)
		req[i] = outputs[i].spend;
	tx->version = 0;
	room_outputs(tx, n_outputs);
	for (size_t i = 0; i < n_outputs; i++)
		add_output_copy(tx, &outputs[i]);
	rc = zen_wallet_fund(tx, sel, coins, n_coins, req, n_outputs,
			     change_pk_hash, tip, maturity, err);
	if (rc)
		zen_tx_release(tx);
	free(req);
	return rc;
}

int zen_wallet_build_execute(struct zen_tx *tx, struct zen_coin_selection *sel,
			     const struct zen_wallet_coin *coins,
			     size_t n_coins, const struct zen_spend *spends,
			     size_t n_spends,
			     const uint8_t change_pk_hash[ZEN_HASH_LEN],
			     uint32_t tip, uint32_t maturity,
			     struct zen_err *err)
{
	struct zen_spend fee;
	struct zen_output *o;
	int rc;

	zen_tx_release(tx);
	zen_coin_selection_release(sel);
	tx->version = 0;
	memset(&fee, 0, sizeof(fee));	/* ZP */
	fee.amount = ZEN_EXECUTE_FEE;
	if (n_spends)
		return zen_wallet_fund(tx, sel, coins, n_coins, spends,
				       n_spends, change_pk_hash, tip,
				       maturity, err);
	rc = zen_wallet_fund(tx, sel, coins, n_coins, &fee, 1, change_pk_hash,
			     tip, maturity, err);
	if (rc)
		return rc;
	room_outputs(tx, 1);
	o = next_output(tx);
	o->lock.id = ZEN_LOCK_FEE;
	o->spend = fee;
	return 0;
}

uint8_t zen_wallet_input_sighash(size_t i, size_t n, uint8_t initial)
{
	return i + 1 == n ? initial : ZEN_SIGHASH_TXHASH;
}

int zen_sighash_message(uint8_t out[ZEN_HASH_LEN],
			const uint8_t tx_hash[ZEN_HASH_LEN], uint8_t sighash,
			const struct zen_witness *following, size_t n_following,
			struct zen_err *err)
{
	struct zen_buf list = ZEN_BUF_INIT;
	uint8_t buf[2 * ZEN_HASH_LEN];

	switch (sighash) {
	case ZEN_SIGHASH_TXHASH:
		memcpy(out, tx_hash, ZEN_HASH_LEN);
		return 0;
	case ZEN_SIGHASH_FOLLOWING:
		zen_witnesses_serialize(&list, following, n_following);
		memcpy(buf, tx_hash, ZEN_HASH_LEN);
		zen_sha3(buf + ZEN_HASH_LEN, list.data, list.len);
		zen_sha3(out, buf, sizeof(buf));
		zen_buf_release(&list);
		return 0;
	default:
		return zen_fail(err, ZEN_EINVAL, "unknown sighash");
	}
}

int zen_wallet_sign_inputs(struct zen_tx *tx,
			   const uint8_t (*keys)[ZEN_SECKEY_LEN], size_t n_keys,
			   uint8_t initial, struct zen_err *err)
{
	size_t total = n_keys + tx->n_witnesses;
	uint8_t tx_hash[ZEN_HASH_LEN], msg[ZEN_HASH_LEN];
	struct zen_witness *w;
	int rc = 0;

	ZEN_ASSERT(n_keys <= tx->n_inputs);
	ZEN_ASSERT(keys || !n_keys);
	if (!n_keys)
		return 0;
	zen_tx_compute_hash(tx_hash, tx);
	w = zen_xcalloc(total, sizeof(*w));
	if (tx->n_witnesses)
		memcpy(w + n_keys, tx->witnesses,
		       tx->n_witnesses * sizeof(*w));
	for (size_t i = n_keys; i-- > 0;) {
		zen_witness_init(&w[i]);
		w[i].id = ZEN_WITNESS_PK;
		w[i].sighash = zen_wallet_input_sighash(i, n_keys, initial);
		rc = zen_sighash_message(msg, tx_hash, w[i].sighash,
					 w + i + 1, total - i - 1, err);
		if (!rc)
			rc = zen_pubkey_from_seckey(w[i].pubkey, keys[i], err);
		if (!rc)
			rc = zen_ecdsa_sign(w[i].signature, msg, keys[i], err);
		if (rc)
			break;
	}
	if (rc) {
		/* PK witnesses own nothing; the moved ones stay in tx. */
		free(w);
		return rc;
	}
	free(tx->witnesses);
	tx->witnesses = w;
	tx->n_witnesses = total;
	return 0;
}

void zen_contract_sig_message(uint8_t out[ZEN_HASH_LEN],
			      const uint8_t tx_hash[ZEN_HASH_LEN],
			      const struct zen_contract_id *cid,
			      const char *command, size_t command_len,
			      const struct zen_data *body)
{
	struct zen_buf b = ZEN_BUF_INIT;

	zen_buf_add(&b, tx_hash, ZEN_HASH_LEN);
	zen_message_serialize(&b, cid, command ? command : "",
			      command ? command_len : 0, body, 1);
	zen_sha3(out, b.data, b.len);
	zen_buf_release(&b);
}

int zen_wallet_sign_contract_witness(struct zen_tx *tx,
				     const uint8_t sec[ZEN_SECKEY_LEN],
				     struct zen_err *err)
{
	uint8_t tx_hash[ZEN_HASH_LEN], msg[ZEN_HASH_LEN];
	uint8_t pub[ZEN_PUBKEY_LEN], sig[ZEN_SIGNATURE_LEN];
	struct zen_witness *w = NULL;
	int rc;

	for (size_t i = 0; i < tx->n_witnesses && !w; i++)
		if (tx->witnesses[i].id == ZEN_WITNESS_CONTRACT)
			w = &tx->witnesses[i];
	if (!w)
		return zen_fail(err, ZEN_EINVAL, "no contract witness to sign");
	zen_tx_compute_hash(tx_hash, tx);
	zen_contract_sig_message(msg, tx_hash, &w->cid, w->command,
				 w->command_len, w->body);
	rc = zen_pubkey_from_seckey(pub, sec, err);
	if (!rc)
		rc = zen_ecdsa_sign(sig, msg, sec, err);
	if (rc)
		return rc;
	w->has_cw_signature = 1;
	memcpy(w->cw_pubkey, pub, ZEN_PUBKEY_LEN);
	memcpy(w->cw_signature, sig, ZEN_SIGNATURE_LEN);
	return 0;
}
