/*
 * txcontext.c - a transaction in context (protocol.md 8.3): input
 * resolution, HighV inputs, weight, amounts, the input/witness walk with
 * coinbase maturity (4.6) and PK witnesses (3.8, 7), then contract
 * activation and extension (8.6).
 *
 * Contracts: the walk reaches zen_walk_contract() (txcontract.c) for
 * every contract input or mint once the stateless parts of the witness
 * (shape, optional signature) are checked; activation and extension run
 * after the walk (zen_walk_activation).  Without a contract view in the
 * context (ctx->acs NULL) both refuse after their stateless checks.
 */
#include <stdlib.h>
#include <string.h>

#include "core/chain/validate-int.h"
#include "core/types/data.h"
#include "core/crypto/hash.h"
#include "core/crypto/keys.h"

#define NOT_SUPPORTED "contracts are not supported yet: "

/* ---- 1: resolution ---- */

static void resolve_mint(struct zen_output *out, const struct zen_spend *mint)
{
	zen_lock_release(&out->lock);
	out->lock.id = ZEN_LOCK_CONTRACT;
	out->lock.cid = mint->asset.cid;
	out->spend = *mint;
}

static int resolve_inputs(enum zen_tx_verdict *verdict,
			  struct zen_output *resolved,
			  const struct zen_utxo_view *view,
			  const struct zen_tx *tx, struct zen_err *err)
{
	int missing = 0;

	for (size_t i = 0; i < tx->n_inputs; i++) {
		const struct zen_input *in = &tx->inputs[i];

		if (in->kind == ZEN_INPUT_MINT) {
			resolve_mint(&resolved[i], &in->mint);
			continue;
		}
		switch (view->lookup(view->ctx, &in->outpoint, &resolved[i])) {
		case ZEN_UTXO_UNSPENT:
			break;
		case ZEN_UTXO_SPENT:
			*verdict = ZEN_TX_DOUBLE_SPEND;
			return zen_fail(err, ZEN_EREFUSED, "DoubleSpend");
		default:
			missing = 1;
		}
	}
	if (missing) {
		*verdict = ZEN_TX_ORPHAN;
		return zen_fail(err, ZEN_EREFUSED, "Orphan");
	}
	return 0;
}

/* ---- 2-4: HighV inputs, weight, amounts ---- */

static int highv_inputs(const struct zen_tx *tx,
			const struct zen_output *resolved)
{
	for (size_t i = 0; i < tx->n_inputs; i++)
		if (tx->inputs[i].kind == ZEN_INPUT_OUTPOINT &&
		    zen_lock_is_highv(resolved[i].lock.id))
			return 1;
	return 0;
}

static int check_weight(const struct zen_tx_context *ctx,
			const struct zen_tx *tx,
			const struct zen_output *resolved, uint64_t *out,
			struct zen_err *err)
{
	uint64_t weight;
	int ret = zen_tx_weight(&weight, tx, resolved, err);

	if (ret)
		return ret;
	*out = weight;
	if (weight > ctx->params->max_block_weight &&
	    !zen_tx_is_cgp_payout(ctx->params, tx))
		return zen_validate_general(err,
				"transaction weight exceeds maximum");
	return 0;
}

static int check_amounts(const struct zen_tx *tx,
			 const struct zen_output *resolved, struct zen_err *err)
{
	struct zen_totals out = ZEN_TOTALS_INIT, in = ZEN_TOTALS_INIT;
	int ret = 0;

	for (size_t i = 0; i < tx->n_outputs; i++)
		zen_totals_add(&out, &tx->outputs[i].spend);
	for (size_t i = 0; i < tx->n_inputs; i++)
		zen_totals_add(&in, &resolved[i].spend);
	if (zen_totals_merge(&out, 0))
		ret = zen_validate_general(err, "outputs overflow");
	else if (zen_totals_merge(&in, 0))
		ret = zen_validate_general(err, "inputs overflow");
	else if (!zen_totals_equal(&in, &out))
		ret = zen_validate_general(err, "invalid amounts");
	zen_totals_release(&out);
	zen_totals_release(&in);
	return ret;
}

