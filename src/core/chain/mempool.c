/*
 * mempool.c - the mempool in the store (cgp-and-chain.md 14): admission,
 * and the re-validation after every tip change.
 *
 * The mempool lives in four databases so that every process sharing the
 * data directory sees it: the transactions in insertion order, their
 * hashes, the outpoints they spend and the outputs they create.  A UTXO
 * view with mempool = 1 sees the main chain plus those effects, which is
 * what chains of mempool transactions validate against.
 *
 * There is no orphan-transaction pool: a transaction spending an unknown
 * output is refused with "Orphan" (the reference keeps it aside and
 * answers "Orphan" too).
 */
#include <stdlib.h>
#include <string.h>

#include "core/chain/chain_int.h"

int chain_mempool_check(struct zen_chainstate *chain, struct zen_store_txn *t,
			const struct zen_block_info *tip,
			const struct zen_utxo_view *view,
			const struct zen_acs_view *acs,
			const struct zen_tx *tx, struct zen_sig_batch *batch,
			struct zen_contract_delta *delta, struct zen_err *err)
{
	struct chain_view *cv = view->ctx;
	struct zen_tx_context ctx;
	struct zen_output *resolved;
	enum zen_tx_verdict verdict;
	int rc;

	(void)t;
	ctx.params = chain->params;
	ctx.block_number = tip->header.block_number + 1;
	ctx.timestamp = chain_now(chain);
	ctx.acs = acs;
	ctx.delta = delta;
	resolved = zen_xcalloc(tx->n_inputs ? tx->n_inputs : 1,
			       sizeof(*resolved));
	for (size_t i = 0; i < tx->n_inputs; i++)
		zen_output_init(&resolved[i]);
	rc = zen_tx_validate_context(&verdict, resolved, &ctx, view, tx, batch,
				     err);
	for (size_t i = 0; i < tx->n_inputs; i++)
		zen_output_release(&resolved[i]);
	free(resolved);
	if (cv->failed)
		return zen_fail(err, cv->err.code, "%s", cv->err.msg);
	return rc;
}

int chain_mempool_add(struct zen_store_txn *t, const struct zen_tx *tx,
		      const struct zen_contract_delta *delta,
		      struct zen_err *err)
{
	struct zen_buf rec = ZEN_BUF_INIT;
	uint8_t seq_be[8], key[CHAIN_OP_KEY_LEN];
	struct zen_outpoint op;
	uint64_t seq, bytes;
	int rc;

	if ((rc = chain_meta_u64(t, "mempool-seq", &seq, err)) ||
	    (rc = chain_meta_u64(t, "mempool-bytes", &bytes, err)))
		return rc;
	chain_put64(seq_be, seq);
	zen_buf_add(&rec, tx->tx_hash, ZEN_HASH_LEN);
	zen_buf_add(&rec, tx->raw, tx->raw_len);
	rc = zen_store_put(t, ZEN_DB_MEMPOOL, seq_be, 8, rec.data, rec.len, err);
	if (!rc)
		rc = zen_store_put(t, ZEN_DB_MEMPOOL_TX, tx->tx_hash,
				   ZEN_HASH_LEN, seq_be, 8, err);
	for (size_t i = 0; !rc && i < tx->n_inputs; i++) {
		if (tx->inputs[i].kind != ZEN_INPUT_OUTPOINT)
			continue;
		chain_op_key(key, &tx->inputs[i].outpoint);
		rc = zen_store_put(t, ZEN_DB_MEMPOOL_SPENT, key, sizeof(key),
				   tx->tx_hash, ZEN_HASH_LEN, err);
	}
	memcpy(op.tx_hash, tx->tx_hash, ZEN_HASH_LEN);
	for (size_t i = 0; !rc && i < tx->n_outputs; i++) {
		if (!zen_lock_spendable(&tx->outputs[i].lock))
			continue;
		op.index = (uint32_t)i;
		chain_op_key(key, &op);
		chain_output_bytes(&rec, &tx->outputs[i]);
		rc = zen_store_put(t, ZEN_DB_MEMPOOL_OUT, key, sizeof(key),
				   rec.data, rec.len, err);
	}
	zen_buf_release(&rec);
	if (!rc)
		rc = chain_mempool_contracts_add(t, delta, err);
	if (!rc)
		rc = chain_meta_put_u64(t, "mempool-seq", seq + 1, err);
	if (!rc)
		rc = chain_meta_put_u64(t, "mempool-bytes", bytes + tx->raw_len,
					err);
	return rc;
}

