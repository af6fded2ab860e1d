/*
 * template.c - block templates (cgp-and-chain.md 15.2, 4.1).
 *
 * Built on a read snapshot: the tip, the mempool in order, and an
 * in-memory overlay holding the effects of the transactions selected so
 * far.  Deviation from the reference: a transaction skipped for weight
 * does not reset the "something was added" flag of its pass (the
 * reference's quirk 15.2.5), so retries of orphans continue.
 */
#include <stdlib.h>
#include <string.h>

#include "core/chain/cgp-int.h"
#include "core/chain/chain_int.h"

struct cand {
	struct zen_tx tx;
	uint64_t weight;
	size_t order;
	int done;
};

static int cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	if (x->weight != y->weight)
		return x->weight < y->weight ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Weight of tx with its inputs resolved through view; 0 if it cannot be
 * computed (the transaction is then left out). */
static int cand_weight(struct cand *c, const struct zen_utxo_view *view)
{
	const struct zen_tx *tx = &c->tx;
	struct zen_output *in = zen_xcalloc(tx->n_inputs ? tx->n_inputs : 1,
					    sizeof(*in));
	int ok = 1;

	for (size_t i = 0; i < tx->n_inputs; i++)
		zen_output_init(&in[i]);
	for (size_t i = 0; ok && i < tx->n_inputs; i++)
		if (tx->inputs[i].kind == ZEN_INPUT_OUTPOINT)
			ok = view->lookup(view->ctx, &tx->inputs[i].outpoint,
					  &in[i]) == ZEN_UTXO_UNSPENT;
	if (ok)
		ok = zen_tx_weight(&c->weight, tx, in, NULL) == 0;
	for (size_t i = 0; i < tx->n_inputs; i++)
		zen_output_release(&in[i]);
	free(in);
	return ok;
}

struct fee {
	struct zen_asset asset;
	uint64_t amount;
};

static int fee_cmp(const void *a, const void *b)
{
	return zen_asset_cmp(&((const struct fee *)a)->asset,
			       &((const struct fee *)b)->asset);
}

static void fee_add(struct fee **fees, size_t *n, size_t *cap,
		    const struct zen_asset *a, uint64_t amount)
{
	for (size_t i = 0; i < *n; i++) {
		if (!zen_asset_cmp(&(*fees)[i].asset, a)) {
			(*fees)[i].amount += amount;	/* wraps like 8.5 */
			return;
		}
	}
	ZEN_GROW(*fees, *n + 1, *cap);
	(*fees)[*n].asset = *a;
	(*fees)[*n].amount = amount;
	(*n)++;
}

/* The coinbase of block number paying pk_hash (4.1). */
static void build_coinbase(struct zen_tx *cb, const struct zen_chain_params *p,
			   uint32_t number, const uint8_t pk_hash[ZEN_HASH_LEN],
			   struct fee *fees, size_t n_fees, size_t cap_fees,
			   uint8_t cgp_allocation, uint64_t sacrifice)
{
	struct zen_asset zp;
	uint64_t allocation = zen_block_allocation(number, cgp_allocation);

	memset(&zp, 0, sizeof(zp));
	fee_add(&fees, &n_fees, &cap_fees, &zp,
		zen_block_reward(number, cgp_allocation) + sacrifice);
	zen_qsort(fees, n_fees, sizeof(*fees), fee_cmp);
	cb->version = 0;
	cb->outputs = zen_xcalloc(n_fees + 1, sizeof(*cb->outputs));
	for (size_t i = 0; i < n_fees; i++) {
		struct zen_output *o;

		if (!fees[i].amount)
			continue;
		o = &cb->outputs[cb->n_outputs++];
		zen_output_init(o);
		o->lock.id = ZEN_LOCK_COINBASE;
		o->lock.block_number = number;
		memcpy(o->lock.pk_hash, pk_hash, ZEN_HASH_LEN);
		o->spend.asset = fees[i].asset;
		o->spend.amount = fees[i].amount;
	}
	if (allocation) {
		struct zen_output *o = &cb->outputs[cb->n_outputs++];

		zen_output_init(o);
		o->lock.id = ZEN_LOCK_CONTRACT;
		o->lock.cid = p->cgp_contract_id;
		o->spend.asset = zp;
		o->spend.amount = allocation;
	}
	free(fees);
	zen_tx_finalize(cb);
}

