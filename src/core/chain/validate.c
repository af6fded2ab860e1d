/*
 * validate.c - the stateless rules: transactions (protocol.md 8.1),
 * coinbase (8.2), blocks (8.4) and the coinbase amounts of block
 * connection (8.5 step 6, cgp-and-chain.md 4.2).  Rejection texts are the
 * reference's, verbatim.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/chain/validate-int.h"
#include "core/consensus/consensus.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"

int zen_validate_general(struct zen_err *err, const char *fmt, ...)
{
	char text[ZEN_ERR_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return zen_fail(err, ZEN_EREFUSED, "General \"%s\"", text);
}

/* ---- per-asset totals ---- */

void zen_totals_release(struct zen_totals *t)
{
	free(t->s);
	t->s = NULL;
	t->n = t->cap = 0;
}

void zen_totals_add(struct zen_totals *t, const struct zen_spend *s)
{
	ZEN_GROW(t->s, t->n + 1, t->cap);
	t->s[t->n++] = *s;
}

static int spend_asset_cmp(const void *a, const void *b)
{
	return zen_asset_cmp(&((const struct zen_spend *)a)->asset,
			     &((const struct zen_spend *)b)->asset);
}

int zen_totals_merge(struct zen_totals *t, int wrap)
{
	size_t k = 0;

	if (!t->n)
		return 0;
	zen_qsort(t->s, t->n, sizeof(*t->s), spend_asset_cmp);
	for (size_t i = 0; i < t->n; i++) {
		struct zen_spend *last = k ? &t->s[k - 1] : NULL;

		if (!last || zen_asset_cmp(&last->asset, &t->s[i].asset)) {
			t->s[k++] = t->s[i];
			continue;
		}
		if (!wrap && t->s[i].amount > UINT64_MAX - last->amount)
			return 1;
		last->amount += t->s[i].amount;
	}
	t->n = k;
	return 0;
}

int zen_totals_equal(const struct zen_totals *a, const struct zen_totals *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if (a->s[i].amount != b->s[i].amount ||
		    zen_asset_cmp(&a->s[i].asset, &b->s[i].asset))
			return 0;
	return 1;
}

/* 1 when the per-asset sums of the outputs overflow a u64. */
static int outputs_overflow(const struct zen_tx *tx)
{
	struct zen_totals t = ZEN_TOTALS_INIT;
	int over;

	for (size_t i = 0; i < tx->n_outputs; i++)
		zen_totals_add(&t, &tx->outputs[i].spend);
	over = zen_totals_merge(&t, 0);
	zen_totals_release(&t);
	return over;
}

/* ---- 8.1: ordinary transactions, stateless ---- */

static int is_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

/* A valid spend: amount > 0; a zero contract hash means exactly ZP. */
static int spend_valid(const struct zen_spend *s)
{
	if (!s->amount)
		return 0;
	if (is_zero(s->asset.cid.hash, ZEN_HASH_LEN))
		return zen_asset_is_zp(&s->asset);
	return 1;
}

static int contract_valid(const struct zen_contract *c)
{
	if (c->version)
		return c->len > 0;
	return c->code_len && c->hints_len && c->rlimit && c->queries;
}

static int inputs_valid(const struct zen_tx *tx)
{
	if (!tx->n_inputs)
		return 0;
	for (size_t i = 0; i < tx->n_inputs; i++)
		if (tx->inputs[i].kind == ZEN_INPUT_MINT &&
		    !spend_valid(&tx->inputs[i].mint))
			return 0;
	return 1;
}

static int outputs_valid(const struct zen_tx *tx)
{
	if (!tx->n_outputs)
		return 0;
	for (size_t i = 0; i < tx->n_outputs; i++) {
		const struct zen_output *o = &tx->outputs[i];

		if (!spend_valid(&o->spend))
			return 0;
		if (zen_lock_is_highv(o->lock.id) &&
		    (o->lock.id <= ZEN_LOCK_LAST_RESERVED || !o->lock.len))
			return 0;
	}
	return 1;
}

/*
 * The window of a contract witness must lie within the inputs.  The
 * reference compares begin and end = begin + length - 1 (u32 arithmetic)
 * as signed 32-bit values, so begin = 0, length = 0 (end = -1) passes.
 */