/* Would one more transaction of len bytes break the mempool limits? */
static int mempool_full(struct zen_store_txn *t, size_t len, int *full,
			struct zen_err *err)
{
	uint64_t n, bytes;
	int rc;

	if ((rc = zen_store_count(t, ZEN_DB_MEMPOOL, &n, err)) ||
	    (rc = chain_meta_u64(t, "mempool-bytes", &bytes, err)))
		return rc;
	*full = n >= ZEN_MEMPOOL_MAX_TXS || bytes + len > ZEN_MEMPOOL_MAX_BYTES;
	return 0;
}

int chain_mempool_rebuild(struct zen_chainstate *chain, struct zen_store_txn *t,
			  const struct zen_buf *back, size_t n_back,
			  struct zen_err *err)
{
	static const enum zen_store_db dbs[] = {
		ZEN_DB_MEMPOOL, ZEN_DB_MEMPOOL_TX, ZEN_DB_MEMPOOL_SPENT,
		ZEN_DB_MEMPOOL_OUT,
	};
	struct zen_buf *old = NULL;
	size_t n_old = 0, cap = 0;
	struct zen_store_cursor *c;
	struct zen_block_info tip;
	struct zen_contract_delta delta;
	struct zen_slice v;
	int rc, has_tip;

	zen_contract_delta_init(&delta);

	/* The current mempool, in order, after the transactions put back. */
	if ((rc = zen_store_cursor_open(t, ZEN_DB_MEMPOOL, &c, err)))
		return rc;
	rc = zen_store_cursor_seek(c, ZEN_SEEK_FIRST, NULL, 0, NULL, &v, err);
	while (!rc) {
		if (v.len > ZEN_HASH_LEN) {
			ZEN_GROW(old, n_old + 1, cap);
			memset(&old[n_old], 0, sizeof(*old));
			zen_buf_add(&old[n_old++], v.p + ZEN_HASH_LEN,
				    v.len - ZEN_HASH_LEN);
		}
		rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0, NULL, &v,
					   err);
	}
	zen_store_cursor_close(c);
	if (rc != ZEN_ENOTFOUND)
		goto out;
	rc = 0;
	for (size_t i = 0; !rc && i < ZEN_ARRAY_SIZE(dbs); i++)
		rc = zen_store_clear(t, dbs[i], err);
	if (!rc)
		rc = chain_mempool_contracts_clear(t, err);
	if (!rc)
		rc = chain_meta_put_u64(t, "mempool-bytes", 0, err);
	if (rc)
		goto out;
	rc = chain_tip_get(t, &tip, err);
	has_tip = !rc;
	if (rc == ZEN_ENOTFOUND)
		rc = 0;
	for (size_t i = 0; !rc && has_tip && i < n_back + n_old; i++) {
		const struct zen_buf *raw = i < n_back ? &back[i]
						       : &old[i - n_back];
		struct zen_utxo_view view;
		struct chain_view cv;
		struct zen_acs_view acs;
		struct chain_acs ca;
		struct zen_sig_batch batch;
		struct zen_tx tx;
		int full;

		zen_tx_init(&tx);
		if (zen_tx_decode(&tx, raw->data, raw->len, NULL)) {
			zen_tx_release(&tx);
			continue;
		}
		rc = zen_store_get(t, ZEN_DB_TXS, tx.tx_hash, ZEN_HASH_LEN,
				   NULL, err);
		if (rc == ZEN_ENOTFOUND)
			rc = zen_store_get(t, ZEN_DB_MEMPOOL_TX, tx.tx_hash,
					   ZEN_HASH_LEN, NULL, err);
		if (rc != ZEN_ENOTFOUND) {	/* in a block, a duplicate */
			zen_tx_release(&tx);
			if (!rc)
				continue;
			break;
		}
		rc = mempool_full(t, tx.raw_len, &full, err);
		if (rc || full) {
			zen_tx_release(&tx);
			continue;
		}
		/* Their signatures were verified when they entered the
		 * mempool or a block: only the state-dependent rules can
		 * have changed, so the batch is not verified. */
		zen_sig_batch_init(&batch);
		chain_view_init(&view, &cv, t, NULL, 1);
		chain_acs_init(&acs, &ca, chain, t, NULL, 1);
		rc = chain_mempool_check(chain, t, &tip, &view, &acs, &tx,
					 &batch, &delta, NULL);
		zen_sig_batch_release(&batch);
		if (rc == 0)
			rc = chain_mempool_add(t, &tx, &delta, err);
		else if (cv.failed)
			rc = zen_fail(err, cv.err.code, "%s", cv.err.msg);
		else
			rc = 0;	/* no longer valid: dropped */
		zen_tx_release(&tx);
	}