/*
 * May the template take tx, as far as the CGP goes (15.2)?  A transaction
 * with a CGP witness only in a payout block with a winner, paying it
 * exactly, and only one.
 */
static int payout_fits(const struct zen_chain_params *p,
		       const struct zen_cgp_state *next, uint32_t number,
		       const struct zen_tx *tx, int taken)
{
	for (size_t j = 0; j < tx->n_witnesses; j++) {
		const struct zen_witness *w = &tx->witnesses[j];

		if (!zen_witness_runs(w, &p->cgp_contract_id))
			continue;
		return !taken && next->has_payout &&
		       zen_cgp_is_payout_block(p, number) && w->body &&
		       !zen_cgp_check_payout_body(w->body, &next->payout, NULL);
	}
	return 1;
}

int zen_chain_template(struct zen_chainstate *chain, struct zen_block *block,
		       const uint8_t pk_hash[ZEN_HASH_LEN], struct zen_err *err)
{
	const struct zen_chain_params *p = chain->params;
	struct zen_store_txn *r = NULL;
	struct zen_store_cursor *c = NULL;
	struct zen_block_info tip;
	struct cand *cands = NULL;
	size_t n = 0, cap = 0, n_sel = 0, n_fees = 0, cap_fees = 0;
	size_t *sel = NULL;
	struct fee *fees = NULL;
	struct chain_ovl ovl;
	struct zen_utxo_view view;
	struct chain_view cv;
	struct zen_tx_context ctx;
	struct zen_acs_view acs;
	struct chain_acs ca;
	struct zen_contract_delta contracts, delta;
	struct zen_slice v;
	struct zen_cgp_state next = { 0 };
	uint64_t cum = 0, now = chain_now(chain), earliest, sacrifice;
	uint8_t acs_root[ZEN_HASH_LEN];
	int rc, changed, payout_taken = 0;

	chain_ovl_init(&ovl);
	zen_contract_delta_init(&contracts);
	zen_contract_delta_init(&delta);
	zen_block_release(block);
	zen_block_init(block);
	if ((rc = zen_store_begin(chain->store, NULL, 0, &r, err)))
		return rc;
	rc = chain_tip_get(r, &tip, err);
	if (rc == ZEN_ENOTFOUND)
		rc = zen_fail(err, ZEN_ENOTFOUND, "No tip");
	if (!rc)
		rc = chain_cgp_after(r, &tip, &next, err) ?:
		     chain_cgp_for_block(p, r, tip.header.block_number + 1,
					 &next, err);
	if (rc)
		goto out;

	/* 2: the mempool in order, with weights. */
	chain_view_init(&view, &cv, r, NULL, 2);
	if ((rc = zen_store_cursor_open(r, ZEN_DB_MEMPOOL, &c, err)))
		goto out;
	rc = zen_store_cursor_seek(c, ZEN_SEEK_FIRST, NULL, 0, NULL, &v, err);
	while (!rc) {
		ZEN_GROW(cands, n + 1, cap);
		zen_tx_init(&cands[n].tx);
		cands[n].order = n;
		cands[n].done = 0;
		if (v.len > ZEN_HASH_LEN &&
		    !zen_tx_decode(&cands[n].tx, v.p + ZEN_HASH_LEN,
				   v.len - ZEN_HASH_LEN, NULL) &&
		    cand_weight(&cands[n], &view))
			n++;
		else
			zen_tx_release(&cands[n].tx);
		rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0, NULL, &v,
					   err);
	}
	zen_store_cursor_close(c);
	if (rc != ZEN_ENOTFOUND)
		goto out;
	if (cv.failed) {
		rc = zen_fail(err, cv.err.code, "%s", cv.err.msg);
		goto out;
	}
	rc = 0;

	/* 4, 5: by weight, greedy, against the template's own state. */
	if (n)
		zen_qsort(cands, n, sizeof(*cands), cand_cmp);
	sel = zen_xcalloc(n + 1, sizeof(*sel));
	chain_view_init(&view, &cv, r, &ovl, 0);
	chain_acs_init(&acs, &ca, chain, r, &contracts, 0);
	/* contracts see the header's timestamp (1.7), so fix it first */
	earliest = zen_ema_earliest(&tip.ema);
	ctx.params = p;
	ctx.block_number = tip.header.block_number + 1;
	ctx.timestamp = now > earliest + 1 ? now : earliest + 1;
	ctx.acs = &acs;
	ctx.delta = &delta;
	do {
		changed = 0;
		for (size_t i = 0; i < n; i++) {
			struct cand *k = &cands[i];
			struct zen_output *in;
			struct zen_sig_batch batch;
			enum zen_tx_verdict verdict = ZEN_TX_VALID;
			int vr, payout = zen_tx_is_cgp_payout(p, &k->tx);

			if (k->done)
				continue;
			if (!payout_fits(p, &next, ctx.block_number, &k->tx,
					 payout_taken)) {
				k->done = 1;
				continue;
			}
			/* the payout is exempt from the weight limit */
			if (!payout && cum + k->weight > p->max_block_weight)
				continue;
			in = zen_xcalloc(k->tx.n_inputs ? k->tx.n_inputs : 1,
					 sizeof(*in));
			for (size_t j = 0; j < k->tx.n_inputs; j++)
				zen_output_init(&in[j]);
			/* signatures were verified at mempool admission */
			zen_sig_batch_init(&batch);
			vr = zen_tx_validate_context(&verdict, in, &ctx, &view,
						     &k->tx, &batch, NULL);
			zen_sig_batch_release(&batch);
			for (size_t j = 0; j < k->tx.n_inputs; j++)
				zen_output_release(&in[j]);
			free(in);
			if (cv.failed) {
				rc = zen_fail(err, cv.err.code, "%s",
					      cv.err.msg);
				goto out;
			}
			if (vr && (verdict == ZEN_TX_ORPHAN ||
				   verdict == ZEN_TX_CONTRACT_NOT_ACTIVE))
				continue;	/* maybe in a later pass */
			k->done = 1;
			if (vr)
				continue;
			chain_ovl_apply(&ovl, &k->tx);
			chain_contracts_merge(&contracts, &delta);
			payout_taken |= payout;
			if (!payout)
				cum += k->weight;
			sel[n_sel++] = i;
			changed = 1;
			for (size_t j = 0; j < k->tx.n_outputs; j++)
				if (k->tx.outputs[j].lock.id == ZEN_LOCK_FEE)
					fee_add(&fees, &n_fees, &cap_fees,
						&k->tx.outputs[j].spend.asset,
						k->tx.outputs[j].spend.amount);
		}
	} while (changed);

	/* 6, 7: coinbase first, then the selection in order; the
	 * contracts' sacrifice and root from the set the selection left. */
	if ((rc = chain_contracts_connect(p, r, &contracts,
					  tip.header.block_number + 1, NULL,
					  &sacrifice, acs_root, err)))
		goto out;
	block->txs = zen_xcalloc(n_sel + 1, sizeof(*block->txs));
	block->n_txs = n_sel + 1;
	zen_tx_init(&block->txs[0]);
	build_coinbase(&block->txs[0], p, tip.header.block_number + 1, pk_hash,
		       fees, n_fees, cap_fees, next.allocation, sacrifice);
	fees = NULL;
	for (size_t i = 0; i < n_sel; i++) {
		block->txs[i + 1] = cands[sel[i]].tx;
		zen_tx_init(&cands[sel[i]].tx);
	}

	/* 8, 9: roots and header. */
	block->commitments = zen_xcalloc(ZEN_BLOCK_MIN_COMMITMENTS,
					 ZEN_HASH_LEN);
	block->n_commitments = ZEN_BLOCK_MIN_COMMITMENTS;
	if ((rc = zen_block_tx_roots(block->commitments[0],
				     block->commitments[1], block, err)))
		goto out;
	memcpy(block->commitments[2], acs_root, ZEN_HASH_LEN);
	block->header.version = 1;
	memcpy(block->header.parent, tip.hash, ZEN_HASH_LEN);
	block->header.block_number = tip.header.block_number + 1;
	zen_commitments_root(block->header.commitments, block->commitments[0],
			     block->commitments[1], acs_root, NULL, 0);
	block->header.timestamp = ctx.timestamp;
	block->header.difficulty = tip.ema.difficulty;
	block->header.nonce[0] = block->header.nonce[1] = 0;
out:
	for (size_t i = 0; i < n; i++)
		zen_tx_release(&cands[i].tx);
	free(cands);
	free(sel);
	free(fees);
	chain_ovl_release(&ovl);
	zen_contract_delta_release(&contracts);
	zen_contract_delta_release(&delta);
	zen_cgp_state_release(&next);
	zen_store_abort(r);
	if (rc) {
		zen_block_release(block);
		zen_block_init(block);
	}
	return rc;
}