static int contract_witness_valid(const struct zen_witness *w,
				  size_t n_inputs)
{
	int32_t last = (int32_t)n_inputs - 1;
	int32_t begin = (int32_t)w->begin_inputs;
	int32_t end = (int32_t)(w->begin_inputs + w->inputs_length - 1u);

	if (!w->cost)
		return 0;
	if (begin > last && w->inputs_length > 0)
		return 0;
	return end <= last;
}

static int witnesses_valid(const struct zen_tx *tx)
{
	if (!tx->n_witnesses)
		return 0;
	for (size_t i = 0; i < tx->n_witnesses; i++) {
		const struct zen_witness *w = &tx->witnesses[i];

		if (w->id == ZEN_WITNESS_PK)
			continue;
		if (w->id == ZEN_WITNESS_CONTRACT) {
			if (!contract_witness_valid(w, tx->n_inputs))
				return 0;
		} else if (w->id <= ZEN_WITNESS_CONTRACT || !w->len) {
			return 0;
		}
	}
	return 1;
}

static int has_lock(const struct zen_tx *tx, uint32_t id)
{
	for (size_t i = 0; i < tx->n_outputs; i++)
		if (tx->outputs[i].lock.id == id)
			return 1;
	return 0;
}

/* Structural order of inputs: kind, then outpoint or mint spend. */
static int input_cmp(const void *pa, const void *pb)
{
	const struct zen_input *a = pa, *b = pb;
	int c;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->kind == ZEN_INPUT_OUTPOINT)
		return zen_outpoint_cmp(&a->outpoint, &b->outpoint);
	c = zen_asset_cmp(&a->mint.asset, &b->mint.asset);
	if (c)
		return c;
	if (a->mint.amount != b->mint.amount)
		return a->mint.amount < b->mint.amount ? -1 : 1;
	return 0;
}

static int inputs_duplicated(const struct zen_tx *tx)
{
	struct zen_input *s;
	int dup = 0;

	if (tx->n_inputs < 2)
		return 0;
	s = zen_xmemdup(tx->inputs, tx->n_inputs * sizeof(*s));
	zen_qsort(s, tx->n_inputs, sizeof(*s), input_cmp);
	for (size_t i = 1; i < tx->n_inputs && !dup; i++)
		dup = !input_cmp(&s[i - 1], &s[i]);
	free(s);
	return dup;
}

static int mints_only(const struct zen_tx *tx)
{
	for (size_t i = 0; i < tx->n_inputs; i++)
		if (tx->inputs[i].kind != ZEN_INPUT_MINT)
			return 0;
	return 1;
}

int zen_tx_validate_basic(const struct zen_tx *tx, struct zen_err *err)
{
	int sacrifice;

	if (tx->version != 0)
		return zen_validate_general(err,
				"unsupported transaction version");
	if (tx->has_contract && !contract_valid(&tx->contract))
		return zen_validate_general(err,
				"structurally invalid contract data");
	if (!inputs_valid(tx))
		return zen_validate_general(err,
				"structurally invalid input(s)");
	if (!outputs_valid(tx))
		return zen_validate_general(err,
				"structurally invalid output(s)");
	if (!witnesses_valid(tx))
		return zen_validate_general(err,
				"structurally invalid witness(es)");
	if (has_lock(tx, ZEN_LOCK_COINBASE))
		return zen_validate_general(err,
			"coinbase lock is not allowed within an ordinary transaction");
	if (outputs_overflow(tx))
		return zen_validate_general(err, "outputs overflow");
	if (inputs_duplicated(tx))
		return zen_validate_general(err, "inputs duplicated");
	if (mints_only(tx))
		return zen_validate_general(err,
				"inputs consist of mints only");
	sacrifice = has_lock(tx, ZEN_LOCK_ACTIVATION_SACRIFICE);
	if (sacrifice && !tx->has_contract)
		return zen_validate_general(err,
			"tx with an activation sacrifice must include a contract");
	if (!sacrifice && tx->has_contract)
		return zen_validate_general(err,
			"tx with a contract must include an activation sacrifice");
	return 0;
}