/* ---- 5: the input/witness walk ---- */

static size_t body_list_nodes(const struct zen_witness *w)
{
	if (w->id != ZEN_WITNESS_CONTRACT || !w->body)
		return 0;
	return zen_data_list_nodes(w->body);
}

static void following_prepare(struct zen_walk *wk)
{
	const struct zen_tx *tx = wk->tx;
	size_t n = tx->n_witnesses;

	wk->off = zen_xcalloc(n + 1, sizeof(*wk->off));
	wk->pad = zen_xcalloc(n + 1, sizeof(*wk->pad));
	for (size_t k = 0; k < n; k++) {
		wk->off[k] = wk->wits.len;
		zen_witness_write(&wk->wits, &tx->witnesses[k]);
	}
	wk->off[n] = wk->wits.len;
	for (size_t k = n; k-- > 0;)
		wk->pad[k] = wk->pad[k + 1] +
			     body_list_nodes(&tx->witnesses[k]);
}

/*
 * H(txHash || H(List<Witness> of the witnesses after j)): the list is the
 * varint count, the written witnesses, then one zero per List node of
 * their contract bodies (zen_witnesses_serialize's bytes).
 */
static void following_message(uint8_t out[ZEN_HASH_LEN], struct zen_walk *wk,
			      size_t j)
{
	static const uint8_t zeros[64];
	size_t n = wk->tx->n_witnesses, pad;
	struct zen_buf count = ZEN_BUF_INIT;
	struct zen_sha3_ctx *h;
	uint8_t both[2 * ZEN_HASH_LEN];

	if (!wk->off)
		following_prepare(wk);
	zen_write_varint(&count, (uint32_t)(n - j - 1));
	h = zen_sha3_begin();
	zen_sha3_update(h, count.data, count.len);
	zen_sha3_update(h, wk->wits.data + wk->off[j + 1],
			wk->off[n] - wk->off[j + 1]);
	for (pad = wk->pad[j + 1]; pad; ) {
		size_t k = pad < sizeof(zeros) ? pad : sizeof(zeros);

		zen_sha3_update(h, zeros, k);
		pad -= k;
	}
	memcpy(both, wk->tx->tx_hash, ZEN_HASH_LEN);
	zen_sha3_end(h, both + ZEN_HASH_LEN);
	zen_sha3(out, both, sizeof(both));
	zen_buf_release(&count);
}

/* The message public-key witness j signs: 0, or 1 for an unknown
 * sighash. */
static int pk_message(uint8_t msg[ZEN_HASH_LEN], struct zen_walk *wk,
		      size_t j)
{
	const struct zen_witness *w = &wk->tx->witnesses[j];

	if (w->sighash == ZEN_SIGHASH_TXHASH)
		memcpy(msg, wk->tx->tx_hash, ZEN_HASH_LEN);
	else if (w->sighash == ZEN_SIGHASH_FOLLOWING)
		following_message(msg, wk, j);
	else
		return 1;
	return 0;
}

void zen_tx_sig_checks(struct zen_sig_batch *b, const struct zen_tx *tx)
{
	struct zen_walk wk;
	uint8_t msg[ZEN_HASH_LEN];

	memset(&wk, 0, sizeof(wk));
	wk.tx = tx;
	for (size_t j = 0; j < tx->n_witnesses; j++) {
		const struct zen_witness *w = &tx->witnesses[j];

		if (w->id == ZEN_WITNESS_PK && !pk_message(msg, &wk, j))
			zen_sig_batch_add(b, msg, w->pubkey, w->signature);
	}
	zen_walk_release(&wk);
}