out:
	for (size_t i = 0; i < n_old; i++)
		zen_buf_release(&old[i]);
	free(old);
	zen_contract_delta_release(&delta);
	return rc;
}

int zen_chain_submit_tx(struct zen_chainstate *chain, enum zen_tx_outcome *outcome,
			uint8_t hash[ZEN_HASH_LEN], const uint8_t *raw,
			size_t len, struct zen_err *err)
{
	struct zen_store_txn *w = NULL;
	struct zen_block_info tip;
	struct zen_utxo_view view;
	struct chain_view cv;
	struct zen_acs_view acs;
	struct chain_acs ca;
	enum zen_tx_outcome oc = ZEN_TX_INVALID;
	struct zen_contract_delta delta;
	struct zen_tx tx;
	int rc, full;

	zen_tx_init(&tx);
	zen_contract_delta_init(&delta);
	if (zen_tx_decode(&tx, raw, len, NULL) || tx.raw_len != len) {
		zen_tx_release(&tx);
		if (outcome)
			*outcome = ZEN_TX_INVALID;
		return zen_fail(err, ZEN_EINVAL, "invalid transaction");
	}
	if (hash)
		memcpy(hash, tx.tx_hash, ZEN_HASH_LEN);
	pthread_mutex_lock(&chain->write_lock);
	if ((rc = zen_store_begin(chain->store, NULL, 1, &w, err)))
		goto out;
	rc = zen_store_get(w, ZEN_DB_MEMPOOL_TX, tx.tx_hash, ZEN_HASH_LEN, NULL,
			   err);
	if (!rc) {
		oc = ZEN_TX_IN_MEMPOOL;
		rc = zen_fail(err, ZEN_EREFUSED, "already in mempool");
		goto out;
	}
	if (rc != ZEN_ENOTFOUND)
		goto out;
	rc = zen_store_get(w, ZEN_DB_TXS, tx.tx_hash, ZEN_HASH_LEN, NULL, err);
	if (!rc) {
		oc = ZEN_TX_IN_BLOCK;
		rc = zen_fail(err, ZEN_EREFUSED, "already in a block");
		goto out;
	}
	if (rc != ZEN_ENOTFOUND)
		goto out;
	if ((rc = zen_tx_validate_basic(&tx, err)))
		goto out;
	rc = chain_tip_get(w, &tip, err);
	if (rc == ZEN_ENOTFOUND)
		rc = zen_fail(err, ZEN_EREFUSED, "No tip");
	if (rc)
		goto out;
	if ((rc = mempool_full(w, tx.raw_len, &full, err)))
		goto out;
	if (full) {
		rc = zen_fail(err, ZEN_EREFUSED, "mempool is full");
		goto out;
	}
	chain_view_init(&view, &cv, w, NULL, 1);
	chain_acs_init(&acs, &ca, chain, w, NULL, 1);
	if ((rc = chain_mempool_check(chain, w, &tip, &view, &acs, &tx, NULL,
				      &delta, err)))
		goto out;
	if ((rc = chain_mempool_add(w, &tx, &delta, err)))
		goto out;
	rc = zen_store_commit(w, err);
	w = NULL;
	if (!rc)
		oc = ZEN_TX_ADDED;
out:
	zen_store_abort(w);
	pthread_mutex_unlock(&chain->write_lock);
	zen_tx_release(&tx);
	zen_contract_delta_release(&delta);
	if (outcome)
		*outcome = oc;
	return rc;
}