/* ---- 8.2: the coinbase, stateless ---- */

static int coinbase_locks_valid(const struct zen_tx *tx, uint32_t bn)
{
	for (size_t i = 0; i < tx->n_outputs; i++) {
		const struct zen_lock *l = &tx->outputs[i].lock;

		if (l->id == ZEN_LOCK_CONTRACT)
			continue;
		if (l->id != ZEN_LOCK_COINBASE || l->block_number != bn)
			return 0;
	}
	return 1;
}

int zen_coinbase_validate_basic(const struct zen_tx *tx, uint32_t block_number,
				struct zen_err *err)
{
	if (!tx->n_outputs)
		return zen_validate_general(err, "outputs empty");
	for (size_t i = 0; i < tx->n_outputs; i++)
		if (!tx->outputs[i].spend.amount)
			return zen_validate_general(err, "outputs invalid");
	if (tx->n_inputs)
		return zen_validate_general(err,
			"coinbase transaction must not have any inputs");
	if (tx->n_witnesses)
		return zen_validate_general(err,
			"coinbase transaction must not have any witnesses");
	if (!coinbase_locks_valid(tx, block_number))
		return zen_validate_general(err,
			"within coinbase transaction all outputs must use coinbase or contract lock");
	if (tx->has_contract)
		return zen_validate_general(err,
			"coinbase transaction cannot activate a contract");
	if (outputs_overflow(tx))
		return zen_validate_general(err, "outputs overflow");
	return 0;
}

/* ---- 8.4: blocks, stateless ---- */

int zen_block_is_genesis(const struct zen_chain_params *params,
			 const struct zen_header *header)
{
	uint8_t h[ZEN_HASH_LEN], hh[ZEN_HASH_LEN];

	zen_header_hash(h, header);
	zen_sha3(hh, h, sizeof(h));
	return !memcmp(hh, params->genesis_hash_hash, ZEN_HASH_LEN);
}

static int pow_ok(const struct zen_chain_params *params,
		  const struct zen_header *header)
{
	uint8_t h[ZEN_HASH_LEN];

	zen_header_hash(h, header);
	return zen_pow_valid(h, header->difficulty, params->pow_limit);
}

static int block_txs_basic(const struct zen_block *block, struct zen_err *err)
{
	struct zen_err why = ZEN_ERR_INIT;
	char hex[2 * ZEN_HASH_LEN + 1];

	if (zen_coinbase_validate_basic(&block->txs[0],
					block->header.block_number, &why))
		return zen_fail(err, ZEN_EREFUSED,
				"Block failed coinbase validation due to %s",
				why.msg);
	for (size_t i = 1; i < block->n_txs; i++) {
		if (!zen_tx_validate_basic(&block->txs[i], &why))
			continue;
		zen_hex_encode_to(hex, block->txs[i].tx_hash, ZEN_HASH_LEN);
		return zen_fail(err, ZEN_EREFUSED,
				"transaction %s failed validation due to %s",
				hex, why.msg);
	}
	return 0;
}

static int commitments_match(const struct zen_block *block)
{
	uint8_t tx_root[ZEN_HASH_LEN], wit_root[ZEN_HASH_LEN];
	uint8_t root[ZEN_HASH_LEN];

	if (block->n_commitments < 2 ||
	    zen_block_tx_roots(tx_root, wit_root, block, NULL))
		return 0;
	if (memcmp(tx_root, block->commitments[0], ZEN_HASH_LEN) ||
	    memcmp(wit_root, block->commitments[1], ZEN_HASH_LEN))
		return 0;
	zen_block_commitments_root(root, block);
	return !memcmp(root, block->header.commitments, ZEN_HASH_LEN);
}

int zen_block_validate_basic(const struct zen_chain_params *params,
			     const struct zen_block *block,
			     struct zen_err *err)
{
	int genesis;

	if (!block->n_txs)
		return zen_fail(err, ZEN_EREFUSED, "transactions is empty");
	genesis = zen_block_is_genesis(params, &block->header);
	if (!genesis && !pow_ok(params, &block->header))
		return zen_fail(err, ZEN_EREFUSED, "proof of work failed");
	if (!genesis && block_txs_basic(block, err))
		return ZEN_EREFUSED;
	if (!commitments_match(block))
		return zen_fail(err, ZEN_EREFUSED, "commitments mismatch");
	return 0;
}