static int pk_witness(struct zen_walk *wk, const uint8_t pk_hash[ZEN_HASH_LEN])
{
	const struct zen_witness *w;
	uint8_t h[ZEN_HASH_LEN], msg[ZEN_HASH_LEN];

	if (wk->j >= wk->tx->n_witnesses ||
	    wk->tx->witnesses[wk->j].id != ZEN_WITNESS_PK)
		return zen_validate_general(wk->err,
				"expecting a public key witness");
	w = &wk->tx->witnesses[wk->j];
	zen_pubkey_hash(h, w->pubkey);
	if (memcmp(h, pk_hash, ZEN_HASH_LEN))
		return zen_validate_general(wk->err, "PK witness mismatch");
	if (pk_message(msg, wk, wk->j))
		return zen_validate_general(wk->err, "Unknown sighash");
	if (wk->batch)
		zen_sig_batch_add(wk->batch, msg, w->pubkey, w->signature);
	else if (!zen_ecdsa_verify(w->signature, msg, w->pubkey))
		return zen_validate_general(wk->err,
				"invalid PK witness signature");
	wk->i++;
	wk->j++;
	return 0;
}

static int coinbase_input(struct zen_walk *wk, const struct zen_lock *lock)
{
	uint32_t b = wk->ctx->block_number;

	if (b < lock->block_number ||
	    b - lock->block_number < wk->ctx->params->coinbase_maturity)
		return zen_validate_general(wk->err,
				"Coinbase not mature enough");
	return pk_witness(wk, lock->pk_hash);
}

static int contract_signature_ok(const struct zen_walk *wk,
				 const struct zen_witness *w)
{
	struct zen_buf m = ZEN_BUF_INIT;
	uint8_t msg[ZEN_HASH_LEN];

	/* H(txHash || Message), the message with its List padding (3.8) */
	zen_buf_add(&m, wk->tx->tx_hash, ZEN_HASH_LEN);
	zen_message_serialize(&m, &w->cid, w->command ? w->command : "",
			      w->command ? w->command_len : 0, w->body, 1);
	zen_sha3(msg, m.data, m.len);
	zen_buf_release(&m);
	return zen_ecdsa_verify(w->cw_signature, msg, w->cw_pubkey);
}

/* An input locked Contract(cid), or a Mint of an asset of cid. */
static int contract_input(struct zen_walk *wk, const struct zen_contract_id *cid)
{
	const struct zen_witness *w;

	if (cid->version != 0)
		return zen_validate_general(wk->err,
				"contract version not supported");
	if (wk->j >= wk->tx->n_witnesses ||
	    wk->tx->witnesses[wk->j].id != ZEN_WITNESS_CONTRACT)
		return zen_validate_general(wk->err,
				"expecting a contract 0 witness");
	w = &wk->tx->witnesses[wk->j];
	if (w->has_cw_signature && !contract_signature_ok(wk, w))
		return zen_validate_general(wk->err,
				"invalid contract witness signature");
	if (!wk->ctx->acs)
		return zen_validate_general(wk->err,
				NOT_SUPPORTED "contract execution");
	return zen_walk_contract(wk, w->has_cw_signature ? w->cw_pubkey : NULL);
}

static int walk_input(struct zen_walk *wk)
{
	const struct zen_input *in = &wk->tx->inputs[wk->i];
	const struct zen_lock *lock = &wk->resolved[wk->i].lock;

	if (in->kind == ZEN_INPUT_MINT)
		return contract_input(wk, &in->mint.asset.cid);
	switch (lock->id) {
	case ZEN_LOCK_PK:
		return pk_witness(wk, lock->pk_hash);
	case ZEN_LOCK_COINBASE:
		return coinbase_input(wk, lock);
	case ZEN_LOCK_CONTRACT:
		return contract_input(wk, &lock->cid);
	default:
		return zen_validate_general(wk->err, "input is not spendable");
	}
}

static int walk_inputs(struct zen_walk *wk)
{
	int ret;

	/* Leftover witnesses are not examined (protocol.md 9.7). */
	while (wk->i < wk->tx->n_inputs)
		if ((ret = walk_input(wk)))
			return ret;
	return 0;
}