/* ---- 8.5 step 6: coinbase amounts ---- */

int zen_witness_runs(const struct zen_witness *w,
		     const struct zen_contract_id *cid)
{
	return w->id == ZEN_WITNESS_CONTRACT && w->cid.version == cid->version &&
	       !memcmp(w->cid.hash, cid->hash, ZEN_HASH_LEN);
}

int zen_tx_is_cgp_payout(const struct zen_chain_params *params,
			 const struct zen_tx *tx)
{
	for (size_t i = 0; i < tx->n_witnesses; i++)
		if (zen_witness_runs(&tx->witnesses[i],
				     &params->cgp_contract_id))
			return 1;
	return 0;
}

static int is_cgp(const struct zen_chain_params *params,
		  const struct zen_lock *l)
{
	return l->id == ZEN_LOCK_CONTRACT &&
	       l->cid.version == params->cgp_contract_id.version &&
	       !memcmp(l->cid.hash, params->cgp_contract_id.hash,
		       ZEN_HASH_LEN);
}

/* The expected coinbase totals: block fees, ZP plus sacrifice and reward. */
static void expected_totals(struct zen_totals *t, const struct zen_block *b,
			    uint64_t block_sacrifice)
{
	struct zen_spend zp;

	for (size_t i = 1; i < b->n_txs; i++)
		for (size_t j = 0; j < b->txs[i].n_outputs; j++)
			if (b->txs[i].outputs[j].lock.id == ZEN_LOCK_FEE)
				zen_totals_add(t, &b->txs[i].outputs[j].spend);
	memset(&zp, 0, sizeof(zp));
	zp.amount = block_sacrifice +
		    zen_block_total_reward(b->header.block_number);
	zen_totals_add(t, &zp);
	zen_totals_merge(t, 1);
}

/* Sum (wrapping) of the ZP the coinbase locks to the CGP contract. */
static uint64_t cgp_zp(const struct zen_chain_params *params,
		       const struct zen_tx *cb)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < cb->n_outputs; i++)
		if (is_cgp(params, &cb->outputs[i].lock) &&
		    zen_asset_is_zp(&cb->outputs[i].spend.asset))
			sum += cb->outputs[i].spend.amount;
	return sum;
}

static int cgp_locks_only(const struct zen_chain_params *params,
			  const struct zen_tx *cb)
{
	for (size_t i = 0; i < cb->n_outputs; i++)
		if (cb->outputs[i].lock.id == ZEN_LOCK_CONTRACT &&
		    !is_cgp(params, &cb->outputs[i].lock))
			return 0;
	return 1;
}

int zen_coinbase_validate_amounts(const struct zen_chain_params *params,
				  const struct zen_block *block,
				  uint64_t block_sacrifice, uint8_t allocation,
				  struct zen_err *err)
{
	struct zen_totals got = ZEN_TOTALS_INIT, want = ZEN_TOTALS_INIT;
	const struct zen_tx *cb;
	uint32_t bn = block->header.block_number;
	int ret = 0;

	if (!block->n_txs)
		return zen_fail(err, ZEN_EREFUSED, "transactions is empty");
	cb = &block->txs[0];
	for (size_t i = 0; i < cb->n_outputs; i++)
		zen_totals_add(&got, &cb->outputs[i].spend);
	zen_totals_merge(&got, 1);
	expected_totals(&want, block, block_sacrifice);
	if (!zen_totals_equal(&got, &want))
		ret = zen_fail(err, ZEN_EREFUSED, "block reward is incorrect");
	else if (!cgp_locks_only(params, cb))
		ret = zen_fail(err, ZEN_EREFUSED,
			       "reward to cgp contract in invalid");
	else if (cgp_zp(params, cb) != zen_block_allocation(bn, allocation))
		ret = zen_fail(err, ZEN_EREFUSED,
			       "reward is not divided correctly");
	zen_totals_release(&got);
	zen_totals_release(&want);
	return ret;
}