/* ---- 6: contract activation and extension ---- */

static int check_contracts(struct zen_walk *wk)
{
	const struct zen_tx *tx = wk->tx;
	struct zen_err *err = wk->err;
	int extension = 0;

	if (wk->ctx->acs)
		return zen_walk_activation(wk);
	if (tx->has_contract) {
		if (tx->contract.version != 0)
			return zen_validate_general(err,
				"High version contracts not supported");
		return zen_validate_general(err,
				NOT_SUPPORTED "contract activation");
	}
	for (size_t i = 0; i < tx->n_outputs; i++) {
		const struct zen_output *o = &tx->outputs[i];

		if (o->lock.id != ZEN_LOCK_EXTENSION_SACRIFICE)
			continue;
		if (!zen_asset_is_zp(&o->spend.asset))
			return zen_validate_general(err,
					"Sacrifice must be paid in Zen");
		extension = 1;
	}
	if (extension)
		return zen_validate_general(err,
				NOT_SUPPORTED "contract extension");
	return 0;
}

/*
 * A refusal after signatures went to the batch: a failing one of this
 * transaction came earlier in the walk than the refusal, so it is the
 * reference's verdict.
 */
static void recheck_batch(struct zen_sig_batch *b, size_t start,
			  struct zen_err *err)
{
	for (size_t k = start; k < b->n; k++) {
		const struct zen_sig_check *c = &b->checks[k];

		if (!zen_ecdsa_verify(c->sig, c->msg, c->pubkey)) {
			zen_validate_general(err,
					     "invalid PK witness signature");
			return;
		}
	}
}

static int validate_walk(enum zen_tx_verdict *verdict,
			 const struct zen_tx_context *ctx,
			 const struct zen_output *resolved,
			 const struct zen_tx *tx, struct zen_sig_batch *batch,
			 struct zen_err *err)
{
	struct zen_walk wk = { tx, resolved, ctx, batch, 0, 0, verdict, err,
			       ZEN_BUF_INIT, NULL, NULL, NULL };
	size_t start = batch ? batch->n : 0;
	int ret;

	if (ctx->delta)
		zen_contract_delta_reset(ctx->delta);
	ret = walk_inputs(&wk);
	if (!ret)
		ret = check_contracts(&wk);
	if (ret && batch) {
		recheck_batch(batch, start, err);
		batch->n = start;
	}
	if (ret && ctx->delta)
		zen_contract_delta_reset(ctx->delta);
	zen_walk_release(&wk);
	return ret;
}

int zen_tx_validate_context(enum zen_tx_verdict *verdict,
			    struct zen_output *resolved,
			    const struct zen_tx_context *ctx,
			    const struct zen_utxo_view *view,
			    const struct zen_tx *tx, struct zen_sig_batch *batch,
			    struct zen_err *err)
{
	uint64_t weight;

	return zen_tx_validate_context_weight(verdict, resolved, ctx, view,
					      tx, batch, &weight, err);
}

int zen_tx_validate_context_weight(enum zen_tx_verdict *verdict,
				   struct zen_output *resolved,
				   const struct zen_tx_context *ctx,
				   const struct zen_utxo_view *view,
				   const struct zen_tx *tx,
				   struct zen_sig_batch *batch,
				   uint64_t *weight, struct zen_err *err)
{
	int ret;

	*weight = 0;
	*verdict = ZEN_TX_VALID;
	if ((ret = resolve_inputs(verdict, resolved, view, tx, err)))
		return ret;
	*verdict = ZEN_TX_GENERAL;
	if (highv_inputs(tx, resolved))
		return zen_validate_general(err,
				"high version inputs are invalid");
	if ((ret = check_weight(ctx, tx, resolved, weight, err)) ||
	    (ret = check_amounts(tx, resolved, err)) ||
	    (ret = validate_walk(verdict, ctx, resolved, tx, batch, err)))
		return ret;
	*verdict = ZEN_TX_VALID;
	return 0;
}
